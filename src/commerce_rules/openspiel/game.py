"""The OpenSpiel game and state: the library's engine behind pyspiel's ``Game`` and ``State``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs
import pyspiel

from .. import (
    action_from_index,
    action_index,
    legal_action_indices,
    num_actions,
    returns,
    to_json,
)
from ..bots.base import Bot
from ..engine.bounds import max_actions_per_deal, max_match_actions, return_range
from ..core.cards import Card
from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS, deck_for, shuffled_deck
from ..engine.start import new_game
from ..engine.reducer import apply, legal_actions
from ..core.errors import ArgumentTypeError, CommerceError
from ..engine.observe import observe
from ..core.quoting import shown as quoted
from ..engine.sampling import sample_state
from ..learning.parameters import (
    DEFAULT_DEAL_LIMIT, DEFAULT_TURN_LIMIT, PARAMETERS, deal_chance_of, explicit_parameters, rules_from_parameters,
)
from .observer import CommerceObserver
from .records import Now, Table
from ..learning.observer_views import deal_end
from ..core.state import GameState

__all__ = [
    "DEFAULT_DEAL_LIMIT",
    "DEFAULT_TURN_LIMIT",
    "SHORT_NAME",
    "CommerceGame",
    "CommerceObserver",
    "CommerceState",
    "LibraryBot",
    "PARAMETERS",
    "max_actions_per_deal",
    "rules_from_parameters",
]

SHORT_NAME: Final = "python_commerce"
"""The name the game is registered under."""

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Commerce (commerce-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


class CommerceGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """The game: its ``Rules``, player count and bounds, from OpenSpiel parameters."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, Mapping):
            raise ArgumentTypeError(f"the game's parameters are a mapping of names to values, not {type(params).__name__}")
        given = dict(params or {})
        rules, players = rules_from_parameters(given)
        self.rules = rules
        self.players = players
        self.deck: tuple[Card, ...] = deck_for(rules)
        self.deal_chance = deal_chance_of(given)
        """0: chance deals card by card; N: each deal is one of N shuffles (see the module's docstring)."""
        low, high = return_range(rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(rules),
            max_chance_outcomes=max(len(self.deck), players, self.deal_chance),
            num_players=players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0,
            max_game_length=max_match_actions(rules, players),
        )
        variant = given.get("variant", PARAMETERS["variant"])
        super().__init__(_GAME_TYPE, info, explicit_parameters(variant, rules, players, self.deal_chance))

    def new_initial_state(self) -> CommerceState:
        """The match before its first chance node (the first dealer's draw)."""
        return CommerceState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> CommerceObserver:
        """An observer for ``iig_obs_type`` (the default observation when ``None``)."""
        return CommerceObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class CommerceState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A match in progress, with its chance nodes."""

    def __init__(self, game: CommerceGame) -> None:
        super().__init__(game)
        self.table = Table(game.rules, game.players, game.deck, game.deal_chance)
        self.now = Now()

    # -- whose move ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a dealer or a card is drawn, ``TERMINAL`` once over."""
        now = self.now
        if now.match is None or now.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if now.match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = now.match.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        match = self.now.match
        return match is not None and self.now.pending is None and match.is_over

    def _legal_actions(self, player: int) -> list[int]:
        now = self.now
        if not now.legal:
            assert now.match is not None
            now.legal.append(legal_action_indices(now.match))
        return list(now.legal[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer (each seat alike), or the next card of the deck (each card still undealt alike)."""
        now = self.now
        if now.dealer is None:
            players = self.table.players
            return [(seat, 1.0 / players) for seat in range(players)]
        shuffles = self.table.deal_chance
        if shuffles:  # the whole deal at once: one of the shuffles
            return [(shuffle, 1.0 / shuffles) for shuffle in range(shuffles)]
        chance = 1.0 / len(now.left)
        return [(index, chance) for index in now.left]

    # -- moves ---------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        now = self.now
        if self.is_chance_node():
            self.now = self._chance(now, int(action))
            return
        match = now.match
        assert match is not None
        move = action_from_index(match, int(action))
        after = apply(match, move)
        if after.deal_number == match.deal_number:  # no deal dealt (the match may be over): nothing for chance
            self.now = attrs.evolve(now, match=after)
        else:  # the next deal's cards come from chance: deal them from the top
            whole = tuple(range(len(self.table.deck)))
            self.now = attrs.evolve(now, pending=(match, move), dealt=(), left=whole, past=now.past + (deal_end(match),))

    def _chance(self, now: Now, outcome: int) -> Now:
        game = self.table
        if now.dealer is None:
            if not 0 <= outcome < game.players:
                raise CommerceError(f"chance outcome {outcome} is no seat to deal first (seats are 0 to {game.players - 1})")
            return attrs.evolve(now, dealer=outcome, left=tuple(range(len(game.deck))))
        if game.deal_chance:
            if not 0 <= outcome < game.deal_chance:
                raise CommerceError(f"chance outcome {outcome} is no shuffle (they are 0 to {game.deal_chance - 1})")
            dealt = tuple(shuffled_deck(game.rules, outcome, 1))
        else:
            if outcome not in now.left:
                raise CommerceError(f"chance outcome {outcome} is no card left to deal")
            left = tuple(index for index in now.left if index != outcome)
            dealt = now.dealt + (game.deck[outcome],)
            if len(left) == 1:  # the last card is forced
                dealt += (game.deck[left[0]],)
                left = ()
            if left:
                return attrs.evolve(now, dealt=dealt, left=left)
        decks = now.decks + (dealt,)
        if now.pending is None:
            match = new_game(game.rules, game.players, seed=0, dealer=now.dealer, decks=decks)
            deals = match.deal_number
        else:
            before, move = now.pending
            match = apply(before, move, decks=decks)
            deals = match.deal_number - before.deal_number
        if deals > len(decks):  # the last deck dealt a 31, settled at once: chance deals the next deal too
            return attrs.evolve(now, dealt=(), left=tuple(range(len(game.deck))), decks=decks)
        return attrs.evolve(now, match=match, pending=None, dealt=(), left=(), decks=())

    def _action_to_string(self, player: int, action: int) -> str:
        now = self.now
        if player == pyspiel.PlayerId.CHANCE:
            if now.dealer is None:
                return f"first dealer: seat {action}"
            if self.table.deal_chance:
                return f"deal shuffle {action}"
            return f"deal {self.table.deck[action]}"
        match = now.match
        if match is not None and now.pending is None and not match.is_over and match.to_act == player:
            try:
                return repr(action_from_index(match, int(action)))
            except CommerceError:
                pass
        return f"action {action}"

    # -- searching ---------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CommerceState:
        """A state ``player_id`` cannot tell from this one: the cards it has not seen dealt anew.

        :func:`~commerce_rules.sample_state` of the seat's observation, seeded
        by ``probability_sampler()`` (a float in [0, 1), as OpenSpiel's
        samplers give): every consistent placement of the unseen cards alike,
        the earlier deals as they were. This is what OpenSpiel's Python
        ``ISMCTSBot`` asks of a game. The new state's ``history()`` is this
        one's (the chance outcomes as they really fell): only what lies ahead
        is resampled, so hand it to a search, not to the seat.

        :raises CommerceError: at a chance node, where the state is between deals or being dealt.
        """
        now = self.now
        if now.match is None or now.pending is not None:
            raise CommerceError("a state is resampled at a seat's turn or once over, not while cards are being dealt")
        if type(player_id) is not int or not 0 <= player_id < self.table.players:
            raise CommerceError(f"player_id must be a seat from 0 to {self.table.players - 1}, not {quoted(player_id)}")
        seed = int(float(probability_sampler()) * 2**53)
        resampled: CommerceState = self.clone()
        resampled.now = attrs.evolve(now, match=sample_state(observe(now.match, player_id), seed))
        return resampled

    # -- the end ---------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """:func:`~commerce_rules.returns` once the match is over; 0 for every seat before."""
        if not self.is_terminal():
            return [0.0] * self.table.players
        match = self.now.match
        assert match is not None
        return [float(value) for value in returns(match)]

    def __str__(self) -> str:
        now = self.now
        if now.match is None and now.dealer is None:
            return "before the first dealer's draw"
        if now.match is None:
            return f"first dealer seat {now.dealer}; dealing: {' '.join(map(str, now.dealt))}"
        if now.pending is not None:
            before, move = now.pending
            return f"{_state_text(before)}\nthen {move!r}; dealing: {' '.join(map(str, now.dealt))}"
        return _state_text(now.match)

    # -- for the observer ----------------------------------------------------------------------

    @property
    def shown(self) -> GameState | None:
        """The library state the players see now: the current one, or while a deal is dealt the one before it."""
        now = self.now
        return now.pending[0] if now.pending is not None else now.match


def _state_text(state: GameState) -> str:
    return to_json(state)


class LibraryBot(pyspiel.Bot):  # type: ignore[misc, unused-ignore]
    """One of the library's bots (``GreedyBot``, ``SearchBot``...) playing one seat as an OpenSpiel bot.

    It chooses from that seat's :func:`~commerce_rules.observe` and the legal
    actions, as at any table of the library, for
    ``open_spiel.python.algorithms.evaluate_bots`` and the like.
    """

    def __init__(self, bot: Bot, player: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.player = player

    def step(self, state: CommerceState) -> int:
        """The index of the action the bot chooses in ``state``, where its seat is to act."""
        match = state.now.match
        if match is None or state.now.pending is not None or match.to_act != self.player:
            raise CommerceError(f"seat {self.player} is not to act in this state")
        options = legal_actions(match)
        choice = self.bot.choose(observe(match, self.player), options)
        if choice not in options:
            raise CommerceError(f"seat {self.player}'s bot chose an illegal action: {choice!r}")
        return action_index(match, choice)

    def restart_at(self, state: CommerceState) -> None:
        """Nothing to forget: the library's bots choose from the observation alone."""

    def inform_action(self, state: CommerceState, player_id: int, action: int) -> None:
        """Nothing to learn: the observation holds what the seat saw."""


pyspiel.register_game(_GAME_TYPE, CommerceGame)
