"""Rewrite citations of RULES.md as citations of the Rules pages (docs/rules/).

``python scripts/cite_rules.py`` rewrites, in place:

* in the Markdown pages (``docs/**/*.md``, ``README.md``): ``RULES.md §2.3``
  as ``{rule}`2.3``` (a link that reads "Rules §2.3"), and a range such as
  ``RULES.md §2.6-2.7`` as ``{rule}`Rules §2.6-2.7 <2.6>```;
* in the code (``src/**/*.py``, ``examples/**/*.py``): ``RULES.md §2.3`` as
  ``Rules §2.3`` (the API pages turn those words into links).

It prints each file it changed and every ``RULES.md`` it could not rewrite
(one without a section number); ``tests/project/test_docs_rules.py`` fails while
any is left. Run it after merging a branch that still cites RULES.md.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"RULES\.md(\s+)§(\d+(?:\.\d+)?)((?:(?:-|–|, ?)\d+(?:\.\d+)?)*)")


def in_markdown(text: str) -> str:
    def link(match: re.Match[str]) -> str:
        first, rest = match.group(2), match.group(3)
        return f"{{rule}}`Rules §{first}{rest} <{first}>`" if rest else f"{{rule}}`{first}`"

    return CITATION.sub(link, text)


def in_code(text: str) -> str:
    return CITATION.sub(lambda match: f"Rules{match.group(1)}§{match.group(2)}{match.group(3)}", text)


def files() -> list[Path]:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    code = [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "examples").rglob("*.py"))]
    return [path for path in pages + code if "_build" not in path.parts]


def main() -> int:
    left = 0
    for path in files():
        text = path.read_text(encoding="utf-8")
        if "RULES.md" not in text:
            continue
        new = in_markdown(text) if path.suffix == ".md" else in_code(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")
        for number, line in enumerate(new.splitlines(), start=1):
            if "RULES.md" in line:
                left += 1
                print(f"{path.relative_to(ROOT)}:{number}: still cites RULES.md: {line.strip()}", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
