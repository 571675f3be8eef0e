"""The JupyterLite site (``python lite/build.py``) in Chromium, offline: no server but a static one.

The site is built from this checkout into a temp folder and served by ``python -m http.server``
on 127.0.0.1.  Every request the page makes to any other address is refused and recorded, so
these tests prove what works with no network at all:

- the built site serves its own Pyodide core and lock file, and in it the wheels the kernel
  loads (micropip, packaging, IPython and its dependencies, comm, ipywidgets, graphviz, this
  project) and the diagram extension with Graphviz in WebAssembly,
  each with the checksum the lock file names; the other Pyodide packages (pandas) point at
  the Pyodide distribution online;
- the REPL app runs ``DealStepper`` in play mode: a click on a legal card plays it;
- the start lesson opens in JupyterLab, runs top to bottom, and a click on a legal card of
  its stepper plays it.  The time from opening the lesson to a playable stepper is printed
  (``-s`` shows it) and written to ``test-output/lite-timing.json``.

``RULEBOOK_LITE_SITE=build/lite`` tests a site already built instead of building one.

Marked ``browser`` (this folder) and ``pyodide``.  Skips, saying what is missing, without
npm (the Pyodide core), Playwright or Chromium.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.pyodide

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
TIMING = ROOT / "test-output" / "lite-timing.json"
KERNEL_TIMEOUT = 240_000  # ms: the first kernel start loads about 20 MB of WebAssembly and wheels
STEP_TIMEOUT = 30_000  # ms for one click's answer
CARD_TEXT = re.compile(r"^\s*✓?\s*(10|[2-9AJQK])[♣♦♥♠]\s*$")


def _load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook_lite_build", ROOT / "lite" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The site built by ``lite/build.py`` from this checkout (about 20 s), or the one already
    built in the folder ``RULEBOOK_LITE_SITE`` names."""
    given = os.environ.get("RULEBOOK_LITE_SITE")
    if given:
        return pathlib.Path(given).resolve()
    pytest.importorskip("jupyterlite_core", reason="jupyterlite-core is missing: pip install -e '.[lite]'")
    build = _load_build()
    try:
        build.pyodide_dir()
    except build.MissingTool as missing:
        pytest.skip(str(missing))
    site: pathlib.Path = build.build(tmp_path_factory.mktemp("lite") / "site", log=lambda _text: None)
    return site


@pytest.fixture(scope="session")
def lite_url(lite_site: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``http://127.0.0.1:PORT/``: the site served by a plain static file server."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path_factory.mktemp("lite-server") / "http.log"
    with open(log, "wb") as sink:
        server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                                   "--directory", str(lite_site), str(port)],
                                  stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "jupyter-lite.json", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"the static server did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@dataclass
class Offline:
    """A browser page that may reach only the site's own server; the rest is refused."""

    page: Any
    refused: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


@pytest.fixture
def offline(chromium_browser: Any, lite_url: str) -> Iterator[Offline]:
    """A fresh 1280x900 page whose requests off the site's server are refused and recorded."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(STEP_TIMEOUT)
    found = Offline(page=None)

    def route(request_route: Any) -> None:
        url = request_route.request.url
        # the browser's own files (its PDF viewer) never go to the network
        if url.startswith(lite_url) or url.startswith(("data:", "blob:", "chrome:",
                                                       "chrome-extension:")):
            request_route.continue_()
        else:
            found.refused.append(url)
            request_route.abort()

    context.route("**/*", route)
    found.page = context.new_page()
    found.page.on("console", lambda message: found.console.append(f"{message.type}: {message.text[:400]}"))
    yield found
    context.close()


def _shot(page: Any, name: str) -> pathlib.Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def _kernel_log(found: Offline) -> str:
    """What the kernel printed while loading (Pyodide's 'Loading ...' lines, errors)."""
    return "\n".join(line for line in found.console if "oad" in line or "rror" in line)[-3000:]


# --- the built site, without a browser -------------------------------------------------------

def test_the_site_serves_its_own_pyodide_and_the_wheels_the_kernel_loads(lite_site: pathlib.Path) -> None:
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    pyodide = lite_site / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    project = lock["rulebook-explorer"]
    assert project["imports"] == ["rulebook", "widgets"]
    assert project["depends"] == ["ipywidgets", "graphviz"]  # graphviz writes the diagrams' DOT
    local = {name: entry for name, entry in lock.items() if not entry["file_name"].startswith("http")}
    for name in ("rulebook-explorer", "ipywidgets", "graphviz", "comm", "micropip", "packaging", "ipython",
                 "jedi", "traitlets", "prompt-toolkit", "pygments"):
        assert name in local, f"{name} is not served with the site"
    for name, entry in local.items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), (name, entry["file_name"])
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        for dependency in entry["depends"]:  # everything a served wheel needs is served too
            assert dependency.lower().replace("_", "-") in local, (name, dependency)
    assert lock["pandas"]["file_name"].startswith("https://") and lock["pandas"]["file_name"].endswith(".whl")
    extension = lite_site / "extensions" / "rulebook-diagrams" / "static"
    assert (extension / "remoteEntry.js").is_file() and (extension / "viz.js").stat().st_size > 500_000
    names = [e["name"] for e in config["federated_extensions"]]
    assert "rulebook-diagrams" in names
    assert (lite_site / "files" / "00_start_here.ipynb").is_file()
    assert sorted(p.name for p in (lite_site / "files").glob("*.ipynb")) == \
        sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


# --- the REPL: the stepper with nothing but the site -----------------------------------------

_STEPPER_CODE = ("from rulebook import load_rules\nfrom widgets import DealStepper\n"
                 "DealStepper(load_rules('badam-satti'), play=True, seed=2)")


def _card_buttons(root: Any) -> Any:
    return root.locator(".widget-button:not([disabled])").filter(has_text=CARD_TEXT)


def _marked_legal(root: Any) -> tuple[Any, str] | None:
    buttons = _card_buttons(root)
    for i in range(buttons.count()):
        button = buttons.nth(i)
        text = button.inner_text().strip()
        if text.startswith("✓") or button.locator(".fa-check").count():
            return button, text.lstrip("✓").strip()
    return None


def _legal_card(page: Any, root: Any) -> tuple[Any, str]:
    """The first card button the stepper marks legal (its check icon, or a leading ✓),
    pressing the stepper's ``next`` while none is (a lesson may open a few moves back), or, in
    play mode, waiting while the computer's moves are shown at their pace."""
    following = root.locator(".widget-button:not([disabled])").filter(
        has_text=re.compile(r"^\s*next\s*$"))
    deadline = time.monotonic() + STEP_TIMEOUT / 1000
    for _ in range(60):
        found = _marked_legal(root)
        if found:
            return found
        if not following.count():
            # play mode: the computer's moves are shown one at a time before the learner's turn
            if time.monotonic() > deadline:
                break
            page.wait_for_timeout(250)
            continue
        before = root.inner_text()
        following.first.click()
        for _wait in range(100):  # the page answers the click
            if root.inner_text() != before:
                break
            page.wait_for_timeout(100)
    raise AssertionError(f"no card button is marked legal among {_card_buttons(root).all_inner_texts()}")


def _play_a_legal_card(page: Any, root: Any, name: str) -> str:
    """Click the first legal card; it must leave the clickable hand.  Returns its text."""
    button, card = _legal_card(page, root)
    button.click()
    same = _card_buttons(root).filter(has_text=re.compile(rf"^\s*✓?\s*{re.escape(card)}\s*$"))
    from playwright.sync_api import expect

    try:
        expect(same).to_have_count(0, timeout=STEP_TIMEOUT)
    finally:
        _shot(page, f"{name}_after_click")
    return card


def test_the_repl_runs_the_stepper_offline_and_a_card_click_plays(offline: Offline, lite_url: str) -> None:
    page = offline.page
    query = urllib.parse.urlencode({"kernel": "python", "toolbar": "1", "code": _STEPPER_CODE})
    started = time.monotonic()
    page.goto(f"{lite_url}repl/index.html?{query}")
    cards = _card_buttons(page)
    try:
        cards.first.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
    except Exception:
        shot = _shot(page, "FAILED_lite_repl")
        raise AssertionError(f"no stepper in the REPL (see {shot}); refused: {offline.refused}\n"
                             f"{_kernel_log(offline)}") from None
    ready = time.monotonic() - started
    _shot(page, "lite_repl_stepper")
    _play_a_legal_card(page, page, "lite_repl")
    assert offline.refused == [], f"the site asked for files off its server: {offline.refused}"
    _record_timing("repl_to_playable_stepper_s", ready)


# --- the start lesson in JupyterLab ----------------------------------------------------------

_KERNEL_IDLE = """() => {
    const bar = document.querySelector('#jp-main-statusbar');
    return /Idle/.test(bar ? bar.textContent || '' : '');
}"""

_CELLS_DONE_OR_ERROR = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    if (!panel) return false;
    const errors = [...panel.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')]
        .map(e => e.textContent || '').filter(t => /Traceback|Error/.test(t));
    if (errors.length) return true;
    // a cell whose input a lesson hides shows no prompt: it counts once a later cell has run
    const cells = [...panel.querySelectorAll('.jp-Notebook .jp-CodeCell')];
    const ran = c => /\\[\\d+\\]/.test((c.querySelector('.jp-InputPrompt') || {}).textContent || '');
    const shown = cells.filter(c => !c.querySelector('.jp-InputPlaceholder'));
    return shown.length > 0 && shown.every(ran);
}"""

_CELL_ERRORS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) [data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(e => e.textContent || '').filter(t => /Traceback|Error/.test(t)).join('\\n')"""


def _lesson_imports_pandas(name: str) -> bool:
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return any(re.search(r"^\s*(import pandas|from pandas)", "".join(cell["source"]), re.M)
               for cell in notebook["cells"] if cell["cell_type"] == "code")


def _open_and_run_all(page: Any, url: str) -> Any:
    """Open the lesson at ``url``, wait for its kernel, then Run → Run All Cells;
    returns the notebook's panel."""
    page.goto(url)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    panel.locator(".jp-Notebook .jp-Cell").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
    page.wait_for_function(_KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
    panel.locator(".jp-Notebook .jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    return panel


def test_the_start_lesson_runs_offline_and_a_card_click_plays(offline: Offline, lite_url: str) -> None:
    page = offline.page
    lesson = "00_start_here.ipynb"
    started = time.monotonic()
    panel = _open_and_run_all(page, f"{lite_url}lab/index.html?path={lesson}")
    try:
        page.wait_for_function(_CELLS_DONE_OR_ERROR, timeout=KERNEL_TIMEOUT)
        for _check in range(2):  # and the kernel has finished the queue (hidden cells too)
            page.wait_for_timeout(500)
            page.wait_for_function(_KERNEL_IDLE, timeout=KERNEL_TIMEOUT)
    except Exception:
        shot = _shot(page, "FAILED_lite_lab_00")
        raise AssertionError(f"the start lesson did not finish (see {shot}); refused: {offline.refused}\n"
                             f"{_kernel_log(offline)}") from None
    errors = page.evaluate(_CELL_ERRORS)
    if errors:
        _shot(page, "FAILED_lite_lab_00")
        if _lesson_imports_pandas(lesson) and "pandas" in errors:
            pytest.xfail("the start lesson imports pandas, which an offline site cannot load "
                         f"(refused: {[u for u in offline.refused if 'pandas' in u]})")
        raise AssertionError(f"a cell of {lesson} failed in JupyterLite:\n{errors[:3000]}")
    cards = _card_buttons(panel)
    cards.first.wait_for(state="visible", timeout=STEP_TIMEOUT)
    ready = time.monotonic() - started
    _shot(page, "lite_lab_00_stepper")
    _play_a_legal_card(page, panel, "lite_lab_00")
    assert offline.refused == [], f"the lesson asked for files off the site's server: {offline.refused}"
    _record_timing("start_lesson_to_playable_stepper_s", ready)


def _record_timing(key: str, seconds: float) -> None:
    print(f"\nJupyterLite, offline, Chromium: {key} = {seconds:.1f}")
    TIMING.parent.mkdir(parents=True, exist_ok=True)
    try:
        data = json.loads(TIMING.read_text())
    except (OSError, ValueError):
        data = {}
    data[key] = round(seconds, 1)
    TIMING.write_text(json.dumps(data, indent=1))


# --- the documents the lessons link ----------------------------------------------------------

def test_the_site_serves_every_document_a_lesson_or_guide_links(lite_site: pathlib.Path) -> None:
    """Every relative link in a lesson's Markdown and in the guides the site serves leads to
    a file of the site, as JupyterLab resolves it (``../docs/sheets/badugi.pdf`` from a
    lesson at the root is ``docs/sheets/badugi.pdf``)."""
    build = _load_build()
    files = lite_site / "files"
    served = {p.relative_to(files).as_posix() for p in files.rglob("*") if p.is_file()}
    assert {"docs/teachers.md", "docs/sheets/badugi.pdf", "docs/sheets/badam-satti.pdf"} <= served
    assert not any(p.startswith("graded") for p in served)  # the course's solutions stay out
    broken = []
    for where in sorted(served):
        path = files / where
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        elif path.suffix == ".md":
            text = path.read_text(encoding="utf-8")
        else:
            continue
        for _words, target in build._LINK.findall(text):
            if build.site_link(target, where, served) is None:
                broken.append(f"{where}: {target}")
    assert broken == []


def test_a_lesson_s_rule_sheet_link_opens_the_sheet_offline(offline: Offline, lite_url: str) -> None:
    """A teacher offline clicks "the Badugi rule sheet" in lesson 05: the PDF opens in a tab
    of the site (JupyterLab's PDF viewer), with nothing asked off the site."""
    page = offline.page
    page.goto(f"{lite_url}lab/index.html?path=05_badugi_hands.ipynb")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    link = panel.locator(".jp-RenderedMarkdown a", has_text="the Badugi rule sheet").first
    link.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
    link.click()
    tab = page.locator(".lm-TabBar-tab", has_text="badugi.pdf")
    tab.first.wait_for(state="visible", timeout=STEP_TIMEOUT)
    viewer = page.locator(".jp-PDFContainer iframe, .jp-PDFContainer embed").first
    viewer.wait_for(state="attached", timeout=STEP_TIMEOUT)
    page.wait_for_timeout(3000)  # the PDF viewer draws its first page
    _shot(page, "lite_rule_sheet")
    assert offline.refused == [], f"the sheet asked for files off the site: {offline.refused}"
    with urllib.request.urlopen(f"{lite_url}files/docs/sheets/badugi.pdf", timeout=30) as got:
        assert got.read() == (ROOT / "docs" / "sheets" / "badugi.pdf").read_bytes()
