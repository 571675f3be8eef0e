"""Accessibility in a real Chromium: axe-core scans, the names a screen reader hears, a whole
deal played with the keyboard only, the four-colour deck.

- axe-core (``axe-playwright-python``, its bundled ``axe.min.js``: nothing is fetched) on every
  lesson (``notebooks/0*.ipynb``) in Voila and in JupyterLab, and on the class table's three
  pages (teacher, projector, student): no violation of impact "serious" or "critical".
  In JupyterLab the scan covers the notebook's outputs (``.jp-OutputArea-output``): the
  lessons' own pages; JupyterLab's chrome (menus, side bars, toolbar) is not ours to fix.
- The names Chromium computes: a card button is "seven of hearts, playable" or "…, not
  playable", a face-down hand "12 hidden cards", the seats a table with column headers, the
  refusal of a card is in a live region (role=status).
- Keyboard only, in Voila and in JupyterLab: Tab to the hand, arrow keys along it, Enter to
  play; no click (after JupyterLab's Run All), no focus() from the test; the deal is played to
  its end, and in JupyterLab the keys never reach the notebook's own shortcuts (the active
  cell and command mode are kept).
- The four-colour switch changes the computed colour of ♦ and ♣ cards (Voila; the class
  table's pages, where the switch is kept in localStorage across a reload); its screenshot is
  ``docs/four_colour_deck.png``.

All lessons run in one session's servers; the scans take a few minutes on a 2-core machine.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import STEP_TIMEOUT, expect  # noqa: E402
from test_classroom_pages import deal, open_table, server  # noqa: E402,F401 - the fixture

from rulebook.cards import Card  # noqa: E402
from rulebook.pace import AT_ONCE  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("0*.ipynb"))
DOCS = ROOT / "docs"
BAD = ("serious", "critical")

# the computed colours of the four-colour deck (rulebook/html.py, classroom.css)
BLUE, GREEN, RED, BLACK = "rgb(26, 86, 176)", "rgb(27, 115, 50)", "rgb(192, 57, 43)", "rgb(17, 17, 17)"


def _axe() -> Any:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed (pip install -e '.[test]')")
    return Axe()


def serious(page: Any, context: Any = None) -> list[str]:
    """axe-core's serious and critical violations on the page (or in ``context``), one line
    each: the rule, its impact, where, and why."""
    results = _axe().run(page, context=context)
    lines = []
    for v in results.response["violations"]:
        if v["impact"] in BAD:
            for node in v["nodes"][:4]:
                lines.append(f"{v['id']} ({v['impact']}): {node['target']} — "
                             f"{node.get('failureSummary', '')[:300]}")
    return lines


_STYLED = """() => [...document.querySelectorAll('style')].some(
    s => s.textContent.includes('.jp-RenderedHTMLCommon :is(p,li) a'))"""


def settle(page: Any) -> None:
    """Wait until the lesson's widgets have drawn (their CSS is on the page), a few seconds
    at most: a scan before that would see JupyterLab's link style alone."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(_STYLED, timeout=20_000)
    except PlaywrightTimeout:
        pass  # a page without the widgets' CSS: axe judges it as it is
    page.wait_for_timeout(1000)


def play_page(make_notebook: Callable[..., str], name: str, seed: int, pace: str = "") -> str:
    """A notebook that shows ``PlayGame`` for Badam Satti (the computer at ``pace``, else
    the default pace)."""
    set_pace = f"game.stepper.pace = {pace!r}\n" if pace else ""
    return make_notebook(name, ["from widgets import PlayGame\n"
                                f"game = PlayGame('badam-satti', seed={seed})\n{set_pace}game"])


@pytest.fixture
def lesson_scan_results(open_voila: Any, copy_notebook: Any, chromium_browser: Any) -> Any:
    """Every lesson scanned in Voila, in one page after the other."""
    found: dict[str, list[str]] = {}
    page = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        for lesson in LESSONS:
            name = copy_notebook(ROOT / "notebooks" / lesson)
            open_voila(page, name, timeout=180)
            settle(page)
            found[lesson] = serious(page)
    finally:
        page.close()
    return found


def test_every_lesson_in_voila_has_no_serious_axe_violation(lesson_scan_results: Any) -> None:
    assert set(lesson_scan_results) == set(LESSONS) and len(LESSONS) >= 10
    bad = {k: v for k, v in lesson_scan_results.items() if v}
    assert not bad, "\n".join(f"{k}:\n  " + "\n  ".join(v) for k, v in bad.items())


def test_every_lesson_in_jupyterlab_has_no_serious_axe_violation_in_its_outputs(
        open_and_run_all: Any, copy_notebook: Any, chromium_browser: Any) -> None:
    page = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    bad: dict[str, list[str]] = {}
    try:
        for lesson in LESSONS:
            name = copy_notebook(ROOT / "notebooks" / lesson)
            panel = open_and_run_all(page, name, timeout=240)
            outputs = panel.locator(".jp-OutputArea-output")
            assert outputs.count() > 0, lesson
            settle(page)
            # JupyterLab's own chrome is left out: only what the lesson shows is scanned
            found = serious(page, {"include": [[".jp-NotebookPanel:not(.lm-mod-hidden) "
                                                ".jp-OutputArea-output"]]})
            if found:
                bad[lesson] = found
    finally:
        page.close()
    assert not bad, "\n".join(f"{k}:\n  " + "\n  ".join(v) for k, v in bad.items())


def test_the_class_table_pages_have_no_serious_axe_violation(
        server: str, chromium_browser: Any) -> None:  # noqa: F811 - the fixture
    table = open_table(chromium_browser, server, "badam-satti")
    try:
        deal(table)
        student = table.students[0]
        expect()(student.locator("#hand button.card").first).to_be_visible(timeout=20_000)
        for label, page in (("teacher", table.teacher), ("projector", table.projector),
                            ("student", student)):
            page.wait_for_timeout(500)
            found = serious(page)
            assert not found, f"{label} page:\n  " + "\n  ".join(found)
        # the student's cards are named in words, playable or not
        names = student.evaluate("() => [...document.querySelectorAll('#hand button.card')]"
                                 ".map(b => b.getAttribute('aria-label'))")
        assert names and all(re.fullmatch(r"\w+ of \w+, (playable|not playable)", n)
                             for n in names), names
    finally:
        table.close()


def test_card_buttons_hidden_hands_and_seats_have_the_names_a_screen_reader_needs(
        open_voila: Any, make_notebook: Callable[..., str], page: Any) -> None:
    seed = 2
    open_voila(page, play_page(make_notebook, "a11y_names.ipynb", seed, pace=AT_ONCE))
    hand = page.locator(".rb-handbox .rb-cardbtn")
    expect()(hand.first).to_be_visible(timeout=STEP_TIMEOUT)
    names = page.evaluate("() => [...document.querySelectorAll('.rb-handbox .rb-cardbtn')]"
                          ".map(b => [b.textContent.trim(), b.getAttribute('aria-label')])")
    assert names, "no card button"
    for text, name in names:
        assert name and re.fullmatch(r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|"
                                     r"queen|king) of (clubs|diamonds|hearts|spades), "
                                     r"(playable|not playable)", name), (text, name)
    # the names agree with the cards lit as playable
    lit = page.locator(".rb-handbox .rb-cardbtn.mod-primary").all_text_contents()
    playable = {text for text, name in names if name.endswith(", playable")}
    assert playable == {t.strip() for t in lit}
    # Chromium's own computed name (the accessibility tree), not only the attribute
    first_text, first_name = names[0]
    expect()(page.get_by_role("button", name=first_name, exact=True)).to_have_count(1)
    card = next(c for c in (Card(r + s) for r in "A23456789TJQK" for s in "CDHS")
                if c.pretty() == first_text.replace("✓", "").strip())
    assert first_name.startswith(card.name())
    # a face-down hand is one picture named "N hidden cards"; the seats are a table
    hidden = page.get_by_role("img", name=re.compile(r"^\d+ hidden cards?$"))
    assert hidden.count() == 3
    seats = page.get_by_role("table", name="Seats")
    expect()(seats).to_have_count(1)
    headers = seats.get_by_role("columnheader").all_text_contents()
    assert [h.strip() for h in headers][:1] == ["seat"] and headers[-1].strip() == "hand"
    assert seats.get_by_role("row").count() == 5  # the header row and four seats
    # a refused card: its reason is announced by a live region
    unplayable = next((t for t, n in names if n.endswith("not playable")), None)
    if unplayable is not None:
        page.get_by_role("button", name=next(n for t, n in names if t == unplayable),
                         exact=True).click()
        status = page.locator("[role=status]", has_text="Not played")
        expect()(status).to_have_count(1, timeout=STEP_TIMEOUT)
        assert status.get_attribute("aria-live") == "polite"


_FOCUSED = """() => { const a = document.activeElement;
  return a ? [a.tagName, a.className, (a.textContent || '').trim().slice(0, 80),
               a.getAttribute('aria-label') || '']
           : null; }"""


# what has the focus (as _FOCUSED) when it is a button of the hand, else false: one reading,
# so that the button cannot leave the page between "it is in the hand" and "which one"
_FOCUSED_IN_HAND = """() => { const a = document.activeElement;
  return a && a.tagName === 'BUTTON' && a.closest('.rb-handbox') ? (""" + _FOCUSED + """)() : false; }"""


def _focus_back_in_hand(page: Any) -> Any:
    """What has the focus once the page script has put it back in the hand: when the
    computer's move redraws or disables the hand, the focused button may leave the page for
    a frame, and the script brings the focus back on the next animation frame. Two seconds
    at most; then what has the focus, wherever it is."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        return page.wait_for_function(_FOCUSED_IN_HAND, timeout=2000).json_value()
    except PlaywrightTimeout:  # the caller's assertion tells
        return page.evaluate(_FOCUSED)


# after our move: the title tells a newer move and no button of the hand is lit (the
# computer's turn; the hand is redrawn after the title, so a lit button seen just after the
# title changed may be the card just played), or the deal is over
_MOVE_TAKEN = """b => { const t = document.querySelector('.rb-title');
  return document.querySelector('.rb-outcome') !== null || (t !== null && t.textContent !== b
         && document.querySelector('.rb-handbox button.mod-primary') === null); }"""


def _tab_to_the_hand(page: Any, most: int) -> Any:
    """Press Tab (``most`` times at most) until a card of the hand has the focus, and check
    that its focus ring can be seen; returns what has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED)
        if focused and "rb-cardbtn" in focused[1]:
            break
    else:
        raise AssertionError(f"Tab never reached the hand in {most} presses; "
                             f"focus on {page.evaluate(_FOCUSED)}")
    ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                         " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
    assert ring[0] != "none" and ring[1] >= 2, ring  # a visible focus ring, 2 px or more
    return focused


def _play_the_deal_with_keys(page: Any) -> int:
    """From a hand that has the focus, play the deal to its end with key presses only:
    arrows along the hand (ArrowDown and ArrowRight in turn, both one button on) to a lit
    card or the lit pass, Enter; again at each of our turns.  Returns how many arrows were
    pressed."""
    over = page.locator(".rb-outcome")
    presses = 0
    arrows = ("ArrowDown", "ArrowRight")
    for _turn in range(60):
        if over.count():
            break
        # wait for our turn: a playable card or a lit action (the pass)
        lit = page.locator(".rb-handbox button.mod-primary")
        try:
            expect()(lit.first).to_be_visible(timeout=STEP_TIMEOUT)
        except AssertionError:
            if over.count():
                break
            raise
        # arrow along the hand until the focused button is a lit one (one full lap; the
        # computer's moves come one at a time, so the hand may be lit again during a lap)
        for _lap in range(4):
            buttons = page.locator(".rb-handbox button").count()
            for _ in range(buttons + 1):
                focused = _focus_back_in_hand(page)
                assert focused and focused[0] == "BUTTON", f"focus left the hand: {focused}"
                if "mod-primary" in focused[1]:
                    break
                page.keyboard.press(arrows[presses % 2])
                presses += 1
            else:
                page.wait_for_timeout(1500)
                continue
            break
        else:
            raise AssertionError(f"no lit button reached with the arrows; focus on {focused}")
        before = page.locator(".rb-title").first.text_content()
        page.keyboard.press("Enter")
        page.wait_for_function(_MOVE_TAKEN, arg=before, timeout=STEP_TIMEOUT * 3)
    else:
        raise AssertionError("the deal did not end in 60 turns")
    expect()(over).to_be_visible(timeout=STEP_TIMEOUT * 3)
    return presses


def test_a_whole_deal_is_played_with_the_keyboard_only(
        open_voila: Any, make_notebook: Callable[..., str], page: Any, shot: Any) -> None:
    """Tab into the hand, arrows to a playable card (or the pass), Enter; again until the end.
    No click and no focus() from the test: only key presses."""
    open_voila(page, play_page(make_notebook, "a11y_keys.ipynb", 5))
    expect()(page.locator(".rb-handbox .rb-cardbtn").first).to_be_visible(timeout=STEP_TIMEOUT)
    _tab_to_the_hand(page, 80)  # from the top of the page
    assert _play_the_deal_with_keys(page) > 0  # the arrows were used, not only Enter
    shot(page, "a11y_keyboard_deal_done")


# JupyterLab's notebook: the index of its active cell and its mode ("command" or "edit")
_NOTEBOOK_STATE = """() => { const nb = window.jupyterapp.shell.currentWidget.content;
  return [nb.activeCellIndex, nb.mode]; }"""

# Every JupyterLab command run from now on (a shortcut runs one), kept in window.rbCommands
_WATCH_COMMANDS = """() => { window.rbCommands = [];
  window.jupyterapp.commands.commandExecuted.connect((_, args) => window.rbCommands.push(args.id)); }"""


def test_a_whole_deal_is_played_with_the_keyboard_only_in_jupyterlab(
        open_and_run_all: Any, make_notebook: Callable[..., str], page: Any, shot: Any) -> None:
    """The same deal in JupyterLab, whose notebook has shortcuts of its own on these keys
    (in command mode ArrowDown selects the next cell, Enter edits the cell).  The cells are
    run with the menu (Run → Run All Cells); then only key presses: Tab from the cell Run All
    left active, through JupyterLab's own chrome (its toolbar, status bar, menus, side bar:
    some forty presses), into the game's hand; arrows and Enter to the deal's end.  No click
    after Run All and no focus() from the test.  The cell the focus entered stays the active
    cell and the notebook stays in command mode: the arrows and Enter went to the hand, not
    to JupyterLab.  A cell above and one below the game, so that a leaked ArrowDown or
    ArrowUp would move the selection, and no JupyterLab command may run during the deal."""
    name = make_notebook("a11y_keys_lab.ipynb", [
        "#md # Keys only", "from widgets import PlayGame\ngame = PlayGame('badam-satti', seed=5)\ngame",
        "print('the cell after the game')"])
    panel = open_and_run_all(page, name)
    expect()(panel.locator(".rb-handbox .rb-cardbtn").first).to_be_visible(timeout=STEP_TIMEOUT)
    _tab_to_the_hand(page, 150)
    # the focus in the game's output made its cell the active one, in command mode
    entered = page.evaluate(_NOTEBOOK_STATE)
    assert entered == [1, "command"], entered
    page.evaluate(_WATCH_COMMANDS)
    assert _play_the_deal_with_keys(page) > 0
    assert page.evaluate(_NOTEBOOK_STATE) == entered
    assert page.evaluate("() => window.rbCommands") == []  # no shortcut of JupyterLab ran
    assert panel.locator(".jp-Notebook.jp-mod-editMode").count() == 0
    shot(page, "a11y_keyboard_deal_lab")


def test_the_four_colour_switch_colours_the_suits(
        open_voila: Any, make_notebook: Callable[..., str], page: Any) -> None:
    # the computer's opening move at once: the screenshot shows a settled table
    open_voila(page, play_page(make_notebook, "a11y_four.ipynb", 11, pace="at once"))
    buttons = page.locator(".rb-handbox .rb-cardbtn")
    expect()(buttons.first).to_be_visible(timeout=STEP_TIMEOUT)
    colours = """() => Object.fromEntries(['S', 'H', 'D', 'C'].map(s => {
        const b = document.querySelector('.rb-handbox .rb-cardbtn.rb-s-' + s);
        return [s, b ? getComputedStyle(b).color : null]; }))"""
    two = page.evaluate(colours)
    assert two["D"] in (None, RED) and two["C"] in (None, BLACK), two
    # an icon alone, named by its tooltip for a screen reader
    switch = page.get_by_role("button", name=re.compile(r"^four colours"))
    expect()(switch).to_have_count(1)
    switch.click()
    page.wait_for_function("() => document.querySelector('.rb-four') !== null")
    four = page.evaluate(colours)
    want = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
    assert {s: c for s, c in four.items() if c} == {s: want[s] for s, c in four.items() if c}
    assert four["D"] or four["C"], four  # the hand holds a ♦ or a ♣
    # the table's cards too (rulebook.html's spans)
    table = page.evaluate("() => [...document.querySelectorAll('.rb-four .rb-card.rb-s-D')]"
                          ".map(e => getComputedStyle(e).color)")
    assert all(c == BLUE for c in table), table
    page.set_viewport_size({"width": 1024, "height": 640})
    page.locator(".rb-classroom").first.screenshot(path=str(DOCS / "four_colour_deck.png"))


def test_the_class_table_four_colour_switch_is_kept(server: str,  # noqa: F811 - the fixture
                                                    chromium_browser: Any) -> None:
    table = open_table(chromium_browser, server, "badam-satti")
    try:
        deal(table)
        student = table.students[0]
        expect()(student.locator("#hand button.card").first).to_be_visible(timeout=20_000)
        colour = """s => { const b = document.querySelector('#hand .suit-' + s);
                    return b ? getComputedStyle(b).color : null; }"""
        suit = "D" if student.evaluate(colour, "D") else "C"
        assert student.evaluate(colour, suit) in (RED, BLACK)
        student.check("#four-colour")
        assert student.evaluate(colour, suit) == (BLUE if suit == "D" else GREEN)
        student.reload()
        expect()(student.locator("#hand button.card").first).to_be_visible(timeout=20_000)
        assert student.is_checked("#four-colour")
        assert student.evaluate(colour, suit) == (BLUE if suit == "D" else GREEN)
    finally:
        table.close()



