"""The machine's speed when the engine issue set its targets, as the calibration loop's ms: a fixed reference.

Run:  python benchmarks/issue_speed.py [--ref a29e2a0] [--runs 21] [--games 30]

The speed targets (``check_targets.py``) are in µs, and the machine they are
checked on runs at speeds ×2 apart from one hour to the next, so a figure
met on a fast stretch can be missed on a slow one. The issue that set them
measured the code as it then was, ``a29e2a0``: one pass of ``apply`` over
recorded random games at 6 players, Foster 20–22 µs an action, CRP 19–21,
Pounce 24–26. That code still runs; timed now, beside the calibration loop
of ``bench_replay.py`` (a fixed pure-Python loop that runs no library code),
it says how many ms that loop would have taken at the speed the issue was
measured at: ``loop ms × issue µs / a29e2a0's µs now``. Each run times the
loop, the three presets' passes, then the loop again (the mean of the two
loops beside the passes); the figure is the median over runs and presets,
and the issue's low and high ends are printed beside it.

``check_targets.py --at-loop MS`` then judges every run's figures as they
would be at that loop's speed: each figure scaled by ``MS`` over the loop
timed beside it (``--at-issue-speed`` measures ``MS`` with :func:`measure`
in the same invocation, after the runs). This is a script, not a test: it
asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import NamedTuple

from bench_replay import calibration_ms
from compare_versions import baseline, one_pass, record

ISSUE_US = {"foster": (20.0, 22.0), "crp": (19.0, 21.0), "pounce": (24.0, 26.0)}
"""What the issue measured for ``a29e2a0``: µs per ``apply`` at 6 players, least and greatest."""
PLAYERS = 6


class IssueSpeed(NamedTuple):
    """The calibration loop's ms at the issue's speed (from its figures' middles, lows and highs), and now."""

    middle: float
    low: float
    high: float
    loops: list[float]


def measure(ref: str = "a29e2a0", runs: int = 21, games: int = 30) -> IssueSpeed:
    """Time ``ref`` beside the calibration loop ``runs`` times: the loop's ms at the speed the issue measured at."""
    with tempfile.TemporaryDirectory() as into:
        old = baseline(ref, Path(into))
        recorded = {name: record(old, old.PRESETS[name], PLAYERS, games, 7) for name in ISSUE_US}
        loops: list[float] = []
        low: list[float] = []
        middle: list[float] = []
        high: list[float] = []
        for _ in range(runs):
            before = calibration_ms()
            passes = {name: one_pass(old, old.PRESETS[name], PLAYERS, played) for name, played in recorded.items()}
            loop = (before + calibration_ms()) / 2
            loops.append(loop)
            for name, us in passes.items():
                least, greatest = ISSUE_US[name]
                low.append(loop * least / us)
                middle.append(loop * (least + greatest) / 2 / us)
                high.append(loop * greatest / us)
    return IssueSpeed(statistics.median(middle), statistics.median(low), statistics.median(high), loops)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ref", default="a29e2a0", help="the code the issue measured")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    speed = measure(args.ref, args.runs, args.games)
    loops = speed.loops
    print(f"{args.ref} against the calibration loop: {args.runs} runs, {args.games} games a preset, {PLAYERS} players")
    print(f"the loop now: {statistics.median(loops):.1f} ms (least {min(loops):.1f}, greatest {max(loops):.1f})")
    print(
        f"the loop at the issue's speed: {speed.middle:.1f} ms "
        f"(from the issue's low figures {speed.low:.1f}, from its high ones {speed.high:.1f})"
    )


if __name__ == "__main__":
    main()
