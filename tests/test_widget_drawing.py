"""DiagramSlot: diagrams drawn off the click, cached, and shown only while still wanted."""
from __future__ import annotations

import threading

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
