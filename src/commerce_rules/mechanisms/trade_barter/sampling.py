"""What an observer of trade and barter knows of the hidden cards, and the hidden moves that fit a placement.

**What the history tells** (:func:`whereabouts`). A card the observer gave
when buying is in the discard for good (nothing leaves the discard). A card
it gave in a barter is in the neighbour's hand — until that neighbour moves
a card unseen: after a buy it may be in the discard, after a barter between
other seats in either partner's hand, and so on; it can never be back in the
stock. Every card the observer never saw may be anywhere hidden.

**Rebuilding the hidden moves** (:func:`rebuild`). For a placement of the
hidden cards, the deal's history is played backwards from it, choosing for
each move the observer did not see which cards it moved (a buy's card given
and card drawn, a barter's two cards), so that the moves the observer saw
find their cards where they must be. A card drawn from the stock cannot be
one the observer had seen before. If no choice works the placement is
impossible and :func:`~commerce_rules.sample_state` draws another. The
search is depth first, and cut short where it cannot succeed: a card the
observer gave in a barter must stay where the moves since could have taken
it, cards the observer never saw are alike (one stands for them all), and a
dead end is never explored twice. A placement whose search takes more than
:data:`MAX_STEPS` steps counts as impossible (a bound no test reaches).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from ...core.state import Event, EventKind, Phase
from ...parts.whereabouts import DISCARD, Rebuilt, Whereabouts

from .record import TradeTurn

if TYPE_CHECKING:
    from ...core.cards import Card
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...parts.features import Features

__all__ = ["MAX_STEPS", "TradeBarterLearning", "rebuild", "whereabouts"]

MAX_STEPS: Final = 20_000
"""The bound on the backward search's steps for one placement (then it counts as impossible)."""

_NEVER: Final = 1 << 60


def whereabouts(view: Observation) -> Whereabouts:
    me = view.player
    discard: list[Card] = []
    tracked: dict[Card, set[int]] = {}
    for event in view.history:
        if event.kind is EventKind.BUY:
            if event.player == me:
                given, drawn = event.cards
                discard.append(given)
                tracked.pop(drawn, None)
            else:
                for places in tracked.values():
                    if event.player in places:
                        places.add(DISCARD)
        elif event.kind is EventKind.BARTER:
            offerer, partner = event.player, event.target
            assert partner is not None
            if event.cards:
                offered, returned = event.cards
                mine, theirs, other = (returned, offered, partner) if offerer == me else (offered, returned, offerer)
                tracked.pop(mine, None)
                tracked[theirs] = {other}
            else:
                for places in tracked.values():
                    if offerer in places or partner in places:
                        places.update((offerer, partner))
    known: dict[Card, int] = {card: DISCARD for card in discard}
    maybe: dict[Card, frozenset[int]] = {}
    for card, places in tracked.items():
        if len(places) == 1:
            known[card] = next(iter(places))
        else:
            maybe[card] = frozenset(places)
    return Whereabouts(known, maybe)


def _first_seen(view: Observation) -> tuple[dict[Card, int], dict[Card, int]]:
    """When the observer first saw each card (-1: dealt to it), and when it gave each card it bought away."""
    me = view.player
    hand = list(view.hand)
    events = view.history
    for event in reversed(events):  # the observer's hand at the deal's start
        if not event.cards or event.kind not in (EventKind.BUY, EventKind.BARTER):
            continue
        if event.kind is EventKind.BUY:
            if event.player == me:
                given, drawn = event.cards
                hand.remove(drawn)
                hand.append(given)
            continue
        offerer, partner = event.player, event.target
        offered, returned = event.cards
        gone, came = (offered, returned) if offerer == me else (returned, offered)
        if partner == me or offerer == me:
            hand.remove(came)
            hand.append(gone)
    seen = {card: -1 for card in hand}
    bought_away: dict[Card, int] = {}
    for index, event in enumerate(events):
        for card in event.cards:
            seen.setdefault(card, index)
        if event.kind is EventKind.BUY and event.player == me:
            bought_away[event.cards[0]] = index
    return seen, bought_away


def rebuild(
    view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
) -> Rebuilt | None:
    me = view.player
    events = view.history
    seen, bought_away = _first_seen(view)
    piles = [list(hand) for hand in hands]
    dropped = list(discard)
    filled: list[tuple[Card, ...]] = [event.cards for event in events]
    stack: list[tuple[int, list[tuple[Card, ...]], tuple[list[list[Card]], list[Card]]]] = []
    alike = frozenset(seen)
    needs = _needs(view)
    failed: set[tuple[int, tuple[tuple[frozenset[Card], int], ...]]] = set()
    """(event, the piles up to cards never seen) from which no choice works: never tried twice."""
    index = len(events) - 1
    steps = 0
    options: list[tuple[Card, ...]] | None = None
    while index >= 0:
        steps += 1
        if steps > MAX_STEPS:
            return None
        if options is None:
            dead = not _reachable(index, piles, dropped, needs) or bool(failed) and (index, _shape(piles, dropped, alike)) in failed
            options = [] if dead else _options(events[index], index, me, piles, dropped, seen, bought_away, rng)
        if not options:
            failed.add((index, _shape(piles, dropped, alike)))
            if not stack:
                return None
            index, options, (piles, dropped) = stack.pop()
            continue
        choice = options.pop()
        stack.append((index, options, ([list(p) for p in piles], list(dropped))))
        _undo(events[index], choice, piles, dropped)
        filled[index] = choice
        index -= 1
        options = None
    turn = view.turn
    if view.phase is Phase.BARTER_REPLY and turn.offer is None:  # an offer the observer cannot see
        offerer = hands[turn.turn_of]
        turn = turn._replace(offer=offerer[rng.randrange(len(offerer))])
    history = tuple(event if event.cards == cards else event._replace(cards=cards) for event, cards in zip(events, filled))
    order = tuple(cards[0] for event, cards in zip(history, filled) if event.kind is EventKind.BUY)
    return Rebuilt(hands, stock, order if sorted(order) == sorted(discard) else discard, view.phase, view.to_act, turn, history)


Need = tuple["Card", int, int, dict[int, frozenset[int]]]
"""A card the observer gave in a barter at event ``start``, seen again at ``end`` (or never), and each later
event's places it may be in just after it: where the search must find it, or the barter cannot be undone."""


def _needs(view: Observation) -> list[Need]:
    me = view.player
    events = view.history
    needs: list[Need] = []
    for start, event in enumerate(events):
        if event.kind is not EventKind.BARTER or not event.cards:
            continue
        offered, returned = event.cards
        card, holder = (offered, event.target) if event.player == me else (returned, event.player)
        assert holder is not None
        places = {holder}
        after: dict[int, frozenset[int]] = {}
        end = len(events)
        for index in range(start + 1, len(events)):
            later = events[index]
            if card in later.cards:
                end = index
                break
            if not later.cards:
                partner = later.target
                if later.kind is EventKind.BUY and later.player in places:
                    places.add(DISCARD)
                elif later.kind is EventKind.BARTER and partner is not None and (
                    later.player in places or partner in places
                ):
                    places.update((later.player, partner))
            after[index] = frozenset(places)
        needs.append((card, start, end, after))
    return needs


def _reachable(index: int, piles: list[list[Card]], dropped: list[Card], needs: list[Need]) -> bool:
    """Whether every card the observer gave in barter can still be where its barter needs it, from where it is now."""
    for card, start, end, after in needs:
        if start < index < end:
            places = after[index]
            if card in dropped:
                if DISCARD not in places:
                    return False
            elif not any(seat in places and card in pile for seat, pile in enumerate(piles)):
                return False
    return True


def _options(
    event: Event, index: int, me: int, piles: list[list[Card]], dropped: list[Card],
    seen: dict[Card, int], bought_away: dict[Card, int], rng: random.Random,
) -> list[tuple[Card, ...]]:
    """The cards the event may have moved, given where they are just after it (the likeliest to work last)."""
    kind, player = event.kind, event.player
    if kind is EventKind.BUY:
        if event.cards:
            given, drawn = event.cards
            return [event.cards] if drawn in piles[player] and given in dropped else []
        draws = _alike([card for card in piles[player] if seen.get(card, _NEVER) > index], seen, rng)  # in the stock until now
        gifts = _alike([card for card in dropped if bought_away.get(card, _NEVER) >= index], seen, rng)  # not the observer's own
        return _ranked([(given, drawn) for given in gifts for drawn in draws], seen, rng)
    if kind is EventKind.BARTER:
        partner = event.target
        assert partner is not None
        if event.cards:
            offered, returned = event.cards
            return [event.cards] if offered in piles[partner] and returned in piles[player] else []
        offers, returns = _alike(piles[partner], seen, rng), _alike(piles[player], seen, rng)
        return _ranked([(offered, returned) for offered in offers for returned in returns], seen, rng)
    if kind is EventKind.BARTER_REFUSED and not event.cards:
        return _ranked([(card,) for card in _alike(piles[player], seen, rng)], seen, rng)
    return [event.cards]


def _alike(cards: list[Card], seen: dict[Card, int], rng: random.Random) -> list[Card]:
    """The cards the observer saw, and one of those it never saw, drawn at random.

    Cards the observer never saw are alike to every test the search makes
    further back, so one stands for them all: which one it is only decides
    the imagined history, not whether the placement can happen.
    """
    unseen = [card for card in cards if card not in seen]
    kept = [card for card in cards if card in seen]
    if unseen:
        kept.append(unseen[rng.randrange(len(unseen))])
    return kept


def _ranked(options: list[tuple[Card, ...]], seen: dict[Card, int], rng: random.Random) -> list[tuple[Card, ...]]:
    """``options`` shuffled, those naming cards the observer never saw last in the list (they are tried first)."""
    rng.shuffle(options)
    options.sort(key=lambda cards: -sum(1 for card in cards if card in seen))
    return options


def _shape(piles: list[list[Card]], dropped: list[Card], seen: frozenset[Card]) -> tuple[tuple[frozenset[Card], int], ...]:
    """The piles with the cards the observer never saw counted, not named (they are alike to every test)."""
    return tuple((seen.intersection(pile), len(pile)) for pile in (*piles, dropped))


def _undo(event: Event, cards: tuple[Card, ...], piles: list[list[Card]], dropped: list[Card]) -> None:
    """Play ``event`` backwards with these cards: the piles as they were just before it."""
    if event.kind is EventKind.BUY:
        given, drawn = cards
        hand = piles[event.player]
        hand.remove(drawn)
        hand.append(given)
        dropped.remove(given)
    elif event.kind is EventKind.BARTER:
        offered, returned = cards
        partner = event.target
        assert partner is not None
        piles[partner].remove(offered)
        piles[partner].append(returned)
        piles[event.player].remove(returned)
        piles[event.player].append(offered)


class TradeBarterLearning:
    """Trade and barter's learning role: its slice of the tensor, where hidden cards may be, and a placement's state."""

    def imagined_turn(self, view: Observation, hands: tuple[tuple[Card, ...], ...], rng: random.Random) -> TradeTurn:
        turn: TradeTurn = view.turn
        if view.phase is Phase.BARTER_REPLY and turn.offer is None:  # the offer the observer cannot see: one of the offerer's cards
            offerer = hands[turn.turn_of]
            return turn._replace(offer=offerer[rng.randrange(len(offerer))])
        return turn

    def turn_features_size(self, rules: Rules, players: int) -> int:
        return players + 1 + rules.deck_size

    def turn_features(self, view: Observation, out: Features) -> None:
        """Whose turn (one-hot), turns / (10 N), the offer a barter waits on (its offerer only sees it)."""
        turn: TradeTurn = view.turn
        out.seat(turn.turn_of)
        out.number(turn.turns, 10 * view.num_players)
        out.cards(() if turn.offer is None else (turn.offer,))

    def whereabouts(self, view: Observation) -> Whereabouts:
        """Bought away: in the discard for good; bartered: in the neighbour's hand, or where its moves since may have put it."""
        return whereabouts(view)

    def rebuild(
        self, view: Observation, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], discard: tuple[Card, ...], rng: random.Random
    ) -> Rebuilt | None:
        """The cards of the buys and barters the observer did not see, found by playing the deal backwards."""
        return rebuild(view, hands, stock, discard, rng)
