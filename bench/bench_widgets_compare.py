"""Benchmark: RulesCompare and Lockstep, Python-side update time per click (goal: median <= 20 ms).

Run: ``python bench/bench_widgets_compare.py``.  Prints, for each game, the median time of

- a toggle in RulesCompare (an option control changed: ``with_options``, ``compare_rules``
  over every column and the table redrawn), and of a refused toggle (the engine's message);
- a step in Lockstep (next / back / jump: both states drawn, both explanations asked);
- the one-off costs: building the widgets (Lockstep plays both deals then).

and each median's ratio to a reference measured in the same run: setting the value of an
empty HTML widget.
"""
from __future__ import annotations

import time
from collections.abc import Callable

import ipywidgets as w

from widgets.compare import RulesCompare
from widgets.lockstep import Lockstep
from timing import median_ms



def once_ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return 1000 * (time.perf_counter() - start)


# (label, rulesets in the comparison, column, option, values to cycle through)
TOGGLES = [
    ("sevens family", ("badam-satti", "badam-satti-app", "sevens"), 0, "sevens_first",
     [True, False]),
    ("sevens (dropdown)", ("badam-satti", "badam-satti-app", "sevens"), 1, "scoring",
     ["court_11_12_13", "one_per_card", "app"]),
    ("satti", ("satti", "badam-satti"), 0, "seven_stacking", [False, True]),
    ("badugi (int)", ("badugi", "badugi"), 1, "small_bet", [20, 10]),
    ("all five", ("badam-satti", "badam-satti-app", "sevens", "satti", "badugi"), 3,
     "hand_size", [5, 7, 6]),
]

# (label, seed, rules A, rules B)
LOCKSTEPS = [
    ("badam-satti vs +sevens_first", 0, "badam-satti", "badam-satti+sevens_first"),
    ("badam-satti vs sevens", 0, "badam-satti", "sevens"),
    ("badam-satti vs +eight_before_six", 2, "badam-satti", "badam-satti+eight_before_six"),
    ("satti vs play_after_draw=false", 0, "satti", "satti+play_after_draw=false"),
    ("badugi vs small_bet=20", 1, "badugi", "badugi+small_bet=20"),
]


def main() -> None:
    empty = w.HTML()
    ref = median_ms(lambda i: setattr(empty, "value", f"<b>{i}</b>"), 2000)
    print(f"reference: set an empty HTML widget's value  {ref:7.3f} ms")
    print()
    print("RulesCompare                       build ms   toggle ms  ratio   refused ms")
    for label, rulesets, column, name, values in TOGGLES:
        built: list[RulesCompare] = []
        build = once_ms(lambda: built.append(RulesCompare(*rulesets)))
        rc = built[0]
        control = rc.controls[column][name]

        def toggle(i: int) -> None:
            control.value = values[i % len(values)]

        med = median_ms(toggle, 300)
        refused = float("nan")
        if "ranked" in rc.controls[0]:
            rc.controls[0]["sevens_first"].value = True
            ranked = rc.controls[0]["ranked"]
            refused = median_ms(lambda i: setattr(ranked, "value", True), 300)
            assert "rb-reason rb-bad" in rc.reason.value
        print(f"  {label:32} {build:7.2f}   {med:8.3f}  {med / ref:6.0f}x  {refused:8.3f}")
    print()
    print("Lockstep                           build ms    step ms  ratio   jump ms")
    for label, seed, a, b in LOCKSTEPS:
        built_l: list[Lockstep] = []
        build = once_ms(lambda: built_l.append(Lockstep(seed, a, b)))
        lock = built_l[0]
        length = lock.result.length if lock.result else 0

        def step(i: int) -> None:
            if lock.step >= length:
                lock.first_button.click()
            else:
                lock.next_button.click()

        med = median_ms(step, max(300, 3 * length))

        def jump(i: int) -> None:
            (lock.first_button if i % 2 else lock.jump_button).click()

        jmp = median_ms(jump, 200)
        print(f"  {label:32} {build:7.2f}   {med:8.3f}  {med / ref:6.0f}x  {jmp:8.3f}")
    print()
    print("goal: every median update <= 20 ms")


if __name__ == "__main__":
    main()
