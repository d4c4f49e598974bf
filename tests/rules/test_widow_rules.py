"""Widow and lives (preset ``CRP``): one test per rule of RULES.md §2.

Positions are built with :func:`deal_position`, so every test knows each
card; the invariants at the end play random legal actions with hypothesis.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_52,
    Card,
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
from commerce_rules.core.state import clockwise_from

from helpers import Policy, always, c, passes, play, texts, walk

# A 4-player position, dealer 0, eldest 1. Values under CRP:
# seat 0 point 16 (the lowest), seat 1 a pair of kings (the best),
# seat 2 point 25, seat 3 point 19.
HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "3♦ 6♥ Q♣"]
WIDOW = "A♠ 10♦ 2♥"



def position(rules: Rules = CRP, **overrides: object) -> GameState:
    """The 4-player position above, with any argument of ``deal_position`` overridden."""
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "widow": WIDOW}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]



# ---- §2.1 lives ---------------------------------------------------------------------------------


def test_lives_start_at_starting_lives() -> None:
    assert new_game(CRP, 4, seed=1).lives == (3, 3, 3, 3)
    assert new_game(CRP.replace(starting_lives=5), 6, seed=1).lives == (5,) * 6
    assert position().lives == (3, 3, 3, 3)


def test_no_pot_and_no_ante() -> None:
    state = new_game(CRP, 5, seed=3)
    assert state.pot == 0 and state.balances == (0,) * 5
    state = passes(state, 10)  # a stall: a whole deal is settled, the next one dealt
    assert state.deal_number == 2
    assert state.pot == 0 and state.balances == (0,) * 5
    assert state.last_showdown is not None and state.last_showdown.payments == ()


# ---- §2.2 deal -----------------------------------------------------------------------------------


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {seed: new_game(CRP, 5, seed=seed).dealer for seed in range(40)}
    assert dealers == {seed: new_game(CRP, 5, seed=seed).dealer for seed in range(40)}
    assert len(set(dealers.values())) > 1  # a draw, not a fixed seat
    assert new_game(CRP, 5, seed=0, dealer=3).dealer == 3


def test_three_hidden_cards_each_then_a_face_up_widow_of_three() -> None:
    state = new_game(CRP, 6, seed=11, dealer=2)
    assert [len(hand) for hand in state.hands] == [3] * 6
    assert len(state.widow) == 3
    assert len(state.stock) == 52 - 6 * 3 - 3
    everything = [card for hand in state.hands for card in hand] + list(state.widow) + list(state.stock)
    assert sorted(everything) == sorted(DECK_52)
    view = observe(state, 4)
    assert view.widow == state.widow  # the widow is face up
    assert view.hand == state.hands[4] and view.hand_sizes == (3,) * 6
    assert state.to_act == 3  # the eldest, on the dealer's left, acts first


# ---- §2.3 turn: exchange, pass, knock --------------------------------------------------------------


def test_exchange_swaps_one_hand_card_and_one_widow_card() -> None:
    state = apply(position(), Exchange(1, c("4♦"), c("A♠")))
    assert texts(state.hands[1]) == ["K♠", "K♥", "A♠"]
    assert texts(state.widow) == ["4♦", "10♦", "2♥"]  # the given card takes the taken card's place
    assert len(state.widow) == 3
    assert state.to_act == 2  # one exchange is the whole turn


def test_both_cards_of_an_exchange_are_public() -> None:
    state = apply(position(), Exchange(1, c("4♦"), c("A♠")))
    event = state.history[-1]
    assert event.kind is EventKind.EXCHANGE and event.visible_to is None
    for seat in range(4):
        seen = observe(state, seat)
        assert seen.history[-1].cards == (c("4♦"), c("A♠"))
        assert c("4♦") in seen.widow


def test_exchange_needs_a_hand_card_and_a_widow_card() -> None:
    state = position()
    with pytest.raises(IllegalActionError, match="does not hold 2♣"):
        apply(state, Exchange(1, c("2♣"), c("A♠")))
    with pytest.raises(IllegalActionError, match="not in the widow"):
        apply(state, Exchange(1, c("4♦"), c("3♠")))
    with pytest.raises(IllegalActionError, match="seat 1's turn"):
        apply(state, Exchange(2, c("7♠"), c("A♠")))


def test_pass_ends_the_turn_and_moves_no_card() -> None:
    before = position()
    after = apply(before, Pass(1))
    assert after.to_act == 2
    assert after.hands == before.hands and after.widow == before.widow and after.stock == before.stock


def test_turn_offers_exactly_exchange_pass_or_knock() -> None:
    state = position()
    actions = legal_actions(state)
    exchanges = {(a.give, a.take) for a in actions if isinstance(a, Exchange)}
    assert exchanges == {(give, take) for give in state.hands[1] for take in state.widow}
    assert Pass(1) in actions and Knock(1) in actions
    assert len(actions) == 9 + 2


def test_knock_gives_every_other_active_player_one_final_turn_clockwise() -> None:
    state = apply(position(), Pass(1))  # dealer 0: the eldest, seat 1, passes; seat 2 knocks
    state = apply(state, Knock(2))
    assert state.phase is Phase.FINAL_ROUND
    order = []
    for before, _, state in walk(state, always(Pass)):
        order.append(before.to_act)
        if state.deal_number != 1:
            break
    assert order == [3, 0, 1]  # clockwise from the knocker's left, the knocker excluded
    assert state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.FINAL_ROUND


def test_final_turn_may_exchange_or_pass_but_not_knock() -> None:
    state = play(position(), Knock(1))
    actions = legal_actions(state)
    assert Pass(2) in actions
    assert any(isinstance(a, Exchange) for a in actions)
    assert not any(isinstance(a, Knock) for a in actions)
    state = apply(state, Exchange(2, c("J♣"), c("10♦")))
    assert texts(state.hands[2]) == ["7♠", "8♠", "10♦"]
    assert state.phase is Phase.FINAL_ROUND and state.to_act == 3


def test_only_one_knock_per_deal() -> None:
    state = play(position(), Knock(1))
    with pytest.raises(IllegalActionError, match="only one knock per deal"):
        apply(state, Knock(2))
    state = play(state, Pass(2), Pass(3), Pass(0))
    assert state.deal_number == 2  # the knocker had no second turn
    knocks = [e for e in play(position(), Knock(1), Pass(2), Pass(3)).history if e.kind is EventKind.KNOCK]
    assert len(knocks) == 1


def test_knock_final_round_skips_eliminated_players() -> None:
    state = deal_position(CRP, hands=[HANDS[0], "", HANDS[2], HANDS[3]], dealer=0, widow=WIDOW, lives=[2, 0, 2, 2])
    assert state.to_act == 2  # the eldest active player
    state = apply(state, Knock(2))
    assert state.to_act == 3
    state = apply(state, Pass(3))
    assert state.to_act == 0
    state = apply(state, Pass(0))
    assert state.deal_number == 2


def test_a_knock_is_a_whole_turn() -> None:
    state = apply(position(CRP.replace(exchanges_per_turn=2)), Exchange(1, c("4♦"), c("A♠")))
    assert state.to_act == 1  # still seat 1's turn
    assert Knock(1) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="a knock is a whole turn"):
        apply(state, Knock(1))


# ---- §2.4 stall --------------------------------------------------------------------------------------


def test_stall_after_two_passes_by_every_active_player() -> None:
    state = passes(position(), 7)
    assert state.deal_number == 1 and state.phase is Phase.PLAY
    state = passes(state, 1)
    # [resolution] the showdown follows at once: no final round after the 8th pass
    assert state.deal_number == 2
    assert state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.STALL
    assert state.last_showdown.deal_number == 1


def test_an_exchange_restarts_the_stall_count() -> None:
    state = passes(position(), 7)  # seats 1 2 3 0 1 2 3
    state = apply(state, Exchange(0, c("2♣"), c("A♠")))
    state = passes(state, 7)
    assert state.deal_number == 1
    state = passes(state, 1)
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.STALL


@pytest.mark.parametrize("stall_passes", [1, 3])
def test_stall_passes_sets_the_passes_each_that_end_the_exchanges(stall_passes: int) -> None:
    state = passes(position(CRP.replace(stall_passes=stall_passes)), 4 * stall_passes - 1)
    assert state.deal_number == 1
    state = passes(state, 1)
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.STALL


def test_stall_counts_only_active_players() -> None:
    state = deal_position(CRP, hands=[HANDS[0], "", HANDS[2], HANDS[3]], dealer=0, widow=WIDOW, lives=[2, 0, 2, 2])
    state = passes(state, 5)
    assert state.deal_number == 1
    state = passes(state, 1)  # 2 x 3 active players
    assert state.deal_number == 2


# ---- §2 options: exchanges_per_turn, turn_limit ------------------------------------------------


@pytest.mark.parametrize(
    ("per_turn", "hand", "widow"),
    [
        (2, ["K♠", "10♦", "A♠"], ["4♦", "K♥", "2♥"]),
        (3, ["2♥", "10♦", "A♠"], ["4♦", "K♥", "K♠"]),
    ],
)
def test_exchanges_per_turn_keeps_the_turn_until_that_many(per_turn: int, hand: list[str], widow: list[str]) -> None:
    state = position(CRP.replace(exchanges_per_turn=per_turn))
    moves = [("4♦", "A♠"), ("K♥", "10♦"), ("K♠", "2♥")][:per_turn]
    for number, (give, take) in enumerate(moves):
        assert state.to_act == 1 and state.turn.exchanges == number
        assert (Knock(1) in legal_actions(state)) == (number == 0)  # no knock after an exchange
        assert Pass(1) in legal_actions(state)
        state = apply(state, Exchange(1, c(give), c(take)))
    assert state.to_act == 2  # the last allowed exchange ends the turn
    assert state.turn.exchanges == 0 and state.turn.given == ()
    assert texts(state.hands[1]) == hand
    assert texts(state.widow) == widow


def test_a_closing_pass_ends_the_turn_and_does_not_count_toward_a_stall() -> None:
    state = position(CRP.replace(exchanges_per_turn=2))
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Pass(1))
    assert state.to_act == 2 and state.turn.exchanges == 0
    state = passes(state, 7)  # seats 2 3 0 1 2 3 0: with the closing pass that would be 8
    assert state.deal_number == 1
    state = passes(state, 1)
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.STALL


def test_a_card_put_into_the_widow_cannot_be_taken_back_that_turn() -> None:
    state = position(CRP.replace(exchanges_per_turn=3))
    state = apply(state, Exchange(1, c("4♦"), c("A♠")))
    assert not any(isinstance(a, Exchange) and a.take == c("4♦") for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="cannot be taken back"):
        apply(state, Exchange(1, c("A♠"), c("4♦")))
    # on a later turn it may be taken again, by anyone, the giver too
    state = apply(state, Pass(1))
    assert Exchange(2, c("J♣"), c("4♦")) in legal_actions(state)
    state = passes(state, 3)
    assert state.to_act == 1 and Exchange(1, c("A♠"), c("4♦")) in legal_actions(state)


def test_turn_limit_ends_the_deal_after_that_many_turns() -> None:
    state = position(CRP.replace(turn_limit=3))
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Pass(2))
    assert state.deal_number == 1
    state = apply(state, Exchange(3, c("3♦"), c("4♦")))
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.TURN_LIMIT


def test_turn_limit_counts_a_turn_of_several_exchanges_once() -> None:
    state = position(CRP.replace(turn_limit=2, exchanges_per_turn=2))
    state = play(state, Exchange(1, c("4♦"), c("A♠")), Exchange(1, c("K♥"), c("10♦")))
    assert state.deal_number == 1 and state.to_act == 2
    state = apply(state, Pass(2))
    assert state.deal_number == 2 and state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.TURN_LIMIT


# ---- §2.6 showdown ---------------------------------------------------------------------------------


def test_lowest_hand_loses_a_life() -> None:
    state = passes(position(), 8)
    showdown = state.last_showdown
    assert showdown is not None
    assert showdown.losers == (0,)
    assert state.lives == (2, 3, 3, 3)
    assert showdown.values[0] == evaluate(HANDS[0], CRP)
    assert showdown.hands == tuple(tuple(Card.parse(t) for t in h.split()) for h in HANDS)


def test_every_player_tied_for_the_lowest_loses_a_life() -> None:
    hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "2♦ 5♥ 9♣", "3♦ 6♥ Q♣"]  # seats 0 and 2: point 16 each
    state = passes(position(hands=hands), 8)
    assert state.last_showdown is not None
    assert state.last_showdown.values[0] == state.last_showdown.values[2]
    assert state.last_showdown.losers == (0, 2)
    assert state.lives == (2, 3, 2, 3)


def test_knocking_brings_neither_penalty_nor_bonus() -> None:
    # The knocker holds the lowest hand: they lose one life, as after a stall.
    knocked = play(position(), Pass(1), Pass(2), Pass(3), Knock(0), Pass(1), Pass(2), Pass(3))
    stalled = passes(position(), 8)
    assert knocked.last_showdown is not None and stalled.last_showdown is not None
    assert knocked.last_showdown.reason is ShowdownReason.FINAL_ROUND
    assert knocked.last_showdown.losers == stalled.last_showdown.losers == (0,)
    assert knocked.lives == stalled.lives == (2, 3, 3, 3)
    # The knocker holds the best hand: they gain nothing.
    knocked = play(position(), Knock(1), Pass(2), Pass(3), Pass(0))
    assert knocked.lives == (2, 3, 3, 3)
    assert knocked.last_showdown is not None and knocked.last_showdown.winner == 1


# ---- §2.7 elimination and end ------------------------------------------------------------------


def test_a_player_with_no_lives_left_is_eliminated() -> None:
    state = passes(position(lives=[1, 2, 2, 2]), 8)
    assert state.lives == (0, 2, 2, 2)
    assert state.last_showdown is not None and state.last_showdown.losers == (0,)
    assert not state.is_over
    assert state.hands[0] == ()  # the next deal gives the eliminated player no cards
    assert 0 not in state.active


def test_eliminated_players_get_no_cards_never_deal_and_are_skipped() -> None:
    state = deal_position(
        CRP, hands=[HANDS[0], "", HANDS[2], HANDS[3]], dealer=3, widow=WIDOW, lives=[2, 0, 2, 2], seed=5
    )
    assert state.to_act == 0  # the eldest: the dealer's left is seat 0
    seen: list[int] = []
    for _ in range(5):
        assert state.to_act is not None
        seen.append(state.to_act)
        state = apply(state, Pass(state.to_act))
    assert seen == [0, 2, 3, 0, 2]  # seat 1 is skipped
    state = apply(state, Pass(3))  # a stall after 2 x 3 passes
    assert state.deal_number == 2
    assert state.dealer == 0  # the deal passes from seat 3 to the next active seat on its left
    assert state.hands[1] == ()
    assert all(len(state.hands[seat]) == 3 for seat in (0, 2, 3))
    assert len(state.stock) == 52 - 9 - 3
    assert state.to_act == 2  # the eldest skips seat 1
    dealers = [state.dealer]
    for before, _, state in walk(state, always(Pass)):  # stall after stall to the end of the match: seat 1 never deals
        if state.deal_number != before.deal_number and not state.is_over:
            assert state.hands[1] == () and state.dealer != 1
            dealers.append(state.dealer)
    assert state.is_over
    assert dealers[:3] == [0, 2, 3]


def test_the_deal_passes_to_the_next_active_player_on_the_left() -> None:
    # seat 0 deals; seat 1 has no lives: the next dealer is seat 2
    state = deal_position(
        CRP, hands=["2♣ 5♦ 9♥", "", "K♠ K♥ 4♦", "3♦ 6♥ Q♣"], dealer=0, widow=WIDOW, lives=[3, 0, 3, 3]
    )
    state = passes(state, 6)
    assert state.deal_number == 2 and state.dealer == 2
    # an ordinary deal moves one seat left
    state = passes(position(), 8)
    assert state.dealer == 1 and state.to_act == 2


def test_the_deal_passes_over_a_dealer_just_eliminated() -> None:
    # seat 0 deals and loses its last life: the next dealer is seat 1
    state = passes(position(lives=[1, 3, 3, 3]), 8)
    assert state.lives[0] == 0 and state.dealer == 1 and state.to_act == 2
    # seat 3 deals and seat 0 (its left) is eliminated: the deal skips seat 0
    hands = ["3♦ 6♥ Q♣", "K♠ K♥ 4♦", "7♠ 8♠ J♣", "2♣ 5♦ 9♥"]
    state = passes(position(hands=hands, dealer=3, lives=[3, 3, 3, 1]), 8)
    assert state.lives == (3, 3, 3, 0)
    assert state.dealer == 0


def test_the_match_ends_with_one_survivor_who_wins() -> None:
    state = deal_position(
        CRP, hands=["", "2♣ 5♦ 9♥", "K♠ K♥ 4♦", ""], dealer=1, widow=WIDOW, lives=[0, 1, 2, 0]
    )
    state = passes(state, 4)
    assert state.is_over and state.phase is Phase.OVER
    assert state.winners == (2,)
    assert state.lives == (0, 0, 2, 0)
    assert state.to_act is None and legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, Pass(2))


def test_a_showdown_that_would_take_every_last_life_takes_none() -> None:
    # [resolution] three exact equals, each on their last life: nobody loses, the deal passes on
    hands = ["2♣ 5♦ 9♥", "2♦ 5♥ 9♣", "2♥ 5♣ 9♦"]
    state = deal_position(CRP, hands=hands, dealer=0, widow="A♠ K♦ 3♠", lives=[1, 1, 1])
    state = passes(state, 6)
    showdown = state.last_showdown
    assert showdown is not None
    assert len(set(showdown.values)) == 1
    assert showdown.losers == ()
    assert state.lives == (1, 1, 1)
    assert not state.is_over
    assert state.deal_number == 2 and state.dealer == 1


def test_a_tie_of_all_at_the_bottom_takes_a_life_from_each_when_some_have_more() -> None:
    hands = ["2♣ 5♦ 9♥", "2♦ 5♥ 9♣", "2♥ 5♣ 9♦"]
    state = deal_position(CRP, hands=hands, dealer=0, widow="A♠ K♦ 3♠", lives=[1, 2, 2])
    state = passes(state, 6)
    assert state.last_showdown is not None and state.last_showdown.losers == (0, 1, 2)
    assert state.lives == (0, 1, 1)
    assert not state.is_over


def test_a_tie_at_the_bottom_between_the_last_two_can_end_nothing() -> None:
    # two active players, exactly equal, both on their last life: no life is taken
    state = deal_position(
        CRP, hands=["2♣ 5♦ 9♥", "2♦ 5♥ 9♣", ""], dealer=1, widow="A♠ K♦ 3♠", lives=[1, 1, 0]
    )
    state = passes(state, 4)
    assert state.last_showdown is not None and state.last_showdown.losers == ()
    assert state.lives == (1, 1, 0) and not state.is_over


# ---- §2.5 best hand ----------------------------------------------------------------------------------


def test_best_hand_ties_go_to_the_eldest_first_the_dealer_last() -> None:
    # seats 0 (the dealer) and 3 hold equal flushes, the best hands
    hands = ["A♥ 9♥ 4♥", "2♣ 5♦ 9♠", "3♦ 6♥ Q♣", "A♣ 9♣ 4♣"]
    state = passes(position(hands=hands, widow="K♠ 10♦ 2♥"), 8)
    assert state.last_showdown is not None
    assert state.last_showdown.values[0] == state.last_showdown.values[3]
    assert state.last_showdown.winner == 3  # the dealer last
    # seats 1 (the eldest) and 3 equal: the eldest
    hands = ["2♣ 5♦ 9♠", "A♥ 9♥ 4♥", "3♦ 6♥ Q♣", "A♣ 9♣ 4♣"]
    state = passes(position(hands=hands, widow="K♠ 10♦ 2♥"), 8)
    assert state.last_showdown is not None and state.last_showdown.winner == 1
    # seats 2 and 3 equal, dealer 1: seat 2 is the eldest
    hands = ["2♣ 5♦ 9♠", "3♦ 6♥ Q♣", "A♥ 9♥ 4♥", "A♣ 9♣ 4♣"]
    state = passes(position(hands=hands, widow="K♠ 10♦ 2♥", dealer=1), 8)
    assert state.last_showdown is not None and state.last_showdown.winner == 2
    # dealer 2: seat 3 is the eldest, seat 2 deals and comes last
    state = passes(position(hands=hands, widow="K♠ 10♦ 2♥", dealer=2), 8)
    assert state.last_showdown is not None and state.last_showdown.winner == 3


# ---- invariants -------------------------------------------------------------------------------------


def _check(state: GameState) -> None:
    """What must hold in every widow-and-lives state."""
    assert state.pot == 0 and set(state.balances) == {0}
    if state.is_over:
        assert len(state.active) == 1 and state.winners == state.active
        return
    assert len(state.widow) == 3
    cards = [card for hand in state.hands for card in hand] + list(state.widow) + list(state.stock)
    assert Counter(cards) == Counter(DECK_52)
    for seat in range(state.num_players):
        assert len(state.hands[seat]) == (3 if seat in state.active else 0)
    assert state.to_act in state.active and state.dealer in state.active
    actions = legal_actions(state)
    assert actions and all(a.player == state.to_act for a in actions)
    knock_allowed = state.phase is Phase.PLAY and state.turn.exchanges == 0
    assert (Knock(state.to_act) in actions) == knock_allowed
    assert Pass(state.to_act) in actions
    if state.phase is Phase.FINAL_ROUND:
        assert state.turn.knockers and state.to_act not in state.turn.knockers


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32),
    per_turn=st.integers(1, 3),
    lives=st.integers(1, 2),
    data=st.data(),
)
def test_widow_invariants_under_random_play(
    players: int, seed: int, per_turn: int, lives: int, data: st.DataObject
) -> None:
    rules = CRP.replace(exchanges_per_turn=per_turn, starting_lives=lives)
    state = new_game(rules, players, seed=seed)
    _check(state)
    drawn: Policy = lambda _, actions: actions[data.draw(st.integers(0, len(actions) - 1))]
    for before, _, state in walk(state, drawn, 250):
        _check(state)
        if state.showdowns != before.showdowns:
            showdown = state.showdowns[-1]
            values = showdown.values
            active = before.active
            lowest = min(values[s] for s in active)  # type: ignore[type-var]
            tied = tuple(s for s in active if values[s] == lowest)
            everyone_out = len(tied) == len(active) and all(before.lives[s] == 1 for s in tied)
            assert showdown.losers == (() if everyone_out else tied)
            assert state.lives == tuple(
                n - 1 if s in showdown.losers else n for s, n in enumerate(before.lives)
            )
            best = max(values[s] for s in active)  # type: ignore[type-var]
            eldest_first = [(before.dealer + k) % players for k in range(1, players + 1)]
            assert showdown.winner == next(s for s in eldest_first if s in active and values[s] == best)
        else:
            assert state.lives == before.lives


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 11), min_size=1), st.integers(0, 11))
def test_the_seats_after_a_seat_clockwise_are_the_later_ones_then_the_earlier_ones(seats: set[int], seat: int) -> None:
    active = tuple(sorted(seats))
    expected = tuple([s for s in active if s > seat] + [s for s in active if s <= seat])
    assert clockwise_from(active, seat) == expected


def test_the_seats_after_a_seat_clockwise_at_a_full_table_are_the_later_ones_then_the_earlier_ones() -> None:
    """A table with every seat in play reads its orders from a table made once: held to the definition."""
    for players in range(1, 13):
        active = tuple(range(players))
        for seat in range(-1, players + 1):
            expected = tuple([s for s in active if s > seat] + [s for s in active if s <= seat])
            assert clockwise_from(active, seat) == expected, (players, seat)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 11), min_size=1), st.integers(0, 11))
def test_the_next_seat_in_play_is_the_first_after_a_seat_each_way_round(seats: set[int], seat: int) -> None:
    from commerce_rules.core.state import next_active

    active = tuple(sorted(seats))
    left = [s for s in active if s > seat] + [s for s in active if s <= seat]  # clockwise, the seat itself last
    right = [s for s in reversed(active) if s < seat] + [s for s in reversed(active) if s >= seat]
    assert next_active(active, seat) == left[0]
    assert next_active(active, seat, -1) == right[0]


@pytest.mark.parametrize("in_play", range(1, 13))
def test_the_next_seat_when_every_seat_from_0_is_in_play_is_the_next_number(in_play: int) -> None:
    from commerce_rules.core.state import next_active

    active = tuple(range(in_play))
    for seat in range(12):  # a seat out of play (a dealer who lost a last life) too
        assert next_active(active, seat) == (seat + 1 if seat + 1 < in_play else 0)
        assert next_active(active, seat, -1) == (seat - 1 if 0 < seat <= in_play else in_play - 1)
