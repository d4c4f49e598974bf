"""Who sees what a part records: the words a part declares its records' visibility with.

Each part declares, on its class, an :class:`EventSight` for each kind of
event it records, a :class:`FieldSight` for each field of its turn or match
record that not everyone sees, and its :class:`PrivateQuestion` phases.
:mod:`commerce_rules.engine.visibility` builds every seat's view from these
declarations and nothing else.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import Phase

__all__ = ["EventSight", "FieldSight", "PrivateQuestion"]


class EventSight(str, enum.Enum):
    """Who sees an event of a deal's history (the value is the word a loaded history is checked by)."""

    EVERYONE = "all"
    """The event and its cards are public."""
    PLAYER = "player"
    """The event is public; its cards only its player saw (a buy, a card drawn from the stock)."""
    PLAYER_AND_TARGET = "player and target"
    """The event is public; its cards only its player and its target saw (a barter)."""
    PLAYER_ONLY = "player only"
    """The whole event is its player's secret: no other seat learns it happened (a declined pounce)."""


class FieldSight(enum.Enum):
    """Who sees a field of a part's turn record; a seat that may not see it is shown the field's default."""

    EVERYONE = "everyone"
    TURN_OWNER = "the seat whose turn it is"
    """Seen by ``turn.turn_of`` only (a barter's offered card)."""
    OWN_ENTRY = "each seat its own entry"
    """A tuple of seats: each seat sees whether it is in it, and nothing of the others (the pounces declined)."""
    ASKED = "the seat asked"
    """Seen by the seat answering a private question only (the phase play resumes in after it)."""


class PrivateQuestion(NamedTuple):
    """A phase in which one seat is asked, out of turn, something the other seats must not learn of."""

    phase: Phase
    decline: Callable[[int], Action]
    """The answer that declines it, made for the asked seat (``Pass``): what other seats are shown as having happened."""
