"""What a part is: the protocols of its roles, the spec it is registered with, and the vocabularies it declares with.

A part implements its play protocol (:mod:`.play`) and registers it, with the
objects that play its other roles — document (:mod:`.document`), words
(:mod:`.words`), learning (:mod:`.learning`) — as one spec (:mod:`.spec`).
A part imports from :mod:`commerce_rules.core`, :mod:`commerce_rules.ranking`
and from here, never from the engine that registers it.
"""

from .document import MechanismDocument, ScoringDocument
from .learning import MechanismLearning, ScoringLearning
from .play import MechanismPart, PhasePart, ScoringPart
from .spec import MechanismSpec, ScoringSpec
from .words import MechanismWords, PhaseWords, ScoringWords

__all__ = [
    "MechanismDocument", "MechanismLearning", "MechanismPart", "MechanismSpec", "MechanismWords", "PhasePart",
    "PhaseWords", "ScoringDocument", "ScoringLearning", "ScoringPart", "ScoringSpec", "ScoringWords",
]
