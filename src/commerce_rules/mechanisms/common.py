"""Small pieces the mechanisms share: swapping a card in place, exchange choices, the turn limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..actions import Action, Exchange, exchange_table
from ..state import ShowdownReason

if TYPE_CHECKING:
    from ..cards import Card
    from ..state import GameState
    from . import Step

__all__ = ["exchange_choices", "exchange_refusal", "swap_in", "unless_turn_limit", "with_seat", "without"]

T = TypeVar("T")


def swap_in(cards: tuple[Card, ...], old: Card, new: Card) -> tuple[Card, ...]:
    """``cards`` with ``new`` in the place of ``old`` (a hand and the widow keep their order)."""
    at = cards.index(old)
    return (*cards[:at], new, *cards[at + 1 :])


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less ``card``, the others in their order."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def with_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """``values`` (one per seat) with ``seat``'s replaced by ``value``."""
    return (*values[:seat], value, *values[seat + 1 :])


def exchange_choices(state: GameState, seat: int) -> tuple[Action, ...]:
    """Every exchange of a hand card for a widow card, except taking back a card given this turn."""
    given = state.turn.given
    widow = [take.index for take in state.widow if take not in given] if given else [take.index for take in state.widow]
    table = exchange_table(seat)
    return tuple([row[take] for row in [table[give.index] for give in state.hands[seat]] for take in widow])


def exchange_refusal(state: GameState, action: Exchange) -> str | None:
    """Why ``action``'s cards make it no exchange at all, or ``None`` if the cards are right."""
    if action.give not in state.hands[action.player]:
        return f"seat {action.player} does not hold {action.give}"
    if action.take not in state.widow:
        return f"{action.take} is not in the widow"
    if action.take in state.turn.given:
        return f"{action.take} was put into the widow this turn and cannot be taken back"
    return None


def unless_turn_limit(state: GameState) -> Step:
    """Play goes on from ``state`` — unless ``turn_limit`` turns have been played in this deal."""
    limit = state.rules.turn_limit
    if limit is not None and state.turn.turns >= limit:
        return state, ShowdownReason.TURN_LIMIT
    return state, None
