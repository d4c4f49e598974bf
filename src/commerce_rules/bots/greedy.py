"""``GreedyBot``: a fast, deterministic, rule-based player that follows the sources' advice.

The bot looks one card ahead and no further. It scores a hand by how likely
it is to do its job at the showdown -- *win the pot* where the scoring takes
nothing from the lowest hand (a ledger), *not be the lowest hand* where it
does (lives, a pool) -- against opponents holding random hands, and it
scores a pair of cards by the mean score of the hands a random third card
would make with it. Both scores come from tables built once per ranking (see
:class:`~commerce_rules.bots.model.HandModel`), so a decision costs a few
dictionary look-ups and the bot can drive the
:class:`~commerce_rules.bots.SearchBot`'s rollouts.

What to do in a phase is not decided here: :func:`greedy_action` asks the
bots' registry (:mod:`commerce_rules.bots.strategies`) for the strategy of
the part that owns the phase, and each strategy's module says how it plays:

* trade and barter (Foster): :mod:`commerce_rules.bots.strategies.trade_barter`;
* the widow (CRP, Pounce, Trentuno, Extended): :mod:`commerce_rules.bots.strategies.widow`;
* Hoyle's rounds (``HOYLE``), played with the widow rules, declining the
  blind exchange: :mod:`commerce_rules.bots.strategies.rounds`;
* the pool's horse question (``HOYLE``), answered by buying back in:
  :mod:`commerce_rules.bots.strategies.pool`;
* Thirty-One's draw and discard (``THIRTY_ONE``):
  :mod:`commerce_rules.bots.strategies.draw_discard`.

A part without a strategy is played by
:class:`~commerce_rules.bots.strategy.DefaultStrategy`: the first legal
action that is not a knock, and a knock once the deal has run
:data:`GUARD_TURNS_PER_PLAYER` turns per player.

Every strategy knocks once the deal has run :data:`GUARD_TURNS_PER_PLAYER`
turns per player, as a last guard against a deal that does not end.

The strategies' constants are re-exported here under their old names.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.cards import Card
from ..core.observation import Observation
from ..core.rules import Rules
from .base import check_choice
from ..core.state import Phase
from .model import HandModel, hand_model
from .strategies import strategy_for
from .strategy import Situation
from .strategies.trade_barter import BUY_MARGIN, DEALER_KNOCK_WIN_PROBABILITY, KNOCK_WIN_PROBABILITY
from .strategies.widow import KNOCK_UPGRADE, WIDOW_KNOCK_SHARE
from .strategy import GUARD_TURNS_PER_PLAYER

__all__ = [
    "BUY_MARGIN",
    "DEALER_KNOCK_WIN_PROBABILITY",
    "GUARD_TURNS_PER_PLAYER",
    "KNOCK_UPGRADE",
    "KNOCK_WIN_PROBABILITY",
    "WIDOW_KNOCK_SHARE",
    "GreedyBot",
    "HandModel",
    "greedy_action",
    "greedy_choice",
    "hand_model",
]


def greedy_action(
    rules: Rules,
    seat: int,
    phase: Phase,
    hand: tuple[Card, ...],
    widow: tuple[Card, ...],
    dealer: int,
    pot: int,
    active: int,
    turns: int,
    legal: tuple[Action, ...],
) -> Action:
    """The greedy choice from the few public facts it needs (the bots' shared core).

    ``widow`` is every face-up card on the table: the widow, then a face-up
    discard pile (latest last). The only legal action is played; otherwise
    the strategy of the part that owns ``phase`` chooses (:func:`~commerce_rules.bots.strategies.strategy_for`).
    :class:`GreedyBot` calls it with an observation's fields; the
    :class:`~commerce_rules.bots.SearchBot` calls it inside its rollouts.
    """
    if len(legal) == 1:
        return legal[0]
    return strategy_for(rules, phase).act(Situation(rules, seat, phase, hand, widow, dealer, pot, active, turns), legal)


def greedy_choice(observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
    """The greedy rules' choice among ``legal_actions`` for the seat that ``observation`` belongs to."""
    return greedy_action(
        observation.rules,
        observation.player,
        observation.phase,
        observation.hand,
        observation.widow + observation.discard,
        observation.dealer,
        observation.pot,
        sum(1 for lives in observation.lives if lives > 0),
        observation.turn.turns,
        legal_actions,
    )


class GreedyBot:
    """A deterministic rule-based player, one card of look-ahead (see the module docstring).

    It needs no seed: the same observation always gets the same answer.
    ``seed`` is accepted and ignored, so that ``GreedyBot`` can be given to
    :func:`~commerce_rules.simulate` beside seeded bots.

    >>> from commerce_rules import FOSTER, deal_position, legal_actions, observe
    >>> from commerce_rules.bots import GreedyBot
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> GreedyBot().choose(observe(state, 1), legal_actions(state))  # keep 6♠ 7♠, barter K♦ for free
    Barter(player=1, card=Card('K♦'))
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=2)
    >>> GreedyBot().choose(observe(state, 0), legal_actions(state))  # a sequence: knock
    Knock(player=0)
    """

    def __init__(self, seed: int | None = None) -> None:
        del seed  # deterministic: nothing to seed

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        """The greedy choice for ``observation.player``: always one of ``legal_actions``."""
        check_choice(observation, legal_actions)
        return greedy_choice(observation, legal_actions)

    def __repr__(self) -> str:
        return "GreedyBot()"
