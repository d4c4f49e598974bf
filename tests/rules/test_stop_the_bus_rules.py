"""Stop the Bus, the widow form (preset ``STOP_THE_BUS``): one test per rule of RULES.md §10.1-10.6 and 10.8-10.9.

The widow game of §2 with the options ``must_exchange`` and ``exchange_all``,
the Brag ranking (rule 7, tested in ``tests/ranking/test_brag_ranking.py``)
and lives. Positions are built with :func:`deal_position`, so every test
knows each card; §10.10, the draw-and-discard form, is
``test_stop_the_bus_draw_rules.py``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from commerce_rules import (
    CRP,
    DECK_52,
    PRESETS,
    STOP_THE_BUS,
    Category,
    EventKind,
    Exchange,
    ExchangeAll,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Ranking,
    Rules,
    RulesError,
    SerializationError,
    ShowdownReason,
    apply,
    deal_position,
    describe_action,
    describe_event,
    evaluate,
    legal_actions,
    new_game,
    observe,
    sample_state,
    state_from_json,
    to_json,
)
from commerce_rules.text.narrate import narrate_step

from helpers import c, play, play_out, texts

# A 4-player position, dealer 0, eldest 1. Brag values:
# seat 0 high card 9-5-2 (the lowest), seat 1 a pair of kings (the best),
# seat 2 high card J-8-7, seat 3 high card Q-6-3.
HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"]
WIDOW = "4♣ 7♦ 3♠"
"""Each exchange of :data:`STOPPED` swaps a card for one of its rank: the values stay as above."""
STOPPED = (Exchange(1, c("4♦"), c("4♣")), Knock(1), Exchange(2, c("7♠"), c("7♦")), Exchange(3, c("3♦"), c("3♠")))
"""Seat 1 exchanges and stops the bus; seats 2 and 3 have their final turns (the dealer's is left)."""


def position(rules: Rules = STOP_THE_BUS, **overrides: object) -> GameState:
    """The position above, with any argument of ``deal_position`` overridden (a fixed seed deals the later deals)."""
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "widow": WIDOW, "seed": 1}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]


def exchanges_of(state: GameState, seat: int) -> tuple[Exchange, ...]:
    """The nine exchanges of ``seat``'s hand and the widow, in hand order then widow order."""
    return tuple(Exchange(seat, give, take) for give in state.hands[seat] for take in state.widow)


def ride_on(state: GameState) -> GameState:
    """The seat to act exchanges its first card for the widow's first and rides on."""
    seat = state.to_act
    assert seat is not None
    return play(state, Exchange(seat, state.hands[seat][0], state.widow[0]), Pass(seat))


# ---- §10.1 deck and players --------------------------------------------------------------------------


def test_10_1_deck_and_players_52_cards_3_to_12_players_3_lives() -> None:
    assert PRESETS["stop_the_bus"] is STOP_THE_BUS
    assert STOP_THE_BUS == CRP.replace(ranking="brag", must_exchange=True, exchange_all=True, ace_low=True)
    assert STOP_THE_BUS.deck_size == 52 and STOP_THE_BUS.starting_lives == 3 and STOP_THE_BUS.ranking is Ranking.BRAG
    for players in (3, 8, 12):
        state = new_game(STOP_THE_BUS, players, seed=players)
        everything = [card for hand in state.hands for card in hand] + [*state.widow, *state.stock]
        assert Counter(everything) == Counter(DECK_52) and state.lives == (3,) * players
    with pytest.raises(Exception, match="3 to 12"):
        new_game(STOP_THE_BUS, 13, seed=1)


def test_10_1_deck_and_players_a_player_who_loses_their_last_life_is_out_no_free_ride() -> None:
    assert not STOP_THE_BUS.free_ride
    state = play(position(lives=[1, 3, 3, 3]), *STOPPED, Exchange(0, c("2♣"), c("3♦")))
    assert state.showdowns[0].losers == (0,)
    assert state.lives == (0, 3, 3, 3) and 0 not in state.active and state.hands[0] == ()
    swimming = play(position(STOP_THE_BUS.replace(free_ride=True), lives=[1, 3, 3, 3]), *STOPPED, Exchange(0, c("2♣"), c("3♦")))
    assert swimming.lives[0] == 0 and 0 in swimming.active, "free_ride is an option"


# ---- §10.2 deal --------------------------------------------------------------------------------------


def test_10_2_deal_three_hidden_cards_each_then_a_face_up_widow_the_first_dealer_at_random() -> None:
    state = new_game(STOP_THE_BUS, 5, seed=11, dealer=2)
    assert [len(hand) for hand in state.hands] == [3] * 5 and len(state.widow) == 3
    assert len(state.stock) == 52 - 5 * 3 - 3
    view = observe(state, 4)
    assert view.widow == state.widow and view.hand == state.hands[4]
    assert state.to_act == 3, "the eldest, on the dealer's left, acts first"
    assert len({new_game(STOP_THE_BUS, 5, seed=seed).dealer for seed in range(30)}) > 1


def test_10_2_deal_passes_to_the_left_to_the_next_active_player() -> None:
    state = play(position(), *STOPPED, Exchange(0, c("2♣"), c("3♦")))
    assert state.deal_number == 2 and state.dealer == 1 and state.to_act == 2
    state = play(position(hands=[HANDS[0], "", HANDS[2], HANDS[3]], lives=[3, 0, 3, 3]), Exchange(2, c("7♠"), c("7♦")), Knock(2))
    state = play(state, Exchange(3, c("3♦"), c("3♠")), Exchange(0, c("2♣"), c("4♣")))
    assert state.deal_number == 2 and state.dealer == 2, "seat 1, out of the match, is passed over"


# ---- §10.3 turn --------------------------------------------------------------------------------------


def test_10_3_turn_must_exchange_one_card_or_all_three_no_pass_and_no_knock_in_its_place() -> None:
    state = position()
    assert legal_actions(state) == (*exchanges_of(state, 1), ExchangeAll(1))
    with pytest.raises(IllegalActionError, match="no pass in place of the exchange"):
        apply(state, Pass(1))
    with pytest.raises(IllegalActionError, match="stop the bus only right after your own exchange"):
        apply(state, Knock(1))


def test_10_3_turn_after_the_exchange_the_same_player_stops_the_bus_or_rides_on() -> None:
    state = apply(position(), Exchange(1, c("4♦"), c("4♣")))
    assert state.to_act == 1 and state.phase is Phase.PLAY and texts(state.widow) == ["4♦", "7♦", "3♠"]
    assert legal_actions(state) == (Pass(1), Knock(1))
    for second in (Exchange(1, c("K♠"), c("7♦")), ExchangeAll(1)):
        with pytest.raises(IllegalActionError, match="one exchange a turn"):
            apply(state, second)
    rode = apply(state, Pass(1))
    assert rode.to_act == 2 and rode.phase is Phase.PLAY and rode.turn.turns == 1
    stopped = apply(state, Knock(1))
    assert stopped.to_act == 2 and stopped.phase is Phase.FINAL_ROUND


def test_10_3_turn_exchanging_all_three_gives_the_whole_hand_face_up() -> None:
    state = apply(position(), ExchangeAll(1))
    assert texts(state.hands[1]) == ["4♣", "7♦", "3♠"] and texts(state.widow) == ["K♠", "K♥", "4♦"]
    assert legal_actions(state) == (Pass(1), Knock(1))


def test_10_3_turn_its_ride_on_is_no_pass_of_a_turn_and_the_stop_is_allowed_on_the_eldests_first_turn() -> None:
    state = position()
    for _ in range(12):  # three rounds of riding on: no stall
        state = ride_on(state)
        assert state.deal_number == 1 and state.turn.passes == 0
    first = play(position(), Exchange(1, c("4♦"), c("4♣")), Knock(1))
    assert first.turn.knockers == (1,)


# ---- §10.4 stopping the bus --------------------------------------------------------------------------


def test_10_4_stopping_the_bus_every_other_player_has_one_final_turn_an_exchange_alone() -> None:
    state = play(position(), Exchange(1, c("4♦"), c("4♣")), Knock(1))
    for seat in (2, 3, 0):
        assert state.phase is Phase.FINAL_ROUND and state.to_act == seat and state.deal_number == 1
        assert legal_actions(state) == (*exchanges_of(state, seat), ExchangeAll(seat)), "no pass, no stop"
        with pytest.raises(IllegalActionError, match="a final turn is an exchange alone"):
            apply(state, Pass(seat))
        with pytest.raises(IllegalActionError, match="a final turn is an exchange alone"):
            apply(state, Knock(seat))
        state = apply(state, exchanges_of(state, seat)[0])
    assert state.deal_number == 2, "the stopper plays no more: the showdown follows the dealer's final turn"
    assert state.showdowns[0].reason is ShowdownReason.FINAL_ROUND


def test_10_4_stopping_the_bus_one_stop_per_deal() -> None:
    state = play(position(), Exchange(1, c("4♦"), c("4♣")), Knock(1), Exchange(2, c("7♠"), c("7♦")))
    assert Knock(3) not in legal_actions(state)
    state = apply(state, ExchangeAll(3))
    assert state.to_act == 0 and legal_actions(state)[-1] == ExchangeAll(0)


# ---- §10.5 no stall ----------------------------------------------------------------------------------


def test_10_5_no_stall_the_stall_options_keep_their_defaults() -> None:
    for option in ({"stall_passes": 1}, {"stall_passes": 3}, {"stall_effect": "new_widow"}):
        with pytest.raises(RulesError, match="must_exchange needs stall_"):
            STOP_THE_BUS.replace(**option)


def test_10_5_no_stall_a_deal_ends_only_by_a_stop_or_after_turn_limit_turns() -> None:
    state = position(STOP_THE_BUS.replace(turn_limit=5))
    for turn in range(5):
        assert state.deal_number == 1
        seat = state.to_act
        assert seat is not None
        state = apply(state, Exchange(seat, state.hands[seat][0], state.widow[0]))
        assert state.deal_number == 1, "the exchange alone is no whole turn"
        state = apply(state, Pass(seat))
    assert state.deal_number == 2 and state.showdowns[0].reason is ShowdownReason.TURN_LIMIT


# ---- §10.6 showdown ----------------------------------------------------------------------------------


def test_10_6_showdown_brag_hands_the_lowest_loses_a_life_the_stopper_no_penalty_and_no_bonus() -> None:
    state = play(position(), *STOPPED, Exchange(0, c("2♣"), c("3♦")))
    showdown = state.showdowns[0]
    assert [str(value) for value in showdown.values] == ["high card 9-5-3", "pair of kings, 4 kicker", "high card J-8-7", "high card Q-6-3"]
    assert showdown.winner == 1 and showdown.losers == (0,) and state.lives == (2, 3, 3, 3)
    lowest = play(position(hands=["K♠ K♥ 4♦", "2♣ 5♦ 9♥", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"]), Exchange(1, c("5♦"), c("7♦")), Knock(1))
    lowest = play(lowest, Exchange(2, c("7♠"), c("5♦")), Exchange(3, c("3♦"), c("3♠")), Exchange(0, c("4♦"), c("4♣")))
    assert lowest.showdowns[0].losers == (1,), "a stopper with the lowest hand loses one life, like anyone"


def test_10_6_showdown_every_player_tied_for_the_lowest_loses_one_suits_never_count() -> None:
    hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "2♦ 5♥ 9♠"]
    state = play(position(hands=hands, widow="4♣ 7♦ 9♣"), Exchange(1, c("4♦"), c("4♣")), Knock(1), Exchange(2, c("7♠"), c("7♦")))
    state = play(state, Exchange(3, c("9♠"), c("9♣")), Exchange(0, c("9♥"), c("9♠")))
    assert state.showdowns[0].losers == (0, 3) and state.lives == (2, 3, 3, 2)


def test_10_6_showdown_the_best_hand_ties_go_to_the_player_nearest_the_dealers_left() -> None:
    hands = ["2♣ 4♦ 9♥", "A♠ 7♦ 5♣", "A♦ 7♥ 5♠", "3♦ 6♥ Q♣"]
    state = play(position(hands=hands, widow="5♥ 7♣ 3♠"), Exchange(1, c("5♣"), c("5♥")), Knock(1))
    state = play(state, Exchange(2, c("7♥"), c("7♣")), Exchange(3, c("3♦"), c("3♠")), Exchange(0, c("2♣"), c("3♦")))
    showdown = state.showdowns[0]
    assert showdown.values[1] == showdown.values[2] and showdown.winner == 1


def test_10_6_showdown_taking_every_last_life_takes_none_and_the_last_player_with_lives_wins() -> None:
    hands = ["2♣ 5♦ 9♥", "2♦ 5♥ 9♣", "2♥ 5♣ 9♦"]
    state = deal_position(STOP_THE_BUS, hands=hands, dealer=0, widow="2♠ 5♠ 9♠", lives=[1, 1, 1], seed=1)
    state = play(state, Exchange(1, c("2♦"), c("2♠")), Knock(1), Exchange(2, c("2♥"), c("2♦")), Exchange(0, c("2♣"), c("2♥")))
    assert state.showdowns[0].losers == () and state.lives == (1, 1, 1) and not state.is_over
    over = play_out(new_game(STOP_THE_BUS, 3, seed=4), lambda s, legal: legal[-1])
    assert over.is_over and len(over.winners) == 1 and sum(1 for lives in over.lives if lives) == 1


# ---- §10.7 the Brag ranking (tests/ranking/test_brag_ranking.py has the rest) --------------------------


def test_10_7_the_preset_ranks_brag_hands_3_3_3_and_a_2_3_on_top_with_ace_low() -> None:
    assert evaluate("3♣ 3♦ 3♥", STOP_THE_BUS) > evaluate("A♠ A♥ A♦", STOP_THE_BUS)
    assert str(evaluate("A♣ 2♦ 3♥", STOP_THE_BUS)) == "run A-2-3"
    assert evaluate("K♠ A♦ 2♥", STOP_THE_BUS).category is Category.HIGH_CARD


# ---- §10.8 what is public ----------------------------------------------------------------------------


def test_10_8_what_is_public_every_exchange_with_both_its_cards_every_stop_and_every_ride_on() -> None:
    state = play(position(), Exchange(1, c("4♦"), c("4♣")), Pass(1), ExchangeAll(2), Knock(2))
    for seat in range(4):
        seen = [(event.kind, event.player, texts(event.cards)) for event in observe(state, seat).history]
        assert seen == [
            (EventKind.EXCHANGE, 1, ["4♦", "4♣"]),
            (EventKind.PASS, 1, []),
            (EventKind.EXCHANGE_ALL, 2, ["7♠", "8♠", "J♣", "4♦", "7♦", "3♠"]),
            (EventKind.KNOCK, 2, []),
        ]


def test_10_8_what_is_public_a_hand_exchanged_whole_is_known_the_hands_and_the_stock_stay_hidden() -> None:
    state = play(position(), ExchangeAll(1), Pass(1))
    for seed in range(10):
        imagined = sample_state(observe(state, 2), seed)
        assert sorted(imagined.hands[1]) == sorted(state.hands[1]), "seat 1's three cards came from the widow, face up"
        assert imagined.hands[2] == state.hands[2] and imagined.widow == state.widow
    assert observe(state, 2).hand_sizes == (3, 3, 3, 3) and c("2♣") not in observe(state, 2).hand


# ---- §10.9 options -----------------------------------------------------------------------------------


def test_10_9_options_must_exchange_errors() -> None:
    cases: list[tuple[Rules, dict[str, object], str]] = [
        (Rules(mechanism="draw_discard", scoring="lives", ranking="brag"), {}, "applies only with mechanism widow"),
        (Rules(), {}, "applies only with mechanism widow"),
        (Rules(mechanism="rounds"), {}, "applies only with mechanism widow"),
        (CRP, {"exchanges_per_turn": 2}, "must_exchange needs exchanges_per_turn=1"),
        (CRP, {"pounce": True}, "must_exchange needs pounce=False"),
        (CRP, {"stall_passes": 1}, "must_exchange needs stall_passes=2"),
        (CRP, {"stall_effect": "new_widow"}, "must_exchange needs stall_effect='showdown'"),
    ]
    for rules, option, message in cases:
        with pytest.raises(RulesError, match=message):
            rules.replace(must_exchange=True, **option)
    with pytest.raises(RulesError, match="must_exchange needs exchanges_per_turn=1"):
        STOP_THE_BUS.replace(exchanges_per_turn=3)
    with pytest.raises(RulesError, match="must_exchange must be True or False"):
        CRP.replace(must_exchange=1)


@pytest.mark.parametrize("ranking", list(Ranking))
def test_10_9_options_must_exchange_combines_with_any_ranking(ranking: Ranking) -> None:
    rules = CRP.replace(ranking=ranking, must_exchange=True, turn_limit=30)
    state = new_game(rules, 4, seed=2, dealer=0)
    assert all(isinstance(action, Exchange) for action in legal_actions(state)), "no pass, no knock, no exchange of all"
    assert play_out(state, lambda s, legal: legal[-1]).is_over


def test_10_9_options_exchange_all_false_leaves_one_card_exchanges_only() -> None:
    rules = STOP_THE_BUS.replace(exchange_all=False)
    state = position(rules)
    assert legal_actions(state) == exchanges_of(state, 1)
    with pytest.raises(IllegalActionError, match="exchange a card"):
        apply(state, Pass(1))
    with pytest.raises(IllegalActionError):
        apply(state, ExchangeAll(1))


def test_10_9_options_brag_threes_high_false_only_with_the_brag_ranking_and_no_pounce_or_blitz() -> None:
    plain = STOP_THE_BUS.replace(brag_threes_high=False)
    assert evaluate("A♠ A♥ A♦", plain) > evaluate("3♣ 3♦ 3♥", plain)
    with pytest.raises(RulesError, match="brag_threes_high applies only with ranking brag"):
        CRP.replace(brag_threes_high=False)
    with pytest.raises(RulesError):
        STOP_THE_BUS.replace(must_exchange=False, pounce=True)
    with pytest.raises(RulesError, match="Brag hands have no 31"):
        STOP_THE_BUS.replace(blitz=True)


def test_10_9_options_the_shared_ones_apply_and_a_turn_is_the_exchange_with_its_stop_or_ride_on() -> None:
    rules = STOP_THE_BUS.replace(starting_lives=2, free_ride=True, turn_limit=2, deal_limit=2, deck_size=40, ace_low=False)
    state = new_game(rules, 3, seed=5, dealer=0)
    state = ride_on(state)
    assert state.deal_number == 1 and state.turn.turns == 1
    state = ride_on(state)
    assert state.deal_number == 2 and state.showdowns[0].reason is ShowdownReason.TURN_LIMIT
    assert play_out(state, lambda s, legal: legal[0]).is_over
    assert evaluate("A♣ 2♦ 3♥", rules).category is Category.HIGH_CARD


# ---- the turn record, its document and its words -----------------------------------------------------


def test_a_state_between_the_exchange_and_the_stop_round_trips_through_json_and_is_checked() -> None:
    opened = apply(position(), Exchange(1, c("4♦"), c("4♣")))
    for state in (position(), opened, play(opened, Knock(1)), play(opened, Pass(1))):
        assert state_from_json(to_json(state)) == state
    assert opened.turn.exchanges == 1 and opened.turn.given == (c("4♦"),)
    document = json.loads(to_json(ride_on(position())))
    document["turn"]["passes"] = 1
    with pytest.raises(SerializationError, match="turn.passes"):
        state_from_json(json.dumps(document, ensure_ascii=False))
    final = json.loads(to_json(play(opened, Knock(1))))
    final["turn"]["exchanges"], final["turn"]["given"] = 1, ["7♦"]
    with pytest.raises(SerializationError, match="turn.exchanges"):
        state_from_json(json.dumps(final, ensure_ascii=False))


def test_the_table_says_stop_the_bus_and_ride_on() -> None:
    opened = apply(position(), Exchange(1, c("4♦"), c("4♣")))
    view = observe(opened, 1)
    assert [describe_action(view, action) for action in legal_actions(opened)] == ["Ride on", "Stop the bus"]
    stopped = apply(opened, Knock(1))
    assert narrate_step(opened, Knock(1), stopped) == ["  seat 1 stops the bus: every other player has one final turn"]
    assert describe_event(observe(stopped, 3), stopped.history[-1]) == "seat 1 stops the bus: every other player has one final turn"
    rode = apply(opened, Pass(1))
    assert narrate_step(opened, Pass(1), rode) == ["  seat 1 rides on"]
    assert describe_event(observe(rode, 0), rode.history[-1]) == "seat 1 rides on"
    chooser = new_game(STOP_THE_BUS.replace(dealer_choice=True), 3, seed=1)
    assert chooser.to_act is not None and chooser.phase is Phase.DEALER_CHOICE
    labels = [describe_action(observe(chooser, chooser.to_act), action) for action in legal_actions(chooser)]
    assert labels == ["Take the extra hand", "Keep your hand"], "the dealer's choice is no turn: its Pass is no ride-on"
    over = play(position(), *STOPPED)
    told = narrate_step(over, Exchange(0, c("2♣"), c("3♦")), apply(over, Exchange(0, c("2♣"), c("3♦"))))
    assert "Showdown of deal 1: the final round after seat 1 stopped the bus is over." in told
