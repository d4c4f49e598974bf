"""The search bot searches Hoyle's game: its rounds as the widow's, and the dealer's blind exchange."""

from __future__ import annotations

import random

import pytest

from commerce_rules import HOYLE, GreedyBot, SearchBot, apply, deal_position, legal_actions, new_game, observe
from commerce_rules.core.actions import BlindExchange
from commerce_rules.bots.search import sample_state
from commerce_rules.engine.deal import deck_for
from commerce_rules.core.state import Phase


@pytest.mark.parametrize("players", [3, 4])
def test_search_bots_play_whole_hoyle_matches_legally_and_search_their_decisions(players: int) -> None:
    bots = [SearchBot(rollouts=6, seed=seat) for seat in range(players)]
    state = new_game(HOYLE, players, seed=players)
    decisions = searched = 0
    while state.to_act is not None:
        legal = legal_actions(state)
        bot = bots[state.to_act]
        action = bot.choose(observe(state, state.to_act), legal)
        assert action in legal
        if state.phase in (Phase.BLIND_EXCHANGE, Phase.PLAY) and len(legal) > 1:  # not the horse question
            decisions += 1
            searched += bot.last_rollouts > 0
        state = apply(state, action)
    assert state.winners and searched == decisions > 0


def test_hoyle_dealer_takes_a_widow_of_three_aces_blind_where_the_greedy_bot_declines() -> None:
    state = deal_position(HOYLE, hands=["2♣ 5♦ 9♥", "K♠ 4♦ 7♣", "7♠ 8♠ J♣"], widow="A♣ A♦ A♥", dealer=2)
    view, legal = observe(state, 2), legal_actions(state)
    assert state.phase is Phase.BLIND_EXCHANGE and view.hand == ()
    bot = SearchBot(rollouts=40, seed=1)
    assert bot.choose(view, legal) == BlindExchange(2, state.widow)
    assert bot.last_rollouts == 40
    assert GreedyBot().choose(view, legal) != BlindExchange(2, state.widow)


def test_the_search_bots_sampler_deals_hoyles_dealer_an_unseen_hand_before_the_blind_exchange() -> None:
    state = new_game(HOYLE, 4, seed=7)
    view = observe(state, state.dealer)
    assert state.phase is Phase.BLIND_EXCHANGE and view.hand == ()
    rng = random.Random(3)
    hands = set()
    for _ in range(20):
        sample = sample_state(view, rng)
        assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes and sample.widow == view.widow
        everything = [card for hand in sample.hands for card in hand] + [*sample.widow, *sample.stock, *sample.discard]
        assert sorted(everything) == sorted(deck_for(HOYLE))
        hands.add(sample.hands[state.dealer])
    assert len(hands) > 1
