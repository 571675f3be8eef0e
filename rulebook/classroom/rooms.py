"""Rooms of the class table: seats, tokens, the game, the computer players and who watches.

A room holds the ruleset, the seats (a student's name and private token, or the computer),
the game (one deal, or a whole match for the rulesets that have matches) and the open
WebSocket connections.  It asks the engine for everything: legal moves, reasons, views,
records.  One :class:`asyncio.Lock` per room puts two moves that arrive together one after
the other; every accepted move is written to the store before it is answered.
"""
from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import deque
from typing import Any

from ..errors import MoveError, RulebookError, quoted
from ..fastrandom import TurnRandom, derived_seed
from ..pace import PACES  # seconds between two computer moves at each pace the teacher picks
from ..protocol import make_bot
from ..records import loads
from ..rules import parse_ruleset
from .store import Store
from .views import Shared, view_json, view_text

__all__ = ["CODE_ALPHABET", "PACES", "EMOJI", "Bucket", "Refusal", "Room", "Hub", "new_code",
           "new_token", "advance"]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The characters of a room code: no 0/O, no 1/I/L, which look alike on a projector."""
EMOJI = ("👍", "👏", "😮", "😂", "🤔", "🎉", "😅", "❤️")
"""The reactions a student may send."""


def advance(game: Any, move: Any) -> Any:
    """The game after ``move``: a deal's next state, or a match with the move played in its
    current deal (the same step when a move is played and when a room is replayed)."""
    if hasattr(game, "current"):
        return game.play(move) if game.current is not None else game
    return game.play(move)


def new_code() -> str:
    """A fresh six-character room code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_token() -> str:
    """A fresh unguessable token (a seat's or a teacher's)."""
    return secrets.token_urlsafe(24)


class Refusal(Exception):
    """A request the room refuses: an HTTP status and the JSON body that says why."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("reason") or body.get("detail"))
        self.status = status
        self.body = body


def _refuse(status: int, detail: str) -> Refusal:
    return Refusal(status, {"detail": detail})


class Bucket:
    """A token bucket: ``rate`` requests a second, bursts of ``burst``."""

    __slots__ = ("rate", "burst", "level", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        """Whether one more request is allowed now."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Room:
    """One table: settings, seats, the game, the watchers."""

    def __init__(self, hub: "Hub", code: str, teacher_token: str, settings: dict[str, Any],
                 now: float) -> None:
        self.hub = hub
        self.code = code
        self.teacher_token = teacher_token
        self.settings = settings
        self.rules = parse_ruleset(settings["ruleset"])
        self.players: int = settings["players"]
        self.names: dict[int, str] = {}
        self.tokens: dict[int, str] = {}
        self.holders: dict[str, int] = {}  # a signed-in person (hub user) -> their seat
        self.game: Any = None  # a deal's state, or a Match
        self.seed: int = 0
        self.paused = False
        self.revealed = False
        self.between = False  # a match's deal just ended: the next waits for the teacher
        self.messages_on: bool = settings["messages"]
        self.active = now
        self.lock = asyncio.Lock()
        self.sockets: dict[Any, int | None] = {}  # websocket -> seat (None: public)
        self.last_sent: dict[Any, str] = {}  # websocket -> the last view sent (without log)
        self.seen: dict[int, float] = {}  # seat -> last time the student was heard from
        self.bucket = Bucket(hub.room_rate, hub.room_rate * 2)
        self.chat: deque[dict[str, Any]] = deque(maxlen=40)
        self.wake = asyncio.Event()
        self.ending: dict[Any, asyncio.Event] = {}  # websocket -> set when the server hangs up
        self.outbox: dict[Any, asyncio.Event] = {}  # websocket -> set when its view changed
        self.driver: asyncio.Task[None] | None = None
        self.bots = [make_bot(self.rules.game, settings["computer"])
                     for _ in range(self.players)]
        # what the pages are sent, made once per change of the room (see changed())
        self._views: dict[int | None, tuple[dict[str, Any], str, str]] = {}
        # websocket -> (the log's mark, entries sent): a page is pushed only new entries
        self.log_sent: dict[Any, tuple[tuple[Any, bool] | None, int]] = {}
        self._seats: list[dict[str, Any]] | None = None
        self._shared: Shared | None = None

    # -- the game -------------------------------------------------------------------------
    @property
    def is_match(self) -> bool:
        """Whether the room plays a whole match."""
        return bool(self.settings["match"])

    @property
    def state(self) -> Any:
        """The deal shown: the current one, or the one a match just finished."""
        if self.game is None:
            return None
        if not self.is_match:
            return self.game
        if self.game.current is None or self.between:
            return self.game.deals[-1]
        return self.game.current

    def record(self) -> dict[str, Any]:
        """The game as the engine's record (a deal or a match)."""
        record: dict[str, Any] = self.game.to_record()
        return record

    def flags(self) -> dict[str, Any]:
        """The switches kept with the room."""
        return {"paused": self.paused, "revealed": self.revealed, "between": self.between,
                "messages": self.messages_on, "seed": self.seed}

    def deal(self, seed: int | None, start: Any = None) -> None:
        """Start the game: a new deal (or match), or a given start state (tests)."""
        from ..match import new_match

        self.seed = secrets.randbelow(2 ** 31) if seed is None else seed
        if start is not None:
            self.game = start
        elif self.is_match:
            self.game = new_match(self.rules, players=self.players, seed=self.seed)
        else:
            self.game = self.rules.new_deal(players=self.players, seed=self.seed)
        self.revealed = self.between = False
        self.paused = False
        self.saved()

    def next_deal(self) -> None:
        """In a match, start the deal that waits after a finished one."""
        if not self.is_match or self.game is None:
            raise _refuse(409, "this room plays one deal at a time: deal again instead")
        if not self.between:
            raise _refuse(409, "the deal in play is not over yet")
        self.between = self.revealed = False
        self.saved()

    def saved(self) -> None:
        """Write the room's game (its whole record) and switches to the store."""
        self.active = time.time()
        if self.game is not None:
            self.hub.store.save_game(self.code, self.record(), self.active)
        self.hub.store.set_flags(self.code, self.flags(), self.active)
        self.changed()

    def changed(self) -> None:
        """Something the pages are sent has changed: their views are made again when next
        asked for, and the computer players look again."""
        self._views.clear()
        self._seats = None
        self.wake.set()

    def computer_seat(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` now: nobody sits there, or its student
        dropped and the room lets the computer stand in after some seconds."""
        if seat not in self.tokens:
            return True
        if self.settings["drop"] != "computer" or self.connected(seat):
            return False
        return bool(time.time() - self.seen.get(seat, 0.0) >= self.settings["drop_seconds"])

    def connected(self, seat: int) -> bool:
        """Whether a page of ``seat`` is open."""
        return any(s == seat for s in self.sockets.values())

    def play(self, seat: int, text: str) -> None:
        """Play ``text`` for ``seat`` (the caller holds the lock); refused moves raise
        :class:`Refusal` with the engine's reason."""
        state = self.state
        if state is None:
            raise _refuse(409, "the teacher has not dealt yet")
        if self.paused:
            raise Refusal(409, {"legal": False, "reason": "The teacher has paused the table: "
                                "wait until play resumes.", "clauses": []})
        if self.between:
            raise Refusal(409, {"legal": False, "reason": "This deal is over: the teacher "
                                "starts the next one.", "clauses": []})
        try:
            move = state.parse_move(text)
        except MoveError as exc:
            raise Refusal(409, {"legal": False, "reason": str(exc), "clauses": []}) from None
        if state.is_over or seat != state.to_move or move not in state.legal_moves():
            explanation = self.explain(state, seat, text)  # the engine's reason, in words
            if not explanation["legal"]:
                raise Refusal(409, explanation)
        self.apply(state.play(move))

    def explain(self, state: Any, seat: int, text: str) -> dict[str, Any]:
        """Whether ``seat`` may play ``text`` now, in the engine's words, told without any card
        that ``seat`` may not know (the engine's full explanation may name who holds a card)."""
        try:
            move = state.parse_move(text)
        except MoveError as exc:
            return {"legal": False, "reason": str(exc), "clauses": []}
        view = state.view(seat)
        hand = view.hand
        mine = all(card in hand for card in move.cards)
        if state.is_over or seat == state.to_move:
            if mine or state.is_over or self.public_cards(view, move):
                why = state.explain(move)
                return {"legal": bool(why.legal), "reason": why.reason,
                        "clauses": list(why.clauses)}
            clauses = list(state.explain(move).clauses[-1:])
            cards = " ".join(c.pretty() for c in move.cards if c not in hand)
            return {"legal": False, "reason": f"You do not hold {cards}: you can play only "
                    "cards from your own hand.", "clauses": clauses}
        own = next(iter(hand), None)
        clauses = list(state.explain(own.text).clauses) if own is not None else []
        return {"legal": False, "reason": f"It is seat {state.to_move}'s turn, not yours: wait "
                "until they have moved.", "clauses": clauses}

    @staticmethod
    def public_cards(view: Any, move: Any) -> bool:
        """Whether every card of ``move`` lies face up on the table (so a reason about it
        tells nothing hidden)."""
        table = getattr(view, "table", None)
        if table is None or not hasattr(table, "__contains__"):
            top = getattr(view, "top", None)
            return top is not None and all(card == top for card in move.cards)
        return all(card in table for card in move.cards)

    def apply(self, new: Any) -> None:
        """Put a legal move's result in place and write the move to the store (before
        anything is answered): one row added, not the whole record again."""
        move = new.history[-1]
        if self.is_match:
            if self.game.current is not None and new.is_over:
                self.between = True
        self.game = advance(self.game, move)
        self.active = time.time()
        self.hub.store.add_move(self.code, str(move), self.flags(), self.active)
        self.changed()

    async def computer_move(self) -> bool:
        """Play one computer move if the computer is to move; whether it did."""
        async with self.lock:
            state = self.state
            if (state is None or state.is_over or self.paused or self.between
                    or not self.computer_seat(state.to_move)):
                return False
            seat = state.to_move
            rng = TurnRandom(derived_seed(self.seed, "room", len(state.history)))
            rng.start_turn(len(state.history))
            move = self.bots[seat].choose(state.view(seat), rng)
            self.apply(state.play(move))
        await self.push()
        return True

    async def drive(self) -> None:
        """The room's computer players: one move at a time at the room's pace, a view
        pushed after each; asleep while a student is to move."""
        while True:
            self.wake.clear()
            state = self.state
            wait: float | None = None
            if state is not None and not state.is_over and not self.paused and not self.between:
                seat = state.to_move
                if self.computer_seat(seat):
                    await asyncio.sleep(PACES[self.settings["pace"]] * self.hub.pace_scale)
                    await self.computer_move()
                    continue
                if seat in self.tokens and self.settings["drop"] == "computer":
                    wait = max(0.05, self.seen.get(seat, 0.0) + self.settings["drop_seconds"]
                               - time.time())
            try:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a
                # cancellation that arrives as the wake-up does, and the task never ends
                async with asyncio.timeout(wait):
                    await self.wake.wait()
            except TimeoutError:
                pass

    def start_driver(self) -> None:
        """Start the computer players' task (once, inside the event loop)."""
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self.drive())

    async def stop_driver(self) -> None:
        """Cancel the computer players' task and wait until it has ended."""
        driver, self.driver = self.driver, None
        if driver is None:
            return
        driver.cancel()
        await asyncio.gather(driver, return_exceptions=True)

    def listen(self, ws: Any, seat: int | None) -> asyncio.Event:
        """Register an open page of ``seat``; the event is set when the server hangs up on it
        (:meth:`hang_up`), so that its handler stops waiting for the page."""
        self.sockets[ws] = seat
        self.outbox[ws] = asyncio.Event()
        self.changed()
        ending = self.ending[ws] = asyncio.Event()
        return ending

    async def hang_up(self, ws: Any, code: int) -> None:
        """Close one page's socket with ``code`` and stop its handler."""
        ending = self.ending.pop(ws, None)
        if ending is not None:
            ending.set()
        self.forget(ws)
        try:
            await ws.close(code=code)
        except Exception:  # noqa: BLE001 - a page that already went away
            pass

    async def stop(self, code: int) -> None:
        """The room ends (closed, or the server stops): the computer's task is cancelled and
        awaited, and every page's socket is closed with ``code``."""
        await self.stop_driver()
        pages = list(self.ending)
        for ws in pages:  # every page let go first: no view is pushed to one while closing
            self.forget(ws)
        for ws in pages:
            await self.hang_up(ws, code)

    # -- what is sent -----------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        """Each seat: its student's name or the computer, connected or not, cards held."""
        if self._seats is None:
            state = self.state
            sizes = [len(h) for h in state.hands] if state is not None else [0] * self.players
            here = set(self.sockets.values())
            self._seats = [{"seat": s, "name": self.names.get(s, "computer"),
                            "computer": s not in self.tokens, "connected": s in here,
                            "cards": sizes[s]} for s in range(self.players)]
        return self._seats

    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON of ``seat``'s view (``None``: the public view); made once per change of
        the room and shared by every page of that seat (nobody changes it)."""
        return self._view(seat)[0]

    def view_text(self, seat: int | None) -> str:
        """:meth:`view` as JSON text (made once per change, like the view)."""
        return self._view(seat)[1]

    def _view(self, seat: int | None) -> tuple[dict[str, Any], str, str]:
        """The view, its JSON text, and its JSON text without the log."""
        made = self._views.get(seat)
        if made is None:
            view = self._make_view(seat)
            text, rest = view_text(view, self._shared if self.state is not None else None)
            made = self._views[seat] = (view, text, rest)
        return made

    def message(self, ws: Any, seat: int | None) -> str | None:
        """The view message for one page: ``{"type": "view", "log_from": k, "view": ...}``
        where the view's ``log`` holds the entries from ``k`` on; the page keeps the ones
        before, which it was sent already (a new page, a new deal or the reveal: from 0).
        ``None`` when the page already has this very view."""
        view, text, rest = self._view(seat)
        shared = self._shared if self.state is not None else None
        sent, before = self.log_sent.get(ws), self.last_sent.get(ws)
        self.last_sent[ws] = rest
        if shared is None:
            self.log_sent[ws] = (None, 0)
            if sent == (None, 0) and before == rest:
                return None
            return '{"type":"view","log_from":0,"view":' + text + "}"
        n = len(shared.entries)
        start = sent[1] if sent is not None and shared.same_deal(sent[0]) and sent[1] <= n \
            else 0
        if sent is not None and shared.same_deal(sent[0]) and sent[1] == n and before == rest:
            return None
        self.log_sent[ws] = (shared.mark, n)
        return ('{"type":"view","log_from":' + str(start) + ',"view":{"log":'
                + shared.log_text(seat, start) + "," + rest[1:] + "}")

    def _make_view(self, seat: int | None) -> dict[str, Any]:
        extra = {"code": self.code, "ruleset": self.settings["ruleset"],
                 "title": str(self.rules.title), "paused": self.paused,
                 "revealed": self.revealed, "messages": self.messages_on,
                 "pace": self.settings["pace"], "dealt": self.game is not None,
                 "between_deals": self.between}
        if self.is_match and self.game is not None:
            extra["match"] = {"deal": len(self.game.deals) + (0 if self.between or
                                                               self.game.current is None else 1),
                              "deals": int(self.game.length), "over": bool(self.game.is_over),
                              "totals": list(self.game.totals)}
            if self.game.is_over:  # who won the match, in the engine's words
                result = self.game.result
                extra["match"].update({"summary": str(result.summary),
                                       "winners": list(result.winners),
                                       "places": list(result.places)})
        state = self.state
        if state is None:
            return {"seat": seat, "to_move": None, "over": False, "players": self.players,
                    "table": None, "log": [], "outcome": None, "moves_played": 0,
                    "seats": self.seats_json(), **({"hand": [], "hand_symbols": [],
                                                     "legal": [], "legal_symbols": [],
                                                     "legal_cards": []}
                                                    if seat is not None else {}), **extra}
        shared = self._shared
        if shared is None or shared.state is not state or shared.revealed != bool(
                self.revealed or state.is_over):
            shared = self._shared = Shared(state, self.revealed, before=shared)
        return view_json(state, seat, revealed=self.revealed, seats=self.seats_json(),
                         extra=extra, shared=shared)

    async def push(self) -> None:
        """Tell every open page's sender (:meth:`deliver`) that the room changed: each sends
        its page the view as it is when the page can take it.  Nothing waits here for a
        page, so a phone on a slow network holds up neither the table nor the other pages,
        and a page that falls behind is sent the latest view, not every one in between."""
        for event in self.outbox.values():
            event.set()

    async def deliver(self, ws: Any, seat: int | None) -> None:
        """Send one page its views (``seat``'s, or the public view) until it goes away: run
        by the page's socket handler beside its reader.  One sender per page, so the page
        gets its views in order; an error sending ends it (the handler then closes)."""
        wake = self.outbox.get(ws)
        while wake is not None and ws in self.sockets:
            await wake.wait()
            wake.clear()
            if ws not in self.sockets:
                return
            text = self.message(ws, seat)
            if text is not None:
                await ws.send_text(text)

    def forget(self, ws: Any) -> None:
        """A page closed."""
        if ws in self.sockets:
            self.changed()
        self.sockets.pop(ws, None)
        self.last_sent.pop(ws, None)
        self.log_sent.pop(ws, None)
        outbox = self.outbox.pop(ws, None)
        if outbox is not None:
            outbox.set()  # its sender wakes and ends
        ending = self.ending.pop(ws, None)
        if ending is not None:
            ending.set()
        if not self.sockets:  # nobody watches: the room keeps its game, not what was sent
            self._shared = None

    async def send_all(self, message: dict[str, Any]) -> None:
        """Send one JSON message (a chat line) to every open page."""
        text = json.dumps(message, ensure_ascii=False)
        for ws in list(self.sockets):
            try:
                await ws.send_text(text)
            except Exception:  # noqa: BLE001 - a page that went away is dropped
                self.forget(ws)

    def say(self, seat: int, text: str | None, emoji: str | None) -> dict[str, Any]:
        """A student's short message or reaction, checked; the line to send."""
        if not self.messages_on:
            raise _refuse(403, "the teacher has switched messages off")
        if emoji is not None and emoji not in EMOJI:
            raise _refuse(422, f"emoji {quoted(emoji)}: expected one of {' '.join(EMOJI)}")
        line = {"type": "message", "seat": seat, "name": self.names.get(seat, ""),
                "text": text or "", "emoji": emoji or "", "at": time.time()}
        self.chat.append(line)
        return line


class Hub:
    """Every room of one server, the tokens and the store."""

    def __init__(self, store: Store, *, max_rooms: int = 200, expire_seconds: float = 4 * 3600,
                 pace_scale: float = 1.0, room_rate: float = 60.0, seat_rate: float = 15.0
                 ) -> None:
        self.store = store
        self.max_rooms = max_rooms
        self.expire_seconds = expire_seconds
        self.pace_scale = pace_scale
        self.room_rate = room_rate
        self.seat_rate = seat_rate
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, tuple[str, int | None]] = {}  # token -> (code, seat or None)
        self.buckets: dict[str, Bucket] = {}

    def create(self, settings: dict[str, Any]) -> Room:
        """A new room (settings already checked by the engine); RulesError if the ruleset is
        not the engine's."""
        self.expire()
        if len(self.rooms) >= self.max_rooms:
            raise _refuse(503, f"this server already holds {self.max_rooms} rooms: close one "
                          "first")
        code = new_code()
        while code in self.rooms:
            code = new_code()
        teacher = new_token()
        now = time.time()
        room = Room(self, code, teacher, settings, now)
        self.store.add_room(code, teacher, settings, now)
        self.rooms[code] = room
        self.tokens[teacher] = (code, None)
        return room

    def join(self, room: Room, name: str, who: str | None = None) -> tuple[int, str]:
        """Seat a student in the first free seat; their seat and token.  ``who``, a
        signed-in person (a hub user), who already has a seat here gets it again."""
        held = room.holders.get(who) if who is not None else None
        if held is not None and held in room.tokens:
            room.seen[held] = time.time()
            return held, room.tokens[held]
        free = [s for s in range(room.players) if s not in room.tokens]
        if not free:
            raise _refuse(409, f"every seat of room {room.code} is taken")
        seat, token = free[0], new_token()
        room.names[seat], room.tokens[seat] = name, token
        room.seen[seat] = time.time()
        self.tokens[token] = (room.code, seat)
        if who is not None:
            room.holders[who] = seat
        self.store.add_seat(room.code, seat, name, token, who)
        room.changed()
        return seat, token

    def remove_seat(self, room: Room, seat: int) -> None:
        """The teacher frees ``seat``: its token stops working, the computer plays it."""
        token = room.tokens.pop(seat, None)
        if token is None:
            raise _refuse(404, f"seat {seat} has no student")
        room.names.pop(seat, None)
        for who in [w for w, s in room.holders.items() if s == seat]:
            del room.holders[who]
        self.tokens.pop(token, None)
        self.store.remove_seat(room.code, seat)
        room.changed()

    def close(self, room: Room) -> None:
        """Close a room: its tokens stop working, its record is deleted."""
        self.rooms.pop(room.code, None)
        for token in [room.teacher_token, *room.tokens.values()]:
            self.tokens.pop(token, None)
        self.store.remove_room(room.code)
        if room.driver is not None:
            room.driver.cancel()  # awaited by Room.stop, which the app calls next

    async def shutdown(self) -> None:
        """The server stops: every room's computer task cancelled and awaited, every page's
        socket closed (1001: going away)."""
        for room in list(self.rooms.values()):
            await room.stop(1001)

    def expire(self) -> list[str]:
        """Close every room inactive for longer than the limit; their codes."""
        cutoff = time.time() - self.expire_seconds
        gone = [r for r in self.rooms.values() if r.active < cutoff and not r.sockets]
        for room in gone:
            self.close(room)
        return [r.code for r in gone]

    def allow(self, token: str) -> bool:
        """The per-connection rate limit of one token."""
        bucket = self.buckets.get(token)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[token] = Bucket(self.seat_rate, self.seat_rate * 2)
        return bucket.take()

    def restore(self) -> None:
        """Every room of the store, rebuilt: seats, tokens, and the game replayed from its
        record through the engine."""
        for row in self.store.rooms():
            try:
                room = Room(self, row["code"], row["teacher_token"], row["settings"],
                            row["active"])
                if row["record"] is not None:
                    room.game = loads(row["record"])
                    for move in row["moves"]:
                        room.game = advance(room.game, move)
            except RulebookError:
                continue  # a record the engine no longer replays is left out, not half-loaded
            flags = row["flags"]
            room.paused = bool(flags.get("paused", False))
            room.revealed = bool(flags.get("revealed", False))
            room.between = bool(flags.get("between", False))
            room.messages_on = bool(flags.get("messages", room.messages_on))
            room.seed = int(flags.get("seed", 0))
            for seat, (name, token, who) in row["seats"].items():
                room.names[seat], room.tokens[seat] = name, token
                if who is not None:
                    room.holders[who] = seat
                room.seen[seat] = time.time()
                self.tokens[token] = (room.code, seat)
            self.rooms[room.code] = room
            self.tokens[room.teacher_token] = (room.code, None)

