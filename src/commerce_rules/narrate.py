"""Plain words for a game: moves, deals, showdowns, standings and hand comparisons.

Hand comparisons are the ranking's own words: :func:`compare_values` is
:func:`commerce_rules.ranking.compare.compare_values`, re-exported here.

The command line's ``demo`` prints these lines, and a terminal game can print
the same ones. Narration is what the table sees, so it never names a card
that is hidden at that moment: a buy or a barter is told without its cards
(they are face down), while the widow, every exchange with it and every
pounce are public and shown; the hands are revealed only at the showdown.

The functions take states, never observations, because a narrator speaks to
the whole table; keeping secrets is this module's job, and the tests check it.

>>> from commerce_rules import FOSTER, Buy, apply, deal_position
>>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
>>> after = apply(state, Buy(1, state.hands[1][2]))
>>> narrate_step(state, Buy(1, state.hands[1][2]), after)
['  seat 1 buys: gives a card face down, pays 1 to the dealer (seat 0), draws from the stock (42 cards left)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .actions import (
    Action,
    Barter,
    BarterReply,
    BlindExchange,
    Buy,
    BuyHorse,
    Exchange,
    Knock,
    Pass,
    Pounce,
    describe_action,
)
from .cards import Card
from .mechanisms.trade_barter import BUY_PRICE, barter_partner
from .ranking.compare import Criterion, compare_values
from .rules import Mechanism, Rules, Scoring
from .state import Event, EventKind, GameState, Phase, Showdown, ShowdownReason

__all__ = [
    "Criterion",
    "cards_text",
    "compare_values",
    "describe_deal_start",
    "describe_move",
    "describe_showdown",
    "describe_standings",
    "describe_winners",
    "narrate_step",
    "seat_list",
]


# --------------------------------------------------------------------------- small words


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the table writes them, separated by spaces: ``"A♠ 7♥ 2♦"``.

    >>> from commerce_rules import parse_cards
    >>> cards_text(parse_cards("as 7h 2d"))
    'A♠ 7♥ 2♦'
    """
    return " ".join(str(card) for card in cards)


def seat_list(seats: Sequence[int]) -> str:
    """Seats in words, so that a line reads naturally: ``"seat 2"``, ``"seats 0 and 3"``, ``"seats 0, 1 and 3"``.

    >>> seat_list([2]), seat_list([0, 3]), seat_list([0, 1, 3])
    ('seat 2', 'seats 0 and 3', 'seats 0, 1 and 3')
    """
    if len(seats) == 1:
        return f"seat {seats[0]}"
    numbers = [str(seat) for seat in seats]
    return f"seats {', '.join(numbers[:-1])} and {numbers[-1]}"


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {'lives' if word == 'life' else word + 's'}"


def _pot_word(rules: Rules) -> str:
    return "pool" if rules.scoring is Scoring.POOL else "pot"


# --------------------------------------------------------------------------- deals and standings


def describe_standings(state: GameState) -> str:
    """The score as it stands: every balance with a ledger, every seat's lives (or counters) otherwise.

    >>> from commerce_rules import CRP, new_game
    >>> describe_standings(new_game(CRP, 3, seed=1))
    'lives: seat 0 3, seat 1 3, seat 2 3'
    """
    return _standings(state.rules, state.balances, state.lives, state.pot)


def _standings(rules: Rules, balances: Sequence[int], lives: Sequence[int], pot: int) -> str:
    if rules.scoring is Scoring.LEDGER:
        return "balances: " + ", ".join(f"seat {s} {_signed(b)}" for s, b in enumerate(balances))
    counters = "counters" if rules.scoring is Scoring.POOL else "lives"
    parts = [f"seat {s} {n}" if n > 0 else f"seat {s} out" for s, n in enumerate(lives)]
    text = f"{counters}: " + ", ".join(parts)
    if rules.scoring is Scoring.POOL:
        text += "; balances: " + ", ".join(f"seat {s} {_signed(b)}" for s, b in enumerate(balances))
        text += f"; pool {pot}"
    return text


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
    rules = state.rules
    if rules.scoring is Scoring.LEDGER:
        heading = f"Deal {state.deal_number} of {state.num_players}"
    else:
        heading = f"Deal {state.deal_number}"
    lines = [f"{heading}: seat {state.dealer} deals; seat {state.eldest}, the eldest, plays first."]
    if rules.scoring is Scoring.LEDGER:
        players = len(state.active)
        lines.append(f"  Each player antes {state.pot // players}: the pot holds {state.pot}.")
    elif not state.showdowns:  # later deals follow a showdown that printed the standings
        lines.append(f"  {describe_standings(state).capitalize()}.")
    if rules.has_widow:
        lines.append(f"  The widow, face up: {cards_text(state.widow)}.")
    return lines


# --------------------------------------------------------------------------- moves


def _new_events(before: GameState, after: GameState) -> tuple[Event, ...]:
    """The events ``after`` added to ``before``'s history, if both are the same deal."""
    if after.deal_number != before.deal_number or len(after.showdowns) != len(before.showdowns):
        return ()
    if after.history[: len(before.history)] != before.history:
        return ()
    return after.history[len(before.history) :]


def describe_move(before: GameState, action: Action, after: GameState) -> list[str]:
    """The legal ``action`` taken in ``before`` (giving ``after``), told as the table sees it.

    Built on :func:`~commerce_rules.actions.describe_action` for the public
    moves and enriched from the states: whom a buyer pays, whom a barter is
    offered to, what the widow holds after an exchange, which card refills it
    after a pounce. The cards of a buy or a barter are face down and never
    named. The lines say nothing about the showdown an action may cause:
    :func:`describe_showdown` does.

    >>> from commerce_rules import CRP, Exchange, apply, deal_position
    >>> state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 2♦")
    >>> move = Exchange(1, state.hands[1][2], state.widow[0])
    >>> describe_move(state, move, apply(state, move))
    ['seat 1 exchanges K♦ for A♠ from the widow; the widow now holds K♦ 7♥ 2♦']
    """
    rules = before.rules
    seat = action.player
    final = " (final turn)" if before.phase is Phase.FINAL_ROUND else ""
    lines: list[str] = []
    if isinstance(action, Buy):
        if seat == before.dealer:
            paying = "the dealer pays nobody"
        else:
            paying = f"pays {BUY_PRICE} to the dealer (seat {before.dealer})"
        left = len(before.stock) - 1
        drawn = "draws the last card of the stock" if left == 0 else f"draws from the stock ({_plural(left, 'card')} left)"
        lines.append(f"seat {seat} buys: gives a card face down, {paying}, {drawn}")
    elif isinstance(action, Barter):
        partner = barter_partner(before, seat)
        lines.append(f"seat {seat} offers seat {partner} a card face down in barter")
    elif isinstance(action, BarterReply):
        offerer = before.turn.turn_of
        lines.append(f"seat {seat} gives seat {offerer} a card back, unseen: the two cards are swapped")
    elif isinstance(action, Knock):
        if before.phase is Phase.BARTER_REPLY:
            lines.append(f"seat {seat} refuses seat {before.turn.turn_of}'s barter by knocking: the exchanges stop")
        elif rules.mechanism is Mechanism.WIDOW:
            lines.append(f"{describe_action(action)}: every other player has one final turn")
        elif rules.has_widow:
            lines.append(f"{describe_action(action)} and takes no more turns in this deal")
        else:
            lines.append(f"{describe_action(action)}: the exchanges stop")
    elif isinstance(action, Exchange):
        widow = tuple(action.give if card == action.take else card for card in before.widow)
        lines.append(f"{describe_action(action)}{final}; the widow now holds {cards_text(widow)}")
    elif isinstance(action, Pounce):
        pounced = [e for e in _new_events(before, after) if e.kind is EventKind.POUNCE]
        if pounced and len(pounced[0].cards) == 2:
            card, refill = pounced[0].cards
            lines.append(
                f"seat {seat} pounces on {card} from the widow, a four-card hand; "
                f"{refill} from the stock refills the widow, which now holds {cards_text(after.widow)}"
            )
        else:
            lines.append(f"{describe_action(action)} on the widow's fourth card of their tricon")
    elif isinstance(action, Pass):
        if before.phase is Phase.POUNCE:
            lines.append(f"seat {seat} declines to pounce")
        elif before.phase is Phase.BLIND_EXCHANGE:
            lines.append(f"seat {seat}, the dealer, declines the blind exchange")
        elif before.phase is Phase.HORSE:
            lines.append(f"seat {seat} declines to buy a horse")
        elif before.turn.exchanges:
            lines.append(f"seat {seat} ends the turn{final}")
        else:
            lines.append(describe_action(action) + final)
    elif isinstance(action, BlindExchange):
        given = [e for e in _new_events(before, after) if e.kind is EventKind.BLIND_EXCHANGE]
        k = len(action.take)
        text = f"seat {seat}, the dealer, takes {cards_text(action.take)} from the widow blind"
        if given and len(given[0].cards) == 2 * k:
            first = "the first card" if k == 1 else f"the first {k} cards"
            text += f", giving {first} dealt to them face up: {cards_text(given[0].cards[k:])}"
        lines.append(text)
    elif isinstance(action, BuyHorse):
        price = -(-rules.stake // 3)
        lines.append(f"seat {seat} buys a horse: pays {price} into the pool and plays on with one counter")
    else:  # pragma: no cover - every action type is handled above
        lines.append(describe_action(action))
    for event in _new_events(before, after):
        if event.kind is EventKind.WIDOW_GROWS and event.visible_to is None and event.cards:
            lines.append(f"a new round: {event.cards[0]} from the stock joins the widow")
    return lines


# --------------------------------------------------------------------------- showdowns

_REASONS: Final[dict[ShowdownReason, str]] = {
    ShowdownReason.STOCK_EXHAUSTED: "the stock is exhausted",
    ShowdownReason.SECOND_KNOCK: "a second player knocked",
    ShowdownReason.LAST_ROUND: "the last round is over",
}


def _reason_text(showdown: Showdown, before: GameState | None, action: Action | None) -> str:
    reason = showdown.reason
    knockers = before.turn.knockers if before is not None else ()
    if reason is ShowdownReason.KNOCK:
        if isinstance(action, Knock):
            return f"seat {action.player} knocked"
        return "a player knocked"
    if reason is ShowdownReason.FINAL_ROUND:
        if knockers:
            return f"the final round after seat {knockers[0]}'s knock is over"
        return "the final round is over"
    if reason is ShowdownReason.STALL:
        times = "once" if before is None or before.rules.stall_passes == 1 else f"{before.rules.stall_passes} times"
        return f"every player passed {times} in a row"
    if reason is ShowdownReason.TURN_LIMIT:
        limit = before.rules.turn_limit if before is not None else None
        return f"the turn limit ({limit} turns) is reached" if limit else "the turn limit is reached"
    return _REASONS.get(reason) or str(reason.value).replace("_", " ")


def _payment_lines(showdown: Showdown, rules: Rules) -> list[str]:
    pot = _pot_word(rules)
    lines: list[str] = []
    # Group the dealer's payments of one amount: "pays 1 each to seats 1 and 2".
    grouped: dict[tuple[int | None, int], list[int | None]] = {}
    for payer, payee, points in showdown.payments:
        grouped.setdefault((payer, points), []).append(payee)
    categories_match = False
    dealer_value = showdown.values[showdown.dealer] if showdown.dealer < len(showdown.values) else None
    winner_value = showdown.values[showdown.winner]
    if dealer_value is not None and winner_value is not None:
        categories_match = dealer_value.category is winner_value.category
    paid_from_pot: set[int | None] = set()
    for payer, payee, points in showdown.payments:
        if payer is None:  # the pot's payments, in order: the prize, then (Hoyle) the rest of the pool
            who = pot if payee is None else f"seat {payee}"
            if payee in paid_from_pot:
                lines.append(f"{who} also takes the rest of the {pot}, {points}")
            else:
                lines.append(f"{who} takes {points} from the {pot}")
            paid_from_pot.add(payee)
    for (payer, points), payees in grouped.items():
        if payer is None:
            continue
        seats = [p for p in payees if p is not None]
        to_pot = len(seats) != len(payees)
        who = f"seat {payer}, the dealer," if payer == showdown.dealer else f"seat {payer}"
        if seats:
            each = " each" if len(seats) > 1 else ""
            why = ""
            if payer == showdown.dealer and rules.scoring is Scoring.LEDGER:  # RULES.md §1.7
                if len(seats) > 1 and categories_match and winner_value is not None:
                    why = f" (the dealer's hand is a {winner_value.category} like the best hand)"
                else:
                    why = " (the dealer did not win)"
            lines.append(f"{who} pays {points}{each} to {seat_list(seats)}{why}")
        if to_pot:
            lines.append(f"{who} pays {points} into the {pot}")
    return lines


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
    rules = after.rules
    lines = [f"Showdown of deal {showdown.deal_number}: {_reason_text(showdown, before, action)}."]
    for seat, (hand, value) in enumerate(zip(showdown.hands, showdown.values)):
        if not hand or value is None:
            continue
        dealer = ", the dealer" if seat == showdown.dealer else ""
        lines.append(f"  seat {seat}{dealer}: {cards_text(hand)} — {value}")
    winner_value = showdown.values[showdown.winner]
    lines.append(f"  best hand: seat {showdown.winner}, {winner_value}")
    if rules.scoring is not Scoring.LEDGER:
        lives = after.lives
        unit = "life" if rules.scoring is Scoring.LIVES else "counter"
        if showdown.losers:
            for seat in showdown.losers:
                if lives[seat] > 0:
                    lines.append(f"  seat {seat} has the lowest hand and loses a {unit} ({_plural(lives[seat], unit)} left)")
                else:
                    lines.append(f"  seat {seat} has the lowest hand and loses their last {unit}: out of the match")
        else:
            lines.append(f"  nobody loses a {unit}: the lowest hands would have taken every player's last {unit}")
    lines.extend(f"  {line}" for line in _payment_lines(showdown, rules))
    if before is not None and before.deal_number == showdown.deal_number:
        balances, pot = _settled(before, showdown)
        lines.append(f"  {_standings(rules, balances, after.lives, pot)}")
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
    deals = _plural(len(state.showdowns), "deal")
    winners = state.winners
    if state.rules.scoring is Scoring.LEDGER:
        best = state.balances[winners[0]]
        if len(winners) == 1:
            return f"Match over after {deals}. Winner: seat {winners[0]}, with a balance of {_signed(best)}."
        return f"Match over after {deals}. Winners: {seat_list(winners)}, sharing the victory at {_signed(best)}."
    if len(winners) == 1:
        unit = "lives" if state.rules.scoring is Scoring.LIVES else "counters"
        return f"Match over after {deals}. Winner: seat {winners[0]}, the last player with {unit}."
    return f"Match over after {deals}. Winners: {seat_list(winners)}."


def narrate_step(before: GameState, action: Action, after: GameState) -> list[str]:
    """Everything the table hears when ``action`` turns ``before`` into ``after``.

    The move (:func:`describe_move`); then, if it ended the deal, the
    showdown (:func:`describe_showdown`); then either the end of the match
    (:func:`describe_winners`) or the start of the next deal
    (:func:`describe_deal_start`).
    """
    lines = [f"  {line}" for line in describe_move(before, action, after)]
    if len(after.showdowns) > len(before.showdowns):
        lines.extend(describe_showdown(after.showdowns[-1], after, before=before, action=action))
    if after.is_over:
        lines.extend(["", describe_winners(after)])
    elif after.deal_number != before.deal_number:
        lines.extend(["", *describe_deal_start(after)])
    return lines
