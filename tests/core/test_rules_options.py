"""The options shared by every variant and Schwimmen's options: their values and validation (RULES.md §7, §9).

Behaviour is tested elsewhere (``test_options_rules.py``, ``test_schwimmen_rules.py``); here only what
``Rules`` accepts, refuses and why.
"""

from __future__ import annotations

from typing import Any

import pytest

from commerce_rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    TRENTUNO,
    Mechanism,
    Ranking,
    Rules,
    RulesError,
    Scoring,
    StallEffect,
)
from commerce_rules.core.rules import PART_OPTIONS

EXISTING = [FOSTER, CRP, POUNCE, TRENTUNO, EXTENDED, HOYLE]
IDS = ["FOSTER", "CRP", "POUNCE", "TRENTUNO", "EXTENDED", "HOYLE"]
NEW_OPTIONS = {
    "deck_size": 52,
    "deal_limit": None,
    "free_ride": False,
    "exchange_all": False,
    "dealer_choice": False,
    "stall_effect": StallEffect.SHOWDOWN,
    "blitz": False,
    "blitz_all_lose": False,
    "feuer": False,
}
BOOLEANS = ["free_ride", "exchange_all", "dealer_choice", "blitz", "blitz_all_lose", "feuer"]
SCHWIMMEN_LIKE = TRENTUNO.replace(deck_size=32, stall_passes=1, dealer_choice=True)
"""Widow, lives and the Trentuno ranking: where every Schwimmen option applies."""


@pytest.mark.parametrize("rules", EXISTING, ids=IDS)
def test_the_new_options_keep_every_existing_preset_as_it_was(rules: Rules) -> None:
    for name, default in NEW_OPTIONS.items():
        if name != "deck_size":
            assert getattr(rules, name) == default, name
    assert rules.deck_size == (40 if rules is TRENTUNO else 52)


def test_9_deal_limit_is_none_or_a_whole_number_from_1() -> None:
    for rules in EXISTING:
        assert rules.replace(deal_limit=1).deal_limit == 1
        assert rules.replace(deal_limit=7).replace(deal_limit=None).deal_limit is None
    for bad in (0, -1):
        with pytest.raises(RulesError, match="deal_limit must be None or from 1"):
            CRP.replace(deal_limit=bad)
    for wrong in (True, 1.5, "3"):
        with pytest.raises(RulesError, match="deal_limit must be None or a whole number"):
            CRP.replace(deal_limit=wrong)


@pytest.mark.parametrize("rules", [CRP, HOYLE, TRENTUNO], ids=["CRP", "HOYLE", "TRENTUNO"])
def test_9_free_ride_applies_with_lives_and_pool(rules: Rules) -> None:
    assert rules.replace(free_ride=True).free_ride is True


@pytest.mark.parametrize("rules", [FOSTER, Rules(mechanism="widow"), Rules(mechanism="rounds")])
def test_9_free_ride_is_refused_with_a_ledger(rules: Rules) -> None:
    with pytest.raises(RulesError, match="free_ride needs lives or counters to lose: a ledger has nobody to swim"):
        rules.replace(free_ride=True)


@pytest.mark.parametrize("name", BOOLEANS)
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_the_new_true_or_false_options_take_only_true_or_false(name: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"{name} must be True or False"):
        SCHWIMMEN_LIKE.replace(**{name: value})


def test_stall_effect_takes_its_strings_or_an_enum_with_those_values() -> None:
    assert CRP.replace(stall_effect="new_widow").stall_effect is StallEffect.NEW_WIDOW
    assert CRP.replace(stall_effect=StallEffect.SHOWDOWN) == CRP
    assert StallEffect.NEW_WIDOW == "new_widow"  # type: ignore[comparison-overlap]  # a str enum

    import enum

    class Theirs(enum.Enum):
        NEW = "new_widow"

    assert CRP.replace(stall_effect=Theirs.NEW).stall_effect is StallEffect.NEW_WIDOW
    for bad in ("New_widow", "knock", 1, None):
        with pytest.raises(RulesError, match="StallEffect must be one of 'showdown', 'new_widow'"):
            CRP.replace(stall_effect=bad)


@pytest.mark.parametrize(
    ("name", "value"),
    [("exchange_all", True), ("dealer_choice", True), ("stall_effect", "new_widow")],
)
@pytest.mark.parametrize("rules", [FOSTER, HOYLE], ids=["FOSTER", "HOYLE"])
def test_schwimmens_mechanism_options_apply_only_to_the_widow_mechanism(rules: Rules, name: str, value: Any) -> None:
    with pytest.raises(RulesError, match=f"{name} applies only with mechanism widow, not {rules.mechanism.value}"):
        rules.replace(**{name: value})
    expected = StallEffect(value) if name == "stall_effect" else value
    assert getattr(CRP.replace(**{name: value}), name) == expected


@pytest.mark.parametrize("rules", [CRP, EXTENDED, Rules(mechanism="widow")], ids=["CRP", "EXTENDED", "widow-foster"])
def test_blitz_needs_the_trentuno_ranking(rules: Rules) -> None:
    with pytest.raises(RulesError, match="blitz needs the trentuno ranking: it ends a deal at 31"):
        rules.replace(blitz=True)


def test_blitz_needs_a_mechanism_that_declares_it() -> None:
    with pytest.raises(RulesError, match="blitz applies only with mechanism widow or draw_discard, not rounds"):
        HOYLE.replace(ranking="trentuno", blitz=True)
    assert SCHWIMMEN_LIKE.replace(blitz=True).blitz is True


def test_blitz_in_the_widow_game_needs_no_dealers_choice() -> None:
    rules = TRENTUNO.replace(blitz=True)  # a hand dealt with 31 ends the deal as it is dealt (Rules §7.6, §8.6)
    assert rules.blitz and not rules.dealer_choice


def test_blitz_all_lose_needs_blitz_and_the_lives_scoring() -> None:
    with pytest.raises(RulesError, match="blitz_all_lose needs blitz=True"):
        SCHWIMMEN_LIKE.replace(blitz_all_lose=True)
    assert SCHWIMMEN_LIKE.replace(blitz=True, blitz_all_lose=True).blitz_all_lose is True
    with pytest.raises(RulesError, match="blitz_all_lose applies only with scoring lives, not pool"):
        SCHWIMMEN_LIKE.replace(scoring="pool", blitz=True, blitz_all_lose=True)


@pytest.mark.parametrize("rules", [FOSTER, CRP, EXTENDED, HOYLE], ids=["FOSTER", "CRP", "EXTENDED", "HOYLE"])
def test_feuer_applies_only_to_the_trentuno_ranking(rules: Rules) -> None:
    with pytest.raises(RulesError, match=f"feuer applies only with ranking trentuno, not {rules.ranking.value}"):
        rules.replace(feuer=True)
    assert TRENTUNO.replace(feuer=True, trentuno_suited=False).feuer is True


def test_exchange_all_is_a_whole_turn_so_one_exchange_a_turn() -> None:
    with pytest.raises(RulesError, match="exchange_all needs exchanges_per_turn=1"):
        CRP.replace(exchanges_per_turn=2, exchange_all=True)


def test_every_schwimmen_option_together_is_a_valid_rules() -> None:
    rules = SCHWIMMEN_LIKE.replace(
        feuer=True,
        dealer_choice=True,
        exchange_all=True,
        stall_effect="new_widow",
        blitz=True,
        free_ride=True,
        deal_limit=10,
    )
    assert Rules.from_options(rules.options()) == rules
    assert rules.options()["stall_effect"] == "new_widow"


def test_the_parts_declare_their_own_options() -> None:
    # Each part of each kind has an entry, and an option set at its default never needs its part.
    for kind in (Mechanism, Scoring, Ranking):
        for member in kind:
            assert member in PART_OPTIONS, member
    assert "blitz" in PART_OPTIONS[Mechanism.WIDOW] and "blitz" in PART_OPTIONS[Ranking.TRENTUNO]
    assert "free_ride" not in PART_OPTIONS[Scoring.LEDGER]
