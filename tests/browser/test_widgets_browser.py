"""The widgets in a real browser, JupyterLab and Voila, at 1024×768 and 1280×900.

Small test notebooks under ``notebooks/`` (not the lessons):

- ``play_game.ipynb`` — ``PlayGame("badam-satti", seed=2)``.  For each of the four games
  (badam-satti, sevens, satti, badugi) the ruleset is picked on screen, then a card is played
  by clicking it (after the actions the rules leave first: a pass, a draw, a Badugi bet) and
  the computer players answer; what the page must show is the same PlayGame built here without
  a browser.  *New deal* deals another hand and shows its new seed.
- ``diagrams.ipynb`` — every kind of generated diagram: turn flows (one drawn against another),
  the waiting diagram, the Badugi clash graph, a RulesCompare's flows (one under the other), a
  stepper's waiting diagram.  None is wider than its output area; "open full size" shows one
  unscaled in a box that scrolls, "fit to the width" fits it again; titles are not cut.
- ``details.ipynb`` — Lockstep (its arrows are Font Awesome icons, "jump to first difference"
  is not cut), RulesCompare (the option columns do not overlap), VariantLab ("Every seat:
  smart", options in words, Badugi's own measures).

No page shows a clause-id tuple, ``Row(`` or a Python class name.  Screenshots:
``test-output/screenshots/widgets_{lab,voila}_{size}_*.png``.
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
    exact,
    expect,
    in_viewport,
    overflowing_diagrams,
    raw_text_on_screen,
    to_top,
)

from rulebook import load_rules  # noqa: E402
from rulebook.html import hand_order, ruleset_caption  # noqa: E402

NOTEBOOKS = Path(__file__).parent / "notebooks"
GAMES = ["badam-satti", "sevens", "satti", "badugi"]

Shot = Callable[[Any, str], Any]


def _open(page: Any, request: Any, notebook: str, where: str, size: str) -> Any:
    """Open a test notebook in JupyterLab (Run All) or Voila at ``size``; the root locator."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    name = request.getfixturevalue("copy_notebook")(NOTEBOOKS / notebook)
    if where == "lab":
        return request.getfixturevalue("open_and_run_all")(page, name)
    return request.getfixturevalue("open_voila")(page, name)


# --- PlayGame: a card click in every game -------------------------------------------------------

def _hand(root: Any) -> Any:
    return root.locator(".rb-handbox .rb-cardbtn")


def _expect_hand(root: Any, state: Any, seat: int = 0) -> None:
    expect()(_hand(root)).to_have_text([exact(c.pretty()) for c in hand_order(state.hands[seat])],
                                       timeout=STEP_TIMEOUT)


def _clicks_to_a_card(mirror: Any) -> list[tuple[str, str, str]]:
    """The clicks (kind, button text, the move number shown after it) a player makes from now
    until a card is played: the lit actions the rules leave first, then a card (a jack's
    suit, a Badugi discard and draw).  Each click is made on ``mirror`` too, so it ends in the
    position the page must show."""
    st = mirror.stepper
    clicks: list[tuple[str, str, str]] = []

    def click(kind: str, b: Any) -> None:
        text = b.description
        b.click()
        clicks.append((kind, text, f"move {len(st.state.history)} ·"))

    for _ in range(40):
        state = st.state
        assert state.to_move == 0 and not state.is_over
        legal = state.legal_moves()
        if any(isinstance(getattr(m, "discard", None), int) for m in legal):  # a Badugi draw
            click("card", st.card_buttons[-1])
            click("action", st.draw_button)
            return clicks
        lit = [b for b in st.card_buttons if b.icon == "check"]
        if lit:
            click("card", lit[0])
            if st.suit_box.children:
                click("action", st.suit_buttons[0])
            return clicks
        lit_actions = [b for b in st.action_box.children if b.icon == "check"]
        order = ["check", "call", "pass", "draw", "skip", "bet", "raise", "fold"]  # stay in
        click("action", min(lit_actions, key=lambda b: order.index(b.description)
                            if b.description in order else len(order)))
    pytest.fail("no card became playable")


def _play_every_game(page: Any, root: Any, shot: Shot, where: str) -> None:
    from widgets import PlayGame

    picker = root.locator(".widget-dropdown").filter(has_text="Game").locator("select")
    expect()(picker).to_have_count(1)
    for pid in GAMES:
        mirror = PlayGame(pid, seed=2)
        picker.select_option(label=ruleset_caption(load_rules(pid)))
        expect()(root.locator(".rb-title")).to_contain_text(load_rules(pid).title,
                                                            timeout=STEP_TIMEOUT)
        _expect_hand(root, mirror.stepper.state)
        to_top(picker)
        assert in_viewport(page, _hand(root)) == [], f"{pid}: the hand is not in view"
        before = len(mirror.stepper.states)
        clicks = _clicks_to_a_card(mirror)
        # your turn on the page too: the computer's opening moves come one at a time, and
        # a click while they come only shows them all (widgets/stepper.py, the pace)
        expect()(root.locator(".rb-title")).to_contain_text(
            f"move {len(mirror.stepper.states[before - 1].history)} · seat 0 to move",
            timeout=STEP_TIMEOUT)
        for kind, text, after in clicks:
            box = root.locator(".rb-handbox")
            target = box.locator(".rb-cardbtn" if kind == "card" else ".rb-actbtn, .widget-button")
            target.filter(has_text=exact(text)).first.click()
            # the page shows the position after the click before the next click
            expect()(root.locator(".rb-title")).to_contain_text(after, timeout=STEP_TIMEOUT)
        state = mirror.stepper.state
        played = [s.history[-1] for s in mirror.stepper.states[before:]]
        assert any(getattr(m, "card", None) is not None or getattr(m, "discard", 0)
                   for m in played), played
        if not state.is_over:
            _expect_hand(root, state)
        expect()(root.locator(".rb-title")).to_contain_text(f"move {len(state.history)} ·",
                                                            timeout=STEP_TIMEOUT)
        if "The computer players answered" in mirror.stepper.replies.value:
            expect()(root.locator(".rb-side")).to_contain_text("The computer players answered")
        assert raw_text_on_screen(page) == []
        shot(page, f"{where}_play_{pid}")

    # New deal: a fresh seed on screen, another hand
    seed_box = root.locator(".widget-text").filter(has_text="seed").locator("input")
    old_seed = seed_box.input_value()
    old_hand = _hand(root).all_inner_texts()
    button(root, "New deal").click()
    expect()(seed_box).not_to_have_value(old_seed, timeout=STEP_TIMEOUT)
    page.wait_for_function("old => [...document.querySelectorAll('.rb-handbox .rb-cardbtn')]"
                           ".map(b => b.innerText.trim()).join(' ') !== old",
                           arg=" ".join(t.strip() for t in old_hand), timeout=STEP_TIMEOUT)
    new_seed = int(seed_box.input_value())
    mirror = PlayGame("badugi", seed=new_seed)
    _expect_hand(root, mirror.stepper.state)
    # typing a seed deals it again
    seed_box.fill("2")
    seed_box.press("Enter")
    _expect_hand(root, PlayGame("badugi", seed=2).stepper.state)
    shot(page, f"{where}_play_new_deal")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["voila", "lab"])
def test_play_every_game_by_clicking_a_card(page: Any, request: Any, shot: Shot, where: str,
                                           size: str) -> None:
    root = _open(page, request, "play_game.ipynb", where, size)
    _play_every_game(page, root, shot, f"widgets_{where}_{size}")


# --- diagrams fit ---------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["voila", "lab"])
def test_no_diagram_is_wider_than_its_output(page: Any, request: Any, shot: Shot, where: str,
                                             size: str) -> None:
    root = _open(page, request, "diagrams.ipynb", where, size)
    diagrams = root.locator(".rulebook-diagram svg")
    # 4 turn flows, the waiting diagram, the clash graph, 3 compared flows, the stepper's
    expect()(diagrams).to_have_count(10, timeout=STEP_TIMEOUT * 3)
    assert overflowing_diagrams(page) == []
    # titles are whole: each caption fits its box (no text cut at the edge)
    cut = root.locator(".rb-diagram-title").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)")
    assert cut == []
    # a long title inside a drawing is wrapped onto lines that fit
    assert root.locator(".rulebook-diagram svg text", has_text="What waits on what").count()
    # flows that compare rulesets stand one under the other
    flows = root.locator(".rb-flow").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())")
    assert len(flows) == 3 and flows[0]["bottom"] <= flows[1]["top"] + 1 <= flows[2]["top"] + 1
    to_top(root.locator(".rulebook-diagram").first)
    shot(page, f"widgets_{where}_{size}_diagrams")
    assert raw_text_on_screen(page) == []

    # full size and back: the widest drawing unscaled in a box that scrolls, then fitted again
    widths = diagrams.evaluate_all("els => els.map(e => e.width.baseVal.value)")  # own widths
    widest = max(range(len(widths)), key=lambda k: widths[k])
    first = root.locator(".rulebook-diagram").nth(widest)
    svg = first.locator("svg")
    fitted = svg.bounding_box()["width"]
    assert widths[widest] > fitted + 10  # wider than the output: shown scaled down
    first.locator("label.rb-diagram-zoom").click()
    expect()(first.locator(".rb-when-full")).to_be_visible()
    page.wait_for_function("([e, w]) => e.getBoundingClientRect().width >= w - 1",
                           arg=[svg.element_handle(), widths[widest]])
    assert svg.bounding_box()["width"] > fitted
    box = first.locator(".rb-diagram-box")
    assert box.evaluate("e => getComputedStyle(e).overflow") == "auto"
    shot(page, f"widgets_{where}_{size}_diagram_full_size")
    first.locator("label.rb-diagram-zoom").click()
    page.wait_for_function("([e, w]) => Math.abs(e.getBoundingClientRect().width - w) < 2",
                           arg=[svg.element_handle(), fitted])
    assert overflowing_diagrams(page) == []


# --- Lockstep, RulesCompare, VariantLab -------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["voila", "lab"])
def test_lockstep_compare_and_lab_details(page: Any, request: Any, shot: Shot, where: str,
                                          size: str) -> None:
    root = _open(page, request, "details.ipynb", where, size)

    # Lockstep: the arrows are icons (Font Awesome), every button's words whole
    for text, icon in (("first", "fa-fast-backward"), ("back", "fa-step-backward"),
                       ("next", "fa-step-forward"), ("last", "fa-fast-forward")):
        found = button(root, text).first
        expect()(found.locator(f"i.{icon}")).to_have_count(1)
        assert found.locator("i").evaluate("e => getComputedStyle(e, '::before').content") \
            not in ("none", "normal", '""')
    jump = button(root, "jump to first difference")
    expect()(jump).to_have_count(1)
    assert jump.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the jump button is cut"
    to_top(jump)
    shot(page, f"widgets_{where}_{size}_lockstep")

    # RulesCompare: three option columns side by side or wrapped, never overlapping
    columns = root.locator(".rb-compare-column")
    expect()(columns).to_have_count(3)
    boxes = columns.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5
                     or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5)
            assert apart, (a, b)
    spill = columns.evaluate_all("""cols => cols.flatMap(col => {
        const c = col.getBoundingClientRect();
        return [...col.querySelectorAll('.widget-checkbox, .widget-dropdown, .widget-text')]
            .filter(e => e.getBoundingClientRect().right > c.right + 1)
            .map(e => e.innerText);
    })""")
    assert spill == [], spill
    expect()(root.locator(".rb-compare-column").first).to_contain_text("Sevens first")
    to_top(columns.first)
    shot(page, f"widgets_{where}_{size}_compare")

    # VariantLab: "Every seat" says what every seat says; options and measures in words
    every = root.locator(".widget-dropdown").filter(has_text="Every seat").locator("select")
    expect()(every).to_have_count(2)
    for k in range(2):
        assert every.nth(k).evaluate("e => e.options[e.selectedIndex].text") == "smart"
    expect()(root.locator(".widget-checkbox").filter(has_text="Eight before six (house rule)")
             ).to_have_count(1)
    tables = root.locator(".rb-lab-table")
    expect()(tables).to_have_count(3)  # the off/on comparison, then Badugi
    expect()(tables.nth(0).locator("th")).to_contain_text(["mean penalty points"])
    badugi = tables.nth(2).locator("th").all_inner_texts()
    assert "fold rate" in badugi and "mean chips won" in badugi
    assert "mean passes" not in badugi and "mean points" not in badugi
    to_top(tables.nth(2))
    shot(page, f"widgets_{where}_{size}_lab")
    assert raw_text_on_screen(page) == []
