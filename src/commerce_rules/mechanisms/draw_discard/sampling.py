"""What an observer of Thirty-One knows of the hidden cards, and the hidden draws that fit a placement.

**What the history tells** (:func:`whereabouts`). Every discard lands face
up on the pile, and taking the pile's top card is public, so a card taken
from the pile is in the taker's hand until that seat discards it again. A
card drawn from the stock is seen by its drawer alone: to every other seat
it may be any card it has not seen.

**Rebuilding the hidden draws** (:func:`rebuild`). For a placement of the
hidden cards, each seat's moves are played backwards from its hand: a
discard goes back into the hand, a card taken goes back onto the pile, and
a hidden draw puts back on the stock one card of the hand that the observer
had not seen before that draw (a card it had seen was in its hand, on the
pile or held since it was taken). With ``blitz`` no hand of 31 may stand at
any turn's start (the deal would have ended), so the choices are searched
depth first; a placement no choice fits is impossible (a hand of 31 now, or
one forced earlier) and :func:`~commerce_rules.sample_state` draws another.
The discard pile is face up: it is the observation's own, in its order.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from ...core.errors import CommerceError
from ...core.state import Event, EventKind, Phase
from ...parts.whereabouts import Rebuilt, Whereabouts
from .record import DrawTurn, thirty_one

if TYPE_CHECKING:
    from ...core.cards import Card
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...parts.features import Features

__all__ = ["MAX_STEPS", "DrawDiscardLearning", "rebuild", "whereabouts"]

MAX_STEPS: Final = 20_000
"""The bound on one seat's backward search (then the placement counts as impossible; no test reaches it)."""

_DEAL_PHASES: Final = (Phase.PLAY, Phase.DISCARD, Phase.FINAL_ROUND)


def whereabouts(view: Observation) -> Whereabouts:
    """A card taken from the pile is in the taker's hand until discarded; every other hidden card may be anywhere hidden."""
    _first_pile(view)  # the pile's order must be the one the history made
    known: dict[Card, int] = {}
    for event in view.history:
        if event.kind is EventKind.TAKE_DISCARD:
            known[event.cards[0]] = event.player
        elif event.kind is EventKind.DISCARD:
            known.pop(event.cards[0], None)  # face up on the pile: visible, not hidden
    return Whereabouts(known)


def _first_pile(view: Observation) -> list[Card]:
    """The discard pile as the deal began (the card turned up), the history played back from the pile shown.

    :raises CommerceError: the pile shown is not what the history's discards and takes left.
    """
    pile = list(view.discard)
    for event in reversed(view.history):
        if event.kind is EventKind.DISCARD:
            if not pile or pile[-1] != event.cards[0]:
                raise CommerceError(f"the discard pile's top is not {event.cards[0]}, which the history discarded last")
            pile.pop()
        elif event.kind is EventKind.TAKE_DISCARD:
            pile.append(event.cards[0])
    if view.history and not pile:
        raise CommerceError("the discard pile lacks the card turned up to start it")
    return pile


def _seen_before(view: Observation) -> list[frozenset[Card]]:
    """For each event, the cards the observer had seen before it (its dealt hand, the pile's first card, every card shown)."""
    me = view.player
    hand = set(view.hand)
    for event in reversed(view.history):  # back to the deal: the observer's hand as it was dealt
        if event.player != me or not event.cards:
            continue
        if event.kind is EventKind.DISCARD:
            hand.add(event.cards[0])
        elif event.kind in (EventKind.TAKE_DISCARD, EventKind.DRAW):
            hand.discard(event.cards[0])
    seen = {*hand, *_first_pile(view)}
    before = []
    for event in view.history:
        before.append(frozenset(seen))
        seen.update(event.cards)
    return before


def _fill(
    seat: int, hand: frozenset[Card], moves: list[tuple[int, Event]], seen: list[frozenset[Card]], rules: Rules, rng: random.Random
) -> dict[int, Card] | None:
    """The cards of ``seat``'s hidden draws (event index -> card), played back from ``hand``; ``None`` if none fit."""
    blitz = rules.blitz
    stack: list[tuple[int, frozenset[Card], dict[int, Card]]] = [(len(moves), hand, {})]
    failed: set[tuple[int, frozenset[Card]]] = set()
    steps = 0
    while stack:
        steps += 1
        if steps > MAX_STEPS:
            return None
        at, hand, chosen = stack.pop()
        if at == 0:
            if blitz and moves and len(hand) == 3 and thirty_one(tuple(hand), rules):
                continue  # dealt 31: the deal would have ended at once
            return chosen
        if (at, hand) in failed:
            continue
        failed.add((at, hand))  # tried now: a later visit from elsewhere finds nothing new
        index, event = moves[at - 1]
        if event.kind is EventKind.DISCARD:
            if blitz and len(hand) == 3 and thirty_one(tuple(hand), rules) and at != len(moves):
                continue  # a discard that left 31 ended the deal: only the last move may have
            stack.append((at - 1, hand | {event.cards[0]}, chosen))
        elif event.kind is EventKind.TAKE_DISCARD:
            stack.append((at - 1, hand - {event.cards[0]}, chosen))
        elif event.cards:  # the observer's own draw: it saw the card
            stack.append((at - 1, hand - {event.cards[0]}, chosen))
        else:
            candidates = sorted(hand - seen[index])
            rng.shuffle(candidates)
            for card in reversed(candidates):  # the stack pops the first candidate first
                stack.append((at - 1, hand - {card}, {**chosen, index: card}))
    return None


def rebuild(
    view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
) -> Rebuilt | None:
    """The placement's hidden draws, or ``None`` where no play reaches it (a hand of 31 under ``blitz``)."""
    rules = view.rules
    moves: dict[int, list[tuple[int, Event]]] = {}
    for index, event in enumerate(view.history):
        if event.kind in (EventKind.DRAW, EventKind.TAKE_DISCARD, EventKind.DISCARD):
            moves.setdefault(event.player, []).append((index, event))
    hidden = {event.player for event in view.history if event.kind is EventKind.DRAW and not event.cards}
    seen = _seen_before(view) if hidden else []
    drawn: dict[int, Card] = {}
    for seat in range(view.num_players):
        if seat == view.player or not hands[seat]:
            continue  # (between deals a seat just out still shows its hand, and its moves need their cards)
        if rules.blitz and view.phase in _DEAL_PHASES and len(hands[seat]) == 3 and thirty_one(hands[seat], rules):
            return None  # a hand of 31 would have ended the deal
        if seat not in hidden and not rules.blitz:
            continue  # nothing to choose, nothing to rule out
        found = _fill(seat, frozenset(hands[seat]), moves.get(seat, []), seen, rules, rng)
        if found is None:
            return None
        drawn.update(found)
    history = tuple(event._replace(cards=(drawn[index],)) if index in drawn else event for index, event in enumerate(view.history))
    return Rebuilt(hands, stock, view.discard, view.phase, view.to_act, view.turn, history)


class DrawDiscardLearning:
    """Draw and discard's learning role: its slice of the tensor, where hidden cards may be, and a placement's state."""

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> DrawTurn:
        turn: DrawTurn = view.turn
        return turn

    def turn_features_size(self, rules: Rules, players: int) -> int:
        return 3 * players + 2 * rules.deck_size + 1

    def turn_features(self, view: Observation, out: Features) -> None:
        """Whose turn, turns / (10 N), the card just taken from the pile, the knocker, the seats owed a
        final turn, and the face-up discard pile in its order (``(position + 1) / D``, the top highest)."""
        turn: DrawTurn = view.turn
        out.seat(turn.turn_of)
        out.number(turn.turns, 10 * view.num_players)
        out.cards(() if turn.taken is None else (turn.taken,))
        out.seats(turn.knockers)
        out.seats(turn.final_left)
        out.order(view.discard, len(out.deck))

    def whereabouts(self, view: Observation) -> Whereabouts:
        """A card taken from the discard pile is in the taker's hand until discarded; a stock draw is the drawer's secret."""
        return whereabouts(view)

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """The cards of the draws the observer did not see; the pile is face up, in its real order."""
        return rebuild(view, hands, stock, discard, rng)
