"""What the OpenSpiel observers show beyond one seat's observation: the public view, and a deal's end kept for perfect recall.

Apart from :mod:`commerce_rules.openspiel` because none of it needs
OpenSpiel: the main test suite and type check read it without the extra.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs

from ..engine.observe import observe, public_table
from ..serialize import observation_to_json
from ..core.state import Event, GameState

__all__ = ["DealEnd", "common_history", "deal_end", "event_text", "public_size", "public_text", "public_view"]


def public_view(state: GameState) -> dict[str, Any]:
    """What every seat of ``state`` sees alike: the public fields, the history without private cards."""
    players = state.num_players
    view = observe(public_table(state), 0)  # the public fields as a seat asked nothing sees them (Rules §3.3)
    views = [observe(state, seat) for seat in range(players)]
    history = common_history(state.history, [v.history for v in views])
    return {
        "deal_number": view.deal_number,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "hand_sizes": list(view.hand_sizes),
        "widow": [str(card) for card in view.widow],
        "stock_count": view.stock_count,
        "discard_count": view.discard_count,
        "pot": view.pot,
        "balances": list(view.balances),
        "lives": list(view.lives),
        "active": list(view.active),
        "history": [event_text(event) for event in history],
        "showdowns": [
            {"dealer": s.dealer, "winner": s.winner, "hands": [" ".join(map(str, hand)) for hand in s.hands]}
            for s in view.showdowns
        ],
        "winners": list(view.winners),
    }


def common_history(full: Sequence[Event], seen: Sequence[Sequence[Event]]) -> list[Event]:
    """The events of ``full`` that every seat's history holds (a seat's is ``full`` with some left out)."""
    present = [True] * len(full)
    for history in seen:
        j = 0
        for i, event in enumerate(full):
            if j < len(history) and history[j].kind is event.kind and history[j].player == event.player:
                j += 1
            else:
                present[i] = False
    return [event for event, kept in zip(full, present) if kept]


def event_text(event: Event) -> str:
    cards = " ".join(map(str, event.cards)) if event.visible_to is None else f"{len(event.cards)} unseen"
    target = "" if event.target is None else f" -> seat {event.target}"
    return f"seat {event.player} {event.kind.value}{' ' + cards if event.cards else ''}{target}"


def public_text(state: GameState) -> str:
    return json.dumps(public_view(state), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@attrs.frozen
class DealEnd:
    """A deal's last state before the next deal (perfect recall's memory); its views' texts made once, when first asked."""

    state: GameState
    texts: dict[int, str] = attrs.field(factory=dict, eq=False, repr=False)
    """Seat -> its :func:`~commerce_rules.observation_to_json`; -1 -> the public view's text."""

    def text(self, seat: int) -> str:
        """Seat ``seat``'s view of the deal's end, or the public view for ``-1``."""
        found = self.texts.get(seat)
        if found is None:
            found = public_text(self.state) if seat < 0 else observation_to_json(observe(self.state, seat))
            self.texts[seat] = found
        return found


def deal_end(state: GameState) -> DealEnd:
    return DealEnd(state)


def public_size(players: int, deck: int) -> int:
    # dealer, to act, active (one-hot per seat); hand sizes, balances, lives; widow (one-hot per card);
    # deal number, stock count, discard count, pot, over.
    return 3 * players + 3 * players + deck + 5
