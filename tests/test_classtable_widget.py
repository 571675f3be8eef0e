"""widgets.ClassTable, headless: the class table run from a notebook (issue 22).

The widget starts a real server (uvicorn on a thread, bound to 127.0.0.1, a free port) and
makes a room through the API; students join over HTTP with httpx, as a browser would.  The
tests read the widgets' values (no browser): the QR code is segno's drawing of the join
address, the room code shown is the API's room, a deal and a joined student show on the
projector view, the teacher's buttons do what they say, no hidden hand reaches the widget
(the same deal with two hidden hands swapped draws the very same HTML), and ``stop()`` frees
the port.  Where the server cannot start the widget says so in a sentence.
"""
from __future__ import annotations

import asyncio
import html
import re
import socket
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the class extra is missing: pip install -e '.[class]'")
pytest.importorskip("uvicorn", reason="the class extra is missing: pip install -e '.[class]'")
pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[test]'")
segno = pytest.importorskip("segno", reason="the class extra is missing: pip install -e '.[class]'")

import httpx  # noqa: E402

from rulebook import load_rules  # noqa: E402
from rulebook.errors import RulesError  # noqa: E402
from widgets import ClassTable  # noqa: E402
from widgets.classtable import IN_THE_BROWSER, NEEDS_THE_EXTRA, projector_html  # noqa: E402
from widgets.render import visible_html  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def shown(table: ClassTable) -> str:
    """Everything the widget shows, as one text (every HTML value, every button)."""
    return visible_html(table.widget)


def join(table: ClassTable, name: str) -> dict[str, Any]:
    r = httpx.post(f"{table.base_url}/api/rooms/{table.code}/seats", json={"name": name})
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_for(check: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the widget did not follow the table in time"
        time.sleep(0.05)


@pytest.fixture
def table() -> Iterator[ClassTable]:
    made = ClassTable("badam-satti", players=4, pace="fast", poll=0.1)
    try:
        assert made.problem is None, made.problem
        yield made
    finally:
        made.stop()


def test_it_starts_its_server_on_localhost_and_shows_the_apis_room(table: ClassTable) -> None:
    assert table.running and table.app is not None
    assert table._socket is not None and table._socket.getsockname()[0] == "127.0.0.1"
    assert table.base_url == f"http://127.0.0.1:{table.port}"
    assert httpx.get(f"{table.base_url}/api/health").json()["rooms"] == 1
    # the code in large print is the room the API made
    assert list(table.app.state.hub.rooms) == [table.code]
    big = re.search(r'class="rb-ct-code" data-code="([^"]+)">([^<]+)<', table.join_box.value)
    assert big and big.group(1) == big.group(2) == table.code
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", table.code)
    view = httpx.get(f"{table.base_url}/api/rooms/{table.code}/view").json()
    assert view["code"] == table.code and view["title"] in shown(table)
    # the links go to this room's projector and to the teacher page, on this server
    assert table.projector_url == f"{table.base_url}/projector?room={table.code}"
    assert f'href="{table.projector_url}"' in table.links.value
    # the teacher page opens this very room: its code and token in the address's fragment
    assert (f'href="{table.teacher_url}#room={table.code}&amp;token={table.teacher_token}"'
            in table.links.value)
    assert httpx.get(table.projector_url).status_code == 200
    assert httpx.get(table.teacher_url).status_code == 200
    assert "Waiting for the teacher to deal." in shown(table)
    # threads that never keep a kernel from exiting
    assert table._server_thread is not None and table._server_thread.daemon
    assert table._poller is not None and table._poller.daemon


def test_the_qr_code_is_segnos_drawing_of_the_join_address(table: ClassTable) -> None:
    assert table.join_url == f"{table.base_url}/student?room={table.code}"
    assert table.student_address == f"{table.base_url}/student"
    assert table.qr_data_uri == segno.make(table.join_url, error="m").svg_data_uri(
        scale=6, border=2)
    src = re.search(r'<img src="([^"]+)"', table.join_box.value)
    assert src and html.unescape(src.group(1)) == table.qr_data_uri
    assert table.qr_data_uri.startswith("data:image/svg+xml")
    assert html.escape(table.student_address) in table.join_box.value
    # the address the code holds opens the student page of this room
    assert httpx.get(table.join_url).status_code == 200


def test_a_student_who_joins_and_a_deal_show_on_the_projector(table: ClassTable) -> None:
    asha = join(table, "Asha")["token"]
    wait_for(lambda: "Asha" in table.projector.value)
    assert re.search(r'data-seat="0"><td>seat 0</td><td>Asha', table.projector.value)
    assert table.deal_button.description == "Deal"
    table.deal_button.click()
    assert table.view["dealt"] and table.deal_button.description == "Deal again"
    # the computer seats play at their pace, Asha over HTTP on her turns: the widget follows
    # the table without being asked
    def two_moves() -> bool:
        if table.view.get("moves_played", 0) >= 2:
            return True
        mine = httpx.get(f"{table.base_url}/api/rooms/{table.code}/view",
                         headers={"Authorization": f"Bearer {asha}"}).json()
        if mine["to_move"] == 0 and mine["legal"]:
            httpx.post(f"{table.base_url}/api/rooms/{table.code}/moves", json={"move": mine["legal"][0]},
                       headers={"Authorization": f"Bearer {asha}"})
        return False

    wait_for(two_moves)
    view = httpx.get(f"{table.base_url}/api/rooms/{table.code}/view").json()
    assert view["moves_played"] >= table.view["moves_played"] >= 2
    first = table.view["log"][0]
    assert html.escape(first["text"]) in table.projector.value
    assert html.escape(first["reason"]) in table.projector.value  # the reason of each move
    assert 'data-card="7H"' in table.projector.value  # the table, in cards
    assert "Moves, newest first" in table.projector.value


def test_the_teachers_buttons_pause_resume_and_reveal(table: ClassTable) -> None:
    assert table.next_button.layout.display == "none"  # one deal at a time: no next deal
    for name in ("Asha", "Ben", "Chen", "Dita"):  # every seat a student's: nobody moves
        join(table, name)
    assert table.deal(seed=5)
    table.pause_button.click()
    assert table.view["paused"] and table.pause_button.description == "Resume"
    assert "The teacher has paused the table." in shown(table)
    table.pause_button.click()
    assert not table.view["paused"] and table.pause_button.description == "Pause"
    assert "Every hand" not in table.projector.value
    table.reveal_button.click()
    deal = load_rules("badam-satti").new_deal(players=4, seed=5)
    assert "Every hand" in table.projector.value
    for seat in range(4):
        line = re.search(rf'rb-ct-hand" data-seat="{seat}">(.*?)</div>', table.projector.value)
        assert line is not None
        assert sorted(re.findall(r'data-card="(\w+)"', line.group(1))) == \
            sorted(c.text for c in deal.hands[seat])


def test_a_refusal_is_told_in_words(table: ClassTable) -> None:
    assert not table.next_deal()  # no match in this room
    assert "deal again instead" in table.message.value


def _twin_starts(seed: int) -> tuple[Any, Any, int, int]:
    """One deal set up twice: the second with a card swapped between two seats that do not
    move first (sevens stay where they are, so the same seat starts)."""
    rules = load_rules("badam-satti")
    base: Any = rules.new_deal(players=4, seed=seed)
    hands = [[c.text for c in h] for h in base.hands]
    a, b = [s for s in range(4) if s != base.to_move][:2]
    x = next(c for c in hands[a] if not c.startswith("7"))
    y = next(c for c in hands[b] if not c.startswith("7"))
    swapped = [list(h) for h in hands]
    swapped[a][swapped[a].index(x)], swapped[b][swapped[b].index(y)] = y, x

    def start(hs: list[list[str]]) -> Any:
        return rules.position(table="", hands=[" ".join(h) for h in hs],
                              to_move=base.to_move, dealer=base.dealer)

    return start(hands), start(swapped), a, b


def test_no_hidden_hand_reaches_the_widget_before_the_reveal(table: ClassTable) -> None:
    tokens = [join(table, name)["token"] for name in ("Asha", "Ben", "Chen", "Dita")]
    one, two, a, b = _twin_starts(3)
    assert table.server_loop is not None
    room = table.app.state.hub.rooms[table.code]

    async def deal(start: Any) -> None:
        async with room.lock:
            room.deal(1, start=start)
        await room.push()

    def world(start: Any) -> tuple[str, str, list[str]]:
        asyncio.run_coroutine_threadsafe(deal(start), table.server_loop).result(10)
        table.refresh()
        before = shown(table)
        mover = start.to_move
        r = httpx.post(f"{table.base_url}/api/rooms/{table.code}/moves",
                       headers={"Authorization": f"Bearer {tokens[mover]}"},
                       json={"move": str(start.legal_moves()[0])})
        assert r.status_code == 200, r.text
        table.refresh()
        hand_a = httpx.get(f"{table.base_url}/api/rooms/{table.code}/view",
                           headers={"Authorization": f"Bearer {tokens[a]}"}).json()["hand"]
        return before, shown(table), hand_a

    first = world(one)
    second = world(two)
    assert first[2] != second[2], "the swap must change a hidden hand, or the test proves nothing"
    assert first[0] == second[0], "the widget showed a card of a hidden hand after the deal"
    assert first[1] == second[1], "the widget showed a card of a hidden hand after a move"
    assert "7♥" in first[1]  # the move played is public, and shown


def test_every_text_from_the_server_is_escaped(table: ClassTable) -> None:
    join(table, "<img src=x onerror=alert(1)>")
    wait_for(lambda: "onerror" in table.projector.value)
    assert "<img src=x" not in table.projector.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in table.projector.value
    drawn = projector_html({"title": "<script>alert(1)</script>", "dealt": True, "players": 2,
                            "to_move": 0, "table": {"note": "<b>x</b>", "cards": ["7H"]},
                            "seats": [{"seat": 0, "name": "<i>", "cards": 3},
                                      {"seat": 1, "computer": True, "cards": 2}],
                            "log": [{"text": "<u>t</u>", "reason": "<s>r</s>", "clauses": []}]},
                           [{"name": "<em>n</em>", "text": "<script>x</script>"}])
    assert not re.search(r"<(script|i|u|s|em)>|<b>x", drawn)
    assert 'data-card="7H"' in drawn and "&lt;script&gt;" in drawn


def test_stop_frees_the_port_and_stops_the_threads() -> None:
    made = ClassTable("badam-satti", poll=0.1)
    port, server, poller = made.port, made._server_thread, made._poller
    assert port and made.running
    made.stop()
    assert not made.running and server is not None and not server.is_alive()
    assert poller is not None and not poller.is_alive()
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
    with socket.socket() as probe:  # nothing listens there any more (a listener would refuse
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # even with REUSEADDR)
        probe.bind(("127.0.0.1", port))
        probe.listen()
    again = ClassTable("badam-satti", port=port)  # and a new class table can have it
    try:
        assert again.problem is None and again.port == port
    finally:
        again.stop()
    assert "stopped" in made.message.value and made.buttons.layout.display == "none"
    made.stop()  # twice is harmless


def test_it_joins_a_server_already_running(table: ClassTable) -> None:
    other = ClassTable("sevens", url=table.base_url + "/", players=3, poll=0.1)
    try:
        assert other.problem is None and other.app is None and not other.running
        assert other.code != table.code
        assert set(table.app.state.hub.rooms) == {table.code, other.code}
        assert other.join_url == f"{table.base_url}/student?room={other.code}"
        assert html.escape(load_rules("sevens").title) in shown(other)
    finally:
        other.stop()
    assert httpx.get(f"{table.base_url}/api/health").status_code == 200  # still running


def test_where_no_server_can_start_it_says_so_in_a_sentence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    soft = ClassTable()
    assert soft.problem == IN_THE_BROWSER and soft.code == ""
    assert html.escape(IN_THE_BROWSER) in soft.message.value
    assert soft.buttons.layout.display == "none"
    soft.stop()
    monkeypatch.undo()
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    soft = ClassTable()
    assert soft.problem == NEEDS_THE_EXTRA and "[class]" in soft.message.value
    soft.stop()


def test_a_taken_port_and_a_silent_server_are_told() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        soft = ClassTable(port=taken)
        assert soft.problem and f"port {taken}" in soft.problem and not soft.running
        silent = ClassTable(url=f"http://127.0.0.1:{taken}", poll=0.1)
        # listening but never answering: the call times out and the widget says so
        assert silent.problem and "did not open a room" in silent.problem
        soft.stop()
        silent.stop()


def test_arguments_the_engine_refuses_raise_before_anything_starts() -> None:
    for kwargs in ({"ruleset": "no-such-game"}, {"players": 99}, {"pace": "slow"},
                   {"computer": "genius"}, {"drop": "never"}, {"url": "ftp://x"},
                   {"ruleset": "badugi", "match": True}, {"port": -1}, {"players": True}):
        with pytest.raises(RulesError):
            ClassTable(**kwargs)


def test_a_rules_object_is_sent_as_its_text(table: ClassTable) -> None:
    other = ClassTable(load_rules("badam-satti", sevens_first=True), url=table.base_url)
    try:
        room = table.app.state.hub.rooms[other.code]
        assert room.rules == load_rules("badam-satti", sevens_first=True)
    finally:
        other.stop()
