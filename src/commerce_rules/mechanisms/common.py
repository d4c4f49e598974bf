"""Small pieces the mechanisms share: moving a card, exchange choices, the turn limit, JSON fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from ..core.actions import EXCHANGES, MAX_SEAT, Action, Exchange, ExchangeAll, Knock, Pass, seat_action
from ..core.caches import seat_table
from ..parts.jsonfields import fail
from ..core.state import EventKind, clockwise_from
from ..parts.words import plural

if TYPE_CHECKING:
    from ..core.cards import Card
    from ..core.rules import Rules
    from ..core.state import Event, GameState

__all__ = [
    "check_three_cards", "knocker_of", "turn_limit_text", "exchange_choices", "exchange_refusal", "replaced", "swap_in",
    "taken_from_the_widow", "TURN_ENDINGS", "WHOLE_HAND_ENDINGS", "with_seat", "without",
]


T = TypeVar("T")


def swap_in(cards: tuple[Card, ...], old: Card, new: Card) -> tuple[Card, ...]:
    """``cards`` with ``new`` in the place of ``old`` (a hand and the widow keep their order); ``old`` must be there.

    :func:`replaced`, for a move already checked: a ``ValueError`` where ``old`` is not among ``cards``.
    """
    swapped = replaced(cards, old, new)
    if swapped is None:
        raise ValueError(f"{old} is not among {' '.join(map(str, cards))}")
    return swapped


def replaced(cards: tuple[Card, ...], old: Card, new: Card) -> tuple[Card, ...] | None:
    """``cards`` with ``new`` in the place of ``old``, or ``None`` where ``old`` is not among them.

    A move's check and its change in one pass, found by ``is``: cards are
    interned, so identity is their equality. For a pile of any size, such as
    Hoyle's growing widow.
    """
    if len(cards) == 3:  # every widow, most hands: written out (a fast path, ``docs/performance.md``; a test holds it)
        a, b, c = cards
        if old is a:
            return (new, b, c)
        if old is b:
            return (a, new, c)
        return (a, b, new) if old is c else None
    at = 0
    for card in cards:
        if card is old:
            out = list(cards)
            out[at] = new
            return tuple(out)
        at += 1
    return None


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less ``card``, the others in their order."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def with_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """``values`` (one per seat) with ``seat``'s replaced by ``value``."""
    out = list(values)  # as in swap_in: cheaper than slices
    out[seat] = value
    return tuple(out)


def exchange_choices(hand: tuple[Card, ...], widow: tuple[Card, ...], given: tuple[Card, ...], seat: int) -> tuple[Action, ...]:
    """Every exchange of a hand card for a widow card, except taking back a card given this turn.

    In hand order, then widow order; the hand is of three cards (a quad
    exchanges nothing). With a widow of three -- most of a widow game's
    turns, and most of Hoyle's before its widow grows -- the choices are
    written out, for a turn's first exchange and for its second and third
    (one or two cards given, which are in the widow: they cannot be taken
    back this turn): a fast path (``docs/performance.md``, "Fast paths
    kept"), held by a test to every exchange in hand then widow order.
    """
    table = EXCHANGES[seat]
    a, b, c = hand
    first, second, third = table[a.index], table[b.index], table[c.index]
    if len(widow) == 3:
        x, y, z = widow
        if not given:
            i, j, k = x.index, y.index, z.index
            return (first[i], first[j], first[k], second[i], second[j], second[k], third[i], third[j], third[k])
        if len(given) == 1:
            gone = given[0]
            if gone is x or gone is y or gone is z:  # a card given is in the widow (the general way below if not)
                i, j = (y.index, z.index) if gone is x else (x.index, z.index) if gone is y else (x.index, y.index)
                return (first[i], first[j], second[i], second[j], third[i], third[j])
        if len(given) == 2:
            one, two = given
            if one is not two and (one is x or one is y or one is z) and (two is x or two is y or two is z):
                i = (z if one is not z and two is not z else y if one is not y and two is not y else x).index
                return (first[i], second[i], third[i])
    takes = [take.index for take in widow if take not in given]
    return tuple([row[take] for row in (first, second, third) for take in takes])


def _turn_endings_of(seat: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    passing = seat_action(Pass, seat)
    return (passing, seat_action(Knock, seat)), (passing,)


def _whole_hand_endings_of(seat: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    whole = seat_action(ExchangeAll, seat)
    with_knock, pass_only = TURN_ENDINGS[seat]
    return (whole, *with_knock), (whole, *pass_only)


TURN_ENDINGS: Final = seat_table(_turn_endings_of, MAX_SEAT + 1)
"""A turn's last choices by seat: ``(pass, knock)`` for a turn that may knock, and ``(pass,)``."""
WHOLE_HAND_ENDINGS: Final = seat_table(_whole_hand_endings_of, MAX_SEAT + 1)
""":data:`TURN_ENDINGS` where a turn may exchange the whole hand (``exchange_all``): that choice first."""


def exchange_refusal(state: GameState, action: Exchange, given: tuple[Card, ...]) -> str | None:
    """Why ``action``'s cards make it no exchange at all, or ``None`` if the cards are right."""
    if action.give not in state.hands[action.player]:
        return f"seat {action.player} does not hold {action.give}"
    if action.take not in state.widow:
        return f"{action.take} is not in the widow"
    if action.take in given:
        return f"{action.take} was put into the widow this turn and cannot be taken back"
    return None


def check_three_cards(state: GameState) -> None:
    """Every seat in play holds 3 cards, every other none (a deal under way)."""
    for seat, hand in enumerate(state.hands):
        if seat not in state.active:
            if hand:
                fail(f"hands[{seat}]", f"seat {seat} has no lives left (is out of the match) and holds no cards, not {len(hand)}")
        elif len(hand) != 3:
            fail(f"hands[{seat}]", f"seat {seat} holds 3 cards, not {len(hand)}")


def check_final_round(state: GameState, knockers: tuple[int, ...], final_left: tuple[int, ...], turn_of: int) -> None:
    """After a knock: one knocker, in the match, and the seats still owed a final turn, in order from their left.

    The final round of every mechanism with a knock has this shape; each
    mechanism checks first, in its own terms, whether its phase is one.
    """
    if len(knockers) != 1:
        fail("turn.knockers", f"the final round follows exactly one knock, not {len(knockers)}")
    knocker = knockers[0]
    if knocker not in state.active:
        fail("turn.knockers[0]", f"seat {knocker} is out of the match")
    owed = [s for s in clockwise_from(state.active, knocker) if s != knocker]
    left = list(final_left)
    if not left or left != owed[len(owed) - len(left) :]:
        fail("turn.final_left", f"expected the last seats of {owed} (the final turns still owed, in order), not {left}")
    if turn_of != left[0]:
        fail("turn.turn_of", f"the final round's turn is seat {left[0]}'s (turn.final_left[0]), not seat {turn_of}'s")


def knocker_of(before: GameState | None, action: Action | None) -> int | None:
    """Who knocked in the deal ``before`` belongs to (or with ``action``), from the public history."""
    if isinstance(action, Knock):
        return action.player
    if before is not None:
        for event in before.history:
            if event.kind is EventKind.KNOCK:
                return event.player
    return None


def turn_limit_text(rules: Rules) -> str:
    """Why a deal ended at ``turn_limit``, in words."""
    limit = rules.turn_limit
    return f"the turn limit ({plural(limit, 'turn')}) is reached" if limit else "the turn limit is reached"


def taken_from_the_widow(event: Event, known: dict[Card, int]) -> None:
    """Read a public exchange into ``known``: the card taken is in the taker's hand until it goes back to the widow."""
    given, taken = event.cards
    known.pop(given, None)
    known[taken] = event.player
