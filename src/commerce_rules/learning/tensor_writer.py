"""Writing :func:`~commerce_rules.observation_tensor` in place: into a row of a preallocated array, for batches.

:func:`write_observation_tensor` makes a row of a NumPy array (or of any
array indexed as NumPy indexes) hold exactly the values
:func:`~commerce_rules.observation_tensor` gives, without building the
tuple of floats: most of the tensor is 0, so it zeroes the row and sets its
other entries, a few dozen, in one assignment.
:func:`observation_tensor_entries` gives those entries: their positions and
values, and :class:`BatchWriter` gathers them for the rows of a batch, its
set-up made once. All follow the one layout
(:mod:`~commerce_rules.learning.tensor`), written field by field by
:class:`SparseFeatures`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..core.cards import Card
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.observation import Observation
from ..core.rules import Rules
from ..engine.variant import Variant, variant_of
from ..parts.features import Features
from .tensor import fill_features, observation_tensor_size

__all__ = ["SparseFeatures", "TensorRow", "observation_tensor_entries", "write_observation_tensor"]


class TensorRow(Protocol):
    """A writable one-dimensional array indexed as NumPy indexes: a NumPy array, a PyTorch tensor."""

    def __len__(self) -> int: ...

    def __setitem__(self, key: Any, value: Any, /) -> None: ...


class SparseFeatures(Features):
    """The layout's writers, recording only the entries that are not 0: positions in :attr:`positions`, values in :attr:`numbers`.

    Positions count from ``start``: a batch's rows, one after the other in a
    flat array, share the two lists, each row written from its own start.
    """

    __slots__ = ("at", "positions", "numbers", "size")

    def __init__(
        self,
        view: Observation,
        deck: tuple[Card, ...],
        start: int = 0,
        positions: list[int] | None = None,
        numbers: list[float] | None = None,
    ) -> None:
        super().__init__(view, deck)
        self.at = start
        """The position the next field starts at."""
        self.positions: list[int] = [] if positions is None else positions
        self.numbers: list[float] = [] if numbers is None else numbers
        self.size = len(deck)

    def next_row(self, view: Observation, start: int) -> None:
        """Write ``view`` next, from ``start``, into the same lists: a batch's next row (the same deck, its own seats)."""
        self.players, self.me, self.at = view.num_players, view.player, start

    def seat(self, seat: int | None, *, nobody: bool = False) -> None:
        if seat is not None:
            self.positions.append(self.at + (seat - self.me) % self.players)
            self.numbers.append(1.0)
        elif nobody:
            self.positions.append(self.at + self.players)
            self.numbers.append(1.0)
        self.at += self.players + nobody

    def seats(self, seats: Iterable[int]) -> None:
        at, me, players, positions, numbers = self.at, self.me, self.players, self.positions, self.numbers
        for seat in seats:
            positions.append(at + (seat - me) % players)
            numbers.append(1.0)
        self.at = at + players

    def per_seat(self, values: Iterable[int], scale: float) -> None:
        at, me, players, positions, numbers = self.at, self.me, self.players, self.positions, self.numbers
        for seat, value in enumerate(values):
            if value:
                positions.append(at + (seat - me) % players)
                numbers.append(value / scale)
        self.at = at + players

    def cards(self, cards: Iterable[Card], weight: float = 1.0) -> None:
        at, slot, size, positions, numbers = self.at, self.slot, self.size, self.positions, self.numbers
        for card in cards:
            place = slot[card.index]
            if place >= size:  # not in the deck (NOT_IN_DECK), as the list of slots refuses it
                raise IndexError("a card not in the deck")
            positions.append(at + place)
            numbers.append(weight)
        self.at = at + size

    def order(self, cards: tuple[Card, ...], scale: float) -> None:
        at, slot, size, positions, numbers = self.at, self.slot, self.size, self.positions, self.numbers
        for position, card in enumerate(cards, 1):
            place = slot[card.index]
            if place >= size:
                raise IndexError("a card not in the deck")
            positions.append(at + place)
            numbers.append(position / scale)
        self.at = at + size

    def number(self, value: float, scale: float = 1.0) -> None:
        if value:
            self.positions.append(self.at)
            self.numbers.append(value / scale)
        self.at += 1

    def block(self, size: int, positions: Sequence[int] = (), values: Sequence[float] = ()) -> None:
        if positions:
            if min(positions) < 0 or max(positions) >= size:  # as the list of slots refuses it
                raise IndexError("a position beyond the block")
            self.positions.extend(map(self.at.__add__, positions))
            self.numbers.extend(values)
        self.at += size

    def one_hot(self, index: int | None, size: int) -> None:
        if index is not None:
            self.positions.append(self.at + index)
            self.numbers.append(1.0)
        self.at += size


def _check(observation: object, name: str) -> Observation:
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"{name}() needs an Observation, not {type(observation).__name__}")
    return observation


def write_entries(view: Observation, start: int, positions: list[int], numbers: list[float]) -> None:
    """Append ``view``'s entries that are not 0 to ``positions`` and ``numbers``, its row starting at ``start``.

    The batch writer of :class:`~commerce_rules.gym.CommerceVectorEnv`: every
    row of a batch is appended to the same two lists, then one assignment
    writes them all.

    :raises CommerceError: the observation holds a card not in its variant's deck.
    """
    variant = variant_of(view.rules)
    _fill(view, variant, SparseFeatures(view, variant.deck, start, positions, numbers))


def _fill(view: Observation, variant: Variant, writer: SparseFeatures) -> None:
    """Append ``view``'s entries with ``writer``; a card not in the deck is a ``CommerceError``, nothing appended."""
    positions, numbers = writer.positions, writer.numbers
    first = len(positions)
    try:
        fill_features(view, variant, writer)
    except IndexError:  # a card's slot beyond the deck's: a hand-built observation
        del positions[first:], numbers[first:]
        raise CommerceError("the observation holds a card that is not in this variant's deck") from None


class BatchWriter:
    """The entries (not 0) of many views of one table's rules, appended to :attr:`positions` and :attr:`numbers`.

    What :func:`write_entries` does for one view, with its set-up (the
    variant, the deck's slots, the writer) made once for the whole batch.
    :class:`~commerce_rules.gym.CommerceVectorEnv` clears it at every step,
    adds each row's view, then writes both lists into its array in one
    assignment.
    """

    __slots__ = ("rules", "positions", "numbers", "_variant", "_writer")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.positions: list[int] = []
        self.numbers: list[float] = []
        self._variant = variant_of(rules)
        self._writer: SparseFeatures | None = None

    def clear(self) -> None:
        """Forget every entry added."""
        self.positions.clear()
        self.numbers.clear()

    def add(self, view: Observation, start: int) -> None:
        """Append ``view``'s entries, its row starting at ``start``: exactly :func:`write_entries`'s.

        :raises CommerceError: the view is of other rules, or holds a card not in its variant's deck.
        """
        if view.rules is not self.rules and view.rules != self.rules:
            raise CommerceError("the observation is of other rules than the batch's")
        writer = self._writer
        if writer is None:
            writer = self._writer = SparseFeatures(view, self._variant.deck, start, self.positions, self.numbers)
        else:
            writer.next_row(view, start)
        _fill(view, self._variant, writer)


def observation_tensor_entries(observation: Observation) -> tuple[list[int], list[float]]:
    """The positions and values of :func:`~commerce_rules.observation_tensor`'s entries that are not 0.

    A position may come twice, with the same value both times. Every other
    position of the tensor holds 0.

    >>> from commerce_rules import FOSTER, deal_position, observation_tensor, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> positions, values = observation_tensor_entries(observe(state, 1))
    >>> tensor = observation_tensor(observe(state, 1))
    >>> all(tensor[at] == value for at, value in zip(positions, values))
    True
    >>> sum(1 for value in tensor if value) == len(set(positions))
    True
    """
    view = _check(observation, "observation_tensor_entries")
    positions: list[int] = []
    numbers: list[float] = []
    write_entries(view, 0, positions, numbers)
    return positions, numbers


def write_observation_tensor(observation: Observation, row: TensorRow) -> None:
    """Make ``row`` hold :func:`~commerce_rules.observation_tensor` of ``observation``, in place.

    ``row`` is a writable one-dimensional array of
    ``observation_tensor_size(rules, players)`` numbers (a row of a NumPy
    ``float32`` array of a batch, say): it is zeroed, and the tensor's other
    entries set. A ``float32`` row then equals
    ``np.array(observation_tensor(observation), dtype=np.float32)``.

    :raises CommerceError: ``row`` has not the tensor's length, or the observation holds a card not in its deck.

    For example (with NumPy)::

        batch = np.zeros((num_envs, observation_tensor_size(rules, players)), dtype=np.float32)
        write_observation_tensor(observe(state, seat), batch[i])
        assert np.array_equal(batch[i], np.array(observation_tensor(observe(state, seat)), dtype=np.float32))
    """
    view = _check(observation, "write_observation_tensor")
    size = observation_tensor_size(view.rules, view.num_players)
    if len(row) != size:
        raise CommerceError(f"the row has {len(row)} entries where this observation's tensor has {size}")
    positions, numbers = observation_tensor_entries(view)
    row[:] = 0
    if positions:
        row[positions] = numbers
