"""A part as it is registered: its play protocol and, beside it, the objects that play its other roles.

The engine plays a part through its play protocol; the serialisation, the
words and the learning code each ask the object registered for their role.
A part may play several roles with one object (a small part often does) or
give each role a class of its own; the registry (:mod:`commerce_rules.engine.variant`)
holds one spec per part, and nothing else combines them.
"""

from __future__ import annotations

import attrs

from .document import MechanismDocument, ScoringDocument
from .learning import MechanismLearning, ScoringLearning
from .play import MechanismPart, ScoringPart
from .words import MechanismWords, ScoringWords

__all__ = ["MechanismSpec", "ScoringSpec"]


@attrs.frozen
class MechanismSpec:
    """A mechanism's roles: how it plays, its JSON and checks, its words, and what learning code asks of it."""

    play: MechanismPart
    document: MechanismDocument
    words: MechanismWords
    learning: MechanismLearning



@attrs.frozen
class ScoringSpec:
    """A scoring's roles: how it plays, its JSON and checks, its words, and its slice of the tensor."""

    play: ScoringPart
    document: ScoringDocument
    words: ScoringWords
    learning: ScoringLearning

