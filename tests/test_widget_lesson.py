"""The lesson pieces (``widgets.lesson``) headless: a question hides its answer until asked,
exercises gather every answer for the teacher, Try-it controls re-run the lesson's function
with the ruleset, house rules and deal chosen, tables and verdicts read as plain words."""
from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[test]'")

from rulebook import RulesError, load_rules  # noqa: E402
from widgets.lesson import Exercises, Question, Table, TryIt, symbols, verdicts  # noqa: E402


def test_a_question_hides_its_answer_until_the_button_is_pressed() -> None:
    q = Question("Who opens?", "The holder of 7H.", choices=("seat 0", "seat 1"),
                 correct="seat 1")
    assert not q.revealed and q.answer_box.layout.display == "none"
    assert "7H" not in q.answer_box.value  # nothing of the answer is on the page yet
    q.choice.value = "seat 0"  # type: ignore[union-attr]
    q.reveal_button.click()
    assert q.revealed and "7♥" in q.answer_box.value and "7H" not in q.answer_box.value
    assert 'You predicted "seat 0"; the answer is "seat 1"' in q.answer_box.value
    assert q.reveal_button.description == "Hide the answer"
    q.reveal_button.click()
    assert not q.revealed
    q.choice.value = "seat 1"  # type: ignore[union-attr]
    q.reveal_button.click()
    assert 'You predicted "seat 1": right.' in q.answer_box.value


def test_a_question_refuses_a_correct_answer_that_is_not_a_choice() -> None:
    with pytest.raises(ValueError, match="not one of the choices"):
        Question("?", "!", choices=("a", "b"), correct="c")


def test_exercises_number_the_questions_and_keep_the_teachers_answers_closed() -> None:
    ex = Exercises(Question("First?", "One."), Question("Second?", "Two."), title="Check")
    assert [q.number for q in ex.questions] == [1, 2]
    assert "1. First?" in ex.questions[0].prompt_box.value
    assert ex.teacher.selected_index is None
    assert "One." in ex.teacher_box.value and "Two." in ex.teacher_box.value
    assert not any(q.revealed for q in ex.questions)
    with pytest.raises(ValueError):
        Exercises()


def _text(html: str) -> str:
    """What the page reads: the HTML without its style and tags."""
    return re.sub(r"<[^>]+>", "", html.split("</style>")[-1])


def _who_opens(rules: Any, seed: int) -> str:
    state = rules.new_deal(players=4, seed=seed)
    return f"seat {state.to_move} opens with {state.legal_moves()[0]}"


def test_try_it_reruns_the_lesson_function_from_its_controls() -> None:
    calls: list[tuple[str, int]] = []

    def render(rules: Any, seed: int) -> str:
        calls.append((rules.label(), seed))
        return _who_opens(rules, seed)

    tryit = TryIt(render, rulesets=("badam-satti", "sevens"), seed=9)
    expected = load_rules("badam-satti").new_deal(players=4, seed=9)
    assert f"seat {expected.to_move} opens with 7♥" in _text(tryit.output.value)
    assert set(tryit.option_boxes) == {"sevens_first", "flat_10", "limited_passes", "ace_high",
                                       "eight_before_six", "one_final_turn", "round_count"}
    tryit.option_boxes["sevens_first"].value = True
    assert calls[-1] == ("badam-satti +sevens_first", 9)
    tryit.seed_box.value = 3
    assert calls[-1][1] == 3
    before = tryit.seed
    tryit.new_deal_button.click()
    assert tryit.seed != before and calls[-1][1] == tryit.seed
    tryit.ruleset_box.value = "sevens"
    assert tryit.option_boxes == {}  # British Sevens has no house rules
    assert "opens with 7♦" in _text(tryit.output.value)


def test_try_it_shows_an_engine_error_as_a_sentence() -> None:
    tryit = TryIt(lambda rules, seed: rules.new_deal(players=2, seed=seed).to_move,
                  rulesets=("badam-satti",), options=("sevens_first",))
    assert "is played by 3 to 6 players" in tryit.output.value
    assert "Traceback" not in tryit.output.value
    with pytest.raises(RulesError):
        TryIt(_who_opens, rulesets=("nope",))


def test_verdicts_and_tables_read_as_plain_words() -> None:
    state = load_rules("badam-satti").new_deal(players=4, seed=9)
    html = verdicts(state, ["7H", "pass", "8D"]).html()
    rows = re.findall(r"<tr>(.*?)</tr>", html, flags=re.S)[1:]
    assert len(rows) == 3
    assert "✔ legal" in rows[0] and "✘ not legal" in rows[1] and "✘ not legal" in rows[2]
    for row, move in zip(rows, ["7H", "pass", "8D"]):
        why = state.explain(move)
        assert row.rstrip().endswith(f'<td class="rb-clauses">{", ".join(why.clauses)}</td>')
    assert "7H" not in html.split("</style>")[1] and "('" not in html
    table = Table([("7H", 3), ("TS", 10)], header=("card", "points")).html()
    assert "7♥" in table and "10♠" in table and "TS" not in table


def test_symbols_turns_letter_notation_into_card_symbols() -> None:
    assert symbols("JS>D after 7H, TS or 10C; not in AS IS words") == \
        "J♠ naming ♦ after 7♥, 10♠ or 10♣; not in A♠ IS words"
    assert symbols("seat 2 passes") == "seat 2 passes"


def test_try_it_on_a_fixed_position_with_a_control_of_its_own() -> None:
    import ipywidgets as W

    passes = W.IntSlider(value=0, min=0, max=3)
    seen: list[tuple[bool, Any, int]] = []

    def render(rules: Any, seed: Any, passes: int) -> str:
        seen.append((rules.option("limited_passes"), seed, passes))
        return f"{passes} passes"

    tryit = TryIt(render, seed=None, options=("limited_passes",), controls={"passes": passes})
    assert tryit.seed is None and tryit.seed_box.layout.display == "none"
    assert tryit.new_deal_button.layout.display == "none"
    passes.value = 2
    tryit.option_boxes["limited_passes"].value = True
    assert seen[-1] == (True, None, 2) and "2 passes" in _text(tryit.output.value)


# --- questions checked by the engine (rulebook.exercises) --------------------------------

def _visible_text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", html, flags=re.S))


def test_a_checked_question_says_right_or_wrong_with_the_engines_reason_and_clauses() -> None:
    from rulebook.exercises import exercise

    ex = exercise("00.3")
    q = Question(ex)
    assert q.exercise is ex and q.check_button is not None
    assert q.answer_input.options[-1] == ("pass", "pass")  # the hand, then pass
    q.check_button.click()  # nothing picked yet
    assert "Answer first" in q.verdict_box.value and q.verdict is None
    q.answer_input.value = "QH"
    q.check_button.click()
    stuck = load_rules("badam-satti").position(table="5H-9H 7C 7S 7D",
                                               hands=["2H QH AS 3D", None, None, None],
                                               to_move=0)
    shown = _visible_text(q.verdict_box.value)
    assert shown.startswith("✘ Not right.") and symbols(stuck.explain("QH").reason) in shown
    # the clause ids come last, in their own small span
    assert re.search(r'<span class="rb-clauses">BS-MOVE-1, BS-ROW-3</span></div>',
                     q.verdict_box.value)
    q.answer_input.value = "pass"
    q.check_button.click()
    assert _visible_text(q.verdict_box.value).startswith("✔ Right.") and q.verdict.correct
    # the full answer is still there after checking
    q.reveal_button.click()
    assert q.revealed and "must pass" in _visible_text(q.answer_box.value)


def test_a_cards_question_is_answered_with_the_hands_buttons() -> None:
    from rulebook.exercises import exercise

    q = Question(exercise("00.2"))
    labels = [b.description for b in q.card_buttons]
    assert labels == ["4♥", "10♥", "3♥", "J♥", "K♠", "2♣"]
    q.card_buttons[0].value = True
    q.check_button.click()  # type: ignore[union-attr]
    assert not q.verdict.correct and "10♥" in _visible_text(q.verdict_box.value)
    q.card_buttons[1].value = True
    q.check_button.click()  # type: ignore[union-attr]
    assert q.verdict.correct


def test_a_number_typed_in_words_gets_the_form_not_a_verdict() -> None:
    from rulebook.exercises import exercise

    q = Question(exercise("01.3"))
    q.answer_input.value = "twenty-five"
    q.check_button.click()  # type: ignore[union-attr]
    assert q.verdict is None and "whole number" in q.verdict_box.value
    q.answer_input.value = "25"
    q.check_button.click()  # type: ignore[union-attr]
    assert q.verdict.correct


def test_exercises_of_a_lesson_are_checked_questions_with_the_teachers_answers() -> None:
    from rulebook.exercises import lesson_exercises

    found = lesson_exercises("01")
    ex = Exercises(*found)
    assert [q.exercise for q in ex.questions] == list(found)
    assert "Check" in ex.widget.children[0].value
    teacher = _visible_text(ex.teacher_box.value)
    for e in found:
        assert symbols(e.prompt) in teacher
    assert ex.teacher.selected_index is None
