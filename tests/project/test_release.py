"""The release metadata: one version, a summary naming every preset, a changelog cut by version, and
what the package index shows: the project's links, a README whose links work there, core metadata
that twine 6 and 7 read, and no page telling a reader to install from the index before a release is there.

The built distributions themselves (what the sdist and the wheel hold, their
metadata, and ``twine check --strict``) are checked by ``.ci/run`` through
``.ci/check_dist.py``: building takes too long for the test suite.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

import commerce_rules
from commerce_rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
CHANGELOG = ROOT / "CHANGELOG.md"

# PEP 440's public versions, as this project writes them: 0.1.0, 0.2.0.dev0, 1.0.0rc1.
_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:(a|b|rc)\d+)?(?:\.dev(\d+))?$")
_RELEASE_HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.MULTILINE)

pytestmark = pytest.mark.skipif(not PYPROJECT.exists(), reason="run from a source tree (the sdist or a clone)")


def _pyproject() -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib

        with PYPROJECT.open("rb") as file:
            return tomllib.load(file)
    pytest.skip("reading pyproject.toml needs tomllib, Python 3.11+")


def _squashed(text: str) -> str:
    """Lower case, letters and digits only: ``Thirty-One`` and ``thirty_one`` both read ``thirtyone``."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def test_the_version_is_written_once_in_the_package() -> None:
    project = _pyproject()["project"]
    assert "version" not in project, "pyproject.toml must not repeat the version"
    assert "version" in project["dynamic"]
    source = _pyproject()["tool"]["hatch"]["version"]["path"]
    assert (ROOT / source).resolve() == Path(commerce_rules.__file__).resolve()
    text = (ROOT / source).read_text(encoding="utf-8")
    assert len(re.findall(r"^__version__ = ", text, re.MULTILINE)) == 1


def test_the_version_is_a_pep_440_version() -> None:
    assert _VERSION.match(commerce_rules.__version__), commerce_rules.__version__


def test_the_package_summary_names_every_preset() -> None:
    summary = _squashed(_pyproject()["project"]["description"])
    missing = [name for name in PRESETS if _squashed(name) not in summary]
    assert not missing, f"the pyproject description does not name {missing}: add them to [project] description"


def test_the_changelog_keeps_unreleased_above_dated_releases() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    headings = re.findall(r"^## .*$", text, re.MULTILINE)
    assert headings[0] == "## [Unreleased]"
    releases = _RELEASE_HEADING.findall(text)
    assert releases, "no released version in CHANGELOG.md"
    assert headings[1:] == [f"## [{version}] - {date}" for version, date in releases]
    versions = [tuple(int(n) for n in version.split(".")) for version, _ in releases]
    assert versions == sorted(versions, reverse=True), "releases newest first"
    dates = [date for _, date in releases]
    assert dates == sorted(dates, reverse=True)


def test_the_version_is_the_latest_release_or_the_development_of_a_later_one() -> None:
    match = _VERSION.match(commerce_rules.__version__)
    assert match is not None
    releases = _RELEASE_HEADING.findall(CHANGELOG.read_text(encoding="utf-8"))
    assert releases, "no released version in CHANGELOG.md"
    latest = releases[0][0]
    latest_key = tuple(int(n) for n in latest.split("."))
    own = tuple(int(n) for n in match.groups()[:3])
    if match.group(5) is None and match.group(4) is None:  # a release: it is the newest in the changelog
        assert own == latest_key, f"version {commerce_rules.__version__} is not the changelog's latest, {latest}"
    else:  # a development or pre-release version: of a version not released yet
        assert own > latest_key, f"{commerce_rules.__version__} would come before the released {latest}"


# --------------------------------------------------------------------------- what the package index shows

README = ROOT / "README.md"
PROJECT_URLS = ("Homepage", "Documentation", "Source", "Changelog", "Issues")
"""The links the package index shows beside the README, each by the label it knows."""
ON_THE_PACKAGE_INDEX = False
"""Whether a release has been uploaded to the package index. Until it is, no page tells a reader to
``pip install commerce-rules`` as a command (it would fail): they install from a clone (``pip install .``)."""

_MARKDOWN_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)")
_REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
_HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def link_targets(markdown: str) -> list[str]:
    """Every link and image target of a Markdown text (inline, reference and HTML), code blocks left out."""
    text = _FENCE.sub("", markdown)
    text = re.sub(r"`[^`\n]*`", "", text)
    return [*_MARKDOWN_LINK.findall(text), *_REFERENCE_LINK.findall(text), *_HTML_LINK.findall(text)]


def relative_links(markdown: str) -> list[str]:
    """The targets that only work beside the file: a path, or an anchor of a heading the index does not make."""
    return [target for target in link_targets(markdown) if not re.match(r"(https?|mailto):", target)]


def test_the_link_finder_finds_every_kind_of_relative_link() -> None:
    text = (
        "[a](docs/index.md) ![b](pic.png) [c](#install)\n"
        "[d]: CHANGELOG.md\n"
        '<a href="LICENSE">e</a> [f](https://example.org/x) `[g](not/a/link)`\n'
        "```\n[h](in/code.md)\n```\n"
    )
    assert relative_links(text) == ["docs/index.md", "pic.png", "#install", "CHANGELOG.md", "LICENSE"]
    assert "https://example.org/x" in link_targets(text) and "in/code.md" not in link_targets(text)


def test_every_readme_link_is_absolute_so_that_it_works_on_the_package_index_page() -> None:
    assert link_targets(README.read_text(encoding="utf-8")), "README.md has no link at all: is the finder broken?"
    assert relative_links(README.read_text(encoding="utf-8")) == []


def test_the_project_urls_are_the_five_the_index_shows_and_point_at_one_repository() -> None:
    urls = _pyproject()["project"]["urls"]
    assert sorted(urls) == sorted(PROJECT_URLS)
    source = urls["Source"]
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", source), source
    for label, url in urls.items():
        assert url.startswith(source), (label, url)
    assert urls["Issues"] == f"{source}/issues"
    for label in ("Documentation", "Changelog"):
        path = urls[label].removeprefix(f"{source}/blob/main/")
        assert (ROOT / path).is_file(), (label, urls[label])


def test_the_readmes_links_into_the_repository_name_files_of_this_checkout() -> None:
    source = _pyproject()["project"]["urls"]["Source"]
    inside = [target for target in link_targets(README.read_text(encoding="utf-8")) if target.startswith(source)]
    assert inside
    for target in inside:
        match = re.fullmatch(re.escape(source) + r"(?:/(blob|tree)/main/([^#]+))?(?:#.*)?", target)
        assert match is not None, f"{target}: a repository link is {source}/blob/main/<file> or /tree/main/<folder>"
        kind, path = match.groups()
        if path is not None:
            assert (ROOT / path).is_file() if kind == "blob" else (ROOT / path).is_dir(), target


def test_both_distributions_declare_core_metadata_that_twine_6_and_7_read() -> None:
    """hatchling writes core metadata 2.5 by default since 1.32; twine 6.1 and 6.2 refuse it, 2.4 passes both."""
    targets = _pyproject()["tool"]["hatch"]["build"]["targets"]
    assert targets["wheel"]["core-metadata-version"] == targets["sdist"]["core-metadata-version"] == "2.4"
    hatchling = [r for r in _pyproject()["build-system"]["requires"] if re.match(r"hatchling\s*>=", r)]
    assert hatchling, "the build needs a hatchling that can write core metadata 2.4"
    least = tuple(int(n) for n in hatchling[0].split(">=")[1].strip().split(".")[:2])
    assert least >= (1, 26), "hatchling writes core metadata 2.4 from 1.26 on"


@pytest.mark.skipif(ON_THE_PACKAGE_INDEX, reason="released: pip install commerce-rules works")
def test_no_page_says_pip_install_commerce_rules_before_it_is_on_the_package_index() -> None:
    pages = [README, *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        if page.name == "changelog.md" or "_build" in page.parts:
            continue
        for match in _FENCE.finditer(page.read_text(encoding="utf-8")):
            for line in match.group(0).splitlines():
                if re.search(r"pip install\s+['\"]?commerce[-_]rules\b", line):
                    found.append(f"{page.relative_to(ROOT)}: {line.strip()}")
    assert not found, "install from a clone (pip install .) until the first release is uploaded: " + "; ".join(found)
