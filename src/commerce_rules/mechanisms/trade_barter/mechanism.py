"""Foster's trade and barter, the game without widow (Rules §1.3-1.5).

On a turn the player buys (a card to the hidden discard, 1 point to the
dealer where the scoring keeps money, the stock's top card in return), barters (offers a hidden card to the
neighbour, who answers blind or refuses by knocking) or knocks. A knock ends
the exchanges at once; so does a buy that takes the last card of the stock
(**[resolution]**: "exhausted" is the moment the stock becomes empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parts.action_kinds import ActionKind, NoCard, OneCard
from ...core.actions import Action, Barter, BarterReply, Buy, Knock, SEAT_ACTIONS, TRADES
from ...core.cards import Card
from ...parts.play import CheckedWhereMade
from ...parts.sight import EventSight, FieldSight, PrivateQuestion
from ...core.rules import Rules
from ...core.events import appended
from ...core.state import DealLog, EventKind, Phase, ShowdownReason, moved, moved_and_paid, NEXT_ACTIVE, opened
from .record import BUY_PRICE, TRADE_BARTER_PHASES, TradeTurn, trade_turn, barter_partner

if TYPE_CHECKING:
    from ...parts.play import Begun, EventShape, Step
    from ...core.state import GameState

__all__ = ["TradeBarter"]

_PLAY, _REPLY = Phase.PLAY, Phase.BARTER_REPLY
_BUY, _BARTER, _REFUSED, _KNOCK = EventKind.BUY, EventKind.BARTER, EventKind.BARTER_REFUSED, EventKind.KNOCK
_KNOCKED, _EXHAUSTED = ShowdownReason.KNOCK, ShowdownReason.STOCK_EXHAUSTED
"""The enum members the moves read, as module globals: on Python 3.11 a member read through its class goes through the
enum metaclass's attribute hook, several times a global's cost (``docs/performance.md``, "Fast paths kept")."""
_KINDS: tuple[ActionKind, ...] = (OneCard(Buy), OneCard(Barter), OneCard(BarterReply), NoCard(Knock))
"""The integer action space: a buy, a barter and an answer by each card of the deck, then the knock."""


class TradeBarter(CheckedWhereMade):
    """Buy, barter, knock; no widow."""

    phases: tuple[Phase, ...] = TRADE_BARTER_PHASES
    widow_size = 0
    discard_face_up = False  # the buys' cards go face down
    events: dict[EventKind, EventShape] = {
        _BUY: ((2,), EventSight.PLAYER), _BARTER: ((2,), EventSight.PLAYER_AND_TARGET),
        _REFUSED: ((1,), EventSight.PLAYER), _KNOCK: ((0,), EventSight.EVERYONE),
    }
    """A buy's cards are the buyer's, a barter's the two traders', a refused offer's the offerer's."""
    turn_sight: dict[str, FieldSight] = {"turn_of": FieldSight.EVERYONE, "turns": FieldSight.EVERYONE, "offer": FieldSight.TURN_OWNER}
    """The offered card is the offerer's secret."""
    private_questions: tuple[PrivateQuestion, ...] = ()

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return self.phases

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        return _KINDS

    def cards_needed(self, players: int) -> int:
        return 1  # at least one card in the stock to buy

    def begin(
        self, state: GameState, deal_number: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
        widow: tuple[Card, ...], stock: tuple[Card, ...], pot: int, balances: tuple[int, ...], log: DealLog,
    ) -> Begun:
        eldest = NEXT_ACTIVE[state.active][dealer]
        begun = opened(
            state, deal_number=deal_number, dealer=dealer, phase=_PLAY, to_act=eldest, hands=hands, widow=widow,
            stock=stock, discard=(), pot=pot, balances=balances, turn=trade_turn(eldest), log=log,
        )
        return begun, None

    # ------------------------------------------------------------------ legality

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """Written out for the hand of three from the seat's table of (buy, barter, reply) by card: a fast path
        (``docs/performance.md``, "Fast paths kept") that a test holds to a plain listing."""
        seat = state.to_act
        assert seat is not None
        a, b, c = state.hands[seat]  # trade and barter keeps three cards a hand
        table = TRADES[seat]
        first, second, third = table[a.index], table[b.index], table[c.index]  # (buy, barter, reply) of each card
        knock = SEAT_ACTIONS[Knock][seat]
        if state.phase is _REPLY:
            return (first[2], second[2], third[2], knock)
        if state.stock:
            return (first[0], second[0], third[0], first[1], second[1], third[1], knock)
        return (first[1], second[1], third[1], knock)

    # ------------------------------------------------------------------ play

    def play(self, state: GameState, action: Action) -> Step | None:
        """The step of ``action``, or ``None`` where it is not legal: every move is checked where it is made."""
        seat = action.player
        if seat != state.to_act:
            return None
        kind = type(action)
        if kind is Knock:
            return self._knock(state, seat)
        if state.phase is _REPLY:
            if kind is not BarterReply:
                return None
        elif kind is not Barter and (kind is not Buy or not state.stock):
            return None
        card = action.card  # type: ignore[attr-defined]
        if card not in state.hands[seat]:
            return None
        if kind is Buy:
            return self._buy(state, seat, card)
        if kind is Barter:
            partner = barter_partner(state, seat)
            turn: TradeTurn = state.turn
            turn = trade_turn(turn.turn_of, turn.turns, card)
            hands, stock, log = state.hands, state.stock, state.log
            after = moved(state, phase=_REPLY, to_act=partner, hands=hands, widow=(), stock=stock, turn=turn, log=log)
            return after, None
        return self._swap(state, seat, card)

    def _knock(self, state: GameState, seat: int) -> Step:
        turn: TradeTurn = state.turn
        log = state.log
        if state.phase is _REPLY:  # refusing a barter by knocking; the offer stays with the offerer
            offerer = turn.turn_of
            assert turn.offer is not None
            log = appended(log, _REFUSED, offerer, (turn.offer,), seat, (offerer,))
        log = appended(log, _KNOCK, seat)
        if turn.offer is not None:
            turn = turn._replace(offer=None)
        after = moved(
            state, phase=state.phase, to_act=seat, hands=state.hands, widow=(), stock=state.stock, turn=turn, log=log
        )
        return after, _KNOCKED

    def _buy(self, state: GameState, seat: int, card: Card) -> Step:
        """The buy of a held ``card`` (a third of Foster's moves): the hand less the card, the stock's top card last.

        The hand of three is written out, not :func:`~..common.without` and :func:`~..common.with_seat` (a fast
        path, as in :meth:`_swap`: ``docs/performance.md``), held to a plain reference by a test.
        """
        stock = state.stock
        drawn = stock[0]
        seated = list(state.hands)
        a, b, c = seated[seat]  # trade and barter keeps three cards a hand
        seated[seat] = (b, c, drawn) if card is a else (a, c, drawn) if card is b else (a, b, drawn)
        hands = tuple(seated)
        dealer = state.dealer
        balances = state.balances
        if seat != dealer and state.rules.keeps_money:  # the dealer's buy is free, and any buy where no money moves
            paid = list(balances)
            paid[seat] -= BUY_PRICE
            paid[dealer] += BUY_PRICE
            balances = tuple(paid)
        log = appended(state.log, _BUY, seat, (card, drawn), None, (seat,))
        discard = state.discard + (card,)
        if len(stock) == 1:
            state = moved_and_paid(
                state, to_act=seat, hands=hands, stock=(), discard=discard, balances=balances, turn=state.turn, log=log,
            )
            return state, _EXHAUSTED
        turns = state.turn.turns + 1
        following = NEXT_ACTIVE[state.active][seat]
        turn = trade_turn(following, turns)
        state = moved_and_paid(
            state, to_act=following, hands=hands, stock=stock[1:], discard=discard, balances=balances, turn=turn,
            log=log,
        )
        return state, None

    def _swap(self, state: GameState, partner: int, returned: Card) -> Step:
        """A barter answered with ``returned``: the two cards change hands, each to the end of its new hand
        (each hand of three written out, as in :meth:`_buy`)."""
        turn: TradeTurn = state.turn
        offerer, offered = turn.turn_of, turn.offer
        assert offered is not None
        seated = list(state.hands)
        a, b, c = seated[offerer]
        seated[offerer] = (b, c, returned) if offered is a else (a, c, returned) if offered is b else (a, b, returned)
        a, b, c = seated[partner]
        seated[partner] = (b, c, offered) if returned is a else (a, c, offered) if returned is b else (a, b, offered)
        hands = tuple(seated)
        pair = (offerer, partner) if offerer < partner else (partner, offerer)
        log = appended(state.log, _BARTER, offerer, (offered, returned), partner, pair)
        turns = turn.turns + 1
        following = NEXT_ACTIVE[state.active][offerer]
        turn = trade_turn(following, turns)
        stock = state.stock
        return moved(state, phase=_PLAY, to_act=following, hands=hands, widow=(), stock=stock, turn=turn, log=log), None

    # ------------------------------------------------------------------ what a seat sees

    def hides_hand(self, state: GameState, player: int) -> bool:
        return False

    def hides_widow(self, state: GameState) -> bool:
        return False
