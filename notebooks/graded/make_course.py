"""Write the nbgrader course's source notebooks from :mod:`rulebook.exercises`.

Run it from anywhere after a lesson's questions change::

    python notebooks/graded/make_course.py          # rewrite source/
    python notebooks/graded/make_course.py --check  # exit 1 if source/ is not what it would write

Every lesson with questions becomes one assignment, ``source/<lesson>/questions.ipynb``. Each
question is three cells: its text (read-only), the answer cell (``answer = ...`` between
nbgrader's solution markers; the student sees ``answer = None  # your answer``) and a graded
test cell that asks :func:`rulebook.exercises.check` and fails with the engine's verdict: its
reason and clause ids. The test of a question with few possible answers (a choice, a seat) is
hidden: the student's copy only reads the answer (an answer of the wrong form fails at once,
saying the form), so the grade cannot be found by trying each answer in turn.

No cell draws the position or shows a widget: the engine's table marks the playable cards and
prints the results of a finished deal, which are the answers, and each prompt already says
what the question needs. So the notebooks show nothing that needs a browser, and run the same
when nbgrader executes them with nbclient.

Implements no rule clause: the questions, answers and reasons are the engine's.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Iterable
from typing import Any

COURSE = pathlib.Path(__file__).resolve().parent
"""This folder: the nbgrader course (``nbgrader_config.py``, ``source/``)."""
ROOT = COURSE.parent.parent
NOTEBOOK = "questions.ipynb"
"""The file name of each assignment's one notebook."""
HIDDEN_KINDS = frozenset({"seat", "choice"})
"""Question kinds whose test is hidden: few answers are possible, so a visible test would let a
student find the grade by trying each."""
POINTS = {"card": 1, "seat": 1, "number": 1, "choice": 1, "cards": 2}
"""Points per question, by kind: a question asking for a set of cards is worth two."""
HOW_TO_ANSWER = {
    "card": 'one card or move, as text in quotes: `"7H"` is 7♥, `"10S"` or `"TS"` is 10♠, '
            '`"QD"` is Q♦ (`"7♥"` and `"seven of hearts"` work too); a move is a word, like `"pass"`',
    "cards": 'cards, as text in quotes with spaces between them: `"6H 8H"` is 6♥ and 8♥ '
             '(the order does not matter)',
    "seat": "a seat's number, like `2`",
    "number": "a whole number, like `12`",
    "choice": "one of the choices below, as text in quotes (copy it)",
}
"""What the answer looks like, by kind, in the words the student reads above the answer cell."""


def _sys_path() -> None:
    # The generator runs from a checkout too, before `pip install -e .`.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _cell(kind: str, source: str, cell_id: str, nbgrader: dict[str, Any] | None) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": cell_id, "metadata": {}, "source": source}
    if nbgrader is not None:
        cell["metadata"]["nbgrader"] = {"schema_version": 3, "task": False, "grade": False,
                                        "solution": False, "locked": False, **nbgrader}
    if kind == "code":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def _read_only(kind: str, source: str, grade_id: str) -> dict[str, Any]:
    return _cell(kind, source, grade_id, {"locked": True, "grade_id": grade_id})


def _slug(exercise_id: str) -> str:
    # nbgrader's grade ids and nbformat's cell ids: letters, digits, "-" and "_".
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in exercise_id)


def answer_literal(exercise: Any) -> str:
    """The Python text of the question's correct answer, as a student would write it:
    ``"7D"``, ``"4H TH"`` (several cards), ``3``, ``"no"``."""
    value = exercise.answer()
    if isinstance(value, tuple):
        value = " ".join(value)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"exercise {exercise.id}: an answer of type {type(value).__name__}")
    return json.dumps(value, ensure_ascii=False)


def _offer(item: str) -> str:
    """One card or move a question offers: its text in quotes, and a card's symbol."""
    from rulebook.cards import parse_card
    from rulebook.errors import CardError

    try:
        return f'`"{item}"` ({parse_card(item).pretty()})'
    except CardError:  # a move that is a word: pass, skip, draw
        return f'`"{item}"`'


def question_cells(number: int, exercise: Any) -> list[dict[str, Any]]:
    """The cells of one question: its text, the answer cell and the test cell."""
    slug = _slug(exercise.id)
    text = [f"## Question {number}", "", exercise.prompt.strip(), "",
            f"*Your answer:* {HOW_TO_ANSWER[exercise.kind]}."]
    if exercise.kind == "choice":
        text += [""] + [f"- `{json.dumps(choice, ensure_ascii=False)}`"
                        for choice in exercise.choices]
    if exercise.offered:
        text += ["", "To pick from: " + ", ".join(_offer(item) for item in exercise.offered) + "."]
    cells = [_read_only("markdown", "\n".join(text), f"{slug}-question")]
    cells.append(_cell("code", "### BEGIN SOLUTION\n"
                               f"answer = {answer_literal(exercise)}\n"
                               "### END SOLUTION",
                       f"{slug}-answer",
                       {"solution": True, "grade_id": f"{slug}-answer"}))
    check = (f"verdict = check({exercise.id!r}, answer)\n"
             "assert verdict.correct, feedback(verdict)")
    if exercise.kind in HIDDEN_KINDS:
        test = (f"exercise({exercise.id!r}).read(answer)  # is the answer of the right form?\n"
                "### BEGIN HIDDEN TESTS\n"
                f"{check}\n"
                "### END HIDDEN TESTS")
    else:
        test = check
    cells.append(_cell("code", test, f"{slug}-test",
                       {"grade": True, "locked": True, "grade_id": f"{slug}-test",
                        "points": POINTS[exercise.kind]}))
    return cells


SETUP = '''\
from textwrap import fill

from rulebook.exercises import check, exercise


def feedback(verdict):
    """The engine's verdict (its reason and rule ids) in lines that fit the page."""
    text = str(verdict).removesuffix(" []")  # a question that rests on no rule
    return "\\n" + fill(text, 76, break_long_words=False, break_on_hyphens=False)'''
"""The first code cell of every notebook (read-only): a failed test's message is the verdict
wrapped, since the feedback page and JupyterLab show a traceback's last line unwrapped."""


def notebook(lesson: str, exercises: Iterable[Any]) -> dict[str, Any]:
    """One assignment's notebook, as nbformat 4.5 JSON data."""
    exercises = list(exercises)
    title = lesson_title(lesson)
    intro = "\n".join([
        f"# {title}: questions",
        "",
        f"These are the questions of the lesson *{title}*, graded by your teacher with "
        "nbgrader. Under each question, write your answer as a Python value in the cell that "
        "says `answer = None  # your answer`, in place of `None`, and run that cell and the "
        "test cell under it. A test that fails prints why, in the engine's words. For some "
        "questions the test only checks that your answer has the right form: whether it is "
        "right is checked when your teacher grades.",
        "",
        "Start with **Run → Run All Cells**, and do it again before you submit: the grading "
        "runs the notebook from the top.",
    ])
    cells = [_read_only("markdown", intro, "intro"),
             _read_only("code", SETUP, "setup")]
    for number, exercise in enumerate(exercises, 1):
        cells += question_cells(number, exercise)
    return {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


def lesson_title(lesson: str) -> str:
    """The lesson's title: the first heading of its notebook in ``notebooks/``."""
    path = ROOT / "notebooks" / f"{lesson}.ipynb"
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("# "):
            return source.splitlines()[0][2:].strip()
    raise ValueError(f"lesson {lesson} has no title")


def course() -> dict[pathlib.Path, str]:
    """Every source notebook of the course: its path under this folder and its text."""
    _sys_path()
    from rulebook.exercises import EXERCISES

    lessons: dict[str, list[Any]] = {}
    for exercise in EXERCISES.values():
        lessons.setdefault(exercise.lesson, []).append(exercise)
    return {pathlib.Path("source", lesson, NOTEBOOK):
            json.dumps(notebook(lesson, exercises), indent=1, sort_keys=True,
                       ensure_ascii=False) + "\n"
            for lesson, exercises in sorted(lessons.items())}


def stale(folder: pathlib.Path = COURSE) -> list[str]:
    """The source notebooks under ``folder`` that differ from what :func:`course` writes, or
    are missing, or are left over from a lesson that has no questions any more."""
    wanted = course()
    found = {path.relative_to(folder) for path in (folder / "source").glob("*/*.ipynb")}
    return sorted(str(path) for path in set(wanted) | found
                  if path not in wanted or path not in found
                  or (folder / path).read_text(encoding="utf-8") != wanted[path])


def write(folder: pathlib.Path = COURSE) -> list[pathlib.Path]:
    """Write every source notebook under ``folder`` and remove those of no lesson; return the
    paths written."""
    wanted = course()
    for path in (folder / "source").glob("*/*.ipynb"):
        if path.relative_to(folder) not in wanted:
            path.unlink()
    for path, text in wanted.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    return [folder / path for path in wanted]


def main(argv: list[str] | None = None) -> int:
    """Command line: write the course, or with ``--check`` say whether it is up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if source/ differs from what would be written")
    args = parser.parse_args(argv)
    if args.check:
        differ = stale()
        for path in differ:
            print(f"out of date: {path}", file=sys.stderr)
        return 1 if differ else 0
    for written in write():
        print(f"wrote {written.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
