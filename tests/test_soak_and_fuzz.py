"""A small soak and a small fuzz in every run of the suite, so their checks are themselves tested.

The full runs (``nox -s soak``, ``nox -s fuzz``, see ``docs/reliability.md``)
take hours and are not part of CI; these take a few seconds.
"""

from __future__ import annotations

import pytest

from commerce_rules import PRESETS, new_game

import fuzz
import soak


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_soak_game_of_every_preset_keeps_every_invariant_after_every_action(name: str) -> None:
    totals = soak.soak([name], games=1, first_seed=7, report=lambda line: None)
    assert totals[name][0] == 1 and totals[name][1] > 0


def test_a_fuzz_of_mutated_documents_raises_nothing_but_serialization_errors() -> None:
    counts, failures = fuzz.fuzz(400, seed=3, report=lambda line: None)
    assert not failures, failures[0]
    assert counts["states refused"] and counts["actions refused"]
    assert counts["states accepted"] and counts["actions accepted"]


def test_the_soak_catches_a_broken_invariant() -> None:
    state = new_game(PRESETS["crp"], 3, seed=1)
    forged = state._replace(pot=1)  # money from nowhere
    with pytest.raises(AssertionError, match="zero-sum"):
        soak.check_state(forged)
