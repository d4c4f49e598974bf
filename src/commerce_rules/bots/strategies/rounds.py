"""Hoyle's rounds (``HOYLE``): the blind exchange, rounds with a growing widow, two knocks.

Hoyle's game has no strategy of its own yet: the bot plays its rounds with
the widow rules (:func:`~commerce_rules.bots.strategies.widow.widow_play`)
and declines the blind exchange. The search bot does not roll Hoyle's
deals out: it plays the greedy choice.

What an observer learns: exchanges are public, as with the widow; a card
the dealer gave in the blind exchange, or the stock's card that grows the
widow, lies face up in the widow, in nobody's hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...actions import Action, Pass
from ...cards import Card
from ...rules import Rules
from ...state import Event, EventKind, Phase
from ..model import HandModel
from ..strategy import EventRule, KnownCards, Situation
from .widow import exchange_key, exchange_seen, widow_play

__all__ = ["HoyleRounds"]


def _to_the_widow(known: KnownCards, event: Event) -> None:
    for card in event.cards:
        known.unpin(card)


class HoyleRounds:
    """The greedy strategy of :class:`~commerce_rules.mechanisms.rounds.Rounds` (see the module docstring)."""

    rollouts = False
    learns: Mapping[EventKind, EventRule] = {
        EventKind.EXCHANGE: exchange_seen,
        EventKind.BLIND_EXCHANGE: _to_the_widow,
        EventKind.WIDOW_GROWS: _to_the_widow,
    }

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        if phase is Phase.PLAY and len(hand) in (3, 4):
            return widow_play(rules, seat, hand, active, turns, legal)
        if phase is Phase.BLIND_EXCHANGE:  # no blind exchange (a rough rule)
            return Pass(seat) if Pass(seat) in legal else legal[0]
        return legal[0]  # pragma: no cover - the rounds own no other phase

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        return exchange_key(action, model, hand_bits)
