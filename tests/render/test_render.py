"""commerce_rules.render: every picture is well-formed XML, suits are red and black, nothing hidden is drawn.

The pictures are strings built by hand, so the checks read them back with
:mod:`xml.etree.ElementTree`: a stray ``<`` or ``&`` in a text, an unclosed
element or a bad attribute fails here before a browser shows it broken.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_52,
    FOSTER,
    PRESETS,
    ArgumentTypeError,
    Card,
    CardError,
    Knock,
    Observation,
    Pass,
    Showdown,
    apply,
    deal_position,
    new_game,
    observe,
    parse_cards,
)
from commerce_rules.render import (
    BLACK,
    RED,
    Html,
    Svg,
    back_svg,
    card_svg,
    hand_svg,
    observation_html,
    showdown_html,
    table_html,
)
from helpers import random_walk

SVG = "{http://www.w3.org/2000/svg}"


def parsed(text: str) -> ET.Element:
    return ET.fromstring(text)


def titles(text: str) -> list[str]:
    return [element.text or "" for element in parsed(text).iter() if element.tag in ("title", SVG + "title")]


def fills(svg: str) -> set[str]:
    return {element.get("fill", "") for element in parsed(svg).iter() if element.tag == SVG + "g"}


@pytest.mark.parametrize("card", DECK_52, ids=str)
def test_every_card_is_an_svg_document_in_its_suit_colour(card: Card) -> None:
    svg = card_svg(card)
    root = parsed(svg)
    assert root.tag == SVG + "svg"
    assert root.get("aria-label") == str(card)
    assert fills(svg) == {RED if card.suit.symbol in "♥♦" else BLACK}
    assert card.rank.symbol in "".join(root.itertext())


def test_a_card_is_read_from_text_and_a_bad_one_is_a_card_error() -> None:
    assert card_svg("Qh") == card_svg(Card.parse("Q♥"))
    with pytest.raises(CardError):
        card_svg("Zz")
    with pytest.raises(CardError):
        hand_svg(["A♠", 3])  # type: ignore[list-item]


def test_a_hand_draws_its_cards_left_to_right_then_the_face_down_ones() -> None:
    svg = hand_svg("10♥ J♣ A♠", hidden=2)
    assert titles(svg) == ["10♥, hearts", "J♣, clubs", "A♠, spades", "a face-down card", "a face-down card"]
    assert parsed(svg).get("aria-label") == "10♥ J♣ A♠ and 2 face down"
    assert parsed(hand_svg("")).get("aria-label") == "no card"
    assert parsed(back_svg(height=30)).get("height") == "30"


@pytest.mark.parametrize("bad", [0, -1, 10**9, "big", True, float("nan")])
def test_a_picture_height_out_of_range_is_an_argument_type_error(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="height"):
        card_svg("A♠", height=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 53, 1.5, True])
def test_a_count_of_face_down_cards_out_of_range_is_an_argument_type_error(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="hidden"):
        hand_svg("A♠", hidden=bad)  # type: ignore[arg-type]


def test_the_pictures_are_strings_jupyter_shows() -> None:
    svg = hand_svg("A♠ K♠ Q♠")
    assert isinstance(svg, Svg) and isinstance(svg, str) and svg._repr_svg_() == svg
    html = table_html(new_game(FOSTER, 3, seed=1))
    assert isinstance(html, Html) and html._repr_html_() == html


def test_card_observation_and_showdown_draw_themselves_and_stay_plain_values() -> None:
    ace = Card.parse("A♠")
    assert ace._repr_svg_() == card_svg(ace)
    assert ace.__slots__ == ("rank", "suit", "index", "bit")
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="2♥ 9♦ Q♠")
    view = observe(state, 1)
    assert isinstance(view, Observation) and view._repr_html_() == observation_html(view)
    assert view == observe(state, 1) and view._fields == Observation._fields
    after = apply(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0), Knock(1))
    showdown = after.last_showdown
    assert isinstance(showdown, Showdown) and showdown._repr_html_() == showdown_html(showdown)
    assert showdown == showdown._replace() and showdown != tuple(showdown)


def test_a_showdown_names_the_best_hand_the_loss_and_the_points() -> None:
    after = apply(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0), Knock(1))
    showdown = after.last_showdown
    assert showdown is not None
    text = " ".join(parsed(showdown_html(showdown, FOSTER)).itertext())
    assert "best hand" in text and "sequence 6-7-8 of spades" in text and "+4" in text and "-2" in text
    lives = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="2♥ 9♦ Q♠")
    lives = apply(apply(apply(lives, Knock(1)), Pass(2)), Pass(0))
    crp_showdown = lives.last_showdown
    assert crp_showdown is not None
    assert "loses a life" in "".join(parsed(showdown_html(crp_showdown, CRP)).itertext())
    assert "loses" in "".join(parsed(showdown_html(crp_showdown)).itertext())


def test_the_views_refuse_what_they_cannot_draw() -> None:
    state = new_game(FOSTER, 3, seed=1)
    with pytest.raises(ArgumentTypeError, match="GameState"):
        table_html(observe(state, 0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Observation"):
        observation_html(state)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Showdown"):
        showdown_html(state)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="Rules"):
        showdown_html(apply(state, Knock(state.to_act or 0)).showdowns[0], "crp")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_view_of_every_preset_parses_and_shows_no_hidden_card(name: str) -> None:
    """A random match of each preset, every state drawn: the table, each seat's view, each showdown."""
    rules = PRESETS[name]
    rng = random.Random(name)
    state = new_game(rules, 4, seed=3)
    seen_showdowns = 0
    for _, _, state in random_walk(state, rng, steps=30):
        parsed(table_html(state))
        for seat in range(state.num_players):
            view = observe(state, seat)
            drawn = set(titles(observation_html(view)))
            others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
            face_up: tuple[Card, ...] = getattr(view, "discard", ())
            visible = set(view.hand) | set(view.widow) | set(face_up)
            last = view.last_showdown
            if last is not None and last.deal_number == view.deal_number:  # the deal is over: its hands were shown
                visible |= {card for hand in last.hands for card in hand}
            for card in others - visible:
                assert f"{card}, " not in " ".join(drawn), (name, seat, card)
            for card in face_up[-6:]:  # a face-up discard pile is drawn, its top cards at least
                assert f"{card}, " in " ".join(drawn), (name, seat, card)
        if len(state.showdowns) > seen_showdowns:
            seen_showdowns = len(state.showdowns)
            html = showdown_html(state.showdowns[-1], rules)
            assert html.count("<svg") == sum(1 for hand in state.showdowns[-1].hands if hand)
            parsed(html)


def test_the_cards_drawn_in_a_view_are_the_hands_of_the_state() -> None:
    state = deal_position(CRP, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="2♥ 9♦ Q♠")
    names = [title.split(",")[0] for title in titles(table_html(state))]
    assert names == [str(card) for card in parse_cards("3♣ 4♣ 5♣ 6♠ 7♠ K♦ A♥ K♥ 4♦ 2♥ 9♦ Q♠")]


@given(
    cards=st.lists(st.sampled_from(DECK_52), unique=True, max_size=12),
    hidden=st.integers(min_value=0, max_value=6),
    height=st.floats(min_value=8, max_value=1000, allow_nan=False),
)
def test_any_hand_is_well_formed_and_draws_each_card_once_in_its_colour(
    cards: list[Card], hidden: int, height: float
) -> None:
    svg = hand_svg(cards, hidden=hidden, height=height)
    root = parsed(svg)
    slots = max(len(cards) + hidden, 1)
    assert len(titles(svg)) == slots
    assert titles(svg)[: len(cards)] == [f"{card}, {card.suit.name.lower()}" for card in cards]
    groups = [element for element in root if element.tag == SVG + "g" and element.get("fill")]
    assert [group.get("fill") for group in groups] == [RED if card.suit.symbol in "♥♦" else BLACK for card in cards]
    assert float(root.get("height", "0")) == pytest.approx(height, rel=1e-3)
