"""JSON in and out: save a game, load it back, send an action over the wire.

:func:`to_json` writes a :class:`~commerce_rules.GameState` as a versioned
JSON document and :func:`state_from_json` reads it back, equal to the state
written; :func:`action_to_json` and :func:`action_from_json` do the same for
one action (:func:`action_to_dict` and :func:`action_from_dict` for the same
document as a dict), and :func:`observation_to_json` (or
:func:`observation_to_dict`) and :func:`observation_from_json` for what one
seat may see, with its words. The text is stable: the same value always
gives the same text (keys sorted, cards as their canonical text such as
``"10♠"``, enums as their string values, :class:`~commerce_rules.Rules` as
:meth:`Rules.options <commerce_rules.Rules.options>`).

Reading treats its input as untrusted. Anything that is not a valid state or
action raises :class:`~commerce_rules.SerializationError` naming the field
(``hands[2][0]``, ``turn.offer``, ``showdowns[1].winner``) and what is wrong
with it; no other exception escapes, and no state is built that the engine
could not play from. The checks run in three layers: the document's shape
(:mod:`.document`; the ``turn`` and ``score`` records are read by the
variant's mechanism and scoring), the state's consistency (:mod:`.checks`,
then each part's own ``check``), and last a probe of
:func:`~commerce_rules.legal_actions` on the rebuilt state.

Hand values of past showdowns are not stored: they are rebuilt with
:func:`~commerce_rules.evaluate` from the revealed hands, so a document can
never claim a value its cards do not have.
"""

from __future__ import annotations

from .actions import ACTION_TYPE_NAMES, action_from_dict, action_from_json, action_to_dict, action_to_json
from .document import MAX_DOCUMENT, STATE_FORMAT, STATE_VERSION, state_from_json, to_json
from .observation import OBSERVATION_FORMAT, OBSERVATION_VERSION, observation_from_json, observation_to_dict, observation_to_json

__all__ = [
    "ACTION_TYPE_NAMES",
    "MAX_DOCUMENT",
    "OBSERVATION_FORMAT",
    "OBSERVATION_VERSION",
    "STATE_FORMAT",
    "STATE_VERSION",
    "action_from_dict",
    "action_from_json",
    "action_to_dict",
    "action_to_json",
    "observation_from_json",
    "observation_to_dict",
    "observation_to_json",
    "state_from_json",
    "to_json",
]
