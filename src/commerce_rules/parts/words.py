"""The words protocols — what a part says of its phases, moves and scores — and the small words parts share.

A part's words are a role of their own, registered beside its play protocol
(:mod:`commerce_rules.parts.spec`): the narration, the terminal game, a
refusal's message and a table's labels ask the part that owns a phase, and
never branch on a part. The helpers below (signed points, plurals, seat
lists, a showdown's payments) are shared by every part's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..core.state import Showdown

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.events import Event
    from ..core.observation import Observation
    from ..core.rules import Rules
    from ..core.state import GameState

__all__ = [
    "MechanismWords", "PhaseWords", "ScoringWords", "payment_lines", "plain_label", "plural", "plural_form", "seat_list", "signed",
]


class PhaseWords(Protocol):
    """What the part that owns a phase says of it: what it waits for, why a move is refused, a move, a menu line."""

    def waiting_for(self, view: Observation) -> str:
        """What the table waits for as ``view``'s seat sees it, naming the seat to act (for a refusal: "..., not seat 2").

        From the refused seat's observation, never the state: a refusal tells
        it nothing it may not see (who is being asked a private question).
        """

    def explain(self, state: GameState, action: Action) -> str:
        """Why the seat to act may not play ``action``, in the player's words."""

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        """The move as the table sees it (never a hidden card)."""

    def choice_text(self, state: GameState, action: Action) -> str:
        """A legal action as a menu line for the player who takes it (their own cards named)."""

    def situation(self, view: Observation) -> list[str]:
        """Lines telling the observer what the phase asks of them (empty when nothing particular)."""

    def label(self, view: Observation, action: Action) -> str:
        """``action`` of ``view``'s seat as a short button label ("Exchange K♦ for 4♦", "Knock").

        From that seat's observation alone, never the state: the label names
        the action's own cards and what the seat sees (the widow, the top of
        a face-up pile, its neighbours), so that a client that holds only its
        observation can label its buttons. An action the part does not know
        gets :func:`plain_label`.
        """

    def event_text(self, view: Observation, event: Event) -> str:
        """An event of a kind the part records, as ``view``'s seat reads it in its history (one line, no hidden card).

        ``event`` is as the seat saw it: its cards are there only where the
        seat saw them, so the text names no card it may not know.
        """


class MechanismWords(PhaseWords, Protocol):
    """A mechanism's words: its phases', a deal's opening and why the exchanges ended."""

    def opening(self, state: GameState) -> list[str]:
        """The public lines that open a deal beyond who deals (the widow face up, for example)."""

    def knockers(self, view: Observation) -> tuple[int, ...]:
        """Who has knocked in the deal ``view`` shows, in the order they knocked (a knock is public): a picture names them."""

    def reason_text(self, showdown: Showdown, rules: Rules, before: GameState | None, action: Action | None) -> str:
        """Why the exchanges ended, in words ("seat 2 knocked").

        ``before`` and ``action`` are the step's, or ``None`` for a deal over
        as soon as it was dealt (its showdown told after the step's first).
        """


class ScoringWords(PhaseWords, Protocol):
    """A scoring's words: its phases', the score, a deal's heading and start, a showdown's payments, the match's end."""

    unit: str
    """What a seat loses at a showdown, in words ("life", "counter"), or "" where nothing is lost."""

    def standings(self, rules: Any, balances: Sequence[int], lives: Sequence[int], pot: int, active: Sequence[int] | None = None) -> str:
        """The score as it stands, in words (``active``: the seats in, where a seat can be in with 0 lives)."""

    def deal_heading(self, state: GameState) -> str:
        """The heading of a deal ("Deal 2 of 4")."""

    def deal_start(self, state: GameState) -> list[str]:
        """The scoring's lines at a deal's start (the antes, the lives)."""

    def showdown_lines(self, showdown: Showdown, after: GameState) -> list[str]:
        """Who lost a life and who paid whom at ``showdown``, in words."""

    def winners_text(self, state: GameState) -> str:
        """The end of the match in one line."""


def plain_label(action: Action) -> str:
    """A label for any action, read from what its class declares: its JSON type in words, then its cards and words.

    What a part's :meth:`~PhaseWords.label` answers for an action it does not
    know, and what a match over labels every action with.

    >>> from commerce_rules import Card, Exchange, Knock
    >>> plain_label(Exchange(2, Card.parse("2♣"), Card.parse("A♠"))), plain_label(Knock(0))
    ('Exchange 2♣ A♠', 'Knock')
    """
    words = [action.json_type.replace("_", " ").capitalize() or type(action).__name__]
    words.extend(str(card) for card in action.cards())
    words.extend(getattr(action, field) for field, _ in action.word_fields)
    return " ".join(words)


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


_IRREGULAR = {"life": "lives"}
"""Plurals that no spelling rule gives."""


def plural_form(word: str) -> str:
    """The plural of an English noun of the game: ``points``, ``matches``, ``passes``, ``lives``, ``pennies``.

    >>> plural_form("card"), plural_form("match"), plural_form("life")
    ('cards', 'matches', 'lives')
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return word[:-1] + "ies"
    return word + "s"


def plural(count: int, word: str, many: str | None = None) -> str:
    """A count and its noun, singular for one only: ``"1 point"``, ``"2 points"``, ``"0 matches"``.

    ``many`` gives a plural no rule knows (``plural(3, "child", "children")``).
    Every count the command line and the narration print goes through here.

    >>> plural(1, "point"), plural(2, "point"), plural(3, "match"), plural(0, "life")
    ('1 point', '2 points', '3 matches', '0 lives')
    """
    if abs(count) == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else plural_form(word)}"


def seat_list(seats: Sequence[int]) -> str:
    """Seats in words, so that a line reads naturally: ``"seat 2"``, ``"seats 0 and 3"``, ``"seats 0, 1 and 3"``.

    >>> seat_list([2]), seat_list([0, 3]), seat_list([0, 1, 3])
    ('seat 2', 'seats 0 and 3', 'seats 0, 1 and 3')
    """
    if len(seats) == 1:
        return f"seat {seats[0]}"
    numbers = [str(seat) for seat in seats]
    return f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def payment_lines(showdown: Showdown, pot: str, why: Callable[[int, list[int]], str]) -> list[str]:
    """A showdown's payments in words: first what the ``pot`` paid out, then each payer's, grouped by amount.

    ``why(payer, payees)`` gives the reason the scoring adds to a seat's payment (or "").
    """
    lines: list[str] = []
    paid_from_pot: set[int | None] = set()
    for payer, payee, points in showdown.payments:
        if payer is None:  # the pot's payments, in order: the prize, then (Hoyle) the rest of the pool
            who = pot if payee is None else f"seat {payee}"
            if payee in paid_from_pot:
                lines.append(f"{who} also takes the rest of the {pot}, {points}")
            else:
                lines.append(f"{who} takes {points} from the {pot}")
            paid_from_pot.add(payee)
    grouped: dict[tuple[int, int], list[int | None]] = {}
    for payer, payee, points in showdown.payments:
        if payer is not None:
            grouped.setdefault((payer, points), []).append(payee)
    for (payer, points), payees in grouped.items():
        seats = [p for p in payees if p is not None]
        who = f"seat {payer}, the dealer," if payer == showdown.dealer else f"seat {payer}"
        if seats:
            each = " each" if len(seats) > 1 else ""
            lines.append(f"{who} pays {points}{each} to {seat_list(seats)}{why(payer, seats)}")
        if len(seats) != len(payees):
            lines.append(f"{who} pays {points} into the {pot}")
    return lines
