"""Every lesson in the JupyterLite site, offline, in Chromium: all cells run, diagrams drawn.

The site (``python lite/build.py``, or ``RULEBOOK_LITE_SITE``) is served on 127.0.0.1 by a
static server, and every request off it is refused and recorded (the fixtures of
``test_lite.py``).  For each lesson ``notebooks/0*.ipynb`` a fresh page (its own kernel)
opens it, runs all cells and checks:

- no cell shows an error (any output on stderr, however short, a widget that failed to
  display, a diagram the page could not draw), and
  the page asked for nothing off the site;
- every diagram is drawn by the page (an ``<svg>`` in each diagram's frame, none left
  "drawing" or failed), and a lesson that shows diagrams shows at least as many as its cells
  ask for.

Then two tabs of one lesson, each saving after a change, raise no "File Changed" dialog.

Marked ``browser`` and ``pyodide``; skips like ``test_lite.py``.  The lesson runs take
minutes (a kernel starts in about 15 to 30 s per lesson).
"""
from __future__ import annotations

import json
import pathlib
import re
import time
from typing import Any

import pytest

from tests.browser.test_lite import (  # noqa: F401  (fixtures, used by name)
    KERNEL_TIMEOUT, ROOT, Offline, _KERNEL_IDLE, _kernel_log, _open_and_run_all, _shot,
    lite_site, lite_url, offline)

pytestmark = pytest.mark.pyodide

LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("0*.ipynb"))
LESSON_TIMEOUT = 420_000  # ms for one lesson's cells (lesson 03 measures about 100,000 deals,
# on the scalar core in plain Python: the site has no numpy)
DRAW_TIMEOUT = 60_000  # ms for the page to draw every diagram once the cells have run

_DONE_OR_FAILED = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    if (!panel) return false;
    // any error output stops Run All (a lesson writes nothing to stderr but its errors)
    if (panel.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')) return true;
    const cells = [...panel.querySelectorAll('.jp-Notebook .jp-CodeCell')];
    const ran = c => /\\[\\d+\\]/.test((c.querySelector('.jp-InputPrompt') || {}).textContent || '');
    const shown = cells.filter(c => !c.querySelector('.jp-InputPlaceholder'));
    return shown.length > 0 && shown.every(ran);
}"""

_PROBLEMS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    if (!panel) return ['no notebook panel'];
    const found = [];
    for (const e of panel.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')) {
        const text = e.textContent || '';
        found.push(text.slice(0, 1500));  // an error, however short its message
    }
    for (const e of panel.querySelectorAll('.jp-OutputArea-output')) {
        const text = e.textContent || '';
        if (/Error displaying widget|Model not found|Failed to load model/.test(text))
            found.push('widget: ' + text.slice(0, 300));
    }
    for (const e of panel.querySelectorAll('.rb-diagram-failed'))
        found.push('diagram: ' + (e.textContent || '').slice(0, 300));
    return found;
}"""

_DIAGRAMS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const frames = [...panel.querySelectorAll('.rulebook-diagram.rb-diagram-wasm')];
    return {frames: frames.length,
            drawn: frames.filter(f => f.querySelector('.rb-diagram-canvas svg')).length,
            pending: panel.querySelectorAll('pre.rb-diagram-dot').length};
}"""


def _diagram_cells(name: str) -> int:
    """How many code cells of the lesson show a diagram (a Diagram, a hand's clash graph, a
    Badugi ranker with its graph)."""
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    pattern = re.compile(r"\bDiagram\(|\.diagram\(\)|BadugiRanker\(")
    return sum(1 for cell in notebook["cells"]
               if cell["cell_type"] == "code" and pattern.search("".join(cell["source"])))



@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_runs_offline_with_every_diagram_drawn(offline: Offline, lite_url: str,
                                                            lesson: str) -> None:
    page = offline.page
    started = time.monotonic()
    stem = lesson.removesuffix(".ipynb")
    _open_and_run_all(page, f"{lite_url}lab/index.html?path={lesson}")
    try:
        page.wait_for_function(_DONE_OR_FAILED, timeout=LESSON_TIMEOUT, polling=1000)
        for _check in range(2):  # and the kernel has finished the queue (hidden cells too)
            page.wait_for_timeout(1000)
            page.wait_for_function(_KERNEL_IDLE, timeout=LESSON_TIMEOUT, polling=1000)
    except Exception:
        shot = _shot(page, f"FAILED_lite_{stem}")
        raise AssertionError(f"{lesson} did not finish (see {shot}); refused: {offline.refused}\n"
                             f"{_kernel_log(offline)}") from None
    expected = _diagram_cells(lesson)
    try:
        page.wait_for_function(f"""() => {{ const d = ({_DIAGRAMS})();
            return d.pending === 0 && d.drawn === d.frames && d.frames >= {expected}; }}""",
                               timeout=DRAW_TIMEOUT)
    except Exception:
        pass  # told below, with the counts
    diagrams = page.evaluate(_DIAGRAMS)
    problems = page.evaluate(_PROBLEMS)
    shot = _shot(page, f"lite_{stem}")
    frames = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .rulebook-diagram.rb-diagram-wasm")
    if diagrams["drawn"]:  # the first diagram as the learner sees it
        frames.first.scroll_into_view_if_needed()
        frames.first.screenshot(path=str(shot.with_name(f"lite_{stem}_diagram.png")))
    seconds = time.monotonic() - started
    print(f"\n{lesson}: ran offline in {seconds:.0f} s, {diagrams['drawn']} diagrams drawn")
    assert problems == [], f"{lesson} in JupyterLite (see {shot}):\n" + "\n---\n".join(problems)
    assert offline.refused == [], f"{lesson} asked for files off the site: {offline.refused}"
    assert diagrams["pending"] == 0 and diagrams["drawn"] == diagrams["frames"], \
        f"{lesson}: diagrams not drawn by the page: {diagrams} (see {shot})"
    assert diagrams["drawn"] >= expected, \
        f"{lesson}: {expected} cells show a diagram, {diagrams['drawn']} drawn (see {shot})"
    for caption, pattern in MEASURED.get(lesson, {}).items():
        text = page.evaluate(_CAPTIONED, caption)
        assert text is not None, f"{lesson}: no table captioned {caption!r} (see {shot})"
        assert re.search(pattern, text), f"{lesson}: {caption!r} shows no measurement: {text}"


MEASURED = {"03_house_rules_lab.ipynb": {
    "The first two deals, one row per seat": r"cards_left\s*0\s*0\s*0\s*\d",
    "Classic Badam Satti, four random players": r"20,000\s*\d+\.\d%\s*\d+\.\d% to \d+\.\d%",
    "Each house rule against the classic rules": r"[+−]\d\.\d\d \([+−]\d",
}}
"""Tables a lesson measures with many deals, or the rows of a run (caption: what a row of
numbers looks like): in the site they are played and summed in plain Python, as the site has
no numpy and no pandas."""

_CAPTIONED = """caption => {
    for (const t of document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) table')) {
        const c = t.querySelector('caption');
        if (c && c.textContent.includes(caption)) return t.textContent;
    }
    return null;
}"""


_SAVE_AND_CONFLICT = """() => !!document.querySelector('.jp-Dialog')"""


def test_two_tabs_of_one_lesson_raise_no_file_changed_dialog(offline: Offline, lite_url: str) -> None:
    lesson = "01_badam_satti.ipynb"
    url = f"{lite_url}lab/index.html?path={lesson}"
    first = offline.page
    second = first.context.new_page()
    for page in (first, second):
        page.bring_to_front()
        page.goto(url)
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(state="visible", timeout=KERNEL_TIMEOUT)
        # polled on a timer: a tab in the background gets no animation frames
        page.wait_for_function(_KERNEL_IDLE, timeout=KERNEL_TIMEOUT, polling=500)
    dialogs = []
    for round_ in range(2):
        for number, page in enumerate((first, second), 1):
            page.bring_to_front()
            panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
            panel.locator(".jp-Notebook .jp-Cell").first.click()
            page.keyboard.press("Escape")
            page.keyboard.press("b")  # a new cell below: the notebook changed
            page.keyboard.press("Escape")
            page.keyboard.press("Control+s")
            page.wait_for_timeout(2500)
            if page.evaluate(_SAVE_AND_CONFLICT):
                text = page.locator(".jp-Dialog").first.inner_text()
                dialogs.append(f"tab {number}, save {round_ + 1}: {text[:300]}")
                _shot(page, f"FAILED_lite_two_tabs_{number}")
                page.keyboard.press("Escape")
    assert dialogs == [], "saving one lesson from two tabs raised a dialog:\n" + "\n".join(dialogs)
    assert offline.refused == []
