"""Benchmark what a fresh process pays before its games run at full speed: the import and the first game.

Run:  python benchmarks/bench_cold_start.py [--runs 7] [--presets foster,crp] [--players 6] [--ref REV]

The other benchmarks record their games before they time them, so the hand
tables (built on a ranking's first use) and every other first-time cost are
paid before their clocks start. A user's process pays them once: a command
line, a server's first request, each worker of ``simulate``'s executor.
Each run here is a new interpreter that times, in order:

* **import**: ``import commerce_rules``;
* **first game**: one random match from ``new_game`` to its end, choosing
  with ``random.Random`` from ``legal_actions`` (the hand table is built
  inside it);
* **next game**: the median of the ten random matches after it, each on a
  new seed, for the same work at full speed.

The figures are the medians over ``--runs`` interpreters. With ``--ref``,
the package as it was at that git revision runs in alternation with the
working tree's, one interpreter each in turn, and the median of the
per-pair ratios is printed: the figure to quote on a machine whose speed
drifts. This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from count_instructions import checkout

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, random, sys, time
start = time.perf_counter()
import commerce_rules
from commerce_rules import PRESETS, apply, legal_actions, new_game
imported = time.perf_counter()
rules, players = PRESETS[sys.argv[1]], int(sys.argv[2])

def game(seed):
    rng = random.Random(seed)
    began = time.perf_counter()
    state = new_game(rules, players, seed=seed)
    while not state.is_over:
        options = legal_actions(state)
        state = apply(state, options[rng.randrange(len(options))])
    return time.perf_counter() - began

first = game(1)
after = sorted(game(seed) for seed in range(2, 12))
print(json.dumps({"import": imported - start, "first": first, "next": after[len(after) // 2]}))
"""


def sample(source: Path, preset: str, players: int) -> dict[str, float]:
    """One fresh interpreter's figures, the package imported from ``source``."""
    env = {"PYTHONPATH": str(source), "PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", CHILD, preset, str(players)], check=True, capture_output=True, text=True, env=env)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--presets", default="foster,crp,trentuno,extended,hoyle,schwimmen,thirty_one")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--ref", default=None, help="a git revision to compare with, in alternation")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        sources = {"this tree": ROOT / "src"}
        if args.ref:
            sources[args.ref] = checkout(args.ref, Path(scratch))
        print(f"Python {sys.version.split()[0]}; {args.players} players; median of {args.runs} fresh interpreters\n")
        print(f"{'preset':<12}{'version':<12}{'import ms':>10}{'first game ms':>15}{'next game ms':>14}")
        for preset in args.presets.split(","):
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in sources}
            for _ in range(args.runs):
                for name, source in sources.items():
                    runs[name].append(sample(source, preset, args.players))
            for name, figures in runs.items():
                med = {what: 1000 * statistics.median(run[what] for run in figures) for what in ("import", "first", "next")}
                print(f"{preset:<12}{name:<12}{med['import']:>10.0f}{med['first']:>15.1f}{med['next']:>14.1f}")
            if args.ref:
                ratios = [old["first"] / new["first"] for new, old in zip(runs["this tree"], runs[args.ref])]
                print(f"{'':<12}first game: x{statistics.median(ratios):.2f} faster than {args.ref} (median of the pairs' ratios)")


if __name__ == "__main__":
    main()
