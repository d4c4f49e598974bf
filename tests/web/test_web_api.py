"""The web table's server (examples/web_table/app.py) through Starlette's TestClient: what it accepts, refuses, tells.

Every refusal is a short message and the table as it stands, seen from the
person's seat; nothing is applied, and nothing is told that the seat may not
see. Skipped without the ``web`` extra, except under ``nox -s web``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from commerce_rules import (
    CRP,
    FOSTER,
    POUNCE,
    PRESETS,
    Card,
    Exchange,
    GameState,
    apply,
    deal_position,
    narrate_seen,
    observation_to_dict,
    observe,
    state_from_json,
    to_json,
)
from commerce_rules.render import observation_html
from web_support import example, web_import

web_import("starlette")
testclient = web_import("starlette.testclient")
app_module = example()


@pytest.fixture
def client() -> Any:
    return testclient.TestClient(app_module.create_app(seed=5))


def tables(client: Any) -> dict[str, str]:
    """The server's tables: each match as the JSON document it keeps."""
    found: dict[str, str] = client.app.state.tables
    return found


def start(client: Any, **options: object) -> dict[str, Any]:
    options = {"preset": "crp", "players": 3, "deal_limit": 2, "turn_limit": 6, **options}
    reply = client.post("/api/tables", json=options)
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def seat_view(state: GameState) -> dict[str, Any]:
    """Exactly what the person may see of ``state``: seat 0's table and observation document."""
    view = observe(state, 0)
    return {"html": observation_html(view), "observation": json.loads(json.dumps(observation_to_dict(view)))}


def assert_shows_only_seat_0(reply: dict[str, Any], state: GameState) -> None:
    expected = seat_view(state)
    assert reply["html"] == expected["html"]
    assert reply["observation"] == expected["observation"]
    assert "seed" not in json.dumps(reply)


def test_the_page_and_its_script_are_served(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script src="table.js">' in page.text
    assert client.get("/table.js").status_code == 200
    assert client.get("/api/games").json() == {"presets": sorted(PRESETS)}


def test_a_new_table_shows_seat_0_its_view_and_keeps_the_match_as_json(client: Any) -> None:
    reply = start(client)
    saved = tables(client)[reply["table"]]
    state = state_from_json(saved)
    assert state.rules == PRESETS["crp"].replace(deal_limit=2, turn_limit=6)
    assert state.to_act in (0, None)  # the bots have played up to the person's turn
    assert reply["error"] is None
    assert_shows_only_seat_0(reply, state)
    assert reply["news"] == narrate_seen(observe(state, 0))  # the deal so far, as seat 0 saw it
    assert client.get(f"/api/tables/{reply['table']}").json() == reply


def test_the_news_tells_the_bots_moves_of_a_final_round_that_ended_the_deal(client: Any) -> None:
    # Seat 0 knocks; seats 1 to 3 take their final turns, and the showdown deals the next deal.
    hands = ["2♣ 5♦ 9♥", "6♠ 7♠ K♦", "A♥ K♥ 4♦", "3♣ 8♦ J♠"]
    table = start(client)["table"]
    tables(client)[table] = to_json(deal_position(CRP, hands=hands, dealer=3, widow="A♠ 7♥ 4♣"))
    reply = client.post(f"/api/tables/{table}/moves", json={"type": "knock", "player": 0}).json()
    news = reply["news"]
    assert news[:3] == [
        "seat 0 knocks: every other player has one final turn",
        "seat 1 exchanges K♦ for A♠ from the widow",
        "seat 2 exchanges 4♦ for 7♥ from the widow",
    ]
    assert "Deal 1 ends in a showdown:" in news and "Deal 2: seat 0 deals." in news


def test_a_table_without_a_turn_limit_gets_the_servers(client: Any) -> None:
    reply = start(client, turn_limit=None, deal_limit=None)
    assert state_from_json(tables(client)[reply["table"]]).rules.turn_limit == 100


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{", "the request is not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        (b"\xff", "the request is not JSON: "),
        (b"[1]", "the options must be a JSON object"),
        (b'{"preset": "chess"}', "choose one of the games: " + ", ".join(sorted(PRESETS))),
        (b'{"preset": ["crp"]}', "choose one of the games: "),
        (b'{"preset": "crp", "players": 13}', "Commerce is for 3 to 12 players, not 13"),
        (b'{"preset": "crp", "players": "4"}', "the number of players must be a whole number, not '4'"),
        (b'{"preset": "crp", "players": 4, "turn_limit": 0}', "turn_limit must be None or from 1 to 1,000,000, not 0"),
        (b'{"preset": "crp", "players": 4, "deal_limit": true}', "deal_limit must be None or a whole number, not True"),
    ],
)
def test_a_bad_start_is_refused_with_a_message(client: Any, body: bytes, message: str) -> None:
    reply = client.post("/api/tables", content=body)
    assert reply.status_code == 400
    assert reply.json()["error"].startswith(message)
    assert tables(client) == {}


def refused(client: Any, table: str, body: bytes) -> dict[str, Any]:
    """The reply to a move the server must refuse, having checked that the table did not change."""
    before = tables(client)[table]
    reply = client.post(f"/api/tables/{table}/moves", content=body)
    assert reply.status_code == 400, reply.text
    assert tables(client)[table] == before
    answer: dict[str, Any] = reply.json()
    assert_shows_only_seat_0(answer, state_from_json(before))
    assert answer["news"] == []  # nothing happened
    return answer


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"", "the request is not JSON: Expecting value: line 1 column 1 (char 0)"),
        (b'{"type": "knock", "player": 0', "the request is not JSON: "),
        (b'{"type": "fly", "player": 0}', "action.type: "),
        (b'{"type": "knock"}', "action: missing field 'player'"),
        (b'["knock", 0]', "action: "),
        (b'{"type": "knock", "player": 1}', "you play seat 0, not seat 1"),
        (b'{"type": "exchange", "player": 0, "give": "A\\ud800", "take": "2\\u2663"}', "action.give: "),  # a surrogate
        (b"[" * 5000 + b"]" * 5000, "the request is nested too deeply"),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(client: Any, body: bytes, message: str) -> None:
    table = start(client)["table"]
    error = refused(client, table, body)["error"]
    assert error.startswith(message)
    error.encode("utf-8")  # printable, valid UTF-8 whatever came in


FOSTER_SEAT_1_TO_ACT = deal_position(FOSTER, hands=["3♣ 4♣ 5♣", "6♠ 7♠ K♦", "A♥ K♥ 4♦"], dealer=0)


def test_a_move_for_another_seat_is_refused_even_when_it_is_that_seats_turn(client: Any) -> None:
    table = start(client)["table"]
    tables(client)[table] = to_json(FOSTER_SEAT_1_TO_ACT)
    assert refused(client, table, b'{"type": "knock", "player": 1}')["error"] == "you play seat 0, not seat 1"  # to act


def test_a_move_out_of_turn_is_refused(client: Any) -> None:
    table = start(client)["table"]
    tables(client)[table] = to_json(FOSTER_SEAT_1_TO_ACT)
    error = refused(client, table, b'{"type": "knock", "player": 0}')["error"]
    assert error == "it is seat 1's turn to act, not seat 0"


def test_a_refusal_while_another_seat_is_asked_a_private_question_does_not_name_it(client: Any) -> None:
    # Seat 1 puts 3♣ into the widow; seat 3, holding the other three 3s, is asked whether to pounce.
    hands = ["2♣ 5♦ 9♥", "3♣ K♥ 4♦", "8♠ J♣ 10♣", "3♠ 3♥ 3♦"]
    state = deal_position(POUNCE, hands=hands, dealer=0, widow="A♠ 5♠ 2♥", stock="Q♣ 6♣ 4♠")
    asked = apply(state, Exchange(1, Card.parse("3♣"), Card.parse("A♠")))
    assert (asked.phase.value, asked.to_act) == ("pounce", 3)
    table = start(client)["table"]
    tables(client)[table] = to_json(asked)
    reply = refused(client, table, b'{"type": "knock", "player": 0}')
    assert "3" not in reply["error"].replace("seat 0", "")  # no word of seat 3, nor of its question
    assert reply["observation"]["to_act"] == 2 and reply["observation"]["phase"] == "play"


def test_the_server_forgets_its_oldest_table_past_its_limit(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "MAX_TABLES", 2)
    first, second, third = (start(client)["table"] for _ in range(3))
    assert list(tables(client)) == [second, third]
    assert client.get(f"/api/tables/{first}").status_code == 404


def test_an_unknown_table_and_a_too_long_move(client: Any) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    reply = client.post("/api/tables/nope/moves", json={"type": "knock", "player": 0})
    assert (reply.status_code, reply.json()) == (404, {"error": "no such table"})
    table = start(client)["table"]
    reply = client.post(f"/api/tables/{table}/moves", content=b" " * 10_001)
    assert (reply.status_code, reply.json()) == (400, {"error": "the request is too long: at most 10,000 bytes"})


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_whole_match_through_the_api_then_a_move_after_its_end(client: Any, preset: str) -> None:
    rng = random.Random(preset)
    reply = start(client, preset=preset)
    table = reply["table"]
    last = None
    while reply["observation"]["legal_actions"]:
        last = rng.choice(reply["observation"]["legal_actions"])["action"]
        answer = client.post(f"/api/tables/{table}/moves", json=last)
        assert answer.status_code == 200, answer.text
        reply = answer.json()
        assert_shows_only_seat_0(reply, state_from_json(tables(client)[table]))
        assert reply["news"]  # the move, the bots' moves, a showdown: never nothing
    state = state_from_json(tables(client)[table])
    assert state.is_over and "Match over" in reply["html"]
    if last is not None:  # the last move again, now stale
        assert refused(client, table, json.dumps(last).encode())["error"]
