"""``commerce_rules.pettingzoo`` (extra ``pettingzoo``): an AEC environment through PettingZoo's own tests.

Skipped unless ``pettingzoo`` is installed: ``nox -s adapters`` runs it.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from helpers import optional_import  # noqa: E402

pettingzoo_test = optional_import("pettingzoo.test")
np = optional_import("numpy")

from commerce_rules import (  # noqa: E402
    CRP,
    PRESETS,
    CommerceError,
    RulesError,
    legal_action_mask,
    num_actions,
    observation_tensor,
    observe,
    returns,
)
from commerce_rules.pettingzoo import CommerceEnv, env  # noqa: E402

PRESET_NAMES = sorted(PRESETS)


def quietly(check: Any, *args: Any, **kwargs: Any) -> None:
    # PettingZoo's api_test warns that a Dict observation space is neither a Box nor a Discrete:
    # its own masked classic environments (chess, Texas hold'em, ...) draw the same warnings.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_pettingzoos_api_test_passes_for_every_preset(name: str) -> None:
    quietly(pettingzoo_test.api_test, env(name, 3), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_pettingzoos_seed_test_passes_for_every_preset(name: str) -> None:
    quietly(pettingzoo_test.seed_test, lambda: env(name, 4), num_cycles=300)


def play_to_the_end(environment: CommerceEnv, seed: int) -> dict[str, float]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_observations_are_the_librarys_tensor_and_mask_in_a_dict_space() -> None:
    environment = env("crp", 4)
    environment.reset(seed=3)
    match = environment.match
    assert match is not None
    for seat, agent in enumerate(environment.possible_agents):
        observation = environment.observe(agent)
        assert environment.observation_space(agent).contains(observation)
        assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8
        assert observation["observation"].tolist() == pytest.approx(list(observation_tensor(observe(match, seat))))
        if seat == match.to_act:
            assert observation["action_mask"].tolist() == [int(b) for b in legal_action_mask(match)]
        else:
            assert not observation["action_mask"].any()
    assert environment.action_spaces["player_0"].n == num_actions(environment.rules)


@pytest.mark.parametrize("name", ["foster", "crp", "hoyle"])
def test_a_match_played_to_the_end_rewards_each_seat_its_return(name: str) -> None:
    environment = env(name, 3)
    totals = play_to_the_end(environment, seed=8)
    assert environment.agents == []
    final = environment.match
    assert final is not None and final.is_over
    assert [totals[a] for a in environment.possible_agents] == pytest.approx(list(returns(final)))


def test_the_same_seed_plays_the_same_match() -> None:
    first, second = env("crp", 3), env("crp", 3)
    assert play_to_the_end(first, 5) == play_to_the_end(second, 5)
    assert first.match == second.match


def test_options_by_name_change_the_preset() -> None:
    assert env("crp", 3, starting_lives=5, ace_low=True).rules == CRP.replace(starting_lives=5, ace_low=True)
    with pytest.raises(RulesError):
        env("foster", 3, pounce=True)
    with pytest.raises(RulesError, match="unknown rules option"):
        env("foster", 3, colour="red")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: env("bridge"), "variant must be a preset"),
        (lambda: env("crp", 2), "3 to 12 players"),
        (lambda: env("crp", 3, render_mode="human"), "render_mode"),
    ],
)
def test_bad_arguments_are_commerce_errors(call: Any, message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        call()


def test_using_the_environment_before_reset_is_a_commerce_error() -> None:
    with pytest.raises(CommerceError, match="reset"):
        env("crp", 3).observe("player_0")


def test_ansi_rendering_is_the_librarys_narration() -> None:
    environment = env("crp", 3, render_mode="ansi")
    environment.reset(seed=1)
    opening = environment.render()
    assert opening is not None and opening.startswith("Deal 1:") and "widow" in opening
    mask = environment.observe(environment.agent_selection)["action_mask"]
    before = environment.match
    assert before is not None
    environment.step(int(np.flatnonzero(mask)[0]))
    text = environment.render()
    assert text is not None and text.splitlines()[-1].startswith("lives:")
    from commerce_rules import action_from_index
    from commerce_rules.text.narrate import describe_standings, narrate_step

    move = action_from_index(before, int(np.flatnonzero(mask)[0]))
    assert environment.match is not None
    assert text == "\n".join([*narrate_step(before, move, environment.match), describe_standings(environment.match)])
    assert environment.render() == text  # the last move's narration, however often it is rendered
    assert env("crp", 3).render() is None  # no render mode, nothing rendered


def test_a_match_over_as_it_is_dealt_terminates_every_agent_at_reset_with_its_return() -> None:
    from commerce_rules import THIRTY_ONE, new_game

    rules = THIRTY_ONE.replace(deal_limit=1)
    seed = next(seed for seed in range(1000) if new_game(rules, 3, seed=seed).is_over)  # a 31 dealt in deal 1
    environment = env("thirty_one", 3, deal_limit=1, render_mode="ansi")
    environment.reset(seed=seed)
    final = returns(new_game(rules, 3, seed=seed))
    assert all(environment.terminations.values())
    assert [environment._cumulative_rewards[agent] for agent in environment.possible_agents] == list(final)
    told = environment.render()
    assert told is not None and "as dealt" in told and "Match over after 1 deal" in told
    seen = []
    for agent in environment.agent_iter(max_iter=10):
        _, reward, terminated, _, _ = environment.last()
        assert terminated
        seen.append((agent, reward))
        environment.step(None)
    assert environment.agents == [] and sorted(seen) == sorted(zip(environment.possible_agents, final))


def test_3_3_while_a_seat_is_asked_to_pounce_every_other_agent_sees_and_may_do_what_it_would_without_the_question() -> None:
    """The observation and the mask of each other agent are the same as in a twin where nobody can pounce."""
    from commerce_rules import POUNCE, Card, Exchange, apply, deal_position

    def exchanged(fourth_seat_hand: str) -> Any:
        hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", fourth_seat_hand]
        state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
        return apply(state, Exchange(1, Card.parse("3♣"), Card.parse("A♠")))  # 3♣ to the widow

    asked, twin = exchanged("3♠ 3♥ 3♦"), exchanged("6♠ 6♥ 7♦")
    assert asked.to_act == 3 and twin.to_act == 2
    views = []
    for state in (asked, twin):
        table = env("pounce", 4)
        table.reset(options={"state": state})  # 3♣ has just gone into the widow: every seat is polled
        views.append({agent: table.observe(agent) for agent in ("player_0", "player_1", "player_2")})
    for agent, seen in views[0].items():
        assert np.array_equal(seen["observation"], views[1][agent]["observation"])
        assert np.array_equal(seen["action_mask"], views[1][agent]["action_mask"])
    assert views[0]["player_2"]["action_mask"].sum() == 1  # polled first, from the seat whose turn it is: nothing to claim


def test_3_3_a_seat_that_could_pounce_too_has_its_question_in_its_mask_as_in_the_twin_where_it_is_asked_first() -> None:
    from commerce_rules import POUNCE, deal_position

    hands = ["2♣ 5♦ 9♥", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "7♠ 7♥ 7♦"]
    state = deal_position(POUNCE, hands=hands, dealer=0, widow="7♣ K♣ 2♥")  # seat 2 asked, then seat 3
    twin = deal_position(POUNCE, hands=["2♣ 5♦ 9♥", "Q♠ J♥ K♦", "K♠ K♥ 4♦", "7♠ 7♥ 7♦"], dealer=0, widow="7♣ K♣ 2♥")
    masks = []
    for match in (state, twin):
        table = env("pounce", 4)
        table.reset(options={"state": match})
        while table.agent_selection != "player_3":  # the poll, from the eldest: seats 1 and 2 answer first
            table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[-1]))
        masks.append(table.observe("player_3")["action_mask"])
    assert np.array_equal(masks[0], masks[1]) and int(masks[0].sum()) == 2  # Pounce or Pass


def test_3_3_render_tells_the_table_nothing_of_a_declined_pounce() -> None:
    from commerce_rules import POUNCE, Pass, deal_position

    hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"]
    state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 7♣ 2♥")
    assert state.to_act == 3
    table = env("pounce", 4, render_mode="ansi")
    table.reset(options={"state": state})
    for agent in ("player_1", "player_2", "player_3", "player_0"):  # the poll: seat 3 declines, the others have nothing
        assert table.agent_selection == agent
        mask = table.observe(agent)["action_mask"]
        table.step(table_index(state, Pass(3)) if agent == "player_3" else int(np.flatnonzero(mask)[0]))
    assert table.agent_selection == "player_1" and table.match is not None and table.match.turn.declined == (3,)
    from commerce_rules.text.narrate import describe_standings

    assert table.render() == describe_standings(table.match)  # the standings, and no word of the answer


def table_index(state: Any, action: Any) -> int:
    from commerce_rules import action_index

    return int(action_index(state, action))


def test_3_3_in_pounce_every_seat_is_polled_after_the_deal_and_after_every_change_of_the_widow() -> None:
    """Who is asked to pounce is never told by agent_selection: every seat in play answers in turn."""
    from commerce_rules import POUNCE, Card, Exchange, Pass, deal_position

    def opening(fourth: str) -> list[tuple[str, int]]:
        table = env("pounce", 4)
        hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", fourth]
        table.reset(options={"state": deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")})
        selected = []
        for _ in range(4):  # the poll after the deal: nothing to claim yet
            agent = table.agent_selection
            mask = table.observe(agent)["action_mask"]
            selected.append((agent, int(mask.sum())))
            table.step(int(np.flatnonzero(mask)[0]))
        assert table.agent_selection == "player_1"  # the eldest plays
        table.step(table_index(table.match, Exchange(1, Card.parse("3♣"), Card.parse("A♠"))))
        for _ in range(4):  # 3♣ is in the widow: a poll again, seat 3 may claim in the first deal only
            agent = table.agent_selection
            mask = table.observe(agent)["action_mask"]
            selected.append((agent, int(mask.sum())))
            table.step(table_index(table.match, Pass(int(agent[-1]))) if mask.sum() > 1 else int(np.flatnonzero(mask)[0]))
        selected.append((table.agent_selection, 0))
        return selected

    claimable, twin = opening("3♠ 3♥ 3♦"), opening("6♠ 6♥ 7♦")
    assert [agent for agent, _ in claimable] == [agent for agent, _ in twin]
    assert [agent for agent, _ in claimable][:4] == ["player_1", "player_2", "player_3", "player_0"]
    assert claimable[4:8] == [("player_2", 1), ("player_3", 2), ("player_0", 1), ("player_1", 1)]
    assert all(count == 1 for _, count in twin[:8])
    assert claimable[-1][0] == twin[-1][0] == "player_2"  # declined: the turn passed on in both
