"""Rulesets side by side, built from each rules object's own description rows.

:func:`compare_rules` lines up the :class:`~rulebook.rules.Row` of several rulesets by
(topic, setting) in the order of :data:`~rulebook.rules.TOPICS` and marks the rows whose
values differ.  The terminal view (``python -m rulebook rules ...``) and the rules
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

    @property
    def differs(self) -> bool:
        """Whether the rulesets disagree on this setting."""
        return len(set(self.values)) > 1


def compare_rules(*rulesets: RulesBase) -> list[ComparedRow]:
    """Line up the description rows of several rulesets; see :class:`ComparedRow`."""
    keys: list[tuple[str, str]] = []
    tables: list[dict[tuple[str, str], tuple[str, str, tuple[str, ...]]]] = []
    for rules in rulesets:
        table: dict[tuple[str, str], tuple[str, str, tuple[str, ...]]] = {}
        for row in rules.describe():
            key = (row.topic, row.setting)
            if key in table:  # several rows for one setting: join them
                value, meaning, clauses = table[key]
                table[key] = (f"{value}; {row.value}", f"{meaning} {row.meaning}",
                              clauses + row.clauses)
            else:
                table[key] = (row.value, row.meaning, tuple(row.clauses))
            if key not in keys:
                keys.append(key)
        tables.append(table)
    order = {topic: i for i, topic in enumerate(TOPICS)}
    keys.sort(key=lambda k: order.get(k[0], len(order)))  # stable: keeps first-seen order
    out = []
    for key in keys:
        cells = [t.get(key, (MISSING, "", ())) for t in tables]
        out.append(ComparedRow(key[0], key[1], tuple(c[0] for c in cells),
                               tuple(c[1] for c in cells), tuple(c[2] for c in cells)))
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
