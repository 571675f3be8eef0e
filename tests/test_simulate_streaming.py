"""simulate at any size: compact columns, the same result for every chunk size and number of
worker processes, summaries in constant memory, progress from the first chunk, typed errors."""
from __future__ import annotations

import pickle
import subprocess
import sys

import pandas as pd
import pytest

from rulebook import RulesError, load_rules
from rulebook import simulation
from rulebook.experiments import Summary, summary_of
from rulebook.paired import compare_rules
from rulebook.simulation import chunk_plan, simulate, summarize

# (profile, options, players, bots): every game, a house rule, numpy batches and scalar loops.
CASES = [
    ("badam-satti", {}, 4, None),
    ("badam-satti", {"limited_passes": True, "one_final_turn": True}, 5, None),
    ("sevens", {}, 4, ["smart", "random", "random", "random"]),
    ("satti", {}, 4, None),
    ("satti", {"seven_stacking": False}, 3, ["easy", "smart", "random"]),
    ("badugi", {}, 4, None),
    ("badugi", {"small_bet": 4}, 6, "smart"),
]
IDS = [f"{p}-{'-'.join(o) or 'plain'}-{n}" for p, o, n, _ in CASES]


@pytest.mark.parametrize("profile, options, players, bots", CASES, ids=IDS)
def test_same_frame_and_summary_for_every_chunk_size(profile, options, players, bots) -> None:
    rules = load_rules(profile, **options)
    deals = 130  # > 64, so all-random Sevens deals take the numpy batch in big chunks
    whole = simulate(rules, players, deals, bots, seed="chunks", chunk=deals)
    summary = simulate(rules, players, deals, bots, seed="chunks", aggregate=True,
                       chunk=deals)
    assert isinstance(summary, Summary) and summary.deals == deals
    for chunk in (9, 64, 100):
        pd.testing.assert_frame_equal(
            simulate(rules, players, deals, bots, seed="chunks", chunk=chunk), whole)
        assert simulate(rules, players, deals, bots, seed="chunks", aggregate=True,
                        chunk=chunk) == summary
    pd.testing.assert_frame_equal(simulate(rules, players, deals, bots, seed="chunks"), whole)
    # The summary of the frame is the very same (exact integer sums).
    assert summary_of(whole, rules) == summary
    pd.testing.assert_frame_equal(summarize(summary), summarize(whole), check_dtype=False)


def test_compact_columns() -> None:
    frame = simulate("badam-satti", players=4, deals=500, seed=1)
    dtypes = {c: str(t) for c, t in frame.dtypes.items()}
    assert dtypes["deal"] == "int32" and dtypes["seed"] == "uint64"
    assert dtypes["dealer"] == dtypes["seat"] == dtypes["place"] == "int8"
    assert dtypes["won"] == dtypes["eliminated"] == "bool"
    assert dtypes["points"] == dtypes["passes"] == dtypes["turns"] == "int32"
    assert dtypes["bot"] == "category"
    per_row = frame.memory_usage(deep=True).sum() / len(frame)
    assert per_row < 60, per_row  # about 34 bytes per deal and seat (it was about 500)
    for profile in ("satti", "badugi"):
        frame = simulate(profile, players=4, deals=100, seed=1)
        assert frame.memory_usage(deep=True).sum() / len(frame) < 60


def test_summary_memory_does_not_grow_with_deals() -> None:
    small = simulate("sevens", deals=100, seed=2, aggregate=True)
    large = simulate("sevens", deals=3000, seed=2, aggregate=True)
    assert len(small.moments.s1) == len(large.moments.s1)
    assert small.moments.s2.keys() == large.moments.s2.keys()
    # The sums grow by a few digits, not by a row per deal.
    assert len(pickle.dumps(large)) < 1.2 * len(pickle.dumps(small)) + 2000


class _Stop(Exception):
    pass


def test_progress_comes_after_the_first_chunk_even_for_a_huge_run() -> None:
    """The most deals a run plays (a frame: two million): the first report comes after the
    first chunk, so no seed of a later chunk has been computed (computing all of them first
    would take minutes)."""
    calls: list[tuple[int, int]] = []

    def stop(done: int, total: int) -> None:
        calls.append((done, total))
        raise _Stop

    for aggregate, deals in ((False, 2_000_000), (True, simulation.MAX_DEALS)):
        calls.clear()
        with pytest.raises(_Stop):
            simulate("badam-satti", deals=deals, seed=1, aggregate=aggregate, progress=stop)
        assert calls == [(simulation.CHUNK, deals)]


def test_chunk_plan_grows_up_to_the_maximum() -> None:
    plan = list(chunk_plan(200_000))
    assert [c for _, c in plan[:5]] == [1000, 4000, 16000, 20000, 20000]
    assert all(c <= simulation.MAX_CHUNK for _, c in plan)
    assert sum(c for _, c in plan) == 200_000
    assert [s for s, _ in plan] == [sum(c for _, c in plan[:i]) for i in range(len(plan))]
    assert list(chunk_plan(0)) == [] and list(chunk_plan(3, chunk=5)) == [(0, 3)]


def test_worker_processes_give_the_same_result() -> None:
    rules = load_rules("badam-satti", sevens_first=True)
    local = simulate(rules, players=4, deals=900, seed=3, chunk=200)
    calls: list[tuple[int, int]] = []
    pooled = simulate(rules, players=4, deals=900, seed=3, chunk=200, workers=2,
                      progress=lambda d, t: calls.append((d, t)))
    pd.testing.assert_frame_equal(local, pooled)
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and calls[-1] == (900, 900) and len(calls) == 5
    assert simulate("satti", deals=300, seed=3, aggregate=True, workers=2, chunk=64) == \
        simulate("satti", deals=300, seed=3, aggregate=True)
    paired = compare_rules("badugi", load_rules("badugi", small_bet=4), deals=200, seed=3,
                           workers=2, chunk=50)
    assert paired.moments == compare_rules("badugi", load_rules("badugi", small_bet=4),
                                           deals=200, seed=3).moments
    # workers=None: one per core of this machine.
    pd.testing.assert_frame_equal(simulate(rules, deals=300, seed=3, workers=None),
                                  simulate(rules, deals=300, seed=3))


@pytest.mark.parametrize("kwargs, message", [
    ({"chunk": 0}, r"chunk=0: expected a whole number, 1 or more"),
    ({"chunk": 2.5}, r"chunk=2\.5"),
    ({"workers": 0}, r"workers=0: expected a whole number, 1 or more"),
    ({"workers": "2"}, r"workers='2'"),
    ({"aggregate": "yes"}, r"aggregate='yes': expected True or False"),
    ({"workers": 2, "client": "tcp://127.0.0.1:1"}, r"workers=2 and a client were both given"),
])
def test_bad_run_arguments_raise_rules_error(kwargs, message) -> None:
    with pytest.raises(RulesError, match=message):
        simulate("badam-satti", deals=5, **kwargs)


def test_a_client_without_dask_names_the_extra(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(RulesError, match=r'pip install "rulebook-explorer\[dist\]"'):
        simulate("satti", deals=5, client="tcp://127.0.0.1:8786")
    with pytest.raises(RulesError, match=r"needs dask\.distributed"):
        compare_rules("satti", "satti", deals=5, client="tcp://127.0.0.1:8786")


def test_a_client_must_be_a_client() -> None:
    pytest.importorskip("distributed", reason="the 'dist' extra (dask.distributed) is missing")
    with pytest.raises(RulesError, match="expected a dask.distributed Client or a scheduler"):
        simulate("satti", deals=5, client=42)


def test_a_ruleset_that_cannot_travel_is_refused_for_workers(monkeypatch) -> None:
    monkeypatch.setattr(simulation, "_rules_from_json",
                        lambda text: load_rules("sevens"))  # loads back as another ruleset
    with pytest.raises(RulesError, match="cannot be sent to other processes"):
        simulate("badam-satti", deals=5, workers=2)


def test_importing_rulebook_and_simulating_loads_no_dask_or_matplotlib() -> None:
    code = ("import sys, rulebook\n"
            "rulebook.simulate('satti', deals=20, aggregate=True)\n"
            "rulebook.compare_rules('satti', 'satti', deals=20)\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'dask', 'distributed', 'matplotlib'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
    code = "import sys, rulebook; print(sorted({m.split('.')[0] for m in sys.modules} & " \
           "{'pandas', 'numpy', 'dask', 'distributed', 'matplotlib'}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
