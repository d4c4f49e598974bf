"""The fuzz: every untrusted entry point fed mutated documents and junk values; only refusals may escape.

``nox -s fuzz`` runs it (``nox -s fuzz -- 5000`` for 5,000 inputs;
``COMMERCE_FUZZ_DOCUMENTS`` says the same); ``python tests/fuzz.py --help``
lists the options. The test suite runs a few hundred inputs
(``test_soak_and_fuzz.py``).

The corpus is random play of every preset: the JSON of states reached, of
their legal actions and of every seat's observation. The inputs, spread
evenly over the targets (``--targets``):

* ``state``, ``action``, ``observation``: a document mutated one to three
  times (see :func:`mutate`), or its text cut or broken, read back. An
  accepted state is played on with every invariant of :func:`soak.check_step`;
  an accepted action is applied (accepted exactly when legal); an accepted
  observation is sampled (``sample_state``) and observed again, which must
  give the observation back.
* ``index``: ``action_from_index`` with ints in and out of range, huge,
  negative, bools, floats, texts and NumPy scalars.
* ``apply``: actions of every class built with random fields (junk among
  them), applied to states of random play.
* ``pettingzoo``: the environment's ``step`` given junk, and ``env()`` junk
  arguments; ``openspiel_game``: ``pyspiel.load_game`` (parameters and game
  strings) and ``CommerceGame`` given junk; ``openspiel_apply``: a state's
  ``apply_action`` given junk. Each is skipped, with a notice, without its extra.

Per input, a finding is: an exception that is no ``CommerceError``; an error
message that is not one line of valid UTF-8 of at most ``MESSAGE_LIMIT``
characters; a refused call that changed the state, environment or game given;
a call over ``SLOW_SECONDS`` (an input is aborted after ``HANG_SECONDS``); or
an accepted input that breaks what its target promises. Each finding is
counted, the first of each kind printed with a reproducer, and the run goes on.
OpenSpiel's own bindings refuse a value of the wrong type before the library
sees it (a ``TypeError`` or ``SpielError`` raised in no library frame): that is
counted apart, as ``foreign``, not as a finding.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import importlib
import json
import math
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, ModuleType, TracebackType
from typing import Any, Final, TypeVar

import commerce_rules
from commerce_rules import (
    PRESETS,
    CommerceError,
    GameState,
    SerializationError,
    action_from_index,
    action_from_json,
    action_index,
    action_to_json,
    apply,
    legal_action_indices,
    legal_actions,
    new_game,
    num_actions,
    observation_from_json,
    observation_to_json,
    observe,
    sample_state,
    state_from_json,
    to_json,
)
from commerce_rules.core.actions import ACTION_CLASSES
from commerce_rules.core.cards import DECK_52
from commerce_rules.core.deck import deck_for
from commerce_rules.core.errors import MAX_MESSAGE
from commerce_rules.core.rules import Mechanism, Ranking, Scoring
from commerce_rules.core.state import EventKind, Phase, ShowdownReason

from soak import NOT_ACTIONS, _steps, check_state, check_step

T = TypeVar("T")

DEFAULT_INPUTS: Final = 1_000_000
"""Inputs of a full fuzz, spread evenly over the targets."""

PLAY_ON: Final = 4
"""Random actions played, with every invariant checked, from each accepted state."""

MESSAGE_LIMIT: Final = MAX_MESSAGE
"""The longest error message a server may pass on to the client that caused it: the library's own cap."""

SLOW_SECONDS: Final = 1.0
"""One library call taking longer than this is a finding."""

HANG_SECONDS: Final = 10.0
"""One input still running after this long is aborted (a finding): the fuzz never hangs."""

SHOWN_FINDINGS: Final = 40
"""Distinct findings printed with their reproducer as they happen; all are counted."""

LIBRARY: Final = str(Path(commerce_rules.__file__).parent)
"""The library's source folder: an exception with no frame in it was raised by OpenSpiel's bindings."""

ACCEPTED, REFUSED, FOREIGN = "accepted", "refused", "foreign"
"""What became of one input: the library took it, refused it, or OpenSpiel's bindings refused it first."""

# -- mutation of JSON documents ---------------------------------------------------------------------------

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
        return text[:position] + rng.choice(['"', "{", "]", ",", "\\", "\x00", "NaN", "1e999", "\ud800"]) + text[position:]
    if cut < 0.07:
        raw = bytearray(text.encode())
        raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    return text


# -- junk Python values -------------------------------------------------------------------------------------


def _numpy() -> ModuleType | None:
    """NumPy, for its scalars and arrays as junk, where installed (it is no dependency of the library)."""
    try:
        return importlib.import_module("numpy")  # typed alike with NumPy installed or not
    except ImportError:
        return None


def junk_index(rng: random.Random, legal: tuple[int, ...], size: int) -> Any:
    """A value given where an action index is asked: a legal index now and then, mostly anything else."""
    np = _numpy()
    kind = rng.randrange(8 if np is not None else 7)
    if kind == 0:
        return rng.choice(legal) if legal else 0
    if kind == 1:
        return rng.randrange(size)
    if kind == 2:
        return rng.choice([-1, -2, size, size + 1, 2**31 - 1, 2**31, 2**63, 2**64, 10**30, 10**400, -(10**400)])
    if kind == 3:
        return rng.choice([True, False])
    if kind == 4:
        return rng.choice([0.0, -0.0, 1.5, float(rng.randrange(size)), math.inf, -math.inf, math.nan, 1e308])
    if kind == 5:
        return rng.choice(["", "4", str(rng.randrange(size)), "x" * 500, "a\nb", "\udc80", b"4", bytearray(b"4")])
    if kind == 6:
        return rng.choice([None, [], [1], (1,), {}, {1: 2}, {1}, object(), 4 + 0j, Ellipsis])
    assert np is not None
    number = rng.choice(legal) if legal and rng.random() < 0.3 else rng.randrange(size)
    return rng.choice([
        np.int64(number), np.int8(min(number, 127)), np.uint16(number), np.uint64(2**64 - 1), np.int64(-5),
        np.float32(number + 0.5), np.float64(number), np.bool_(True), np.array(number), np.array([number]),
        np.array([]), np.array([[number]]),
    ])  # fmt: skip


# -- the watchdog and the checks ------------------------------------------------------------------------------


class Finding(Exception):
    """What the fuzz reports: a check that failed on one input (its message says which)."""


class Slow(Finding):
    """One call over :data:`SLOW_SECONDS`: reported by the full run; the suite's smoke run, on machines of
    any load, leaves it aside."""


class Hang(BaseException):
    """One input ran past :data:`HANG_SECONDS` (a ``BaseException``, so no ``except Exception`` swallows it)."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"no answer within {HANG_SECONDS:g} s")


def check_message(error: BaseException) -> None:
    """A refusal's message is what a server sends back: one line of valid UTF-8, short."""
    text = str(error)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as bad:
        raise Finding(f"the message of {type(error).__name__} is no valid UTF-8: {bad}") from None
    if len(text.splitlines()) > 1:
        raise Finding(f"the message of {type(error).__name__} has {len(text.splitlines())} lines: {text[:200]!r}")
    if len(text) > MESSAGE_LIMIT:
        raise Finding(f"the message of {type(error).__name__} has {len(text):,} characters: {text[:200]!r}...")


def attempt(call: Callable[[], T]) -> T | CommerceError:
    """One call of library code, timed: its value, or the ``CommerceError`` that refused the input (its message checked).

    Any other exception goes up to :func:`fuzz`, which reports it.
    """
    started = time.perf_counter()
    result: T | CommerceError
    try:
        result = call()
    except CommerceError as error:
        result = error
    elapsed = time.perf_counter() - started
    if elapsed > SLOW_SECONDS:
        raise Slow(f"one call took {elapsed:.2f} s (more than {SLOW_SECONDS:g} s)")
    if isinstance(result, CommerceError):
        check_message(result)
    return result


def _in_library(trace: TracebackType | None) -> bool:
    """Whether a frame of the traceback is the library's: if none is, OpenSpiel's bindings raised before it ran."""
    while trace is not None:
        if trace.tb_frame.f_code.co_filename.startswith(LIBRARY):
            return True
        trace = trace.tb_next
    return False


class Foreign:
    """An input that OpenSpiel's bindings refused before any library code ran."""


def attempt_foreign(call: Callable[[], T]) -> T | CommerceError | Foreign:
    """:func:`attempt` for a call through OpenSpiel, whose bindings check types first; C++ warnings silenced."""
    with _quiet_stderr():
        try:
            return attempt(call)
        except (Exception, Hang) as error:
            if isinstance(error, (Finding, Hang)) or _in_library(error.__traceback__):
                raise
            return Foreign()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """OpenSpiel prints every error it raises to the process's stderr: thousands of lines in a fuzz."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def unchanged(before: object, after: object, what: str) -> None:
    """Nothing a refused (or any) call was given may change."""
    if before != after:
        raise Finding(f"the call changed the {what} it was given")


def outcome(result: object) -> str:
    """What became of an input, from what the call under test gave."""
    return FOREIGN if isinstance(result, Foreign) else REFUSED if isinstance(result, CommerceError) else ACCEPTED


# -- the corpus and the targets ------------------------------------------------------------------------------


@dataclass
class Corpus:
    """What random play of every preset gives the targets: states, and the documents of their JSON."""

    states: list[GameState]
    state_documents: list[Any]
    action_documents: list[Any]
    observation_documents: list[Any]


def build_corpus(rng: random.Random, games: int) -> Corpus:
    """States of random play of every preset, a few per match from its start to its end, and their documents."""
    states: list[GameState] = []
    for rules in PRESETS.values():
        for _ in range(games):
            state = new_game(rules, rng.randint(3, 6), seed=rng.randrange(2**64))
            walked = [state] + [after for _, _, after in _steps(state, rng, 3000)]
            states.extend(walked[i] for i in sorted(rng.sample(range(len(walked)), min(6, len(walked)))))
    return Corpus(
        states,
        [json.loads(to_json(state)) for state in states],
        [json.loads(action_to_json(a)) for state in states for a in legal_actions(state)[:5]],
        [json.loads(observation_to_json(observe(s, seat))) for s in states for seat in range(s.num_players)],
    )


@dataclass
class Case:
    """One input: how to show it as a reproducer, and how to run it (what became of it)."""

    shown: Callable[[], str]
    run: Callable[[], str]


Maker = Callable[[random.Random], Case]
"""A target: makes one input from the fuzz's random numbers."""


def read(reader: Callable[[str | bytes], T], writer: Callable[[T], str], text: str | bytes) -> T | None:
    """A JSON reader given ``text``: the value, which must round-trip through ``writer``, or ``None`` when refused
    (with a ``SerializationError``: the contract says so)."""
    result = attempt(lambda: reader(text))
    if isinstance(result, CommerceError):
        if not isinstance(result, SerializationError):
            raise Finding(f"a reader refused with {type(result).__name__}, not a SerializationError")
        return None
    if reader(writer(result)) != result:
        raise Finding("an accepted document does not round-trip")
    return result


def _state_text(state: GameState) -> str:
    return f"state_from_json({to_json(state)!r})"


def state_target(corpus: Corpus) -> Maker:
    """``state_from_json`` of mutated state documents; an accepted state played on, every invariant checked."""

    def make(rng: random.Random) -> Case:
        text = mutated_text(rng.choice(corpus.state_documents), rng)

        def run() -> str:
            state = read(state_from_json, to_json, text)
            if state is None:
                return REFUSED
            state_text = to_json(state)
            check_state(state)
            for before, action, after in _steps(state, rng, PLAY_ON):
                state_text = check_step(before, state_text, action, after, rng)
            return ACCEPTED

        return Case(lambda: f"state_from_json({text!r})", run)

    return make


def action_target(corpus: Corpus) -> Maker:
    """``action_from_json`` (and ``action_from_dict`` where the library has it) of mutated action documents;
    an accepted action applied to a state of random play, accepted there exactly when legal."""
    from_dict: Callable[[Any], Any] | None = getattr(commerce_rules, "action_from_dict", None)

    def make(rng: random.Random) -> Case:
        text = mutated_text(rng.choice(corpus.action_documents), rng)
        state = rng.choice(corpus.states)

        def run() -> str:
            action = read(action_from_json, action_to_json, text)
            if from_dict is not None:
                try:
                    document = json.loads(text)
                except ValueError:
                    pass
                else:
                    read_back = attempt(lambda: from_dict(document))
                    if not isinstance(read_back, CommerceError) and action is not None and read_back != action:
                        raise Finding("action_from_dict and action_from_json read one document differently")
            if action is None:
                return REFUSED
            _apply_checked(state, action)
            return ACCEPTED

        return Case(lambda: f"action_from_json({text!r}) applied to {_state_text(state)}", run)

    return make


def _apply_checked(state: GameState, action: object) -> str:
    """``apply(state, action)``: accepted exactly when legal, the state unchanged either way."""
    before = to_json(state)
    after = attempt(lambda: apply(state, action))  # type: ignore[arg-type]
    unchanged(before, to_json(state), "state")
    legal = action in legal_actions(state)
    if legal == isinstance(after, CommerceError):
        raise Finding(f"apply {'refused a legal' if legal else 'accepted an illegal'} action")
    return outcome(after)


def observation_target(corpus: Corpus) -> Maker:
    """``observation_from_json`` of mutated observation documents; an accepted one sampled with ``sample_state``,
    the sample a whole state whose observation by that seat is the observation read."""

    def make(rng: random.Random) -> Case:
        text = mutated_text(rng.choice(corpus.observation_documents), rng)
        seed: Any = rng.randrange(2**64) if rng.random() < 0.9 else rng.choice([-1, 10**30, True, 1.5, "1", None])

        def run() -> str:
            view = read(observation_from_json, observation_to_json, text)
            if view is None:
                return REFUSED
            view_text = observation_to_json(view)
            sample = attempt(lambda: sample_state(view, seed))
            unchanged(view_text, observation_to_json(view), "observation")
            if isinstance(sample, CommerceError):
                return REFUSED
            if type(seed) is not int:
                raise Finding("sample_state took a seed that is no int")
            check_state(sample)
            if observe(sample, view.player) != view:
                raise Finding("observe(sample_state(o, seed), o.player) != o")
            return ACCEPTED

        return Case(lambda: f"sample_state(observation_from_json({text!r}), {seed!r})", run)

    return make


def index_target(corpus: Corpus) -> Maker:
    """``action_from_index`` given junk: accepted only for an int that is a legal action's index now."""

    def make(rng: random.Random) -> Case:
        state = rng.choice(corpus.states)
        value = junk_index(rng, legal_action_indices(state), num_actions(state.rules))
        given: Any = state if rng.random() < 0.95 else rng.choice([None, observe(state, 0), to_json(state), 3])

        def run() -> str:
            before = to_json(state)
            action = attempt(lambda: action_from_index(given, value))
            unchanged(before, to_json(state), "state")
            if isinstance(action, CommerceError):
                return REFUSED
            if given is not state or type(value) is not int or value not in legal_action_indices(state):
                raise Finding("action_from_index accepted a value that is no legal index now")
            if action not in legal_actions(state) or action_index(state, action) != value:
                raise Finding("action_from_index(state, i) gave an action whose index is not i")
            return ACCEPTED

        def shown() -> str:
            return f"action_from_index({_state_text(state) if given is state else repr(given)}, {value!r})"

        return Case(shown, run)

    return make


def _junk_field(rng: random.Random, kind: str, deck: tuple[Any, ...]) -> Any:
    """A value for an action's field of ``kind`` (``"card"``, ``"cards"`` or ``"word"``): mostly right, else junk."""
    if rng.random() < 0.8:
        if kind == "card":
            return rng.choice(deck if rng.random() < 0.9 else DECK_52)
        return tuple(rng.sample(deck, rng.randint(1, 3)))
    return rng.choice([None, "A♠", 0, -1, 10**30, 1.5, [], (), "", ["A♠"], (DECK_52[0], DECK_52[0]), (DECK_52[0], "K♦"),
                       DECK_52[:12], "stock", b"stock", "STOCK", {"rank": "A"}, True])  # fmt: skip


def apply_target(corpus: Corpus) -> Maker:
    """``apply`` of actions of every class, built with random fields: accepted exactly when legal, the state unchanged."""

    def make(rng: random.Random) -> Case:
        state = rng.choice(corpus.states)
        legal = legal_actions(state)
        roll = rng.random()
        build: Callable[[], object]
        if roll < 0.2 and legal:
            chosen = rng.choice(legal)
            build, shown_action = (lambda: chosen), repr(chosen)
        elif roll < 0.95:
            cls = rng.choice(list(ACTION_CLASSES.values()))
            seat = rng.randrange(state.num_players + 1)
            arguments: list[Any] = [seat if rng.random() < 0.9 else junk_index(rng, (seat,), 12)]
            deck = deck_for(state.rules)
            arguments += [_junk_field(rng, kind, deck) for _, kind in cls.card_fields]
            arguments += [rng.choice(words) if rng.random() < 0.9 else _junk_field(rng, "word", deck) for _, words in cls.word_fields]
            build, shown_action = (lambda: cls(*arguments)), f"{cls.__name__}(*{arguments!r})"
        else:
            junk = rng.choice(NOT_ACTIONS)
            build, shown_action = (lambda: junk), repr(junk)

        def run() -> str:
            action = attempt(build)
            if isinstance(action, CommerceError):
                return REFUSED
            return _apply_checked(state, action)

        return Case(lambda: f"apply({_state_text(state)}, {shown_action})", run)

    return make


# -- the adapters -----------------------------------------------------------------------------------------------


class Unavailable(Exception):
    """An adapter's extra is not installed: its target is skipped."""


def _optional(name: str) -> ModuleType:
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError as missing:
        raise Unavailable(f"{name} is not installed ({missing})") from None


@dataclass
class _Table:
    """One environment or OpenSpiel state in play, and how to rebuild it (for a reproducer)."""

    thing: Any
    recipe: str
    moves: list[Any] = field(default_factory=list)


def pettingzoo_target(corpus: Corpus) -> Maker:
    """The PettingZoo environment: ``step`` given junk (refused changing nothing, accepted only when legal), and
    ``env()`` given junk arguments; a match that ends is started afresh."""
    _optional("pettingzoo")
    adapter = _optional("commerce_rules.pettingzoo")
    np = _optional("numpy")
    tables = [_Table(adapter.env(name, players), f"env({name!r}, {players})") for name in PRESETS for players in (3, 4)]
    for number, table in enumerate(tables):
        table.thing.reset(seed=number)
        table.recipe += f".reset(seed={number})"

    def snapshot(environment: Any) -> tuple[Any, ...]:
        return (environment.match, environment.agent_selection, dict(environment.rewards),
                dict(environment.terminations), dict(environment.truncations), list(environment.agents))  # fmt: skip

    def make(rng: random.Random) -> Case:
        if rng.random() < 0.05:
            return _env_arguments(rng, adapter)
        table = rng.choice(tables)
        environment = table.thing
        if not environment.agents or (all(environment.terminations.values()) and rng.random() < 0.95):
            seed = rng.randrange(2**32)
            environment.reset(seed=seed)
            table.recipe, table.moves = f"{table.recipe.split('.reset')[0]}.reset(seed={seed})", []
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        legal = tuple(int(i) for i in np.flatnonzero(mask))
        value: Any = junk_index(rng, legal, len(mask)) if rng.random() < 0.9 else None

        def run() -> str:
            before = snapshot(environment)
            result = attempt(lambda: environment.step(value))
            if isinstance(result, CommerceError):
                unchanged(before, snapshot(environment), "environment")
                return REFUSED
            dead = before[3][agent]
            integer = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
            if not (value is None and dead) and not (integer and int(value) in legal):
                raise Finding("step accepted a value that is no legal index now")
            table.moves.append(value)
            return ACCEPTED

        return Case(lambda: f"{table.recipe}; steps {table.moves!r}; then step({value!r})", run)

    return make


def _env_arguments(rng: random.Random, adapter: ModuleType) -> Case:
    """``env(variant, players, **options)`` with junk among the arguments."""
    variant: Any = rng.choice(list(PRESETS)) if rng.random() < 0.7 else rng.choice(JUNK + [b"crp", "CRP", ["crp"]])
    players: Any = rng.randint(3, 6) if rng.random() < 0.7 else rng.choice(JUNK + [4.0, "4"])
    names = list(PRESETS["foster"].options())
    options = {rng.choice(names + ["zz", "render"]): rng.choice(JUNK + ["left", "brag", 4.0]) for _ in range(rng.randint(0, 2))}
    render: Any = None if rng.random() < 0.8 else rng.choice(["ansi", "human", 1, ""])

    def run() -> str:
        return outcome(attempt(lambda: adapter.env(variant, players, render_mode=render, **options)))

    return Case(lambda: f"env({variant!r}, {players!r}, render_mode={render!r}, **{options!r})", run)


OPENSPIEL_JUNK: Final[list[Any]] = [
    -1, 0, 1, 2, 3, 5, 12, 13, 100, 10**6, 2**31 - 1, 2**31, 2**63, 10**30, -(2**31), True, False, 1.5, math.nan,
    math.inf, "", "crp", "hoyle", "brag", "left", "showdown", "x" * 400, "a\nb", "\udc80", None, [1], {"a": 1}, b"crp",
]  # fmt: skip
"""Values given as OpenSpiel parameters."""


def openspiel_game_target(corpus: Corpus) -> Maker:
    """``pyspiel.load_game`` with parameters (or a game string) holding junk, and ``CommerceGame`` given them directly."""
    pyspiel = _optional("pyspiel")
    adapter = _optional("commerce_rules.openspiel")
    from commerce_rules.learning.parameters import MAX_INT, PARAMETERS

    names = list(PARAMETERS)

    def make(rng: random.Random) -> Case:
        params: dict[Any, Any] = {"variant": rng.choice(list(PRESETS)), "players": rng.randint(3, 5)}
        for _ in range(rng.randint(1, 3)):
            name = rng.choice(names + ["zz", 7]) if rng.random() < 0.95 else rng.choice(names)
            if rng.random() < 0.1:
                params.pop(name, None)
            else:
                params[name] = rng.choice(OPENSPIEL_JUNK)
        how = rng.random()
        call: Callable[[], Any]
        if how < 0.45:
            call, shown = (lambda: pyspiel.load_game("python_commerce", params)), f"pyspiel.load_game('python_commerce', {params!r})"
        elif how < 0.6:
            text = "python_commerce(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"
            call, shown = (lambda: pyspiel.load_game(text)), f"pyspiel.load_game({text!r})"
        else:
            given: Any = params if rng.random() < 0.9 else rng.choice([None, "crp", [("variant", "crp")], 4, [1]])
            call, shown = (lambda: adapter.CommerceGame(given)), f"CommerceGame({given!r})"

        def run() -> str:
            game = attempt_foreign(call)
            if isinstance(game, (CommerceError, Foreign)):
                return outcome(game)
            game.new_initial_state()
            if not 0 < game.max_game_length() <= MAX_INT:
                raise Finding(f"max_game_length {game.max_game_length()} out of range")
            return ACCEPTED

        return Case(lambda: shown, run)

    return make


def openspiel_apply_target(corpus: Corpus) -> Maker:
    """An OpenSpiel state's ``apply_action`` given junk, at chance nodes and players' turns: refused changing
    nothing, accepted only for a chance outcome or legal action; a match is started afresh when over."""
    pyspiel = _optional("pyspiel")
    _optional("commerce_rules.openspiel")
    np = _optional("numpy")
    games = [(pyspiel.load_game("python_commerce", {"variant": name, "players": 3}), name) for name in PRESETS]
    tables = [_Table(game.new_initial_state(), f"load_game('python_commerce', {{'variant': {name!r}, 'players': 3}})")
              for game, name in games]  # fmt: skip

    def make(rng: random.Random) -> Case:
        number = rng.randrange(len(tables))
        table = tables[number]
        if table.thing.is_terminal() or len(table.moves) > 3000:
            table.thing, table.moves = games[number][0].new_initial_state(), []
        state = table.thing
        chance = state.is_chance_node()
        legal = tuple(a for a, _ in state.chance_outcomes()) if chance else tuple(state.legal_actions())
        value = rng.choice(legal) if rng.random() < 0.5 else junk_index(rng, legal, state.get_game().num_distinct_actions())

        def run() -> str:
            before = (tuple(state.history()), state.now)
            result = attempt_foreign(lambda: state.apply_action(value))
            if isinstance(result, (CommerceError, Foreign)):
                unchanged(before, (tuple(state.history()), state.now), "OpenSpiel state")
                return outcome(result)
            played = state.history()[-1]  # what OpenSpiel's bindings made of the value
            if played not in legal:
                raise Finding(f"apply_action accepted a value that is {'no chance outcome' if chance else 'not legal'} now")
            table.moves.append(played)
            if type(value) is not int and not isinstance(value, (int, np.integer)) or isinstance(value, (bool, np.bool_)):
                return FOREIGN  # converted by the bindings (np.float32(4.5) is played as 4, True as 1)
            return ACCEPTED

        return Case(lambda: f"{table.recipe}.new_initial_state(); apply_action of {table.moves!r}; then apply_action({value!r})", run)

    return make


TARGETS: Final[dict[str, Callable[[Corpus], Maker]]] = {
    "state": state_target,
    "action": action_target,
    "observation": observation_target,
    "index": index_target,
    "apply": apply_target,
    "pettingzoo": pettingzoo_target,
    "openspiel_game": openspiel_game_target,
    "openspiel_apply": openspiel_apply_target,
}
"""Every target by name, as ``--targets`` names them."""


# -- the run ------------------------------------------------------------------------------------------------------


@dataclass
class Tally:
    """One target's figures."""

    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    foreign: int = 0
    findings: int = 0
    seconds: float = 0.0

    def line(self, name: str) -> str:
        rate = self.inputs / self.seconds if self.seconds else 0.0
        return (f"{name:<16} {self.inputs:>10,} {self.accepted:>10,} {self.refused:>10,} {self.foreign:>9,}"
                f" {self.findings:>9,} {rate:>9,.0f}")  # fmt: skip


HEADER: Final = f"{'target':<16} {'inputs':>10} {'accepted':>10} {'refused':>10} {'foreign':>9} {'findings':>9} {'inputs/s':>9}"


@dataclass
class Report:
    """A fuzz's figures per target, and each distinct finding: how often, and the first one's reproducer."""

    tallies: dict[str, Tally]
    findings: dict[str, tuple[int, str]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)


def _finding_kind(name: str, error: BaseException) -> str:
    """What tells two findings apart: the target, the exception's type and its message with the numbers blurred."""
    message = re.sub(r"\d+", "N", str(error).splitlines()[0] if str(error) else "")[:120]
    return f"{name}: {type(error).__name__}: {message}"


def fuzz(inputs: int, seed: int = 0, targets: list[str] | None = None, report: Callable[[str], object] = print,
         games: int = 4) -> Report:  # fmt: skip
    """Fuzz ``inputs`` inputs spread evenly over ``targets`` (all by default); the figures and the findings."""
    rng = random.Random(seed)
    corpus = build_corpus(rng, games)
    makers: dict[str, Maker] = {}
    result = Report({})
    for name in targets or list(TARGETS):
        try:
            makers[name] = TARGETS[name](corpus)
        except Unavailable as missing:
            result.skipped[name] = str(missing)
            report(f"target {name} skipped: {missing}")
    result.tallies = {name: Tally() for name in makers}
    names = list(makers)
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    started = time.monotonic()
    try:
        for number in range(inputs if names else 0):
            name = names[number % len(names)]
            run_one(name, makers[name], rng, result, report)
            if (number + 1) % 10_000 == 0:
                report(f"{number + 1:,} inputs, {time.monotonic() - started:,.0f} s, "
                       f"{sum(t.findings for t in result.tallies.values()):,} findings")  # fmt: skip
    finally:
        signal.signal(signal.SIGALRM, previous)
    return result


def run_one(name: str, make: Maker, rng: random.Random, result: Report, report: Callable[[str], object]) -> None:
    """Make and run one input of target ``name`` under the watchdog; count what became of it."""
    tally = result.tallies[name]
    tally.inputs += 1
    case = Case(lambda: "(the input was not made)", lambda: ACCEPTED)
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        case = make(rng)
        became = case.run()
    except (Exception, Hang) as error:  # every exception that is no refusal is a finding, and so is a hang
        signal.setitimer(signal.ITIMER_REAL, 0)
        tally.findings += 1
        kind = _finding_kind(name, error)
        count, first = result.findings.get(kind, (0, ""))
        if not count:
            first = f"FINDING {kind}\n  reproducer: {case.shown()[:20_000]}"
            if len(result.findings) < SHOWN_FINDINGS:
                report(first)
        result.findings[kind] = (count + 1, first)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)
        setattr(tally, became, getattr(tally, became) + 1)
    tally.seconds += time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz from the command line; 0 when nothing was found."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    default = int(os.environ.get("COMMERCE_FUZZ_DOCUMENTS", DEFAULT_INPUTS))
    parser.add_argument("inputs", nargs="?", type=int, default=default, help=f"inputs in all (default {default:,})")
    parser.add_argument("--seed", type=int, default=0, help="the fuzz's seed (default 0)")
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of: {', '.join(TARGETS)}")
    options = parser.parse_args(argv)
    chosen = [name for name in options.targets.split(",") if name]
    unknown = [name for name in chosen if name not in TARGETS]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}; the targets are: {', '.join(TARGETS)}")
    result = fuzz(options.inputs, options.seed, chosen, report=lambda line: print(line, flush=True))
    print(HEADER)
    for name, tally in result.tallies.items():
        print(tally.line(name))
    for kind, (count, first) in result.findings.items():
        print(f"{count:,} x {kind}")
    found = sum(count for count, _ in result.findings.values())
    print(f"fuzz {'failed' if found else 'passed'}: {options.inputs:,} inputs, {found:,} findings"
          f"{', skipped: ' + ', '.join(result.skipped) if result.skipped else ''}")  # fmt: skip
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
