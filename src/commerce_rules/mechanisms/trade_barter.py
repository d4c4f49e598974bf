"""Foster's trade and barter, the game without widow (RULES.md §1.3-1.5).

On a turn the player buys (a card to the hidden discard, 1 point to the
dealer, the stock's top card in return), barters (offers a hidden card to the
neighbour, who answers blind or refuses by knocking) or knocks. A knock ends
the exchanges at once; so does a buy that takes the last card of the stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..actions import Action, Barter, BarterReply, Buy, Knock
from ..rules import BarterDirection
from ..state import Event, EventKind, Phase, ShowdownReason, next_active
from . import Step

if TYPE_CHECKING:
    from ..cards import Card
    from ..state import GameState

BUY_PRICE = 1
"""What a buyer other than the dealer pays the dealer."""


def barter_partner(state: GameState, seat: int) -> int:
    """The neighbour ``seat`` barters with (left by default, right with ``barter_direction='right'``)."""
    step = 1 if state.rules.barter_direction is BarterDirection.LEFT else -1
    return next_active(state.lives, seat, step)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in hand if c is not card)


def _replace_hands(state: GameState, changes: dict[int, tuple[Card, ...]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(changes.get(seat, hand) for seat, hand in enumerate(state.hands))


class TradeBarter:
    """Buy, barter, knock; no widow."""

    def cards_needed(self, players: int) -> int:
        return 1  # at least one card in the stock to buy

    def begin(self, state: GameState) -> GameState:
        seat = state.turn.turn_of
        return attrs.evolve(state, phase=Phase.PLAY, to_act=seat)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        if seat is None:
            return ()
        hand = state.hands[seat]
        if state.phase is Phase.BARTER_REPLY:
            return (*(BarterReply(seat, card) for card in hand), Knock(seat))
        buys = tuple(Buy(seat, card) for card in hand) if state.stock else ()
        return (*buys, *(Barter(seat, card) for card in hand), Knock(seat))

    def apply(self, state: GameState, action: Action) -> Step:
        turn = state.turn
        if isinstance(action, Knock):
            if state.phase is Phase.BARTER_REPLY:
                offerer = turn.turn_of
                refused = Event(EventKind.BARTER_REFUSED, offerer, (turn.offer,), action.player, (offerer,))  # type: ignore[arg-type]
                state = attrs.evolve(state, history=(*state.history, refused), turn=attrs.evolve(turn, offer=None))
            knock = Event(EventKind.KNOCK, action.player)
            turn = attrs.evolve(state.turn, knockers=(action.player,))
            return attrs.evolve(state, history=(*state.history, knock), turn=turn), ShowdownReason.KNOCK
        if isinstance(action, Buy):
            return self._buy(state, action)
        if isinstance(action, Barter):
            partner = barter_partner(state, action.player)
            turn = attrs.evolve(turn, offer=action.card)
            return attrs.evolve(state, phase=Phase.BARTER_REPLY, to_act=partner, turn=turn), None
        assert isinstance(action, BarterReply)
        return self._swap(state, action)

    def _buy(self, state: GameState, action: Buy) -> Step:
        seat, card = action.player, action.card
        drawn = state.stock[0]
        hands = _replace_hands(state, {seat: (*_without(state.hands[seat], card), drawn)})
        balances = state.balances
        if seat != state.dealer:
            balances = tuple(
                b - BUY_PRICE if s == seat else b + BUY_PRICE if s == state.dealer else b
                for s, b in enumerate(balances)
            )
        event = Event(EventKind.BUY, seat, (card, drawn), None, (seat,))
        state = attrs.evolve(
            state,
            hands=hands,
            stock=state.stock[1:],
            discard=(*state.discard, card),
            balances=balances,
            history=(*state.history, event),
        )
        if not state.stock:
            return state, ShowdownReason.STOCK_EXHAUSTED
        return self._next_turn(state, seat)

    def _swap(self, state: GameState, action: BarterReply) -> Step:
        offerer, partner = state.turn.turn_of, action.player
        offered, returned = state.turn.offer, action.card
        assert offered is not None
        hands = _replace_hands(
            state,
            {
                offerer: (*_without(state.hands[offerer], offered), returned),
                partner: (*_without(state.hands[partner], returned), offered),
            },
        )
        event = Event(EventKind.BARTER, offerer, (offered, returned), partner, tuple(sorted((offerer, partner))))
        state = attrs.evolve(
            state, hands=hands, history=(*state.history, event), turn=attrs.evolve(state.turn, offer=None)
        )
        return self._next_turn(state, offerer)

    def _next_turn(self, state: GameState, seat: int) -> Step:
        turns = state.turn.turns + 1
        limit = state.rules.turn_limit
        following = next_active(state.lives, seat)
        turn = attrs.evolve(state.turn, turn_of=following, turns=turns)
        state = attrs.evolve(state, phase=Phase.PLAY, to_act=following, turn=turn)
        if limit is not None and turns >= limit:
            return state, ShowdownReason.TURN_LIMIT
        return state, None

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
