"""The import paths that moved in 0.2 still work, with a warning (issue: the redesign by role, item 8)."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import commerce_rules
from commerce_rules._moved import MOVED, MOVED_AGAIN


def public_names(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    return [name for name in vars(module) if not name.startswith("_")]


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_moved_module_gives_its_new_homes_names_with_a_deprecation_warning(old: str) -> None:
    new = importlib.import_module(f"commerce_rules.{MOVED[old]}")
    stand_in = importlib.import_module(f"commerce_rules.{old}")
    names = public_names(new.__name__)
    assert names, f"{new.__name__} has no public name"
    for name in names:
        with pytest.warns(DeprecationWarning, match=f"commerce_rules.{old}.{name} moved to {new.__name__}.{name}"):
            assert getattr(stand_in, name) is getattr(new, name)


def test_from_an_old_path_import_works_and_the_warning_points_at_the_importing_code() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        namespace: dict[str, object] = {}
        exec("from commerce_rules.state import GameState", namespace)  # as a user's module would
    assert namespace["GameState"] is commerce_rules.GameState
    [warning] = caught
    assert warning.category is DeprecationWarning and warning.filename == "<string>"


def test_an_old_path_read_as_an_attribute_of_the_package_is_its_stand_in() -> None:
    importlib.import_module("commerce_rules.cards")
    with pytest.warns(DeprecationWarning):
        assert getattr(commerce_rules, "cards").Card is commerce_rules.Card


def test_the_public_functions_named_like_old_modules_stay_functions_after_the_old_path_is_imported() -> None:
    with pytest.warns(DeprecationWarning):
        assert importlib.import_module("commerce_rules.observe").public_table
        assert importlib.import_module("commerce_rules.simulate").wilson_interval
    assert callable(commerce_rules.observe) and commerce_rules.observe.__name__ == "observe"
    assert callable(commerce_rules.simulate) and commerce_rules.simulate.__name__ == "simulate"


@pytest.mark.parametrize(("old", "name"), sorted(MOVED_AGAIN))
def test_names_that_left_their_module_before_the_move_are_still_found_there(old: str, name: str) -> None:
    with pytest.warns(DeprecationWarning, match=f"{name} moved to commerce_rules.{MOVED_AGAIN[old, name]}"):
        assert getattr(importlib.import_module(f"commerce_rules.{old}"), name) is getattr(commerce_rules, name)


def test_the_old_describe_action_of_an_action_alone_still_words_it_and_says_what_replaces_it() -> None:
    from commerce_rules import ArgumentTypeError, Card, Exchange

    stand_in = importlib.import_module("commerce_rules.actions")
    with pytest.warns(DeprecationWarning, match=r"actions.describe_action is deprecated: call action.describe\(\)"):
        describe = stand_in.describe_action
    action = Exchange(2, Card.parse("2♣"), Card.parse("A♠"))
    assert describe(action) == action.describe() == "seat 2 exchanges 2♣ for A♠ from the widow"
    with pytest.raises(ArgumentTypeError, match="needs an action, not str"):
        describe("knock")
    assert not hasattr(importlib.import_module("commerce_rules.core.actions"), "describe_action")


def test_a_name_no_module_ever_had_is_an_attribute_error_without_a_warning() -> None:
    stand_in = importlib.import_module("commerce_rules.rules")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="no attribute 'nothing'"):
            stand_in.nothing  # noqa: B018
        with pytest.raises(AttributeError):
            commerce_rules.nothing  # noqa: B018


def test_importing_the_package_imports_no_moved_module_and_warns_nothing() -> None:
    code = (
        "import sys, warnings; warnings.simplefilter('error'); import commerce_rules; "
        "print(sorted(n for n in sys.modules if n.startswith('commerce_rules.') and "
        "type(sys.modules[n]).__name__ == 'MovedModule' and sys.modules[n].__dict__.get('__all__')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]" and result.stderr == ""


def test_the_engine_package_still_offers_what_the_engine_module_did() -> None:
    from commerce_rules.engine import apply, legal_actions, replay  # noqa: PLC0415

    assert (apply, legal_actions, replay) == (commerce_rules.apply, commerce_rules.legal_actions, commerce_rules.replay)


def test_each_mechanisms_package_still_offers_its_turn_record() -> None:
    from commerce_rules.mechanisms.draw_discard import Discard, Draw, DrawTurn  # noqa: PLC0415
    from commerce_rules.mechanisms.rounds import RoundsTurn  # noqa: PLC0415
    from commerce_rules.mechanisms.trade_barter import TradeTurn  # noqa: PLC0415
    from commerce_rules.mechanisms.widow import WidowTurn  # noqa: PLC0415

    found = (Discard, Draw, DrawTurn, RoundsTurn, TradeTurn, WidowTurn)
    assert found == tuple(getattr(commerce_rules, cls.__name__) for cls in found)
