"""Who sees what: the views built only from the declarations a part makes of its records.

Every part declares, in one place on its class, who may see each thing it
records:

* each kind of event (:attr:`~commerce_rules.parts.play.PhasePart.events`, an
  :class:`~commerce_rules.parts.sight.EventSight` per kind): everyone, the event's cards only to the
  seats it names, or the whole event only to its player (a declined private
  question leaves no trace another seat can see);
* each field of its turn record (``turn_sight``, a :class:`FieldSight` per
  field): everyone, the seat whose turn it is, each seat its own entry, or
  the seat being asked;
* its private questions (``private_questions``): phases in which one seat is
  asked something out of turn that the others must not learn of (Rules
  §3.3: the pounce). Other seats see the table as if every such question of
  another seat had been declined: the turn passed on, no decline, no trace
  (:func:`as_if_unasked`).

:func:`commerce_rules.observe` is built from these declarations and nothing
else, so a new part that declares its records is private where it says, and
``tests/visibility/test_visibility_declared.py`` fails on a part that leaves a field or
an event kind undeclared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..parts.sight import EventSight, FieldSight, PrivateQuestion

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.events import Event, EventKind
    from ..parts.play import MechanismPart, ScoringPart
    from ..core.rules import Rules
    from ..core.state import GameState, Phase

__all__ = [
    "EventSight", "FieldSight", "PrivateQuestion", "SeatSight", "as_if_unasked", "history_as_seen", "own_question", "seat_sight",
    "turn_as_seen",
]


class SeatSight(NamedTuple):
    """What a variant's parts declare private, gathered once per ``Rules`` value (:func:`seat_sight`)."""

    questions: dict[Phase, Callable[[int], Action]]
    """Each private question's phase under these rules, and the answer that declines it."""
    secret_kinds: frozenset[EventKind]
    """The kinds of event seen by their player only."""
    turn_fields: dict[str, FieldSight]
    """The mechanism's turn record fields that some seats may not see."""
    record_fields: dict[str, FieldSight]
    """The scoring's match record fields that some seats may not see."""


def seat_sight(rules: Rules, mechanism: MechanismPart, scoring: ScoringPart) -> SeatSight:
    """The declarations of ``mechanism`` and ``scoring`` that hide something under ``rules``."""
    phases = (*mechanism.phases_for(rules), *scoring.phases_for(rules))
    questions = {question.phase: question.decline for question in mechanism.private_questions if question.phase in phases}
    shapes = (*mechanism.events.items(), *scoring.events.items())
    # A secret event is the answer to a private question: where none is asked, no history holds one.
    secret_kinds = frozenset(kind for kind, (_, sight) in shapes if sight is EventSight.PLAYER_ONLY and questions)
    turn_fields: dict[str, FieldSight] = {
        name: sight for name, sight in mechanism.turn_sight.items() if sight is not FieldSight.EVERYONE
    }
    return SeatSight(
        questions,
        secret_kinds,
        turn_fields,
        {name: sight for name, sight in scoring.record_sight.items() if sight is not FieldSight.EVERYONE},
    )


def turn_as_seen(turn: Any, sights: Mapping[str, FieldSight], player: int, asked: int | None, real: Any = None) -> Any:
    """``turn`` as ``player`` may see it: every field it may not see replaced by its default.

    ``sights`` names the fields some seats may not see (never one everyone
    sees: :func:`seat_sight` leaves those out); ``asked`` is the seat
    answering a private question, or ``None``; ``real`` is the record as it
    really is where ``turn`` is the table shown as if another seat's
    question were declined (:func:`as_if_unasked`): a seat's own entry is
    read from it, since the declines imagined there are nobody's.
    """
    if real is None:
        for name in sights:
            if getattr(turn, name):
                break
        else:
            return turn  # every such field is empty (its default is): nothing to hide, the common case
    hidden: dict[str, Any] = {}
    for name, sight in sights.items():
        if sight is FieldSight.OWN_ENTRY:
            mine = (player,) if player in getattr(turn if real is None else real, name) else ()
            if mine != getattr(turn, name):
                hidden[name] = mine
        elif player != (turn.turn_of if sight is FieldSight.TURN_OWNER else asked):  # the offerer, or the seat asked
            hidden[name] = type(turn)._field_defaults[name]
    return turn._replace(**hidden) if hidden else turn


def history_as_seen(history: tuple[Event, ...], player: int, secret_kinds: frozenset[EventKind]) -> tuple[Event, ...]:
    """``history`` without the events of ``secret_kinds`` (:attr:`EventSight.PLAYER_ONLY`) of other seats.

    The cards of events seen by some seats only are already hidden
    (:meth:`~commerce_rules.core.events.DealLog.seen_by`).
    """
    return tuple([event for event in history if event.kind not in secret_kinds or event.player == player])


def as_if_unasked(
    state: GameState, player: int, mechanism: MechanismPart, questions: Mapping[Phase, Callable[[int], Action]]
) -> GameState:
    """The table as ``player``, not being asked, may see it: every pending question of another seat declined.

    Each question is declined as the part's own play declines it, until play
    goes on: the turn passes on, as it would have had nobody been able to
    answer. The imagined declines are nobody's: the history stays the real
    one (declining a question adds only its decline to the history). Two
    cases cannot be shown that way, and show the table as it stands, in the
    phase play goes on (or ends) in:

    * where ``player`` could answer a question of its own after the seats
      before it, its turn to be asked has not come: the seat whose turn it
      is is shown to act (Rules §3.3: it may infer, as at a real table,
      that someone before it is being asked);
    * where declining would end the deal, the showdown waits for an answer,
      and no seat can be told whose: nobody is shown to act (``to_act`` is
      ``None``).
    """
    asked, after, ended = _declined_in_turn(state, mechanism, questions)
    if any(question.to_act == player for question in asked):
        return state._replace(phase=after.phase, to_act=state.turn.turn_of, log=state.log)
    if ended:
        return state._replace(phase=after.phase, to_act=None, log=state.log)
    return after._replace(log=state.log)


def own_question(
    state: GameState, player: int, mechanism: MechanismPart, questions: Mapping[Phase, Callable[[int], Action]]
) -> GameState | None:
    """The state in which ``player`` is asked its own private question once the seats asked before it have
    declined theirs, or ``None`` where no question of its own is to come.

    What ``player`` itself knows it could claim (its own cards and the face-up
    widow tell it): an environment that asks every seat in turn offers it
    the claim then, so that who is really being asked is never shown.
    """
    asked, _, _ = _declined_in_turn(state, mechanism, questions)
    return next((question for question in asked if question.to_act == player), None)


def _declined_in_turn(
    state: GameState, mechanism: MechanismPart, questions: Mapping[Phase, Callable[[int], Action]]
) -> tuple[list[GameState], GameState, bool]:
    """Every pending private question of ``state`` declined in turn: the states in which each was asked, in
    order, the state play goes on from, and whether declining ended the deal (that state then is its end)."""
    from ..parts.play import accepted, ended_at_turn_limit

    asked: list[GameState] = []
    while state.phase in questions and state.to_act is not None:
        asked.append(state)
        state, outcome = accepted(mechanism.play(state, questions[state.phase](state.to_act)))
        if outcome is not None or ended_at_turn_limit(state) is not None:
            return asked, state, True
    return asked, state, False
