"""The face-up widow (CRP, Pounce, Trentuno, Extended): exchange, pass, knock, pounce.

Always pounce. Knock with a flush or better, as seeds 002 and 004
advise, or with a hand that beats :data:`WIDOW_KNOCK_SHARE` of all hands
(the seeds' "clearly above a point of ~25" was too loose in measured
play; the share makes one rule serve every ranking) -- unless an
exchange would improve the hand markedly (:data:`KNOCK_UPGRADE`), which
comes first.
Otherwise take the exchange that gives the best hand now (ties broken by
the best two-card draw kept), and pass when no exchange improves the
hand -- or, where every turn must exchange (``must_exchange``), take the
exchange that loses least. Trentuno needs nothing special:
:func:`~commerce_rules.evaluate` counts to 31.

The bot never exchanges to a hand that is not strictly better than the one
it holds (better value, or equal value and a better draw), so a table of
greedy bots cannot exchange back and forth for ever; a deal also ends when
every player passes (the stall rule). Where every turn must exchange there
is no stall: the bot knocks once the deal has run
:data:`~commerce_rules.bots.strategy.GUARD_TURNS_PER_PLAYER` turns per player.

Schwimmen's options: the dealer keeps a hand that beats at least
:data:`KEEP_SHARE` of all hands and otherwise takes the unseen extra hand
(a random hand: on average it beats half of them); exchanging all is
weighed like any exchange, by the hand it makes (the widow itself).

What an observer learns: every exchange is public, so each card a player
took from the widow is known to be in that player's hand until it comes
back (all three after an exchange of the whole hand); a pounce shows the
pouncer's four cards; a dead widow lies in the discard pile.

:func:`widow_play`, :func:`exchange_key` and :func:`exchange_seen` serve
every mechanism that exchanges with a face-up widow (Hoyle's rounds too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...core.actions import Action, Exchange, ExchangeAll, Knock, Pass, Pounce
from ...core.cards import Card
from ...core.deck import deck_for
from ...ranking import Category
from ...ranking.registry import ranking_part
from ...core.rules import Rules
from ...core.state import Event, EventKind, Phase
from ..model import HandModel, bits_of, draw_bits, draw_of, hand_model
from ..strategy import FIRST, GUARD_TURNS_PER_PLAYER, EventRule, KnownCards, Situation

__all__ = ["FLUSH_OR_BETTER", "KEEP_SHARE", "KNOCK_UPGRADE", "WIDOW_KNOCK_SHARE", "WidowStrategy", "exchange_key", "exchange_seen", "widow_play"]

WIDOW_KNOCK_SHARE: Final = 0.9
"""Widow: knock with a hand that beats at least this share of all three-card hands (or a flush or better).

Seeds 002 and 004 advise knocking with a hand "clearly above a point of ~25,
or a flush or better". A classic point of 26 beats about 63% of all hands;
measured against greedy opponents, waiting for a hand that beats 90% of them
(under the classic ranking a pair of queens; in Trentuno about 20) keeps
more lives, and that is the bot's rule (see the "Writing a bot" guide).
"""
KNOCK_UPGRADE: Final = 0.25
"""Widow: rather than knock, first exchange when that closes this part of the gap to the best hand.

The gap is the share of hands the current hand does not beat. A pair of
queens knocks rather than trade up to a pair of kings; a pair trades up to
a flush first, and in Trentuno 21 trades up to 31 before knocking.
"""


KEEP_SHARE: Final = 0.5
"""Schwimmen's dealer keeps a hand that beats this share of all hands, else takes the unseen extra hand."""

FLUSH_OR_BETTER: Final = (Category.FLUSH, Category.SEQUENCE, Category.TRICON)
"""Widow: knock with a hand of a category at least as good as the first of these its ranking has (Foster's: a sequence)."""


def widow_play(
    rules: Rules, seat: int, hand: tuple[Card, ...], active: int, turns: int, legal: tuple[Action, ...],
    widow: tuple[Card, ...] = (),
) -> Action:
    """The greedy turn with a face-up widow: the best exchange, a knock, or a pass (see the module docstring)."""
    can_knock = isinstance(legal[-1], Knock) or any(isinstance(action, Knock) for action in legal)
    if len(hand) == 4:  # a quad beats every three-card hand
        return Knock(seat) if can_knock else Pass(seat)
    model = hand_model(rules, max(1, active - 1))
    strength, draw = model.strength, model.draw
    bits = bits_of(hand)
    best: Exchange | ExchangeAll | None = None
    best_strength = strength[bits]
    best_draw = -1.0  # computed only when a tie on strength asks for it
    best_bits = bits
    for action in legal:
        if type(action) is ExchangeAll and len(widow) == 3:
            new_bits = bits_of(widow)
            if strength[new_bits] > best_strength:  # the whole widow: only for a strictly better hand
                best, best_strength, best_draw, best_bits = action, strength[new_bits], draw_of(model, widow), new_bits
            continue
        if not isinstance(action, Exchange):
            continue
        give, take = action.give, action.take
        kept = bits & ~give.bit
        new_bits = kept | take.bit
        new_strength = strength[new_bits]
        if new_strength < best_strength:
            continue
        if best_draw < 0:  # still the current hand's
            best_draw = draw_of(model, hand)
        new_draw = draw_bits(draw, kept, take.bit)
        if new_strength > best_strength or new_draw > best_draw:
            best, best_strength, best_draw, best_bits = action, new_strength, new_draw, new_bits
    if can_knock:
        category = model.category[bits]  # at least a flush in the ranking's own order: in Brag a run is one
        strong = ranking_part(rules).labels.at_least(category, *FLUSH_OR_BETTER) or model.share[bits] >= WIDOW_KNOCK_SHARE
        share = model.share[bits]
        upgrade = best is not None and model.share[best_bits] - share >= KNOCK_UPGRADE * (1.0 - share)
        if (strong and not upgrade) or turns >= GUARD_TURNS_PER_PLAYER * active:
            return Knock(seat)
    if best is not None:
        return best
    if any(type(action) is Pass for action in legal):
        return Pass(seat)
    return _least_loss(model, bits, legal, widow)  # a turn that must exchange (must_exchange): no pass to keep the hand


def _least_loss(model: HandModel, bits: int, legal: tuple[Action, ...], widow: tuple[Card, ...]) -> Action:
    """The exchange that leaves the best hand, where none improves it and the turn must exchange (the draw breaks ties)."""

    def made(action: Action) -> tuple[int, float]:
        if type(action) is ExchangeAll:
            return (model.strength[bits_of(widow)], draw_of(model, widow))
        if isinstance(action, Exchange):
            return exchange_key(action, model, bits)
        return (-1, -1.0)

    return max(legal, key=made)


def exchange_key(action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
    """Exchanges by the hand they make, then its draw; knock and pass first."""
    if isinstance(action, Exchange):
        kept = hand_bits & ~action.give.bit
        new_bits = kept | action.take.bit
        return (model.strength[new_bits], draw_bits(model.draw, kept, action.take.bit))
    return FIRST


def exchange_seen(known: KnownCards, event: Event) -> None:
    """A public exchange: the card given is in the widow, the card taken in the player's hand."""
    if event.cards:
        given, taken = event.cards
        known.unpin(given)
        if event.player != known.me:
            known.pinned[event.player].append(taken)


def _exchanged_all(known: KnownCards, event: Event) -> None:
    """The whole hand for the whole widow: the three given are in the widow, the three taken in that hand."""
    for card in event.cards[:3]:
        known.unpin(card)
    if event.player != known.me:
        known.pinned[event.player] = list(event.cards[3:])


def _dealer_took(known: KnownCards, event: Event) -> None:
    """The dealer's own hand went face up as the widow: none of it is in a hand."""
    for card in event.cards:
        known.unpin(card)
    if event.player != known.me:
        known.pinned[event.player] = []


def _new_widow(known: KnownCards, event: Event) -> None:
    """The dead widow lies in the discard pile."""
    known.discard.extend(event.cards[:3])


def _pounced(known: KnownCards, event: Event) -> None:
    seat = event.player
    if event.cards and seat != known.me:
        rank = event.cards[0].rank
        known.pinned[seat] = [card for card in deck_for(known.rules) if card.rank is rank]


class WidowStrategy:
    """The greedy strategy of :class:`~commerce_rules.mechanisms.widow.mechanism.Widow` (see the module docstring)."""

    rollouts = True
    learns: Mapping[EventKind, EventRule] = {
        EventKind.EXCHANGE: exchange_seen,
        EventKind.POUNCE: _pounced,
        EventKind.EXCHANGE_ALL: _exchanged_all,
        EventKind.TAKE_EXTRA_HAND: _dealer_took,
        EventKind.NEW_WIDOW: _new_widow,
    }

    def act(self, situation: Situation, legal: tuple[Action, ...]) -> Action:
        rules, seat, phase, hand, widow, dealer, pot, active, turns = situation
        if phase is Phase.POUNCE:
            return Pounce(seat)
        if phase is Phase.DEALER_CHOICE:
            keep = hand_model(rules, max(1, active - 1)).share[bits_of(hand)] >= KEEP_SHARE
            return Pass(seat) if keep else ExchangeAll(seat)
        if phase in (Phase.PLAY, Phase.FINAL_ROUND) and len(hand) in (3, 4):
            return widow_play(rules, seat, hand, active, turns, legal, widow)
        return legal[0]  # pragma: no cover - the widow owns no other phase

    def candidate_key(self, action: Action, model: HandModel, hand_bits: int) -> tuple[int, float]:
        return exchange_key(action, model, hand_bits)
