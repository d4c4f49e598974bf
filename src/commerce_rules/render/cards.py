"""Cards and hands drawn as SVG, and a few cards with a caption as HTML: pure string building, every text escaped.

A card is a rounded rectangle with its rank and suit in two corners and a
large suit in the middle; hearts and diamonds are red, clubs and spades
black. A face-down card is a blue back. The pictures are self-contained
SVG documents (no external font, image or style sheet), so they show the
same in a browser, in Jupyter and in the docs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from ..core.cards import Card, Suit, parse_cards
from ..core.errors import ArgumentTypeError
from ..core.quoting import shown

__all__ = [
    "BLACK", "CARD_HEIGHT", "CARD_PIXELS", "CARD_WIDTH", "LEFT", "RED", "Html", "Svg",
    "back_svg", "card_svg", "cards_html", "hand_svg", "suit_colour",
]

CARD_WIDTH: Final = 60
"""A card's width in SVG user units (a card is drawn 60 × 84 at scale 1)."""
CARD_HEIGHT: Final = 84
"""A card's height in SVG user units."""
GAP: Final = 6
"""The space between two cards of a hand."""
RED: Final = "#c8102e"
"""The colour of hearts and diamonds."""
BLACK: Final = "#1a1a1a"
"""The colour of clubs and spades."""
FONT: Final = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols', Arial, sans-serif"
"""Fonts that hold the four suit symbols, the first found being used."""
CARD_PIXELS: Final = 56
"""The height of a card in an HTML picture (a table view, :func:`cards_html`)."""
LEFT: Final = "text-align:left"
"""The alignment written on each block and cell of an HTML picture: Jupyter right-aligns some, and may drop a style sheet."""
_SVG_NS: Final = "http://www.w3.org/2000/svg"
_SUIT_NAMES: Final = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


class Svg(str):
    """An SVG document as a string, that Jupyter (IPython) shows as a picture.

    It is a plain ``str`` in every other way: write it to a file, embed it
    in a page, compare it. ``_repr_svg_`` is the hook IPython's display
    looks for, as python-chess's boards use.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


class Html(str):
    """An HTML fragment as a string, that Jupyter (IPython) shows rendered (``_repr_html_``)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


def suit_colour(suit: Suit) -> str:
    """The colour a suit is drawn in: :data:`RED` for hearts and diamonds, :data:`BLACK` for clubs and spades."""
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def card_name(card: Card) -> str:
    """A card in words for a picture's title, its suit named for screen readers: ``"A♠, spades"``."""
    return f"{card}, {_SUIT_NAMES[card.suit]}"


def _face(card: Card, x: float) -> str:
    """The elements that draw ``card`` face up with its left edge at ``x``."""
    colour = suit_colour(card.suit)
    rank = escape(card.rank.symbol)
    suit = escape(card.suit.symbol)
    narrow = ' letter-spacing="-1.5"' if len(card.rank.symbol) > 1 else ""
    return (
        f'<g transform="translate({x:g},0)" fill="{colour}" font-family="{escape(FONT)}">'
        f"<title>{escape(card_name(card))}</title>"
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" fill="#ffffff" stroke="#8a8a8a" stroke-width="1.2"/>'
        f'<text x="6" y="22" font-size="19" font-weight="bold"{narrow}>{rank}</text>'
        f'<text x="7" y="40" font-size="16">{suit}</text>'
        f'<text x="35" y="72" font-size="36" text-anchor="middle">{suit}</text>'
        "</g>"
    )


def _back(x: float) -> str:
    """The elements that draw a face-down card with its left edge at ``x``."""
    return (
        f'<g transform="translate({x:g},0)"><title>a face-down card</title>'
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" fill="#ffffff" stroke="#8a8a8a" stroke-width="1.2"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" fill="#1f4e8c"/>'
        f'<path d="M{CARD_WIDTH / 2:g} 14 L{CARD_WIDTH - 13:g} {CARD_HEIGHT / 2:g} L{CARD_WIDTH / 2:g} {CARD_HEIGHT - 14:g} '
        f'L13 {CARD_HEIGHT / 2:g} Z" fill="none" stroke="#9fc0e8" stroke-width="2"/>'
        "</g>"
    )


def _empty(x: float) -> str:
    """A dashed outline where a hand has no card."""
    return (
        f'<g transform="translate({x:g},0)"><title>no card</title>'
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" fill="none" '
        'stroke="#9a9a9a" stroke-width="1.2" stroke-dasharray="4 3"/></g>'
    )


def _document(body: str, slots: int, height: float, label: str) -> Svg:
    """An SVG document of ``slots`` cards side by side, scaled to ``height`` pixels."""
    width = max(slots, 1) * CARD_WIDTH + max(slots - 1, 0) * GAP
    scale = height / CARD_HEIGHT
    return Svg(
        f'<svg xmlns="{_SVG_NS}" width="{width * scale:.4g}" height="{height:.4g}" '
        f'viewBox="0 0 {width} {CARD_HEIGHT}" role="img" aria-label={quoteattr(label)} class="commerce-cards">'
        f"{body}</svg>"
    )


def _height(height: float) -> float:
    if isinstance(height, bool) or not isinstance(height, (int, float)) or not 8 <= height <= 1000:
        raise ArgumentTypeError(f"a picture's height is a number of pixels from 8 to 1000, not {shown(height)}")
    return float(height)


def card_svg(card: Card | str, *, height: float = CARD_HEIGHT) -> Svg:
    """One card face up, ``height`` pixels high.

    >>> from commerce_rules import Card
    >>> svg = card_svg(Card.parse("Q♥"))
    >>> svg.startswith("<svg") and "#c8102e" in svg and "Q" in svg
    True
    """
    (one,) = _cards([card])
    return _document(_face(one, 0), 1, _height(height), str(one))


def back_svg(*, height: float = CARD_HEIGHT) -> Svg:
    """One card face down, ``height`` pixels high."""
    return _document(_back(0), 1, _height(height), "a face-down card")


def hand_svg(cards: str | Iterable[Card | str], *, hidden: int = 0, height: float = CARD_HEIGHT) -> Svg:
    """Cards side by side, face up, then ``hidden`` cards face down; ``height`` pixels high.

    ``cards`` is card text (``"A♠ K♠ Q♠"``) or an iterable of cards. A hand
    with no card at all is drawn as a dashed outline.

    >>> svg = hand_svg("A♠ K♥ 4♦", hidden=1)
    >>> svg.count("<title>"), svg.count("#c8102e")
    (4, 2)
    """
    shown_cards = _cards(cards)
    if isinstance(hidden, bool) or not isinstance(hidden, int) or not 0 <= hidden <= 52:
        raise ArgumentTypeError(f"hidden is a number of face-down cards from 0 to 52, not {shown(hidden)}")
    step = CARD_WIDTH + GAP
    parts = [_face(card, i * step) for i, card in enumerate(shown_cards)]
    parts += [_back((len(shown_cards) + i) * step) for i in range(hidden)]
    slots = len(parts)
    if not parts:
        parts, slots = [_empty(0)], 1
    words = " ".join(str(card) for card in shown_cards)
    if hidden:
        words = f"{words} and {hidden} face down".strip()
    return _document("".join(parts), slots, _height(height), words or "no card")


def cards_html(cards: str | Iterable[Card | str], caption: str = "") -> Html:
    """Cards side by side, left-aligned, with ``caption`` under them: a tuple of cards as a notebook cell shows it.

    A tuple (what :func:`~commerce_rules.parse_cards` returns) has no picture
    of its own; a :class:`~commerce_rules.HandValue` draws itself this way,
    its value in words as the caption.

    >>> from commerce_rules import parse_cards
    >>> html = cards_html(parse_cards("2♥ 7♣ K♦"), "my hand")
    >>> html.count("<title>"), "my hand" in html
    (3, True)
    """
    if not isinstance(caption, str):
        raise ArgumentTypeError(f"cards_html()'s caption must be a string, not {shown(caption)}")
    words = f'<div style="opacity:0.85">{escape(caption)}</div>' if caption else ""
    picture = hand_svg(cards, height=CARD_PIXELS)
    return Html(f'<div class="commerce-cards" style="{LEFT};margin:0.4em 0">{picture}{words}</div>')


def _cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    return parse_cards(cards)
