"""Pictures of cards, hands, tables and showdowns: SVG and HTML, built as strings.

``card_svg``, ``back_svg`` and ``hand_svg`` draw cards (hearts and diamonds
red, clubs and spades black); ``table_html``, ``observation_html`` and
``showdown_html`` draw a table or a showdown as an HTML fragment with the
cards inline; ``cards_html`` draws a few cards with a caption (a tuple of
cards has no hook of its own). Each returns a ``str``
subclass (:class:`Svg`, :class:`Html`) that Jupyter shows as a picture, and
:class:`~commerce_rules.Card`, :class:`~commerce_rules.HandValue`,
:class:`~commerce_rules.Observation` and :class:`~commerce_rules.Showdown`
have the ``_repr_svg_`` / ``_repr_html_`` hooks that call them, so a card,
a hand's value or a view left as a notebook cell's value is drawn.

Nothing here is needed to play: the library imports this package only when
a picture is asked for, and it uses no dependency beyond the standard
library.
"""

from __future__ import annotations

from .cards import BLACK, CARD_HEIGHT, CARD_WIDTH, RED, Html, Svg, back_svg, card_svg, cards_html, hand_svg, suit_colour
from .table import observation_html, showdown_html, table_html

__all__ = [
    "BLACK",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "RED",
    "Html",
    "Svg",
    "back_svg",
    "card_svg",
    "cards_html",
    "hand_svg",
    "observation_html",
    "showdown_html",
    "suit_colour",
    "table_html",
]
