"""commerce_rules: the rules of Commerce and its family as an immutable-state reducer.

The public names are all importable from here; see ``docs/`` and API.md.
"""

from __future__ import annotations

from .cards import DECK_40, DECK_52, Card, Rank, Suit, parse_cards
from .errors import (
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
    TRENTUNO,
    BarterDirection,
    Mechanism,
    Ranking,
    Rules,
    Scoring,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "CRP",
    "DECK_40",
    "DECK_52",
    "EXTENDED",
    "FOSTER",
    "HOYLE",
    "POUNCE",
    "PRESETS",
    "TRENTUNO",
    "BarterDirection",
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
