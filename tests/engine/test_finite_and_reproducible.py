"""Bounded caches, ``Rules`` refused where it is not one, bots that play alike on every Python, options that follow.

The findings, each a test named after it: ``num_actions({})`` escaping as an
unhashable ``TypeError``; the caches keyed by ``Rules`` never shrinking; the
bots' float sums rounding differently from Python 3.12 on; and
``THIRTY_ONE.replace(blitz=False)`` refused for its ``blitz_all_lose``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import script_module

from commerce_rules import (
    CRP,
    THIRTY_ONE,
    ArgumentTypeError,
    Rules,
    RulesError,
    evaluate,
    legal_action_mask,
    legal_actions,
    new_game,
    num_actions,
    observation_tensor_size,
    state_from_json,
    to_json,
)
from commerce_rules.learning import action_space as action_spaces
from commerce_rules.engine import variant as variants
from commerce_rules.learning.action_space import action_space
from commerce_rules.bots import model as models
from commerce_rules.bots.model import hand_model
from commerce_rules.bots.search import _clear_gain
from commerce_rules.core.caches import RULES_CACHE_SIZE, remember
from commerce_rules.ranking import table as tables
from commerce_rules.engine.variant import variant_of

ROOT = Path(__file__).resolve().parents[2]

# -- 3. every public function taking rules refuses what is no Rules --------------------------------------

TAKING_RULES: dict[str, Callable[[Any], object]] = {
    "num_actions": num_actions,
    "observation_tensor_size": lambda rules: observation_tensor_size(rules, 4),
    "action_space": action_space,
    "variant_of": variant_of,
    "hand_model": lambda rules: hand_model(rules, 3),
}


@pytest.mark.parametrize("name", sorted(TAKING_RULES))
@pytest.mark.parametrize("bad", [{}, [], {"variant": "crp"}, None, "crp", 3, CRP.options()], ids=repr)
def test_num_actions_of_a_dict_is_an_argument_type_error_not_unhashable(name: str, bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="Rules value") as refused:
        TAKING_RULES[name](bad)
    assert len(str(refused.value)) < 100


def test_legal_action_mask_of_no_state_is_an_argument_type_error() -> None:
    with pytest.raises(ArgumentTypeError):
        legal_action_mask({})  # type: ignore[arg-type]


# -- 4. the caches keyed by Rules stay bounded ---------------------------------------------------------


def test_caches_keyed_by_rules_stay_within_their_caps_over_5000_turn_limits() -> None:
    hand = "A♠ K♠ Q♠"
    evaluate(hand, CRP)
    hand_model(CRP, 3)
    shared_before = len(tables._TABLES), len(models._MODELS)
    for turn_limit in range(1, 5001):
        rules = CRP.replace(turn_limit=turn_limit)
        state = state_from_json(to_json(new_game(rules, 4, seed=turn_limit)))  # a Rules object of its own, as a server reads one
        legal_actions(state)
        num_actions(state.rules)
        evaluate(hand, state.rules)
        hand_model(state.rules, 3)
    assert len(variants._VARIANTS) <= RULES_CACHE_SIZE
    assert len(variants._BY_ID) <= variants.BY_ID_SIZE
    assert len(action_spaces._SPACES) <= RULES_CACHE_SIZE
    assert len(tables._BY_RULES) <= RULES_CACHE_SIZE
    assert len(models._BY_RULES) <= RULES_CACHE_SIZE
    assert len(models._MODELS) <= models.MODELS_SIZE
    # turn_limit changes no hand's value: every one of these rules shares the tables and the model there were
    assert (len(tables._TABLES), len(models._MODELS)) == shared_before


def test_a_full_cache_evicts_its_oldest_insertion_first() -> None:
    cache: dict[int, str] = {}
    for key in range(5):
        remember(cache, key, str(key), 3)
    assert list(cache) == [2, 3, 4]
    assert cache.get(3) == "3"  # a hit moves nothing: the oldest insertion goes next
    remember(cache, 9, "9", 3)
    assert list(cache) == [3, 4, 9]


def test_rules_evicted_from_the_caches_are_built_again_alike() -> None:
    rules = CRP.replace(turn_limit=77_777)
    first = num_actions(rules), variant_of(rules).owners
    for turn_limit in range(1, RULES_CACHE_SIZE + 2):
        num_actions(CRP.replace(turn_limit=turn_limit))
    assert rules not in action_spaces._SPACES
    assert (num_actions(rules), variant_of(rules).owners) == first


# -- 5. the bots' arithmetic is the same on every Python -------------------------------------------------


def test_bots_sums_are_correctly_rounded_so_a_seeded_demo_is_the_same_on_python_3_11_and_3_12() -> None:
    model = hand_model(CRP, 3)
    deck = [card.bit for card in variant_of(CRP).deck]
    for pair, draw in list(model.draw.items())[:300]:
        scores = [model.utility[pair | bit] for bit in deck if not bit & pair]
        assert draw == math.fsum(scores) / len(scores)
    scores, baseline = [0.1, 0.7, 0.2, 0.9, 0.3], [0.3, 0.1, 0.1, 0.2, 0.0]
    differences = [a - b for a, b in zip(scores, baseline)]
    mean = math.fsum(differences) / len(differences)
    assert _clear_gain(scores, baseline, 0.0) == mean


def test_compare_demos_fails_on_any_difference_between_interpreters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    compare = script_module(ROOT / "scripts" / "compare_demos.py").compare
    for version, text in (("3.11", "seat 0 knocks\n"), ("3.12", "seat 0 knocks\n")):
        (tmp_path / version).mkdir()
        (tmp_path / version / "crp.txt").write_text(text, encoding="utf-8")
    assert compare(tmp_path) == 0
    (tmp_path / "3.12" / "crp.txt").write_text("seat 0 passes\n", encoding="utf-8")
    assert compare(tmp_path) == 1
    assert "+seat 0 passes" in capsys.readouterr().out
    (tmp_path / "3.12" / "crp.txt").unlink()
    assert compare(tmp_path) == 1


def test_the_demos_session_covers_every_python_and_ci_runs_it() -> None:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert "def demos(" in noxfile
    assert 'DEMO_PYTHONS = ("3.10", "3.11", "3.12", "3.13")' in noxfile
    assert "nox -s demos" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


# -- 6. an option that only matters with another follows it off ------------------------------------------


def test_thirty_one_replace_blitz_false_switches_blitz_all_lose_off_and_round_trips() -> None:
    rules = THIRTY_ONE.replace(blitz=False)
    assert (rules.blitz, rules.blitz_all_lose) == (False, False)
    assert rules == THIRTY_ONE.replace(blitz=False, blitz_all_lose=False)
    assert hash(rules) == hash(THIRTY_ONE.replace(blitz=False, blitz_all_lose=False))
    assert Rules.from_options(rules.options()) == rules
    state = new_game(rules, 4, seed=5)
    back = state_from_json(to_json(state))
    assert back == state and back.rules == rules
    assert rules.replace(blitz=True).blitz_all_lose is False  # switched on again, it starts from its default


def test_a_follower_switched_on_without_its_leader_is_still_refused() -> None:
    with pytest.raises(RulesError, match="blitz_all_lose needs blitz=True"):
        THIRTY_ONE.replace(blitz=False, blitz_all_lose=True)
    assert THIRTY_ONE.replace(blitz=True).blitz_all_lose is True  # only switching blitz off moves it


@pytest.mark.parametrize("bound", ["max_actions_per_deal", "max_match_actions", "return_range"])
@pytest.mark.parametrize("rules, players", [({}, 4), ("crp", 4), (None, 4)])
def test_the_bounds_refuse_what_is_not_rules_as_an_argument_type_error(bound: str, rules: object, players: object) -> None:
    import commerce_rules.engine.bounds as bounds

    with pytest.raises(ArgumentTypeError, match="rules must be a Rules value"):
        getattr(bounds, bound)(rules, players)


@pytest.mark.parametrize("bound", ["max_actions_per_deal", "max_match_actions", "return_range"])
@pytest.mark.parametrize("players", ["4", 4.0, True, 2, 13, None])
def test_the_bounds_refuse_a_table_that_cannot_play(bound: str, players: object) -> None:
    import commerce_rules.engine.bounds as bounds
    from commerce_rules import CRP, CommerceError

    with pytest.raises(CommerceError):
        getattr(bounds, bound)(CRP.replace(turn_limit=10, deal_limit=5), players)
