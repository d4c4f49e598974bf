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
the others. In a variant with the pounce, every seat in play is polled
after the deal and after every change of the widow, so that
``agent_selection`` never tells who is being asked (Rules §3.3; see
:class:`_Poll`). Rewards are 0 until the match ends, then
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
)
from .engine.start import new_game
from .learning.action_space import index_of
from .learning.adapter_input import action_index_argument as _action_index
from .core.actions import Action
from .engine.reducer import apply
from .core.errors import CommerceError, IllegalActionError
from .text.narrate import describe_standings, narrate_start, narrate_step
from .core.observation import Observation
from .engine.observe import observe, public_table
from .core.quoting import shown
from .core.rules import PRESETS, Rules
from .core.state import GameState, clockwise_from
from .engine.variant import variant_of
from .engine.visibility import own_question

__all__ = ["CommerceEnv", "env"]

RENDER_MODES: Final = ("ansi",)


def env(variant: str = "foster", players: int = 4, *, render_mode: str | None = None, **options: Any) -> CommerceEnv:
    """A PettingZoo AEC environment for ``players`` seats of the preset ``variant`` with ``options`` changed."""
    return CommerceEnv(variant, players, render_mode=render_mode, **options)


class _Poll:
    """A round in which every seat in play is asked, in turn, whether it claims a private question (Rules §3.3).

    AEC's ``agent_selection`` is seen by the whole training loop, so the
    seat answering a pounce question cannot simply be selected: after every
    change of the table that could raise one (a deal dealt, the widow
    changed), each seat in play is selected in turn, and each answers from
    its own view — its own question if its view shows one, else the
    decline alone, a step that changes nothing. The answers are kept, and
    given to the engine in the order the rules ask once the round is over.
    """

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = list(seats)
        """The seats still to answer, the one selected first."""
        self.answers: dict[int, Action] = {}


def _table(match: GameState) -> Observation:
    """What every seat sees alike of ``match`` (read only its public fields)."""
    return observe(public_table(match), match.active[0])


class CommerceEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A match of Commerce, one agent per seat, turn by turn as the rules give the turn."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "commerce_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "foster", players: int = 4, *, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if not isinstance(variant, str) or variant not in PRESETS:
            raise CommerceError(f"variant must be a preset's name ({', '.join(PRESETS)}), not {shown(variant)}")
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
        self._questions = variant_of(self.rules).sight.questions
        """The private questions of this variant (the pounce), by phase, and the answer that declines each."""
        self._poll: _Poll | None = None
        self.match: GameState | None = None
        self._last_move: tuple[GameState, Action, GameState] | None = None
        """The last move as (before, action, after), which ``render`` narrates; ``None`` as the match starts."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match, its first deal dealt from ``seed`` (``None``: a secret seed of the library's).

        ``options={"state": state}`` starts from ``state`` instead (a position of
        this environment's rules and players, from :func:`~commerce_rules.deal_position`,
        say), as if it had just been reached.
        """
        start = (options or {}).get("state")
        if start is None:
            match = new_game(self.rules, self.players, seed=seed)
        elif type(start) is not GameState or start.rules != self.rules or start.num_players != self.players:
            raise CommerceError("options['state'] must be a GameState of this environment's rules and players")
        else:
            match = start
        self.match = match
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_move = None
        self._poll = None
        self.agent_selection = self.possible_agents[0]
        self._go_on(None, match)
        if match.is_over:  # under blitz and a deal limit, a first deal dealt with a 31 can end the match at once
            self._accumulate_rewards()

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
        mask[list(self._allowed(match, view))] = 1  # a dozen ones among thousands: set by index
        return {"observation": observation, "action_mask": mask}

    def _allowed(self, match: GameState, view: Observation) -> tuple[int, ...]:
        """The indices ``view``'s seat may play now, from its own view: none unless it is selected."""
        seat = view.player
        if self._poll is not None:
            return self._poll_options(match, seat)[1] if self._poll.seats[0] == seat else ()
        return legal_action_indices(match) if view.to_act == seat == match.to_act else ()

    def _poll_options(self, match: GameState, seat: int) -> tuple[GameState | None, tuple[int, ...]]:
        """The polled ``seat``'s choice: the state in which it answers its own question, which its cards and
        the widow tell it of, and that question's answers; or ``None`` and the decline alone (nothing to claim)."""
        asked = own_question(match, seat, variant_of(self.rules).mechanism, self._questions)
        if asked is not None:
            return asked, legal_action_indices(asked)
        return None, (index_of(match, self._decline(seat)),)

    def _decline(self, seat: int) -> Action:
        """The answer that claims nothing (every private question of a variant is declined alike: ``Pass``)."""
        return next(iter(self._questions.values()))(seat)

    def step(self, action: Any) -> None:
        """Play ``action`` (an index of the action space) for the agent selected; ``None`` once it has terminated.

        :raises ArgumentTypeError: ``action`` is no ``int`` or NumPy integer; nothing changes.
        :raises IllegalActionError: no legal action has that index now; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's own check would raise a ValueError
                raise IllegalActionError(f"{agent} has terminated: its only step is step(None)")
            self._was_dead_step(action)
            return
        before = self._current()
        index = _action_index(action)
        if self._poll is None:
            move = action_from_index(before, index)
            after = apply(before, move)
            self._last_move = (before, move, after)  # narrated only when rendered
        else:
            after = self._answer(before, index)
        self._cumulative_rewards[agent] = 0.0  # a refused action (raised above) changes nothing
        self.rewards = {a: 0.0 for a in self.agents}
        self.match = after
        self._go_on(before, after)
        self._accumulate_rewards()

    def _answer(self, match: GameState, index: int) -> GameState:
        """The selected seat's answer in a poll: kept, and once every seat has answered, given to the engine."""
        poll = self._poll
        assert poll is not None
        seat = poll.seats[0]
        asked, allowed = self._poll_options(match, seat)
        if index not in allowed:
            raise IllegalActionError(f"no legal action of seat {seat} has the index {shown(index)} now")
        poll.answers[seat] = self._decline(seat) if asked is None else action_from_index(asked, index)
        poll.seats.pop(0)
        if poll.seats:
            return match
        self._poll = None
        while match.phase in self._questions:  # the rules' order; a claim changes the table, and a new round follows
            assert match.to_act is not None
            answer = poll.answers[match.to_act]
            after = apply(match, answer)
            self._last_move = (match, answer, after)
            match = after
            if answer != self._decline(answer.player):
                break
        return match

    def _go_on(self, before: GameState | None, after: GameState) -> None:
        """Select the next agent: a poll's next seat, a new poll where the table changed so that a question
        could be pending, or the seat to act. Only public facts decide (Rules §3.3)."""
        if after.is_over:
            self._end(after)
            return
        if self._poll is None and self._questions and self._could_ask(before, after):
            table = _table(after)
            first = after.dealer if table.to_act is None else table.to_act
            self._poll = _Poll((first, *clockwise_from(after.active, first)[:-1]) if first in after.active else after.active)
        if self._poll is not None:
            self.agent_selection = self.possible_agents[self._poll.seats[0]]
            return
        assert after.to_act is not None and after.phase not in self._questions
        self.agent_selection = self.possible_agents[after.to_act]

    def _could_ask(self, before: GameState | None, after: GameState) -> bool:
        """Whether, as far as every seat can tell, a private question may be pending: a deal dealt or the
        widow changed, and a card in the stock to refill it."""
        table = _table(after)
        if not table.stock_count:
            return False
        if before is None or before.deal_number != after.deal_number:
            return True
        return _table(before).widow != table.widow

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
