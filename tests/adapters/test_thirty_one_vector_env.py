"""``commerce_rules.gym.ThirtyOneVectorEnv``: Thirty-One's matches as arrays, held to the engine move by move.

The reference is the engine itself: each row's match, dealt by
:func:`~commerce_rules.new_game` from the row's seed, its learner's moves
played by :func:`~commerce_rules.apply` and its opponents' by
:class:`~commerce_rules.gym.thirty_one.SeededOpponents` through
:func:`~commerce_rules.legal_actions`, must give at every step the row's
tensor, mask, reward, flag and final observation, whether its turns are
played as NumPy passes or compiled by Numba (``compiled=True``). Skipped
unless ``gymnasium`` is installed, the compiled cases unless ``numba`` is:
``nox -s adapters`` runs them all.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import optional_import

gymnasium = optional_import("gymnasium")
np = optional_import("numpy")

from commerce_rules import (  # noqa: E402
    THIRTY_ONE,
    ArgumentTypeError,
    CommerceError,
    GameState,
    IllegalActionError,
    apply,
    legal_action_mask,
    legal_actions,
    new_game,
    num_actions,
    observation_tensor,
    observe,
)
from commerce_rules.core.state import NEXT_ACTIVE, clockwise_from  # noqa: E402
from commerce_rules.engine.deal import shuffled_deck, shuffled_places  # noqa: E402
from commerce_rules.engine.variant import variant_of  # noqa: E402
from commerce_rules.learning.action_space import action_space  # noqa: E402
from commerce_rules.gym import CommerceVectorEnv, ThirtyOneVectorEnv  # noqa: E402
from commerce_rules.gym.env import episode_over, episode_return  # noqa: E402
from commerce_rules.gym.thirty_one import SeededOpponents, opponent_choice  # noqa: E402
from commerce_rules.gym.thirty_one.lookups import seat_tables  # noqa: E402
from commerce_rules.gym.thirty_one.opponents import match_key, opponent_choices  # noqa: E402
from commerce_rules.gym.thirty_one.table import shuffled_decks  # noqa: E402

TURNS = [pytest.param(False, id="numpy"), pytest.param(True, id="compiled")]
"""How the environment plays its turns: both are held to the engine."""


def turns(compiled: bool) -> bool:
    """``compiled``, after skipping the test if it is True and Numba is missing (but under ``nox -s adapters``)."""
    if compiled:
        optional_import("numba")
    return compiled


class EngineRow:
    """One row's match played through the engine, its opponents drawing as the environment's."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, end_when_out: bool) -> None:
        self.seat, self.end_when_out = seat, end_when_out
        self.opponents = SeededOpponents(seed)
        self.last_card_blitzes = 0
        """The deals ended by a 31 made with the stock's last card (Rules §8.6: the blitz comes first)."""
        self.match = self._to_learner(new_game(rules, players, seed=seed))

    def _to_learner(self, match: GameState) -> GameState:
        while match.to_act != self.seat and not episode_over(match, self.seat, self.end_when_out):
            match = self._apply(match, self.opponents.choose(legal_actions(match)))
        return match

    def _apply(self, match: GameState, action: Any) -> GameState:
        after = apply(match, action)
        if len(after.showdowns) > len(match.showdowns) and not match.stock and after.showdowns[-1].reason.value == "blitz":
            self.last_card_blitzes += 1
        return after

    def play(self, action: Any) -> None:
        self.match = self._to_learner(self._apply(self.match, action))

    @property
    def over(self) -> bool:
        return episode_over(self.match, self.seat, self.end_when_out)


def same_row(row: EngineRow, observation: Any, mask: Any, where: str) -> None:
    want = np.array(observation_tensor(observe(row.match, row.seat)), dtype=np.float32)
    assert np.array_equal(observation, want), f"{where}: tensor differs at {np.flatnonzero(observation != want)[:8]}"
    legal = np.zeros(len(mask), dtype=np.bool_)
    if not row.over:
        legal[:] = legal_action_mask(row.match)
    assert np.array_equal(mask, legal), f"{where}: mask"


def play_against_the_engine(
    players: int, seat: int, steps: int, envs: int = 12, seed: int | Sequence[int] | None = None, end_when_out: bool = False,
    compiled: bool = False, first_legal: bool = False, **options: Any,
) -> Counter[str]:
    """Step ``envs`` rows ``steps`` times with random legal actions (``first_legal``: the first), each row held to its engine replay.

    Returns how the episodes ended (``"over"``, ``"out"``), why their deals did
    (each ``ShowdownReason``'s value) and how many blitzes the stock's last
    card made (``"last card blitz"``).
    """
    environment = ThirtyOneVectorEnv(envs, players, seat, end_when_out=end_when_out, compiled=turns(compiled), **options)
    assert environment.compiled is compiled
    observed, infos = environment.reset(seed=players * 1000 + seat if seed is None else seed)
    assert infos == {}
    rows = [EngineRow(environment.rules, players, seat, seed, end_when_out) for seed in environment.seeds]
    for index, row in enumerate(rows):
        same_row(row, observed["observation"][index], observed["action_mask"][index], f"reset row {index}")
    rng = np.random.default_rng(players)
    endings: Counter[str] = Counter()

    def ended(row: EngineRow) -> None:
        endings.update(showdown.reason.value for showdown in row.match.showdowns)
        endings["last card blitz"] += row.last_card_blitzes

    def chosen(mask: Any) -> int:
        if not mask.any():
            return 0
        return int(np.flatnonzero(mask)[0]) if first_legal else int(rng.choice(np.flatnonzero(mask)))

    for step in range(steps):
        actions = np.array([chosen(mask) for mask in observed["action_mask"]])
        observed, rewards, terminated, truncated, infos = environment.step(actions)
        assert not truncated.any()
        for index, row in enumerate(rows):
            if not row.over:
                row.play(environment.action(int(actions[index])))
            where = f"step {step} row {index}"
            assert terminated[index] == row.over, where
            if row.over:
                endings["over" if row.match.is_over else "out"] += 1
                ended(row)
                assert rewards[index] == episode_return(row.match, seat), where
                final = infos["final_obs"][index]
                same_row(row, final["observation"], final["action_mask"], f"{where} (final)")
                rows[index] = row = EngineRow(environment.rules, players, seat, environment.seeds[index], end_when_out)
            else:
                assert rewards[index] == 0.0, where
            same_row(row, observed["observation"][index], observed["action_mask"][index], where)
        if terminated.any():
            assert np.array_equal(infos["_final_obs"], terminated) and np.array_equal(infos["_final_info"], terminated)
        else:
            assert infos == {}
    for row in rows:
        ended(row)
    return endings


@pytest.mark.parametrize("compiled", TURNS)
@pytest.mark.parametrize(("players", "seat"), [(3, 1), (4, 0), (5, 4), (6, 2)])
@pytest.mark.parametrize("end_when_out", [False, True], ids=["to the end", "until out"])
def test_every_row_is_its_match_played_through_the_engine(players: int, seat: int, end_when_out: bool, compiled: bool) -> None:
    endings = play_against_the_engine(players, seat, steps=200, end_when_out=end_when_out, compiled=compiled)
    assert endings["over"] > 0 and (endings["out"] > 0) is end_when_out, endings  # each end of an episode was met


@pytest.mark.parametrize("compiled", TURNS)
def test_twelve_seats_and_the_limits_are_played_as_the_engine_plays_them(compiled: bool) -> None:
    endings = play_against_the_engine(12, 11, steps=150, envs=6, compiled=compiled)
    assert endings["stock_exhausted"] > 0 and endings["blitz"] > 0 and endings["final_round"] > 0, endings
    play_against_the_engine(12, 0, steps=60, envs=4, end_when_out=True, compiled=compiled)
    endings = play_against_the_engine(4, 3, steps=80, turn_limit=3, deal_limit=2, compiled=compiled)
    assert endings["over"] > 20 and endings["turn_limit"] > 20, endings
    # Many are over before the learner acts.
    endings = play_against_the_engine(5, 0, steps=40, turn_limit=1, deal_limit=1, compiled=compiled)
    assert endings["over"] > 100, endings


@pytest.mark.parametrize("compiled", TURNS)
def test_a_thirty_one_made_with_the_stocks_last_card_is_a_blitz_as_the_engine_plays_it(compiled: bool) -> None:
    """A random 31 on the last card is rare: this seed's 12-seat match, its learner taking the first legal action, has one."""
    endings = play_against_the_engine(12, 0, steps=400, envs=1, seed=[3235996851799920430], compiled=compiled, first_legal=True)
    assert endings["last card blitz"] > 0, endings


@pytest.mark.parametrize("compiled", TURNS)
def test_two_thirty_ones_dealt_at_once_are_settled_as_the_engine_settles_them(compiled: bool) -> None:
    """Seed 27292 deals two 31s at 12 seats: every seat without one loses a life, and the next deal is dealt."""
    for seat in (0, 2, 8):
        endings = play_against_the_engine(12, seat, steps=20, envs=3, seed=[27292, 27293, 27294], compiled=compiled)
        assert endings["blitz"] > 0


@pytest.mark.parametrize("compiled", TURNS)
@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(3, 12),
    seat=st.integers(0, 11),
    seed=st.integers(0, 2**128 - 3),  # row i is dealt from seed + i
    limits=st.sampled_from([{}, {"turn_limit": 2}, {"deal_limit": 2}, {"turn_limit": 4, "deal_limit": 3}]),
    end_when_out=st.booleans(),
)
def test_any_table_and_seed_is_played_as_the_engine_plays_it(
    players: int, seat: int, seed: int, limits: dict[str, Any], end_when_out: bool, compiled: bool
) -> None:
    play_against_the_engine(
        players, seat % players, steps=25, envs=3, seed=seed, end_when_out=end_when_out, compiled=compiled, **limits
    )


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(3, 12),
    seat=st.integers(0, 11),
    seed=st.integers(0, 2**128 - 9),
    limits=st.sampled_from([{}, {"turn_limit": 1, "deal_limit": 1}, {"deal_limit": 2}, {"turn_limit": 4, "deal_limit": 3}]),
    end_when_out=st.booleans(),
)
def test_compiled_turns_play_the_numpy_passes_matches_step_for_step(
    players: int, seat: int, seed: int, limits: dict[str, Any], end_when_out: bool
) -> None:
    """Both ways of playing, given the same actions, return the same arrays, infos, seeds and counts of moves at every step.

    Their tables' arrays, the hidden ones too (decks, hands), are the same after every step.
    """
    made = [
        ThirtyOneVectorEnv(8, players, seat % players, end_when_out=end_when_out, compiled=turns(compiled), **limits)
        for compiled in (False, True)
    ]
    (numpy_observed, _), (compiled_observed, _) = (environment.reset(seed=seed) for environment in made)
    rng = np.random.default_rng(seed % 1000)
    for step in range(80):
        same(numpy_observed, compiled_observed, f"step {step}")
        assert made[0].seeds == made[1].seeds and made[0].opponent_moves == made[1].opponent_moves, step
        numpy_table, compiled_table = (vars(environment._table) for environment in made)
        for name, array in numpy_table.items():
            # Not the passes' own marks, nor the decks shuffled ahead, which each way shuffles when it needs them.
            if isinstance(array, np.ndarray) and name not in ("deal_over", "blitzed", "next_deck", "next_number"):
                assert np.array_equal(array, compiled_table[name]), (step, name)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in numpy_observed["action_mask"]])
        numpy_step, compiled_step = made[0].step(actions), made[1].step(actions)
        numpy_observed, compiled_observed = numpy_step[0], compiled_step[0]
        for numpy_part, compiled_part in zip(numpy_step[1:4], compiled_step[1:4]):
            assert np.array_equal(numpy_part, compiled_part), step
        same(numpy_step[4], compiled_step[4], f"step {step}'s infos")


def same(one: Any, other: Any, where: str) -> None:
    """``one`` and ``other`` hold the same: arrays equal, dictionaries and sequences item for item."""
    if isinstance(one, dict):
        assert isinstance(other, dict) and one.keys() == other.keys(), where
        for key in one:
            same(one[key], other[key], f"{where}[{key!r}]")
    elif isinstance(one, np.ndarray) and one.dtype == object:
        assert len(one) == len(other), where
        for at, (item, other_item) in enumerate(zip(one, other)):
            same(item, other_item, f"{where}[{at}]")
    else:
        assert np.array_equal(one, other), where


def test_the_spaces_are_those_of_the_engine_backed_vector_env() -> None:
    arrays, engine = ThirtyOneVectorEnv(3, 5, 2), CommerceVectorEnv(3, "thirty_one", 5, 2)
    assert arrays.rules == engine.rules
    assert arrays.single_observation_space == engine.single_observation_space
    assert arrays.single_action_space == engine.single_action_space
    assert arrays.observation_space == engine.observation_space and arrays.action_space == engine.action_space
    assert arrays.metadata == engine.metadata


@pytest.mark.parametrize("compiled", TURNS)
def test_a_match_is_its_seeds_whatever_its_row_and_batch(compiled: bool) -> None:
    alone = ThirtyOneVectorEnv(1, 4, 0, copy=False, compiled=turns(compiled))
    batch = ThirtyOneVectorEnv(3, 4, 0, copy=False, compiled=compiled)
    first, _ = alone.reset(seed=[77])
    together, _ = batch.reset(seed=[5, 77, 9])
    assert np.array_equal(first["observation"][0], together["observation"][1])
    for step in range(30):
        index = int(np.flatnonzero(first["action_mask"][0])[step % int(first["action_mask"][0].sum())])
        others = [int(np.flatnonzero(mask)[0]) for mask in together["action_mask"]]
        first, reward, over, *_ = alone.step([index])
        together, rewards, overs, *_ = batch.step([others[0], index, others[2]])
        assert np.array_equal(first["observation"][0], together["observation"][1]) and reward[0] == rewards[1]
        assert over[0] == overs[1]


@pytest.mark.parametrize("compiled", TURNS)
def test_seeded_resets_repeat_and_autoresets_draw_from_the_rows_generators(compiled: bool) -> None:
    runs = []
    for _ in range(2):
        environment = ThirtyOneVectorEnv(4, 3, 0, compiled=turns(compiled))
        observed, _ = environment.reset(seed=3)
        assert environment.seeds == (3, 4, 5, 6)
        generators = [gymnasium.utils.seeding.np_random(3 + row)[0] for row in range(4)]
        seen = [observed["observation"]]
        for _ in range(60):
            before = environment.seeds
            observed, _, terminated, *_ = environment.step(
                [int(np.flatnonzero(mask)[-1]) for mask in observed["action_mask"]]
            )
            for row in range(4):  # a row's next match: the next seed its own generator draws
                want = int(generators[row].integers(2**63)) if terminated[row] else before[row]
                assert environment.seeds[row] == want
            seen.append(observed["observation"])
        runs.append((environment.seeds, seen))
    assert runs[0][0] == runs[1][0] and runs[0][0] != (3, 4, 5, 6)  # matches ended, and the next seeds repeat
    assert all(np.array_equal(a, b) for a, b in zip(runs[0][1], runs[1][1]))


@pytest.mark.parametrize("compiled", TURNS)
def test_shuffled_decks_are_the_engines_shuffles(compiled: bool) -> None:
    rules = THIRTY_ONE
    deck = variant_of(rules).deck
    seeds = [0, 1, 2**64 + 5, 2**128 - 1, *range(10**9, 10**9 + 200)]
    numbers = [1 + seed % 7 for seed in seeds]
    if turns(compiled):
        from commerce_rules.gym.thirty_one import compiled as compiled_turns

        decks = compiled_turns.shuffled_decks(seeds, numbers, 52)
    else:
        decks = shuffled_decks(seeds, numbers, 52)
    for seed, number, row in zip(seeds, numbers, decks):
        assert tuple(row) == shuffled_places(52, seed, number)
        assert [deck[place] for place in row] == shuffled_deck(rules, seed, number)


@pytest.mark.parametrize("players", [3, 4, 7])
def test_the_seat_tables_are_the_engines_turn_order_and_deal(players: int) -> None:
    tables = seat_tables(players)
    for key in range(1, 1 << players):
        active = tuple(seat for seat in range(players) if key >> seat & 1)
        for seat in range(players):
            assert tables.next_in[key, seat] == NEXT_ACTIVE[active][seat]
        for dealer in active:
            order = clockwise_from(active, dealer)  # the eldest first, the dealer last, one card at a time
            for seat in range(players):
                want = [order.index(seat) + k * len(active) for k in range(3)] if seat in active else [-1, -1, -1]
                assert tables.deal_places[key, dealer, seat].tolist() == want
        assert tables.dealt[key] == 3 * len(active)


def test_the_opponents_draws_are_uniform_and_the_same_one_by_one_and_all_at_once() -> None:
    rng = random.Random(4)
    keys = [match_key(rng.getrandbits(128)) for _ in range(50)]
    moves = [rng.randrange(10**6) for _ in keys]
    counts = [rng.randrange(1, 5) for _ in keys]
    together = opponent_choices(np.array(keys, dtype=np.uint64), np.array(moves, dtype=np.uint64), np.array(counts))
    assert together.tolist() == [opponent_choice(k, m, c) for k, m, c in zip(keys, moves, counts)]
    drawn = [opponent_choice(keys[0], move, 3) for move in range(30_000)]
    assert all(abs(drawn.count(value) / len(drawn) - 1 / 3) < 0.01 for value in range(3))


def test_bad_arguments_are_refused_saying_what_was_wrong() -> None:
    with pytest.raises(CommerceError, match="num_envs"):
        ThirtyOneVectorEnv(0)
    with pytest.raises(CommerceError, match="players"):
        ThirtyOneVectorEnv(2, 13)
    for seat in (4, -1, True):
        with pytest.raises(CommerceError, match="seat"):
            ThirtyOneVectorEnv(2, 4, seat)
    with pytest.raises(CommerceError, match="takes turn_limit and deal_limit alone, not blitz"):
        ThirtyOneVectorEnv(2, blitz=False)
    environment = ThirtyOneVectorEnv(2, 4)
    with pytest.raises(CommerceError, match="call reset"):
        environment.step([0, 0])
    with pytest.raises(CommerceError, match="seed"):
        environment.reset(seed=[1])
    with pytest.raises(CommerceError, match="row 1's seed"):
        environment.reset(seed=[1, -1])
    with pytest.raises(CommerceError, match=r"row 1's seed .* s \+ i"):
        environment.reset(seed=2**128 - 1)
    with pytest.raises(CommerceError, match="row 0's seed"):
        environment.reset(seed=["7", 1])  # type: ignore[list-item]  # a wrong type, on purpose
    with pytest.raises(IllegalActionError, match="from 0 to 54"):
        environment.action(55)
    with pytest.raises(IllegalActionError, match="from 0 to 54"):
        environment.action(-1)
    with pytest.raises(CommerceError, match="no options"):
        environment.reset(seed=1, options={"state": None})
    with pytest.raises(CommerceError, match="compiled must be True, False or None, not 'yes'"):
        ThirtyOneVectorEnv(2, compiled="yes")  # type: ignore[arg-type]  # a wrong type, on purpose


def test_compiled_turns_need_numba_and_are_played_where_it_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = importlib.util.find_spec("numba") is not None
    assert ThirtyOneVectorEnv(2).compiled is installed and ThirtyOneVectorEnv(2, compiled=False).compiled is False
    import commerce_rules.gym.thirty_one as package

    monkeypatch.setitem(sys.modules, "numba", None)  # import numba fails, as it does without it or with a broken one
    monkeypatch.delitem(sys.modules, "commerce_rules.gym.thirty_one.compiled", raising=False)
    monkeypatch.delattr(package, "compiled", raising=False)
    assert ThirtyOneVectorEnv(2).compiled is False
    with pytest.raises(CommerceError, match=r"compiled=True needs Numba \(pip install 'commerce-rules\[fast\]'\), which did not"):
        ThirtyOneVectorEnv(2, compiled=True)


def test_the_compiled_turns_run_where_numba_has_nowhere_to_cache_them() -> None:
    """No cache locator (a read-only install and home): the module still imports, and compiles in each process."""
    turns(True)
    script = (
        "from commerce_rules.gym.thirty_one import compiled\n"
        "from commerce_rules.engine.deal import shuffled_places\n"
        "deck = compiled.shuffled_decks([5], [1], 52)[0]\n"
        "assert tuple(deck) == shuffled_places(52, 5, 1), deck\n"
        "assert compiled.fisher_yates.stats.cache_path is None\n"
        "print('compiled without a cache')\n"
    )
    environment = {**os.environ, "NUMBA_CACHE_LOCATOR_CLASSES": "ZipCacheLocator"}  # a locator for zipped modules alone
    done = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "compiled without a cache" in done.stdout, done.stderr[-2000:]


def test_the_compiled_turns_read_and_write_the_tables_own_arrays() -> None:
    environment = ThirtyOneVectorEnv(3, 5, compiled=turns(True))
    arrays, table = environment._compiled.arrays, environment._table  # type: ignore[union-attr]
    for name in arrays._fields:
        value = getattr(arrays, name)
        if isinstance(value, np.ndarray) and name not in ("next_in", "deal_places", "dealt", "deal_waits"):
            assert value is getattr(table, name), name
    lookups = table.tables
    assert arrays.next_in is lookups.next_in and arrays.deal_places is lookups.deal_places and arrays.dealt is lookups.dealt


@pytest.mark.parametrize("compiled", TURNS)
def test_a_bad_step_changes_nothing(compiled: bool) -> None:
    environment = ThirtyOneVectorEnv(3, 4, copy=False, compiled=turns(compiled))
    observed, _ = environment.reset(seed=8)
    before = observed["observation"].copy(), observed["action_mask"].copy(), environment.opponent_moves
    illegal = [int(np.flatnonzero(~mask)[0]) for mask in observed["action_mask"]]
    legal = [int(np.flatnonzero(mask)[0]) for mask in observed["action_mask"]]
    for bad in ([*legal[:2], illegal[2]], [*legal[:2], 55], [*legal[:2], -1]):
        with pytest.raises(IllegalActionError, match="row 2"):
            environment.step(bad)
    for wrong in ([0, 0], [0.0, 0.0, 0.0], "abc", [[0, 0, 0]]):
        with pytest.raises(ArgumentTypeError, match="3 action indices"):
            environment.step(wrong)
    assert np.array_equal(before[0], observed["observation"]) and np.array_equal(before[1], observed["action_mask"])
    assert environment.opponent_moves == before[2]
    after, *_ = environment.step(legal)  # and it goes on from there: each learner drew its fourth card
    assert not np.array_equal(before[0], after["observation"])


@pytest.mark.parametrize("compiled", TURNS)
def test_copies_by_default_and_the_arrays_themselves_without(compiled: bool) -> None:
    for copy in (True, False):
        environment = ThirtyOneVectorEnv(2, 3, copy=copy, compiled=turns(compiled))
        first, _ = environment.reset(seed=1)
        kept = {name: array.copy() for name, array in first.items()}
        second, rewards, terminated, truncated, _ = environment.step([int(np.flatnonzero(m)[0]) for m in first["action_mask"]])
        third, rewards_after, *_ = environment.step([int(np.flatnonzero(m)[0]) for m in second["action_mask"]])
        for name in ("observation", "action_mask"):
            assert (first[name] is second[name] is third[name]) is not copy
        assert (rewards is rewards_after) is not copy
        if copy:  # what a step returned is not changed by the next
            assert all(np.array_equal(first[name], kept[name]) for name in kept)
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
        assert second["observation"].dtype == np.float32 and second["action_mask"].dtype == np.bool_


@pytest.mark.parametrize("compiled", TURNS)
def test_a_caller_changing_a_mask_it_was_given_does_not_change_what_is_legal(compiled: bool) -> None:
    environment = ThirtyOneVectorEnv(2, 3, copy=False, compiled=turns(compiled))
    observed, _ = environment.reset(seed=1)
    illegal = [int(np.flatnonzero(~mask)[0]) for mask in observed["action_mask"]]
    observed["action_mask"][:] = True
    with pytest.raises(IllegalActionError, match="row 0"):
        environment.step(illegal)


def test_every_action_index_names_the_engines_action() -> None:
    """The index of each action as the action space numbers it, legal now or not."""
    environment = ThirtyOneVectorEnv(1, 3, 1)
    space = action_space(environment.rules)
    state = new_game(environment.rules, 3, seed=0)
    for index in range(num_actions(environment.rules)):
        action = environment.action(index)
        at = space.by_class[type(action)]
        assert action.player == 1 and space.starts[at] + space.kinds[at].index(state, action, space.deck) == index


def test_the_guides_example_plays_a_hundred_steps(capsys: pytest.CaptureFixture[str]) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guides" / "openspiel-and-pettingzoo.md").read_text()
    section = guide.split("### Thirty-One at array speed", 1)[1]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "the guide's ThirtyOneVectorEnv example", "exec"), {})
    assert capsys.readouterr().out.strip().endswith("moves by the opponents")
