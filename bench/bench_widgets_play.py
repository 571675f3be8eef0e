"""Benchmark: PlayGame and the classroom stepper, Python-side update time per click (goal: median
<= 20 ms).

Run: ``python bench/bench_widgets_play.py [--repeat N]``.  Prints, for each of the four games,
the median time of

- *New deal* (a fresh seed: the deal dealt, the computer players answering up to your turn,
  the classroom table drawn);
- a seed typed in the seed box (the same work, for a chosen seed);
- the large-print switch and the "all hands" / "your hand" view switch;
- the end of a match deal in ``badam-satti`` (the finished deal counted into the match and
  the running totals drawn) — measured on "next deal".

and each median's ratio to a reference measured in the same run: setting the value of an
empty HTML widget.
"""
from __future__ import annotations

import argparse

import ipywidgets as w

from timing import median_ms
from widgets.play import PlayGame

GAMES = ["badam-satti", "sevens", "satti", "badugi"]
GOAL_MS = 20.0


def reference(n: int = 2000) -> float:
    box = w.HTML()
    return median_ms(lambda i: setattr(box, "value", f"<b>{i}</b>"), n)


def finish(game: PlayGame) -> None:
    """Play your seat with the first lit card or action until the deal is over."""
    st = game.stepper
    while not st.state.is_over:
        state = st.state
        if state.rules.game == "badugi" and state.phase.startswith("D"):
            st.draw_button.click()
            continue
        lit = [b for b in st.card_buttons if b.icon == "check"]
        if lit:
            lit[0].click()
            if st.suit_box.children:
                st.suit_buttons[-1].click()
            continue
        order = ["check", "call", "pass", "draw", "skip", "bet", "raise", "fold"]
        actions = [b for b in st.action_box.children if b.icon == "check"]
        min(actions, key=lambda b: order.index(b.description)
            if b.description in order else len(order)).click()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="clicks timed per measure")
    args = parser.parse_args()
    n = args.repeat
    ref = reference()
    print(f"reference: set an empty HTML widget's value: {ref:.4f} ms")
    print(f"{'game':<13}{'new deal':>10}{'seed typed':>12}{'large print':>13}"
          f"{'all hands':>11}   (median ms; worst ratio to the reference)")
    worst = 0.0
    for pid in GAMES:
        game = PlayGame(pid, seed=1)
        st = game.stepper
        new = median_ms(lambda i: game.new_deal_button.click(), n)
        typed = median_ms(lambda i: setattr(game.seed_box, "value", 1000 + i), n)
        large = median_ms(lambda i: setattr(st.large_print_toggle, "value", i % 2 == 0), n)
        views = median_ms(lambda i: setattr(st.hands_toggle, "value",
                                            "all" if i % 2 == 0 else st.human), n)
        slowest = max(new, typed, large, views)
        worst = max(worst, slowest)
        print(f"{pid:<13}{new:>10.2f}{typed:>12.2f}{large:>13.3f}{views:>11.2f}   "
              f"({slowest / ref:,.0f}x)")
    match = PlayGame("badam-satti", seed=3, match=True)
    deals = []
    for _ in range(4):
        finish(match)
        deals.append(median_ms(lambda i: match.next_deal() if i == 0 else None, 1))
    print(f"match: next deal after a finished deal (scores drawn): "
          f"{max(deals):.2f} ms at most over 4 deals")
    worst = max(worst, max(deals))
    print(f"worst median: {worst:.2f} ms ({'within' if worst <= GOAL_MS else 'over'} the goal "
          f"of {GOAL_MS:g} ms)")


if __name__ == "__main__":
    main()
