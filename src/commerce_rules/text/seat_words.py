"""What one seat is told that the table is not: its view in lines, its menu's lines, the cards it drew or received.

Kept apart from the terminal game that prints them (:mod:`commerce_rules.cli.terminal`),
so that any table (a chat game, a server) can say them too.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.errors import HandError
from ..core.observation import Observation
from ..core.state import GameState
from ..engine.observe import observe
from ..engine.variant import variant_of
from ..parts.words import plural
from ..ranking import evaluate
from .narrate import cards_text
from .table_words import hand_gained

__all__ = ["choice_text", "hand_news", "hand_text", "seat_view"]


def choice_text(state: GameState, action: Action) -> str:
    """One legal action as a menu line for the player who takes it (their own cards named), in the owning part's words.

    The terminal's menu; :func:`~commerce_rules.describe_action` gives the
    short label of a button, from the seat's observation alone.
    """
    owner = variant_of(state.rules).words.owners.get(state.phase)
    return action.describe() if owner is None else owner.choice_text(state, action)


def seat_view(view: Observation) -> list[str]:
    """What the person's seat knows now, as the lines shown above the menu."""
    lines = []
    if not view.hand and view.hand_sizes[view.player]:
        lines.append(f"Your hand: {plural(view.hand_sizes[view.player], 'card')}, face down (you exchange before looking).")
    else:
        lines.append(f"Your hand: {hand_text(view)}.")
    if view.widow:
        lines.append(f"The widow: {cards_text(view.widow)}.")
    if view.widow or view.stock_count:
        lines.append(f"Stock: {plural(view.stock_count, 'card')}.")
    owner = variant_of(view.rules).words.owners.get(view.phase)
    if owner is not None:
        lines.extend(owner.situation(view))
    return lines


def hand_text(view: Observation) -> str:
    """The seat's own cards and their value ("5♦ 9♥ 8♠ — nothing"), or the cards alone where no ranking values them."""
    try:
        return f"{cards_text(view.hand)} — {evaluate(view.hand, view.rules)}"
    except HandError:  # a hand no ranking values: Thirty-One's four cards between a draw and its discard
        return cards_text(view.hand)


def hand_news(before: GameState, action: Action, after: GameState, seat: int) -> list[str]:
    """What ``action`` brought into ``seat``'s hand that the table was not told: the card drawn or received.

    Said to that seat alone, from what it may know (its own observations
    before and after, and the move's event in its history): a card from the
    stock is *drawn*, one from another seat (a barter) is *received* from
    it, and one taken unseen (Schwimmen's extra hand) is *taken*. A card taken from the face-up widow (or a face-up discard pile) is
    already in the narration, and
    a new deal's hand is shown as it starts, so neither is repeated. Nothing
    is said of a hand held face down. :func:`~commerce_rules.seat_news` says
    the same from two observations alone, and more (a hand first seen, a new
    deal's hand).

    >>> from commerce_rules import FOSTER, Buy, apply, deal_position
    >>> state = deal_position(FOSTER, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2, stock="8♠ 2♦")
    >>> buy = Buy(0, state.hands[0][0])
    >>> hand_news(state, buy, apply(state, buy), 0)
    ['You drew 8♠ for 2♣; your hand: 5♦ 9♥ 8♠ — nothing.']
    """
    seen, now = observe(before, seat), observe(after, seat)
    if now.deal_number != seen.deal_number or not seen.hand or not now.hand:
        return []
    return hand_gained(seen, now)
