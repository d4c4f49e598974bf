"""The scripts in examples/ run and print what their docstrings promise."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


@pytest.mark.parametrize("variant", ["foster", "crp", "pounce", "trentuno", "extended", "hoyle"])
def test_play_a_match_plays_every_preset_to_its_end(variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    _load("play_a_match.py")["main"](["--variant", variant, "--players", "3", "--seed", "3"])
    out = capsys.readouterr().out
    assert out.startswith("deal 1: seat ")
    assert "winners: [" in out.splitlines()[-1]


def test_write_a_bot_reports_its_record(capsys: pytest.CaptureFixture[str]) -> None:
    _load("write_a_bot.py")["main"](["--games", "3"])
    assert capsys.readouterr().out.startswith("ImproverBot won ")


def test_server_turn_refuses_bad_moves_and_applies_a_good_one(capsys: pytest.CaptureFixture[str]) -> None:
    _load("server_turn.py")["main"]()
    replies = [line.split(" -> ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert replies[0] == "refused: action: missing field 'player'"
    assert replies[1].startswith("refused: action.player: there is no seat 99")
    assert replies[2].startswith("ok: 3 cards in hand")
    assert re.match(r"refused: it is seat \d+'s turn to act, not seat \d+$", replies[3])
