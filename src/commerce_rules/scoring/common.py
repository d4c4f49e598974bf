"""What the scorings share: no questions between deals, no match record, the losers' check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..parts import jsonfields as jf
from ..parts.play import AcceptThenApply
from ..parts.sight import FieldSight
from ..parts.words import plain_label
from ..ranking import is_blitz
from ..core.state import Showdown, ShowdownReason

if TYPE_CHECKING:
    from ..parts.action_kinds import ActionKind
    from ..core.rules import Rules
    from ..core.actions import Action
    from ..core.events import Event
    from ..core.observation import Observation
    from ..parts.play import Step
    from ..parts.play import EventShape
    from ..core.state import EventKind, GameState, Phase

__all__ = ["NoQuestions", "check_lowest_lose"]


class NoQuestions(AcceptThenApply):
    """For scorings that never ask anything between deals and keep no record beyond money and lives."""

    phases: tuple[Phase, ...] = ()
    events: dict[EventKind, EventShape] = {}
    record_sight: dict[str, FieldSight] = {}
    """No match record (a scoring that keeps one declares who sees each of its fields)."""

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return self.phases

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        return ()  # a scoring without questions accepts no action

    def question(self, state: GameState) -> GameState | None:
        return None

    def lose(self, state: GameState, losers: tuple[int, ...]) -> GameState:
        return state  # no lives to lose (a scoring with lives says otherwise)

    def new_record(self, rules: Rules, out: tuple[int, ...] = ()) -> Any:
        return None

    def record_to_json(self, record: Any) -> dict[str, Any]:
        return {}

    def record_from_json(self, value: object) -> Any:
        jf.obj(value, "score", ())  # type: ignore[arg-type]
        return None

    # A scoring without questions owns no phase, so the engine never asks it these.
    def legal_actions(self, state: GameState) -> tuple[Action, ...]:  # pragma: no cover - owns no phase
        return ()

    def accepts(self, state: GameState, action: Action) -> bool:  # pragma: no cover - owns no phase
        return False

    def apply(self, state: GameState, action: Action) -> Step:  # pragma: no cover - owns no phase
        raise AssertionError("this scoring asks no questions")

    def waiting_for(self, view: Observation) -> str:  # pragma: no cover - owns no phase
        return ""

    def explain(self, state: GameState, action: Action) -> str:  # pragma: no cover - owns no phase
        return ""

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:  # pragma: no cover
        return []

    def choice_text(self, state: GameState, action: Action) -> str:  # pragma: no cover - owns no phase
        return ""

    def situation(self, view: Observation) -> list[str]:
        return []

    def label(self, view: Observation, action: Action) -> str:  # pragma: no cover - owns no phase
        return plain_label(action)

    def event_text(self, view: Observation, event: Event) -> str:  # pragma: no cover - records no event
        return f"seat {event.player}: {event.kind.value}"


def check_lowest_lose(showdown: Showdown, path: str, rules: Rules) -> None:
    """Every seat tied for the lowest hand lost a life -- or none did, where all hands tied (Rules §2.7).

    After a blitz with ``blitz_all_lose``: every seat without 31 lost one (Rules §8.6).
    """
    held = [seat for seat, value in enumerate(showdown.values) if value is not None]
    if showdown.reason is ShowdownReason.BLITZ and rules.blitz_all_lose:
        expected = tuple(seat for seat in held if not is_blitz(showdown.values[seat], rules))  # type: ignore[arg-type]
        if showdown.losers != expected:
            jf.fail(f"{path}.losers", f"after a blitz every seat without 31 loses a life: expected {list(expected)}, not {list(showdown.losers)}")
        return
    lowest = min(showdown.values[seat].strength for seat in held)  # type: ignore[union-attr]
    for seat in showdown.losers:
        value = showdown.values[seat]
        if value is None or value.strength != lowest:
            jf.fail(f"{path}.losers", f"seat {seat} did not hold the lowest hand")
    lowest_seats = tuple(seat for seat in held if showdown.values[seat].strength == lowest)  # type: ignore[union-attr]
    everyone_tied = len(lowest_seats) == len(held)
    if showdown.losers != lowest_seats and not (everyone_tied and not showdown.losers):
        jf.fail(f"{path}.losers", f"every seat tied for the lowest hand loses a life: expected {list(lowest_seats)}, not {list(showdown.losers)}")
