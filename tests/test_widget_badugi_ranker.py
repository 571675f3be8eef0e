"""The Badugi ranker widget, driven headless through its controls; every assertion reads what
the widget SHOWS (the .value of its HTML widgets) and checks it against the engine."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from rulebook.games.badugi import evaluate, explain_comparison, standing  # noqa: E402
from rulebook.diagrams import find_dot  # noqa: E402
from rulebook.errors import CardError  # noqa: E402
from widgets import BadugiRanker  # noqa: E402

EX1 = ["AC 2D 3H 4S", "KC 2C 3D 4H", "AC 2C 3H 4S", "KC QD JH AC", "AC AS 3H 3D",
       "KC QC KD QD", "2H 5H 9H KH"]

EX2 = [  # first, second, result (-1: first wins), deciding step
    ("AC 2D 3H 4S", "AC 2D 3H 5S", -1, "rank"),
    ("9C TD JH KS", "AC 2C 3H 4S", -1, "count"),
    ("8C 7D 6H 6S", "AC AD 5H 9S", -1, "rank"),
    ("KC 2C 3D 4H", "AD 5C 6H 6S", -1, "rank"),
    ("KC QC KD QD", "2H 5H 9H KH", -1, "count"),
    ("AC 2D 3H 4S", "AS 2H 3D 4C", 0, "tie"),
]

BAD = ["AC 2D 3H", "AC 2D 3H 4S 5C", "AC 2D 3H AC", "AC 2D 3H ZZ", "hello", ""]


@pytest.fixture(scope="module")
def ranker_factory():  # type: ignore[no-untyped-def]
    def make(**kw):  # type: ignore[no-untyped-def]
        kw.setdefault("show_diagram", False)
        return BadugiRanker(**kw)
    return make


def shown_class(r: BadugiRanker) -> int:
    m = re.search(r"data-class-index='(\d+)'", r.result.value)
    assert m, r.result.value
    return int(m.group(1))


def shown_beaten_by(r: BadugiRanker) -> int:
    m = re.search(r"data-beaten-by='(\d+)'", r.result.value)
    assert m
    return int(m.group(1))


def shown_words(r: BadugiRanker) -> str:
    m = re.search(r"<b data-words>([^<]*)</b>", r.result.value)
    assert m
    return m.group(1)


def shown_counting(r: BadugiRanker) -> set[str]:
    return set(re.findall(r'data-card="(\w\w)" data-counts="true"', r.result.value))


def shown_not_counting(r: BadugiRanker) -> set[str]:
    return set(re.findall(r'data-card="(\w\w)" data-counts="false"', r.result.value))


def type_hand(r: BadugiRanker, text: str) -> None:
    r.hand_text.value = text
    r.rank_button.click()


def pick(r: BadugiRanker, cards: str) -> None:
    """Un-pick everything, then pick the given cards one by one (as a learner clicks)."""
    for button in r.card_buttons.values():
        if button.value:
            button.value = False
    for text in cards.split():
        r.card_buttons[text].value = True


@pytest.mark.clause("BDG-EX-1", "BDG-RANK-2", "BDG-RANK-4")
@pytest.mark.parametrize("hand", EX1)
def test_typed_hand_shows_the_engines_class_words_counting_cards_and_standing(ranker_factory, hand):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="KS KH KD KC")
    type_hand(r, hand)
    value = evaluate(hand)
    st = standing(hand)
    assert shown_class(r) == value.class_index
    assert shown_words(r) == value.words()
    assert shown_beaten_by(r) == st.beaten_by
    assert f"data-ties='{st.ties}'" in r.result.value
    assert f"data-percentile='{st.percentile:.2f}'" in r.result.value
    assert shown_counting(r) == {c.text for c in value.counting_cards}
    assert shown_not_counting(r) == {c.text for c in value.discards}
    # marked by words and a check mark, not colour alone
    assert r.result.value.count("✓ counts") == value.count
    assert r.result.value.count("✗ does not count") == 4 - value.count
    # every explanation line is shown
    for line in value.explain().lines:
        assert line.replace("'", "&#x27;") in r.result.value
    assert "rb-reason rb-bad" not in r.message.value


def test_the_why_column_gives_each_discard_its_sentence_and_clause_ids(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory()
    type_hand(r, "KC 2C 3D 4H")
    row = re.search(r'<tr data-card="KC" data-counts="false">(.*?)</tr>', r.result.value)
    assert row
    assert "K♣ does not count: it shares clubs with 2♣, and keeping 2♣ gives the lower hand" \
        in row.group(1)
    assert '<small class="rb-clauses">BDG-RANK-3, BDG-RANK-2</small>' in row.group(1)
    type_hand(r, "AC AS 3H 3D")
    row = re.search(r'<tr data-card="AS" data-counts="false">(.*?)</tr>', r.result.value)
    assert row and '<small class="rb-clauses">BDG-RANK-7, BDG-RANK-2</small>' in row.group(1)


def test_enter_in_the_text_box_ranks_without_the_button(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory()
    r.hand_text.value = "10h 2♦ 3s ac"     # other text forms the engine reads
    assert shown_class(r) == evaluate("TH 2D 3S AC").class_index
    assert r.value.words() == "badugi 10-3-2-A"


@pytest.mark.parametrize("hand", ["KC 2C 3D 4H", "AC AS 3H 3D", "9C TD JH KS", "2H 5H 9H KH"])
def test_picker_clicks_give_the_same_result_as_typing(ranker_factory, hand):  # type: ignore[no-untyped-def]
    typed = ranker_factory()
    type_hand(typed, hand)
    picked = ranker_factory()
    pick(picked, hand)
    assert shown_class(picked) == shown_class(typed) == evaluate(hand).class_index
    assert shown_beaten_by(picked) == shown_beaten_by(typed)
    assert shown_counting(picked) == shown_counting(typed)
    # the text box follows the picker, and picked cards carry a check mark
    assert set(picked.hand_text.value.split()) == set(hand.split())
    assert {t for t, b in picked.card_buttons.items() if b.icon == "check"} == set(hand.split())


def test_typing_moves_the_picker_to_the_typed_cards(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory()
    type_hand(r, "KC QD JH AC")
    assert {t for t, b in r.card_buttons.items() if b.value} == {"KC", "QD", "JH", "AC"}


def test_picking_fewer_than_four_keeps_the_shown_hand_and_says_how_many_more(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S")
    before = r.result.value
    r.card_buttons["4S"].value = False
    assert "pick 1 more" in r.message.value
    assert r.result.value == before and shown_class(r) == 0


def test_a_fifth_picked_card_is_refused_with_the_engines_message(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S")
    before = r.result.value
    r.card_buttons["5C"].value = True
    assert r.card_buttons["5C"].value is False           # un-toggled again
    assert "rb-reason rb-bad" in r.message.value
    assert "a Badugi hand has exactly four cards; 5 were given" in r.message.value
    assert r.result.value == before
    assert sum(b.value for b in r.card_buttons.values()) == 4


@pytest.mark.parametrize("bad", BAD)
def test_bad_text_shows_the_card_error_and_changes_nothing(ranker_factory, bad):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="KC 2C 3D 4H", other="AC 2D 3H 4S")
    shown = (r.result.value, r.comparison_html.value, r.nearby.value)
    picked = {t for t, b in r.card_buttons.items() if b.value}
    with pytest.raises(CardError) as engine:
        evaluate(bad)
    type_hand(r, bad)
    assert "rb-reason rb-bad" in r.message.value
    assert str(engine.value).replace("'", "&#x27;") in r.message.value
    assert "Traceback" not in r.message.value
    assert (r.result.value, r.comparison_html.value, r.nearby.value) == shown
    assert {t for t, b in r.card_buttons.items() if b.value} == picked
    assert r.value.class_index == evaluate("KC 2C 3D 4H").class_index
    # fixing the input clears the error
    type_hand(r, "AC 2D 3H 4S")
    assert "rb-reason rb-bad" not in r.message.value and shown_class(r) == 0


@pytest.mark.clause("BDG-EX-2", "BDG-RANK-5", "BDG-RANK-6", "BDG-RANK-7")
@pytest.mark.parametrize("first,second,result,step", EX2)
def test_BDG_EX_2_comparison_shows_the_deciding_step(ranker_factory, first, second, result, step):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand=first)
    r.other_text.value = second
    r.compare_button.click()
    cmp = explain_comparison(first, second)
    assert (cmp.result, cmp.step) == (result, step)
    shown = r.comparison_html.value
    assert f"data-step='{step}'" in shown and f"data-result='{result}'" in shown
    assert cmp.reason in shown
    # the clause ids small and last, after the reason
    assert shown.rstrip().endswith(f'<small class="rb-clauses">{", ".join(cmp.clauses)}</small></div>')
    verdict = {-1: "The first hand wins.", 0: "The two hands tie.", 1: "The second hand wins."}
    assert verdict[result] in shown
    # swapping the hands swaps the verdict
    r2 = ranker_factory(hand=second, other=first)
    assert f"data-result='{-result}'" in r2.comparison_html.value


def test_rank_step_says_where_it_was_decided(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="8C 7D 6H 6S", other="AC AD 5H 9S")
    assert "data-position='0'" in r.comparison_html.value
    assert "decided at rank 1 from the highest" in r.comparison_html.value


def test_bad_second_hand_keeps_the_comparison_and_clear_removes_it(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S", other="AC 2D 3H 5S")
    shown = r.comparison_html.value
    r.other_text.value = "AC 2D 3H 5S 6S"
    assert "rb-reason rb-bad" in r.message.value and "5 were given" in r.message.value
    assert r.comparison_html.value == shown and r.other_value is not None
    r.clear_other_button.click()
    assert "data-step='none'" in r.comparison_html.value and r.other_value is None
    assert r.other_text.value == ""


def test_picker_can_set_the_second_hand(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S")
    r.picker_target.value = "other"
    assert not any(b.value for b in r.card_buttons.values())   # no second hand yet
    for text in "AS 2H 3D 4C".split():
        r.card_buttons[text].value = True
    assert "data-step='tie'" in r.comparison_html.value
    assert set(r.other_text.value.split()) == {"AS", "2H", "3D", "4C"}
    assert shown_class(r) == 0                                     # first hand untouched
    r.picker_target.value = "hand"
    assert {t for t, b in r.card_buttons.items() if b.value} == {"AC", "2D", "3H", "4S"}


def test_nearby_table_holds_the_current_class_highlighted(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S", before=3, after=3)
    type_hand(r, "KC 2C 3D 4H")
    cls = evaluate("KC 2C 3D 4H").class_index
    rows = re.findall(r'<tr( class="rb-here")? data-class-index="(\d+)"><td>([^<]*)</td>', r.nearby.value)
    assert [int(i) for _, i, _ in rows] == list(range(cls - 3, cls + 4))
    marked = [(int(i), mark) for here, i, mark in rows if here]
    assert marked == [(cls, "▶ this hand")]
    row = re.search(rf'data-class-index="{cls}">(.*?)</tr>', r.nearby.value)
    assert row and evaluate("KC 2C 3D 4H").words() in row.group(1)
    # a second hand close by is marked too
    r.other_text.value = "KC 3C 2D 4H"   # same class: ties
    assert "▶ this hand ▷ second hand" in r.nearby.value
    # at the very top the table starts at class 0
    type_hand(r, "AC 2D 3H 4S")
    first = re.search(r'data-class-index="(\d+)"', r.nearby.value)
    assert first and first.group(1) == "0" and 'class="rb-here" data-class-index="0"' in r.nearby.value


@pytest.mark.parametrize("background", [True, False])
def test_diagram_is_shown_or_its_fallback(ranker_factory, background):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2C 3H 4S", show_diagram=True, draw_in_background=background)
    r.wait_for_diagram()
    shown = r.diagram_html.value
    if find_dot() is None:
        assert "rulebook-diagram-source" in shown and "same suit ♣" in shown
    else:
        assert "<svg" in shown and "same suit ♣" in shown and "does not count" in shown
    type_hand(r, "KC QC KD QD")
    r.wait_for_diagram()
    assert "same rank K" in r.diagram_html.value and "Drawing" not in r.diagram_html.value
    r.show_diagram.value = False
    assert r.diagram_html.value == ""
    r.show_diagram.value = True        # drawn before: shown at once from the cache
    assert "same rank K" in r.diagram_html.value


def test_a_late_drawing_never_replaces_a_newer_hand(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory(hand="AC 2D 3H 4S", show_diagram=True, draw_in_background=True)
    type_hand(r, "KC QC KD QD")
    type_hand(r, "2H 5H 9H KH")
    r.wait_for_diagram()
    assert "same suit ♥" in r.diagram_html.value and "same rank K" not in r.diagram_html.value


def test_displays_as_a_widget(ranker_factory):  # type: ignore[no-untyped-def]
    r = ranker_factory()
    bundle = r._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert r.picker in r.widget.children and len(r.picker.children) == 52
    assert all(b.tooltip for b in r.card_buttons.values())
    assert r.rank_button.tooltip and r.compare_button.tooltip


def test_bad_starting_hand_is_refused() -> None:
    with pytest.raises(CardError, match="exactly four cards"):
        BadugiRanker(hand="AC 2D")


def test_the_ranker_needs_no_pandas() -> None:
    """With pandas missing, the ranker still draws every table (plain HTML)."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pandas'] = None\n"
            "from widgets import BadugiRanker\n"
            "r = BadugiRanker('AC 2D 3H 5S')\n"
            "assert 'badugi 5-3-2-A' in r.nearby.value and 'data-class-index' in r.nearby.value\n"
            "assert 'pandas' not in sys.modules or sys.modules['pandas'] is None\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
