"""The words a learner reads about Badugi (issue 21): no programmer words at the end of a
hand, ranks written as the cards show them (10, not T), no "not available" in the table
before anyone has drawn, and classes counted from 1 (1 is the best), written 1,092.
"""
from __future__ import annotations

import re

import pytest

from rulebook import load_rules
from rulebook.protocol import autoplay
from rulebook.games.badugi import (
    all_hands,
    class_frame,
    class_words,
    classes_near,
    evaluate,
    explain_comparison,
    standing,
)
from rulebook.games.badugi.explain import value_text
from rulebook.html import state_html

TEN_HAND = "TD 6C 5H AS"


def finished_hands(count: int = 12) -> list:  # type: ignore[type-arg]
    rules = load_rules("badugi")
    return [autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)
            for seed in range(count)]


@pytest.mark.clause("BDG-SHOW-2")
def test_a_hand_ends_without_programmer_words() -> None:
    for final in finished_hands():
        words = " ".join(final.outcome.lines) + " " + final.outcome.summary
        assert "conserved" not in words.lower()
        assert final.outcome.lines[-1].startswith("Final stacks:")
        assert final.outcome.chips_conserved  # the fact stays, for a program to check
        assert "conserved" not in state_html(final, seats=None).lower()


@pytest.mark.clause("BDG-RANK-6")
def test_ranks_read_as_the_cards_show_them() -> None:
    value = evaluate(TEN_HAND)
    assert value.words() == "badugi 10-6-5-A" and value.rank_text() == "10-6-5-A"
    assert "10♦" in str(value.explain())
    assert value_text(value.hand.mask) == "10-6-5-A badugi"
    assert class_words(value.class_index) == "badugi 10-6-5-A"
    assert classes_near(TEN_HAND, before=0, after=0)[0].words == "badugi 10-6-5-A"
    reason = explain_comparison(TEN_HAND, "JD 6C 5H AS").reason
    assert "where 10 is lower than J" in reason
    texts = [str(value.explain()), reason, standing(TEN_HAND).reason]
    for text in texts:
        assert not re.search(r"\bT\b", text), text


@pytest.mark.clause("BDG-RANK-6")
def test_no_rank_letter_t_in_any_class_words() -> None:
    rows = all_hands().class_table()
    assert not [row.words for row in rows if re.search(r"\bT\b", row.words)]
    assert sum("10" in row.words for row in rows) > 0


@pytest.mark.clause("BDG-SHOW-4")
def test_shown_hands_at_a_showdown_read_with_10() -> None:
    seen_ten = False
    for final in finished_hands(30):
        for line in final.outcome.lines:
            assert not re.search(r"\bT\b|T-|-T\b", line), line
            seen_ten |= "10-" in line or "-10" in line
    assert seen_ten


@pytest.mark.clause("BDG-DRAW-8")
def test_the_drew_column_says_nothing_before_the_first_draw() -> None:
    state = load_rules("badugi").new_deal(players=4, seed=3)
    for _ in range(3):  # the first betting round
        html = state_html(state, seats=None)
        assert "not available" not in html
        state = state.play(state.legal_moves()[1 if len(state.legal_moves()) > 1 else 0])
    final = autoplay(load_rules("badugi").new_deal(players=4, seed=3), "smart", seed=3)
    for state in [final.start()] + [final]:
        assert "not available" not in state_html(state, seats=None)


@pytest.mark.clause("BDG-DRAW-8")
def test_the_drew_column_shows_public_counts() -> None:
    rules = load_rules("badugi")
    state = rules.position(stacks=[100, 100, 100], hands=["AC 2D 3H 4S", "5C 6D 7H 8S",
                                                           "9C TD JH QS"], round="D1")
    state = state.play(state.legal_moves()[3])  # seat 1 discards one card
    html = state_html(state, seats=None)
    row = re.search(r'<tr[^>]*data-seat="1">(.*?)</tr>', html)
    assert row and "<td>1</td>" in row.group(1)


@pytest.mark.clause("BDG-RANK-5", "BDG-RANK-6")
def test_classes_are_counted_from_one_for_a_learner() -> None:
    best, worst = evaluate("AC 2D 3H 4S"), evaluate("KC KD KH KS")
    assert best.class_index == 0 and best.class_number == 1
    assert worst.class_number == 1092
    assert "class 1 of 1,092" in str(best.explain())
    assert "class 1,092 of 1,092" in str(worst.explain())
    assert "class 1 of 1,092 (1 is the best)" in standing("AC 2D 3H 4S").reason
    assert "class 1 of 1,092, 1 is the best" in best._repr_html_()
    assert classes_near(best, before=0, after=1)[1].number == 2
    for text in (str(best.explain()), standing(best).reason, best._repr_html_(), repr(best),
                 str(worst.explain())):
        assert "1092" not in text and "class 0" not in text and "0 is the best" not in text


def test_the_ranker_speaks_in_card_symbols() -> None:
    pytest.importorskip("ipywidgets")
    from widgets import BadugiRanker

    ranker = BadugiRanker("KC 2C 3D 4H", show_diagram=False)
    assert "Showing K♣ 2♣ 3♦ 4♥." in ranker.message.value
    assert "KC 2C" not in ranker.message.value
    assert "class <b data-class-index='718'>719</b> of 1,092 (1 is the best)" in \
        ranker.result.value
    ranker.hand_text.value = "TD 6C 5H AS"
    assert "Valued 10♦ 6♣ 5♥ A♠." in ranker.message.value
    assert "badugi 10-6-5-A" in ranker.result.value
    near = re.findall(r'data-class-index="(\d+)"><td>[^<]*</td><td>([\d,]+)</td>',
                      ranker.nearby.value)
    assert near and all(int(number.replace(",", "")) == int(index) + 1
                        for index, number in near)
    ranker.card_buttons["AS"].value = False
    assert "Picked 5♥ 6♣ 10♦: pick 1 more" in ranker.message.value
    assert "still showing 10♦ 6♣ 5♥ A♠" in ranker.message.value


def test_the_class_frame_reads_ranks_with_10() -> None:
    pytest.importorskip("pandas")
    frame = class_frame()
    assert not frame["ranks"].str.contains("T").any()
    assert "10-6-5-A" in set(frame["ranks"])
