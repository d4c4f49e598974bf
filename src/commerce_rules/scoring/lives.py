"""Lives (Rules §2.6-2.7): the lowest hand loses a life; the last player with lives wins.

Every player tied for the lowest hand loses a life. A showdown that would
take the last life of every active player at once takes none
(**[resolution]**). Exact ties for the best hand go to the eldest, the dealer last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..parts import jsonfields as jf
from ..ranking import is_blitz
from ..core.records import value_record
from ..parts.spec import ScoringSpec
from ..parts.sight import FieldSight
from ..core.state import Phase, Showdown, ShowdownReason, clockwise_from, scored, seats_with_lives
from .common import NoQuestions, check_lowest_lose
from ..parts.words import plural, seat_list

if TYPE_CHECKING:
    from ..parts.features import Features
    from ..core.observation import Observation
    from ..core.rules import Rules
    from ..parts.play import Settlement
    from ..ranking import HandValue
    from ..core.state import GameState

__all__ = ["LIVES", "Lives", "LivesRecord", "losers_of", "lowest_hands", "out_after", "take_lives"]



@value_record
class LivesRecord(NamedTuple):
    """With ``free_ride``: who is out of the match. A seat with 0 lives that is not out swims (Rules §7.8)."""

    out: tuple[int, ...] = ()
    """The seats out of the match, in seat order."""


def losers_of(state: GameState, values: tuple[HandValue | None, ...], reason: ShowdownReason) -> tuple[int, ...]:
    """The active seats that lose a life at this showdown.

    Those tied for the lowest hand -- or, after a blitz with
    ``blitz_all_lose``, every seat without 31 (Rules §8.6) -- unless that
    would put every active seat out at once (the void rule, §2.7, §7.8):
    then none.
    """
    active = state.active
    rules = state.rules
    if reason is ShowdownReason.BLITZ and rules.blitz_all_lose:
        losers = tuple([seat for seat in active if not is_blitz(values[seat], rules)])  # type: ignore[arg-type]
    else:  # one pass (a showdown's hot path): the lowest strength so far, and the seats that hold it
        first = active[0]
        lowest = values[first].strength  # type: ignore[union-attr]  # every active seat holds a hand
        tied = [first]
        for seat in active[1:]:
            strength = values[seat].strength  # type: ignore[union-attr]
            if strength < lowest:
                lowest, tied = strength, [seat]
            elif strength == lowest:
                tied.append(seat)
        losers = tuple(tied)
    if len(losers) == len(active):
        last = 0 if rules.free_ride else 1  # the lives a seat has when one more loss puts it out
        if all(state.lives[seat] == last for seat in losers):
            return ()
    return losers


def lowest_hands(state: GameState, values: tuple[HandValue | None, ...]) -> tuple[int, ...]:
    """The active seats tied for the lowest hand, or none if that would put every active seat out."""
    return losers_of(state, values, ShowdownReason.KNOCK)


def take_lives(lives: tuple[int, ...], losers: tuple[int, ...]) -> tuple[int, ...]:
    """``lives`` with one taken from each loser that has one (a swimmer who loses stays at 0, and is out)."""
    counts = list(lives)
    for seat in losers:
        if counts[seat] > 0:
            counts[seat] -= 1
    return tuple(counts)


def out_after(out: tuple[int, ...] | None, lives: tuple[int, ...], losers: tuple[int, ...]) -> tuple[int, ...] | None:
    """With a free ride (``out`` not ``None``): the seats out after ``losers`` lost, ``lives`` as they were before."""
    if out is None:
        return None
    return tuple(sorted({*out, *(seat for seat in losers if lives[seat] == 0)}))


MAX_SEATS = 12
"""Seats a record may name (checked against the table's size by the scoring's check)."""


def reached_deal_limit(state: GameState) -> bool:
    """Whether ``deal_limit`` deals have been played (Rules §9)."""
    limit = state.rules.deal_limit
    return limit is not None and len(state.showdowns) >= limit


class Lives(NoQuestions):
    """Lives that the lowest hands lose; elimination; the last survivor wins."""

    unit = "life"
    has_money = False
    units = "lives"
    record_sight: dict[str, FieldSight] = dict.fromkeys(LivesRecord._fields, FieldSight.EVERYONE)
    """Who is out is public."""

    def new_record(self, rules: Rules, out: tuple[int, ...] = ()) -> Any:
        """``None`` (a seat is out when its lives are spent), or with ``free_ride`` who is out."""
        return LivesRecord(tuple(sorted(out))) if rules.free_ride else None

    def active_seats(self, lives: tuple[int, ...], record: Any) -> tuple[int, ...]:
        out = None if record is None else record.out
        if out is None:
            return seats_with_lives(lives)
        return tuple([seat for seat in range(len(lives)) if seat not in out])

    def start_match(self, state: GameState) -> GameState:
        return state

    def stakes(self, state: GameState) -> tuple[int, tuple[int, ...]]:
        return state.pot, state.balances  # nothing paid by the deal (the pool's stakes are the match's)

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        return clockwise_from(state.active, state.dealer)

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int, reason: ShowdownReason) -> Settlement:
        losers = losers_of(state, values, reason)
        lives, active, score = self.lost(state, losers)
        return state.pot, state.balances, lives, active, score, losers, ()

    def lose(self, state: GameState, losers: tuple[int, ...]) -> GameState:
        lives, active, score = self.lost(state, losers)
        return scored(state, pot=state.pot, balances=state.balances, lives=lives, active=active, score=score)

    def lost(self, state: GameState, losers: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], Any]:
        """:meth:`lose`'s lives, seats in play and match record, as the settlement gives them."""
        lives = take_lives(state.lives, losers)
        score = state.score  # with free_ride, the record of who is out (a LivesRecord, or a PoolRecord)
        if score is not None and score.out is not None:
            score = score._replace(out=out_after(score.out, state.lives, losers))
        active = state.active
        for seat in losers:  # the seats in play change only when a loser is left with none (out, or swimming)
            if not lives[seat]:
                active = self.active_seats(lives, score)
                break
        return lives, active, score

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        """The last player in; or, once ``deal_limit`` deals are played, the most lives (swimmers above the out)."""
        active = state.active
        if len(active) == 1:
            return active
        if reached_deal_limit(state):
            most = max(state.lives[seat] for seat in active)
            return tuple([seat for seat in active if state.lives[seat] == most])
        return None

    def settled_return(self, state: GameState, seat: int) -> float | None:
        """-1 for a seat out of the match: the winners are seats still in (a swimmer is still in)."""
        return None if seat in state.active else -1.0

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

    def standings(self, rules: Any, balances: Sequence[int], lives: Sequence[int], pot: int, active: Sequence[int] | None = None) -> str:
        parts = [
            f"seat {s} {n}" if n > 0 else f"seat {s} swimming" if active is not None and s in active else f"seat {s} out"
            for s, n in enumerate(lives)
        ]
        return f"{self.units}: " + ", ".join(parts)

    def deal_heading(self, state: GameState) -> str:
        return f"Deal {state.deal_number}"

    def deal_start(self, state: GameState) -> list[str]:
        if state.showdowns:  # later deals follow a showdown that printed the standings
            return []
        return [f"  {self.standings(state.rules, state.balances, state.lives, state.pot, state.active).capitalize()}."]

    def showdown_lines(self, showdown: Showdown, after: GameState) -> list[str]:
        unit, lives = self.unit, after.lives
        if not showdown.losers:
            return [f"nobody loses a {unit}: the lowest hands would have taken every player's last {unit}"]
        lines = []
        why = "has no 31" if showdown.reason is ShowdownReason.BLITZ and after.rules.blitz_all_lose else "has the lowest hand"
        for seat in showdown.losers:
            if lives[seat] > 0:
                lines.append(f"seat {seat} {why} and loses a {unit} ({plural(lives[seat], unit)} left)")
            elif seat in after.active:
                lines.append(f"seat {seat} {why} and loses their last {unit}: swimming, one more loss puts them out")
            else:
                lines.append(f"seat {seat} {why} and loses their last {unit}: out of the match")
        return lines

    def winners_text(self, state: GameState) -> str:
        deals = plural(len(state.showdowns), "deal")
        limited = len(state.active) > 1
        if len(state.winners) == 1:
            if limited:
                return f"Match over after {deals} (the deal limit). Winner: seat {state.winners[0]}, with the most {self.units}."
            return f"Match over after {deals}. Winner: seat {state.winners[0]}, the last player with {self.units}."
        ending = " (the deal limit), sharing the victory" if limited else ""
        return f"Match over after {deals}{ending}. Winners: {seat_list(state.winners)}."

    # ------------------------------------------------------------------ checks of a loaded state

    def check(self, state: GameState) -> None:
        """Lives stay within the start; the active seats are those with lives; the lowest hands lost; no money."""
        self.check_lives(state)
        record = state.score
        if (record is not None) != state.rules.free_ride:
            jf.fail("score", "with free_ride the record lists who is out (\"out\"); without it the record is empty")
        if record is not None:
            for seat in record.out:
                if seat >= state.num_players:
                    jf.fail("score.out", f"there is no seat {seat} at a table of {state.num_players}")
                if state.lives[seat]:
                    jf.fail("score.out", f"seat {seat} still has lives: it is not out")
        if state.deal_number > (state.rules.deal_limit or state.deal_number):
            jf.fail("deal_number", f"the match ends after deal_limit ({state.rules.deal_limit}) deals")
        if state.pot or any(state.balances):
            jf.fail("balances" if any(state.balances) else "pot", "a lives variant has no money: balances and pot must be 0")
        for i, showdown in enumerate(state.showdowns):
            if showdown.payments:
                jf.fail(f"showdowns[{i}].payments", "nobody pays at a lives showdown: must be empty")

    def record_to_json(self, record: Any) -> dict[str, Any]:
        return {} if record is None else {"out": list(record.out)}

    def record_from_json(self, value: object) -> Any:
        if isinstance(value, dict) and not value:
            return None
        fields = jf.obj(value, "score", ("out",))  # type: ignore[arg-type]
        out = jf.seats(fields["out"], "score.out", MAX_SEATS)
        if list(out) != sorted(set(out)):
            jf.fail("score.out", "the seats out, each once, in increasing order")
        return LivesRecord(out)

    def check_lives(self, state: GameState) -> None:
        start = state.rules.starting_lives
        for seat, count in enumerate(state.lives):
            if count > start:
                jf.fail(f"lives[{seat}]", f"at most starting_lives ({start}), not {count}")
        for i, showdown in enumerate(state.showdowns):
            check_lowest_lose(showdown, f"showdowns[{i}]", state.rules)


_LIVES_PART = Lives()
LIVES: Final = ScoringSpec(play=_LIVES_PART, document=_LIVES_PART, words=_LIVES_PART, learning=_LIVES_PART)
"""The lives scoring as the registry holds it: one object plays its four roles."""
