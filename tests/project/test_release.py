"""The release metadata: one version, a summary naming every preset, a changelog cut by version.

The built distributions themselves (what the sdist and the wheel hold, and
``twine check --strict``) are checked by ``.ci/run`` through
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
    assert not missing, f"the pyproject description does not name {missing}"


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
