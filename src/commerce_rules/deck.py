"""The decks a variant plays with."""

from __future__ import annotations

from .cards import DECK_40, DECK_52, Card
from .rules import Rules

__all__ = ["deck_for"]


def deck_for(rules: Rules) -> tuple[Card, ...]:
    """The deck a variant plays with, in deck order."""
    return DECK_40 if rules.deck_size == 40 else DECK_52
