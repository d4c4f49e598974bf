"""Check the built distributions in a directory: ``python .ci/check_dist.py DIST``.

The sdist must hold what a user needs to run the project's checks from it
unpacked (``nox -s tests``, ``nox -s docs``, ``nox -s bench``): the package,
tests, docs, examples, benchmarks and noxfile.py. The wheel must hold the
package alone (``commerce_rules/`` and its ``.dist-info``), typed
(``py.typed``). Both carry the package's ``__version__``, and metadata the
package index and ``twine check`` of twine 6 and 7 accept: core metadata
2.4 at most (twine 6.1 and 6.2 refuse 2.5, hatchling's default since 1.32),
the README as Markdown with no relative link (it would be broken on the
index's page), and the project's links. Exit status 1 and one line per
problem if not.
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SDIST_NEEDS = (
    "pyproject.toml",
    "noxfile.py",
    "README.md",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "LICENSE",
    "src/commerce_rules/__init__.py",
    "src/commerce_rules/py.typed",
    "tests/helpers.py",
    "docs/conftest.py",
    "docs/conf.py",
    "docs/index.md",
    "docs/contributing.md",
    "examples/",
    "benchmarks/bench_replay.py",
)
"""Paths (relative to the sdist's top folder) that must be there; a trailing ``/`` means any file below."""

SDIST_MUST_NOT = (".git/", ".ci/", "docs/_build/", ".nox/", "__pycache__/", ".hypothesis/")

METADATA_VERSIONS = ("2.1", "2.2", "2.3", "2.4")
"""Core metadata versions that ``twine check`` reads under twine 6.0 to 7 (6.1 and 6.2 refuse 2.5)."""
PROJECT_URLS = ("Homepage", "Documentation", "Source", "Changelog", "Issues")
"""The links the package index shows beside the README."""
_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)|\b(?:href|src)\s*=\s*[\"']([^\"']+)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def version() -> str:
    text = (ROOT / "src/commerce_rules/__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    assert match is not None, "no __version__ in src/commerce_rules/__init__.py"
    return match.group(1)


def check_metadata(name: str, text: str, problems: list[str]) -> None:
    """The core metadata of a distribution (a wheel's METADATA, an sdist's PKG-INFO)."""
    metadata: Message = Parser().parsestr(text)
    declared = metadata.get("Metadata-Version", "")
    if declared not in METADATA_VERSIONS:
        problems.append(f"{name}: Metadata-Version {declared or '(none)'}, which twine 6 does not read (at most 2.4)")
    if metadata.get("Version") != version():
        problems.append(f"{name}: Version {metadata.get('Version')}, not {version()}")
    if not (metadata.get("Description-Content-Type") or "").startswith("text/markdown"):
        problems.append(f"{name}: the README is not declared as Markdown (Description-Content-Type)")
    labels = [url.split(",", 1)[0].strip() for url in metadata.get_all("Project-URL") or []]
    for label in PROJECT_URLS:
        if label not in labels:
            problems.append(f"{name}: no Project-URL {label}")
    body = metadata.get_payload()
    readme = _FENCE.sub("", body if isinstance(body, str) and body else metadata.get("Description") or "")
    readme = re.sub(r"`[^`\n]*`", "", readme)
    for inline, html in _LINK.findall(readme):
        target = inline or html
        if not re.match(r"(https?|mailto):", target):
            problems.append(f"{name}: the README links to {target}, which is broken on the package index's page")


def check_sdist(path: Path, problems: list[str]) -> None:
    with tarfile.open(path) as archive:
        names = archive.getnames()
        info = archive.extractfile(f"commerce_rules-{version()}/PKG-INFO")
        if info is None:
            problems.append(f"{path.name}: no PKG-INFO")
        else:
            check_metadata(f"{path.name} PKG-INFO", info.read().decode("utf-8"), problems)
    top = f"commerce_rules-{version()}/"
    inside = [name[len(top) :] for name in names if name.startswith(top)]
    if len(inside) != len(names) - (top.rstrip("/") in names):
        problems.append(f"{path.name}: files outside {top}")
    for need in SDIST_NEEDS:
        if need.endswith("/"):
            found = any(name.startswith(need) for name in inside)
        else:
            found = need in inside
        if not found:
            problems.append(f"{path.name}: {need} is missing")
    benches = [name for name in inside if re.fullmatch(r"benchmarks/bench_\w+\.py", name)]
    if not benches:
        problems.append(f"{path.name}: no benchmarks/bench_*.py for nox -s bench")
    for name in inside:
        if any(f"/{bad}" in f"/{name}" for bad in SDIST_MUST_NOT):
            problems.append(f"{path.name}: {name} should not be shipped")


def check_wheel(path: Path, problems: list[str]) -> None:
    info = f"commerce_rules-{version()}.dist-info/"
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        if f"{info}METADATA" in names:
            check_metadata(f"{path.name} METADATA", archive.read(f"{info}METADATA").decode("utf-8"), problems)
        else:
            problems.append(f"{path.name}: no {info}METADATA")
    for name in names:
        if not (name.startswith("commerce_rules/") or name.startswith(info)):
            problems.append(f"{path.name}: {name} is not the package")
    if "commerce_rules/py.typed" not in names:
        problems.append(f"{path.name}: commerce_rules/py.typed is missing")
    if f"{info}entry_points.txt" not in names:
        problems.append(f"{path.name}: no entry points (the commerce-rules command)")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python .ci/check_dist.py DIST_DIRECTORY", file=sys.stderr)
        return 2
    dist = Path(argv[0])
    expected = version()
    sdists = sorted(dist.glob("*.tar.gz"))
    wheels = sorted(dist.glob("*.whl"))
    problems: list[str] = []
    if [p.name for p in sdists] != [f"commerce_rules-{expected}.tar.gz"]:
        problems.append(f"expected one sdist commerce_rules-{expected}.tar.gz, found {[p.name for p in sdists]}")
    if [p.name for p in wheels] != [f"commerce_rules-{expected}-py3-none-any.whl"]:
        problems.append(f"expected one wheel of version {expected}, found {[p.name for p in wheels]}")
    for sdist in sdists:
        check_sdist(sdist, problems)
    for wheel in wheels:
        check_wheel(wheel, problems)
    for problem in problems:
        print(f"check_dist: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_dist: {', '.join(p.name for p in sdists + wheels)} look right")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
