"""Lives (RULES.md §2.6-2.7): the lowest hand loses a life; the last player with lives wins.

Every player tied for the lowest hand loses a life. A showdown that would
take the last life of every active player at once takes none
(**[resolution]**). Exact ties for the best hand go to the eldest, the dealer last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import Phase, evolve
from . import NoQuestions, Settlement

if TYPE_CHECKING:
    from ..ranking import HandValue
    from ..state import GameState


def lowest_hands(state: GameState, values: tuple[HandValue | None, ...]) -> tuple[int, ...]:
    """The active seats tied for the lowest hand, or none if that would eliminate every active seat."""
    active = state.active
    lowest = min(values[seat].strength for seat in active if values[seat] is not None)  # type: ignore[union-attr]
    losers = tuple(seat for seat in active if values[seat] is not None and values[seat].strength == lowest)  # type: ignore[union-attr]
    if len(losers) == len(active) and all(state.lives[seat] == 1 for seat in losers):
        return ()
    return losers


def eldest_first(state: GameState) -> tuple[int, ...]:
    """Active seats from the dealer's left round to the dealer."""
    n = state.num_players
    return tuple(seat for seat in ((state.dealer + k) % n for k in range(1, n + 1)) if state.lives[seat] > 0)


def take_lives(lives: tuple[int, ...], losers: tuple[int, ...]) -> tuple[int, ...]:
    """``lives`` with one taken from each loser."""
    return tuple(count - 1 if seat in losers else count for seat, count in enumerate(lives))


class Lives(NoQuestions):
    """Lives that the lowest hands lose; elimination; the last survivor wins."""

    def start_match(self, state: GameState) -> GameState:
        return state

    def start_deal(self, state: GameState) -> GameState:
        return state

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        return eldest_first(state)

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int) -> Settlement:
        losers = lowest_hands(state, values)
        return evolve(state, lives=take_lives(state.lives, losers)), losers, ()

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        active = state.active
        return active if len(active) == 1 else None

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        return evolve(state, phase=Phase.OVER, to_act=None, winners=winners)
