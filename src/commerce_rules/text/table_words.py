"""The table's words from one seat's view: button labels, the history in words, a narration, the seat's news.

A game server holds the state; a client holds only its seat's
:class:`~commerce_rules.Observation`. Everything here works from that
observation and nothing else, so a client can say it all itself and a
server can say it without any risk of telling a seat what it may not see
(two states that differ only in what the seat cannot see give the same
words: ``tests/visibility/test_leak_harness.py`` and
``tests/text/test_table_words.py`` hold every function here to it):

* :func:`describe_action`: a legal action as a button label ("Exchange K♦ for 4♦", "Knock");
* :func:`legal_choices`: the seat's legal actions, each with its label, when it is to act;
* :func:`describe_event`: one event of the seat's history, as the seat may read it;
* :func:`narrate_seen`: the deal as the seat saw it, or what it saw since an earlier observation;
* :func:`seat_news`: what the seat learned between two of its observations that the table was not told
  (the card it drew or received).

The words particular to a variant come from its parts' words role (each
mechanism and scoring labels its own actions and tells its own events:
:class:`~commerce_rules.parts.words.PhaseWords`); this module puts them together.

>>> from commerce_rules import FOSTER, Buy, apply, deal_position, observe
>>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
>>> [label for _, label in legal_choices(observe(state, 1))][2:4]
['Buy, giving K♦', 'Barter 6♠ with seat 2']
>>> after = apply(state, Buy(1, state.hands[1][2]))
>>> narrate_seen(observe(after, 1), since=observe(state, 1))
['seat 1 buys: gives K♦ face down, pays 1 to the dealer (seat 0), draws 8♠']
>>> narrate_seen(observe(after, 2), since=observe(state, 2))
['seat 1 buys: gives a card face down, pays 1 to the dealer (seat 0), draws from the stock']
>>> seat_news(observe(state, 1), observe(after, 1))
['You drew 8♠ for K♦; your hand: 6♠ 7♠ 8♠ — sequence 6-7-8 of spades.']
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.errors import ArgumentTypeError, CommerceError, HandError
from ..core.events import Event
from ..core.observation import Observation
from ..core.state import GameState, Showdown
from ..engine.observe import observe
from ..engine.reducer import legal_actions
from ..engine.sampling import sample_state
from ..engine.variant import variant_of
from ..parts.words import plain_label
from ..ranking import evaluate

__all__ = ["describe_action", "describe_event", "hand_gained", "hand_value_text", "legal_choices", "narrate_seen", "seat_news"]


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(map(str, cards))


def _view(value: object, name: str) -> Observation:
    if type(value) is not Observation:
        raise ArgumentTypeError(f"{name} needs an Observation (observe(state, seat)), not {type(value).__name__}")
    return value


def describe_action(view: Observation | GameState, action: Action) -> str:
    """``action`` as a short label for a button ("Exchange K♦ for 4♦", "Knock"), in the words of the part that owns the phase.

    ``view`` is the observation of the action's seat, or a state (observed
    for that seat first): the label is made from what that seat sees and
    nothing else, so a client holding its observation labels its own
    buttons, and the label never tells it anything new.

    :raises CommerceError: ``view`` is another seat's observation (a label is made from its own seat's view).

    >>> from commerce_rules import CRP, Card, Exchange, Knock, deal_position, observe
    >>> state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 4♣")
    >>> describe_action(observe(state, 1), Exchange(1, Card.parse("K♦"), Card.parse("A♠")))
    'Exchange K♦ for A♠'
    >>> describe_action(state, Knock(1))
    'Knock'
    """
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"describe_action() needs an action (Buy, Exchange, ...), not {type(action).__name__}")
    if type(view) is GameState:
        view = observe(view, action.player)
    view = _view(view, "describe_action()")
    if action.player != view.player:
        raise CommerceError(f"seat {view.player}'s observation cannot label seat {action.player}'s action: give that seat's own")
    owner = variant_of(view.rules).words.owners.get(view.phase)
    return plain_label(action) if owner is None else owner.label(view, action)


def legal_choices(view: Observation) -> tuple[tuple[Action, str], ...]:
    """The seat's legal actions, each with its label (:func:`describe_action`), from its observation alone.

    Empty unless the seat is to act as it sees the table (``view.to_act ==
    view.player``). The actions are those of :func:`~commerce_rules.legal_actions`,
    in its order, for any state that shows this observation: they are read
    from one (:func:`~commerce_rules.sample_state`, seed 0), as they are the
    same in all of them. A seat that another seat's private question keeps
    waiting (Rules §3.3) sees its turn, and its choices, as if the question
    had been declined.

    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> [label for _, label in legal_choices(observe(state, 1))][-1], legal_choices(observe(state, 2))
    ('Knock', ())
    """
    view = _view(view, "legal_choices()")
    if view.to_act != view.player or view.is_over:
        return ()
    state = sample_state(view, seed=0)
    if state.to_act != view.player:  # pragma: no cover - a sample shows the seat to act where the view does
        return ()
    return tuple((action, describe_action(view, action)) for action in legal_actions(state))


def describe_event(view: Observation, event: Event) -> str:
    """One event of ``view``'s history as that seat may read it, in the words of the part that records it.

    The event's cards are named only where the seat saw them (an event of
    another history is read as this seat would have seen it).

    >>> from commerce_rules import CRP, Card, Exchange, apply, deal_position, observe
    >>> state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 4♣")
    >>> view = observe(apply(state, Exchange(1, Card.parse("K♦"), Card.parse("A♠"))), 0)
    >>> describe_event(view, view.history[-1])
    'seat 1 exchanges K♦ for A♠ from the widow'
    """
    view = _view(view, "describe_event()")
    if type(event) is not Event:
        raise ArgumentTypeError(f"describe_event() needs an Event of the history, not {type(event).__name__}")
    if event.visible_to is not None and view.player not in event.visible_to and event.cards:
        event = event._replace(cards=())
    variant = variant_of(view.rules)
    if event.kind in variant.mechanism.events:
        return variant.words.mechanism.event_text(view, event)
    if event.kind in variant.scoring.events:
        return variant.words.scoring.event_text(view, event)
    raise CommerceError(f"{event.kind.value!r} is not an event of these rules")


def _showdown_seen(view: Observation, showdown: Showdown) -> list[str]:
    """A past showdown as any seat may read it: the hands revealed, the best hand, who lost."""
    lines = [f"Deal {showdown.deal_number} ends in a showdown:"]
    for seat, (hand, value) in enumerate(zip(showdown.hands, showdown.values)):
        if hand and value is not None:
            dealer = ", the dealer" if seat == showdown.dealer else ""
            lines.append(f"  seat {seat}{dealer}: {_cards(hand)} — {value}")
    lines.append(f"  best hand: seat {showdown.winner}, {showdown.values[showdown.winner]}")
    unit = variant_of(view.rules).words.scoring.unit
    lines.extend(f"  seat {seat} loses a {unit}" for seat in showdown.losers if unit)
    return lines


def narrate_seen(view: Observation, since: Observation | None = None) -> list[str]:
    """The current deal as ``view``'s seat saw it, one line per event; with ``since``, only what it saw after that.

    ``since`` is an earlier observation of the same seat. Where deals ended
    in between, their showdowns come first (each hand revealed, the best
    hand, who lost), then the deal now played from its start. Without
    ``since``, a heading (the deal and its dealer) opens the lines.

    :raises CommerceError: ``since`` is not an earlier observation of the same seat's match.
    """
    view = _view(view, "narrate_seen()")
    lines: list[str] = []
    events = view.history
    if since is None:
        lines.append(f"Deal {view.deal_number}: seat {view.dealer} deals.")
    else:
        since = _view(since, "narrate_seen()")
        _same_seat(since, view, "narrate_seen()")
        if since.deal_number == view.deal_number and len(since.showdowns) == len(view.showdowns):
            if view.history[: len(since.history)] != since.history:
                raise CommerceError("narrate_seen(): since is not an earlier observation of this deal")
            events = view.history[len(since.history) :]
        else:
            if since.deal_number > view.deal_number or len(since.showdowns) > len(view.showdowns):
                raise CommerceError("narrate_seen(): since is a later observation, not an earlier one")
            for showdown in view.showdowns[len(since.showdowns) :]:
                lines.extend(_showdown_seen(view, showdown))
            if view.is_over or view.phase not in variant_of(view.rules).mechanism.phases_for(view.rules):
                return lines + [describe_event(view, event) for event in events]
            lines.append(f"Deal {view.deal_number}: seat {view.dealer} deals.")
    return lines + [describe_event(view, event) for event in events]


def _same_seat(before: Observation, after: Observation, name: str) -> None:
    if (before.player, before.num_players, before.rules) != (after.player, after.num_players, after.rules):
        raise CommerceError(f"{name} compares two observations of one seat at one table, not seat {before.player}'s and seat {after.player}'s")


def hand_value_text(view: Observation) -> str | None:
    """The seat's own hand's value in words ("pair of kings"), or ``None`` where it holds none to value.

    ``None`` for a hand held face down (Hoyle's dealer before the blind
    exchange), an empty one, or one no ranking values (Thirty-One's four
    cards between a draw and its discard).
    """
    view = _view(view, "hand_value_text()")
    if not view.hand:
        return None
    try:
        return str(evaluate(view.hand, view.rules))
    except HandError:
        return None


def seat_news(before: Observation, after: Observation) -> list[str]:
    """What the seat learned between two of its observations that the table was not told, in lines to it.

    The card it drew from the stock, or received from another seat (a
    barter), or took unseen (Schwimmen's extra hand), and what it gave for
    it; its hand, once it first sees it (Hoyle's dealer after the blind
    exchange); its new hand, when a new deal has been dealt. A card taken
    from the face-up widow or discard pile is public, and not repeated here
    (:func:`narrate_seen` tells it).

    :raises CommerceError: the two are not observations of one seat at one table.
    """
    before, after = _view(before, "seat_news()"), _view(after, "seat_news()")
    _same_seat(before, after, "seat_news()")
    if after.deal_number != before.deal_number or len(after.showdowns) != len(before.showdowns):
        variant = variant_of(after.rules)
        if after.hand and not after.is_over and after.phase in variant.mechanism.phases_for(after.rules):
            return [f"Deal {after.deal_number}: your hand: {_hand_text(after)}."]
        return []
    if not after.hand:
        return []
    if not before.hand:
        return [f"You see your hand: {_hand_text(after)}."]
    return hand_gained(before, after)


def _hand_text(view: Observation) -> str:
    value = hand_value_text(view)
    return _cards(view.hand) if value is None else f"{_cards(view.hand)} — {value}"


def hand_gained(seen: Observation, now: Observation) -> list[str]:
    """The cards that came into the seat's hand between two observations of one deal, unseen by the table.

    Drawn from the stock, received from another seat, or taken unseen; a
    card taken from the face-up widow or discard pile is left out.
    """
    face_up = (*seen.widow, *seen.discard)  # taken in public: the narration said so
    gained = [card for card in now.hand if card not in seen.hand and card not in face_up]
    if not gained or not seen.hand:
        return []
    given = [card for card in seen.hand if card not in now.hand]
    seat = now.player
    fresh = now.history[len(seen.history) :] if now.history[: len(seen.history)] == seen.history else now.history
    mine = [event for event in fresh if seat in (event.player, event.target)]
    last = mine[-1] if mine else None  # the move that brought the cards: who else took part, if anyone
    other = None if last is None else (last.target if last.player == seat else last.player)
    other = None if other == seat else other
    drawn = other is None and now.stock_count < seen.stock_count
    verb = "drew" if drawn else "received" if other is not None else "took"
    source = "" if other is None else f" from seat {other}"
    exchange = f" for {_cards(tuple(given))}" if given else ""
    return [f"You {verb} {_cards(tuple(gained))}{source}{exchange}; your hand: {_hand_text(now)}."]

