"""``record=``: the decisions of simulated matches as JSON Lines, for imitation learning.

:func:`~commerce_rules.simulate` and :func:`~commerce_rules.tournament` take
``record=`` (a path or a writable text file) and write one JSON object per
line, UTF-8, in match order (the same file whatever the executor):

* a **decision** line for each action of a recorded seat::

    {"match": 7, "seat": 2, "observation": {...}, "action": {...}}

  ``match`` numbers the matches of the run from 0 (a tournament numbers deal
  ``d``'s seating ``r`` as ``d * players + r``); ``seat`` is the deciding
  seat; ``observation`` is the document of :func:`~commerce_rules.observation_to_json`
  of what that seat saw -- or, with ``record_tensor=True``, ``tensor``, the
  list of floats of :func:`~commerce_rules.observation_tensor` instead; and
  ``action`` is the document of :func:`~commerce_rules.action_to_json`.
* after a match's decisions, its **end** line::

    {"match": 7, "seed": 123, "seating": ["GreedyBot", ...], "returns": [...], "winners": [0]}

  ``seed`` is the seed the match was dealt from (:func:`~commerce_rules.new_game`),
  ``seating`` the bot at each seat, ``returns`` :func:`~commerce_rules.returns`
  per seat and ``winners`` the winning seats.

A decision line holds only what its seat's observation holds: it is built
from the :class:`~commerce_rules.Observation` the bot was given, never from
the state. The match's seed is on the end line alone, as it reproduces the
whole deal, every hidden card included: a learner must not read it as input.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO, Union

import attrs

from ..core.actions import Action
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.observation import Observation
from ..learning.returns import returns
from ..core.quoting import shown
from ..serialize import action_to_json, observation_to_json
from ..core.state import GameState
from ..learning.tensor import observation_tensor

__all__ = ["MatchTrace", "RecordOptions", "RecordSink", "RecordTarget", "bot_label", "open_record", "record_options"]

RecordTarget = Union[str, "os.PathLike[str]", TextIO]
"""Where ``record=`` writes: a path, or a text file open for writing."""


@attrs.frozen
class RecordOptions:
    """Which seats' decisions a record holds (``None``: every seat), and whether as tensors."""

    seats: frozenset[int] | None
    tensor: bool


def record_options(seats: Iterable[int] | None, tensor: bool, players: int) -> RecordOptions:
    """Checked ``record_seats`` and ``record_tensor`` arguments, for a table of ``players``."""
    if not isinstance(tensor, bool):
        raise ArgumentTypeError(f"record_tensor must be True or False, not {shown(tensor)}")
    if seats is None:
        return RecordOptions(None, tensor)
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ArgumentTypeError(f"record_seats must be a list of seats, or None, not {type(seats).__name__}")
    chosen = list(seats)
    for seat in chosen:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise CommerceError(f"record_seats holds {shown(seat)}, not a seat from 0 to {players - 1}")
    return RecordOptions(frozenset(chosen), tensor)


def bot_label(spec: object) -> str:
    """A short name for a bot spec, for tables and records: ``GreedyBot``, ``SearchBot(rollouts=8)``."""
    if isinstance(spec, functools.partial):
        arguments = [repr(a) for a in spec.args] + [f"{k}={v!r}" for k, v in spec.keywords.items()]
        return f"{bot_label(spec.func)}({', '.join(arguments)})"
    if isinstance(spec, type):
        return spec.__name__
    if callable(getattr(spec, "choose", None)):
        return type(spec).__name__
    name = getattr(spec, "__name__", None)
    return name if isinstance(name, str) else type(spec).__name__


class MatchTrace:
    """One match as the record sees it: its lines (if recording) and, once over, its returns and winners.

    :func:`~commerce_rules.simulate`'s game loop calls :meth:`step` with each
    decision's observation and action and :meth:`end` with the final state;
    with ``options=None`` nothing is written and only the outcome is kept.
    """

    __slots__ = ("_options", "_match", "seed", "seating", "lines", "returns", "winners")

    def __init__(self, options: RecordOptions | None, match: int, seed: int, seating: tuple[str, ...]) -> None:
        self._options = options
        self._match = match
        self.seed = seed
        self.seating = seating
        self.lines: list[str] = []
        self.returns: tuple[float, ...] = ()
        self.winners: tuple[int, ...] = ()

    def step(self, observation: Observation, action: Action) -> None:
        """Record one decision from what the deciding seat observed."""
        options = self._options
        if options is None or (options.seats is not None and observation.player not in options.seats):
            return
        if options.tensor:
            view = f'"tensor": {json.dumps(observation_tensor(observation))}'
        else:
            view = f'"observation": {observation_to_json(observation)}'
        # Spliced, not re-encoded: both documents are one-line JSON objects already.
        self.lines.append(
            f'{{"match": {self._match}, "seat": {observation.player}, {view}, "action": {action_to_json(action)}}}'
        )

    def end(self, state: GameState) -> None:
        """Keep the match's outcome, and write its end line when recording."""
        self.returns = returns(state)
        self.winners = state.winners
        if self._options is not None:
            line = {
                "match": self._match,
                "seed": self.seed,
                "seating": list(self.seating),
                "returns": list(self.returns),
                "winners": list(self.winners),
            }
            self.lines.append(json.dumps(line, ensure_ascii=False))


class RecordSink:
    """Writes the chunks' lines in match order, whatever order the chunks finish in.

    A chunk finished ahead of an earlier one waits here until that one is
    written: the file is the same on every executor.
    """

    def __init__(self, file: TextIO) -> None:
        self._file = file
        self._next = 0
        self._waiting: dict[int, tuple[int, list[str]]] = {}

    def put(self, start: int, stop: int, lines: list[str]) -> None:
        """Take the lines of the chunk of units ``start`` to ``stop - 1``."""
        self._waiting[start] = (stop, lines)
        while self._next in self._waiting:
            stop, ready = self._waiting.pop(self._next)
            for line in ready:
                self._file.write(line)
                self._file.write("\n")
            self._next = stop


@contextlib.contextmanager
def open_record(target: RecordTarget) -> Iterator[RecordSink]:
    """A sink writing to ``target`` for the duration of a ``with`` block.

    A path is written through a temporary file in the same folder, renamed
    to the path when the block ends normally and removed otherwise, so the
    path never holds half a run. A file object is written as the lines
    arrive (and left open): after an error it holds the matches finished
    before it, whole lines only.
    """
    if isinstance(target, (str, os.PathLike)):
        path = os.fspath(target)
        if not isinstance(path, str):
            raise ArgumentTypeError(f"record must be a text path or a text file, not {shown(target)}")
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise CommerceError(f"cannot write the record to {shown(path)}: it is a folder")
        try:
            descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
        except OSError as error:
            raise CommerceError(f"cannot write the record to {shown(path)}: {error.strerror or error}") from None
        try:
            with open(descriptor, "w", encoding="utf-8", newline="\n") as file:
                yield RecordSink(file)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(temporary)
            raise
        return
    write: Callable[[str], object] | None = getattr(target, "write", None)
    if not callable(write) or isinstance(target, (io.RawIOBase, io.BufferedIOBase)):
        raise ArgumentTypeError(f"record must be a path or a text file open for writing, not {type(target).__name__}")
    yield RecordSink(target)
