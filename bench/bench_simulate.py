"""Benchmark: deals per second through ``rulebook.simulate`` for every profile, and the ratio
to the State path (``rules.new_deal`` + ``autoplay``) measured in the same run.

    python bench/bench_simulate.py [--deals 20000] [--state-deals 1000] [--players 4]
                                   [--bots random] [--cpu]

``simulate`` includes everything a caller pays: seeds, the game's fast playout (numpy batch
for all-random Sevens-family seats, the scalar loop otherwise), progress reports and
building the pandas DataFrame.  The State path plays fewer deals (it is much slower) with
the same seeds, dealers and computer players.  ``--cpu`` measures process CPU time instead
of wall time (steadier on a shared machine).  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rulebook import load_rules
from rulebook.protocol import autoplay
from rulebook.simulation import deal_dealers, deal_seeds, simulate

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]


def rate(fn: Callable[[], object], deals: int, clock: Callable[[], float]) -> float:
    """Deals per second of one call of ``fn`` that plays ``deals`` deals."""
    start = clock()
    fn()
    return deals / max(clock() - start, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20_000, help="deals through simulate")
    ap.add_argument("--state-deals", type=int, default=1_000, help="deals through State")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="random", help="computer player for every seat")
    ap.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    ap.add_argument("--profiles", nargs="*", default=PROFILES)
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    simulate("badam-satti", deals=200)  # import pandas and numpy before measuring
    print(f"{args.players} players, bots={args.bots}, simulate {args.deals:,} deals, "
          f"State path {args.state_deals:,} deals ({'CPU' if args.cpu else 'wall'} time)")
    print(f"{'profile':<16} {'simulate deals/s':>17} {'State deals/s':>14} {'ratio':>7}")
    for profile in args.profiles:
        rules = load_rules(profile)
        seeds = deal_seeds(0, args.state_deals)
        dealers = deal_dealers(args.players, args.state_deals)

        def state_path() -> None:
            for s, d in zip(seeds, dealers):
                autoplay(rules.new_deal(args.players, s, d), args.bots, s)

        fast = rate(lambda: simulate(rules, args.players, args.deals, args.bots, seed=0),
                    args.deals, clock)
        slow = rate(state_path, args.state_deals, clock)
        print(f"{profile:<16} {fast:17,.0f} {slow:14,.0f} {fast / slow:6.1f}x")


if __name__ == "__main__":
    main()
