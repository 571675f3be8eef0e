"""The class table as a JupyterHub service: the students are the hub's users.

``python -m rulebook serve --jupyterhub`` is the command of a service in
``jupyterhub_config.py`` (docs/classroom.md, "On JupyterHub").  It reads what the hub puts in
its environment (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``,
``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL``, ``JUPYTERHUB_CLIENT_ID``,
``JUPYTERHUB_OAUTH_CALLBACK_URL``), listens where the hub says and serves the class table
under the service's prefix (``/services/classtable/``), behind the hub's login (OAuth, with
``jupyterhub.services.auth.HubOAuth``):

- a visitor who is not logged in to the hub is sent to the hub's login from a page (and back
  to that page after it); the API answers 401 and the WebSocket is refused;
- a request that carries a seat's or a teacher's token of a room is let through as on a
  laptop: the token stays the authority for its seat, whoever sends it;
- a logged-in student who joins a room with its code is seated under their hub name (the
  name typed on the join page is not used); joining the same room again, from a second
  device, gives them the seat and seat token they already have;
- the hub's admins and the members of the teacher groups (``RULEBOOK_TEACHER_GROUPS``,
  comma-separated; ``teachers`` when unset) may create rooms and open the teacher page; what
  a teacher then does to a room still needs that room's teacher token.

The hub's token is kept in an HttpOnly cookie on the service's path; a request that a cookie
alone allows and that changes something must come from the page's own origin.
"""
from __future__ import annotations

import html
import importlib
import logging
import os
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from ..errors import RulebookError

__all__ = ["HubUser", "HubService", "seat_name", "hub_app", "serve_hub", "TEACHER_GROUPS",
           "USER_KEY"]

USER_KEY = "rulebook.hub_user"
"""Where the request's scope holds the :class:`HubUser` it comes from (or ``None``)."""
TEACHER_GROUPS = "RULEBOOK_TEACHER_GROUPS"
"""The environment variable naming the hub groups whose members may run tables."""
SESSION_COOKIE = "jupyterhub-session-id"
_SAFE = ("GET", "HEAD", "OPTIONS")
_LOG = logging.getLogger("rulebook.classroom.hub")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class HubUser:
    """A user of the hub, as the hub describes them to this service."""

    name: str
    admin: bool = False
    groups: frozenset[str] = frozenset()

    def teaches(self, groups: Collection[str]) -> bool:
        """Whether this user may create rooms: a hub admin or a member of ``groups``."""
        return self.admin or not self.groups.isdisjoint(groups)


def seat_name(hub_name: str, limit: int = 30) -> str:
    """The name a hub user is seated under: their hub name; an e-mail address longer than
    ``limit`` keeps its part before the ``@``; still longer, it ends with ``…``.

    >>> seat_name("asha")
    'asha'
    >>> seat_name("asha.krishnamurthy-venkataraman@school.example.org")
    'asha.krishnamurthy-venkataram…'
    """
    name = " ".join(hub_name.split())
    if len(name) > limit and "@" in name:
        name = name.split("@", 1)[0]
    return name if len(name) <= limit else name[:limit - 1] + "…"


def _bearer(value: str | None) -> str:
    scheme, _, token = (value or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


class HubService:
    """An ASGI app: the class table ``app`` under the hub's service prefix, behind the hub's
    login, with the OAuth callback at ``<prefix>oauth_callback``.

    ``auth`` is a ``jupyterhub.services.auth.HubOAuth`` (its ``base_url`` is the prefix);
    ``teachers`` are the hub groups whose members may run tables (beside the hub's admins).
    """

    def __init__(self, app: Any, auth: Any, teachers: Collection[str] = ("teachers",)) -> None:
        self.app, self.auth = app, auth
        self.prefix = str(auth.base_url)
        if not self.prefix.endswith("/"):
            self.prefix += "/"
        self.root = self.prefix.rstrip("/")
        self.teachers = frozenset(teachers)
        check_scopes = importlib.import_module("jupyterhub.services.auth").check_scopes
        self._check_scopes: Callable[[Any, Any], Any] = check_scopes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import HTTPConnection
        from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse

        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == self.root and kind == "http":
            query = scope.get("query_string", b"").decode("latin-1")
            await RedirectResponse(self.prefix + ("?" + query if query else ""))(
                scope, receive, send)
            return
        if not path.startswith(self.prefix):
            await self._refuse(scope, receive, send, 404, "there is nothing here: the class "
                                                         f"table is at {self.prefix}")
            return
        rest = path[len(self.root):]
        scope = dict(scope, root_path=self.root)
        conn = HTTPConnection(scope)
        if kind == "http" and rest == "/oauth_callback":
            await self._callback(conn, receive, send)
            return
        user = await self.user(conn)
        tokens = self.app.state.hub.tokens
        token = conn.query_params.get("token", "") if kind == "websocket" else \
            _bearer(conn.headers.get("authorization"))
        has_token = bool(token) and token in tokens
        method = scope.get("method", "GET")
        joins = method == "POST" and rest.startswith("/api/rooms/") and rest.endswith("/seats")
        creates = method == "POST" and rest.rstrip("/") == "/api/rooms"
        page = kind == "http" and not rest.startswith("/api/")
        if user is None and (page or joins or creates or not has_token):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 4401})
            elif page and method in ("GET", "HEAD"):
                await self._login(conn)(scope, receive, send)
            else:
                await JSONResponse({"detail": "log in to JupyterHub first: open the class "
                                              "table's page (or send your seat's token)"},
                                   status_code=401)(scope, receive, send)
            return
        if kind == "http" and method not in _SAFE and not has_token and \
                not self._same_origin(conn):
            await self._refuse(scope, receive, send, 403, "this request came from another "
                                                         "site: use the class table's page")
            return
        if creates or rest == "/teacher":
            if user is None or not user.teaches(self.teachers):
                groups = ", ".join(sorted(self.teachers)) or "no group"
                text = (f"only the hub's admins and members of {groups} may run tables; "
                        "students join on the student page")
                if page:
                    await HTMLResponse(
                        f"<!doctype html><title>Class table</title><p>{html.escape(text)}: "
                        '<a href="student">the student page</a>.</p>\n',
                        status_code=403)(scope, receive, send)
                else:
                    await self._refuse(scope, receive, send, 403, text)
                return
        scope[USER_KEY] = user
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int,
                      detail: str) -> None:
        from starlette.responses import JSONResponse

        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4000 + status})
            return
        await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)

    # -- who is asking ----------------------------------------------------------------------
    async def user(self, conn: Any) -> HubUser | None:
        """The hub user of the request's cookie, asked of the hub (its answer cached for a
        minute); ``None`` without a cookie, for a token the hub no longer knows, or for a
        token that may not reach this service."""
        token = conn.cookies.get(self.auth.cookie_name)
        if not token:
            return None
        return await self.user_for_token(token, conn.cookies.get(SESSION_COOKIE, ""))

    async def user_for_token(self, token: str, session_id: str = "") -> HubUser | None:
        """The hub user a hub token belongs to (``None`` if the hub knows none)."""
        try:
            model = await self.auth.user_for_token(token, session_id=session_id, sync=False)
        except Exception as exc:  # the hub did not answer: as if logged out, and say so
            _LOG.warning("the hub did not identify a visitor: %s", exc)
            return None
        if not isinstance(model, dict) or model.get("kind", "user") != "user" or \
                not isinstance(model.get("name"), str):
            return None
        scopes = self.auth.access_scopes
        if scopes and not self._check_scopes(scopes, set(model.get("scopes") or ())):
            return None
        return HubUser(model["name"], bool(model.get("admin")),
                       frozenset(str(g) for g in model.get("groups") or ()))

    def _same_origin(self, conn: Any) -> bool:
        origin = conn.headers.get("origin")
        if origin is not None:
            return bool(urlsplit(origin).netloc == conn.headers.get("host", ""))
        return conn.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")

    def _secure(self, conn: Any) -> bool:
        proto = conn.headers.get("x-forwarded-proto", conn.url.scheme)
        return str(proto).split(",")[0].strip() in ("https", "wss")

    # -- the OAuth dance --------------------------------------------------------------------
    def _login(self, conn: Any) -> Any:
        """A redirect to the hub's login, with the OAuth state in a cookie of its own (a
        cookie per login, so that two pages opened at once both come back)."""
        import secrets

        from starlette.responses import RedirectResponse

        params: dict[str, str] = {}
        extra: dict[str, str] = {}
        if getattr(self.auth, "pkce_enabled", False) and \
                hasattr(self.auth, "generate_pkce_code_challenge"):
            verifier, challenge, method = self.auth.generate_pkce_code_challenge()
            params.update(code_challenge=challenge, code_challenge_method=method)
            extra["code_verifier"] = verifier
        cookie = f"{self.auth.state_cookie_name}-{secrets.token_hex(4)}"
        query = conn.scope.get("query_string", b"").decode("latin-1")
        next_url = conn.scope["path"] + ("?" + query if query else "")
        state = self.auth.generate_state(next_url, cookie_name=cookie, **extra)
        params["state"] = state
        login = str(self.auth.login_url)
        response = RedirectResponse(login + ("&" if "?" in login else "?") + urlencode(params),
                                    status_code=302)
        response.set_cookie(cookie, state, max_age=600, path=self.prefix, httponly=True,
                            secure=self._secure(conn), samesite="lax")
        return response

    async def _callback(self, conn: Any, receive: Receive, send: Send) -> None:
        """The end of the hub's login: swap the code for a token, keep it in a cookie, go
        back to the page that sent the visitor to log in."""
        from starlette.responses import PlainTextResponse

        def refuse(status: int, text: str) -> Any:
            return PlainTextResponse(text + "\n", status_code=status)

        query = conn.query_params
        code, state = query.get("code"), query.get("state")
        if query.get("error"):
            response = refuse(400, "the hub refused the login: "
                                   + str(query.get("error_description") or query["error"]))
        elif not code or not state:
            response = refuse(400, "this login has no code or state: open the page again")
        else:
            cookie = self.auth.get_state_cookie_name(state)
            if not cookie.startswith(self.auth.state_cookie_name) or \
                    conn.cookies.get(cookie) != state:
                response = refuse(403, "this login does not match the one started here: "
                                       "open the page again")
            else:
                response = await self._finish(conn, code, state, cookie)
        await response(conn.scope, receive, send)

    async def _finish(self, conn: Any, code: str, state: str, cookie: str) -> Any:
        from starlette.responses import PlainTextResponse, RedirectResponse

        next_url = str(self.auth.get_next_url(state))
        if not next_url.startswith(self.prefix):
            next_url = self.prefix
        kwargs: dict[str, Any] = {}
        if hasattr(self.auth, "get_code_verifier"):
            verifier = self.auth.get_code_verifier(state)
            if verifier:
                kwargs["code_verifier"] = verifier
        self.auth.clear_oauth_state(state)
        try:
            token = await self.auth.token_for_code(code, sync=False, **kwargs)
        except Exception as exc:
            _LOG.warning("the hub refused the login code: %s", exc)
            return PlainTextResponse("the hub did not accept this login: open the page "
                                     "again\n", status_code=403)
        user = await self.user_for_token(token, conn.cookies.get(SESSION_COOKIE, ""))
        if user is None:
            return PlainTextResponse("the hub does not let you use the class table: ask "
                                     "your hub's admin\n", status_code=403)
        _LOG.info("logged in: %s", user.name)
        response = RedirectResponse(next_url, status_code=302)
        response.delete_cookie(cookie, path=self.prefix)
        response.set_cookie(self.auth.cookie_name, token, path=self.prefix, httponly=True,
                            secure=self._secure(conn), samesite="lax")
        return response


def _identify(request: Any) -> tuple[str, str] | None:
    """The hub user a request comes from (their hub name, unique on the hub) and the name
    they are seated under."""
    user = request.scope.get(USER_KEY)
    return (user.name, seat_name(user.name)) if isinstance(user, HubUser) else None


def hub_app(db: str = "classroom.sqlite", auth: Any = None,
            teachers: Collection[str] | None = None, **options: Any) -> HubService:
    """The class table as a JupyterHub service's ASGI app, its rooms in ``db``.

    ``auth`` defaults to a ``HubOAuth`` built from the hub's environment; ``teachers`` to the
    groups of ``RULEBOOK_TEACHER_GROUPS`` (``teachers`` when unset); ``options`` go to
    :func:`rulebook.classroom.app.create_app`.
    """
    from .app import create_app

    if auth is None:
        auth = hub_auth()
    if teachers is None:
        teachers = [g.strip() for g in os.environ.get(TEACHER_GROUPS, "teachers").split(",")
                    if g.strip()]
    return HubService(create_app(db, identify=_identify, **options), auth, teachers)


def hub_auth() -> Any:
    """A ``HubOAuth`` from the environment the hub gives its services."""
    try:
        services_auth = importlib.import_module("jupyterhub.services.auth")
    except ImportError:
        raise RulebookError("the JupyterHub service needs jupyterhub: pip install "
                            "jupyterhub") from None
    missing = [name for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_CLIENT_ID",
                                 "JUPYTERHUB_SERVICE_PREFIX") if not os.environ.get(name)]
    if missing:
        raise RulebookError(f"{', '.join(missing)} not set: --jupyterhub is for the command "
                            "of a JupyterHub service (see docs/classroom.md)")
    return services_auth.HubOAuth(api_token=os.environ["JUPYTERHUB_API_TOKEN"],
                                  cache_max_age=60)


def serve_hub(db: str = "classroom.sqlite") -> int:
    """Run the class table as a JupyterHub service, listening where
    ``JUPYTERHUB_SERVICE_URL`` says, until the hub stops it; returns the exit status."""
    url = os.environ.get("JUPYTERHUB_SERVICE_URL", "")
    parts = urlsplit(url)
    if not parts.hostname or not parts.port:
        raise RulebookError("JUPYTERHUB_SERVICE_URL gives no address to listen on "
                            f"({url or 'not set'}): give the service a url such as "
                            "http://127.0.0.1:10101 in jupyterhub_config.py")
    import uvicorn

    app = hub_app(db)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    print(f"Class table: a JupyterHub service at {app.prefix} (listening on "
          f"{parts.hostname}:{parts.port}, rooms kept in {db})", flush=True)
    uvicorn.run(app, host=parts.hostname, port=parts.port, log_level="warning",
                ws_max_size=64 * 1024)
    return 0
