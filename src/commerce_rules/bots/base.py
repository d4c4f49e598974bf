"""The :class:`Bot` protocol: what a computer player must provide.

A bot is given what one seat may know -- an :class:`~commerce_rules.Observation`
-- and the tuple of legal actions, and answers with one of them. It is never
given the :class:`~commerce_rules.GameState`: a bot that could read the other
hands or the order of the stock would be cheating, and the signature makes that
impossible by construction rather than by convention.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..actions import Action
from ..observe import Observation

__all__ = ["Bot"]


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
