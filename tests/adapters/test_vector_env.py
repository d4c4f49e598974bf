"""``commerce_rules.gym.CommerceVectorEnv`` (extra ``gym``): ``num_envs`` matches at once, each as ``CommerceEnv`` plays it.

The reference is Gymnasium's own ``SyncVectorEnv`` of ``CommerceEnv``s in
same-step autoreset, which steps the matches one by one: every observation
row, mask, reward, flag, final observation and match must be the same, and
each row must be the engine's own tensor and legal actions of its match.
Skipped unless ``gymnasium`` is installed: ``nox -s adapters`` runs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from helpers import optional_import

gymnasium = optional_import("gymnasium")
np = optional_import("numpy")

from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

from commerce_rules import (  # noqa: E402
    THIRTY_ONE,
    Action,
    ArgumentTypeError,
    CommerceError,
    GameState,
    IllegalActionError,
    Observation,
    Pass,
    RandomBot,
    action_from_index,
    apply,
    legal_action_mask,
    legal_actions,
    new_game,
    num_actions,
    observation_tensor,
    observation_tensor_size,
    observe,
    returns,
)
from commerce_rules.gym import CommerceEnv, CommerceVectorEnv  # noqa: E402


def masked_actions(rng: Any, masks: Any) -> Any:
    """One action per row, uniform over its mask (0 where the mask is all False)."""
    return np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks], dtype=np.int64)


def same_observations(vector: dict[str, Any], one_by_one: dict[str, Any]) -> None:
    assert vector["observation"].dtype == np.float32 and vector["action_mask"].dtype == np.bool_
    assert np.array_equal(vector["observation"], one_by_one["observation"])
    assert np.array_equal(vector["action_mask"], one_by_one["action_mask"].astype(np.bool_))


def engine_rows(environment: CommerceVectorEnv, observed: dict[str, Any]) -> None:
    """Each row is the engine's tensor of the learner's view of its match, and the learner's legal actions."""
    for row, match in enumerate(environment.matches):
        tensor = np.array(observation_tensor(observe(match, environment.seat)), dtype=np.float32)
        assert np.array_equal(observed["observation"][row], tensor)
        assert np.array_equal(observed["action_mask"][row], np.array(legal_action_mask(match), dtype=np.bool_))


def played_alone(alone: Any) -> tuple[GameState | None, ...]:
    """The match of each ``CommerceEnv`` of a ``SyncVectorEnv``."""
    environments = [environment.unwrapped for environment in alone.envs]
    assert all(isinstance(environment, CommerceEnv) for environment in environments)
    return tuple(environment.match for environment in environments)


CASES = [
    ("foster", 4, {}),
    ("crp", 4, {"deal_limit": 2}),
    ("pounce", 4, {"deal_limit": 2}),
    ("hoyle", 3, {"deal_limit": 2}),
    ("schwimmen", 4, {"deal_limit": 2}),
    ("thirty_one", 4, {"deal_limit": 3}),
    ("extended", 3, {"deal_limit": 2}),
    ("trentuno", 5, {"deal_limit": 1}),
]


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("end_when_out", [False, True], ids=["to the end", "until out"])
def test_every_row_is_the_match_stepped_alone(name: str, players: int, options: dict[str, Any], end_when_out: bool) -> None:
    arguments: dict[str, Any] = {
        "variant": name, "players": players, "seat": 1, "opponents": RandomBot, "end_when_out": end_when_out, **options,
    }
    vector = CommerceVectorEnv(3, **arguments)
    alone = SyncVectorEnv([lambda: CommerceEnv(**arguments) for _ in range(3)], autoreset_mode=AutoresetMode.SAME_STEP)
    observed, info = vector.reset(seed=40)
    expected, expected_info = alone.reset(seed=40)
    same_observations(observed, expected)
    assert info == expected_info == {}
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(150):
        actions = masked_actions(rng, observed["action_mask"])
        observed, rewards, terminated, truncated, info = vector.step(actions)
        expected, expected_rewards, expected_terminated, expected_truncated, expected_info = alone.step(actions)
        same_observations(observed, expected)
        assert np.array_equal(rewards, expected_rewards) and rewards.dtype == np.float64
        assert np.array_equal(terminated, expected_terminated) and not truncated.any() and not expected_truncated.any()
        assert info.keys() == expected_info.keys()
        if terminated.any():
            ended += int(terminated.sum())
            assert np.array_equal(info["_final_obs"], terminated) and np.array_equal(info["_final_info"], terminated)
            assert info["final_info"] == expected_info["final_info"] == {}
            for row in np.flatnonzero(terminated):
                same_observations(info["final_obs"][row], expected_info["final_obs"][row])
                assert not info["final_obs"][row]["action_mask"].any()
        assert vector.matches == played_alone(alone)
        engine_rows(vector, observed)
        assert all(observed["action_mask"].any(axis=1))  # same-step autoreset: the learner is to act in every row
    assert ended >= 2


class BuiltRandomBot(RandomBot):
    """RandomBot itself, built and asked at every turn: the class RandomBot is drawn from without a bot."""


@pytest.mark.parametrize("name", ["foster", "crp", "thirty_one"])
def test_random_bot_opponents_play_the_moves_the_bots_themselves_play(name: str) -> None:
    drawn = CommerceVectorEnv(4, name, 4, seat=3, opponents=RandomBot, deal_limit=2)
    built = CommerceVectorEnv(4, name, 4, seat=3, opponents=BuiltRandomBot, deal_limit=2)
    observed, _ = drawn.reset(seed=21)
    expected, _ = built.reset(seed=21)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(80):
        assert drawn.matches == built.matches and drawn.seeds == built.seeds
        same_observations(observed, expected)
        actions = masked_actions(rng, observed["action_mask"])
        observed, rewards, terminated, _, _ = drawn.step(actions)
        expected, expected_rewards, expected_terminated, _, _ = built.step(actions)
        assert np.array_equal(rewards, expected_rewards) and np.array_equal(terminated, expected_terminated)
        ended += int(terminated.sum())
    assert ended >= 2


def first_legal(observation: Observation, legal: tuple[Action, ...]) -> Action:
    return legal[0]


def opponents_played(state: GameState, seat: int) -> GameState:
    """The engine alone: every other seat plays its first legal action until ``seat`` is to act or the match ends."""
    while not state.is_over and state.to_act != seat:
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("name", ["foster", "crp", "thirty_one"])
def test_the_engine_stepped_one_match_at_a_time_gives_the_same_rows_rewards_and_new_matches(name: str) -> None:
    seat, players = 2, 4
    vector = CommerceVectorEnv(4, name, players, seat=seat, opponents=first_legal, deal_limit=1)
    observed, _ = vector.reset(seed=[3, 261, 5, 6])  # Thirty-One's 261 deals a blitz: a match over as it is dealt
    assert vector.seeds == (3, 261, 5, 6)
    states = [opponents_played(new_game(vector.rules, players, seed=seed), seat) for seed in vector.seeds]
    assert states[1].is_over == (name == "thirty_one")
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(120):
        assert vector.matches == tuple(states)
        actions = masked_actions(rng, observed["action_mask"])
        observed, rewards, terminated, _, info = vector.step(actions)
        for row, index in enumerate(actions.tolist()):
            state = states[row]
            if not state.is_over:  # a match over as it was dealt (a blitz under deal_limit=1) ends at this step
                state = opponents_played(apply(state, action_from_index(state, index)), seat)
            assert terminated[row] == state.is_over
            assert rewards[row] == (returns(state)[seat] if state.is_over else 0.0)
            if state.is_over:
                ended += 1
                final = info["final_obs"][row]["observation"]
                assert np.array_equal(final, np.array(observation_tensor(observe(state, seat)), dtype=np.float32))
                state = opponents_played(new_game(vector.rules, players, seed=vector.seeds[row]), seat)
            states[row] = state
        engine_rows(vector, observed)
    assert ended >= 4


def test_the_same_seed_and_actions_give_the_same_run_and_each_new_match_is_its_seeds() -> None:
    runs = []
    for _ in range(2):
        vector = CommerceVectorEnv(3, "thirty_one", 3, opponents=RandomBot, deal_limit=1)
        observed, _ = vector.reset(seed=11)
        rng = np.random.default_rng(2)
        seen = [observed["observation"]]
        for _ in range(60):
            observed, rewards, terminated, _, _ = vector.step(masked_actions(rng, observed["action_mask"]))
            seen.append(observed["observation"])
            for row in np.flatnonzero(terminated):
                alone = CommerceEnv("thirty_one", 3, opponents=RandomBot, deal_limit=1)
                alone.reset(seed=vector.seeds[row])
                assert alone.match == vector.matches[row]
        runs.append((seen, vector.matches, vector.seeds))
    (first, matches, seeds), (again, matches_again, seeds_again) = runs
    assert all(np.array_equal(a, b) for a, b in zip(first, again)) and matches == matches_again and seeds == seeds_again


def test_spaces_dtypes_and_the_autoreset_mode_are_gymnasiums() -> None:
    vector = CommerceVectorEnv(5, "crp", 4)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    single = CommerceEnv("crp", 4)
    size, actions = observation_tensor_size(single.rules, 4), num_actions(single.rules)
    spaces, alone = vector.single_observation_space, single.observation_space
    assert isinstance(spaces, gymnasium.spaces.Dict) and isinstance(alone, gymnasium.spaces.Dict)
    assert spaces["observation"] == alone["observation"] and spaces["observation"].shape == (size,)
    assert spaces["action_mask"].dtype == np.bool_ and spaces["action_mask"].shape == (actions,)
    assert vector.single_action_space == single.action_space
    assert vector.action_space == gymnasium.spaces.MultiDiscrete([actions] * 5)
    observed, info = vector.reset(seed=0)
    assert observed["observation"].shape == (5, size) and observed["action_mask"].shape == (5, actions)
    assert vector.observation_space.contains(observed) and info == {}
    assert vector.rules == single.rules and vector.num_envs == 5
    masks = tuple(observed["action_mask"].astype(np.int8))
    _, rewards, terminated, truncated, _ = vector.step(vector.action_space.sample(mask=masks))
    assert rewards.shape == terminated.shape == truncated.shape == (5,)
    assert terminated.dtype == truncated.dtype == np.bool_


def test_copies_by_default_and_the_arrays_themselves_with_copy_false() -> None:
    shared = CommerceVectorEnv(2, "foster", 3, copy=False)
    first, _ = shared.reset(seed=1)
    second, *_ = shared.step(masked_actions(np.random.default_rng(0), first["action_mask"]))
    assert second["observation"] is first["observation"] and second["action_mask"] is first["action_mask"]
    copied = CommerceVectorEnv(2, "foster", 3)
    first, _ = copied.reset(seed=1)
    kept = first["observation"].copy()
    second, *_ = copied.step(masked_actions(np.random.default_rng(0), first["action_mask"]))
    assert second["observation"] is not first["observation"] and np.array_equal(first["observation"], kept)


def snapshot(vector: CommerceVectorEnv) -> tuple[Any, ...]:
    return vector.matches, vector.seeds, [generator.bit_generator.state for generator in vector._generators]


@pytest.mark.parametrize(
    ("actions", "error"),
    [
        ("0 1 2", ArgumentTypeError),
        ([0.0, 1.0, 2.0], ArgumentTypeError),
        ([True, False, True], ArgumentTypeError),
        ([0, 1], ArgumentTypeError),
        ([[0, 1, 2]], ArgumentTypeError),
        (None, ArgumentTypeError),
        ([-1, -1, -1], IllegalActionError),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(actions: Any, error: type[Exception]) -> None:
    vector = CommerceVectorEnv(3, "crp", 4)
    vector.reset(seed=2)
    before = snapshot(vector)
    with pytest.raises(error):
        vector.step(actions)
    assert snapshot(vector) == before


def test_one_illegal_index_refuses_the_whole_step() -> None:
    vector = CommerceVectorEnv(3, "crp", 4, opponents=RandomBot)
    observed, _ = vector.reset(seed=2)
    actions = masked_actions(np.random.default_rng(0), observed["action_mask"])
    actions[2] = int(np.flatnonzero(~observed["action_mask"][2])[0])
    before = snapshot(vector)
    with pytest.raises(IllegalActionError, match="row 2"):
        vector.step(actions)
    assert snapshot(vector) == before
    actions[2] = int(np.flatnonzero(observed["action_mask"][2])[0])
    vector.step(list(actions))  # a list of NumPy integers plays too
    assert vector.matches != before[0]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"num_envs": 0}, "num_envs must be"),
        ({"num_envs": 2.0}, "num_envs must be"),
        ({"num_envs": 2, "variant": "bridge"}, "variant must be a preset"),
        ({"num_envs": 2, "players": 2}, "3 to 12 players"),
        ({"num_envs": 2, "seat": 4}, "seat must be"),
        ({"num_envs": 2, "opponents": [RandomBot]}, "one opponent for each of the 3"),
        ({"num_envs": 2, "pounce": "yes"}, "pounce"),
    ],
)
def test_bad_arguments_are_commerce_errors(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        CommerceVectorEnv(**arguments)


def test_stepping_before_reset_and_bad_seeds_or_options_are_refused() -> None:
    vector = CommerceVectorEnv(2, "crp", 4)
    with pytest.raises(CommerceError, match="reset"):
        vector.step([0, 0])
    with pytest.raises(CommerceError, match="reset"):
        vector.matches
    with pytest.raises(CommerceError, match="list of 2 seeds"):
        vector.reset(seed=[1, 2, 3])
    with pytest.raises(CommerceError, match="list of 2 seeds"):
        vector.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(CommerceError, match="no options"):
        vector.reset(options={"state": None})


def test_an_unseeded_reset_after_a_seeded_one_is_reproducible_and_new() -> None:
    vector = CommerceVectorEnv(2, "foster", 3)
    vector.reset(seed=4)
    first = vector.matches
    vector.reset()
    again = vector.matches
    vector.reset(seed=4)
    assert vector.matches == first
    vector.reset()
    assert vector.matches == again and again[0] != first[0]


def test_a_match_over_as_it_is_dealt_shows_an_empty_mask_and_ends_at_the_next_step() -> None:
    rules = THIRTY_ONE.replace(deal_limit=1)
    seed = next(seed for seed in range(1000) if new_game(rules, 3, seed=seed).is_over)
    vector = CommerceVectorEnv(2, "thirty_one", 3, deal_limit=1, opponents=RandomBot)
    observed, _ = vector.reset(seed=[seed, seed + 1])
    assert vector.matches[0].is_over and not observed["action_mask"][0].any() and observed["action_mask"][1].any()
    over = vector.matches[0]
    actions = [0, int(np.flatnonzero(observed["action_mask"][1])[0])]
    observed, rewards, terminated, _, info = vector.step(actions)
    assert terminated[0] and rewards[0] == returns(over)[0] and info["_final_obs"][0]
    final = np.array(observation_tensor(observe(over, 0)), dtype=np.float32)
    assert np.array_equal(info["final_obs"][0]["observation"], final)
    assert vector.matches[0] != over


def test_an_opponent_choosing_an_illegal_action_is_a_commerce_error() -> None:
    def cheat(observation: Observation, legal: tuple[Action, ...]) -> Action:
        return Pass(0)

    vector = CommerceVectorEnv(2, "crp", 4, seat=0, opponents=cheat)
    with pytest.raises(CommerceError, match="opponent at seat"):
        vector.reset(seed=[seed for seed in range(50) if new_game(vector.rules, 4, seed=seed).to_act != 0][:2])


def test_the_guides_example_plays_a_few_steps(capsys: pytest.CaptureFixture[str]) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "openspiel-and-pettingzoo.md").read_text()
    section = guide.split("### Many matches at once", 1)[1]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "the guide's CommerceVectorEnv example", "exec"), {})
    assert capsys.readouterr().out.strip()
