"""Foster's trade and barter, the game without widow (RULES.md §1.3-1.5).

On a turn the player buys (a card to the hidden discard, 1 point to the
dealer, the stock's top card in return), barters (offers a hidden card to the
neighbour, who answers blind or refuses by knocking) or knocks. A knock ends
the exchanges at once; so does a buy that takes the last card of the stock
(**[resolution]**: "exhausted" is the moment the stock becomes empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, Barter, BarterReply, Buy, Knock, card_action, seat_action
from ..rules import BarterDirection
from ..state import Event, EventKind, Phase, ShowdownReason, evolve, next_active
from . import Step
from .common import unless_turn_limit, with_seat, without

if TYPE_CHECKING:
    from ..state import GameState

BUY_PRICE = 1
"""What a buyer other than the dealer pays the dealer."""


def barter_partner(state: GameState, seat: int) -> int:
    """The neighbour ``seat`` barters with (left by default, right with ``barter_direction='right'``)."""
    step = 1 if state.rules.barter_direction is BarterDirection.LEFT else -1
    return next_active(state.lives, seat, step)


class TradeBarter:
    """Buy, barter, knock; no widow."""

    def cards_needed(self, players: int) -> int:
        return 1  # at least one card in the stock to buy

    def begin(self, state: GameState) -> GameState:
        return evolve(state, phase=Phase.PLAY, to_act=state.turn.turn_of)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        if seat is None:
            return ()
        hand = state.hands[seat]
        if state.phase is Phase.BARTER_REPLY:
            return (*(card_action(BarterReply, seat, card) for card in hand), seat_action(Knock, seat))
        buys = tuple(card_action(Buy, seat, card) for card in hand) if state.stock else ()
        return (*buys, *(card_action(Barter, seat, card) for card in hand), seat_action(Knock, seat))

    def apply(self, state: GameState, action: Action) -> Step:
        if isinstance(action, Buy):
            return self._buy(state, action)
        if isinstance(action, Barter):
            partner = barter_partner(state, action.player)
            turn = evolve(state.turn, offer=action.card)
            return evolve(state, phase=Phase.BARTER_REPLY, to_act=partner, turn=turn), None
        if isinstance(action, BarterReply):
            return self._swap(state, action)
        assert isinstance(action, Knock)
        return self._knock(state, action.player)

    def _knock(self, state: GameState, seat: int) -> Step:
        turn = state.turn
        history = state.history
        if state.phase is Phase.BARTER_REPLY:  # refusing a barter by knocking; the offer stays with the offerer
            offerer = turn.turn_of
            assert turn.offer is not None
            history = (*history, Event(EventKind.BARTER_REFUSED, offerer, (turn.offer,), seat, (offerer,)))
        turn = evolve(turn, knockers=(seat,), offer=None)
        return evolve(state, history=(*history, Event(EventKind.KNOCK, seat)), turn=turn), ShowdownReason.KNOCK

    def _buy(self, state: GameState, action: Buy) -> Step:
        seat, card = action.player, action.card
        drawn = state.stock[0]
        new_hand = (*without(state.hands[seat], card), drawn)
        dealer = state.dealer
        balances = state.balances
        if seat != dealer:  # the dealer's own buy is free
            balances = with_seat(balances, seat, balances[seat] - BUY_PRICE)
            balances = with_seat(balances, dealer, balances[dealer] + BUY_PRICE)
        changes = {
            "hands": with_seat(state.hands, seat, new_hand),
            "stock": state.stock[1:],
            "discard": (*state.discard, card),
            "balances": balances,
            "history": (*state.history, Event(EventKind.BUY, seat, (card, drawn), None, (seat,))),
        }
        if len(state.stock) == 1:
            return evolve(state, **changes), ShowdownReason.STOCK_EXHAUSTED
        return self._next_turn(state, seat, {}, changes)

    def _swap(self, state: GameState, action: BarterReply) -> Step:
        offerer, partner = state.turn.turn_of, action.player
        offered, returned = state.turn.offer, action.card
        assert offered is not None
        hands = with_seat(state.hands, offerer, (*without(state.hands[offerer], offered), returned))
        hands = with_seat(hands, partner, (*without(hands[partner], returned), offered))
        event = Event(EventKind.BARTER, offerer, (offered, returned), partner, tuple(sorted((offerer, partner))))
        changes = {
            "hands": hands,
            "history": (*state.history, event),
        }
        return self._next_turn(state, offerer, {"offer": None}, changes)

    def _next_turn(self, state: GameState, seat: int, turn_changes: dict[str, Any], changes: dict[str, Any]) -> Step:
        turns = state.turn.turns + 1
        following = next_active(state.lives, seat)
        turn = evolve(state.turn, turn_of=following, turns=turns, **turn_changes)
        return unless_turn_limit(evolve(state, phase=Phase.PLAY, to_act=following, turn=turn, **changes))

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        if state.phase is Phase.BARTER_REPLY:
            offerer = state.turn.turn_of
            if not isinstance(action, (BarterReply, Knock)):
                return f"seat {state.to_act} must answer seat {offerer}'s barter: reply with a card or knock"
        elif isinstance(action, BarterReply):
            return "no barter is waiting for an answer"
        if isinstance(action, (Buy, Barter, BarterReply)) and action.card not in state.hands[seat]:
            return f"seat {seat} does not hold {action.card}"
        if isinstance(action, Buy) and not state.stock:
            return "the stock is empty"
        return f"{type(action).__name__} is not an action of trade and barter"
