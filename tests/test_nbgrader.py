"""The lesson questions as an nbgrader course (``notebooks/graded/``), graded by real nbgrader.

- the committed source notebooks are exactly what ``make_course.py`` writes from
  :mod:`rulebook.exercises`, and hold every lesson question once, with points and a test;
- in a temporary copy of the course, ``nbgrader generate_assignment`` makes the student version
  (no solution, no hidden test left in it); a correct submission and a wrong one are put into
  ``submitted/``, ``nbgrader autograde`` grades both (read back from the gradebook: full marks,
  and no point for any wrong answer), and ``nbgrader generate_feedback`` writes pages that give
  the engine's reason and the clause id of each wrong answer.

nbgrader comes with the test extras (``pip install -e ".[test]"``); without it the end-to-end
test skips and says so.
"""
from __future__ import annotations

import getpass
import html
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
COURSE = ROOT / "notebooks" / "graded"
STUDENT_STUB = "answer = None  # your answer"


def _make_course() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook_make_course", COURSE / "make_course.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebooks(folder: pathlib.Path) -> dict[str, dict[str, Any]]:
    """``{assignment: notebook JSON}`` of one nbgrader folder (source/, release/, ...)."""
    return {path.parent.name: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("*/*.ipynb"))}


def _graded(cell: dict[str, Any], key: str) -> Any:
    return cell.get("metadata", {}).get("nbgrader", {}).get(key)


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


# -- the course is the lessons' questions, nothing else ------------------------------------------

def test_the_committed_course_is_what_the_generator_writes() -> None:
    assert _make_course().stale() == [], (
        "notebooks/graded/source/ is out of date: run python notebooks/graded/make_course.py")


def test_every_lesson_question_is_graded_once_with_points() -> None:
    from rulebook.exercises import EXERCISES

    graded: list[str] = []
    for assignment, nb in _notebooks(COURSE / "source").items():
        ids = [_graded(c, "grade_id") for c in nb["cells"] if _graded(c, "grade_id")]
        assert len(ids) == len(set(ids)), f"{assignment}: a grade id twice"
        for cell in nb["cells"]:
            if _graded(cell, "solution"):
                source = _source(cell)
                assert source.startswith("### BEGIN SOLUTION\nanswer = ")
                assert source.endswith("### END SOLUTION")
            if _graded(cell, "grade"):
                assert _graded(cell, "locked") and _graded(cell, "points") > 0
                found = re.findall(r"check\('([^']+)', answer\)", _source(cell))
                assert len(found) == 1, _source(cell)
                graded.append(found[0])
    assert sorted(graded) == sorted(EXERCISES)


def test_the_few_answer_questions_have_hidden_tests_and_the_others_visible_ones() -> None:
    from rulebook.exercises import exercise

    hidden_kinds = _make_course().HIDDEN_KINDS
    kinds_hidden = {True: set(), False: set()}  # type: dict[bool, set[str]]
    for nb in _notebooks(COURSE / "source").values():
        for cell in nb["cells"]:
            if _graded(cell, "grade"):
                source = _source(cell)
                (exercise_id,) = re.findall(r"check\('([^']+)', answer\)", source)
                hidden = "### BEGIN HIDDEN TESTS" in source
                kind = exercise(exercise_id).kind
                assert hidden == (kind in hidden_kinds), exercise_id
                kinds_hidden[hidden].add(kind)
    assert kinds_hidden[True] and kinds_hidden[False], "the course needs both kinds of test"


def test_each_solution_is_right_and_the_notebooks_show_no_answer() -> None:
    """The answer in each solution cell is judged right by the engine (read the way the kernel
    reads it), and no cell draws the position or a widget: the engine's table marks the cards
    that may be played and prints a finished deal's results, which are the answers."""
    import ast

    from rulebook.exercises import check, exercise

    for assignment, nb in _notebooks(COURSE / "source").items():
        cells = nb["cells"]
        for k, cell in enumerate(cells):
            if cell["cell_type"] == "code" and not _graded(cell, "solution"):
                assert not re.search(r"widgets|ipywidgets|\.state\(|display|HTML",
                                     _source(cell)), (assignment, _source(cell))
            if _graded(cell, "solution"):
                line = _source(cell).splitlines()[1]
                value = ast.literal_eval(line.removeprefix("answer = "))
                (exercise_id,) = re.findall(r"check\('([^']+)', answer\)", _source(cells[k + 1]))
                verdict = check(exercise_id, value)
                assert verdict.correct, (exercise_id, value, str(verdict))
                # a question about a rule gets a verdict that names its clauses
                assert verdict.reason and (verdict.clauses or not exercise(exercise_id).clauses), (
                    exercise_id)


def test_the_generator_notices_a_hand_edited_notebook(tmp_path: pathlib.Path) -> None:
    make_course = _make_course()
    make_course.write(tmp_path)
    assert make_course.stale(tmp_path) == []
    first = sorted((tmp_path / "source").glob("*/*.ipynb"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("answer = ", "answer= ", 1),
                     encoding="utf-8")
    (tmp_path / "source" / "old_lesson").mkdir()
    (tmp_path / "source" / "old_lesson" / "questions.ipynb").write_text("{}")
    assert make_course.stale(tmp_path) == sorted(
        [str(first.relative_to(tmp_path)), "source/old_lesson/questions.ipynb"])
    make_course.write(tmp_path)
    assert make_course.stale(tmp_path) == []


# -- real nbgrader --------------------------------------------------------------------------------

def _nbgrader(course: pathlib.Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def _fill(nb: dict[str, Any], answers: dict[str, str]) -> dict[str, Any]:
    """The notebook with ``answers`` (an answer cell's grade id -> its new text) written into
    its answer cells."""
    for cell in nb["cells"]:
        if _graded(cell, "solution"):
            cell["source"] = answers[_graded(cell, "grade_id")]
    return nb


def _submit(course: pathlib.Path, student: str, answers: dict[str, str],
            skip: tuple[str, ...] = ()) -> None:
    """Put the released notebooks, filled with ``answers``, into ``submitted/<student>/`` as
    a teacher does with work handed back by hand (all assignments but ``skip``)."""
    for assignment, nb in _notebooks(course / "release").items():
        if assignment in skip:
            continue
        folder = course / "submitted" / student / assignment
        folder.mkdir(parents=True)
        (folder / "questions.ipynb").write_text(json.dumps(_fill(nb, answers)), encoding="utf-8")


def _wrong_answer(exercise: Any) -> Any:
    """An answer of the question's kind that the engine reads and refuses."""
    from rulebook.exercises import check

    right = exercise.answer()
    candidates: list[Any] = {
        "card": [*exercise.offered, "2C", "KS", "7H", "AD", "QH"],
        "cards": [" ".join(exercise.offered), "2C", "KS QS", "7H 8H", "AD"],
        "seat": [0, 1, 2, 3],
        "number": [right + 1 if isinstance(right, int) else 0],
        "choice": list(exercise.choices),
    }[exercise.kind]
    for candidate in candidates:
        if candidate and not check(exercise.id, candidate).correct:
            return candidate
    raise AssertionError(f"no wrong answer found for exercise {exercise.id}")


@pytest.mark.slow
def test_nbgrader_generates_autogrades_and_gives_feedback(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("nbgrader", reason="nbgrader is missing: pip install -e '.[test]'")
    from nbgrader.api import Gradebook  # type: ignore[import-untyped]

    from rulebook.exercises import check, exercise

    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(COURSE / "nbgrader_config.py", course)
    shutil.copytree(COURSE / "source", course / "source")
    exchange = tmp_path / "exchange"
    exchange.mkdir()
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(f"\nc.Exchange.root = {str(exchange)!r}\n")
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[var] = str(tmp_path / var.lower())

    # -- the student version: solutions and hidden tests gone, the stub in their place
    _nbgrader(course, env, "generate_assignment", "*")
    source, release = _notebooks(course / "source"), _notebooks(course / "release")
    assert sorted(release) == sorted(source) and len(release) >= 2
    solutions: dict[str, str] = {}
    hidden = 0
    for assignment, nb in release.items():
        text = json.dumps(nb, ensure_ascii=False)
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text, assignment
        for cell, original in zip(nb["cells"], source[assignment]["cells"], strict=True):
            if _graded(cell, "solution"):
                assert _source(cell) == STUDENT_STUB
                solutions[_graded(cell, "grade_id")] = _source(original).splitlines()[1]
            if "### BEGIN HIDDEN TESTS" in _source(original):
                hidden += 1
                assert "check(" not in _source(cell) and ".read(answer)" in _source(cell)
    assert hidden > 0
    exercise_of = {grade_id: exercise(_answer_id(source, grade_id)) for grade_id in solutions}

    # -- the right answers: one lesson through the exchange as a class does it (release,
    #    fetch, submit, collect: the student is this machine's user), the others by hand
    student = getpass.getuser()
    first = sorted(release)[0]
    _nbgrader(course, env, "release_assignment", first)
    desk = tmp_path / "student"
    desk.mkdir()
    shutil.copy(course / "nbgrader_config.py", desk)
    _nbgrader(desk, env, "fetch_assignment", first)
    fetched = desk / first / "questions.ipynb"
    fetched.write_text(json.dumps(_fill(json.loads(fetched.read_text(encoding="utf-8")),
                                        solutions)), encoding="utf-8")
    _nbgrader(desk, env, "submit", first)
    _nbgrader(course, env, "collect", first)
    assert (course / "submitted" / student / first / "questions.ipynb").is_file()
    _submit(course, student, solutions, skip=(first,))

    # -- wrong answers: every answer well formed and refused, but one not answered at all
    wrong = {grade_id: f"answer = {_wrong_answer(ex)!r}" for grade_id, ex in exercise_of.items()}
    unanswered = sorted(wrong)[0]
    wrong[unanswered] = STUDENT_STUB
    _submit(course, "wrong", wrong)

    _nbgrader(course, env, "autograde", "*")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for assignment in release:
            full = gradebook.find_submission(assignment, student)
            assert full.max_score > 0
            assert full.score == full.max_score, f"{assignment}: the right answers lose points"
            low = gradebook.find_submission(assignment, "wrong")
            assert low.score == 0 < low.max_score, f"{assignment}: wrong answers earn points"
            graded = gradebook.find_submission_notebook("questions", assignment, "wrong")
            assert all(grade.auto_score == 0 for grade in graded.grades)

    # -- feedback: each wrong answer's page gives the engine's reason and its first clause id
    _nbgrader(course, env, "generate_feedback", "*")
    named = 0
    for grade_id, ex in exercise_of.items():
        page = (course / "feedback" / "wrong" / ex.lesson / "questions.html").read_text(
            encoding="utf-8")
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())
        if grade_id == unanswered:
            assert "AnswerError: None is not an answer" in text, ex.id
            continue
        verdict = check(ex.id, _wrong_answer(ex))
        # the verdict, whole (wrapped in the page: compared word by word)
        message = str(verdict).removesuffix(" []")
        assert "AssertionError: " + " ".join(message.split()) in text, (ex.id, message)
        if verdict.clauses:  # a question about a rule (not one about measuring, say)
            assert re.search(rf"\b{re.escape(verdict.clauses[0])}\b", text), ex.id
            named += 1
    assert named >= len(exercise_of) // 2, "few feedback messages name a rule"
    for right in (course / "feedback" / student).glob("*/questions.html"):
        assert "AssertionError" not in right.read_text(encoding="utf-8"), right


def _answer_id(source: dict[str, dict[str, Any]], grade_id: str) -> str:
    """The exercise id checked by the test cell that follows the answer cell ``grade_id``."""
    for nb in source.values():
        cells = nb["cells"]
        for k, cell in enumerate(cells):
            if _graded(cell, "grade_id") == grade_id:
                (found,) = re.findall(r"check\('([^']+)', answer\)", _source(cells[k + 1]))
                return str(found)
    raise KeyError(grade_id)
