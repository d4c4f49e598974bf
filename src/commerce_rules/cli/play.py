"""The ``play`` subcommand: a match in the terminal, you at one seat against bots at the others."""

from __future__ import annotations

import argparse
import sys

from ..engine.start import new_game
from ..core.errors import CommerceError
from .terminal import Abandoned, play_match
from .arguments import _check_playable, _variant_text, rules_from_args
from .common import EXIT_OK
from .demo import demo_bots

__all__ = ["cmd_play"]


def cmd_play(args: argparse.Namespace) -> int:
    """``play``: you at one seat, bots at the others; your moves chosen by number from the legal ones, or typed in
    words (``x 2♣ 4♦``, ``knock``, ``draw stock``: :func:`commerce_rules.text.typed_moves.read_move`)."""
    rules = rules_from_args(args)
    _check_playable(rules, args.variant)
    if not 0 <= args.seat < args.players:
        raise CommerceError(f"--seat must be a seat from 0 to {args.players - 1}, not {args.seat}")
    state = new_game(rules, args.players, seed=args.seed)
    bots = demo_bots(args.players)
    print(f"Commerce, {_variant_text(args)}: {args.players} players; you are seat {args.seat}, GreedyBot the others.")
    print("Press Ctrl-D (or Ctrl-C) to leave.")  # the seed deals every hand: it is told once the match is over
    print()
    replay = f"seed {state.seed} — replay this match with --seed {state.seed}."
    try:
        final = play_match(state, args.seat, bots, sys.stdin, sys.stdout, fresh=True)
    except (Abandoned, KeyboardInterrupt):
        print("\nYou left the table. Goodbye.")
        return EXIT_OK
    print("You win!" if args.seat in final.winners else "The bots win this time.")
    print(replay)
    return EXIT_OK
