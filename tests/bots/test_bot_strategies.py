"""The bots' strategies: one per part that owns phases, found through one registry, and a default.

The bots must not branch on a part: what is particular to a mechanism or a
scoring lives in that part's strategy module (``bots/strategies/``) and is
found through :data:`~commerce_rules.bots.strategies.STRATEGIES`, keyed by
the class of the part that owns the phase. A part with no strategy is played
by :class:`~commerce_rules.bots.strategy.DefaultStrategy`, and every
combination of parts the rules allow is played with legal actions only.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import commerce_rules.bots
from commerce_rules import (
    Bot,
    CRP,
    FOSTER,
    HOYLE,
    GreedyBot,
    Knock,
    Mechanism,
    Phase,
    Rules,
    Scoring,
    SearchBot,
    apply,
    legal_actions,
    new_game,
    observe,
)
from commerce_rules.bots import strategies
from commerce_rules.bots.model import lowest_loses
from commerce_rules.bots.strategies import DEFAULT, STRATEGIES, event_rules, strategy_for
from commerce_rules.bots.strategy import GUARD_TURNS_PER_PLAYER, DefaultStrategy, Situation
from commerce_rules.mechanisms.widow.mechanism import Widow
from commerce_rules.core.state import EventKind
from commerce_rules.engine.variant import MECHANISMS, SCORINGS, variant_of

BOTS = Path(commerce_rules.bots.__file__).parent
SHARED_MODULES = ("greedy.py", "search.py", "model.py", "strategy.py", "__init__.py", "base.py", "random_bot.py")
"""The bots' modules that serve every part: only ``strategies/`` may name one."""

COMBINATIONS = [
    Rules(mechanism=mechanism, scoring=scoring, ranking="hoyle" if scoring is Scoring.POOL else "classic")
    for mechanism in Mechanism
    for scoring in Scoring
]


def test_the_registry_holds_one_strategy_per_part_class() -> None:
    parts = {type(spec.play) for spec in MECHANISMS.values()} | {type(spec.play) for spec in SCORINGS.values()}
    assert set(STRATEGIES) <= parts
    for rules in (FOSTER, CRP, HOYLE):
        for phase, owner in variant_of(rules).owners.items():
            assert strategy_for(rules, phase) is STRATEGIES[type(owner)]
        assert strategy_for(rules, Phase.OVER) is DEFAULT


def test_the_scorings_job_comes_from_its_unit() -> None:
    assert not lowest_loses(FOSTER)  # the ledger: win the pot
    assert lowest_loses(CRP) and lowest_loses(HOYLE)  # a life, a counter: avoid the lowest hand


def test_each_variant_reads_the_events_of_its_own_parts() -> None:
    assert set(event_rules(FOSTER)) == {EventKind.BUY, EventKind.BARTER}
    widow = {EventKind.EXCHANGE, EventKind.POUNCE, EventKind.EXCHANGE_ALL, EventKind.TAKE_EXTRA_HAND, EventKind.NEW_WIDOW}
    assert set(event_rules(CRP)) == widow
    assert set(event_rules(HOYLE)) == {EventKind.EXCHANGE, EventKind.BLIND_EXCHANGE, EventKind.WIDOW_GROWS}


@pytest.mark.parametrize("name", SHARED_MODULES)
def test_the_shared_bot_code_names_no_part(name: str) -> None:
    tree = ast.parse((BOTS / name).read_text(encoding="utf-8"))
    named = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    named |= {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    for alias in (a for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names):
        named.add(alias.name)
    part_names = {"Mechanism", "Scoring", "TradeBarter", "Widow", "Rounds", "Pool", "Ledger", "Lives"}
    part_names |= {phase.name for phase in Phase if phase is not Phase.OVER}
    part_names |= {kind.name for kind in EventKind}
    part_names |= {"Buy", "Barter", "BarterReply", "Exchange", "Pounce", "BlindExchange", "BuyHorse"}
    assert not named & part_names, f"{name} names parts: {sorted(named & part_names)}"


def test_a_part_without_a_strategy_gets_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(strategies.STRATEGIES, Widow)
    assert strategy_for(CRP, Phase.PLAY) is DEFAULT
    greedy, search = GreedyBot(), SearchBot(rollouts=8, seed=1)
    state = new_game(CRP, 4, seed=5)
    deals = 0
    for _ in range(2_000):
        if state.to_act is None or deals >= 3:
            break
        legal = legal_actions(state)
        view = observe(state, state.to_act)
        action = greedy.choose(view, legal)
        assert action in legal
        assert search.choose(view, legal) == action and search.last_rollouts == 0  # nothing to roll out
        if len(legal) > 1 and view.turn.turns < GUARD_TURNS_PER_PLAYER * len(view.active):
            assert not isinstance(action, Knock)
        before = state.deal_number
        state = apply(state, action)
        deals += state.deal_number != before
    assert deals >= 3 or state.to_act is None  # the guard ends every deal


def test_the_default_knocks_once_the_deal_has_run_long() -> None:
    legal = legal_actions(new_game(CRP, 3, seed=1))
    default = DefaultStrategy()
    assert not isinstance(default.act(Situation(CRP, 1, Phase.PLAY, (), (), 0, 0, 3, 0), legal), Knock)
    assert isinstance(default.act(Situation(CRP, 1, Phase.PLAY, (), (), 0, 0, 3, GUARD_TURNS_PER_PLAYER * 3), legal), Knock)


@pytest.mark.parametrize("rules", COMBINATIONS, ids=lambda r: f"{r.mechanism.value}-{r.scoring.value}")
def test_every_combination_of_parts_is_played_legally(rules: Rules) -> None:
    """Each phase goes to its owner's strategy: the horse question too, whichever mechanism deals."""
    rng = random.Random(repr(rules))
    phases: set[Phase] = set()
    for game in range(4):
        bots: list[Bot] = [GreedyBot(), SearchBot(rollouts=4, seed=game)]
        state = new_game(rules, 4, seed=game)
        for _ in range(400):
            if state.to_act is None:
                break
            legal = legal_actions(state)
            view = observe(state, state.to_act)
            phases.add(view.phase)
            choices = [bot.choose(view, legal) for bot in bots]
            assert all(choice in legal for choice in choices)
            state = apply(state, choices[rng.randrange(2)])
    assert set(variant_of(rules).owners) <= phases | {Phase.POUNCE}
