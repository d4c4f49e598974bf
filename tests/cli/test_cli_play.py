"""``commerce-rules play``: a person against bots, driven here through standard input."""

from __future__ import annotations

import io
import re

import pytest

from commerce_rules import HOYLE, SCHWIMMEN, new_game, observe
from commerce_rules.bots import GreedyBot
from commerce_rules.cli import EXIT_OK, EXIT_USAGE, main
from commerce_rules.text.narrate import describe_showdown, describe_standings, describe_winners
from commerce_rules.cli.terminal import Abandoned, play_match
from commerce_rules.text.seat_words import seat_view


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    status = main(["play", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_play_is_driven_by_numbers_on_standard_input_to_the_end_of_the_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Always the first choice: in Foster that is a buy, so every deal ends when the stock runs out.
    status, out, _ = _run(monkeypatch, capsys, "1\n" * 2000, "--players", "3", "--seed", "5")
    assert status == EXIT_OK
    assert "Match over after 3 deals" in out
    assert out.splitlines()[-2] in ("You win!", "The bots win this time.")
    assert "Your hand:" in out and re.search(r"^ +1\. buy: give ", out, re.MULTILINE)


def test_bad_input_gets_a_polite_message_and_the_prompt_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(monkeypatch, capsys, "hello\n0\n99\n\n", "--players", "3", "--seed", "5")
    assert status == EXIT_OK
    assert out.count("Please type a number from 1 to") == 4
    assert "You left the table. Goodbye." in out


def test_end_of_input_leaves_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(monkeypatch, capsys, "", "--players", "4", "--seed", "1")
    assert status == EXIT_OK and err == ""
    assert out.rstrip().endswith("You left the table. Goodbye.")


class _CtrlC:
    """A keyboard whose next key is Ctrl-C."""

    def readline(self) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_leaves_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", _CtrlC())
    assert main(["play", "--players", "3", "--seed", "2"]) == EXIT_OK
    assert "You left the table. Goodbye." in capsys.readouterr().out


@pytest.mark.parametrize("variant", ["crp", "pounce", "trentuno", "extended", "hoyle"])
def test_every_variant_can_be_played_to_the_end(
    variant: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", variant, "--players", "3", "--seed", "11", "--option", "turn_limit=12"]
    status, out, _ = _run(monkeypatch, capsys, "1\n" * 5000, *args)
    assert status == EXIT_OK
    assert "Match over" in out


def test_a_seat_out_of_range_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(monkeypatch, capsys, "", "--players", "3", "--seat", "3")
    assert status == EXIT_USAGE
    assert "--seat must be a seat from 0 to 2" in err


def test_the_hoyle_dealer_chooses_the_blind_exchange_without_seeing_the_hand() -> None:
    state = new_game(HOYLE, 3, seed=2, dealer=1)
    view = seat_view(observe(state, 1))
    assert view[0] == "Your hand: 3 cards, face down (you exchange before looking)."
    for card in state.hands[1]:
        assert str(card) not in "\n".join(view)
    writer = io.StringIO()
    with pytest.raises(Abandoned):
        play_match(state, 1, [GreedyBot() for _ in range(3)], io.StringIO(""), writer)
    menu = writer.getvalue()
    assert "take " in menu and "blind" in menu
    for card in state.hands[1]:
        assert str(card) not in menu  # neither the view nor the menu names the dealer's unseen cards


WIDOW_BLITZ = SCHWIMMEN.replace(dealer_choice=False)
"""The widow game whose dealt 31 ends the deal at once (RULES.md §7.6): seed 11, 4 players, settles deal 1 as dealt."""
WIDOW_BLITZ_ARGS = ("--variant", "schwimmen", "--option", "dealer_choice=false", "--players", "4", "--seed", "11")


def test_play_tells_a_first_deal_settled_as_dealt(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(monkeypatch, capsys, "1\n" * 5000, *WIDOW_BLITZ_ARGS)
    assert status == EXIT_OK
    first = new_game(WIDOW_BLITZ, 4, seed=11)
    told = describe_showdown(first.showdowns[0], first)
    lines = out.splitlines()
    start = lines.index(told[0])
    assert lines[start : start + len(told)] == told
    assert start < lines.index(next(line for line in lines if line.startswith("Deal 2: ")))
    assert not any(line.startswith("Deal 1:") for line in lines)
    deals = re.search(r"^Match over after (\d+) deals", out, re.MULTILINE)
    assert deals is not None and out.count("Showdown of deal ") == int(deals.group(1))


def test_play_tells_a_match_over_as_it_is_dealt(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # One deal, settled inside new_game: the showdown, the winners (seats 0 and 2), and nothing to play.
    state = new_game(WIDOW_BLITZ.replace(deal_limit=1), 4, seed=11)
    assert state.is_over and state.winners == (0, 2)
    for seat, verdict in ((0, "You win!"), (1, "The bots win this time.")):
        status, out, _ = _run(monkeypatch, capsys, "", *WIDOW_BLITZ_ARGS, "--option", "deal_limit=1", "--seat", str(seat))
        assert status == EXIT_OK
        lines = out.splitlines()
        told = [*describe_showdown(state.showdowns[0], state), "", describe_winners(state)]
        replay = "seed 11 — replay this match with --seed 11."
        assert lines[3:] == [*told, describe_standings(state).capitalize() + ".", verdict, replay]
        assert "Your move" not in out and "plays first" not in out


def test_play_match_of_a_match_over_as_it_is_dealt_reads_nothing() -> None:
    state = new_game(WIDOW_BLITZ.replace(deal_limit=1), 4, seed=11)
    writer = io.StringIO()
    final = play_match(state, 0, [GreedyBot() for _ in range(4)], io.StringIO(""), writer, interactive=True, fresh=True)
    assert final is state
    assert writer.getvalue().startswith("Showdown of deal 1: ")
    assert "Press Enter" not in writer.getvalue()


def test_play_waits_for_enter_after_a_first_deal_settled_as_dealt() -> None:
    # At a terminal, deal 1's showdown is read before deal 2 opens, as after any showdown.
    state = new_game(WIDOW_BLITZ, 4, seed=11)
    writer = io.StringIO()
    with pytest.raises(Abandoned):
        play_match(state, 0, [GreedyBot() for _ in range(4)], io.StringIO(""), writer, interactive=True, fresh=True)
    out = writer.getvalue()
    assert out.startswith("Showdown of deal 1: ")
    assert out.endswith("Press Enter for the next deal (Ctrl-D to leave). ")
    assert "Deal 2" not in out


def test_play_match_of_a_match_under_way_opens_its_deal_without_telling_past_showdowns() -> None:
    state = new_game(WIDOW_BLITZ, 4, seed=11)  # deal 1 settled as dealt: deal 2 to play
    writer = io.StringIO()
    with pytest.raises(Abandoned):
        play_match(state, 0, [GreedyBot() for _ in range(4)], io.StringIO(""), writer, interactive=True)
    assert writer.getvalue().startswith("Deal 2") and "Showdown of deal 1" not in writer.getvalue()


def test_play_prints_the_seed_only_once_the_match_is_over(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The seed deals every hand and the stock: shown at the start it would tell the person everything."""
    status, out, _ = _run(monkeypatch, capsys, "1\n" * 2000, "--players", "3", "--seed", "5")
    assert status == EXIT_OK
    lines = out.splitlines()
    assert lines[-1] == "seed 5 — replay this match with --seed 5."
    assert sum("5" in line and "seed" in line for line in lines) == 1


def test_3_3_a_bots_pounce_question_is_not_told_to_the_person() -> None:
    """Seat 3 (a bot) is asked after the deal and declines: the person at seat 1 sees what it would without it."""
    from commerce_rules import POUNCE, Action, Observation, Pass, Phase, deal_position

    class DeclinesThenPasses(GreedyBot):
        def choose(self, view: Observation, legal: tuple[Action, ...]) -> Action:
            return Pass(view.player) if view.phase is Phase.POUNCE else super().choose(view, legal)

    def opening(fourth: str) -> list[str]:
        hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", fourth]
        state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 7♣ 2♥")
        writer = io.StringIO()
        with pytest.raises(Abandoned):  # the person (the eldest) leaves at its first move
            play_match(state, 1, [DeclinesThenPasses() for _ in range(4)], io.StringIO(""), writer, interactive=False)
        return writer.getvalue().splitlines()

    asked, twin = opening("7♠ 7♥ 7♦"), opening("6♠ 6♥ 6♦")
    assert asked == twin
    assert any(line.startswith("Your move") for line in asked) and not any("pounce" in line for line in asked)
