"""docs/explanations.md tells a learner what an explanation contains; its examples are the
engine's real answers (run here as doctests), and README.md points to it."""
from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "explanations.md"


@pytest.mark.clause("BS-HR-5", "BDG-SEAT-10", "BDG-RANK-3", "BS-MOVE-4")
def test_the_examples_of_docs_explanations_are_what_the_engine_says() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0, result


def test_the_page_explains_sentence_clause_ids_and_facts_and_the_readme_links_it() -> None:
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## The sentence", "## The rule numbers", "## The facts behind the sentence",
                    "## The log of moves"):
        assert heading in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/explanations.md" in readme
