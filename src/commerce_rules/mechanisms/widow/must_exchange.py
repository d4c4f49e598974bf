"""The widow game's option ``must_exchange`` (Stop the Bus, Rules §10.3-10.5): every turn holds one exchange.

A turn starts with exactly one exchange: one hand card for one widow card
(``Exchange``), or, with ``exchange_all``, the whole hand for the whole widow
(``ExchangeAll``); there is no pass and no knock in its place. On an ordinary
turn the same player then **stops the bus** (``Knock``) or **rides on**
(``Pass``), and either ends the turn: the turn record keeps the exchange made
(``exchanges`` 1, the card or cards given in ``given``) while that choice is
open. A final turn is the exchange alone: the exchange ends it. Nobody passes
toward a stall (``passes`` stays 0), so no deal stalls.

The play (:class:`~commerce_rules.mechanisms.widow.mechanism.Widow`) asks
:func:`listing`, :func:`accepts` and :func:`keeps_turn_open`; the words
(:class:`~commerce_rules.mechanisms.widow.words.WidowWords`) ask
:func:`refusal`, :func:`label`, :func:`choice_text` and :func:`event_text`;
the document (:class:`~commerce_rules.mechanisms.widow.record.WidowDocument`)
checks a loaded turn record against these rules itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Exchange, ExchangeAll, Knock, Pass, seat_action
from ...core.state import EventKind, Phase
from ..common import TURN_ENDINGS, exchange_choices

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.rules import Rules
    from ...core.state import GameState
    from .record import WidowTurn

__all__ = ["accepts", "choice_text", "event_text", "keeps_turn_open", "label", "listing", "refusal"]

def keeps_turn_open(rules: Rules, phase: Phase) -> bool:
    """Whether an exchange leaves the turn open: with ``must_exchange``, on an ordinary turn (the stop or the
    ride-on follows it, Rules §10.3); a final turn is the exchange alone (§10.4)."""
    return rules.must_exchange and phase is Phase.PLAY


def listing(state: GameState) -> tuple[Action, ...]:
    """Every choice of a turn that must exchange: first the exchanges alone (the nine of a hand and a widow of
    three, then the whole hand's with ``exchange_all``); once exchanged, on an ordinary turn, ride on
    (``Pass``) or stop the bus (``Knock``), one stop a deal (the final round allows none)."""
    seat = state.to_act
    assert seat is not None
    turn: WidowTurn = state.turn
    if turn.exchanges:  # only an ordinary turn stays open after its exchange
        return TURN_ENDINGS[seat][0]
    choices = exchange_choices(state.hands[seat], state.widow, (), seat)
    return (*choices, seat_action(ExchangeAll, seat)) if state.rules.exchange_all else choices


def accepts(state: GameState, kind: type[Action]) -> bool:
    """Whether the seat to act may make a move of ``kind`` now, for a move that is not an ``Exchange`` (an
    exchange is checked where it is made): the whole hand's exchange before the turn's exchange, and after it,
    on an ordinary turn, the stop or the ride-on."""
    opened = state.turn.exchanges > 0
    if kind is ExchangeAll:
        return not opened and state.rules.exchange_all
    return opened and state.phase is Phase.PLAY and (kind is Pass or kind is Knock)


def refusal(state: GameState, action: Action) -> str | None:
    """Why a turn that must exchange refuses ``action``, where that is the reason; else ``None``."""
    opened = state.turn.exchanges > 0
    final = state.phase is not Phase.PLAY
    if isinstance(action, (Exchange, ExchangeAll)) and opened:
        return "one exchange a turn (must_exchange): now stop the bus (Knock) or ride on (Pass)"
    if isinstance(action, (Pass, Knock)) and not opened:
        exchange = "exchange one card or all three" if state.rules.exchange_all else "exchange a card"
        if final:
            return f"a final turn is an exchange alone, no pass and no stop: {exchange}"
        if isinstance(action, Knock):
            return f"stop the bus only right after your own exchange: {exchange} first (must_exchange)"
        return f"no pass in place of the exchange (must_exchange): {exchange}, then stop the bus or ride on"
    return None


def label(action: Action) -> str | None:
    """A button's words for the stop and the ride-on; ``None`` for another action (the widow's own words)."""
    if isinstance(action, Knock):
        return "Stop the bus"
    if isinstance(action, Pass):
        return "Ride on"
    return None


def choice_text(action: Action) -> str | None:
    """A menu's words for the stop and the ride-on; ``None`` for another action."""
    if isinstance(action, Knock):
        return "stop the bus: every other player has one final turn (an exchange)"
    if isinstance(action, Pass):
        return "ride on: end your turn"
    return None


def event_text(event: Event) -> str | None:
    """The stop and the ride-on as a seat reads them; ``None`` for another event."""
    if event.kind is EventKind.KNOCK:
        return f"seat {event.player} stops the bus: every other player has one final turn"
    if event.kind is EventKind.PASS:
        return f"seat {event.player} rides on"
    return None
