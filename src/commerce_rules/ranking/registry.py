"""The registry of rankings: the one place that names every ranking.

A ranking is one module that builds its :class:`~.part.RankingPart` and one
line here (see ``docs/design.md``, "Adding a ranking"). The table, the
reasons, the odds page and ``cli rank`` ask :func:`ranking_part` and never
ask which ranking it is.
"""

from __future__ import annotations

from typing import Final

from ..core.rules import Ranking, Rules
from . import brag
from . import classic
from . import extended
from . import foster
from . import hoyle
from . import trentuno
from .part import RankingPart

__all__ = ["RANKINGS", "ranking_part"]

RANKINGS: Final[dict[Ranking, RankingPart]] = {
    Ranking.FOSTER: foster.PART,
    Ranking.CLASSIC: classic.PART,
    Ranking.EXTENDED: extended.PART,
    Ranking.TRENTUNO: trentuno.PART,
    Ranking.HOYLE: hoyle.PART,
    Ranking.BRAG: brag.PART,
}
"""Every ranking, by the name ``Rules.ranking`` gives it."""


def ranking_part(rules: Rules) -> RankingPart:
    """The ranking that ``rules`` names."""
    return RANKINGS[rules.ranking]
