"""Rulesets side by side: the rules objects' own description rows, differences highlighted.

``RulesCompare("badam-satti", "sevens", "satti")`` draws one column per ruleset and one row
per setting, grouped by topic in the order of :data:`rulebook.rules.TOPICS` (players, deck,
deal, who opens, what may be played, passing and drawing, special cards, round end,
scoring, match, house rules).  The rows come from :func:`rulebook.compare.compare_rules`,
which lines up each ruleset's ``describe()`` rows; a row whose values differ (its
``differs``) is drawn with class ``rb-diff`` (a "≠" and a tint).  Every cell shows the
value, the meaning as its tooltip (``title``) and the clause ids in small print.

Above each column sit that ruleset's options, one control per entry of its profile's option
table (:func:`rulebook.rules.load_profile`): a Checkbox for a bool, a Dropdown where the
table lists choices, an IntText for any other whole number, a Text (comma-separated
numbers) for a list.  Changing one rebuilds that column's rules with ``with_options`` and
redraws the table; a combination the engine refuses (e.g. ``ranked`` with a house rule in
badam-satti) shows the engine's :class:`~rulebook.errors.RulesError` message in the reason
box, puts the control back and keeps the rules in force.  This module holds no rule.

Controls and outputs a learner (or a test) uses:

- ``controls[i][name]``: the option controls of column ``i``;
- ``rules[i]``: the rules object now shown in column ``i``;
- ``headers[i]`` (HTML): column ``i``'s label, title and summary;
- ``table`` (HTML): the comparison; ``reason`` (HTML): what the last change did, or the
  engine's refusal (class ``rb-reason rb-bad``);
- ``diagrams`` (HTML, hidden until :meth:`set_diagrams` fills it): room for the turn
  diagrams side by side.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from rulebook.compare import ComparedRow, compare_rules
from rulebook.errors import RulebookError, RulesError
from rulebook.lockstep import as_rules
from rulebook.rules import OptionSpec, RulesBase

from .drawing import DiagramSlot
from .render import STYLE, escape

__all__ = ["RulesCompare", "option_control", "compare_table_html"]

_EXTRA_STYLE = """<style>
.rb-topic th{background:#e8eef7;text-transform:capitalize;font-size:0.95em}
.rb-clauses{color:#666;font-size:0.75em;display:block}
.rb-summary{font-family:sans-serif;font-size:0.85em;color:#444}
</style>"""


def _value_text(spec: OptionSpec, value: Any) -> str:
    """An option value as the Text control shows it (lists comma-separated)."""
    if spec.type == "int_list":
        return ", ".join(str(v) for v in (value or ()))
    return str(value)


def option_control(spec: OptionSpec, value: Any) -> w.ValueWidget:
    """One control for one option, generated from its option-table entry.

    bool → Checkbox; choices → Dropdown; other int → IntText; int_list and str → Text
    (a list as comma-separated whole numbers, committed on Enter).
    """
    tip = spec.meaning + (f" ({', '.join(spec.clauses)})" if spec.clauses else "")
    common: dict[str, Any] = {"description": spec.name, "tooltip": tip,
                              "style": {"description_width": "initial"}}
    if spec.type == "bool":
        return w.Checkbox(value=bool(value), indent=False, **common)
    if spec.choices is not None:
        return w.Dropdown(options=[(str(c), c) for c in spec.choices], value=value, **common)
    if spec.type == "int":
        return w.IntText(value=int(value), **common)
    return w.Text(value=_value_text(spec, value), continuous_update=False,
                  placeholder="e.g. 100, 50, 0" if spec.type == "int_list" else "", **common)


def _parse_value(spec: OptionSpec, value: Any) -> Any:
    """The control's value as the option's type (a list typed as text is read here)."""
    if spec.type != "int_list" or not isinstance(value, str):
        return value
    parts = [p.strip() for p in value.replace(";", ",").split(",") if p.strip()]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise RulesError(f"option {spec.name}={value!r}: expected whole numbers separated by "
                         "commas, e.g. 100, 50, 0") from None


def compare_table_html(rows: list[ComparedRow], labels: list[str]) -> str:
    """The comparison as one HTML table: topic group rows, a column per ruleset, rows that
    differ with class ``rb-diff``, the meaning as each cell's tooltip and the clause ids."""
    head = "<th>setting</th>" + "".join(f"<th>{escape(label)}</th>" for label in labels)
    body: list[str] = []
    topic = None
    span = len(labels) + 1
    for row in rows:
        if row.topic != topic:
            topic = row.topic
            body.append(f'<tr class="rb-topic"><th colspan="{span}">{escape(topic)}</th></tr>')
        mark = ' class="rb-diff"' if row.differs else ""
        cells = [f"<td>{escape(row.setting)}</td>"]
        for value, meaning, clauses in zip(row.values, row.meanings, row.clauses):
            ids = (f'<small class="rb-clauses">{escape(", ".join(clauses))}</small>'
                   if clauses else "")
            cells.append(f'<td title="{escape(meaning)}">{escape(value)}{ids}</td>')
        body.append(f'<tr{mark} data-topic="{escape(row.topic)}" '
                    f'data-setting="{escape(row.setting)}">{"".join(cells)}</tr>')
    return (f'<table class="rb-table rb-compare"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


class RulesCompare:
    """Rulesets side by side with option controls; differences highlighted.

    ``RulesCompare(*rulesets, title=None)``: each ruleset is a rules object, a profile id
    (``"sevens"``) or ``"profile+option+name=value"`` text (``"badam-satti+sevens_first"``).
    A ruleset that cannot be loaded raises :class:`~rulebook.errors.RulesError` here, before
    anything is drawn; afterwards every refusal is shown in ``reason``.  ``flows_toggle``
    shows each column's turn diagram (``rules.turn_diagram()``) side by side in ``diagrams``,
    drawn on a worker thread unless ``draw_in_background`` is false (``flows.wait()`` waits).
    """

    def __init__(self, *rulesets: RulesBase | str, title: str | None = None,
                 draw_in_background: bool = True) -> None:
        if not rulesets:
            raise RulesError("RulesCompare needs at least one ruleset, e.g. "
                             "RulesCompare('badam-satti', 'sevens')")
        self.rules: list[RulesBase] = [as_rules(r) for r in rulesets]
        self.rows: list[ComparedRow] = []
        self.controls: list[dict[str, w.ValueWidget]] = []
        self.headers: list[w.HTML] = []
        self._reverting = False
        columns = []
        for i, rules in enumerate(self.rules):
            header = w.HTML()
            self.headers.append(header)
            controls: dict[str, w.ValueWidget] = {}
            for name, spec in rules.profile.options.items():
                control = option_control(spec, rules.options[name])
                control.observe(self._handler(i, name), names="value")
                controls[name] = control
            self.controls.append(controls)
            columns.append(w.VBox([header, *controls.values()],
                                  layout=w.Layout(margin="0 12px 0 0", min_width="14em")))
        self.table = w.HTML()
        self.reason = w.HTML()
        self.diagrams = w.HTML(layout=w.Layout(display="none"))
        self.flows_toggle = w.Checkbox(
            value=False, description="turn flows side by side", indent=False,
            tooltip="Draw each ruleset's turn as a diagram generated from its rules; what "
                    "differs from the first column is drawn thick and red")
        self.flows_toggle.observe(lambda _c: self.draw_flows(), names="value")
        self.flows = DiagramSlot(self.diagrams, background=draw_in_background)
        self.widget = w.VBox([
            w.HTML(f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>"
                   f"{escape(title or 'Rulesets side by side')}</b>: rows marked ≠ differ; "
                   "hover a value for its meaning.</div>"),
            w.HBox(columns),
            self.reason,
            self.table,
            self.flows_toggle,
            self.diagrams,
        ])
        self._say("Change an option above a column to see its rules change here.")
        self.render()

    # ---- display ----------------------------------------------------------------------
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    # ---- drawing ----------------------------------------------------------------------
    @property
    def labels(self) -> list[str]:
        """Each column's label (profile id plus changed options)."""
        return [r.label() for r in self.rules]

    def render(self) -> None:
        """Redraw the headers and the table from the rules now in force."""
        self.rows = compare_rules(*self.rules)
        for header, rules in zip(self.headers, self.rules):
            header.value = (f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>"
                            f"{escape(rules.label())}</b><br>{escape(rules.title)}</div>"
                            f"<div class='rb-summary'>{escape(rules.profile.summary)}</div>")
        differ = sum(r.differs for r in self.rows)
        note = (f"<div class='rb-note'>{differ} of {len(self.rows)} settings differ.</div>"
                if len(self.rules) > 1 else "")
        self.table.value = (f"{STYLE}{_EXTRA_STYLE}{note}"
                            f"{compare_table_html(self.rows, self.labels)}")
        self.draw_flows()

    def draw_flows(self) -> None:
        """Show every column's turn diagram (``rules.turn_diagram()``) side by side when the
        toggle is on; a column of the same game as the first is drawn against it, so what
        a house rule adds stands out.  Hidden when the toggle is off."""
        if not self.flows_toggle.value:
            self.set_diagrams("")
            return
        rulesets = list(self.rules)

        def draw() -> str:
            from rulebook.diagrams import Diagram
            from rulebook.turnflow import turn_diagram

            first = rulesets[0]
            cells = []
            for i, rules in enumerate(rulesets):
                against = first if i and rules.game == first.game else None
                graph = turn_diagram(rules, against=against)
                cells.append(f"<td style='vertical-align:top'>"
                             f"{Diagram(graph, title=rules.label()).html()}</td>")
            return f"<table><tr>{''.join(cells)}</tr></table>"

        # drawn off the click (each dot run takes longer than a click may), once per rulesets
        self.diagrams.layout.display = ""
        self.flows.show(tuple(rulesets), draw)

    def set_diagrams(self, html_text: str) -> None:
        """Show ``html_text`` (e.g. the turn diagrams side by side) below the table;
        an empty text hides the area again."""
        self.flows.clear(html_text)
        self.diagrams.layout.display = "" if html_text else "none"

    def _say(self, text: str, bad: bool = False) -> None:
        cls = "rb-reason rb-bad" if bad else "rb-reason"
        self.reason.value = f"{STYLE}<div class='{cls}'>{escape(text)}</div>"

    # ---- actions ----------------------------------------------------------------------
    def _handler(self, column: int, name: str) -> Callable[[dict[str, Any]], None]:
        def on_change(change: dict[str, Any]) -> None:
            if not self._reverting:
                self.set_option(column, name, change["new"], old=change["old"])
        return on_change

    def set_option(self, column: int, name: str, value: Any, old: Any = None) -> bool:
        """Rebuild column ``column`` with option ``name`` = ``value`` and redraw.

        Called by the controls; returns whether the engine accepted the change.  A refusal
        shows the engine's message, keeps the rules and puts the control back.
        """
        rules = self.rules[column]
        spec = rules.profile.options[name]
        try:
            new = rules.with_options(**{name: _parse_value(spec, value)})
        except (RulesError, RulebookError, ValueError) as exc:
            self._say(f"{rules.label()}: {exc}", bad=True)
            self._put_back(column, name)
            return False
        self.rules[column] = new
        self.render()
        shown = _value_text(spec, new.options[name])
        if spec.type == "bool":
            shown = "on" if new.options[name] else "off"
        self._say(f"Column {column + 1} is now {new.label()}: {name} {shown} — {spec.meaning}")
        return True

    def _put_back(self, column: int, name: str) -> None:
        """Show the option value still in force on its control, without re-applying it."""
        spec = self.rules[column].profile.options[name]
        current = self.rules[column].options[name]
        control = self.controls[column][name]
        self._reverting = True
        try:
            control.value = _value_text(spec, current) if isinstance(control, w.Text) \
                else current
        finally:
            self._reverting = False
