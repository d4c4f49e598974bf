"""``observe``: what one player may know, and nothing else.

Built from the state's list of public and private fields (see
:mod:`commerce_rules.state`): the player's own hand, the public fields, the
sizes of hidden piles (a face-up discard pile itself, where the mechanism
lays it face up), and the history with cards kept only in the events
that player saw. Never another seat's hand, the order of the stock or of a
hidden discard, or the seed. What is private in the turn record (a barter's
offered card) the mechanism removes.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_not, itemgetter
from typing import Any, NamedTuple

from .cards import Card
from .errors import ArgumentTypeError, CommerceError
from .records import value_record
from .rules import Rules
from .state import Event, GameState, Phase, Showdown
from .variant import variant_of

__all__ = ["Observation", "observe"]


@value_record
class Observation(NamedTuple):
    """One seat's view of a state: an immutable value, comparable with ``==``."""

    player: int
    """The observing seat."""
    rules: Rules
    num_players: int
    deal_number: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    """The observer's own cards (empty for Hoyle's dealer before the blind exchange)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""
    widow: tuple[Card, ...]
    """The face-up widow (empty while it lies face down: Schwimmen's extra hand before the dealer's choice)."""
    stock_count: int
    discard_count: int
    discard: tuple[Card, ...]
    """The discard pile, latest last, where it lies face up (Thirty-One); empty where it is hidden."""
    pot: int
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    active: tuple[int, ...]
    """The seats still in the match."""
    turn: Any
    """The mechanism's turn record, as this seat may see it (a barter's offer only to its offerer)."""
    score: Any
    """The scoring's match record (public)."""
    history: tuple[Event, ...]
    """The current deal's events, with cards only where the observer saw them."""
    showdowns: tuple[Showdown, ...]
    """Every past showdown, hands revealed."""
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def last_showdown(self) -> Showdown | None:
        """The most recent showdown, or ``None`` before the first."""
        return self.showdowns[-1] if self.showdowns else None

    def _repr_html_(self) -> str:
        """The table as this seat sees it, for Jupyter (see :func:`commerce_rules.render.observation_html`)."""
        from .render.table import observation_html

        return observation_html(self)


_VISIBLE_TO = itemgetter(4)
"""An event's ``visible_to`` (an ``Event`` is a tuple): read in C, as observe scans the deal's events on every turn."""
_new = tuple.__new__


def _without_cards(event: Event) -> Event:
    return event._replace(cards=())


def observe(state: GameState, player: int) -> Observation:
    """What ``player`` may know of ``state``.

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> view = observe(state, 1)
    >>> [str(card) for card in view.hand], view.stock_count, view.hand_sizes
    (['6♠', '7♠', 'K♦'], 43, (3, 3, 3))
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"observe() needs a GameState, not {type(state).__name__}")
    if type(player) is not int or not 0 <= player < state.num_players:
        shown = player if type(player) is int and abs(player) < 10**6 else type(player).__name__
        raise CommerceError(f"there is no seat {shown!r} (seats are 0 to {state.num_players - 1})")
    mechanism = variant_of(state.rules).mechanism
    hand = () if mechanism.hides_hand(state, player) else state.hands[player]
    history = state.history
    if any(map(is_not, map(_VISIBLE_TO, history), repeat(None))):  # some event is private (a scan in C: most are not)
        history = tuple([  # its cards kept only for the seats that saw them
            event if event.visible_to is None or player in event.visible_to or not event.cards else _without_cards(event)
            for event in history
        ])
    phase, to_act, turn, history = mechanism.seen(state, player, history)
    return _new(Observation, (
        player,
        state.rules,
        state.num_players,
        state.deal_number,
        state.dealer,
        phase,
        to_act,
        hand,
        tuple([len(h) for h in state.hands]),
        () if mechanism.hides_widow(state) else state.widow,
        len(state.stock),
        len(state.discard),
        state.discard if mechanism.discard_face_up else (),
        state.pot,
        state.balances,
        state.lives,
        state.active,
        turn,
        state.score,
        history,
        state.showdowns,
        state.winners,
    ))  # fmt: skip
