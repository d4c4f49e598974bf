"""Benchmark ``CommerceVectorEnv`` against the PettingZoo environment: random-play steps per second on one core.

Run (with the extras installed, ``pip install 'commerce-rules[gym,pettingzoo]'``,
or in ``nox -s adapters``'s environment):

    python benchmarks/bench_vector_env.py [--envs 256] [--players 4] [--runs 5] [--seconds 2] [--end-when-out] [PRESET ...]

For each preset (by default ``foster``, ``crp`` and ``thirty_one``), two
loops run in alternation, ``--runs`` times each, for about ``--seconds``
seconds a run; the median run of each is reported, and the median of the
runs' ratios (each run's vector figure over the PettingZoo run just before
it):

* **PettingZoo**: ``commerce_rules.pettingzoo.env(preset, players)``, the
  AEC loop (``agent_iter``, ``last``, ``step``), every seat playing an action
  drawn uniformly from its ``action_mask``. Its steps a second count every
  ``step`` with an action: every seat's move.
* **vector**: ``CommerceVectorEnv(envs, preset, players, opponents=RandomBot)``,
  each ``step`` given an action per row drawn uniformly from the row's
  mask, the other seats played by ``RandomBot`` (seeded from each match's
  seed: a uniform draw from the seat's legal actions). Its *learner steps*
  a second count ``envs`` per ``step`` (the steps a learner gets: what
  Gymnasium's vector environments count); its *moves* a second add the
  opponents' moves, every seat's move as PettingZoo counts them. They are
  counted after the timed run, by playing the same steps again, untimed,
  with a subclass of ``RandomBot`` that counts its choices: the same seeds
  give the same moves.

The two ratios are vector over PettingZoo: learner steps (the experience a
single learner gets a second) and moves (the same work, every seat's move,
counted alike).

With ``--end-when-out`` the vector environments end an episode when the
learner is out of its match (``end_when_out=True``): the same learner
steps, without the moves the others would have made alone after it.

For ``thirty_one`` more loops run in the same alternation: **arrays**,
``ThirtyOneVectorEnv(envs, players, copy=False, compiled=False)``, the same
preset kept as NumPy arrays, its opponents playing at random from each
match's seed, and where Numba is installed (the ``fast`` extra) **compiled**,
the same with ``compiled=True``; their moves are their learner steps and
their ``opponent_moves``.

The process is pinned to one core where the system allows it. This is a
script, not a test: it checks only that the counted run played the timed
run's matches.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from commerce_rules import Action, Observation, RandomBot

try:
    import gymnasium
    import numpy as np

    from commerce_rules.gym import CommerceVectorEnv, ThirtyOneVectorEnv
    from commerce_rules.pettingzoo import env as pettingzoo_env
except ImportError as error:  # nox -s bench installs the bench extra only
    MISSING: str | None = f"{error}: install the gym and pettingzoo extras to run it"
else:
    MISSING = None

DEFAULT_PRESETS = ("foster", "crp", "thirty_one")


def pettingzoo_moves(name: str, players: int, seconds: float, seed: int) -> float:
    """Moves a second of whole matches through the AEC loop, each seat choosing uniformly from its mask."""
    environment = pettingzoo_env(name, players)
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        environment.reset(seed=rng.getrandbits(32))
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
    return moves / (time.perf_counter() - start)


class CountingRandomBot(RandomBot):
    """``RandomBot``, counting the choices of every such bot in ``CountingRandomBot.choices``."""

    choices = 0

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        CountingRandomBot.choices += 1
        return super().choose(observation, legal_actions)


def uniform_rows(rng: Any, masks: Any) -> Any:
    """One index per row, uniform over the row's True entries (every row has one: same-step autoreset)."""
    rows, columns = np.nonzero(masks)
    counts = np.bincount(rows, minlength=len(masks))
    firsts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    return columns[firsts + (rng.random(len(masks)) * counts).astype(np.int64)]


def vector_steps(name: str, players: int, envs: int, seconds: float, seed: int, until_out: bool) -> tuple[float, float]:
    """Learner steps and moves a second of ``envs`` matches stepped at once, actions uniform over the masks."""
    environment = CommerceVectorEnv(envs, name, players, opponents=RandomBot, copy=False, end_when_out=until_out)
    rng = np.random.default_rng(seed)
    observed, _ = environment.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observed, *_ = environment.step(uniform_rows(rng, observed["action_mask"]))
        steps += 1
    elapsed = time.perf_counter() - start
    moves = opponent_moves(name, players, envs, steps, seed, environment.matches, until_out)
    return steps * envs / elapsed, (steps * envs + moves) / elapsed


def array_steps(players: int, envs: int, seconds: float, seed: int, until_out: bool, compiled: bool) -> tuple[float, float]:
    """Learner steps and moves a second of ``ThirtyOneVectorEnv``, actions uniform over the masks."""
    environment = ThirtyOneVectorEnv(envs, players, copy=False, end_when_out=until_out, compiled=compiled)
    rng = np.random.default_rng(seed)
    observed, _ = environment.reset(seed=seed)
    steps, before = 0, environment.opponent_moves
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observed, *_ = environment.step(uniform_rows(rng, observed["action_mask"]))
        steps += 1
    elapsed = time.perf_counter() - start
    return steps * envs / elapsed, (steps * envs + environment.opponent_moves - before) / elapsed


def opponent_moves(name: str, players: int, envs: int, steps: int, seed: int, matches: Any, until_out: bool) -> int:
    """The opponents' moves in ``steps`` steps of :func:`vector_steps`'s run (which ended at ``matches``), played again."""
    environment = CommerceVectorEnv(envs, name, players, opponents=CountingRandomBot, copy=False, end_when_out=until_out)
    rng = np.random.default_rng(seed)
    observed, _ = environment.reset(seed=seed)
    CountingRandomBot.choices = 0
    for _ in range(steps):
        observed, *_ = environment.step(uniform_rows(rng, observed["action_mask"]))
    if environment.matches != matches:
        raise RuntimeError("the counted run did not play the timed run's matches: its count would be wrong")
    return CountingRandomBot.choices


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(DEFAULT_PRESETS))
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--end-when-out", action="store_true", help="end an episode when the learner is out of its match")
    args = parser.parse_args(argv)
    if MISSING is not None:
        print(f"skipped: {MISSING}")
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"Python {platform.python_version()}, gymnasium {gymnasium.__version__}, numpy {np.__version__}")
    print(f"{args.envs} matches at once, {args.players} players, the median of {args.runs} runs of {args.seconds:g} s each")
    print("episodes end when the learner is out" if args.end_when_out else "episodes are whole matches")
    columns = ("PettingZoo steps/s", "vector learner steps/s", "vector moves/s", "ratio (learner)", "ratio (moves)")
    print(f"{'preset':<12} " + " ".join(f"{column:>{len(column)}}" for column in columns))
    kinds = {"  (arrays)": False, "  (compiled)": True}
    if not ThirtyOneVectorEnv(1, args.players).compiled:  # the environment's own answer: Numba imports, or not
        del kinds["  (compiled)"]
    for name in args.presets:
        array_kinds = kinds if name == "thirty_one" else {}
        vector_steps(name, args.players, args.envs, 0.2, args.seed, args.end_when_out)  # warm-up: the tables, the caches
        for compiled in array_kinds.values():
            array_steps(args.players, args.envs, 0.2, args.seed, args.end_when_out, compiled)  # and the compiling
        pettingzoo: list[float] = []
        learner: list[float] = []
        moves: list[float] = []
        arrays: dict[str, list[tuple[float, float]]] = {kind: [] for kind in array_kinds}
        for run in range(args.runs):
            pettingzoo.append(pettingzoo_moves(name, args.players, args.seconds, args.seed + run))
            steps, all_moves = vector_steps(name, args.players, args.envs, args.seconds, args.seed + run, args.end_when_out)
            learner.append(steps)
            moves.append(all_moves)
            for kind, compiled in array_kinds.items():
                arrays[kind].append(
                    array_steps(args.players, args.envs, args.seconds, args.seed + run, args.end_when_out, compiled)
                )
        report(name, pettingzoo, learner, moves)
        for kind, figures in arrays.items():
            report(kind, pettingzoo, [one for one, _ in figures], [every for _, every in figures])


def report(name: str, pettingzoo: list[float], learner: list[float], moves: list[float]) -> None:
    """A row of the table: the medians, and the medians of each run's ratios to the PettingZoo run before it."""
    zoo, one, every = statistics.median(pettingzoo), statistics.median(learner), statistics.median(moves)
    by_learner = statistics.median(steps / zoo for steps, zoo in zip(learner, pettingzoo))
    by_moves = statistics.median(steps / zoo for steps, zoo in zip(moves, pettingzoo))
    print(f"{name:<12} {zoo:>18,.0f} {one:>22,.0f} {every:>14,.0f} {by_learner:>15.2f} {by_moves:>13.2f}")


if __name__ == "__main__":
    main()
