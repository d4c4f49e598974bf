"""``observe``: what one player may know, and nothing else.

Built from the state's list of public and private fields (see
:mod:`commerce_rules.state`): the player's own hand, the public fields, the
sizes of hidden piles, and the history with cards kept only in the events
that player saw. Never another seat's hand, the order of the stock or
discard, or the seed.
"""

from __future__ import annotations

import attrs

from .cards import Card
from .errors import ArgumentTypeError, CommerceError
from .rules import Rules
from .state import Event, GameState, MatchProgress, Phase, Showdown, TurnState

__all__ = ["Observation", "observe"]


@attrs.frozen(slots=False)
class Observation(MatchProgress):
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
    stock_count: int
    discard_count: int
    pot: int
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    turn: TurnState
    """The turn's bookkeeping; ``offer`` is shown only to the seat that offered it."""
    history: tuple[Event, ...]
    """The current deal's events, with cards only where the observer saw them."""
    showdowns: tuple[Showdown, ...]
    """Every past showdown, hands revealed."""
    winners: tuple[int, ...]
    horse_bought: bool


def _seen(event: Event, player: int) -> Event:
    if event.visible_to is None or player in event.visible_to or not event.cards:
        return event
    return attrs.evolve(event, cards=())


def observe(state: GameState, player: int) -> Observation:
    """What ``player`` may know of ``state``.

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> view = observe(state, 1)
    >>> [str(card) for card in view.hand], view.stock_count, view.hand_sizes
    (['6♠', '7♠', 'K♦'], 43, (3, 3, 3))
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"observe() needs a GameState, not {type(state).__name__}")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.num_players:
        raise CommerceError(f"there is no seat {player!r} (seats are 0 to {state.num_players - 1})")
    turn = state.turn
    if turn.offer is not None and player != turn.turn_of:
        turn = attrs.evolve(turn, offer=None)
    hand = state.hands[player]
    if state.phase is Phase.BLIND_EXCHANGE and player == state.dealer:
        hand = ()  # Hoyle: the dealer exchanges before looking at the hand
    history = state.history
    if any(event.visible_to is not None and player not in event.visible_to for event in history):
        history = tuple(_seen(event, player) for event in history)
    fields = {
        "player": player,
        "rules": state.rules,
        "num_players": state.num_players,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "phase": state.phase,
        "to_act": state.to_act,
        "hand": hand,
        "hand_sizes": tuple([len(h) for h in state.hands]),
        "widow": state.widow,
        "stock_count": len(state.stock),
        "discard_count": len(state.discard),
        "pot": state.pot,
        "balances": state.balances,
        "lives": state.lives,
        "turn": turn,
        "history": history,
        "showdowns": state.showdowns,
        "winners": state.winners,
        "horse_bought": state.horse_bought,
    }
    # Built as GameState's successors are, one dictionary and no per-field
    # __init__: a bot asks for an observation at every turn.
    view = object.__new__(Observation)
    object.__setattr__(view, "__dict__", fields)
    return view
