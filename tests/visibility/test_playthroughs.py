"""The golden playthroughs (tests/playthroughs/) still record what each seat sees, step by step.

A failure means that an observation or its tensor changed somewhere in a
recorded match. If that is the change meant, regenerate the files with
``python scripts/make_playthroughs.py`` and review their diff: it shows
exactly what each seat now sees.
"""

from __future__ import annotations

import json

import pytest

from commerce_rules import Observation, observation_to_json

from golden_playthroughs import DIRECTORY, REGENERATE, first_difference, path_for, presets, record


@pytest.mark.parametrize("preset", presets())
def test_recording_matches_the_checked_in_file(preset: str) -> None:
    path = path_for(preset)
    assert path.exists(), f"{preset}: no recording at {path}; create it with `{REGENERATE}`"
    difference = first_difference(preset, path.read_text(encoding="utf-8"), record(preset))
    if difference is not None:
        pytest.fail(difference, pytrace=False)


def test_every_recording_belongs_to_a_preset() -> None:
    """A preset renamed or removed leaves no stale file behind that nothing checks."""
    stale = sorted(path.name for path in DIRECTORY.glob("*.txt") if path.stem not in presets())
    assert not stale, f"recordings of no preset: {stale}; `{REGENERATE}` removes them"


def test_the_pounce_recording_shows_a_question_and_its_decline() -> None:
    """The files exist to show what seats see during a private question: the pounce match must ask one, declined."""
    lines = record("pounce").splitlines()
    answers = [lines[n + 1] for n, line in enumerate(lines) if line.startswith("to act:") and line.endswith("(pounce)")]
    assert answers, "the recorded pounce match asks no pounce question: choose another seed"
    assert any('"type":"pass"' in answer for answer in answers), "no pounce question is declined: choose another seed"


def test_a_recording_checks_that_every_observation_carries_every_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """The files leave each observation's rules out (the header names the options set), so the recorder checks them:
    a document that lost an option fails the recording, naming the step and seat."""

    def without_an_option(observation: Observation) -> str:
        document = json.loads(observation_to_json(observation))
        del document["rules"]["turn_limit"]
        return json.dumps(document, ensure_ascii=False)

    monkeypatch.setattr("golden_playthroughs.observation_to_json", without_an_option)
    with pytest.raises(AssertionError, match="step 0, seat 0: the observation document's rules are"):
        record("crp")


def test_the_recordings_name_the_options_set_once_and_every_observation_leaves_the_rules_out() -> None:
    """A new option, added with its default, changes no recording: no observation line holds the rules."""
    text = path_for("crp").read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("# every observation's rules")]
    assert len(header) == 1 and '"mechanism":"widow"' in header[0] and "must_exchange" not in header[0]
    assert '"rules"' not in text
