"""Regenerate the golden playthroughs, tests/playthroughs/<preset>.txt, one per preset.

Usage: python scripts/make_playthroughs.py [--check] [PRESET ...]

Each file records one fixed match, step by step, with every seat's
observation document and tensor (see docs/reliability.md, "Golden
playthroughs"). With ``--check`` nothing is written: the script exits 1 on
the first difference, naming the preset, step and seat. A file left by a
preset that no longer exists is removed (or, with ``--check``, reported).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the recorder is shared with the test

from golden_playthroughs import DIRECTORY, first_difference, path_for, presets, record  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Write (or, with ``--check``, compare) the recordings; 0 when all is well, 1 on a difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    parser.add_argument("presets", nargs="*", metavar="PRESET", help="only these presets (default: every one)")
    options = parser.parse_args(argv)
    names = options.presets or presets()
    unknown = sorted(set(names) - set(presets()))
    if unknown:
        parser.error(f"no such preset: {', '.join(unknown)} (known: {', '.join(presets())})")
    failed = False
    for name in names:
        path = path_for(name)
        text = record(name)
        if not options.check:
            DIRECTORY.mkdir(exist_ok=True)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path}")
            continue
        if not path.exists():
            print(f"{name}: {path} is missing; run `python scripts/make_playthroughs.py`")
            failed = True
            continue
        difference = first_difference(name, path.read_text(encoding="utf-8"), text)
        if difference is not None:
            print(difference)
            failed = True
    if not options.presets:
        for stale in sorted(DIRECTORY.glob("*.txt")):
            if stale.stem not in presets():
                if options.check:
                    print(f"{stale} belongs to no preset; run `python scripts/make_playthroughs.py` to remove it")
                    failed = True
                else:
                    stale.unlink()
                    print(f"removed {stale}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
