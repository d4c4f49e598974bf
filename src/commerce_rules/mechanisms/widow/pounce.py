"""The widow game's option ``pounce`` (Rules §3): a tricon's fourth card taken from the widow, out of turn.

When the widow holds the fourth card of a tricon in some seat's hand (and
the stock can refill the widow), that seat is asked, out of turn, whether
to pounce (**[resolution]**: the question is an action of its own that uses
no turn, asked before play goes on, the first eligible seat in turn order
from the player whose turn it is asked first). A pounce takes the card into
a hand of four and refills the widow from the stock; a decline is seen by
the seat that declined alone (the mechanism's ``events`` and
``private_questions`` declare so).

The play (:class:`~commerce_rules.mechanisms.widow.mechanism.Widow`) asks
:func:`tricon_among` before it looks for a question, :func:`question` for
the question to ask now, and :func:`pounced` for the table after a pounce.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import appended
from ...core.state import EventKind, Phase, clockwise_from, moved
from ..common import swap_in, with_seat
from .record import pounce_card, pounce_card_in

if TYPE_CHECKING:
    from ...core.cards import Card
    from ...core.events import DealLog
    from ...core.state import GameState
    from .record import WidowTurn

__all__ = ["pounced", "question", "tricon_among"]


def tricon_among(hands: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether a hand starts with three cards of a rank: the quick test before a pounce question is looked
    for (most tables hold no tricon; a quad passes it, and ``()`` is a seat out of the match)."""
    for hand in hands:
        if hand and hand[0].rank is hand[1].rank is hand[2].rank:
            return True
    return False


def question(
    state: GameState, turn: WidowTurn, phase: Phase,
    hands: tuple[tuple[Card, ...], ...], widow: tuple[Card, ...], stock: tuple[Card, ...], log: DealLog,
) -> GameState | None:
    """The pounce question to ask now, if a seat can pounce: the first eligible seat in turn order from the
    player whose turn it is, i.e. the seats in play clockwise after the one before it (every seat in play
    holds a hand, four cards once it has pounced); the phase play resumes in is kept in ``turn.resume``."""
    declined = turn.declined
    for seat in clockwise_from(state.active, turn.turn_of - 1):
        hand = hands[seat]
        if hand[0].rank is hand[1].rank and seat not in declined and pounce_card_in(hand, widow, stock) is not None:
            turn = turn._replace(resume=turn.resume if phase is Phase.POUNCE else phase)
            return moved(state, phase=Phase.POUNCE, to_act=seat, hands=hands, widow=widow, stock=stock, turn=turn, log=log)
    return None


def pounced(
    state: GameState, seat: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...], DealLog]:
    """The table after ``seat`` pounces: its hand of four, the widow refilled from the stock, the pounce
    recorded (the card taken and the refill, in public); as hands, widow, stock and log."""
    card = pounce_card(state, seat)
    assert card is not None, "a seat asked to pounce can"
    refill = state.stock[0]
    hands = with_seat(state.hands, seat, state.hands[seat] + (card,))
    log = appended(state.log, EventKind.POUNCE, seat, (card, refill))
    return hands, swap_in(state.widow, card, refill), state.stock[1:], log
