"""``CommerceEnv``: one seat of a match as a single-agent ``gymnasium.Env``, the others played by opponents.

``CommerceEnv(variant="foster", players=4, seat=0, opponents=None, **options)``
is a :class:`gymnasium.Env` for the learner at ``seat``. Its action space is
``Discrete(num_actions(rules))`` (the library's action integers); its
observations are ``{"observation": float32 array, "action_mask": int8 array}``
in a ``Dict`` space: :func:`~commerce_rules.observation_tensor` of the
learner's :func:`~commerce_rules.observe`, and
:func:`~commerce_rules.legal_action_mask` when the learner is to act (all
zeros once its episode is over). Between two of the learner's steps the
environment plays every other seat with its opponent, so ``step`` returns
at the learner's next turn or at its episode's end.

The reward is 0 until the learner's episode ends, then its return; ``terminated``
is then True. The episode ends with the match, the reward the learner's
:func:`~commerce_rules.returns`. With ``end_when_out=True`` it ends as soon as
that return can no longer change: under lives, when the learner is out of
the match (its return is -1, as the winners are seats still in), and the
rest of the match, the other seats' alone, is not played. ``truncated``
is always False: a ``turn_limit`` of :data:`DEFAULT_TURN_LIMIT` and a
``deal_limit`` of :data:`DEFAULT_DEAL_LIMIT` (OpenSpiel's) are supplied where
the preset and ``options`` leave them unset, so every match ends by the rules.

An opponent given as the class :class:`~commerce_rules.RandomBot` plays as
``RandomBot(seed=s)`` would, ``s`` derived from the match's seed and its
seat: ``legal[rng.randrange(len(legal))]``, ``rng`` a ``random.Random(s)``
and ``legal`` the engine's :func:`~commerce_rules.legal_actions`. The bot
itself is never built, nor the seat's observation made (a uniform draw
reads neither): the same moves, at the cost of the engine's moves alone.

A private question to an opponent (the pounce, Rules §3.3) is answered
inside the environment like any other opponent's move: the learner never
steps while another seat is asked, so neither its observations nor the
number of its steps tell it who was.

The checks of the arguments, the opponents' seeding and their play are
functions of this module, which :class:`~commerce_rules.gym.vector.CommerceVectorEnv`
shares, so that a match there is played exactly as here.
"""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import legal_action_indices, legal_actions, num_actions, observation_tensor, observation_tensor_size, returns
from ..learning.action_space import action_from_index
from ..core.actions import Action
from ..learning.adapter_input import action_index_argument
from ..bots import Bot, GreedyBot, RandomBot
from ..engine.reducer import apply
from ..core.errors import CommerceError, IllegalActionError
from ..text.narrate import describe_standings, narrate_start, narrate_step
from ..core.observation import Observation
from ..engine.observe import observe
from ..learning.parameters import DEFAULT_DEAL_LIMIT, DEFAULT_TURN_LIMIT, with_default_limits
from ..core.quoting import shown
from ..core.rules import PRESETS, Rules
from ..engine.start import new_game
from ..engine.variant import variant_of
from ..core.state import GameState

__all__ = ["DEFAULT_DEAL_LIMIT", "DEFAULT_TURN_LIMIT", "CommerceEnv", "Opponent", "Policy"]

Policy = Callable[[Observation, tuple[Action, ...]], Action]
"""Any function of a seat's observation and its legal actions that returns one of them."""

Opponent = Union[Bot, Policy, type]
"""A seat's opponent: a bot (deep-copied at every reset), a bot class (built at every reset with
a seed derived from the match's and its seat), or a :data:`Policy` (called as it is)."""

Observed = dict[str, Any]
"""The learner's observation: ``{"observation": float32 array, "action_mask": int8 array}`` (a ``bool`` mask in the vector environments)."""

Player = Union[Policy, random.Random]
"""How a seat plays a match: a :data:`Policy`, or the generator of a uniform draw (a :class:`~commerce_rules.RandomBot` class)."""

RENDER_MODES: Final = ("ansi",)

Move = tuple[GameState, Action, GameState]


_SEEDED: dict[type, bool] = {}
"""Whether a bot class's constructor takes a seed, by class (``inspect.signature`` costs more than a reset)."""


def _player(opponent: Opponent, seed: int) -> Player:
    """How ``opponent`` plays one episode: a copy of a bot as given, a bot class built from ``seed``, or the callable itself.

    The class ``RandomBot`` is the generator its ``RandomBot(seed=seed)`` would
    draw from (the bot's own rule, played by :func:`play_opponents`).
    """
    if opponent is RandomBot:
        return random.Random(seed)
    if isinstance(opponent, type):
        seeded = _SEEDED.get(opponent)
        if seeded is None:
            seeded = _SEEDED.setdefault(opponent, "seed" in inspect.signature(opponent).parameters)
        built = opponent(seed=seed) if seeded else opponent()  # a class of deterministic bots may take no seed
        if not callable(getattr(built, "choose", None)):
            raise CommerceError(f"the opponent class {shown(opponent)} built {shown(built)}, which has no choose() method")
        return built.choose  # type: ignore[no-any-return]
    if callable(getattr(opponent, "choose", None)):
        return copy.deepcopy(opponent).choose  # type: ignore[union-attr]
    return opponent  # type: ignore[return-value]


def table_rules(variant: object, players: int, seat: object, options: dict[str, Any]) -> Rules:
    """The rules of the learner's table, limits supplied, once ``variant``, ``players`` and ``seat`` are checked."""
    if not isinstance(variant, str) or variant not in PRESETS:
        raise CommerceError(f"variant must be a preset's name ({', '.join(PRESETS)}), not {shown(variant)}")
    rules = with_default_limits(PRESETS[variant].replace(**options))
    new_game(rules, players, seed=0)  # the library refuses a bad player count or a table too large
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise CommerceError(f"seat must be a seat of the table, 0 to {players - 1}, not {shown(seat)}")
    return rules


def opponents_by_seat(players: int, seat: int, opponents: Opponent | Sequence[Opponent] | None) -> dict[int, Opponent]:
    """Each other seat's :data:`Opponent`, from the ``opponents`` argument (checked)."""
    others = [other for other in range(players) if other != seat]
    if opponents is None:
        return {other: GreedyBot for other in others}
    if isinstance(opponents, Sequence) and not isinstance(opponents, str):
        if len(opponents) != len(others):
            raise CommerceError(f"opponents must name one opponent for each of the {len(others)} other seats, not {len(opponents)}")
        given = dict(zip(others, opponents))
    else:
        given = {other: opponents for other in others}
    for opponent in given.values():
        if not callable(opponent) and not callable(getattr(opponent, "choose", None)):
            raise CommerceError(f"an opponent is a bot, a bot class or a callable, not {shown(opponent)}")
    return given


def match_players(opponents: dict[int, Opponent], match_seed: int, players: int) -> dict[int, Player]:
    """How each opponent plays the match dealt from ``match_seed``; a bot class is built from a seed derived from it."""
    if not any(isinstance(opponent, type) for opponent in opponents.values()):
        return {seat: _player(opponent, 0) for seat, opponent in opponents.items()}  # no seed is used
    seeds = np.random.SeedSequence(match_seed).generate_state(players, dtype=np.uint64)
    return {seat: _player(opponent, int(seeds[seat] >> 1)) for seat, opponent in opponents.items()}


def episode_over(match: GameState, seat: int, end_when_out: bool) -> bool:
    """Whether the episode of the learner at ``seat`` is over: the match is, or (``end_when_out``) its return is settled."""
    return match.is_over or (end_when_out and variant_of(match.rules).scoring.settled_return(match, seat) is not None)


def episode_return(match: GameState, seat: int) -> float:
    """The learner's reward at the end of its episode (:func:`episode_over`): its return, settled if not final."""
    if match.is_over:
        return float(returns(match)[seat])
    settled = variant_of(match.rules).scoring.settled_return(match, seat)
    assert settled is not None
    return settled


def play_opponents(
    match: GameState, seat: int, policies: dict[int, Player], moves: list[Move] | None, end_when_out: bool = False
) -> GameState:
    """``match`` played on by the opponents until ``seat`` is to act or its episode is over; their moves appended to ``moves``.

    An opponent answering a private question is stepped here like any
    other move: the learner sees only where it stands at its next turn. A
    seat played by a generator (a ``RandomBot`` class) draws as the bot
    draws, ``legal[rng.randrange(len(legal))]``, without an observation.

    :raises CommerceError: an opponent chose an action that is not legal.
    """
    settled = variant_of(match.rules).scoring.settled_return
    while not match.is_over and match.to_act != seat and not (end_when_out and settled(match, seat) is not None):
        other = match.to_act
        assert other is not None
        legal = legal_actions(match)
        policy = policies[other]
        if isinstance(policy, random.Random):  # RandomBot's choice; its check of the legal actions is the engine's own
            move = legal[policy.randrange(len(legal))]
        else:
            move = policy(observe(match, other), legal)
            if not any(option is move for option in legal) and move not in legal:  # a bot returns one of them: no __eq__
                raise CommerceError(f"the opponent at seat {other} chose {shown(move)}, which is not one of its legal actions")
        after = apply(match, move)
        if moves is not None:
            moves.append((match, move, after))
        match = after
    return match


class CommerceEnv(gymnasium.Env[Observed, np.int64]):  # type: ignore[misc, unused-ignore]
    """A match of Commerce seen and played by one seat; the other seats are played by ``opponents``.

    :param seat: the learner's seat (0 to ``players - 1``).
    :param opponents: ``None`` (a :class:`~commerce_rules.GreedyBot` at every
        other seat), one :data:`Opponent` for every other seat, or a sequence
        of ``players - 1`` of them, the other seats in increasing order. A bot
        class such as :class:`~commerce_rules.RandomBot` is the way to seeded
        opponents: each reset builds one per seat with a seed derived from
        the match's seed and its seat.
    :param end_when_out: end the episode as soon as the learner's return is
        settled (under lives, when it is out of the match) instead of at the
        match's end.
    :param options: options of :class:`~commerce_rules.Rules` changed from the preset ``variant``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        variant: str = "foster",
        players: int = 4,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        *,
        render_mode: str | None = None,
        end_when_out: bool = False,
        **options: Any,
    ) -> None:
        self.rules: Rules = table_rules(variant, players, seat, options)
        self.end_when_out = bool(end_when_out)
        """Whether an episode ends when the learner's return is settled (out of a match of lives), not at the match's end."""
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise CommerceError(f"render_mode must be None or 'ansi', not {shown(render_mode)}")
        self.players = players
        self.seat = seat
        self.render_mode = render_mode
        self._opponents = opponents_by_seat(players, seat, opponents)
        actions = num_actions(self.rules)
        size = observation_tensor_size(self.rules, players)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self._actions = actions
        self.match: GameState | None = None
        self._players: dict[int, Player] = {}
        """This episode's opponents, by seat."""
        self._told: tuple[GameState | None, list[Move]] = (None, [])
        """What ``render`` narrates: the match as it started (``None`` after a step), and the moves since the learner's last."""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Observed, dict[str, Any]]:
        """A new match, dealt from ``seed`` as :func:`~commerce_rules.new_game` deals it, and opponents seeded from it.

        Without ``seed`` the match's seed is drawn from the environment's
        generator (seeded by the last seeded reset, else by the system).
        ``options={"state": state}`` starts from ``state`` instead: a position
        of this environment's ``rules`` (its limits included) and players,
        from :func:`~commerce_rules.deal_position`, say.
        """
        super().reset(seed=seed)
        options = dict(options or {})
        start = options.pop("state", None)
        if options:
            raise CommerceError(f"the only option of reset is 'state', not {shown(next(iter(options)))}")
        match_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        if start is None:
            start = new_game(self.rules, self.players, seed=match_seed)
        elif type(start) is not GameState or start.rules != self.rules or start.num_players != self.players:
            raise CommerceError("options['state'] must be a GameState of this environment's rules (env.rules) and players")
        self._players = match_players(self._opponents, match_seed, self.players)
        moves: list[Move] = []
        self.match = play_opponents(start, self.seat, self._players, moves, self.end_when_out)
        self._told = (start, moves)
        return self._observed(self.match), {}

    def step(self, action: object) -> tuple[Observed, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index of the action space) for the learner, then the opponents until the learner's next turn.

        :raises ArgumentTypeError: ``action`` is no ``int`` or NumPy integer; nothing changes.
        :raises IllegalActionError: no legal action of the learner has that index now, or its episode is over; nothing changes.
        """
        match = self._current()
        if episode_over(match, self.seat, self.end_when_out):
            raise IllegalActionError("the episode is over: call reset() for a new one")
        move = action_from_index(match, action_index_argument(action))
        after = apply(match, move)
        moves: list[Move] = [(match, move, after)]
        self.match = play_opponents(after, self.seat, self._players, moves, self.end_when_out)
        self._told = (None, moves)
        over = episode_over(self.match, self.seat, self.end_when_out)
        reward = episode_return(self.match, self.seat) if over else 0.0
        return self._observed(self.match), reward, over, False, {}

    def _observed(self, match: GameState) -> Observed:
        """The learner's observation tensor, and its action mask (all zeros once its episode is over)."""
        tensor = observation_tensor(observe(match, self.seat))
        observation = np.fromiter(tensor, dtype=np.float32, count=len(tensor))
        mask = np.zeros(self._actions, dtype=np.int8)
        if not episode_over(match, self.seat, self.end_when_out):  # then the learner is to act: its own legal actions
            mask[list(legal_action_indices(match))] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the table's narration since the learner's last step (or the match's start), and the standings."""
        if self.render_mode is None:
            return None
        match = self._current()
        start, moves = self._told
        lines = [] if start is None else narrate_start(start)
        for move in moves:
            lines.extend(narrate_step(*move))
        return "\n".join([*lines, describe_standings(match)])

    def _current(self) -> GameState:
        if self.match is None:
            raise CommerceError("call reset() before using the environment")
        return self.match
