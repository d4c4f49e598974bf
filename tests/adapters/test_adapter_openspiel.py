"""``commerce_rules.openspiel`` (extra ``openspiel``): the game ``python_commerce`` through OpenSpiel's own tests.

Skipped unless ``pyspiel`` is installed: ``nox -s adapters`` runs it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from helpers import deck_dealing_a_31, optional_import  # noqa: E402

pyspiel = optional_import("pyspiel")
np = optional_import("numpy")

from commerce_rules import (  # noqa: E402
    CRP,
    FOSTER,
    PRESETS,
    CommerceError,
    GreedyBot,
    RandomBot,
    THIRTY_ONE,
    RulesError,
    ShowdownReason,
    action_index,
    apply,
    legal_actions,
    new_game,
    observation_tensor,
    observation_to_json,
    observe,
    returns,
)
from commerce_rules.engine.deal import deck_for, shuffled_deck  # noqa: E402
from commerce_rules.core.state import GameState  # noqa: E402
from commerce_rules.openspiel import (  # noqa: E402
    DEFAULT_DEAL_LIMIT,
    DEFAULT_TURN_LIMIT,
    CommerceState,
    LibraryBot,
    max_actions_per_deal,
)

PRESET_NAMES = sorted(PRESETS)


def match_of(state: CommerceState) -> GameState:
    """The library's state inside ``state`` (dealt: not at a chance node)."""
    match = state.now.match
    assert match is not None and state.now.pending is None
    return match


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_commerce", params)


def random_play(state: CommerceState, rng: random.Random) -> tuple[CommerceState, list[int]]:
    """Play ``state`` out at random (chance by its outcomes' odds): the end, and the player moves of each deal."""
    moves_per_deal = [0]
    deal = 1
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        match = state.now.match if state.now.pending is None else state.now.pending[0]
        moves_per_deal[-1] += 1
        if state.now.pending is not None or (match is not None and match.deal_number != deal):
            deal += 1
            moves_per_deal.append(0)
    return state, moves_per_deal


# -- the game and its parameters -------------------------------------------------------------------


def test_load_game_with_a_variant_and_players_is_the_way_in() -> None:
    game = pyspiel.load_game("python_commerce", {"variant": "crp", "players": 4})
    assert game.num_players() == 4
    assert game.rules == CRP.replace(turn_limit=DEFAULT_TURN_LIMIT, deal_limit=DEFAULT_DEAL_LIMIT)
    assert game.get_type().short_name == "python_commerce"
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_every_option_of_rules_is_a_parameter_by_its_name() -> None:
    spec = pyspiel.load_game("python_commerce").get_type().parameter_specification
    assert set(CRP.options()) | {"variant", "players", "deal_chance"} == set(spec)


def test_options_given_by_name_change_the_preset_and_the_others_keep_its_values() -> None:
    game = load(variant="crp", players=3, starting_lives=5, ace_low=1, turn_limit=12, barter_direction="")
    assert game.rules == CRP.replace(starting_lives=5, ace_low=True, turn_limit=12, deal_limit=DEFAULT_DEAL_LIMIT)
    assert load(variant="foster", ace_low=0).rules.ace_low is False
    assert load(variant="foster").rules.ace_low is True  # -1: the preset's value


def test_the_game_string_loads_the_same_game() -> None:
    game = load(variant="hoyle", players=5, stake=6)
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules and again.num_players() == 5
    assert "turn_limit=100" in str(game) and "stake=6" in str(game)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variant": "bridge"}, "variant must be a preset"),
        ({"players": 2}, "players must be"),
        ({"players": 13}, "players must be"),
        ({"ace_low": 2}, "ace_low must be -1"),
        ({"variant": "foster", "pounce": 1}, "pounce"),
        ({"exchanges_per_turn": 4, "variant": "crp"}, "exchanges_per_turn"),
    ],
)
def test_bad_parameters_are_refused_saying_which(params: dict[str, Any], message: str) -> None:
    with pytest.raises((CommerceError, RuntimeError, pyspiel.SpielError), match=message):
        load(**params)


def test_a_bad_parameter_is_the_librarys_own_error() -> None:
    from commerce_rules.openspiel import rules_from_parameters

    with pytest.raises(RulesError):
        rules_from_parameters({"variant": "foster", "pounce": 1})
    with pytest.raises(CommerceError, match="unknown parameter"):
        rules_from_parameters({"colour": "red"})


# -- OpenSpiel's own tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_openspiels_random_sim_test_passes_for_every_preset(name: str) -> None:
    game = load(variant=name, players=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiels_random_sim_test_passes_at_a_larger_table() -> None:
    pyspiel.random_sim_test(load(variant="pounce", players=6), num_sims=1, serialize=True, verbose=False)


# -- chance ----------------------------------------------------------------------------------------------


def test_chance_draws_the_first_dealer_then_every_card_of_the_deal_uniformly() -> None:
    game = load(variant="trentuno", players=3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seat, pytest.approx(1 / 3)) for seat in range(3)]
    state.apply_action(2)
    deck = deck_for(game.rules)
    order = list(range(len(deck)))
    random.Random(5).shuffle(order)
    for step, card in enumerate(order[:-1]):
        outcomes = state.chance_outcomes()
        assert [o for o, _ in outcomes] == sorted(order[step:])
        assert all(p == pytest.approx(1 / (len(deck) - step)) for _, p in outcomes)
        state.apply_action(card)
    assert not state.is_chance_node()  # the last card is forced
    match = match_of(state)
    assert match.dealer == 2 and match.deal_number == 1
    dealt = [deck[i] for i in order]
    assert match.hands[0][0] == dealt[0] and match.hands[1][0] == dealt[1] and match.hands[2][0] == dealt[2]
    assert match.widow == tuple(dealt[9:12])


def test_every_later_deal_is_dealt_by_chance_too() -> None:
    state, per_deal = random_play(load(variant="crp", players=3).new_initial_state(), random.Random(3))
    chance_nodes = [item.player for item in state.full_history()].count(pyspiel.PlayerId.CHANCE)
    deals = match_of(state).deal_number
    assert chance_nodes == 1 + deals * (len(deck_for(CRP)) - 1)
    assert len(per_deal) == deals


def _deal_by_chance(state: CommerceState, deck: list[Any]) -> None:
    """Chance deals ``deck``, top first (its last card forced)."""
    whole = deck_for(THIRTY_ONE)
    for card in deck[:-1]:
        assert state.is_chance_node()
        state.apply_action(whole.index(card))


def test_a_deal_dealt_with_a_31_is_settled_and_chance_deals_the_next_deal_too() -> None:
    game = load(variant="thirty_one", players=3)
    state = game.new_initial_state()
    state.apply_action(2)  # seat 2 deals first
    first, second = deck_dealing_a_31(THIRTY_ONE, 3), list(deck_for(THIRTY_ONE))[::-1]
    _deal_by_chance(state, first)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 52  # the 31 is settled: a whole deck again
    _deal_by_chance(state, second)
    match = match_of(state)
    assert [showdown.reason for showdown in match.showdowns] == [ShowdownReason.BLITZ]
    assert match == new_game(game.rules, 3, seed=0, dealer=2, decks=[first, second])
    assert match.hands[1] == tuple(second[0:9:3])  # dealt from chance's deck, not the seed's
    assert match.hands != new_game(game.rules, 3, seed=0, dealer=2, deck=first).hands


def test_a_later_deal_dealt_with_a_31_is_dealt_on_by_chance_too() -> None:
    game = load(variant="thirty_one", players=3)
    state = game.new_initial_state()
    state.apply_action(2)
    _deal_by_chance(state, list(deck_for(THIRTY_ONE)))
    before = match_of(state)
    rng = random.Random(8)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.now.pending is not None
    ending = state.now.pending
    first, second = deck_dealing_a_31(THIRTY_ONE, 3), list(deck_for(THIRTY_ONE))[::-1]
    _deal_by_chance(state, first)
    assert state.is_chance_node()
    _deal_by_chance(state, second)
    match = match_of(state)
    assert match == apply(*ending, decks=[first, second])
    assert match.deal_number == before.deal_number + 2 and match.showdowns[-1].reason is ShowdownReason.BLITZ


def test_a_deal_that_ends_the_match_is_dealt_by_chance_too() -> None:
    # seed 0's fifth deal at 7 players holds a 31, so a last deal taken from the seed would end at once
    game = load(variant="thirty_one", players=7, deal_limit=5)
    state, _ = random_play(game.new_initial_state(), random.Random(1))
    match = match_of(state)
    chance_nodes = [item.player for item in state.full_history()].count(pyspiel.PlayerId.CHANCE)
    assert match.is_over and chance_nodes == 1 + match.deal_number * (len(deck_for(THIRTY_ONE)) - 1)
    seeds_deal = shuffled_deck(game.rules, 0, match.deal_number)
    assert set(match.showdowns[-1].hands[(match.dealer + 1) % 7]) != set(seeds_deal[0:21:7])


# -- bounds ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_max_game_length_bounds_random_matches_and_returns_stay_in_the_utility_range(name: str) -> None:
    game = load(variant=name, players=4)
    bound = max_actions_per_deal(game.rules, 4)
    for seed in range(3):
        state, per_deal = random_play(game.new_initial_state(), random.Random(seed))
        assert sum(per_deal) <= game.max_game_length()
        assert max(per_deal) <= bound
        values = state.returns()
        assert values == list(returns(match_of(state)))
        assert sum(values) == pytest.approx(0)
        assert all(game.min_utility() <= v <= game.max_utility() for v in values)


def _deal_limit_ends_matches() -> bool:
    """Whether this library ends a match at ``deal_limit`` (Rules §9; the Schwimmen work brings it)."""
    from commerce_rules import Knock, apply, new_game

    state = new_game(CRP.replace(deal_limit=1), 3, seed=1)
    while not state.is_over and state.deal_number == 1:
        assert state.to_act is not None
        state = apply(state, Knock(state.to_act)) if Knock(state.to_act) in legal_actions(state) else apply(state, legal_actions(state)[-1])
    return state.is_over


@pytest.mark.skipif(not _deal_limit_ends_matches(), reason="deal_limit does not end a match yet (Rules §9, the schwimmen branch)")
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_small_limits_end_every_match_within_max_game_length(name: str) -> None:
    game = load(variant=name, players=3, turn_limit=2, deal_limit=2)
    for seed in range(5):
        state, per_deal = random_play(game.new_initial_state(), random.Random(seed))
        assert len(per_deal) <= 2
        assert sum(per_deal) <= game.max_game_length()
        assert all(moves <= max_actions_per_deal(game.rules, 3) for moves in per_deal)


# -- observers ----------------------------------------------------------------------------------------------


def decision_states(name: str, players: int, seed: int, count: int) -> list[CommerceState]:
    game = load(variant=name, players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[CommerceState] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("name", ["foster", "pounce", "hoyle"])
def test_the_default_observation_is_the_librarys_tensor_and_json(name: str) -> None:
    for state in decision_states(name, 3, 1, 30):
        match = match_of(state)
        for seat in range(3):
            view = observe(match, seat)
            assert state.observation_tensor(seat) == pytest.approx(list(observation_tensor(view)))
            assert state.observation_string(seat) == observation_to_json(view)


def test_the_information_state_remembers_every_earlier_deal() -> None:
    states = decision_states("crp", 3, 2, 400)
    later = next(s for s in states if s.now.match is not None and s.now.match.deal_number >= 3)
    text = later.information_state_string(0)
    assert text.count("\n") >= 2
    assert text.splitlines()[-1] == later.observation_string(0)
    assert later.information_state_tensor(0) == later.observation_tensor(0)


@pytest.mark.parametrize("name", ["foster", "pounce", "hoyle"])
def test_the_public_view_is_the_same_for_every_seat_and_holds_no_hand(name: str) -> None:
    game = load(variant=name, players=3)
    public = pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    for state in decision_states(name, 3, 4, 40):
        texts = {observer.string_from(state, seat) for seat in range(3)}
        tensors = set()
        for seat in range(3):
            observer.set_from(state, seat)
            tensors.add(observer.tensor.tobytes())
        assert len(texts) == 1 and len(tensors) == 1
        text = texts.pop()
        match = match_of(state)
        for seat, hand in enumerate(match.hands):
            if not match.showdowns:  # a past showdown's revealed cards may be dealt again
                assert not any(f'"{card}"' in text for card in hand if card not in match.widow)


def test_the_private_view_alone_is_the_seats_hand_and_all_players_every_hand() -> None:
    game = load(variant="foster", players=3)
    mine = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    )
    everyone = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    deck = deck_for(FOSTER)
    for state in decision_states("foster", 3, 5, 10):
        match = match_of(state)
        for seat in range(3):
            mine.set_from(state, seat)
            assert {deck[i] for i in np.flatnonzero(mine.tensor)} == set(match.hands[seat])
            everyone.set_from(state, seat)
            for other in range(3):
                assert {deck[i] for i in np.flatnonzero(everyone.dict["hands"][other])} == set(match.hands[other])


def test_observations_before_the_first_deal_are_zeros_of_the_right_size() -> None:
    game = load(variant="crp", players=4)
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert not any(state.observation_tensor(0)) and not any(state.information_state_tensor(3))
    assert state.information_state_string(1) == "before the first deal"


# -- bots ----------------------------------------------------------------------------------------------------


def test_openspiels_mcts_bot_plays_matches_to_the_end() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = load(variant="foster", players=3)
    rng = np.random.RandomState(7)
    for match in range(2):
        bots = [
            mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
            LibraryBot(GreedyBot(seed=match), 1),
            LibraryBot(RandomBot(seed=match), 2),
        ]
        values = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(values) == 3 and sum(values) == pytest.approx(0)


def test_a_library_bot_plays_only_its_own_seat() -> None:
    state = decision_states("crp", 3, 6, 1)[0]
    seat = state.current_player()
    choice = LibraryBot(GreedyBot(seed=1), seat).step(state)
    assert choice in state.legal_actions()
    assert choice in [action_index(match_of(state), a) for a in legal_actions(match_of(state))]
    with pytest.raises(CommerceError, match="not to act"):
        LibraryBot(GreedyBot(seed=1), (seat + 1) % 3).step(state)


def test_a_pending_pounce_question_is_not_in_the_public_view() -> None:
    from commerce_rules import POUNCE, Card, Phase

    game = load(variant="pounce", players=3)
    state = game.new_initial_state()
    state.apply_action(2)  # seat 2 deals: seat 0 is the eldest, seat 1 next
    deck = list(deck_for(POUNCE))
    top = [Card.parse(text) for text in ("2♣", "7♣", "3♦", "4♥", "7♦", "5♠", "9♣", "7♥", "J♦", "7♠", "K♣", "A♦")]
    order = top + [card for card in deck if card not in top]
    for card in order[:-1]:
        state.apply_action(deck.index(card))
    match = match_of(state)
    assert match.phase is Phase.POUNCE and match.to_act == 1  # seat 1 holds the three sevens, the widow the fourth
    public = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    texts = {public.string_from(state, seat) for seat in range(3)}
    assert len(texts) == 1
    text = texts.pop()
    assert '"to_act":0' in text and "pounce" not in text  # the table as the seats not asked see it
    assert observe(match, 0).to_act == 0 and observe(match, 1).to_act == 1


def dealt(game: Any, seed: int) -> Any:
    """A state of ``game`` past its first chance nodes: the first deal dealt at random from ``seed``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights)[0])
    return state


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_resample_from_infostate_keeps_what_the_seat_knows_and_deals_the_rest_anew(name: str) -> None:
    game = load(variant=name, players=4, turn_limit=30, deal_limit=2)
    state, rng = dealt(game, 3), random.Random(3)
    for _ in range(20):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            seat = state.current_player()
            draws = iter([0.25, 0.75])
            samples = [state.resample_from_infostate(seat, lambda: next(draws)) for _ in range(2)]
            for sample in samples:
                assert sample.information_state_string(seat) == state.information_state_string(seat)
                assert sample.observation_string(seat) == state.observation_string(seat)
                assert sample.legal_actions() == state.legal_actions()
            assert samples[0].serialize() != samples[1].serialize()  # another deal of the unseen cards
            outcomes = state.legal_actions()
        else:
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))


def test_resample_from_infostate_is_refused_while_cards_are_dealt_and_for_a_seat_that_is_not_there() -> None:
    game = load(variant="crp", players=3)
    with pytest.raises(CommerceError, match="not while cards are being dealt"):
        game.new_initial_state().resample_from_infostate(0, lambda: 0.5)
    with pytest.raises(CommerceError, match="player_id must be a seat from 0 to 2"):
        dealt(game, 1).resample_from_infostate(7, lambda: 0.5)


def test_openspiels_python_ismcts_bot_plays_a_whole_match_out_of_the_box() -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = load(variant="crp", players=3, starting_lives=1, turn_limit=12, deal_limit=2)
    searcher = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(5)), uct_c=2.0, max_simulations=12,
        random_state=np.random.RandomState(5),
    )
    state, rng = dealt(game, 11), random.Random(11)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == 0:
            action = searcher.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched > 0 and len(state.returns()) == 3


@pytest.mark.parametrize("name", ["foster", "crp", "thirty_one"])
def test_deal_chance_deals_each_deal_in_one_chance_node_of_as_many_shuffles(name: str) -> None:
    game = load(variant=name, players=3, deal_chance=1024)
    assert game.max_chance_outcomes() == 1024 and "deal_chance=1024" in str(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)  # the first dealer
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1024
    state.apply_action(7)  # shuffle 7: the whole first deal
    assert not state.is_chance_node()
    assert match_of(state).hands == new_game(game.rules, 3, dealer=0, deck=shuffled_deck(game.rules, 7, 1)).hands
    again = game.new_initial_state()
    again.apply_action(0)
    again.apply_action(7)
    assert again.serialize() == state.serialize()  # an outcome is one deck, always the same


def test_deal_chance_of_a_wrong_type_or_range_is_refused() -> None:
    from commerce_rules.learning.parameters import deal_chance_of

    for value, message in ((1, "from 2 to 65,536"), (10**6, "from 2 to 65,536"), (-3, "from 2")):
        with pytest.raises(CommerceError, match=message):
            load(variant="crp", players=3, deal_chance=value)
    for junk in ("8", 2.0, True, None):  # OpenSpiel refuses these itself before the game sees them
        with pytest.raises(CommerceError, match="whole number"):
            deal_chance_of({"deal_chance": junk})
