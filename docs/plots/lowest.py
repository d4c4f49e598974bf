"""The chance that a dealt hand is the lowest at the table, by the number of players, for each widow variant.

Deals real deals with :func:`commerce_rules.new_game` (seeded), ranks every
hand with :func:`commerce_rules.evaluate`, and counts the seats whose hand
is the lowest or tied for it -- the seats that would lose a life if nobody
exchanged a card. Without ties the chance would be exactly 1/n; ties at the
bottom (Extended Commerce's "nothing", Trentuno's equal totals) raise it.

Run ``python docs/plots/lowest.py`` to recompute ``lowest.json``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import figure, read_data, save, wilson, write_data  # noqa: E402

from commerce_rules import PRESETS, CommerceError, Rules, evaluate, new_game  # noqa: E402
from commerce_rules.ranking.table import table_key  # noqa: E402
from commerce_rules.engine.variant import variant_of  # noqa: E402

NAME = "lowest"
SEED = 2026
DEALS = 3000
SIZES = tuple(range(3, 13))


def widow_presets() -> list[str]:
    """The presets with a widow where the lowest hand loses, one per way of ranking a deck (Pounce ranks as CRP)."""
    names, seen = [], set()
    for name, rules in PRESETS.items():
        parts = variant_of(rules)
        key = (table_key(rules), parts.mechanism.widow_size)
        if parts.mechanism.widow_size and parts.scoring.unit and key not in seen:
            seen.add(key)
            names.append(name)
    return names


def lowest_count(rules: Rules, players: int, deals: int, seed: int) -> int | None:
    """Over ``deals`` deals, how many seats held the lowest hand or a tie for it (``None``: the table does not fit)."""
    try:
        new_game(rules, players, seed=seed)
    except CommerceError:
        return None
    count = 0
    for deal in range(deals):
        state = new_game(rules, players, seed=seed * 1_000_003 + deal)
        values = [evaluate(hand, rules) for hand in state.hands]
        low = min(values)
        count += sum(1 for value in values if value == low)
    return count


def compute(names: list[str] | None = None, sizes: tuple[int, ...] = SIZES, deals: int = DEALS, seed: int = SEED) -> dict[str, Any]:
    names = widow_presets() if names is None else names
    cells = {
        name: {str(n): lowest_count(PRESETS[name], n, deals, seed) for n in sizes}
        for name in names
    }
    return {"seed": seed, "deals": deals, "sizes": list(sizes), "lowest": cells}


def draw(data: dict[str, Any], path: Path) -> None:
    fig = figure()
    ax = fig.add_subplot()
    sizes = data["sizes"]
    ax.plot(sizes, [1 / n for n in sizes], linestyle=":", color="grey", label="1/n (no ties)")
    for name, cells in data["lowest"].items():
        xs, ys, lows, highs = [], [], [], []
        for n in sizes:
            count = cells[str(n)]
            if count is None:
                continue
            value, low, high = wilson(count, data["deals"] * n)
            xs.append(n)
            ys.append(value)
            lows.append(low)
            highs.append(high)
        (line,) = ax.plot(xs, ys, marker="o", markersize=3, label=name.upper())
        ax.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2)
    ax.set_xlabel("players at the table")
    ax.set_ylabel("chance that a dealt hand is the lowest")
    ax.set_xticks(sizes)
    ax.set_ylim(0, None)
    ax.legend(frameon=False)
    ax.set_title(f"Dealt hands, {data['deals']:,} deals per point, 95% intervals", fontsize=10)
    save(fig, path)


if __name__ == "__main__":
    print(write_data(NAME, compute()))
    if "--draw" in sys.argv:
        draw(read_data(NAME), Path("/tmp") / f"{NAME}.svg")
