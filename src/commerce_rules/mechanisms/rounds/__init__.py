"""Rounds of exchanges with the dealer's blind exchange (Hoyle's pool game).

One class per role, registered together as :data:`ROUNDS`: the play
(:class:`Rounds`), the turn record's JSON and checks (:class:`RoundsDocument`),
the words (:class:`RoundsWords`) and the learning role (:class:`RoundsLearning`).
"""

from typing import Final

from ...parts.spec import MechanismSpec
from .mechanism import Rounds
from .numbers import RoundsLearning
from .record import RoundsDocument, RoundsTurn
from .words import RoundsWords

ROUNDS: Final = MechanismSpec(play=Rounds(), document=RoundsDocument(), words=RoundsWords(), learning=RoundsLearning())
"""Hoyle's rounds as the registry holds them."""

__all__ = ["ROUNDS", "Rounds", "RoundsDocument", "RoundsLearning", "RoundsTurn", "RoundsWords"]
