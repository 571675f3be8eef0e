"""Every lesson at a classroom projector's 1024×768 in JupyterLab with the file browser open:
nothing is cut off at the notebook's edge, and diagram labels can be read from the back.

With the file browser open the notebook is about 590 px wide.  For each lesson notebook the
test runs every cell, then measures in the page:

- no output is wider than its output area: every element of an output ends inside it, or
  sits in a box of its own that scrolls sideways (a wide table, a diagram at its readable
  size); an output that would need the whole output to scroll, or a part clipped at the
  edge, fails;
- every label of a diagram (the SVG ``<text>`` in ``.rulebook-diagram``) is at least
  :data:`MIN_LABEL_PX` high as rendered: fitting a diagram to the width never shrinks its
  words below that (it scrolls sideways instead).

Screenshots go to ``test-output/screenshots/layout_1024_<lesson>.png``.  Runtime: each
lesson runs once, at most :data:`RUN_TIMEOUT` seconds.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MIN_LABEL_PX = 11.0
"""The smallest rendered height of a diagram label readable from a classroom."""
RUN_TIMEOUT = 150
"""Seconds for one lesson's cells to run."""

_OPEN_FILE_BROWSER = """async () => {
    const app = window.jupyterapp;
    await app.commands.execute('filebrowser:activate');
    const browser = document.querySelector('#filebrowser');
    return !!browser && browser.offsetWidth > 0;
}"""

_WIDE_OUTPUTS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    const found = [];
    const scrollsSideways = (el, right) => {
        const style = getComputedStyle(el);
        return /(auto|scroll)/.test(style.overflowX)
            && el.getBoundingClientRect().right <= right + 1;
    };
    const name = el => el.tagName.toLowerCase()
        + (el.className && typeof el.className === 'string'
           ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
    panel.querySelectorAll('.jp-Cell').forEach((cell, index) => {
        cell.querySelectorAll('.jp-OutputArea-output').forEach(output => {
            if (!output.offsetParent) return;
            const right = output.getBoundingClientRect().right;
            if (output.scrollWidth > output.clientWidth + 1) {
                found.push(`cell ${index}: the whole output scrolls (${output.scrollWidth} px `
                           + `in ${output.clientWidth} px)`);
                return;
            }
            // a box that clips its own content sideways cuts words off, even inside
            for (const el of output.querySelectorAll('*')) {
                const style = getComputedStyle(el);
                if (!/(hidden|clip)/.test(style.overflowX) || el.clientWidth === 0) continue;
                if (el.scrollWidth > el.clientWidth + 2) {
                    found.push(`cell ${index}: ${name(el)} clips its content `
                               + `(${el.scrollWidth} px in ${el.clientWidth} px: `
                               + `${(el.innerText || '').trim().slice(0, 60)})`);
                }
            }
            const reported = [];
            for (const el of output.querySelectorAll('*')) {
                const box = el.getBoundingClientRect();
                if (box.width === 0 || box.height === 0 || box.right <= right + 1) continue;
                if (reported.some(r => r.contains(el))) continue;
                let inside = false;
                for (let up = el.parentElement; up && up !== output; up = up.parentElement) {
                    if (scrollsSideways(up, right)) { inside = true; break; }
                }
                if (inside) continue;
                reported.push(el);
                found.push(`cell ${index}: ${name(el)} ends at ${Math.round(box.right)} px, `
                           + `the output at ${Math.round(right)} px `
                           + `(${(el.innerText || '').trim().slice(0, 60)})`);
            }
        });
    });
    return found;
}"""

_LABEL_HEIGHTS = """() => {
    const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
    return [...panel.querySelectorAll('.rulebook-diagram svg text')]
        .map(t => [t.getBoundingClientRect().height, (t.textContent || '').slice(0, 30)])
        .filter(([h, _]) => h > 0);
}"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_fits_1024_with_the_file_browser_open(
        page: Any, lesson: str, copy_notebook: Callable[..., str],
        open_and_run_all: Callable[..., Any], shot: Callable[[Any, str], Path]) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    name = copy_notebook(ROOT / "notebooks" / lesson)
    panel = open_and_run_all(page, name, timeout=RUN_TIMEOUT)
    assert page.evaluate(_OPEN_FILE_BROWSER), "the file browser did not open"
    page.wait_for_timeout(1500)  # the notebook and the widgets lay out at the new width
    width = panel.locator(".jp-Notebook").evaluate("e => e.clientWidth")
    assert width < 700, f"the file browser should leave the notebook narrow, not {width} px"
    stem = Path(lesson).stem
    shot(page, f"layout_1024_{stem}")
    if os.environ.get("RULEBOOK_LAYOUT_SHOTS"):  # every output, for a person to look at
        outputs = panel.locator(".jp-OutputArea-output")
        for k in range(outputs.count()):
            if outputs.nth(k).bounding_box():
                outputs.nth(k).screenshot(path=str(shot(page, "x").parent
                                                   / f"layout_1024_{stem}_out{k:02d}.png"))
    wide = page.evaluate(_WIDE_OUTPUTS)
    assert wide == [], f"{lesson}: outputs wider than the notebook ({width} px):\n" + \
        "\n".join(wide)
    labels = page.evaluate(_LABEL_HEIGHTS)
    small = [f"{text!r}: {height:.1f} px" for height, text in labels if height < MIN_LABEL_PX]
    assert small == [], (f"{lesson}: {len(small)} of {len(labels)} diagram labels are under "
                         f"{MIN_LABEL_PX:.0f} px high:\n" + "\n".join(small[:20]))


WIDGET_CELLS = [
    "from rulebook import load_rules\n"
    "from widgets import DealStepper, Lockstep, RulesCompare",
    "compare = RulesCompare('badam-satti', 'sevens', 'satti', draw_in_background=False)\n"
    "compare.flows_toggle.value = True\n"
    "compare",
    "Lockstep(7, 'badam-satti', 'sevens')",
    "parted = Lockstep(3, 'badam-satti', 'badam-satti+sevens_first')\n"
    "parted.jump()\n"
    "parted",
    "stepper = DealStepper(load_rules('sevens').new_deal(players=5, seed=2), "
    "draw_in_background=False)\n"
    "stepper.waiting_toggle.value = True\n"
    "stepper",
    "DealStepper(load_rules('badugi'), seed=4, classroom=False)",
    "load_rules('satti').turn_diagram()",
]
"""The widgets the lessons show at their widest: three rulesets side by side with their turn
flows, two lockstep deals (one at its parting), a stepper with its diagram of what waits on
what, the full view of a Badugi hand, a turn diagram on its own."""


def test_widgets_at_their_widest_fit_1024(
        page: Any, make_notebook: Callable[..., str], open_and_run_all: Callable[..., Any],
        shot: Callable[[Any, str], Path]) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    name = make_notebook("layout_1024_widgets.ipynb", WIDGET_CELLS)
    panel = open_and_run_all(page, name, timeout=RUN_TIMEOUT)
    assert page.evaluate(_OPEN_FILE_BROWSER), "the file browser did not open"
    page.wait_for_timeout(1500)
    width = panel.locator(".jp-Notebook").evaluate("e => e.clientWidth")
    assert width < 700
    shot(page, "layout_1024_widgets")
    wide = page.evaluate(_WIDE_OUTPUTS)
    assert wide == [], f"widgets wider than the notebook ({width} px):\n" + "\n".join(wide)
    diagrams = panel.locator(".rulebook-diagram")
    for k in range(min(diagrams.count(), 4)):  # a picture of each kind, for a person to look
        diagrams.nth(k).scroll_into_view_if_needed()
        shot(page, f"layout_1024_widgets_diagram{k}")
    labels = page.evaluate(_LABEL_HEIGHTS)
    assert len(labels) > 50, "the diagrams were not drawn"
    small = [f"{text!r}: {height:.1f} px" for height, text in labels if height < MIN_LABEL_PX]
    assert small == [], (f"{len(small)} of {len(labels)} diagram labels are under "
                         f"{MIN_LABEL_PX:.0f} px high:\n" + "\n".join(small[:20]))
