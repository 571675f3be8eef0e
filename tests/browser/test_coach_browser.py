"""The coach in a real browser: the start lesson (``00_start_here``) in JupyterLab at 1024×768.

Switching the *Coach* on shows, within 1 s, one bar for every legal card of the learner with
the best one marked (the best as the coach finds it from the learner's view, computed here
on a copy of the lesson's game); after the learner plays the deal to its end, *Review my
deal* lists the three costliest decisions, as the same copy lists them, and a click on one
takes the stepper to that moment.  Screenshots go to ``test-output/screenshots/`` (``coach_*``).
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import SIZES, STEP_TIMEOUT, button, exact, expect, to_top  # noqa: E402

from rulebook.coach import advise  # noqa: E402
from widgets.coachview import COACH_POLICY, COACH_WORLDS  # noqa: E402

LESSONS = Path(__file__).resolve().parents[2] / "notebooks"

Shot = Callable[[Any, str], Any]


def _mirror() -> Any:
    """The lesson's game, built here without a browser: ``PlayGame("badam-satti", seed=2)``."""
    from widgets import PlayGame

    return PlayGame("badam-satti", seed=2)


def _bars(root: Any) -> Any:
    return root.locator(".rb-coach .rb-coach-move")


def test_coach_bars_and_review_in_the_start_lesson(page: Any, copy_notebook: Callable[..., str],
                                                   open_and_run_all: Callable[..., Any],
                                                   shot: Shot) -> None:
    width, height = SIZES["1024x768"]
    page.set_viewport_size({"width": width, "height": height})
    panel = open_and_run_all(page, copy_notebook(LESSONS / "00_start_here.ipynb"))
    mirror = _mirror()
    state = mirror.stepper.states[-1]
    assert state.to_move == mirror.seat
    legal = state.legal_moves()
    assert len(legal) > 1
    best = advise(state.view(mirror.seat), worlds=COACH_WORLDS, policy=COACH_POLICY).best

    game_top = panel.locator(".widget-dropdown").filter(has_text="Game")
    expect()(game_top).to_have_count(1)
    to_top(game_top)
    # the computer's opening moves come one at a time (the pace): wait for your turn
    expect()(panel.locator(".rb-title")).to_contain_text(
        f"move {len(state.history)} · seat {mirror.seat} to move", timeout=STEP_TIMEOUT)
    coach = button(panel, "Coach")
    expect()(coach).to_have_count(1)
    expect()(_bars(panel)).to_have_count(0)
    started = time.perf_counter()
    coach.click()
    expect()(_bars(panel)).to_have_text([exact(("★ " if str(m) == str(best.move) else "")
                                               + m.pretty()) for m in legal], timeout=1000)
    seconds = time.perf_counter() - started
    assert seconds < 1.0, f"the coach's bars took {seconds:.2f} s"
    expect()(panel.locator(".rb-coach svg.rb-coach-bar")).to_have_count(len(legal))
    marked = panel.locator('.rb-coach .rb-coach-move[data-best="1"]')
    expect()(marked).to_have_count(1)
    expect()(marked).to_have_attribute("data-move", str(best.move))
    panel.locator(".rb-coach").first.scroll_into_view_if_needed()
    shot(page, "coach_lab_1024x768_00_bars")

    # the learner plays the deal to its end (the last legal move each turn)
    st = mirror.stepper
    moves = 0
    while not st.states[-1].is_over:
        move = st.states[-1].legal_moves()[-1]
        text = str(move)
        if text in st.action_buttons:
            target = panel.locator(".rb-actbtn").filter(has_text=exact(move.pretty()))
        else:
            target = panel.locator(".rb-handbox .rb-cardbtn").filter(
                has_text=exact(move.pretty()))
        target.first.click()
        assert st.play(move)
        moves += 1
        after = st.states[-1]
        if not after.is_over:  # the computer players have answered: your turn again
            expect()(panel.locator(".rb-handbox .rb-cardbtn")).to_have_count(
                len(after.hand(mirror.seat)), timeout=STEP_TIMEOUT)
            # their moves come one at a time (the pace): wait until the page shows them all
            expect()(panel.locator(".rb-title")).to_contain_text(
                f"move {len(after.history)} ·", timeout=STEP_TIMEOUT)
        assert moves < 60
    review = button(panel, "Review my deal")
    expect()(review).to_have_count(1, timeout=STEP_TIMEOUT)
    to_top(review)
    shot(page, "coach_lab_1024x768_00_deal_over")
    review.click()
    mirror.review.review()
    wanted = [b.description for b in mirror.review.moment_buttons]
    assert 1 <= len(wanted) <= 3
    lost = [d.lost for d in mirror.review.decisions]
    assert lost == sorted(lost, reverse=True)
    moments = panel.locator(".rb-review-moment")
    expect()(moments).to_have_text([exact(w) for w in wanted], timeout=STEP_TIMEOUT)
    to_top(review)
    shot(page, "coach_lab_1024x768_00_review")

    # the costliest moment: the stepper goes there, the coach shows its bars
    first = mirror.review.decisions[0]
    moments.first.click()
    there = mirror.stepper.states[first.index]
    expect()(panel.locator(".widget-slider .widget-readout").first).to_have_text(
        str(first.index), timeout=STEP_TIMEOUT)
    expect()(_bars(panel)).to_have_count(len(there.legal_moves()), timeout=STEP_TIMEOUT)
    panel.locator(".rb-coach").first.scroll_into_view_if_needed()
    shot(page, "coach_lab_1024x768_00_review_moment")
