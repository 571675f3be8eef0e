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

Limits: a run is refused before its first deal (:class:`~rulebook.errors.RulesError`) when it
could not finish: more than :data:`MAX_DEALS` deals, a chunk over :data:`MAX_CHUNK_ASKED`
deals, or a DataFrame that would need more memory than this machine has free
(:data:`FRAME_BYTES_PER_ROW` per deal and seat; ``aggregate=True`` needs none of it).  A run
ends early when ``progress`` raises (the variant lab's Stop) or on Ctrl-C
(``KeyboardInterrupt``): the worker processes still playing a chunk are stopped, not left
running.
"""
from __future__ import annotations

import atexit
import dataclasses
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import islice
from typing import Any

from .errors import RulesError, check_seed, plain_int, plain_str, quoted
from .fastrandom import derived_seeds
from .measures import SUMMARY_COLUMNS, terms_for
from .stats import numpy_available
from .protocol import BOTS, bot_list, derived_seed, make_bot
from .rules import RulesBase, load_rules, parse_ruleset

__all__ = ["simulate", "summarize", "deal_seed", "deal_seeds", "deal_dealers", "bot_names",
           "chunk_plan", "register_batch", "play_columns", "deal_masks", "next_seat_where",
           "nth_bit_masks", "seat_places", "check_run", "check_batch_size", "check_frame_memory",
           "available_memory", "worker_pids", "shutdown_pool", "Run", "NeedsNumpy", "NEEDS_NUMPY",
           "numpy_available", "deal_rows", "MAX_ROWS_DEALS",
           "COLUMNS", "SUMMARY_COLUMNS", "CHUNK", "MAX_CHUNK", "MAX_CHUNK_ASKED", "MAX_DEALS",
           "MAX_BATCH", "FRAME_BYTES_PER_ROW", "DIST_EXTRA"]

CHUNK = 1_000
"""The first chunk's deals (unless fewer are asked); later chunks grow fourfold up to
MAX_CHUNK."""

MAX_CHUNK = 20_000
"""The most deals in one chunk: big enough for the numpy batches to run at full speed, small
enough that a progress report comes every second or so and a chunk's columns stay small."""

MAX_CHUNK_ASKED = 200_000
"""The largest ``chunk`` a run may ask for: a chunk's columns and its batch's working arrays
are all in memory at once."""

MAX_DEALS = 100_000_000
"""The most deals one :func:`simulate` or ``compare_rules`` run plays: about half an hour to
two hours with random players on one core, days with smart ones.  A run asking for more is
refused before its first deal; run it in parts with other seeds instead."""

MAX_BATCH = MAX_CHUNK_ASKED
"""The most deals one ``rules.playout_batch`` call (or a game's column batch) plays: a
playout batch returns a list of rows per deal (about 1.5 KB each), so 200,000 deals hold
about 300 MB.  It is the largest chunk a run may ask for; :func:`simulate` plays any
number of deals in chunks."""

FRAME_BYTES_PER_ROW = 64
"""The memory a DataFrame run needs per deal and seat while it is built: the frame's own
columns (about 35 bytes a row) and the chunks' columns they are copied from (measured with
``bench/bench_simulate_memory.py``: 58 bytes a row at the peak)."""

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
    names = bot_list(bots, players)
    if not numpy_available():  # Python in the browser, offline: the scalar core, plain lists
        return {name: values for name, values in
                _scalar_columns(rules, players, seeds, dealers, bots).items()
                if name not in ("seat", "bot", "deal", "seed", "dealer")}
    import numpy as np

    batch = _BATCHES.get(rules.game)
    got = batch(rules, players, seeds, dealers, names) if batch is not None else None
    if got is None:
        got = _scalar_columns(rules, players, seeds, dealers, bots)
    return {name: _compact(name, np.asarray(values)) for name, values in got.items()
            if name not in ("seat", "bot", "deal", "seed", "dealer")}


def _scalar_columns(rules: RulesBase, players: int, seeds: Sequence[int],
                    dealers: Sequence[int], bots: Sequence[str] | str | None
                    ) -> dict[str, list[Any]]:
    """The deals played one by one on the game's scalar core, as plain lists per column."""
    playout_batch = getattr(rules, "playout_batch", None)
    if playout_batch is not None:
        per_deal = playout_batch(players, list(seeds), list(dealers), bots)
    else:
        per_deal = [rules.playout(players=players, seed=s, dealer=d, bots=bots).rows
                    for s, d in zip(seeds, dealers)]
    return _rows_to_columns(per_deal, players)


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
        _require_numpy()
        import numpy as np

        return ChunkFrame(task.start, np.array(seeds, dtype=np.uint64), columns)
    from .experiments import paired_moments, summary_moments

    if not numpy_available():
        _plain_sums_possible(rules)
    if task.mode == "summary":
        return summary_moments(rules, task.players, list(task.bots), columns, task.count)
    if rules_b is None:
        assert task.rules_b is not None
        rules_b = _rules_from_json(task.rules_b)
    if not numpy_available():
        _plain_sums_possible(rules_b)
    columns_b = play_columns(rules_b, task.players, seeds, dealers, list(task.bots))
    return paired_moments(rules, rules_b, task.players, list(task.bots), columns, columns_b,
                          task.count)


def _plain_sums_possible(rules: RulesBase) -> None:
    """Raise :class:`NeedsNumpy` if the game measures something only numpy can compute (a
    derived measure with no plain-Python ``derived_row``)."""
    terms = terms_for(rules)
    if terms.derived is not None and terms.derived_row is None:
        raise NeedsNumpy(NEEDS_NUMPY)


# -- checking the arguments -------------------------------------------------------------------
MAX_WORKERS = 256
"""The most worker processes one run may start."""

_ADDRESS = re.compile(r"(?:tcp|tls|inproc|ucx|ws|wss)://[A-Za-z0-9._~%\-\[\]:/]+"
                      r"|[A-Za-z0-9._\-\[\]:]+:[0-9]{1,5}")
"""What a Dask scheduler address looks like: ``tcp://10.0.0.5:8786``, ``localhost:8786``
(a protocol, or a port)."""


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else (os.cpu_count() or 1)


def _whole(name: str, value: Any, minimum: int, maximum: int | None = None,
           why: str = "") -> int:
    """``value`` as an exact ``int`` from ``minimum`` to ``maximum``, else RulesError (a bool,
    a float, text or a number out of range; an ``int`` subclass is read as the number it
    holds)."""
    number = plain_int(value)
    if number is None or number < minimum:
        top = f" (at most {maximum:,})" if maximum is not None else ""
        raise RulesError(f"{name}={quoted(value)}: expected a whole number, {minimum} or more"
                         f"{top}")
    if maximum is not None and number > maximum:
        raise RulesError(f"{name}={quoted(number)} is too many: expected at most {maximum:,}"
                         f"{why}")
    return number


def _flag(name: str, value: Any) -> bool:
    """``value`` if it is exactly True or False, else RulesError."""
    if value is True or value is False:
        return bool(value)
    raise RulesError(f"{name}={quoted(value)}: expected True or False")


def _check_bots(rules: RulesBase, bots: Any, players: int) -> tuple[str, ...]:
    """One computer player's name per seat, as plain text; unknown names or a wrong count
    raise RulesError before any deal is played."""
    if bots is None:
        return ("random",) * players
    listed = f"names for {rules.game}: {', '.join(bot_names(rules.game))}"
    one = plain_str(bots)
    if one is not None:
        names: list[Any] = [one] * players
    elif isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise RulesError(f"{len(bots):,} computer players were given for {players} seats: "
                             f"expected one name per seat or one name for all")
        names = list(bots)
    else:
        raise RulesError(f"bots={quoted(bots)}: expected a computer player's name, a list of "
                         f"names (one per seat) or None; {listed}")
    out = []
    for name in names:
        text = plain_str(name)
        if text is None:
            raise RulesError(f"bots: {quoted(name)} is not a computer player's name; {listed}")
        make_bot(rules.game, text)  # RulesError naming the valid players
        out.append(text)
    return tuple(out)


def _check_client(client: Any) -> Any:
    """``client`` if it can run chunks: None, a scheduler address, or a dask.distributed
    Client; RulesError otherwise (dask is imported only for something that is not text)."""
    if client is None:
        return None
    expected = ("expected a dask.distributed Client or a scheduler address such as "
                "'tcp://10.0.0.5:8786' (or None, to play here)")
    address = plain_str(client)
    if address is not None:
        if len(address) > 300 or not _ADDRESS.fullmatch(address):
            raise RulesError(f"client={quoted(address)}: {expected}")
        return address
    if isinstance(client, (bool, int, float, bytes)):
        raise RulesError(f"client={quoted(client)}: {expected}")
    distributed = _distributed(client)
    if not isinstance(client, distributed.Client):
        raise RulesError(f"client={quoted(client)}: {expected}")
    return client


def _distributed(client: Any) -> Any:
    try:
        import distributed
    except ImportError:
        raise RulesError(f"client={quoted(client)}: running on a Dask cluster needs "
                         f"dask.distributed; install it with {DIST_EXTRA}") from None
    return distributed


def available_memory() -> int | None:
    """The bytes of memory this machine can still give a process (Linux: ``MemAvailable``),
    or None where that is not known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return None


UNKNOWN_MEMORY = 2 << 30
"""The memory a DataFrame run may take where the free memory is not known (2 GiB)."""


def _size(n: int) -> str:
    gib = n / (1 << 30)
    return f"{gib:,.1f} GB" if gib >= 1 else f"{n / (1 << 20):,.0f} MB"


def check_frame_memory(deals: int, players: int) -> None:
    """RulesError if a DataFrame of ``deals`` deals and ``players`` seats would need more
    memory than this machine has free (three quarters of it, or :data:`UNKNOWN_MEMORY` where
    that is not known), checked before the first deal."""
    need = deals * players * FRAME_BYTES_PER_ROW
    free = available_memory()
    limit = UNKNOWN_MEMORY if free is None else free * 3 // 4
    if need > limit:
        have = "" if free is None else f" (this machine has {_size(free)} free)"
        raise RulesError(f"a table of {deals:,} deals × {players} seats needs about "
                         f"{_size(need)} of memory, more than a run may take{have}: use "
                         f"aggregate=True (any number of deals in the same memory) or fewer "
                         f"deals")


@dataclasses.dataclass(frozen=True)
class Run:
    """A run's arguments once checked, each as a built-in value (see :func:`check_run`)."""

    rules: RulesBase
    players: int
    deals: int
    bots: tuple[str, ...]
    """One computer player's name per seat."""
    seed: int | str
    progress: Callable[[int, int], Any] | None
    chunk: int | None
    workers: int
    client: Any


def check_run(rules: Any, players: Any, deals: Any, bots: Any, seed: Any, progress: Any,
              chunk: Any, workers: Any, client: Any, least_deals: int = 0) -> Run:
    """Check a run's arguments and turn them into built-in values (RulesError before any
    deal): a known ruleset, the players it is played by, from ``least_deals`` to
    :data:`MAX_DEALS` deals, a name per seat, a seed, a callable ``progress``, a chunk up to
    :data:`MAX_CHUNK_ASKED`, up to :data:`MAX_WORKERS` workers or a Dask ``client``."""
    text = plain_str(rules)
    if text is not None:
        rules = parse_ruleset(text)  # a profile id, or "profile+option" text
    if not isinstance(rules, RulesBase):
        raise RulesError(f"rules={quoted(rules)}: expected a rules object or a profile id")
    deals = _whole("deals", deals, least_deals, MAX_DEALS,
                   " deals in one run; play more in separate runs with other seeds")
    number = plain_int(players)
    if number is None:
        raise RulesError(f"players={quoted(players)}: expected a whole number of players")
    seed = check_seed(seed, RulesError)
    if progress is not None and not callable(progress):
        raise RulesError(f"progress={quoted(progress)}: expected a function progress(done, total)")
    if chunk is not None:
        chunk = _whole("chunk", chunk, 1, MAX_CHUNK_ASKED, " deals in one chunk")
    if workers is None:
        workers = _cores()
    else:
        workers = _whole("workers", workers, 1, MAX_WORKERS,
                         f" worker processes (this machine has {_cores()} cores)")
    client = _check_client(client)
    if client is not None and workers != 1:
        raise RulesError(f"workers={workers} and a client were both given: a run goes to a "
                         f"process pool (workers) or to a Dask cluster (client), not both")
    players = number
    rules.new_deal(players, 0, 0)  # the game's own check of players, in its own words
    names = _check_bots(rules, bots, players)
    return Run(rules, players, deals, names, seed, progress, chunk, workers, client)


def check_batch_size(seeds: Any, dealers: Any = None) -> None:
    """RulesError if a ``playout_batch`` call asks for more than :data:`MAX_BATCH` deals (its
    seeds or its dealers, a list, a tuple or a range), checked before anything is built."""
    for name, items in (("seeds", seeds), ("dealers", dealers)):
        if not isinstance(items, (list, tuple, range)):
            continue
        try:
            count = range.__len__(items) if isinstance(items, range) else \
                tuple.__len__(items) if isinstance(items, tuple) else list.__len__(items)
        except OverflowError:  # a range longer than sys.maxsize
            count = MAX_BATCH + 1
        if count > MAX_BATCH:
            raise RulesError(f"{name}: {quoted(items)} is longer than {MAX_BATCH:,}: one batch "
                             f"plays at most {MAX_BATCH:,} deals; rulebook.simulate plays any "
                             f"number, in chunks")


# -- running the chunks -------------------------------------------------------------------------
NEEDS_NUMPY = ("A table of every deal needs numpy and pandas, which Python in the browser does "
               "not have here. The measurements work: simulate(..., aggregate=True) and "
               "compare_rules. For the table, open the lessons on Binder or on a computer.")
"""The sentence a DataFrame run gives where numpy is missing (Python in the browser)."""


class NeedsNumpy(RulesError):
    """A table of every deal (a DataFrame) was asked for where numpy cannot be imported (e.g.
    in the browser, Pyodide with no network).  In a notebook it shows as its one sentence, no traceback."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows instead of a traceback: the sentence alone."""
        return [str(self)]


def _require_numpy() -> None:
    """Raise :class:`NeedsNumpy` unless numpy can be imported."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise NeedsNumpy(NEEDS_NUMPY) from None


def execute(tasks: Iterator[ChunkTask], local: Callable[[ChunkTask], Any], workers: int,
            client: Any, on_result: Callable[[ChunkTask, Any], None]) -> None:
    """Run every task — here (``workers == 1``), in a process pool, or on a Dask cluster —
    and call ``on_result(task, result)`` for each as it finishes (in any order).

    If ``on_result`` raises (a progress report asking to stop) or a ``KeyboardInterrupt``
    arrives, the tasks not started are dropped and the processes still playing one are
    stopped before the exception goes on."""
    if client is not None:
        _run_on_dask(tasks, client, on_result)
    elif workers == 1:
        for task in tasks:
            on_result(task, local(task))
    else:
        _run_in_pool(tasks, workers, on_result)


_POOL: list[Any] = []
"""The cached process pool as ``[workers, executor]`` (reused by later runs)."""


def _worker_start() -> None:
    """Run once in every worker process: Ctrl-C is for the process that started the run,
    which stops the workers itself (a worker dying of it would break the whole pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                   initializer=_worker_start)
    atexit.unregister(shutdown_pool)  # registered once however many pools were started
    atexit.register(shutdown_pool)  # stop the workers before the interpreter tears down
    _POOL[:] = [workers, executor]
    return executor


def worker_pids() -> list[int]:
    """The process ids of the cached pool's live worker processes (none when no pool)."""
    if not _POOL:
        return []
    processes = getattr(_POOL[1], "_processes", None) or {}
    return [p.pid for p in list(processes.values()) if p.is_alive()]


def shutdown_pool() -> None:
    """Stop the cached worker processes (a later run with ``workers`` starts new ones)."""
    if _POOL:
        _POOL[1].shutdown(wait=True, cancel_futures=True)
        _POOL.clear()


def _kill_pool(executor: Any) -> None:
    """Stop every worker of ``executor`` now, even in the middle of a chunk, and forget the
    pool (the next run starts a new one)."""
    if _POOL and _POOL[1] is executor:
        _POOL.clear()
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    try:
        executor.shutdown(wait=False, cancel_futures=True)
    except Exception:  # pragma: no cover - a pool already broken
        pass
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():  # pragma: no cover - a worker ignoring SIGTERM
            process.kill()
            process.join(timeout=5)


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
        _kill_pool(executor)
        raise RuntimeError("a worker process stopped during the simulation (out of memory?); "
                           "run again, with fewer workers or smaller chunks") from None
    except BaseException:
        for future in pending:
            future.cancel()
        if any(not future.done() for future in pending):
            _kill_pool(executor)  # chunks still playing: nobody wants them now
        raise


def _run_on_dask(tasks: Iterator[ChunkTask], client: Any,
                 on_result: Callable[[ChunkTask, Any], None]) -> None:
    distributed = _distributed(client)
    own = isinstance(client, str)
    if own:
        address = client
        try:
            client = distributed.Client(address)
        except (OSError, TimeoutError, ValueError):
            raise RulesError(f"client={quoted(address)}: no Dask scheduler answered at this "
                             f"address; check it and that the scheduler is running") from None
    owner: dict[str, tuple[ChunkTask, Any]] = {}
    try:
        queue = distributed.as_completed()

        def submit(most: int) -> None:
            for task in islice(tasks, most):
                future = client.submit(run_chunk, task, pure=False)
                owner[future.key] = (task, future)
                queue.add(future)

        submit(2 * (int(sum(client.nthreads().values())) or 1))  # two chunks per thread
        for future in queue:
            task, _ = owner.pop(future.key)
            result = future.result()
            future.release()
            on_result(task, result)
            submit(1)
    except BaseException:
        if owner:  # the chunks still queued or playing on the cluster
            try:
                client.cancel([future for _, future in owner.values()])
            except Exception:  # pragma: no cover - the cluster is gone already
                pass
        raise
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
    chunk of deals and last with ``(deals, deals)``; if it raises, the run stops there and
    the exception goes on (that is how the variant lab's Stop works).  The same arguments
    always give the same result, whatever ``chunk``, ``workers`` or ``client``.

    Bad arguments raise :class:`~rulebook.errors.RulesError` before any deal: an unknown
    ruleset or bot, a wrong number of bots or players, deals that are not a whole number
    from 0 to :data:`MAX_DEALS`, a frame that would not fit in the free memory (see
    :func:`check_frame_memory`; ``aggregate=True`` has no such bound), a chunk over
    :data:`MAX_CHUNK_ASKED`, a ``client`` that is not a Client or an address.  Every
    number is read as a built-in ``int`` (``True``, ``2.0`` and text are refused).

    ``chunk`` deals are played between progress reports (default: 1,000 first, then 4,000,
    16,000 and 20,000 each; see :func:`chunk_plan`).  ``workers=N`` plays the chunks in N worker
    processes (``None``: one per core of this machine).  ``client`` (a
    ``dask.distributed.Client``, or a scheduler address) plays them on a Dask cluster;
    every worker needs ``rulebook`` installed.  ``aggregate=True`` keeps only running sums:
    it returns a :class:`~rulebook.experiments.Summary` (win rates, means and design
    measures with 95% intervals) in the same memory for any number of deals.  Ctrl-C
    (``KeyboardInterrupt``) ends a run at once, worker processes included.

    Columns: ``deal, seed, dealer, seat, bot, place, won, points, passes, turns`` (see
    :data:`COLUMNS`) and any game-specific columns the game's playout adds, in compact
    dtypes (``bot`` is categorical).

    >>> frame = simulate("satti", players=3, deals=5, seed=1)
    >>> len(frame), list(frame.columns[:10]) == list(COLUMNS)
    (15, True)
    """
    run = check_run(rules, players, deals, bots, seed, progress, chunk, workers, client)
    aggregate = _flag("aggregate", aggregate)
    if not aggregate:
        _require_numpy()  # a DataFrame needs numpy and pandas: refused before any deal
        check_frame_memory(run.deals, run.players)
    results = run_chunks(run, None, "summary" if aggregate else "frame")
    if aggregate:
        from .experiments import Summary, summary_moments

        moments = results[0] if results else summary_moments(run.rules, run.players,
                                                             list(run.bots), None, 0)
        return Summary(run.rules, run.players, run.bots, run.seed, moments)
    return _frame(run.rules, run.players, run.deals, run.bots, results)


MAX_ROWS_DEALS = 1_000
"""The most deals :func:`deal_rows` plays: its rows are plain Python dicts (a table to read,
not to measure with; :func:`simulate` plays any number)."""


def deal_rows(rules: RulesBase | str, players: int = 4, deals: int = 2,
              bots: Sequence[str] | str | None = None, seed: int | str = 0
              ) -> list[dict[str, Any]]:
    """The rows of :func:`simulate`'s table for its first ``deals`` deals, as plain Python
    dicts (one per deal and seat, the same columns in the same order, ``bot`` as its name),
    with no numpy and no pandas: what a lesson shows of a run where pandas is missing (Python
    in the browser).  The same arguments give the same rows as ``simulate(rules, players,
    deals=N, bots=bots, seed=seed)`` for any N from ``deals`` on.  At most
    :data:`MAX_ROWS_DEALS` deals; bad arguments raise RulesError, as simulate's do.

    >>> [(r["deal"], r["seat"], r["place"]) for r in deal_rows("sevens", players=3, deals=1)]
    [(0, 0, 2), (0, 1, 3), (0, 2, 1)]
    """
    run = check_run(rules, players, deals, bots, seed, None, None, 1, None)
    if run.deals > MAX_ROWS_DEALS:
        raise RulesError(f"deals={run.deals:,}: deal_rows shows at most {MAX_ROWS_DEALS:,} "
                         f"deals; rulebook.simulate plays any number")
    seeds = deal_seeds(run.seed, run.deals)
    dealers = deal_dealers(run.players, run.deals)
    got = _scalar_columns(run.rules, run.players, seeds, dealers, list(run.bots))
    extras = [c for c in got if c not in COLUMNS]
    rows: list[dict[str, Any]] = []
    for d in range(run.deals):
        for s in range(run.players):
            k = d * run.players + s
            row = {"deal": d, "seed": seeds[d], "dealer": dealers[d], "seat": s,
                   "bot": run.bots[s]}
            row.update((c, _plain(c, got[c][k])) for c in (*COLUMNS[5:], *extras))
            rows.append(row)
    return rows


def _plain(column: str, value: Any) -> Any:
    """A cell of :func:`deal_rows` as the frame's column holds it (``won`` and the game's
    yes/no columns as bool, the rest as int)."""
    return bool(value) if isinstance(value, bool) or DTYPES.get(column) == "bool" else int(value)


def run_chunks(run: Run, rules_b: RulesBase | None, mode: str) -> list[Any]:
    """Play a checked run (see :func:`check_run`) chunk by chunk in ``mode`` (see
    :class:`ChunkTask`), reporting progress: the :class:`ChunkFrame` of every chunk, or
    (modes ``"summary"`` and ``"paired"``) one Moments holding every chunk's sums (none
    when there were no deals)."""
    rules, deals, progress = run.rules, run.deals, run.progress
    remote = run.workers != 1 or run.client is not None
    texts = [rules_json(r) if remote and r is not None else "" for r in (rules, rules_b)]
    tasks = (ChunkTask(texts[0], run.players, run.bots, run.seed, start, count, mode, texts[1])
             for start, count in chunk_plan(deals, run.chunk, _spread(run.workers, run.client)))
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

    execute(tasks, lambda t: run_chunk(t, rules, rules_b), run.workers, run.client, collect)
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
    design measures, see :meth:`rulebook.experiments.Summary.table`.  Anything but a
    simulate() frame (a missing column, text or NaN among the measures, seats out of order)
    raises :class:`~rulebook.errors.RulesError` (see :func:`rulebook.experiments.check_frame`).

    >>> table = summarize(simulate("badugi", players=2, deals=4, seed=3))
    >>> list(table["group"])
    ['seat 0', 'seat 1', 'bot random', 'all']
    """
    import pandas as pd

    from .experiments import Summary, check_frame

    if isinstance(frame, Summary):
        return frame.lab_table()
    check_frame(frame, "summarize")  # RulesError for anything but a simulate() frame
    measures = dict(zip(("won", "points", "passes", "turns", "place"), SUMMARY_COLUMNS[2:]))
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
