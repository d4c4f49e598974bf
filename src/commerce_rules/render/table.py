"""A table drawn as HTML: who sits where, their cards (SVG), the widow, the score; and a showdown.

Three views, each a small, well-formed HTML fragment (it parses as XML)
with inline styles, so that it shows the same in Jupyter, in a web page and
in the docs:

* :func:`observation_html`: what one seat sees -- its own hand face up,
  every other hand face down, who knocked, what the table waits for; at the
  match's end the last showdown's hands face up and the winners;
* :func:`table_html`: a whole :class:`~commerce_rules.GameState` with every
  hand face up, as a worked example shows the table;
* :func:`showdown_html`: a :class:`~commerce_rules.Showdown` -- the hands
  revealed, their values, the best hand, who lost, who was paid.

What a view shows of each seat, and the words above it, are worked out by
:mod:`.moment` from an observation and the parts' words; the words about the
score come from the variant's scoring part too, so this module knows no
variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from ..core.cards import Card
from ..core.errors import ArgumentTypeError
from ..core.observation import Observation
from ..core.rules import Rules
from ..core.state import GameState, Showdown
from ..engine.observe import observe
from ..engine.variant import variant_of
from ..parts.words import plural, signed
from .cards import CARD_PIXELS, LEFT, Html, hand_svg
from .moment import Moment, moment, result_words

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


def _score_cell(seat: int, view: GameState | Observation) -> str:
    variant = variant_of(view.rules)
    scoring = variant.scoring
    parts = []
    unit = variant.words.scoring.unit
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


def _fragment(caption: str, body: str, notes: Sequence[str] = ()) -> Html:
    """A picture: ``caption`` in bold, then the sentences of ``notes``, above ``body``."""
    words = "".join(f" {escape(note)}" for note in notes)
    return Html(f'<div class="commerce-table" style="{LEFT}">{_STYLE}<p><strong>{escape(caption)}</strong>{words}</p>{body}</div>')


def _seat_label(seat: int, roles: Sequence[str], you: bool = False) -> str:
    name = f"seat {seat}" + (" (you)" if you else "")
    note = f'<br/><span class="note">{escape(", ".join(roles))}</span>' if roles else ""
    return f"<strong>{escape(name)}</strong>{note}"


def _value_cell(value: str, result: str) -> str:
    note = f'<br/><span class="note">{escape(result)}</span>' if result else ""
    return escape(value) + note


def _view_html(view: GameState | Observation, shown: Moment, observer: int | None, widow_face_down: int = 0) -> Html:
    variant = variant_of(view.rules)
    scored = variant.words.scoring.unit or variant.scoring.has_money
    head = ["seat", "hand", "value", "score"] if scored else ["seat", "hand", "value"]
    rows = [_row(head, head=True)]
    for seat, info in enumerate(shown.seats):
        cells = [
            _seat_label(seat, info.roles, seat == observer),
            _cards_cell(info.cards, info.hidden),
            _value_cell(info.value, info.result),
        ]
        if len(head) == 4:
            cells.append(escape(_score_cell(seat, view)))
        marked = seat in view.winners if view.is_over else view.to_act == seat
        rows.append(_row(cells, marked=marked))
    lines = [_table(rows)]
    centre = []
    if view.widow:
        centre.append(f"<span>{escape(_widow_word(view))} </span>{hand_svg(view.widow, height=CARD_PIXELS)}")
    elif widow_face_down:
        centre.append(f"<span>widow, face down </span>{hand_svg((), hidden=widow_face_down, height=CARD_PIXELS)}")
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
    if variant.scoring.has_money:
        counts.append(f"pot: {view.pot}")
    centre.append(f'<span class="note">{escape("; ".join(counts))}</span>')
    lines.append('<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:center">' + " ".join(centre) + "</div>")
    return _fragment(shown.heading + ".", "".join(lines), shown.notes)


def _widow_word(view: GameState | Observation) -> str:
    """The widow's name in a view: "widow", said to lie face down where the mechanism hides it (an extra hand)."""
    if isinstance(view, GameState) and variant_of(view.rules).mechanism.hides_widow(view):
        return "widow (face down at the table)"
    return "widow"


def _face_up_discard(view: GameState | Observation) -> tuple[Card, ...]:
    """The discard pile where it lies face up (the mechanism says so), else nothing."""
    if isinstance(view, Observation):
        return view.discard  # observe keeps it only where it lies face up
    return view.discard if variant_of(view.rules).mechanism.discard_face_up else ()


def table_html(state: GameState) -> Html:
    """The whole table of ``state``, every hand face up (as a worked example shows it).

    >>> from commerce_rules import FOSTER, deal_position
    >>> html = table_html(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0))
    >>> html.count("<svg"), "sequence 3-4-5 of clubs" in html
    (3, True)
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"table_html() needs a GameState, not {type(state).__name__}")
    words_from = observe(state, state.to_act if state.to_act is not None else 0)  # the seat to act sees its own question
    return _view_html(state, moment(words_from, state.hands), None)


def observation_html(observation: Observation) -> Html:
    """What one seat sees: its own hand face up, the others' face down, the widow and the score.

    Drawn from the observation alone. Above the table, who deals, who
    knocked and what the table waits for, in the words of the part that owns
    the phase; under each seat its roles. Once the deal is shown down (the
    match's end, a question right after the showdown) every hand is the
    showdown's, face up, and at the match's end the winners are named.

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> view = observe(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0), 1)
    >>> html = observation_html(view)
    >>> "6♠ 7♠ K♦" in html, "3♣" in html, "seat 1 (you)" in html
    (True, False, True)
    """
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"observation_html() needs an Observation, not {type(observation).__name__}")
    widow = variant_of(observation.rules).mechanism.widow_size
    face_down = widow if widow and not observation.widow else 0  # dealt, and lying face down (an extra hand)
    return _view_html(observation, moment(observation), observation.player, face_down)


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
        roles = ["dealer"] if seat == showdown.dealer else []
        cells = [
            _seat_label(seat, roles),
            _cards_cell(hand, 0),
            escape("" if value is None else str(value)),
            escape(result_words(seat, showdown, unit)),
        ]
        if paid:
            cells.append(escape(signed(net[seat])))
        rows.append(_row(cells, marked=seat == showdown.winner))
    caption = f"Showdown of deal {showdown.deal_number} (seat {showdown.dealer} dealt), after {showdown.reason.value.replace('_', ' ')}"
    return _fragment(caption, _table(rows))



