"""The class table as a JupyterHub service, on a real JupyterHub (from PyPI) and a real
configurable-http-proxy (from npm), both started by the test on free ports of 127.0.0.1 with
the hub's database and cookie secret in a temporary folder.

Users log in through the hub's login page and the OAuth redirects, as a browser would; a hub
admin and a member of the ``teachers`` group create rooms, a student may not; two students
join with a room code and are seated under their hub names; a move is played and the
WebSocket pushes the new view, all through the proxy; a visitor who is not logged in is sent
to the hub's login from a page and refused by the API and the WebSocket, unless they carry a
seat's token.  Skipped only when jupyterhub or configurable-http-proxy is missing.

The gate's other answers (a request from another site, a login that does not match, the
OpenAPI schema under the prefix) are checked without a hub, with a stand-in for HubOAuth.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("jupyterhub", reason="jupyterhub is not installed (pip install jupyterhub)")
websockets_sync = pytest.importorskip("websockets.sync.client")

import httpx  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

CHP = os.environ.get("CONFIGURABLE_HTTP_PROXY") or shutil.which("configurable-http-proxy")
PREFIX = "/services/classtable/"
COOKIE = "service-classtable"  # the service's login cookie: the hub's OAuth client id
START_SECONDS = 90  # a loaded 2-core machine starts the hub, the proxy and the service slowly


def free_ports(count: int) -> list[int]:
    """``count`` different free ports of 127.0.0.1."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]
    finally:
        for s in sockets:
            s.close()


def hub_config(folder: Path, proxy: int, api: int, hub: int, service: int) -> str:
    """A jupyterhub_config.py like the one docs/classroom.md gives, on the test's ports."""
    command = [sys.executable, "-m", "rulebook", "serve", "--jupyterhub",
               "--db", str(folder / "classroom.sqlite")]
    return f"""
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {proxy}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub}
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = "{folder / 'jupyterhub_cookie_secret'}"
c.JupyterHub.pid_file = "{folder / 'jupyterhub.pid'}"
c.ConfigurableHTTPProxy.command = [{CHP!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api}"
c.ConfigurableHTTPProxy.pid_file = "{folder / 'proxy.pid'}"
c.ConfigurableHTTPProxy.auth_token = "proxy-token-for-the-test-only"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.admin_users = {{"teacher"}}
c.Authenticator.allow_all = True
c.JupyterHub.load_groups = {{"teachers": {{"users": ["mx-ray"]}}}}
c.JupyterHub.services = [
    {{
        "name": "classtable",
        "url": "http://127.0.0.1:{service}",
        "command": {command!r},
        "environment": {{"RULEBOOK_TEACHER_GROUPS": "teachers"}},
        "oauth_no_confirm": True,
    }},
]
c.JupyterHub.load_roles = [
    {{"name": "user", "scopes": ["self", "access:services!service=classtable"]}},
]
"""


def ours(folder: Path) -> list[int]:
    """The processes started for this test: their command line names the test's folder."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if str(folder).encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running JupyterHub with the class table service; yields the proxy's address."""
    if not CHP:
        pytest.skip("configurable-http-proxy is missing (npm install -g configurable-http-proxy)")
    folder = tmp_path_factory.mktemp("jupyterhub")
    proxy, api, hub_port, service = free_ports(4)
    (folder / "jupyterhub_config.py").write_text(hub_config(folder, proxy, api, hub_port,
                                                            service))
    log = open(folder / "jupyterhub.log", "w")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f",
                             str(folder / "jupyterhub_config.py")],
                            cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    base = f"http://127.0.0.1:{proxy}"
    try:
        end = time.monotonic() + START_SECONDS
        up = False
        while time.monotonic() < end and proc.poll() is None:
            try:
                r = httpx.get(base + PREFIX + "student", timeout=5)
                # the service answers through the proxy: it sends the visitor to log in
                if r.status_code == 302 and "oauth2/authorize" in r.headers.get("location", ""):
                    up = True
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        if not up:
            log.flush()
            raise AssertionError("JupyterHub with the class table service did not start in "
                                 f"{START_SECONDS} s:\n"
                                 + (folder / "jupyterhub.log").read_text()[-6000:])
        yield base
    finally:
        with_log = (folder / "jupyterhub.log")
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the hub stops its proxy and its service
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        end = time.monotonic() + 15
        while ours(folder) and time.monotonic() < end:
            time.sleep(0.2)
        for pid in ours(folder):  # what the hub did not stop in time
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        pid_file = folder / "proxy.pid"
        if pid_file.exists():
            try:
                os.kill(int(pid_file.read_text().strip()), signal.SIGKILL)
            except (OSError, ValueError):
                pass
        log.close()
        if os.environ.get("RULEBOOK_SHOW_HUB_LOG"):
            print(with_log.read_text())


def login(base: str, name: str) -> httpx.Client:
    """A browser-like client logged in to the hub as ``name`` (the DummyAuthenticator takes
    any password), having followed the OAuth redirects back to the student page."""
    client = httpx.Client(base_url=base, follow_redirects=True, timeout=30)
    page = client.get(PREFIX + "student")
    assert page.url.path == "/hub/login", page.url  # the service sent us to the hub's login
    xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', page.text)
    form = {"username": name, "password": "any password"}
    if xsrf:
        form["_xsrf"] = xsrf.group(1)
    back = client.post(str(page.url), data=form)
    assert back.status_code == 200, (back.status_code, back.text[:500])
    assert back.url.path == PREFIX + "student"  # back where the visitor started
    assert 'id="join-form"' in back.text
    return client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_class_table_as_a_jupyterhub_service(hub: str) -> None:
    base = hub
    teacher, helper, asha, ben = (login(base, n) for n in ("teacher", "mx-ray", "asha", "ben"))
    clients = [teacher, helper, asha, ben]
    try:
        # the service's address without its slash leads to the student page
        assert asha.get(PREFIX.rstrip("/")).url.path == PREFIX + "student"
        # the pages' script and style come from under the service's prefix
        script = asha.get(PREFIX + "static/classroom.js")
        assert script.status_code == 200 and "BASE" in script.text
        # the teacher page and new rooms: the hub's admins and the teachers group only
        assert teacher.get(PREFIX + "teacher").status_code == 200
        refused = asha.get(PREFIX + "teacher")
        assert refused.status_code == 403 and "student page" in refused.text
        room = {"ruleset": "satti", "players": 2, "computer": "random"}
        assert asha.post(PREFIX + "api/rooms", json=room).status_code == 403
        made = helper.post(PREFIX + "api/rooms", json=room)
        assert made.status_code == 200 and len(made.json()["code"]) == 6
        r = teacher.post(PREFIX + "api/rooms", json=room)
        assert r.status_code == 200
        code, teacher_token = r.json()["code"], r.json()["teacher_token"]

        # students join with the code and are seated under their hub names
        seats = {}
        for client, typed in ((asha, "Somebody Else"), (ben, "Ben B.")):
            r = client.post(PREFIX + f"api/rooms/{code}/seats", json={"name": typed})
            assert r.status_code == 200, r.text
            seats[r.json()["seat"]] = (client, r.json()["token"])
        assert sorted(seats) == [0, 1]
        status = teacher.get(PREFIX + f"api/rooms/{code}/status", headers=bearer(teacher_token))
        assert status.status_code == 200
        assert sorted(s["name"] for s in status.json()["seats"]) == ["asha", "ben"]

        r = teacher.post(PREFIX + f"api/rooms/{code}/deal", headers=bearer(teacher_token),
                         json={"seed": 7})
        assert r.status_code == 200, r.text
        to_move = r.json()["to_move"]
        mover, mover_token = seats[to_move]
        other, other_token = seats[1 - to_move]

        # the mover's WebSocket, through the proxy, with the hub's cookie beside the token
        ws_url = base.replace("http", "ws") + PREFIX + f"ws/rooms/{code}?token={mover_token}"
        cookie = "; ".join(f"{k}={v}" for k, v in mover.cookies.items())
        with websockets_sync.connect(ws_url, additional_headers={"Cookie": cookie},
                                     origin=base, open_timeout=30) as ws:  # as a browser
            first = next_view(ws)
            assert first["seat"] == to_move and first["hand"]

            view = mover.get(PREFIX + f"api/rooms/{code}/view", headers=bearer(mover_token))
            assert view.status_code == 200 and view.json()["seat"] == to_move
            legal = view.json()["legal"]
            assert legal
            wrong = other.post(PREFIX + f"api/rooms/{code}/moves",
                               headers=bearer(other_token), json={"move": legal[0]})
            assert wrong.status_code == 409 and wrong.json()["reason"]  # out of turn
            played = mover.post(PREFIX + f"api/rooms/{code}/moves", headers=bearer(mover_token),
                                json={"move": legal[0]})
            assert played.status_code == 200, played.text
            assert len(played.json()["log"]) > len(view.json()["log"])
            pushed = next_view(ws, lambda v: len(v.get("log", ())) >= len(played.json()["log"]))
            assert pushed["seat"] == to_move and pushed["log"][-1]["seat"] == to_move

        # a logged-in page with no seat (the projector): the public view, no hand
        cookie = "; ".join(f"{k}={v}" for k, v in helper.cookies.items())
        with websockets_sync.connect(base.replace("http", "ws") + PREFIX + f"ws/rooms/{code}",
                                     additional_headers={"Cookie": cookie},
                                     open_timeout=30) as ws:
            public = next_view(ws)
            assert public["seat"] is None and "hand" not in public
            assert len(public["log"]) == len(pushed["log"])

        # a visitor who is not logged in to the hub
        with httpx.Client(base_url=base, timeout=30) as stranger:
            r = stranger.get(PREFIX + "student")
            assert r.status_code == 302 and "/hub/api/oauth2/authorize" in r.headers["location"]
            assert stranger.get(PREFIX + f"api/rooms/{code}/view").status_code == 401
            assert stranger.post(PREFIX + "api/rooms", json=room).status_code == 401
            assert stranger.post(PREFIX + f"api/rooms/{code}/seats",
                                 json={"name": "Mallory"}).status_code == 401
            bad = stranger.get(PREFIX + f"api/rooms/{code}/view",
                               headers=bearer("not-a-token-of-this-server"))
            assert bad.status_code == 401
            # ... but a seat's token is still the authority for its seat, as on a laptop
            r = stranger.get(PREFIX + f"api/rooms/{code}/view", headers=bearer(other_token))
            assert r.status_code == 200 and r.json()["seat"] == 1 - to_move and r.json()["hand"]
            # a forged hub cookie is no login
            assert COOKIE in {c.name for c in asha.cookies.jar if c.path == PREFIX}
            stranger.cookies.set(COOKIE, "forged", path=PREFIX)
            assert stranger.get(PREFIX + f"api/rooms/{code}/view").status_code == 401
        with pytest.raises(Exception) as refused_ws:
            with websockets_sync.connect(base.replace("http", "ws") + PREFIX
                                         + f"ws/rooms/{code}", open_timeout=30) as ws:
                ws.recv(timeout=10)
        assert "403" in str(refused_ws.value) or "4401" in str(refused_ws.value)
    finally:
        for client in clients:
            client.close()


def next_view(ws: Any, wanted: Any = None, seconds: float = 30) -> dict[str, Any]:
    """The next view the WebSocket pushes (messages skipped) that ``wanted`` accepts."""
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        assert left > 0, "no such view was pushed in time"
        data = json.loads(ws.recv(timeout=left))
        if data.get("type") == "view" and (wanted is None or wanted(data["view"])):
            return dict(data["view"])


class FakeAuth:
    """A stand-in for HubOAuth: the token ``good-<name>`` belongs to the hub user ``name``."""

    base_url = PREFIX
    cookie_name = COOKIE
    state_cookie_name = COOKIE + "-oauth-state"
    login_url = "/hub/api/oauth2/authorize?client_id=service-classtable"
    access_scopes = {"access:services!service=classtable"}
    pkce_enabled = False

    def __init__(self) -> None:
        self.states: dict[str, dict[str, Any]] = {}

    async def user_for_token(self, token: str, session_id: str = "", sync: bool = True) -> Any:
        if not token.startswith("good-"):
            return None
        name = token[5:]
        return {"kind": "user", "name": name, "admin": name == "teacher", "groups": [],
                "scopes": sorted(self.access_scopes)}

    def generate_state(self, next_url: str, **extra: Any) -> str:
        state = f"state{len(self.states)}"
        self.states[state] = {"next_url": next_url, **extra}
        return state

    def get_state_cookie_name(self, state: str) -> str:
        return str(self.states.get(state, {}).get("cookie_name", self.state_cookie_name))

    def get_next_url(self, state: str) -> str:
        return str(self.states.get(state, {}).get("next_url") or PREFIX)

    def clear_oauth_state(self, state: str) -> None:
        self.states.pop(state, None)

    async def token_for_code(self, code: str, sync: bool = True) -> str:
        return "good-" + code


def test_the_gate_without_a_hub(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from rulebook.classroom.hubservice import hub_app

    app = hub_app(str(tmp_path / "class.sqlite"), auth=FakeAuth(), teachers=["teachers"],
                  pace_scale=0)
    with TestClient(app, base_url="http://hub.test", follow_redirects=False) as client:
        assert client.get("/elsewhere").status_code == 404
        # a page sends the visitor to the hub's login, with the state in a cookie of its own
        r = client.get(PREFIX + "projector?room=ABCDEF")
        assert r.status_code == 302 and r.headers["location"].startswith(FakeAuth.login_url)
        state = r.headers["location"].rsplit("state=", 1)[1]
        assert [c.name for c in client.cookies.jar if c.value == state and c.path == PREFIX
                and c.name.startswith(FakeAuth.state_cookie_name + "-")]
        # a callback whose state is not this browser's is refused, and sets no login
        with TestClient(app, base_url="http://hub.test", follow_redirects=False) as other:
            r = other.get(PREFIX + f"oauth_callback?code=teacher&state={state}")
            assert r.status_code == 403 and COOKIE not in other.cookies
        assert client.get(PREFIX + "oauth_callback?code=teacher").status_code == 400
        # this browser's callback logs in and goes back to the page it started from
        r = client.get(PREFIX + f"oauth_callback?code=teacher&state={state}")
        assert r.status_code == 302 and r.headers["location"] == PREFIX + "projector?room=ABCDEF"
        assert client.cookies.get(COOKIE) == "good-teacher"
        # the OpenAPI schema is served under the prefix and names it
        schema = client.get(PREFIX + "openapi.json").json()
        assert schema["servers"] == [{"url": PREFIX.rstrip("/")}]
        # a change the cookie alone allows must come from the page's own origin
        room = {"ruleset": "satti", "players": 2}
        r = client.post(PREFIX + "api/rooms", json=room, headers={"Origin": "http://evil.test"})
        assert r.status_code == 403
        r = client.post(PREFIX + "api/rooms", json=room, headers={"Origin": "http://hub.test"})
        assert r.status_code == 200
        code = r.json()["code"]
        # a long hub name is seated shortened, never as typed
        client.cookies.set(COOKIE, "good-" + "a" * 40 + "@school.example.org", path=PREFIX)
        r = client.post(PREFIX + f"api/rooms/{code}/seats", json={"name": "typed"})
        assert r.status_code == 200
        seat_token = r.json()["token"]
        view = client.get(PREFIX + f"api/rooms/{code}/view").json()
        assert [s["name"] for s in view["seats"]][0] == "a" * 29 + "…"
        # the same hub user on a second device: the same seat and token, not a second seat
        r = client.post(PREFIX + f"api/rooms/{code}/seats", json={"name": "phone"})
        assert r.status_code == 200 and r.json() == {"seat": 0, "token": seat_token}
        # another hub user whose shortened name is the same gets a seat of their own
        client.cookies.set(COOKIE, "good-" + "a" * 40 + "@other.example.org", path=PREFIX)
        r = client.post(PREFIX + f"api/rooms/{code}/seats", json={"name": "typed"})
        assert r.status_code == 200 and r.json()["seat"] == 1
        # an unknown hub token is no login; a seat's token still is the seat's
        client.cookies.set(COOKIE, "expired", path=PREFIX)
        assert client.get(PREFIX + f"api/rooms/{code}/view").status_code == 401
        r = client.get(PREFIX + f"api/rooms/{code}/view", headers=bearer(seat_token))
        assert r.status_code == 200 and r.json()["seat"] == 0
