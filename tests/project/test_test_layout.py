"""No module under ``tests/`` imports a test module: what tests share lives in helper modules.

A test module imported by another runs its module-level code twice (once as
collected, once as imported) and makes the importer depend on a file that
looks like it only holds tests. Shared code goes in a helper module named
without the ``test_`` prefix (``helpers.py``, ``random_play.py``), which
pytest does not collect. The imports are read with :mod:`ast`, nothing is
imported; imports inside functions count too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _is_test_module(dotted: str) -> bool:
    """``test_x``, ``tests.test_x`` or ``pkg.test_x.y``: a module path with a part named ``test_...``."""
    return any(part.startswith("test_") for part in dotted.split("."))


def imports_of_test_modules(source: str) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for each import of a test module in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_test_module(alias.name):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if _is_test_module(module):
                yield node.lineno, "." * node.level + module
            else:  # from tests import test_x, from . import test_x
                for alias in node.names:
                    if alias.name.startswith("test_"):
                        yield node.lineno, "." * node.level + (f"{module}.{alias.name}" if module else alias.name)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and _is_test_module(node.args[0].value)
        ):
            yield node.lineno, node.args[0].value


def test_no_module_under_tests_imports_a_test_module() -> None:
    found = [
        f"{path.relative_to(TESTS)}:{line} imports {module}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, module in imports_of_test_modules(path.read_text(encoding="utf-8"))
    ]
    assert not found, "move what these share into a helper module (no test_ prefix):\n" + "\n".join(found)


def test_every_way_of_importing_a_test_module_is_found() -> None:
    source = "\n".join(
        [
            "from test_properties import VARIANTS",
            "import test_returns",
            "import tests.test_cards as cards",
            "from tests import test_rules",
            "from . import test_bots",
            "from .test_cli import main",
            "def later():",
            "    import importlib",
            "    return importlib.import_module('test_words')",
        ]
    )
    assert [module for _, module in imports_of_test_modules(source)] == [
        "test_properties", "test_returns", "tests.test_cards", "tests.test_rules", ".test_bots", ".test_cli", "test_words"
    ]


def test_helper_modules_and_other_imports_are_not_test_modules() -> None:
    source = "\n".join(
        [
            "from helpers import c, cards",
            "from random_play import VARIANTS, games",
            "import testing_tools",
            "from tests import helpers",
            "from hypothesis import strategies as st",
        ]
    )
    assert list(imports_of_test_modules(source)) == []
