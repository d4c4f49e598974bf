"""The end of a deal: reveal and rank the hands, let the scoring settle, then deal on or end the match."""

from __future__ import annotations

from .deal import deal
from .ranking import HandValue, evaluate
from .state import EMPTY_LOG, DealLog, GameState, Showdown, ShowdownReason, next_active
from .variant import variant_of

__all__ = ["best_hand", "continue_match", "finish_deal"]


def best_hand(values: tuple[HandValue | None, ...], tie_order: tuple[int, ...]) -> int:
    """The seat with the best hand; an exact tie goes to the seat earliest in ``tie_order``."""
    best = tie_order[0]
    best_strength = values[best].strength  # type: ignore[union-attr]
    for seat in tie_order[1:]:
        strength = values[seat].strength  # type: ignore[union-attr]
        if strength > best_strength:
            best, best_strength = seat, strength
    return best


def finish_deal(state: GameState, reason: ShowdownReason) -> GameState:
    """Settle the deal that just ended and, unless the match is over, deal the next one."""
    rules = state.rules
    scoring = variant_of(rules).scoring
    values = tuple([evaluate(hand, rules) if hand else None for hand in state.hands])
    winner = best_hand(values, scoring.tie_order(state))
    state, losers, payments = scoring.settle(state, values, winner, reason)
    showdown = Showdown(state.deal_number, state.dealer, reason, state.hands, values, winner, losers, payments)
    state = state._replace(showdowns=state.showdowns + (showdown,))
    question = scoring.question(state)
    if question is not None:  # asked right after the showdown, before the match can end
        return question
    return continue_match(state)


def continue_match(state: GameState, carried: DealLog = EMPTY_LOG) -> GameState:
    """After a settled showdown (and any answer it asked for): end the match, or deal the next deal.

    ``carried`` events, recorded after the showdown, open the next deal's history.
    """
    final = variant_of(state.rules).scoring.end_match(state)
    if final is not None:
        return final
    return deal(state, state.deal_number + 1, next_active(state.active, state.dealer), carried)
