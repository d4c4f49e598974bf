"""A transition is type-checked: ``mypy --strict`` rejects a misspelt field or a wrong type in one.

The engine builds each next state with ``_replace`` or with the keyword-only
``moved``/``moved_and_paid``/``opened``/``scored``/``settled``, and each part's record likewise; this
test runs mypy on transitions written wrong, as a part would write them, and
checks that every one is an error.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

WRONG = textwrap.dedent(
    """
    from commerce_rules import CRP, FOSTER, WidowTurn, new_game
    from commerce_rules.core.state import moved, moved_and_paid, opened, scored, settled

    state = new_game(CRP, 3, seed=1)
    a = state._replace(hnads=state.hands)  # a misspelt field
    b = moved(state, phase=state.phase, to_act=1, hands=state.hands, widow=state.widow, stock=state.stock,
              turn=state.turn, lgo=state.log)  # a misspelt field
    turn: WidowTurn = state.turn
    c = turn._replace(turns="3")  # a wrong type
    d = moved_and_paid(state, to_act=1, hands=state.hands, stock=state.stock, discard=state.discard,
                       balances=[0, 0, 0], turn=state.turn, log=state.log)  # a list is no tuple
    e = opened(state, deal_number=2, dealer=0, phase=state.phase, to_act=1, hands=state.hands, widow=state.widow,
               stock=state.stock, discard=(), pot=0, balances=state.balances, turn=state.turn)  # the log missing
    f = scored(state, pot=0, balances=state.balances, lives=state.lives, actve=state.active, score=None)  # a misspelt field
    g = settled(state, pot=0, balances=state.balances, lives=state.lives, active=state.active, score=None,
                showdown=state.showdowns)  # a tuple of showdowns is not one
    """
)


def test_mypy_rejects_a_misspelt_field_or_a_wrong_type_in_a_transition(tmp_path: Path) -> None:
    source = tmp_path / "transitions.py"
    source.write_text(WRONG, encoding="utf-8")
    out, _err, status = mypy_api.run(["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(source)])
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 7, out  # one per transition written wrong, and nothing else
    assert 'Unexpected keyword argument "hnads" for "_replace" of "GameState"' in out
    assert 'Unexpected keyword argument "lgo" for "moved"' in out
    assert '"_replace" of "WidowTurn" has incompatible type "str"' in out
    assert '"balances" to "moved_and_paid" has incompatible type "list[int]"' in out
    assert 'Missing named argument "log" for "opened"' in out
    assert 'Unexpected keyword argument "actve" for "scored"' in out
    assert '"showdown" to "settled" has incompatible type' in out


def test_the_fast_transitions_change_only_the_fields_they_name() -> None:
    from commerce_rules import SCHWIMMEN, new_game
    from commerce_rules.scoring.lives import LivesRecord
    from commerce_rules.core.state import Showdown, ShowdownReason, opened, scored, settled

    state = new_game(SCHWIMMEN, 4, seed=1)  # free_ride: the score is a record of who is out
    assert state.score == LivesRecord(())
    out = LivesRecord((3,))
    after = scored(state, pot=7, balances=(1, -1, 0, 0), lives=(3, 2, 0, 0), active=(0, 1, 2), score=out)
    assert after == state._replace(pot=7, balances=(1, -1, 0, 0), lives=(3, 2, 0, 0), active=(0, 1, 2), score=out)
    showdown = Showdown(1, state.dealer, ShowdownReason.KNOCK, state.hands, (None,) * 4, 0)
    shown = settled(state, pot=7, balances=(1, -1, 0, 0), lives=(3, 2, 0, 0), active=(0, 1, 2), score=out, showdown=showdown)
    assert shown == after._replace(showdowns=(showdown,))
    begun = opened(
        state, deal_number=2, dealer=1, phase=state.phase, to_act=2, hands=((),) * 4, widow=(), stock=state.stock,
        discard=state.widow, pot=3, balances=(1, 1, -1, -1), turn=None, log=state.log,
    )  # fmt: skip
    assert begun == state._replace(
        deal_number=2, dealer=1, to_act=2, hands=((),) * 4, widow=(), discard=state.widow, pot=3, balances=(1, 1, -1, -1), turn=None,
    )  # fmt: skip
    assert type(after) is type(shown) is type(begun) is type(state)
