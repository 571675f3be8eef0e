"""Diagrams inside widgets without slowing a click: drawn once per position, off the click.

A Graphviz drawing takes a ``dot`` subprocess (about 30 ms), more than a click may cost (the
widgets aim at 20 ms).  :class:`DiagramSlot` owns one ``HTML`` widget: it shows a diagram
from its cache at once, or a "drawing…" note while a worker thread draws it, and shows the
picture when it is ready — only if it is still the one asked for.  The diagrams themselves
come from the engine (``rulebook.diagrams.Diagram``); nothing here knows a rule.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from .render import escape

BACKGROUND_POSSIBLE = sys.platform != "emscripten"
"""Whether a worker thread can draw (Python inside a web page, Pyodide, has no threads)."""

__all__ = ["DiagramSlot"]


class DiagramSlot:
    """One HTML area showing a diagram per key, drawn in the background and cached.

    ``html`` is the ``ipywidgets.HTML`` it fills.  ``show(key, draw)`` asks for the diagram
    of ``key``; ``draw()`` returns its HTML (e.g. ``Diagram(...).html()``) and runs on the
    drawing thread unless ``background`` is false.  ``clear(text)`` shows some text instead.
    ``wait()`` waits for the drawing in progress (for scripts and tests).
    """

    def __init__(self, html: Any, background: bool = True, cache_size: int = 128) -> None:
        self.html = html
        self.background = background
        self.cache_size = cache_size
        self._cache: dict[Hashable, str] = {}
        self._wanted: Hashable | None = None
        self._pending: Future[str] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def show(self, key: Hashable, draw: Callable[[], str]) -> None:
        """Show the diagram of ``key``: from the cache now, else once ``draw()`` is done."""
        with self._lock:
            self._wanted = key
            cached = self._cache.get(key)
        if cached is not None:
            self.html.value = cached
            return
        if not (self.background and BACKGROUND_POSSIBLE):
            self._done(key, draw())
            return
        self.html.value = (f"<p class='rb-note' data-drawing='{escape(key)}'>"
                           "Drawing the diagram…</p>")
        try:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="rulebook-diagram")
            future = self._pool.submit(draw)
        except RuntimeError:  # no thread can start here: draw on the click instead
            self._done(key, draw())
            return
        self._pending = future
        future.add_done_callback(lambda f: self._done(key, f.result()))

    def clear(self, text: str = "") -> None:
        """Show ``text`` (HTML) instead of a diagram; a drawing still in progress is dropped."""
        with self._lock:
            self._wanted = None
        self.html.value = text

    def wait(self, timeout: float = 30.0) -> None:
        """Wait until the drawing in progress (if any) is shown."""
        if self._pending is not None:
            self._pending.result(timeout=timeout)

    def _done(self, key: Hashable, shown: str) -> None:
        with self._lock:
            if len(self._cache) >= self.cache_size:
                self._cache.clear()
            self._cache[key] = shown
            current = self._wanted == key
        if current:
            self.html.value = shown
