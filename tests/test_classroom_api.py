"""The class table's automation API (issue 22), route by route and refusal by refusal.

Every test runs the app in-process (Starlette's TestClient, no socket) on a temporary SQLite
file, with the computer's pace at zero so computer seats answer at once.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

import httpx  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from rulebook import load_rules, loads  # noqa: E402
from rulebook.classroom import create_app  # noqa: E402
from rulebook.classroom.rooms import CODE_ALPHABET, new_code  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(tmp_path / "class.sqlite", pace_scale=0.0)


@pytest.fixture
def client(app: Any) -> Any:
    with TestClient(app) as c:
        yield c


def make_room(client: Any, ruleset: str = "badam-satti", players: int = 4,
              **more: Any) -> tuple[str, str]:
    r = client.post("/api/rooms", json={"ruleset": ruleset, "players": players,
                                        "computer": "smart", **more})
    assert r.status_code == 200, r.text
    return r.json()["code"], r.json()["teacher_token"]


def full_table(client: Any, ruleset: str = "badam-satti", players: int = 4, seed: int = 7,
               **more: Any) -> tuple[str, str, list[str]]:
    """A room whose every seat is a student (nothing moves by itself), dealt with ``seed``."""
    code, teacher = make_room(client, ruleset, players, **more)
    tokens = [client.post(f"/api/rooms/{code}/seats", json={"name": f"S{i}"}).json()["token"]
              for i in range(players)]
    assert client.post(f"/api/rooms/{code}/deal", headers=bearer(teacher),
                       json={"seed": seed}).status_code == 200
    return code, teacher, tokens


def view(client: Any, code: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/rooms/{code}/view", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_until(predicate: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


# -- rooms, codes, seats -------------------------------------------------------------------
def test_room_codes_are_six_characters_without_look_alikes() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(2000)}
    assert len(codes) > 1990  # unguessable enough not to repeat in a class
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)


def test_create_room_join_seats_until_full(client: Any) -> None:
    code, teacher = make_room(client, "badam-satti+sevens_first", 3)
    assert len(teacher) >= 30
    seats = [client.post(f"/api/rooms/{code}/seats", json={"name": n}).json()
             for n in ("Ana", "Ben", "Chi")]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert len({s["token"] for s in seats} | {teacher}) == 4
    r = client.post(f"/api/rooms/{code}/seats", json={"name": "Dee"})
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    # a lower-case code works too: students type it
    assert client.get(f"/api/rooms/{code.lower()}/view").status_code == 200


@pytest.mark.parametrize("body, words", [
    ({"ruleset": "badam-satti+nonsense", "players": 4}, "nonsense"),
    ({"ruleset": "poker", "players": 4}, "poker"),
    ({"ruleset": "badam-satti", "players": 2}, "2"),
    ({"ruleset": "badam-satti", "players": 4, "computer": "genius"}, "genius"),
    ({"ruleset": "satti", "players": 4, "match": True}, "no matches"),
])
def test_create_room_refuses_what_the_engine_refuses(client: Any, body: dict[str, Any],
                                                     words: str) -> None:
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 422
    assert words in r.json()["detail"]


@pytest.mark.parametrize("body", [
    {"ruleset": "badam-satti", "players": "4"},       # a number in quotes
    {"ruleset": "badam-satti", "players": True},      # a bool for a number
    {"ruleset": "badam-satti", "players": 4.0},       # a float
    {"ruleset": "badam-satti", "players": 4, "colour": "red"},   # an unknown field
    {"ruleset": 7, "players": 4},
    {"ruleset": "badam-satti", "players": 4, "pace": "ludicrous"},
    {"ruleset": "badam-satti", "players": 99},
])
def test_create_room_refuses_wrong_types_and_unknown_fields(client: Any,
                                                            body: dict[str, Any]) -> None:
    assert client.post("/api/rooms", json=body).status_code == 422


def test_bad_json_and_big_bodies_are_refused(client: Any) -> None:
    r = client.post("/api/rooms", content=b"{not json", headers={"Content-Type":
                                                                  "application/json"})
    assert r.status_code == 422
    big = json.dumps({"ruleset": "x" * 20_000, "players": 4})
    r = client.post("/api/rooms", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "16 KB" in r.json()["detail"]
    code, _ = make_room(client)
    r = client.post(f"/api/rooms/{code}/seats", content=json.dumps({"name": "a" * 17_000}),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_unknown_room_is_404(client: Any) -> None:
    for path in ("/api/rooms/ZZZZZZ/view", "/api/rooms/" + "Q" * 5000 + "/view"):
        r = client.get(path)
        assert r.status_code == 404 and len(r.json()["detail"]) < 200


# -- tokens ---------------------------------------------------------------------------------
def test_deal_needs_this_rooms_teacher(client: Any) -> None:
    code, teacher = make_room(client)
    other, other_teacher = make_room(client)
    seat = client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).json()["token"]
    deal = f"/api/rooms/{code}/deal"
    assert client.post(deal).status_code == 401
    assert client.post(deal, headers=bearer("nope")).status_code == 401
    assert client.post(deal, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.post(deal, headers=bearer(other_teacher)).status_code == 403
    assert client.post(deal, headers=bearer(seat)).status_code == 403
    assert client.post(deal, headers=bearer(teacher)).status_code == 200
    assert client.post(deal, headers=bearer(teacher), json={"seed": -1}).status_code == 422
    assert client.post(deal, headers=bearer(teacher), json={"seed": "7"}).status_code == 422


def test_seat_view_and_public_view(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    for seat, token in enumerate(tokens):
        v = view(client, code, token)
        assert v["seat"] == seat
        assert set(v["hand"]) == {c.text for c in state.hands[seat]}
        assert len(v["hand_symbols"]) == len(v["hand"])
        expected = [str(m) for m in state.legal_moves()] if seat == state.to_move else []
        assert v["legal"] == expected
    for public in (view(client, code), view(client, code, teacher)):
        assert public["seat"] is None and "hand" not in public and "legal" not in public
        assert public["to_move"] == state.to_move
        assert public["table"]["hand_sizes"] == [len(h) for h in state.hands]
        assert "hands" not in public


# -- moves ----------------------------------------------------------------------------------
def test_a_legal_move_is_played_and_answered_with_the_new_view(client: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    seat, move = state.to_move, str(state.legal_moves()[0])
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[seat]), json={"move": move})
    assert r.status_code == 200
    v = r.json()
    assert v["moves_played"] == 1 and move not in v["hand"]
    after = state.play(move)
    assert v["to_move"] == after.to_move
    assert v["log"][-1]["text"] == after.move_log()[-1].text


@pytest.mark.clause("BS-OPEN-4")
def test_a_refused_move_gives_the_engines_reason(client: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    seat = state.to_move
    held = [c for c in state.hands[seat] if c.text != "7H"][0]
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[seat]),
                    json={"move": held.text})
    assert r.status_code == 409
    body = r.json()
    why = state.explain(held.text)
    assert body == {"legal": False, "reason": why.reason, "clauses": list(why.clauses)}
    assert body["clauses"][0] == "BS-OPEN-4" and "7♥" in body["reason"]


def test_out_of_turn_and_another_seats_card_name_no_hidden_card(client: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    mover = state.to_move
    other = (mover + 1) % 4
    # out of turn, with one of one's own cards, with another's card, with a pass
    own = next(iter(state.hands[other])).text
    foreign = next(iter(state.hands[(mover + 2) % 4])).text
    for move in (own, foreign, "pass", "7H"):
        r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[other]),
                        json={"move": move})
        assert r.status_code == 409
        body = r.json()
        assert body["legal"] is False and f"seat {mover}'s turn" in body["reason"]
        assert body["clauses"]
    # on one's turn, another seat's card: the reason does not say who holds it
    holder = (mover + 3) % 4
    card = next(iter(state.hands[holder]))
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[mover]),
                    json={"move": card.text})
    assert r.status_code == 409
    reason = r.json()["reason"]
    assert f"seat {holder}" not in reason.lower() and "You do not hold" in reason
    assert state.explain(card.text).reason != reason  # the engine's own would tell the holder
    assert view(client, code)["moves_played"] == 0


@pytest.mark.parametrize("move", ["seven of hearts", "", "7H 8H", "<script>", "x" * 100])
def test_moves_the_engine_cannot_read_are_refused_with_its_words(client: Any, move: str) -> None:
    code, _, tokens = full_table(client, seed=7)
    seat = load_rules("badam-satti").new_deal(players=4, seed=7).to_move
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[seat]), json={"move": move})
    assert r.status_code == 409
    assert r.json()["legal"] is False and "is not a move" in r.json()["reason"]
    assert len(r.json()["reason"]) < 300


def test_moves_in_symbols_go_through_the_engine(client: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                    json={"move": "7♥"})
    assert r.status_code == 200 and r.json()["log"][-1]["move"] == "7H"


@pytest.mark.parametrize("body", [{"move": 7}, {"move": ["7H"]}, {"move": "7H", "seat": 0},
                                  {}, {"move": None}, {"move": "y" * 101}])
def test_move_bodies_of_the_wrong_shape_are_refused(client: Any, body: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[0]), json=body)
    assert r.status_code == 422
    assert view(client, code)["moves_played"] == 0


def test_moves_need_a_seat_of_this_room(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    other, _, other_tokens = full_table(client, seed=7)
    path = f"/api/rooms/{code}/moves"
    assert client.post(path, json={"move": "7H"}).status_code == 401
    assert client.post(path, headers=bearer("x" * 40), json={"move": "7H"}).status_code == 401
    assert client.post(path, headers=bearer(other_tokens[0]), json={"move": "7H"}).status_code == 403
    assert client.post(path, headers=bearer(teacher), json={"move": "7H"}).status_code == 403


def play_out(client: Any, code: str, tokens: list[str], ruleset: str, seed: int,
             limit: int = 400) -> Any:
    """Play the deal to its end through the API with the engine's random bot's choices,
    checking each answer against the engine; the final state."""
    from rulebook.protocol import autoplay

    state = load_rules(ruleset).new_deal(players=len(tokens), seed=seed)
    final = autoplay(state, "random", seed=seed)
    for move in final.history[:limit]:
        r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                        json={"move": str(move)})
        assert r.status_code == 200, r.text
        state = state.play(move)
    return state


@pytest.mark.parametrize("ruleset", ["badam-satti", "sevens", "satti", "badugi"])
def test_whole_deal_then_moves_after_the_end_are_refused_and_the_record_replays(
        client: Any, ruleset: str) -> None:
    code, teacher, tokens = full_table(client, ruleset, seed=11)
    assert client.get(f"/api/rooms/{code}/record").status_code == 401  # not before the end
    assert client.get(f"/api/rooms/{code}/record", headers=bearer(tokens[0])).status_code == 403
    mid = client.get(f"/api/rooms/{code}/record", headers=bearer(teacher))
    assert mid.status_code == 200
    state = play_out(client, code, tokens, ruleset, 11)
    assert state.is_over
    v = view(client, code, tokens[0])
    assert v["over"] and v["outcome"]["summary"] == state.outcome.summary
    assert [set(h) for h in v["hands"]] == [{c.text for c in h} for h in state.hands]
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[0]), json={"move": "pass"})
    assert r.status_code == 409 and r.json()["legal"] is False
    record = client.get(f"/api/rooms/{code}/record").json()  # anyone, now
    replayed = loads(json.dumps(record))
    assert [str(m) for m in replayed.history] == [str(m) for m in state.history]
    assert replayed.outcome == state.outcome


# -- teacher routes ---------------------------------------------------------------------------
def test_pause_reveal_and_messages_off(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    t = bearer(teacher)
    assert client.post(f"/api/rooms/{code}/pause", headers=bearer(tokens[0]),
                       json={"paused": True}).status_code == 403
    assert client.post(f"/api/rooms/{code}/pause", headers=t, json={"paused": 1}).status_code == 422
    assert client.post(f"/api/rooms/{code}/pause", headers=t, json={"paused": True}).status_code == 200
    r = client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                    json={"move": "7H"})
    assert r.status_code == 409 and "paused" in r.json()["reason"]
    client.post(f"/api/rooms/{code}/pause", headers=t, json={"paused": False})
    assert "hands" not in view(client, code, tokens[1])
    assert client.post(f"/api/rooms/{code}/reveal", headers=t).status_code == 200
    shown = view(client, code, tokens[1])["hands"]
    assert [set(h) for h in shown] == [{c.text for c in h} for h in state.hands]
    assert client.post(f"/api/rooms/{code}/messages", headers=bearer(tokens[0]),
                       json={"text": "hello"}).status_code == 200
    assert client.post(f"/api/rooms/{code}/settings", headers=t,
                       json={"messages": False}).status_code == 200
    r = client.post(f"/api/rooms/{code}/messages", headers=bearer(tokens[0]), json={"text": "hi"})
    assert r.status_code == 403 and "off" in r.json()["detail"]
    status = client.get(f"/api/rooms/{code}/status", headers=t).json()
    assert status["messages"] is False and [s["name"] for s in status["seats"]] == \
        ["S0", "S1", "S2", "S3"]


@pytest.mark.parametrize("body, status", [
    ({"text": "<script>alert(1)</script>"}, 200), ({"emoji": "👍"}, 200),
    ({"emoji": "💣"}, 422), ({}, 422), ({"text": "a", "emoji": "👍"}, 422),
    ({"text": "x" * 201}, 422), ({"text": 5}, 422), ({"text": "a", "to": 1}, 422),
])
def test_messages(client: Any, body: dict[str, Any], status: int) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    r = client.post(f"/api/rooms/{code}/messages", headers=bearer(tokens[2]), json=body)
    assert r.status_code == status
    if status == 200:
        assert r.json()["seat"] == 2 and r.json()["name"] == "S2"
    assert client.post(f"/api/rooms/{code}/messages", headers=bearer(teacher),
                       json={"text": "x"}).status_code == 403


def test_removing_a_seat_hands_it_to_the_computer(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    mover = state.to_move
    r = client.delete(f"/api/rooms/{code}/seats/{mover}", headers=bearer(teacher))
    assert r.status_code == 200
    assert client.get(f"/api/rooms/{code}/view", headers=bearer(tokens[mover])).status_code == 401
    wait_until(lambda: view(client, code)["moves_played"] >= 1)  # the computer played it
    assert view(client, code)["seats"][mover]["computer"] is True
    assert client.delete(f"/api/rooms/{code}/seats/{mover}",
                         headers=bearer(teacher)).status_code == 404
    again = client.post(f"/api/rooms/{code}/seats", json={"name": "New"}).json()
    assert again["seat"] == mover


def test_computer_seats_play_the_seats_left_over(client: Any) -> None:
    code, teacher = make_room(client, "badam-satti", 4)
    me = client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).json()
    client.post(f"/api/rooms/{code}/deal", headers=bearer(teacher), json={"seed": 3})
    wait_until(lambda: view(client, code)["to_move"] == 0 or view(client, code)["over"])
    v = view(client, code, me["token"])
    assert v["to_move"] == 0 and v["legal"]
    assert [s["computer"] for s in v["seats"]] == [False, True, True, True]


def test_a_dropped_student_is_played_by_the_computer_after_n_seconds(client: Any) -> None:
    code, teacher = make_room(client, "badam-satti", 3, drop="computer", drop_seconds=1)
    tokens = [client.post(f"/api/rooms/{code}/seats", json={"name": f"S{i}"}).json()["token"]
              for i in range(3)]
    client.post(f"/api/rooms/{code}/deal", headers=bearer(teacher), json={"seed": 5})
    started = time.monotonic()
    wait_until(lambda: view(client, code)["moves_played"] >= 1, timeout=6)
    assert time.monotonic() - started >= 0.9  # not before the N seconds
    assert tokens


def test_close_room_and_expiry(app: Any, client: Any) -> None:
    code, teacher, tokens = full_table(client)
    r = client.delete(f"/api/rooms/{code}", headers=bearer(teacher))
    assert r.status_code == 200
    assert client.get(f"/api/rooms/{code}/view").status_code == 404
    assert client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[0]),
                       json={"move": "7H"}).status_code == 404
    hub = app.state.hub
    code2, _ = make_room(client)
    hub.expire_seconds = -1.0
    assert code2 in hub.expire()
    assert client.get(f"/api/rooms/{code2}/view").status_code == 404


def test_bounded_rooms_and_rate_limits(tmp_path: Path) -> None:
    app = create_app(tmp_path / "c.sqlite", max_rooms=2, pace_scale=0.0, seat_rate=5.0,
                     room_rate=1000.0)
    with TestClient(app) as client:
        make_room(client)
        code, _, tokens = full_table(client, players=3)
        assert client.post("/api/rooms", json={"ruleset": "satti", "players": 2}).status_code == 503
        answers = [client.get(f"/api/rooms/{code}/view", headers=bearer(tokens[0])).status_code
                   for _ in range(30)]
        assert 429 in answers and answers[0] == 200
        # another seat is not slowed by the first one's held-down key
        assert client.get(f"/api/rooms/{code}/view", headers=bearer(tokens[1])).status_code == 200


def test_room_rate_limit(tmp_path: Path) -> None:
    app = create_app(tmp_path / "c.sqlite", pace_scale=0.0, room_rate=3.0, seat_rate=1000.0)
    with TestClient(app) as client:
        code, _, tokens = full_table(client)
        answers = [client.post(f"/api/rooms/{code}/messages", headers=bearer(tokens[i % 4]),
                               json={"emoji": "👍"}).status_code for i in range(20)]
        assert 429 in answers and answers[0] == 200


def test_two_moves_at_once_are_applied_one_after_the_other(app: Any, client: Any) -> None:
    code, _, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    token, move = tokens[state.to_move], str(state.legal_moves()[0])

    async def double_click() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            answers = await asyncio.gather(*[c.post(f"/api/rooms/{code}/moves",
                                                    headers=bearer(token), json={"move": move})
                                             for _ in range(5)])
        return sorted(a.status_code for a in answers)

    # in a thread of its own: a browser test's Playwright may hold this thread's event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        answers = pool.submit(asyncio.run, double_click()).result(timeout=60)
    assert answers == [200, 409, 409, 409, 409]
    assert view(client, code)["moves_played"] == 1


def test_a_match_deal_by_deal(client: Any) -> None:
    code, teacher = make_room(client, "badam-satti", 4, match=True, pace="fast")
    client.post(f"/api/rooms/{code}/deal", headers=bearer(teacher), json={"seed": 2})
    wait_until(lambda: view(client, code)["between_deals"], timeout=20)
    v = view(client, code)
    assert v["over"] and v["match"]["deal"] == 1 and v["match"]["deals"] == 5
    assert client.get(f"/api/rooms/{code}/record").status_code == 401  # the match goes on
    # paused, so that the computer does not play the next deal before the record is read
    client.post(f"/api/rooms/{code}/pause", headers=bearer(teacher), json={"paused": True})
    assert client.post(f"/api/rooms/{code}/next", headers=bearer(teacher)).status_code == 200
    assert client.post(f"/api/rooms/{code}/next", headers=bearer(teacher)).status_code == 409
    record = client.get(f"/api/rooms/{code}/record", headers=bearer(teacher)).json()
    assert record["format"] == "rulebook/match" and len(record["deals"]) == 2
    plain, plain_teacher = make_room(client, "satti", 4)
    client.post(f"/api/rooms/{plain}/deal", headers=bearer(plain_teacher))
    assert client.post(f"/api/rooms/{plain}/next", headers=bearer(plain_teacher)).status_code == 409


def test_a_whole_match_ends_with_the_engines_result(client: Any) -> None:
    code, teacher = make_room(client, "badam-satti+round_count=3", 4, match=True)
    client.post(f"/api/rooms/{code}/deal", headers=bearer(teacher), json={"seed": 5})
    for deal in range(3):
        wait_until(lambda: view(client, code)["between_deals"], timeout=30)
        if deal < 2:
            assert "summary" not in view(client, code)["match"]
            assert client.post(f"/api/rooms/{code}/next", headers=bearer(teacher)
                               ).status_code == 200
    v = view(client, code)
    record = client.get(f"/api/rooms/{code}/record").text  # anyone, once the match is over
    match = loads(record)
    assert match.is_over and len(match.deals) == 3
    assert v["match"]["over"] and v["match"]["totals"] == list(match.totals)
    assert v["match"]["summary"] == match.result.summary
    assert v["match"]["winners"] == list(match.result.winners)
    assert v["match"]["places"] == list(match.result.places)


def test_health_and_schema(client: Any) -> None:
    assert client.get("/api/health").json()["ok"] is True
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/rooms", "/api/rooms/{code}/seats", "/api/rooms/{code}/deal",
                 "/api/rooms/{code}/view", "/api/rooms/{code}/moves",
                 "/api/rooms/{code}/record", "/api/health"):
        assert path in paths


def test_pages_are_served(client: Any) -> None:
    for page in ("student", "projector", "teacher"):
        r = client.get(f"/{page}")
        assert r.status_code == 200 and 'src="static/classroom.js"' in r.text
    script = client.get("/static/classroom.js").text
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script


# -- WebSockets ---------------------------------------------------------------------------------
def test_websocket_pushes_each_seats_view_and_refuses_other_origins(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    with client.websocket_connect(f"/ws/rooms/{code}?token={tokens[1]}") as ws1, \
            client.websocket_connect(f"/ws/rooms/{code}") as public:
        first = ws1.receive_json()
        assert first["type"] == "view" and first["view"]["seat"] == 1
        assert set(first["view"]["hand"]) == {c.text for c in state.hands[1]}
        public.receive_json()
        client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                    json={"move": "7H"})

        def next_with_moves(ws: Any) -> dict[str, Any]:
            for _ in range(10):
                m = ws.receive_json()
                if m["type"] == "view" and m["view"]["moves_played"] == 1:
                    return dict(m["view"])
            raise AssertionError("no update")

        assert next_with_moves(ws1)["seat"] == 1
        pv = next_with_moves(public)
        assert "hand" not in pv and pv["log"][-1]["move"] == "7H"
    from starlette.websockets import WebSocketDisconnect

    for url, headers, close in [(f"/ws/rooms/{code}", {"origin": "http://evil.example"}, 4403),
                                (f"/ws/rooms/{code}?token=nope", {}, 4401),
                                ("/ws/rooms/NOROOM", {}, 4404)]:
        with pytest.raises(WebSocketDisconnect) as info:
            with client.websocket_connect(url, headers=headers) as ws:
                ws.receive_json()
        assert info.value.code == close
    with client.websocket_connect(f"/ws/rooms/{code}",
                                  headers={"origin": "http://testserver"}) as ok:
        assert ok.receive_json()["type"] == "view"


def test_a_student_page_may_send_its_moves_on_its_socket(client: Any) -> None:
    code, teacher, tokens = full_table(client, seed=7)
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    mover = state.to_move
    other = (mover + 1) % 4
    legal = str(state.legal_moves()[0])
    illegal = next(c.text for c in state.hands[mover] if c.text not in
                   {str(m) for m in state.legal_moves()})
    with client.websocket_connect(f"/ws/rooms/{code}?token={tokens[mover]}") as ws, \
            client.websocket_connect(f"/ws/rooms/{code}?token={tokens[other]}") as ws2, \
            client.websocket_connect(f"/ws/rooms/{code}") as public:
        def next_of(page: Any, kind: str) -> dict[str, Any]:
            # views pushed as other pages connect come first; a few at most
            for _ in range(10):
                message = dict(page.receive_json())
                if message["type"] == kind:
                    return message
            raise AssertionError(f"no {kind} message")

        # bad messages: a short error, nothing played
        for bad in ["not json", '{"type": "move"}', '{"type": "move", "move": 7}',
                    '{"type": "move", "move": "7H", "x": 1}', '["move", "7H"]',
                    '{"type": "chat", "move": "7H"}', '{"type": "move", "move": "' + "7" * 500 + '"}']:
            ws.send_text(bad)
            answer = next_of(ws, "error")
            assert answer["type"] == "error" and answer["detail"], bad
        # the engine's reason for a card that may not be played, and for another seat's turn
        ws.send_text(json.dumps({"type": "move", "move": illegal}))
        refused = next_of(ws, "refused")
        assert refused["type"] == "refused" and refused["legal"] is False
        assert refused["reason"] == state.explain(illegal).reason and refused["clauses"]
        ws2.send_text(json.dumps({"type": "move", "move": legal}))
        turn = next_of(ws2, "refused")
        assert turn["type"] == "refused" and "turn" in turn["reason"]
        public.send_text(json.dumps({"type": "move", "move": legal}))
        assert next_of(public, "error")["detail"]
        assert view(client, code)["moves_played"] == 0
        # a legal move: played once, and every page is pushed the view after it
        ws.send_text(json.dumps({"type": "move", "move": legal}))
        for page in (ws, ws2, public):
            message = next_of(page, "view")
            while message["view"]["moves_played"] == 0:
                message = next_of(page, "view")
            assert message["view"]["moves_played"] == 1
        assert view(client, code)["log"][-1]["move"] == legal
    record = client.get(f"/api/rooms/{code}/record", headers=bearer(teacher)).text
    assert loads(record).history[0] == state.parse_move(legal)


# -- restart in-process, and light imports --------------------------------------------------------
def test_a_new_app_on_the_same_file_restores_rooms_tokens_and_deals(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with TestClient(create_app(db, pace_scale=0.0)) as client:
        code, teacher, tokens = full_table(client, seed=9)
        state = load_rules("badam-satti").new_deal(players=4, seed=9)
        for _ in range(5):
            move = str(state.legal_moves()[0])
            client.post(f"/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                        json={"move": move})
            state = state.play(move)
        client.post(f"/api/rooms/{code}/pause", headers=bearer(teacher), json={"paused": True})
        before = [view(client, code, t) for t in tokens] + [view(client, code)]
    with TestClient(create_app(db, pace_scale=0.0)) as client:
        after = [view(client, code, t) for t in tokens] + [view(client, code)]
        assert after == before and after[0]["paused"] is True
        assert client.post(f"/api/rooms/{code}/reveal", headers=bearer(teacher)).status_code == 200


def test_import_rulebook_does_not_import_the_server() -> None:
    probe = ("import rulebook, rulebook.__main__, sys, json; rulebook.load_rules('satti');"
             "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout.strip().splitlines()[-1])}
    assert not loaded & {"fastapi", "starlette", "uvicorn", "pydantic", "segno", "websockets"}


def test_closing_a_room_hangs_up_on_its_pages_and_ends_its_computer_task(client: Any) -> None:
    code, teacher = make_room(client)  # every seat is the computer's: its task runs
    room = client.app.state.hub.rooms[code]
    task = room.driver
    assert task is not None and not task.done()
    with client.websocket_connect(f"/ws/rooms/{code}") as page:
        assert page.receive_json()["type"] == "view"
        assert len(room.ending) == 1
        assert client.delete(f"/api/rooms/{code}", headers=bearer(teacher)).status_code == 200
        # the server closed the page itself, and awaited the computer's task: nothing of the
        # room is left running, although the page has not answered yet
        message = page.receive()
        assert message["type"] == "websocket.close" and message["code"] == 4404
        assert room.driver is None and task.done()
        assert not room.sockets and not room.ending


def test_a_signed_in_student_who_joins_again_gets_the_seat_they_have(tmp_path: Path) -> None:
    """On JupyterHub the app knows who joins: the same person in the same room (a second
    device, no token in its storage) is given the same seat and token, also after a restart;
    a different person with the same shown name is not; a seat the teacher freed is not
    given back."""
    def person(request: Any) -> tuple[str, str] | None:
        who = request.headers.get("x-user")
        return (who, who.split("@")[0]) if who else None

    db = tmp_path / "hub.sqlite"
    with TestClient(create_app(db, pace_scale=0.0, identify=person)) as client:
        code, teacher = make_room(client, "badam-satti", 4)
        join = f"/api/rooms/{code}/seats"
        first = client.post(join, json={"name": "x"}, headers={"x-user": "asha@a.org"}).json()
        again = client.post(join, json={"name": "y"}, headers={"x-user": "asha@a.org"}).json()
        assert again == first
        other = client.post(join, json={"name": "x"}, headers={"x-user": "asha@b.org"}).json()
        assert other["seat"] != first["seat"] and other["token"] != first["token"]
        typed = client.post(join, json={"name": "Ben"}).json()  # no sign-in: a new seat
        assert typed["seat"] not in (first["seat"], other["seat"])
        names = [s["name"] for s in view(client, code)["seats"]]
        assert names == ["asha", "asha", "Ben", "computer"]
    with TestClient(create_app(db, pace_scale=0.0, identify=person)) as client:
        back = client.post(join, json={"name": "z"}, headers={"x-user": "asha@a.org"}).json()
        assert back == first
        r = client.delete(f"/api/rooms/{code}/seats/{first['seat']}", headers=bearer(teacher))
        assert r.status_code == 200
        new = client.post(join, json={"name": "z"}, headers={"x-user": "asha@a.org"}).json()
        assert new["token"] != first["token"]
        assert client.get(f"/api/rooms/{code}/view",
                          headers=bearer(first["token"])).status_code == 401
