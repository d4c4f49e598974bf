"""The figures of the docs are current: their committed data is what the library computes now.

Each script in ``docs/plots/`` computes its data with the library and
writes ``docs/plots/<name>.json``; the docs build draws the figure from it.
These tests recompute part of each data file with the same seed and compare
(a few cells, a few replayed matches: a couple of seconds), so a change to
the library that would move a figure fails here until the script is run
again. No matplotlib is needed: the data is tested, not the picture.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from commerce_rules import PRESETS

PLOTS = Path(__file__).resolve().parents[2] / "docs" / "plots"


def script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"docs_plots_{name}", PLOTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((PLOTS / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def test_every_plot_script_has_its_data_and_a_draw_function() -> None:
    names = sorted(path.stem for path in PLOTS.glob("*.py") if path.stem != "common")
    assert names == ["hand_strength", "lowest", "win_rates"]
    for name in names:
        module = script(name)
        assert module.NAME == name and callable(module.draw) and callable(module.compute)
        assert (PLOTS / f"{name}.json").is_file()


def test_the_lowest_hand_data_covers_the_widow_presets_it_names() -> None:
    lowest = script("lowest")
    stored = data("lowest")
    assert set(stored["lowest"]) <= set(lowest.widow_presets()), "run python docs/plots/lowest.py"
    assert stored["seed"] == lowest.SEED and stored["deals"] == lowest.DEALS and stored["sizes"] == list(lowest.SIZES)


@pytest.mark.parametrize(("name", "players"), [("trentuno", 3)])
def test_the_lowest_hand_counts_are_current(name: str, players: int) -> None:
    lowest = script("lowest")
    stored = data("lowest")
    recomputed = lowest.lowest_count(PRESETS[name], players, stored["deals"], stored["seed"])
    assert stored["lowest"][name][str(players)] == recomputed, "run python docs/plots/lowest.py"


def test_a_table_that_does_not_fit_has_no_count() -> None:
    lowest = script("lowest")
    assert lowest.lowest_count(PRESETS["trentuno"], 13, 1, 1) is None


@pytest.mark.parametrize("name", ["extended"])
def test_the_hand_strength_curves_are_current(name: str) -> None:
    hand_strength = script("hand_strength")
    stored = data("hand_strength")
    assert set(stored["curves"]) <= set(hand_strength.one_per_ranking())
    assert stored["curves"][name] == hand_strength.curve(name, stored["points"]), "run python docs/plots/hand_strength.py"


def test_the_win_rate_data_is_whole() -> None:
    stored = data("win_rates")
    win_rates = script("win_rates")
    assert stored["seed"] == win_rates.SEED and stored["rollouts"] == win_rates.ROLLOUTS
    assert stored["seats"] == list(win_rates.SEATS) and set(stored["presets"]) <= set(PRESETS)
    for name, result in stored["presets"].items():
        assert len(result["wins"]) == len(stored["seats"]) and sum(result["wins"]) >= stored["games"]
        assert list(stored["sample"][name]) == [str(game) for game in win_rates.sample_games(name, stored["games"])]


@pytest.mark.parametrize("name", ["foster"])
def test_the_win_rates_matches_play_again_the_same(name: str) -> None:
    """One recorded match per preset, played again from its seed, has the same winners."""
    win_rates = script("win_rates")
    stored = data("win_rates")
    for game, winners in stored["sample"][name].items():
        assert win_rates.winners_of(name, int(game), stored["seed"]) == winners, "run python docs/plots/win_rates.py"
