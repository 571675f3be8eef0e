"""The classroom stepper in a real browser, in JupyterLab and in Voila, at 1024×768 and 1280×900.

The test notebook (``notebooks/classroom_stepper.ipynb``) shows
``DealStepper(load_rules("badam-satti"), play=True, seed=2)``: classroom mode, play mode, seat 0.
What it must show is computed here by the same stepper built without a browser.

- your hand is the row of card buttons in the seats table, visible without scrolling (every
  card button's box inside the viewport, the stepper's top at the top of the screen), also in
  large print; no second picture of your hand;
- a refused card: the engine's reason appears right under the hand, the card is marked, the
  position does not change;
- a lit card: it is played, the computer players answer, your hand is shown again in view;
- the record box is hidden until "load a record" is switched on;
- no clause-id tuple, ``Row(`` or Python class name on screen.

Screenshots: ``test-output/screenshots/classroom_{lab,voila}_{size}_*.png``.
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
    raw_text_on_screen,
    to_top,
)

from rulebook import load_rules  # noqa: E402
from rulebook.html import hand_order  # noqa: E402

NOTEBOOK = Path(__file__).parent / "notebooks" / "classroom_stepper.ipynb"

Shot = Callable[[Any, str], Any]


class Mirror:
    """The notebook's stepper, built here without a browser: what the page must show."""

    def __init__(self) -> None:
        from widgets import DealStepper

        self.stepper = DealStepper(load_rules("badam-satti"), play=True, seed=2)
        assert self.stepper.state.to_move == 0

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
    """The card buttons are seat 0's hand, in hand order, the legal ones lit."""
    hand = hand_order(state.hand(0))
    expect()(_hand(root)).to_have_text([exact(c.pretty()) for c in hand], timeout=STEP_TIMEOUT)
    legal = state.legal_play_mask() if state.to_move == 0 else 0
    expect()(root.locator(".rb-handbox .rb-cardbtn.mod-primary")).to_have_text(
        [exact(c.pretty()) for c in hand if legal & c.mask], timeout=STEP_TIMEOUT)


def _check_classroom(page: Any, root: Any, shot: Shot, where: str) -> None:
    mirror = Mirror()
    first = button(root, "first")
    expect()(first).to_have_count(1)
    to_top(first)
    _expect_hand(root, mirror.state)
    shot(page, f"{where}_start")
    assert in_viewport(page, _hand(root)) == [], "the hand is not all in view"
    # the hand is drawn once: as buttons, never again as pictures of cards in a hand
    hand_texts = {c.text for c in mirror.state.hand(0)}
    pictures = set(root.locator(".rb-hand [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    assert not hand_texts & pictures, hand_texts & pictures
    # the record box waits behind its switch
    expect()(root.locator(".widget-textarea")).to_be_hidden()
    assert raw_text_on_screen(page) == []

    # a refused card: the reason right under the hand, the card marked, nothing played
    card = mirror.card(legal=False)
    why = mirror.state.explain(card.text)
    button(root, card.pretty()).click()
    message = root.locator(".rb-handbox .rb-reason.rb-bad")
    expect()(message).to_contain_text(why.reason, timeout=STEP_TIMEOUT)
    expect()(message).to_contain_text(", ".join(why.clauses))
    expect()(root.locator(".rb-handbox .rb-cardbtn.mod-danger")).to_have_text(exact(card.pretty()))
    hand_box = _hand(root).last.bounding_box()
    message_box = message.bounding_box()
    assert 0 <= message_box["y"] - (hand_box["y"] + hand_box["height"]) < 120, \
        (hand_box, message_box)  # right under the hand, not at the top
    assert in_viewport(page, message) == []
    _expect_hand(root, mirror.state)
    shot(page, f"{where}_refused_{card.text}")
    # the stepper alone, for the README (docs/classroom.png)
    root.locator(".rb-classroom").screenshot(
        path=str(Path(shot(page, f"{where}_page")).with_name(f"{where}_widget.png")))

    # a lit card: played, the computer players answer, the hand comes back in view
    card = mirror.card(legal=True)
    button(root, card.pretty()).click()
    assert mirror.stepper.play(card.text)
    _expect_hand(root, mirror.state)
    expect()(message).to_have_count(0)
    expect()(root.locator(".rb-state .rb-rows")).to_contain_text(card.pretty())
    expect()(root.locator(".rb-side")).to_contain_text("The computer players answered")
    assert in_viewport(page, _hand(root)) == []
    shot(page, f"{where}_played_{card.text}")

    # large print: bigger cards, the hand still in view
    small = _hand(root).first.bounding_box()["height"]
    button(root, "large print").click()
    expect()(root.locator(".rb-classroom.rb-large")).to_have_count(1)
    page.wait_for_function("h => document.querySelector('.rb-handbox .rb-cardbtn')"
                           ".getBoundingClientRect().height > h * 1.25", arg=small)
    to_top(first)
    shot(page, f"{where}_large_print")
    assert in_viewport(page, _hand(root)) == [], "large print pushed the hand out of view"
    assert raw_text_on_screen(page) == []

    # the record box: shown by its switch
    button(root, "load a record").click()
    expect()(root.locator(".widget-textarea")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_classroom_stepper_in_voila(page: Any, copy_notebook: Callable[..., str],
                                    open_voila: Callable[..., Any], shot: Shot, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    body = open_voila(page, copy_notebook(NOTEBOOK))
    _check_classroom(page, body, shot, f"classroom_voila_{size}")


@pytest.mark.parametrize("size", SIZES)
def test_classroom_stepper_in_jupyterlab(page: Any, copy_notebook: Callable[..., str],
                                         open_and_run_all: Callable[..., Any], shot: Shot,
                                         size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    panel = open_and_run_all(page, copy_notebook(NOTEBOOK))
    _check_classroom(page, panel, shot, f"classroom_lab_{size}")
