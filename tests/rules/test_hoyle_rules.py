"""Commerce with widow after Hoyle (preset ``HOYLE``): one test per rule of RULES.md §6.

Positions are built with :func:`deal_position`, which pays the match's
stakes into the pool as for a first deal and asks the dealer the blind
exchange first; every hand is written in deal order, the first card dealt
first. The tests check the RULES, not the code: where they name a
**[resolution]**, so does the test.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from commerce_rules import (
    DECK_52,
    HOYLE,
    BlindExchange,
    BuyHorse,
    Card,
    Category,
    EventKind,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Rules,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observe,
)
from commerce_rules.core.actions import Action

from helpers import always, c, cards, passes, play, texts, walk

# A 4-player position, dealer 0, eldest 1. Values under HOYLE:
# seat 0 point 16 (the lowest), seat 1 a pair of kings (the best),
# seat 2 point 25, seat 3 point 19.
HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"]
WIDOW = "A♠ 10♦ 2♥"
STOCK = "8♥ 6♦ J♥ 4♠"  # the cards the widow grows by, round after round

# Three equal points of 16, for ties at the bottom.
LOW_A, LOW_B, LOW_C = "2♣ 5♦ 9♥", "2♦ 5♥ 9♣", "2♥ 5♣ 9♦"
BEST = "K♠ K♥ 4♦"




def position(rules: Rules = HOYLE, **overrides: object) -> GameState:
    """The 4-player position above, with any argument of ``deal_position`` overridden."""
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "widow": WIDOW, "stock": STOCK}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]


def to_showdown(state: GameState) -> GameState:
    """Pass (blind exchange declined, every turn passed) until the deal is settled."""
    deal = state.deal_number
    if state.phase in (Phase.HORSE, Phase.OVER):
        return state
    for _, _, state in walk(state, always(Pass), 200):
        if state.deal_number != deal or state.phase in (Phase.HORSE, Phase.OVER):
            return state
    raise AssertionError("the deal did not end")


def in_play(state: GameState) -> GameState:
    """The dealer declines the blind exchange: round 1 begins."""
    assert state.phase is Phase.BLIND_EXCHANGE
    return apply(state, Pass(state.dealer))


def exchanges_of(state: GameState) -> list[Exchange]:
    return [action for action in legal_actions(state) if isinstance(action, Exchange)]


# ---- §6.1 stakes and counters -----------------------------------------------------------------


def test_every_player_pays_the_stake_into_the_pool_before_the_first_deal() -> None:
    state = position()
    assert state.pot == 3 * 4
    assert state.balances == (-3, -3, -3, -3)
    state = new_game(HOYLE.replace(stake=5), 6, seed=3)
    assert state.pot == 5 * 6 and state.balances == (-5,) * 6
    assert sum(state.balances) + state.pot == 0


def test_every_player_receives_starting_lives_counters() -> None:
    assert position().lives == (3, 3, 3, 3)
    assert new_game(HOYLE.replace(starting_lives=5), 5, seed=1).lives == (5,) * 5


def test_the_stake_is_paid_once_per_match_not_at_every_deal() -> None:
    state = to_showdown(position())
    assert state.deal_number == 2
    # the only points that moved since the stakes: the prize, from the pool to the best hand
    assert state.pot == 12 - 1
    assert state.balances == (-3, -2, -3, -3)


def test_balances_start_at_zero_may_go_negative_and_sum_with_the_pool_to_zero() -> None:
    state = position(balances=[4, -1, -3, 0])
    assert state.balances == (1, -4, -6, -3)
    assert sum(state.balances) + state.pot == 0
    state = to_showdown(state)
    assert sum(state.balances) + state.pot == 0


# ---- §6.2 deal -----------------------------------------------------------------------------


def test_three_hidden_cards_each_then_a_face_up_widow_of_three_the_rest_is_the_stock() -> None:
    state = new_game(HOYLE, 5, seed=11, dealer=2)
    assert [len(hand) for hand in state.hands] == [3] * 5
    assert len(state.widow) == 3
    assert len(state.stock) == 52 - 5 * 3 - 3
    assert sorted([*(card for hand in state.hands for card in hand), *state.widow, *state.stock]) == sorted(DECK_52)
    view = observe(state, 4)
    assert view.widow == state.widow and view.hand == state.hands[4]


def test_players_without_counters_get_no_cards() -> None:
    state = deal_position(HOYLE, hands=[HANDS[0], "", HANDS[2], HANDS[3]], dealer=0, widow=WIDOW, lives=[2, 0, 2, 2])
    assert state.hands[1] == ()
    # a player who loses their last counter (no horse here) gets no cards in the next deal
    state = to_showdown(position(HOYLE.replace(horse=False), lives=[1, 3, 3, 3]))
    assert state.lives == (0, 3, 3, 3) and state.deal_number == 2
    assert state.hands[0] == ()
    assert all(len(state.hands[seat]) == 3 for seat in (1, 2, 3))
    assert len(state.stock) == 52 - 9 - 3


# ---- §6.3 the dealer's blind exchange ---------------------------------------------------------


def test_the_dealer_is_asked_the_blind_exchange_before_the_first_round() -> None:
    state = position(dealer=2)
    assert state.phase is Phase.BLIND_EXCHANGE and state.to_act == 2
    state = new_game(HOYLE, 4, seed=9, dealer=1)
    assert state.phase is Phase.BLIND_EXCHANGE and state.to_act == 1


def test_the_blind_exchange_offers_every_one_two_or_three_widow_cards_and_keeps_a_bounded_few(monkeypatch: pytest.MonkeyPatch) -> None:
    from commerce_rules.core import actions

    monkeypatch.setattr(actions, "_BLINDS", {})
    monkeypatch.setattr(actions, "_MOST_BLINDS", 10)  # fewer than one deal's seven choices twice
    for seed in range(6):
        state = new_game(HOYLE, 4, seed=seed)
        choices = legal_actions(state)
        expected = [BlindExchange(state.dealer, take) for k in (1, 2, 3) for take in combinations(state.widow, k)]
        assert list(choices[:-1]) == expected and choices[-1] == Pass(state.dealer)
        assert len(actions._BLINDS) <= 10


def test_a_blind_exchange_of_one_gives_the_first_card_dealt_to_the_dealer() -> None:
    state = apply(position(), BlindExchange(0, cards("A♠")))
    assert sorted(state.hands[0]) == sorted(cards("5♦ 9♥ A♠"))
    assert texts(state.widow) == ["2♣", "10♦", "2♥"]  # the given card face up in the taken card's place


def test_a_blind_exchange_of_two_gives_the_first_two_cards_dealt_to_the_dealer() -> None:
    state = apply(position(), BlindExchange(0, cards("A♠ 2♥")))
    assert sorted(state.hands[0]) == sorted(cards("9♥ A♠ 2♥"))
    assert sorted(state.widow) == sorted(cards("2♣ 5♦ 10♦"))
    assert state.widow[1] == c("10♦")  # the card not taken stays where it was


def test_a_blind_exchange_of_three_swaps_the_whole_hand_for_the_widow() -> None:
    state = apply(position(), BlindExchange(0, cards("A♠ 10♦ 2♥")))
    assert sorted(state.hands[0]) == sorted(cards(WIDOW))
    assert sorted(state.widow) == sorted(cards(HANDS[0]))
    assert len(state.widow) == 3 and state.stock == position().stock


def test_the_blind_exchange_follows_the_deal_order_in_a_dealt_game() -> None:
    # [resolution] "before looking" means the given cards are not chosen: the first dealt go out
    state = new_game(HOYLE, 5, seed=21, dealer=3)
    dealt = state.hands[3]
    after = apply(state, BlindExchange(3, state.widow[:2]))
    assert set(dealt[:2]) <= set(after.widow)
    assert dealt[2] in after.hands[3] and set(state.widow[:2]) <= set(after.hands[3])


def test_the_blind_exchange_is_public() -> None:
    state = apply(position(), BlindExchange(0, cards("A♠ 2♥")))
    event = state.history[-1]
    assert event.kind is EventKind.BLIND_EXCHANGE and event.player == 0 and event.visible_to is None
    assert set(event.cards) == set(cards("A♠ 2♥ 2♣ 5♦"))
    for seat in range(4):
        view = observe(state, seat)
        assert view.widow == state.widow and view.history[-1] == event


def test_the_dealer_may_decline_the_blind_exchange_by_passing() -> None:
    before = position()
    after = apply(before, Pass(0))
    assert after.phase is Phase.PLAY
    assert after.hands == before.hands and after.widow == before.widow and after.stock == before.stock
    assert after.to_act == 1  # round 1 begins with the eldest


def test_the_blind_exchange_is_not_the_dealers_turn() -> None:
    state = apply(position(), BlindExchange(0, cards("A♠")))
    assert state.phase is Phase.PLAY and state.to_act == 1  # round 1 still starts with the eldest
    order = []
    for _ in range(4):
        assert state.to_act is not None
        order.append(state.to_act)
        state = apply(state, Pass(state.to_act))
    assert order == [1, 2, 3, 0]  # the dealer plays their turn in round 1, in turn
    assert state.turn.round == 2


def test_the_blind_exchange_does_not_count_toward_the_turn_limit() -> None:
    state = apply(position(HOYLE.replace(turn_limit=1)), BlindExchange(0, cards("A♠")))
    assert state.deal_number == 1 and state.to_act == 1
    state = apply(state, Pass(1))
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.TURN_LIMIT


@pytest.mark.parametrize("take", ["", "A♠", "A♠ 10♦"])
def test_a_dealer_who_declined_or_took_one_or_two_blind_may_still_exchange(take: str) -> None:
    answer: Action = BlindExchange(0, cards(take)) if take else Pass(0)
    state = passes(apply(position(), answer), 3)
    assert state.to_act == 0
    assert {(a.give, a.take) for a in exchanges_of(state)} == {
        (give, widow_card) for give in state.hands[0] for widow_card in state.widow
    }


def test_a_dealer_who_took_all_three_blind_may_not_exchange_again_this_deal() -> None:
    state = passes(apply(position(), BlindExchange(0, cards(WIDOW))), 3)
    assert state.to_act == 0
    assert set(legal_actions(state)) == {Pass(0), Knock(0)}
    with pytest.raises(IllegalActionError):
        apply(state, Exchange(0, c("A♠"), c("2♣")))
    state = passes(state, 4)  # round 2: still frozen
    assert state.to_act == 0 and state.turn.round == 2
    assert set(legal_actions(state)) == {Pass(0), Knock(0)}


def test_the_freeze_lasts_one_deal_only() -> None:
    state = to_showdown(apply(position(seed=4), BlindExchange(0, cards(WIDOW))))
    assert state.deal_number == 2 and state.dealer == 1
    state = passes(state, 1 + 2)  # the new dealer declines; seats 2 and 3 pass
    assert state.to_act == 0 and state.turn.round == 1
    assert exchanges_of(state)


def test_legal_actions_list_each_blind_choice_once() -> None:
    state = position()
    actions = legal_actions(state)
    assert len(actions) == 7 + 1
    assert len(set(actions)) == len(actions)
    blind = [action for action in actions if isinstance(action, BlindExchange)]
    assert {frozenset(action.take) for action in blind} == {
        frozenset(take) for k in (1, 2, 3) for take in combinations(cards(WIDOW), k)
    }
    assert Pass(0) in actions
    assert all(action.player == 0 for action in actions)


def test_the_order_inside_take_does_not_matter() -> None:
    a, b = c("A♠"), c("2♥")
    assert BlindExchange(0, (a, b)) == BlindExchange(0, (b, a))
    assert hash(BlindExchange(0, (a, b))) == hash(BlindExchange(0, (b, a)))
    assert apply(position(seed=1), BlindExchange(0, (a, b))) == apply(position(seed=1), BlindExchange(0, (b, a)))
    assert BlindExchange(0, (b, a)) in legal_actions(position())


def test_the_dealer_sees_no_hand_before_the_blind_exchange() -> None:
    state = position()
    dealers_cards = set(state.hands[0])
    view = observe(state, 0)
    assert view.hand == ()
    assert observe(state, 1).hand == state.hands[1]  # the others see their own hands
    for action in legal_actions(state):  # nothing the dealer is offered names a card of their hand
        named = set(action.take) if isinstance(action, BlindExchange) else set()
        assert not named & dealers_cards
    after = apply(state, Pass(0))
    assert observe(after, 0).hand == state.hands[0]


def test_only_the_dealer_exchanges_blind_and_only_before_the_first_round() -> None:
    state = position()
    with pytest.raises(IllegalActionError):
        apply(state, BlindExchange(1, cards("A♠")))
    with pytest.raises(IllegalActionError):
        apply(state, Exchange(0, c("2♣"), c("A♠")))  # no seen exchange in place of the blind one
    with pytest.raises(IllegalActionError):
        apply(state, Knock(0))
    with pytest.raises(IllegalActionError):
        apply(state, BlindExchange(0, cards("A♠ 3♠")))  # 3♠ is not in the widow
    with pytest.raises(IllegalActionError):
        apply(state, BlindExchange(0, ()))
    later = apply(state, Pass(0))
    with pytest.raises(IllegalActionError):
        apply(later, BlindExchange(1, cards("A♠")))
    assert not any(isinstance(action, BlindExchange) for action in legal_actions(later))


# ---- §6.4 rounds ----------------------------------------------------------------------------


def test_there_are_as_many_rounds_as_active_players() -> None:
    state = passes(position(), 1 + 4 * 4 - 1)
    assert state.deal_number == 1 and state.turn.round == 4
    state = passes(state, 1)
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.LAST_ROUND
    # three active players: three rounds of three turns
    state = deal_position(HOYLE, hands=[HANDS[0], "", HANDS[2], HANDS[3]], dealer=0, widow=WIDOW, lives=[2, 0, 2, 2])
    state = passes(state, 1 + 3 * 3 - 1)
    assert state.deal_number == 1
    state = passes(state, 1)
    assert state.deal_number == 2


def test_every_active_player_takes_one_turn_a_round_clockwise_from_the_eldest() -> None:
    state = in_play(position(dealer=2))
    order: list[tuple[int, int]] = []
    for before, _, state in walk(state, always(Pass)):
        assert before.to_act is not None
        order.append((before.turn.round, before.to_act))
        if state.deal_number != 1:
            break
    assert order == [(r, seat) for r in (1, 2, 3, 4) for seat in (3, 0, 1, 2)]


def test_a_player_without_counters_takes_no_turn() -> None:
    state = in_play(
        deal_position(HOYLE, hands=[HANDS[0], HANDS[1], "", HANDS[3]], dealer=3, widow=WIDOW, lives=[2, 2, 0, 2])
    )
    seen = []
    for before, _, state in walk(state, always(Pass)):
        seen.append(before.to_act)
        if state.deal_number != 1:
            break
    assert seen == [0, 1, 3] * 3


def test_the_widow_grows_by_the_stocks_top_card_at_the_start_of_each_later_round() -> None:
    state = in_play(position())
    assert texts(state.widow) == ["A♠", "10♦", "2♥"]
    state = passes(state, 3)
    assert len(state.widow) == 3  # round 1 is not over yet
    for round_number, grown in ((2, "8♥"), (3, "6♦"), (4, "J♥")):
        stock_before = state.stock
        widow_before = state.widow
        state = passes(state, 1)  # the last turn of the round: the next round starts
        assert state.turn.round == round_number
        assert state.widow == (*widow_before, c(grown))
        assert state.stock == stock_before[1:]
        state = passes(state, 3)
    assert len(state.widow) == 6


def test_the_widow_growing_is_a_public_event() -> None:
    state = passes(position(), 1 + 4)
    event = state.history[-1]
    assert event.kind is EventKind.WIDOW_GROWS and event.cards == (c("8♥"),) and event.visible_to is None
    for seat in range(4):
        view = observe(state, seat)
        assert view.history[-1] == event and c("8♥") in view.widow
        assert view.stock_count == len(state.stock)


def test_the_new_widow_card_may_be_taken() -> None:
    state = passes(position(), 1 + 4)
    assert state.to_act == 1
    state = play(state, Exchange(1, c("4♦"), c("8♥")), Pass(1))
    assert texts(state.hands[1]) == ["K♠", "K♥", "8♥"]
    assert texts(state.widow) == ["A♠", "10♦", "2♥", "4♦"]


# ---- §6.5 turn --------------------------------------------------------------------------------


def test_a_turn_offers_every_exchange_a_pass_and_a_knock() -> None:
    state = in_play(position())
    actions = legal_actions(state)
    assert {(a.give, a.take) for a in exchanges_of(state)} == {
        (give, take) for give in state.hands[1] for take in state.widow
    }
    assert Pass(1) in actions and Knock(1) in actions
    assert len(actions) == 9 + 2


def test_exchanges_are_card_for_card_one_at_a_time_and_a_pass_ends_the_turn() -> None:
    state = apply(in_play(position()), Exchange(1, c("4♦"), c("A♠")))
    assert texts(state.hands[1]) == ["K♠", "K♥", "A♠"]
    assert texts(state.widow) == ["4♦", "10♦", "2♥"]
    assert state.to_act == 1  # the turn goes on: up to 3 exchanges
    state = apply(state, Exchange(1, c("K♥"), c("10♦")))
    assert state.to_act == 1 and texts(state.widow) == ["4♦", "K♥", "2♥"]
    state = apply(state, Pass(1))
    assert state.to_act == 2
    event = state.history[-2]
    assert event.kind is EventKind.EXCHANGE and event.cards == (c("K♥"), c("10♦")) and event.visible_to is None


def test_exchanges_per_turn_limits_the_exchanges_of_one_turn() -> None:
    state = apply(in_play(position(HOYLE.replace(exchanges_per_turn=1))), Exchange(1, c("4♦"), c("A♠")))
    assert state.to_act == 2
    state = in_play(position(HOYLE.replace(exchanges_per_turn=2)))
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Exchange(1, c("K♥"), c("10♦")))
    assert state.to_act == 2
    # two exchanges a turn never freeze anyone: seat 1 may exchange in round 2
    state = passes(state, 3)
    assert state.to_act == 1 and exchanges_of(state)


def test_a_card_put_into_the_widow_this_turn_cannot_be_taken_back() -> None:
    state = apply(in_play(position()), Exchange(1, c("4♦"), c("A♠")))
    assert not any(a.take == c("4♦") for a in exchanges_of(state))
    with pytest.raises(IllegalActionError, match="cannot be taken back"):
        apply(state, Exchange(1, c("A♠"), c("4♦")))
    state = apply(state, Pass(1))
    assert Exchange(2, c("J♣"), c("4♦")) in legal_actions(state)  # on a later turn it may


def test_three_exchanges_in_one_turn_end_the_turn_and_the_players_exchanges_for_the_deal() -> None:
    state = in_play(position())
    state = play(state, Exchange(1, c("K♠"), c("A♠")), Exchange(1, c("K♥"), c("10♦")), Exchange(1, c("4♦"), c("2♥")))
    assert state.to_act == 2  # the third exchange ends the turn
    assert texts(state.hands[1]) == ["A♠", "10♦", "2♥"]
    state = passes(state, 3)
    assert state.to_act == 1 and state.turn.round == 2
    assert set(legal_actions(state)) == {Pass(1), Knock(1)}
    with pytest.raises(IllegalActionError):
        apply(state, Exchange(1, c("A♠"), c("K♠")))
    # a frozen player may still knock
    state = apply(state, Knock(1))
    assert state.turn.knockers == (1,)


def test_a_knock_is_a_whole_turn() -> None:
    state = apply(in_play(position()), Exchange(1, c("4♦"), c("A♠")))
    assert Knock(1) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="a knock is a whole turn"):
        apply(state, Knock(1))
    state = apply(in_play(position()), Knock(1))
    assert state.to_act == 2 and state.hands == position().hands


def test_a_knocker_takes_no_more_turns_in_the_deal() -> None:
    state = apply(in_play(position()), Knock(1))
    seen: list[tuple[int, int]] = []
    for before, _, state in walk(state, always(Pass)):
        assert before.to_act is not None
        seen.append((before.turn.round, before.to_act))
        if state.deal_number != 1:
            break
    assert seen == [(1, 2), (1, 3), (1, 0)] + [(r, seat) for r in (2, 3, 4) for seat in (2, 3, 0)]
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.LAST_ROUND


def test_passing_has_no_lasting_effect() -> None:
    # [resolution] Peel and Britannica bar a player who passed; seed 003 is silent, and we do not
    state = passes(position(), 1 + 4)  # everyone passed in round 1
    assert state.to_act == 1
    assert exchanges_of(state) and Knock(1) in legal_actions(state)
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Pass(1))
    assert texts(state.hands[1]) == ["K♠", "K♥", "A♠"]


def test_a_closing_pass_leaves_later_exchanges_open() -> None:
    state = play(in_play(position()), Exchange(1, c("4♦"), c("A♠")), Pass(1))
    state = passes(state, 3)
    assert state.to_act == 1 and exchanges_of(state)


def test_turn_limit_ends_the_exchanges_after_that_many_turns() -> None:
    state = in_play(position(HOYLE.replace(turn_limit=3)))
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Exchange(1, c("K♥"), c("10♦")), Pass(1), Pass(2))
    assert state.deal_number == 1
    state = apply(state, Pass(3))
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.TURN_LIMIT


# ---- §6.6 end of the exchanges --------------------------------------------------------------------


def test_a_second_knock_ends_the_exchanges_at_once() -> None:
    state = play(in_play(position()), Knock(1), Pass(2), Knock(3))
    showdown = state.last_showdown
    assert showdown is not None and showdown.deal_number == 1
    assert showdown.reason is ShowdownReason.SECOND_KNOCK
    assert state.deal_number == 2  # the dealer, seat 0, had no turn: no final round


def test_a_second_knock_in_a_later_round_ends_the_exchanges_at_once() -> None:
    state = play(in_play(position()), Knock(1), Pass(2), Pass(3), Pass(0), Pass(2), Pass(3))
    assert state.turn.round == 2 and state.to_act == 0
    state = apply(state, Knock(0))
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.SECOND_KNOCK
    assert state.deal_number == 2


def test_one_knock_alone_does_not_end_the_exchanges() -> None:
    state = play(in_play(position()), Pass(1), Pass(2), Pass(3), Knock(0))
    assert state.deal_number == 1 and state.turn.round == 2 and state.to_act == 1


def test_after_the_last_round_the_showdown_follows() -> None:
    state = to_showdown(position())
    assert state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.LAST_ROUND
    assert state.last_showdown.hands == tuple(cards(hand) for hand in HANDS)


# ---- §6.7 hands ----------------------------------------------------------------------------------


def test_categories_best_to_worst_tricon_sequence_flush_pair_point() -> None:
    ladder = ["2♣ 2♦ 2♥", "Q♠ K♠ A♠", "A♥ K♥ J♥", "A♣ A♦ K♠", "A♠ K♥ Q♦"]
    values = [evaluate(hand, HOYLE) for hand in ladder]
    assert [v.category for v in values] == [
        Category.TRICON,
        Category.SEQUENCE,
        Category.FLUSH,
        Category.PAIR,
        Category.POINT,
    ]
    assert values[0] > values[1] > values[2] > values[3] > values[4]
    assert evaluate("2♣ 3♣ 5♣", HOYLE) > evaluate("A♠ A♥ K♦", HOYLE)  # the lowest flush beats every pair


def test_tricons_compare_by_rank_ace_highest() -> None:
    assert evaluate("A♣ A♦ A♥", HOYLE) > evaluate("K♣ K♦ K♥", HOYLE) > evaluate("2♣ 2♦ 2♥", HOYLE)


def test_sequences_ace_king_queen_highest_ace_two_three_lowest_king_ace_two_never() -> None:
    top, low = evaluate("A♦ K♦ Q♦", HOYLE), evaluate("A♣ 2♣ 3♣", HOYLE)
    assert top.category is low.category is Category.SEQUENCE
    assert low < evaluate("2♠ 3♠ 4♠", HOYLE) < evaluate("J♥ Q♥ K♥", HOYLE) < top
    assert evaluate("K♣ A♣ 2♣", HOYLE).category is Category.FLUSH


def test_flushes_compare_by_point_total_then_by_ranks() -> None:
    assert evaluate("K♥ Q♥ 9♥", HOYLE) > evaluate("A♣ 9♣ 4♣", HOYLE)  # 29 against 24
    assert evaluate("K♥ 10♥ 2♥", HOYLE) > evaluate("Q♣ J♣ 2♣", HOYLE)  # 22 each: the king decides
    assert evaluate("K♥ Q♥ 2♥", HOYLE) > evaluate("K♠ J♠ 2♠", HOYLE)  # 22 each, K each: the queen decides
    assert evaluate("A♥ 9♥ 4♥", HOYLE) == evaluate("A♣ 9♣ 4♣", HOYLE)


def test_pairs_compare_by_the_pairs_rank_then_the_odd_card() -> None:
    assert evaluate("3♠ 3♥ 2♦", HOYLE) > evaluate("2♠ 2♥ A♦", HOYLE)
    assert evaluate("7♠ 7♥ K♦", HOYLE) > evaluate("7♣ 7♦ Q♠", HOYLE)
    assert evaluate("7♠ 7♥ K♦", HOYLE) == evaluate("7♣ 7♦ K♠", HOYLE)


def test_point_is_the_total_of_all_three_cards_whatever_their_suits() -> None:
    value = evaluate("A♠ K♥ 4♦", HOYLE)
    assert value.category is Category.POINT
    assert evaluate("A♠ K♥ 4♦", HOYLE) > evaluate("K♠ Q♥ 3♦", HOYLE)  # 25 against 23
    assert evaluate("A♠ K♥ 4♦", HOYLE) == evaluate("A♥ K♠ 4♣", HOYLE)
    # suits do not matter for the point: two suited cards count no more than three suits
    assert evaluate("A♠ K♠ 4♦", HOYLE) == evaluate("A♠ K♥ 4♦", HOYLE)


def test_equal_points_compare_by_the_highest_differing_rank() -> None:
    assert evaluate("A♠ 5♥ 3♦", HOYLE) > evaluate("K♠ 6♥ 3♦", HOYLE)  # 19 each: the ace decides
    assert evaluate("K♠ 9♥ 2♦", HOYLE) > evaluate("K♦ 8♣ 3♥", HOYLE)  # 21 each: 9 against 8
    assert evaluate("K♠ Q♥ 5♦", HOYLE) > evaluate("K♦ J♣ 5♥", HOYLE)  # 25 each, K each: the queen decides
    assert evaluate("K♠ Q♥ 5♦", HOYLE) == evaluate("K♦ Q♣ 5♥", HOYLE)  # exact equals are ties


# ---- §6.8 showdown ---------------------------------------------------------------------------


def test_the_best_hand_takes_the_prize_from_the_pool() -> None:
    state = to_showdown(position())
    showdown = state.last_showdown
    assert showdown is not None and showdown.winner == 1
    assert showdown.payments == ((None, 1, 1),)
    assert state.pot == 12 - 1 and state.balances == (-3, -2, -3, -3)


def test_prize_sets_what_the_best_hand_takes() -> None:
    # [resolution] Peel's Pool Commerce: a sum arranged beforehand
    state = to_showdown(position(HOYLE.replace(prize=4)))
    assert state.last_showdown is not None and state.last_showdown.payments == ((None, 1, 4),)
    assert state.pot == 8 and state.balances == (-3, 1, -3, -3)


def test_the_best_hand_takes_all_that_is_left_when_the_pool_holds_less_than_the_prize() -> None:
    state = to_showdown(position(HOYLE.replace(prize=20)))
    assert state.last_showdown is not None and state.last_showdown.payments == ((None, 1, 12),)
    assert state.pot == 0 and state.balances == (-3, 9, -3, -3)
    # the next showdown finds the pool empty: no payment at all, not a zero entry
    state = to_showdown(state)
    assert state.last_showdown is not None and state.last_showdown.deal_number == 2
    assert state.last_showdown.payments == ()
    assert state.pot == 0 and sum(state.balances) == 0


def test_an_exact_tie_for_the_best_hand_goes_to_the_eldest_first_the_dealer_last() -> None:
    flush_a, flush_b, low = "A♥ 9♥ 4♥", "A♣ 9♣ 4♣", "2♣ 5♦ 7♠"
    hands = [flush_a, low, "3♦ 6♥ Q♣", flush_b]  # seats 0 (the dealer) and 3 tie
    state = to_showdown(position(hands=hands, widow="K♠ 10♦ 2♥"))
    assert state.last_showdown is not None and state.last_showdown.winner == 3
    hands = [low, flush_a, "3♦ 6♥ Q♣", flush_b]  # seats 1 (the eldest) and 3 tie
    state = to_showdown(position(hands=hands, widow="K♠ 10♦ 2♥"))
    assert state.last_showdown is not None and state.last_showdown.winner == 1
    state = to_showdown(position(hands=hands, widow="K♠ 10♦ 2♥", dealer=2))  # eldest 3: seat 3 before seat 1
    assert state.last_showdown is not None and state.last_showdown.winner == 3
    assert state.last_showdown.payments == ((None, 3, 1),)


def test_the_lowest_hand_loses_a_counter_the_rise() -> None:
    before = position()
    state = to_showdown(before)
    showdown = state.last_showdown
    assert showdown is not None and showdown.losers == (0,)
    assert state.lives == (2, 3, 3, 3)
    assert showdown.values[0] == evaluate(HANDS[0], HOYLE)


def test_the_rise_moves_no_points() -> None:
    # the counter goes to the pool, but counters are not points: only the prize moves
    state = to_showdown(position())
    assert state.pot == 12 - 1
    assert state.balances[0] == -3  # the loser pays nothing
    assert state.last_showdown is not None and all(payee == 1 for _, payee, _ in state.last_showdown.payments)


def test_every_player_tied_for_the_lowest_hand_loses_a_counter() -> None:
    hands = [LOW_A, BEST, LOW_B, "3♦ 6♥ Q♣"]
    state = to_showdown(position(hands=hands))
    assert state.last_showdown is not None
    assert state.last_showdown.values[0] == state.last_showdown.values[2]
    assert state.last_showdown.losers == (0, 2)
    assert state.lives == (2, 3, 2, 3)


def test_a_showdown_that_would_take_every_active_players_last_counter_takes_none() -> None:
    state = deal_position(HOYLE, hands=[LOW_A, LOW_B, LOW_C], dealer=0, widow="A♠ K♦ 3♠", lives=[1, 1, 1])
    state = to_showdown(state)
    showdown = state.last_showdown
    assert showdown is not None and len(set(showdown.values)) == 1
    assert showdown.losers == ()
    assert state.lives == (1, 1, 1)
    assert state.phase is Phase.BLIND_EXCHANGE and state.deal_number == 2  # no horse: nobody is out
    assert showdown.winner == 1  # the exact tie for the best hand goes to the eldest
    assert showdown.payments == ((None, 1, 1),)


def test_a_tie_of_all_at_the_bottom_takes_a_counter_from_each_when_some_have_more() -> None:
    state = deal_position(
        HOYLE.replace(horse=False), hands=[LOW_A, LOW_B, LOW_C], dealer=0, widow="A♠ K♦ 3♠", lives=[1, 2, 2]
    )
    state = to_showdown(state)
    assert state.last_showdown is not None and state.last_showdown.losers == (0, 1, 2)
    assert state.lives == (0, 1, 1)


# ---- §6.9 buying a horse ------------------------------------------------------------------------


def first_out(rules: Rules = HOYLE, **overrides: object) -> GameState:
    """Seat 0 (the dealer) loses its last counter at the first showdown."""
    return to_showdown(position(rules, lives=[1, 3, 3, 3], **overrides))


def test_the_first_player_out_is_asked_at_once_whether_to_buy_a_horse() -> None:
    state = first_out()
    assert state.phase is Phase.HORSE and state.to_act == 0
    assert state.lives == (0, 3, 3, 3)
    assert set(legal_actions(state)) == {BuyHorse(0), Pass(0)} and len(legal_actions(state)) == 2
    # right after the showdown, before the next deal
    assert state.last_showdown is not None and state.last_showdown.losers == (0,)
    assert state.deal_number == 1 and not state.is_over


def test_buying_a_horse_gives_one_counter_for_a_third_of_the_stake_into_the_pool() -> None:
    state = first_out()
    pool, balance = state.pot, state.balances[0]
    state = apply(state, BuyHorse(0))
    assert state.lives == (1, 3, 3, 3)
    assert state.balances[0] == balance - 1 and state.pot == pool + 1
    assert sum(state.balances) + state.pot == 0
    assert state.score.horse_bought
    # and play on: the next deal is dealt, with cards for the horse's buyer
    assert state.deal_number == 2 and state.phase is Phase.BLIND_EXCHANGE
    assert len(state.hands[0]) == 3


@pytest.mark.parametrize("stake", [1, 2, 3, 4, 5, 6, 7, 9, 10])
def test_the_horse_costs_a_third_of_the_stake_rounded_up(stake: int) -> None:
    # [resolution] the seed says "usually a third of the stake, or by agreement"
    state = first_out(HOYLE.replace(stake=stake))
    pool, balance = state.pot, state.balances[0]
    state = apply(state, BuyHorse(0))
    price = -(-stake // 3)
    assert price == math.ceil(stake / 3)
    assert state.balances[0] == balance - price and state.pot == pool + price


def test_declining_the_horse_leaves_the_player_out() -> None:
    state = apply(first_out(), Pass(0))
    assert state.lives == (0, 3, 3, 3) and not state.score.horse_bought
    assert state.deal_number == 2 and state.hands[0] == ()
    assert state.pot == 12 - 1


def test_the_horse_is_offered_only_to_the_first_player_out() -> None:
    # seat 1 is out already (a player out before this position): seat 0, out now, is not the first
    state = deal_position(
        HOYLE, hands=[LOW_A, "", "7♠ 8♠ J♣", BEST], dealer=0, widow=WIDOW, lives=[1, 0, 3, 3]
    )
    state = to_showdown(state)
    assert state.lives == (0, 0, 3, 3)
    assert state.phase is Phase.BLIND_EXCHANGE and state.deal_number == 2


def test_the_horse_is_bought_only_once_per_match() -> None:
    state = apply(first_out(seed=8), BuyHorse(0))
    outs = 0
    for _ in range(100):  # pass every deal to the end of the match: others go out, nobody is asked again
        if state.is_over:
            break
        lives_before = state.lives
        state = to_showdown(state)
        assert state.phase is not Phase.HORSE
        outs += sum(1 for seat in range(4) if lives_before[seat] > 0 and state.lives[seat] == 0)
    assert state.is_over and outs >= 2


def test_after_a_declined_horse_nobody_else_is_asked() -> None:
    state = apply(first_out(seed=8), Pass(0))
    outs = 0
    for _ in range(100):
        if state.is_over:
            break
        lives_before = state.lives
        state = to_showdown(state)
        assert state.phase is not Phase.HORSE
        outs += sum(1 for seat in range(4) if lives_before[seat] > 0 and state.lives[seat] == 0)
    assert state.is_over and outs >= 2


def test_without_the_horse_option_nobody_is_asked() -> None:
    state = first_out(HOYLE.replace(horse=False))
    assert state.phase is Phase.BLIND_EXCHANGE and state.deal_number == 2
    assert state.lives == (0, 3, 3, 3) and state.hands[0] == ()


def test_several_out_at_once_the_one_nearest_the_dealers_left_is_asked() -> None:
    # [resolution] seats 0, 1 and 2 lose their last counter together; dealer 1, so seat 2 is nearest its left
    hands = [LOW_A, LOW_B, LOW_C, BEST]
    state = to_showdown(position(hands=hands, dealer=1, widow="A♠ 10♦ 3♠", lives=[1, 1, 1, 3]))
    assert state.lives == (0, 0, 0, 3)
    assert state.phase is Phase.HORSE and state.to_act == 2
    assert set(legal_actions(state)) == {BuyHorse(2), Pass(2)}
    # the others are not asked: the answer deals the next deal
    state = apply(state, BuyHorse(2))
    assert state.lives == (0, 0, 1, 3)
    assert state.deal_number == 2 and state.phase is Phase.BLIND_EXCHANGE


def test_the_horse_is_asked_before_the_match_can_end() -> None:
    # seats 0 and 1 go out together, leaving seat 2 alone: seat 0 (the eldest) is asked first
    rules = HOYLE
    start = deal_position(rules, hands=[LOW_A, LOW_B, BEST], dealer=2, widow=WIDOW, lives=[1, 1, 3])
    state = to_showdown(start)
    assert state.phase is Phase.HORSE and state.to_act == 0 and not state.is_over
    assert state.winners == ()
    bought = apply(state, BuyHorse(0))
    assert not bought.is_over and bought.lives == (1, 0, 3) and bought.deal_number == 2
    assert bought.hands[1] == () and len(bought.hands[0]) == 3
    declined = apply(state, Pass(0))
    assert declined.is_over and declined.winners == (2,)


def test_the_horse_question_accepts_only_buy_horse_or_pass() -> None:
    state = first_out()
    with pytest.raises(IllegalActionError):
        apply(state, Knock(0))
    with pytest.raises(IllegalActionError):
        apply(state, BuyHorse(1))
    with pytest.raises(IllegalActionError):
        apply(state, Pass(1))
    # and outside the question, nobody may buy a horse
    with pytest.raises(IllegalActionError):
        apply(position(), BuyHorse(0))
    with pytest.raises(IllegalActionError):
        apply(in_play(position(lives=[1, 3, 3, 3])), BuyHorse(1))


def test_the_horse_is_recorded_on_the_question_and_the_observations() -> None:
    state = first_out()
    for seat in range(4):
        view = observe(state, seat)
        assert view.phase is Phase.HORSE and view.to_act == 0 and view.lives == (0, 3, 3, 3)
    after = apply(state, BuyHorse(0))
    assert all(observe(after, seat).score.horse_bought for seat in range(4))


# ---- §6.10 end --------------------------------------------------------------------------------


def test_the_survivor_takes_everything_left_in_the_pool_and_wins() -> None:
    start = deal_position(HOYLE, hands=["", LOW_A, BEST, ""], dealer=1, widow=WIDOW, lives=[0, 1, 2, 0])
    pool = start.pot
    assert pool > 1
    state = to_showdown(start)
    assert state.is_over and state.phase is Phase.OVER
    assert state.winners == (2,)
    assert state.pot == 0
    showdown = state.last_showdown
    assert showdown is not None
    # one entry per transfer: the prize, then the rest of the pool to the survivor
    assert showdown.payments == ((None, 2, 1), (None, 2, pool - 1))
    assert state.balances[2] == start.balances[2] + pool and sum(state.balances) == 0
    assert state.to_act is None and legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, Pass(2))


def test_the_survivor_of_a_declined_horse_takes_the_rest_of_the_pool() -> None:
    state = deal_position(HOYLE, hands=[LOW_A, LOW_B, BEST], dealer=2, widow=WIDOW, lives=[1, 1, 3])
    state = apply(to_showdown(state), Pass(0))
    assert state.is_over and state.winners == (2,) and state.pot == 0
    assert state.last_showdown is not None
    assert state.last_showdown.payments == ((None, 2, 1), (None, 2, 8))
    assert state.balances == (-3, -3, 6)


def test_an_empty_pool_at_the_end_pays_no_zero_entry() -> None:
    rules = HOYLE.replace(prize=20)
    start = deal_position(rules, hands=["", LOW_A, BEST, ""], dealer=1, widow=WIDOW, lives=[0, 1, 2, 0])
    state = to_showdown(start)
    assert state.is_over and state.last_showdown is not None
    assert state.last_showdown.payments == ((None, 2, start.pot),)  # the prize took it all: no (None, 2, 0)
    assert state.balances[2] == start.balances[2] + start.pot and state.pot == 0


@given(st.permutations(range(52)), st.integers(1, 3), st.integers(0, 11))
def test_a_blind_exchange_is_the_same_whatever_the_order_of_the_cards_it_names(order: list[int], size: int, seat: int) -> None:
    take = [Card.from_index(index) for index in order[:size]]
    action = BlindExchange(seat, take)
    assert action.take == tuple(sorted(take)) == BlindExchange(seat, tuple(reversed(take))).take
    assert action == BlindExchange(seat, tuple(reversed(take))) and hash(action) == hash(BlindExchange(seat, reversed(take)))
