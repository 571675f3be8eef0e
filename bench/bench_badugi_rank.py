"""Ranking all 270,725 Badugi hands: ours against pokerkit's, in the same run.

Run: python bench/bench_badugi_rank.py [--runs 5] [--skip-single]

Times, on every four-card hand:
  * pokerkit: ``BadugiHand.from_game(text)`` for every hand (texts prepared beforehand);
  * ours, in a fresh process: ``all_hands()`` timed in a new interpreter that has only
    imported the package (median of ``--runs`` processes, run before and after pokerkit so
    both see the same machine load): the figure issue 21 measured;
  * ours, cold: ``rulebook.games.badugi.all_hands()`` built from nothing (the in-memory cache is
    cleared before each run; median of ``--runs``): every hand's mask and class;
  * ours, warm: ``all_hands()`` again (the cached table) plus ``standing()`` of one hand;
  * ours, one hand at a time: ``class_index_of(mask)`` on every mask (the single-hand path).
Prints the seconds and the ratio pokerkit / ours, in wall time and in CPU time (the CPU
seconds of the process doing the work: on a machine shared with other jobs the wall times
of a 10-second and a 0.1-second run see different loads, their CPU times do not).  Goal: the
build, in a fresh process and cold, at least 100x faster.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from rulebook.games.badugi import HAND_COUNT, all_hands, class_index_of, ranking, standing
from rulebook.cards import ALL_CARDS


def cold_build() -> tuple[float, float]:
    """Wall and CPU seconds to build the table of all hands from nothing."""
    ranking._ALL_HANDS = None
    t0, c0 = time.perf_counter(), time.process_time()
    hands = all_hands()
    elapsed = time.perf_counter() - t0, time.process_time() - c0
    assert len(hands) == HAND_COUNT
    return elapsed


FRESH = ("import time\nfrom rulebook.games.badugi import all_hands\n"
         "t0, c0 = time.perf_counter(), time.process_time()\nall_hands()\n"
         "print(time.perf_counter() - t0, time.process_time() - c0)")


def fresh_build() -> tuple[float, float]:
    """Wall and CPU seconds to build the table in a new interpreter (its first call)."""
    out = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True,
                         check=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-single", action="store_true",
                    help="do not time the one-hand-at-a-time path")
    args = ap.parse_args()

    from pokerkit import BadugiHand

    fresh = [fresh_build() for _ in range(args.runs)]
    colds = [cold_build() for _ in range(args.runs)]
    ours_cold = statistics.median(w for w, _ in colds)
    ours_cold_cpu = statistics.median(c for _, c in colds)
    t0 = time.perf_counter()
    all_hands()
    standing("KC 2C 3D 4H")
    ours_warm = time.perf_counter() - t0

    texts = []
    for mask in all_hands().masks:
        texts.append("".join(c.rank_letter + c.suit.lower()
                             for c in ALL_CARDS if mask >> c.index & 1))
    t0, c0 = time.perf_counter(), time.process_time()
    theirs = [BadugiHand.from_game(text) for text in texts]
    pokerkit_s, pokerkit_cpu = time.perf_counter() - t0, time.process_time() - c0
    assert len(theirs) == HAND_COUNT
    fresh += [fresh_build() for _ in range(args.runs)]
    ours_fresh = statistics.median(w for w, _ in fresh)
    ours_fresh_cpu = statistics.median(c for _, c in fresh)

    print(f"hands ranked:                     {HAND_COUNT:,}")
    print(f"pokerkit BadugiHand.from_game:    {pokerkit_s:8.3f} s   (CPU {pokerkit_cpu:.3f} s)")
    print(f"ours, all_hands() fresh process:  {ours_fresh:8.3f} s   (CPU {ours_fresh_cpu:.3f} s; "
          f"median of {len(fresh)} processes)")
    print(f"ours, all_hands() cold build:     {ours_cold:8.3f} s   (CPU {ours_cold_cpu:.3f} s; "
          f"median of {args.runs})")
    print(f"ours, all_hands() warm + standing: {ours_warm:8.6f} s")
    print(f"ratio pokerkit / ours (fresh):    {pokerkit_s / ours_fresh:8.1f}x   (CPU "
          f"{pokerkit_cpu / ours_fresh_cpu:.1f}x; goal >= 100x)")
    print(f"ratio pokerkit / ours (cold):     {pokerkit_s / ours_cold:8.1f}x   (CPU "
          f"{pokerkit_cpu / ours_cold_cpu:.1f}x; goal >= 100x)")
    if not args.skip_single:
        masks = list(all_hands().masks)
        t0 = time.perf_counter()
        for mask in masks:
            class_index_of(mask)
        single = time.perf_counter() - t0
        print(f"ours, class_index_of per hand:    {single:8.3f} s")
        print(f"ratio pokerkit / ours (per hand): {pokerkit_s / single:8.1f}x")


if __name__ == "__main__":
    main()
