"""Hoyle's Commerce with widow: the dealer's blind exchange, rounds, a growing widow, two knocks (Rules §6.2-6.6).

The dealer first may take 1, 2 or 3 widow cards unseen, giving the first
cards dealt to them face up in their place (**[resolution]**: the deal order
decides which cards go, so nothing is chosen by looking). Then there are as
many rounds as active players; in each, every active player who has not
knocked takes one turn clockwise from the eldest, and from the second round
on the stock's top card is added face up to the widow first. A turn is 1 to
``exchanges_per_turn`` exchanges closed by a pass, a pass, or a knock; who
exchanges three cards in one turn (or takes three blind) may not exchange
again in the deal. A second knock, or the end of the last round, stops the
exchanges. Passing has no lasting effect (**[resolution]**).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...parts.action_kinds import ActionKind, NoCard, TwoCards
from ...core.actions import Action, BlindExchange, Exchange, Knock, Pass, blind_action, seat_action
from ...core.cards import Card
from ...parts.play import accepted
from ...parts.sight import EventSight, FieldSight, PrivateQuestion
from ...core.events import appended
from ...core.state import DealLog, EventKind, Phase, ShowdownReason, clockwise_from, moved, opened
from ..common import exchange_choices, replaced, swap_in, TURN_ENDINGS, with_seat
from .numbers import BlindPositions
from .record import FREEZE, ROUNDS_PHASES, RoundsTurn, rounds_turn

if TYPE_CHECKING:
    from ...core.rules import Rules
    from ...parts.play import Begun, EventShape, Step
    from ...core.state import GameState

__all__ = ["FREEZE", "Rounds", "RoundsTurn"]

_PLAY, _BLIND = Phase.PLAY, Phase.BLIND_EXCHANGE
_EXCHANGE, _PASS = EventKind.EXCHANGE, EventKind.PASS
_KNOCK, _BLIND_EXCHANGE, _WIDOW_GROWS = EventKind.KNOCK, EventKind.BLIND_EXCHANGE, EventKind.WIDOW_GROWS
_SECOND_KNOCK, _LAST_ROUND = ShowdownReason.SECOND_KNOCK, ShowdownReason.LAST_ROUND
"""The enum members the moves read, as module globals: on Python 3.11 a member read through its class goes through the
enum metaclass's attribute hook, several times a global's cost (``docs/performance.md``, "Fast paths kept")."""
_KINDS: tuple[ActionKind, ...] = (BlindPositions(), TwoCards(Exchange), NoCard(Pass), NoCard(Knock))


def _blind_choices(seat: int, widow: tuple[Card, ...]) -> tuple[BlindExchange, ...]:
    """The dealer's blind exchanges of ``widow``: each card, each two, all three, in widow order."""
    return tuple([blind_action(seat, take) for k in (1, 2, 3) for take in combinations(widow, k)])


def round_order(state: GameState, knockers: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that play a round: active, not knocked, clockwise from the eldest."""
    return tuple(seat for seat in clockwise_from(state.active, state.dealer) if seat not in knockers)


class Rounds:
    """Blind exchange, rounds with a growing widow, exchanges of up to three, two knocks."""

    phases: tuple[Phase, ...] = ROUNDS_PHASES
    widow_size = 3
    discard_face_up = True  # nothing is discarded face down
    events: dict[EventKind, EventShape] = {
        EventKind.EXCHANGE: ((2,), EventSight.EVERYONE), EventKind.PASS: ((0,), EventSight.EVERYONE),
        EventKind.KNOCK: ((0,), EventSight.EVERYONE), EventKind.BLIND_EXCHANGE: ((2, 4, 6), EventSight.EVERYONE),
        EventKind.WIDOW_GROWS: ((1,), EventSight.EVERYONE),
    }
    """Everything is public: the blind exchange is made face up."""
    turn_sight: dict[str, FieldSight] = dict.fromkeys(RoundsTurn._fields, FieldSight.EVERYONE)
    private_questions: tuple[PrivateQuestion, ...] = ()

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return self.phases

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        """The blind exchange by the widow positions it takes, an exchange by its two cards, pass, knock."""
        return _KINDS

    def cards_needed(self, players: int) -> int:
        return 3 + (players - 1)  # the widow, and one card for each round after the first

    def begin(
        self, state: GameState, deal_number: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
        widow: tuple[Card, ...], stock: tuple[Card, ...], pot: int, balances: tuple[int, ...], log: DealLog,
    ) -> Begun:
        order = clockwise_from(state.active, dealer)  # the first round: every seat in play, from the eldest
        begun = opened(
            state, deal_number=deal_number, dealer=dealer, phase=_BLIND, to_act=dealer, hands=hands, widow=widow,
            stock=stock, discard=(), pot=pot, balances=balances, turn=rounds_turn(order[0], order), log=log,
        )
        return begun, None

    # ------------------------------------------------------------------ legality

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        assert seat is not None
        if state.phase is _BLIND:
            return (*_blind_choices(seat, state.widow), seat_action(Pass, seat))
        turn: RoundsTurn = state.turn
        with_knock, pass_only = TURN_ENDINGS[seat]
        ending = pass_only if turn.exchanges else with_knock  # a knock is a whole turn
        if seat in turn.spent:
            return ending
        return exchange_choices(state.hands[seat], state.widow, turn.given, seat) + ending

    def accepts(self, state: GameState, action: Action) -> bool:
        seat = state.to_act
        if action.player != seat:
            return False
        kind = type(action)
        if kind is Pass:
            return True
        turn: RoundsTurn = state.turn
        if state.phase is _BLIND:
            if kind is not BlindExchange:
                return False
            assert isinstance(action, BlindExchange)
            return all(card in state.widow for card in action.take)
        if kind is Exchange:  # checked where it is made
            return self.play(state, action) is not None
        return kind is Knock and not turn.exchanges

    # ------------------------------------------------------------------ play

    def play(self, state: GameState, action: Action) -> Step | None:
        """:meth:`accepts` then :meth:`apply`, in one call; ``None`` where the action is not legal.

        An exchange (most of the actions) is checked and made in one pass:
        the card given found in the hand and the card taken in the widow by
        ``is``, each put where the other was. One that leaves the turn open
        (most of them: a turn is up to three) is made here in one piece;
        one that ends the turn goes on through :meth:`_end_turn`. A fast path
        (``docs/performance.md``, "Fast paths kept"): a test holds it to
        :meth:`play_in_steps` on every exchange of random play, and any other
        action to :meth:`accepts` and :meth:`apply`.
        """
        if type(action) is not Exchange:
            return self.apply(state, action) if self.accepts(state, action) else None
        seat = action.player
        turn = state.turn
        _, round_left, round_number, turns, exchanges, given, knockers, spent = turn
        if seat != state.to_act or state.phase is _BLIND or seat in spent:
            return None
        give, take = action.give, action.take
        hands = state.hands
        hand = hands[seat]
        new_hand = replaced(hand, give, take)
        widow = replaced(state.widow, take, give)
        if new_hand is None or widow is None:
            return None
        if take in given:  # given back to the widow this turn: not to be taken again
            return None
        log = appended(state.log, _EXCHANGE, seat, (give, take))
        hands = with_seat(hands, seat, new_hand)
        exchanges += 1
        if exchanges >= FREEZE:  # three in one turn: no more exchanges this deal
            return self._end_turn(state, turn, hands, widow, state.stock, log, knockers, spent + (seat,))
        if exchanges >= state.rules.exchanges_per_turn:
            return self._end_turn(state, turn, hands, widow, state.stock, log, knockers, spent)
        turn = rounds_turn(seat, round_left, round_number, turns, exchanges, given + (give,), knockers, spent)
        return moved(state, phase=_PLAY, to_act=seat, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), None

    def play_in_steps(self, state: GameState, action: Exchange) -> Step | None:
        """:meth:`play` for an exchange, through :func:`replaced` and :meth:`_exchange`: the general path its
        one-piece path is held to (by a test; the engine never calls this)."""
        seat = action.player
        turn: RoundsTurn = state.turn
        if seat != state.to_act or state.phase is _BLIND or seat in turn.spent:
            return None
        give, take = action.give, action.take
        hand = replaced(state.hands[seat], give, take)
        widow = replaced(state.widow, take, give)
        if hand is None or widow is None or take in turn.given:
            return None
        return self._exchange(state, turn, seat, give, take, with_seat(state.hands, seat, hand), widow)

    def apply(self, state: GameState, action: Action) -> Step:
        turn: RoundsTurn = state.turn
        seat = action.player
        kind = type(action)
        if kind is Exchange:
            return accepted(self.play(state, action))
        if kind is Pass:
            if state.phase is _BLIND:
                return state._replace(phase=_PLAY, to_act=turn.turn_of), None
            log = appended(state.log, _PASS, seat)
            return self._end_turn(state, turn, state.hands, state.widow, state.stock, log, turn.knockers, turn.spent)
        if kind is BlindExchange:
            return self._blind(state, turn, action), None  # type: ignore[arg-type]
        knockers = turn.knockers + (seat,)
        log = appended(state.log, _KNOCK, seat)
        if len(knockers) >= 2:
            return state._replace(turn=turn._replace(knockers=knockers), log=log), _SECOND_KNOCK
        return self._end_turn(state, turn, state.hands, state.widow, state.stock, log, knockers, turn.spent)

    def _blind(self, state: GameState, turn: RoundsTurn, action: BlindExchange) -> GameState:
        dealer, take = action.player, action.take
        hand = state.hands[dealer]
        give = hand[: len(take)]  # unseen: the first cards dealt go out [resolution]
        widow = state.widow
        for old, new in zip(take, give):
            widow = swap_in(widow, old, new)
        hands = with_seat(state.hands, dealer, hand[len(take) :] + take)
        log = appended(state.log, _BLIND_EXCHANGE, dealer, take + give)
        spent = (dealer,) if len(take) >= FREEZE else ()
        turn = turn._replace(spent=spent)
        return moved(state, phase=_PLAY, to_act=turn.turn_of, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log)

    def _exchange(
        self, state: GameState, turn: RoundsTurn, seat: int, give: Card, take: Card,
        hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...],
    ) -> Step:
        log = appended(state.log, _EXCHANGE, seat, (give, take))
        exchanges = turn.exchanges + 1
        if exchanges >= FREEZE:  # three in one turn: no more exchanges this deal
            return self._end_turn(state, turn, hands, widow, state.stock, log, turn.knockers, turn.spent + (seat,))
        if exchanges >= state.rules.exchanges_per_turn:
            return self._end_turn(state, turn, hands, widow, state.stock, log, turn.knockers, turn.spent)
        turn = turn._replace(exchanges=exchanges, given=turn.given + (give,))
        return moved(state, phase=state.phase, to_act=seat, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), None

    def _end_turn(
        self, state: GameState, turn: RoundsTurn, hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...],
        stock: tuple[Card, ...], log: DealLog, knockers: tuple[int, ...], spent: tuple[int, ...],
    ) -> Step:
        """The turn of ``turn.turn_of`` is over (with these knockers and spent seats): the next, a new round, or the end."""
        left = turn.round_left[1:]
        turns = turn.turns + 1
        round_number = turn.round
        if not left:  # the round is over
            if round_number >= len(state.active):
                turn = turn._replace(turns=turns, knockers=knockers, spent=spent)
                state = moved(state, phase=state.phase, to_act=state.to_act, hands=hands, widow=widow, stock=stock, turn=turn, log=log)
                return state, _LAST_ROUND
            round_number += 1
            left = round_order(state, knockers)
            grown = stock[0]
            widow = widow + (grown,)
            stock = stock[1:]
            log = appended(log, _WIDOW_GROWS, state.dealer, (grown,))
        following = left[0]
        turn = rounds_turn(following, left, round_number, turns, 0, (), knockers, spent)
        state = moved(state, phase=_PLAY, to_act=following, hands=hands, widow=widow, stock=stock, turn=turn, log=log)
        return state, None

    # ------------------------------------------------------------------ what a seat sees

    def hides_hand(self, state: GameState, player: int) -> bool:
        return state.phase is _BLIND and player == state.dealer  # the dealer exchanges before looking

    def hides_widow(self, state: GameState) -> bool:
        return False
