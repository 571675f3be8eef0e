"""Benchmark of the class table (issue 22): rooms of 4 students + 1 projector on WebSockets
over loopback play whole Badam Satti deals as fast as they can, with idle connections open.

    python bench/bench_classroom.py [--rooms 8] [--idle 200] [--deals 100] [--seconds 120]
                                    [--post]

Reports p50/p95 from a student's move (sent on the student page's socket, as the page does;
``--post``: by ``POST /api/rooms/{code}/moves``, the automation API) to the last of the room's
five pages receiving the view after it, moves per second, errors, the server's CPU time per
move (the load-independent figure on a shared machine) and its memory (RSS) after every 100
deals.  The server runs in its own process (uvicorn, one worker) with the rate
limits lifted (a bench plays faster than any class).  Bounded by ``--deals`` and ``--seconds``.
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



async def table(base: str, ws_base: str, http: httpx.AsyncClient, stats: dict, stop: float,
                budget: list[int], rng: random.Random, post: bool) -> None:
    r = await http.post(f"{base}/api/rooms", json={"ruleset": "badam-satti", "players": 4})
    code, teacher = r.json()["code"], r.json()["teacher_token"]
    tokens = [(await http.post(f"{base}/api/rooms/{code}/seats", json={"name": f"S{i}"})).json()
              ["token"] for i in range(4)]
    pages = [Page(await websockets.connect(f"{ws_base}/ws/rooms/{code}?token={t}"))
             for t in tokens]
    pages.append(Page(await websockets.connect(f"{ws_base}/ws/rooms/{code}")))
    tasks = [asyncio.create_task(p.listen()) for p in pages]
    deal = 0
    while time.perf_counter() < stop and budget[0] > 0:
        budget[0] -= 1
        deal += 1
        for p in pages:
            p.view = None  # the finished deal's views are not this deal's
        await http.post(f"{base}/api/rooms/{code}/deal", headers={"Authorization":
                        f"Bearer {teacher}"}, json={"seed": rng.randrange(2 ** 31)})
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
    for t in tasks:
        t.cancel()
    for p in pages:
        await p.ws.close()


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
            memory = [(0, rss_mb(proc.pid))]
            cpu0, mine0 = cpu_seconds(proc.pid), time.process_time()
            start = time.perf_counter()
            stop = start + args.seconds
            done_deals = 0
            while done_deals < args.deals and time.perf_counter() < stop:
                chunk = min(100, args.deals - done_deals)
                budget = [chunk]
                rng = random.Random(done_deals)
                await asyncio.gather(*(table(base, ws_base, http, stats, stop, budget, rng,
                                             args.post) for _ in range(args.rooms)))
                done_deals = stats["deals"]
                memory.append((done_deals, rss_mb(proc.pid)))
            elapsed = time.perf_counter() - start
            cpu, mine = cpu_seconds(proc.pid) - cpu0, time.process_time() - mine0
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
        print("server RSS: " + ", ".join(f"after {d} deals {m:.0f} MB" for d, m in memory))
        print(f"server errors logged: {server_errors}")
        if args.json:
            print(json.dumps({"deals": stats["deals"], "moves": stats["moves"],
                              "errors": stats["errors"], "server_errors": server_errors,
                              "p50_ms": q[49] * 1000, "p95_ms": q[94] * 1000,
                              "moves_per_s": stats["moves"] / elapsed,
                              "server_cpu_ms_per_move": cpu / max(1, stats["moves"]) * 1000,
                              "rss_mb": memory}))
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
    parser.add_argument("--post", action="store_true",
                        help="students post their moves (the automation API) instead of "
                             "sending them on their page's socket")
    asyncio.run(main(parser.parse_args()))
