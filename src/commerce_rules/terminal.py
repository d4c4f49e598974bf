"""A game in the terminal: one person against bots (``commerce-rules play``).

The person sees what their seat may know — their :func:`~commerce_rules.observe`
view — and chooses among the legal actions by number. The bots' moves and
every showdown are told in plain words by :mod:`commerce_rules.narrate`,
which never names a hidden card. Input and output are streams, so the game
can be driven from a script or a test as well as from a keyboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from .actions import Action
from .bots import Bot
from .engine import apply, legal_actions
from .errors import HandError
from .narrate import cards_text, describe_deal_start, describe_standings, narrate_step
from .observe import Observation, observe
from .ranking import evaluate
from .state import GameState
from .variant import variant_of

__all__ = ["Abandoned", "choice_text", "play_match", "seat_view"]


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
        lines.append(f"Your hand: {view.hand_sizes[view.player]} cards, face down (you exchange before looking).")
    else:
        try:
            value = f" — {evaluate(view.hand, view.rules)}"
        except HandError:  # a hand no ranking values: Thirty-One's four cards between a draw and its discard
            value = ""
        lines.append(f"Your hand: {cards_text(view.hand)}{value}.")
    if view.widow:
        lines.append(f"The widow: {cards_text(view.widow)}.")
    if view.widow or view.stock_count:
        lines.append(f"Stock: {view.stock_count} cards.")
    owner = variant_of(view.rules).owners.get(view.phase)
    if owner is not None:
        lines.extend(owner.situation(view))
    return lines


def _ask(actions: Sequence[str], reader: TextIO, writer: TextIO) -> int:
    """The index the person chooses among ``actions``; asks again, politely, until it is one of them."""
    for number, text in enumerate(actions, start=1):
        writer.write(f"  {number:>2}. {text}\n")
    while True:
        writer.write(f"Your move (1-{len(actions)}): ")
        writer.flush()
        line = reader.readline()
        if not line:
            raise Abandoned
        answer = line.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return int(answer) - 1
        writer.write(f"Please type a number from 1 to {len(actions)} (or press Ctrl-D to leave).\n")


def play_match(state: GameState, seat: int, bots: Sequence[Bot], reader: TextIO, writer: TextIO) -> GameState:
    """Play ``state`` to its end: the person at ``seat`` answers on ``reader``, ``bots[s]`` plays seat ``s``.

    Returns the final state; raises :class:`Abandoned` when the input ends.
    """
    for line in describe_deal_start(state):
        writer.write(line + "\n")
    while not state.is_over:
        to_act = state.to_act
        assert to_act is not None
        legal = legal_actions(state)
        if to_act == seat:
            writer.write("\n" + "\n".join(seat_view(observe(state, seat))) + "\n")
            action = legal[_ask([choice_text(state, a) for a in legal], reader, writer)]
        else:
            action = bots[to_act].choose(observe(state, to_act), legal)
        after = apply(state, action)
        for line in narrate_step(state, action, after):
            writer.write(line + "\n")
        state = after
    writer.write(describe_standings(state).capitalize() + ".\n")
    return state
