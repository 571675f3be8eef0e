"""How long `import rulebook` takes, against a bare interpreter start in the same run.

Run: python bench/bench_import.py [--runs 20]

Prints the median wall time of `python -c "import rulebook"` and of `python -c "pass"`,
their difference (the cost of importing rulebook) and the ratio, and lists any heavy module
(pandas, numpy, graphviz, ipywidgets) left in sys.modules afterwards.  Goal: the import costs
at most 80 ms and loads none of them.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

HEAVY = ("pandas", "numpy", "graphviz", "ipywidgets")


def wall(code: str, runs: int) -> float:
    """Median seconds to run ``python -c code`` (after one warm-up run)."""
    subprocess.run([sys.executable, "-c", code], check=True)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    base = wall("pass", args.runs)
    full = wall("import rulebook", args.runs)
    inner = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import rulebook"],
        capture_output=True, text=True, check=True,
    ).stderr.strip().splitlines()[-1]
    self_us = int(inner.split("|")[1])
    mods = json.loads(subprocess.run(
        [sys.executable, "-c", "import rulebook, sys, json; print(json.dumps(list(sys.modules)))"],
        capture_output=True, text=True, check=True,
    ).stdout)
    heavy = sorted(m for m in mods if m.split(".")[0] in HEAVY)
    print(f"python -c pass            : {base * 1000:7.1f} ms (reference)")
    print(f"python -c 'import rulebook': {full * 1000:7.1f} ms")
    print(f"import cost (difference)  : {(full - base) * 1000:7.1f} ms  (goal <= 80 ms)")
    print(f"ratio to a bare start     : {full / base:7.2f}x")
    print(f"-X importtime cumulative  : {self_us / 1000:7.1f} ms")
    print(f"heavy modules loaded      : {', '.join(heavy) or 'none'}")


if __name__ == "__main__":
    main()
