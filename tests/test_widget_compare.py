"""RulesCompare: driven through its controls, checked on the HTML it shows."""
from __future__ import annotations

import html
from html.parser import HTMLParser

import ipywidgets as w
import pytest

from rulebook import load_rules
from rulebook.compare import compare_rules
from rulebook.errors import RulesError
from rulebook.rules import TOPICS, load_profile, profile_ids
from widgets import RulesCompare


class _Table(HTMLParser):
    """Reads the comparison table: topic rows, and per setting row its class, cells
    (text, title, clause ids)."""

    def __init__(self) -> None:
        super().__init__()
        self.topics: list[str] = []
        self.rows: list[dict] = []
        self._in_topic = False
        self._cell: dict | None = None
        self._small = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "rb-topic" in (a.get("class") or ""):
            self._in_topic = True
            self.topics.append("")
        elif tag == "tr" and "data-setting" in a:
            self.rows.append({"topic": a["data-topic"], "setting": a["data-setting"],
                              "diff": "rb-diff" in (a.get("class") or "").split(),
                              "cells": []})
        elif tag == "td" and self.rows:
            self._cell = {"text": "", "title": a.get("title"), "clauses": ""}
            self.rows[-1]["cells"].append(self._cell)
        elif tag == "small":
            self._small = True

    def handle_endtag(self, tag):
        if tag == "tr":
            self._in_topic = False
        elif tag == "td":
            self._cell = None
        elif tag == "small":
            self._small = False

    def handle_data(self, data):
        if self._in_topic:
            self.topics[-1] += data
        elif self._cell is not None:
            self._cell["clauses" if self._small else "text"] += data


def shown(rc: RulesCompare) -> _Table:
    parser = _Table()
    parser.feed(rc.table.value)
    return parser


def option_words(rc: RulesCompare) -> dict[str, str]:
    """Each option's label, read from the profiles (the table names options in words)."""
    return {name: spec.label for rules in rc.rules
            for name, spec in load_profile(rules.profile_id).options.items()}


def assert_table_matches_engine(rc: RulesCompare) -> None:
    """Every row, value, tooltip, clause list and highlight equals compare_rules' answer."""
    expected = compare_rules(*rc.rules)
    words = option_words(rc)
    table = shown(rc)
    assert [(r["topic"], r["setting"]) for r in table.rows] == \
        [(r.topic, r.setting) for r in expected]
    for got, want in zip(table.rows, expected):
        assert got["diff"] == want.differs, want.setting
        cells = got["cells"][1:]
        assert [c["text"] for c in cells] == list(want.values)
        assert [c["title"] for c in cells] == list(want.meanings)
        assert [c["clauses"] for c in cells] == [", ".join(c) for c in want.clauses]
        assert got["cells"][0]["text"] == words.get(want.setting, want.setting)
        assert "_" not in got["cells"][0]["text"]  # in words, never snake_case


def diff_settings(rc: RulesCompare) -> set[str]:
    return {r["setting"] for r in shown(rc).rows if r["diff"]}


def reason_text(rc: RulesCompare) -> str:
    return html.unescape(rc.reason.value)


def test_three_rulesets_side_by_side_highlight_exactly_the_differing_rows():
    rc = RulesCompare("badam-satti", "sevens", "satti")
    assert_table_matches_engine(rc)
    rows = compare_rules(*rc.rules)
    expected = {r.setting for r in rows if r.differs}
    assert diff_settings(rc) == expected and "opening card" in expected
    assert "deck" not in expected  # 52 cards in all three: not highlighted
    # headers are the labels, topic groups in TOPICS order
    assert ("<th>Badam Satti (classic)</th><th>Sevens (British, for chips)</th>"
            "<th>Satti (Lucky Sevens)</th>") in rc.table.value
    topics = shown(rc).topics
    assert topics == [t for t in TOPICS if t in topics] and len(topics) == len(TOPICS)
    assert sum(r["diff"] for r in shown(rc).rows) == sum(r.differs for r in rows)
    assert f"{sum(r.differs for r in rows)} of {len(rows)} settings differ" in rc.table.value


def test_toggling_a_house_rule_updates_column_and_highlight():
    rc = RulesCompare("badam-satti", "badam-satti")
    assert diff_settings(rc) == set()
    rc.controls[1]["sevens_first"].value = True
    assert rc.rules[1] == load_rules("badam-satti", sevens_first=True)
    assert_table_matches_engine(rc)
    assert diff_settings(rc) == {"must play", "sevens_first"}
    row = next(r for r in shown(rc).rows if r["setting"] == "must play")
    assert row["cells"][2]["text"] == "sevens first"
    assert row["cells"][2]["title"] == "A player holding a 7 must play a 7."
    assert "<th>Badam Satti (classic) with Sevens first</th>" in rc.table.value
    assert "Badam Satti (classic) with Sevens first" in rc.headers[1].value
    assert "Sevens first on" in reason_text(rc) and "rb-reason rb-bad" not in rc.reason.value
    assert "sevens_first" not in reason_text(rc) + rc.headers[1].value
    # a second house rule in the other column, then both back off
    rc.controls[0]["eight_before_six"].value = True
    # the engine's "sixes" row changes with the house rule, so it is marked too
    assert diff_settings(rc) == {"must play", "sevens_first", "sixes", "eight_before_six"}
    assert_table_matches_engine(rc)
    rc.controls[1]["sevens_first"].value = False
    rc.controls[0]["eight_before_six"].value = False
    assert diff_settings(rc) == set()
    assert rc.rules[0] == rc.rules[1] == load_rules("badam-satti")


def test_invalid_combination_shows_the_engine_message_and_keeps_the_rules():
    rc = RulesCompare("badam-satti", "sevens")
    rc.controls[0]["sevens_first"].value = True
    before_rules, before_table = rc.rules[0], rc.table.value
    with pytest.raises(RulesError) as caught:
        load_rules("badam-satti", sevens_first=True, ranked=True)
    rc.controls[0]["ranked"].value = True
    assert "rb-reason rb-bad" in rc.reason.value
    assert str(caught.value) in reason_text(rc)
    assert rc.rules[0] is before_rules and rc.table.value == before_table
    assert rc.controls[0]["ranked"].value is False  # the control shows what is in force
    # ranked alone is fine once the house rule is off
    rc.controls[0]["sevens_first"].value = False
    rc.controls[0]["ranked"].value = True
    assert rc.rules[0].option("ranked") is True and "rb-reason rb-bad" not in rc.reason.value
    assert_table_matches_engine(rc)


def test_dropdowns_for_choices():
    rc = RulesCompare("badam-satti", "badam-satti-app")
    rounds = rc.controls[0]["round_count"]
    assert isinstance(rounds, w.Dropdown) and list(rounds.options) == [("5", 5), ("3", 3),
                                                                       ("7", 7)]
    assert rounds.description == "Rounds in a match"
    rounds.value = 3
    match = next(r for r in shown(rc).rows if r["setting"] == "match")
    assert match["cells"][1]["text"] == "3 rounds"
    scoring = rc.controls[1]["scoring"]
    assert isinstance(scoring, w.Dropdown)
    assert [label for label, _v in scoring.options] == [
        "J, Q, K score 10", "J 11, Q 12, K 13", "1 point per card"]  # choices in words
    scoring.value = "one_per_card"
    points = next(r for r in shown(rc).rows if r["setting"] == "card points")
    engine = next(r.value for r in load_rules("badam-satti-app", scoring="one_per_card")
                  .describe() if r.setting == "card points")
    assert points["cells"][2]["text"] == engine == "1 per card"
    assert points["diff"]
    assert rc.rules[1].option("scoring") == "one_per_card"
    assert_table_matches_engine(rc)


def test_int_text_and_list_controls():
    rc = RulesCompare("sevens", "badugi")
    stack = rc.controls[0]["stack"]
    assert isinstance(stack, w.IntText)
    stack.value = 10
    assert rc.rules[0].option("stack") == 10
    assert "Sevens (British, for chips) with Starting chips: 10" in rc.table.value
    small = rc.controls[1]["small_bet"]
    assert isinstance(small, w.IntText)
    small.value = 1  # below the table's minimum of 2
    assert "rb-reason rb-bad" in rc.reason.value and "expected a whole number from 2" in reason_text(rc)
    assert small.value == 10 and rc.rules[1].option("small_bet") == 10
    small.value = 20
    assert rc.rules[1].option("small_bet") == 20 and "rb-reason rb-bad" not in rc.reason.value
    stacks = rc.controls[1]["stacks"]
    assert isinstance(stacks, w.Text)
    stacks.value = "100, 50, x"
    assert "rb-reason rb-bad" in rc.reason.value and "separated by commas" in reason_text(rc)
    assert stacks.value == "" and rc.rules[1].option("stacks") == ()
    stacks.value = "100, 50, 0"
    assert rc.rules[1].option("stacks") == (100, 50, 0)
    row = next(r for r in shown(rc).rows if r["setting"] == "stacks")
    assert row["cells"][2]["text"] == "100, 50, 0"
    assert_table_matches_engine(rc)


@pytest.mark.parametrize("pid", profile_ids())
def test_one_control_per_option_of_every_profile(pid):
    rc = RulesCompare(pid)
    profile = load_profile(pid)
    assert list(rc.controls[0]) == list(profile.options)
    for name, spec in profile.options.items():
        control = rc.controls[0][name]
        kind = (w.Checkbox if spec.type == "bool" else w.Dropdown if spec.choices is not None
                else w.IntText if spec.type == "int" else w.Text)
        assert type(control) is kind, name
        assert control.description == spec.label and spec.meaning in control.tooltip
        assert spec.label and "_" not in spec.label and spec.label[0].isupper()
    assert_table_matches_engine(rc)
    assert diff_settings(rc) == set()  # one column: nothing differs


def test_all_five_profiles_in_one_table():
    rc = RulesCompare(*profile_ids())
    assert len(rc.rules) == 5
    assert_table_matches_engine(rc)


def test_accepts_objects_ids_and_option_text():
    rc = RulesCompare(load_rules("badam-satti", flat_10=True), "sevens",
                      "badam-satti+sevens_first+round_count=3")
    assert rc.labels == ["Badam Satti (classic) with Aces and faces worth 10",
                         "Sevens (British, for chips)",
                         "Badam Satti (classic) with Sevens first, Rounds in a match: 3"]
    assert rc.controls[0]["flat_10"].value is True
    assert rc.controls[2]["round_count"].value == 3
    assert_table_matches_engine(rc)
    with pytest.raises(RulesError, match="unknown ruleset"):
        RulesCompare("badam")
    with pytest.raises(RulesError, match="at least one"):
        RulesCompare()


def test_diagram_area_is_optional():
    rc = RulesCompare("badam-satti", "sevens")
    assert rc.diagrams.layout.display == "none" and rc.diagrams in rc.widget.children
    rc.set_diagrams("<svg></svg><svg></svg>")
    assert rc.diagrams.layout.display == "" and rc.diagrams.value == "<svg></svg><svg></svg>"
    rc.set_diagrams("")
    assert rc.diagrams.layout.display == "none"


def test_displays_in_jupyter():
    rc = RulesCompare("satti")
    bundle = rc._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_option_columns_have_their_own_width_and_wrap_instead_of_overlapping():
    rc = RulesCompare("badam-satti", "badam-satti-app", "sevens")
    columns = rc.widget.children[1]
    assert columns.layout.flex_flow == "row wrap"
    for column in columns.children:
        assert "rb-compare-column" in column._dom_classes
        assert column.layout.min_width == "15em" and column.layout.overflow == "hidden"
        for control in column.children[1:]:
            assert control.layout.max_width == "100%"
    # the labels may wrap inside the column (the CSS of the widget says so)
    assert ".rb-compare-column .widget-label-basic" in rc.widget.children[0].value
    assert "white-space:normal" in rc.widget.children[0].value
