"""Every hand of every ranking, against sort keys written here from RULES.md alone.

For each ranking and option, all C(52,3) = 22,100 hands (C(40,3) = 9,880 on
Trentuno's deck, plus the quads where a pounce can make them) are sorted by
an oracle key written from the rule text, without the library's code. Hands
with equal oracle keys must have equal library strengths, and the strengths
must strictly increase from one group to the next: so for every pair of
hands, the library's order is the oracle's order.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from commerce_rules import CRP, DECK_40, DECK_52, EXTENDED, FOSTER, HOYLE, POUNCE, TRENTUNO, Card, Rules
from commerce_rules import Category, evaluate

Hand = tuple[Card, ...]
OracleKey = tuple[Any, ...]

# RULES.md §0: "A = 11, K Q J 10 = 10, 2-9 = face value"; ranks 2..14 (J=11, Q=12, K=13, A=14).
POINT_VALUE = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10, 14: 11}


def value_of(card: Card) -> int:
    return POINT_VALUE[int(card.rank)]


def ranks_high_to_low(hand: Hand) -> tuple[int, ...]:
    return tuple(sorted((int(c.rank) for c in hand), reverse=True))


# "three consecutive ranks of one suit ... Q-K-A is the highest ... K-A-2 is not a sequence";
# the ace is low only in A-2-3 (and only where the rules say so). Listed literally, with the top card.
SEQUENCES_ACE_HIGH = {frozenset({low, low + 1, low + 2}): low + 2 for low in range(2, 13)}
SEQUENCE_ACE_LOW = {frozenset({14, 2, 3}): 3}


def sequence_top_or_none(hand: Hand, ace_low: bool) -> int | None:
    if len({c.suit for c in hand}) != 1:
        return None
    ranks = frozenset(int(c.rank) for c in hand)
    table = SEQUENCES_ACE_HIGH | SEQUENCE_ACE_LOW if ace_low else SEQUENCES_ACE_HIGH
    return table.get(ranks)


def is_tricon(hand: Hand) -> bool:
    return len({c.rank for c in hand}) == 1


# ---- Foster, RULES.md §1.6 ------------------------------------------------------------------


def foster_key(ace_low: bool) -> Callable[[Hand], OracleKey]:
    def key(hand: Hand) -> OracleKey:
        if is_tricon(hand):
            return (3, int(hand[0].rank))
        top = sequence_top_or_none(hand, ace_low)
        if top is not None:
            return (2, top)
        # "the best total of 2 or 3 cards of one suit ... at equal totals three cards beat two":
        # try every subset of 2 or 3 cards that share a suit.
        best: tuple[int, int] | None = None
        for size in (2, 3):
            for subset in itertools.combinations(hand, size):
                if len({c.suit for c in subset}) == 1:
                    candidate = (sum(value_of(c) for c in subset), size)
                    best = candidate if best is None else max(best, candidate)
        if best is not None:
            return (1, *best)
        return (0,)  # three different suits: nothing, all equal

    return key


# ---- Classic (widow and lives), RULES.md §2.5; Extended §5; Hoyle §6.7 ----------------------


def pair_parts(hand: Hand) -> tuple[int, int] | None:
    counts = Counter(int(c.rank) for c in hand)
    if sorted(counts.values()) == [1, 2]:
        pair = next(r for r, n in counts.items() if n == 2)
        odd = next(r for r, n in counts.items() if n == 1)
        return pair, odd
    return None


def classic_key(ace_low: bool) -> Callable[[Hand], OracleKey]:
    def key(hand: Hand) -> OracleKey:
        if is_tricon(hand):
            return (5, int(hand[0].rank))
        top = sequence_top_or_none(hand, ace_low)
        if top is not None:
            return (4, top)
        if len({c.suit for c in hand}) == 1:
            return (3, *ranks_high_to_low(hand))  # highest, middle, lowest
        pair = pair_parts(hand)
        if pair is not None:
            return (2, *pair)  # pair rank, then the odd card
        return (1, sum(value_of(c) for c in hand), *ranks_high_to_low(hand))

    return key


def extended_key(ace_low: bool) -> Callable[[Hand], OracleKey]:
    classic = classic_key(ace_low)

    def key(hand: Hand) -> OracleKey:
        k = classic(hand)
        return k if k[0] >= 3 else (0,)  # only tricon, sequence, flush; the rest all equal

    return key


def hoyle_key(ace_low: bool) -> Callable[[Hand], OracleKey]:
    classic = classic_key(ace_low)

    def key(hand: Hand) -> OracleKey:
        k = classic(hand)
        if k[0] == 3:  # flush: "compared by point total, then by ranks"
            return (3, sum(value_of(c) for c in hand), *ranks_high_to_low(hand))
        return k  # pair: pair rank then odd card; point: total then highest differing rank

    return key


# ---- Trentuno, RULES.md §4 -------------------------------------------------------------------


def trentuno_key(suited: bool) -> Callable[[Hand], OracleKey]:
    def key(hand: Hand) -> OracleKey:
        # Values as fractions of a point, doubled so that 30½ is the integer 61.
        if is_tricon(hand):
            return (1, 61)
        if suited:
            per_suit: dict[object, int] = {}
            for c in hand:
                per_suit[c.suit] = per_suit.get(c.suit, 0) + value_of(c)
            return (1, 2 * max(per_suit.values()))
        total = sum(value_of(c) for c in hand)
        if total > 31:
            return (0, -total)  # over 31: below every hand not over; nearer 31 is better
        return (1, 2 * total)

    return key


# ---- the check ---------------------------------------------------------------------------------


def with_quads(key3: Callable[[Hand], OracleKey]) -> Callable[[Hand], OracleKey]:
    def key(hand: Hand) -> OracleKey:
        if len(hand) == 4:
            return (1, int(hand[0].rank))  # a quad beats every three-card hand; by rank
        return (0, key3(hand))

    return key


def all_hands(rules: Rules) -> list[Hand]:
    deck = DECK_40 if rules.deck_size == 40 else DECK_52
    hands: list[Hand] = list(itertools.combinations(deck, 3))
    if rules.pounce:
        ranks = sorted({c.rank for c in deck})
        hands += [tuple(c for c in deck if c.rank is r) for r in ranks]
    return hands


def assert_library_order_is_oracle_order(rules: Rules, oracle: Callable[[Hand], OracleKey]) -> None:
    hands = all_hands(rules)
    hands.sort(key=oracle)
    previous_strength = -1
    groups = 0
    for key, grouped in itertools.groupby(hands, key=oracle):
        group = list(grouped)
        strengths = {evaluate(hand, rules).strength for hand in group}
        assert len(strengths) == 1, f"hands tied by the rules (oracle key {key}) got strengths {sorted(strengths)}"
        (strength,) = strengths
        assert strength > previous_strength, f"hands with oracle key {key}, e.g. {group[0]}, should rank higher"
        previous_strength = strength
        groups += 1
    # dense: the strengths are exactly 0 .. groups - 1
    assert previous_strength == groups - 1


CONFIGS: Sequence[tuple[str, Rules, Callable[[Hand], OracleKey]]] = [
    ("foster", FOSTER, foster_key(True)),
    ("foster-no-ace-low", FOSTER.replace(ace_low=False), foster_key(False)),
    ("classic", CRP, classic_key(False)),
    ("classic-ace-low", CRP.replace(ace_low=True), classic_key(True)),
    ("extended", EXTENDED, extended_key(False)),
    ("extended-ace-low", EXTENDED.replace(ace_low=True), extended_key(True)),
    ("trentuno-suited-40", TRENTUNO, trentuno_key(True)),
    ("trentuno-unsuited-40", TRENTUNO.replace(trentuno_suited=False), trentuno_key(False)),
    ("trentuno-suited-52", TRENTUNO.replace(deck_size=52), trentuno_key(True)),
    ("trentuno-unsuited-52", TRENTUNO.replace(deck_size=52, trentuno_suited=False), trentuno_key(False)),
    ("hoyle", HOYLE, hoyle_key(True)),
    ("hoyle-no-ace-low", HOYLE.replace(ace_low=False), hoyle_key(False)),
    ("pounce-classic-quads", POUNCE, with_quads(classic_key(False))),
    ("pounce-extended-quads", EXTENDED.replace(pounce=True), with_quads(extended_key(False))),
    ("pounce-trentuno-quads-40", TRENTUNO.replace(pounce=True), with_quads(trentuno_key(True))),
]


@pytest.mark.parametrize(("rules", "oracle"), [(r, o) for _, r, o in CONFIGS], ids=[n for n, _, _ in CONFIGS])
def test_every_pair_of_hands_is_ordered_as_the_rules_say(rules: Rules, oracle: Callable[[Hand], OracleKey]) -> None:
    assert_library_order_is_oracle_order(rules, oracle)


def category_census(rules: Rules) -> dict[Category, int]:
    deck = DECK_40 if rules.deck_size == 40 else DECK_52
    counts = Counter(evaluate(hand, rules).category for hand in itertools.combinations(deck, 3))
    return dict(counts)


def test_widow_and_lives_category_counts() -> None:
    assert category_census(CRP) == {
        Category.TRICON: 52,
        Category.SEQUENCE: 44,
        Category.FLUSH: 1_100,
        Category.PAIR: 3_744,
        Category.POINT: 17_160,
    }


def test_widow_and_lives_ace_low_category_counts() -> None:
    counts = category_census(CRP.replace(ace_low=True))
    assert counts[Category.SEQUENCE] == 48
    assert counts[Category.FLUSH] == 1_096
    assert counts[Category.TRICON] == 52 and counts[Category.PAIR] == 3_744 and counts[Category.POINT] == 17_160


def test_foster_category_counts() -> None:
    counts = category_census(FOSTER)
    assert counts == {Category.TRICON: 52, Category.SEQUENCE: 48, Category.POINT: 1_096 + 12_168, Category.NOTHING: 8_736}
    three_card_points = sum(
        1
        for hand in itertools.combinations(DECK_52, 3)
        if evaluate(hand, FOSTER).category is Category.POINT and len({c.suit for c in hand}) == 1
    )
    assert three_card_points == 1_096


def test_trentuno_uses_only_point_and_tricon() -> None:
    assert category_census(TRENTUNO) == {Category.TRICON: 40, Category.POINT: 9_880 - 40}


def test_extended_category_counts() -> None:
    assert category_census(EXTENDED) == {
        Category.TRICON: 52,
        Category.SEQUENCE: 44,
        Category.FLUSH: 1_100,
        Category.NOTHING: 22_100 - 52 - 44 - 1_100,
    }
