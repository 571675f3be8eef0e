"""VariantLab, headless: set its controls, click Run, read what it shows.

What the lab shows is checked against the engine computed another way: a single run against
``summary_of`` a ``simulate`` frame (the frame path, not the lab's aggregate path), an off/on
comparison against ``compare_rules`` called here, every measure's meaning and formula against
``rulebook.measure_table()``.
"""
from __future__ import annotations

import base64
import re
import struct
import sys
from html import unescape
from html.parser import HTMLParser

import ipywidgets as w
import pytest

import rulebook
from rulebook import load_rules
from rulebook.experiments import summary_of
from rulebook.html import ruleset_caption
from rulebook.simulation import simulate
from widgets import VariantLab
from widgets import lab as lab_module
from widgets.lab import MAX_DEALS, measure_names, noise_sentence


# --- reading what the lab shows ---------------------------------------------------------------

class _Tables(HTMLParser):
    """Every <table>: its caption, its rows; a cell is ``(text, interval)`` (the interval is the
    text of its ``rb-ci`` span, "" if none) and remembers whether it is a header."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self._ci: list[str] | None = None
        self._in_ci = False
        self._caption: list[str] | None = None
        self._header = False

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        if tag == "table":
            self.tables.append({"class": attrs.get("class", ""), "caption": "", "rows": []})
        elif tag == "caption":
            self._caption = []
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self._cell, self._ci, self._header = [], [], tag == "th"
            self._class = attrs.get("class", "")
        elif tag == "span" and "rb-ci" in (attrs.get("class") or "") and self._cell is not None:
            self._in_ci = True

    def handle_endtag(self, tag) -> None:
        if tag == "span":
            self._in_ci = False
        elif tag == "caption" and self._caption is not None:
            self.tables[-1]["caption"] = "".join(self._caption).strip()
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[-1]["rows"][-1].append(
                ("".join(self._cell).strip(), "".join(self._ci).strip(), self._header,
                 self._class))
            self._cell = None

    def handle_data(self, data) -> None:
        if self._caption is not None:
            self._caption.append(data)
        elif self._cell is not None:
            (self._ci if self._in_ci else self._cell).append(data)


def shown_tables(html: str) -> list[dict]:
    parser = _Tables()
    parser.feed(html)
    return parser.tables


def visible(html: str) -> str:
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def number(text: str) -> float:
    """A number as the lab prints it: −, %, pp and signs allowed."""
    return float(text.replace("−", "-").replace("%", "").replace("pp", "").strip())


def interval(text: str) -> tuple[float, float]:
    low, high = text.replace("%", "").replace("pp", "").split(" to ")
    return number(low), number(high)


def close(shown: float, want: float, places: int) -> bool:
    return abs(shown - want) <= 0.51 * 10 ** -places


def decimals(text: str) -> int:
    text = text.replace("%", "").replace("pp", "").strip()
    return len(text.split(".")[1]) if "." in text else 0


def assert_estimate_shown(cell: tuple, estimate, rate: bool, signed: bool = False) -> None:
    """A cell shows the estimate's value and its 95% interval, rounded as printed."""
    text, ci, _header, _cls = cell
    assert ci, f"no interval under {text!r}"
    low, high = interval(ci)
    if rate:
        assert close(number(text), estimate.value * 100, 1), (text, estimate)
        assert close(low, estimate.low * 100, 1) and close(high, estimate.high * 100, 1), (ci, estimate)
        assert text.endswith(" pp" if signed else "%")
    else:
        places = decimals(text)
        assert close(number(text), estimate.value, places), (text, estimate)
        assert close(low, estimate.low, places) and close(high, estimate.high, places), (ci, estimate)
    if signed and estimate.value > 0:
        assert text.startswith("+")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def chart_png(html: str) -> tuple[bytes, str]:
    found = re.search(r'<img class="rb-lab-chart" alt="([^"]*)" src="data:image/png;base64,'
                      r'([A-Za-z0-9+/=]+)"', html)
    assert found, html[:300]
    return base64.b64decode(found.group(2)), unescape(found.group(1))


# --- settings -----------------------------------------------------------------------------------

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


def _lab(*args, **kwargs) -> VariantLab:
    lab = VariantLab(*args, **kwargs)
    lab.use_cores.value = False  # one process unless a test asks for more
    return lab


# --- a single run: every rate and mean with its interval ------------------------------------------

@pytest.mark.parametrize("profile, options, players, bots, deals", SETTINGS,
                         ids=[s[0] for s in SETTINGS])
def test_a_run_shows_every_measure_with_its_interval(profile, options, players, bots, deals
                                                     ) -> None:
    lab = _lab()
    _set(lab, profile, options, players, bots, deals)
    seen: list[int] = []
    lab.progress.observe(lambda change: seen.append(change["new"]), names="value")
    lab.run_button.click()

    rules = load_rules(profile, **options)
    # The same numbers computed another way: the whole frame, then its summary.
    want = summary_of(simulate(rules, players=players, deals=deals, bots=bots, seed=7), rules)
    assert lab.result == want
    rows = {(r.measure.key, r.group): r.estimate for r in want.rows()}

    tables = shown_tables(lab.summary.value)
    assert len(tables) == 1 and "rb-lab-table" in tables[0]["class"]
    head, *body = tables[0]["rows"]
    seat_keys = [k for k, kind, _ in want.layout.measures if kind == "seat"]
    points, passes = measure_names(profile)["mean points"], measure_names(profile)["mean passes"]
    headers = [text for text, *_ in head]
    assert headers[0] == "seats" and headers[1] == "win rate"
    assert points in headers and passes in headers and "mean place" in headers
    assert len(headers) == 1 + len(seat_keys)
    groups = [g for g, _ in want.layout.groups()]
    assert [row[0][0] for row in body] == [
        "all seats" if g == "all" else f"{g[4:]} seats" if g.startswith("bot ") else g
        for g in groups]
    for row, group in zip(body, groups):
        assert row[0][2], "each row is headed by its group"
        for cell, key in zip(row[1:], seat_keys):
            rate = rulebook.measures.measure(key).rate
            assert_estimate_shown(cell, rows[(key, group)], rate)

    # The design measures: value and interval, or "not applicable" (never a 0).
    design = shown_tables(lab.design.value)
    assert len(design) == 1 and "rb-lab-design" in design[0]["class"]
    shown = {r[0][0]: r for r in design[0]["rows"][1:]}
    names = {rulebook.measures.measure(k).name: k for k, kind, _ in want.layout.measures}
    for label, row in shown.items():
        if label not in names:
            assert row[1][0] == f"not applicable to {rules.title}", label
            continue
        estimate = rows[(names[label], "deal")]
        rate = rulebook.measures.measure(names[label]).rate
        assert_estimate_shown((row[1][0], row[2][0], False, ""), estimate, rate)
    for required in ("seat advantage", "winner's margin", "round length", "showdown rate"):
        assert required in shown, required
    assert {"passes per turn", "draws per turn", "folds per move"} & set(shown)
    assert (rules.game == "badugi") == ("not applicable" not in lab.design.value)

    # The progress bar moved as chunks finished and ends full.
    assert lab.progress.max == deals and lab.progress.value == deals
    assert lab.progress.bar_style == "success"
    assert [v for v in seen if v] == sorted(v for v in seen if v)
    assert "class='rb-reason rb-bad'" not in lab.message.value
    assert f"Played {deals:,} deal(s) of {ruleset_caption(rules)} with {players} players" \
        in unescape(lab.message.value)
    assert "_" not in visible(lab.summary.value + lab.design.value + lab.meanings.value)


def test_the_chart_is_a_pandas_matplotlib_image_with_error_bars_and_words() -> None:
    lab = _lab("badam-satti", players=4, deals=400, seed=2, bots="random")
    lab.run_button.click()
    assert "<svg" not in lab.plot.value and "rb-bar" not in lab.plot.value
    png, alt = chart_png(lab.plot.value)
    width, height = png_size(png)
    assert 600 <= width <= 7.8 * lab_module.CHART_DPI and 300 <= height <= 4 * lab_module.CHART_DPI
    # Shown at most at its size in inches (96 px each): fits 1024×768 with room to spare.
    shown = int(re.search(r"max-width:(\d+)px", lab.plot.value).group(1))
    assert shown <= 760 and re.search(r"\.rb-lab-chart\{[^}]*width:100%", lab.plot.value)
    # The alt text gives every seat's rate and interval, as the table does.
    for seat in range(4):
        estimate = lab.result.estimate("win_rate", f"seat {seat}")
        assert f"seat {seat}: win rate {pct(estimate.value)} ({estimate.low * 100:.1f} to " \
               f"{estimate.high * 100:.1f}%)" in alt
    assert "Fair share 25.0%" in alt


def test_the_hand_written_svg_chart_is_gone() -> None:
    assert not hasattr(lab_module, "win_rate_svg")
    source = open(lab_module.__file__, encoding="utf-8").read()
    assert "<svg" not in source and "<rect" not in source
    assert "plot.bar(" in source  # pandas' DataFrame.plot draws it
    assert "import matplotlib" not in source.split("def win_rate_chart")[0]  # imported lazily


def test_without_pandas_or_matplotlib_the_lab_says_so_in_one_line(monkeypatch) -> None:
    lab = _lab("sevens", players=4, deals=200, seed=1)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    lab.run_button.click()
    assert "class='rb-reason rb-bad'" not in lab.message.value
    text = visible(lab.plot.value).strip()
    assert text == ("The chart needs pandas and matplotlib, which are not installed here; the "
                    "tables above have every number.")
    assert "<table" in lab.summary.value  # the numbers are all there
    monkeypatch.setitem(sys.modules, "matplotlib.figure", sys.modules.get("matplotlib.figure"))
    monkeypatch.delitem(sys.modules, "matplotlib.figure")
    monkeypatch.setitem(sys.modules, "pandas", None)
    lab.run_button.click()
    assert "The chart needs pandas and matplotlib" in lab.plot.value


# --- the paired view ------------------------------------------------------------------------------

def _paired(lab: VariantLab) -> tuple[list, list]:
    seats, deal = shown_tables(lab.summary.value)
    return seats, deal


def test_toggling_a_house_rule_shows_the_paired_comparison() -> None:
    bots = ["smart", "random", "random", "random"]
    lab = _lab("badam-satti", players=4, deals=300, seed=3, bots=bots)
    lab.option_controls["flat_10"].value = True
    lab.compare.value = "sevens_first"
    lab.run_button.click()
    rules = load_rules("badam-satti", flat_10=True)
    want = rulebook.compare_rules(rules, rules.with_options(sevens_first=True), deals=300,
                                  seed=3, players=4, bots=bots)
    assert lab.comparison is not None and lab.result is None
    assert lab.comparison.moments == want.moments
    seats, deal = _paired(lab)
    assert "rb-lab-table" in seats["class"] and "rb-lab-table" in deal["class"]
    assert "Sevens first off and on, on the same 300 deals" in seats["caption"]
    head = [text for text, *_ in seats["rows"][0]]
    assert head == ["measure", "off", "on", "on − off", "verdict"]
    body = [r for r in seats["rows"][1:] if len(r) == 5]
    labels = [r[0][0] for r in body]
    # every seat's win rate, the computer players' (they differ), then the average seat
    assert labels[:4] == [f"seat {s}'s win rate" for s in range(4)]
    assert "random seats' win rate" in labels and "smart seats' win rate" in labels
    assert "mean penalty points" in labels and "mean passes" in labels
    by_label = dict(zip(labels, body))
    for s in range(4):
        row = want.row("win_rate", f"seat {s}")
        cells = by_label[f"seat {s}'s win rate"]
        assert_estimate_shown(cells[1], row.a, True)
        assert_estimate_shown(cells[2], row.b, True)
        assert_estimate_shown(cells[3], row.difference, True, signed=True)
        verdict = cells[4][0]
        assert verdict == ("more than noise" if row.more_than_noise else "within noise")
    row = want.row("penalty_points", "all")
    assert_estimate_shown(by_label["mean penalty points"][3], row.difference, False,
                          signed=True)
    # the deal's design measures, paired, showdown not applicable to Badam Satti
    deal_rows = {r[0][0]: r for r in deal["rows"][1:] if len(r) == 5}
    advantage = want.row("seat_advantage")
    assert_estimate_shown(deal_rows["seat advantage"][3], advantage.difference, True,
                          signed=True)
    assert [c[0] for c in deal_rows["showdown rate"][1:]] == ["not applicable"] * 4
    # the chart: off and on per seat, and the change with its paired interval
    png, alt = chart_png(lab.plot.value)
    assert png_size(png)[0] > png_size(png)[1]
    for s in range(4):
        r = want.row("win_rate", f"seat {s}")
        assert f"seat {s}: off {pct(r.a.value)}" in alt and f"on {pct(r.b.value)}" in alt
    assert lab.progress.value == lab.progress.max == 300
    assert "Played the same 300 deal(s) of Badam Satti (classic) with Aces and faces worth 10 "\
           "twice, Sevens first off and on" in unescape(lab.message.value)


def test_the_winner_changes_and_the_same_deals_are_said_in_words() -> None:
    lab = _lab("badam-satti", deals=500, seed=1)
    lab.compare.value = "flat_10"
    lab.run_button.click()
    words = visible(lab.verdict.value)
    assert "Aces and faces worth 10, off and on, on the same 500 deals." in words
    assert "not from the luck of the cards" in words
    # flat 10 changes only the points: the winner never changes, the passes never do
    assert lab.comparison.winner_sentence().replace("95% CI", "95% interval") in words
    assert "CI" not in words
    assert lab.comparison.winner_changes.value == 0
    assert re.search(r"The same on every deal: [^.]*the average seat's passes", words)
    seats, deal = _paired(lab)
    passes = next(r for r in seats["rows"] if r[0][0].startswith("mean passes"))
    assert passes[4][0] == "same on every deal"


@pytest.mark.parametrize("house_rule, deals", [("eight_before_six", 300),
                                               ("one_final_turn", 2000)])
def test_the_noise_sentence_is_said_exactly_when_a_difference_is_within_noise(
        house_rule, deals) -> None:
    lab = _lab("badam-satti", deals=deals, seed=0)
    lab.compare.value = house_rule
    lab.run_button.click()
    c = lab.comparison
    words = visible(lab.verdict.value)
    seats, deal = _paired(lab)
    shown_rows = [r for t in (seats, deal) for r in t["rows"][1:] if len(r) == 5]
    within = [r for r in shown_rows if r[4][0] == "within noise"]
    beyond = [r for r in shown_rows if r[4][0] == "more than noise"]
    sentence = next((p for p in re.split(r"(?<=\.)\s{2,}", words)
                     if "smaller than the noise" in p), "")
    if house_rule == "eight_before_six":  # 300 deals: the win rates cannot be told apart
        assert within and beyond
        assert f"the difference is smaller than the noise of {deals:,} deals: play more deals " \
               "to tell." in sentence
        for s in range(4):
            assert f"seat {s}'s win rate" in sentence
    else:  # one final turn: every change is more than noise, or none at all
        assert not within and beyond
        assert "smaller than the noise" not in words
    for r in beyond:  # nothing more than noise is said to be within it
        label = r[0][0]
        subject = label if label.startswith("seat ") else f"the {label}"
        assert subject not in sentence, subject
    # every difference more than noise is said in the engine's words
    for row in c.rows:
        shown_row = (row.group == "deal" or (row.group == "all" and row.measure.key != "win_rate")
                     or (row.group.startswith("seat ") and row.measure.key == "win_rate"))
        if shown_row and row.more_than_noise:
            assert f"by {_engine_amount(row)} (95% interval" in words, row.sentence


def _engine_amount(row) -> str:
    """The amount the engine's sentence names (its own formatting)."""
    found = re.search(r" by (.+?) \(95% CI", row.sentence)
    return found.group(1)


def test_noise_sentence_lists_what_is_within_noise() -> None:
    assert noise_sentence(["seat 0's win rate"], 2000) == (
        "For seat 0's win rate, the difference is smaller than the noise of 2,000 deals: play "
        "more deals to tell.")
    assert noise_sentence(["a", "b", "c"], 20000).startswith("For a, b and c, the difference")
    assert noise_sentence([], 10) == ""


def test_identical_rules_differ_by_nothing_on_any_deal() -> None:
    lab = _lab("satti", players=3, deals=200, seed=5)
    lab.compare.value = "play_after_draw"
    lab.option_controls["seven_stacking"].value = True
    lab.run_button.click()
    # play_after_draw changes the game, so some difference shows; now compare a rule with
    # itself through the engine the lab uses: every row is the same on every deal
    rules = lab.rules()
    same = rulebook.compare_rules(rules, rules, deals=200, seed=5, players=3)
    html = lab_module.comparison_html(same, "Nothing")
    verdicts = {r[4][0] for t in shown_tables(html) for r in t["rows"][1:] if len(r) == 5}
    assert verdicts <= {"same on every deal", "not applicable"}
    assert "smaller than the noise" not in lab_module.verdict_html(same, "Nothing")


# --- measures by name, meaning and formula -----------------------------------------------------------

@pytest.mark.parametrize("profile", ["badam-satti", "sevens", "satti", "badugi"])
def test_every_measure_shown_is_named_with_its_meaning_and_formula(profile) -> None:
    lab = _lab(profile, deals=100, seed=4)
    lab.run_button.click()
    catalogue = {row["measure"]: row for _, row in rulebook.measure_table().iterrows()}
    meanings = visible(lab.meanings.value)
    layout = lab.result.layout
    shown = [k for k, _kind, _ in layout.measures]
    for key in shown:
        entry = catalogue[key]
        assert entry["sentence"] in meanings, key
        assert entry["formula"] in meanings, key
    # the design measures by their catalogue names
    design = visible(lab.design.value)
    for key in ("seat_advantage", "margin", "turns"):
        assert catalogue[key]["name"] in design
    # a measure the game does not have is "not applicable", never a number
    assert ("showdown rate" in design) and (
        ("not applicable" in design.split("showdown rate")[1][:80]) == (profile != "badugi"))


def test_a_comparison_names_the_winner_changes_measure_too() -> None:
    lab = _lab("satti", deals=200, seed=4)
    lab.compare.value = "seven_stacking"
    lab.run_button.click()
    meanings = visible(lab.meanings.value)
    entry = rulebook.measure_table().set_index("measure").loc["winner_changes"]
    assert entry["sentence"] in meanings and entry["formula"] in meanings


# --- bounded work ---------------------------------------------------------------------------------

def test_a_larger_deal_count_is_bounded_and_the_lab_says_so() -> None:
    lab = _lab("sevens", deals=500)
    assert lab.deals_note.value == ""
    lab.deals.value = 50_000
    assert lab.deals.value == MAX_DEALS == 20_000
    note = visible(lab.deals_note.value)
    assert "at most 20,000 deals a run, so 50,000 became 20,000" in note
    assert "rulebook.simulate(..., aggregate=True)" in note
    lab.deals.value = 800
    assert lab.deals_note.value == ""
    again = _lab("sevens", deals=1_000_000)
    assert again.deals.value == MAX_DEALS and "1,000,000 became 20,000" in \
        visible(again.deals_note.value)


def test_progress_starts_after_the_first_small_chunk() -> None:
    lab = _lab("badam-satti", deals=300, seed=1, bots="smart")
    seen: list[int] = []
    lab.progress.observe(lambda change: seen.append(change["new"]), names="value")
    lab.run_button.click()
    # computer players that think move by move report every 100 deals
    assert [v for v in seen if v][:3] == [100, 200, 300]
    assert 0 < lab.timings["first_progress"] <= lab.timings["table"] <= lab.timings["chart"]


def test_run_on_a_background_thread_can_be_stopped() -> None:
    lab = _lab("badugi", players=4, deals=3000, seed=1, bots="smart", background=True)
    lab.run_button.click()
    assert lab.running and lab.run_button.disabled
    assert lab.stop_button.layout.display == ""
    lab.stop_button.click()
    lab.wait(60)
    assert not lab.running and not lab.run_button.disabled
    assert lab.stop_button.layout.display == "none"
    assert "Stopped after" in lab.message.value and lab.progress.bar_style == "warning"
    assert "the last run" not in lab.message.value  # there was none
    assert lab.result is None
    # and a whole run on the thread gives the same numbers as on the click
    lab.deals.value = 150
    lab.run_button.click()
    lab.wait(60)
    quick = _lab("badugi", players=4, deals=150, seed=1, bots="smart")
    quick.run_button.click()
    assert lab.result == quick.result
    assert lab.summary.value == quick.summary.value
    # a run over shown results says they are the last run's while it plays, and on Stop
    said: list[str] = []
    lab.message.observe(lambda change: said.append(visible(change["new"])), names="value")
    lab.deals.value = 3000
    lab.run_button.click()
    lab.stop_button.click()
    lab.wait(60)
    assert any("Playing 3,000 deals: until they are done, the results below are those of the "
               "last run." in s for s in said), said
    assert "Stopped after" in said[-1] and "The results below are those of the last run." \
        in said[-1]
    assert lab.result == quick.result  # still the last whole run


@pytest.mark.skipif(lab_module._CORES < 2, reason="one core: nothing to spread the deals over")
def test_long_runs_use_every_core_with_the_same_numbers() -> None:
    lab = VariantLab("satti", players=4, deals=600, seed=9, bots="smart")
    assert lab.use_cores.value and lab.use_cores.layout.display == ""
    lab.pool_seconds = 0.0  # every run counts as long
    lab.run_button.click()
    assert lab.last_workers == lab_module._CORES
    assert f"in {lab_module._CORES} worker processes" in lab.message.value
    one = _lab("satti", players=4, deals=600, seed=9, bots="smart")
    one.run_button.click()
    assert one.last_workers == 1 and lab.result == one.result
    lab.compare.value = "seven_stacking"
    lab.run_button.click()
    one.compare.value = "seven_stacking"
    one.run_button.click()
    assert lab.comparison.moments == one.comparison.moments


def test_short_runs_stay_on_one_core() -> None:
    lab = VariantLab("sevens", deals=1000, seed=9)
    lab.run_button.click()
    assert lab.last_workers == 1


# --- controls (unchanged behaviour) -------------------------------------------------------------

@pytest.mark.parametrize("profile, low, high", [
    ("badam-satti", 3, 6), ("badam-satti-app", 3, 7), ("sevens", 3, 7), ("satti", 2, 6),
    ("badugi", 2, 8)])
def test_players_bounded_by_the_rules_and_bots_per_seat(profile, low, high) -> None:
    lab = _lab()
    lab.profile.value = profile
    assert (lab.players.min, lab.players.max) == (low, high)
    game = load_rules(profile).game
    expected = {"sevens": ["random", "expert", "smart"],
                "satti": ["random", "easy", "expert", "smart"],
                "badugi": ["random", "expert", "smart"]}[game]
    lab.players.value = high
    assert len(lab.bot_dropdowns) == high == len(lab.bots_box.children)
    assert all(sorted(v for _l, v in d.options) == sorted(expected) for d in lab.bot_dropdowns)
    assert ("random (any legal move)", "random") in lab.all_bots.options  # in words
    lab.all_bots.value = expected[-1]
    assert lab.bot_values() == [expected[-1]] * high
    lab.players.value = low
    assert lab.bot_values() == [expected[-1]] * low


def test_option_controls_come_from_the_profile_and_are_rebuilt() -> None:
    lab = _lab("badam-satti")
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
    assert lab.result.deals == 40
    # seat 1 sits out with no chips: it never wins, its net chips are exactly 0
    assert lab.result.estimate("win_rate", "seat 1").value == 0
    assert lab.result.estimate("chips", "seat 1").value == 0


def test_bad_combination_shows_the_engines_message_not_a_traceback() -> None:
    lab = _lab("badam-satti")
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
    lab.deals.value = -3  # the box goes back to what a run plays, and says so
    assert lab.deals.value == 50 and "back at 50" in visible(lab.deals_note.value)
    assert not lab.run_button.disabled  # ready for the next run
    lab.profile.value = "badugi"
    lab.option_controls["stacks"].value = "lots"
    lab.run_button.click()
    assert "class='rb-reason rb-bad'" in lab.message.value and \
        "is not a list of whole numbers" in lab.message.value
    lab.option_controls["stacks"].value = "5"
    assert "class='rb-reason rb-bad'" in lab.message.value and "one stack for each of 2 to 8 seats" \
        in lab.message.value


def test_zero_deals_and_profile_change_clear_the_result() -> None:
    lab = _lab("sevens", deals=0)
    lab.run_button.click()
    assert lab.result.deals == 0 and "Played 0 deal(s)" in lab.message.value
    table = shown_tables(lab.summary.value)[0]
    assert [c[0] for c in table["rows"][0]] == [
        "seats", "win rate", "mean chips won", "mean cards left", "mean passes",
        "elimination rate", "mean place"]
    assert all(c[1] == "too few deals for an interval" for r in table["rows"][1:] for c in r[1:])
    assert lab.plot.value == ""
    lab.profile.value = "satti"
    assert lab.result is None and lab.summary.value == "" and lab.plot.value == ""
    assert lab.design.value == "" and lab.meanings.value == "" and lab.verdict.value == ""


def test_the_lab_displays_as_one_widget() -> None:
    lab = _lab()
    assert isinstance(lab.widget, w.VBox)
    bundle = lab._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert lab.run_button.tooltip and lab.run_button.description == "Run"


MEASURE_WORDS = {  # each ruleset's points and passes, in its profile's words
    "badam-satti": ("mean penalty points", "mean passes"),
    "badam-satti-app": ("mean penalty points", "mean passes"),
    "sevens": ("mean chips won", "mean passes"),
    "satti": ("mean cards held at the end", "mean draws"),
    "badugi": ("mean chips won", "fold rate"),
}


def test_the_measures_of_each_ruleset_come_from_its_profile() -> None:
    for profile, (points, passes) in MEASURE_WORDS.items():
        assert measure_names(profile) == {"mean points": points, "mean passes": passes}


def test_one_bot_for_every_seat_is_shown_as_such_and_new_seats_follow_it() -> None:
    lab = _lab(bots="smart")
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


# --- the intervals, recomputed here from the deals themselves ------------------------------------

Z = 1.959963984540054  # the 97.5% point of the standard normal


def _wilson(p: float, n: float) -> tuple[float, float]:
    """The Wilson score interval, written out again here (not the engine's helper)."""
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * (p * (1 - p) / n + Z * Z / (4 * n * n)) ** 0.5 / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _normal(values) -> tuple[float, float, float]:
    """Mean of per-deal values and mean ± 1.96 standard errors (sample deviation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    se = (var / n) ** 0.5
    return mean, mean - Z * se, mean + Z * se


def _cell_numbers(cell: tuple) -> tuple[float, float, float]:
    text, ci, _header, _cls = cell
    low, high = interval(ci)
    return number(text), low, high


def _assert_shown(cell: tuple, value: float, low: float, high: float, scale: float,
                  places: int) -> None:
    shown = _cell_numbers(cell)
    for got, want in zip(shown, (value * scale, low * scale, high * scale)):
        assert close(got, want, places), (cell, value, low, high)


def test_every_seats_interval_is_the_textbook_interval_of_the_deals_played() -> None:
    """A seat's win rate: Wilson on the deals (one seat wins or not on each deal, so the
    effective number of trials is D − 1 with the sample variance); its mean points: mean ±
    1.96 standard errors over the deals.  Both computed here from the frame of deals."""
    deals, seed = 400, 11
    lab = _lab("badam-satti", players=4, deals=deals, seed=seed, bots="random")
    lab.run_button.click()
    frame = simulate(load_rules("badam-satti"), players=4, deals=deals, bots="random",
                     seed=seed)
    head, *body = shown_tables(lab.summary.value)[0]["rows"]
    headers = [text for text, *_ in head]
    points = headers.index("mean penalty points")
    rows = {row[0][0]: row for row in body}
    for seat in range(4):
        mine = frame[frame["seat"] == seat].sort_values("deal")
        assert len(mine) == deals
        won = [int(v) for v in mine["won"]]
        p = sum(won) / deals
        low, high = _wilson(p, deals - 1)
        _assert_shown(rows[f"seat {seat}"][headers.index("win rate")], p, low, high, 100, 1)
        mean, low, high = _normal([float(v) for v in mine["points"]])
        places = decimals(rows[f"seat {seat}"][points][0])
        _assert_shown(rows[f"seat {seat}"][points], mean, low, high, 1, places)
    # the intervals are not degenerate: the numbers above could have been wrong
    assert all(_cell_numbers(rows[f"seat {s}"][1])[1] < _cell_numbers(rows[f"seat {s}"][1])[2]
               for s in range(4))


def test_the_paired_difference_is_the_interval_of_per_deal_differences() -> None:
    """On − off for one seat is the mean of that seat's per-deal differences, over the SAME
    deals (same seeds), with mean ± 1.96 standard errors of those differences."""
    deals, seed = 300, 3
    lab = _lab("badam-satti", players=4, deals=deals, seed=seed, bots="random")
    lab.compare.value = "flat_10"
    lab.run_button.click()
    rules = load_rules("badam-satti")
    off = simulate(rules, players=4, deals=deals, bots="random", seed=seed)
    on = simulate(rules.with_options(flat_10=True), players=4, deals=deals, bots="random",
                  seed=seed)
    assert list(off["seed"]) == list(on["seed"])  # the same deals under both
    seats, _deal = _paired(lab)
    rows = {r[0][0]: r for r in seats["rows"][1:] if len(r) == 5}
    total_a = off.groupby("deal")["points"].mean().sort_index()
    total_b = on.groupby("deal")["points"].mean().sort_index()
    mean, low, high = _normal([b - a for a, b in zip(total_a, total_b)])
    cell = rows["mean penalty points"][3]
    _assert_shown(cell, mean, low, high, 1, decimals(cell[0]))
    assert low > 0  # aces and faces worth 10 raise the points: more than noise
    assert rows["mean penalty points"][4][0] == "more than noise"


def test_the_lab_gives_compare_rules_one_seed_and_deal_count_for_both_rulesets(
        monkeypatch) -> None:
    calls: list[tuple] = []
    real = rulebook.compare_rules

    def spy(rules_a, rules_b, **kwargs):
        calls.append((rules_a, rules_b, kwargs))
        return real(rules_a, rules_b, **kwargs)

    monkeypatch.setattr(rulebook, "compare_rules", spy)
    lab = _lab("satti", players=3, deals=120, seed=42, bots="smart")
    lab.option_controls["hand_size"].value = 5
    lab.compare.value = "seven_stacking"
    lab.run_button.click()
    assert len(calls) == 1
    rules_a, rules_b, kwargs = calls[0]
    assert kwargs["seed"] == 42 and kwargs["deals"] == 120 and kwargs["players"] == 3
    assert list(kwargs["bots"]) == ["smart"] * 3
    # the two rulesets differ in the compared option only, off then on
    assert rules_a.options["seven_stacking"] is False and rules_b.options["seven_stacking"] is True
    assert rules_a.with_options(seven_stacking=True) == rules_b
    assert rules_a.options["hand_size"] == rules_b.options["hand_size"] == 5
    assert lab.comparison.deals == 120


@pytest.mark.parametrize("house_rule, deals", [("eight_before_six", 300), ("flat_10", 300)])
def test_within_noise_is_said_exactly_for_intervals_holding_zero(house_rule, deals) -> None:
    lab = _lab("badam-satti", deals=deals, seed=0, bots="random")
    lab.compare.value = house_rule
    lab.run_button.click()
    seats, deal = _paired(lab)
    words = visible(lab.verdict.value)
    noise = next((p for p in re.split(r"(?<=\.)\s{2,}", words) if "smaller than the noise" in p),
                 "")
    said_within = 0
    for r in [r for t in (seats, deal) for r in t["rows"][1:] if len(r) == 5]:
        label, verdict = r[0][0], r[4][0]
        if verdict in ("not applicable", "same on every deal"):
            continue
        _value, low, high = _cell_numbers(r[3])
        in_deal = any(r is d for d in deal["rows"])
        subject = (label if label.startswith("seat ") else
                   f"the {label}" if in_deal else
                   f"the average seat's {label.removeprefix('mean ')}")
        holds_zero = low <= 0 <= high
        assert verdict == ("within noise" if holds_zero else "more than noise"), (label, r[3])
        if "seats' win rate" not in label:  # the computer players' rows are not in words
            assert (subject in noise) == holds_zero, (subject, noise)
        said_within += holds_zero
    assert bool(noise) == (said_within > 0)


# --- what the lab does not accept, it says on screen ---------------------------------------------

def test_an_unknown_ruleset_is_refused_with_what_was_given_and_what_is_expected() -> None:
    from rulebook.errors import RulesError

    with pytest.raises(RulesError) as caught:
        VariantLab(profile="nope")
    message = str(caught.value)
    assert "'nope'" in message and "expected one of badam-satti" in message
    with pytest.raises(RulesError) as caught:
        VariantLab(profile="x" * 500)
    assert len(str(caught.value)) < 300 and "…" in str(caught.value)  # cut short
    with pytest.raises(RulesError, match="is not a ruleset: expected"):
        VariantLab(profile=3)
    with pytest.raises(RulesError, match="options=5: expected a dict"):
        VariantLab(options=5)
    # what other widgets take, the lab takes too: a rules object or 'profile+option' text
    lab = VariantLab(profile="badam-satti+flat_10")
    assert lab.profile.value == "badam-satti" and lab.option_values()["flat_10"] is True
    assert lab.input_note.value == ""
    assert VariantLab(profile=load_rules("satti", hand_size=5)).option_values()["hand_size"] == 5


def _note(lab: VariantLab) -> str:
    return visible(lab.input_note.value)


def test_too_many_players_uses_the_most_the_rules_allow_and_says_so() -> None:
    lab = _lab("badam-satti", players=99)
    assert lab.players.value == lab.players.max == 6
    assert "rb-lab-replaced" in lab.input_note.value
    assert "players=99: Badam Satti (classic) is played here by 3 to 6 players, so the lab " \
           "uses 6." in _note(lab)
    assert len(lab.bot_dropdowns) == 6
    few = _lab("badugi", players=1)
    assert few.players.value == 2 and "players=1:" in _note(few) and "uses 2" in _note(few)
    text = _lab("sevens", players="four")
    assert text.players.value == 4 and "players='four':" in _note(text)
    assert _lab("sevens", players=5).input_note.value == ""  # nothing said when all is used


def test_an_unknown_computer_player_is_replaced_and_said() -> None:
    lab = _lab("badam-satti", bots="nope")
    assert lab.bot_values() == ["random"] * 4
    assert "bots: no computer player 'nope' here (expected one of smart, random, expert), so " \
           "every seat plays random." in _note(lab)
    mixed = _lab("satti", players=3, bots=["smart", "genius", "easy"])
    assert mixed.bot_values()[0] == "smart" and mixed.bot_values()[2] == "easy"
    assert "'genius'" in _note(mixed) and "those seats play" in _note(mixed)
    short = _lab("sevens", players=4, bots=["smart"])
    assert "1 name(s) given for 4 seats" in _note(short)
    odd = _lab("sevens", bots=7)
    assert "bots=7: expected a computer player's name" in _note(odd)
    strange = _lab("sevens", bots=[["x"], "smart", {}, "random"])  # not even names
    assert strange.bot_values() == ["random", "smart", "random", "random"]
    assert "no computer player ['x'], {} here" in _note(strange)


def test_unknown_or_bad_options_are_dropped_and_named() -> None:
    lab = _lab("badam-satti", options={"sevens_first": True, "bogus": 1, "zap": 2})
    assert lab.option_values()["sevens_first"] is True  # what was right is kept
    note = _note(lab)
    assert "Badam Satti (classic) has no options 'bogus', 'zap', so they were left out" in note
    assert "its options: sevens_first, flat_10" in note
    one = _lab("sevens", options={"stackk": 4})
    assert "has no option 'stackk', so it was left out" in _note(one)
    bad = _lab("badam-satti", options={"sevens_first": "yes", "round_count": "many"})
    assert bad.option_values()["sevens_first"] is False
    assert bad.option_values()["round_count"] == 5
    assert "Sevens first: 'yes' is not on or off (True or False), so the lab uses its " \
           "default, off." in _note(bad)
    assert "Rounds in a match: 'many' is not a whole number" in _note(bad)
    stacks = _lab("badugi", options={"stacks": "lots"})
    assert stacks.option_values()["stacks"] == [] and "Chips of each seat: 'lots' is not a " \
        "list of whole numbers" in _note(stacks)
    # the note speaks of the arguments the lab was made with: a new ruleset clears it
    lab.profile.value = "satti"
    assert lab.input_note.value == ""
    lab.run_button.click()  # and the lab still plays
    assert lab.result is not None


def test_bad_deal_counts_and_seeds_are_replaced_and_said() -> None:
    lab = _lab("sevens", deals=-5, seed="abc")
    assert lab.deals.value == 2000 and lab.seed.value == 0
    note = _note(lab)
    assert "deals=-5: expected a whole number of deals from 0 to 20,000, so the lab plays 2,000." \
        in note
    assert "seed='abc': expected a whole number of at most 1,000 digits, so the lab uses seed 0." \
        in note
    big = _lab("sevens", deals=10 ** 8)
    assert big.deals.value == MAX_DEALS and "100,000,000 became 20,000" in \
        visible(big.deals_note.value)
