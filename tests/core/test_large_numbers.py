"""Huge but well-formed integers: each option has a documented largest value, and no number breaks a message.

Python refuses to write an integer of more than 4,300 digits as text (a
plain ``ValueError``), so an error message that formats one would raise the
wrong error; and an amount beyond a float's 53 bits must stay exact.
"""

from __future__ import annotations

import json

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    BuyHorse,
    CommerceError,
    Knock,
    Pass,
    Phase,
    RandomBot,
    RulesError,
    SerializationError,
    apply,
    deal_position,
    new_game,
    replay,
    simulate,
    state_from_json,
    to_json,
)
from commerce_rules.engine.deal import MAX_SEED
from commerce_rules.core.rules import LIMITS

from helpers import always, walk

HUGE = 10**5000
"""More digits than Python will write as text."""

HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]
FOSTER_POSITION = dict(hands=HANDS, dealer=0)


@pytest.mark.parametrize(
    ("option", "largest"),
    [("stake", 10**17), ("prize", 10**17), ("starting_lives", 1000), ("stall_passes", 1000), ("turn_limit", 10**6)],
)
def test_each_whole_number_option_has_a_largest_value_named_in_the_error(option: str, largest: int) -> None:
    rules = HOYLE if option in ("stake", "prize", "starting_lives") else CRP
    assert LIMITS[option][1] == largest
    assert getattr(rules.replace(**{option: largest}), option) == largest
    for value in (largest + 1, 10**400, HUGE):
        with pytest.raises(RulesError, match=f"{option} must be .*to {largest:,}, not "):
            rules.replace(**{option: value})


def test_a_huge_option_in_a_state_document_is_a_serialization_error() -> None:
    document = json.loads(to_json(new_game(HOYLE, 4, seed=1)))
    document["rules"]["stake"] = 10**400
    with pytest.raises(SerializationError, match="rules: stake must be from 1 to"):
        state_from_json(json.dumps(document, ensure_ascii=False))


def test_the_horse_costs_a_third_of_the_stake_rounded_up_exactly_beyond_2_to_the_53() -> None:
    stake = 3 * 2**53 + 1  # a float would round stake / 3 to 2**53 and its ceiling to 2**53
    rules = HOYLE.replace(stake=stake)
    state = deal_position(
        rules, hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"], dealer=0, widow="A♠ 10♦ 2♥", lives=[1, 3, 3, 3]
    )
    for _, _, state in walk(state, always(Pass), 200):
        if state.phase is Phase.HORSE:
            break
    assert state.phase is Phase.HORSE and state.to_act == 0
    pool, balance = state.pot, state.balances[0]
    after = apply(state, BuyHorse(0))
    assert after.balances[0] == balance - (2**53 + 1) and after.pot == pool + 2**53 + 1
    assert sum(after.balances) + after.pot == 0
    assert state_from_json(to_json(after)) == after


def test_the_largest_stake_plays_and_saves_exactly() -> None:
    state = new_game(HOYLE.replace(stake=10**17, prize=10**17), 12, seed=MAX_SEED)
    assert state.pot == 12 * 10**17
    assert state_from_json(to_json(state)) == state
    assert repr(state).startswith("GameState(")
    for _, _, state in walk(state, always(Pass), 20_000):  # to the end: every amount fits a signed 64-bit integer
        assert max(map(abs, (*state.balances, state.pot))) < 2**63
    assert state.is_over and state_from_json(to_json(state)) == state


@pytest.mark.parametrize(
    "call",
    [
        lambda: new_game(FOSTER, 3, seed=HUGE),
        lambda: new_game(FOSTER, 3, seed=-HUGE),
        lambda: new_game(FOSTER, 3, seed=MAX_SEED + 1),
        lambda: new_game(FOSTER, HUGE),
        lambda: new_game(FOSTER, 3, dealer=HUGE),
        lambda: replay(FOSTER, 3, HUGE, []),
        lambda: replay(FOSTER, 3, 1, [Knock(HUGE)]),
        lambda: deal_position(FOSTER, seed=HUGE, **FOSTER_POSITION),  # type: ignore[arg-type]
        lambda: deal_position(FOSTER, balances=[HUGE, -HUGE, 0], **FOSTER_POSITION),  # type: ignore[arg-type]
        lambda: deal_position(FOSTER, balances=[HUGE, 0, 0], **FOSTER_POSITION),  # type: ignore[arg-type]
        lambda: deal_position(FOSTER, balances=[10**25, -(10**25), 0], **FOSTER_POSITION),  # type: ignore[arg-type]
        lambda: deal_position(FOSTER, hands=HANDS, dealer=HUGE),
        lambda: deal_position(CRP, lives=[HUGE, 1, 1], widow="2♦ 3♠ 6♥", **FOSTER_POSITION),  # type: ignore[arg-type]
        lambda: simulate(FOSTER, [RandomBot] * 3, games=1, seed=HUGE),
        lambda: simulate(FOSTER, [RandomBot] * 3, games=HUGE, seed=MAX_SEED + 1),
    ],
)
def test_a_huge_integer_anywhere_is_a_commerce_error_not_a_value_error(call: object) -> None:
    with pytest.raises(CommerceError) as raised:
        call()  # type: ignore[operator]
    assert len(str(raised.value)) < 300


def test_a_position_with_the_largest_balances_plays_and_saves() -> None:
    state = deal_position(FOSTER, balances=[10**24, -(10**24), 0], **FOSTER_POSITION)  # type: ignore[arg-type]
    assert state_from_json(to_json(state)) == state
    assert state.to_act is not None
    after = apply(state, Knock(state.to_act))
    assert state_from_json(to_json(after)) == after


@pytest.mark.parametrize("path", [("turn", "turns"), ("turn", "passes"), ("turn", "exchanges"), ("lives", 0), ("version",)])
def test_a_number_of_thousands_of_digits_in_a_document_is_refused_in_a_short_message(path: tuple[str | int, ...]) -> None:
    document = json.loads(to_json(new_game(CRP, 4, seed=1)))
    field = document
    for key in path[:-1]:
        field = field[key]
    field[path[-1]] = 10**4000  # Python reads and writes up to 4,300 digits
    with pytest.raises(SerializationError, match="a number of more than 30 digits is out of range") as raised:
        state_from_json(json.dumps(document))
    assert len(str(raised.value)) < 100
