"""The shared code asks the parts and never branches on one (docs/design.md, "The shape of the code").

Outside the parts' own modules (``mechanisms/``, ``scoring/``, ``ranking/``,
``actions.py``), the registry (``variant.py``), ``rules.py`` where the
presets are and ``state.py`` where the vocabulary is, no module names a mechanism, a scoring or a ranking, a
phase or an event kind that belongs to one part, or an action class of one
part: a new part must not need an edit there. Read from the code itself
(its syntax tree), so docstrings and messages do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "commerce_rules"

PART_MODULES = (
    "mechanisms", "scoring", "ranking", "bots/strategies", "actions.py", "rules.py", "state.py", "variant.py",
    "__init__.py",
)  # fmt: skip
"""The parts (and the bots' strategy for each), the one registry that names them, and the modules of the
vocabulary, the presets and the exports."""

PART_ENUMS = {"Mechanism", "Scoring", "Ranking", "EventKind", "ShowdownReason"}
SHARED_PHASES = {"OVER", "PLAY"}
"""Phases every variant has: over, and the placeholder of a deal not begun yet."""
PART_ACTIONS = {"Buy", "Barter", "BarterReply", "Exchange", "ExchangeAll", "Pounce", "BlindExchange", "BuyHorse"}


def shared_modules() -> list[Path]:
    return sorted(
        path for path in PACKAGE.rglob("*.py")
        if not any(path.relative_to(PACKAGE).as_posix().startswith(part) for part in PART_MODULES)
    )  # fmt: skip


def part_references(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner, name = node.value.id, node.attr
            if owner in PART_ENUMS or (owner == "Phase" and name not in SHARED_PHASES):
                found.append(f"{owner}.{name} (line {node.lineno})")
        elif isinstance(node, ast.Name) and node.id in PART_ACTIONS:
            found.append(f"{node.id} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom) and node.module and {"mechanisms", "scoring"} & set(node.module.split(".")):
            found.append(f"from {node.module} import ... (line {node.lineno})")
    return found


def test_the_shared_modules_are_found() -> None:
    names = {str(path.relative_to(PACKAGE)) for path in shared_modules()}
    assert {"engine.py", "deal.py", "showdown.py", "observe.py", "narrate.py", "terminal.py"} <= names
    assert any(name.startswith("serialize/") for name in names) and any(name.startswith("cli/") for name in names)


@pytest.mark.parametrize("path", shared_modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_shared_module_never_names_a_part_its_phases_or_its_actions(path: Path) -> None:
    assert part_references(path) == []


def test_the_check_finds_a_branch_on_a_part(tmp_path: Path) -> None:
    source = tmp_path / "branchy.py"
    source.write_text(
        "from .mechanisms.widow import Widow\n"
        "def f(rules, action, state):\n"
        "    if rules.mechanism is Mechanism.WIDOW and isinstance(action, Exchange):\n"
        "        return state.phase is Phase.POUNCE\n",
        encoding="utf-8",
    )
    assert len(part_references(source)) == 4


MOST_LINES = 430
"""A module is small and has one job: the design's "no module much over 400 lines", as a number."""


def _too_long(root: Path, most: int) -> list[str]:
    """The modules under ``root`` of more than ``most`` lines, with their lengths."""
    lengths = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in sorted(root.rglob("*.py"))}
    return [f"{path.relative_to(root)}: {count}" for path, count in lengths.items() if count > most]


def test_no_module_is_much_over_400_lines() -> None:
    assert len(list(PACKAGE.rglob("*.py"))) > 50
    assert _too_long(PACKAGE, MOST_LINES) == []


def test_the_length_check_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text("x = 1\n" * (MOST_LINES + 1), encoding="utf-8")
    (tmp_path / "short.py").write_text("x = 1\n" * MOST_LINES, encoding="utf-8")
    assert _too_long(tmp_path, MOST_LINES) == [f"long.py: {MOST_LINES + 1}"]
