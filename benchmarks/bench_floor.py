"""Where a pass's time goes: a move within a deal against one that ends a deal, and the shuffle's parts.

Run:  python benchmarks/bench_floor.py [--games 30] [--seed 2024] [--players 6] [--presets foster,crp,thirty_one]

For each preset, ``--games`` random matches are recorded as in
``bench_replay.py`` and replayed once on fresh states; each ``apply`` is
timed alone (``time.perf_counter_ns``) and counted as a move within a deal
or as a move that ends a deal (its showdown, settlement and the next deal's
shuffle and lay-out included). Then the shuffle of one deal is timed in its
parts (the SHAKE-256 digest, reading each draw's top byte, the whole shuffle),
each the best of 5 repeats of 20,000 calls: a cost of the code alone, to
set beside the pass's means.

This is a script, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import statistics
import time
import timeit

from bench_replay import record

from commerce_rules import PRESETS, apply, new_game
from commerce_rules.engine.deal import _HEADS, shuffled_deck


def split_pass(name: str, players: int, games: int, seed: int) -> tuple[list[int], list[int], int]:
    """The ns of each move within a deal, of each move that ends one, and the number of deals, over one pass."""
    rules = PRESETS[name]
    within: list[int] = []
    ending: list[int] = []
    deals = 0
    clock = time.perf_counter_ns
    for game_seed, actions in record(rules, players, games, seed):
        state = new_game(rules, players, seed=game_seed)
        deals += len(state.showdowns) + 1
        for action in actions:
            start = clock()
            after = apply(state, action)
            spent = clock() - start
            if after.deal_number != state.deal_number or after.is_over:
                ending.append(spent)
                deals += after.deal_number - state.deal_number
            else:
                within.append(spent)
            state = after
    return within, ending, deals


def best(call: object, number: int = 20_000) -> float:
    """µs per call of ``call``: the best of 5 repeats."""
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", default="foster,crp,thirty_one")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.players} players, {args.games} games a preset")
    print(f"{'preset':<11} {'within µs':>10} {'ending µs':>10} {'actions/deal':>13} {'deals µs/action':>16} {'all µs/action':>14}")
    for name in args.presets.split(","):
        within, ending, deals = split_pass(name, args.players, args.games, args.seed)
        actions = len(within) + len(ending)
        print(
            f"{name:<11} {statistics.mean(within) / 1000:>10.1f} {statistics.mean(ending) / 1000:>10.1f} "
            f"{actions / deals:>13.1f} {sum(ending) / actions / 1000:>16.1f} {(sum(within) + sum(ending)) / actions / 1000:>14.1f}"
        )
    rules = PRESETS["crp"]
    message = b"commerce-rules:%d:%d" % (12345, 7)
    digest = hashlib.shake_256(message).digest(8 * 51)
    heads = _HEADS[51]  # the shuffle's own reader of each draw's top byte
    print("one 52-card shuffle, µs (best of 5 repeats):")
    print(f"  SHAKE-256, 408 bytes    {best(lambda: hashlib.shake_256(message).digest(8 * 51)):6.2f}")
    print(f"  51 draws' top bytes     {best(lambda: heads.unpack(digest)):6.2f}")
    print(f"  the whole shuffle       {best(lambda: shuffled_deck(rules, 12345, 7)):6.2f}")


if __name__ == "__main__":
    main()
