"""Benchmark: state-path deals per second in Pyodide (WebAssembly, under Node) against native.

    python bench/bench_pyodide.py [--deals N] [--profiles badam-satti sevens ...]

Builds this project's wheel, runs this same file inside Pyodide (the npm package pinned in
``lite/package.json``, under Node; ``lite/build.py`` installs it with npm when missing) and
natively in this process, and prints, per profile, random 4-player deals per second through
``rules.new_deal`` + ``autoplay`` (the path the widgets and lessons use) in each, and the
ratio native / Pyodide.  Times are CPU times (steadier than wall time on a busy shared
machine), each figure the best of five batches of the same seeds in both.  Plain script: it measures, it never fails.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]


def cpu_seconds() -> float:
    """CPU time of this process: ``time.process_time()`` natively; inside Pyodide under Node,
    the Node process's CPU time (``process.cpuUsage()``), which runs the WebAssembly."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        usage = js.process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def state_path_rates(profiles: list[str], deals: int, batches: int = 5) -> dict[str, float]:
    """Deals per CPU second per profile through State + autoplay, seeded random 4-player deals: the best of
    ``batches`` batches of ``deals // batches`` deals (the fastest batch is the one the other
    processes on a shared machine disturbed least), after one warm-up deal.  Runs unchanged
    natively and inside Pyodide."""
    from rulebook import load_rules
    from rulebook.protocol import autoplay

    size = max(1, deals // batches)
    rates = {}
    for profile in profiles:
        rules = load_rules(profile)
        autoplay(rules.new_deal(players=4, seed=-1), "random", seed=-1)
        best = 0.0
        for batch in range(batches):
            seeds = range(batch * size, (batch + 1) * size)
            start = cpu_seconds()
            for seed in seeds:
                autoplay(rules.new_deal(players=4, seed=seed, dealer=seed % 4), "random", seed=seed)
            best = max(best, size / (cpu_seconds() - start))
        rates[profile] = best
    return rates


def _inside(argv: list[str]) -> None:
    deals, profiles = int(argv[0]), argv[1:]
    print(json.dumps({"platform": sys.platform, "rates": state_path_rates(profiles, deals)}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500, help="deals per profile (default 500)")
    ap.add_argument("--profiles", nargs="+", default=PROFILES)
    args = ap.parse_args()

    root = pathlib.Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("rulebook_lite_build", root / "lite" / "build.py")
    assert spec and spec.loader
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    node = shutil.which("node")
    if node is None:
        sys.exit("node is missing: Node.js 20 runs Pyodide for this benchmark")
    core = build.pyodide_dir()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build.project_wheel(pathlib.Path(tmp))
        native = state_path_rates(args.profiles, args.deals)
        started = time.perf_counter()
        done = subprocess.run([node, str(root / "tests" / "pyodide" / "run.mjs"), str(core), str(wheel),
                               __file__, "--inside", str(args.deals), *args.profiles],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"the Pyodide run failed:\n{done.stderr[-3000:]}")
        wasm = json.loads(done.stdout)
        wall = time.perf_counter() - started
        native_again = state_path_rates(args.profiles, args.deals)
    print(f"State + autoplay, 4 random players, {args.deals} deals per profile (CPU time, best of 5 batches); "
          f"Pyodide {build.PYODIDE_VERSION} ({wasm['platform']}) under Node {_node_version(node)} "
          f"vs native Python {sys.version.split()[0]} (native measured before and after)")
    print(f"{'profile':<16} {'native deals/s':>15} {'Pyodide deals/s':>16} {'native/Pyodide':>15}")
    for profile in args.profiles:
        here = max(native[profile], native_again[profile])
        there = wasm["rates"][profile]
        print(f"{profile:<16} {here:>15,.0f} {there:>16,.0f} {here / there:>14.1f}x")
    print(f"(the Pyodide run took {wall:.1f} s, starting Pyodide included)")


def _node_version(node: str) -> str:
    return subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--inside":
        _inside(sys.argv[2:])
    else:
        main()
