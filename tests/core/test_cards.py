"""Cards: ranks, suits, the 52 interned cards, their text, and the two decks (API.md "Cards", RULES.md §0)."""

from __future__ import annotations

import copy
import pickle

import pytest

from commerce_rules import (
    DECK_40,
    DECK_52,
    Card,
    CardError,
    CommerceError,
    Rank,
    Suit,
    parse_cards,
)

ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
TEN_OF_SPADES = Card(Rank.TEN, Suit.SPADES)


# --- reading one card --------------------------------------------------------


@pytest.mark.parametrize("text", ["A♠", "As", "AS", "as", "aS", " A♠ ", "A♤"])
def test_every_spelling_of_the_ace_of_spades_reads_as_that_card(text: str) -> None:
    assert Card.parse(text) is ACE_OF_SPADES


@pytest.mark.parametrize("text", ["10♠", "Ts", "10s", "TS", "ts", "10S"])
def test_ten_is_written_10_or_T(text: str) -> None:
    assert Card.parse(text) is TEN_OF_SPADES


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("K♣", Suit.CLUBS),
        ("Kc", Suit.CLUBS),
        ("K♧", Suit.CLUBS),
        ("K♦", Suit.DIAMONDS),
        ("Kd", Suit.DIAMONDS),
        ("K♢", Suit.DIAMONDS),
        ("K♥", Suit.HEARTS),
        ("Kh", Suit.HEARTS),
        ("K♡", Suit.HEARTS),
        ("K♠", Suit.SPADES),
        ("Ks", Suit.SPADES),
        ("K♤", Suit.SPADES),
    ],
)
def test_each_suit_reads_from_its_symbol_or_letter(text: str, suit: Suit) -> None:
    card = Card.parse(text)
    assert card.rank is Rank.KING
    assert card.suit is suit


@pytest.mark.parametrize(
    ("token", "rank"),
    [
        ("2", Rank.TWO),
        ("3", Rank.THREE),
        ("4", Rank.FOUR),
        ("5", Rank.FIVE),
        ("6", Rank.SIX),
        ("7", Rank.SEVEN),
        ("8", Rank.EIGHT),
        ("9", Rank.NINE),
        ("10", Rank.TEN),
        ("T", Rank.TEN),
        ("J", Rank.JACK),
        ("j", Rank.JACK),
        ("Q", Rank.QUEEN),
        ("q", Rank.QUEEN),
        ("K", Rank.KING),
        ("k", Rank.KING),
        ("A", Rank.ACE),
        ("a", Rank.ACE),
    ],
)
def test_each_rank_reads_from_its_token(token: str, rank: Rank) -> None:
    assert Card.parse(token + "♥").rank is rank


def test_every_card_reads_back_from_its_canonical_text() -> None:
    for card in DECK_52:
        assert Card.parse(str(card)) is card


def test_every_card_reads_back_from_its_ascii_text() -> None:
    for card in DECK_52:
        rank = "T" if card.rank is Rank.TEN else card.rank.symbol
        assert Card.parse(rank + card.suit.letter) is card
        assert Card.parse((rank + card.suit.letter).upper()) is card


# --- interning, text, order, equality ----------------------------------------


def test_cards_are_interned() -> None:
    assert Card.parse("As") is Card(Rank.ACE, Suit.SPADES)
    assert Card(Rank.TWO, Suit.CLUBS) is Card(Rank.TWO, Suit.CLUBS)


def test_there_are_exactly_52_distinct_cards() -> None:
    cards = {Card(rank, suit) for rank in Rank for suit in Suit}
    assert len(cards) == 52
    assert cards == set(DECK_52)


def test_canonical_text_is_rank_then_suit_symbol() -> None:
    assert str(Card.parse("as")) == "A♠"
    assert str(Card.parse("Th")) == "10♥"
    assert str(Card.parse("2c")) == "2♣"
    assert str(Card.parse("jd")) == "J♦"
    assert str(Card.parse("Q♠")) == "Q♠"
    assert str(Card.parse("K♣")) == "K♣"


def test_rank_symbols_are_2_to_10_then_J_Q_K_A() -> None:
    assert [rank.symbol for rank in Rank] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert str(Rank.TEN) == "10"


def test_suit_symbols_are_clubs_diamonds_hearts_spades() -> None:
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [suit.letter for suit in Suit] == ["c", "d", "h", "s"]
    assert str(Suit.HEARTS) == "♥"


def test_repr_reads_back_as_the_card() -> None:
    card = Card.parse("10h")
    assert repr(card) == "Card('10♥')"
    assert eval(repr(card), {"Card": lambda text: Card.parse(text)}) is card


def test_ranks_are_ordered_two_to_ace() -> None:
    ranks = list(Rank)
    assert ranks == sorted(ranks)
    assert Rank.TWO < Rank.THREE < Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING < Rank.ACE
    assert min(Rank) is Rank.TWO
    assert max(Rank) is Rank.ACE


def test_cards_are_ordered_by_rank_then_suit() -> None:
    assert Card.parse("2♠") < Card.parse("3♣")
    assert Card.parse("K♠") < Card.parse("A♣")
    assert Card.parse("A♣") < Card.parse("A♠")
    assert Card.parse("A♠") > Card.parse("A♥") >= Card.parse("A♥")
    assert Card.parse("5d") <= Card.parse("5♦")
    assert sorted(reversed(DECK_52)) == list(DECK_52)


def test_no_suit_outranks_another() -> None:
    # The deck order sorts suits ♣ ♦ ♥ ♠, but a suit has no value of its own:
    # Suit is a plain Enum, so suits cannot be compared with < at all.
    with pytest.raises(TypeError):
        Suit.CLUBS < Suit.SPADES  # type: ignore[operator]


def test_cards_are_equal_by_value_and_hash_alike() -> None:
    a, b = Card.parse("Q♦"), Card.parse("qd")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Card.parse("Q♥")}) == 2
    assert a != Card.parse("Q♥")


def test_a_card_is_never_equal_to_its_text() -> None:
    # mypy --strict says these comparisons can never be true: the test holds that they are not.
    card = Card.parse("Q♦")
    assert card != "Q♦"  # type: ignore[comparison-overlap]
    assert card != str(card)  # type: ignore[comparison-overlap]
    assert card != card.index  # type: ignore[comparison-overlap]
    assert (card == "Q♦") is False and (card != card) is False and (card != Card.parse("Q♥")) is True  # type: ignore[comparison-overlap]


def test_a_card_leaves_equality_with_other_objects_to_them() -> None:
    from unittest.mock import ANY

    card = Card.parse("Q♦")
    assert card == ANY and not (card != ANY)
    assert (card, Card.parse("2♣")) == (ANY, Card.parse("2♣"))  # as a test compares a hand


def test_comparing_a_card_with_a_non_card_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        Card.parse("Q♦") < "K♦"  # type: ignore[operator]


# --- immutability ------------------------------------------------------------


@pytest.mark.parametrize("name", ["rank", "suit", "index", "bit", "colour"])
def test_cards_are_immutable(name: str) -> None:
    card = Card.parse("7♣")
    with pytest.raises(AttributeError):
        setattr(card, name, Rank.ACE)
    assert card.rank is Rank.SEVEN
    assert card.suit is Suit.CLUBS


@pytest.mark.parametrize("name", ["rank", "suit"])
def test_a_cards_attributes_cannot_be_deleted(name: str) -> None:
    card = Card.parse("7♣")
    with pytest.raises(AttributeError):
        delattr(card, name)
    assert str(card) == "7♣"


def test_pickling_keeps_identity() -> None:
    for card in DECK_52:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(card, protocol)) is card
    hand = (Card.parse("6♠"), Card.parse("7♠"), Card.parse("K♦"))
    assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(hand)), hand))


def test_copying_keeps_identity() -> None:
    card = Card.parse("J♥")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    hand = [card, Card.parse("J♠")]
    assert all(a is b for a, b in zip(copy.deepcopy(hand), hand))


# --- bad text ----------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["", "A", "♠", "1♠", "11♠", "0s", "Ax", "A♠♠", "AAs", "Zs", "10", "1 0s", "A ♠", "A-s", "Joker"],
)
def test_bad_card_text_raises_card_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as raised:
        Card.parse(token)
    assert repr(token) in str(raised.value)


@pytest.mark.parametrize("value", [None, 14, ACE_OF_SPADES, b"As"])
def test_card_text_that_is_not_a_string_raises_card_error(value: object) -> None:
    with pytest.raises(CardError):
        Card.parse(value)  # type: ignore[arg-type]


def test_a_card_needs_a_rank_and_a_suit() -> None:
    with pytest.raises(CardError):
        Card("A", "s")  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Card(Rank.ACE, "♠")  # type: ignore[arg-type]


def test_card_error_is_a_commerce_error_and_a_value_error() -> None:
    assert issubclass(CardError, CommerceError)
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError):
        Card.parse("X♠")
    with pytest.raises(CommerceError):
        parse_cards("A♠ X♠")


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("6♠ 7♠ 1♦ K♦")
    assert "'1♦'" in str(raised.value)
    assert "'6♠'" not in str(raised.value)


# --- several cards -----------------------------------------------------------

SIX_SEVEN_KING = (Card(Rank.SIX, Suit.SPADES), Card(Rank.SEVEN, Suit.SPADES), Card(Rank.KING, Suit.DIAMONDS))


@pytest.mark.parametrize(
    "text",
    [
        "6♠ 7♠ K♦",
        "6♠,7♠,K♦",
        "6♠, 7♠, K♦",
        "6♠ ,7♠ , K♦",
        "  6♠   7♠\tK♦\n",
        "6s 7S kd",
        "6♠,,7♠ K♦,",
    ],
)
def test_parse_cards_separators_are_spaces_and_or_commas(text: str) -> None:
    assert parse_cards(text) == SIX_SEVEN_KING


def test_parse_cards_returns_a_tuple_of_interned_cards_in_order() -> None:
    cards = parse_cards("K♦ 6♠ 7♠")
    assert isinstance(cards, tuple)
    assert cards == (SIX_SEVEN_KING[2], SIX_SEVEN_KING[0], SIX_SEVEN_KING[1])
    assert all(a is b for a, b in zip(cards, (SIX_SEVEN_KING[2], SIX_SEVEN_KING[0], SIX_SEVEN_KING[1])))


def test_parse_cards_of_nothing_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  , ") == ()
    assert parse_cards([]) == ()


def test_parse_cards_reads_an_iterable_of_cards_or_texts() -> None:
    assert parse_cards([SIX_SEVEN_KING[0], "7s", "K♦"]) == SIX_SEVEN_KING
    assert parse_cards(iter(SIX_SEVEN_KING)) == SIX_SEVEN_KING


def test_parse_cards_keeps_duplicates_for_the_caller_to_judge() -> None:
    # Reading is not validating a hand: "a card twice" is a HandError of evaluate().
    assert parse_cards("A♠ as") == (ACE_OF_SPADES, ACE_OF_SPADES)


def test_parse_cards_of_something_else_raises_card_error() -> None:
    with pytest.raises(CardError):
        parse_cards(42)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        parse_cards([ACE_OF_SPADES, 7])  # type: ignore[list-item]


# --- decks ------------------------------------------------------------------


def test_the_52_card_deck_holds_every_card_once_in_deck_order() -> None:
    assert len(DECK_52) == 52
    assert len(set(DECK_52)) == 52
    assert list(DECK_52) == sorted(DECK_52)
    assert [card.index for card in DECK_52] == list(range(52))
    assert DECK_52[0] is Card.parse("2♣")
    assert DECK_52[-1] is ACE_OF_SPADES


def test_the_40_card_deck_has_no_8_9_or_10() -> None:
    assert len(DECK_40) == 40
    assert len(set(DECK_40)) == 40
    ranks = {card.rank for card in DECK_40}
    assert ranks.isdisjoint({Rank.EIGHT, Rank.NINE, Rank.TEN})
    assert ranks == set(Rank) - {Rank.EIGHT, Rank.NINE, Rank.TEN}
    assert set(DECK_40) < set(DECK_52)
    assert list(DECK_40) == sorted(DECK_40)
    for suit in Suit:
        assert sum(card.suit is suit for card in DECK_40) == 10


def test_a_card_is_found_by_its_index() -> None:
    for card in DECK_52:
        assert Card.from_index(card.index) is card
        assert card.bit == 1 << card.index
    for bad in (-1, 52, True, 1.0):
        with pytest.raises(CardError):
            Card.from_index(bad)  # type: ignore[arg-type]


# --- point values (RULES.md §0) ---------------------------------------------


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        (Rank.ACE, 11),
        (Rank.KING, 10),
        (Rank.QUEEN, 10),
        (Rank.JACK, 10),
        (Rank.TEN, 10),
        (Rank.NINE, 9),
        (Rank.EIGHT, 8),
        (Rank.SEVEN, 7),
        (Rank.SIX, 6),
        (Rank.FIVE, 5),
        (Rank.FOUR, 4),
        (Rank.THREE, 3),
        (Rank.TWO, 2),
    ],
)
def test_point_values_ace_11_ten_and_faces_10_others_face_value(rank: Rank, points: int) -> None:
    assert rank.points == points
    for suit in Suit:
        assert Card(rank, suit).points == points


def test_a_suit_holds_95_points() -> None:
    # 2..9 (44) + 10 J Q K (40) + A (11)
    for suit in Suit:
        assert sum(card.points for card in DECK_52 if card.suit is suit) == 95
