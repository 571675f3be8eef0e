"""Helpers shared by the widget browser tests: sizes, geometry checks and screen-text checks.

The test modules beside it put this folder on ``sys.path`` and import it (the suite runs
with ``--import-mode=importlib``, which adds no test folder to the path by itself).
"""
from __future__ import annotations

import re
from typing import Any

SIZES = {"1024x768": (1024, 768), "1280x900": (1280, 900)}
"""The two screens every widget must fit: a classroom projector and a laptop."""

STEP_TIMEOUT = 20_000
"""Milliseconds for the page to show the answer to one click."""

RAW = re.compile(r"\('(?:BS|SAT|BDG)-|Row\(|\bRulesError\b|\bRecordError\b|Traceback")
"""What must never be on screen: a clause-id tuple, a ``Row(`` repr, a Python class name."""


def expect() -> Any:
    """Playwright's ``expect``."""
    from playwright.sync_api import expect as _expect

    return _expect


def exact(text: str) -> re.Pattern[str]:
    """A pattern matching an element whose whole text is ``text`` (icons add no text)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def button(root: Any, text: str) -> Any:
    """The widget buttons whose whole text is ``text``."""
    return root.locator(".widget-button, .widget-toggle-button").filter(has_text=exact(text))


def to_top(locator: Any) -> None:
    """Scroll ``locator`` to the top of its scrolling box (JupyterLab's notebook, Voila's page)."""
    locator.first.evaluate("e => e.scrollIntoView({block: 'start'})")


def in_viewport(page: Any, locator: Any) -> list[str]:
    """The elements of ``locator`` whose bounding box is not wholly inside the viewport (as
    ``text@x,y,w,h`` strings): empty when every one of them can be seen without scrolling."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    script = "els => els.map(e => [e.getBoundingClientRect().toJSON(), e.innerText])"
    # A scroll or a re-render can still be moving things on a busy machine: read the boxes
    # until two readings a frame apart agree and every element has been laid out (a widget
    # view the browser has just created measures 0 x 0 for a moment), at most about five
    # seconds, then judge.
    boxes = locator.evaluate_all(script)
    for _ in range(50):
        page.wait_for_timeout(100)
        again = locator.evaluate_all(script)
        if again == boxes and all(box["width"] > 0 for box, _text in boxes):
            break
        boxes = again
    outside = []
    for box, text in boxes:
        if not (box["x"] >= 0 and box["y"] >= 0 and box["right"] <= width + 0.5
                and box["bottom"] <= height + 0.5 and box["width"] > 0):
            outside.append(f"{text.strip()}@{box['x']:.0f},{box['y']:.0f},"
                           f"{box['width']:.0f},{box['height']:.0f}")
    return outside


def raw_text_on_screen(page: Any) -> list[str]:
    """Lines of the page's visible text that show a clause-id tuple, ``Row(`` or a Python
    class name (outside code cells)."""
    text = page.evaluate("""() => {
        const skip = new Set();
        document.querySelectorAll('.jp-InputArea, .jp-Cell-inputWrapper, script, style')
            .forEach(e => skip.add(e));
        const walk = (n) => {
            if (skip.has(n)) return '';
            if (n.nodeType === Node.TEXT_NODE) return n.textContent;
            return [...n.childNodes].map(walk).join(n.nodeType === 1 &&
                getComputedStyle(n).display === 'block' ? '\\n' : '');
        };
        return walk(document.body);
    }""")
    return [line for line in text.splitlines() if RAW.search(line)]


def output_width(page: Any, inside: Any) -> float:
    """The width of the output area that holds ``inside`` (JupyterLab's output, or Voila's)."""
    return float(inside.first.evaluate(
        "e => (e.closest('.jp-OutputArea-output') || e.closest('.jp-OutputArea') || "
        "document.body).getBoundingClientRect().width"))


def overflowing_diagrams(page: Any) -> list[str]:
    """Every drawn diagram (an SVG of a ``.rulebook-diagram``) wider than its output area,
    or reaching past the output area's right edge; a diagram that scrolls sideways inside a
    box of its own counts by that box."""
    return list(page.evaluate("""() => {
        const out = [];
        document.querySelectorAll('.rulebook-diagram svg').forEach(svg => {
            if (svg.closest('.rb-diagram-toggle:checked ~ *')) return;
            const area = svg.closest('.jp-OutputArea-output') || svg.closest('.jp-OutputArea')
                         || document.body;
            // a diagram wider than the page may scroll sideways inside its own box: then
            // that box (the nearest scrolling one below the output area) is what must fit
            let box = svg;
            for (let el = svg.parentElement; el && el !== area; el = el.parentElement) {
                const o = getComputedStyle(el).overflowX;
                if (o === 'auto' || o === 'scroll') { box = el; break; }
            }
            const a = area.getBoundingClientRect(), b = box.getBoundingClientRect();
            if (b.width > a.width + 1 || b.right > a.right + 1)
                out.push(`${svg.closest('.rulebook-diagram').innerText.slice(0, 60)}: ` +
                         `${b.width.toFixed(0)} px wide, right ${b.right.toFixed(0)} > ` +
                         `${a.right.toFixed(0)}`);
        });
        return out;
    }"""))
