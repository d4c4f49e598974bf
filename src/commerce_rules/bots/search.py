"""``SearchBot``: information-set Monte Carlo search over the current deal.

For each candidate action the bot imagines many complete positions that are
consistent with what it has seen (*determinizations*), plays the action in
each, lets every seat -- itself included -- finish the deal with the
:class:`~commerce_rules.bots.GreedyBot` policy, and scores the outcome for
itself. It plays the action with the best mean score.

What the bot knows (from its :class:`~commerce_rules.Observation` only):

* its own hand and the widow;
* what the events of its history tell about where cards are -- each part's
  strategy says what its kinds of event tell
  (:attr:`GreedyStrategy.learns <commerce_rules.bots.strategy.GreedyStrategy.learns>`):
  under trade and barter a card it gave when buying is in the discard for
  good, and a card it gave in a barter is in that neighbour's hand (until the
  neighbour buys or barters again); with a widow every exchange is public, so
  each card a player took from the widow is known to be in that player's hand
  until it comes back, and a pounce shows the pouncer's four cards;
* the sizes of every hand, of the stock and of the discard.

Everything else is dealt at random, with the right counts, to the other
seats' hidden cards, the stock and the discard. A pending barter offered *to*
the bot is one of the offerer's sampled cards.

The ``rollouts`` budget is the total number of imagined deals per decision,
spread evenly over the candidate actions, and the same imagined positions
serve every candidate (common random numbers), so that the comparison
between actions is sharper than the budget alone would allow. A rollout
stops at the end of the current deal: its showdown is settled, and the
next deal is never dealt. A deal is worth the change of the bot's balance
where the lowest hand loses nothing (a ledger), and otherwise -1 for a lost
life, with a small bonus per opponent beaten (the job comes from the
scoring: :func:`~commerce_rules.bots.model.lowest_loses`).

Which phases are searched, and how the candidates are ordered, the strategy
of the part that owns the phase says
(:attr:`~commerce_rules.bots.strategy.GreedyStrategy.rollouts`,
:meth:`~commerce_rules.bots.strategy.GreedyStrategy.candidate_key`); in a
phase it does not search, the bot plays the greedy choice. Hoyle's dealer
searches the blind exchange without seeing their own hand: it is dealt like
the hidden hands.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.actions import Action
from ..core.cards import Card
from ..core.deck import deck_for
from ..engine.reducer import legal_actions
from ..core.observation import Observation
from ..core.errors import CommerceError
from ..core.quoting import shown
from .base import check_choice, check_seed
from ..ranking import HandValue, evaluate
from ..engine.sampling import check_seats_in_play
from ..engine.showdown import best_hand
from ..core.state import EMPTY_LOG, GameState, ShowdownReason
from ..engine.variant import mechanism_part, scoring_part, variant_of
from .greedy import greedy_action, greedy_choice
from .model import bits_of, hand_model, lowest_loses
from .strategies import event_rules, strategy_for
from .strategy import KnownCards

__all__ = ["SearchBot", "sample_state"]

_TIE_SHAPING = 0.05
"""Lives: a small bonus per share of opponents beaten, to prefer safer hands among equal outcomes."""


def _known_cards(obs: Observation) -> tuple[dict[int, list[Card]], list[Card]]:
    """Cards the observer knows to be in another seat's hand, and in the discard.

    Each event of the history is read by the rule its kind has in the
    strategies of the variant's parts (:func:`~commerce_rules.bots.strategies.event_rules`).
    """
    known = KnownCards(obs)
    rules = event_rules(obs.rules)
    for event in obs.history:
        rule = rules.get(event.kind)
        if rule is not None:
            rule(known, event)
    return known.pinned, known.discard


def sample_state(observation: Observation, rng: random.Random) -> GameState:
    """A complete state consistent with ``observation``, its hidden cards dealt at random by ``rng``.

    The bot's own, lighter sampler (the public one is
    :func:`commerce_rules.sample_state`, exact and uniform over the
    consistent placements, with the history rebuilt): the bot keeps this one
    because its choices are pinned by the tests, and a rollout needs no
    history.

    The observer's hand, the widow and every public field are as observed;
    cards the observer knows the place of (see the module docstring) are put
    there; the rest are shuffled into the other hands, the stock and the
    discard with the observed sizes. The history is left empty (the engine
    does not read it) and the seed is drawn from ``rng``, so the state is an
    imagined one, fit for playing the current deal out.

    >>> import random
    >>> from commerce_rules import FOSTER, deal_position, observe
    >>> from commerce_rules.bots.search import sample_state
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    >>> imagined = sample_state(observe(state, 1), random.Random(1))
    >>> imagined.hands[1] == state.hands[1], len(imagined.stock) == len(state.stock)
    (True, True)
    """
    obs = observation
    me = obs.player
    check_seats_in_play(obs)
    pinned, known_discard = _known_cards(obs)
    if obs.discard:  # a face-up discard pile is seen as it lies
        known_discard = list(obs.discard)
    visible = set(obs.hand) | set(obs.widow)
    deck = deck_for(obs.rules)
    for seat, cards in pinned.items():
        kept = [card for card in dict.fromkeys(cards) if card not in visible]
        pinned[seat] = kept[: obs.hand_sizes[seat]]
    known_discard = [card for card in dict.fromkeys(known_discard) if card not in visible][: obs.discard_count]
    placed = visible | set(known_discard) | {card for cards in pinned.values() for card in cards}
    pool = [card for card in deck if card not in placed]
    wanted = sum(obs.hand_sizes[seat] - len(cards) for seat, cards in pinned.items())
    wanted += obs.hand_sizes[me] - len(obs.hand)  # Hoyle's dealer before the blind exchange: a hand unseen
    hidden_widow = max(0, mechanism_part(obs.rules).widow_size - len(obs.widow))  # a face-down extra hand
    wanted += obs.stock_count + obs.discard_count - len(known_discard) + hidden_widow
    if wanted != len(pool):  # pragma: no cover - a card's place was misread: forget the pins
        pinned = {seat: [] for seat in pinned}
        known_discard = []
        pool = [card for card in deck if card not in visible]
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    position = 0
    for seat in range(obs.num_players):
        known = obs.hand if seat == me else tuple(pinned[seat])
        missing = obs.hand_sizes[seat] - len(known)
        hands.append((*known, *pool[position : position + missing]))
        position += missing
    widow = obs.widow + tuple(pool[position : position + hidden_widow])
    position += hidden_widow
    stock = tuple(pool[position : position + obs.stock_count])
    position += obs.stock_count
    discard = (*known_discard, *pool[position:])
    turn = variant_of(obs.rules).learning.mechanism.imagined_turn(obs, tuple(hands), rng)
    return GameState(
        rules=obs.rules,
        num_players=obs.num_players,
        seed=rng.getrandbits(63),
        deal_number=obs.deal_number,
        dealer=obs.dealer,
        phase=obs.phase,
        to_act=obs.to_act,
        hands=tuple(hands),
        widow=widow,
        stock=stock,
        discard=discard,
        pot=obs.pot,
        balances=obs.balances,
        lives=obs.lives,
        active=obs.active,
        turn=turn,
        score=obs.score,
        log=EMPTY_LOG,
        showdowns=obs.showdowns,
        winners=obs.winners,
    )


def _greedy_in(state: GameState, legal: tuple[Action, ...]) -> Action:
    seat = state.to_act
    assert seat is not None
    return greedy_action(
        state.rules,
        seat,
        state.phase,
        state.hands[seat],
        state.widow + state.discard if mechanism_part(state.rules).discard_face_up else state.widow,
        state.dealer,
        state.pot,
        len(state.active),
        state.turn.turns,
        legal,
    )


def _score(start: GameState, balances: tuple[int, ...], values: tuple[HandValue | None, ...], losers: tuple[int, ...], me: int) -> float:
    """What the deal from ``start`` to its settled showdown (``balances`` after it) was worth to seat ``me``."""
    if not lowest_loses(start.rules):  # nothing lost (a ledger): the job is to win the pot
        return float(balances[me] - start.balances[me])
    if me in losers:
        return -1.0
    mine = values[me]
    if mine is None:  # pragma: no cover - the observer is always in the deal it plays
        return 0.0
    others = [v for seat, v in enumerate(values) if seat != me and v is not None]
    beaten = sum(1 for v in others if v.strength < mine.strength)
    score = _TIE_SHAPING * beaten / max(1, len(others))
    if beaten == 0 and all(v.strength >= mine.strength for v in others):
        score -= 0.5  # the lowest hand, spared only by the last-lives resolution
    return score


def _clear_gain(scores: Sequence[float], baseline: Sequence[float], margin: float) -> float:
    """The mean of ``scores - baseline`` if it exceeds ``margin`` standard errors, else 0."""
    n = len(scores)
    differences = [a - b for a, b in zip(scores, baseline)]
    mean = math.fsum(differences) / n  # fsum: correctly rounded, so a seeded bot plays alike on every Python
    if mean <= 0:
        return 0.0
    if n < 2:
        return mean if margin <= 0 else 0.0
    variance = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean if mean > margin * math.sqrt(variance / n) else 0.0


def _rollout(state: GameState, action: Action, me: int) -> float:
    """Play ``action`` and the rest of the deal greedily; score the showdown without dealing on.

    The engine's parts are driven directly (legality still comes from
    :func:`~commerce_rules.legal_actions`) so that the showdown is settled
    but the next deal is not shuffled: a rollout needs only this deal.
    """
    start = state
    rules = state.rules
    mechanism = mechanism_part(rules)
    scoring = scoring_part(rules)
    state, reason = mechanism.apply(state, action)
    while reason is None:
        state, reason = mechanism.apply(state, _greedy_in(state, legal_actions(state)))
    values = tuple(evaluate(hand, rules) if hand else None for hand in state.hands)
    winner = best_hand(values, scoring.tie_order(state))
    assert isinstance(reason, ShowdownReason)
    _, balances, _, _, _, losers, _ = scoring.settle(state, values, winner, reason)
    return _score(start, balances, values, losers, me)


class SearchBot:
    """Information-set Monte Carlo: sample hidden cards, roll the deal out greedily, keep the best action.

    :param rollouts: the total number of imagined deals per decision, spread
        evenly over the candidate actions (at least 1).
    :param seed: seeds the bot's own :class:`random.Random`; ``None`` seeds
        from the operating system.
    :param max_candidates: at most this many actions are searched, the
        greedy choice first; in widow variants the exchanges are cut to the
        best ones by the greedy evaluation, pass and knock coming first.
    :param margin: how many standard errors of the paired score difference
        an action must gain over the greedy choice to be preferred (0: plain
        best mean).

    After each decision :attr:`last_rollouts` holds the number of rollouts
    it played (never more than ``rollouts``; 0 when there was one legal action).

    >>> from commerce_rules import FOSTER, deal_position, legal_actions, observe
    >>> from commerce_rules.bots import SearchBot
    >>> state = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    >>> bot = SearchBot(rollouts=70, seed=1)
    >>> bot.choose(observe(state, 1), legal_actions(state))  # a sequence: stop now
    Knock(player=1)
    >>> bot.last_rollouts
    70
    """

    def __init__(
        self, rollouts: int = 200, seed: int | None = None, *, max_candidates: int = 5, margin: float = 1.0
    ) -> None:
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or not 1 <= rollouts <= 10**9:
            raise CommerceError(f"rollouts must be a whole number from 1 to 10**9, not {shown(rollouts)}")
        if not isinstance(max_candidates, int) or isinstance(max_candidates, bool) or not 2 <= max_candidates <= 10**6:
            raise CommerceError(f"max_candidates must be a whole number from 2 to 10**6, not {shown(max_candidates)}")
        if not isinstance(margin, (int, float)) or isinstance(margin, bool) or not 0 <= margin < math.inf:
            raise CommerceError(f"margin must be a number of at least 0, not {shown(margin)}")
        check_seed(seed)
        self.rollouts = rollouts
        """The budget: imagined deals per decision."""
        self.seed = seed
        """The seed the bot was built with."""
        self.max_candidates = max_candidates
        """At most this many actions are compared per decision."""
        self.margin = float(margin)
        """Standard errors by which an action must beat the greedy choice to replace it."""
        self.last_rollouts = 0
        """Rollouts played for the last decision."""
        self._rng = random.Random(seed)

    def candidates(self, observation: Observation, legal_actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """The actions worth searching: the greedy choice first, then at most ``max_candidates - 1`` others.

        When there are more, they are ordered by the strategy of the part that
        owns the phase: knock and pass first, then the exchanges by the hand
        they make (widow, Hoyle's rounds), Hoyle's blind exchanges by the hand
        they make on average, or the buys and barters by the two cards they
        keep (trade and barter).
        """
        obs = observation
        greedy = greedy_choice(obs, legal_actions)
        rest = [action for action in legal_actions if action != greedy]
        if len(rest) + 1 > self.max_candidates and len(obs.hand) in (0, 3):  # 0: Hoyle's dealer, blind
            model = hand_model(obs.rules, max(1, sum(1 for lives in obs.lives if lives > 0) - 1))
            hand_bits = bits_of(obs.hand)

            strategy_key = strategy_for(obs.rules, obs.phase).candidate_key

            def key(action: Action) -> tuple[int, float]:
                return strategy_key(action, model, hand_bits)

            rest.sort(key=key, reverse=True)
        return (greedy, *rest[: self.max_candidates - 1])

    def choose(self, observation: Observation, legal_actions: tuple[Action, ...]) -> Action:
        """The candidate with the best mean rollout score for ``observation.player``.

        The greedy choice is kept unless another candidate beats it by more
        than :attr:`margin` standard errors of the paired difference of
        their scores (the same imagined positions serve both), so that noise
        in a small budget does not pull the bot below the greedy player.
        """
        check_choice(observation, legal_actions)
        self.last_rollouts = 0
        if len(legal_actions) == 1:
            return legal_actions[0]
        candidates: Sequence[Action] = self.candidates(observation, legal_actions)
        if not strategy_for(observation.rules, observation.phase).rollouts:  # e.g. a part with no strategy
            return candidates[0]
        candidates = candidates[: self.rollouts]
        samples = self.rollouts // len(candidates)
        me = observation.player
        scores: list[list[float]] = [[] for _ in candidates]
        for _ in range(samples):
            world = sample_state(observation, self._rng)
            for index, action in enumerate(candidates):
                scores[index].append(_rollout(world, action, me))
        self.last_rollouts = samples * len(candidates)
        best, best_gain = 0, 0.0
        for index in range(1, len(candidates)):
            gain = _clear_gain(scores[index], scores[0], self.margin)
            if gain > best_gain:
                best, best_gain = index, gain
        return candidates[best]

    def __repr__(self) -> str:
        return f"SearchBot(rollouts={self.rollouts!r}, seed={self.seed!r})"
