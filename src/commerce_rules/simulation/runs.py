"""``simulate``: play many matches between bots, in parallel, reproducibly, with statistics.

Game ``i`` of a simulation is played from its own seed, derived from the
simulation's ``seed`` and ``i`` alone (SHA-256, like the deals' shuffles), and
its bots are built for that game from seeds derived the same way. No random
generator is shared between games, so the result of a simulation depends
only on its arguments -- never on the executor, the number of workers or the
way the games are split into chunks. Each chunk comes back as exact sums (a
:class:`~commerce_rules.simulation.results.Tally`), added up in any order with the same
result, so a run of any length holds a few numbers per seat, not its games.

Chunks are sent to the executor a few at a time, and a ``KeyboardInterrupt``
(Ctrl-C) while :func:`simulate` waits for them cancels the chunks not yet
started and propagates; a process pool that :func:`simulate` started itself
has its workers ended at once.
"""

from __future__ import annotations

import concurrent.futures
import copy
import hashlib
import inspect
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Union, cast

from ..core.actions import Action
from ..bots.base import Bot
from ..engine.deal import MAX_PLAYERS, MIN_PLAYERS
from ..engine.start import new_game
from ..engine.reducer import apply, legal_actions
from ..core.errors import ArgumentTypeError, CommerceError
from ..engine.observe import observe
from ..core.quoting import shown
from .results import Distribution, Estimate, GameRecord, SimulationResult, Tally, wilson_interval
from .chunks import MAX_GAMES as MAX_GAMES, Chunks, check_run, run_chunks  # MAX_GAMES: still found here
from ..core.rules import Rules
from .trajectories import MatchTrace, RecordOptions, RecordTarget, bot_label, open_record, record_options

__all__ = [
    "BotSpec",
    "Distribution",
    "Estimate",
    "GameRecord",
    "SimulationResult",
    "game_seed",
    "play_game",
    "simulate",
    "wilson_interval",
]

BotSpec = Union[Bot, Callable[..., Bot]]
"""A seat's player: a bot instance, or a factory that builds one bot per game (see :func:`simulate`)."""



def _derive(seed: int, *parts: int) -> int:
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(f"commerce-rules-simulate:{text}".encode()).digest()[:8], "big") >> 1


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` (0-based) of a simulation seeded with ``seed``."""
    return _derive(seed, game)


BotMaker = Callable[[int], Bot]
"""Builds a seat's bot for one game from the seat's seed (a spec, resolved once by :func:`_bot_maker`)."""


def _bot_maker(spec: BotSpec) -> BotMaker:
    """How to build ``spec``'s bot for each game: copy an instance, or call a factory with the seat's seed.

    Resolved once per spec, not once per game: reading a factory's signature
    costs more than a short match's turns.
    """
    if not isinstance(spec, type) and callable(getattr(spec, "choose", None)):
        instance = cast(Bot, spec)
        return lambda seed: copy.deepcopy(instance)
    if not callable(spec):
        raise CommerceError(f"a seat needs a bot or a bot factory, not {shown(spec)}")
    factory: Callable[..., Any] = spec
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return lambda seed: _checked_bot(spec, factory(seed))
    params = signature.parameters
    if "seed" in params and params["seed"].kind is not inspect.Parameter.POSITIONAL_ONLY:
        return lambda seed: _checked_bot(spec, factory(seed=seed))
    try:
        signature.bind(0)
    except TypeError:
        return lambda seed: _checked_bot(spec, factory())
    return lambda seed: _checked_bot(spec, factory(seed))


def _checked_bot(spec: BotSpec, bot: object) -> Bot:
    """What a factory built, if it is a bot at all."""
    if not callable(getattr(bot, "choose", None)):
        raise CommerceError(f"the factory {shown(spec)} returned {shown(bot)}, which has no choose() method")
    return bot  # type: ignore[return-value]


def play_game(rules: Rules, bots: Sequence[BotSpec], seed: int) -> GameRecord:
    """Play one match of ``len(bots)`` players from ``seed`` and record its outcome.

    The first dealer is drawn from ``seed``; seat ``s``'s bot is built from
    ``bots[s]`` with a seed derived from ``seed`` and ``s``.

    The record counts one deal per showdown of the match, read from the
    final state's ``showdowns``: a deal can be settled as soon as it is
    dealt (a hand dealt worth 31, Rules §7.6 and §8.6), inside :func:`new_game`
    or in the same step as the deal before it, and counts with 0 actions.
    """
    return _play(rules, [_bot_maker(spec) for spec in bots], seed)


def _play(rules: Rules, makers: Sequence[BotMaker], seed: int, trace: MatchTrace | None = None) -> GameRecord:
    """:func:`play_game`, with each seat's bot spec already resolved.

    ``trace``, if given, is shown each decision (the seat's observation and
    its action, never the state) and the final state: how ``record=`` and
    :func:`~commerce_rules.tournament` see a match without a second loop.
    """
    players = len(makers)
    seats = [make(_derive(seed, -1, seat)) for seat, make in enumerate(makers)]
    state = new_game(rules, players, seed=seed)
    actions: Counter[int] = Counter()  # deal number -> actions applied in that deal
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        options = legal_actions(state)
        observation = observe(state, seat)
        action = seats[seat].choose(observation, options)
        if not _among(action, options):
            raise CommerceError(f"seat {seat}'s bot {shown(seats[seat])} chose an illegal action: {shown(action)}")
        if trace is not None:
            trace.step(observation, action)
        actions[state.deal_number] += 1
        state = apply(state, action)
    if trace is not None:
        trace.end(state)
    showdowns = state.showdowns
    return GameRecord(
        winners=state.winners,
        balances=state.balances,
        lives=state.lives,
        turns_per_deal=tuple(actions[showdown.deal_number] for showdown in showdowns),
        deals_played=tuple(sum(bool(showdown.hands[s]) for showdown in showdowns) for s in range(players)),
        lives_lost=tuple(sum(s in showdown.losers for showdown in showdowns) for s in range(players)),
    )


def _among(action: object, options: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``options``: by identity first, as a bot returns one of them (``in`` would
    call the actions' ``__eq__`` on every option before it)."""
    for option in options:
        if option is action:
            return True
    return action in options


def _play_chunk(
    rules: Rules, bots: Sequence[BotSpec], seed: int, start: int, stop: int
) -> tuple[Tally, float]:
    """Play games ``start`` to ``stop - 1`` of a simulation: their tally, and the seconds they took.

    The worker sends back the chunk's sums, not its games' records: a few
    numbers per seat, whatever the chunk's size.
    """
    began = time.perf_counter()
    tally = Tally(len(bots))
    makers = [_bot_maker(spec) for spec in bots]
    for game in range(start, stop):
        tally.add(_play(rules, makers, game_seed(seed, game)))
    return tally, time.perf_counter() - began


def _play_recorded_chunk(
    rules: Rules,
    bots: Sequence[BotSpec],
    seed: int,
    start: int,
    stop: int,
    options: RecordOptions,
    labels: tuple[str, ...],
) -> tuple[tuple[Tally, list[str]], float]:
    """:func:`_play_chunk`, and the record lines of its games: the worker sends them back, the parent writes them."""
    began = time.perf_counter()
    tally = Tally(len(bots))
    makers = [_bot_maker(spec) for spec in bots]
    lines: list[str] = []
    for game in range(start, stop):
        trace = MatchTrace(options, game, game_seed(seed, game), labels)
        tally.add(_play(rules, makers, trace.seed, trace))
        lines.extend(trace.lines)
    return (tally, lines), time.perf_counter() - began


def simulate(
    rules: Rules,
    bots: Sequence[BotSpec],
    games: int,
    seed: int,
    executor: concurrent.futures.Executor | None = None,
    *,
    chunk_size: int | None = None,
    progress: Callable[[int], object] | None = None,
    workers: int | None = None,
    record: RecordTarget | None = None,
    record_seats: Iterable[int] | None = None,
    record_tensor: bool = False,
) -> SimulationResult:
    """Play ``games`` matches of ``rules`` between ``bots``, one per seat, and summarise them.

    :param bots: one entry per seat (3 to 12), seats fixed for every game.
        An entry is either a **factory** -- a class such as ``RandomBot`` or
        ``GreedyBot``, a :func:`functools.partial`, or any callable -- called
        once per game, with ``seed=`` when it has a ``seed`` parameter, else
        with the seed as its one argument if it takes one, else with no
        argument; or a **bot instance**, deep-copied at the start of every
        game so that each game starts from the bot as given. Factories are
        the better choice: each game gets a fresh bot with its own seed, and
        only the factory travels to the worker processes. With processes,
        every entry must be picklable (a class or a module-level function,
        not a lambda).
    :param games: how many matches (1 to 10**9: a larger run would never end).
    :param seed: the simulation's seed; game ``i`` is played from
        :func:`game_seed(seed, i) <game_seed>`, its first dealer drawn from it.
    :param executor: any :class:`concurrent.futures.Executor` (a process or
        thread pool, a Dask cluster's ``client.get_executor()``...); ``None``
        starts a :class:`~concurrent.futures.ProcessPoolExecutor` with
        ``workers`` processes for this call. The result is the same
        whatever the executor.
    :param chunk_size: games per task sent to the executor. By default two
        tasks per worker are in flight at a time, the first of one game each
        and the later ones of about a quarter of a second of play at the
        time per game measured so far, at most 100 games: the progress moves
        whatever the bots' speed, and long and short games even out between
        workers.
    :param progress: called with the number of games done after each chunk.
    :param workers: how many tasks the executor runs at once (a cluster's
        worker threads, say); by default ``os.cpu_count()``. It sets how
        many tasks are in flight and the size of this call's own pool, and
        never changes the result. An executor's own attributes are not
        read: tell a pool of another size here.
    :param record: a path or a writable text file: write every decision
        (the seat's observation document, or its tensor with
        ``record_tensor=True``, and its action) and each match's returns as
        JSON Lines, for imitation learning; see
        :mod:`commerce_rules.simulation.trajectories` for the format. Only the seats in
        ``record_seats`` are written if it is given. A path is written to a
        temporary file renamed into place once every game is played, so it
        is never left half-written.
    :returns: a :class:`SimulationResult`. Each task sends back the sums of
        its games (a :class:`~commerce_rules.simulation.results.Tally`), added up as
        they arrive: memory does not grow with ``games``. With ``record``,
        each task sends back its games' lines too, written in game order as
        they arrive, so memory holds the lines of the chunks in flight (or
        finished ahead of an earlier one): a few megabytes per chunk.
    :raises KeyboardInterrupt: as raised while waiting (Ctrl-C): the tasks
        not yet started are cancelled first, and this call's own pool has
        its workers terminated; the tasks already running on an executor
        you gave finish there unless you end its workers.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from commerce_rules import CRP, GreedyBot, RandomBot, simulate
    >>> with ThreadPoolExecutor(1) as pool:
    ...     result = simulate(CRP, [GreedyBot, RandomBot, RandomBot], games=20, seed=1, executor=pool)
    >>> result.wins[0] > result.wins[1]
    True
    """
    if not isinstance(rules, Rules):
        raise CommerceError(f"rules must be a Rules value (a preset such as FOSTER), not {type(rules).__name__}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise ArgumentTypeError(f"bots must be a list of bots or bot factories, one per seat, not {type(bots).__name__}")
    bots = list(bots)
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise CommerceError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players: give one bot per seat, not {len(bots)}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1):
        raise CommerceError(f"chunk_size must be a whole number of at least 1, not {shown(chunk_size)}")
    workers = check_run(games, seed, executor, progress, workers, "games done")
    options = record_options(record_seats, record_tensor, len(bots)) if record is not None else None
    tally = Tally(len(bots))
    chunks = Chunks(games, chunk_size)
    if options is None:
        run_chunks(executor, workers, chunks, progress, _play_chunk, (rules, bots, seed), (), lambda _s, _e, t: tally.merge(t))
        return tally.result(rules, seed)
    assert record is not None
    labels = tuple(bot_label(spec) for spec in bots)
    with open_record(record) as sink:

        def collect(start: int, stop: int, chunk: tuple[Tally, list[str]]) -> None:
            tally.merge(chunk[0])
            sink.put(start, stop, chunk[1])

        run_chunks(executor, workers, chunks, progress, _play_recorded_chunk, (rules, bots, seed), (options, labels), collect)
    return tally.result(rules, seed)
