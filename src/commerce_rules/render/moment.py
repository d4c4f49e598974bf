"""What a picture of the table shows at one moment: each seat's cards, roles and result, and the words above it.

:mod:`.table` draws this. It is worked out from one seat's
:class:`~commerce_rules.Observation` alone (a whole table is drawn from the
view of the seat to act, with every hand then put face up), so a seat's
picture can show nothing its observation does not hold; and its words are
the parts' (what the table waits for, in the words of the part that owns
the phase; who knocked, as the mechanism tells it), so this module knows
no variant.

Once a deal is over and its showdown is the last one -- the match's end,
or Hoyle's horse question right after it -- every hand is that showdown's,
face up, with its value and what the showdown did to it. A seat out of the
match holds no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.cards import Card
from ..core.errors import CommerceError
from ..core.observation import Observation
from ..core.rules import Rules
from ..core.state import Showdown
from ..engine.variant import variant_of
from ..parts.words import plural, seat_list
from ..ranking import evaluate

__all__ = ["Moment", "SeatShown", "moment", "result_words", "shown_down"]


class SeatShown(NamedTuple):
    """One seat as a picture shows it."""

    cards: tuple[Card, ...]
    """Its cards face up."""
    hidden: int
    """How many more it holds face down."""
    value: str
    """Its hand's value in words, or "" where none is shown."""
    result: str
    """What the showdown shown did to it ("best hand", "loses a life"), or ""."""
    roles: tuple[str, ...]
    """Its roles at this moment: "dealer", "eldest", "out", "knocked", "to act", "wins the match"."""


class Moment(NamedTuple):
    """A picture's content: the heading, the sentences under it, and each seat."""

    heading: str
    """"Deal 3, seat 1 deals", or "Match over after 4 deals: seat 2 wins"."""
    notes: tuple[str, ...]
    """Sentences under the heading: the hands shown down, who knocked, what the table waits for."""
    seats: tuple[SeatShown, ...]


def shown_down(view: Observation) -> Showdown | None:
    """The showdown of the deal ``view`` shows, once that deal is over (the match's end, a question after it), else ``None``."""
    last = view.last_showdown
    return last if last is not None and last.deal_number == view.deal_number else None


def result_words(seat: int, showdown: Showdown, unit: str) -> str:
    """What ``showdown`` did to ``seat``: "best hand", "loses a life" (in the scoring's ``unit``), both, or ""."""
    words = []
    if seat == showdown.winner:
        words.append("best hand")
    if seat in showdown.losers:
        words.append(f"loses a {unit}" if unit else "loses")
    return ", ".join(words)


def value_text(cards: Sequence[Card], rules: Rules) -> str:
    """The hand's value in words, or "" where it is no hand the ranking can value (yet)."""
    if not cards:
        return ""
    try:
        return str(evaluate(tuple(cards), rules))
    except CommerceError:  # Thirty-One's four cards between a draw and its discard
        return ""


def _eldest(view: Observation) -> int:
    """The first active seat on the dealer's left."""
    for step in range(1, view.num_players + 1):
        seat = (view.dealer + step) % view.num_players
        if seat in view.active:
            return seat
    return view.dealer  # pragma: no cover - a match always has an active seat


def _roles(seat: int, view: Observation, knockers: Sequence[int], showdown: Showdown | None) -> tuple[str, ...]:
    roles = []
    if view.is_over:
        if seat in view.winners:
            roles.append("wins the match")
    else:
        if seat == view.dealer:
            roles.append("dealer")
        if showdown is None and view.active and seat == _eldest(view):
            roles.append("eldest")
    if seat not in view.active:
        roles.append("out")
    if seat in knockers:
        roles.append("knocked")
    if not view.is_over and view.to_act == seat:
        roles.append("to act")
    return tuple(roles)


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")


def _notes(view: Observation, knockers: Sequence[int], showdown: Showdown | None) -> tuple[str, ...]:
    words = variant_of(view.rules).words
    notes = []
    if showdown is not None:
        last = "the last deal" if view.is_over else f"deal {showdown.deal_number}"
        notes.append(f"The hands shown down at the end of {last}, face up")
    if knockers:
        notes.append(f"{seat_list(list(knockers))} knocked" + (" in the last deal" if view.is_over else ""))
    owner = words.owners.get(view.phase)
    if owner is not None and view.to_act is not None and not view.is_over:
        notes.append(owner.waiting_for(view))
    return tuple(_sentence(note) for note in notes)


def _heading(view: Observation, showdown: Showdown | None) -> str:
    if view.is_over:
        winners = list(view.winners)
        who = f"seat {winners[0]} wins" if len(winners) == 1 else f"{seat_list(winners)} share the win"
        return f"Match over after {plural(len(view.showdowns), 'deal')}: {who}"
    return f"Deal {view.deal_number}, seat {view.dealer} {'dealt' if showdown is not None else 'deals'}"


def moment(view: Observation, hands: Sequence[Sequence[Card]] | None = None) -> Moment:
    """What a picture of ``view`` shows; with ``hands``, every seat's cards face up (a whole table's picture)."""
    words = variant_of(view.rules).words
    unit = words.scoring.unit
    showdown = shown_down(view)
    knockers = words.mechanism.knockers(view)
    seats = []
    for seat in range(view.num_players):
        roles = _roles(seat, view, knockers, showdown)
        if showdown is not None:
            value = showdown.values[seat]
            cards, hidden, text = showdown.hands[seat], 0, "" if value is None else str(value)
            seats.append(SeatShown(cards, hidden, text, result_words(seat, showdown, unit), roles))
            continue
        if seat not in view.active:
            cards, hidden = (), 0
        elif hands is not None:
            cards, hidden = tuple(hands[seat]), 0
        elif seat == view.player:
            cards, hidden = view.hand, view.hand_sizes[seat] - len(view.hand)
        else:
            cards, hidden = (), view.hand_sizes[seat]
        seats.append(SeatShown(cards, hidden, value_text(cards, view.rules), "", roles))
    return Moment(_heading(view, showdown), _notes(view, knockers, showdown), tuple(seats))
