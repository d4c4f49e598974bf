"""The tables read by seat: each entry built once on first use, equal to what its builder makes, only for real seats."""

from __future__ import annotations

from itertools import combinations

import pytest

from commerce_rules import Barter, BarterReply, Buy, Card, Exchange, ExchangeAll, Knock, Pass
from commerce_rules.core.actions import EXCHANGES, MAX_SEAT, SEAT_ACTIONS, TRADES, seat_action
from commerce_rules.core.caches import seat_table
from commerce_rules.core.state import NEXT_ACTIVE, next_active
from commerce_rules.mechanisms.common import TURN_ENDINGS, WHOLE_HAND_ENDINGS

DECK = [Card.from_index(index) for index in range(52)]


def test_a_seat_table_builds_each_seat_once_and_keeps_it() -> None:
    built: list[int] = []

    def build(seat: int) -> tuple[int, ...]:
        built.append(seat)
        return (seat,)

    table = seat_table(build, 3)
    assert table[2] == (2,) and table[2] is table[2]
    assert built == [2]
    assert 0 not in table  # nothing is built before it is asked for


@pytest.mark.parametrize("seat", [-1, 3, 10**9, "1", 1.0])
def test_a_seat_table_has_no_entry_for_what_is_not_one_of_its_seats(seat: object) -> None:
    table = seat_table(lambda seat: seat, 3)
    with pytest.raises(KeyError):
        table[seat]  # type: ignore[index]
    assert not table  # and it did not grow


def test_the_exchange_and_trade_tables_hold_each_seats_actions_by_card_index() -> None:
    for seat in (0, MAX_SEAT):
        for give in DECK[::7]:
            for take in DECK[::5]:
                assert EXCHANGES[seat][give.index][take.index] == Exchange(seat, give, take)
            assert TRADES[seat][give.index] == (Buy(seat, give), Barter(seat, give), BarterReply(seat, give))


def test_a_seat_action_is_interned_and_a_bad_seat_is_told_as_the_class_tells_it() -> None:
    assert seat_action(Knock, 4) is SEAT_ACTIONS[Knock][4] == Knock(4)
    with pytest.raises(Exception, match="seat") as raised:
        seat_action(Knock, MAX_SEAT + 1)
    with pytest.raises(type(raised.value)):
        Knock(MAX_SEAT + 1)


def test_a_turns_endings_are_pass_then_knock_and_the_whole_hand_first_where_it_may_be_exchanged() -> None:
    for seat in range(MAX_SEAT + 1):
        assert TURN_ENDINGS[seat] == ((Pass(seat), Knock(seat)), (Pass(seat),))
        assert WHOLE_HAND_ENDINGS[seat] == ((ExchangeAll(seat), Pass(seat), Knock(seat)), (ExchangeAll(seat), Pass(seat)))


def test_the_next_active_seat_table_is_next_active_for_every_set_of_seats_in_play() -> None:
    seats = range(MAX_SEAT + 1)
    for size in range(1, len(seats) + 1):
        for active in combinations(seats, size):
            assert NEXT_ACTIVE[active] == tuple(next_active(active, seat) for seat in seats), active
