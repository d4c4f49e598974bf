"""Check the speed targets as they are stated: the median of several whole runs of ``bench_replay.py``.

Run:  python benchmarks/check_targets.py [--scripts 10] [--runs 5] [--games 30] [--players 3,6,9,12]
                                         [--keep DIR | --from DIR] [--at-loop MS | --at-issue-speed]

Each of ``--scripts`` runs is a fresh interpreter running the whole of
``bench_replay.py`` (recording, replaying, ``--runs`` passes per cell, the
long deal); a figure is the median of its value over those runs, and the
least and the greatest are printed beside it, so that the spread of a
shared machine is in the table, not hidden by it. A target is met when
that median is. Nothing is warmed or kept between runs. ``--keep DIR``
keeps each run's figures (every table, not only the targets') in ``DIR``;
``--from DIR`` judges runs kept so instead of running new ones.

The machine runs at speeds ×2 apart, and a figure moves with it. ``--at-loop
MS`` also judges the same runs at one fixed speed: each figure scaled by
``MS`` over the calibration loop timed beside it (a fixed pure-Python loop
that runs no library code). ``benchmarks/issue_speed.py`` measures the
loop's ms at the speed the issue set the targets at (16.7 ms: it times the
code the issue measured, beside the loop), so that a target is judged
against the machine the issue measured on, whatever the machine's speed
today; ``--at-issue-speed`` measures that speed in the same invocation,
after the runs. With either, the exit status is 0 only when both sets are met.

The targets are the engine issue's (``docs/performance.md``): at 6 players,
``apply`` at most 6 µs for CRP, Trentuno, Extended, Schwimmen and
Thirty-One and 8 µs for Foster, Pounce and Hoyle; a bot's turn at most
8 µs; Foster 3,000 random games a second and CRP 600; a 10,000-event deal
at most twice the cost per action of a 100-event deal.

The exit status is 1 when a target is missed, 0 when every one is met.
This is a script, not a test: a test of its arithmetic is in
``tests/project/test_benchmark_targets.py``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent

AT = 6
"""The table at which the targets are set."""
APPLY_TARGETS = {
    "foster": 8.0, "crp": 6.0, "pounce": 8.0, "trentuno": 6.0, "extended": 6.0,
    "hoyle": 8.0, "schwimmen": 6.0, "thirty_one": 6.0,
}  # fmt: skip
"""The most µs per ``apply`` at 6 players, by preset."""
BOT_TURN_TARGET = 8.0
"""The most µs per bot turn (``legal_actions`` then ``apply``) at 6 players, every preset."""
GAMES_TARGETS = {"foster": 3000.0, "crp": 600.0}
"""The fewest random 6-player games a second, by preset."""
LONG_DEAL_TARGET = 2.0
"""The most a 10,000-event deal may cost per action, as a multiple of a 100-event deal's."""


class Figure(NamedTuple):
    """One target against the runs: the median the target is judged on, the spread beside it."""

    name: str
    median: float
    least: float
    greatest: float
    target: float
    at_most: bool
    """Whether the target is a ceiling (µs, a ratio) rather than a floor (games a second)."""

    @property
    def met(self) -> bool:
        return self.median <= self.target if self.at_most else self.median >= self.target


def figures(runs: Sequence[dict[str, Any]]) -> list[Figure]:
    """Every target's figure over ``runs`` (each one run's JSON from ``bench_replay.py --json``)."""
    found: list[Figure] = []

    def add(name: str, values: list[float], target: float, at_most: bool) -> None:
        if values:  # a run that did not measure it (a preset left out) gives none
            found.append(Figure(name, statistics.median(values), min(values), max(values), target, at_most))

    def cells(preset: str, key: str) -> list[float]:
        return [
            float(cell[key]) for run in runs for cell in run["cells"]
            if cell["preset"] == preset and cell["players"] == AT and key in cell
        ]  # fmt: skip

    for preset, target in APPLY_TARGETS.items():
        add(f"{preset} apply µs", cells(preset, "apply_us"), target, True)
    for preset in APPLY_TARGETS:
        add(f"{preset} bot turn µs", cells(preset, "bot_turn_us"), BOT_TURN_TARGET, True)
    for preset, target in GAMES_TARGETS.items():
        add(f"{preset} games/s", cells(preset, "games_per_s"), target, False)
    ratios = [run["long_deal_us"]["10000"] / run["long_deal_us"]["100"] for run in runs if "long_deal_us" in run]
    add("long deal, 10,000 / 100 events", ratios, LONG_DEAL_TARGET, True)
    return found


def calibration(runs: Sequence[dict[str, Any]]) -> tuple[float, float, float] | None:
    """The median, least and greatest ms of the runs' calibration loop at 6 players (``None`` where none was timed).

    The loop runs no library code, so its spread is the machine's own: a
    figure whose spread is as wide is the machine's speed, not the code's.
    """
    values = [float(cell["calibration_ms"]) for run in runs for cell in run["cells"] if cell["players"] == AT and "calibration_ms" in cell]
    return (statistics.median(values), min(values), max(values)) if values else None


def at_loop(runs: Sequence[dict[str, Any]], loop_ms: float) -> list[dict[str, Any]]:
    """``runs`` as they would have measured with the calibration loop at ``loop_ms``: each 6-player cell scaled by its own loop.

    A figure and the loop timed beside it move together with the machine's
    speed, so ``figure × loop_ms / its loop`` is the figure at the speed at
    which the loop takes ``loop_ms`` (``issue_speed.py`` finds the speed the
    targets were set at). Times scale up with it, games a second down; the
    long deal is a ratio of two times and stays; a cell without a loop timed
    beside it cannot be scaled and is dropped.
    """
    scaled: list[dict[str, Any]] = []
    for run in runs:
        cells = []
        for cell in run["cells"]:
            if cell["players"] != AT or "calibration_ms" not in cell:
                continue
            factor = loop_ms / float(cell["calibration_ms"])
            cell = dict(cell, apply_us=cell["apply_us"] * factor, calibration_ms=loop_ms)
            if "bot_turn_us" in cell:
                cell["bot_turn_us"] = cell["bot_turn_us"] * factor
            if "games_per_s" in cell:
                cell["games_per_s"] = cell["games_per_s"] / factor
            cells.append(cell)
        scaled.append(dict(run, cells=cells))
    return scaled


def report(found: Sequence[Figure], scripts: int, speed: tuple[float, float, float] | None = None) -> str:
    """The table: each figure's median, spread and target, and whether it is met; the machine's speed under it."""
    lines = [f"median of {scripts} whole runs of bench_replay.py, at {AT} players", ""]
    lines.append(f"{'figure':<32} {'median':>8} {'least':>8} {'greatest':>9} {'target':>10}  met")
    for figure in found:
        bound = ("≤ " if figure.at_most else "≥ ") + f"{figure.target:g}"
        lines.append(
            f"{figure.name:<32} {figure.median:>8.1f} {figure.least:>8.1f} {figure.greatest:>9.1f} {bound:>10}  "
            + ("yes" if figure.met else "NO")
        )
    missed = [figure.name for figure in found if not figure.met]
    lines.append("")
    lines.append(f"{len(found) - len(missed)} of {len(found)} targets met" + (f"; missed: {', '.join(missed)}" if missed else ""))
    if speed is not None:
        median, least, greatest = speed
        lines.append(
            f"the machine: a fixed pure-Python loop (no library code) took {median:.1f} ms, median of the runs "
            f"(least {least:.1f}, greatest {greatest:.1f}: x{greatest / least:.2f})"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scripts", type=int, default=10, help="whole runs of bench_replay.py (fresh interpreters)")
    parser.add_argument("--runs", type=int, default=5, help="passes per cell within a run")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", default="3,6,9,12")
    parser.add_argument("--keep", metavar="DIR", help="keep each run's JSON figures in DIR")
    parser.add_argument("--from", dest="source", metavar="DIR", help="judge the runs kept in DIR (by --keep) instead of running")
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument(
        "--at-loop", type=float, metavar="MS",
        help="also judge every figure as it would be with the calibration loop at MS ms (issue_speed.py gives the issue's)",
    )  # fmt: skip
    scale.add_argument(
        "--at-issue-speed", action="store_true",
        help="--at-loop with the issue's speed, measured by issue_speed.py after the runs (needs the git history)",
    )  # fmt: skip
    args = parser.parse_args()
    if str(AT) not in args.players.split(","):
        parser.error(f"--players must include {AT}: the targets are set at {AT} players")
    runs: list[dict[str, Any]]
    if args.source:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(Path(args.source).glob("run*.json"))]
    else:
        runs = measure(args)
    found = figures(runs)
    print(report(found, len(runs), calibration(runs)))
    met = all(figure.met for figure in found)
    loop_ms: float | None = args.at_loop
    if args.at_issue_speed:
        from issue_speed import measure as issue_speed  # deferred: it loads the issue's code from git

        speed = issue_speed()
        print(f"\nthe issue's speed: the calibration loop at {speed.middle:.1f} ms (from its low figures {speed.low:.1f}, high {speed.high:.1f})")
        loop_ms = round(speed.middle, 1)
    if loop_ms:
        scaled = figures(at_loop(runs, loop_ms))
        print()
        print(f"the same runs, each figure scaled to the speed at which the calibration loop takes {loop_ms:g} ms:")
        print(report(scaled, len(runs)))
        met = met and all(figure.met for figure in scaled)
    return 0 if met else 1


def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run ``bench_replay.py`` ``--scripts`` times, each in a fresh interpreter, and read each run's figures."""
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for index in range(args.scripts):
            out = folder / f"run{index + 1}.json"
            command = [
                sys.executable, str(HERE / "bench_replay.py"), "--runs", str(args.runs), "--games", str(args.games),
                "--players", args.players, "--rates-at", str(AT), "--json", str(out),
            ]  # fmt: skip
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            runs.append(json.loads(out.read_text(encoding="utf-8")))
            print(f"run {index + 1} of {args.scripts} done", file=sys.stderr)
    return runs


if __name__ == "__main__":
    sys.exit(main())
