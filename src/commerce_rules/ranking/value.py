"""``Category`` and ``HandValue``: what :func:`~commerce_rules.evaluate` returns.

A :class:`HandValue` is an interned, immutable value taken from a
precomputed table (see :mod:`commerce_rules.ranking.table`). Two values from
the same table compare by their integer :attr:`~HandValue.strength` only, so
comparing hands is as cheap as comparing two integers.

This module imports nothing from :mod:`.table`: the table builds the values,
so a value knows its table only through :class:`SourceTable`, which the
table satisfies.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol, final

from ..core.cards import Card

__all__ = ["Category", "HandValue", "SourceTable"]


class Category(enum.IntEnum):
    """The kind of a hand: a label, as pokerkit's ``Label``.

    Each ranking declares the labels it uses, best first, and its word for
    each (its module's ``LABELS``, read through :mod:`.registry`): Foster
    uses ``TRICON``, ``SEQUENCE``, ``POINT`` and ``NOTHING``; the classic
    (widow and lives) and Hoyle rankings ``TRICON`` to ``POINT``; Extended
    ``TRICON``, ``SEQUENCE``, ``FLUSH`` and ``NOTHING``; Trentuno ``TRICON``
    and ``POINT``; Brag ``TRICON`` (a prial), ``SEQUENCE`` (a running flush),
    ``RUN``, ``FLUSH``, ``PAIR`` and ``HIGH_CARD``. ``QUAD`` exists wherever
    :attr:`Rules.pounce <commerce_rules.Rules.pounce>` is on.

    Why still an ordered integer enum: existing code compares and sorts
    categories, and ``v.category is Category.SEQUENCE`` is the contract, so
    the members and their order stay. But no ranking takes its order from
    the integers: a ranking's order is the head of its grade keys, made from
    its declared labels (:meth:`.part.Labels.graded`), so a ranking may rank
    its labels otherwise (in Trentuno a point of 31 beats a tricon, 30½; in
    Brag a ``RUN`` beats a ``FLUSH``). Code that asks how two categories
    stand asks the ranking (:meth:`.part.Labels.place`), not the integers.
    A new label is one member here, appended, the vocabulary a new ranking
    adds (as a mechanism adds its ``EventKind``); its place and word are
    the ranking's. Compare :class:`HandValue` objects, not categories, to
    find the better hand.

    >>> Category.NOTHING < Category.POINT < Category.PAIR < Category.FLUSH
    True
    >>> Category.FLUSH < Category.SEQUENCE < Category.TRICON < Category.QUAD
    True
    """

    NOTHING = 0
    """No combination and no point (Foster: three suits; Extended: anything below a flush)."""
    POINT = 1
    """A point: a total of card point values (every ranking counts it differently)."""
    PAIR = 2
    """Two cards of one rank (classic and Hoyle rankings)."""
    FLUSH = 3
    """Three cards of one suit that are not a sequence (classic, Extended, Hoyle)."""
    SEQUENCE = 4
    """Three consecutive ranks of one suit."""
    TRICON = 5
    """Three cards of one rank."""
    QUAD = 6
    """Four cards of one rank, made by a pounce (Rules §3)."""
    RUN = 7
    """Three consecutive ranks, not all of one suit (Brag, Rules §10.7: a run beats a flush there)."""
    HIGH_CARD = 8
    """Anything below a pair, ordered by its cards from the highest (Brag, Rules §10.7)."""

    def __str__(self) -> str:
        return self.name.lower()


class SourceTable(Protocol):
    """What a :class:`HandValue` needs of the table that made it (a :class:`~commerce_rules.ranking.table.HandTable`).

    Declared here, and not imported from :mod:`.table`, so that the values do
    not depend on the module that builds them (no import cycle).
    """

    @property
    def key(self) -> Hashable:
        """The table's ranking configuration: two values compare only if they share a table."""

    def reduce_value(self, bits: int) -> tuple[Callable[..., HandValue], tuple[Any, ...]]:
        """How to pickle the value of the hand ``bits``: a function that looks it up again, and its arguments."""

    def words(self, bits: int) -> tuple[tuple[Card, ...], str]:
        """The hand ``bits``'s cards in readable order and its description, as its ranking grades it."""

    def category_word(self, category: Category) -> str:
        """The ranking's word for ``category``."""


@final
class HandValue:
    """The value of one hand under one ranking: immutable, hashable, totally ordered.

    Values are never built directly: :func:`~commerce_rules.evaluate` returns
    them (the same object every time for the same hand and ranking).

    * ``a < b``, ``a == b``, ... compare two hands under the rules both were
      evaluated with; ``a == b`` means an exact tie under those rules (the
      cards may differ). Ordering two values of different rankings raises
      :class:`TypeError`; ``==`` between them is ``False``.
    * :attr:`strength` is the same order as an integer (a dense rank: the
      weakest hand is 0, equal strengths are ties).
    * :attr:`category`, :attr:`category_word`, :attr:`cards` and ``str(value)`` describe the hand.

    Rules values that differ only in options that do not change the ranking
    (lives, stall passes, ...) share one table, so their values compare; the
    table with :attr:`~commerce_rules.Rules.pounce` is the one without it
    plus the quads, with the same strengths for three-card hands.

    >>> from commerce_rules import evaluate, CRP
    >>> v = evaluate("A♠ K♠ Q♠", CRP)
    >>> str(v), v.category.name, v.cards
    ('sequence Q-K-A of spades', 'SEQUENCE', (Card('Q♠'), Card('K♠'), Card('A♠')))
    >>> v < evaluate("2♥ 2♦ 2♣", CRP)
    True
    >>> evaluate("7♣ 5♦ 2♥", CRP) == evaluate("7♠ 5♥ 2♣", CRP)
    True
    """

    # The fields the game reads are slots, read in C: a property is a Python call, and
    # the showdown, the scorings and every bot read strengths by the thousand.
    # __setattr__ below refuses to write them; type checkers see read-only properties.
    # ``cards`` and ``str()`` are words for people, graded when first asked for.
    __slots__ = {
        "strength": """The hand's strength as an integer: higher is better, equal is an exact tie.

        Strengths are dense (0 is the weakest hand of the ranking, and every
        integer up to the strongest is used) and only comparable within one
        ranking, like the values themselves.
        """,
        "category": "The hand's :class:`Category`.",
        "bits": "The hand as a bit set: the OR of its cards' :attr:`Card.bit <commerce_rules.Card.bit>`.",
        "_table": "",
        "_hash": "",
        "_cards": "",
        "_description": "",
    }

    _table: SourceTable
    _hash: int
    _cards: tuple[Card, ...] | None
    _description: str | None

    if TYPE_CHECKING:

        @property
        def strength(self) -> int: ...

        @property
        def category(self) -> Category: ...

        @property
        def bits(self) -> int: ...

    def __init__(
        self,
        table: SourceTable,
        strength: int,
        category: Category,
        bits: int,
        key_hash: int,
        cards: tuple[Card, ...] | None = None,
        description: str | None = None,
    ) -> None:
        # ``key_hash`` is ``hash(table.key)``, hashed once by the table for its 22,100 values.
        # ``cards`` and ``description`` left ``None`` are graded when first read (see ``cards``).
        # __setattr__ refuses every write: the slots are written through object's.
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "_hash", hash((key_hash, strength)))
        object.__setattr__(self, "category", category)
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_description", description)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand's cards in a readable order (a sequence from its low end, a pair before its odd card...)."""
        cards = self._cards
        if cards is None:
            cards = self._words()[0]
        return cards

    @property
    def category_word(self) -> str:
        """The hand's category as its ranking names it: ``"tricon"``, or a Brag ``"prial"`` (``str(category)`` is the label's own name)."""
        return self._table.category_word(self.category)

    def _words(self) -> tuple[tuple[Card, ...], str]:
        """The cards and description, graded on first use: a table holds 22,100 values, most never shown,
        so it is built from each hand's strength alone and words a hand only when asked (then keeps them)."""
        cards, description = self._table.words(self.bits)
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_description", description)
        return cards, description

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("hand values are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("hand values are immutable")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength == other.strength
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength != other.strength
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength < other.strength
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength <= other.strength
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength > other.strength
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if type(other) is HandValue and other._table is self._table:
            return self.strength >= other.strength
        return NotImplemented

    def __str__(self) -> str:
        description = self._description
        return self._words()[1] if description is None else description

    def __repr__(self) -> str:
        return f"<HandValue {str(self)!r} {self.category.name} strength={self.strength}>"

    def _repr_html_(self) -> str:
        """The hand's cards, its value in words and its category, for Jupyter (:func:`commerce_rules.render.cards_html`)."""
        from ..render.cards import cards_html

        return cards_html(self.cards, f"{self} — category {self.category_word}")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Unpickle by looking the hand up again, so the value is the interned one.
        return self._table.reduce_value(self.bits)

    def __copy__(self) -> HandValue:
        return self

    def __deepcopy__(self, memo: object) -> HandValue:
        return self
