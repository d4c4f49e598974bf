"""Thirty-One's draw and discard (Rules §8.3-8.8): draw, discard, knock, a final round, the blitz.

After the deal the next card is turned face up to start the discard pile. A
turn is a draw — the stock's top card, seen by the drawer alone, or the
discard pile's top card, in public — then a discard face up onto the pile
(**[resolution]**: a card just taken from the pile may not go back in the same
turn; one drawn from the stock may). Instead of drawing, a player may knock,
once per deal: every other active player then has one final turn (draw and
discard). With ``blitz`` a hand of exactly 31 ends the deal at once — after
the deal, or after any discard, in a final turn too — and a blitz comes
before the stock's end: when a draw takes the stock's last card, the drawer
discards and the showdown follows (**[resolution]**).

A turn is two actions, so the state between them is its own phase
(``Phase.DISCARD``): the drawer holds four cards until the discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...parts.action_kinds import ByValue, NoCard, OneCard
from ...core.actions import MAX_SEAT, Action, Knock, seat_action
from ...core.caches import seat_table
from ...core.cards import Card
from ...parts.play import CheckedWhereMade
from ...parts.sight import EventSight, FieldSight, PrivateQuestion
from ...core.events import appended
from ...core.records import built_by_position
from ...core.state import DealLog, EventKind, GameState, Phase, ShowdownReason, clockwise_from, NEXT_ACTIVE, opened
from ..common import with_seat, without
from .record import DISCARD, SOURCES, STOCK, Discard, Draw, DRAW_DISCARD_PHASES, DrawTurn, draw_turn, thirty_one

if TYPE_CHECKING:
    from ...parts.action_kinds import ActionKind
    from ...parts.play import Begun, EventShape, Step
    from ...core.rules import Rules

__all__ = ["Discard", "Draw", "DrawDiscard", "DrawTurn"]

_PLAY, _FINAL, _DISCARD = Phase.PLAY, Phase.FINAL_ROUND, Phase.DISCARD
_DRAW, _TAKE, _DISCARDED, _KNOCK = EventKind.DRAW, EventKind.TAKE_DISCARD, EventKind.DISCARD, EventKind.KNOCK
_BLITZ, _EXHAUSTED, _FINAL_OVER = ShowdownReason.BLITZ, ShowdownReason.STOCK_EXHAUSTED, ShowdownReason.FINAL_ROUND
"""The enum members the moves read, as module globals: on Python 3.11 a member read through its class goes through the
enum metaclass's attribute hook, several times a global's cost (``docs/performance.md``, "Fast paths kept")."""
_KINDS: tuple[ActionKind, ...] = (ByValue(Draw, "source", SOURCES), OneCard(Discard), NoCard(Knock))


def _draws_of(seat: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    stock, discard = Draw(seat, STOCK), Draw(seat, DISCARD)
    return (stock, discard, seat_action(Knock, seat)), (stock, discard)


def _discards_of(seat: int) -> list[Discard]:
    return [Discard(seat, Card.from_index(index)) for index in range(52)]


_DRAWS: Final = seat_table(_draws_of, MAX_SEAT + 1)
"""A turn's first choices by seat: draw from the stock or the discard pile, then knock (in play); or the draws alone."""
_DISCARDS: Final = seat_table(_discards_of, MAX_SEAT + 1)
"""A seat's interned discard of each card, by card index."""


@built_by_position(GameState)
def _moved(
    state: GameState, *, phase: Phase, to_act: int, hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...], discard: tuple[Card, ...], turn: DrawTurn, log: DealLog,
) -> GameState:
    """``state`` after a draw, a discard or a knock: as :func:`~commerce_rules.core.state.moved`, with the discard pile.

    Every action of the deal makes one, so :func:`~commerce_rules.core.records.built_by_position` compiles it to
    build the state by position: the plain ``_replace`` of a 20-field state costs Thirty-One's ``apply`` about a
    tenth (``docs/performance.md``, "Fast paths kept").
    """
    return state._replace(phase=phase, to_act=to_act, hands=hands, stock=stock, discard=discard, turn=turn, log=log)


class DrawDiscard(CheckedWhereMade):
    """Draw from the stock or the discard pile, discard face up; knock for a final round; 31 ends the deal."""

    phases: tuple[Phase, ...] = DRAW_DISCARD_PHASES
    widow_size = 0
    discard_face_up = True
    events: dict[EventKind, EventShape] = {
        _DRAW: ((1,), EventSight.PLAYER), _TAKE: ((1,), EventSight.EVERYONE),
        _DISCARDED: ((1,), EventSight.EVERYONE), _KNOCK: ((0,), EventSight.EVERYONE),
    }
    """A card drawn from the stock is the drawer's; the pile lies face up."""
    turn_sight: dict[str, FieldSight] = dict.fromkeys(DrawTurn._fields, FieldSight.EVERYONE)
    private_questions: tuple[PrivateQuestion, ...] = ()

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return self.phases

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        """A draw by its source (the stock, then the pile), a discard by its card, the knock."""
        return _KINDS

    def cards_needed(self, players: int) -> int:
        return 2  # the card turned up to start the discard pile, and a stock to draw from

    def begin(
        self, state: GameState, deal_number: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
        widow: tuple[Card, ...], stock: tuple[Card, ...], pot: int, balances: tuple[int, ...], log: DealLog,
    ) -> Begun:
        """Turn the stock's top card up to start the discard pile; a deal dealt with a 31 ends at once (a blitz)."""
        eldest = NEXT_ACTIVE[state.active][dealer]
        turn = draw_turn(eldest)
        begun = opened(
            state, deal_number=deal_number, dealer=dealer, phase=_PLAY, to_act=eldest, hands=hands, widow=widow,
            stock=stock[1:], discard=stock[:1], pot=pot, balances=balances, turn=turn, log=log,
        )
        rules = state.rules
        if rules.blitz and any(thirty_one(hands[seat], rules) for seat in state.active):
            return begun, _BLITZ
        return begun, None

    # ------------------------------------------------------------------ legality

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        assert seat is not None
        phase = state.phase
        if phase is _DISCARD:  # the four cards held, in hand order, but one just taken from the pile
            table = _DISCARDS[seat]
            taken = state.turn.taken
            return tuple([table[card.index] for card in state.hands[seat] if card is not taken])
        with_knock, draws = _DRAWS[seat]
        return with_knock if phase is _PLAY else draws

    # ------------------------------------------------------------------ play

    def play(self, state: GameState, action: Action) -> Step | None:
        """The step of ``action``, or ``None`` where it is not legal: every move is checked where it is made."""
        seat = action.player
        if seat != state.to_act:
            return None
        kind = type(action)
        turn: DrawTurn = state.turn
        if state.phase is _DISCARD:
            if kind is not Discard:
                return None
            card = action.card  # type: ignore[attr-defined]
            if card not in state.hands[seat] or card is turn.taken:
                return None
            return self._discard(state, turn, seat, card)
        if kind is Draw:  # the stock's top card, seen by the drawer alone, or the pile's, in public
            stock, discard = state.stock, state.discard
            if action.source == STOCK:  # type: ignore[attr-defined]
                if not stock:
                    return None
                card, stock = stock[0], stock[1:]
                log = appended(state.log, _DRAW, seat, (card,), None, (seat,))
            else:
                if not discard:
                    return None
                card, discard = discard[-1], discard[:-1]
                log = appended(state.log, _TAKE, seat, (card,))
                turn = draw_turn(seat, turn.turns, card, turn.knockers, turn.final_left)  # it may not go back this turn
            hands = with_seat(state.hands, seat, state.hands[seat] + (card,))
            after = _moved(
                state, phase=_DISCARD, to_act=seat, hands=hands, stock=stock, discard=discard, turn=turn, log=log
            )
            return after, None
        if kind is not Knock or state.phase is not _PLAY:
            return None
        others = clockwise_from(state.active, seat)[:-1]  # the knocker is in play: last of the seats from its left
        log = appended(state.log, _KNOCK, seat)
        turns = turn.turns + 1
        following = others[0]
        turn = draw_turn(following, turns, knockers=(seat,), final_left=others)
        hands, stock, discard = state.hands, state.stock, state.discard
        after = _moved(
            state, phase=_FINAL, to_act=following, hands=hands, stock=stock, discard=discard, turn=turn, log=log
        )
        return after, None

    def _discard(self, state: GameState, turn: DrawTurn, seat: int, card: Card) -> Step:
        """The turn ends: a blitz, the stock's end, the final round's end, or the next seat's turn."""
        hand = without(state.hands[seat], card)
        hands = with_seat(state.hands, seat, hand)
        discard = state.discard + (card,)
        log = appended(state.log, _DISCARDED, seat, (card,))
        stock = state.stock
        rules = state.rules
        turns = turn.turns + 1
        knockers, left = turn.knockers, turn.final_left
        reason: ShowdownReason | None = None
        if rules.blitz and thirty_one(hand, rules):  # a blitz comes before the stock's end (§8.6)
            reason = _BLITZ
        elif not stock:
            reason = _EXHAUSTED
        elif knockers:
            left = left[1:]
            if not left:
                reason = _FINAL_OVER
        if reason is not None:
            turn = turn._replace(turns=turns, taken=None, final_left=left)
            after = _moved(
                state, phase=state.phase, to_act=seat, hands=hands, stock=stock, discard=discard, turn=turn, log=log
            )
            return after, reason
        if knockers:
            following, phase = left[0], _FINAL
        else:
            following, phase = NEXT_ACTIVE[state.active][seat], _PLAY
        turn = draw_turn(following, turns, None, knockers, left)
        after = _moved(
            state, phase=phase, to_act=following, hands=hands, stock=stock, discard=discard, turn=turn, log=log
        )
        return after, None

    # ------------------------------------------------------------------ what a seat sees

    def hides_hand(self, state: GameState, player: int) -> bool:
        return False

    def hides_widow(self, state: GameState) -> bool:
        return False  # there is no widow
