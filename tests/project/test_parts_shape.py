"""The shared code asks the parts and never branches on one (docs/design.md, "The shape of the code").

Outside the parts' own modules (``mechanisms/``, ``scoring/``, ``ranking/``,
``core/actions.py``), the registry (``engine/variant.py``), ``core/rules.py`` where the
presets are and ``core/state.py`` where the vocabulary is, no module names a mechanism, a scoring or a ranking, a
phase or an event kind that belongs to one part, or an action class of one
part: a new part must not need an edit there. Read from the code itself
(its syntax tree), so docstrings and messages do not count.

The rankings likewise: only the registry (``ranking/registry.py``) names a
ranking's module, and no module but the rankings' own (and their helpers,
``ranking/_common.py``), ``core/rules.py`` and the bots' strategies names a
ranking or a category other than the pounce's ``QUAD``: the table, the
reasons, the odds page and ``rank`` read the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from commerce_rules.ranking.registry import RANKINGS

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "commerce_rules"

PART_MODULES = (
    "mechanisms", "scoring", "ranking", "bots/strategies", "core/actions.py", "core/rules.py", "core/state.py",
    "engine/variant.py",
    "__init__.py",
    "gym/thirty_one",
)  # fmt: skip
"""The parts (and the bots' strategy for each), the one registry that names them, the modules of the
vocabulary, the presets and the exports, and the one preset written out in arrays (``gym/thirty_one``,
held to the engine by its own tests: docs/design.md, "The shape of the code")."""

PART_ENUMS = {"Mechanism", "Scoring", "Ranking", "EventKind", "ShowdownReason"}
SHARED_PHASES = {"OVER", "PLAY"}
"""Phases every variant has: over, and the placeholder of a deal not begun yet."""
SHARED_REASONS = {"TURN_LIMIT"}
"""The showdown reason of every mechanism alike: ``turn_limit`` is the engine's to hold (``parts/play.py``)."""
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
            shared = (owner == "Phase" and name in SHARED_PHASES) or (owner == "ShowdownReason" and name in SHARED_REASONS)
            if (owner in PART_ENUMS or owner == "Phase") and not shared:
                found.append(f"{owner}.{name} (line {node.lineno})")
        elif isinstance(node, ast.Name) and node.id in PART_ACTIONS:
            found.append(f"{node.id} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom) and node.module and {"mechanisms", "scoring"} & set(node.module.split(".")):
            found.append(f"from {node.module} import ... (line {node.lineno})")
    return found


def test_the_shared_modules_are_found() -> None:
    names = {str(path.relative_to(PACKAGE)) for path in shared_modules()}
    assert {"engine/reducer.py", "engine/deal.py", "engine/showdown.py", "engine/observe.py", "text/narrate.py", "text/seat_words.py", "cli/terminal.py"} <= names
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


# --------------------------------------------------------------------------- the rankings

RANKING_MODULES = frozenset(part.grader.__module__.rsplit(".", 1)[-1] for part in RANKINGS.values())
"""The modules of the registered rankings (``foster``, ``classic``...)."""
SHARED_LABELS = {"QUAD"}
"""The pounce's category, which every ranking's table holds."""


def ranking_shared_modules() -> list[Path]:
    """Every module but the rankings' own, the registry that names them, ``core/rules.py`` where the presets are and the bots' strategies."""
    return sorted(
        path for path in PACKAGE.rglob("*.py")
        if not path.relative_to(PACKAGE).as_posix().startswith(("bots/strategies", "core/rules.py"))
        and (path.parent.name != "ranking" or (path.stem not in RANKING_MODULES and path.stem != "registry"))
    )  # fmt: skip


def ranking_references(path: Path, *, labels: bool = True) -> list[str]:
    """Where ``path`` names a ranking, imports a ranking's module or (with ``labels``) names a category but ``QUAD``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner, name = node.value.id, node.attr
            if owner == "Ranking" or (labels and owner == "Category" and name not in SHARED_LABELS):
                found.append(f"{owner}.{name} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom):
            modules = {*(node.module or "").split("."), *(alias.name for alias in node.names)}
            if modules & RANKING_MODULES:
                found.append(f"from {'.' * node.level}{node.module or ''} import ... (line {node.lineno})")
    return found


def test_the_rankings_modules_are_found() -> None:
    assert {"foster", "classic", "extended", "trentuno", "hoyle"} <= RANKING_MODULES
    names = {path.relative_to(PACKAGE).as_posix() for path in ranking_shared_modules()}
    assert {"ranking/table.py", "ranking/compare.py", "ranking/odds.py", "cli/rank.py", "text/narrate.py"} <= names
    assert not {"ranking/registry.py", "ranking/classic.py", "bots/strategies/widow.py"} & names


@pytest.mark.parametrize("path", ranking_shared_modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_shared_module_never_names_a_ranking_or_its_categories(path: Path) -> None:
    assert ranking_references(path, labels=path.name != "_common.py") == []


def test_the_check_finds_a_branch_on_a_ranking(tmp_path: Path) -> None:
    source = tmp_path / "branchy.py"
    source.write_text(
        "from . import classic, foster\n"
        "from ..ranking.trentuno import grader\n"
        "from .rules import Ranking\n"
        "def f(rules, value):\n"
        "    if rules.ranking is Ranking.FOSTER and value.category is Category.TRICON:\n"
        "        return value.category is Category.QUAD\n",
        encoding="utf-8",
    )
    assert len(ranking_references(source)) == 4
    assert len(ranking_references(source, labels=False)) == 3


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
