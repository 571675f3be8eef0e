"""The variant lab: choose a ruleset, its options, players and computer players, play many
deals with ``rulebook.simulate`` and read a summary table and a bar chart.

The simulation is the engine's (:func:`rulebook.simulation.simulate`, the games' fast
playout paths); the table is :func:`rulebook.simulation.summarize`; the lab only drives them
and draws the result.  It holds no rule: the option controls are generated from the profile's
option table (:func:`rulebook.rules.load_profile`), the player range is whatever
``rules.new_deal(players=n)`` accepts, the computer players are those registered for the game
(:data:`rulebook.protocol.BOTS`).  Options are labelled in words (their ``label`` in the
profile), and the summary's columns are headed with the measures the ruleset has (its
profile's ``[measures]`` table: penalty points, chips won, cards held, draws, folds...).  An
engine error (a bad combination of house rules, a negative number of deals, ...) is shown as
its message in an ``rb-reason rb-bad`` box.

Controls a learner (or a test) uses:

- ``profile`` (Dropdown): the ruleset; changing it rebuilds everything below;
- ``option_controls`` (dict name -> widget, shown in ``options_box``): a Checkbox for each
  on/off option, a Dropdown for options with a list of choices, an IntText for other whole
  numbers and a Text (comma-separated numbers) for number lists;
- ``players`` (IntSlider, bounded by what the rules accept);
- ``bot_dropdowns`` (one Dropdown per seat, shown in ``bots_box``) and ``all_bots`` (a
  Dropdown that sets every seat at once);
- ``deals`` (IntText), ``seed`` (IntText);
- ``compare`` (Dropdown): ``""`` or the name of an on/off option; when set, Run plays the
  same deals twice, that option off and on, and shows both;
- ``run_button`` ("Run").

What it shows: ``progress`` (IntProgress, from simulate's progress callback), ``message``
(what was run, or the engine's error), ``summary`` (the summary table as HTML) and ``plot``
(an SVG bar chart of the win rate per seat, each bar labelled with its number).  After a run,
``frame`` is the simulate DataFrame (one row per deal and seat) and ``table`` the summary;
in compare mode ``frames`` and ``tables`` hold both runs keyed ``"off"`` and ``"on"``.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as w

from rulebook.errors import RulebookError
from rulebook.html import ruleset_caption
from rulebook.rules import PROFILE_DIR, OptionSpec, RulesBase, load_profile, load_rules, profile_ids
from rulebook.simulation import bot_names, simulate, summarize

from .common import (
    MOST_PLAYERS_ASKED,
    option_control,
    option_value,
    players_accepted,
    strength_options,
)
from .render import STYLE, escape

__all__ = ["VariantLab", "players_accepted", "win_rate_svg", "summary_html", "measure_names",
           "MOST_PLAYERS_ASKED"]

_WIDE = {"description_width": "initial"}

_EXTRA_STYLE = """<style>
.rb-lab-table td,.rb-lab-table th{text-align:right}
.rb-lab-table td:first-child,.rb-lab-table th:first-child{text-align:left}
</style>"""

_MEASURE_COLUMNS = {"points": "mean points", "passes": "mean passes"}


@cache
def measure_names(profile_id: str) -> dict[str, str]:
    """How the summary's columns are headed for a ruleset: its profile's ``[measures]`` table
    (``points``, ``passes``) mapped onto :func:`~rulebook.simulation.summarize`'s column names,
    e.g. ``{"mean points": "mean chips won", "mean passes": "fold rate"}`` for Badugi."""
    import tomllib

    with (PROFILE_DIR / f"{profile_id}.toml").open("rb") as fh:
        measures = tomllib.load(fh).get("measures", {})
    return {column: str(measures[key]) for key, column in _MEASURE_COLUMNS.items()
            if key in measures}


def summary_html(table: Any, caption: str = "", profile_id: str | None = None) -> str:
    """A :func:`~rulebook.simulation.summarize` table as an HTML table (3 decimals), its
    columns headed with the ruleset's own measures when ``profile_id`` is given."""
    if profile_id is not None:
        table = table.rename(columns=measure_names(profile_id))
    body = table.to_html(index=False, classes="rb-table rb-lab-table", border=0,
                         float_format=lambda x: f"{x:.3f}", escape=True)
    cap = f'<div class="rb-note"><b>{escape(caption)}</b></div>' if caption else ""
    return cap + body


def win_rate_svg(series: list[tuple[str, list[tuple[str, float]]]], title: str) -> str:
    """A bar chart (SVG, no dependencies) of win rates: one group of bars per label.

    ``series`` is ``[(name, [(label, rate), ...]), ...]``: one bar per series in each group
    (e.g. one series, or "off" and "on").  Every bar is labelled with its number and filled
    with its own pattern, so the chart does not rely on colour alone.
    """
    labels = [label for label, _ in series[0][1]] if series else []
    width_bar, gap, left, top, height = 34, 18, 44, 28, 160
    per_group = max(1, len(series))
    group_w = per_group * width_bar + gap
    # at least as wide as its title (13 px bold: about 7.5 px a character), never cut
    width = max(left + max(1, len(labels)) * group_w + 20, left + int(7.5 * len(title)) + 10)
    legend_h = 18 * len(series) if len(series) > 1 else 0
    total_h = top + height + 40 + legend_h
    top_value = max([rate for _, values in series for _, rate in values] + [0.0])
    scale_max = 1.0 if top_value > 0.5 else 0.5
    fills = ["#1e6fd9", "url(#rb-hatch)", "#e67e22", "#6c757d"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-lab-plot" width="{width}" '
             f'height="{total_h}" role="img" aria-label="{escape(title)}">',
             f"<title>{escape(title)}</title>",
             '<defs><pattern id="rb-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
             'patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/>'
             '<line x1="0" y1="0" x2="0" y2="6" stroke="#b02a37" stroke-width="3"/></pattern>'
             "</defs>",
             f'<text x="{left}" y="16" font-family="sans-serif" font-size="13" '
             f'font-weight="bold">{escape(title)}</text>']
    for tick in (0.0, scale_max / 2, scale_max):
        y = top + height - tick / scale_max * height
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{width - 10}" y2="{y:.1f}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-family="sans-serif" '
                     f'font-size="10" text-anchor="end">{tick:.0%}</text>')
    for g, label in enumerate(labels):
        x0 = left + g * group_w + gap / 2
        for s, (name, values) in enumerate(series):
            rate = values[g][1]
            h = rate / scale_max * height
            x = x0 + s * width_bar
            y = top + height - h
            parts.append(
                f'<rect class="rb-bar" data-series="{escape(name)}" data-label="{escape(label)}" '
                f'data-value="{rate:.6f}" x="{x:.1f}" y="{y:.1f}" width="{width_bar - 4}" '
                f'height="{h:.1f}" fill="{fills[s % len(fills)]}" stroke="#333">'
                f"<title>{escape(label)} {escape(name)}: {rate:.1%}</title></rect>")
            parts.append(f'<text x="{x + (width_bar - 4) / 2:.1f}" y="{y - 3:.1f}" '
                         'font-family="sans-serif" font-size="10" text-anchor="middle">'
                         f"{rate:.1%}</text>")
        parts.append(f'<text x="{x0 + per_group * width_bar / 2 - 2:.1f}" '
                     f'y="{top + height + 14}" font-family="sans-serif" font-size="11" '
                     f'text-anchor="middle">{escape(label)}</text>')
    if len(series) > 1:
        for s, (name, _) in enumerate(series):
            y = top + height + 26 + 18 * s
            parts.append(f'<rect x="{left}" y="{y}" width="14" height="12" '
                         f'fill="{fills[s % len(fills)]}" stroke="#333"/>')
            parts.append(f'<text x="{left + 20}" y="{y + 10}" font-family="sans-serif" '
                         f'font-size="11">{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _option_widget(spec: OptionSpec) -> w.Widget:
    """The control of one option, from its table entry, labelled in words."""
    control = option_control(spec, spec.default, mark_house_rule=True)
    if spec.type == "int_list":
        control.placeholder = "e.g. 100, 50, 0, 100 (empty: the default)"
    return control


def _option_value(spec: OptionSpec, control: w.Widget) -> Any:
    """The value a control holds, in the option's type (text lists read as whole numbers)."""
    return option_value(spec, control.value)


class VariantLab:
    """Simulate many deals of a ruleset with house rules and computer players; summarise them.

    ``VariantLab(profile="badam-satti", players=4, deals=2000, seed=0, options=None,
    bots=None)`` starts with those settings (``options`` a dict of option values, ``bots`` a
    name for every seat or a list per seat).  See the module docstring for the controls'
    attribute names.  Display it in Jupyter by leaving it as a cell's last value.
    """

    def __init__(self, profile: str = "badam-satti", players: int = 4, deals: int = 2000,
                 seed: int = 0, options: dict[str, Any] | None = None,
                 bots: list[str] | str | None = None) -> None:
        self.frame: Any = None
        """The last run's simulate DataFrame (one row per deal and seat), or None."""
        self.table: Any = None
        """The last run's summarize table, or None."""
        self.frames: dict[str, Any] = {}
        """Compare mode: the two runs' frames, keyed ``"off"`` and ``"on"``."""
        self.tables: dict[str, Any] = {}
        """Compare mode: the two runs' summary tables."""
        self.last_seconds: float = 0.0
        """How long the last run's simulation took."""
        self._quiet = False

        self.profile = w.Dropdown(options=[(load_profile(p).title, p) for p in profile_ids()],
                                  value=profile, description="Ruleset",
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
        self.deals = w.IntText(value=deals, description="Deals to play", style=_WIDE,
                               tooltip="How many deals to play")
        self.seed = w.IntText(value=seed, description="Seed",
                              tooltip="The same seed plays the same deals")
        self.compare = w.Dropdown(options=[("no comparison", "")], value="",
                                  description="Compare option off/on", style=_WIDE,
                                  tooltip="Play the same deals with this option off and on")
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="Play the deals with these settings and summarise")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Progress",
                                      bar_style="info")
        self.message = w.HTML(f"{STYLE}<div class='rb-note'>Choose the settings and press "
                              "Run.</div>")
        self.summary = w.HTML("")
        self.plot = w.HTML("")

        self.profile.observe(self._on_profile, names="value")
        self.players.observe(self._on_players, names="value")
        self.all_bots.observe(self._on_all_bots, names="value")
        self.run_button.on_click(self.run)

        self._build_for_profile(options or {})
        self._set_players(players)
        self._set_bots(bots)

        self.widget = w.VBox([
            w.HTML(f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>Variant lab</b>: play many "
                   "deals with computer players and compare how a ruleset plays.</div>"),
            self.profile,
            w.HTML("<div class='rb-note'>Options (hover for their meaning):</div>"),
            self.options_box,
            self.players,
            w.HBox([self.all_bots]),
            self.bots_box,
            w.HBox([self.deals, self.seed]),
            self.compare,
            w.HBox([self.run_button, self.progress]),
            self.message,
            self.summary,
            self.plot,
        ])
        """The whole lab as one ipywidgets VBox."""

    # ---- display ----------------------------------------------------------------------
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # ---- reading the controls -----------------------------------------------------------
    def option_values(self) -> dict[str, Any]:
        """The options as set in the controls, ready for ``load_rules(profile, **options)``."""
        specs = load_profile(self.profile.value).options
        return {name: _option_value(specs[name], control)
                for name, control in self.option_controls.items()}

    def rules(self) -> RulesBase:
        """The rules object of the chosen profile and options (RulesError on a bad combo)."""
        return load_rules(self.profile.value, **self.option_values())

    def bot_values(self) -> list[str]:
        """The computer player chosen for each seat."""
        return [d.value for d in self.bot_dropdowns]

    # ---- building the controls ----------------------------------------------------------
    def _say(self, text: str, bad: bool = False) -> None:
        if bad:
            self.message.value = f"{STYLE}<div class='rb-reason rb-bad'>{escape(text)}</div>"
        else:
            self.message.value = f"{STYLE}<div class='rb-note'>{escape(text)}</div>"

    def _build_for_profile(self, options: dict[str, Any]) -> None:
        profile = load_profile(self.profile.value)
        for control in self.option_controls.values():
            control.unobserve(self._on_option, names="value")
        self.option_controls = {}
        for name, spec in profile.options.items():
            control = _option_widget(spec)
            if name in options:
                value = options[name]
                if spec.type == "int_list":
                    value = ", ".join(str(v) for v in (value or []))
                control.value = value
            control.observe(self._on_option, names="value")
            self.option_controls[name] = control
        self.options_box.children = tuple(self.option_controls.values())
        bools = [(spec.label, name) for name, spec in profile.options.items()
                 if spec.type == "bool"]
        self.compare.options = [("no comparison", "")] + bools
        self.compare.value = ""
        self._refresh_players()

    def _refresh_players(self) -> None:
        """Bound the players slider by what the rules accept; then rebuild the bot seats."""
        try:
            rules = self.rules()
        except RulebookError as exc:
            self._say(str(exc), bad=True)
            return
        accepted = players_accepted(rules)
        names = bot_names(rules.game)
        if [v for _l, v in self.all_bots.options] != [v for _l, v in strength_options(names)]:
            keep = self.all_bots.value
            self._quiet = True
            self.all_bots.options = strength_options(names)
            self.all_bots.value = keep if keep in names else names[0]
            self._quiet = False
        if not accepted:  # pragma: no cover - every profile accepts some count
            self._say(f"{rules.profile_id}: no number of players is accepted with these "
                      "options", bad=True)
            return
        low, high = accepted[0], accepted[-1]
        if low > self.players.max:
            self.players.max = high
            self.players.min = low
        else:
            self.players.min = low
            self.players.max = high
        self._rebuild_bots()

    def _set_players(self, players: int) -> None:
        if self.players.min <= players <= self.players.max:
            self.players.value = players

    def _set_bots(self, bots: list[str] | str | None) -> None:
        if bots is None:
            return
        names = [bots] * len(self.bot_dropdowns) if isinstance(bots, str) else list(bots)
        if len(set(names)) == 1 and names[0] in [v for _l, v in self.all_bots.options]:
            # one player for every seat: "Every seat" says so, and seats added later follow it
            self._quiet = True
            self.all_bots.value = names[0]
            self._quiet = False
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
        self._build_for_profile({})
        self.frame = self.table = None
        self.frames, self.tables = {}, {}
        self.summary.value = self.plot.value = ""
        self._say(f"{load_profile(self.profile.value).title}: choose the options and press Run.")

    def _on_option(self, change: dict[str, Any]) -> None:
        try:
            self.rules()
        except RulebookError as exc:
            self._say(str(exc), bad=True)
            return
        self._say("Options changed: press Run to play the deals.")
        self._refresh_players()

    def _on_players(self, change: dict[str, Any]) -> None:
        self._rebuild_bots()

    def _on_all_bots(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        for dropdown in self.bot_dropdowns:
            dropdown.value = change["new"]

    def _progress_from(self, offset: int) -> Callable[[int, int], None]:
        """simulate's progress callback: moves the bar to ``offset + done``."""
        def report(done: int, total: int) -> None:
            self.progress.value = offset + done
        return report

    # ---- running ------------------------------------------------------------------------
    def run(self, _button: Any = None) -> None:
        """Play the deals with the chosen settings and show the summary table and chart.

        An engine error (a bad combination of options, a negative number of deals...) is
        shown as its message; nothing else changes.
        """
        try:
            self._run()
        except RulebookError as exc:
            self.progress.bar_style = "danger"
            self._say(str(exc), bad=True)
        except Exception as exc:  # never a traceback in front of the learner
            self.progress.bar_style = "danger"
            self._say(f"the simulation failed: {type(exc).__name__}: {exc}", bad=True)

    def _run(self) -> None:
        rules = self.rules()
        players, deals, seed = self.players.value, self.deals.value, self.seed.value
        bots = self.bot_values()
        name = self.compare.value
        runs: list[tuple[str, RulesBase]] = [("", rules)]
        if name:
            runs = [("off", rules.with_options(**{name: False})),
                    ("on", rules.with_options(**{name: True}))]
        self.progress.bar_style = "info"
        self.progress.value = 0
        self.progress.max = max(1, deals * len(runs))
        frames: dict[str, Any] = {}
        started = time.perf_counter()
        for k, (key, run_rules) in enumerate(runs):
            frames[key] = simulate(run_rules, players=players, deals=deals, bots=bots,
                                   seed=seed, progress=self._progress_from(k * deals))
        self.last_seconds = time.perf_counter() - started
        self.progress.value = self.progress.max
        self.progress.bar_style = "success"
        tables = {key: summarize(frame) for key, frame in frames.items()}
        seats_text = (f"every seat {bots[0]}" if len(set(bots)) == 1 else
                      ", ".join(f"seat {s}: {b}" for s, b in enumerate(bots)))
        label = rules.profile.options[name].label if name else ""
        rate = deals * len(runs) / self.last_seconds if self.last_seconds > 0 else 0.0
        if name:
            self.frames, self.tables = frames, tables
            self.frame, self.table = frames["on"], tables["on"]
            self.summary.value = STYLE + _EXTRA_STYLE + "".join(
                summary_html(tables[key], f"{ruleset_caption(rules_)} ({label} {key})",
                             rules.profile_id)
                for key, rules_ in runs)
            series = [(f"{label} {key}", self._seat_rates(tables[key])) for key, _ in runs]
            self.plot.value = win_rate_svg(series, f"Win rate per seat: {label} off and on")
        else:
            self.frames, self.tables = {}, {}
            self.frame, self.table = frames[""], tables[""]
            self.summary.value = STYLE + _EXTRA_STYLE + summary_html(
                self.table, ruleset_caption(rules), rules.profile_id)
            self.plot.value = win_rate_svg([("win rate", self._seat_rates(self.table))],
                                           f"Win rate per seat: {ruleset_caption(rules)}")
        twice = f" twice ({label} off, then on)" if name else ""
        self._say(f"Played {deals:,} deal(s){twice} of {ruleset_caption(rules)} with "
                  f"{players} players ({seats_text}), seed {seed}, in {self.last_seconds:.2f} s "
                  f"({rate:,.0f} deals/s).")

    @staticmethod
    def _seat_rates(table: Any) -> list[tuple[str, float]]:
        seats = table[table["group"].str.startswith("seat ")]
        return [(str(g), float(r)) for g, r in zip(seats["group"], seats["win rate"])]
