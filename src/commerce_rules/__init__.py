"""commerce_rules: the rules of Commerce and its family as an immutable-state reducer.

The public names are all importable from here; see ``docs/`` and API.md.
"""

from __future__ import annotations

from .cards import DECK_32, DECK_40, DECK_52, DECKS, Card, Rank, Suit, parse_cards
from .errors import (
    ArgumentTypeError,
    CardError,
    CommerceError,
    HandError,
    IllegalActionError,
    RulesError,
    SerializationError,
)
from .rules import (
    CRP,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
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
from .actions import Action, Barter, BarterReply, BlindExchange, Buy, BuyHorse, Exchange, ExchangeAll, Knock, Pass, Pounce
from .start import deal_position, new_game
from .engine import apply, legal_actions, replay
from .observe import Observation, observe
from .serialize import action_from_json, action_to_json, observation_from_json, observation_to_json, state_from_json, to_json
from .state import Event, EventKind, GameState, Phase, Showdown, ShowdownReason
from .mechanisms.draw_discard import Discard, Draw, DrawTurn
from .mechanisms.rounds import RoundsTurn
from .mechanisms.trade_barter import TradeTurn
from .mechanisms.widow import WidowTurn
from .scoring.lives import LivesRecord
from .scoring.pool import PoolRecord
from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .simulate import SimulationResult, simulate
from .tournaments import BotStanding, TournamentResult, tournament
from .action_space import action_from_index, action_index, legal_action_indices, legal_action_mask, num_actions
from .payoffs import returns
from .sampling import sample_state
from .tensor import observation_tensor, observation_tensor_size

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
    "action_from_json",
    "action_to_json",
    "observation_from_json",
    "observation_to_json",
    "state_from_json",
    "to_json",
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
