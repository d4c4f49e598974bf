"""Small helpers the rules tests share: play a list of actions, or let players pass."""

from __future__ import annotations

from commerce_rules import GameState, Pass, apply
from commerce_rules.actions import Action


def play(state: GameState, *actions: Action) -> GameState:
    """``state`` after ``actions``, in order."""
    for action in actions:
        state = apply(state, action)
    return state


def passes(state: GameState, count: int) -> GameState:
    """``count`` passes, each by the player to act (a declined question counts as one)."""
    for _ in range(count):
        assert state.to_act is not None
        state = apply(state, Pass(state.to_act))
    return state
