"""Foster's points ledger (RULES.md §1.1, 1.2, 1.7, 1.8).

Each deal every player antes 1 point into a new pot; the best hand takes the
pot; a dealer who did not win pays the winner 1 point, or 1 point to every
other player when the dealer's hand is of the winner's category. The match
is one deal per player; the highest balance wins. Exact ties for the best
hand go to the dealer, then to the eldest and on round the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import Phase, evolve
from . import NoQuestions, Settlement
if TYPE_CHECKING:
    from ..ranking import HandValue
    from ..state import GameState, Payment

ANTE = 1
"""What each player pays into the pot at every deal."""
DEALER_PAYS = 1
"""What the losing dealer pays the winner, or each other player."""


class Ledger(NoQuestions):
    """Antes, pot, the dealer's payments, and one deal per player."""

    def start_match(self, state: GameState) -> GameState:
        return state

    def start_deal(self, state: GameState) -> GameState:
        players = state.active
        balances = tuple(b - ANTE if seat in players else b for seat, b in enumerate(state.balances))
        return evolve(state, balances=balances, pot=state.pot + ANTE * len(players))

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        n = state.num_players
        return tuple(seat for seat in ((state.dealer + k) % n for k in range(n)) if state.lives[seat] > 0)

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int) -> Settlement:
        payments: list[Payment] = []
        balances = list(state.balances)
        if state.pot:
            payments.append((None, winner, state.pot))
            balances[winner] += state.pot
        dealer = state.dealer
        if winner != dealer:
            dealer_value, winner_value = values[dealer], values[winner]
            same_category = (
                dealer_value is not None and winner_value is not None
                and dealer_value.category is winner_value.category
            )  # fmt: skip
            payees = [s for s in state.active if s != dealer] if same_category else [winner]
            for payee in payees:
                payments.append((dealer, payee, DEALER_PAYS))
                balances[dealer] -= DEALER_PAYS
                balances[payee] += DEALER_PAYS
        return evolve(state, balances=tuple(balances), pot=0), (), tuple(payments)

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        if state.deal_number < state.num_players:  # one deal per player
            return None
        best = max(state.balances)
        return tuple(seat for seat, balance in enumerate(state.balances) if balance == best)

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        return evolve(state, phase=Phase.OVER, to_act=None, winners=winners)
