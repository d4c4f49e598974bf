"""Thirty-One's draw and discard (``THIRTY_ONE``): draw from the stock or the pile, discard, knock.

Take the discard pile's top card at once when it makes 31 (the blitz ends
the deal). Knock with a hand that beats :data:`KNOCK_SHARE` of all hands
(on 52 cards under Trentuno's count, 23 or better), or once the deal has
run long. Otherwise take the discard pile's top card when the best hand it
makes is better than both the hand held and what a card from the stock is
expected to bring (the best two-card draw kept, as the widow strategy
scores it); else draw from the stock. Discard the card whose loss leaves
the best hand (ties broken by the best two-card draw kept), never the card
just taken from the pile (the rules forbid it). A hand of 31 ends the deal
by itself (the blitz), so a discard that makes it needs no claim.

What an observer learns: every discard is public and lies on the pile; a
card taken from the pile is in the taker's hand until discarded again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...core.actions import Action, Knock
from ...core.cards import Card
from ...mechanisms.common import without
from ...mechanisms.draw_discard.mechanism import Discard, Draw
from ...mechanisms.draw_discard.record import thirty_one
from ...core.state import Event, EventKind, Phase
from ..model import HandModel, bits_of, draw_of, hand_model
from ..strategy import FIRST, GUARD_TURNS_PER_PLAYER, EventRule, KnownCards, Situation

__all__ = ["KNOCK_SHARE", "DrawAndDiscard"]

KNOCK_SHARE: Final = 0.97
"""Knock with a hand that beats at least this share of all three-card hands: a count of 23 or better.

Measured at a table of three, one bot knocking at another share against two
at this one, the same games in the three rotations: at 0.955 (22 or better)
it won 34.2%, at 0.98 (25 or better) 33.7% of 600 games, both within the
noise of the third it would win at the same share. Against two bots at
0.98, one at 0.99 (28 or better) won 29.6% and one at 0.97 35.6% of 450 and
750 games. Knocking earlier lets the others catch up in their final turns;
later, the deal runs on into someone's 31.
"""


def _discarded(known: KnownCards, event: Event) -> None:
    if event.cards:
        known.unpin(event.cards[0])


def _taken(known: KnownCards, event: Event) -> None:
    if event.cards and event.player != known.me:
        known.pinned[event.player].append(event.cards[0])


def _best_three(model: HandModel, hand: tuple[Card, ...], allowed: tuple[Card, ...]) -> tuple[Card, tuple[int, float]]:
    """The card of ``allowed`` whose discard from the four-card ``hand`` leaves the best hand, and that hand's key."""
    full = bits_of(hand)
    best_card, best_key = allowed[0], (-1, -1.0)
    for card in allowed:
        kept = full & ~card.bit
        rest = tuple(c for c in hand if c is not card)
        key = (model.strength[kept], draw_of(model, rest))
        if key > best_key:
            best_card, best_key = card, key
    return best_card, best_key


class DrawAndDiscard:
    """The greedy strategy of :class:`~commerce_rules.mechanisms.draw_discard.mechanism.DrawDiscard` (see the module docstring)."""

    rollouts = True
    knock_share: float = KNOCK_SHARE
    """This strategy's knock threshold (:data:`KNOCK_SHARE`; another value for measuring)."""
    learns: Mapping[EventKind, EventRule] = {EventKind.DISCARD: _discarded, EventKind.TAKE_DISCARD: _taken}

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        model = hand_model(rules, max(1, active - 1))
        if phase is Phase.DISCARD:
            allowed = tuple(action.card for action in legal if isinstance(action, Discard))
            card, _ = _best_three(model, hand, allowed)
            return Discard(seat, card)
        bits = bits_of(hand)
        top = widow[-1] if widow else None  # the face-up cards: for this mechanism, the discard pile (latest last)
        take = False
        if top is not None:
            best = max(model.strength[(bits | top.bit) & ~card.bit] for card in hand)
            if rules.blitz and any(thirty_one((*without(hand, card), top), rules) for card in hand):
                return Draw(seat, "discard")  # a 31 for the taking ends the deal at once
            if best > model.strength[bits]:
                kept = max(model.utility[(bits | top.bit) & ~card.bit] for card in hand)
                take = kept >= max(model.utility[bits], draw_of(model, hand))
        knock = self.knock_share
        if Knock(seat) in legal and (model.share[bits] >= knock or turns >= GUARD_TURNS_PER_PLAYER * active):
            return Knock(seat)
        return Draw(seat, "discard") if take else Draw(seat, "stock")

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        return FIRST  # a turn has at most four choices: every one is searched
