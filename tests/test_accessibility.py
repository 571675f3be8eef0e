"""Accessibility without a browser: what the widgets and the HTML give a screen reader.

- Every card button of the stepper's hand is named (:func:`widgets.render.card_button_name`,
  the same rule the page script applies) "<card in words>, playable" exactly when the engine
  says the card may be played now, "…, not playable" otherwise; the Badugi picker's cards are
  toggles named by their card.
- A face-down hand is one picture named "12 hidden cards"; its backs are hidden from a screen
  reader.  A card drawn as HTML is named in words.
- The seats grid is built row by row (a header row, then one row per seat, as many cells).
- The refusal and the computer's replies sit in live regions (class ``rb-live``).
- The four-colour switch puts ``rb-four`` on the stepper; every card button carries its suit.
- The page script carries every card's name from ``Card.name()`` and runs from an image's
  ``onerror`` (a ``<script>`` in an HTML widget never runs).
- The colours of cards, marks and small print pass WCAG AA contrast (4.5:1) on their
  backgrounds, in the widgets' CSS and the class table's.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulebook import load_rules  # noqa: E402
from rulebook.cards import ALL_CARDS, Card  # noqa: E402
from rulebook.html import STYLE, card_html, face_down_html, legal_card_mask, state_html  # noqa: E402
from widgets import DealStepper  # noqa: E402
from widgets.badugi_ranker import BadugiRanker  # noqa: E402
from widgets.render import A11Y_HTML, A11Y_SCRIPT, CARD_NAMES, card_button_name  # noqa: E402
from widgets.stepper import CLASSROOM_STYLE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CLASSROOM_CSS = (ROOT / "rulebook" / "classroom" / "static" / "classroom.css").read_text()


def _stepper(seed: int) -> DealStepper:
    return DealStepper(load_rules("badam-satti"), seed=seed, play=True, seat=0)


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 11])
def test_card_buttons_say_the_card_and_whether_the_engine_lets_it_be_played(seed: int) -> None:
    st = _stepper(seed)
    state = st.state
    assert state is not None and st.card_buttons
    mine = state.to_move == st.human and not state.is_over
    lit = legal_card_mask(state) if mine else 0
    for button in st.card_buttons:
        card = next(c for c in ALL_CARDS if c.pretty() == button.description)
        want = card.name() + (", playable" if lit & card.mask else ", not playable")
        assert card_button_name(button) == want
        assert button.description == card.pretty()  # what is seen stays the symbol
    # a deal with something playable and something not shows both names
    names = {card_button_name(b).rsplit(", ", 1)[-1] for b in st.card_buttons}
    if lit and len(st.card_buttons) > bin(lit).count("1"):
        assert names == {"playable", "not playable"}


def test_names_follow_the_play_and_the_end_of_the_deal() -> None:
    st = _stepper(5)
    for _ in range(60):
        state = st.state
        assert state is not None
        if state.is_over:
            break
        lit = legal_card_mask(state) if state.to_move == st.human else 0
        playable = {b.description for b in st.card_buttons
                    if card_button_name(b).endswith(", playable")}
        assert playable == {c.pretty() for c in ALL_CARDS if lit & c.mask}
        lit_buttons = [b for b in st.card_buttons if b.icon == "check"]
        if lit_buttons:
            lit_buttons[0].click()
        else:
            st.click_action("pass")
    assert st.state is not None and st.state.is_over
    assert all(card_button_name(b).endswith("not playable") for b in st.card_buttons)


def test_the_badugi_picker_says_whether_a_card_is_picked() -> None:
    ranker = BadugiRanker()
    assert card_button_name(ranker.card_buttons["7H"]) == "seven of hearts"
    # a toggle: named by its card, picked or not (the page script sets aria-pressed)
    picked = next(b for b in ranker.card_buttons.values() if b.value)
    assert card_button_name(picked) == CARD_NAMES[picked._dom_classes[-1][5:]]
    assert all("rb-pickbtn" in b._dom_classes for b in ranker.card_buttons.values())
    assert card_button_name(ranker.rank_button) == ""  # not a card


def test_a_face_down_hand_reads_as_its_number_of_hidden_cards() -> None:
    for compact in (True, False):
        text = face_down_html(12, compact=compact)
        assert re.search(r'role="img" aria-label="12 hidden cards"', text), text
        assert text.count('aria-hidden="true"') == 12 == text.count("rb-back")
    assert 'aria-label="1 hidden card"' in face_down_html(1, compact=True)
    state = load_rules("badam-satti").new_deal(players=4, seed=2)
    shown = state_html(state, seats=0)
    for seat in (1, 2, 3):
        assert f'aria-label="{len(state.hands[seat])} hidden cards"' in shown


def test_a_card_in_html_is_named_in_words() -> None:
    assert 'aria-label="seven of hearts"' in card_html("7H")
    assert 'aria-label="ten of spades, playable"' in card_html("TS", legal=True)
    assert "rb-s-H" in card_html("7H") and "rb-s-C" in card_html("2C")


def test_the_seats_grid_is_built_row_by_row() -> None:
    st = _stepper(2)
    rows = st.seats_grid.children
    assert len(rows) == 5
    assert all("rb-row" in r._dom_classes for r in rows)
    assert "rb-headrow" in rows[0]._dom_classes
    heads = [c.value for c in rows[0].children]
    assert heads[0] == "seat" and heads[-1] == "hand"
    assert all(len(r.children) == len(heads) for r in rows)
    assert st.hand_area in rows[1 + st.human].children
    assert "rb-keys" in st.hand_area._dom_classes


def test_refusals_and_replies_are_live_regions() -> None:
    st = _stepper(3)
    assert "rb-live" in st.message._dom_classes and "rb-live" in st.replies._dom_classes
    state = st.state
    assert state is not None
    unplayable = next(b for b in st.card_buttons if card_button_name(b).endswith("not playable"))
    unplayable.click()
    assert "Not played" in st.message.value


def test_the_four_colour_switch_marks_the_stepper_and_every_card_has_its_suit() -> None:
    st = _stepper(11)
    assert "rb-four" not in st.widget._dom_classes and not st.four_colour
    st.four_colour_toggle.value = True
    assert "rb-four" in st.widget._dom_classes and st.four_colour
    st.four_colour = False
    assert "rb-four" not in st.widget._dom_classes
    for button in st.card_buttons:
        card = next(c for c in ALL_CARDS if c.pretty() == button.description)
        assert f"rb-s-{card.text[-1]}" in button._dom_classes
    for suit, colour in (("D", "#1a56b0"), ("C", "#1b7332")):
        assert f".rb-four .rb-s-{suit}{{color:{colour}}}" in STYLE
        assert f".rb-four .jupyter-button.rb-cardbtn.rb-s-{suit}{{color:{colour}}}" in CLASSROOM_STYLE
        assert f".four .suit-{suit} {{ color: {colour}; }}" in CLASSROOM_CSS


def test_the_page_script_runs_from_an_image_and_knows_every_card() -> None:
    assert "<script" not in A11Y_HTML
    match = re.fullmatch(r'<img class="rb-a11y" alt="" hidden src="" onerror="(.*)">', A11Y_HTML,
                         re.S)
    assert match, A11Y_HTML[:200]
    script = html.unescape(match.group(1))
    names = json.loads(re.search(r"var NAMES = (\{.*?\});", script).group(1))
    assert names == CARD_NAMES == {c.text: c.name() for c in ALL_CARDS}
    assert len(names) == 52 and names["TS"] == "ten of spades"
    assert "%NAMES%" in A11Y_SCRIPT and "%NAMES%" not in script
    for part in ("aria-label", "role', 'status'", "'columnheader'", "ArrowRight", "'Home'"):
        assert part in script
    assert Card("7H").name() == "seven of hearts"


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_helper_is_wcag_s() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777", "#fff") < 4.5 < contrast("#595959", "#fff")


@pytest.mark.parametrize("css, rule, background", [
    (STYLE, r"\.rb-red\{color:(#\w+)\}", "#fff"),
    (STYLE, r"\.rb-four \.rb-s-D\{color:(#\w+)\}", "#fff"),
    (STYLE, r"\.rb-four \.rb-s-C\{color:(#\w+)\}", "#fff"),
    (STYLE, r"\.rb-legal::before\{[^}]*color:(#\w+)", "#fff"),
    (STYLE, r"\.rb-clauses\{color:(#\w+)", "#f4f8fe"),   # in a reason box
    (STYLE, r"\.rb-clauses\{color:(#\w+)", "#fdf3f4"),   # in a refusal box
    (STYLE, r"\.rb-back\{color:(#\w+)", "#d9d9e6"),     # "??" on the darker stripe
    (CLASSROOM_STYLE, r"\.rb-cardbtn\.rb-red\{color:(#\w+)\}", "#fdf3f4"),  # a refused card
    (CLASSROOM_CSS, r"\.red \{ color: (#\w+); \}", "#f4f4f4"),  # an unplayable card
    (CLASSROOM_CSS, r"\.four \.suit-D \{ color: (#\w+); \}", "#f4f4f4"),
    (CLASSROOM_CSS, r"\.four \.suit-C \{ color: (#\w+); \}", "#ffe9a8"),  # a picked card
    (CLASSROOM_CSS, r"\.clauses \{ color: (#\w+);", "#fff"),
    (CLASSROOM_CSS, r"\.hand button\.card\.legal::before \{[^}]*color: (#\w+);", "#fff"),
])
def test_text_colours_pass_wcag_aa(css: str, rule: str, background: str) -> None:
    colour = re.search(rule, css)
    assert colour, rule
    assert contrast(colour.group(1), background) >= 4.5, (colour.group(1), background)


def test_the_focus_ring_is_thick_and_dark() -> None:
    ring = re.search(r"jupyter-button:focus-visible[^{]*\{outline:(\d)px solid (#\w+)", STYLE)
    assert ring and int(ring.group(1)) >= 2 and contrast(ring.group(2), "#fff") >= 3
    ring = re.search(r":focus-visible \{ outline: (\d)px solid (#\w+)", CLASSROOM_CSS)
    assert ring and int(ring.group(1)) >= 2 and contrast(ring.group(2), "#fff") >= 3
