"""Trade and barter in words: what the table waits for, why a move is refused, the moves, a deal's end.

The mechanism's words role (registered beside :class:`~commerce_rules.mechanisms.trade_barter.mechanism.TradeBarter`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Barter, BarterReply, Buy, Knock
from ...core.rules import BarterDirection
from ...core.state import EventKind, Phase, ShowdownReason, next_active
from ...parts.words import plain_label, plural
from ..common import knocker_of, turn_limit_text
from .record import BUY_PRICE, barter_partner

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...core.state import GameState, Showdown

__all__ = ["TradeBarterWords"]


class TradeBarterWords:
    """Trade and barter's words role."""

    def knockers(self, view: Observation) -> tuple[int, ...]:
        """Who knocked in the deal ``view`` shows: a knock, or a barter refused by knocking (its target knocked)."""
        knocked = []
        for event in view.history:
            if event.kind is EventKind.KNOCK:
                knocked.append(event.player)
            elif event.kind is EventKind.BARTER_REFUSED:  # refused by knocking: its target knocked
                knocked.append(event.player if event.target is None else event.target)
        return tuple(knocked)

    def waiting_for(self, view: Observation) -> str:
        if view.phase is Phase.BARTER_REPLY:
            return f"seat {view.to_act} is to answer a barter"
        return f"it is seat {view.to_act}'s turn to act"

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

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        seat = action.player
        if isinstance(action, Buy):
            if seat == before.dealer:
                paying = "the dealer pays nobody"
            elif not before.rules.keeps_money:
                paying = "for nothing (no money in this variant)"
            else:
                paying = f"pays {BUY_PRICE} to the dealer (seat {before.dealer})"
            left = len(before.stock) - 1
            drawn = "draws the last card of the stock" if left == 0 else f"draws from the stock ({plural(left, 'card')} left)"
            return [f"seat {seat} buys: gives a card face down, {paying}, {drawn}"]
        if isinstance(action, Barter):
            return [f"seat {seat} offers seat {barter_partner(before, seat)} a card face down in barter"]
        if isinstance(action, BarterReply):
            return [f"seat {seat} gives seat {before.turn.turn_of} a card back, unseen: the two cards are swapped"]
        if before.phase is Phase.BARTER_REPLY:
            return [f"seat {seat} refuses seat {before.turn.turn_of}'s barter by knocking: the exchanges stop"]
        return [f"{action.describe()}: the exchanges stop"]

    def choice_text(self, state: GameState, action: Action) -> str:
        if isinstance(action, Buy):
            if action.player == state.dealer or not state.rules.keeps_money:
                cost = "free: you deal" if action.player == state.dealer else "free: no money in this variant"
            else:
                cost = f"pay {BUY_PRICE} to the dealer, seat {state.dealer}"
            return f"buy: give {action.card}, draw the stock's top card ({cost})"
        if isinstance(action, Barter):
            return f"barter: offer {action.card} to seat {barter_partner(state, action.player)}"
        if isinstance(action, BarterReply):
            return f"answer the barter: give {action.card} back, unseen"
        if state.phase is Phase.BARTER_REPLY:
            return "knock: refuse the barter, and the showdown follows"
        return "knock"

    def label(self, view: Observation, action: Action) -> str:
        if isinstance(action, Buy):
            return f"Buy, giving {action.card}"
        if isinstance(action, Barter):
            step = 1 if view.rules.barter_direction is BarterDirection.LEFT else -1
            return f"Barter {action.card} with seat {next_active(view.active, action.player, step)}"
        if isinstance(action, BarterReply):
            return f"Give {action.card} back"
        if isinstance(action, Knock):
            return "Knock, refusing the barter" if view.phase is Phase.BARTER_REPLY else "Knock"
        return plain_label(action)

    def event_text(self, view: Observation, event: Event) -> str:
        seat, cards = event.player, event.cards
        if event.kind is EventKind.BUY:
            paid = "" if seat == view.dealer or not view.rules.keeps_money else f", pays {BUY_PRICE} to the dealer (seat {view.dealer})"
            if cards:
                return f"seat {seat} buys: gives {cards[0]} face down{paid}, draws {cards[1]}"
            return f"seat {seat} buys: gives a card face down{paid}, draws from the stock"
        if event.kind is EventKind.BARTER:
            if cards:
                return f"seat {seat} barters {cards[0]} with seat {event.target}, who gives {cards[1]} back"
            return f"seat {seat} barters a card face down with seat {event.target}, who gives one back unseen"
        if event.kind is EventKind.BARTER_REFUSED:
            offered = f" of {cards[0]}" if cards else ""
            return f"seat {event.target} refuses seat {seat}'s barter{offered} by knocking: the exchanges stop"
        if event.kind is EventKind.KNOCK:
            return f"seat {seat} knocks: the exchanges stop"
        return f"seat {seat}: {event.kind.value}"  # pragma: no cover - the mechanism records nothing else

    def situation(self, view: Observation) -> list[str]:
        if view.phase is Phase.BARTER_REPLY:
            return [f"Seat {view.turn.turn_of} offers you a card in barter: answer unseen, or knock to refuse."]
        return []

    def opening(self, state: GameState) -> list[str]:
        return []

    def reason_text(self, showdown: Showdown, rules: Rules, before: GameState | None, action: Action | None) -> str:
        if showdown.reason is ShowdownReason.STOCK_EXHAUSTED:
            return "the stock is exhausted"
        if showdown.reason is ShowdownReason.TURN_LIMIT:
            return turn_limit_text(rules)
        knocker = knocker_of(before, action)
        return "a player knocked" if knocker is None else f"seat {knocker} knocked"
