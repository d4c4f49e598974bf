"""The bots' choices are pinned: the same observations must get the same answers.

The observations come from mixed play (half random, half greedy) of every
preset and a few other combinations of parts at 3 to 6 players, plus crafted
positions where a pounce is possible. For each one the test records
:class:`~commerce_rules.GreedyBot`'s choice and that of a fresh
``SearchBot(rollouts=20, seed=i)``, and compares a hash of the lot with the
one recorded when the bots were restructured around their strategies
(``bots/strategies/``): a refactoring of the bots (or of the engine) must not
change a single choice. When a change of strategy is *meant* to change the
bots' play, record the new hashes (run this module as a script) and say so in
the CHANGELOG. The bots' float sums are correctly rounded (``math.fsum``), so
the hashes are the same on every Python from 3.10 (3.12 changed ``sum()``).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterator

from commerce_rules import (
    POUNCE,
    PRESETS,
    Action,
    GreedyBot,
    Observation,
    Rules,
    SearchBot,
    apply,
    deal_position,
    legal_actions,
    new_game,
    observe,
)
from commerce_rules.engine.deal import deck_for

FIRST_PRESETS = ("foster", "crp", "pounce", "trentuno", "extended", "hoyle")
"""The presets these hashes were recorded with (a preset added later has its own pin, below)."""

VARIANTS: dict[str, Rules] = {
    **{name: PRESETS[name] for name in FIRST_PRESETS},
    "widow_ledger": Rules(mechanism="widow"),
    "trade_lives": Rules(scoring="lives"),
    "rounds_lives": Rules(mechanism="rounds", scoring="lives", ranking="classic"),
}
PER_TABLE = 10
"""Observations per variant and table size."""
STRIDE = 7
"""One observation in this many is kept, so that late positions are sampled too."""
CRAFTED_POUNCES = 24

GREEDY_SHA256 = "424dacf2effc5956379ecb2093e36103d25c0ef1ed99441f81d5116dc6bc5a1d"
SEARCH_SHA256 = "34a7d7ad1c508634356b2196cbf20c25fb2d734efb802e176dcaf374e2512300"
"""The search bot's choices outside Hoyle's rounds (:data:`ROUNDS_VARIANTS`)."""
ROUNDS_VARIANTS = ("hoyle", "rounds_lives")
"""Hoyle's rounds: the search bot's choices there have their own pin, recorded when it began to search them."""
ROUNDS_SEARCH_SHA256 = "0d2c0fa909fb7d89e31608e2d45e8ba3c73e7d34aae3584c795619d38dfd76b1"
LATER_PRESETS = ("schwimmen",)
"""Presets added after the first pin: their own hashes (recorded with their strategies)."""
LATER_GREEDY_SHA256 = "1ee602edc34ca93416b15766348c2a2741aa586b7af367ff73085eb03c63f329"
LATER_SEARCH_SHA256 = "ba832cfde3ffb2c55e948f4ccf696f6866cb01b72889f33f49d2b1724516217b"

OWN_PINS: dict[str, tuple[str, str]] = {
    "thirty_one": (
        "ef13853d6a575675a3540a4b226b3d6e0f7543e8fd29052d632a6578e0b051b6",
        "f5f5b5ea504543d2c062480f728f3d9723b5660f40c1a4c80b9bd7fde1072ffe",
    ),
}
"""A preset added later with a pin of its own: the greedy and the search bots' hashes over its observations alone."""

Sample = tuple[str, Observation, tuple[Action, ...]]


def observations(
    per_table: int = PER_TABLE, pounces: int = CRAFTED_POUNCES, variants: dict[str, Rules] = VARIANTS
) -> Iterator[Sample]:
    """``(label, observation, legal actions)`` from mixed random and greedy play, and crafted pounces."""
    greedy = GreedyBot()
    for name, rules in variants.items():
        for players in (3, 4, 5, 6):
            count, game = 0, 0
            while count < per_table:
                rng = random.Random(f"{name}/{players}/{game}")
                state = new_game(rules, players, seed=game)
                ply = 0
                while state.to_act is not None and count < per_table:
                    legal = legal_actions(state)
                    view = observe(state, state.to_act)
                    if ply % STRIDE == 0:
                        yield f"{name}/{players}/{game}/{ply}", view, legal
                        count += 1
                    ply += 1
                    if rng.random() < 0.5:
                        action = legal[rng.randrange(len(legal))]
                    else:
                        action = greedy.choose(view, legal)
                    state = apply(state, action)
                game += 1
    deck = list(deck_for(POUNCE))
    made, k = 0, 0
    while made < pounces:
        rng = random.Random(f"pounce/{k}")
        k += 1
        players = 3 + k % 4
        rank = rng.choice(deck).rank
        quad = [card for card in deck if card.rank is rank]
        rest = [card for card in deck if card.rank is not rank]
        rng.shuffle(rest)
        rng.shuffle(quad)
        seat = rng.randrange(players)
        hands = [quad[:3] if p == seat else rest[3 * p : 3 * p + 3] for p in range(players)]
        widow = [quad[3], rest[40], rest[41]]
        rng.shuffle(widow)
        state = deal_position(
            POUNCE,
            hands=[" ".join(map(str, hand)) for hand in hands],
            dealer=rng.randrange(players),
            widow=" ".join(map(str, widow)),
            seed=k,
        )
        plies = 0
        while state.to_act is not None and plies < 6 and made < pounces:
            legal = legal_actions(state)
            yield f"pounce/{k}", observe(state, state.to_act), legal
            made += 1
            plies += 1
            state = apply(state, legal[rng.randrange(len(legal))])


def choices(samples: Iterator[Sample]) -> tuple[list[str], list[str]]:
    """One line per observation for each bot: the label and the choice."""
    greedy = GreedyBot()
    greedy_lines: list[str] = []
    search_lines: list[str] = []
    for index, (label, view, legal) in enumerate(samples):
        greedy_lines.append(f"{index} {label} {greedy.choose(view, legal)!r}")
        bot = SearchBot(rollouts=20, seed=index)
        search_lines.append(f"{index} {label} {bot.choose(view, legal)!r} {bot.last_rollouts}")
    return greedy_lines, search_lines


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def search_digests(lines: list[str]) -> tuple[str, str]:
    """The digests of the search bot's choices outside Hoyle's rounds, and in them."""
    in_rounds = [line.split()[1].split("/")[0] in ROUNDS_VARIANTS for line in lines]
    return (
        digest([line for line, rounds in zip(lines, in_rounds) if not rounds]),
        digest([line for line, rounds in zip(lines, in_rounds) if rounds]),
    )


def test_the_bots_choices_are_pinned() -> None:
    greedy_lines, search_lines = choices(observations())
    assert len(greedy_lines) == len(VARIANTS) * 4 * PER_TABLE + CRAFTED_POUNCES
    assert any(" Pounce(" in line for line in greedy_lines)
    assert digest(greedy_lines) == GREEDY_SHA256
    assert search_digests(search_lines) == (SEARCH_SHA256, ROUNDS_SEARCH_SHA256)


def test_the_bots_choices_in_a_preset_pinned_on_its_own_are_pinned() -> None:
    for name, (greedy_pin, search_pin) in OWN_PINS.items():
        greedy_lines, search_lines = choices(observations(pounces=0, variants={name: PRESETS[name]}))
        assert len(greedy_lines) == 4 * PER_TABLE
        assert (digest(greedy_lines), digest(search_lines)) == (greedy_pin, search_pin), name


def later_observations() -> Iterator[Sample]:
    return observations(pounces=0, variants={name: PRESETS[name] for name in LATER_PRESETS})


def test_the_bots_choices_in_the_later_presets_are_pinned() -> None:
    greedy_lines, search_lines = choices(later_observations())
    assert len(greedy_lines) == len(LATER_PRESETS) * 4 * PER_TABLE
    assert any(" ExchangeAll(" in line for line in greedy_lines) and any(" Pass(" in line for line in greedy_lines)
    assert digest(greedy_lines) == LATER_GREEDY_SHA256
    assert digest(search_lines) == LATER_SEARCH_SHA256


if __name__ == "__main__":
    greedy_lines, search_lines = choices(observations())
    print(f'GREEDY_SHA256 = "{digest(greedy_lines)}"')
    search_pin, rounds_pin = search_digests(search_lines)
    print(f'SEARCH_SHA256 = "{search_pin}"')
    print(f'ROUNDS_SEARCH_SHA256 = "{rounds_pin}"')
    for name in OWN_PINS:
        later = choices(observations(pounces=0, variants={name: PRESETS[name]}))
        print(f'    "{name}": ("{digest(later[0])}", "{digest(later[1])}"),')
    later_greedy, later_search = choices(later_observations())
    print(f'LATER_GREEDY_SHA256 = "{digest(later_greedy)}"')
    print(f'LATER_SEARCH_SHA256 = "{digest(later_search)}"')
    print(Counter(line.split()[2].split("(")[0] for line in later_greedy))
    print(Counter(line.split()[2].split("(")[0] for line in greedy_lines))
