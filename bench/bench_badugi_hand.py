"""Benchmark: random 4-player Badugi hands per second, through State + autoplay and through
the fast playout path (same rule functions on one table, no State objects).

Run:  python bench/bench_badugi_hand.py [hands]
"""
from __future__ import annotations

import sys
import time

from rulebook import load_rules
from rulebook.protocol import autoplay


def main(hands: int = 2000) -> None:
    rules = load_rules("badugi", small_bet=10, stack=200)
    for bots in ("random", "smart"):
        t0 = time.perf_counter()
        moves = 0
        for seed in range(hands):
            end = autoplay(rules.new_deal(players=4, seed=seed, dealer=seed % 4), bots, seed)
            moves += len(end.history)
        state_rate = hands / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        fast_moves = 0
        for seed in range(hands):
            fast_moves += rules.playout(players=4, seed=seed, dealer=seed % 4,
                                        bots=bots).rows[0]["turns"]
        fast_rate = hands / (time.perf_counter() - t0)
        assert fast_moves == moves, "the fast path and State played different hands"
        print(f"{bots:>6}: State + autoplay {state_rate:8.0f} hands/s "
              f"({moves / hands:.1f} moves/hand); fast playout {fast_rate:8.0f} hands/s; "
              f"ratio {fast_rate / state_rate:.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
