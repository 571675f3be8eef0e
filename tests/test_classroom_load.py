"""The class table under load, in a bounded form (issue 22's load test; the full figures are in
bench/README.md): ``bench/bench_classroom.py`` runs a server in its own process, four tables
of four students and a projector on WebSockets play whole Badam Satti deals as fast as they
can while idle connections stay open, first with moves sent on the pages' sockets, then by
the automation API.  Nothing here asserts a time (these machines are noisy): every deal
ends, no move is refused or lost, the server logs no error, and its memory after the second
half of the deals is not far above the first.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the class extra (websockets) is not installed")
pytest.importorskip("uvicorn", reason="the class extra (uvicorn) is not installed")

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_classroom.py"


def run_bench(*args: str) -> dict:
    done = subprocess.run([sys.executable, str(BENCH), "--json", *args], capture_output=True,
                          text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("how", [[], ["--post"]], ids=["socket", "post"])
def test_tables_play_whole_deals_under_load_without_an_error(how: list[str]) -> None:
    figures = run_bench("--rooms", "4", "--idle", "40", "--deals", "16", "--seconds", "300",
                        *how)
    assert figures["deals"] == 16, figures
    assert figures["errors"] == 0 and figures["server_errors"] == 0, figures
    # a Badam Satti deal ends when a hand is empty: its 13 cards at least were played
    assert figures["moves"] >= 16 * 13, figures
    assert figures["p95_ms"] > 0 and figures["moves_per_s"] > 0


def test_memory_stays_flat_over_many_deals() -> None:
    figures = run_bench("--rooms", "4", "--idle", "0", "--deals", "200", "--seconds", "300")
    assert figures["errors"] == 0 and figures["server_errors"] == 0, figures
    rss = dict((int(d), float(m)) for d, m in figures["rss_mb"])
    if figures["deals"] < 200:
        pytest.skip(f"the machine played only {figures['deals']} deals in 300 s")
    # the first 100 deals warm every cache; the next 100 add at most a little (measured:
    # 0.3 MB; when each table took new rooms for every 100 deals, 1.3 MB per 8 rooms kept)
    assert rss[200] - rss[100] < 3, rss
    # the same four tables (and the idle connections' room) the whole run
    assert {int(k) for _, k in figures["rooms_held"]} == {5}, figures["rooms_held"]
