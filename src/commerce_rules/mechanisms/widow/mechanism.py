"""The face-up widow: exchange, pass, knock and a final round (Rules §2.3-2.4, §3, §7).

On a turn a player exchanges a hand card for a widow card (up to
``exchanges_per_turn`` times, a pass closing the turn early), passes, or
knocks; after a knock every other active player has exactly one final turn.
When every active player has passed ``stall_passes`` times in a row the
exchanges end (**[resolution]**: no extra final round). With ``pounce``
(Rules §3, :mod:`.pounce`), a player whose tricon's fourth card lies in the
widow is asked out of turn whether to take it.

Schwimmen's options (Rules §7): ``dealer_choice`` deals the widow face
down as an extra hand that the dealer keeps out of (``Pass``) or takes
unseen (``ExchangeAll``) before play; ``exchange_all`` lets a turn exchange
the whole hand for the whole widow; ``stall_effect="new_widow"`` turns a
stall into a new widow from the stock (the old one to the discard pile);
``blitz`` ends the deal as soon as a hand is worth 31 (or Feuer).
Stop the Bus's ``must_exchange`` (Rules §10.3-10.5, :mod:`.must_exchange`):
every turn holds one exchange, then (but in a final turn) a knock or a pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parts.action_kinds import NoCard, TwoCards
from ...core.actions import Action, Exchange, ExchangeAll, Knock, Pass, Pounce, EXCHANGES, seat_action
from ...core.cards import Card
from ...parts.play import accepted
from ...parts.sight import FieldSight, PrivateQuestion
from ...core.rules import StallEffect
from ...core.events import appended
from ...core.state import DealLog, EventKind, Phase, ShowdownReason, clockwise_from, moved, NEXT_ACTIVE, opened
from ..common import exchange_choices, replaced, TURN_ENDINGS, WHOLE_HAND_ENDINGS, with_seat
from . import must_exchange, pounce
from .record import WIDOW_EVENTS, WIDOW_PHASES, WidowTurn, widow_turn, blitz_among, pounce_card

if TYPE_CHECKING:
    from ...parts.action_kinds import ActionKind
    from ...parts.play import Begun, EventShape, Step
    from ...core.rules import Rules
    from ...core.state import GameState

__all__ = ["Widow", "WidowTurn", "pounce_card"]

_PLAY, _FINAL, _POUNCE, _CHOICE = Phase.PLAY, Phase.FINAL_ROUND, Phase.POUNCE, Phase.DEALER_CHOICE
_EXCHANGE, _PASS, _KNOCK = EventKind.EXCHANGE, EventKind.PASS, EventKind.KNOCK
_DECLINED = EventKind.POUNCE_DECLINED
_ALL, _TAKE_EXTRA, _KEEP, _NEW_WIDOW = EventKind.EXCHANGE_ALL, EventKind.TAKE_EXTRA_HAND, EventKind.KEEP_HAND, EventKind.NEW_WIDOW
_BLITZ, _STALL, _FINAL_ROUND = ShowdownReason.BLITZ, ShowdownReason.STALL, ShowdownReason.FINAL_ROUND
_NEW_WIDOW_EFFECT = StallEffect.NEW_WIDOW
"""The enum members the moves read, as module globals: on Python 3.11 a member read through its class goes through the
enum metaclass's attribute hook, several times a global's cost (``docs/performance.md``, "Fast paths kept")."""
_KINDS = (TwoCards(Exchange), NoCard(Pass), NoCard(Knock))


class Widow:
    """Exchange with a face-up widow of three; knock for a final round; pounce, and Schwimmen's options, where the rules say."""

    phases: tuple[Phase, ...] = WIDOW_PHASES
    widow_size = 3
    discard_face_up = True
    """The discard pile holds dead widows (``stall_effect="new_widow"``), whose cards were public."""
    events: dict[EventKind, EventShape] = WIDOW_EVENTS
    """Every event is public but a declined pounce, which only the seat that declined knows of (Rules §3.3)."""
    turn_sight: dict[str, FieldSight] = {
        **dict.fromkeys(WidowTurn._fields, FieldSight.EVERYONE),
        "declined": FieldSight.OWN_ENTRY,
        "resume": FieldSight.ASKED,
    }
    """The turn is public but the pounce question: who declined, and the phase play resumes in after it."""
    private_questions: tuple[PrivateQuestion, ...] = (PrivateQuestion(_POUNCE, Pass),)
    """The pounce question is the asked seat's secret (Rules §3.3): the others see the table as if it were declined."""

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        choice = (_CHOICE,) if rules.dealer_choice else ()
        return (*choice, _PLAY, _FINAL, _POUNCE) if rules.pounce else (*choice, _PLAY, _FINAL)

    def cards_needed(self, players: int) -> int:
        return 3  # the widow (or the extra hand)

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        """An exchange by its two cards (give, then take), pass, knock; the pounce and the exchange of all where they are."""
        kinds: tuple[ActionKind, ...] = _KINDS
        if rules.pounce:
            kinds += (NoCard(Pounce),)
        if rules.exchange_all or rules.dealer_choice:
            kinds += (NoCard(ExchangeAll),)
        return kinds

    def begin(
        self, state: GameState, deal_number: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
        widow: tuple[Card, ...], stock: tuple[Card, ...], pot: int, balances: tuple[int, ...], log: DealLog,
    ) -> Begun:
        turn = widow_turn(NEXT_ACTIVE[state.active][dealer])
        rules = state.rules
        reason = None
        if rules.dealer_choice:  # the extra hand lies face down until the dealer chooses (Rules §7.3)
            phase, to_act = _CHOICE, dealer
        elif rules.blitz and blitz_among(rules, hands, state.active):  # a hand dealt with 31 ends the deal at once
            phase, to_act, reason = _PLAY, turn.turn_of, _BLITZ
        else:
            phase, to_act = _PLAY, turn.turn_of
        begun = opened(
            state, deal_number=deal_number, dealer=dealer, phase=phase, to_act=to_act, hands=hands, widow=widow,
            stock=stock, discard=(), pot=pot, balances=balances, turn=turn, log=log,
        )
        if rules.pounce and phase is _PLAY and reason is None:  # a pounce question may come before the eldest's turn
            asked, ended = self._go_on(begun, turn, _PLAY, hands, widow, stock, log)
            assert ended is None  # only a pounce question can follow a deal, and it ends nothing
            return asked, None
        return begun, reason

    def hides_hand(self, state: GameState, player: int) -> bool:
        return False  # every hand is looked at as soon as it is dealt

    def hides_widow(self, state: GameState) -> bool:
        """The extra hand is face down, seen by nobody, until the dealer's choice (Rules §7.3)."""
        return state.phase is _CHOICE

    # ------------------------------------------------------------------ legality

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """Every choice of the seat to act; a turn's first choice of three cards written out.

        That choice (every listing of a game of one exchange a turn, most of
        the others) is :meth:`listing`'s nine exchanges then the turn's
        endings (the whole hand's exchange first, with ``exchange_all``),
        read from the seat's exchange table. A fast path
        (``docs/performance.md``, "Fast paths kept"): a test holds it to
        :meth:`listing` on every state of random play.
        """
        seat = state.to_act
        assert seat is not None
        phase = state.phase
        if (phase is _PLAY or phase is _FINAL) and not state.turn.exchanges and not state.rules.must_exchange:
            try:
                a, b, c = state.hands[seat]
                x, y, z = state.widow
            except ValueError:  # a quad (frozen: pass or knock only), or a widow of another size
                return self.listing(state)
            table = EXCHANGES[seat]
            first, second, third = table[a.index], table[b.index], table[c.index]
            i, j, k = x.index, y.index, z.index
            if state.rules.exchange_all:  # the whole hand for the whole widow, before the endings
                with_knock, pass_only = WHOLE_HAND_ENDINGS[seat]
            else:
                with_knock, pass_only = TURN_ENDINGS[seat]
                if phase is _PLAY:
                    pass_, knock = with_knock
                    return (first[i], first[j], first[k], second[i], second[j], second[k], third[i], third[j], third[k], pass_, knock)
            ending = with_knock if phase is _PLAY else pass_only
            return (first[i], first[j], first[k], second[i], second[j], second[k], third[i], third[j], third[k], *ending)
        return self.listing(state)

    def listing(self, state: GameState) -> tuple[Action, ...]:
        """:meth:`legal_actions`, every choice by the general path: the one the written-out listing is held to."""
        seat = state.to_act
        assert seat is not None
        phase = state.phase
        if phase is _POUNCE:
            return (seat_action(Pounce, seat), seat_action(Pass, seat))
        if phase is _CHOICE:
            return (seat_action(ExchangeAll, seat), seat_action(Pass, seat))
        if state.rules.must_exchange:  # the exchange, then the stop or the ride-on (Rules §10.3)
            return must_exchange.listing(state)
        turn: WidowTurn = state.turn
        hand = state.hands[seat]
        with_knock, pass_only = TURN_ENDINGS[seat]
        ending = with_knock if phase is _PLAY and not turn.exchanges else pass_only  # one knock a deal, a whole turn
        if len(hand) == 4:  # a quad is frozen: pass or knock only [resolution]
            return ending
        if state.rules.exchange_all:  # exchanges_per_turn is 1: a turn starts with no exchange made
            ending = (seat_action(ExchangeAll, seat), *ending)
        return exchange_choices(hand, state.widow, turn.given, seat) + ending

    def accepts(self, state: GameState, action: Action) -> bool:
        seat = state.to_act
        if action.player != seat:
            return False
        kind = type(action)
        phase = state.phase
        if phase is _POUNCE:
            return kind is Pounce or kind is Pass
        if phase is _CHOICE:
            return kind is ExchangeAll or kind is Pass
        if kind is Exchange:  # checked where it is made
            return self.play(state, action) is not None
        if state.rules.must_exchange:
            return must_exchange.accepts(state, kind)
        if kind is Pass:
            return True
        if kind is ExchangeAll:
            return state.rules.exchange_all and len(state.hands[seat]) == 3
        return kind is Knock and phase is _PLAY and not state.turn.exchanges

    # ------------------------------------------------------------------ play

    def play(self, state: GameState, action: Action) -> Step | None:
        """:meth:`accepts` then :meth:`apply`, in one call; ``None`` where the action is not legal.

        An exchange in play (most of a widow game's actions) is checked and
        made in one pass: the card given is found in the hand and the card
        taken in the widow by ``is``, and each goes where the other was.
        Where the exchange ends the turn and nothing else follows it (no
        blitz, no pounce question, no showdown: most of them), the next
        seat's turn is made here too, in one piece; every other exchange
        goes on through :meth:`_exchanged`. A fast path (``docs/performance.md``,
        "Fast paths kept"): a test holds it to :meth:`play_in_steps` on every
        exchange of random play.
        """
        if type(action) is not Exchange:
            return self.apply(state, action) if self.accepts(state, action) else None
        seat = action.player
        phase = state.phase
        if seat != state.to_act or phase is _POUNCE or phase is _CHOICE:
            return None
        hands = state.hands
        try:  # replaced(hand, give, take) and replaced(widow, take, give), written out for three cards each
            a, b, c = hands[seat]
            x, y, z = state.widow
        except ValueError:  # a quad is frozen; every widow a state can hold is 3 cards
            return None
        give, take = action.give, action.take
        new_hand = (take, b, c) if give is a else (a, take, c) if give is b else (a, b, take) if give is c else None
        new_widow = (give, y, z) if take is x else (x, give, z) if take is y else (x, y, give) if take is z else None
        if new_hand is None or new_widow is None:
            return None
        turn: WidowTurn = state.turn
        _, turns, _, exchanges, given, knockers, left, _, resume = turn
        rules = state.rules
        if take in given or exchanges >= rules.exchanges_per_turn:  # a card given this turn; the turn's exchanges made
            return None
        log = appended(state.log, _EXCHANGE, seat, (give, take))
        hands = with_seat(hands, seat, new_hand)
        if (
            exchanges + 1 < rules.exchanges_per_turn
            or (rules.must_exchange and phase is _PLAY)  # the stop or the ride-on follows (Rules §10.3)
            or (rules.blitz and blitz_among(rules, hands, (seat,)))
            or (rules.pounce and pounce.tricon_among(hands))
        ):
            return self._exchanged(state, turn, seat, hands, new_widow, log, (give,))
        if phase is _PLAY:
            following = NEXT_ACTIVE[state.active][seat]
        else:  # the final round: the next seat owed a final turn, or the showdown
            left = left[1:] if left and left[0] == seat else tuple([s for s in left if s != seat])  # the seat to act is first, but for a pounce
            if not left:
                return self._end_turn(state, turn, phase, hands, new_widow, state.stock, log, 0, ())
            following = left[0]
        turns += 1
        turn = widow_turn(following, turns, 0, 0, (), knockers, left, (), resume)
        after = moved(state, phase=phase, to_act=following, hands=hands, widow=new_widow, stock=state.stock, turn=turn, log=log)
        return after, None

    def play_in_steps(self, state: GameState, action: Exchange) -> Step | None:
        """:meth:`play` for an exchange, every exchange through :meth:`_exchanged`: the general path its
        one-piece path is held to (by a test; the engine never calls this)."""
        seat = action.player
        if seat != state.to_act or state.phase is _POUNCE or state.phase is _CHOICE:
            return None
        hand, widow = state.hands[seat], state.widow
        if len(hand) != 3 or len(widow) != 3:
            return None
        new_hand = replaced(hand, action.give, action.take)
        new_widow = replaced(widow, action.take, action.give)
        turn: WidowTurn = state.turn
        if new_hand is None or new_widow is None or action.take in turn.given or turn.exchanges >= state.rules.exchanges_per_turn:
            return None
        log = appended(state.log, _EXCHANGE, seat, (action.give, action.take))
        return self._exchanged(state, turn, seat, with_seat(state.hands, seat, new_hand), new_widow, log, (action.give,))

    def apply(self, state: GameState, action: Action) -> Step:
        kind = type(action)
        turn: WidowTurn = state.turn
        seat = action.player
        if state.phase is _CHOICE:
            return self._choose(state, turn, seat, kind is ExchangeAll)
        if kind is Exchange:
            return accepted(self.play(state, action))
        if kind is ExchangeAll:
            hand = state.hands[seat]
            hands = with_seat(state.hands, seat, state.widow)
            return self._exchanged(state, turn, seat, hands, hand, appended(state.log, _ALL, seat, hand + state.widow), hand)
        if kind is Pass:
            log = appended(state.log, _DECLINED if state.phase is _POUNCE else _PASS, seat)
            if state.phase is _POUNCE:
                turn = turn._replace(declined=turn.declined + (seat,))
                return self._go_on(state, turn, _POUNCE, state.hands, state.widow, state.stock, log)
            if turn.exchanges:  # a pass closing a turn of exchanges does not count toward a stall
                return self._end_turn(state, turn, state.phase, state.hands, state.widow, state.stock, log, turn.passes, turn.declined)
            passes = turn.passes + 1
            if state.phase is _PLAY and passes >= state.rules.stall_passes * len(state.active):
                if state.rules.stall_effect is _NEW_WIDOW_EFFECT and len(state.stock) >= 3:
                    return self._new_widow(state, turn, seat, log)
                return state._replace(log=log, turn=turn._replace(passes=passes)), _STALL
            return self._end_turn(state, turn, state.phase, state.hands, state.widow, state.stock, log, passes, turn.declined)
        if kind is Pounce:
            return self._pounce(state, turn, seat)
        others = clockwise_from(state.active, seat)[:-1]  # the knocker is in play: last of the seats from its left
        log = appended(state.log, _KNOCK, seat)
        turn = turn._replace(knockers=(seat,), final_left=others)
        return self._end_turn(state, turn, _FINAL, state.hands, state.widow, state.stock, log, 0, turn.declined)

    def _exchanged(
        self, state: GameState, turn: WidowTurn, seat: int,
        hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...], log: DealLog, given: tuple[Card, ...],
    ) -> Step:
        """After an exchange (of one card or of the whole hand): a blitz, a pounce question, or play goes on."""
        exchanges = turn.exchanges + 1
        rules = state.rules
        if rules.blitz and blitz_among(rules, hands, (seat,)):  # 31 ends the deal at once (Rules §7.6)
            turn = turn._replace(passes=0, exchanges=exchanges, given=turn.given + given, declined=(), resume=None)
            return moved(state, phase=state.phase, to_act=seat, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), _BLITZ
        if not rules.pounce or not pounce.tricon_among(hands):  # the common path: no question can follow, so the state is built once
            if exchanges >= rules.exchanges_per_turn and not must_exchange.keeps_turn_open(rules, state.phase):
                return self._end_turn(state, turn, state.phase, hands, widow, state.stock, log, 0, ())
            turn = turn._replace(passes=0, exchanges=exchanges, given=turn.given + given, declined=(), resume=None)
            return moved(state, phase=state.phase, to_act=seat, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), None
        turn = turn._replace(passes=0, exchanges=exchanges, given=turn.given + given, declined=())
        return self._go_on(state, turn, state.phase, hands, widow, state.stock, log)

    def _choose(self, state: GameState, turn: WidowTurn, dealer: int, take: bool) -> Step:
        """The dealer's choice (Rules §7.3): the extra hand taken unseen, or kept out; then it lies face up."""
        hands, widow = state.hands, state.widow
        if take:
            hands, widow = with_seat(hands, dealer, widow), hands[dealer]
            log = appended(state.log, _TAKE_EXTRA, dealer, widow)
        else:
            log = appended(state.log, _KEEP, dealer, widow)
        rules = state.rules
        if rules.blitz and blitz_among(rules, hands, state.active):  # a 31 dealt shows once the choice is made
            return moved(state, phase=_PLAY, to_act=turn.turn_of, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), _BLITZ
        return self._go_on(state, turn, _PLAY, hands, widow, state.stock, log)

    def _new_widow(self, state: GameState, turn: WidowTurn, seat: int, log: DealLog) -> Step:
        """Everyone passed (``stall_effect="new_widow"``, Rules §7.5): the widow to the discard, 3 new from the stock."""
        dead, widow, stock = state.widow, state.stock[:3], state.stock[3:]
        log = appended(log, _NEW_WIDOW, seat, dead + widow)
        state = state._replace(discard=state.discard + dead)
        after, reason = self._end_turn(state, turn, _PLAY, state.hands, widow, stock, log, 0, ())
        if reason is not None or not state.rules.pounce:
            return after, reason
        return self._go_on(after, after.turn, _PLAY, after.hands, widow, stock, after.log)

    def _pounce(self, state: GameState, turn: WidowTurn, seat: int) -> Step:
        hands, widow, stock, log = pounce.pounced(state, seat)
        return self._go_on(state, turn._replace(declined=()), _POUNCE, hands, widow, stock, log)

    def _go_on(
        self, state: GameState, turn: WidowTurn, phase: Phase,
        hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...], stock: tuple[Card, ...], log: DealLog,
    ) -> Step:
        """After the widow changed (or a pounce was declined): ask the next pounce, or let play go on."""
        if state.rules.pounce:
            if pounce.tricon_among(hands):
                asked = pounce.question(state, turn, phase, hands, widow, stock, log)
                if asked is not None:
                    return asked, None
            if phase is _POUNCE:
                assert turn.resume is not None
                phase = turn.resume
                turn = turn._replace(resume=None)
        if turn.exchanges >= state.rules.exchanges_per_turn:
            return self._end_turn(state, turn, phase, hands, widow, stock, log, turn.passes, turn.declined)
        return moved(state, phase=phase, to_act=turn.turn_of, hands=hands, widow=widow, stock=stock, turn=turn, log=log), None

    def _end_turn(
        self, state: GameState, turn: WidowTurn, phase: Phase,
        hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...], stock: tuple[Card, ...], log: DealLog,
        passes: int, declined: tuple[int, ...],
    ) -> Step:
        """The turn of ``turn.turn_of`` is over: the next seat's turn, or the showdown after the final round."""
        seat = turn.turn_of
        left = turn.final_left
        if phase is _FINAL:
            if left and left[0] == seat:  # as in play; after a knock, the knocker owes no final turn
                left = left[1:]
            elif seat in left:
                left = tuple([s for s in left if s != seat])
            if not left:
                turn = turn._replace(passes=passes, declined=declined)
                return moved(state, phase=phase, to_act=seat, hands=hands, widow=widow, stock=stock, turn=turn, log=log), _FINAL_ROUND
            following = left[0]
        else:
            following = NEXT_ACTIVE[state.active][seat]
        turns = turn.turns + 1
        turn = widow_turn(following, turns, passes, 0, (), turn.knockers, left, declined, turn.resume)
        return moved(state, phase=phase, to_act=following, hands=hands, widow=widow, stock=stock, turn=turn, log=log), None

    # ------------------------------------------------------------------ observation

    def pounce_card(self, state: GameState, seat: int) -> Card | None:
        return pounce_card(state, seat)
