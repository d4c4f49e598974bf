"""Small words the narration and the scorings share: signed points, plurals, seat lists, a showdown's payments."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.state import Showdown

__all__ = ["payment_lines", "plural", "plural_form", "seat_list", "signed"]


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


_IRREGULAR = {"life": "lives"}
"""Plurals that no spelling rule gives."""


def plural_form(word: str) -> str:
    """The plural of an English noun of the game: ``points``, ``matches``, ``passes``, ``lives``, ``pennies``.

    >>> plural_form("card"), plural_form("match"), plural_form("life")
    ('cards', 'matches', 'lives')
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return word[:-1] + "ies"
    return word + "s"


def plural(count: int, word: str, many: str | None = None) -> str:
    """A count and its noun, singular for one only: ``"1 point"``, ``"2 points"``, ``"0 matches"``.

    ``many`` gives a plural no rule knows (``plural(3, "child", "children")``).
    Every count the command line and the narration print goes through here.

    >>> plural(1, "point"), plural(2, "point"), plural(3, "match"), plural(0, "life")
    ('1 point', '2 points', '3 matches', '0 lives')
    """
    if abs(count) == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else plural_form(word)}"


def seat_list(seats: Sequence[int]) -> str:
    """Seats in words, so that a line reads naturally: ``"seat 2"``, ``"seats 0 and 3"``, ``"seats 0, 1 and 3"``.

    >>> seat_list([2]), seat_list([0, 3]), seat_list([0, 1, 3])
    ('seat 2', 'seats 0 and 3', 'seats 0, 1 and 3')
    """
    if len(seats) == 1:
        return f"seat {seats[0]}"
    numbers = [str(seat) for seat in seats]
    return f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def payment_lines(showdown: Showdown, pot: str, why: Callable[[int, list[int]], str]) -> list[str]:
    """A showdown's payments in words: first what the ``pot`` paid out, then each payer's, grouped by amount.

    ``why(payer, payees)`` gives the reason the scoring adds to a seat's payment (or "").
    """
    lines: list[str] = []
    paid_from_pot: set[int | None] = set()
    for payer, payee, points in showdown.payments:
        if payer is None:  # the pot's payments, in order: the prize, then (Hoyle) the rest of the pool
            who = pot if payee is None else f"seat {payee}"
            if payee in paid_from_pot:
                lines.append(f"{who} also takes the rest of the {pot}, {points}")
            else:
                lines.append(f"{who} takes {points} from the {pot}")
            paid_from_pot.add(payee)
    grouped: dict[tuple[int, int], list[int | None]] = {}
    for payer, payee, points in showdown.payments:
        if payer is not None:
            grouped.setdefault((payer, points), []).append(payee)
    for (payer, points), payees in grouped.items():
        seats = [p for p in payees if p is not None]
        who = f"seat {payer}, the dealer," if payer == showdown.dealer else f"seat {payer}"
        if seats:
            each = " each" if len(seats) > 1 else ""
            lines.append(f"{who} pays {points}{each} to {seat_list(seats)}{why(payer, seats)}")
        if len(seats) != len(payees):
            lines.append(f"{who} pays {points} into the {pot}")
    return lines
