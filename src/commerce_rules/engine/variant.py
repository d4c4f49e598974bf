"""The registry of parts, and each ``Rules`` value's parts, looked up once.

This is the one place that names every mechanism and scoring: adding a part
is one entry here (see ``docs/design.md``, "Adding a variant"). The shared
code asks :func:`variant_of` for a variant's parts and never looks further
into the rules to decide what to do.
"""

from __future__ import annotations

from typing import Final

import attrs

from ..core.caches import remember
from ..core.cards import Card
from ..core.deck import deck_for
from ..mechanisms.draw_discard import DRAW_DISCARD
from ..mechanisms.rounds import ROUNDS
from ..mechanisms.trade_barter import TRADE_BARTER
from ..mechanisms.widow import WIDOW
from ..parts.document import MechanismDocument, ScoringDocument
from ..parts.learning import MechanismLearning, ScoringLearning
from ..parts.play import MechanismPart, PhasePart, ScoringPart
from ..parts.spec import MechanismSpec, ScoringSpec
from ..parts.words import MechanismWords, PhaseWords, ScoringWords
from ..core.rules import KEEPS_MONEY, WIDOW_SIZES, Mechanism, Rules, Scoring, check_rules
from ..scoring.ledger import LEDGER
from ..scoring.lives import LIVES
from ..scoring.pool import POOL
from ..core.state import Phase
from .visibility import SeatSight, seat_sight

__all__ = [
    "BY_ID_SIZE", "MECHANISMS", "SCORINGS", "Documents", "Learning", "Variant", "Words", "mechanism_part", "scoring_part",
    "variant_of",
]

MECHANISMS: Final[dict[Mechanism, MechanismSpec]] = {
    Mechanism.TRADE_BARTER: TRADE_BARTER,
    Mechanism.WIDOW: WIDOW,
    Mechanism.ROUNDS: ROUNDS,
    Mechanism.DRAW_DISCARD: DRAW_DISCARD,
}
"""Every mechanism, by the name ``Rules.mechanism`` gives it: adding one is a line here."""
WIDOW_SIZES.update({name: spec.play.widow_size for name, spec in MECHANISMS.items()})  # what Rules.has_widow reads

SCORINGS: Final[dict[Scoring, ScoringSpec]] = {
    Scoring.LEDGER: LEDGER,
    Scoring.LIVES: LIVES,
    Scoring.POOL: POOL,
}
"""Every scoring, by the name ``Rules.scoring`` gives it: adding one is a line here."""
KEEPS_MONEY.update({name: spec.play.has_money for name, spec in SCORINGS.items()})  # what Rules.keeps_money reads


@attrs.frozen
class Words:
    """A variant's words: its mechanism's, its scoring's, and those of the part that owns each phase."""

    mechanism: MechanismWords
    scoring: ScoringWords
    owners: dict[Phase, PhaseWords]


@attrs.frozen
class Documents:
    """A variant's JSON for its records, and its checks of a loaded state."""

    mechanism: MechanismDocument
    scoring: ScoringDocument


@attrs.frozen
class Learning:
    """What learning code asks of a variant's parts: their slices of the tensor, and where hidden cards may be."""

    mechanism: MechanismLearning
    scoring: ScoringLearning


@attrs.frozen
class Variant:
    """A ``Rules`` value's parts, and which part owns each phase."""

    rules: Rules
    mechanism: MechanismPart
    """The mechanism's play protocol: what the engine calls on every action."""
    scoring: ScoringPart
    owners: dict[Phase, PhasePart]
    """The part that decides what may be done in each phase (none for ``OVER``)."""
    deck: tuple[Card, ...]
    """The deck, in deck order."""
    sight: SeatSight
    """Who sees what, as the parts declare it for these rules: what :func:`~commerce_rules.observe` hides."""
    words: Words
    documents: Documents
    learning: Learning

    @property
    def phases(self) -> tuple[Phase, ...]:
        """Every phase a state of this variant can be in."""
        return (*self.owners, Phase.OVER)


_VARIANTS: dict[Rules, Variant] = {}
"""The variants built, by ``Rules`` value: the last ``RULES_CACHE_SIZE`` built (see ``caches``)."""
_BY_ID: dict[int, Variant] = {}
"""The same variants by the ``id`` of a ``Rules`` object seen before: a look-up without hashing the rules
(``variant_of`` is on the hot path: every ``apply``, ``legal_actions`` and ``observe`` asks it).
Each entry keeps its ``Rules`` alive, so that its id stays its own; the last ``BY_ID_SIZE`` are kept,
more than ``_VARIANTS`` as equal rules read from many JSON documents are as many objects."""

BY_ID_SIZE: Final = 1024
"""How many ``Rules`` objects :func:`variant_of` remembers by identity (the oldest remembered goes first)."""


def variant_of(rules: Rules) -> Variant:
    """The parts of ``rules`` (built once per ``Rules`` value)."""
    global last
    if last.rules is rules:
        return last
    variant = _BY_ID.get(id(rules))
    if variant is None or variant.rules is not rules:
        variant = _variant_of(rules)
    last = variant
    return variant


def _variant_of(rules: Rules) -> Variant:
    """``rules``' parts, built or found by equal rules, with ``rules`` itself as their ``rules`` (so ``is`` finds them)."""
    variant = _VARIANTS.get(check_rules(rules))
    if variant is None:
        mechanism, scoring = MECHANISMS[rules.mechanism], SCORINGS[rules.scoring]
        owners: dict[Phase, PhasePart] = {}
        owners_words: dict[Phase, PhaseWords] = {}
        for play, words in ((mechanism.play, mechanism.words), (scoring.play, scoring.words)):
            for phase in play.phases_for(rules):
                owners[phase], owners_words[phase] = play, words
        built = Variant(
            rules, mechanism.play, scoring.play, owners, deck_for(rules), seat_sight(rules, mechanism.play, scoring.play),
            Words(mechanism.words, scoring.words, owners_words),
            Documents(mechanism.document, scoring.document),
            Learning(mechanism.learning, scoring.learning),
        )
        variant = remember(_VARIANTS, rules, built)
    if variant.rules is not rules:
        variant = attrs.evolve(variant, rules=rules)
    return remember(_BY_ID, id(rules), variant, BY_ID_SIZE)


last: Variant = _variant_of(Rules())
"""The variant asked for last: most calls ask for the same rules as the call before (one match, one
simulation), and an identity test is cheaper than a look-up. One assignment replaces it, so a thread never
sees half of one."""


def mechanism_part(rules: Rules) -> MechanismPart:
    """The mechanism that ``rules`` names (its play protocol)."""
    return variant_of(rules).mechanism


def scoring_part(rules: Rules) -> ScoringPart:
    """The scoring that ``rules`` names."""
    return variant_of(rules).scoring
