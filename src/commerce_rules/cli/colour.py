"""Red hearts and diamonds in the terminal: ``--color auto|always|never``.

The commands write plain text; when colour is wanted, :func:`coloured_stdout`
puts a :class:`ColourWriter` in front of the standard output for the
command's run, which wraps every heart or diamond card (``K♥``, ``10♦``,
a lone ``♥``) in the ANSI codes for red. Clubs and spades keep the
terminal's own colour, which is readable on light and dark terminals alike.

``auto`` (the default) colours only a terminal, and never when the
``NO_COLOR`` environment variable is set to anything but the empty string
(https://no-color.org): a pipe, a file or a test's capture gets plain text.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator, Mapping
from typing import Final, TextIO

from .common import _Parser

__all__ = ["COLOUR_PARENT", "COLOUR_CHOICES", "ColourWriter", "colour_wanted", "coloured_stdout", "red_suits"]

COLOUR_CHOICES: Final = ("auto", "always", "never")
RED: Final = "\x1b[31m"
"""The ANSI code that starts red text."""
RESET: Final = "\x1b[0m"
"""The ANSI code that ends it."""
_RED_CARD: Final = re.compile(r"(?:10|[2-9TJQKA])?[♥♦]")


def red_suits(text: str) -> str:
    """``text`` with each heart and diamond card (or lone symbol) in red.

    >>> red_suits("A♠ K♥ 10♦") == "A♠ \\x1b[31mK♥\\x1b[0m \\x1b[31m10♦\\x1b[0m"
    True
    """
    return _RED_CARD.sub(lambda match: f"{RED}{match.group(0)}{RESET}", text)


def colour_wanted(choice: str, stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour ``stream``: ``always``, ``never``, or (``auto``) a terminal without ``NO_COLOR``."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR", ""):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream
        return False


class ColourWriter(io.TextIOBase):
    """A text stream that writes to ``target`` with the red suits coloured (:func:`red_suits`)."""

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self._target = target

    def write(self, text: str) -> int:
        self._target.write(red_suits(text))
        return len(text)

    def flush(self) -> None:
        self._target.flush()

    def isatty(self) -> bool:
        return self._target.isatty()

    def fileno(self) -> int:
        return self._target.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._target, "encoding", None) or "utf-8"

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def coloured_stdout(choice: str) -> Iterator[None]:
    """Colour the standard output while the block runs, if :func:`colour_wanted` says so."""
    if not colour_wanted(choice, sys.stdout):
        yield
        return
    with contextlib.redirect_stdout(ColourWriter(sys.stdout)):
        yield


def _colour_parent() -> argparse.ArgumentParser:
    parent = _Parser(add_help=False)
    parent.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=COLOUR_CHOICES,
        default="auto",
        help="red hearts and diamonds: auto (the default: on a terminal, unless NO_COLOR is set), always or never",
    )
    return parent


COLOUR_PARENT: Final = _colour_parent()
"""The ``--color`` argument, shared by the commands that print cards."""
