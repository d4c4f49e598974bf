"""The current deal's history: appended in O(1), read as a tuple, kept once however often it is read."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import Card
from commerce_rules.core.events import appended
from commerce_rules.core.state import EMPTY_LOG, DealLog, Event, EventKind

_EVENTS = [Event(EventKind.PASS, seat) for seat in range(6)]


def _chain(log: DealLog) -> int:
    """How many nodes a log keeps alive behind it (itself included)."""
    count = 0
    node: DealLog | None = log
    while node is not None:
        count += 1
        node = node._previous
    return count


@given(st.lists(st.sampled_from(_EVENTS), max_size=40), st.sets(st.integers(0, 40)))
def test_the_history_reads_every_event_appended_oldest_first(events: list[Event], read_at: set[int]) -> None:
    log = EMPTY_LOG
    for number, happened in enumerate(events):
        log = log.then(happened)
        if number in read_at:  # reading in between never changes what is read later
            assert log.events == tuple(events[: number + 1])
    assert log.events == tuple(events)
    assert len(log) == len(events)
    assert log == DealLog.of(tuple(events))
    assert pickle.loads(pickle.dumps(log)) == log


def test_appending_leaves_the_earlier_log_unchanged() -> None:
    before = EMPTY_LOG.then(_EVENTS[0])
    after = before.then(_EVENTS[1])
    assert before.events == (_EVENTS[0],)
    assert after.events == (_EVENTS[0], _EVENTS[1])


def test_a_history_read_at_every_step_of_a_long_deal_is_kept_once() -> None:
    # A viewer that reads state.history after each action must not keep every
    # earlier copy of it alive: that was a tuple per event, quadratic memory
    # (400 MB at 10,000 events) and garbage collections of seconds.
    log = EMPTY_LOG
    for number in range(2_000):
        log = log.then(_EVENTS[number % 6])
        assert len(log.events) == number + 1
    assert _chain(log) == 1  # the tuple read holds everything; nothing behind it is kept
    assert log.then(_EVENTS[0]).events[-2:] == (_EVENTS[1], _EVENTS[0])


def test_a_history_never_read_keeps_only_its_events() -> None:
    log = EMPTY_LOG
    for number in range(100):
        log = log.then(_EVENTS[number % 6])
    assert _chain(log) == 101  # one node per event and the empty log: O(1) per append
    assert log.events[0] == _EVENTS[0]
    assert _chain(log) == 1


def test_an_event_appended_by_its_fields_reads_as_that_event() -> None:
    # The engine appends an event's fields (no Event value on the hot path); a read builds the Event.
    log = DealLog(DealLog(EMPTY_LOG, EventKind.KNOCK, 2), EventKind.BUY, 3, (), None, (3,))
    assert log.events == (Event(EventKind.KNOCK, 2), Event(EventKind.BUY, 3, (), None, (3,)))
    assert all(type(event) is Event for event in log.events)


_C = Card.parse
_SEEN_EVENTS = [
    Event(EventKind.PASS, 0),
    Event(EventKind.EXCHANGE, 1, (_C("2♣"), _C("A♠"))),
    Event(EventKind.BUY, 2, (_C("3♦"), _C("K♥")), visible_to=(2,)),
    Event(EventKind.BARTER, 0, (_C("4♠"), _C("Q♣")), target=1, visible_to=(0, 1)),
    Event(EventKind.KNOCK, 3),
]


def _as_seen_by(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    """The events' cards kept only where public or seen by ``player``: the rule, written plainly."""
    return tuple(
        event if event.visible_to is None or player in event.visible_to else event._replace(cards=())
        for event in events
    )


@given(st.lists(st.sampled_from(_SEEN_EVENTS), max_size=30), st.sets(st.integers(0, 30)), st.integers(0, 3))
def test_a_seat_sees_the_cards_of_public_events_and_of_its_own_private_ones(
    events: list[Event], read_at: set[int], player: int
) -> None:
    log = EMPTY_LOG
    for number, happened in enumerate(events):
        log = log.then(happened)
        if number in read_at:  # a read in between (of either kind) never changes a later one
            assert log.seen_by(player) == _as_seen_by(tuple(events[: number + 1]), player)
            assert log.events == tuple(events[: number + 1])
    assert log.seen_by(player) == _as_seen_by(tuple(events), player)
    assert DealLog.of(tuple(events)).seen_by(player) == _as_seen_by(tuple(events), player)
    assert pickle.loads(pickle.dumps(log)).seen_by(player) == _as_seen_by(tuple(events), player)


@given(st.lists(st.sampled_from(_SEEN_EVENTS), max_size=30), st.sets(st.integers(0, 30)), st.integers(0, 3))
def test_an_event_appended_without_the_class_call_is_the_same_log(events: list[Event], read_at: set[int], player: int) -> None:
    # The moves append with appended(), the class's __init__ written out: every read of it agrees with DealLog(...).
    fast, plain = EMPTY_LOG, EMPTY_LOG
    for number, happened in enumerate(events):
        fast, plain = appended(fast, *happened), DealLog(plain, *happened)
        assert len(fast) == len(plain) == number + 1
        if number in read_at:
            assert fast.seen_by(player) == plain.seen_by(player) and fast.events == plain.events
    assert fast == plain and fast.events == tuple(events) and fast.seen_by(player) == plain.seen_by(player)
    assert pickle.loads(pickle.dumps(fast)) == plain


def test_a_log_with_no_private_event_gives_every_seat_its_events_themselves() -> None:
    log = EMPTY_LOG.then(_SEEN_EVENTS[0]).then(_SEEN_EVENTS[1])
    assert log.seen_by(2) is log.events
    private = log.then(_SEEN_EVENTS[2]).then(_SEEN_EVENTS[4])
    assert private.seen_by(2) == private.events
    assert private.seen_by(1)[2] == Event(EventKind.BUY, 2, (), visible_to=(2,))


_KINDS_SEEN = [Event(kind, seat) for kind in (EventKind.PASS, EventKind.KNOCK, EventKind.POUNCE_DECLINED) for seat in (0, 1)]


@given(st.lists(st.sampled_from(_KINDS_SEEN), max_size=30), st.sets(st.integers(0, 30)))
def test_a_log_knows_the_kinds_of_event_it_holds_however_often_it_was_read(events: list[Event], read_at: set[int]) -> None:
    log = EMPTY_LOG
    assert log.kinds == frozenset()
    for number, happened in enumerate(events):
        log = log.then(happened)
        if number in read_at:
            assert log.kinds == {event.kind for event in events[: number + 1]}
    assert log.kinds == {event.kind for event in events} == DealLog.of(tuple(events)).kinds
