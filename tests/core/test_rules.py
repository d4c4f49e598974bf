"""Rules: the presets, options, validation and round-trips (API.md "Rules and variants", RULES.md §1-§6)."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import commerce_rules
from commerce_rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    TRENTUNO,
    BarterDirection,
    CommerceError,
    Mechanism,
    Ranking,
    Rules,
    RulesError,
    Scoring,
    StallEffect,
)

ALL_PRESETS = list(PRESETS.values())
PRESET_IDS = [name.upper() for name in PRESETS]
OPTION_NAMES = [field.name for field in attrs.fields(Rules)]
"""Every part and option, in the order of ``Rules``' fields: the order ``options()`` writes them in."""
RELEASED_OPTIONS = [
    "mechanism",
    "scoring",
    "ranking",
    "deck_size",
    "ace_low",
    "pounce",
    "exchanges_per_turn",
    "stall_passes",
    "turn_limit",
    "barter_direction",
    "trentuno_suited",
    "starting_lives",
    "stake",
    "prize",
    "horse",
    "deal_limit",
    "free_ride",
    "exchange_all",
    "dealer_choice",
    "stall_effect",
    "blitz",
    "blitz_all_lose",
    "feuer",
    "brag_threes_high",
    "must_exchange",
]
"""The options a version has offered: saved documents and users' code name them, so none is renamed or removed.
A new option need not be added here (every test reads ``OPTION_NAMES``, from the fields)."""


# --- the presets -------------------------------------------------------------


def test_foster_is_the_default_trade_and_barter_with_a_ledger() -> None:
    # RULES.md §1: no widow, buy/barter/knock, a points ledger, Foster's hands.
    assert Rules() == FOSTER
    assert FOSTER.mechanism is Mechanism.TRADE_BARTER
    assert FOSTER.scoring is Scoring.LEDGER
    assert FOSTER.ranking is Ranking.FOSTER
    assert FOSTER.barter_direction is BarterDirection.LEFT
    assert FOSTER.ace_low is True  # §1.6: A-2-3 is the lowest sequence
    assert FOSTER.deck_size == 52
    assert FOSTER.pounce is False
    assert FOSTER.exchanges_per_turn == 1
    assert FOSTER.turn_limit is None
    assert not FOSTER.has_widow
    assert FOSTER.max_hand_size == 3


def test_crp_is_widow_and_lives() -> None:
    # RULES.md §2: a widow of 3, 3 lives each, the classic ranking, stall after 2 passes each.
    assert CRP.mechanism is Mechanism.WIDOW
    assert CRP.scoring is Scoring.LIVES
    assert CRP.ranking is Ranking.CLASSIC
    assert CRP.starting_lives == 3
    assert CRP.ace_low is False  # §2.5: A-2-3 is a house rule, off by default
    assert CRP.exchanges_per_turn == 1
    assert CRP.stall_passes == 2
    assert CRP.turn_limit is None
    assert CRP.pounce is False
    assert CRP.deck_size == 52
    assert CRP.has_widow
    assert CRP.max_hand_size == 3


def test_pounce_is_crp_with_the_pounce() -> None:
    # RULES.md §3
    assert POUNCE == CRP.replace(pounce=True)
    assert POUNCE.pounce is True
    assert POUNCE.max_hand_size == 4
    assert (POUNCE.mechanism, POUNCE.scoring, POUNCE.ranking) == (Mechanism.WIDOW, Scoring.LIVES, Ranking.CLASSIC)


def test_trentuno_is_widow_and_lives_on_40_cards_counting_to_31() -> None:
    # RULES.md §4
    assert TRENTUNO.deck_size == 40
    assert TRENTUNO.ranking is Ranking.TRENTUNO
    assert TRENTUNO.trentuno_suited is True
    assert (TRENTUNO.mechanism, TRENTUNO.scoring) == (Mechanism.WIDOW, Scoring.LIVES)
    assert TRENTUNO.starting_lives == 3
    assert TRENTUNO == CRP.replace(ranking=Ranking.TRENTUNO, deck_size=40)


def test_extended_stalls_after_one_pass_each() -> None:
    # RULES.md §5
    assert EXTENDED.ranking is Ranking.EXTENDED
    assert EXTENDED.stall_passes == 1
    assert (EXTENDED.mechanism, EXTENDED.scoring) == (Mechanism.WIDOW, Scoring.LIVES)
    assert EXTENDED.deck_size == 52
    assert EXTENDED == CRP.replace(ranking=Ranking.EXTENDED, stall_passes=1)


def test_hoyle_is_rounds_with_a_pool_stake_3_prize_1_and_the_horse() -> None:
    # RULES.md §6
    assert HOYLE.mechanism is Mechanism.ROUNDS
    assert HOYLE.scoring is Scoring.POOL
    assert HOYLE.ranking is Ranking.HOYLE
    assert HOYLE.stake == 3
    assert HOYLE.prize == 1
    assert HOYLE.horse is True
    assert HOYLE.starting_lives == 3
    assert HOYLE.ace_low is True  # §6.7: A-2-3 the lowest sequence
    assert HOYLE.exchanges_per_turn == 3  # §6.5: exchange 1, 2 or 3 cards a turn
    assert HOYLE.pounce is False
    assert HOYLE.has_widow
    assert HOYLE.deck_size == 52


def test_presets_are_named_by_their_command_line_names() -> None:
    # Each preset's key is its constant's name in lower case, and every preset constant the package exports is one.
    for name, rules in PRESETS.items():
        constant = name.upper()
        assert getattr(commerce_rules, constant, None) is rules, f"commerce_rules exports no {constant} for PRESETS[{name!r}]"
        assert constant in commerce_rules.__all__, constant
    exported = {name for name in commerce_rules.__all__ if isinstance(getattr(commerce_rules, name), Rules)}
    assert exported == {name.upper() for name in PRESETS}, "a Rules value exported that PRESETS does not hold"
    assert list(PRESETS)[0] == "foster" and PRESETS["crp"] is CRP


def test_presets_are_distinct_variants() -> None:
    assert len(set(ALL_PRESETS)) == len(ALL_PRESETS)


def test_contract_option_names_exist_on_every_preset() -> None:
    gone = [name for name in RELEASED_OPTIONS if name not in OPTION_NAMES]
    assert not gone, f"options renamed or removed: {gone} (saved documents and users' code name them)"
    assert [name for name in OPTION_NAMES if name in RELEASED_OPTIONS] == RELEASED_OPTIONS, "options reordered"
    for rules in ALL_PRESETS:
        for name in OPTION_NAMES:
            assert hasattr(rules, name), name


# --- replace -----------------------------------------------------------------


def test_replace_returns_a_new_value_with_the_options_changed() -> None:
    rules = CRP.replace(starting_lives=5, ace_low=True)
    assert isinstance(rules, Rules)
    assert rules.starting_lives == 5
    assert rules.ace_low is True
    assert rules.mechanism is CRP.mechanism
    assert rules != CRP


def test_replace_never_mutates_the_original() -> None:
    before = CRP.options()
    CRP.replace(starting_lives=5, ace_low=True, exchanges_per_turn=3, turn_limit=50)
    assert CRP.options() == before
    assert CRP.starting_lives == 3


def test_a_failed_replace_leaves_the_original_unchanged() -> None:
    before = CRP.options()
    with pytest.raises(RulesError):
        CRP.replace(starting_lives=5, exchanges_per_turn=4)
    assert CRP.options() == before


def test_replace_with_no_options_gives_an_equal_value() -> None:
    for rules in ALL_PRESETS:
        assert rules.replace() == rules


def test_replace_validates_the_whole_new_combination() -> None:
    # One call may change a part and its options together...
    rules = FOSTER.replace(mechanism="widow", scoring="lives", ranking="classic", exchanges_per_turn=2)
    assert rules.mechanism is Mechanism.WIDOW
    assert rules.exchanges_per_turn == 2
    # ... but each step of a chain must be valid on its own.
    with pytest.raises(RulesError):
        FOSTER.replace(exchanges_per_turn=2)


def test_parts_accept_their_enum_or_its_string() -> None:
    assert FOSTER.replace(mechanism="widow") == FOSTER.replace(mechanism=Mechanism.WIDOW)
    assert CRP.replace(scoring="pool") == CRP.replace(scoring=Scoring.POOL)
    assert CRP.replace(ranking="extended").ranking is Ranking.EXTENDED


@pytest.mark.parametrize(
    ("name", "value"),
    [("mechanism", "bridge"), ("scoring", "chips"), ("ranking", "poker"), ("mechanism", 3), ("ranking", None)],
)
def test_an_unknown_part_raises_rules_error_listing_the_choices(name: str, value: object) -> None:
    with pytest.raises(RulesError) as raised:
        CRP.replace(**{name: value})
    assert repr(value) in str(raised.value)


@pytest.mark.parametrize("name", ["lives", "starting_live", "colour", "pounce_allowed", "Stake"])
def test_an_unknown_option_raises_rules_error_naming_it(name: str) -> None:
    with pytest.raises(RulesError) as raised:
        CRP.replace(**{name: 1})
    assert repr(name) in str(raised.value)


def test_rules_error_is_a_commerce_error_and_a_value_error() -> None:
    assert issubclass(RulesError, CommerceError)
    assert issubclass(RulesError, ValueError)
    with pytest.raises(ValueError):
        CRP.replace(starting_lives=0)


# --- impossible combinations -------------------------------------------------


@pytest.mark.parametrize("rules", [FOSTER, HOYLE], ids=["FOSTER", "HOYLE"])
def test_a_pounce_needs_the_widow_mechanism(rules: Rules) -> None:
    with pytest.raises(RulesError, match="pounce"):
        rules.replace(pounce=True)


def test_a_pounce_is_lost_when_the_widow_is_replaced_by_trade_and_barter() -> None:
    with pytest.raises(RulesError, match="pounce"):
        POUNCE.replace(mechanism="trade_barter")


@pytest.mark.parametrize("count", [0, 4, -1, 10])
def test_exchanges_per_turn_is_1_to_3(count: int) -> None:
    with pytest.raises(RulesError, match="exchanges_per_turn"):
        CRP.replace(exchanges_per_turn=count)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_exchanges_per_turn_1_to_3_is_allowed_with_a_widow(count: int) -> None:
    assert CRP.replace(exchanges_per_turn=count).exchanges_per_turn == count
    assert HOYLE.replace(exchanges_per_turn=count).exchanges_per_turn == count


@pytest.mark.parametrize("count", [2, 3])
def test_trade_and_barter_has_one_exchange_a_turn(count: int) -> None:
    with pytest.raises(RulesError, match="exchanges_per_turn"):
        FOSTER.replace(exchanges_per_turn=count)


@pytest.mark.parametrize("lives", [0, -3])
@pytest.mark.parametrize("rules", [CRP, HOYLE], ids=["CRP", "HOYLE"])
def test_starting_lives_is_at_least_1(rules: Rules, lives: int) -> None:
    with pytest.raises(RulesError, match="starting_lives"):
        rules.replace(starting_lives=lives)


def test_starting_lives_of_five_is_a_common_choice() -> None:
    assert CRP.replace(starting_lives=5).starting_lives == 5
    assert HOYLE.replace(starting_lives=5).starting_lives == 5


def test_lives_are_no_option_of_a_ledger() -> None:
    with pytest.raises(RulesError, match="starting_lives"):
        FOSTER.replace(starting_lives=5)


@pytest.mark.parametrize(("name", "value"), [("stake", 5), ("prize", 2), ("horse", False)])
@pytest.mark.parametrize("rules", [FOSTER, CRP, TRENTUNO], ids=["FOSTER", "CRP", "TRENTUNO"])
def test_a_pool_option_is_an_error_without_the_pool(rules: Rules, name: str, value: object) -> None:
    with pytest.raises(RulesError, match=name):
        rules.replace(**{name: value})


@pytest.mark.parametrize(("name", "value"), [("stake", 6), ("prize", 2), ("horse", False)])
def test_pool_options_change_with_the_pool(name: str, value: object) -> None:
    assert getattr(HOYLE.replace(**{name: value}), name) == value


@pytest.mark.parametrize(("name", "value"), [("stake", 0), ("prize", 0), ("stake", -1)])
def test_stake_and_prize_are_at_least_1(name: str, value: int) -> None:
    with pytest.raises(RulesError, match=name):
        HOYLE.replace(**{name: value})


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=PRESET_IDS)
@pytest.mark.parametrize("size", [52, 40, 32])
def test_9_deck_size_every_ranking_plays_on_52_40_and_32_cards(rules: Rules, size: int) -> None:
    assert rules.replace(deck_size=size).deck_size == size


@pytest.mark.parametrize("size", [36, 41, 51, 53, 0, 31, 33])
def test_9_deck_size_a_deck_is_52_40_or_32_cards(size: int) -> None:
    with pytest.raises(RulesError, match="deck_size"):
        TRENTUNO.replace(deck_size=size)


@pytest.mark.parametrize("limit", [0, -1])
def test_turn_limit_is_at_least_1(limit: int) -> None:
    with pytest.raises(RulesError, match="turn_limit"):
        CRP.replace(turn_limit=limit)


@pytest.mark.parametrize("limit", [True, 1.5, "10"])
def test_turn_limit_is_none_or_a_whole_number(limit: object) -> None:
    with pytest.raises(RulesError, match="turn_limit"):
        CRP.replace(turn_limit=limit)


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=PRESET_IDS)
def test_turn_limit_applies_to_every_mechanism(rules: Rules) -> None:
    assert rules.replace(turn_limit=1).turn_limit == 1
    assert rules.replace(turn_limit=200).replace(turn_limit=None).turn_limit is None


@pytest.mark.parametrize("count", [0, -2])
def test_stall_passes_is_at_least_1(count: int) -> None:
    with pytest.raises(RulesError, match="stall_passes"):
        CRP.replace(stall_passes=count)


@pytest.mark.parametrize("rules", [FOSTER, HOYLE], ids=["FOSTER", "HOYLE"])
def test_stall_passes_applies_only_to_the_widow_mechanism(rules: Rules) -> None:
    with pytest.raises(RulesError, match="stall_passes"):
        rules.replace(stall_passes=3)


def test_trentuno_suited_applies_only_to_the_trentuno_ranking() -> None:
    assert TRENTUNO.replace(trentuno_suited=False).trentuno_suited is False
    with pytest.raises(RulesError, match="trentuno_suited"):
        CRP.replace(trentuno_suited=False)


@pytest.mark.parametrize("name", ["ace_low", "pounce", "trentuno_suited", "horse"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_a_bool_option_takes_only_true_or_false(name: str, value: object) -> None:
    base = {"pounce": CRP, "trentuno_suited": TRENTUNO, "horse": HOYLE}.get(name, CRP)
    with pytest.raises(RulesError, match=name):
        base.replace(**{name: value})


@pytest.mark.parametrize("name", ["deck_size", "exchanges_per_turn", "stall_passes", "starting_lives", "stake", "prize"])
@pytest.mark.parametrize("value", [True, 2.0, "3", None])
def test_a_number_option_takes_only_a_whole_number(name: str, value: object) -> None:
    base = HOYLE if name in ("stake", "prize") else CRP
    with pytest.raises(RulesError, match=name):
        base.replace(**{name: value})


# --- barter direction --------------------------------------------------------


def test_barter_direction_accepts_left_and_right_strings_and_the_enum() -> None:
    assert FOSTER.replace(barter_direction="left").barter_direction is BarterDirection.LEFT
    assert FOSTER.replace(barter_direction="right").barter_direction is BarterDirection.RIGHT
    assert FOSTER.replace(barter_direction=BarterDirection.RIGHT) == FOSTER.replace(barter_direction="right")
    assert BarterDirection.LEFT.value == "left"
    assert BarterDirection.RIGHT.value == "right"
    assert BarterDirection.RIGHT == "right"  # type: ignore[comparison-overlap]  # a str enum: equal to its value


@pytest.mark.parametrize("value", ["up", "LEFT", "Right", 1, None])
def test_barter_direction_is_left_or_right(value: object) -> None:
    with pytest.raises(RulesError, match="left"):
        FOSTER.replace(barter_direction=value)


def test_barter_direction_applies_only_to_trade_and_barter() -> None:
    with pytest.raises(RulesError, match="barter_direction"):
        CRP.replace(barter_direction="right")


# --- values ------------------------------------------------------------------


def test_rules_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CRP.starting_lives = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        CRP.starting_lives = 5  # type: ignore[misc]
    assert CRP.starting_lives == 3


def test_rules_are_hashable_and_equal_by_value() -> None:
    a = CRP.replace(starting_lives=5)
    b = CRP.replace(starting_lives=5)
    assert a == b
    assert a is not b
    assert hash(a) == hash(b)
    assert len({a, b, CRP}) == 2
    assert {CRP: "crp"}[Rules.from_options(CRP.options())] == "crp"


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=PRESET_IDS)
def test_rules_survive_pickling(rules: Rules) -> None:
    assert pickle.loads(pickle.dumps(rules)) == rules


# --- options() and from_options ---------------------------------------------


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=PRESET_IDS)
def test_options_round_trip_for_every_preset(rules: Rules) -> None:
    assert Rules.from_options(rules.options()) == rules


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=PRESET_IDS)
def test_options_are_plain_json_values(rules: Rules) -> None:
    options = rules.options()
    assert list(options) == OPTION_NAMES
    assert json.loads(json.dumps(options)) == options
    assert Rules.from_options(json.loads(json.dumps(options))) == rules
    for value in options.values():
        assert type(value) in (str, int, bool, type(None))


def test_options_give_parts_and_directions_as_strings() -> None:
    options = FOSTER.replace(barter_direction="right").options()
    assert options["mechanism"] == "trade_barter"
    assert options["scoring"] == "ledger"
    assert options["ranking"] == "foster"
    assert options["barter_direction"] == "right"


def test_from_options_fills_the_defaults() -> None:
    assert Rules.from_options({}) == FOSTER
    assert Rules.from_options({"mechanism": "widow", "scoring": "lives", "ranking": "classic", "ace_low": False}) == CRP


def test_from_options_rejects_unknown_names_and_non_mappings() -> None:
    with pytest.raises(RulesError, match="'lives'"):
        Rules.from_options({"lives": 3})
    with pytest.raises(RulesError):
        Rules.from_options([("stake", 3)])  # type: ignore[arg-type]


@st.composite
def valid_rules(draw: st.DrawFn) -> Rules:
    """Any playable combination, built from the default with replace()."""
    mechanism = draw(st.sampled_from(Mechanism))
    scoring = draw(st.sampled_from(Scoring))
    ranking = draw(st.sampled_from(Ranking))
    options: dict[str, Any] = {"mechanism": mechanism, "scoring": scoring, "ranking": ranking}
    options["ace_low"] = draw(st.booleans())
    options["turn_limit"] = draw(st.none() | st.integers(1, 500))
    options["deck_size"] = draw(st.sampled_from([52, 40, 32]))
    options["deal_limit"] = draw(st.none() | st.integers(1, 50))
    if ranking is Ranking.TRENTUNO:
        options["trentuno_suited"] = draw(st.booleans())
        options["feuer"] = draw(st.booleans())
    if ranking is Ranking.BRAG:
        options["brag_threes_high"] = draw(st.booleans())
    if mechanism is Mechanism.TRADE_BARTER:
        options["barter_direction"] = draw(st.sampled_from(["left", "right", *BarterDirection]))
    elif mechanism is Mechanism.DRAW_DISCARD:
        options["exchanges_per_turn"] = 1  # a turn is one draw and one discard
        if ranking is Ranking.TRENTUNO:
            options["blitz"] = draw(st.booleans())
            if scoring is Scoring.LIVES and options["blitz"]:
                options["blitz_all_lose"] = draw(st.booleans())
    else:
        options["exchanges_per_turn"] = draw(st.integers(1, 3))
    if mechanism is Mechanism.WIDOW:
        options["stall_passes"] = draw(st.integers(1, 6))
        options["pounce"] = draw(st.booleans()) if ranking is not Ranking.BRAG else False  # Brag has no quad
        options["dealer_choice"] = draw(st.booleans())
        options["stall_effect"] = draw(st.sampled_from(["showdown", "new_widow", *StallEffect]))
        if options["exchanges_per_turn"] == 1:
            options["exchange_all"] = draw(st.booleans())
        if ranking is Ranking.TRENTUNO and options["dealer_choice"]:
            options["blitz"] = draw(st.booleans())
            if scoring is Scoring.LIVES and options["blitz"]:
                options["blitz_all_lose"] = draw(st.booleans())
    if scoring is not Scoring.LEDGER:
        options["starting_lives"] = draw(st.integers(1, 10))
        options["free_ride"] = draw(st.booleans())
    if scoring is Scoring.POOL:
        options["stake"] = draw(st.integers(1, 12))
        options["prize"] = draw(st.integers(1, 5))
        options["horse"] = draw(st.booleans())
    start = draw(st.sampled_from(ALL_PRESETS))
    # From the default in one step, or from any preset via its parts with the default options first
    # (every option reset: one kept from the preset could need another the reset takes away).
    if draw(st.booleans()):
        rules = Rules().replace(**options)
    else:
        parts = ("mechanism", "scoring", "ranking")
        rules = Rules.from_options(start.options()).replace(
            **{name: value for name, value in Rules().options().items() if name not in parts}
        ).replace(**options)
    # Every other yes-or-no option (a new one too, such as must_exchange), kept where the rules take it.
    for name, default in Rules().options().items():
        if isinstance(default, bool) and name not in options and draw(st.booleans()):
            try:
                rules = rules.replace(**{name: not default})
            except RulesError:
                pass
    return rules


@settings(max_examples=300, deadline=None)
@given(valid_rules())
def test_any_valid_combination_round_trips_through_options(rules: Rules) -> None:
    options = rules.options()
    again = Rules.from_options(options)
    assert again == rules
    assert hash(again) == hash(rules)
    assert again.options() == options
    assert Rules.from_options(json.loads(json.dumps(options))) == rules
