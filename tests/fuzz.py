"""The fuzz: mutated state and action documents, read as untrusted input, and every accepted one played on.

``nox -s fuzz`` runs it (``nox -s fuzz -- 5000`` for 5,000 documents;
``COMMERCE_FUZZ_DOCUMENTS`` says the same); ``python tests/fuzz.py --help``
lists the options. The test suite runs a few hundred documents
(``test_soak_and_fuzz.py``).

The corpus is the JSON of states reached by random play of every preset, and
of their legal actions. Each document is mutated one to three times — a value
replaced by another of any JSON type (huge, negative and boundary numbers,
texts with line breaks, cards, phase and event names), a number nudged, a
field dropped or added, a list entry dropped, repeated or moved, two cards
swapped anywhere in the document (which keeps the deck whole), or the text
itself cut or broken. Reading must then either refuse it with a
``SerializationError`` or build a value that round-trips; an accepted state
is played on for a few random actions with every invariant of
:func:`soak.check_step`, an accepted action is applied to a state of its
variant (accepted exactly when legal). Any other exception is a failure,
printed with the document that caused it.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import time
from collections import Counter
from typing import Any, Final

from commerce_rules import (
    PRESETS,
    CommerceError,
    GameState,
    IllegalActionError,
    SerializationError,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    to_json,
)
from commerce_rules.cards import DECK_52
from commerce_rules.rules import Mechanism, Ranking, Scoring
from commerce_rules.state import EventKind, Phase, ShowdownReason

from soak import _steps, check_state, check_step

DEFAULT_DOCUMENTS: Final = 1_000_000
"""Mutated documents of a full fuzz."""

PLAY_ON: Final = 4
"""Random actions played, with every invariant checked, from each accepted state."""

CARD_TEXTS: Final = [str(card) for card in DECK_52]
NAMES: Final = [m.value for kind in (Phase, EventKind, ShowdownReason, Mechanism, Scoring, Ranking) for m in kind]
JUNK: Final[list[Any]] = [
    None, True, False, 0, -1, 1, 2, 3, 4, 11, 12, 40, 52, 10**9, 10**18, 10**30, 10**30 + 1, -(10**31),
    2**128 - 1, 2**128, 10**400, 1.5, -0.0, 1e308, "", "x", "10♠", "Ts", "A♥", "a\nb", "x" * 500,
    [], {}, [None], ["2♣"], {"type": "knock", "player": 0}, {"zz": 1},
]  # fmt: skip
"""Replacement values of every JSON type, boundaries and look-alikes first."""


def _slots(value: Any, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in the decoded document."""
    if isinstance(value, dict):
        for key in value:
            found.append((value, key))
            _slots(value[key], found)
    elif isinstance(value, list):
        for index in range(len(value)):
            found.append((value, index))
            _slots(value[index], found)
    return found


def _card_slots(document: Any) -> list[tuple[Any, Any]]:
    return [(c, k) for c, k in _slots(document, []) if isinstance(c[k], str) and c[k] in CARD_TEXTS]


def mutate(document: Any, rng: random.Random) -> Any:
    """One mutation of a decoded document (a copy; the document itself is unchanged)."""
    document = copy.deepcopy(document)
    slots = _slots(document, [])
    if not slots:
        return rng.choice(JUNK)
    container, key = rng.choice(slots)
    value = container[key]
    choice = rng.randrange(9)
    if choice == 0:
        container[key] = rng.choice(JUNK)
    elif choice == 1 and isinstance(value, int) and not isinstance(value, bool):
        container[key] = rng.choice([value + 1, value - 1, -value, value * 2, value + 12])
    elif choice == 2 and isinstance(container, dict):
        del container[key]
    elif choice == 3 and isinstance(container, dict):
        container[rng.choice(["zz", "hand", "a\nlong name " * 10, "Seed"])] = rng.choice(JUNK)
    elif choice == 4 and isinstance(container, list):
        edit = rng.randrange(3)
        if edit == 0:
            container.pop(key)
        elif edit == 1:
            container.insert(key, value)
        else:
            container.reverse()
    elif choice == 5 and isinstance(value, str):
        container[key] = rng.choice(CARD_TEXTS if value in CARD_TEXTS else NAMES)
    elif choice in (6, 7):  # two cards swapped: the deck stays whole, the places change
        cards = _card_slots(document)
        if len(cards) >= 2:
            (c1, k1), (c2, k2) = rng.sample(cards, 2)
            c1[k1], c2[k2] = c2[k2], c1[k1]
    else:
        container[key] = rng.choice(JUNK) if rng.random() < 0.5 else copy.deepcopy(rng.choice(slots)[0])
    return document


def mutated_text(document: Any, rng: random.Random) -> str | bytes:
    """A document mutated one to three times, as text; sometimes the text itself broken."""
    for _ in range(rng.randint(1, 3)):
        document = mutate(document, rng)
    text = json.dumps(document, ensure_ascii=False)
    cut = rng.random()
    if cut < 0.04:
        return text[: rng.randrange(len(text) + 1)]
    if cut < 0.06:
        position = rng.randrange(len(text) + 1)
        return text[:position] + rng.choice(['"', "{", "]", ",", "\\", "\x00", "NaN", "1e999"]) + text[position:]
    if cut < 0.07:
        raw = bytearray(text.encode())
        raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    return text


def build_corpus(rng: random.Random, games: int) -> list[GameState]:
    """States of random play of every preset: a few per match, from its start to its end."""
    states: list[GameState] = []
    for name, rules in PRESETS.items():
        for game in range(games):
            state = new_game(rules, rng.randint(3, 6), seed=rng.randrange(2**64))
            walked = [state] + [after for _, _, after in _steps(state, rng, 3000)]
            states.extend(walked[i] for i in sorted(rng.sample(range(len(walked)), min(6, len(walked)))))
    return states


class Failure(Exception):
    """A document read or played with an exception other than a refusal."""


def fuzz_state(text: str | bytes, rng: random.Random, counts: Counter[str]) -> None:
    """Read a mutated state document; play an accepted one on."""
    try:
        state = state_from_json(text)
    except SerializationError:
        counts["states refused"] += 1
        return
    counts["states accepted"] += 1
    state_text = to_json(state)
    assert state_from_json(state_text) == state, "an accepted state does not round-trip"
    check_state(state)
    for before, action, after in _steps(state, rng, PLAY_ON):
        state_text = check_step(before, state_text, action, after, rng)
        counts["actions played on"] += 1


def fuzz_action(text: str | bytes, states: list[GameState], rng: random.Random, counts: Counter[str]) -> None:
    """Read a mutated action document; apply an accepted one to a state, accepted exactly when legal."""
    try:
        action = action_from_json(text)
    except SerializationError:
        counts["actions refused"] += 1
        return
    counts["actions accepted"] += 1
    assert action_from_json(action_to_json(action)) == action, "an accepted action does not round-trip"
    state = rng.choice(states)
    try:
        apply(state, action)
    except IllegalActionError:
        assert action not in legal_actions(state), "a legal action refused"
    else:
        assert action in legal_actions(state), "an action accepted that legal_actions does not list"


def fuzz(documents: int, seed: int = 0, report: Any = print) -> tuple[Counter[str], list[str]]:
    """Fuzz ``documents`` mutated documents; the counts and the failures (each with its document)."""
    rng = random.Random(seed)
    states = build_corpus(rng, 4)
    texts = [json.loads(to_json(state)) for state in states]
    actions = [json.loads(action_to_json(a)) for state in states for a in legal_actions(state)[:5]]
    counts: Counter[str] = Counter()
    failures: list[str] = []
    started = time.monotonic()
    for number in range(documents):
        is_state = rng.random() < 2 / 3
        text = mutated_text(rng.choice(texts) if is_state else rng.choice(actions), rng)
        try:
            if is_state:
                fuzz_state(text, rng, counts)
            else:
                fuzz_action(text, states, rng, counts)
        except Exception as error:  # every exception that is no refusal is a failure
            kind = "CommerceError" if isinstance(error, CommerceError) else type(error).__name__
            failures.append(f"{kind}: {str(error)[:300]}\n  document: {text[:2000]!r}")
            counts["failures"] += 1
            if len(failures) <= 20:
                report(f"FAILURE {failures[-1]}")
        if (number + 1) % 10_000 == 0:
            report(f"{number + 1:,} documents, {time.monotonic() - started:.0f} s: {dict(counts)}")
    return counts, failures


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz from the command line; 0 when nothing failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    default = int(os.environ.get("COMMERCE_FUZZ_DOCUMENTS", DEFAULT_DOCUMENTS))
    parser.add_argument("documents", nargs="?", type=int, default=default, help=f"documents (default {default:,})")
    parser.add_argument("--seed", type=int, default=0, help="the fuzz's seed (default 0)")
    options = parser.parse_args(argv)
    counts, failures = fuzz(options.documents, options.seed, report=lambda line: print(line, flush=True))
    print(f"fuzz {'failed' if failures else 'passed'}: {options.documents:,} documents, {dict(counts)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
