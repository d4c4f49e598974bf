"""The leak harness: states that differ only in what a seat cannot see (twins) give that seat identical output on every surface.

A *twin* of a state ``S`` for a seat ``s`` differs from ``S`` only in what
``s`` may not know: another hand, the stock's order, a face-down extra
hand, the card another seat drew or offered, a private question asked of
another seat (or declined by it), the seed. Twins come from
:func:`~commerce_rules.sample_state` (specified to be consistent with what
``s`` observed), from swapping cards that ``s`` never saw, and from
positions built with :func:`~commerce_rules.deal_position` for each kind of
hidden thing.

Every surface a seat is shown is compared between twins (:func:`seat_surfaces`,
:func:`adapter_surfaces`): the observation, its tensor, its JSON (with the
seat's words), its picture, the terminal's lines and menu, the labels of its
actions and its choices, the deal narrated as it saw it, the refusal of each
action the seat may try, OpenSpiel's observers and PettingZoo's observation
and mask; then both twins play on with common actions (:func:`twin_walk`)
and the table's narration and the seat's news of each step (``hand_news``,
``seat_news``, ``narrate_seen``) are compared too, until the seat sees what
tells them apart.

``COMMERCE_LEAK_DEPTH`` (a whole number, 1 by default) scales how far each
twin plays on and how many states, seeds and examples are tried.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from commerce_rules import (
    PRESETS,
    Action,
    Barter,
    BarterReply,
    Buy,
    BuyHorse,
    Card,
    CommerceError,
    Discard,
    Draw,
    Exchange,
    ExchangeAll,
    GameState,
    Knock,
    Pass,
    Phase,
    Pounce,
    Rules,
    SerializationError,
    apply,
    deal_position,
    describe_action,
    legal_actions,
    legal_choices,
    narrate_seen,
    new_game,
    observation_tensor,
    observation_to_json,
    observe,
    sample_state,
    seat_news,
)
import commerce_rules.core.rules as presets
from commerce_rules.engine.deal import deck_for
from commerce_rules.text.narrate import describe_move, narrate_step
from commerce_rules.core.observation import Observation
from commerce_rules.render import observation_html
from commerce_rules.text.seat_words import choice_text, hand_news, seat_view
from commerce_rules.engine.variant import variant_of
from commerce_rules.engine.visibility import own_question

from helpers import c, kind_first, optional_import, with_hidden_cards

DEPTH = max(1, int(os.environ.get("COMMERCE_LEAK_DEPTH", "1")))
"""How deep the harness looks: 1 in the default suite; a larger value plays on further and tries more states."""
PLAY_ON = 3 * DEPTH
"""Common actions each pair of twins plays on after the first comparison."""
SAMPLED = 2 * DEPTH
"""Twins drawn by ``sample_state`` for each state of the sweep."""

POUNCE_RULES = {
    "pounce": presets.POUNCE,
    "crp+pounce": presets.CRP.replace(pounce=True),
    "trentuno+pounce": presets.TRENTUNO.replace(pounce=True),
    "extended+pounce": presets.EXTENDED.replace(pounce=True),
    "schwimmen+pounce": presets.SCHWIMMEN.replace(pounce=True),
}
ALL_RULES = {**PRESETS, **{name: rules for name, rules in POUNCE_RULES.items() if name != "pounce"}}


# ---- the surfaces ------------------------------------------------------------------------------------


def probes(state: GameState, seat: int) -> list[Action]:
    """Actions ``seat`` may try: its legal ones, the seat-only kinds, and cards it does not hold (someone else's, the stock's)."""
    mine = set(state.hands[seat])
    others = [card for card in deck_for(state.rules) if card not in mine][:: max(1, len(deck_for(state.rules)) // 6)]
    held = state.hands[seat][:1]
    tried: list[Action] = [kind(seat) for kind in (Pass, Knock, Pounce, ExchangeAll, BuyHorse)]
    tried += [Draw(seat, "stock"), Draw(seat, "discard")]
    for card in (*others, *held):
        tried += [Buy(seat, card), Barter(seat, card), BarterReply(seat, card), Discard(seat, card)]
        tried += [Exchange(seat, card, take) for take in (*state.widow[:1], *others[:1])]
    return tried + [action for action in legal_actions(state) if action.player == seat]


def refusals(state: GameState, seat: int) -> dict[Action, str]:
    """Each probe's refusal as the seat would read it (its type and message); an accepted probe is left out."""
    refused: dict[Action, str] = {}
    for action in probes(state, seat):
        try:
            apply(state, action)
        except CommerceError as error:
            refused[action] = f"{type(error).__name__}: {error}"
    return refused


Surfaces = Callable[[GameState, int], dict[str, Any]]


def seat_surfaces(state: GameState, seat: int) -> dict[str, Any]:
    """Everything the library shows ``seat`` of ``state``, by surface (``menu`` only when the seat is asked to move)."""
    view = observe(state, seat)
    shown: dict[str, Any] = {
        "observe": view,
        "observation_tensor": observation_tensor(view),
        "observation_to_json": observation_to_json(view),
        "observation_html": str(observation_html(view)),
        "seat_view": seat_view(view),
        "refusals": refusals(state, seat),
        "legal_choices": legal_choices(view),
        "narrate_seen": narrate_seen(view),
    }
    if state.to_act == seat:
        shown["menu"] = [choice_text(state, action) for action in legal_actions(state)]
        shown["describe_action"] = [describe_action(state, action) for action in legal_actions(state)]
    return shown


def adapter_surfaces(state: GameState, seat: int) -> dict[str, Any]:
    """What OpenSpiel's observers and PettingZoo's environment show ``seat`` of ``state`` (each adapter wraps the state)."""
    return {**openspiel_surfaces(state, seat), **pettingzoo_surfaces(state, seat)}


def every_surface(state: GameState, seat: int) -> dict[str, Any]:
    return {**seat_surfaces(state, seat), **adapter_surfaces(state, seat)}


ADAPTERS = bool(os.environ.get("COMMERCE_ADAPTERS_REQUIRED")) or all(
    importlib.util.find_spec(name) is not None for name in ("pyspiel", "pettingzoo")
)
"""Whether the sweeps cover the adapters too: wherever they are installed, and always under ``nox -s adapters``."""
SWEPT: Surfaces = every_surface if ADAPTERS else seat_surfaces
"""The surfaces compared along random play: the adapters' too where they are installed."""


def table_of(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset ``rules`` is made from, and the options it changes (what the adapters are given)."""
    name = min(PRESETS, key=lambda preset: len(changed(PRESETS[preset], rules)))
    return name, changed(PRESETS[name], rules)


def changed(preset: Rules, rules: Rules) -> dict[str, Any]:
    wanted = rules.options()
    return {key: value for key, value in wanted.items() if preset.options()[key] != value}


@functools.cache
def openspiel_table(rules: Rules, players: int) -> tuple[Any, dict[str, Any]]:
    """The OpenSpiel game of ``rules`` and its observers, by view (made once per table)."""
    pyspiel = optional_import("pyspiel")
    import commerce_rules.openspiel  # noqa: F401  (registers the game)

    name, options = table_of(rules)
    params = {key: int(value) if isinstance(value, bool) else value for key, value in options.items()}
    game = pyspiel.load_game("python_commerce", {"variant": name, "players": players, **params})
    kinds = pyspiel.PrivateInfoType
    views = {
        "observation": (True, False, kinds.SINGLE_PLAYER),
        "information_state": (True, True, kinds.SINGLE_PLAYER),
        "public": (True, False, kinds.NONE),
        "private": (False, False, kinds.SINGLE_PLAYER),
    }
    observers = {
        name: game.make_py_observer(pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=private))
        for name, (public, recall, private) in views.items()
    }
    return game, observers


def openspiel_surfaces(state: GameState, seat: int) -> dict[str, Any]:
    """Each OpenSpiel observer's tensor and string for ``seat``, on an OpenSpiel state wrapping ``state``."""
    game, observers = openspiel_table(state.rules, state.num_players)
    wrapped = game.new_initial_state()
    match = state._replace(rules=game.rules)  # the game's rules add a turn and a deal limit, alike in both twins
    wrapped.now = attrs.evolve(wrapped.now, match=match, dealer=state.dealer)  # a dealt match, as chance leaves it
    shown: dict[str, Any] = {}
    for name, observer in observers.items():
        observer.set_from(wrapped, seat)
        shown[f"openspiel {name} tensor"] = observer.tensor.tobytes()
        shown[f"openspiel {name} string"] = observer.string_from(wrapped, seat)
    return shown


@functools.cache
def pettingzoo_env(rules: Rules, players: int) -> Any:
    optional_import("pettingzoo")
    from commerce_rules.pettingzoo import env

    name, options = table_of(rules)
    made = env(name, players, **options)
    made.reset(seed=0)
    return made


def pettingzoo_surfaces(state: GameState, seat: int) -> dict[str, Any]:
    """PettingZoo's observation and action mask for ``seat``'s agent, the environment's match set to ``state``."""
    made = pettingzoo_env(state.rules, state.num_players)
    made.match = state
    seen = made.observe(made.possible_agents[seat])
    return {"pettingzoo observation": seen["observation"].tobytes(), "pettingzoo action_mask": seen["action_mask"].tobytes()}


def differences(seat: int, state: GameState, twin: GameState, surfaces: Surfaces = seat_surfaces) -> dict[str, tuple[Any, Any]]:
    """The surfaces that show ``seat`` something different in ``state`` and ``twin``, with both values.

    A menu is compared where both twins ask the seat to move; a refusal where
    both refuse (a seat that sees its own question may have to wait for
    seats asked before it, in one twin only: Rules §3.3).
    """
    mine, theirs = surfaces(state, seat), surfaces(twin, seat)
    found: dict[str, tuple[Any, Any]] = {}
    for name in mine.keys() & theirs.keys():
        one, other = mine[name], theirs[name]
        if isinstance(one, dict):
            one, other = ({key: value for key, value in side.items() if key in one and key in other} for side in (one, other))
        if one != other:
            found[name] = (one, other)
    return found


def assert_same_to(seat: int, state: GameState, twin: GameState, surfaces: Surfaces = seat_surfaces) -> None:
    found = differences(seat, state, twin, surfaces)
    assert not found, f"seat {seat} can tell twins apart on {sorted(found)}: {_first_difference(found)}"


def _first_difference(found: dict[str, tuple[Any, Any]]) -> str:
    name = min(found)
    one, other = found[name]
    if isinstance(one, dict):
        key = next(key for key in one if one[key] != other[key])
        return f"{name}[{key!r}]: {one[key]!r} != {other[key]!r}"
    return f"{name}: {str(one)[:300]!r} != {str(other)[:300]!r}"


# ---- when twins stop being twins ---------------------------------------------------------------------


def places(state: GameState, viewer: int | None = None) -> dict[Card, tuple[str, int, int]]:
    """Where each card lies: a hand (any order but ``viewer``'s own), the widow or the stock or the discard (by position)."""
    found: dict[Card, tuple[str, int, int]] = {}
    for seat, hand in enumerate(state.hands):
        found.update((card, ("hand", seat, index if seat == viewer else 0)) for index, card in enumerate(hand))
    for pile in ("widow", "stock", "discard"):
        found.update((card, (pile, index, 0)) for index, card in enumerate(getattr(state, pile)))
    return found


def seen_cards(view: Observation) -> set[Card]:
    """Every card ``view`` names: its hand, the widow, a face-up discard, the history's visible cards, the showdowns."""
    seen = {*view.hand, *view.widow, *view.discard}
    for event in view.history:
        seen.update(event.cards)
    for showdown in view.showdowns:
        for hand in showdown.hands:
            seen.update(hand)
    return seen


def told_apart(seat: int, state: GameState, twin: GameState) -> bool:
    """Whether ``seat`` has been shown what tells the twins apart (a card drawn, a new deal, a showdown's hands): no longer twins.

    Its own hand's order counts: a hidden pile taken whole (Schwimmen's extra hand) comes in the order it lay in.
    """
    mine, theirs = places(state, seat), places(twin, seat)
    moved = {card for card in mine.keys() | theirs.keys() if mine.get(card) != theirs.get(card)}
    view, twin_view = observe(state, seat), observe(twin, seat)
    return view.showdowns != twin_view.showdowns or bool(moved & (seen_cards(view) | seen_cards(twin_view)))


def waits_for_its_own(state: GameState, seat: int) -> bool:
    """Whether ``seat`` could answer a question of its own once the seats before it have answered theirs.

    It may infer, as at a real table, that someone before it is being asked
    (Rules §3.3): its views of such twins are not compared.
    """
    variant = variant_of(state.rules)
    return state.to_act != seat and own_question(state, seat, variant.mechanism, variant.sight.questions) is not None


def waits_unseen(state: GameState, seat: int) -> bool:
    """The documented exception: another seat's question holds up the deal's end, so ``seat`` sees nobody to act."""
    view = observe(state, seat)
    return view.to_act is None and not view.is_over


def others_question(state: GameState, seat: int) -> bool:
    """Whether another seat is being asked a private question (its answer is hidden from ``seat``)."""
    return state.phase in variant_of(state.rules).sight.questions and state.to_act not in (None, seat)


def declined(state: GameState, seat: int) -> GameState:
    """``state`` after the asked seat declines its private question; nothing of it may reach ``seat``."""
    asked = state.to_act
    assert asked is not None
    after = apply(state, Pass(asked))
    assert describe_move(state, Pass(asked), after) == [], "a declined question is told to the table"
    assert hand_news(state, Pass(asked), after, seat) == []
    return after


def common_choice(rng: random.Random) -> Callable[[GameState, GameState], Action | None]:
    """An action legal in both twins (a kind first, so that knocks come as often as exchanges), or ``None``."""
    policy = kind_first(rng)

    def choose(state: GameState, twin: GameState) -> Action | None:
        theirs = set(legal_actions(twin))
        common = tuple(action for action in legal_actions(state) if action in theirs)
        return policy(state, common) if common else None

    return choose


def twin_walk(
    seat: int, state: GameState, twin: GameState, rng: random.Random, steps: int = PLAY_ON,
    surfaces: Surfaces = seat_surfaces, choose: Callable[[GameState, GameState], Action | None] | None = None,
) -> int:
    """Compare ``seat``'s surfaces in two twins, then play on with common actions and compare again, ``steps`` times.

    Another seat's private question is declined in the twin that has it
    (the seat must not notice). A step's narration and the seat's news are
    compared too. The walk stops once the seat has seen what tells the twins
    apart. At the documented exception (one twin's view shows nobody to act,
    or the twins' deals differ: a question holds up the deal's end) the views
    are not compared, unless both show it: then they must not tell who is
    asked. Returns the number of comparisons made.
    """
    choose = choose or common_choice(rng)
    compared = 0
    for _ in range(steps + 1):
        if told_apart(seat, state, twin) or state.is_over or twin.is_over:
            break
        both_wait = waits_unseen(state, seat) and waits_unseen(twin, seat)
        exception = waits_unseen(state, seat) or waits_unseen(twin, seat) or state.deal_number != twin.deal_number
        exception |= waits_for_its_own(state, seat) or waits_for_its_own(twin, seat)
        if both_wait or not exception:
            assert_same_to(seat, state, twin, surfaces)
            compared += 1
        if state.to_act != twin.to_act or exception or others_question(state, seat) != others_question(twin, seat):
            pending = [x for x in (state, twin) if others_question(x, seat)]
            if not pending:
                break
            state, twin = (declined(x, seat) if others_question(x, seat) else x for x in (state, twin))
            continue
        action = choose(state, twin)
        if action is None:
            break
        before, before_twin = state, twin
        state, twin = apply(state, action), apply(twin, action)
        continues = state.deal_number == twin.deal_number == before.deal_number  # a deal's end may show what told them apart
        if not told_apart(seat, state, twin) and continues:
            assert narrate_step(before, action, state) == narrate_step(before_twin, action, twin), f"narration of {action!r}"
            assert hand_news(before, action, state, seat) == hand_news(before_twin, action, twin, seat), f"news of {action!r}"
            seen, twin_seen = (observe(x, seat) for x in (before, before_twin))
            now, twin_now = (observe(x, seat) for x in (state, twin))
            assert seat_news(seen, now) == seat_news(twin_seen, twin_now), f"seat_news of {action!r}"
            assert narrate_seen(now, since=seen) == narrate_seen(twin_now, since=twin_seen), f"narrate_seen of {action!r}"
    return compared


# ---- twins -----------------------------------------------------------------------------------------


def unseen(state: GameState, seat: int) -> list[Card]:
    """Cards ``seat`` has never seen that have not moved this deal: anywhere in a place hidden from it."""
    view = observe(state, seat)
    touched = seen_cards(view) | {card for event in state.history for card in event.cards}
    return [card for card in places(state) if card not in touched]


def swapped(state: GameState, one: Card, other: Card) -> GameState | None:
    """``state`` with two cards exchanged where they lie (``None`` if that is no valid state)."""

    def moved(cards: Sequence[Card]) -> list[Card]:
        return [other if card == one else one if card == other else card for card in cards]

    hidden_widow = variant_of(state.rules).mechanism.hides_widow(state)
    try:
        return with_hidden_cards(
            state, hands=[moved(hand) for hand in state.hands], stock=moved(state.stock), discard=moved(state.discard),
            widow=moved(state.widow) if hidden_widow else None,
        )  # fmt: skip
    except SerializationError:
        return None


def swap_twins(state: GameState, seat: int, rng: random.Random, count: int) -> Iterator[GameState]:
    """Twins made by exchanging two cards ``seat`` never saw (of one rank where a pounce could be, so that no question appears)."""
    hidden = unseen(state, seat)
    where = places(state)
    pounce = variant_of(state.rules).sight.questions
    pairs = [
        (one, other) for i, one in enumerate(hidden) for other in hidden[i + 1 :]
        if where[one] != where[other] and (not pounce or one.rank == other.rank)
    ]  # fmt: skip
    for one, other in rng.sample(pairs, min(count, len(pairs))):
        twin = swapped(state, one, other)
        if twin is not None:
            yield twin


def twins(state: GameState, seat: int, rng: random.Random) -> Iterator[GameState]:
    """Twins of ``state`` for ``seat``: drawn by ``sample_state``, made by swapping unseen cards, and with another seed."""
    view = observe(state, seat)
    for seed in range(SAMPLED):
        yield sample_state(view, seed=rng.randrange(10**6) + seed)
    yield from swap_twins(state, seat, rng, 1)
    yield state._replace(seed=state.seed ^ 0x5EED)


# ---- the sweep: random play of every preset ---------------------------------------------------------------

SWEEP_SEEDS = 2 * DEPTH
SWEEP_STEPS = 40 * DEPTH
SWEEP_EVERY = 4
"""A state in every few of the walk is compared with its twins (each time for the next seat)."""


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_random_play_of_every_preset_shows_each_seat_the_same_on_every_surface_in_its_twins(name: str) -> None:
    rules = ALL_RULES[name]
    rng = random.Random(name)
    compared = 0
    for seed in range(SWEEP_SEEDS):
        players = 3 + seed % 3
        state = new_game(rules, players, seed=seed)
        for step in range(SWEEP_STEPS):
            if state.is_over:
                break
            if step % SWEEP_EVERY == 0:
                seat = step // SWEEP_EVERY % players
                for twin in twins(state, seat, rng):
                    compared += twin_walk(seat, state, twin, rng, surfaces=SWEPT)
            state = apply(state, kind_first(rng)(state, legal_actions(state)))
    assert compared >= SWEEP_SEEDS * 5


# ---- the private question: positions where a tricon meets its fourth card ----------------------------------------

Deal = tuple[tuple[str, ...], str]
"""The hands (seat 0 first) and the top of the stock of a ``POUNCE`` position (dealer 0, so seat 1 is eldest)."""
STOCK = "Q♦ 6♣ 4♠ 8♦ 9♣ J♠"


def seats_swapped(one: int, other: int) -> Callable[[Deal], Deal]:
    """A twin for every other seat: two seats' hands exchanged (which of them is asked, if either)."""

    def twin(deal: Deal) -> Deal:
        hands = list(deal[0])
        hands[one], hands[other] = hands[other], hands[one]
        return tuple(hands), deal[1]

    return twin


def cards_swapped(one: str, other: str) -> Callable[[Deal], Deal]:
    """A twin for every seat that sees neither card: two cards exchanged (a tricon broken by a card deep in the stock)."""

    def twin(deal: Deal) -> Deal:
        def moved(text: str) -> str:
            return " ".join(other if card == one else one if card == other else card for card in text.split())

        return tuple(moved(hand) for hand in deal[0]), moved(deal[1])

    return twin


class Question(NamedTuple):
    """A ``POUNCE`` position in which ``asked`` is asked a private question, and its twins, each for the seats it is one for."""

    hands: tuple[str, ...]
    widow: str
    moves: tuple[Action | None, ...]
    """Played from the deal; ``None``: the seat being asked, if any, declines."""
    asked: int
    twins: tuple[tuple[tuple[int, ...], Callable[[Deal], Deal]], ...]

    def build(self, twin: Callable[[Deal], Deal] | None = None) -> GameState:
        hands, stock = (self.hands, STOCK) if twin is None else twin((self.hands, STOCK))
        state = deal_position(presets.POUNCE, hands=list(hands), dealer=0, widow=self.widow, stock=stock, seed=7)
        for move in self.moves:
            if move is not None:
                state = apply(state, move)
            elif state.phase is Phase.POUNCE:
                assert state.to_act is not None
                state = apply(state, Pass(state.to_act))
        return state


SEVENS = ("2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦")
BROKEN = cards_swapped("7♦", "J♠")
QUESTIONS = {
    "after the deal": Question(SEVENS, "7♣ 10♦ 2♥", (), 3, (((0, 1), seats_swapped(2, 3)), ((0, 1, 2), BROKEN))),
    "after another's exchange": Question(
        ("2♣ 5♦ 9♥", "K♠ K♥ 7♣", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"), "A♠ 10♦ 2♥", (Exchange(1, c("7♣"), c("A♠")),), 3,
        (((0, 1), seats_swapped(2, 3)), ((0, 1, 2), BROKEN)),
    ),
    "after the asked seat's own exchange": Question(
        ("2♣ 5♦ 9♥", "7♠ 7♥ 4♦", "8♠ J♣ 3♣", "K♠ K♥ 6♦"), "7♦ 7♣ 10♦", (Exchange(1, c("4♦"), c("7♦")),), 1,
        (((0, 2, 3), cards_swapped("7♥", "J♠")),),
    ),
    "after a pounce's refill": Question(
        ("2♣ 5♦ 9♥", "K♠ K♥ 4♦", "Q♠ Q♥ Q♣", "7♠ 7♥ 7♦"), "7♣ 10♦ 2♥", (Pounce(3),), 2,
        (((0, 3), seats_swapped(1, 2)), ((0, 1, 3), cards_swapped("Q♣", "J♠"))),
    ),
    "in the final round, the knocker": Question(
        ("2♣ 5♦ 9♥", "7♠ 7♥ 7♦", "7♣ J♣ 3♣", "K♠ K♥ 4♦"), "A♠ 10♦ 2♥", (Knock(1), Exchange(2, c("7♣"), c("A♠"))), 1,
        (((2, 3), seats_swapped(0, 1)), ((0, 2, 3), BROKEN)),
    ),
    "in the final round, a seat still to play": Question(
        ("2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♣ J♣ 3♣", "7♠ 7♥ 7♦"), "A♠ 10♦ 2♥", (Knock(1), Exchange(2, c("7♣"), c("A♠"))), 3,
        (((1, 2), seats_swapped(0, 3)), ((0, 1, 2), BROKEN)),
    ),
    "after the final round's last exchange": Question(
        ("7♠ 5♣ 2♦", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♥ 7♦ 7♣"), "A♠ 10♦ 2♥",
        (Knock(1), Pass(2), Pass(3), Exchange(0, c("7♠"), c("A♠"))), 3, (((0, 1), seats_swapped(2, 3)), ((0, 1, 2), BROKEN)),
    ),
    "again after the widow changes": Question(
        SEVENS, "7♣ 10♦ 2♥", (None, Exchange(1, c("4♦"), c("10♦"))), 3, (((0, 1), seats_swapped(2, 3)), ((0, 1, 2), BROKEN))
    ),
    "two seats at once": Question(
        ("2♣ 5♦ 9♥", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "7♠ 7♥ 7♦"), "7♣ K♣ 2♥", (), 2,
        # seat 3 could pounce too: it may infer that seat 2 is asked first (Rules §3.3), so it has no twin here
        (((0, 1), cards_swapped("K♦", "J♠")), ((0, 1), cards_swapped("7♦", "9♣")), ((0, 1), seats_swapped(2, 3))),
    ),
}


@pytest.mark.parametrize("situation", sorted(QUESTIONS))
def test_no_seat_can_tell_that_another_is_asked_a_private_question_or_which(situation: str) -> None:
    question = QUESTIONS[situation]
    state = question.build()
    assert state.phase is Phase.POUNCE and state.to_act == question.asked
    rng = random.Random(situation)
    compared = 0
    for seats, twin_of in question.twins:
        twin = question.build(twin_of)
        for seat in seats:
            compared += twin_walk(seat, state, twin, rng)
    assert compared >= len(question.twins)


def test_a_refusal_does_not_tell_the_seat_to_play_next_that_another_seat_is_being_asked() -> None:
    question = QUESTIONS["after the deal"]
    state, twin = question.build(), question.build(BROKEN)  # seat 3 asked / nobody asked; seat 1 plays next in both views
    assert observe(state, 1) == observe(twin, 1)
    refused = refusals(state, 1), refusals(twin, 1)
    assert refused[0][Pounce(1)] == refused[1][Pounce(1)]


# ---- the adapters: OpenSpiel's observers and PettingZoo's environment, each wrapping the state --------------


@pytest.mark.parametrize("situation", sorted(QUESTIONS))
def test_the_adapters_show_no_seat_that_another_is_asked_or_which(situation: str) -> None:
    question = QUESTIONS[situation]
    state = question.build()
    rng = random.Random(situation)
    compared = 0
    for seats, twin_of in question.twins:
        for seat in seats:
            compared += twin_walk(seat, state, question.build(twin_of), rng, surfaces=adapter_surfaces)
    assert compared >= len(question.twins)


# ---- each kind of hidden thing, in a position built for it ------------------------------------------------

HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 6♥ 10♦"]


def dealt(rules: Rules, hands: Sequence[str] = HANDS, **given: Any) -> GameState:
    return deal_position(rules, hands=list(hands), dealer=0, seed=7, **given)  # one seed: the twins' next deals alike


def knock_first(state: GameState, twin: GameState) -> Action | None:
    """A knock, else a pass, else any common action: the quickest way to a deal's end (and the next deal)."""
    theirs = set(legal_actions(twin))
    common = [action for action in legal_actions(state) if action in theirs]
    ranked = sorted(common, key=lambda action: (not isinstance(action, Knock), not isinstance(action, Pass)))
    return ranked[0] if ranked else None


def twins_of(make: Callable[[str, str], GameState], cards: tuple[str, str]) -> tuple[GameState, GameState]:
    """A position made with two cards one way round, and the other."""
    one, other = cards
    return make(one, other), make(other, one)


WIDOW = {"widow": "A♠ Q♦ 2♥"}
HIDDEN: dict[str, tuple[Callable[[], tuple[GameState, GameState]], tuple[int, ...]]] = {
    "other hands": (lambda: (dealt(presets.FOSTER), dealt(presets.FOSTER, [*HANDS[:2], "8♠ J♣ 6♥", "7♠ 3♣ 10♦"])), (0, 1)),
    "the stock's order": (lambda: (dealt(presets.CRP, stock="Q♠ 6♣", **WIDOW), dealt(presets.CRP, stock="6♣ Q♠", **WIDOW)), (0, 1, 2, 3)),
    "the extra hand before the dealer's choice": (
        lambda: twins_of(
            lambda card, other: dealt(presets.SCHWIMMEN, ["7♣ 8♦ 9♥", "K♠ K♥ 10♦", "8♠ J♣ Q♣", "7♠ A♥ 10♣"], widow=f"A♠ {card} 9♠", stock=other),
            ("10♠", "J♠"),
        ),
        (0, 1, 2, 3),
    ),
    "a card drawn from the stock": (
        lambda: twins_of(
            lambda one, other: apply(apply(dealt(presets.THIRTY_ONE, stock=f"A♠ {one} {other}"), Draw(1, "stock")), Discard(1, c("4♦"))),
            ("Q♦", "6♣"),
        ),
        (0, 2, 3),
    ),
    "the dealer's own hand before the blind exchange": (
        lambda: (dealt(presets.HOYLE, **WIDOW), dealt(presets.HOYLE, ["2♣ 5♦ 3♣", "K♠ K♥ 4♦", "8♠ J♣ 9♥", HANDS[3]], **WIDOW)),
        (0, 1),
    ),
    "a barter's offered card": (
        lambda: (apply(dealt(presets.FOSTER), Barter(1, c("K♠"))), apply(dealt(presets.FOSTER), Barter(1, c("4♦")))), (0, 3)
    ),
    "the seed": (lambda: (new_game(presets.CRP, 4, seed=1), new_game(presets.CRP, 4, seed=1)._replace(seed=2)), (0, 1, 2, 3)),
}


@pytest.mark.parametrize("hidden", sorted(HIDDEN))
def test_each_kind_of_hidden_thing_shows_the_seats_that_may_not_see_it_nothing(hidden: str) -> None:
    build, seats = HIDDEN[hidden]
    state, twin = build()
    assert state != twin
    rng = random.Random(hidden)
    for seat in seats:
        assert twin_walk(seat, state, twin, rng, surfaces=every_surface) >= 1


def test_past_deals_unseen_cards_show_nothing_in_the_next_deal() -> None:
    state, twin = HIDDEN["the stock's order"][0]()  # two stocks never drawn from, the same seed
    compared = twin_walk(0, state, twin, random.Random(0), steps=8, choose=knock_first)
    assert compared >= 6  # the deal is knocked out, and its next deal compared too


# ---- random deals where tricons meet their fourth card, played at random ----------------------------------------

FOURTH = ("widow", "eldest", "stock")
"""Where a tricon's fourth card lies: in the widow, in the hand of the player about to exchange, on top of the stock."""


def tricon_deal(rules: Rules, players: int, fourth: str, rng: random.Random) -> GameState:
    """A deal (dealer 0) in which one seat holds a tricon whose fourth card lies at ``fourth``; with ``stock``,
    another seat's tricon has its fourth in the widow, so that a pounce's refill brings the first one's."""
    deck = list(deck_for(rules))
    rng.shuffle(deck)
    ranks = rng.sample(sorted({card.rank for card in deck}), 2)
    quads = [[card for card in deck if card.rank == rank] for rank in ranks]
    rest = [card for card in deck if card.rank not in ranks]
    holder, other = rng.sample([seat for seat in range(players) if seat != 1], 2)
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[holder] = quads[0][:3]
    widow = [rest.pop() for _ in range(3)]
    stock: list[Card] = []
    if fourth == "widow":
        widow[0] = quads[0][3]
    elif fourth == "eldest":
        hands[1] = [quads[0][3]]
    else:
        hands[other], widow[0], stock = quads[1][:3], quads[1][3], [quads[0][3]]
    for hand in hands:
        hand.extend(rest.pop() for _ in range(3 - len(hand)))
    stock += [card for card in rest if card not in stock]
    return deal_position(rules, hands=[" ".join(map(str, hand)) for hand in hands], dealer=0, widow=" ".join(map(str, widow)),
                         stock=" ".join(map(str, stock)), seed=rng.randrange(10**6))  # fmt: skip


@settings(max_examples=12 * DEPTH, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(POUNCE_RULES)), players=st.integers(3, 5), fourth=st.sampled_from(FOURTH),
    seed=st.integers(0, 2**32 - 1),
)  # fmt: skip
@example(name="schwimmen+pounce", players=5, fourth="widow", seed=1)  # the extra hand taken whole shows its order
def test_random_play_from_deals_where_tricons_meet_their_fourth_card_leaks_nothing(
    name: str, players: int, fourth: str, seed: int
) -> None:
    rng = random.Random(seed)
    state = tricon_deal(POUNCE_RULES[name], players, fourth, rng)
    for step in range(10 * DEPTH):
        if state.is_over:
            break
        seat = step % players
        for twin in twins(state, seat, rng):
            twin_walk(seat, state, twin, rng, surfaces=SWEPT)
        state = apply(state, kind_first(rng)(state, legal_actions(state)))


def test_the_harness_tells_twins_apart_on_a_surface_that_shows_a_hidden_hand() -> None:
    """The harness itself can fail: a surface that shows the next seat's hand differs between twins."""
    state, twin = HIDDEN["other hands"][0]()

    def leaky(state: GameState, seat: int) -> dict[str, Any]:
        return {**seat_surfaces(state, seat), "neighbour": state.hands[(seat + 2) % state.num_players]}

    assert set(differences(0, state, twin, leaky)) == {"neighbour"}
    with pytest.raises(AssertionError, match="neighbour"):
        twin_walk(0, state, twin, random.Random(0), surfaces=leaky)
