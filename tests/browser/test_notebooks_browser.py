"""The lessons in a real browser: JupyterLab (Run All) and Voila, driven by Playwright, at a
classroom projector's 1024×768 and a laptop's 1280×900.

- ``00_start_here``: the game to play (``PlayGame``, classroom mode). Scrolled to the game, the
  whole hand is on screen without scrolling and can be clicked: a refused card shows the
  engine's reason in view and changes nothing, a lit card is played and the computer players
  answer. In JupyterLab and in Voila, at both sizes.
- The Voila app works without code: 00's "Try it" controls (New deal, the ruleset picker)
  change the deal shown; 03's house-rule switches change the verdict; a question's answer
  stays hidden until its button is pressed; the "Next lesson" link opens the next lesson.
- Every lesson in Voila, and 00 and 01 in JupyterLab: no text on screen holds a raw clause-id
  tuple, a ``Row(`` or a Python class name.
- ``01_badam_satti``: the lesson's first stepper opens at move 0, the second one at the
  deal's first pass, whose forced-pass reason ``next`` shows.
- ``05_badugi_hands``: the ranker; a hand typed (Enter) or ranked (the Rank button) shows the
  class, the words and the number of hands that beat it exactly as
  ``rulebook.games.badugi.evaluate`` / ``standing`` give them.

What the page should show is computed here from the engine with the lessons' own seeds.
Screenshots go to ``test-output/screenshots/`` (``lesson_*``).
"""
from __future__ import annotations

import re
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
    raw_text_on_screen,
    to_top,
)

from rulebook import load_rules  # noqa: E402
from rulebook.games.badugi import evaluate, standing  # noqa: E402
from rulebook.html import hand_order  # noqa: E402
from rulebook.protocol import autoplay  # noqa: E402

LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
ALL_LESSONS = sorted(p.name for p in LESSONS.glob("*.ipynb"))
CARD_TEXT = re.compile(r"^\s*(10|[2-9AJQK])[♣♦♥♠]\s*$")

Shot = Callable[[Any, str], Any]


def _size(page: Any, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})


# --- 00_start_here: the game ---------------------------------------------------------------------

class StartGame:
    """00's game, built here without a browser: ``PlayGame("badam-satti", seed=2)``."""

    def __init__(self) -> None:
        from widgets import PlayGame

        self.game = PlayGame("badam-satti", seed=2)
        self.stepper = self.game.stepper
        reference = autoplay(load_rules("badam-satti").new_deal(players=4, seed=2), "smart",
                             seed=2)
        shown = [str(m) for m in self.state.history]
        assert shown == [str(m) for m in reference.history[:len(shown)]]
        assert self.state.to_move == 0

    @property
    def state(self) -> Any:
        return self.stepper.states[-1]

    def card(self, legal: bool) -> Any:
        lit = self.state.legal_play_mask()
        for card in hand_order(self.state.hand(0)):
            if bool(lit & card.mask) == legal:
                return card
        pytest.fail(f"no {'legal' if legal else 'refused'} card in seat 0's hand")


def _hand(root: Any) -> Any:
    return root.locator(".rb-handbox .rb-cardbtn")


def _expect_hand(root: Any, state: Any) -> None:
    hand = hand_order(state.hand(0))
    expect()(_hand(root)).to_have_text([exact(c.pretty()) for c in hand], timeout=STEP_TIMEOUT)
    legal = state.legal_play_mask() if state.to_move == 0 else 0
    expect()(root.locator(".rb-handbox .rb-cardbtn.mod-primary")).to_have_text(
        [exact(c.pretty()) for c in hand if legal & c.mask], timeout=STEP_TIMEOUT)


def _play_the_start_game(page: Any, root: Any, shot: Shot, where: str) -> None:
    """Scroll to 00's game: the hand is in view and clickable; a refused card, then a lit one."""
    mirror = StartGame()
    game_top = root.locator(".widget-dropdown").filter(has_text="Game")
    expect()(game_top).to_have_count(1)
    to_top(game_top)
    _expect_hand(root, mirror.state)
    assert in_viewport(page, _hand(root)) == [], "the hand is not all in view"
    shot(page, f"{where}_game")

    card = mirror.card(legal=False)
    why = mirror.state.explain(card.text)
    _hand(root).filter(has_text=exact(card.pretty())).click()
    message = root.locator(".rb-handbox .rb-reason.rb-bad")
    expect()(message).to_contain_text(why.reason, timeout=STEP_TIMEOUT)
    assert in_viewport(page, message) == [], "the reason for a refused card is out of view"
    _expect_hand(root, mirror.state)
    shot(page, f"{where}_game_refused_{card.text}")

    card = mirror.card(legal=True)
    _hand(root).filter(has_text=exact(card.pretty())).click()
    assert mirror.stepper.play(card.text)
    _expect_hand(root, mirror.state)
    expect()(root.locator(".rb-state .rb-rows")).to_contain_text(card.pretty())
    to_top(game_top)
    assert in_viewport(page, _hand(root)) == [], "after a play the hand is not all in view"
    shot(page, f"{where}_game_played_{card.text}")


@pytest.mark.parametrize("size", SIZES)
def test_start_lesson_game_in_voila(page: Any, copy_notebook: Callable[..., str],
                                    open_voila: Callable[..., Any], shot: Shot,
                                    size: str) -> None:
    _size(page, size)
    body = open_voila(page, copy_notebook(LESSONS / "00_start_here.ipynb"))
    assert "PlayGame(" not in body.inner_text()  # Voila shows no code
    shot(page, f"lesson_voila_{size}_00_top")
    _play_the_start_game(page, body, shot, f"lesson_voila_{size}_00")
    assert raw_text_on_screen(page) == []


@pytest.mark.parametrize("size", SIZES)
def test_start_lesson_game_in_jupyterlab(page: Any, copy_notebook: Callable[..., str],
                                         open_and_run_all: Callable[..., Any], shot: Shot,
                                         size: str) -> None:
    _size(page, size)
    panel = open_and_run_all(page, copy_notebook(LESSONS / "00_start_here.ipynb"))
    _play_the_start_game(page, panel, shot, f"lesson_lab_{size}_00")
    assert raw_text_on_screen(page) == []


# --- the Voila app: controls instead of code -------------------------------------------------

def _tryit_text(root: Any) -> str:
    return str(root.locator(".rb-tryit-output").first.inner_text())


@pytest.mark.parametrize("size", SIZES)
def test_voila_try_it_controls_change_the_deal(page: Any, copy_notebook: Callable[..., str],
                                              open_voila: Callable[..., Any], shot: Shot,
                                              size: str) -> None:
    _size(page, size)
    body = open_voila(page, copy_notebook(LESSONS / "00_start_here.ipynb"))
    tryit = body.locator(".rb-tryit")
    expect()(tryit).to_have_count(1, timeout=60_000)
    start = load_rules("badam-satti").new_deal(players=4, seed=9)
    output = tryit.locator(".rb-tryit-output")
    expect()(output).to_contain_text(f"Deal 9: seat {start.to_move} holds 7♥",
                                     timeout=STEP_TIMEOUT)
    to_top(tryit)
    shot(page, f"lesson_voila_{size}_00_tryit_deal_9")

    button(tryit, "New deal").click()
    expect()(output).not_to_contain_text("Deal 9:", timeout=STEP_TIMEOUT)
    seed = int(re.search(r"Deal (\d+):", _tryit_text(tryit)).group(1))  # type: ignore[union-attr]
    dealt = load_rules("badam-satti").new_deal(players=4, seed=seed)
    expect()(output).to_contain_text(f"Deal {seed}: seat {dealt.to_move} holds 7♥")
    expect()(tryit.locator("input[type=number]")).to_have_value(str(seed))

    tryit.locator("select").first.select_option(label="Sevens (British, for chips)")
    sevens = load_rules("sevens").new_deal(players=4, seed=seed)
    expect()(output).to_contain_text(f"Deal {seed}: seat {sevens.to_move} holds 7♦",
                                     timeout=STEP_TIMEOUT)
    to_top(tryit)
    assert raw_text_on_screen(page) == []
    shot(page, f"lesson_voila_{size}_00_tryit_sevens_{seed}")


def test_voila_house_rule_switches_change_the_verdict(page: Any,
                                                      copy_notebook: Callable[..., str],
                                                      open_voila: Callable[..., Any],
                                                      shot: Shot) -> None:
    _size(page, "1024x768")
    body = open_voila(page, copy_notebook(LESSONS / "03_house_rules_lab.ipynb"), timeout=240)
    tryit = body.locator(".rb-tryit")
    output = tryit.locator(".rb-tryit-output")
    expect()(output).to_contain_text("Deal 1:", timeout=60_000)
    # house rules are named by their labels on screen, never by their option names
    expect()(output).to_contain_text("Eight before six", timeout=STEP_TIMEOUT)
    expect()(output).not_to_contain_text("eight_before_six")
    # Switch eight before six off: sevens first alone parts elsewhere, for its own reason.
    tryit.locator(".widget-checkbox").filter(has_text="Eight before six").locator("input").click()
    expect()(output).not_to_contain_text("Eight before six", timeout=STEP_TIMEOUT)
    expect()(output).to_contain_text("Sevens first")
    to_top(tryit)
    shot(page, "lesson_voila_1024x768_03_tryit_sevens_first")
    for box in tryit.locator(".widget-checkbox input:checked").all():
        box.click()
    expect()(output).to_contain_text("Switch on at least one house rule", timeout=STEP_TIMEOUT)


def test_voila_answers_stay_hidden_until_asked_and_lessons_link_on(
        page: Any, copy_notebook: Callable[..., str], open_voila: Callable[..., Any],
        shot: Shot) -> None:
    _size(page, "1280x900")
    body = open_voila(page, copy_notebook(LESSONS / "00_start_here.ipynb"))
    question = body.locator(".rb-question").first
    from rulebook.exercises import exercise
    answer = exercise("00.1").explanation()[:60]  # the engine's answer, as the lesson shows it
    visible = """a => [...document.querySelectorAll('.rb-exercises .rb-answer, .rb-exercises li')]
        .some(e => e.offsetParent !== null && e.textContent.includes(a))"""
    expect()(question).to_contain_text("how many different moves", timeout=STEP_TIMEOUT)
    assert not page.evaluate(visible, answer[:30]), "an answer is on screen before it is asked"
    to_top(question)
    shot(page, "lesson_voila_1280x900_00_question_hidden")
    button(question, "Show the answer").click()
    expect()(question).to_contain_text(answer, timeout=STEP_TIMEOUT)
    assert page.evaluate(visible, answer[:30])
    shot(page, "lesson_voila_1280x900_00_question_shown")
    page.get_by_role("link", name=re.compile("01 · Badam Satti")).last.click()
    page.wait_for_url(re.compile(r"/voila/render/01_badam_satti\.ipynb"), timeout=60_000)
    expect()(page.locator("body")).to_contain_text("Badam Satti, step by step", timeout=60_000)


@pytest.mark.parametrize("lesson", ALL_LESSONS)
def test_no_lesson_shows_a_raw_tuple_or_row_in_voila(page: Any, lesson: str,
                                                     copy_notebook: Callable[..., str],
                                                     open_voila: Callable[..., Any],
                                                     shot: Shot) -> None:
    _size(page, "1280x900")
    body = open_voila(page, copy_notebook(LESSONS / lesson), timeout=240)
    expect()(body.locator(".rb-exercises")).to_have_count(1, timeout=60_000)
    assert raw_text_on_screen(page) == []
    assert "Traceback" not in body.inner_text()
    shot(page, f"lesson_voila_1280x900_{Path(lesson).stem}_full")


# --- 01_badam_satti: two steppers, the second at the first pass ----------------------------------

def test_badam_satti_lesson_steppers_in_jupyterlab(page: Any, copy_notebook: Callable[..., str],
                                                   open_and_run_all: Callable[..., Any],
                                                   shot: Shot) -> None:
    rules = load_rules("badam-satti")
    deal = autoplay(rules.new_deal(players=4, seed=1), "smart", seed=1)
    states = deal.states()
    k = next(i for i, move in enumerate(deal.history) if str(move) == "pass")
    reason = states[k].explain("pass")
    assert reason.legal and "must pass" in reason.reason

    panel = open_and_run_all(page, copy_notebook(LESSONS / "01_badam_satti.ipynb"))
    moves = panel.locator(".widget-readout")  # the 'move' slider of each stepper
    expect()(moves).to_have_count(2)
    expect()(moves.nth(0)).to_have_text("0")  # no later cell moved the lesson's first stepper
    expect()(moves.nth(1)).to_have_text(str(k), timeout=STEP_TIMEOUT)
    second = panel.locator(".jp-OutputArea-output").filter(
        has=page.locator(".widget-readout")).nth(1)
    button(second, "next").click()
    expect()(moves.nth(1)).to_have_text(str(k + 1), timeout=STEP_TIMEOUT)
    passer = states[k].to_move
    expect()(second).to_contain_text(f"Seat {passer} passes", timeout=STEP_TIMEOUT)
    expect()(second).to_contain_text(f"Seat {passer} must pass")  # forced, and why
    expect()(second).to_contain_text("BS-MOVE-4")
    to_top(second)
    shot(page, "lesson_lab_1280x900_01_forced_pass")
    assert raw_text_on_screen(page) == []


# --- 05_badugi_hands: the ranker -------------------------------------------------------------------

def _expect_ranked(result: Any, hand: str) -> None:
    value, place = evaluate(hand), standing(hand)
    expect()(result.locator("b[data-class-index]")).to_have_attribute(
        "data-class-index", str(value.class_index), timeout=STEP_TIMEOUT)
    expect()(result.locator("b[data-words]")).to_have_text(value.words())
    expect()(result.locator("td[data-beaten-by]")).to_have_attribute("data-beaten-by",
                                                                      str(place.beaten_by))
    expect()(result.locator("td[data-beaten-by]")).to_contain_text(
        f"{place.beaten_by:,} of 270,725")
    counting = {c.text for c in value.counting_cards}
    for card in value.cards:
        row = result.locator(f'tr[data-card="{card.text}"]')
        expect()(row).to_have_attribute("data-counts", str(card.text in counting).lower())


def _rank_hands(page: Any, root: Any, shot: Shot, where: str) -> None:
    result = root.locator(".rb-ranker-result").first
    text_box = root.locator(".widget-text").filter(has_text="Hand").locator("input").first
    _expect_ranked(result, "KC 2C 3D 4H")
    for hand, how in (("9C TD JH KS", "enter"), ("AC 2C 3H 4S", "rank")):
        text_box.fill(hand)
        if how == "enter":
            text_box.press("Enter")
        else:
            button(root, "Rank").first.click()
        _expect_ranked(result, hand)
        to_top(text_box)
        shot(page, f"{where}_05_ranked_{hand.replace(' ', '_')}")


def test_badugi_ranker_in_voila(page: Any, copy_notebook: Callable[..., str],
                                open_voila: Callable[..., Any], shot: Shot) -> None:
    _size(page, "1024x768")
    body = open_voila(page, copy_notebook(LESSONS / "05_badugi_hands.ipynb"))
    _rank_hands(page, body, shot, "lesson_voila_1024x768")
