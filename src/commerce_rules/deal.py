"""Starting matches and deals: ``new_game``, ``deal_position`` and the seeded shuffle.

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
import secrets
import struct
from collections.abc import Sequence
from typing import Final

from .cards import Card, parse_cards
from .deck import deck_for
from .errors import CommerceError
from .quoting import number, shown
from .rules import Rules
from .state import EMPTY_LOG, DealLog, GameState, Phase, clockwise_from, dealt
from .variant import variant_of

__all__ = ["MAX_BALANCE", "MAX_PLAYERS", "MAX_POINTS", "MAX_SEED", "MIN_PLAYERS", "deal_position", "deck_for", "first_dealer", "new_game", "shuffled_deck"]

MIN_PLAYERS = 3
MAX_PLAYERS = 12
MAX_SEED: Final = 2**128 - 1
"""The largest seed (seeds are whole numbers from 0 to 2**128 - 1: 128 bits are more than any shuffle draws)."""
MAX_POINTS: Final = 10**30
"""The largest balance, pot or payment a state document may hold (far beyond any match; keeps arithmetic exact)."""
MAX_BALANCE: Final = 10**24
"""The largest balance ``deal_position`` takes: a match played on from it stays far inside :data:`MAX_POINTS`."""

_WORDS: Final = {size: struct.Struct(f">{size}Q") for size in (52, 40, 32)}
_BOUNDS: Final = {size: tuple(range(size, 1, -1)) for size in (52, 40, 32)}


def _draws(seed: int, deal_number: int, count: int) -> tuple[int, ...]:
    """``count`` 64-bit numbers for deal ``deal_number`` of ``seed`` (deal 0 draws the first dealer)."""
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * count)
    return _WORDS[count].unpack(digest) if count in _WORDS else struct.unpack(f">{count}Q", digest)


def shuffled_deck(rules: Rules, seed: int, deal_number: int) -> list[Card]:
    """Deal ``deal_number``'s deck, top card first, as the seed ``seed`` shuffles it.

    >>> from commerce_rules import FOSTER
    >>> shuffled_deck(FOSTER, 7, 1) == shuffled_deck(FOSTER, 7, 1) != shuffled_deck(FOSTER, 7, 2)
    True
    """
    cards = list(deck_for(rules))
    size = len(cards)
    top = size - 1
    for word, bound in zip(_draws(seed, deal_number, size), _BOUNDS[size]):
        other = (word * bound) >> 64
        cards[top], cards[other] = cards[other], cards[top]
        top -= 1
    return cards


def first_dealer(seed: int, players: int) -> int:
    """The first dealer's seat that ``seed`` draws (the sources draw for it; a seeded draw is equivalent)."""
    return (_draws(seed, 0, 1)[0] * players) >> 64


def _check_rules_and_players(rules: Rules, players: int) -> None:
    if not isinstance(rules, Rules):
        raise CommerceError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise CommerceError(f"the number of players must be a whole number, not {shown(players)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CommerceError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {number(players)}")
    mechanism = variant_of(rules).mechanism
    needed = 3 * players + mechanism.cards_needed(players)
    if needed > rules.deck_size:
        fits = [n for n in range(MIN_PLAYERS, players) if 3 * n + mechanism.cards_needed(n) <= rules.deck_size]
        largest = f"at most {fits[-1]} players fit" if fits else "no table fits"
        raise CommerceError(
            f"{players} players need {needed} cards with these rules; the deck has {rules.deck_size}: {largest}"
        )


def _check_seat(name: str, seat: object, players: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise CommerceError(f"{name} must be a seat from 0 to {players - 1}, not {shown(seat)}")
    return seat


def _fresh_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CommerceError(f"seed must be a whole number or None, not {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise CommerceError("seed must be a whole number from 0 to 2**128 - 1")
    return seed


def new_game(rules: Rules, players: int, *, seed: int | None = None, dealer: int | None = None) -> GameState:
    """A new match of ``players`` (3 to 12) under ``rules``, its first deal dealt.

    ``seed`` (an int, or ``None`` for one drawn from the operating system's
    secure source) drives every shuffle; ``dealer`` is the first dealer's seat,
    drawn from the seed when ``None``.

    >>> from commerce_rules import FOSTER, new_game
    >>> state = new_game(FOSTER, 4, seed=7)
    >>> state.deal_number, len(state.hands), state.pot, state.balances
    (1, 4, 4, (-1, -1, -1, -1))
    """
    _check_rules_and_players(rules, players)
    seed = _fresh_seed(seed)
    if dealer is None:
        dealer = first_dealer(seed, players)
    dealer = _check_seat("dealer", dealer, players)
    state = _blank(rules, players, seed, dealer, (0,) * players, (rules.starting_lives,) * players)
    state = variant_of(rules).scoring.start_match(state)
    return deal(state, 1, dealer)


def _blank(
    rules: Rules, players: int, seed: int, dealer: int, balances: tuple[int, ...], lives: tuple[int, ...],
    out: tuple[int, ...] = (),
) -> GameState:
    scoring = variant_of(rules).scoring
    record = scoring.new_record(rules, out)
    return GameState(
        rules=rules,
        num_players=players,
        seed=seed,
        deal_number=1,
        dealer=dealer,
        phase=Phase.PLAY,
        to_act=None,
        hands=((),) * players,
        widow=(),
        stock=(),
        discard=(),
        pot=0,
        balances=balances,
        lives=lives,
        active=scoring.active_seats(lives, record),
        turn=None,
        score=record,
        log=EMPTY_LOG,
    )


def deal(state: GameState, deal_number: int, dealer: int, carried: DealLog = EMPTY_LOG) -> GameState:
    """Shuffle deal ``deal_number`` from the state's seed and deal it, ``dealer`` dealing.

    ``carried`` events (what happened between the deals, such as a horse
    bought) open the new deal's history.
    """
    return lay_out(state, deal_number, dealer, tuple(shuffled_deck(state.rules, state.seed, deal_number)), carried)


def lay_out(state: GameState, deal_number: int, dealer: int, deck: Sequence[Card], carried: DealLog = EMPTY_LOG) -> GameState:
    """Deal ``deck`` (top first) one card at a time from the eldest, then the widow; the rest is the stock."""
    variant = variant_of(state.rules)
    order = clockwise_from(state.active, dealer)
    count = len(order)
    in_hands = 3 * count
    cards = deck if type(deck) is tuple else tuple(deck)  # slices of a tuple are tuples: no copy to convert
    hands: list[tuple[Card, ...]] = [()] * state.num_players
    for position, seat in enumerate(order):
        hands[seat] = cards[position:in_hands:count]
    widow_end = in_hands + variant.mechanism.widow_size
    state = dealt(
        state,
        deal_number=deal_number,
        dealer=dealer,
        hands=tuple(hands),
        widow=cards[in_hands:widow_end],
        stock=cards[widow_end:],
        log=carried,
    )
    return variant.mechanism.begin(variant.scoring.start_deal(state))


def deal_position(
    rules: Rules,
    *,
    hands: Sequence[str | Sequence[Card]],
    dealer: int,
    stock: str | Sequence[Card] = (),
    widow: str | Sequence[Card] | None = None,
    balances: Sequence[int] | None = None,
    lives: Sequence[int] | None = None,
    seed: int | None = None,
) -> GameState:
    """A chosen position, as if just dealt: the deal's start is played as a real deal's would be.

    ``hands`` gives each seat's cards in deal order (empty for a seat without
    lives); ``stock`` its top cards, top first, the unlisted cards following in
    deck order; ``widow`` the 3 face-up cards where the variant has a widow.
    ``balances`` are before this deal's ante, each from -10**24 to 10**24, all
    0 where the scoring has no money (lives); ``lives`` default to
    ``starting_lives`` each. ``seed`` drives the later deals.

    >>> from commerce_rules import FOSTER, deal_position
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
    >>> state.to_act, state.pot, [str(card) for card in state.stock[:2]]
    (1, 3, ['8♠', '2♦'])
    """
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise CommerceError("hands must be a list with one hand per seat")
    players = len(hands)
    _check_rules_and_players(rules, players)
    dealer = _check_seat("dealer", dealer, players)
    variant = variant_of(rules)
    lives_t = _lives_for(rules, players, lives)
    balances_t = _balances_for(players, balances)
    if any(balances_t) and not variant.scoring.has_money:
        raise CommerceError("this variant has no money (lives only): balances must be None or all 0")
    parsed = [_cards(f"hand of seat {seat}", hand) for seat, hand in enumerate(hands)]
    # A seat with no lives and no hand is out; with a free ride, one with no lives and a hand swims.
    out = tuple(seat for seat in range(players) if lives_t[seat] == 0 and not parsed[seat])
    active = variant.scoring.active_seats(lives_t, variant.scoring.new_record(rules, out))
    if len(active) < 2:
        raise CommerceError("at least two players must have lives left")
    if dealer not in active:
        raise CommerceError(f"the dealer, seat {dealer}, has no lives left")
    for seat, hand in enumerate(parsed):
        wanted = 3 if seat in active else 0
        if len(hand) != wanted:
            raise CommerceError(f"seat {seat} must hold {wanted} cards, not {len(hand)}")
    widow_cards = _cards("widow", widow) if widow is not None else None
    widow_size = variant.mechanism.widow_size
    if widow_size and (widow_cards is None or len(widow_cards) != widow_size):
        raise CommerceError(f"this variant has a widow: give its {widow_size} cards (widow=...)")
    if not widow_size and widow_cards is not None:
        raise CommerceError("this variant has no widow: leave widow=None")
    stock_top = _cards("stock", stock)
    listed = [card for hand in parsed for card in hand] + list(widow_cards or ()) + list(stock_top)
    deck = deck_for(rules)
    in_deck = set(deck)
    seen: set[Card] = set()
    for card in listed:
        if card not in in_deck:
            raise CommerceError(f"{card} is not in this variant's {len(deck)}-card deck")
        if card in seen:
            raise CommerceError(f"{card} is given twice")
        seen.add(card)
    rest = [card for card in deck if card not in seen]
    stock_all = tuple(stock_top) + tuple(rest)
    needed = variant.mechanism.cards_needed(players)
    if len(stock_all) + len(widow_cards or ()) < needed:
        raise CommerceError(f"the stock must hold at least {needed - len(widow_cards or ())} cards")
    state = _blank(rules, players, _fresh_seed(seed), dealer, balances_t, lives_t, out)
    state = variant.scoring.start_match(state)
    state = state._replace(hands=tuple(parsed), widow=tuple(widow_cards or ()), stock=stock_all)
    return variant.mechanism.begin(variant.scoring.start_deal(state))


def _cards(what: str, cards: str | Sequence[Card]) -> tuple[Card, ...]:
    try:
        return parse_cards(cards)
    except CommerceError as error:
        raise CommerceError(f"{what}: {error}") from None


def _lives_for(rules: Rules, players: int, lives: Sequence[int] | None) -> tuple[int, ...]:
    if lives is None:
        return (rules.starting_lives,) * players
    if not variant_of(rules).scoring.unit:
        raise CommerceError("lives apply only where the scoring has lives or counters: with a ledger nobody is eliminated")
    if not isinstance(lives, Sequence) or isinstance(lives, str):
        raise CommerceError(f"lives must be a list of {players} whole numbers")
    values = tuple(lives)
    start = rules.starting_lives
    if len(values) != players or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= start for v in values):
        raise CommerceError(f"lives must be {players} whole numbers from 0 to starting_lives ({start}), not {shown(values)}")
    return values


def _balances_for(players: int, balances: Sequence[int] | None) -> tuple[int, ...]:
    if balances is None:
        return (0,) * players
    if not isinstance(balances, Sequence) or isinstance(balances, str):
        raise CommerceError(f"balances must be a list of {players} whole numbers")
    values = tuple(balances)
    if len(values) != players or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise CommerceError(f"balances must be {players} whole numbers, not {shown(values)}")
    if any(not -MAX_BALANCE <= v <= MAX_BALANCE for v in values):
        raise CommerceError(f"a balance must be from -10**24 to 10**24, not {shown(max(values, key=abs))}")
    if sum(values) != 0:
        raise CommerceError(f"balances must sum to 0 (every point is a transfer), not {number(sum(values))}")
    return values
