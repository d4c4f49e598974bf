"""The actions a player can take: small immutable values, each naming its ``player`` seat.

Every action class carries what the shared code needs to know of it — its
JSON ``type`` name, the fields that hold cards, and its description — so
that JSON, narration and menus never branch on the action's class. An
action is checked when it is built: a seat that is no whole number from 0
to 11, or a card that is not a :class:`~commerce_rules.Card`, raises at once,
so no malformed action ever reaches :func:`~commerce_rules.apply`.
Which actions a state accepts is decided by :func:`commerce_rules.legal_actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, Literal, NoReturn

import attrs

from .caches import BuiltOnFirstUse, seat_table
from .cards import Card, bits_of
from .errors import ArgumentTypeError, IllegalActionError
from .quoting import shown

__all__ = [
    "ACTION_CLASSES",
    "Action",
    "Barter",
    "BarterReply",
    "BlindExchange",
    "Buy",
    "BuyHorse",
    "Exchange",
    "ExchangeAll",
    "Knock",
    "Pass",
    "Pounce",
]

MAX_SEAT = 11
"""The highest seat of any table (12 players)."""
ANY_SEAT = f"0 to {MAX_SEAT} (the largest table's seats; a table of n players has 0 to n-1)"
"""The seats an action may name where it is checked without its table, as a message says them."""
SEEN_SEAT_SHIFT = 64
"""Where an action's seat sits in its ``_seen`` bit set: above every card's bit (a card's ``index`` is below 52)."""

FieldKind = Literal["card", "cards"]
"""How an action's field is written in JSON: one card, or a list of cards."""

ACTION_CLASSES: dict[str, type[Action]] = {}
"""Every action class by its JSON ``type`` name (a class registers itself when it is defined)."""


def _hint(value: object) -> str:
    """How to make a card of ``value`` where it is a card's text."""
    return f" (Card.parse({shown(value)}))" if isinstance(value, str) else ""


def _choices(words: tuple[str, ...]) -> str:
    """``'stock' or 'discard'``: the words a word field takes."""
    quoted = [repr(word) for word in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if not isinstance(cards, Iterable) or isinstance(cards, (str, Card)):
        raise ArgumentTypeError(f"take must be a tuple of Card values, not {shown(cards)}")
    items = tuple(cards)
    for card in items:
        if not isinstance(card, Card):
            raise ArgumentTypeError(f"take needs Card values{_hint(card)}, not {shown(card)}")
    return tuple(sorted(items))  # in Card's order


def _bits(action: Action) -> int:
    """The bit set of the action's cards (the OR of their ``Card.bit``)."""
    return bits_of(action.cards())


def _bad_player(action: Action) -> NoReturn:
    name, player = type(action).__name__, action.player
    if type(player) is not int:
        raise ArgumentTypeError(f"{name}.player must be a seat number (an int), not {shown(player)}")
    raise IllegalActionError(f"{name}.player must be a seat from {ANY_SEAT}, not {shown(player)}")


def _bad_card(action: Action, field: str) -> NoReturn:
    card = getattr(action, field)
    raise ArgumentTypeError(f"{type(action).__name__}.{field} needs a Card{_hint(card)}, not {shown(card)}")


def _bad_word(action: Action, field: str, words: tuple[str, ...]) -> NoReturn:
    name, word = type(action).__name__, getattr(action, field)
    if type(word) is not str:
        raise ArgumentTypeError(f"{name}.{field} must be a string, {_choices(words)}, not {shown(word)}")
    raise IllegalActionError(f"{name}.{field} must be {_choices(words)}, not {shown(word)}")


@attrs.frozen(cache_hash=True)
class Action:
    """The base of every action: the seat that takes it, and what the shared code may ask of its class."""

    player: int
    _seen: int = attrs.field(init=False, repr=False, eq=False)
    """``1 << (SEEN_SEAT_SHIFT + player)`` with the bits of the action's cards: what a seat must see to take it.

    Set when the action is built (not a field one passes, compares or prints), for
    :func:`commerce_rules.bots.check_choice`, which tests it against an observation's cards on every turn.
    """

    json_type: ClassVar[str] = ""
    """The ``"type"`` of the action in JSON (``"exchange"``)."""
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = ()
    """The fields that hold cards, and whether each is one card or a list of them."""
    word_fields: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()
    """The fields that hold one of a few words (a JSON string), and those words (``Draw.source``)."""

    _bits_of: ClassVar[Callable[[Action], int]] = staticmethod(_bits)
    """The bit set of :meth:`cards` (a bot's check names the action that shows a card its seat cannot see)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.json_type:
            ACTION_CLASSES[cls.json_type] = cls

    def __attrs_post_init__(self) -> None:
        """The checks of a new action: a seat from 0 to 11, each card field a ``Card``, each word field one of its
        words, then the class's own :meth:`_check`; and its ``_seen``, its seat and cards as one bit set."""
        cls = type(self)
        if cls is Action:
            raise ArgumentTypeError("Action is the base class: build a Knock, an Exchange, ...")
        player = self.player
        if type(player) is not int or not 0 <= player <= MAX_SEAT:
            _bad_player(self)
        for field, kind in cls.card_fields:
            if kind == "card" and not isinstance(getattr(self, field), Card):  # a list of cards: its converter checks
                _bad_card(self, field)
        for field, words in cls.word_fields:
            word = getattr(self, field)
            if type(word) is not str or word not in words:
                _bad_word(self, field, words)
        object.__setattr__(self, "_seen", (1 << (SEEN_SEAT_SHIFT + player)) | bits_of(self.cards()))
        self._check()

    def _check(self) -> None:
        """What a particular action requires beyond a seat and cards (override)."""

    def cards(self) -> tuple[Card, ...]:
        """Every card the action names, in field order."""
        cards: list[Card] = []
        for field, kind in self.card_fields:
            value = getattr(self, field)
            cards.extend(value if kind == "cards" else (value,))
        return tuple(cards)

    def describe(self) -> str:
        """The action in plain words, naming its cards (for the player who takes it, or a public move)."""
        raise NotImplementedError  # pragma: no cover - every concrete action says


@attrs.frozen(cache_hash=True)
class Buy(Action):
    """Trade and barter: give ``card`` face down, pay the dealer, receive the stock's top card."""

    card: Card
    json_type: ClassVar[str] = "buy"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("card", "card"),)

    def describe(self) -> str:
        return f"seat {self.player} buys, giving {self.card}"


@attrs.frozen(cache_hash=True)
class Barter(Action):
    """Trade and barter: offer the hidden ``card`` to the neighbour (left by default)."""

    card: Card
    json_type: ClassVar[str] = "barter"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("card", "card"),)

    def describe(self) -> str:
        return f"seat {self.player} offers {self.card} in barter"


@attrs.frozen(cache_hash=True)
class BarterReply(Action):
    """Trade and barter: the neighbour gives ``card`` back, before seeing the offered card."""

    card: Card
    json_type: ClassVar[str] = "barter_reply"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("card", "card"),)

    def describe(self) -> str:
        return f"seat {self.player} answers the barter with {self.card}"


@attrs.frozen(cache_hash=True)
class Knock(Action):
    """Stop the exchanges (trade and barter: at once; widow: after a final round)."""

    json_type: ClassVar[str] = "knock"

    def describe(self) -> str:
        return f"seat {self.player} knocks"


@attrs.frozen(cache_hash=True)
class Exchange(Action):
    """Widow: put hand card ``give`` face up in the widow and take widow card ``take``."""

    give: Card
    take: Card
    json_type: ClassVar[str] = "exchange"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("give", "card"), ("take", "card"))

    def describe(self) -> str:
        return f"seat {self.player} exchanges {self.give} for {self.take} from the widow"


@attrs.frozen(cache_hash=True)
class ExchangeAll(Action):
    """Widow with ``exchange_all``: the whole hand for the whole widow; with ``dealer_choice`` also the
    dealer's taking of the face-down extra hand, unseen (Rules §7.3-7.4)."""

    json_type: ClassVar[str] = "exchange_all"

    def describe(self) -> str:
        return f"seat {self.player} exchanges the whole hand for the widow"


@attrs.frozen(cache_hash=True)
class Pass(Action):
    """Widow: end the turn without exchanging; also declines a pounce, a blind exchange or a horse."""

    json_type: ClassVar[str] = "pass"

    def describe(self) -> str:
        return f"seat {self.player} passes"


@attrs.frozen(cache_hash=True)
class Pounce(Action):
    """Pounce: a tricon takes the widow's fourth card of its rank, out of turn."""

    json_type: ClassVar[str] = "pounce"

    def describe(self) -> str:
        return f"seat {self.player} pounces"


@attrs.frozen(cache_hash=True)
class BlindExchange(Action):
    """Hoyle: the dealer takes the widow cards ``take`` unseen; the order inside ``take`` does not matter."""

    take: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    json_type: ClassVar[str] = "blind_exchange"
    card_fields: ClassVar[tuple[tuple[str, FieldKind], ...]] = (("take", "cards"),)

    def _check(self) -> None:
        if not 1 <= len(self.take) <= 3:
            raise IllegalActionError(f"a blind exchange takes 1, 2 or 3 widow cards, not {len(self.take)}")
        take = self.take  # sorted: a card named twice is next to itself (cards are interned)
        if len(take) > 1 and (take[0] is take[1] or take[-2] is take[-1]):
            raise IllegalActionError("a blind exchange takes each widow card once")

    def describe(self) -> str:
        return f"seat {self.player} takes {' '.join(map(str, self.take))} blind"


@attrs.frozen(cache_hash=True)
class BuyHorse(Action):
    """Hoyle: the first player out buys one counter back and plays on."""

    json_type: ClassVar[str] = "buy_horse"

    def describe(self) -> str:
        return f"seat {self.player} buys a horse"


# Interned actions for legal_actions(): the same values, built once per seat and read by seat from a table
# (``EXCHANGES[seat]``). An attrs constructor costs several times a dictionary look-up, and a widow turn lists a
# dozen actions.


def _exchanges_of(seat: int) -> list[list[Exchange]]:
    deck = [Card.from_index(index) for index in range(52)]
    return [[Exchange(seat, give, take) for take in deck] for give in deck]


def _trades_of(seat: int) -> list[tuple[Buy, Barter, BarterReply]]:
    deck = [Card.from_index(index) for index in range(52)]
    return [(Buy(seat, card), Barter(seat, card), BarterReply(seat, card)) for card in deck]


EXCHANGES: Final = seat_table(_exchanges_of, MAX_SEAT + 1)
"""Every exchange a seat could make, by hand card then widow card: ``EXCHANGES[seat][give.index][take.index]``
(2,704 values a seat, built on the seat's first use)."""
TRADES: Final = seat_table(_trades_of, MAX_SEAT + 1)
"""A seat's ``(Buy, Barter, BarterReply)`` of each card, by card index: ``TRADES[seat][card.index]``."""


def _seat_actions_of(kind: type[Action]) -> BuiltOnFirstUse[int, Action]:
    return seat_table(kind, MAX_SEAT + 1)


SEAT_ACTIONS: Final = BuiltOnFirstUse(_seat_actions_of)
"""``SEAT_ACTIONS[Knock][seat]`` is the interned ``Knock(seat)`` (see :func:`seat_action`)."""


def seat_action(kind: type[Knock | Pass | Pounce | BuyHorse | ExchangeAll], seat: int) -> Action:
    """The interned ``kind(seat)``; a seat out of range is told as the class tells it."""
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        return kind(seat)  # which says what is wrong with the seat
    return SEAT_ACTIONS[kind][seat]


_BLINDS: dict[tuple[int, int], BlindExchange] = {}
_MOST_BLINDS = 4096
"""The blind exchanges kept: each widow has its own seven, so a long run would otherwise keep every one of 23,478 a seat."""


def blind_action(seat: int, take: tuple[Card, ...], bits: int | None = None) -> BlindExchange:
    """The interned ``BlindExchange(seat, take)``: the same value for the same choice, at most :data:`_MOST_BLINDS` kept.

    ``bits``, where the caller has it, is ``bits_of(take)``.
    """
    key = (seat, bits_of(take) if bits is None else bits)
    action = _BLINDS.get(key)
    if action is None:
        if len(_BLINDS) >= _MOST_BLINDS:  # start again rather than grow without end over a long simulation
            _BLINDS.clear()
        action = _BLINDS[key] = BlindExchange(seat, take)
    return action
