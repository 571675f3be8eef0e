"""No message of the class table tells anyone a card of another seat's hand (issue 22).

For each of the four games: a whole deal is played through the server (every move over
HTTP, every seat and a projector on a WebSocket), and every byte each seat and the projector
receive is recorded.  Then the same deal is played again from a position where two hidden
hands, A's and B's, have swapped one card each (a card that A and B held from the deal to
the end, and that no move ever showed; the engine checks that the same moves are still
legal).  Every byte sent to the other seats and to the projector must be the same in both
worlds until the deal ends; if the server leaked any card of A's or B's hand, one of them
would differ.  The other seats also try to play A's and B's swapped cards on their turns:
the refusal must not say who holds them.
"""
from __future__ import annotations

import contextlib
import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from rulebook import load_rules  # noqa: E402
from rulebook.classroom import create_app  # noqa: E402
from rulebook.protocol import autoplay  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def position(ruleset: str, start: Any, hands: list[list[str]]) -> Any:
    """``start`` set up again with these hands (the rest of the deal as it was)."""
    rules = load_rules(ruleset)
    texts = [" ".join(h) for h in hands]
    if rules.game == "sevens":
        return rules.position(table="", hands=texts, to_move=start.to_move, dealer=start.dealer)
    if rules.game == "satti":
        return rules.position(top=start.top.text, hands=texts,
                              draw_pile=" ".join(c.text for c in start.draw_pile),
                              to_move=start.to_move, dealer=start.dealer, seed=5)
    return rules.position(stacks=[200] * 4, hands=texts, seed=5)


def twin_worlds(ruleset: str, seed: int) -> tuple[Any, Any, list[str], int, int, str, str]:
    """Two starts that differ only by one card swapped between seats A and B, and moves
    legal in both; (start1, start2, moves, A, B, x, y), from the first of 30 seeds from
    ``seed`` on that has such a pair."""
    for k in range(30):
        found = _twins(ruleset, seed + k)
        if found is not None:
            return found
    raise AssertionError(f"no pair of hidden cards to swap in {ruleset} from seed {seed}")


def _twins(ruleset: str, seed: int) -> tuple[Any, Any, list[str], int, int, str, str] | None:
    base = load_rules(ruleset).new_deal(players=4, seed=seed)
    hands = [[c.text for c in h] for h in base.hands]
    one = position(ruleset, base, hands)
    final = autoplay(one, "random", seed=seed)
    moves = [str(m) for m in final.history]
    shown = set().union(*(set(c.text for c in m.cards) for m in final.history))
    for a, b in itertools.combinations(range(4), 2):
        keep_a = [c.text for c in final.hands[a] if c.text in hands[a] and c.text not in shown]
        keep_b = [c.text for c in final.hands[b] if c.text in hands[b] and c.text not in shown]
        for x, y in itertools.product(keep_a, keep_b):
            swapped = [list(h) for h in hands]
            swapped[a][swapped[a].index(x)] = y
            swapped[b][swapped[b].index(y)] = x
            two = position(ruleset, base, swapped)
            try:
                end = two.play_all(moves)
            except ValueError:
                continue
            if end.is_over:
                return one, two, moves, a, b, x, y
    return None


def play_world(tmp: Path, start: Any, ruleset: str, moves: list[str], probes: list[str],
               others: set[int]) -> dict[Any, list[str]]:
    """Every text each seat (0..3) and the projector ("public") received until the deal
    ended, with the room's code written as CODE."""
    got: dict[Any, list[str]] = {seat: [] for seat in range(4)}
    got["public"] = []
    # no rate limit here: the test posts a whole deal's moves as fast as it can
    app = create_app(tmp, pace_scale=0.0, room_rate=1e6, seat_rate=1e6)
    with TestClient(app) as client, contextlib.ExitStack() as pages:
        r = client.post("/api/rooms", json={"ruleset": ruleset, "players": 4})
        code, teacher = r.json()["code"], r.json()["teacher_token"]
        tokens = [client.post(f"/api/rooms/{code}/seats", json={"name": f"S{i}"}).json()["token"]
                  for i in range(4)]
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        # every page is closed when the block ends, even after a failed assertion (the
        # TestClient waits for every open WebSocket session when it stops)
        entered: dict[Any, Any] = {
            seat: pages.enter_context(
                client.websocket_connect(f"/ws/rooms/{code}?token={tokens[seat]}"))
            for seat in range(4)}
        entered["public"] = pages.enter_context(client.websocket_connect(f"/ws/rooms/{code}"))
        for _ in range(500):  # every page registered before the deal (no push races it)
            if len(room.sockets) == 5:
                break
            time.sleep(0.01)
        assert len(room.sockets) == 5

        async def deal() -> None:
            async with room.lock:
                room.deal(1, start=start)
            await room.push()

        client.portal.call(deal)  # type: ignore[attr-defined]
        state = start
        for move in moves:
            seat = state.to_move
            if seat in others:
                for probe in probes:
                    r = client.post(f"/api/rooms/{code}/moves",
                                    headers={"Authorization": f"Bearer {tokens[seat]}"},
                                    json={"move": probe})
                    assert r.status_code == 409
                    got[seat].append(r.text)
            r = client.post(f"/api/rooms/{code}/moves",
                            headers={"Authorization": f"Bearer {tokens[seat]}"},
                            json={"move": move})
            assert r.status_code == 200, r.text
            state = state.play(move)
            if not state.is_over:
                got[seat].append(r.text)
        for who, ws in entered.items():
            while True:
                text = ws.receive_text()
                message = json.loads(text)
                if message["type"] == "view" and message["view"]["over"]:
                    break
                got[who].append(text)
        # the teacher closes the room: the server closes every page's socket
        assert client.delete(f"/api/rooms/{code}",
                             headers={"Authorization": f"Bearer {teacher}"}).status_code == 200
        for ws in entered.values():
            assert ws.receive()["type"] == "websocket.close"
        assert not room.sockets and room.driver is None
    # before the deal no view holds a card, and which pages were open when is a race
    dealt = {who: [t for t in texts if '"table": null' not in t] for who, texts in got.items()}
    return {who: [t.replace(code, "CODE") for t in texts] for who, texts in dealt.items()}


@pytest.mark.timeout(240)
@pytest.mark.parametrize("ruleset, seed", [("badam-satti", 3), ("sevens", 4), ("satti", 5),
                                           ("badugi", 6)])
def test_no_byte_sent_depends_on_a_hidden_hand(tmp_path: Path, ruleset: str, seed: int) -> None:
    one, two, moves, a, b, x, y = twin_worlds(ruleset, seed)
    others = set(range(4)) - {a, b}
    first = play_world(tmp_path / "one.sqlite", one, ruleset, moves, [x, y], others)
    second = play_world(tmp_path / "two.sqlite", two, ruleset, moves, [x, y], others)
    for who in [*sorted(others), "public"]:
        assert len(first[who]) > 3
        assert first[who] == second[who], f"{ruleset}: {who} could tell the hands apart"
    # the comparison can see a difference: the swapped seats' own bytes differ
    assert first[a] != second[a] and first[b] != second[b]
    # and no text an other seat got names x or y as someone's
    for who in [*sorted(others), "public"]:
        for text in first[who]:
            assert f"{x} is in seat" not in text
