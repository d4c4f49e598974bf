"""The :class:`Bot` protocol: what a computer player must provide.

A bot is given what one seat may know -- an :class:`~commerce_rules.Observation`
-- and the tuple of legal actions, and answers with one of them. It is never
given the :class:`~commerce_rules.GameState`: a bot that could read the other
hands or the order of the stock would be cheating, and the signature makes that
impossible by construction rather than by convention.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..core.actions import SEEN_SEAT_SHIFT, Action
from ..core.cards import Card
from ..core.errors import ArgumentTypeError, CommerceError
from ..core.observation import Observation
from ..core.state import Phase
from ..core.quoting import shown

__all__ = ["Bot", "check_choice", "check_seed"]



def check_seed(seed: object) -> None:
    """A bot's seed is ``None`` or a whole number (``random.Random`` would take text too, or raise a bare TypeError)."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ArgumentTypeError(f"a bot's seed must be a whole number or None, not {shown(seed)}")


def check_choice(observation: object, legal_actions: object) -> None:
    """Refuse what no game could give a bot to choose from, with a :class:`CommerceError`.

    ``observation`` must be an :class:`Observation` of a match under way and
    ``legal_actions`` a non-empty tuple (or list) of actions, every one of the
    observing seat, naming only cards that seat can see (its hand, the widow).
    A bot calls this first, so a caller's mistake never surfaces as a bare
    ``KeyError`` from deep in its strategy.

    It runs on every turn of every simulated game, so it first tests each
    action's ``_seen`` (its seat and cards as one bit set, made when the
    action was built) against what the seat sees; only where that test
    fails, or cannot be made, does it look for the fault to name.
    """
    if type(observation) is not Observation:
        raise ArgumentTypeError(f"choose() needs an Observation (from observe()), not {type(observation).__name__}")
    if not isinstance(legal_actions, (tuple, list)):
        raise ArgumentTypeError(f"choose() needs the tuple of legal actions, not {type(legal_actions).__name__}")
    if not legal_actions:
        raise CommerceError("choose() needs at least one legal action")
    if observation.phase is Phase.OVER:
        raise CommerceError("the match is over: there is nothing to choose")
    try:
        seen = 1 << (SEEN_SEAT_SHIFT + observation.player)  # a seat below 0 raises ValueError: the search names it
        for card in observation.hand:
            seen |= card.bit
        for card in observation.widow:
            seen |= card.bit
        unseen = ~seen
        for action in legal_actions:
            if action._seen & unseen:
                break
        else:
            return
    except (AttributeError, TypeError, ValueError):  # not a card, not an action, not a seat: the search says which
        pass
    _name_fault(observation, legal_actions)


def _name_fault(observation: Observation, legal_actions: tuple[Action, ...] | list[Action]) -> None:
    """Raise for the first action that is not one, is another seat's, or names a card the seat cannot see."""
    seat = observation.player
    visible = 0  # the cards the seat sees, as a bit set
    for card in (*observation.hand, *observation.widow):
        if type(card) is Card:
            visible |= card.bit
    unseen = ~visible
    for action in legal_actions:
        if not isinstance(action, Action):
            raise ArgumentTypeError(f"legal actions are actions, not {shown(action)}")
        if action.player != seat:
            raise CommerceError(f"{shown(action)} is not seat {seat}'s: the observation and the legal actions disagree")
        if type(action)._bits_of(action) & unseen:  # its cards' bit set (its card fields hold cards: checked when built)
            raise CommerceError(f"{shown(action)} names a card seat {seat} cannot see: not this observation's action")


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of the legal actions from a seat's observation.

    Any object with a matching :meth:`choose` method is a bot; there is no base
    class to inherit. Bots may keep private state (a random generator, say),
    but the harness (:func:`commerce_rules.simulate`) creates one bot per seat
    per game, so a bot need not reset itself between games.
    """

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        """Return one element of ``legal_actions`` (never empty) for ``observation.player``.

        :param observation: what the acting seat may know (its own hand, the
            public fields, the sizes of hidden piles, its view of the history).
        :param legal_actions: the actions the engine accepts now, in the
            engine's deterministic order.
        :returns: one of ``legal_actions``; returning anything else is a bug
            in the bot, and :func:`commerce_rules.apply` will refuse it.
        """
        ...
