"""The seat view (``observation_html``) at every moment of a match: the end, the knock, the captions, the seats out.

What one seat sees is drawn from its :class:`~commerce_rules.Observation`
alone: the last showdown's hands face up once its deal is over (the
match's end, Hoyle's horse question), no card for a seat out of the match,
the winners named as such, who knocked, and a caption in the parts' words
for every phase of every preset.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    THIRTY_ONE,
    GameState,
    Knock,
    Observation,
    Rules,
    apply,
    deal_position,
    new_game,
    observation_from_json,
    observation_to_json,
    observe,
)
from commerce_rules.core.events import EventKind
from commerce_rules.core.state import Phase
from commerce_rules.engine.variant import variant_of
from commerce_rules.render import observation_html
from helpers import kind_first, play_out, random_walk, script_module

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
END_PRESETS = {"foster": FOSTER, "crp": CRP, "thirty_one": THIRTY_ONE, "hoyle": HOYLE, "schwimmen": SCHWIMMEN}
"""The presets whose end of a match the issue names; the other presets are played to the end too."""


class Row(NamedTuple):
    roles: list[str]
    """The words under the seat's name: "dealer", "to act", "knocked", "wins the match"..."""
    cards: list[str]
    """The cards drawn face up, as "A♠"."""
    face_down: int
    value: str


def _texts(element: ET.Element) -> str:
    return " ".join(" ".join(element.itertext()).split())


def rows(html: str) -> list[Row]:
    """The seat rows of a view's table, read back from its XML."""
    table = ET.fromstring(html).find(".//table")
    assert table is not None
    found = []
    for tr in table.findall("tr")[1:]:
        label, hand, value = tr.findall("td")[:3]
        note = label.find("span")
        said = [] if note is None else [word.strip() for word in _texts(note).split(",")]
        titles = [element.text or "" for element in hand.iter() if element.tag == SVG + "title"]
        cards = [title.split(",")[0] for title in titles if title not in ("a face-down card", "no card")]
        found.append(Row(said, cards, titles.count("a face-down card"), _texts(value)))
    return found


def caption(html: str) -> str:
    """The words above the table."""
    first = ET.fromstring(html).find(".//p")
    assert first is not None
    return _texts(first)


def knockers_in(view: Observation | GameState) -> list[int]:
    """Who knocked in the deal the history is of: a knock, or a barter refused by knocking (the target knocks)."""
    seats = []
    for event in view.history:
        if event.kind is EventKind.KNOCK:
            seats.append(event.player)
        elif event.kind is EventKind.BARTER_REFUSED:
            assert event.target is not None
            seats.append(event.target)
    return seats


def final_state(rules: Rules, seed: int, players: int = 4) -> GameState:
    return play_out(new_game(rules, players, seed=seed), kind_first(random.Random(seed)))


# --------------------------------------------------------------------------- the end of a match


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_at_a_match_end_every_seat_sees_the_last_showdown_face_up(name: str, seed: int) -> None:
    state = final_state(PRESETS[name], seed)
    showdown = state.last_showdown
    assert showdown is not None
    for seat in range(state.num_players):
        drawn = rows(observation_html(observe(state, seat)))
        for other, row in enumerate(drawn):
            assert row.cards == [str(card) for card in showdown.hands[other]], (name, seat, other)
            assert row.face_down == 0, (name, seat, other)
            value = showdown.values[other]
            assert row.value.startswith("" if value is None else str(value)), (name, seat, other)


@pytest.mark.parametrize("name", sorted(END_PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_at_a_match_end_the_winners_are_labelled_winners_and_nothing_else_of_the_deal(name: str, seed: int) -> None:
    state = final_state(END_PRESETS[name], seed)
    view = observe(state, seed % state.num_players)
    drawn = rows(observation_html(view))
    for seat, row in enumerate(drawn):
        said = row.roles
        assert ("wins the match" in said) == (seat in state.winners), (seat, said)
        assert not {"dealer", "eldest", "to act", "winner"} & set(said), (seat, said)
        assert ("out" in said) == (seat not in state.active), (seat, said)
    words = caption(observation_html(view))
    assert words.startswith("Match over after"), words
    if len(state.winners) == 1:
        assert f"seat {state.winners[0]} wins" in words
    else:
        assert "share the win" in words and all(str(seat) in words for seat in state.winners)


@pytest.mark.parametrize("name", sorted(END_PRESETS))
def test_at_a_match_end_the_last_deals_knock_is_shown(name: str) -> None:
    shown = 0
    for seed in range(1, 9):
        state = final_state(END_PRESETS[name], seed)
        knocked = knockers_in(state)
        view = observe(state, 0)
        labelled = [seat for seat, row in enumerate(rows(observation_html(view))) if "knocked" in row.roles]
        assert labelled == sorted(set(knocked)), (seed, knocked, labelled)
        if knocked:
            shown += 1
            assert "knocked" in caption(observation_html(view))
    assert shown, "no match of these seeds ended with a knock"


def test_a_seat_out_before_the_last_deal_shows_no_card_at_the_end() -> None:
    state = final_state(CRP, 5, players=5)
    showdown = state.last_showdown
    assert showdown is not None
    out_before = [seat for seat, hand in enumerate(showdown.hands) if not hand]
    assert out_before, "seed 5 should put a seat out before the last deal"
    drawn = rows(observation_html(observe(state, state.winners[0])))
    for seat in out_before:
        assert drawn[seat].cards == [] and drawn[seat].face_down == 0
        assert "out" in drawn[seat].roles


# --------------------------------------------------------------------------- during a match


def test_a_seat_out_shows_no_card_and_says_out_during_the_match() -> None:
    rng = random.Random(7)
    seen = 0
    for _, _, state in random_walk(new_game(CRP, 4, seed=7), rng, policy=kind_first(rng)):
        if state.is_over or state.phase is Phase.HORSE:
            continue
        for seat in range(state.num_players):
            if seat in state.active:
                continue
            seen += 1
            row = rows(observation_html(observe(state, (seat + 1) % state.num_players)))[seat]
            assert row.cards == [] and row.face_down == 0 and "out" in row.roles
    assert seen


def test_the_seat_view_names_who_knocked_and_whose_final_turn_it_is() -> None:
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦", "2♠ 9♣ J♦"], dealer=0, widow="2♥ 9♦ Q♠")
    state = apply(state, Knock(1))
    html = observation_html(observe(state, 2))
    words = caption(html)
    assert "Seat 1 knocked" in words and "seat 2" in words
    drawn = rows(html)
    assert [seat for seat, row in enumerate(drawn) if "knocked" in row.roles] == [1]
    assert "to act" in drawn[2].roles


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_during_a_deal_every_knock_is_shown_to_every_seat(name: str) -> None:
    rng = random.Random(name)
    for _, _, state in random_walk(new_game(PRESETS[name], 4, seed=11), rng, steps=400, policy=kind_first(rng)):
        for seat in range(state.num_players):
            view = observe(state, seat)
            drawn = rows(observation_html(view))
            labelled = [other for other, row in enumerate(drawn) if "knocked" in row.roles]
            assert labelled == sorted(set(knockers_in(view))), (name, seat, view.history)


def _pounce_position() -> GameState:
    """Seat 1 holds three sevens and the fourth lies in the widow: asked whether to pounce before the first turn."""
    return deal_position(POUNCE, hands=["3♣ 4♣ 5♣", "7♣ 7♦ 7♥", "A♥ K♥ 4♦"], dealer=0, widow="7♠ 9♦ Q♠")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_phase_of_every_preset_has_a_caption_in_the_parts_words(name: str) -> None:
    rules = PRESETS[name]
    variant = variant_of(rules)
    starts = [new_game(rules, players, seed=seed) for seed, players in ((1, 3), (2, 4), (3, 5))]
    if rules.pounce:
        starts.append(_pounce_position())
    seen = set()
    for number, start in enumerate(starts):
        rng = random.Random(f"{name} {number}")
        states = [start, *(after for _, _, after in random_walk(start, rng, policy=kind_first(rng)))]
        for state in states:
            for seat in range(state.num_players):
                view = observe(state, seat)
                seen.add(view.phase)
                words = caption(observation_html(view))
                for phase in Phase:
                    assert "_" not in phase.value or phase.value not in words, words
                    assert f"({phase.value.replace('_', ' ')})" not in words, words
                if not view.is_over:
                    asked = variant.words.owners[view.phase].waiting_for(view)
                    assert asked[0].upper() + asked[1:] in words, (words, asked)
    assert seen == set(variant.phases), (name, set(variant.phases) - seen)


def test_while_the_horse_is_asked_the_deal_just_shown_down_is_face_up() -> None:
    rng = random.Random(3)
    for _, _, state in random_walk(new_game(HOYLE, 4, seed=3), rng, policy=kind_first(rng)):
        if state.phase is Phase.HORSE:
            showdown = state.last_showdown
            assert showdown is not None
            for seat in range(state.num_players):
                drawn = rows(observation_html(observe(state, seat)))
                assert [row.cards for row in drawn] == [[str(card) for card in hand] for hand in showdown.hands]
            return
    pytest.fail("no horse was asked in this match")


# --------------------------------------------------------------------------- privacy


def test_the_seat_view_is_drawn_from_the_observation_alone() -> None:
    for name, rules in sorted(PRESETS.items()):
        state = final_state(rules, 9)
        for seat in range(state.num_players):
            view = observe(state, seat)
            assert observation_html(view) == observation_html(observation_from_json(observation_to_json(view))), name


def test_twins_that_differ_only_in_hidden_cards_draw_the_same_seat_view() -> None:
    hands = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]
    state = deal_position(CRP, hands=hands, dealer=0, widow="2♥ 9♦ Q♠", stock="8♣")
    twin = deal_position(CRP, hands=["3♣ 4♣ 8♣", *hands[1:]], dealer=0, widow="2♥ 9♦ Q♠", stock="5♣")
    for step in (lambda s: s, lambda s: apply(s, Knock(1))):
        mine, theirs = step(state), step(twin)
        for seat in (1, 2):
            assert observation_html(observe(mine, seat)) == observation_html(observe(theirs, seat))
        assert observation_html(observe(mine, 0)) != observation_html(observe(theirs, 0))


# --------------------------------------------------------------------------- the screenshots of the pictures guide


def test_every_screenshot_scene_is_found_and_its_picture_is_in_the_pictures_guide() -> None:
    """scripts/seat_view_screenshots.py takes them; here only its scenes are played (no browser)."""
    script = script_module(ROOT / "scripts" / "seat_view_screenshots.py")
    guide = (ROOT / "docs" / "guides" / "pictures.md").read_text(encoding="utf-8")
    assert len(script.SCENES) >= 5
    for scene in script.SCENES:
        html = script.scene_html(scene)
        assert rows(html) and caption(html), scene.name
        assert (ROOT / "docs" / "_static" / "screenshots" / f"{scene.name}.png").is_file(), scene.name
        assert f"../_static/screenshots/{scene.name}.png" in guide, scene.name
    assert "python scripts/seat_view_screenshots.py" in guide
