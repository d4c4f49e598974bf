"""Draw and discard in words: what the table waits for, why a move is refused, the moves, a deal's opening and end.

The mechanism's words role (registered beside :class:`~commerce_rules.mechanisms.draw_discard.mechanism.DrawDiscard`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Knock
from ...core.state import EventKind, Phase, ShowdownReason
from ...parts.words import plain_label
from ..common import knocker_of, turn_limit_text
from .record import STOCK, Discard, Draw, DrawTurn

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...core.state import GameState, Showdown

__all__ = ["DrawDiscardWords"]


class DrawDiscardWords:
    """Draw and discard's words role."""

    def knockers(self, view: Observation) -> tuple[int, ...]:
        """Who knocked in the deal ``view`` shows, as its turn record keeps them (public)."""
        turn: DrawTurn = view.turn
        return turn.knockers

    def waiting_for(self, view: Observation) -> str:
        if view.phase is Phase.DISCARD:
            return f"seat {view.to_act} has drawn and is to discard"
        return f"it is seat {view.to_act}'s turn to draw"

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn: DrawTurn = state.turn
        if state.phase is Phase.DISCARD:
            if isinstance(action, Discard):
                if action.card not in state.hands[seat]:
                    return f"seat {seat} does not hold {action.card}"
                return f"{action.card} was just taken from the discard pile and may not be discarded in the same turn"
            return f"seat {seat} has drawn and must discard a card now"
        if isinstance(action, Discard):
            return "draw first: a turn is a draw, then a discard"
        if isinstance(action, Knock):
            return "only one knock per deal: a final turn is a draw and a discard"
        if isinstance(action, Draw):
            return f"the {'stock' if action.source == STOCK else 'discard pile'} is empty"
        if turn.knockers:
            return f"{type(action).__name__} is not an action of Thirty-One: a final turn is a draw and a discard"
        return f"{type(action).__name__} is not an action of Thirty-One: draw (Draw) or knock (Knock)"

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        final = " (final turn)" if before.turn.knockers else ""
        if isinstance(action, Knock):
            return [f"{action.describe()}: every other player has one final turn"]
        if isinstance(action, Draw):
            if action.source == STOCK:
                left = len(before.stock) - 1
                rest = "the last card of the stock" if left == 0 else f"from the stock ({left} {'card' if left == 1 else 'cards'} left)"
                return [f"seat {action.player} draws {rest}{final}"]
            return [f"seat {action.player} takes {before.discard[-1]} from the discard pile{final}"]
        if isinstance(action, Discard):
            return [f"{action.describe()}{final}"]
        return [action.describe()]  # pragma: no cover - the mechanism accepts nothing else

    def choice_text(self, state: GameState, action: Action) -> str:
        if isinstance(action, Knock):
            return "knock: every other player has one final turn"
        if isinstance(action, Draw):
            if action.source == STOCK:
                return "draw the stock's top card (unseen by the others)"
            return f"take {state.discard[-1]} from the discard pile"
        if isinstance(action, Discard):
            return f"discard {action.card}"
        return action.describe()  # pragma: no cover - the mechanism lists nothing else

    def label(self, view: Observation, action: Action) -> str:
        if isinstance(action, Knock):
            return "Knock"
        if isinstance(action, Draw):
            if action.source == STOCK:
                return "Draw from the stock"
            return f"Take {view.discard[-1]} from the discard pile" if view.discard else "Take from the discard pile"
        if isinstance(action, Discard):
            return f"Discard {action.card}"
        return plain_label(action)

    def event_text(self, view: Observation, event: Event) -> str:
        seat, cards, kind = event.player, event.cards, event.kind
        if kind is EventKind.DRAW:
            return f"seat {seat} draws {cards[0]} from the stock" if cards else f"seat {seat} draws from the stock"
        if kind is EventKind.TAKE_DISCARD:
            return f"seat {seat} takes {cards[0]} from the discard pile"
        if kind is EventKind.DISCARD:
            return f"seat {seat} discards {cards[0]}"
        if kind is EventKind.KNOCK:
            return f"seat {seat} knocks: every other player has one final turn"
        return f"seat {seat}: {kind.value}"  # pragma: no cover - the mechanism records nothing else

    def situation(self, view: Observation) -> list[str]:
        if view.phase is Phase.DISCARD:
            taken = view.turn.taken
            keep = f" ({taken}, just taken from it, may not go back this turn)" if taken is not None else ""
            return [f"Discard a card face up onto the discard pile{keep}."]
        top = f"{view.discard[-1]} on top" if view.discard else "empty"
        return [f"The discard pile: {top}; draw from the stock or take the top card."]

    def opening(self, state: GameState) -> list[str]:
        return [f"  The discard pile starts with {state.discard[0]}, face up."] if state.discard else []

    def reason_text(self, showdown: Showdown, rules: Rules, before: GameState | None, action: Action | None) -> str:
        reason = showdown.reason
        if reason is ShowdownReason.BLITZ:
            holders = [seat for seat, value in enumerate(showdown.values) if value is not None and str(value) == "31"]
            who = " and ".join(f"seat {seat}" for seat in holders) or "a player"
            return f"{who} {'holds' if len(holders) <= 1 else 'hold'} 31" + ("" if action is not None else " as dealt")
        if reason is ShowdownReason.STOCK_EXHAUSTED:
            return "the stock is exhausted"
        if reason is ShowdownReason.TURN_LIMIT:
            return turn_limit_text(rules)
        knocker = knocker_of(before, action)
        return "the final round is over" if knocker is None else f"the final round after seat {knocker}'s knock is over"
