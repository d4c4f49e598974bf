"""The options shared by every variant (RULES.md §9), one test per option and behaviour, named after it."""

from __future__ import annotations

from collections import Counter

import pytest

from commerce_rules import (
    CRP,
    DECKS,
    EXTENDED,
    FOSTER,
    HOYLE,
    POUNCE,
    PRESETS,
    SCHWIMMEN,
    TRENTUNO,
    BuyHorse,
    Category,
    CommerceError,
    GameState,
    HandError,
    Knock,
    Pass,
    Phase,
    Rank,
    Rules,
    apply,
    deal_position,
    evaluate,
    legal_actions,
    new_game,
    state_from_json,
    to_json,
)

ALL = [pytest.param(rules, id=name) for name, rules in PRESETS.items()]


def play_out(state: GameState, deals: int = 1) -> GameState:
    """Knock (or pass) through ``deals`` deals: the first legal knock, else the first pass, else the first action.

    Stops early at the end of the match or at a horse question.
    """
    target = state.deal_number + deals
    while not state.is_over and state.deal_number < target and state.phase is not Phase.HORSE:
        legal = legal_actions(state)
        action = next((a for a in legal if isinstance(a, Knock)), None) or next((a for a in legal if isinstance(a, Pass)), legal[0])
        state = apply(state, action)
    return state


# ---- deck_size --------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize("size", [52, 40, 32])
def test_9_deck_size_every_variant_deals_from_its_deck(rules: Rules, size: int) -> None:
    rules = rules.replace(deck_size=size)
    state = new_game(rules, 4, seed=size)
    everything = [c for hand in state.hands for c in hand] + [*state.widow, *state.stock, *state.discard]
    assert Counter(everything) == Counter(DECKS[size])
    missing = {52: set(), 40: {Rank.EIGHT, Rank.NINE, Rank.TEN}, 32: {Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX}}
    assert {c.rank for c in everything} == set(Rank) - missing[size]
    assert len(DECKS[size]) == size


@pytest.mark.parametrize(("hand", "size"), [("8♠ J♠ Q♠", 40), ("6♠ 7♠ 8♠", 32), ("2♣ 2♦ 2♥", 32)])
def test_9_deck_size_a_hand_with_a_card_the_deck_lacks_is_a_hand_error(hand: str, size: int) -> None:
    with pytest.raises(HandError, match=f"not in this variant's {size}-card deck"):
        evaluate(hand, CRP.replace(deck_size=size))


@pytest.mark.parametrize(
    ("rules", "players", "largest"),
    [
        (CRP.replace(deck_size=32), 10, 9),  # 3 a hand and a widow of 3
        (SCHWIMMEN, 12, 9),  # the extra hand
        (HOYLE.replace(deck_size=32), 8, 7),  # the widow and a card for each round after the first
        (FOSTER.replace(deck_size=32), 11, 10),  # a card in the stock to buy
        (TRENTUNO.replace(deck_size=32), 11, 9),
    ],
)
def test_9_deck_size_a_table_the_deck_cannot_deal_is_refused_naming_the_largest_that_fits(rules: Rules, players: int, largest: int) -> None:
    with pytest.raises(CommerceError, match=f"the deck has 32: at most {largest} players fit"):
        new_game(rules, players, seed=1)
    assert len(new_game(rules, largest, seed=1).active) == largest
    with pytest.raises(CommerceError, match=f"at most {largest} players fit"):
        deal_position(rules, hands=[""] * players, dealer=0)


def test_9_deck_size_the_trentuno_ranking_counts_on_52_and_on_32_cards() -> None:
    on_52, on_32 = TRENTUNO.replace(deck_size=52), TRENTUNO.replace(deck_size=32)
    assert str(evaluate("10♠ J♠ A♠", on_52)) == "31" and str(evaluate("Q♠ K♠ A♠", on_52)) == "31"
    assert str(evaluate("2♠ 3♠ 4♥", on_52)) == "5"
    assert str(evaluate("7♠ 8♠ 9♥", on_32)) == "15" and str(evaluate("10♦ 10♥ 10♠", on_32)) == "30½ (tricon of 10s)"
    assert str(evaluate("A♦ A♥ A♠", on_32.replace(feuer=True))) == "Feuer (three aces)"
    assert str(evaluate("A♦ A♥ A♠", on_52.replace(feuer=True, trentuno_suited=False))) == "Feuer (three aces)"


def test_9_deck_size_a_sequence_needs_ranks_consecutive_in_the_full_order() -> None:
    on_40 = CRP.replace(deck_size=40)
    assert evaluate("7♠ J♠ Q♠", on_40).category is Category.FLUSH  # 8 9 10 are gone, not skipped
    assert evaluate("J♠ Q♠ K♠", on_40).category is Category.SEQUENCE
    assert evaluate("7♠ 8♠ 9♠", CRP.replace(deck_size=32)).category is Category.SEQUENCE


# ---- deal_limit --------------------------------------------------------------------------------------


def test_9_deal_limit_with_a_ledger_the_highest_balance_wins_after_that_many_deals() -> None:
    state = play_out(new_game(FOSTER.replace(deal_limit=2), 5, seed=8), deals=10)
    assert state.is_over and len(state.showdowns) == 2
    best = max(state.balances)
    assert state.winners == tuple(seat for seat, b in enumerate(state.balances) if b == best)
    assert state_from_json(to_json(state)) == state


def test_9_deal_limit_above_fosters_n_deals_changes_nothing() -> None:
    plain = play_out(new_game(FOSTER, 4, seed=2), deals=10)
    limited = play_out(new_game(FOSTER.replace(deal_limit=9), 4, seed=2), deals=10)
    assert plain.winners == limited.winners and plain.balances == limited.balances
    assert len(limited.showdowns) == 4


def test_9_deal_limit_with_lives_the_most_lives_win_and_ties_share() -> None:
    rules = CRP.replace(deal_limit=1)
    state = deal_position(rules, hands=["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "7♦ 8♣ 10♥"], dealer=0, widow="4♣ 9♦ J♥")
    over = play_out(state)
    assert over.is_over and over.last_showdown is not None and over.last_showdown.losers == (0,)
    assert over.winners == (1, 2), "two players with 3 lives share the victory"
    assert state_from_json(to_json(over)) == over


def test_9_deal_limit_with_lives_swimmers_at_0_rank_above_players_out() -> None:
    rules = SCHWIMMEN.replace(deal_limit=1)
    hands = ["7♣ 8♦ 9♥", "J♣ Q♦ K♥", "A♣ 10♦ 8♥", ""]
    state = deal_position(rules, hands=hands, dealer=0, widow="7♠ 8♠ 9♠", lives=[0, 0, 0, 0])
    assert state.active == (0, 1, 2)  # seat 3: no hand, no lives, out
    over = play_out(state)
    assert over.is_over and over.last_showdown is not None and over.last_showdown.losers == (0,)
    assert over.active == (1, 2) and over.winners == (1, 2)


def _hoyle_limited(balances: list[int]) -> GameState:
    """Hoyle, one deal, four players: seat 1 holds the best hand (a tricon), seat 3 the lowest."""
    rules = HOYLE.replace(deal_limit=1)
    hands = ["2♣ 5♦ 9♥", "A♣ A♦ A♥", "3♣ 7♦ J♥", "2♦ 4♥ 6♠"]
    return deal_position(rules, hands=hands, dealer=0, widow="8♠ 9♠ 10♣", balances=balances)


def test_9_deal_limit_with_a_pool_the_highest_balance_wins_and_shares_the_rest_the_remainder_from_the_dealers_left() -> None:
    state = _hoyle_limited([1, 0, 0, -1])
    assert state.pot == 12 and state.balances == (-2, -3, -3, -4)
    over = play_out(state)
    assert over.is_over and over.last_showdown is not None
    # the prize (1) to seat 1: balances -2 -2 -3 -4, pool 11 shared by seats 0 and 1, the odd point to seat 1
    assert over.winners == (0, 1)
    assert over.last_showdown.payments == ((None, 1, 1), (None, 1, 6), (None, 0, 5))
    assert over.balances == (3, 4, -3, -4) and over.pot == 0
    assert state_from_json(to_json(over)) == over


def test_9_deal_limit_with_a_pool_a_single_winner_takes_all_that_is_left() -> None:
    over = play_out(_hoyle_limited([0, 0, 0, 0]))
    assert over.winners == (1,) and over.balances == (-3, 9, -3, -3) and over.pot == 0
    assert state_from_json(to_json(over)) == over


def test_9_deal_limit_with_a_pool_the_last_prize_decides_and_an_emptied_pool_shares_nothing() -> None:
    # Seats 0 and 1 level at 3, one point left in the pool: the last prize (that point) puts seat 1 ahead,
    # seat 1 alone wins and nothing is shared -- and the state reads back as the same winner (a prize of 1
    # is not a share-out of 1 between two seats level before it).
    state = _hoyle_limited([0, 0, 0, 0])._replace(pot=1, balances=(3, 3, -3, -4))  # as after earlier deals
    over = play_out(state)
    assert over.is_over and over.last_showdown is not None
    assert over.last_showdown.payments == ((None, 1, 1),)
    assert over.balances == (3, 4, -3, -4) and over.pot == 0
    assert over.winners == (1,)
    assert state_from_json(to_json(over)) == over


def test_9_deal_limit_with_a_pool_a_horse_bought_after_the_last_deal_is_shared_out_and_the_state_reads_back() -> None:
    # §6.9: the horse is offered before the match can end, the last deal too. The pool empty at the last
    # showdown (no prize), the horse's point is all there is to share: seats 0 and 2, level, are the winners,
    # the point goes to seat 2 (nearer the dealer's left), and the state reads back with both winners.
    rules = HOYLE.replace(deal_limit=1)
    hands = ["2♣ 5♦ 9♥", "A♣ A♦ A♥", "3♣ 7♦ J♥", "2♦ 4♥ 6♠"]
    state = deal_position(rules, hands=hands, dealer=0, widow="8♠ 9♠ 10♣", lives=[3, 3, 3, 1])
    state = state._replace(pot=0, balances=(1, 0, 1, -2))  # as after earlier deals emptied the pool
    asked = play_out(state)
    assert asked.phase is Phase.HORSE and asked.to_act == 3
    over = apply(asked, BuyHorse(3))
    assert over.is_over and over.last_showdown is not None
    assert over.last_showdown.payments == ((None, 2, 1),)
    assert over.balances == (1, 0, 2, -3) and over.pot == 0
    assert over.winners == (0, 2)
    assert state_from_json(to_json(over)) == over


# ---- free_ride ----------------------------------------------------------------------------------------


def test_9_free_ride_with_lives_a_seat_swims_at_0_lives() -> None:
    rules = CRP.replace(free_ride=True)
    state = deal_position(rules, hands=["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "7♦ 8♣ 10♥"], dealer=0, widow="4♣ 9♦ J♥", lives=[1, 3, 3])
    after = play_out(state)
    assert after.lives == (0, 3, 3) and after.active == (0, 1, 2) and len(after.hands[0]) == 3
    assert state_from_json(to_json(after)) == after


def test_9_free_ride_with_a_pool_a_seat_swims_and_is_offered_the_horse_only_when_out() -> None:
    rules = HOYLE.replace(free_ride=True)
    hands = ["2♣ 5♦ 9♥", "A♣ A♦ A♥", "3♣ 7♦ J♥", "2♦ 4♥ 6♠"]
    state = deal_position(rules, hands=hands, dealer=0, widow="8♠ 9♠ 10♣", lives=[3, 3, 3, 1])
    after = play_out(state)
    assert after.last_showdown is not None and after.last_showdown.losers == (3,)
    assert after.phase is not Phase.HORSE, "swimming is not out: no horse"
    assert after.lives == (3, 3, 3, 0) and after.active == (0, 1, 2, 3)
    assert state_from_json(to_json(after)) == after
    swimmer = deal_position(rules, hands=hands, dealer=0, widow="8♠ 9♠ 10♣", lives=[3, 3, 3, 0])
    out = play_out(swimmer)
    assert out.phase is Phase.HORSE and out.to_act == 3 and 3 not in out.active
    bought = apply(out, BuyHorse(3))
    assert bought.lives[3] == 1 and 3 in bought.active and bought.score.out == ()


@pytest.mark.parametrize("rules", [FOSTER, Rules(mechanism="widow"), Rules(mechanism="rounds")])
def test_9_free_ride_is_a_rules_error_with_a_ledger(rules: Rules) -> None:
    with pytest.raises(CommerceError, match="free_ride"):
        rules.replace(free_ride=True)


@pytest.mark.parametrize("rules", [CRP, POUNCE, EXTENDED, TRENTUNO])
def test_9_free_ride_without_it_a_seat_at_0_lives_is_out(rules: Rules) -> None:
    with pytest.raises(CommerceError, match="seat 0 must hold 0 cards"):
        deal_position(rules, hands=["2♣ 3♦ 5♥", "A♠ K♠ Q♠", "7♦ 8♣ J♥"], dealer=1, widow="4♣ 9♦ J♦", lives=[0, 3, 3])
