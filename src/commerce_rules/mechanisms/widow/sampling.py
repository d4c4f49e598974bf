"""What an observer of the widow game knows of the hidden cards, and the pounce question a placement implies.

:class:`WidowLearning` is the mechanism's learning role: its slice of the
observation tensor, where the hidden cards may be, and the rebuilt state of a placement.

**What the history tells** (:func:`whereabouts`). Every exchange is public,
so a card taken from the widow is in the taker's hand until it is given
back; a pounce shows the pouncer's four cards (the tricon and its fourth).
Every other card the observer cannot see may be in any other hand or the stock.

**The pounce question** (:func:`rebuild`). Another seat's pending question,
and a pounce declined by another seat, are hidden (Rules §3.3): the
observer sees the table as if they had been declined. So a placement
decides them: every seat able to pounce on the widow as it is was asked,
and has declined, unless the observer is asked itself (those before it
have declined) or the deal's end is shown waiting for an answer (the first
able seat after the observer's refusal, or after the turn's seat, is being
asked, and the placements are drawn among those where such a seat holds a
tricon of a widow card's rank).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.deck import deck_for
from ...core.errors import CommerceError
from ...core.state import Event, EventKind, Phase
from ...parts.whereabouts import DISCARD, Rebuilt, Whereabouts
from ..common import taken_from_the_widow
from .record import WidowTurn, blitz_among, pounce_card_in

if TYPE_CHECKING:
    from ...core.cards import Card
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...parts.features import Features

__all__ = ["WidowLearning", "rebuild", "whereabouts"]



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

    The observer sees the table as if another seat's question had been
    declined (:func:`~commerce_rules.engine.visibility.as_if_unasked`), so two
    views only tell it a question is pending: it could pounce itself but is
    neither asked nor has declined (a seat before it is asked first), or
    the deal's end waits for an answer (nobody to act; the seat asked comes
    after the observer if it declined, else it is any other). Then that
    seat holds the three other cards of a widow card's rank: one
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
    if able and me not in turn.declined:  # its own question is to come: a seat before it is being asked
        seats = order[:at]
    elif view.to_act is not None:
        return ()
    else:  # the deal's end waits for an answer: after the observer's own refusal, or from any other seat
        seats = order[at + 1 :] if me in turn.declined else [seat for seat in order if seat != me]
    alternatives = []
    for seat in seats:
        if seat not in view.active or view.hand_sizes[seat] != 3:
            continue
        for card in view.widow:
            others = [same for same in deck if same.rank is card.rank and same not in view.widow]
            if len(others) == 3 and not (able and card.rank is hand[0].rank):
                alternatives.append({same: seat for same in others})
    if not alternatives:
        raise CommerceError("the observation is not consistent: a pounce question is pending, but nobody can be asked")
    return tuple(alternatives)


def rebuild(
    view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
) -> Rebuilt | None:
    """The state of a placement: who declined a pounce unseen, and who is being asked (Rules §3.3).

    Every seat able to pounce was asked as soon as the widow let it: one
    that is not asked now has declined, unseen by the observer, or is still
    to be asked after the one being asked. Asked itself, the observer was
    asked after every able seat before it declined; able but not asked, it
    waits for the first able seat's answer; otherwise the table it sees has
    every other seat's question declined (play went on), or, where nobody
    is shown to act, the deal's end waits for the first able seat's answer
    after the observer's own refusal (or after the turn's seat).
    """
    turn: WidowTurn = view.turn
    if view.rules.blitz and view.phase in (Phase.PLAY, Phase.FINAL_ROUND, Phase.POUNCE):
        others = tuple(seat for seat in range(view.num_players) if seat != view.player)
        if blitz_among(view.rules, hands, others):
            return None  # a hand worth 31 (or Feuer) would have ended the deal (Rules §7.6)
    dead = tuple(card for event in view.history if event.kind is EventKind.NEW_WIDOW for card in event.cards[:3])
    if sorted(dead) == sorted(discard):  # the dead widows, in the order they went
        discard = dead
    if not view.rules.pounce or view.phase not in (Phase.PLAY, Phase.FINAL_ROUND, Phase.POUNCE):
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, turn, view.history)
    me, n = view.player, view.num_players
    order = [(turn.turn_of + offset) % n for offset in range(n)]
    able = [seat for seat in order if seat in view.active and pounce_card_in(hands[seat], view.widow, stock) is not None]
    if view.phase is Phase.POUNCE:  # the observer is asked: every seat able before it has declined
        declined = tuple(able[: able.index(me)])
        history = _with_refusals(view.history, list(declined), me)
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, turn._replace(declined=declined), history)
    if me in able and me not in turn.declined:  # its own question is to come: the first seat able is asked
        if able[0] == me:
            return None
        asking = turn._replace(declined=(), resume=view.phase)
        return Rebuilt(hands, stock, discard, Phase.POUNCE, able[0], asking, view.history)
    if view.to_act is not None:  # play went on: every other seat able to pounce declined
        declined = tuple(seat for seat in able if seat != me or me in turn.declined)
        history = _with_refusals(view.history, [seat for seat in declined if seat != me], me)
        return Rebuilt(hands, stock, discard, view.phase, view.to_act, turn._replace(declined=declined), history)
    start = able.index(me) + 1 if me in turn.declined else 0  # the deal's end waits for an answer
    waiting = [seat for seat in able[start:] if seat != me]
    if not waiting:
        return None
    asked = waiting[0]
    declined = tuple(able[: able.index(asked)])
    history = _with_refusals(view.history, [seat for seat in declined if seat != me], me)
    turn = turn._replace(declined=declined, resume=view.phase)
    return Rebuilt(hands, stock, discard, Phase.POUNCE, asked, turn, history)


def _with_refusals(history: tuple[Event, ...], seats: list[int], me: int) -> tuple[Event, ...]:
    """``history`` with the hidden refusals of ``seats``, just before the observer's own (or at the end)."""
    if not seats:
        return history
    refusals = tuple(Event(EventKind.POUNCE_DECLINED, seat) for seat in seats)
    for at in range(len(history) - 1, -1, -1):
        if history[at].kind is EventKind.POUNCE_DECLINED and history[at].player == me:
            return history[:at] + refusals + history[at:]
    return history + refusals


class WidowLearning:
    """The widow game's learning role: its slice of the tensor, where hidden cards may be, and a placement's state."""

    def turn_features_size(self, rules: Rules, players: int) -> int:
        return 4 * players + rules.deck_size + 5

    def turn_features(self, view: Observation, out: Features) -> None:
        """Whose turn, turns / (10 N), passes / N, exchanges / 3, the cards given this turn, the knocker,
        the seats owed a final turn, the seats that declined a pounce (seen), the phase a question returns to."""
        turn: WidowTurn = view.turn
        n = view.num_players
        out.seat(turn.turn_of)
        out.number(turn.turns, 10 * n)
        out.number(turn.passes, n)
        out.number(turn.exchanges, 3)
        out.cards(turn.given)
        out.seats(turn.knockers)
        out.seats(turn.final_left)
        out.seats(turn.declined)
        out.one_hot(None if turn.resume is None else (Phase.PLAY, Phase.FINAL_ROUND).index(turn.resume), 2)

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> WidowTurn:
        turn: WidowTurn = view.turn
        return turn

    def whereabouts(self, view: Observation) -> Whereabouts:
        """A card taken from the widow is in the taker's hand until given back; a pounce shows a quad."""
        return whereabouts(view)

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """Everything is public but the pounce questions: the placement decides who is being asked."""
        return rebuild(view, hands, stock, discard, rng)
