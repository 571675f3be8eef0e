"""The class table as a real server: ``python -m rulebook serve`` killed with SIGKILL in the
middle of a deal and started again on the same file (issue 22), and schemathesis against
its ``/openapi.json`` in a bounded run.  Both bind 127.0.0.1 only, on a free port."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import httpx  # noqa: E402

from rulebook import load_rules  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: Path, port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", "serve", "--port", str(port),
                             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=db.parent)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start: " + proc.stderr.read())


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_sigkill_mid_deal_and_restart_brings_every_room_back(tmp_path: Path) -> None:
    db, port = tmp_path / "class.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        first = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/student" in first  # the address students type
        rooms: list[tuple[str, str, list[str]]] = []
        for ruleset, seed in (("badam-satti", 4), ("satti", 5)):
            r = httpx.post(f"{base}/api/rooms", json={"ruleset": ruleset, "players": 3})
            code, teacher = r.json()["code"], r.json()["teacher_token"]
            tokens = [httpx.post(f"{base}/api/rooms/{code}/seats",
                                 json={"name": f"S{i}"}).json()["token"] for i in range(3)]
            httpx.post(f"{base}/api/rooms/{code}/deal", headers=bearer(teacher),
                       json={"seed": seed})
            state = load_rules(ruleset).new_deal(players=3, seed=seed)
            for _ in range(6):
                move = str(state.legal_moves()[0])
                r = httpx.post(f"{base}/api/rooms/{code}/moves",
                               headers=bearer(tokens[state.to_move]), json={"move": move})
                assert r.status_code == 200  # answered only once it is on disk
                state = state.play(move)
            rooms.append((code, teacher, tokens))
        before = {code: [httpx.get(f"{base}/api/rooms/{code}/view", headers=bearer(t)).json()
                         for t in tokens] + [httpx.get(f"{base}/api/rooms/{code}/record",
                                                       headers=bearer(teacher)).json()]
                  for code, teacher, tokens in rooms}
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        proc = start(db, port)
        after = {code: [httpx.get(f"{base}/api/rooms/{code}/view", headers=bearer(t)).json()
                        for t in tokens] + [httpx.get(f"{base}/api/rooms/{code}/record",
                                                      headers=bearer(teacher)).json()]
                 for code, teacher, tokens in rooms}
        assert after == before
        # the deal goes on after the restart, with the same tokens
        code, teacher, tokens = rooms[0]
        state = load_rules("badam-satti").new_deal(players=3, seed=4)
        for move in before[code][-1]["moves"]:
            state = state.play(move)
        r = httpx.post(f"{base}/api/rooms/{code}/moves", headers=bearer(tokens[state.to_move]),
                       json={"move": str(state.legal_moves()[0])})
        assert r.status_code == 200 and r.json()["moves_played"] == 7
    finally:
        proc.kill()
        proc.wait(10)


def test_schemathesis_finds_no_server_error_and_no_answer_outside_the_schema(
        tmp_path: Path) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, Phase, given, settings

    from rulebook.classroom import create_app

    app = create_app(tmp_path / "s.sqlite", pace_scale=0.0, seat_rate=1e6, room_rate=1e6)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    failures: list[str] = []
    checked = 0
    for operation in schema.get_all_operations():
        op = operation.ok()

        @settings(max_examples=15, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(case=op.as_strategy())
        def check(case: Any) -> None:
            response = case.call()
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.path}: {response.status_code}")
            case.validate_response(response, checks=[schemathesis.checks.not_a_server_error,
                                                     schemathesis.checks.response_schema_conformance])

        try:
            check()
        except (Exception, BaseExceptionGroup) as exc:  # noqa: BLE001 - reported below
            failures.append(f"{op.method.upper()} {op.path}: {str(exc)[:400]}")
        checked += 1
    assert checked >= 10
    assert not failures, "\n".join(failures)
