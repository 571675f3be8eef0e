"""Median Python-side update time per click of DealStepper and MoveInspector, per game.

    python bench/bench_widgets_stepper.py [--deals N]

Clicks timed: next, back (stepping a finished deal), play (clicking a lit card or action in
play mode, the computer players answering until it is the human's turn again), next with a
MoveInspector following the stepper, and an inspector pick (choosing a card in the
dropdown).  The reference, measured in the same run, is setting the value of an empty HTML
widget; the goal is a median of at most 20 ms per click.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets as W  # noqa: E402

from rulebook import load_rules  # noqa: E402
from rulebook.protocol import autoplay  # noqa: E402
from widgets.inspector import MoveInspector  # noqa: E402
from widgets.stepper import DealStepper  # noqa: E402

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]
GOAL_MS = 20.0


def timed(action) -> float:
    t = time.perf_counter()
    action()
    return (time.perf_counter() - t) * 1000


def reference(n: int = 2000) -> float:
    box = W.HTML()
    times = [timed(lambda i=i: setattr(box, "value", f"<b>{i}</b>")) for i in range(n)]
    return statistics.median(times)


def play_click(st: DealStepper):
    """The click a player would make now (a lit card, a suit, a Badugi draw, or an action)."""
    state = st.state
    if state.rules.game == "badugi" and state.phase.startswith("D"):
        def act() -> None:
            if st.card_buttons:
                st.card_buttons[-1].click()
            st.draw_button.click()
        return act
    lit = [b for b in st.card_buttons if b.icon == "check"]
    if lit:
        def act() -> None:
            lit[0].click()
            if st.suit_box.children:
                st.suit_buttons[-1].click()
        return act
    action = next(b for b in st.action_box.children if b.icon == "check")
    return action.click


def bench_profile(profile: str, deals: int) -> dict[str, float]:
    rules = load_rules(profile)
    out: dict[str, list[float]] = {"next": [], "back": [], "play": [], "next+inspector": [],
                                   "inspector pick": []}
    for seed in range(deals):
        final = autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)
        st = DealStepper(final)
        st.first()
        for _ in range(len(final.history)):
            out["next"].append(timed(st.next_button.click))
        for _ in range(len(final.history)):
            out["back"].append(timed(st.back_button.click))
        insp = MoveInspector()
        insp.follow(st)
        for _ in range(len(final.history)):
            out["next+inspector"].append(timed(st.next_button.click))
        for state in final.states()[:: max(1, len(final.history) // 8)]:
            insp.set_state(state)
            if state.to_move is None:
                continue
            for card in state.hands[state.to_move]:
                text = f"draw {card.text}" if profile == "badugi" else card.text
                out["inspector pick"].append(timed(lambda t=text: setattr(insp.picker, "value", t)))
        game = DealStepper(rules, seed=seed, play=True, seat=seed % 4)
        while not game.state.is_over:
            out["play"].append(timed(play_click(game)))
    return {k: statistics.median(v) for k, v in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="deals per game (default 5)")
    args = parser.parse_args()
    ref = reference()
    print(f"reference: set an empty HTML widget's value: median {ref * 1000:.1f} µs")
    print(f"{'profile':<16} {'click':<16} {'median ms':>10} {'x reference':>12}  goal ≤ {GOAL_MS:g} ms")
    worst = 0.0
    for profile in PROFILES:
        for click, ms in bench_profile(profile, args.deals).items():
            worst = max(worst, ms)
            flag = "ok" if ms <= GOAL_MS else "SLOW"
            print(f"{profile:<16} {click:<16} {ms:>10.2f} {ms / ref:>12.0f}  {flag}")
    print(f"worst median: {worst:.2f} ms ({'within' if worst <= GOAL_MS else 'over'} the goal)")


if __name__ == "__main__":
    main()
