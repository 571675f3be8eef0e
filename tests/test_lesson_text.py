"""What the lessons of the Sevens family and Satti (00, 01, 02, 03, 04, 07, 08) say is true and
reads as a learner's text.

* The start lesson puts your hand where the game draws it: seat 0 is the top row, marked
  "you" (it once said "the bottom of the table").
* Lesson 01 names the first pass of its deal by the number the stepper gives the same move.
* No question, answer or Markdown cell has a doubled full stop ("10♥.."), a doubled word or a
  programmer's phrase ("the engine agrees on 40 deals", a snake_case option value).
* Each game's lesson (Badugi's in 06) links its printable rule sheet, with the one line of code
  that makes it, and says on how many pages it prints (the PDF's own page count).

The lessons' code cells are run in this process, each lesson once, as
tests/test_notebook_content.py does.
"""
from __future__ import annotations

import ast
import contextlib
import io
import pathlib
import re
from functools import cache
from html import unescape
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbformat is missing: pip install -e '.[test]'")

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = ["00_start_here.ipynb", "01_badam_satti.ipynb", "02_sevens_vs_badam_satti.ipynb",
           "03_house_rules_lab.ipynb", "04_satti.ipynb", "07_edge_cases.ipynb",
           "08_strategy.ipynb"]
SHEETS = {"01_badam_satti.ipynb": "badam-satti", "02_sevens_vs_badam_satti.ipynb": "sevens",
          "04_satti.ipynb": "satti", "06_badugi_full_hand.ipynb": "badugi"}
PAGE_WORDS = {1: "one page", 2: "two A4 pages"}
DEFECTS = {
    "two full stops": re.compile(r"(?<!\.)\.\.(?![.\w/])"),
    "a doubled word": re.compile(r"\b(?!(?:that|had)\b)(\w+) \1\b", re.IGNORECASE),
    "a space before a comma or full stop": re.compile(r"\w [,.;](?!\w)"),
    "empty brackets": re.compile(r"\(\s*\)"),
    "a Python value": re.compile(r"\bNone\b|\bnan\b|\['|'\]|\('"),
    "a programmer's phrase": re.compile(r"engine agrees|_\d|\b[a-z]+_[a-z]+\b"),
}


def _defects(text: str) -> list[str]:
    return [name for name, pattern in DEFECTS.items() if pattern.search(text)]


def _load(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def _visible(html: str) -> str:
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@cache
def _run(name: str) -> tuple[list[Any], dict[str, Any]]:
    """The value each code cell of the lesson shows, running the cells in one namespace, and
    that namespace."""
    pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[test]'")
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    shown = []
    for index, cell in enumerate(c for c in _load(name).cells if c.cell_type == "code"):
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(tree, f"{name}[{index}]", "exec"), namespace)  # noqa: S102
            shown.append(None if last is None else eval(  # noqa: S307
                compile(ast.Expression(last.value), f"{name}[{index}]", "eval"), namespace))
    return shown, namespace


def _ran(name: str) -> list[Any]:
    return _run(name)[0]


def test_the_defect_finder_finds_the_defects_once_in_the_lessons() -> None:
    for bad in ("the playable set is 6♥ 8♥ 10♥..", "(the engine agrees on 40 deals)",
                "court_11_12_13: the king counts 13", "the the row"):
        assert _defects(bad), bad
    for good in ("4, then 6, then 8...", "[the sheet](../docs/sheets/satti.pdf)",
                 "seat 2's turn", "The round is over."):
        assert not _defects(good), (good, _defects(good))


@pytest.mark.parametrize("name", LESSONS)
def test_questions_and_answers_read_well(name: str) -> None:
    from widgets.lesson import Exercises

    exercises = [v for v in _ran(name) if isinstance(v, Exercises)]
    assert exercises, f"{name} has no exercises"
    bad = []
    for q in exercises[0].questions:
        for text in (q.answer, _visible(q.prompt_box.value)):
            bad += [f"{d}: {text}" for d in _defects(text)]
    assert not bad, "\n".join(bad)


def _prose(name: str) -> str:
    """The lesson's Markdown as a reader sees it: no code spans, no link targets."""
    text = "\n".join(c.source for c in _load(name).cells if c.cell_type == "markdown")
    text = re.sub(r"`[^`]*`", "code", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_markdown_reads_well(name: str) -> None:
    bad = [f"{d}: {line}" for line in _prose(name).splitlines() for d in _defects(line)]
    assert not bad, "\n".join(bad)


def test_the_start_lesson_puts_your_hand_where_the_game_draws_it() -> None:
    from widgets import PlayGame

    text = _prose("00_start_here.ipynb")
    assert "bottom" not in text
    assert "your hand is the top row of the seats, marked **you**" in text
    game = PlayGame("badam-satti", seed=2)
    cells = [_visible(c.value) for row in game.stepper.seats_grid.children  # a box per row
             for c in row.children if hasattr(c, "value")]
    first_seat = next(c for c in cells if c.strip().startswith("seat "))
    assert first_seat.strip().startswith("seat 0 · you"), cells[:6]


def test_lesson_01_numbers_the_pass_as_its_stepper_does() -> None:
    from widgets import DealStepper
    from widgets.lesson import Panel

    shown = _ran("01_badam_satti.ipynb")
    panel = next(v for v in shown if isinstance(v, Panel) and "passes" in str(v.parts[0]))
    number, seat = map(int, re.match(r"Move (\d+) of the deal: seat (\d+) passes\.",
                                     panel.parts[0]).groups())
    stepper = DealStepper(_run("01_badam_satti.ipynb")[1]["deal"])  # the lesson's deal
    stepper.go(number)
    told = _visible(stepper.move_box.value)
    assert f"Move {number}:" in told and f"Seat {seat} passes." in told, told
    stepper.go(number - 1)  # the second stepper of the lesson stands here, just before it
    assert f"Move {number - 1}:" in _visible(stepper.move_box.value)
    prose = _prose("01_badam_satti.ipynb")
    assert "it shows the move\nbefore it (one number lower), and **next** shows the pass itself" \
        in prose


@pytest.mark.parametrize("name, ruleset", sorted(SHEETS.items()))
def test_each_games_lesson_links_its_rule_sheet(name: str, ruleset: str) -> None:
    from rulebook import load_rules

    markdown = "\n".join(c.source for c in _load(name).cells if c.cell_type == "markdown")
    assert f"](../docs/sheets/{ruleset}.pdf)" in markdown
    assert f'`load_rules("{ruleset}").rule_sheet()`' in markdown
    assert load_rules(ruleset).rule_sheet().title == load_rules(ruleset).title


@pytest.mark.parametrize("name, ruleset", sorted(SHEETS.items()))
def test_each_lessons_sheet_link_says_how_many_pages_it_prints_on(name: str, ruleset: str) -> None:
    pdfplumber = pytest.importorskip("pdfplumber", reason="pip install -e '.[test]'")
    with pdfplumber.open(NOTEBOOKS.parent / "docs" / "sheets" / f"{ruleset}.pdf") as pdf:
        pages = len(pdf.pages)
    prose = " ".join(_prose(name).split())
    said = re.findall(r"print (?:the rules|it|them) on ([^:]+): \[the [^\]]* rule sheet\]", prose)
    assert said == [PAGE_WORDS[pages]], (said, pages)


SHEET_LINK = re.compile(r"\]\(\.\./docs/sheets/([a-z-]+)\.pdf\)")


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("0*.ipynb")
                                         if not p.name.startswith("09")))
def test_every_lesson_links_the_rule_sheets_it_is_about_and_says_their_pages_right(
        name: str) -> None:
    """Lessons 00 to 08 each link a printable rule sheet (09 is the class table's); every
    linked sheet is there, and the words before the links say how many pages each prints
    on."""
    pdfplumber = pytest.importorskip("pdfplumber", reason="pip install -e '.[test]'")
    prose = " ".join(_prose(name).split())
    linked = SHEET_LINK.findall("\n".join(c.source for c in _load(name).cells
                                          if c.cell_type == "markdown"))
    assert linked, f"{name} links no rule sheet"
    pages = set()
    for ruleset in linked:
        path = NOTEBOOKS.parent / "docs" / "sheets" / f"{ruleset}.pdf"
        assert path.is_file(), path
        with pdfplumber.open(path) as pdf:
            pages.add(len(pdf.pages))
    said = re.findall(r"print (?:the rules|it|them)(?:, each)? on ([^:]+): \[the [^\]]* rule sheet\]",
                      prose)
    assert said and set(said) == {PAGE_WORDS[p] for p in pages}, (name, said, pages)
