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
from ..core.errors import HandError
from .narrate import (
    cards_text,
    describe_deal_start,
    describe_move,
    describe_standings,
    narrate_outcome,
    narrate_settled_start,
)
from ..core.observation import Observation
from ..engine.observe import observe
from ..ranking import evaluate
from ..core.state import GameState
from .typed_moves import move_words, read_move
from ..engine.variant import variant_of
from ..parts.words import plural

__all__ = ["Abandoned", "choice_text", "hand_news", "play_match", "seat_view"]


class Abandoned(Exception):
    """The person left the game (end of input or Ctrl-C)."""


def choice_text(state: GameState, action: Action) -> str:
    """One legal action as a menu line for the player who takes it (their own cards named), in the owning part's words."""
    owner = variant_of(state.rules).owners.get(state.phase)
    return action.describe() if owner is None else owner.choice_text(state, action)


def seat_view(view: Observation) -> list[str]:
    """What the person's seat knows now, as the lines shown above the menu."""
    lines = []
    if not view.hand and view.hand_sizes[view.player]:
        lines.append(f"Your hand: {plural(view.hand_sizes[view.player], 'card')}, face down (you exchange before looking).")
    else:
        lines.append(f"Your hand: {_hand_text(view)}.")
    if view.widow:
        lines.append(f"The widow: {cards_text(view.widow)}.")
    if view.widow or view.stock_count:
        lines.append(f"Stock: {plural(view.stock_count, 'card')}.")
    owner = variant_of(view.rules).owners.get(view.phase)
    if owner is not None:
        lines.extend(owner.situation(view))
    return lines


def _hand_text(view: Observation) -> str:
    try:
        return f"{cards_text(view.hand)} — {evaluate(view.hand, view.rules)}"
    except HandError:  # a hand no ranking values: Thirty-One's four cards between a draw and its discard
        return cards_text(view.hand)


def hand_news(before: GameState, action: Action, after: GameState, seat: int) -> list[str]:
    """What ``action`` brought into ``seat``'s hand that the table was not told: the card drawn or received.

    Said to that seat alone, from what it may know (its own observations
    before and after, and the move's event in its history): a card from the
    stock is *drawn*, one from another seat (a barter) is *received* from
    it. A card taken from the face-up widow (or a face-up discard pile) is
    already in the narration, and
    a new deal's hand is shown as it starts, so neither is repeated. Nothing
    is said of a hand held face down.

    >>> from commerce_rules import FOSTER, Buy, apply, deal_position
    >>> state = deal_position(FOSTER, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2, stock="8♠ 2♦")
    >>> buy = Buy(0, state.hands[0][0])
    >>> hand_news(state, buy, apply(state, buy), 0)
    ['You drew 8♠ for 2♣; your hand: 5♦ 9♥ 8♠ — nothing.']
    """
    seen, now = observe(before, seat), observe(after, seat)
    if now.deal_number != seen.deal_number or not seen.hand or not now.hand:
        return []
    face_up = (*seen.widow, *seen.discard)  # taken in public: the narration said so
    gained = [card for card in now.hand if card not in seen.hand and card not in face_up]
    if not gained:
        return []
    given = [card for card in seen.hand if card not in now.hand]
    fresh = len(now.history) > len(seen.history)
    last = now.history[-1] if fresh else None  # the move's event: who else took part, if anyone
    other = None if last is None else (last.target if last.player == seat else last.player)
    other = None if other == seat else other
    drawn = other is None and now.stock_count < seen.stock_count
    verb = "drew" if drawn else "received"
    source = "" if other is None else f" from seat {other}"
    exchange = f" for {cards_text(given)}" if given else ""
    return [f"You {verb} {cards_text(gained)}{source}{exchange}; your hand: {_hand_text(now)}."]


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
        writer.write(f"  Your hand: {_hand_text(view)}.\n")


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
