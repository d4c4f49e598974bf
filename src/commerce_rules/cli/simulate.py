"""The ``simulate`` subcommand: many matches between bots, a progress bar, and a table of the results."""

from __future__ import annotations

import argparse
import contextlib
import functools
import secrets
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Final, TextIO

from ..bots import Bot, GreedyBot, RandomBot, SearchBot
from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS
from ..simulation.chunks import worker_processes
from ..simulation.runs import SimulationResult, simulate
from ..parts.words import plural
from .arguments import _check_playable, _variant_text, rules_from_args
from .common import EXIT_INTERRUPTED, EXIT_OK, PROG

__all__ = ["BOT_FACTORIES", "ProgressBar", "cmd_simulate", "results_table"]

BOT_FACTORIES: Final[dict[str, Callable[..., Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}
"""The bots ``simulate --bots`` knows, by name."""


def _bot_names(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOT_FACTORIES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r}; the bots are {', '.join(BOT_FACTORIES)}")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"give one bot per seat, {MIN_PLAYERS} to {MAX_PLAYERS} of them (e.g. random,greedy,greedy), not {len(names)}"
        )
    return names


class ProgressBar:
    """A one-line progress bar on a text stream, redrawn in place: games done, their rate, the time left.

    ``[#########---------------------] 120/400 games  3.1 games/s  ETA 1:30``

    Use it as a context manager. Entering draws it at 0 at once and, unless
    ``interval`` is ``None``, starts a background thread that redraws it
    every ``interval`` seconds, so that the rate and the time left stay
    current while no game ends; calling it with the number of games done
    moves it; leaving draws it a last time and ends the line. The rate is
    the mean since the start (``--`` until a game is done), the time left
    the games still to play at that rate; once all are done, the time taken.
    """

    def __init__(
        self,
        total: int,
        stream: TextIO,
        width: int = 30,
        *,
        interval: float | None = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.interval = interval
        self.clock = clock
        self.done = 0
        self._start = clock()
        self._drawn = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def line(self) -> str:
        """The bar as it stands, without the carriage return."""
        done, elapsed = self.done, max(0.0, self.clock() - self._start)
        filled = self.width * done // self.total
        text = f"[{'#' * filled}{'-' * (self.width - filled)}] {done}/{plural(self.total, 'game')}"
        rate = done / elapsed if done and elapsed > 0 else None
        text += f"  {_rate_text(rate)} games/s"
        if done >= self.total:
            return f"{text}  in {_duration_text(elapsed)}"
        return f"{text}  ETA {'--' if rate is None else _duration_text((self.total - done) / rate)}"

    def draw(self) -> None:
        """Redraw the bar in place (padded so that no longer earlier text is left behind)."""
        with self._lock:
            text = self.line()
            self.stream.write(f"\r{text}{' ' * (self._drawn - len(text))}")
            self._drawn = len(text)
            self.stream.flush()

    def __call__(self, done: int) -> None:
        self.done = done
        self.draw()

    def __enter__(self) -> ProgressBar:
        self._start = self.clock()
        self.draw()
        if self.interval is not None:
            self._ticker = threading.Thread(target=self._tick, args=(self.interval,), name="progress bar", daemon=True)
            self._ticker.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        self.draw()
        with self._lock:
            self.stream.write("\n")
            self.stream.flush()

    def _tick(self, interval: float) -> None:
        while not self._stop.wait(interval):
            try:
                self.draw()
            except (OSError, ValueError):  # the stream was closed: stop redrawing, quietly
                return


def _rate_text(rate: float | None) -> str:
    if rate is None:
        return "--"
    return f"{rate:.1f}" if rate < 100 else f"{rate:.0f}"


def _duration_text(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def results_table(result: SimulationResult, names: Sequence[str]) -> list[str]:
    """The per-seat results of ``simulate`` as aligned text rows, 95% confidence intervals in brackets."""
    header = ["seat", "bot", "wins", "win rate [95% CI]"]
    if result.mean_balance is not None:
        header.append("mean balance [95% CI]")
    if result.survival_rate is not None:
        header.append("mean lives left [95% CI]")
    rows = [header]
    for seat, name in enumerate(names):
        row = [str(seat), name, str(result.wins[seat]), str(result.win_rate[seat])]
        if result.mean_balance is not None:
            row.append(str(result.mean_balance[seat]))
        if result.mean_lives is not None:
            row.append(str(result.mean_lives[seat]))
        rows.append(row)
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.append("")
    lines.append(f"deals per match: {result.deals}")
    lines.append(f"actions per deal: {result.turns_per_deal}")
    return lines


def cmd_simulate(args: argparse.Namespace) -> int:
    """``simulate``: many matches between the named bots, one per seat, and a table of the results."""
    rules = rules_from_args(args)
    _check_playable(rules, args.variant)
    names: list[str] = args.bots
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    bots: list[Callable[..., Bot]] = [
        functools.partial(SearchBot, args.rollouts) if name == "search" else BOT_FACTORIES[name] for name in names
    ]
    show_progress = args.progress if args.progress is not None else sys.stderr.isatty()
    bar = ProgressBar(args.games, sys.stderr) if show_progress else None
    print(f"Commerce, {_variant_text(args)}: {plural(args.games, 'match')} of {', '.join(names)}, seed {seed}.")
    played = 0

    def count(done: int) -> None:
        nonlocal played
        played = done
        if bar is not None:
            bar(done)

    try:
        # On Ctrl-C the bar is ended first, then the workers are terminated (the pool's exit).
        with worker_processes(args.workers) as pool, bar or contextlib.nullcontext():
            result = simulate(rules, bots, args.games, seed, pool, progress=count, workers=args.workers)
    except KeyboardInterrupt:
        print(f"{PROG} simulate: interrupted: {played} of {plural(args.games, 'game')} played", file=sys.stderr)
        return EXIT_INTERRUPTED
    print()
    for line in results_table(result, names):
        print(line)
    return EXIT_OK
