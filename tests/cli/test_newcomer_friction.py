"""What a newcomer trips on first: seat ranges, huge numbers, typing a move, pictures in a notebook.

Each test is named after the behaviour a newcomer sees; the parts of the
library they touch have their own, fuller test files.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from commerce_rules import (
    CRP, FOSTER, HOYLE, POUNCE, PRESETS, THIRTY_ONE, Action, Barter, BlindExchange, Buy, BuyHorse, CommerceError,
    Exchange, ExchangeAll, IllegalActionError, Knock, Pass, Pounce, Rules, SerializationError, action_from_json,
    apply, deal_position, evaluate, legal_actions, new_game, observe, parse_cards, state_from_json, to_json,
)  # fmt: skip
from commerce_rules.bots import GreedyBot
from commerce_rules.cli import EXIT_OK, main
from commerce_rules.mechanisms.draw_discard.record import Discard, Draw
from commerce_rules.render import Html, cards_html, observation_html, showdown_html, table_html
from commerce_rules.cli.terminal import Abandoned, play_match
from commerce_rules.text.typed_moves import move_words, read_move

from helpers import c, random_walk

HUGE = 10**5000
"""More digits than Python writes as text by default."""

DOCS = Path(__file__).resolve().parents[2] / "docs"


# ---------------------------------------------------------------- 1. a seat range names the table's seats


def test_an_action_built_without_a_table_names_the_largest_tables_seats() -> None:
    with pytest.raises(IllegalActionError) as error:
        Knock(15)
    assert "0 to 11" in str(error.value) and "largest table" in str(error.value)


def test_an_action_read_from_json_without_a_table_names_the_largest_tables_seats() -> None:
    with pytest.raises(SerializationError) as error:
        action_from_json('{"type": "knock", "player": 15}')
    assert "0 to 11" in str(error.value) and "largest table" in str(error.value)


def test_an_action_applied_to_a_3_seat_table_names_that_tables_seats() -> None:
    with pytest.raises(IllegalActionError, match=r"seats are 0 to 2\)") as error:
        apply(new_game(CRP, 3, seed=1), Knock(7))
    assert "11" not in str(error.value)


# ---------------------------------------------------------------- 2. a huge number is the library's own short error


def test_a_5000_digit_seat_in_an_action_is_a_short_commerce_error() -> None:
    for seat in (HUGE, -HUGE):
        with pytest.raises(IllegalActionError) as error:
            Knock(seat)
        assert "sys." not in str(error.value) and len(str(error.value)) < 200


@pytest.mark.parametrize("digits", ["1" + "0" * 5000, "-1" + "0" * 5000, "9" * 4301])
def test_a_5000_digit_number_in_json_is_a_short_serialization_error(digits: str) -> None:
    with pytest.raises(SerializationError) as error:
        action_from_json('{"type":"knock","player":' + digits + "}")
    message = str(error.value)
    assert "set_int_max_str_digits" not in message and "sys." not in message and len(message) < 200
    assert "digits" in message


def test_a_5000_digit_number_in_a_state_document_is_a_short_serialization_error() -> None:
    text = to_json(new_game(CRP, 3, seed=1)).replace('"seed": 1', '"seed": 1' + "0" * 5000, 1)
    with pytest.raises(SerializationError) as error:
        state_from_json(text)
    assert "sys." not in str(error.value) and len(str(error.value)) < 200


def test_a_seed_of_39_digits_still_reads_from_json() -> None:
    state = new_game(CRP, 3, seed=2**128 - 1)
    assert state_from_json(to_json(state)) == state


# ---------------------------------------------------------------- 3. a move typed in words


CRP_POSITION = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 3♦"], dealer=2, widow="4♦ Q♠ 8♣")
"""Seat 0 to act in the widow game, holding 2♣ and seeing 4♦ in the widow."""


def test_a_typed_exchange_names_the_card_given_then_the_card_taken() -> None:
    legal = legal_actions(CRP_POSITION)
    for text in ("x 2♣ 4♦", "x 2c 4d", "X 2C 4D", "exchange 2♣, 4♦", "  x  2c   4d "):
        assert read_move(text, legal) == Exchange(0, c("2♣"), c("4♦")), text


def test_typed_knock_and_pass_are_the_seats_knock_and_pass() -> None:
    legal = legal_actions(CRP_POSITION)
    assert read_move("knock", legal) == Knock(0)
    assert read_move("Pass", legal) == Pass(0)


def test_a_typed_move_that_is_not_legal_reads_as_none() -> None:
    legal = legal_actions(CRP_POSITION)
    for text in ("x 4♦ 4♦", "x 6♠ 4♦", "x 2♣", "pounce", "buy 2♣", "all", "", "2♣", "x 2♣ 4♦ 8♣", "hello", "é" * 5000):
        assert read_move(text, legal) is None, text


def test_all_is_the_exchange_of_the_whole_hand() -> None:
    state = deal_position(CRP.replace(exchange_all=True), hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 3♦"], dealer=2, widow="4♦ Q♠ 8♣")
    legal = legal_actions(state)
    assert read_move("all", legal) == read_move("exchange all", legal) == ExchangeAll(0)
    assert read_move("x 2c 4d", legal) == Exchange(0, c("2♣"), c("4♦"))


def test_buy_and_barter_name_the_card_given() -> None:
    state = deal_position(FOSTER, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2)
    legal = legal_actions(state)
    assert read_move("buy 2♣", legal) == Buy(0, c("2♣"))
    assert read_move("barter 9h", legal) == Barter(0, c("9♥"))


def test_draw_and_discard_name_the_pile_and_the_card() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2)
    legal = legal_actions(state)
    assert read_move("draw stock", legal) == Draw(0, "stock")
    assert read_move("discard 2♣", legal) is None  # not before a draw
    drawn = apply(state, Draw(0, "stock"))
    assert read_move("discard 2♣", legal_actions(drawn)) == Discard(0, c("2♣"))


def _first_legal(rules: Rules, kind: type[Action]) -> tuple[tuple[Action, ...], Action]:
    """The legal actions of the first state met in random play where an action of ``kind`` is legal, and that action."""
    rng = random.Random(3)
    for seed in range(300):
        for before, _, _ in random_walk(new_game(rules, 4, seed=seed), rng, steps=60):
            legal = legal_actions(before)
            found = [action for action in legal if isinstance(action, kind)]
            if found:
                return legal, found[0]
    raise AssertionError(f"no {kind.__name__} met")  # pragma: no cover


@pytest.mark.parametrize(("rules", "kind", "text"), [(POUNCE, Pounce, "pounce"), (HOYLE, BuyHorse, "horse")])
def test_a_move_without_cards_is_read_from_a_word_of_its_name(rules: Rules, kind: type[Action], text: str) -> None:
    legal, action = _first_legal(rules, kind)
    assert read_move(text, legal) == action


def test_a_blind_exchange_is_typed_blind_and_the_widow_cards_in_any_order() -> None:
    legal, action = _first_legal(HOYLE, BlindExchange)
    assert read_move("blind " + " ".join(str(card) for card in reversed(action.cards())), legal) == action


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_legal_action_is_read_back_from_its_own_words(name: str) -> None:
    rng = random.Random(name)
    rules = PRESETS[name]
    for before, _, _ in random_walk(new_game(rules, 4, seed=7), rng, steps=60):
        legal = legal_actions(before)
        for action in legal:
            assert read_move(move_words(action), legal) == action, (name, move_words(action))


def test_move_words_spell_the_action_type_then_its_cards() -> None:
    assert move_words(Exchange(0, c("2♣"), c("4♦"))) == "exchange 2♣ 4♦"
    assert move_words(Draw(1, "discard")) == "draw discard"
    assert move_words(ExchangeAll(2)) == "exchange all"


def _answers(answers: str) -> str:
    """What the terminal game at :data:`CRP_POSITION` writes to seat 0 given ``answers``, to the end of them."""
    writer = io.StringIO()
    with pytest.raises(Abandoned):
        play_match(CRP_POSITION, 0, [GreedyBot() for _ in range(3)], io.StringIO(answers), writer, interactive=False)
    return writer.getvalue()


def test_the_terminal_game_takes_a_typed_move() -> None:
    out = _answers("x 2c 4d\n")
    assert "seat 0 exchanges 2♣ for 4♦" in out
    assert "Please type" not in out


def test_a_typed_move_that_is_not_legal_gets_the_polite_question_again() -> None:
    out = _answers("x 6♠ 4♦\npounce\n" + "9" * 5000 + "\n²\n")
    assert out.count("Please type a number from 1 to") == 4


def test_the_prompt_says_a_move_may_be_typed_in_words() -> None:
    out = _answers("")
    assert re.search(r'Your move \(1-\d+, or in words, as "exchange 2♣ 4♦"\): ', out)


def test_play_on_the_command_line_takes_typed_moves(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 2, 3 players: seat 2 offers seat 0 a card in barter (docs/cli.md's example); 4♥ is seat 0's first card.
    monkeypatch.setattr("sys.stdin", io.StringIO("reply 4h\n"))
    assert main(["play", "--players", "3", "--seed", "2"]) == EXIT_OK
    assert "You received 6♠ from seat 2 for 4♥" in capsys.readouterr().out


def test_the_cli_guides_play_transcript_is_what_play_prints(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    command = "$ commerce-rules play --players 3 --seed 2"
    guide = (DOCS / "cli.md").read_text(encoding="utf-8")
    shown = guide[guide.index(command) + len(command) + 1 :].split("```", 1)[0]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    main(command.split()[2:])
    assert capsys.readouterr().out.startswith(shown)


# ---------------------------------------------------------------- 4. pictures in a notebook


def _cells_left_aligned(html: str) -> None:
    assert re.search(r"<table style=\"[^\"]*margin-left:0", html)
    for tag in re.findall(r"<t[dh][ >][^>]*", html):
        assert "text-align:left" in tag, tag


def test_the_tables_are_left_aligned_in_a_notebook() -> None:
    state = apply(deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0), Knock(1))
    for html in (table_html(CRP_POSITION), observation_html(observe(CRP_POSITION, 1))):
        _cells_left_aligned(html)
    assert state.last_showdown is not None
    _cells_left_aligned(showdown_html(state.last_showdown, FOSTER))


def test_a_hand_value_draws_its_cards_and_category() -> None:
    value = evaluate("A♠ K♠ Q♠", CRP)
    html = value._repr_html_()
    assert html == cards_html(value.cards, "sequence Q-K-A of spades — category sequence")
    assert html.count("<svg") == 1 and html.count("<title>") == 3 and "text-align:left" in html


def test_a_tuple_of_cards_is_drawn_by_cards_html() -> None:
    hand = parse_cards("2♥ 7♣ K♦")
    assert isinstance(hand, tuple)
    html = cards_html(hand)
    assert isinstance(html, Html) and html._repr_html_() == html
    assert html.count("<title>") == 3 and "text-align:left" in html
    assert "my &lt;hand&gt;" in cards_html(hand, "my <hand>")


def test_cards_html_refuses_what_is_no_cards() -> None:
    with pytest.raises(CommerceError):
        cards_html("2♥ 7♣ Z♦")
    with pytest.raises(CommerceError):
        cards_html(parse_cards("2♥ 7♣"), CRP)  # type: ignore[arg-type]
