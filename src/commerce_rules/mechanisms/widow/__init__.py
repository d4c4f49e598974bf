"""The widow (the commerce games of CRP, Pounce, Trentuno and Extended): exchange with the cards on the table.

One class per role, registered together as :data:`WIDOW`: the play
(:class:`Widow`), the turn record's JSON and checks (:class:`WidowDocument`),
the words (:class:`WidowWords`) and the learning role (:class:`WidowLearning`).
"""

from typing import Final

from ...parts.spec import MechanismSpec
from .mechanism import Widow
from .record import WidowDocument, WidowTurn
from .sampling import WidowLearning
from .words import WidowWords

WIDOW: Final = MechanismSpec(play=Widow(), document=WidowDocument(), words=WidowWords(), learning=WidowLearning())
"""The widow mechanism as the registry holds it."""

__all__ = ["WIDOW", "Widow", "WidowDocument", "WidowLearning", "WidowTurn", "WidowWords"]
