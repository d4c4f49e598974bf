"""Hoyle's turn record: its fields, its JSON, and the checks of a loaded one.

Kept apart from the play (:mod:`.rounds`) so that each module has one job;
:class:`~commerce_rules.mechanisms.rounds.mechanism.Rounds` inherits these methods.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, TYPE_CHECKING

from ...parts import jsonfields as jf
from ...parts.undo import DealTable, Undo, out_of, undo_exchange
from ...core.cards import Card
from ...core.records import made_by_position, value_record
from ...core.state import Event, EventKind, Phase, clockwise_from
from ..common import check_three_cards

if TYPE_CHECKING:
    from ...core.state import GameState

__all__ = ["FREEZE", "ROUNDS_PHASES", "RoundsDocument", "RoundsTurn"]

FREEZE = 3
"""Exchanging this many cards in one turn (or blind) ends a player's exchanges for the deal."""



ROUNDS_PHASES: tuple[Phase, ...] = (Phase.BLIND_EXCHANGE, Phase.PLAY)
"""The phases Hoyle's rounds own."""


@value_record
class RoundsTurn(NamedTuple):
    """Hoyle's bookkeeping within a deal (all public)."""

    turn_of: int
    """Whose turn it is (the dealer acts first, for the blind exchange)."""
    round_left: tuple[int, ...]
    """The seats still to play this round, in order, ``turn_of`` first."""
    round: int = 1
    """The current round (a deal has as many as active players)."""
    turns: int = 0
    """Turns completed in this deal (for ``turn_limit``)."""
    exchanges: int = 0
    """Exchanges made so far in the current turn."""
    given: tuple[Card, ...] = ()
    """Cards put into the widow in the current turn (they cannot be taken back)."""
    knockers: tuple[int, ...] = ()
    """Who knocked in this deal, in order (a second knock ends it)."""
    spent: tuple[int, ...] = ()
    """Seats that may not exchange again in this deal (three cards at once)."""


rounds_turn: Final = made_by_position(RoundsTurn)
"""``RoundsTurn(...)`` as a move makes it, on every action: built by position (a fast path, ``docs/performance.md``)."""


def _undo_blind_exchange(table: DealTable, event: Event, path: str) -> None:
    half = len(event.cards) // 2
    taken, given = event.cards[:half], event.cards[half:]
    for card in taken:
        out_of(table.hands[event.player], card, f"seat {event.player}'s hand", path, event.kind)
    for card in given:
        out_of(table.widow, card, "the widow", path, event.kind)
    table.hands[event.player].extend(given)
    table.widow.extend(taken)


def _undo_widow_grows(table: DealTable, event: Event, path: str) -> None:
    out_of(table.widow, event.cards[0], "the widow", path, event.kind)
    table.stock.insert(0, event.cards[0])


UNDO: dict[EventKind, Undo] = {
    EventKind.EXCHANGE: undo_exchange,
    EventKind.BLIND_EXCHANGE: _undo_blind_exchange,
    EventKind.WIDOW_GROWS: _undo_widow_grows,
}
"""How each kind of event this mechanism records is played backwards (a knock, a pass, a declined question move nothing)."""


class RoundsDocument:
    """Hoyle's JSON for its turn record, and its checks of a loaded state: the mechanism's document role."""

    undo: dict[EventKind, Undo] = UNDO

    def turn_to_json(self, turn: RoundsTurn) -> dict[str, Any]:
        return {
            "turn_of": turn.turn_of,
            "round_left": list(turn.round_left),
            "round": turn.round,
            "turns": turn.turns,
            "exchanges": turn.exchanges,
            "given": jf.texts(turn.given),
            "knockers": list(turn.knockers),
            "spent": list(turn.spent),
        }

    def turn_from_json(self, value: object, players: int) -> RoundsTurn:
        fields = jf.obj(value, "turn", RoundsTurn._fields)  # type: ignore[arg-type]
        given = jf.cards(fields["given"], "turn.given")
        jf.no_repeats(given, "turn.given", "card")
        return RoundsTurn(
            turn_of=jf.seat(fields["turn_of"], "turn.turn_of", players),
            round_left=jf.seats(fields["round_left"], "turn.round_left", players),
            round=jf.integer(fields["round"], "turn.round", 1),
            turns=jf.integer(fields["turns"], "turn.turns", 0),
            exchanges=jf.integer(fields["exchanges"], "turn.exchanges", 0),
            given=given,
            knockers=jf.seats(fields["knockers"], "turn.knockers", players),
            spent=jf.seats(fields["spent"], "turn.spent", players),
        )

    def check_hands(self, state: GameState) -> None:
        """The widow grows by round; no discard pile; 3 cards a seat in play."""
        if state.discard:
            jf.fail("discard", "Hoyle's game has no discard pile: the list must be empty")
        turn: RoundsTurn = state.turn
        if len(state.widow) != 2 + turn.round:
            jf.fail("widow", f"in round {turn.round} the widow holds {2 + turn.round} cards, not {len(state.widow)}")
        if state.phase in ROUNDS_PHASES:
            check_three_cards(state)

    def check(self, state: GameState) -> None:
        """The turn record (the engine then checks the history against the cards)."""
        self._check_record(state)

    def _check_record(self, state: GameState) -> None:
        """The blind exchange first; each round's seats in order, knockers out."""
        if state.phase not in ROUNDS_PHASES:
            return
        turn: RoundsTurn = state.turn
        rules = state.rules
        active = state.active
        if not 1 <= turn.round <= len(active):
            jf.fail("turn.round", f"a deal has as many rounds as active players: 1 to {len(active)}, not {turn.round}")
        if len(turn.knockers) > 1:
            jf.fail("turn.knockers", "a second knock ends the deal: at most one knocker while it goes on")
        for name, seats in (("knockers", turn.knockers), ("spent", turn.spent), ("round_left", turn.round_left)):
            for seat in seats:
                if seat not in active:
                    jf.fail(f"turn.{name}", f"seat {seat} is out of the match")
        if turn.exchanges != len(turn.given):
            jf.fail("turn.exchanges", f"{turn.exchanges} exchanges this turn but {len(turn.given)} cards given (turn.given)")
        for card in turn.given:
            if card not in state.widow:
                jf.fail("turn.given", f"{card}, given to the widow this turn, is not in the widow")
        if turn.exchanges > min(rules.exchanges_per_turn, FREEZE) - 1:
            jf.fail("turn.exchanges", f"{turn.exchanges} exchanges would have ended the turn (exchanges_per_turn is {rules.exchanges_per_turn})")
        from_eldest = list(clockwise_from(active, state.dealer))
        if state.phase is Phase.BLIND_EXCHANGE:
            if turn != RoundsTurn(from_eldest[0], tuple(from_eldest)):
                jf.fail("turn", "before the blind exchange the turn is the deal's first: round 1, every active seat to play from the eldest")
            if state.to_act != state.dealer:
                jf.fail("to_act", f"the dealer, seat {state.dealer}, exchanges blind first, not seat {state.to_act}")
            return
        if turn.turn_of not in active:
            jf.fail("turn.turn_of", f"seat {turn.turn_of} is out of the match")
        if turn.turn_of in turn.knockers:
            jf.fail("turn.turn_of", f"seat {turn.turn_of} knocked and takes no more turns in the deal")
        rest = from_eldest[from_eldest.index(turn.turn_of) :]
        expected = [seat for seat in rest if seat not in turn.knockers]
        if list(turn.round_left) != expected:
            jf.fail("turn.round_left", f"expected {expected}, the seats still to play this round in order (a knocker takes no more turns), not {list(turn.round_left)}")
        if state.to_act != turn.turn_of:
            jf.fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")
        if turn.exchanges and turn.turn_of in turn.spent:
            jf.fail("turn.spent", f"seat {turn.turn_of} is exchanging this turn, so it cannot be spent")
