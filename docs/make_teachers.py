"""Write the answers section of the teacher's guide (docs/teachers.md) from the engine.

    python docs/make_teachers.py [--check]

Every answer comes from :mod:`rulebook.exercises` (the same questions the lessons check and the
nbgrader course grades): the question, the right answer and the explanation with the engine's
reasons.  The section lies between the two markers below; everything else in the guide is kept
as it is.  ``--check`` writes nothing and exits 1 when the guide's section is not what the
engine says now (``tests/test_teachers_guide.py`` runs it).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

DOCS = pathlib.Path(__file__).resolve().parent
ROOT = DOCS.parent
GUIDE = DOCS / "teachers.md"
BEGIN = "<!-- answers: written by docs/make_teachers.py from rulebook.exercises -->"
END = "<!-- answers: end -->"


def _title(lesson: str) -> str:
    """The lesson's title: the first heading of its notebook."""
    notebook = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return lesson


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def answers_markdown() -> str:
    """The answers section, lesson by lesson, as Markdown."""
    sys.path.insert(0, str(ROOT))
    from rulebook.exercises import LESSONS, lesson_exercises

    out = [BEGIN, ""]
    for lesson in LESSONS:
        exercises = lesson_exercises(lesson)
        if not exercises:
            continue
        number = lesson.split("_", 1)[0]
        out.append(f"### {number} · {_title(lesson)}")
        out.append("")
        for ex in exercises:
            out.append(f"{ex.id}. **{_one_line(ex.prompt)}**  ")
            out.append(f"   *Answer:* {_one_line(ex.explanation())}  ")
            if ex.clauses:
                out.append(f"   <sub>{', '.join(ex.clauses)}</sub>")
            out.append("")
    out.append(END)
    return "\n".join(out) + "\n"


def guide_with_answers(guide: str, section: str) -> str:
    """``guide`` with its answers section replaced by ``section`` (added at the end when the
    guide has none yet)."""
    if BEGIN in guide and END in guide:
        head, rest = guide.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + section.rstrip("\n") + tail
    return guide.rstrip("\n") + "\n\n" + section


def main(argv: list[str] | None = None) -> int:
    """Rewrite the guide's answers (or, with ``--check``, only compare them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare only; exit 1 when the guide differs from the engine")
    args = parser.parse_args(argv)
    guide = GUIDE.read_text(encoding="utf-8")
    new = guide_with_answers(guide, answers_markdown())
    if args.check:
        if new != guide:
            print(f"{GUIDE.relative_to(ROOT)}: the answers differ from the engine's; "
                  "run python docs/make_teachers.py")
            return 1
        return 0
    GUIDE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
