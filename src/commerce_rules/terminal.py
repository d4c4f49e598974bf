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

from .actions import (
    Action,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Exchange,
    Knock,
    Pass,
    Pounce,
)
from .bots import Bot
from .engine import apply, legal_actions
from .mechanisms.trade_barter import barter_partner
from .narrate import cards_text, describe_deal_start, describe_standings, narrate_step
from .observe import Observation, observe
from .ranking import evaluate
from .scoring.pool import horse_price
from .state import GameState, Phase

__all__ = ["Abandoned", "choice_text", "play_match", "seat_view"]


class Abandoned(Exception):
    """The person left the game (end of input or Ctrl-C)."""


def choice_text(state: GameState, action: Action) -> str:
    """One legal action as a menu line for the player who takes it (their own cards named)."""
    if isinstance(action, Buy):
        cost = "free: you deal" if action.player == state.dealer else f"pay 1 to the dealer, seat {state.dealer}"
        return f"buy: give {action.card}, draw the stock's top card ({cost})"
    if isinstance(action, Barter):
        return f"barter: offer {action.card} to seat {barter_partner(state, action.player)}"
    if isinstance(action, BarterReply):
        return f"answer the barter: give {action.card} back, unseen"
    if isinstance(action, Knock):
        if state.phase is Phase.BARTER_REPLY:
            return "knock: refuse the barter, and the showdown follows"
        return "knock"
    if isinstance(action, Exchange):
        return f"exchange: give {action.give}, take {action.take} from the widow"
    if isinstance(action, Pounce):
        return "pounce: take the fourth card of your tricon from the widow"
    if isinstance(action, BlindExchange):
        return f"take {cards_text(action.take)} from the widow blind (your first-dealt cards go out)"
    if isinstance(action, BuyHorse):
        return f"buy a horse: one counter back for {horse_price(state.rules.stake)} points into the pool"
    assert isinstance(action, Pass)
    if state.phase is Phase.POUNCE:
        return "pass: do not pounce"
    if state.phase is Phase.BLIND_EXCHANGE:
        return "pass: keep your cards, no blind exchange"
    if state.phase is Phase.HORSE:
        return "pass: no horse, you are out"
    if state.turn.exchanges:
        return "pass: end your turn"
    return "pass"


def seat_view(view: Observation) -> list[str]:
    """What the person's seat knows now, as the lines shown above the menu."""
    lines = []
    if view.phase is Phase.BLIND_EXCHANGE and not view.hand:
        lines.append(f"Your hand: {view.hand_sizes[view.player]} cards, face down (you exchange before looking).")
    else:
        value = evaluate(view.hand, view.rules)
        lines.append(f"Your hand: {cards_text(view.hand)} — {value}.")
    if view.widow:
        lines.append(f"The widow: {cards_text(view.widow)}.")
    if view.rules.has_widow or view.stock_count:
        lines.append(f"Stock: {view.stock_count} cards.")
    if view.phase is Phase.BARTER_REPLY:
        lines.append(f"Seat {view.turn.turn_of} offers you a card in barter: answer unseen, or knock to refuse.")
    if view.phase is Phase.POUNCE:
        lines.append("The widow holds the fourth card of your tricon: you may pounce, out of turn.")
    if view.phase is Phase.HORSE:
        lines.append("You lost your last counter; you are the first out.")
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
