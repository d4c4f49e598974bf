"""The bots in Schwimmen (RULES.md §7): the dealer's choice, exchanging all, what they learn, and how well they play."""

from __future__ import annotations

import functools
import random
from concurrent.futures import ThreadPoolExecutor

from commerce_rules import (
    SCHWIMMEN,
    Card,
    EventKind,
    Exchange,
    ExchangeAll,
    GreedyBot,
    Pass,
    Phase,
    RandomBot,
    SearchBot,
    apply,
    deal_position,
    legal_actions,
    new_game,
    observe,
    simulate,
)
from commerce_rules.bots.search import sample_state

HANDS = ["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♣ 10♦ 8♥"]


def test_the_greedy_dealer_keeps_a_good_hand_and_takes_the_extra_hand_for_a_poor_one() -> None:
    poor = deal_position(SCHWIMMEN, hands=HANDS, dealer=0, widow="7♠ 8♠ 9♠")
    assert GreedyBot().choose(observe(poor, 0), legal_actions(poor)) == ExchangeAll(0)  # 9 is a poor hand
    good = deal_position(SCHWIMMEN, hands=["A♦ K♦ 9♦", *HANDS[1:]], dealer=0, widow="7♠ 8♠ 9♠")
    assert GreedyBot().choose(observe(good, 0), legal_actions(good)) == Pass(0)  # 30 is kept


def test_the_greedy_bot_exchanges_all_for_a_widow_much_better_than_its_hand() -> None:
    state = apply(deal_position(SCHWIMMEN, hands=HANDS, dealer=0, widow="A♠ K♠ 9♠"), Pass(0))
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert GreedyBot().choose(observe(state, 1), legal_actions(state)) == ExchangeAll(1)


def test_the_greedy_bot_exchanges_one_card_when_that_is_best() -> None:
    hands = ["7♣ 8♦ 9♥", "A♥ K♥ 7♠", "A♣ 10♦ 8♠"]
    state = apply(deal_position(SCHWIMMEN, hands=hands, dealer=0, widow="10♥ 8♣ 9♣"), Pass(0))
    choice = GreedyBot().choose(observe(state, 1), legal_actions(state))
    assert choice == Exchange(1, Card.parse("7♠"), Card.parse("10♥"))  # 31


def test_an_observer_knows_where_the_cards_of_an_exchange_of_all_went() -> None:
    state = apply(deal_position(SCHWIMMEN, hands=HANDS, dealer=0, widow="7♠ 8♠ 9♠"), Pass(0))
    state = apply(state, ExchangeAll(1))
    view = observe(state, 2)
    assert view.history[-1].kind is EventKind.EXCHANGE_ALL
    for seed in range(5):
        imagined = sample_state(view, random.Random(seed))
        assert set(imagined.hands[1]) == {Card.parse(t) for t in "7♠ 8♠ 9♠".split()}
        assert imagined.widow == state.widow and imagined.hands[2] == state.hands[2]


def test_a_sampled_state_before_the_dealers_choice_deals_the_face_down_extra_hand_among_the_unseen() -> None:
    state = new_game(SCHWIMMEN, 4, seed=6)
    assert state.phase is Phase.DEALER_CHOICE
    view = observe(state, state.dealer)
    imagined = sample_state(view, random.Random(1))
    assert len(imagined.widow) == 3 and not set(imagined.widow) & set(view.hand)
    assert observe(imagined, state.dealer) == view
    bot = SearchBot(rollouts=30, seed=2)
    assert bot.choose(view, legal_actions(state)) in legal_actions(state)


def test_the_greedy_bot_beats_random_play_in_schwimmen() -> None:
    result = simulate(SCHWIMMEN, [GreedyBot, RandomBot, RandomBot], 60, 11)
    assert result.wins[0] >= 55  # fixed seeds: measured 60 of 60
    search = simulate(SCHWIMMEN, [functools.partial(SearchBot, rollouts=8), RandomBot, RandomBot], 4, 12, ThreadPoolExecutor(1))
    assert search.wins[0] >= 3
