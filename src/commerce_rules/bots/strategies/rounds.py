"""Hoyle's rounds (``HOYLE``): the blind exchange, rounds with a growing widow, two knocks.

Hoyle's game has no greedy strategy of its own yet: the bot plays its
rounds with the widow rules (:func:`~commerce_rules.bots.strategies.widow.widow_play`)
and declines the blind exchange. The search bot rolls Hoyle's deals out
as the widow's, and orders the exchanges as the widow does; it orders the
blind exchanges by the hand each makes on average with the dealer's unseen
cards, so that taking the whole widow is weighed too.

What an observer learns: exchanges are public, as with the widow; a card
the dealer gave in the blind exchange, or the stock's card that grows the
widow, lies face up in the widow, in nobody's hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ...core.actions import Action, BlindExchange, Pass
from ...core.cards import Card
from ...core.state import Event, EventKind, Phase
from ..model import HandModel, bits_of
from ..strategy import EventRule, KnownCards, Situation
from .widow import exchange_key, exchange_seen, widow_play

__all__ = ["HoyleRounds", "blind_value"]


def _to_the_widow(known: KnownCards, event: Event) -> None:
    for card in event.cards:
        known.unpin(card)


def blind_value(take: tuple[Card, ...], model: HandModel) -> float:
    """The mean utility of the hand a blind exchange makes: the cards taken, and the dealer's unseen ones."""
    bits = bits_of(take)
    if len(take) == 3:
        return model.utility[bits]
    if len(take) == 2:
        return model.draw[bits]
    pairs = [value for pair, value in model.draw.items() if pair & bits]  # one card: each pair it makes
    return math.fsum(pairs) / len(pairs)


class HoyleRounds:
    """The greedy strategy of :class:`~commerce_rules.mechanisms.rounds.mechanism.Rounds` (see the module docstring)."""

    rollouts = True
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
        if isinstance(action, BlindExchange):
            return (0, blind_value(action.take, model))
        return exchange_key(action, model, hand_bits)
