"""Pounce (preset ``POUNCE``): one test per rule of RULES.md §3, and the engine's own resolutions.

The engine's resolutions (``mechanisms/widow.py``): a pounce needs a card in
the stock to refill the widow; the question is asked before play goes on,
the first eligible player in turn order from the player whose turn it is
asked first.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_rules import (
    CRP,
    DECK_40,
    DECK_52,
    POUNCE,
    TRENTUNO,
    Card,
    Category,
    EventKind,
    Exchange,
    GameState,
    IllegalActionError,
    Knock,
    Pass,
    Phase,
    Pounce,
    Rank,
    Rules,
    SerializationError,
    ShowdownReason,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    observation_from_json,
    observation_to_json,
    observe,
    sample_state,
)

from helpers import Policy, c, cards, passes, play, walk

# dealer 0, eldest 1; seat 3 holds the tricon of 7s, no 7 in the widow yet
HANDS = ["2♣ 5♦ 9♥", "K♠ K♥ 7♣", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"]
WIDOW = "A♠ 10♦ 2♥"
STOCK = "Q♦ 6♣ 4♠"



def position(rules: Rules = POUNCE, **overrides: object) -> GameState:
    arguments: dict[str, object] = {"hands": HANDS, "dealer": 0, "widow": WIDOW, "stock": STOCK}
    arguments.update(overrides)
    return deal_position(rules, **arguments)  # type: ignore[arg-type]


def sevens(rules: Rules = POUNCE) -> GameState:
    """Seat 3 holds three 7s and the deal put 7♣ in the widow: seat 3 is asked after the deal."""
    hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"]
    return position(rules, hands=hands, widow="A♠ 7♣ 2♥")


def asked(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is being asked, out of turn, whether to pounce."""
    actions = legal_actions(state)
    answers = set(actions) == {Pounce(seat), Pass(seat)} and len(actions) == 2
    return state.phase is Phase.POUNCE and state.to_act == seat and answers


# ---- §3.1 eligibility and the refill ---------------------------------------------------------------


def test_a_tricon_may_pounce_on_the_fourth_card_in_the_widow() -> None:
    state = sevens()
    assert asked(state, 3)


def test_no_pounce_without_a_tricon_or_without_the_fourth_card() -> None:
    # a pair with both other cards of its rank in the widow: no pounce
    pair = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ Q♣"]
    state = position(hands=pair, widow="7♣ 7♦ 2♥")
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert not any(isinstance(a, Pounce) for a in legal_actions(state))
    # a tricon whose fourth card is not in the widow: no pounce
    state = position()  # seat 3's 7s; 7♣ is in seat 1's hand
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert not any(isinstance(a, Pounce) for a in legal_actions(state))
    state = passes(state, 2)
    assert state.to_act == 3 and not any(isinstance(a, Pounce) for a in legal_actions(state))


def test_pounce_takes_the_card_and_the_stocks_top_refills_the_widow() -> None:
    state = sevens()
    stock_before = state.stock
    state = apply(state, Pounce(3))
    assert state.hands[3] == cards("7♠ 7♥ 7♦ 7♣")
    assert state.widow == cards("A♠ Q♦ 2♥")  # the stock's top, in the taken card's place
    assert state.stock == stock_before[1:]
    event = state.history[-1]
    assert event.kind is EventKind.POUNCE and event.cards == (c("7♣"), c("Q♦"))
    assert event.visible_to is None
    assert observe(state, 0).hand_sizes == (3, 3, 3, 4)


# ---- §3.2 the out-of-turn question -----------------------------------------------------------------


def test_the_pounce_question_is_asked_after_the_deal() -> None:
    state = sevens()
    assert asked(state, 3)  # out of turn: the eldest, seat 1, has not played yet
    assert state.turn.turn_of == 1
    with pytest.raises(IllegalActionError, match="may not act now") as refused:
        apply(state, Pass(1))  # nobody plays on before the answer, and the refusal does not say who is asked
    assert "3" not in str(refused.value)
    with pytest.raises(IllegalActionError, match="pounce"):
        apply(state, Knock(3))  # the answer is Pounce or Pass


def test_a_pounce_uses_no_turn() -> None:
    state = position(
        POUNCE.replace(turn_limit=1),
        widow="A♠ 7♣ 2♥",
        hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"],
    )
    state = apply(state, Pounce(3))
    assert state.phase is Phase.PLAY and state.to_act == 1  # the eldest's turn, as before
    assert state.turn.turns == 0 and state.deal_number == 1
    state = apply(state, Pass(1))  # the first turn: turn_limit=1 ends the deal
    assert state.last_showdown is not None
    assert state.last_showdown.reason is ShowdownReason.TURN_LIMIT


def test_a_declined_pounce_question_that_completes_the_last_turn_ends_the_deal_and_others_see_it_wait() -> None:
    state = apply(position(POUNCE.replace(turn_limit=1)), Exchange(1, c("7♣"), c("A♠")))  # 7♣ to the widow
    assert asked(state, 3) and state.turn.turns == 0  # the question holds the first turn open
    assert observe(state, 2).to_act is None  # declined, the turn limit would end the deal: nobody is shown to act
    after = apply(state, Pass(3))
    assert after.last_showdown is not None and after.last_showdown.reason is ShowdownReason.TURN_LIMIT


def test_the_pounce_question_is_asked_after_an_exchange() -> None:
    state = apply(position(), Exchange(1, c("7♣"), c("A♠")))
    assert state.widow == cards("7♣ 10♦ 2♥")
    assert asked(state, 3)
    state = apply(state, Pounce(3))
    assert state.hands[3] == cards("7♠ 7♥ 7♦ 7♣")
    assert state.phase is Phase.PLAY and state.to_act == 2  # the exchanger's turn is over


def test_the_pounce_question_is_asked_after_a_refill() -> None:
    # seat 3 pounces on 7♣; the refill K♣ is the fourth king of seat 1
    state = position(
        widow="A♠ 7♣ 2♥",
        hands=["2♣ 5♦ 9♥", "K♠ K♥ K♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"],
        stock="K♣ Q♦",
    )
    assert asked(state, 3)
    state = apply(state, Pounce(3))
    assert state.widow == cards("A♠ K♣ 2♥")
    assert asked(state, 1)
    state = apply(state, Pounce(1))
    assert state.hands[1] == cards("K♠ K♥ K♦ K♣")
    assert state.widow == cards("A♠ Q♦ 2♥")
    assert state.phase is Phase.PLAY and state.to_act == 1


def test_the_pounce_question_is_asked_in_the_final_round() -> None:
    # seat 1 knocks; in seat 2's final turn 7♣ goes into the widow; seat 0 holds the 7s
    hands = ["7♠ 7♥ 7♦", "K♠ K♥ 4♦", "8♠ J♣ 7♣", "2♣ 5♦ 9♥"]
    state = play(position(hands=hands), Knock(1), Exchange(2, c("7♣"), c("A♠")))
    assert asked(state, 0)
    assert state.turn.resume is Phase.FINAL_ROUND
    state = apply(state, Pounce(0))
    assert state.phase is Phase.FINAL_ROUND and state.to_act == 3  # the final round goes on
    state = apply(state, Pass(3))
    assert state.to_act == 0 and set(legal_actions(state)) == {Pass(0)}  # four cards: pass only
    state = apply(state, Pass(0))
    showdown = state.last_showdown
    assert showdown is not None and showdown.reason is ShowdownReason.FINAL_ROUND
    assert showdown.winner == 0 and showdown.values[0] is not None
    assert showdown.values[0].category is Category.QUAD


def test_a_knocker_may_pounce_in_the_final_round() -> None:
    hands = ["2♣ 5♦ 9♥", "7♠ 7♥ 7♦", "8♠ J♣ 7♣", "K♠ K♥ 4♦"]
    state = play(position(hands=hands), Knock(1), Exchange(2, c("7♣"), c("A♠")))
    assert asked(state, 1)
    state = apply(state, Pounce(1))
    assert len(state.hands[1]) == 4
    assert state.phase is Phase.FINAL_ROUND and state.to_act == 3
    state = passes(state, 2)  # seats 3 and 0; the knocker gets no further turn
    showdown = state.last_showdown
    assert showdown is not None and showdown.deal_number == 1
    assert showdown.winner == 1 and showdown.hands[1] == cards("7♠ 7♥ 7♦ 7♣")


def test_passing_declines_until_the_widow_changes() -> None:
    state = sevens()
    state = apply(state, Pass(3))  # declined
    assert state.history[-1].kind is EventKind.POUNCE_DECLINED
    assert state.phase is Phase.PLAY and state.to_act == 1
    state = passes(state, 2)  # seats 1 and 2 pass: the widow is unchanged, no question
    assert state.phase is Phase.PLAY and state.to_act == 3
    assert not any(isinstance(a, Pounce) for a in legal_actions(state))
    state = apply(state, Pass(3))
    state = apply(state, Exchange(0, c("2♣"), c("A♠")))  # the widow changes, 7♣ still in it
    assert asked(state, 3)


def test_declining_a_pounce_does_not_count_toward_a_stall() -> None:
    state = sevens()
    state = apply(state, Pass(3))  # declines the pounce
    state = passes(state, 7)
    assert state.deal_number == 1
    state = passes(state, 1)  # the 8th pass of a turn (2 x 4)
    assert state.last_showdown is not None and state.last_showdown.reason is ShowdownReason.STALL


def test_two_eligible_players_are_asked_in_turn_order_from_the_eldest_after_the_deal() -> None:
    hands = ["2♣ 5♦ 9♥", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "7♠ 7♥ 7♦"]
    state = position(hands=hands, widow="7♣ K♣ 2♥")  # dealer 0: turn order 1, 2, 3, 0
    assert asked(state, 2)
    state = apply(state, Pass(2))
    assert asked(state, 3)
    state = apply(state, Pass(3))
    assert state.phase is Phase.PLAY and state.to_act == 1
    state = position(hands=hands, widow="7♣ K♣ 2♥", dealer=2)  # turn order 3, 0, 1, 2
    assert asked(state, 3)
    state = apply(state, Pounce(3))
    assert asked(state, 2)  # the widow changed, and the kings' fourth is still there


def test_two_eligible_players_are_asked_in_turn_order_from_the_player_whose_turn_it_is() -> None:
    # dealer 0; seat 2 holds the kings, seat 0 the 7s, both fourths in the widow
    hands = ["7♠ 7♥ 7♦", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "2♣ 5♦ 9♥"]
    state = position(hands=hands, widow="7♣ K♣ 2♥")
    state = play(state, Pass(2), Pass(0))  # both decline after the deal
    state = play(state, Pass(1), Pass(2))
    state = apply(state, Exchange(3, c("9♥"), c("2♥")))  # seat 3's turn changes the widow
    assert asked(state, 0)  # from seat 3: seat 0 comes before seat 2
    state = apply(state, Pass(0))
    assert asked(state, 2)
    state = apply(state, Pass(2))
    assert state.phase is Phase.PLAY and state.to_act == 0


def test_after_an_exchange_the_exchanger_is_asked_first() -> None:
    # The exchanger's turn ends only once the question is answered, so the
    # order starts from the exchanger: seat 1 takes 7♦ and sees 7♣ in the
    # widow, while seat 3's kings see K♣ again (the widow changed).
    hands = ["2♣ 5♦ 9♥", "7♠ 7♥ 4♦", "8♠ J♣ 3♣", "K♠ K♥ K♦"]
    state = position(hands=hands, widow="7♦ 7♣ K♣")
    assert asked(state, 3)
    state = play(state, Pass(3), Exchange(1, c("4♦"), c("7♦")))
    assert asked(state, 1)
    state = apply(state, Pounce(1))
    assert state.widow == cards("4♦ Q♦ K♣")
    assert asked(state, 3)
    state = apply(state, Pass(3))
    assert state.phase is Phase.PLAY and state.to_act == 2


# ---- §3.3 the question is private ------------------------------------------------------------------


def test_3_3_only_the_asked_seat_sees_a_pending_pounce_question() -> None:
    state = sevens()  # seat 3 is asked after the deal; the eldest, seat 1, is to play
    assert asked(state, 3)
    mine = observe(state, 3)
    assert mine.phase is Phase.POUNCE and mine.to_act == 3
    for seat in (0, 1, 2):  # the table as if no question were pending: whose turn it is, the phase
        view = observe(state, seat)
        assert view.phase is Phase.PLAY and view.to_act == 1 and view.turn.resume is None


def test_3_3_a_declined_pounce_leaves_no_trace_another_seat_can_see() -> None:
    state = sevens()
    declined = apply(state, Pass(3))
    assert declined.turn.declined == (3,) and declined.history[-1].kind is EventKind.POUNCE_DECLINED
    for seat in (0, 1, 2):  # not in the history, not in any field: the view is the one before the question
        assert observe(declined, seat) == observe(state, seat)
        assert observe(declined, seat).turn.declined == ()
        assert all(event.kind is not EventKind.POUNCE_DECLINED for event in observe(declined, seat).history)
    mine = observe(declined, 3)  # the seat that declined knows it did
    assert mine.turn.declined == (3,) and mine.history[-1].kind is EventKind.POUNCE_DECLINED


def test_3_3_a_pounce_taken_is_public() -> None:
    pounced = apply(sevens(), Pounce(3))
    for seat in (0, 1, 2):
        view = observe(pounced, seat)
        assert view.history[-1].kind is EventKind.POUNCE and view.history[-1].cards == cards("7♣ Q♦")
        assert view.hand_sizes[3] == 4 and view.widow == cards("A♠ Q♦ 2♥")


def test_3_3_a_seat_that_could_pounce_too_sees_its_own_question_when_it_is_asked() -> None:
    hands = ["2♣ 5♦ 9♥", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "7♠ 7♥ 7♦"]
    state = position(hands=hands, widow="7♣ K♣ 2♥")  # seat 2 is asked first, then seat 3
    assert asked(state, 2)
    assert observe(state, 3).phase is Phase.PLAY and observe(state, 3).to_act == 1  # not yet asked
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Pounce(3))  # its answer waits for its question
    assert "2" not in str(refused.value)
    state = apply(state, Pass(2))
    assert asked(state, 3)
    assert observe(state, 3).phase is Phase.POUNCE and observe(state, 3).to_act == 3
    assert observe(state, 2).phase is Phase.PLAY and observe(state, 2).to_act == 1


def test_3_3_a_seat_that_could_pounce_too_waits_for_its_question_where_another_seat_sees_the_turn_passed_on() -> None:
    # 3♣ goes into the widow: seats 2 (the first after the exchanger) and 3 hold tricons of 3s and... of kings
    hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "3♠ 3♥ 3♦", "K♠ K♣ K♦"]
    state = play(position(hands=hands, widow="A♠ 5♠ 2♥"), Exchange(1, c("3♣"), c("A♠")))
    assert asked(state, 2)
    waiting = observe(state, 3)  # its kings cannot be claimed (no king in the widow): it is not concerned
    assert waiting.phase is Phase.PLAY and waiting.to_act == 2 and waiting.turn.exchanges == 0
    assert observe(state, 0) == observe(play(state, Pass(2)), 0)  # nor is seat 0: the turn passed on, in both


def test_3_3_a_question_after_an_exchange_shows_the_other_seats_the_turn_passed_on() -> None:
    hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", "3♠ 3♥ 3♦"]
    twin_hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", "6♠ 6♥ 7♦"]
    state, twin = (play(position(hands=h, widow="A♠ 5♠ 2♥"), Exchange(1, c("3♣"), c("A♠"))) for h in (hands, twin_hands))
    assert asked(state, 3) and twin.phase is Phase.PLAY and twin.to_act == 2
    for seat in (0, 1, 2):  # the exchanger's turn is over for everyone but the asked seat
        assert observe(state, seat) == observe(twin, seat)
    declined = apply(state, Pass(3))
    for seat in (0, 1, 2):
        assert observe(declined, seat) == observe(twin, seat)
    later = play(declined, Exchange(2, c("8♠"), c("5♠")))  # and no trace of the decline resurfaces
    for seat in (0, 1):
        assert all(event.kind is not EventKind.POUNCE_DECLINED for event in observe(later, seat).history)


def test_3_3_a_question_that_holds_up_the_deals_end_shows_nobody_to_act_and_not_who_is_asked() -> None:
    # seat 1 knocks; seat 0 plays the last final turn and puts 7♠ in the widow: the 7s' holder is asked
    # before the showdown. The others cannot be shown the deal over, so they see nobody to act — the same
    # whichever seat is asked.
    def last_turn(sevens_at: int) -> GameState:
        hands = ["7♠ 5♣ 2♦", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "8♥ J♦ 3♦"]
        hands[sevens_at] = "7♥ 7♦ 7♣"
        return play(position(hands=hands), Knock(1), Pass(2), Pass(3), Exchange(0, c("7♠"), c("A♠")))

    third, second = last_turn(3), last_turn(2)
    assert asked(third, 3) and asked(second, 2)
    view = observe(third, 1)
    assert view.phase is Phase.FINAL_ROUND and view.to_act is None and view.turn.resume is None
    assert view == observe(second, 1)
    assert observe(third, 0).to_act is None and observe(third, 2).to_act is None
    over = apply(third, Pass(3))
    assert over.deal_number == 2 and over.last_showdown is not None
    assert over.last_showdown.reason is ShowdownReason.FINAL_ROUND


def test_a_pounce_is_only_claimed_when_asked() -> None:
    state = apply(position(), Exchange(1, c("7♣"), c("A♠")))
    assert asked(state, 3)
    state = apply(state, Pass(3))
    assert state.to_act == 2
    with pytest.raises(IllegalActionError):
        apply(state, Pounce(3))
    with pytest.raises(IllegalActionError, match="cannot pounce"):
        apply(passes(state, 1), Pounce(3))  # seat 3's own turn: the opportunity was declined


# ---- §3.3 quads -----------------------------------------------------------------------------------


def test_a_four_card_hand_may_only_pass_or_knock() -> None:
    state = sevens()
    state = play(state, Pounce(3), Pass(1), Pass(2))
    assert state.to_act == 3
    assert set(legal_actions(state)) == {Pass(3), Knock(3)}
    with pytest.raises(IllegalActionError, match="four-card hand"):
        apply(state, Exchange(3, c("7♠"), c("A♠")))
    state = apply(state, Knock(3))
    assert state.phase is Phase.FINAL_ROUND


def test_a_quad_beats_every_three_card_hand() -> None:
    lowest_quad = evaluate("2♠ 2♥ 2♦ 2♣", POUNCE)
    assert lowest_quad.category is Category.QUAD and str(lowest_quad) == "quad of 2s"
    assert lowest_quad > evaluate("A♠ A♥ A♦", POUNCE)
    assert lowest_quad > evaluate("Q♠ K♠ A♠", POUNCE)
    assert evaluate("A♠ A♥ A♦ A♣", POUNCE) > evaluate("K♠ K♥ K♦ K♣", POUNCE) > lowest_quad
    # and in a showdown: the quad of 7s beats the tricon of aces
    hands = ["2♣ 5♦ 9♥", "A♠ A♥ A♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"]
    state = play(position(hands=hands, widow="K♣ 7♣ 2♥"), Pounce(3), Knock(1), Pass(2), Pass(3), Pass(0))
    assert state.last_showdown is not None and state.last_showdown.winner == 3


@settings(max_examples=60, deadline=None)
@given(quad_rank=st.sampled_from(sorted({card.rank for card in DECK_52})), index=st.integers(0, 22099))
def test_every_quad_beats_every_three_card_hand(quad_rank: Rank, index: int) -> None:
    quad = [card for card in DECK_52 if card.rank is quad_rank]
    three = next(itertools.islice(itertools.combinations(DECK_52, 3), index, None))
    assert evaluate(quad, POUNCE) > evaluate(three, POUNCE)


# ---- the engine's resolution: a pounce needs a card in the stock -------------------------------------


def test_no_pounce_when_the_stock_is_empty() -> None:
    # Trentuno with pounce, 12 players: 36 cards in hand, 3 in the widow, 1 in the stock
    rules = TRENTUNO.replace(pounce=True)
    special = {0: "7♠ 7♥ 7♦", 5: "K♠ K♥ K♦"}
    widow, stock = cards("7♣ A♠ 2♠"), cards("K♣")
    used = set(widow) | set(stock) | {card for text in special.values() for card in cards(text)}
    rest = [card for card in DECK_40 if card not in used]
    others = [seat for seat in range(12) if seat not in special]
    hands: list[tuple[Card, ...] | str] = [special.get(seat, "") for seat in range(12)]
    for number, seat in enumerate(others):
        hands[seat] = tuple(rest[number::10])
    state = deal_position(rules, hands=hands, dealer=11, widow=widow, stock=stock)
    assert len(state.stock) == 1
    assert asked(state, 0)
    state = apply(state, Pounce(0))
    assert state.widow == cards("K♣ A♠ 2♠") and state.stock == ()
    # seat 5's kings now see their fourth in the widow, but nothing could refill it
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert len(state.widow) == 3


# ---- invariants -------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(dealer=st.integers(0, 3), data=st.data())
def test_pounce_invariants_under_random_play(dealer: int, data: st.DataObject) -> None:
    # Two tricons and both fourths within reach make pounces frequent.
    hands = ["7♠ 7♥ 7♦", "Q♠ J♥ 4♦", "K♠ K♥ K♦", "2♣ 5♦ 9♥"]
    state = deal_position(POUNCE, hands=hands, dealer=dealer, widow="7♣ 10♦ 2♥", stock="K♣ 3♥", seed=dealer)
    drawn: Policy = lambda _, actions: actions[data.draw(st.integers(0, len(actions) - 1))]
    for state, action, after in walk(state, drawn, 120):
        seat = state.to_act
        assert seat is not None
        actions = legal_actions(state)
        assert actions and all(a.player == seat for a in actions)
        if state.phase is Phase.POUNCE:
            assert set(actions) == {Pounce(seat), Pass(seat)} and len(actions) == 2
        assert len(state.widow) == 3
        everything = [card for hand in state.hands for card in hand] + list(state.widow) + list(state.stock)
        assert Counter(everything) == Counter(DECK_52)
        for hand in state.hands:
            assert len(hand) in (0, 3, 4)
            if len(hand) == 4:
                assert len({card.rank for card in hand}) == 1  # only a pounce makes four cards
        if len(state.hands[seat]) == 4 and state.phase is not Phase.POUNCE:
            assert set(actions) <= {Pass(seat), Knock(seat)}
        assert action in actions
        if isinstance(action, Pounce) and after.deal_number == state.deal_number and not after.is_over:
            # (the answer may also end the deal: a final round's last exchange raised the question)
            assert len(after.hands[action.player]) == 4
            assert len(after.stock) == len(state.stock) - 1


def test_3_3_a_view_that_shows_nobody_to_act_while_a_question_holds_up_the_deals_end_reads_back_from_json() -> None:
    hands = ["7♠ 5♣ 2♦", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♥ 7♦ 7♣"]
    state = play(position(hands=hands), Knock(1), Pass(2), Pass(3), Exchange(0, c("7♠"), c("A♠")))
    for seat in (0, 1, 2):
        view = observe(state, seat)
        assert view.to_act is None and not view.is_over
        assert observation_from_json(observation_to_json(view)) == view
        assert observe(sample_state(view, 1), seat) == view


def test_3_3_nobody_to_act_before_the_match_is_over_is_refused_where_no_question_can_hold_it_up() -> None:
    document = json.loads(observation_to_json(observe(new_game(CRP, 4, seed=3), 0)))
    document["to_act"] = None
    with pytest.raises(SerializationError, match="to_act"):
        observation_from_json(json.dumps(document))
