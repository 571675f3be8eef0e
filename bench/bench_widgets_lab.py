"""Benchmark: the VariantLab, from the click on Run to what the learner sees, and its controls.

    python bench/bench_widgets_lab.py [--runs] [--controls] [--deals 2000 20000] [--repeat 3]
                                      [--before DIR]

``--runs`` (the default when neither is given) times, for 2,000 and 20,000 deals, from the
click on Run to the first progress report (the bar moves), to the finished table, and to
the chart, for a single run and for a house rule compared off and on, with random players
(the engine's batches) and with smart ones (move by move).  Each time is read from the
widgets themselves (an observer stamps the first change of the progress bar, the table and
the chart), so the same script times an older lab too: ``--before DIR`` loads the
``widgets`` package found in ``DIR`` (e.g. ``git archive <commit> widgets | tar -x -C DIR``)
and times it in the same run, alternating with this one, best of ``--repeat`` each.  It also
prints how long the click itself takes when the lab plays on a background thread (what keeps
a notebook responsive) and how many processes the lab chose.  The reference, measured in the
same run, is the engine alone: ``rulebook.simulate(..., aggregate=True)`` (or
``compare_rules``) with the same arguments on one core and no widget.

``--controls`` times the control updates (switch profile, change an option, change the
number of players) against setting an empty ``HTML`` widget's value.  Goal: each ≤ 20 ms.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

import ipywidgets as w

import rulebook
from rulebook.rules import load_profile
from widgets.lab import VariantLab
from timing import median_ms

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]

# what is run: (label, profile, bots, house rule compared off and on or "")
CASES = [
    ("single, random", "badam-satti", "random", ""),
    ("off/on, random", "badam-satti", "random", "sevens_first"),
    ("single, smart", "badam-satti", "smart", ""),
    ("off/on, smart", "badam-satti", "smart", "sevens_first"),
]


def _stamp(lab: VariantLab) -> dict[str, float]:
    """Observers that stamp when the bar first moves and when table and chart arrive."""
    seen: dict[str, float] = {}

    def first(name: str, test: Any = bool) -> Any:
        def observe(change: dict[str, Any]) -> None:
            if name not in seen and test(change["new"]):
                seen[name] = time.perf_counter()
        return observe

    lab.progress.observe(first("progress", lambda v: v > 0), names="value")
    lab.summary.observe(first("table", lambda v: "<table" in v), names="value")
    lab.plot.observe(first("chart", lambda v: "<img" in v or "<svg" in v), names="value")
    return seen


def time_run(lab_class: Any, profile: str, bots: str, house_rule: str,
             deals: int) -> dict[str, float]:
    """One click on Run, on the click (no thread): seconds to each thing the learner sees."""
    lab = lab_class(profile, players=4, deals=deals, seed=1, bots=bots)
    if house_rule:
        lab.compare.value = house_rule
    seen = _stamp(lab)
    start = time.perf_counter()
    lab.run_button.click()
    end = time.perf_counter()
    out = {k: v - start for k, v in seen.items()}
    out["done"] = end - start
    out["workers"] = float(getattr(lab, "last_workers", 1))
    return out


def engine_alone(profile: str, bots: str, house_rule: str, deals: int) -> float:
    """The same deals played by the engine on one core with no widget (the reference)."""
    rules = rulebook.load_rules(profile)
    start = time.perf_counter()
    if house_rule:
        rulebook.compare_rules(rules.with_options(**{house_rule: False}),
                               rules.with_options(**{house_rule: True}), deals=deals, seed=1,
                               players=4, bots=bots)
    else:
        rulebook.simulate(rules, players=4, deals=deals, bots=bots, seed=1, aggregate=True)
    return time.perf_counter() - start


def older_lab(folder: str) -> Any:
    """The VariantLab class of the ``widgets`` package in ``folder``, loaded as
    ``widgets_before`` (so it sits beside this one)."""
    import importlib.util
    import pathlib

    init = pathlib.Path(folder) / "widgets" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        "widgets_before", init, submodule_search_locations=[str(init.parent)])
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules["widgets_before"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("widgets_before.lab").VariantLab


def click_on_a_thread(lab_class: Any, deals: int) -> float | None:
    """Milliseconds the click itself takes when the lab plays on a background thread."""
    try:
        lab = lab_class("badam-satti", players=4, deals=deals, seed=1, bots="smart",
                         background=True)  # type: ignore[call-arg]
    except TypeError:
        return None  # a lab without background runs: the click lasts the whole run
    start = time.perf_counter()
    lab.run_button.click()
    took = time.perf_counter() - start
    lab.wait()
    return took * 1000


def runs(deal_counts: list[int], repeat: int, before: str | None) -> None:
    rulebook.simulate("badam-satti", deals=300, aggregate=True)  # imports and batches warm
    labs: list[tuple[str, Any]] = [("now", VariantLab)]
    if before:
        labs.append(("before", older_lab(before)))
    for _name, lab_class in labs:  # imports (pandas, matplotlib) warm before timing
        time_run(lab_class, "sevens", "random", "", 200)
    print(f"From the click on Run (seconds; best of {repeat}, the labs taking turns):")
    print(f"{'case':<16} {'deals':>7} {'lab':>7} {'progress':>9} {'table':>8} {'chart':>8} "
          f"{'engine':>8} {'table/engine':>13} {'processes':>10}")
    for deals in deal_counts:
        for label, profile, bots, house_rule in CASES:
            results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in labs}
            engine: list[float] = []
            for _ in range(repeat):
                for name, lab_class in labs:
                    results[name].append(time_run(lab_class, profile, bots, house_rule, deals))
                engine.append(engine_alone(profile, bots, house_rule, deals))
            reference = min(engine)
            for name, _ in labs:
                best = min(results[name], key=lambda r: r.get("table", r["done"]))
                table = best.get("table", float("nan"))
                print(f"{label:<16} {deals:>7,} {name:>7} {best.get('progress', math.nan):9.3f} "
                      f"{table:8.3f} {best.get('chart', math.nan):8.3f} {reference:8.3f} "
                      f"{table / reference:12.2f}x {int(best['workers']):>10}", flush=True)
    for name, lab_class in labs:
        took = click_on_a_thread(lab_class, 2000)
        if took is None:
            print(f"{name}: no background runs (the click lasts the whole run)")
        else:
            print(f"{name}: on a background thread the click returns in {took:.1f} ms")


def controls(repeat: int, deals: int) -> None:
    html = w.HTML("")
    ref = median_ms(lambda i: setattr(html, "value", f"<b>{i}</b>"), repeat * 10, warm_up=True)
    print(f"reference: set an empty HTML widget's value: {ref:.3f} ms")
    print(f"{'profile':<16} {'switch':>8} {'option':>8} {'players':>8} "
          f"{'Run ' + str(deals):>9}   (median ms; ratio to the reference)")
    lab = VariantLab(deals=deals)
    for profile in PROFILES:
        other = "satti" if profile != "satti" else "sevens"

        def switch(i: int) -> None:
            lab.profile.value = other
            lab.profile.value = profile

        # Switching is measured as two switches (there and back): halve it.
        t_switch = median_ms(switch, repeat, warm_up=True) / 2
        first, spec = next(iter(load_profile(profile).options.items()))

        def option(i: int) -> None:
            control = lab.option_controls[first]
            if spec.type == "bool":
                control.value = not control.value
            elif spec.choices:
                control.value = spec.choices[i % 2]
            else:
                control.value = spec.default + (i % 2) * 2

        t_option = median_ms(option, repeat, warm_up=True)
        lab.profile.value = other
        lab.profile.value = profile  # back to the defaults
        low, high = lab.players.min, lab.players.max

        def players(i: int) -> None:
            lab.players.value = high if lab.players.value != high else low

        t_players = median_ms(players, repeat, warm_up=True)
        lab.players.value = min(max(4, low), high)
        lab.deals.value = deals
        t_run = median_ms(lambda i: lab.run_button.click(), max(3, repeat // 3), warm_up=True)
        print(f"{profile:<16} {t_switch:8.2f} {t_option:8.2f} {t_players:8.2f} {t_run:9.2f}"
              f"   ({t_switch / ref:.0f}x, {t_option / ref:.0f}x, {t_players / ref:.0f}x, "
              f"{t_run / ref:.0f}x)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", action="store_true", help="time Run (the default)")
    ap.add_argument("--controls", action="store_true", help="time the control updates")
    ap.add_argument("--deals", type=int, nargs="+", default=[2000, 20000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--before", help="a folder holding an older widgets package to time too")
    args = ap.parse_args()
    if args.runs or not args.controls:
        runs(args.deals, args.repeat, args.before)
    if args.controls:
        controls(max(args.repeat, 15), 100)


if __name__ == "__main__":
    main()
