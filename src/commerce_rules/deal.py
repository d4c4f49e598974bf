"""Starting matches and deals: ``new_game``, ``deal_position`` and the seeded shuffle.

Randomness is data: the seed lives in the state, and deal ``k``'s shuffle is
derived from ``(seed, k)`` alone, so a match is reproducible from its rules,
player count, seed and actions on any machine. The shuffle is a
Fisher-Yates shuffle written here, drawing only on ``random.Random.random()``
seeded with an integer from SHA-256 — the one part of the ``random`` module
whose sequence Python promises to keep across versions (``shuffle`` and
``randrange`` carry no such promise).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence

from .cards import DECK_40, DECK_52, Card, parse_cards
from .errors import CommerceError
from .mechanisms import mechanism_part
from .rules import Rules, Scoring
from .scoring import scoring_part
from .state import Event, GameState, Phase, TurnState, evolve, next_active

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "deal_position", "deck_for", "first_dealer", "new_game", "shuffled_deck"]

MIN_PLAYERS = 3
MAX_PLAYERS = 12


def deck_for(rules: Rules) -> tuple[Card, ...]:
    """The deck a variant plays with, in deck order."""
    return DECK_40 if rules.deck_size == 40 else DECK_52


def _rng(seed: int, deal_number: int) -> random.Random:
    digest = hashlib.sha256(f"commerce-rules:{seed}:{deal_number}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _below(rng: random.Random, bound: int) -> int:
    """A whole number in ``0 .. bound - 1`` from ``random()`` alone (bias below 2**-45 for a deck)."""
    return int(rng.random() * bound)


def shuffled_deck(rules: Rules, seed: int, deal_number: int) -> list[Card]:
    """Deal ``deal_number``'s deck, top card first, as the seed ``seed`` shuffles it.

    >>> from commerce_rules import FOSTER
    >>> shuffled_deck(FOSTER, 7, 1) == shuffled_deck(FOSTER, 7, 1) != shuffled_deck(FOSTER, 7, 2)
    True
    """
    cards = list(deck_for(rules))
    rng = _rng(seed, deal_number)
    for top in range(len(cards) - 1, 0, -1):
        other = _below(rng, top + 1)
        cards[top], cards[other] = cards[other], cards[top]
    return cards


def first_dealer(seed: int, players: int) -> int:
    """The first dealer's seat that ``seed`` draws (the sources draw for it; a seeded draw is equivalent)."""
    return _below(_rng(seed, 0), players)


def _check_rules_and_players(rules: Rules, players: int) -> None:
    if not isinstance(rules, Rules):
        raise CommerceError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise CommerceError(f"the number of players must be a whole number, not {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CommerceError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    needed = 3 * players + mechanism_part(rules).cards_needed(players)
    if needed > rules.deck_size:
        raise CommerceError(
            f"{players} players need {needed} cards with these rules; the deck has {rules.deck_size}"
        )


def _check_seat(name: str, seat: object, players: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise CommerceError(f"{name} must be a seat from 0 to {players - 1}, not {seat!r}")
    return seat


def _fresh_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CommerceError(f"seed must be a whole number or None, not {seed!r}")
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
    state = scoring_part(rules).start_match(state)
    return deal(state, 1, dealer)


def _blank(
    rules: Rules, players: int, seed: int, dealer: int, balances: tuple[int, ...], lives: tuple[int, ...]
) -> GameState:
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
        turn=TurnState(turn_of=dealer),
    )


def deal(state: GameState, deal_number: int, dealer: int, carried: tuple[Event, ...] = ()) -> GameState:
    """Shuffle deal ``deal_number`` from the state's seed and deal it, ``dealer`` dealing.

    ``carried`` events (what happened between the deals, such as a horse
    bought) open the new deal's history.
    """
    deck = shuffled_deck(state.rules, state.seed, deal_number)
    return _lay_out(state, deal_number, dealer, deck, carried)


def _lay_out(
    state: GameState, deal_number: int, dealer: int, deck: Sequence[Card], carried: tuple[Event, ...] = ()
) -> GameState:
    """Deal ``deck`` (top first) one card at a time from the eldest, then the widow; the rest is the stock."""
    players = state.num_players
    order = []
    seat = dealer
    for _ in range(players):
        seat = (seat + 1) % players
        if state.lives[seat] > 0:
            order.append(seat)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(3):
        for seat in order:
            hands[seat].append(deck[position])
            position += 1
    widow_size = 3 if state.rules.has_widow else 0
    widow = tuple(deck[position : position + widow_size])
    position += widow_size
    state = evolve(
        state,
        deal_number=deal_number,
        dealer=dealer,
        hands=tuple(tuple(hand) for hand in hands),
        widow=widow,
        stock=tuple(deck[position:]),
        discard=(),
        history=carried,
        turn=TurnState(turn_of=next_active(state.lives, dealer)),
    )
    state = scoring_part(state.rules).start_deal(state)
    return mechanism_part(state.rules).begin(state)


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
    ``balances`` are before this deal's ante; ``lives`` default to
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
    lives_t = _lives_for(rules, players, lives)
    balances_t = _balances_for(players, balances)
    if lives_t[dealer] == 0:
        raise CommerceError(f"the dealer, seat {dealer}, has no lives left")
    parsed = [_cards(f"hand of seat {seat}", hand) for seat, hand in enumerate(hands)]
    for seat, hand in enumerate(parsed):
        wanted = 3 if lives_t[seat] > 0 else 0
        if len(hand) != wanted:
            raise CommerceError(f"seat {seat} must hold {wanted} cards, not {len(hand)}")
    widow_cards = _cards("widow", widow) if widow is not None else None
    if rules.has_widow and (widow_cards is None or len(widow_cards) != 3):
        raise CommerceError("this variant has a widow: give its 3 cards (widow=...)")
    if not rules.has_widow and widow_cards is not None:
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
    needed = mechanism_part(rules).cards_needed(players)
    if len(stock_all) + len(widow_cards or ()) < needed:
        raise CommerceError(f"the stock must hold at least {needed - len(widow_cards or ())} cards")
    state = _blank(rules, players, _fresh_seed(seed), dealer, balances_t, lives_t)
    state = scoring_part(rules).start_match(state)
    state = evolve(
        state,
        hands=tuple(parsed),
        widow=tuple(widow_cards or ()),
        stock=stock_all,
        turn=TurnState(turn_of=next_active(lives_t, dealer)),
    )
    state = scoring_part(rules).start_deal(state)
    return mechanism_part(rules).begin(state)


def _cards(what: str, cards: str | Sequence[Card]) -> tuple[Card, ...]:
    try:
        return parse_cards(cards)
    except CommerceError as error:
        raise CommerceError(f"{what}: {error}") from None


def _lives_for(rules: Rules, players: int, lives: Sequence[int] | None) -> tuple[int, ...]:
    if lives is None:
        return (rules.starting_lives,) * players
    if rules.scoring is Scoring.LEDGER:
        raise CommerceError("lives apply only where the scoring has lives or counters: with a ledger nobody is eliminated")
    values = tuple(lives)
    start = rules.starting_lives
    if len(values) != players or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= start for v in values):
        raise CommerceError(f"lives must be {players} whole numbers from 0 to starting_lives ({start}), not {values!r}")
    if sum(1 for v in values if v > 0) < 2:
        raise CommerceError("at least two players must have lives left")
    return values


def _balances_for(players: int, balances: Sequence[int] | None) -> tuple[int, ...]:
    if balances is None:
        return (0,) * players
    values = tuple(balances)
    if len(values) != players or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise CommerceError(f"balances must be {players} whole numbers, not {values!r}")
    if sum(values) != 0:
        raise CommerceError(f"balances must sum to 0 (every point is a transfer), not {sum(values)}")
    return values
