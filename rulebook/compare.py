"""Rulesets side by side, built from each rules object's own description rows.

:func:`compare_rules` lines up the :class:`~rulebook.rules.Row` of several rulesets by
(topic, setting) in the order of :data:`~rulebook.rules.TOPICS` and marks the rows whose
values differ.  A switch that is off (a house rule not in force, ``ranked`` off) reads
the same as a ruleset that has no such switch at all: such a row differs only where a
ruleset has it on.  The terminal view (``python -m rulebook rules ...``) and the rules
comparison widget both draw this; neither restates a rule.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .rules import TOPICS, RulesBase

__all__ = ["ComparedRow", "compare_rules", "format_table"]

MISSING = "—"
"""Shown where a ruleset has no row for a setting."""


@dataclasses.dataclass(frozen=True)
class ComparedRow:
    """One setting across several rulesets."""

    topic: str
    setting: str
    values: tuple[str, ...]
    """The value in each ruleset (``MISSING`` where it has none)."""
    meanings: tuple[str, ...]
    """The plain-language meaning in each ruleset (empty where it has none)."""
    clauses: tuple[tuple[str, ...], ...]
    """The clause ids behind each ruleset's row."""
    off: tuple[bool, ...] = ()
    """Whether each ruleset's row is a switch that is off (the same as having no row)."""
    label: str = ""
    """The setting in a learner's words (an option's label), or empty: the setting itself."""

    @property
    def differs(self) -> bool:
        """Whether the rulesets disagree on this setting (a switch that is off agrees with a
        ruleset that has no such switch)."""
        off = self.off or (False,) * len(self.values)
        return len({MISSING if is_off else value
                    for value, is_off in zip(self.values, off)}) > 1

    @property
    def words(self) -> str:
        """The setting as a learner reads it: its label, else its name."""
        return self.label or self.setting


def _option_of(rules: RulesBase, topic: str, setting: str) -> str | None:
    """The option a description row stands for, if any: a row named as the option, or a
    house-rules row named by its spaced name or its label."""
    options = rules.profile.options
    if setting in options:
        return setting
    if topic != "house rules":
        return None
    for name, spec in options.items():
        if setting in (name.replace("_", " "), spec.label):
            return name
    return None


def compare_rules(*rulesets: RulesBase) -> list[ComparedRow]:
    """Line up the description rows of several rulesets; see :class:`ComparedRow`."""
    keys: list[tuple[str, str]] = []
    tables: list[dict[tuple[str, str], tuple[str, str, tuple[str, ...]]]] = []
    offs: list[set[tuple[str, str]]] = []
    labels: dict[tuple[str, str], str] = {}
    for rules in rulesets:
        table: dict[tuple[str, str], tuple[str, str, tuple[str, ...]]] = {}
        off: set[tuple[str, str]] = set()
        for row in rules.describe():
            key = (row.topic, row.setting)
            name = _option_of(rules, row.topic, row.setting)
            if name is not None:
                spec = rules.profile.options[name]
                labels.setdefault(key, spec.label)
                if spec.type == "bool" and rules.options[name] is False:
                    off.add(key)
            if key in table:  # several rows for one setting: join them
                value, meaning, clauses = table[key]
                table[key] = (f"{value}; {row.value}", f"{meaning} {row.meaning}",
                              clauses + row.clauses)
            else:
                table[key] = (row.value, row.meaning, tuple(row.clauses))
            if key not in keys:
                keys.append(key)
        tables.append(table)
        offs.append(off)
    order = {topic: i for i, topic in enumerate(TOPICS)}
    keys.sort(key=lambda k: order.get(k[0], len(order)))  # stable: keeps first-seen order
    out = []
    for key in keys:
        cells = [t.get(key, (MISSING, "", ())) for t in tables]
        out.append(ComparedRow(key[0], key[1], tuple(c[0] for c in cells),
                               tuple(c[1] for c in cells), tuple(c[2] for c in cells),
                               tuple(key in off for off in offs), labels.get(key, "")))
    return out


def format_table(rulesets: Sequence[RulesBase], width: int = 28) -> str:
    """A plain-text side-by-side table; rows that differ are marked with ``*``."""
    rows = compare_rules(*rulesets)
    setting_w = max([len(r.setting) for r in rows] + [7])

    def cut(text: str) -> str:
        return text if len(text) <= width else text[: width - 1] + "…"

    labels = "  ".join(cut(r.label()).ljust(width) for r in rulesets)
    lines = [f"  {'setting'.ljust(setting_w)}  {labels}".rstrip()]
    topic = None
    for row in rows:
        if row.topic != topic:
            topic = row.topic
            lines.append(f"[{topic}]")
        mark = "*" if row.differs else " "
        cells = "  ".join(cut(v).ljust(width) for v in row.values)
        lines.append(f"{mark} {row.setting.ljust(setting_w)}  {cells}".rstrip())
    lines.append("* the rulesets differ on this row")
    return "\n".join(lines)
