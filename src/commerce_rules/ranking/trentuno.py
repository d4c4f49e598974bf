"""Trentuno's ranking: counting to 31 (Rules §4).

* **Suited** (the default, ``trentuno_suited=True``): a hand is worth the
  total of card point values of its cards of one suit, the best suit
  counting; a lone card counts its own value. 31 is the highest.
* **Unsuited** (``trentuno_suited=False``): the total of all three cards,
  nearest 31 without going over. Resolution (Rules §4): a hand over 31
  ranks below every hand that is not over. Resolution (this library): among
  hands over 31 the lower total is the better (nearer 31); on both decks the
  only such total is 32 (two aces and a ten-counter), so they are all equal.
* A **tricon** counts 30½: above 30, below 31; all tricons are equal.
* With ``feuer`` (Schwimmen, Rules §7.2), three aces ("Feuer") rank above
  31 **[resolution: the sources value three aces at 32, at 31, as an instant
  win, or as a plain tricon]**.
* On every deck (52, 40 or 32 cards) 10 J Q K count 10 and the ace 11.
* With ``pounce``, a quad beats everything, by rank.

Equal values are ties. The categories are ``TRICON`` for a tricon and
``POINT`` for every other three-card hand; ``str(value)`` is the count.

>>> from commerce_rules import evaluate, TRENTUNO
>>> str(evaluate("A♠ K♠ Q♠", TRENTUNO)), str(evaluate("7♠ 7♥ 7♦", TRENTUNO))
('31', '30½ (tricon of 7s)')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Rank
from ..core.rules import SCHWIMMEN, TRENTUNO
from ._common import by_rank_desc, by_suit, is_tricon, points, rank_plural, suit_groups
from .part import Graded, Grader, Hand3, Label, Labels, OddsSection, RankingPart
from .value import Category, HandValue

__all__ = ["LABELS", "PART", "grader", "reason", "value_counts"]

LABELS = Labels(Label(Category.TRICON, "tricon"), Label(Category.POINT, "point"))
"""As the odds page lists them. They do not order the hands (a 31 beats a tricon, a tricon beats 30): the counts do."""

_TRICON_KEY = (1, 61)
"""Twice 30½: keys count in half points, so a tricon sits between 30 (60) and 31 (62)."""
_FEUER_KEY = (1, 64)
"""Above 31 (62): three aces with ``feuer``."""


def grader(trentuno_suited: bool, feuer: bool = False) -> Grader:
    """The Trentuno grader: best suit (``trentuno_suited``) or all three cards, nearest 31; Feuer above 31 (``feuer``)."""

    def grade(hand: Hand3) -> Graded:
        if is_tricon(hand):
            if feuer and hand[0].rank is Rank.ACE:
                return Graded(_FEUER_KEY, Category.TRICON, by_suit(hand), "Feuer (three aces)")
            return Graded(_TRICON_KEY, Category.TRICON, by_suit(hand), f"30½ (tricon of {rank_plural(hand[0].rank)})")
        if trentuno_suited:
            groups = suit_groups(hand)
            best = max(groups, key=points)
            total = points(best)
            rest = by_rank_desc([c for c in hand if c not in best])
            return Graded((1, 2 * total), Category.POINT, best + rest, str(total))
        cards = by_rank_desc(hand)
        total = points(cards)
        if total > 31:
            return Graded((0, -total), Category.POINT, cards, f"{total} (over 31)")
        return Graded((1, 2 * total), Category.POINT, cards, str(total))

    return grade


def reason(better: HandValue, worse: HandValue) -> str:
    """Why one Trentuno hand beats another: the counts, as they are.

    Trentuno has no criteria by category: a 31 (a point) beats a tricon
    (30½), so the reason compares the two values' own words:
    ``"31 beats 30½ (tricon of 7s)"``.
    """
    return f"{better} beats {worse}"


def value_counts(values: Sequence[HandValue]) -> list[tuple[str, int]]:
    """How many of ``values`` have each value, best first: ``"31"``, ``"30½"`` (every tricon), ..., ``"Feuer"`` on top."""
    by_strength: dict[int, tuple[str, int]] = {}
    for value in values:
        label = str(value) if value.category is not Category.TRICON else "Feuer" if str(value).startswith("Feuer") else "30½"
        old = by_strength.get(value.strength, (label, 0))
        by_strength[value.strength] = (label, old[1] + 1)
    return [by_strength[s] for s in sorted(by_strength, reverse=True)]


ODDS = (
    OddsSection("Trentuno, suited, 40 cards", "`TRENTUNO`", TRENTUNO),
    OddsSection("Trentuno, unsuited, 40 cards", "`TRENTUNO.replace(trentuno_suited=False)`", TRENTUNO.replace(trentuno_suited=False)),
    OddsSection("Schwimmen, 32 cards, Feuer", "`SCHWIMMEN` (Trentuno counting, three aces above 31)", SCHWIMMEN),
)
"""The odds page's sections."""

PART = RankingPart(LABELS, ("trentuno_suited", "feuer"), grader, reason, value_counts, ODDS)
