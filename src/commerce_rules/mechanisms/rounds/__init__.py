"""Rounds of exchanges with the dealer's blind exchange (Hoyle's pool game)."""

from .mechanism import Rounds
from .record import RoundsTurn

__all__ = ["Rounds", "RoundsTurn"]
