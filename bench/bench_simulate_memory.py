"""Benchmark: peak memory of ``rulebook.simulate`` per deal, for a DataFrame run and for an
``aggregate=True`` run, against a baseline process that plays 1,000 deals.

    python bench/bench_simulate_memory.py [--profile badam-satti] [--players 4]
                                          [--deals 200000 1000000]

Each figure comes from a fresh Python process (its peak resident set size, ``ru_maxrss``), so
runs do not share memory.  The baseline process imports the same libraries and plays 1,000
deals; memory per deal is (peak − baseline peak) ÷ deals, and per deal and seat divides that
by the players.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

PROBE = """
import json, resource, sys, time
from rulebook.simulation import simulate
profile, players, deals, aggregate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
start = time.perf_counter()
result = simulate(profile, players=players, deals=deals, seed=1, aggregate=aggregate)
seconds = time.perf_counter() - start
size = int(result.memory_usage(deep=True).sum()) if not aggregate else 0
print(json.dumps({"peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "seconds": seconds, "frame_bytes": size}))
"""


def probe(profile: str, players: int, deals: int, aggregate: bool) -> dict[str, float]:
    """Run one simulation in a fresh process and return its peak RSS and time."""
    out = subprocess.run([sys.executable, "-c", PROBE, profile, str(players), str(deals),
                          "1" if aggregate else "0"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="badam-satti")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, nargs="*", default=[200_000, 1_000_000])
    args = ap.parse_args()
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), f"{args.profile}, "
          f"{args.players} random players; peak RSS of a fresh process")
    base = probe(args.profile, args.players, 1_000, False)
    print(f"baseline (1,000 deals): peak {base['peak_kib'] / 1024:.1f} MiB")
    print(f"{'deals':>10} {'mode':>10} {'peak MiB':>9} {'B/deal':>8} {'B/deal+seat':>12} "
          f"{'frame B/row':>12} {'seconds':>8}")
    for deals in args.deals:
        for aggregate in (False, True):
            got = probe(args.profile, args.players, deals, aggregate)
            grow = (got["peak_kib"] - base["peak_kib"]) * 1024
            per_deal = grow / deals
            frame = got["frame_bytes"] / (deals * args.players) if not aggregate else 0
            print(f"{deals:>10,} {'aggregate' if aggregate else 'frame':>10} "
                  f"{got['peak_kib'] / 1024:9.1f} {per_deal:8.1f} "
                  f"{per_deal / args.players:12.1f} "
                  f"{frame:12.1f} {got['seconds']:8.2f}")


if __name__ == "__main__":
    main()
