"""A table drawn as HTML: who sits where, their cards (SVG), the widow, the score; and a showdown.

Three views, each a small, well-formed HTML fragment (it parses as XML)
with inline styles, so that it shows the same in Jupyter, in a web page and
in the docs:

* :func:`observation_html`: what one seat sees -- its own hand face up,
  every other hand face down;
* :func:`table_html`: a whole :class:`~commerce_rules.GameState` with every
  hand face up, as a worked example shows the table;
* :func:`showdown_html`: a :class:`~commerce_rules.Showdown` -- the hands
  revealed, their values, the best hand, who lost, who was paid.

The words about the score come from the variant's scoring part, so this
module knows no variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final, NamedTuple

from ..core.cards import Card
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.observation import Observation
from ..ranking import evaluate
from ..core.rules import Rules
from ..core.state import GameState, Showdown
from ..engine.variant import variant_of
from ..parts.words import plural, signed
from .cards import CARD_PIXELS, LEFT, Html, hand_svg

__all__ = ["Html", "observation_html", "showdown_html", "table_html"]

DISCARD_SHOWN: Final = 6
"""How many cards of a face-up discard pile a view draws (its top ones)."""

_STYLE: Final = (
    "<style>"
    ".commerce-table table{border-collapse:collapse;margin:0.4em 0;font-size:0.95em}"
    ".commerce-table td,.commerce-table th{padding:4px 10px;text-align:left;vertical-align:middle;"
    "border-bottom:1px solid rgba(128,128,128,0.35)}"
    ".commerce-table tr.marked{background:rgba(46,139,87,0.14)}"
    ".commerce-table .note{opacity:0.75;font-size:0.85em}"
    ".commerce-table svg{vertical-align:middle}"
    "</style>"
)
"""The views' few rules of style, scoped to their ``commerce-table`` class (light and dark pages alike)."""
_TABLE_LEFT: Final = "margin-left:0;margin-right:auto;text-align:left"
"""Written on each table: Jupyter centres a table (and each cell says :data:`~.cards.LEFT`, as Jupyter right-aligns
cells, and may drop a ``<style>``)."""


class _Seat(NamedTuple):
    cards: tuple[Card, ...]
    hidden: int
    value: str


def _value_text(cards: Sequence[Card], rules: Rules) -> str:
    """The hand's value in words, or "" where it is no hand the ranking can value (yet)."""
    try:
        return str(evaluate(tuple(cards), rules))
    except CommerceError:
        return ""


def _roles(seat: int, view: GameState | Observation) -> list[str]:
    roles = []
    if seat == view.dealer:
        roles.append("dealer")
    if view.active and seat == _eldest(view):
        roles.append("eldest")
    if seat not in view.active:
        roles.append("out")
    if view.to_act == seat and not view.is_over:
        roles.append("to act")
    if seat in view.winners:
        roles.append("winner")
    return roles


def _eldest(view: GameState | Observation) -> int:
    """The first active seat on the dealer's left."""
    for step in range(1, view.num_players + 1):
        seat = (view.dealer + step) % view.num_players
        if seat in view.active:
            return seat
    return view.dealer  # pragma: no cover - a match always has an active seat


def _score_cell(seat: int, view: GameState | Observation) -> str:
    scoring = variant_of(view.rules).scoring
    parts = []
    unit = variant_of(view.rules).words.scoring.unit
    if unit:
        parts.append(plural(view.lives[seat], unit))
    if scoring.has_money:
        balance = view.balances[seat]
        parts.append(f"{signed(balance)} {'point' if abs(balance) == 1 else 'points'}")
    return ", ".join(parts)


def _cards_cell(cards: Sequence[Card], hidden: int) -> str:
    if not cards and not hidden:
        return ""
    return hand_svg(cards, hidden=hidden, height=CARD_PIXELS)


def _row(cells: Sequence[str], marked: bool = False, head: bool = False) -> str:
    tag = "th" if head else "td"
    mark = ' class="marked"' if marked else ""
    return f"<tr{mark}>" + "".join(f'<{tag} style="{LEFT}">{cell}</{tag}>' for cell in cells) + "</tr>"


def _table(rows: Sequence[str]) -> str:
    return f'<table style="{_TABLE_LEFT}">' + "".join(rows) + "</table>"


def _fragment(caption: str, body: str) -> Html:
    return Html(f'<div class="commerce-table" style="{LEFT}">{_STYLE}<p><strong>{escape(caption)}</strong></p>{body}</div>')


def _seat_label(seat: int, roles: Sequence[str], you: bool = False) -> str:
    name = f"seat {seat}" + (" (you)" if you else "")
    note = f'<br/><span class="note">{escape(", ".join(roles))}</span>' if roles else ""
    return f"<strong>{escape(name)}</strong>{note}"


def _view_html(view: GameState | Observation, seats: Sequence[_Seat], observer: int | None) -> Html:
    scoring = variant_of(view.rules).scoring
    head = ["seat", "hand", "value", "score"] if (variant_of(view.rules).words.scoring.unit or scoring.has_money) else ["seat", "hand", "value"]
    rows = [_row(head, head=True)]
    for seat, info in enumerate(seats):
        cells = [
            _seat_label(seat, _roles(seat, view), seat == observer),
            _cards_cell(info.cards, info.hidden),
            escape(info.value),
        ]
        if len(head) == 4:
            cells.append(escape(_score_cell(seat, view)))
        rows.append(_row(cells, marked=view.to_act == seat and not view.is_over))
    caption = f"Deal {view.deal_number}, seat {view.dealer} deals"
    if view.is_over:
        caption += "; the match is over"
    elif view.to_act is not None:
        caption += f"; seat {view.to_act} to act ({view.phase.value.replace('_', ' ')})"
    lines = [_table(rows)]
    centre = []
    if view.widow:
        centre.append(f"<span>{escape(_widow_word(view))} </span>{hand_svg(view.widow, height=CARD_PIXELS)}")
    face_up = _face_up_discard(view)
    if face_up:
        shown_cards = face_up[-DISCARD_SHOWN:]
        word = "discard pile" + (f" (its top {len(shown_cards)}, the last on the right)" if len(face_up) > len(shown_cards) else "")
        centre.append(f"<span>{escape(word)} </span>{hand_svg(shown_cards, height=CARD_PIXELS)}")
    stock = len(view.stock) if isinstance(view, GameState) else view.stock_count
    discard = len(view.discard) if isinstance(view, GameState) else view.discard_count
    counts = [f"stock: {plural(stock, 'card')}"]
    if discard:
        counts.append(f"discard: {plural(discard, 'card')}")
    if scoring.has_money:
        counts.append(f"pot: {view.pot}")
    centre.append(f'<span class="note">{escape("; ".join(counts))}</span>')
    lines.append('<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:center">' + " ".join(centre) + "</div>")
    return _fragment(caption, "".join(lines))


def _widow_word(view: GameState | Observation) -> str:
    """The widow's name in a view: "widow", said to lie face down where the mechanism hides it (an extra hand)."""
    hides = getattr(variant_of(view.rules).mechanism, "hides_widow", None)
    if isinstance(view, GameState) and callable(hides) and hides(view):
        return "widow (face down at the table)"
    return "widow"


def _face_up_discard(view: GameState | Observation) -> tuple[Card, ...]:
    """The discard pile where it lies face up (the mechanism says so), else nothing."""
    if isinstance(view, Observation):
        pile: tuple[Card, ...] = getattr(view, "discard", ())
        return pile
    return view.discard if getattr(variant_of(view.rules).mechanism, "discard_face_up", False) else ()


def table_html(state: GameState) -> Html:
    """The whole table of ``state``, every hand face up (as a worked example shows it).

    >>> from commerce_rules import FOSTER, deal_position
    >>> html = table_html(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0))
    >>> html.count("<svg"), "sequence 3-4-5 of clubs" in html
    (3, True)
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"table_html() needs a GameState, not {type(state).__name__}")
    seats = [_Seat(hand, 0, _value_text(hand, state.rules) if hand else "") for hand in state.hands]
    return Html(_view_html(state, seats, None))


def observation_html(observation: Observation) -> Html:
    """What one seat sees: its own hand face up, the others' face down, the widow and the score.

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> view = observe(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0), 1)
    >>> html = observation_html(view)
    >>> "6♠ 7♠ K♦" in html, "3♣" in html, "seat 1 (you)" in html
    (True, False, True)
    """
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"observation_html() needs an Observation, not {type(observation).__name__}")
    seats = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.player:
            cards = observation.hand
            seats.append(_Seat(cards, size - len(cards), _value_text(cards, observation.rules) if cards else ""))
        else:
            seats.append(_Seat((), size, ""))
    return Html(_view_html(observation, seats, observation.player))


def showdown_html(showdown: Showdown, rules: Rules | None = None) -> Html:
    """A showdown: every hand revealed with its value, the best hand, who lost, and the points each seat got.

    With ``rules``, a loss is named in the scoring's words ("loses a life",
    "loses a counter"); without, it reads "loses".

    >>> from commerce_rules import FOSTER, Knock, apply, deal_position
    >>> state = apply(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0), Knock(1))
    >>> html = showdown_html(state.last_showdown, FOSTER)
    >>> html.count("<svg"), "best hand" in html, "+4" in html
    (3, True, True)
    """
    if type(showdown) is not Showdown:
        raise ArgumentTypeError(f"showdown_html() needs a Showdown, not {type(showdown).__name__}")
    if rules is not None and not isinstance(rules, Rules):
        raise ArgumentTypeError(f"showdown_html()'s rules must be a Rules value, not {type(rules).__name__}")
    unit = variant_of(rules).words.scoring.unit if rules is not None else ""
    net = [0] * len(showdown.hands)
    for payer, payee, points in showdown.payments:
        if payer is not None:
            net[payer] -= points
        if payee is not None:
            net[payee] += points
    paid = bool(showdown.payments)
    head = ["seat", "hand", "value", "result"] + (["points"] if paid else [])
    rows = [_row(head, head=True)]
    for seat, hand in enumerate(showdown.hands):
        value = showdown.values[seat]
        results = []
        if seat == showdown.winner:
            results.append("best hand")
        if seat in showdown.losers:
            results.append(f"loses a {unit}" if unit else "loses")
        roles = ["dealer"] if seat == showdown.dealer else []
        cells = [
            _seat_label(seat, roles),
            _cards_cell(hand, 0),
            escape("" if value is None else str(value)),
            escape(", ".join(results)),
        ]
        if paid:
            cells.append(escape(signed(net[seat])))
        rows.append(_row(cells, marked=seat == showdown.winner))
    caption = f"Showdown of deal {showdown.deal_number} (seat {showdown.dealer} dealt), after {showdown.reason.value.replace('_', ' ')}"
    return _fragment(caption, _table(rows))



