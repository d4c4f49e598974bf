"""The table's words from one seat's view (API.md, "For game servers and user interfaces"): labels, news, narration.

``describe_action``, ``legal_choices``, ``describe_event``, ``narrate_seen``
and ``seat_news`` work from an observation alone: each is checked on
positions of every mechanism, along random play of every preset, and on
twins (states that differ only in what the seat cannot see), which must
give the seat the same words.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    THIRTY_ONE,
    ArgumentTypeError,
    Barter,
    BarterReply,
    Buy,
    BuyHorse,
    CommerceError,
    Discard,
    Draw,
    Exchange,
    ExchangeAll,
    GameState,
    Knock,
    Pass,
    apply,
    deal_position,
    describe_action,
    describe_event,
    legal_actions,
    legal_choices,
    narrate_seen,
    new_game,
    observe,
    sample_state,
    seat_news,
)
from commerce_rules.engine.variant import variant_of
from commerce_rules.text.seat_words import choice_text, hand_news
from helpers import c, play, random_walk

FOSTER_HANDS = ["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"]


def labels(state: GameState) -> list[str]:
    """The label of each legal action, from the state (observed for the seat to act)."""
    return [describe_action(state, action) for action in legal_actions(state)]


# ---- labels ---------------------------------------------------------------------------------------


def test_trade_and_barter_labels_name_the_card_given_and_the_neighbour() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0, stock="8♠ 2♦")
    assert labels(state) == [
        "Buy, giving 6♠", "Buy, giving 7♠", "Buy, giving K♦",
        "Barter 6♠ with seat 2", "Barter 7♠ with seat 2", "Barter K♦ with seat 2", "Knock",
    ]  # fmt: skip
    answering = apply(state, Barter(1, c("K♦")))
    assert labels(answering) == ["Give A♥ back", "Give K♥ back", "Give 4♦ back", "Knock, refusing the barter"]
    right = deal_position(FOSTER.replace(barter_direction="right"), hands=FOSTER_HANDS, dealer=0)
    assert describe_action(right, Barter(1, c("K♦"))) == "Barter K♦ with seat 0"


def test_widow_labels_name_both_cards_and_the_pounce_its_card() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 4♣")
    assert labels(state)[0] == "Exchange 6♠ for A♠" and labels(state)[-2:] == ["Pass", "Knock"]
    hands = ["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣", "7♠ 7♥ 7♦"]
    asked = deal_position(POUNCE, hands=hands, dealer=0, widow="7♣ 10♦ 2♥", stock="Q♦ 6♣ 4♠")
    assert asked.to_act == 3 and labels(asked) == ["Pounce on 7♣", "Do not pounce"]


def test_schwimmen_labels_say_the_dealers_choice_and_the_whole_widow() -> None:
    hands = ["7♣ 8♦ 9♥", "K♠ K♥ 10♦", "8♠ J♣ Q♣", "7♠ A♥ 10♣"]
    state = deal_position(SCHWIMMEN, hands=hands, dealer=0, widow="A♠ J♠ 9♠")
    assert labels(state) == ["Take the extra hand", "Keep your hand"]
    kept = apply(state, Pass(0))
    assert "Exchange all for A♠ J♠ 9♠" in labels(kept)


def test_hoyle_labels_say_the_blind_exchange_and_the_end_of_a_turn() -> None:
    state = new_game(HOYLE, 3, seed=5)
    assert labels(state)[-1] == "Keep your cards (no blind exchange)"
    assert all(label.startswith("Take ") and label.endswith(" blind") for label in labels(state)[:-1])
    state = apply(state, Pass(state.dealer))
    state = apply(state, legal_actions(state)[0])  # an exchange: the turn may go on
    assert labels(state)[-1] == "End your turn"


def test_thirty_one_labels_name_the_discard_piles_top_card() -> None:
    state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "A♠ K♠ 4♦", "K♥ J♥ 3♣"], dealer=0, stock="7♣ 8♦")
    assert labels(state) == ["Draw from the stock", "Take 7♣ from the discard pile", "Knock"]
    assert labels(apply(state, Draw(1, "discard"))) == ["Discard A♠", "Discard K♠", "Discard 4♦"]


def test_the_horse_is_labelled_with_its_price() -> None:
    view = observe(new_game(HOYLE, 3, seed=1), 0)
    pool = variant_of(view.rules).words.scoring
    assert pool.label(view, BuyHorse(0)) == "Buy a horse (1 point)"
    assert pool.label(view, Pass(0)) == "No horse"


def test_a_label_is_made_from_the_seats_observation_and_a_state_is_observed_for_the_actions_seat() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    assert describe_action(observe(state, 1), Buy(1, c("K♦"))) == describe_action(state, Buy(1, c("K♦")))
    with pytest.raises(CommerceError, match="seat 2's observation cannot label seat 1's action"):
        describe_action(observe(state, 2), Knock(1))
    with pytest.raises(CommerceError, match="no seat 7"):
        describe_action(state, Knock(7))
    with pytest.raises(ArgumentTypeError):
        describe_action(state, "knock")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        describe_action({"player": 1}, Knock(1))  # type: ignore[arg-type]


def test_a_match_over_labels_an_action_from_its_class() -> None:
    state = deal_position(FOSTER.replace(deal_limit=1), hands=FOSTER_HANDS, dealer=0)
    over = apply(state, Knock(1))
    assert over.is_over
    assert describe_action(over, Exchange(1, c("K♦"), c("A♠"))) == "Exchange K♦ A♠"
    assert legal_choices(observe(over, 1)) == ()


def test_the_menu_lines_are_unchanged_beside_the_labels() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    assert choice_text(state, Buy(1, c("K♦"))) == "buy: give K♦, draw the stock's top card (pay 1 to the dealer, seat 0)"


PLAYED = {**PRESETS, "crp+pounce": CRP.replace(pounce=True), "schwimmen+pounce": SCHWIMMEN.replace(pounce=True)}


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_along_random_play_each_legal_action_has_a_label_of_its_own_and_the_choices_are_the_legal_actions(name: str) -> None:
    rng = random.Random(name)
    for seed in range(2):
        state = new_game(PLAYED[name], 3 + seed, seed=seed)
        for before, _, _ in random_walk(state, rng, 60):
            seat = before.to_act
            assert seat is not None
            view = observe(before, seat)
            found = labels(before)
            assert all(label and label[0].isupper() for label in found), found
            assert len(set(found)) == len(found), f"two actions share a label: {found}"
            if view.to_act == seat:
                assert legal_choices(view) == tuple(zip(legal_actions(before), found))
            for other in range(before.num_players):
                if other != seat and observe(before, other).to_act != other:
                    assert legal_choices(observe(before, other)) == ()


# ---- events, narration and news -------------------------------------------------------------------


def test_a_buy_is_told_with_its_cards_to_the_buyer_only() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0, stock="8♠ 2♦")
    after = apply(state, Buy(1, c("K♦")))
    assert narrate_seen(observe(after, 1)) == [
        "Deal 1: seat 0 deals.", "seat 1 buys: gives K♦ face down, pays 1 to the dealer (seat 0), draws 8♠",
    ]  # fmt: skip
    assert narrate_seen(observe(after, 2), since=observe(state, 2)) == [
        "seat 1 buys: gives a card face down, pays 1 to the dealer (seat 0), draws from the stock"
    ]
    event = after.history[-1]  # the state's own event, with its cards: read as seat 2 would have seen it
    assert describe_event(observe(after, 2), event) == describe_event(observe(after, 2), observe(after, 2).history[-1])
    assert seat_news(observe(state, 1), observe(after, 1)) == ["You drew 8♠ for K♦; your hand: 6♠ 7♠ 8♠ — sequence 6-7-8 of spades."]
    assert seat_news(observe(state, 2), observe(after, 2)) == []


def test_a_barter_is_news_to_both_traders() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    offered = apply(state, Barter(1, c("K♦")))
    done = apply(offered, BarterReply(2, c("A♥")))
    assert seat_news(observe(offered, 1), observe(done, 1))[0].startswith("You received A♥ from seat 2 for K♦")
    assert seat_news(observe(offered, 2), observe(done, 2))[0].startswith("You received K♦ from seat 1 for A♥")
    assert narrate_seen(observe(done, 0), since=observe(offered, 0)) == [
        "seat 1 barters a card face down with seat 2, who gives one back unseen"
    ]
    assert narrate_seen(observe(done, 1), since=observe(state, 1)) == ["seat 1 barters K♦ with seat 2, who gives A♥ back"]


def test_cards_taken_unseen_or_a_hand_first_seen_are_news() -> None:
    hands = ["7♣ 8♦ 9♥", "K♠ K♥ 10♦", "8♠ J♣ Q♣", "7♠ A♥ 10♣"]
    choice = deal_position(SCHWIMMEN, hands=hands, dealer=0, widow="A♠ J♠ 9♠")
    taken = apply(choice, ExchangeAll(0))
    assert seat_news(observe(choice, 0), observe(taken, 0))[0].startswith("You took A♠ J♠ 9♠ for 7♣ 8♦ 9♥")
    blind = new_game(HOYLE, 3, seed=5)
    dealer = blind.dealer
    seen = apply(blind, Pass(dealer))
    assert seat_news(observe(blind, dealer), observe(seen, dealer))[0].startswith("You see your hand: ")
    assert seat_news(observe(blind, (dealer + 1) % 3), observe(seen, (dealer + 1) % 3)) == []


def test_a_public_exchange_is_no_news_and_a_new_deal_shows_the_new_hand() -> None:
    state = deal_position(CRP, hands=["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0, widow="A♠ 7♥ 4♣")
    after = apply(state, Exchange(1, c("K♦"), c("A♠")))
    assert seat_news(observe(state, 1), observe(after, 1)) == []
    assert narrate_seen(observe(after, 2), since=observe(state, 2)) == ["seat 1 exchanges K♦ for A♠ from the widow"]
    foster = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    next_deal = apply(foster, Knock(1))
    news = seat_news(observe(foster, 0), observe(next_deal, 0))
    assert news and news[0].startswith("Deal 2: your hand: ")
    told = narrate_seen(observe(next_deal, 0), since=observe(foster, 0))
    assert told[0] == "Deal 1 ends in a showdown:" and told[-1] == "Deal 2: seat 1 deals."
    assert "  best hand: seat 0, sequence 3-4-5 of clubs" in told


def test_narration_and_news_refuse_observations_of_two_seats_or_out_of_order() -> None:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    after = apply(state, Knock(1))
    with pytest.raises(CommerceError, match="one seat"):
        seat_news(observe(state, 1), observe(after, 2))
    with pytest.raises(CommerceError, match="later"):
        narrate_seen(observe(state, 1), since=observe(after, 1))
    with pytest.raises(ArgumentTypeError):
        narrate_seen(state)  # type: ignore[arg-type]


def test_hand_news_says_what_it_said() -> None:
    state = deal_position(FOSTER, hands=["2♣ 5♦ 9♥", *FOSTER_HANDS[1:]], dealer=2, stock="8♠ 2♦")
    buy = Buy(0, c("2♣"))
    assert hand_news(state, buy, apply(state, buy), 0) == ["You drew 8♠ for 2♣; your hand: 5♦ 9♥ 8♠ — nothing."]


# ---- twins: what the seat cannot see changes none of its words ---------------------------------------


def words_of(state: GameState, seat: int, before: GameState | None = None) -> dict[str, object]:
    """Every word the functions here give ``seat`` of ``state`` (and of the step from ``before``)."""
    view = observe(state, seat)
    words: dict[str, object] = {"choices": legal_choices(view), "narration": narrate_seen(view)}
    if view.to_act == seat:  # its choices labelled from the state (observed for the seat): the seat's view, not the state's
        words["labels"] = [describe_action(state, action) for action, _ in legal_choices(view)]
    if before is not None:
        words["news"] = seat_news(observe(before, seat), view)
        words["since"] = narrate_seen(view, since=observe(before, seat))
    return words


Twins = Callable[[], tuple[GameState, GameState, tuple[int, ...]]]


def _foster_hands() -> tuple[GameState, GameState, tuple[int, ...]]:
    twin = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♠ K♠ 4♠"], dealer=0)
    return deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0), twin, (1,)


def _offer() -> tuple[GameState, GameState, tuple[int, ...]]:
    state = deal_position(FOSTER, hands=FOSTER_HANDS, dealer=0)
    return apply(state, Barter(1, c("K♦"))), apply(state, Barter(1, c("6♠"))), (0, 2)


def _drawn() -> tuple[GameState, GameState, tuple[int, ...]]:
    def drawn(one: str, other: str) -> GameState:
        state = deal_position(THIRTY_ONE, hands=["2♣ 5♦ 9♥", "A♠ K♠ 4♦", "K♥ J♥ 3♣"], dealer=0, stock=f"7♣ {one} {other}")
        return play(state, Draw(1, "stock"), Discard(1, c("4♦")))

    return drawn("Q♦", "6♣"), drawn("6♣", "Q♦"), (0, 2)


def _blind() -> tuple[GameState, GameState, tuple[int, ...]]:
    one = deal_position(HOYLE, hands=["2♣ 5♦ 9♥", "K♠ K♥ 4♦", "8♠ J♣ 3♣"], dealer=0, widow="A♠ Q♦ 2♥")
    other = deal_position(HOYLE, hands=["2♣ 5♦ 3♣", "K♠ K♥ 4♦", "8♠ J♣ 9♥"], dealer=0, widow="A♠ Q♦ 2♥")
    return one, other, (0, 1)


def _extra_hand() -> tuple[GameState, GameState, tuple[int, ...]]:
    hands = ["7♣ 8♦ 9♥", "K♠ K♥ 10♦", "8♠ J♣ Q♣", "7♠ A♥ 10♣"]
    one = deal_position(SCHWIMMEN, hands=hands, dealer=0, widow="A♠ 10♠ 9♠", stock="J♠")
    other = deal_position(SCHWIMMEN, hands=hands, dealer=0, widow="A♠ J♠ 9♠", stock="10♠")
    return one, other, (0, 1, 2, 3)


def _pounce_question() -> tuple[GameState, GameState, tuple[int, ...]]:
    def dealt(seat_3: str) -> GameState:
        hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", seat_3]
        state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
        return apply(state, Exchange(1, c("3♣"), c("A♠")))

    return dealt("3♠ 3♥ 3♦"), dealt("6♠ 6♥ 7♦"), (0, 1, 2)


TWINS: dict[str, Twins] = {
    "other hands": _foster_hands,
    "a barter's offered card": _offer,
    "a card drawn from the stock": _drawn,
    "the dealer's own hand before the blind exchange": _blind,
    "the extra hand before the dealer's choice": _extra_hand,
    "another seat's pounce question": _pounce_question,
}


@pytest.mark.parametrize("hidden", sorted(TWINS))
def test_twins_give_the_seats_that_cannot_tell_them_apart_the_same_words(hidden: str) -> None:
    state, twin, seats = TWINS[hidden]()
    assert state != twin
    for seat in seats:
        assert observe(state, seat) == observe(twin, seat)
        assert words_of(state, seat) == words_of(twin, seat), f"seat {seat}"
        mine, theirs = legal_actions(state), set(legal_actions(twin))
        for action in [action for action in mine if action in theirs][:4]:  # a common step, and the words of it
            if observe(state, seat).to_act is not None:
                after, twin_after = apply(state, action), apply(twin, action)
                if observe(after, seat) == observe(twin_after, seat):
                    assert words_of(after, seat, state) == words_of(twin_after, seat, twin), f"seat {seat} after {action!r}"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_sampled_twin_of_every_state_of_random_play_gives_the_same_words(name: str) -> None:
    rng = random.Random(name)
    state = new_game(PRESETS[name], 4, seed=3)
    for step, (before, action, after) in enumerate(random_walk(state, rng, 48)):
        seat = step % before.num_players
        twin = sample_state(observe(before, seat), seed=step)
        assert words_of(before, seat) == words_of(twin, seat)
        if action in legal_actions(twin):
            twin_after = apply(twin, action)
            if observe(twin_after, seat) == observe(after, seat):
                assert words_of(after, seat, before) == words_of(twin_after, seat, twin)
