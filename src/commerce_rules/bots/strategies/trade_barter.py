"""Trade and barter (Foster's game without widow): buy, barter, knock.

Knock with a sequence or better, or when the hand would win against the
table with probability at least :data:`KNOCK_WIN_PROBABILITY` (the dealer,
who buys for nothing and wins ties, waits for
:data:`DEALER_KNOCK_WIN_PROBABILITY`). Otherwise give the card whose two
companions make the best hand with a random card. The dealer gives it by
buying, which costs the dealer nothing (seed 000 stresses that the dealer
pays nobody); another player buys only when the expected gain is worth
:data:`BUY_MARGIN` times the point it costs, and otherwise barters, which
is free. Answer a barter with the least useful card, or refuse it by
knocking when the hand is strong enough to knock.

What an observer learns: a card it gave when buying is in the discard for
good; a card it gave in a barter is in that neighbour's hand (until the
neighbour buys or barters again).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...core.actions import Action, Barter, BarterReply, Buy, Knock
from ...mechanisms.trade_barter.record import BUY_PRICE
from ...ranking import Category, hand_strength_table
from ...ranking.registry import ranking_part
from ...core.state import Event, EventKind, Phase
from ..model import HandModel, best_give, bits_of, hand_model
from ..strategy import FIRST, GUARD_TURNS_PER_PLAYER, EventRule, KnownCards, Situation

__all__ = ["BUY_MARGIN", "DEALER_KNOCK_WIN_PROBABILITY", "KNOCK_WIN_PROBABILITY", "SEQUENCE_OR_BETTER", "TradeAndBarter"]

KNOCK_WIN_PROBABILITY: Final = 0.35
"""Trade and barter: knock when the hand beats the table with at least this probability."""
DEALER_KNOCK_WIN_PROBABILITY: Final = 0.5
"""The same for the dealer, whose buys are free and who wins exact ties."""
SEQUENCE_OR_BETTER: Final = (Category.SEQUENCE, Category.TRICON)
"""Trade and barter: knock with a hand of a category at least as good as the first of these its ranking has (in Brag a running flush)."""
BUY_MARGIN: Final = 2.0
"""Trade and barter: a non-dealer buys only if the expected gain is worth this many times the price.

The gain is the rise in the chance to win the pot times what a win brings
(the pot and the dealer's point). At a margin of 1 (break-even) the bot
bought often and lost points to the dealer; bartering, which is free, did
better in measured play, so a buy must promise twice its price.
"""


def _bought(known: KnownCards, event: Event) -> None:
    seat = event.player
    if seat == known.me and event.cards:
        known.discard.append(event.cards[0])
    elif seat != known.me:
        known.pinned[seat].clear()  # it gave one of its cards, maybe a known one


def _bartered(known: KnownCards, event: Event) -> None:
    seat, target, me, pinned = event.player, event.target, known.me, known.pinned
    if event.cards:  # the observer was a party: it saw both cards
        offered, returned = event.cards
        if seat == me and target is not None:
            known.unpin(returned)
            pinned[target].append(offered)
        elif target == me:
            known.unpin(offered)
            pinned[seat].append(returned)
    else:
        pinned[seat].clear()
        if target is not None and target != me:
            pinned[target].clear()


class TradeAndBarter:
    """The greedy strategy of :class:`~commerce_rules.mechanisms.trade_barter.mechanism.TradeBarter` (see the module docstring)."""

    rollouts = True
    learns: Mapping[EventKind, EventRule] = {EventKind.BUY: _bought, EventKind.BARTER: _bartered}

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        model = hand_model(rules, max(1, active - 1))
        bits = bits_of(hand)
        now = model.utility[bits]
        is_dealer = seat == dealer
        strong = (
            ranking_part(rules).labels.at_least(hand_strength_table(rules)[bits].category, *SEQUENCE_OR_BETTER)
            or now >= (DEALER_KNOCK_WIN_PROBABILITY if is_dealer else KNOCK_WIN_PROBABILITY)
            or turns >= GUARD_TURNS_PER_PLAYER * active
        )
        if strong:
            return Knock(seat)
        give, after = best_give(model, hand)
        if phase is Phase.BARTER_REPLY:
            return BarterReply(seat, give)
        buy = Buy(seat, give)
        if buy in legal and (is_dealer or (after - now) * (pot + 1) >= BUY_MARGIN * BUY_PRICE):
            return buy
        return Barter(seat, give)

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        """Buys, barters and answers by the two cards they keep; knock first."""
        if isinstance(action, (Buy, Barter, BarterReply)):
            return (-1, model.draw[hand_bits & ~action.card.bit])
        return FIRST
