"""``learning.tensor_writer``: ``observation_tensor`` written in place gives exactly ``observation_tensor``'s values.

Along random play of every preset (and, as a property, of every mechanism x
scoring pair and the presets with options), every seat's observation
written into a ``float32`` row equals, bit for bit, the tensor made a
``float32`` array; and the entries that are not 0 are the tensor's. NumPy is
needed for the rows (``nox -s adapters`` installs it).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import optional_import, play_random_match
from random_play import PROPERTY, VARIANTS, Variant, games

np = optional_import("numpy")

from commerce_rules import (  # noqa: E402
    PRESETS,
    ArgumentTypeError,
    Card,
    CommerceError,
    GameState,
    Observation,
    new_game,
    observation_tensor,
    observation_tensor_size,
    observe,
)
from commerce_rules.learning.tensor_writer import (  # noqa: E402
    BatchWriter,
    observation_tensor_entries,
    write_entries,
    write_observation_tensor,
)


def check_every_seat(state: GameState) -> None:
    """Every seat's view of ``state``, written into a row of garbage, is the tensor; its entries are the tensor's."""
    size = observation_tensor_size(state.rules, state.num_players)
    for seat in range(state.num_players):
        view = observe(state, seat)
        tensor = observation_tensor(view)
        row = np.full(size, np.nan, dtype=np.float32)
        write_observation_tensor(view, row)
        assert np.array_equal(row, np.array(tensor, dtype=np.float32))
        positions, values = observation_tensor_entries(view)
        assert dict(zip(positions, values)) == {at: value for at, value in enumerate(tensor) if value}


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4])
def test_writing_in_place_gives_the_tensor_along_random_play_of_every_preset(name: str, players: int) -> None:
    rules = PRESETS[name].replace(turn_limit=60, deal_limit=3)
    play_random_match(rules, players, players, random.Random(7), check=lambda before, action, after: check_every_seat(after))
    check_every_seat(new_game(rules, players, seed=players))


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_writing_in_place_gives_the_tensor_in_every_variant(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for state in states[:: max(1, len(states) // 40)]:
        check_every_seat(state)


def test_only_the_row_given_is_written() -> None:
    state = new_game(PRESETS["crp"], 4, seed=3)
    size = observation_tensor_size(state.rules, 4)
    batch = np.full((3, size), 7.0, dtype=np.float32)
    write_observation_tensor(observe(state, 2), batch[1])
    assert (batch[0] == 7.0).all() and (batch[2] == 7.0).all()
    assert np.array_equal(batch[1], np.array(observation_tensor(observe(state, 2)), dtype=np.float32))


def test_bad_arguments_are_refused_as_observation_tensor_refuses_them() -> None:
    state = new_game(PRESETS["trentuno"], 4, seed=1)
    view = observe(state, 0)
    size = observation_tensor_size(state.rules, 4)
    with pytest.raises(CommerceError, match="the row has 10 entries"):
        write_observation_tensor(view, np.zeros(10, dtype=np.float32))
    with pytest.raises(ArgumentTypeError):
        write_observation_tensor(state, np.zeros(size, dtype=np.float32))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        observation_tensor_entries(view._asdict())  # type: ignore[arg-type]
    foreign: Observation = view._replace(hand=(Card.parse("9♣"), *view.hand[1:]))  # no 9 in Trentuno's 40 cards
    with pytest.raises(CommerceError, match="not in this variant's deck"):
        observation_tensor(foreign)
    row = np.full(size, 5.0, dtype=np.float32)
    with pytest.raises(CommerceError, match="not in this variant's deck"):
        write_observation_tensor(foreign, row)
    assert (row == 5.0).all()  # refused before anything is written
    with pytest.raises(CommerceError, match="not in this variant's deck"):
        observation_tensor_entries(foreign)


def test_a_batch_writer_appends_each_views_entries_from_its_rows_start() -> None:
    rules = PRESETS["crp"].replace(turn_limit=40, deal_limit=2)
    states: list[GameState] = []
    play_random_match(rules, 4, 4, random.Random(2), check=lambda before, action, after: states.append(after))
    views = [observe(state, seat) for state in states[::7] for seat in range(4)]
    size = observation_tensor_size(rules, 4)
    batch = BatchWriter(rules)
    for _ in range(2):  # cleared, it writes the same again
        batch.clear()
        for row, view in enumerate(views):
            batch.add(view, row * size)
        positions: list[int] = []
        numbers: list[float] = []
        for row, view in enumerate(views):
            write_entries(view, row * size, positions, numbers)
        assert (batch.positions, batch.numbers) == (positions, numbers)
    rows = np.zeros((len(views), size), dtype=np.float32)
    rows.reshape(-1)[batch.positions] = batch.numbers
    assert np.array_equal(rows, np.array([observation_tensor(view) for view in views], dtype=np.float32))


def test_a_batch_writer_refuses_other_rules_and_foreign_cards_and_keeps_what_it_had() -> None:
    state = new_game(PRESETS["trentuno"], 4, seed=1)
    view = observe(state, 0)
    batch = BatchWriter(state.rules)
    batch.add(view, 0)
    kept = (list(batch.positions), list(batch.numbers))
    with pytest.raises(CommerceError, match="other rules"):
        batch.add(observe(new_game(PRESETS["crp"], 4, seed=1), 0), 100)
    foreign: Observation = view._replace(hand=(Card.parse("9♣"), *view.hand[1:]))  # no 9 in Trentuno's 40 cards
    with pytest.raises(CommerceError, match="not in this variant's deck"):
        batch.add(foreign, 100)
    assert (batch.positions, batch.numbers) == kept
