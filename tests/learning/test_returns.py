"""``returns`` (API.md "For bot authors"): per seat once over, summing to 0; a CommerceError before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import CommerceError, Scoring, new_game, returns
from random_play import PROPERTY, VARIANTS, Variant, games


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_returns_sum_to_zero_and_are_the_balances_or_the_winners_share(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    final = states[-1]
    result = returns(final)
    assert len(result) == game.players and all(isinstance(value, float) for value in result)
    assert sum(result) == pytest.approx(0.0, abs=1e-9)
    if game.rules.scoring is Scoring.LIVES:
        k = len(final.winners)
        assert result == tuple((game.players - k) / k if seat in final.winners else -1.0 for seat in range(game.players))
    else:  # a ledger or a pool: the final balances
        assert result == tuple(float(balance) for balance in final.balances)
    for state in (states[0], states[len(states) // 2]):
        if not state.is_over:
            with pytest.raises(CommerceError, match="over"):
                returns(state)


def test_returns_needs_a_state() -> None:
    with pytest.raises(CommerceError):
        returns(new_game.__name__)  # type: ignore[arg-type]
