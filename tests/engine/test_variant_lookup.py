"""A variant's parts are looked up by the rules' identity, the last ones remembered: never another variant's."""

from __future__ import annotations

import attrs

from commerce_rules import CRP, FOSTER, THIRTY_ONE, apply, legal_actions, new_game
from commerce_rules.core.rules import Mechanism, Rules
from commerce_rules.core.state import GameState
from commerce_rules.engine.variant import variant_of


def test_each_rules_value_gets_its_own_parts_whatever_was_asked_before() -> None:
    equal_copy = attrs.evolve(FOSTER)  # equal to FOSTER, another object
    for rules in (FOSTER, CRP, equal_copy, FOSTER, THIRTY_ONE, equal_copy, CRP):
        variant = variant_of(rules)
        assert variant.rules is rules
        assert variant.rules.mechanism is rules.mechanism
    assert variant_of(FOSTER).mechanism is variant_of(equal_copy).mechanism
    assert variant_of(CRP).mechanism is not variant_of(FOSTER).mechanism
    assert variant_of(CRP).rules.mechanism is Mechanism.WIDOW


def test_interleaved_matches_of_different_variants_play_as_they_would_alone() -> None:
    # A server with many tables asks apply for one variant, then another: the remembered parts must follow.
    def first_choices(rules: Rules, steps: int, other: Rules | None) -> list[GameState]:
        state = new_game(rules, 4, seed=3)
        side = None if other is None else new_game(other, 4, seed=3)
        seen = []
        for _ in range(steps):
            if state.is_over:
                break
            state = apply(state, legal_actions(state)[-1])
            seen.append(state)
            if side is not None and not side.is_over:
                side = apply(side, legal_actions(side)[-1])
        return seen

    for rules, other in ((FOSTER, CRP), (CRP, THIRTY_ONE), (THIRTY_ONE, FOSTER)):
        assert first_choices(rules, 30, other) == first_choices(rules, 30, None)
