"""``simulate``: reproducible whatever the executor, consistent statistics, bots built per game."""

from __future__ import annotations

import _thread
import concurrent.futures
import functools
import math
import multiprocessing
import pickle
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    SCHWIMMEN,
    THIRTY_ONE,
    TRENTUNO,
    Bot,
    CommerceError,
    GameState,
    GreedyBot,
    Knock,
    Observation,
    RandomBot,
    Rules,
    SearchBot,
    ShowdownReason,
    SimulationResult,
    new_game,
    simulate,
)
from commerce_rules.core.actions import Action
from commerce_rules.simulation.results import GameRecord, Tally, _distribution, _mean, summarise
from commerce_rules.simulation.student import t_quantile
from commerce_rules.simulation.runs import Estimate, _play_chunk, game_seed, play_game, wilson_interval

from helpers import bots_at, ctrl_c_armed, walk  # noqa: F401  (ctrl_c_armed: a fixture)

T = TypeVar("T")


class InProcessExecutor(concurrent.futures.Executor):
    """Runs each task at once, in the caller's thread: the simplest possible executor."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[T]:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # pragma: no cover - passed on to the caller
            future.set_exception(error)
        return future


def seeded_search(seed: int) -> Bot:
    """A module-level factory (picklable, unlike a lambda) taking the seed as its one argument."""
    return SearchBot(rollouts=4, seed=seed)


def in_process(rules: Rules, bots: list[Any], games: int, seed: int, **options: Any) -> SimulationResult:
    return simulate(rules, bots, games, seed, InProcessExecutor(), **options)


# -- reproducibility -------------------------------------------------------------------


@pytest.mark.parametrize("rules", [FOSTER, CRP])
def test_simulate_gives_the_same_result_whatever_the_executor(rules: Rules) -> None:
    bots: list[Any] = [GreedyBot, RandomBot, seeded_search]
    reference = in_process(rules, bots, 12, 2024)
    with concurrent.futures.ThreadPoolExecutor(1) as threads:
        assert simulate(rules, bots, 12, 2024, threads) == reference
    with concurrent.futures.ProcessPoolExecutor(2) as processes:
        assert simulate(rules, bots, 12, 2024, processes) == reference
        assert simulate(rules, bots, 12, 2024, processes, chunk_size=5) == reference
    assert simulate(rules, bots, 12, 2024) == reference  # the default: a process pool of cpu_count workers
    assert in_process(rules, bots, 12, 2024, chunk_size=1) == reference


def test_simulate_depends_on_its_seed() -> None:
    bots: list[Any] = [RandomBot, RandomBot, RandomBot, RandomBot]
    assert in_process(FOSTER, bots, 30, 1) == in_process(FOSTER, bots, 30, 1)
    assert in_process(FOSTER, bots, 30, 1) != in_process(FOSTER, bots, 30, 2)


def test_game_i_is_played_from_its_own_derived_seed() -> None:
    bots: list[Any] = [GreedyBot, RandomBot, RandomBot]
    records = [play_game(CRP, bots, game_seed(7, game)) for game in range(6)]
    result = in_process(CRP, bots, 6, 7)
    assert result.wins == tuple(sum(seat in r.winners for r in records) for seat in range(3))
    assert result.deals.mean == sum(len(r.turns_per_deal) for r in records) / 6
    # The first games of a longer simulation are the same games.
    longer = [play_game(CRP, bots, game_seed(7, game)) for game in range(3)]
    assert longer == records[:3]
    assert len({game_seed(7, game) for game in range(1000)}) == 1000


# -- the statistics --------------------------------------------------------------------


@pytest.mark.parametrize("rules", [FOSTER, CRP, POUNCE, TRENTUNO, EXTENDED])
def test_simulation_result_fields_are_consistent(rules: Rules) -> None:
    bots: list[Any] = [GreedyBot, RandomBot, RandomBot, GreedyBot]
    result = in_process(rules, bots, 25, 5)
    assert (result.rules, result.players, result.games, result.seed) == (rules, 4, 25, 5)
    assert sum(result.wins) >= result.games  # every game has a winner; shared wins count for each
    assert sum(rate.value for rate in result.win_rate) >= 1 - 1e-9
    for seat, rate in enumerate(result.win_rate):
        assert rate.value == result.wins[seat] / 25
        assert 0 <= rate.low <= rate.value <= rate.high <= 1
    assert result.deals.count == 25
    assert result.turns_per_deal.count == round(result.deals.mean * 25)
    assert result.deals.minimum <= result.deals.p10 <= result.deals.median <= result.deals.p90 <= result.deals.maximum
    assert result.deals.minimum <= result.deals.mean <= result.deals.maximum
    if rules is FOSTER:
        assert result.mean_balance is not None and result.survival_rate is None and result.mean_lives is None
        assert result.deals.minimum == result.deals.maximum == 4  # one deal per player
        assert abs(sum(b.value for b in result.mean_balance)) < 1e-9  # every point is a transfer
        assert all(b.low <= b.value <= b.high for b in result.mean_balance)
    else:
        assert result.mean_balance is None and result.survival_rate is not None and result.mean_lives is not None
        for survival, lives in zip(result.survival_rate, result.mean_lives):
            assert survival.low <= survival.value <= survival.high and 0 <= survival.value <= 1
            assert lives.low <= lives.value <= lives.high and 0 <= lives.value <= rules.starting_lives
    assert result.summary().startswith("25 games, 4 players")
    assert pickle.loads(pickle.dumps(result)) == result
    assert hash(result.win_rate[0]) == hash(pickle.loads(pickle.dumps(result.win_rate[0])))


# -- deals settled as they are dealt (a hand dealt worth 31: RULES.md §8.6, §7.6) ----------

WIDOW_BLITZ = SCHWIMMEN.replace(dealer_choice=False)
"""The widow game whose dealt 31 ends the deal at once: new_game and one step may settle deals no one played."""


def _greedy_final_and_turns(rules: Rules, players: int, seed: int) -> tuple[GameState, Counter[int]]:
    """The match :func:`play_game` plays with GreedyBot at every seat: its final state, and the actions applied per deal number."""
    turns: Counter[int] = Counter()
    state = new_game(rules, players, seed=seed)
    for before, _, state in walk(state, bots_at([GreedyBot() for _ in range(players)])):
        turns[before.deal_number] += 1
    assert state.is_over
    return state, turns


def _record_from_showdowns(rules: Rules, players: int, seed: int) -> GameRecord:
    """What :func:`play_game` must record, recomputed from the final state's showdowns (one per deal)."""
    final, turns = _greedy_final_and_turns(rules, players, seed)
    return GameRecord(
        winners=final.winners,
        balances=final.balances,
        lives=final.lives,
        turns_per_deal=tuple(turns[showdown.deal_number] for showdown in final.showdowns),
        deals_played=tuple(sum(bool(sd.hands[seat]) for sd in final.showdowns) for seat in range(players)),
        lives_lost=tuple(sum(seat in sd.losers for sd in final.showdowns) for seat in range(players)),
    )


def test_simulate_counts_a_deal_settled_as_it_is_dealt() -> None:
    # Seed 11, 4 players: new_game's first deal gives a hand worth 31, settled before anyone acts.
    first = new_game(WIDOW_BLITZ, 4, seed=11)
    assert [showdown.reason for showdown in first.showdowns] == [ShowdownReason.BLITZ]
    record = play_game(WIDOW_BLITZ, [GreedyBot] * 4, 11)
    final, _ = _greedy_final_and_turns(WIDOW_BLITZ, 4, 11)
    assert len(record.turns_per_deal) == len(final.showdowns) == 13
    assert record.turns_per_deal[0] == 0  # nobody acted in deal 1
    assert all(turns > 0 for turns in record.turns_per_deal[1:])
    assert record == _record_from_showdowns(WIDOW_BLITZ, 4, 11)
    assert sum(record.lives_lost) == sum(len(showdown.losers) for showdown in final.showdowns)
    assert sum(record.deals_played) == sum(bool(hand) for sd in final.showdowns for hand in sd.hands)


def test_simulate_counts_every_deal_one_step_settles() -> None:
    # Seed 0 (the widow game) and seed 23 (Thirty-One), 4 players: one action ends a deal and the next
    # one is settled as it is dealt, so that step appends two showdowns.
    for rules, seed in ((WIDOW_BLITZ, 0), (THIRTY_ONE, 23)):
        final, turns = _greedy_final_and_turns(rules, 4, seed)
        record = play_game(rules, [GreedyBot] * 4, seed)
        assert record == _record_from_showdowns(rules, 4, seed)
        assert len(record.turns_per_deal) == len(final.showdowns)
        settled = [sd.deal_number for sd in final.showdowns if turns[sd.deal_number] == 0]
        assert settled and settled[0] > 1  # a deal settled as dealt, after a deal played
        assert record.turns_per_deal.count(0) == len(settled)


def test_simulate_records_a_match_over_as_it_is_dealt() -> None:
    # Seed 11 with one deal: the match ends inside new_game, with no action at all.
    rules = WIDOW_BLITZ.replace(deal_limit=1)
    assert new_game(rules, 4, seed=11).is_over
    record = play_game(rules, [GreedyBot] * 4, 11)
    assert record.turns_per_deal == (0,)
    assert record == _record_from_showdowns(rules, 4, 11)
    assert sum(record.lives_lost) >= 1 and record.deals_played == (1, 1, 1, 1)


@pytest.mark.parametrize("rules", [FOSTER, CRP, HOYLE, TRENTUNO, THIRTY_ONE, SCHWIMMEN, WIDOW_BLITZ], ids=repr)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_a_game_record_is_what_the_showdowns_say(rules: Rules, seed: int, players: int) -> None:
    # One deal per showdown, each with the actions applied in it (a Hoyle horse's too), every life lost
    # counted once and every seat dealt in counted as playing the deal, wherever the deal was settled.
    assert play_game(rules, [GreedyBot] * players, seed) == _record_from_showdowns(rules, players, seed)


def test_simulate_counts_the_deals_new_game_settles() -> None:
    games = 12
    records = [play_game(WIDOW_BLITZ, [GreedyBot] * 4, game_seed(3, game)) for game in range(games)]
    truth = [_record_from_showdowns(WIDOW_BLITZ, 4, game_seed(3, game)) for game in range(games)]
    assert records == truth
    result = in_process(WIDOW_BLITZ, [GreedyBot] * 4, games, 3)
    assert result == summarise(WIDOW_BLITZ, 4, 3, truth)
    assert result.turns_per_deal.count == sum(len(record.turns_per_deal) for record in truth)


def test_greedy_bots_win_more_often_than_random_ones_in_a_simulation() -> None:
    result = in_process(CRP, [GreedyBot, RandomBot, RandomBot], 40, 3)
    assert result.win_rate[0].low > max(result.win_rate[1].high, result.win_rate[2].high)


@settings(max_examples=200, deadline=None)
@given(trials=st.integers(1, 10_000), data=st.data())
def test_wilson_interval_contains_the_estimate_and_stays_in_0_1(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, trials))
    interval = wilson_interval(successes, trials)
    assert 0 <= interval.low <= successes / trials <= interval.high <= 1
    assert successes / trials in interval


def test_wilson_interval_matches_the_textbook_value() -> None:
    interval = wilson_interval(5, 10)
    assert (round(interval.low, 4), round(interval.high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 10).low == 0 and wilson_interval(10, 10).high == 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=200))
def test_normal_interval_is_centred_on_the_mean(values: list[int]) -> None:
    estimate = _mean(len(values), Fraction(sum(values)), Fraction(sum(v * v for v in values)))
    assert math.isclose(estimate.value, sum(values) / len(values))
    assert math.isclose(estimate.high - estimate.low, 2 * t_quantile(0.975, len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values)), abs_tol=1e-9)
    assert math.isclose(estimate.value - estimate.low, estimate.high - estimate.value, abs_tol=1e-9)
    assert isinstance(estimate, Estimate) and estimate.value in estimate


# -- bots, factories and instances -----------------------------------------------------------


def test_simulate_accepts_classes_partials_seed_functions_and_instances() -> None:
    instance = RandomBot(seed=3)
    before = pickle.dumps(instance)
    bots: list[Any] = [
        GreedyBot,
        functools.partial(SearchBot, rollouts=3),
        lambda seed: RandomBot(seed),  # in-process, a lambda is fine
        instance,
    ]
    result = in_process(FOSTER, bots, 6, 9)
    assert result.games == 6
    assert pickle.dumps(instance) == before  # copied per game, never advanced itself
    assert in_process(FOSTER, bots, 6, 9) == result


def test_a_chunk_reads_a_factorys_signature_once_and_builds_a_bot_per_seat_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import inspect

    reads: list[object] = []
    real = inspect.signature

    def counted(spec: Any) -> inspect.Signature:
        reads.append(spec)
        return real(spec)

    built: list[int] = []

    def factory(seed: int) -> RandomBot:
        built.append(seed)
        return RandomBot(seed)

    monkeypatch.setattr(inspect, "signature", counted)
    tally, _seconds = _play_chunk(FOSTER, [factory, factory, RandomBot], 11, 0, 4)
    assert reads.count(factory) == 2 and reads.count(RandomBot) == 1  # once per seat's spec, not per game
    assert len(built) == 2 * 4  # a fresh bot for each of its two seats in each of the four games
    assert tally.games == 4
    assert [play_game(FOSTER, [factory, factory, RandomBot], game_seed(11, game)) for game in range(4)] == [
        play_game(FOSTER, [RandomBot, RandomBot, RandomBot], game_seed(11, game)) for game in range(4)
    ]  # the factory builds what the class does with the same seed


class EqualNotSame:
    """Returns a copy of a legal action, equal to it but not the same object: still legal."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        return attrs.evolve(self.inner.choose(observation, legal_actions))


def test_a_bot_may_return_an_action_equal_to_a_legal_one() -> None:
    seed = game_seed(3, 0)
    assert play_game(FOSTER, [EqualNotSame] * 4, seed) == play_game(FOSTER, [RandomBot] * 4, seed)


def test_a_bot_instance_starts_every_game_as_given() -> None:
    # One game of a simulation is the same game whichever position it has in the run.
    bots: list[Any] = [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    alone = play_game(FOSTER, bots, game_seed(4, 5))
    assert in_process(FOSTER, bots, 6, 4, chunk_size=6) == in_process(FOSTER, bots, 6, 4, chunk_size=1)
    assert alone == play_game(FOSTER, bots, game_seed(4, 5))


def test_simulate_reports_progress_in_games_done() -> None:
    seen: list[int] = []
    in_process(FOSTER, [RandomBot, RandomBot, RandomBot], 10, 1, chunk_size=3, progress=seen.append)
    assert seen[-1] == 10 and seen == sorted(seen)
    steps = sorted(b - a for a, b in zip([0, *seen], seen))
    assert steps == [1, 3, 3, 3]  # one call per chunk, as chunks finish


class RecordingPool(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that keeps every future it returns, and the games of each chunk."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.futures: list[concurrent.futures.Future[Any]] = []
        self.chunks: list[tuple[int, int]] = []

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[T]:
        start, stop = args[3], args[4]  # _play_chunk(rules, bots, seed, start, stop)
        self.chunks.append((start, stop))
        future = super().submit(self.run, functools.partial(fn, *args, **kwargs), start)
        self.futures.append(future)
        return future

    def run(self, task: Callable[[], T], start: int) -> T:
        return task()


def test_chunks_start_at_one_game_and_grow_to_a_quarter_second_of_play() -> None:
    bots: list[Any] = [RandomBot, RandomBot, RandomBot]
    with RecordingPool(2) as pool:
        result = simulate(FOSTER, bots, 300, 8, pool, workers=2)
    sizes = [stop - start for start, stop in pool.chunks]
    assert sizes[:4] == [1, 1, 1, 1]  # two chunks in flight per worker, before any is timed
    assert max(sizes) > 1 and all(1 <= size <= 100 for size in sizes)
    assert [start for start, _ in pool.chunks] == [0, *[stop for _, stop in pool.chunks[:-1]]]  # every game once
    assert pool.chunks[-1][1] == 300 and result == in_process(FOSTER, bots, 300, 8)


class _CountingInFlight(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that records the most tasks it ever held unfinished at once."""

    def __init__(self, threads: int) -> None:
        super().__init__(threads)
        self.unfinished = 0
        self.most = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[T]:
        with self.lock:
            self.unfinished += 1
            self.most = max(self.most, self.unfinished)
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: concurrent.futures.Future[Any]) -> None:
        with self.lock:
            self.unfinished -= 1


@pytest.mark.parametrize("workers", [1, 3])
def test_workers_sets_the_tasks_in_flight_and_never_the_result(workers: int) -> None:
    with _CountingInFlight(workers) as pool:
        result = simulate(FOSTER, [RandomBot] * 3, 30, 6, pool, chunk_size=1, workers=workers)
    assert pool.most <= 2 * workers
    assert result == in_process(FOSTER, [RandomBot] * 3, 30, 6)


def test_an_executor_is_asked_nothing_but_submit() -> None:
    """Without workers=, simulate assumes one worker per core here; it reads no private attribute of the pool."""

    class OnlySubmit:
        def __init__(self) -> None:
            self.inner = InProcessExecutor()

        def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[T]:
            return self.inner.submit(fn, *args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"simulate read executor.{name}")

    seen: list[int] = []
    result = simulate(FOSTER, [RandomBot] * 3, 40, 1, OnlySubmit(), progress=seen.append)  # type: ignore[arg-type]
    assert seen[-1] == 40 and result == in_process(FOSTER, [RandomBot] * 3, 40, 1)


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_workers_must_be_a_positive_whole_number(bad: Any) -> None:
    with pytest.raises(CommerceError, match="workers must be"):
        in_process(FOSTER, [RandomBot] * 3, 2, 1, workers=bad)


# -- streaming: sums, not records --------------------------------------------------------------


def test_a_chunk_sends_back_its_sums_not_its_games() -> None:
    tally, seconds = _play_chunk(CRP, [RandomBot] * 4, 3, 0, 7)
    assert isinstance(tally, Tally) and tally.games == 7 and seconds >= 0
    records = [play_game(CRP, [RandomBot] * 4, game_seed(3, game)) for game in range(7)]
    assert tally.result(CRP, 3) == summarise(CRP, 4, 3, records)
    assert not any(isinstance(value, (list, tuple)) and len(value) == 7 for value in attrs.astuple(tally, recurse=False))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.randoms(use_true_random=False))
def test_tallies_merged_in_any_order_give_the_same_result(games: int, shuffle: Any) -> None:
    records = [play_game(CRP, [RandomBot] * 3, game_seed(11, game)) for game in range(games)]
    parts = [Tally(3) for _ in range(3)]
    for i, record in enumerate(records):
        parts[i % 3].add(record)
    shuffle.shuffle(parts)
    total = Tally(3)
    for part in parts:
        total.merge(part)
    assert total.result(CRP, 11) == summarise(CRP, 3, 11, records)
    assert total.result(CRP, 11).deals.count == games


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=200))
def test_a_distribution_from_counts_matches_the_sample(values: list[int]) -> None:
    got = _distribution(Counter(values))
    ordered = sorted(values)
    n = len(values)
    assert (got.count, got.minimum, got.maximum) == (n, ordered[0], ordered[-1])
    assert got.median == ordered[math.ceil(0.5 * n) - 1] and got.p90 == ordered[min(n - 1, math.ceil(0.9 * n) - 1)]
    assert math.isclose(got.mean, statistics.fmean(values))
    assert math.isclose(got.std, statistics.stdev(values) if n > 1 else 0.0, abs_tol=1e-9)


def test_tallies_of_different_tables_do_not_merge() -> None:
    with pytest.raises(CommerceError, match="cannot merge"):
        Tally(3).merge(Tally(4))


class GatedPool(RecordingPool):
    """A recording thread pool whose chunks after the first wait for ``gate``: they stay running, or queued."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.gate = threading.Event()

    def run(self, task: Callable[[], T], start: int) -> T:
        if start > 0:
            self.gate.wait(10)
        return task()


@pytest.mark.usefixtures("ctrl_c_armed")
def test_ctrl_c_cancels_the_chunks_not_started_and_propagates() -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with GatedPool(2) as pool:
        with pytest.raises(KeyboardInterrupt):  # raised as the first chunk is counted
            simulate(FOSTER, [RandomBot] * 3, 50, 1, pool, chunk_size=1, progress=interrupt, workers=2)
        # Two chunks in flight per worker: the first one done, two at most held at the gate by the two
        # threads, and the last one, never started, cancelled.
        assert len(pool.futures) == 4
        assert pool.futures[0].done() and not pool.futures[0].cancelled()
        assert pool.futures[3].cancelled()
        pool.gate.set()
    assert all(future.done() for future in pool.futures)


@pytest.mark.usefixtures("ctrl_c_armed")
def test_ctrl_c_ends_the_workers_of_simulates_own_pool_at_once() -> None:
    # Ctrl-C arrives, as the signal would, while every worker is in the middle of a long game.
    bots: list[Any] = [functools.partial(SearchBot, rollouts=10_000)] * 3
    timer = threading.Timer(1.5, _thread.interrupt_main)  # once the workers have surely started, even on a loaded machine
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            simulate(FOSTER, bots, 20, 1)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 4.5  # one of these games takes far longer
    deadline = time.monotonic() + 2
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert multiprocessing.active_children() == []


class Cheater:
    """Returns an action for somebody else: simulate must not let it through."""

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        return Knock((observation.player + 1) % observation.num_players)


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        ([RandomBot, RandomBot], 3, "3 to 12 players"),
        ([RandomBot] * 13, 3, "3 to 12 players"),
        ([RandomBot] * 3, 0, "games must be"),
        ([RandomBot, RandomBot, 42], 3, "needs a bot or a bot factory"),
        ([RandomBot, RandomBot, lambda: 42], 3, r"no choose\(\) method"),
        ([Cheater, RandomBot, RandomBot], 3, "illegal action"),
    ],
)
def test_simulate_rejects_what_it_cannot_play(bots: list[Any], games: int, message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        in_process(FOSTER, bots, games, 1)


def test_simulate_needs_a_rules_value_and_a_whole_seed() -> None:
    with pytest.raises(CommerceError, match="Rules value"):
        simulate("foster", [RandomBot] * 3, 2, 1, InProcessExecutor())  # type: ignore[arg-type]
    with pytest.raises(CommerceError, match="seed"):
        simulate(FOSTER, [RandomBot] * 3, 2, 1.5, InProcessExecutor())  # type: ignore[arg-type]
    with pytest.raises(CommerceError, match="chunk_size"):
        simulate(FOSTER, [RandomBot] * 3, 2, 1, InProcessExecutor(), chunk_size=0)


def test_simulate_is_exported_from_the_package() -> None:
    import commerce_rules

    assert commerce_rules.simulate is simulate and "simulate" in commerce_rules.__all__
    assert commerce_rules.SimulationResult is SimulationResult and "SimulationResult" in commerce_rules.__all__
