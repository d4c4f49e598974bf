"""The command line: ``commerce-rules`` (and ``python -m commerce_rules``).

Subcommands:

* ``rank HAND``: a hand's category and description under a variant;
* ``compare HAND HAND...``: which hand wins, and by which rule;
* ``demo``: a match between bots, narrated move by move;
* ``play``: a match in the terminal, you against bots;
* ``simulate``: many matches between bots, with statistics.

:func:`main` is the entry point; it returns the exit status instead of
exiting, so that it can be called from Python and from tests. Wrong input
(an unknown variant or option, unreadable cards, a hand the variant cannot
rank, an impossible number of players) prints one line on the standard
error and returns 2; it never shows a traceback. Ctrl-C stops ``simulate``
at once with one line on the standard error and status 130.

This package's ``__init__`` builds the parser and runs it; the subcommands
live in their modules (``rank`` for ``rank`` and ``compare``, ``demo``,
``play``, ``simulate``), over ``arguments`` (the arguments they share) and
``common`` (the program's name, the exit statuses, the errors, the
whole-number argument types). Every name is importable from here.

Adding a subcommand is one function and one parser entry: write
``cmd_NAME(args) -> int`` in its module and register it in
:func:`build_parser` with :func:`_command`, listing the parents it shares
(:data:`RULES_PARENT` gives ``--variant`` and ``--option``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from .. import __version__
from ..core.errors import CommerceError
from ..core.rules import PRESETS
from .arguments import RULES_PARENT as RULES_PARENT
from .arguments import _match_arguments
from .arguments import parse_option as parse_option
from .arguments import rules_from_args as rules_from_args
from .colour import COLOUR_PARENT, coloured_stdout
from .common import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from .common import EXIT_OK as EXIT_OK
from .common import EXIT_STOPPED as EXIT_STOPPED
from .common import EXIT_USAGE as EXIT_USAGE
from .common import PROG as PROG
from .common import Handler as Handler
from .common import UsageError as UsageError
from .common import _Exit, _Parser, _positive, _seat, _seed
from .demo import DEMO_ACTION_LIMIT as DEMO_ACTION_LIMIT
from .demo import cmd_demo as cmd_demo
from .demo import demo_bots as demo_bots
from .play import cmd_play as cmd_play
from .rank import cmd_compare as cmd_compare
from .rank import cmd_rank as cmd_rank
from .simulate import BOT_FACTORIES as BOT_FACTORIES
from .simulate import ProgressBar as ProgressBar
from .simulate import _bot_names
from .simulate import cmd_simulate as cmd_simulate
from .simulate import results_table as results_table

__all__ = [
    "DEMO_ACTION_LIMIT",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_STOPPED",
    "EXIT_USAGE",
    "RULES_PARENT",
    "UsageError",
    "build_parser",
    "cmd_compare",
    "cmd_demo",
    "cmd_play",
    "cmd_simulate",
    "cmd_rank",
    "demo_bots",
    "main",
    "parse_option",
    "rules_from_args",
]


# --------------------------------------------------------------------------- the parser


def _command(
    subparsers: Any,
    name: str,
    handler: Handler,
    summary: str,
    parents: Sequence[argparse.ArgumentParser] = (),
    description: str | None = None,
    epilog: str | None = None,
) -> argparse.ArgumentParser:
    """Register subcommand ``name``, run by ``handler``; returns its parser for its own arguments."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name,
        help=summary,
        description=description or summary,
        epilog=epilog,
        parents=list(parents),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=handler)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The ``commerce-rules`` argument parser with every subcommand."""
    parser = _Parser(
        prog=PROG,
        description="The rules of Commerce and its family: rank and compare hands, watch bots play, play against them, simulate many matches.",
        epilog=f"Variants: {', '.join(PRESETS)}. See '{PROG} COMMAND --help' for a command's arguments.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    rank = _command(
        subparsers,
        "rank",
        cmd_rank,
        "a hand's category and description under a variant",
        parents=[RULES_PARENT, COLOUR_PARENT],
        epilog='example: commerce-rules rank "Q♠ K♠ A♠"  →  sequence Q-K-A of spades',
    )
    rank.add_argument("hand", nargs="+", help='the hand, e.g. "Q♠ K♠ A♠" or Qs Ks As')

    compare = _command(
        subparsers,
        "compare",
        cmd_compare,
        "which of two or more hands wins under a variant, and by which rule",
        parents=[RULES_PARENT, COLOUR_PARENT],
        epilog='example: commerce-rules compare "A♠ K♠ Q♠" "2♥ 2♦ 2♣" --variant crp',
    )
    compare.add_argument("hands", nargs="+", metavar="HAND", help='a quoted hand, e.g. "A♠ K♠ Q♠" (two or more)')

    demo = _command(
        subparsers,
        "demo",
        cmd_demo,
        "a match between bots, narrated move by move",
        parents=[RULES_PARENT, COLOUR_PARENT],
    )
    _match_arguments(demo, "how many bots play")
    play = _command(
        subparsers,
        "play",
        cmd_play,
        "play a match in the terminal against bots, choosing your moves by number or in words",
        parents=[RULES_PARENT, COLOUR_PARENT],
    )
    _match_arguments(play, "how many players, you included")
    play.add_argument("--seat", type=_seat, default=0, metavar="K", help="your seat (default: 0)")
    sim = _command(
        subparsers,
        "simulate",
        cmd_simulate,
        "many matches between bots, with win rates and confidence intervals",
        parents=[RULES_PARENT],
        epilog="example: commerce-rules simulate --variant crp --bots search,greedy,random --games 200",
    )
    sim.add_argument(
        "--bots",
        type=_bot_names,
        required=True,
        metavar="B,B,B",
        help=f"one bot per seat, separated by commas: {', '.join(BOT_FACTORIES)}",
    )
    sim.add_argument("--games", type=_positive, default=100, metavar="N", help="how many matches (default: 100)")
    sim.add_argument("--seed", type=_seed, default=None, metavar="S", help="the simulation's seed (default: random, printed)")
    sim.add_argument(
        "--workers",
        type=_positive,
        default=os.cpu_count() or 1,
        metavar="W",
        help="worker processes (default: one per core). The results do not depend on it.",
    )
    sim.add_argument(
        "--rollouts", type=_positive, default=200, metavar="R", help="the search bot's imagined deals per decision (default: 200)"
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on the standard error: games done, games per second, time left (default: when it is a terminal)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    >>> main(["rank", "Q♠ K♠ A♠"])
    sequence Q-K-A of spades
    0
    """
    parser = build_parser()
    _tolerate_narrow_encodings()
    command: str | None = None
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
        command = args.command
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:
            commands = ", ".join(_command_names(parser))
            raise UsageError(f"{PROG}: error: no command given; choose one of {commands} (see '{PROG} --help')")
        with coloured_stdout(getattr(args, "color", "never")):
            return handler(args)
    except _Exit as done:
        return done.status
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    except CommerceError as error:
        where = f"{PROG} {command}" if command else PROG
        print(f"{where}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # piped into a program that stopped reading (| head): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
            pass
        return EXIT_STOPPED


def _command_names(parser: argparse.ArgumentParser) -> list[str]:
    """The subcommands registered in ``parser``, in order (for the message when none is given)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []  # pragma: no cover - build_parser always adds subcommands


_SYMBOLS: Final = "♣♦♥♠—½→"
"""The non-ASCII characters the commands print."""


def _tolerate_narrow_encodings() -> None:
    """On a console or pipe that cannot encode the suit symbols, print ``?`` rather than fail.

    Only a real text stream that cannot encode them is changed; a UTF-8
    terminal (or a test's capture) is left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            _SYMBOLS.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            reconfigure: Callable[..., None] | None = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")
