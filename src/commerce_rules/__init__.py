"""commerce_rules: the rules of Commerce and its family as an immutable-state reducer.

The public names are all importable from here; see ``docs/`` and API.md.
"""

from __future__ import annotations

from .core.cards import DECK_32, DECK_40, DECK_52, DECKS, Card, Rank, Suit, parse_cards
from .core.errors import (
    ArgumentTypeError,
    CardError,
    CommerceError,
    HandError,
    IllegalActionError,
    RulesError,
    SerializationError,
)
from .core.rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    STOP_THE_BUS,
    STOP_THE_BUS_DRAW,
    THIRTY_ONE,
    TRENTUNO,
    BarterDirection,
    Mechanism,
    Ranking,
    Rules,
    Scoring,
    StallEffect,
)
from .ranking import Category, HandValue, evaluate, hand_strength_table
from .core.actions import Action, Barter, BarterReply, BlindExchange, Buy, BuyHorse, Exchange, ExchangeAll, Knock, Pass, Pounce
from .engine.start import deal_position, new_game
from .engine.reducer import apply, legal_actions, replay
from .core.observation import Observation
from .engine.observe import observe
from .serialize import (
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    observation_from_json,
    observation_to_dict,
    observation_to_json,
    state_from_json,
    to_json,
)
from .text.table_words import describe_action, describe_event, legal_choices, narrate_seen, seat_news
from .core.state import Event, EventKind, GameState, Phase, Showdown, ShowdownReason
from .mechanisms.draw_discard.mechanism import Discard, Draw, DrawTurn
from .mechanisms.rounds.mechanism import RoundsTurn
from .mechanisms.trade_barter.record import TradeTurn
from .mechanisms.widow.mechanism import WidowTurn
from .scoring.lives import LivesRecord
from .scoring.pool import PoolRecord
from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .simulation.runs import SimulationResult, simulate
from .simulation.tournaments import BotStanding, TournamentResult, tournament
from .learning.action_space import action_from_index, action_index, legal_action_indices, legal_action_mask, num_actions
from .learning.returns import returns
from .engine.sampling import sample_state
from .learning.tensor import observation_tensor, observation_tensor_size

from . import _moved

_moved.install()


def __getattr__(name: str) -> object:
    """``commerce_rules.cards`` and the other paths that moved in 0.2 (:mod:`commerce_rules._moved`)."""
    return _moved.stand_in(name)


__version__ = "0.2.0.dev0"
"""The version, written only here: pyproject.toml reads it (hatchling's dynamic version)."""

__all__ = [
    "action_from_index",
    "action_index",
    "legal_action_indices",
    "legal_action_mask",
    "num_actions",
    "returns",
    "sample_state",
    "observation_tensor",
    "observation_tensor_size",
    "ArgumentTypeError",
    "action_from_dict",
    "action_from_json",
    "action_to_dict",
    "action_to_json",
    "observation_from_json",
    "observation_to_dict",
    "observation_to_json",
    "state_from_json",
    "to_json",
    "describe_action",
    "describe_event",
    "legal_choices",
    "narrate_seen",
    "seat_news",
    "Bot",
    "BotStanding",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "SimulationResult",
    "TournamentResult",
    "simulate",
    "tournament",
    "Category",
    "HandValue",
    "evaluate",
    "hand_strength_table",
    "Action",
    "Barter",
    "BarterReply",
    "BlindExchange",
    "Buy",
    "BuyHorse",
    "Event",
    "EventKind",
    "Discard",
    "Draw",
    "DrawTurn",
    "Exchange",
    "ExchangeAll",
    "GameState",
    "Knock",
    "Pass",
    "Phase",
    "Pounce",
    "Showdown",
    "ShowdownReason",
    "TradeTurn",
    "WidowTurn",
    "RoundsTurn",
    "PoolRecord",
    "LivesRecord",
    "Observation",
    "apply",
    "observe",
    "replay",
    "deal_position",
    "legal_actions",
    "new_game",
    "CRP",
    "DECKS",
    "DECK_32",
    "DECK_40",
    "DECK_52",
    "EXTENDED",
    "FOSTER",
    "HOYLE",
    "POUNCE",
    "PRESETS",
    "SCHWIMMEN",
    "STOP_THE_BUS",
    "STOP_THE_BUS_DRAW",
    "THIRTY_ONE",
    "TRENTUNO",
    "BarterDirection",
    "StallEffect",
    "Card",
    "CardError",
    "CommerceError",
    "HandError",
    "IllegalActionError",
    "Mechanism",
    "Rank",
    "Ranking",
    "Rules",
    "RulesError",
    "Scoring",
    "SerializationError",
    "Suit",
    "parse_cards",
]
