"""The precomputed hand tables and :func:`evaluate`.

For each distinct *ranking configuration* — the :class:`~commerce_rules.Rules`
fields that change how hands compare: ``ranking``, ``deck_size`` and the
options the ranking declares (``ace_low``; Trentuno's ``trentuno_suited``
and ``feuer``), its part found in :mod:`.registry` — a
:class:`HandTable` maps every three-card hand's bit set (the OR of its cards'
:attr:`Card.bit <commerce_rules.Card.bit>`) to its :class:`HandValue`, and a
second dict adds the quads for rules with ``pounce``. A table is built once,
lazily, on first use (a few hundredths of a second: one hand of each
shape is graded, and a value's words when first asked for), then shared by every
``Rules`` value with that configuration. The dict to read is cached per
``Rules`` value, so :func:`evaluate` is a look-up by rules (an identity check
for the rules used last) and one look-up by bit set.
"""

from __future__ import annotations

import itertools
import threading
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple, Union, cast

from ..core.caches import remember
from ..core.cards import DECKS, LEFT_OUT, Card, Rank, Suit, bits_of, parse_cards
from ..core.errors import HandError, RulesError
from ..core.quoting import shown
from ..core.rules import Ranking, Rules
from ._common import by_suit, rank_plural
from .part import Graded, Grader
from .registry import RANKINGS, ranking_part
from .value import Category, HandValue

__all__ = [
    "HandTable", "TableKey", "blitz_among", "blitz_strength", "evaluate", "grader_for", "hand_strength_table",
    "hand_values", "is_blitz", "table_for_key", "table_key", "thirty_ones",
]

CardsLike = Union[str, Iterable[Union[Card, str]]]
"""What :func:`evaluate` accepts: card text, or an iterable of cards (or of card texts)."""


class TableKey(NamedTuple):
    """The fields of a :class:`~commerce_rules.Rules` that decide how hands compare.

    The ranking, the deck, and the values of the ranking's own
    :attr:`~.part.RankingPart.options` in its order (``(ace_low,)``,
    ``(trentuno_suited, feuer)``): options a ranking ignores are left out, so
    rules that rank hands alike share one key. ``pounce`` is not part of it:
    it only adds the quads on top of the same three-card strengths.
    """

    ranking: Ranking
    deck_size: int
    options: tuple[object, ...]


def table_key(rules: Rules) -> TableKey:
    """The :class:`TableKey` of ``rules``."""
    options = tuple(getattr(rules, name) for name in ranking_part(rules).options)
    return TableKey(rules.ranking, rules.deck_size, options)


def grader_for(key: TableKey) -> Grader:
    """The grader of ``key``'s ranking, given its options."""
    part = RANKINGS[key.ranking]
    return part.grader(**dict(zip(part.options, key.options)))


class HandTable:
    """Every hand of one ranking configuration and its :class:`HandValue`.

    :attr:`three` maps the bit set of every three-card hand of the deck to its
    value; :attr:`with_quads` holds the same values plus the four-card quads
    (used where :attr:`Rules.pounce <commerce_rules.Rules.pounce>` is on).
    Built by :func:`table_for_key`; never build one directly.
    """

    __slots__ = (
        "key", "deck", "three", "with_quads", "three_view", "with_quads_view", "top_strength", "blitz_strength",
        "thirty_ones", "_grade", "_labels",
    )

    key: TableKey
    """The configuration."""
    deck: tuple[Card, ...]
    """The deck the hands are drawn from."""
    three: dict[int, HandValue]
    """Bit set → value for every three-card hand."""
    with_quads: dict[int, HandValue]
    """:attr:`three` plus every quad."""
    three_view: Mapping[int, HandValue]
    """A read-only view of :attr:`three`."""
    with_quads_view: Mapping[int, HandValue]
    """A read-only view of :attr:`with_quads`."""
    top_strength: int
    """The strength of the best three-card hand (quads are above it)."""
    blitz_strength: int
    """The strength of A-K-Q of one suit (in every deck): 31 under the Trentuno ranking, the least a blitz is worth."""
    thirty_ones: frozenset[int]
    """The bit sets of the three-card hands tied with A-K-Q of a suit: under the Trentuno ranking, those worth exactly 31."""

    def __init__(self, key: TableKey) -> None:
        self.key = key
        self.deck = DECKS[key.deck_size]
        self._grade = grade = grader_for(key)
        self._labels = RANKINGS[key.ranking].labels
        key_hash = hash(key)
        graded, by_shape = _graded_by_shape(self.deck, grade)
        strengths = {k: i for i, k in enumerate(sorted({g.key for g in by_shape.values()}))}
        self.three = {bits: HandValue(self, strengths[g.key], g.category, bits, key_hash) for bits, g in graded}
        self.top_strength = len(strengths) - 1
        self.blitz_strength = self.three[sum(card.bit for card in self.deck if card.suit is Suit.SPADES and card.rank >= Rank.QUEEN)].strength
        self.thirty_ones = frozenset(bits for bits, value in self.three.items() if value.strength == self.blitz_strength)
        self.with_quads = dict(self.three)
        ranks = sorted({card.rank for card in self.deck})
        for offset, rank in enumerate(ranks, start=1):
            quad = by_suit(tuple(card for card in self.deck if card.rank is rank))
            bits = sum(card.bit for card in quad)
            self.with_quads[bits] = HandValue(
                self, self.top_strength + offset, Category.QUAD, bits, key_hash, quad, f"quad of {rank_plural(rank)}"
            )
        self.three_view = types.MappingProxyType(self.three)
        self.with_quads_view = types.MappingProxyType(self.with_quads)

    def words(self, bits: int) -> tuple[tuple[Card, ...], str]:
        """The three-card hand ``bits``'s cards in readable order and its description, graded now (a value asks once)."""
        graded = self._grade(tuple(card for card in self.deck if card.bit & bits))  # type: ignore[arg-type]
        return graded.cards, graded.description

    def category_word(self, category: Category) -> str:
        """The ranking's word for ``category``: ``"tricon"``, Brag's ``"prial"``."""
        return self._labels.word(category)

    def reduce_value(self, bits: int) -> tuple[Callable[..., HandValue], tuple[Any, ...]]:
        """How :class:`HandValue` pickles: by key and bit set, so that unpickling finds the interned value."""
        return (_restore, (self.key, bits))

    def __repr__(self) -> str:
        return f"<HandTable {self.key}: {len(self.three)} hands>"


_Shape = tuple[Rank, Rank, Rank, bool, bool, bool]
"""A three-card hand's ranks (in deck order) and which of its cards share a suit."""


def _graded_by_shape(deck: tuple[Card, ...], grade: Grader) -> tuple[list[tuple[int, Graded]], dict[_Shape, Graded]]:
    """Every three-card hand of ``deck`` by its bit set, with the grade of its shape; and the grade of each shape.

    No suit outranks another in any ranking, so two hands of one shape (the
    same ranks, the same cards sharing a suit) are one hand with the suits
    renamed, and grade alike but for their words: one hand of each shape is
    graded (1,911 of 22,100, 880 of 9,880, 456 of 4,960), and its key and category serve the
    others (a test holds this to grading every hand). A value's cards and
    description are its own, graded when first asked for.
    """
    by_shape: dict[_Shape, Graded] = {}
    graded = []
    for hand in itertools.combinations(deck, 3):
        a, b, c = hand
        sa, sb, sc = a.suit, b.suit, c.suit
        shape = (a.rank, b.rank, c.rank, sa is sb, sa is sc, sb is sc)
        grading = by_shape.get(shape)
        if grading is None:
            grading = by_shape[shape] = grade(hand)
        graded.append((a.bit | b.bit | c.bit, grading))
    return graded, by_shape


_TABLES: Final[dict[TableKey, HandTable]] = {}
_BY_RULES: Final[dict[Rules, tuple[dict[int, HandValue], HandTable]]] = {}
"""The dict to read and the table of each ``Rules`` value used lately (the last ``RULES_CACHE_SIZE``, see ``caches``):
many rules share one table, as only the :class:`TableKey` fields and ``pounce`` decide it."""
_LOCK: Final = threading.Lock()


def table_for_key(key: TableKey) -> HandTable:
    """The :class:`HandTable` of ``key``, built on first use (once, even with threads)."""
    try:
        return _TABLES[key]
    except KeyError:
        pass
    with _LOCK:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = HandTable(key)
        return table


def _restore(key: TableKey, bits: int) -> HandValue:
    """Unpickle a :class:`HandValue`: the interned value of the hand ``bits`` in the table of ``key``."""
    return table_for_key(key).with_quads[bits]


def _table_for(rules: Rules) -> HandTable:
    if not isinstance(rules, Rules):
        raise RulesError(f"hands are ranked under a Rules value (such as FOSTER or CRP), not {shown(rules)}")
    return table_for_key(table_key(rules))


def _found(rules: Rules) -> tuple[dict[int, HandValue], HandTable]:
    """The dict :func:`evaluate` reads for ``rules`` (a hand's bit set to its value), and its table."""
    try:
        return _BY_RULES[rules]
    except (KeyError, TypeError):
        table = _table_for(rules)
        return remember(_BY_RULES, rules, (table.with_quads if rules.pounce else table.three, table))


_LAST: tuple[object, dict[int, HandValue], HandTable | None] = (object(), {}, None)
"""The last rules :func:`_lookup` was asked for, with what it found for them (one tuple: threads see a whole one)."""


def _lookup(rules: Rules) -> tuple[object, dict[int, HandValue], HandTable]:
    """``(rules, dict, table)``: :func:`_found`, the last rules asked for found by identity before any hashing.

    Hashing a ``Rules`` is a call of attrs' ``__hash__``, and Thirty-One and
    Schwimmen look their table up after every move (``docs/performance.md``,
    "Fast paths kept").
    """
    global _LAST
    last = _LAST
    if last[0] is not rules:
        lookup, table = _found(rules)
        last = _LAST = (rules, lookup, table)
    return last  # type: ignore[return-value]  # the table is set with the rules


def blitz_strength(rules: Rules) -> int:
    """The strength of A-K-Q of one suit under ``rules``' ranking: a three-card hand this strong or stronger is a blitz.

    >>> from commerce_rules import TRENTUNO, evaluate
    >>> blitz_strength(TRENTUNO) == evaluate("A♥ K♥ Q♥", TRENTUNO).strength
    True
    """
    return _lookup(rules)[2].blitz_strength


def thirty_ones(rules: Rules) -> frozenset[int]:
    """The bit sets of the three-card hands that tie with A-K-Q of a suit under ``rules``: worth exactly 31 (a Feuer ranks above).

    >>> from commerce_rules import THIRTY_ONE, parse_cards
    >>> sum(card.bit for card in parse_cards("A♥ K♥ 10♥")) in thirty_ones(THIRTY_ONE)
    True
    """
    return _lookup(rules)[2].thirty_ones


def is_blitz(value: HandValue, rules: Rules) -> bool:
    """Whether a three-card hand of the Trentuno ranking is worth 31, or is Feuer (Rules §7.6, §8.6).

    A hand's strength is compared with the strength of A-K-Q of a suit, which
    is 31 on every deck and either way of counting; only Feuer (three aces,
    with ``feuer``) and quads rank higher, and quads are no blitz.

    >>> from commerce_rules import TRENTUNO, evaluate
    >>> rules = TRENTUNO.replace(feuer=True)
    >>> [is_blitz(evaluate(hand, rules), rules) for hand in ("A♥ K♥ J♥", "A♠ A♥ A♦", "A♥ K♥ 7♥")]
    [True, True, False]
    """
    return value.strength >= _lookup(rules)[2].blitz_strength and value.category is not Category.QUAD


def blitz_among(rules: Rules, hands: Sequence[Sequence[Card]], seats: Iterable[int]) -> bool:
    """Whether one of ``seats`` holds a three-card hand that :func:`is_blitz` (a widow game asks after every exchange).

    One look-up a hand, with the table found once: no :func:`evaluate` and
    :func:`is_blitz` calls on the hot path. A hand of three cards is never
    a quad, so its strength alone decides.

    >>> from commerce_rules import TRENTUNO, parse_cards
    >>> hands = (parse_cards("A♥ K♥ J♥"), parse_cards("A♥ K♥ 7♥"))  # 31, then 28 (one deck does not matter here)
    >>> blitz_among(TRENTUNO, hands, (1,)), blitz_among(TRENTUNO, hands, (0, 1))
    (False, True)
    """
    _, lookup, table = _lookup(rules)
    strength = table.blitz_strength
    for seat in seats:
        hand = hands[seat]
        if len(hand) == 3:
            a, b, c = hand
            value = lookup.get(a.bit | b.bit | c.bit)
            if value is None:
                value = evaluate(hand, rules)  # says what is wrong
            if value.strength >= strength:
                return True
    return False


def hand_strength_table(rules: Rules) -> Mapping[int, HandValue]:
    """The whole hand table of ``rules``: a read-only mapping from a hand's bit set to its value.

    The key of a hand is the OR of its cards' :attr:`Card.bit
    <commerce_rules.Card.bit>`; the mapping holds every three-card hand of
    the variant's deck, and every quad where :attr:`Rules.pounce
    <commerce_rules.Rules.pounce>` is on. It is the very table that
    :func:`evaluate` reads, for engines that keep hands as bit sets; it is
    built on first use and shared by every ``Rules`` with the same ranking.

    >>> from commerce_rules import CRP, POUNCE, parse_cards
    >>> table = hand_strength_table(CRP)
    >>> len(table), len(hand_strength_table(POUNCE))
    (22100, 22113)
    >>> a, k, q = parse_cards("A♠ K♠ Q♠")
    >>> str(table[a.bit | k.bit | q.bit])
    'sequence Q-K-A of spades'
    """
    table = _table_for(rules)
    return table.with_quads_view if rules.pounce else table.three_view


def evaluate(cards: CardsLike, rules: Rules) -> HandValue:
    """The value of a hand under ``rules``.

    :param cards: the hand: card text such as ``"Q♠ K♠ A♠"`` (read with
        :func:`~commerce_rules.parse_cards`) or an iterable of
        :class:`~commerce_rules.Card`. Three cards, or four — a quad — where
        :attr:`Rules.pounce <commerce_rules.Rules.pounce>` is on. Order does
        not matter.
    :param rules: the variant; only its ranking options matter.
    :returns: the interned :class:`HandValue` of the hand.
    :raises HandError: wrong number of cards, a card twice, a card not in
        the variant's deck, a four-card hand that is not a quad, or an item
        that is not a card. (Unreadable card text raises
        :class:`~commerce_rules.CardError`.)

    This is a table look-up; a tuple or list of three cards takes the fast
    path (well over a million hands a second on one core).

    >>> from commerce_rules import evaluate, FOSTER, CRP
    >>> str(evaluate("Q♠ K♠ A♠", FOSTER))
    'sequence Q-K-A of spades'
    >>> evaluate("A♠ K♠ Q♠", CRP) < evaluate("2♥ 2♦ 2♣", CRP)
    True
    >>> evaluate("A♠ A♥", CRP)
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.HandError: a hand has 3 cards, not 2: A♠ A♥
    """
    lookup = _lookup(rules)[1]
    kind = type(cards)
    if kind is tuple or kind is list:
        seq: Any = cards
        try:
            a, b, c = seq
            value: HandValue = lookup[a.bit | b.bit | c.bit]
            return value
        except (ValueError, TypeError, AttributeError, KeyError):
            pass
    return _evaluate_checked(cards, rules, lookup)


def hand_values(hands: Sequence[Sequence[Card]], rules: Rules) -> tuple[HandValue | None, ...]:
    """Each seat's hand value at a showdown, ``None`` for a seat without cards (out of the match).

    One call for the table, as the showdown ranks every hand at once: the
    look-up is found once, and a three-card hand read without
    :func:`evaluate`'s checks (the engine's hands are its own). Any other
    hand (a quad) goes through :func:`evaluate`.

    >>> from commerce_rules import CRP, parse_cards
    >>> [str(value) for value in hand_values([parse_cards("A♠ K♠ Q♠"), ()], CRP)]
    ['sequence Q-K-A of spades', 'None']
    """
    lookup = _lookup(rules)[1]
    values: list[HandValue | None] = []
    for hand in hands:
        if len(hand) == 3:
            a, b, c = hand
            value = lookup.get(a.bit | b.bit | c.bit)
            values.append(evaluate(hand, rules) if value is None else value)  # evaluate says what is wrong
        else:
            values.append(evaluate(hand, rules) if hand else None)
    return tuple(values)


def _evaluate_checked(cards: object, rules: Rules, lookup: dict[int, HandValue]) -> HandValue:
    """The slow path: read and check the hand, so that every mistake gets a clear message."""
    if isinstance(cards, str):
        hand = parse_cards(cards)
    elif isinstance(cards, Card):
        raise HandError(f"a hand is several cards, not the single card {cards}")
    else:
        try:
            items = tuple(cast("Iterable[object]", cards))
        except TypeError:
            raise HandError(f"a hand is an iterable of cards or card text, not {shown(cards)}") from None
        checked: list[Card | str] = []
        for item in items:
            if not isinstance(item, (Card, str)):
                raise HandError(f"a hand holds cards, not {shown(item)}")
            checked.append(item)
        hand = parse_cards(checked)
    text = " ".join(str(card) for card in hand)
    sizes = "3 cards (4, a quad, after a pounce)" if rules.pounce else "3 cards"
    if len(hand) not in ((3, 4) if rules.pounce else (3,)):
        extra = " (four-card hands exist only with pounce)" if len(hand) == 4 else ""
        raise HandError(f"a hand has {sizes}, not {len(hand)}{extra}: {text}")
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise HandError(f"{card} appears twice in the hand {text}")
        seen.add(card)
    if rules.deck_size != 52:
        deck = DECKS[rules.deck_size]
        for card in hand:
            if card not in deck:
                size = rules.deck_size
                raise HandError(f"{card} is not in this variant's {size}-card deck ({LEFT_OUT[size]}): {text}")
    try:
        return lookup[bits_of(hand)]
    except KeyError:
        pass
    if len(hand) == 4:
        raise HandError(f"a four-card hand must be a quad (four of a rank, made by a pounce), not {text}")
    raise HandError(f"cannot rank the hand {text}")  # pragma: no cover - every valid hand is in the table

