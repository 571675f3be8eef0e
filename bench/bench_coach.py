"""Benchmark: the coach's cost for one decision, against simulate's cost per deal.

    python bench/bench_coach.py [--worlds 500] [--runs 3]

For every game whose coach room exists (``rulebook/games/<game>/coach.py``): a mid-deal
four-player position (Badam Satti: the seat to move with several legal cards; Satti: a
mid-deal turn; Badugi: a draw decision), ``coach(state, worlds=500)`` over every legal move
with ``random`` and with ``smart`` play-outs (the median of ``--runs`` runs), and, in the same
run, what ``rulebook.simulate`` costs per whole deal with the same computer players (the
reference).  The ratio says how many simulated deals one piece of advice costs.  Goals on one
core: Badam Satti at most 0.3 s with random play-outs and 1 s with smart ones.  Plain script:
it measures, it never fails.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import rulebook
from rulebook.coach import coach, coach_room
from rulebook.errors import RulesError

POSITIONS = {
    # profile id -> (players, the decision wanted, moves of random play to skip first)
    "badam-satti": (4, "cards", 16),
    "satti": (4, "any", 8),
    "badugi": (4, "draw", 0),
}
GOALS = {("badam-satti", "random"): 0.3, ("badam-satti", "smart"): 1.0}


def position(profile: str, players: int, wanted: str, skip: int) -> rulebook.GameState:
    """A reproducible mid-deal position of ``profile`` with a real choice to make."""
    rules = rulebook.load_rules(profile)
    rng = random.Random(1)
    for seed in range(1, 500):
        state = rules.new_deal(players=players, seed=seed)
        for _ in range(skip):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        for _ in range(200):
            if state.is_over:
                break
            legal = state.legal_moves()
            words = [str(m) for m in legal]
            if wanted == "draw" and any(w.startswith("draw") for w in words) and len(legal) > 2:
                return state
            if wanted == "cards" and len(legal) >= 3 and "pass" not in words:
                return state
            if wanted == "any" and len(legal) >= 3:
                return state
            state = state.play(rng.choice(legal))
    raise SystemExit(f"no position found for {profile}")


def per_deal(profile: str, players: int, policy: str, deals: int) -> float:
    """simulate's wall time per deal with ``policy`` at every seat (seconds)."""
    rulebook.simulate(profile, players=players, deals=min(deals, 200), bots=policy, seed=1)
    start = time.perf_counter()
    rulebook.simulate(profile, players=players, deals=deals, bots=policy, seed=2)
    return (time.perf_counter() - start) / deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"coach(state, worlds={args.worlds}) for one decision, median of {args.runs} runs; "
          f"reference: rulebook.simulate's cost per deal in this run")
    for profile, (players, wanted, skip) in POSITIONS.items():
        rules = rulebook.load_rules(profile)
        try:
            coach_room(rules)
        except RulesError:
            print(f"{profile:12s}: no coach room yet")
            continue
        state = position(profile, players, wanted, skip)
        moves = state.legal_moves()
        print(f"{profile:12s}: seat {state.to_move} to move, {len(moves)} legal moves "
              f"({', '.join(m.pretty() for m in moves)}), {len(state.history)} moves played")
        for policy in ("random", "smart"):
            times = []
            for run in range(args.runs):
                start = time.perf_counter()
                coach(state, worlds=args.worlds, policy=policy, seed=run)
                times.append(time.perf_counter() - start)
            spent = statistics.median(times)
            deal = per_deal(profile, players, policy, 4000 if policy == "random" else 1000)
            goal = GOALS.get((profile, policy))
            mark = "" if goal is None else f"  (goal <= {goal} s: {'met' if spent <= goal else 'NOT met'})"
            per_rollout = spent / (args.worlds * len(moves)) * 1e6
            print(f"  {policy:6s}: {spent:6.3f} s = {spent / deal:8,.0f} simulated deals of "
                  f"{deal * 1e6:7.1f} µs; {per_rollout:5.1f} µs per world and move{mark}")


if __name__ == "__main__":
    main()
