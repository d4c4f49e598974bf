"""Random play on every variant, shared by the property tests (not a test module: nothing here is collected).

**Variants.** :data:`VARIANTS` holds every preset of :data:`commerce_rules.PRESETS`
(a preset added later is covered without a change here), a few presets
with the options of RULES.md §7-§9 (``OPTION_PRESETS``), and every mechanism x
scoring pair (``Mechanism`` x ``Scoring``) as a :class:`Family`, whose
options :func:`random_rules` draws: the ranking and every other option are
drawn in range and applied with :meth:`Rules.replace`, an option the pair does
not take keeping its default (every yes-or-no option of ``Rules`` is drawn,
one added later too); a pair ``Rules`` refuses outright is skipped
(``assume``, or a skip mark when it refuses every ranking). Each option of
:data:`ON_WITH_EVERY_PART` (one that changes what a turn may do) is also
played on with every mechanism, scoring and ranking that take it, each
combination a family of its own, the other options drawn.
:func:`params_where` picks the ones of a mechanism or scoring.

**Games.** :func:`games` draws 3 to 12 players, a deal seed and an action seed;
:meth:`Game.play` plays a whole match with a ``random.Random`` on the action
seed (half the choices uniform over ``legal_actions``, half a kind of action
first), never hypothesis draws per action. :data:`PROPERTY` and :data:`HEAVY`
are the hypothesis settings of the cheap and the costly checks.

**Actions and hidden cards.** :func:`candidate_actions` builds actions from the
variant's whole action space (legal or not); :func:`known_cards` and
:func:`hidden_swap` tell which cards a seat cannot know and move them.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from typing import Any, Union

import pytest
from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from commerce_rules import (
    DECK_52,
    PRESETS,
    Action,
    Barter,
    BarterDirection,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Card,
    CommerceError,
    Discard,
    Draw,
    Exchange,
    GameState,
    Knock,
    Mechanism,
    Pass,
    Phase,
    Pounce,
    Rank,
    Ranking,
    Rules,
    RulesError,
    Scoring,
    SerializationError,
    legal_actions,
    new_game,
    observe,
)
from helpers import MATCH_BOUND, kind_first, random_walk, with_hidden_cards

# ---- variants -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Family:
    """Random valid options of one mechanism x scoring pair (of one ranking, and with an option fixed, if given)."""

    mechanism: Mechanism
    scoring: Scoring
    ranking: Ranking | None = None
    """The ranking, or ``None`` to draw it."""
    fixed: tuple[tuple[str, Any], ...] = ()
    """Options set before the others are drawn, which then keep their defaults where these refuse them."""


Variant = Union[Rules, Family]

OPTION_VALUES: dict[str, st.SearchStrategy[Any]] = {
    # the ranking first: the deck size and trentuno_suited depend on it
    "ranking": st.sampled_from(list(Ranking)),
    "deck_size": st.sampled_from([52, 40, 32]),
    "ace_low": st.booleans(),
    "pounce": st.booleans(),
    "exchanges_per_turn": st.integers(1, 3),
    "stall_passes": st.integers(1, 3),
    "turn_limit": st.none() | st.integers(1, 40),
    "barter_direction": st.sampled_from(list(BarterDirection)),
    "trentuno_suited": st.booleans(),
    "starting_lives": st.integers(1, 5),
    "stake": st.integers(1, 9),
    "prize": st.integers(1, 6),
    "horse": st.booleans(),
    "deal_limit": st.none() | st.integers(1, 4),
    "free_ride": st.booleans(),
    "exchange_all": st.booleans(),
    "dealer_choice": st.booleans(),
    "stall_effect": st.sampled_from(["showdown", "new_widow"]),
    "feuer": st.booleans(),
    "blitz": st.booleans(),
    "blitz_all_lose": st.booleans(),  # after blitz, which it needs
}
OPTION_VALUES.update(
    {name: st.booleans() for name, value in Rules().options().items() if isinstance(value, bool) and name not in OPTION_VALUES}
)
"""Each option's range (what the rules say, a little beyond where ``Rules`` refuses it); every yes-or-no option."""

ON_WITH_EVERY_PART: tuple[str, ...] = ("must_exchange",)
"""Yes-or-no options that change what a turn may do: each is played on with every combination of parts that takes it."""


def accepted(**options: Any) -> Rules | None:
    """``Rules(**options)``, or ``None`` where ``Rules`` refuses them."""
    try:
        return Rules(**options)
    except RulesError:
        return None


def _family_param(mechanism: Mechanism, scoring: Scoring) -> Any:
    family = Family(mechanism, scoring)
    name = f"{mechanism.value}-{scoring.value}"
    if all(accepted(mechanism=mechanism, scoring=scoring, ranking=r) is None for r in Ranking):
        return pytest.param(family, id=name, marks=pytest.mark.skip(reason=f"Rules refuses {name} with every ranking"))
    return pytest.param(family, id=name)


OPTION_PRESETS: dict[str, Rules] = {
    "CRP-free-ride-limit-3": PRESETS["crp"].replace(free_ride=True, deal_limit=3),
    "HOYLE-free-ride-limit-2-40": PRESETS["hoyle"].replace(free_ride=True, deal_limit=2, deck_size=40),
    "FOSTER-limit-2-32": PRESETS["foster"].replace(deal_limit=2, deck_size=32),
    "POUNCE-32-new-widow": PRESETS["pounce"].replace(deck_size=32, stall_effect="new_widow", exchange_all=True),
    "SCHWIMMEN-blitz-all-lose-52": PRESETS["schwimmen"].replace(blitz_all_lose=True, deck_size=52, deal_limit=4),
    "THIRTY_ONE-lowest-loses-turns-6-40": PRESETS["thirty_one"].replace(
        free_ride=False, blitz_all_lose=False, turn_limit=6, deck_size=40
    ),
}
"""The options of RULES.md §7-§9 on other presets, fixed (the families draw them at random too)."""

OPTION_FAMILIES: list[Family] = [
    Family(m, s, r, ((option, True),))
    for option in ON_WITH_EVERY_PART
    for m, s, r in itertools.product(Mechanism, Scoring, Ranking)
    if accepted(mechanism=m, scoring=s, ranking=r, **{option: True}) is not None
]
"""Each option of :data:`ON_WITH_EVERY_PART` on, with every mechanism x scoring x ranking that takes it."""

VARIANT_VALUES: list[Variant] = [
    *PRESETS.values(), *OPTION_PRESETS.values(), *(Family(m, s) for m, s in itertools.product(Mechanism, Scoring)),
    *OPTION_FAMILIES,
]
VARIANTS = (
    [pytest.param(rules, id=name.upper()) for name, rules in PRESETS.items()]
    + [pytest.param(rules, id=name) for name, rules in OPTION_PRESETS.items()]
    + [_family_param(m, s) for m, s in itertools.product(Mechanism, Scoring)]
    + [
        pytest.param(f, id=f"{f.mechanism.value}-{f.scoring.value}-{f.ranking.value if f.ranking else ''}+{f.fixed[0][0]}")
        for f in OPTION_FAMILIES
    ]
)
"""Every preset, the presets with the shared options, every mechanism x scoring pair with random options, and
each option of :data:`ON_WITH_EVERY_PART` with every combination of parts that takes it."""


def params_where(mechanism: Mechanism | None = None, scoring: Scoring | None = None) -> list[Any]:
    """The :data:`VARIANTS` of this mechanism and of this scoring (either, when ``None``)."""
    return [
        param
        for param, variant in zip(VARIANTS, VARIANT_VALUES)
        if (mechanism is None or variant.mechanism is mechanism) and (scoring is None or variant.scoring is scoring)
    ]


ROUNDS_VARIANTS = params_where(mechanism=Mechanism.ROUNDS)
POOL_VARIANTS = params_where(scoring=Scoring.POOL)


@st.composite
def random_rules(draw: st.DrawFn, family: Family) -> Rules:
    """Valid rules of ``family``: each option drawn in range, kept where ``Rules`` accepts it."""
    parts = {"ranking": family.ranking} if family.ranking is not None else {}
    rules = accepted(mechanism=family.mechanism, scoring=family.scoring, **parts, **dict(family.fixed))
    assume(rules is not None)
    assert rules is not None
    for name, values in OPTION_VALUES.items():
        if name in parts or name in dict(family.fixed):
            continue
        value = draw(values, label=name)
        try:
            rules = rules.replace(**{name: value})
        except RulesError:
            pass  # an option of another mechanism, scoring or ranking (or out of range): it keeps its default
    return rules


# ---- games ----------------------------------------------------------------------------------------

WINDOW = 20
"""How many consecutive states of a match the costly checks follow (and the final state)."""

PROPERTY = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Per variant and test: 5 random matches."""
HEAVY = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""The costly checks (every legal action applied, hundreds of candidates, JSON): 3 matches per variant."""


@dataclasses.dataclass(frozen=True)
class Game:
    """A drawn game: rules, players, the deal seed, the random player's seed, where the window starts."""

    rules: Rules
    players: int
    seed: int
    action_seed: int
    window_at: float

    def start(self) -> GameState:
        return new_game(self.rules, self.players, seed=self.seed)

    def play(self) -> tuple[list[GameState], list[Action]]:
        """The whole match: ``states[i + 1] == apply(states[i], actions[i])``; it must end within the bound."""
        rng = random.Random(self.action_seed)
        states = [self.start()]
        actions: list[Action] = []
        for _, action, after in random_walk(states[0], rng, MATCH_BOUND, kind_first(rng, uniform_share=0.5)):
            actions.append(action)
            states.append(after)
        assert states[-1].is_over, f"no end after {MATCH_BOUND} actions"
        return states, actions

    def window(self, states: list[GameState]) -> list[int]:
        """The indices of the states the costly checks follow: the first, ``WINDOW`` in a row, and the last."""
        first = int(self.window_at * max(0, len(states) - WINDOW))
        return sorted({0, *range(first, min(first + WINDOW, len(states))), len(states) - 1})


@st.composite
def games(draw: st.DrawFn, variant: Variant) -> Game:
    rules = variant if isinstance(variant, Rules) else draw(random_rules(variant))
    players = draw(st.integers(3, 12), label="players")
    seed = draw(st.integers(0, 2**63 - 1), label="seed")
    try:
        new_game(rules, players, seed=seed)
    except CommerceError:  # a deck too small for this table (RULES.md §9)
        assume(False)
    action_seed = draw(st.integers(0, 2**32 - 1), label="action_seed")
    window_at = draw(st.just(0.0) | st.floats(0, 1), label="window_at")
    return Game(rules, players, seed, action_seed, window_at)




_LEFT_OUT = {52: (), 40: (Rank.EIGHT, Rank.NINE, Rank.TEN), 32: (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)}


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The variant's deck (RULES.md §9: 52, 40 without 8 9 10, 32 without 2 to 6), in deck order."""
    left_out = _LEFT_OUT[rules.deck_size]
    return tuple(card for card in DECK_52 if card.rank not in left_out)


# ---- the candidate actions: the variant's whole action space ---------------------------------------


def built(kind: Callable[..., Action], *args: Any) -> list[Action]:
    """``[kind(*args)]``, or ``[]`` where no such action can be built (a seat below 0, a blind take of 0 or a card twice)."""
    try:
        return [kind(*args)]
    except CommerceError:
        return []


def candidate_actions(state: GameState, rng: random.Random) -> list[Action]:
    """Every legal action, and for every seat each kind of action with its hand's cards, the widow's and others."""
    deck = deck_of(state.rules)
    widow = state.widow
    candidates: list[Action] = list(legal_actions(state))
    if len(widow) <= 4:
        subsets = [s for k in range(len(widow) + 1) for s in itertools.combinations(widow, k)]
    else:
        subsets = [tuple(rng.sample(widow, rng.randint(1, 3))) for _ in range(6)] + [(), tuple(widow)]
    outsiders = [card for card in deck if card not in widow]
    for seat in range(state.num_players):
        hand = state.hands[seat]
        others = [*rng.sample(deck, 2), *state.stock[:1]]
        candidates += [Knock(seat), Pass(seat), Pounce(seat), BuyHorse(seat), Draw(seat, "stock"), Draw(seat, "discard")]
        for card in (*hand, *others, *state.discard[-2:]):
            candidates += [Buy(seat, card), Barter(seat, card), BarterReply(seat, card), Discard(seat, card)]
        candidates += [Exchange(seat, give, take) for give in hand for take in widow]
        candidates += [Exchange(seat, give, take) for give, take in zip(others, others[1:])]
        if hand and widow:
            candidates += [Exchange(seat, rng.choice(widow), rng.choice(hand)), Exchange(seat, hand[0], hand[-1])]
        for subset in subsets:
            candidates += built(BlindExchange, seat, subset)
        candidates += built(BlindExchange, seat, (*rng.choice(subsets), rng.choice(outsiders)))
    for seat in range(state.num_players, 12):  # seats no table this size has (an action can name seats 0 to 11)
        card = rng.choice(deck)
        candidates += [Knock(seat), Pass(seat), Pounce(seat), BuyHorse(seat), Buy(seat, card), Barter(seat, card)]
        candidates += [BarterReply(seat, card), Exchange(seat, card, rng.choice(deck)), Discard(seat, card), Draw(seat, "stock")]
        candidates += built(BlindExchange, seat, widow[:1])
    return candidates


# ---- observe never leaks


def known_cards(state: GameState, seat: int) -> set[Card]:
    """The cards whose place ``seat`` may know: its hand, the widow, every card of an event it saw."""
    view = observe(state, seat)
    known = {*view.hand, *view.widow, *view.discard}
    for event in view.history:
        known.update(event.cards)
    if state.phase in (Phase.OVER, Phase.HORSE) and state.last_showdown is not None:
        known.update(card for hand in state.last_showdown.hands for card in hand)  # still face up on the table
    return known


def hidden_swap(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """``state`` with cards ``seat`` cannot know moved among their places (other hands, stock, discard).

    First all of them shuffled at once; if ``state_from_json`` finds that
    state impossible (a pending barter's card or a pounce's tricon moved),
    single swaps. ``None`` if nothing can move.
    """
    known = known_cards(state, seat)
    n = state.num_players
    piles = [list(hand) for hand in state.hands] + [list(state.stock), list(state.discard), list(state.widow)]
    places = [(p, i) for p, pile in enumerate(piles) for i, card in enumerate(pile) if card not in known]
    in_hands = [(p, i) for p, i in places if p < n]
    if not in_hands or len(places) < 2:
        return None
    for attempt in range(5):
        moved = [list(pile) for pile in piles]
        if attempt == 0:
            cards = [piles[p][i] for p, i in places]
            rng.shuffle(cards)
            for (p, i), card in zip(places, cards):
                moved[p][i] = card
        else:
            (p, i), (q, j) = rng.choice(in_hands), rng.choice(places)
            moved[p][i], moved[q][j] = moved[q][j], moved[p][i]
        if moved == piles:
            continue
        try:
            return with_hidden_cards(state, hands=moved[:n], stock=moved[n], discard=moved[n + 1], widow=moved[n + 2])
        except SerializationError:
            continue
    return None


