"""How long a match can last and what a seat can win or lose in it: the bounds game frameworks ask for.

With ``turn_limit`` and ``deal_limit`` set, every match is bounded; these
functions say by how much, from the options alone (no part is named here:
each scoring says its own range of returns).
"""

from __future__ import annotations

from ..core.errors import CommerceError
from ..core.rules import Rules
from .start import check_table
from .variant import variant_of

__all__ = ["max_actions_per_deal", "max_match_actions", "return_range"]


def max_actions_per_deal(rules: Rules, players: int) -> int:
    """A bound on the actions of one deal of ``players`` seats under ``rules`` (which must set ``turn_limit``).

    A turn holds at most ``exchanges_per_turn`` exchanges and an action that
    ends it, and a barter's reply; after each of these, each other seat may
    be asked a question (a pounce); and a deal may open with a question to
    each seat (a dealer's choice, a blind exchange) and close with one (a
    horse). So at most ``(turn_limit + 1) * (exchanges_per_turn + 2) * players + players``
    actions, the ``+ 1`` for a turn that a limit reached mid-round lets finish.

    >>> from commerce_rules import CRP
    >>> max_actions_per_deal(CRP.replace(turn_limit=10), 4)
    136
    """
    check_table(rules, players)
    if rules.turn_limit is None:
        raise CommerceError("a deal has no bound without a turn_limit: set one (Rules.replace(turn_limit=...))")
    return (rules.turn_limit + 1) * (rules.exchanges_per_turn + 2) * players + players


def max_match_actions(rules: Rules, players: int) -> int:
    """A bound on the actions of a whole match (``rules`` must set ``turn_limit`` and ``deal_limit``).

    >>> from commerce_rules import CRP
    >>> max_match_actions(CRP.replace(turn_limit=10, deal_limit=5), 4)
    680
    """
    check_table(rules, players)
    if rules.deal_limit is None:
        raise CommerceError("a match has no bound without a deal_limit: set one (Rules.replace(deal_limit=...))")
    return rules.deal_limit * max_actions_per_deal(rules, players)


def return_range(rules: Rules, players: int) -> tuple[int, int]:
    """The least and the most :func:`~commerce_rules.returns` can give a seat (``turn_limit`` and ``deal_limit`` set).

    >>> from commerce_rules import CRP, FOSTER
    >>> return_range(CRP.replace(turn_limit=10, deal_limit=5), 4)
    (-1, 3)
    >>> return_range(FOSTER.replace(turn_limit=10, deal_limit=5), 3)
    (-324, 324)
    """
    check_table(rules, players)
    deals = rules.deal_limit
    if deals is None:
        raise CommerceError("a match has no bound without a deal_limit: set one (Rules.replace(deal_limit=...))")
    return variant_of(rules).scoring.return_range(rules, players, deals, max_actions_per_deal(rules, players))
