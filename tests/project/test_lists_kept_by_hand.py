"""The few lists of every preset or option that stay written by hand name every one, and nothing else.

Every other list is generated from ``PRESETS`` and ``Rules``' fields (the
docs' ``presets``, ``action-space`` and ``part-options`` directives, and the
tests that run on every preset). These stay by hand because a reader meets
them where nothing is generated, or because each entry says what only a
person can write: README's variant table (the project's front page), and
the rules options page, whose summary row and entry describe each option.
The package index's summary (``pyproject.toml``'s description) is held by
``tests/project/test_release.py``. Each failure names what is missing and
where to add it (docs/design.md, "Adding a preset" and "Adding an option").
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from commerce_rules import PRESETS, Rules
from commerce_rules.core import rules as rules_module

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
RULES_OPTIONS = ROOT / "docs" / "variants" / "rules-options.md"
PARTS = ("mechanism", "scoring", "ranking")


def preset_constants() -> list[str]:
    """The name of each preset's constant (``CRP``), in the order of ``PRESETS``."""
    constants = {id(value): name for name, value in vars(rules_module).items() if isinstance(value, Rules)}
    return [constants[id(rules)] for rules in PRESETS.values()]


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a ``## `` line), up to the next heading of that level."""
    after = text.split(f"\n{heading}\n", 1)[1]
    return after.split("\n## ", 1)[0]


def first_cells(table_text: str) -> list[str]:
    """The first backticked name of each row of the Markdown tables in ``table_text``."""
    return re.findall(r"^\| `([A-Za-z_]+)`", table_text, re.MULTILINE)


def test_the_readme_table_has_a_row_for_every_preset() -> None:
    rows = first_cells(section(README.read_text(encoding="utf-8"), "## Variants"))
    missing = [name for name in preset_constants() if name not in rows]
    assert not missing, f"README.md's variant table (## Variants) has no row for {', '.join(missing)}: add one"
    unknown = [name for name in rows if name not in preset_constants()]
    assert not unknown, f"README.md's variant table has rows for {', '.join(unknown)}, which PRESETS does not hold"
    assert rows == preset_constants(), "README.md's variant table lists the presets in another order than PRESETS"


def test_the_rules_options_page_summarises_and_describes_every_option() -> None:
    text = RULES_OPTIONS.read_text(encoding="utf-8")
    options = [field.name for field in attrs.fields(Rules)]
    summary = first_cells(section(text, "## Summary"))
    missing = [name for name in options if name not in summary]
    assert not missing, f"{RULES_OPTIONS.name}'s summary table has no row for {', '.join(missing)}: add one"
    unknown = [name for name in summary if name not in options]
    assert not unknown, f"{RULES_OPTIONS.name}'s summary table has rows for {', '.join(unknown)}, which Rules lacks"
    # Each option's entry: a definition list's term, the option's name alone (the parts share one term).
    described = set(re.findall(r"^`([a-z_]+)`\n: ", text, re.MULTILINE))
    if re.search(r"^`mechanism`, `scoring`, `ranking`\n: ", text, re.MULTILINE):
        described |= set(PARTS)
    undescribed = [name for name in options if name not in described]
    assert not undescribed, f"{RULES_OPTIONS.name} has no entry (its name as a term, then ': ') for {', '.join(undescribed)}"


def test_the_checks_find_what_is_missing() -> None:
    table = "| preset | game |\n| --- | --- |\n| `FOSTER` (default) | x |\n| `CRP` | y |\n"
    assert first_cells(table) == ["FOSTER", "CRP"]
    text = "intro\n## Variants\n" + table + "\n## Documentation\n| `NOT_HERE` | z |\n"
    assert first_cells(section(text, "## Variants")) == ["FOSTER", "CRP"]
    assert preset_constants()[:2] == ["FOSTER", "CRP"]
