"""Stop the Bus, pagat's draw-and-discard form (preset ``STOP_THE_BUS_DRAW``): the tests of RULES.md §10.10.

Thirty-One's ``draw_discard`` mechanism (§8) with the Brag ranking (§10.7),
no blitz and no free ride. Each test is named after the point of rule 10
it checks; positions are built with :func:`deal_position`, so every test
knows each card.
"""

from __future__ import annotations

import pytest

from commerce_rules import (
    PRESETS,
    STOP_THE_BUS_DRAW,
    THIRTY_ONE,
    Category,
    CommerceError,
    Discard,
    Draw,
    EventKind,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Rules,
    RulesError,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    state_from_json,
    to_json,
)

from helpers import blind_turn, c, play, play_out, texts

# A 4-player position, dealer 0, eldest 1. Brag values:
# seat 0 high card 9-5-2 (the lowest), seat 1 a pair of kings (the best),
# seat 2 high card J-8-7, seat 3 high card Q-6-3.
HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"]
STOCK = "7♣ 8♦ 2♠ 4♥"
"""Its first card is turned up to start the discard pile; 8♦ is then the stock's top."""


def position(rules: Rules = STOP_THE_BUS_DRAW, **overrides: object) -> GameState:
    """The position above, with any argument of ``deal_position`` overridden (a fixed seed deals the later deals)."""
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "stock": STOCK, "seed": 1}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]


def test_10_10_the_preset_is_thirty_one_with_brag_hands_no_blitz_and_no_free_ride() -> None:
    assert STOP_THE_BUS_DRAW == THIRTY_ONE.replace(
        ranking="brag", blitz=False, blitz_all_lose=False, free_ride=False, ace_low=True
    )
    assert PRESETS["stop_the_bus_draw"] is STOP_THE_BUS_DRAW
    assert STOP_THE_BUS_DRAW.mechanism.value == "draw_discard" and STOP_THE_BUS_DRAW.ranking.value == "brag"
    assert STOP_THE_BUS_DRAW.brag_threes_high and STOP_THE_BUS_DRAW.ace_low
    assert not STOP_THE_BUS_DRAW.must_exchange, "the widow's option: this form has no widow"


def test_10_10_fifty_two_cards_three_to_twelve_players_three_lives() -> None:
    assert STOP_THE_BUS_DRAW.deck_size == 52 and STOP_THE_BUS_DRAW.starting_lives == 3
    for players in (3, 7, 12):
        state = new_game(STOP_THE_BUS_DRAW, players, seed=players)
        assert state.lives == (3,) * players and state.deal_number == 1
        assert len(state.stock) + len(state.discard) + 3 * players == 52
    with pytest.raises(CommerceError):
        new_game(STOP_THE_BUS_DRAW, 13, seed=1)


def test_10_10_a_player_without_lives_is_out_no_free_ride() -> None:
    state = apply(position(lives=[1, 3, 3, 3]), Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    assert state.showdowns[0].losers == (0,)
    assert state.lives[0] == 0 and 0 not in state.active and state.hands[0] == ()


def test_10_10_the_deal_as_8_3_one_face_up_card_starts_the_discard_pile() -> None:
    state = position()
    assert texts(state.discard) == ["7♣"] and texts(state.stock[:3]) == ["8♦", "2♠", "4♥"]
    assert state.widow == () and state.to_act == 1 and state.phase is Phase.PLAY
    with pytest.raises(CommerceError, match="no widow"):
        position(widow="A♠ 10♦ 2♥")


def test_10_10_a_turn_draws_from_the_stock_or_the_pile_then_discards_or_stops_the_bus() -> None:
    state = position()
    assert legal_actions(state) == (Draw(1, "stock"), Draw(1, "discard"), Knock(1))
    taken = apply(state, Draw(1, "discard"))
    assert texts(taken.hands[1]) == ["K♠", "K♥", "4♦", "7♣"]
    with pytest.raises(IllegalActionError, match="just taken from the discard pile"):
        apply(taken, Discard(1, c("7♣")))
    after = apply(taken, Discard(1, c("4♦")))
    assert texts(after.discard) == ["4♦"] and after.to_act == 2
    with pytest.raises(IllegalActionError):
        apply(position(), Pass(1))


def test_10_10_a_stop_on_the_eldests_first_turn_gives_every_other_player_one_final_draw_and_discard() -> None:
    state = apply(position(), Knock(1))
    assert state.phase is Phase.FINAL_ROUND and state.to_act == 2
    assert legal_actions(state) == (Draw(2, "stock"), Draw(2, "discard")), "no stop, no pass"
    for seat in (2, 3, 0):
        assert state.to_act == seat and state.deal_number == 1
        state = blind_turn(state)
    assert state.deal_number == 2
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.FINAL_ROUND
    assert showdown.winner == 1 and showdown.losers == (0,), "the stopper plays no more and is scored like anyone"


def test_10_10_one_stop_per_deal() -> None:
    state = blind_turn(apply(position(), Knock(1)))
    assert Knock(3) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="one knock per deal"):
        apply(state, Knock(3))


def test_10_10_no_blitz_a_prial_or_a_running_flush_plays_like_any_hand() -> None:
    dealt = position(hands=["2♣ 5♦ 9♥", "3♠ 3♥ 3♦", "4♠ 5♠ 6♠", "J♦ 6♥ Q♣"])
    assert dealt.deal_number == 1 and dealt.to_act == 1, "a prial and a running flush dealt end nothing"
    assert evaluate("3♠ 3♥ 3♦", STOP_THE_BUS_DRAW).category is Category.TRICON
    assert evaluate("4♠ 5♠ 6♠", STOP_THE_BUS_DRAW).category is Category.SEQUENCE
    drawn = play(position(stock="7♣ A♠"), Draw(1, "stock"), Discard(1, c("4♦")))  # K♠ K♥ A♠: no 31 in Brag
    assert drawn.deal_number == 1 and drawn.to_act == 2
    with pytest.raises(RulesError, match="Brag hands have no 31"):
        STOP_THE_BUS_DRAW.replace(blitz=True)
    with pytest.raises(RulesError):
        STOP_THE_BUS_DRAW.replace(blitz_all_lose=True)


def test_10_10_the_stocks_last_card_as_8_8() -> None:
    state = position()
    while len(state.stock) > 1:
        state = blind_turn(state)
        assert state.deal_number == 1
    seat = state.to_act
    assert seat is not None
    state = apply(state, Draw(seat, "stock"))
    assert state.stock == () and state.phase is Phase.DISCARD
    after = apply(state, Discard(seat, state.hands[seat][-1]))
    assert after.showdowns[0].reason is ShowdownReason.STOCK_EXHAUSTED and after.deal_number == 2


def test_10_10_the_showdown_as_rule_6_brag_hands_the_lowest_loses_ties_all_lose() -> None:
    state = apply(position(), Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    showdown = state.showdowns[0]
    assert [str(value) for value in showdown.values] == ["high card 9-5-2", "pair of kings, 4 kicker", "high card J-8-7", "high card Q-6-3"]
    assert state.lives == (2, 3, 3, 3)
    tied = position(hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "2♦ 5♥ 9♠"])  # seats 0 and 3 equal: suits never count
    tied = apply(tied, Knock(1))
    for _ in range(3):
        tied = blind_turn(tied)
    assert tied.showdowns[0].losers == (0, 3)


def test_10_10_the_best_hand_ties_go_to_the_player_nearest_the_dealers_left() -> None:
    state = apply(position(hands=["2♣ 4♦ 9♥", "A♠ 7♦ 5♣", "A♦ 7♥ 5♠", "3♦ 6♥ Q♣"]), Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    assert state.showdowns[0].winner == 1


def test_10_10_what_is_public_as_8_10() -> None:
    state = apply(position(), Draw(1, "stock"))
    assert observe(state, 1).history[-1].cards == (c("8♦"),)
    assert observe(state, 2).history[-1].cards == (), "a card drawn from the stock is the drawer's alone"
    state = apply(state, Discard(1, c("8♦")))
    assert all(observe(state, seat).history[-1].cards == (c("8♦"),) for seat in range(4))
    stopped = apply(state, Knock(2))
    assert all(observe(stopped, seat).history[-1].kind is EventKind.KNOCK for seat in range(4))


def test_10_10_options_the_brag_ones_and_the_shared_ones_apply_the_widows_are_refused() -> None:
    plain = STOP_THE_BUS_DRAW.replace(brag_threes_high=False)
    assert evaluate("A♣ 2♦ 3♥", plain) < evaluate("2♠ 3♦ 4♣", plain) and evaluate("A♣ 2♦ 3♥", plain).category is Category.RUN
    assert evaluate("A♣ 2♦ 3♥", STOP_THE_BUS_DRAW.replace(ace_low=False)).category is Category.HIGH_CARD
    rules = STOP_THE_BUS_DRAW.replace(starting_lives=2, free_ride=True, turn_limit=5, deal_limit=3, deck_size=40)
    state = play_out(new_game(rules, 4, seed=2), lambda s, legal: legal[0])
    assert state.is_over and state.deal_number <= 3
    for option in ({"must_exchange": True}, {"exchange_all": True}, {"pounce": True}, {"stall_passes": 1},
                   {"exchanges_per_turn": 2}, {"trentuno_suited": False}, {"feuer": True}):
        with pytest.raises(RulesError):
            STOP_THE_BUS_DRAW.replace(**option)


def test_10_10_a_state_round_trips_through_json() -> None:
    for state in (position(), apply(position(), Draw(1, "discard")), apply(position(), Knock(1))):
        assert state_from_json(to_json(state)) == state
