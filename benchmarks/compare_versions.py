"""Compare the one-pass replay figure with another version of the library, in one process.

Run:  python benchmarks/compare_versions.py [--ref REF] [--runs 7] [--games 30] [--players 6] [--presets foster,crp]
                                            [--measure apply|bot-turn|tensor|play-game]

A shared machine's speed drifts by half between invocations, so two figures
taken minutes apart cannot be compared. This script takes the package as it
was at the git revision ``--ref`` (default ``HEAD~1``), loads it beside the
working tree's under another name, and times the two in alternation on the
same kind of work: for each preset, ``--games`` random matches recorded with
each version, replayed once on fresh states (``apply`` alone, deal
transitions included), ``--runs`` times each. It prints each version's
median µs per action and the median of the per-run ratios, which is the
figure to quote: it stays put while the machine's speed moves.

``--measure`` chooses what is timed at each recorded step: ``apply`` (the
default), ``bot-turn`` (``legal_actions`` then ``apply``, as a bot's turn
goes), ``tensor`` (``observation_tensor`` of the seat to act's
observation, the observations made beforehand and untimed) or
``play-game`` (whole matches between ``RandomBot`` players, as one of
``simulate``'s workers plays a chunk of them, bots, observations and checks
included: the figure is µs per match, as many matches as ``--games``).

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def baseline(ref: str, into: Path) -> ModuleType:
    """The package at ``ref``, imported as ``commerce_rules_baseline`` (its own modules import relatively)."""
    target = into / "commerce_rules_baseline"
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", ref, "src/commerce_rules"],
        check=True, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    for name in files:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:{name}"], check=True, capture_output=True).stdout
        path = target / Path(name).relative_to("src/commerce_rules")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text)
    sys.path.insert(0, str(into))
    return importlib.import_module("commerce_rules_baseline")


def record(lib: Any, rules: Any, players: int, games: int, seed: int) -> list[tuple[int, list[Any]]]:
    rng = random.Random(seed)
    recorded = []
    for game in range(games):
        game_seed = seed * 1000 + game
        state = lib.new_game(rules, players, seed=game_seed)
        actions = []
        while not state.is_over:
            options = lib.legal_actions(state)
            action = options[rng.randrange(len(options))]
            actions.append(action)
            state = lib.apply(state, action)
        recorded.append((game_seed, actions))
    return recorded


def one_pass(lib: Any, rules: Any, players: int, games: list[tuple[int, list[Any]]], measure: str = "apply") -> float:
    """µs per step (``measure``: what is timed) over one pass of ``games`` on fresh states."""
    if measure == "tensor":
        return _tensor_pass(lib, rules, players, games)
    if measure == "play-game":
        return _play_game_pass(lib, rules, players, games)
    total = count = 0
    apply, legal_actions = lib.apply, lib.legal_actions
    for game_seed, actions in games:
        state = lib.new_game(rules, players, seed=game_seed)
        if measure == "bot-turn":
            start = time.perf_counter_ns()
            for action in actions:
                legal_actions(state)
                state = apply(state, action)
        else:
            start = time.perf_counter_ns()
            for action in actions:
                state = apply(state, action)
        total += time.perf_counter_ns() - start
        count += len(actions)
    return total / count / 1000


def _tensor_pass(lib: Any, rules: Any, players: int, games: list[tuple[int, list[Any]]]) -> float:
    """µs per ``observation_tensor`` of the seat to act, over every recorded state (observed beforehand)."""
    views = []
    for game_seed, actions in games:
        state = lib.new_game(rules, players, seed=game_seed)
        for action in actions:
            views.append(lib.observe(state, state.to_act))
            state = lib.apply(state, action)
    tensor = lib.observation_tensor
    start = time.perf_counter_ns()
    for view in views:
        tensor(view)
    return (time.perf_counter_ns() - start) / len(views) / 1000


def _play_game_pass(lib: Any, rules: Any, players: int, games: list[tuple[int, list[Any]]]) -> float:
    """µs per match between random bots, played as a ``simulate`` worker plays one chunk of ``len(games)``."""
    try:  # the layout by role (0.2); a version before it kept the loop in simulate.py
        runs = importlib.import_module(lib.__name__ + ".simulation.runs")
    except ModuleNotFoundError:
        runs = importlib.import_module(lib.__name__ + ".simulate")
    play_chunk = runs._play_chunk
    start = time.perf_counter_ns()
    play_chunk(rules, [lib.RandomBot] * players, 7, 0, len(games))
    return (time.perf_counter_ns() - start) / len(games) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ref", default="HEAD~1")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", default="foster,crp,pounce,trentuno,extended,hoyle")
    parser.add_argument("--measure", choices=("apply", "bot-turn", "tensor", "play-game"), default="apply")
    args = parser.parse_args()
    import commerce_rules as current

    with tempfile.TemporaryDirectory() as into:
        old = baseline(args.ref, Path(into))
        print(
            f"working tree against {args.ref}: {args.measure}; {args.players} players, {args.games} games, "
            f"{args.runs} alternating runs"
        )
        print(f"{'preset':<10} {'now µs':>8} {args.ref + ' µs':>14} {'speed-up':>9}")
        for name in args.presets.split(","):
            new_rules, old_rules = current.PRESETS[name], old.PRESETS[name]
            new_games = record(current, new_rules, args.players, args.games, 7)
            old_games = record(old, old_rules, args.players, args.games, 7)
            now, then, ratios = [], [], []
            for _ in range(args.runs):
                a = one_pass(current, new_rules, args.players, new_games, args.measure)
                b = one_pass(old, old_rules, args.players, old_games, args.measure)
                now.append(a)
                then.append(b)
                ratios.append(b / a)
            print(f"{name:<10} {statistics.median(now):>8.1f} {statistics.median(then):>14.1f} x{statistics.median(ratios):>8.2f}")


if __name__ == "__main__":
    main()
