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
    THIRTY_ONE,
    HOYLE,
    POUNCE,
    ArgumentTypeError,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    Card,
    CommerceError,
    Discard,
    Draw,
    Exchange,
    GameState,
    Knock,
    Observation,
    Pass,
    Phase,
    Pounce,
    Rules,
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
from random_play import HEAVY, VARIANTS, Variant, games


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


THIRTY_ONE_HANDS = ["2♣ 5♦ 9♥", "A♠ K♠ 4♦", "K♥ J♥ 3♣", "3♦ 6♥ Q♣"]
"""Dealer 0, eldest 1; the stock's top 7♣ starts the discard pile, 8♦ is then the top."""


def thirty_one(rules: Rules = THIRTY_ONE) -> GameState:
    return deal_position(rules, hands=THIRTY_ONE_HANDS, dealer=0, stock="7♣ 8♦ 2♠ 4♥")


def test_a_card_taken_from_the_discard_pile_is_in_the_takers_hand_until_discarded() -> None:
    ace = Card.parse("A♠")
    state = play(thirty_one(), Draw(1, "stock"), Discard(1, ace), Draw(2, "discard"))  # seat 2 takes A♠, face up
    assert {places(check_sample(state, 0, seed), ace) for seed in range(20)} == {"hand 2"}
    state = play(state, Discard(2, Card.parse("3♣")), Draw(3, "stock"), Discard(3, Card.parse("2♠")))
    assert {places(check_sample(state, 3, seed), ace) for seed in range(20)} == {"hand 2"}, "until seat 2 discards it"
    state = play(state, Draw(0, "stock"), Discard(0, Card.parse("4♥")), Draw(1, "stock"), Discard(1, Card.parse("K♠")))
    state = play(state, Draw(2, "stock"), Discard(2, ace))
    assert observe(state, 0).discard[-1] == ace
    assert {places(check_sample(state, 0, seed), ace) for seed in range(20)} == {"discard"}


def test_a_card_drawn_from_the_stock_is_seen_by_its_drawer_only_and_the_draw_is_rebuilt() -> None:
    eight = Card.parse("8♦")
    state = play(thirty_one(), Draw(1, "stock"), Discard(1, Card.parse("A♠")))  # 8♦, seen by seat 1 alone
    assert {places(check_sample(state, 1, seed), eight) for seed in range(10)} == {"hand 1"}
    seen = Counter(places(check_sample(state, 0, seed), eight) for seed in range(200))
    assert set(seen) == {"hand 1", "hand 2", "hand 3", "stock"}
    for seed in range(20):
        sample = check_sample(state, 0, seed)
        (drawn,) = sample.history[0].cards  # the hidden draw: a card seat 1 still holds, or the A♠ it discarded
        assert drawn in (*sample.hands[1], Card.parse("A♠")) and drawn not in observe(state, 0).hand


def test_no_hand_of_31_is_imagined_where_a_blitz_would_have_ended_the_deal() -> None:
    ace, king = parse_cards("A♠ K♠")
    moves = [Draw(1, "stock"), Discard(1, ace), Draw(2, "discard"), Discard(2, Card.parse("3♣"))]
    moves += [Draw(3, "stock"), Discard(3, Card.parse("2♠")), Draw(0, "stock"), Discard(0, Card.parse("4♥"))]
    moves += [Draw(1, "stock"), Discard(1, king), Draw(2, "discard"), Discard(2, Card.parse("J♥"))]
    # Seat 2 holds A♠ K♠ (taken face up) and one card seat 0 never saw: never Q♠ J♠ 10♠, which would make 31.
    spades = set(parse_cards("Q♠ J♠ 10♠"))
    for rules, allowed in ((THIRTY_ONE, False), (THIRTY_ONE.replace(blitz=False, blitz_all_lose=False), True)):
        state = play(thirty_one(rules), *moves)
        thirds = Counter(card for seed in range(400) for card in check_sample(state, 0, seed).hands[2] if card not in (ace, king))
        assert len(thirds) > 20
        assert bool(spades & set(thirds)) is allowed


def test_the_sample_is_uniform_over_the_hidden_hands_and_the_stock_in_thirty_one() -> None:
    state = play(thirty_one(THIRTY_ONE.replace(blitz=False, blitz_all_lose=False)), Draw(1, "stock"), Discard(1, Card.parse("A♠")))
    view = observe(state, 0)
    hidden = 52 - 3 - 2  # seat 0's hand, the pile (7♣ A♠)
    draws = 3000
    probe = Card.parse("8♦")  # drawn by seat 1, unseen by seat 0: like any card seat 0 never saw
    samples = [sample_state(view, seed) for seed in range(draws)]
    counts = Counter(places(sample, probe) for sample in samples)
    expected = {"hand 1": 3 / hidden, "hand 2": 3 / hidden, "hand 3": 3 / hidden, "stock": view.stock_count / hidden}
    assert chi_square(counts, expected, draws) < CRITICAL[3]
    top = Counter("on top" if sample.stock[0] == probe else "other" for sample in samples)
    assert chi_square(top, {"on top": 1 / hidden, "other": 1 - 1 / hidden}, draws) < CRITICAL[1], "the stock's order is uniform"


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
    with pytest.raises(CommerceError, match="active seats are not those its lives and match record leave in play"):
        sample_state(view._replace(active=(2, 1, 0)), 1)  # the seats in play are kept in seat order


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


def test_an_observer_able_to_pounce_after_an_exchange_waits_in_the_exchangers_turn() -> None:
    state = deal_position(POUNCE, hands=["6♠ 7♠ 2♠", "2♣ 2♦ 2♥", "9♣ 9♦ 9♠"], widow="3♠ 9♥ Q♠", dealer=2)
    assert state.phase is Phase.POUNCE and state.to_act == 2  # 9♥ lies in the widow: seat 2 declines it
    state = play(state, Pass(2), Exchange(0, Card.parse("2♠"), Card.parse("3♠")))  # 2♠ in: seat 1, then seat 2 again
    assert state.phase is Phase.POUNCE and state.to_act == 1
    view = observe(state, 2)  # seat 2's question is to come: it sees seat 0's turn, its exchange made
    assert view.phase is Phase.PLAY and view.to_act == 0 and view.turn.exchanges == 1
    for seed in range(30):
        sample = check_sample(state, 2, seed)
        assert sample.phase is Phase.POUNCE and sample.to_act in (0, 1)


def test_a_question_after_an_exchange_is_sampled_as_declined_where_the_placement_allows_one() -> None:
    state = deal_position(POUNCE, hands=["6♠ 7♠ 2♠", "2♣ 2♦ 2♥", "A♥ K♥ 4♦"], widow="3♠ 9♥ Q♠", dealer=2)
    state = apply(state, Exchange(0, Card.parse("2♠"), Card.parse("3♠")))  # 2♠ to the widow: seat 1 is asked
    assert state.phase is Phase.POUNCE and state.to_act == 1
    view = observe(state, 2)  # seat 2 sees seat 0's turn over
    assert view.phase is Phase.PLAY and view.to_act == 1 and view.turn.exchanges == 0
    for seed in range(40):  # a placement that gives seat 1 a tricon of a widow card's rank has it decline unseen
        sample = check_sample(state, 2, seed)
        assert sample.phase is Phase.PLAY and sample.to_act == 1


def test_a_deals_end_waiting_for_an_answer_is_sampled_with_a_seat_being_asked() -> None:
    hands = ["7♠ 5♣ 2♦", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♥ 7♦ 7♣"]
    state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 10♦ 2♥", stock="Q♦ 6♣ 4♠")
    state = play(state, Knock(1), Pass(2), Pass(3), Exchange(0, Card.parse("7♠"), Card.parse("A♠")))
    assert state.phase is Phase.POUNCE and state.to_act == 3
    assert observe(state, 1).to_act is None
    askers: Counter[int] = Counter()
    for seed in range(40):  # seat 2 or seat 3 holds a tricon of a widow card's rank, and is being asked
        sample = check_sample(state, 1, seed)
        assert sample.phase is Phase.POUNCE and sample.to_act in (2, 3)
        ranks = {card.rank for card in sample.hands[sample.to_act]}
        assert len(ranks) == 1 and ranks <= {card.rank for card in sample.widow}
        askers[sample.to_act] += 1
    assert set(askers) == {2, 3}


def test_schwimmens_extra_hand_face_down_is_dealt_and_a_hand_exchanged_whole_is_known() -> None:
    from commerce_rules import PRESETS, ExchangeAll

    schwimmen = PRESETS["schwimmen"]
    state = deal_position(schwimmen, hands=["7♣ 8♣ 9♣", "10♠ J♠ Q♠", "A♥ K♥ 7♦"], widow="8♦ 9♦ 10♦", dealer=0)
    assert observe(state, 1).widow == ()
    widows = {check_sample(state, 1, seed).widow for seed in range(20)}
    assert len(widows) > 1 and all(len(widow) == 3 for widow in widows), "the face-down extra hand is dealt at random"
    state = apply(state, Pass(0))  # the dealer keeps its hand: the extra hand lies face up
    state = apply(state, ExchangeAll(1))  # seat 1 takes the whole widow
    for seed in range(10):
        sample = check_sample(state, 2, seed)
        assert set(sample.hands[1]) == set(parse_cards("8♦ 9♦ 10♦"))


def test_a_widow_sample_under_blitz_gives_no_other_seat_a_hand_that_would_have_ended_the_deal() -> None:
    from commerce_rules import SCHWIMMEN, evaluate, new_game
    from commerce_rules.ranking import is_blitz

    for seed in range(6):
        state = new_game(SCHWIMMEN, 4, seed=seed)
        if state.phase is Phase.DEALER_CHOICE:
            state = apply(state, Pass(state.dealer))
        if state.phase is not Phase.PLAY:
            continue  # the choice showed a 31: that deal is over
        assert state.to_act is not None
        view = observe(state, state.to_act)
        for draw in range(60):
            sample = sample_state(view, draw)
            assert observe(sample, view.player) == view
            others = [seat for seat in sample.active if seat != view.player]
            assert not any(is_blitz(evaluate(sample.hands[seat], SCHWIMMEN), SCHWIMMEN) for seat in others)
