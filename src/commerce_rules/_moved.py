"""The import paths that moved in 0.2, still importable with a ``DeprecationWarning``.

0.2 laid the package out by role (``core/``, ``parts/``, ``engine/``,
``learning/``, ``text/``, ``simulation/``...). Code written against an old
path that API.md or the docs named (``from commerce_rules.state import
GameState``) keeps working: the old path is a stand-in module that reads each
name from the new one and warns once per place that reads it. The names
exported by ``commerce_rules`` itself never moved; import from there.

Nothing is imported until a name is read, so the stand-ins cost nothing to
code that does not use them.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from collections.abc import Mapping
from typing import Final

PACKAGE: Final = "commerce_rules"

MOVED: Final[Mapping[str, str]] = {
    "action_kinds": "parts.action_kinds",
    "action_space": "learning.action_space",
    "actions": "core.actions",
    "bounds": "engine.bounds",
    "cards": "core.cards",
    "deal": "engine.deal",
    "errors": "core.errors",
    "events": "core.events",
    "features": "parts.features",
    "narrate": "text.narrate",
    "observe": "engine.observe",
    "openspiel_parameters": "learning.parameters",
    "payoffs": "learning.returns",
    "results": "simulation.results",
    "rules": "core.rules",
    "sampling": "engine.sampling",
    "simulate": "simulation.runs",
    "start": "engine.start",
    "state": "core.state",
    "student": "simulation.student",
    "tensor": "learning.tensor",
    "tournaments": "simulation.tournaments",
    "trajectories": "simulation.trajectories",
    "variant": "engine.variant",
    "visibility": "engine.visibility",
    "whereabouts": "parts.whereabouts",
}
"""Old module (under ``commerce_rules``) → its new home."""

MOVED_AGAIN: Final[Mapping[tuple[str, str], str]] = {
    ("deal", "new_game"): "engine.start",
    ("deal", "deal_position"): "engine.start",
}
"""Names that had left their old module before 0.2 (``commerce_rules.deal.new_game``): where they are now."""


def _describe_action(action: object) -> str:
    """0.1's ``commerce_rules.actions.describe_action(action)``: the action's own words, ``action.describe()``."""
    from .core.actions import Action
    from .core.errors import ArgumentTypeError

    if not isinstance(action, Action):
        raise ArgumentTypeError(f"describe_action() needs an action, not {type(action).__name__}")
    return action.describe()


RETIRED: Final[Mapping[tuple[str, str], tuple[object, str]]] = {
    ("actions", "describe_action"): (
        _describe_action,
        "call action.describe(); commerce_rules.describe_action(view, action) words an action for one seat's table",
    ),
}
"""Names that are gone from their module in 0.2, each with what stands in for it meanwhile and what to use."""


class MovedModule(types.ModuleType):
    """Stands at an old path: every name read from it is read from the new module, with a warning."""

    def __init__(self, old: str, new: str) -> None:
        super().__init__(f"{PACKAGE}.{old}", f"Moved to {PACKAGE}.{new} in 0.2.")
        self._old = old
        self._new = new

    def __getattr__(self, name: str) -> object:
        if name.startswith("__") and name != "__all__":
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        retired = RETIRED.get((self._old, name))
        if retired is not None:
            stand_in, instead = retired
            warnings.warn(f"{PACKAGE}.{self._old}.{name} is deprecated: {instead}", DeprecationWarning, stacklevel=2)
            return stand_in
        new = MOVED_AGAIN.get((self._old, name), self._new)
        module = importlib.import_module(f"{PACKAGE}.{new}")
        if not hasattr(module, name):
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        warnings.warn(
            f"{PACKAGE}.{self._old}.{name} moved to {PACKAGE}.{new}.{name} in 0.2: import it from there, "
            f"or from {PACKAGE} if it is exported there",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(module, name)

    def __dir__(self) -> list[str]:
        return sorted(set(dir(importlib.import_module(f"{PACKAGE}.{self._new}"))))


def install() -> None:
    """Put a stand-in at every old path (done once, by ``commerce_rules/__init__.py``)."""
    for old, new in MOVED.items():
        sys.modules.setdefault(f"{PACKAGE}.{old}", MovedModule(old, new))


def stand_in(name: str) -> types.ModuleType:
    """The stand-in for ``commerce_rules.<name>``: what ``commerce_rules.cards`` reads after ``import commerce_rules.cards``."""
    if name not in MOVED:
        raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}")
    return sys.modules[f"{PACKAGE}.{name}"]
