"""Benchmark: ``simulate(..., workers=2)`` against one process, and a Dask LocalCluster of two
worker processes against the local run, with the same seed (the results are checked equal).

    python bench/bench_simulate_workers.py [--profiles badam-satti satti] [--deals 200000]
                                           [--players 4] [--repeat 3] [--no-dask]

For each profile: the wall time of a first ``workers=2`` run (which starts the worker
processes), then ``--repeat`` alternating runs of one process (``workers=1``) and of
``workers=2`` (the pool is reused); the best of each gives the speed-up.  On a shared machine wall time depends on the other load, so the script also
prints the CPU time each side used (this process, and each worker process through psutil)
and the speed-up those CPU times allow: one process's CPU time ÷ the busiest worker's, i.e.
what two idle cores would give.  The load average is printed before and after.  Then the
same run on a ``dask.distributed.LocalCluster(n_workers=2, threads_per_worker=1)``: the
cluster's start-up time, the run's wall time against the local one, and that both frames
are equal.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Any

from rulebook import simulation
from rulebook.simulation import shutdown_pool, simulate


def worker_cpu() -> list[float]:
    """CPU seconds used so far by each process of the cached pool (empty without psutil)."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the test extra's Jupyter
        return []
    if not simulation._POOL:
        return []
    out = []
    for process in simulation._POOL[1]._processes.values():
        times = psutil.Process(process.pid).cpu_times()
        out.append(times.user + times.system)
    return out


def timed(fn: Any) -> tuple[Any, float, float]:
    """``fn()``, its wall time and this process's CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profiles", nargs="*", default=["badam-satti", "satti"])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    ap.add_argument("--no-dask", action="store_true")
    args = ap.parse_args()
    import pandas as pd

    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), f"{args.deals:,} deals, "
          f"{args.players} random players, {os.cpu_count()} cores; load average before: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for profile in args.profiles:
        simulate(profile, players=args.players, deals=500)  # imports and game modules
        shutdown_pool()
        first, wall2, parent2 = timed(lambda: simulate(profile, args.players, args.deals,
                                                       seed=1, workers=2))
        ones, twos = [], []
        for _ in range(args.repeat):  # alternate, so both meet the same background load
            local, wall1, cpu1 = timed(lambda: simulate(profile, args.players, args.deals,
                                                        seed=1))
            ones.append(wall1)
            cpu_first = worker_cpu()
            second, wall3, parent3 = timed(lambda: simulate(profile, args.players,
                                                            args.deals, seed=1, workers=2))
            twos.append(wall3)
            cpu_second = [b - a for a, b in zip(cpu_first, worker_cpu())]
        pd.testing.assert_frame_equal(local, first)
        pd.testing.assert_frame_equal(local, second)
        wall1, wall3 = min(ones), min(twos)
        print(f"\n{profile}: workers=1 {wall1:.2f} s wall (best of {args.repeat}; "
              f"{cpu1:.2f} s CPU); workers=2 first run {wall2:.2f} s (starts the pool), "
              f"later runs {wall3:.2f} s (best of {args.repeat}); frames equal")
        print(f"  wall speed-up: {wall1 / wall3:.2f}x ({wall1 / wall2:.2f}x counting the "
              f"pool's start)")
        if cpu_second:
            busiest = max(cpu_second)
            print(f"  CPU: this process {parent3:.2f} s, workers "
                  + " + ".join(f"{c:.2f}" for c in cpu_second)
                  + f" s; one process's CPU ÷ busiest worker's = {cpu1 / busiest:.2f}x "
                  f"(the speed-up on two idle cores)")
        shutdown_pool()
    print("\nload average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if args.no_dask:
        return
    try:
        import distributed
    except ImportError:
        print('Dask: skipped (pip install "rulebook-explorer[dist]")')
        return
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        startup = time.perf_counter() - start
        print(f"\nDask LocalCluster (2 worker processes) started in {startup:.2f} s")
        for profile in args.profiles:
            client.run(lambda: simulate(profile, args.players, 200))  # warm the workers
            ones, twos = [], []
            for _ in range(args.repeat):
                local, wall1, _ = timed(lambda: simulate(profile, args.players, args.deals,
                                                         seed=1))
                remote, wall2, parent = timed(lambda: simulate(
                    profile, args.players, args.deals, seed=1, client=client))
                ones.append(wall1)
                twos.append(wall2)
            pd.testing.assert_frame_equal(local, remote)
            wall1, wall2 = min(ones), min(twos)
            print(f"{profile}: local {wall1:.2f} s, Dask {wall2:.2f} s (best of "
                  f"{args.repeat}; {wall1 / wall2:.2f}x; this process {parent:.2f} s CPU); "
                  f"frames equal")


if __name__ == "__main__":
    main()
