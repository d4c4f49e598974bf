"""Thirty-One (preset ``THIRTY_ONE``, the ``draw_discard`` mechanism): one test per rule of RULES.md §8.

Positions are built with :func:`deal_position`, so every test knows each
card. The property harness (``tests/engine/test_properties.py``) plays random
matches of the preset and of ``draw_discard`` with every scoring.
"""

from __future__ import annotations

import json

import pytest

from commerce_rules import (
    DECK_52,
    PRESETS,
    THIRTY_ONE,
    ArgumentTypeError,
    CommerceError,
    Discard,
    Draw,
    DrawTurn,
    EventKind,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Rules,
    RulesError,
    SerializationError,
    ShowdownReason,
    action_from_json,
    action_to_json,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    state_from_json,
    to_json,
)
from commerce_rules.engine.deal import deck_for

from helpers import blind_turn, c, deck_dealing_a_31, play, play_out, texts

# A 4-player position, dealer 0, eldest 1. Values under THIRTY_ONE:
# seat 0 counts 9 (the lowest), seats 1 and 2 count 20, seat 3 counts 10.
HANDS = ["2♣ 5♦ 9♥", "K♠ Q♠ 4♦", "K♥ J♥ 3♣", "3♦ 6♥ Q♣"]
STOCK = "7♣ 8♦ 2♠ 4♥"
"""Its first card is turned up to start the discard pile; 8♦ is then the stock's top."""



def position(rules: Rules = THIRTY_ONE, **overrides: object) -> GameState:
    """The 4-player position above, with any argument of ``deal_position`` overridden.

    The seed is fixed, so the deals after it are the same on every run (with
    a random seed, the next deal is now and then dealt with a 31 too, and settled at once).
    """
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "stock": STOCK, "seed": 1}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]



# ---- §8.1 deck and players -------------------------------------------------------------------------


def test_8_1_fifty_two_cards_three_to_twelve_players_three_lives() -> None:
    assert THIRTY_ONE.deck_size == 52 and PRESETS["thirty_one"] is THIRTY_ONE
    for players in (3, 6, 12):
        state = new_game(THIRTY_ONE, players, seed=players)
        assert state.lives == (3,) * players
        assert len(state.stock) + len(state.discard) + 3 * players == 52
    with pytest.raises(CommerceError):
        new_game(THIRTY_ONE, 13, seed=1)


# ---- §8.2 values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "shown"),
    [("A♠ K♠ Q♠", "31"), ("10♠ J♠ Q♠", "30"), ("7♠ 7♥ 7♦", "30½ (tricon of 7s)"), ("2♣ 5♦ 9♥", "9"), ("A♣ 2♦ 3♥", "11")],
)
def test_8_2_the_best_single_suit_total_counts_31_highest_a_tricon_thirty_and_a_half(hand: str, shown: str) -> None:
    assert str(evaluate(hand, THIRTY_ONE)) == shown


def test_8_2_ten_counters_and_the_ace() -> None:
    assert evaluate("A♠ K♠ Q♠", THIRTY_ONE) > evaluate("7♠ 7♥ 7♦", THIRTY_ONE) > evaluate("10♠ J♠ Q♠", THIRTY_ONE)
    assert evaluate("10♥ 2♣ 3♦", THIRTY_ONE) == evaluate("K♥ 2♣ 3♦", THIRTY_ONE)  # 10 J Q K all count 10


# ---- §8.3 deal -------------------------------------------------------------------------------------


def test_8_3_three_cards_each_one_at_a_time_from_the_eldest_then_one_face_up_starts_the_discard_pile() -> None:
    players, dealer = 5, 3
    state = new_game(THIRTY_ONE, players, seed=11, dealer=dealer)
    from commerce_rules.engine.deal import shuffled_deck

    deck = shuffled_deck(THIRTY_ONE, state.seed, 1)
    if state.deal_number == 1:  # (a deal dealt with a 31 is settled at once: §8.6)
        order = [(dealer + k) % players for k in range(1, players + 1)]
        for position_, seat in enumerate(order):
            assert state.hands[seat] == tuple(deck[position_ : 3 * players : players])
        assert state.discard == (deck[3 * players],)
        assert state.stock == tuple(deck[3 * players + 1 :])
        assert state.widow == () and state.to_act == order[0] and state.phase is Phase.PLAY


def test_8_3_deal_position_turns_the_first_stock_card_up() -> None:
    state = position()
    assert texts(state.discard) == ["7♣"] and texts(state.stock[:3]) == ["8♦", "2♠", "4♥"]
    assert state.to_act == 1 and state.phase is Phase.PLAY
    with pytest.raises(CommerceError, match="no widow"):
        position(widow="A♠ 10♦ 2♥")


# ---- §8.4 turn -------------------------------------------------------------------------------------


def test_8_4_a_turn_draws_from_the_stock_or_the_pile_or_knocks() -> None:
    state = position()
    assert legal_actions(state) == (Draw(1, "stock"), Draw(1, "discard"), Knock(1))


def test_8_4_a_draw_from_the_stock_then_any_card_is_discarded_the_drawn_one_too() -> None:
    state = apply(position(), Draw(1, "stock"))
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert texts(state.hands[1]) == ["K♠", "Q♠", "4♦", "8♦"]
    assert legal_actions(state) == tuple(Discard(1, card) for card in state.hands[1])
    after = apply(state, Discard(1, c("8♦")))
    assert texts(after.discard) == ["7♣", "8♦"] and texts(after.hands[1]) == ["K♠", "Q♠", "4♦"]
    assert after.to_act == 2 and after.phase is Phase.PLAY


def test_8_4_a_card_just_taken_from_the_pile_may_not_be_discarded_in_the_same_turn() -> None:
    state = apply(position(), Draw(1, "discard"))
    assert state.discard == () and texts(state.hands[1]) == ["K♠", "Q♠", "4♦", "7♣"]
    assert state.turn.taken == c("7♣")
    assert legal_actions(state) == tuple(Discard(1, card) for card in state.hands[1] if card is not c("7♣"))  # in hand order
    with pytest.raises(IllegalActionError, match="just taken from the discard pile"):
        apply(state, Discard(1, c("7♣")))
    after = apply(state, Discard(1, c("4♦")))
    assert texts(after.discard) == ["4♦"] and after.turn.taken is None


def test_8_4_a_draw_is_followed_by_a_discard_and_nothing_else() -> None:
    state = apply(position(), Draw(1, "stock"))
    for action in (Knock(1), Draw(1, "stock"), Pass(1), Discard(1, c("2♣"))):
        with pytest.raises(IllegalActionError):
            apply(state, action)
    with pytest.raises(IllegalActionError, match="draw first"):
        apply(position(), Discard(1, c("4♦")))


def test_8_4_a_draw_names_its_source() -> None:
    with pytest.raises(IllegalActionError, match="'stock' or 'discard'"):
        Draw(1, "widow")
    with pytest.raises(ArgumentTypeError):
        Draw(1, 0)  # type: ignore[arg-type]
    assert action_to_json(Draw(1, "discard")) == '{"player": 1, "source": "discard", "type": "draw"}'
    assert action_from_json(action_to_json(Draw(1, "stock"))) == Draw(1, "stock")
    assert action_from_json(action_to_json(Discard(2, c("Q♣")))) == Discard(2, c("Q♣"))
    with pytest.raises(SerializationError, match="action.source"):
        action_from_json('{"type": "draw", "player": 1, "source": "hand"}')


# ---- §8.5 knock ------------------------------------------------------------------------------------


def test_8_5_a_knock_on_the_eldests_first_turn_gives_every_other_player_one_final_draw_and_discard() -> None:
    state = apply(position(), Knock(1))
    assert state.phase is Phase.FINAL_ROUND and state.to_act == 2
    assert legal_actions(state) == (Draw(2, "stock"), Draw(2, "discard")), "no knock, no pass"
    for seat in (2, 3, 0):
        assert state.to_act == seat and state.deal_number == 1
        state = apply(state, Draw(seat, "stock"))
        assert Knock(seat) not in legal_actions(state)
        state = apply(state, Discard(seat, state.hands[seat][-1]))
    assert state.deal_number == 2
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.FINAL_ROUND
    assert showdown.winner == 1, "seats 1 and 2 tie at 20: the nearest the dealer's left is best (§2.5)"
    assert showdown.losers == (0,)


def test_8_5_one_knock_per_deal() -> None:
    state = play(position(), Knock(1), Draw(2, "stock"))
    state = apply(state, Discard(2, state.hands[2][-1]))
    assert Knock(3) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="one knock per deal"):
        apply(state, Knock(3))


# ---- §8.6 blitz ------------------------------------------------------------------------------------


def test_8_6_a_discard_making_31_ends_the_deal_at_once_and_every_other_player_loses_a_life() -> None:
    state = play(position(stock="7♣ A♠"), Draw(1, "stock"), Discard(1, c("4♦")))
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.BLITZ and str(showdown.values[1]) == "31"
    assert showdown.losers == (0, 2, 3)
    assert state.lives == (2, 3, 2, 2) and state.deal_number == 2


def test_8_6_a_31_taken_from_the_pile_is_a_blitz_too() -> None:
    state = play(position(stock="A♠"), Draw(1, "discard"), Discard(1, c("4♦")))
    assert state.showdowns[0].reason is ShowdownReason.BLITZ and state.lives == (2, 3, 2, 2)


def test_8_6_a_31_in_a_final_turn_ends_the_deal_and_the_knocker_loses_too() -> None:
    state = play(position(stock="7♣ A♥"), Knock(1), Draw(2, "stock"), Discard(2, c("3♣")))
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.BLITZ
    assert showdown.losers == (0, 1, 3) and state.lives == (2, 2, 3, 2)


def test_8_6_a_deal_dealt_with_31s_is_settled_at_once_everyone_without_one_loses() -> None:
    state = position(hands=["2♣ 5♦ 9♥", "A♠ K♠ Q♠", "A♥ K♥ J♥", "3♦ 6♥ Q♣"])
    assert state.deal_number == 2 and len(state.showdowns) == 1
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.BLITZ and showdown.losers == (0, 3)
    assert state.lives == (2, 3, 3, 2) and state.dealer == 1


def test_8_6_the_story_of_a_match_start_tells_a_first_deal_dealt_with_a_31() -> None:
    from commerce_rules.text.narrate import narrate_start

    rules = THIRTY_ONE.replace(deal_limit=1)
    over = new_game(rules, 3, seed=1, dealer=2, decks=[deck_dealing_a_31(rules, 3)])
    assert over.is_over
    told = narrate_start(over)
    assert told[0] == "Showdown of deal 1: seat 0 holds 31 as dealt."
    assert told[-1].startswith("Match over after 1 deal") and not any(line.startswith("Deal ") for line in told)
    going_on = new_game(THIRTY_ONE, 3, seed=1, dealer=2, decks=[deck_dealing_a_31(THIRTY_ONE, 3)])
    told = narrate_start(going_on)
    assert told[0] == "Showdown of deal 1: seat 0 holds 31 as dealt." and told[told.index("") + 1].startswith("Deal 2")
    plain = new_game(THIRTY_ONE, 3, seed=1, dealer=2, decks=[list(deck_for(THIRTY_ONE))])
    assert plain.deal_number == 1 and narrate_start(plain)[0].startswith("Deal 1")


def test_8_6_a_blitz_comes_before_the_stocks_end() -> None:
    # 52 - 12 - 1 = 39 stock cards, A♦ last: the 39th draw, seat 3's (K♦ J♦), takes it as the stock's last card.
    hands = [*HANDS[:3], "K♦ J♦ 6♥"]
    listed = {card for hand in hands for card in parse_cards(hand)} | {c("7♣"), c("A♦")}
    rest = [card for card in DECK_52 if card not in listed]
    state = position(hands=hands, stock=[c("7♣"), *rest, c("A♦")])
    while len(state.stock) > 1:
        state = blind_turn(state)
        assert state.deal_number == 1
    assert state.stock == (c("A♦"),) and state.to_act == 3
    state = play(state, Draw(3, "stock"), Discard(3, c("6♥")))
    assert state.showdowns[0].reason is ShowdownReason.BLITZ


def test_8_6_without_blitz_a_31_plays_on() -> None:
    rules = THIRTY_ONE.replace(blitz=False, blitz_all_lose=False)
    state = play(position(rules, stock="7♣ A♠"), Draw(1, "stock"), Discard(1, c("4♦")))
    assert state.deal_number == 1 and state.to_act == 2


# ---- §8.7 showdown after a knock ---------------------------------------------------------------------


def test_8_7_the_lowest_loses_a_life_ties_all_lose_the_knocker_no_more_than_any() -> None:
    # seat 1 knocks with the lowest hand (4), seats 0 and 3 tie above it
    hands = ["2♣ 5♦ 9♥", "2♥ 3♥ 4♦", "K♥ J♥ 3♣", "3♦ 6♥ 9♣"]
    state = apply(position(hands=hands), Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    showdown = state.showdowns[0]
    assert showdown.reason is ShowdownReason.FINAL_ROUND and showdown.losers == (1,)
    assert state.lives == (3, 2, 3, 3), "the knocker loses one life, like anyone lowest"
    hands = ["2♣ 5♦ 9♥", "K♠ Q♠ 4♦", "K♥ J♥ 3♣", "3♦ 6♥ 9♣"]  # seats 0 and 3 tie at 9
    state = apply(position(hands=hands), Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    assert state.showdowns[0].losers == (0, 3)


# ---- §8.8 stock exhausted ----------------------------------------------------------------------------


def test_8_8_a_draw_taking_the_stocks_last_card_is_followed_by_a_discard_and_the_showdown() -> None:
    state = position()
    while len(state.stock) > 1:
        state = blind_turn(state)
        assert state.deal_number == 1
    seat = state.to_act
    assert seat is not None
    state = apply(state, Draw(seat, "stock"))
    assert state.stock == () and state.phase is Phase.DISCARD, "the drawer still discards"
    after = apply(state, Discard(seat, state.hands[seat][-1]))
    assert after.showdowns[0].reason is ShowdownReason.STOCK_EXHAUSTED and after.deal_number == 2


# ---- §8.9 on the bus, and the end --------------------------------------------------------------------


def test_8_9_a_player_losing_their_last_life_rides_the_bus_and_is_out_when_losing_again() -> None:
    state = position(lives=[1, 3, 3, 3])
    state = play(state, Knock(1))
    for _ in range(3):
        state = blind_turn(state)
    assert state.showdowns[0].losers == (0,)
    assert state.lives[0] == 0 and 0 in state.active, "on the bus: 0 lives, still in"
    assert len(state.hands[0]) == 3
    # seat 0 loses again: out
    state = position(lives=[0, 3, 3, 3], dealer=1, hands=HANDS)
    assert 0 in state.active
    state = apply(state, Knock(state.to_act))  # type: ignore[arg-type]
    for _ in range(3):
        state = blind_turn(state)
    assert state.showdowns[0].losers == (0,) and 0 not in state.active and state.hands[0] == ()


def test_8_9_the_last_player_in_wins() -> None:
    state = play_out(new_game(THIRTY_ONE, 3, seed=5), lambda s, legal: legal[0] if s.phase is not Phase.PLAY else legal[-1])
    assert state.is_over and len(state.winners) == 1


# ---- §8.10 what is public ----------------------------------------------------------------------------


def test_8_10_the_discard_pile_and_its_order_are_public() -> None:
    state = play(position(), Draw(1, "stock"), Discard(1, c("4♦")))
    for seat in range(4):
        view = observe(state, seat)
        assert texts(view.discard) == ["7♣", "4♦"] and view.discard_count == 2 and view.stock_count == len(state.stock)


def test_8_10_a_card_drawn_from_the_stock_is_seen_by_its_drawer_alone_until_discarded() -> None:
    state = apply(position(), Draw(1, "stock"))
    mine = observe(state, 1)
    assert mine.history[-1].kind is EventKind.DRAW and mine.history[-1].cards == (c("8♦"),)
    assert c("8♦") in mine.hand
    for seat in (0, 2, 3):
        view = observe(state, seat)
        assert view.history[-1].kind is EventKind.DRAW and view.history[-1].player == 1
        assert view.history[-1].cards == (), "who drew from where is public, not the card"
        assert view.hand_sizes[1] == 4 and c("8♦") not in view.discard
    state = apply(state, Discard(1, c("8♦")))
    assert all(observe(state, seat).history[-1].cards == (c("8♦"),) for seat in range(4))


def test_8_10_a_card_taken_from_the_pile_is_public() -> None:
    state = apply(position(), Draw(1, "discard"))
    for seat in range(4):
        view = observe(state, seat)
        assert view.history[-1].kind is EventKind.TAKE_DISCARD and view.history[-1].cards == (c("7♣"),)
        assert view.turn.taken == c("7♣") and view.discard == ()


def test_8_10_a_knock_is_public() -> None:
    state = apply(position(), Knock(1))
    assert all(observe(state, seat).history[-1].kind is EventKind.KNOCK for seat in range(4))


# ---- the turn limit, JSON, loaded states, combinations -----------------------------------------------


def test_the_turn_limit_counts_a_draw_and_its_discard_as_one_turn() -> None:
    state = position(THIRTY_ONE.replace(turn_limit=2))
    state = blind_turn(state)
    assert state.deal_number == 1
    state = apply(state, Draw(2, "stock"))
    assert state.deal_number == 1, "a draw alone is no turn"
    state = apply(state, Discard(2, state.hands[2][-1]))
    assert state.showdowns[0].reason is ShowdownReason.TURN_LIMIT


def test_a_state_between_a_draw_and_its_discard_round_trips_through_json() -> None:
    for state in (apply(position(), Draw(1, "discard")), apply(position(), Knock(1)), position()):
        assert state_from_json(to_json(state)) == state
    assert isinstance(apply(position(), Draw(1, "discard")).turn, DrawTurn)


def _edited(state: GameState, **fields: object) -> str:
    document = json.loads(to_json(state))
    for name, value in fields.items():
        if "." in name:
            outer, inner = name.split(".")
            document[outer][inner] = value
        else:
            document[name] = value
    return json.dumps(document, ensure_ascii=False)


def test_a_loaded_state_is_checked_against_the_mechanism() -> None:
    state = position()
    with pytest.raises(SerializationError, match="turn.taken"):
        state_from_json(_edited(state, **{"turn.taken": "7♣"}))
    with pytest.raises(SerializationError, match="hands"):
        drawn = apply(state, Draw(1, "stock"))
        state_from_json(_edited(drawn, phase="play"))
    with pytest.raises(SerializationError, match="turn.knockers"):
        state_from_json(_edited(state, phase="final_round"))
    with pytest.raises(SerializationError, match="widow"):
        document = json.loads(to_json(state))
        document["widow"], document["stock"] = document["stock"][:3], document["stock"][3:]
        state_from_json(json.dumps(document, ensure_ascii=False))
    with pytest.raises(SerializationError, match="31"):  # a 31 left standing would have ended the deal
        document = json.loads(to_json(state))
        document["hands"][1] = ["K♠", "Q♠", "A♠"]
        document["stock"] = [card for card in document["stock"] if card != "A♠"] + ["4♦"]
        state_from_json(json.dumps(document, ensure_ascii=False))


def test_draw_discard_takes_every_scoring_and_refuses_the_widows_options() -> None:
    for scoring in ("ledger", "lives", "pool"):
        rules = Rules(mechanism="draw_discard", scoring=scoring, ranking="trentuno", turn_limit=30)
        state = play_out(new_game(rules, 4, seed=3), lambda s, legal: legal[0])
        assert state.is_over
    for option in ({"pounce": True}, {"exchanges_per_turn": 2}, {"stall_passes": 1}):
        with pytest.raises(RulesError):
            THIRTY_ONE.replace(**option)


def test_a_match_narrates_every_move_and_showdown() -> None:
    from commerce_rules.text.narrate import describe_deal_start, narrate_step

    state = position(stock="7♣ A♠")
    lines = describe_deal_start(state)
    assert any("discard pile starts with 7♣" in line for line in lines)
    drawn = apply(state, Draw(1, "stock"))
    assert narrate_step(state, Draw(1, "stock"), drawn) == ["  seat 1 draws from the stock (38 cards left)"]
    after = apply(drawn, Discard(1, c("4♦")))
    told = narrate_step(drawn, Discard(1, c("4♦")), after)
    assert told[0] == "  seat 1 discards 4♦"
    assert "Showdown of deal 1: seat 1 holds 31." in told
    assert not any("A♠" in line for line in narrate_step(state, Draw(1, "stock"), drawn))



def test_the_terminal_tells_the_drawer_alone_the_card_drawn_from_the_stock() -> None:
    from commerce_rules.text.seat_words import hand_news, seat_view

    state = position()
    drawn = apply(state, Draw(1, "stock"))
    assert hand_news(state, Draw(1, "stock"), drawn, 1) == ["You drew 8♦; your hand: K♠ Q♠ 4♦ 8♦."]
    assert hand_news(state, Draw(1, "stock"), drawn, 2) == []
    assert "Your hand: K♠ Q♠ 4♦ 8♦." in seat_view(observe(drawn, 1)), "four cards have no value"
    taken = apply(state, Draw(1, "discard"))
    assert hand_news(state, Draw(1, "discard"), taken, 1) == [], "the narration said it: taken face up"
