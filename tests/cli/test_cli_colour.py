"""``--color``: red hearts and diamonds on a terminal; plain text for a pipe, a file, ``NO_COLOR`` or ``never``."""

from __future__ import annotations

import io
import re

import pytest

from commerce_rules.cli import main
from commerce_rules.cli.colour import RED, RESET, ColourWriter, colour_wanted, red_suits

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    """A captured standard output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], stdout: io.StringIO) -> str:
    monkeypatch.setattr("sys.stdout", stdout)
    assert main(argv) == 0
    return stdout.getvalue()


def test_always_colours_the_red_suits_only(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(monkeypatch, ["compare", "K♥ Q♥ J♥", "A♠ K♠ Q♠", "--color", "always"], io.StringIO())
    assert f"{RED}K♥{RESET}" in out and f"{RED}J♥{RESET}" in out
    assert f"{RED}A♠" not in out and "A♠" in out


def test_auto_colours_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert RED in run(monkeypatch, ["compare", "10♦ J♦ Q♦", "2♠ 3♠ 5♣"], Terminal())


def test_auto_leaves_a_pipe_or_a_file_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = run(monkeypatch, ["compare", "10♦ J♦ Q♦", "2♠ 3♠ 5♣"], io.StringIO())
    assert "\x1b" not in out and "10♦" in out


@pytest.mark.parametrize("value", ["1", "yes", "0"])
def test_no_color_turns_auto_off_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("NO_COLOR", value)
    assert "\x1b" not in run(monkeypatch, ["compare", "10♦ J♦ Q♦", "2♠ 3♠ 5♣"], Terminal())
    assert RED in run(monkeypatch, ["compare", "10♦ J♦ Q♦", "2♠ 3♠ 5♣", "--colour", "always"], Terminal())


def test_an_empty_no_color_is_no_request() -> None:
    assert colour_wanted("auto", Terminal(), {"NO_COLOR": ""})
    assert not colour_wanted("auto", Terminal(), {"NO_COLOR": "1"})
    assert not colour_wanted("never", Terminal(), {})
    assert colour_wanted("always", io.StringIO(), {"NO_COLOR": "1"})


def test_never_is_plain_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b" not in run(monkeypatch, ["compare", "10♦ J♦ Q♦", "2♠ 3♠ 5♣", "--color", "never"], Terminal())


def test_coloured_text_is_the_plain_text_with_codes_added(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["demo", "--players", "3", "--seed", "5"]
    plain = run(monkeypatch, [*argv, "--color", "never"], io.StringIO())
    coloured = run(monkeypatch, [*argv, "--color", "always"], io.StringIO())
    assert RED in coloured and ANSI.sub("", coloured) == plain


def test_a_bad_colour_choice_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "A♠ K♠ Q♠", "--color", "pink"]) == 2
    assert "--color" in capsys.readouterr().err


def test_the_writer_passes_through_and_reports_what_it_was_given() -> None:
    target = io.StringIO()
    writer = ColourWriter(target)
    assert writer.write("2♥ and ♦") == len("2♥ and ♦") and writer.writable()
    writer.flush()
    assert target.getvalue() == red_suits("2♥ and ♦") == f"{RED}2♥{RESET} and {RED}♦{RESET}"
    assert writer.encoding == "utf-8" and not writer.isatty()
