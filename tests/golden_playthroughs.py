"""Golden playthroughs: one recorded match per preset, every seat's view at every step, as text.

A playthrough file (``tests/playthroughs/<preset>.txt``) is what each seat
saw through one fixed match: so a change in what ``observe`` shows, or in
how ``observation_tensor`` encodes it, shows up in review as a diff of these
files. ``scripts/make_playthroughs.py`` writes them and
``tests/visibility/test_playthroughs.py`` compares them with a fresh recording; both
use this module, so the two can never record differently.

Every observation document carries the whole ``rules`` object (every option
of :class:`~commerce_rules.Rules`, so that a document read later means what
it meant when written). A recording checks that object against the match's
rules at every step and seat, and writes it once, in the header, as the
options that differ from ``Rules()``'s: so a new option, added with its
default, changes no recording, and a preset's or a default's change shows
in the header of every recording it touches.

The match is fixed entirely by :data:`PLAYERS`, the preset's seed (:func:`seed_for`)
and :data:`DEAL_LIMIT`: the first dealer is seat 0 and each seat plays a
``RandomBot`` seeded with the match's seed plus the seat: unlike a greedy
table, which always pounces, random bots also decline, and the recordings
meet most kinds of action.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from commerce_rules import (
    PRESETS,
    GameState,
    Observation,
    RandomBot,
    Rules,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    observation_tensor,
    observation_to_json,
    observe,
    returns,
)

DIRECTORY = Path(__file__).resolve().parent / "playthroughs"
"""Where the recordings live, one ``<preset>.txt`` each."""

REGENERATE = "python scripts/make_playthroughs.py"
"""The command that rewrites every recording (named in every failure)."""

PLAYERS = 3
"""Three seats: the fewest the game allows, so each step's block stays short."""

DEAL_LIMIT = 2
"""Two deals: the second shows the first's showdown and what carries over, and the file stays small."""

DEFAULT_SEED = 1
"""The seed of a preset whose match needs nothing in particular to show."""

SEEDS: dict[str, int] = {
    # Seat 0 holds a tricon whose fourth card lies in the widow: it is asked and
    # declines at steps 0, 2 and 5, and pounces at step 7.
    "pounce": 1220,
    # Barters and their blind replies, beside buys (seed 1 knocks at once).
    "foster": 3,
}
"""Seeds chosen for what their match shows; every other preset (a new one too) plays :data:`DEFAULT_SEED`."""

STEP_BOUND = 2_000
"""A recording that needs more steps has lost its deal limit: it fails rather than write a huge file."""


def presets() -> list[str]:
    """The presets' names, sorted, from the library's registry: a new preset gets a recording of its own."""
    return sorted(PRESETS)


def seed_for(preset: str) -> int:
    """The seed of ``preset``'s recorded match."""
    return SEEDS.get(preset, DEFAULT_SEED)


def path_for(preset: str) -> Path:
    """The file of ``preset``'s recording."""
    return DIRECTORY / f"{preset}.txt"


def _compact(document: str) -> str:
    """A JSON document on one line, keys sorted, cards left readable: the same text whatever the producer's key order."""
    return json.dumps(json.loads(document), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _number(value: float) -> str:
    """A float to 9 significant digits (``1`` for 1.0): exact enough to show any change, short enough to read."""
    return format(value, ".9g")


def _tensor(observation: Observation) -> str:
    """The observation tensor's nonzero entries as ``index:value`` (most of its several hundred entries are 0)."""
    return " ".join(f"{index}:{_number(value)}" for index, value in enumerate(observation_tensor(observation)) if value)


def _set_options(rules: Rules) -> dict[str, Any]:
    """The options of ``rules`` that differ from ``Rules()``'s, as ``Rules.options()`` writes them."""
    defaults = Rules().options()
    return {name: value for name, value in rules.options().items() if value != defaults[name]}


def _observation_line(observation: Observation, rules: Rules, where: str) -> str:
    """The observation's document, compact, its ``rules`` object checked to be every option of the match's
    ``rules`` and left out (the header has them)."""
    document = json.loads(observation_to_json(observation))
    written = document.pop("rules", None)
    if written != rules.options():
        raise AssertionError(f"{where}: the observation document's rules are {written!r}, not {rules.options()!r}")
    return _compact(json.dumps(document, ensure_ascii=False))


def _seats(state: GameState, step: int) -> Iterator[str]:
    """Each seat's observation document and tensor in ``state``, two lines a seat."""
    for seat in range(state.num_players):
        observation = observe(state, seat)
        yield f"seat {seat} observation {_observation_line(observation, state.rules, f'step {step}, seat {seat}')}"
        yield f"seat {seat} tensor {_tensor(observation)}"


def _rules(preset: str) -> Rules:
    """``preset`` cut to :data:`DEAL_LIMIT` deals."""
    return PRESETS[preset].replace(deal_limit=DEAL_LIMIT)


def record(preset: str) -> str:
    """The text of ``preset``'s recording: a header, one block per step, and a last block for the match's end.

    A step's block names the seat the state asks to move and the phase it is in
    (the truth, which a seat's own view may not show: a pending pounce question
    is private), the action that seat's bot chose, and every seat's observation
    as it was when the action was chosen.
    """
    seed = seed_for(preset)
    rules = _rules(preset)
    state = new_game(rules, PLAYERS, seed=seed, dealer=0)
    bots = [RandomBot(seed=seed + seat) for seat in range(PLAYERS)]
    set_options = _set_options(rules)
    lines = [
        f"# Golden playthrough of the preset {preset!r}: every seat's observation at every step.",
        f"# Regenerate with: {REGENERATE}",
        f"# PRESETS[{preset!r}].replace(deal_limit={DEAL_LIMIT}); new_game(rules, {PLAYERS}, seed={seed}, dealer=0)",
        f"# seat s plays RandomBot(seed={seed} + s); tensors list their nonzero entries as index:value,"
        f" of {len(observation_tensor(observe(state, 0)))}",
        f"# every observation's rules (the options that differ from Rules()'s): {_compact(json.dumps(set_options))}",
    ]
    step = 0
    while not state.is_over:
        if step == STEP_BOUND:
            raise AssertionError(f"{preset}: the recorded match did not end within {STEP_BOUND} steps")
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(observe(state, seat), legal_actions(state))
        lines += ["", f"step {step}", f"to act: seat {seat} ({state.phase.name.lower()})"]
        lines.append(f"action {_compact(action_to_json(action))}")
        lines.extend(_seats(state, step))
        state = apply(state, action)
        step += 1
    lines += ["", f"step {step}", "over", f"returns {' '.join(_number(value) for value in returns(state))}"]
    lines.extend(_seats(state, step))
    return "\n".join(lines) + "\n"


def first_difference(preset: str, expected: str, actual: str) -> str | None:
    """``None`` if the two recordings agree, else a message naming the first differing step and seat.

    ``expected`` is the checked-in text, ``actual`` a fresh recording.
    """
    step = "the header"
    old_lines, new_lines = expected.splitlines(), actual.splitlines()
    for number, (old, new) in enumerate(zip(old_lines, new_lines), start=1):
        if old == new:
            if new.startswith("step "):
                step = new
            continue
        return (
            f"{preset}: the recording differs at {step}, {_part(new)} (line {number} of {path_for(preset).name}):\n"
            f"{_around(old, new)}\nIf the change is meant, regenerate with `{REGENERATE}` and review the diff."
        )
    if len(old_lines) != len(new_lines):
        return (
            f"{preset}: the recording has {len(old_lines)} lines, a fresh one {len(new_lines)} (both agree up to"
            f" {step}); if the change is meant, regenerate with `{REGENERATE}` and review the diff."
        )
    return None


def _part(line: str) -> str:
    """Which part of a step ``line`` is: ``seat 1 observation``, ``seat 1 tensor``, ``action``, ..."""
    if line.startswith("seat "):
        return " ".join(line.split(" ", 3)[:3])
    if line.startswith("to act:"):
        return "the seat to act"
    return line.split(" ", 1)[0] or "a blank line"


def _around(old: str, new: str, width: int = 70) -> str:
    """The two lines around their first differing character: a long observation line shown whole would hide it."""
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    start = max(0, at - width)
    return "\n".join(
        f"  {label}{'...' if start else ''}{line[start : at + width]}{'...' if len(line) > at + width else ''}"
        for label, line in (("recorded: ", old), ("now:      ", new))
    )
