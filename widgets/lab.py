"""The variant lab: choose a ruleset, its options, players and computer players, play many
deals and read every measure with its 95% interval; switch a house rule off and on and read
what it changes, deal for deal, and whether that is more than noise.

The numbers are the engine's: a single run is ``rulebook.simulate(..., aggregate=True)``
(a :class:`~rulebook.experiments.Summary`), an off/on comparison is
``rulebook.compare_rules`` on the same seeded deals (a
:class:`~rulebook.experiments.Comparison`); what every measure means, with its formula,
is the engine's catalogue (:data:`rulebook.measures.MEASURES`).  The lab holds no rule: the
option controls come from the profile's option table, the player range is whatever
``rules.new_deal(players=n)`` accepts, the computer players are those registered for the
game.  An engine error (a bad combination of house rules, a negative number of deals, ...)
is shown as its message in an ``rb-reason rb-bad`` box.

Controls a learner (or a test) uses:

- ``profile`` (Dropdown): the ruleset; changing it rebuilds everything below;
- ``option_controls`` (dict name -> widget, shown in ``options_box``): a Checkbox for each
  on/off option, a Dropdown for options with a list of choices, an IntText for other whole
  numbers and a Text (comma-separated numbers) for number lists;
- ``players`` (IntSlider, bounded by what the rules accept);
- ``bot_dropdowns`` (one Dropdown per seat, shown in ``bots_box``) and ``all_bots`` (a
  Dropdown that sets every seat at once);
- ``deals`` (IntText, at most :data:`MAX_DEALS`: a larger number is lowered to it and
  ``deals_note`` says so), ``seed`` (IntText);
- ``compare`` (Dropdown): ``""`` or the name of an on/off option; when set, Run plays the
  same deals with that option off and on (``compare_rules``) and shows the paired view;
- ``use_cores`` (Checkbox, shown where the machine has several cores and may start
  processes): a run expected to take longer than :data:`POOL_SECONDS` on one core is
  played in one worker process per core;
- ``run_button`` ("Run") and ``stop_button`` ("Stop", shown while a run plays in the
  background).

In a Jupyter kernel a click on Run plays the deals on a background thread, so the page
stays live (Stop works, other controls answer) while the progress bar moves chunk by
chunk; elsewhere (a script, a test, Pyodide) and when ``run()`` is called directly it plays
them before returning.

What it shows: ``progress`` (IntProgress) and ``progress_text``, ``message`` (what was
run, or the engine's error), ``verdict`` (compare mode: the differences in words — which
are more than noise, which are smaller than the noise of this many deals, how often the
winner changed), ``summary`` (the tables: each number over its 95% interval), ``design``
(the game-design measures; "not applicable" where the game has no such thing), ``plot``
(the win rate per seat with 95% error bars drawn by pandas and matplotlib as a PNG image;
in compare mode also the paired change per seat) and ``meanings`` (each measure shown: its
one-sentence meaning and formula).  After a run ``result`` is the Summary (single run) or
``comparison`` the Comparison (compare mode); ``timings`` says when the first progress
report, the tables and the chart arrived, in seconds after Run.
"""
from __future__ import annotations

import base64
import io
import math
import os
import sys
import textwrap
import threading
import time
from collections.abc import Sequence
from functools import cache, partial
from typing import Any

import ipywidgets as w
from traitlets import TraitError

from rulebook.errors import MAX_SEED_LENGTH, RulebookError, RulesError, plain_int, quoted
from rulebook.lockstep import as_rules
from rulebook.experiments import Comparison, Layout, PairedRow, Summary, paired_sentence
from rulebook.html import ruleset_caption
from rulebook.measures import measure
from rulebook.profile import PROFILE_DIR
from rulebook.rules import (RulesBase, default_profile, example_option, load_profile,
                            load_rules, profile_ids)
from rulebook.sheets.common import and_list
from rulebook.simulation import MAX_DEALS as ENGINE_MAX_DEALS
from rulebook.simulation import bot_names
from rulebook.stats import Estimate

from .common import (
    MOST_PLAYERS_ASKED,
    WidgetView,
    option_control,
    option_text,
    option_value,
    players_accepted,
    strength_options,
)
from .drawing import BACKGROUND_POSSIBLE
from .render import STYLE, escape
from .stepper import button, syncing

__all__ = ["VariantLab", "players_accepted", "measure_names", "MOST_PLAYERS_ASKED",
           "MAX_DEALS", "POOL_SECONDS", "DESIGN_MEASURES", "win_rate_chart",
           "summary_html", "design_html", "comparison_html", "verdict_html", "meanings_html",
           "noise_sentence"]

MAX_DEALS = 20_000
"""The most deals one Run plays (each ruleset, in compare mode): about a second with random
players, up to a minute or so with smart ones.  Larger experiments run in a notebook cell
with ``rulebook.simulate(..., aggregate=True)`` or ``rulebook.compare_rules``, in constant
memory."""

POOL_SECONDS = 3.0
"""A run expected to take at least this long on one core is played on every core (when
``use_cores`` is on): below it, handing the deals to other processes costs about what it
saves (see bench/bench_widgets_lab.py)."""

CHUNK_STATE_PATH = 100
"""Deals per progress report when a computer player is not ``random`` (each deal is played
move by move, a few milliseconds each): a first report within a fraction of a second.  With
random players the engine's own plan (1,000 deals first, then larger chunks) is kept: its
batches are fast and need large chunks."""

CHART_DPI = 150
"""Pixels per inch of the chart's PNG: about 1.6 image pixels per screen pixel, sharp on a
projector and on a laptop's finer screen, shown at most its width in inches × 96 pixels."""

DESIGN_MEASURES = ("seat_advantage", "margin", "turns", "share_of_moves", "showdown")
"""The game-design measures the lab always lists, in order (``share_of_moves`` is whichever of
passes, draws or folds per move the game has); a game's own per-deal measures (such as
rounds stopped with both piles empty) follow them."""

_SHARES = ("pass_share", "draw_share", "fold_share")

_CORES = os.cpu_count() or 1
_POOL_POSSIBLE = _CORES > 1 and BACKGROUND_POSSIBLE  # Pyodide starts no thread nor process

_PRIOR_RATE = {True: 20_000.0, False: 500.0}
"""Deals a second one core plays before the lab has measured this ruleset: with random players
only (the engine's batches) or not (move by move)."""

_RATES: dict[tuple[str, int, tuple[str, ...]], float] = {}
"""Deals a second one core played in the last run of a ruleset, players and computer players,
shared by every lab in this process (the guess for the next run's length)."""

_WIDE = {"description_width": "initial"}

_EXTRA_STYLE = """<style>
table.rb-lab-table,table.rb-lab-design{border-collapse:collapse;margin:.4em 0;font-size:13px}
table.rb-lab-table caption,table.rb-lab-design caption{text-align:left;color:#333;padding:2px 0 4px}
table.rb-lab-table td,table.rb-lab-table th,table.rb-lab-design td,table.rb-lab-design th{padding:3px 9px;
 border-bottom:1px solid #ddd;vertical-align:top}
table.rb-lab-table td{text-align:right;white-space:nowrap}
table.rb-lab-table td.rb-verdict{text-align:left;white-space:normal}
table.rb-lab-table thead th{text-align:right;border-bottom:2px solid #999}
table.rb-lab-table thead th:first-child,table.rb-lab-table tbody th{text-align:left}
table.rb-lab-design thead th{text-align:left;border-bottom:2px solid #999}
table.rb-lab-design td,table.rb-lab-design tbody th{text-align:left}
table.rb-lab-table tbody th,table.rb-lab-design tbody th{font-weight:normal}
table.rb-lab-table tr.rb-lab-sub th{font-weight:bold;border-bottom:1px solid #999;padding-top:8px}
.rb-ci{display:block;color:#555;font-size:11px}
.rb-real{font-weight:bold}
.rb-na{color:#666;font-style:italic}
.rb-lab-verdict ul{margin:.2em 0 .3em 1.2em;padding:0}
.rb-lab-verdict p{margin:.25em 0}
.rb-lab-meanings dt{font-weight:bold;margin-top:.3em}
.rb-lab-meanings dd{margin:0 0 0 1.2em}
.rb-lab-meanings .rb-formula{color:#444;font-family:monospace;font-size:12px}
.rb-lab-chart{display:block;width:100%;height:auto}
.rb-lab-scroll{max-width:100%;overflow-x:auto;overflow-y:hidden}
.rb-lab-scroll>table{margin-right:2px}
.rb-lab,.rb-lab .widget-html,.rb-lab .widget-html-content{max-width:100%;min-width:0}
</style>"""

_MEASURE_COLUMNS = {"points": "mean points", "passes": "mean passes"}


def _scroll(html: str) -> str:
    """``html`` (a wide table) in a box as wide as the output area at most, which scrolls
    sideways when the table is wider (a notebook beside JupyterLab's file browser is about
    590 px wide)."""
    return f'<div class="rb-lab-scroll">{html}</div>'


_INTERVAL_WORDS = ("Each number is over its 95% interval (the small grey range): intervals "
                   "made this way hold the value a never-ending run would give 95 times in "
                   "100.")


@cache
def measure_names(profile_id: str) -> dict[str, str]:
    """How the lab heads the ``points`` and ``passes`` measures of a ruleset: its profile's
    ``[measures]`` table, e.g. ``{"mean points": "mean chips won", "mean passes": "fold
    rate"}`` for a betting game."""
    import tomllib

    with (PROFILE_DIR / f"{profile_id}.toml").open("rb") as fh:
        measures = tomllib.load(fh).get("measures", {})
    return {column: str(measures[key]) for key, column in _MEASURE_COLUMNS.items()
            if key in measures}


# -- numbers in words -----------------------------------------------------------------------------
def _minus(text: str) -> str:
    return text.replace("-", "−")


def _places(e: Estimate | None, x: float) -> int:
    """Decimals to show: two significant digits of the interval's half-width (so the last
    digit shown is one the run can tell), or four significant digits of ``x`` without one."""
    if e is not None and e.low is not None and e.high is not None and e.high > e.low:
        half = (e.high - e.low) / 2
        return max(0, min(4, 1 - int(math.floor(math.log10(half)))))
    if x == 0 or x == int(x):
        return 0
    return max(0, min(4, 3 - int(math.floor(math.log10(abs(x))))))


def _num(x: float, places: int, signed: bool = False) -> str:
    if signed and round(x, places) == 0:
        return f"{0:.{places}f}"
    return _minus(f"{x:+.{places}f}" if signed else f"{x:.{places}f}")


def _value(x: float | None, rate: bool, e: Estimate | None = None) -> str:
    if x is None or math.isnan(x):
        return "–"
    return f"{x * 100:.1f}%" if rate else _num(x, _places(e, x))


def _signed(x: float, rate: bool, e: Estimate | None = None) -> str:
    return _num(x * 100, 1, signed=True) + " pp" if rate else _num(x, _places(e, x), signed=True)


def _range(e: Estimate, rate: bool, signed: bool = False) -> str:
    """The interval of an estimate, e.g. ``22.7 to 26.4%`` or ``−0.66 to −0.56``."""
    if e.low is None or e.high is None:
        return "too few deals for an interval"
    if rate and not signed:
        return f"{e.low * 100:.1f} to {e.high * 100:.1f}%"
    scale, places = (100, 1) if rate else (1, _places(e, e.value))
    return (f"{_num(e.low * scale, places, signed)} to {_num(e.high * scale, places, signed)}"
            + (" pp" if rate else ""))


def _cell(e: Estimate | None, rate: bool, signed: bool = False) -> str:
    """A table cell: the value, its 95% interval under it; "not applicable" without one."""
    if e is None:
        return '<td class="rb-na">not applicable</td>'
    shown = _signed(e.value, rate, e) if signed else _value(e.value, rate, e)
    return f'<td>{escape(shown)}<span class="rb-ci">{escape(_range(e, rate, signed))}</span></td>'


def noise_sentence(subjects: Sequence[str], deals: int) -> str:
    """The plain statement for differences within noise, e.g. ``"For seat 0's win rate, the
    difference is smaller than the noise of 2,000 deals: play more deals to tell."``"""
    if not subjects:
        return ""
    return (f"For {and_list(subjects)}, the difference is smaller than the noise of "
            f"{deals:,} deals: play more deals to tell.")


# -- what each measure is called here -------------------------------------------------------------
def _label(key: str, layout: Layout, profile_id: str) -> str:
    """A measure's name in the lab: the profile's own words for its points and passes, else
    the catalogue's name (``mean ...`` for a seat's average)."""
    words = measure_names(profile_id)
    for column, heading in _MEASURE_COLUMNS.items():
        if layout.terms.columns.get(column) == key and heading in words:
            return words[heading]
    m = measure(key)
    if m.rate or m.level == "deal" or m.name.startswith("mean "):
        return m.name
    return f"mean {m.name}"


def _row_head(name: str, key: str, layout: Layout) -> str:
    """A measure's row heading: its name, and its unit in small print (none for a rate)."""
    unit = "" if measure(key).rate else layout.unit_of(key)
    return (f'<th scope="row">{escape(name)}'
            + (f' <span class="rb-ci">{escape(unit)}</span>' if unit else "") + "</th>")


def _table(cls: str, caption: str, columns: Sequence[str], rows: Sequence[str]) -> str:
    """An HTML table of class ``cls``: the caption (if any), one head row, the body rows."""
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    return (f'<table class="{cls}">{cap}<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _group_words(group: str) -> str:
    if group == "all":
        return "all seats"
    if group.startswith("bot "):
        return f"{group[4:]} seats"
    return group


def _seat_measures(layout: Layout) -> list[str]:
    return [key for key, kind, _ in layout.measures if kind == "seat"]


def _design_keys(layouts: Sequence[Layout]) -> list[str]:
    """The design measures to list: the fixed ones, then the games' own per-deal measures."""
    present = {key for layout in layouts for key, _, _ in layout.measures}
    shares = [k for k in _SHARES if k in present] or ["pass_share"]
    keys = [k for key in DESIGN_MEASURES for k in (shares if key == "share_of_moves" else [key])]
    for layout in layouts:
        for key, kind, _ in layout.measures:
            if kind == "deal" and key not in keys and key not in ("turns", "margin"):
                keys.append(key)
    return keys


# -- a single run -------------------------------------------------------------------------------
def summary_html(summary: Summary, caption: str = "") -> str:
    """The seat measures of a :class:`~rulebook.experiments.Summary` as an HTML table: one
    row per seat, per computer player (when they differ) and for all seats; one column per
    measure the ruleset has, each value over its 95% interval."""
    layout = summary.layout
    keys = _seat_measures(layout)
    found = {(r.measure.key, r.group): r.estimate for r in summary.rows()}
    body = [f'<tr><th scope="row">{escape(_group_words(group))}</th>'
            + "".join(_cell(found.get((k, group)), measure(k).rate) for k in keys) + "</tr>"
            for group, _seats in layout.groups()]
    return _table("rb-table rb-lab-table", caption,
                  ["seats"] + [_label(k, layout, summary.rules.profile_id) for k in keys], body)


def design_html(summary: Summary) -> str:
    """The game-design measures of a run (:data:`DESIGN_MEASURES`) as an HTML table: value,
    95% interval, or "not applicable" where the game has no such thing."""
    layout = summary.layout
    found = {r.measure.key: r.estimate for r in summary.rows() if r.group == "deal"}
    title = summary.rules.title
    rows = []
    for key in _design_keys([layout]):
        m, e = measure(key), found.get(key)
        cells = (f'<td class="rb-na" colspan="2">not applicable to {escape(title)}</td>'
                 if e is None else f"<td>{escape(_value(e.value, m.rate, e))}</td>"
                 f"<td>{escape(_range(e, m.rate))}</td>")
        rows.append(f"<tr>{_row_head(m.name, key, layout)}{cells}</tr>")
    return _table("rb-lab-design", "The game-design measures",
                  ["measure", "value", "95% interval"], rows)


def meanings_html(keys: Sequence[str], layout: Layout, profile_id: str) -> str:
    """What each measure shown means and how it is computed, from the engine's catalogue."""
    items = [f"<dt>{escape(_label(key, layout, profile_id))}</dt><dd>"
             f"{escape(measure(key).sentence)} <span class='rb-formula'>"
             f"{escape(measure(key).formula)}</span></dd>" for key in dict.fromkeys(keys)]
    return (f"<details class='rb-lab-meanings' open><summary><b>What the numbers mean</b>"
            f"</summary><dl>{''.join(items)}</dl></details>")


# -- a paired comparison ------------------------------------------------------------------------
def _verdict(row: PairedRow) -> str:
    """What the difference of a paired row says, in the words of the table's last column."""
    d = row.difference
    if d is None:
        return "not applicable"
    if d.low is None or d.high is None:
        return "too few deals"
    if d.value == 0 and d.low == 0 and d.high == 0:
        return "same on every deal"
    return "more than noise" if row.more_than_noise else "within noise"


def _paired_rows(comparison: Comparison) -> tuple[list[tuple[str, str, PairedRow]],
                                                   list[tuple[str, str, PairedRow]]]:
    """The rows the lab shows: ``(section, label, row)`` for the seats and for the deal."""
    la = comparison.layout_a
    pid = comparison.rules_a.profile_id
    seats = [("Each seat's win rate", f"{_group_words(r.group)}' win rate"
              if r.group.startswith("bot ") or r.group == "all" else f"{r.group}'s win rate", r)
             for r in comparison.rows if r.measure.key == "win_rate"]
    seats += [("The average seat", _label(key, la, pid), comparison.row(key, "all"))
              for key in _seat_measures(la) if key != "win_rate"]
    deal: list[tuple[str, str, PairedRow]] = []
    by_key = {r.measure.key: r for r in comparison.rows if r.group == "deal"}
    for key in _design_keys([la, comparison.layout_b]):
        row = by_key.get(key)
        if row is None:
            m = measure(key)
            row = PairedRow(m, "deal", None, None, None,
                            f"'{m.name}' does not apply to {comparison.rules_a.title}.")
        deal.append(("The deal", measure(key).name, row))
    return seats, deal


def comparison_html(comparison: Comparison, label: str) -> str:
    """The paired view of an off/on comparison: two HTML tables (the seats, then the deal's
    design measures), each measure off, on, and the difference on − off on the same deals,
    each over its 95% interval, with a verdict: more than noise, within noise, the same on
    every deal, or not applicable."""
    seats, deal = _paired_rows(comparison)
    layout = comparison.layout_a

    def table(rows: list[tuple[str, str, PairedRow]], caption: str, extra: str) -> str:
        body, section = [], ""
        for sec, name, row in rows:
            if sec != section and len(rows) > 1:
                section = sec
                body.append(f'<tr class="rb-lab-sub"><th colspan="5" scope="colgroup">'
                            f"{escape(sec)}</th></tr>")
            rate, verdict = row.measure.rate, _verdict(row)
            mark = {"not applicable": " rb-na", "more than noise": " rb-real"}.get(verdict, "")
            body.append(f"<tr>{_row_head(name, row.measure.key, layout)}{_cell(row.a, rate)}"
                        f"{_cell(row.b, rate)}{_cell(row.difference, rate, signed=True)}"
                        f'<td class="rb-verdict{mark}">{verdict}</td></tr>')
        return _table(f"rb-table rb-lab-table{extra}", caption,
                      ["measure", "off", "on", "on − off", "verdict"], body)

    deals = f"{comparison.deals:,}"
    return (table(seats, f"{label} off and on, on the same {deals} deals: the seats", "")
            + table(deal, f"{label} off and on: the deal (game-design measures)",
                    " rb-lab-design"))


def _words(sentence: str) -> str:
    """An engine sentence in the lab's words ("95% interval", as its tables say)."""
    return sentence.replace("95% CI", "95% interval")


def _sentence_subject(name: str, row: PairedRow) -> str:
    if row.group == "deal":
        return f"the {name}"
    if row.measure.key == "win_rate":
        return name
    return f"the average seat's {name.removeprefix('mean ')}"  # the table's own words


def verdict_html(comparison: Comparison, label: str) -> str:
    """The differences in plain words: those more than noise (the engine's sentences), one
    statement for those within noise (:func:`noise_sentence`), those the same on every
    deal, and how often the same deal's winner changes."""
    seats, deal = _paired_rows(comparison)
    change = f"switching on {label[:1].lower()}{label[1:]}"
    real, noise, same = [], [], []
    for _sec, name, row in seats + deal:
        verdict, d = _verdict(row), row.difference
        if d is None or verdict == "too few deals" or row.group.startswith("bot "):
            continue
        if row.group == "all" and row.measure.key == "win_rate" and d.value == 0:
            continue  # one winner a deal under both: nothing to say
        if verdict == "more than noise":
            unit = comparison.layout_a.unit_of(row.measure.key)
            real.append(_words(paired_sentence(change, row.measure, row.group, d, unit=unit)))
        elif verdict == "same on every deal":
            same.append(_sentence_subject(name, row))
        else:
            noise.append(_sentence_subject(name, row))
    parts = [f"<p><b>{escape(label)}, off and on, on the same {comparison.deals:,} deals.</b> "
             "Each deal is dealt the same way under both rules, so a difference comes from the "
             "house rule, not from the luck of the cards.</p>"]
    if real:
        parts.append("<p>More than noise (the interval of the difference leaves out zero):</p>"
                     "<ul>" + "".join(f"<li>{escape(s)}</li>" for s in real) + "</ul>")
    else:
        parts.append("<p>No difference is more than noise.</p>")
    if noise:
        parts.append(f"<p class='rb-noise'>{escape(noise_sentence(noise, comparison.deals))}"
                     "</p>")
    if same:
        parts.append(f"<p>The same on every deal: {escape(', '.join(same))}.</p>")
    parts.append(f"<p>{escape(_words(comparison.winner_sentence()))}</p>")
    return f'<div class="rb-lab-verdict rb-note">{"".join(parts)}</div>'


# -- the chart ------------------------------------------------------------------------------------
def _err(estimates: Sequence[Estimate]) -> list[list[float]]:
    return [[max(0.0, e.value * 100 - _bottom(e)) for e in estimates],
            [max(0.0, _top(e) - e.value * 100) for e in estimates]]


def _top(e: Estimate) -> float:
    return (e.high if e.high is not None else e.value) * 100


def _bottom(e: Estimate) -> float:
    return (e.low if e.low is not None else e.value) * 100


def _bars(ax: Any, values: Any, errors: Any, **style: Any) -> list[Any]:
    """``values`` (a DataFrame) as bars with ``errors`` as error bars on ``ax``, over a light
    grid; the bar containers."""
    values.plot.bar(ax=ax, yerr=errors, capsize=3, rot=0, legend=False, edgecolor="#222",
                    linewidth=0.8, error_kw={"elinewidth": 1.1, "ecolor": "#111"}, **style)
    ax.grid(axis="y", color="#ddd", linewidth=0.6)
    ax.set_axisbelow(True)
    return [c for c in ax.containers if hasattr(c, "patches")]


def win_rate_chart(seats: Sequence[str], series: Sequence[tuple[str, Sequence[Estimate]]],
                   fair: float | None = None,
                   changes: Sequence[Estimate] | None = None, title: str = "") -> str:
    """The win rate per seat as bars with 95% error bars, drawn by pandas
    (``DataFrame.plot.bar``) with matplotlib, returned as an HTML ``<img>`` (PNG).

    ``series`` is ``[(name, [estimate per seat]), ...]`` (one, or "off" and "on"): each
    series has its own fill *and* pattern (solid, hatched), and every bar is labelled with
    its number, so colour is never the only cue.  ``fair`` draws the fair share as a dashed
    line; ``changes`` (the paired difference on − off per seat) adds a second panel with
    those differences and their intervals around a zero line.  The image's alt text gives
    every number.  Without pandas or matplotlib it returns one line saying so.
    """
    try:
        import pandas as pd
        from matplotlib.figure import Figure
    except ImportError:
        return ("<div class='rb-note rb-lab-nochart'>The chart needs pandas and matplotlib, "
                "which are not installed here; the tables above have every number.</div>")
    import numpy as np

    seats = list(seats)
    many = len(seats) * len(series) > 10
    # Fixed margins (not a layout engine): one drawing pass, and the same frame every time.
    width = min(7.8, 2.2 + 0.75 * len(seats)) if changes is None else 7.8
    fig = Figure(figsize=(width, 3.3 if changes is None else 3.6))
    if changes is None:
        ax = fig.add_subplot(1, 1, 1)
        fig.subplots_adjust(left=0.62 / width, right=1 - 0.15 / width, bottom=0.12, top=0.80)
    else:
        grid = fig.add_gridspec(1, 2, width_ratios=(3, 2), left=0.08, right=0.985,
                                bottom=0.11, top=0.80, wspace=0.28)
        ax, ax2 = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1])
    values = pd.DataFrame({name: [e.value * 100 for e in ests] for name, ests in series},
                          index=seats)
    bars = _bars(ax, values, np.array([_err(ests) for _name, ests in series]),
                 width=0.8 if len(series) > 1 else 0.6,
                 color=["#2f5d8c", "#f2c6a0", "#9aa5b1", "#d9e6f2"][:len(series)])
    legend_items: list[Any] = []
    for k, (container, (name, ests)) in enumerate(zip(bars, series)):
        legend_items += container.patches[:1]
        for patch, e in zip(container.patches, ests):
            patch.set_hatch(["", "///", "..", "xx"][k % 4])
            patch.set_edgecolor("#222" if k == 0 else "#8a3b12")
            text = f"{e.value * 100:.1f}" + ("" if len(series) > 1 else "%")
            ax.annotate(text, (patch.get_x() + patch.get_width() / 2, _top(e)),
                        xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                        fontsize=7.5 if many else 8, rotation=90 if many else 0)
    top = max([_top(e) for _n, ests in series for e in ests] + [fair * 100 if fair else 0, 1])
    ax.set_ylim(0, top * (1.3 if many else 1.15))
    ax.set_ylabel("win rate (%)")
    ax.set_xlabel("")
    ax.set_title(textwrap.shorten(title or "Win rate per seat, with 95% intervals",
                                  60 if changes is None else 52, placeholder="…"),
                 fontsize=10, loc="left", pad=18)
    legend_names = [name for name, _ in series][:len(legend_items)]
    if fair:
        legend_items.append(ax.axhline(fair * 100, linestyle="--", linewidth=1, color="#444"))
        legend_names.append(f"fair share {fair * 100:.1f}%")
    ax.legend(legend_items, legend_names, loc="lower left", ncols=len(legend_items),
              fontsize=8, frameon=False, bbox_to_anchor=(0.0, 1.0), borderaxespad=0.1,
              handlelength=1.6, columnspacing=1.0)
    if changes is not None:
        diffs = pd.DataFrame({"on − off": [e.value * 100 for e in changes]}, index=seats)
        bars = _bars(ax2, diffs, np.array([_err(changes)]), width=0.6, color="#bbbbbb",
                     hatch="xx")
        ax2.axhline(0, color="#111", linewidth=1)
        low = min([_bottom(e) for e in changes] + [0.0])
        high = max([_top(e) for e in changes] + [0.0])
        span = max(high - low, 1.0)
        ax2.set_ylim(low - 0.3 * span, high + 0.3 * span)
        for patch, e in zip(bars[0].patches, changes):
            up = e.value >= 0
            ax2.annotate(_minus(f"{e.value * 100:+.1f}"),
                         (patch.get_x() + patch.get_width() / 2, _top(e) if up else _bottom(e)),
                         xytext=(0, 2 if up else -2), textcoords="offset points",
                         ha="center", va="bottom" if up else "top", fontsize=8,
                         rotation=90 if len(seats) > 6 else 0)
        ax2.set_ylabel("change (percentage points)")
        ax2.set_title("Change per seat, on − off,\nsame deals (95% intervals)", fontsize=10,
                      loc="left", pad=6)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=CHART_DPI)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    words = escape(_chart_words(seats, series, fair, changes))
    return (f'<img class="rb-lab-chart" alt="{words}" src="data:image/png;base64,{data}" '
            f'style="max-width:{round(width * 96)}px">')


def _chart_words(seats: Sequence[str], series: Sequence[tuple[str, Sequence[Estimate]]],
                 fair: float | None, changes: Sequence[Estimate] | None) -> str:
    """The chart's numbers in words (its alt text)."""
    parts = []
    for k, seat in enumerate(seats):
        shown = "; ".join(f"{name} {_value(ests[k].value, True)} ({_range(ests[k], True)})"
                          for name, ests in series)
        if changes is not None:
            shown += (f"; change {_signed(changes[k].value, True)} "
                      f"({_range(changes[k], True, signed=True)})")
        parts.append(f"{seat}: {shown}")
    return ("Bar chart of the win rate per seat with 95% intervals. " + ". ".join(parts) + "."
            + (f" Fair share {fair * 100:.1f}%." if fair else ""))


# -- the widget ------------------------------------------------------------------------------------
_given = partial(quoted, limit=40)
"""What was given, cut short for a sentence on screen (a huge number or a value nested
thousands deep is never written out whole)."""


def _count(number: int) -> str:
    """A count of deals for a sentence: with thousands commas, or its size when huge."""
    return f"{number:,}" if number.bit_length() < 64 else _given(number)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seed_fits(seed: int) -> bool:
    """Whether a whole number can seed a deal (at most MAX_SEED_LENGTH digits)."""
    return seed.bit_length() <= MAX_SEED_LENGTH * 3.33 and len(str(abs(seed))) <= MAX_SEED_LENGTH


def _short(text: str, limit: int = 300) -> str:
    """An engine message cut to ``limit`` characters (a message quoting a huge input)."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


class _Stopped(Exception):
    """Raised from the progress report when Stop was pressed."""


class VariantLab(WidgetView):
    """Simulate many deals of a ruleset with house rules and computer players; measure them
    with 95% intervals, or compare a house rule off and on, deal for deal.

    ``VariantLab(profile=None, players=4, deals=2000, seed=0, options=None, bots=None,
    background=None)`` starts with those settings (``profile`` a rules object or a ruleset's
    text; ``None``: the first installed profile; ``options`` a dict of option
    values, ``bots`` a name for every seat or a list per seat).  ``background``: whether a
    click on Run plays on a background thread (``None``: in a Jupyter kernel, where threads
    can start).  See the module docstring for the controls' attribute names.  Display it in
    Jupyter by leaving it as a cell's last value.
    """

    def __init__(self, profile: RulesBase | str | None = None, players: int = 4,
                 deals: int = 2000, seed: int = 0, options: dict[str, Any] | None = None,
                 bots: list[str] | str | None = None, background: bool | None = None) -> None:
        # RulesError naming what is valid, before anything is drawn
        if background is not None and background is not True and background is not False:
            raise RulesError(f"background={_given(background)}: expected True, False or None "
                             f"(None: on a background thread in a Jupyter kernel)")
        asked_deals, asked_seed = plain_int(deals), plain_int(seed)
        if asked_deals is not None and asked_deals > ENGINE_MAX_DEALS:
            raise RulesError(f"deals={_given(deals)}: no run plays that many; the lab plays "
                             f"from 0 to {MAX_DEALS:,} deals a run, rulebook.simulate at most "
                             f"{ENGINE_MAX_DEALS:,}")
        start = as_rules(default_profile() if profile is None else profile)
        if options is not None and not isinstance(options, dict):
            name = example_option().partition("=")[0]
            raise RulesError(f"options={_given(options)}: expected a dict of option values, "
                             f"e.g. {{{name!r}: True}}")
        given = {**start.changed_options(), **(options or {})}
        self.replaced: list[str] = []
        """What the lab did not accept from its arguments, each with what it used instead
        (also shown on screen, in ``input_note``)."""
        self.result: Summary | None = None
        """The last single run's Summary (``simulate(..., aggregate=True)``), or None."""
        self.comparison: Comparison | None = None
        """The last off/on run's Comparison (``compare_rules``), or None."""
        self.last_seconds: float = 0.0
        """How long the last run's simulation took."""
        self.last_workers: int = 1
        """How many processes played the last run."""
        self.timings: dict[str, float] = {}
        """Seconds after Run of the last run's ``first_progress``, ``table`` and ``chart``."""
        self.error: BaseException | None = None
        """The unexpected error of the last run that failed inside the engine (the screen
        says so in plain words), for whoever reports it; None when none did."""
        ip = sys.modules.get("IPython")
        in_kernel = getattr(ip and ip.get_ipython(), "kernel", None) is not None
        self.background = in_kernel if background is None else background
        self.pool_seconds = POOL_SECONDS
        """A run expected to take this long on one core uses every core (if ``use_cores``)."""
        self._syncing = False
        self._running = False
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._generation = 0
        self._processes_work = True

        self.profile = w.Dropdown(options=[(load_profile(p).title, p) for p in profile_ids()],
                                  value=start.profile_id, description="Ruleset",
                                  tooltip="The ruleset (profile) to simulate")
        self.option_controls: dict[str, w.Widget] = {}
        self.options_box = w.VBox([])
        self.players = w.IntSlider(value=4, min=3, max=6, description="Players",
                                   tooltip="Number of players (as many as the rules allow)",
                                   continuous_update=False)
        self.all_bots = w.Dropdown(options=[("random (any legal move)", "random")],
                                   value="random", description="Every seat", style=_WIDE,
                                   tooltip="Set every seat's computer player at once")
        self.bot_dropdowns: list[w.Dropdown] = []
        self._seat_dropdowns: list[w.Dropdown] = []  # made once per seat, reused
        self.bots_box = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        if asked_deals is None or asked_deals < 0:
            self.replaced.append(f"deals={_given(deals)}: expected a whole number of deals "
                                 f"from 0 to {MAX_DEALS:,}, so the lab plays 2,000")
            asked_deals = 2000
        if asked_seed is None or not _seed_fits(asked_seed):
            self.replaced.append(f"seed={_given(seed)}: expected a whole number of at most "
                                 f"{MAX_SEED_LENGTH:,} digits, so the lab uses seed 0")
            asked_seed = 0
        deals, seed = asked_deals, asked_seed
        self.deals = w.IntText(value=min(deals, MAX_DEALS), description="Deals to play",
                               style=_WIDE, layout=w.Layout(width="190px"),
                               tooltip=f"How many deals to play (at most {MAX_DEALS:,})")
        self.deals_note = w.HTML("")
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px"),
                              tooltip="The same seed plays the same deals")
        self.compare = w.Dropdown(options=[("no comparison", "")], value="",
                                  description="Compare option off/on", style=_WIDE,
                                  tooltip="Play the same deals with this option off and on")
        cores = "both cores" if _CORES == 2 else f"all {_CORES} cores"
        self.use_cores = w.Checkbox(
            value=_POOL_POSSIBLE, indent=False, description=f"Use {cores} for long runs",
            tooltip=f"A run expected to take more than {POOL_SECONDS:g} s is played in "
                    f"{_CORES} worker processes",
            layout=w.Layout(width="auto", display="" if _POOL_POSSIBLE else "none"))
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="Play the deals with these settings and measure them")
        self.stop_button = button("Stop", "Stop the run in progress", "stop", self.stop)
        self.stop_button.layout.display = "none"
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Progress",
                                      bar_style="info")
        self.progress_text = w.HTML("")
        self.message = w.HTML(f"{STYLE}<div class='rb-note'>Choose the settings and press "
                              "Run.</div>")
        self.verdict, self.summary, self.design, self.plot, self.meanings = \
            (w.HTML("") for _ in range(5))
        self.plot.add_class("rb-lab-plot")
        self.input_note = w.HTML("")
        """What the lab replaced among its arguments, in words (empty when it took them all)."""

        self.profile.observe(self._on_profile, names="value")
        self.players.observe(lambda _c: self._rebuild_bots(), names="value")
        self.all_bots.observe(self._on_all_bots, names="value")
        self.deals.observe(self._on_deals, names="value")
        self.seed.observe(self._on_seed, names="value")
        self.run_button.on_click(self._clicked)

        self._build_for_profile(given)
        self._set_players(players)
        self._set_bots(bots)
        if deals > MAX_DEALS:
            self._bound_note(deals)
        if self.replaced:
            items = "".join(f"<li>{escape(r)}.</li>" for r in self.replaced)
            self.input_note.value = (
                f"{STYLE}<div class='rb-reason rb-bad rb-lab-replaced'>Not everything asked "
                f"could be used:<ul>{items}</ul></div>")

        self.widget = w.VBox([
            w.HTML(f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>Variant lab</b>: play many "
                   "deals with computer players and measure how a ruleset plays, each number "
                   "with its 95% interval.</div>"),
            self.input_note, self.profile,
            w.HTML("<div class='rb-note'>Options (hover for their meaning):</div>"),
            self.options_box, self.players, w.HBox([self.all_bots]), self.bots_box,
            w.HBox([self.deals, self.seed], layout=w.Layout(flex_flow="row wrap")),
            self.deals_note, self.compare, self.use_cores,
            w.HBox([self.run_button, self.stop_button, self.progress, self.progress_text],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.message, self.verdict, self.plot, self.summary, self.design, self.meanings,
        ])
        """The whole lab as one ipywidgets VBox (class ``rb-lab``)."""
        self.widget.add_class("rb-lab")

    # ---- reading the controls -----------------------------------------------------------
    def option_values(self) -> dict[str, Any]:
        """The options as set in the controls, ready for ``load_rules(profile, **options)``."""
        specs = load_profile(self.profile.value).options
        values = {}
        for name, control in self.option_controls.items():
            try:
                values[name] = option_value(specs[name], control.value)
            except RulebookError as exc:  # a box's text that is no value: said in short
                raise RulesError(_short(str(exc)) if len(str(exc)) <= 300 else
                                 f"{specs[name].label}: {_given(control.value)} is not a "
                                 f"value of this option") from None
        return values

    def rules(self) -> RulesBase:
        """The rules object of the chosen profile and options (RulesError on a bad combo)."""
        return load_rules(self.profile.value, **self.option_values())

    def bot_values(self) -> list[str]:
        """The computer player chosen for each seat."""
        return [d.value for d in self.bot_dropdowns]

    @property
    def running(self) -> bool:
        """Whether a run is playing now."""
        return self._running

    # ---- building the controls ----------------------------------------------------------
    def _say(self, text: str, bad: bool = False) -> None:
        cls = "rb-reason rb-bad" if bad else "rb-note"
        text = _short(text, 600)  # an engine message quoting a huge input stays short
        self.message.value = f"{STYLE}<div class='{cls}'>{escape(text)}</div>"

    def _build_for_profile(self, options: dict[str, Any]) -> None:
        profile = load_profile(self.profile.value)
        for control in self.option_controls.values():
            control.unobserve(self._on_option, names="value")
        self.option_controls = {}
        unknown = [name for name in options if name not in profile.options]
        if unknown:
            self.replaced.append(
                f"{profile.title} has no option{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(_given(n) for n in unknown)}, so "
                f"{'they were' if len(unknown) > 1 else 'it was'} left out (its options: "
                f"{', '.join(profile.options)})")
        for name, spec in profile.options.items():
            control = option_control(spec, spec.default, mark_house_rule=True)
            if spec.type == "int_list":
                control.placeholder = "e.g. 100, 50, 0, 100 (empty: the default)"
            if name in options:
                value = options[name]
                if spec.type == "int_list" and (value is None or isinstance(value, (list, tuple))):
                    value = option_text(spec, value)
                fits = {"bool": isinstance(value, bool), "int": _whole(value)}.get(spec.type, True)
                try:
                    if not fits:
                        raise TypeError(value)
                    option_value(spec, value)  # a text list that is not one: RulesError
                    control.value = value  # a value the control refuses leaves the default
                except (TypeError, ValueError, TraitError, RulebookError):
                    expected = {"bool": "on or off (True or False)",
                                "int": "a whole number"}.get(spec.type, "a list of whole numbers")
                    default = ({True: "on", False: "off"}[spec.default] if spec.type == "bool"
                               else option_text(spec, spec.default) or "none")
                    self.replaced.append(f"{spec.label}: {_given(value)} is not {expected}, so "
                                         f"the lab uses its default, {default}")
            control.observe(self._on_option, names="value")
            self.option_controls[name] = control
        self.options_box.children = tuple(self.option_controls.values())
        self.compare.options = [("no comparison", "")] + [
            (spec.label, name) for name, spec in profile.options.items() if spec.type == "bool"]
        self.compare.value = ""
        self._refresh_players()

    def _refresh_players(self) -> bool:
        """Bound the players slider by what the rules accept, then rebuild the bot seats;
        whether the engine accepts the options (if not, its message is shown)."""
        try:
            rules = self.rules()
        except RulebookError as exc:
            self._say(str(exc), bad=True)
            return False
        accepted = players_accepted(rules)
        names = bot_names(rules.game)
        if [v for _l, v in self.all_bots.options] != [v for _l, v in strength_options(names)]:
            keep = self.all_bots.value
            with syncing(self):
                self.all_bots.options = strength_options(names)
                self.all_bots.value = keep if keep in names else names[0]
        if not accepted:  # pragma: no cover - every profile accepts some count
            self._say(f"{rules.profile_id}: no number of players is accepted with these "
                      "options", bad=True)
            return False
        low, high = accepted[0], accepted[-1]
        if low > self.players.max:  # raise the top first: the bottom may never pass it
            self.players.max = high
        self.players.min, self.players.max = low, high
        self._rebuild_bots()
        return True

    def _set_players(self, players: int) -> None:
        low, high = self.players.min, self.players.max
        used = min(max(players if _whole(players) else 4, low), high)
        self.players.value = used
        if used == players and _whole(players):
            return
        self.replaced.append(
            f"players={_given(players)}: {load_profile(self.profile.value).title} is played here "
            f"by {low if low == high else f'{low} to {high}'} players, so the lab uses {used}")

    def _set_bots(self, bots: list[str] | str | None) -> None:
        if bots is None:
            return
        known = [v for _l, v in self.all_bots.options]
        fallback, seats = self.all_bots.value, len(self.bot_dropdowns)
        names = [bots] * seats if isinstance(bots, str) else \
            list(bots) if isinstance(bots, (list, tuple)) else []
        if not isinstance(bots, (str, list, tuple)):
            self.replaced.append(f"bots={_given(bots)}: expected a computer player's name or "
                                 f"a list of one per seat ({', '.join(known)}), so every seat "
                                 f"plays {fallback}")
        elif len(names) != seats:
            rest = (f"the seats past the list play {fallback}" if len(names) < seats
                    else "the names past the last seat were left out")
            self.replaced.append(f"bots: {len(names)} name(s) given for {seats} seats, so {rest}")
        bad = [n for i, n in enumerate(names) if n not in known and n not in names[:i]]
        if bad:
            who = "those seats play" if any(n != names[0] for n in names) else "every seat plays"
            self.replaced.append(
                f"bots: no computer player {', '.join(_given(n) for n in bad)} here "
                f"(expected one of {', '.join(known)}), so {who} {fallback}")
        if names and all(n == names[0] for n in names) and names[0] in known:
            # one player for every seat: "Every seat" says so, and seats added later follow it
            with syncing(self):
                self.all_bots.value = names[0]
        for dropdown, name in zip(self.bot_dropdowns, names):
            if name in [v for _l, v in dropdown.options]:
                dropdown.value = name

    def _rebuild_bots(self) -> None:
        """One Dropdown per seat; existing seats keep their dropdown and choice if still valid."""
        options = list(self.all_bots.options)
        names = [v for _l, v in options]
        start = self.all_bots.value if self.all_bots.value in names else names[0]
        for seat in range(len(self._seat_dropdowns), self.players.value):
            self._seat_dropdowns.append(w.Dropdown(
                options=options, value=start, description=f"seat {seat}",
                tooltip=f"The computer player in seat {seat}", layout=w.Layout(width="auto")))
        dropdowns = self._seat_dropdowns[:self.players.value]
        for seat, dropdown in enumerate(dropdowns):
            if list(dropdown.options) != options:
                old = dropdown.value
                dropdown.options = options
                dropdown.value = old if old in names else names[0]
            elif seat >= len(self.bot_dropdowns) and dropdown.value != start:
                dropdown.value = start  # a seat coming back follows "Every seat"
        if dropdowns != self.bot_dropdowns:
            self.bot_dropdowns = dropdowns
            self.bots_box.children = tuple(dropdowns)

    # ---- events -------------------------------------------------------------------------
    def _on_profile(self, change: dict[str, Any]) -> None:
        self._generation += 1
        if self._running:
            self._stop.set()
        self._build_for_profile({})
        self.input_note.value = ""  # it spoke of the arguments the lab was made with
        self.result = self.comparison = None
        for box in (self.verdict, self.summary, self.design, self.plot, self.meanings):
            box.value = ""
        self._say(f"{load_profile(self.profile.value).title}: choose the options and press Run.")

    def _on_option(self, change: dict[str, Any]) -> None:
        if self._refresh_players():
            self._say("Options changed: press Run to play the deals.")

    def _on_all_bots(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        for dropdown in self.bot_dropdowns:
            dropdown.value = change["new"]

    def _bound_note(self, asked: int) -> None:
        self.deals_note.value = (
            f"{STYLE}<div class='rb-note rb-lab-bound'>The lab plays at most {MAX_DEALS:,} "
            f"deals a run, so {escape(_count(asked))} became {MAX_DEALS:,}. For more, run "
            f"<code>rulebook.simulate(..., aggregate=True)</code> or "
            f"<code>rulebook.compare_rules(...)</code> in a notebook cell: up to "
            f"{ENGINE_MAX_DEALS:,} deals, in the same memory.</div>")

    def _on_deals(self, change: dict[str, Any]) -> None:
        """The deals box always shows the number a run plays: above :data:`MAX_DEALS` it
        becomes MAX_DEALS, below 0 it goes back to the number it held (each said in
        ``deals_note``)."""
        if self._syncing:
            return  # the box set back by this method
        asked = plain_int(change["new"])
        if asked is not None and asked > MAX_DEALS:
            self._bound_note(asked)
            with syncing(self):
                self.deals.value = MAX_DEALS
        elif asked is None or asked < 0:
            before = plain_int(change["old"])
            before = before if before is not None and 0 <= before <= MAX_DEALS else 0
            self.deals_note.value = (
                f"{STYLE}<div class='rb-note rb-lab-bound'>{escape(_given(change['new']))} is "
                f"not a number of deals (0 to {MAX_DEALS:,}), so the box is back at "
                f"{before:,}.</div>")
            with syncing(self):
                self.deals.value = before
        else:
            self.deals_note.value = ""

    def _on_seed(self, change: dict[str, Any]) -> None:
        """The seed box always shows the seed a run uses: a number too long to seed a deal
        puts back the seed it held, and ``deals_note`` says so."""
        asked = plain_int(change["new"])
        if self._syncing or (asked is not None and _seed_fits(asked)):
            return
        before = plain_int(change["old"])
        before = before if before is not None and _seed_fits(before) else 0
        self.deals_note.value = (
            f"{STYLE}<div class='rb-note rb-lab-bound'>Seed {escape(_given(change['new']))} "
            f"is longer than a seed may be ({MAX_SEED_LENGTH:,} digits at most), so the box "
            f"is back at {escape(_given(before))}.</div>")
        with syncing(self):
            self.seed.value = before

    # ---- running ------------------------------------------------------------------------
    def _clicked(self, _button: Any = None) -> None:
        """Run, on a background thread when :attr:`background` (and threads can start)."""
        if self._running:
            return
        if self.background and BACKGROUND_POSSIBLE:
            self._running = True  # until the thread takes over: no second click
            self._thread = threading.Thread(target=self.run, name="rulebook-variant-lab",
                                            daemon=True)
            try:
                self._thread.start()
                return
            except RuntimeError:  # no thread can start here: play on the click
                self._running = False
        self.run()

    def wait(self, timeout: float | None = None) -> None:
        """Wait until a run playing on the background thread has finished (for scripts)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def stop(self) -> None:
        """Stop the run in progress after its current chunk of deals (nothing is shown for a
        part of a run)."""
        if self._running:
            self._stop.set()
            self.progress_text.value = "<span class='rb-note'>stopping…</span>"

    def run(self, _button: Any = None) -> None:
        """Play the deals with the chosen settings and show the tables, the chart and (in
        compare mode) the paired view.  Returns when it is done.

        An engine error (a bad combination of options, a negative number of deals...) is
        shown as its message; nothing else changes.
        """
        with self._lock:
            if self._running and self._thread is not threading.current_thread():
                return
            self._running = True
        self._stop.clear()
        generation = self._generation
        self.run_button.disabled = True
        threaded = self._thread is threading.current_thread()
        self.stop_button.layout.display = "" if threaded else "none"
        try:
            self._run(generation)
        except _Stopped:
            self.progress.bar_style = "warning"
            if generation == self._generation:
                last = (" The results below are those of the last run."
                        if self.result is not None or self.comparison is not None else "")
                self._say(f"Stopped after {self.progress.value:,} of {self.progress.max:,} "
                          f"deals: press Run to play them all.{last}")
        except Exception as exc:  # never a traceback in front of the learner
            self.progress.bar_style = "danger"
            if isinstance(exc, RulebookError):
                self._say(str(exc), bad=True)
            elif isinstance(exc, ImportError):  # a package missing where the lab runs
                self._say(f"This needs {exc.name or exc}, which is not installed here.",
                          bad=True)
            else:
                self.error = exc
                last = (" The results below are those of the last run."
                        if self.result is not None or self.comparison is not None else "")
                self._say("The deals could not be played: something went wrong inside the "
                          f"engine, so nothing new is shown.{last} Press Run to try again; if "
                          "it happens again, please report it with these settings.", bad=True)
        finally:
            self.run_button.disabled = False
            self.stop_button.layout.display = "none"
            self._running = False

    def _plan(self, rules: RulesBase, bots: Sequence[str], deals: int,
              runs: int) -> tuple[int | None, int]:
        """The chunk size and number of processes for a run."""
        only_random = all(b == "random" for b in bots)
        rate = _RATES.get((rules.profile_id, len(bots), tuple(bots)), _PRIOR_RATE[only_random])
        pool = (self.use_cores.value and _POOL_POSSIBLE and self._processes_work
                and deals * runs / rate >= self.pool_seconds)
        return None if only_random else CHUNK_STATE_PATH, _CORES if pool else 1

    def _run(self, generation: int) -> None:
        import rulebook

        rules = self.rules()
        players, deals, seed = self.players.value, self.deals.value, self.seed.value
        bots, name = self.bot_values(), self.compare.value
        label = rules.profile.options[name].label if name else ""
        if name and deals == 0:
            raise RulesError(f"Comparing {label} off and on needs at least one deal: set "
                             f"“Deals to play” to 1 or more and press Run.")
        runs = 2 if name else 1
        chunk, workers = self._plan(rules, bots, max(0, deals), runs)
        started = time.perf_counter()
        self.timings = {}
        self.progress.bar_style = "info"
        self.progress.value = 0
        self.progress.max = max(1, deals)
        twice = f" twice ({label} off and on)" if name else ""
        self.progress_text.value = f"<span class='rb-note'>playing {deals:,} deals{twice}…</span>"
        if self.result is not None or self.comparison is not None:
            self._say(f"Playing {deals:,} deals{twice}: until they are done, the results below "
                      "are those of the last run.")

        def report(done: int, total: int) -> None:
            if self._stop.is_set():
                raise _Stopped
            now = time.perf_counter() - started
            self.timings.setdefault("first_progress", now)
            self.progress.value = done
            left = (total - done) * now / done if done else 0.0
            eta = f", about {left:.0f} s left" if left >= 1.5 else ""
            self.progress_text.value = (f"<span class='rb-note'>{done:,} of {total:,} deals"
                                        f"{eta}</span>")

        def play(workers: int) -> Any:
            if name:
                return rulebook.compare_rules(
                    rules.with_options(**{name: False}), rules.with_options(**{name: True}),
                    deals=deals, seed=seed, players=players, bots=bots, progress=report,
                    chunk=chunk, workers=workers)
            return rulebook.simulate(rules, players=players, deals=deals, bots=bots,
                                     seed=seed, progress=report, aggregate=True,
                                     chunk=chunk, workers=workers)

        try:
            played = play(workers)
        except RuntimeError:
            if workers == 1:
                raise
            # Worker processes cannot start from here (e.g. a script read from standard
            # input): the same deals on one core give the same numbers.
            self._processes_work = False
            workers = 1
            played = play(workers)
        self.last_seconds = time.perf_counter() - started
        self.last_workers = workers
        rate = deals * runs / self.last_seconds if self.last_seconds > 0 else 0.0
        if deals >= 100 and rate:
            _RATES[(rules.profile_id, players, tuple(bots))] = rate / workers
        if generation != self._generation:
            return  # the ruleset changed while the deals were played
        self.progress.value = self.progress.max
        self.progress.bar_style = "success"
        self.progress_text.value = ""
        seats_text = (f"every seat {bots[0]}" if len(set(bots)) == 1 else
                      ", ".join(f"seat {s}: {b}" for s, b in enumerate(bots)))
        where = f", in {workers} worker processes" if workers > 1 else ""
        twice = f" twice, {label} off and on," if name else ""
        self._say(f"Played {'the same ' if name else ''}{deals:,} deal(s) of "
                  f"{ruleset_caption(rules)}{twice} with {players} players "
                  f"({seats_text}), seed {seed}, in {self.last_seconds:.2f} s "
                  f"({rate:,.0f} deals/s{where}).")
        self.result, self.comparison = (None, played) if name else (played, None)
        self._show(played, label, started)

    def _show(self, played: Summary | Comparison, label: str, started: float) -> None:
        """The tables, the meanings and the chart of a run (the paired view of a Comparison)."""
        styled = STYLE + _EXTRA_STYLE
        if isinstance(played, Comparison):
            layout, pid = played.layout_a, played.rules_a.profile_id
            self.verdict.value = styled + verdict_html(played, label)
            self.summary.value = styled + _scroll(comparison_html(played, label))
            self.design.value = f"{STYLE}<div class='rb-note'>{escape(_INTERVAL_WORDS)}</div>"
        else:
            layout, pid = played.layout, played.rules.profile_id
            caption = f"{ruleset_caption(played.rules)}, {played.deals:,} deals. {_INTERVAL_WORDS}"
            self.verdict.value = ""
            self.summary.value = styled + _scroll(summary_html(played, caption))
            self.design.value = styled + _scroll(design_html(played))
        shown = _seat_measures(layout) + [k for k in _design_keys([layout])
                                          if layout.kind_of(k) is not None]
        if isinstance(played, Comparison):
            shown.append("winner_changes")
        self.meanings.value = styled + meanings_html(shown, layout, pid)
        self.timings["table"] = time.perf_counter() - started
        if played.deals == 0:
            self.plot.value = ""
            return
        seats = [f"seat {s}" for s in range(played.players)]
        if isinstance(played, Comparison):
            rows = {r.group: r for r in played.rows if r.measure.key == "win_rate"}
            off, on, changes = ([getattr(rows[s], side) for s in seats]
                                for side in ("a", "b", "difference"))
            if None in off + on + changes:  # pragma: no cover - same game
                self.plot.value = ""
                return
            self.plot.value = _EXTRA_STYLE + win_rate_chart(
                seats, [("off", off), ("on", on)], fair=1 / played.players, changes=changes,
                title=f"Win rate per seat, {label} off and on")
        else:
            found = {r.group: r.estimate for r in played.rows() if r.measure.key == "win_rate"}
            self.plot.value = _EXTRA_STYLE + win_rate_chart(
                seats, [("win rate", [found[s] for s in seats])], fair=1 / played.players,
                title=f"Win rate per seat, {played.deals:,} deals, with 95% intervals")
        self.timings["chart"] = time.perf_counter() - started
