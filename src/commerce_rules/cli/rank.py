"""The ``rank`` and ``compare`` subcommands: a hand's category, and which of several hands wins."""

from __future__ import annotations

import argparse
import re
from typing import Final

from ..cards import Card, parse_cards
from ..errors import CommerceError
from ..narrate import cards_text, compare_values
from ..ranking import HandValue, evaluate
from ..rules import Rules
from .arguments import _variant_text, rules_from_args
from .common import EXIT_OK, PROG, UsageError

__all__ = ["cmd_compare", "cmd_rank", "rank_text"]


def _hand_value(text: str, rules: Rules, what: str) -> tuple[tuple[Card, ...], HandValue]:
    try:
        cards = parse_cards(text)
        return cards, evaluate(cards, rules)
    except CommerceError as error:
        raise CommerceError(f"{what}: {error}") from None


# --------------------------------------------------------------------------- rank


def cmd_rank(args: argparse.Namespace) -> int:
    """``rank HAND``: print the hand's description under the variant, its category named once.

    The hand may be one quoted argument or several (``rank Qs Ks As``).
    """
    rules = rules_from_args(args)
    _, value = _hand_value(" ".join(args.hand), rules, "the hand")
    print(rank_text(value))
    return EXIT_OK


def rank_text(value: HandValue) -> str:
    """What ``rank`` prints: the hand's description, which names its category once.

    Most descriptions already name it (``sequence Q-K-A of spades``); one
    that does not (a Trentuno count, ``31``) is preceded by it: ``point: 31``.
    """
    text, category = str(value), str(value.category)
    return text if re.search(rf"\b{re.escape(category)}\b", text) else f"{category}: {text}"


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
