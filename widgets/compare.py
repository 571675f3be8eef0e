"""Rulesets side by side: the rules objects' own description rows, differences highlighted.

``RulesCompare("profile-a", "profile-b", ...)`` draws one column per ruleset and one row
per setting, grouped by topic in the order of :data:`rulebook.rules.TOPICS` (players, deck,
deal, who opens, what may be played, passing and drawing, special cards, round end,
scoring, match, house rules).  The rows come from :func:`rulebook.compare.compare_rules`,
which lines up each ruleset's ``describe()`` rows; a row whose values differ (its
``differs``) is drawn with class ``rb-diff`` (a "≠" and a tint).  Every cell shows the
value, the meaning as its tooltip (``title``) and the clause ids in small print.

Above each column sit that ruleset's options, one control per entry of its profile's option
table (:func:`rulebook.rules.load_profile`), labelled in words (the option's ``label``;
:func:`widgets.common.option_control`): a Checkbox for a bool, a Dropdown where the table
lists choices, an IntText for any other whole number, a Text (comma-separated numbers) for a
list.  Each column has its own width and the columns wrap onto a new line rather than
overlap; a house-rule row of the table is named by its label too.  Changing one rebuilds
that column's rules with ``with_options`` and redraws the table; a combination the engine
refuses (e.g. a ranked ruleset with a house rule) shows the engine's
:class:`~rulebook.errors.RulesError` message in the reason box, puts the control back and
keeps the rules in force.  This module holds no rule.

Controls and outputs a learner (or a test) uses:

- ``controls[i][name]``: the option controls of column ``i``;
- ``rules[i]``: the rules object now shown in column ``i``;
- ``headers[i]`` (HTML): column ``i``'s label, title and summary;
- ``table`` (HTML): the comparison; ``reason`` (HTML): what the last change did, or the
  engine's refusal (class ``rb-reason rb-bad``);
- ``diagrams`` (HTML, hidden until :meth:`set_diagrams` fills it): the turn diagrams, one
  under the other, each fitted to the width (with its own full-size switch).
"""
from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as w

from rulebook.compare import ComparedRow, compare_rules
from rulebook.errors import RulebookError, RulesError, quoted
from rulebook.html import ruleset_caption
from rulebook.lockstep import as_rules
from rulebook.rules import RulesBase, default_profile, example_ruleset
from rulebook.sheets.document import symbols

from .common import WidgetView, flag, option_control, option_text, option_value, \
    short_message
from .common import html_text as checked_html
from .drawing import DiagramSlot
from .render import STYLE, escape
from .stepper import message_html, syncing

__all__ = ["RulesCompare", "option_control", "compare_table_html"]

_EXTRA_STYLE = """<style>
.rb-topic th{background:#e8eef7;text-transform:capitalize;font-size:0.95em}
.rb-compare .rb-clauses{color:#666;font-size:0.8em;display:block}
.rb-summary{font-family:sans-serif;font-size:0.85em;color:#444}
.rb-compare-column .widget-label-basic,.rb-compare-column .widget-label{white-space:normal;
 overflow:visible;height:auto;line-height:1.2}
.rb-compare-column .widget-checkbox{height:auto;min-height:var(--jp-widgets-inline-height)}
.rb-compare-column>.widget-inline-hbox{max-width:100%}
</style>"""


def compare_table_html(rows: list[ComparedRow], labels: list[str],
                       setting_words: dict[str, str] | None = None) -> str:
    """The comparison as one HTML table: topic group rows, a column per ruleset, rows that
    differ with class ``rb-diff``, the meaning as each cell's tooltip and the clause ids.
    ``setting_words`` names settings in words (an option's label for its house-rule row)."""
    words = setting_words or {}
    head = "<th>setting</th>" + "".join(f"<th>{escape(label)}</th>" for label in labels)
    body: list[str] = []
    topic = None
    span = len(labels) + 1
    for row in rows:
        if row.topic != topic:
            topic = row.topic
            body.append(f'<tr class="rb-topic"><th colspan="{span}">{escape(topic)}</th></tr>')
        mark = ' class="rb-diff"' if row.differs else ""
        cells = [f"<td>{escape(words.get(row.setting) or row.words)}</td>"]
        for value, meaning, clauses in zip(row.values, row.meanings, row.clauses):
            ids = (f'<small class="rb-clauses">{escape(", ".join(clauses))}</small>'
                   if clauses else "")
            cells.append(f'<td title="{escape(meaning)}">{escape(value)}{ids}</td>')
        body.append(f'<tr{mark} data-topic="{escape(row.topic)}" '
                    f'data-setting="{escape(row.setting)}">{"".join(cells)}</tr>')
    return (f'<table class="rb-table rb-compare"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


class RulesCompare(WidgetView):
    """Rulesets side by side with option controls; differences highlighted.

    ``RulesCompare(*rulesets, title=None)``: each ruleset is a rules object, a profile id
    or ``"profile+option+name=value"`` text.
    A ruleset that cannot be loaded raises :class:`~rulebook.errors.RulesError` here, before
    anything is drawn; afterwards every refusal is shown in ``reason``.  ``flows_toggle``
    shows each column's turn diagram (``rules.turn_diagram()``) side by side in ``diagrams``,
    drawn on a worker thread unless ``draw_in_background`` is false (``flows.wait()`` waits).
    """

    def __init__(self, *rulesets: RulesBase | str, title: str | None = None,
                 draw_in_background: bool = True) -> None:
        if not rulesets:
            raise RulesError("RulesCompare needs at least one ruleset, e.g. "
                             f"RulesCompare({default_profile()!r}, {example_ruleset()!r})")
        title = None if title is None else checked_html("title", title)
        draw_in_background = flag("draw_in_background", draw_in_background)
        self.rules: list[RulesBase] = [as_rules(r) for r in rulesets]
        self.rows: list[ComparedRow] = []
        self.controls: list[dict[str, w.ValueWidget]] = [
            {name: option_control(spec, rules.options[name])
             for name, spec in rules.profile.options.items()} for rules in self.rules]
        self.headers: list[w.HTML] = [w.HTML() for _ in self.rules]
        self._syncing = False
        columns = []
        for i, (header, controls) in enumerate(zip(self.headers, self.controls)):
            for name, control in controls.items():
                control.layout.width = "auto"  # as wide as the column, never past it
                control.observe(partial(self._on_change, i, name), names="value")
            # a column as wide as its share of the row (at least 15em): its controls wrap
            # their labels inside it, and the columns wrap onto a new line, never overlap
            column = w.VBox([header, *controls.values()],
                            layout=w.Layout(margin="0 12px 8px 0", min_width="15em",
                                            flex=f"1 1 {100 // max(1, len(rulesets)) - 2}%",
                                            overflow="hidden"))
            column.add_class("rb-compare-column")
            columns.append(column)
        self.table = w.HTML()
        self.reason = w.HTML()
        self.diagrams = w.HTML(layout=w.Layout(display="none"))
        self.flows_toggle = w.Checkbox(
            value=False, description="turn flows, one under the other", indent=False,
            tooltip="Draw each ruleset's turn as a diagram generated from its rules; what "
                    "differs from the first column is drawn thick and red")
        self.flows_toggle.observe(lambda _c: self.draw_flows(), names="value")
        self.flows = DiagramSlot(self.diagrams, background=draw_in_background)
        self.widget = w.VBox([
            w.HTML(f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>"
                   f"{escape(title or 'Rulesets side by side')}</b>: rows marked ≠ differ; "
                   "hover a value for its meaning.</div>"),
            w.HBox(columns, layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.reason,
            self.table,
            self.flows_toggle,
            self.diagrams,
        ])
        self._say("Change an option above a column to see its rules change here.")
        self.render()

    # ---- drawing ----------------------------------------------------------------------
    @property
    def labels(self) -> list[str]:
        """Each column's label: the ruleset in words, its changed options by their labels."""
        return [ruleset_caption(r) for r in self.rules]

    def render(self) -> None:
        """Redraw the headers and the table from the rules now in force."""
        self.rows = compare_rules(*self.rules)
        for header, rules in zip(self.headers, self.rules):
            header.value = (f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>"
                            f"{escape(ruleset_caption(rules))}</b></div>"
                            f"<div class='rb-summary'>{escape(symbols(rules.profile.summary))}"
                            "</div>")
        differ = sum(r.differs for r in self.rows)
        note = (f"<div class='rb-note'>{differ} of {len(self.rows)} settings differ (a house "
                "rule that is off is the same as none).</div>" if len(self.rules) > 1 else "")
        words = {name: spec.label for rules in self.rules  # the house-rule rows in words
                 for name, spec in rules.profile.options.items()}
        self.table.value = (f"{STYLE}{_EXTRA_STYLE}{note}"
                            f"{compare_table_html(self.rows, self.labels, words)}")
        self.draw_flows()

    def draw_flows(self) -> None:
        """Show every column's turn diagram (``rules.turn_diagram()``) when the toggle is on,
        one under the other (each fitted to the width, with its full-size switch); a column
        of the same game as the first is drawn against it, so what a house rule adds stands
        out.  Hidden when the toggle is off."""
        if not self.flows_toggle.value:
            self.set_diagrams("")
            return
        rulesets = list(self.rules)

        def draw() -> str:
            from rulebook.diagrams import Diagram
            from rulebook.turnflow import turn_diagram

            first = rulesets[0]
            parts = []
            for i, rules in enumerate(rulesets):
                against = first if i and rules.game == first.game else None
                graph = turn_diagram(rules, against=against)
                parts.append(f"<div class='rb-flow'>"
                             f"{Diagram(graph, title=ruleset_caption(rules)).html()}</div>")
            return "".join(parts)  # stacked: side by side they were wider than any screen

        # drawn off the click (each dot run takes longer than a click may), once per rulesets,
        # named by their value (never an object's id, which Python gives again)
        self.diagrams.layout.display = ""
        self.flows.show(tuple((type(r).__qualname__, r.label()) for r in rulesets), draw)

    def set_diagrams(self, html_text: str) -> None:
        """Show ``html_text`` (e.g. the turn diagrams side by side) below the table;
        an empty text hides the area again."""
        self.flows.clear(checked_html("html_text", html_text))
        self.diagrams.layout.display = "" if html_text else "none"

    def _say(self, text: str, bad: bool = False) -> None:
        self.reason.value = STYLE + message_html(text, bad)

    # ---- actions ----------------------------------------------------------------------
    def _on_change(self, column: int, name: str, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.set_option(column, name, change["new"], old=change["old"])

    def set_option(self, column: int, name: str, value: Any, old: Any = None) -> bool:
        """Rebuild column ``column`` with option ``name`` = ``value`` and redraw.

        Called by the controls; returns whether the engine accepted the change.  A refusal
        shows the engine's message, keeps the rules and puts the control back.
        """
        if isinstance(column, bool) or not isinstance(column, int) \
                or not 0 <= column < len(self.rules):
            raise RulesError(f"column={quoted(column)}: expected a column from 0 to "
                             f"{len(self.rules) - 1}")
        rules = self.rules[column]
        if not isinstance(name, str) or name not in rules.profile.options:
            raise RulesError(f"name={quoted(name)}: expected an option of "
                             f"{rules.profile_id}: {', '.join(rules.profile.options)}")
        spec = rules.profile.options[name]
        try:
            new = rules.with_options(**{name: option_value(spec, value)})
        except (RulebookError, ValueError) as exc:
            self._say(short_message(f"{ruleset_caption(rules)}: {exc}"), bad=True)
            self._put_back(column, name)
            return False
        self.rules[column] = new
        self.render()
        shown = spec.choice_label(new.options[name])
        self._say(f"Column {column + 1} is now {ruleset_caption(new)}: {spec.label} {shown} — "
                  f"{spec.meaning}")
        return True

    def _put_back(self, column: int, name: str) -> None:
        """Show the option value still in force on its control, without re-applying it."""
        rules, control = self.rules[column], self.controls[column][name]
        current = rules.options[name]
        with syncing(self):
            control.value = option_text(rules.profile.options[name], current) \
                if isinstance(control, w.Text) else current
