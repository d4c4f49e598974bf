"""The widow game's turn record: its fields, its JSON, the checks of a loaded one, and when a pounce is open.

:class:`WidowDocument` is the mechanism's document role (registered beside
:class:`~commerce_rules.mechanisms.widow.mechanism.Widow`).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, TYPE_CHECKING

from ...parts import jsonfields as jf
from ...parts.undo import DealTable, Undo, off_top, out_of, same_cards, undo_exchange
from ...core.cards import Card
from ...ranking.table import blitz_among
from ...core.records import made_by_position, value_record
from ...core.rules import StallEffect
from ...core.state import Event, EventKind, Phase
from ...parts.sight import EventSight
from ..common import check_final_round

if TYPE_CHECKING:
    from ...parts.play import EventShape
    from ...core.state import GameState

__all__ = ["WIDOW_EVENTS", "WIDOW_PHASES", "WidowDocument", "WidowTurn", "blitz_among", "pounce_card", "pounce_card_in"]

_DEALER_CHOSE = (EventKind.TAKE_EXTRA_HAND, EventKind.KEEP_HAND)

WIDOW_PHASES: tuple[Phase, ...] = (Phase.DEALER_CHOICE, Phase.PLAY, Phase.FINAL_ROUND, Phase.POUNCE)
"""The phases the widow game owns (with every option on)."""
WIDOW_EVENTS: dict[EventKind, EventShape] = {
    EventKind.EXCHANGE: ((2,), EventSight.EVERYONE), EventKind.PASS: ((0,), EventSight.EVERYONE),
    EventKind.KNOCK: ((0,), EventSight.EVERYONE),
    EventKind.POUNCE: ((2,), EventSight.EVERYONE), EventKind.POUNCE_DECLINED: ((0,), EventSight.PLAYER_ONLY),
    EventKind.EXCHANGE_ALL: ((6,), EventSight.EVERYONE), EventKind.TAKE_EXTRA_HAND: ((3,), EventSight.EVERYONE),
    EventKind.KEEP_HAND: ((3,), EventSight.EVERYONE), EventKind.NEW_WIDOW: ((6,), EventSight.EVERYONE),
}
"""Every event is public but a declined pounce, which only the seat that declined knows of (Rules §3.3)."""


@value_record
class WidowTurn(NamedTuple):
    """The widow game's bookkeeping within a deal (all public)."""

    turn_of: int
    """Whose turn it is (the player to act, unless a pounce question is pending)."""
    turns: int = 0
    """Turns completed in this deal (for ``turn_limit``)."""
    passes: int = 0
    """Passes in a row toward a stall."""
    exchanges: int = 0
    """Exchanges made so far in the current turn."""
    given: tuple[Card, ...] = ()
    """Cards put into the widow in the current turn (they cannot be taken back)."""
    knockers: tuple[int, ...] = ()
    """Who knocked in this deal (one seat at most)."""
    final_left: tuple[int, ...] = ()
    """After a knock: the seats still owed their final turn, in order."""
    declined: tuple[int, ...] = ()
    """Pounce: seats that declined to pounce on the widow as it is now."""
    resume: Phase | None = None
    """Pounce: the phase play returns to once the question is answered."""


widow_turn: Final = made_by_position(WidowTurn)
"""``WidowTurn(...)`` as a move makes it, on every action: built by position (a fast path, ``docs/performance.md``)."""


def pounce_card_in(hand: tuple[Card, ...], widow: tuple[Card, ...], stock: tuple[Card, ...]) -> Card | None:
    if len(hand) != 3 or not stock:
        return None
    rank = hand[0].rank
    if hand[1].rank is not rank or hand[2].rank is not rank:
        return None
    for card in widow:
        if card.rank is rank:
            return card
    return None


def pounce_card(state: GameState, seat: int) -> Card | None:
    """The widow card ``seat`` could pounce on now, if any.

    A pounce needs a tricon in hand, its fourth card in the widow and a card
    in the stock to refill the widow (**[resolution]**: with the stock empty
    there is no pounce, so the widow always holds 3 cards).
    """
    return pounce_card_in(state.hands[seat], state.widow, state.stock)


def _undo_pounce(table: DealTable, event: Event, path: str) -> None:
    card, refill = event.cards
    out_of(table.hands[event.player], card, f"seat {event.player}'s hand", path, event.kind)
    out_of(table.widow, refill, "the widow", path, event.kind)
    table.stock.insert(0, refill)
    table.widow.append(card)


def _undo_exchange_all(table: DealTable, event: Event, path: str) -> None:
    hand, widow = event.cards[:3], event.cards[3:]
    same_cards(table.widow, hand, "the widow", path, event.kind)
    same_cards(table.hands[event.player], widow, f"seat {event.player}'s hand", path, event.kind)
    table.widow[:], table.hands[event.player][:] = widow, hand


def _undo_take_extra_hand(table: DealTable, event: Event, path: str) -> None:
    same_cards(table.widow, event.cards, "the widow", path, event.kind)
    table.widow[:], table.hands[event.player][:] = table.hands[event.player], event.cards


def _undo_keep_hand(table: DealTable, event: Event, path: str) -> None:
    same_cards(table.widow, event.cards, "the widow", path, event.kind)


def _undo_new_widow(table: DealTable, event: Event, path: str) -> None:
    dead, fresh = event.cards[:3], event.cards[3:]
    same_cards(table.widow, fresh, "the widow", path, event.kind)
    off_top(table.discard, dead, "the discard pile", path, event.kind)
    table.stock[:0] = fresh
    table.widow[:] = dead


UNDO: dict[EventKind, Undo] = {
    EventKind.EXCHANGE: undo_exchange,
    EventKind.POUNCE: _undo_pounce,
    EventKind.EXCHANGE_ALL: _undo_exchange_all,
    EventKind.TAKE_EXTRA_HAND: _undo_take_extra_hand,
    EventKind.KEEP_HAND: _undo_keep_hand,
    EventKind.NEW_WIDOW: _undo_new_widow,
}
"""How each kind of event this mechanism records is played backwards (a knock, a pass, a declined question move nothing)."""


class WidowDocument:
    """The widow game's turn record as JSON, and its checks of a loaded state."""

    undo: dict[EventKind, Undo] = UNDO

    def turn_to_json(self, turn: WidowTurn) -> dict[str, Any]:
        return {
            "turn_of": turn.turn_of,
            "turns": turn.turns,
            "passes": turn.passes,
            "exchanges": turn.exchanges,
            "given": jf.texts(turn.given),
            "knockers": list(turn.knockers),
            "final_left": list(turn.final_left),
            "declined": list(turn.declined),
            "resume": None if turn.resume is None else turn.resume.value,
        }

    def turn_from_json(self, value: object, players: int) -> WidowTurn:
        fields = jf.obj(value, "turn", WidowTurn._fields)  # type: ignore[arg-type]
        given = jf.cards(fields["given"], "turn.given")
        jf.no_repeats(given, "turn.given", "card")
        resume = fields["resume"]
        return WidowTurn(
            turn_of=jf.seat(fields["turn_of"], "turn.turn_of", players),
            turns=jf.integer(fields["turns"], "turn.turns", 0),
            passes=jf.integer(fields["passes"], "turn.passes", 0),
            exchanges=jf.integer(fields["exchanges"], "turn.exchanges", 0),
            given=given,
            knockers=jf.seats(fields["knockers"], "turn.knockers", players),
            final_left=jf.seats(fields["final_left"], "turn.final_left", players),
            declined=jf.seats(fields["declined"], "turn.declined", players),
            resume=(
                None if resume is None
                else jf.enum_member(Phase, resume, "turn.resume", (Phase.PLAY, Phase.FINAL_ROUND))
            ),
        )

    def check_hands(self, state: GameState) -> None:
        """A widow of 3, no discard pile; 3 cards a seat in play, or a quad after a pounce."""
        rules = state.rules
        if len(state.widow) != 3:
            jf.fail("widow", f"this variant's widow holds 3 cards, not {len(state.widow)}")
        dead = tuple(card for e in state.history if e.kind is EventKind.NEW_WIDOW for card in e.cards[:3])
        if state.discard != dead:
            if not dead and state.rules.stall_effect is not StallEffect.NEW_WIDOW:
                jf.fail("discard", "the widow game has no discard pile: the list must be empty")
            jf.fail("discard", "the discard pile holds the dead widows of this deal's history (new_widow events), in order")
        if state.phase not in WIDOW_PHASES:  # between deals: the cards as the showdown left them
            return
        active = state.active
        for seat, hand in enumerate(state.hands):
            path = f"hands[{seat}]"
            if seat not in active:
                if hand:
                    jf.fail(path, f"seat {seat} has no lives left (is out of the match) and holds no cards, not {len(hand)}")
            elif len(hand) == 4:
                if not rules.pounce:
                    jf.fail(path, "a four-card hand needs the pounce (rules.pounce)")
                if len({card.rank for card in hand}) != 1:
                    jf.fail(path, "a four-card hand is four of a rank (a pounce's quad)")
            elif len(hand) != 3:
                jf.fail(path, f"seat {seat} holds 3 cards, not {len(hand)}")

    def check(self, state: GameState) -> None:
        """The turn record (the engine then checks the history against the cards)."""
        self._check_record(state)

    def _check_record(self, state: GameState) -> None:
        """The widow's bookkeeping: stall, whose turn, the knock, the pounce question."""
        if state.phase not in WIDOW_PHASES:  # between deals: the cards as the showdown left them
            return
        rules = state.rules
        turn: WidowTurn = state.turn
        active = state.active
        chose = any(e.kind in _DEALER_CHOSE for e in state.history)
        if state.phase is Phase.DEALER_CHOICE:
            self._check_choice(state, turn, chose)
            return
        if rules.dealer_choice and not chose:
            jf.fail("phase", "the dealer's choice comes first: before it the phase is \"dealer_choice\"")
        expected = active[(active.index(state.eldest) + turn.turns) % len(active)]
        if turn.turn_of != expected:
            jf.fail("turn.turn_of", f"after {turn.turns} turns from the eldest (seat {state.eldest}) it is seat {expected}'s turn, not seat {turn.turn_of}'s")
        if turn.passes > turn.turns:
            jf.fail("turn.passes", f"{turn.passes} passes in a row cannot come from {turn.turns} turns")
        whole = rules.exchange_all and turn.exchanges == 1 and len(turn.given) == 3  # an ExchangeAll gave three
        if turn.exchanges != len(turn.given) and not whole:
            jf.fail("turn.exchanges", f"{turn.exchanges} exchanges this turn but {len(turn.given)} cards given (turn.given)")
        for card in turn.given:  # only a pounce takes a card out of the widow
            if card not in state.widow and not rules.pounce:
                jf.fail("turn.given", f"{card}, given to the widow this turn, is not in the widow")
        # the turn goes on after its exchanges while a pounce question is asked, and with must_exchange until its stop or ride-on
        still_open = state.phase is Phase.POUNCE or (rules.must_exchange and state.phase is Phase.PLAY)
        most = rules.exchanges_per_turn if still_open else rules.exchanges_per_turn - 1
        if turn.exchanges > most:
            jf.fail("turn.exchanges", f"{turn.exchanges} exchanges would have ended the turn (exchanges_per_turn is {rules.exchanges_per_turn})")
        stall = rules.stall_passes * len(active)
        if turn.passes >= stall:
            jf.fail("turn.passes", f"{turn.passes} passes in a row reach the stall ({stall}): the deal would be over")
        if state.phase is not Phase.POUNCE and state.to_act != turn.turn_of:
            jf.fail("to_act", f"it is seat {turn.turn_of}'s turn (turn.turn_of), not seat {state.to_act}'s")
        if rules.must_exchange and turn.passes:  # every turn holds an exchange: no pass counts toward a stall (Rules §10.5)
            jf.fail("turn.passes", f"every turn holds an exchange (must_exchange): no pass counts toward a stall, so 0, not {turn.passes}")
        self._check_knock(state, turn)
        self._check_pounce(state, turn)

    def _check_choice(self, state: GameState, turn: WidowTurn, chose: bool) -> None:
        """Before the dealer's choice nothing has been played: the dealer is to act, the eldest's turn is next."""
        if chose or any(e.kind in WIDOW_EVENTS for e in state.history):
            jf.fail("phase", "the dealer's choice comes before any play of the deal")
        if state.to_act != state.dealer:
            jf.fail("to_act", f"the dealer, seat {state.dealer}, chooses first, not seat {state.to_act}")
        if turn != WidowTurn(state.eldest):
            jf.fail("turn", f"before the dealer's choice the turn record is the eldest's (seat {state.eldest}) first turn, untouched")

    def _check_knock(self, state: GameState, turn: WidowTurn) -> None:
        """One knock at most; after it, the seats owed a final turn, in order from the knocker's left."""
        knocked = state.phase is Phase.FINAL_ROUND or (state.phase is Phase.POUNCE and turn.resume is Phase.FINAL_ROUND)
        if not knocked:
            if turn.knockers or turn.final_left:
                jf.fail("turn.knockers", "a knock starts the final round: knockers and final_left must be empty before it")
            return
        check_final_round(state, turn.knockers, turn.final_left, turn.turn_of)

    def _check_pounce(self, state: GameState, turn: WidowTurn) -> None:
        """The player asked is the first eligible one from the turn's seat; nobody else is left unasked."""
        if state.phase is not Phase.POUNCE and turn.resume is not None:
            jf.fail("turn.resume", "only a pending pounce question returns to another phase: must be null")
        if not state.rules.pounce:
            if turn.declined:
                jf.fail("turn.declined", "only a pounce can be declined: must be empty")
            return
        for seat in turn.declined:
            if seat not in state.active:
                jf.fail("turn.declined", f"seat {seat} is out of the match")
        n = state.num_players
        eligible = [
            seat
            for seat in ((turn.turn_of + k) % n for k in range(n))
            if seat in state.active and seat not in turn.declined and pounce_card(state, seat) is not None
        ]
        if state.phase is Phase.POUNCE:
            if turn.resume not in (Phase.PLAY, Phase.FINAL_ROUND):
                jf.fail("turn.resume", "a pounce question returns to \"play\" or \"final_round\"")
            if not eligible or state.to_act != eligible[0]:
                asked = f"seat {eligible[0]}" if eligible else "nobody"
                jf.fail("to_act", f"the pounce question goes to {asked}, not seat {state.to_act}")
        elif eligible:
            jf.fail("phase", f"seat {eligible[0]} can pounce: the state must ask it first (phase \"pounce\")")
