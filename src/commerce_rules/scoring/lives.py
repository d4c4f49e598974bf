"""Lives (Rules §2.6-2.7): the lowest hand loses a life; the last player with lives wins.

Every player tied for the lowest hand loses a life. A showdown that would
take the last life of every active player at once takes none
(**[resolution]**). Exact ties for the best hand go to the eldest, the dealer last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import jsonfields as jf
from ..state import Phase, Showdown, clockwise_from, seats_with_lives
from .common import NoQuestions, check_lowest_lose
from ..words import plural, seat_list

if TYPE_CHECKING:
    from ..features import Features
    from ..observe import Observation
    from ..rules import Rules
    from ..parts import Settlement
    from ..ranking import HandValue
    from ..rules import Rules
    from ..state import GameState

__all__ = ["Lives", "lowest_hands", "take_lives"]


def lowest_hands(state: GameState, values: tuple[HandValue | None, ...]) -> tuple[int, ...]:
    """The active seats tied for the lowest hand, or none if that would eliminate every active seat."""
    active = state.active
    strengths = [values[seat].strength for seat in active]  # type: ignore[union-attr]  # every active seat holds a hand
    lowest = min(strengths)
    losers = tuple([seat for seat, strength in zip(active, strengths) if strength == lowest])
    if len(losers) == len(active) and all(state.lives[seat] == 1 for seat in losers):
        return ()
    return losers


def take_lives(lives: tuple[int, ...], losers: tuple[int, ...]) -> tuple[int, ...]:
    """``lives`` with one taken from each loser."""
    counts = list(lives)
    for seat in losers:
        counts[seat] -= 1
    return tuple(counts)


class Lives(NoQuestions):
    """Lives that the lowest hands lose; elimination; the last survivor wins."""

    unit = "life"
    has_money = False
    units = "lives"

    def active_seats(self, lives: tuple[int, ...], record: Any) -> tuple[int, ...]:
        return seats_with_lives(lives)

    def start_match(self, state: GameState) -> GameState:
        return state

    def start_deal(self, state: GameState) -> GameState:
        return state

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        return clockwise_from(state.active, state.dealer)

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int) -> Settlement:
        losers = lowest_hands(state, values)
        lives = take_lives(state.lives, losers)
        return state._replace(lives=lives, active=self.active_seats(lives, state.score)), losers, ()

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        active = state.active
        return active if len(active) == 1 else None

    def return_range(self, rules: Rules, players: int, deals: int, actions_per_deal: int) -> tuple[int, int]:
        return -1, players - 1  # (n - k) / k for each of k winners, -1 for the others

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        return state._replace(phase=Phase.OVER, to_act=None, winners=winners)

    def score_features_size(self, rules: Rules, players: int) -> int:
        return players

    def score_features(self, view: Observation, out: Features) -> None:
        """Each seat's lives / starting_lives."""
        out.per_seat(view.lives, view.rules.starting_lives)

    def returns(self, state: GameState) -> tuple[float, ...]:
        """``(n - k) / k`` for each of the ``k`` winners, -1 for every other seat: a zero-sum win."""
        n, k = state.num_players, len(state.winners)
        return tuple([(n - k) / k if seat in state.winners else -1.0 for seat in range(n)])

    # ------------------------------------------------------------------ words

    def standings(self, rules: Any, balances: Sequence[int], lives: Sequence[int], pot: int) -> str:
        parts = [f"seat {s} {n}" if n > 0 else f"seat {s} out" for s, n in enumerate(lives)]
        return f"{self.units}: " + ", ".join(parts)

    def deal_heading(self, state: GameState) -> str:
        return f"Deal {state.deal_number}"

    def deal_start(self, state: GameState) -> list[str]:
        if state.showdowns:  # later deals follow a showdown that printed the standings
            return []
        return [f"  {self.standings(state.rules, state.balances, state.lives, state.pot).capitalize()}."]

    def showdown_lines(self, showdown: Showdown, after: GameState) -> list[str]:
        unit, lives = self.unit, after.lives
        if not showdown.losers:
            return [f"nobody loses a {unit}: the lowest hands would have taken every player's last {unit}"]
        lines = []
        for seat in showdown.losers:
            if lives[seat] > 0:
                lines.append(f"seat {seat} has the lowest hand and loses a {unit} ({plural(lives[seat], unit)} left)")
            else:
                lines.append(f"seat {seat} has the lowest hand and loses their last {unit}: out of the match")
        return lines

    def winners_text(self, state: GameState) -> str:
        deals = plural(len(state.showdowns), "deal")
        if len(state.winners) == 1:
            return f"Match over after {deals}. Winner: seat {state.winners[0]}, the last player with {self.units}."
        return f"Match over after {deals}. Winners: {seat_list(state.winners)}."

    # ------------------------------------------------------------------ checks of a loaded state

    def check(self, state: GameState) -> None:
        """Lives stay within the start; the active seats are those with lives; the lowest hands lost; no money."""
        self.check_lives(state)
        if state.pot or any(state.balances):
            jf.fail("balances" if any(state.balances) else "pot", "a lives variant has no money: balances and pot must be 0")
        for i, showdown in enumerate(state.showdowns):
            if showdown.payments:
                jf.fail(f"showdowns[{i}].payments", "nobody pays at a lives showdown: must be empty")

    def check_lives(self, state: GameState) -> None:
        start = state.rules.starting_lives
        for seat, count in enumerate(state.lives):
            if count > start:
                jf.fail(f"lives[{seat}]", f"at most starting_lives ({start}), not {count}")
        for i, showdown in enumerate(state.showdowns):
            check_lowest_lose(showdown, f"showdowns[{i}]")
