"""ClassTable: run the class table from a notebook, for a class that plays together.

``ClassTable()`` starts the class table server inside the kernel (uvicorn on a background
thread serving :func:`rulebook.classroom.create_app`, on 127.0.0.1 unless ``host="0.0.0.0"``
opens it to the classroom network; a free port unless one is given), or joins one already
running (``url=``).  It creates a room through the server's own API (``POST /api/rooms``) and
shows what a teacher needs in front of a class:

- the address students open, as a QR code (segno) and in words, and the room code in large
  print;
- links to the projector page of the room and to the teacher page;
- the teacher's buttons: **Deal** (or deal again), **Next deal** (in a match), **Reveal
  every hand**, **Pause** / **Resume**, each one a call to the API with the room's teacher
  token;
- the live projector view of the public table: the table, the seats with their students'
  names and hand sizes, the move log with the reason of each forced pass, the result, and
  every hand once the deal is over or revealed.

A thread asks the server for the room (``GET /api/rooms/{code}/status``, which holds the
public view) a few times a second and sets the widgets' values, so the view follows the
table while the kernel is idle.  The widget shows what the API returns and nothing else: the
engine decides every move, the server sends only the public view, and every text from it is
escaped.  It holds no rule and names no game: the game's table is drawn from its JSON fields.

Where no server can start (the class extra not installed, or a notebook running in the
browser with no server, as in JupyterLite) the widget says so in one sentence instead of
raising.  :meth:`ClassTable.stop` stops the polling and the server it started; the threads
are daemons, so a kernel that exits never waits for them.
"""
from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from typing import Any

import ipywidgets as W

from rulebook.cards import SUIT_SYMBOLS, Card
from rulebook.errors import RulebookError, RulesError, quoted
from rulebook.html import STYLE, card_html, escape
from rulebook.rules import RulesBase, default_profile, parse_ruleset
from rulebook.simulation import bot_names

from .common import WidgetView, flag, seconds, short_message, whole_number
from .stepper import button

__all__ = ["ClassTable", "projector_html", "PACES", "NEEDS_THE_EXTRA", "IN_THE_BROWSER"]

PACES = ("relaxed", "normal", "fast")
"""The paces the computer's moves can be played at, as the server names them."""

NEEDS_THE_EXTRA = ("The class table needs its server, which is not installed here: "
                   "pip install \"rulebook-explorer[class]\" (or pip install -e \".[class]\" in "
                   "a checkout), then run this cell again.")
"""What the widget says when the class extra (FastAPI, uvicorn, segno) is missing."""

IN_THE_BROWSER = ("This notebook runs in the browser with no server behind it (JupyterLite), "
                  "where no server can start: run the class table on a laptop with "
                  "python -m rulebook serve --host 0.0.0.0 and open its teacher page.")
"""What the widget says in Pyodide, which has no sockets and no threads."""

LOG_SHOWN = 12
"""The newest moves the projector view lists (newest first)."""
CHAT_SHOWN = 6
"""The newest messages it lists."""

_STYLE = """<style>
.rb-classtable{font-family:sans-serif}
.rb-classtable .widget-html-content{font-size:18px;line-height:1.35}
.rb-classtable .rb-ct-code{font-size:64px;font-weight:bold;letter-spacing:.18em;
 font-family:monospace;line-height:1.1;margin:4px 0}
.rb-classtable .rb-ct-address{font-size:24px;font-weight:bold;word-break:break-all}
.rb-classtable .rb-ct-qr img{width:220px;height:220px;image-rendering:pixelated}
.rb-classtable .rb-ct-view .rb-card{font-size:1.2em}
.rb-classtable .rb-ct-view h3{margin:8px 0 4px 0;font-size:22px}
.rb-classtable .rb-ct-turn{font-size:24px;font-weight:bold;margin:4px 0}
.rb-classtable .rb-ct-view table.rb-table{font-size:18px}
.rb-classtable .rb-ct-view tr.rb-ct-mover td{background:#eef5ff;font-weight:bold}
.rb-classtable .rb-ct-log li{margin:2px 0}
.rb-classtable .rb-ct-log .rb-ct-reason{color:#333;font-size:.9em}
.rb-classtable .jupyter-button{font-size:18px;height:auto;min-height:40px}
</style>"""


class _CannotStart(Exception):
    """The server cannot start or cannot be reached: the sentence that says why."""


def _spec_of(ruleset: Any) -> tuple[str, RulesBase]:
    """``ruleset`` (``profile+option`` text or a rules object) as the text the API takes, and
    the rules it means (the engine's RulesError for anything it does not load)."""
    if isinstance(ruleset, RulesBase):
        parts = [ruleset.profile.id]
        for name, value in ruleset.changed_options().items():
            if isinstance(value, bool):
                parts.append(name if value else f"{name}=false")
            elif isinstance(value, (int, str)):
                parts.append(f"{name}={value}")
            else:
                parts.append(f"{name}={','.join(str(v) for v in value)}")
        spec = "+".join(parts)
        try:
            same = parse_ruleset(spec) == ruleset
        except RulebookError:
            same = False
        if not same:
            raise RulesError(f"{ruleset.title}: these house rules cannot be sent to the class "
                             f"table as text; give the ruleset as text such as "
                             f"'{ruleset.profile.id}+<house rule>'")
        return spec, ruleset
    if not isinstance(ruleset, str):
        raise RulesError(f"ruleset={quoted(ruleset)}: expected a ruleset as text, such as "
                         f"'{default_profile()}', or a rules object")
    text = str.__str__(ruleset).strip()
    return text, parse_ruleset(text)


def _choice(where: str, value: Any, choices: Iterable[str]) -> str:
    """``value`` if it is one of ``choices``; RulesError otherwise."""
    allowed = list(choices)
    if not isinstance(value, str) or str.__str__(value) not in allowed:
        raise RulesError(f"{where}={quoted(value)}: expected one of {', '.join(allowed)}")
    return str.__str__(value)


# -- the projector view, drawn from the public view's JSON ----------------------------------------
_FIELD_WORDS = {"absent": "known not to hold", "hand_sizes": "cards",
                "draw_counts": "cards drawn", "committed": "put in", "all_in": "all in"}
"""Words for the few table fields whose name alone reads badly on a projector."""


def _words(key: str) -> str:
    """A JSON field's name in words (``draw_pile`` -> ``draw pile``)."""
    for ending in ("_symbols", "_symbol"):
        if key.endswith(ending):
            key = key[: -len(ending)]
    return _FIELD_WORDS.get(key, key.replace("_", " "))


def _is_card(value: Any) -> bool:
    if not isinstance(value, str) or not 2 <= len(value) <= 3:
        return False
    try:
        Card(value)
    except (RulebookError, ValueError):
        return False
    return True


def _value_html(value: Any) -> str:
    """One JSON value as escaped HTML: cards as cards, lists joined, yes/no for flags."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_card(value):
        return card_html(value)
    if isinstance(value, str) and value in SUIT_SYMBOLS:
        return escape(SUIT_SYMBOLS[value])
    if isinstance(value, list):
        if not value:
            return "none"
        if all(_is_card(v) for v in value):
            return " ".join(card_html(v) for v in value)
        return ", ".join(f"({_value_html(v)})" if isinstance(v, list) else _value_html(v)
                         for v in value)
    if isinstance(value, dict):
        if not value:
            return "none"
        return "; ".join(f"{_value_html(k)}: {_value_html(v)}" for k, v in value.items())
    return escape(value)


def _seat_name(view: dict[str, Any], seat: Any) -> str:
    for s in view.get("seats") or []:
        if s.get("seat") == seat:
            return (f"seat {seat} (computer)" if s.get("computer")
                    else f"{s.get('name', '')} (seat {seat})")
    return f"seat {seat}"


def _turn_words(view: dict[str, Any]) -> str:
    if not view.get("dealt"):
        return "Waiting for the teacher to deal."
    if view.get("paused"):
        return "The teacher has paused the table."
    if view.get("over") or view.get("between_deals"):
        return "The deal is over."
    return f"Waiting for {_seat_name(view, view.get('to_move'))}."


def _table_parts(view: dict[str, Any]) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """The game's public table (its JSON fields, whatever the game): lines (label, HTML) and
    columns for the seats table (label -> one HTML cell a seat)."""
    table = view.get("table") or {}
    players = int(view.get("players") or 0)
    lines: list[tuple[str, str]] = []
    columns: dict[str, list[str]] = {}
    for key, value in table.items():
        if key == "game" or value is None:
            continue
        base = key[: key.rfind("_")] if key.endswith(("_symbols", "_symbol")) else None
        if base is not None and base in table:
            continue  # the same cards in letters: drawn as cards from those
        label = _words(key)
        if isinstance(value, list) and players and len(value) == players \
                and not all(_is_card(v) for v in value):
            columns[label] = [_value_html(v) for v in value]
        else:
            lines.append((label, _value_html(value)))
    return lines, columns


def projector_html(view: dict[str, Any], chat: Iterable[dict[str, Any]] = ()) -> str:
    """The public view of a room (the JSON of ``GET /api/rooms/{code}/view`` without a
    token, or the ``view`` of the room's status) as HTML for a projector: the turn, the table,
    the seats with names and hand sizes, the result, every hand once shown to all, the move
    log with its reasons (newest first), and the newest messages.  Every text is escaped."""
    title = escape(view.get("title", ""))
    parts = [f'<div class="rb-ct-view"><h3>{title}</h3>',
             f'<div class="rb-ct-turn">{escape(_turn_words(view))}</div>']
    lines, columns = _table_parts(view)
    if lines:
        parts.append('<table class="rb-table rb-ct-lines">' + "".join(
            f"<tr><th>{escape(label)}</th><td>{cells}</td></tr>" for label, cells in lines)
            + "</table>")
    seats = view.get("seats") or []
    counts = [str(s.get("cards", "")) for s in seats]
    shown_columns = {label: cells for label, cells in columns.items() if cells != counts}
    head = "".join(f"<th>{escape(label)}</th>" for label in shown_columns)
    rows = []
    for k, s in enumerate(seats):
        who = "computer" if s.get("computer") else str(s.get("name", ""))
        here = "" if s.get("computer") else (" · here" if s.get("connected") else " · away")
        mover = view.get("dealt") and not view.get("over") and s.get("seat") == view.get("to_move")
        cells = "".join(f"<td>{c[k] if k < len(c) else ''}</td>" for c in shown_columns.values())
        mark = ' class="rb-ct-mover"' if mover else ""
        rows.append(f'<tr{mark} data-seat="'
                    f'{escape(s.get("seat"))}"><td>seat {escape(s.get("seat"))}</td>'
                    f"<td>{escape(who)}{escape(here)}</td><td>{escape(s.get('cards'))}</td>"
                    f"{cells}</tr>")
    parts.append(f'<table class="rb-table rb-ct-seats"><tr><th>seat</th><th>player</th>'
                 f"<th>cards</th>{head}</tr>{''.join(rows)}</table>")
    outcome = view.get("outcome")
    if outcome:
        parts.append(f'<div class="rb-reason"><b>{escape(outcome.get("summary", ""))}</b></div>')
    match = view.get("match")
    if match:
        totals = ", ".join(escape(t) for t in match.get("totals", []))
        over = " · the match is over" if match.get("over") else ""
        parts.append(f'<div class="rb-note">Match: deal {escape(match.get("deal"))} of '
                     f'{escape(match.get("deals"))} · totals {totals}{over}</div>')
    hands = view.get("hands")
    if hands:
        parts.append("<h3>Every hand</h3>" + "".join(
            f'<div class="rb-note rb-ct-hand" data-seat="{seat}">{escape(_seat_name(view, seat))}'
            f": {' '.join(card_html(c) for c in hand) or 'no cards'}</div>"
            for seat, hand in enumerate(hands)))
    log = list(view.get("log") or [])[-LOG_SHOWN:]
    if log:
        items = []
        for entry in reversed(log):
            reason = ""
            if entry.get("reason"):
                clauses = ", ".join(entry.get("clauses") or [])
                reason = (f' <span class="rb-ct-reason">{escape(entry["reason"])}</span>'
                          + (f' <span class="rb-clauses">{escape(clauses)}</span>'
                             if clauses else ""))
            items.append(f"<li>{escape(entry.get('text', ''))}{reason}</li>")
        parts.append(f'<h3>Moves, newest first ({escape(view.get("moves_played", len(log)))} '
                     f'played)</h3><ol class="rb-ct-log" reversed>{"".join(items)}</ol>')
    said = list(chat)[-CHAT_SHOWN:]
    if said:
        parts.append("<h3>Messages</h3>" + "".join(
            f'<div class="rb-note"><b>{escape(line.get("name") or _seat_name(view, line.get("seat")))}'
            f':</b> {escape(line.get("emoji") or line.get("text") or "")}</div>'
            for line in reversed(said)))
    parts.append("</div>")
    return "".join(parts)


# -- the widget -------------------------------------------------------------------------------------
class ClassTable(WidgetView):
    """A room of the class table, run from a notebook: join address, room code, teacher's
    buttons and the live projector view.

    ``ClassTable(ruleset=None, *, players=4, computer="smart", match=False, pace="normal",
    messages=True, drop="wait", drop_seconds=30, url=None, host="127.0.0.1", port=None,
    db=None, poll=0.4)``: ``ruleset`` is ``profile+option`` text or a rules object (``None``:
    the default profile), ``players`` the seats at the table (students take them as they join;
    the computer, of strength ``computer``, plays the rest), ``match`` a whole match where the
    ruleset has one, ``pace`` how fast the computer's moves follow one another on the
    projector (``relaxed``, ``normal``, ``fast``), ``messages`` whether students may send short
    messages, ``drop`` what happens when a student's page goes away (``wait``, or
    ``computer``: it plays the seat after ``drop_seconds``).  With ``url`` the room is made on
    the server at that address (e.g. ``http://192.168.1.20:8000``); otherwise a server starts
    in this kernel, bound to ``host`` (``"0.0.0.0"``: reachable from the classroom network) on
    ``port`` (``None``: a free one), keeping its rooms in the SQLite file ``db`` (``None``: a
    temporary file, removed by :meth:`stop`).  ``poll`` is the seconds between two looks at
    the room.

    Arguments the engine refuses raise :class:`~rulebook.errors.RulesError` before anything
    starts; a server that cannot start or answer is told in ``message`` (``problem`` holds the
    sentence) and nothing raises.  Public: ``code``, ``teacher_token``, ``base_url`` (where the
    widget reaches the server), ``join_url`` (what the QR code holds), ``student_address``
    (what students type), ``projector_url``, ``teacher_url``, ``qr_data_uri``, ``view`` (the
    last public view), the buttons ``deal_button``, ``next_button``, ``reveal_button``,
    ``pause_button``, the HTML widgets ``join_box``, ``links``, ``message``, ``projector``,
    and ``app`` / ``server_loop`` (the server started here, ``None`` otherwise).
    """

    def __init__(self, ruleset: RulesBase | str | None = None, *, players: int = 4,
                 computer: str = "smart", match: bool = False, pace: str = "normal",
                 messages: bool = True, drop: str = "wait", drop_seconds: int = 30,
                 url: str | None = None, host: str = "127.0.0.1", port: int | None = None,
                 db: str | os.PathLike[str] | None = None, poll: float = 0.4) -> None:
        spec, rules = _spec_of(default_profile() if ruleset is None else ruleset)
        players = whole_number("players", players, 2, 8)
        rules.check_players(players)
        computer = _choice("computer", computer, bot_names(rules.game))
        if flag("match", match) and rules.match_length() is None:
            raise RulesError(f"{rules.title} has no matches: play deal by deal (match=False)")
        self.settings: dict[str, Any] = {
            "ruleset": spec, "players": players, "computer": computer, "match": bool(match),
            "pace": _choice("pace", pace, PACES), "messages": flag("messages", messages),
            "drop": _choice("drop", drop, ("wait", "computer")),
            "drop_seconds": whole_number("drop_seconds", drop_seconds, 1, 3600)}
        if url is not None and (not isinstance(url, str)
                                or not str.__str__(url).startswith(("http://", "https://"))):
            raise RulesError(f"url={quoted(url)}: expected the server's address, such as "
                             f"'http://192.168.1.20:8000'")
        if not isinstance(host, str) or not host.strip():
            raise RulesError(f"host={quoted(host)}: expected an address to listen on, such as "
                             f"'127.0.0.1' or '0.0.0.0'")
        if db is not None and not isinstance(db, (str, os.PathLike)):
            raise RulesError(f"db={quoted(db)}: expected the name of a file for the rooms, "
                             f"such as 'classroom.sqlite', or None for a temporary one")
        self.port: int | None = None if port is None else whole_number("port", port, 0, 65535)
        self.poll_seconds = max(0.05, seconds("poll", poll))
        self.rules = rules
        self.host = str.__str__(host).strip()
        self.code = self.teacher_token = ""
        self.base_url = "" if url is None else str.__str__(url).rstrip("/")
        self.student_address = self.join_url = self.projector_url = self.teacher_url = ""
        self.qr_data_uri = ""
        self._public_base = ""  # where students reach the server, when it differs
        self._failing = False  # the last look at the room found no answer
        self.view: dict[str, Any] = {}
        self.chat: list[dict[str, Any]] = []
        self.problem: str | None = None
        self.app: Any = None
        self.server_loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None
        self._server_thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self._tmp: str | None = None
        self._poller: threading.Thread | None = None
        self._stopping = threading.Event()
        self._drawing = threading.Lock()
        self._drawn = ""
        self._opener = urllib.request.build_opener() if url is not None else \
            urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy

        self.join_box = W.HTML()
        self.links = W.HTML()
        self.message = W.HTML()
        self.projector = W.HTML()
        self.deal_button = button("Deal", "Deal a new deal (or deal again)", "random",
                                  self.deal)
        self.deal_button.button_style = "success"
        self.next_button = button("Next deal", "In a match: start the next deal",
                                  "step-forward", self.next_deal)
        self.next_button.layout.display = "" if self.settings["match"] else "none"
        self.reveal_button = button("Reveal every hand", "Show every hand to everybody",
                                    "eye", self.reveal)
        self.pause_button = button("Pause", "Pause the table (the computer waits too)",
                                   "pause", self.toggle_pause)
        self.buttons = W.HBox([self.deal_button, self.next_button, self.reveal_button,
                               self.pause_button], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([W.HTML(STYLE + _STYLE), self.join_box, self.links,
                              self.buttons, self.message, self.projector])
        self.widget.add_class("rb-classtable")
        self.projector.add_class("rb-ct-projector")
        try:
            if url is None:
                self._start_server(db)
            self._open_room()
        except _CannotStart as why:
            self._give_up(str(why))
            return
        self.refresh()
        self._poller = threading.Thread(target=self._poll, name="class table view",
                                        daemon=True)
        self._poller.start()

    # ---- the server -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """Whether a server started by this widget is running."""
        return self._server_thread is not None and self._server_thread.is_alive()

    def _start_server(self, db: str | os.PathLike[str] | None) -> None:
        """uvicorn on a daemon thread with its own event loop, on a socket bound here (so the
        port is known before it starts and a taken port is told at once)."""
        if sys.platform == "emscripten":
            raise _CannotStart(IN_THE_BROWSER)
        try:
            import uvicorn

            from rulebook.classroom.app import create_app
            from rulebook.classroom.serve import join_address
        except ImportError:
            raise _CannotStart(NEEDS_THE_EXTRA) from None
        if db is None:
            self._tmp = tempfile.mkdtemp(prefix="rulebook-classtable-")
            db = os.path.join(self._tmp, "classroom.sqlite")
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port or 0))
        except OSError as exc:
            sock.close()
            self._remove_tmp()
            raise _CannotStart(f"The class table cannot listen on {self.host} port "
                               f"{self.port or 0}: {short_message(exc.strerror or exc)}. "
                               f"Choose another port (port=None picks a free one).") from None
        self._socket = sock
        self.port = int(sock.getsockname()[1])
        try:
            self.app = create_app(os.fspath(db))
        except (RulebookError, OSError) as exc:
            self._close_socket()
            self._remove_tmp()
            raise _CannotStart(f"The class table cannot open its rooms file {db}: "
                               f"{short_message(exc)}") from None
        config = uvicorn.Config(self.app, log_config=None, log_level="warning",
                                access_log=False, ws_max_size=64 * 1024,
                                timeout_graceful_shutdown=3)
        server = self._server = uvicorn.Server(config)
        loop = self.server_loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(server.serve(sockets=[sock]))
            except BaseException:  # noqa: BLE001 - told below as "did not start"
                pass
            finally:
                loop.close()

        self._server_thread = threading.Thread(target=run, name="class table server",
                                               daemon=True)
        self._server_thread.start()
        atexit.register(self._stop_server)  # a Python that exits closes the rooms file cleanly
        deadline = time.monotonic() + 20
        while not server.started and self._server_thread.is_alive() \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        if not server.started:
            self._stop_server()
            raise _CannotStart("The class table server did not start in this kernel: run "
                               "python -m rulebook serve in a terminal and give its address "
                               "as url=.")
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        shown = f"[{shown}]" if ":" in shown else shown
        self.base_url = f"http://{shown}:{self.port}"
        # what students type: for 0.0.0.0, this machine's address on the classroom network
        self._public_base = join_address(self.host, self.port).rsplit("/", 1)[0]

    def _open_room(self) -> None:
        """The room, made through the API (as a script would make it)."""
        public = self._public_base or self.base_url
        status, body = self._call("POST", "/api/rooms", self.settings)
        if status != 200:
            detail = body.get("detail") if isinstance(body, dict) else None
            raise _CannotStart(
                f"The class table at {self.base_url} did not open a room: "
                f"{short_message(detail if isinstance(detail, str) else status or 'no answer')}")
        self.code, self.teacher_token = str(body["code"]), str(body["teacher_token"])
        self.student_address = f"{public}/student"
        self.join_url = f"{public}/student?room={self.code}"
        self.projector_url = f"{public}/projector?room={self.code}"
        self.teacher_url = f"{self.base_url}/teacher"
        self.qr_data_uri = self._qr(self.join_url)
        qr = (f'<div class="rb-ct-qr"><img src="{escape(self.qr_data_uri)}" '
              f'alt="QR code of {escape(self.join_url)}"></div>' if self.qr_data_uri
              else '<div class="rb-note">(No QR code: segno is not installed.)</div>')
        self.join_box.value = (
            '<div style="display:flex;flex-wrap:wrap;gap:24px;align-items:center">'
            f'{qr}<div><div>Open</div><div class="rb-ct-address">{escape(self.student_address)}'
            f'</div><div>and type the room code</div><div class="rb-ct-code" data-code="'
            f'{escape(self.code)}">{escape(self.code)}</div><div>{escape(self.rules.title)}, '
            f'{self.settings["players"]} seats: the computer plays every seat no student '
            f"takes.</div></div></div>")
        self.links.value = (
            f'<div class="rb-note">Projector: <a href="{escape(self.projector_url)}" '
            f'target="_blank">{escape(self.projector_url)}</a> · Teacher page: '
            f'<a href="{escape(self.teacher_url)}#room={escape(self.code)}&amp;token='
            f'{escape(self.teacher_token)}" target="_blank">{escape(self.teacher_url)}'
            "</a> (opens this room there, with its buttons; keep the link to yourself: it "
            "holds the teacher's token).</div>")

    @staticmethod
    def _qr(text: str) -> str:
        try:
            import segno
        except ImportError:
            return ""
        return str(segno.make(text, error="m").svg_data_uri(scale=6, border=2))

    def _give_up(self, why: str) -> None:
        self.problem = why
        self.message.value = STYLE + f'<div class="rb-reason rb-bad">{escape(why)}</div>'
        self.buttons.layout.display = "none"

    # ---- talking to the server -------------------------------------------------------------
    def _call(self, method: str, path: str, body: Any = None,
              token: str | None = None) -> tuple[int, Any]:
        """One API call: (HTTP status, JSON answer); status 0 when the server did not
        answer."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method,
                                         headers=headers)
        try:
            with self._opener.open(request, timeout=5) as answer:
                return int(answer.status), json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            try:
                return int(error.code), json.loads(error.read() or b"null")
            except ValueError:
                return int(error.code), None
        except (urllib.error.URLError, OSError, ValueError) as error:
            return 0, {"detail": f"the server does not answer ({short_message(error, 120)})"}

    def _teacher(self, method: str, path: str, body: Any = None) -> bool:
        """A teacher's call on this room; a refusal is told in ``message``."""
        if not self.code:
            return False
        status, answer = self._call(method, f"/api/rooms/{self.code}{path}", body,
                                    self.teacher_token)
        if status != 200:
            detail = answer.get("detail") if isinstance(answer, dict) else None
            self._say(detail if isinstance(detail, str) else f"the server answered {status}")
            self.refresh()
            return False
        self._say("")
        self.refresh()
        return True

    def _say(self, text: str) -> None:
        self.message.value = (STYLE + f'<div class="rb-reason rb-bad">'
                              f"{escape(short_message(text))}</div>") if text else ""

    # ---- the teacher's buttons ----------------------------------------------------------------
    def deal(self, seed: int | None = None) -> bool:
        """Deal (or deal again); ``seed`` repeats a deal.  Whether the server did it."""
        body = {} if seed is None else {"seed": whole_number("seed", seed, 0, 2 ** 62)}
        return self._teacher("POST", "/deal", body)

    def next_deal(self) -> bool:
        """In a match, once a deal is over, start the next one."""
        return self._teacher("POST", "/next")

    def reveal(self) -> bool:
        """Show every hand to everybody."""
        return self._teacher("POST", "/reveal")

    def pause(self, paused: bool = True) -> bool:
        """Pause the table (``False``: resume it)."""
        return self._teacher("POST", "/pause", {"paused": flag("paused", paused)})

    def toggle_pause(self) -> bool:
        """Pause the table, or resume it if it is paused."""
        return self.pause(not bool(self.view.get("paused")))

    # ---- the live view -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the server for the room once and draw what it answers (the polling thread
        calls this a few times a second)."""
        if not self.code:
            return
        status, answer = self._call("GET", f"/api/rooms/{self.code}/status",
                                    token=self.teacher_token)
        with self._drawing:
            if status != 200 or not isinstance(answer, dict):
                detail = answer.get("detail") if isinstance(answer, dict) else None
                text = (f"The room {self.code} is not answering: "
                        f"{detail if isinstance(detail, str) else status}")
                if not self._failing:
                    self._failing, self._drawn = True, ""
                    self._say(text)
                return
            view = answer.get("view") or {}
            chat = list(answer.get("chat") or [])
            drawn = json.dumps([view, chat], sort_keys=True)
            if drawn == self._drawn:
                return
            if self._failing:
                self._failing = False
                self._say("")  # the room answers again
            self._drawn, self.view, self.chat = drawn, view, chat
            self.projector.value = STYLE + projector_html(view, chat)
            self.deal_button.description = "Deal again" if view.get("dealt") else "Deal"
            paused = bool(view.get("paused"))
            self.pause_button.description = "Resume" if paused else "Pause"
            self.pause_button.icon = "play" if paused else "pause"
            between = bool(view.get("between_deals"))
            self.next_button.disabled = not between

    def _poll(self) -> None:
        while not self._stopping.wait(self.poll_seconds):
            try:
                self.refresh()
            except Exception as exc:  # noqa: BLE001 - a drawing thread must not die silently
                self._say(f"The view stopped following the table: {exc}")
                return

    # ---- stopping ---------------------------------------------------------------------------
    def stop(self) -> None:
        """Stop following the room and stop the server this widget started (its port is free
        again, its temporary rooms file removed).  A server given by ``url`` keeps running."""
        self._stopping.set()
        if self._poller is not None and self._poller is not threading.current_thread():
            self._poller.join(timeout=5)
        self._stop_server()
        if self.code and self.app is not None:
            self.message.value = STYLE + ('<div class="rb-reason">The class table is stopped: '
                                          "run the cell again for a new room.</div>")
            self.buttons.layout.display = "none"

    def _stop_server(self) -> None:
        atexit.unregister(self._stop_server)
        if self._server is not None:
            self._server.should_exit = True
        if self._server_thread is not None:
            self._server_thread.join(timeout=10)
        self._close_socket()
        self._remove_tmp()

    def _close_socket(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def _remove_tmp(self) -> None:
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __repr__(self) -> str:
        where = self.join_url or self.problem or "no room"
        return f"<ClassTable room {self.code or '-'}: {where}>"
