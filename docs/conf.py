"""Sphinx configuration: Markdown pages (MyST) and an API reference from the docstrings."""

from __future__ import annotations

import re
import sys
from importlib.metadata import version as _version
from pathlib import Path
from typing import Any

project = "commerce-rules"
author = "the commerce-rules developers"
copyright = "2026, the commerce-rules developers"
release = _version("commerce-rules")
version = ".".join(release.split(".")[:2])

# docs/_ext/commerce_docs.py: the {rule} citations, the cards and tables the
# library draws ({cards}, {categories}, {table-view}) and the plots.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

extensions = [
    "commerce_docs",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]
# sphinx.ext.intersphinx is left out on purpose: it fetches the Python
# inventory over the network, and the docs must build without one.

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store", "plots"]

# MyST: ::: fences for directives, and definition lists for option tables.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# The toctrees of index.md glob whole sections (tutorial*, variants/*,
# rankings/*, guides/*) so that a new page appears without editing index.md.
# A section with no page yet is expected while the docs grow; Sphinx would
# warn "toctree glob pattern ... didn't match any documents" (a warning that
# suppress_warnings cannot silence: Sphinx 9 gives it no type), so
# _drop_empty_globs below leaves such a pattern out of the toctree instead.
# Every other warning still fails the -W build.
nitpicky = False

# autodoc: an attrs class is documented with its signature, its fields'
# types as parameters and each field's docstring (the string under it).
# "members" is not a default here (a default of True would override a
# directive's own list): each automodule in api.md says ":members:".
autodoc_default_options = {
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# Every example imports what it uses, as a reader copying it would.
doctest_global_setup = ""
# Sphinx's doctest builder runs the ```{doctest} blocks of the pages. The
# docstrings' examples (plain >>> blocks, which rely on their module's
# globals) are run by pytest --doctest-modules, where those globals exist.
doctest_test_doctest_blocks = ""

# furo, with code that wraps rather than scrolls and the cards' styles
# (_static/commerce.css, added by the extension).
html_theme = "furo"
html_title = f"commerce-rules {release}"
html_static_path = ["_static"]
html_theme_options = {"navigation_with_keys": True}
pygments_style = "friendly"
pygments_dark_style = "monokai"


_HERE = Path(__file__).parent
_GLOB_CHARS = re.compile(r"[*?[]")


def _drop_empty_globs(app: Any, docname: str, source: list[str]) -> None:
    """Leave out of index.md's toctrees each glob pattern that would add no page.

    A pattern matching no page yet (``variants/schwimmen*`` before that page
    is written), or only pages the same toctree lists by name (before or
    after the pattern), is dropped, so that Sphinx neither warns that it
    matched nothing nor lists a page twice.
    """
    if docname != root_doc:
        return
    lines = source[0].splitlines(keepends=True)
    entries: list[tuple[int, str, int]] = []  # (line index, entry, toctree number)
    toctree = -1
    in_toctree = False
    for index, line in enumerate(lines):
        entry = line.strip()
        if entry.startswith("```{toctree}"):
            in_toctree, toctree = True, toctree + 1
        elif entry.startswith("```"):
            in_toctree = False
        elif in_toctree and entry and not entry.startswith(":"):
            entries.append((index, entry, toctree))
    named = {(tree, entry) for _, entry, tree in entries if not _GLOB_CHARS.search(entry)}
    taken: set[tuple[int, str]] = set()
    dropped: set[int] = set()
    for index, entry, tree in entries:
        if not _GLOB_CHARS.search(entry):
            continue
        found = {path.relative_to(_HERE).with_suffix("").as_posix() for path in _HERE.glob(entry + ".md")}
        new = {page for page in found if (tree, page) not in named and (tree, page) not in taken}
        if not new:
            dropped.add(index)
        taken |= {(tree, page) for page in new}
    source[0] = "".join(line for index, line in enumerate(lines) if index not in dropped)


# napoleon reads an attribute's or property's docstring "X: Y" as "type X,
# description Y" (Google style). This project's one-line docstrings use the
# colon as prose ("The 40-card deck of Trentuno: the 8s, 9s and 10s
# removed"), so those keep their text as written; napoleon still reads the
# Args:/Returns: sections of functions and classes.
_ATTRIBUTE_KINDS = ("attribute", "data", "property")
_attribute_docstrings: dict[str, list[str]] = {}


def _keep_attribute_docstring(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS:
        _attribute_docstrings[name] = list(lines)


def _restore_attribute_docstring(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS and name in _attribute_docstrings:
        lines[:] = _attribute_docstrings.pop(name)


def setup(app: Any) -> None:
    app.connect("source-read", _drop_empty_globs)
    # napoleon's own handler runs at the default priority, 500.
    app.connect("autodoc-process-docstring", _keep_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_attribute_docstring, priority=600)
