"""``commerce_rules.gym`` (extra ``gym``): one seat against opponents, through Gymnasium's own checker.

Skipped unless ``gymnasium`` is installed: ``nox -s adapters`` runs it.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from helpers import optional_import  # noqa: E402

optional_import("gymnasium")
env_checker = optional_import("gymnasium.utils.env_checker")
np = optional_import("numpy")

from gymnasium import ActionWrapper  # noqa: E402

from commerce_rules import (  # noqa: E402
    CRP,
    PRESETS,
    THIRTY_ONE,
    Action,
    ArgumentTypeError,
    Card,
    CommerceError,
    Exchange,
    GameState,
    GreedyBot,
    IllegalActionError,
    Observation,
    Pass,
    RandomBot,
    action_from_index,
    action_index,
    apply,
    deal_position,
    legal_action_mask,
    legal_actions,
    new_game,
    observation_tensor,
    observe,
    returns,
)
from commerce_rules.gym import DEFAULT_DEAL_LIMIT, DEFAULT_TURN_LIMIT, CommerceEnv  # noqa: E402
from commerce_rules.gym import env as gym_env  # noqa: E402

PRESET_NAMES = sorted(PRESETS)


class _IndexPlaysALegalAction(ActionWrapper[dict[str, Any], Any, Any]):  # type: ignore[misc, unused-ignore]
    """Index ``i`` plays the learner's ``(i mod k)``-th legal action: what ``check_env`` needs, no more.

    The checker steps with ``action_space.sample()``, unmasked, and in its
    determinism check draws it before the reset it steps after, so no
    environment that refuses illegal actions passes it bare.
    """

    def action(self, action: Any) -> int:
        learner = self.env.unwrapped
        assert isinstance(learner, CommerceEnv) and learner.match is not None
        legal = np.flatnonzero(legal_action_mask(learner.match))
        return int(legal[int(action) % len(legal)])


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_gymnasiums_check_env_passes_for_every_preset(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_checker.check_env(_IndexPlaysALegalAction(CommerceEnv(name, 4, render_mode="ansi")))
    expected = ("infinity", "different from the unwrapped", "not having a spec")
    assert [str(w.message) for w in caught if not any(text in str(w.message) for text in expected)] == []


def play_to_the_end(environment: CommerceEnv, seed: int) -> tuple[list[Any], float]:
    """Every observation of a match played by a uniform masked policy, and the rewards' sum; checks each step."""
    observation, info = environment.reset(seed=seed)
    environment.action_space.seed(seed)
    seen, total = [observation], 0.0
    while True:
        assert environment.observation_space.contains(observation) and info == {}
        action = environment.action_space.sample(mask=observation["action_mask"])
        observation, reward, terminated, truncated, info = environment.step(action)
        seen.append(observation)
        total += reward
        assert not truncated
        if terminated:
            return seen, total
        assert reward == 0.0


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_random_masked_policy_plays_every_preset_to_the_end_rewarded_its_return(name: str) -> None:
    environment = CommerceEnv(name, 4, seat=1)
    seen, total = play_to_the_end(environment, seed=11)
    final = environment.match
    assert final is not None and final.is_over
    assert total == returns(final)[1]
    assert not seen[-1]["action_mask"].any()
    assert seen[-1]["observation"].tolist() == pytest.approx(list(observation_tensor(observe(final, 1))))


def test_observations_are_the_learners_tensor_and_legal_mask() -> None:
    environment = CommerceEnv("crp", 4, seat=2)
    observation, _ = environment.reset(seed=3)
    match = environment.match
    assert match is not None and match.to_act == 2
    assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8
    assert observation["observation"].tolist() == pytest.approx(list(observation_tensor(observe(match, 2))))
    assert observation["action_mask"].tolist() == [int(b) for b in legal_action_mask(match)]


def test_the_limits_are_supplied_where_unset_so_every_match_ends() -> None:
    assert CRP.turn_limit is None and CRP.deal_limit is None
    assert CommerceEnv("crp", 3).rules == CRP.replace(turn_limit=DEFAULT_TURN_LIMIT, deal_limit=DEFAULT_DEAL_LIMIT)
    assert CommerceEnv("crp", 3, deal_limit=5).rules == CRP.replace(turn_limit=DEFAULT_TURN_LIMIT, deal_limit=5)


def test_the_same_seed_plays_the_same_match_and_reset_deals_new_games_seed() -> None:
    first, second = CommerceEnv("crp", 4, opponents=RandomBot), CommerceEnv("crp", 4, opponents=RandomBot)
    one, two = play_to_the_end(first, 5), play_to_the_end(second, 5)
    assert first.match == second.match and one[1] == two[1]
    assert all(np.array_equal(a["observation"], b["observation"]) for a, b in zip(one[0], two[0]))
    seat = new_game(first.rules, 4, seed=9).to_act
    assert seat is not None
    environment = CommerceEnv("crp", 4, seat=seat)
    environment.reset(seed=9)
    assert environment.match == new_game(environment.rules, 4, seed=9)  # the learner acts first: nothing played yet


def test_an_unseeded_reset_after_a_seeded_one_is_reproducible_and_new() -> None:
    environment = CommerceEnv("foster", 3)
    environment.reset(seed=4)
    first = environment.match
    environment.reset()
    again = environment.match
    environment.reset(seed=4)
    assert environment.match == first
    environment.reset()
    assert environment.match == again != first


def snapshot(environment: CommerceEnv) -> tuple[Any, ...]:
    return environment.match, environment.np_random.bit_generator.state, environment._told


@pytest.mark.parametrize(
    ("action", "error"),
    [("4", ArgumentTypeError), (4.0, ArgumentTypeError), (True, ArgumentTypeError), (None, ArgumentTypeError),
     (-1, IllegalActionError), (10**6, IllegalActionError)],
)  # fmt: skip
def test_a_bad_action_is_refused_and_changes_nothing(action: Any, error: type[Exception]) -> None:
    environment = CommerceEnv("crp", 4)
    environment.reset(seed=2)
    before = snapshot(environment)
    with pytest.raises(error):
        environment.step(action)
    assert snapshot(environment) == before


def test_an_illegal_index_is_refused_and_changes_nothing_and_a_numpy_integer_plays() -> None:
    environment = CommerceEnv("crp", 4)
    observation, _ = environment.reset(seed=2)
    before = snapshot(environment)
    with pytest.raises(IllegalActionError):
        environment.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert snapshot(environment) == before
    environment.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))
    assert environment.match != before[0]


def test_after_the_end_and_before_reset_a_step_is_refused() -> None:
    environment = CommerceEnv("crp", 3)
    with pytest.raises(CommerceError, match="reset"):
        environment.step(0)
    play_to_the_end(environment, seed=1)
    with pytest.raises(IllegalActionError, match="over"):
        environment.step(0)


def test_opponents_may_be_bots_bot_classes_or_plain_callables() -> None:
    asked: list[tuple[int, int]] = []

    def first_legal(observation: Observation, legal: tuple[Action, ...]) -> Action:
        asked.append((observation.player, len(legal)))
        return legal[0]

    environment = CommerceEnv("foster", 4, opponents=[first_legal, GreedyBot(), RandomBot])
    play_to_the_end(environment, seed=6)
    assert asked and {seat for seat, _ in asked} == {1}
    plain = CommerceEnv("foster", 4, opponents=first_legal)
    play_to_the_end(plain, seed=6)
    assert {seat for seat, _ in asked} == {1, 2, 3}


def test_a_bot_class_without_a_seed_is_built_without_one() -> None:
    class FirstLegal:
        def choose(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
            return legal[0]

    environment = CommerceEnv("crp", 4, opponents=FirstLegal)
    assert play_to_the_end(environment, seed=3)[0][-1]["action_mask"].sum() == 0


def test_a_bot_instance_starts_every_episode_as_given() -> None:
    environment = CommerceEnv("crp", 4, opponents=RandomBot(seed=3))
    first = play_to_the_end(environment, seed=8)
    final = environment.match
    assert play_to_the_end(environment, seed=8)[1] == first[1] and environment.match == final


@pytest.mark.parametrize(("name", "seat", "seed"), [("crp", 1, 12), ("foster", 0, 3), ("thirty_one", 2, 40)])
def test_random_bot_opponents_draw_as_documented_with_no_observation_made(
    name: str, seat: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The class RandomBot: seat ``s`` draws ``legal[rng.randrange(len(legal))]``, ``rng`` seeded as ``RandomBot`` would be."""
    observed: list[int] = []

    def observing(state: GameState, player: int) -> Observation:
        observed.append(player)
        return observe(state, player)

    monkeypatch.setattr(gym_env, "observe", observing)
    environment = CommerceEnv(name, 4, seat=seat, opponents=RandomBot)
    observation, _ = environment.reset(seed=seed)
    seeds = np.random.SeedSequence(seed).generate_state(4, dtype=np.uint64)
    draws = {other: random.Random(int(seeds[other] >> 1)) for other in range(4) if other != seat}

    def opponents_drawn(state: GameState) -> GameState:
        while not state.is_over and state.to_act != seat:
            assert state.to_act is not None
            legal = legal_actions(state)
            state = apply(state, legal[draws[state.to_act].randrange(len(legal))])
        return state

    expected = opponents_drawn(new_game(environment.rules, 4, seed=seed))
    played: list[tuple[int, GameState]] = []
    terminated = False
    while not terminated:
        assert environment.match == expected
        legal = legal_actions(expected)
        index = action_index(expected, legal[len(played) % len(legal)])
        observation, _, terminated, _, _ = environment.step(index)
        expected = opponents_drawn(apply(expected, action_from_index(expected, index)))
        played.append((index, expected))
    assert environment.match == expected and expected.is_over
    assert set(observed) == {seat}  # the learner's observations only: none is made for a drawing seat
    built = CommerceEnv(name, 4, seat=seat, opponents=type("Built", (RandomBot,), {}))  # a subclass: built and asked
    built.reset(seed=seed)
    for index, after in played:
        built.step(index)
        assert built.match == after
    assert set(observed) == set(range(4))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"variant": "bridge"}, "variant must be a preset"),
        ({"variant": "crp", "players": 2}, "3 to 12 players"),
        ({"seat": 4}, "seat must be"),
        ({"seat": True}, "seat must be"),
        ({"opponents": [GreedyBot()]}, "one opponent for each of the 3"),
        ({"opponents": 7}, "an opponent is"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_arguments_are_commerce_errors(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        CommerceEnv(**arguments)


def test_an_opponent_choosing_an_illegal_action_is_a_commerce_error_and_changes_nothing() -> None:
    def cheat(observation: Observation, legal: tuple[Action, ...]) -> Action:
        return Pass(0)

    environment = CommerceEnv("crp", 4, seat=0, opponents=cheat)
    with pytest.raises(CommerceError, match="opponent at seat"):
        environment.reset(seed=next(seed for seed in range(50) if new_game(environment.rules, 4, seed=seed).to_act != 0))
    environment = CommerceEnv("crp", 4, seat=0, opponents=cheat)
    seed = next(seed for seed in range(50) if new_game(environment.rules, 4, seed=seed).to_act == 0)
    observation, _ = environment.reset(seed=seed)
    before = snapshot(environment)
    with pytest.raises(CommerceError, match="opponent at seat 1"):
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert snapshot(environment) == before


def test_reset_may_start_from_a_position_and_refuses_anything_else() -> None:
    environment = CommerceEnv("crp", 4)
    state = new_game(environment.rules, 4, seed=12)
    environment.reset(options={"state": state})
    assert environment.match is not None and environment.match.to_act == 0
    with pytest.raises(CommerceError, match="options\\['state'\\]"):
        environment.reset(options={"state": new_game(CRP, 4, seed=12)})  # the preset's rules, without the limits
    with pytest.raises(CommerceError, match="only option"):
        environment.reset(options={"seat": 1})


def test_a_match_over_as_it_is_dealt_ends_at_reset_with_an_empty_mask() -> None:
    rules = THIRTY_ONE.replace(deal_limit=1)
    seed = next(seed for seed in range(1000) if new_game(rules, 3, seed=seed).is_over)
    environment = CommerceEnv("thirty_one", 3, deal_limit=1, render_mode="ansi")
    observation, _ = environment.reset(seed=seed)
    assert not observation["action_mask"].any()
    told = environment.render()
    assert told is not None and "Match over after 1 deal" in told
    with pytest.raises(IllegalActionError):
        environment.step(0)


def test_ansi_rendering_narrates_what_the_table_heard_since_the_learners_last_step() -> None:
    environment = CommerceEnv("crp", 4, seat=2, render_mode="ansi")
    observation, _ = environment.reset(seed=3)
    opening = environment.render()
    assert opening is not None and opening.startswith("Deal 1:") and opening.splitlines()[-1].startswith("lives:")
    environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    told = environment.render()
    assert told is not None and not told.startswith("Deal 1:") and told.count("\n  ") >= 2  # the learner's move and others'
    assert CommerceEnv("crp", 4).render() is None


def test_3_3_the_learner_never_learns_that_an_opponent_is_asked_to_pounce() -> None:
    """At every learner step, observation, mask and narration are those of a twin where nobody can pounce."""

    def passer(observation: Observation, legal: tuple[Action, ...]) -> Action:
        return next(action for action in legal if isinstance(action, Pass))  # declines the pounce; passes its turn

    def exchanged(environment: CommerceEnv, fourth_seat_hand: str) -> GameState:
        hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", fourth_seat_hand]
        state = deal_position(environment.rules, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
        return apply(state, Exchange(1, Card.parse("3♣"), Card.parse("A♠")))  # 3♣ to the widow

    runs = []
    for fourth in ("3♠ 3♥ 3♦", "6♠ 6♥ 7♦"):  # seat 3 may pounce on 3♣; in the twin nobody can
        environment = CommerceEnv("pounce", 4, seat=0, opponents=passer, render_mode="ansi")
        start = exchanged(environment, fourth)
        observation, _ = environment.reset(options={"state": start})
        steps: list[tuple[Any, ...]] = [(start.to_act, observation, environment.render())]
        while True:  # the learner passes too, until the deal is shown down (which shows seat 3's hand)
            assert environment.match is not None
            observation, reward, terminated, _, info = environment.step(action_index(environment.match, Pass(0)))
            if environment.match.deal_number > 1 or terminated:
                break
            steps.append((reward, observation, environment.render(), info))
        runs.append(steps)
    asked, twin = runs
    assert len(asked) == len(twin) >= 2
    assert asked[0][0] == 3 and twin[0][0] == 2  # the position: seat 3 asked first, or seat 2 to play
    for seen, other in zip(asked, twin):
        assert np.array_equal(seen[1]["observation"], other[1]["observation"])
        assert np.array_equal(seen[1]["action_mask"], other[1]["action_mask"])
        assert seen[2:] == other[2:]


def test_the_guides_example_plays_a_match_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "openspiel-and-pettingzoo.md").read_text()
    example = guide.split("## Gymnasium", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "the guide's Gymnasium example", "exec"), {})
    assert -1.0 <= float(capsys.readouterr().out) <= 3.0  # CRP, 4 seats: from a lost stake to the whole pool


def test_with_end_when_out_an_episode_ends_when_the_learner_is_out_of_a_match_of_lives_rewarded_its_return() -> None:
    """Its return can no longer change (the winners are seats still in): the rest of the match is not played."""
    endings = {"out": 0, "over": 0}
    for seed in range(40):
        environment = CommerceEnv("thirty_one", 4, seat=0, opponents=RandomBot, end_when_out=True)
        seen, total = play_to_the_end(environment, seed=seed)
        final = environment.match
        assert final is not None
        if final.is_over:
            endings["over"] += 1
            assert total == returns(final)[0]
            continue
        endings["out"] += 1
        assert 0 not in final.active and total == -1.0 and not seen[-1]["action_mask"].any()
        assert seen[-1]["observation"].tolist() == pytest.approx(list(observation_tensor(observe(final, 0))))
        with pytest.raises(IllegalActionError, match="the episode is over"):
            environment.step(0)
        while not final.is_over:  # played on by anyone, the match gives the learner that return
            final = apply(final, legal_actions(final)[0])
        assert returns(final)[0] == -1.0
    assert endings["out"] > 5 and endings["over"] > 5, endings


def test_by_default_an_episode_is_the_whole_match_even_once_the_learner_is_out() -> None:
    """The public contract: the reward is the learner's return at the match's end."""
    outs = 0
    for seed in range(15):
        environment = CommerceEnv("thirty_one", 4, seat=0, opponents=RandomBot)
        _, total = play_to_the_end(environment, seed=seed)
        final = environment.match
        assert final is not None and final.is_over and total == returns(final)[0]
        outs += 0 not in final.active
    assert outs > 3
