"""Benchmark: random 4-player badam-satti deals per second, State path vs fast paths.

    python bench/bench_sevens.py [--deals N]

Prints deals/s through State + autoplay (random bots), through the scalar fast playout
(rules.playout, one deal at a time) and through the numpy batch (rules.playout_batch),
and their ratios to the State path.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import time

from rulebook import load_rules
from rulebook.protocol import autoplay


def rate(fn, deals: int) -> float:
    start = time.perf_counter()
    fn()
    return deals / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals for the State path")
    ap.add_argument("--profile", default="badam-satti")
    args = ap.parse_args()
    rules = load_rules(args.profile)
    n = args.deals
    seeds = list(range(n))

    def state_path() -> None:
        for s in seeds:
            autoplay(rules.new_deal(players=4, seed=s, dealer=s % 4), "random", seed=s)

    def scalar_path() -> None:
        for s in range(n * 2):
            rules.playout(players=4, seed=s, dealer=s % 4)

    big = list(range(n * 20))
    dealers = [s % 4 for s in big]

    def batch_path() -> None:
        for k in range(0, len(big), 10_000):
            rules.playout_batch(4, big[k:k + 10_000], dealers[k:k + 10_000], "random")

    rules.playout_batch(4, big[:200], dealers[:200], "random")  # warm numpy up
    state_rate = rate(state_path, n)
    scalar_rate = rate(scalar_path, n * 2)
    batch_rate = rate(batch_path, len(big))
    print(f"profile {args.profile}, 4 random players")
    print(f"State + autoplay : {state_rate:10,.0f} deals/s  (1.0x)")
    print(f"fast scalar loop : {scalar_rate:10,.0f} deals/s  ({scalar_rate / state_rate:.1f}x)")
    print(f"numpy batch      : {batch_rate:10,.0f} deals/s  ({batch_rate / state_rate:.1f}x)")


if __name__ == "__main__":
    main()
