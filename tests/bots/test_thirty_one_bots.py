"""The bots at Thirty-One: the greedy strategy's choices, and the search bot's imagined states."""

from __future__ import annotations

import random

from commerce_rules import (
    THIRTY_ONE,
    Bot,
    Discard,
    Draw,
    GreedyBot,
    Knock,
    RandomBot,
    SearchBot,
    apply,
    deal_position,
    legal_actions,
    new_game,
    observe,
)
from commerce_rules.bots.search import sample_state
from commerce_rules.bots.strategies import event_rules, strategy_for
from commerce_rules.bots.strategies.draw_discard import DrawAndDiscard
from commerce_rules.core.state import EventKind, Phase

from helpers import bots_at, c, play_out



def test_the_registry_gives_thirty_one_its_own_strategy() -> None:
    for phase in (Phase.PLAY, Phase.DISCARD, Phase.FINAL_ROUND):
        assert isinstance(strategy_for(THIRTY_ONE, phase), DrawAndDiscard)
    assert set(event_rules(THIRTY_ONE)) == {EventKind.DISCARD, EventKind.TAKE_DISCARD}


def test_greedy_takes_the_pile_top_that_makes_31_and_discards_the_odd_card() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "K♠ Q♠ 4♦", "3♦ 6♥ J♣"], dealer=0, stock="A♠")
    bot = GreedyBot()
    assert bot.choose(observe(state, 1), legal_actions(state)) == Draw(1, "discard")
    state = apply(state, Draw(1, "discard"))
    assert bot.choose(observe(state, 1), legal_actions(state)) == Discard(1, c("4♦"))


def test_greedy_draws_from_the_stock_when_the_pile_top_does_not_help() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "K♠ Q♠ 4♦", "3♦ 6♥ J♣"], dealer=0, stock="2♥")
    assert GreedyBot().choose(observe(state, 1), legal_actions(state)) == Draw(1, "stock")


def test_greedy_knocks_with_a_strong_hand_and_never_discards_the_card_just_taken() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "K♠ Q♠ J♠", "3♦ 6♥ J♣"], dealer=0, stock="2♥")
    assert GreedyBot().choose(observe(state, 1), legal_actions(state)) == Knock(1)
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "2♠ 3♥ 4♦", "3♦ 6♥ J♣"], dealer=0, stock="2♦")
    state = apply(state, Draw(1, "discard"))  # 2♦ is the lowest card, but it may not go back
    choice = GreedyBot().choose(observe(state, 1), legal_actions(state))
    assert isinstance(choice, Discard) and choice.card != c("2♦")


def test_greedy_beats_random_play() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        bots: list[Bot] = [GreedyBot(), RandomBot(seed), RandomBot(seed + 1000)]
        final = play_out(new_game(THIRTY_ONE, 3, seed=seed), bots_at(bots))
        wins += 0 in final.winners
    assert wins >= 2 * games // 3, f"greedy won {wins} of {games} against two random players"


def test_a_sampled_state_keeps_the_discard_pile_as_it_lies_and_the_card_taken_in_the_takers_hand() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "K♠ 9♣ 4♦", "3♦ 6♥ J♣"], dealer=0, stock="A♠ 7♥")
    state = apply(apply(state, Draw(1, "discard")), Discard(1, c("4♦")))  # A♠ is known to be seat 1's
    state = apply(apply(state, Draw(2, "stock")), Discard(2, c("7♥")))
    view = observe(state, 0)
    for seed in range(5):
        imagined = sample_state(view, random.Random(seed))
        assert imagined.discard == state.discard == (c("4♦"), c("7♥"))
        assert c("A♠") in imagined.hands[1]
        assert observe(imagined, 0).hand == view.hand and observe(imagined, 0).discard == view.discard


def test_the_search_bot_plays_thirty_one_legally() -> None:
    state = new_game(THIRTY_ONE, 4, seed=9)
    bots = [SearchBot(rollouts=12, seed=seat) for seat in range(4)]
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        action = bots[seat].choose(observe(state, seat), legal)
        assert action in legal
        state = apply(state, action)
