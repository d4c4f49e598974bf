"""Actions as integers, for bot authors: ``num_actions``, ``action_index``, ``action_from_index``, ``legal_action_mask``.

The integer action space of a ``Rules`` value is its parts' action kinds laid
end to end: the mechanism's kinds first, in the order it declares them
(:meth:`~commerce_rules.parts.play.PhasePart.action_kinds`), then the scoring's;
a kind whose action class an earlier part already declared is not repeated
(``Pass`` answers both a widow turn and Hoyle's horse). So an action's
index depends only on its kind and cards — never on the seat, the number of
players or the state (Hoyle's blind exchange apart: it is numbered by the
widow positions it takes) — and the space is fixed per ``Rules`` value.
"""

from __future__ import annotations

import attrs

from ..parts.action_kinds import ActionKind
from ..core.actions import Action
from ..core.caches import remember
from ..core.cards import Card
from ..engine.reducer import legal_actions
from ..core.errors import ArgumentTypeError, IllegalActionError
from ..core.quoting import shown
from ..core.rules import Rules, check_rules
from ..core.state import GameState
from ..engine.variant import variant_of

__all__ = [
    "ActionSpace", "action_from_index", "action_index", "action_space", "index_of", "legal_action_indices",
    "legal_action_mask", "num_actions",
]


@attrs.frozen
class ActionSpace:
    """A variant's integer action space: each kind of action and the first index of its range."""

    rules: Rules
    kinds: tuple[ActionKind, ...]
    starts: tuple[int, ...]
    """The first index of each kind's range, in the order of :attr:`kinds`."""
    size: int
    """The number of indices (``num_actions``)."""
    deck: tuple[Card, ...]
    by_class: dict[type[Action], int]
    """Each action class -> the position of its kind in :attr:`kinds`."""

    def ranges(self) -> list[tuple[str, int, int]]:
        """``(action class name, first index, last index)`` of each kind, in index order."""
        ends = (*self.starts[1:], self.size)
        return [(kind.action.__name__, start, end - 1) for kind, start, end in zip(self.kinds, self.starts, ends)]


_SPACES: dict[Rules, ActionSpace] = {}
"""The action spaces built, by ``Rules`` value: the last ``RULES_CACHE_SIZE`` built (see ``caches``)."""


def action_space(rules: Rules) -> ActionSpace:
    """The action space of ``rules`` (built once per ``Rules`` value, while it is among those used lately)."""
    try:
        space = _SPACES.get(rules)
    except TypeError:  # unhashable, so no Rules: refused below
        space = None
    if space is None:
        variant = variant_of(check_rules(rules))
        kinds: list[ActionKind] = []
        by_class: dict[type[Action], int] = {}
        for part in (variant.mechanism, variant.scoring):
            for kind in part.action_kinds(rules):
                if kind.action in by_class:
                    if kinds[by_class[kind.action]] != kind:  # pragma: no cover - a registry mistake
                        raise AssertionError(f"two parts number {kind.action.__name__} differently")
                    continue
                by_class[kind.action] = len(kinds)
                kinds.append(kind)
        starts: list[int] = []
        size = 0
        for kind in kinds:
            starts.append(size)
            size += kind.size(variant.deck)
        space = remember(_SPACES, rules, ActionSpace(rules, tuple(kinds), tuple(starts), size, variant.deck, by_class))
    return space


def num_actions(rules: Rules) -> int:
    """The size of the integer action space of ``rules``: every index is in ``range(num_actions(rules))``.

    >>> from commerce_rules import CRP, FOSTER, num_actions
    >>> num_actions(FOSTER)  # buy, barter and answer with each of 52 cards, and knock
    157
    >>> num_actions(CRP)  # exchange any card for any card, pass, knock
    2706
    """
    return action_space(rules).size


def _check_state(state: object, name: str) -> GameState:
    if type(state) is not GameState:
        raise ArgumentTypeError(f"{name}() needs a GameState, not {type(state).__name__}")
    return state


def _legal_now(state: GameState, action: Action) -> bool:
    owner = variant_of(state.rules).owners.get(state.phase)
    return owner is not None and owner.accepts(state, action)


def action_index(state: GameState, action: Action) -> int:
    """The index of ``action``, a legal action of the player to act in ``state``.

    :raises IllegalActionError: ``action`` is not legal now.
    :raises ArgumentTypeError: ``state`` is no state or ``action`` no action.

    >>> from commerce_rules import FOSTER, Card, Knock, action_index, deal_position
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> action_index(state, Knock(1))
    156
    """
    state = _check_state(state, "action_index")
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"action_index() needs an action (Knock, Exchange, ...), not {type(action).__name__}")
    if not _legal_now(state, action):
        raise IllegalActionError(f"{action!r} is not a legal action now, so it has no index")
    return _index(state, action)


def index_of(state: GameState, action: Action) -> int:
    """The index ``action`` has in ``state``'s action space, legal now or not (an adapter's own bookkeeping)."""
    return _index(state, action)


def _index(state: GameState, action: Action) -> int:
    space = action_space(state.rules)
    at = space.by_class.get(type(action))
    if at is None:  # pragma: no cover - a part that accepts an action class it declares no kind for
        raise AssertionError(f"{type(action).__name__} has no index: its part's action_kinds() must declare it")
    return space.starts[at] + space.kinds[at].index(state, action, space.deck)


def action_from_index(state: GameState, index: int) -> Action:
    """The legal action of the player to act whose index is ``index`` (the inverse of :func:`action_index`).

    :raises IllegalActionError: no legal action has this index now, or it is out of range.
    :raises ArgumentTypeError: ``index`` is not an ``int``.

    >>> from commerce_rules import FOSTER, action_from_index, deal_position
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> action_from_index(state, 156)
    Knock(player=1)
    """
    state = _check_state(state, "action_from_index")
    if type(index) is not int:
        raise ArgumentTypeError(f"an action index is an int, not {shown(index)}")
    space = action_space(state.rules)
    if not 0 <= index < space.size:
        raise IllegalActionError(f"action index {shown(index)} is out of range (0 to {space.size - 1})")
    if state.to_act is None:
        raise IllegalActionError("the match is over: no action has an index")
    at = _kind_at(space, index)
    action = space.kinds[at].action_at(state, index - space.starts[at], space.deck)
    if action is None or not _legal_now(state, action):
        raise IllegalActionError(f"no legal action has index {index} now")
    return action


def _kind_at(space: ActionSpace, index: int) -> int:
    low, high = 0, len(space.starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if space.starts[middle] <= index:
            low = middle
        else:
            high = middle - 1
    return low


def legal_action_indices(state: GameState) -> tuple[int, ...]:
    """The indices of the legal actions, in increasing order (empty once the match is over).

    The indices where :func:`legal_action_mask` is True, without the mask:
    a few integers where the mask is thousands of booleans (2,706 for CRP),
    as OpenSpiel's ``legal_actions()`` gives them, or to set a NumPy mask's
    few ones.

    >>> from commerce_rules import FOSTER, deal_position, legal_action_indices
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> legal_action_indices(state)  # buy or barter with each of 3 cards, or knock
    (19, 23, 45, 71, 75, 97, 156)
    """
    return _legal_indices(_check_state(state, "legal_action_indices"))


def _legal_indices(state: GameState) -> tuple[int, ...]:
    return tuple(sorted([_index(state, action) for action in legal_actions(state)]))


def legal_action_mask(state: GameState) -> tuple[bool, ...]:
    """``num_actions(state.rules)`` booleans, True exactly at the indices of the legal actions.

    >>> from commerce_rules import FOSTER, deal_position, legal_action_mask
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> sum(legal_action_mask(state))  # buy or barter with each of 3 cards, or knock
    7
    """
    state = _check_state(state, "legal_action_mask")
    mask = [False] * action_space(state.rules).size
    for index in _legal_indices(state):
        mask[index] = True
    return tuple(mask)

