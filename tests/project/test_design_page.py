"""docs/design.md stays true: every path it names exists, and its layout names every top-level entry.

The page's recipes say which files a new mechanism, scoring or ranking
touches; a recipe that names a file that moved would send a contributor
astray, so the paths are checked against the tree (a ``<name>`` in a path
stands for the new part's name and is not checked).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "commerce_rules"
PAGE = ROOT / "docs" / "design.md"

PATH = re.compile(r"`([A-Za-z_./<>-]+(?:/|\.py|\.md))`")
"""A backticked file or folder: ``engine/variant.py``, ``mechanisms/widow/``, ``docs/variants/<name>.md``."""


def named_paths(text: str) -> set[str]:
    return {path for path in PATH.findall(text) if "<" not in path}


def exists(path: str) -> bool:
    """``path`` as the page means it: in the package or from the repository's root; a bare file name
    (``record.py``, named beside its package) anywhere in the package."""
    if "/" not in path:
        return any(PACKAGE.rglob(path)) or (ROOT / path).exists()
    return (PACKAGE / path).exists() or (ROOT / path).exists()


def layout_block(text: str) -> str:
    section = text[text.index("## The modules") :]
    return section[section.index("```text") : section.index("```", section.index("```text") + 7)]


def test_every_path_the_design_page_names_exists() -> None:
    missing = sorted(path for path in named_paths(PAGE.read_text(encoding="utf-8")) if not exists(path))
    assert missing == []


def test_the_page_names_the_files_a_new_part_touches() -> None:
    recipe = PAGE.read_text(encoding="utf-8").split("## Adding a variant", 1)[1].split("## The modules", 1)[0]
    assert {"engine/variant.py", "core/rules.py", "__init__.py", "bots/strategies/__init__.py"} <= named_paths(recipe)


def test_the_layout_drawn_names_every_top_level_entry_of_the_package() -> None:
    block = layout_block(PAGE.read_text(encoding="utf-8"))
    drawn = set(re.findall(r"^  (\S+)", block, re.MULTILINE))
    entries = {
        path.name + ("/" if path.is_dir() else "")
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py" or (path / "__init__.py").exists()) and path.name not in ("__main__.py", "_moved.py")
    }
    assert drawn == entries


def test_the_check_finds_a_path_that_is_gone(tmp_path: Path) -> None:
    assert named_paths("see `engine/variant.py` and `mechanisms/<name>/` and `no/such.py`") == {"engine/variant.py", "no/such.py"}
    assert exists("engine/variant.py") and exists("record.py") and not exists("no/such.py") and not exists("gone.py")
