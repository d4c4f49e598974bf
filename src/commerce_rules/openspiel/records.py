"""What an OpenSpiel state holds, as immutable records: the game's table and the state's moment.

Apart from the game so that the observer reads them without importing the
game that makes it.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core.actions import Action
from ..core.cards import Card
from ..core.rules import Rules
from ..core.state import GameState
from ..learning.observer_views import DealEnd

__all__ = ["Now", "Table"]


@attrs.frozen
class Table:
    """What every state of one game shares (a clone shares it too: OpenSpiel clones a state's attributes by deep copy)."""

    rules: Rules
    players: int
    deck: tuple[Card, ...]
    deal_chance: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self


@attrs.frozen
class Now:
    """Everything a state holds, immutable: a clone shares it (OpenSpiel clones by deep copy)."""

    match: GameState | None = None
    """The library's state; ``None`` until the first deal is dealt."""
    dealer: int | None = None
    """The first dealer, once drawn."""
    pending: tuple[GameState, Action] | None = None
    """The state and action that end a deal, waiting for the next deal's cards."""
    dealt: tuple[Card, ...] = ()
    """The cards of the deal being dealt so far, top first."""
    decks: tuple[tuple[Card, ...], ...] = ()
    """The decks chance dealt earlier in this step: deals dealt with a 31, settled at once."""
    left: tuple[int, ...] = ()
    """The deck positions (in deck order) of the cards not dealt yet, while a deal is dealt."""
    past: tuple[DealEnd, ...] = ()
    """Each earlier deal's end (for perfect recall)."""
    legal: list[tuple[int, ...]] = attrs.field(factory=list, eq=False, repr=False, init=False)
    """The legal actions' indices, once asked (a search asks again and again); never carried to a new value."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Now:
        return self
