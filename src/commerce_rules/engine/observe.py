"""``observe``: what one player may know, and nothing else.

Built from the state's list of public and private fields (see
:mod:`commerce_rules.core.state`) and from what each part declares of its own
records (:mod:`commerce_rules.engine.visibility`): the player's own hand, the
public fields, the sizes of hidden piles (a face-up discard pile itself,
where the mechanism lays it face up), the history with cards kept only in
the events that player saw and without other seats' secret events, and the
turn record's fields that player may see. Never another seat's hand, the
order of the stock or of a hidden discard, or the seed; never another
seat's private question (the table is shown as if it had been declined).
"""

from __future__ import annotations

from typing import Final

from ..core.errors import ArgumentTypeError, CommerceError
from ..core.observation import Observation
from ..core.records import made_by_position
from ..core.state import GameState
from . import variant as variants
from .variant import variant_of
from .visibility import as_if_unasked, history_as_seen, turn_as_seen

__all__ = ["Observation", "observe", "public_table"]

new_observation: Final = made_by_position(Observation)
"""``Observation(...)`` as ``observe`` builds one for every decision: by position (a fast path, ``docs/performance.md``)."""


def observe(state: GameState, player: int) -> Observation:
    """What ``player`` may know of ``state``: built only from what the parts declare (:mod:`.visibility`).

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> view = observe(state, 1)
    >>> [str(card) for card in view.hand], view.stock_count, view.hand_sizes
    (['6♠', '7♠', 'K♦'], 43, (3, 3, 3))
    """
    if type(state) is not GameState:
        raise ArgumentTypeError(f"observe() needs a GameState, not {type(state).__name__}")
    players = state.num_players
    if type(player) is not int or not 0 <= player < players:
        shown = player if type(player) is int and abs(player) < 10**6 else type(player).__name__
        raise CommerceError(f"there is no seat {shown!r} (seats are 0 to {players - 1})")
    variant = variants.last  # as in apply: variant_of's first test, without its call (a fast path)
    if variant.rules is not state.rules:
        variant = variant_of(state.rules)
    mechanism, sight = variant.mechanism, variant.sight
    real_turn = None
    if state.phase in sight.questions and state.to_act != player:  # another seat's private question: not shown
        real_turn = state.turn
        state = as_if_unasked(state, player, mechanism, sight.questions)
    # One unpacking reads every field, and the observation is built by position: fast paths (docs/performance.md,
    # "Fast paths kept") that a test holds to reads by name and a call of the class by keyword.
    (rules, _, _, deal_number, dealer, phase, to_act, hands, widow, stock, discard, pot, balances, lives, active, turn, score,
     log, showdowns, winners) = state
    asked = to_act if phase in sight.questions else None
    if sight.turn_fields:
        turn = turn_as_seen(turn, sight.turn_fields, player, asked, real_turn)
    if sight.record_fields and score is not None:
        score = turn_as_seen(score, sight.record_fields, player, asked)
    history = log.seen_by(player)
    if sight.secret_kinds and not sight.secret_kinds.isdisjoint(log.kinds):  # a secret event in this deal
        history = history_as_seen(history, player, sight.secret_kinds)
    return new_observation(
        player,
        rules,
        players,
        deal_number,
        dealer,
        phase,
        to_act,
        () if mechanism.hides_hand(state, player) else hands[player],
        tuple(map(len, hands)),
        () if mechanism.hides_widow(state) else widow,
        len(stock),
        len(discard),
        discard if mechanism.discard_face_up else (),
        pot,
        balances,
        lives,
        active,
        turn,
        score,
        history,
        showdowns,
        winners,
    )


def public_table(state: GameState) -> GameState:
    """``state`` as a seat that is asked nothing sees its public part: every pending private question declined.

    What every seat may see alike (an OpenSpiel public observation is built
    from it): the phase, the seat to act and the turn as
    :func:`~commerce_rules.engine.visibility.as_if_unasked` shows them to a seat
    that is not being asked. Its hidden fields are the state's own: read
    only what :func:`observe` would show every seat.
    """
    variant = variant_of(state.rules)
    if state.phase not in variant.sight.questions:
        return state
    return as_if_unasked(state, -1, variant.mechanism, variant.sight.questions)
