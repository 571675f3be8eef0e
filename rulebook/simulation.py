"""Many deals at once, at any size: :func:`simulate` plays deals in chunks on each game's fast
playout path, in this process, in a pool of processes, or on a Dask cluster; :func:`summarize`
turns the result into the variant lab's summary table.

Every game's rules object offers ``playout(players, seed, dealer, bots, record)`` — one deal
played on compact values with the same rule functions the immutable states use — and may
offer ``playout_batch(players, seeds, dealers, bots)`` for many deals at once.  A game may
also register a *column batch* (:func:`register_batch`): many deals at once straight into
numpy columns, which is how the games with a batch play all-``random`` tables.
This module only checks the arguments, cuts the run into chunks, sends them out, reports
progress and gathers the columns.  It holds no rule of any game.

Deal ``k`` of ``simulate(rules, players, deals, bots, seed)`` is exactly
``autoplay(rules.new_deal(players, deal_seed(seed, k), k % players), bots, deal_seed(seed,
k))``: the seed of deal ``k`` is ``derived_seed(seed, "simulate", k)`` and the dealer moves
one seat to the left each deal, starting at seat 0.  Seeds are derived chunk by chunk, where
the chunk is played, so the first progress report comes after the first chunk, whatever the
length of the run.  Because deal ``k`` depends only on ``(rules, players, bots, seed, k)``,
the result is the same for every chunk size, every number of worker processes and on a
cluster; the summary statistics are exact integer sums (:class:`~rulebook.stats.Moments`),
so they do not depend on the order chunks finish in either.

Memory: the DataFrame keeps its columns in compact dtypes (about 35 bytes per deal and seat);
with ``aggregate=True`` nothing per deal is kept at all, so a run of any length takes the
same memory.  pandas and numpy are imported when :func:`simulate` is called, dask only when
a ``client`` is given: never at ``import rulebook``.
"""
from __future__ import annotations

import atexit
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import islice
from typing import Any

from .errors import RulesError, check_seed, quoted
from .fastrandom import derived_seeds
from .measures import SUMMARY_COLUMNS
from .protocol import BOTS, bot_list, derived_seed, make_bot
from .rules import RulesBase, load_rules, parse_ruleset

__all__ = ["simulate", "summarize", "deal_seed", "deal_seeds", "deal_dealers", "bot_names",
           "chunk_plan", "register_batch", "play_columns", "deal_masks", "next_seat_where",
           "nth_bit_masks", "seat_places", "COLUMNS", "SUMMARY_COLUMNS", "CHUNK", "MAX_CHUNK",
           "DIST_EXTRA"]

CHUNK = 1_000
"""The first chunk's deals (unless fewer are asked); later chunks grow fourfold up to
MAX_CHUNK."""

MAX_CHUNK = 20_000
"""The most deals in one chunk: big enough for the numpy batches to run at full speed, small
enough that a progress report comes every second or so and a chunk's columns stay small."""

COLUMNS: tuple[str, ...] = ("deal", "seed", "dealer", "seat", "bot", "place", "won", "points",
                            "passes", "turns")
"""The columns every game's simulation frame starts with; game extras follow them."""


DIST_EXTRA = 'pip install "rulebook-explorer[dist]"'
"""How a user installs what a Dask cluster run needs."""

DTYPES: dict[str, str] = {"deal": "int32", "seed": "uint64", "dealer": "int8", "seat": "int8",
                          "place": "int8", "won": "bool", "points": "int32",
                          "passes": "int32", "turns": "int32"}
"""The compact dtype of each contract column (``bot`` is categorical); game extras are
``bool`` or ``int32`` (wider only if a value needs it)."""


def deal_seed(seed: int | str, k: int) -> int:
    """The seed of simulated deal ``k``."""
    return derived_seed(seed, "simulate", k)


def deal_seeds(seed: int | str, deals: int, start: int = 0) -> list[int]:
    """The seeds of simulated deals ``start .. start + deals - 1`` (each is
    ``derived_seed(seed, "simulate", k)``, computed here without the per-call overhead)."""
    return derived_seeds([f"{seed}/simulate/{k}" for k in range(start, start + deals)])


def deal_dealers(players: int, deals: int, start: int = 0) -> list[int]:
    """The dealer of each simulated deal: seat 0 first, then one seat to the left each deal."""
    return [k % players for k in range(start, start + deals)]


def bot_names(game: str) -> list[str]:
    """The names of the computer players registered for ``game`` (``rules.game``), sorted,
    ``random`` first.  Load a ruleset of the game first so its bots are registered."""
    return sorted((n for g, n in BOTS if g == game), key=lambda n: (n != "random", n))


def chunk_plan(deals: int, chunk: int | None = None,
               workers: int = 1) -> Iterator[tuple[int, int]]:
    """The chunks of a run as ``(start, count)``: ``chunk`` deals each, or by default
    :data:`CHUNK` deals first, then four times as many each time up to :data:`MAX_CHUNK`
    (a quick first progress report, then chunks big enough for the batches' full speed).

    >>> list(chunk_plan(30_000))
    [(0, 1000), (1000, 4000), (5000, 16000), (21000, 9000)]
    >>> list(chunk_plan(5, chunk=2))
    [(0, 2), (2, 2), (4, 1)]

    With several ``workers`` the chunks stay below a quarter of each worker's share, so
    the work spreads evenly: ``list(chunk_plan(100_000, workers=2))`` has chunks of at most
    12,500 deals.
    """
    start = 0
    most = MAX_CHUNK if workers <= 1 else min(MAX_CHUNK, max(CHUNK, -(-deals // (4 * workers))))
    size = chunk if chunk is not None else min(CHUNK, most)
    while start < deals:
        count = min(size, deals - start)
        yield start, count
        start += count
        if chunk is None:
            size = min(size * 4, most)


# -- column batches registered by the games ---------------------------------------------------
BatchFn = Callable[[RulesBase, int, Sequence[int], Sequence[int], Sequence[str]],
                   "Mapping[str, Any] | None"]
_BATCHES: dict[str, BatchFn] = {}


def register_batch(game: str, batch: BatchFn) -> None:
    """Register ``game``'s column batch: ``batch(rules, players, seeds, dealers, names)``
    plays ``len(seeds)`` deals and returns their columns as numpy arrays (one entry per
    deal and seat, deal by deal, seats in order: ``place, won, points, passes, turns`` and
    the game's extras), or ``None`` when it cannot play these deals (then the game's
    ``playout_batch`` or ``playout`` plays them).  It must give exactly what ``playout``
    gives, deal for deal."""
    _BATCHES[game] = batch


def deal_masks(cards: Any, dealers: Sequence[int] | Any, players: int) -> Any:
    """The hands of many deals as uint64 card masks (deals × seats): ``cards[d, i]`` goes to
    seat ``(dealers[d] + 1 + i) % players``, one card at a time from the dealer's left."""
    import numpy as np

    u = np.uint64
    seat_of = (np.asarray(dealers, dtype=np.int64)[:, None] + 1
               + np.arange(cards.shape[1])[None, :]) % players
    bits = np.left_shift(u(1), np.asarray(cards).astype(u))
    return np.stack([np.bitwise_or.reduce(np.where(seat_of == s, bits, u(0)), axis=1)
                     for s in range(players)], axis=1)


def nth_bit_masks(masks: Any, k: Any) -> Any:
    """The ``k``-th lowest set bit (from 0) of each uint64 mask, alone in its mask (0 where
    the mask has ``k`` bits or fewer)."""
    import numpy as np

    one = np.uint64(1)
    for i in range(int(k.max(initial=0))):
        masks = np.where(k > i, masks & (masks - one), masks)
    return masks & (~masks + one)


def next_seat_where(seat: Any, players: int, want: Any) -> Any:
    """Per deal, the first seat clockwise after ``seat`` that ``want`` holds, else -1;
    ``want`` is a bit set of seats per deal, or a deals × seats array of booleans."""
    import numpy as np

    if np.ndim(want) == 2:
        want = (want.astype(np.int64) << np.arange(players)).sum(axis=1)
    out = np.full(seat.shape[0], -1, dtype=np.int64)
    for step in range(players, 0, -1):  # the nearest seat wins, so go from far to near
        cand = (seat + step) % players
        out = np.where((want >> cand) & 1, cand, out)
    return out


def seat_places(values: Any, winner: Any = None, higher: bool = False) -> Any:
    """Places 1.. from ``values`` (deals × seats), lowest first (``higher``: highest first),
    equal values sharing the better place; where ``winner`` (a seat per deal, -1 for none)
    names a seat, it is 1st and the others start at 2nd."""
    import numpy as np

    theirs, mine = values[:, None, :], values[:, :, None]
    better = theirs > mine if higher else theirs < mine  # [d, s, t]: seat t beats seat s
    if winner is not None:
        is_winner = np.arange(values.shape[1])[None, :] == winner[:, None]
        better = np.where(is_winner[:, None, :], True, better)  # the winner beats everyone
        better = np.where(is_winner[:, :, None], False, better)  # and nobody beats it
    return 1 + better.sum(axis=2)


def play_columns(rules: RulesBase, players: int, seeds: Sequence[int], dealers: Sequence[int],
                 bots: Sequence[str] | str | None) -> dict[str, Any]:
    """Play the deals of ``seeds``/``dealers`` and return the game's columns (numpy arrays,
    ``len(seeds) * players`` entries, deal by deal) in compact dtypes, without
    ``deal, seed, dealer, seat, bot``."""
    import numpy as np

    names = bot_list(bots, players)
    batch = _BATCHES.get(rules.game)
    got = batch(rules, players, seeds, dealers, names) if batch is not None else None
    if got is None:
        playout_batch = getattr(rules, "playout_batch", None)
        if playout_batch is not None:
            per_deal = playout_batch(players, list(seeds), list(dealers), bots)
        else:
            per_deal = [rules.playout(players=players, seed=s, dealer=d, bots=bots).rows
                        for s, d in zip(seeds, dealers)]
        got = _rows_to_columns(per_deal, players)
    return {name: _compact(name, np.asarray(values)) for name, values in got.items()
            if name not in ("seat", "bot", "deal", "seed", "dealer")}


def _rows_to_columns(per_deal: Sequence[Sequence[Mapping[str, Any]]],
                     players: int) -> dict[str, list[Any]]:
    if not per_deal:
        return {}
    keys = [k for k in per_deal[0][0] if k not in ("seat", "bot")]
    flat = [row for deal in per_deal for row in deal]
    if len(flat) != len(per_deal) * players:  # pragma: no cover - a playout breaking the contract
        raise RulesError("a playout gave the wrong number of seat rows")
    return {k: [row[k] for row in flat] for k in keys}


def _compact(name: str, values: Any) -> Any:
    """``values`` in the column's compact dtype (a wider one only if a value needs it)."""
    import numpy as np

    want = DTYPES.get(name, "int32")
    if values.dtype == np.bool_ or want == "bool":
        return values.astype(np.bool_)
    info = np.iinfo(want)
    if values.size and (int(values.min()) < info.min or int(values.max()) > info.max):
        want = "int64"
    return values.astype(want)


# -- chunk tasks: the unit of work sent to this process, a worker process or a cluster --------
@dataclasses.dataclass(frozen=True)
class ChunkTask:
    """One chunk of a run: everything a process needs to play it and reduce it."""

    rules: str
    """The ruleset as JSON (``rules.to_json()``), loaded again where the chunk runs."""
    players: int
    bots: tuple[str, ...]
    seed: int | str
    start: int
    count: int
    mode: str
    """``"frame"`` (columns), ``"summary"`` (moments) or ``"paired"`` (moments of two)."""
    rules_b: str | None = None


@dataclasses.dataclass
class ChunkFrame:
    """A chunk's seeds and columns (mode ``"frame"``)."""

    start: int
    seeds: Any
    columns: dict[str, Any]


@lru_cache(maxsize=16)
def _rules_from_json(text: str) -> RulesBase:
    data = json.loads(text)
    return load_rules(data["profile"], **data["options"])


def rules_json(rules: RulesBase) -> str:
    """The ruleset as JSON that another process loads back to the same rules."""
    text = json.dumps(rules.to_json(), sort_keys=True)
    try:
        same = _rules_from_json(text).to_json() == rules.to_json()
    except Exception:  # a ruleset that is not a loadable profile
        same = False
    if not same:
        raise RulesError(f"{rules.label()}: this ruleset cannot be loaded from its profile id "
                         f"and options, so it cannot be sent to other processes; run it with "
                         f"workers=1 and no client")
    return text


@lru_cache(maxsize=None)
def _tune_malloc_in_dask_worker() -> None:
    """Undo, once per Dask worker process, the allocator setting Dask gives its workers.

    A Dask nanny starts each worker with ``MALLOC_TRIM_THRESHOLD_=65536``, which also fixes
    glibc's mmap threshold at 128 KiB: every numpy temporary of a batch is then mapped and
    unmapped anew, and a chunk takes about three times the CPU it takes elsewhere (measured
    with ``bench/bench_simulate_workers.py``).  glibc's usual thresholds come back with
    ``mallopt``; memory is still returned to the system, in larger steps.
    """
    if "distributed" not in sys.modules or os.environ.get("MALLOC_TRIM_THRESHOLD_") != "65536":
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD: blocks below 32 MiB from the heap
        libc.mallopt(-1, 64 << 20)  # M_TRIM_THRESHOLD: give memory back above 64 MiB free
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass


def run_chunk(task: ChunkTask, rules: RulesBase | None = None,
              rules_b: RulesBase | None = None) -> Any:
    """Play one chunk and reduce it as its mode asks (runs in any process)."""
    _tune_malloc_in_dask_worker()
    if rules is None:
        rules = _rules_from_json(task.rules)
    seeds = deal_seeds(task.seed, task.count, task.start)
    dealers = deal_dealers(task.players, task.count, task.start)
    columns = play_columns(rules, task.players, seeds, dealers, list(task.bots))
    if task.mode == "frame":
        import numpy as np

        return ChunkFrame(task.start, np.array(seeds, dtype=np.uint64), columns)
    from .experiments import paired_moments, summary_moments

    if task.mode == "summary":
        return summary_moments(rules, task.players, list(task.bots), columns, task.count)
    if rules_b is None:
        assert task.rules_b is not None
        rules_b = _rules_from_json(task.rules_b)
    columns_b = play_columns(rules_b, task.players, seeds, dealers, list(task.bots))
    return paired_moments(rules, rules_b, task.players, list(task.bots), columns, columns_b,
                          task.count)


# -- checking the arguments -------------------------------------------------------------------
MAX_WORKERS = 256
"""The most worker processes one run may start."""


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else (os.cpu_count() or 1)


def _whole(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RulesError(f"{name}={quoted(value)}: expected a whole number, {minimum} or more")
    return value


def _check_bots(rules: RulesBase, bots: Sequence[str] | str | None, players: int) -> None:
    """Unknown names or a wrong count raise RulesError before any deal is played."""
    if bots is None:
        return
    names = [bots] * players if isinstance(bots, str) else bots
    listed = f"names for {rules.game}: {', '.join(bot_names(rules.game))}"
    if not isinstance(names, Sequence):
        raise RulesError(f"bots={quoted(bots)}: expected a computer player's name, a list of names "
                         f"(one per seat) or None; {listed}")
    if len(names) != players:
        raise RulesError(f"{len(names)} computer players were given for {players} seats: "
                         f"expected one name per seat or one name for all")
    for name in names:
        if not isinstance(name, str):
            raise RulesError(f"bots: {quoted(name)} is not a computer player's name; {listed}")
        make_bot(rules.game, name)  # RulesError naming the valid players


def check_run(rules: RulesBase | str, players: Any, deals: Any, bots: Any, seed: Any,
              progress: Any, chunk: Any, workers: Any, client: Any) -> tuple[RulesBase, int]:
    """Check a run's arguments (RulesError before any deal); returns the rules and workers."""
    if isinstance(rules, str):
        rules = parse_ruleset(rules)  # a profile id, or "profile+option" text
    if not isinstance(rules, RulesBase):
        raise RulesError(f"rules={quoted(rules)}: expected a rules object or a profile id")
    _whole("deals", deals, 0)
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players={quoted(players)}: expected a whole number of players")
    check_seed(seed, RulesError)
    if progress is not None and not callable(progress):
        raise RulesError(f"progress={quoted(progress)}: expected a function progress(done, total)")
    if chunk is not None:
        _whole("chunk", chunk, 1)
    if workers is None:
        workers = _cores()
    elif _whole("workers", workers, 1) > MAX_WORKERS:
        raise RulesError(f"workers={quoted(workers)}: expected at most {MAX_WORKERS} worker "
                         f"processes (this machine has {_cores()} cores)")
    if client is not None and workers != 1:
        raise RulesError(f"workers={workers} and a client were both given: a run goes to a "
                         f"process pool (workers) or to a Dask cluster (client), not both")
    rules.new_deal(players, 0, 0)  # the game's check of players
    _check_bots(rules, bots, players)
    return rules, workers


# -- running the chunks -------------------------------------------------------------------------
def execute(tasks: Iterator[ChunkTask], local: Callable[[ChunkTask], Any], workers: int,
            client: Any, on_result: Callable[[ChunkTask, Any], None]) -> None:
    """Run every task — here (``workers == 1``), in a process pool, or on a Dask cluster —
    and call ``on_result(task, result)`` for each as it finishes (in any order)."""
    if client is not None:
        _run_on_dask(tasks, client, on_result)
    elif workers == 1:
        for task in tasks:
            on_result(task, local(task))
    else:
        _run_in_pool(tasks, workers, on_result)


_POOL: list[Any] = []
"""The cached process pool as ``[workers, executor]`` (reused by later runs)."""


def _pool(workers: int) -> Any:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if _POOL and _POOL[0] == workers:
        return _POOL[1]
    shutdown_pool()
    context: Any
    if "forkserver" in multiprocessing.get_all_start_methods():
        # Workers forked from a small server that has loaded the engine: no copy of the
        # caller's threads or memory (safe in Jupyter), and no start-up import per task.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["numpy", "rulebook.simulation", "rulebook.experiments"])
    else:  # pragma: no cover - Windows
        context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    atexit.unregister(shutdown_pool)  # registered once however many pools were started
    atexit.register(shutdown_pool)  # stop the workers before the interpreter tears down
    _POOL[:] = [workers, executor]
    return executor


def shutdown_pool() -> None:
    """Stop the cached worker processes (a later run with ``workers`` starts new ones)."""
    if _POOL:
        _POOL[1].shutdown(wait=True, cancel_futures=True)
        _POOL.clear()


def _run_in_pool(tasks: Iterator[ChunkTask], workers: int,
                 on_result: Callable[[ChunkTask, Any], None]) -> None:
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    executor = _pool(workers)
    pending: dict[Any, ChunkTask] = {}

    def drain(most: int) -> None:
        while len(pending) > most:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                on_result(pending.pop(future), future.result())

    try:
        for task in tasks:
            pending[executor.submit(run_chunk, task)] = task
            drain(2 * workers - 1)
        drain(0)
    except BrokenProcessPool:
        _POOL.clear()
        raise RuntimeError("a worker process stopped during the simulation (out of memory?); "
                           "run again, with fewer workers or smaller chunks") from None
    except BaseException:
        for future in pending:
            future.cancel()
        raise


def _run_on_dask(tasks: Iterator[ChunkTask], client: Any,
                 on_result: Callable[[ChunkTask, Any], None]) -> None:
    try:
        import distributed as dask_distributed
    except ImportError:
        raise RulesError(f"client={quoted(client)}: running on a Dask cluster needs dask.distributed; "
                         f"install it with {DIST_EXTRA}") from None
    distributed: Any = dask_distributed
    own = isinstance(client, str)
    if own:
        client = distributed.Client(client)
    elif not isinstance(client, distributed.Client):
        raise RulesError(f"client={quoted(client)}: expected a dask.distributed Client or a "
                         f"scheduler address such as 'tcp://10.0.0.5:8786'")
    try:
        queue = distributed.as_completed()
        owner: dict[str, ChunkTask] = {}

        def submit(most: int) -> None:
            for task in islice(tasks, most):
                future = client.submit(run_chunk, task, pure=False)
                owner[future.key] = task
                queue.add(future)

        submit(2 * (int(sum(client.nthreads().values())) or 1))  # two chunks per thread
        for future in queue:
            task = owner.pop(future.key)
            result = future.result()
            future.release()
            on_result(task, result)
            submit(1)
    finally:
        if own:
            client.close()


# -- simulate ------------------------------------------------------------------------------------
def simulate(rules: RulesBase | str, players: int = 4, deals: int = 10_000,
             bots: Sequence[str] | str | None = None, seed: int | str = 0,
             progress: Callable[[int, int], Any] | None = None, *,
             aggregate: bool = False, chunk: int | None = None, workers: int | None = 1,
             client: Any = None) -> Any:
    """Play ``deals`` deals with computer players and return one DataFrame row per deal and
    seat, or with ``aggregate=True`` only their summary statistics.

    ``rules`` is a rules object, a profile id or a ruleset written as
    ``"profile+option"``; ``bots`` one bot name for every seat, a
    list of names per seat, or ``None`` for random players; the dealer moves one seat left
    each deal.  ``progress(done, total)`` is called with increasing ``done`` after every
    chunk of deals and last with ``(deals, deals)``.  The same arguments always give the same
    result, whatever ``chunk``, ``workers`` or ``client``.  Bad arguments (an unknown ruleset
    or bot, a wrong number of bots or players, a negative number of deals) raise
    :class:`~rulebook.errors.RulesError` before any deal.

    ``chunk`` deals are played between progress reports (default: 1,000 first, then 4,000,
    16,000 and 20,000 each; see :func:`chunk_plan`).  ``workers=N`` plays the chunks in N worker
    processes (``None``: one per core of this machine).  ``client`` (a
    ``dask.distributed.Client``, or a scheduler address) plays them on a Dask cluster;
    every worker needs ``rulebook`` installed.  ``aggregate=True`` keeps only running sums:
    it returns a :class:`~rulebook.experiments.Summary` (win rates, means and design
    measures with 95% intervals) in the same memory for any number of deals.

    Columns: ``deal, seed, dealer, seat, bot, place, won, points, passes, turns`` (see
    :data:`COLUMNS`) and any game-specific columns the game's playout adds, in compact
    dtypes (``bot`` is categorical).

    >>> frame = simulate("satti", players=3, deals=5, seed=1)
    >>> len(frame), list(frame.columns[:10]) == list(COLUMNS)
    (15, True)
    """
    rules, workers = check_run(rules, players, deals, bots, seed, progress, chunk, workers,
                               client)
    if not isinstance(aggregate, bool):
        raise RulesError(f"aggregate={quoted(aggregate)}: expected True or False")
    names = tuple(bot_list(bots, players))
    results = run_chunks(rules, None, players, deals, names, seed, progress, chunk, workers,
                         client, "summary" if aggregate else "frame")
    if aggregate:
        from .experiments import Summary, summary_moments

        moments = results[0] if results else summary_moments(rules, players, list(names),
                                                             None, 0)
        return Summary(rules, players, names, seed, moments)
    return _frame(rules, players, deals, names, results)


def run_chunks(rules: RulesBase, rules_b: RulesBase | None, players: int, deals: int,
               names: tuple[str, ...], seed: int | str, progress: Callable[[int, int], Any] | None,
               chunk: int | None, workers: int, client: Any, mode: str) -> list[Any]:
    """Play a checked run (see :func:`check_run`) chunk by chunk in ``mode`` (see
    :class:`ChunkTask`), reporting progress: the :class:`ChunkFrame` of every chunk, or
    (modes ``"summary"`` and ``"paired"``) one Moments holding every chunk's sums (none
    when there were no deals)."""
    remote = workers != 1 or client is not None
    texts = [rules_json(r) if remote and r is not None else "" for r in (rules, rules_b)]
    tasks = (ChunkTask(texts[0], players, names, seed, start, count, mode, texts[1])
             for start, count in chunk_plan(deals, chunk, _spread(workers, client)))
    results: list[Any] = []
    done = [0]

    def collect(task: ChunkTask, result: Any) -> None:
        if mode == "frame" or not results:
            results.append(result)
        else:
            results[0].add(result)
        done[0] += task.count
        if progress is not None:
            progress(done[0], deals)

    execute(tasks, lambda t: run_chunk(t, rules, rules_b), workers, client, collect)
    if progress is not None and deals == 0:
        progress(0, 0)
    return results


def _spread(workers: int, client: Any) -> int:
    """How many processes share the chunks (for :func:`chunk_plan`)."""
    if client is None:
        return workers
    try:
        return max(1, int(sum(client.nthreads().values())))
    except Exception:  # an address string: the cluster's size is not known yet
        return 4


def _frame(rules: RulesBase, players: int, deals: int, names: Sequence[str],
           chunks: list[ChunkFrame]) -> Any:
    import numpy as np
    import pandas as pd

    categories = sorted(set(names))
    codes = np.array([categories.index(n) for n in names], dtype=np.int8)
    rows = deals * players
    seeds = np.empty(deals, dtype=np.uint64)
    columns: dict[str, Any] = {} if chunks else {c: np.empty(0, dtype=DTYPES[c])
                                                 for c in COLUMNS[5:]}
    for part in chunks:
        count = len(part.seeds)
        seeds[part.start:part.start + count] = part.seeds
        lo, hi = part.start * players, (part.start + count) * players
        for name, values in part.columns.items():
            if name not in columns:
                columns[name] = np.empty(rows, dtype=values.dtype)
            elif np.result_type(columns[name], values) != columns[name].dtype:
                columns[name] = columns[name].astype(np.result_type(columns[name], values))
            columns[name][lo:hi] = values
    deal_index = np.arange(deals, dtype=np.int64 if deals >= 2**31 else np.int32)
    data: dict[str, Any] = {
        "deal": np.repeat(deal_index, players),
        "seed": np.repeat(seeds, players),
        "dealer": np.repeat((deal_index % players).astype(np.int8), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), deals),
        "bot": pd.Categorical.from_codes(np.tile(codes, deals), categories=categories),
    }
    missing = [c for c in COLUMNS[5:] if c not in columns]
    if missing:  # pragma: no cover - a game's playout breaking the contract
        raise RulesError(f"the {rules.game} playout gave no column(s) {', '.join(missing)}")
    data.update((name, columns.pop(name)) for name in COLUMNS[5:])
    data.update(columns)  # the game's extras, in the order the playout gave them
    return pd.DataFrame(data, copy=False)


def summarize(frame: Any) -> Any:
    """The variant lab's summary of a :func:`simulate` frame (or of the
    :class:`~rulebook.experiments.Summary` that ``aggregate=True`` returns), as a pandas
    DataFrame.

    One row per seat (``"seat 0"``, ...), one per computer player (``"bot random"``, ...)
    and one for everything (``"all"``), with the columns of :data:`SUMMARY_COLUMNS`:
    ``rows`` (seat-deals counted), ``win rate`` (share of them won; shared wins count for
    each winner), ``mean points`` (in the game's own terms: penalty points, chips, cards
    held or net chips), ``mean passes`` (passes, draws or folds), ``mean turns`` (moves in
    the whole deal: the round length) and ``mean place``.  For the same intervals and the
    design measures, see :meth:`rulebook.experiments.Summary.table`.

    >>> table = summarize(simulate("badugi", players=2, deals=4, seed=3))
    >>> list(table["group"])
    ['seat 0', 'seat 1', 'bot random', 'all']
    """
    import pandas as pd

    from .experiments import Summary

    if isinstance(frame, Summary):
        return frame.lab_table()
    if not isinstance(frame, pd.DataFrame):
        raise RulesError(f"summarize needs a simulate() frame or summary, not "
                         f"{type(frame).__name__}")
    measures = dict(zip(("won", "points", "passes", "turns", "place"), SUMMARY_COLUMNS[2:]))
    missing = [c for c in ("seat", "bot", *measures) if c not in frame.columns]
    if missing:
        raise RulesError(f"summarize needs a simulate() frame; it has no column(s) "
                         f"{', '.join(missing)}")
    if frame.empty:
        return pd.DataFrame({c: pd.Series(dtype={"group": "object", "rows": "int64"}
                                          .get(c, "float64")) for c in SUMMARY_COLUMNS})
    numeric = frame[list(measures)].astype("float64")
    parts = []
    for key in ("seat", "bot"):
        grouped = numeric.groupby(frame[key].astype(str) if key == "bot" else frame[key],
                                  sort=True)
        part = grouped.mean()
        part.insert(0, "rows", grouped.size())
        part.index = [f"{key} {k}" for k in part.index]
        parts.append(part)
    overall = numeric.mean().to_frame("all").T
    overall.insert(0, "rows", len(numeric))
    parts.append(overall)
    table = pd.concat(parts).rename(columns=measures)
    table["rows"] = table["rows"].astype("int64")
    table.index.name = "group"
    return table.reset_index()[list(SUMMARY_COLUMNS)]
