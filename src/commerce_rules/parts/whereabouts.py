"""Where an observer knows hidden cards to be: what a mechanism tells ``sample_state`` and the tensor.

A place is a seat's hand (the seat number), the stock (:data:`STOCK`) or the
discard pile (:data:`DISCARD`). A mechanism reads the public history of an
observation (:meth:`~commerce_rules.parts.play.MechanismPart.whereabouts`) and
says, of the cards the observer cannot see, which ones it knows the place of
(``known``: a card taken from the widow is in the taker's hand until it goes
back) and which ones it knows to be in one of a few places (``maybe``: a card
bartered to a neighbour who has bought since is in that hand or in the
discard). Every other card the observer cannot see may be in any hidden
place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

from ..core.cards import Card

if TYPE_CHECKING:
    from ..core.state import Event, Phase

__all__ = ["DISCARD", "STOCK", "WIDOW", "Rebuilt", "Whereabouts"]

STOCK: Final = -1
"""The place "the stock"."""
DISCARD: Final = -2
"""The place "the discard pile"."""
WIDOW: Final = -3
"""The place "the widow", where it lies face down (Schwimmen's extra hand before the dealer's choice)."""


@attrs.frozen
class Whereabouts:
    """The cards an observer cannot see but knows something of."""

    known: Mapping[Card, int] = attrs.field(factory=dict)
    """Card -> the place it is known to be in."""
    maybe: Mapping[Card, frozenset[int]] = attrs.field(factory=dict)
    """Card -> the places (two or more) it may be in, and no other."""
    one_of: tuple[Mapping[Card, int], ...] = ()
    """If not empty, the placement meets at least one of these sets of places (a card -> its place in each)."""


class Rebuilt(NamedTuple):
    """What a mechanism adds to an imagined placement of the hidden cards to make it a whole state.

    The hidden parts of the turn record and of the history (a barter's
    offer, the cards of other seats' buys, a pending pounce question), and
    the piles in the order the state holds them.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    phase: Phase
    to_act: int | None
    turn: Any
    history: tuple[Event, ...]
