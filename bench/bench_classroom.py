"""Benchmark of the class table (issue 22): rooms of 4 students + 1 projector on WebSockets
over loopback play whole Badam Satti deals as fast as they can, with idle connections open.

    python bench/bench_classroom.py [--rooms 8] [--idle 200] [--deals 100] [--seconds 120]
                                    [--post] [--new-rooms]

Reports p50/p95 from a student's move (sent on the student page's socket, as the page does;
``--post``: by ``POST /api/rooms/{code}/moves``, the automation API) to the last of the room's
five pages receiving the view after it, moves per second, errors, the server's CPU time per
move (the load-independent figure on a shared machine) and its memory (RSS) and the rooms it
holds after every 100 deals.  Each table is one room whose pages stay connected for the whole
run, as at a class's table; the teacher closes it at the end.  ``--new-rooms`` opens new
rooms for every 100 deals and leaves the old ones open on the server without pages (as a
server holds a finished class's rooms until they expire): the server's memory then grows by
what each kept room holds, not by the deals played.  The server runs in its own process
(uvicorn, one worker) with the rate limits lifted (a bench plays faster than any class).
Bounded by ``--deals`` and ``--seconds``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

SERVER = """
import sys, uvicorn
from rulebook.classroom import create_app
app = create_app(sys.argv[1], seat_rate=1e9, room_rate=1e9, max_rooms=1000)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            ws_per_message_deflate=False)
"""


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Page:
    """One WebSocket page: keeps the last view and wakes waiters on each message."""

    def __init__(self, ws: websockets.ClientConnection) -> None:
        self.ws, self.view, self.changed, self.refused = ws, None, asyncio.Event(), 0

    async def listen(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            if message["type"] == "view":
                # the view's log holds the entries from log_from on, as the pages keep them
                old = self.view["log"][:message["log_from"]] if self.view else []
                message["view"]["log"] = old + message["view"]["log"]
                self.view = message["view"]
                self.changed.set()
            elif message["type"] in ("refused", "error"):
                self.refused += 1
                self.changed.set()



class Table:
    """One room of the bench: four seated students and a projector, each page on its own
    WebSocket, open for the whole run (as at a class's table), closed at the end."""

    def __init__(self, code: str, teacher: str, tokens: list[str], pages: list[Page]) -> None:
        self.code, self.teacher, self.tokens, self.pages = code, teacher, tokens, pages
        self.tasks = [asyncio.create_task(p.listen()) for p in pages]

    @classmethod
    async def open(cls, base: str, ws_base: str, http: httpx.AsyncClient) -> "Table":
        """A new room with four students and a projector connected."""
        r = await http.post(f"{base}/api/rooms", json={"ruleset": "badam-satti", "players": 4})
        code, teacher = r.json()["code"], r.json()["teacher_token"]
        tokens = [(await http.post(f"{base}/api/rooms/{code}/seats", json={"name": f"S{i}"}))
                  .json()["token"] for i in range(4)]
        pages = [Page(await websockets.connect(f"{ws_base}/ws/rooms/{code}?token={t}"))
                 for t in tokens]
        pages.append(Page(await websockets.connect(f"{ws_base}/ws/rooms/{code}")))
        return cls(code, teacher, tokens, pages)

    async def close(self, base: str, http: httpx.AsyncClient, *, keep_room: bool = False
                    ) -> None:
        """The pages go away; the teacher closes the room unless ``keep_room``."""
        for t in self.tasks:
            t.cancel()
        for p in self.pages:
            await p.ws.close()
        if not keep_room:
            await http.delete(f"{base}/api/rooms/{self.code}",
                              headers={"Authorization": f"Bearer {self.teacher}"})

    async def play(self, base: str, http: httpx.AsyncClient, stats: dict, stop: float,
                   budget: list[int], rng: random.Random, post: bool) -> None:
        """Whole deals, one after the other, while ``budget`` (shared by every table) lasts."""
        pages, tokens, code = self.pages, self.tokens, self.code
        while time.perf_counter() < stop and budget[0] > 0:
            budget[0] -= 1
            for p in pages:
                p.view = None  # the finished deal's views are not this deal's
                p.refused = 0
            await http.post(f"{base}/api/rooms/{code}/deal", headers={"Authorization":
                            f"Bearer {self.teacher}"}, json={"seed": rng.randrange(2 ** 31)})
            try:
                await asyncio.gather(*(asyncio.wait_for(_dealt(p), 10) for p in pages))
            except TimeoutError:
                stats["errors"] += 1
                break
            while True:
                await asyncio.sleep(0)
                first = pages[0].view
                if first is None:
                    await pages[0].changed.wait()
                    continue
                seat = first["to_move"]
                mine = pages[seat].view if seat is not None else None
                if first["over"] or seat is None:
                    break
                if not mine or mine["to_move"] != seat or not mine["legal"]:
                    pages[seat].changed.clear()
                    await asyncio.wait_for(pages[seat].changed.wait(), 10)
                    continue
                n = mine["moves_played"]
                t0 = time.perf_counter()
                move = rng.choice(mine["legal"])
                if post:  # the automation API
                    r = await http.post(f"{base}/api/rooms/{code}/moves", headers={
                        "Authorization": f"Bearer {tokens[seat]}"}, json={"move": move})
                    if r.status_code != 200:
                        stats["errors"] += 1
                        break
                else:  # the student page's socket
                    await pages[seat].ws.send(json.dumps({"type": "move", "move": move}))
                try:
                    done = await asyncio.gather(*(asyncio.wait_for(_moves(p, n + 1), 10)
                                                  for p in pages))
                except TimeoutError:
                    stats["errors"] += 1
                    break
                if pages[seat].refused:
                    stats["errors"] += 1
                    break
                stats["latency"].append(max(done) - t0)
                stats["moves"] += 1
            stats["deals"] += 1


async def _dealt(page: Page) -> None:
    """Until the page shows a new deal (no move played yet)."""
    while not (page.view and page.view["dealt"] and not page.view["over"]
               and page.view["moves_played"] == 0):
        page.changed.clear()
        await page.changed.wait()


async def _moves(page: Page, moves: int) -> float:
    while not (page.view and (page.view["moves_played"] >= moves or page.view["over"])):
        page.changed.clear()
        await page.changed.wait()
    return time.perf_counter()


async def main(args: argparse.Namespace) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "bench.sqlite"
    log = open(db.with_suffix(".log"), "w+")  # the server's own errors, counted at the end
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(db), str(port)], stderr=log)
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(timeout=10) as http:
            for _ in range(300):
                try:
                    await http.get(base + "/api/health")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            r = await http.post(f"{base}/api/rooms", json={"ruleset": "satti", "players": 4})
            idle_code = r.json()["code"]
            idle = [await websockets.connect(f"{ws_base}/ws/rooms/{idle_code}")
                    for _ in range(args.idle)]
            stats = {"latency": [], "moves": 0, "errors": 0, "deals": 0}

            async def held() -> int:
                return int((await http.get(base + "/api/health")).json()["rooms"])

            tables = [await Table.open(base, ws_base, http) for _ in range(args.rooms)]
            memory = [(0, rss_mb(proc.pid), await held())]
            cpu0, mine0 = cpu_seconds(proc.pid), time.process_time()
            start = time.perf_counter()
            stop = start + args.seconds
            done_deals = 0
            while done_deals < args.deals and time.perf_counter() < stop:
                if args.new_rooms and done_deals:  # the old rooms stay open, unwatched
                    for t in tables:
                        await t.close(base, http, keep_room=True)
                    tables = [await Table.open(base, ws_base, http) for _ in range(args.rooms)]
                chunk = min(100, args.deals - done_deals)
                budget = [chunk]
                rng = random.Random(done_deals)
                await asyncio.gather(*(t.play(base, http, stats, stop, budget, rng, args.post)
                                       for t in tables))
                done_deals = stats["deals"]
                memory.append((done_deals, rss_mb(proc.pid), await held()))
            elapsed = time.perf_counter() - start
            cpu, mine = cpu_seconds(proc.pid) - cpu0, time.process_time() - mine0
            for t in tables:
                await t.close(base, http)
            for ws in idle:
                await ws.close()
        proc.kill()
        proc.wait()
        log.seek(0)
        server_errors = sum(1 for line in log if "Traceback" in line or "ERROR" in line)
        lat = sorted(stats["latency"])
        q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [float("nan")] * 99
        print(f"rooms {args.rooms} x (4 students + 1 projector), {args.idle} idle connections")
        print(f"deals {stats['deals']}, moves {stats['moves']}, errors {stats['errors']}, "
              f"{elapsed:.1f} s")
        print(f"move to last update: p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms")
        print(f"moves/s {stats['moves'] / elapsed:.0f}; server CPU per move "
              f"{cpu / max(1, stats['moves']) * 1000:.2f} ms (so at most "
              f"{stats['moves'] / max(cpu, 1e-9):.0f} moves/s on one core); the clients' "
              f"CPU per move {mine / max(1, stats['moves']) * 1000:.2f} ms")
        print(f"moves sent {'by POST /api/rooms/{code}/moves' if args.post else 'on the pages sockets'}")
        print("server RSS: " + ", ".join(f"after {d} deals {m:.1f} MB ({k} rooms)"
                                         for d, m, k in memory))
        print(f"server errors logged: {server_errors}")
        if args.json:
            print(json.dumps({"deals": stats["deals"], "moves": stats["moves"],
                              "errors": stats["errors"], "server_errors": server_errors,
                              "p50_ms": q[49] * 1000, "p95_ms": q[94] * 1000,
                              "moves_per_s": stats["moves"] / elapsed,
                              "server_cpu_ms_per_move": cpu / max(1, stats["moves"]) * 1000,
                              "rss_mb": [(d, m) for d, m, _ in memory],
                              "rooms_held": [(d, k) for d, _, k in memory]}))
    finally:
        proc.kill()
        proc.wait()
        log.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument("--new-rooms", action="store_true",
                        help="new rooms for every 100 deals, the old ones left open on the "
                             "server without pages (shows what a kept room costs)")
    parser.add_argument("--post", action="store_true",
                        help="students post their moves (the automation API) instead of "
                             "sending them on their page's socket")
    asyncio.run(main(parser.parse_args()))
