"""Ranks, suits and the 52 interned cards, with parsing and the two decks.

Cards are interned: ``Card(Rank.ACE, Suit.SPADES)`` and ``Card.parse("As")``
return the very same object, so comparing and hashing cards is cheap and a
hand can be packed into an integer bit set (``Card.bit``) for table lookups.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import ClassVar, Final

from .errors import CardError
from .quoting import shown

__all__ = [
    "DECKS",
    "DECK_32",
    "DECK_40",
    "DECK_52",
    "Card",
    "Rank",
    "Suit",
    "bits_of",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card's rank, ordered ``TWO < ... < ACE``; the value is 2..14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank's text in a card's name: ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return _RANK_SYMBOLS[self]

    @property
    def points(self) -> int:
        """Card point value: A = 11, K Q J 10 = 10, 2-9 face value (Rules §0)."""
        if self is Rank.ACE:
            return 11
        return min(int(self), 10)

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS: Final = {r: str(int(r)) for r in Rank if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}


class Suit(enum.Enum):
    """A card's suit. No suit outranks another; the value is the suit's symbol."""

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    @property
    def symbol(self) -> str:
        """The suit's symbol, as in ``"A♠"``."""
        return self.value

    @property
    def letter(self) -> str:
        """The suit's ASCII letter: ``c``, ``d``, ``h`` or ``s``."""
        return self.name[0].lower()

    @property
    def index(self) -> int:
        """0..3 in the order clubs, diamonds, hearts, spades (deck order only)."""
        return _SUIT_INDEX[self]

    def __str__(self) -> str:
        return self.value


_SUIT_INDEX: Final = {s: i for i, s in enumerate(Suit)}


class Card:
    """One of the 52 cards: immutable, hashable, interned, ordered by rank then suit.

    >>> Card.parse("A♠") is Card(Rank.ACE, Suit.SPADES)
    True
    >>> str(Card.parse("Ts")), repr(Card.parse("10h"))
    ('10♠', "Card('10♥')")
    """

    __slots__ = ("rank", "suit", "index", "bit")
    rank: Rank
    suit: Suit
    index: int
    """Position in the 52-card deck order, 0..51 (ranks 2..A, suits ♣♦♥♠)."""
    bit: int
    """``1 << index``: the card as a one-element bit set."""

    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return cls._interned[(rank, suit)]
        except (KeyError, TypeError):
            pass
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise CardError(f"a card needs a Rank and a Suit, not {shown(rank)} and {shown(suit)}")
        card = super().__new__(cls)
        index = (rank - 2) * 4 + suit.index
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Equality is object identity, inherited from ``object``: the 52 cards are interned, so equal cards are the
    # same card, and anything else decides for itself (``mock.ANY`` equals a card). Inherited, ``in`` and
    # ``tuple.index`` compare cards in C, with no Python call per card passed over.

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def _repr_svg_(self) -> str:
        """The card drawn face up, for Jupyter (see :mod:`commerce_rules.render`)."""
        from ..render.cards import card_svg

        return card_svg(self)

    @property
    def points(self) -> int:
        """The card's point value (A = 11, faces and 10 = 10, else face value)."""
        return self.rank.points

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0..51) of the 52-card deck order."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise CardError(f"a card index is 0..51, not {shown(index)}")
        return DECK_52[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``"A♠"``, ``"As"``, ``"AS"``, ``"as"``, ``"10♠"``, ``"Ts"``, ``"10s"``."""
        if not isinstance(text, str):
            raise CardError(f"a card's text must be a string, not {shown(text)}")
        match = _CARD_RE.fullmatch(text.strip())
        if match is None:
            raise CardError(f"not a card: {shown(text)} (expected a rank 2-10/T/J/Q/K/A and a suit ♣♦♥♠/c/d/h/s)")
        rank = _RANK_TOKENS[match.group(1).upper()]
        suit = _SUIT_TOKENS[match.group(2).lower()]
        return cls(rank, suit)


_RANK_TOKENS: Final = {str(int(r)): r for r in Rank if r <= 10} | {
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
_SUIT_TOKENS: Final = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES, "s": Suit.SPADES,
}
_CARD_RE: Final = re.compile(r"(10|[2-9TJQKA])([♣♧♦♢♥♡♠♤CDHS])", re.IGNORECASE)
_SEPARATORS: Final = re.compile(r"[\s,]+")

DECK_52: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52-card French deck in deck order (2♣ 2♦ 2♥ 2♠ 3♣ ... A♠)."""

DECK_40: Final[tuple[Card, ...]] = tuple(
    card for card in DECK_52 if card.rank not in (Rank.EIGHT, Rank.NINE, Rank.TEN)
)
"""The 40-card deck of Trentuno: the 8s, 9s and 10s removed (Rules §4.1)."""

DECK_32: Final[tuple[Card, ...]] = tuple(card for card in DECK_52 if card.rank >= Rank.SEVEN)
"""The 32-card deck of Schwimmen: the 2s to 6s removed (Rules §7.1)."""

DECKS: Final[dict[int, tuple[Card, ...]]] = {52: DECK_52, 40: DECK_40, 32: DECK_32}
"""Each deck by its size (Rules §9), in deck order."""

LEFT_OUT: Final[dict[int, str]] = {52: "", 40: "no 8s, 9s or 10s", 32: "no 2s to 6s"}
"""What each deck lacks, in words."""


def bits_of(cards: Iterable[Card]) -> int:
    """The bit set of ``cards``: the OR of their :attr:`Card.bit` (the key of a hand in the hand tables)."""
    bits = 0
    for card in cards:
        bits |= card.bit
    return bits


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas; an iterable of cards or texts is read item by item.

    >>> parse_cards("6♠ 7♠, K♦")
    (Card('6♠'), Card('7♠'), Card('K♦'))
    >>> parse_cards("")
    ()
    """
    if isinstance(text, str):
        return tuple(Card.parse(token) for token in _SEPARATORS.split(text.strip()) if token)
    try:
        items = list(text)
    except TypeError:
        raise CardError(f"expected card text or an iterable of cards, not {shown(text)}") from None
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)
