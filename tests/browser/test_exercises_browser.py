"""A checked lesson question in a real browser (Voila, Chromium): the learner picks a card of
the hand, presses Check, and the page shows the engine's verdict and reason with the clause
ids last; the answer is still there behind "Show the answer".  The question answered wrong
is photographed (``docs/checked_question.png``; ``test-output/screenshots/exercise_*.png``).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import RAW, STEP_TIMEOUT, button, expect  # noqa: E402

from rulebook import load_rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCS_SHOT = ROOT / "docs" / "checked_question.png"

CELLS = [
    "#md A checked question (a test page).",
    "from rulebook.exercises import exercise\nfrom widgets.lesson import Question\n\n"
    "Question(exercise(\"00.3\")).widget",
]


def test_a_wrong_card_gets_the_engines_reason_and_the_right_one_is_right(
        page: Any, request: Any, shot: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    name = request.getfixturevalue("make_notebook")("exercise_checked.ipynb", CELLS)
    root = request.getfixturevalue("open_voila")(page, name)
    question = root.locator(".rb-question").first
    expect()(question).to_have_count(1, timeout=STEP_TIMEOUT)
    button(question, "Q♥").first.click()
    button(question, "Check").first.click()
    verdict = question.locator(".rb-verdict")
    expect()(verdict).to_contain_text("Not right", timeout=STEP_TIMEOUT)
    stuck = load_rules("badam-satti").position(table="5H-9H 7C 7S 7D",
                                               hands=["2H QH AS 3D", None, None, None],
                                               to_move=0)
    told = verdict.inner_text()
    assert "Q♥ cannot be played" in told and "only 4♥ or 10♥" in told, told
    assert told.rstrip().endswith(", ".join(stuck.explain("QH").clauses)), told
    assert not RAW.search(question.inner_text())
    question.screenshot(path=str(DOCS_SHOT))
    shot(page, "exercise_wrong")

    button(question, "pass").first.click()
    button(question, "Check").first.click()
    expect()(verdict).to_contain_text("Right.", timeout=STEP_TIMEOUT)
    assert "You must pass" in verdict.inner_text()
    button(question, "Show the answer").first.click()
    expect()(question.locator(".rb-answer").last).to_contain_text("Only pass",
                                                                 timeout=STEP_TIMEOUT)
    shot(page, "exercise_right")
