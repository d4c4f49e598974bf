"""``observation_tensor``: an observation as a fixed-length tuple of floats, for learning code.

A function of the observation alone (equal observations give equal tensors,
so it cannot leak what ``observe`` hides). ``D`` is the deck's size, ``N``
the number of players, ``P`` the number of phases of the variant; seats are
relative to the observer (0 is the observer, 1 its left neighbour, ...),
cards are slots in deck order. In this order:

=====================  ==========  ===============================================================
field                  length      what it holds
=====================  ==========  ===============================================================
hand                   D           1 for each card of the observer's hand
hand order             D           ``(position + 1) / 4`` of each card of the hand, in hand order
widow                  D           1 for each widow card
widow order            D           ``(position + 1) / 16`` of each widow card, in widow order
known places           N x D       rows: seats 1 to N-1, then the discard; 1 where the history
                                   places a hidden card for sure, ``1 / k`` where it is one of
                                   ``k`` possible places (the mechanism's ``whereabouts``)
hand sizes             N           each seat's number of cards / 4
piles                  2           stock count / D, discard count / D
dealer                 N           one-hot
to act                 N + 1       one-hot; the last slot: nobody (the match is over)
active                 N           1 for each seat still in the match
phase                  P           one-hot over the variant's phases, in the registry's order
deal number            1           deal number / N
winners                N           1 for each winner
last showdown          1 + N x D   1 if there was one; each seat's revealed hand
                       + 2N        its winner (one-hot) and its losers
turn record            (part)      the mechanism's slice (its ``turn_features``)
score record           (part)      the scoring's slice: money, lives (its ``score_features``)
=====================  ==========  ===============================================================

Two observations that differ give different tensors, except in what the
tensor does not encode: the history beyond what it tells of the cards'
places (the order of past moves, who passed when), showdowns before the
last, and the order of knockers once a Hoyle deal has ended.
"""

from __future__ import annotations

from typing import Final

from ..core.errors import ArgumentTypeError, CommerceError
from ..parts.features import Features
from ..core.observation import Observation
from ..core.rules import Rules
from ..engine.sampling import whereabouts_of
from ..engine.variant import Variant, variant_of
from ..parts.whereabouts import DISCARD

__all__ = ["HAND_SCALE", "WIDOW_SCALE", "observation_tensor", "observation_tensor_size"]

HAND_SCALE: Final = 4.0
"""Hand sizes and positions are divided by this (a pounce's quad is 4 cards)."""
WIDOW_SCALE: Final = 16.0
"""Widow positions are divided by this (Hoyle's widow grows to 3 + 11 cards)."""


def _shared_size(rules: Rules, players: int) -> int:
    d, n = rules.deck_size, players
    phases = len(variant_of(rules).phases)
    return 4 * d + 2 * n * d + 7 * n + phases + 5


def observation_tensor_size(rules: Rules, players: int) -> int:
    """The length of every :func:`observation_tensor` of a table of ``players`` under ``rules``.

    >>> from commerce_rules import FOSTER, observation_tensor_size
    >>> observation_tensor_size(FOSTER, 4)
    722
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"observation_tensor_size() needs a Rules value, not {type(rules).__name__}")
    if type(players) is not int or not 3 <= players <= 12:
        raise CommerceError(f"players must be a whole number from 3 to 12, not {players!r}")
    variant = variant_of(rules)
    return _shared_size(rules, players) + variant.learning.mechanism.turn_features_size(rules, players) + (
        variant.learning.scoring.score_features_size(rules, players)
    )


def observation_tensor(observation: Observation) -> tuple[float, ...]:
    """``observation`` as a tuple of ``observation_tensor_size(rules, players)`` floats (layout: this module's docs).

    >>> from commerce_rules import FOSTER, deal_position, observation_tensor, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> tensor = observation_tensor(observe(state, 1))
    >>> len(tensor), tensor[:4]  # the hand's slots start with 2♣ 2♦ 2♥ 2♠
    (609, (0.0, 0.0, 0.0, 0.0))
    """
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"observation_tensor() needs an Observation, not {type(observation).__name__}")
    view = observation
    variant = variant_of(view.rules)
    try:
        return _tensor(view, variant)
    except IndexError:  # a card's slot beyond the deck's (see deck_slots): a hand-built observation
        raise CommerceError("the observation holds a card that is not in this variant's deck") from None


def _tensor(view: Observation, variant: Variant) -> tuple[float, ...]:
    out = Features(view, variant.deck)
    fill_features(view, variant, out)
    return tuple(out.values)


def fill_features(view: Observation, variant: Variant, out: Features) -> None:
    """Write ``view`` into ``out``, field after field, in the layout above: the one layout every writer follows.

    ``out`` is a :class:`~commerce_rules.parts.features.Features` (the dense
    list :func:`observation_tensor` returns) or one that records only the
    entries that are not 0 (:mod:`~commerce_rules.learning.tensor_writer`).
    A card not in the variant's deck is an ``IndexError``.
    """
    out.cards(view.hand)
    out.order(view.hand, HAND_SCALE)
    out.cards(view.widow)
    out.order(view.widow, WIDOW_SCALE)
    _known_places(view, out)
    out.per_seat(view.hand_sizes, HAND_SCALE)
    out.number(view.stock_count, len(variant.deck))
    out.number(view.discard_count, len(variant.deck))
    out.seat(view.dealer)
    out.seat(view.to_act, nobody=True)
    out.seats(view.active)
    phases = variant.phases
    out.one_hot(phases.index(view.phase) if view.phase in phases else None, len(phases))
    out.number(view.deal_number, view.num_players)
    out.seats(view.winners)
    _last_showdown(view, out)
    variant.learning.mechanism.turn_features(view, out)
    variant.learning.scoring.score_features(view, out)


def _known_places(view: Observation, out: Features) -> None:
    where = whereabouts_of(view)
    visible = {*view.hand, *view.widow}
    n, d, me, slot = view.num_players, len(out.deck), view.player, out.slot
    # Where each place's row of D slots starts: seats 1..N-1 (relative), then the discard; the stock and the
    # observer's own hidden hand have none.
    rows = {place: ((place - me) % n - 1) * d for place in range(n) if place != me}
    rows[DISCARD] = (n - 1) * d
    positions: list[int] = []  # in those N rows (a card is known or maybe, each of its places once: no position twice)
    values: list[float] = []
    for card, place in where.known.items():
        start = rows.get(place)
        if start is not None and card not in visible:
            positions.append(start + slot[card.index])
            values.append(1.0)
    known = where.known
    for card, places in where.maybe.items():
        if card in visible or card in known:
            continue
        share = 1.0 / len(places)
        for place in places:
            start = rows.get(place)
            if start is not None:
                positions.append(start + slot[card.index])
                values.append(share)
    out.block(n * d, positions, values)


def _last_showdown(view: Observation, out: Features) -> None:
    last = view.last_showdown
    n = view.num_players
    if last is None:  # the flag, the N hands, the winner and the losers: all 0
        out.block(1 + n * len(out.deck) + 2 * n)
        return
    out.number(1.0)
    for offset in range(n):
        out.cards(last.hands[(view.player + offset) % n])
    out.seat(last.winner)
    out.seats(last.losers)
