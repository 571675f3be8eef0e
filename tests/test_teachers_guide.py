"""The teacher's guide (docs/teachers.md): its answers are the engine's, its links lead
somewhere, every lesson has its row, and the lessons and the README point to it."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers.md"
LESSONS = sorted((ROOT / "notebooks").glob("0*.ipynb"))


def _maker():
    spec = importlib.util.spec_from_file_location("make_teachers", ROOT / "docs" / "make_teachers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_answers_are_what_the_engine_says_now():
    maker = _maker()
    text = GUIDE.read_text(encoding="utf-8")
    assert maker.BEGIN in text and maker.END in text
    assert maker.guide_with_answers(text, maker.answers_markdown()) == text, (
        "docs/teachers.md's answers differ from rulebook.exercises: run python docs/make_teachers.py")


def test_every_exercise_is_answered_in_the_guide():
    from rulebook.exercises import EXERCISES
    text = GUIDE.read_text(encoding="utf-8")
    for ex_id, ex in EXERCISES.items():
        assert f"\n{ex_id}. **" in text, ex_id
        assert " ".join(ex.explanation().split())[:60] in " ".join(text.split()), ex_id


def test_a_changed_answer_would_be_noticed():
    maker = _maker()
    text = GUIDE.read_text(encoding="utf-8")
    tampered = text.replace("*Answer:* ", "*Answer:* Not so. ", 1)
    assert maker.guide_with_answers(tampered, maker.answers_markdown()) != tampered


def test_every_lesson_has_a_row_with_minutes_and_the_links_resolve():
    text = GUIDE.read_text(encoding="utf-8")
    for lesson in LESSONS:
        row = next((line for line in text.splitlines()
                    if line.startswith("| [") and f"(../notebooks/{lesson.name})" in line), None)
        assert row is not None, f"no row for {lesson.name}"
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 5 and cells[1].isdigit() and 10 <= int(cells[1]) <= 90, row
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if target.startswith("http"):
            continue
        assert (GUIDE.parent / target).resolve().exists(), target


def test_the_rule_sheets_it_names_are_there():
    text = GUIDE.read_text(encoding="utf-8")
    for name in re.findall(r"`([a-z-]+\.pdf)`", text):
        if name != "sheet.pdf":
            assert (ROOT / "docs" / "sheets" / name).exists(), name


def test_the_start_lesson_and_the_readme_link_the_guide_and_every_lesson_says_how_to_start():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/teachers.md)" in readme
    start = json.loads(LESSONS[0].read_text(encoding="utf-8"))
    assert any("../docs/teachers.md" in "".join(c["source"]) for c in start["cells"])
    for lesson in LESSONS:
        first = "".join(json.loads(lesson.read_text(encoding="utf-8"))["cells"][0]["source"])
        assert "Run All Cells" in first and "static site" in first, lesson.name
