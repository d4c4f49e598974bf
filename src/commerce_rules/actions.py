"""The actions a player can take: small immutable values, each naming its ``player`` seat.

Which actions a state accepts is decided by :func:`commerce_rules.legal_actions`;
these classes only carry the choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import attrs

from .cards import Card

__all__ = [
    "Action",
    "Barter",
    "BarterReply",
    "BlindExchange",
    "Buy",
    "BuyHorse",
    "Exchange",
    "Knock",
    "Pass",
    "Pounce",
    "describe_action",
]


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


@attrs.frozen(cache_hash=True)
class Buy:
    """Trade and barter: give ``card`` face down, pay the dealer, receive the stock's top card."""

    player: int
    card: Card


@attrs.frozen(cache_hash=True)
class Barter:
    """Trade and barter: offer the hidden ``card`` to the neighbour (left by default)."""

    player: int
    card: Card


@attrs.frozen(cache_hash=True)
class BarterReply:
    """Trade and barter: the neighbour gives ``card`` back, before seeing the offered card."""

    player: int
    card: Card


@attrs.frozen(cache_hash=True)
class Knock:
    """Stop the exchanges (trade and barter: at once; widow: after a final round)."""

    player: int


@attrs.frozen(cache_hash=True)
class Exchange:
    """Widow: put hand card ``give`` face up in the widow and take widow card ``take``."""

    player: int
    give: Card
    take: Card


@attrs.frozen(cache_hash=True)
class Pass:
    """Widow: end the turn without exchanging; also declines a pounce, a blind exchange or a horse."""

    player: int


@attrs.frozen(cache_hash=True)
class Pounce:
    """Pounce: a tricon takes the widow's fourth card of its rank, out of turn."""

    player: int


@attrs.frozen(cache_hash=True)
class BlindExchange:
    """Hoyle: the dealer takes the widow cards ``take`` unseen; the order inside ``take`` does not matter."""

    player: int
    take: tuple[Card, ...] = attrs.field(converter=_sorted_cards)


@attrs.frozen(cache_hash=True)
class BuyHorse:
    """Hoyle: the first player out buys one counter back and plays on."""

    player: int


Action = Union[Buy, Barter, BarterReply, Knock, Exchange, Pass, Pounce, BlindExchange, BuyHorse]
"""Any action value."""

ACTION_TYPES: tuple[type[Action], ...] = (Buy, Barter, BarterReply, Knock, Exchange, Pass, Pounce, BlindExchange, BuyHorse)


def describe_action(action: Action) -> str:
    """The action in plain words, as the narrated demo prints it.

    >>> from commerce_rules import Card
    >>> describe_action(Exchange(2, Card.parse("2♣"), Card.parse("A♠")))
    'seat 2 exchanges 2♣ for A♠ from the widow'
    """
    who = f"seat {action.player}"
    if isinstance(action, Buy):
        return f"{who} buys, giving {action.card}"
    if isinstance(action, Barter):
        return f"{who} offers {action.card} in barter"
    if isinstance(action, BarterReply):
        return f"{who} answers the barter with {action.card}"
    if isinstance(action, Knock):
        return f"{who} knocks"
    if isinstance(action, Exchange):
        return f"{who} exchanges {action.give} for {action.take} from the widow"
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Pounce):
        return f"{who} pounces"
    if isinstance(action, BlindExchange):
        return f"{who} takes {' '.join(map(str, action.take))} blind"
    return f"{who} buys a horse"


# Interned actions for legal_actions(): the same values, built once. An
# attrs constructor costs several times a dictionary look-up, and a widow
# turn lists a dozen actions.
_SEAT_ACTIONS: dict[tuple[type[Action], int], Action] = {}
_CARD_ACTIONS: dict[tuple[type[Action], int, int], Action] = {}
_EXCHANGES: dict[int, list[list[Exchange]]] = {}


def seat_action(kind: type[Knock | Pass | Pounce | BuyHorse], seat: int) -> Action:
    """The interned ``kind(seat)``."""
    key = (kind, seat)
    action = _SEAT_ACTIONS.get(key)
    if action is None:
        action = _SEAT_ACTIONS[key] = kind(seat)
    return action


def card_action(kind: type[Buy | Barter | BarterReply], seat: int, card: Card) -> Action:
    """The interned ``kind(seat, card)``."""
    key = (kind, seat, card.index)
    action = _CARD_ACTIONS.get(key)
    if action is None:
        action = _CARD_ACTIONS[key] = kind(seat, card)
    return action


def exchange_action(seat: int, give: Card, take: Card) -> Exchange:
    """The interned ``Exchange(seat, give, take)``."""
    return exchange_table(seat)[give.index][take.index]


def exchange_table(seat: int) -> list[list[Exchange]]:
    """Every exchange ``seat`` could make, by hand card then widow card (``table[give.index][take.index]``).

    Built once per seat (2,704 values), so that listing a widow turn's
    exchanges is list indexing rather than a constructor call per action.
    """
    table = _EXCHANGES.get(seat)
    if table is None:
        deck = [Card.from_index(index) for index in range(52)]
        table = _EXCHANGES[seat] = [[Exchange(seat, give, take) for take in deck] for give in deck]
    return table
