"""Every seed deals the cards it dealt when these decks were recorded: a game saved with its seed replays.

The decks of 3,000 small seeds and a few large ones, deals 1, 2, 7 and
1,000, for each deck size, were recorded as one SHA-256 per deck size
(each deck written as its cards' indices, top card first). The library's
shuffle must give them, and so must the plain Fisher-Yates loop of 0.1.0
written below: whatever the library's shuffle is made of, it is that loop.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

import pytest

from commerce_rules import FOSTER, THIRTY_ONE, TRENTUNO, Card, Rules, parse_cards
from commerce_rules.engine.deal import deck_for, shuffled_deck

SEEDS = [*range(3000), *(2**k + 12345 for k in range(30, 128, 7)), 2**128 - 1]
DEALS = (1, 2, 7, 1000)
RECORDED = {
    52: "37e0ff72a5797235694e9f5702cea31ae5921981f84220e74d23d4a2de338aa2",
    40: "eb92264a41cd61cd5e54745746cf3d0e2743a3fb5170ec28882691158b5449a4",
    32: "695b183042649166ce895e589788a3d008d2003875a679a089482afaa639f89e",
}
"""The SHA-256 of every deck of ``SEEDS`` x ``DEALS``, by deck size, as recorded."""
DECK_SIZES = pytest.mark.parametrize("rules", [FOSTER, TRENTUNO, THIRTY_ONE.replace(deck_size=32)], ids=["52", "40", "32"])

Shuffle = Callable[[Rules, int, int], list[Card]]


def plain_shuffle(rules: Rules, seed: int, deal_number: int) -> list[Card]:
    """SHAKE-256 of ``"commerce-rules:<seed>:<deal>"``, then the Fisher-Yates loop, each 64-bit draw ``word``
    picking position ``(word * bound) >> 64`` below ``bound``."""
    cards = list(deck_for(rules))
    top = len(cards) - 1
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * top)
    for step in range(top):
        word = int.from_bytes(digest[8 * step : 8 * step + 8], "big")
        other = (word * (top + 1)) >> 64
        cards[top], cards[other] = cards[other], cards[top]
        top -= 1
    return cards


def fingerprint(shuffle: Shuffle, rules: Rules, seeds: Iterable[int]) -> str:
    """The SHA-256 of the decks ``shuffle`` deals for ``seeds`` x :data:`DEALS`, each as its cards' indices."""
    digest = hashlib.sha256()
    for seed in seeds:
        for deal_number in DEALS:
            digest.update(bytes(card.index for card in shuffle(rules, seed, deal_number)))
    return digest.hexdigest()


@DECK_SIZES
def test_the_library_deals_the_recorded_decks(rules: Rules) -> None:
    assert fingerprint(shuffled_deck, rules, SEEDS) == RECORDED[rules.deck_size]


@DECK_SIZES
def test_the_plain_fisher_yates_loop_deals_the_recorded_decks(rules: Rules) -> None:
    assert fingerprint(plain_shuffle, rules, SEEDS) == RECORDED[rules.deck_size]


def _needs_a_whole_draw(rules: Rules, seed: int, deal_number: int) -> bool:
    """Whether some draw of this shuffle picks a position its top 16 bits do not decide."""
    top = len(deck_for(rules)) - 1
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * top)
    for step in range(top):
        bound = top + 1 - step
        head = int.from_bytes(digest[8 * step : 8 * step + 2], "big")
        if (head * bound) >> 16 != ((head + 1) * bound - 1) >> 16:
            return True
    return False


@DECK_SIZES
def test_the_recorded_decks_hold_draws_that_need_all_their_64_bits(rules: Rules) -> None:
    # A shortcut that read only a draw's first bytes would go wrong on these: the decks recorded hold many of them.
    assert sum(_needs_a_whole_draw(rules, seed, deal_number) for seed in SEEDS for deal_number in DEALS) >= 50


def test_the_first_decks_read_as_recorded() -> None:
    first = [
        "6♦ A♦ 2♠ 3♠ 9♦ A♥ J♣ K♠ 8♠ 3♣ J♠ 6♥ 4♥ 7♦ 2♦ 5♠ 8♣ 10♦ 10♥ 7♠ 6♣ 9♣ 4♦ K♦ 3♦ Q♣ J♦ 8♦ 10♠ 9♠ 9♥ 10♣ J♥ "
        "6♠ 5♣ A♠ K♣ 7♣ Q♥ 5♦ 7♥ 3♥ A♣ K♥ 5♥ Q♠ 8♥ 4♠ 4♣ 2♥ 2♣ Q♦",
        "J♠ 8♥ J♦ 3♣ Q♣ 4♦ 9♦ 10♣ 10♦ 3♠ 3♦ 10♥ J♥ 6♥ 3♥ A♣ 5♣ 4♥ K♣ K♥ 2♠ 9♠ 7♠ 4♣ 6♣ 2♦ 7♣ A♥ K♠ 7♦ 6♠ 8♠ 5♦ "
        "2♥ J♣ A♦ Q♦ 9♣ 2♣ 5♥ 7♥ 10♠ 4♠ 8♣ 9♥ 6♦ Q♥ K♦ A♠ Q♠ 5♠ 8♦",
        "6♠ 4♥ 8♣ Q♦ 2♦ 6♦ 7♣ K♠ A♣ 3♥ J♦ J♣ K♦ 10♦ 2♣ 10♠ 8♦ 2♠ 7♥ A♦ 3♦ 5♣ 5♥ A♠ 8♠ Q♣ 5♠ A♥ 6♣ J♥ 10♥ J♠ Q♥ "
        "9♣ 5♦ 4♦ 2♥ 9♠ Q♠ 9♥ 3♠ 8♥ 7♠ 4♠ 7♦ 9♦ K♣ 6♥ K♥ 10♣ 3♣ 4♣",
    ]
    for seed, deck in enumerate(first):
        assert shuffled_deck(FOSTER, seed, 1) == list(parse_cards(deck))
