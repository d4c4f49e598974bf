"""Benchmark the figure a bot author gets: one pass of ``apply`` over recorded games.

Run:  python benchmarks/bench_replay.py [--runs 5] [--games 40] [--seed 2024] [--presets crp,foster]
                                        [--players 3,6,12] [--rates-at 6] [--json FILE]

For each preset and player count, ``--games`` random matches are played and
their actions recorded (the seed of each and its action list, nothing else).
Then each match is replayed once from ``new_game``: every ``apply`` on the
fresh state the previous one returned, deal transitions (showdown, shuffle,
lay-out) included, no state timed twice and nothing memoised by the
recording. The figure is the total time of the ``apply`` calls divided by
the number of actions, in µs; the median of ``--runs`` passes is reported.

A table a preset's deck cannot deal (Schwimmen's 32 cards seat at most 9)
is skipped: ``--presets schwimmen --players 3,6,9`` measures it.

Also reported, at 6 players (``--rates-at``: the tables where they are):

* **bot turn**: the same pass, but each step is ``legal_actions(state)``
  then ``apply`` of the recorded action, as a bot's turn goes;
* **games/s**: whole random matches per second on one core, choosing with
  ``random.Random`` from ``legal_actions`` (deal included);
* **long deal**: the per-action cost of ``apply`` at 100 and at 10,000
  events into one deal (a widow deal that never ends: every seat
  exchanges back and forth), the ratio of the two;
* **calibration** (in the JSON only): the ms of a fixed pure-Python loop
  that runs no library code, timed just before those figures: the
  machine's own speed at that moment, which ``check_targets.py`` prints
  beside the targets.

``--json FILE`` also writes the figures to ``FILE`` (``check_targets.py``
reads them there, one whole run of this script at a time). This is a
script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from commerce_rules import PRESETS, CommerceError, Rules, apply, legal_actions, new_game
from commerce_rules.core.actions import Action, Exchange

PLAYERS = (3, 6, 12)


def record(rules: Rules, players: int, games: int, seed: int) -> list[tuple[int, list[Action]]]:
    """``games`` random matches: each one's seed and its actions."""
    rng = random.Random(seed)
    recorded = []
    for game in range(games):
        game_seed = seed * 1000 + game
        state = new_game(rules, players, seed=game_seed)
        actions = []
        while not state.is_over:
            options = legal_actions(state)
            action = options[rng.randrange(len(options))]
            actions.append(action)
            state = apply(state, action)
        recorded.append((game_seed, actions))
    return recorded


def replay_pass(rules: Rules, players: int, games: list[tuple[int, list[Action]]], with_legal: bool) -> float:
    """µs per action of one pass over ``games`` (``apply`` alone, or ``legal_actions`` then ``apply``)."""
    clock = time.perf_counter_ns
    total = 0
    count = 0
    for game_seed, actions in games:
        state = new_game(rules, players, seed=game_seed)
        if with_legal:
            start = clock()
            for action in actions:
                legal_actions(state)
                state = apply(state, action)
            total += clock() - start
        else:
            start = clock()
            for action in actions:
                state = apply(state, action)
            total += clock() - start
        count += len(actions)
    return total / count / 1000


def calibration_ms(repeats: int = 3) -> float:
    """The ms of a fixed pure-Python workload that runs no library code: the machine's speed at the moment.

    A flat turn of a widow game on plain tuples, 20,000 times: the same kind
    of interpreter work as ``apply`` (tuple indexing and building, small-int
    arithmetic, comparisons), whose cost only the machine can change. The
    median of ``repeats`` timings.
    """
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        hands: tuple[tuple[int, ...], ...] = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12, 13, 14), (15, 16, 17))
        widow: tuple[int, ...] = (18, 19, 20)
        seat = 0
        for step in range(20_000):
            hand = hands[seat]
            give, take = step % 3, (step // 3) % 3
            new_hand = hand[:give] + (widow[take],) + hand[give + 1 :]
            widow = widow[:take] + (hand[give],) + widow[take + 1 :]
            hands = hands[:seat] + (new_hand,) + hands[seat + 1 :]
            seat = seat + 1 if seat < 5 else 0
        times.append(1000 * (time.perf_counter() - start))
    return statistics.median(times)


def games_per_second(rules: Rules, players: int, games: int, seed: int) -> float:
    """Whole random matches per second, as a random bot plays them."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for game in range(games):
        state = new_game(rules, players, seed=seed + game)
        while not state.is_over:
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
    return games / (time.perf_counter() - start)


def long_deal(rules: Rules, events: int, window: int = 200) -> float:
    """µs per ``apply`` over ``window`` actions once the deal holds ``events`` events."""
    state = new_game(rules.replace(exchanges_per_turn=1, turn_limit=None), 6, seed=1)
    deal = state.deal_number

    def step(state_now: object) -> Action:
        options = legal_actions(state_now)  # type: ignore[arg-type]
        exchanges = [a for a in options if isinstance(a, Exchange)]
        return exchanges[0] if exchanges else options[0]

    while len(state.history) < events:
        state = apply(state, step(state))
        assert state.deal_number == deal, "the long deal ended"
    actions = []
    probe = state
    for _ in range(window):
        action = step(probe)
        actions.append(action)
        probe = apply(probe, action)
    start = time.perf_counter_ns()
    for action in actions:
        state = apply(state, action)
    return (time.perf_counter_ns() - start) / window / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)))
    parser.add_argument("--rates-at", default="6", help="the tables where bot turns and games/s are measured")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE, as JSON")
    args = parser.parse_args()
    names = [name for name in args.presets.split(",") if name]
    tables = [int(n) for n in args.players.split(",") if n]
    rates_at = {int(n) for n in args.rates_at.split(",") if n}
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}; "
        f"{args.games} recorded random games per cell; median of {args.runs} passes"
    )
    print()
    print(f"{'preset':<11} {'players':>7} {'actions':>8} {'apply µs':>9} {'bot turn µs':>12} {'games/s':>9}")
    cells: list[dict[str, object]] = []
    figures: dict[str, object] = {"python": platform.python_version(), "cells": cells}
    for name in names:
        rules = PRESETS[name]
        for players in tables:
            try:
                new_game(rules, players, seed=0)
            except CommerceError:  # the deck cannot deal this table
                continue
            games = record(rules, players, args.games, args.seed)
            actions = sum(len(a) for _, a in games)
            alone = statistics.median(replay_pass(rules, players, games, False) for _ in range(args.runs))
            cell: dict[str, object] = {"preset": name, "players": players, "actions": actions, "apply_us": alone}
            turn = bot_rate = ""
            if players in rates_at:
                cell["calibration_ms"] = calibration_ms()
                cell["bot_turn_us"] = statistics.median(replay_pass(rules, players, games, True) for _ in range(args.runs))
                cell["games_per_s"] = statistics.median(games_per_second(rules, players, args.games, args.seed) for _ in range(args.runs))
                turn, bot_rate = f"{cell['bot_turn_us']:.1f}", f"{cell['games_per_s']:,.0f}"
            cells.append(cell)
            print(f"{name:<11} {players:>7} {actions:>8} {alone:>9.1f} {turn:>12} {bot_rate:>9}")
    print()
    if "crp" in names:
        widow = PRESETS["crp"]
        short = statistics.median(long_deal(widow, 100) for _ in range(args.runs))
        long = statistics.median(long_deal(widow, 10_000) for _ in range(args.runs))
        figures["long_deal_us"] = {"100": short, "10000": long}
        print(f"long deal (crp, 6 players): {short:.1f} µs per apply at 100 events, {long:.1f} at 10,000 (x{long / short:.2f})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1)


if __name__ == "__main__":
    main()
