"""The OpenSpiel game's parameters: what each one means, and the ``Rules`` they describe.

Apart from :mod:`commerce_rules.openspiel` because none of it needs
OpenSpiel: the main test suite and type check read it without the extra.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .deal import MAX_PLAYERS, MIN_PLAYERS
from .errors import CommerceError
from .rules import PRESETS, Rules
from .start import new_game

__all__ = ["DEFAULT_DEAL_LIMIT", "DEFAULT_TURN_LIMIT", "PARAMETERS", "explicit_parameters", "rules_from_parameters"]

DEFAULT_TURN_LIMIT: Final = 100
"""The ``turn_limit`` supplied where the parameters and the preset leave it unset (far beyond a deal of random play)."""
DEFAULT_DEAL_LIMIT: Final = 100
"""The ``deal_limit`` supplied where the parameters and the preset leave it unset."""

_UNSET_NUMBER: Final = -1
_UNSET_NAME: Final = ""


def _kinds() -> dict[str, type]:
    """Each option of ``Rules`` and the type of its OpenSpiel parameter (a yes-or-no option is an ``int``)."""
    kinds: dict[str, type] = {}
    for name, value in Rules().options().items():
        kinds[name] = str if isinstance(value, str) else int  # bool, int and int-or-None options are ints
    return kinds


_KINDS: Final = _kinds()
_YES_NO: Final = frozenset(name for name, value in Rules().options().items() if isinstance(value, bool))

PARAMETERS: Final[dict[str, Any]] = {
    "variant": "foster",
    "players": 4,
    **{name: (_UNSET_NAME if kind is str else _UNSET_NUMBER) for name, kind in _KINDS.items()},
}
"""The parameter specification: each default stands for the preset's value."""


def rules_from_parameters(params: Mapping[str, Any]) -> tuple[Rules, int]:
    """The ``Rules`` and player count that OpenSpiel parameters describe (the limits supplied where unset).

    A bad value is a :class:`~commerce_rules.CommerceError` saying which.
    """
    variant = params.get("variant", PARAMETERS["variant"])
    if variant not in PRESETS:
        raise CommerceError(f"variant must be a preset's name ({', '.join(PRESETS)}), not {variant!r}")
    players = params.get("players", PARAMETERS["players"])
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CommerceError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise CommerceError(f"unknown parameter {unknown[0]!r}; the parameters are: {', '.join(PARAMETERS)}")
    given: dict[str, Any] = {}
    for name in _KINDS:
        value = params.get(name, PARAMETERS[name])
        if value == PARAMETERS[name]:
            continue
        if name in _YES_NO:
            if value not in (0, 1) or isinstance(value, bool):
                raise CommerceError(f"{name} must be -1 (the preset's), 0 (no) or 1 (yes), not {value!r}")
            value = bool(value)
        given[name] = value
    rules = PRESETS[variant].replace(**given)
    limits = {"turn_limit": DEFAULT_TURN_LIMIT, "deal_limit": DEFAULT_DEAL_LIMIT}
    unset = {name: limit for name, limit in limits.items() if getattr(rules, name) is None}
    if unset:
        rules = rules.replace(**unset)
    new_game(rules, players, seed=0)  # a table too large for the deck is refused here, by the library
    return rules, players


def explicit_parameters(variant: str, rules: Rules, players: int) -> dict[str, Any]:
    """Parameters naming every option's value: they load the same game whatever the defaults."""
    params: dict[str, Any] = {"variant": variant, "players": players}
    for name, value in rules.options().items():
        params[name] = int(value) if isinstance(value, bool) else value
    return params
