"""The variant lab in a real browser, JupyterLab and Voila, at 1024×768 and 1280×900.

A small notebook shows two labs: Badam Satti with *sevens first* compared off and on (2,000
deals, random players), and Badugi with eight smart players.  In each place and size, a click
on Run (which plays on a background thread in the kernel) shows:

- the paired view: the statement in words, the "smaller than the noise of 2,000 deals" line
  for what is within noise, both tables, every number over its interval;
- the chart, an image drawn by pandas and matplotlib, loaded, readable (at least 560 px wide)
  and inside its output area and the window, as are the tables (nothing cut);
- typing 50,000 deals lowers it to 20,000 and says so;
- a lab made with a player count, a computer player and an option it cannot use says so
  above its controls;
- a long Badugi run (20,000 deals with smart players, in worker processes from the kernel)
  shows Stop while it plays, and Stop ends it with a sentence saying so.

Screenshots: ``test-output/screenshots/lab_{lab,voila}_{size}_*.png``.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import (  # noqa: E402
    SIZES,
    STEP_TIMEOUT,
    button,
    expect,
    raw_text_on_screen,
    to_top,
)

Shot = Callable[[Any, str], Any]

FIRST_RUN = 120_000  # ms: the first chart imports matplotlib (and may build its font cache)

CELLS = [
    "#md # The variant lab",
    "from widgets import VariantLab\n"
    "paired = VariantLab('badam-satti', players=4, deals=2000, seed=0, bots='random')\n"
    "paired.compare.value = 'sevens_first'\n"
    "paired",
    "badugi = VariantLab('badugi', players=8, deals=300, seed=1, bots='smart')\n"
    "badugi",
    "VariantLab('sevens', players=99, bots='nope', options={'stackk': 4})",
]

# Every element of ``selector`` inside ``root`` that reaches past its output area or the window.
_SPILL = """([root, selector]) => {
    const out = [];
    root.querySelectorAll(selector).forEach(e => {
        const area = e.closest('.jp-OutputArea-output') || e.closest('.jp-OutputArea')
                     || document.body;
        const a = area.getBoundingClientRect(), b = e.getBoundingClientRect();
        if (b.width === 0) return;
        if (b.right > a.right + 1 || b.right > window.innerWidth + 1 || b.left < a.left - 1)
            out.push(`${selector} ${b.left.toFixed(0)}..${b.right.toFixed(0)} outside ` +
                     `${a.left.toFixed(0)}..${a.right.toFixed(0)} (window ${window.innerWidth})`);
    });
    return out;
}"""


def _open(page: Any, request: Any, where: str, size: str) -> Any:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    name = request.getfixturevalue("make_notebook")(f"lab_{where}_{size}.ipynb", CELLS)
    if where == "lab":
        return request.getfixturevalue("open_and_run_all")(page, name)
    return request.getfixturevalue("open_voila")(page, name)


def _fits(lab: Any) -> list[str]:
    handle = lab.element_handle()
    spill: list[str] = []
    for selector in ("img.rb-lab-chart", ".rb-lab-table", ".rb-lab-design", ".rb-lab-verdict",
                     ".widget-button", ".widget-dropdown", ".widget-checkbox", ".widget-text",
                     ".rb-lab-replaced"):
        spill += lab.page.evaluate(_SPILL, [handle, selector])
    return spill


def _chart_ok(lab: Any) -> None:
    chart = lab.locator("img.rb-lab-chart")
    expect()(chart).to_have_count(1, timeout=FIRST_RUN)
    chart.evaluate("img => img.decode()")
    natural, shown = chart.evaluate("img => [img.naturalWidth, img.getBoundingClientRect().width]")
    assert natural > 0, "the chart image did not load"
    assert shown >= 560, f"the chart is shown {shown:.0f} px wide: too small to read"
    assert "win rate per seat" in (chart.get_attribute("alt") or "").lower()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["lab", "voila"])
def test_the_lab_shows_intervals_and_fits(page: Any, request: Any, shot: Shot, where: str,
                                          size: str) -> None:
    root = _open(page, request, where, size)
    labs = root.locator(".rb-lab")
    expect()(labs).to_have_count(3, timeout=60_000)
    paired, badugi, refused = labs.nth(0), labs.nth(1), labs.nth(2)

    # The controls, before any run: every one inside the output area
    to_top(paired)
    shot(page, f"lab_{where}_{size}_controls")
    assert _fits(paired) == []

    # The paired comparison, after a real click on Run
    button(paired, "Run").click()
    verdict = paired.locator(".rb-lab-verdict")
    expect()(verdict).to_contain_text("Sevens first, off and on, on the same 2,000 deals",
                                      timeout=FIRST_RUN)
    expect()(paired.locator(".rb-noise")).to_contain_text(
        "the difference is smaller than the noise of 2,000 deals: play more deals to tell")
    expect()(paired.locator(".rb-lab-table")).to_have_count(2)
    expect()(paired.locator(".rb-lab-table").first.locator("th")).to_contain_text(
        ["seat 0's win rate", "mean penalty points"])
    assert paired.locator(".rb-lab-table .rb-ci").count() >= 3 * 10  # off, on, on − off
    _chart_ok(paired)
    assert _fits(paired) == []
    to_top(paired.locator(".rb-lab-verdict"))
    shot(page, f"lab_{where}_{size}_paired_verdict_chart")
    to_top(paired.locator(".rb-lab-table").first)
    shot(page, f"lab_{where}_{size}_paired_tables")

    # Typing more deals than a run plays: lowered, and said
    deals = paired.locator(".widget-text").filter(has_text="Deals to play").locator("input")
    deals.fill("50000")
    deals.press("Enter")
    expect()(paired.locator(".rb-lab-bound")).to_contain_text(
        "at most 20,000 deals a run, so 50,000 became 20,000", timeout=STEP_TIMEOUT)
    expect()(deals).to_have_value("20000", timeout=STEP_TIMEOUT)

    # Eight seats of Badugi: the chart's sixteen numbers and the wide table still fit
    button(badugi, "Run").click()
    expect()(badugi.locator(".rb-lab-design")).to_contain_text("showdown rate",
                                                               timeout=FIRST_RUN)
    _chart_ok(badugi)
    assert _fits(badugi) == []
    to_top(badugi.locator("img.rb-lab-chart"))
    shot(page, f"lab_{where}_{size}_badugi_chart")
    to_top(badugi.locator(".rb-lab-table"))
    shot(page, f"lab_{where}_{size}_badugi_table")
    assert raw_text_on_screen(page) == []

    # What the lab could not use is said on screen, above its controls
    note = refused.locator(".rb-lab-replaced")
    expect()(note).to_contain_text("players=99: Sevens (British, for chips) is played here by 3 to 7 "
                                   "players, so the lab uses 7")
    expect()(note).to_contain_text("no computer player 'nope'")
    expect()(note).to_contain_text("has no option 'stackk', so it was left out")
    assert _fits(refused) == []
    to_top(refused)
    shot(page, f"lab_{where}_{size}_refused_input")

    # A long run plays in the background: Stop shows while it plays and ends it
    if size == "1024x768":
        box = badugi.locator(".widget-text").filter(has_text="Deals to play").locator("input")
        box.fill("20000")
        box.press("Enter")
        expect()(box).to_have_value("20000", timeout=STEP_TIMEOUT)
        button(badugi, "Run").click()
        stop = button(badugi, "Stop")
        expect()(stop).to_be_visible(timeout=STEP_TIMEOUT)
        playing = badugi.locator(".widget-html").filter(has_text="of 20,000 deals")
        expect()(playing).not_to_have_count(0, timeout=60_000)
        expect()(badugi).to_contain_text("Playing 20,000 deals: until they are done, the "
                                         "results below are those of the last run.")
        to_top(stop)
        shot(page, f"lab_{where}_{size}_badugi_running")
        stop.click()
        expect()(badugi).to_contain_text("Stopped after", timeout=60_000)
        expect()(badugi).to_contain_text("The results below are those of the last run.")
        expect()(stop).to_be_hidden(timeout=STEP_TIMEOUT)
