"""DiagramSlot: diagrams drawn off the click, cached, and shown only while still wanted."""
from __future__ import annotations

import threading
from typing import Any

import pytest

W = pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[lab]'")

from widgets.drawing import DiagramSlot  # noqa: E402


def test_a_drawing_shows_when_ready_and_is_cached() -> None:
    html = W.HTML()
    slot = DiagramSlot(html)
    calls: list[str] = []

    def draw() -> str:
        calls.append("a")
        return "<svg>a</svg>"

    slot.show("a", draw)
    slot.wait()
    assert html.value == "<svg>a</svg>"
    slot.clear("gone")
    slot.show("a", draw)
    assert html.value == "<svg>a</svg>" and calls == ["a"]  # from the cache, at once


def test_a_late_drawing_never_replaces_a_newer_request() -> None:
    html = W.HTML()
    slot = DiagramSlot(html)
    release = threading.Event()

    def slow() -> str:
        release.wait(5)
        return "<svg>old</svg>"

    slot.show("old", slow)
    assert "Drawing" in html.value
    slot.clear("text instead")
    release.set()
    slot.wait()
    assert html.value == "text instead"


def test_drawing_in_the_foreground_shows_at_once() -> None:
    html = W.HTML()
    DiagramSlot(html, background=False).show("k", lambda: "<svg>k</svg>")
    assert html.value == "<svg>k</svg>"


def test_a_slot_draws_on_the_click_where_no_thread_can_start(monkeypatch: Any) -> None:
    """Python inside a web page (Pyodide) cannot start threads: the diagram is drawn at once."""
    import concurrent.futures

    import ipywidgets as W

    from widgets import drawing

    def no_thread(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(concurrent.futures.ThreadPoolExecutor, "submit", no_thread)
    slot = drawing.DiagramSlot(W.HTML())
    slot.show("k", lambda: "<svg>drawn</svg>")
    assert slot.html.value == "<svg>drawn</svg>"


def test_in_the_browser_a_missing_graphviz_says_where_diagrams_can_be_seen(
        monkeypatch: Any) -> None:
    from rulebook import diagrams

    monkeypatch.setattr(diagrams.sys, "platform", "emscripten")
    error = diagrams.GraphvizMissing("Graphviz is not installed, so the diagram cannot be drawn.")
    assert "Binder" in str(error) and "apt-get" not in str(error)
    monkeypatch.setattr(diagrams.sys, "platform", "linux")
    assert "apt-get" in str(diagrams.GraphvizMissing("no dot"))
