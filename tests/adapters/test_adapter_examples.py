"""The adapters' examples (examples/openspiel_mcts.py, examples/pettingzoo_random.py) run to their end.

Skipped unless the extras are installed: ``nox -s adapters`` runs them.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest

from helpers import optional_import

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


def test_openspiel_mcts_plays_mcts_against_greedybot_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    optional_import("pyspiel")
    _load("openspiel_mcts.py")["main"](["--matches", "2", "--simulations", "8"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == ["match 1", "match 2"]
    assert re.match(r"mean returns: MCTS [+-]\d+\.\d\d, GreedyBot [+-]\d+\.\d\d, RandomBot [+-]\d+\.\d\d$", lines[2])


@pytest.mark.parametrize("variant", ["foster", "crp", "hoyle"])
def test_pettingzoo_random_plays_a_match_to_the_end(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    optional_import("pettingzoo")
    _load("pettingzoo_random.py")["main"](["--variant", variant, "--players", "3", "--seed", "2"])
    out = capsys.readouterr().out
    assert out.startswith("  seat ")  # the narration of the first move
    assert re.match(r"\d+ moves; rewards: player_0 [+-]?\d", out.splitlines()[-1])
