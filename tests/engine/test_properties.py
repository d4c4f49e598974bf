"""The property harness: the engine's invariants after every action of random play, on every variant.

**Variants.** Every test runs on every preset of :data:`commerce_rules.PRESETS`
(a preset added later is covered without a change here), on a few presets
with the options of RULES.md §7-§9 (``OPTION_PRESETS``), and on random valid
option combinations of every mechanism x scoring pair (``Mechanism`` x
``Scoring``): the ranking and every other option are drawn in range and
applied with :meth:`Rules.replace`, an option the pair does not take keeping
its default; a pair ``Rules`` refuses outright is skipped (``assume``, or a
skip mark when it refuses every ranking). An option that changes what a turn
may do (``random_play.ON_WITH_EVERY_PART``: ``must_exchange``) is played on
with every mechanism x scoring x ranking that takes it.

**Games.** Hypothesis draws 3 to 12 players, a deal seed and an action seed;
a ``random.Random`` on the action seed plays (half the choices uniform over
``legal_actions``, half a kind of action first, so knocks and passes are as
likely as the many exchanges), never hypothesis draws per action. A whole
match is played for every test, and the cheap checks follow every action of
it; the costly ones (purity, exact legality, JSON, observe) follow the first
state, ``WINDOW`` consecutive states drawn anywhere in the match (from the
start half the time) and the final state.
The variants, the games, the candidate actions and the hidden-card swaps
come from :mod:`random_play`, which the other property tests share.

**Only the public API** is used: the names ``commerce_rules`` exports, with
``to_json`` / ``state_from_json`` (:func:`helpers.with_hidden_cards` is the
one place that edits a state's JSON, and it only touches the top-level
``"hands"``, ``"stock"`` and ``"discard"`` lists). Whose turn it is, the
rounds, knocks and exchanges of a turn are read from ``observe(...).history``.

The invariants, one test each (RULES.md and API.md):

* ``apply`` is pure: its input is unchanged (``==`` and ``repr``);
* the same seed and actions give equal states (``new_game``, ``apply``, ``replay``);
* ``apply`` accepts an action exactly when ``legal_actions`` lists it, on
  candidates drawn from the variant's whole action space; a refused one
  raises ``IllegalActionError`` and changes nothing;
* ``legal_actions`` lists distinct actions of the player to act, and is empty
  exactly when the match is over;
* the cards are conserved: hands, widow, stock and discard hold the deck, each card once
  (Schwimmen's dead widows in the discard too);
* hands hold 3 cards (a pounce's quad 4), seats out of the match none, and
  those seats never act or deal;
* balances plus the pot are always 0;
* lives never rise, except by the one horse of a match (+1, once); with
  ``free_ride`` a seat at 0 lives swims (stays active) until it loses again;
* every showdown settles as its scoring says (the winner's tie order, the
  losers, the ledger's and the pool's payments, the next deal and dealer);
* the horse is offered once, to the first player out, and its answer deals on;
* Hoyle's rounds (§6.3-6.6): the blind exchange, a widow growing by one card
  a round, knockers and frozen seats, a knock being a whole turn;
* every match ends within ``MATCH_BOUND`` actions, with its winners (with
  ``deal_limit``, after that many deals at most: the best balance or most lives);
* states and actions round-trip through JSON exactly;
* ``observe`` never leaks: swapping cards the seat cannot know (other hands,
  the stock's order, a hidden discard; Hoyle's dealer's own hand before the
  blind exchange; Schwimmen's face-down extra hand) changes neither its observation nor, for the seat to act,
  ``legal_actions``; nor does the seed.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from commerce_rules import (
    PRESETS,
    Action,
    BlindExchange,
    Buy,
    BuyHorse,
    Card,
    Category,
    Event,
    EventKind,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Mechanism,
    Pass,
    Phase,
    Pounce,
    Rank,
    Ranking,
    Rules,
    Scoring,
    Showdown,
    ShowdownReason,
    Suit,
    action_from_json,
    action_to_json,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    replay,
    state_from_json,
    to_json,
)
from commerce_rules.engine.variant import variant_of
from helpers import MATCH_BOUND, always, deck_dealing_a_31, kind_first, random_walk, walk
from random_play import (
    HEAVY,
    POOL_VARIANTS,
    PROPERTY,
    ROUNDS_VARIANTS,
    VARIANTS,
    Game,
    Variant,
    accepted,
    candidate_actions,
    deck_of,
    games,
    hidden_swap,
    known_cards,
    params_where,
)

# ---- public facts about a state -------------------------------------------------------------------


def all_cards(state: GameState) -> list[Card]:
    return [*(card for hand in state.hands for card in hand), *state.widow, *state.stock, *state.discard]


def history(state: GameState) -> tuple[Event, ...]:
    """The current deal's events as the table sees them (public cards only)."""
    return observe(state, state.dealer).history


def eldest_first(dealer: int, seats: tuple[int, ...], players: int) -> list[int]:
    """``seats`` from the dealer's left round to the dealer."""
    return [seat for seat in ((dealer + k) % players for k in range(1, players + 1)) if seat in seats]


def next_seat_in(dealer: int, seats: tuple[int, ...], players: int) -> int:
    """The next seat of ``seats`` on the dealer's left (RULES.md §2.2)."""
    return next(seat for seat in ((dealer + k) % players for k in range(1, players + 1)) if seat in seats)


def is_blitz_value(value: Any, rules: Rules) -> bool:
    """A hand worth 31 or Feuer (RULES.md §7.6): at least A-K-Q of a suit, and no quad."""
    return bool(value >= evaluate("A♠ K♠ Q♠", rules) and value.category is not Category.QUAD)


def next_dealer(dealer: int, lives: tuple[int, ...]) -> int:
    """The next seat on the dealer's left that still has lives (RULES.md §2.2)."""
    n = len(lives)
    return next(seat for seat in ((dealer + k) % n for k in range(1, n + 1)) if lives[seat] > 0)


def new_showdown(before: GameState, after: GameState) -> Showdown | None:
    """The showdown this step made, if any."""
    shown, previous = after.last_showdown, before.last_showdown
    if shown is None or (previous is not None and previous.deal_number == shown.deal_number):
        return None
    return shown


# ---- apply is pure; the same seed and actions give the same game ----------------------------------


def twins(game: Game, actions: list[Action], upto: int) -> list[GameState]:
    """The match's first ``upto + 1`` states computed again, apart: equal states sharing nothing with the first."""
    states = [game.start()]
    for action in actions[:upto]:
        states.append(apply(states[-1], action))
    return states


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_apply_never_changes_the_state_it_is_given(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    window = game.window(states)[:-1]  # the final state: no action to apply
    equal = twins(game, actions, window[-1] if window else 0)
    for index in window:
        state, twin = states[index], equal[index]
        shown = repr(state)
        results = {action: apply(state, action) for action in legal_actions(state)}
        assert repr(state) == shown, "apply changed the repr of its input"
        assert state == twin, "apply changed its input"
        # the same state (and an equal one) and action give an equal result, whenever asked
        assert results[actions[index]] == states[index + 1] == apply(twin, actions[index])


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_same_seed_and_actions_give_an_equal_state(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    assert game.start() == states[0]
    assert replay(game.rules, game.players, game.seed, actions) == states[-1]
    cut = data.draw(st.integers(0, len(actions)), label="cut")
    assert replay(game.rules, game.players, game.seed, actions[:cut]) == states[cut]


# ---- legality -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_apply_accepts_an_action_exactly_when_legal_actions_lists_it(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    rng = random.Random(game.action_seed ^ 0x1E6A1)
    window = game.window(states)
    equal = twins(game, actions, window[-1])
    refused: Counter[str] = Counter()
    for index in window:
        state = states[index]
        legal = set(legal_actions(state))
        shown = repr(state)
        for action in candidate_actions(state, rng):
            if action in legal:
                assert isinstance(apply(state, action), GameState)
                continue
            refused[type(action).__name__] += 1
            try:
                apply(state, action)
            except IllegalActionError as error:
                assert not state.is_over or "over" in str(error), error
            else:
                raise AssertionError(f"apply accepted {action!r}, which legal_actions does not list")
        assert repr(state) == shown and state == equal[index], "a refused action changed the state"
    every_kind = {"Knock", "Pass", "Pounce", "Buy", "Barter", "BarterReply", "Exchange", "BlindExchange", "BuyHorse", "Draw", "Discard"}
    assert every_kind <= set(refused), "the candidates cover every kind of action"


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_legal_actions_are_the_distinct_actions_of_the_player_to_act_and_none_once_over(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for state in states:
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal), "each choice is listed once"
        assert all(action.player == state.to_act for action in legal)
        assert (legal == ()) == state.is_over == (state.to_act is None) == (state.phase is Phase.OVER)
        rules = state.rules
        assert state.phase is not Phase.POUNCE or rules.pounce
        assert state.phase is not Phase.HORSE or (rules.scoring is Scoring.POOL and rules.horse)
        assert state.phase is not Phase.BLIND_EXCHANGE or rules.mechanism is Mechanism.ROUNDS
        assert state.phase is not Phase.BARTER_REPLY or rules.mechanism is Mechanism.TRADE_BARTER
        assert state.phase is not Phase.DISCARD or rules.mechanism is Mechanism.DRAW_DISCARD
        if state.phase in (Phase.POUNCE, Phase.HORSE):  # a question: yes or no
            seat = state.to_act
            assert seat is not None
            assert set(legal) == {Pounce(seat) if state.phase is Phase.POUNCE else BuyHorse(seat), Pass(seat)}
            assert len(legal) == 2


# ---- cards, hands, money, lives -------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_cards_are_conserved_the_deck_each_card_once(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    deck = Counter(deck_of(game.rules))
    assert all(count == 1 for count in deck.values()) and len(deck) == game.rules.deck_size
    for state in states:
        assert Counter(all_cards(state)) == deck
        if state.rules.mechanism is Mechanism.TRADE_BARTER:
            assert state.widow == ()
        elif state.rules.mechanism is Mechanism.DRAW_DISCARD:  # no widow; a turn starts with a face-up pile to draw from
            assert state.widow == ()
            assert state.phase is not Phase.PLAY or state.discard
        elif state.phase not in (Phase.OVER, Phase.HORSE):
            assert len(state.widow) >= 3


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_hands_hold_three_cards_and_seats_out_of_the_match_hold_none_and_never_act_or_deal(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for state in states:
        if state.phase in (Phase.OVER, Phase.HORSE):  # between deals the last showdown's hands stay on the table
            assert state.last_showdown is not None and state.hands == state.last_showdown.hands
            continue
        with_lives = tuple(seat for seat, lives in enumerate(state.lives) if lives > 0)
        assert set(with_lives) <= set(state.active) and list(state.active) == sorted(state.active)
        if not getattr(state.rules, "free_ride", False):  # only a free ride keeps a seat with 0 lives in
            assert state.active == with_lives
        assert len(state.active) >= 2
        assert state.dealer in state.active and state.to_act in state.active
        for seat, hand in enumerate(state.hands):
            if seat not in state.active:
                assert hand == ()
            elif len(hand) == 4 and state.phase is Phase.DISCARD:  # Thirty-One: drawn, and about to discard
                assert seat == state.to_act
            elif len(hand) == 4:  # only a pounce makes four cards: a quad
                assert state.rules.pounce and len({card.rank for card in hand}) == 1
            else:
                assert len(hand) == 3


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_balances_plus_the_pot_are_always_zero(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for before, after in zip(states, states[1:]):
        assert sum(after.balances) + after.pot == 0
        assert after.pot >= 0
        showdown = new_showdown(before, after)
        if showdown is not None:
            assert all(points > 0 for _, _, points in showdown.payments), "no zero or negative payments"
    assert sum(states[0].balances) + states[0].pot == 0
    assert states[-1].pot == 0, "what is left in the pot or pool is paid out at the end"


LIVES_VARIANTS = params_where(scoring=Scoring.LIVES)
"""Every variant settled with lives (a buy there costs nothing: no money moves)."""


@pytest.mark.parametrize("variant", LIVES_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_a_variant_with_lives_moves_no_money(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    for state in states:
        assert state.pot == 0 and state.balances == (0,) * game.players, "lives scoring has no pot and no balances"


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_lives_never_rise_but_by_the_one_horse_of_a_match(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    start = game.rules.starting_lives
    assert states[0].lives == (start,) * game.players or states[0].showdowns, "(a first deal dealt with a 31 is settled at once)"
    horses = 0
    for before, action, after in zip(states, actions, states[1:]):
        assert all(0 <= lives <= start for lives in after.lives)
        if game.rules.scoring is Scoring.LEDGER:
            assert after.lives == before.lives, "nobody is eliminated under a ledger"
        risen = [seat for seat in range(game.players) if after.lives[seat] > before.lives[seat]]
        if risen:
            assert isinstance(action, BuyHorse) and risen == [action.player]
            assert (before.lives[action.player], after.lives[action.player]) == (0, 1), "a horse is one counter"
            horses += 1
            assert horses == 1, "one horse per match"
        if horses:
            assert after.phase is not Phase.HORSE, "after the horse nobody is asked again"


# ---- showdowns and the horse ------------------------------------------------------------------------


def check_settlement(before: GameState, action: Action, after: GameState, horses: int) -> None:
    """One step against RULES.md §1.7-1.8, §2.6-2.7 and §6.8-6.10 (``horses``: bought before this step)."""
    rules = before.rules
    n = before.num_players
    if before.phase is Phase.HORSE:
        return  # the answer to the horse: see check_horse_answer
    if len(after.showdowns) > len(before.showdowns) + 1:
        return  # a deal settled as it was dealt in the same step (a 31 dealt): tests/rules/test_thirty_one_rules.py
    showdown = new_showdown(before, after)
    if showdown is None:  # within a deal no life is lost, and only a purchase moves points (to the dealer, where there is money)
        assert after.lives == before.lives and after.pot == before.pot
        balances = list(before.balances)
        if isinstance(action, Buy) and action.player != before.dealer and rules.scoring is not Scoring.LIVES:
            balances[action.player] -= 1
            balances[before.dealer] += 1
        assert after.balances == tuple(balances)
        return
    assert (showdown.deal_number, showdown.dealer) == (before.deal_number, before.dealer)
    active = before.active
    values = showdown.values
    assert all((values[seat] is None) == (seat not in active) for seat in range(n))
    assert all(bool(showdown.hands[seat]) == (seat in active) for seat in range(n))
    order = eldest_first(before.dealer, active, n)
    if rules.scoring is Scoring.LEDGER:  # ties go to the dealer first (§1.6), else to the eldest first (§2.5)
        order = [order[-1], *order[:-1]]
    ranked = [value for value in values if value is not None]
    best, lowest = max(ranked), min(ranked)
    assert showdown.winner == next(seat for seat in order if values[seat] == best)
    tied = tuple(seat for seat in active if values[seat] == lowest)
    balances = list(before.balances)
    if isinstance(action, Buy) and action.player != before.dealer and rules.scoring is not Scoring.LIVES:  # the buy that emptied the stock; free without money
        balances[action.player] -= 1
        balances[before.dealer] += 1
    expected: list[tuple[int | None, int | None, int]] = []
    if rules.scoring is Scoring.LEDGER:
        assert showdown.losers == ()
        counters = before.lives
        if before.pot:
            expected.append((None, showdown.winner, before.pot))
        dealer, winner = before.dealer, showdown.winner
        if winner != dealer:
            dealer_value, winner_value = values[dealer], values[winner]
            assert dealer_value is not None and winner_value is not None
            if dealer_value.category is winner_value.category:
                expected += [(dealer, seat, 1) for seat in active if seat != dealer]
            else:
                expected.append((dealer, winner, 1))
    else:
        losing = tied
        if showdown.reason is ShowdownReason.BLITZ and rules.blitz_all_lose:  # §8.6: every seat without 31 loses
            losing = tuple(seat for seat in active if not is_blitz_value(values[seat], rules))
        last = 0 if rules.free_ride else 1  # §2.7 / §7.8: the void rule, where every active seat would go out
        everyone = len(losing) == len(active) and all(before.lives[seat] == last for seat in losing)
        assert showdown.losers == (() if everyone else losing), "every lowest hand, unless that puts every seat out"
        counters = tuple(c - 1 if seat in showdown.losers and c > 0 else c for seat, c in enumerate(before.lives))
        prize = min(rules.prize, before.pot) if rules.scoring is Scoring.POOL else 0
        if prize:
            expected.append((None, showdown.winner, prize))
    pot = before.pot - sum(points for payer, _, points in expected if payer is None)
    if rules.free_ride:  # §7.8: a seat losing its last life swims; a swimmer who loses is out
        in_match = tuple(seat for seat in active if not (seat in showdown.losers and before.lives[seat] == 0))
    else:
        in_match = tuple(seat for seat in range(n) if counters[seat] > 0)
    out_now = [seat for seat in showdown.losers if seat not in in_match]
    first_out = bool(out_now) and len(active) == n
    if rules.scoring is Scoring.POOL and rules.horse and first_out and not horses:
        # §6.9: the first player out is asked at once, before the next deal and before the match can end
        assert after.phase is Phase.HORSE and after.to_act == eldest_first(before.dealer, tuple(out_now), n)[0]
        assert list(showdown.payments) == expected
        assert after.lives == counters and after.deal_number == before.deal_number and after.pot == pot
        return
    assert after.phase is not Phase.HORSE
    survivors = in_match
    limit = rules.deal_limit
    at_limit = limit is not None and showdown.deal_number >= limit  # §9
    winners: tuple[int, ...] = ()
    if rules.scoring is Scoring.LEDGER:
        over = showdown.deal_number >= n or at_limit  # one deal per player, or the deal limit
    else:
        over = len(survivors) == 1 or at_limit
        if len(survivors) == 1:
            winners = survivors
            if pot:  # the survivor takes what is left in the pool
                expected.append((None, survivors[0], pot))
        elif over and rules.scoring is Scoring.LIVES:  # the most lives, swimmers above the seats out
            winners = tuple(seat for seat in survivors if counters[seat] == max(counters[s] for s in survivors))
        elif over:  # the pool: the highest balance; the rest of the pool shared, the remainder from the dealer's left
            paid = list(balances)
            for payer, payee, points in expected:
                if payee is not None:
                    paid[payee] += points
            winners = tuple(seat for seat in range(n) if paid[seat] == max(paid))
            order = eldest_first(before.dealer, winners, n)
            share, extra = divmod(pot, len(order))
            expected += [(None, seat, share + (i < extra)) for i, seat in enumerate(order) if share + (i < extra)]
    assert list(showdown.payments) == expected
    assert after.lives == counters
    for payer, payee, points in expected:
        if payer is not None:
            balances[payer] -= points
        if payee is not None:
            balances[payee] += points
    if over:
        assert after.is_over and after.pot == 0 and after.balances == tuple(balances)
        if rules.scoring is Scoring.LEDGER:
            assert after.winners == tuple(seat for seat in range(n) if balances[seat] == max(balances))
        else:
            assert after.winners == winners
        return
    assert not after.is_over and after.winners == ()
    assert after.active == survivors
    assert after.deal_number == before.deal_number + 1
    assert after.dealer == next_seat_in(before.dealer, survivors, n), "the deal passes to the next active seat on the left"
    if rules.scoring is Scoring.LEDGER:  # the next deal's antes
        balances = [b - 1 if counters[seat] > 0 else b for seat, b in enumerate(balances)]
        pot = len(survivors)
    assert after.balances == tuple(balances) and after.pot == pot


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_every_showdown_settles_as_its_scoring_says(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    horses = 0
    for before, action, after in zip(states, actions, states[1:]):
        check_settlement(before, action, after, horses)
        horses += isinstance(action, BuyHorse)
    assert states[-1].last_showdown is not None


def _answered_without_a_31(before: GameState, action: Action) -> GameState:
    """``apply(before, action)`` with the next deal dealt from a deck that deals no hand of 31 (settled at once)."""
    rng = random.Random(before.seed)
    for _ in range(200):
        deck = list(variant_of(before.rules).deck)
        rng.shuffle(deck)
        answered = apply(before, action, deck=deck)
        if len(answered.showdowns) == len(before.showdowns):
            return answered
    raise AssertionError("no deck of 200 dealt this table without a 31")


def check_horse_answer(before: GameState, action: Action, after: GameState) -> None:
    """§6.9: the answer to the horse buys one counter (or not), then the match ends or the next deal is dealt."""
    seat = before.to_act
    assert seat is not None and action in (BuyHorse(seat), Pass(seat))
    assert before.lives[seat] == 0 and before.rules.horse
    settled_at_once = after.showdowns[len(before.showdowns) :]
    if settled_at_once:  # the next deal was dealt with a 31 and settled in the same step (§7.6, §8.6)
        assert all(showdown.reason is ShowdownReason.BLITZ for showdown in settled_at_once)
        assert settled_at_once[0].deal_number == before.deal_number + 1
        after = _answered_without_a_31(before, action)  # the answer's own effects do not depend on the cards dealt
    last = before.last_showdown
    assert last is not None and seat in last.losers
    lives = list(before.lives)
    balances = list(before.balances)
    pot = before.pot
    if isinstance(action, BuyHorse):
        price = math.ceil(before.rules.stake / 3)
        lives[seat] = 1
        balances[seat] -= price
        pot += price
    assert after.lives == tuple(lives)
    limit = before.rules.deal_limit
    if after.is_over and limit is not None and before.deal_number >= limit and len(after.active) > 1:
        # §9: the deal limit ends the match after the answer: the highest balance wins, the pool is shared out
        winners = tuple(seat for seat in range(before.num_players) if balances[seat] == max(balances))
        assert after.winners == winners and after.pot == 0
        assert sum(after.balances) == 0 and all(after.balances[s] >= balances[s] for s in winners)
        return
    if after.is_over:  # declined, and one player alone has counters: they take the rest of the pool
        assert isinstance(action, Pass)
        # §7.8: with free_ride a seat at 0 lives that is not out is swimming, still in the match
        still_in = [
            s for s in range(before.num_players)
            if lives[s] > 0 or (before.rules.free_ride and s not in before.score.out)
        ]  # fmt: skip
        assert len(still_in) == 1
        survivor = still_in[0]
        assert after.winners == (survivor,)
        balances[survivor] += pot
        rest = ((None, survivor, pot),) if pot else ()
        assert after.last_showdown is not None and after.last_showdown.payments == last.payments + rest
        assert after.pot == 0 and after.balances == tuple(balances)
        return
    assert after.last_showdown == last
    assert after.deal_number == before.deal_number + 1 and after.dealer == next_seat_in(last.dealer, after.active, before.num_players)
    assert after.balances == tuple(balances) and after.pot == pot
    if before.rules.mechanism is Mechanism.ROUNDS:
        assert after.phase is Phase.BLIND_EXCHANGE
    opening = observe(after, seat).history[0]  # the answer opens the next deal's history
    assert opening.kind is (EventKind.HORSE if isinstance(action, BuyHorse) else EventKind.HORSE_DECLINED)
    assert opening.player == seat


@pytest.mark.parametrize("variant", POOL_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_horse_is_offered_once_to_the_first_player_out_and_its_answer_deals_on(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    asked = 0
    for before, action, after in zip(states, actions, states[1:]):
        if after.phase is Phase.HORSE:
            asked += 1
            assert after.to_act is not None and after.lives[after.to_act] == 0
            assert set(legal_actions(after)) == {BuyHorse(after.to_act), Pass(after.to_act)}
        if before.phase is Phase.HORSE:
            check_horse_answer(before, action, after)
    assert asked <= 1 + sum(isinstance(action, BuyHorse) for action in actions) <= 2
    if asked:
        assert game.rules.horse
    final = states[-1]
    assert len(final.winners) == 1 or (game.rules.deal_limit is not None and len(final.active) > 1)  # §9: ties share


def test_a_horse_answer_whose_next_deal_is_dealt_with_a_31_is_the_answer_then_a_blitz() -> None:
    # §6.9 then §8.6: the answer deals the next deal, and a 31 dealt settles it in the same step.
    family = accepted(mechanism=Mechanism.DRAW_DISCARD, scoring=Scoring.POOL)
    assert family is not None
    rules = family.replace(ranking=Ranking.TRENTUNO, horse=True, starting_lives=1, blitz=True)
    rng = random.Random(3)
    before = None
    for seed in range(50):
        for state, _, _ in random_walk(new_game(rules, 6, seed=seed), rng):
            if state.phase is Phase.HORSE:
                before = state
                break
        if before is not None:
            break
    assert before is not None, "no random match asked the horse"
    for action in legal_actions(before):
        dealt_to = len(apply(before, action).active)  # the seats the next deal is dealt to, after this answer
        after = apply(before, action, deck=deck_dealing_a_31(rules, dealt_to))
        assert len(after.showdowns) == len(before.showdowns) + 1 and after.showdowns[-1].reason is ShowdownReason.BLITZ
        check_horse_answer(before, action, after)


# ---- Hoyle's rounds ---------------------------------------------------------------------------------


def check_rounds_turn(state: GameState) -> None:
    """RULES.md §6.3-6.6 on one state, from its public history."""
    legal = legal_actions(state)
    seat = state.to_act
    assert state.phase in (Phase.BLIND_EXCHANGE, Phase.PLAY, Phase.HORSE, Phase.OVER)
    if state.phase is Phase.BLIND_EXCHANGE:  # the dealer takes 1, 2 or 3 widow cards, or passes
        assert seat == state.dealer and len(state.widow) == 3
        takes = {frozenset(a.take) for a in legal if isinstance(a, BlindExchange)}
        assert takes == {frozenset(s) for k in (1, 2, 3) for s in itertools.combinations(state.widow, k)}
        assert Pass(seat) in legal and len(legal) == 8
        return
    if state.phase is not Phase.PLAY:
        return
    assert seat is not None
    events = history(state)
    grown = sum(event.kind is EventKind.WIDOW_GROWS for event in events)
    assert len(state.widow) == 3 + grown, "the widow grows by one card a round"
    assert 1 + grown <= len(state.active), "as many rounds as active players"
    knockers = [event.player for event in events if event.kind is EventKind.KNOCK]
    assert len(knockers) <= 1, "a second knock ends the exchanges"
    assert seat not in knockers, "a knocker takes no more turns"
    spent = {event.player for event in events if event.kind is EventKind.BLIND_EXCHANGE and len(event.cards) == 6}
    run: list[Event] = []  # the latest unbroken run of one seat's exchanges
    for event in events:  # three exchanges in one turn freeze a seat for the deal
        if event.kind is not EventKind.EXCHANGE:
            run = []
        elif run and run[0].player == event.player:
            run.append(event)
        else:
            run = [event]
        if len(run) == 3:
            spent.add(event.player)
    this_turn = run if run and run[0].player == seat else []
    assert len(this_turn) < state.rules.exchanges_per_turn, "the turn ends after its last exchange"
    assert (Knock(seat) in legal) == (not this_turn), "a knock is a whole turn"
    assert Pass(seat) in legal
    given = {event.cards[0] for event in this_turn}
    exchanges = {a for a in legal if isinstance(a, Exchange)}
    expected = set() if seat in spent else {
        Exchange(seat, give, take) for give in state.hands[seat] for take in state.widow if take not in given
    }
    assert exchanges == expected, "hand x widow, but not a card given this turn, nor after three at once"
    assert set(legal) == {*expected, Pass(seat), *([] if this_turn else [Knock(seat)])}


def check_blind_exchange(before: GameState, action: BlindExchange, after: GameState) -> None:
    """§6.3: the dealer's first-dealt cards go face up into the taken cards' places; then the eldest plays."""
    dealer = before.dealer
    take = action.take
    k = len(take)
    dealt = before.hands[dealer]
    assert Counter(after.hands[dealer]) == Counter(dealt[k:] + take)
    assert Counter(after.widow) == Counter(dealt[:k] + tuple(card for card in before.widow if card not in take))
    assert all(after.widow[i] == card for i, card in enumerate(before.widow) if card not in take), "the rest stay put"
    assert after.phase is Phase.PLAY and after.to_act == eldest_first(dealer, before.active, before.num_players)[0]
    unchanged = (before.stock, before.balances, before.pot, before.lives)
    assert (after.stock, after.balances, after.pot, after.lives) == unchanged
    event = history(after)[-1]
    assert event.kind is EventKind.BLIND_EXCHANGE and event.visible_to is None
    assert Counter(event.cards) == Counter(take + dealt[:k])


@pytest.mark.parametrize("variant", ROUNDS_VARIANTS)
@PROPERTY
@given(data=st.data())
def test_rounds_have_the_blind_exchange_a_growing_widow_and_knockers_and_frozen_seats_out(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    check_rounds_turn(states[0])
    assert states[0].phase is Phase.BLIND_EXCHANGE
    for before, action, after in zip(states, actions, states[1:]):
        check_rounds_turn(after)
        if after.deal_number != before.deal_number:  # every deal opens with the dealer's blind exchange
            assert after.phase is Phase.BLIND_EXCHANGE and after.to_act == after.dealer
        if isinstance(action, BlindExchange):
            check_blind_exchange(before, action, after)


@pytest.mark.parametrize(
    "rules", [pytest.param(r, id=name.upper()) for name, r in PRESETS.items() if r.mechanism is Mechanism.ROUNDS]
)
@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 12), seed=st.integers(0, 2**63 - 1), take_mask=st.integers(1, 7))
def test_a_blind_exchange_gives_the_dealers_first_dealt_cards_face_up_in_the_taken_cards_places(
    rules: Rules, players: int, seed: int, take_mask: int
) -> None:
    state = new_game(rules, players, seed=seed)
    dealer = state.dealer
    assert state.phase is Phase.BLIND_EXCHANGE and state.to_act == dealer
    take = tuple(card for i, card in enumerate(state.widow) if take_mask >> i & 1)
    after = apply(state, BlindExchange(dealer, take))
    check_blind_exchange(state, BlindExchange(dealer, take), after)
    assert after.to_act != dealer
    for _, _, after in walk(after, always(Pass)):  # round 1 passes round to the dealer, who plays last
        if after.to_act == dealer:
            break
    may_exchange = any(isinstance(a, Exchange) for a in legal_actions(after))
    assert may_exchange == (len(take) < 3), "three taken blind: no more exchanges this deal"


# ---- the end --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_every_match_ends_within_the_bound_with_its_winners(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()  # fails if no end within MATCH_BOUND actions
    final = states[-1]
    assert final.is_over and len(actions) <= MATCH_BOUND
    assert final.to_act is None and legal_actions(final) == ()
    assert final.winners and all(0 <= seat < game.players for seat in final.winners)
    assert all(not state.is_over and state.winners == () for state in states[:-1])
    assert final.last_showdown is not None
    limit = game.rules.deal_limit
    if limit is not None:  # §9: the match ends after deal_limit deals at the latest
        assert final.last_showdown.deal_number <= limit
    if game.rules.scoring is Scoring.LEDGER:
        deals = game.players if limit is None else min(limit, game.players)
        assert final.last_showdown.deal_number == deals, "one deal per player (or the deal limit)"
        best = max(final.balances)
        assert final.winners == tuple(seat for seat, balance in enumerate(final.balances) if balance == best)
    elif len(final.active) > 1:  # stopped by the deal limit: the most lives, or with a pool the highest balance
        assert limit is not None and final.last_showdown.deal_number == limit
        if game.rules.scoring is Scoring.LIVES:
            most = max(final.lives[seat] for seat in final.active)
            assert final.winners == tuple(seat for seat in final.active if final.lives[seat] == most)
    else:
        assert len(final.winners) == 1 and final.active == final.winners


# ---- JSON -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_states_and_actions_round_trip_through_json(variant: Variant, data: st.DataObject) -> None:
    game = data.draw(games(variant))
    states, actions = game.play()
    for index in game.window(states):
        state = states[index]
        text = to_json(state)
        back = state_from_json(text)
        assert back == state and to_json(back) == text
        for action in legal_actions(state):
            assert action_from_json(action_to_json(action)) == action


# ---- observe never leaks ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@HEAVY
@given(data=st.data())
def test_observe_does_not_change_when_cards_the_seat_cannot_know_are_swapped(
    variant: Variant, data: st.DataObject
) -> None:
    game = data.draw(games(variant))
    states, _ = game.play()
    rng = random.Random(game.action_seed ^ 0x0B5E7)
    hands_moved = blind_dealers = hidden_in_hands = 0
    for index in game.window(states):
        state = states[index]
        seats = {rng.randrange(game.players)}
        if state.to_act is not None:
            seats.add(state.to_act)
        for seat in sorted(seats):
            view = observe(state, seat)
            blind = state.phase is Phase.BLIND_EXCHANGE and seat == state.dealer
            blind_dealers += blind
            assert view.player == seat
            assert view.hand == (() if blind else state.hands[seat]), "Hoyle's dealer exchanges before looking"
            face_down = state.phase is Phase.DEALER_CHOICE  # §7.3: nobody sees the extra hand before the choice
            assert view.widow == (() if face_down else state.widow)
            assert view.discard == (() if game.rules.mechanism is Mechanism.TRADE_BARTER else state.discard), "only a buy discards face down"
            assert (view.stock_count, view.discard_count) == (len(state.stock), len(state.discard))
            for event in view.history:
                if event.visible_to is not None and seat not in event.visible_to:
                    assert event.cards == ()
            known = known_cards(state, seat)
            hidden_in_hands += any(card not in known for hand in state.hands for card in hand)
            swapped = hidden_swap(state, seat, rng)
            if swapped is None:
                continue
            assert Counter(all_cards(swapped)) == Counter(all_cards(state))
            assert observe(swapped, seat) == view, f"observe(state, {seat}) reads a card it may not know"
            if seat == state.to_act:
                assert legal_actions(swapped) == legal_actions(state), "the choices depend on hidden cards"
            hands_moved += swapped.hands != state.hands
    # Where some seat held a card the observer could not know, the twins moved one: the check is not vacuous. No hand
    # card is hidden once a deal is settled (its hands are shown), and a match can be dealt to its last settlement
    # (a 31 under blitz in each deal): its window may hold no hidden hand card at all.
    assert hands_moved > 0 or not hidden_in_hands
    assert blind_dealers or game.rules.mechanism is not Mechanism.ROUNDS, "Hoyle's dealer was observed blind"


@pytest.mark.parametrize("variant", VARIANTS)
@PROPERTY
@given(data=st.data(), other_seed=st.integers(0, 2**63 - 1))
def test_observe_does_not_depend_on_the_seed(variant: Variant, data: st.DataObject, other_seed: int) -> None:
    game = data.draw(games(variant))
    dealt = game.start()
    assume(other_seed != game.seed)
    assume(not dealt.showdowns)  # a first deal dealt with a 31 is settled at once, and the next one is the seed's
    first, second = (  # one position, two seeds (which drive the later deals)
        deal_position(
            game.rules,
            hands=dealt.hands,
            dealer=dealt.dealer,
            stock=(*dealt.discard, *dealt.stock),  # Thirty-One: the first card turned up starts the discard pile
            widow=dealt.widow if dealt.widow else None,
            seed=seed,
        )
        for seed in (game.seed, other_seed)
    )

    def assert_same_views() -> None:
        for seat in range(game.players):
            assert observe(first, seat) == observe(second, seat)
        assert legal_actions(first) == legal_actions(second)

    assert_same_views()
    rng = random.Random(game.action_seed)
    for _, action, first in random_walk(first, rng, policy=kind_first(rng, uniform_share=0.5)):
        second = apply(second, action)
        if first.deal_number != 1:  # the next deal is shuffled from the seed
            break
        assert_same_views()


def test_an_observation_has_no_field_for_the_seed_the_stock_or_other_hands() -> None:
    for rules in PRESETS.values():
        view = observe(new_game(rules, 4, seed=1), 0)
        for name in ("seed", "stock", "hands"):
            assert not hasattr(view, name), name
        if rules.mechanism is not Mechanism.DRAW_DISCARD:  # only a face-up discard pile is shown
            assert view.discard == ()
        for name in ("hand", "stock_count", "discard_count", "widow", "history"):
            assert hasattr(view, name), name


@pytest.mark.parametrize("rules", [pytest.param(r, id=name.upper()) for name, r in PRESETS.items() if r.pounce])
def test_a_pounce_question_and_its_refusal_are_seen_by_the_asked_seat_only(rules: Rules) -> None:
    kings = [card for card in deck_of(rules) if card.rank is Rank.KING]
    suits = list(Suit)
    by_suit = sorted(deck_of(rules), key=lambda card: (suits.index(card.suit), card.rank))
    rest = [card for card in by_suit if card.rank is not Rank.KING]  # suit by suit: no tricon among them
    hands = [rest[0:3], rest[3:6], kings[:3], rest[6:9]]
    state = deal_position(rules, hands=hands, dealer=0, widow=[kings[3], *rest[9:11]], stock=rest[11:12])
    assert state.phase is Phase.POUNCE and state.to_act == 2  # the eldest, seat 1, is to play
    declined = apply(state, Pass(2))
    assert declined.phase is Phase.PLAY and declined.to_act == 1
    for seat in (0, 1, 3):  # they see the table as if no question had been asked, before and after
        assert observe(state, seat) == observe(declined, seat)
