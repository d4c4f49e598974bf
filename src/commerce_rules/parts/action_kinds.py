"""The pieces a part declares its integer action space with: one :class:`ActionKind` per kind of action.

Each mechanism and scoring lists the kinds of action it can accept, in a
fixed order, with :meth:`~commerce_rules.parts.play.PhasePart.action_kinds`; the
shared code (:mod:`commerce_rules.learning.action_space`) lays them end to end and
never looks inside. A kind says how many indices it takes and how to turn
one of its actions into its own index (0 up to its size) and back. An
action's index depends only on its kind and its cards, never on the seat,
so most kinds are one of the three generic shapes here: no card
(:class:`NoCard`), one card (:class:`OneCard`: the card's place in the
variant's deck), two cards (:class:`TwoCards`: ``first * D + second``) and
one field among a few values (:class:`ByValue`: its place among them).
A part with another shape (Hoyle's blind exchange, numbered by widow
positions) writes its own class with the same three methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

import attrs

from ..core.cards import Card

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState

__all__ = ["NOT_IN_DECK", "ActionKind", "ByValue", "NoCard", "OneCard", "TwoCards", "deck_position", "deck_slots"]


class ActionKind(Protocol):
    """One kind of action in a part's integer action space."""

    @property
    def action(self) -> type[Action]:
        """The action class this kind numbers (each class has one kind in a variant)."""

    def size(self, deck: tuple[Card, ...]) -> int:
        """How many indices the kind takes under a variant whose deck is ``deck``."""

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        """``action``'s index within the kind (0 to ``size - 1``); ``state`` is only read for positions."""

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        """The action of the seat to act at ``index`` within the kind, or ``None`` if no action has it now."""


NOT_IN_DECK: Final = 1 << 20
"""The slot :func:`deck_slots` gives a card not in the deck: beyond every list of a deck's slots, so using it fails."""
_SLOTS: dict[int, tuple[tuple[Card, ...], tuple[int, ...]]] = {}
"""By the ``id`` of a deck seen before (a look-up without hashing 52 cards): the deck, and each card's place by its index."""


def deck_slots(deck: tuple[Card, ...]) -> tuple[int, ...]:
    """Each card's place in ``deck``, by its :attr:`~commerce_rules.Card.index` (:data:`NOT_IN_DECK` for a card not in it).

    What a loop over many cards reads: ``slots[card.index]`` is a tuple's
    item, where a dict keyed by cards would hash each card in Python. A
    card not in the deck gives a place no list of slots has (an
    ``IndexError``), never another card's slot.
    """
    found = _SLOTS.get(id(deck))
    if found is not None and found[0] is deck:
        return found[1]
    slots = [NOT_IN_DECK] * 52
    for place, card in enumerate(deck):
        slots[card.index] = place
    frozen = tuple(slots)
    if len(_SLOTS) < 100:  # the variants' decks: a handful (each entry keeps its deck alive, so its id stays its own)
        _SLOTS[id(deck)] = (deck, frozen)
    return frozen


def deck_position(deck: tuple[Card, ...], card: Card) -> int:
    """``card``'s place in ``deck`` (-1 if the deck has no such card)."""
    place = deck_slots(deck)[card.index]
    return -1 if place == NOT_IN_DECK else place


def _seat(state: GameState) -> int:
    seat = state.to_act
    assert seat is not None
    return seat


@attrs.frozen
class NoCard:
    """A kind with one index: ``Knock(p)``, ``Pass(p)``, ``Pounce(p)``..."""

    action: type[Action]

    def size(self, deck: tuple[Card, ...]) -> int:
        return 1

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        return 0

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        return self.action(_seat(state))


@attrs.frozen
class OneCard:
    """A kind numbered by its one card's place in the deck: ``Buy(p, card)`` is ``deck.index(card)``."""

    action: type[Action]

    def size(self, deck: tuple[Card, ...]) -> int:
        return len(deck)

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        (card,) = action.cards()
        return deck_position(deck, card)

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        return self.action(_seat(state), deck[index])  # type: ignore[call-arg]


@attrs.frozen
class TwoCards:
    """A kind numbered by its two cards in field order: ``Exchange(p, give, take)`` is ``give * D + take``."""

    action: type[Action]

    def size(self, deck: tuple[Card, ...]) -> int:
        return len(deck) * len(deck)

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        first, second = action.cards()
        a, b = deck_position(deck, first), deck_position(deck, second)
        return -1 if a < 0 or b < 0 else a * len(deck) + b

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        first, second = divmod(index, len(deck))
        return self.action(_seat(state), deck[first], deck[second])  # type: ignore[call-arg]


@attrs.frozen
class ByValue:
    """A kind numbered by one field's value among a fixed few: ``ByValue(Draw, "source", ("stock", "discard"))``."""

    action: type[Action]
    field: str
    values: tuple[object, ...]

    def size(self, deck: tuple[Card, ...]) -> int:
        return len(self.values)

    def index(self, state: GameState, action: Action, deck: tuple[Card, ...]) -> int:
        return self.values.index(getattr(action, self.field))

    def action_at(self, state: GameState, index: int, deck: tuple[Card, ...]) -> Action | None:
        return self.action(_seat(state), self.values[index])  # type: ignore[call-arg]
