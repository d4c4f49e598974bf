"""``returns``: what each seat made of a finished match, for bot authors and learning code.

The scoring decides (:meth:`~commerce_rules.parts.play.ScoringPart.returns`):
with money (a ledger, Hoyle's pool) the final balances, which sum to 0; with
lives, ``(n - k) / k`` for each of the ``k`` winners and -1 for every other
seat, which sum to 0 too.
"""

from __future__ import annotations

from ..core.errors import ArgumentTypeError, CommerceError
from ..core.state import GameState
from ..engine.variant import variant_of

__all__ = ["returns"]


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's return of a match that is over; they sum to 0.

    :raises CommerceError: the match is not over yet.

    >>> from commerce_rules import CRP, apply, legal_actions, new_game, returns
    >>> state = new_game(CRP, 3, seed=1)
    >>> while not state.is_over:  # everybody knocks, or passes in the final round
    ...     state = apply(state, legal_actions(state)[-1])
    >>> returns(state)[state.winners[0]], sum(returns(state))
    (2.0, 0.0)
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"returns() needs a GameState, not {type(state).__name__}")
    if not state.is_over:
        raise CommerceError("returns() needs a match that is over: play it to the end first")
    return variant_of(state.rules).scoring.returns(state)
