"""Benchmark: measuring many deals without numpy (Python in the browser) against with numpy,
in the same process, on the same deals.

    python bench/bench_plain_measures.py [--deals 20000] [--runs 3]

For each game, ``simulate(..., aggregate=True)`` with random players, timed with numpy (the
game's column batch) and with numpy made unavailable to the engine
(``rulebook.simulation.numpy_available`` answering False: the scalar core deal by deal, the
sums in plain Python), alternately, the least time of ``--runs``; and a check that both give
the same exact sums.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import time

import rulebook
import rulebook.experiments as experiments
import rulebook.simulation as simulation

GAMES = [("badam-satti", 4), ("sevens", 4), ("satti", 4), ("badugi", 4)]


def main() -> None:
    """Print one line per game: seconds with numpy, without, the ratio, same sums."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    real = simulation.numpy_available
    print(f"simulate(..., aggregate=True), {args.deals:,} deals, random players, least of "
          f"{args.runs} runs")
    try:
        for profile, players in GAMES:
            times: dict[bool, list[float]] = {True: [], False: []}
            sums = {}
            for _ in range(args.runs):
                for with_numpy in (True, False):
                    simulation.numpy_available = experiments.numpy_available = (  # type: ignore[assignment]
                        real if with_numpy else (lambda: False))
                    start = time.perf_counter()
                    summary = rulebook.simulate(profile, players=players, deals=args.deals,
                                                seed=0, aggregate=True)
                    times[with_numpy].append(time.perf_counter() - start)
                    sums[with_numpy] = summary.moments
            fast, plain = min(times[True]), min(times[False])
            print(f"{profile:12s}: numpy {fast:6.2f} s, plain Python {plain:6.2f} s "
                  f"({plain / fast:5.1f}x), same sums: {sums[True] == sums[False]}")
    finally:
        simulation.numpy_available = experiments.numpy_available = real  # type: ignore[assignment]


if __name__ == "__main__":
    main()
