"""Every mechanism's last check of a loaded state: its deal's history, played backwards from its cards, leads back to a deal as dealt.

A document's history is what the observation code and
:func:`~commerce_rules.sample_state` read to tell where hidden cards are,
so a history that the cards contradict (an event dropped, repeated, moved
or naming another card) would make them fail later, far from the cause.
Each event says which cards it moved and between which places; undoing the
events from last to first must find every card where its event put it, and
end with the hands, widow, stock and discard that the mechanism deals (its
``begin`` is asked, so a deal that would have ended at once is refused too).
Each mechanism's ``check`` runs it, so a state that
:func:`~commerce_rules.sample_state` imagines is held to it as a loaded one is.

Hands and the widow are compared as sets of cards (the order inside them is
the mechanism's business); the stock and the discard pile keep their order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from ..parts import jsonfields as jf
from ..core.cards import Card
from ..core.state import Event, EventKind, GameState

if TYPE_CHECKING:
    from ..parts.protocols import MechanismPart

__all__ = ["check_replay"]


@attrs.define
class _Table:
    """The cards of a deal, as undoing its events moves them back."""

    hands: list[list[Card]]
    widow: list[Card]
    stock: list[Card]
    """Top first."""
    discard: list[Card]
    """Latest last."""


def _out_of(pile: list[Card], card: Card, where: str, path: str, kind: EventKind) -> None:
    """Take ``card`` from ``pile``, where the event put it; refuse the history if it is not there."""
    if card not in pile:
        jf.fail(path, f"this {kind.value!r} event moved a card to {where}, and the later events do not leave it there")
    pile.remove(card)


def _off_top(pile: list[Card], cards: tuple[Card, ...], where: str, path: str, kind: EventKind) -> None:
    """Take ``cards`` from the top of the discard pile (its end), where the event laid them in this order."""
    if tuple(pile[len(pile) - len(cards) :]) != cards:
        jf.fail(path, f"this {kind.value!r} event laid cards on {where}, and the later events do not leave them on top")
    del pile[len(pile) - len(cards) :]


def _undo_buy(table: _Table, event: Event, path: str) -> None:
    given, drawn = event.cards
    _out_of(table.hands[event.player], drawn, f"seat {event.player}'s hand", path, event.kind)
    _off_top(table.discard, (given,), "the discard pile", path, event.kind)
    table.stock.insert(0, drawn)
    table.hands[event.player].append(given)


def _undo_swap(table: _Table, event: Event, path: str, partner: list[Card], where: str) -> None:
    """The player gave ``cards[0]`` to ``partner`` (a hand, or the widow) and took ``cards[1]`` from it."""
    given, taken = event.cards
    _out_of(partner, given, where, path, event.kind)
    _out_of(table.hands[event.player], taken, f"seat {event.player}'s hand", path, event.kind)
    partner.append(taken)
    table.hands[event.player].append(given)


def _undo_barter(table: _Table, event: Event, path: str) -> None:
    if event.target is None or event.target == event.player:
        jf.fail(path, "a barter is between the offerer and another seat (target)")
    _undo_swap(table, event, path, table.hands[event.target], f"seat {event.target}'s hand")


def _undo_exchange(table: _Table, event: Event, path: str) -> None:
    _undo_swap(table, event, path, table.widow, "the widow")


def _undo_refused(table: _Table, event: Event, path: str) -> None:
    if event.cards[0] not in table.hands[event.player]:
        jf.fail(path, f"seat {event.player} offered a card it did not hold")


def _undo_pounce(table: _Table, event: Event, path: str) -> None:
    card, refill = event.cards
    _out_of(table.hands[event.player], card, f"seat {event.player}'s hand", path, event.kind)
    _out_of(table.widow, refill, "the widow", path, event.kind)
    table.stock.insert(0, refill)
    table.widow.append(card)


def _undo_blind_exchange(table: _Table, event: Event, path: str) -> None:
    half = len(event.cards) // 2
    taken, given = event.cards[:half], event.cards[half:]
    for card in taken:
        _out_of(table.hands[event.player], card, f"seat {event.player}'s hand", path, event.kind)
    for card in given:
        _out_of(table.widow, card, "the widow", path, event.kind)
    table.hands[event.player].extend(given)
    table.widow.extend(taken)


def _undo_widow_grows(table: _Table, event: Event, path: str) -> None:
    _out_of(table.widow, event.cards[0], "the widow", path, event.kind)
    table.stock.insert(0, event.cards[0])


def _undo_exchange_all(table: _Table, event: Event, path: str) -> None:
    hand, widow = event.cards[:3], event.cards[3:]
    _same(table.widow, hand, "the widow", path, event.kind)
    _same(table.hands[event.player], widow, f"seat {event.player}'s hand", path, event.kind)
    table.widow[:], table.hands[event.player][:] = widow, hand


def _undo_take_extra_hand(table: _Table, event: Event, path: str) -> None:
    _same(table.widow, event.cards, "the widow", path, event.kind)
    table.widow[:], table.hands[event.player][:] = table.hands[event.player], event.cards


def _undo_keep_hand(table: _Table, event: Event, path: str) -> None:
    _same(table.widow, event.cards, "the widow", path, event.kind)


def _undo_new_widow(table: _Table, event: Event, path: str) -> None:
    dead, fresh = event.cards[:3], event.cards[3:]
    _same(table.widow, fresh, "the widow", path, event.kind)
    _off_top(table.discard, dead, "the discard pile", path, event.kind)
    table.stock[:0] = fresh
    table.widow[:] = dead


def _undo_draw(table: _Table, event: Event, path: str) -> None:
    _out_of(table.hands[event.player], event.cards[0], f"seat {event.player}'s hand", path, event.kind)
    table.stock.insert(0, event.cards[0])


def _undo_take_discard(table: _Table, event: Event, path: str) -> None:
    _out_of(table.hands[event.player], event.cards[0], f"seat {event.player}'s hand", path, event.kind)
    table.discard.append(event.cards[0])


def _undo_discard(table: _Table, event: Event, path: str) -> None:
    _off_top(table.discard, event.cards, "the discard pile", path, event.kind)
    table.hands[event.player].append(event.cards[0])


def _same(pile: list[Card], cards: tuple[Card, ...], where: str, path: str, kind: EventKind) -> None:
    if sorted(pile) != sorted(cards):
        jf.fail(path, f"this {kind.value!r} event left other cards in {where} than the later events find there")


def _moves_nothing(table: _Table, event: Event, path: str) -> None:
    """A knock, a pass, a declined question, a horse: no card moves."""


_UNDO: Final[dict[EventKind, Callable[[_Table, Event, str], None]]] = {
    EventKind.BUY: _undo_buy,
    EventKind.BARTER: _undo_barter,
    EventKind.BARTER_REFUSED: _undo_refused,
    EventKind.EXCHANGE: _undo_exchange,
    EventKind.POUNCE: _undo_pounce,
    EventKind.BLIND_EXCHANGE: _undo_blind_exchange,
    EventKind.WIDOW_GROWS: _undo_widow_grows,
    EventKind.EXCHANGE_ALL: _undo_exchange_all,
    EventKind.TAKE_EXTRA_HAND: _undo_take_extra_hand,
    EventKind.KEEP_HAND: _undo_keep_hand,
    EventKind.NEW_WIDOW: _undo_new_widow,
    EventKind.DRAW: _undo_draw,
    EventKind.TAKE_DISCARD: _undo_take_discard,
    EventKind.DISCARD: _undo_discard,
}
"""How to play each kind of event backwards (what each moves: :class:`~commerce_rules.core.state.EventKind`)."""


def _dealt(state: GameState) -> _Table:
    """The cards as the deal began: the state's, with every event of its history undone, last first."""
    table = _Table([list(hand) for hand in state.hands], list(state.widow), list(state.stock), list(state.discard))
    for index in range(len(state.history) - 1, -1, -1):
        event = state.history[index]
        _UNDO.get(event.kind, _moves_nothing)(table, event, f"history[{index}]")
    return table


def check_replay(mechanism: MechanismPart, state: GameState) -> None:
    """Refuse a state whose deal's history the cards contradict, or that did not start as the mechanism deals.

    Between deals (the match over, a question after the showdown) the
    history is the finished deal's and the hands are its showdown's: the
    seats dealt are those that showed a hand, and a deal that ended as dealt
    (a blitz) is no contradiction.
    """
    in_deal = state.phase in mechanism.phases_for(state.rules)
    if not in_deal and not state.showdowns:
        return  # refused by the showdown checks: between deals comes after a showdown
    dealt_to = state.active if in_deal else tuple(seat for seat, hand in enumerate(state.showdowns[-1].hands) if hand)
    table = _dealt(state)
    for seat, hand in enumerate(table.hands):
        if len(hand) != (3 if seat in dealt_to else 0):
            jf.fail("history", f"played backwards from the cards, seat {seat} would have been dealt {len(hand)} cards")
    if len(table.widow) != mechanism.widow_size:
        jf.fail("history", f"played backwards from the cards, the widow would have been dealt {len(table.widow)} cards")
    dealt = tuple(tuple(hand) for hand in table.hands)
    begun, ended = mechanism.begin(
        state, state.deal_number, state.dealer, dealt, tuple(table.widow), (*table.discard, *table.stock),
        state.pot, state.balances, state.log,
    )  # fmt: skip
    if ended is not None and in_deal:
        jf.fail("history", f"played backwards from the cards, the deal would have ended as dealt ({ended.value})")
    if begun.stock != tuple(table.stock) or begun.discard != tuple(table.discard):
        jf.fail("history", "played backwards from the cards, the stock and discard are not as a deal leaves them")

