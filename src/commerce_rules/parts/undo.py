"""Playing a deal's events backwards: the table the cards are moved back on, and the moves every undo is made of.

A loaded state's history is checked by undoing its events, last first, back
to a deal as dealt (:func:`commerce_rules.engine.history.check_history`).
Each mechanism's document role says how to undo each kind of event it
records (its ``undo`` table), with these pieces; a history that the cards
contradict is refused naming the event.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..core.cards import Card
from ..core.state import Event, EventKind
from . import jsonfields as jf

__all__ = ["DealTable", "Undo", "off_top", "out_of", "same_cards", "undo_exchange", "undo_swap"]


@attrs.define
class DealTable:
    """The cards of a deal, as undoing its events moves them back."""

    hands: list[list[Card]]
    widow: list[Card]
    stock: list[Card]
    """Top first."""
    discard: list[Card]
    """Latest last."""


Undo = Callable[[DealTable, Event, str], None]
"""How one kind of event is played backwards: the table, the event, and its path in the document (``history[3]``)."""


def out_of(pile: list[Card], card: Card, where: str, path: str, kind: EventKind) -> None:
    """Take ``card`` from ``pile``, where the event put it; refuse the history if it is not there."""
    if card not in pile:
        jf.fail(path, f"this {kind.value!r} event moved a card to {where}, and the later events do not leave it there")
    pile.remove(card)


def off_top(pile: list[Card], cards: tuple[Card, ...], where: str, path: str, kind: EventKind) -> None:
    """Take ``cards`` from the top of the discard pile (its end), where the event laid them in this order."""
    if tuple(pile[len(pile) - len(cards) :]) != cards:
        jf.fail(path, f"this {kind.value!r} event laid cards on {where}, and the later events do not leave them on top")
    del pile[len(pile) - len(cards) :]


def same_cards(pile: list[Card], cards: tuple[Card, ...], where: str, path: str, kind: EventKind) -> None:
    if sorted(pile) != sorted(cards):
        jf.fail(path, f"this {kind.value!r} event left other cards in {where} than the later events find there")


def undo_swap(table: DealTable, event: Event, path: str, partner: list[Card], where: str) -> None:
    """The player gave ``cards[0]`` to ``partner`` (a hand, or the widow) and took ``cards[1]`` from it."""
    given, taken = event.cards
    out_of(partner, given, where, path, event.kind)
    out_of(table.hands[event.player], taken, f"seat {event.player}'s hand", path, event.kind)
    partner.append(taken)
    table.hands[event.player].append(given)


def undo_exchange(table: DealTable, event: Event, path: str) -> None:
    """A card of the hand (``cards[0]``) exchanged for one of the widow (``cards[1]``): the widow games' and Hoyle's."""
    undo_swap(table, event, path, table.widow, "the widow")
