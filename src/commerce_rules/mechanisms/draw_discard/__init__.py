"""Draw and discard (Schwimmen's and Thirty-One's turn): draw from the stock or the discard pile, then discard.

One class per role, registered together as :data:`DRAW_DISCARD`: the play
(:class:`DrawDiscard`), the turn record's JSON and checks
(:class:`DrawDiscardDocument`), the words (:class:`DrawDiscardWords`) and the
learning role (:class:`DrawDiscardLearning`).
"""

from typing import Final

from ...parts.spec import MechanismSpec
from .mechanism import DrawDiscard
from .record import DISCARD, SOURCES, STOCK, Discard, Draw, DrawDiscardDocument, DrawTurn
from .sampling import DrawDiscardLearning
from .words import DrawDiscardWords

DRAW_DISCARD: Final = MechanismSpec(
    play=DrawDiscard(), document=DrawDiscardDocument(), words=DrawDiscardWords(), learning=DrawDiscardLearning()
)
"""Draw and discard as the registry holds it."""

__all__ = [
    "DISCARD", "DRAW_DISCARD", "SOURCES", "STOCK", "Discard", "Draw", "DrawDiscard", "DrawDiscardDocument",
    "DrawDiscardLearning", "DrawDiscardWords", "DrawTurn",
]
