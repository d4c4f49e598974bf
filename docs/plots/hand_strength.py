"""The hand-strength curve: how likely a dealt hand is to do its job, against the share of hands it beats.

For each way of ranking hands (one preset per ranking), every three-card
hand the deck can deal is sorted from the worst to the best; the curve
gives, at each point, the chance the bots' hand model
(:func:`commerce_rules.bots.model.hand_model`) gives that hand against
three random hands: where the lowest hand loses a life or a counter, the
chance *not* to be the lowest; in Foster's ledger game, the chance to be
the best (ties half). Flat stretches are hands that tie: Extended
Commerce's "nothing", Trentuno's totals.

Run ``python docs/plots/hand_strength.py`` to recompute ``hand_strength.json`` (a second).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import figure, read_data, save, write_data  # noqa: E402

from commerce_rules import PRESETS, Category, hand_strength_table  # noqa: E402
from commerce_rules.bots.model import hand_model, lowest_loses  # noqa: E402
from commerce_rules.ranking.table import table_key  # noqa: E402

NAME = "hand_strength"
OPPONENTS = 3
POINTS = 200


def one_per_ranking() -> list[str]:
    names, seen = [], set()
    for name, rules in PRESETS.items():
        key = (table_key(rules), lowest_loses(rules))
        if key not in seen:
            seen.add(key)
            names.append(name)
    return names


def curve(name: str, points: int = POINTS) -> dict[str, Any]:
    rules = PRESETS[name]
    model = hand_model(rules, OPPONENTS)
    hands = sorted(
        ((value.strength, bits) for bits, value in hand_strength_table(rules).items() if value.category is not Category.QUAD),
    )
    last = len(hands) - 1
    ys = [round(model.utility[hands[round(k * last / points)][1]], 6) for k in range(points + 1)]
    return {"job": "not the lowest" if lowest_loses(rules) else "the best", "hands": len(hands), "y": ys}


def compute(names: list[str] | None = None) -> dict[str, Any]:
    names = one_per_ranking() if names is None else names
    return {"opponents": OPPONENTS, "points": POINTS, "curves": {name: curve(name) for name in names}}


def draw(data: dict[str, Any], path: Path) -> None:
    curves = data["curves"]
    fig = figure(7.0, 4.0 + 0.22 * len(curves))
    ax = fig.add_subplot()
    xs = [k / data["points"] for k in range(data["points"] + 1)]
    for name, c in curves.items():
        ax.step(xs, c["y"], where="mid", label=f"{name.upper()} ({c['job']})")
    ax.set_xlabel("the hand's place among all the hands the deck can deal (worst 0, best 1)")
    ax.set_ylabel(f"chance of doing its job against {data['opponents']} hands")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9, loc="upper left")
    ax.set_title("The hand-strength curve of each ranking", fontsize=10)
    save(fig, path)


if __name__ == "__main__":
    print(write_data(NAME, compute()))
    if "--draw" in sys.argv:
        draw(read_data(NAME), Path("/tmp") / f"{NAME}.svg")
