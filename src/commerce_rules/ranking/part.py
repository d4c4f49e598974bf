"""What a ranking declares: :class:`RankingPart`, the one record the shared code reads of it.

A ranking is one module (``foster.py``, ``classic.py``...) that builds a
``PART`` and one line in :mod:`.registry`. Its part says everything the
shared code needs: the grader that orders its hands (the table, so
:func:`~commerce_rules.evaluate` and the showdown), its categories best
first with their words (``cli rank``, the reasons, the odds page), why one
of its hands beats another (:func:`~commerce_rules.text.narrate.compare_values`)
and what the odds page adds for it. Nothing shared asks which ranking it is.

Categories are labels, as pokerkit's ``Label`` and ``Entry``: a
:class:`~commerce_rules.Category` member names a kind of hand, and the
*order* of the kinds is the ranking's own, the head of its grade keys
(:meth:`Labels.graded`), never the enum's integer. So a ranking may put its
labels in any order, and word them its own way (Brag's ``TRICON`` is a
"prial").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..core.cards import Card
from ..core.rules import Rules
from .value import Category, HandValue

__all__ = [
    "Breakdown", "Criteria", "Criterion", "Graded", "Grader", "Hand3", "Label", "Labels", "OddsSection", "RankingPart",
    "Reason", "ValueCounts",
]

Hand3 = tuple[Card, Card, Card]
"""A three-card hand."""


class Graded(NamedTuple):
    """What a ranking module says about one three-card hand.

    ``key`` orders the hands of one ranking (higher is better, equal keys are
    exact ties); the table turns the keys into dense strengths.
    """

    key: tuple[int, ...]
    category: Category
    cards: tuple[Card, ...]
    description: str


Grader = Callable[[Hand3], Graded]
"""A ranking's function from a three-card hand to its :class:`Graded` form."""


class Criterion(NamedTuple):
    """One step of a ranking's order within a category, as :func:`~commerce_rules.ranking.compare.compare_values` words it."""

    label: str
    """What is higher: ``"higher pair"``, ``"more cards in the point"``..."""
    key: int
    """The comparable key: the higher key is the better hand."""
    text: str
    """The key as the reason writes it: ``"K"``, ``"21"``..."""


Criteria = Callable[[HandValue], Sequence[Criterion]]
"""A ranking's criteria: the steps that order two hands of one category, first step first."""

Reason = Callable[[HandValue, HandValue], str]
"""Why ``better`` beats ``worse``, two unequal values of one ranking, in words."""

Breakdown = Callable[[Sequence[HandValue]], list[tuple[str, int]]]
"""Rows the odds page adds under a category: each a label and a count, from the category's dealt hands."""

ValueCounts = Callable[[Sequence[HandValue]], list[tuple[str, int]]]
"""For a ranking whose hands are values (a count to 31): how many dealt hands have each value, best first."""


class OddsSection(NamedTuple):
    """One section of the odds page: a configuration of the ranking, and how to get it."""

    title: str
    how: str
    """The rules in code: ```CRP.replace(ace_low=True)```."""
    rules: Rules


class Label(NamedTuple):
    """One category of a ranking and its words."""

    category: Category
    word: str
    """The category as this ranking names it: ``"tricon"``, Brag's ``"prial"``; ``rank`` and the reasons say it."""
    note: str = ""
    """What the odds page adds in brackets: ``"2 or 3 cards of a suit"``."""
    breakdown: Breakdown | None = None
    """Rows the odds page adds under this category, if any."""

    @property
    def title(self) -> str:
        """The odds page's name for the category: its word, and its note in brackets."""
        return f"{self.word} ({self.note})" if self.note else self.word


class Labels:
    """A ranking's categories, best first: their words, and their order as the head of the grade keys."""

    __slots__ = ("labels", "_position", "_words")

    def __init__(self, *labels: Label) -> None:
        self.labels = labels
        """Best first."""
        self._position = {label.category: len(labels) - i for i, label in enumerate(labels)}
        self._words = {label.category: label.word for label in labels}

    def graded(self, category: Category, order: Sequence[int], cards: tuple[Card, ...], description: str) -> Graded:
        """A hand of ``category``, ordered within it by ``order``: its key leads with the category's place."""
        return Graded((self._position[category], *order), category, cards, description)

    def word(self, category: Category) -> str:
        """The ranking's word for ``category`` (the enum's own, ``"quad"``, for one it does not declare)."""
        return self._words.get(category) or str(category)

    def categories(self) -> tuple[Category, ...]:
        """The categories, best first."""
        return tuple(label.category for label in self.labels)

    def place(self, category: Category) -> int:
        """Where ``category`` stands in this ranking, higher is better: the head of its grade keys.

        The pounce's ``QUAD``, which no ranking lists, stands above them all.
        Sort or compare categories by this, never by the enum's integers (in
        Brag a run, the enum's last but one, beats a flush).
        """
        return self._position.get(category, len(self.labels) + 1)

    def at_least(self, category: Category, *thresholds: Category) -> bool:
        """Whether ``category`` stands at or above the first of ``thresholds`` this ranking lists (``False`` if none).

        The bots' "a flush or better" is ``at_least(category, FLUSH,
        SEQUENCE, TRICON)``: a run counts in Brag, and in Foster's ranking,
        which has no flush, a sequence or a tricon.
        """
        for threshold in thresholds:
            if threshold in self._position:
                return self.place(category) >= self._position[threshold]
        return False

    def __iter__(self) -> Iterator[Label]:
        """The labels, best first."""
        return iter(self.labels)


class RankingPart(NamedTuple):
    """Everything the shared code knows of one ranking (see the module's docstring)."""

    labels: Labels
    """Its categories, best first, with their words (``QUAD``, the pounce's, is every ranking's and not listed)."""
    options: tuple[str, ...]
    """The ``Rules`` options that change how its hands compare: one table per combination of their values."""
    grader: Callable[..., Grader]
    """Its grader, given those options by name: ``grader(ace_low=True)``."""
    reason: Reason
    """Why one of its hands beats another, in words."""
    value_counts: ValueCounts | None = None
    """For the odds page's table "by value", where a ranking has one."""
    odds: tuple[OddsSection, ...] = ()
    """Its sections of the odds page (``docs/rankings/odds.md``)."""
