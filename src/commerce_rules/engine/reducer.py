"""``apply`` and ``legal_actions``: validation and dispatch to the part that owns the state's phase.

Legality has one definition per part and phase: ``legal_actions`` lists the
actions, and ``play`` tests one directly as it makes the move, ``None`` for
an action it refuses (a property test holds the two equal on every action of
each variant's action space, and ``accepts`` is its yes or no). ``apply``
asks ``play`` — it never builds the whole list to check one action — and
asks the part only to explain a refusal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.actions import Action
from ..core.cards import Card
from .deal import Decks, check_decks_dealt, chosen_decks
from ..core.errors import ArgumentTypeError, CommerceError, IllegalActionError
from .observe import Observation, observe
from ..parts.play import Settled, ended_at_turn_limit
from ..core.rules import Rules
from .showdown import continue_match, finish_deal
from .start import new_game
from ..core.state import DealLog, GameState, ShowdownReason
from . import variant as variants
from .variant import variant_of

__all__ = ["apply", "legal_actions", "replay"]



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
    if type(state) is not GameState:
        raise ArgumentTypeError(f"legal_actions() needs a GameState, not {type(state).__name__}")
    variant = variants.last  # as in apply: variant_of's first test, without its call (a fast path)
    if variant.rules is not state.rules:
        variant = variant_of(state.rules)
    owner = variant.owners.get(state.phase)
    return () if owner is None else owner.legal_actions(state)


def apply(
    state: GameState,
    action: Action,
    *,
    deck: str | Sequence[Card] | None = None,
    decks: Sequence[str | Sequence[Card]] | None = None,
) -> GameState:
    """The state after ``action``. Pure: ``state`` is never changed.

    An action that ends a deal also settles it and deals the next one (see
    :attr:`GameState.last_showdown`), from the seed's shuffle, or from
    ``deck`` when given: every card of the variant's deck once, top first
    (see :func:`~commerce_rules.engine.deal.chosen_deck`). A next deal dealt with a
    31 under ``blitz`` (Thirty-One, or a widow game without the dealer's
    choice: Rules §7.6, §8.6) is settled at once and the one after it dealt
    in the same step: ``decks`` gives a deck for each deal the step deals,
    in order, and a deal beyond them is the seed's. A deck given for
    a deal the step does not deal is a :class:`CommerceError`. An action that
    is not legal raises :class:`IllegalActionError` saying why, and nothing
    is applied; a value that is not an action at all raises
    :class:`ArgumentTypeError`.
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"apply() needs a GameState, not {type(state).__name__}")
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"apply() needs an action (Knock, Exchange, ...), not {type(action).__name__}")
    variant = variants.last  # variant_of's first test, without its call: nearly every call has the rules of the one before
    if variant.rules is not state.rules:  # (a fast path, docs/performance.md)
        variant = variant_of(state.rules)
    owner = variant.owners.get(state.phase)
    step = None if owner is None else owner.play(state, action)
    if step is None:
        raise IllegalActionError(_why_illegal(state, action))
    after, outcome = step
    if outcome is None and state.rules.turn_limit is not None and owner is variant.mechanism:
        outcome = ended_at_turn_limit(after)
    if deck is None and decks is None:  # the common call: the seed deals whatever deal this one ends in
        return after if outcome is None else _deal_ended(state, after, outcome, ())
    chosen = chosen_decks(state.rules, deck, decks)  # checked before the deal is settled and the next dealt
    result = after if outcome is None else _deal_ended(state, after, outcome, chosen)
    if result.deal_number == state.deal_number:
        raise CommerceError(f"a deck is for an action that deals the next deal; {action!r} deals none")
    check_decks_dealt(chosen, result.deal_number - state.deal_number)
    return result


def _deal_ended(state: GameState, after: GameState, outcome: ShowdownReason | Settled, chosen: Decks) -> GameState:
    """After the action that ended a deal (or answered a question between deals): settle it and deal on."""
    if outcome is Settled.NEXT_DEAL:  # an answer between deals: its events open the next deal
        carried = DealLog.of(after.history[len(state.history) :])
        return continue_match(after, carried, decks=chosen)
    return finish_deal(after, outcome, chosen)


def _why_illegal(state: GameState, action: Action) -> str:
    if state.is_over:
        return "the match is over"
    seat = action.player
    if not 0 <= seat < state.num_players:
        return f"there is no seat {seat} (seats are 0 to {state.num_players - 1})"
    words = variant_of(state.rules).words.owners
    if seat != state.to_act:  # told from the seat's own view: a private question of another seat is not shown
        view = observe(state, seat)
        if view.to_act is None:
            return f"seat {seat} may not act now: the table waits for an answer it cannot see"
        if view.to_act == seat:  # the seat sees its turn: why it could not play this even then, if it could not
            return _why_illegal_in_view(view, action)
        return f"{words[view.phase].waiting_for(view)}, not seat {seat}"
    return words[state.phase].explain(state, action)


def _why_illegal_in_view(view: Observation, action: Action) -> str:
    """Why ``action`` is refused to a seat whose view shows it to act while another seat answers unseen.

    Told of a state consistent with the seat's view (so the same whatever
    the hidden question): the rule the action breaks there, or, where it
    would be legal there, only that the table waits.
    """
    from .sampling import sample_state

    imagined = sample_state(view, 0)
    variant = variant_of(imagined.rules)
    if variant.owners[imagined.phase].play(imagined, action) is None:
        return variant.words.owners[imagined.phase].explain(imagined, action)
    return f"seat {view.player} may not act now: the table waits for an answer it cannot see"


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
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
        raise ArgumentTypeError(f"replay() needs an iterable of actions, not {type(actions).__name__}")
    for number, action in enumerate(actions, start=1):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(f"action {number} ({action!r}): {error}") from None
    return state
