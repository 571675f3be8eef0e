"""How to play, rule sheets and the rules table (``rulebook.sheets``): written from the rules
object, changed by every house rule, true in their worked examples, printable on two A4 pages
(one when it fits).

The facts the texts state are checked against the clauses written out here by hand (hand
sizes of BS-DEAL-6, card points of BS-END-3..5 and BS-HR-7, the legal cards of the worked
positions by BS-MOVE-1, BS-HR-5, BS-HR-15, SAT-FIT-2..3, SAT-SEVEN-2..5, the counting cards of
BDG-EX-1), not against the engine's own helpers.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
import pytest

from rulebook import load_rules
from rulebook.__main__ import main
from rulebook.rules import parse_ruleset
from rulebook.sheets import HowToPlay, RuleSheet, SheetError, how_to_play, rule_sheet
from rulebook.sheets import document as sheet_document

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]
CLAUSE_ID = re.compile(r"\b(BS|SAT|BDG)-[A-Z]+-\d+\b")
LETTER_CARD = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b")
ALL_HOUSE_RULES = ("badam-satti+sevens_first+flat_10+limited_passes+ace_high+eight_before_six"
                   "+one_final_turn+round_count=3")


def text_of(spec: str) -> str:
    return parse_ruleset(spec).how_to_play().text()


def section_text(spec: str, key: str) -> str:
    return parse_ruleset(spec).how_to_play().section(key).text()


# --- shape ------------------------------------------------------------------------------------

@pytest.mark.parametrize("pid", PROFILES)
def test_every_game_has_a_how_to_play_with_the_parts_a_learner_needs(pid: str) -> None:
    play = load_rules(pid).how_to_play()
    assert isinstance(play, HowToPlay)
    for key in ("goal", "setup", "turn", "end", "house_rules", "example"):
        assert play.section(key).blocks, f"{pid}: section {key} is empty"
    assert play.title == f"How to play {load_rules(pid).title}"
    with pytest.raises(SheetError, match="no section 'nope'"):
        play.section("nope")


@pytest.mark.parametrize("spec", PROFILES + [ALL_HOUSE_RULES, "satti+seven_stacking=false",
                                             "badam-satti-app+scoring=one_per_card"])
def test_how_to_play_has_no_clause_ids_and_only_card_symbols(spec: str) -> None:
    play = parse_ruleset(spec).how_to_play()
    for text in (play.text(), play.html()):
        assert not CLAUSE_ID.search(text), CLAUSE_ID.search(text)
        assert not LETTER_CARD.search(text), LETTER_CARD.search(text)
        assert "Row(" not in text and "('" not in text
        assert "_" not in re.sub(r"<[^>]*>|\{[^}]*\}|rb-\w+", "", text), "a snake_case name"


def test_badugi_explains_the_poker_words_before_it_uses_them() -> None:
    play = load_rules("badugi").how_to_play()
    assert play.keys[0] == "words"
    words = play.section("words").text().lower()
    for word in ("blind", "bet", "raise", "call", "fold", "cap", "side pot", "button",
                 "showdown", "check", "all in", "pot"):
        assert word in words, word


# --- from the rules object: each fact, and each house rule changes it ------------------------

@pytest.mark.clause("BS-OPEN-1", "BS-OPEN-2", "BS-DEAL-1", "BS-DEAL-2")
@pytest.mark.parametrize("pid, opening, players", [("badam-satti", "7♥", "3 to 6"),
                                                   ("badam-satti-app", "7♥", "3 to 7"),
                                                   ("sevens", "7♦", "3 to 7")])
def test_sevens_family_setup_names_its_opening_card_and_players(pid: str, opening: str,
                                                                players: str) -> None:
    setup = section_text(pid, "setup")
    assert f"holds the {opening} starts" in setup
    assert setup.startswith(f"Setting up\n----------\n{players} players")


@pytest.mark.clause("BS-DEAL-6")
def test_hand_sizes_are_those_of_the_rules() -> None:
    sizes = {3: "18, 17, 17", 5: "11, 11, 10, 10, 10", 6: "9, 9, 9, 9, 8, 8",
             7: "8, 8, 8, 7, 7, 7, 7"}
    classic = section_text("badam-satti", "setup")
    sevens = section_text("sevens", "setup")
    for n, text in sizes.items():
        assert (f"{n} players: {text}" in classic) == (n <= 6)
        assert f"{n} players: {text}" in sevens
    assert "With 4 players everyone gets 13 cards" in classic


@pytest.mark.clause("BS-END-3", "BS-END-4", "BS-END-5", "BS-HR-7", "BS-HR-14")
@pytest.mark.parametrize("spec, points", [
    ("badam-satti", "A 1, 2 to 10 their number, J 11, Q 12 and K 13"),
    ("badam-satti+flat_10", "2 to 10 their number and A, J, Q and K 10 each"),
    ("badam-satti+flat_10+ace_high", "2 to 10 their number and A, J, Q and K 10 each"),
    ("badam-satti-app", "A 1, 2 to 10 their number and J, Q and K 10 each"),
    ("badam-satti-app+scoring=court_11_12_13", "A 1, 2 to 10 their number, J 11, Q 12 and K 13"),
    ("badam-satti-app+scoring=one_per_card", "every card counts 1 point"),
])
def test_card_points_follow_the_scoring_rules(spec: str, points: str) -> None:
    assert f"the cards still in their hand: {points}." in section_text(spec, "end")


@pytest.mark.clause("BS-CHIP-2", "BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5", "BS-CHIP-8")
def test_sevens_is_played_for_chips() -> None:
    text = text_of("sevens")
    assert "puts 1 chip into the pool before each deal" in text
    assert "Every pass costs you 1 chip" in text
    assert "pays the winner 1 chip for each card left" in text
    assert "penalty points" not in text.replace("played for penalty points", "")
    assert "starts with 5 chips" in text_of("sevens+stack=5")
    assert "A match is 3 deals" in text_of("sevens+deals=3")


@pytest.mark.clause("BS-MATCH-2", "BS-MATCH-3", "BS-MATCH-6", "BS-MATCH-7", "BS-HR-18")
def test_the_match_and_its_tie_break() -> None:
    assert "A match is 5 rounds" in text_of("badam-satti")
    assert "fewer cards held at the end of the last round, then more rounds won, then the " \
           "better average place" in text_of("badam-satti")
    assert "A match is 3 rounds" in text_of("badam-satti+round_count=3")
    assert "After 7 rounds" in section_text("badam-satti+round_count=7", "goal")
    app = text_of("badam-satti-app+deals=3")
    assert "A match is 3 deals" in app and "Equal totals share the place" in app


HOUSE_RULE_SECTIONS = {
    "sevens_first": {"turn", "example", "house_rules"},
    "flat_10": {"end", "example", "house_rules"},
    "limited_passes": {"turn", "end", "example", "house_rules"},
    "ace_high": {"turn", "house_rules"},
    "eight_before_six": {"turn", "example", "house_rules"},
    "one_final_turn": {"end", "house_rules"},
    "round_count=3": {"goal", "end", "house_rules"},
}


@pytest.mark.clause("BS-HR-1", "BS-HR-5", "BS-HR-7", "BS-HR-8", "BS-HR-13", "BS-HR-15",
                    "BS-HR-16", "BS-HR-18")
@pytest.mark.parametrize("rule", sorted(HOUSE_RULE_SECTIONS))
def test_each_house_rule_changes_exactly_the_parts_it_touches(rule: str) -> None:
    classic = load_rules("badam-satti").how_to_play()
    ruled = parse_ruleset(f"badam-satti+{rule}").how_to_play()
    changed = {s.key for s, t in zip(classic.sections, ruled.sections) if s != t}
    assert classic.keys == ruled.keys
    assert changed == HOUSE_RULE_SECTIONS[rule]
    label = load_rules("badam-satti").profile.options[rule.split("=")[0]].label
    assert f"• {label}" in ruled.section("house_rules").text()


@pytest.mark.clause("BS-HR-6", "BS-HR-9", "BS-HR-10", "BS-HR-12", "BS-HR-17")
def test_house_rule_wording() -> None:
    limited = section_text("badam-satti+limited_passes", "turn")
    assert "You have 3 passes per round. You may pass even when you could play." in limited
    both = section_text("badam-satti+limited_passes+sevens_first", "turn")
    assert "You may pass even when you could play, unless you hold a 7." in both
    assert "round ends with no winner" in section_text("badam-satti+limited_passes", "end")
    final = section_text("badam-satti+one_final_turn", "end")
    assert "takes one more turn" in final and "Only the first player out wins" in final
    high = section_text("badam-satti+ace_high", "turn")
    assert "an ace goes only after its suit's king" in high


@pytest.mark.clause("SAT-SETUP-1", "SAT-SETUP-2", "SAT-TURN-4", "SAT-TURN-5", "SAT-SEVEN-2",
                    "SAT-SEVEN-5")
def test_satti_options_change_the_text() -> None:
    assert "Everyone gets 6 cards" in text_of("satti")
    for size in (5, 7):
        assert f"Everyone gets {size} cards" in text_of(f"satti+hand_size={size}")
    assert "2 to 6 players" in section_text("satti", "setup")
    assert "it is played at once" in section_text("satti", "turn")
    off = section_text("satti+play_after_draw=false", "turn")
    assert "even if the card you drew fits" in off and "played at once" not in off
    stacking = section_text("satti", "special")
    assert "unless they answer with a 7 of their own" in stacking
    no_stacking = section_text("satti+seven_stacking=false", "special")
    assert "They cannot answer with a 7" in no_stacking
    rules = section_text("satti+seven_stacking=false", "house_rules")
    label = load_rules("satti").profile.options["seven_stacking"].label
    assert f"{label}: off." in rules


@pytest.mark.clause("BDG-SEAT-4", "BDG-SEAT-5", "BDG-BET-2", "BDG-BET-5", "BDG-SEAT-2")
@pytest.mark.parametrize("small_bet", [2, 10, 20, 25])
def test_badugi_stakes_come_from_the_small_bet(small_bet: int) -> None:
    text = text_of(f"badugi+small_bet={small_bet}")
    chips = "chip" if small_bet // 2 == 1 else "chips"
    assert f"small blind of {small_bet // 2} {chips}, and the next player the big blind of " \
           f"{small_bet}." in text
    assert f"Bets and raises are {small_bet} chips in the first two rounds and " \
           f"{2 * small_bet} in the last two" in text
    assert f"the most anyone can put in then is {4 * small_bet}" in text
    assert "each with 100 chips" in text
    assert "each with 50 chips" in text_of("badugi+stack=50")
    assert "their own stack (100, 100, 15 chips)" in load_rules(
        "badugi", stacks=[100, 100, 15]).how_to_play().text()


# --- the worked examples are true ------------------------------------------------------------

def _example_plays(spec: str) -> str:
    lines = section_text(spec, "example").splitlines()
    return next(line for line in lines if line.startswith("You may"))


@pytest.mark.clause("BS-MOVE-1", "BS-ROW-1", "BS-ROW-3", "BS-HR-5", "BS-HR-15", "BS-HR-13",
                    "BS-HR-9", "BS-OPEN-1", "BS-OPEN-2")
@pytest.mark.parametrize("spec, plays", [
    # 4 players. The opening suit's row runs 4 to 10 (7♥ opens Badam Satti, 7♦ Sevens), the
    # clubs row is 7♣; the hand is 3, J, K of the opening suit, 2♣ 6♣ 8♣ Q♣ 7♠ K♠ and the 2
    # and 9 of the fourth suit (BS-MOVE-1: the row ends and a new 7).
    ("badam-satti", "You may play 3♥, J♥, 6♣, 8♣ or 7♠."),
    ("sevens", "You may play 3♦, J♦, 6♣, 8♣ or 7♠."),
    ("badam-satti+ace_high", "You may play 3♥, J♥, 6♣, 8♣ or 7♠."),
    ("badam-satti+sevens_first", "You may play 7♠."),
    ("badam-satti+eight_before_six", "You may play 3♥, J♥, 8♣ or 7♠."),
    ("badam-satti+limited_passes", "You may play 3♥, J♥, 6♣, 8♣ or 7♠, or pass."),
    ("badam-satti+limited_passes+sevens_first", "You may play 7♠."),
])
def test_the_sevens_example_lists_exactly_the_legal_cards(spec: str, plays: str) -> None:
    assert _example_plays(spec) == plays
    example = section_text(spec, "example")
    unstarted = ("K♠, 2♥ and 9♥ cannot be played yet: the hearts and spades rows have not "
                 "started" if spec == "sevens" else
                 "K♠, 2♦ and 9♦ cannot be played yet: the diamonds and spades rows have not "
                 "started")
    assert unstarted in example


@pytest.mark.clause("BS-END-2", "BS-END-3", "BS-END-4", "BS-END-5", "BS-HR-7", "BS-CHIP-5")
@pytest.mark.parametrize("spec, score", [
    ("badam-satti", "3 + 11 + 13 + 2 + 6 + 8 + 12 + 7 + 13 + 2 + 9 = 86 points"),
    ("badam-satti+flat_10", "3 + 10 + 10 + 2 + 6 + 8 + 10 + 7 + 10 + 2 + 9 = 77 points"),
    ("badam-satti-app", "3 + 10 + 10 + 2 + 6 + 8 + 10 + 7 + 10 + 2 + 9 = 77 points"),
    ("badam-satti-app+scoring=one_per_card", " + ".join(["1"] * 11) + " = 11 points"),
    ("sevens", "you would pay them 11 chips"),
])
def test_the_sevens_example_scores_the_hand_by_the_rules(spec: str, score: str) -> None:
    assert score in section_text(spec, "example")


@pytest.mark.clause("SAT-FIT-2", "SAT-FIT-3", "SAT-TURN-2", "SAT-SEVEN-2", "SAT-SEVEN-3",
                    "SAT-SEVEN-4", "SAT-SEVEN-5", "SAT-EX-1")
def test_the_satti_example_is_true() -> None:
    # Top 9♥, hand 9♣ 4♥ J♠ K♦ 7♠: 9♣ by rank, 4♥ by suit, J♠ is wild; draw is not legal.
    example = section_text("satti", "example")
    assert "You may play 4♥, 9♣ or J♠. K♦ and 7♠ do not fit" in example
    assert "You may not draw, because you can play." in example
    assert "answer with your 7♠, which passes a penalty of 4 to the next player, or draw 2" \
        in example
    off = section_text("satti+seven_stacking=false", "example")
    assert "your only move is to draw 2 cards" in off and "answer with your 7♠" not in off


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-4", "BDG-RANK-5", "BDG-EX-1")
def test_the_badugi_example_is_true() -> None:
    # KC 2C 3D 4H is the three-card hand 4-3-2: 2C counts and KC does not (BDG-EX-1).
    example = section_text("badugi", "example")
    assert "The counting cards are 4♥, 3♦ and 2♣: a three-card hand 4-3-2." in example
    assert "K♣ does not count: it shares clubs with the 2♣" in example
    assert "such as 9♣ 10♦ J♥ K♠ beats it" in example
    assert "Any spade but the 2, 3 or 4 makes a badugi" in example


# --- rule sheets ------------------------------------------------------------------------------

def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


@pytest.mark.parametrize("spec", PROFILES + [ALL_HOUSE_RULES, "satti+seven_stacking=false+"
                                             "play_after_draw=false+hand_size=7",
                                             "badugi+small_bet=50+stacks=100,20,5,300"])
def test_rule_sheet_comes_from_the_same_source_and_fits_one_page(spec: str) -> None:
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[lab]'")
    rules = parse_ruleset(spec)
    sheet = rules.rule_sheet()
    assert isinstance(sheet, RuleSheet)
    play = rules.how_to_play()
    for key in play.keys:
        assert sheet.section(key) == play.section(key), key
    assert sheet.keys[-1] == "glance"
    page = sheet.html()
    assert page.startswith("<!DOCTYPE html>") and "@page{size:A4" in page
    assert "@media print" in page
    for section in sheet.sections:
        assert section.title in page
    assert not CLAUSE_ID.search(sheet.text())
    assert "Row(" not in page and "('" not in page
    pdf = sheet.pdf()
    assert pdf.startswith(b"%PDF-")
    assert _pdf_pages(pdf) <= 2, f"{spec}: the PDF sheet is {_pdf_pages(pdf)} pages"


@pytest.mark.clause("BS-HR-1", "BS-HR-4")
def test_rule_sheet_names_the_house_rules_that_are_on() -> None:
    classic = load_rules("badam-satti").rule_sheet()
    assert "standard rules (no house rules switched on)" in classic.subtitle
    ruled = parse_ruleset("badam-satti+sevens_first+round_count=3").rule_sheet()
    assert "house rules: sevens first, rounds in a match: 3" in ruled.subtitle
    assert "Sevens first." in ruled.section("house_rules").text()
    assert ruled.html() != classic.html()
    glance = dict(ruled.section("glance").blocks[0].rows)  # type: ignore[union-attr]
    assert glance["must play"] == "sevens first" and glance["match"] == "3 rounds"
    assert "This ruleset has no house rules" in load_rules("sevens").rule_sheet().text()


def test_rule_sheet_saves_by_suffix(tmp_path: Path) -> None:
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[lab]'")
    sheet = load_rules("satti").rule_sheet()
    assert sheet.save(tmp_path / "s.html").read_text(encoding="utf-8") == sheet.html()
    assert (tmp_path / "s.HTM").exists() is False
    assert sheet.save(tmp_path / "s.pdf").read_bytes().startswith(b"%PDF-")
    assert sheet.save(tmp_path / "s.txt").read_text(encoding="utf-8").startswith(
        "Satti (Lucky Sevens)\n====")
    with pytest.raises(SheetError, match=r"cannot save a rule sheet as 's\.docx': expected"):
        sheet.save(tmp_path / "s.docx")
    assert not (tmp_path / "s.docx").exists()


def test_pdf_without_a_font_file_uses_the_standard_symbol_font(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[lab]'")
    monkeypatch.setattr(sheet_document, "suit_font_path", lambda: None)
    pdf = parse_ruleset(ALL_HOUSE_RULES).rule_sheet().pdf()
    assert b"ZapfDingbats" in pdf and _pdf_pages(pdf) <= 2


def test_pdf_without_fpdf2_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fpdf", None)
    with pytest.raises(SheetError, match="needs the fpdf2 package"):
        load_rules("badugi").rule_sheet().pdf()


def test_sheets_are_read_from_the_rules_object_and_import_nothing_heavy() -> None:
    code = ("import rulebook, sys, json\n"
            "for pid in rulebook.profile_ids():\n"
            "    r = rulebook.load_rules(pid)\n"
            "    r.how_to_play().html(); r.rule_sheet().html(); r.rules_table().html()\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout.splitlines()[-1])}
    assert not loaded & {"fpdf", "pandas", "numpy", "ipywidgets", "IPython", "graphviz",
                         "matplotlib"}


def test_an_unknown_game_has_no_how_to_play() -> None:
    class Strange:
        game = "chess"
        profile_id = "chess"

    with pytest.raises(SheetError, match="no how-to-play is written for the game 'chess'"):
        how_to_play(Strange())
    with pytest.raises(SheetError):
        rule_sheet(Strange())


# --- the rules table --------------------------------------------------------------------------

@pytest.mark.parametrize("spec", PROFILES + [ALL_HOUSE_RULES])
def test_rules_table_reads_as_plain_words_with_clause_ids_small_and_last(spec: str) -> None:
    rules = parse_ruleset(spec)
    table = rules.rules_table()
    html = table._repr_html_()
    assert "Row(" not in html and "('" not in html and "(BS-" not in html
    rows = re.findall(r"<tr>(.*?)</tr>", html, flags=re.S)
    described = rules.describe()
    assert len(rows) == len(described) + 1  # the header row
    for row, line in zip(rows[1:], described):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        assert re.sub(r"<[^>]+>", "", cells[-1]) == ", ".join(line.clauses)
        assert 'class="rb-clauses"' in row.rsplit("<td", 1)[1]
        assert all(not CLAUSE_ID.search(c) for c in cells[:-1])
    assert "text-align:left" in html
    for shown in (repr(table), repr(rules.how_to_play()), repr(rules.rule_sheet())):
        assert "Row(" not in shown and "Para(" not in shown and "('" not in shown
    assert not LETTER_CARD.search(re.sub(r"<style>.*?</style>", "", html, flags=re.S))


# --- the command line -------------------------------------------------------------------------

def test_cli_sheet_prints_html_or_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", "badam-satti+sevens_first"]) == 0
    out = capsys.readouterr().out
    assert out == parse_ruleset("badam-satti+sevens_first").rule_sheet().html()
    assert main(["sheet", "satti", "--text"]) == 0
    assert capsys.readouterr().out.startswith("Satti (Lucky Sevens)\n")


def test_cli_sheet_writes_a_file_by_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    pytest.importorskip("fpdf", reason="fpdf2 is missing: pip install -e '.[lab]'")
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "badam-satti+sevens_first", "--out", str(target)]) == 0
    assert target.read_bytes().startswith(b"%PDF-")
    assert f"wrote {target}" in capsys.readouterr().err
    html = tmp_path / "sheet.html"
    assert main(["sheet", "sevens", "--out", str(html)]) == 0
    assert "7♦" in html.read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["sheet", "nope"], "unknown ruleset 'nope'"),
    (["sheet", "badam-satti+wild"], "unknown option 'wild'"),
    (["sheet", "satti", "--out", "sheet.doc"], "expected a file name ending in .html, .pdf"),
])
def test_cli_sheet_refuses_bad_input(args: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.clause("BS-HR-1")
def test_rules_table_names_options_by_their_labels_and_can_keep_one_topic() -> None:
    from rulebook.sheets import rules_table

    classic = load_rules("badam-satti")
    table = rules_table(classic, topics=("house rules",))
    assert [r.setting for r in table.rows] == list(classic.profile.options)
    html = table.html()
    for spec in classic.profile.options.values():
        assert f"<td>{spec.label}</td>" in html
    assert "sevens_first" not in html and "house rules" in table.title
