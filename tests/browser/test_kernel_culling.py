"""A closed page's kernel ends: Binder's idle-kernel culling, checked on real servers.

``binder/postBuild`` copies ``binder/jupyter_server_config.json`` (Binder's server: JupyterLab
and Voila at ``/voila/render/...``) and ``binder/voila.json`` (a stand-alone ``voila``) into
the Jupyter config folder.  Here postBuild runs into a temporary config folder; the two files
it put there get short timeouts *in place* (everything else as shipped), and the servers start
with no culling option on their command line, so a kernel can only be culled if the files are
read from where postBuild put them and their option names are right.

Then, for JupyterLab (a kernel and its websocket, as a notebook tab has), for Voila inside
JupyterLab's server (Binder's Voila link: a page fetched and left) and for a stand-alone Voila
(a real page in Chromium): while the page is connected its kernel stays, well past the idle
timeout; once the page is closed, the kernel is gone within the timeout and one interval,
plus a margin.  Under 2 minutes in all (about 95 s on a busy 2-core machine, most of it
starting the servers and Chromium).
"""
from __future__ import annotations

import json
import os
import pathlib
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
CHROMIUM = pathlib.Path(os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

CULL_IDLE_TIMEOUT = 3  # seconds, in place of the shipped value
CULL_INTERVAL = 1
MARGIN = 12.0  # seconds: a loaded 2-core machine, a kernel's shutdown
DEADLINE = CULL_IDLE_TIMEOUT + CULL_INTERVAL + MARGIN
STARTUP = 90.0

NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
               "outputs": [], "source": [
                   "import ipywidgets\n",
                   "import rulebook\n",
                   "state = rulebook.load_rules('sevens').new_deal(players=4, seed=1)\n",
                   "ipywidgets.Label(f'ready: {len(state.legal_moves())} moves')"]}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """Process ids started, directly or not, by ``pid`` (a server's kernels)."""
    parents: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class Server:
    """A server started here on 127.0.0.1 with a token; stopped by process id."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], cwd: pathlib.Path,
                 port: int, token: str, log: pathlib.Path) -> None:
        self.name, self.port, self.token, self.log = name, port, token, log
        with open(log, "wb") as sink:
            self.process = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=sink,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def url(self, path: str) -> str:
        """``http://127.0.0.1:PORT/path?token=...``."""
        joiner = "&" if "?" in path else "?"
        return f"http://127.0.0.1:{self.port}{path}{joiner}token={self.token}"

    def get(self, path: str) -> tuple[int, Any]:
        """(status, decoded JSON or text) of a GET with the token."""
        try:
            with urllib.request.urlopen(self.url(path), timeout=60) as response:
                body = response.read().decode()
                status = response.status
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body

    def post(self, path: str, payload: dict[str, Any]) -> Any:
        """The decoded JSON answer of a POST with the token."""
        request = urllib.request.Request(self.url(path), data=json.dumps(payload).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read().decode())

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the server's log, for failure messages."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def wait_ready(self, probe: str) -> None:
        """Until ``probe`` answers 200, or fail with the log."""
        deadline = time.monotonic() + STARTUP
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"{self.name} exited {self.process.returncode}:\n{self.log_tail()}")
            try:
                if self.get(probe)[0] == 200:
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        pytest.fail(f"{self.name} did not answer in {STARTUP:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM the server, then SIGKILL any kernel that outlived it."""
        if self.process.poll() is not None:
            return
        kernels = _children(self.process.pid)
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A Jupyter home filled by binder/postBuild, with short timeouts written into its files."""
    base = tmp_path_factory.mktemp("culling")
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[var] = str(base / var.lower())
        os.makedirs(env[var], exist_ok=True)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONUNBUFFERED"] = "1"
    out = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    config_dir = pathlib.Path(env["JUPYTER_CONFIG_DIR"])
    for name in ("jupyter_server_config.json", "voila.json"):
        installed = config_dir / name
        assert installed.is_file(), f"postBuild did not put {name} in the Jupyter config folder"
        shipped = json.loads((BINDER / name).read_text())
        assert json.loads(installed.read_text()) == shipped
        culling = shipped["MappingKernelManager"]
        culling.update(cull_idle_timeout=CULL_IDLE_TIMEOUT, cull_interval=CULL_INTERVAL)
        installed.write_text(json.dumps(shipped))
    served = base / "served"
    served.mkdir()
    (served / "culling.ipynb").write_text(json.dumps(NOTEBOOK))
    return {"env": env, "base": base, "served": served}


def _server(home: dict[str, Any], kind: str) -> Iterator[Server]:
    port, token = _free_port(), secrets.token_hex(16)
    served = home["served"]
    if kind == "lab":
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip", "127.0.0.1",
               "--port", str(port), "--ServerApp.port_retries=0", f"--ServerApp.token={token}",
               f"--ServerApp.root_dir={served}"]
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        probe = "/api/status"
    else:
        cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", "--Voila.port_retries=0", f"--token={token}", str(served)]
        probe = "/"
    server = Server(kind, cmd, home["env"], served, port, token, home["base"] / f"{kind}.log")
    try:
        server.wait_ready(probe)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def lab(home: dict[str, Any]) -> Iterator[Server]:
    """JupyterLab's server (Binder's), Voila's server extension in it, config from postBuild."""
    yield from _server(home, "lab")


@pytest.fixture(scope="module")
def voila(home: dict[str, Any]) -> Iterator[Server]:
    """A stand-alone Voila serving the test notebook, config from postBuild."""
    pytest.importorskip("voila", reason="voila is missing: pip install -e '.[test]'")
    yield from _server(home, "voila")


def _lab_kernels(lab: Server) -> dict[str, dict[str, Any]]:
    status, kernels = lab.get("/api/kernels")
    assert status == 200, kernels
    return {k["id"]: k for k in kernels}


def _within(condition: Callable[[], bool], seconds: float) -> float:
    """Seconds until ``condition()`` holds, polled; ``inf`` if not within ``seconds``."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():
            return time.monotonic() - start
        time.sleep(0.25)
    return float("inf")


def _stays_while_connected(is_gone: Callable[[], bool]) -> None:
    """The kernel of a page still open outlives the idle timeout (cull_connected is false)."""
    time.sleep(CULL_IDLE_TIMEOUT + 2 * CULL_INTERVAL + 1)
    assert not is_gone(), "a connected page's kernel was culled: the learner's game was lost"


def _culled_with_the_files_timeouts(server: Server) -> None:
    """The server's culler runs with the timeouts written into the installed files (nothing
    on its command line names them), and it is what ended the kernel."""
    log = server.log_tail(200_000)
    assert f"Culling kernels with idle durations > {CULL_IDLE_TIMEOUT} seconds at " \
           f"{CULL_INTERVAL} second intervals" in log, log[-2000:]
    assert "due to" in log and "seconds of inactivity" in log, log[-2000:]


def test_a_closed_notebook_tabs_kernel_ends_in_jupyterlab(lab: Server) -> None:
    websocket = pytest.importorskip("websocket", reason="websocket-client is missing")
    kernel = lab.post("/api/kernels", {"name": "python3"})["id"]
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{lab.port}/api/kernels/{kernel}/channels?token={lab.token}", timeout=30)
    try:
        assert _within(lambda: _lab_kernels(lab).get(kernel, {}).get("connections", 0) >= 1,
                            30) < 30, "the websocket never counted as a connection"
        _stays_while_connected(lambda: kernel not in _lab_kernels(lab))
    finally:
        ws.close()
    took = _within(lambda: kernel not in _lab_kernels(lab), DEADLINE)
    assert took <= DEADLINE, (f"the kernel of a closed tab still ran {DEADLINE:.0f} s later:\n"
                              f"{lab.log_tail()}")
    _culled_with_the_files_timeouts(lab)


def test_a_voila_page_fetched_and_left_on_binders_server_ends(lab: Server) -> None:
    before = set(_lab_kernels(lab))
    status, html = lab.get("/voila/render/culling.ipynb")
    assert status == 200 and "ready: 1 moves" in html, str(html)[-2000:]
    started = set(_lab_kernels(lab)) - before
    assert len(started) == 1, "Voila did not start one kernel for the page"
    took = _within(lambda: not started & set(_lab_kernels(lab)), DEADLINE)
    assert took <= DEADLINE, (f"a left Voila page's kernel still ran {DEADLINE:.0f} s later:\n"
                              f"{lab.log_tail()}")
    _culled_with_the_files_timeouts(lab)


def test_a_closed_voila_page_ends_its_kernel(voila: Server, chromium_browser: Any) -> None:
    # the session's browser (tests/browser/conftest.py): a second sync Playwright in the same
    # process is refused while the first runs
    context = chromium_browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    kernels: list[str] = []

    def on_websocket(ws: Any) -> None:
        found = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", ws.url)
        if found:
            kernels.append(found.group(1))

    page.on("websocket", on_websocket)

    def gone() -> bool:
        return voila.get(f"/api/kernels/{kernels[0]}")[0] == 404

    try:
        page.goto(voila.url("/voila/render/culling.ipynb"))
        page.locator(".widget-label", has_text="ready: 1 moves").wait_for(timeout=90_000)
        assert len(set(kernels)) == 1, kernels
        status, model = voila.get(f"/api/kernels/{kernels[0]}")
        assert status == 200 and model["connections"] >= 1, model
        _stays_while_connected(gone)
        assert page.locator(".widget-label", has_text="ready: 1 moves").is_visible()
    finally:
        page.close()
        context.close()
    took = _within(gone, DEADLINE)
    assert took <= DEADLINE, (f"a closed Voila page's kernel still ran {DEADLINE:.0f} s later:\n"
                              f"{voila.log_tail()}")
    _culled_with_the_files_timeouts(voila)
