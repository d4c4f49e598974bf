"""The arithmetic of ``benchmarks/check_targets.py``: a target is judged on the median of whole runs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture(scope="module")
def targets() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "check_targets.py"
    spec = importlib.util.spec_from_file_location("check_targets", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_targets"] = module  # a NamedTuple's module must be found while its class is made
    spec.loader.exec_module(module)
    return module


def _run(apply_us: float, bot_turn_us: float, games: float, short: float, long: float, players: int = 6) -> dict[str, Any]:
    cells = [
        {"preset": "crp", "players": players, "actions": 10, "apply_us": apply_us, "bot_turn_us": bot_turn_us, "games_per_s": games},
        {"preset": "crp", "players": 3, "actions": 10, "apply_us": 99.0},  # another table: never judged
    ]
    return {"python": "3.11", "cells": cells, "long_deal_us": {"100": short, "10000": long}}


def _by_name(targets: ModuleType, runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {figure.name: figure for figure in targets.figures(runs)}


def test_a_target_is_judged_on_the_median_of_the_runs_not_their_best_or_worst(targets: ModuleType) -> None:
    found = _by_name(targets, [_run(5.0, 7.0, 700, 3, 3), _run(9.0, 9.0, 500, 3, 3), _run(5.5, 7.5, 650, 3, 3)])
    apply = found["crp apply µs"]
    assert (apply.median, apply.least, apply.greatest) == (5.5, 5.0, 9.0) and apply.met
    assert found["crp bot turn µs"].met and found["crp games/s"].met  # 7.5 µs ≤ 8; 650 games ≥ 600


def test_a_median_beyond_the_target_misses_it_even_if_one_run_meets_it(targets: ModuleType) -> None:
    found = _by_name(targets, [_run(5.0, 7.0, 700, 3, 3), _run(6.5, 8.5, 550, 3, 3), _run(7.0, 9.0, 500, 3, 3)])
    assert not found["crp apply µs"].met and not found["crp bot turn µs"].met
    assert not found["crp games/s"].met  # games a second is a floor: 550 < 600


def test_the_long_deal_is_judged_on_each_runs_own_ratio(targets: ModuleType) -> None:
    ratio = _by_name(targets, [_run(5, 7, 700, 2.0, 3.0), _run(5, 7, 700, 4.0, 5.0), _run(5, 7, 700, 1.0, 3.0)])["long deal, 10,000 / 100 events"]
    assert (ratio.median, ratio.greatest) == (1.5, 3.0) and ratio.met


def test_only_the_six_player_table_and_the_measured_presets_are_judged(targets: ModuleType) -> None:
    found = _by_name(targets, [_run(5.0, 7.0, 700, 3, 3, players=12)])
    assert "crp apply µs" not in found and "foster apply µs" not in found
    assert list(found) == ["long deal, 10,000 / 100 events"]


def test_the_report_names_every_missed_target(targets: ModuleType) -> None:
    text = targets.report(targets.figures([_run(7.0, 7.0, 700, 3, 3)]), 1)
    assert "crp apply µs" in text and "NO" in text
    assert text.endswith("3 of 4 targets met; missed: crp apply µs")


def test_the_machines_speed_is_the_calibration_loops_spread_at_six_players_and_judges_nothing(targets: ModuleType) -> None:
    runs = [_run(5.0, 7.0, 700, 3, 3), _run(5.0, 7.0, 700, 3, 3), _run(5.0, 7.0, 700, 3, 3)]
    for run, ms in zip(runs, (20.0, 35.0, 21.0)):
        run["cells"][0]["calibration_ms"] = ms
        run["cells"][1]["calibration_ms"] = 99.0  # another table's: not the targets' moment
    speed = targets.calibration(runs)
    assert speed == (21.0, 20.0, 35.0)
    text = targets.report(targets.figures(runs), 3, speed)
    assert "4 of 4 targets met" in text and "took 21.0 ms" in text and "x1.75" in text
    assert targets.calibration([_run(5.0, 7.0, 700, 3, 3)]) is None  # runs from before the loop was timed


def test_at_a_fixed_loop_speed_times_scale_up_and_games_down_by_each_cells_own_loop(targets: ModuleType) -> None:
    slow, fast = _run(4.0, 5.0, 900, 3, 4), _run(2.0, 2.5, 1800, 3, 4)
    slow["cells"][0]["calibration_ms"], fast["cells"][0]["calibration_ms"] = 20.0, 10.0
    scaled = targets.at_loop([slow, fast], 15.0)
    for run in scaled:
        (cell,) = run["cells"]  # the 3-player cell has no loop beside it: dropped, as it is never judged
        assert (cell["apply_us"], cell["bot_turn_us"], cell["games_per_s"], cell["calibration_ms"]) == (3.0, 3.75, 1200.0, 15.0)
        assert run["long_deal_us"] == {"100": 3, "10000": 4}  # a ratio of two times: the same at any speed
    assert slow["cells"][0]["apply_us"] == 4.0  # the runs themselves are left as they were measured


def test_at_a_fixed_loop_speed_a_target_met_only_on_a_fast_stretch_is_missed(targets: ModuleType) -> None:
    run = _run(5.0, 7.0, 700, 3, 3)
    run["cells"][0]["calibration_ms"] = 10.0
    assert all(figure.met for figure in targets.figures([run]))
    scaled = _by_name(targets, targets.at_loop([run], 16.0))
    assert not scaled["crp apply µs"].met and not scaled["crp bot turn µs"].met and not scaled["crp games/s"].met
    assert scaled["crp apply µs"].median == 8.0
