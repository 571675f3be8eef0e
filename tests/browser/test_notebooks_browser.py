"""The lesson notebooks in a real browser: JupyterLab (Run All) and Voila, driven by Playwright.

- ``00_start_here``: the deal stepper in play mode (classroom layout: seat 0's hand is its row
  of card buttons). ``first`` then ``next`` as far as it goes,
  each step showing the engine's position (move number, the suit rows, seat 0's hand); a click
  on a card the engine refuses shows ``state.explain(card).reason`` and changes nothing; a
  click on a lit card plays it and the computer players answer (the card leaves the hand and
  lands in a row).  In JupyterLab and in Voila.
- ``01_badam_satti``: the stepper over a finished deal, left by a later cell at the deal's
  first pass; ``next`` shows the pass with the engine's forced-pass reason, then more moves.
- ``05_badugi_hands``: the Badugi ranker; a hand typed (Enter) or ranked (the Rank button)
  shows the class index, the words and the number of hands that beat it exactly as
  ``rulebook.badugi.evaluate`` / ``standing`` give them.  In JupyterLab and in Voila.

What the page should show is computed here from the engine with the notebook's own seeds: the
finished deal of ``01`` by ``autoplay``; the positions of ``00``'s game by the same
:class:`widgets.DealStepper` built without a browser (its states are the engine's, checked
against ``autoplay``'s deal), every legality and reason by ``state.explain``.

Each step is saved by ``shot`` under ``test-output/screenshots/`` (``lab_00_*``, ``voila_00_*``,
``lab_01_*``, ``lab_05_*``, ``voila_05_*``); ``lab_00_stepper_widget.png`` is the stepper alone
(the picture in ``docs/stepper.png``).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from rulebook import load_rules
from rulebook.badugi import evaluate, standing
from rulebook.cards import Card
from rulebook.html import hand_order
from rulebook.protocol import autoplay

STEP_TIMEOUT = 20_000  # ms for the page to show the answer to one click

Shot = Callable[[Any, str], Any]


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def _exact(text: str) -> re.Pattern[str]:
    """A pattern matching an element whose whole text is ``text`` (icons add no text)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def _button(root: Any, text: str) -> Any:
    return root.locator(".widget-button").filter(has_text=_exact(text))


def _to_top(locator: Any) -> None:
    """Scroll ``locator`` to the top of its scrolling box (JupyterLab's notebook, Voila's page),
    so a screenshot shows the widget below it."""
    locator.first.evaluate("e => e.scrollIntoView({block: 'start'})")


def _data_cards(locator: Any) -> list[str]:
    return list(locator.evaluate_all("els => els.map(e => e.dataset.card)"))


def _mask_cards(mask: int) -> set[str]:
    return {c.text for c in hand_order(mask)}


# --- 00_start_here: the stepper in play mode ------------------------------------------------

class StartHereGame:
    """What ``00_start_here``'s stepper shows, computed without a browser.

    The notebook builds ``DealStepper(load_rules("badam-satti"), play=True, seed=2)`` and steps
    back once.  The same stepper is built here; the page is compared with its engine states.
    """

    def __init__(self) -> None:
        from widgets import DealStepper

        self.rules = load_rules("badam-satti")
        self.mirror = DealStepper(self.rules, play=True, seed=2)
        # The stepper's positions are the engine's: the computer players' moves up to seat 0's
        # first turn are those autoplay makes with the same bots and seed.
        reference = autoplay(self.rules.new_deal(players=4, seed=2), "smart", seed=2)
        shown = [str(m) for m in self.mirror.states[-1].history]
        assert shown == [str(m) for m in reference.history[:len(shown)]]
        assert self.mirror.states[-1].to_move == 0

    @property
    def state(self) -> Any:
        """The latest position (seat 0 to move)."""
        return self.mirror.states[-1]

    def illegal_card(self) -> Card:
        """A card of seat 0 the engine refuses now (the first in hand order)."""
        state = self.state
        for card in hand_order(state.hand(0)):
            if not state.explain(card.text).legal:
                return card
        pytest.fail(f"every card of seat 0 is legal at {state!r}: the test needs an illegal one")

    def legal_card(self) -> Card:
        """The first legal card of seat 0 in hand order."""
        legal = self.state.legal_play_mask()
        for card in hand_order(self.state.hand(0)):
            if legal & card.mask:
                return card
        pytest.fail(f"seat 0 has no legal card at {self.state!r}")

    def play(self, card: Card) -> None:
        """Play ``card`` for seat 0 in the mirror; the computer players answer as on the page."""
        assert self.mirror.play(card.text), self.mirror.message.value


def _expect_position(root: Any, state: Any, index: int) -> None:
    """The stepper's table shows ``state`` (the position after ``index`` moves): the move
    number, the suit rows, and seat 0's hand — the classroom stepper's card buttons, in the
    seats table, the legal ones lit."""
    expect = _expect()
    table = root.locator(".widget-html .rb-state")
    expect(table).to_have_count(1)
    expect(table.locator(".rb-note").first).to_contain_text(f"· move {index} ·", timeout=STEP_TIMEOUT)
    expect(root.locator(".widget-readout").first).to_have_text(str(index))  # the 'move' slider
    assert len(state.history) == index
    rows = _data_cards(table.locator(".rb-rows .rb-row [data-card]"))
    assert sorted(rows) == sorted(c.text for c in state.table), (index, rows, state.table)
    hand = root.locator(".rb-handbox .rb-cardbtn")
    expect(hand).to_have_text([_exact(c.pretty()) for c in hand_order(state.hand(0))],
                              timeout=STEP_TIMEOUT)
    lit = root.locator(".rb-handbox .rb-cardbtn.mod-primary")
    legal = state.legal_play_mask() if state.to_move == 0 else 0
    expect(lit).to_have_text([_exact(c.pretty()) for c in hand_order(state.hand(0))
                              if legal & c.mask], timeout=STEP_TIMEOUT)


CARD_TEXT = re.compile(r"^\s*(10|[2-9AJQK])[♣♦♥♠]\s*$")


def _expect_card_buttons(root: Any, state: Any) -> None:
    """Seat 0's card buttons show ``state``: its hand in hand order, the legal ones lit (✓).

    Wait for this before clicking a card: the buttons are a pool re-labelled after each move
    (button k shows the k-th card), and the table arrives before the buttons are re-labelled.
    A click on a stale label reaches the kernel as "button k", which is by then another card.
    """
    expect = _expect()
    buttons = root.locator(".widget-button").filter(has_text=CARD_TEXT)
    hand = hand_order(state.hand(0))
    expect(buttons).to_have_text([_exact(c.pretty()) for c in hand], timeout=STEP_TIMEOUT)
    lit = root.locator(".widget-button.mod-primary").filter(has_text=CARD_TEXT)
    legal = state.legal_play_mask() if state.to_move == 0 else 0
    expect(lit).to_have_text([_exact(c.pretty()) for c in hand if legal & c.mask],
                             timeout=STEP_TIMEOUT)
    expect(lit.locator(".fa-check")).to_have_count(len(_mask_cards(legal)))


def _expect_played(root: Any, game: StartHereGame) -> None:
    """After seat 0's card and the computer players' answers the page shows the new position
    (the table, the slider's number, the card buttons) and stays there: the slider's new
    maximum must reach the browser before its value, or the view clamps the value and sends
    it back as a step back."""
    index = len(game.state.history)
    _expect_position(root, game.state, index)
    _expect_card_buttons(root, game.state)
    _expect_position(root, game.state, index)  # still there once the buttons are drawn


def _play_start_here(page: Any, root: Any, shot: Shot, where: str) -> Any:
    """Drive ``00_start_here``'s stepper (Lab panel or Voila body ``root``); return the game."""
    expect = _expect()
    game = StartHereGame()
    states = game.mirror.states
    first, nxt = _button(root, "first"), _button(root, "next")
    expect(nxt).to_have_count(1)

    def snap(name: str) -> None:
        _to_top(first)  # the stepper's buttons at the top: message, table, hand below
        shot(page, f"{where}_00_{name}")
    # After Run All the stepper stands one move before seat 0's turn (the cell steps back).
    _expect_position(root, states[-2], len(states) - 2)
    expect(nxt).to_be_enabled()
    snap("after_run")

    first.click()
    _expect_position(root, states[0], 0)
    expect(first).to_be_disabled()
    seen = [root.locator(".widget-html .rb-state").inner_html()]
    clicks = 0
    while nxt.is_enabled():
        nxt.click()
        clicks += 1
        _expect_position(root, states[clicks], clicks)
        _expect_card_buttons(root, states[clicks])
        seen.append(root.locator(".widget-html .rb-state").inner_html())
        snap(f"next_{clicks}")
    assert clicks == len(states) - 1 >= 3, f"next was enabled for {clicks} clicks"
    assert len(set(seen)) == len(seen), "the table did not change after a click on next"
    expect(nxt).to_be_disabled()

    # Seat 0 to move: its card buttons are lit exactly for the engine's legal cards.
    _expect_card_buttons(root, game.state)

    # A card the engine refuses: its reason appears, the table stays as it was.
    card = game.illegal_card()
    explanation = game.state.explain(card.text)
    before = root.locator(".widget-html .rb-state").inner_html()
    _button(root, card.pretty()).click()
    message = root.locator(".rb-reason.rb-bad", has_text="Not played")
    expect(message).to_contain_text(explanation.reason, timeout=STEP_TIMEOUT)
    expect(message).to_contain_text("not legal")
    expect(message).to_contain_text(", ".join(explanation.clauses))
    assert root.locator(".widget-html .rb-state").inner_html() == before
    _expect_position(root, game.state, len(game.state.history))
    snap(f"illegal_{card.text}")

    # Two lit cards: each is played, the computer players answer, seat 0 is to move again.
    for turn in (1, 2):
        card = game.legal_card()
        _button(root, card.pretty()).click()
        game.play(card)
        _expect_played(root, game)
        expect(message).to_have_count(0)  # the old reason is gone
        assert card.text in _data_cards(root.locator(".widget-html .rb-state .rb-rows [data-card]"))
        snap(f"played_{turn}_{card.text}")

    # Mid-deal: a refused card again (the picture of the README).
    card = game.illegal_card()
    explanation = game.state.explain(card.text)
    _button(root, card.pretty()).click()
    expect(message).to_contain_text(explanation.reason, timeout=STEP_TIMEOUT)
    _expect_position(root, game.state, len(game.state.history))
    snap(f"mid_deal_illegal_{card.text}")
    return game


def test_start_here_stepper_in_jupyterlab(page: Any, copy_notebook: Callable[[str], str],
                                          open_and_run_all: Callable[..., Any], shot: Shot) -> None:
    name = copy_notebook("notebooks/00_start_here.ipynb")
    panel = open_and_run_all(page, name)
    # The last cell printed the engine's answers for SEED = 2.
    out = panel.locator(".jp-OutputArea-output").last.inner_text()
    assert "seat to move:" in out and "pass:" in out
    root = panel
    _play_start_here(page, root, shot, "lab")

    # The stepper alone mid-deal, the engine's reason above the table (docs/stepper.png): a
    # viewport tall enough for the whole widget, its output area scrolled to the top.
    page.set_viewport_size({"width": 1280, "height": 1400})
    stepper = panel.locator(".jp-OutputArea-output").filter(has=_button(page, "next"))
    _expect()(stepper).to_have_count(1)
    _to_top(stepper)
    _expect()(panel.locator(".rb-reason.rb-bad", has_text="Not played")).to_be_in_viewport()
    path = shot(page, "lab_00_stepper_page")
    stepper.screenshot(path=str(path.with_name("lab_00_stepper_widget.png")))


def test_start_here_stepper_in_voila(page: Any, copy_notebook: Callable[[str], str],
                                     open_voila: Callable[..., Any], shot: Shot) -> None:
    name = copy_notebook("notebooks/00_start_here.ipynb")
    body = open_voila(page, name)
    assert "DealStepper(" not in body.inner_text()  # Voila shows no code
    _play_start_here(page, body, shot, "voila")


# --- 01_badam_satti: a finished deal, stepped to its first pass ------------------------------

def test_badam_satti_stepper_shows_forced_pass_in_jupyterlab(
        page: Any, copy_notebook: Callable[[str], str], open_and_run_all: Callable[..., Any],
        shot: Shot) -> None:
    expect = _expect()
    rules = load_rules("badam-satti")
    deal = autoplay(rules.new_deal(players=4, seed=1), "smart", seed=1)
    states = deal.states()
    passes = [i for i, move in enumerate(deal.history) if str(move) == "pass"]
    assert passes, "the notebook's deal (seed 1) has a pass"
    k = passes[0]
    # the stepper's move box is a log of moves: it names the seat (voice="table")
    reason = states[k].explain("pass", voice="table")
    assert reason.legal and f"Seat {states[k].to_move} must pass" in reason.reason

    name = copy_notebook("notebooks/01_badam_satti.ipynb")
    panel = open_and_run_all(page, name)
    table = panel.locator(".widget-html .rb-state")
    expect(table).to_have_count(1)
    # A later cell moved the stepper to the position before the first pass (stepper.go(k)).
    expect(table.locator(".rb-note").first).to_contain_text(f"· move {k} ·", timeout=STEP_TIMEOUT)
    _to_top(_button(panel, "first"))
    shot(page, "lab_01_before_pass")

    nxt = _button(panel, "next")
    move_box = panel.locator(".widget-html").filter(has=page.locator(".rb-move"))
    seen = [table.inner_html()]
    for step in range(1, 4):
        index = k + step
        nxt.click()
        expect(table.locator(".rb-note").first).to_contain_text(f"· move {index} ·",
                                                                timeout=STEP_TIMEOUT)
        rows = _data_cards(table.locator(".rb-rows .rb-row [data-card]"))
        assert sorted(rows) == sorted(c.text for c in states[index].table)
        expect(move_box).to_contain_text(f"Move {index}:")
        if str(deal.history[index - 1]) == "pass":
            why = states[index - 1].explain("pass", voice="table")
            expect(move_box).to_contain_text(why.reason)
            expect(move_box).to_contain_text(", ".join(why.clauses))
        seen.append(table.inner_html())
        _to_top(_button(panel, "first"))
        shot(page, f"lab_01_next_{step}_move_{index}")
    assert len(set(seen)) == len(seen), "the table did not change after a click on next"
    # The step onto the first pass showed the forced-pass reason.
    assert str(deal.history[k]) == "pass"


# --- 05_badugi_hands: the ranker -------------------------------------------------------------

def _rank_hands(page: Any, root: Any, shot: Shot, where: str) -> None:
    expect = _expect()
    result = root.locator(".rb-ranker-result")
    expect(result).to_have_count(1)
    text_box = root.locator(".widget-text").filter(has_text="Hand").locator("input")
    expect(text_box).to_have_count(1)
    # The notebook starts the ranker on KC 2C 3D 4H.
    _expect_ranked(result, "KC 2C 3D 4H")
    _to_top(text_box)
    shot(page, f"{where}_05_ranker_start")

    for hand, how in (("9C TD JH KS", "enter"), ("AC 2C 3H 4S", "rank"), ("KC QC KD QD", "enter")):
        text_box.fill(hand)
        if how == "enter":
            text_box.press("Enter")
        else:
            _button(root, "Rank").click()
        _expect_ranked(result, hand)
        _to_top(text_box)
        shot(page, f"{where}_05_ranked_{hand.replace(' ', '_')}_by_{how}")


def _expect_ranked(result: Any, hand: str) -> None:
    expect = _expect()
    value, place = evaluate(hand), standing(hand)
    expect(result.locator("b[data-class-index]")).to_have_attribute(
        "data-class-index", str(value.class_index), timeout=STEP_TIMEOUT)
    expect(result.locator("b[data-words]")).to_have_text(value.words())
    expect(result.locator("td[data-beaten-by]")).to_have_attribute("data-beaten-by",
                                                                    str(place.beaten_by))
    expect(result.locator("td[data-beaten-by]")).to_contain_text(f"{place.beaten_by:,} of 270,725")
    expect(result.locator(".rb-ranker-num")).to_contain_text(f"class {value.class_index:,} of")
    # The picker shows the same four cards pressed (grid order: clubs, diamonds, hearts,
    # spades, each ace to king).
    picked = result.page.locator(".widget-toggle-button.mod-active").filter(has_text=CARD_TEXT)
    grid = hand_order(sum(c.mask for c in value.cards))
    expect(picked).to_have_text([_exact(c.pretty()) for c in grid])
    counting = {c.text for c in value.counting_cards}
    for card in value.cards:
        row = result.locator(f'tr[data-card="{card.text}"]')
        expect(row).to_have_attribute("data-counts", str(card.text in counting).lower())


def test_badugi_ranker_in_jupyterlab(page: Any, copy_notebook: Callable[[str], str],
                                     open_and_run_all: Callable[..., Any], shot: Shot) -> None:
    name = copy_notebook("notebooks/05_badugi_hands.ipynb")
    panel = open_and_run_all(page, name)
    _rank_hands(page, panel, shot, "lab")


def test_badugi_ranker_in_voila(page: Any, copy_notebook: Callable[[str], str],
                                open_voila: Callable[..., Any], shot: Shot) -> None:
    name = copy_notebook("notebooks/05_badugi_hands.ipynb")
    body = open_voila(page, name)
    _rank_hands(page, body, shot, "voila")
