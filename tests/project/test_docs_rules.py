"""The Rules pages (docs/rules/) are the cited text: every numbered rule an anchor, every citation resolves.

The docs cite a rule as ``{rule}`2.3``` and the docstrings as "Rules §2.3";
nothing cites the file RULES.md any more. Where the normative RULES.md is
at hand (``shared/RULES.md`` beside the repository, as on the project's
machines), the pages hold every one of its numbered rules and every one of
its **[resolution]** marks.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
ANCHOR = re.compile(r"^\((rules?-[0-9-]+(?:-options)?)\)=\n(#+) (.*)$", re.M)
CITED_IN_DOCS = re.compile(r"\{rule\}`(?:[^`<]*<)?([0-9.]+)>?`")
CITED_IN_CODE = re.compile(r"Rules §(\d+(?:\.\d+)?)((?:(?:-|–|, ?| and )§?\d+(?:\.\d+)?)*)")
SHARED = ROOT.parent / "shared" / "RULES.md"


def label(number: str) -> str:
    section, _, rule = number.partition(".")
    return f"rule-{section}-{rule}" if rule else f"rules-{section}"


def anchors() -> dict[str, str]:
    """Every label of the Rules pages → the heading it stands on."""
    found: dict[str, str] = {}
    for page in sorted(RULES.glob("*.md")):
        for name, _, heading in ANCHOR.findall(page.read_text(encoding="utf-8")):
            assert name not in found, f"{name} twice"
            found[name] = heading
    return found


def sources() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "src").rglob("*.py"))]
    files += sorted((ROOT / "examples").rglob("*.py"))
    return [path for path in files if "_build" not in path.parts and "_generated" not in path.parts]


def test_no_doc_or_docstring_cites_rules_md() -> None:
    citing = [str(path.relative_to(ROOT)) for path in sources() if "RULES.md" in path.read_text(encoding="utf-8")]
    assert citing == []


def test_every_numbered_rule_is_an_anchor_on_its_own_heading() -> None:
    found = anchors()
    rules = {name: heading for name, heading in found.items() if name.startswith("rule-")}
    assert len(rules) > 50
    for name, heading in rules.items():
        number = name.removeprefix("rule-").replace("-", ".")
        assert heading.startswith(f"{number} "), (name, heading)
    sections = sorted(int(name.removeprefix("rules-")) for name in found if re.fullmatch(r"rules-\d+", name))
    assert sections == list(range(len(sections)))


def test_every_citation_in_the_docs_and_the_code_has_its_rule() -> None:
    found = anchors()
    missing = []
    for path in sources():
        text = path.read_text(encoding="utf-8")
        numbers = CITED_IN_DOCS.findall(text) if path.suffix == ".md" else [m.group(1) for m in CITED_IN_CODE.finditer(text)]
        missing += [f"{path.relative_to(ROOT)}: {number}" for number in numbers if label(number) not in found]
    assert missing == []


def test_the_docstrings_cite_the_rules() -> None:
    cited = [path for path in sorted((ROOT / "src").rglob("*.py")) if CITED_IN_CODE.search(path.read_text(encoding="utf-8"))]
    assert len(cited) >= 10


@pytest.mark.skipif(not SHARED.is_file(), reason="the normative RULES.md is not beside the repository")
def test_the_pages_hold_every_rule_and_every_resolution_of_rules_md() -> None:
    text = SHARED.read_text(encoding="utf-8")
    found = anchors()
    pages = "\n".join(page.read_text(encoding="utf-8") for page in RULES.glob("*.md"))
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        heading, _, body = section.partition("\n")
        number = heading.split(".", 1)[0]
        assert f"rules-{number}" in found, number
        for rule in re.findall(r"^(\d+)\. ", body, flags=re.M):
            assert f"rule-{number}-{rule}" in found, f"{number}.{rule}"
    assert pages.count("[resolution") == text.count("[resolution")


def cite_rules() -> Any:
    spec = importlib.util.spec_from_file_location("cite_rules", ROOT / "scripts" / "cite_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rewriting_script_turns_rules_md_into_rule_citations() -> None:
    script = cite_rules()
    text = "as (RULES.md §2.3) and RULES.md\n§6.1, 6.8-6.10; RULES.md §5."
    assert script.in_markdown(text) == "as ({rule}`2.3`) and {rule}`Rules §6.1, 6.8-6.10 <6.1>`; {rule}`5`."
    assert script.in_code(text) == "as (Rules §2.3) and Rules\n§6.1, 6.8-6.10; Rules §5."
    assert script.in_code(script.in_code(text)) == script.in_code(text)
    for number in [m.group(1) for m in CITED_IN_DOCS.finditer(script.in_markdown(text))]:
        assert label(number) in anchors()
