"""PettingZoo adapter (extra ``pettingzoo``): a match as an AEC environment with masked observations.

``env(variant="foster", players=4, **options)`` returns a
:class:`CommerceEnv`: one agent per seat (``"player_0"`` ...), a
``Discrete(num_actions(rules))`` action space (the library's action
integers), and observations ``{"observation": float32 array, "action_mask":
int8 array}`` in a ``Dict`` space, as PettingZoo's masked classic
environments have them. The observation is
:func:`~commerce_rules.observation_tensor` of the seat's
:func:`~commerce_rules.observe`; the mask is
:func:`~commerce_rules.legal_action_mask` for the seat to act, all zeros for
the others. Rewards are 0 until the match ends, then
:func:`~commerce_rules.returns`; every agent then terminates at once (a seat
out of lives stays an agent, never selected, until the end).
``reset(seed=...)`` seeds the match (``None``: a fresh secret seed), and
``render_mode="ansi"`` makes :meth:`CommerceEnv.render` return the library's
narration of the last move, as the table hears it.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import (
    action_from_index,
    legal_action_indices,
    num_actions,
    observation_tensor,
    observation_tensor_size,
    returns,
    sample_state,
)
from .start import new_game
from .actions import Action
from .engine import apply
from .errors import ArgumentTypeError, CommerceError
from .narrate import describe_standings, narrate_start, narrate_step
from .observe import Observation, observe
from .quoting import shown
from .rules import PRESETS, Rules
from .state import GameState

__all__ = ["CommerceEnv", "env"]

RENDER_MODES: Final = ("ansi",)


def _action_index(action: object) -> int:
    """``action`` as an index: a Python or NumPy integer; a float, string, bool or array is refused, never rounded.

    :raises ArgumentTypeError: ``action`` is no integer (``step("4")`` or ``step(4.9)`` would otherwise play 4).
    """
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ArgumentTypeError(f"an action is an int index of the action space, not {shown(action)}")
    return int(action)


def env(variant: str = "foster", players: int = 4, *, render_mode: str | None = None, **options: Any) -> CommerceEnv:
    """A PettingZoo AEC environment for ``players`` seats of the preset ``variant`` with ``options`` changed."""
    return CommerceEnv(variant, players, render_mode=render_mode, **options)


def _acting(match: GameState, view: Observation) -> GameState:
    """A state in which ``view``'s seat acts as its view shows: the match, or, where the seat sees its own
    pounce question before the seats ahead of it have answered theirs, a state sampled from its view
    (a seat's legal actions depend only on what it sees, so the mask is the same on every such state)."""
    return match if match.to_act == view.player else sample_state(view, seed=0)


class CommerceEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A match of Commerce, one agent per seat, turn by turn as the rules give the turn."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "commerce_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "foster", players: int = 4, *, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if variant not in PRESETS:
            raise CommerceError(f"variant must be a preset's name ({', '.join(PRESETS)}), not {variant!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise CommerceError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules: Rules = PRESETS[variant].replace(**options)
        new_game(self.rules, players, seed=0)  # the library refuses a bad player count or a table too large
        self.players = players
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = num_actions(self.rules)
        size = observation_tensor_size(self.rules, players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.match: GameState | None = None
        self._last_move: tuple[GameState, Action, GameState] | None = None
        """The last move as (before, action, after), which ``render`` narrates; ``None`` as the match starts."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match, its first deal dealt from ``seed`` (``None``: a secret seed of the library's)."""
        match = new_game(self.rules, self.players, seed=seed)
        self.match = match
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_move = None
        if match.is_over:  # under blitz and a deal limit, a first deal dealt with a 31 can end the match at once
            self._end(match)
            self.agent_selection = self.possible_agents[0]
            self._accumulate_rewards()
            return
        assert match.to_act is not None
        self.agent_selection = self.possible_agents[match.to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's observation tensor, and its action mask (all zeros unless its own view shows it to act).

        Both come from the seat's observation: while another seat answers a
        private pounce question, a seat sees the table as if it had been
        declined (Rules §3.3), and its mask follows that view.
        """
        match = self._current()
        seat = self._seat[agent]
        view = observe(match, seat)
        tensor = observation_tensor(view)
        observation = np.fromiter(tensor, dtype=np.float32, count=len(tensor))  # a third faster than asarray of the tuple
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if view.to_act == seat:  # a dozen ones among thousands: set by index, not converted from a tuple of booleans
            mask[list(legal_action_indices(_acting(match, view)))] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an index of the action space) for the agent selected; ``None`` once it has terminated.

        :raises ArgumentTypeError: ``action`` is no ``int`` or NumPy integer; nothing changes.
        :raises IllegalActionError: no legal action has that index now; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self._current()
        move = action_from_index(before, _action_index(action))
        after = apply(before, move)
        self.match = after
        self._cumulative_rewards[agent] = 0.0
        self._last_move = (before, move, after)  # narrated only when rendered
        if after.is_over:
            self._end(after)
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            assert after.to_act is not None
            self.agent_selection = self.possible_agents[after.to_act]
        self._accumulate_rewards()

    def _end(self, over: GameState) -> None:
        """The match is over: every agent's reward is its return, and every agent terminates."""
        final = returns(over)
        self.rewards = {a: float(final[self._seat[a]]) for a in self.agents}
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the narration of the last move (or of the deal's start) and the standings."""
        if self.render_mode is None:
            return None
        match = self._current()
        last = self._last_move
        lines = narrate_start(match) if last is None else narrate_step(*last)
        return "\n".join([*lines, describe_standings(match)])

    def close(self) -> None:
        """Nothing to release."""

    def _current(self) -> GameState:
        if self.match is None:
            raise CommerceError("call reset() before using the environment")
        return self.match
