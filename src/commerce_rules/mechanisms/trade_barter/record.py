"""Trade and barter's turn record: its fields, its JSON, and the checks of a loaded one.

:class:`TradeBarterDocument` is the mechanism's document role (registered
beside :class:`~commerce_rules.mechanisms.trade_barter.mechanism.TradeBarter`).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, TYPE_CHECKING

from ...core.cards import Card
from ...core.records import made_by_position, value_record
from ...core.rules import BarterDirection
from ...core.state import Event, EventKind, Phase, NEXT_ACTIVE, next_active
from ...parts import jsonfields as jf
from ...parts.undo import DealTable, Undo, off_top, out_of, undo_swap
from ..common import check_three_cards

if TYPE_CHECKING:
    from ...core.state import GameState

__all__ = ["BUY_PRICE", "TRADE_BARTER_PHASES", "TradeBarterDocument", "TradeTurn", "barter_partner"]

TRADE_BARTER_PHASES: tuple[Phase, ...] = (Phase.PLAY, Phase.BARTER_REPLY)
"""The phases trade and barter owns."""
_PLAY, _REPLY = TRADE_BARTER_PHASES

BUY_PRICE = 1
"""What a buyer other than the dealer pays the dealer."""


@value_record
class TradeTurn(NamedTuple):
    """Trade and barter's bookkeeping within a deal (public except ``offer``)."""

    turn_of: int
    """Whose turn it is (their neighbour acts while a barter waits for an answer)."""
    turns: int = 0
    """Turns completed in this deal (for ``turn_limit``)."""
    offer: Card | None = None
    """The card offered in a pending barter (private to the offerer)."""


trade_turn: Final = made_by_position(TradeTurn)
"""``TradeTurn(...)`` as a move makes it, on every action: built by position (a fast path, ``docs/performance.md``)."""


def _undo_buy(table: DealTable, event: Event, path: str) -> None:
    given, drawn = event.cards
    out_of(table.hands[event.player], drawn, f"seat {event.player}'s hand", path, event.kind)
    off_top(table.discard, (given,), "the discard pile", path, event.kind)
    table.stock.insert(0, drawn)
    table.hands[event.player].append(given)


def _undo_barter(table: DealTable, event: Event, path: str) -> None:
    if event.target is None or event.target == event.player:
        jf.fail(path, "a barter is between the offerer and another seat (target)")
    undo_swap(table, event, path, table.hands[event.target], f"seat {event.target}'s hand")


def _undo_refused(table: DealTable, event: Event, path: str) -> None:
    if event.cards[0] not in table.hands[event.player]:
        jf.fail(path, f"seat {event.player} offered a card it did not hold")


UNDO: dict[EventKind, Undo] = {
    EventKind.BUY: _undo_buy,
    EventKind.BARTER: _undo_barter,
    EventKind.BARTER_REFUSED: _undo_refused,
}
"""How each kind of event this mechanism records is played backwards (a knock, a pass, a declined question move nothing)."""


class TradeBarterDocument:
    """Trade and barter's JSON for its turn record, and its checks of a loaded state."""

    undo: dict[EventKind, Undo] = UNDO

    def turn_to_json(self, turn: TradeTurn) -> dict[str, Any]:
        return {"turn_of": turn.turn_of, "turns": turn.turns, "offer": None if turn.offer is None else jf.card_text(turn.offer)}

    def turn_from_json(self, value: object, players: int) -> TradeTurn:
        fields = jf.obj(value, "turn", TradeTurn._fields)  # type: ignore[arg-type]
        return TradeTurn(
            turn_of=jf.seat(fields["turn_of"], "turn.turn_of", players),
            turns=jf.integer(fields["turns"], "turn.turns", 0),
            offer=jf.optional_card(fields["offer"], "turn.offer"),
        )

    def check_hands(self, state: GameState) -> None:
        """No widow; three cards a seat in play while the deal goes on, and a stock to buy from."""
        if state.widow:
            jf.fail("widow", "this variant has no widow: the list must be empty")
        if state.phase in TRADE_BARTER_PHASES:
            check_three_cards(state)
            if not state.stock:
                jf.fail("stock", "a trade and barter deal under way has a stock (emptying it ends the deal)")

    def check(self, state: GameState) -> None:
        """The turn record (the engine then checks the history against the cards)."""
        self._check_record(state)

    def _check_record(self, state: GameState) -> None:
        """The turn's player acts, or their neighbour answers an offer they hold."""
        if state.phase not in TRADE_BARTER_PHASES:  # between deals: the cards as the showdown left them
            return
        turn: TradeTurn = state.turn
        active = state.active
        expected = active[(active.index(state.eldest) + turn.turns) % len(active)]
        if turn.turn_of != expected:
            jf.fail("turn.turn_of", f"after {turn.turns} turns from the eldest (seat {state.eldest}) it is seat {expected}'s turn, not seat {turn.turn_of}'s")
        if state.phase is _REPLY:
            if turn.offer is None or turn.offer not in state.hands[turn.turn_of]:
                jf.fail("turn.offer", f"a barter waiting for an answer needs an offered card held by seat {turn.turn_of}")
            partner = barter_partner(state, turn.turn_of)
            if state.to_act != partner:
                jf.fail("to_act", f"seat {partner} answers seat {turn.turn_of}'s barter, not seat {state.to_act}")
            return
        if turn.offer is not None:
            jf.fail("turn.offer", "an offered card is only held while a barter waits for an answer")
        if state.to_act != turn.turn_of:
            jf.fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")


def barter_partner(state: GameState, seat: int) -> int:
    """The neighbour ``seat`` barters with (left by default, right with ``barter_direction='right'``)."""
    if state.rules.barter_direction is BarterDirection.LEFT:
        return NEXT_ACTIVE[state.active][seat]
    return next_active(state.active, seat, -1)
