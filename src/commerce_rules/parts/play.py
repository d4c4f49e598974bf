"""The play protocols: what a mechanism and a scoring must do for a match to be played.

A variant is three parts (see ``docs/design.md``). A new mechanism or
scoring implements its play protocol first — its phases, its legal actions,
its moves, how a deal begins or a showdown is settled, who sees what it
records, what it can do (its capabilities, declared as attributes) — and
the engine can play it. Its other roles are protocols of their own, which
it registers beside it (:mod:`commerce_rules.parts.spec`): its JSON and the
checks of a loaded state (:mod:`~commerce_rules.parts.document`), its words
(:mod:`~commerce_rules.parts.words`), and what learning code asks of it
(:mod:`~commerce_rules.parts.learning`). Both parts answer actions in the
phases they own (:class:`PhasePart`): the mechanism during a deal, the
scoring in a pause between deals (Hoyle's horse).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Protocol

from ..core.state import ShowdownReason

if TYPE_CHECKING:
    from .action_kinds import ActionKind
    from ..core.actions import Action
    from ..core.cards import Card
    from ..ranking import HandValue
    from ..core.rules import Rules
    from ..core.state import DealLog, EventKind, GameState, Payment, Phase
    from .sight import EventSight, FieldSight, PrivateQuestion

__all__ = ["AcceptThenApply", "CheckedWhereMade", "EventShape", "MechanismPart", "PhasePart", "ScoringPart", "Settled", "Settlement", "Step", "accepted", "ended_at_turn_limit"]


class Settled(enum.Enum):
    """A part's answer that closes the pause after a showdown: the match goes on (or ends)."""

    NEXT_DEAL = "next_deal"


Step = tuple["GameState", "ShowdownReason | Settled | None"]
"""A part's answer to an action: the next state, and what follows — the deal goes on (``None``),
a showdown for this reason, or (after a question between deals) the next deal."""

Begun = tuple["GameState", "ShowdownReason | None"]
"""A deal just dealt, begun by its mechanism: the state, and the showdown's reason where it is over at once."""

EventShape = tuple[tuple[int, ...], "EventSight"]
"""How an event of a part looks: how many cards it may name, and who sees it (:class:`~commerce_rules.parts.sight.EventSight`)."""

Settlement = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any, tuple[int, ...], tuple["Payment", ...]]
"""What a showdown's settlement makes of the match: the pot, balances, lives, seats in play and match record
after it (the fields :func:`~commerce_rules.core.state.settled` takes), then the seats that lost a life and the payments.
Fields, not a state: the showdown builds one state of them, the showdown appended."""


class PhasePart(Protocol):
    """A part that owns some phases: it lists, checks, plays and explains the actions they allow."""

    phases: tuple[Phase, ...]
    """The phases in which this part decides what may be done (with every option on)."""
    events: dict[EventKind, EventShape]
    """The kinds of event this part records, their shape and who sees them (a loaded history is checked against them)."""

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        """The phases this part owns under ``rules`` (an option may leave one out)."""

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        """Every kind of action this part may accept under ``rules``, in a fixed order: its integer action space.

        The shared code lays the mechanism's kinds, then the scoring's, end to
        end (:mod:`commerce_rules.learning.action_space`); a kind must number an action
        by its kind and cards (or a field's value: a draw's source) only, never by its seat.
        """

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """Every action the state accepts, in a fixed order."""

    def accepts(self, state: GameState, action: Action) -> bool:
        """Whether ``action`` is legal: the direct test, equal to membership in :meth:`legal_actions`."""

    def apply(self, state: GameState, action: Action) -> Step:
        """Play an accepted ``action``."""

    def play(self, state: GameState, action: Action) -> Step | None:
        """The step of ``action``, or ``None`` where it is not legal: :meth:`accepts` and :meth:`apply` in one call.

        The engine's one call per action. A part may check and make a move
        in one pass (:class:`AcceptThenApply` is the plain form); the property
        harness holds what this accepts to :meth:`legal_actions`.
        """

class AcceptThenApply:
    """:meth:`PhasePart.play` as :meth:`~PhasePart.accepts`, then :meth:`~PhasePart.apply`: for a part whose
    moves gain nothing from being checked where they are made."""

    def play(self: PhasePart, state: GameState, action: Action) -> Step | None:
        return self.apply(state, action) if self.accepts(state, action) else None


class CheckedWhereMade:
    """:meth:`~PhasePart.accepts` and :meth:`~PhasePart.apply` from :meth:`PhasePart.play`: for a part that
    checks every move where it makes it, so that its legality has that one definition."""

    def accepts(self: PhasePart, state: GameState, action: Action) -> bool:
        return self.play(state, action) is not None

    def apply(self: PhasePart, state: GameState, action: Action) -> Step:
        return accepted(self.play(state, action))


def accepted(step: Step | None) -> Step:
    """The step :meth:`PhasePart.play` gave for an action :meth:`~PhasePart.apply` was told is accepted."""
    assert step is not None, "apply() is for an accepted action"
    return step


def ended_at_turn_limit(after: GameState) -> ShowdownReason | None:
    """``TURN_LIMIT`` where ``after``, the state a mechanism's move left and did not end, has had ``turn_limit``
    turns in its deal; else ``None``.

    ``turn_limit`` is an option of every mechanism alike, so the engine holds
    it, not each mechanism: a mechanism counts its deal's turns in its turn
    record's ``turns``, and the deal ends when they reach the limit.
    """
    limit = after.rules.turn_limit
    return ShowdownReason.TURN_LIMIT if limit is not None and after.turn.turns >= limit else None


class MechanismPart(PhasePart, Protocol):
    """Who acts, what they may do, how cards move and when the exchanges end.

    Its turn record (``GameState.turn``) counts the turns completed in the
    deal in a field ``turns``: the engine ends a deal at ``turn_limit`` by it
    (:func:`ended_at_turn_limit`).
    """

    widow_size: int
    """Cards dealt face up to the widow (0 without a widow)."""
    discard_face_up: bool
    """Whether the discard pile lies face up, so that every seat sees it (``observe`` shows it)."""
    turn_sight: dict[str, FieldSight]
    """Who sees each field of the turn record (every field declared; ``observe`` hides the others)."""
    private_questions: tuple[PrivateQuestion, ...]
    """The phases in which a seat is asked something out of turn that the others must not learn of."""

    def cards_needed(self, players: int) -> int:
        """Cards beyond the players' hands that a deal needs (widow and stock)."""

    def begin(
        self, state: GameState, deal_number: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
        widow: tuple[Card, ...], stock: tuple[Card, ...], pot: int, balances: tuple[int, ...], log: DealLog,
    ) -> Begun:
        """Begin deal ``deal_number``: its turn record, its phase and the player to act, in one new state.

        ``state`` is the match as the last deal left it (or as set up for
        the first); ``dealer`` dealt ``hands`` (by seat), ``widow`` and
        ``stock`` (top first), the stakes are paid (``pot``, ``balances``,
        the scoring's :meth:`~ScoringPart.stakes`) and ``log`` opens the
        deal's history. The mechanism builds the deal's first state with
        :func:`~commerce_rules.core.state.opened`: one state for the deal's start
        (a mechanism that needs a whole state to decide, such as a pounce
        question before the first turn, builds it that way and goes on from
        it). The step's reason is not ``None`` where the deal is
        over before any turn (a 31 dealt under ``blitz``, Rules §7.6, §8.6):
        the caller settles it.
        """

    def hides_hand(self, state: GameState, player: int) -> bool:
        """Whether ``player`` may not look at their own hand now (Hoyle's blind exchange)."""

    def hides_widow(self, state: GameState) -> bool:
        """Whether the widow lies face down now, seen by nobody (Schwimmen's extra hand before the dealer's choice)."""

class ScoringPart(PhasePart, Protocol):
    """What a deal costs and pays, when the match ends and who won."""

    has_money: bool
    """Whether points change hands (a ledger, a pool); without money every balance stays 0."""
    record_sight: dict[str, FieldSight]
    """Who sees each field of the match record (every field declared; empty where there is no record)."""

    def new_record(self, rules: Rules, out: tuple[int, ...] = ()) -> Any:
        """The scoring's match record at the start (``None`` where it keeps none); ``out``: seats already out."""

    def active_seats(self, lives: tuple[int, ...], record: Any) -> tuple[int, ...]:
        """The seats still in the match, from their lives and the scoring's record."""

    def start_match(self, state: GameState) -> GameState:
        """Before the first deal (stakes into a pool, for example)."""

    def stakes(self, state: GameState) -> tuple[int, tuple[int, ...]]:
        """The pot and balances once the seats in play have paid for the deal about to be dealt (Foster's antes).

        As they are where nothing is paid; ``state`` is the match as the last
        deal left it. The mechanism's ``begin`` builds them into the deal's first state.
        """

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        """Active seats in the order that wins an exact tie for the best hand."""

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int, reason: ShowdownReason) -> Settlement:
        """Pay and take lives for a showdown whose best hand is ``winner``'s, the exchanges ended for ``reason``.

        The answer is the settled fields (see :data:`Settlement`); ``state``, the deal's end, is not changed.
        """

    def lose(self, state: GameState, losers: tuple[int, ...]) -> GameState:
        """``state`` once ``losers`` have each lost one life or counter (who is out, the seats in play); as it is without lives.

        What ``settle`` does with the losers it finds, and what the narration
        replays to tell each of several showdowns settled in one step.
        """

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        """The match's winners if it is over in ``state`` (after a showdown), else ``None``."""

    def end_match(self, state: GameState) -> GameState | None:
        """The final state if the match is over after this showdown (final payouts made), else ``None``."""

    def returns(self, state: GameState) -> tuple[float, ...]:
        """What each seat made of a match that is over: they sum to 0 (see :func:`commerce_rules.returns`)."""

    def settled_return(self, state: GameState, seat: int) -> float | None:
        """``seat``'s return where nothing left of the match can change it (it is out), else ``None``.

        A learning environment with ``end_when_out`` ends a seat's episode
        there: the rest of the match is the others' alone, and would only cost time.
        """

    def question(self, state: GameState) -> GameState | None:
        """A state waiting for a player's answer right after a showdown (Hoyle's horse), or ``None``."""

    def return_range(self, rules: Rules, players: int, deals: int, actions_per_deal: int) -> tuple[int, int]:
        """The least and the most a seat's :func:`~commerce_rules.returns` can be.

        For a match of ``players`` of at most ``deals`` deals of at most
        ``actions_per_deal`` actions each (a game-playing framework's utility
        bounds). A mechanism moves at most one point per action (Foster's
        purchase); everything else that is paid is the scoring's own.
        """
