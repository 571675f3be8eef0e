"""VariantLab, headless: set its controls, click Run, read what it shows (issue 6)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import ipywidgets as w
import pandas as pd
import pytest

from rulebook import load_rules
from rulebook import simulation
from rulebook.simulation import SUMMARY_COLUMNS, simulate, summarize
from rulebook.html import ruleset_caption
from widgets import VariantLab
from widgets.lab import measure_names


class _Tables(HTMLParser):
    """The cells of every <table> in an HTML text (header row first)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data) -> None:
        if self._cell is not None:
            self._cell.append(data)


def shown_tables(html: str) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(html)
    return parser.tables


MEASURES = {  # each ruleset's measures, in words (the lab heads the columns with them)
    "badam-satti": ("mean penalty points", "mean passes"),
    "badam-satti-app": ("mean penalty points", "mean passes"),
    "sevens": ("mean chips won", "mean passes"),
    "satti": ("mean cards held at the end", "mean draws"),
    "badugi": ("mean chips won", "fold rate"),
}


def assert_table_shows(rows: list[list[str]], table: pd.DataFrame, profile: str) -> None:
    """The HTML rows show exactly the summary table's groups and numbers (3 decimals), the
    columns headed with the ruleset's own measures."""
    points, passes = MEASURES[profile]
    assert rows[0] == ["group", "rows", "win rate", points, passes, "mean turns", "mean place"]
    assert len(rows) - 1 == len(table)
    for shown, (_, want) in zip(rows[1:], table.iterrows()):
        assert shown[0] == want["group"]
        assert int(shown[1]) == want["rows"]
        for text, column in zip(shown[2:], SUMMARY_COLUMNS[2:]):
            assert float(text) == pytest.approx(want[column], abs=0.00051), (shown[0], column)


def bars(svg: str) -> list[tuple[str, str, float]]:
    return [(series, label, float(value)) for series, label, value in re.findall(
        r'<rect class="rb-bar" data-series="([^"]*)" data-label="([^"]*)" '
        r'data-value="([^"]*)"', svg)]


def seat_rates(table: pd.DataFrame) -> list[float]:
    return list(table[table["group"].str.startswith("seat ")]["win rate"])


# profile, options set through the controls, players, bot per seat, deals
SETTINGS = [
    ("badam-satti", {"sevens_first": True, "ace_high": True, "round_count": 3}, 5,
     ["smart", "random", "random", "smart", "random"], 300),
    ("badam-satti-app", {"scoring": "one_per_card"}, 7, ["random"] * 7, 300),
    ("sevens", {"stack": 4}, 3, ["smart", "smart", "random"], 300),
    ("satti", {"hand_size": 5, "seven_stacking": False}, 2, ["easy", "smart"], 300),
    ("badugi", {"small_bet": 4}, 6, ["smart", "random", "random", "random", "smart", "random"],
     200),
]


def _set(lab: VariantLab, profile, options, players, bots, deals, seed=7) -> None:
    lab.profile.value = profile
    for name, value in options.items():
        lab.option_controls[name].value = value
    lab.players.value = players
    for dropdown, name in zip(lab.bot_dropdowns, bots):
        dropdown.value = name
    lab.deals.value = deals
    lab.seed.value = seed


@pytest.mark.parametrize("profile, options, players, bots, deals", SETTINGS,
                         ids=[s[0] for s in SETTINGS])
def test_run_shows_the_engines_summary(profile, options, players, bots, deals,
                                       monkeypatch) -> None:
    monkeypatch.setattr(simulation, "CHUNK", 100)
    lab = VariantLab()
    _set(lab, profile, options, players, bots, deals)
    seen: list[int] = []
    lab.progress.observe(lambda change: seen.append(change["new"]), names="value")
    lab.run_button.click()

    rules = load_rules(profile, **options)
    frame = simulate(rules, players=players, deals=deals, bots=bots, seed=7)
    table = summarize(frame)
    # The frame and table are the engine's, for exactly these arguments.
    pd.testing.assert_frame_equal(lab.frame, frame)
    pd.testing.assert_frame_equal(lab.table, table)
    assert len(lab.frame) == deals * players
    # What it shows: the summary's numbers, the progress bar full, the chart's bars.
    tables = shown_tables(lab.summary.value)
    assert len(tables) == 1
    assert_table_shows(tables[0], table, profile)
    assert lab.progress.max == deals and lab.progress.value == deals
    assert lab.progress.bar_style == "success"
    assert [v for v in seen if v] == sorted(v for v in seen if v) and 100 in seen
    svg = ET.fromstring(lab.plot.value)  # well-formed SVG
    assert svg.get("role") == "img" and "Win rate per seat" in svg.get("aria-label")
    shown = bars(lab.plot.value)
    assert [label for _, label, _ in shown] == [f"seat {s}" for s in range(players)]
    assert [value for _, _, value in shown] == pytest.approx(seat_rates(table), abs=1e-6)
    for _, _, value in shown:
        assert f"{value:.1%}" in lab.plot.value  # each bar carries its number as text
    assert "class='rb-reason rb-bad'" not in lab.message.value
    assert f"Played {deals:,} deal(s) of {ruleset_caption(rules)} with {players} players" \
        in lab.message.value.replace("&#x27;", "'")
    assert "_" not in re.sub(r"<[^>]+>", "", lab.summary.value.split("</style>")[-1])


@pytest.mark.parametrize("profile, low, high", [
    ("badam-satti", 3, 6), ("badam-satti-app", 3, 7), ("sevens", 3, 7), ("satti", 2, 6),
    ("badugi", 2, 8)])
def test_players_bounded_by_the_rules_and_bots_per_seat(profile, low, high) -> None:
    lab = VariantLab()
    lab.profile.value = profile
    assert (lab.players.min, lab.players.max) == (low, high)
    game = load_rules(profile).game
    expected = {"sevens": ["random", "smart"], "satti": ["random", "easy", "smart"],
                "badugi": ["random", "smart"]}[game]
    lab.players.value = high
    assert len(lab.bot_dropdowns) == high == len(lab.bots_box.children)
    assert all(sorted(v for _l, v in d.options) == sorted(expected) for d in lab.bot_dropdowns)
    assert ("random (any legal move)", "random") in lab.all_bots.options  # in words
    lab.all_bots.value = expected[-1]
    assert lab.bot_values() == [expected[-1]] * high
    lab.players.value = low
    assert lab.bot_values() == [expected[-1]] * low


def test_option_controls_come_from_the_profile_and_are_rebuilt() -> None:
    lab = VariantLab("badam-satti")
    controls = lab.option_controls
    assert list(controls) == ["sevens_first", "flat_10", "limited_passes", "ace_high",
                              "eight_before_six", "one_final_turn", "round_count", "ranked"]
    assert all(isinstance(controls[n], w.Checkbox) for n in list(controls)[:6] + ["ranked"])
    assert isinstance(controls["round_count"], w.Dropdown)
    assert list(controls["round_count"].options) == [("5", 5), ("3", 3), ("7", 7)]
    assert "A player holding a 7 must play a 7." in controls["sevens_first"].tooltip
    assert "BS-HR-5" in controls["sevens_first"].tooltip
    assert [o for o in lab.compare.options][1:] == [
        ("Sevens first", "sevens_first"), ("Aces and faces worth 10", "flat_10"),
        ("Three passes per round", "limited_passes"), ("Aces high (after the king)", "ace_high"),
        ("Eight before six", "eight_before_six"), ("One final turn", "one_final_turn"),
        ("Ranked game (no house rules)", "ranked")]
    # every option is labelled in words, a house rule says so
    assert controls["sevens_first"].description == "Sevens first (house rule)"
    assert controls["ranked"].description == "Ranked game (no house rules)"
    assert all("_" not in c.description for c in controls.values())
    lab.profile.value = "satti"
    assert list(lab.option_controls) == ["hand_size", "seven_stacking", "play_after_draw"]
    assert isinstance(lab.option_controls["hand_size"], w.Dropdown)
    assert lab.options_box.children == tuple(lab.option_controls.values())
    assert lab.option_controls["seven_stacking"].value is True  # the profile's default
    lab.profile.value = "badugi"
    assert isinstance(lab.option_controls["small_bet"], w.IntText)
    assert isinstance(lab.option_controls["stacks"], w.Text)
    # Stacks for three seats: the engine now accepts exactly three players.
    lab.option_controls["stacks"].value = "100, 0, 50"
    assert (lab.players.min, lab.players.max, lab.players.value) == (3, 3, 3)
    lab.deals.value = 40
    lab.run_button.click()
    assert len(lab.frame) == 120
    assert set(lab.frame[lab.frame["seat"] == 1]["stack"]) == {0}  # seat 1 sits out


def test_bad_combination_shows_the_engines_message_not_a_traceback() -> None:
    lab = VariantLab("badam-satti")
    lab.deals.value = 50
    lab.run_button.click()
    before = lab.summary.value
    assert "<table" in before
    lab.option_controls["ranked"].value = True
    lab.option_controls["flat_10"].value = True
    assert "class='rb-reason rb-bad'" in lab.message.value
    assert "allows no house rules" in lab.message.value and "flat_10" in lab.message.value
    lab.run_button.click()
    assert "class='rb-reason rb-bad'" in lab.message.value and "BS-HR-2" in lab.message.value
    assert "Traceback" not in lab.message.value
    assert lab.summary.value == before  # the last good result stays
    lab.option_controls["ranked"].value = False
    lab.deals.value = -3
    lab.run_button.click()
    assert "class='rb-reason rb-bad'" in lab.message.value and "deals=-3: expected a whole number" \
        in lab.message.value
    lab.profile.value = "badugi"
    lab.option_controls["stacks"].value = "lots"
    lab.run_button.click()
    assert "class='rb-reason rb-bad'" in lab.message.value and \
        "is not a list of whole numbers" in lab.message.value
    lab.option_controls["stacks"].value = "5"
    assert "class='rb-reason rb-bad'" in lab.message.value and "one stack for each of 2 to 8 seats" \
        in lab.message.value


def test_zero_deals_and_profile_change_clear_the_result() -> None:
    lab = VariantLab("sevens", deals=0)
    lab.run_button.click()
    assert len(lab.frame) == 0 and "Played 0 deal(s)" in lab.message.value
    assert shown_tables(lab.summary.value)[0] == [
        ["group", "rows", "win rate", "mean chips won", "mean passes", "mean turns",
         "mean place"]]
    lab.profile.value = "satti"
    assert lab.frame is None and lab.summary.value == "" and lab.plot.value == ""


def test_compare_a_house_rule_off_and_on(monkeypatch) -> None:
    lab = VariantLab("badam-satti", players=4, deals=200, seed=3,
                     bots=["smart", "random", "random", "random"])
    assert lab.bot_values() == ["smart", "random", "random", "random"]
    lab.option_controls["flat_10"].value = True
    lab.compare.value = "sevens_first"
    lab.run_button.click()
    rules = load_rules("badam-satti", flat_10=True)
    tables = shown_tables(lab.summary.value)
    assert len(tables) == 2
    for rows, key in zip(tables, ("off", "on")):
        frame = simulate(rules.with_options(sevens_first=key == "on"), 4, 200,
                         ["smart", "random", "random", "random"], 3)
        pd.testing.assert_frame_equal(lab.frames[key], frame)
        assert_table_shows(rows, summarize(frame), "badam-satti")
    assert "Sevens first off" in lab.summary.value and "Sevens first on" in lab.summary.value
    shown = bars(lab.plot.value)
    assert [s for s, _, _ in shown] == ["Sevens first off", "Sevens first on"] * 4
    assert [v for _, _, v in shown[::2]] == pytest.approx(seat_rates(lab.tables["off"]))
    assert [v for _, _, v in shown[1::2]] == pytest.approx(seat_rates(lab.tables["on"]))
    assert lab.progress.value == lab.progress.max == 400
    assert "Played 200 deal(s) twice" in lab.message.value


def test_the_lab_displays_as_one_widget() -> None:
    lab = VariantLab()
    assert isinstance(lab.widget, w.VBox)
    bundle = lab._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert lab.run_button.tooltip and lab.run_button.description == "Run"


def test_the_measures_of_each_ruleset_come_from_its_profile() -> None:
    for profile, (points, passes) in MEASURES.items():
        assert measure_names(profile) == {"mean points": points, "mean passes": passes}
    assert SUMMARY_COLUMNS[3:5] == ("mean points", "mean passes")  # what is renamed


def test_one_bot_for_every_seat_is_shown_as_such_and_new_seats_follow_it() -> None:
    lab = VariantLab(bots="smart")
    assert lab.all_bots.value == "smart" and lab.all_bots.label == "smart"
    lab.compare.value = "eight_before_six"  # what the lesson does next
    lab.option_controls["flat_10"].value = True
    assert lab.all_bots.value == "smart" and lab.bot_values() == ["smart"] * 4
    lab.deals.value = 20
    lab.run_button.click()
    assert "every seat smart" in lab.message.value
    assert lab.bot_values() == ["smart"] * 4
    lab.players.value = 6
    assert lab.bot_values() == ["smart"] * 6
    lab.players.value = 3
    lab.players.value = 5
    assert lab.bot_values() == ["smart"] * 5
