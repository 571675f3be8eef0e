"""Benchmark: the VariantLab's Python-side update time per click, for every profile.

    python bench/bench_widgets_lab.py [--repeat 15] [--deals 100]

For each profile it prints the median time to: switch to the profile (option controls,
player range and bot seats rebuilt), toggle/change its first option, change the number of
players, and click Run with ``--deals`` deals (the simulation itself included).  The
reference, measured in the same run, is setting the value of an empty ``HTML`` widget; the
ratio to it is printed.  Goal: each control update (not Run, which plays deals) ≤ 20 ms.
"""
from __future__ import annotations

import argparse

import ipywidgets as w

from rulebook.rules import load_profile
from widgets.lab import VariantLab
from timing import median_ms

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    html = w.HTML("")
    ref = median_ms(lambda i: setattr(html, "value", f"<b>{i}</b>"), args.repeat * 10, warm_up=True)
    print(f"reference: set an empty HTML widget's value: {ref:.3f} ms")
    print(f"{'profile':<16} {'switch':>8} {'option':>8} {'players':>8} "
          f"{'Run ' + str(args.deals):>9}   (median ms; ratio to the reference)")
    lab = VariantLab(deals=args.deals)
    for profile in PROFILES:
        other = "satti" if profile != "satti" else "sevens"

        def switch(i: int) -> None:
            lab.profile.value = other
            lab.profile.value = profile

        # Switching is measured as two switches (there and back): halve it.
        t_switch = median_ms(switch, args.repeat, warm_up=True) / 2
        first, spec = next(iter(load_profile(profile).options.items()))

        def option(i: int) -> None:
            control = lab.option_controls[first]
            if spec.type == "bool":
                control.value = not control.value
            elif spec.choices:
                control.value = spec.choices[i % 2]
            else:
                control.value = spec.default + (i % 2) * 2

        t_option = median_ms(option, args.repeat, warm_up=True)
        lab.profile.value = other
        lab.profile.value = profile  # back to the defaults
        low, high = lab.players.min, lab.players.max

        def players(i: int) -> None:
            lab.players.value = high if lab.players.value != high else low

        t_players = median_ms(players, args.repeat, warm_up=True)
        lab.players.value = min(max(4, low), high)
        lab.deals.value = args.deals
        t_run = median_ms(lambda i: lab.run_button.click(), max(3, args.repeat // 3), warm_up=True)
        print(f"{profile:<16} {t_switch:8.2f} {t_option:8.2f} {t_players:8.2f} {t_run:9.2f}"
              f"   ({t_switch / ref:.0f}x, {t_option / ref:.0f}x, {t_players / ref:.0f}x, "
              f"{t_run / ref:.0f}x)")


if __name__ == "__main__":
    main()
