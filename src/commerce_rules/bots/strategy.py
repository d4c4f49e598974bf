"""What a part's strategy promises the bots: :class:`GreedyStrategy`, and the default for a part without one.

The bots never ask which mechanism or scoring they are playing. For the
phase an observation is in they ask the bots' registry
(:func:`commerce_rules.bots.strategies.strategy_for`) for the strategy of the
part that owns the phase (``type(variant_of(rules).owners[phase])``), and that
strategy answers everything particular to the part:

* :meth:`GreedyStrategy.act` -- the greedy choice, from the few public facts
  the greedy core needs (the :class:`~commerce_rules.bots.GreedyBot` and the
  :class:`~commerce_rules.bots.SearchBot`'s rollouts both call it);
* :attr:`GreedyStrategy.rollouts` -- whether the search bot may roll the deal
  out from this part's phases (a rollout plays the mechanism to the showdown);
* :meth:`GreedyStrategy.candidate_key` -- how the search bot orders this
  part's actions when there are more than it compares;
* :attr:`GreedyStrategy.learns` -- what an observer learns about where cards
  are from each kind of event the part records (:class:`KnownCards`).

A part with no strategy is played by :class:`DefaultStrategy`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

from ..core.actions import Action, Knock
from ..core.cards import Card
from ..core.state import Event, EventKind, Phase

if TYPE_CHECKING:
    from ..core.observation import Observation
    from ..core.rules import Rules
    from .model import HandModel

__all__ = ["GUARD_TURNS_PER_PLAYER", "DefaultStrategy", "EventRule", "GreedyStrategy", "KnownCards", "FIRST", "Situation"]

GUARD_TURNS_PER_PLAYER: Final = 12
"""Knock (or pass) once a deal has run this many turns per active player."""

FIRST: Final = (1 << 30, 0.0)
"""A :meth:`GreedyStrategy.candidate_key` that puts an action first (knock and pass, by default)."""


class KnownCards:
    """Where an observer knows cards to be: in another seat's hand (``pinned``), or in the discard.

    Built empty for one observation; each event of its history is read by
    the :data:`EventRule` of its kind, which updates the pins.
    """

    __slots__ = ("me", "rules", "pinned", "discard")

    def __init__(self, observation: Observation) -> None:
        self.me = observation.player
        """The observer's seat."""
        self.rules = observation.rules
        """The rules of the observed game."""
        self.pinned: dict[int, list[Card]] = {seat: [] for seat in range(observation.num_players) if seat != self.me}
        """Each other seat -> the cards known to be in its hand."""
        self.discard: list[Card] = []
        """The cards known to be in the discard."""

    def unpin(self, card: Card) -> None:
        """``card`` is no longer known to be in any seat's hand."""
        for cards in self.pinned.values():
            if card in cards:
                cards.remove(card)


EventRule = Callable[[KnownCards, Event], None]
"""What an observer learns from one event of a kind: it updates the :class:`KnownCards`."""


class Situation(NamedTuple):
    """What a greedy strategy decides from: one seat's view of the table, read off its observation.

    One record instead of nine parameters, so that every part's strategy
    takes the same two arguments and a new field is added in one place.
    """

    rules: Rules
    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    widow: tuple[Card, ...]
    """Every face-up card on the table: the widow, then a face-up discard pile (latest last)."""
    dealer: int
    pot: int
    active: int
    """How many players are still in the match."""
    turns: int
    """The turns completed in this deal."""


class GreedyStrategy(Protocol):
    """The bots' strategy for one part that owns phases (a mechanism, or a scoring that asks a question)."""

    rollouts: bool
    """Whether the search bot may roll the deal out from this part's phases with the greedy policy."""
    learns: Mapping[EventKind, EventRule]
    """The kinds of event this part records that tell an observer where cards are, and what they tell."""

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        """The greedy choice among ``legal`` (at least two actions) for the situation's seat, in one of this part's phases."""

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        """The search bot's order for ``action`` of a three-card hand ``hand_bits``: the highest is searched first."""


class DefaultStrategy:
    """The strategy of a part that has none: the first legal action that is not a knock.

    So that a deal still ends, it knocks (if it may) once the deal has run
    :data:`GUARD_TURNS_PER_PLAYER` turns per active player, like every greedy
    strategy. It rolls nothing out and learns nothing from events: the search
    bot plays its choice.
    """

    rollouts = False
    learns: Mapping[EventKind, EventRule] = {}

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        knocks = [action for action in legal if isinstance(action, Knock)]
        if knocks and turns >= GUARD_TURNS_PER_PLAYER * active:
            return knocks[0]
        return next((action for action in legal if not isinstance(action, Knock)), legal[0])

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        return FIRST
