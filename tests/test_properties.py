"""Engine-wide properties: random seeds, 3 to 12 players, random legal play, every playable variant.

Each property runs on every preset except ``HOYLE`` (``FOSTER``, ``CRP``,
``POUNCE``, ``TRENTUNO``, ``EXTENDED``) and on random valid combinations of
parts and options built with :meth:`Rules.replace`. A game is drawn as a
player count, a deal seed and an action seed; the actions are chosen
uniformly among :func:`legal_actions` by a ``random.Random`` on the action
seed (not by hypothesis draws, so long matches stay within hypothesis'
example size).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_40,
    DECK_52,
    EXTENDED,
    FOSTER,
    POUNCE,
    TRENTUNO,
    Action,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Card,
    Event,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Mechanism,
    Pass,
    Phase,
    Pounce,
    Rules,
    Scoring,
    apply,
    legal_actions,
    new_game,
    observe,
    replay,
)

VARIANTS = [
    pytest.param(FOSTER, id="FOSTER"),
    pytest.param(CRP, id="CRP"),
    pytest.param(POUNCE, id="POUNCE"),
    pytest.param(TRENTUNO, id="TRENTUNO"),
    pytest.param(EXTENDED, id="EXTENDED"),
    pytest.param(None, id="random-options"),
]
"""Each property runs once per preset, and once on random valid combinations (``None``)."""

WALK_STEPS = 150
"""How many actions the per-step properties follow (several deals, not always a whole match)."""
MATCH_STEPS = 20_000
"""A bound on any match's length under random play: reaching it fails the test."""

PROPERTY = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Per variant: 15 examples x 6 variants = 90 random games per property."""


@st.composite
def random_rules(draw: st.DrawFn) -> Rules:
    """A valid variant: any playable mechanism, scoring and ranking, with options in their ranges."""
    mechanism = draw(st.sampled_from([Mechanism.TRADE_BARTER, Mechanism.WIDOW]))
    scoring = draw(st.sampled_from([Scoring.LEDGER, Scoring.LIVES]))
    ranking = draw(st.sampled_from(["foster", "classic", "extended", "trentuno"]))
    options: dict[str, Any] = {
        "mechanism": mechanism,
        "scoring": scoring,
        "ranking": ranking,
        "ace_low": draw(st.booleans()),
        "turn_limit": draw(st.none() | st.integers(1, 40)),
    }
    if mechanism is Mechanism.TRADE_BARTER:
        options["barter_direction"] = draw(st.sampled_from(["left", "right"]))
    else:
        options["exchanges_per_turn"] = draw(st.integers(1, 3))
        options["stall_passes"] = draw(st.integers(1, 3))
        options["pounce"] = draw(st.booleans())
    if scoring is Scoring.LIVES:
        options["starting_lives"] = draw(st.integers(1, 5))
    if ranking == "trentuno":
        options["trentuno_suited"] = draw(st.booleans())
        options["deck_size"] = draw(st.sampled_from([40, 52]))
    return FOSTER.replace(**options)


@attrs.frozen
class Game:
    """A drawn game: its rules, players, deal seed and the seed of the random player."""

    rules: Rules
    players: int
    seed: int
    action_seed: int

    def start(self) -> GameState:
        """The match's first state."""
        return new_game(self.rules, self.players, seed=self.seed)

    def walk(self, steps: int) -> Iterator[tuple[GameState, Action, GameState]]:
        """``(state, action, next state)`` for up to ``steps`` random legal actions, or until the match ends."""
        chooser = random.Random(self.action_seed)
        state = self.start()
        for _ in range(steps):
            if state.is_over:
                return
            action = chooser.choice(legal_actions(state))
            following = apply(state, action)
            yield state, action, following
            state = following


def games(preset: Rules | None) -> st.SearchStrategy[Game]:
    """Games of ``preset``, or of random valid rules when ``preset`` is ``None``."""
    rules = st.just(preset) if preset is not None else random_rules()
    return st.builds(
        Game,
        rules=rules,
        players=st.integers(3, 12),
        seed=st.integers(0, 2**63 - 1),
        action_seed=st.integers(0, 2**32 - 1),
    )


def snapshot(state: GameState) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every field of ``state`` and of its turn record, as the objects they are now."""
    return attrs.asdict(state, recurse=False), attrs.asdict(state.turn, recurse=False)


def deck_of(rules: Rules) -> tuple[Card, ...]:
    return DECK_40 if rules.deck_size == 40 else DECK_52


def all_cards(state: GameState) -> list[Card]:
    return [*(c for hand in state.hands for c in hand), *state.widow, *state.stock, *state.discard]


# ---- apply and legal_actions --------------------------------------------------------------------


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_apply_never_changes_its_input(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    for state, action, following in game.walk(WALK_STEPS):
        before = snapshot(state)
        equal_copy = attrs.evolve(state)
        for other in legal_actions(state):
            apply(state, other)
        assert apply(state, action) == following  # pure: the same state and action, an equal result
        assert snapshot(state) == before
        assert state == equal_copy


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_every_legal_action_is_accepted_and_belongs_to_the_player_to_act(
    preset: Rules | None, data: st.DataObject
) -> None:
    game = data.draw(games(preset))
    for state, _, _ in game.walk(WALK_STEPS):
        legal = legal_actions(state)
        assert legal, "a match that is not over always offers an action"
        assert len(set(legal)) == len(legal)
        assert all(action.player == state.to_act for action in legal)
        for action in legal:
            following = apply(state, action)
            assert isinstance(following, GameState)


def illegal_candidates(state: GameState, chooser: random.Random) -> list[Action]:
    """Actions this state must refuse: wrong seat, a card not held, another mechanism's action."""
    n = state.num_players
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    legal = legal_actions(state)
    other_seat = (seat + chooser.randrange(1, n)) % n
    not_held = chooser.choice([c for c in deck_of(state.rules) if c not in hand])
    candidates: list[Action] = [
        attrs.evolve(chooser.choice(legal), player=other_seat),
        BuyHorse(seat),
        BlindExchange(seat, (not_held,)),
    ]
    if state.rules.mechanism is Mechanism.TRADE_BARTER:
        kinds: list[type[Buy | Barter | BarterReply]] = [Buy, Barter]
        card_action = BarterReply if state.phase is Phase.BARTER_REPLY else chooser.choice(kinds)
        candidates += [
            card_action(seat, not_held),
            Exchange(seat, hand[0], not_held),
            Pass(seat),
            Pounce(seat),
        ]
    else:
        candidates += [
            Buy(seat, hand[0]),
            Barter(seat, hand[0]),
            BarterReply(seat, hand[0]),
            Exchange(seat, not_held, state.widow[0]),
        ]
    return candidates


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_illegal_actions_raise_and_leave_the_state_unchanged(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    chooser = random.Random(game.action_seed + 1)
    last = game.start()
    for state, _, following in game.walk(WALK_STEPS):
        before = snapshot(state)
        legal = legal_actions(state)
        for action in illegal_candidates(state, chooser):
            assert action not in legal
            with pytest.raises(IllegalActionError):
                apply(state, action)
            assert snapshot(state) == before
        last = following
    if last.is_over:  # anything after the end
        assert legal_actions(last) == ()
        before = snapshot(last)
        for seat in range(last.num_players):
            for action in (Knock(seat), Pass(seat), Buy(seat, DECK_52[0]), Exchange(seat, DECK_52[0], DECK_52[1])):
                with pytest.raises(IllegalActionError, match="over"):
                    apply(last, action)
        assert snapshot(last) == before


# ---- Conservation and scores --------------------------------------------------------------------


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_cards_are_conserved_the_deck_each_card_once(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    deck = Counter(deck_of(game.rules))
    assert Counter(all_cards(game.start())) == deck
    for _, _, following in game.walk(WALK_STEPS):
        assert Counter(all_cards(following)) == deck
        if not following.rules.has_widow:
            assert following.widow == ()
        assert all(len(hand) <= following.rules.max_hand_size for hand in following.hands)


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_sum_of_balances_plus_the_pot_is_always_zero(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    assert sum(game.start().balances) + game.start().pot == 0
    for _, _, following in game.walk(WALK_STEPS):
        assert sum(following.balances) + following.pot == 0
        for showdown_ in following.showdowns:
            assert all(points > 0 for _, _, points in showdown_.payments)


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_lives_never_increase_and_eliminated_seats_hold_no_cards(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    for state, _, following in game.walk(WALK_STEPS):
        assert all(after <= before for before, after in zip(state.lives, following.lives))
        assert all(lives >= 0 for lives in following.lives)
        if following.rules.scoring is Scoring.LEDGER:
            assert following.lives == state.lives  # nobody is eliminated under a ledger
        if following.is_over:
            continue  # the last showdown's hands stay on the table
        for seat, lives in enumerate(following.lives):
            if lives == 0:
                assert following.hands[seat] == ()
                assert following.to_act != seat and following.dealer != seat


# ---- Reproducibility and termination ------------------------------------------------------------


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_the_same_seed_and_actions_give_equal_states(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    states = [game.start()]
    actions: list[Action] = []
    for _, action, following in game.walk(WALK_STEPS):
        actions.append(action)
        states.append(following)
    assert new_game(game.rules, game.players, seed=game.seed) == states[0]
    assert replay(game.rules, game.players, game.seed, actions) == states[-1]
    cut = data.draw(st.integers(0, len(actions)))
    assert replay(game.rules, game.players, game.seed, actions[:cut]) == states[cut]


@pytest.mark.parametrize("preset", VARIANTS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_match_ends_with_winners(preset: Rules | None, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    steps = 0
    state = game.start()
    for _, _, following in game.walk(MATCH_STEPS):
        steps += 1
        state = following
    assert state.is_over, f"no end after {steps} actions"
    assert state.to_act is None and legal_actions(state) == ()
    assert state.winners and all(0 <= seat < game.players for seat in state.winners)
    if game.rules.scoring is Scoring.LEDGER:
        assert len(state.showdowns) == game.players  # one deal per player
        best = max(state.balances)
        assert state.winners == tuple(s for s, b in enumerate(state.balances) if b == best)
    else:
        assert len(state.winners) == 1 and state.active == state.winners


# ---- Hidden information -------------------------------------------------------------------------


def seen_by(state: GameState, seat: int) -> set[Card]:
    """The cards of the current deal that ``seat`` has seen or can know to be where they are."""
    seen = set(state.hands[seat]) | set(state.widow)
    for event in state.history:
        if event.visible_to is None or seat in event.visible_to:
            seen.update(event.cards)
    if state.phase is Phase.POUNCE:  # being asked to pounce shows a tricon in hand
        seen.update(state.hands[state.to_act])  # type: ignore[index]
    for decliner in state.turn.declined:
        seen.update(state.hands[decliner])
    return seen


def hidden_swap(state: GameState, observer: int, chooser: random.Random) -> GameState | None:
    """``state`` with the cards ``observer`` has not seen permuted among the other hands, the stock and the discard.

    The unseen cards are shuffled among their places (always moving at least
    one card of another seat's hand, with the stock if need be); ``turn.offer``
    and the events the observer did not see follow the cards, so the result
    is a consistent state. ``None`` when there is nothing to swap.
    """
    seen = seen_by(state, observer)
    piles = [list(hand) for hand in state.hands] + [list(state.stock), list(state.discard)]
    stock_pile = len(state.hands)
    places = [
        (pile, index)
        for pile, cards in enumerate(piles)
        if pile != observer
        for index, c in enumerate(cards)
        if c not in seen
    ]
    in_hands = [place for place in places if place[0] < stock_pile]
    if not in_hands or not state.stock:
        return None
    moved = [piles[pile][index] for pile, index in places]
    chooser.shuffle(moved)
    for (pile, index), c in zip(places, moved):
        piles[pile][index] = c
    if piles[:stock_pile] == [list(hand) for hand in state.hands]:  # no hand changed: swap one with the stock
        pile, index = chooser.choice(in_hands)
        position = chooser.randrange(len(state.stock))
        piles[pile][index], piles[stock_pile][position] = piles[stock_pile][position], piles[pile][index]
    hands, stock, discard = piles[:stock_pile], piles[stock_pile], piles[stock_pile + 1]
    # The swap relabels unseen cards: the card now at a position stands for the one that was there,
    # in the hidden events and the pending offer too.
    before = [*(c for hand in state.hands for c in hand), *state.stock, *state.discard]
    after = [*(c for hand in hands for c in hand), *stock, *discard]
    mapping = {old: new for old, new in zip(before, after) if old is not new}

    def follow(event: Event) -> Event:
        if event.visible_to is None or observer in event.visible_to:
            return event
        return attrs.evolve(event, cards=tuple(mapping.get(c, c) for c in event.cards))

    offer = state.turn.offer
    turn = attrs.evolve(state.turn, offer=mapping.get(offer, offer) if offer is not None else None)
    return attrs.evolve(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        stock=tuple(stock),
        discard=tuple(discard),
        turn=turn,
        history=tuple(follow(event) for event in state.history),
    )


@pytest.mark.parametrize("preset", VARIANTS)
@PROPERTY
@given(data=st.data())
def test_observe_does_not_change_when_cards_the_observer_has_not_seen_are_swapped(
    preset: Rules | None, data: st.DataObject
) -> None:
    game = data.draw(games(preset))
    chooser = random.Random(game.action_seed ^ 0x5EED)
    swaps = 0
    for state, _, _ in game.walk(WALK_STEPS):
        observer = chooser.randrange(state.num_players)
        swapped = hidden_swap(state, observer, chooser)
        if swapped is None:
            continue
        assert swapped.hands != state.hands  # a real change of another seat's hidden cards
        assert Counter(all_cards(swapped)) == Counter(all_cards(state))
        assert observe(swapped, observer) == observe(state, observer)
        swaps += 1
    assert swaps > 0
