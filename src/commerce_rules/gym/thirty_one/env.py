"""``ThirtyOneVectorEnv``: ``num_envs`` matches of Thirty-One against random opponents, every row's move made at once."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from ...core.actions import Action, Knock
from ...core.errors import CommerceError, IllegalActionError
from ...core.quoting import shown
from ...core.rules import Rules
from ...engine.deal import first_dealer
from ...engine.variant import variant_of
from ...learning.action_space import num_actions
from ...learning.tensor import observation_tensor_size
from ...mechanisms.draw_discard.record import DISCARD, STOCK, Discard, Draw
from ..env import Observed, table_rules
from ..vector import SAME_STEP, check_gymnasium, index_array, next_seed, record_final, row_seeds, single_spaces
from .layout import Layout
from .opponents import match_key
from .table import DISCARD_AT, KNOCK_NOW, OVER, Table, shuffled_decks

if TYPE_CHECKING:
    from .compiled import CompiledTurns

__all__ = ["ThirtyOneVectorEnv"]

_OPTIONS: Final = ("turn_limit", "deal_limit")
"""The options the environment takes. The others stay the preset's: its moves are written for them alone."""


class ThirtyOneVectorEnv(VectorEnv):  # type: ignore[misc, type-arg, unused-ignore]
    """``num_envs`` matches of Thirty-One, one seat learning, the others playing at random; every row stepped at once.

    It keeps the contract of ``CommerceVectorEnv(num_envs, "thirty_one",
    players, seat)``: the same spaces, tensor layout, action indices and
    rewards, Gymnasium's same-step autoreset with ``infos["final_obs"]``, and
    an episode that ends with the match (or with ``end_when_out=True`` when
    the learner is out of it). Its opponents differ: they play uniformly at
    random, each draw made from the match's seed
    (:func:`~commerce_rules.gym.thirty_one.opponent_choice`), so the same seed
    plays another match there.

    :param num_envs: how many matches (1 or more).
    :param players, seat: the table's size (3 to 12) and the learner's seat.
    :param copy: return copies of the arrays (the default), or with ``False``
        the arrays themselves, which the next ``step`` or ``reset`` overwrites.
    :param end_when_out: end an episode when the learner is out of its match
        (its return is then -1 whatever follows) instead of playing the
        others on to the match's end: the same learner steps, in less time.
    :param compiled: play the turns compiled by Numba (the ``fast`` extra),
        or with ``False`` as NumPy operations over the rows; unset, compiled
        where Numba imports. Both play the same matches, move for move.
    :param options: ``turn_limit`` and ``deal_limit`` only (unset: the learning
        defaults, so that every match ends).
    """

    metadata: dict[str, Any] = {"autoreset_mode": SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        seat: int = 0,
        *,
        copy: bool = True,
        end_when_out: bool = False,
        compiled: bool | None = None,
        **options: Any,
    ) -> None:
        check_gymnasium("ThirtyOneVectorEnv")
        if type(num_envs) is not int or num_envs < 1:
            raise CommerceError(f"num_envs must be a whole number of matches, 1 or more, not {shown(num_envs)}")
        others = sorted(set(options) - set(_OPTIONS))
        if others:
            raise CommerceError(
                f"ThirtyOneVectorEnv takes turn_limit and deal_limit alone, not {', '.join(others)}: "
                "CommerceVectorEnv plays every option"
            )
        self.rules: Rules = table_rules("thirty_one", players, seat, options)  # CommerceEnv's checks and limits
        self.num_envs, self.players, self.seat, self.copy = num_envs, players, seat, bool(copy)
        self.end_when_out = bool(end_when_out)
        self._deck = variant_of(self.rules).deck
        size, self._actions = observation_tensor_size(self.rules, players), num_actions(self.rules)
        self.single_observation_space, self.single_action_space = single_spaces(size, self._actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._generators: list[Any] = [None] * num_envs
        """Each row's generator, seeded by its last seeded reset, from which its next match's seed is drawn."""
        compiled_play = _compiled_play(compiled)
        self._table = Table(num_envs, players, self.rules, compiled_play.shuffled_decks if compiled_play else shuffled_decks)
        self._compiled: CompiledTurns | None = compiled_play.CompiledTurns(self._table) if compiled_play else None
        self._turns: Table | CompiledTurns = self._compiled or self._table
        """What makes the learners' moves and starts the new matches: the compiled turns, else the table's passes."""
        self._layout = Layout(self.rules, players, seat)
        self._started = False
        self._observations = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self._actions), dtype=np.bool_)
        self._legal = np.zeros((num_envs, self._actions), dtype=np.bool_)
        """The masks as written, which the step's check reads: with ``copy=False`` the caller holds ``_masks``."""
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)

    @property
    def seeds(self) -> tuple[int, ...]:
        """The seed each match being played was dealt from (:func:`~commerce_rules.new_game`'s seed)."""
        self._check_started()
        return tuple(self._table.seeds)

    @property
    def compiled(self) -> bool:
        """Whether the turns are played compiled by Numba (see the ``compiled`` parameter)."""
        return self._compiled is not None

    @property
    def opponent_moves(self) -> int:
        """The opponents' moves made in every row since the environment was made: with the learner's steps, every seat's moves."""
        return self._table.opponent_moves

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observed, dict[str, Any]]:
        """New matches: ``seed=s`` deals row ``i``'s from ``s + i``; a list gives each row's seed, ``None`` to draw one.

        A row drawing its seed draws it from its own generator, seeded by its
        last seeded reset (else by the system), as every autoreset does.
        ``options`` is refused: there are none.
        """
        if options:
            raise CommerceError(f"ThirtyOneVectorEnv.reset takes no options, not {shown(options)}")
        seeds = row_seeds(seed, self.num_envs)
        for row, given in enumerate(seeds):
            if given is not None and (type(given) is not int or not 0 <= given < 2**128):
                raise CommerceError(
                    f"row {row}'s seed must be a whole number from 0 to 2**128 - 1 "
                    f"(reset(seed=s) deals row i from s + i), not {shown(given)}"
                )
        rows = np.arange(self.num_envs)
        self._new_matches(rows, seeds)
        self._play_on({}, fresh=np.ones(self.num_envs, dtype=np.bool_))
        self._started = True
        self._rewards[:] = 0.0
        self._terminations[:] = False
        return self._observed(), {}

    def step(self, actions: Any) -> tuple[Observed, Any, Any, Any, dict[str, Any]]:
        """Play each row's action for its learner, then its opponents until its next turn; deal ended episodes anew.

        ``actions`` holds ``num_envs`` action indices, one per row. An
        episode over before the learner's first turn (its mask all False:
        possible with limits such as ``deal_limit=1``) ends at this step
        whatever its action.

        :raises ArgumentTypeError: ``actions`` is not ``num_envs`` integers; nothing changes.
        :raises IllegalActionError: a row's index is no legal action of its learner now; nothing changes.
        """
        self._check_started()
        indices = self._indices(actions)
        rows = np.flatnonzero(~self._episode_over())
        self._rewards[:] = 0.0
        self._terminations[:] = False
        infos: dict[str, Any] = {}
        self._turns.learner_moves(rows, self._moves(rows, indices[rows]))
        self._play_on(infos, fresh=np.zeros(self.num_envs, dtype=np.bool_))
        observed = self._observed()
        if self.copy:
            return observed, self._rewards.copy(), self._terminations.copy(), self._truncations.copy(), infos
        return observed, self._rewards, self._terminations, self._truncations, infos

    def action(self, index: int) -> Action:
        """The learner's action of ``index``, as the engine names it (the action space's order: draws, discards, knock).

        :raises IllegalActionError: ``index`` is no index of the action space.
        """
        if type(index) is not int or not 0 <= index < self._actions:
            raise IllegalActionError(f"the action indices run from 0 to {self._actions - 1}, not {shown(index)}")
        if index == 0:
            return Draw(self.seat, STOCK)
        if index == 1:
            return Draw(self.seat, DISCARD)
        if index == self._actions - 1:
            return Knock(self.seat)
        return Discard(self.seat, self._deck[index - 2])

    # ------------------------------------------------------------------ rows

    def _check_started(self) -> None:
        if not self._started:
            raise CommerceError("call reset() before using the environment")

    def _episode_over(self) -> Any:
        """Each row's learner's episode is over: its match is, or (``end_when_out``) it is out of it, its return settled at -1."""
        over = self._table.phase == OVER
        return over | ~self._table.active[:, self.seat] if self.end_when_out else over

    def _indices(self, actions: Any) -> Any:
        """``actions`` as ``num_envs`` legal indices (int64); a refusal changes nothing."""
        indices = index_array(actions, self.num_envs).astype(np.int64)
        inside = (indices >= 0) & (indices < self._actions)
        legal = np.zeros(self.num_envs, dtype=np.bool_)
        legal[inside] = self._legal[np.flatnonzero(inside), indices[inside]]
        wrong = np.flatnonzero(~legal & ~self._episode_over())
        if len(wrong):
            row = int(wrong[0])
            raise IllegalActionError(f"no legal action of the learner has the index {int(indices[row])} now (row {row})")
        return indices

    def _moves(self, rows: Any, indices: Any) -> Any:
        """The learner's indices as the table's moves: the draws and the knock as they are, a discard by its card's place in the hand."""
        moves = np.where(indices == self._actions - 1, KNOCK_NOW, indices)  # 0 and 1 are the draws, in both numberings
        discards = np.flatnonzero((indices >= 2) & (indices < self._actions - 1))
        hands = self._table.hands[rows[discards], self.seat]
        moves[discards] = DISCARD_AT + np.argmax(hands == (indices[discards] - 2)[:, None], axis=1)
        return moves

    def _new_matches(self, rows: Any, seeds: Sequence[int | None]) -> None:
        """New matches in ``rows`` from ``seeds`` (``None``: one drawn from the row's generator), dealt."""
        chosen = [next_seed(self._generators, row, given) for row, given in zip(rows.tolist(), seeds)]
        draw_keys = np.array([match_key(seed) for seed in chosen], dtype=np.uint64)
        dealers = np.array([first_dealer(seed, self.players) for seed in chosen], dtype=np.int64)
        self._turns.start(rows, chosen, draw_keys, dealers, self.rules.starting_lives)

    def _play_on(self, infos: dict[str, Any], fresh: Any) -> None:
        """Opponents' turns, showdowns and new matches, until every row's learner is to act or its ``fresh`` match is over.

        The episodes over (but ``fresh`` ones: new this step) are rewarded,
        recorded in ``infos`` and dealt a new match, played on in turn.
        """
        if self._compiled is None:
            self._play_on_in_passes(infos, fresh)
        else:
            self._play_on_compiled(self._compiled, infos, fresh)
        self._table.shuffle_ahead()

    def _play_on_in_passes(self, infos: dict[str, Any], fresh: Any) -> None:
        """:meth:`_play_on` in passes over the rows: the opponents play until every row waits (for its learner,
        or for its deal's showdown); then the deals over are settled together, and the episodes over end;
        then again, until a pass changes nothing.
        """
        while True:
            self._opponents_until_all_wait()
            settled = self._table.settle_deals()
            ended = np.flatnonzero(self._episode_over() & ~fresh)
            if len(ended):
                self._end_episodes(infos, ended)
                fresh[ended] = True
            elif not settled:
                return

    def _play_on_compiled(self, turns: CompiledTurns, infos: dict[str, Any], fresh: Any) -> None:
        """:meth:`_play_on` compiled: each row played on until it stops; then the ended episodes end together, and so on."""
        rows = np.arange(self.num_envs)
        while len(rows):
            ended = self._until_episodes_end(turns, rows, fresh)
            self._end_episodes(infos, ended)
            fresh[ended] = True
            self._table.shuffle_next(ended)  # the new matches' first decks
            rows = ended

    def _until_episodes_end(self, turns: CompiledTurns, rows: Any, fresh: Any) -> Any:
        """Play ``rows`` on, shuffling the decks their deals wait for, until each stops; the rows whose episode ended (not ``fresh``)."""
        ended = []
        while len(rows):
            over, rows = turns.play_on(rows, self.seat, self.end_when_out)
            ended.append(over[~fresh[over]])
            self._table.shuffle_next(rows)
        return np.concatenate(ended)

    def _end_episodes(self, infos: dict[str, Any], rows: Any) -> None:
        """The episodes of ``rows`` end: their rewards and final observations, then new matches."""
        if not len(rows):
            return
        self._terminations[rows] = True
        self._rewards[rows] = self._returns(rows)
        self._final(infos, rows)
        self._new_matches(rows, [None] * len(rows))

    def _opponents_until_all_wait(self) -> None:
        """Opponents' turns, one in every row waiting for one at a time, until each row waits for its learner or its showdown."""
        table = self._table
        while True:
            rows = np.flatnonzero((table.to_act != self.seat) & ~table.deal_over & ~self._episode_over())
            if not len(rows):
                return
            table.opponents_turns(rows)

    def _returns(self, rows: Any) -> Any:
        """The learner's return where its episode ended: ``(n - k) / k`` for each of ``k`` winners, -1 for every other seat."""
        won = self._table.winners[rows, self.seat]
        count = np.maximum(self._table.winners[rows].sum(axis=1), 1)  # out of a match still played: no winner yet
        return np.where(won, (self.players - count) / count, -1.0)

    def _observed(self) -> Observed:
        """Every row's observation and mask, written; copies, or (``copy=False``) the arrays the next step overwrites."""
        self._layout.write(self._table, np.arange(self.num_envs), self._observations, self._legal)
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._legal.copy()}
        np.copyto(self._masks, self._legal)
        return {"observation": self._observations, "action_mask": self._masks}

    def _final(self, infos: dict[str, Any], rows: Any) -> None:
        """The ended episodes' last observations into ``infos``, as Gymnasium's same-step autoreset gives them."""
        observations = np.zeros((len(rows), self._observations.shape[1]), dtype=np.float32)
        masks = np.zeros((len(rows), self._actions), dtype=np.bool_)
        self._layout.write(self._table, rows, observations, masks)
        for at, row in enumerate(rows.tolist()):
            record_final(infos, self.num_envs, row, observations[at], masks[at])


def _compiled_play(compiled: bool | None) -> ModuleType | None:
    """The module of the compiled turns if ``compiled`` (unset: if Numba imports), else ``None``: the NumPy passes."""
    if compiled is not None and type(compiled) is not bool:
        raise CommerceError(f"compiled must be True, False or None, not {shown(compiled)}")
    if compiled is False:
        return None
    try:
        from . import compiled as compiled_play
    except ImportError as error:  # no Numba, or one that does not import (too old for the NumPy installed, say)
        if compiled:
            reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
            raise CommerceError(f"compiled=True needs Numba (pip install 'commerce-rules[fast]'), which did not import: {reason}") from None
        return None
    return compiled_play
