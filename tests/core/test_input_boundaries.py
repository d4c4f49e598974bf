"""Values that look right but are not: every one is refused at the boundary, so no state holds them."""

from __future__ import annotations

import enum
import json

import pytest

from commerce_rules import (
    CRP,
    ArgumentTypeError,
    FOSTER,
    BarterDirection,
    Buy,
    CommerceError,
    IllegalActionError,
    Knock,
    Pass,
    SerializationError,
    action_from_json,
    apply,
    deal_position,
    new_game,
    state_from_json,
    to_json,
)

WIDOW_POSITION = dict(hands=["2♣ 3♦ 5♥", "A♠ K♠ 4♣", "A♦ K♦ 4♥"], dealer=0, widow="2♦ 3♠ 6♥")


@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_seat_must_be_an_int_not_a_bool_or_a_float(seat: object) -> None:
    for kind in (Pass, Knock):
        with pytest.raises(ArgumentTypeError, match="player must be a seat number"):
            kind(seat)  # type: ignore[arg-type]


def test_an_action_of_a_seat_no_table_has_is_refused_when_built() -> None:
    for seat in (-5, 12, 10**400):
        with pytest.raises(IllegalActionError, match="player must be a seat from 0 to 11"):
            Knock(seat)


def test_a_card_given_as_text_is_refused_with_a_hint() -> None:
    with pytest.raises(ArgumentTypeError, match=r"Buy.card needs a Card \(Card.parse\('6♠'\)\)"):
        Buy(1, "6♠")  # type: ignore[arg-type]


def test_apply_refuses_a_value_that_is_no_action_with_a_type_error() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    for value in (None, "knock", 3, Knock):
        with pytest.raises(ArgumentTypeError, match="apply\\(\\) needs an action"):
            apply(state, value)  # type: ignore[arg-type]


def test_a_ledger_position_takes_no_lives_since_nobody_is_eliminated() -> None:
    with pytest.raises(CommerceError, match="with a ledger nobody is eliminated"):
        deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "", "A♥ K♥ 4♦", "2♥ 2♦ 9♣"], dealer=0, lives=[3, 0, 3, 3])


def test_a_position_cannot_give_more_lives_than_the_start() -> None:
    with pytest.raises(CommerceError, match=r"from 0 to starting_lives \(3\)"):
        deal_position(CRP, lives=[4, 3, 3], **WIDOW_POSITION)  # type: ignore[arg-type]


def _document(state_json: str) -> dict[str, object]:
    document: dict[str, object] = json.loads(state_json)
    return document


def test_json_with_a_ledger_seat_out_of_lives_is_refused() -> None:
    document = _document(to_json(new_game(FOSTER, 4, seed=1)))
    document["lives"] = [3, 0, 3, 3]
    with pytest.raises(SerializationError, match=r"lives\[1\]: with a ledger nobody is eliminated"):
        state_from_json(json.dumps(document, ensure_ascii=False))


def test_json_cannot_make_a_hidden_buy_public() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    state = apply(state, Buy(1, state.hands[1][2]))
    document = _document(to_json(state))
    history = document["history"]
    assert isinstance(history, list) and history[0]["kind"] == "buy"
    history[0]["visible_to"] = None
    with pytest.raises(SerializationError, match=r"history\[0\].visible_to: a 'buy' event is seen by \[1\]"):
        state_from_json(json.dumps(document, ensure_ascii=False))


def test_barter_direction_accepts_another_enum_whose_value_is_right() -> None:
    class Direction(enum.Enum):
        RIGHT = "right"

    assert FOSTER.replace(barter_direction=Direction.RIGHT).barter_direction is BarterDirection.RIGHT


def test_a_lives_position_has_no_money_so_takes_no_balances() -> None:
    with pytest.raises(CommerceError, match="no money"):
        deal_position(CRP, balances=[1, -1, 0], **WIDOW_POSITION)  # type: ignore[arg-type]
    assert deal_position(CRP, balances=[0, 0, 0], **WIDOW_POSITION).balances == (0, 0, 0)  # type: ignore[arg-type]


def test_json_of_a_lives_variant_with_balances_is_refused() -> None:
    document = _document(to_json(new_game(CRP, 4, seed=1)))
    document["balances"] = [2, -2, 0, 0]
    with pytest.raises(SerializationError, match="balances: a lives variant has no money"):
        state_from_json(json.dumps(document, ensure_ascii=False))


def test_a_document_longer_than_the_cap_is_refused_before_it_is_parsed() -> None:
    from commerce_rules.serialize import MAX_DOCUMENT

    assert MAX_DOCUMENT == 4_000_000
    huge = '{"format": "commerce-rules/state", "pad": "' + "x" * MAX_DOCUMENT + '"}'
    for reader in (state_from_json, action_from_json):
        with pytest.raises(SerializationError, match="too long: 4,000,045 characters, at most 4,000,000"):
            reader(huge)
        with pytest.raises(SerializationError, match="too long"):
            reader(huge.encode())


def test_an_action_is_checked_field_by_field_when_built_each_card_field_and_the_classs_own_check() -> None:
    from commerce_rules import Action, BlindExchange, Card, Exchange

    with pytest.raises(ArgumentTypeError, match="Action is the base class"):
        Action(0)
    give = Card.parse("2♣")
    with pytest.raises(ArgumentTypeError, match=r"Exchange.take needs a Card \(Card.parse\('A♠'\)\), not 'A♠'"):
        Exchange(0, give, "A♠")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Exchange.give needs a Card, not None"):
        Exchange(0, None, give)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="a blind exchange takes 1, 2 or 3 widow cards, not 0"):
        BlindExchange(0, ())
    assert Exchange(11, give, Card.parse("A♠")).player == 11
