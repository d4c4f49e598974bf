"""The nox sessions run every test: a test file that asks for an optional extra's module is in ``nox -s adapters``.

``nox -s tests`` (README's test command) installs no extra, so such a file
skips itself there; were it missing from ``ADAPTER_TESTS`` too, CI would
never run it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS_MODULES = {"pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy", "numba", "distributed", "dask"}
"""The modules the adapters' extras install (openspiel, pettingzoo, gym, fast, dask)."""
ASKED = re.compile(r"""(?:optional_import|importorskip)\(\s*["']([\w.]+)["']""")


def adapter_tests() -> set[str]:
    """``ADAPTER_TESTS`` as the noxfile lists it (read, not imported: nox need not be installed)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "ADAPTER_TESTS" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("noxfile.py has no ADAPTER_TESTS")


def test_every_test_file_asking_for_an_extra_runs_in_the_adapters_session() -> None:
    listed = adapter_tests()
    asking = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if "web" not in path.relative_to(ROOT / "tests").parts  # nox -s web runs those
        and any(name.split(".")[0] in EXTRAS_MODULES for name in ASKED.findall(path.read_text(encoding="utf-8")))
    }
    asking.discard("tests/helpers.py")  # optional_import itself
    assert "tests/adapters/test_thirty_one_vector_env.py" in asking  # the pattern finds them
    assert asking <= listed, sorted(asking - listed)
    assert all((ROOT / path).is_file() for path in listed)
