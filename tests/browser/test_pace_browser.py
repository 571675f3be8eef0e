"""The computer's pace in a real browser: PlayGame in JupyterLab (and Voila), Chromium.

A notebook made here shows ``PlayGame("badam-satti", seed=2)``.  The page records, with a
MutationObserver, the moment each computer move's log line (``.rb-reply[data-move]``) first
appears.  At the normal pace the three replies to a card come one after another: each gap
is more than a good part of the pace's 0.8 s (never an upper bound: a busy machine may be
slower, never faster).  Picked "at once", the three lines appear in the same change of the
page.  A turn at the relaxed pace is photographed while the replies come
(``docs/paced_replies.png``; ``test-output/screenshots/pace_*.png``).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import STEP_TIMEOUT, expect, to_top  # noqa: E402

from rulebook.pace import PACES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS_SHOT = ROOT / "docs" / "paced_replies.png"
FRACTION = 0.35
"""The least share of the pace a measured gap must reach (the kernel waits the whole pace
after drawing a move; the browser may receive two updates closer together only by a
stall, so a gap is held to a part of the pace, never to all of it)."""

CELLS = [
    "#md The computer's pace (a test page).",
    "from widgets import PlayGame\n\ngame = PlayGame(\"badam-satti\", seed=2)\ngame",
]

RECORDER = """() => {
    window.rbSeen = {};      // data-move -> the first moment its line was on the page
    window.rbBatches = [];   // the data-move numbers each change of the page brought
    const look = () => {
        const now = performance.now(), fresh = [];
        document.querySelectorAll('.rb-replies .rb-reply[data-move]').forEach(e => {
            const k = e.getAttribute('data-move');
            if (!(k in window.rbSeen)) { window.rbSeen[k] = now; fresh.push(Number(k)); }
        });
        if (fresh.length) window.rbBatches.push(fresh);
    };
    look();
    new MutationObserver(look).observe(document.body,
        {childList: true, subtree: true, characterData: true});
}"""

YOUR_TURN = """() => {
    const title = document.querySelector('.rb-stepper .rb-title');
    return !!title && /seat 0 to move/.test(title.textContent)
        && !document.querySelector('.rb-replies .rb-pacing')
        && document.querySelectorAll('.rb-handbox .jupyter-button.mod-primary').length > 0;
}"""


def _wait_your_turn(page: Any) -> None:
    page.wait_for_function(YOUR_TURN, timeout=60_000)


def _move_number(page: Any) -> int:
    text = page.locator(".rb-stepper .rb-title").first.inner_text()
    return int(text.split("move ", 1)[1].split(" ", 1)[0])


def _play_lit(page: Any) -> float:
    """Click the first lit card (or action) of your hand; the page's clock just before."""
    lit = page.locator(".rb-handbox .jupyter-button.mod-primary").first
    lit.scroll_into_view_if_needed()
    started = float(page.evaluate("() => performance.now()"))
    lit.click()
    return started


def _replies_after(page: Any, move: int, count: int) -> list[float]:
    """The moments the log lines of moves ``move + 2`` .. (``count`` of them: the replies to
    your move ``move + 1``) first appeared, waiting for them all."""
    wanted = [str(move + 2 + k) for k in range(count)]
    page.wait_for_function("ks => ks.every(k => k in window.rbSeen)", arg=wanted,
                           timeout=60_000)
    seen = page.evaluate("() => window.rbSeen")
    return [float(seen[k]) for k in wanted]


def _pick_pace(page: Any, root: Any, label: str) -> None:
    picker = root.locator(".widget-dropdown").filter(has_text="computer's pace").locator(
        "select")
    expect()(picker).to_have_count(1)
    picker.select_option(label=label)


def _open(page: Any, request: Any, where: str) -> Any:
    name = request.getfixturevalue("make_notebook")(f"pace_{where}.ipynb", CELLS)
    if where == "lab":
        return request.getfixturevalue("open_and_run_all")(page, name)
    return request.getfixturevalue("open_voila")(page, name)


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_replies_come_one_after_another_at_normal_pace_and_together_at_once(
        page: Any, request: Any, shot: Any, where: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    root = _open(page, request, where)
    expect()(root.locator(".rb-stepper")).to_have_count(1, timeout=STEP_TIMEOUT)
    page.evaluate(RECORDER)
    # seat 1 leads this deal: the computer's three opening moves come at the pace too
    _wait_your_turn(page)
    to_top(root.locator(".rb-stepper"))

    # normal pace (the default): three replies, one after another
    move = _move_number(page)
    clicked = _play_lit(page)
    times = _replies_after(page, move, 3)
    gaps = [b - a for a, b in zip([clicked, *times], times)]
    least = FRACTION * PACES["normal"] * 1000
    print(f"{where}: normal pace, click to reply 1, 1 to 2, 2 to 3: "
          f"{[round(g) for g in gaps]} ms")
    assert all(gap > least for gap in gaps), \
        f"{where}: gaps {[round(g) for g in gaps]} ms, each should exceed {least:.0f} ms"
    batches = page.evaluate("() => window.rbBatches")
    assert [str(move + 2 + k) for k in range(3)] == \
        [str(k) for batch in batches[-3:] for k in batch], f"{where}: {batches}"
    assert all(len(batch) == 1 for batch in batches[-3:]), f"{where}: {batches}"
    _wait_your_turn(page)

    if where == "lab":  # the relaxed pace, photographed while the replies come
        _pick_pace(page, root, "relaxed (1.6 s a move)")
        move = _move_number(page)
        _play_lit(page)
        told = page.wait_for_function(
            "k => (k in window.rbSeen) && document.querySelector('.rb-replies').innerText",
            arg=str(move + 2), timeout=60_000).json_value()
        stepper = root.locator(".rb-stepper").first
        stepper.screenshot(path=str(DOCS_SHOT))
        shot(page, f"pace_{where}_relaxed_mid_replies")
        assert "is next" in told, f"one reply shown, two to come: {told!r}"
        _wait_your_turn(page)

    # at once: the three replies arrive in one change of the page
    _pick_pace(page, root, "at once")
    move = _move_number(page)
    _play_lit(page)
    times = _replies_after(page, move, 3)
    print(f"{where}: at once, the three lines came at {[round(t) for t in times]} ms")
    assert len(set(times)) == 1, f"{where}: at once, the lines came at {times}"
    batches = page.evaluate("() => window.rbBatches")
    assert sorted(batches[-1]) == [move + 2, move + 3, move + 4], f"{where}: {batches}"
    _wait_your_turn(page)
    shot(page, f"pace_{where}_at_once")
