"""The class table's memory over many deals (issue 22): a room's pages are sent every view
by the real senders (``Room.deliver``) of stand-in sockets, and the Python memory the room
holds after 30 more deals is not more than one deal's worth above what it held before; a
room nobody watches keeps its game, not the parts made for its pages.  (The server process
under the bench: ``tests/test_classroom_load.py``.)
"""
from __future__ import annotations

import asyncio
import gc
import threading
import random
import tracemalloc
from typing import Any

import pytest

from rulebook.classroom.rooms import Hub, Room
from rulebook.classroom.store import Store

SETTINGS = {"ruleset": "badam-satti", "players": 4, "computer": "smart", "messages": True,
            "drop": "wait", "drop_seconds": 30, "pace": "normal", "match": False}


def run_alone(make: Any) -> Any:
    """``asyncio.run(make())`` in a thread of its own: in a whole test run the browser tests'
    Playwright session keeps an event loop running in the main thread, where asyncio.run
    is refused."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(make()))
        except BaseException as exc:  # handed to the test below
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return out[0]


class Page:
    """A stand-in socket: counts what it is sent."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_text(self, text: str) -> None:
        self.sent += 1

    async def close(self, code: int = 1000) -> None:
        pass


async def play_deals(room: Room, rng: random.Random, deals: int) -> None:
    """Whole deals at ``room``, each move pushed to every page and sent by its sender."""
    for _ in range(deals):
        async with room.lock:
            room.deal(rng.randrange(2 ** 31))
        await room.push()
        await asyncio.sleep(0)
        while not room.state.is_over:
            state = room.state
            async with room.lock:
                room.play(state.to_move, str(rng.choice(list(state.legal_moves()))))
            await room.push()
            await asyncio.sleep(0)
        room.say(0, "gg", None)


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_a_watched_room_holds_no_more_after_many_deals(tmp_path: Any) -> None:
    async def run() -> tuple[int, int, list[Page]]:
        hub = Hub(Store(tmp_path / "c.sqlite"))
        room = hub.create(dict(SETTINGS))
        for i in range(4):
            hub.join(room, f"S{i}")
        pages = [(Page(), s) for s in (0, 1, 2, 3, None)]
        for ws, seat in pages:
            room.listen(ws, seat)
        senders = [asyncio.create_task(room.deliver(ws, seat)) for ws, seat in pages]
        rng = random.Random(3)
        await play_deals(room, rng, 6)  # every cache warm
        before = traced()
        await play_deals(room, rng, 30)
        after = traced()
        for ws, _ in pages:
            room.forget(ws)
        await asyncio.gather(*senders)
        return before, after, [ws for ws, _ in pages]

    tracemalloc.start()
    try:
        before, after, pages = run_alone(run)
    finally:
        tracemalloc.stop()
    # every page was sent a view after (nearly) every move of 36 deals: >= 13 moves a deal
    assert all(page.sent >= 36 * 13 for page in pages), [p.sent for p in pages]
    # a finished deal's states and views take about 150 KB (measured: 16 KB more after 40
    # deals than after 10); 30 deals that each kept 50 bytes per message sent would add
    # about 400 KB
    assert after - before < 200_000, (before, after)


def test_a_room_nobody_watches_keeps_its_game_not_its_pages_parts(tmp_path: Any) -> None:
    async def run() -> Room:
        hub = Hub(Store(":memory:"))
        room = hub.create(dict(SETTINGS))
        hub.join(room, "Asha")
        page = Page()
        room.listen(page, 0)
        sender = asyncio.create_task(room.deliver(page, 0))
        await play_deals(room, random.Random(5), 1)
        await asyncio.sleep(0)
        assert room._shared is not None and page.sent > 0
        room.forget(page)
        await sender
        return room

    room = run_alone(run)
    assert not room.sockets and not room.outbox and not room.last_sent and not room.log_sent
    assert room._shared is None and not room._views
    # the finished deal is still there, and a page opened later is sent it whole
    assert room.state.is_over
    view = room.view(None)
    assert view["over"] and len(view["log"]) == len(room.state.move_log())
