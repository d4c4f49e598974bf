"""Thirty-One's turns compiled by Numba: each row played on to its learner's turn in one call, no pass per move.

:class:`~.table.Table` makes a move in every row that makes it at once, a
few NumPy operations a move: a step costs what its passes cost, about six
of them, whatever the number of rows. Here the same moves are written for
one row, in plain loops, and Numba compiles them (the ``fast`` extra): a
call plays every row given on until its learner is to act, its episode is
over, or its next deal waits for a deck (the shuffle's SHAKE-256 draws are
hashlib's, made in Python), so a step costs a call or two.

The rules are :class:`~.table.Table`'s, move for move, on its very arrays
(:class:`TableArrays`): the tensors are written from them by
:class:`~.layout.Layout` as before, and the tests hold both ways of playing
to the engine, and to each other row for row.

Numba keys its cache on disk by this file alone: after changing a number
this module takes from :mod:`.table` (the phases, the moves) or
:mod:`.opponents` (SplitMix64's), touch this file so that the machine code
is compiled again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, NamedTuple, TypeVar, cast

import numpy as np
from numba import njit

from .opponents import GOLDEN, MULTIPLIERS
from .table import (
    DISCARD_AT, DISCARDING, DRAW_PILE, DRAW_STOCK, FINAL, FINAL_CHOICES, KNOCK_NOW, OVER, PLAY, PLAY_CHOICES, Table, deal_words,
)

__all__ = ["DECK_NEEDED", "EPISODE_OVER", "LEARNER_TO_ACT", "CompiledTurns", "TableArrays", "shuffled_decks"]

LEARNER_TO_ACT, EPISODE_OVER, DECK_NEEDED = 0, 1, 2
"""Why :func:`play_on` stopped in a row: its learner is to act, its episode is over, or its next deal needs a deck."""

_Function = TypeVar("_Function", bound=Callable[..., Any])


def _jit(*, inline: bool = False) -> Callable[[_Function], _Function]:
    """Numba's ``njit``, its machine code cached on disk where there is a writable place for it; ``inline``: into its callers.

    The first use compiles, for about ten seconds; later processes load
    the cache. With nowhere to write it (a read-only install and home) each
    process compiles anew. The functions compiled take the whole
    :class:`TableArrays`; inlined, a call does not pass its arrays one by one.
    """

    def compile_function(function: _Function) -> _Function:
        mode: Literal["always", "never"] = "always" if inline else "never"
        try:
            return cast(_Function, njit(cache=True, inline=mode)(function))
        except RuntimeError:  # Numba's "cannot cache function ...: no locator available"
            return cast(_Function, njit(inline=mode)(function))

    return compile_function


_GOLDEN: Final = np.uint64(GOLDEN)
_MIX_1: Final = np.uint64(MULTIPLIERS[0])
_MIX_2: Final = np.uint64(MULTIPLIERS[1])


class TableArrays(NamedTuple):
    """A :class:`~.table.Table`'s arrays and constants, its seat tables' lookups and the rows waiting for a deal.

    One argument, which the compiled functions read by name. Its arrays are
    the table's own objects (a test holds them so): the table writes into
    them in place and never replaces one.
    """

    players: int
    size: int
    turn_limit: int
    deal_limit: int
    strength_of: Any
    blitz_of: Any
    next_in: Any
    deal_places: Any
    dealt: Any
    seats_in: Any
    hands: Any
    held: Any
    deck: Any
    stock_at: Any
    pile: Any
    piled: Any
    known: Any
    phase: Any
    to_act: Any
    dealer: Any
    deal_number: Any
    turn_of: Any
    turns: Any
    taken: Any
    knocker: Any
    final_left: Any
    lives: Any
    active: Any
    winners: Any
    showdowns: Any
    shown_hands: Any
    shown_winner: Any
    shown_losers: Any
    next_deck: Any
    next_number: Any
    draw_keys: Any
    moves: Any
    deal_waits: Any
    """The rows whose next deal is to be dealt (a match's first, or the one after a showdown), by ``dealer``.

    Until it is dealt, a row's deal fields (``phase``, ``to_act``, the
    hands...) are the last deal's: nothing reads them before the deal, which
    comes before the row stops unless its deck is still to be shuffled."""


class CompiledTurns:
    """The compiled moves of a :class:`~.table.Table` (made with :func:`shuffled_decks`): its learners' moves, and every row played on from them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.deal_waits = np.zeros(len(table.phase), dtype=np.bool_)
        lookups = table.tables
        self.arrays = TableArrays(
            players=table.players, size=table.size, turn_limit=table.turn_limit, deal_limit=table.deal_limit,
            strength_of=table.strength_of, blitz_of=table.blitz_of,
            next_in=lookups.next_in, deal_places=lookups.deal_places, dealt=lookups.dealt,
            seats_in=table.seats_in, hands=table.hands, held=table.held, deck=table.deck, stock_at=table.stock_at,
            pile=table.pile, piled=table.piled, known=table.known, phase=table.phase, to_act=table.to_act,
            dealer=table.dealer, deal_number=table.deal_number, turn_of=table.turn_of, turns=table.turns,
            taken=table.taken, knocker=table.knocker, final_left=table.final_left, lives=table.lives,
            active=table.active, winners=table.winners, showdowns=table.showdowns, shown_hands=table.shown_hands,
            shown_winner=table.shown_winner, shown_losers=table.shown_losers, next_deck=table.next_deck,
            next_number=table.next_number, draw_keys=table.draw_keys, moves=table.moves,
            deal_waits=self.deal_waits,
        )

    def start(self, rows: Any, seeds: Any, draw_keys: Any, dealers: Any, lives: int) -> None:
        """New matches in ``rows``, as :meth:`Table.start <.table.Table.start>` starts them, but their first deals wait for :meth:`play_on`."""
        self.table.begin(rows, seeds, draw_keys, dealers, lives)
        self.deal_waits[rows] = True

    def learner_moves(self, rows: Any, moves: Any) -> None:
        """The learners' ``moves`` in ``rows``, numbered as :meth:`Table.learner_moves <.table.Table.learner_moves>` numbers them."""
        learner_moves(self.arrays, rows, moves)

    def play_on(self, rows: Any, seat: int, end_when_out: bool) -> tuple[Any, Any]:
        """Play ``rows`` on until each stops: the learner at ``seat`` is to act, or its episode is over, or a deck is needed.

        Returns the rows whose episode is over, and those whose next deal
        needs a deck (:meth:`Table.shuffle_next <.table.Table.shuffle_next>`, then play them on again).
        """
        stops = np.empty(len(rows), dtype=np.int64)
        self.table.opponent_moves += play_on(self.arrays, rows, seat, end_when_out, stops)
        return rows[stops == EPISODE_OVER], rows[stops == DECK_NEEDED]


def shuffled_decks(seeds: Sequence[int], deal_numbers: Sequence[int], size: int) -> Any:
    """:func:`.table.shuffled_decks` compiled: the same draws, each deck's Fisher-Yates steps in a compiled loop."""
    return fisher_yates(deal_words(seeds, deal_numbers, size))


@_jit()
def fisher_yates(words: Any) -> Any:
    """Each row's deck of card places, shuffled by its draws: step ``k`` swaps the card at ``top = size - 1 - k``
    with the one at ``(word * (top + 1)) >> 64``, from the word's 32-bit halves so that no product passes 64 bits."""
    rows, size = words.shape[0], words.shape[1] + 1
    decks = np.empty((rows, size), dtype=np.int64)
    for row in range(rows):
        deck = decks[row]
        for place in range(size):
            deck[place] = place
        for step in range(size - 1):
            top = size - 1 - step
            word, bound = words[row, step], np.uint64(top + 1)
            high, low = word >> np.uint64(32), word & np.uint64(0xFFFFFFFF)
            other = int((high * bound + ((low * bound) >> np.uint64(32))) >> np.uint64(32))
            deck[top], deck[other] = deck[other], deck[top]
    return decks


# ---------------------------------------------------------------------- one row's moves


@_jit()
def learner_moves(t: TableArrays, rows: Any, moves: Any) -> None:
    """Each learner's move, checked legal by the environment: a draw, a knock, or a discard (``DISCARD_AT`` + the card's place)."""
    for at in range(len(rows)):
        row, move = rows[at], moves[at]
        if move == DRAW_STOCK or move == DRAW_PILE:
            draw(t, row, move == DRAW_PILE)
        elif move == KNOCK_NOW:
            knock(t, row)
        else:
            discard(t, row, move - DISCARD_AT)


@_jit()
def play_on(t: TableArrays, rows: Any, seat: int, end_when_out: bool, stops: Any) -> int:
    """Each row's deals, showdowns and opponents' turns until it stops (its reason in ``stops``); the opponents' moves made."""
    made = 0
    for at in range(len(rows)):
        row = rows[at]
        while True:
            if t.deal_waits[row]:
                if t.next_number[row] != t.deal_number[row] + 1:
                    stops[at] = DECK_NEEDED
                    break
                deal(t, row)
            elif t.phase[row] == OVER or (end_when_out and not t.active[row, seat]):
                stops[at] = EPISODE_OVER
                break
            elif t.to_act[row] == seat:
                stops[at] = LEARNER_TO_ACT
                break
            else:
                made += opponent_turn(t, row)
    return made


@_jit(inline=True)
def opponent_choice(t: TableArrays, row: int, count: int) -> int:
    """:func:`~.opponents.opponent_choice` of the row's match and its opponents' next move, which it counts."""
    value = t.draw_keys[row] + (t.moves[row] + np.uint64(1)) * _GOLDEN
    value = (value ^ (value >> np.uint64(30))) * _MIX_1
    value = (value ^ (value >> np.uint64(27))) * _MIX_2
    value ^= value >> np.uint64(31)
    t.moves[row] += np.uint64(1)
    return int(((value >> np.uint64(11)) * np.uint64(count)) >> np.uint64(53))


@_jit(inline=True)
def opponent_turn(t: TableArrays, row: int) -> int:
    """A whole turn at random: a knock, or a draw and then a discard of one of the cards allowed; its moves (1 or 2)."""
    first = opponent_choice(t, row, PLAY_CHOICES if t.phase[row] == PLAY else FINAL_CHOICES)
    if first == KNOCK_NOW:
        knock(t, row)
        return 1
    draw(t, row, first == DRAW_PILE)
    allowed = 4 if t.taken[row] < 0 else 3  # a card taken from the pile may not go back this turn
    discard(t, row, allowed_place(t, row, opponent_choice(t, row, allowed)))
    return 2


@_jit(inline=True)
def allowed_place(t: TableArrays, row: int, chosen: int) -> int:
    """The place in the drawer's hand of the ``chosen``-th card it may discard (all but one just taken from the pile)."""
    hand = t.hands[row, t.to_act[row]]
    for place in range(4):
        if hand[place] != t.taken[row]:
            if chosen == 0:
                return place
            chosen -= 1
    return -1  # never: fewer cards allowed than chosen


@_jit(inline=True)
def ends_deal_at_once(t: TableArrays, a: int, b: int, c: int) -> bool:
    """Whether the hand of cards ``a``, ``b``, ``c`` (places in the deck) ends the deal at once: ``is_blitz``, looked up."""
    return bool(t.blitz_of[(a * t.size + b) * t.size + c])


@_jit(inline=True)
def draw(t: TableArrays, row: int, from_pile: bool) -> None:
    """The stock's top card (seen by the drawer alone) or, ``from_pile``, the pile's (in public: known to be the drawer's)."""
    seat = t.to_act[row]
    if from_pile:
        t.piled[row] -= 1
        card = t.pile[row, t.piled[row]]
        t.pile[row, t.piled[row]] = -1
        t.taken[row] = card
        t.known[row, card] = seat
    else:
        card = t.deck[row, t.stock_at[row]]  # a turn never starts with the stock empty: its end ends the deal
        t.stock_at[row] += 1
        t.taken[row] = -1
    t.hands[row, seat, 3] = card
    t.held[row, seat] = 4
    t.phase[row] = DISCARDING


@_jit(inline=True)
def knock(t: TableArrays, row: int) -> None:
    """A knock: every other seat in owes a final turn, from the knocker's left; at the turn limit, the showdown."""
    seat = t.to_act[row]
    following = t.next_in[t.seats_in[row], seat]
    t.knocker[row] = seat
    for other in range(t.players):
        t.final_left[row, other] = t.active[row, other] and other != seat
    t.turns[row] += 1
    t.phase[row], t.to_act[row], t.turn_of[row] = FINAL, following, following
    if t.turns[row] >= t.turn_limit:
        showdown(t, row, np.bool_(False))  # np.bool_: one compiled showdown, not one per literal


@_jit(inline=True)
def discard(t: TableArrays, row: int, place: int) -> None:
    """The discard of the hand's card at ``place``: the turn passes on, or the deal ends (a blitz, the stock's end, the final round's, the turn limit)."""
    seat = t.to_act[row]
    hand = t.hands[row, seat]
    card = hand[place]
    for at in range(place, 3):  # the others close up, in their order
        hand[at] = hand[at + 1]
    hand[3] = -1
    t.held[row, seat] = 3
    t.pile[row, t.piled[row]] = card
    t.piled[row] += 1
    t.known[row, card] = -1  # face up on the pile: seen, no longer hidden
    t.taken[row] = -1
    t.turns[row] += 1
    blitz = ends_deal_at_once(t, hand[0], hand[1], hand[2])
    played_out = not blitz and t.stock_at[row] < t.size  # a blitz comes before the stock's end (Rules §8.6)
    if played_out:
        t.final_left[row, seat] = False  # this final turn is no longer owed
    knocked = t.knocker[row] >= 0
    final_round_done = knocked and not t.final_left[row].any()
    if played_out and not final_round_done:
        following = t.next_in[t.seats_in[row], seat]
        t.to_act[row] = t.turn_of[row] = following
        t.phase[row] = FINAL if knocked else PLAY
        if t.turns[row] < t.turn_limit:
            return
    showdown(t, row, blitz)


# ---------------------------------------------------------------------- deals and showdowns


@_jit()
def deal(t: TableArrays, row: int) -> None:
    """The next deal, from the deck shuffled ahead: three cards a seat in, one at a time from the eldest; a 31 dealt settled at once."""
    t.deal_waits[row] = False
    t.deal_number[row] += 1
    t.deck[row] = t.next_deck[row]
    seats_in, dealer = t.seats_in[row], t.dealer[row]
    blitzed = False
    for seat in range(t.players):
        places = t.deal_places[seats_in, dealer, seat]
        for k in range(3):
            t.hands[row, seat, k] = t.deck[row, places[k]] if places[k] >= 0 else -1
        t.hands[row, seat, 3] = -1
        t.held[row, seat] = 3 if places[0] >= 0 else 0
        if places[0] >= 0 and ends_deal_at_once(t, t.hands[row, seat, 0], t.hands[row, seat, 1], t.hands[row, seat, 2]):
            blitzed = True
    dealt = t.dealt[seats_in]
    t.pile[row] = -1
    t.pile[row, 0] = t.deck[row, dealt]  # the next card turned up starts the pile
    t.piled[row], t.stock_at[row] = 1, dealt + 1
    t.known[row] = -1
    eldest = t.next_in[seats_in, dealer]
    t.phase[row], t.to_act[row], t.turn_of[row] = PLAY, eldest, eldest
    t.turns[row], t.taken[row], t.knocker[row] = 0, -1, -1
    t.final_left[row] = False
    if blitzed:
        showdown(t, row, np.bool_(True))  # np.bool_: one compiled showdown, not one per literal


@_jit()
def showdown(t: TableArrays, row: int, blitz: bool | np.bool_) -> None:
    """Settle the deal (ended by a blitz where ``blitz``): lives lost, seats out; then the match ends, or its next deal waits."""
    n = t.players
    strengths = np.zeros(n, dtype=np.int64)
    winner, best, lowest = -1, -1, -1
    for seat in range(n):
        if t.active[row, seat]:
            hand = t.hands[row, seat]
            strengths[seat] = t.strength_of[(hand[0] * t.size + hand[1]) * t.size + hand[2]]
            from_left = (seat - t.dealer[row] - 1) % n
            ranked = strengths[seat] * n + (n - 1 - from_left)  # an exact tie: nearest the dealer's left wins
            if ranked > best:
                winner, best = seat, ranked
            if lowest < 0 or strengths[seat] < lowest:
                lowest = strengths[seat]
    losers = np.zeros(n, dtype=np.bool_)
    lost, in_play, any_lives = 0, 0, False
    for seat in range(n):
        if t.active[row, seat]:
            hand = t.hands[row, seat]
            if blitz:  # blitz_all_lose: every seat in without a 31 of its own
                losers[seat] = not (t.held[row, seat] == 3 and ends_deal_at_once(t, hand[0], hand[1], hand[2]))
            else:
                losers[seat] = strengths[seat] == lowest
            in_play += 1
            lost += losers[seat]
            any_lives = any_lives or (losers[seat] and t.lives[row, seat] > 0)
    if lost == in_play and not any_lives:
        losers[:] = False  # it would put every seat in out at once: nobody loses (Rules §2.7, §7.8)
    seats_in = 0
    for seat in range(n):
        if losers[seat]:
            if t.lives[row, seat] > 0:
                t.lives[row, seat] -= 1
            else:
                t.active[row, seat] = False  # a swimmer who loses is out
        if t.active[row, seat]:
            seats_in += 1 << seat
        for k in range(3):
            t.shown_hands[row, seat, k] = t.hands[row, seat, k]
        t.shown_losers[row, seat] = losers[seat]
    t.seats_in[row], t.shown_winner[row] = seats_in, winner
    t.showdowns[row] += 1
    if not end_if_over(t, row):
        t.dealer[row] = t.next_in[seats_in, t.dealer[row]]
        t.deal_waits[row] = True


@_jit()
def end_if_over(t: TableArrays, row: int) -> bool:
    """End the match if one seat is in, or at the deal limit (the most lives win); whether it ended."""
    n = t.players
    in_play, most = 0, -1
    for seat in range(n):
        if t.active[row, seat]:
            in_play += 1
            most = max(most, t.lives[row, seat])
    if in_play > 1 and t.showdowns[row] < t.deal_limit:
        return False
    for seat in range(n):
        t.winners[row, seat] = t.active[row, seat] and (in_play == 1 or t.lives[row, seat] == most)
    t.phase[row], t.to_act[row] = OVER, -1
    return True
