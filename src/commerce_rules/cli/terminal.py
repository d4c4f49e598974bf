"""A game in the terminal: one person against bots (``commerce-rules play``).

The person sees what their seat may know — their :func:`~commerce_rules.observe`
view — and chooses among the legal actions by number, or types one in
words (``x 2♣ 4♦``, ``knock``: :mod:`commerce_rules.text.typed_moves`). The bots' moves and
every showdown are told in plain words by :mod:`commerce_rules.text.narrate`,
which never names a hidden card; what only the person may know (the card
they drew or received, their hand as each deal starts) is told to them
here. Input and output are streams, so the game can be driven from a script
or a test as well as from a keyboard: at a terminal the game waits for
Enter between deals, from a file or a pipe it does not (and writes each
answer it reads, so that the transcript reads as a dialogue).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..core.actions import Action
from ..bots import Bot
from ..engine.reducer import apply, legal_actions
from ..text.narrate import (
    describe_deal_start,
    describe_move,
    describe_standings,
    narrate_outcome,
    narrate_settled_start,
)
from ..engine.observe import observe
from ..core.state import GameState
from ..text.typed_moves import move_words, read_move
from ..text.seat_words import choice_text, hand_news, hand_text, seat_view

__all__ = ["Abandoned", "play_match"]


class Abandoned(Exception):
    """The person left the game (end of input or Ctrl-C)."""


def _is_terminal(reader: TextIO) -> bool:
    isatty = getattr(reader, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream: not a keyboard
        return False


def _read(reader: TextIO, writer: TextIO, echo: bool) -> str:
    """One line typed by the person; :class:`Abandoned` at the end of the input."""
    writer.flush()
    line = reader.readline()
    if not line:
        raise Abandoned
    if echo:  # a file or a pipe: the terminal did not show the answer, so the transcript does
        writer.write(line if line.endswith("\n") else line + "\n")
    return line


def _ask(texts: Sequence[str], legal: Sequence[Action], reader: TextIO, writer: TextIO, echo: bool = False) -> Action:
    """The legal action the person chooses, by its number in the menu of ``texts`` or typed in words
    (:func:`~commerce_rules.text.typed_moves.read_move`); asks again, politely, until it is one of them."""
    for number, text in enumerate(texts, start=1):
        writer.write(f"  {number:>2}. {text}\n")
    example = move_words(legal[0])
    while True:
        writer.write(f'Your move (1-{len(legal)}, or in words, as "{example}"): ')
        answer = _read(reader, writer, echo).strip()
        if answer.isascii() and answer.isdigit() and len(answer) <= 4 and 1 <= int(answer) <= len(legal):  # not "²", nor 5,000 digits
            return legal[int(answer) - 1]
        typed = read_move(answer, legal)
        if typed is not None:
            return typed
        writer.write(f'Please type a number from 1 to {len(legal)}, or a move such as "{example}" (or press Ctrl-D to leave).\n')


def _open_deal(state: GameState, seat: int, writer: TextIO) -> None:
    """A deal's opening lines, then the person's hand before anyone acts (a bot may knock at once).

    When the person acts first, the menu's view shows the hand at once instead.
    """
    for line in describe_deal_start(state):
        writer.write(line + "\n")
    view = observe(state, seat)
    if view.hand and view.to_act != seat:  # the seat's own view: a bot's private question is not shown
        writer.write(f"  Your hand: {hand_text(view)}.\n")


def _between_deals(reader: TextIO, writer: TextIO, pause: bool) -> None:
    """The break after a deal's showdown: at a terminal, wait for Enter, so that the person can read it."""
    if pause:
        writer.write("\nPress Enter for the next deal (Ctrl-D to leave). ")
        _read(reader, writer, echo=False)
    writer.write("\n")


def play_match(
    state: GameState,
    seat: int,
    bots: Sequence[Bot],
    reader: TextIO,
    writer: TextIO,
    *,
    interactive: bool | None = None,
    fresh: bool = False,
) -> GameState:
    """Play ``state`` to its end: the person at ``seat`` answers on ``reader``, ``bots[s]`` plays seat ``s``.

    ``interactive`` (default: whether ``reader`` is a terminal) makes the
    game wait for Enter after each showdown, before the next deal, so that
    the person can read it; otherwise the answers read are written out.
    Returns the final state; raises :class:`Abandoned` when the input ends.

    ``fresh``: ``state`` is a match just started by
    :func:`~commerce_rules.new_game`, which may hold deals settled as soon
    as they were dealt (a 31 under ``blitz``): they are told first
    (:func:`~commerce_rules.text.narrate.narrate_settled_start`), with the pause
    after them. A match under way (``fresh=False``) opens its deal at once.
    A match already over asks nothing and is returned as it is.
    """
    pause = _is_terminal(reader) if interactive is None else interactive
    if fresh and state.showdowns:
        for line in narrate_settled_start(state):
            writer.write(line + "\n")
        if not state.is_over:
            _between_deals(reader, writer, pause)
    if not state.is_over:
        _open_deal(state, seat, writer)
    while not state.is_over:
        to_act = state.to_act
        assert to_act is not None
        legal = legal_actions(state)
        if to_act == seat:
            writer.write("\n" + "\n".join(seat_view(observe(state, seat))) + "\n")
            action = _ask([choice_text(state, a) for a in legal], legal, reader, writer, echo=not pause)
        else:
            action = bots[to_act].choose(observe(state, to_act), legal)
        after = apply(state, action)
        unseen = to_act != seat and observe(after, seat) == observe(state, seat)  # a bot's private answer (Rules §3.3)
        lines = [] if unseen else [f"  {line}" for line in describe_move(state, action, after)]
        lines += [f"  {line}" for line in hand_news(state, action, after, seat)]
        lines += narrate_outcome(state, action, after)
        for line in lines:
            writer.write(line + "\n")
        if after.deal_number != state.deal_number and not after.is_over:
            _between_deals(reader, writer, pause)
            _open_deal(after, seat, writer)
        state = after
    writer.write(describe_standings(state).capitalize() + ".\n")
    return state
