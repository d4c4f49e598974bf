"""The arguments several subcommands share, and what they are read into.

``--variant`` and ``--option`` (:data:`RULES_PARENT`, read by
:func:`rules_from_args`), ``--players`` and ``--seed`` for the commands
that play one match, and the check that a variant can be played.
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS
from ..core.errors import CommerceError
from ..core.rules import PRESETS, Rules
from ..engine.variant import variant_of
from .common import _Parser, _players, _seed

__all__ = ["RULES_PARENT", "parse_option", "rules_from_args"]


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


def _check_playable(rules: Rules, variant: str) -> None:
    """Refuse, with a clear message, a variant whose mechanism or scoring is not built yet."""
    try:
        variant_of(rules)
    except KeyError:
        raise CommerceError(f"the {variant} variant cannot be played yet (only ranked): its game is not built") from None


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
