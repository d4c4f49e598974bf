"""The game as a value: ``GameState``, its ``Phase``, the public ``Event`` log and ``Showdown``.

Every field of a state is either public or private to named seats:

* private to one seat: ``hands[s]`` (seat ``s``), ``turn.offer`` (the offerer);
* private to nobody at the table: ``stock``, ``discard`` (only their sizes are
  public) and ``seed``;
* events in ``history`` carry ``visible_to``: ``None`` for public, else the
  seats that saw the cards;
* everything else is public.

:func:`commerce_rules.observe` is built from this list.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from .cards import Card
from .rules import Rules

if TYPE_CHECKING:
    from .ranking import HandValue

__all__ = [
    "Event",
    "evolve",
    "EventKind",
    "GameState",
    "MatchProgress",
    "Payment",
    "Phase",
    "Showdown",
    "ShowdownReason",
    "TurnState",
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
    HORSE = "horse"
    """Hoyle: the first player out is asked whether to buy a horse."""
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
    HORSE = "horse"
    """``player`` bought a horse (one counter back, for a third of the stake into the pool)."""
    HORSE_DECLINED = "horse_declined"
    """``player``, the first out, declined the horse."""


@attrs.frozen
class Event:
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


Payment = tuple["int | None", "int | None", int]
"""``(payer, payee, points)``; ``None`` stands for the pot (or Hoyle's pool)."""


@attrs.frozen
class Showdown:
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


@attrs.frozen(slots=False)
class TurnState:
    """The mechanism's bookkeeping within a deal (all public except ``offer``).

    One record serves every mechanism; each uses the fields it needs.
    """

    turn_of: int
    """Whose turn it is (the player to act, unless an out-of-turn question is pending)."""
    turns: int = 0
    """Turns completed in this deal (for ``turn_limit``)."""
    passes: int = 0
    """Widow: passes in a row toward a stall."""
    exchanges: int = 0
    """Exchanges made so far in the current turn."""
    given: tuple[Card, ...] = ()
    """Cards put into the widow in the current turn (they cannot be taken back)."""
    knockers: tuple[int, ...] = ()
    """Who knocked in this deal, in order."""
    final_left: tuple[int, ...] = ()
    """Widow: the seats still owed their final turn after a knock, in order."""
    offer: Card | None = None
    """Trade and barter: the card offered in a pending barter (private to the offerer)."""
    declined: tuple[int, ...] = ()
    """Pounce: seats that declined to pounce on the widow as it is now."""
    resume: Phase | None = None
    """The phase to return to after an out-of-turn question."""
    round: int = 1
    """Rounds mechanism: the current round."""
    spent: tuple[int, ...] = ()
    """Rounds mechanism: seats that may not exchange again in this deal."""


class MatchProgress:
    """``is_over`` and ``last_showdown``, read off a ``phase`` and ``showdowns`` (states and observations)."""

    phase: Phase
    showdowns: tuple[Showdown, ...]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def last_showdown(self) -> Showdown | None:
        """The most recent showdown, or ``None`` before the first."""
        return self.showdowns[-1] if self.showdowns else None


@attrs.frozen(slots=False)
class GameState(MatchProgress):
    """One moment of a match. Immutable: :func:`commerce_rules.apply` returns a new state.

    Build one with :func:`commerce_rules.new_game` or :func:`commerce_rules.deal_position`.
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
    """Trade and barter's hidden discard pile, latest last."""
    pot: int
    """The pot (ledger), or Hoyle's pool."""
    balances: tuple[int, ...]
    lives: tuple[int, ...]
    """Lives or counters per seat (ledger variants: ``starting_lives`` each, never used)."""
    turn: TurnState
    history: tuple[Event, ...] = ()
    """What happened so far in the current deal."""
    showdowns: tuple[Showdown, ...] = ()
    """Every past showdown of the match, oldest first."""
    winners: tuple[int, ...] = ()
    """The seats that won the match (empty until it is over)."""
    horse_bought: bool = False
    """Pool: whether the one horse of the match has been bought."""

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the match (with lives left where lives count)."""
        return tuple(seat for seat in range(self.num_players) if self.lives[seat] > 0)

    @property
    def eldest(self) -> int:
        """The active player on the dealer's left, who acts first."""
        return next_active(self.lives, self.dealer)


_Record = TypeVar("_Record", "GameState", "TurnState")


def evolve(record: _Record, **changes: Any) -> _Record:
    """A copy of ``record`` with ``changes``: the engine's fast, unvalidated ``attrs.evolve``.

    ``GameState`` and ``TurnState`` keep their fields in a ``__dict__`` (not
    slots) so that a copy is one dictionary copy: ``attrs.evolve`` re-runs
    ``__init__`` field by field and costs ten times as much, on the path
    every turn takes. Memoised legal actions are not carried over.
    """
    fields = record.__dict__.copy()
    fields.pop("_legal", None)
    fields.update(changes)
    new = object.__new__(type(record))
    object.__setattr__(new, "__dict__", fields)
    return new


def next_active(lives: tuple[int, ...], seat: int, step: int = 1) -> int:
    """The next seat after ``seat`` (clockwise for ``step=1``) that still has lives."""
    n = len(lives)
    for offset in range(1, n + 1):
        candidate = (seat + step * offset) % n
        if lives[candidate] > 0:
            return candidate
    raise AssertionError("no active seat")  # pragma: no cover - a match always has one
