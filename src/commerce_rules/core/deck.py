"""The decks a variant plays with."""

from __future__ import annotations

from .cards import DECKS, Card
from .rules import Rules

__all__ = ["deck_for"]


def deck_for(rules: Rules) -> tuple[Card, ...]:
    """The deck a variant plays with, in deck order."""
    return DECKS[rules.deck_size]
