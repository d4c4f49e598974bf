"""Foster's Commerce without widow, "trade and barter" (RULES.md §0 and §1), one rule per test.

Positions are set up with :func:`deal_position`, which plays the start of a
deal as a real deal would (antes paid, the eldest to act). A showdown also
deals the next deal in the same step, so the settlement of a deal is read
from ``last_showdown`` and the state's balances already include the next
deal's antes.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    DECK_52,
    FOSTER,
    Action,
    Barter,
    BarterReply,
    Buy,
    Card,
    Category,
    CommerceError,
    EventKind,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Pounce,
    Rules,
    Showdown,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)

from helpers import always, play, play_out, walk
from helpers import c as card
from helpers import cards as hand

RIGHT = FOSTER.replace(barter_direction="right")

# The worked example of RULES.md §1.9, dealer 0: the eldest (seat 1) holds 6♠ 7♠ K♦.
EXAMPLE_HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]


def as_set(cards: Sequence[Card]) -> frozenset[Card]:
    return frozenset(cards)


def showdown_of(state: GameState) -> Showdown:
    showdown = state.last_showdown
    assert showdown is not None, "no showdown happened"
    return showdown


def settled_balances(before: Sequence[int], payments: Sequence[tuple[int | None, int | None, int]]) -> list[int]:
    """``before`` with the showdown's ``payments`` made (``None`` is the pot)."""
    balances = list(before)
    for payer, payee, points in payments:
        if payer is not None:
            balances[payer] -= points
        if payee is not None:
            balances[payee] += points
    return balances


def assert_illegal(state: GameState, action: Action, *words: str) -> None:
    """``action`` raises IllegalActionError whose message holds every one of ``words``; ``state`` is unchanged."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as raised:
        apply(state, action)
    message = str(raised.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert state == snapshot
    assert action not in legal_actions(state)


# ---- §0 Common ground ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 13))
def test_the_eldest_the_dealers_left_neighbour_acts_first(players: int) -> None:
    for dealer in range(players):
        state = new_game(FOSTER, players, seed=11, dealer=dealer)
        assert state.dealer == dealer
        assert state.to_act == state.eldest == (dealer + 1) % players
        assert state.phase is Phase.PLAY


def test_the_deal_passes_to_the_left_after_every_deal() -> None:
    state = new_game(FOSTER, 5, seed=3, dealer=3)
    dealers = [state.dealer]
    for _, _, state in walk(state, always(Knock)):
        if not state.is_over:
            dealers.append(state.dealer)
            assert state.to_act == (state.dealer + 1) % 5
    assert dealers == [3, 4, 0, 1, 2]
    assert [s.dealer for s in state.showdowns] == dealers


def test_cards_are_dealt_one_at_a_time_clockwise_from_the_eldest() -> None:
    # A deck in its printed order, so the deal order can be read off it.
    players, dealer = 4, 2
    state = new_game(FOSTER, players, seed=0, dealer=dealer, deck=DECK_52)
    deck = DECK_52
    order = [(dealer + k) % players for k in range(1, players + 1)]  # eldest first, the dealer last
    assert order[0] == state.eldest == 3
    for position, seat in enumerate(order):
        assert state.hands[seat] == (deck[position], deck[position + players], deck[position + 2 * players])
    assert state.stock == deck[3 * players :]  # the rest, top first; no widow
    assert state.widow == () and state.discard == ()
    # The next deal is dealt the same way by the next dealer, the old eldest.
    state = apply(state, Knock(3), deck=DECK_52)
    assert state.dealer == 3 and state.eldest == 0
    assert state.hands[0] == (deck[0], deck[4], deck[8])
    assert state.hands[3] == (deck[3], deck[7], deck[11])


@pytest.mark.parametrize("players", [3, 12])
def test_three_to_twelve_players_each_get_three_hidden_cards_and_the_rest_is_the_stock(players: int) -> None:
    state = new_game(FOSTER, players, seed=5)
    assert all(len(h) == 3 for h in state.hands)
    assert state.widow == ()
    assert len(state.stock) == 52 - 3 * players
    assert sorted(state.stock + tuple(c for h in state.hands for c in h)) == sorted(DECK_52)


@pytest.mark.parametrize("players", [-1, 0, 1, 2, 13, 20])
def test_fewer_than_three_or_more_than_twelve_players_is_a_commerce_error(players: int) -> None:
    with pytest.raises(CommerceError, match="3 to 12 players"):
        new_game(FOSTER, players, seed=1)


@pytest.mark.parametrize("players", [2, 13])
def test_a_deal_position_for_fewer_than_three_or_more_than_twelve_players_is_a_commerce_error(players: int) -> None:
    hands = [" ".join(str(c) for c in DECK_52[3 * seat : 3 * seat + 3]) for seat in range(players)]
    with pytest.raises(CommerceError, match="3 to 12 players"):
        deal_position(FOSTER, hands=hands, dealer=0)


def test_the_first_dealer_is_chosen_at_random_from_the_seed() -> None:
    dealers = [new_game(FOSTER, 4, seed=seed).dealer for seed in range(200)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [new_game(FOSTER, 4, seed=seed).dealer for seed in range(200)]  # reproducible


# ---- §1.1 Ledger and §1.2 Deal ------------------------------------------------------------------


def test_every_player_antes_one_point_into_a_new_pot_at_each_deal() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, balances=[5, -2, -3], seed=1)
    assert state.balances == (4, -3, -4)  # balances are given before the ante
    assert state.pot == 3
    after = apply(state, Knock(1))  # the dealer's sequence 3-4-5 wins
    showdown = showdown_of(after)
    assert showdown.payments == ((None, 0, 3),)  # the whole pot, emptied
    assert settled_balances(state.balances, showdown.payments) == [7, -3, -4]
    assert after.deal_number == 2
    assert after.pot == 3  # a new pot: the next deal's antes only
    assert after.balances == (6, -4, -5)


def test_balances_start_at_zero_may_go_negative_and_nobody_is_eliminated() -> None:
    state = new_game(FOSTER, 3, seed=9, dealer=0)
    assert state.balances == (-1, -1, -1) and state.pot == 3  # 0 each, then the ante
    state = deal_position(FOSTER, hands=["5♣ 6♦ 7♥", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0, balances=[-40, 20, 20], seed=1)
    state = apply(state, Knock(1))  # the dealer's nothing loses to the sequence: ante, 1 to the winner, ante
    assert state.balances == (-43, 22, 18)
    assert all(len(h) == 3 for h in state.hands)  # still dealt in
    assert sum(state.balances) + state.pot == 0


def test_foster_has_no_widow() -> None:
    with pytest.raises(CommerceError, match="no widow"):
        deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, widow="2♠ 3♠ 4♠")


# ---- §1.3 Buy (trade) ---------------------------------------------------------------------------


def test_a_buy_pays_the_dealer_one_point() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    assert state.balances == (-1, -1, -1)
    state = apply(state, Buy(1, card("K♦")))
    assert state.balances == (0, -2, -1)
    assert state.pot == 3  # the pot does not take the price


def test_the_dealers_own_buy_pays_nobody() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=2, stock="8♠ 2♦")
    assert state.to_act == 0
    state = play(state, Barter(0, card("3♣")), BarterReply(1, card("K♦")))
    state = play(state, Barter(1, card("6♠")), BarterReply(2, card("4♦")))
    assert state.to_act == 2  # the dealer's own turn
    state = apply(state, Buy(2, card("A♥")))
    assert state.balances == (-1, -1, -1)  # the antes only
    assert as_set(state.hands[2]) == as_set(hand("K♥ 6♠ 8♠"))
    assert state.discard == (card("A♥"),)


def test_the_bought_card_is_the_stocks_top_and_the_given_card_goes_to_the_discard() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦ 9♥")
    stock_before = state.stock
    state = apply(state, Buy(1, card("K♦")))
    assert state.hands[1] == hand("6♠ 7♠ 8♠")
    assert state.stock == stock_before[1:]
    assert state.discard == (card("K♦"),)
    assert card("K♦") not in state.stock
    state = apply(state, Buy(2, card("4♦")))
    assert state.hands[2] == hand("A♥ K♥ 2♦")
    assert state.discard == hand("K♦ 4♦")
    assert state.stock == stock_before[2:]


def test_the_given_card_is_face_down_only_the_buyer_sees_it() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    state = apply(state, Buy(1, card("K♦")))
    (event,) = state.history
    assert event.kind is EventKind.BUY and event.player == 1
    assert observe(state, 1).history[0].cards == hand("K♦ 8♠")
    for other in (0, 2):
        view = observe(state, other)
        assert view.history[0].cards == ()
        assert view.discard_count == 1 and view.stock_count == len(state.stock)
        assert card("K♦") not in view.hand and card("8♠") not in view.hand


def test_a_buy_that_takes_the_last_card_of_the_stock_ends_the_deal_at_once() -> None:
    """[resolution] "exhausted" is the moment the stock becomes empty: the showdown follows at once."""
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    buys = 0
    discarded: list[Card] = []
    while state.deal_number == 1:
        assert len(state.stock) == 43 - buys
        seat = state.to_act
        assert seat is not None
        given = state.hands[seat][0]
        top = state.stock[0]
        assert not as_set(discarded) & as_set(state.stock)  # the discard never returns to the stock
        last = len(state.stock) == 1
        state = apply(state, Buy(seat, given))
        discarded.append(given)
        buys += 1
        if not last:
            assert state.deal_number == 1 and top in state.hands[seat]
            assert state.discard == tuple(discarded)
    assert buys == 43  # nobody was asked to act with an empty stock
    showdown = showdown_of(state)
    assert showdown.reason is ShowdownReason.STOCK_EXHAUSTED
    assert showdown.deal_number == 1
    revealed = as_set([c for h in showdown.hands for c in h])
    assert revealed | as_set(discarded) == as_set(DECK_52)  # nothing was recycled
    assert len(discarded) == 43 and not revealed & as_set(discarded)


def test_the_last_card_of_the_stock_can_be_bought_and_the_next_deal_has_a_fresh_deck() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, seed=2)
    for _ in range(42):
        state = apply(state, Buy(state.to_act, state.hands[state.to_act][0]))  # type: ignore[arg-type,index]
    assert len(state.stock) == 1 and len(state.discard) == 42 and state.deal_number == 1
    seat = state.to_act
    assert seat is not None
    assert sum(isinstance(a, Buy) for a in legal_actions(state)) == 3
    state = apply(state, Buy(seat, state.hands[seat][0]))
    assert state.deal_number == 2 and len(state.discard) == 0  # a new deal, a new deck
    assert len(state.stock) == 52 - 9


# ---- §1.3 Barter --------------------------------------------------------------------------------


def test_a_barter_is_offered_to_the_left_neighbour() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    state = apply(state, Barter(1, card("K♦")))
    assert state.phase is Phase.BARTER_REPLY
    assert state.to_act == 2
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=1)  # seat 2 is eldest; its left is 0
    assert apply(state, Barter(2, card("4♦"))).to_act == 0


def test_with_barter_direction_right_a_barter_is_offered_to_the_right_neighbour() -> None:
    state = deal_position(RIGHT, hands=EXAMPLE_HANDS, dealer=0)
    state = apply(state, Barter(1, card("K♦")))
    assert state.phase is Phase.BARTER_REPLY
    assert state.to_act == 0


def test_the_neighbour_answers_blind_with_one_of_their_own_cards_and_the_two_are_swapped() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    state = apply(state, Barter(1, card("K♦")))
    assert set(legal_actions(state)) == {
        BarterReply(2, card("A♥")),
        BarterReply(2, card("K♥")),
        BarterReply(2, card("4♦")),
        Knock(2),
    }
    view = observe(state, 2)  # blind: the neighbour does not see the offered card
    assert view.turn.offer is None
    assert view.hand == hand("A♥ K♥ 4♦")
    assert observe(state, 1).turn.offer == card("K♦")
    state = apply(state, BarterReply(2, card("4♦")))
    assert as_set(state.hands[1]) == as_set(hand("6♠ 7♠ 4♦"))
    assert as_set(state.hands[2]) == as_set(hand("A♥ K♥ K♦"))
    event = state.history[-1]
    assert event.kind is EventKind.BARTER and (event.player, event.target) == (1, 2)
    assert observe(state, 0).history[-1].cards == ()  # the third player sees neither card


def test_answering_a_barter_does_not_use_the_neighbours_turn() -> None:
    # Left: the player after the offerer is the neighbour, who now plays their own turn.
    state = deal_position(FOSTER, hands=["2♣ 3♦ 4♥", *EXAMPLE_HANDS], dealer=0)
    state = play(state, Barter(1, card("3♣")), BarterReply(2, card("K♦")))
    assert state.phase is Phase.PLAY and state.to_act == 2
    assert Buy(2, card("3♣")) in legal_actions(state)
    # Right: play continues with the offerer's left, not with the neighbour who answered.
    state = deal_position(RIGHT, hands=["2♣ 3♦ 4♥", *EXAMPLE_HANDS], dealer=0)
    state = play(state, Barter(1, card("3♣")), BarterReply(0, card("2♣")))
    assert state.phase is Phase.PLAY and state.to_act == 2
    state = play(state, Knock(2))
    assert showdown_of(state).reason is ShowdownReason.KNOCK


def test_refusing_a_barter_by_knocking_keeps_the_offered_card_and_ends_the_deal_at_once() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    state = play(state, Barter(1, card("K♦")), Knock(2))
    showdown = showdown_of(state)
    assert showdown.deal_number == 1 and showdown.reason is ShowdownReason.KNOCK
    assert showdown.hands == (hand("3♣ 4♣ 5♣"), hand("6♠ 7♠ K♦"), hand("A♥ K♥ 4♦"))
    assert state.deal_number == 2  # no final round: the next deal is dealt


def test_a_barter_costs_nothing() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    after = play(state, Barter(1, card("K♦")), BarterReply(2, card("A♥")))
    assert after.balances == state.balances and after.pot == state.pot
    assert after.stock == state.stock and after.discard == ()


def test_the_dealer_barters_with_the_eldest_the_neighbour_on_the_left() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=2)  # eldest 0
    state = play(state, Barter(0, card("3♣")), BarterReply(1, card("6♠")))
    state = play(state, Barter(1, card("7♠")), BarterReply(2, card("A♥")))
    assert state.to_act == 2  # the dealer's turn
    state = apply(state, Barter(2, card("K♥")))
    assert state.phase is Phase.BARTER_REPLY and state.to_act == 0
    state = apply(state, BarterReply(0, card("4♣")))
    assert card("K♥") in state.hands[0] and card("4♣") in state.hands[2]
    assert state.phase is Phase.PLAY and state.to_act == 0  # then the eldest's own turn


# ---- §1.4 Knock ---------------------------------------------------------------------------------


def test_a_knock_ends_the_exchanges_at_once_with_no_final_round() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    state = play(state, Buy(1, card("K♦")), Knock(2))
    showdown = showdown_of(state)
    assert showdown.reason is ShowdownReason.KNOCK
    assert showdown.hands == (hand("3♣ 4♣ 5♣"), hand("6♠ 7♠ 8♠"), hand("A♥ K♥ 4♦"))  # the dealer had no turn
    assert state.deal_number == 2 and state.dealer == 1 and state.to_act == 2


def test_the_eldest_may_knock_before_any_exchange() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    assert Knock(1) in legal_actions(state)
    assert showdown_of(apply(state, Knock(1))).hands == tuple(hand(h) for h in EXAMPLE_HANDS)


# ---- §1.6 and §1.7 Showdown ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winning", "losing"),
    [
        ("2♠ 2♥ 2♦", "Q♣ K♣ A♣"),  # tricon over sequence
        ("A♣ 2♣ 3♣", "A♥ K♥ 9♥"),  # the lowest sequence over a point of 30
        ("2♠ 3♠ 5♦", "A♥ K♠ Q♦"),  # the smallest point over nothing (three suits)
        ("2♣ 9♣ K♣", "A♥ K♥ 4♦"),  # a point of three cards over one of two at equal totals
    ],
)
def test_the_best_hand_wins_the_pot(winning: str, losing: str) -> None:
    dealer_nothing = "7♦ 8♥ 10♣"
    for hands, winner in (([dealer_nothing, winning, losing], 1), ([dealer_nothing, losing, winning], 2)):
        state = deal_position(FOSTER, hands=hands, dealer=0)
        showdown = showdown_of(apply(state, Knock(1)))
        assert showdown.winner == winner
        assert showdown.values[winner] == evaluate(winning, FOSTER)
        assert showdown.payments == ((None, winner, 3), (0, winner, 1))


def test_three_suits_are_nothing_and_an_all_nothing_showdown_goes_to_the_dealer() -> None:
    """[resolution] a hand of three suits has no point: NOTHING, all equal, the dealer wins the tie."""
    state = deal_position(FOSTER, hands=["2♣ 3♦ 4♥", "A♠ K♥ Q♦", "A♥ K♦ Q♣"], dealer=0)
    showdown = showdown_of(apply(state, Knock(1)))
    assert [v.category for v in showdown.values if v is not None] == [Category.NOTHING] * 3
    assert showdown.winner == 0
    assert showdown.payments == ((None, 0, 3),)  # a winning dealer pays nobody


def test_an_exact_tie_goes_to_the_dealer() -> None:
    state = deal_position(FOSTER, hands=["A♣ K♣ 2♦", "A♥ K♥ 4♦", "A♠ K♠ 3♦"], dealer=0)
    showdown = showdown_of(apply(state, Knock(1)))
    assert showdown.values[0] == showdown.values[1] == showdown.values[2]
    assert showdown.winner == 0
    assert showdown.payments == ((None, 0, 3),)


def test_an_exact_tie_without_the_dealer_goes_to_the_eldest_then_the_next() -> None:
    hands = ["2♣ 3♥ 9♦", "5♣ 6♦ 7♥", "A♥ K♥ 4♦", "A♠ K♠ 3♦", "A♣ K♣ 2♦"]
    state = deal_position(FOSTER, hands=hands, dealer=0)  # seats 2, 3 and 4 tie; seat 1 is the eldest
    assert showdown_of(apply(state, Knock(1))).winner == 2  # the nearest to the dealer's left
    state = deal_position(FOSTER, hands=hands, dealer=3)  # eldest 4, then 0, 1, 2
    assert showdown_of(apply(state, Knock(4))).winner == 3  # the dealer first
    state = deal_position(FOSTER, hands=hands, dealer=1)  # eldest 2 wins the tie with 3 and 4
    assert showdown_of(apply(state, Knock(2))).winner == 2
    state = deal_position(FOSTER, hands=hands, dealer=2)  # 2 is dealer: it wins before 3 and 4
    assert showdown_of(apply(state, Knock(3))).winner == 2
    hands_b = ["A♥ K♥ 4♦", "5♣ 6♦ 7♥", "2♣ 3♥ 9♦", "A♠ K♠ 3♦", "A♣ K♣ 2♦"]
    state = deal_position(FOSTER, hands=hands_b, dealer=1)  # ties 3, 4, 0: the eldest 2 has nothing
    assert showdown_of(apply(state, Knock(2))).winner == 3


def test_the_dealer_who_did_not_win_pays_one_point_to_the_winner() -> None:
    state = deal_position(FOSTER, hands=["2♣ 3♦ 4♥", "6♠ 7♠ 8♠", "A♥ K♥ 4♦"], dealer=0)
    showdown = showdown_of(apply(state, Knock(1)))
    assert showdown.winner == 1
    assert showdown.payments == ((None, 1, 3), (0, 1, 1))
    assert settled_balances(state.balances, showdown.payments) == [-2, 3, -1]


def test_the_dealer_in_the_winners_category_pays_one_point_to_each_other_player() -> None:
    # Point against point suffices, whatever the suits.
    state = deal_position(FOSTER, hands=["2♣ 3♣ 9♦", "A♥ K♥ 4♦", "5♠ 6♦ 7♥", "Q♠ J♠ 8♥"], dealer=0)
    showdown = showdown_of(apply(state, Knock(1)))
    assert showdown.values[0] is not None and showdown.values[0].category is Category.POINT
    assert showdown.winner == 1
    assert showdown.payments == ((None, 1, 4), (0, 1, 1), (0, 2, 1), (0, 3, 1))
    assert settled_balances(state.balances, showdown.payments) == [-4, 4, 0, 0]


def test_a_dealer_with_nothing_against_a_winning_point_pays_the_winner_only() -> None:
    state = deal_position(FOSTER, hands=["2♣ 3♦ 9♥", "A♥ K♥ 4♦", "5♠ 6♦ 7♥"], dealer=0)
    showdown = showdown_of(apply(state, Knock(1)))
    assert showdown.payments == ((None, 1, 3), (0, 1, 1))


def test_purchases_paid_the_dealer_not_the_pot() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦ 9♣")
    state = play(state, Buy(1, card("K♦")), Buy(2, card("4♦")), Buy(0, card("3♣")))  # the dealer's buy is free
    assert state.pot == 3  # the antes only
    assert state.balances == (1, -2, -2)
    state = apply(state, Knock(1))
    showdown = showdown_of(state)
    assert showdown.winner == 1  # 6-7-8 against the dealer's 4♣ 5♣ 9♣, a point
    assert showdown.payments == ((None, 1, 3), (0, 1, 1))
    assert settled_balances((1, -2, -2), showdown.payments) == [0, 2, -2]


def test_showdown_payments_list_every_transfer_with_none_for_the_pot() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    state = play(state, Buy(1, card("K♦")), Buy(2, card("4♦")))
    before, pot = state.balances, state.pot
    state = apply(state, Knock(0))
    showdown = showdown_of(state)
    assert all(points > 0 for _, _, points in showdown.payments)
    assert sum(points for payer, _, points in showdown.payments if payer is None) == pot
    settled = settled_balances(before, showdown.payments)
    assert sum(settled) == 0  # the pot was emptied into the balances
    assert list(state.balances) == [b - 1 for b in settled]  # then the next antes


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 12), data=st.data())
def test_the_showdown_settles_by_the_rules_of_the_ledger(seed: int, players: int, data: st.DataObject) -> None:
    """Property: the pot goes to the best hand, the dealer pays by category, the payments are the full settlement."""
    state = new_game(FOSTER, players, seed=seed)
    for _, _, state in walk(state, lambda _, actions: data.draw(st.sampled_from(actions))):
        if state.deal_number != 1:
            break
    showdown = showdown_of(state)
    values = showdown.values
    dealer = showdown.dealer
    best = max(v for v in values if v is not None)
    order = [(dealer + k) % players for k in range(players)]
    winner = next(seat for seat in order if values[seat] == best)
    assert showdown.winner == winner
    expected: list[tuple[int | None, int | None, int]] = [(None, winner, players)]
    if winner != dealer:
        dealer_value, winner_value = values[dealer], values[winner]
        assert dealer_value is not None and winner_value is not None
        if dealer_value.category is winner_value.category:
            expected += [(dealer, seat, 1) for seat in range(players) if seat != dealer]
        else:
            expected.append((dealer, winner, 1))
    assert list(showdown.payments) == expected
    assert sum(state.balances) + state.pot == 0


# ---- §1.8 End -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 7])
def test_one_deal_per_player_then_the_match_ends(players: int) -> None:
    state = new_game(FOSTER, players, seed=21, dealer=1)
    deals = 0
    for before, _, state in walk(state, always(Knock)):
        assert before.deal_number == deals + 1
        deals += 1
    assert deals == players
    assert sorted(s.dealer for s in state.showdowns) == list(range(players))  # each dealt once
    assert state.to_act is None and legal_actions(state) == ()
    assert state.pot == 0 and sum(state.balances) == 0  # no antes after the last deal
    best = max(state.balances)
    assert state.winners == tuple(s for s in range(players) if state.balances[s] == best)


def last_deal(rules: Rules, *, hands: list[str], dealer: int, balances: list[int]) -> GameState:
    """A position of the match's last deal (every other player has dealt already)."""
    state = deal_position(rules, hands=hands, dealer=dealer, balances=balances)
    return state._replace(deal_number=len(hands))


def test_the_highest_final_balance_wins() -> None:
    state = last_deal(FOSTER, hands=["2♠ 2♥ 2♦", "A♥ K♥ 4♦", "5♣ 6♦ 7♥"], dealer=2, balances=[0, 1, -1])
    state = apply(state, Knock(0))
    assert state.is_over
    assert state.balances == (3, 0, -3)  # pot 3 and the dealer's 1 to seat 0
    assert state.winners == (0,)


def test_players_tied_for_the_highest_balance_share_the_victory() -> None:
    state = last_deal(FOSTER, hands=["2♠ 2♥ 2♦", "A♥ K♥ 4♦", "5♣ 6♦ 7♥"], dealer=2, balances=[0, 4, -4])
    state = apply(state, Knock(0))
    assert state.is_over
    assert state.balances == (3, 3, -6)
    assert state.winners == (0, 1)
    assert showdown_of(state).winner == 0  # the deal's winner is not the match's only winner


# ---- Options ------------------------------------------------------------------------------------


def test_turn_limit_ends_the_deal_after_that_many_turns() -> None:
    rules = FOSTER.replace(turn_limit=2)
    state = deal_position(rules, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    state = apply(state, Buy(1, card("K♦")))
    assert state.deal_number == 1
    state = play(state, Barter(2, card("4♦")), BarterReply(0, card("5♣")))  # the second turn, one barter
    showdown = showdown_of(state)
    assert showdown.reason is ShowdownReason.TURN_LIMIT and showdown.deal_number == 1
    assert as_set(showdown.hands[2]) == as_set(hand("A♥ K♥ 5♣"))
    assert as_set(showdown.hands[0]) == as_set(hand("3♣ 4♣ 4♦"))


def test_without_turn_limit_the_deal_goes_on() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    for _ in range(30):
        seat = state.to_act
        assert seat is not None
        state = play(state, Barter(seat, state.hands[seat][0]))
        state = apply(state, BarterReply(state.to_act, state.hands[state.to_act][0]))  # type: ignore[arg-type,index]
    assert state.deal_number == 1 and state.turn.turns == 30


# ---- Illegal actions ----------------------------------------------------------------------------


def test_acting_out_of_turn_is_illegal() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    assert_illegal(state, Knock(0), "seat 1", "not seat 0")
    assert_illegal(state, Buy(2, card("A♥")), "seat 1", "not seat 2")
    assert_illegal(state, Knock(7), "no seat 7")


def test_giving_a_card_not_held_is_illegal() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    assert_illegal(state, Buy(1, card("A♥")), "seat 1 does not hold A♥")
    assert_illegal(state, Barter(1, card("2♠")), "seat 1 does not hold 2♠")
    state = apply(state, Barter(1, card("K♦")))
    assert_illegal(state, BarterReply(2, card("K♦")), "seat 2 does not hold K♦")


def test_widow_actions_are_illegal_in_trade_and_barter() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    assert_illegal(state, Exchange(1, card("K♦"), card("8♠")), "Exchange", "trade and barter")
    assert_illegal(state, Pass(1), "Pass", "trade and barter")
    assert_illegal(state, Pounce(1), "Pounce", "trade and barter")


def test_a_barter_reply_with_no_barter_pending_is_illegal() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0)
    assert_illegal(state, BarterReply(1, card("K♦")), "no barter")


def test_a_pending_barter_must_be_answered_first() -> None:
    state = apply(deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0), Barter(1, card("K♦")))
    assert_illegal(state, Buy(2, card("4♦")), "answer", "barter")
    assert_illegal(state, Barter(2, card("4♦")), "answer", "barter")
    assert_illegal(state, BarterReply(1, card("6♠")), "seat 2", "not seat 1")


def test_acting_after_the_end_is_illegal() -> None:
    state = play_out(new_game(FOSTER, 3, seed=4), always(Knock))
    seat = state.showdowns[-1].winner
    for action in (Knock(seat), Buy(seat, state.hands[seat][0]), Pass(seat)):
        assert_illegal(state, action, "over")


# ---- §1.9 The worked example --------------------------------------------------------------------


def test_the_worked_example_of_seed_000() -> None:
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    assert (state.to_act, state.pot, state.balances) == (1, 3, (-1, -1, -1))

    # Seat 1 (A) gives K♦, pays 1 to the dealer and receives 8♠: a sequence.
    state = apply(state, Buy(1, card("K♦")))
    assert state.hands[1] == hand("6♠ 7♠ 8♠")
    assert str(evaluate(state.hands[1], FOSTER)) == "sequence 6-7-8 of spades"
    assert state.balances == (0, -2, -1) and state.pot == 3

    # Seat 2 gives 4♦ and receives 2♦: still a point of 21 with A♥ K♥.
    state = apply(state, Buy(2, card("4♦")))
    assert state.hands[2] == hand("A♥ K♥ 2♦")
    assert str(evaluate(state.hands[2], FOSTER)) == "point 21 (A♥ K♥)"
    assert state.balances == (1, -2, -2) and state.pot == 3
    assert state.discard == hand("K♦ 4♦")

    # The dealer offers 5♣ to seat 1, who refuses by knocking.
    state = apply(state, Barter(0, card("5♣")))
    assert state.to_act == 1 and state.phase is Phase.BARTER_REPLY
    state = apply(state, Knock(1))

    showdown = showdown_of(state)
    assert showdown.deal_number == 1 and showdown.dealer == 0
    assert showdown.reason is ShowdownReason.KNOCK
    assert showdown.hands == (hand("3♣ 4♣ 5♣"), hand("6♠ 7♠ 8♠"), hand("A♥ K♥ 2♦"))
    assert [str(v) for v in showdown.values] == [
        "sequence 3-4-5 of clubs",
        "sequence 6-7-8 of spades",
        "point 21 (A♥ K♥)",
    ]
    assert showdown.winner == 1
    # The pot of 3 to the sequence 6-7-8; the dealer's 3-4-5 is the same category: 1 to each other player.
    assert showdown.payments == ((None, 1, 3), (0, 1, 1), (0, 2, 1))
    assert settled_balances((1, -2, -2), showdown.payments) == [-1, 2, -1]

    # The next deal is dealt in the same step: dealer 1, new antes into a new pot.
    assert state.deal_number == 2 and state.dealer == 1 and state.to_act == 2
    assert state.balances == (-2, 1, -2) and state.pot == 3
    assert sum(state.balances) + state.pot == 0


def test_the_worked_example_with_the_left_barter_swapped_instead() -> None:
    """The same deal had seat 1 answered the barter: the offer is swapped and play goes on with seat 1."""
    state = deal_position(FOSTER, hands=EXAMPLE_HANDS, dealer=0, stock="8♠ 2♦")
    state = play(state, Buy(1, card("K♦")), Buy(2, card("4♦")), Barter(0, card("5♣")), BarterReply(1, card("6♠")))
    assert as_set(state.hands[0]) == as_set(hand("3♣ 4♣ 6♠"))
    assert as_set(state.hands[1]) == as_set(hand("7♠ 8♠ 5♣"))
    assert state.to_act == 1 and state.balances == (1, -2, -2)



def test_a_buy_costs_nothing_where_the_scoring_keeps_no_money() -> None:
    """Trade and barter settled with lives: no balances to pay from, so a buy only swaps a card for the stock's top."""
    rules = Rules(mechanism="trade_barter", scoring="lives")
    state = deal_position(rules, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, stock="8♠ 2♦")
    after = apply(state, Buy(1, Card.parse("K♦")))
    assert after.balances == (0, 0, 0) and after.pot == 0
    assert after.hands[1] == parse_cards("6♠ 7♠ 8♠")
