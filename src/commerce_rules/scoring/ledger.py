"""Foster's points ledger (Rules §1.1, 1.2, 1.7, 1.8).

Each deal every player antes 1 point into a new pot; the best hand takes the
pot; a dealer who did not win pays the winner 1 point, or 1 point to every
other player when the dealer's hand is of the winner's category. The match
is one deal per player; the highest balance wins. Exact ties for the best
hand go to the dealer, then to the eldest and on round the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..parts import jsonfields as jf
from ..core.state import Phase, Showdown, ShowdownReason, clockwise_from
from .common import NoQuestions
from ..parts.spec import ScoringSpec
from ..parts.words import payment_lines, plural, seat_list, signed

if TYPE_CHECKING:
    from ..parts.features import Features
    from ..core.observation import Observation
    from ..core.rules import Rules
    from ..parts.play import Settlement
    from ..ranking import HandValue
    from ..core.state import GameState, Payment

__all__ = ["ANTE", "DEALER_PAYS", "LEDGER", "Ledger"]

ANTE = 1
"""What each player pays into the pot at every deal."""
DEALER_PAYS = 1
"""What the losing dealer pays the winner, or each other player."""


def deals_of(state: GameState) -> int:
    """How many deals the match has: one per player, or ``deal_limit`` if that is fewer (Rules §1.8, §9)."""
    limit = state.rules.deal_limit
    return state.num_players if limit is None else min(limit, state.num_players)


class Ledger(NoQuestions):
    """Antes, pot, the dealer's payments, and one deal per player."""

    unit = ""
    has_money = True

    def active_seats(self, lives: tuple[int, ...], record: Any) -> tuple[int, ...]:
        return tuple(range(len(lives)))  # nobody is eliminated

    def start_match(self, state: GameState) -> GameState:
        return state

    def stakes(self, state: GameState) -> tuple[int, tuple[int, ...]]:
        players = state.active
        balances = list(state.balances)
        for seat in players:
            balances[seat] -= ANTE
        return state.pot + ANTE * len(players), tuple(balances)

    def tie_order(self, state: GameState) -> tuple[int, ...]:
        order = clockwise_from(state.active, state.dealer)  # the dealer last: every seat plays every deal
        return order[-1:] + order[:-1]

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int, reason: ShowdownReason) -> Settlement:
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
            )
            payees = [s for s in state.active if s != dealer] if same_category else [winner]
            for payee in payees:
                payments.append((dealer, payee, DEALER_PAYS))
                balances[dealer] -= DEALER_PAYS
                balances[payee] += DEALER_PAYS
        return 0, tuple(balances), state.lives, state.active, state.score, (), tuple(payments)

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        if state.deal_number < deals_of(state):  # one deal per player, or deal_limit if fewer
            return None
        best = max(state.balances)
        return tuple(seat for seat, balance in enumerate(state.balances) if balance == best)

    def return_range(self, rules: Rules, players: int, deals: int, actions_per_deal: int) -> tuple[int, int]:
        # Per deal a seat antes, pays at most one point per action (a purchase) and, as the dealer, every
        # other seat; it takes at most the pot, the purchases paid to it as the dealer and a dealer's payment.
        per_deal = players * (ANTE + DEALER_PAYS) + actions_per_deal
        bound = min(deals, players) * per_deal  # one deal per player
        return -bound, bound

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        return state._replace(phase=Phase.OVER, to_act=None, winners=winners)

    def score_features_size(self, rules: Rules, players: int) -> int:
        return players + 1

    def score_features(self, view: Observation, out: Features) -> None:
        """The pot / N, each balance / N (antes of 1 a player)."""
        out.number(view.pot, view.num_players)
        out.per_seat(view.balances, view.num_players)

    def returns(self, state: GameState) -> tuple[float, ...]:
        """The final balances (the pot is empty once the match is over, so they sum to 0)."""
        return tuple([float(balance) for balance in state.balances])

    def settled_return(self, state: GameState, seat: int) -> float | None:
        return None  # nobody is ever out: every balance may change until the last deal

    # ------------------------------------------------------------------ words

    def standings(self, rules: Any, balances: Sequence[int], lives: Sequence[int], pot: int, active: Sequence[int] | None = None) -> str:
        return "balances: " + ", ".join(f"seat {s} {signed(b)}" for s, b in enumerate(balances))

    def deal_heading(self, state: GameState) -> str:
        return f"Deal {state.deal_number} of {deals_of(state)}"

    def deal_start(self, state: GameState) -> list[str]:
        return [f"  Each player antes {state.pot // len(state.active)}: the pot holds {state.pot}."]

    def showdown_lines(self, showdown: Showdown, after: GameState) -> list[str]:
        dealer_value = showdown.values[showdown.dealer]
        winner_value = showdown.values[showdown.winner]
        alike = dealer_value is not None and winner_value is not None and dealer_value.category is winner_value.category

        def why(payer: int, seats: list[int]) -> str:  # Rules §1.7
            if payer != showdown.dealer:
                return ""
            if len(seats) > 1 and alike and winner_value is not None:
                return f" (the dealer's hand is a {winner_value.category_word} like the best hand)"
            return " (the dealer did not win)"

        return payment_lines(showdown, "pot", why)

    def winners_text(self, state: GameState) -> str:
        deals = plural(len(state.showdowns), "deal")
        best = state.balances[state.winners[0]]
        if len(state.winners) == 1:
            return f"Match over after {deals}. Winner: seat {state.winners[0]}, with a balance of {signed(best)}."
        return f"Match over after {deals}. Winners: {seat_list(state.winners)}, sharing the victory at {signed(best)}."

    # ------------------------------------------------------------------ checks of a loaded state

    def check(self, state: GameState) -> None:
        """Nobody loses lives; one deal per player; the pot goes to the winner and only the dealer pays."""
        start = state.rules.starting_lives
        for seat, lives in enumerate(state.lives):
            if lives != start:
                jf.fail(f"lives[{seat}]", f"with a ledger nobody is eliminated: every seat keeps {start}, not {lives}")
        if state.deal_number > deals_of(state):
            jf.fail("deal_number", f"a ledger match has one deal per player (or deal_limit if fewer): at most {deals_of(state)}")
        for i, showdown in enumerate(state.showdowns):
            path = f"showdowns[{i}]"
            if showdown.losers:
                jf.fail(f"{path}.losers", "nobody loses a life with ledger scoring: must be empty")
            for j, (payer, payee, _points) in enumerate(showdown.payments):
                where = f"{path}.payments[{j}]"
                if payer is None and payee != showdown.winner:
                    jf.fail(where, f"the pot goes to the winner, seat {showdown.winner}")
                if payer is not None and payer != showdown.dealer:
                    jf.fail(where, f"at a ledger showdown only the pot and the dealer (seat {showdown.dealer}) pay")


_LEDGER_PART = Ledger()
LEDGER: Final = ScoringSpec(play=_LEDGER_PART, document=_LEDGER_PART, words=_LEDGER_PART, learning=_LEDGER_PART)
"""The ledger scoring as the registry holds it: one object plays its four roles."""
