"""The last check of a loaded state: its deal's history, played backwards from its cards, leads back to a deal as dealt.

A document's history is what the observation code and
:func:`~commerce_rules.sample_state` read to tell where hidden cards are,
so a history that the cards contradict (an event dropped, repeated, moved
or naming another card) would make them fail later, far from the cause.
Each event says which cards it moved and between which places (each
mechanism's document role holds how to undo each kind it records: its
``undo`` table); undoing the events from last to first must find every card
where its event put it, and end with the hands, widow, stock and discard
that the mechanism deals (its ``begin`` is asked, so a deal that would have
ended at once is refused too). The serialisation runs it after the parts'
own checks, and so does :func:`~commerce_rules.sample_state` on the states it imagines.

Hands and the widow are compared as sets of cards (the order inside them is
the mechanism's business); the stock and the discard pile keep their order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.state import EventKind, GameState
from ..parts import jsonfields as jf
from ..parts.undo import DealTable, Undo

if TYPE_CHECKING:
    from .variant import Variant

__all__ = ["check_history"]


def _dealt(state: GameState, undo: Mapping[EventKind, Undo]) -> DealTable:
    """The cards as the deal began: the state's, with every event of its history undone, last first."""
    table = DealTable([list(hand) for hand in state.hands], list(state.widow), list(state.stock), list(state.discard))
    for index in range(len(state.history) - 1, -1, -1):
        event = state.history[index]
        undone = undo.get(event.kind)
        if undone is not None:  # a knock, a pass, a declined question: no card moves
            undone(table, event, f"history[{index}]")
    return table


def check_history(variant: Variant, state: GameState) -> None:
    """Refuse a state whose deal's history the cards contradict, or that did not start as the mechanism deals.

    Between deals (the match over, a question after the showdown) the
    history is the finished deal's and the hands are its showdown's: the
    seats dealt are those that showed a hand, and a deal that ended as dealt
    (a blitz) is no contradiction.
    """
    mechanism = variant.mechanism
    in_deal = state.phase in mechanism.phases_for(state.rules)
    if not in_deal and not state.showdowns:
        return  # refused by the showdown checks: between deals comes after a showdown
    dealt_to = state.active if in_deal else tuple(seat for seat, hand in enumerate(state.showdowns[-1].hands) if hand)
    table = _dealt(state, variant.documents.mechanism.undo)
    for seat, hand in enumerate(table.hands):
        if len(hand) != (3 if seat in dealt_to else 0):
            jf.fail("history", f"played backwards from the cards, seat {seat} would have been dealt {len(hand)} cards")
    if len(table.widow) != mechanism.widow_size:
        jf.fail("history", f"played backwards from the cards, the widow would have been dealt {len(table.widow)} cards")
    dealt = tuple(tuple(hand) for hand in table.hands)
    begun, ended = mechanism.begin(
        state, state.deal_number, state.dealer, dealt, tuple(table.widow), (*table.discard, *table.stock),
        state.pot, state.balances, state.log,
    )
    if ended is not None and in_deal:
        jf.fail("history", f"played backwards from the cards, the deal would have ended as dealt ({ended.value})")
    if begun.stock != tuple(table.stock) or begun.discard != tuple(table.discard):
        jf.fail("history", "played backwards from the cards, the stock and discard are not as a deal leaves them")

