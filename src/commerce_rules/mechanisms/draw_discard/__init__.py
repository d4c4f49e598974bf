"""Draw and discard (Schwimmen's and Thirty-One's turn): draw from the stock or the discard pile, then discard."""

from .mechanism import DrawDiscard
from .record import DISCARD, SOURCES, STOCK, Discard, Draw, DrawTurn

__all__ = ["DISCARD", "SOURCES", "STOCK", "Discard", "Draw", "DrawDiscard", "DrawTurn"]
