"""Benchmark: the coach's cost for one decision, against simulate's cost per deal.

    python bench/bench_coach.py [--worlds 500] [--runs 3]

For every game whose coach room exists (``rulebook/games/<game>/coach.py``): a mid-deal
four-player position (Badam Satti: the seat to move with several legal cards; Satti: a
mid-deal turn, and one where the sampler's exact proposals fail and its chain draws every
world; Badugi: a draw decision), ``coach(state, worlds=500)`` over every legal move
with ``random`` and with ``smart`` play-outs (the median of ``--runs`` runs), and, in the same
run, what ``rulebook.simulate`` costs per whole deal with the same computer players (the
reference).  The ratio says how many simulated deals one piece of advice costs.  Goals on one
core, for each game's mid-deal position: at most 0.3 s with random play-outs and 1 s with
smart ones.  The first run on a position includes what its sampler works out once per view
(Satti: the view's seat's pairs, and on a chain position the chain's walk to its pool): run
``--runs 3`` for the median, ``--runs 1`` for a learner's first click.

``--expert DEALS``: also the ``expert`` computer player against ``smart`` over DEALS paired
deals per game that registers it (``simulate`` with expert in seat 0 and smart elsewhere,
against all smart, the same seeds): seat 0's mean result, expert minus smart, and the win
rates, each difference with its 95% interval.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import rulebook
from rulebook.coach import coach, coach_room
from rulebook.errors import RulesError
from rulebook.simulation import bot_names

POSITIONS = {
    # profile id -> (players, the decision wanted, moves of random play to skip first)
    "badam-satti": (4, "cards", 16),
    "satti": (4, "any", 8),
    "badugi": (4, "draw", 0),
}
GOALS = {(game, policy): goal for game in ("badam-satti", "satti", "badugi")
         for policy, goal in (("random", 0.3), ("smart", 1.0))}


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


def hard_satti_position() -> rulebook.GameState:
    """A reproducible four-player Satti position (smart play, no reshuffle yet, two or more
    legal moves) on which the sampler's exact proposals all fail its probe, so every world
    comes from its Metropolis chain (about one mid-deal position in six)."""
    from rulebook.games.satti import coach as room
    from rulebook.protocol import autoplay

    rules = rulebook.load_rules("satti")
    for seed in range(1, 500):
        for state in autoplay(rules.new_deal(players=4, seed=seed), "smart", seed).states()[8:]:
            if state.is_over or len(state.legal_moves()) < 2:
                continue
            view = state.view(state.to_move)
            deal = room._Deal(view, room.events_of(view))
            if len(deal.epoch_sizes) == 1 and room._hard(view, deal):
                return state
    raise SystemExit("no hard Satti position found")


def per_deal(profile: str, players: int, policy: str, deals: int) -> float:
    """simulate's wall time per deal with ``policy`` at every seat (seconds)."""
    rulebook.simulate(profile, players=players, deals=min(deals, 200), bots=policy, seed=1)
    start = time.perf_counter()
    rulebook.simulate(profile, players=players, deals=deals, bots=policy, seed=2)
    return (time.perf_counter() - start) / deals


def expert_against_smart(profile: str, deals: int) -> None:
    """Seat 0's result with the expert against with smart, the same deals (paired)."""
    from rulebook.stats import Z95

    start = time.perf_counter()
    a = rulebook.simulate(profile, players=4, deals=deals,
                          bots=["expert", "smart", "smart", "smart"], seed=5)
    b = rulebook.simulate(profile, players=4, deals=deals, bots="smart", seed=5)
    a0, b0 = a[a.seat == 0].sort_values("deal"), b[b.seat == 0].sort_values("deal")
    column = "place" if profile == "satti" else "points"
    for name, x, y in ((column, a0[column], b0[column]), ("win rate", a0.won, b0.won)):
        d = x.to_numpy().astype(float) - y.to_numpy().astype(float)
        mean, half = d.mean(), Z95 * d.std(ddof=1) / math.sqrt(len(d))
        print(f"  expert - smart, seat 0 {name:8s}: {mean:+.3f} (95% CI {mean - half:+.3f} to "
              f"{mean + half:+.3f}); expert {x.mean():.3f}, smart {y.mean():.3f}")
    print(f"  ({deals:,} paired deals in {time.perf_counter() - start:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--expert", type=int, default=0, metavar="DEALS",
                    help="also play the expert against smart over DEALS paired deals")
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
        cases = [(profile, position(profile, players, wanted, skip))]
        if profile == "satti":
            cases.append(("satti, chain", hard_satti_position()))
        for label, state in cases:
            moves = state.legal_moves()
            print(f"{label:12s}: seat {state.to_move} to move, {len(moves)} legal moves "
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
                mark = ("" if goal is None else
                        f"  (goal <= {goal} s: {'met' if spent <= goal else 'NOT met'})")
                per_rollout = spent / (args.worlds * len(moves)) * 1e6
                print(f"  {policy:6s}: {spent:6.3f} s = {spent / deal:8,.0f} simulated deals of "
                      f"{deal * 1e6:7.1f} µs; {per_rollout:5.1f} µs per world and move{mark}")
        if args.expert and "expert" in bot_names(rules.game):
            expert_against_smart(profile, args.expert)


if __name__ == "__main__":
    main()
