"""Hoyle's words: what it waits for, why a move is refused, the moves and menus as the table says them.

Kept apart from the play (:mod:`.rounds`) so that each module has one job;
:class:`~commerce_rules.mechanisms.rounds.mechanism.Rounds` inherits these methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, BlindExchange, Exchange, Knock, Pass
from ...core.state import EventKind, Phase, ShowdownReason
from ...parts.words import plain_label
from ..common import exchange_refusal, turn_limit_text
from .record import RoundsTurn

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.observation import Observation
    from ...core.rules import Rules
    from ...core.state import GameState, Showdown

__all__ = ["RoundsWords"]


class RoundsWords:
    """Hoyle's words (Rules §6)."""

    def knockers(self, view: Observation) -> tuple[int, ...]:
        """Who knocked in the deal ``view`` shows, as its turn record keeps them (public)."""
        turn: RoundsTurn = view.turn
        return turn.knockers

    def waiting_for(self, view: Observation) -> str:
        if view.phase is Phase.BLIND_EXCHANGE:
            return f"seat {view.to_act}, the dealer, is to exchange blind or pass"
        return f"it is seat {view.to_act}'s turn to act"

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn: RoundsTurn = state.turn
        if state.phase is Phase.BLIND_EXCHANGE:
            if isinstance(action, BlindExchange):
                missing = [str(card) for card in action.take if card not in state.widow]
                if missing:
                    return f"{' '.join(missing)} not in the widow"
                return "a blind exchange takes 1, 2 or 3 widow cards"
            return f"the dealer, seat {seat}, first exchanges blind (BlindExchange) or passes"
        if isinstance(action, BlindExchange):
            return "only the dealer exchanges blind, before the first round"
        if isinstance(action, Knock) and turn.exchanges:
            return "a knock is a whole turn: no knock after an exchange in the same turn"
        if isinstance(action, Exchange):
            if seat in turn.spent:
                return f"seat {seat} exchanged three cards at once and may not exchange again this deal"
            refusal = exchange_refusal(state, action, turn.given)
            if refusal is not None:
                return refusal
        return f"{type(action).__name__} is not an action of this game"

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        seat = action.player
        if isinstance(action, BlindExchange):
            k = len(action.take)
            gone = before.hands[seat][:k]
            first = "the first card" if k == 1 else f"the first {k} cards"
            lines = [
                f"seat {seat}, the dealer, takes {' '.join(map(str, action.take))} from the widow blind, "
                f"giving {first} dealt to them face up: {' '.join(map(str, gone))}"
            ]
        elif isinstance(action, Knock):
            lines = [f"{action.describe()} and takes no more turns in this deal"]
        elif isinstance(action, Exchange):
            widow = tuple(action.give if card == action.take else card for card in before.widow)
            lines = [f"{action.describe()}; the widow now holds {' '.join(map(str, widow))}"]
        elif before.phase is Phase.BLIND_EXCHANGE:
            lines = [f"seat {seat}, the dealer, declines the blind exchange"]
        elif before.turn.exchanges:
            lines = [f"seat {seat} ends the turn"]
        else:
            lines = [action.describe()]
        if after.deal_number == before.deal_number and after.showdowns == before.showdowns:
            for event in after.history[len(before.history) :]:
                if event.kind is EventKind.WIDOW_GROWS:
                    lines.append(f"a new round: {event.cards[0]} from the stock joins the widow")
        return lines

    def choice_text(self, state: GameState, action: Action) -> str:
        if isinstance(action, BlindExchange):
            return f"take {' '.join(map(str, action.take))} from the widow blind (your first-dealt cards go out)"
        if isinstance(action, Knock):
            return "knock"
        if isinstance(action, Exchange):
            return f"exchange: give {action.give}, take {action.take} from the widow"
        if state.phase is Phase.BLIND_EXCHANGE:
            return "pass: keep your cards, no blind exchange"
        if state.turn.exchanges:
            return "pass: end your turn"
        return "pass"

    def label(self, view: Observation, action: Action) -> str:
        if isinstance(action, BlindExchange):
            return f"Take {' '.join(map(str, action.take))} blind"
        if isinstance(action, Exchange):
            return f"Exchange {action.give} for {action.take}"
        if isinstance(action, Knock):
            return "Knock"
        if not isinstance(action, Pass):
            return plain_label(action)
        if view.phase is Phase.BLIND_EXCHANGE:
            return "Keep your cards (no blind exchange)"
        return "End your turn" if view.turn.exchanges else "Pass"

    def event_text(self, view: Observation, event: Event) -> str:
        seat, cards, kind = event.player, event.cards, event.kind
        if kind is EventKind.BLIND_EXCHANGE:
            half = len(cards) // 2
            taken, given = " ".join(map(str, cards[:half])), " ".join(map(str, cards[half:]))
            return f"seat {seat}, the dealer, takes {taken} from the widow blind, giving {given} face up"
        if kind is EventKind.EXCHANGE:
            return Exchange(seat, cards[0], cards[1]).describe()
        if kind is EventKind.WIDOW_GROWS:
            return f"a new round: {cards[0]} from the stock joins the widow"
        if kind is EventKind.KNOCK:
            return f"seat {seat} knocks and takes no more turns in this deal"
        if kind is EventKind.PASS:
            return f"seat {seat} passes"
        return f"seat {seat}: {kind.value}"  # pragma: no cover - the mechanism records nothing else

    def situation(self, view: Observation) -> list[str]:
        return []

    def opening(self, state: GameState) -> list[str]:
        return [f"  The widow, face up: {' '.join(map(str, state.widow))}."]

    def reason_text(self, showdown: Showdown, rules: Rules, before: GameState | None, action: Action | None) -> str:
        if showdown.reason is ShowdownReason.SECOND_KNOCK:
            return "a second player knocked"
        if showdown.reason is ShowdownReason.TURN_LIMIT:
            return turn_limit_text(rules)
        return "the last round is over"
