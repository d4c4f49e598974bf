"""The face-up widow: exchange, pass, knock and a final round (RULES.md §2.3-2.4, §3).

On a turn a player exchanges a hand card for a widow card (up to
``exchanges_per_turn`` times, a pass closing the turn early), passes, or
knocks; after a knock every other active player has exactly one final turn.
When every active player has passed ``stall_passes`` times in a row the
exchanges end (**[resolution]**: no extra final round). With ``pounce``, a
player whose tricon's fourth card lies in the widow is asked out of turn
whether to take it (**[resolution]**: the question is an action of its own
that uses no turn, asked before play goes on, the first eligible player in
turn order from the player whose turn it is asked first).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import jsonfields as jf
from ..actions import Action, Exchange, Knock, Pass, Pounce, seat_action
from ..cards import Card
from ..state import DealLog, Event, EventKind, Phase, ShowdownReason, clockwise_from, event, moved, next_active
from .widow_record import WidowRecord, WidowTurn, pounce_card_in, pounce_card, widow_turn
from .common import exchange_choices, exchange_refusal, knocker_of, swap_in, turn_limit_text, unless_turn_limit, with_seat

if TYPE_CHECKING:
    from ..rules import Rules
    from ..observe import Observation
    from ..parts import EventShape, Seen, Step
    from ..state import GameState, Showdown

__all__ = ["Widow", "WidowTurn", "pounce_card"]

_PLAY, _FINAL, _POUNCE = Phase.PLAY, Phase.FINAL_ROUND, Phase.POUNCE
_EXCHANGE, _PASS, _KNOCK = EventKind.EXCHANGE, EventKind.PASS, EventKind.KNOCK
_POUNCED, _DECLINED = EventKind.POUNCE, EventKind.POUNCE_DECLINED


class Widow(WidowRecord):
    """Exchange with a face-up widow of three; knock for a final round; pounce where the rules say."""

    phases: tuple[Phase, ...] = (_PLAY, _FINAL, _POUNCE)
    widow_size = 3
    discard_face_up = True  # nothing is discarded face down
    events: dict[EventKind, EventShape] = {
        _EXCHANGE: ((2,), "all"), _PASS: ((0,), "all"), _KNOCK: ((0,), "all"),
        _POUNCED: ((2,), "all"), _DECLINED: ((0,), "all"),
    }  # fmt: skip

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return (_PLAY, _FINAL, _POUNCE) if rules.pounce else (_PLAY, _FINAL)

    def cards_needed(self, players: int) -> int:
        return 3  # the widow

    def begin(self, state: GameState) -> GameState:
        turn = WidowTurn(next_active(state.active, state.dealer))
        state, reason = self._go_on(state, turn, _PLAY, state.hands, state.widow, state.stock, state.log)
        assert reason is None
        return state

    # ------------------------------------------------------------------ legality

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        assert seat is not None
        if state.phase is _POUNCE:
            return (seat_action(Pounce, seat), seat_action(Pass, seat))
        turn: WidowTurn = state.turn
        hand = state.hands[seat]
        if state.phase is _PLAY and not turn.exchanges:  # one knock a deal; a knock is a whole turn
            ending: tuple[Action, ...] = (seat_action(Pass, seat), seat_action(Knock, seat))
        else:
            ending = (seat_action(Pass, seat),)
        if len(hand) == 4:  # a quad is frozen: pass or knock only [resolution]
            return ending
        return exchange_choices(hand, state.widow, turn.given, seat) + ending

    def accepts(self, state: GameState, action: Action) -> bool:
        seat = state.to_act
        if action.player != seat:
            return False
        kind = type(action)
        phase = state.phase
        if phase is _POUNCE:
            return kind is Pounce or kind is Pass
        if kind is Exchange:
            hand = state.hands[seat]
            take = action.take  # type: ignore[attr-defined]
            return len(hand) == 3 and action.give in hand and take in state.widow and take not in state.turn.given  # type: ignore[attr-defined]
        if kind is Pass:
            return True
        return kind is Knock and phase is _PLAY and not state.turn.exchanges

    # ------------------------------------------------------------------ play

    def apply(self, state: GameState, action: Action) -> Step:
        kind = type(action)
        turn: WidowTurn = state.turn
        seat = action.player
        if kind is Exchange:
            give, take = action.give, action.take  # type: ignore[attr-defined]
            hands = state.hands
            hand = hands[seat]
            at = hand.index(give)
            hands = hands[:seat] + (hand[:at] + (take,) + hand[at + 1 :],) + hands[seat + 1 :]
            widow = state.widow
            at = widow.index(take)
            widow = widow[:at] + (give,) + widow[at + 1 :]
            log = DealLog(state.log, event(_EXCHANGE, seat, (give, take)))
            exchanges = turn.exchanges + 1
            rules = state.rules
            if not rules.pounce:  # the common path: no question can follow, so the state is built once
                if exchanges >= rules.exchanges_per_turn:
                    return self._end_turn(state, turn, state.phase, hands, widow, state.stock, log, 0, ())
                turn = widow_turn(turn.turn_of, turn.turns, 0, exchanges, turn.given + (give,), turn.knockers, turn.final_left, (), None)
                return moved(state, phase=state.phase, to_act=seat, hands=hands, widow=widow, stock=state.stock, turn=turn, log=log), None
            turn = turn._replace(exchanges=exchanges, given=turn.given + (give,), passes=0, declined=())
            return self._go_on(state, turn, state.phase, hands, widow, state.stock, log)
        if kind is Pass:
            log = DealLog(state.log, event(_DECLINED if state.phase is _POUNCE else _PASS, seat))
            if state.phase is _POUNCE:
                turn = turn._replace(declined=turn.declined + (seat,))
                return self._go_on(state, turn, _POUNCE, state.hands, state.widow, state.stock, log)
            if turn.exchanges:  # a pass closing a turn of exchanges does not count toward a stall
                return self._end_turn(state, turn, state.phase, state.hands, state.widow, state.stock, log, turn.passes, turn.declined)
            passes = turn.passes + 1
            if state.phase is _PLAY and passes >= state.rules.stall_passes * len(state.active):
                return state._replace(log=log, turn=turn._replace(passes=passes)), ShowdownReason.STALL
            return self._end_turn(state, turn, state.phase, state.hands, state.widow, state.stock, log, passes, turn.declined)
        if kind is Pounce:
            return self._pounce(state, turn, seat)
        others = tuple(s for s in clockwise_from(state.active, seat) if s != seat)
        log = DealLog(state.log, Event(_KNOCK, seat))
        turn = turn._replace(knockers=(seat,), final_left=others)
        return self._end_turn(state, turn, _FINAL, state.hands, state.widow, state.stock, log, 0, turn.declined)

    def _pounce(self, state: GameState, turn: WidowTurn, seat: int) -> Step:
        card = pounce_card(state, seat)
        assert card is not None
        refill = state.stock[0]
        hands = with_seat(state.hands, seat, state.hands[seat] + (card,))
        log = DealLog(state.log, Event(_POUNCED, seat, (card, refill)))
        widow = swap_in(state.widow, card, refill)
        return self._go_on(state, turn._replace(declined=()), _POUNCE, hands, widow, state.stock[1:], log)

    def _go_on(
        self, state: GameState, turn: WidowTurn, phase: Phase,
        hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...], stock: tuple[Card, ...], log: DealLog,
    ) -> Step:  # fmt: skip
        """After the widow changed (or a pounce was declined): ask the next pounce, or let play go on."""
        if state.rules.pounce:
            n = state.num_players
            declined = turn.declined
            for offset in range(n):  # the first eligible player in turn order from the player whose turn it is
                seat = (turn.turn_of + offset) % n
                hand = hands[seat]
                if len(hand) != 3 or hand[0].rank is not hand[1].rank:  # the quick test: no tricon here
                    continue
                if seat not in declined and pounce_card_in(hand, widow, stock) is not None:
                    resume = turn.resume if phase is _POUNCE else phase
                    turn = turn._replace(resume=resume)
                    return moved(state, phase=_POUNCE, to_act=seat, hands=hands, widow=widow, stock=stock, turn=turn, log=log), None
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
    ) -> Step:  # fmt: skip
        """The turn of ``turn.turn_of`` is over: the next seat's turn, or the showdown after the final round."""
        seat = turn.turn_of
        left = turn.final_left
        if phase is _FINAL:
            left = tuple([s for s in left if s != seat])
            if not left:
                turn = turn._replace(passes=passes, declined=declined)
                return moved(state, phase=phase, to_act=seat, hands=hands, widow=widow, stock=stock, turn=turn, log=log), ShowdownReason.FINAL_ROUND
            following = left[0]
        else:
            following = next_active(state.active, seat)
        turns = turn.turns + 1
        turn = widow_turn(following, turns, passes, 0, (), turn.knockers, left, declined, turn.resume)
        return unless_turn_limit(moved(state, phase=phase, to_act=following, hands=hands, widow=widow, stock=stock, turn=turn, log=log), turns)

    # ------------------------------------------------------------------ words

    def waiting_for(self, state: GameState) -> str:
        if state.phase is _POUNCE:
            return f"seat {state.to_act} is being asked whether to pounce"
        return f"it is seat {state.to_act}'s turn to act"

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn: WidowTurn = state.turn
        if state.phase is _POUNCE:
            return f"seat {seat} is asked whether to pounce: Pounce or Pass"
        if isinstance(action, Pounce):
            return f"seat {seat} cannot pounce now"
        hand = state.hands[seat]
        if isinstance(action, Knock):
            if state.phase is _FINAL:
                return "only one knock per deal: the final round allows exchange or pass"
            if turn.exchanges:
                return "a knock is a whole turn: no knock after an exchange in the same turn"
        if isinstance(action, Exchange):
            refusal = exchange_refusal(state, action, turn.given)
            if refusal is not None:
                return refusal
            if len(hand) == 4:
                return "a four-card hand may only pass or knock"
        return f"{type(action).__name__} is not an action of the widow game"

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        seat = action.player
        final = " (final turn)" if before.phase is _FINAL else ""
        if isinstance(action, Knock):
            return [f"{action.describe()}: every other player has one final turn"]
        if isinstance(action, Exchange):
            widow = tuple(action.give if card == action.take else card for card in before.widow)
            return [f"{action.describe()}{final}; the widow now holds {' '.join(map(str, widow))}"]
        if isinstance(action, Pounce):
            card = pounce_card(before, seat)
            assert card is not None
            refill = before.stock[0]
            after_widow = " ".join(str(refill if c is card else c) for c in before.widow)
            return [
                f"seat {seat} pounces on {card} from the widow, a four-card hand; "
                f"{refill} from the stock refills the widow, which now holds {after_widow}"
            ]
        if before.phase is _POUNCE:
            return []  # a declined pounce shows nothing at the table (RULES.md §3.3)
        if before.turn.exchanges:
            return [f"seat {seat} ends the turn{final}"]
        return [action.describe() + final]

    def choice_text(self, state: GameState, action: Action) -> str:
        if isinstance(action, Knock):
            return "knock"
        if isinstance(action, Exchange):
            return f"exchange: give {action.give}, take {action.take} from the widow"
        if isinstance(action, Pounce):
            return "pounce: take the fourth card of your tricon from the widow"
        if state.phase is _POUNCE:
            return "pass: do not pounce"
        if state.turn.exchanges:
            return "pass: end your turn"
        return "pass"

    def situation(self, view: Observation) -> list[str]:
        if view.phase is _POUNCE:
            return ["The widow holds the fourth card of your tricon: you may pounce, out of turn."]
        return []

    def opening(self, state: GameState) -> list[str]:
        return [f"  The widow, face up: {' '.join(map(str, state.widow))}."]

    def reason_text(self, showdown: Showdown, before: GameState | None, action: Action | None) -> str:
        if showdown.reason is ShowdownReason.STALL:
            times = "once" if before is None or before.rules.stall_passes == 1 else f"{before.rules.stall_passes} times"
            return f"every player passed {times} in a row"
        if showdown.reason is ShowdownReason.TURN_LIMIT:
            return turn_limit_text(before)
        knocker = knocker_of(before, action)
        return "the final round is over" if knocker is None else f"the final round after seat {knocker}'s knock is over"

    # ------------------------------------------------------------------ observation and JSON

    def seen(self, state: GameState, player: int, history: tuple[Event, ...]) -> Seen:
        """The pounce question is private (RULES.md §3.3): another seat sees the table as if none were pending.

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
        if any(seat != player for seat in turn.declined):
            turn = turn._replace(declined=tuple(seat for seat in turn.declined if seat == player))
            history = tuple(e for e in history if e.kind is not _DECLINED or e.player == player)
        return phase, to_act, turn, history

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> WidowTurn:
        turn: WidowTurn = view.turn
        return turn

    def hides_hand(self, state: GameState, player: int) -> bool:
        return False

    def pounce_card(self, state: GameState, seat: int) -> Card | None:
        return pounce_card(state, seat)
