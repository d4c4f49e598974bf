"""The pool (``HOYLE``): the horse question after a showdown.

The first player out is asked whether to buy the horse; the bot buys back
in. The question comes between deals, so the search bot has no deal to roll
out: it plays the greedy choice.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.actions import Action, BuyHorse
from ...core.state import EventKind
from ..model import HandModel
from ..strategy import FIRST, EventRule, Situation

__all__ = ["HorseQuestion"]


class HorseQuestion:
    """The greedy strategy of :class:`~commerce_rules.scoring.pool.Pool`: buy the horse."""

    rollouts = False
    learns: Mapping[EventKind, EventRule] = {}

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        return BuyHorse(seat) if BuyHorse(seat) in legal else legal[0]

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        return FIRST
