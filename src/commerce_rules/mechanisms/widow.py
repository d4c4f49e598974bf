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

from typing import TYPE_CHECKING, Any

from ..actions import Action, Exchange, Knock, Pass, Pounce, seat_action
from ..state import Event, EventKind, Phase, ShowdownReason, evolve, next_active
from . import Step
from .common import exchange_choices, exchange_refusal, swap_in, unless_turn_limit, with_seat

if TYPE_CHECKING:
    from ..cards import Card
    from ..state import GameState


def pounce_card(state: GameState, seat: int) -> Card | None:
    """The widow card ``seat`` could pounce on now, if any.

    A pounce needs a tricon in hand, its fourth card in the widow and a card
    in the stock to refill the widow (**[resolution]**: with the stock empty
    there is no pounce, so the widow always holds 3 cards).
    """
    hand = state.hands[seat]
    if len(hand) != 3 or not state.stock:
        return None
    rank = hand[0].rank
    if hand[1].rank is not rank or hand[2].rank is not rank:
        return None
    for card in state.widow:
        if card.rank is rank:
            return card
    return None


class Widow:
    """Exchange with a face-up widow of three; knock for a final round; pounce where the rules say."""

    def cards_needed(self, players: int) -> int:
        return 3  # the widow

    def begin(self, state: GameState) -> GameState:
        state, reason = self._go_on(evolve(state, phase=Phase.PLAY), {}, {})
        assert reason is None
        return state

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        if seat is None:
            return ()
        if state.phase is Phase.POUNCE:
            return (seat_action(Pounce, seat), seat_action(Pass, seat))
        turn = state.turn
        hand = state.hands[seat]
        ending: tuple[Action, ...] = (seat_action(Pass, seat), seat_action(Knock, seat))
        if state.phase is not Phase.PLAY or turn.exchanges:  # one knock a deal; a knock is a whole turn
            ending = ending[:1]
        if len(hand) == 4:  # a quad is frozen: pass or knock only [resolution]
            return ending
        return (*exchange_choices(state, seat), *ending)

    def apply(self, state: GameState, action: Action) -> Step:
        if isinstance(action, Exchange):
            return self._exchange(state, action)
        if isinstance(action, Pass):
            if state.phase is Phase.POUNCE:
                turn = {"declined": (*state.turn.declined, action.player)}
                history = (*state.history, Event(EventKind.POUNCE_DECLINED, action.player))
                return self._go_on(state, turn, {"history": history})
            return self._pass(state, action.player)
        if isinstance(action, Pounce):
            return self._pounce(state, action.player)
        assert isinstance(action, Knock)
        return self._knock(state, action.player)

    def _exchange(self, state: GameState, action: Exchange) -> Step:
        seat, give, take = action.player, action.give, action.take
        turn = state.turn
        hand = swap_in(state.hands[seat], give, take)
        changes = {
            "hands": with_seat(state.hands, seat, hand),
            "widow": swap_in(state.widow, take, give),
            "history": (*state.history, Event(EventKind.EXCHANGE, seat, (give, take))),
        }
        turn_changes = {"exchanges": turn.exchanges + 1, "given": (*turn.given, give), "passes": 0, "declined": ()}
        return self._go_on(state, turn_changes, changes)

    def _pounce(self, state: GameState, seat: int) -> Step:
        card = pounce_card(state, seat)
        assert card is not None
        refill = state.stock[0]
        changes = {
            "hands": with_seat(state.hands, seat, (*state.hands[seat], card)),
            "widow": swap_in(state.widow, card, refill),
            "stock": state.stock[1:],
            "history": (*state.history, Event(EventKind.POUNCE, seat, (card, refill))),
        }
        return self._go_on(state, {"declined": ()}, changes)

    def _pass(self, state: GameState, seat: int) -> Step:
        turn = state.turn
        history = (*state.history, Event(EventKind.PASS, seat))
        if turn.exchanges:  # a pass closing a turn of exchanges does not count toward a stall
            return self._end_turn(state, {}, {"history": history})
        passes = turn.passes + 1
        if state.phase is Phase.PLAY and passes >= state.rules.stall_passes * len(state.active):
            return evolve(state, history=history, turn=evolve(turn, passes=passes)), ShowdownReason.STALL
        return self._end_turn(state, {"passes": passes}, {"history": history})

    def _knock(self, state: GameState, seat: int) -> Step:
        lives = state.lives
        n = state.num_players
        others = tuple(s for s in ((seat + k) % n for k in range(1, n)) if lives[s] > 0)
        history = (*state.history, Event(EventKind.KNOCK, seat))
        state = evolve(state, phase=Phase.FINAL_ROUND)
        return self._end_turn(state, {"knockers": (seat,), "final_left": others, "passes": 0}, {"history": history})

    def _go_on(self, state: GameState, turn_changes: dict[str, Any], changes: dict[str, Any]) -> Step:
        """After the widow changed (or a pounce was declined): ask the next pounce, or let play go on."""
        if not state.rules.pounce:  # the common path: build the next state in one step
            if turn_changes.get("exchanges", state.turn.exchanges) >= state.rules.exchanges_per_turn:
                return self._end_turn(state, turn_changes, changes)
            turn = evolve(state.turn, **turn_changes)
            return evolve(state, to_act=turn.turn_of, turn=turn, **changes), None
        turn = evolve(state.turn, **turn_changes) if turn_changes else state.turn
        state = evolve(state, turn=turn, **changes)
        n = state.num_players
        hands = state.hands
        for offset in range(n):  # the first eligible player in turn order from the player whose turn it is
            seat = (turn.turn_of + offset) % n
            hand = hands[seat]
            if len(hand) != 3 or hand[0].rank is not hand[1].rank:  # the quick test: no tricon here
                continue
            if seat not in turn.declined and pounce_card(state, seat) is not None:
                resume = turn.resume if state.phase is Phase.POUNCE else state.phase
                return evolve(state, phase=Phase.POUNCE, to_act=seat, turn=evolve(turn, resume=resume)), None
        if state.phase is Phase.POUNCE:
            resume = turn.resume
            assert resume is not None
            turn = evolve(turn, resume=None)
            state = evolve(state, phase=resume, turn=turn)
        if turn.exchanges >= state.rules.exchanges_per_turn:
            return self._end_turn(state, {}, {})
        return evolve(state, to_act=turn.turn_of), None

    def _end_turn(self, state: GameState, turn_changes: dict[str, Any], changes: dict[str, Any]) -> Step:
        turn = state.turn
        seat = turn.turn_of
        turns = turn.turns + 1
        left = turn_changes.get("final_left", turn.final_left)
        if state.phase is Phase.FINAL_ROUND:
            left = tuple(s for s in left if s != seat)
            if not left:
                return evolve(state, turn=evolve(turn, **turn_changes), **changes), ShowdownReason.FINAL_ROUND
            following = left[0]
        else:
            following = next_active(state.lives, seat)
        turn_changes.update(turn_of=following, turns=turns, exchanges=0, given=(), final_left=left)
        return unless_turn_limit(evolve(state, to_act=following, turn=evolve(turn, **turn_changes), **changes))

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn = state.turn
        if state.phase is Phase.POUNCE:
            return f"seat {seat} is asked whether to pounce: Pounce or Pass"
        if isinstance(action, Pounce):
            return f"seat {seat} cannot pounce now"
        hand = state.hands[seat]
        if isinstance(action, Knock):
            if state.phase is Phase.FINAL_ROUND:
                return "only one knock per deal: the final round allows exchange or pass"
            if turn.exchanges:
                return "a knock is a whole turn: no knock after an exchange in the same turn"
        if isinstance(action, Exchange):
            refusal = exchange_refusal(state, action)
            if refusal is not None:
                return refusal
            if len(hand) == 4:
                return "a four-card hand may only pass or knock"
        return f"{type(action).__name__} is not an action of the widow game"
