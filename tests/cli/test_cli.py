"""The command line (``commerce-rules``) and the narration it prints (``commerce_rules.text.narrate``).

Every command runs through :func:`commerce_rules.cli.main` with pytest's
``capsys``; ``python -m commerce_rules`` runs once in a subprocess. The
demo's games are replayed here with the same bots, so the tests know every
card and can check that the narration shows each showdown and never names a
card before the table may see it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_52,
    EXTENDED,
    FOSTER,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    Mechanism,
    TRENTUNO,
    Barter,
    BarterReply,
    Buy,
    Card,
    Discard,
    Exchange,
    ExchangeAll,
    GameState,
    HandValue,
    Knock,
    Pass,
    Phase,
    Pounce,
    Rules,
    __version__,
    apply,
    deal_position,
    evaluate,
    hand_strength_table,
    new_game,
    observe,
    parse_cards,
)
from commerce_rules.core.actions import Action
from commerce_rules.bots import GreedyBot
from commerce_rules.cli import EXIT_OK, EXIT_USAGE, main, parse_option
from commerce_rules.text.narrate import (
    compare_values,
    describe_deal_start,
    describe_move,
    describe_showdown,
    describe_winners,
    narrate_step,
    seat_list,
)
from helpers import bots_at, play_out, walk

CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")
"""A card as the narration writes it."""

PLAYABLE = [name for name in PRESETS if name != "hoyle"]
"""The presets whose game the demo tests play (Hoyle's is not part of this task)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)``: the exit status, the standard output and the standard error."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def assert_usage_error(status: int, out: str, err: str, *fragments: str) -> None:
    """Wrong input: status 2, nothing on stdout, one line on stderr that names the problem, no traceback."""
    assert status == EXIT_USAGE
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, (fragment, err)


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


# --------------------------------------------------------------------------- rank


@pytest.mark.parametrize(
    ("variant", "hand", "expected"),
    [
        ("foster", "Q♠ K♠ A♠", "sequence Q-K-A of spades"),
        ("foster", "A♥ K♥ 4♦", "point 21 (A♥ K♥)"),
        ("foster", "2♣ 5♦ 9♥", "nothing"),
        ("foster", "A♠ 2♠ 3♠", "sequence A-2-3 of spades"),
        ("crp", "7h 7d 7c", "tricon of 7s"),
        ("crp", "J♣ J♦ 4♠", "pair of jacks, 4 kicker"),
        ("crp", "A♥ Q♥ 3♥", "flush A-Q-3 of hearts"),
        ("crp", "A♠ 2♠ 3♠", "flush A-3-2 of spades"),
        ("pounce", "7♠ 7♥ 7♦ 7♣", "quad of 7s"),
        ("trentuno", "A♠ K♠ Q♠", "point: 31"),
        ("trentuno", "7♠ 7♥ 7♦", "30½ (tricon of 7s)"),
        ("extended", "A♠ A♥ K♦", "nothing"),
        ("extended", "4♦ 5♦ 6♦", "sequence 4-5-6 of diamonds"),
        ("hoyle", "K♥ Q♥ 2♥", "flush K-Q-2 of hearts"),
    ],
)
def test_rank_prints_category_and_description(
    capsys: pytest.CaptureFixture[str], variant: str, hand: str, expected: str
) -> None:
    status, out, err = run(capsys, "rank", hand, "--variant", variant)
    assert (status, out, err) == (EXIT_OK, expected + "\n", "")


def test_rank_defaults_to_foster_and_reads_the_hand_unquoted(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rank", "Qs", "Ks", "As") == (EXIT_OK, "sequence Q-K-A of spades\n", "")
    # K-A-2 is never a sequence (RULES.md §1.6): three different suits would be nothing, one suit a point.
    assert run(capsys, "rank", "K♠ A♠ 2♠")[1] == "point 23 (A♠ K♠ 2♠)\n"


def test_rank_accepts_rules_as_another_name_for_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rank", "7h 7d 7c", "--rules", "crp")[1] == "tricon of 7s\n"
    assert run(capsys, "rank", "7h 7d 7c", "--variant", "CRP")[1] == "tricon of 7s\n"


def test_rank_option_changes_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    # CRP's ace_low is off: A-2-3 is a flush; the house rule makes it the lowest sequence (RULES.md §2.5).
    assert run(capsys, "rank", "A♠ 2♠ 3♠", "--variant", "crp")[1].startswith("flush ")
    status, out, _ = run(capsys, "rank", "A♠ 2♠ 3♠", "--variant", "crp", "--option", "ace_low=true")
    assert (status, out) == (EXIT_OK, "sequence A-2-3 of spades\n")
    # Trentuno, unsuited: the three cards count together, nearest 31 without going over (RULES.md §4).
    status, out, _ = run(capsys, "rank", "A♠ K♥ 7♦", "--variant", "trentuno", "--option", "trentuno_suited=false")
    assert (status, out) == (EXIT_OK, "point: 28\n")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["rank", "6♠ 7♠ K*"], ["'K*'"]),
        (["rank", "A♠ A♥"], ["3 cards", "not 2"]),
        (["rank", "A♠ A♠ K♦"], ["A♠ appears twice"]),
        (["rank", "9♠ 9♥ 2♦", "--variant", "trentuno"], ["9♠ is not in", "40-card"]),
        (["rank", "7♠ 7♥ 7♦ 7♣"], ["not 4"]),
        (["rank", "Q♠ K♠ A♠", "--variant", "bridge"], ["invalid choice", "bridge"]),
        (["rank", "Q♠ K♠ A♠", "--option", "ace_low"], ["NAME=VALUE"]),
        (["rank", "Q♠ K♠ A♠", "--option", "colour=red"], ["unknown rules option 'colour'"]),
        (["rank", "Q♠ K♠ A♠", "--option", "pounce=true"], ["pounce needs a widow"]),
        (["rank", "Q♠ K♠ A♠", "--variant", "crp", "--option", "starting_lives=0"], ["starting_lives"]),
        (["rank"], ["hand"]),
    ],
)
def test_rank_reports_wrong_input_in_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    assert_usage_error(*run(capsys, *argv), *fragments)


# --------------------------------------------------------------------------- compare


@pytest.mark.parametrize(
    ("variant", "first", "second", "verdict"),
    [
        ("crp", "A♠ K♠ Q♠", "2♥ 2♦ 2♣", "second hand wins: tricon beats sequence"),
        ("foster", "7♣ 7♦ 7♥", "Q♠ K♠ A♠", "first hand wins: tricon beats sequence"),
        ("crp", "K♥ 9♥ 4♥", "Q♠ J♠ 2♠", "first hand wins: both flush; higher card (K over Q)"),
        ("crp", "Q♠ J♠ 2♠", "K♥ 9♥ 4♥", "second hand wins: both flush; higher card (K over Q)"),
        ("crp", "A♥ Q♥ 3♥", "A♠ Q♠ 2♠", "first hand wins: both flush; higher third card (3 over 2)"),
        ("crp", "J♣ J♦ K♠", "J♥ J♠ 4♣", "first hand wins: both pair; higher odd card (K over 4)"),
        ("crp", "9♣ 9♦ 2♠", "8♥ 8♠ A♣", "first hand wins: both pair; higher pair (9 over 8)"),
        ("crp", "A♣ K♥ 9♦", "A♦ K♠ 8♠", "first hand wins: both point; higher point (30 over 29)"),
        ("crp", "A♣ K♥ 9♦", "A♦ Q♥ 9♠", "first hand wins: both point; higher second card (K over Q)"),
        ("crp", "K♣ 9♥ 3♦", "Q♦ 9♠ 3♥", "first hand wins: both point; higher card (K over Q)"),
        ("crp", "Q♠ K♠ A♠", "J♥ Q♥ K♥", "first hand wins: both sequence; higher top card (A over K)"),
        # Foster: at equal totals three cards beat two (RULES.md §1.6).
        ("foster", "A♥ K♥ 4♦", "A♠ 6♠ 4♠", "second hand wins: both point; more cards in the point (3 over 2)"),
        ("foster", "2♣ 3♦ 5♥", "2♠ 3♠ 9♥", "second hand wins: point beats nothing"),
        # Hoyle's flush counts its points first (RULES.md §6.7).
        ("hoyle", "K♥ Q♥ 2♥", "A♣ 9♣ 4♣", "second hand wins: both flush; higher point (24 over 22)"),
        ("extended", "2♦ 3♦ 5♦", "A♠ A♥ A♦", "second hand wins: tricon beats flush"),
        # Trentuno: a count of 31 beats the tricon's 30½, which beats 30 (RULES.md §4.2).
        ("trentuno", "A♠ K♠ Q♠", "7♠ 7♥ 7♦", "first hand wins: 31 beats 30½ (tricon of 7s)"),
        ("trentuno", "K♣ Q♣ J♣", "7♠ 7♥ 7♦", "second hand wins: 30½ (tricon of 7s) beats 30"),
    ],
)
def test_compare_names_the_winning_hand_and_the_rule_that_decides(
    capsys: pytest.CaptureFixture[str], variant: str, first: str, second: str, verdict: str
) -> None:
    status, out, err = run(capsys, "compare", first, second, "--variant", variant)
    assert (status, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert lines[-1] == verdict
    rules = PRESETS[variant]
    assert lines[0] == f"first hand:  {' '.join(map(str, parse_cards(first)))} — {evaluate(first, rules)}"
    assert lines[1] == f"second hand: {' '.join(map(str, parse_cards(second)))} — {evaluate(second, rules)}"


@pytest.mark.parametrize(
    ("variant", "first", "second"),
    [
        ("foster", "7♣ 5♦ 2♥", "9♠ 4♥ 3♦"),  # nothing against nothing (RULES.md §1.6 resolution)
        ("crp", "7♣ 5♦ 2♥", "7♠ 5♥ 2♣"),
        ("extended", "A♠ A♥ K♦", "2♣ 3♦ 5♥"),  # every non-combination is an equal nothing (RULES.md §5)
        ("trentuno", "7♠ 7♥ 7♦", "2♣ 2♦ 2♥"),  # all tricons are 30½ (RULES.md §4.2)
        ("foster", "Q♠ K♠ A♠", "Q♥ K♥ A♥"),
    ],
)
def test_compare_equal_hands_is_a_tie_under_the_variant(
    capsys: pytest.CaptureFixture[str], variant: str, first: str, second: str
) -> None:
    status, out, _ = run(capsys, "compare", first, second, "--variant", variant)
    assert status == EXIT_OK
    assert out.splitlines()[-1] == f"tie: the hands are equal under {variant}"


def test_compare_ties_say_which_options_were_used(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "compare", "A♠ 2♠ 3♠", "A♥ 2♥ 3♥", "--variant", "crp", "--option", "ace_low=true")
    assert out.splitlines()[-1] == "tie: the hands are equal under crp (ace_low=True)"


def test_compare_more_than_two_hands_names_the_next_best(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "compare", "2♣ 5♦ 9♥", "A♠ K♠ Q♠", "3♥ 3♦ 3♣", "--variant", "crp")
    assert status == EXIT_OK
    assert out.splitlines()[-1] == "third hand wins: tricon beats sequence (over the second hand, the next best)"
    _, out, _ = run(capsys, "compare", "Q♠ K♠ A♠", "2♣ 5♦ 9♥", "Q♥ K♥ A♥")
    assert out.splitlines()[-1] == "tie: the first and third hands are equal under foster, the best of these"


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["compare", "A♠ K♠ Q♠"], ["at least two hands"]),
        (["compare", "A♠ K♠ Q♠", "2♥ 2♦"], ["second hand", "not 2"]),
        (["compare", "A♠ K♠ Z♠", "2♥ 2♦ 2♣"], ["first hand", "'Z♠'"]),
        (["compare", "A♠ K♠ Q♠", "2♥ 2♦ 2♣", "--variant", "whist"], ["invalid choice"]),
        (["compare", "A♠ K♠ Q♠", "2♥ 2♦ 2♣", "--option", "exchanges_per_turn=4"], ["exchanges_per_turn"]),
    ],
)
def test_compare_reports_wrong_input_in_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    assert_usage_error(*run(capsys, *argv), *fragments)


COMPARE_RULES = [FOSTER, CRP, POUNCE, TRENTUNO, EXTENDED, PRESETS["hoyle"], CRP.replace(ace_low=True),
                 FOSTER.replace(ace_low=False), TRENTUNO.replace(trentuno_suited=False)]  # fmt: skip


@pytest.mark.parametrize("rules", COMPARE_RULES, ids=lambda r: f"{r.ranking.value}-{r.ace_low}-{r.trentuno_suited}")
def test_compare_reason_agrees_with_the_ranking_at_every_step_of_it(rules: Rules) -> None:
    # Every hand of the ranking, in order: the reason given for each step up
    # names a rule (never the fallback) and points the same way as the ranking.
    table = hand_strength_table(rules)
    by_strength: dict[int, list[HandValue]] = {}
    for value in table.values():
        by_strength.setdefault(value.strength, []).append(value)
    strengths = sorted(by_strength)
    pattern = re.compile(r"(\w+ beats \w+|both \w+; (higher|more) [a-z ]+ \(\S+ over \S+\))")
    for low, high in zip(strengths, strengths[1:]):
        for better, worse in ((by_strength[high][0], by_strength[low][-1]), (by_strength[high][-1], by_strength[low][0])):
            sign, reason = compare_values(better, worse, rules)
            assert sign == 1, (better, worse)
            assert compare_values(worse, better, rules) == (-1, reason)
            if rules.ranking.value != "trentuno":
                assert pattern.fullmatch(reason), (better, worse, reason)
        group = by_strength[low]
        assert compare_values(group[0], group[-1], rules) == (0, "")


def _hand(deck: tuple[Card, ...]) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.lists(st.sampled_from(deck), min_size=3, max_size=3, unique=True).map(tuple)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), rules=st.sampled_from(COMPARE_RULES))
def test_compare_values_sign_is_the_ranking_order(data: st.DataObject, rules: Rules) -> None:
    deck = tuple(c for c in DECK_52 if rules.deck_size == 52 or c.rank not in (8, 9, 10))
    first = evaluate(data.draw(_hand(deck)), rules)
    second = evaluate(data.draw(_hand(deck)), rules)
    sign, reason = compare_values(first, second, rules)
    expected = (first.strength > second.strength) - (first.strength < second.strength)
    assert sign == expected
    assert (reason == "") == (sign == 0)
    if sign and first.category is not second.category and rules.ranking.value != "trentuno":
        winner, loser = (first, second) if sign > 0 else (second, first)
        assert reason == f"{winner.category} beats {loser.category}"


# --------------------------------------------------------------------------- options


@settings(max_examples=50, deadline=None)
@given(name=st.from_regex(r"[a-z_]{1,20}", fullmatch=True), number=st.integers(-(10**6), 10**6))
def test_option_values_are_read_as_int_bool_none_or_text(name: str, number: int) -> None:
    assert parse_option(f"{name}={number}") == (name, number)
    assert parse_option(f"{name}=True") == (name, True)
    assert parse_option(f"{name}=false") == (name, False)
    assert parse_option(f"{name}=None") == (name, None)
    assert parse_option(f"{name}=left") == (name, "left")


# --------------------------------------------------------------------------- program, help, version


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (EXIT_OK, f"commerce-rules {__version__}\n", "")


def test_help_lists_every_command_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == EXIT_OK
    for command in ("rank", "compare", "demo"):
        assert command in out
    status, out, _ = run(capsys, "demo", "--help")
    assert status == EXIT_OK
    assert "--players" in out and "--seed" in out and "--variant" in out and "--option" in out


def test_no_command_or_an_unknown_one_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert_usage_error(*run(capsys), "no command given", "rank, compare, demo")
    assert_usage_error(*run(capsys, "deal"), "invalid choice", "'deal'")


def test_python_m_commerce_rules_runs_the_same_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "commerce_rules", "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: commerce-rules")
    for command in ("rank", "compare", "demo"):
        assert command in result.stdout


# --------------------------------------------------------------------------- demo


def greedy_game(rules: Rules, players: int, seed: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """The demo's game, step by step: GreedyBot at every seat, each seeing its own observation."""
    return walk(new_game(rules, players, seed=seed), bots_at([GreedyBot() for _ in range(players)]))


def final_state(rules: Rules, players: int, seed: int) -> GameState:
    return play_out(new_game(rules, players, seed=seed), bots_at([GreedyBot() for _ in range(players)]))


@pytest.mark.parametrize("variant", PLAYABLE)
def test_demo_plays_a_whole_match_and_shows_every_showdown(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    status, out, err = run(capsys, "demo", "--variant", variant, "--players", "3", "--seed", "7")
    assert (status, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert "seed 7 — replay with --seed 7" in lines
    final = final_state(PRESETS[variant], 3, 7)
    headers = [line for line in lines if line.startswith("Showdown of deal ")]
    assert len(headers) == len(final.showdowns) >= 1
    for showdown in final.showdowns:
        start = lines.index(next(h for h in headers if h.startswith(f"Showdown of deal {showdown.deal_number}:")))
        end = lines.index("", start)
        block = lines[start + 1 : end]
        for seat, (hand, value) in enumerate(zip(showdown.hands, showdown.values)):
            if hand:
                dealer = ", the dealer" if seat == showdown.dealer else ""
                assert f"  seat {seat}{dealer}: {' '.join(map(str, hand))} — {value}" in block
        assert f"  best hand: seat {showdown.winner}, {showdown.values[showdown.winner]}" in block
        for seat in showdown.losers:
            lost = (f"  seat {seat} has the lowest hand and loses", f"  seat {seat} has no 31 and loses")  # (a blitz, §8.6)
            assert any(line.startswith(lost) for line in block)
    assert lines[-1].startswith(f"Match over after {len(final.showdowns)} deal")
    assert f"seat {final.winners[0]}" in lines[-1]
    assert ("Winners: " if len(final.winners) > 1 else "Winner: ") in lines[-1]


def test_demo_of_three_foster_players_is_a_few_dozen_lines(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--players", "3", "--seed", "11")
    assert status == EXIT_OK
    assert 20 <= len(out.splitlines()) <= 100
    assert out.count("Showdown of deal") == 3  # one deal per player (RULES.md §1.8)


@pytest.mark.parametrize("variant", PLAYABLE)
def test_demo_never_names_a_hand_card_before_its_showdown(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    # Per deal: every card named before the showdown is one the widow showed
    # (the opening widow, or the widow after an exchange or a pounce) or one
    # that lay face up on a discard pile (Thirty-One); so a card that stayed
    # hidden in a hand first appears on its showdown line.
    _, out, _ = run(capsys, "demo", "--variant", variant, "--players", "4", "--seed", "5")
    sections = re.split(r"\n(?=Deal \d+)", out)[1:]
    assert sections
    for section in sections:
        before, _, showdown = section.partition("Showdown of deal")
        assert showdown, section
        widow_lines = [line for line in before.splitlines() if "widow" in line or "discard" in line]
        public = set().union(*(cards_in(line) for line in widow_lines)) if widow_lines else set()
        named = cards_in(before)
        hand_lines = [line for line in showdown.splitlines() if re.match(r"  seat \d+(, the dealer)?: ", line)]
        assert hand_lines
        for line in hand_lines:
            never_shown = cards_in(line.split(" — ")[0].split(": ", 1)[1]) - public
            assert not never_shown & named, (never_shown & named, section)
        # Nor any other hidden card (the stock, the discard): every card named is one the widow showed.
        assert named <= public, (named - public, section)
        if not PRESETS[variant].has_widow and PRESETS[variant].mechanism is not Mechanism.DRAW_DISCARD:
            assert named == set()


@pytest.mark.parametrize("variant", PLAYABLE)
def test_narration_names_only_cards_the_widow_shows(variant: str) -> None:
    # The same check on the states themselves: a move's words name only
    # cards that are in the widow before or after it (exchanges, pounces).
    # (Thirty-One: or on the face-up discard pile before or after it, or discarded onto it.)
    rules = PRESETS[variant]
    first = new_game(rules, 4, seed=3)
    assert cards_in("\n".join(describe_deal_start(first))) == face_up(first)
    for before, action, after in greedy_game(rules, 4, 3):
        words = "\n".join(describe_move(before, action, after))
        public = face_up(before)
        if isinstance(action, (Exchange, Discard)):
            public.add(str(action.cards()[0]))
        if isinstance(action, ExchangeAll):  # the whole hand given goes face up, even where the showdown follows
            public |= {str(card) for card in before.hands[action.player]}
        if after.deal_number == before.deal_number and not len(after.showdowns) > len(before.showdowns):
            public |= face_up(after)
        assert cards_in(words) <= public, (action, words)
        if after.deal_number != before.deal_number and not after.is_over:
            opening = "\n".join(describe_deal_start(after))
            assert cards_in(opening) == face_up(after)


def face_up(state: GameState) -> set[str]:
    """The cards every seat sees on the table: the face-up widow and a face-up discard pile."""
    view = observe(state, state.dealer)
    return {str(card) for card in view.widow + view.discard}


def test_demo_without_seed_prints_one_that_replays_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--players", "3")
    assert status == EXIT_OK
    match = re.search(r"^seed (\d+) — replay with --seed (\d+)$", out, re.MULTILINE)
    assert match is not None and match.group(1) == match.group(2)
    status, again, _ = run(capsys, "demo", "--players", "3", "--seed", match.group(1))
    assert status == EXIT_OK
    assert again == out


def test_demo_options_change_the_rules_played(capsys: pytest.CaptureFixture[str]) -> None:
    # One life each: the first showdown's lowest hand is out at once (RULES.md §2.7).
    status, out, _ = run(capsys, "demo", "--variant", "crp", "--players", "3", "--seed", "2", "--option", "starting_lives=1")
    assert status == EXIT_OK
    assert "crp (starting_lives=1)" in out.splitlines()[0]
    assert "loses their last life: out of the match" in out
    final = final_state(CRP.replace(starting_lives=1), 3, 2)
    assert out.count("Showdown of deal") == len(final.showdowns)


def test_demo_turn_limit_option_ends_deals(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--variant", "crp", "--players", "3", "--seed", "4", "--option", "turn_limit=1")
    assert status == EXIT_OK
    assert "the turn limit (1 turn) is reached" in out
    assert out.splitlines()[-1].startswith("Match over")


WIDOW_BLITZ_ARGS = ("--variant", "schwimmen", "--option", "dealer_choice=false")
"""The widow game whose dealt 31 ends the deal at once (RULES.md §7.6): seed 11, 4 players, settles deal 1 as dealt."""


def test_demo_tells_a_first_deal_settled_as_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", *WIDOW_BLITZ_ARGS, "--seed", "11")
    assert (status, err) == (EXIT_OK, "")
    rules = SCHWIMMEN.replace(dealer_choice=False)
    first = new_game(rules, 4, seed=11)
    assert len(first.showdowns) == 1 and first.deal_number == 2
    lines = out.splitlines()
    # After the heading, before deal 2 opens: deal 1's showdown, told as any showdown is.
    opening = lines[lines.index("seed 11 — replay with --seed 11") + 2 :]
    told = describe_showdown(first.showdowns[0], first)
    assert told[0].startswith("Showdown of deal 1: ")
    assert opening[: len(told) + 2] == [*told, "", *describe_deal_start(first)[:1]]
    assert not any(line.startswith("Deal 1:") for line in lines)  # nobody played deal 1: it has no opening
    final = final_state(rules, 4, 11)
    assert out.count("Showdown of deal ") == len(final.showdowns) == 13
    assert lines[-1] == describe_winners(final)


def test_demo_tells_a_match_over_as_it_is_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    # One deal, settled inside new_game: its showdown and the winners, and no deal to play.
    status, out, err = run(capsys, "demo", *WIDOW_BLITZ_ARGS, "--option", "deal_limit=1", "--seed", "11")
    assert (status, err) == (EXIT_OK, "")
    state = new_game(SCHWIMMEN.replace(dealer_choice=False, deal_limit=1), 4, seed=11)
    assert state.is_over and len(state.showdowns) == 1
    lines = out.splitlines()
    opening = lines[lines.index("seed 11 — replay with --seed 11") + 2 :]
    assert opening == [*describe_showdown(state.showdowns[0], state), "", describe_winners(state)]
    assert "plays first" not in out


def test_the_cli_guide_shows_the_demo_of_a_match_over_as_it_is_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    command = "$ commerce-rules demo --variant schwimmen --option dealer_choice=false --option deal_limit=1 --seed 11"
    guide = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = guide[guide.index(command) + len(command) + 1 :].split("```", 1)[0]
    status, out, _ = run(capsys, *command.split()[2:])
    assert status == EXIT_OK
    assert shown == out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["demo", "--players", "2"], ["3 to 12 players", "not 2"]),
        (["demo", "--players", "13"], ["3 to 12 players"]),
        (["demo", "--players", "many"], ["'many'"]),
        (["demo", "--seed", "abc"], ["'abc'"]),
        (["demo", "--variant", "poker"], ["invalid choice"]),
        (["demo", "--option", "pounce=true"], ["pounce needs a widow"]),
        (["demo", "--variant", "crp", "--option", "stall_passes=0"], ["stall_passes"]),
        (["demo", "--variant", "crp", "--option", "turn_limit=0"], ["turn_limit"]),
    ],
)
def test_demo_reports_wrong_input_in_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    assert_usage_error(*run(capsys, *argv), *fragments)


# --------------------------------------------------------------------------- narration of single rules

FOSTER_HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]


def test_buy_is_told_face_down_with_the_price_paid_to_the_dealer() -> None:
    # RULES.md §1.3 and the worked example §1.9: seat 1 gives K♦, pays 1 to the dealer, draws 8♠.
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0, stock="8♠ 2♦")
    buy = Buy(1, Card.parse("K♦"))
    words = describe_move(state, buy, apply(state, buy))
    assert words == ["seat 1 buys: gives a card face down, pays 1 to the dealer (seat 0), draws from the stock (42 cards left)"]


def test_dealer_buying_pays_nobody_in_the_narration() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=2, stock="8♠")
    buy = Buy(2, Card.parse("4♦"))
    state = apply(state, Buy(0, Card.parse("3♣")))  # the eldest is seat 0; play to the dealer's turn
    state = apply(state, Buy(1, Card.parse("K♦")))
    (words,) = describe_move(state, buy, apply(state, buy))
    assert "the dealer pays nobody" in words
    assert cards_in(words) == set()


def test_buying_the_last_card_is_told_and_ends_the_exchanges() -> None:
    # RULES.md §1.5: the buy that empties the stock is followed at once by the showdown.
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    while len(state.stock) > 1:
        seat = state.to_act
        assert seat is not None
        state = apply(state, Buy(seat, state.hands[seat][0]))
    seat = state.to_act
    assert seat is not None
    buy = Buy(seat, state.hands[seat][0])
    after = apply(state, buy)
    lines = narrate_step(state, buy, after)
    assert "draws the last card of the stock" in lines[0]
    assert lines[1] == "Showdown of deal 1: the stock is exhausted."


def test_barter_and_its_blind_answer_name_no_card() -> None:
    # RULES.md §1.3: the offer is face down and the answer is given before seeing it.
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    offer = Barter(1, Card.parse("K♦"))
    offered = apply(state, offer)
    (words,) = describe_move(state, offer, offered)
    assert words == "seat 1 offers seat 2 a card face down in barter"
    reply = BarterReply(2, Card.parse("4♦"))
    (answer,) = describe_move(offered, reply, apply(offered, reply))
    assert answer == "seat 2 gives seat 1 a card back, unseen: the two cards are swapped"


def test_barter_to_the_right_names_the_right_neighbour() -> None:
    state = deal_position(FOSTER.replace(barter_direction="right"), hands=FOSTER_HANDS, dealer=0)
    offer = Barter(1, Card.parse("K♦"))
    assert describe_move(state, offer, apply(state, offer)) == ["seat 1 offers seat 0 a card face down in barter"]


def test_refusing_a_barter_by_knocking_is_told_and_the_showdown_follows() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    state = apply(state, Barter(1, Card.parse("K♦")))
    after = apply(state, Knock(2))
    lines = narrate_step(state, Knock(2), after)
    assert lines[0] == "  seat 2 refuses seat 1's barter by knocking: the exchanges stop"
    assert lines[1] == "Showdown of deal 1: seat 2 knocked."
    assert "K♦" not in lines[0]


def test_losing_dealer_of_the_same_category_pays_each_other_player() -> None:
    # RULES.md §1.7 and §1.9: the dealer's 3♣ 4♣ 5♣ loses to 6♠ 7♠ 8♠ in the same category.
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0, stock="8♠ 2♦")
    state = apply(state, Buy(1, Card.parse("K♦")))  # draws 8♠: 6♠ 7♠ 8♠
    before = apply(state, Buy(2, Card.parse("4♦")))  # draws 2♦: A♥ K♥ 2♦, still a point of 21
    after = apply(before, Knock(0))
    showdown = after.showdowns[-1]
    lines = describe_showdown(showdown, after, before=before, action=Knock(0))
    assert lines[0] == "Showdown of deal 1: seat 0 knocked."
    assert "  best hand: seat 1, sequence 6-7-8 of spades" in lines
    assert "  seat 1 takes 3 from the pot" in lines
    assert (
        "  seat 0, the dealer, pays 1 each to seats 1 and 2 (the dealer's hand is a sequence like the best hand)"
        in lines
    )
    # Right after the showdown, before the next ante. Dealer: -1 ante, +2 from the buys, -2 paid.
    # Seat 1: -1 ante, -1 buy, +3 pot, +1 from the dealer. Seat 2: -1 ante, -1 buy, +1 from the dealer.
    assert lines[-1] == "  balances: seat 0 -1, seat 1 +2, seat 2 -1"


def test_losing_dealer_of_another_category_pays_the_winner_only() -> None:
    state = deal_position(FOSTER, hands=["2♣ 9♦ 5♥", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    after = apply(state, Knock(1))
    lines = describe_showdown(after.showdowns[-1], after, before=state, action=Knock(1))
    assert "  seat 0, the dealer, pays 1 to seat 1 (the dealer did not win)" in lines
    assert "  seat 0, the dealer: 2♣ 9♦ 5♥ — nothing" in lines


def _play_to_showdown(state: GameState) -> tuple[GameState, Action, GameState]:
    """Knock, then pass every final turn: the step that ends the deal."""
    seat = state.to_act
    assert seat is not None
    state = apply(state, Knock(seat))
    while True:
        seat = state.to_act
        assert seat is not None
        after = apply(state, Pass(seat))
        if len(after.showdowns) > len(state.showdowns):
            return state, Pass(seat), after
        state = after


def test_final_round_showdown_names_the_knocker_and_the_life_lost() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣"], dealer=0, widow="A♣ 3♥ 6♦")
    before, action, after = _play_to_showdown(state)
    lines = narrate_step(before, action, after)
    assert lines[0] == "  seat 0 passes (final turn)"
    assert lines[1] == "Showdown of deal 1: the final round after seat 1's knock is over."
    assert "  seat 0 has the lowest hand and loses a life (2 lives left)" in lines
    assert "  lives: seat 0 2, seat 1 3, seat 2 3" in lines


def test_nobody_loses_when_every_last_life_would_go_at_once() -> None:
    # RULES.md §2.7 resolution: an exact tie at the bottom among all, each on their last life.
    state = deal_position(
        CRP, hands=["7♣ 5♦ 2♥", "7♠ 5♥ 2♣", "7♦ 5♣ 2♠"], dealer=0, widow="A♣ 3♥ 9♦", lives=[1, 1, 1]
    )
    before, action, after = _play_to_showdown(state)
    lines = describe_showdown(after.showdowns[-1], after, before=before, action=action)
    assert "  nobody loses a life: the lowest hands would have taken every player's last life" in lines


def test_elimination_and_the_winner_are_told() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "", "7♠ 8♠ J♣"], dealer=0, widow="A♣ 3♥ 6♦", lives=[1, 0, 1])
    before, action, after = _play_to_showdown(state)
    lines = narrate_step(before, action, after)
    assert "  seat 0 has the lowest hand and loses their last life: out of the match" in lines
    assert "  lives: seat 0 out, seat 1 out, seat 2 1" in lines
    assert lines[-1] == "Match over after 1 deal. Winner: seat 2, the last player with lives."


def test_exchange_shows_both_cards_and_the_widow_after_it() -> None:
    # RULES.md §2.3: both cards of an exchange are public.
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣"], dealer=0, widow="A♣ 3♥ 6♦")
    move = Exchange(1, Card.parse("4♦"), Card.parse("A♣"))
    assert describe_move(state, move, apply(state, move)) == [
        "seat 1 exchanges 4♦ for A♣ from the widow; the widow now holds 4♦ 3♥ 6♦"
    ]


def test_pounce_and_its_refill_are_public_and_a_declined_pounce_is_not_told() -> None:
    # RULES.md §3: the fourth card comes from the widow and the stock's top refills it.
    state = deal_position(POUNCE, hands=["2♣ 5♦ 9♥", "K♠ K♥ K♦", "7♠ 8♠ J♣"], dealer=0, widow="K♣ 3♥ 6♦", stock="Q♠")
    assert state.phase is Phase.POUNCE and state.to_act == 1
    pounced = apply(state, Pounce(1))
    assert describe_move(state, Pounce(1), pounced) == [
        "seat 1 pounces on K♣ from the widow, a four-card hand; Q♠ from the stock refills the widow, "
        "which now holds Q♠ 3♥ 6♦"
    ]
    declined = apply(state, Pass(1))
    assert describe_move(state, Pass(1), declined) == []  # RULES.md §3.3: a declined pounce shows nothing


def test_stall_and_turn_limit_showdowns_say_why() -> None:
    # RULES.md §2.4: every active player passes twice in a row.
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣"], dealer=0, widow="A♣ 3♥ 6♦")
    while True:
        seat = state.to_act
        assert seat is not None
        after = apply(state, Pass(seat))
        if after.showdowns:
            break
        state = after
    assert narrate_step(state, Pass(seat), after)[1] == "Showdown of deal 1: every player passed 2 times in a row."
    limited = deal_position(
        CRP.replace(turn_limit=2), hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣"], dealer=0, widow="A♣ 3♥ 6♦"
    )
    limited = apply(limited, Pass(1))
    after = apply(limited, Pass(2))
    assert narrate_step(limited, Pass(2), after)[1] == "Showdown of deal 1: the turn limit (2 turns) is reached."


def test_seat_lists_read_as_english() -> None:
    assert seat_list([4]) == "seat 4"
    assert seat_list([1, 2]) == "seats 1 and 2"
    assert seat_list([0, 2, 5]) == "seats 0, 2 and 5"


def test_hoyle_narration_shows_the_blind_exchange_and_the_growing_widow() -> None:
    # RULES.md §6.3-6.4: the dealer's blind exchange puts the dealer's first cards face up,
    # and each round after the first adds the stock's top card to the widow; both are public.
    rules = PRESETS["hoyle"]
    lines: list[str] = []
    for before, action, after in greedy_game(rules, 3, 1):
        words = describe_move(before, action, after)
        lines.extend(words)
        public = {str(c) for c in before.widow}
        if after.deal_number == before.deal_number and len(after.showdowns) == len(before.showdowns):
            public |= {str(c) for c in after.widow}
        if isinstance(action, Exchange):
            public.add(str(action.give))
        assert cards_in("\n".join(words)) <= public, (action, words)
    assert any(", the dealer, takes " in line and " from the widow blind" in line for line in lines) or any(
        "declines the blind exchange" in line for line in lines
    )
    assert any(line.startswith("a new round: ") and "joins the widow" in line for line in lines)
