"""The class table's memory: rooms, seats and each room's game record in SQLite.

The standard library's :mod:`sqlite3` in WAL mode.  A room's game is kept as the engine's own
record (a deal record, or a match record for a whole match), written when the teacher deals,
and the moves played since, one row per accepted move, written before the move is answered;
on start every room is rebuilt by replaying its record through the engine
(:func:`rulebook.records.loads`) and then its moves.
"""
from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, teacher_token TEXT NOT NULL, settings TEXT NOT NULL,
    created REAL NOT NULL, active REAL NOT NULL, flags TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token TEXT NOT NULL UNIQUE,
    who TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS games (code TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL, n INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (code, n));
"""


class Store:
    """Rooms, seats and game records in one SQLite file (``":memory:"`` for none)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(seats)")}
        if "who" not in columns:  # a file written before seats knew who holds them
            self._db.execute("ALTER TABLE seats ADD COLUMN who TEXT")

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> None:
        with self._lock:
            self._db.execute(sql, args)

    def add_room(self, code: str, teacher_token: str, settings: dict[str, Any],
                 now: float) -> None:
        """A new room."""
        self._run("INSERT INTO rooms (code, teacher_token, settings, created, active) "
                  "VALUES (?, ?, ?, ?, ?)", (code, teacher_token, json.dumps(settings), now, now))

    def set_flags(self, code: str, flags: dict[str, Any], now: float) -> None:
        """The room's switches (paused, revealed, messages, between deals) and last activity."""
        self._run("UPDATE rooms SET flags = ?, active = ? WHERE code = ?",
                  (json.dumps(flags), now, code))

    def set_settings(self, code: str, settings: dict[str, Any]) -> None:
        """The room's settings after a teacher changed one."""
        self._run("UPDATE rooms SET settings = ? WHERE code = ?", (json.dumps(settings), code))

    def add_seat(self, code: str, seat: int, name: str, token: str,
                 who: str | None = None) -> None:
        """A student took ``seat`` (``who``: the signed-in person, on JupyterHub)."""
        self._run("INSERT INTO seats (code, seat, name, token, who) VALUES (?, ?, ?, ?, ?)",
                  (code, seat, name, token, who))

    def remove_seat(self, code: str, seat: int) -> None:
        """The teacher removed the student of ``seat``."""
        self._run("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat))

    def save_game(self, code: str, record: dict[str, Any], now: float) -> None:
        """The room's whole game record, replacing the one before and the moves kept after
        it (a new deal, a match's next deal)."""
        text = json.dumps(record, ensure_ascii=False)
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO games (code, record) VALUES (?, ?) ON CONFLICT(code) "
                             "DO UPDATE SET record = excluded.record", (code, text))
            self._db.execute("DELETE FROM moves WHERE code = ?", (code,))
            self._db.execute("UPDATE rooms SET active = ? WHERE code = ?", (now, code))
            self._db.execute("COMMIT")

    def add_move(self, code: str, move: str, flags: dict[str, Any], now: float) -> None:
        """One accepted move of the room's game, after the record and the moves before it,
        with the room's switches; committed before the move is answered."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO moves (code, n, move) VALUES (?, (SELECT COUNT(*) "
                             "FROM moves WHERE code = ?), ?)", (code, code, move))
            self._db.execute("UPDATE rooms SET flags = ?, active = ? WHERE code = ?",
                             (json.dumps(flags), now, code))
            self._db.execute("COMMIT")

    def remove_room(self, code: str) -> None:
        """A room closed or expired: its seats and record go too."""
        with self._lock:
            self._db.execute("BEGIN")
            for table in ("rooms", "seats", "games", "moves"):
                self._db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))
            self._db.execute("COMMIT")

    def rooms(self) -> list[dict[str, Any]]:
        """Every room stored, with its seats, record text (``None`` before the first deal) and
        the moves played after that record."""
        with self._lock:
            rooms = self._db.execute("SELECT code, teacher_token, settings, created, active, "
                                     "flags FROM rooms ORDER BY created").fetchall()
            seats = self._db.execute("SELECT code, seat, name, token, who FROM seats"
                                     ).fetchall()
            games = dict(self._db.execute("SELECT code, record FROM games").fetchall())
            moves: dict[str, list[str]] = {}
            for code, move in self._db.execute("SELECT code, move FROM moves ORDER BY code, n"):
                moves.setdefault(code, []).append(move)
        out = []
        for code, teacher, settings, created, active, flags in rooms:
            out.append({"code": code, "teacher_token": teacher, "settings": json.loads(settings),
                        "created": created, "active": active, "flags": json.loads(flags),
                        "seats": {s: (n, t, w) for c, s, n, t, w in seats if c == code},
                        "record": games.get(code), "moves": moves.get(code, [])})
        return out

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
