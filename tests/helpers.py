"""Helpers the tests share: cards from their text, play a list of actions, let players pass, and the one play loop.

Every test that plays a game move by move goes through :func:`walk` (random
play through :func:`random_walk` and :func:`play_random_match`), so a match
is played the same way, with the same bound, everywhere. :func:`with_hidden_cards`
is the one place that edits a state's JSON document.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from commerce_rules import (
    Action,
    Bot,
    Card,
    Discard,
    Draw,
    GameState,
    Knock,
    Pass,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    state_from_json,
    to_json,
)
from commerce_rules.engine.deal import deck_for

Step = tuple[GameState, Action, GameState]
"""One action of a game: ``(state before, action, state after)``."""

Policy = Callable[[GameState, tuple[Action, ...]], Action]
"""How a player chooses: from the state and its legal actions, one of those actions."""

MATCH_BOUND = 20_000
"""A bound on a match's length: random play needs a few hundred actions at most; a match that reaches it fails."""


def c(text: str) -> Card:
    """One card from its text (``c("K♠")``): the rule tests name their cards this way."""
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their text, separated by spaces (``cards("A♠ K♠ Q♠")``): a hand, a widow or a stock in a rule test."""
    return parse_cards(text)


def texts(cards: tuple[Card, ...]) -> list[str]:
    """The cards' texts, in order: what a rule test compares with a list of strings."""
    return [str(card) for card in cards]


def deck_dealing_a_31(rules: Rules, players: int, eldest_hand: str = "A♠ K♠ Q♠") -> list[Card]:
    """A whole deck, top first, whose deal gives the eldest ``eldest_hand`` (a 31 in Thirty-One) and nobody else a 31."""
    wanted = parse_cards(eldest_hand)
    rest = sorted((card for card in deck_for(rules) if card not in wanted), key=lambda card: card.rank)  # low cards first
    deck: list[Card] = []
    for card in wanted:
        deck.append(card)
        deck.extend(rest[: players - 1])
        del rest[: players - 1]
    return deck + rest


def play(state: GameState, *actions: Action) -> GameState:
    """``state`` after ``actions``, in order."""
    for action in actions:
        state = apply(state, action)
    return state


def blind_turn(state: GameState) -> GameState:
    """A draw-and-discard turn that changes no hand: the player to act draws from the stock and discards the card drawn."""
    seat = state.to_act
    assert seat is not None
    state = apply(state, Draw(seat, "stock"))
    return apply(state, Discard(seat, state.hands[seat][-1]))


def passes(state: GameState, count: int) -> GameState:
    """``count`` passes, each by the player to act (a declined question counts as one)."""
    for _ in range(count):
        assert state.to_act is not None
        state = apply(state, Pass(state.to_act))
    return state


# ---- the play loop ------------------------------------------------------------------------------


def walk(state: GameState, choose: Policy, steps: int = MATCH_BOUND) -> Iterator[Step]:
    """``(before, action, after)`` for each action ``choose`` picks, for ``steps`` actions or until the match ends."""
    for _ in range(steps):
        if state.is_over:
            return
        action = choose(state, legal_actions(state))
        after = apply(state, action)
        yield state, action, after
        state = after


def play_out(state: GameState, choose: Policy, max_actions: int = MATCH_BOUND) -> GameState:
    """The final state of the match from ``state`` on; fails if it does not end within ``max_actions``."""
    count = 0
    for _, _, state in walk(state, choose, max_actions):
        count += 1
    assert state.is_over, f"the match did not end within {count} actions"
    return state


def uniform(rng: random.Random) -> Policy:
    """Each legal action equally likely."""
    return lambda state, actions: rng.choice(actions)


def kind_first(rng: random.Random, uniform_share: float = 0.0) -> Policy:
    """A kind of action first (Knock, Exchange, ...), each kind equally likely, then one of that kind.

    Knocks and passes are then as likely as the many exchanges, so deals end
    in every way the rules allow. With ``uniform_share`` that part of the
    choices is uniform over all legal actions instead.
    """

    def choose(state: GameState, actions: tuple[Action, ...]) -> Action:
        if uniform_share and rng.random() < uniform_share:
            return rng.choice(actions)
        kinds: dict[str, list[Action]] = {}
        for action in actions:
            kinds.setdefault(type(action).__name__, []).append(action)
        return rng.choice(kinds[rng.choice(sorted(kinds))])

    return choose


def always(kind: type[Knock] | type[Pass]) -> Policy:
    """``kind(player to act)`` every time: a table that always knocks, or always passes."""

    def choose(state: GameState, actions: tuple[Action, ...]) -> Action:
        assert state.to_act is not None
        return kind(state.to_act)

    return choose


def bots_at(bots: Sequence[Bot]) -> Policy:
    """Each seat's bot chooses, from that seat's observation (as a table of bots plays)."""

    def choose(state: GameState, actions: tuple[Action, ...]) -> Action:
        seat = state.to_act
        assert seat is not None
        return bots[seat].choose(observe(state, seat), actions)

    return choose


def random_walk(
    state: GameState, rng: random.Random, steps: int = MATCH_BOUND, policy: Policy | None = None
) -> Iterator[Step]:
    """:func:`walk` with random legal actions drawn by ``rng`` (uniformly, unless ``policy`` says otherwise)."""
    return walk(state, policy if policy is not None else uniform(rng), steps)


def play_random_match(
    rules: Rules,
    players: int,
    seed: int,
    rng: random.Random,
    *,
    policy: Policy | None = None,
    check: Callable[[GameState, Action, GameState], None] | None = None,
    max_actions: int = MATCH_BOUND,
) -> tuple[GameState, list[Action]]:
    """A whole match of random legal play from ``new_game(rules, players, seed=seed)``: its final state and actions.

    ``check(before, action, after)`` is called on every step; the match must
    end within ``max_actions``.
    """
    state = new_game(rules, players, seed=seed)
    actions: list[Action] = []
    for before, action, state in random_walk(state, rng, max_actions, policy):
        if check is not None:
            check(before, action, state)
        actions.append(action)
    assert state.is_over, f"the match did not end within {max_actions} actions"
    return state, actions


# ---- the one edit of a state's JSON ------------------------------------------------------------


def with_hidden_cards(
    state: GameState, *, hands: Sequence[Sequence[Card]], stock: Sequence[Card], discard: Sequence[Card],
    widow: Sequence[Card] | None = None,
) -> GameState:
    """``state`` with these hands, stock and discard, everything else as it is, built through its JSON.

    Only the document's top-level ``"hands"``, ``"stock"`` and ``"discard"``
    lists (and ``"widow"``, if given: a face-down extra hand) are replaced, so this is the one function to change if the JSON
    layout changes. Raises :class:`~commerce_rules.SerializationError` when
    the result is not a valid state (``state_from_json`` checks it as it
    checks any input).
    """
    document = json.loads(to_json(state))
    document["hands"] = [[str(card) for card in hand] for hand in hands]
    document["stock"] = [str(card) for card in stock]
    document["discard"] = [str(card) for card in discard]
    if widow is not None:
        document["widow"] = [str(card) for card in widow]
    return state_from_json(json.dumps(document, ensure_ascii=False))


def sigint_as_default() -> None:
    """For a child process (``preexec_fn``): SIGINT back to its default, so the child's Python handles Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def ctrl_c_armed() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt in this process during the test, whatever the test runner inherited.

    A command started in the background by a shell without job control (as
    CI may start the suite) has SIGINT ignored, and Python then keeps it
    ignored: a simulated Ctrl-C would do nothing. The tests of Ctrl-C arm it
    themselves, and restore what they found.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


# ---- optional extras ----------------------------------------------------------------------------


def optional_import(name: str) -> Any:
    """The module ``name`` of an optional extra: the test is skipped without it, except under ``nox -s adapters``.

    That session sets ``COMMERCE_ADAPTERS_REQUIRED=1`` after installing the
    extras, so a missing one fails there instead of skipping the test.
    """
    if os.environ.get("COMMERCE_ADAPTERS_REQUIRED"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


def script_module(path: Path) -> ModuleType:
    """The script at ``path`` (one of ``scripts/``, say) loaded as a module, without running its ``main``."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
