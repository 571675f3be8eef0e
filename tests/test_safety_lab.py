"""The variant lab refuses what it cannot use in short words, its boxes always show what a
run will use, an engine failure is said in a learner's words, and its tables scroll inside
their own box instead of spilling out of a narrow notebook.

Each test here failed on the code before the fix it guards (issue 21).
"""
from __future__ import annotations

import re
from html import unescape

import pytest

import rulebook
import rulebook.simulation
from rulebook.errors import RulesError
from widgets import VariantLab
from widgets import lab as lab_module
from widgets.lab import MAX_DEALS


def visible(html: str) -> str:
    """The text a learner sees in a widget's HTML (no style sheet, no tags)."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _lab(profile: str = "sevens", **kwargs) -> VariantLab:
    return VariantLab(profile, background=False, **kwargs)


@pytest.mark.parametrize("deals", [10 ** 5000, 10 ** 12, rulebook.simulation.MAX_DEALS + 1],
                         ids=["5001 digits", "10**12", "MAX_DEALS+1"])
def test_a_number_of_deals_no_run_plays_is_refused_in_short(deals: int) -> None:
    with pytest.raises(RulesError) as info:
        _lab(deals=deals)
    text = str(info.value)
    assert len(text) < 200 and "00000000000000000000" not in text
    assert f"0 to {MAX_DEALS:,} deals" in text


def test_a_large_number_of_deals_is_lowered_and_said() -> None:
    lab = _lab(deals=10 ** 8)
    assert lab.deals.value == MAX_DEALS
    assert "100,000,000 became 20,000" in visible(lab.deals_note.value)


@pytest.mark.parametrize("background", ["no", "", 1, 0, 1.0, [], "False"])
def test_background_is_exactly_true_false_or_none(background: object) -> None:
    with pytest.raises(RulesError, match=r"background=.*expected True, False or None"):
        VariantLab("sevens", background=background)


def test_background_true_false_and_none_are_taken() -> None:
    assert VariantLab("sevens", background=False).background is False
    assert VariantLab("sevens", background=True).background is True
    assert VariantLab("sevens").background is False  # no kernel here


def test_a_long_text_in_the_stacks_box_is_not_echoed_whole() -> None:
    lab = _lab("badugi")
    lab.option_controls["stacks"].value = "x" * 5000
    shown = visible(lab.message.value)
    assert len(shown) < 700 and "x" * 200 not in shown
    lab.run_button.click()
    shown = visible(lab.message.value)
    assert len(shown) < 700 and "x" * 200 not in shown and "rb-bad" in lab.message.value


def test_a_huge_number_in_an_option_box_is_not_echoed_whole() -> None:
    lab = _lab("sevens")
    lab.option_controls["stack"].value = 10 ** 5000
    shown = visible(lab.message.value)
    assert "digits" in shown and len(shown) < 400


def test_the_deals_box_goes_back_when_a_number_is_refused() -> None:
    lab = _lab("sevens", deals=50)
    lab.deals.value = -3
    assert lab.deals.value == 50
    assert "−3" in visible(lab.deals_note.value) or "-3" in visible(lab.deals_note.value)
    assert "back at 50" in visible(lab.deals_note.value)
    lab.deals.value = 10 ** 5000
    assert lab.deals.value == MAX_DEALS
    note = visible(lab.deals_note.value)
    assert "digits" in note and len(note) < 400
    lab.deals.value = 30
    assert lab.deals.value == 30 and lab.deals_note.value == ""
    lab.run_button.click()
    assert lab.result is not None and lab.result.deals == 30


def test_the_seed_box_goes_back_when_a_seed_is_too_long() -> None:
    lab = _lab("sevens", deals=10, seed=4)
    lab.seed.value = 10 ** 1001
    assert lab.seed.value == 4
    note = visible(lab.deals_note.value)
    assert "back at 4" in note and "digits" in note and len(note) < 400
    lab.run_button.click()
    assert lab.result is not None and lab.result.seed == 4


def test_a_seed_argument_too_long_is_replaced_and_said() -> None:
    lab = _lab("sevens", seed=10 ** 1001)
    assert lab.seed.value == 0
    note = visible(lab.input_note.value)
    assert "seed=" in note and "digits" in note and len(note) < 400


def test_compare_mode_with_no_deals_says_so_in_words() -> None:
    lab = _lab("badam-satti", deals=0)
    lab.compare.value = "sevens_first"
    lab.run_button.click()
    shown = visible(lab.message.value)
    assert "needs at least one deal" in shown and "rb-bad" in lab.message.value
    assert not re.search(r"[A-Z][a-z]+Error|Exception|Traceback", shown)
    assert lab.comparison is None and not lab.run_button.disabled


def test_an_unexpected_failure_is_said_without_the_exception(monkeypatch) -> None:
    lab = _lab("sevens", deals=10)

    def broken(*args, **kwargs):
        raise ValueError("index 7 is out of bounds for axis 0 with size 4")

    monkeypatch.setattr(rulebook, "simulate", broken)
    lab.run_button.click()
    shown = visible(lab.message.value)
    assert "could not be played" in shown and "rb-bad" in lab.message.value
    assert "ValueError" not in shown and "axis 0" not in shown
    assert isinstance(lab.error, ValueError)


def test_the_tables_scroll_inside_their_own_box() -> None:
    lab = _lab("badam-satti", deals=40)
    lab.run_button.click()
    for html in (lab.summary.value, lab.design.value):
        assert '<div class="rb-lab-scroll"><table' in html
    lab.compare.value = "sevens_first"
    lab.run_button.click()
    assert lab.summary.value.count('<div class="rb-lab-scroll"><table') == 1
    css = lab_module._EXTRA_STYLE
    assert re.search(r"\.rb-lab-scroll\{max-width:100%;overflow-x:auto", css)
    assert "min-width:0" in css
