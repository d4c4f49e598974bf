"""Count the CPU instructions of one pass over recorded games, under valgrind: a figure the machine's load cannot move.

Run:  python benchmarks/count_instructions.py [--ref REF] [--presets foster,crp] [--games 10] [--players 6]
                                              [--measure apply|bot-turn|games]

On a shared machine a timing moves by half from one minute to the next, so
a change of a few per cent cannot be timed. The number of instructions the
processor runs for the same work does not move: this script runs the work
under ``valgrind --tool=callgrind`` and reads that number. Each run is a
fresh interpreter with ``PYTHONHASHSEED=0``; it records ``--games`` random
matches (seed 7, as ``compare_versions.py`` records them), replays two of
them to build the hand tables and the interned actions, collects the
garbage, and then replays the rest once inside ``functools.reduce``, the
only code that callgrind counts (``--toggle-collect``). The figure is
instructions per action: ``apply`` alone, deal transitions included, or
``legal_actions`` then ``apply`` (``--measure bot-turn``). With ``--measure
games`` each game is played afresh as ``bench_replay.py`` times its games a
second (``while not state.is_over``, a random choice each turn, from
``new_game``, the game's set-up and the chooser counted): the figure is
instructions per action of those games.

With ``--ref`` the package as it was at that git revision (``git archive``
into a temporary directory) is counted beside the working tree's, and the
ratio printed. Instructions are not time -- a cache miss costs more than an
addition -- but between two versions of the same code they move together;
the timed figures remain the ones to quote (``bench_replay.py``,
``compare_versions.py``).

Needs valgrind (Debian: ``apt-get install valgrind``). This is a script,
not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORK = r'''
import gc, random, sys
from functools import reduce
from commerce_rules import PRESETS, apply, legal_actions, new_game
rules, players, games, measure = PRESETS[sys.argv[1]], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(7)
recorded = []
for game in range(games + 2):
    state = new_game(rules, players, seed=7000 + game)
    actions = []
    while not state.is_over:
        options = legal_actions(state)
        actions.append(options[rng.randrange(len(options))])
        state = apply(state, actions[-1])
    recorded.append((7000 + game, actions))
def play(seed, actions):
    state = new_game(rules, players, seed=seed)
    for action in actions:
        if measure == "bot-turn":
            legal_actions(state)
        state = apply(state, action)
played = []
def random_game(seed, actions):
    chooser = random.Random(seed)  # each game's own choices, as games_per_second's loop makes them
    state = new_game(rules, players, seed=seed)
    count = 0
    while not state.is_over:
        options = legal_actions(state)
        state = apply(state, options[chooser.randrange(len(options))])
        count += 1
    played.append(count)
run = random_game if measure == "games" else play
for game in recorded[:2]:
    run(*game)  # the hand tables and the interned actions, built before counting
gc.collect()
reduce(lambda _, game: run(*game), recorded[2:], None)
print("actions", sum(played[2:]) if played else sum(len(actions) for _, actions in recorded[2:]))
'''


def count(source: Path, preset: str, players: int, games: int, measure: str) -> float:
    """Instructions per action of the counted pass, with the package found at ``source``."""
    env = dict(os.environ, PYTHONPATH=str(source), PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=functools_reduce",
         sys.executable, "-c", WORK, preset, str(players), str(games), measure],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    collected = re.search(r"Collected : (\d+)", done.stderr)
    actions = re.search(r"actions (\d+)", done.stdout)
    if collected is None or actions is None:
        raise SystemExit(f"could not read valgrind's count:\n{done.stderr[-2000:]}")
    return int(collected.group(1)) / int(actions.group(1))


def checkout(ref: str, into: Path) -> Path:
    """The ``src`` directory of the package at git revision ``ref``, unpacked into ``into``."""
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--output", str(archive), ref, "src"], check=True)
    with tarfile.open(archive) as tar:
        try:
            tar.extractall(into, filter="data")
        except TypeError:  # a Python before the extraction filters (3.10.11, 3.11.3): the archive is our own
            tar.extractall(into)
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ref", default=None, help="a git revision to count beside the working tree")
    parser.add_argument("--presets", default="foster,crp")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--measure", choices=("apply", "bot-turn", "games"), default="apply")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as into:
        old = checkout(args.ref, Path(into)) if args.ref else None
        print(f"instructions per action, {args.measure}; {args.players} players, {args.games} games")
        print(f"{'preset':<11} {'now':>9}" + (f" {args.ref:>12} {'ratio':>7}" if old else ""))
        for preset in args.presets.split(","):
            now = count(ROOT / "src", preset, args.players, args.games, args.measure)
            line = f"{preset:<11} {now:>9,.0f}"
            if old is not None:
                then = count(old, preset, args.players, args.games, args.measure)
                line += f" {then:>12,.0f} x{then / now:>6.3f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
