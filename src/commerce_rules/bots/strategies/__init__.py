"""The bots' registry: one greedy strategy per part that owns phases, keyed by the part's class.

This is the one place in the bots that names parts. :func:`strategy_for`
finds the part that owns an observation's phase (``variant_of(rules).owners``)
and gives its strategy; a part without one is played by
:class:`~commerce_rules.bots.strategy.DefaultStrategy`. :func:`event_rules`
merges what the strategies of a variant's parts learn from events.

Adding a mechanism (or a scoring that asks a question) means adding its
strategy module here -- a class with the methods of
:class:`~commerce_rules.bots.strategy.GreedyStrategy` -- and one line in
:data:`STRATEGIES`.
"""

from __future__ import annotations

from typing import Final

from ...mechanisms.draw_discard.mechanism import DrawDiscard
from ...mechanisms.rounds.mechanism import Rounds
from ...mechanisms.trade_barter.mechanism import TradeBarter
from ...mechanisms.widow.mechanism import Widow
from ...core.rules import Rules
from ...scoring.pool import Pool
from ...core.state import EventKind, Phase
from ...engine.variant import variant_of
from ..strategy import DefaultStrategy, EventRule, GreedyStrategy
from .draw_discard import DrawAndDiscard
from .pool import HorseQuestion
from .rounds import HoyleRounds
from .trade_barter import TradeAndBarter
from .widow import WidowStrategy

__all__ = ["DEFAULT", "STRATEGIES", "event_rules", "strategy_for"]

STRATEGIES: Final[dict[type, GreedyStrategy]] = {
    TradeBarter: TradeAndBarter(),
    Widow: WidowStrategy(),
    Rounds: HoyleRounds(),
    Pool: HorseQuestion(),
    DrawDiscard: DrawAndDiscard(),
}
"""Each part's strategy, by the part's class (``type(variant_of(rules).owners[phase])``)."""

DEFAULT: Final[GreedyStrategy] = DefaultStrategy()
"""The strategy of a part that has none in :data:`STRATEGIES`."""


def strategy_for(rules: Rules, phase: Phase) -> GreedyStrategy:
    """The strategy of the part that owns ``phase`` under ``rules`` (:data:`DEFAULT` if it has none)."""
    owner = variant_of(rules).owners.get(phase)
    if owner is None:
        return DEFAULT
    return STRATEGIES.get(type(owner), DEFAULT)


def event_rules(rules: Rules) -> dict[EventKind, EventRule]:
    """What an observer learns from each kind of event under ``rules``: the rules of its parts' strategies.

    Two parts that learn from the same kind of event must learn the same thing.
    """
    variant = variant_of(rules)
    merged: dict[EventKind, EventRule] = {}
    for part in (variant.mechanism, variant.scoring):
        for kind, rule in STRATEGIES.get(type(part), DEFAULT).learns.items():
            if merged.setdefault(kind, rule) is not rule:  # pragma: no cover - a registry mistake
                raise AssertionError(f"two strategies read {kind.value} events differently")
    return merged
