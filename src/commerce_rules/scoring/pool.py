"""Hoyle's pool, counters, rise and horse (Rules §6.1, 6.8-6.10).

Before the first deal every player pays ``stake`` into the pool and takes
``starting_lives`` counters. At each showdown the best hand takes ``prize``
from the pool (all that is left if less); the lowest hand loses a counter,
the "rise" (every player tied for the lowest does; a showdown that would
take every active player's last counter takes none). The first player to
lose their last counter may buy a horse — one counter for
``ceil(stake / 3)`` points into the pool — once per match. The last player
with counters takes what is left in the pool and wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..parts import jsonfields as jf
from ..parts.action_kinds import NoCard
from ..core.actions import Action, BuyHorse, Pass, seat_action
from ..parts.play import Settled
from ..parts.spec import ScoringSpec
from ..parts.sight import EventSight, FieldSight
from ..core.records import value_record
from ..core.events import appended
from ..core.state import EventKind, Phase, Showdown, ShowdownReason, scored
from .lives import Lives, losers_of, reached_deal_limit
from ..parts.words import payment_lines, plain_label, plural, signed

if TYPE_CHECKING:
    from ..core.events import Event
    from ..parts.features import Features
    from ..parts.action_kinds import ActionKind
    from ..parts.play import EventShape
    from ..core.rules import Rules
    from ..core.observation import Observation
    from ..parts.play import Settlement, Step
    from ..ranking import HandValue
    from ..core.state import GameState, Payment

__all__ = ["POOL", "Pool", "PoolRecord", "horse_price"]


def horse_price(stake: int) -> int:
    """A horse costs a third of the stake, rounded up (**[resolution]**: the seed says "usually a third")."""
    return -(-stake // 3)


@value_record
class PoolRecord(NamedTuple):
    """What the pool keeps beyond money and counters."""

    horse_bought: bool = False
    """Whether the one horse of the match has been bought."""
    out: tuple[int, ...] | None = None
    """With ``free_ride``: the seats out of the match (a seat with no counter not listed swims); else ``None``."""


def _highest(balances: tuple[int, ...]) -> tuple[int, ...]:
    best = max(balances)
    return tuple(seat for seat, balance in enumerate(balances) if balance == best)


def _share_out(rest: int, winners: tuple[int, ...], dealer: int, players: int) -> tuple[Payment, ...]:
    """``rest`` shared among ``winners`` in whole points, the remainder a point at a time from the dealer's left (§9)."""
    order = sorted(winners, key=lambda seat: (seat - dealer - 1) % players)
    share, extra = divmod(rest, len(order))
    paid = [(seat, share + (1 if i < extra else 0)) for i, seat in enumerate(order)]
    return tuple((None, seat, points) for seat, points in paid if points)


class Pool(Lives):
    """Stakes into a pool, a prize per showdown, counters lost by the lowest hand, one horse.

    Counters work as lives do (ties for the best hand, who wins, when the
    match ends); the pool and the horse are this part's own.
    """

    phases: tuple[Phase, ...] = (Phase.HORSE,)
    unit = "counter"
    has_money = True
    events: dict[EventKind, EventShape] = {EventKind.HORSE: ((0,), EventSight.EVERYONE), EventKind.HORSE_DECLINED: ((0,), EventSight.EVERYONE)}
    """Being out is public, and so is the answer to the horse."""
    record_sight: dict[str, FieldSight] = dict.fromkeys(PoolRecord._fields, FieldSight.EVERYONE)
    units = "counters"

    def phases_for(self, rules: Rules) -> tuple[Phase, ...]:
        return self.phases if rules.horse else ()

    def action_kinds(self, rules: Rules) -> tuple[ActionKind, ...]:
        """The horse's answer: buy it, or pass (the same ``Pass`` as a mechanism's, where it has one)."""
        return (NoCard(BuyHorse), NoCard(Pass)) if rules.horse else ()

    def new_record(self, rules: Rules, out: tuple[int, ...] = ()) -> PoolRecord:
        return PoolRecord(out=tuple(sorted(out)) if rules.free_ride else None)

    def return_range(self, rules: Rules, players: int, deals: int, actions_per_deal: int) -> tuple[int, int]:
        # A seat loses at most its stake and a horse; it wins at most everything else the pool ever held.
        horse = horse_price(rules.stake) if rules.horse else 0
        return -(rules.stake + horse), (players - 1) * rules.stake + horse

    def score_features_size(self, rules: Rules, players: int) -> int:
        return 2 * players + 2

    def score_features(self, view: Observation, out: Features) -> None:
        """The pool / (stake N), each balance / (stake N), counters / starting_lives, whether the horse is bought."""
        money = view.rules.stake * view.num_players
        out.number(view.pot, money)
        out.per_seat(view.balances, money)
        out.per_seat(view.lives, view.rules.starting_lives)
        out.number(1.0 if view.score.horse_bought else 0.0)

    def returns(self, state: GameState) -> tuple[float, ...]:
        """The final balances: what each player won or lost of the stakes, the pool being paid out."""
        return tuple([float(balance) for balance in state.balances])

    def settled_return(self, state: GameState, seat: int) -> float | None:
        return None  # a seat out of the pool may still pay into it (its horse): its balance is final at the end only

    def start_match(self, state: GameState) -> GameState:
        stake = state.rules.stake
        players = state.active
        balances = tuple(b - stake if seat in players else b for seat, b in enumerate(state.balances))
        return scored(state, pot=state.pot + stake * len(players), balances=balances, lives=state.lives, active=state.active, score=state.score)

    def settle(self, state: GameState, values: tuple[HandValue | None, ...], winner: int, reason: ShowdownReason) -> Settlement:
        prize = min(state.rules.prize, state.pot)
        payments: tuple[Payment, ...] = ((None, winner, prize),) if prize else ()
        balances = tuple(b + prize if seat == winner else b for seat, b in enumerate(state.balances))
        losers = losers_of(state, values, reason)  # the rise: counters go to the pool, points do not move
        lives, active, score = self.lost(state, losers)
        return state.pot - prize, balances, lives, active, score, losers, payments

    def _first_out(self, state: GameState) -> int | None:
        """The seat the horse is offered to after the last showdown, if any."""
        showdown = state.last_showdown
        if not state.rules.horse or state.score.horse_bought or showdown is None:
            return None
        active = state.active
        out = [seat for seat in showdown.losers if seat not in active]
        if not out:
            return None
        if any(seat not in active for seat in range(state.num_players) if seat not in out):
            return None  # someone went out before: the horse was theirs to buy
        return min(out, key=lambda seat: (seat - state.dealer - 1) % state.num_players)

    def question(self, state: GameState) -> GameState | None:
        """Offer the horse to the first player out, if this showdown made one and the horse is still to be had."""
        seat = self._first_out(state)
        if seat is None:
            return None
        return state._replace(phase=Phase.HORSE, to_act=seat)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        seat = state.to_act
        assert seat is not None
        return (seat_action(BuyHorse, seat), seat_action(Pass, seat))

    def accepts(self, state: GameState, action: Action) -> bool:
        return action.player == state.to_act and type(action) in (BuyHorse, Pass)

    def apply(self, state: GameState, action: Action) -> Step:
        seat = action.player
        if isinstance(action, BuyHorse):
            price = horse_price(state.rules.stake)
            lives = tuple(1 if s == seat else n for s, n in enumerate(state.lives))
            out = state.score.out
            score = PoolRecord(horse_bought=True, out=None if out is None else tuple(s for s in out if s != seat))
            return state._replace(
                balances=tuple(b - price if s == seat else b for s, b in enumerate(state.balances)),
                pot=state.pot + price,
                lives=lives,
                active=self.active_seats(lives, score),
                score=score,
                log=appended(state.log, EventKind.HORSE, seat),
            ), Settled.NEXT_DEAL
        return state._replace(log=appended(state.log, EventKind.HORSE_DECLINED, seat)), Settled.NEXT_DEAL

    def winners(self, state: GameState) -> tuple[int, ...] | None:
        """The last player with counters; or, once ``deal_limit`` deals are played, the highest balance (Rules §9)."""
        active = state.active
        if len(active) == 1:
            return active
        if not reached_deal_limit(state):
            return None
        if not state.is_over:
            return _highest(state.balances)
        return self._winners_paid(state)

    def _winners_paid(self, state: GameState) -> tuple[int, ...]:
        """The winners of a match over at the deal limit: the highest balances before the pool was shared out.

        The last showdown's payments are its prize, if the pool held anything
        (one payment to the best hand, of at most ``prize``), then the
        share-out of what was left, with the price of a horse bought after
        that showdown (the horse is offered before the match can end,
        §6.9). A state does not say which of them its first payment was: a
        prize of 1 to one of two seats level before it reads as a share-out
        of 1 between them, and a horse's point shared out to the best hand
        as a prize. So each reading is tried, and the state's own winners are
        taken where a reading gives them; otherwise the first reading that
        fits (a document whose winners fit none is refused by the check).
        """
        readings = self._readings(state)
        return state.winners if state.winners in readings else readings[0]

    def _readings(self, state: GameState) -> list[tuple[int, ...]]:
        """The winners each consistent reading of the last showdown's payments gives (see :meth:`_winners_paid`)."""
        showdown = state.last_showdown
        payments = () if showdown is None else showdown.payments
        share_outs: list[tuple[Payment, ...]] = []
        if showdown is not None and payments:  # the first payment the prize: to the best hand, at most `prize`
            payer, payee, points = payments[0]
            if payer is None and payee == showdown.winner and 0 < points <= state.rules.prize:
                share_outs.append(payments[1:])
        horse = state.score.horse_bought and sum(points for _, _, points in payments) == horse_price(state.rules.stake)
        if not payments or horse:  # no prize (the pool was empty): a horse bought after the showdown shared, or nothing
            share_outs.append(payments)
        found: list[tuple[int, ...]] = []
        for shares in share_outs:
            if any(payer is not None for payer, _, _ in shares):
                continue
            before = list(state.balances)
            for _, payee, points in shares:
                before[payee] -= points  # type: ignore[index]
            winners = _highest(tuple(before))
            if shares == _share_out(sum(points for _, _, points in shares), winners, state.dealer, state.num_players):
                found.append(winners)
        return found or [_highest(state.balances)]

    def end_match(self, state: GameState) -> GameState | None:
        winners = self.winners(state)
        if winners is None:
            return None
        rest = state.pot
        shares = _share_out(rest, winners, state.dealer, state.num_players)
        showdown = state.last_showdown
        if shares and showdown is not None:  # the survivor (or the winners) take everything left in the pool
            showdown = showdown._replace(payments=(*showdown.payments, *shares))
            state = state._replace(showdowns=(*state.showdowns[:-1], showdown))
        balances = list(state.balances)
        for _, payee, points in shares:
            balances[payee] += points  # type: ignore[index]
        return state._replace(balances=tuple(balances), pot=0, phase=Phase.OVER, to_act=None, winners=winners)

    # ------------------------------------------------------------------ words

    def waiting_for(self, view: Observation) -> str:
        return f"seat {view.to_act} is being asked whether to buy a horse"

    def explain(self, state: GameState, action: Action) -> str:
        return f"seat {action.player} is asked whether to buy a horse: BuyHorse or Pass"

    def describe_move(self, before: GameState, action: Action, after: GameState) -> list[str]:
        if isinstance(action, BuyHorse):
            price = horse_price(before.rules.stake)
            return [f"seat {action.player} buys a horse: pays {price} into the pool and plays on with one counter"]
        return [f"seat {action.player} declines to buy a horse"]

    def choice_text(self, state: GameState, action: Action) -> str:
        if isinstance(action, BuyHorse):
            return f"buy a horse: one counter back for {plural(horse_price(state.rules.stake), 'point')} into the pool"
        return "pass: no horse, you are out"

    def situation(self, view: Observation) -> list[str]:
        if view.phase is Phase.HORSE:
            return ["You lost your last counter; you are the first out."]
        return []

    def label(self, view: Observation, action: Action) -> str:
        if isinstance(action, BuyHorse):
            return f"Buy a horse ({plural(horse_price(view.rules.stake), 'point')})"
        return "No horse" if isinstance(action, Pass) else plain_label(action)

    def event_text(self, view: Observation, event: Event) -> str:
        if event.kind is EventKind.HORSE:
            price = horse_price(view.rules.stake)
            return f"seat {event.player} buys a horse: pays {price} into the pool and plays on with one counter"
        return f"seat {event.player} declines to buy a horse"

    def standings(self, rules: Any, balances: Sequence[int], lives: Sequence[int], pot: int, active: Sequence[int] | None = None) -> str:
        text = super().standings(rules, balances, lives, pot, active)
        text += "; balances: " + ", ".join(f"seat {s} {signed(b)}" for s, b in enumerate(balances))
        return text + f"; pool {pot}"

    def showdown_lines(self, showdown: Showdown, after: GameState) -> list[str]:
        return super().showdown_lines(showdown, after) + payment_lines(showdown, "pool", lambda payer, seats: "")

    # ------------------------------------------------------------------ JSON and checks

    def record_to_json(self, record: PoolRecord) -> dict[str, Any]:
        if record.out is None:
            return {"horse_bought": record.horse_bought}
        return {"horse_bought": record.horse_bought, "out": list(record.out)}

    def record_from_json(self, value: object) -> PoolRecord:
        names = ("horse_bought", "out") if isinstance(value, dict) and "out" in value else ("horse_bought",)
        fields = jf.obj(value, "score", names)  # type: ignore[arg-type]
        out = None
        if "out" in fields:
            out = jf.seats(fields["out"], "score.out", 12)
            if list(out) != sorted(out):
                jf.fail("score.out", "the seats out, each once, in increasing order")
        return PoolRecord(horse_bought=jf.boolean(fields["horse_bought"], "score.horse_bought"), out=out)

    def check(self, state: GameState) -> None:
        """Counters within the start; only the pool pays at a showdown; the horse asked of the first out, once."""
        self.check_lives(state)
        out = state.score.out
        if (out is not None) != state.rules.free_ride:
            jf.fail("score", "with free_ride the record lists who is out (\"out\"); without it, it has no \"out\"")
        for seat in out or ():
            if seat >= state.num_players or state.lives[seat]:
                jf.fail("score.out", f"seat {seat} is not a seat out of the match (no counters left)")
        if state.deal_number > (state.rules.deal_limit or state.deal_number):
            jf.fail("deal_number", f"the match ends after deal_limit ({state.rules.deal_limit}) deals")
        if state.score.horse_bought and not state.rules.horse:
            jf.fail("score.horse_bought", "a horse is bought only with the horse option: must be false")
        for i, showdown in enumerate(state.showdowns):
            for j, (payer, _payee, _points) in enumerate(showdown.payments):
                if payer is not None:
                    jf.fail(f"showdowns[{i}].payments[{j}]", "at a pool showdown only the pool pays")
        if state.phase is not Phase.HORSE:
            return
        if state.score.horse_bought:
            jf.fail("score.horse_bought", "the one horse of the match is bought: nobody is asked again")
        first = self._first_out(state)
        if first is None:
            jf.fail("phase", "the horse is offered only to the first player out, right after the showdown that put them out")
        if state.to_act != first:
            jf.fail("to_act", f"the horse is offered to seat {first}, the first out nearest the dealer's left, not seat {state.to_act}")


_POOL_PART = Pool()
POOL: Final = ScoringSpec(play=_POOL_PART, document=_POOL_PART, words=_POOL_PART, learning=_POOL_PART)
"""The pool scoring as the registry holds it: one object plays its four roles."""
