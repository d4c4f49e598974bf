"""The command line's small courtesies: each thing said once, counts in the right number, clear messages.

``rank`` names the category once; every count agrees with its noun (``1
point``, ``2 points``); a seat that is not a number, or hands the shell split
into single cards, get a message that says what to type; a simulation of one
game shows ``n/a`` rather than an infinite interval; ``play`` tells you the
card you drew or received, shows your hand as each deal starts, and waits for
Enter between deals only at a terminal.
"""

from __future__ import annotations

import contextlib
import io
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    FOSTER,
    HOYLE,
    PRESETS,
    Barter,
    BarterReply,
    Buy,
    BuyHorse,
    GameState,
    apply,
    deal_position,
    hand_strength_table,
    legal_actions,
    new_game,
    observe,
)
from commerce_rules.bots import GreedyBot
from commerce_rules.cli import EXIT_OK, EXIT_USAGE, main
from commerce_rules.cli.rank import rank_text
from commerce_rules.simulation.results import Estimate
from commerce_rules.simulation.results import _mean as _mean_of_sums
from commerce_rules.cli.terminal import Abandoned, play_match
from commerce_rules.engine.variant import variant_of

SINGULAR_AS_PLURAL = re.compile(r"(?<![\d.,/-])(?<!seat )1 (points|matches|games|turns|cards|counters|lives|deals|passes|seats|players)\b")
"""A count of one with a plural noun: what no line may say ("seat 1 deals" is a verb)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def usage_error(status: int, out: str, err: str) -> str:
    """The one line of a usage error (status 2, nothing on stdout, no traceback)."""
    assert status == EXIT_USAGE and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


# --------------------------------------------------------------------------- rank: the category once


def _words(text: str, word: str) -> int:
    return len(re.findall(rf"\b{word}\b", text))


@pytest.mark.parametrize(
    ("variant", "hand", "expected"),
    [
        ("foster", "Q♠ K♠ A♠", "sequence Q-K-A of spades"),
        ("foster", "2♣ 5♦ 9♥", "nothing"),
        ("crp", "J♣ J♦ 4♠", "pair of jacks, 4 kicker"),
        ("trentuno", "A♠ K♠ Q♠", "point: 31"),
        ("trentuno", "7♠ 7♥ 7♦", "30½ (tricon of 7s)"),
    ],
)
def test_rank_names_the_category_once(capsys: pytest.CaptureFixture[str], variant: str, hand: str, expected: str) -> None:
    assert run(capsys, "rank", hand, "--variant", variant) == (EXIT_OK, expected + "\n", "")


def test_every_hand_of_every_preset_is_ranked_naming_its_category_exactly_once() -> None:
    for name, rules in PRESETS.items():
        for value in set(hand_strength_table(rules).values()):
            line = rank_text(value)
            assert str(value) in line, (name, line)
            # Once, in the ranking's own word (Brag's TRICON is a "prial"), unless the description needs it twice (none does).
            word = re.escape(value.category_word)
            assert _words(line, word) == max(1, _words(str(value), word)), (name, line)


# --------------------------------------------------------------------------- counts agree with their nouns


def test_a_turn_limit_of_one_is_one_turn(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--variant", "crp", "--players", "3", "--seed", "4", "--option", "turn_limit=1")
    assert status == EXIT_OK
    assert "the turn limit (1 turn) is reached" in out
    assert not SINGULAR_AS_PLURAL.search(out), SINGULAR_AS_PLURAL.search(out)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_no_demo_says_one_with_a_plural(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    for seed in (1, 2):
        for options in ((), ("--option", "turn_limit=1")):
            status, out, _ = run(capsys, "demo", "--variant", variant, "--players", "3", "--seed", str(seed), *options)
            assert status == EXIT_OK
            found = SINGULAR_AS_PLURAL.search(out)
            assert found is None, (variant, seed, options, found)


def test_a_horse_for_one_point_is_one_point() -> None:
    rules = HOYLE.replace(stake=1, prize=1)
    state = new_game(rules, 3, seed=1)
    # The horse is offered only to a seat out of counters: the menu line is the scoring's own words.
    assert "for 1 point into the pool" in variant_of(rules).words.scoring.choice_text(state, BuyHorse(0))


def test_simulating_one_game_says_one_match_and_no_infinite_interval(capsys: pytest.CaptureFixture[str]) -> None:
    for variant in ("foster", "crp"):
        status, out, err = run(
            capsys, "simulate", "--variant", variant, "--bots", "greedy,random,random", "--games", "1", "--seed", "1", "--workers", "1"
        )
        assert status == EXIT_OK and err == ""
        assert out.startswith(f"Commerce, {variant}: 1 match of greedy, random, random, seed 1.")
        assert "inf" not in out
        assert "n/a" in out
        assert not SINGULAR_AS_PLURAL.search(out)


def test_the_progress_bar_counts_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "--bots", "random,random,random", "--games", "1", "--seed", "1", "--workers", "1", "--progress")
    assert status == EXIT_OK
    assert "0/1 game " in err and "1/1 game " in err and not re.search(r"(?<![\d.])1 games", err)


# --------------------------------------------------------------------------- small samples: Student's t


def _mean(values: list[float]) -> Estimate:
    """The estimate a simulation makes of ``values``, from their exact sums as its tallies keep them."""
    return _mean_of_sums(len(values), sum(map(Fraction, values), Fraction(0)), sum((Fraction(v) ** 2 for v in values), Fraction(0)))


def test_the_mean_of_one_value_has_no_interval() -> None:
    estimate = _mean([5.0])
    assert estimate.value == 5.0
    assert str(estimate) == "5.000 [n/a]"


def test_the_mean_of_two_values_uses_students_t_with_one_degree_of_freedom() -> None:
    estimate = _mean([1.0, 3.0])  # mean 2, standard deviation √2, standard error 1
    assert estimate.value == 2.0
    assert estimate.low == pytest.approx(2.0 - 12.706204736174694)
    assert estimate.high == pytest.approx(2.0 + 12.706204736174694)


@settings(max_examples=50)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=40))
def test_t_intervals_are_wider_than_normal_ones_for_small_samples(values: list[int]) -> None:
    estimate = _mean([float(v) for v in values])
    n = len(values)
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    assert estimate.high - estimate.value == pytest.approx(estimate.value - estimate.low, abs=1e-9)
    assert estimate.high - estimate.value >= 1.959963984540054 * sd / n**0.5 - 1e-9


# --------------------------------------------------------------------------- clear messages


@pytest.mark.parametrize("seat", ["x", "1.5", "first"])
def test_a_seat_that_is_not_a_number_says_what_a_seat_is(capsys: pytest.CaptureFixture[str], seat: str) -> None:
    err = usage_error(*run(capsys, "play", "--players", "3", "--seat", seat))
    assert "invalid int value" not in err
    assert "--seat" in err and "seat number" in err and repr(seat) in err


def test_compare_with_unquoted_hands_says_how_to_quote_them(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(*run(capsys, "compare", "A♠", "K♠", "Q♠", "2♥", "2♦", "2♣"))
    assert "quote" in err
    assert 'compare "A♠ K♠ Q♠" "2♥ 2♦ 2♣"' in err


def test_compare_with_one_hand_split_by_the_shell_says_how_to_quote(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(*run(capsys, "compare", "A♠ K♠ Q♠", "2h", "2d", "2c"))
    assert "quote" in err and "second hand" in err


def test_compare_hint_names_no_grouping_it_cannot_know(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(*run(capsys, "compare", "A♠", "K♠", "Q♠", "2♥"))
    assert "quote" in err and '"A♠ K♠ Q♠"' in err  # the generic example, not a guess at four cards


def test_compare_of_a_short_quoted_hand_is_still_the_hand_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(*run(capsys, "compare", "A♠ K♠", "2♥ 2♦ 2♣"))
    assert "first hand: a hand has 3 cards, not 2" in err and "quote" not in err


# --------------------------------------------------------------------------- play: what you drew, your hand, pauses


class _Keyboard(io.StringIO):
    """Lines typed at a terminal: ``isatty()`` is true."""

    def isatty(self) -> bool:
        return True


def _foster_position() -> GameState:
    # Seat 2 deals, so seat 0, the eldest, plays first; the stock's top card is 8♠. The seed fixes the
    # later deals, in which the input may or may not run out (bots may end them before seat 0 acts).
    return deal_position(FOSTER, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2, stock="8♠ 2♦ 3♠ J♣", seed=1)


def test_play_says_which_card_you_drew() -> None:
    state = _foster_position()
    writer = io.StringIO()
    with contextlib.suppress(Abandoned):
        play_match(state, 0, [GreedyBot() for _ in range(3)], io.StringIO("1\n"), writer)  # buy: give 2♣
    out = writer.getvalue()
    assert "You drew 8♠" in out
    assert out.index("seat 0 buys") < out.index("You drew 8♠")


def test_play_says_which_card_you_received_in_a_barter() -> None:
    state = _foster_position()
    bots = [GreedyBot() for _ in range(3)]
    offered = apply(state, Barter(0, state.hands[0][0]))  # menu line 4: barter 2♣ to seat 1
    reply = bots[1].choose(observe(offered, 1), legal_actions(offered))
    assert isinstance(reply, BarterReply)
    received = reply.card
    writer = io.StringIO()
    with contextlib.suppress(Abandoned):
        play_match(state, 0, bots, io.StringIO("4\n"), writer)
    assert f"You received {received} from seat 1" in writer.getvalue()


def test_the_news_of_a_card_names_no_card_of_another_seat() -> None:
    state = _foster_position()
    writer = io.StringIO()
    with contextlib.suppress(Abandoned):
        play_match(state, 0, [GreedyBot() for _ in range(3)], io.StringIO("1\n"), writer)
    news = [line for line in writer.getvalue().splitlines() if line.strip().startswith(("You drew", "You received"))]
    assert news
    after = apply(state, Buy(0, state.hands[0][0]))
    for line in news:
        named = set(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", line))
        assert named <= {str(card) for card in after.hands[0]} | {"2♣"}, line


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: io.StringIO, *args: str) -> str:
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["play", *args]) == EXIT_OK
    return capsys.readouterr().out


def test_play_shows_your_hand_as_each_deal_starts(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, io.StringIO("1\n" * 2000), "--players", "3", "--seed", "5")
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if re.match(r"^Deal \d+ of 3:", line)]
    assert len(starts) == 3
    for start in starts:
        # Before any move of the deal is told (a bot may knock before your first turn), your hand is shown.
        following = lines[start + 1 :]
        first_move = next(i for i, line in enumerate(following) if line.startswith("  seat ") or line.startswith("Your move"))
        assert any(line.strip().startswith("Your hand: ") for line in following[:first_move]), "\n".join(lines[start : start + 8])


def test_play_does_not_wait_between_deals_when_input_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, io.StringIO("1\n" * 2000), "--players", "3", "--seed", "5")
    assert "Press Enter" not in out
    assert "Match over after 3 deals" in out


def test_play_waits_for_enter_between_deals_at_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # seed 5, 3 players: a bot knocks at once in deal 1; then one Enter, then "1" for every move.
    out = _play(monkeypatch, capsys, _Keyboard("\n" + "1\n" * 2000), "--players", "3", "--seed", "5")
    lines = out.splitlines()
    pauses = [i for i, line in enumerate(lines) if line.startswith("Press Enter for the next deal")]
    assert len(pauses) == 2  # between deals 1 and 2, and 2 and 3; not after the last
    for i in pauses:
        assert any(line.startswith("Showdown of deal") for line in lines[max(0, i - 12) : i])
        assert any(re.match(r"^Deal \d of 3:", line) for line in lines[i + 1 : i + 4])


def test_end_of_input_at_the_pause_leaves_the_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(monkeypatch, capsys, _Keyboard(""), "--players", "3", "--seed", "5")
    assert "Press Enter for the next deal" in out
    assert out.rstrip().endswith("You left the table. Goodbye.")


def test_play_match_pauses_only_when_asked() -> None:
    state = new_game(FOSTER, 3, seed=5)
    writer = io.StringIO()
    final = play_match(state, 0, [GreedyBot() for _ in range(3)], io.StringIO("1\n" * 2000), writer, interactive=False)
    assert final.is_over and "Press Enter" not in writer.getvalue()
    writer = io.StringIO()
    final = play_match(state, 0, [GreedyBot() for _ in range(3)], io.StringIO("\n\n" + "1\n" * 2000), writer, interactive=True)
    assert writer.getvalue().count("Press Enter for the next deal") == 2


def test_play_says_which_card_you_received_when_you_answer_a_barter() -> None:
    # Seed 2, 3 players: seat 2 plays first and offers seat 0 a card in barter (docs/cli.md's example).
    state = new_game(FOSTER, 3, seed=2)
    bots = [GreedyBot() for _ in range(3)]
    offer = bots[2].choose(observe(state, 2), legal_actions(state))
    assert isinstance(offer, Barter)
    offered = apply(state, offer)
    writer = io.StringIO()
    with contextlib.suppress(Abandoned):
        play_match(state, 0, bots, io.StringIO("1\n"), writer)  # answer with the first card
    assert f"You received {offer.card} from seat 2 for {state.hands[0][0]}" in writer.getvalue()
    assert offered.turn.offer == offer.card
