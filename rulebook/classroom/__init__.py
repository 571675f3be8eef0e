"""The class table: a server beside the engine where a class plays at tables of four.

Students join a table from any browser with a six-character room code; the computer plays
the seats left over; the projector shows the public table; the teacher deals, pauses,
reveals.  An ASGI app (FastAPI on Starlette, served by uvicorn, updates over WebSockets)
built by :func:`create_app`, started by ``python -m rulebook serve``.  It holds no rule:
legal moves, reasons, views and records all come from the engine, and it only ever sends a
seat's view (or the public view) turned into JSON.  Its dependencies are the ``class``
extra (``pip install rulebook-explorer[class]``); ``import rulebook`` never imports them.
"""
from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(db_path: Any = "classroom.sqlite", **options: Any) -> Any:
    """The class table's ASGI app (see :func:`rulebook.classroom.app.create_app`)."""
    from .app import create_app as _create

    return _create(db_path, **options)
