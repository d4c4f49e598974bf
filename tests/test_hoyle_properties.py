"""Commerce with widow after Hoyle (preset ``HOYLE``): invariants under random legal play.

Hypothesis draws the players (3 to 12), the seeds and the options (``stake``,
``prize``, ``starting_lives``, ``horse``, ``exchanges_per_turn``,
``turn_limit``); a seeded picker plays random legal actions to the end of
the match, and every step is checked against RULES.md §0 and §6:

* ``apply`` is pure, accepts every legal action and refuses sampled illegal
  ones with :class:`IllegalActionError`;
* the 52 cards are conserved, the growing widow included;
* balances plus the pool are always 0;
* counters never increase, except by the one horse of a match (+1, once);
* every showdown settles as §6.8-6.10 say, and the horse is asked exactly
  when §6.9 says;
* every match ends;
* ``observe`` never leaks another seat's cards, the stock's order, the seed,
  or the dealer's own hand before the blind exchange;
* the same seed and actions give an equal state (``replay``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    DECK_52,
    HOYLE,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Card,
    EventKind,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Observation,
    Pass,
    Phase,
    Pounce,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    replay,
)
from commerce_rules.actions import Action

MAX_ACTIONS = 20_000
"""A bound on a match: far above what random play needs (a few hundred actions)."""


@st.composite
def hoyle_rules(draw: st.DrawFn) -> Rules:
    """``HOYLE`` with random options."""
    return HOYLE.replace(
        stake=draw(st.integers(1, 9)),
        prize=draw(st.integers(1, 6)),
        starting_lives=draw(st.integers(1, 3)),
        horse=draw(st.booleans()),
        exchanges_per_turn=draw(st.integers(1, 3)),
        turn_limit=draw(st.one_of(st.none(), st.integers(1, 40))),
    )


def pick(actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random legal action: half the time uniform, half the time a uniform kind first.

    Choosing a kind first makes knocks and passes as likely as the many
    exchanges, so deals end in every way the rules allow.
    """
    if rng.random() < 0.5:
        return rng.choice(actions)
    kinds = sorted({type(action).__name__ for action in actions})
    kind = rng.choice(kinds)
    return rng.choice([action for action in actions if type(action).__name__ == kind])


def play_match(
    rules: Rules, players: int, seed: int, picker: int, check: Callable[[GameState, Action, GameState], None]
) -> tuple[GameState, list[Action]]:
    """Play one match with random legal actions, calling ``check(before, action, after)`` on every step."""
    rng = random.Random(picker)
    state = new_game(rules, players, seed=seed)
    actions: list[Action] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        action = pick(legal_actions(state), rng)
        after = apply(state, action)
        check(state, action, after)
        actions.append(action)
        state = after
    assert state.is_over, f"the match did not end in {MAX_ACTIONS} actions"
    return state, actions


# ---- the state's own invariants -------------------------------------------------------------------


def check_state(state: GameState) -> None:
    """What must hold in every HOYLE state."""
    rules = state.rules
    cards = [card for hand in state.hands for card in hand] + [*state.widow, *state.stock, *state.discard]
    assert Counter(cards) == Counter(DECK_52), "the 52 cards are conserved, the growing widow included"
    assert sum(state.balances) + state.pot == 0
    assert state.pot >= 0
    assert all(0 <= n <= rules.starting_lives for n in state.lives) or state.horse_bought
    if state.is_over:
        assert state.to_act is None and legal_actions(state) == ()
        assert state.pot == 0 and len(state.active) == 1 and state.winners == state.active
        return
    assert state.winners == ()
    assert state.to_act is not None
    actions = legal_actions(state)
    assert actions and all(action.player == state.to_act for action in actions)
    assert len(set(actions)) == len(actions), "each choice is listed once"
    if state.phase is Phase.HORSE:
        assert set(actions) == {BuyHorse(state.to_act), Pass(state.to_act)}
        assert state.lives[state.to_act] == 0
        return
    for seat in range(state.num_players):
        assert len(state.hands[seat]) == (3 if state.lives[seat] > 0 else 0), "no cards without counters"
    assert state.dealer in state.active and state.to_act in state.active
    if state.phase is Phase.BLIND_EXCHANGE:
        assert state.to_act == state.dealer and len(state.widow) == 3
        takes = {frozenset(a.take) for a in actions if isinstance(a, BlindExchange)}
        assert len(takes) == 7 and all(take <= set(state.widow) for take in takes)
        assert Pass(state.dealer) in actions and len(actions) == 8
        return
    assert state.phase is Phase.PLAY
    assert len(state.widow) == 3 + state.turn.round - 1, "the widow grows by one card a round"
    assert 1 <= state.turn.round <= len(state.active)
    assert state.to_act not in state.turn.knockers, "a knocker takes no more turns"
    assert len(state.turn.knockers) <= 1
    assert Pass(state.to_act) in actions
    assert (Knock(state.to_act) in actions) == (state.turn.exchanges == 0), "a knock is a whole turn"
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    assert all(a.take not in state.turn.given for a in exchanges), "a card given this turn stays in the widow"
    assert state.turn.exchanges < rules.exchanges_per_turn


# ---- one step ---------------------------------------------------------------------------------------


def snapshot(state: GameState) -> dict[str, Any]:
    """Every field of ``state`` and of its turn record, by identity (the legal-action memo left out)."""
    fields = {name: value for name, value in state.__dict__.items() if not name.startswith("_")}
    fields["turn.__dict__"] = dict(state.turn.__dict__)
    return fields


def assert_unchanged(state: GameState, before: dict[str, Any]) -> None:
    after = snapshot(state)
    assert after.keys() == before.keys()
    for name, value in before.items():
        if name == "turn.__dict__":
            assert after[name] == value and all(after[name][k] is v for k, v in value.items())
        else:
            assert after[name] is value, f"apply changed its input's {name}"


def random_candidates(state: GameState, rng: random.Random, count: int) -> list[Action]:
    """Actions of every kind, by any seat, with cards near the position: mostly illegal, some legal."""
    n = state.num_players
    seat_pool = [*range(n), -1, n]
    near = [*state.widow, *(card for hand in state.hands for card in hand), *state.stock[:3]]
    near = near or list(DECK_52)

    def card() -> Card:
        return rng.choice(near) if rng.random() < 0.8 else rng.choice(DECK_52)

    candidates: list[Action] = []
    for _ in range(count):
        seat = state.to_act if state.to_act is not None and rng.random() < 0.7 else rng.choice(seat_pool)
        assert seat is not None
        kind = rng.randrange(9)
        if kind == 0:
            candidates.append(Exchange(seat, card(), card()))
        elif kind == 1:
            candidates.append(BlindExchange(seat, tuple(card() for _ in range(rng.randrange(5)))))
        elif kind == 2:
            candidates.append(Knock(seat))
        elif kind == 3:
            candidates.append(Pass(seat))
        elif kind == 4:
            candidates.append(BuyHorse(seat))
        elif kind == 5:
            candidates.append(Pounce(seat))
        elif kind == 6:
            candidates.append(Buy(seat, card()))
        elif kind == 7:
            candidates.append(Barter(seat, card()))
        else:
            candidates.append(BarterReply(seat, card()))
    return candidates


def check_step(before: GameState, action: Action, after: GameState, rng: random.Random) -> None:
    """Purity, legality both ways, and the state's invariants after ``action``."""
    frozen = snapshot(before)
    legal = legal_actions(before)
    assert action in legal
    for other in legal:  # every legal action is accepted
        apply(before, other)
    for candidate in random_candidates(before, rng, 6):  # sampled others: accepted exactly when listed
        if candidate in legal:
            apply(before, candidate)
        else:
            try:
                apply(before, candidate)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{candidate!r} is not in legal_actions but apply accepted it")
    assert_unchanged(before, frozen)
    assert apply(before, action) == after, "the same state and action give equal results"
    check_state(after)


# ---- counters, showdowns and the horse ----------------------------------------------------------------


class MatchLog:
    """What a match has done so far, for the rules that span several steps."""

    def __init__(self) -> None:
        self.horses = 0
        self.someone_out = False


def check_counters_and_settlement(before: GameState, action: Action, after: GameState, log: MatchLog) -> None:
    """§6.8-6.10 on one step: counters, the prize, the rise, the horse, the survivor's rest."""
    rules = before.rules
    n = before.num_players
    if isinstance(action, BuyHorse):
        log.horses += 1
        assert log.horses == 1 and rules.horse, "one horse per match"
        assert before.lives[action.player] == 0 and after.lives[action.player] == 1
        assert after.balances[action.player] == before.balances[action.player] - -(-rules.stake // 3)
        assert after.horse_bought
        assert all(after.lives[s] == before.lives[s] for s in range(n) if s != action.player)
    else:
        assert all(after.lives[s] <= before.lives[s] for s in range(n)), "counters never increase"
        assert after.horse_bought == before.horse_bought
    if before.phase is Phase.HORSE:  # the answer to the horse: see check_horse_answer
        return
    if after.showdowns == before.showdowns:  # within a deal no point moves and no counter is lost
        assert after.lives == before.lives and after.balances == before.balances and after.pot == before.pot
        return
    # a showdown has just happened
    assert len(after.showdowns) == len(before.showdowns) + 1
    showdown = after.showdowns[-1]
    active = before.active
    values = showdown.values
    assert all((values[s] is None) == (s not in active) for s in range(n))
    tie_order = [s for s in ((before.dealer + k) % n for k in range(1, n + 1)) if s in active]
    best = max(values[s] for s in active)  # type: ignore[type-var]
    assert showdown.winner == next(s for s in tie_order if values[s] == best), "ties go to the eldest first"
    lowest = min(values[s] for s in active)  # type: ignore[type-var]
    tied = tuple(s for s in active if values[s] == lowest)
    everyone = len(tied) == len(active) and all(before.lives[s] == 1 for s in tied)
    assert showdown.losers == (() if everyone else tied), "the rise: every lowest hand, unless it takes every last counter"
    counters = tuple(c - 1 if s in showdown.losers else c for s, c in enumerate(before.lives))
    prize = min(rules.prize, before.pot)
    expected = [(None, showdown.winner, prize)] if prize else []
    assert all(points > 0 for _, _, points in showdown.payments), "no zero entries"
    out_now = [s for s in showdown.losers if counters[s] == 0]
    first_out = bool(out_now) and not log.someone_out
    if out_now:
        log.someone_out = True
    if rules.horse and first_out and log.horses == 0:
        # the first player out is asked at once, before the next deal and before the match can end
        asked = next(s for s in tie_order if s in out_now)
        assert after.phase is Phase.HORSE and after.to_act == asked
        assert after.lives == counters and after.deal_number == before.deal_number
        assert list(showdown.payments) == expected
        assert after.pot == before.pot - prize
        return
    assert after.phase is not Phase.HORSE
    survivors = [s for s in range(n) if counters[s] > 0]
    if len(survivors) == 1:  # the survivor takes everything left in the pool
        rest = before.pot - prize
        if rest:
            expected.append((None, survivors[0], rest))
        assert after.is_over and after.winners == (survivors[0],) and after.pot == 0
    else:
        assert not after.is_over and after.deal_number == before.deal_number + 1
        assert after.pot == before.pot - prize
    assert list(showdown.payments) == expected
    assert after.lives == counters


def check_horse_answer(before: GameState, action: Action, after: GameState) -> None:
    """The answer to the horse: the match ends, or the next deal is dealt, in the same step."""
    if before.phase is not Phase.HORSE:
        return
    assert isinstance(action, (BuyHorse, Pass))
    showdown = after.last_showdown
    assert showdown is not None and showdown == before.last_showdown or after.is_over
    if after.is_over:
        survivor = after.winners[0]
        rest = before.pot
        assert after.pot == 0 and after.balances[survivor] == before.balances[survivor] + rest
        assert after.last_showdown is not None
        payments = after.last_showdown.payments
        assert before.last_showdown is not None
        assert payments == before.last_showdown.payments + (((None, survivor, rest),) if rest else ())
    else:
        assert after.deal_number == before.deal_number + 1 and after.phase is Phase.BLIND_EXCHANGE


# ---- observe ------------------------------------------------------------------------------------------


def hidden_elsewhere(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with everything ``seat`` may not know changed: the other hands, the stock's order, the seed.

    In the blind exchange the dealer's own hand is hidden from the dealer too.
    The hidden cards are dealt again at random into the same places.
    """
    blind = state.phase is Phase.BLIND_EXCHANGE and seat == state.dealer
    hidden_seats = [s for s in range(state.num_players) if s != seat or blind]
    pool = [card for s in hidden_seats for card in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_seats:
        size = len(hands[s])
        hands[s], pool = tuple(pool[:size]), pool[size:]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=state.seed + 1)


def check_observations(state: GameState, rng: random.Random, seats: list[int]) -> None:
    """``observe`` shows the seat's own hand (not the dealer's before the blind exchange) and nothing hidden."""
    for seat in seats:
        view = observe(state, seat)
        blind = state.phase is Phase.BLIND_EXCHANGE and seat == state.dealer
        assert view.hand == (() if blind else state.hands[seat])
        assert view.stock_count == len(state.stock) and view.widow == state.widow
        assert observe(hidden_elsewhere(state, seat, rng), seat) == view, "observe reads a hidden field"
        for event in view.history:
            if event.visible_to is not None and seat not in event.visible_to:
                assert event.cards == ()
    if state.phase is Phase.BLIND_EXCHANGE:  # nothing the dealer is offered depends on their hand
        dealer = state.dealer
        assert legal_actions(hidden_elsewhere(state, dealer, rng)) == legal_actions(state)


def test_an_observation_has_no_field_for_the_seed_the_stock_or_other_hands() -> None:
    names = {field.name for field in attrs.fields(Observation)}
    assert not names & {"seed", "stock", "hands", "discard"}
    assert {"hand", "stock_count", "discard_count", "widow"} <= names


# ---- the properties -------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(rules=hoyle_rules(), players=st.integers(3, 12), seed=st.integers(0, 2**63 - 1), picker=st.integers(0, 2**32))
def test_random_matches_keep_every_rule_and_end(rules: Rules, players: int, seed: int, picker: int) -> None:
    rng = random.Random(picker ^ 0x5EED)
    log = MatchLog()
    check_state(new_game(rules, players, seed=seed))

    def check(before: GameState, action: Action, after: GameState) -> None:
        check_step(before, action, after, rng)
        check_counters_and_settlement(before, action, after, log)
        check_horse_answer(before, action, after)

    final, actions = play_match(rules, players, seed, picker, check)
    assert final.is_over and len(final.winners) == 1
    assert log.horses <= 1


@settings(max_examples=20, deadline=None)
@given(rules=hoyle_rules(), players=st.integers(3, 12), seed=st.integers(0, 2**63 - 1), picker=st.integers(0, 2**32))
def test_observe_never_leaks(rules: Rules, players: int, seed: int, picker: int) -> None:
    rng = random.Random(picker ^ 0x0B5)
    blind_checked = 0

    def check(before: GameState, action: Action, after: GameState) -> None:
        nonlocal blind_checked
        seats = rng.sample(range(players), min(3, players))
        if before.phase is Phase.BLIND_EXCHANGE:
            seats.append(before.dealer)
            blind_checked += 1
        check_observations(before, rng, seats)

    final, _ = play_match(rules, players, seed, picker, check)
    check_observations(final, rng, list(range(players)))
    assert blind_checked >= 1


@settings(max_examples=20, deadline=None)
@given(rules=hoyle_rules(), players=st.integers(3, 12), seed=st.integers(0, 2**63 - 1), picker=st.integers(0, 2**32))
def test_the_same_seed_and_actions_give_an_equal_state(rules: Rules, players: int, seed: int, picker: int) -> None:
    assert new_game(rules, players, seed=seed) == new_game(rules, players, seed=seed)
    final, actions = play_match(rules, players, seed, picker, lambda before, action, after: None)
    assert replay(rules, players, seed, actions) == final
    middle = len(actions) // 2
    state = new_game(rules, players, seed=seed)
    for action in actions[:middle]:
        state = apply(state, action)
    assert replay(rules, players, seed, actions[:middle]) == state


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 12),
    seed=st.integers(0, 2**63 - 1),
    take_mask=st.integers(1, 7),
)
def test_a_blind_exchange_gives_the_dealers_first_dealt_cards_face_up_in_the_taken_cards_places(
    players: int, seed: int, take_mask: int
) -> None:
    state = new_game(HOYLE, players, seed=seed)
    dealer = state.dealer
    take = tuple(card for i, card in enumerate(state.widow) if take_mask >> i & 1)
    after = apply(state, BlindExchange(dealer, take))
    k = len(take)
    dealt = state.hands[dealer]
    assert Counter(after.hands[dealer]) == Counter(dealt[k:] + take)
    assert Counter(after.widow) == Counter(dealt[:k] + tuple(c for c in state.widow if c not in take))
    kept = [i for i, card in enumerate(state.widow) if card not in take]
    assert all(after.widow[i] == state.widow[i] for i in kept), "the cards not taken keep their places"
    assert after.phase is Phase.PLAY and after.to_act == state.eldest
    assert after.stock == state.stock and after.balances == state.balances and after.pot == state.pot
    event = after.history[-1]
    assert event.kind is EventKind.BLIND_EXCHANGE and event.visible_to is None
    assert Counter(event.cards) == Counter(take + dealt[:k])
    may_exchange = Exchange in {type(a) for a in legal_actions(_dealers_turn(after))}
    assert may_exchange == (k < 3), "three taken blind: no more exchanges this deal"


def _dealers_turn(state: GameState) -> GameState:
    """Pass round 1 until the dealer's turn."""
    while state.to_act != state.dealer:
        assert state.to_act is not None
        state = apply(state, Pass(state.to_act))
    return state
