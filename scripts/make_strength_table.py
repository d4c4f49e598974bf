"""Write docs/strength.md: a tournament of the library's bots for every preset at 3 players.

Run from the repository's root: ``python scripts/make_strength_table.py
[--games N] [--rollouts R] [--workers W]``. The page says how it was made,
so rerunning with the same arguments gives the same tables.
"""

from __future__ import annotations

import argparse
import functools
import time
from pathlib import Path

from commerce_rules import PRESETS, GreedyBot, RandomBot, SearchBot, tournament
from commerce_rules.simulation.runs import BotSpec
from commerce_rules.simulation.tournaments import BOOTSTRAP_SAMPLES, TournamentResult

PAGE = Path(__file__).resolve().parent.parent / "docs" / "strength.md"
PLAYERS = 3
SEED = 2024


def table(name: str, result: TournamentResult) -> list[str]:
    """One preset's Markdown table, strongest first."""
    lines = [
        f"## {name}",
        "",
        "| bot | win rate [95% CI] | mean return [95% CI] | rating ± se |",
        "| --- | --- | --- | --- |",
    ]
    for s in sorted(result.standings, key=lambda s: -s.rating):
        lines.append(f"| {s.name} | {s.win_rate} | {s.mean_return} | {s.rating:+.0f} ± {s.rating_se:.0f} |")
    return [*lines, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="deal seeds per preset (each played 3 times)")
    parser.add_argument("--rollouts", type=int, default=16, help="SearchBot's rollouts per candidate")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    search = f"SearchBot(rollouts={args.rollouts})"
    bots: dict[str, BotSpec] = {"RandomBot": RandomBot, "GreedyBot": GreedyBot, search: functools.partial(SearchBot, args.rollouts)}
    began = time.perf_counter()
    body: list[str] = []
    for name, rules in PRESETS.items():
        result = tournament(bots, rules, PLAYERS, args.games, SEED, workers=args.workers)
        body += table(name, result)
        print(f"{name}: {time.perf_counter() - began:.0f} s", flush=True)
    minutes = (time.perf_counter() - began) / 60
    head = [
        "# Strength of the library's bots",
        "",
        f"`RandomBot`, `GreedyBot` and `{search}` against each other at {PLAYERS} players, for",
        "every preset: a {func}`~commerce_rules.tournament` of "
        f"{args.games} deal seeds (seed {SEED}), each played in all 3 seatings, so "
        f"{args.games * PLAYERS} matches per preset, each bot in every one of them.",
        "",
        "The win rate counts a shared win as a fraction, with Wilson's 95% interval;",
        "the mean return is {func}`~commerce_rules.returns` with Student's 95% interval;",
        "the rating is Bradley–Terry on the Elo scale (mean 0), from every pair of",
        "seats' returns, and its standard error a bootstrap over the deal seeds",
        f"({BOOTSTRAP_SAMPLES} resamples). The number of seeds was chosen so that the whole",
        f"page is made in a few minutes on two cores (this run: {minutes:.0f} minutes), so",
        "the intervals are wide: differences within them are not established, and",
        "`SearchBot` with more rollouts is stronger than shown here.",
        "",
        "Made by `scripts/make_strength_table.py "
        f"--games {args.games} --rollouts {args.rollouts}`.",
        "",
    ]
    PAGE.write_text("\n".join(head + body).rstrip() + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
