"""What the plot scripts share: where the data lives, reading and writing it, the figures' look.

Each script in this folder computes its data with the library
(``compute``), writes it to ``<name>.json`` beside itself (``python
docs/plots/<name>.py``), and draws it with matplotlib (``draw``). The docs
build draws every figure from the committed data (``docs/conf.py``), and
``tests/project/test_docs_plots.py`` recomputes a part of each data file with the
same seed and checks it is unchanged: a change to the library that moves a
figure fails there until the script is run again. Computing is kept apart
from drawing so that the tests need no matplotlib.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def data_path(name: str) -> Path:
    return HERE / f"{name}.json"


_FLAT_LIST = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")


def write_data(name: str, data: dict[str, Any]) -> Path:
    """Write ``<name>.json``: objects one key a line, lists of numbers on one line (short diffs)."""
    path = data_path(name)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    text = _FLAT_LIST.sub(lambda match: "[" + " ".join(match.group(1).split()) + "]", text)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def read_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_path(name).read_text(encoding="utf-8"))
    return data


def figure(width: float = 7.0, height: float = 4.2) -> Any:
    """A matplotlib figure in the docs' style (imported here, so computing needs no matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "svg.hashsalt": "commerce-rules",
            "svg.fonttype": "none",
            "font.size": 10,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.alpha": 0.3,
        }
    )
    return plt.figure(figsize=(width, height))


def save(fig: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, format=path.suffix.lstrip("."), metadata={"Date": None})
    plt.close(fig)


def wilson(successes: int, trials: int) -> tuple[float, float, float]:
    """The share and its 95% Wilson interval, by the library's own function."""
    from commerce_rules.simulation.results import wilson_interval

    estimate = wilson_interval(successes, trials)
    return estimate.value, estimate.low, estimate.high
