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

Adding a subcommand is one function and one parser entry: write
``cmd_NAME(args) -> int`` and register it in :func:`build_parser` with
:func:`_command`, listing the parents it shares (:data:`RULES_PARENT` gives
``--variant`` and ``--option``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import secrets
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Final, NoReturn, TextIO

from . import __version__
from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .cards import Card, parse_cards
from .deal import MAX_PLAYERS, MIN_PLAYERS, new_game
from .engine import apply, legal_actions
from .errors import CommerceError
from .narrate import cards_text, compare_values, describe_deal_start, narrate_step
from .observe import observe
from .ranking import HandValue, evaluate
from .rules import PRESETS, Rules
from .simulate import SimulationResult, _worker_processes, simulate
from .variant import variant_of
from .terminal import Abandoned, play_match

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
DEMO_ACTION_LIMIT: Final = 20_000
"""The most actions a demo plays before it gives up (the rules end every deal long before with sensible bots)."""

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


# --------------------------------------------------------------------------- shared arguments


def parse_option(text: str) -> tuple[str, Any]:
    """Read one ``--option NAME=VALUE``: the value as an int, a bool, ``None`` or else the text itself.

    ``true``/``false`` (any case) are booleans, ``none`` is ``None`` (as for
    ``turn_limit``), whole numbers are ints; anything else stays text (as for
    ``barter_direction=right``). Whether the option exists and accepts the
    value is for :meth:`Rules.replace <commerce_rules.Rules.replace>` to say.

    >>> parse_option("starting_lives=5"), parse_option("ace_low=TRUE"), parse_option("barter_direction=right")
    (('starting_lives', 5), ('ace_low', True), ('barter_direction', 'right'))
    >>> parse_option("turn_limit=none")
    ('turn_limit', None)
    """
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, such as starting_lives=5, not {text!r}")
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    if lowered == "none":
        return name, None
    try:
        return name, int(raw)
    except ValueError:
        return name, raw


def _variant_name(text: str) -> str:
    return text.strip().lower()


def _rules_parent() -> argparse.ArgumentParser:
    parent = _Parser(add_help=False)
    group = parent.add_argument_group("rules")
    group.add_argument(
        "--variant",
        "--rules",
        dest="variant",
        type=_variant_name,
        choices=list(PRESETS),
        default="foster",
        metavar="NAME",
        help=f"the preset to play or rank under: {', '.join(PRESETS)} (default: foster)",
    )
    group.add_argument(
        "--option",
        dest="options",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one rules option of the preset, e.g. starting_lives=5 or ace_low=true (repeatable)",
    )
    return parent


RULES_PARENT: Final = _rules_parent()
"""The arguments shared by every subcommand that depends on the rules: ``--variant`` and ``--option``."""


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The preset named by ``--variant`` with every ``--option`` applied (a :class:`RulesError` if wrong)."""
    options = dict(args.options)
    rules = PRESETS[args.variant]
    return rules.replace(**options) if options else rules


def _variant_text(args: argparse.Namespace) -> str:
    """``crp``, or ``crp (starting_lives=5)`` when options were given."""
    if not args.options:
        return str(args.variant)
    options = ", ".join(f"{name}={value}" for name, value in args.options)
    return f"{args.variant} ({options})"


def _hand_value(text: str, rules: Rules, what: str) -> tuple[tuple[Card, ...], HandValue]:
    try:
        cards = parse_cards(text)
        return cards, evaluate(cards, rules)
    except CommerceError as error:
        raise CommerceError(f"{what}: {error}") from None


# --------------------------------------------------------------------------- rank


def cmd_rank(args: argparse.Namespace) -> int:
    """``rank HAND``: print ``category: description`` of the hand under the variant.

    The hand may be one quoted argument or several (``rank Qs Ks As``).
    """
    rules = rules_from_args(args)
    _, value = _hand_value(" ".join(args.hand), rules, "the hand")
    print(f"{value.category}: {value}")
    return EXIT_OK


# --------------------------------------------------------------------------- compare

_ORDINALS: Final = (
    "first", "second", "third", "fourth", "fifth", "sixth",
    "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
)  # fmt: skip


def _ordinal(index: int) -> str:
    """``"first"`` for index 0 ... ``"twelfth"``, then ``"13th"``, ``"21st"``..."""
    if index < len(_ORDINALS):
        return _ORDINALS[index]
    number = index + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _hand_name(index: int) -> str:
    return f"{_ordinal(index)} hand"


def cmd_compare(args: argparse.Namespace) -> int:
    """``compare HAND HAND...``: rank each hand, then say which wins and by which rule, or that they tie.

    Hands are compared as at a showdown but without the tie-break by seat:
    equal hands are reported as a tie. Each hand is ranked on its own, so
    two hands may share cards.
    """
    rules = rules_from_args(args)
    if len(args.hands) < 2:
        raise UsageError(f"{PROG} compare: error: give at least two hands to compare (see '{PROG} compare --help')")
    hands = [_hand_value(text, rules, _hand_name(i)) for i, text in enumerate(args.hands)]
    width = max(len(_hand_name(i)) for i in range(len(hands))) + 1
    for i, (cards, value) in enumerate(hands):
        print(f"{_hand_name(i) + ':':<{width}} {cards_text(cards)} — {value}")
    values = [value for _, value in hands]
    best = max(values)
    top = [i for i, value in enumerate(values) if value == best]
    variant = _variant_text(args)
    if len(top) > 1:
        if len(top) == len(values) == 2:
            print(f"tie: the hands are equal under {variant}")
        else:
            names = [_ordinal(i) for i in top]
            listed = ", ".join(names[:-1]) + " and " + names[-1]
            print(f"tie: the {listed} hands are equal under {variant}, the best of these")
        return EXIT_OK
    winner = top[0]
    rest = [i for i in range(len(values)) if i != winner]
    runner_up = max(rest, key=lambda i: values[i])
    _, reason = compare_values(values[winner], values[runner_up], rules)
    against = f" (over the {_hand_name(runner_up)}, the next best)" if len(values) > 2 else ""
    print(f"{_hand_name(winner)} wins: {reason}{against}")
    return EXIT_OK


# --------------------------------------------------------------------------- demo


def demo_bots(players: int) -> list[Bot]:
    """The demo's players: a :class:`~commerce_rules.bots.GreedyBot` at every seat.

    GreedyBot is deterministic, so a demo is a pure function of its
    variant, options, number of players and seed: ``--seed`` replays it.
    """
    return [GreedyBot() for _ in range(players)]


def _check_playable(rules: Rules, variant: str) -> None:
    """Refuse, with a clear message, a variant whose mechanism or scoring is not built yet."""
    try:
        variant_of(rules)
    except KeyError:
        raise CommerceError(f"the {variant} variant cannot be played yet (only ranked): its game is not built") from None


def cmd_demo(args: argparse.Namespace) -> int:
    """``demo``: one match between bots, narrated; the seed is printed so that it can be replayed."""
    rules = rules_from_args(args)
    _check_playable(rules, args.variant)
    state = new_game(rules, args.players, seed=args.seed)
    bots = demo_bots(args.players)
    print(f"Commerce, {_variant_text(args)}: {args.players} players, {type(bots[0]).__name__} at every seat.")
    print(f"seed {state.seed} — replay with --seed {state.seed}")
    print()
    for line in describe_deal_start(state):
        print(line)
    for _ in range(DEMO_ACTION_LIMIT):
        if state.is_over:
            return EXIT_OK
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        action = bots[seat].choose(observe(state, seat), legal)
        after = apply(state, action)
        for line in narrate_step(state, action, after):
            print(line)
        state = after
    if state.is_over:
        return EXIT_OK
    print(
        f"{PROG} demo: stopped after {DEMO_ACTION_LIMIT} actions without the match ending "
        "(try --option turn_limit=N)",
        file=sys.stderr,
    )
    return EXIT_STOPPED


# --------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """``play``: you at one seat, bots at the others; your moves chosen by number from the legal ones."""
    rules = rules_from_args(args)
    _check_playable(rules, args.variant)
    if not 0 <= args.seat < args.players:
        raise CommerceError(f"--seat must be a seat from 0 to {args.players - 1}, not {args.seat}")
    state = new_game(rules, args.players, seed=args.seed)
    bots = demo_bots(args.players)
    print(f"Commerce, {_variant_text(args)}: {args.players} players; you are seat {args.seat}, GreedyBot the others.")
    print(f"seed {state.seed} — replay with --seed {state.seed}. Press Ctrl-D (or Ctrl-C) to leave.")
    print()
    try:
        final = play_match(state, args.seat, bots, sys.stdin, sys.stdout)
    except (Abandoned, KeyboardInterrupt):
        print("\nYou left the table. Goodbye.")
        return EXIT_OK
    print("You win!" if args.seat in final.winners else "The bots win this time.")
    return EXIT_OK


# --------------------------------------------------------------------------- simulate

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
        text = f"[{'#' * filled}{'-' * (self.width - filled)}] {done}/{self.total} games"
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
    print(f"Commerce, {_variant_text(args)}: {args.games} matches of {', '.join(names)}, seed {seed}.")
    played = 0

    def count(done: int) -> None:
        nonlocal played
        played = done
        if bar is not None:
            bar(done)

    try:
        # On Ctrl-C the bar is ended first, then the workers are terminated (the pool's exit).
        with _worker_processes(args.workers) as pool, bar or contextlib.nullcontext():
            result = simulate(rules, bots, args.games, seed, pool, progress=count)
    except KeyboardInterrupt:
        print(f"{PROG} simulate: interrupted: {played} of {args.games} games played", file=sys.stderr)
        return EXIT_INTERRUPTED
    print()
    for line in results_table(result, names):
        print(line)
    return EXIT_OK


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


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


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


def _match_arguments(parser: argparse.ArgumentParser, players: str) -> None:
    """``--players`` and ``--seed``, for the commands that play one match."""
    parser.add_argument(
        "--players",
        type=_players,
        default=4,
        metavar="N",
        help=f"{players}, {MIN_PLAYERS} to {MAX_PLAYERS} (default: 4)",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=None,
        metavar="S",
        help="the match's seed (default: a random one, printed so that the match can be replayed)",
    )


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
        parents=[RULES_PARENT],
        epilog='example: commerce-rules rank "Q♠ K♠ A♠"  →  sequence: sequence Q-K-A of spades',
    )
    rank.add_argument("hand", nargs="+", help='the hand, e.g. "Q♠ K♠ A♠" or Qs Ks As')

    compare = _command(
        subparsers,
        "compare",
        cmd_compare,
        "which of two or more hands wins under a variant, and by which rule",
        parents=[RULES_PARENT],
        epilog='example: commerce-rules compare "A♠ K♠ Q♠" "2♥ 2♦ 2♣" --variant crp',
    )
    compare.add_argument("hands", nargs="+", metavar="HAND", help='a quoted hand, e.g. "A♠ K♠ Q♠" (two or more)')

    demo = _command(
        subparsers,
        "demo",
        cmd_demo,
        "a match between bots, narrated move by move",
        parents=[RULES_PARENT],
    )
    _match_arguments(demo, "how many bots play")
    play = _command(
        subparsers,
        "play",
        cmd_play,
        "play a match in the terminal against bots, choosing your moves by number",
        parents=[RULES_PARENT],
    )
    _match_arguments(play, "how many players, you included")
    play.add_argument("--seat", type=int, default=0, metavar="K", help="your seat (default: 0)")
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
    sequence: sequence Q-K-A of spades
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
