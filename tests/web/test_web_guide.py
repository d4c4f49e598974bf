"""The guide "Build a game server" quotes the web table's code as it is: each quoted block is in the example's files.

The quotes are not run by the docs' doctests (they need the ``web`` extra),
so this keeps them from drifting away from examples/web_table/.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "game-server.md"
EXAMPLE = ROOT / "examples" / "web_table"
QUOTED = re.compile(r"^```(python|javascript)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
SOURCES = {"python": EXAMPLE / "app.py", "javascript": EXAMPLE / "static" / "table.js"}


def quotes(text: str) -> list[tuple[str, str]]:
    """``(language, code)`` for each Python or JavaScript block of a page."""
    return [(language, code) for language, code in QUOTED.findall(text)]


def test_every_block_of_code_the_guide_quotes_is_in_the_example() -> None:
    found = quotes(GUIDE.read_text(encoding="utf-8"))
    assert {language for language, _ in found} == {"python", "javascript"}
    for language, code in found:
        assert code in SOURCES[language].read_text(encoding="utf-8"), f"not in {SOURCES[language].name}:\n{code}"


def test_a_block_that_drifted_is_found() -> None:
    page = "intro\n```python\ndef play_move(saved: str) -> None:\n    pass\n```\n"
    assert quotes(page) == [("python", "def play_move(saved: str) -> None:\n    pass\n")]
    assert quotes(page)[0][1] not in SOURCES["python"].read_text(encoding="utf-8")
