"""The widow game's words: what it waits for, why a move is refused, the moves and menus as the table says them.

Kept apart from the play (:mod:`.widow`) so that each module has one job;
:class:`~commerce_rules.mechanisms.widow.mechanism.Widow` inherits these methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Exchange, ExchangeAll, Knock, Pass, Pounce
from ...ranking import is_blitz
from ...core.rules import Rules, StallEffect
from ...core.state import EventKind, Phase, ShowdownReason
from ...parts.words import plain_label
from ..common import exchange_refusal, knocker_of, turn_limit_text
from . import must_exchange
from .record import WidowTurn, pounce_card

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.observation import Observation
    from ...core.state import GameState, Showdown

__all__ = ["WidowWords"]

_EVENT_TEXTS: dict[EventKind, str] = {
    EventKind.PASS: "seat {seat} passes",
    EventKind.KNOCK: "seat {seat} knocks: every other player has one final turn",
    EventKind.POUNCE_DECLINED: "seat {seat} does not pounce",
}
"""The texts of the events that name no card."""


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(map(str, cards))


class WidowWords:
    """The widow game's words (Rules §2, §3, §7)."""

    def knockers(self, view: Observation) -> tuple[int, ...]:
        """Who knocked in the deal ``view`` shows, as its turn record keeps them (public)."""
        turn: WidowTurn = view.turn
        return turn.knockers

    def waiting_for(self, view: Observation) -> str:
        if view.phase is Phase.POUNCE:
            return f"seat {view.to_act} is being asked whether to pounce"
        if view.phase is Phase.DEALER_CHOICE:
            return f"the dealer, seat {view.to_act}, is choosing whether to keep their hand or take the extra hand"
        return f"it is seat {view.to_act}'s turn to act"

    def explain(self, state: GameState, action: Action) -> str:
        seat = action.player
        turn: WidowTurn = state.turn
        if state.phase is Phase.POUNCE:
            return f"seat {seat} is asked whether to pounce: Pounce or Pass"
        if state.phase is Phase.DEALER_CHOICE:
            return f"seat {seat}, the dealer, keeps their hand (Pass) or takes the extra hand (ExchangeAll) first"
        if isinstance(action, Pounce):
            return f"seat {seat} cannot pounce now"
        refusal = must_exchange.refusal(state, action) if state.rules.must_exchange else None
        if refusal is not None:
            return refusal
        hand = state.hands[seat]
        if isinstance(action, Knock):
            if state.phase is Phase.FINAL_ROUND:
                return "only one knock per deal: the final round allows exchange or pass"
            if turn.exchanges:
                return "a knock is a whole turn: no knock after an exchange in the same turn"
        if isinstance(action, Exchange):
            refusal = exchange_refusal(state, action, turn.given)
            if refusal is not None:
                return refusal
            if len(hand) == 4:
                return "a four-card hand may only pass or knock"
        if isinstance(action, ExchangeAll):
            if not state.rules.exchange_all:
                return "these rules have no exchange of the whole hand (exchange_all)"
            if len(hand) == 4:
                return "a four-card hand may only pass or knock"
        return f"{type(action).__name__} is not an action of the widow game"

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        seat = action.player
        final = " (final turn)" if before.phase is Phase.FINAL_ROUND else ""
        if before.phase is Phase.DEALER_CHOICE:
            if isinstance(action, ExchangeAll):
                return [
                    f"the dealer, seat {seat}, takes the extra hand unseen and turns their own hand up "
                    f"as the widow: {_cards(before.hands[seat])}"
                ]
            return [f"the dealer, seat {seat}, keeps their hand; the extra hand is turned up as the widow: {_cards(before.widow)}"]
        if isinstance(action, Knock):
            stop = f"seat {seat} stops the bus" if before.rules.must_exchange else action.describe()
            return [f"{stop}: every other player has one final turn"]
        if before.rules.must_exchange and isinstance(action, Pass):
            return [f"seat {seat} rides on"]
        if isinstance(action, Exchange):
            widow = tuple(action.give if card == action.take else card for card in before.widow)
            return [f"{action.describe()}{final}; the widow now holds {_cards(widow)}"]
        if isinstance(action, ExchangeAll):
            return [f"{action.describe()}{final}: takes {_cards(before.widow)}, gives {_cards(before.hands[seat])}"]
        if isinstance(action, Pounce):
            card = pounce_card(before, seat)
            assert card is not None
            refill = before.stock[0]
            after_widow = " ".join(str(refill if c is card else c) for c in before.widow)
            return [
                f"seat {seat} pounces on {card} from the widow, a four-card hand; "
                f"{refill} from the stock refills the widow, which now holds {after_widow}"
            ]
        if before.phase is Phase.POUNCE:
            return []  # a declined pounce shows nothing at the table (Rules §3.3)
        if before.turn.exchanges:
            return [f"seat {seat} ends the turn{final}"]
        lines = [action.describe() + final]
        if after.deal_number == before.deal_number and len(after.discard) > len(before.discard):
            lines.append(
                f"everyone passed: the widow {_cards(before.widow)} goes out of play; "
                f"the new widow from the stock: {_cards(after.widow)}"
            )
        return lines

    def choice_text(self, state: GameState, action: Action) -> str:
        if state.phase is Phase.DEALER_CHOICE:
            if isinstance(action, ExchangeAll):
                return "take the extra hand, unseen (your hand goes face up as the widow)"
            return "keep your hand (the extra hand goes face up as the widow)"
        text = must_exchange.choice_text(action) if state.rules.must_exchange else None
        if text is not None:
            return text
        if isinstance(action, Knock):
            return "knock"
        if isinstance(action, Exchange):
            return f"exchange: give {action.give}, take {action.take} from the widow"
        if isinstance(action, ExchangeAll):
            return f"exchange all: give your whole hand, take {_cards(state.widow)}"
        if isinstance(action, Pounce):
            return "pounce: take the fourth card of your tricon from the widow"
        if state.phase is Phase.POUNCE:
            return "pass: do not pounce"
        if state.turn.exchanges:
            return "pass: end your turn"
        return "pass"

    def label(self, view: Observation, action: Action) -> str:
        choosing = view.phase is Phase.DEALER_CHOICE
        stop = must_exchange.label(action) if view.rules.must_exchange and not choosing else None
        if stop is not None:
            return stop
        if isinstance(action, Exchange):
            return f"Exchange {action.give} for {action.take}"
        if isinstance(action, ExchangeAll):
            return "Take the extra hand" if choosing else f"Exchange all for {_cards(view.widow)}"
        if isinstance(action, Knock):
            return "Knock"
        if isinstance(action, Pounce):
            ranks = {card.rank for card in view.hand}
            fourth = [card for card in view.widow if len(view.hand) == 3 and ranks == {card.rank}]
            return f"Pounce on {fourth[0]}" if fourth else "Pounce"
        if not isinstance(action, Pass):
            return plain_label(action)
        if choosing:
            return "Keep your hand"
        if view.phase is Phase.POUNCE:
            return "Do not pounce"
        return "End your turn" if view.turn.exchanges else "Pass"

    def event_text(self, view: Observation, event: Event) -> str:
        seat, cards, kind = event.player, event.cards, event.kind
        if kind is EventKind.EXCHANGE:
            return Exchange(seat, cards[0], cards[1]).describe()
        if kind is EventKind.EXCHANGE_ALL:
            return f"seat {seat} exchanges the whole hand: gives {_cards(cards[:3])}, takes {_cards(cards[3:])}"
        if kind is EventKind.POUNCE:
            return f"seat {seat} pounces on {cards[0]} from the widow; {cards[1]} from the stock refills the widow"
        if kind is EventKind.TAKE_EXTRA_HAND:
            return f"the dealer, seat {seat}, takes the extra hand unseen and turns their own hand up as the widow: {_cards(cards)}"
        if kind is EventKind.KEEP_HAND:
            return f"the dealer, seat {seat}, keeps their hand; the extra hand is turned up as the widow: {_cards(cards)}"
        if kind is EventKind.NEW_WIDOW:
            return f"everyone passed: the widow {_cards(cards[:3])} goes out of play; the new widow from the stock: {_cards(cards[3:])}"
        text = must_exchange.event_text(event) if view.rules.must_exchange else None
        if text is not None:
            return text
        text = _EVENT_TEXTS.get(kind)
        return f"seat {seat}: {kind.value}" if text is None else text.format(seat=seat)

    def situation(self, view: Observation) -> list[str]:
        if view.phase is Phase.POUNCE:
            return ["The widow holds the fourth card of your tricon: you may pounce, out of turn."]
        if view.phase is Phase.DEALER_CHOICE and view.to_act == view.player:
            return ["You deal: keep your hand, or take the face-down extra hand without seeing it."]
        return []

    def opening(self, state: GameState) -> list[str]:
        if state.phase is Phase.DEALER_CHOICE:
            return ["  The extra hand lies face down: the dealer chooses first."]
        return [f"  The widow, face up: {_cards(state.widow)}."]

    def reason_text(self, showdown: Showdown, rules: Rules, before: GameState | None, action: Action | None) -> str:
        if showdown.reason is ShowdownReason.BLITZ:
            holders = [seat for seat, value in enumerate(showdown.values) if value is not None and is_blitz(value, rules)]
            shown = ", ".join(f"seat {seat} ({showdown.values[seat]})" for seat in holders) or "a player"
            dealt = "" if action is not None else " as dealt"
            return f"{shown} {'holds' if len(holders) <= 1 else 'hold'} 31 or better{dealt}: the deal ends at once"
        if showdown.reason is ShowdownReason.STALL:
            times = "once" if rules.stall_passes == 1 else f"{rules.stall_passes} times"
            if rules.stall_effect is StallEffect.NEW_WIDOW:
                return f"every player passed {times} in a row, and the stock is too short for a new widow"
            return f"every player passed {times} in a row"
        if showdown.reason is ShowdownReason.TURN_LIMIT:
            return turn_limit_text(rules)
        knocker = knocker_of(before, action)
        if knocker is not None and rules.must_exchange:
            return f"the final round after seat {knocker} stopped the bus is over"
        return "the final round is over" if knocker is None else f"the final round after seat {knocker}'s knock is over"
