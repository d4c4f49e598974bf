"""Schwimmen (preset ``SCHWIMMEN``): one test per rule of RULES.md §7, named after it.

The widow game of §2 with four options (the dealer's choice of the extra
hand, exchanging all, a new widow when everyone passes, the blitz), the
Trentuno ranking with Feuer on 32 cards, and lives with swimming.
"""

from __future__ import annotations

from collections import Counter

import pytest

from commerce_rules import (
    DECK_32,
    SCHWIMMEN,
    TRENTUNO,
    CommerceError,
    EventKind,
    Exchange,
    ExchangeAll,
    GameState,
    HandError,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    ShowdownReason,
    action_from_json,
    action_to_json,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    state_from_json,
    to_json,
)
from helpers import c as card
from helpers import cards

HANDS = ["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♣ 10♦ 8♥"]
"""Seat 0 (the dealer) counts 9, seat 1 (the eldest) 10, seat 2 11: nobody near 31."""
EXTRA = "7♠ 8♠ 9♠"
"""The extra hand, face down until the dealer chooses: 24 in spades."""
STOCK = "7♥ J♥ Q♥"
"""The stock's top; the rest follows in deck order."""


def position(hands: list[str] = HANDS, extra: str = EXTRA, stock: str = STOCK, **kwargs: object) -> GameState:
    return deal_position(SCHWIMMEN, hands=hands, dealer=0, widow=extra, stock=stock, **kwargs)  # type: ignore[arg-type]


def chosen(take: bool = False, **kwargs: object) -> GameState:
    """The position after the dealer's choice: the eldest, seat 1, to play."""
    state = position(**kwargs)  # type: ignore[arg-type]
    return apply(state, ExchangeAll(0) if take else Pass(0))


def everyone_passes(state: GameState) -> GameState:
    for _ in state.active:
        assert state.to_act is not None
        state = apply(state, Pass(state.to_act))
    return state


# ---- §7.1 deck and players --------------------------------------------------------------------------


def test_7_1_deck_and_players_32_cards_3_to_9_players_3_lives() -> None:
    assert SCHWIMMEN.deck_size == 32 and SCHWIMMEN.starting_lives == 3
    assert len(DECK_32) == 32 and {c.rank.symbol for c in DECK_32} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    for players in range(3, 10):
        state = new_game(SCHWIMMEN, players, seed=players)
        everything = [c for hand in state.hands for c in hand] + [*state.widow, *state.stock, *state.discard]
        assert Counter(everything) == Counter(DECK_32)
        assert state.lives == (3,) * players
    with pytest.raises(CommerceError, match="10 players need 33 cards with these rules; the deck has 32: at most 9 players fit"):
        new_game(SCHWIMMEN, 10, seed=1)


def test_7_1_deck_and_players_at_9_players_the_first_round_of_passes_ends_the_deal() -> None:
    state = new_game(SCHWIMMEN, 9, seed=3, dealer=0)
    assert len(state.stock) == 2
    state = apply(state, Pass(0))  # the dealer keeps their hand
    deal = state.deal_number
    assert state.to_act == 1
    for seat in [*range(1, 9), 0]:
        if state.deal_number != deal:
            break
        state = apply(state, Pass(seat))
    shown = state.last_showdown
    assert shown is not None and shown.deal_number == deal and shown.reason is ShowdownReason.STALL


# ---- §7.2 values --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("A♠ K♠ 10♠", "31"),
        ("A♠ 7♠ J♥", "18"),
        ("7♣ 8♦ 9♥", "9"),  # a lone card counts its own value
        ("10♣ 10♦ 10♥", "30½ (tricon of 10s)"),
        ("A♣ A♦ A♥", "Feuer (three aces)"),
    ],
)
def test_7_2_values_best_suit_lone_card_tricon_and_feuer(hand: str, words: str) -> None:
    assert str(evaluate(hand, SCHWIMMEN)) == words


def test_7_2_values_feuer_ranks_above_31_and_every_tricon_is_30_and_a_half() -> None:
    feuer, thirty_one = evaluate("A♣ A♦ A♥", SCHWIMMEN), evaluate("A♠ K♠ Q♠", SCHWIMMEN)
    assert feuer > thirty_one > evaluate("7♣ 7♦ 7♥", SCHWIMMEN) == evaluate("K♣ K♦ K♥", SCHWIMMEN) > evaluate("A♠ K♠ 9♣", SCHWIMMEN)
    plain = SCHWIMMEN.replace(feuer=False)
    assert evaluate("A♣ A♦ A♥", plain) == evaluate("7♣ 7♦ 7♥", plain)
    with pytest.raises(HandError, match="6♠ is not in this variant's 32-card deck"):
        evaluate("6♠ 7♠ 8♠", SCHWIMMEN)


# ---- §7.3 the dealer's choice ---------------------------------------------------------------------------


def test_7_3_dealer_choice_comes_first_and_the_extra_hand_is_seen_by_nobody() -> None:
    state = position()
    assert state.phase is Phase.DEALER_CHOICE and state.to_act == 0
    assert state.widow == cards(EXTRA)  # the state holds it; no seat's observation does
    assert legal_actions(state) == (ExchangeAll(0), Pass(0))
    for seat in range(3):
        view = observe(state, seat)
        assert view.widow == () and view.phase is Phase.DEALER_CHOICE and view.to_act == 0
        assert view.hand == state.hands[seat]  # the dealer has looked at their own hand
        assert not any(repr(c) in repr(view) for c in cards(EXTRA))
    with pytest.raises(IllegalActionError, match="dealer"):
        apply(state, Pass(1))
    with pytest.raises(IllegalActionError, match="keeps their hand"):
        apply(state, Knock(0))


def test_7_3_dealer_choice_taking_the_extra_hand_turns_the_dealers_own_hand_up() -> None:
    state = chosen(take=True)
    assert state.hands[0] == cards(EXTRA) and state.widow == cards(HANDS[0])
    assert state.phase is Phase.PLAY and state.to_act == 1  # then the eldest plays
    event = observe(state, 2).history[-1]
    assert event.kind is EventKind.TAKE_EXTRA_HAND and event.cards == cards(HANDS[0])  # public: now the widow
    assert observe(state, 2).widow == cards(HANDS[0])
    assert observe(state, 0).hand == cards(EXTRA) and observe(state, 1).hand == cards(HANDS[1])


def test_7_3_dealer_choice_keeping_turns_the_extra_hand_up_and_its_pass_is_no_stall_pass() -> None:
    state = chosen(take=False)
    assert state.hands[0] == cards(HANDS[0]) and state.widow == cards(EXTRA)
    assert observe(state, 1).widow == cards(EXTRA) and state.to_act == 1
    assert observe(state, 1).history[-1].kind is EventKind.KEEP_HAND
    state = apply(apply(state, Pass(1)), Pass(2))
    assert state.widow == cards(EXTRA), "the dealer's Pass did not count: two passes are no stall of three players"
    state = apply(state, Pass(0))
    assert state.widow == cards(STOCK)[:3]


# ---- §7.4 the turn ------------------------------------------------------------------------------------


def test_7_4_turn_exchange_one_exchange_all_pass_or_knock() -> None:
    state = chosen()
    legal = legal_actions(state)
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    assert len(exchanges) == 9 and set(legal) - set(exchanges) == {ExchangeAll(1), Pass(1), Knock(1)}
    after = apply(state, ExchangeAll(1))
    assert after.hands[1] == cards(EXTRA) and after.widow == cards(HANDS[1])  # the three given go face up
    assert after.to_act == 2
    event = observe(after, 0).history[-1]
    assert event.kind is EventKind.EXCHANGE_ALL and event.cards == cards(HANDS[1]) + cards(EXTRA)
    assert action_from_json(action_to_json(ExchangeAll(1))) == ExchangeAll(1)
    assert ExchangeAll(1).describe() == "seat 1 exchanges the whole hand for the widow" and ExchangeAll(1).cards() == ()


def test_7_4_turn_never_two_cards_and_a_knock_on_the_eldests_first_turn() -> None:
    state = chosen()
    after = apply(state, Exchange(1, card("J♣"), card("7♠")))
    assert after.to_act == 2, "one card exchanged ends the turn: never two"
    knocked = apply(state, Knock(1))
    assert knocked.phase is Phase.FINAL_ROUND and knocked.to_act == 2


def test_7_4_turn_a_final_turn_may_exchange_one_or_all_or_pass_not_knock() -> None:
    state = apply(chosen(), Knock(1))
    legal = set(legal_actions(state))
    assert ExchangeAll(2) in legal and Pass(2) in legal and Knock(2) not in legal
    assert any(isinstance(a, Exchange) for a in legal)
    state = apply(state, ExchangeAll(2))
    assert state.to_act == 0 and state.phase is Phase.FINAL_ROUND
    state = apply(state, Pass(0))
    shown = state.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.FINAL_ROUND


# ---- §7.5 everyone passes -------------------------------------------------------------------------------


def test_7_5_everyone_passes_the_widow_goes_to_the_discard_and_three_stock_cards_are_the_new_widow() -> None:
    state = everyone_passes(chosen())
    assert state.discard == cards(EXTRA) and state.widow == cards(STOCK)[:3]
    assert len(state.stock) == 32 - 9 - 3 - 3
    assert state.to_act == 1 and state.turn.passes == 0  # play goes on with the next player; the count starts again
    event = observe(state, 2).history[-1]
    assert event.kind is EventKind.NEW_WIDOW and event.cards == cards(EXTRA) + cards(STOCK)[:3]  # public
    assert state_from_json(to_json(state)) == state
    state = everyone_passes(state)
    assert state.discard == cards(EXTRA) + cards(STOCK)[:3]


def test_7_5_everyone_passes_with_fewer_than_three_stock_cards_the_showdown_follows() -> None:
    state = chosen()
    while len(state.stock) >= 3:
        state = everyone_passes(state)
        assert state.deal_number == 1
    state = everyone_passes(state)
    shown = state.last_showdown
    assert shown is not None and shown.deal_number == 1 and shown.reason is ShowdownReason.STALL


def test_7_5_everyone_passes_a_knock_resets_the_count_and_no_new_widow_in_the_final_round() -> None:
    state = apply(apply(chosen(), Pass(1)), Pass(2))
    state = apply(state, Knock(0))
    assert state.turn.passes == 0
    widow = state.widow
    state = apply(apply(state, Pass(1)), Pass(2))  # everyone else passes in the final round: no new widow
    shown = state.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.FINAL_ROUND
    assert shown.deal_number == 1 and widow == cards(EXTRA)


# ---- §7.6 the blitz -----------------------------------------------------------------------------------


def test_7_6_blitz_after_an_exchange_ends_the_deal_at_once() -> None:
    state = chosen(hands=["7♣ 8♦ 9♥", "A♥ K♥ 7♦", "A♣ 10♦ 8♥"], extra="10♥ 8♣ 9♣")
    after = apply(state, Exchange(1, card("7♦"), card("10♥")))
    shown = after.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ and shown.deal_number == 1
    assert str(shown.values[1]) == "31" and shown.losers == (0,)
    assert after.deal_number == 2


def test_7_6_blitz_once_the_dealers_choice_is_made() -> None:
    dealt_31 = ["7♣ 8♦ 9♥", "A♥ K♥ 10♥", "A♣ 10♦ 8♥"]
    state = position(hands=dealt_31)
    assert state.phase is Phase.DEALER_CHOICE  # not before the choice
    after = apply(state, Pass(0))
    shown = after.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ and shown.losers == (0,)
    taken = apply(position(extra="A♦ A♥ A♠", hands=["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♣ 10♦ 8♥"]), ExchangeAll(0))
    shown = taken.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ and str(shown.values[0]) == "Feuer (three aces)"


def test_7_6_without_the_dealers_choice_a_hand_dealt_with_31_ends_the_deal_at_once() -> None:
    rules = SCHWIMMEN.replace(dealer_choice=False, exchange_all=False)
    dealt_31 = ["7♣ 8♦ 9♥", "A♥ K♥ 10♥", "A♣ 10♦ 8♥"]
    after = deal_position(rules, hands=dealt_31, dealer=0, widow=EXTRA, stock=STOCK, seed=4)
    shown = after.showdowns[0]
    assert shown.reason is ShowdownReason.BLITZ and shown.deal_number == 1 and shown.losers == (0,)
    assert str(shown.values[1]) == "31" and after.deal_number == 2 and after.lives == (2, 3, 3)
    assert len(after.showdowns) == 1 and after.phase is Phase.PLAY and after.dealer == 1  # the seed's deal 2 goes on
    calm = deal_position(rules, hands=HANDS, dealer=0, widow=EXTRA, stock=STOCK)
    assert calm.deal_number == 1 and calm.phase is Phase.PLAY and calm.to_act == 1


def test_7_6_a_hand_dealt_with_31_comes_before_a_pounce_question() -> None:
    rules = TRENTUNO.replace(blitz=True, pounce=True)
    hands = ["7♣ 7♦ 7♥", "A♥ K♥ Q♥", "2♣ 3♦ 5♥"]  # seat 0 could pounce on the widow's 7♠; seat 1 holds 31
    after = deal_position(rules, hands=hands, dealer=2, widow="7♠ 2♦ 3♣", seed=3)
    assert after.showdowns[0].reason is ShowdownReason.BLITZ and after.showdowns[0].losers == (2,)
    assert EventKind.POUNCE not in [event.kind for event in after.history] and after.deal_number == 2
    asked = deal_position(rules, hands=["7♣ 7♦ 7♥", "A♥ K♥ J♦", "2♣ 3♦ 5♥"], dealer=2, widow="7♠ 2♦ 3♣")
    assert asked.phase is Phase.POUNCE and asked.to_act == 0  # without the 31, the question is asked


def test_7_6_a_hand_dealt_with_31_can_end_the_match_and_blitz_all_lose_applies() -> None:
    rules = SCHWIMMEN.replace(dealer_choice=False, exchange_all=False, deal_limit=1, blitz_all_lose=True)
    dealt_31 = ["7♣ 8♦ 9♥", "A♥ K♥ 10♥", "A♣ 10♦ 8♥"]
    over = deal_position(rules, hands=dealt_31, dealer=0, widow=EXTRA, stock=STOCK, seed=4)
    assert over.is_over and over.deal_number == 1 and over.showdowns[0].losers == (0, 2)  # every hand without 31
    assert over.lives == (2, 3, 2) and over.winners == (1,)


def test_7_6_the_narration_tells_two_deals_settled_in_one_step_each_with_its_own_lives() -> None:
    from commerce_rules.engine.deal import deck_for
    from commerce_rules.text.narrate import narrate_step

    rules = SCHWIMMEN.replace(dealer_choice=False)
    state = deal_position(rules, hands=["7♣ 8♦ 9♥", "A♥ K♥ 9♠", "A♣ 10♦ 8♥"], dealer=0, widow="7♠ 8♠ 10♠", lives=[2, 3, 3], seed=1)
    state = apply(apply(state, Knock(1)), Pass(2))
    dealt = {0: cards("7♦ 8♣ 9♣"), 1: cards("A♠ K♠ Q♠"), 2: cards("A♦ K♦ 7♥")}  # deal 2, seat 1 dealing: 31 for seat 1
    top = [dealt[seat][round_] for round_ in range(3) for seat in (2, 0, 1)]
    deck = top + [one for one in deck_for(rules) if one not in top]
    after = apply(state, Pass(0), decks=[deck])
    assert [showdown.reason for showdown in after.showdowns] == [ShowdownReason.FINAL_ROUND, ShowdownReason.BLITZ]
    told = "\n".join(narrate_step(state, Pass(0), after))
    first, second = told.split("Showdown of deal 2")
    assert "seat 0 has the lowest hand and loses a life (1 life left)" in first and "lives: seat 0 1," in first
    assert "seat 1 (31) holds 31 or better as dealt: the deal ends at once" in second
    assert "seat 0 has the lowest hand and loses their last life: swimming" in second


def test_7_6_the_narration_tells_each_of_two_deals_settled_in_one_step_with_the_balances_right_after_it() -> None:
    # A ledger in the widow game: each deal's antes, then its pot and the dealer's payments, told in turn.
    from commerce_rules import Scoring
    from commerce_rules.engine.deal import deck_for
    from commerce_rules.text.narrate import narrate_step

    rules = SCHWIMMEN.replace(scoring=Scoring.LEDGER, dealer_choice=False, free_ride=False)
    state = deal_position(rules, hands=["7♣ 8♦ 9♥", "A♥ K♥ 9♠", "A♣ 10♦ 8♥"], dealer=0, widow="7♠ 8♠ 10♠", seed=1)
    state = apply(apply(state, Knock(1)), Pass(2))
    dealt = {0: cards("7♦ 8♣ 9♣"), 1: cards("A♠ K♠ Q♠"), 2: cards("A♦ K♦ 7♥")}  # deal 2, seat 1 dealing: 31 for seat 1
    top = [dealt[seat][round_] for round_ in range(3) for seat in (2, 0, 1)]
    deck = top + [one for one in deck_for(rules) if one not in top]
    after = apply(state, Pass(0), decks=[deck])
    assert after.deal_number == 3 and after.balances == (-5, 4, -2)  # deal 3's antes paid
    told = "\n".join(narrate_step(state, Pass(0), after))
    first, second = told.split("Showdown of deal 2")
    assert "seat 0, the dealer, pays 1 each to seats 1 and 2" in first and "balances: seat 0 -3, seat 1 +3, seat 2 0" in first
    assert "seat 1 takes 3 from the pot" in second  # the dealer won: nobody pays
    assert "balances: seat 0 -4, seat 1 +5, seat 2 -1" in second  # after deal 2's antes and pot, before deal 3's


def test_7_6_the_story_of_a_ledger_match_start_tells_the_antes_and_pot_of_a_deal_settled_as_dealt() -> None:
    from commerce_rules import Scoring, new_game
    from commerce_rules.text.narrate import narrate_start

    from helpers import deck_dealing_a_31

    rules = SCHWIMMEN.replace(scoring=Scoring.LEDGER, dealer_choice=False, free_ride=False, deck_size=52)
    state = new_game(rules, 3, seed=2, dealer=0, deck=deck_dealing_a_31(rules, 3))
    assert state.deal_number == 2 and state.balances == (-4, 2, -1) and state.pot == 3  # deal 2's antes paid
    told = "\n".join(narrate_start(state))
    assert "seat 1 takes 3 from the pot" in told and "seat 0, the dealer, pays 1 each to seats 1 and 2" in told
    assert "balances: seat 0 -3, seat 1 +3, seat 2 0" in told  # after deal 1's antes, pot and payments


def test_7_6_blitz_by_exchanging_all_and_in_a_final_turn() -> None:
    state = chosen(extra="A♠ K♠ 10♠")
    after = apply(state, ExchangeAll(1))
    assert after.last_showdown is not None and after.last_showdown.reason is ShowdownReason.BLITZ
    knocked = apply(chosen(hands=["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♠ K♠ 8♥"], extra="10♠ 7♦ 9♣"), Knock(1))
    after = apply(knocked, Exchange(2, card("8♥"), card("10♠")))
    shown = after.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ and after.deal_number == 2


# ---- §7.7 the showdown ----------------------------------------------------------------------------------


def test_7_7_showdown_the_lowest_loses_and_every_tied_lowest_loses_also_after_a_31() -> None:
    state = apply(chosen(hands=["7♣ 8♦ 9♥", "9♣ 8♥ 7♦", "A♥ K♥ 7♠"], extra="10♥ 8♣ 8♠"), Knock(1))
    after = apply(state, Exchange(2, card("7♠"), card("10♥")))  # a 31 in the final round
    shown = after.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ
    assert shown.losers == (0, 1), "both 9s lose; blitz_all_lose=False: only the lowest"
    assert after.lives == (2, 2, 3)


def test_7_7_showdown_the_best_hand_ties_go_to_the_eldest() -> None:
    state = apply(chosen(hands=["A♣ 7♦ 8♥", "A♦ 7♣ 8♠", "A♥ 7♠ 8♣"], extra="9♦ 9♥ 9♠"), Knock(1))
    state = apply(apply(state, Pass(2)), Pass(0))
    shown = state.last_showdown
    assert shown is not None and shown.winner == 1, "an exact tie for the best hand: the eldest"
    assert shown.losers == (0, 1, 2), "and every seat tied for the lowest loses"


def test_7_7_showdown_blitz_all_lose_makes_everyone_without_31_lose() -> None:
    rules = SCHWIMMEN.replace(blitz_all_lose=True)
    state = deal_position(rules, hands=["7♣ 8♦ 9♥", "A♥ K♥ 7♦", "A♣ 10♦ 8♥", "K♣ Q♣ 7♠"], dealer=0, widow="10♥ 8♣ 9♣")
    state = apply(state, Pass(0))
    after = apply(state, Exchange(1, card("7♦"), card("10♥")))
    shown = after.last_showdown
    assert shown is not None and shown.reason is ShowdownReason.BLITZ and shown.losers == (0, 2, 3)
    assert after.lives == (2, 3, 2, 2)
    assert state_from_json(to_json(after)) == after


# ---- §7.8 swimming --------------------------------------------------------------------------------------


def lose_once(state: GameState) -> GameState:
    """Play the deal out: the eldest knocks, everyone else passes (a 31 dealt may end it at the dealer's choice, Rules §7.6)."""
    deal = state.deal_number
    if state.phase is Phase.DEALER_CHOICE:
        state = apply(state, Pass(state.dealer))
        if state.deal_number != deal or state.is_over:
            return state
    state = apply(state, Knock(state.to_act))  # type: ignore[arg-type]
    while state.deal_number == deal and not state.is_over:
        state = apply(state, Pass(state.to_act))  # type: ignore[arg-type]
    return state


def test_7_8_swimming_a_player_who_loses_their_last_life_swims_and_is_out_after_the_next_loss() -> None:
    state = position(lives=[1, 3, 3])
    state = lose_once(state)  # seat 0 has the lowest hand (9)
    assert state.last_showdown is not None and state.last_showdown.losers == (0,)
    assert state.lives == (0, 3, 3) and state.active == (0, 1, 2), "swimming: 0 lives, still in"
    assert len(state.hands[0]) == 3
    assert observe(state, 1).active == (0, 1, 2)
    assert state_from_json(to_json(state)) == state
    swimmer = deal_position(SCHWIMMEN, hands=HANDS, dealer=1, widow=EXTRA, stock=STOCK, lives=[0, 3, 3])
    assert swimmer.active == (0, 1, 2)  # a seat given a hand and 0 lives swims
    after = lose_once(swimmer)
    assert after.active == (1, 2) and after.lives == (0, 3, 3) and after.hands[0] == ()


def test_7_8_swimming_the_void_rule_puts_nobody_out_when_every_swimmer_ties_at_the_bottom() -> None:
    tied = ["A♣ 7♦ 8♥", "A♦ 7♣ 8♠", "A♥ 7♠ 8♣"]
    state = deal_position(SCHWIMMEN, hands=tied, dealer=0, widow="9♦ 9♥ 9♠", stock=STOCK, lives=[0, 0, 0])
    after = lose_once(state)
    assert after.last_showdown is not None and after.last_showdown.losers == ()
    assert after.active == (0, 1, 2) and not after.is_over


def test_7_8_swimming_players_who_lose_their_last_lives_together_all_swim() -> None:
    tied = ["A♣ 7♦ 8♥", "A♦ 7♣ 8♠", "A♥ 7♠ 8♣"]
    state = deal_position(SCHWIMMEN, hands=tied, dealer=0, widow="9♦ 9♥ 9♠", stock=STOCK, lives=[1, 1, 1])
    after = lose_once(state)
    assert after.last_showdown is not None and after.last_showdown.losers == (0, 1, 2)
    assert after.lives == (0, 0, 0) and after.active == (0, 1, 2) and not after.is_over


def test_7_8_swimming_without_free_ride_the_void_rule_of_2_7_applies() -> None:
    rules = SCHWIMMEN.replace(free_ride=False)
    tied = ["A♣ 7♦ 8♥", "A♦ 7♣ 8♠", "A♥ 7♠ 8♣"]
    state = deal_position(rules, hands=tied, dealer=0, widow="9♦ 9♥ 9♠", stock=STOCK, lives=[1, 1, 1])
    after = lose_once(state)
    assert after.last_showdown is not None and after.last_showdown.losers == ()
    state = deal_position(rules, hands=HANDS, dealer=0, widow=EXTRA, stock=STOCK, lives=[1, 3, 3])
    after = lose_once(state)
    assert after.lives == (0, 3, 3) and after.active == (1, 2)


# ---- §7.9 the end -----------------------------------------------------------------------------------------


def test_7_9_end_the_deal_passes_left_and_the_last_player_in_wins() -> None:
    state = position(lives=[3, 3, 3])
    after = lose_once(state)
    assert after.dealer == 1 and after.phase is Phase.DEALER_CHOICE and after.to_act == 1
    # seed 37: the fourth deal deals seat 2 A♠ J♠ K♠, a 31 that ends it as soon as the dealer has chosen
    end = deal_position(SCHWIMMEN, hands=HANDS, dealer=0, widow=EXTRA, stock=STOCK, lives=[0, 3, 0], seed=37)
    assert end.active == (0, 1, 2)
    over = lose_once(end)  # seat 0 (9) loses while swimming: out; seats 1 and 2 remain
    assert not over.is_over and over.active == (1, 2)
    while not over.is_over:
        over = lose_once(over)
    assert len(over.winners) == 1 and over.active == over.winners


def test_7_8_a_loss_takes_a_life_a_last_one_sets_the_seat_swimming_and_a_swimmers_puts_it_out() -> None:
    from commerce_rules import FOSTER
    from commerce_rules.engine.variant import variant_of

    scoring = variant_of(SCHWIMMEN).scoring
    state = position()._replace(lives=(1, 3, 3))
    once = scoring.lose(state, (0, 2))
    assert once.lives == (0, 3, 2) and once.active == (0, 1, 2) and once.score.out == ()  # seat 0 swims
    twice = scoring.lose(once, (0,))
    assert twice.lives == (0, 3, 2) and twice.active == (1, 2) and twice.score.out == (0,)
    ledger = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)
    assert variant_of(FOSTER).scoring.lose(ledger, (1,)) is ledger  # no lives to lose
