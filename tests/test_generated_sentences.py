"""Every sentence the engine writes for a learner reads as a sentence: the explanations of
moves (in the player's and the table's voice), the public move log, and the how-to-play texts,
scanned over many seeded deals of every Sevens-family and Satti ruleset, house rules on and
off, and over the positions where a Satti draw finds both piles empty (SAT-PILE-3), where the
words once read "so but both piles are empty".

A defect is a doubled word ("the the", "so but"), a stray full stop or comma (".." or " ,"),
empty brackets, a Python value shown as text (None, a list or tuple repr, a quoted card) or a
number that is not one (nan).
"""
from __future__ import annotations

import re

import pytest

from rulebook.cards import ALL_CARDS, CardSet
from rulebook.protocol import autoplay
from rulebook.rules import parse_ruleset
from rulebook.sheets.document import Bullets, Para

DEFECTS = {
    "a doubled word": re.compile(r"\b(\w+) \1\b", re.IGNORECASE),
    "'so but'": re.compile(r"\bso,? but\b", re.IGNORECASE),
    "two full stops": re.compile(r"(?<!\.)\.\.(?!\.)"),
    "a space before a comma or full stop": re.compile(r" [,.;:]"),
    "empty brackets": re.compile(r"\(\s*\)|\[\s*\]"),
    "a Python None": re.compile(r"\bNone\b"),
    "a Python list or tuple": re.compile(r"\[['\"\d(]|\('|',|\)\]|frozenset|CardSet\(|Card\("),
    "a quoted card code": re.compile(r"'\w{2,3}'"),
    "nan": re.compile(r"\bnan\b", re.IGNORECASE),
    "a doubled comma or semicolon": re.compile(r"[,;]\s*[,;]"),
    "a doubled space": re.compile(r"\S  +\S"),
}
"""What a generated sentence must never contain, by name."""

SEVENS_SPECS = ["badam-satti", "badam-satti-app", "sevens", "badam-satti-app+scoring=one_per_card",
                "badam-satti+sevens_first+limited_passes",
                "badam-satti+ace_high+eight_before_six+one_final_turn+flat_10",
                "badam-satti+limited_passes+one_final_turn"]
SATTI_SPECS = ["satti", "satti+seven_stacking=false", "satti+play_after_draw=false+hand_size=7",
               "satti+hand_size=5"]


def defects(text: str) -> list[str]:
    """The names of the defects in ``text`` (empty when it reads well)."""
    return [name for name, pattern in DEFECTS.items() if pattern.search(text)]


def test_the_defect_finder_finds_each_defect() -> None:
    for bad in ("so but both piles are empty", "ends with 10♥..", "the the row", "a , b",
                "it is None", "[7♥]", "('7H',)", "score +nan", "plays ().", "pass 'KS' now",
                "x;; y", "two  spaces"):
        assert defects(bad), bad
    for good in ("Seat 2's turn, not seat 1's: 3♥ is in seat 1's hand.", "8, 8 and 9...",
                 "First name a suit, e.g. 'name S'.", "The round is over (SAT-END-1)."):
        assert not defects(good), (good, defects(good))


def _sentences_of_deal(deal: object, every: int = 2) -> list[str]:
    """The move log of a finished deal, and the explanations of many moves (legal, illegal,
    from other hands) at every ``every``-th state, in both voices."""
    out: list[str] = []
    for entry in deal.move_log():  # type: ignore[attr-defined]
        out += [entry.text, entry.reason]
    for state in deal.states()[::every]:  # type: ignore[attr-defined]
        asked = [str(m) for m in state.legal_moves()] + [c.text for c in ALL_CARDS[::3]]
        asked += ["pass", "draw", "skip", "try 3H", "try draw", "name S", "JH>S", "JH"]
        for move in asked:
            for voice in ("player", "table"):
                try:
                    out.append(state.explain(move, voice).reason)
                except Exception:  # a move the game cannot read: its own tests cover that
                    continue
    return out


def _check(texts: list[str], where: str) -> None:
    bad = sorted({f"{name}: {text}" for text in texts for name in defects(text)})
    assert not bad, f"{where}: {len(bad)} sentences with defects, e.g.\n" + "\n".join(bad[:8])


@pytest.mark.clause("BS-MOVE-5", "BS-INFO-2", "BS-END-1", "BS-HR-10")
@pytest.mark.parametrize("spec", SEVENS_SPECS)
def test_sevens_family_sentences_have_no_defects(spec: str) -> None:
    rules = parse_ruleset(spec)
    texts: list[str] = []
    for players in (3, 4, rules.max_players):
        for seed in range(4):
            deal = autoplay(rules.new_deal(players=players, seed=seed), "random", seed=seed)
            texts += _sentences_of_deal(deal, every=3)
    _check(texts, spec)


@pytest.mark.clause("SAT-TURN-6", "SAT-SEVEN-6", "SAT-EIGHT-3", "SAT-PILE-1")
@pytest.mark.parametrize("spec", SATTI_SPECS)
def test_satti_sentences_have_no_defects(spec: str) -> None:
    rules = parse_ruleset(spec)
    texts: list[str] = []
    for players in (2, 3, 4, 6):
        for seed in range(5):
            deal = autoplay(rules.new_deal(players=players, seed=seed), "easy", seed=seed)
            texts += _sentences_of_deal(deal)
    _check(texts, spec)


def _empty_piles(rules: object, top: str, penalty: int = 0, skipped: bool = False) -> object:
    """Two players hold every card but ``top``; seat 0 holds no 7, no jack, nothing that fits
    ``top``: any draw finds both piles empty (SAT-PILE-3)."""
    suit, rank = top[1], top[0]
    mine = [c.text for c in ALL_CARDS
            if c.text[1] != suit and c.text[0] not in (rank, "7", "J")][:25]
    theirs = str(CardSet.full() - CardSet.parse(" ".join(mine + [top])))
    return rules.position(top=top, penalty=penalty, skipped=skipped,  # type: ignore[attr-defined]
                          hands=[" ".join(mine), theirs])


@pytest.mark.clause("SAT-PILE-3", "SAT-END-5", "SAT-SEVEN-6", "SAT-TURN-3")
@pytest.mark.parametrize("spec", SATTI_SPECS)
def test_a_draw_with_both_piles_empty_reads_well(spec: str) -> None:
    rules = parse_ruleset(spec)
    texts: list[str] = []
    for top, penalty, skipped in (("9H", 0, False), ("7H", 2, False), ("8H", 0, True)):
        state = _empty_piles(rules, top, penalty, skipped)
        for move in ("draw", "skip", "5C", "try 5C", "try draw"):
            for voice in ("player", "table"):
                try:
                    texts.append(state.explain(move, voice).reason)  # type: ignore[attr-defined]
                except Exception:
                    continue
        legal = state.legal_moves()  # type: ignore[attr-defined]
        after = state.play(legal[0])  # type: ignore[attr-defined]
        texts += [t for e in after.move_log() for t in (e.text, e.reason)]
    _check(texts, spec)
    words = _empty_piles(rules, "9H").explain("draw").reason  # type: ignore[attr-defined]
    assert "both piles are empty" in words and "round stops" in words
    log = " ".join(e.text for e in _empty_piles(rules, "9H").play("draw").move_log())  # type: ignore[attr-defined]
    assert "draws 0 cards" not in log and "both piles are empty" in log


def _words_of_sections(sections: object) -> list[str]:
    """Every paragraph, list item and table cell of some sections, one text each."""
    out: list[str] = []
    for section in sections:  # type: ignore[attr-defined]
        out.append(section.title)
        for block in section.blocks:
            if isinstance(block, Para):
                out.append(block.plain())
            elif isinstance(block, Bullets):
                out += [item.plain() for item in block.items]
            else:
                out += [cell for row in (block.header, *block.rows) for cell in row]
    return out


@pytest.mark.parametrize("spec", SEVENS_SPECS + SATTI_SPECS)
def test_how_to_play_and_rule_sheet_read_well(spec: str) -> None:
    rules = parse_ruleset(spec)
    play, sheet = rules.how_to_play(), rules.rule_sheet()
    texts = [play.title, play.intro, sheet.title, sheet.subtitle]
    texts += _words_of_sections(play.sections) + _words_of_sections(sheet.sections)
    _check(texts, spec)
