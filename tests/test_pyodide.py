"""The engine runs in WebAssembly: this project's wheel inside Pyodide under Node, same answers.

Pyodide (CPython compiled to WebAssembly) comes from the npm package ``pyodide`` pinned in
``lite/package.json`` (``npm ci --prefix lite``; ``lite/build.py`` installs it when npm is
there).  The wheel is unpacked into Pyodide's site-packages, ``tests/pyodide/engine_probe.py``
runs there and here, and the two answers must be identical: a seeded deal of every profile
with the computer players, the explanation of every legal first move and of a refused one,
each deal's record saved and loaded back, Badugi hands ranked and compared, a malformed card.

Marked ``pyodide`` (deselect with ``-m "not pyodide"``); skips, saying what is missing, when
node or npm is not installed.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import shutil
import subprocess
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import rulebook

pytestmark = pytest.mark.pyodide

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
PROBE = ROOT / "tests" / "pyodide" / "engine_probe.py"


def _load(path: pathlib.Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def run_in_pyodide(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_in_pyodide(script, *args)``: the script run by Pyodide under Node, with this
    project's wheel installed; returns the finished process (stdout, stderr, returncode)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: Node.js 20 runs Pyodide for these tests (apt-get install -y nodejs npm)")
    build = _load(ROOT / "lite" / "build.py", "rulebook_lite_build")
    try:
        core = build.pyodide_dir()
    except build.MissingTool as missing:
        pytest.skip(str(missing))
    wheel = build.project_wheel(tmp_path_factory.mktemp("wheel"))

    def run(script: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([node, str(RUNNER), str(core), str(wheel), str(script), *args],
                              capture_output=True, text=True, timeout=600, cwd=ROOT)
    return run


@pytest.fixture(scope="module")
def answers(run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(in Pyodide, native): the probe's output in WebAssembly and here, from the same code."""
    done = run_in_pyodide(PROBE)
    assert done.returncode == 0, done.stderr[-3000:]
    wasm = json.loads(done.stdout)
    native = _load(PROBE, "engine_probe_native")
    return wasm, {"where": native.where(), "probe": native.probe()}


def test_the_probe_ran_in_webassembly(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    assert wasm["where"]["platform"] == "emscripten"
    assert native["where"]["platform"] != "emscripten"


def test_every_profile_plays_the_same_deals_in_pyodide(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    assert wasm["probe"]["profiles"] == native["probe"]["profiles"]
    assert set(wasm["probe"]["deals"]) == set(native["probe"]["profiles"])
    for profile, deals in native["probe"]["deals"].items():
        for here, there in zip(deals, wasm["probe"]["deals"][profile], strict=True):
            assert there["moves"] == here["moves"], (profile, here["seed"])
            assert there["places"] == here["places"] and there["summary"] == here["summary"]
            assert here["places"] is not None and len(here["moves"]) > 4  # the deal was played out


def test_explanations_are_the_same_in_pyodide(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    for profile, deals in native["probe"]["deals"].items():
        for here, there in zip(deals, wasm["probe"]["deals"][profile], strict=True):
            assert there["explained"] == here["explained"]
            assert there["refused"] == here["refused"]
            assert all(e["legal"] and e["clauses"] for e in here["explained"])
            assert not here["refused"]["legal"] and here["refused"]["clauses"], here["refused"]


def test_records_round_trip_with_the_same_digest_in_pyodide(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    for profile, deals in native["probe"]["deals"].items():
        for here, there in zip(deals, wasm["probe"]["deals"][profile], strict=True):
            assert here["record_round_trip"] and there["record_round_trip"], (profile, here["seed"])
            assert there["record_digest"] == here["record_digest"]


def test_badugi_ranks_the_same_in_pyodide(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    assert wasm["probe"]["badugi"] == native["probe"]["badugi"]
    assert native["probe"]["badugi"]["words"]["AC 2D 3H 4S"] == "badugi 4-3-2-A"
    assert "24 hands beat it" in native["probe"]["badugi"]["standing"]


def test_the_whole_probe_is_identical(answers: tuple[dict[str, Any], dict[str, Any]]) -> None:
    wasm, native = answers
    assert wasm["probe"] == native["probe"]
    assert wasm["probe"]["bad_card"][0] == "CardError"


def test_an_engine_error_in_pyodide_fails_the_run(run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]],
                                                 tmp_path: pathlib.Path) -> None:
    """The runner reports a failing script (so the comparisons above cannot pass on nothing)."""
    script = tmp_path / "bad_move.py"
    script.write_text("import rulebook\nrulebook.load_rules('sevens').new_deal(players=4, seed=1).play('2C')\n")
    done = run_in_pyodide(script)
    assert done.returncode == 1
    native = rulebook.load_rules("sevens").new_deal(players=4, seed=1).explain("2C").reason
    assert f"rulebook.errors.IllegalMove: {native}" in done.stderr, done.stderr[-2000:]
    assert done.stdout.strip() == ""


MEASURE_PROBE = ROOT / "tests" / "pyodide" / "measure_probe.py"


@pytest.fixture(scope="module")
def measured(run_in_pyodide: Callable[..., subprocess.CompletedProcess[str]]
             ) -> dict[str, dict[str, Any]]:
    """The measure probe's output in Pyodide (no numpy there), here with numpy and here with
    numpy and pandas hidden."""
    import sys

    done = run_in_pyodide(MEASURE_PROBE)
    assert done.returncode == 0, done.stderr[-3000:]
    out = {"wasm": json.loads(done.stdout)}
    for name, flags in (("numpy", []), ("plain", ["--no-numpy"])):
        here = subprocess.run([sys.executable, str(MEASURE_PROBE), *flags], capture_output=True,
                              text=True, timeout=600, cwd=ROOT)
        assert here.returncode == 0, here.stderr[-3000:]
        out[name] = json.loads(here.stdout)
    return out


def test_measurements_in_pyodide_are_the_numpy_batches_sums(measured: dict[str, dict[str, Any]]
                                                           ) -> None:
    """Offline in the browser there is no numpy: simulate(..., aggregate=True) and
    compare_rules play every deal on the scalar core and sum in plain Python. The exact sums
    (and so every interval and sentence) equal the numpy batches' here, for every game."""
    wasm, numpy, plain = measured["wasm"], measured["numpy"], measured["plain"]
    assert wasm["numpy"] is False and plain["numpy"] is False and numpy["numpy"] is True
    for key in ("runs", "compare", "rows"):
        assert wasm[key] == numpy[key] == plain[key]
    assert len(numpy["rows"]) == 12 and numpy["rows"][0]["deal"] == 0
    for run in numpy["runs"]:
        profile, _players, _bots, deals = run["run"]
        assert run["moments"]["deals"] == deals and any(run["moments"]["s1"]), profile
    assert "showdown" in numpy["runs"][-1]["moments"]["names"]  # Badugi's derived measure
    assert numpy["compare"]["moments"]["deals"] == 300


def test_a_table_of_every_deal_needs_numpy_and_says_so(measured: dict[str, dict[str, Any]]
                                                      ) -> None:
    wasm, numpy, plain = measured["wasm"], measured["numpy"], measured["plain"]
    assert numpy["frame"] == "a DataFrame"
    assert wasm["frame"] == plain["frame"]
    kind, sentence = wasm["frame"]
    assert kind == "NeedsNumpy" and "compare_rules" in sentence and len(sentence) < 260
