"""What the adapters are given: PettingZoo's ``step`` and OpenSpiel's game parameters, refused when wrong.

Each test skips itself unless its extra (``pettingzoo``, ``openspiel``) is
installed: ``nox -s adapters`` runs them all.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers import optional_import

from commerce_rules import CommerceError, IllegalActionError
from commerce_rules.core.errors import ArgumentTypeError


def _pettingzoo() -> Any:
    optional_import("pettingzoo")
    return optional_import("commerce_rules.pettingzoo")


def _pyspiel() -> Any:
    pyspiel = optional_import("pyspiel")
    optional_import("commerce_rules.openspiel")  # registers python_commerce
    return pyspiel


def _snapshot(environment: Any) -> tuple[Any, ...]:
    """Everything a refused step must leave as it was."""
    return (
        environment.match,
        environment.agent_selection,
        dict(environment.rewards),
        dict(environment._cumulative_rewards),
        dict(environment.terminations),
        dict(environment.truncations),
        environment._last_move,
    )


def _bad_actions() -> list[Any]:
    np = optional_import("numpy")
    return ["x", None, [1], float("inf"), float("nan"), np.array([4]), np.array(4), "4", 4.9, 4.0,
            np.float32(4.5), np.float64(4.0), True, np.bool_(True), 4 + 0j, b"4"]  # fmt: skip


@pytest.mark.parametrize("which", range(16))
def test_pettingzoo_step_refuses_what_is_no_integer_and_changes_nothing(which: int) -> None:
    pettingzoo = _pettingzoo()
    action = _bad_actions()[which]
    environment = pettingzoo.env("crp", 4)
    environment.reset(seed=3)
    before = _snapshot(environment)
    with pytest.raises(ArgumentTypeError) as refused:
        environment.step(action)
    message = str(refused.value)
    assert len(message) < 100 and message.encode("utf-8")
    assert _snapshot(environment) == before


def test_pettingzoo_step_refuses_an_index_not_legal_now_and_changes_nothing() -> None:
    pettingzoo = _pettingzoo()
    np = optional_import("numpy")
    environment = pettingzoo.env("crp", 4)
    environment.reset(seed=3)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    not_legal = int(np.flatnonzero(mask == 0)[0])
    before = _snapshot(environment)
    for index in (not_legal, -1, len(mask), 10**30, np.int64(-5), np.uint64(2**63)):
        with pytest.raises(IllegalActionError):
            environment.step(index)
        assert _snapshot(environment) == before


@pytest.mark.parametrize("kind", ["int", "int64", "int8", "uint16"])
def test_pettingzoo_step_plays_a_python_or_numpy_integer_alike(kind: str) -> None:
    pettingzoo = _pettingzoo()
    np = optional_import("numpy")
    played = []
    for as_type in (int, {"int": int, "int64": np.int64, "int8": np.int8, "uint16": np.uint16}[kind]):
        environment = pettingzoo.env("foster", 4)
        environment.reset(seed=3)
        legal = np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])
        environment.step(as_type(legal[0] if kind != "int8" else min(legal)))  # foster's indices start low enough
        played.append(environment.match)
    assert played[0] == played[1]


# -- OpenSpiel: the game's parameters --------------------------------------------------------------------


def test_openspiel_load_game_with_deal_limit_10_to_the_6_is_a_commerce_error_not_an_overflow() -> None:
    pyspiel = _pyspiel()
    with pytest.raises(CommerceError, match="max_game_length") as refused:
        pyspiel.load_game("python_commerce", {"variant": "hoyle", "players": 5, "deal_limit": 10**6})
    assert "2,147,483,647" in str(refused.value)


def test_openspiel_max_game_length_fits_a_cpp_int_up_to_its_bound() -> None:
    pyspiel = _pyspiel()
    from commerce_rules.learning.parameters import MAX_INT

    game = pyspiel.load_game("python_commerce", {"variant": "hoyle", "players": 5, "deal_limit": 10**6 // 2})
    assert 0 < game.max_game_length() <= MAX_INT
    stakes = pyspiel.load_game("python_commerce", {"variant": "hoyle", "stake": MAX_INT, "prize": MAX_INT})
    assert stakes.get_parameters()["stake"] == MAX_INT


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"variant": "crp", "deal_limit": 0}, CommerceError, r"deal_limit must be -1 \(the preset's\) or from 1 to 1,000,000"),
        ({"variant": "crp", "turn_limit": -7}, CommerceError, "turn_limit must be -1"),
        ({"variant": "hoyle", "stake": 10**17}, CommerceError, "stake must be -1 .* to 2,147,483,647"),
        ({"variant": "crp", "starting_lives": 5.0}, ArgumentTypeError, "starting_lives must be a whole number"),
        ({"variant": "crp", "pounce": True}, ArgumentTypeError, "pounce must be a whole number"),
        ({"variant": "crp", "mechanism": 3}, ArgumentTypeError, "mechanism must be a name"),
        ({"variant": ["crp"]}, CommerceError, "variant must be a preset's name"),
        ({"variant": "crp", "players": "4"}, CommerceError, "players must be a whole number"),
        ({"variant": "crp", 7: 1}, CommerceError, "unknown parameter 7"),
        ({"variant": "crp", "turn_limit": 10**6, "deal_limit": 10**6}, CommerceError, "lower one of them"),
    ],
)
def test_openspiel_parameters_of_a_wrong_type_or_range_are_a_commerce_error_naming_them(
    params: dict[Any, Any], error: type[Exception], message: str
) -> None:
    _pyspiel()
    from commerce_rules.openspiel import CommerceGame

    with pytest.raises(error, match=message) as refused:
        CommerceGame(params)
    assert len(str(refused.value)) < 400  # an unknown name lists the parameters


def test_openspiel_parameters_that_are_no_mapping_are_an_argument_type_error() -> None:
    _pyspiel()
    from commerce_rules.learning.parameters import rules_from_parameters

    with pytest.raises(ArgumentTypeError, match="mapping"):
        rules_from_parameters([("variant", "crp")])  # type: ignore[arg-type]


def test_an_env_of_a_variant_that_is_no_name_is_a_commerce_error() -> None:
    pettingzoo = pytest.importorskip("commerce_rules.pettingzoo")
    for variant in (["crp"], {"zz": 1}, 4, None):
        with pytest.raises(CommerceError, match="variant must be a preset's name"):
            pettingzoo.env(variant, 4)


def test_a_terminated_agent_stepped_with_an_action_is_refused_and_nothing_changes() -> None:
    pettingzoo = pytest.importorskip("commerce_rules.pettingzoo")
    from commerce_rules import IllegalActionError, Knock, action_index

    table = pettingzoo.env("foster", 3)
    table.reset(seed=1)
    while table.match is not None and not table.match.is_over:  # knock at once, deal after deal
        match = table.match
        seat = int(table.agent_selection[-1])
        table.step(action_index(match, Knock(seat)))
    agent = table.agent_selection
    for junk in (0, True, 4.5):
        with pytest.raises(IllegalActionError, match="only step is step\\(None\\)"):
            table.step(junk)
        assert table.agent_selection == agent
    table.step(None)


def test_openspiel_game_parameters_that_are_no_mapping_and_a_first_dealer_that_is_no_seat_are_refused() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    openspiel = pytest.importorskip("commerce_rules.openspiel")
    for params in ("crp", 4, [1]):
        with pytest.raises(CommerceError, match="parameters are a mapping"):
            openspiel.CommerceGame(params)
    state = pyspiel.load_game("python_commerce", {"variant": "foster", "players": 3}).new_initial_state()
    for outcome in (158, 3, -2):
        with pytest.raises(Exception, match="no seat to deal first"):
            state.apply_action(outcome)
    assert state.is_chance_node() and state.history() == []
