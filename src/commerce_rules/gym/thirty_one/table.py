"""Thirty-One's matches as arrays, a row each, and their moves made for many rows at once (Rules §8).

Each method below is the engine's rule for a set of rows: ``_draw``, ``_knock``
and ``_discard`` are :class:`~commerce_rules.mechanisms.draw_discard.DrawDiscard`'s
moves, :meth:`Table.showdown` is :func:`~commerce_rules.engine.showdown.finish_deal`
with :class:`~commerce_rules.scoring.lives.Lives`' settlement, and
:meth:`Table.start` and the deals after a showdown are
:func:`~commerce_rules.engine.deal.lay_out`'s, read from :mod:`.lookups`'
tables. Cards are their places in the deck's order (0 to 51), -1 where there is none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from ...core.rules import Rules
from ...engine.deal import deal_draws, shuffled_places
from .lookups import hand_tables, seat_tables
from .opponents import opponent_choices

__all__ = [
    "DISCARDING", "DRAW_PILE", "DRAW_STOCK", "FINAL", "KNOCK_NOW", "DISCARD_AT", "OVER", "PLAY", "Shuffle", "Table", "deal_words", "shuffled_decks",
]

PLAY, DISCARDING, FINAL, OVER = 0, 1, 2, 3
"""The phases by their place in the variant's phases: ``PLAY``, ``DISCARD``, ``FINAL_ROUND``, ``OVER``."""

DRAW_STOCK, DRAW_PILE, KNOCK_NOW, DISCARD_AT = 0, 1, 2, 3
"""The moves, as numbers: a draw from the stock or the pile, a knock, and ``DISCARD_AT + k``, the discard of the hand's ``k``-th card.

A turn's first choices are numbered as its legal actions are listed (the
stock, the pile, then in play the knock), so that a uniform draw among
the first ``n`` is an opponent's choice: :data:`PLAY_CHOICES` in play,
:data:`FINAL_CHOICES` in the final round."""
PLAY_CHOICES, FINAL_CHOICES = 3, 2
_NO_HAND: Final = np.iinfo(np.int64).max
"""The strength a seat out is given where the lowest hand is looked for: above every hand's."""


Shuffle = Callable[[Sequence[int], Sequence[int], int], Any]
"""How decks are shuffled: each ``(seed, deal number)``'s deck of ``size`` card places, a row each (:func:`shuffled_decks`)."""


class Table:
    """``rows`` matches of Thirty-One under ``rules`` at ``players`` seats, their decks shuffled by ``shuffle``."""

    def __init__(self, rows: int, players: int, rules: Rules, shuffle: Shuffle | None = None) -> None:
        size = rules.deck_size
        self.players, self.size = players, size
        self.seeds: list[int] = [0] * rows
        """Each row's match's seed, from which its decks are shuffled."""
        if rules.turn_limit is None or rules.deal_limit is None:
            raise ValueError("the table's rules must have both limits (with_default_limits supplies them)")
        self.turn_limit, self.deal_limit = rules.turn_limit, rules.deal_limit
        self.strength_of, self.blitz_of = hand_tables(rules)
        self.seats = np.arange(players)
        self.tables = seat_tables(players)
        self.seats_in = np.zeros(rows, dtype=np.int64)
        """Each row's seats still in, as the key of :class:`~.lookups.SeatTables` (a bit a seat)."""
        self.hands = np.full((rows, players, 4), -1, dtype=np.int64)
        """Each seat's hand in hand order; the drawer holds a fourth card until its discard."""
        self.held = np.zeros((rows, players), dtype=np.int64)
        self.deck = np.zeros((rows, size), dtype=np.int64)
        """The deal's deck, top first: the stock is ``deck[stock_at:]``."""
        self.stock_at = np.zeros(rows, dtype=np.int64)
        self.pile = np.full((rows, size), -1, dtype=np.int64)
        """The discard pile, bottom first."""
        self.piled = np.zeros(rows, dtype=np.int64)
        self.known = np.full((rows, size), -1, dtype=np.int64)
        """The seat each card taken from the pile is known to hold until it discards it, else -1."""
        self.phase = np.full(rows, OVER, dtype=np.int64)
        self.to_act = np.full(rows, -1, dtype=np.int64)
        self.dealer = np.zeros(rows, dtype=np.int64)
        self.deal_number = np.zeros(rows, dtype=np.int64)
        self.turn_of = np.zeros(rows, dtype=np.int64)
        self.turns = np.zeros(rows, dtype=np.int64)
        self.taken = np.full(rows, -1, dtype=np.int64)
        self.knocker = np.full(rows, -1, dtype=np.int64)
        self.final_left = np.zeros((rows, players), dtype=np.bool_)
        self.lives = np.zeros((rows, players), dtype=np.int64)
        self.active = np.zeros((rows, players), dtype=np.bool_)
        """The seats still in (with ``free_ride`` a seat without lives swims: it is still in)."""
        self.winners = np.zeros((rows, players), dtype=np.bool_)
        self.showdowns = np.zeros(rows, dtype=np.int64)
        self.shown_hands = np.full((rows, players, 3), -1, dtype=np.int64)
        """The last showdown's hands (none before the first: see ``showdowns``), its winner and its losers."""
        self.shown_winner = np.zeros(rows, dtype=np.int64)
        self.shown_losers = np.zeros((rows, players), dtype=np.bool_)
        self.next_deck = np.zeros((rows, size), dtype=np.int64)
        self.next_number = np.zeros(rows, dtype=np.int64)
        """A deck shuffled ahead (:meth:`shuffle_ahead`), and the number of the deal it is for (0: none)."""
        self.draw_keys = np.zeros(rows, dtype=np.uint64)
        self.moves = np.zeros(rows, dtype=np.uint64)
        """Each match's key for its opponents' draws (:func:`~.opponents.match_key`), and their moves so far: their next draw's number."""
        self.deal_over = np.zeros(rows, dtype=np.bool_)
        self.blitzed = np.zeros(rows, dtype=np.bool_)
        """The rows whose deal is over and waits to be settled, and which of them by a blitz."""
        self.opponent_moves = 0
        """The opponents' moves in every row since the table was made (for benchmarks, which count moves)."""
        self.shuffled_decks: Shuffle = shuffle or shuffled_decks
        """How the decks are shuffled: :func:`shuffled_decks`, or the same shuffle compiled."""

    # ------------------------------------------------------------------ matches and deals

    def start(self, rows: Any, seeds: Sequence[int], draw_keys: Any, dealers: Any, lives: int) -> None:
        """New matches in ``rows`` from ``seeds``, dealt at once by ``dealers``: every seat in with ``lives`` lives; a 31 dealt settled at once."""
        self.begin(rows, seeds, draw_keys, dealers, lives)
        self.showdown(*self._dealt(rows, dealers))

    def begin(self, rows: Any, seeds: Sequence[int], draw_keys: Any, dealers: Any, lives: int) -> None:
        """New matches in ``rows``, their first deal not yet dealt: :meth:`start` without the deal."""
        for row, seed in zip(rows.tolist(), seeds):
            self.seeds[row] = seed
        self.draw_keys[rows], self.moves[rows] = draw_keys, 0
        self.lives[rows], self.active[rows], self.winners[rows] = lives, True, False
        self.seats_in[rows] = (1 << self.players) - 1
        self.dealer[rows] = dealers
        self.showdowns[rows], self.deal_number[rows], self.next_number[rows] = 0, 0, 0  # no deck of the last match's

    def _dealt(self, rows: Any, dealers: Any) -> tuple[Any, Any]:
        """The next deal in ``rows``, ``dealers`` dealing: three cards a seat in play, one at a time from the eldest.

        Returns the rows dealt a 31, whose deal ends at once (a blitz), and their blitz flags.
        """
        numbers = self.deal_number[rows] + 1
        decks = self.next_deck[rows]
        late = np.flatnonzero(self.next_number[rows] != numbers)  # not shuffled ahead: a match's first deal, a second this step
        for at, row, number in zip(late.tolist(), rows[late].tolist(), numbers[late].tolist()):  # a few rows: one at a time
            decks[at] = shuffled_places(self.size, self.seeds[row], number)
        self.deck[rows], self.deal_number[rows], self.dealer[rows] = decks, numbers, dealers
        seats_in = self.seats_in[rows]
        places = self.tables.deal_places[seats_in, dealers].astype(np.int64)  # [row, seat, card]
        hands = np.take_along_axis(decks, np.maximum(places, 0).reshape(len(rows), -1), axis=1)
        self.hands[rows, :, :3] = np.where(places >= 0, hands.reshape(places.shape), -1)
        self.hands[rows, :, 3] = -1
        self.held[rows] = np.where(places[:, :, 0] >= 0, 3, 0)
        dealt = self.tables.dealt[seats_in]
        self.pile[rows] = -1
        self.pile[rows, 0] = decks[np.arange(len(rows)), dealt]  # the next card turned up starts the pile
        self.piled[rows], self.stock_at[rows] = 1, dealt + 1
        self.known[rows] = -1
        eldest = self.next_in(rows, dealers)
        self.phase[rows], self.to_act[rows], self.turn_of[rows] = PLAY, eldest, eldest
        self.turns[rows], self.taken[rows], self.knocker[rows], self.final_left[rows] = 0, -1, -1, False
        blitzed = rows[self.blitzes(rows).any(axis=1)]
        return blitzed, np.ones(len(blitzed), dtype=np.bool_)

    def shuffle_ahead(self) -> None:
        """Shuffle the next deal's deck of every match in play that has none: every row at once, before it is needed.

        A deal ends in about one row in three at each step, in a few rows at
        a time; shuffled one by one they would cost a Python call each.
        """
        self.shuffle_next(np.flatnonzero((self.next_number != self.deal_number + 1) & (self.phase != OVER)))

    def shuffle_next(self, rows: Any) -> None:
        """Shuffle the next deal's deck of ``rows``, all at once."""
        if len(rows):
            numbers = self.deal_number[rows] + 1
            self.next_deck[rows] = self.shuffled_decks([self.seeds[row] for row in rows.tolist()], numbers.tolist(), self.size)
            self.next_number[rows] = numbers

    def next_in(self, rows: Any, seats: Any) -> Any:
        """The first seat still in clockwise after each of ``seats`` (itself in or not): ``NEXT_ACTIVE``."""
        return self.tables.next_in[self.seats_in[rows], seats]

    def blitzes(self, rows: Any) -> Any:
        """Which seats of ``rows`` hold three cards worth 31 (a seat out holds none)."""
        hands = self.hands[rows, :, :3]
        three = self.held[rows] == 3
        at = np.where(three, (hands[:, :, 0] * self.size + hands[:, :, 1]) * self.size + hands[:, :, 2], 0)
        return self.blitz_of[at] & three

    # ------------------------------------------------------------------ moves

    def opponents_turns(self, rows: Any) -> None:
        """Each opponent to act in ``rows`` plays a whole turn at random: a knock, or a draw and then its discard."""
        first = self._choices(rows, np.where(self.phase[rows] == PLAY, PLAY_CHOICES, FINAL_CHOICES))
        drawing = first != KNOCK_NOW
        knocked = self._knock(rows[~drawing])
        drew = rows[drawing]
        self._draw(drew, first[drawing] == DRAW_PILE)
        allowed = self._discardable(drew)
        chosen = self._choices(drew, allowed.sum(axis=1))
        place = np.argmax(np.cumsum(allowed, axis=1) > chosen[:, None], axis=1)  # the chosen one of the cards allowed
        self._settle(knocked, *self._discard(drew, place))

    def learner_moves(self, rows: Any, moves: Any) -> None:
        """The learners' ``moves`` in ``rows``: :data:`DRAW_STOCK`, :data:`DRAW_PILE`, :data:`KNOCK_NOW`, ``DISCARD_AT + k``."""
        drawing = (moves == DRAW_STOCK) | (moves == DRAW_PILE)
        self._draw(rows[drawing], moves[drawing] == DRAW_PILE)
        knocked = self._knock(rows[moves == KNOCK_NOW])
        discarding = moves >= DISCARD_AT
        self._settle(knocked, *self._discard(rows[discarding], moves[discarding] - DISCARD_AT))

    def _choices(self, rows: Any, counts: Any) -> Any:
        chosen = opponent_choices(self.draw_keys[rows], self.moves[rows], counts)
        self.moves[rows] += np.uint64(1)
        self.opponent_moves += len(rows)
        return chosen

    def _discardable(self, rows: Any) -> Any:
        """Which of the drawer's four cards it may discard: all but one just taken from the pile."""
        return self.hands[rows, self.to_act[rows]] != self.taken[rows][:, None]

    def _settle(self, knocked: Any, discarded: Any, blitz: Any) -> None:
        """Mark the deals ended by knocks (at the turn limit) and by discards (by a blitz where ``blitz``): :meth:`settle_deals` settles them."""
        self.deal_over[knocked], self.blitzed[knocked] = True, False
        self.deal_over[discarded], self.blitzed[discarded] = True, blitz

    def settle_deals(self) -> bool:
        """Settle every deal marked over (:meth:`showdown`), all rows at once; whether there was one.

        A deal over waits for the others' turns to be played: one showdown of
        many rows costs what one of a single row costs.
        """
        rows = np.flatnonzero(self.deal_over)
        if not len(rows):
            return False
        self.deal_over[rows] = False
        self.showdown(rows, self.blitzed[rows])
        return True

    def _draw(self, rows: Any, from_pile: Any) -> None:
        """The stock's top card (seen by the drawer alone) or, ``from_pile``, the pile's (in public: known to be the drawer's)."""
        seats = self.to_act[rows]
        self.piled[rows] -= from_pile
        top = self.piled[rows]
        stock_top = self.deck[rows, self.stock_at[rows]]  # a turn never starts with the stock empty: its end ends the deal
        cards = np.where(from_pile, self.pile[rows, top], stock_top)
        self.stock_at[rows] += ~from_pile
        self.pile[rows[from_pile], top[from_pile]] = -1
        self.taken[rows] = np.where(from_pile, cards, -1)  # a card taken from the pile may not go back this turn
        self.known[rows[from_pile], cards[from_pile]] = seats[from_pile]
        self.hands[rows, seats, 3] = cards
        self.held[rows, seats] = 4
        self.phase[rows] = DISCARDING

    def _knock(self, rows: Any) -> Any:
        """A knock: every other seat in owes a final turn, from the knocker's left. Returns the rows at the turn limit."""
        if not len(rows):
            return rows
        seats = self.to_act[rows]
        following = self.next_in(rows, seats)
        self.knocker[rows] = seats
        self.final_left[rows] = self.active[rows]
        self.final_left[rows, seats] = False
        self.turns[rows] += 1
        self.phase[rows], self.to_act[rows], self.turn_of[rows] = FINAL, following, following
        return rows[self.turns[rows] >= self.turn_limit]

    def _discard(self, rows: Any, places: Any) -> tuple[Any, Any]:
        """The discard of the hand's card at ``places``. Returns the rows whose deal it ends, and which by a blitz."""
        seats = self.to_act[rows]
        hands = self.hands[rows, seats]
        cards = hands[np.arange(len(rows)), places]
        kept = np.where(np.arange(3) < places[:, None], hands[:, :3], hands[:, 1:])  # the others, in their order
        self.hands[rows, seats, :3] = kept
        self.hands[rows, seats, 3] = -1
        self.held[rows, seats] = 3
        self.pile[rows, self.piled[rows]] = cards
        self.piled[rows] += 1
        self.known[rows, cards] = -1  # face up on the pile: seen, no longer hidden
        self.taken[rows] = -1
        self.turns[rows] += 1
        blitz = self.blitz_of[(kept[:, 0] * self.size + kept[:, 1]) * self.size + kept[:, 2]]
        exhausted = self.stock_at[rows] >= self.size
        played_out = ~blitz & ~exhausted  # a blitz comes before the stock's end (Rules §8.6); either keeps the turns owed
        self.final_left[rows[played_out], seats[played_out]] = False  # this final turn is no longer owed
        knocked = self.knocker[rows] >= 0
        final_round_done = knocked & ~self.final_left[rows].any(axis=1)
        continues = played_out & ~final_round_done
        following = self.next_in(rows[continues], seats[continues])
        self.to_act[rows[continues]] = self.turn_of[rows[continues]] = following
        self.phase[rows[continues]] = np.where(knocked[continues], FINAL, PLAY)
        ending = ~continues | (self.turns[rows] >= self.turn_limit)
        return rows[ending], blitz[ending]

    # ------------------------------------------------------------------ showdowns

    def showdown(self, rows: Any, blitz: Any) -> None:
        """Settle the deals of ``rows`` (ended by a blitz where ``blitz``), then deal the next ones or end the matches."""
        while len(rows):
            active, lives = self.active[rows], self.lives[rows]
            hands = self.hands[rows, :, :3]
            dealt = np.maximum(hands, 0)  # a seat out holds no cards: its strength, looked up for nothing, is set aside below
            strength = self.strength_of[(dealt[:, :, 0] * self.size + dealt[:, :, 1]) * self.size + dealt[:, :, 2]]
            from_left = (self.seats - self.dealer[rows][:, None] - 1) % self.players
            ranked = strength * self.players + (self.players - 1 - from_left)  # an exact tie: nearest the dealer's left wins
            winner = np.argmax(np.where(active, ranked, -1), axis=1)
            lowest = active & (strength == np.where(active, strength, _NO_HAND).min(axis=1)[:, None])
            losers = np.where(blitz[:, None], active & ~self.blitzes(rows), lowest)  # blitz_all_lose
            void = (losers.sum(axis=1) == active.sum(axis=1)) & ~(losers & (lives > 0)).any(axis=1)
            losers[void] = False  # it would put every seat in out at once: nobody loses (Rules §2.7, §7.8)
            self.lives[rows] = lives - (losers & (lives > 0))
            self.active[rows] = active = active & ~(losers & (lives == 0))  # a swimmer who loses is out
            self.seats_in[rows] = active @ self.tables.weights
            self.shown_hands[rows], self.shown_winner[rows], self.shown_losers[rows] = hands, winner, losers
            self.showdowns[rows] += 1
            going = rows[~self._ended(rows)]
            if not len(going):
                return
            rows, blitz = self._dealt(going, self.next_in(going, self.dealer[going]))

    def _ended(self, rows: Any) -> Any:
        """End the matches of ``rows`` with one seat in, or at the deal limit (the most lives win); which ended."""
        active, lives = self.active[rows], self.lives[rows]
        last = active.sum(axis=1) == 1
        most = np.where(active, lives, -1).max(axis=1)
        over = last | (self.showdowns[rows] >= self.deal_limit)
        ended = rows[over]
        self.winners[ended] = (active & (last[:, None] | (lives == most[:, None])))[over]
        self.phase[ended], self.to_act[ended] = OVER, -1
        return over


def shuffled_decks(seeds: Sequence[int], deal_numbers: Sequence[int], size: int) -> Any:
    """Each ``(seed, deal number)``'s deck, every row at once: :func:`~commerce_rules.engine.deal.shuffled_places`' decks.

    The same SHAKE-256 draws and Fisher-Yates steps, the step of every row
    made together: step ``k`` swaps the card at ``size - 1 - k`` with the one
    at ``(word * bound) >> 64``, computed from the word's two 32-bit halves so
    that no product passes 64 bits.
    """
    rows = len(seeds)
    words = deal_words(seeds, deal_numbers, size)
    bounds = np.arange(size, 1, -1, dtype=np.uint64)
    high, low = words >> np.uint64(32), words & np.uint64(0xFFFFFFFF)
    starts = np.arange(rows) * size  # the rows one after the other in one flat array
    others = ((high * bounds + ((low * bounds) >> np.uint64(32))) >> np.uint64(32)).astype(np.int64) + starts[:, None]
    cards = np.tile(np.arange(size, dtype=np.int64), rows)
    for step, other in enumerate(np.ascontiguousarray(others.T)):  # step k's positions, every row's
        top = starts + (size - 1 - step)
        swapped = cards[other]
        cards[other] = cards[top]
        cards[top] = swapped
    return cards.reshape(rows, size)


def deal_words(seeds: Sequence[int], deal_numbers: Sequence[int], size: int) -> Any:
    """The 64-bit draws of each ``(seed, deal number)``'s shuffle (:func:`~commerce_rules.engine.deal.deal_draws`), a row each."""
    digest = b"".join(deal_draws(seed, number, size - 1) for seed, number in zip(seeds, deal_numbers))
    return np.frombuffer(digest, dtype=">u8").reshape(len(seeds), size - 1).astype(np.uint64)
