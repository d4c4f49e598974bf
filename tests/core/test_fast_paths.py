"""The fast paths kept (``docs/performance.md``, "Fast paths kept"): each plays exactly as its plain reference.

Each fast path is a function the engine calls in place of a plain one:
the state transitions that :func:`~commerce_rules.core.records.built_by_position`
compiles from their ``_replace`` (which stays as their ``__wrapped__``);
:func:`~commerce_rules.core.events.appended`, whose plain reference is the
``DealLog(...)`` call; the deal's shuffle, written out step by step,
whose plain reference is the Fisher-Yates loop; and the hand table's
look-up, which finds the last rules by identity where its plain
reference hashes them every time; the turn records and observations
built by :func:`~commerce_rules.core.records.made_by_position`, whose plain
reference is their class. A random match is played
with the fast paths, then replayed with every module's name for each one
bound to its plain reference instead: every state must be equal, history
and all.
"""

from __future__ import annotations

import hashlib
import linecache
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import Card, Rules, apply, new_game
from commerce_rules.core import state as state_module
from commerce_rules.core.events import DealLog, Event, EventKind, appended, new_event
from commerce_rules.core.observation import Observation
from commerce_rules.core.records import built_by_position, made_by_position
from commerce_rules.core.state import moved, moved_and_paid, opened
from commerce_rules.core.state import _settled as settled_fields
from commerce_rules.engine import variant as variants
from commerce_rules.engine.deal import _shuffled, deck_for
from commerce_rules.engine.observe import new_observation
from commerce_rules.mechanisms.draw_discard.record import DrawTurn, draw_turn
from commerce_rules.mechanisms.rounds.record import RoundsTurn, rounds_turn
from commerce_rules.mechanisms.trade_barter.record import TradeTurn, trade_turn
from commerce_rules.mechanisms.widow.record import WidowTurn, widow_turn
from commerce_rules.ranking import table
from random_play import PROPERTY, VARIANTS, Variant, games


def _plain_appended(
    previous: DealLog,
    kind: EventKind,
    player: int,
    cards: tuple[Any, ...] = (),
    target: int | None = None,
    visible_to: tuple[int, ...] | None = None,
) -> DealLog:
    return DealLog(previous, kind, player, cards, target, visible_to)


def _plain_shuffled(rules: Rules, seed: int, deal_number: int) -> tuple[Card, ...]:
    """The Fisher-Yates loop over SHAKE-256's 64-bit draws, each ``word`` picking ``(word * bound) >> 64``."""
    cards = list(deck_for(rules))
    top = len(cards) - 1
    digest = hashlib.shake_256(b"commerce-rules:%d:%d" % (seed, deal_number)).digest(8 * top)
    for step in range(top):
        other = (int.from_bytes(digest[8 * step : 8 * step + 8], "big") * (top + 1)) >> 64
        cards[top], cards[other] = cards[other], cards[top]
        top -= 1
    return tuple(cards)


def _plain_lookup(rules: Rules) -> tuple[object, dict[int, Any], table.HandTable]:
    """The hand table's look-up for ``rules`` found by hashing them, every time."""
    return (rules, *table._found(rules))


PLAIN: dict[Callable[..., Any], Callable[..., Any]] = {
    moved: moved.__wrapped__,  # type: ignore[attr-defined]
    moved_and_paid: moved_and_paid.__wrapped__,  # type: ignore[attr-defined]
    opened: opened.__wrapped__,  # type: ignore[attr-defined]
    settled_fields: settled_fields.__wrapped__,  # type: ignore[attr-defined]
    appended: _plain_appended,
    _shuffled: _plain_shuffled,
    table._lookup: _plain_lookup,
    draw_turn: DrawTurn,
    rounds_turn: RoundsTurn,
    trade_turn: TradeTurn,
    widow_turn: WidowTurn,
    new_observation: Observation,
    new_event: Event,
}
"""Each fast path, and its plain reference."""


@contextmanager
def plain_paths() -> Iterator[set[Callable[..., Any]]]:
    """Every name a ``commerce_rules`` module binds to a fast path bound to its plain reference instead, meanwhile.

    Yields the fast paths found so bound (a test checks that each one was).
    """
    rebound: list[tuple[Any, str, Callable[..., Any]]] = []
    found: set[Callable[..., Any]] = set()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "commerce_rules" or name.startswith("commerce_rules.")):
            continue
        for attribute, value in list(vars(module).items()):
            fast = next((fast for fast in PLAIN if value is fast), None)
            if fast is not None:
                rebound.append((module, attribute, fast))
                found.add(fast)
                setattr(module, attribute, PLAIN[fast])
    try:
        yield found
    finally:
        for module, attribute, value in rebound:
            setattr(module, attribute, value)


def test_every_fast_path_is_bound_where_the_engine_calls_it() -> None:
    with plain_paths() as found:
        assert found == set(PLAIN)
        assert state_module.moved is PLAIN[moved]
    assert state_module.moved is moved


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_random_match_plays_the_same_with_every_fast_path_plain(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    with plain_paths():
        state = new_game(game.rules, game.players, seed=game.seed)
        assert state == states[0]
        for action, expected in zip(actions, states[1:]):
            state = apply(state, action)
            assert state == expected
            assert state.history == expected.history


class _Point(NamedTuple):
    x: int
    y: int
    z: int


def test_a_transition_built_by_position_is_its_replace_with_its_source_in_linecache() -> None:
    @built_by_position(_Point)
    def shifted(point: _Point, *, x: int, z: int) -> _Point:
        return point._replace(x=x, z=z)

    point = _Point(1, 2, 3)
    assert shifted(point, x=7, z=9) == shifted.__wrapped__(point, x=7, z=9) == _Point(7, 2, 9)  # type: ignore[attr-defined]
    assert type(shifted(point, x=7, z=9)) is _Point
    filename = shifted.__code__.co_filename
    assert filename.startswith("<commerce_rules generated ") and "shifted" in filename
    assert "".join(linecache.getlines(filename)).startswith("def shifted(point, *, x, z):")
    assert shifted.__name__ == "shifted"
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'z'"):
        shifted(point, x=7)  # type: ignore[call-arg]


def test_only_a_record_then_keyword_only_fields_can_be_built_by_position() -> None:
    def not_a_field(point: _Point, *, w: int) -> _Point:
        return point

    def positional(point: _Point, x: int) -> _Point:
        return point._replace(x=x)

    def with_default(point: _Point, *, x: int = 0) -> _Point:
        return point._replace(x=x)

    with pytest.raises(TypeError, match="w is not a field"):
        built_by_position(_Point)(not_a_field)
    for written in (positional, with_default):
        with pytest.raises(TypeError, match="keyword-only fields without defaults"):
            built_by_position(_Point)(written)


def test_the_shuffles_written_out_show_their_source() -> None:
    from commerce_rules.engine.deal import _SHUFFLES

    for size, shuffle in _SHUFFLES.items():
        filename = getattr(shuffle, "__code__").co_filename  # a function: its code object
        assert filename == f"<commerce_rules generated commerce_rules.engine.deal.shuffle of {size} cards>"
        assert linecache.getline(filename, 1) == "def shuffle(cards, digest):\n"
        assert f"cards[{size - 1}], cards[other] = cards[other], cards[{size - 1}]" in "".join(linecache.getlines(filename))


def test_the_hand_tables_memo_follows_each_change_of_rules() -> None:
    from commerce_rules import CRP, FOSTER, SCHWIMMEN, THIRTY_ONE, evaluate, parse_cards
    from commerce_rules.ranking.table import thirty_ones

    hand = parse_cards("A♥ K♥ 10♥")
    bits = sum(card.bit for card in hand)
    for rules in (CRP, FOSTER, CRP, THIRTY_ONE, SCHWIMMEN, THIRTY_ONE.replace(starting_lives=4), FOSTER):
        lookup, found = table._found(rules)
        assert evaluate(hand, rules) is lookup[bits]
        assert thirty_ones(rules) is found.thirty_ones
        assert table._LAST[0] is rules


@pytest.mark.parametrize("record", [DrawTurn, RoundsTurn, TradeTurn, WidowTurn, Observation, Event], ids=lambda r: r.__name__)
def test_a_record_made_by_position_is_its_class_call_with_its_source_in_linecache(record: Any) -> None:
    made = made_by_position(record)
    defaults = record._field_defaults
    required = [name for name in record._fields if name not in defaults]
    values = {name: (index, name) for index, name in enumerate(record._fields)}
    assert made(*values.values()) == record(*values.values())
    assert type(made(**values)) is record and made(**values) == record(**values)
    assert made(*[values[name] for name in required]) == record(*[values[name] for name in required])
    filename = made.__code__.co_filename
    assert filename.startswith("<commerce_rules generated ") and record.__name__ in filename
    assert "".join(linecache.getlines(filename)).startswith(f"def new_{record.__name__}(")
    with pytest.raises(TypeError):
        made(*values.values(), None)  # one field too many, as the class says


def test_the_engine_finds_the_variant_of_the_call_before_or_looks_it_up() -> None:
    from commerce_rules import CRP, FOSTER, legal_actions, observe

    equal_crp = CRP.replace(stake=CRP.stake)  # an equal value, another object
    assert equal_crp == CRP and equal_crp is not CRP
    for rules in (CRP, FOSTER, equal_crp, CRP, FOSTER):
        state = new_game(rules, 4, seed=3)
        for _ in range(12):
            options = legal_actions(state)
            assert variants.last.rules is rules  # the variant the engine keeps is the last rules' own
            assert observe(state, 0).rules is rules
            state = apply(state, options[-1] if state.deal_number % 2 else options[0])
            assert variants.last.owners == variants.variant_of(rules).owners
