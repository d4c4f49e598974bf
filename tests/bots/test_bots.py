"""The bots: the ``Bot`` protocol, ``RandomBot``, ``GreedyBot`` (the sources' advice) and ``SearchBot``.

Every bot must only ever return a legal action, whatever the position; the
greedy bot's rules of thumb are checked one by one on positions whose every
card is known; the search bot must keep to its budget and use nothing but
the observation it is given.
"""

from __future__ import annotations

import inspect
import pickle
import random
import typing
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    CommerceError,
    EXTENDED,
    FOSTER,
    POUNCE,
    TRENTUNO,
    Barter,
    BarterReply,
    Bot,
    Buy,
    Card,
    Exchange,
    GameState,
    GreedyBot,
    Knock,
    Observation,
    Pass,
    Phase,
    Pounce,
    RandomBot,
    Rules,
    SearchBot,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from commerce_rules.core.actions import Action
from commerce_rules.bots.greedy import GUARD_TURNS_PER_PLAYER, hand_model
from commerce_rules.bots.search import sample_state
from commerce_rules.engine.deal import deck_for
from helpers import bots_at, walk
from helpers import play_out as play_to_the_end

PRESETS = [FOSTER, CRP, POUNCE, TRENTUNO, EXTENDED]
"""Every preset whose mechanism the bots play (Hoyle's is not built yet)."""
WIDOW_PRESETS = [CRP, POUNCE, TRENTUNO, EXTENDED]

presets = st.sampled_from(PRESETS)
seeds = st.integers(min_value=0, max_value=2**32)


def random_position(rules: Rules, players: int, seed: int, plies: int) -> GameState:
    """The state after up to ``plies`` random legal actions from a new game (or the game's end)."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    for _, _, state in walk(state, lambda _, options: options[rng.randrange(len(options))], plies):
        pass
    return state


def choose(bot: Bot, state: GameState) -> Action:
    seat = state.to_act
    assert seat is not None
    return bot.choose(observe(state, seat), legal_actions(state))


def play_out(rules: Rules, bots: list[Bot], seed: int, max_actions: int = 50_000) -> GameState:
    """Play a whole match, checking every choice is legal; fail if it does not end."""
    table = bots_at(bots)

    def checked(state: GameState, options: tuple[Action, ...]) -> Action:
        action = table(state, options)
        assert action in options
        return action

    return play_to_the_end(new_game(rules, len(bots), seed=seed), checked, max_actions)


def bits(cards: str) -> int:
    total = 0
    for card in parse_cards(cards):
        total |= card.bit
    return total


# -- the protocol ----------------------------------------------------------------


def test_bot_protocol_gives_a_bot_the_observation_and_never_the_state() -> None:
    hints = typing.get_type_hints(Bot.choose)
    assert list(inspect.signature(Bot.choose).parameters) == ["self", "observation", "legal_actions"]
    assert hints["observation"] is Observation
    for bot_class in (RandomBot, GreedyBot, SearchBot):
        assert list(inspect.signature(bot_class.choose).parameters) == ["self", "observation", "legal_actions"]
        assert typing.get_type_hints(bot_class.choose)["observation"] is Observation
        assert isinstance(bot_class(), Bot)
    state = new_game(CRP, 4, seed=3)
    view = observe(state, 0)
    assert not isinstance(view, GameState)
    assert not hasattr(view, "seed") and not hasattr(view, "stock") and not hasattr(view, "hands")


def test_bots_are_exported_from_the_package_and_from_commerce_rules_bots() -> None:
    import commerce_rules
    import commerce_rules.bots

    for name in ("Bot", "RandomBot", "GreedyBot", "SearchBot"):
        assert getattr(commerce_rules, name) is getattr(commerce_rules.bots, name)
        assert name in commerce_rules.__all__ and name in commerce_rules.bots.__all__


# -- every bot plays only legal actions ---------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rules=presets, players=st.integers(3, 12), seed=seeds, plies=st.integers(0, 80))
def test_bots_only_return_legal_actions(rules: Rules, players: int, seed: int, plies: int) -> None:
    state = random_position(rules, players, seed, plies)
    if state.is_over:
        return
    options = legal_actions(state)
    for bot in (RandomBot(seed), GreedyBot(), SearchBot(rollouts=6, seed=seed)):
        assert choose(bot, state) in options


@settings(max_examples=15, deadline=None)
@given(rules=presets, players=st.integers(3, 6), seed=seeds)
def test_a_table_of_greedy_bots_always_finishes_its_match(rules: Rules, players: int, seed: int) -> None:
    state = play_out(rules, [GreedyBot() for _ in range(players)], seed)
    assert state.winners


@settings(max_examples=10, deadline=None)
@given(rules=presets, seed=seeds)
def test_mixed_tables_with_a_search_bot_finish_their_match(rules: Rules, seed: int) -> None:
    bots: list[Bot] = [SearchBot(rollouts=5, seed=seed), GreedyBot(), RandomBot(seed)]
    assert play_out(rules, bots, seed).winners


# -- RandomBot ---------------------------------------------------------------------


def test_random_bot_with_a_seed_repeats_its_choices() -> None:
    state = new_game(FOSTER, 5, seed=11)
    first = [choose(RandomBot(seed=4), state) for _ in range(3)]
    bot_a, bot_b = RandomBot(seed=4), RandomBot(seed=4)
    assert [choose(bot_a, state) for _ in range(20)] == [choose(bot_b, state) for _ in range(20)]
    assert len(set(first)) == 1


def test_random_bot_chooses_every_legal_action_about_equally() -> None:
    state = new_game(FOSTER, 3, seed=2)  # 3 buys, 3 barters, a knock
    options = legal_actions(state)
    bot = RandomBot(seed=9)
    counts = Counter(choose(bot, state) for _ in range(7000))
    assert set(counts) == set(options)
    assert all(850 <= count <= 1150 for count in counts.values())  # 1000 expected each


def test_bots_survive_pickling_with_their_random_state() -> None:
    state = new_game(CRP, 4, seed=5)
    for bot in (RandomBot(seed=1), SearchBot(rollouts=10, seed=1)):
        choose(bot, state)
        copy = pickle.loads(pickle.dumps(bot))
        assert choose(copy, state) == choose(bot, state)
    assert choose(pickle.loads(pickle.dumps(GreedyBot())), state) == choose(GreedyBot(), state)


def test_bots_refuse_to_choose_from_no_action() -> None:
    view = observe(new_game(FOSTER, 3, seed=1), 0)
    for bot in (RandomBot(1), GreedyBot(), SearchBot(rollouts=3, seed=1)):
        with pytest.raises(ValueError):
            bot.choose(view, ())


def test_bots_refuse_actions_of_another_seat_or_naming_a_card_the_seat_cannot_see() -> None:
    state = deal_position(CRP, hands=["2♣ 7♦ 9♥", "3♠ 5♦ J♣", "4♥ 8♠ Q♦"], widow="K♠ A♥ 6♣", dealer=2)
    view = observe(state, 0)
    legal = legal_actions(state)
    hidden = Exchange(0, Card.parse("2♣"), Card.parse("3♠"))  # 3♠ is seat 1's: seat 0 cannot see it
    given = Exchange(0, Card.parse("3♠"), Card.parse("K♠"))  # seat 0 cannot give a card it does not hold
    for bot in (RandomBot(1), GreedyBot(), SearchBot(rollouts=3, seed=1)):
        for wrong in (hidden, given):
            with pytest.raises(CommerceError, match="names a card seat 0 cannot see"):
                bot.choose(view, (*legal, wrong))
        with pytest.raises(CommerceError, match="is not seat 0's"):
            bot.choose(view, (*legal, Knock(1)))
        assert bot.choose(view, legal) in legal


# -- GreedyBot: trade and barter (Foster) -------------------------------------------------


def test_greedy_knocks_with_a_sequence_in_trade_and_barter() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    assert choose(GreedyBot(), state) == Knock(1)


def test_greedy_non_dealer_barters_the_card_that_helps_least_rather_than_pay_for_it() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    assert choose(GreedyBot(), state) == Barter(1, Card.parse("K♦"))


def test_greedy_dealer_buys_because_buying_costs_the_dealer_nothing() -> None:
    # Seat 2 deals; seats 0 and 1 barter or knock first, then the dealer buys with its weakest card.
    state = deal_position(FOSTER, hands=["2♣ 7♦ 9♥", "3♠ 8♣ J♦", "6♠ 7♠ K♦"], dealer=2)
    state = apply(state, Barter(0, Card.parse("2♣")))
    state = apply(state, BarterReply(1, Card.parse("3♠")))
    state = apply(state, Barter(1, Card.parse("2♣")))
    state = apply(state, BarterReply(2, Card.parse("K♦")))
    assert state.to_act == 2 and state.phase is Phase.PLAY
    assert choose(GreedyBot(), state) == Buy(2, Card.parse("2♣"))


def test_greedy_answers_a_barter_with_its_least_useful_card() -> None:
    # 5♠ 4♠ keep a point and a draw to a sequence; the lone J♦, though the highest card, helps least.
    state = deal_position(FOSTER, hands=["2♣ 7♦ 9♥", "5♠ 4♠ J♦", "4♣ 8♦ J♥"], dealer=2)
    state = apply(state, Barter(0, Card.parse("2♣")))
    assert state.phase is Phase.BARTER_REPLY and state.to_act == 1
    assert choose(GreedyBot(), state) == BarterReply(1, Card.parse("J♦"))


def test_greedy_refuses_a_barter_by_knocking_when_its_hand_is_strong() -> None:
    state = deal_position(FOSTER, hands=["2♣ 7♦ 9♥", "Q♠ K♠ A♠", "4♣ 8♦ J♥"], dealer=2)
    state = apply(state, Barter(0, Card.parse("2♣")))
    assert choose(GreedyBot(), state) == Knock(1)


def test_greedy_knocks_once_the_deal_has_run_too_long() -> None:
    state = deal_position(FOSTER, hands=["2♣ 7♦ 9♥", "3♠ 8♣ J♦", "4♣ 6♦ 10♥"], dealer=2)
    view = observe(state, 0)
    long_turn = view.turn._replace(turn_of=0, turns=GUARD_TURNS_PER_PLAYER * 3)
    assert GreedyBot().choose(view._replace(turn=long_turn), legal_actions(state)) == Knock(0)


# -- GreedyBot: widow variants -------------------------------------------------------


def test_greedy_always_pounces() -> None:
    state = deal_position(
        POUNCE, hands=["9♣ 9♦ 9♥", "2♠ 5♦ J♣", "3♥ 7♠ Q♦"], widow="9♠ 4♣ 6♥", dealer=2
    )
    assert state.phase is Phase.POUNCE
    assert choose(GreedyBot(), state) == Pounce(0)


def test_greedy_takes_the_widow_exchange_that_makes_the_best_hand() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "K♠ 4♦ 7♣", "7♠ 8♠ J♣"], widow="K♥ 3♣ 6♦", dealer=2)
    action = choose(GreedyBot(), state)
    assert action == Exchange(0, Card.parse("2♣"), Card.parse("K♥"))
    best = max(
        evaluate([action.take if card == action.give else card for card in state.hands[0]], CRP)
        for action in legal_actions(state)
        if isinstance(action, Exchange)
    )
    assert evaluate("K♥ 5♦ 9♥", CRP) == best


def test_greedy_knocks_with_a_flush_or_better_as_the_sources_advise() -> None:
    state = deal_position(CRP, hands=["2♥ 7♥ J♥", "K♠ 4♦ 7♣", "7♠ 8♠ J♣"], widow="K♦ 3♣ 6♦", dealer=2)
    assert choose(GreedyBot(), state) == Knock(0)


def test_greedy_exchanges_before_knocking_when_that_makes_a_better_category() -> None:
    state = deal_position(CRP, hands=["Q♠ Q♥ 7♣", "K♠ 4♦ 7♦", "7♠ 8♠ J♣"], widow="Q♦ 3♣ 6♦", dealer=2)
    assert choose(GreedyBot(), state) == Exchange(0, Card.parse("7♣"), Card.parse("Q♦"))


def test_greedy_does_not_knock_with_a_weak_point_hand() -> None:
    state = deal_position(CRP, hands=["A♠ 10♥ 5♦", "K♠ 4♦ 7♦", "7♠ 8♠ J♣"], widow="2♦ 3♣ 4♥", dealer=2)
    # A point of 26: above the seeds' "about 25", below the bot's measured 90% share.
    assert hand_model(CRP, 2).share[bits("A♠ 10♥ 5♦")] < 0.9
    assert choose(GreedyBot(), state) == Pass(0)


def test_greedy_passes_when_no_exchange_improves_its_hand() -> None:
    state = deal_position(CRP, hands=["A♠ K♥ Q♦", "K♠ 4♦ 7♦", "7♠ 8♠ J♣"], widow="2♦ 3♣ 4♥", dealer=2)
    assert choose(GreedyBot(), state) == Pass(0)


def test_greedy_aims_at_31_in_trentuno() -> None:
    state = deal_position(TRENTUNO, hands=["A♠ K♠ 2♦", "K♦ 4♦ 7♣", "7♠ 6♥ J♣"], widow="Q♠ 3♣ 5♥", dealer=2)
    assert choose(GreedyBot(), state) == Exchange(0, Card.parse("2♦"), Card.parse("Q♠"))


def test_greedy_knocks_with_a_quad() -> None:
    state = deal_position(
        POUNCE, hands=["9♣ 9♦ 9♥", "2♠ 5♦ J♣", "3♥ 7♠ Q♦"], widow="9♠ 4♣ 6♥", dealer=2
    )
    state = apply(state, Pounce(0))
    assert state.to_act == 0 and len(state.hands[0]) == 4
    assert choose(GreedyBot(), state) == Knock(0)


@settings(max_examples=80, deadline=None)
@given(rules=st.sampled_from(WIDOW_PRESETS), players=st.integers(3, 8), seed=seeds, plies=st.integers(0, 60))
def test_greedy_never_exchanges_to_a_worse_hand(rules: Rules, players: int, seed: int, plies: int) -> None:
    state = random_position(rules, players, seed, plies)
    if state.is_over or state.to_act is None:
        return
    action = choose(GreedyBot(), state)
    if isinstance(action, Exchange):
        hand = state.hands[action.player]
        after = [action.take if card == action.give else card for card in hand]
        assert evaluate(after, rules) >= evaluate(hand, rules)


@settings(max_examples=40, deadline=None)
@given(rules=presets, players=st.integers(3, 8), seed=seeds, plies=st.integers(0, 60))
def test_greedy_is_deterministic(rules: Rules, players: int, seed: int, plies: int) -> None:
    state = random_position(rules, players, seed, plies)
    if not state.is_over:
        assert choose(GreedyBot(), state) == choose(GreedyBot(seed=99), state)


def test_greedy_beats_random_players_in_widow_and_lives() -> None:
    wins = sum(0 in play_out(CRP, [GreedyBot(), RandomBot(g), RandomBot(g + 1000)], g).winners for g in range(20))
    assert wins >= 16  # about 99% in long runs


# -- SearchBot ---------------------------------------------------------------------------


@pytest.mark.parametrize("rollouts", [1, 3, 7, 40, 200])
def test_search_bot_respects_its_budget(rollouts: int) -> None:
    for rules in PRESETS:
        state = random_position(rules, 4, rollouts, 3)
        bot = SearchBot(rollouts=rollouts, seed=0)
        options = legal_actions(state)
        assert choose(bot, state) in options
        assert 0 < bot.last_rollouts <= rollouts or len(options) == 1
        candidates = bot.candidates(observe(state, state.to_act or 0), options)
        assert len(candidates) <= bot.max_candidates
        assert bot.last_rollouts == (rollouts // min(len(candidates), rollouts)) * min(len(candidates), rollouts)


def test_search_bot_plays_no_rollout_for_a_forced_action() -> None:
    state = deal_position(POUNCE, hands=["9♣ 9♦ 9♥", "2♠ 5♦ J♣", "3♥ 7♠ Q♦"], widow="9♠ 4♣ 6♥", dealer=2)
    state = apply(state, Pounce(0))
    state = apply(state, Knock(0))  # the final round: seat 1 may exchange or pass
    bot = SearchBot(rollouts=50, seed=1)
    choose(bot, state)
    assert bot.last_rollouts > 0
    view = observe(state, state.to_act or 0)
    assert bot.choose(view, (Pass(view.player),)) == Pass(view.player) and bot.last_rollouts == 0


def test_search_bot_choice_depends_only_on_the_observation() -> None:
    # Two deals that look the same to seat 1 (its hand; every hidden card elsewhere differs).
    one = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
    two = deal_position(FOSTER, hands=["2♥ 9♣ J♦", "6♠ 7♠ K♦", "Q♥ 10♣ 5♦"], dealer=0, stock="3♥ 4♠")
    assert observe(one, 1) == observe(two, 1)
    assert [choose(SearchBot(rollouts=60, seed=s), one) for s in range(3)] == [
        choose(SearchBot(rollouts=60, seed=s), two) for s in range(3)
    ]


def test_search_bot_knocks_with_the_best_sequence() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "Q♠ K♠ A♠", "A♥ K♥ 4♦"], dealer=0)
    assert choose(SearchBot(rollouts=70, seed=2), state) == Knock(1)


# -- sampling hidden cards consistently with the observation --------------------------------


def assert_consistent(sample: GameState, view: Observation) -> None:
    me = view.player
    assert sample.hands[me] == view.hand and sample.widow == view.widow
    assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
    assert len(sample.stock) == view.stock_count and len(sample.discard) == view.discard_count
    everything = [c for hand in sample.hands for c in hand] + list(sample.widow + sample.stock + sample.discard)
    assert sorted(everything) == sorted(deck_for(view.rules))
    assert (sample.phase, sample.to_act, sample.dealer, sample.pot) == (view.phase, view.to_act, view.dealer, view.pot)
    assert (sample.balances, sample.lives) == (view.balances, view.lives)


@settings(max_examples=60, deadline=None)
@given(rules=presets, players=st.integers(3, 12), seed=seeds, plies=st.integers(0, 60))
def test_sampled_states_agree_with_the_observation(rules: Rules, players: int, seed: int, plies: int) -> None:
    state = random_position(rules, players, seed, plies)
    if state.is_over or state.to_act is None:
        return
    view = observe(state, state.to_act)
    rng = random.Random(seed)
    for _ in range(3):
        sample = sample_state(view, rng)
        assert_consistent(sample, view)
        assert legal_actions(sample) == legal_actions(state)


def test_sampled_states_keep_cards_the_observer_saw_go_away() -> None:
    # Dealer 1, eldest 2. Seat 1 answers a barter with 6♠ (now in seat 0's hand), then buys
    # giving K♦ (in the discard for good). Seat 1 looks at the deal.
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=1, stock="8♠ 2♦")
    state = apply(state, Barter(2, Card.parse("4♦")))
    state = apply(state, BarterReply(0, Card.parse("3♣")))
    state = apply(state, Barter(0, Card.parse("4♦")))
    state = apply(state, BarterReply(1, Card.parse("6♠")))
    state = apply(state, Buy(1, Card.parse("K♦")))
    assert state.to_act == 2 and state.phase is Phase.PLAY
    view = observe(state, 1)
    rng = random.Random(0)
    for _ in range(30):
        sample = sample_state(view, rng)
        assert_consistent(sample, view)
        assert Card.parse("K♦") in sample.discard
        assert Card.parse("6♠") in sample.hands[0]


def test_a_sampled_pending_barter_offers_one_of_the_offerers_cards() -> None:
    state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    state = apply(state, Barter(1, Card.parse("K♦")))
    view = observe(state, 2)
    assert view.phase is Phase.BARTER_REPLY and view.turn.offer is None
    rng = random.Random(2)
    offers = set()
    for _ in range(30):
        sample = sample_state(view, rng)
        assert_consistent(sample, view)
        assert sample.turn.offer in sample.hands[1]
        offers.add(sample.turn.offer)
        assert apply(sample, BarterReply(2, Card.parse("4♦"))).hands[2].count(sample.turn.offer) == 1
    assert len(offers) > 1


def test_sampled_states_put_cards_taken_from_the_widow_in_the_taker_hand() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "K♠ 4♦ 7♣", "7♠ 8♠ J♣"], widow="K♥ 3♣ 6♦", dealer=2)
    state = apply(state, Exchange(0, Card.parse("2♣"), Card.parse("K♥")))
    view = observe(state, 1)
    rng = random.Random(1)
    samples = [sample_state(view, rng) for _ in range(30)]
    for sample in samples:
        assert_consistent(sample, view)
        assert Card.parse("K♥") in sample.hands[0]
    assert len({sample.hands[2] for sample in samples}) > 1  # the hidden hands really are sampled


@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_bots_play_hoyle_legally_though_it_has_no_strategy_of_its_own(seed: int) -> None:
    from commerce_rules import HOYLE

    bots: list[Bot] = [GreedyBot(), SearchBot(rollouts=4, seed=seed), RandomBot(seed)]
    assert play_out(HOYLE, bots, seed).winners
