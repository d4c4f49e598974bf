"""``sample_state``: a whole state consistent with one seat's observation, its hidden cards dealt at random.

The mechanism says where the cards the observer cannot see may be
(:meth:`~commerce_rules.parts.play.MechanismPart.whereabouts`); between deals the
hands are the last showdown's, face up. This module then deals the hidden
cards so that every placement consistent with those facts is equally
likely: the cards with a few possible places are placed first, each
placement weighted by the number of ways the other cards can fill what is
left (so the result is uniform over whole placements, not per card), and
the other hidden cards are shuffled into the remaining room — the hands
(whose order does not matter), the stock (whose order does) and the
discard. Last the mechanism rebuilds the hidden parts of the turn record and
history (:meth:`~commerce_rules.parts.play.MechanismPart.rebuild`) and checks the
whole state as it checks a loaded one (its ``check``: the history played
backwards must reach a deal as dealt); a placement that no play could have
reached is drawn again, so the draw stays uniform over the consistent ones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

import attrs

from ..core.cards import Card
from ..core.errors import ArgumentTypeError, CommerceError, SerializationError
from .observe import Observation
from ..core.quoting import shown
from ..core.state import DealLog, GameState
from .history import check_history
from .variant import variant_of
from ..parts.whereabouts import DISCARD, STOCK, WIDOW, Whereabouts

__all__ = ["MAX_DRAWS", "MAX_REFUSED", "check_placeable", "sample_state", "whereabouts_of"]

MAX_DRAWS: Final = 2_000
"""How many placements are drawn at most before the observation is declared impossible.

Random play of every preset needs at most 3 (the placements the history
rules out are not drawn: see :func:`whereabouts_of`); the bound keeps the
refusal of an impossible observation, which an untrusted document can be,
to a few tens of milliseconds."""


MAX_REFUSED: Final = 100
"""How many whole imagined states the mechanism's checks may refuse before the observation is declared impossible.

Its placement refuses few of them (a 31 dealt that would have ended the
deal at once is rare); a hundred refused say that the history itself cannot
be, which drawing on would only take longer to say.
"""


def whereabouts_of(observation: Observation) -> Whereabouts:
    """What ``observation`` tells of its hidden cards: the mechanism's reading, and between deals the hands shown."""
    variant = variant_of(observation.rules)
    where = variant.learning.mechanism.whereabouts(observation)
    if observation.phase in variant.mechanism.phases_for(observation.rules) or observation.last_showdown is None:
        return where
    known = dict(where.known)  # between deals: the last showdown's hands lie face up
    maybe = dict(where.maybe)
    for seat, hand in enumerate(observation.last_showdown.hands):
        if seat != observation.player:
            for card in hand:
                known[card] = seat
                maybe.pop(card, None)
    return Whereabouts(known, maybe, where.one_of)


def _capacities(view: Observation, known: Mapping[Card, int]) -> dict[int, int]:
    room = {seat: size for seat, size in enumerate(view.hand_sizes)}
    room[view.player] -= len(view.hand)  # Hoyle's dealer before the blind exchange: their own cards are hidden
    room[STOCK] = view.stock_count
    room[DISCARD] = view.discard_count - len(view.discard)  # a face-up pile's cards are seen, not hidden
    face_down = len(variant_of(view.rules).deck) - sum(view.hand_sizes) - len(view.widow) - view.stock_count - view.discard_count
    if face_down:  # a widow lying face down: its cards are hidden like the others
        room[WIDOW] = face_down
    for place in known.values():
        if place not in room:
            raise CommerceError(f"the observation places a card in no place of its table ({place})")
        room[place] -= 1
    for place, left in room.items():
        if left < 0:
            raise CommerceError("the observation is not consistent: more cards known in a place than it holds")
    return room


class _Counter:
    """The number of ways to place the ``maybe`` cards from card ``i`` on, weighted by the room they use.

    Placing a card in a place with ``r`` free slots multiplies by ``r``: the
    product over a placement is the number of ways the other hidden cards
    fill what is left, up to a factor that is the same for every placement.
    """

    def __init__(self, cards: list[Card], places: list[tuple[int, ...]], room: dict[int, int]) -> None:
        self.cards, self.places, self.room = cards, places, room
        self.memo: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}

    def ways(self, i: int, used: dict[int, int]) -> int:
        if i == len(self.cards):
            return 1
        key = (i, tuple(sorted(used.items())))
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0
        for place in self.places[i]:
            free = self.room[place] - used.get(place, 0)
            if free > 0:
                used[place] = used.get(place, 0) + 1
                total += free * self.ways(i + 1, used)
                used[place] -= 1
        self.memo[key] = total
        return total


@attrs.frozen
class _Problem:
    """Hidden cards to deal: those with a known place, those with a few, the others, and the room of each place."""

    known: dict[Card, int]
    maybe: dict[Card, frozenset[int]]
    hidden: list[Card]
    room: dict[int, int]
    """Each place's slots left for the ``maybe`` and ``hidden`` cards."""

    def pinned(self, pins: Mapping[Card, int]) -> _Problem | None:
        """This problem with ``pins`` added, or ``None`` if a pin contradicts it."""
        known, maybe, room = dict(self.known), dict(self.maybe), dict(self.room)
        for card, place in pins.items():
            if card in known:
                if known[card] != place:
                    return None
                continue
            if card in maybe and place not in maybe.pop(card):
                return None
            if card not in self.maybe and card not in self.hidden or room.get(place, 0) <= 0:
                return None
            known[card] = place
            room[place] -= 1
        return _Problem(known, maybe, [card for card in self.hidden if card not in pins], room)

    def count(self) -> Fraction:
        """How many placements the problem has (hand and discard orders not counted, the stock's counted)."""
        cards = sorted(self.maybe)
        ways = _Counter(cards, [tuple(sorted(self.maybe[card])) for card in cards], self.room).ways(0, {})
        total = Fraction(ways * math.factorial(len(self.hidden)))
        for place, slots in self.room.items():
            if place not in (STOCK, WIDOW):  # the orders that count: the stock's and a hidden widow's
                total /= math.factorial(slots)
        return total

    def deal(self, rng: random.Random) -> dict[int, list[Card]]:
        """Every place's cards, drawn uniformly among the problem's placements (each pile shuffled)."""
        chosen = _place_maybes(self.maybe, self.room, rng)
        piles: dict[int, list[Card]] = {place: [] for place in self.room}
        for card, place in (*self.known.items(), *chosen.items()):
            piles[place].append(card)
        cards = list(self.hidden)
        rng.shuffle(cards)
        at = 0
        for place in sorted(self.room):
            need = self.room[place] - sum(1 for p in chosen.values() if p == place)
            piles[place].extend(cards[at : at + need])
            at += need
        for pile in piles.values():
            rng.shuffle(pile)
        return piles


def _place_maybes(maybe: Mapping[Card, frozenset[int]], room: dict[int, int], rng: random.Random) -> dict[Card, int]:
    cards = sorted(maybe)
    places = [tuple(sorted(maybe[card])) for card in cards]
    counter = _Counter(cards, places, room)
    used: dict[int, int] = {}
    chosen: dict[Card, int] = {}
    for i, card in enumerate(cards):
        options = []
        for place in places[i]:
            free = room[place] - used.get(place, 0)
            if free > 0:
                used[place] = used.get(place, 0) + 1
                options.append((place, free * counter.ways(i + 1, used)))
                used[place] -= 1
        pick = rng.randrange(sum(weight for _, weight in options))
        for place, weight in options:
            if pick < weight:
                break
            pick -= weight
        chosen[card] = place
        used[place] = used.get(place, 0) + 1
    return chosen


def _weighted(rng: random.Random, weights: list[Fraction]) -> int:
    """An index drawn with probability proportional to its (exact) weight."""
    scale = math.lcm(*[weight.denominator for weight in weights])
    ints = [int(weight * scale) for weight in weights]
    pick = rng.randrange(sum(ints))
    for index, weight in enumerate(ints):
        if pick < weight:
            return index
        pick -= weight
    raise AssertionError("unreachable")  # pragma: no cover


def _alternatives(problem: _Problem, one_of: tuple[Mapping[Card, int], ...]) -> list[tuple[_Problem, Fraction]] | None:
    """Each possible alternative's problem and its number of placements (``None``: no alternatives to meet)."""
    if not one_of:
        return None
    choices = []
    for pins in one_of:
        pinned = problem.pinned(pins)
        if pinned is not None:
            count = pinned.count()
            if count:
                choices.append((pinned, count))
    if not choices:
        raise CommerceError("the observation is not consistent: none of the placements it needs can happen")
    return choices


def _problem(view: Observation, where: Whereabouts) -> _Problem:
    """The hidden cards of ``view`` and where they may go (a CommerceError if they cannot all be placed)."""
    visible = {*view.hand, *view.widow, *view.discard}
    known = {card: place for card, place in where.known.items() if card not in visible}
    maybe = {card: places for card, places in where.maybe.items() if card not in visible and card not in known}
    room = _capacities(view, known)
    hidden = [card for card in variant_of(view.rules).deck if card not in visible and card not in known and card not in maybe]
    if sum(room.values()) != len(hidden) + len(maybe):
        raise CommerceError("the observation is not consistent: its counts do not add up to the deck")
    problem = _Problem(known, maybe, hidden, room)
    if problem.count() == 0:
        raise CommerceError("the observation is not consistent: its cards cannot all be placed")
    return problem


def check_placeable(observation: Observation) -> None:
    """Raise a CommerceError unless the hidden cards of ``observation`` can be placed as its history says."""
    where = whereabouts_of(observation)
    _alternatives(_problem(observation, where), where.one_of)


def check_seats_in_play(view: Observation) -> None:
    """Refuse an observation whose active seats are not those its lives and match record leave in play.

    A state keeps them in seat order (``clockwise_from`` relies on it); an
    observation built by hand may not, so every sampler checks first.
    """
    if view.active != variant_of(view.rules).scoring.active_seats(view.lives, view.score):
        raise CommerceError("the observation's active seats are not those its lives and match record leave in play")


def sample_state(observation: Observation, seed: int) -> GameState:
    """A whole state consistent with what ``observation.player`` observed, its hidden cards dealt at random.

    ``observe(sample_state(o, seed), o.player) == o``, and when that seat is
    to act the two states have the same legal actions. Every placement of
    the hidden cards (other hands, the stock in order, a hidden discard,
    Hoyle's dealer's own hand before the blind exchange) consistent with the
    observation and its history is equally likely; ``seed`` makes the draw
    reproducible. The state's own seed (which drives later deals) is drawn
    too.

    :raises ArgumentTypeError: ``observation`` is no :class:`Observation` or ``seed`` no whole number.
    :raises CommerceError: the observation cannot come from any state.

    >>> from commerce_rules import FOSTER, deal_position, observe, sample_state
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> imagined = sample_state(observe(state, 1), seed=1)
    >>> imagined.hands[1] == state.hands[1], observe(imagined, 1) == observe(state, 1)
    (True, True)
    """
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"sample_state() needs an Observation, not {type(observation).__name__}")
    if type(seed) is not int:
        raise ArgumentTypeError(f"sample_state() needs a whole number as seed, not {shown(seed)}")
    try:
        return _sample(observation, seed)
    except CommerceError:
        raise
    except (LookupError, ValueError, TypeError, AttributeError, AssertionError) as error:
        # A history that contradicts the cards trips the mechanism's reading of it: still bad input, never a crash.
        raise CommerceError(f"the observation is not consistent: its history does not fit its cards ({type(error).__name__})") from None


def _sample(view: Observation, seed: int) -> GameState:
    """:func:`sample_state` once its arguments' types are checked."""
    variant = variant_of(view.rules)
    check_seats_in_play(view)
    where = whereabouts_of(view)
    problem = _problem(view, where)
    choices = _alternatives(problem, where.one_of)
    rng = random.Random(seed)
    me = view.player
    between = view.phase not in variant.mechanism.phases_for(view.rules)
    revealed = view.last_showdown if between else None
    refused = 0
    for _ in range(MAX_DRAWS):
        if choices is None:
            piles = problem.deal(rng)
        else:  # uniform over the union of the alternatives: one drawn by its count, kept once per alternative met
            pick = _weighted(rng, [weight for _, weight in choices])
            piles = choices[pick][0].deal(rng)
            met = sum(1 for pins in where.one_of if all(card in piles[place] for card, place in pins.items()))
            if rng.randrange(met):
                continue
        hands = tuple(
            (*view.hand, *piles[seat]) if seat == me else tuple(piles[seat]) for seat in range(view.num_players)
        )
        if revealed is not None:  # between deals the hands lie as the showdown revealed them, in their order
            hands = revealed.hands
        rebuilt = variant.learning.mechanism.rebuild(view, hands, tuple(piles[STOCK]), (*view.discard, *piles[DISCARD]), rng)
        if rebuilt is None:
            continue
        state = GameState(
            rules=view.rules,
            num_players=view.num_players,
            seed=rng.getrandbits(63),
            deal_number=view.deal_number,
            dealer=view.dealer,
            phase=rebuilt.phase,
            to_act=rebuilt.to_act,
            hands=rebuilt.hands,
            widow=tuple(piles[WIDOW]) if WIDOW in piles else view.widow,
            stock=rebuilt.stock,
            discard=rebuilt.discard,
            pot=view.pot,
            balances=view.balances,
            lives=view.lives,
            active=view.active,
            turn=rebuilt.turn,
            score=view.score,
            log=DealLog.of(rebuilt.history),
            showdowns=view.showdowns,
            winners=view.winners,
        )
        try:  # held to the checks of a loaded state: a 31 dealt, say, would have ended the deal at once
            variant.documents.mechanism.check(state)
            check_history(variant, state)
        except SerializationError as error:
            refused += 1
            if refused >= MAX_REFUSED:
                raise CommerceError(f"the observation is not consistent: {error}") from None
            continue
        return state
    raise CommerceError(f"no state consistent with the observation was found in {MAX_DRAWS} draws")
