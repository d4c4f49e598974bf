"""The bots' win rates in every preset, with their 95% intervals.

Four seats -- :class:`~commerce_rules.SearchBot` (50 imagined deals per
decision), :class:`~commerce_rules.GreedyBot` and two
:class:`~commerce_rules.RandomBot` -- play many matches of each preset with
:func:`commerce_rules.simulate`. The first dealer is drawn for every match,
so no seat keeps an advantage of position. A shared victory counts for each
seat sharing it.

Run ``python docs/plots/win_rates.py`` to recompute ``win_rates.json``
(some minutes: it uses every core).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import figure, read_data, save, wilson, write_data  # noqa: E402

from commerce_rules import PRESETS, GreedyBot, RandomBot, SearchBot  # noqa: E402
from commerce_rules.simulation.runs import BotSpec, game_seed, play_game, simulate  # noqa: E402

NAME = "win_rates"
SEED = 31
GAMES = 300
ROLLOUTS = 50
SEATS = ("SearchBot", "GreedyBot", "RandomBot", "RandomBot")


def bots() -> list[BotSpec]:
    return [functools.partial(SearchBot, rollouts=ROLLOUTS), GreedyBot, RandomBot, RandomBot]


def winners_of(name: str, game: int, seed: int = SEED) -> list[int]:
    """The winners of one match of the data, played again (the test's check)."""
    return list(play_game(PRESETS[name], bots(), game_seed(seed, game)).winners)


def compute(names: list[str] | None = None, games: int = GAMES, seed: int = SEED) -> dict[str, Any]:
    names = list(PRESETS) if names is None else names
    results: dict[str, Any] = {}
    for name in names:
        result = simulate(PRESETS[name], bots(), games, seed)
        results[name] = {"wins": list(result.wins)}
        print(name, result.wins, file=sys.stderr)
    sample = {name: {str(g): winners_of(name, g, seed) for g in sample_games(name, games)} for name in names}
    return {"seed": seed, "games": games, "rollouts": ROLLOUTS, "seats": list(SEATS), "presets": results, "sample": sample}


def sample_games(name: str, games: int) -> list[int]:
    """The one match per preset that the test plays again: spread over the run, fixed by the preset's name."""
    return [sum(map(ord, name)) * 7 % games]


def draw(data: dict[str, Any], path: Path) -> None:
    fig = figure(7.0, 4.4)
    ax = fig.add_subplot()
    names = list(data["presets"])
    seats = data["seats"]
    width = 0.8 / len(seats)
    colours = ["#2e7d32", "#1565c0", "#9e9e9e", "#bdbdbd"]
    for s, label in enumerate(seats):
        xs, ys, errors = [], [[], []], []
        for i, name in enumerate(names):
            value, low, high = wilson(data["presets"][name]["wins"][s], data["games"])
            xs.append(i - 0.4 + width * (s + 0.5))
            ys[0].append(value)
            errors.append((value - low, high - value))
        ax.bar(
            xs, ys[0], width=width * 0.92, color=colours[s % len(colours)],
            yerr=list(zip(*errors)), capsize=2, error_kw={"elinewidth": 0.8},
            label=f"seat {s}: {label}",
        )
    ax.axhline(1 / len(seats), linestyle=":", color="grey")
    ax.set_xticks(range(len(names)), [name.upper() for name in names])
    ax.set_ylabel("share of matches won")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, ncols=2, fontsize=9)
    ax.set_title(f"{data['games']} matches per preset, 4 players, 95% intervals (SearchBot: {data['rollouts']} rollouts)", fontsize=10)
    save(fig, path)


if __name__ == "__main__":
    print(write_data(NAME, compute()))
    if "--draw" in sys.argv:
        draw(read_data(NAME), Path("/tmp") / f"{NAME}.svg")
