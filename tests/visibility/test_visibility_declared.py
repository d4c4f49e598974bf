"""Every part declares who sees each thing it records, and ``observe`` hides exactly what they declare.

The declarations (:mod:`commerce_rules.engine.visibility`) are the one place that
says what is private: a part that leaves a field of its turn record, a field
of its match record or a kind of event undeclared fails here.
"""

from __future__ import annotations

import pytest

from commerce_rules import PRESETS, EventKind, new_game
from commerce_rules.engine.variant import MECHANISMS, SCORINGS, variant_of
from commerce_rules.parts.play import PhasePart
from commerce_rules.parts.sight import EventSight, FieldSight, PrivateQuestion

PARTS: list[PhasePart] = [*(spec.play for spec in MECHANISMS.values()), *(spec.play for spec in SCORINGS.values())]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_field_of_a_turn_record_and_of_a_match_record_is_declared(name: str) -> None:
    rules = PRESETS[name]
    variant = variant_of(rules)
    state = new_game(rules, 4, seed=1)
    assert set(variant.mechanism.turn_sight) == set(type(state.turn)._fields)
    if state.score is not None:  # (lives keep a record only with free_ride)
        assert set(variant.scoring.record_sight) == set(type(state.score)._fields)


@pytest.mark.parametrize("part", PARTS, ids=lambda part: type(part).__name__)
def test_every_kind_of_event_and_every_field_says_who_sees_it(part: object) -> None:
    events = getattr(part, "events")
    assert all(isinstance(kind, EventKind) and isinstance(sight, EventSight) for kind, (_, sight) in events.items())
    sights = getattr(part, "turn_sight", None) or getattr(part, "record_sight")
    assert all(isinstance(sight, FieldSight) for sight in sights.values())
    for question in getattr(part, "private_questions", ()):
        assert isinstance(question, PrivateQuestion) and question.phase in getattr(part, "phases")


def test_every_event_kind_is_declared_and_parts_that_share_one_agree_on_who_sees_it() -> None:
    sights: dict[EventKind, set[EventSight]] = {}
    for part in PARTS:
        for kind, (_, sight) in getattr(part, "events").items():
            sights.setdefault(kind, set()).add(sight)
    assert set(sights) == set(EventKind)
    assert all(len(seen) == 1 for seen in sights.values())


def test_the_private_things_are_the_ones_the_rules_name() -> None:
    """A barter's offer, a declined pounce and the pounce question (Rules §1, §3.3); nothing else is hidden by a part."""
    declared = {
        (type(part).__name__, name, sight)
        for part in PARTS
        for name, sight in (getattr(part, "turn_sight", None) or getattr(part, "record_sight")).items()
        if sight is not FieldSight.EVERYONE
    }
    assert declared == {
        ("TradeBarter", "offer", FieldSight.TURN_OWNER),
        ("Widow", "declined", FieldSight.OWN_ENTRY),
        ("Widow", "resume", FieldSight.ASKED),
    }
    secret = {kind for part in PARTS for kind, (_, sight) in getattr(part, "events").items() if sight is EventSight.PLAYER_ONLY}
    assert secret == {EventKind.POUNCE_DECLINED}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_field_some_seats_may_not_see_is_empty_by_default(name: str) -> None:
    """``observe`` passes a record on untouched where every such field is empty: its default must be."""
    rules = PRESETS[name]
    variant = variant_of(rules)
    state = new_game(rules, 4, seed=1)
    records = [(state.turn, variant.sight.turn_fields), (state.score, variant.sight.record_fields)]
    for record, fields in records:
        for field in fields:
            assert not type(record)._field_defaults[field]
