"""The seat's words in its observation document: what a client shows beside what the observation holds.

Since version 3 the document holds, for its observer: its hand's value in
words (``hand_value``), each event's text as that seat may read it
(``history[i].text``), each past showdown's hand values in words
(``showdowns[i].values``) and, when the seat is to act, its legal actions,
each with its label and its action document (``legal_actions``). All of it
is made from the observation alone (:mod:`commerce_rules.text.table_words`),
so it tells the seat nothing its observation does not.

Reading checks the words against those this library writes for the
observation read, and refuses a document whose words differ: a forged
label, text or value, or a list of legal actions with one added, dropped,
changed or moved, is a :class:`~commerce_rules.SerializationError` naming
the field. They are never taken on trust, nor silently replaced.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..core.actions import Action
from ..core.observation import Observation
from ..parts import jsonfields as jf
from ..text.table_words import describe_event, hand_value_text, legal_choices
from .actions import action_document, read_action

__all__ = ["SeatWords", "check_words", "take_words", "write_words"]

_CHOICE_FIELDS: Final = ("action", "label")


class SeatWords(NamedTuple):
    """The words a version-3 document gave, read for their form only (:func:`check_words` checks them)."""

    hand_value: str | None
    texts: tuple[str, ...]
    """One per event of the history."""
    values: tuple[tuple[str | None, ...], ...]
    """One list per showdown: each seat's hand value in words, ``None`` for a seat without cards."""
    choices: tuple[tuple[Action, str], ...]


def _value_words(view: Observation) -> list[list[str | None]]:
    return [[None if value is None else str(value) for value in showdown.values] for showdown in view.showdowns]


def write_words(document: dict[str, Any], view: Observation) -> None:
    """Add ``view``'s words to its ``document`` (the history's and showdowns' entries written already)."""
    document["hand_value"] = hand_value_text(view)
    for entry, event in zip(document["history"], view.history):
        entry["text"] = describe_event(view, event)
    for entry, values in zip(document["showdowns"], _value_words(view)):
        entry["values"] = values
    document["legal_actions"] = [{"label": label, "action": action_document(action)} for action, label in legal_choices(view)]


def _text(value: jf.Json, path: str) -> str:
    if not isinstance(value, str):
        jf.fail(path, f"expected a string, not {jf.shown(value)}")
    return value


def _optional_text(value: jf.Json, path: str) -> str | None:
    return None if value is None else _text(value, path)


def _taken(items: list[Any], name: str, path: str) -> tuple[list[Any], list[tuple[int, jf.Json]]]:
    """``items`` (objects) without their field ``name``, and each value taken out with its item's index.

    An item that is not an object is left as it is, for the reading of the
    observation to refuse it.
    """
    kept: list[Any] = []
    taken: list[tuple[int, jf.Json]] = []
    for i, item in enumerate(items):
        if isinstance(item, dict):
            if name not in item:
                jf.fail(f"{path}[{i}]", f"missing field {name!r}")
            taken.append((i, item[name]))
            item = {key: value for key, value in item.items() if key != name}
        kept.append(item)
    return kept, taken


def take_words(document: dict[str, Any]) -> SeatWords:
    """The words of a version-3 ``document``, read for their form, and taken out of it (it is left as version 1 has it)."""
    hand_value = _optional_text(document.pop("hand_value"), "hand_value")
    choices_value = document.pop("legal_actions")
    history = jf.json_list(document["history"], "history")
    document["history"], texts = _taken(history, "text", "history")
    showdowns = jf.json_list(document["showdowns"], "showdowns")
    document["showdowns"], values = _taken(showdowns, "values", "showdowns")
    choices = []
    for i, item in enumerate(jf.json_list(choices_value, "legal_actions")):
        path = f"legal_actions[{i}]"
        fields = jf.obj(item, path, _CHOICE_FIELDS)
        choices.append((read_action(fields["action"], jf.at(path, "action")), _text(fields["label"], jf.at(path, "label"))))
    return SeatWords(
        hand_value,
        tuple(_text(text, f"history[{i}].text") for i, text in texts),
        tuple(
            tuple(_optional_text(value, f"showdowns[{i}].values[{seat}]") for seat, value in enumerate(jf.json_list(item, f"showdowns[{i}].values")))
            for i, item in values
        ),
        tuple(choices),
    )


def _differ(path: str, found: str | None, expected: str | None) -> None:
    shown = "null" if expected is None else jf.quoted(expected)
    jf.fail(path, f"not what this library writes here ({shown}), but {'null' if found is None else jf.quoted(found)}")


def check_words(view: Observation, words: SeatWords) -> None:
    """The words are those this library writes for ``view``: else a SerializationError naming the first that is not."""
    expected = hand_value_text(view)
    if words.hand_value != expected:
        _differ("hand_value", words.hand_value, expected)
    for i, (text, event) in enumerate(zip(words.texts, view.history)):
        told = describe_event(view, event)
        if text != told:
            _differ(f"history[{i}].text", text, told)
    for i, (given, values) in enumerate(zip(words.values, _value_words(view))):
        if len(given) != len(values):
            jf.fail(f"showdowns[{i}].values", f"expected one value per seat ({len(values)}), not {len(given)}")
        for seat, (found, value) in enumerate(zip(given, values)):
            if found != value:
                _differ(f"showdowns[{i}].values[{seat}]", found, value)
    choices = legal_choices(view)
    if [action for action, _ in words.choices] != [action for action, _ in choices]:
        count = f"{len(choices)}, in the order legal_actions lists them" if choices else "none: the seat is not to act"
        jf.fail("legal_actions", f"not the seat's legal actions here ({count})")
    for i, ((_, label), (_, expected_label)) in enumerate(zip(words.choices, choices)):
        if label != expected_label:
            _differ(f"legal_actions[{i}].label", label, expected_label)
