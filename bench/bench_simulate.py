"""Benchmark: deals per second through ``rulebook.simulate`` for every profile, against the
game's raw column batch (where it has one), its scalar fast loop and the State path
(``rules.new_deal`` + ``autoplay``), all measured in the same run.

    python bench/bench_simulate.py [--deals 100000] [--scalar-deals 5000]
                                   [--state-deals 1000] [--players 4] [--bots random] [--cpu]

``simulate`` includes everything a caller pays: seeds derived chunk by chunk, the fast
playout (the numpy column batch for all-random tables, the scalar loop otherwise), progress
reports after every chunk and building the pandas DataFrame.  ``raw batch`` is the game's
registered column batch called directly on the same deals in chunks of 20,000 (the
ceiling ``simulate`` can reach); ``scalar`` is ``rules.playout`` deal by deal; ``State``
plays fewer deals (it is much slower) with the same seeds, dealers and computer players.
``--cpu`` measures process CPU time instead of wall time (steadier on a shared machine).
Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from rulebook import load_rules
from rulebook.protocol import autoplay
from rulebook.simulation import _BATCHES, MAX_CHUNK, deal_dealers, deal_seeds, simulate

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]


def rate(fn: Callable[[], object], deals: int, clock: Callable[[], float]) -> float:
    """Deals per second of one call of ``fn`` that plays ``deals`` deals."""
    start = clock()
    fn()
    return deals / max(clock() - start, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000, help="deals through simulate")
    ap.add_argument("--scalar-deals", type=int, default=5_000,
                    help="deals through rules.playout")
    ap.add_argument("--state-deals", type=int, default=1_000, help="deals through State")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="random", help="computer player for every seat")
    ap.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    ap.add_argument("--profiles", nargs="*", default=PROFILES)
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    for profile in args.profiles:  # import pandas and numpy, load every game first
        simulate(profile, players=args.players, deals=200, bots=args.bots)
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
          f"{args.players} players, bots={args.bots}; simulate {args.deals:,} deals, "
          f"scalar {args.scalar_deals:,}, State {args.state_deals:,} "
          f"({'CPU' if args.cpu else 'wall'} time)")
    print(f"{'profile':<16} {'simulate/s':>11} {'raw batch/s':>12} {'sim÷batch':>10} "
          f"{'scalar/s':>9} {'State/s':>8} {'sim÷State':>10} {'batch÷State':>12}")
    names = [args.bots] * args.players
    for profile in args.profiles:
        rules = load_rules(profile)
        seeds = deal_seeds(0, args.deals)
        dealers = deal_dealers(args.players, args.deals)
        batch = _BATCHES.get(rules.game)

        def raw_batch() -> None:
            assert batch is not None
            for k in range(0, args.deals, MAX_CHUNK):
                got = batch(rules, args.players, seeds[k:k + MAX_CHUNK],
                            dealers[k:k + MAX_CHUNK], names)
                assert got is not None

        def scalar() -> None:
            for s, d in zip(seeds[:args.scalar_deals], dealers):
                rules.playout(players=args.players, seed=s, dealer=d, bots=args.bots)

        def state_path() -> None:
            for s, d in zip(seeds[:args.state_deals], dealers):
                autoplay(rules.new_deal(args.players, s, d), args.bots, s)

        sim = rate(lambda: simulate(rules, args.players, args.deals, args.bots, seed=0,
                                    progress=lambda done, total: None),
                   args.deals, clock)
        has_batch = batch is not None and batch(rules, args.players, seeds[:64],
                                                dealers[:64], names) is not None
        raw = rate(raw_batch, args.deals, clock) if has_batch else float("nan")
        fast = rate(scalar, args.scalar_deals, clock)
        slow = rate(state_path, args.state_deals, clock)
        print(f"{profile:<16} {sim:11,.0f} {raw:12,.0f} {sim / raw:9.2f}x {fast:9,.0f} "
              f"{slow:8,.0f} {sim / slow:9.1f}x {raw / slow:11.1f}x")


if __name__ == "__main__":
    main()
