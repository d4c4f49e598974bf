"""``commerce-rules simulate``: many matches between bots, a results table, a progress bar on stderr, Ctrl-C."""

from __future__ import annotations

import _thread
import io
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from commerce_rules.cli import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, ProgressBar, main

from helpers import ctrl_c_armed, sigint_as_default  # noqa: F401  (ctrl_c_armed is a fixture)

INTERRUPTED = re.compile(r"^commerce-rules simulate: interrupted: \d+ of \d+ games? played$")


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
    assert err.startswith("\r[------------------------------] 0/5 games  -- games/s  ETA --")
    assert re.search(r"\] 5/5 games  [\d.]+ games/s  in 0:0\d\n$", err)
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


# --------------------------------------------------------------------------- the progress bar


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_is_drawn_at_0_at_once_then_shows_the_rate_and_the_time_left() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with ProgressBar(400, stream, width=10, interval=None, clock=clock) as bar:
        assert stream.getvalue() == "\r[----------] 0/400 games  -- games/s  ETA --"  # before any game ends
        clock.now += 40
        bar(100)
        assert stream.getvalue().endswith("\r[##--------] 100/400 games  2.5 games/s  ETA 2:00")
        clock.now += 3560
        bar(399)
        assert stream.getvalue().endswith("\r[#########-] 399/400 games  0.1 games/s  ETA 0:09")
        clock.now += 2 * 3600
        bar(400)
    assert stream.getvalue().endswith("\r[##########] 400/400 games  0.0 games/s  in 3:00:00\n")
    assert stream.getvalue().count("\n") == 1  # one line, redrawn in place, ended once


def test_a_shorter_redraw_blanks_what_the_longer_one_left() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with ProgressBar(10, stream, width=4, interval=None, clock=clock) as bar:
        clock.now += 3600
        bar(1)  # ETA 9:00:00
        clock.now += 1
        bar(9)  # ETA 6:40, three characters shorter
    frames = stream.getvalue().rstrip("\n").split("\r")[1:]
    assert frames[1].endswith("ETA 9:00:00") and frames[2] == frames[2].rstrip() + "   "
    assert len(frames[2]) == len(frames[1])


def test_the_bar_redraws_itself_while_no_game_ends() -> None:
    stream = io.StringIO()
    with ProgressBar(10, stream, interval=0.01):
        deadline = time.monotonic() + 5
        while stream.getvalue().count("\r") < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
    assert stream.getvalue().count("\r") >= 4 and stream.getvalue().endswith("\n")


# --------------------------------------------------------------------------- Ctrl-C


@pytest.mark.usefixtures("ctrl_c_armed")
def test_ctrl_c_in_simulate_is_one_line_and_status_130(capsys: pytest.CaptureFixture[str]) -> None:
    # In this process: Ctrl-C arrives (as the signal would) while the search bots play long games.
    timer = threading.Timer(1.5, _thread.interrupt_main)  # once the workers have surely started, even on a loaded machine
    started = time.monotonic()
    timer.start()
    try:
        status, out, err = _run(
            capsys, "--bots", "search,search,search", "--rollouts", "2000", "--games", "8", "--workers", "2",
            "--seed", "1", "--no-progress",
        )
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped main() as a KeyboardInterrupt")
    finally:
        timer.cancel()
    assert time.monotonic() - started < 5  # not the tens of seconds that the 8 games take
    assert status == EXIT_INTERRUPTED == 130
    assert INTERRUPTED.match(err.rstrip("\n")) and err.count("\n") == 1
    assert out.startswith("Commerce, foster: 8 matches") and "win rate" not in out


def _group_members(group: int) -> list[int]:
    """The live processes of process group ``group`` (Linux: read from /proc)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) ": state, ppid, pgrp, ...
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(entry.name))
    return members


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table from /proc")
def test_ctrl_c_stops_simulate_within_2_seconds_and_leaves_no_worker_behind() -> None:
    # A run of many long games on 2 worker processes, in its own process group, as a shell runs a job;
    # Ctrl-C at a terminal sends SIGINT to the whole group, parent and workers alike.
    command = [
        sys.executable, "-m", "commerce_rules", "simulate", "--bots", "search,search,search", "--rollouts", "2000",
        "--games", "2000", "--workers", "2", "--seed", "1", "--progress",
    ]
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=sigint_as_default
    )
    assert child.stdout is not None and child.stderr is not None
    stderr = bytearray()
    redrawn = threading.Event()

    def read_stderr(pipe: io.BufferedReader) -> None:
        while chunk := os.read(pipe.fileno(), 4096):
            stderr.extend(chunk)
            if stderr.count(b"\r[") >= 2:  # drawn at 0, then redrawn: the workers are playing
                redrawn.set()

    reader = threading.Thread(target=read_stderr, args=(child.stderr,), daemon=True)
    reader.start()
    try:
        assert redrawn.wait(30), f"the bar was never drawn: {bytes(stderr)!r}"
        assert _group_members(child.pid)[1:], "the workers should be running"
        time.sleep(1.0)  # let every worker finish starting (its initializer leaves SIGINT to the parent)
        sent = time.monotonic()
        os.killpg(child.pid, signal.SIGINT)
        status = child.wait(timeout=30)
        elapsed = time.monotonic() - sent
        reader.join(5)
        deadline = time.monotonic() + 2
        while (left := _group_members(child.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        if child.poll() is None or _group_members(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    text = stderr.decode()
    print(f"SIGINT to exit: {elapsed:.3f} s")
    assert elapsed < 5, f"simulate took {elapsed:.1f} s to stop after SIGINT"
    assert status == EXIT_INTERRUPTED, text
    assert text.startswith("\r[------------------------------] 0/2000 games  -- games/s  ETA --")
    assert INTERRUPTED.match(text.splitlines()[-1]), text
    assert "Traceback" not in text and text.count("\n") == 2  # the bar's line, ended, and the message
    assert left == [], f"processes left behind: {left}"
    assert child.stdout.read().decode().startswith("Commerce, foster: 2000 matches")
