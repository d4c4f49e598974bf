"""tournament(): paired deals, reproducible standings, honest ratings; record=: parseable, private JSON Lines."""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    CommerceError,
    GreedyBot,
    RandomBot,
    action_from_json,
    apply,
    new_game,
    observation_from_json,
    observation_tensor_size,
    observation_to_json,
    observe,
    returns,
    simulate,
    tournament,
)
from commerce_rules.simulation.tournaments import TournamentResult, bradley_terry


def _run(games: int, seed: int = 1, **kwargs: Any) -> TournamentResult:
    with ThreadPoolExecutor(1) as pool:
        return tournament([GreedyBot, RandomBot, RandomBot], FOSTER, 3, games, seed, pool, **kwargs)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_seating_of_a_seed_is_dealt_the_same_cards(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _run(4, record=path)
    lines = _lines(path)
    ends = [line for line in lines if "seed" in line]
    assert [end["match"] for end in ends] == list(range(12))
    by_seed: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for end in ends:
        by_seed[end["seed"]].append(end)
    assert len(by_seed) == 4
    for seed, matches in by_seed.items():
        assert len(matches) == 3  # one per rotation, each bot at each seat once
        for seat in range(3):
            assert sorted(m["seating"][seat] for m in matches) == ["GreedyBot", "RandomBot", "RandomBot#2"]
        # the first decision of each match is taken before anyone touched a hand: the same observation
        firsts = [next(line for line in lines if line["match"] == m["match"] and "seat" in line) for m in matches]
        assert all(first["observation"] == firsts[0]["observation"] for first in firsts)
        dealt = new_game(FOSTER, 3, seed=seed)
        assert firsts[0]["observation"]["hand"] == [str(card) for card in dealt.hands[firsts[0]["seat"]]]


def test_a_tournament_is_reproducible_from_its_seed_on_any_executor() -> None:
    first = _run(6, seed=5)
    assert _run(6, seed=5) == first
    assert tournament([GreedyBot, RandomBot, RandomBot], FOSTER, 3, 6, 5, workers=2) == first
    assert _run(6, seed=6) != first


def test_greedy_beats_random_in_foster() -> None:
    result = _run(60)
    greedy = result["GreedyBot"]
    assert greedy.matches == 180 and result.matches == 180
    assert greedy.win_rate.low > 0.5
    assert greedy.rating - 2 * greedy.rating_se > result["RandomBot"].rating
    assert abs(sum(s.rating for s in result.standings)) < 1e-6
    assert "GreedyBot" in str(result) and "rating ± se" in str(result)


def test_the_ratings_uncertainty_shrinks_with_more_matches() -> None:
    few, many = _run(10, seed=2), _run(80, seed=2)
    for name in ("GreedyBot", "RandomBot"):
        assert many[name].rating_se < few[name].rating_se / 2


def test_a_bot_that_always_wins_has_a_finite_rating_and_an_uncertainty() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = tournament([GreedyBot, RandomBot, RandomBot], CRP, 3, 10, 1, pool)
    greedy = result["GreedyBot"]
    assert greedy.win_rate.value == 1.0 and 0 < greedy.rating < 2000 and greedy.rating_se > 0


def test_bradley_terry_matches_a_closed_form() -> None:
    # two players, 30 wins to 10 plus the virtual draw: strengths 30.5 : 10.5
    a, b = bradley_terry([[0, 30], [10, 0]], [[0, 40], [40, 0]])
    assert a - b == pytest.approx(math.log(30.5 / 10.5))


def _check_record(lines: list[dict[str, Any]], seating_of: dict[int, int]) -> None:
    """Every decision line round-trips and is exactly the deciding seat's observation, replayed from the seed."""
    by_match: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        by_match[line["match"]].append(line)
    for match, match_lines in by_match.items():
        *decisions, end = match_lines
        state = new_game(FOSTER, 3, seed=end["seed"])
        for decision in decisions:
            assert set(decision) == {"match", "seat", "observation", "action"}
            observation = observation_from_json(json.dumps(decision["observation"]))
            action = action_from_json(json.dumps(decision["action"]))
            seat = decision["seat"]
            assert seat == state.to_act == observation.player
            assert json.loads(observation_to_json(observe(state, seat))) == decision["observation"]
            assert observation == observe(state, seat)
            state = apply(state, action)
        assert state.is_over and end["returns"] == list(returns(state)) and end["winners"] == list(state.winners)
    assert len(by_match) == len(seating_of)


def test_simulate_records_every_decision_and_the_returns(tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    with ThreadPoolExecutor(2) as pool:
        result = simulate(FOSTER, [GreedyBot, RandomBot, RandomBot], 5, 3, pool, record=str(path), workers=2)
    lines = _lines(path)
    _check_record(lines, {match: 0 for match in range(5)})
    ends = [line for line in lines if "seed" in line]
    assert [end["match"] for end in ends] == list(range(5))
    assert ends[0]["seating"] == ["GreedyBot", "RandomBot", "RandomBot"]
    assert result.games == 5 and not list(tmp_path.glob(".*.tmp"))


def test_a_record_is_the_same_with_processes(tmp_path: Path) -> None:
    threads, processes = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    with ThreadPoolExecutor(1) as pool:
        simulate(FOSTER, [GreedyBot, RandomBot, RandomBot], 4, 3, pool, record=threads)
    simulate(FOSTER, [GreedyBot, RandomBot, RandomBot], 4, 3, workers=2, record=processes, chunk_size=1)
    assert threads.read_bytes() == processes.read_bytes()


def test_tournament_records_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _run(2, record=path)
    _check_record(_lines(path), {match: 0 for match in range(6)})


def test_a_record_of_chosen_seats_as_tensors_into_a_text_file() -> None:
    out = io.StringIO()
    with ThreadPoolExecutor(1) as pool:
        simulate(FOSTER, [RandomBot] * 3, 2, 9, pool, record=out, record_seats=[1], record_tensor=True)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    decisions = [line for line in lines if "seat" in line]
    assert decisions and all(d["seat"] == 1 and "observation" not in d for d in decisions)
    assert all(len(d["tensor"]) == observation_tensor_size(FOSTER, 3) for d in decisions)
    assert sum("seed" in line for line in lines) == 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tournament([GreedyBot, 3], FOSTER, 3, 2), "bot"),  # type: ignore[list-item]
        (lambda: tournament([GreedyBot], FOSTER, 3, 2), "2 to 3 bots"),
        (lambda: tournament([GreedyBot, RandomBot], FOSTER, 3, -1), "games"),
        (lambda: tournament([GreedyBot, RandomBot], FOSTER, 2, 1), "players"),
        (lambda: tournament([GreedyBot, RandomBot], FOSTER, 3, 1, record="/nonexistent/folder/x.jsonl"), "record"),
        (lambda: simulate(FOSTER, [RandomBot] * 3, 1, 1, record="/nonexistent/folder/x.jsonl"), "record"),
        (lambda: simulate(FOSTER, [RandomBot] * 3, 1, 1, record=io.StringIO(), record_seats=[3]), "seat"),
    ],
)
def test_bad_input_is_a_commerce_error(call: Any, message: str) -> None:
    with pytest.raises(CommerceError, match=message):
        call()


def test_a_failed_run_leaves_no_record(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"

    def broken(seed: int) -> object:
        raise RuntimeError("boom")

    with ThreadPoolExecutor(1) as pool, pytest.raises(RuntimeError):
        simulate(FOSTER, [RandomBot, RandomBot, broken], 3, 1, pool, record=path)  # type: ignore[list-item]
    assert list(tmp_path.iterdir()) == []
