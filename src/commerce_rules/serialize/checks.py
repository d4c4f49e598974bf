"""Layer 2 of reading a state: the consistency every variant needs, then each part's own checks.

Each check is a small function with one job, run in order (a later one may
rely on an earlier: the showdown checks read hands the card check passed).
What is particular to a mechanism or a scoring (its hands, its turn record,
its money, its question) is that part's ``check``; this module never asks
which part a variant has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..parts import jsonfields as jf
from ..core.errors import SerializationError
from ..parts.play import EventShape
from ..core.state import Event, EventKind, GameState, next_active
from ..engine.variant import Variant, variant_of
from ..engine.history import check_history

__all__ = ["check_consistency"]


def _between_deals(state: GameState, variant: Variant) -> bool:
    """Whether the state holds a finished deal: over, or a scoring's question after the showdown."""
    return state.phase not in variant.mechanism.phases_for(state.rules)


def _check_cards(state: GameState, variant: Variant) -> None:
    """The hands, widow, stock and discard hold the variant's deck exactly, each card once."""
    places = [(f"hands[{seat}]", hand) for seat, hand in enumerate(state.hands)]
    places += [("widow", state.widow), ("stock", state.stock), ("discard", state.discard)]
    deck = variant.deck
    in_deck = set(deck)
    seen: dict[object, str] = {}
    for place, cards in places:
        for card in cards:
            if card not in in_deck:
                jf.fail(place, f"{card} is not in this variant's {len(deck)}-card deck")
            if card in seen:
                first = seen[card]
                twice = f"in {place}" if first == place else f"({first} and {place})"
                jf.fail("cards", f"{card} appears twice {twice}")
            seen[card] = place
    missing = [card for card in deck if card not in seen]
    if missing:
        jf.fail("cards", f"{missing[0]} is missing: the hands, widow, stock and discard must hold the whole deck")


def _check_players(state: GameState, variant: Variant) -> None:
    """A deal under way has two seats in play at least, a question between deals one."""
    if state.is_over:
        return
    needed = 1 if _between_deals(state, variant) else 2
    if len(state.active) < needed:
        jf.fail("lives", f"a match under way needs at least {'two seats' if needed == 2 else 'one seat'} with lives left")


def _check_null_to_act(state: GameState, variant: Variant) -> None:
    """``to_act`` is null exactly once the match is over."""
    if state.is_over:
        if state.to_act is not None:
            jf.fail("to_act", "must be null once the phase is \"over\"")
    elif state.to_act is None:
        jf.fail("to_act", f"null is only for a match that is over, not in phase {state.phase.value!r}")


def _check_in_play(state: GameState, variant: Variant) -> None:
    """During a deal the dealer and the seat to act are in play."""
    if _between_deals(state, variant):
        return
    if state.to_act not in state.active:
        jf.fail("to_act", f"seat {state.to_act} has no lives left (is out of the match) and cannot act")
    if state.dealer not in state.active:
        jf.fail("dealer", f"seat {state.dealer} has no lives left (is out of the match) and cannot deal")


def _check_money(state: GameState, variant: Variant) -> None:
    """Every point is a transfer: the balances and the pot sum to 0."""
    total = sum(state.balances) + state.pot
    if total != 0:
        jf.fail("balances", f"the balances plus the pot must sum to 0, not {total}")


def _check_deals(state: GameState, variant: Variant) -> None:
    """One showdown per finished deal, numbered 1, 2, ...; the deal passes to the left."""
    finished = state.deal_number if _between_deals(state, variant) else state.deal_number - 1
    if len(state.showdowns) != finished:
        jf.fail("showdowns", f"deal {state.deal_number} needs {finished} past showdowns, not {len(state.showdowns)}")
    showdowns = state.showdowns
    n = state.num_players
    for i, showdown in enumerate(showdowns):
        if showdown.deal_number != i + 1:
            jf.fail(f"showdowns[{i}].deal_number", f"expected {i + 1}, not {showdown.deal_number}")
        if i:
            before = showdowns[i - 1].dealer
            expected = next((s for s in ((before + k) % n for k in range(1, n + 1)) if showdown.hands[s]), None)
            if showdown.dealer != expected:
                jf.fail(f"showdowns[{i}].dealer", f"the deal passes to the left: seat {expected} dealt after seat {before}, not seat {showdown.dealer}")
    if showdowns:
        last = showdowns[-1].dealer
        expected_dealer = last if _between_deals(state, variant) else next_active(state.active, last)
        if state.dealer != expected_dealer:
            jf.fail("dealer", f"seat {expected_dealer} deals after seat {last} (the last showdown's dealer), not seat {state.dealer}")


def _check_showdowns(state: GameState, variant: Variant) -> None:
    """Each past showdown: its cards once each, two hands at least, the dealer and winner held hands, the winner the best."""
    deck = set(variant.deck)
    for i, showdown in enumerate(state.showdowns):
        path = f"showdowns[{i}]"
        cards = [card for hand in showdown.hands for card in hand]
        if len(cards) != len(set(cards)):
            repeated = next(card for j, card in enumerate(cards) if card in cards[:j])
            jf.fail(f"{path}.hands", f"{repeated} appears twice")
        for card in cards:
            if card not in deck:
                jf.fail(f"{path}.hands", f"{card} is not in this variant's {len(deck)}-card deck")
        values = showdown.values
        held = [seat for seat, value in enumerate(values) if value is not None]
        if len(held) < 2:
            jf.fail(f"{path}.hands", "a showdown needs at least two hands")
        for name, seat in (("dealer", showdown.dealer), ("winner", showdown.winner)):
            if values[seat] is None:
                jf.fail(f"{path}.{name}", f"seat {seat} held no hand at that showdown")
        strengths = [values[seat].strength for seat in held]  # type: ignore[union-attr]
        if values[showdown.winner].strength != max(strengths):  # type: ignore[union-attr]
            jf.fail(f"{path}.winner", f"seat {showdown.winner} did not hold the best hand")
        for j, (payer, payee, _points) in enumerate(showdown.payments):
            if payer == payee:
                jf.fail(f"{path}.payments[{j}]", "a payment goes from one party to another, not to itself")
    if _between_deals(state, variant) and state.showdowns and state.hands != state.showdowns[-1].hands:
        jf.fail("hands", f"in phase {state.phase.value!r} the hands are those of the last showdown")


def _check_turn_limit(state: GameState, variant: Variant) -> None:
    """A deal under way has not reached ``turn_limit``."""
    limit = state.rules.turn_limit
    turns = state.turn.turns  # every mechanism's turn record counts its deal's turns
    if limit is not None and not _between_deals(state, variant) and turns >= limit:
        jf.fail("turn.turns", f"{turns} turns reach the turn limit of {limit}: the deal would be over")


def _check_turns_played(state: GameState, variant: Variant) -> None:
    """A deal under way has had no more turns than events.

    Every turn records at least one event (a pass, a knock, an exchange, a
    buy...), so the deal's history bounds its turn count: a document cannot
    claim turns no play could have made, nor a counter grow past what a
    document may hold.
    """
    turns = state.turn.turns
    if not _between_deals(state, variant) and turns > len(state.history):
        jf.fail("turn.turns", f"{turns} turns cannot come from a deal of {len(state.history)} events")


def _check_history(state: GameState, variant: Variant) -> None:
    """Each event is one of the variant's parts', names as many cards as its kind does, and is seen by the right seats."""
    shapes: dict[EventKind, EventShape] = {**variant.mechanism.events, **variant.scoring.events}
    for i, event in enumerate(state.history):
        path = f"history[{i}]"
        if event.visible_to is not None and (not event.visible_to or list(event.visible_to) != sorted(event.visible_to)):
            jf.fail(f"{path}.visible_to", "expected null (public) or the seats that saw the cards, in increasing order")
        shape = shapes.get(event.kind)
        if shape is None:
            jf.fail(f"{path}.kind", f"{event.kind.value!r} is not an event of this variant")
        counts, seen_by = shape
        if len(event.cards) not in counts:
            jf.fail(f"{path}.cards", f"a {event.kind.value!r} event cannot name {len(event.cards)} cards")
        expected = _visibility(event, seen_by)
        if event.visible_to != expected:
            shown = "null (public)" if expected is None else f"{list(expected)} (the seats that saw its cards)"
            jf.fail(f"{path}.visible_to", f"a {event.kind.value!r} event is seen by {shown}")


def _visibility(event: Event, seen_by: str) -> tuple[int, ...] | None:
    if seen_by == "player":
        return (event.player,)
    if seen_by == "player and target" and event.target is not None:
        return tuple(sorted((event.player, event.target)))
    return None


def _check_winners(state: GameState, variant: Variant) -> None:
    """No winners while the match goes on; once over, exactly those the scoring names."""
    if not state.is_over:
        if state.winners:
            jf.fail("winners", "the match is not over: must be empty")
        return
    expected = variant.scoring.winners(state)
    if expected is None:
        jf.fail("phase", "the match cannot be over: its scoring says play goes on")
    if state.winners != expected:
        jf.fail("winners", f"expected {list(expected)} (the scoring's winners of this state), not {list(state.winners)}")


def _check_scoring(state: GameState, variant: Variant) -> None:
    variant.documents.scoring.check(state)


def _check_hands(state: GameState, variant: Variant) -> None:
    variant.documents.mechanism.check_hands(state)


def _check_mechanism(state: GameState, variant: Variant) -> None:
    variant.documents.mechanism.check(state)
    check_history(variant, state)  # the history against the cards, undone back to the deal


_CHECKS: Final[tuple[Callable[[GameState, Variant], None], ...]] = (
    _check_cards,
    _check_players,
    _check_null_to_act,
    _check_showdowns,
    _check_scoring,
    _check_hands,
    _check_in_play,
    _check_deals,
    _check_history,
    _check_mechanism,
    _check_money,
    _check_turn_limit,
    _check_turns_played,
    _check_winners,
)
"""In order: each may rely on those before it (the scoring reads showdowns with two hands at least)."""


def check_consistency(state: GameState) -> None:
    """Every check of layer 2: the shared ones and, in their place, the scoring's and the mechanism's."""
    variant = variant_of(state.rules)
    for check in _CHECKS:
        try:
            check(state, variant)
        except SerializationError:
            raise
        except (LookupError, ValueError, TypeError, AttributeError, ArithmeticError) as error:
            # A check that trips over a combination it did not foresee: still untrusted input, never a crash.
            jf.fail("state", f"the fields do not fit together ({check.__name__.strip('_')}: {type(error).__name__})")
