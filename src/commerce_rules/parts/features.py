"""Writing an observation as numbers: the one builder the tensor and every part's slice of it share.

Seats are written relative to the observer (the observer is 0, its left
neighbour 1, ...), so that a network sees every seat's view the same way;
cards by their place in the variant's deck; counts divided by a scale the
layout names, so that they stay near 0..1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .action_kinds import deck_slots

if TYPE_CHECKING:
    from ..core.cards import Card
    from ..core.observation import Observation

__all__ = ["Features"]


class Features:
    """A growing list of floats for one observation, with the writers the layout is made of."""

    __slots__ = ("values", "players", "me", "deck", "slot")

    def __init__(self, view: Observation, deck: tuple[Card, ...]) -> None:
        self.values: list[float] = []
        self.players = view.num_players
        self.me = view.player
        self.deck = deck
        self.slot = deck_slots(deck)
        """Each card's slot, by the card's ``index``: ``slot[card.index]``."""

    def relative(self, seat: int) -> int:
        """``seat`` counted from the observer, clockwise (the observer is 0)."""
        return (seat - self.me) % self.players

    def seat(self, seat: int | None, *, nobody: bool = False) -> None:
        """One-hot over the seats, relative to the observer (``nobody``: one more slot, for ``None``)."""
        size = self.players + nobody
        slots = [0.0] * size
        if seat is not None:
            slots[self.relative(seat)] = 1.0
        elif nobody:
            slots[-1] = 1.0
        self.values.extend(slots)

    def seats(self, seats: Iterable[int]) -> None:
        """One bit per seat (relative): set for each of ``seats``."""
        slots = [0.0] * self.players
        for seat in seats:
            slots[self.relative(seat)] = 1.0
        self.values.extend(slots)

    def per_seat(self, values: Iterable[int], scale: float) -> None:
        """One number per seat (relative), divided by ``scale``."""
        slots = [0.0] * self.players
        for seat, value in enumerate(values):
            slots[self.relative(seat)] = value / scale
        self.values.extend(slots)

    def cards(self, cards: Iterable[Card], weight: float = 1.0) -> None:
        """One slot per card of the deck: ``weight`` for each of ``cards``."""
        slots = [0.0] * len(self.deck)
        slot = self.slot
        for card in cards:
            slots[slot[card.index]] = weight
        self.values.extend(slots)

    def order(self, cards: tuple[Card, ...], scale: float) -> None:
        """One slot per card of the deck: ``(position + 1) / scale`` for each card of the ordered ``cards``."""
        slots = [0.0] * len(self.deck)
        slot = self.slot
        for at, card in enumerate(cards):
            slots[slot[card.index]] = (at + 1) / scale
        self.values.extend(slots)

    def number(self, value: float, scale: float = 1.0) -> None:
        """One number, divided by ``scale``."""
        self.values.append(value / scale)

    def block(self, size: int, positions: Sequence[int] = (), values: Sequence[float] = ()) -> None:
        """``size`` slots, 0 but at ``positions`` (each at most once), which hold ``values`` (in the same order)."""
        slots = [0.0] * size
        for at, value in zip(positions, values):
            slots[at] = value
        self.values.extend(slots)

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` slots, 1 at ``index`` (none if ``None``)."""
        slots = [0.0] * size
        if index is not None:
            slots[index] = 1.0
        self.values.extend(slots)
