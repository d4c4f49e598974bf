"""What the greedy strategies know about hands: :class:`HandModel`, and the scoring's job.

A hand is scored by how likely it is to do its *job* at the showdown
against opponents holding random hands. The job comes from the scoring
part (:func:`lowest_loses`): where a showdown costs the lowest hand
something -- a life, a counter: the scoring's ``unit`` -- the job is not to
hold the lowest hand; where nothing is lost (the ledger), it is to win the
pot. A pair of cards is scored by the mean score of the hands a random third
card would make with it. Both scores come from tables built once per
ranking, scoring job and table size, so a decision costs a few dictionary
look-ups.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Sequence
from typing import Final

from ..core.caches import remember
from ..core.cards import Card, bits_of
from ..core.deck import deck_for
from ..ranking import Category, hand_strength_table
from ..ranking.table import TableKey, table_key
from ..core.rules import Rules, check_rules
from ..engine.variant import variant_of

__all__ = ["MODELS_SIZE", "HandModel", "bits_of", "best_give", "draw_bits", "draw_of", "hand_model", "lowest_loses"]


def lowest_loses(rules: Rules) -> bool:
    """Whether the lowest hand loses something at a showdown under ``rules`` (the scoring's job).

    True where the scoring names what a seat loses (its ``unit``: a life, a
    counter), so that the job is not to hold the lowest hand; False where
    nothing is lost (the ledger, whose ``unit`` is ``""``), so that the job is
    to win the pot.
    """
    return bool(variant_of(rules).words.scoring.unit)


class HandModel:
    """How useful hands and pairs of cards are under one ranking, scoring and table size.

    ``utility`` maps a three-card hand's bit set (see :attr:`Card.bit
    <commerce_rules.Card.bit>`) to the chance that it does its job at the
    showdown against ``opponents`` uniformly random hands: where nothing is
    lost (a ledger) the chance to hold the best hand (exact ties counted as
    half), where the lowest hand loses (lives, a pool) the chance *not* to
    hold the lowest one (an exact tie at the bottom loses); see
    :func:`lowest_loses`. ``draw`` maps a two-card bit set to the mean utility
    of the hands it makes with every other card of the deck. Quads (pounce)
    have utility 1.

    Built by :func:`hand_model`, once per configuration (a few hundredths of a second).
    """

    __slots__ = ("utility", "draw", "share", "strength", "category", "opponents", "lives")

    def __init__(self, rules: Rules, opponents: int) -> None:
        table = hand_strength_table(rules)
        threes = [value for value in table.values() if value.category is not Category.QUAD]
        total = len(threes)
        counts: dict[int, int] = {}
        for value in threes:
            counts[value.strength] = counts.get(value.strength, 0) + 1
        below: dict[int, float] = {}
        ties: dict[int, float] = {}
        running = 0
        for strength in sorted(counts):
            below[strength] = running / total
            ties[strength] = counts[strength] / total
            running += counts[strength]
        self.opponents = opponents
        """How many opponents the utilities assume."""
        self.lives = lowest_loses(rules)
        """Whether the job is to avoid the lowest hand (lives, a pool) rather than to win (a ledger)."""
        self.share: dict[int, float] = {}
        """Bit set -> the share of all three-card hands this hand beats outright."""
        self.utility: dict[int, float] = {}
        """Bit set -> the hand's utility (see the class docstring)."""
        self.strength: dict[int, int] = {bits: value.strength for bits, value in table.items()}
        """Bit set -> :attr:`HandValue.strength <commerce_rules.HandValue.strength>` (a plain dict, for speed)."""
        self.category: dict[int, Category] = {bits: value.category for bits, value in table.items()}
        """Bit set -> :class:`~commerce_rules.Category`."""
        if self.lives:  # one utility per strength, not per hand: a table has 22,100 hands and a few hundred strengths
            useful = {strength: 1.0 - (1.0 - share) ** opponents for strength, share in below.items()}
        else:
            useful = {strength: (share + ties[strength] / 2) ** opponents for strength, share in below.items()}
        for bits, value in table.items():
            if value.category is Category.QUAD:
                self.share[bits] = 1.0
                self.utility[bits] = 1.0
                continue
            self.share[bits] = below[value.strength]
            self.utility[bits] = useful[value.strength]
        deck = deck_for(rules)  # not the cards of the values: those are worded only when read
        self.draw: dict[int, float] = {}
        """Two-card bit set -> the mean utility over every third card."""
        for a, b in itertools.combinations(deck, 2):
            pair = a.bit | b.bit
            scores = [self.utility[pair | c.bit] for c in deck if c is not a and c is not b]
            self.draw[pair] = math.fsum(scores) / len(scores)  # correctly rounded: the same on every Python


_MODELS: dict[tuple[TableKey, bool, bool, int], HandModel] = {}
"""The models built, by what decides them: the last ``MODELS_SIZE`` built."""
_BY_RULES: dict[tuple[Rules, int], HandModel] = {}
"""The same models by ``Rules`` value and opponents: the last ``RULES_CACHE_SIZE`` asked for (see ``caches``)."""
_MODELS_LOCK: Final = threading.Lock()

MODELS_SIZE: Final = 16
"""How many hand models are kept (about 5 MB each): one per ranking, scoring job and table size in use."""


def hand_model(rules: Rules, opponents: int) -> HandModel:
    """The :class:`HandModel` of ``rules`` against ``opponents`` opponents, built on first use.

    Rules that rank hands alike and score alike share one model.
    """
    try:
        model = _BY_RULES.get((rules, opponents))
    except TypeError:  # unhashable, so no Rules: refused below
        model = None
    if model is not None:
        return model
    key = (table_key(check_rules(rules)), rules.pounce, lowest_loses(rules), opponents)
    with _MODELS_LOCK:
        model = _MODELS.get(key)
        if model is None:
            model = remember(_MODELS, key, HandModel(rules, opponents), MODELS_SIZE)
        remember(_BY_RULES, (rules, opponents), model)
    return model


def best_give(model: HandModel, hand: Sequence[Card]) -> tuple[Card, float]:
    """The card whose two companions make the best draw, and that draw's mean utility."""
    full = bits_of(hand)
    best_card = hand[0]
    best = -1.0
    for card in hand:
        value = model.draw[full & ~card.bit]
        if value > best:
            best_card, best = card, value
    return best_card, best


def draw_bits(draw: dict[int, float], kept: int, take: int) -> float:
    """The best two-card draw of the hand made of the two cards ``kept`` and the card ``take`` (bit sets)."""
    low = kept & -kept
    high = kept ^ low
    return max(draw[kept], draw[low | take], draw[high | take])


def draw_of(model: HandModel, hand: Sequence[Card]) -> float:
    """The best two-card draw kept in ``hand``."""
    a, b, c = hand
    draw = model.draw
    return max(draw[a.bit | b.bit], draw[a.bit | c.bit], draw[b.bit | c.bit])
