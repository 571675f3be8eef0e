"""The rule sheet PDF a teacher hands out, measured on the rendered pages (pdfplumber reads
where every character is drawn, in which font and size).

On every page both columns carry text, and each column's text is at least 60% as tall as the
other's; a page before the last is filled to its foot; every character is 11 pt or more; no
column ends with a heading; there is a picture of cards drawn with the PDF's own lines; and
the words are for a teacher (nothing about code).  The PDFs in ``docs/sheets/`` are what the
rules give now.  Also: ``save`` and ``section`` refuse what they cannot use with a short
:class:`SheetError`.
"""
from __future__ import annotations

import io
import os
import re
import runpy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rulebook import load_rules
from rulebook.rules import parse_ruleset
from rulebook.sheets import SheetError

pdfplumber = pytest.importorskip("pdfplumber", reason="pip install -e '.[test]'")
pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[lab]'")

ROOT = Path(__file__).resolve().parent.parent
SPECS = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi",
         "badam-satti+sevens_first+flat_10+limited_passes+ace_high+eight_before_six"
         "+one_final_turn+round_count=3",
         "badam-satti+eight_before_six", "badam-satti-app+scoring=one_per_card",
         "sevens+deals=3", "satti+seven_stacking=false+play_after_draw=false+hand_size=7",
         "badugi+small_bet=20"]


def _pages(data: bytes) -> list[dict[str, Any]]:
    """Each page's body characters by column, its headings size and the picture's shapes."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            rules = sorted((ln for ln in page.lines if ln["x1"] - ln["x0"] > page.width * 0.8),
                           key=lambda ln: ln["top"])
            assert len(rules) == 2, "a header rule and a footer rule on every page"
            body_top, body_bottom = rules[0]["top"], rules[-1]["top"]
            chars = [c for c in page.chars if c["text"].strip()]
            body = [c for c in chars if body_top < c["top"] and c["bottom"] < body_bottom]
            middle = page.width / 2
            out.append({
                "chars": chars,
                "text": page.extract_text(),
                "columns": ([c for c in body if c["x1"] <= middle + 0.5],
                            [c for c in body if c["x0"] >= middle - 0.5]),
                "straddling": [c for c in body if c["x0"] < middle - 0.5 < middle + 0.5
                               < c["x1"]],
                "room": body_bottom - body_top,
                "shapes": len(page.curves) + len(page.rects),
            })
    return out


def _lines(chars: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Characters grouped into lines by their baseline, top to bottom."""
    lines: dict[float, list[dict[str, Any]]] = {}
    for char in chars:
        key = round(char["bottom"] / 2.0) * 2.0
        lines.setdefault(key, []).append(char)
    return [lines[k] for k in sorted(lines)]


def _extent(chars: list[dict[str, Any]]) -> float:
    return max(c["bottom"] for c in chars) - min(c["top"] for c in chars) if chars else 0.0


@pytest.fixture(scope="module", params=SPECS)
def sheet(request: pytest.FixtureRequest) -> tuple[str, Any, list[dict[str, Any]]]:
    spec = request.param
    rule_sheet = parse_ruleset(spec).rule_sheet()
    return spec, rule_sheet, _pages(rule_sheet.pdf())


def test_both_columns_are_filled_and_balanced_on_every_page(
        sheet: tuple[str, Any, list[dict[str, Any]]]) -> None:
    spec, _, pages = sheet
    assert 1 <= len(pages) <= 2, f"{spec}: {len(pages)} pages"
    for number, page in enumerate(pages, 1):
        left, right = (_extent(col) for col in page["columns"])
        assert not page["straddling"], f"{spec} page {number}: text across the gutter"
        assert left > 0 and right > 0, f"{spec} page {number}: a column is empty"
        assert min(left, right) >= 0.6 * max(left, right), (
            f"{spec} page {number}: columns {left:.0f} and {right:.0f} pt tall")
        if number < len(pages):
            assert min(left, right) >= 0.88 * page["room"], (
                f"{spec} page {number}: a page before the last ends early "
                f"({min(left, right):.0f} of {page['room']:.0f} pt)")


def test_every_character_is_eleven_points_or_more(
        sheet: tuple[str, Any, list[dict[str, Any]]]) -> None:
    spec, _, pages = sheet
    sizes = Counter(round(c["size"], 1) for page in pages for c in page["chars"])
    assert min(sizes) >= 11.0, f"{spec}: text at {min(sizes)} pt"
    body = sizes.most_common(1)[0][0]
    assert body >= 11.0


def test_no_column_ends_with_a_heading(sheet: tuple[str, Any, list[dict[str, Any]]]) -> None:
    spec, rule_sheet, pages = sheet
    sizes = Counter(round(c["size"], 1) for page in pages for col in page["columns"]
                    for c in col)
    body = sizes.most_common(1)[0][0]
    headings = 0
    for number, page in enumerate(pages, 1):
        for side, col in zip(("left", "right"), page["columns"]):
            lines = _lines(col)
            headings += sum(1 for ln in lines if min(c["size"] for c in ln) > body + 1)
            last = lines[-1]
            text = "".join(c["text"] for c in sorted(last, key=lambda c: c["x0"]))
            assert min(c["size"] for c in last) <= body + 0.1, (
                f"{spec} page {number}: the {side} column ends with the heading {text!r}")
            if len(lines) > 1:
                before = lines[-2]
                assert not (min(c["size"] for c in before) > body + 1 and
                            len(lines) - 2 < 1), f"{spec}: a heading with no text under it"
    assert headings == len(rule_sheet.sections), f"{spec}: every section heading is drawn"


def test_the_words_are_for_a_teacher(sheet: tuple[str, Any, list[dict[str, Any]]]) -> None:
    spec, rule_sheet, pages = sheet
    text = "\n".join(page["text"] for page in pages)
    for word in ("code", "python", "rulebook", "rules object", "fpdf", ".save("):
        assert not re.search(rf"\b{re.escape(word)}", text, flags=re.I), (spec, word)
    from rulebook.sheets.common import house_rules_line

    footer = " ".join(" ".join(page["text"].split()[-60:]) for page in pages)
    assert rule_sheet.footer.startswith(f"{rule_sheet.title}: "
                                        f"{house_rules_line(parse_ruleset(spec))}.")
    assert " ".join(rule_sheet.footer.split()[:6]) in footer
    assert "From the card-game lessons" in footer
    for title in (s.title for s in rule_sheet.sections):
        assert title in text, f"{spec}: {title!r} is missing"


def test_a_picture_of_cards_is_drawn(sheet: tuple[str, Any, list[dict[str, Any]]]) -> None:
    spec, rule_sheet, pages = sheet
    picture = rule_sheet.picture
    assert picture is not None
    cards = [c for row in picture.rows for c in row.cards if c.look != "blank"]
    assert sum(page["shapes"] for page in pages) >= len(cards), f"{spec}: cards as shapes"
    text = " ".join(page["text"] for page in pages)
    for card in (c for c in cards if c.text):
        assert card.text in text.replace(" ", "") or card.text in text, (spec, card.text)


@pytest.mark.clause("BS-ROW-1", "BS-HR-15")
def test_the_layout_picture_marks_what_the_engine_allows() -> None:
    classic = load_rules("badam-satti").rule_sheet().picture
    ruled = parse_ruleset("badam-satti+eight_before_six").rule_sheet().picture
    assert classic is not None and ruled is not None
    looks = {c.text: c.look for row in classic.rows for c in row.cards if c.text}
    assert looks["7♥"] == "card" and looks["6♣"] == "next" and looks["7♦"] == "next"
    ruled_looks = {c.text: c.look for row in ruled.rows for c in row.cards if c.text}
    assert ruled_looks["6♣"] == "faded" and "6♣, which must wait" in ruled.caption
    sevens = load_rules("sevens").rule_sheet().picture
    assert sevens is not None and sevens.rows[0].label == "♦"  # the 7♦ opens Sevens


@pytest.mark.clause("SAT-FIT-2", "SAT-FIT-3")
def test_the_matching_picture_marks_what_fits() -> None:
    picture = load_rules("satti").rule_sheet().picture
    assert picture is not None
    hand = {c.text: c.look for c in picture.rows[1].cards}
    assert hand == {"4♥": "card", "9♣": "card", "J♠": "card", "K♠": "faded", "2♦": "faded"}


@pytest.mark.clause("BDG-RANK-4", "BDG-RANK-5")
def test_the_ranking_picture_orders_hands_best_first() -> None:
    picture = load_rules("badugi").rule_sheet().picture
    assert picture is not None
    assert [r.note for r in picture.rows] == ["badugi", "badugi", "3 count", "2 count"]
    assert [c.text for c in picture.rows[0].cards] == ["A♣", "2♦", "3♥", "4♠"]
    assert [c.look for c in picture.rows[2].cards] == ["card"] * 3 + ["faded"]


def test_the_html_sheet_shows_the_picture_and_the_teachers_footer() -> None:
    sheet = load_rules("satti").rule_sheet()
    page = sheet.html()
    assert 'class="rb-pic"' in page and "rb-card-faded" in page
    assert "rulebook" not in re.sub(r"<style>.*?</style>|class=\"[^\"]*\"", "", page).lower()
    assert sheet.footer.startswith("Satti (Lucky Sevens): standard rules")


# --- the PDFs in docs/sheets -------------------------------------------------------------------

def test_the_sheets_in_docs_are_up_to_date_and_small() -> None:
    make = runpy.run_path(str(ROOT / "docs" / "sheets" / "make.py"))
    assert make["RULESETS"] == ("badam-satti", "badam-satti-app", "sevens", "satti", "badugi")
    assert make["stale"]() == [], "run: python docs/sheets/make.py"
    for ruleset in make["RULESETS"]:
        size = (ROOT / "docs" / "sheets" / f"{ruleset}.pdf").stat().st_size
        assert size < 60_000, f"{ruleset}.pdf is {size:,} bytes"


# --- refusals -----------------------------------------------------------------------------------

class _LyingStr(str):
    def __str__(self) -> str:
        return "elsewhere.docx"


class _Path:
    def __init__(self, path: object) -> None:
        self.path = path

    def __fspath__(self) -> Any:
        return self.path


@pytest.mark.parametrize("path", [None, 5, 1.5, True, b"sheet.pdf", "", "   ", ["x.pdf"],
                                  _Path(None), _Path(b"x.pdf"), "a\x00b.pdf"])
def test_save_refuses_what_is_not_a_file_name(path: object, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SheetError, match="cannot save a rule sheet to") as caught:
        load_rules("satti").rule_sheet().save(path)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200
    assert not list(tmp_path.iterdir())


def test_save_quotes_a_long_name_short(tmp_path: Path) -> None:
    sheet = load_rules("satti").rule_sheet()
    with pytest.raises(SheetError, match=r"ending in '\.docx'.*expected a file name") as bad:
        sheet.save("a" * 5000 + ".docx")
    assert len(str(bad.value)) < 250 and "(5,005 characters)" in str(bad.value)
    with pytest.raises(SheetError, match="cannot write the rule sheet to") as long:
        sheet.save(tmp_path / ("a" * 5000 + ".pdf"))
    assert len(str(long.value)) < 250
    with pytest.raises(SheetError, match="No such file or directory"):
        sheet.save(tmp_path / "missing" / "sheet.txt")


def test_save_takes_text_and_path_objects_as_their_plain_value(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = load_rules("satti").rule_sheet()
    assert sheet.save(_LyingStr("s.txt")) == Path("s.txt")
    assert (tmp_path / "s.txt").read_text(encoding="utf-8").startswith("Satti (Lucky Sevens)")
    assert not (tmp_path / "elsewhere.docx").exists()
    assert sheet.save(_Path(os.fspath(tmp_path / "p.html"))).read_text(
        encoding="utf-8") == sheet.html()


@pytest.mark.parametrize("key", ["x" * 10 ** 6, None, 5, b"goal", ["goal"]])
def test_section_refuses_short(key: object) -> None:
    sheet = load_rules("sevens").rule_sheet()
    with pytest.raises(SheetError) as caught:
        sheet.section(key)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200
    with pytest.raises(SheetError) as play:
        load_rules("sevens").how_to_play().section(key)  # type: ignore[arg-type]
    assert len(str(play.value)) < 200


def test_section_reads_a_text_subclass_as_its_text() -> None:
    class Odd(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    sheet = load_rules("sevens").rule_sheet()
    assert sheet.section(Odd("glance")).key == "glance"
    with pytest.raises(SheetError, match="no section 'nope'"):
        sheet.section(Odd("nope"))
