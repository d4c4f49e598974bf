"""The widow (the commerce games of CRP, Pounce, Trentuno and Extended): exchange with the cards on the table."""

from .mechanism import Widow
from .record import WidowTurn

__all__ = ["Widow", "WidowTurn"]
