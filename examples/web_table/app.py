"""A web table: one person against the library's GreedyBot, in the browser.

    pip install '.[web]'               # from a clone of the repository
    python examples/web_table/app.py   # then open http://127.0.0.1:8000

The person picks a game (any preset), the number of players and the limits,
and plays seat 0; GreedyBot plays the other seats. There is no lobby and no
login: a table is known by a random id, which only its page holds.

The server keeps each table as a JSON document (``to_json``), loads it for
each request (``state_from_json``) and saves it after each move. A move comes
from the page as an action document and is untrusted: ``action_from_dict``
reads it, the server checks it is the person's seat, ``apply`` checks it is
legal. Every refusal is a ``CommerceError`` whose message is safe to send
back, and the page shows it. The page is told only what seat 0 may see
(``observe(state, 0)``): the table drawn by ``observation_html`` and the
observation document (``observation_to_dict``), which holds the moves it may
make, each with its label and its action document, for the buttons.

Starlette serves the API and the page (static/index.html and static/table.js,
plain HTML and a little JavaScript); uvicorn runs it.
"""

# The web extra is optional, and the project's type check runs without it.
# mypy: disable-error-code="import-not-found"

from __future__ import annotations

import argparse
import json
import random
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from commerce_rules import (
    PRESETS,
    Action,
    CommerceError,
    GameState,
    GreedyBot,
    Observation,
    action_from_dict,
    apply,
    legal_actions,
    narrate_seen,
    new_game,
    observation_to_dict,
    observe,
    seat_news,
    state_from_json,
    to_json,
)
from commerce_rules.render import observation_html, showdown_html

SEAT = 0
"""The person's seat; the bots play every other seat."""
TURN_LIMIT = 100
"""A table's turn limit when the person sets none: every deal must end (a deal that never did would
outgrow its document)."""
MAX_REQUEST = 10_000
"""The longest request body read, in bytes: an action document is under a hundred."""
MAX_TABLES = 1_000
"""The tables kept in memory; a new one forgets the oldest (a real server would keep them in a database)."""
BOT = GreedyBot()
"""Deterministic and without memory, so one bot plays every bot seat of every table."""


class Refused(Exception):
    """A request refused before the library saw it; its message is sent back, as a CommerceError's is."""


# ---- the game: JSON in, JSON out, no web framework -------------------------------------------------


def play(state: GameState, action: Action, news: list[str]) -> GameState:
    """Apply ``action``; add to ``news`` what seat 0 saw of it, and what it alone learned (a card drawn).

    Told move by move: once a deal's showdown has dealt the next deal, the
    deal's moves are in no later observation (its last move is told by the
    showdown that follows it).
    """
    before = observe(state, SEAT)
    state = apply(state, action)
    after = observe(state, SEAT)
    news += narrate_seen(after, since=before) + seat_news(before, after)
    return state


def play_bots(state: GameState, news: list[str]) -> GameState:
    """The bots' moves, until the person is to act or the match is over.

    ``state.to_act`` is the seat the table waits for, even when it is asked a
    question the other seats may not see (a pounce): the server asks it.
    """
    while state.to_act is not None and state.to_act != SEAT:
        seat = state.to_act
        state = play(state, BOT.choose(observe(state, seat), legal_actions(state)), news)
    return state


def seat_reply(state: GameState, news: list[str] | None = None, error: str | None = None) -> dict[str, Any]:
    """What the person's page is sent: seat 0's view of ``state`` and nothing more.

    ``news``: what the seat saw happen since its last reply; by default, the
    whole deal so far (for a page that was reloaded).
    """
    view = observe(state, SEAT)
    last = view.last_showdown
    earlier = last is not None and last.deal_number < view.deal_number  # else the table itself shows it (the end)
    return {
        "error": error,
        "html": observation_html(view),
        "observation": observation_to_dict(view),  # its legal_actions: each with its label and action document
        "news": narrate_seen(view) if news is None else news,
        "last_deal": showdown_html(last, view.rules) if last is not None and earlier else "",
    }


def read_json(body: bytes) -> object:
    """A request's body as JSON, refused if it is not."""
    try:
        return json.loads(body)
    except ValueError as error:  # not UTF-8 text, or not JSON
        raise Refused(f"the request is not JSON: {error}") from None
    except RecursionError:
        raise Refused("the request is nested too deeply") from None


def start_table(body: bytes, seed: int | None = None) -> tuple[GameState, list[str]]:
    """A new match from the page's options, ``{"preset": "crp", "players": 4, "deal_limit": 3, "turn_limit": 20}``.

    Returns it once the bots have played up to the person's turn, and what the person saw of it.
    """
    options = read_json(body)
    if not isinstance(options, dict):
        raise Refused("the options must be a JSON object")
    preset = options.get("preset")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise Refused(f"choose one of the games: {', '.join(sorted(PRESETS))}")
    # The library checks the limits and the number of players: a CommerceError says what is wrong.
    turn_limit = options.get("turn_limit")
    rules = PRESETS[preset].replace(
        turn_limit=TURN_LIMIT if turn_limit is None else turn_limit, deal_limit=options.get("deal_limit")
    )
    players: Any = options.get("players")
    state = new_game(rules, players, seed=seed)
    news = narrate_seen(observe(state, SEAT))  # "Deal 1: seat 2 deals."
    return play_bots(state, news), news


def play_move(saved: str, body: bytes) -> tuple[str, dict[str, Any]]:
    """Apply the person's move (the request's body, an action document: untrusted) to the saved table, then the bots'.

    Returns the table to save and the reply to send. A move refused changes
    nothing, and its reply says why and shows the table as it stands.
    """
    state = state_from_json(saved)
    news: list[str] = []
    try:
        action = action_from_dict(read_json(body))
        if action.player != SEAT:
            raise Refused(f"you play seat {SEAT}, not seat {action.player}")
        state = play_bots(play(state, action, news), news)
    except (CommerceError, Refused) as error:  # not JSON, not an action, not your seat, not legal now
        return saved, seat_reply(state, [], str(error))
    return to_json(state), seat_reply(state, news)


# ---- the web server ------------------------------------------------------------------------------


async def read_body(request: Request) -> bytes:
    """The request's body, refused if it is too long (read no further than that)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_REQUEST:
            raise Refused(f"the request is too long: at most {MAX_REQUEST:,} bytes")
    return body


def create_app(seed: int | None = None) -> Starlette:
    """The web table's server. ``seed`` (for tests and demos only) makes the deals reproducible.

    Without it the library draws each match's seed in secret, as a server must:
    whoever knows the seed knows every card.
    """
    tables: dict[str, str] = {}  # table id -> the match, as to_json's document
    seeds = random.Random(seed) if seed is not None else None

    async def games(request: Request) -> JSONResponse:
        return JSONResponse({"presets": sorted(PRESETS)})

    async def start(request: Request) -> JSONResponse:
        try:
            state, news = start_table(await read_body(request), None if seeds is None else seeds.getrandbits(63))
        except (CommerceError, Refused) as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        table = secrets.token_urlsafe(16)
        tables[table] = to_json(state)
        if len(tables) > MAX_TABLES:
            del tables[next(iter(tables))]  # the oldest
        return JSONResponse({"table": table, **seat_reply(state, news)})

    async def show(request: Request) -> JSONResponse:
        table = request.path_params["table"]
        if table not in tables:
            return JSONResponse({"error": "no such table"}, status_code=404)
        return JSONResponse({"table": table, **seat_reply(state_from_json(tables[table]))})

    async def move(request: Request) -> JSONResponse:
        table = request.path_params["table"]
        try:
            body = await read_body(request)
        except Refused as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        if table not in tables:
            return JSONResponse({"error": "no such table"}, status_code=404)
        # No await from here on: the table is loaded, played and saved in one go.
        tables[table], reply = play_move(tables[table], body)
        return JSONResponse({"table": table, **reply}, status_code=400 if reply["error"] else 200)

    app = Starlette(
        routes=[
            Route("/api/games", games),
            Route("/api/tables", start, methods=["POST"]),
            Route("/api/tables/{table}", show),
            Route("/api/tables/{table}/moves", move, methods=["POST"]),
            Mount("/", app=StaticFiles(directory=Path(__file__).parent / "static", html=True)),
        ]
    )
    app.state.tables = tables  # for tests: each match as the server keeps it
    return app


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    uvicorn.run(create_app(), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
