"""What a part is: the protocols a mechanism and a scoring implement, and the vocabularies they declare with.

A part imports from :mod:`commerce_rules.core`, :mod:`commerce_rules.ranking`
and from here, never from the engine that registers it.
"""

from .protocols import MechanismPart, PhasePart, ScoringPart

__all__ = ["MechanismPart", "PhasePart", "ScoringPart"]
