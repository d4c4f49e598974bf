"""Plain words for a game: moves, deals, showdowns, standings and hand comparisons.

The command line's ``demo`` prints these lines, and a terminal game can print
the same ones. Narration is what the table sees, so it never names a card
that is hidden at that moment: a buy or a barter is told without its cards
(they are face down), while the widow, every exchange with it and every
pounce are public and shown; the hands are revealed only at the showdown.
The words particular to a variant come from its parts (each mechanism and
scoring says its own moves, reasons, standings and payments); this module
puts them together.

The functions take states, never observations, because a narrator speaks to
the whole table; keeping secrets is this module's job, and the tests check it.
Hand comparisons are the ranking's own words: :func:`compare_values` is
:func:`commerce_rules.ranking.compare.compare_values`, re-exported here.

>>> from commerce_rules import FOSTER, Buy, apply, deal_position
>>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
>>> after = apply(state, Buy(1, state.hands[1][2]))
>>> narrate_step(state, Buy(1, state.hands[1][2]), after)
['  seat 1 buys: gives a card face down, pays 1 to the dealer (seat 0), draws from the stock (42 cards left)']
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import ArgumentTypeError
from ..engine.deal import staked
from ..ranking.compare import Criterion, compare_values
from ..parts.words import seat_list
from ..core.state import GameState, Showdown
from ..engine.variant import variant_of

__all__ = [
    "Criterion",
    "cards_text",
    "compare_values",
    "describe_deal_start",
    "describe_move",
    "describe_showdown",
    "describe_standings",
    "describe_winners",
    "narrate_outcome",
    "narrate_settled_start",
    "narrate_start",
    "narrate_step",
    "seat_list",
]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the table writes them, separated by spaces: ``"A♠ 7♥ 2♦"``.

    >>> from commerce_rules import parse_cards
    >>> cards_text(parse_cards("as 7h 2d"))
    'A♠ 7♥ 2♦'
    """
    return " ".join(str(card) for card in cards)


def describe_standings(state: GameState) -> str:
    """The score as it stands: every balance with a ledger, every seat's lives (or counters) otherwise.

    >>> from commerce_rules import CRP, new_game
    >>> describe_standings(new_game(CRP, 3, seed=1))
    'lives: seat 0 3, seat 1 3, seat 2 3'
    """
    return variant_of(state.rules).words.scoring.standings(state.rules, state.balances, state.lives, state.pot, state.active)


def _settled(before: GameState, showdown: Showdown) -> tuple[list[int], int]:
    """The balances and pot right after ``showdown``'s payments, before the next deal's ante."""
    balances = list(before.balances)
    pot = before.pot
    for payer, payee, points in showdown.payments:
        if payer is None:
            pot -= points
        else:
            balances[payer] -= points
        if payee is None:
            pot += points
        else:
            balances[payee] += points
    return balances, pot


def describe_deal_start(state: GameState) -> list[str]:
    """The lines that open a deal: who deals, who plays first, the ante or the lives, the widow.

    Only public facts: the widow is face up, the hands and the stock are not.

    >>> from commerce_rules import FOSTER, new_game
    >>> describe_deal_start(new_game(FOSTER, 3, seed=1, dealer=2))
    ['Deal 1 of 3: seat 2 deals; seat 0, the eldest, plays first.', '  Each player antes 1: the pot holds 3.']
    """
    variant = variant_of(state.rules)
    heading = variant.words.scoring.deal_heading(state)
    lines = [f"{heading}: seat {state.dealer} deals; seat {state.eldest}, the eldest, plays first."]
    return lines + variant.words.scoring.deal_start(state) + variant.words.mechanism.opening(state)


def describe_move(before: GameState, action: Action, after: GameState) -> list[str]:
    """The legal ``action`` taken in ``before`` (giving ``after``), told as the table sees it.

    The part that owns ``before``'s phase tells it: whom a buyer pays, whom a
    barter is offered to, what the widow holds after an exchange, which card
    refills it after a pounce. The cards of a buy or a barter are face down
    and never named. The lines say nothing about the showdown an action may
    cause: :func:`describe_showdown` does.

    >>> from commerce_rules import CRP, Exchange, apply, deal_position
    >>> state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 2♦")
    >>> move = Exchange(1, state.hands[1][2], state.widow[0])
    >>> describe_move(state, move, apply(state, move))
    ['seat 1 exchanges K♦ for A♠ from the widow; the widow now holds K♦ 7♥ 2♦']
    """
    if not isinstance(action, Action):
        raise ArgumentTypeError(f"describe_move() needs an action, not {type(action).__name__}")
    owner = variant_of(before.rules).words.owners.get(before.phase)
    if owner is None:
        return [action.describe()]
    return owner.describe_move(before, action, after)


def describe_showdown(
    showdown: Showdown,
    after: GameState,
    *,
    before: GameState | None = None,
    action: Action | None = None,
) -> list[str]:
    """A showdown told in full: why it came, every hand revealed with its ranking, the best hand,
    who loses a life (or counter), the payments in words, then the balances or lives.

    ``after`` is the state holding ``showdown`` (its standings are printed);
    ``before`` and ``action``, the state and action that ended the exchanges,
    let the first line say who knocked.

    >>> from commerce_rules import FOSTER, Knock, apply, deal_position
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    >>> after = apply(state, Knock(1))
    >>> print("\\n".join(describe_showdown(after.showdowns[0], after, before=state, action=Knock(1))))
    Showdown of deal 1: seat 1 knocked.
      seat 0, the dealer: 3♣ 4♣ 5♣ — sequence 3-4-5 of clubs
      seat 1: 6♠ 7♠ 8♠ — sequence 6-7-8 of spades
      seat 2: A♥ K♥ 4♦ — point 21 (A♥ K♥)
      best hand: seat 1, sequence 6-7-8 of spades
      seat 1 takes 3 from the pot
      seat 0, the dealer, pays 1 each to seats 1 and 2 (the dealer's hand is a sequence like the best hand)
      balances: seat 0 -3, seat 1 +3, seat 2 0
    """
    variant = variant_of(after.rules)
    reason = variant.words.mechanism.reason_text(showdown, after.rules, before, action)
    lines = [f"Showdown of deal {showdown.deal_number}: {reason}."]
    for seat, (hand, value) in enumerate(zip(showdown.hands, showdown.values)):
        if not hand or value is None:
            continue
        dealer = ", the dealer" if seat == showdown.dealer else ""
        lines.append(f"  seat {seat}{dealer}: {cards_text(hand)} — {value}")
    lines.append(f"  best hand: seat {showdown.winner}, {showdown.values[showdown.winner]}")
    lines.extend(f"  {line}" for line in variant.words.scoring.showdown_lines(showdown, after))
    if before is not None and before.deal_number == showdown.deal_number:
        balances, pot = _settled(before, showdown)
        lines.append(f"  {variant.words.scoring.standings(after.rules, balances, after.lives, pot, after.active)}")
    else:
        lines.append(f"  {describe_standings(after)}")
    return lines


def describe_winners(state: GameState) -> str:
    """The end of the match in one line: who won, and with what.

    >>> from commerce_rules import FOSTER, Knock, apply, deal_position
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    >>> describe_winners(state)
    'The match is not over.'
    """
    if not state.is_over:
        return "The match is not over."
    return variant_of(state.rules).words.scoring.winners_text(state)


def narrate_step(before: GameState, action: Action, after: GameState) -> list[str]:
    """Everything the table hears when ``action`` turns ``before`` into ``after``.

    The move (:func:`describe_move`); then, if it ended the deal, the
    showdown (:func:`describe_showdown`), and any showdown of a deal settled
    as soon as it was dealt in the same step; then either the end of the match
    (:func:`describe_winners`) or the start of the next deal
    (:func:`describe_deal_start`).
    """
    lines = [f"  {line}" for line in describe_move(before, action, after)]
    lines.extend(narrate_outcome(before, action, after))
    if after.deal_number != before.deal_number and not after.is_over:
        lines.extend(["", *describe_deal_start(after)])
    return lines


def narrate_outcome(before: GameState, action: Action, after: GameState) -> list[str]:
    """What follows the move in :func:`narrate_step`, up to the next deal's opening (not included).

    The showdown the move caused, if any (and any showdown of a deal settled
    as soon as it was dealt in the same step), then the end of the match if it
    ended. A terminal game prints these, waits for the person, and then
    opens the next deal itself.
    """
    lines = _showdowns_told(before, after.showdowns[len(before.showdowns) :], after, before, action)
    if after.is_over:
        lines.extend(["", describe_winners(after)])
    return lines


def narrate_start(state: GameState) -> list[str]:
    """Everything the table hears as a match starts (``state`` from :func:`~commerce_rules.new_game`).

    Under ``blitz`` a first deal dealt with a 31 is over at once: its showdown
    (and that of any deal after it settled the same way), then the end of the
    match if it ended; otherwise, or then, the opening of the deal to play
    (:func:`describe_deal_start`).
    """
    settled = narrate_settled_start(state)
    if state.is_over:
        return settled
    return [*settled, *([""] if settled else []), *describe_deal_start(state)]


def narrate_settled_start(state: GameState) -> list[str]:
    """The part of :func:`narrate_start` before the deal to play: the deals settled as dealt, the end if they ended the match.

    Empty when the first deal goes on (a terminal game tells this part, waits
    for the person, and then opens the deal itself). The standings told are
    counted from a new match's (``state`` from :func:`~commerce_rules.new_game`).
    """
    if not state.showdowns:
        return []
    scoring = variant_of(state.rules).scoring
    record = scoring.new_record(state.rules)
    lives = (state.rules.starting_lives,) * state.num_players
    first = state.showdowns[0]
    blank = state._replace(
        deal_number=first.deal_number, dealer=first.dealer, pot=0, balances=(0,) * state.num_players,
        lives=lives, score=record, active=scoring.active_seats(lives, record), showdowns=(), winners=(),
    )
    start = staked(scoring.start_match(blank))  # the first deal's antes paid, as new_game pays them
    lines = _showdowns_told(start, state.showdowns, state, None, None)
    return [*lines, "", describe_winners(state)] if state.is_over else lines


def _showdowns_told(
    standing: GameState, settled: tuple[Showdown, ...], after: GameState, before: GameState | None, action: Action | None
) -> list[str]:
    """``settled``, the showdowns that led from ``standing`` to ``after``, each told with the standings right after it.

    ``standing`` is the table as the first of them was reached (its deal's
    antes paid). The first is told as the step's (``before``, ``action``);
    any later one is a deal dealt and settled in the same step (a 31 as dealt,
    under ``blitz``), whose antes are paid as it is dealt.
    """
    scoring = variant_of(after.rules).scoring
    lines: list[str] = []
    for count, showdown in enumerate(settled):
        if count:  # a deal dealt after the one before it was settled: its antes first
            standing = staked(standing._replace(deal_number=showdown.deal_number, dealer=showdown.dealer))
        balances, pot = _settled(standing, showdown)
        standing = scoring.lose(standing, showdown.losers)._replace(balances=tuple(balances), pot=pot)
        told = after._replace(lives=standing.lives, active=standing.active, score=standing.score, balances=standing.balances, pot=pot)
        first = count == 0  # the step's own showdown; a later one was a deal settled as dealt
        lines.extend(describe_showdown(showdown, told, before=before if first else None, action=action if first else None))
    return lines
