"""A small soak and a small fuzz in every run of the suite, so their checks are themselves tested.

The full runs (``nox -s soak``, ``nox -s fuzz``, see ``docs/reliability.md``)
take hours and are not part of CI; these take a few seconds.
"""

from __future__ import annotations

import random

import pytest

from commerce_rules import PRESETS, new_game

import fuzz
import soak


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_soak_game_of_every_preset_keeps_every_invariant_after_every_action(name: str) -> None:
    totals = soak.soak([name], games=1, first_seed=7, report=lambda line: None)
    assert totals[name][0] == 1 and totals[name][1] > 0


LIBRARY_TARGETS = ["state", "action", "observation", "index", "apply"]
ADAPTER_TARGETS = ["pettingzoo", "openspiel_game", "openspiel_apply"]


def test_a_fuzz_of_every_library_entry_point_raises_nothing_but_commerce_errors() -> None:
    result = fuzz.fuzz(1000, seed=3, targets=LIBRARY_TARGETS, report=lambda line: None, games=1)
    crashes = [first for kind, (_, first) in result.findings.items() if ": Slow: " not in kind]  # speed: nox -s fuzz
    assert not crashes, crashes[0]
    for name, tally in result.tallies.items():
        assert tally.accepted and tally.refused, name


def test_the_adapter_targets_run_where_their_extras_are_installed() -> None:
    """Only that they run: what they find is for ``nox -s fuzz`` to report (docs/reliability.md)."""
    result = fuzz.fuzz(600, seed=3, targets=ADAPTER_TARGETS, report=lambda line: None, games=1)
    if len(result.skipped) == len(ADAPTER_TARGETS):
        pytest.skip("no adapter extra installed")
    for name, tally in result.tallies.items():
        assert tally.accepted and tally.refused, name


def test_an_exception_that_is_no_refusal_is_a_finding_shown_with_its_reproducer() -> None:
    def make(rng: random.Random) -> fuzz.Case:
        return fuzz.Case(lambda: "the reproducer", lambda: dict[str, str]()["no refusal"])

    result = fuzz.Report({"broken": fuzz.Tally()})
    shown: list[str] = []
    for _ in range(2):
        fuzz.run_one("broken", make, random.Random(0), result, report=shown.append)
    [(count, first)] = result.findings.values()
    assert count == 2 and "KeyError" in first and "the reproducer" in first
    assert shown == [first] and result.tallies["broken"].findings == 2


def test_the_soak_catches_a_broken_invariant() -> None:
    state = new_game(PRESETS["crp"], 3, seed=1)
    forged = state._replace(pot=1)  # money from nowhere
    with pytest.raises(AssertionError, match="zero-sum"):
        soak.check_state(forged)
