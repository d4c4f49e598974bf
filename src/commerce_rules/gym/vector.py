"""``CommerceVectorEnv``: ``num_envs`` matches of one seat against opponents, stepped at once: a Gymnasium vector env.

Each of the ``num_envs`` matches is played exactly as a
:class:`~commerce_rules.gym.CommerceEnv` of the same arguments plays it (the
same checks, limits, opponents and seeding: the functions of
:mod:`commerce_rules.gym.env`), but the observations are written straight
into two preallocated arrays, one row per match: ``"observation"``, ``float32``
of shape ``(num_envs, observation_tensor_size(rules, players))``, each row
exactly :func:`~commerce_rules.observation_tensor` of the learner's view
(a :class:`~commerce_rules.learning.tensor_writer.BatchWriter` gathers the
few entries of every row that are not 0, set in one assignment), and
``"action_mask"``, ``bool`` of shape ``(num_envs, num_actions(rules))``, True
at the learner's legal actions (set in one assignment too).

A step plays the engine's moves of every row first (the learner's action,
the opponents' moves, a new match where one ended), then writes every row:
opponents given as the class :class:`~commerce_rules.RandomBot` draw from
the engine's legal actions without an observation (see
:mod:`commerce_rules.gym.env`), so the learner's view is the only one made.

Autoreset follows Gymnasium's *same-step* mode
(``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): the step
that ends a learner's episode (its match over, or with ``end_when_out``
the learner out of it: see :class:`~commerce_rules.gym.CommerceEnv`) returns its reward and
``terminated=True`` for it, and in the same step the match is replaced by
the next one, whose first observation is the row returned. The final
observation of the episode that ended is in ``infos["final_obs"]`` (an object array, the observation dict at
the matches that ended, ``None`` elsewhere; ``infos["_final_obs"]`` marks
them), and ``infos["final_info"]`` holds their last infos (empty: a match's
infos are ``{}``), as Gymnasium's ``SyncVectorEnv`` gives them in that mode.
So every observation returned is one where the learner is to act.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from ..core.actions import Action
from ..core.errors import ArgumentTypeError, CommerceError, IllegalActionError
from ..core.quoting import shown
from ..core.rules import Rules
from ..core.state import GameState
from ..engine.observe import observe
from ..engine.reducer import apply, legal_actions
from ..engine.start import new_game
from ..learning.action_space import action_space, num_actions
from ..learning.tensor import observation_tensor_size
from ..learning.tensor_writer import BatchWriter
from ..parts.action_kinds import ByValue, NoCard, OneCard, TwoCards
from .env import (
    Observed, Opponent, Player, episode_over, episode_return, match_players, opponents_by_seat, play_opponents, table_rules,
)

__all__ = ["CommerceVectorEnv"]

_BY_ACTION_ALONE: Final = (NoCard, OneCard, TwoCards, ByValue)
"""The kinds that number an action by its kind and cards alone, whatever the state: an index they give is kept."""

SAME_STEP: Final[Any] = getattr(getattr(gymnasium.vector, "AutoresetMode", None), "SAME_STEP", "SameStep")
"""Gymnasium's ``AutoresetMode.SAME_STEP`` (its value, ``"SameStep"``, where Gymnasium has no such enum)."""


class CommerceVectorEnv(VectorEnv):  # type: ignore[misc, type-arg, unused-ignore]
    """``num_envs`` matches of Commerce, each seen and played by one seat against ``opponents``, stepped at once.

    :param num_envs: how many matches (1 or more).
    :param copy: return copies of the arrays (the default) or, with
        ``False``, the arrays themselves (observations, masks, rewards and
        flags), which the next ``step`` or ``reset`` overwrites.
    :param end_when_out: as for :class:`~commerce_rules.gym.CommerceEnv`.
    :param variant, players, seat, opponents, options: as for
        :class:`~commerce_rules.gym.CommerceEnv`, for every match.
    """

    metadata: dict[str, Any] = {"autoreset_mode": SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        variant: str = "foster",
        players: int = 4,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        *,
        copy: bool = True,
        end_when_out: bool = False,
        **options: Any,
    ) -> None:
        check_gymnasium("CommerceVectorEnv")
        if type(num_envs) is not int or num_envs < 1:
            raise CommerceError(f"num_envs must be a whole number of matches, 1 or more, not {shown(num_envs)}")
        self.rules: Rules = table_rules(variant, players, seat, options)
        self.num_envs = num_envs
        self.players = players
        self.seat = seat
        self.copy = bool(copy)
        self.end_when_out = bool(end_when_out)
        self._opponents = opponents_by_seat(players, seat, opponents)
        space = action_space(self.rules)
        self._kinds = {action: (space.starts[at], space.kinds[at]) for action, at in space.by_class.items()}
        """Each action class: the first index of its kind, and the kind (which numbers an action within it)."""
        self._deck = space.deck
        self._indices: dict[Action, int] = {}
        """The index of each action seen whose kind numbers it by the action alone."""
        self._size = observation_tensor_size(self.rules, players)
        self._actions = num_actions(self.rules)
        self.single_observation_space, self.single_action_space = single_spaces(self._size, self._actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, self._size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self._actions), dtype=np.bool_)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._matches: list[GameState | None] = [None] * num_envs
        self._seeds: list[int] = [0] * num_envs
        self._generators: list[Any] = [None] * num_envs
        """Each match's generator, seeded by its last seeded reset, from which the next match's seed is drawn."""
        self._policies: list[dict[int, Player]] = [{} for _ in range(num_envs)]
        self._legal: list[dict[int, Action]] = [{} for _ in range(num_envs)]
        """Each match's legal actions of the learner, by index: what its row of the mask shows."""
        self._entries = BatchWriter(self.rules)
        """The entries (not 0) of every row's observation, gathered at each step."""
        self._final_entries = BatchWriter(self.rules)
        """Those of a final observation."""

    @property
    def matches(self) -> tuple[GameState, ...]:
        """The matches being played, one per row (before the first reset: a ``CommerceError``)."""
        return tuple(self._match(env) for env in range(self.num_envs))

    @property
    def seeds(self) -> tuple[int, ...]:
        """The seed each match being played was dealt from: ``CommerceEnv(...).reset(seed=s)`` plays it alone."""
        self._match(0)
        return tuple(self._seeds)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observed, dict[str, Any]]:
        """New matches: ``seed=s`` deals the match of row ``i`` from ``s + i``; a list gives each row's seed.

        A row whose seed is ``None`` draws its match's seed from its own
        generator (seeded by its last seeded reset, else by the system), as
        :meth:`CommerceEnv.reset <commerce_rules.gym.CommerceEnv.reset>`
        does, and so does every autoreset. ``options`` is refused: there are none.
        """
        if options:
            raise CommerceError(f"CommerceVectorEnv.reset takes no options, not {shown(options)}")
        for env, given in enumerate(row_seeds(seed, self.num_envs)):
            self._deal(env, given)
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        return self._write(), {}

    def step(self, actions: Any) -> tuple[Observed, Any, Any, Any, dict[str, Any]]:
        """Play each row's action for its learner, then its opponents until the learner's turn; deal ended matches anew.

        ``actions`` holds ``num_envs`` action indices (a NumPy array or a
        sequence of integers), one per row. An episode over as soon as dealt
        (possible only with options such as ``deal_limit=1`` under
        ``blitz``), whose mask is all False, ends at this step whatever its
        action: its reward is its return.

        :raises ArgumentTypeError: ``actions`` is not ``num_envs`` integers; nothing changes.
        :raises IllegalActionError: a row's index is no legal action of its learner now; nothing changes.
        :raises CommerceError: an opponent chose an action that is not legal (reset before going on).
        """
        chosen = self._chosen(actions)
        seat = self.seat
        moves: list[Action | None] = []
        for env, index in enumerate(chosen):
            move = self._legal[env].get(index)
            if move is None and not episode_over(self._match(env), seat, self.end_when_out):
                raise IllegalActionError(f"no legal action of the learner has the index {index} now (row {env})")
            moves.append(move)
        matches, policies = self._matches, self._policies
        rewards, terminations = self._rewards, self._terminations
        rewards[:] = 0.0
        terminations[:] = False
        ended: list[tuple[int, GameState]] = []
        for env, move in enumerate(moves):  # the engine's moves first, every row; then the rows written, every row
            match = matches[env]
            assert match is not None
            if move is not None:
                match = matches[env] = play_opponents(apply(match, move), seat, policies[env], None, self.end_when_out)
            if episode_over(match, seat, self.end_when_out):
                rewards[env] = episode_return(match, seat)
                terminations[env] = True
                ended.append((env, match))
                self._deal(env, None)
        infos: dict[str, Any] = {}
        for env, match in ended:
            self._final(infos, env, match)
        observed = self._write()
        if self.copy:
            return observed, rewards.copy(), terminations.copy(), self._truncations.copy(), infos
        return observed, rewards, terminations, self._truncations, infos

    def _chosen(self, actions: Any) -> list[int]:
        """``actions`` as ``num_envs`` Python integers (a refusal changes nothing)."""
        return [int(index) for index in index_array(actions, self.num_envs).tolist()]

    def _match(self, env: int) -> GameState:
        match = self._matches[env]
        if match is None:
            raise CommerceError("call reset() before using the environment")
        return match

    def _deal(self, env: int, seed: int | None) -> None:
        """Row ``env``'s next match, dealt from ``seed`` (or one drawn from its generator), to the learner's turn."""
        match_seed = next_seed(self._generators, env, seed)
        policies = match_players(self._opponents, match_seed, self.players)
        start = new_game(self.rules, self.players, seed=match_seed)
        match = play_opponents(start, self.seat, policies, None, self.end_when_out)
        self._seeds[env], self._policies[env], self._matches[env] = match_seed, policies, match

    def _write(self) -> Observed:
        """Every row's observation and mask written into the arrays: the entries not 0 and the True positions, gathered."""
        matches, seat, size = self._matches, self.seat, self._size
        known, kinds, deck, width = self._indices, self._kinds, self._deck, self._actions
        every_legal, entries, add = self._legal, self._entries, self._entries.add
        allowed: list[int] = []
        entries.clear()
        for env, match in enumerate(matches):
            assert match is not None
            legal: dict[int, Action] = {}
            if not episode_over(match, seat, self.end_when_out):  # then the learner is to act (its opponents stopped at its turn): its legal actions
                start = env * width
                for action in legal_actions(match):
                    index = known.get(action)
                    if index is None:
                        first, kind = kinds[type(action)]
                        index = first + kind.index(match, action, deck)
                        if type(kind) in _BY_ACTION_ALONE:
                            known[action] = index
                    legal[index] = action
                    allowed.append(start + index)
            every_legal[env] = legal
            add(observe(match, seat), env * size)
        observations, masks = self._observations, self._masks  # zeroed, then given the entries in one assignment each
        observations.fill(0.0)
        if entries.positions:
            observations.reshape(-1)[entries.positions] = entries.numbers
        masks.fill(False)
        if allowed:
            masks.reshape(-1)[allowed] = True
        if self.copy:
            return {"observation": observations.copy(), "action_mask": masks.copy()}
        return {"observation": observations, "action_mask": masks}

    def _final(self, infos: dict[str, Any], env: int, match: GameState) -> None:
        """Record row ``env``'s final observation in ``infos``, as Gymnasium's same-step autoreset does."""
        entries = self._final_entries
        entries.clear()
        entries.add(observe(match, self.seat), 0)
        observation = np.zeros(self._size, dtype=np.float32)
        if entries.positions:
            observation[entries.positions] = entries.numbers
        record_final(infos, self.num_envs, env, observation, np.zeros(self._actions, dtype=np.bool_))


def check_gymnasium(name: str) -> None:
    """Refuse a Gymnasium before 1.0, whose vector environments autoreset otherwise."""
    if int(gymnasium.__version__.split(".")[0]) < 1:
        raise CommerceError(f"{name} needs gymnasium 1.0 or later, not {gymnasium.__version__}")


def single_spaces(size: int, actions: int) -> tuple[spaces.Dict, spaces.Discrete]:
    """One row's observation space (a tensor of ``size`` and a mask of ``actions``) and action space."""
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.bool_),
        }
    )
    return observation, spaces.Discrete(actions)


def row_seeds(seed: int | Sequence[int | None] | None, num_envs: int) -> list[int | None]:
    """Each row's seed from ``reset``'s ``seed``: ``s + i`` for ``s``, the list as given, ``None`` (drawn) for ``None``."""
    if seed is None:
        return [None] * num_envs
    if type(seed) is int:
        return [seed + env for env in range(num_envs)]
    if isinstance(seed, Sequence) and not isinstance(seed, str) and len(seed) == num_envs:
        return list(seed)
    raise CommerceError(f"seed must be None, an int or a list of {num_envs} seeds, not {shown(seed)}")


def index_array(actions: Any, num_envs: int) -> Any:
    """``actions`` as an array of ``num_envs`` integers; anything else is an ``ArgumentTypeError``."""
    try:
        array = np.asarray(actions)
    except (TypeError, ValueError):
        array = None
    if array is None or array.dtype.kind not in "iu" or array.shape != (num_envs,):
        raise ArgumentTypeError(f"actions must be {num_envs} action indices (integers), not {shown(actions)}")
    return array


def next_seed(generators: list[Any], env: int, seed: int | None) -> int:
    """Row ``env``'s next match's seed: ``seed``, which then seeds the row's generator, or one drawn from that generator."""
    if seed is not None:
        generators[env] = seeding.np_random(seed)[0]
        return seed
    if generators[env] is None:
        generators[env] = seeding.np_random()[0]
    return int(generators[env].integers(2**63))


def record_final(infos: dict[str, Any], num_envs: int, env: int, observation: Any, mask: Any) -> None:
    """Row ``env``'s final observation into ``infos``, where Gymnasium's same-step autoreset puts it."""
    if "final_obs" not in infos:
        infos["final_obs"] = np.full(num_envs, None, dtype=object)
        infos["_final_obs"] = np.zeros(num_envs, dtype=np.bool_)
        infos["final_info"] = {}
        infos["_final_info"] = np.zeros(num_envs, dtype=np.bool_)
    infos["final_obs"][env] = {"observation": observation, "action_mask": mask}
    infos["_final_obs"][env] = infos["_final_info"][env] = True
