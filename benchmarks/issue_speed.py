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
timed beside it. This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from bench_replay import calibration_ms
from compare_versions import baseline, one_pass, record

ISSUE_US = {"foster": (20.0, 22.0), "crp": (19.0, 21.0), "pounce": (24.0, 26.0)}
"""What the issue measured for ``a29e2a0``: µs per ``apply`` at 6 players, least and greatest."""
PLAYERS = 6


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ref", default="a29e2a0", help="the code the issue measured")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as into:
        old = baseline(args.ref, Path(into))
        games = {name: record(old, old.PRESETS[name], PLAYERS, args.games, 7) for name in ISSUE_US}
        loops: list[float] = []
        low: list[float] = []
        middle: list[float] = []
        high: list[float] = []
        for _ in range(args.runs):
            before = calibration_ms()
            passes = {name: one_pass(old, old.PRESETS[name], PLAYERS, recorded) for name, recorded in games.items()}
            loop = (before + calibration_ms()) / 2
            loops.append(loop)
            for name, us in passes.items():
                least, greatest = ISSUE_US[name]
                low.append(loop * least / us)
                middle.append(loop * (least + greatest) / 2 / us)
                high.append(loop * greatest / us)
    print(f"{args.ref} against the calibration loop: {args.runs} runs, {args.games} games a preset, {PLAYERS} players")
    print(f"the loop now: {statistics.median(loops):.1f} ms (least {min(loops):.1f}, greatest {max(loops):.1f})")
    print(
        f"the loop at the issue's speed: {statistics.median(middle):.1f} ms "
        f"(from the issue's low figures {statistics.median(low):.1f}, from its high ones {statistics.median(high):.1f})"
    )


if __name__ == "__main__":
    main()
