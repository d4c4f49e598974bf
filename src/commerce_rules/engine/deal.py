"""Dealing: the seeded shuffle, a chosen deck, and laying a deck out on the table.

Randomness is data: the seed lives in the state, and deal ``k``'s shuffle is
derived from ``(seed, k)`` alone, so a match is reproducible from its rules,
player count, seed and actions on any machine and any Python version. The
shuffle is a Fisher-Yates shuffle written here, drawing its 64-bit numbers
from SHAKE-256 of ``"commerce-rules:<seed>:<deal>"`` — a standard function
whose output never changes — and turning each into a position by
multiplication (bias below 2**-58 per draw).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from ..core.cards import Card, parse_cards
from ..core.deck import deck_for
from ..core.errors import CommerceError
from ..core.records import compiled
from ..core.rules import Rules
from ..core.state import EMPTY_LOG, DealLog, GameState, clockwise_from, scored
from .variant import variant_of

if TYPE_CHECKING:
    from ..parts.play import Begun

__all__ = [
    "MAX_BALANCE", "MAX_PLAYERS", "MAX_POINTS", "MAX_SEED", "MIN_PLAYERS",
    "chosen_deck", "chosen_decks", "deal_draws", "deck_for", "first_dealer", "shuffled_deck", "shuffled_places",
]

MIN_PLAYERS = 3
MAX_PLAYERS = 12
MAX_SEED: Final = 2**128 - 1
"""The largest seed (seeds are whole numbers from 0 to 2**128 - 1: 128 bits are more than any shuffle draws)."""
MAX_POINTS: Final = 10**30
"""The largest balance, pot or payment a state document may hold (far beyond any match; keeps arithmetic exact)."""
MAX_BALANCE: Final = 10**24
"""The largest balance ``deal_position`` takes: a match played on from it stays far inside :data:`MAX_POINTS`."""

_HEADS: Final = {size - 1: struct.Struct(">" + "B7x" * (size - 1)) for size in (52, 40, 32)}
"""The top byte of each 64-bit draw, the other 7 skipped: numbers below 256, which Python never allocates."""


def _positions(bound: int) -> tuple[int | None, ...]:
    """For each top byte of a draw, the position below ``bound`` it picks, or ``None`` where the other bytes decide.

    A draw ``word`` picks ``(word * bound) >> 64``, which grows with
    ``word``: every draw with top byte ``head`` picks one position when its
    least and its greatest do, and only then. For ``bound`` up to 52, a
    byte's draws straddle two positions for ``bound - 1`` of the 256 bytes at most.
    """
    top = 1 << 56
    least = [(head * top * bound) >> 64 for head in range(256)]
    greatest = [(((head + 1) * top - 1) * bound) >> 64 for head in range(256)]
    return tuple(low if low == high else None for low, high in zip(least, greatest))


_POSITIONS: Final = {bound: _positions(bound) for bound in range(2, 53)}


def deal_draws(seed: int, deal_number: int, count: int) -> bytes:
    """``count`` 64-bit draws for deal ``deal_number`` of ``seed``, as SHAKE-256 gives them (big-endian).

    The shuffle's randomness, which the Thirty-One arrays (``commerce_rules.gym``) draw from too.
    """
    return hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * count)


def _exact(digest: bytes, step: int, bound: int) -> int:
    """The number below ``bound`` that 64-bit draw ``step`` of ``digest`` picks: ``(word * bound) >> 64``."""
    return (int.from_bytes(digest[8 * step : 8 * step + 8], "big") * bound) >> 64


_Item = TypeVar("_Item")


class _Shuffle(Protocol):
    """A generated shuffle: of cards as the engine deals them, or of their places (:func:`shuffled_places`)."""

    def __call__(self, cards: list[_Item], digest: bytes, /) -> tuple[_Item, ...]: ...


def _straight_line_shuffle(size: int) -> _Shuffle:
    """The Fisher-Yates loop for a deck of ``size`` cards, written out step by step.

    It gives the deck this loop leaves, for ``digest``'s ``size - 1`` big-endian 64-bit words::

        top = size - 1
        for word in words:
            other = (word * (top + 1)) >> 64
            cards[top], cards[other] = cards[other], cards[top]
            top -= 1

    but with every position and bound a constant, no loop to run, and no
    arithmetic: the position is read from the step's table of
    :func:`_positions` by the word's top byte, and only where that byte
    leaves the position in doubt (about 5 steps of a 52-card shuffle's 51)
    is the whole word read. The shuffle is a deal transition's largest
    single cost (``tests/engine/test_seeded_decks.py`` holds this to the
    plain loop and to the decks recorded for thousands of seeds).
    """
    count = size - 1
    lines = ["def shuffle(cards, digest):", "    " + ", ".join(f"h{i}" for i in range(count)) + ", = heads(digest)"]
    for step in range(count):
        top = size - 1 - step
        bound = top + 1
        lines.append(
            f"    other = p{bound}[h{step}]\n"
            f"    if other is None:\n"
            f"        other = (from_bytes(digest[{8 * step}:{8 * step + 8}], 'big') * {bound}) >> 64\n"
            f"    cards[{top}], cards[other] = cards[other], cards[{top}]"
        )
    lines.append("    return tuple(cards)")
    namespace: dict[str, Any] = {"heads": _HEADS[count].unpack, "from_bytes": int.from_bytes}
    namespace.update((f"p{bound}", positions) for bound, positions in _POSITIONS.items())
    filename = f"<commerce_rules generated {__name__}.shuffle of {size} cards>"
    shuffle: _Shuffle = compiled("\n".join(lines) + "\n", filename, namespace)["shuffle"]
    return shuffle


_SHUFFLES: Final = {size: _straight_line_shuffle(size) for size in (52, 40, 32)}


def _shuffled(rules: Rules, seed: int, deal_number: int) -> tuple[Card, ...]:
    """:func:`shuffled_deck` as the engine deals it: a tuple."""
    cards = list(deck_for(rules))
    size = len(cards)
    return _SHUFFLES[size](cards, deal_draws(seed, deal_number, size - 1))  # 51 draws for 52 cards


def shuffled_places(deck_size: int, seed: int, deal_number: int) -> tuple[int, ...]:
    """Deal ``deal_number``'s deck as the places of its cards in deck order, top card first: the same shuffle, of numbers.

    For those who keep cards as numbers (the array-backed Thirty-One
    environment): ``shuffled_places(52, s, k)[i]`` is the place in deck order of
    ``shuffled_deck(rules, s, k)[i]``.
    """
    return _SHUFFLES[deck_size](list(range(deck_size)), deal_draws(seed, deal_number, deck_size - 1))


def shuffled_deck(rules: Rules, seed: int, deal_number: int) -> list[Card]:
    """Deal ``deal_number``'s deck, top card first, as the seed ``seed`` shuffles it.

    >>> from commerce_rules import FOSTER
    >>> shuffled_deck(FOSTER, 7, 1) == shuffled_deck(FOSTER, 7, 1) != shuffled_deck(FOSTER, 7, 2)
    True
    """
    return list(_shuffled(rules, seed, deal_number))


def first_dealer(seed: int, players: int) -> int:
    """The first dealer's seat that ``seed`` draws (the sources draw for it; a seeded draw is equivalent)."""
    return _exact(deal_draws(seed, 0, 1), 0, players)  # deal 0's one draw


def chosen_deck(rules: Rules, deck: str | Sequence[Card]) -> tuple[Card, ...]:
    """``deck`` read and checked as a whole deck of ``rules``, top first: every card of the variant's deck once.

    What ``new_game(..., deck=...)`` and ``apply(..., deck=...)`` deal from
    instead of the seed's shuffle -- so that a program (a game-tree search,
    OpenSpiel's chance nodes) can choose each deal's cards itself.

    >>> from commerce_rules import TRENTUNO
    >>> from commerce_rules.engine.deal import chosen_deck, deck_for
    >>> chosen_deck(TRENTUNO, deck_for(TRENTUNO)[::-1])[0]  # the last card of the deck order on top
    Card('A♠')
    >>> chosen_deck(TRENTUNO, "A♠ K♠")
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.CommerceError: a deck must hold the variant's 40 cards once each, not 2 cards
    """
    if not isinstance(rules, Rules):
        raise CommerceError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    cards = cards_of("deck", deck)
    whole = deck_for(rules)
    if len(cards) != len(whole) or set(cards) != set(whole):
        missing = next((card for card in whole if card not in cards), None)
        if len(cards) != len(whole) or missing is None:
            raise CommerceError(f"a deck must hold the variant's {len(whole)} cards once each, not {len(cards)} cards")
        raise CommerceError(f"a deck must hold the variant's {len(whole)} cards once each: {missing} is missing")
    return cards


Decks = tuple[tuple[Card, ...], ...]
"""Checked decks, top first, one for each deal a call deals, in order."""


def chosen_decks(
    rules: Rules, deck: str | Sequence[Card] | None, decks: Sequence[str | Sequence[Card]] | None
) -> Decks:
    """The ``deck=`` or ``decks=`` of ``new_game`` and ``apply``, each checked by :func:`chosen_deck`.

    One call can deal more than one deal — a deal dealt with a 31 under
    ``blitz`` is settled at once and the next one dealt (Rules §7.6, §8.6) — so
    ``decks`` gives one deck for each, in order; ``deck=d`` is ``decks=[d]``.
    A deal beyond the decks given is the seed's.
    """
    if deck is not None and decks is not None:
        raise CommerceError("give deck= or decks=, not both")
    if deck is not None:
        return (chosen_deck(rules, deck),)
    if decks is None:
        return ()
    if isinstance(decks, str) or not isinstance(decks, Sequence):
        raise CommerceError(f"decks must be a list of decks (one for each deal dealt), not {type(decks).__name__}")
    if any(isinstance(one, Card) for one in decks):
        raise CommerceError("decks is a list of decks, and this one holds cards: for one deck, use deck=")
    checked = []
    for at, one in enumerate(decks):
        try:
            checked.append(chosen_deck(rules, one))
        except CommerceError as error:
            raise CommerceError(f"decks[{at}]: {error}") from None
    return tuple(checked)


def check_decks_dealt(decks: Decks, deals: int) -> None:
    """Refuse decks left over: ``deals`` deals were dealt, and each deck given is for one of them."""
    if len(decks) > deals:
        given = f"{len(decks)} deck{'s' if len(decks) != 1 else ''} given"
        raise CommerceError(f"{given}; the call deals {deals}: a deck is for a deal that is dealt")


def deal(
    state: GameState,
    deal_number: int,
    dealer: int,
    carried: DealLog = EMPTY_LOG,
    *,
    deck: tuple[Card, ...] | None = None,
) -> Begun:
    """Shuffle deal ``deal_number`` from the state's seed and deal it, ``dealer`` dealing.

    ``carried`` events (what happened between the deals, such as a horse
    bought) open the new deal's history. ``deck``, a whole deck already
    checked by :func:`chosen_deck`, is dealt instead of the shuffle. The
    mechanism's :meth:`begin` answers, as a step: the deal may be over at once.
    """
    if deck is None:
        deck = _shuffled(state.rules, state.seed, deal_number)
    return lay_out(state, deal_number, dealer, deck, carried)


def lay_out(state: GameState, deal_number: int, dealer: int, deck: Sequence[Card], carried: DealLog = EMPTY_LOG) -> Begun:
    """Deal ``deck`` (top first) one card at a time from the eldest, then the widow; the rest is the stock."""
    variant = variant_of(state.rules)
    players, active = state.num_players, state.active
    count = len(active)
    cards = tuple(deck)
    in_hands = 3 * count
    seated: list[tuple[Card, ...]] = [()] * players  # a seat out of the match gets no hand
    for position, seat in enumerate(clockwise_from(active, dealer)):
        seated[seat] = cards[position:in_hands:count]  # one card at a time, round the table three times
    hands = tuple(seated)
    mechanism = variant.mechanism
    widow_end = in_hands + mechanism.widow_size
    pot, balances = variant.scoring.stakes(state)
    return mechanism.begin(state, deal_number, dealer, hands, cards[in_hands:widow_end], cards[widow_end:], pot, balances, carried)


def staked(state: GameState) -> GameState:
    """``state`` with its deal's stakes paid (the scoring's ``stakes``): a deal's start, for those who retell the match."""
    pot, balances = variant_of(state.rules).scoring.stakes(state)
    return scored(state, pot=pot, balances=balances, lives=state.lives, active=state.active, score=state.score)


def cards_of(what: str, cards: str | Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` read as :func:`~commerce_rules.parse_cards` reads them, an error naming ``what`` was read."""
    try:
        return parse_cards(cards)
    except CommerceError as error:
        raise CommerceError(f"{what}: {error}") from None

