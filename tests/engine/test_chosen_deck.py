"""Dealing from a chosen deck: ``new_game(..., deck=...)`` and ``apply(..., deck=...)``.

The hook a program uses to choose each deal's cards itself (OpenSpiel's
chance nodes): a deal from a chosen deck is exactly the deal the seed's
shuffle would give with those cards, and nothing else changes.
"""

from __future__ import annotations

import importlib

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    Card,
    HOYLE,
    PRESETS,
    THIRTY_ONE,
    TRENTUNO,
    CommerceError,
    Knock,
    Rules,
    ShowdownReason,
    apply,
    deal_position,
    legal_actions,
    new_game,
    parse_cards,
)
from commerce_rules.engine.deal import MAX_SEED, chosen_deck, deck_for, shuffled_deck

from helpers import always, deck_dealing_a_31, kind_first, random_walk

PRESET_RULES = sorted(PRESETS.items())


@pytest.mark.parametrize(("name", "rules"), PRESET_RULES)
def test_a_first_deal_from_the_seeds_own_deck_is_the_seeds_deal(name: str, rules: Rules) -> None:
    for seed in range(3):
        expected = new_game(rules, 4, seed=seed)
        chosen = new_game(rules, 4, seed=seed, deck=shuffled_deck(rules, seed, 1))
        assert chosen == expected


@pytest.mark.parametrize(("name", "rules"), PRESET_RULES)
def test_a_chosen_first_deck_is_dealt_one_card_at_a_time_from_the_eldest(name: str, rules: Rules) -> None:
    deck = list(deck_for(rules))
    random.Random(name).shuffle(deck)
    state = new_game(rules, 3, seed=1, dealer=2, deck=deck)
    assert state.deal_number == 1 and state.dealer == 2
    hands = {card for hand in state.hands for card in hand}
    assert hands <= set(deck[:10])  # 9 cards to the hands (a pounce's fourth card comes later)
    if rules is not HOYLE:  # Hoyle's dealer exchanges blind at once, so the seats' hands are as dealt only before
        assert state.hands[0][0] == deck[0] and state.hands[1][0] == deck[1] and state.hands[2][0] == deck[2]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([rules for _, rules in PRESET_RULES]), st.integers(0, 10**6), st.integers(3, 5))
def test_every_later_deal_from_the_seeds_deck_is_the_seeds_deal(rules: Rules, seed: int, players: int) -> None:
    state = new_game(rules, players, seed=seed)
    seeds = [shuffled_deck(rules, seed, number) for number in range(1, state.deal_number + 1)]
    assert new_game(rules, players, seed=seed, decks=seeds) == state
    for before, action, after in random_walk(state, random.Random(seed), policy=kind_first(random.Random(seed))):
        if after.deal_number != before.deal_number:
            # deck= deals the next deal; one step can settle that one too (a 31 dealt in Thirty-One,
            # Rules §8.6), and the deal after it comes from the seed as before -- or from decks=
            assert apply(before, action, deck=shuffled_deck(rules, seed, before.deal_number + 1)) == after
            dealt = range(before.deal_number + 1, after.deal_number + 1)
            assert apply(before, action, decks=[shuffled_deck(rules, seed, number) for number in dealt]) == after


def test_a_later_deal_from_a_chosen_deck_holds_those_cards() -> None:
    steps = random_walk(new_game(FOSTER, 3, seed=4), random.Random(4), policy=always(Knock))
    before, action, after = next((b, a, c) for b, a, c in steps if c.deal_number == 2)
    deck = deck_for(FOSTER)[::-1]
    redealt = apply(before, action, deck=deck)
    assert {card for hand in redealt.hands for card in hand} == set(deck[:9])
    assert redealt.stock == deck[9:]
    assert (redealt.balances, redealt.dealer, redealt.showdowns) == (after.balances, after.dealer, after.showdowns)


def test_a_deck_with_an_action_that_deals_no_new_deal_is_refused() -> None:
    state = new_game(FOSTER, 3, seed=4)
    buy = legal_actions(state)[0]  # a purchase: the deal goes on
    assert apply(state, buy).deal_number == 1
    with pytest.raises(CommerceError, match="deals none"):
        apply(state, buy, deck=deck_for(FOSTER))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (deck_for(FOSTER)[:-1], "52 cards once each, not 51 cards"),
        (deck_for(FOSTER)[:-1] + deck_for(FOSTER)[:1], "2♣ once each: 2♠ is missing|is missing"),
        ("A♠ A♠", "not 2 cards"),
        ("Z♠", "deck"),
    ],
)
def test_a_deck_that_is_not_the_whole_deck_once_is_a_commerce_error(deck: object, message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        new_game(FOSTER, 3, seed=1, deck=deck)  # type: ignore[arg-type]


def test_a_trentuno_deck_must_be_its_own_40_cards() -> None:
    with pytest.raises(CommerceError, match="40 cards once each"):
        chosen_deck(TRENTUNO, deck_for(FOSTER))
    assert chosen_deck(TRENTUNO, deck_for(TRENTUNO)) == deck_for(TRENTUNO)


# ---- several decks: a step that deals more than one deal (a 31 dealt in Thirty-One, Rules §8.6) --------


def test_a_deal_dealt_with_a_31_is_settled_and_the_next_deck_deals_the_next_deal() -> None:
    first = deck_dealing_a_31(THIRTY_ONE, 3)
    second = list(deck_for(THIRTY_ONE))[::-1]
    state = new_game(THIRTY_ONE, 3, seed=5, dealer=2, decks=[first, second])
    assert [showdown.reason for showdown in state.showdowns] == [ShowdownReason.BLITZ]
    assert state.deal_number == 2 and state.dealer == 0
    assert state.hands[1] == tuple(second[0:9:3]) and state.discard == (second[9],)


def test_a_deal_beyond_the_given_decks_is_the_seeds() -> None:
    first = deck_dealing_a_31(THIRTY_ONE, 3)
    state = new_game(THIRTY_ONE, 3, seed=5, dealer=2, decks=[first])
    assert state == new_game(THIRTY_ONE, 3, seed=5, dealer=2, deck=first)
    seeds = shuffled_deck(THIRTY_ONE, 5, 2)
    assert state.deal_number == 2 and state.hands[1] == tuple(seeds[0:9:3])


def test_an_action_that_deals_two_deals_takes_two_decks() -> None:
    steps = random_walk(new_game(THIRTY_ONE, 3, seed=4), random.Random(4), policy=kind_first(random.Random(4)))
    before, action = next((b, a) for b, a, c in steps if c.deal_number != b.deal_number)
    first, second = deck_dealing_a_31(THIRTY_ONE, 3), list(deck_for(THIRTY_ONE))[::-1]
    after = apply(before, action, decks=[first, second])
    assert after.deal_number == before.deal_number + 2
    blitz = after.showdowns[-1]
    assert blitz.reason is ShowdownReason.BLITZ and set(blitz.hands[blitz.winner]) == set(parse_cards("A♠ K♠ Q♠"))
    eldest = (after.dealer + 1) % 3
    assert after.hands[eldest] == tuple(second[0:9:3])
    with pytest.raises(CommerceError, match="3 decks given; the call deals 2"):
        apply(before, action, decks=[first, second, second])


def test_more_decks_than_a_step_deals_are_refused() -> None:
    first, second = list(deck_for(THIRTY_ONE)), list(deck_for(THIRTY_ONE))[::-1]
    state = new_game(THIRTY_ONE, 3, seed=5, dealer=2, decks=[first])
    assert state.deal_number == 1  # no 31 dealt: one deal
    with pytest.raises(CommerceError, match="2 decks given; the call deals 1"):
        new_game(THIRTY_ONE, 3, seed=5, dealer=2, decks=[first, second])


def test_a_position_dealt_with_a_31_deals_the_next_deal_from_the_decks_given() -> None:
    hands = ["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "4♣ 6♦ 7♥"]  # seat 1 holds 31 as dealt: the position is settled at once
    second = list(deck_for(THIRTY_ONE))[::-1]
    state = deal_position(THIRTY_ONE, hands=hands, dealer=0, seed=6, decks=[second])
    assert [showdown.reason for showdown in state.showdowns] == [ShowdownReason.BLITZ]
    assert state.deal_number == 2 and state.dealer == 1 and state.hands[2] == tuple(second[0:9:3])
    assert deal_position(THIRTY_ONE, hands=hands, dealer=0, seed=6) == deal_position(
        THIRTY_ONE, hands=hands, dealer=0, seed=6, decks=[shuffled_deck(THIRTY_ONE, 6, 2)]
    )  # without decks, the seed's


def test_a_position_that_deals_no_next_deal_refuses_a_deck() -> None:
    with pytest.raises(CommerceError, match="1 deck given; the call deals 0"):
        deal_position(THIRTY_ONE, hands=["2♣ 3♦ 5♥", "A♠ K♠ 9♠", "4♣ 6♦ 7♥"], dealer=0, decks=[deck_for(THIRTY_ONE)])
    with pytest.raises(CommerceError, match=r"decks\[0\]: a deck must hold the variant's 52 cards once each"):
        deal_position(THIRTY_ONE, hands=["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "4♣ 6♦ 7♥"], dealer=0, decks=["A♠ K♠"])


def test_deck_and_decks_together_are_refused() -> None:
    deck = deck_for(FOSTER)
    with pytest.raises(CommerceError, match="deck= or decks=, not both"):
        new_game(FOSTER, 3, seed=1, deck=deck, decks=[deck])
    with pytest.raises(CommerceError, match="decks must be a list of decks"):
        new_game(FOSTER, 3, seed=1, decks="A♠ K♠")


def test_new_game_and_deal_position_are_still_found_in_the_deal_module_with_a_warning() -> None:
    old_home = importlib.import_module("commerce_rules.deal")

    with pytest.warns(DeprecationWarning, match="new_game moved to commerce_rules.engine.start"):
        assert old_home.new_game is new_game
    with pytest.warns(DeprecationWarning, match="deal_position moved"):
        assert old_home.deal_position is deal_position
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        old_home.nothing  # noqa: B018


def test_a_deck_whose_31_ends_the_match_is_the_last_deck_dealt() -> None:
    rules = THIRTY_ONE.replace(deal_limit=2)
    steps = random_walk(new_game(rules, 3, seed=4), random.Random(4), policy=kind_first(random.Random(4)))
    before, action = next((b, a) for b, a, c in steps if c.deal_number != b.deal_number or c.is_over)
    after = apply(before, action, decks=[deck_dealing_a_31(rules, 3)])
    assert after.is_over and after.deal_number == 2 and after.showdowns[-1].reason is ShowdownReason.BLITZ
    with pytest.raises(CommerceError, match="2 decks given; the call deals 1"):
        apply(before, action, decks=[deck_dealing_a_31(rules, 3), deck_for(rules)])


def test_decks_given_as_one_deck_or_with_a_bad_deck_say_which() -> None:
    with pytest.raises(CommerceError, match="decks is a list of decks, and this one holds cards: for one deck, use deck="):
        new_game(FOSTER, 3, seed=1, decks=deck_for(FOSTER))  # type: ignore[arg-type]
    with pytest.raises(CommerceError, match=r"decks\[1\]: a deck must hold the variant's 52 cards once each, not 2 cards"):
        new_game(THIRTY_ONE, 3, seed=1, dealer=2, decks=[deck_dealing_a_31(THIRTY_ONE, 3), "A♠ K♠"])


# ---- the seed's shuffle is fixed: the same cards in every version -------------------------------------------


@pytest.mark.parametrize(
    ("rules", "first", "last"),
    [
        (FOSTER, "6♦ A♦ 2♠ 3♠ 9♦ A♥ J♣ K♠", "7♦ 3♠ 9♦ 3♦"),
        (TRENTUNO, "3♠ J♠ A♥ Q♣ A♦ K♦ 5♠ 7♥", "6♣ 3♦ 7♥ 3♣"),
        (THIRTY_ONE.replace(deck_size=32), "J♦ A♥ J♥ Q♣ A♠ J♣ Q♠ 10♦", "10♣ 8♣ J♦ 7♠"),
    ],
)
def test_a_seed_deals_the_same_cards_in_every_version(rules: Rules, first: str, last: str) -> None:
    # Pinned from the shuffle as 0.1.0 defined it (SHAKE-256, Fisher-Yates): a stored seed and its actions replay.
    assert shuffled_deck(rules, 0, 1)[:8] == list(parse_cards(first))
    assert shuffled_deck(rules, 2**100, 7)[-4:] == list(parse_cards(last))


def test_a_seed_draws_the_same_first_dealer_in_every_version() -> None:
    from commerce_rules.engine.deal import first_dealer

    assert [first_dealer(seed, 6) for seed in range(8)] == [3, 1, 2, 0, 3, 2, 1, 1]
    assert first_dealer(2**127, 12) == 2


def _reference_shuffle(rules: Rules, seed: int, deal_number: int) -> list[Card]:
    """The shuffle as 0.1.0 wrote it: SHAKE-256 of the seed and deal, then the Fisher-Yates loop."""
    import hashlib

    cards = list(deck_for(rules))
    top = len(cards) - 1
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * top)
    for step in range(top):
        word = int.from_bytes(digest[8 * step : 8 * step + 8], "big")
        other = (word * (top + 1)) >> 64
        cards[top], cards[other] = cards[other], cards[top]
        top -= 1
    return cards


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([FOSTER, TRENTUNO, THIRTY_ONE.replace(deck_size=32)]),
    st.integers(min_value=0, max_value=MAX_SEED),
    st.integers(min_value=1, max_value=10**6),
)
def test_the_shuffle_is_the_fisher_yates_loop_for_every_seed_and_deal(rules: Rules, seed: int, deal_number: int) -> None:
    assert shuffled_deck(rules, seed, deal_number) == _reference_shuffle(rules, seed, deal_number)


def _carries(rules: Rules, seed: int, deal_number: int) -> bool:
    """Whether some draw of this shuffle leaves its position in doubt from its top 16 bits (read whole, then)."""
    import hashlib

    top = len(deck_for(rules)) - 1
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * top)
    for step in range(top):
        bound = top + 1 - step
        if (int.from_bytes(digest[8 * step : 8 * step + 2], "big") * bound) & 0xFFFF > 65536 - bound:
            return True
    return False


@pytest.mark.parametrize("rules", [FOSTER, TRENTUNO, THIRTY_ONE.replace(deck_size=32)], ids=["52", "40", "32"])
def test_the_shuffle_is_the_fisher_yates_loop_where_a_draw_needs_all_its_64_bits(rules: Rules) -> None:
    # The shuffle finds each position from a draw's top byte, then from its second where the top byte leaves it in
    # doubt (about 5 draws of a 52-card shuffle), and reads the whole draw where even the two leave it in doubt:
    # the shuffles with such a draw (about one in 50), found and checked.
    carrying = [seed for seed in range(3_000) if _carries(rules, seed, 1)][:10]
    assert len(carrying) == 10
    for seed in carrying:
        assert shuffled_deck(rules, seed, 1) == _reference_shuffle(rules, seed, 1)


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=2, max_value=52), st.integers(min_value=0, max_value=2**64 - 1))
def test_a_draws_top_byte_gives_its_position_or_leaves_it_to_the_whole_draw(bound: int, word: int) -> None:
    from commerce_rules.engine.deal import _positions

    position = _positions(bound)[word >> 56]
    assert position is None or position == (word * bound) >> 64
    # and a byte is in doubt only where two of its draws pick different positions
    least, greatest = word >> 56 << 56, (word >> 56 << 56) + 2**56 - 1
    assert (position is None) == ((least * bound) >> 64 != (greatest * bound) >> 64)


@st.composite
def _tables(draw: st.DrawFn) -> tuple[int, tuple[int, ...], int]:
    """A table: its seats, the seats still in play (two or more, in seat order) and a dealer among them."""
    players = draw(st.integers(min_value=3, max_value=12))
    active = tuple(sorted(draw(st.sets(st.integers(min_value=0, max_value=players - 1), min_size=2))))
    return players, active, draw(st.sampled_from(active))


@settings(max_examples=200, deadline=None)
@given(_tables(), st.randoms(use_true_random=False))
def test_the_hands_are_dealt_one_card_at_a_time_clockwise_from_the_eldest_to_the_seats_in_play(
    table: tuple[int, tuple[int, ...], int], rng: random.Random
) -> None:
    from commerce_rules.engine.deal import lay_out
    from commerce_rules.core.state import clockwise_from

    players, active, dealer = table
    deck = list(deck_for(CRP))
    rng.shuffle(deck)
    table_state = new_game(CRP, players, seed=1)  # then the seats out of the match lose their lives
    table_state = table_state._replace(active=active, lives=tuple(3 if seat in active else 0 for seat in range(players)))
    state, _ = lay_out(table_state, 2, dealer, deck)
    order = clockwise_from(active, dealer)  # the eldest first, the dealer last
    count = len(active)
    for seat in range(players):
        position = order.index(seat) if seat in active else None
        assert state.hands[seat] == (() if position is None else tuple(deck[position : 3 * count : count]))
    assert state.widow == tuple(deck[3 * count : 3 * count + 3]) and state.stock == tuple(deck[3 * count + 3 :])
