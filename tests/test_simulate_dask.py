"""simulate and compare_rules on a Dask cluster (a LocalCluster of two worker processes) give
exactly the local result for the same seed.  Deselect with ``-m "not dask"``."""
from __future__ import annotations

import faulthandler

import pandas as pd
import pytest

from rulebook import load_rules
from rulebook.paired import compare_rules
from rulebook.simulation import simulate

distributed = pytest.importorskip(
    "distributed", reason='dask.distributed is missing: pip install "rulebook-explorer[dist]"')

pytestmark = pytest.mark.dask

BOUND = 300
"""Seconds this module may take at most: a stuck cluster stops the run with tracebacks."""


@pytest.fixture(scope="module")
def cluster():
    faulthandler.dump_traceback_later(BOUND, exit=True)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None, silence_logs=40) as local:
            yield local
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as c:
        yield c


def test_frames_equal_the_local_run(client) -> None:
    for profile, players, bots in (("badam-satti", 4, None), ("satti", 3, "smart"),
                                   ("badugi", 5, None)):
        calls: list[tuple[int, int]] = []
        remote = simulate(profile, players=players, deals=400, bots=bots, seed="dask",
                          chunk=90, client=client, progress=lambda d, t: calls.append((d, t)))
        local = simulate(profile, players=players, deals=400, bots=bots, seed="dask")
        pd.testing.assert_frame_equal(remote, local)
        assert calls[-1] == (400, 400) and [d for d, _ in calls] == sorted(d for d, _ in calls)
        assert len(calls) == 5  # chunks of 90, 90, 90, 90, 40


def test_summaries_and_comparisons_equal_the_local_run(client) -> None:
    rules = load_rules("badam-satti", sevens_first=True)
    assert simulate(rules, deals=500, seed=4, aggregate=True, client=client, chunk=128) == \
        simulate(rules, deals=500, seed=4, aggregate=True)
    remote = compare_rules("badam-satti", rules, deals=300, seed=4, client=client, chunk=70)
    local = compare_rules("badam-satti", rules, deals=300, seed=4)
    assert remote.moments == local.moments
    pd.testing.assert_frame_equal(remote.frame(), local.frame())


def test_a_scheduler_address_works_too(cluster) -> None:
    remote = simulate("sevens", deals=150, seed=5, client=cluster.scheduler_address)
    pd.testing.assert_frame_equal(remote, simulate("sevens", deals=150, seed=5))
