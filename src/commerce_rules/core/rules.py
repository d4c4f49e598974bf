"""``Rules``: a variant as one validated, immutable value, and the presets.

A variant is three independent parts (see ``docs/design.md``): a
*mechanism* (who acts and how cards move), a *scoring* (what a deal costs,
when the match ends) and a *ranking* (how hands compare), plus options.
The engine reads only these fields; it never looks at a preset's name.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from .errors import ArgumentTypeError, RulesError
from .quoting import shown

__all__ = [
    "CRP", "EXTENDED", "FOSTER", "HOYLE", "POUNCE", "PRESETS", "SCHWIMMEN", "THIRTY_ONE", "TRENTUNO",
    "STOP_THE_BUS", "STOP_THE_BUS_DRAW",
    "BarterDirection", "Mechanism", "Ranking", "Rules", "Scoring", "StallEffect", "PART_OPTIONS",
    "FOLLOWERS", "check_rules",
]


class _Choice(str, enum.Enum):
    """An enum of the rules, each member its string: a ``Rules`` field takes the member, its value, or another
    enum's member of that value (such as ``"right"``); anything else is a :class:`RulesError` naming the choices."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, enum.Enum) and not isinstance(value, cls):  # another enum whose value is one of ours
            return cls(value.value)
        choices = ", ".join(repr(member.value) for member in cls)
        raise RulesError(f"{cls.__name__} must be one of {choices}, not {shown(value)}") from None


class Mechanism(_Choice):
    """Who acts, what they may do and when the exchanges end."""

    TRADE_BARTER = "trade_barter"
    """Foster's game without widow: buy from the stock, barter blind, knock (Rules §1)."""
    WIDOW = "widow"
    """A face-up widow of 3: exchange, pass, knock and a final round (Rules §2)."""
    ROUNDS = "rounds"
    """Hoyle's widow: the dealer's blind exchange, rounds, a growing widow, two knocks (Rules §6)."""
    DRAW_DISCARD = "draw_discard"
    """Thirty-One: draw from the stock or a face-up discard pile, discard, knock, a final round (Rules §8)."""


class Scoring(_Choice):
    """What a deal costs and pays, and when the match ends."""

    LEDGER = "ledger"
    """Antes into a pot, the dealer's payments, one deal per player (Rules §1)."""
    LIVES = "lives"
    """The lowest hand loses a life; the last player with lives wins (Rules §2.6-2.7)."""
    POOL = "pool"
    """Stakes into a pool, a prize, the rise and the horse (Rules §6)."""


class Ranking(_Choice):
    """How hands compare."""

    FOSTER = "foster"
    """Tricon, sequence, point of 2 or 3 cards of a suit, nothing (Rules §1.6)."""
    CLASSIC = "classic"
    """Tricon, sequence, flush, pair, point (Rules §2.5)."""
    EXTENDED = "extended"
    """Tricon, sequence, flush; everything else is an equal nothing (Rules §5)."""
    TRENTUNO = "trentuno"
    """Counting to 31, the tricon worth 30½ (Rules §4)."""
    HOYLE = "hoyle"
    """Tricon, sequence, flush by point, pair, point over three cards (Rules §6.7)."""
    BRAG = "brag"
    """Brag hands: prial, running flush, run, flush, pair, high card; 3-3-3 and A-2-3 on top (Rules §10.7)."""


class BarterDirection(_Choice):
    """Which neighbour a barter is offered to in trade and barter."""

    LEFT = "left"
    """The left neighbour, seat ``s + 1`` (seed 000, the default)."""
    RIGHT = "right"
    """The right neighbour, seat ``s - 1`` (seed 003's "Trade and Barter")."""


class StallEffect(_Choice):
    """What happens in the widow game when every active player has passed ``stall_passes`` times in a row."""

    SHOWDOWN = "showdown"
    """The exchanges are over: the showdown follows (Rules §2.4, the default)."""
    NEW_WIDOW = "new_widow"
    """The widow goes to the discard pile and the next 3 stock cards are the new widow (Rules §7.5)."""


LIMITS: Final[dict[str, tuple[int, int]]] = {
    "deck_size": (32, 52),
    "exchanges_per_turn": (1, 3),
    "stall_passes": (1, 1000),
    "starting_lives": (1, 1000),
    "stake": (1, 10**17),
    "prize": (1, 10**17),
    "turn_limit": (1, 10**6),
    "deal_limit": (1, 10**6),
}
"""The smallest and largest value of each whole-number option (``turn_limit`` and ``deal_limit`` may also be ``None``).

Far beyond any table, and small enough that every amount of a match from
:func:`~commerce_rules.new_game` fits a signed 64-bit integer (twelve stakes
of 10**17 in the pool), so any JSON reader that keeps 64-bit integers reads it
exactly, and that no option makes a number too long to print.
"""

DECK_SIZES: Final = (52, 40, 32)
"""The decks (Rules §9): 52 cards, 40 without the 8s, 9s and 10s, 32 without the 2s to 6s."""

_OPTIONAL: Final = frozenset({"turn_limit", "deal_limit"})
"""The whole-number options that may also be ``None`` (no limit)."""

_BOOLEANS: Final = ("ace_low", "pounce", "trentuno_suited", "horse", "free_ride", "exchange_all",
                    "dealer_choice", "blitz", "blitz_all_lose", "feuer", "brag_threes_high", "must_exchange")

PART_OPTIONS: Final[dict[enum.Enum, frozenset[str]]] = {
    Mechanism.TRADE_BARTER: frozenset({"barter_direction"}),
    Mechanism.WIDOW: frozenset(
        {"exchanges_per_turn", "stall_passes", "pounce", "exchange_all", "dealer_choice", "stall_effect", "blitz",
         "must_exchange"}
    ),
    Mechanism.ROUNDS: frozenset({"exchanges_per_turn"}),
    Mechanism.DRAW_DISCARD: frozenset({"blitz"}),
    Scoring.LEDGER: frozenset({"deal_limit"}),
    Scoring.LIVES: frozenset({"starting_lives", "deal_limit", "free_ride", "blitz_all_lose"}),
    Scoring.POOL: frozenset({"starting_lives", "stake", "prize", "horse", "deal_limit", "free_ride"}),
    Ranking.FOSTER: frozenset({"pounce"}),
    Ranking.CLASSIC: frozenset({"pounce"}),
    Ranking.EXTENDED: frozenset({"pounce"}),
    Ranking.TRENTUNO: frozenset({"trentuno_suited", "feuer", "blitz", "pounce"}),
    Ranking.HOYLE: frozenset({"pounce"}),
    Ranking.BRAG: frozenset({"brag_threes_high"}),
}
"""Each part's own options: the options that the part declares it reads.

An option that some part of a kind (mechanism, scoring, ranking) declares
belongs to that kind, and a variant whose part of that kind does not declare
it must leave it at its default. An option may belong to two kinds: ``blitz`` needs a
mechanism that ends a deal at once *and* a ranking that counts to 31, ``pounce`` a widow
*and* a ranking with four-card hands (all but Brag). Options no part declares (``deck_size``,
``ace_low``, ``turn_limit``) are shared by every variant. A new part declares its options here.
"""

FOLLOWERS: Final[dict[str, str]] = {"blitz_all_lose": "blitz"}
"""Yes-or-no options that only matter with another: ``Rules.replace`` switches them off with it, unless named.
Only ``replace`` follows, so a stored value stays valid as it is (equal rules equal, JSON read back as written)."""

_KINDS: Final = (("mechanism", Mechanism), ("scoring", Scoring), ("ranking", Ranking))

WIDOW_SIZES: Final[dict[Mechanism, int]] = {}  # each mechanism part's widow_size: variant fills it, as the parts import this module
KEEPS_MONEY: Final[dict[Scoring, bool]] = {}  # each scoring part's has_money: variant fills it too

_REFUSALS: Final[dict[tuple[str, enum.Enum], str]] = {
    ("pounce", Mechanism.TRADE_BARTER): "pounce needs a widow: use mechanism='widow'",
    ("pounce", Mechanism.ROUNDS): "pounce applies only with mechanism 'widow': Hoyle's rounds have no pounce",
    ("exchanges_per_turn", Mechanism.TRADE_BARTER):
        "exchanges_per_turn applies to widow mechanisms: trade and barter has no widow",
    ("free_ride", Scoring.LEDGER): "free_ride needs lives or counters to lose: a ledger has nobody to swim",
    **dict.fromkeys((("blitz", r) for r in (Ranking.FOSTER, Ranking.CLASSIC, Ranking.EXTENDED, Ranking.HOYLE)),
                    "blitz needs the trentuno ranking: it ends a deal at 31"),
    ("blitz", Ranking.BRAG): "blitz needs the trentuno ranking: Brag hands have no 31",
    ("pounce", Ranking.BRAG): "pounce needs four-card hands: the brag ranking has none (a prial is its best hand)",
}
"""Why a part refuses an option, where a plainer reason than "applies only with" helps."""

_TOGETHER: Final[tuple[tuple[str, str, object, str], ...]] = (
    ("must_exchange", "exchanges_per_turn", 1, "a turn holds exactly one exchange (Rules §10.3)"),
    ("must_exchange", "pounce", False, "a four-card hand could not exchange"),
    ("must_exchange", "stall_passes", 2, "every turn holds an exchange, so nobody passes: no stall (Rules §10.5)"),
    ("must_exchange", "stall_effect", StallEffect.SHOWDOWN, "every turn holds an exchange: no stall (Rules §10.5)"),
    ("blitz_all_lose", "blitz", True, "without a blitz no deal ends at 31"),
    ("exchange_all", "exchanges_per_turn", 1, "exchanging the whole hand is a whole turn"),
)
"""Yes-or-no options that, on, need another option at one value: the option, the other, that value, and why."""


@attrs.frozen(cache_hash=True, kw_only=True)
class Rules:
    """A variant: its three parts and their options. Immutable, hashable, validated.

    Build variants from a preset with :meth:`replace`:

    >>> from commerce_rules import CRP
    >>> CRP.replace(starting_lives=5).starting_lives
    5
    >>> CRP.replace(exchanges_per_turn=4)
    Traceback (most recent call last):
    ...
    commerce_rules.core.errors.RulesError: exchanges_per_turn must be 1, 2 or 3, not 4

    An option that belongs to a part the variant does not use must keep its
    default, so a misplaced option is an error rather than silently ignored.
    ``ace_low`` is read by every ranking with sequences and ignored by Trentuno.
    """

    mechanism: Mechanism = attrs.field(default=Mechanism.TRADE_BARTER, converter=Mechanism)
    scoring: Scoring = attrs.field(default=Scoring.LEDGER, converter=Scoring)
    ranking: Ranking = attrs.field(default=Ranking.FOSTER, converter=Ranking)
    deck_size: int = 52
    """52, 40 (the 8s, 9s and 10s removed) or 32 (the 2s to 6s removed); every ranking (Rules §9)."""
    ace_low: bool = True
    """Whether A-2-3 is a sequence (the lowest one). K-A-2 never is."""
    pounce: bool = False
    """Widow only: a tricon may take the widow's fourth card of its rank (Rules §3)."""
    exchanges_per_turn: int = 1
    """Widow and rounds: how many exchanges one turn may hold (1-3; trade and barter: 1)."""
    stall_passes: int = 2
    """Widow only: passes in a row by every active player that end the exchanges."""
    turn_limit: int | None = None
    """After this many turns in one deal the showdown follows at once (not traditional)."""
    barter_direction: BarterDirection = attrs.field(
        default=BarterDirection.LEFT, converter=BarterDirection
    )
    trentuno_suited: bool = True
    """Trentuno only: count the best suit (True) or all three cards, nearest 31 without going over."""
    starting_lives: int = 3
    """Lives or pool: each player's lives (counters) at the start."""
    stake: int = 3
    """Pool only: what each player pays into the pool before the first deal."""
    prize: int = 1
    """Pool only: what the best hand takes from the pool at each showdown."""
    horse: bool = True
    """Pool only: the first player out may buy one counter back for ``ceil(stake / 3)``."""
    deal_limit: int | None = None
    """Every scoring: the match ends after this many deals; the best balance or the most lives win (Rules §9)."""
    free_ride: bool = False
    """Lives or pool: a player who loses their last life swims (0 lives, still in) until they lose again (§7.8)."""
    exchange_all: bool = False
    """Widow only: a turn may exchange the whole hand for the whole widow (``ExchangeAll``, Rules §7.4)."""
    dealer_choice: bool = False
    """Widow only: the widow is dealt face down; the dealer keeps their hand or takes it unseen (§7.3)."""
    stall_effect: StallEffect = attrs.field(default=StallEffect.SHOWDOWN, converter=StallEffect)
    """Widow only: what a stall does, the showdown (§2.4) or a new widow from the stock (§7.5)."""
    blitz: bool = False
    """With the Trentuno ranking, in the widow game or draw-and-discard: a hand of 31 (or Feuer) ends the deal at once (Rules §7.6, §8.6)."""
    blitz_all_lose: bool = False
    """Lives, with ``blitz``: after a blitz every player without 31 loses a life, not only the lowest (§8.6); ``replace(blitz=False)`` turns it off too."""
    feuer: bool = False
    """Trentuno only: three aces ("Feuer") rank above 31 (Rules §7.2)."""
    brag_threes_high: bool = True
    """Brag only: 3-3-3 the best prial and A-2-3 the best run (with ``ace_low``); ``False``: plain rank order (Rules §10.7)."""
    must_exchange: bool = False
    """Widow only: every turn holds one exchange, then (not in a final turn) a knock or a pass ends it (Rules §10.3-10.5)."""

    def __attrs_post_init__(self) -> None:
        for name in _BOOLEANS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name} must be True or False, not {shown(value)}")
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if name in _OPTIONAL and value is None:
                continue
            nothing = "None or " if name in _OPTIONAL else ""
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{name} must be {nothing}a whole number, not {shown(value)}")
            if not low <= value <= high:
                raise RulesError(f"{name} must be {nothing}{_range_text(low, high)}, not {shown(value)}")
        if self.deck_size not in DECK_SIZES:
            raise RulesError(f"deck_size must be 52, 40 or 32, not {self.deck_size}")
        for name in _DECLARED:
            if getattr(self, name) == _DEFAULTS[name]:
                continue
            for kind, members in _KINDS:
                part = getattr(self, kind)
                if name in PART_OPTIONS[part] or not any(name in PART_OPTIONS[m] for m in members):
                    continue
                reason = _REFUSALS.get((name, part))
                if reason is not None:
                    raise RulesError(reason)
                needs = " or ".join(m.value for m in members if name in PART_OPTIONS[m])
                raise RulesError(f"{name} applies only with {kind} {needs}, not {part.value}")
        for name, other, value, why in _TOGETHER:
            if getattr(self, name) and getattr(self, other) != value:
                wanted = repr(value.value) if isinstance(value, enum.Enum) else value
                raise RulesError(f"{name} needs {other}={wanted}: {why}")

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        """Refuse unknown option names with a :class:`RulesError` before ``__init__`` sees them."""
        if args:
            raise RulesError("Rules takes options by name only, e.g. Rules(mechanism='widow')")
        _check_option_names(options)
        return super().__new__(cls)

    def replace(self, **options: Any) -> Rules:
        """A new, validated ``Rules`` with ``options`` changed (an option switched off takes its ``FOLLOWERS``); unknown names raise."""
        _check_option_names(options)
        for follower, leader in FOLLOWERS.items():
            if options.get(leader) is False and follower not in options:
                options[follower] = False
        return attrs.evolve(self, **options)

    def options(self) -> dict[str, Any]:
        """Every option and part as plain JSON-ready values (enums as their strings)."""
        return {
            name: value.value if isinstance(value, enum.Enum) else value
            for name, value in attrs.asdict(self, recurse=False).items()
        }

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """The ``Rules`` with ``options`` (as :meth:`options` gives them) over the defaults."""
        if not isinstance(options, Mapping):
            raise RulesError(f"rules options must be a mapping, not {type(options).__name__}")
        for name in options:
            if not isinstance(name, str):
                raise RulesError(f"a rules option's name is a string, not {shown(name)}")
        return cls().replace(**dict(options))

    @property
    def has_widow(self) -> bool:
        """Whether the mechanism deals a widow: its part declares a ``widow_size`` above 0."""
        return WIDOW_SIZES[self.mechanism] > 0

    @property
    def keeps_money(self) -> bool:
        """Whether the scoring keeps balances that change hands: its part declares ``has_money``."""
        return KEEPS_MONEY[self.scoring]

    @property
    def max_hand_size(self) -> int:
        """4 where a pounce can make a four-card hand, else 3."""
        return 4 if self.pounce else 3


def check_rules(rules: object) -> Rules:
    """``rules`` itself if it is a ``Rules``; anything else (a dict of options, a name) is an :class:`ArgumentTypeError`."""
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    return rules


def _check_option_names(options: Mapping[str, Any]) -> None:
    unknown = sorted(set(options) - set(_DEFAULTS))
    if unknown:
        raise RulesError(f"unknown rules option {shown(unknown[0])}; the options are: {', '.join(_DEFAULTS)}")


def _range_text(low: int, high: int) -> str:
    if high - low == 2:
        return f"{low}, {low + 1} or {high}"
    return f"from {low} to {high:,}"


_DEFAULTS: Final[dict[str, Any]] = {a.name: a.default for a in attrs.fields(Rules)}
_DEFAULTS.update(mechanism=Mechanism.TRADE_BARTER, scoring=Scoring.LEDGER, ranking=Ranking.FOSTER,
                 barter_direction=BarterDirection.LEFT, stall_effect=StallEffect.SHOWDOWN)
_DECLARED: Final = tuple(name for name in _DEFAULTS if any(name in options for options in PART_OPTIONS.values()))
"""The options some part declares, in field order (checked against the variant's parts)."""

FOSTER: Final = Rules()
"""Foster's Commerce without widow, "trade and barter", with a points ledger (Rules §1)."""

CRP: Final = Rules(mechanism=Mechanism.WIDOW, scoring=Scoring.LIVES, ranking=Ranking.CLASSIC, ace_low=False)
"""Commerce with widow and lives (Rules §2)."""

POUNCE: Final = CRP.replace(pounce=True)
"""Widow and lives with the pounce (Rules §3)."""

TRENTUNO: Final = CRP.replace(ranking=Ranking.TRENTUNO, deck_size=40)
"""Widow and lives on 40 cards, counting to 31 (Rules §4)."""

EXTENDED: Final = CRP.replace(ranking=Ranking.EXTENDED, stall_passes=1)
"""Widow and lives; only tricon, sequence and flush count (Rules §5)."""

HOYLE: Final = Rules(mechanism=Mechanism.ROUNDS, scoring=Scoring.POOL, ranking=Ranking.HOYLE, ace_low=True, exchanges_per_turn=3)
"""Commerce with widow after Hoyle: blind exchange, growing widow, pool, rise, horse (Rules §6)."""

THIRTY_ONE: Final = TRENTUNO.replace(
    mechanism=Mechanism.DRAW_DISCARD, deck_size=52, free_ride=True, blitz=True, blitz_all_lose=True
)
"""Thirty-One (Scat, Blitz): draw and discard, knock, 31 ends the deal, on the bus (Rules §8)."""
SCHWIMMEN: Final = TRENTUNO.replace(
    deck_size=32,
    feuer=True,
    dealer_choice=True,
    exchange_all=True,
    stall_passes=1,
    stall_effect=StallEffect.NEW_WIDOW,
    blitz=True,
    free_ride=True,
)
"""Schwimmen, the German 31: 32 cards, the dealer's choice of the extra hand, exchange one or all, swimming (Rules §7)."""

STOP_THE_BUS: Final = CRP.replace(ranking=Ranking.BRAG, must_exchange=True, exchange_all=True, ace_low=True)
"""Stop the Bus after Parlett: widow and lives, exchange one or all every turn, then stop or ride on; Brag hands (Rules §10)."""

STOP_THE_BUS_DRAW: Final = THIRTY_ONE.replace(
    ranking=Ranking.BRAG, blitz=False, blitz_all_lose=False, free_ride=False, ace_low=True
)
"""pagat's Stop the Bus: Thirty-One's draw and discard with Brag hands, no blitz, no free ride (Rules §10.10)."""

PRESETS: Final[dict[str, Rules]] = {
    "foster": FOSTER,
    "crp": CRP,
    "pounce": POUNCE,
    "trentuno": TRENTUNO,
    "extended": EXTENDED,
    "hoyle": HOYLE,
    "schwimmen": SCHWIMMEN,
    "thirty_one": THIRTY_ONE,
    "stop_the_bus": STOP_THE_BUS,
    "stop_the_bus_draw": STOP_THE_BUS_DRAW,
}
"""The presets by their command-line names."""
