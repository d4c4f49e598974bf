"""A transition is type-checked: ``mypy --strict`` rejects a misspelt field or a wrong type in one.

The engine builds each next state with ``_replace`` or with the keyword-only
``moved``/``moved_and_paid``/``dealt``, and each part's record likewise; this
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
    from commerce_rules.state import dealt, moved, moved_and_paid

    state = new_game(CRP, 3, seed=1)
    a = state._replace(hnads=state.hands)  # a misspelt field
    b = moved(state, phase=state.phase, to_act=1, hands=state.hands, widow=state.widow, stock=state.stock,
              turn=state.turn, lgo=state.log)  # a misspelt field
    turn: WidowTurn = state.turn
    c = turn._replace(turns="3")  # a wrong type
    d = moved_and_paid(state, to_act=1, hands=state.hands, stock=state.stock, discard=state.discard,
                       balances=[0, 0, 0], turn=state.turn, log=state.log)  # a list is no tuple
    e = dealt(state, deal_number=2, dealer=0, hands=state.hands, widow=state.widow, stock=state.stock)  # the log missing
    """
)


def test_mypy_rejects_a_misspelt_field_or_a_wrong_type_in_a_transition(tmp_path: Path) -> None:
    source = tmp_path / "transitions.py"
    source.write_text(WRONG, encoding="utf-8")
    out, _err, status = mypy_api.run(["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(source)])
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 5, out  # one per transition written wrong, and nothing else
    assert 'Unexpected keyword argument "hnads" for "_replace" of "GameState"' in out
    assert 'Unexpected keyword argument "lgo" for "moved"' in out
    assert '"_replace" of "WidowTurn" has incompatible type "str"' in out
    assert '"balances" to "moved_and_paid" has incompatible type "list[int]"' in out
    assert 'Missing named argument "log" for "dealt"' in out
