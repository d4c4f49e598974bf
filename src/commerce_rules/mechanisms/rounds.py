"""Hoyle's Commerce with widow: the dealer's blind exchange, rounds, a growing widow, two knocks (RULES.md §6.2-6.6).

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
from typing import TYPE_CHECKING, Any

from ..actions import Action, BlindExchange, Exchange, Knock, Pass, seat_action
from ..state import Event, EventKind, Phase, ShowdownReason, evolve
from . import Step
from .common import exchange_choices, exchange_refusal, swap_in, unless_turn_limit, with_seat

if TYPE_CHECKING:
    from ..state import GameState

FREEZE = 3
"""Exchanging this many cards in one turn (or blind) ends a player's exchanges for the deal."""


def round_order(state: GameState, knockers: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that play a round: active, not knocked, clockwise from the eldest."""
    n = state.num_players
    lives = state.lives
    return tuple(
        seat for seat in ((state.dealer + k) % n for k in range(1, n + 1)) if lives[seat] > 0 and seat not in knockers
    )


class Rounds:
    """Blind exchange, rounds with a growing widow, exchanges of up to three, two knocks."""

    def cards_needed(self, players: int) -> int:
        return 3 + (players - 1)  # the widow, and one card for each round after the first

    def begin(self, state: GameState) -> GameState:
        order = round_order(state, ())
        turn = evolve(state.turn, turn_of=order[0], final_left=order, round=1)
        return evolve(state, phase=Phase.BLIND_EXCHANGE, to_act=state.dealer, turn=turn)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        if seat is None:
            return ()
        if state.phase is Phase.BLIND_EXCHANGE:
            takes = [BlindExchange(seat, take) for k in (1, 2, 3) for take in combinations(state.widow, k)]
            return (*takes, seat_action(Pass, seat))
        turn = state.turn
        ending: tuple[Action, ...] = (seat_action(Pass, seat), seat_action(Knock, seat))
        if turn.exchanges:  # a knock is a whole turn
            ending = ending[:1]
        if seat in turn.spent:
            return ending
        return (*exchange_choices(state, seat), *ending)

    def apply(self, state: GameState, action: Action) -> Step:
        if isinstance(action, BlindExchange):
            return self._blind(state, action), None
        if isinstance(action, Exchange):
            return self._exchange(state, action)
        if isinstance(action, Pass):
            if state.phase is Phase.BLIND_EXCHANGE:
                return self._start_play(state, {}, {}), None
            history = (*state.history, Event(EventKind.PASS, action.player))
            return self._end_turn(state, {}, {"history": history})
        assert isinstance(action, Knock)
        return self._knock(state, action.player)

    def _blind(self, state: GameState, action: BlindExchange) -> GameState:
        dealer, take = action.player, action.take
        hand = state.hands[dealer]
        give = hand[: len(take)]  # unseen: the first cards dealt go out [resolution]
        widow = state.widow
        for old, new in zip(take, give):
            widow = swap_in(widow, old, new)
        new_hand = (*hand[len(take) :], *take)
        changes = {
            "hands": with_seat(state.hands, dealer, new_hand),
            "widow": widow,
            "history": (*state.history, Event(EventKind.BLIND_EXCHANGE, dealer, (*take, *give))),
        }
        spent = (dealer,) if len(take) >= FREEZE else ()
        return self._start_play(state, {"spent": spent}, changes)

    def _start_play(self, state: GameState, turn_changes: dict[str, Any], changes: dict[str, Any]) -> GameState:
        turn = evolve(state.turn, **turn_changes)
        return evolve(state, phase=Phase.PLAY, to_act=turn.turn_of, turn=turn, **changes)

    def _exchange(self, state: GameState, action: Exchange) -> Step:
        seat, give, take = action.player, action.give, action.take
        turn = state.turn
        hand = swap_in(state.hands[seat], give, take)
        exchanges = turn.exchanges + 1
        turn = evolve(turn, exchanges=exchanges, given=(*turn.given, give))
        state = evolve(
            state,
            hands=with_seat(state.hands, seat, hand),
            widow=swap_in(state.widow, take, give),
            history=(*state.history, Event(EventKind.EXCHANGE, seat, (give, take))),
            turn=turn,
        )
        if exchanges >= FREEZE:  # three in one turn: no more exchanges this deal
            return self._end_turn(state, {"spent": (*turn.spent, seat)}, {})
        if exchanges >= state.rules.exchanges_per_turn:
            return self._end_turn(state, {}, {})
        return state, None

    def _knock(self, state: GameState, seat: int) -> Step:
        knockers = (*state.turn.knockers, seat)
        history = (*state.history, Event(EventKind.KNOCK, seat))
        if len(knockers) >= 2:
            turn = evolve(state.turn, knockers=knockers)
            return evolve(state, turn=turn, history=history), ShowdownReason.SECOND_KNOCK
        return self._end_turn(state, {"knockers": knockers}, {"history": history})

    def _end_turn(self, state: GameState, turn_changes: dict[str, Any], changes: dict[str, Any]) -> Step:
        turn = evolve(state.turn, **turn_changes) if turn_changes else state.turn
        left = turn.final_left[1:]
        turns = turn.turns + 1
        round_number = turn.round
        if not left:  # the round is over
            if round_number >= len(state.active):
                return evolve(state, turn=evolve(turn, turns=turns), **changes), ShowdownReason.LAST_ROUND
            round_number += 1
            left = round_order(state, turn.knockers)
            grown = state.stock[0]
            changes["widow"] = (*changes.get("widow", state.widow), grown)
            changes["stock"] = state.stock[1:]
            changes["history"] = (*changes.get("history", state.history), Event(EventKind.WIDOW_GROWS, state.dealer, (grown,)))
        following = left[0]
        turn = evolve(turn, turn_of=following, turns=turns, exchanges=0, given=(), final_left=left, round=round_number)
        return unless_turn_limit(evolve(state, to_act=following, turn=turn, **changes))

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn = state.turn
        if state.phase is Phase.BLIND_EXCHANGE:
            if isinstance(action, BlindExchange):
                missing = [str(card) for card in action.take if card not in state.widow]
                if missing:
                    return f"{' '.join(missing)} not in the widow"
                return "a blind exchange takes 1, 2 or 3 widow cards"
            return f"the dealer, seat {seat}, first exchanges blind (BlindExchange) or passes"
        if isinstance(action, BlindExchange):
            return "only the dealer exchanges blind, before the first round"
        if isinstance(action, Knock) and turn.exchanges:
            return "a knock is a whole turn: no knock after an exchange in the same turn"
        if isinstance(action, Exchange):
            if seat in turn.spent:
                return f"seat {seat} exchanged three cards at once and may not exchange again this deal"
            refusal = exchange_refusal(state, action)
            if refusal is not None:
                return refusal
        return f"{type(action).__name__} is not an action of this game"
