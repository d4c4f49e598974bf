"""A move typed in words — ``x 2♣ 4♦``, ``knock``, ``draw stock`` — read as one of the legal actions.

The words come from the action classes, so every part's actions can be
typed and no variant keeps a list of its own: an action is its JSON
``type`` in words (``exchange``, ``exchange all``, ``barter reply``), then
its cards, then its word fields (``draw stock``, ``draw discard``). Any
run of the type's words will do (``all``, ``reply 4♥``), ``x`` is short
for ``exchange``, and the cards may come in any order and be written as
:meth:`Card.parse <commerce_rules.Card.parse>` reads them (``2♣``, ``2c``,
``10s``, ``Ts``). Only the actions passed in are candidates, so a move
that is not legal now, or that could name two of them, reads as ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import CommerceError

__all__ = ["MAX_TYPED", "SHORT_WORDS", "move_words", "read_move"]

SHORT_WORDS: Final = {"x": "exchange"}
"""Words typed for another (the usual shorthand)."""
MAX_TYPED: Final = 200
"""The longest line read as a move, in characters (the longest move, a blind exchange of three cards, is 30)."""


def move_words(action: Action) -> str:
    """``action`` as it is typed in full: ``'exchange 2♣ 4♦'``, ``'draw stock'``, ``'knock'``."""
    fields = [getattr(action, field) for field, _ in action.word_fields]
    return " ".join([*action.json_type.split("_"), *map(str, action.cards()), *fields])


def read_move(text: str, legal: Sequence[Action]) -> Action | None:
    """The one action of ``legal`` that ``text`` names, or ``None`` where it names none of them, or several.

    >>> from commerce_rules import CRP, deal_position, legal_actions
    >>> state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 3♦"], dealer=2, widow="4♦ Q♠ 8♣")
    >>> read_move("x 2c 4d", legal_actions(state))
    Exchange(player=0, give=Card('2♣'), take=Card('4♦'))
    >>> read_move("x 2c 6s", legal_actions(state)) is None   # 6♠ is not in the widow
    True
    """
    if len(text) > MAX_TYPED:
        return None
    words: list[str] = []
    cards: list[int] = []
    for token in text.replace(",", " ").split():
        card = _card(token)
        if card is None:
            words.append(SHORT_WORDS.get(token.lower(), token.lower()))
        else:
            cards.append(card.index)
    found = [action for action in legal if _names(action, words, sorted(cards))]
    return found[0] if len(found) == 1 else None


def _card(token: str) -> Card | None:
    try:
        return Card.parse(token)
    except CommerceError:
        return None


def _names(action: Action, words: list[str], cards: list[int]) -> bool:
    """Whether ``words`` are a run of ``action``'s type words then its word fields, and ``cards`` its cards (sorted)."""
    fields = [getattr(action, field) for field, _ in action.word_fields]
    verb = words[: len(words) - len(fields)]
    if not verb or words[len(verb) :] != fields or sorted(card.index for card in action.cards()) != cards:
        return False
    name = action.json_type.split("_")
    return any(name[start : start + len(verb)] == verb for start in range(len(name)))
