"""OpenSpiel adapter (extra ``openspiel``): importing this module registers the game ``"python_commerce"``.

>>> import commerce_rules.openspiel  # doctest: +SKIP
>>> game = pyspiel.load_game("python_commerce", {"variant": "crp", "players": 4})  # doctest: +SKIP

Parameters: ``variant`` (a preset's name, ``"foster"`` by default),
``players`` (3 to 12, 4 by default) and every option of
:class:`~commerce_rules.Rules` by its name, on top of the preset. OpenSpiel
fills in every parameter left out with its default, so each default stands
for "the preset's value": ``-1`` for a whole-number option, ``""`` for a
named one (``mechanism``, ``barter_direction``...), and, since a yes-or-no
default could not be told from a choice, the yes-or-no options are whole
numbers too: ``-1`` (the preset's), ``0`` (no) or ``1`` (yes). ``turn_limit``
and ``deal_limit`` left at ``-1`` get :data:`DEFAULT_TURN_LIMIT` and
:data:`DEFAULT_DEAL_LIMIT` where the preset has none, so that
``max_game_length`` truly bounds every match and the adapter never cuts one
short itself; parameters whose ``max_game_length`` would not fit OpenSpiel's
C++ ``int`` (``deal_limit=10**6`` with Hoyle's five players) are refused, not
cut (:data:`~commerce_rules.learning.parameters.MAX_INT`). A parameter of
the wrong type or out of its range is a :class:`~commerce_rules.CommerceError`
naming it. The game's own parameters (``str(game)``) then name every
option's value, so a game string loads the very same game.

Chance is explicit: the first chance node draws the first dealer (each seat
equally likely), and every deal's cards are dealt by chance nodes, one per
position of the deck from the top (each card still in the deck equally
likely; the last one is forced and needs no node), so chance-sampling
algorithms see the true distribution. With ``deal_chance=N`` a deal is one
chance node instead, of ``N`` equally likely shuffles (fewer steps, but only
``N`` decks a deal: see :func:`~commerce_rules.learning.parameters.deal_chance_of`). The library then deals that deck
(:func:`commerce_rules.new_game` and :func:`commerce_rules.apply` with
``decks=``); the match's seed is never used. A deal dealt with a 31 under
``blitz`` (Thirty-One, or a widow game without the dealer's choice) is
settled at once (Rules §7.6, §8.6): chance then deals the next deal too
before anyone acts. Such a deal has no turn, so perfect recall keeps no
view of its end; its showdown is in every later view.

Player actions are the library's integers (:func:`~commerce_rules.action_index`);
returns are :func:`~commerce_rules.returns` at the end (0 before);
``max_game_length`` counts player actions, not chance nodes.

Observers (``make_py_observer``) give tensors and strings for
``pyspiel.IIGObservationType``'s views:

* a single player's private view with the public information (the default
  observation, and the information state with ``perfect_recall``): the
  tensor is :func:`~commerce_rules.observation_tensor` of
  :func:`~commerce_rules.observe`, the string
  :func:`~commerce_rules.observation_to_json`; with perfect recall the
  string also holds that seat's view at the end of every earlier deal (the
  tensor, of fixed size, is the observation's: it holds the current deal's
  history and the match's showdowns);
* the public view (``private_info=NONE``): what every seat sees alike
  (dealer, whose turn, hand sizes, widow, counts, pot, balances, lives, the
  history with private cards left out, past showdowns), never a hand;
* the private part alone (``public_info=False``): the seat's own hand, or
  with ``private_info=ALL_PLAYERS`` every seat's hand.
"""

from __future__ import annotations

from .game import (
    DEFAULT_DEAL_LIMIT,
    DEFAULT_TURN_LIMIT,
    PARAMETERS,
    SHORT_NAME,
    CommerceGame,
    CommerceObserver,
    CommerceState,
    LibraryBot,
    max_actions_per_deal,
    rules_from_parameters,
)

__all__ = [
    "DEFAULT_DEAL_LIMIT",
    "DEFAULT_TURN_LIMIT",
    "PARAMETERS",
    "SHORT_NAME",
    "CommerceGame",
    "CommerceObserver",
    "CommerceState",
    "LibraryBot",
    "max_actions_per_deal",
    "rules_from_parameters",
]
