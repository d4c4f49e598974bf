"""No import cycle inside ``commerce_rules``, not even through imports made late.

A cycle makes a module's behaviour depend on which module is imported first
and hides a layering mistake, so the graph of imports must be a DAG: every
import counts, at module level, inside functions and under ``if
TYPE_CHECKING:``, but one kind: a lazy presentation hook (``_repr_html_``,
``_repr_svg_``...), through which a value draws itself for Jupyter with the
``render`` package above it. The graph is read from the source with
:mod:`ast`, nothing is imported.

Run as a script (``python tests/project/test_import_graph.py``) to print the cycles.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping, Sequence, Set
from pathlib import Path
from typing import Final

import commerce_rules

KNOWN_REGISTRY_CYCLES: Final[frozenset[str]] = frozenset()
"""Packages whose ``__init__`` may import its own submodules that import it back: none.

The part registries live in ``commerce_rules.engine.variant``, so no package needs
this any more; the set stays as the one place such an exception would go.
"""

ROOT: Final = Path(commerce_rules.__file__).parent


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def is_presentation_hook(name: str) -> bool:
    """``_repr_html_``, ``_repr_svg_``...: Jupyter's hooks, which may import the render package lazily."""
    return name.startswith("_repr_") and name.endswith("_")


def _imports(body: Sequence[ast.stmt], deferred: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run when ``body`` runs (with ``deferred``, every one in it but a presentation hook's)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if deferred and not is_presentation_hook(node.name):
                yield from _imports(node.body, deferred)
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not deferred:
            yield from _imports(node.orelse, deferred)
        else:  # the blocks of if, try, with, for, while, match and class run at import time
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _imports([child], deferred)
                elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                    yield from _imports(child.body, deferred)


def _module_names(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Every module of the package under ``root``: name → (file, is a package's ``__init__``)."""
    modules: dict[str, tuple[Path, bool]] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = (path, is_package)
    return modules


def import_graph(root: Path, package: str, *, deferred: bool = True) -> dict[str, set[str]]:
    """Module → the modules of ``package`` it imports (a submodule, else the package it names).

    Importing a submodule also runs its parent packages' ``__init__``; that
    edge is not counted, or every package would be a cycle with its parts.
    """
    modules = _module_names(root, package)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in modules.items():
        here = name.split(".") if is_package else name.split(".")[:-1]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")).body, deferred):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names if alias.name in modules)
                continue
            base = here[: len(here) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    targets.add(f"{source}.{alias.name}")
                elif source in modules:
                    targets.add(source)
        graph[name] = targets - {name}
    return graph


def without_registry_edges(graph: Mapping[str, Set[str]], packages: Set[str]) -> dict[str, set[str]]:
    """``graph`` without the edges from each of ``packages`` to its own submodules."""
    return {
        name: {t for t in targets if not (name in packages and t.startswith(name + "."))}
        for name, targets in graph.items()
    }


def cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) per group of modules that import each other (directly or not)."""
    return [_a_cycle(graph, component) for component in tangles(graph)]


def tangles(graph: Mapping[str, Set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module: each module in one is in a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def _a_cycle(graph: Mapping[str, Set[str]], component: Set[str]) -> list[str]:
    """The shortest cycle through the first module of ``component``, for a readable message."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & component):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # pragma: no cover - a component always has one


def _text(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(cycle) for cycle in found)


# --------------------------------------------------------------------------- the rules


def test_no_import_cycle_inside_commerce_rules_counting_late_and_type_only_imports() -> None:
    graph = without_registry_edges(import_graph(ROOT, "commerce_rules"), KNOWN_REGISTRY_CYCLES)
    found = cycles(graph)
    assert not found, "import cycles:\n" + _text(found)


LAYERS: Final[tuple[frozenset[str], ...]] = (
    frozenset({"core", "ranking"}),
    frozenset({"parts"}),
    frozenset({"mechanisms", "scoring"}),
    frozenset({"engine"}),
    frozenset({"serialize", "learning", "text", "render"}),
    frozenset({"bots"}),
    frozenset({"simulation"}),
    frozenset({"", "_moved"}),  # the package's face, commerce_rules itself (the public names), and the old paths it keeps
    frozenset({"cli", "openspiel", "pettingzoo", "gym", "__main__"}),
)
"""The layers of docs/design.md, bottom first: a module imports only from its own layer or those below."""


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of ``commerce_rules.<top>...``."""
    top = module.split(".")[1] if "." in module else ""
    return next(index for index, tops in enumerate(LAYERS) if top in tops)


def test_every_top_level_entry_has_a_layer() -> None:
    entries = {path.stem if path.suffix == ".py" else path.name for path in ROOT.iterdir() if path.suffix == ".py" or (path / "__init__.py").exists()}
    assert entries - {"__init__"} == set().union(*LAYERS) - {""}


def test_each_layer_imports_only_from_itself_and_the_layers_below() -> None:
    upward = [
        f"{module} -> {target}"
        for module, targets in sorted(import_graph(ROOT, "commerce_rules").items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(module)
    ]
    assert upward == []


def test_a_part_never_imports_the_engine_that_registers_it() -> None:
    graph = import_graph(ROOT, "commerce_rules")
    parts = [m for m in graph if m.split(".")[1:2] in (["mechanisms"], ["scoring"], ["parts"], ["ranking"])]
    assert parts and all(not target.startswith("commerce_rules.engine") for m in parts for target in graph[m])


def test_without_deferred_imports_the_module_level_graph_is_a_dag_too() -> None:
    assert cycles(import_graph(ROOT, "commerce_rules", deferred=False)) == []


def test_a_presentation_hook_may_import_upward_and_nothing_else_may(tmp_path: Path) -> None:
    root = _write(tmp_path, {
        "__init__.py": "",
        "value.py": "class V:\n    def _repr_html_(self):\n        from .render import html\n",
        "render.py": "from .value import V\n",
        "other.py": "def f():\n    from .render import html\n",
    })  # fmt: skip
    graph = import_graph(root, "pkg")
    assert graph["pkg.value"] == set() and graph["pkg.other"] == {"pkg.render"}


def _write(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_cycle_of_module_level_imports_is_found_and_named(tmp_path: Path) -> None:
    root = _write(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import B\n",
        "b.py": "try:\n    from . import a\nexcept ImportError:\n    pass\n",
    })  # fmt: skip
    assert cycles(import_graph(root, "pkg")) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_type_checking_and_function_imports_are_no_cycle_unless_deferred_ones_count(tmp_path: Path) -> None:
    root = _write(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import B\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n",
        "c.py": "from .d import D\n",
        "d.py": "def f():\n    from . import c\n",
    })  # fmt: skip
    assert cycles(import_graph(root, "pkg", deferred=False)) == []
    assert cycles(import_graph(root, "pkg")) == [["pkg.a", "pkg.b", "pkg.a"], ["pkg.c", "pkg.d", "pkg.c"]]


def test_a_known_registry_forgives_only_its_own_submodule_imports(tmp_path: Path) -> None:
    root = _write(tmp_path, {
        "__init__.py": "",
        "reg/__init__.py": "from .. import other\nfrom . import part\n",
        "reg/part.py": "from . import Registry\n",
        "other.py": "from .reg import Registry\n",
    })  # fmt: skip
    graph = without_registry_edges(import_graph(root, "pkg", deferred=False), {"pkg.reg"})
    assert cycles(graph) == [["pkg.other", "pkg.reg", "pkg.other"]]


if __name__ == "__main__":
    everything = import_graph(ROOT, "commerce_rules", deferred="--module-level" not in sys.argv[1:])
    print(_text(cycles(everything)) or "no import cycle")
