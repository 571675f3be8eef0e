"""Satti benchmark: random 4-player rounds per second, fast playout vs State + autoplay.

Run:  python bench/bench_satti.py [--rounds N]
"""
from __future__ import annotations

import argparse
import time

CLOCK = time.perf_counter

from rulebook import load_rules
from rulebook.protocol import autoplay


def state_rate(rules, rounds: int, players: int = 4) -> float:
    """Rounds per second through immutable states and ``autoplay`` (random players)."""
    start = CLOCK()
    for seed in range(rounds):
        autoplay(rules.new_deal(players=players, seed=seed, dealer=seed % players), None, seed)
    return rounds / (CLOCK() - start)


def fast_rate(rules, rounds: int, players: int = 4) -> float:
    """Rounds per second through ``rules.playout`` (one round at a time, single process)."""
    start = CLOCK()
    for seed in range(rounds):
        rules.playout(players=players, seed=seed, dealer=seed % players)
    return rounds / (CLOCK() - start)


def batch_rate(rules, rounds: int, players: int = 4) -> float:
    """Rounds per second through ``rules.playout_batch``."""
    seeds = list(range(rounds))
    start = CLOCK()
    rules.playout_batch(players, seeds, [s % players for s in seeds], None)
    return rounds / (CLOCK() - start)


def main() -> None:
    """Print the rates and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--cpu", action="store_true",
                    help="time with the process's CPU time (a shared, busy machine)")
    args = ap.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    rules = load_rules("satti")
    state = state_rate(rules, max(1, args.rounds // 4))
    fast = fast_rate(rules, args.rounds)
    batch = batch_rate(rules, args.rounds)
    clock = "CPU time" if args.cpu else "wall clock"
    print(f"satti, 4 random players, {args.rounds} rounds ({clock}, one process)")
    print(f"State + autoplay : {state:10,.0f} rounds/s")
    print(f"fast playout     : {fast:10,.0f} rounds/s")
    print(f"playout_batch    : {batch:10,.0f} rounds/s")
    print(f"ratio fast/State : {fast / state:10.1f}x")


if __name__ == "__main__":
    main()
