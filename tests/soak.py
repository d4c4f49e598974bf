"""The soak: many random matches of every preset, every invariant checked after every action.

``nox -s soak`` runs it (``nox -s soak -- 1000`` for 1,000 games per preset;
``COMMERCE_SOAK_GAMES`` says the same); ``python tests/soak.py --help`` lists
the options. The test suite runs a few games (``test_soak_and_fuzz.py``), so
the checks themselves are tested in CI. After each action, :func:`check_step`
asserts:

* the cards are conserved: hands, widow, stock and discard hold the deck, each card once;
* money is zero-sum: balances plus the pot are 0 (all 0 where the scoring has no money);
* lives never rise, except by one for the buyer of a horse;
* purity: the state before is unchanged (its JSON text is the same);
* determinism: the same action on the same state gives an equal state;
* exact legality: ``legal_actions`` is empty exactly once over and lists only
  the seat to act's actions; random actions of the variant's whole action
  space are accepted exactly when listed, and a refused one raises
  ``IllegalActionError`` and changes nothing; values that are no action raise
  ``ArgumentTypeError``;
* the JSON round trip: the state and the action read back equal.

A failure is printed with the preset, players, seed and action number, which
replay it (:func:`commerce_rules.replay` with the same policy seed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Final

from commerce_rules import (
    PRESETS,
    Action,
    ArgumentTypeError,
    BuyHorse,
    Card,
    GameState,
    IllegalActionError,
    Knock,
    Rules,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    to_json,
)
from commerce_rules.core.actions import ACTION_CLASSES
from commerce_rules.core.deck import deck_for
from commerce_rules.engine.variant import variant_of

from helpers import MATCH_BOUND, kind_first, random_walk

DEFAULT_GAMES: Final = 100_000
"""Games per preset of a full soak."""

NOT_ACTIONS: Final[tuple[object, ...]] = (None, "knock", 3, 2.5, Knock, ("knock", 0), {"type": "knock"}, object())
"""Values that are no action: ``apply`` must refuse each with an ``ArgumentTypeError``."""

CANDIDATES: Final = 4
"""Random actions of the whole action space tried on each state (most of them illegal)."""


def random_action(rules: Rules, rng: random.Random, players: int) -> Action:
    """An action of any class, of a seat of the table (or beyond it), naming cards of the variant's deck."""
    deck = deck_for(rules)
    cls = rng.choice(list(ACTION_CLASSES.values()))
    arguments: list[object] = [rng.randrange(min(players + 1, 12)) if rng.random() < 0.9 else rng.randrange(12)]
    for _, kind in cls.card_fields:
        arguments.append(rng.choice(deck) if kind == "card" else tuple(rng.sample(deck, rng.randint(1, 3))))
    for _, words in cls.word_fields:  # Draw's source
        arguments.append(rng.choice(words))
    return cls(*arguments)  # type: ignore[arg-type]


def check_state(state: GameState) -> tuple[Action, ...]:
    """The invariants of one state on its own; its legal actions."""
    deck = deck_for(state.rules)
    held: list[Card] = [card for hand in state.hands for card in hand]
    held += [*state.widow, *state.stock, *state.discard]
    assert len(held) == len(deck) and set(held) == set(deck), "cards not conserved"
    assert sum(state.balances) + state.pot == 0, "money is not zero-sum"
    legal = legal_actions(state)
    assert bool(legal) != state.is_over, "legal_actions must be empty exactly once the match is over"
    assert (state.to_act is None) == state.is_over, "to_act must be None exactly once over"
    assert all(action.player == state.to_act for action in legal), "a legal action of a seat not to act"
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    return legal


def check_refusals(state: GameState, text: str, legal: tuple[Action, ...], rng: random.Random) -> None:
    """Random actions are accepted exactly when listed; refusals and non-actions change nothing."""
    listed = set(legal)
    for _ in range(CANDIDATES):
        action = random_action(state.rules, rng, state.num_players)
        if action in listed:
            apply(state, action)
            continue
        try:
            apply(state, action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"apply accepted {action!r}, which legal_actions does not list")
    value = rng.choice(NOT_ACTIONS)
    try:
        apply(state, value)  # type: ignore[arg-type]
    except ArgumentTypeError:
        pass
    else:
        raise AssertionError(f"apply accepted {value!r}")
    assert to_json(state) == text, "a refused action changed the state"


def check_step(before: GameState, text: str, action: Action, after: GameState, rng: random.Random) -> str:
    """Every invariant of one action from ``before`` (whose JSON is ``text``); the JSON of ``after``."""
    assert to_json(before) == text, "apply changed its input"
    assert apply(before, action) == after, "the same action gave another state"
    for seat, (old, new) in enumerate(zip(before.lives, after.lives)):
        if new > old:
            assert isinstance(action, BuyHorse) and seat == action.player and new == old + 1, "lives rose"
    after_text = to_json(after)
    assert state_from_json(after_text) == after, "the state does not round-trip through JSON"
    assert action_from_json(action_to_json(action)) == action, "the action does not round-trip through JSON"
    legal = check_state(after)
    if not variant_of(after.rules).scoring.has_money:
        assert not any(after.balances) and after.pot == 0, "money in a variant without money"
    check_refusals(after, after_text, legal, rng)
    return after_text


def soak_game(rules: Rules, players: int, seed: int) -> int:
    """Play one checked match; the number of actions."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    text = to_json(state)
    check_refusals(state, text, check_state(state), rng)
    count = 0
    for before, action, state in random_walk(state, rng, MATCH_BOUND, kind_first(rng, uniform_share=0.5)):
        text = check_step(before, text, action, state, rng)
        count += 1
    assert state.is_over, f"the match did not end within {MATCH_BOUND} actions"
    return count


def max_players(rules: Rules) -> int:
    """The most players a deal of ``rules`` has cards for."""
    for players in range(12, 2, -1):
        try:
            new_game(rules, players, seed=0)
        except ValueError:
            continue
        return players
    raise AssertionError("no table size fits")  # pragma: no cover


def soak(names: list[str], games: int, first_seed: int = 0, report: Callable[[str], object] = print) -> dict[str, tuple[int, int]]:
    """Soak each preset of ``names`` for ``games`` matches; per preset, (games, actions) checked."""
    totals: dict[str, tuple[int, int]] = {}
    for name in names:
        rules = PRESETS[name]
        largest = max_players(rules)
        started, actions = time.monotonic(), 0
        for game in range(games):
            seed = first_seed + game
            players = 3 + seed % (largest - 2)
            try:
                actions += soak_game(rules, players, seed)
            except Exception as error:
                raise AssertionError(f"{name}, {players} players, seed {seed}: {type(error).__name__}: {error}") from error
            if (game + 1) % 100 == 0:
                report(f"{name}: {game + 1:,} games, {actions:,} actions checked, {time.monotonic() - started:.0f} s")
        totals[name] = (games, actions)
        report(f"{name}: done, {games:,} games, {actions:,} actions checked, {time.monotonic() - started:.0f} s")
    return totals


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    default = int(os.environ.get("COMMERCE_SOAK_GAMES", DEFAULT_GAMES))
    parser.add_argument("games", nargs="?", type=int, default=default, help=f"games per preset (default {default:,})")
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset names (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; 0 when every check held."""
    options = _arguments(argv)
    names = [name for name in options.presets.split(",") if name]
    totals = soak(names, options.games, options.seed, report=lambda line: print(line, flush=True))
    games = sum(g for g, _ in totals.values())
    actions = sum(a for _, a in totals.values())
    print(f"soak passed: {games:,} games, {actions:,} actions, every invariant after every action")
    return 0


def _steps(state: GameState, rng: random.Random, limit: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """Up to ``limit`` random steps from ``state`` (for the fuzz's play on an accepted document)."""
    return random_walk(state, rng, limit, kind_first(rng, uniform_share=0.5))


if __name__ == "__main__":
    sys.exit(main())
