"""Hoyle's pool, counters, rise and horse (RULES.md §6.1, 6.8-6.10).

Before the first deal every player pays ``stake`` into the pool and takes
``starting_lives`` counters. At each showdown the best hand takes ``prize``
from the pool (all that is left if less); the lowest hand loses a counter,
the "rise" (every player tied for the lowest does; a showdown that would
take every active player's last counter takes none). The first player to
lose their last counter may buy a horse — one counter for
``ceil(stake / 3)`` points into the pool — once per match. The last player
with counters takes what is left in the pool and wins.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import attrs

from ..actions import Action, BuyHorse, Pass, seat_action
from ..state import Event, EventKind, Phase, evolve
from . import Settlement
from .lives import Lives, lowest_hands, take_lives

if TYPE_CHECKING:
    from ..ranking import HandValue
    from ..state import GameState, Payment


def horse_price(stake: int) -> int:
    """A horse costs a third of the stake, rounded up (**[resolution]**: the seed says "usually a third")."""
    return math.ceil(stake / 3)


class Pool(Lives):
    """Stakes into a pool, a prize per showdown, counters lost by the lowest hand, one horse.

    Counters work as lives do (ties for the best hand, who wins, when the
    match ends); the pool and the horse are this part's own.
    """

    def start_match(self, state: GameState) -> GameState:
        stake = state.rules.stake
        players = state.active
        balances = tuple(b - stake if seat in players else b for seat, b in enumerate(state.balances))
        return evolve(state, balances=balances, pot=state.pot + stake * len(players))

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int) -> Settlement:
        prize = min(state.rules.prize, state.pot)
        payments: tuple[Payment, ...] = ((None, winner, prize),) if prize else ()
        balances = tuple(b + prize if seat == winner else b for seat, b in enumerate(state.balances))
        losers = lowest_hands(state, values)  # the rise: counters go to the pool, points do not move
        state = evolve(state, balances=balances, pot=state.pot - prize, lives=take_lives(state.lives, losers))
        return state, losers, payments

    def question(self, state: GameState) -> GameState | None:
        """Offer the horse to the first player out, if this showdown made one and the horse is still to be had."""
        showdown = state.last_showdown
        if not state.rules.horse or state.horse_bought or showdown is None:
            return None
        out = [seat for seat in showdown.losers if state.lives[seat] == 0]
        if not out:
            return None
        earlier_out = any(state.lives[seat] == 0 for seat in range(state.num_players) if seat not in out)
        if earlier_out:  # someone went out before: the horse was theirs to buy
            return None
        order = eldest_first_of(state, out)
        return evolve(state, phase=Phase.HORSE, to_act=order[0])

    def question_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        assert seat is not None
        return (seat_action(BuyHorse, seat), seat_action(Pass, seat))

    def answer(self, state: GameState, action: Action) -> GameState:
        seat = action.player
        if isinstance(action, BuyHorse):
            price = horse_price(state.rules.stake)
            return evolve(
                state,
                balances=tuple(b - price if s == seat else b for s, b in enumerate(state.balances)),
                pot=state.pot + price,
                lives=tuple(1 if s == seat else n for s, n in enumerate(state.lives)),
                horse_bought=True,
                history=(*state.history, Event(EventKind.HORSE, seat)),
            )
        assert isinstance(action, Pass)
        return evolve(state, history=(*state.history, Event(EventKind.HORSE_DECLINED, seat)))

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        survivor = winners[0]
        rest = state.pot
        showdown = state.last_showdown
        if rest and showdown is not None:  # the survivor takes everything left in the pool
            showdown = attrs.evolve(showdown, payments=(*showdown.payments, (None, survivor, rest)))
            state = evolve(state, showdowns=(*state.showdowns[:-1], showdown))
        balances = tuple(b + rest if s == survivor else b for s, b in enumerate(state.balances))
        return evolve(state, balances=balances, pot=0, phase=Phase.OVER, to_act=None, winners=winners)


def eldest_first_of(state: GameState, seats: list[int]) -> tuple[int, ...]:
    """``seats`` in order from the dealer's left (the eldest first, the dealer last)."""
    n = state.num_players
    return tuple(sorted(seats, key=lambda seat: (seat - state.dealer - 1) % n))


