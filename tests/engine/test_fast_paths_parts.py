"""The fast paths kept in the mechanisms and ``observe``, each held to the plain code it stands for on random play.

A fast path is kept only where the plain code costs about 3% or more of
some preset's ``apply`` or whole random matches (``docs/performance.md``,
"Fast paths kept", gives each its measured gain). Each test here plays
random matches (the harness of ``random_play``) and holds a fast path to a
plain reference, written here as plainly as it can be: the helpers of
``mechanisms.common`` and ``core.state``, the record classes and
``_replace``, the membership test of a listing. The widow's one-piece
exchange and written-out listing, Hoyle's one-piece exchange and the
written-out exchange choices are held in ``test_one_piece_paths.py``.
"""

from __future__ import annotations

import ast
import enum
import inspect
import random
from typing import Any
from unittest import mock

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import pytest
from commerce_rules import (
    Action,
    Barter,
    BarterReply,
    Buy,
    GameState,
    Knock,
    Observation,
    ShowdownReason,
    observe,
)
from commerce_rules.core.actions import TRADES, seat_action
from commerce_rules.core.cards import Card
from commerce_rules.core.events import appended
from commerce_rules.core.rules import BarterDirection, Mechanism
from commerce_rules.core.state import EventKind, Phase, next_active
from commerce_rules.engine.variant import variant_of
from commerce_rules.engine.visibility import as_if_unasked, turn_as_seen
from commerce_rules.mechanisms import common
from commerce_rules.mechanisms.common import with_seat, without
from commerce_rules.mechanisms.draw_discard import mechanism as draw_discard
from commerce_rules.mechanisms.rounds import mechanism as rounds
from commerce_rules.mechanisms.trade_barter import mechanism as trade_barter
from commerce_rules.mechanisms.trade_barter.record import BUY_PRICE, TradeTurn
from commerce_rules.mechanisms.widow import mechanism as widow
from commerce_rules.parts.play import Step
from random_play import PROPERTY, VARIANTS, Variant, candidate_actions, games, params_where

TRADE_BARTER_VARIANTS = params_where(mechanism=Mechanism.TRADE_BARTER)
DRAW_DISCARD_VARIANTS = params_where(mechanism=Mechanism.DRAW_DISCARD)


def _owned_states(variant: Variant, data: st.DataObject, mechanism: type) -> tuple[Any, list[GameState], random.Random]:
    """A random match's states whose phase ``mechanism`` owns, with the mechanism and a ``Random`` for candidates."""
    game = data.draw(games(variant))
    part = variant_of(game.rules).mechanism
    assert isinstance(part, mechanism)
    states, _ = game.play()
    owned = [state for state in states if not state.is_over and variant_of(state.rules).owners[state.phase] is part]
    assume(owned)  # a match can end as dealt (a 31 dealt under blitz, deal_limit=1)
    return part, owned, random.Random(game.action_seed)


# ---- trade and barter: the written-out listing and moves -------------------------------------------


def plain_trade_listing(state: GameState) -> tuple[Action, ...]:
    """Trade and barter's legal actions: each card's buy (while the stock lasts), its barter (or reply); a knock."""
    seat = state.to_act
    assert seat is not None
    rows = [TRADES[seat][card.index] for card in state.hands[seat]]  # (buy, barter, reply) by card
    if state.phase is Phase.BARTER_REPLY:
        return (*[reply for _, _, reply in rows], seat_action(Knock, seat))
    buys = [buy for buy, _, _ in rows] if state.stock else []
    return (*buys, *[barter for _, barter, _ in rows], seat_action(Knock, seat))


def plain_trade_play(state: GameState, action: Action) -> Step | None:
    """Trade and barter's step for ``action``: the listing, the shared helpers, ``TradeTurn`` and ``_replace``."""
    if action not in plain_trade_listing(state):
        return None
    seat = action.player
    turn: TradeTurn = state.turn
    if isinstance(action, Knock):
        log = state.log
        if state.phase is Phase.BARTER_REPLY:  # refused by knocking: the offer stays with the offerer
            assert turn.offer is not None
            log = appended(log, EventKind.BARTER_REFUSED, turn.turn_of, (turn.offer,), seat, (turn.turn_of,))
        log = appended(log, EventKind.KNOCK, seat)
        return state._replace(to_act=seat, widow=(), turn=turn._replace(offer=None), log=log), ShowdownReason.KNOCK
    if isinstance(action, Barter):
        step = 1 if state.rules.barter_direction is BarterDirection.LEFT else -1
        partner = next_active(state.active, seat, step)
        pending = turn._replace(offer=action.card)
        return state._replace(phase=Phase.BARTER_REPLY, to_act=partner, widow=(), turn=pending), None
    if isinstance(action, Buy):
        drawn = state.stock[0]
        hands = with_seat(state.hands, seat, without(state.hands[seat], action.card) + (drawn,))
        balances = list(state.balances)
        if seat != state.dealer and state.rules.keeps_money:
            balances[seat] -= BUY_PRICE
            balances[state.dealer] += BUY_PRICE
        log = appended(state.log, EventKind.BUY, seat, (action.card, drawn), None, (seat,))
        bought = state._replace(hands=hands, discard=state.discard + (action.card,), balances=tuple(balances), log=log)
        if len(state.stock) == 1:
            return bought._replace(to_act=seat, stock=()), ShowdownReason.STOCK_EXHAUSTED
        following = next_active(state.active, seat)
        turns = turn.turns + 1
        after = bought._replace(to_act=following, stock=state.stock[1:], turn=TradeTurn(following, turns))
        return after, None
    assert isinstance(action, BarterReply) and turn.offer is not None
    offerer, offered, returned = turn.turn_of, turn.offer, action.card
    hands = with_seat(state.hands, offerer, without(state.hands[offerer], offered) + (returned,))
    hands = with_seat(hands, seat, without(hands[seat], returned) + (offered,))
    log = appended(state.log, EventKind.BARTER, offerer, (offered, returned), seat, tuple(sorted((offerer, seat))))
    following = next_active(state.active, offerer)
    turns = turn.turns + 1
    turn = TradeTurn(following, turns)
    after = state._replace(phase=Phase.PLAY, to_act=following, hands=hands, widow=(), turn=turn, log=log)
    return after, None


@pytest.mark.parametrize("variant", TRADE_BARTER_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_trade_and_barter_written_out_listing_and_moves_give_what_the_plain_ones_give(
    variant: Variant, data: st.DataObject
) -> None:
    mechanism, states, rng = _owned_states(variant, data, trade_barter.TradeBarter)
    for at, state in enumerate(states):
        listed = mechanism.legal_actions(state)
        assert listed == plain_trade_listing(state), state
        # Every legal action on every state; the whole action space (legal or not) on every tenth.
        for action in candidate_actions(state, rng) if at % 10 == 0 else listed:
            assert mechanism.play(state, action) == plain_trade_play(state, action), (state, action)


# ---- Thirty-One: the state after a move built by position ------------------------------------------


@pytest.mark.parametrize("variant", DRAW_DISCARD_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_thirty_ones_moves_built_by_position_give_what_replace_gives(variant: Variant, data: st.DataObject) -> None:
    mechanism, states, rng = _owned_states(variant, data, draw_discard.DrawDiscard)
    compiled = draw_discard._moved
    for at, state in enumerate(states):
        actions = candidate_actions(state, rng) if at % 10 == 0 else mechanism.legal_actions(state)
        fast = [mechanism.play(state, action) for action in actions]
        plain_moved = compiled.__wrapped__  # type: ignore[attr-defined]  # the function as written: ``_replace``
        with mock.patch.object(draw_discard, "_moved", plain_moved):
            plain = [mechanism.play(state, action) for action in actions]
        assert fast == plain, state


# ---- a pile of three cards written out -------------------------------------------------------------


def plain_replaced(cards: tuple[Card, ...], old: Card, new: Card) -> tuple[Card, ...] | None:
    return tuple(new if card is old else card for card in cards) if old in cards else None


@settings(max_examples=300)
@given(st.permutations(range(52)), st.integers(0, 4), st.integers(1, 5))
def test_replaced_written_out_for_three_cards_gives_what_the_plain_one_gives(
    order: list[int], at: int, size: int
) -> None:
    cards = tuple(Card.from_index(index) for index in order[:size])
    old, new = Card.from_index(order[at]), Card.from_index(order[-1])  # ``old`` among the cards where ``at < size``
    assert common.replaced(cards, old, new) == plain_replaced(cards, old, new)


# ---- observe: every field read in one unpacking, the observation built by position -----------------


def plain_observe(state: GameState, player: int) -> Observation:
    """What ``player`` sees of ``state``, every field read by name, every turn field and event looked at, and the
    observation built by a call of its class by keyword."""
    variant = variant_of(state.rules)
    mechanism, sight = variant.mechanism, variant.sight
    real_turn = None
    if state.phase in sight.questions and state.to_act != player:
        real_turn = state.turn
        state = as_if_unasked(state, player, mechanism, sight.questions)
    asked = state.to_act if state.phase in sight.questions else None
    turn = turn_as_seen(state.turn, sight.turn_fields, player, asked, real_turn) if sight.turn_fields else state.turn
    score = state.score
    if sight.record_fields and score is not None:
        score = turn_as_seen(score, sight.record_fields, player, asked)
    history = tuple(  # the events as the seat saw them, then without other seats' secret events
        event if event.visible_to is None or player in event.visible_to or not event.cards else event._replace(cards=())
        for event in state.log.events
    )
    history = tuple(event for event in history if event.kind not in sight.secret_kinds or event.player == player)
    return Observation(
        player=player,
        rules=state.rules,
        num_players=state.num_players,
        deal_number=state.deal_number,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=() if mechanism.hides_hand(state, player) else state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        widow=() if mechanism.hides_widow(state) else state.widow,
        stock_count=len(state.stock),
        discard_count=len(state.discard),
        discard=state.discard if mechanism.discard_face_up else (),
        pot=state.pot,
        balances=state.balances,
        lives=state.lives,
        active=state.active,
        turn=turn,
        score=score,
        history=history,
        showdowns=state.showdowns,
        winners=state.winners,
    )


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_observe_gives_what_the_plain_observation_gives(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for state in (states[index] for index in game.window(states)):
        for seat in range(state.num_players):
            assert observe(state, seat) == plain_observe(state, seat), (state, seat)


# ---- the enum members the moves read as module globals ---------------------------------------------


@pytest.mark.parametrize("module", [trade_barter, widow, rounds, draw_discard], ids=lambda m: m.__name__.split(".")[-2])
def test_each_module_global_standing_for_an_enum_member_is_that_member(module: Any) -> None:
    """Every ``_NAME = Enum.MEMBER`` (or a tuple of them) at the top of the module holds exactly that member."""
    namespace = vars(module)
    checked = 0
    for node in ast.parse(inspect.getsource(module)).body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        names = target.elts if isinstance(target, ast.Tuple) else [target]
        values = value.elts if isinstance(value, ast.Tuple) else [value]
        for name, member in zip(names, values):
            if not isinstance(name, ast.Name) or not isinstance(member, ast.Attribute):
                continue
            if not isinstance(member.value, ast.Name):
                continue
            owner = namespace.get(member.value.id)
            if isinstance(owner, type) and issubclass(owner, enum.Enum):
                assert namespace[name.id] is owner[member.attr], name.id
                checked += 1
    assert checked
