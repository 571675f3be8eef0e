"""The class table's web app: the automation API, the WebSocket pushes and the three pages.

Built by :func:`create_app`; every route is documented by the OpenAPI schema at
``/openapi.json``.  Request bodies are Pydantic models with ``extra="forbid"`` and strict
types (a number in quotes, a bool for a number, a float for a whole number are refused);
bodies over :data:`MAX_BODY` bytes are refused before they are read whole.  Moves go to the
engine, and a refused move comes back with the engine's reason and clause ids.
"""
from __future__ import annotations

import asyncio
import json
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import anyio
from fastapi import Body, FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ..errors import RulebookError, quoted
from ..protocol import make_bot
from ..rules import parse_ruleset
from .rooms import EMOJI, Hub, Refusal, Room
from .store import Store

__all__ = ["create_app", "MAX_BODY", "CreateRoom", "Join", "Deal", "MovePost", "Message"]

MAX_BODY = 16 * 1024
"""The largest request body read, in bytes."""
STATIC = Path(__file__).parent / "static"


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateRoom(_Body):
    """A new room: the ruleset with its house rules, seats, computer strength and switches."""

    ruleset: str = Field(max_length=300, description="a ruleset name with its house rules: <ruleset>+<house rule>")
    players: int = Field(default=4, ge=2, le=8)
    computer: str = Field(default="smart", max_length=40)
    messages: bool = True
    drop: Literal["wait", "computer"] = "wait"
    drop_seconds: int = Field(default=30, ge=1, le=3600)
    pace: Literal["relaxed", "normal", "fast"] = "normal"
    match: bool = False


class RoomCreated(BaseModel):
    """The room's code (students type it) and the teacher's token (kept by the teacher)."""

    code: str
    teacher_token: str


class Join(_Body):
    """A student joins with a name."""

    name: str = Field(min_length=1, max_length=30)


class Seat(BaseModel):
    """The seat given, and its private token."""

    seat: int
    token: str


class Deal(_Body):
    """Deal (again), with a seed to repeat a deal."""

    seed: int | None = Field(default=None, ge=0, le=2 ** 62)


class MovePost(_Body):
    """A move in the engine's notation (``8H``, ``pass``, ``JS>D``)."""

    move: str = Field(max_length=100)


class Message(_Body):
    """A short message or an emoji reaction."""

    text: str | None = Field(default=None, min_length=1, max_length=200)
    emoji: str | None = Field(default=None, max_length=8)


class Pause(_Body):
    """Pause or resume the table."""

    paused: bool


class Settings(_Body):
    """Messages on or off, the computer's pace."""

    messages: bool | None = None
    pace: Literal["relaxed", "normal", "fast"] | None = None


class Detail(BaseModel):
    """Why a request was refused."""

    detail: str


class Problem(BaseModel):
    """Why a body was refused: a sentence, or the list of fields that were wrong."""

    detail: str | list[dict[str, Any]]


class Refused(BaseModel):
    """A move the engine refused: its reason and clause ids."""

    legal: bool
    reason: str
    clauses: list[str]


class Health(BaseModel):
    """The server is up."""

    ok: bool
    rooms: int


_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Detail}, 403: {"model": Detail}, 404: {"model": Detail},
    409: {"model": Detail}, 413: {"model": Detail}, 422: {"model": Problem},
    429: {"model": Detail},
}
_MOVE_ERRORS: dict[int | str, dict[str, Any]] = {**_ERRORS, 409: {"model": Refused}}
View = dict[str, Any]
Auth = Annotated[str | None, Header(description="Bearer <seat or teacher token>")]


class _BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes is answered 413 without reading it all."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_big(scope, receive, send, self.limit)
                return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooBig()
            return message

        try:
            await self.app(scope, limited, send)
        except _TooBig:
            await _too_big(scope, receive, send, self.limit)


class _TooBig(Exception):
    pass


async def _too_big(scope: Any, receive: Any, send: Any, limit: int) -> None:
    response = JSONResponse({"detail": f"the request is over {limit // 1024} KB: send less"},
                            status_code=413)
    await response(scope, receive, send)


def _socket_message(text: str) -> tuple[str | None, str]:
    """The move of a page's socket message (``{"type": "move", "move": "8H"}``) and ``""``,
    or ``None`` and why the message is refused."""
    if len(text) > 400:
        return None, "a message on this socket is at most 400 characters"
    try:
        message = json.loads(text)
    except ValueError:
        message = None
    if (type(message) is not dict or set(message) != {"type", "move"}
            or message["type"] != "move" or type(message["move"]) is not str
            or len(message["move"]) > 100):
        return None, 'send a move as {"type": "move", "move": "8H"}'
    return str(message["move"]), ""


def _json(text: str) -> Response:
    """A view already made as JSON text (the same text its pages were pushed)."""
    return Response(text, media_type="application/json")


def create_app(db_path: str | Path = "classroom.sqlite", *, max_rooms: int = 200,
               max_body: int = MAX_BODY, expire_seconds: float = 4 * 3600,
               pace_scale: float = 1.0, room_rate: float = 60.0, seat_rate: float = 15.0,
               origins: tuple[str, ...] = (),
               identify: Callable[[Request], tuple[str, str] | None] | None = None
               ) -> FastAPI:
    """The class table as an ASGI app, its rooms kept in the SQLite file ``db_path``.

    On start every room of the file is rebuilt by replaying its record.  ``pace_scale``
    multiplies the seconds between computer moves (0: at once, for tests);
    ``room_rate``/``seat_rate`` are the requests a second allowed per room and per
    connection; ``origins`` are the extra page origins whose WebSockets are accepted (the
    server's own always is).  ``identify`` tells who the signed-in person a request comes
    from is and the name to seat them under (a JupyterHub service gives the hub's user
    name): a student who joins is seated under that name, not the one typed, and the same
    person joining the same room again (a second device) gets the seat and token they
    already have.
    """
    store = Store(db_path)
    hub = Hub(store, max_rooms=max_rooms, expire_seconds=expire_seconds,
              pace_scale=pace_scale, room_rate=room_rate, seat_rate=seat_rate)
    hub.restore()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for room in hub.rooms.values():
            room.start_driver()

        async def sweep() -> None:
            while True:
                await asyncio.sleep(60)
                hub.expire()

        sweeper = asyncio.get_running_loop().create_task(sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)
            await hub.shutdown()

    app = FastAPI(title="rulebook class table", version="1", lifespan=lifespan,
                  description="Students join a table with a room code; the engine decides "
                              "every move.")
    app.state.hub = hub
    app.add_middleware(_BodyLimit, limit=max_body)

    @app.exception_handler(Refusal)
    async def refused(request: Request, exc: Refusal) -> JSONResponse:
        return JSONResponse(exc.body, status_code=exc.status)

    def room_of(code: str) -> Room:
        room = hub.rooms.get(code.upper()) if len(code) <= 12 else None
        if room is None:
            raise Refusal(404, {"detail": f"there is no room {quoted(code)}: check the code"})
        return room

    def who(room: Room, authorization: str | None, required: bool = True) -> int | None | str:
        """``"public"`` without a token (when allowed), the seat, or ``None`` for the
        teacher; 401 for a missing or unknown token, 403 for another room's token."""
        if not authorization:
            if required:
                raise Refusal(401, {"detail": "this needs a token: Authorization: Bearer <token>"})
            return "public"
        scheme, _, token = authorization.partition(" ")
        found = hub.tokens.get(token.strip()) if scheme.lower() == "bearer" else None
        if found is None:
            raise Refusal(401, {"detail": "this token is not known here: join the room again"})
        if found[0] != room.code:
            raise Refusal(403, {"detail": "this token belongs to another room"})
        if not hub.allow(token.strip()):
            raise Refusal(429, {"detail": "too many requests: slow down"})
        if found[1] is not None:
            room.seen[found[1]] = time.time()
        return found[1]

    def teacher(room: Room, authorization: str | None) -> None:
        if who(room, authorization) is not None:
            raise Refusal(403, {"detail": "only the teacher of this room may do this"})

    async def teacher_changes(code: str, authorization: str | None,
                              change: Callable[[Room], None]) -> View:
        """A teacher's change: made under the room's lock, then every page is sent its view
        and the teacher the public one."""
        room = room_of(code)
        teacher(room, authorization)
        async with room.lock:
            change(room)
        await room.push()
        return room.view(None)

    def student(room: Room, authorization: str | None) -> int:
        seat = who(room, authorization)
        if not isinstance(seat, int):
            raise Refusal(403, {"detail": "only a student with a seat may do this"})
        return seat

    def room_busy(room: Room) -> None:
        if not room.bucket.take():
            raise Refusal(429, {"detail": "this table gets too many requests: slow down"})

    # -- the automation API ----------------------------------------------------------------
    @app.get("/api/health", response_model=Health)
    async def health() -> Health:
        """Whether the server is up, and how many rooms it holds."""
        return Health(ok=True, rooms=len(hub.rooms))

    @app.post("/api/rooms", response_model=RoomCreated, status_code=200,
              responses={422: {"model": Problem}, 503: {"model": Detail}, 413: {"model": Detail}})
    async def create_room(body: CreateRoom) -> Any:
        """Create a room; the teacher keeps its token."""
        try:
            rules = parse_ruleset(body.ruleset)
            rules.check_players(body.players)
            make_bot(rules.game, body.computer)
        except RulebookError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=422)
        if body.match and rules.match_length() is None:
            return JSONResponse({"detail": f"{rules.title} has no matches: play deal by deal"},
                                status_code=422)
        room = hub.create(body.model_dump())
        room.start_driver()
        return RoomCreated(code=room.code, teacher_token=room.teacher_token)

    @app.post("/api/rooms/{code}/seats", response_model=Seat, responses=_ERRORS)
    async def join(code: str, body: Join, request: Request) -> Seat:
        """A student takes the first free seat; the token is theirs alone.  Signed in (on
        JupyterHub), a student who already has a seat in the room is given it again."""
        room = room_of(code)
        room_busy(room)
        person = identify(request) if identify else None
        name = person[1] if person else " ".join(body.name.split())
        if not name:
            raise Refusal(422, {"detail": "a name needs at least one letter"})
        async with room.lock:
            seat, token = hub.join(room, name, person[0] if person else None)
        await room.push()
        return Seat(seat=seat, token=token)

    @app.post("/api/rooms/{code}/deal", response_model=View, responses=_ERRORS)
    async def deal(code: str, authorization: Auth = None,
                   body: Annotated[Deal | None, Body()] = None) -> View:
        """The teacher deals (or deals again); a seed repeats a deal."""
        def change(room: Room) -> None:
            try:
                room.deal(None if body is None else body.seed)
            except RulebookError as exc:
                raise Refusal(409, {"detail": str(exc)}) from None

        return await teacher_changes(code, authorization, change)

    @app.get("/api/rooms/{code}/view", response_model=View, responses=_ERRORS)
    async def view(code: str, authorization: Auth = None) -> Any:
        """A seat's view with its token; the public view with the teacher's token or none."""
        room = room_of(code)
        seat = who(room, authorization, required=False)
        return _json(room.view_text(seat if isinstance(seat, int) else None))

    @app.post("/api/rooms/{code}/moves", response_model=View, responses=_MOVE_ERRORS)
    async def move(code: str, body: MovePost, authorization: Auth = None) -> Any:
        """Play a move for the token's seat; 409 with the engine's reason if refused."""
        room = room_of(code)
        seat = student(room, authorization)
        room_busy(room)
        async with room.lock:
            room.play(seat, body.move)
        await room.push()
        return _json(room.view_text(seat))

    @app.get("/api/rooms/{code}/record", response_model=View, responses=_ERRORS)
    async def record(code: str, authorization: Auth = None) -> View:
        """The game's record, which ``rulebook.loads`` replays: the teacher at any time,
        anyone once the deal (or match) is over."""
        room = room_of(code)
        if room.game is None:
            raise Refusal(409, {"detail": "nothing has been dealt yet"})
        over = room.game.is_over
        if not over:
            teacher(room, authorization)
        return room.record()

    @app.post("/api/rooms/{code}/messages", response_model=View, responses=_ERRORS)
    async def message(code: str, body: Message, authorization: Auth = None) -> View:
        """A student's short message or emoji reaction, sent to the whole table."""
        room = room_of(code)
        seat = student(room, authorization)
        room_busy(room)
        if (body.text is None) == (body.emoji is None):
            raise Refusal(422, {"detail": "send either a text or an emoji"})
        line = room.say(seat, body.text, body.emoji)
        await room.send_all(line)
        return line

    # -- the teacher ------------------------------------------------------------------------
    @app.get("/api/rooms/{code}/status", response_model=View, responses=_ERRORS)
    async def status(code: str, authorization: Auth = None) -> View:
        """The teacher's view of the room: settings, seats, who is connected, the table."""
        room = room_of(code)
        teacher(room, authorization)
        return {"code": room.code, "settings": room.settings, **room.flags(),
                "seats": room.seats_json(), "watchers": len(room.sockets),
                "view": room.view(None), "chat": list(room.chat), "emoji": list(EMOJI)}

    @app.post("/api/rooms/{code}/reveal", response_model=View, responses=_ERRORS)
    async def reveal(code: str, authorization: Auth = None) -> View:
        """Show every hand to everybody."""
        def change(room: Room) -> None:
            room.revealed = True
            room.saved()

        return await teacher_changes(code, authorization, change)

    @app.post("/api/rooms/{code}/pause", response_model=View, responses=_ERRORS)
    async def pause(code: str, body: Pause, authorization: Auth = None) -> View:
        """Pause or resume the table (the computer waits too)."""
        def change(room: Room) -> None:
            room.paused = body.paused
            room.saved()

        return await teacher_changes(code, authorization, change)

    @app.post("/api/rooms/{code}/settings", response_model=View, responses=_ERRORS)
    async def settings(code: str, body: Settings, authorization: Auth = None) -> View:
        """Switch messages on or off; change the computer's pace."""
        def change(room: Room) -> None:
            if body.messages is not None:
                room.messages_on = body.messages
            if body.pace is not None:
                room.settings["pace"] = body.pace
                hub.store.set_settings(room.code, room.settings)
            room.saved()

        return await teacher_changes(code, authorization, change)

    @app.post("/api/rooms/{code}/next", response_model=View, responses=_ERRORS)
    async def next_deal(code: str, authorization: Auth = None) -> View:
        """In a match, start the next deal."""
        return await teacher_changes(code, authorization, Room.next_deal)

    @app.delete("/api/rooms/{code}/seats/{seat}", response_model=View, responses=_ERRORS)
    async def remove_seat(code: str, seat: int, authorization: Auth = None) -> View:
        """Free a seat: its token stops working and the computer plays it."""
        room = room_of(code)
        teacher(room, authorization)
        async with room.lock:
            hub.remove_seat(room, seat)
        for ws, s in list(room.sockets.items()):
            if s == seat:
                await room.hang_up(ws, 4401)
        await room.push()
        return room.view(None)

    @app.delete("/api/rooms/{code}", response_model=Detail, responses=_ERRORS)
    async def close_room(code: str, authorization: Auth = None) -> Detail:
        """Close the room: every token stops working and its record is deleted."""
        room = room_of(code)
        teacher(room, authorization)
        hub.close(room)
        await room.stop(4404)
        return Detail(detail=f"room {room.code} is closed")

    # -- pushes -----------------------------------------------------------------------------
    @app.websocket("/ws/rooms/{code}")
    async def socket(ws: WebSocket, code: str, token: str = "") -> None:
        """The seat's view (or the public view) after every change, and the table's messages."""
        origin = ws.headers.get("origin")
        if origin is not None:
            host = ws.headers.get("host", "")
            if urlsplit(origin).netloc != host and origin not in origins:
                await ws.close(code=4403)
                return
        room = hub.rooms.get(code.upper())
        if room is None:
            await ws.close(code=4404)
            return
        seat: int | None = None
        if token:
            found = hub.tokens.get(token)
            if found is None:
                await ws.close(code=4401)
                return
            if found[0] != room.code:
                await ws.close(code=4403)
                return
            seat = found[1]
        await ws.accept()
        for line in list(room.chat):  # the table's recent messages, for a page opened late
            await ws.send_json(line)
        ending = room.listen(ws, seat)

        async def receive() -> None:
            """Read the page until it goes away: a student's page may send its moves on its
            socket (``{"type": "move", "move": "8H"}``) instead of posting them."""
            try:
                while True:
                    text = await ws.receive_text()
                    if not hub.allow(token or f"ws:{id(ws)}"):
                        await room.hang_up(ws, 4429)
                        return
                    answer = await socket_move(room, seat, text)
                    if answer is not None:
                        await ws.send_text(json.dumps(answer, ensure_ascii=False))
            except (WebSocketDisconnect, RuntimeError):
                return  # the page closed, or the server already closed this socket

        try:
            # the handler ends when the page goes away or the server hangs up on it (room
            # closed, seat freed, server stopping), whichever comes first; an anyio task
            # group, so that the server's own cancel scopes still reach every part
            async with anyio.create_task_group() as group:
                async def watch() -> None:
                    await ending.wait()
                    group.cancel_scope.cancel()

                async def send() -> None:
                    try:
                        await room.deliver(ws, seat)
                    except Exception:  # noqa: BLE001 - the page went away mid-send
                        pass
                    group.cancel_scope.cancel()

                group.start_soon(watch)
                group.start_soon(send)
                await room.push()
                await receive()
                group.cancel_scope.cancel()
        finally:
            room.forget(ws)
            if seat is not None:
                room.seen[seat] = time.time()
            room.wake.set()
            with contextlib.suppress(Exception):
                await room.push()

    async def socket_move(room: Room, seat: int | None, text: str) -> dict[str, Any] | None:
        """A message a page sent on its socket: a move is played as ``POST .../moves`` plays
        it (the same checks, the same lock, written before the views are pushed); the answer
        to send back when it is refused, or ``None`` when every page was pushed its view."""
        message, problem = _socket_message(text)
        if message is None:
            return {"type": "error", "detail": problem}
        if seat is None or room.tokens.get(seat) is None:
            return {"type": "error", "detail": "only a student with a seat may play"}
        if not room.bucket.take():
            return {"type": "error", "detail": "this table gets too many requests: slow down"}
        room.seen[seat] = time.time()
        try:
            async with room.lock:
                room.play(seat, message)
        except Refusal as exc:
            body = exc.body
            return {"type": "refused", "move": message, "legal": False,
                    "reason": str(body.get("reason") or body.get("detail") or ""),
                    "clauses": list(body.get("clauses", []))}
        await room.push()
        return None

    # -- pages ------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str) -> Callable[[], Awaitable[Response]]:
        async def serve() -> Response:
            return FileResponse(STATIC / f"{name}.html", media_type="text/html")
        serve.__doc__ = f"The {name} page."
        serve.__name__ = f"{name}_page"
        return serve

    for name in ("student", "projector", "teacher"):
        app.get(f"/{name}", include_in_schema=False)(page(name))

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return RedirectResponse("student")

    return app

