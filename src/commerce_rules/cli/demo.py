"""The ``demo`` subcommand: one match between bots, narrated move by move."""

from __future__ import annotations

import argparse
import sys
from typing import Final

from ..bots import Bot, GreedyBot
from ..engine.start import new_game
from ..engine.reducer import apply, legal_actions
from ..text.narrate import narrate_start, narrate_step
from ..engine.observe import observe
from .arguments import _check_playable, _variant_text, rules_from_args
from .common import EXIT_OK, EXIT_STOPPED, PROG

__all__ = ["DEMO_ACTION_LIMIT", "cmd_demo", "demo_bots"]

DEMO_ACTION_LIMIT: Final = 20_000
"""The most actions a demo plays before it gives up (the rules end every deal long before with sensible bots)."""


def demo_bots(players: int) -> list[Bot]:
    """The demo's players: a :class:`~commerce_rules.bots.GreedyBot` at every seat.

    GreedyBot is deterministic, so a demo is a pure function of its
    variant, options, number of players and seed: ``--seed`` replays it.
    """
    return [GreedyBot() for _ in range(players)]


def cmd_demo(args: argparse.Namespace) -> int:
    """``demo``: one match between bots, narrated; the seed is printed so that it can be replayed."""
    rules = rules_from_args(args)
    _check_playable(rules, args.variant)
    state = new_game(rules, args.players, seed=args.seed)
    bots = demo_bots(args.players)
    print(f"Commerce, {_variant_text(args)}: {args.players} players, {type(bots[0]).__name__} at every seat.")
    print(f"seed {state.seed} — replay with --seed {state.seed}")
    print()
    for line in narrate_start(state):  # with any deal settled as it was dealt, and the winners if that ended the match
        print(line)
    for _ in range(DEMO_ACTION_LIMIT):
        if state.is_over:
            return EXIT_OK
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        action = bots[seat].choose(observe(state, seat), legal)
        after = apply(state, action)
        for line in narrate_step(state, action, after):
            print(line)
        state = after
    if state.is_over:
        return EXIT_OK
    print(
        f"{PROG} demo: stopped after {DEMO_ACTION_LIMIT} actions without the match ending "
        "(try --option turn_limit=N)",
        file=sys.stderr,
    )
    return EXIT_STOPPED
