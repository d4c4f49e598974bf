"""The end of a deal: reveal and rank the hands, let the scoring settle, then deal on or end the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .deal import Decks, deal
from ..ranking import HandValue
from ..ranking.table import hand_values
from ..core.state import EMPTY_LOG, DealLog, GameState, Showdown, ShowdownReason, NEXT_ACTIVE, settled
from .variant import variant_of

if TYPE_CHECKING:
    from ..parts.play import Begun

__all__ = ["best_hand", "continue_match", "finish_deal", "settled_if_over"]


def best_hand(values: tuple[HandValue | None, ...], tie_order: tuple[int, ...]) -> int:
    """The seat with the best hand; an exact tie goes to the seat earliest in ``tie_order``."""
    best = tie_order[0]
    best_strength = values[best].strength  # type: ignore[union-attr]
    for seat in tie_order[1:]:
        strength = values[seat].strength  # type: ignore[union-attr]
        if strength > best_strength:
            best, best_strength = seat, strength
    return best


def finish_deal(state: GameState, reason: ShowdownReason, decks: Decks = ()) -> GameState:
    """Settle the deal that just ended and, unless the match is over, deal the next one (from ``decks[0]`` if given)."""
    rules, hands = state.rules, state.hands
    scoring = variant_of(rules).scoring
    values = hand_values(hands, rules)
    winner = best_hand(values, scoring.tie_order(state))
    pot, balances, lives, active, score, losers, payments = scoring.settle(state, values, winner, reason)
    showdown = Showdown(state.deal_number, state.dealer, reason, hands, values, winner, losers, payments)
    state = settled(state, pot=pot, balances=balances, lives=lives, active=active, score=score, showdown=showdown)
    question = scoring.question(state)
    if question is not None:  # asked right after the showdown, before the match can end
        return question
    return continue_match(state, decks=decks)


def continue_match(state: GameState, carried: DealLog = EMPTY_LOG, *, decks: Decks = ()) -> GameState:
    """After a settled showdown (and any answer it asked for): end the match, or deal the next deal.

    ``carried`` events, recorded after the showdown, open the next deal's
    history; ``decks`` (checked, top first) are dealt, one for each deal this
    deals, instead of the seed's shuffles.
    """
    final = variant_of(state.rules).scoring.end_match(state)
    if final is not None:
        return final
    dealer = NEXT_ACTIVE[state.active][state.dealer]
    step = deal(state, state.deal_number + 1, dealer, carried, deck=decks[0] if decks else None)
    return settled_if_over(step, decks[1:])


def settled_if_over(step: Begun, decks: Decks = ()) -> GameState:
    """A deal just dealt, as its mechanism began it; settled at once where it is already over (a 31 dealt)."""
    state, reason = step
    return state if reason is None else finish_deal(state, reason, decks)
