"""rulebook.exercises: every lesson question's answer and reason, checked against positions
built here independently with the engine (and against the rules' clauses)."""
from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import CardSet, parse_card
from rulebook.errors import RulebookError
from rulebook.exercises import (EXERCISES, KINDS, LESSONS, AnswerError, Exercise, Verdict,
                                answer_of, check, exercise, lesson_exercises)

ALL = list(EXERCISES.values())


def test_every_lesson_has_its_questions_numbered_in_order() -> None:
    assert len(LESSONS) == 10
    for lesson in LESSONS:
        found = lesson_exercises(lesson)
        assert [e.id for e in found] == [f"{lesson[:2]}.{k}" for k in range(1, len(found) + 1)]
        assert len(found) >= 4
    assert len(ALL) == 43
    assert lesson_exercises(1) == lesson_exercises("01") == lesson_exercises("01_badam_satti")


@pytest.mark.parametrize("ex", ALL, ids=[e.id for e in ALL])
def test_the_engines_answer_is_right_and_another_is_not(ex: Exercise) -> None:
    right = ex.check(ex.answer())
    assert isinstance(right, Verdict) and right.correct and bool(right)
    assert right.reason.strip() and "[" not in right.reason
    assert ex.kind in KINDS
    assert ex.explanation().strip()
    # the deciding clause the engine gave is one the exercise says it tests, when it has any
    if ex.clauses:
        assert set(ex.clauses) & set(right.clauses), (ex.clauses, right.clauses)
    wrong = [c for c in (ex.choices or ex.offered) if ex.read(c) != ex.read(ex.answer())]
    if ex.kind == "cards" and ex.offered:
        wrong = [c for c in ex.offered if (c,) != ex.read(ex.answer())]
    if ex.kind == "number":
        wrong = [int(ex.answer()) + 1, 0 if ex.answer() else 1]
    for answer in wrong:
        verdict = ex.check(answer)
        assert not verdict.correct, (ex.id, answer)
        assert verdict.reason.strip()


# --- independent positions ---------------------------------------------------------------

classic = load_rules("badam-satti")


def _legal_cards(state: object) -> set[str]:
    return {str(m) for m in state.legal_moves()}  # type: ignore[attr-defined]


@pytest.mark.clause("BS-OPEN-3", "BS-OPEN-4", "BS-ROW-3", "BS-MOVE-1", "BS-MOVE-4")
def test_00_answers_match_positions_built_here() -> None:
    counts = {len(classic.new_deal(players=4, seed=s).legal_moves()) for s in range(40)}
    assert counts == {1} and answer_of("00.1") == 1
    row = classic.position(table="5H-9H", hands=["4H TH 3H JH KS 2C", None, None, None],
                           to_move=0)
    assert set(answer_of("00.2")) == _legal_cards(row) == {"4H", "TH"}
    stuck = classic.position(table="5H-9H 7C 7S 7D", hands=["2H QH AS 3D", None, None, None],
                             to_move=0)
    assert answer_of("00.3") == "pass" and _legal_cards(stuck) == {"pass"}
    verdict = check("00.3", "Q♥")
    assert not verdict and verdict.reason == stuck.explain("QH").reason
    assert answer_of("00.4") == load_rules("sevens").new_deal(players=4, seed=3).legal_moves()[
        0].pretty() == "7♦"


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(["4H", "TH", "3H", "JH", "KS", "2C"]), min_size=1))
def test_00_2_a_pick_is_right_exactly_when_it_is_every_playable_card(picked: set[str]) -> None:
    row = classic.position(table="5H-9H", hands=["4H TH 3H JH KS 2C", None, None, None],
                           to_move=0)
    assert check("00.2", sorted(picked)).correct == (picked == _legal_cards(row))


@pytest.mark.clause("BS-MOVE-3", "BS-INFO-2", "BS-INFO-4", "BS-END-2", "BS-END-3", "BS-ROW-1")
def test_01_answers_match_positions_built_here() -> None:
    keep = classic.position(table="4S-TS 7H-QH 3C-8C",
                            hands=["3S JS KH 2C 9C 7D 8D AH", None, None, None], to_move=0)
    assert len(keep.legal_moves()) > 1 and answer_of("01.1") == "no"
    after = classic.position(table="6H-8H 7S", hands=[None, None, "2C 3C 4C 2D 3D 4D QH KH",
                                                      None], to_move=2).play("pass")
    absent = {str(c) for c in after.known_absent(2)}
    assert absent == {"5H", "9H", "6S", "8S", "7C", "7D"}  # BS-EX-5
    assert check("01.2", "7♣ 7♦") and check("01.2", "five of hearts and 9H")
    assert not check("01.2", "QH 5H") and not check("01.2", "5H")
    # the reason tells only what everyone saw: never a card seat 2 holds but did not show
    for answer in ("QH 5H", "5H 9H"):
        reason = check("01.2", answer).reason
        assert "K♥" not in reason and "2♣" not in reason
    king, queen = (classic.values[parse_card(c).index] for c in ("KH", "QD"))
    assert answer_of("01.3") == king + queen == 25  # BS-EX-6
    assert check("01.4", exercise("01.4").choices[0]).clauses[0] == "BS-ROW-1"


@settings(max_examples=30, deadline=None)
@given(st.sets(st.sampled_from([str(c) for c in CardSet.full()]), min_size=1, max_size=4))
def test_01_2_any_two_known_absent_cards_count(picked: set[str]) -> None:
    absent = {"5H", "9H", "6S", "8S", "7C", "7D"}
    assert check("01.2", sorted(picked)).correct == (picked <= absent and len(picked) >= 2)


@pytest.mark.clause("BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5", "BS-END-5")
def test_02_answers_match_the_rules() -> None:
    # BS-CHIP-3..5: 1 chip in at the start, 1 per pass, 1 per card left to the winner
    assert answer_of("02.1") == 1 + 3 + 4
    assert answer_of("02.2") == "no"
    assert "chip" in load_rules("sevens").position(
        table="6H-8H 7S 7D", hands=["2C 3C", None, None, None], to_move=0).explain("pass").reason
    assert answer_of("02.3") == "J 11, Q 12, K 13"
    a, b = load_rules("badam-satti").new_deal(seed=7), load_rules("sevens").new_deal(seed=7)
    assert all(a.hand(s) == b.hand(s) for s in range(4)) and answer_of("02.4") == "yes"


@pytest.mark.clause("BS-HR-2", "BS-HR-7", "BS-HR-13", "BS-HR-15", "SAT-FIT-4", "SAT-JACK-1",
                    "SAT-SEVEN-2", "SAT-SEVEN-4", "SAT-EIGHT-2")
def test_03_04_answers_match_positions_built_here() -> None:
    assert answer_of("03.1") == "flat 10"
    ace = load_rules("badam-satti", ace_high=True).position(
        table="2S-9S", hands=["AS TS", None, None, None], to_move=0)
    assert set(answer_of("03.2")) == _legal_cards(ace) == {"TS"}  # BS-EX-3
    six = load_rules("badam-satti", eight_before_six=True).position(
        table="7D", hands=["6D 8D 3C", None, None, None], to_move=0)
    assert set(answer_of("03.3")) == _legal_cards(six) == {"8D"}  # BS-EX-4
    with pytest.raises(RulebookError):
        load_rules("badam-satti", ranked=True, one_final_turn=True)
    assert answer_of("03.4") == "no"
    assert answer_of("03.7") == "about 10 times narrower"
    assert set(answer_of("04.1")) == {"3D", "JH"}
    assert answer_of("04.2") == 6 and answer_of("07.4") == 8  # 2, 4, 6, 8
    assert answer_of("04.3") == "skip" and answer_of("04.4") == "no"


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-5", "BDG-RANK-6", "BDG-RANK-7", "BDG-BET-2",
                    "BDG-BET-4", "BDG-POT-2", "BDG-SHOW-1", "BS-HR-5", "BS-HR-10", "BS-HR-12",
                    "BS-INFO-1")
def test_05_to_09_answers_match_the_engine() -> None:
    from rulebook.games.badugi import compare, evaluate

    assert answer_of("05.1") == len(evaluate("KC QC KD QD").counting_cards) == 2
    assert answer_of("05.2") == "the badugi" and compare("9C TD JH KS", "AC 2C 3H 4S") < 0
    assert answer_of("05.3") == "8♣ 7♦ 6♥ 6♠"
    assert answer_of("05.4") == "no"
    assert answer_of("06.1") == 2 * load_rules("badugi").small_bet
    assert answer_of("06.2") == 3 and answer_of("06.3") == "no" and answer_of("06.4") == "no"
    assert answer_of("07.1") == "it is eliminated" and answer_of("07.2") == "yes"
    assert answer_of("07.3") == "no"
    assert answer_of("08.2") == ("6S", "8S") and answer_of("08.3") == "KH"
    assert answer_of("08.1") in ("7C", "8H")
    assert answer_of("09.1") == "the computer"
    assert answer_of("09.2") == "only how many cards it holds"
    sevens_first = load_rules("badam-satti", sevens_first=True).position(
        table="7H", hands=["7C 8H 2S", None, None, None], to_move=0)
    assert answer_of("09.4") == ("yes" if sevens_first.explain("8H").legal else "no") == "no"


# --- reading answers ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ["QH", "Q♥", "qh", "queen of hearts", " Q♥ "])
def test_a_card_is_read_in_notation_symbols_or_words(text: str) -> None:
    assert exercise("00.3").read(text) == "QH"


@pytest.mark.parametrize("answer", [25, "25", " 25 "])
def test_a_number_is_read_from_an_int_or_text(answer: object) -> None:
    assert check("01.3", answer).correct


@pytest.mark.parametrize("ex_id, answer", [("01.3", "twenty"), ("01.3", True), ("01.3", ""),
                                           ("00.3", "ZZ"), ("01.1", "maybe"), ("00.2", "7X"),
                                           ("01.3", "1" * 50), ("00.3", None)])
def test_an_answer_of_the_wrong_form_is_a_short_typed_error(ex_id: str, answer: object) -> None:
    with pytest.raises(AnswerError) as caught:
        check(ex_id, answer)
    assert isinstance(caught.value, RulebookError) and len(str(caught.value)) < 200


def test_unknown_ids_and_lessons_are_refused() -> None:
    with pytest.raises(AnswerError, match="01.1"):
        exercise("99.9")
    with pytest.raises(AnswerError):
        lesson_exercises("42")


def test_the_module_imports_only_the_engine() -> None:
    code = ("import sys, rulebook.exercises; "
            "print(sorted(m for m in ('ipywidgets', 'pandas', 'numpy', 'fastapi') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
    out = subprocess.run([sys.executable, "-c", "import sys, rulebook; "
                          "print('rulebook.exercises' in sys.modules)"],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
