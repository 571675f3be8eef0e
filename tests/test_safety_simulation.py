"""Runs that cannot finish are refused before their first deal; every argument of simulate,
compare_rules, summarize and playout_batch is read as a built-in value and checked first;
Ctrl-C and a progress report that stops a run end it at once, worker processes included;
no sentence a learner reads says "nan" or "inf".

Each test here failed on the code before the fix it guards (issue 21: unbounded work, bare
errors, words a learner cannot use).
"""
from __future__ import annotations

import math
import os
import re
import signal
import threading
import time

import numpy as np
import pandas as pd
import pytest

from rulebook import compare_rules, load_rules, simulate
from rulebook import simulation
from rulebook.errors import RulebookError, RulesError
from rulebook.experiments import Comparison, paired_moments, paired_sentence, summary_of
from rulebook.measures import MEASURES
from rulebook.simulation import MAX_BATCH, MAX_DEALS, summarize
from rulebook.stats import Estimate

SHORT = 300
"""The longest message a refusal may have."""


class LyingInt(int):
    """A whole number that prints, compares and hashes as another one."""

    def __str__(self) -> str:
        return "8"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return "8"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__

    def __index__(self) -> int:
        return 8

    def __int__(self) -> int:
        return 8


class LyingStr(str):
    """Text that prints as other text."""

    def __str__(self) -> str:
        return "smart"

    def __format__(self, spec: str) -> str:
        return "smart"

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def refused(call, *, pattern: str = "", seconds: float = 5.0) -> str:
    """The message of the RulesError ``call()`` raises, checked to be short and quick."""
    start = time.perf_counter()
    with pytest.raises(RulesError) as info:
        call()
    took = time.perf_counter() - start
    text = str(info.value)
    assert took < seconds, f"refused only after {took:.1f} s"
    assert len(text) <= SHORT, f"a {len(text):,}-character message: {text[:200]}…"
    assert re.search(pattern, text), text
    return text


# -- runs that cannot finish ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", [True, False])
def test_more_deals_than_a_run_plays_are_refused_at_once(mode: bool) -> None:
    text = refused(lambda: simulate("sevens", deals=10 ** 12, aggregate=mode),
                   pattern="100,000,000")
    assert "1000000000000" in text
    text = refused(lambda: simulate("sevens", deals=10 ** 5000, aggregate=mode),
                   pattern="5,001 digits.*100,000,000")
    assert "99999" not in text and "00000000000" not in text
    refused(lambda: simulate("sevens", deals=MAX_DEALS + 1, aggregate=mode),
            pattern="at most 100,000,000")


def test_compare_rules_refuses_more_deals_than_a_run_plays() -> None:
    refused(lambda: compare_rules("sevens", "sevens", deals=10 ** 12), pattern="100,000,000")
    refused(lambda: compare_rules("badam-satti", "badam-satti+flat_10", deals=10 ** 5000),
            pattern="digits")


def test_a_frame_larger_than_the_free_memory_is_refused_before_the_first_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    monkeypatch.setattr(simulation, "available_memory", lambda: 8 << 20)  # 8 MiB free
    # 100,000 deals × 4 seats need about 24 MB: refused, without playing a chunk
    text = refused(lambda: simulate("sevens", deals=100_000,
                                    progress=lambda d, t: played.append(d)),
                   pattern=r"100,000 deals × 4 seats needs about \d+ MB")
    assert "aggregate=True" in text and "free" in text and played == []
    # the same run with running sums only has no such bound
    assert simulate("sevens", deals=2_000, aggregate=True).deals == 2_000
    # where the free memory is not known, a fixed bound stands in for it
    monkeypatch.setattr(simulation, "available_memory", lambda: None)
    big = simulation.UNKNOWN_MEMORY // (simulation.FRAME_BYTES_PER_ROW * 4) + 1
    refused(lambda: simulate("sevens", deals=big), pattern="more than a run may take")
    assert len(simulate("sevens", deals=10)) == 40


def test_the_free_memory_is_read_on_this_machine() -> None:
    free = simulation.available_memory()
    assert free is None or free > 0


@pytest.mark.parametrize("profile", ["sevens", "badam-satti", "satti"])
def test_playout_batch_refuses_more_than_a_batch_before_building_anything(profile: str) -> None:
    rules = load_rules(profile)
    for seeds in (range(10 ** 12), range(10 ** 30), [0] * (MAX_BATCH + 1)):
        refused(lambda: rules.playout_batch(4, seeds, 0), pattern=f"at most {MAX_BATCH:,} deals")
    refused(lambda: rules.playout_batch(4, [1, 2], range(10 ** 12)),
            pattern=f"dealers: .* longer than {MAX_BATCH:,}")
    # a batch of ordinary size still plays, and gives what one playout gives
    rows = rules.playout_batch(4, [5, 6], [0, 1])
    assert rows[1] == rules.playout(players=4, seed=6, dealer=1).rows


@pytest.mark.parametrize("game", ["badugi", "sevens", "satti"])
def test_a_column_batch_refuses_more_than_a_batch(game: str) -> None:
    rules = load_rules(game)
    batch = simulation._BATCHES[game]
    refused(lambda: batch(rules, 4, range(10 ** 12), range(10 ** 12), ["random"] * 4),
            pattern=f"longer than {MAX_BATCH:,}")


def test_a_chunk_larger_than_a_batch_is_refused() -> None:
    refused(lambda: simulate("sevens", deals=10, chunk=10 ** 9),
            pattern=f"chunk=1000000000 is too many: expected at most {simulation.MAX_CHUNK_ASKED:,}")
    refused(lambda: simulate("sevens", deals=10, chunk=10 ** 5000), pattern="digits")


# -- every argument, a built-in value checked first ---------------------------------------------
@pytest.mark.parametrize("name", ["deals", "players", "chunk", "workers"])
@pytest.mark.parametrize("bad", [True, False, 2.0, math.nan, math.inf, "4", b"4", [4], None])
def test_numbers_must_be_whole_numbers(name: str, bad: object) -> None:
    if bad is None and name in ("chunk", "workers"):
        return  # None is their default: the engine's plan, one worker per core
    args = {"deals": 5, name: bad}
    refused(lambda: simulate("satti", **args), pattern=re.escape(name) + "|players")


def test_numbers_that_lie_are_read_as_the_number_they_hold() -> None:
    honest = simulate("satti", players=3, deals=7, seed=5, chunk=3, aggregate=True)
    lying = simulate("satti", players=LyingInt(3), deals=LyingInt(7), seed=LyingInt(5),
                     chunk=LyingInt(3), workers=LyingInt(1), aggregate=True)
    assert lying == honest and lying.deals == 7 and lying.players == 3
    assert type(lying.seed) is int and lying.seed == 5 and type(lying.players) is int
    frame = simulate("satti", players=LyingInt(3), deals=LyingInt(4), seed=LyingInt(5))
    pd.testing.assert_frame_equal(frame, simulate("satti", players=3, deals=4, seed=5))
    pair = compare_rules("satti", "satti", deals=LyingInt(6), seed=LyingInt(5),
                         players=LyingInt(3))
    assert pair.deals == 6 and type(pair.seed) is int and pair.seed == 5


def test_names_that_lie_are_read_as_the_text_they_hold() -> None:
    summary = simulate("sevens", deals=4, bots=[LyingStr("random")] * 4, seed=LyingStr("a"),
                       aggregate=True)
    assert summary == simulate("sevens", deals=4, bots="random", seed="a", aggregate=True)
    assert all(type(b) is str for b in summary.bots) and type(summary.seed) is str
    assert summary.bots == ("random",) * 4
    refused(lambda: simulate("sevens", deals=4, bots=LyingStr("nobody")), pattern="nobody")


@pytest.mark.parametrize("bad", ["yes", 1, 0, None, np.bool_(True)])
def test_aggregate_is_exactly_true_or_false(bad: object) -> None:
    refused(lambda: simulate("satti", deals=5, aggregate=bad), pattern="aggregate=.*True or False")


@pytest.mark.parametrize("client", ["nonsense", "nonsense here", "", "x" * 5000, "tcp://",
                                    True, 1, 2.5, b"tcp://127.0.0.1:8786"])
def test_a_client_that_is_neither_a_client_nor_an_address(client: object) -> None:
    text = refused(lambda: simulate("satti", deals=5, client=client),
                   pattern="expected a dask.distributed Client or a scheduler address")
    assert "ValueError" not in text


def test_an_object_that_is_no_client() -> None:
    pytest.importorskip("distributed", reason="the 'dist' extra (dask.distributed) is missing")
    refused(lambda: simulate("satti", deals=5, client=object()), pattern="expected a dask")
    refused(lambda: compare_rules("satti", "satti", deals=5, client=[1]), pattern="expected a dask")


def test_bots_are_names_or_none() -> None:
    refused(lambda: simulate("satti", deals=5, bots=["random"] * 10 ** 6),
            pattern="1,000,000 computer players were given for 4 seats")
    refused(lambda: simulate("satti", deals=5, bots="x" * 5000), pattern="characters")
    refused(lambda: simulate("satti", deals=5, bots=7), pattern="bots=7")
    refused(lambda: simulate("satti", deals=5, bots={"random"}), pattern="bots=")


# -- summarize and summary_of -------------------------------------------------------------------
@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return simulate("satti", deals=20, seed=1)


@pytest.mark.parametrize("change, pattern", [
    (lambda f: f.assign(won="x"), r"column 'won' holds 'str' values, not numbers"),
    (lambda f: f.assign(points=np.nan), r"column 'points' has missing or infinite values"),
    (lambda f: f.assign(turns=np.inf), r"column 'turns' has missing or infinite values"),
    (lambda f: f.assign(place=None), r"column 'place' holds"),
    (lambda f: f.assign(seat=f["seat"][::-1].to_numpy()), r"'seat' column is not 0 to 3"),
    (lambda f: f.assign(seat="a"), r"column 'seat' holds"),
    (lambda f: f.assign(seat=f["seat"] * 1.5), r"column 'seat' holds"),
    (lambda f: f.iloc[:-1], r"'seat' column is not 0 to 3"),
    (lambda f: f.drop(columns="turns"), r"no column\(s\) 'turns'"),
])
def test_summarize_refuses_what_is_not_a_simulate_frame(frame, change, pattern) -> None:
    bad = change(frame.copy())
    refused(lambda: summarize(bad), pattern="summarize.*" + pattern)
    refused(lambda: summary_of(bad, "satti"), pattern="summary_of.*" + pattern)


def test_summary_of_a_frame_of_another_game_says_what_is_missing() -> None:
    sevens = simulate("sevens", deals=5, seed=1)
    refused(lambda: summary_of(sevens, "satti"), pattern="no column.*'penalty_cards'")
    refused(lambda: summarize(42), pattern="summarize needs a simulate")


def test_summarize_still_reads_a_good_frame(frame) -> None:
    table = summarize(frame)
    assert list(table["group"])[-1] == "all" and int(table["rows"].iloc[-1]) == 80
    assert summary_of(frame, "satti").deals == 20


# -- words a learner reads ------------------------------------------------------------------------
def test_a_comparison_of_no_deals_is_refused_in_words() -> None:
    text = refused(lambda: compare_rules("sevens", "sevens", deals=0),
                   pattern="a comparison needs at least one deal")
    assert "nan" not in text


def _no_number_words(sentences: list[str]) -> None:
    for sentence in sentences:
        assert not re.search(r"\b(nan|inf|infinity)\b", sentence, re.IGNORECASE), sentence
        assert "+0;" not in sentence and "by +" not in sentence, sentence


def test_no_sentence_says_nan_or_inf() -> None:
    rules = load_rules("badam-satti")
    empty = Comparison(rules, rules.with_options(flat_10=True), 4, ["random"] * 4, 0,
                       paired_moments(rules, rules.with_options(flat_10=True), 4,
                                      ["random"] * 4, {}, {}, 0))
    assert empty.deals == 0
    _no_number_words(empty.sentences())
    assert empty.sentences()[-1] == "No deals were played."
    one = compare_rules(rules, rules.with_options(flat_10=True), deals=1, seed=3)
    _no_number_words(one.sentences())
    assert any("on the one deal played; too few deals for an interval." in s
               for s in one.sentences())
    for value in (math.nan, math.inf, -math.inf):
        for m in MEASURES:
            for est in (Estimate(value, None, None, 3), Estimate(value, value, value, 3),
                        Estimate(0.5, value, value, 3), Estimate(0.0, None, None, 1)):
                _no_number_words([paired_sentence("Aces high", m, "seat 0", est)])


def test_an_empty_summary_says_so() -> None:
    summary = simulate("sevens", deals=0, aggregate=True)
    html = summary._repr_html_()
    assert "No deals" in html and "nan" not in html.lower()


# -- stopping a run ---------------------------------------------------------------------------------
def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def _gone(pids: list[int], seconds: float = 10.0) -> list[int]:
    """The pids still alive after waiting up to ``seconds`` for them to end."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and any(_alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if _alive(p)]


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")


@needs_proc
def test_ctrl_c_during_a_pooled_run_ends_it_and_its_workers() -> None:
    seen: list[int] = []
    timer: list[threading.Timer] = []

    def progress(done: int, total: int) -> None:
        if not timer:  # Ctrl-C a moment later, while both workers play a chunk
            seen.extend(simulation.worker_pids())
            timer.append(threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)))
            timer[0].start()

    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        simulate("sevens", deals=1_000_000, bots="smart", chunk=500, workers=2,
                 aggregate=True, progress=progress)
    took = time.perf_counter() - start
    assert len(seen) == 2
    assert _gone(seen) == [], "worker processes were left running"
    assert took < 30 and simulation.worker_pids() == []
    # the next run starts new workers and gives the same numbers as ever
    again = simulate("satti", deals=300, seed=3, workers=2, chunk=50, aggregate=True)
    assert again == simulate("satti", deals=300, seed=3, aggregate=True)
    simulation.shutdown_pool()


@needs_proc
def test_a_progress_report_that_stops_a_pooled_run_stops_its_workers() -> None:
    class Stop(Exception):
        pass

    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.extend(simulation.worker_pids())
        raise Stop

    start = time.perf_counter()
    with pytest.raises(Stop):
        compare_rules("sevens", "sevens", deals=1_000_000, bots="smart", chunk=500,
                      workers=2, progress=progress)
    assert seen and _gone(seen) == [] and time.perf_counter() - start < 30
    simulation.shutdown_pool()


def test_ctrl_c_in_one_process_goes_on_at_once() -> None:
    calls: list[int] = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("satti", deals=MAX_DEALS, aggregate=True, progress=progress)
    assert calls == [1_000]


def test_refusals_are_engine_errors() -> None:
    # every refusal above is a RulebookError (a ValueError), never a bare one
    assert issubclass(RulesError, RulebookError) and issubclass(RulesError, ValueError)
