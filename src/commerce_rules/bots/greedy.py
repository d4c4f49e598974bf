"""``GreedyBot``: a fast, deterministic, rule-based player that follows the sources' advice.

The bot looks one card ahead and no further. It scores a hand by how likely
it is to do its job at the showdown -- *win the pot* under a ledger, *not be
the lowest hand* under lives -- against opponents holding random hands, and
it scores a pair of cards by the mean score of the hands a random third card
would make with it. Both scores come from tables built once per ranking (see
:class:`HandModel`), so a decision costs a few dictionary look-ups and the bot
can drive the :class:`~commerce_rules.bots.SearchBot`'s rollouts.

Trade and barter (Foster)
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

Widow variants (CRP, Pounce, Trentuno, Extended)
    Always pounce. Knock with a flush or better, as seeds 002 and 004
    advise, or with a hand that beats :data:`WIDOW_KNOCK_SHARE` of all hands
    (the seeds' "clearly above a point of ~25" was too loose in measured
    play; the share makes one rule serve every ranking) -- unless an
    exchange would improve the hand markedly (:data:`KNOCK_UPGRADE`), which
    comes first.
    Otherwise take the exchange that gives the best hand now (ties broken by
    the best two-card draw kept), and pass when no exchange improves the
    hand. Trentuno needs nothing special: :func:`~commerce_rules.evaluate`
    counts to 31.

Hoyle's game (``HOYLE``) has no strategy of its own yet: the bot plays its
rounds with the widow rules above, declines the blind exchange and buys the
horse.

The bot never exchanges to a hand that is not strictly better than the one
it holds (better value, or equal value and a better draw), so a table of
greedy bots cannot exchange back and forth for ever; a deal also ends when
every player passes (the stall rule). As a last guard it knocks once the deal
has run :data:`GUARD_TURNS_PER_PLAYER` turns per player.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from typing import Final

from ..actions import Action, Barter, BarterReply, Buy, BuyHorse, Exchange, Knock, Pass, Pounce
from ..cards import Card
from ..observe import Observation
from .base import check_choice
from ..ranking import Category, hand_strength_table
from ..ranking.table import TableKey, table_key
from ..rules import Mechanism, Rules, Scoring
from ..state import Phase

__all__ = [
    "DEALER_KNOCK_WIN_PROBABILITY",
    "GUARD_TURNS_PER_PLAYER",
    "KNOCK_UPGRADE",
    "KNOCK_WIN_PROBABILITY",
    "WIDOW_KNOCK_SHARE",
    "GreedyBot",
    "HandModel",
    "hand_model",
]

KNOCK_WIN_PROBABILITY: Final = 0.35
"""Trade and barter: knock when the hand beats the table with at least this probability."""
DEALER_KNOCK_WIN_PROBABILITY: Final = 0.5
"""The same for the dealer, whose buys are free and who wins exact ties."""
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
GUARD_TURNS_PER_PLAYER: Final = 12
"""Knock (or pass) once a deal has run this many turns per active player."""
BUY_MARGIN: Final = 2.0
"""Trade and barter: a non-dealer buys only if the expected gain is worth this many times the price.

The gain is the rise in the chance to win the pot times what a win brings
(the pot and the dealer's point). At a margin of 1 (break-even) the bot
bought often and lost points to the dealer; bartering, which is free, did
better in measured play, so a buy must promise twice its price.
"""
_BUY_PRICE: Final = 1


class HandModel:
    """How useful hands and pairs of cards are under one ranking, scoring and table size.

    ``utility`` maps a three-card hand's bit set (see :attr:`Card.bit
    <commerce_rules.Card.bit>`) to the chance that it does its job at the
    showdown against ``opponents`` uniformly random hands: under a ledger the
    chance to hold the best hand (exact ties counted as half), under lives the
    chance *not* to hold the lowest one (an exact tie at the bottom loses).
    ``draw`` maps a two-card bit set to the mean utility of the hands it makes
    with every other card of the deck. Quads (pounce) have utility 1.

    Built by :func:`hand_model`, once per configuration (about 0.1 s).
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
        self.lives = rules.scoring is not Scoring.LEDGER
        """Whether the job is to avoid the lowest hand (lives) rather than to win (ledger)."""
        self.share: dict[int, float] = {}
        """Bit set -> the share of all three-card hands this hand beats outright."""
        self.utility: dict[int, float] = {}
        """Bit set -> the hand's utility (see the class docstring)."""
        self.strength: dict[int, int] = {bits: value.strength for bits, value in table.items()}
        """Bit set -> :attr:`HandValue.strength <commerce_rules.HandValue.strength>` (a plain dict, for speed)."""
        self.category: dict[int, Category] = {bits: value.category for bits, value in table.items()}
        """Bit set -> :class:`~commerce_rules.Category`."""
        for bits, value in table.items():
            if value.category is Category.QUAD:
                self.share[bits] = 1.0
                self.utility[bits] = 1.0
                continue
            share = below[value.strength]
            self.share[bits] = share
            if self.lives:
                self.utility[bits] = 1.0 - (1.0 - share) ** opponents
            else:
                self.utility[bits] = (share + ties[value.strength] / 2) ** opponents
        deck = sorted({card for value in threes for card in value.cards})
        self.draw: dict[int, float] = {}
        """Two-card bit set -> the mean utility over every third card."""
        for a, b in itertools.combinations(deck, 2):
            pair = a.bit | b.bit
            scores = [self.utility[pair | c.bit] for c in deck if c is not a and c is not b]
            self.draw[pair] = sum(scores) / len(scores)


_MODELS: dict[tuple[TableKey, bool, bool, int], HandModel] = {}
_BY_RULES: dict[tuple[Rules, int], HandModel] = {}
_MODELS_LOCK: Final = threading.Lock()


def hand_model(rules: Rules, opponents: int) -> HandModel:
    """The :class:`HandModel` of ``rules`` against ``opponents`` opponents, built on first use.

    Rules that rank hands alike and score alike share one model.
    """
    model = _BY_RULES.get((rules, opponents))
    if model is not None:
        return model
    key = (table_key(rules), rules.pounce, rules.scoring is not Scoring.LEDGER, opponents)
    with _MODELS_LOCK:
        model = _MODELS.get(key)
        if model is None:
            model = _MODELS[key] = HandModel(rules, opponents)
        _BY_RULES[(rules, opponents)] = model
    return model


def _bits(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= card.bit
    return bits


def _best_give(model: HandModel, hand: Sequence[Card]) -> tuple[Card, float]:
    """The card whose two companions make the best draw, and that draw's mean utility."""
    full = _bits(hand)
    best_card = hand[0]
    best = -1.0
    for card in hand:
        value = model.draw[full & ~card.bit]
        if value > best:
            best_card, best = card, value
    return best_card, best


def greedy_action(
    rules: Rules,
    seat: int,
    phase: Phase,
    hand: tuple[Card, ...],
    widow: tuple[Card, ...],
    dealer: int,
    pot: int,
    active: int,
    turns: int,
    legal: tuple[Action, ...],
) -> Action:
    """The greedy choice from the few public facts it needs (the bots' shared core).

    :class:`GreedyBot` calls it with an observation's fields; the
    :class:`~commerce_rules.bots.SearchBot` calls it inside its rollouts.
    """
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if phase is Phase.POUNCE:
        return Pounce(seat)
    if rules.mechanism is Mechanism.TRADE_BARTER:
        return _trade(rules, seat, phase, hand, dealer, pot, active, turns, legal)
    if phase in (Phase.PLAY, Phase.FINAL_ROUND) and len(hand) in (3, 4):  # the widow, and Hoyle's rounds
        return _widow(rules, seat, hand, active, turns, legal)
    if phase is Phase.BLIND_EXCHANGE:  # Hoyle: no blind exchange (a rough rule; Hoyle has no strategy yet)
        return Pass(seat) if Pass(seat) in legal else first
    if phase is Phase.HORSE:  # Hoyle: buy back in
        return BuyHorse(seat) if BuyHorse(seat) in legal else first
    return first


def _trade(
    rules: Rules,
    seat: int,
    phase: Phase,
    hand: tuple[Card, ...],
    dealer: int,
    pot: int,
    active: int,
    turns: int,
    legal: tuple[Action, ...],
) -> Action:
    model = hand_model(rules, max(1, active - 1))
    bits = _bits(hand)
    now = model.utility[bits]
    is_dealer = seat == dealer
    strong = (
        hand_strength_table(rules)[bits].category >= Category.SEQUENCE
        or now >= (DEALER_KNOCK_WIN_PROBABILITY if is_dealer else KNOCK_WIN_PROBABILITY)
        or turns >= GUARD_TURNS_PER_PLAYER * active
    )
    if strong:
        return Knock(seat)
    give, after = _best_give(model, hand)
    if phase is Phase.BARTER_REPLY:
        return BarterReply(seat, give)
    buy = Buy(seat, give)
    if buy in legal and (is_dealer or (after - now) * (pot + 1) >= BUY_MARGIN * _BUY_PRICE):
        return buy
    return Barter(seat, give)


def _widow(
    rules: Rules, seat: int, hand: tuple[Card, ...], active: int, turns: int, legal: tuple[Action, ...]
) -> Action:
    can_knock = isinstance(legal[-1], Knock) or any(isinstance(action, Knock) for action in legal)
    if len(hand) == 4:  # a quad beats every three-card hand
        return Knock(seat) if can_knock else Pass(seat)
    model = hand_model(rules, max(1, active - 1))
    strength, draw = model.strength, model.draw
    bits = _bits(hand)
    best: Exchange | None = None
    best_strength = strength[bits]
    best_draw = -1.0  # computed only when a tie on strength asks for it
    for action in legal:
        if not isinstance(action, Exchange):
            continue
        give, take = action.give, action.take
        kept = bits & ~give.bit
        new_bits = kept | take.bit
        new_strength = strength[new_bits]
        if new_strength < best_strength:
            continue
        if best_draw < 0:  # still the current hand's
            best_draw = _draw_of(model, hand)
        new_draw = _draw_bits(draw, kept, take.bit)
        if new_strength > best_strength or new_draw > best_draw:
            best, best_strength, best_draw = action, new_strength, new_draw
    if can_knock:
        category = model.category[bits]
        strong = category >= Category.FLUSH or model.share[bits] >= WIDOW_KNOCK_SHARE
        share = model.share[bits]
        upgrade = (
            best is not None
            and model.share[(bits & ~best.give.bit) | best.take.bit] - share >= KNOCK_UPGRADE * (1.0 - share)
        )
        if (strong and not upgrade) or turns >= GUARD_TURNS_PER_PLAYER * active:
            return Knock(seat)
    if best is not None:
        return best
    return Pass(seat)


def _draw_bits(draw: dict[int, float], kept: int, take: int) -> float:
    """The best two-card draw of the hand made of the two cards ``kept`` and the card ``take`` (bit sets)."""
    low = kept & -kept
    high = kept ^ low
    return max(draw[kept], draw[low | take], draw[high | take])


def _draw_of(model: HandModel, hand: Sequence[Card]) -> float:
    """The best two-card draw kept in ``hand``."""
    a, b, c = hand
    draw = model.draw
    return max(draw[a.bit | b.bit], draw[a.bit | c.bit], draw[b.bit | c.bit])


def greedy_choice(observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
    """The greedy rules' choice among ``legal_actions`` for the seat that ``observation`` belongs to."""
    return greedy_action(
        observation.rules,
        observation.player,
        observation.phase,
        observation.hand,
        observation.widow,
        observation.dealer,
        observation.pot,
        sum(1 for lives in observation.lives if lives > 0),
        observation.turn.turns,
        legal_actions,
    )


class GreedyBot:
    """A deterministic rule-based player, one card of look-ahead (see the module docstring).

    It needs no seed: the same observation always gets the same answer.
    ``seed`` is accepted and ignored, so that ``GreedyBot`` can be given to
    :func:`~commerce_rules.simulate` beside seeded bots.

    >>> from commerce_rules import FOSTER, deal_position, legal_actions, observe
    >>> from commerce_rules.bots import GreedyBot
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> GreedyBot().choose(observe(state, 1), legal_actions(state))  # keep 6♠ 7♠, barter K♦ for free
    Barter(player=1, card=Card('K♦'))
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2)
    >>> GreedyBot().choose(observe(state, 0), legal_actions(state))  # a sequence: knock
    Knock(player=0)
    """

    def __init__(self, seed: int | None = None) -> None:
        del seed  # deterministic: nothing to seed

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        """The greedy choice for ``observation.player``: always one of ``legal_actions``."""
        check_choice(observation, legal_actions)
        return greedy_choice(observation, legal_actions)

    def __repr__(self) -> str:
        return "GreedyBot()"
