"""The game as a value: ``GameState``, its ``Phase``, ``Showdown`` and the transitions that copy a state.

The deal's events (``Event``, ``EventKind``, the ``DealLog`` a state keeps)
live in :mod:`commerce_rules.core.events`, and are still found here.

Every field of a state is either public or private to named seats:

* private to one seat: ``hands[s]`` (seat ``s``), ``turn.offer`` (the offerer);
* private to nobody at the table: ``stock``, ``discard`` (only their sizes are
  public, unless the mechanism lays the discard pile face up: Thirty-One) and ``seed``;
* events in ``history`` carry ``visible_to``: ``None`` for public, else the
  seats that saw the cards;
* everything else is public.

:func:`commerce_rules.observe` is built from this list.
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .actions import MAX_SEAT
from .caches import BuiltOnFirstUse
from .cards import Card
from .events import EMPTY_LOG as EMPTY_LOG, DealLog as DealLog, Event as Event, EventKind as EventKind  # found here too, as before 0.2
from .records import built_by_position, value_record
from .rules import Rules

if TYPE_CHECKING:
    from ..ranking import HandValue

__all__ = [
    "GameState",
    "Payment",
    "Phase",
    "Showdown",
    "ShowdownReason",
    "clockwise_from",
    "moved",
    "moved_and_paid",
    "next_active",
    "opened",
    "scored",
    "seats_with_lives",
    "settled",
]


class Phase(str, enum.Enum):
    """What the state is waiting for."""

    PLAY = "play"
    """A player's ordinary turn."""
    BARTER_REPLY = "barter_reply"
    """Trade and barter: the neighbour answers an offered barter (reply blind, or knock)."""
    FINAL_ROUND = "final_round"
    """Widow: after a knock, each other active player's one final turn."""
    POUNCE = "pounce"
    """Pounce: an eligible player is asked, out of turn, to pounce or pass."""
    BLIND_EXCHANGE = "blind_exchange"
    """Hoyle: the dealer's blind exchange, before looking at the hand."""
    DEALER_CHOICE = "dealer_choice"
    """Schwimmen: the dealer keeps their hand or takes the face-down extra hand unseen."""
    HORSE = "horse"
    """Hoyle: the first player out is asked whether to buy a horse."""
    DISCARD = "discard"
    """Thirty-One: the player who has just drawn discards a card face up."""
    OVER = "over"
    """The match has ended."""


class ShowdownReason(str, enum.Enum):
    """Why the exchanges ended."""

    KNOCK = "knock"
    STOCK_EXHAUSTED = "stock_exhausted"
    STALL = "stall"
    TURN_LIMIT = "turn_limit"
    FINAL_ROUND = "final_round"
    SECOND_KNOCK = "second_knock"
    LAST_ROUND = "last_round"
    BLITZ = "blitz"
    """A hand worth 31 (or Feuer) ended the deal at once (Rules §7.6)."""


Payment = tuple["int | None", "int | None", int]
"""``(payer, payee, points)``; ``None`` stands for the pot (or Hoyle's pool)."""


@value_record
class Showdown(NamedTuple):
    """The end of one deal: the hands revealed, who won, who lost a life, who paid whom."""

    deal_number: int
    dealer: int
    reason: ShowdownReason
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's hand as revealed (empty for a seat with no cards)."""
    values: tuple[HandValue | None, ...]
    """A hand value per seat, ``None`` for a seat with no hand."""
    winner: int
    """The best hand's seat, ties resolved by position."""
    losers: tuple[int, ...] = ()
    """Seats that lost a life or counter (empty where there are none)."""
    payments: tuple[Payment, ...] = ()
    """The transfers made at this showdown; ``None`` stands for the pot."""

    def _repr_html_(self) -> str:
        """The hands revealed, for Jupyter (see :func:`commerce_rules.render.showdown_html`)."""
        from ..render.table import showdown_html

        return showdown_html(self)


@value_record
class GameState(NamedTuple):
    """One moment of a match. Immutable: :func:`commerce_rules.apply` returns a new state.

    Build one with :func:`commerce_rules.new_game` or :func:`commerce_rules.deal_position`.
    A state is a value: equal states hold equal fields, and it has nothing
    writable (no ``__dict__``, no cache the engine trusts).
    """

    rules: Rules
    num_players: int
    seed: int
    """Drives every deal's shuffle (private: never in an observation)."""
    deal_number: int
    """1 for the first deal."""
    dealer: int
    phase: Phase
    to_act: int | None
    """The seat to act, or ``None`` once the match is over."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, in the order the cards arrived."""
    widow: tuple[Card, ...]
    """The face-up widow (empty without a widow)."""
    stock: tuple[Card, ...]
    """The stock, top card first (hidden)."""
    discard: tuple[Card, ...]
    """The discard pile, latest last (hidden in trade and barter, face up in Thirty-One)."""
    pot: int
    """The pot (ledger), or Hoyle's pool."""
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    """Lives or counters per seat (ledger variants: ``starting_lives`` each, never used)."""
    active: tuple[int, ...]
    """The seats still in the match, in seat order."""
    turn: Any
    """The mechanism's own record of the deal's turns (see the mechanism's module)."""
    score: Any
    """The scoring's own record of the match beyond money and lives (``None`` where it keeps none)."""
    log: DealLog
    """The current deal's events; read them as :attr:`history`."""
    showdowns: tuple[Showdown, ...] = ()
    """Every past showdown of the match, oldest first."""
    winners: tuple[int, ...] = ()
    """The seats that won the match (empty until it is over)."""

    @property
    def history(self) -> tuple[Event, ...]:
        """What happened so far in the current deal, oldest first."""
        return self.log.events

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def last_showdown(self) -> Showdown | None:
        """The most recent showdown, or ``None`` before the first."""
        return self.showdowns[-1] if self.showdowns else None

    @property
    def eldest(self) -> int:
        """The active player on the dealer's left, who acts first."""
        return next_active(self.active, self.dealer)


@built_by_position(GameState)
def moved(
    state: GameState,
    *,
    phase: Phase,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    widow: tuple[Card, ...],
    stock: tuple[Card, ...],
    turn: Any,
    log: DealLog,
) -> GameState:
    """``state`` after a move within a deal: the fields a move changes given, every other kept.

    Every move makes one, so :func:`~.records.built_by_position` compiles this
    ``_replace`` into the same function building the state by position: the
    plain ``_replace`` of a 20-field state would make a move about 40% dearer
    (``docs/performance.md``, "Fast paths kept").
    """
    return state._replace(phase=phase, to_act=to_act, hands=hands, widow=widow, stock=stock, turn=turn, log=log)


@built_by_position(GameState)
def opened(
    state: GameState,
    *,
    deal_number: int,
    dealer: int,
    phase: Phase,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    widow: tuple[Card, ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    pot: int,
    balances: tuple[int, ...],
    turn: Any,
    log: DealLog,
) -> GameState:
    """``state``, the match as the last deal left it, with a new deal dealt, its stakes paid and its first turn begun.

    Those fields given, every other kept (built by position, as :func:`moved`): a deal's start is one state, built
    by the mechanism's ``begin`` (see :class:`~commerce_rules.parts.play.MechanismPart`).
    """
    return state._replace(
        deal_number=deal_number, dealer=dealer, phase=phase, to_act=to_act, hands=hands, widow=widow, stock=stock,
        discard=discard, pot=pot, balances=balances, turn=turn, log=log,
    )


def scored(
    state: GameState,
    *,
    pot: int,
    balances: tuple[int, ...],
    lives: tuple[int, ...],
    active: tuple[int, ...],
    score: Any,
) -> GameState:
    """``state`` after a scoring moved points or lives outside a showdown (a pool's stakes, a loss retold): those fields given.

    Off the hot path (a showdown's settlement is :func:`settled`, a deal's
    stakes go into :func:`opened`).
    """
    return state._replace(pot=pot, balances=balances, lives=lives, active=active, score=score)


def settled(
    state: GameState,
    *,
    pot: int,
    balances: tuple[int, ...],
    lives: tuple[int, ...],
    active: tuple[int, ...],
    score: Any,
    showdown: Showdown,
) -> GameState:
    """``state`` once its deal is settled: the fields the scoring's settlement gives, and ``showdown`` appended to the match's."""
    showdowns = state.showdowns + (showdown,)
    return _settled(state, pot=pot, balances=balances, lives=lives, active=active, score=score, showdowns=showdowns)


@built_by_position(GameState)
def _settled(
    state: GameState,
    *,
    pot: int,
    balances: tuple[int, ...],
    lives: tuple[int, ...],
    active: tuple[int, ...],
    score: Any,
    showdowns: tuple[Showdown, ...],
) -> GameState:
    return state._replace(pot=pot, balances=balances, lives=lives, active=active, score=score, showdowns=showdowns)


@built_by_position(GameState)
def moved_and_paid(
    state: GameState,
    *,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    balances: tuple[int, ...],
    turn: Any,
    log: DealLog,
) -> GameState:
    """``state`` after a move that also moves points (a buy): as :func:`moved`, for those fields (built by position too)."""
    return state._replace(
        to_act=to_act, hands=hands, stock=stock, discard=discard, balances=balances, turn=turn, log=log
    )


def seats_with_lives(lives: tuple[int, ...]) -> tuple[int, ...]:
    """The seats whose lives are not spent, in seat order."""
    return tuple([seat for seat, count in enumerate(lives) if count > 0])


def next_active(active: tuple[int, ...], seat: int, step: int = 1) -> int:
    """The first seat of ``active`` after ``seat``, clockwise (``step=1``) or anticlockwise (``step=-1``)."""
    if step > 0:
        for candidate in active:
            if candidate > seat:
                return candidate
        return active[0]
    for candidate in reversed(active):
        if candidate < seat:
            return candidate
    return active[-1]


def _following(active: tuple[int, ...]) -> tuple[int, ...]:
    """For a set of seats in play, the seat in play after each seat: :func:`next_active`, clockwise."""
    return tuple(next_active(active, seat) for seat in range(MAX_SEAT + 1))


NEXT_ACTIVE: Final = BuiltOnFirstUse(_following)
"""``NEXT_ACTIVE[active][seat]`` is ``next_active(active, seat)``: every turn passes on by it, with a look-up and no
call. Each set of seats in play is tabled on its first use (a state's ``active``: at most 4,095 of them)."""


def clockwise_from(active: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats of ``active`` (in seat order, as a state keeps them) after ``seat``, clockwise, ``seat`` itself last if it is active."""
    cut = bisect_right(active, seat)
    return active[cut:] + active[:cut]
