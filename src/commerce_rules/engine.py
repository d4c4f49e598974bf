"""``apply`` and ``legal_actions``: validation and dispatch to the variant's parts.

Legality has one source of truth, the mechanism's ``legal_actions``: ``apply``
accepts an action exactly when it is in that tuple, and asks the mechanism
only to explain a refusal.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import ACTION_TYPES, Action, Barter, BarterReply, BlindExchange, Buy, Exchange
from .cards import Card
from .deal import new_game
from .errors import ArgumentTypeError, IllegalActionError
from .mechanisms import mechanism_part
from .scoring import scoring_part
from .showdown import continue_match, finish_deal
from .rules import Rules
from .state import GameState, Phase

__all__ = ["apply", "legal_actions", "replay"]

SCORING_PHASES = frozenset({Phase.HORSE})

_WAITING_FOR = {
    Phase.BARTER_REPLY: "seat {} is to answer a barter",
    Phase.POUNCE: "seat {} is being asked whether to pounce",
    Phase.BLIND_EXCHANGE: "seat {}, the dealer, is to exchange blind or pass",
    Phase.HORSE: "seat {} is being asked whether to buy a horse",
}
"""Phases in which the scoring, not the mechanism, asks the question."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Exactly the actions :func:`apply` accepts now, all for the player to act; empty once over.

    The order is fixed (the same state always lists the same tuple): the
    moves with cards first, in hand order — buys then barters, or each hand
    card's exchanges with the widow in widow order — then pass, then knock.
    So a loop that always takes the first action buys until Foster's stock
    runs out, but exchanges for ever in a widow game: give such a loop a
    ``turn_limit``, or choose with a bot.

    >>> from commerce_rules import FOSTER, deal_position, legal_actions
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> legal_actions(state)[0]
    Buy(player=1, card=Card('6♠'))
    >>> len(legal_actions(state))  # buy or barter with each of 3 cards, or knock
    7
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"legal_actions() needs a GameState, not {type(state).__name__}")
    return _legal(state)


def _legal(state: GameState) -> tuple[Action, ...]:
    """The legal actions, memoised on the state: a bot's ``legal_actions`` then ``apply`` computes them once.

    The memo lives outside the state's fields (it is not part of equality,
    ``repr`` or JSON) and is never copied to a successor state.
    """
    memo: dict[str, tuple[Action, ...]] = state.__dict__
    legal = memo.get("_legal")
    if legal is None:
        if state.phase in SCORING_PHASES:
            legal = scoring_part(state.rules).question_actions(state)
        else:
            legal = mechanism_part(state.rules).legal_actions(state)
        memo["_legal"] = legal
    return legal


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is never changed.

    An action that ends a deal also settles it and deals the next one (see
    :attr:`GameState.last_showdown`). An action that is not legal raises
    :class:`IllegalActionError` saying why, and nothing is applied.
    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"apply() needs a GameState, not {type(state).__name__}")
    legal = _legal(state)
    for candidate in legal:  # the usual case: an action taken from legal_actions() itself
        if candidate is action:
            break
    else:
        malformed = _malformed(action)
        if malformed is not None:
            raise IllegalActionError(malformed)
        if action not in legal:
            raise IllegalActionError(_why_illegal(state, action))
    if state.phase in SCORING_PHASES:  # an answer to the scoring's question after a showdown
        answered = scoring_part(state.rules).answer(state, action)
        return continue_match(answered, answered.history[len(state.history) :])
    state, reason = mechanism_part(state.rules).apply(state, action)
    if reason is not None:
        state = finish_deal(state, reason)
    return state


def _malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed action value, or ``None``.

    Checked before comparing with the legal actions, because equality alone
    would let ``Pass(True)`` or ``Pass(1.0)`` pass for ``Pass(1)`` and put a
    ``True`` where a seat number belongs.
    """
    if not isinstance(action, ACTION_TYPES):
        return f"not an action: {action!r}"
    if type(action.player) is not int:
        return f"{type(action).__name__}.player must be a seat number (an int), not {action.player!r}"
    cards: tuple[object, ...] = ()
    if isinstance(action, (Buy, Barter, BarterReply)):
        cards = (action.card,)
    elif isinstance(action, Exchange):
        cards = (action.give, action.take)
    elif isinstance(action, BlindExchange):
        cards = action.take
    for card in cards:
        if not isinstance(card, Card):
            return f"{type(action).__name__} needs Card values (Card.parse({str(card)!r})), not {card!r}"
    return None


def _why_illegal(state: GameState, action: object) -> str:
    if not isinstance(action, ACTION_TYPES):
        return f"not an action: {action!r}"
    if state.is_over:
        return "the match is over"
    seat = action.player
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.num_players:
        return f"there is no seat {seat!r} (seats are 0 to {state.num_players - 1})"
    if seat != state.to_act:
        waiting = _WAITING_FOR.get(state.phase, "it is seat {}'s turn to act").format(state.to_act)
        return f"{waiting}, not seat {seat}"
    if state.phase in SCORING_PHASES:
        return f"seat {seat} is asked whether to buy a horse: BuyHorse or Pass"
    return mechanism_part(state.rules).explain(state, action)


def replay(
    rules: Rules, players: int, seed: int, actions: Iterable[Action], *, dealer: int | None = None
) -> GameState:
    """The state reached by playing ``actions`` from ``new_game(rules, players, seed=seed, dealer=dealer)``.

    A match is a pure function of these arguments: the same ones give an equal
    state on any machine, so storing them is enough to store a game.

    >>> from commerce_rules import FOSTER, Knock, new_game, replay
    >>> first = new_game(FOSTER, 3, seed=42).to_act
    >>> replay(FOSTER, 3, 42, [Knock(first)]).deal_number
    2
    """
    state = new_game(rules, players, seed=seed, dealer=dealer)
    for number, action in enumerate(actions, start=1):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(f"action {number} ({action!r}): {error}") from None
    return state
