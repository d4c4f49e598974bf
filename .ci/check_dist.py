"""Check the built distributions in a directory: ``python .ci/check_dist.py DIST``.

The sdist must hold what a user needs to run the project's checks from it
unpacked (``nox -s tests``, ``nox -s docs``, ``nox -s bench``): the package,
tests, docs, examples, benchmarks and noxfile.py. The wheel must hold the
package alone (``commerce_rules/`` and its ``.dist-info``), typed
(``py.typed``). Both carry the package's ``__version__``. Exit status 1 and
one line per problem if not.
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
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


def version() -> str:
    text = (ROOT / "src/commerce_rules/__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    assert match is not None, "no __version__ in src/commerce_rules/__init__.py"
    return match.group(1)


def check_sdist(path: Path, problems: list[str]) -> None:
    with tarfile.open(path) as archive:
        names = archive.getnames()
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
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    info = f"commerce_rules-{version()}.dist-info/"
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
