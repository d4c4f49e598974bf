"""What every part of the command line shares: the program's name, the exit statuses, the errors.

Also the parser class that reports instead of exiting, and the argument
types for whole numbers (``--seed``, ``--players``, ``--seat``, counts of at least 1).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Final, NoReturn

from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_STOPPED",
    "EXIT_USAGE",
    "PROG",
    "Handler",
    "UsageError",
]

PROG: Final = "commerce-rules"
"""The program's name in messages (the installed script's name)."""
EXIT_OK: Final = 0
"""The exit status of a command that did its work."""
EXIT_USAGE: Final = 2
"""The exit status of wrong input, as for argparse's own usage errors."""
EXIT_STOPPED: Final = 1
"""The exit status of a demo stopped by its safety limit (a bot that never lets a deal end)."""
EXIT_INTERRUPTED: Final = 130
"""The exit status of a simulation stopped by Ctrl-C (SIGINT): 128 + 2, as a shell reports a program the signal ended."""

Handler = Callable[[argparse.Namespace], int]
"""What a subcommand is: the parsed arguments in, the exit status out."""


class UsageError(Exception):
    """Wrong command-line input, reported as one line on the standard error with exit status 2."""


class _Exit(Exception):
    """argparse finished on its own (``--help``, ``--version``): stop with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that reports instead of exiting, so :func:`main` can return the status."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self._print_message(message, sys.stderr)
        raise _Exit(status)


# --------------------------------------------------------------------------- whole numbers


def _positive(text: str) -> int:
    value = _seed(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value}")
    return value


def _players(text: str) -> int:
    try:
        players = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of players, not {text!r}") from None
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return players


def _seat(text: str) -> int:
    """``--seat``: a seat's number; whether the table has that seat is checked once ``--players`` is known."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seat number, 0 for the first seat, not {text!r}") from None


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
