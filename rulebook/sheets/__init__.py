"""How to play, printable rule sheets and the rules table, generated from a rules object.

``rules.how_to_play()`` is the goal, the set-up, what you may do on your turn, how a round
ends and is scored, the house rules in force and one worked example, in plain words and card
symbols, with no clause ids.  ``rules.rule_sheet()`` is the same to print, on two A4 pages (one when it fits; HTML
with print CSS, or PDF through fpdf2), with the settings at a glance.  ``rules.rules_table()``
draws ``rules.describe()`` as a table a learner reads, clause ids small and last.

Each game writes its own words (``rules.how_to_play()`` and ``rules.sheet_sections()``, in
its package's ``words`` module) with the pieces of :mod:`rulebook.sheets.common` and
:mod:`rulebook.sheets.document`; the facts in them (players, opening card, hand sizes, card
points, chips, bets, blinds, the house rules switched on, and which cards are legal in the
worked examples) are read from the rules object and the engine, so switching a house rule
changes the text.  This package holds the shapes, the drawing and the sheet's frame; it
knows no game.
"""
from __future__ import annotations

from typing import Any, cast

from .document import (
    Bullets, HowToPlay, Para, RuleSheet, RulesTable, Section, SheetError, Table,
)

__all__ = [
    "how_to_play", "rule_sheet", "rules_table", "HowToPlay", "RuleSheet", "RulesTable", "Section",
    "Para", "Bullets", "Table", "SheetError",
]


def how_to_play(rules: Any) -> HowToPlay:
    """How to play ``rules`` in plain words: ``rules.how_to_play()`` (see the module
    docstring)."""
    play = getattr(rules, "how_to_play", None)
    try:
        if play is not None:
            return cast(HowToPlay, play())
    except NotImplementedError:
        pass
    raise SheetError(f"no how-to-play is written for the game {getattr(rules, 'game', '')!r} "
                     f"of {getattr(rules, 'profile_id', rules)!r}")


def rule_sheet(rules: Any) -> RuleSheet:
    """A printable rule sheet (two A4 pages, one when it fits) for ``rules``, with the house rules that are on."""
    from .common import house_rules_line

    play = how_to_play(rules)
    sections: tuple[Section, ...] = rules.sheet_sections()
    subtitle = f"{play.intro} This sheet: {house_rules_line(rules)}."
    footer = f"{rules.title}: {house_rules_line(rules)}. {sheet_source(rules)}"
    return RuleSheet(rules, rules.title, subtitle, sections, footer, _picture(rules))


def sheet_source(rules: Any) -> str:
    """Where a rule sheet's rules come from, in a sentence for a teacher."""
    return ("From the card-game lessons: the games played on screen follow exactly "
            f"these rules of {rules.title}.")


def _picture(rules: Any) -> Any:
    """The game's small picture for the sheet (its ``picture`` room), or None for a game
    with none."""
    return rules.sheet_picture()


def rules_table(rules: Any, topics: tuple[str, ...] | None = None) -> RulesTable:
    """``rules.describe()`` as a table a learner reads (clause ids small and last), options
    named by their labels; ``topics`` keeps only the rows of those topics (e.g.
    ``("house rules",)``)."""
    from .common import spec_label

    rows = tuple(r for r in rules.describe() if topics is None or r.topic in topics)
    labels = tuple((name, spec_label(spec)) for name, spec in rules.profile.options.items())
    title = rules.title if topics is None else f"{rules.title}: {', '.join(topics)}"
    return RulesTable(title, rows, labels)
