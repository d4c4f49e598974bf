"""``commerce-rules simulate``: many matches between bots, a results table, a progress bar on stderr."""

from __future__ import annotations

import re

import pytest

from commerce_rules.cli import EXIT_OK, EXIT_USAGE, main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["simulate", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_simulate_prints_a_row_per_seat_with_win_rates_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "--bots", "greedy,random,random", "--games", "12", "--seed", "3", "--workers", "1")
    assert status == EXIT_OK and err == ""
    assert out.startswith("Commerce, foster: 12 matches of greedy, random, random, seed 3.")
    rows = [line for line in out.splitlines() if re.match(r"^\d+ +(greedy|random) ", line)]
    assert [row.split()[1] for row in rows] == ["greedy", "random", "random"]
    wins = [int(row.split()[2]) for row in rows]
    assert sum(wins) >= 12  # every match has a winner; shared wins count for each
    assert all(re.search(r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]", row) for row in rows)
    assert "mean balance [95% CI]" in out and "deals per match: mean 3.00" in out


def test_simulate_results_do_not_depend_on_the_number_of_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--variant", "crp", "--bots", "greedy,greedy,random", "--games", "8", "--seed", "5")
    _, one, _ = _run(capsys, *args, "--workers", "1")
    _, two, _ = _run(capsys, *args, "--workers", "2")
    assert one == two
    assert "mean lives left [95% CI]" in one


def test_simulate_shows_a_progress_bar_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "--bots", "random,random,random", "--games", "5", "--seed", "1", "--workers", "1", "--progress")
    assert status == EXIT_OK
    assert err.endswith("] 5/5 games\n") and "\r[" in err
    assert "games\r" not in out  # the bar stays off the results


def test_the_search_bot_can_be_simulated_with_a_small_budget(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--bots", "search,greedy,greedy", "--games", "2", "--seed", "1", "--workers", "1", "--rollouts", "8")
    assert status == EXIT_OK
    assert re.search(r"^0 +search ", out, re.MULTILINE)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,clever,random"], "unknown bot 'clever'"),
        (["--bots", "greedy,random"], "give one bot per seat, 3 to 12 of them"),
        (["--bots", "greedy,random,random", "--games", "0"], "at least 1"),
        (["--bots", "greedy,random,random", "--variant", "chess"], "chess"),
    ],
)
def test_bad_simulate_arguments_are_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, *args)
    assert status == EXIT_USAGE
    assert message in err
