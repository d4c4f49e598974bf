"""What an observer of the widow game knows of the hidden cards, and the pounce question a placement implies.

:class:`WidowView` gives the mechanism its part of observing: what a seat
sees of a state (:meth:`~WidowView.seen`), and the rebuilt state of a placement.

**What the history tells** (:func:`whereabouts`). Every exchange is public,
so a card taken from the widow is in the taker's hand until it is given
back; a pounce shows the pouncer's four cards (the tricon and its fourth).
Every other card the observer cannot see may be in any other hand or the stock.

**The pounce question** (:func:`rebuild`). Another seat's pending question,
and a pounce declined by another seat, are hidden (Rules §3.3), so a
placement decides them: the seats able to pounce on the widow as it is are
asked in turn order from the seat whose turn it is. Those before the
observer's own question (or its own refusal) have declined; the first after
it is being asked. Two things tell an observer that another seat is being
asked: it could pounce itself but is neither asked nor has declined (an
earlier seat answers first), or the turn has made all its exchanges (it
would have ended but for a question); the placements are then drawn among
those where such a seat holds a tricon of a widow card's rank. Where the
observer is not concerned, the first seat able to pounce is the one asked
(no hidden refusals are imagined: they leave no trace in any placement).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..deck import deck_for
from ..errors import CommerceError
from ..state import Event, EventKind, Phase
from ..whereabouts import DISCARD, Rebuilt, Whereabouts
from .common import taken_from_the_widow
from .widow_record import WidowTurn, blitz_among, pounce_card_in

if TYPE_CHECKING:
    from ..cards import Card
    from ..observe import Observation
    from ..parts import Seen
    from ..state import GameState

__all__ = ["WidowView", "rebuild", "whereabouts"]

_POUNCE, _DECLINED = Phase.POUNCE, EventKind.POUNCE_DECLINED


def whereabouts(view: Observation) -> Whereabouts:
    known: dict[Card, int] = {}
    deck = deck_for(view.rules)
    for event in view.history:
        if event.kind is EventKind.EXCHANGE:
            taken_from_the_widow(event, known)
        elif event.kind is EventKind.POUNCE:
            card, refill = event.cards
            for same in deck:
                if same.rank is card.rank:
                    known[same] = event.player
            known.pop(refill, None)
        elif event.kind is EventKind.EXCHANGE_ALL:  # the whole hand for the whole widow, face up
            for card in event.cards[:3]:
                known.pop(card, None)
            for card in event.cards[3:]:
                known[card] = event.player
        elif event.kind is EventKind.NEW_WIDOW:  # the dead widow to the discard, three new from the stock
            for card in event.cards[:3]:
                known[card] = DISCARD
    return Whereabouts(known, {}, _pending_question(view, deck))


def _pending_question(view: Observation, deck: tuple[Card, ...]) -> tuple[dict[Card, int], ...]:
    """Where the observation shows that another seat is being asked whether to pounce: who that may be.

    The observer sees the table as if no question were pending, yet two
    things tell it one is: it could pounce itself but is neither asked nor
    has declined (an earlier seat is asked first), or the turn has made all
    its exchanges (it would have ended, but for a question). Then some seat
    — before the observer in turn order, after it if it declined, else any
    other — holds the three other cards of a widow card's rank: one
    alternative per such seat and rank.
    """
    turn: WidowTurn = view.turn
    hand, me, rules = view.hand, view.player, view.rules
    if not rules.pounce or view.phase not in (Phase.PLAY, Phase.FINAL_ROUND) or not view.stock_count:
        return ()
    able = len(hand) == 3 and len({card.rank for card in hand}) == 1 and any(c.rank is hand[0].rank for c in view.widow)
    n = view.num_players
    order = [(turn.turn_of + offset) % n for offset in range(n)]
    at = order.index(me)
    if me in turn.declined:
        seats = order[at + 1 :] if turn.exchanges >= rules.exchanges_per_turn else []
    elif able:
        seats = order[:at]
    elif turn.exchanges >= rules.exchanges_per_turn:
        seats = [seat for seat in order if seat != me]
    else:
        seats = []
    alternatives = []
    for seat in seats:
        if seat not in view.active or view.hand_sizes[seat] != 3:
            continue
        for card in view.widow:
            others = [same for same in deck if same.rank is card.rank and same not in view.widow]
            if len(others) == 3 and not (able and card.rank is hand[0].rank):
                alternatives.append({same: seat for same in others})
    if seats and not alternatives:
        raise CommerceError("the observation is not consistent: a pounce question is pending, but nobody can be asked")
    return tuple(alternatives)


def rebuild(
    view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
) -> Rebuilt | None:
    turn: WidowTurn = view.turn
    if view.rules.blitz and view.phase in (Phase.PLAY, Phase.FINAL_ROUND, _POUNCE):
        others = tuple(seat for seat in range(view.num_players) if seat != view.player)
        if blitz_among(view.rules, hands, others):
            return None  # a hand worth 31 (or Feuer) would have ended the deal (Rules §7.6)
    dead = tuple(card for event in view.history if event.kind is EventKind.NEW_WIDOW for card in event.cards[:3])
    if sorted(dead) == sorted(discard):  # the dead widows, in the order they went
        discard = dead
    if not view.rules.pounce or view.phase not in (Phase.PLAY, Phase.FINAL_ROUND, _POUNCE):
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, turn, view.history)
    me, n = view.player, view.num_players
    order = [(turn.turn_of + offset) % n for offset in range(n)]
    able = [seat for seat in order if pounce_card_in(hands[seat], view.widow, stock) is not None]
    asked: int | None
    if view.phase is _POUNCE:  # the observer is asked: every seat able before it has declined
        before = able[: able.index(me)]
        declined, asked = tuple(before), me
    elif me in turn.declined:
        at = able.index(me)
        declined, asked = tuple(able[: at + 1]), (able[at + 1] if at + 1 < len(able) else None)
    elif me in able:  # able, not asked, not declined: an earlier seat's answer is awaited
        if able[0] == me:
            return None
        declined, asked = (), able[0]
    else:
        declined, asked = (), (able[0] if able else None)
    history = _with_refusals(view.history, [seat for seat in declined if seat != me], me)
    turn = turn._replace(declined=declined)
    if asked is None or view.phase is _POUNCE:
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, turn, history)
    return Rebuilt(hands, stock, discard, _POUNCE, asked, turn._replace(resume=view.phase), history)


def _with_refusals(history: tuple[Event, ...], seats: list[int], me: int) -> tuple[Event, ...]:
    """``history`` with the hidden refusals of ``seats``, just before the observer's own (or at the end)."""
    if not seats:
        return history
    refusals = tuple(Event(_DECLINED, seat) for seat in seats)
    for at in range(len(history) - 1, -1, -1):
        if history[at].kind is _DECLINED and history[at].player == me:
            return history[:at] + refusals + history[at:]
    return history + refusals


class WidowView:
    """What a seat of the widow game sees of a state, and the state an observation's placement rebuilds (the mechanism's)."""

    def seen(self, state: GameState, player: int, history: tuple[Event, ...]) -> Seen:
        """The pounce question is private (Rules §3.3): another seat sees the table as if none were pending.

        So it sees the phase play resumes in and the seat whose turn it is,
        and no trace of a pounce declined by another seat — not in the
        history, not in ``declined``. A pounce taken is public.
        """
        turn: WidowTurn = state.turn
        phase, to_act = state.phase, state.to_act
        if phase is _POUNCE and player != to_act:
            assert turn.resume is not None
            phase, to_act = turn.resume, turn.turn_of
            turn = turn._replace(resume=None)
        if turn.declined and any(seat != player for seat in turn.declined):
            turn = turn._replace(declined=tuple(seat for seat in turn.declined if seat == player))
            history = tuple(e for e in history if e.kind is not _DECLINED or e.player == player)
        return phase, to_act, turn, history

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> WidowTurn:
        turn: WidowTurn = view.turn
        return turn

    def hides_hand(self, state: GameState, player: int) -> bool:
        return False

    def whereabouts(self, view: Observation) -> Whereabouts:
        """A card taken from the widow is in the taker's hand until given back; a pounce shows a quad."""
        return whereabouts(view)

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """Everything is public but the pounce questions: the placement decides who is being asked."""
        return rebuild(view, hands, stock, discard, rng)
