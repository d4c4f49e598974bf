"""Thirty-One's turn record and actions: their fields, their JSON, and the checks of a loaded state.

Kept apart from the play (:mod:`.draw_discard`) so that each module has one
job; :class:`~commerce_rules.mechanisms.draw_discard.mechanism.DrawDiscard` inherits
these methods.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, NamedTuple, TYPE_CHECKING

import attrs

from ...parts import jsonfields as jf
from ...parts.undo import DealTable, Undo, off_top, out_of
from ...core.actions import Action, FieldKind
from ...core.cards import Card
from ...ranking.table import thirty_ones
from ...core.records import made_by_position, value_record
from ...core.rules import Rules
from ...core.state import Event, EventKind, Phase
from ..common import check_final_round

if TYPE_CHECKING:
    from ...core.state import GameState

__all__ = [
    "DISCARD", "SOURCES", "STOCK", "DRAW_DISCARD_PHASES", "Discard", "Draw", "DrawDiscardDocument", "DrawTurn", "thirty_one",
]

STOCK: Final = "stock"
DISCARD: Final = "discard"
SOURCES: Final = (STOCK, DISCARD)
"""Where a ``Draw`` takes its card from: the stock's top (hidden) or the discard pile's top (face up)."""


DRAW_DISCARD_PHASES: tuple[Phase, ...] = (Phase.PLAY, Phase.DISCARD, Phase.FINAL_ROUND)
"""The phases draw and discard owns."""


@attrs.frozen(cache_hash=True)
class Draw(Action):
    """Thirty-One: draw the top card of the stock (``"stock"``) or of the discard pile (``"discard"``)."""

    source: str
    json_type: ClassVar[str] = "draw"
    word_fields: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (("source", SOURCES),)

    def describe(self) -> str:
        where = "the stock" if self.source == STOCK else "the discard pile"
        return f"seat {self.player} draws from {where}"


@attrs.frozen(cache_hash=True)
class Discard(Action):
    """Thirty-One: put ``card`` face up on the discard pile, ending the turn begun with a draw."""

    card: Card
    json_type: ClassVar[str] = "discard"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("card", "card"),)

    def describe(self) -> str:
        return f"seat {self.player} discards {self.card}"


@value_record
class DrawTurn(NamedTuple):
    """Thirty-One's bookkeeping within a deal (all public)."""

    turn_of: int
    """Whose turn it is (always the player to act)."""
    turns: int = 0
    """Turns completed in this deal (for ``turn_limit``): a draw and its discard, or a knock."""
    taken: Card | None = None
    """The card taken from the discard pile this turn, which may not be discarded in the same turn."""
    knockers: tuple[int, ...] = ()
    """Who knocked in this deal (one seat at most)."""
    final_left: tuple[int, ...] = ()
    """After a knock: the seats still owed their final turn, in order."""


draw_turn: Final = made_by_position(DrawTurn)
"""``DrawTurn(...)`` as a move makes it, on every action: built by position (a fast path, ``docs/performance.md``)."""


def thirty_one(hand: tuple[Card, ...], rules: Rules) -> bool:
    """Whether a three-card ``hand`` is worth exactly 31 under ``rules`` (as A K Q of one suit is; a Feuer is not).

    The ranking's table holds the hands of 31 (those tied with A-K-Q of a
    suit), so the test a discard makes is one set look-up.
    """
    return (hand[0].bit | hand[1].bit | hand[2].bit) in thirty_ones(rules)


def _undo_draw(table: DealTable, event: Event, path: str) -> None:
    out_of(table.hands[event.player], event.cards[0], f"seat {event.player}'s hand", path, event.kind)
    table.stock.insert(0, event.cards[0])


def _undo_take_discard(table: DealTable, event: Event, path: str) -> None:
    out_of(table.hands[event.player], event.cards[0], f"seat {event.player}'s hand", path, event.kind)
    table.discard.append(event.cards[0])


def _undo_discard(table: DealTable, event: Event, path: str) -> None:
    off_top(table.discard, event.cards, "the discard pile", path, event.kind)
    table.hands[event.player].append(event.cards[0])


UNDO: dict[EventKind, Undo] = {
    EventKind.DRAW: _undo_draw,
    EventKind.TAKE_DISCARD: _undo_take_discard,
    EventKind.DISCARD: _undo_discard,
}
"""How each kind of event this mechanism records is played backwards (a knock, a pass, a declined question move nothing)."""


class DrawDiscardDocument:
    """Thirty-One's JSON for its turn record, and its checks of a loaded state: the mechanism's document role."""

    undo: dict[EventKind, Undo] = UNDO

    def turn_to_json(self, turn: DrawTurn) -> dict[str, Any]:
        return {
            "turn_of": turn.turn_of,
            "turns": turn.turns,
            "taken": None if turn.taken is None else jf.card_text(turn.taken),
            "knockers": list(turn.knockers),
            "final_left": list(turn.final_left),
        }

    def turn_from_json(self, value: object, players: int) -> DrawTurn:
        fields = jf.obj(value, "turn", DrawTurn._fields)  # type: ignore[arg-type]
        return DrawTurn(
            turn_of=jf.seat(fields["turn_of"], "turn.turn_of", players),
            turns=jf.integer(fields["turns"], "turn.turns", 0),
            taken=jf.optional_card(fields["taken"], "turn.taken"),
            knockers=jf.seats(fields["knockers"], "turn.knockers", players),
            final_left=jf.seats(fields["final_left"], "turn.final_left", players),
        )

    def check_hands(self, state: GameState) -> None:
        """No widow; 3 cards a seat in play (4 for the drawer about to discard); a stock and a pile to draw from."""
        if state.widow:
            jf.fail("widow", "Thirty-One has no widow: the list must be empty")
        if state.phase not in DRAW_DISCARD_PHASES:  # between deals: the cards as the showdown left them
            return
        drawing = state.to_act if state.phase is Phase.DISCARD else None
        for seat, hand in enumerate(state.hands):
            path = f"hands[{seat}]"
            if seat not in state.active:
                if hand:
                    jf.fail(path, f"seat {seat} has no lives left (is out of the match) and holds no cards, not {len(hand)}")
            elif seat == drawing:
                if len(hand) != 4:
                    jf.fail(path, f"seat {seat} has drawn and holds 4 cards until the discard, not {len(hand)}")
            elif len(hand) != 3:
                jf.fail(path, f"seat {seat} holds 3 cards, not {len(hand)}")
        if drawing is None:
            if not state.stock:
                jf.fail("stock", "a Thirty-One turn starts with a stock to draw from (emptying it ends the deal)")
            if not state.discard:
                jf.fail("discard", "a Thirty-One turn starts with a discard pile to draw from (every turn ends with a discard)")

    def check(self, state: GameState) -> None:
        """The turn record (the engine then checks the history against the cards)."""
        self._check_record(state)

    def _check_record(self, state: GameState) -> None:
        """Whose turn, the card just taken, the knock, no hand of 31 left where 31 ends the deal."""
        if state.phase not in DRAW_DISCARD_PHASES:
            return
        turn: DrawTurn = state.turn
        active = state.active
        expected = active[(active.index(state.eldest) + turn.turns) % len(active)]
        if turn.turn_of != expected:
            jf.fail("turn.turn_of", f"after {turn.turns} turns from the eldest (seat {state.eldest}) it is seat {expected}'s turn, not seat {turn.turn_of}'s")
        if state.to_act != turn.turn_of:
            jf.fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")
        if turn.taken is not None:
            if state.phase is not Phase.DISCARD:
                jf.fail("turn.taken", "a card is only just taken from the discard pile between a draw and its discard: must be null")
            if turn.taken not in state.hands[turn.turn_of]:
                jf.fail("turn.taken", f"{turn.taken}, just taken from the discard pile, is not in seat {turn.turn_of}'s hand")
        if state.phase is Phase.DISCARD:
            self._check_drawn(state, turn)
        self._check_knock(state, turn)
        if state.rules.blitz:
            for seat in active:
                hand = state.hands[seat]
                if len(hand) == 3 and thirty_one(hand, state.rules):
                    jf.fail(f"hands[{seat}]", f"seat {seat} holds 31, which ends the deal at once (rules.blitz)")

    def _check_drawn(self, state: GameState, turn: DrawTurn) -> None:
        """Between a draw and its discard, the history's last event is that draw, and ``taken`` its card if from the pile."""
        last = state.history[-1] if state.history else None
        if last is None or last.kind not in (EventKind.DRAW, EventKind.TAKE_DISCARD) or last.player != turn.turn_of:
            jf.fail("history", f"seat {turn.turn_of} is to discard: the last event must be its draw")
        taken = last.cards[0] if last.kind is EventKind.TAKE_DISCARD else None
        if turn.taken != taken:
            jf.fail("turn.taken", "must be the card of the draw from the discard pile that the history ends with, or null after a draw from the stock")

    def _check_knock(self, state: GameState, turn: DrawTurn) -> None:
        """One knock at most; after it, the seats owed a final turn, in order from the knocker's left."""
        knocked = bool(turn.knockers)
        if state.phase is Phase.FINAL_ROUND and not knocked:
            jf.fail("turn.knockers", "the final round follows exactly one knock, not 0")
        if state.phase is Phase.PLAY and knocked:
            jf.fail("turn.knockers", "a knock starts the final round: phase \"play\" has no knocker")
        if not knocked:
            if turn.final_left:
                jf.fail("turn.final_left", "only a knock owes final turns: must be empty before it")
            return
        check_final_round(state, turn.knockers, turn.final_left, turn.turn_of)
