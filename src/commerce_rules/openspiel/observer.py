"""OpenSpiel's Python observer for the game of :mod:`commerce_rules.openspiel` (extra ``openspiel``).

Kept apart from the game and its states so that each module has one job:
this one turns a state into the tensor and the strings of each of
``pyspiel.IIGObservationType``'s views (see :mod:`commerce_rules.openspiel`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import pyspiel

from .. import observation_tensor, observation_tensor_size, observation_to_json
from ..core.cards import Card
from ..core.errors import CommerceError
from ..engine.observe import observe
from ..learning.observer_views import DealEnd, public_size, public_text, public_view
from ..core.state import GameState

from .records import Now

if TYPE_CHECKING:
    from ..core.rules import Rules


class ObservedGame(Protocol):
    """What an observer reads of the game (:class:`~commerce_rules.openspiel.CommerceGame`)."""

    rules: Rules
    players: int
    deck: tuple[Card, ...]


class ObservedState(Protocol):
    """What an observer reads of a state (:class:`~commerce_rules.openspiel.CommerceState`)."""

    @property
    def now(self) -> Now: ...

    @property
    def shown(self) -> GameState | None: ...

__all__ = ["CommerceObserver"]


class CommerceObserver:
    """OpenSpiel's Python observer: ``tensor`` (float32), its named views ``dict``, and strings."""

    def __init__(self, game: ObservedGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise CommerceError(f"the observer takes no parameters, not {dict(params)!r}")
        self.game = game
        private = iig_obs_type.private_info
        self.public = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.everyone = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        players, deck = game.players, len(game.deck)
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self.single and self.public:
            pieces.append(("observation", (observation_tensor_size(game.rules, players),)))
        else:
            if self.public:
                pieces.append(("public", (public_size(players, deck),)))
            if self.single:
                pieces.append(("hand", (deck,)))
            if self.everyone:
                pieces.append(("hands", (players, deck)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + count].reshape(shape)
            index += count
        self._card_index = {card: i for i, card in enumerate(game.deck)}

    def set_from(self, state: ObservedState, player: int) -> None:
        """Fill ``tensor`` with ``state`` as ``player`` sees it in this observer's view (zeros before the first deal)."""
        self.tensor.fill(0)
        shown = state.shown
        if shown is None:
            return
        if "observation" in self.dict:
            self.dict["observation"][:] = observation_tensor(observe(shown, player))
        if "public" in self.dict:
            self._public_tensor(shown, self.dict["public"])
        if "hand" in self.dict:
            for card in observe(shown, player).hand:
                self.dict["hand"][self._card_index[card]] = 1
        if "hands" in self.dict:
            for seat, hand in enumerate(shown.hands):
                for card in hand:
                    self.dict["hands"][seat, self._card_index[card]] = 1

    def _public_tensor(self, state: GameState, out: Any) -> None:
        players = state.num_players
        view = public_view(state)
        out[view["dealer"]] = 1
        if view["to_act"] is not None:
            out[players + view["to_act"]] = 1
        for seat in view["active"]:
            out[2 * players + seat] = 1
        base = 3 * players
        out[base : base + players] = view["hand_sizes"]
        out[base + players : base + 2 * players] = view["balances"]
        out[base + 2 * players : base + 3 * players] = view["lives"]
        base += 3 * players
        for text in view["widow"]:
            out[base + self._card_index[Card.parse(text)]] = 1
        base += len(self.game.deck)
        out[base : base + 5] = (view["deal_number"], view["stock_count"], view["discard_count"], view["pot"], bool(view["winners"]))

    def string_from(self, state: ObservedState, player: int) -> str:
        """``state`` as ``player`` sees it in this observer's view, as text (with perfect recall, each earlier deal's end too)."""
        now = state.now
        shown = state.shown
        if shown is None:
            if now.dealer is None:
                return "before the first deal"
            return f"dealing deal {len(now.decks) + 1}, the first dealer seat {now.dealer}"
        parts = [self._text(end.state, player, end) for end in now.past] if self.perfect_recall else []
        parts.append(self._text(shown, player, None))
        if now.pending is not None:
            parts.append(f"dealing deal {shown.deal_number + 1 + len(now.decks)}: {len(now.dealt)} cards dealt")
        return "\n".join(parts)

    def _text(self, state: GameState, player: int, end: DealEnd | None) -> str:
        """One state in this view; ``end``'s texts, made when that deal ended, where it has this view's."""
        if self.single and self.public:
            return end.text(player) if end is not None else observation_to_json(observe(state, player))
        pieces: list[str] = []
        if self.public:
            pieces.append(end.text(-1) if end is not None else public_text(state))
        if self.single:
            pieces.append("hand: " + " ".join(map(str, observe(state, player).hand)))
        if self.everyone:
            pieces.append("hands: " + " | ".join(" ".join(map(str, hand)) for hand in state.hands))
        return "\n".join(pieces)
