"""Real-browser tests: Playwright for Python driving Debian's Chromium, against JupyterLab and Voila.

Fixtures for the tests in this folder (every one skips, saying what is missing, when Playwright,
``/usr/bin/chromium``, JupyterLab or Voila is not installed):

``notebook_dir``           session ``Path``: the folder both servers serve (a temp folder, so a
                           notebook saved by JupyterLab never touches the repository).
``make_notebook(name, cells, widgets=True)``
                           writes ``notebook_dir/name`` from a list of code-cell sources (a cell
                           starting ``#md`` becomes Markdown); returns ``name``.
``copy_notebook(path)``    copies a notebook (e.g. ``notebooks/00_start_here.ipynb``) and every
                           file beside it into ``notebook_dir``; returns its name there.
``jupyter_lab``            session ``Server`` (``.url(path)``, ``.root``, ``.token``, ``.port``,
                           ``.log``): JupyterLab on a free loopback port with a token.
``voila``                  session ``Server``: Voila serving ``notebook_dir`` (``/voila/render/NAME``).
``page``                   a fresh Playwright ``Page`` (1280x900) in Chromium, closed after the test.
``open_and_run_all(page, notebook, timeout=120)``
                           opens ``notebook`` in JupyterLab (``?reset``), waits for the kernel to be
                           idle, Run → Run All Cells, waits until every code cell's prompt has a
                           number (retrying once); returns the ``Locator`` of the notebook panel.
``open_voila(page, notebook, timeout=120)``
                           opens the notebook rendered by Voila and waits until it finished
                           executing; returns the ``Locator`` of the page body.
``shot(page, name)``       saves ``test-output/screenshots/<name>.png`` and returns its path.

Every browser test is marked ``browser`` (deselect with ``-m "not browser"``).  Kernels and
servers started here are stopped, by process id, when the session ends.
"""
from __future__ import annotations

import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
CHROMIUM = pathlib.Path(os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
STARTUP_TIMEOUT = 90.0  # seconds for a server to answer


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser``."""
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


# --- servers ---------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _descendants(pid: int) -> list[int]:
    """Process ids started (directly or not) by ``pid``, read from /proc (kernels of a server)."""
    children: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@dataclass
class Server:
    """A JupyterLab or Voila server started by the tests, on 127.0.0.1."""

    name: str
    root: pathlib.Path
    port: int
    token: str
    log: pathlib.Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "", **query: str) -> str:
        """A URL on this server, with the token (``?reset`` style flags: pass ``reset=""``)."""
        parts = [k if v == "" else f"{k}={v}" for k, v in query.items()]
        parts.append(f"token={self.token}")
        path = path if path.startswith("/") else "/" + path
        return f"{self.base}{path}?{'&'.join(parts)}"

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the server's log (for failure messages)."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def wait_ready(self, probe: str) -> None:
        """Wait until ``probe`` (a path) answers 200, or fail with the log."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                pytest.fail(f"{self.name} exited {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url(probe), timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        pytest.fail(f"{self.name} did not answer on port {self.port} in {STARTUP_TIMEOUT:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the server and any kernel it started, by process id."""
        if self.process is None or self.process.poll() is not None:
            return
        pids = _descendants(self.process.pid)
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        for pid in pids:  # kernels that outlived their server
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _require(module: str, hint: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is missing: {hint}")


def _isolated_env(home: pathlib.Path) -> dict[str, str]:
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[var] = str(home / var.lower())
        os.makedirs(env[var], exist_ok=True)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _lab_settings(settings_dir: pathlib.Path) -> None:
    """User settings that keep JupyterLab predictable for a robot: every cell in the DOM, no
    news or update toasts over the page."""
    files = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False},
    }
    for name, value in files.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The folder that JupyterLab and Voila serve (a temp folder, never the repository)."""
    return tmp_path_factory.mktemp("served")


def _start(name: str, cmd: list[str], root: pathlib.Path, port: int, token: str,
           home: pathlib.Path, probe: str) -> Server:
    log = home / f"{name}.log"
    server = Server(name=name, root=root, port=port, token=token, log=log)
    with open(log, "wb") as sink:
        server.process = subprocess.Popen(cmd, cwd=root, env=_isolated_env(home), stdout=sink,
                                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server.wait_ready(probe)
    return server


@pytest.fixture(scope="session")
def jupyter_lab(notebook_dir: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on a free loopback port with a token, serving ``notebook_dir``."""
    _require("jupyterlab", "pip install -e '.[test]'")
    home = tmp_path_factory.mktemp("lab-home")
    env_dirs = _isolated_env(home)
    _lab_settings(pathlib.Path(env_dirs["JUPYTERLAB_SETTINGS_DIR"]))
    # the lessons as a student's JupyterLab shows them: the lab extras have no nbgrader (the
    # test extras bring it, for tests/test_nbgrader.py), whose menu and side bar take width
    labconfig = pathlib.Path(env_dirs["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyter/nbgrader": True}}))
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip", "127.0.0.1", "--port", str(port),
           "--ServerApp.port_retries=0", f"--ServerApp.token={token}", f"--ServerApp.root_dir={notebook_dir}",
           f"--LabServerApp.user_settings_dir={env_dirs['JUPYTERLAB_SETTINGS_DIR']}",
           f"--LabServerApp.workspaces_dir={env_dirs['JUPYTERLAB_WORKSPACES_DIR']}",
           "--LabApp.expose_app_in_browser=True"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    server = _start("jupyterlab", cmd, notebook_dir, port, token, home, "/api/status")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(notebook_dir: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila on a free loopback port with a token, serving ``notebook_dir`` (``/voila/render/NAME``)."""
    _require("voila", "pip install -e '.[test]'")
    home = tmp_path_factory.mktemp("voila-home")
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--Voila.port_retries=0", f"--token={token}", "--show_tracebacks=True", str(notebook_dir)]
    server = _start("voila", cmd, notebook_dir, port, token, home, "/")
    yield server
    server.stop()


# --- notebooks -------------------------------------------------------------------------------

@pytest.fixture
def make_notebook(notebook_dir: pathlib.Path) -> Callable[..., str]:
    """``make_notebook(name, cells)`` writes a notebook into ``notebook_dir``; returns its name."""
    def make(name: str, cells: list[str]) -> str:
        nbformat = pytest.importorskip("nbformat", reason="nbformat is missing: pip install -e '.[test]'")
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                     "language": "python"}
        nb.cells = [nbformat.v4.new_markdown_cell(c[3:].lstrip()) if c.startswith("#md")
                    else nbformat.v4.new_code_cell(c) for c in cells]
        nbformat.write(nb, notebook_dir / name)
        return name
    return make


@pytest.fixture
def copy_notebook(notebook_dir: pathlib.Path) -> Callable[[str | os.PathLike[str]], str]:
    """``copy_notebook(path)`` copies a notebook and the files beside it into ``notebook_dir``."""
    def copy(path: str | os.PathLike[str]) -> str:
        source = pathlib.Path(path)
        if not source.is_absolute():
            source = ROOT / source
        shutil.copytree(source.parent, notebook_dir, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        return source.name
    return copy


# --- the browser -----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium, launched headless by Playwright (never ``playwright install``)."""
    _require("playwright", "pip install -e '.[test]' (and never run `playwright install`)")
    if not CHROMIUM.exists():
        pytest.skip(f"chromium is missing at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    manager = sync_playwright().start()
    try:
        browser = manager.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    except Exception:
        manager.stop()
        raise
    yield browser
    browser.close()
    manager.stop()


@pytest.fixture
def page(chromium_browser: Any) -> Iterator[Any]:
    """A fresh page (its own browser context, 1280x900), closed after the test."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    new_page = context.new_page()
    yield new_page
    context.close()


@pytest.fixture
def shot() -> Callable[[Any, str], pathlib.Path]:
    """``shot(page, name)`` saves a full-page screenshot to ``test-output/screenshots/<name>.png``."""
    def take(page: Any, name: str) -> pathlib.Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return take


# --- JupyterLab: open a notebook and run every cell ------------------------------------------

_ALL_PROMPTS_NUMBERED = """() => {
    const cells = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell')];
    if (cells.length === 0) return false;
    return cells.every(c => {
        const p = c.querySelector('.jp-InputPrompt');
        return p && /\\[\\d+\\]/.test(p.textContent || '');
    });
}"""

# Every code cell has run, or one has failed: Run All stops at an error, so waiting for the
# remaining prompts would only wait out the timeout.
_CELL_ERROR = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) [data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(e => e.textContent || '').filter(t => /Traceback|Error/.test(t)).join('\\n')"""

_ALL_RAN_OR_ERROR = ("() => (" + _CELL_ERROR + ")() !== '' || (" + _ALL_PROMPTS_NUMBERED + ")()")

_ANY_PROMPT_STARTED = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell .jp-InputPrompt')]
    .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent || ''))"""

# The kernel is connected and idle (the app is exposed by --LabApp.expose_app_in_browser), and
# the status bar says so: the status bar alone can say Idle before the kernel is connected.
_KERNEL_IDLE = """() => {
    const app = window.jupyterapp;
    const widget = app && app.shell && app.shell.currentWidget;
    const kernel = widget && widget.sessionContext && widget.sessionContext.session
                   && widget.sessionContext.session.kernel;
    if (!kernel || kernel.connectionStatus !== 'connected' || kernel.status !== 'idle') return false;
    const bar = document.querySelector('#jp-main-statusbar');
    return /\\bIdle/.test(bar ? bar.textContent || '' : '');
}"""


def _run_all(page: Any) -> None:
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


@pytest.fixture
def open_and_run_all(jupyter_lab: Server, chromium_browser: Any) -> Callable[..., Any]:
    """``open_and_run_all(page, notebook, timeout=120)``: open in JupyterLab, Run All, wait.

    The robust recipe of JUPYTER-NOTES: ``?reset`` (a restored workspace can make Run All do
    nothing), wait for the kernel to be idle, click the first cell, menu Run → Run All Cells,
    wait until every code cell's input prompt shows a number; run all once more if not.
    Returns the notebook panel's ``Locator``.
    """
    def run(page: Any, notebook: str, timeout: float = 120) -> Any:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        page.goto(jupyter_lab.url(f"/lab/tree/{notebook}", reset=""))
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-Notebook .jp-Cell").first.wait_for(state="visible", timeout=timeout * 1000)
        page.wait_for_function(_KERNEL_IDLE, timeout=timeout * 1000)
        last_error: Exception | None = None
        for attempt in range(2):
            try:
                _run_all(page)
                # Run All can silently do nothing: notice it in seconds, not at the timeout.
                page.wait_for_function(_ANY_PROMPT_STARTED, timeout=15_000)
                page.wait_for_function(_ALL_RAN_OR_ERROR, timeout=timeout * 1000)
                failure = page.evaluate(_CELL_ERROR)
                if failure:
                    raise AssertionError(f"{notebook}: a cell failed in JupyterLab:\n{failure[:3000]}")
                page.wait_for_function(_KERNEL_IDLE, timeout=timeout * 1000)
                return panel
            except PlaywrightTimeout as error:
                last_error = error
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"RETRY_run_all_{pathlib.Path(notebook).stem}.png"))
                print(f"open_and_run_all({notebook!r}): attempt {attempt + 1} timed out: {str(error)[:200]}")
                page.keyboard.press("Escape")  # close a menu left open
                dialog = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
                if dialog.count():  # e.g. "Select Kernel" after a kernel restart: keep the default
                    dialog.first.click()
                page.wait_for_function(_KERNEL_IDLE, timeout=timeout * 1000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        failed_shot = SCREENSHOTS / f"FAILED_run_all_{pathlib.Path(notebook).stem}.png"
        page.screenshot(path=str(failed_shot))
        raise AssertionError(
            f"{notebook}: not every cell ran after Run All twice ({last_error}); see {failed_shot}.\n"
            f"JupyterLab log:\n{jupyter_lab.log_tail()}")
    return run


# --- Voila -----------------------------------------------------------------------------------

_VOILA_DONE = """() => {
    const loading = document.querySelector('#loading');
    const hidden = !loading || loading.style.display === 'none' || loading.offsetParent === null;
    return document.readyState === 'complete' && hidden &&
           document.querySelector('.jp-OutputArea, .jp-Cell, main, #rendered_cells') !== null;
}"""


@pytest.fixture
def open_voila(voila: Server, chromium_browser: Any) -> Callable[..., Any]:
    """``open_voila(page, notebook, timeout=120)``: open the Voila rendering, wait until executed."""
    def open_(page: Any, notebook: str, timeout: float = 120) -> Any:
        page.goto(voila.url(f"/voila/render/{notebook}"), timeout=timeout * 1000)
        page.wait_for_function(_VOILA_DONE, timeout=timeout * 1000)
        return page.locator("body")
    return open_
