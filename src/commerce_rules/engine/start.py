"""Starting a match: ``new_game``, and ``deal_position`` for a chosen position.

Both deal the first deal and then play it on as any deal is played on, so a
deal over as soon as it is dealt (a 31 dealt under ``blitz``) is settled here
too: they need the showdown, which deals through :mod:`~commerce_rules.engine.deal`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from ..core.cards import Card
from .deal import MAX_BALANCE, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, cards_of, check_decks_dealt, chosen_decks, deal, deck_for, first_dealer
from ..core.errors import CommerceError
from ..core.quoting import number, shown
from ..core.rules import Rules, check_rules
from .showdown import settled_if_over
from ..core.state import EMPTY_LOG, GameState, Phase
from .variant import variant_of

__all__ = ["check_table", "deal_position", "new_game"]


def check_table(rules: Rules, players: int) -> None:
    """Raise a :class:`CommerceError` unless ``players`` seats can play under ``rules`` (a ``Rules`` value)."""
    check_rules(rules)
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


def new_game(
    rules: Rules,
    players: int,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    deck: str | Sequence[Card] | None = None,
    decks: Sequence[str | Sequence[Card]] | None = None,
) -> GameState:
    """A new match of ``players`` (3 to 12) under ``rules``, its first deal dealt.

    ``seed`` (an int, or ``None`` for one drawn from the operating system's
    secure source) drives every shuffle; ``dealer`` is the first dealer's seat,
    drawn from the seed when ``None``. ``deck`` (every card of the variant's
    deck once, top first; see :func:`~commerce_rules.engine.deal.chosen_deck`) is
    dealt instead of the seed's shuffle for the first deal; the later deals
    are the seed's. A first deal dealt with a 31 under ``blitz`` (Thirty-One,
    or a widow game without the dealer's choice: Rules §7.6, §8.6) is settled
    at once and the second dealt too: ``decks`` gives a deck for each deal
    dealt, in order (see :func:`~commerce_rules.engine.deal.chosen_decks`).

    >>> from commerce_rules import FOSTER, new_game
    >>> state = new_game(FOSTER, 4, seed=7)
    >>> state.deal_number, len(state.hands), state.pot, state.balances
    (1, 4, 4, (-1, -1, -1, -1))
    """
    check_table(rules, players)
    seed = _fresh_seed(seed)
    chosen = chosen_decks(rules, deck, decks)
    if dealer is None:
        dealer = first_dealer(seed, players)
    dealer = _check_seat("dealer", dealer, players)
    state = _blank(rules, players, seed, dealer, (0,) * players, (rules.starting_lives,) * players)
    state = variant_of(rules).scoring.start_match(state)
    state = settled_if_over(deal(state, 1, dealer, deck=chosen[0] if chosen else None), chosen[1:])
    check_decks_dealt(chosen, state.deal_number)
    return state


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
    decks: Sequence[str | Sequence[Card]] | None = None,
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
    check_table(rules, players)
    chosen = chosen_decks(rules, None, decks)
    dealer = _check_seat("dealer", dealer, players)
    variant = variant_of(rules)
    lives_t = _lives_for(rules, players, lives)
    balances_t = _balances_for(players, balances)
    if any(balances_t) and not variant.scoring.has_money:
        raise CommerceError("this variant has no money (lives only): balances must be None or all 0")
    parsed = [cards_of(f"hand of seat {seat}", hand) for seat, hand in enumerate(hands)]
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
    widow_cards = cards_of("widow", widow) if widow is not None else None
    widow_size = variant.mechanism.widow_size
    if widow_size and (widow_cards is None or len(widow_cards) != widow_size):
        raise CommerceError(f"this variant has a widow: give its {widow_size} cards (widow=...)")
    if not widow_size and widow_cards is not None:
        raise CommerceError("this variant has no widow: leave widow=None")
    stock_top = cards_of("stock", stock)
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
    pot, balances = variant.scoring.stakes(state)
    begun = variant.mechanism.begin(state, 1, dealer, tuple(parsed), tuple(widow_cards or ()), stock_all, pot, balances, state.log)
    state = settled_if_over(begun, chosen)
    check_decks_dealt(chosen, state.deal_number - 1)  # the deals dealt after the position's own
    return state


def _lives_for(rules: Rules, players: int, lives: Sequence[int] | None) -> tuple[int, ...]:
    if lives is None:
        return (rules.starting_lives,) * players
    if not variant_of(rules).words.scoring.unit:
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
