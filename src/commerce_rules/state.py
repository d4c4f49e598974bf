"""The game as a value: ``GameState``, its ``Phase``, the public ``Event`` log and ``Showdown``.

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

from .cards import Card
from .records import value_record
from .rules import Rules

if TYPE_CHECKING:
    from .ranking import HandValue

__all__ = [
    "EMPTY_LOG",
    "DealLog",
    "Event",
    "EventKind",
    "GameState",
    "Payment",
    "Phase",
    "Showdown",
    "ShowdownReason",
    "clockwise_from",
    "dealt",
    "moved",
    "moved_and_paid",
    "next_active",
    "scored",
    "seats_with_lives",
    "shown_down",
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


class EventKind(str, enum.Enum):
    """What happened, in a state's :attr:`GameState.history`."""

    BUY = "buy"
    """``player`` gave ``cards[0]`` to the discard and drew ``cards[1]`` (cards seen by the buyer only)."""
    BARTER = "barter"
    """``player`` offered ``cards[0]`` to ``target``, who gave back ``cards[1]`` (seen by the two)."""
    BARTER_REFUSED = "barter_refused"
    """``target`` refused ``player``'s offer by knocking (``cards[0]`` offered, seen by the offerer)."""
    KNOCK = "knock"
    """``player`` knocked."""
    EXCHANGE = "exchange"
    """``player`` put ``cards[0]`` into the widow and took ``cards[1]`` (public)."""
    PASS = "pass"
    """``player`` passed."""
    POUNCE = "pounce"
    """``player`` pounced on ``cards[0]``; ``cards[1]`` came from the stock to the widow (public)."""
    POUNCE_DECLINED = "pounce_declined"
    """``player`` declined to pounce."""
    BLIND_EXCHANGE = "blind_exchange"
    """The dealer took ``cards[:k]`` from the widow and gave ``cards[k:]`` face up (public)."""
    WIDOW_GROWS = "widow_grows"
    """``cards[0]`` came from the stock to the widow at the start of a round (public)."""
    EXCHANGE_ALL = "exchange_all"
    """``player`` put ``cards[:3]`` (their hand) into the widow and took ``cards[3:]`` (the widow) (public)."""
    TAKE_EXTRA_HAND = "take_extra_hand"
    """The dealer took the face-down extra hand unseen, turning ``cards`` (their own hand) up as the widow."""
    KEEP_HAND = "keep_hand"
    """The dealer kept their hand; the extra hand, ``cards``, is turned face up as the widow (public)."""
    NEW_WIDOW = "new_widow"
    """Everyone passed: the widow ``cards[:3]`` went to the discard pile, ``cards[3:]`` from the stock are the new widow."""
    HORSE = "horse"
    """``player`` bought a horse (one counter back, for a third of the stake into the pool)."""
    HORSE_DECLINED = "horse_declined"
    """``player``, the first out, declined the horse."""
    DRAW = "draw"
    """Thirty-One: ``player`` drew ``cards[0]`` from the stock (seen by the drawer only)."""
    TAKE_DISCARD = "take_discard"
    """Thirty-One: ``player`` took ``cards[0]``, the discard pile's top card (public)."""
    DISCARD = "discard"
    """Thirty-One: ``player`` discarded ``cards[0]`` face up onto the discard pile (public)."""


@value_record
class Event(NamedTuple):
    """One entry of the public log of the current deal.

    ``visible_to`` is ``None`` when everything in the event is public;
    otherwise only those seats saw ``cards`` (the others learn that the event
    happened, not which cards).
    """

    kind: EventKind
    player: int
    cards: tuple[Card, ...] = ()
    target: int | None = None
    visible_to: tuple[int, ...] | None = None


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
        from .render.table import showdown_html

        return showdown_html(self)



class DealLog:
    """The current deal's events as a persistent list: appending is O(1), reading builds the tuple once.

    A state keeps its deal's history in one of these rather than in a tuple,
    so that an action does not copy every earlier event: a deal of 10,000
    events costs no more per action than one of 100. A node keeps its
    event's fields, not an :class:`Event`: the engine appends an event on
    every action and reads none, so the ``Event`` values are built when the
    history is first read (``events``), and kept. A log that has built its
    tuple lets go of the nodes behind it, so a history read after every
    action is kept once, not once per event.
    """

    __slots__ = ("_previous", "_kind", "_player", "_cards", "_target", "_visible_to", "size", "_events")

    _previous: DealLog | None
    _kind: EventKind | None
    _player: int
    _cards: tuple[Card, ...]
    _target: int | None
    _visible_to: tuple[int, ...] | None
    size: int
    _events: tuple[Event, ...] | None

    def __init__(
        self,
        previous: DealLog | None = None,
        kind: EventKind | None = None,
        player: int = 0,
        cards: tuple[Card, ...] = (),
        target: int | None = None,
        visible_to: tuple[int, ...] | None = None,
    ) -> None:
        """``previous`` with the event ``Event(kind, player, cards, target, visible_to)`` appended (the empty log without them)."""
        self._previous = previous
        self._kind = kind
        self._player = player
        self._cards = cards
        self._target = target
        self._visible_to = visible_to
        if previous is None:
            self.size = 0
            self._events = ()
        else:
            self.size = previous.size + 1
            self._events = None

    @classmethod
    def of(cls, events: tuple[Event, ...]) -> DealLog:
        """A log holding ``events``, oldest first."""
        log = EMPTY_LOG
        for event in events:
            log = DealLog(log, *event)
        log._events = events
        return log

    def then(self, event: Event) -> DealLog:
        """This log with ``event`` appended (this one unchanged)."""
        return DealLog(self, *event)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event, oldest first."""
        events = self._events
        if events is None:
            newer: list[Event] = []
            node: DealLog = self
            while node._events is None:
                newer.append(_new(Event, (node._kind, node._player, node._cards, node._target, node._visible_to)))
                node = node._previous  # type: ignore[assignment]
            newer.reverse()
            events = self._events = node._events + tuple(newer)
            self._previous = None  # the tuple holds them all: let the older nodes (and their tuples) go
        return events

    def __len__(self) -> int:
        return self.size

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, DealLog):
            return NotImplemented
        return self.size == other.size and self.events == other.events

    def __hash__(self) -> int:
        return hash(self.events)

    def __repr__(self) -> str:
        return f"DealLog({self.events!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (DealLog.of, (self.events,))


EMPTY_LOG: Final = DealLog()
"""The log of a deal before its first event."""


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


_new = tuple.__new__


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

    The engine's hot path: three times as fast as ``_replace`` with the same
    fields, and as strictly typed (every field named, by keyword).
    """
    (rules, num_players, seed, deal_number, dealer, _, _, _, _, _, discard, pot, balances, lives, active, _, score, _, showdowns, winners) = state
    return _new(GameState, (
        rules, num_players, seed, deal_number, dealer, phase, to_act, hands, widow, stock, discard, pot, balances,
        lives, active, turn, score, log, showdowns, winners,
    ))  # fmt: skip


def dealt(
    state: GameState,
    *,
    deal_number: int,
    dealer: int,
    hands: tuple[tuple[Card, ...], ...],
    widow: tuple[Card, ...],
    stock: tuple[Card, ...],
    log: DealLog,
) -> GameState:
    """``state`` with a new deal's cards laid out (the discard pile empty), before its parts start it."""
    (rules, num_players, seed, _, _, phase, to_act, _, _, _, _, pot, balances, lives, active, turn, score, _, showdowns, winners) = state
    return _new(GameState, (
        rules, num_players, seed, deal_number, dealer, phase, to_act, hands, widow, stock, (), pot, balances,
        lives, active, turn, score, log, showdowns, winners,
    ))  # fmt: skip


def scored(
    state: GameState,
    *,
    pot: int,
    balances: tuple[int, ...],
    lives: tuple[int, ...],
    active: tuple[int, ...],
    score: Any,
) -> GameState:
    """``state`` after a scoring moved points or lives (a showdown settled, antes paid): those fields given, every other kept."""
    (rules, num_players, seed, deal_number, dealer, phase, to_act, hands, widow, stock, discard, _, _, _, _, turn, _, log, showdowns, winners) = state
    return _new(GameState, (
        rules, num_players, seed, deal_number, dealer, phase, to_act, hands, widow, stock, discard, pot, balances,
        lives, active, turn, score, log, showdowns, winners,
    ))  # fmt: skip


def shown_down(state: GameState, showdown: Showdown) -> GameState:
    """``state`` with ``showdown`` appended to the match's showdowns."""
    *rest, showdowns, winners = state
    return _new(GameState, (*rest, showdowns + (showdown,), winners))


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
    """``state`` after a move that also moves points (a buy): as :func:`moved`, for those fields."""
    (rules, num_players, seed, deal_number, dealer, phase, _, _, widow, _, _, pot, _, lives, active, _, score, _, showdowns, winners) = state
    return _new(GameState, (
        rules, num_players, seed, deal_number, dealer, phase, to_act, hands, widow, stock, discard, pot, balances,
        lives, active, turn, score, log, showdowns, winners,
    ))  # fmt: skip


def seats_with_lives(lives: tuple[int, ...]) -> tuple[int, ...]:
    """The seats whose lives are not spent, in seat order."""
    return tuple([seat for seat, count in enumerate(lives) if count > 0])


def next_active(active: tuple[int, ...], seat: int, step: int = 1) -> int:
    """The first seat of ``active`` after ``seat``, clockwise (``step=1``) or anticlockwise (``step=-1``)."""
    if step > 0:
        last = len(active) - 1
        if active[last] == last:  # the seats in play are 0 to last (sorted, distinct): no search
            return seat + 1 if seat < last else 0
        for candidate in active:
            if candidate > seat:
                return candidate
        return active[0]
    for candidate in reversed(active):
        if candidate < seat:
            return candidate
    return active[-1]


def clockwise_from(active: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seats of ``active`` (in seat order, as a state keeps them) after ``seat``, clockwise, ``seat`` itself last if it is active."""
    cut = bisect_right(active, seat)
    return active[cut:] + active[:cut]
