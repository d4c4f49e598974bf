"""A deal's events: their kinds, the public ``Event`` record, and ``DealLog``, the log a state keeps of them.

A state's :attr:`~commerce_rules.core.state.GameState.history` is read from its
log. Kept apart from :mod:`commerce_rules.core.state` so that each module has
one job: this one says what happened, that one what the table holds now.
"""

from __future__ import annotations

import enum
from typing import Any, Final, NamedTuple

from .cards import Card
from .records import made_by_position, value_record

__all__ = ["EMPTY_LOG", "DealLog", "Event", "EventKind", "appended"]


class EventKind(str, enum.Enum):
    """What happened, in a state's :attr:`~commerce_rules.core.state.GameState.history`."""

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


new_event: Final = made_by_position(Event)
"""``Event(...)`` as a history read builds each of its events: by position (a fast path, ``docs/performance.md``)."""


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

    __slots__ = (
        "_previous", "_kind", "_player", "_cards", "_target", "_visible_to", "size", "_events", "_private", "_kinds",
    )

    _previous: DealLog | None
    _kind: EventKind | None
    _player: int
    _cards: tuple[Card, ...]
    _target: int | None
    _visible_to: tuple[int, ...] | None
    size: int
    _events: tuple[Event, ...] | None
    _private: bool
    """Whether some event is seen by some seats only: set with ``_events`` (observe skips its filter without one)."""
    _kinds: frozenset[EventKind] | None
    """The kinds of the events once :attr:`kinds` was asked of this log or of one before it, else ``None``."""

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
            self._private = False
            self._kinds = None
        else:
            self.size = previous.size + 1
            self._events = None

    @classmethod
    def of(cls, events: tuple[Event, ...]) -> DealLog:
        """A log holding ``events``, oldest first."""
        log = EMPTY_LOG
        for event in events:
            log = DealLog(log, *event)
        log._private = any(event.visible_to is not None for event in events)
        log._kinds = None
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
            events = self._read()
        return events

    def _read(self) -> tuple[Event, ...]:
        """Build the events from the newest back to the last node that has them (and whether one is private)."""
        newer: list[Event] = []
        private = False
        node: DealLog = self
        while node._events is None:
            visible_to = node._visible_to
            if visible_to is not None:
                private = True
            newer.append(new_event(node._kind, node._player, node._cards, node._target, visible_to))  # type: ignore[arg-type]
            node = node._previous  # type: ignore[assignment]
        newer.reverse()
        kinds = node._kinds
        if kinds is not None:  # asked of an older log (as observe asks in a game with secret events): kept up to date
            for event in newer:
                if event.kind not in kinds:
                    kinds = kinds | {event.kind}
        self._kinds = kinds  # these two before _events: a thread that finds _events finds them too
        self._private = private or node._private
        events = self._events = node._events + tuple(newer)
        self._previous = None  # the tuple holds them all: let the older nodes (and their tuples) go
        return events

    @property
    def kinds(self) -> frozenset[EventKind]:
        """The kinds of event the log holds: ``observe`` asks whether a secret one is among them, not every event."""
        events = self._events
        if events is None:
            events = self._read()
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = frozenset([event.kind for event in events])
        return kinds

    def seen_by(self, player: int) -> tuple[Event, ...]:
        """The events as ``player`` saw them: the cards of an event kept only if it is public or ``player`` saw them.

        What :func:`commerce_rules.observe` gives a seat as its history, on
        every turn: where no event is private (most deals of most variants),
        the events themselves, without a look at each.
        """
        events = self._events
        if events is None:
            events = self._read()
        if not self._private:
            return events
        return tuple([
            event if event.visible_to is None or player in event.visible_to or not event.cards
            else new_event(event.kind, event.player, (), event.target, event.visible_to)  # the cards hidden
            for event in events
        ])

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


_node = object.__new__


def appended(
    previous: DealLog,
    kind: EventKind,
    player: int,
    cards: tuple[Card, ...] = (),
    target: int | None = None,
    visible_to: tuple[int, ...] | None = None,
) -> DealLog:
    """``DealLog(previous, kind, player, ...)``, without the class call: every move appends one event.

    In Python 3.11 calling a class runs its ``__init__`` through the type's
    call machinery, a few hundred instructions more than a function that
    fills the node's slots itself (a test holds the two equal).
    """
    node: DealLog = _node(DealLog)
    node._previous = previous
    node._kind = kind
    node._player = player
    node._cards = cards
    node._target = target
    node._visible_to = visible_to
    node.size = previous.size + 1
    node._events = None
    return node
