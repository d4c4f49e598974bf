"""An error message quotes at most about 40 characters of what it was given, on one line.

A message that copied its input whole would let a client make a megabyte of
log from one request, or forge log lines with the line breaks of a name.
"""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable

import pytest

from commerce_rules import (
    FOSTER,
    HOYLE,
    Card,
    CommerceError,
    Rules,
    action_from_json,
    evaluate,
    new_game,
    parse_cards,
    simulate,
    state_from_json,
    to_json,
)
from commerce_rules.core.quoting import MAX_QUOTE, shown

FORGED = "name\n2026-12-01 ERROR forged log line\r\n" + "x" * 1_000_000
"""A long name with line breaks: what a hostile client would send."""


def _document_with(key: str) -> str:
    document = json.loads(to_json(new_game(FOSTER, 3, seed=1)))
    document[key] = 1
    return json.dumps(document)


def _simulate_with_bot(bot: object) -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        simulate(FOSTER, [bot] * 3, games=1, seed=1, executor=pool)  # type: ignore[list-item]


CALLS: list[tuple[str, Callable[[], object]]] = [
    ("an unknown rules option", lambda: Rules.from_options({FORGED: 1})),
    ("an unknown rules option by name", lambda: FOSTER.replace(**{FORGED: 1})),
    ("a bad enum value", lambda: Rules(mechanism=FORGED)),
    ("a bad option value", lambda: HOYLE.replace(stake=FORGED)),
    ("Card.parse", lambda: Card.parse(FORGED)),
    ("parse_cards", lambda: parse_cards("2♣ " + FORGED)),
    ("evaluate", lambda: evaluate(["2♣", "3♣", FORGED], FOSTER)),
    ("an unknown state field", lambda: state_from_json(_document_with(FORGED))),
    ("an unknown action field", lambda: action_from_json(json.dumps({"type": "knock", "player": 0, FORGED: 1}))),
    ("an unknown action type", lambda: action_from_json(json.dumps({"type": FORGED, "player": 0}))),
    ("a simulated seat's bot", lambda: _simulate_with_bot(FORGED)),
]


@pytest.mark.parametrize("call", [pytest.param(call, id=name) for name, call in CALLS])
def test_an_error_message_quotes_a_short_part_of_the_input_on_one_line(call: Callable[[], object]) -> None:
    with pytest.raises(CommerceError) as raised:
        call()
    message = str(raised.value)
    assert "\n" not in message and "\r" not in message
    assert "forged log line" not in message or "\\n" in message
    assert "x" * (MAX_QUOTE + 1) not in message
    assert len(message) < 400


def test_shown_never_raises_and_never_runs_long() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert shown(Hostile()) == "a Hostile value"
    assert shown(10**5000) == "a number of more than 30 digits"
    assert shown([10**5000]) == "a list value"
    assert shown(list(range(10**6))) == "a list of 1000000 items"
    assert len(shown(FORGED)) == MAX_QUOTE and "\n" not in shown(FORGED)
