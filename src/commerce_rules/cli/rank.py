"""The ``rank`` and ``compare`` subcommands: a hand's category, and which of several hands wins."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Final

from ..core.cards import Card, parse_cards
from ..core.errors import CommerceError
from ..text.narrate import cards_text, compare_values
from ..ranking import HandValue, evaluate
from ..core.rules import Rules
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
    The category is named in the ranking's own word (:attr:`HandValue.category_word`).
    """
    text, category = str(value), value.category_word
    return text if re.search(rf"\b{re.escape(category)}\b", text) else f"{category}: {text}"


# --------------------------------------------------------------------------- compare

_ORDINALS: Final = (
    "first", "second", "third", "fourth", "fifth", "sixth",
    "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
)


def _ordinal(index: int) -> str:
    """``"first"`` for index 0 ... ``"twelfth"``, then ``"13th"``, ``"21st"``..."""
    if index < len(_ORDINALS):
        return _ORDINALS[index]
    number = index + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _hand_name(index: int) -> str:
    return f"{_ordinal(index)} hand"


_DEALT: Final = 3
"""The cards of a dealt hand, to regroup cards the shell split."""


def _one_card(text: str) -> bool:
    try:
        return len(parse_cards(text)) == 1
    except CommerceError:
        return False


def _refuse_split_hands(texts: Sequence[str]) -> None:
    """A hand given as one card is a hand the shell split at its spaces: say how to quote it.

    When every argument is one card and they make whole hands of three, the
    example regroups them as typed; otherwise it is a generic one.
    """
    singles = [i for i, text in enumerate(texts) if _one_card(text)]
    if not singles:
        return
    if len(singles) == len(texts) and len(texts) >= 2 * _DEALT and len(texts) % _DEALT == 0:
        groups = [texts[i : i + _DEALT] for i in range(0, len(texts), _DEALT)]
        example = " ".join(f'"{" ".join(group)}"' for group in groups)
        what = f"{len(texts)} single cards, not hands"
    else:
        example = '"A♠ K♠ Q♠" "2♥ 2♦ 2♣"'
        first = singles[0]
        what = f"the {_hand_name(first)} is one card, {texts[first]}"
    raise UsageError(
        f"{PROG} compare: error: {what}: an unquoted hand is split by the shell into its cards; "
        f"quote each hand, e.g. {PROG} compare {example}"
    )


def cmd_compare(args: argparse.Namespace) -> int:
    """``compare HAND HAND...``: rank each hand, then say which wins and by which rule, or that they tie.

    Hands are compared as at a showdown but without the tie-break by seat:
    equal hands are reported as a tie. Each hand is ranked on its own, so
    two hands may share cards.
    """
    rules = rules_from_args(args)
    _refuse_split_hands(args.hands)
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
