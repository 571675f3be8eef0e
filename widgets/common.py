"""Pieces several widgets share: what the engine accepts, asked rather than restated, and the
option controls every widget that shows a ruleset's options builds the same way.

- :func:`players_accepted`: the player counts a ruleset is played by (``rules.players_range``);
- :func:`strength_options`: the computer players the engine registered for a game, in words;
- :func:`option_control` / :func:`option_value`: one control per option of a profile's
  option table, labelled in words (the option's ``label``), its meaning and clause ids as
  the tooltip.
"""
from __future__ import annotations

import re
from typing import Any

import ipywidgets as w

from rulebook.errors import RulesError
from rulebook.rules import OptionSpec, RulesBase

__all__ = ["MOST_PLAYERS_ASKED", "STRENGTH_WORDS", "players_accepted", "strength_options",
           "option_control", "option_value", "option_text"]

MOST_PLAYERS_ASKED = 12
"""The most players any screen offers (a ruleset's own range, ``rules.players_range``, is
what it accepts)."""

STRENGTH_WORDS = {
    "easy": "easy",
    "smart": "smart",
    "random": "random (any legal move)",
}
"""How the computer players are named on screen (a player the engine registers later shows
its own name)."""

_STRENGTH_ORDER = ("smart", "easy", "random")


def players_accepted(rules: RulesBase) -> list[int]:
    """The player counts the ruleset is played by (``rules.players_range``, at most
    :data:`MOST_PLAYERS_ASKED`)."""
    return [n for n in rules.players_range if n <= MOST_PLAYERS_ASKED]


def strength_options(names: list[str]) -> list[tuple[str, str]]:
    """Dropdown options (words, name) for the computer players ``names`` of a game: smart
    first, then easy, then random, then any other."""
    order = {name: k for k, name in enumerate(_STRENGTH_ORDER)}
    ranked = sorted(names, key=lambda n: (order.get(n, len(order)), n))
    return [(STRENGTH_WORDS.get(n, n), n) for n in ranked]


def option_text(spec: OptionSpec, value: Any) -> str:
    """An option value as a text control shows it (a list comma-separated)."""
    if spec.type == "int_list":
        return ", ".join(str(v) for v in (value or ()))
    return str(value)


def option_control(spec: OptionSpec, value: Any, *, mark_house_rule: bool = False) -> Any:
    """One control for one option, labelled in words (``spec.label``), with the option's
    meaning and clause ids as its tooltip.

    bool → Checkbox; choices → Dropdown (each choice in words); other int → IntText; int_list
    and str → Text (a list as comma-separated whole numbers, committed on Enter).
    ``mark_house_rule`` adds "(house rule)" to the label of a house rule.
    """
    tip = spec.meaning + (f" ({', '.join(spec.clauses)})" if spec.clauses else "")
    label = spec.label + (" (house rule)" if mark_house_rule and spec.house_rule else "")
    common: dict[str, Any] = {"description": label, "tooltip": tip,
                              "style": {"description_width": "initial"},
                              "layout": w.Layout(max_width="100%")}
    if spec.type == "bool":
        common["layout"] = w.Layout(width="auto", max_width="100%")
        return w.Checkbox(value=bool(value), indent=False, **common)
    if spec.choices is not None:
        common["layout"] = w.Layout(width="auto", max_width="100%")
        return w.Dropdown(options=[(spec.choice_label(c), c) for c in spec.choices],
                          value=value, **common)
    if spec.type == "int":
        return w.IntText(value=int(value), **common)
    return w.Text(value=option_text(spec, value), continuous_update=False,
                  placeholder="e.g. 100, 50, 0" if spec.type == "int_list" else "", **common)


def option_value(spec: OptionSpec, value: Any) -> Any:
    """A control's value as the option's type (a list typed as text is read here)."""
    if spec.type != "int_list" or not isinstance(value, str):
        return value
    parts = [p for p in re.split(r"[,;\s]+", value.strip()) if p]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise RulesError(f"{spec.label}: {value!r} is not a list of whole numbers: write them "
                         "separated by commas, e.g. 100, 50, 0") from None
