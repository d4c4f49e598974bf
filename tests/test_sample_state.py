"""``sample_state`` (API.md "For bot authors"): a whole state consistent with one seat's observation.

Along random play of every preset and mechanism x scoring pair, the sample
is observed exactly as the real state was, it is a valid state (its JSON
reads back), it has the same legal actions when the seat acts in both, and
the same seed gives the same sample. Crafted positions check what the
history pins down (a card given in barter, bought away, taken from the
widow, a pounce's quad, the blind exchange); frequency tests with a fixed
seed check that every consistent placement is equally likely.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    ArgumentTypeError,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    Card,
    CommerceError,
    Exchange,
    GameState,
    Knock,
    Observation,
    Pass,
    Phase,
    Pounce,
    apply,
    deal_position,
    legal_actions,
    observe,
    parse_cards,
    sample_state,
    state_from_json,
    to_json,
)
from helpers import play
from test_properties import HEAVY, VARIANTS, Variant, games


def check_sample(state: GameState, seat: int, seed: int) -> GameState:
    view = observe(state, seat)
    sample = sample_state(view, seed)
    assert observe(sample, seat) == view
    assert state_from_json(to_json(sample)) == sample, "the sample is a valid state"
    if state.to_act == seat and sample.to_act == seat:  # (a placement may imply another seat's hidden pounce question)
        assert legal_actions(sample) == legal_actions(state)
    assert sample_state(view, seed) == sample, "a seed gives a reproducible sample"
    return sample


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_the_sample_is_observed_as_the_state_was_and_is_a_valid_state(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    rng = random.Random(game.action_seed)
    for index in game.window(states):
        state = states[index]
        seats = {rng.randrange(game.players)}
        if state.to_act is not None:
            seats.add(state.to_act)
        for seat in sorted(seats):
            check_sample(state, seat, rng.randrange(2**32))


# ---- what the history pins down ---------------------------------------------------------------------

FOSTER_HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦", "9♣ 9♦ J♥"]


def places(sample: GameState, card: Card) -> str:
    for seat, hand in enumerate(sample.hands):
        if card in hand:
            return f"hand {seat}"
    return "stock" if card in sample.stock else "discard" if card in sample.discard else "widow"


def test_a_card_given_in_barter_stays_in_the_partners_hand_until_the_partner_moves_unseen() -> None:
    king, six = parse_cards("K♦ 6♠")
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)  # seat 1 acts first and offers to seat 2
    state = play(state, Barter(1, king), BarterReply(2, Card.parse("A♥")))
    assert {places(check_sample(state, 1, seed), king) for seed in range(30)} == {"hand 2"}
    state = play(state, Buy(2, Card.parse("4♦")))  # seat 2 buys unseen by seat 1: K♦ may have gone to the discard
    seen = Counter(places(check_sample(state, 1, seed), king) for seed in range(200))
    assert set(seen) == {"hand 2", "discard"}, "never back in the stock, never in another hand"
    state = play(state, Buy(3, Card.parse("9♣")), Buy(0, Card.parse("3♣")), Buy(1, six))  # seat 1 buys with 6♠
    assert {places(check_sample(state, 1, seed), six) for seed in range(30)} == {"discard"}


def test_a_barter_between_other_seats_may_move_a_card_the_observer_gave() -> None:
    king = Card.parse("K♦")
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    state = play(state, Barter(1, king), BarterReply(2, Card.parse("A♥")), Barter(2, king), BarterReply(3, Card.parse("9♦")))
    seen = {places(check_sample(state, 1, seed), king) for seed in range(100)}
    assert seen == {"hand 2", "hand 3"}


def test_an_offer_waiting_for_the_observers_answer_is_one_of_the_offerers_cards() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    state = play(state, Barter(1, Card.parse("K♦")))
    for seed in range(20):
        sample = check_sample(state, 2, seed)
        assert sample.phase is Phase.BARTER_REPLY and sample.turn.offer in sample.hands[1]


def test_a_card_taken_from_the_widow_is_in_the_takers_hand_and_a_pounce_shows_a_quad() -> None:
    state = deal_position(POUNCE, hands=["2♣ 2♦ 2♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦", "9♣ 9♦ J♥"], widow="3♣ 9♥ Q♠", dealer=0)
    state = play(state, Exchange(1, Card.parse("6♠"), Card.parse("9♥")))  # seat 1 takes 9♥: nobody can pounce on 9s now
    assert {places(check_sample(state, 0, seed), Card.parse("9♥")) for seed in range(20)} == {"hand 1"}
    quad = deal_position(POUNCE, hands=["2♣ 2♦ 2♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♠ 9♥ Q♠", dealer=2)
    assert quad.phase is Phase.POUNCE and quad.to_act == 0
    quad = apply(quad, Pounce(0))
    for seed in range(10):
        assert set(check_sample(quad, 1, seed).hands[0]) == set(parse_cards("2♣ 2♦ 2♥ 2♠"))


def test_another_seats_pounce_question_is_imagined_where_the_placement_allows_one() -> None:
    state = deal_position(POUNCE, hands=["2♣ 2♦ 2♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♠ 9♥ Q♠", dealer=2)
    assert state.phase is Phase.POUNCE and state.to_act == 0  # seat 0 is being asked; seat 1 sees seat 0's turn
    for seed in range(50):  # valid states: state_from_json checks that the first seat able to pounce is asked
        check_sample(state, 1, seed)
    asked = check_sample(state, 0, 1)
    assert asked.phase is Phase.POUNCE and asked.to_act == 0
    declined = apply(state, Pass(0))
    for seed in range(20):
        sample = check_sample(declined, 0, seed)
        assert 0 in sample.turn.declined


def test_hoyles_dealer_before_the_blind_exchange_has_a_hand_hidden_from_itself_and_after_it_holds_what_it_took() -> None:
    state = deal_position(HOYLE, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    assert observe(state, 0).hand == ()
    hands = {check_sample(state, 0, seed).hands[0] for seed in range(20)}
    assert len(hands) > 1 and all(len(hand) == 3 for hand in hands)
    state = apply(state, BlindExchange(0, parse_cards("9♥ Q♠")))
    for seed in range(10):
        assert set(parse_cards("9♥ Q♠")) <= set(check_sample(state, 1, seed).hands[0])


# ---- uniform over the consistent placements ------------------------------------------------------------


def chi_square(counts: Counter[str], expected: dict[str, float], draws: int) -> float:
    assert set(counts) <= set(expected)
    return sum((counts.get(key, 0) - p * draws) ** 2 / (p * draws) for key, p in expected.items())


CRITICAL = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52}
"""The chi-square values with a 0.1 % chance of being exceeded under the hypothesis, by degrees of freedom."""


def test_the_sample_is_uniform_over_the_consistent_placements_of_trade_and_barter() -> None:
    king = Card.parse("K♦")
    state = deal_position(FOSTER, hands=FOSTER_HANDS[:3], dealer=0)
    state = play(state, Barter(1, king), BarterReply(2, Card.parse("A♥")), Buy(2, Card.parse("4♦")))
    view = observe(state, 1)
    # K♦ is in seat 2's hand or is the card seat 2 bought away. Placements with it in the discard (1 slot)
    # leave 3 + 3 free hand slots; with it in seat 2's hand, 3 + 2 and the discard's slot: 1 : 3.
    draws = 4000
    kings: Counter[str] = Counter()
    other: Counter[str] = Counter()
    probe = Card.parse("Q♠")  # a card seat 1 never saw: anywhere hidden, in proportion to the room left
    for seed in range(draws):
        sample = sample_state(view, seed)
        kings[places(sample, king)] += 1
        other[places(sample, probe)] += 1
    assert chi_square(kings, {"discard": 1 / 4, "hand 2": 3 / 4}, draws) < CRITICAL[1]
    f = 52 - 3 - 1  # the hidden cards other than K♦
    stock = view.stock_count
    expected = {  # P(K♦ in discard) * room / f + P(K♦ in hand 2) * room / f
        "hand 0": 3 / f,
        "hand 2": (1 / 4 * 3 + 3 / 4 * 2) / f,
        "discard": (3 / 4 * 1) / f,
        "stock": stock / f,
    }
    assert math.isclose(sum(expected.values()), 1.0)
    assert chi_square(other, expected, draws) < CRITICAL[3]


def test_the_sample_is_uniform_over_the_hidden_hands_and_the_stock_with_a_widow() -> None:
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], widow="2♣ 9♥ Q♠", dealer=0)
    state = apply(state, Exchange(1, Card.parse("6♠"), Card.parse("9♥")))
    view = observe(state, 0)
    draws = 3000
    probe = Card.parse("J♦")
    counts = Counter(places(sample_state(view, seed), probe) for seed in range(draws))
    hidden = 52 - 3 - 3 - 1  # seat 0's hand, the widow, 9♥ (known in seat 1's hand)
    expected = {"hand 1": 2 / hidden, "hand 2": 3 / hidden, "stock": view.stock_count / hidden}
    assert chi_square(counts, expected, draws) < CRITICAL[2]
    top = Counter("J♦ on top" if sample_state(view, seed).stock[0] == probe else "other" for seed in range(draws))
    assert chi_square(top, {"J♦ on top": 1 / hidden, "other": 1 - 1 / hidden}, draws) < CRITICAL[1], "the stock's order is uniform"


# ---- bad input ------------------------------------------------------------------------------------------


def test_sample_state_refuses_what_is_no_observation_or_no_seed() -> None:
    view = observe(deal_position(FOSTER, hands=FOSTER_HANDS[:3], dealer=0), 0)
    with pytest.raises(ArgumentTypeError):
        sample_state("view", 1)  # type: ignore[arg-type]
    for seed in (1.5, "1", None, True):
        with pytest.raises(ArgumentTypeError):
            sample_state(view, seed)  # type: ignore[arg-type]
    impossible = view._replace(stock_count=view.stock_count + 1)
    assert isinstance(impossible, Observation)
    with pytest.raises(CommerceError, match="not consistent"):
        sample_state(impossible, 1)
    with pytest.raises(CommerceError):
        sample_state(view._replace(hand_sizes=(3, 3, 9)), 1)


def test_a_knock_ends_the_foster_deal_and_the_sample_of_the_next_deal_knows_nothing_of_the_last() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS[:3], dealer=0)
    state = play(state, Barter(1, Card.parse("K♦")), BarterReply(2, Card.parse("A♥")), Knock(2))
    assert state.deal_number == 2 and observe(state, 1).history == ()
    check_sample(state, 1, 3)


def test_an_observer_able_to_pounce_yet_not_asked_knows_an_earlier_seat_is_being_asked() -> None:
    state = deal_position(POUNCE, hands=["2♣ 2♦ 2♥", "9♣ 9♦ 9♠", "A♥ K♥ 4♦"], widow="2♠ 9♥ Q♠", dealer=2)
    assert state.phase is Phase.POUNCE and state.to_act == 0
    view = observe(state, 1)  # seat 1 could pounce on 9♥ too, but seat 0 is asked first
    assert view.phase is Phase.PLAY and view.to_act == 0
    tricons: Counter[str] = Counter()
    for seed in range(60):  # seat 0 holds the other three 2s or the other three queens, and is being asked
        sample = check_sample(state, 1, seed)
        assert sample.phase is Phase.POUNCE and sample.to_act == 0
        tricons[str(sample.hands[0][0].rank)] += 1
        assert len({card.rank for card in sample.hands[0]}) == 1
    assert set(tricons) == {"2", "Q"}


def test_a_turn_that_made_all_its_exchanges_shows_another_seat_is_being_asked() -> None:
    state = deal_position(POUNCE, hands=["6♠ 7♠ 2♠", "2♣ 2♦ 2♥", "A♥ K♥ 4♦"], widow="3♠ 9♥ Q♠", dealer=2)
    state = apply(state, Exchange(0, Card.parse("2♠"), Card.parse("3♠")))  # 2♠ to the widow: seat 1 is asked
    assert state.phase is Phase.POUNCE and state.to_act == 1
    view = observe(state, 2)  # seat 2 sees seat 0's turn, yet its one exchange is made: a question is pending
    assert view.phase is Phase.PLAY and view.turn.exchanges == 1
    tricons: Counter[str] = Counter()
    for seed in range(40):  # seat 0 holds 3♠ and two cards: only seat 1 can hold a tricon of a widow card's rank
        sample = check_sample(state, 2, seed)
        assert sample.phase is Phase.POUNCE and sample.to_act == 1
        tricons[str(sample.hands[1][0].rank)] += 1
    assert set(tricons) == {"2", "9", "Q"}
