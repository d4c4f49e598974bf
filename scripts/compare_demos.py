"""Seeded demos on several Pythons: write one interpreter's, or compare them all (``nox -s demos``).

docs/cli.md promises that a seed gives the same match on any machine; the
bots' arithmetic is where a new Python could quietly change it (3.12 made
``sum()`` of floats compensated, for one). So:

* ``python scripts/compare_demos.py write DIR``, run by the interpreter under
  test with the package installed beside it, writes ``DIR/<preset>.txt``: the
  text of ``commerce-rules demo --variant <preset> --players 4 --seed 99``
  for every preset;
* ``python scripts/compare_demos.py compare DIR`` compares ``DIR/*/`` (one
  folder per interpreter) file by file, prints the first line that differs,
  and exits 1 on any difference or a missing file.

Only the standard library: ``compare`` runs where the package is not installed.
"""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
from pathlib import Path

DEMO_ARGUMENTS = ("--players", "4", "--seed", "99")
"""Every demo's table and seed, after ``--variant <preset>``."""


def write(folder: Path) -> int:
    """Write every preset's seeded demo, as the ``commerce-rules`` beside this interpreter prints it."""
    from commerce_rules import PRESETS  # the interpreter under test has the package

    command = shutil.which("commerce-rules", path=str(Path(sys.executable).parent))
    if command is None:
        print(f"no commerce-rules command beside {sys.executable}: install the package first", file=sys.stderr)
        return 1
    folder.mkdir(parents=True, exist_ok=True)
    environment = {**os.environ, "PYTHONUTF8": "1", "NO_COLOR": "1"}
    for preset in PRESETS:
        demo = [command, "demo", "--variant", preset, *DEMO_ARGUMENTS]
        done = subprocess.run(demo, capture_output=True, env=environment, check=False)
        if done.returncode != 0:
            print(f"{' '.join(demo[1:])} failed ({done.returncode}):", file=sys.stderr)
            sys.stderr.write(done.stderr.decode("utf-8", "replace"))
            return 1
        (folder / f"{preset}.txt").write_bytes(done.stdout)
    print(f"{sys.version.split()[0]}: {len(PRESETS)} demos written to {folder}")
    return 0


def compare(folder: Path) -> int:
    """Compare the demos of every interpreter's folder under ``folder`` with the first one's."""
    runs = sorted(path for path in folder.iterdir() if path.is_dir())
    if not runs:
        print(f"no demos under {folder}", file=sys.stderr)
        return 1
    first, *others = runs
    names = sorted(path.name for path in first.glob("*.txt"))
    if not names:
        print(f"no demos in {first}", file=sys.stderr)
        return 1
    if not others:
        print(f"only {first.name} ran: nothing to compare it with (install another Python 3.10 to 3.13)")
        return 0
    differences = 0
    for other in others:
        for name in sorted({*names, *(path.name for path in other.glob("*.txt"))}):
            mine, theirs = first / name, other / name
            if not (mine.exists() and theirs.exists()):
                print(f"{name}: written by only one of {first.name} and {other.name}")
                differences += 1
                continue
            a = mine.read_text(encoding="utf-8").splitlines()
            b = theirs.read_text(encoding="utf-8").splitlines()
            if a != b:
                differences += 1
                diff = difflib.unified_diff(a, b, str(mine), str(theirs), n=1, lineterm="")
                print("\n".join(list(diff)[:12]))
    compared = ", ".join(path.name for path in runs)
    if differences:
        print(f"{differences} demo(s) differ between {compared}")
        return 1
    print(f"{len(names)} demos, the same text on {compared}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="seeded demos on several Pythons: write one's, or compare them all")
    parser.add_argument("command", choices=("write", "compare"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    return write(args.folder) if args.command == "write" else compare(args.folder)


if __name__ == "__main__":
    sys.exit(main())
