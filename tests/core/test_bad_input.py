"""Every public function refuses bad input with a CommerceError subclass, never a bare Python error.

API.md: "Every error the library raises on bad input is a CommerceError", and
a wrong type is an ``ArgumentTypeError`` (also a ``TypeError``). Each case
below is one call of a public name with one bad argument, and the exact
error class it must raise; the message must stay short and on one line.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    TRENTUNO,
    Action,
    ArgumentTypeError,
    BlindExchange,
    Buy,
    Card,
    CardError,
    CommerceError,
    Exchange,
    GreedyBot,
    HandError,
    IllegalActionError,
    Knock,
    RandomBot,
    Rules,
    RulesError,
    SearchBot,
    SerializationError,
    action_from_json,
    action_to_json,
    apply,
    deal_position,
    evaluate,
    hand_strength_table,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    replay,
    simulate,
    state_from_json,
    to_json,
)

STATE = new_game(FOSTER, 3, seed=1)
SEAT = STATE.to_act if STATE.to_act is not None else 0
OTHER = (SEAT + 1) % 3
LEGAL = legal_actions(STATE)
VIEW = observe(STATE, SEAT)
HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]
WIDOW = "2♦ 3♠ 6♥"
LONG = "x\n" * 100_000


def _position(rules: Rules = FOSTER, **changes: object) -> Callable[[], object]:
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0}
    if rules.has_widow:
        arguments["widow"] = WIDOW
    arguments.update(changes)
    return lambda: deal_position(rules, **arguments)  # type: ignore[arg-type]


def _simulate(*arguments: object, **options: object) -> Callable[[], object]:
    def call() -> object:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            options.setdefault("executor", pool)
            return simulate(*arguments, **options)  # type: ignore[arg-type]

    return call


CASES: list[tuple[str, Callable[[], object], type[CommerceError]]] = [
    # cards
    ("Card.parse(None)", lambda: Card.parse(None), CardError),  # type: ignore[arg-type]
    ("Card.parse(long text)", lambda: Card.parse(LONG), CardError),
    ("Card(1, 2)", lambda: Card(1, 2), CardError),  # type: ignore[arg-type]
    ("Card.from_index(52)", lambda: Card.from_index(52), CardError),
    ("Card.from_index(10**5000)", lambda: Card.from_index(10**5000), CardError),
    ("parse_cards(5)", lambda: parse_cards(5), CardError),  # type: ignore[arg-type]
    ("parse_cards([1])", lambda: parse_cards([1]), CardError),  # type: ignore[list-item]
    ("parse_cards(long text)", lambda: parse_cards("2♣ " + LONG), CardError),
    # rules
    ("Rules(1)", lambda: Rules(1), RulesError),  # type: ignore[call-arg]
    ("Rules(unknown=1)", lambda: Rules(unknown=1), RulesError),  # type: ignore[call-arg]
    ("Rules.from_options({1: 2})", lambda: Rules.from_options({1: 2}), RulesError),  # type: ignore[dict-item]
    ("Rules.from_options(None)", lambda: Rules.from_options(None), RulesError),  # type: ignore[arg-type]
    ("Rules.from_options(long name)", lambda: Rules.from_options({LONG: 1}), RulesError),
    ("Rules(stake='3')", lambda: HOYLE.replace(stake="3"), RulesError),
    ("Rules(turn_limit=1.5)", lambda: CRP.replace(turn_limit=1.5), RulesError),
    ("Rules(mechanism=None)", lambda: Rules(mechanism=None), RulesError),
    ("Rules(ranking=[])", lambda: Rules(ranking=[]), RulesError),
    ("Rules(ace_low=1)", lambda: Rules(ace_low=1), RulesError),  # type: ignore[arg-type]
    ("Rules(stake=10**5000)", lambda: HOYLE.replace(stake=10**5000), RulesError),
    # hands
    ("evaluate(None, FOSTER)", lambda: evaluate(None, FOSTER), HandError),  # type: ignore[arg-type]
    ("evaluate([1, 2, 3], FOSTER)", lambda: evaluate([1, 2, 3], FOSTER), HandError),  # type: ignore[list-item]
    ("evaluate(two cards)", lambda: evaluate("2♣ 3♣", FOSTER), HandError),
    ("evaluate(a card twice)", lambda: evaluate("2♣ 2♣ 3♣", FOSTER), HandError),
    ("evaluate(a 10 in Trentuno)", lambda: evaluate("10♣ 2♣ 3♣", TRENTUNO), HandError),
    ("evaluate(cards, None)", lambda: evaluate("2♣ 3♣ 4♣", None), RulesError),  # type: ignore[arg-type]
    ("evaluate(long text)", lambda: evaluate(LONG, FOSTER), CardError),
    ("hand_strength_table(None)", lambda: hand_strength_table(None), RulesError),  # type: ignore[arg-type]
    # actions
    ("Knock(True)", lambda: Knock(True), ArgumentTypeError),
    ("Knock(-5)", lambda: Knock(-5), IllegalActionError),
    ("Knock('0')", lambda: Knock("0"), ArgumentTypeError),  # type: ignore[arg-type]
    ("Knock(10**5000)", lambda: Knock(10**5000), IllegalActionError),
    ("BlindExchange(0, None)", lambda: BlindExchange(0, None), ArgumentTypeError),  # type: ignore[arg-type]
    ("BlindExchange(0, ())", lambda: BlindExchange(0, ()), IllegalActionError),
    ("BlindExchange(0, [text])", lambda: BlindExchange(0, ["A♠"]), ArgumentTypeError),  # type: ignore[list-item]
    ("BlindExchange(0, a card twice)", lambda: BlindExchange(0, (Card.parse("A♠"), Card.parse("2♣"), Card.parse("A♠"))), IllegalActionError),
    ("BlindExchange(0, a card twice, last)", lambda: BlindExchange(0, [Card.parse("7♦"), Card.parse("2♣"), Card.parse("7♦")]), IllegalActionError),
    ("BlindExchange(0, a card string)", lambda: BlindExchange(0, "A♠"), ArgumentTypeError),  # type: ignore[arg-type]
    ("Buy(0, text)", lambda: Buy(0, "A♠"), ArgumentTypeError),  # type: ignore[arg-type]
    ("Exchange(0, None, None)", lambda: Exchange(0, None, None), ArgumentTypeError),  # type: ignore[arg-type]
    ("Action(0)", lambda: Action(0), ArgumentTypeError),
    # new_game
    ("new_game(None, 3)", lambda: new_game(None, 3), ArgumentTypeError),  # type: ignore[arg-type]
    ("new_game(FOSTER, '3')", lambda: new_game(FOSTER, "3"), CommerceError),  # type: ignore[arg-type]
    ("new_game(FOSTER, 2)", lambda: new_game(FOSTER, 2), CommerceError),
    ("new_game(FOSTER, 13)", lambda: new_game(FOSTER, 13), CommerceError),
    ("new_game(seed='1')", lambda: new_game(FOSTER, 3, seed="1"), CommerceError),  # type: ignore[arg-type]
    ("new_game(seed=-1)", lambda: new_game(FOSTER, 3, seed=-1), CommerceError),
    ("new_game(dealer=3)", lambda: new_game(FOSTER, 3, dealer=3), CommerceError),
    # deal_position
    ("deal_position(balances=5)", _position(balances=5), CommerceError),
    ("deal_position(balances=[1])", _position(balances=[1]), CommerceError),
    ("deal_position(balances with text)", _position(balances=[1, -1, "0"]), CommerceError),
    ("deal_position(balances not summing to 0)", _position(balances=[1, 0, 0]), CommerceError),
    ("deal_position(lives balances)", _position(CRP, balances=[1, -1, 0]), CommerceError),
    ("deal_position(hands=None)", _position(hands=None), CommerceError),
    ("deal_position(hands=5)", _position(hands=5), CommerceError),
    ("deal_position(hands=[None] * 3)", _position(hands=[None] * 3), CommerceError),
    ("deal_position(hands of long text)", _position(hands=[LONG] * 3), CommerceError),
    ("deal_position(dealer=None)", _position(dealer=None), CommerceError),
    ("deal_position(stock=5)", _position(stock=5), CommerceError),
    ("deal_position(widow=5)", _position(CRP, widow=5), CommerceError),
    ("deal_position(widow without one)", _position(widow=WIDOW), CommerceError),
    ("deal_position(no widow with one)", _position(CRP, widow=None), CommerceError),
    ("deal_position(lives=5)", _position(CRP, lives=5), CommerceError),
    ("deal_position(lives with a ledger)", _position(lives=[3, 3, 3]), CommerceError),
    ("deal_position(a card twice)", _position(stock="3♣"), CommerceError),
    ("deal_position(seed=-1)", _position(seed=-1), CommerceError),
    # apply, legal_actions, observe, replay
    ("apply(None, action)", lambda: apply(None, Knock(0)), ArgumentTypeError),  # type: ignore[arg-type]
    ("apply(state, None)", lambda: apply(STATE, None), ArgumentTypeError),  # type: ignore[arg-type]
    ("apply(state, 'knock')", lambda: apply(STATE, "knock"), ArgumentTypeError),  # type: ignore[arg-type]
    ("apply(state, Knock(11))", lambda: apply(STATE, Knock(11)), IllegalActionError),
    ("apply(state, another seat)", lambda: apply(STATE, Knock(OTHER)), IllegalActionError),
    ("legal_actions(None)", lambda: legal_actions(None), ArgumentTypeError),  # type: ignore[arg-type]
    ("legal_actions(text)", lambda: legal_actions(to_json(STATE)), ArgumentTypeError),  # type: ignore[arg-type]
    ("observe(None, 0)", lambda: observe(None, 0), ArgumentTypeError),  # type: ignore[arg-type]
    ("observe(state, 5)", lambda: observe(STATE, 5), CommerceError),
    ("observe(state, '0')", lambda: observe(STATE, "0"), CommerceError),  # type: ignore[arg-type]
    ("observe(state, None)", lambda: observe(STATE, None), CommerceError),  # type: ignore[arg-type]
    ("observe(state, 10**5000)", lambda: observe(STATE, 10**5000), CommerceError),
    ("replay(..., None)", lambda: replay(FOSTER, 3, 1, None), ArgumentTypeError),  # type: ignore[arg-type]
    ("replay(..., 'knock')", lambda: replay(FOSTER, 3, 1, "knock"), ArgumentTypeError),  # type: ignore[arg-type]
    ("replay(..., [None])", lambda: replay(FOSTER, 3, 1, [None]), ArgumentTypeError),  # type: ignore[list-item]
    ("replay(..., an illegal action)", lambda: replay(FOSTER, 3, 1, [Knock(OTHER)]), IllegalActionError),
    ("replay(None, ...)", lambda: replay(None, 3, 1, []), ArgumentTypeError),  # type: ignore[arg-type]
    # JSON
    ("to_json(None)", lambda: to_json(None), SerializationError),  # type: ignore[arg-type]
    ("to_json(indent='x')", lambda: to_json(STATE, indent="x"), SerializationError),  # type: ignore[arg-type]
    ("state_from_json(None)", lambda: state_from_json(None), SerializationError),  # type: ignore[arg-type]
    ("state_from_json('{')", lambda: state_from_json("{"), SerializationError),
    ("state_from_json('[]')", lambda: state_from_json("[]"), SerializationError),
    ("state_from_json(bad UTF-8)", lambda: state_from_json(b"\xff\xfe"), SerializationError),
    ("state_from_json(deep nesting)", lambda: state_from_json("[" * 100_000), SerializationError),
    ("state_from_json(a huge number)", lambda: state_from_json("1" * 5000), SerializationError),
    ("state_from_json(too long)", lambda: state_from_json(" " * 4_000_001), SerializationError),
    ("action_to_json(None)", lambda: action_to_json(None), SerializationError),  # type: ignore[arg-type]
    ("action_from_json(5)", lambda: action_from_json(5), SerializationError),  # type: ignore[arg-type]
    ("action_from_json(player true)", lambda: action_from_json('{"type": "knock", "player": true}'), SerializationError),
    ("action_from_json(take [])", lambda: action_from_json('{"type": "blind_exchange", "player": 0, "take": []}'), SerializationError),
    ("action_from_json(long key)", lambda: action_from_json('{"type": "knock", "player": 0, "%s": 1}' % ("k\\n" * 10**5)), SerializationError),
    # simulate
    ("simulate(bots=None)", _simulate(FOSTER, None, 1, 1), ArgumentTypeError),
    ("simulate(bots=5)", _simulate(FOSTER, 5, 1, 1), ArgumentTypeError),
    ("simulate(bots=[None] * 3)", _simulate(FOSTER, [None] * 3, 1, 1), CommerceError),
    ("simulate(bots=[long text] * 3)", _simulate(FOSTER, [LONG] * 3, 1, 1), CommerceError),
    ("simulate(rules=None)", _simulate(None, [RandomBot] * 3, 1, 1), CommerceError),
    ("simulate(two bots)", _simulate(FOSTER, [RandomBot] * 2, 1, 1), CommerceError),
    ("simulate(games=0)", _simulate(FOSTER, [RandomBot] * 3, 0, 1), CommerceError),
    ("simulate(games=10**9 + 1)", _simulate(FOSTER, [RandomBot] * 3, 10**9 + 1, 1), CommerceError),
    ("simulate(seed='1')", _simulate(FOSTER, [RandomBot] * 3, 1, "1"), CommerceError),
    ("simulate(seed=-1)", _simulate(FOSTER, [RandomBot] * 3, 1, -1), CommerceError),
    ("simulate(chunk_size=0)", _simulate(FOSTER, [RandomBot] * 3, 1, 1, chunk_size=0), CommerceError),
    ("simulate(executor=5)", _simulate(FOSTER, [RandomBot] * 3, 1, 1, executor=5), ArgumentTypeError),
    ("simulate(progress=5)", _simulate(FOSTER, [RandomBot] * 3, 1, 1, progress=5), ArgumentTypeError),
    # bots
    ("RandomBot(seed=[1])", lambda: RandomBot(seed=[1]), ArgumentTypeError),  # type: ignore[arg-type]
    ("SearchBot(rollouts=0)", lambda: SearchBot(rollouts=0), CommerceError),
    ("SearchBot(max_candidates=10**5000)", lambda: SearchBot(max_candidates=10**5000), CommerceError),
    ("SearchBot(margin=None)", lambda: SearchBot(margin=None), CommerceError),  # type: ignore[arg-type]
    ("SearchBot(seed='x')", lambda: SearchBot(seed="x"), ArgumentTypeError),  # type: ignore[arg-type]
]

for name, bot in (("GreedyBot", GreedyBot()), ("RandomBot", RandomBot(1)), ("SearchBot", SearchBot(rollouts=8, seed=1))):
    CASES += [
        (f"{name}.choose(None, legal)", lambda bot=bot: bot.choose(None, LEGAL), ArgumentTypeError),  # type: ignore[misc]
        (f"{name}.choose(view, None)", lambda bot=bot: bot.choose(VIEW, None), ArgumentTypeError),  # type: ignore[misc]
        (f"{name}.choose(view, ())", lambda bot=bot: bot.choose(VIEW, ()), CommerceError),  # type: ignore[misc]
        (f"{name}.choose(view, [1])", lambda bot=bot: bot.choose(VIEW, (1,)), ArgumentTypeError),  # type: ignore[misc]
        (f"{name}.choose(a foreign view)", lambda bot=bot: bot.choose(observe(STATE, OTHER), LEGAL), CommerceError),  # type: ignore[misc]
        (f"{name}.choose(an unseen card)", lambda bot=bot: bot.choose(VIEW, (Buy(SEAT, STATE.stock[0]),)), CommerceError),  # type: ignore[misc]
        (f"{name}.choose(a match over)", lambda bot=bot: bot.choose(VIEW._replace(phase=VIEW.phase.OVER), LEGAL), CommerceError),  # type: ignore[misc]
    ]


@pytest.mark.parametrize(("call", "error"), [pytest.param(call, error, id=name) for name, call, error in CASES])
def test_bad_input_raises_its_commerce_error_with_a_short_message(call: Callable[[], object], error: type[CommerceError]) -> None:
    with pytest.raises(CommerceError) as raised:
        call()
    assert type(raised.value) is error, f"{type(raised.value).__name__}: {raised.value}"
    message = str(raised.value)
    assert len(message) <= 400 and "\n" not in message, message[:500]
