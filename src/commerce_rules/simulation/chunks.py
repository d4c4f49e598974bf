"""Many matches played in chunks on an executor: the one loop behind :func:`~commerce_rules.simulate` and
:func:`~commerce_rules.tournament`.

A chunk is a run of consecutive games sent to a worker as one task. The
chunks' size never changes a result (each game is played from its own seed),
only how often progress is seen and how evenly the workers are loaded. A
pool started for a call leaves Ctrl-C to the calling process, which cancels
the work and ends the workers.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from typing import Final, TypeVar

from ..engine.deal import MAX_SEED
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.quoting import shown

__all__ = ["MAX_GAMES", "Chunks", "check_run", "run_chunks", "worker_processes"]

_MAX_CHUNK: Final = 100
"""The most games in one chunk when :func:`simulate` chooses the size."""
_CHUNK_SECONDS: Final = 0.25
"""The play time a chunk aims at, once the time per game is known: short enough for the progress to move."""
_IN_FLIGHT_PER_WORKER: Final = 2
"""Chunks submitted ahead per worker of a standard pool: one running, one queued behind it."""
R = TypeVar("R")

_POLL_SECONDS: Final = 0.25
"""The longest :func:`simulate` waits for a chunk at a time: Ctrl-C is seen soon even where it cannot cut a wait short (Windows)."""


MAX_GAMES: Final = 10**9
"""The most games one call plays (a year of play at thirty games a second: a larger run would never end)."""


class Chunks:
    """Which games the next chunk holds: every game once, in order, in chunks of ``size`` games or timed ones.

    With ``size=None`` the first chunks hold one game each; once chunks have
    come back, each holds about :data:`_CHUNK_SECONDS` of play at the mean
    time per game measured so far, from 1 to :data:`_MAX_CHUNK` games. How the
    games are split never changes the result, only how often progress is seen
    and how evenly the workers are loaded.
    """

    def __init__(self, games: int, size: int | None) -> None:
        self.games = games
        self.size = size
        self.next = 0
        self._played = 0
        self._seconds = 0.0

    def __bool__(self) -> bool:
        return self.next < self.games

    def take(self) -> tuple[int, int]:
        """The bounds ``(start, stop)`` of the next chunk."""
        size = self.size
        if size is None:
            size = 1 if self._played == 0 or self._seconds <= 0 else round(_CHUNK_SECONDS * self._played / self._seconds)
            size = max(1, min(_MAX_CHUNK, size))
        start, self.next = self.next, min(self.games, self.next + size)
        return start, self.next

    def timed(self, games: int, seconds: float) -> None:
        """Record that a chunk of ``games`` games took ``seconds`` to play."""
        self._played += games
        self._seconds += seconds


def _ignore_sigint() -> None:
    """A worker process's initializer: Ctrl-C is for the parent, which cancels the work and ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting: cancel what has not started, terminate the workers mid-chunk."""
    terminate: Callable[[], None] | None = getattr(pool, "terminate_workers", None)
    if terminate is not None:  # Python 3.14 and later: shuts down, then terminates every live worker
        terminate()
        return
    # Before 3.14 a ProcessPoolExecutor has no public way to end its workers: its private
    # ``_processes`` (pid -> multiprocessing.Process) is the only handle on them, and
    # shutdown() drops it, so it is read first. Without it, the pool is still shut down
    # without waiting, and each worker stops once its current chunk is played.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


@contextlib.contextmanager
def worker_processes(workers: int) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A pool of ``workers`` processes that leave Ctrl-C to this one, for the duration of a ``with`` block.

    Leaving the block normally waits for the work submitted; an exception
    cancels the work not started and waits for the chunks running; a
    ``KeyboardInterrupt`` (or any other exception that is not an
    :class:`Exception`) terminates the workers at once, mid-chunk.
    """
    pool = concurrent.futures.ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    try:
        yield pool
    except Exception:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    except BaseException:
        _end_workers(pool)
        raise
    pool.shutdown(wait=True)


def check_run(
    games: object, seed: object, executor: object, progress: object, workers: object, done: str
) -> int:
    """Refuse a bad ``games``, ``seed``, ``executor``, ``progress`` (a function of the ``done``) or
    ``workers``, shared by :func:`simulate` and :func:`~commerce_rules.tournament`; the workers to use."""
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise CommerceError(f"games must be a whole number from 1 to 10**9, not {shown(games)}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise CommerceError(f"seed must be a whole number from 0 to 2**128 - 1, not {shown(seed)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError(f"executor must be a concurrent.futures.Executor or None, not {type(executor).__name__}")
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress must be a function of the {done}, or None, not {type(progress).__name__}")
    if workers is None:
        return os.cpu_count() or 1
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise CommerceError(f"workers must be a whole number of at least 1, or None, not {shown(workers)}")
    return workers


def run_chunks(
    executor: concurrent.futures.Executor | None,
    workers: int,
    chunks: Chunks,
    progress: Callable[[int], object] | None,
    task: Callable[..., tuple[R, float]],
    head: tuple[object, ...],
    tail: tuple[object, ...],
    collect: Callable[[int, int, R], object],
) -> None:
    """Play every chunk as ``task(*head, start, stop, *tail)`` on ``executor`` (or a pool of ``workers``
    processes started for the call), and give each chunk's result to ``collect(start, stop, result)``.

    The one loop behind :func:`simulate` and :func:`~commerce_rules.tournament`:
    at most two chunks per worker are in flight, chunks finished together are
    collected in game order, ``progress`` gets the units done. Any exception
    while waiting (Ctrl-C's ``KeyboardInterrupt``, a chunk's error) cancels
    the chunks not yet started before it propagates.
    """
    pool = contextlib.nullcontext(executor) if executor is not None else worker_processes(workers)
    in_flight = _IN_FLIGHT_PER_WORKER * workers
    pending: dict[concurrent.futures.Future[tuple[R, float]], tuple[int, int]] = {}
    done = 0
    with pool as runner:
        try:
            while chunks or pending:
                while chunks and len(pending) < in_flight:
                    start, stop = chunks.take()
                    pending[runner.submit(task, *head, start, stop, *tail)] = (start, stop)
                finished, _ = concurrent.futures.wait(
                    pending, timeout=_POLL_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED
                )
                for future in sorted(finished, key=pending.__getitem__):
                    start, stop = pending.pop(future)
                    result, seconds = future.result()
                    chunks.timed(stop - start, seconds)
                    collect(start, stop, result)
                    done += stop - start
                    if progress is not None:
                        progress(done)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
