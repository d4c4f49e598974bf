"""The OpenSpiel game's parameters: what each one means, and the ``Rules`` they describe.

Apart from :mod:`commerce_rules.openspiel` because none of it needs
OpenSpiel: the main test suite and type check read it without the extra.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..engine.bounds import max_match_actions
from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.quoting import shown
from ..core.rules import LIMITS, PRESETS, Rules
from ..engine.start import new_game

__all__ = [
    "DEFAULT_DEAL_LIMIT", "DEFAULT_TURN_LIMIT", "MAX_DEAL_CHANCE", "MAX_INT", "PARAMETERS", "deal_chance_of",
    "explicit_parameters", "rules_from_parameters", "with_default_limits",
]

DEFAULT_TURN_LIMIT: Final = 100
"""The ``turn_limit`` supplied where the parameters and the preset leave it unset (far beyond a deal of random play)."""
DEFAULT_DEAL_LIMIT: Final = 100
"""The ``deal_limit`` supplied where the parameters and the preset leave it unset."""

MAX_INT: Final = 2**31 - 1
"""The largest C++ ``int``: OpenSpiel keeps whole-number parameters and ``max_game_length`` in one.

So ``stake`` and ``prize`` stop there (``Rules`` allows 10**17), and
parameters whose bound on a match's moves (``max_game_length``) would pass it
are refused rather than cut: the bound must hold.
"""

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

MAX_DEAL_CHANCE: Final = 65_536
"""The most shuffles ``deal_chance`` may offer a deal (each chance node lists every outcome)."""

PARAMETERS: Final[dict[str, Any]] = {
    "variant": "foster",
    "players": 4,
    "deal_chance": 0,
    **{name: (_UNSET_NAME if kind is str else _UNSET_NUMBER) for name, kind in _KINDS.items()},
}
"""The parameter specification: each default stands for the preset's value."""


def with_default_limits(rules: Rules) -> Rules:
    """``rules`` with :data:`DEFAULT_TURN_LIMIT` and :data:`DEFAULT_DEAL_LIMIT` where they are unset, so that every match ends."""
    limits = {"turn_limit": DEFAULT_TURN_LIMIT, "deal_limit": DEFAULT_DEAL_LIMIT}
    unset = {name: limit for name, limit in limits.items() if getattr(rules, name) is None}
    return rules.replace(**unset) if unset else rules


def rules_from_parameters(params: Mapping[str, Any]) -> tuple[Rules, int]:
    """The ``Rules`` and player count that OpenSpiel parameters describe (the limits supplied where unset).

    A bad value is a :class:`~commerce_rules.CommerceError` saying which (an
    :class:`~commerce_rules.ArgumentTypeError` for a wrong type), and so are
    parameters that would make ``max_game_length`` more than :data:`MAX_INT`.
    """
    if not isinstance(params, Mapping):
        raise ArgumentTypeError(f"the game's parameters are a mapping, not {type(params).__name__}")
    variant = params.get("variant", PARAMETERS["variant"])
    if not isinstance(variant, str) or variant not in PRESETS:
        raise CommerceError(f"variant must be a preset's name ({', '.join(PRESETS)}), not {shown(variant)}")
    players = params.get("players", PARAMETERS["players"])
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CommerceError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {shown(players)}")
    unknown = [name for name in params if name not in PARAMETERS]
    if unknown:
        raise CommerceError(f"unknown parameter {shown(unknown[0])}; the parameters are: {', '.join(PARAMETERS)}")
    given = {name: _option(name, params.get(name, PARAMETERS[name])) for name in _KINDS}
    rules = PRESETS[variant].replace(**{name: value for name, value in given.items() if value is not _PRESETS_OWN})
    rules = with_default_limits(rules)
    new_game(rules, players, seed=0)  # a table too large for the deck is refused here, by the library
    length = max_match_actions(rules, players)
    if length > MAX_INT:
        raise CommerceError(
            f"turn_limit={rules.turn_limit} and deal_limit={rules.deal_limit} with {players} players allow {length:,} moves,"
            f" more than OpenSpiel's max_game_length can hold ({MAX_INT:,}): lower one of them"
        )
    return rules, players


_PRESETS_OWN: Final = object()
"""What :func:`_option` answers for a parameter left at its default: the preset's value stands."""


def _option(name: str, value: object) -> object:
    """The ``Rules`` value of the parameter ``name``, or :data:`_PRESETS_OWN`; a value of the wrong type or range is refused."""
    if _KINDS[name] is str:
        if not isinstance(value, str):
            raise ArgumentTypeError(f"{name} must be a name (a string), not {shown(value)}")
        return _PRESETS_OWN if value == _UNSET_NAME else value  # Rules says which names there are
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be a whole number, not {shown(value)}")
    if value == _UNSET_NUMBER:
        return _PRESETS_OWN
    if name in _YES_NO:
        if value not in (0, 1):
            raise CommerceError(f"{name} must be -1 (the preset's), 0 (no) or 1 (yes), not {shown(value)}")
        return bool(value)
    low, high = LIMITS[name]
    high = min(high, MAX_INT)
    if not low <= value <= high:
        raise CommerceError(f"{name} must be -1 (the preset's) or from {low:,} to {high:,}, not {shown(value)}")
    return value


def deal_chance_of(params: Mapping[str, Any]) -> int:
    """How chance deals: 0, card by card (the default); N, each deal one of N shuffles, one chance node a deal.

    Dealing card by card is exact: every deck is possible, each as likely.
    One node a deal costs a search 51 fewer chance steps a deal (52 cards) but
    offers it only N decks a deal (the library's shuffles of the seeds 0 to
    N - 1), each as likely: a sampling algorithm sees a sample of the deals,
    not all of them.
    """
    value = params.get("deal_chance", PARAMETERS["deal_chance"])
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"deal_chance must be a whole number, not {shown(value)}")
    if value != 0 and not 2 <= value <= MAX_DEAL_CHANCE:
        raise CommerceError(f"deal_chance must be 0 (card by card) or from 2 to {MAX_DEAL_CHANCE:,}, not {shown(value)}")
    return value


def explicit_parameters(variant: str, rules: Rules, players: int, deal_chance: int = 0) -> dict[str, Any]:
    """Parameters naming every option's value: they load the same game whatever the defaults."""
    params: dict[str, Any] = {"variant": variant, "players": players, "deal_chance": deal_chance}
    for name, value in rules.options().items():
        params[name] = int(value) if isinstance(value, bool) else value
    return params
