"""Rule sheets in a real browser: each ruleset's sheet (with every house rule on, the longest)
prints on at most two A4 pages (11 pt) from Chromium, and looks like a sheet on screen.

The page is ``rules.rule_sheet().html()`` written to a file; Chromium prints it with the page's
own CSS size (``@page``).  ``test-output/screenshots/rule_sheet_<ruleset>.png`` shows each sheet
(``docs/rule_sheet.png`` is the one of ``badam-satti+sevens_first``).
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from widget_pages import RAW, expect  # noqa: E402

from rulebook.rules import parse_ruleset  # noqa: E402

SHEETS = ["badam-satti+sevens_first",
          "badam-satti+sevens_first+flat_10+limited_passes+ace_high+eight_before_six"
          "+one_final_turn+round_count=3",
          "badam-satti-app+scoring=one_per_card", "sevens", "satti+seven_stacking=false",
          "badugi+small_bet=20"]


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("spec", SHEETS)
def test_rule_sheet_prints_on_one_page(chromium_browser: Any, tmp_path: Path, spec: str,
                                       shot: Callable[[Any, str], Any]) -> None:
    sheet = parse_ruleset(spec).rule_sheet()
    page_file = sheet.save(tmp_path / "sheet.html")
    context = chromium_browser.new_context(viewport={"width": 900, "height": 1300})
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        expect()(page.locator("h2")).to_have_text(sheet.title)
        for section in sheet.sections:
            expect()(page.locator("h3", has_text=section.title)).to_have_count(1)
        text = page.locator("body").inner_text()
        assert not RAW.search(text)
        assert "7H" not in text and "JS>D" not in text
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        assert _pages(pdf) <= 2, f"{spec}: the sheet prints on {_pages(pdf)} pages"
        name = spec.split("+")[0] if spec.count("+") > 1 else spec.replace("+", "_")
        shot(page, f"rule_sheet_{name.replace('=', '_')}")
    finally:
        context.close()
