"""Pieces several widgets share: what the engine accepts, asked rather than restated, and the
option controls every widget that shows a ruleset's options builds the same way.

- :func:`players_accepted`: the player counts a ruleset is played by (``rules.players_range``);
- :func:`strength_options`: the computer players the engine registered for a game, in words;
- :func:`option_control` / :func:`option_value`: one control per option of a profile's
  option table, labelled in words (the option's ``label``), its meaning and clause ids as
  the tooltip;
- :func:`whole_number`, :func:`flag`, :func:`html_text`, :func:`game_state`,
  :func:`function`: a widget's arguments checked, a wrong one answered with a RulesError;
- :func:`pace_control`: the picker of the computer's pace (relaxed, normal, fast, at once);
- :class:`WidgetView`: a view shown in Jupyter as its ``widget`` when it is a cell's value.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from rulebook.errors import RulesError, quoted
from rulebook.pace import SCREEN_PACES, pace_seconds, pace_words
from rulebook.protocol import GameState
from rulebook.rules import OptionSpec, RulesBase

__all__ = ["MOST_PLAYERS_ASKED", "MAX_LIST_TEXT", "MESSAGE_LIMIT", "STRENGTH_WORDS",
           "players_accepted", "strength_options", "option_control", "option_value",
           "option_text", "whole_number", "flag", "html_text", "game_state", "function",
           "seconds", "short_message", "pace_choice", "pace_control", "WidgetView"]

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

MESSAGE_LIMIT = 300
"""The most characters of a message a widget shows (a sentence or two; the engine's messages
quote what was given cut short already, this bounds anything else)."""

MAX_LIST_TEXT = 1_000
"""The longest text read as a list of whole numbers (chips for a dozen players take a few
dozen characters)."""


class WidgetView:
    """A view drawn by its ``widget`` (an ipywidgets box): leaving the view as a cell's last
    value displays that widget."""

    widget: Any

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]


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
    text = str.__str__(value)
    if len(text) > MAX_LIST_TEXT:
        raise RulesError(f"{spec.label}: {quoted(text)} is too long for a list of whole "
                         f"numbers (at most {MAX_LIST_TEXT:,} characters): write them "
                         "separated by commas, e.g. 100, 50, 0")
    parts = [p for p in re.split(r"[,;\s]+", text.strip()) if p]
    if not all(re.fullmatch(r"[+-]?[0-9]{1,30}", p) for p in parts):
        raise RulesError(f"{spec.label}: {quoted(text)} is not a list of whole numbers: "
                         "write them separated by commas, e.g. 100, 50, 0")
    return [int(p) for p in parts]


# -- arguments from the notebook ----------------------------------------------------------------
# A widget is built and driven from a notebook cell, where anything may be typed.  These checks
# answer a wrong argument with the engine's RulesError: what was given (cut short) and what was
# expected, before anything on screen changes.
def short_message(text: object, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as a message a learner reads: at most ``limit`` characters, cut with "…"."""
    words = str(text).strip()
    return words if len(words) <= limit else words[:limit - 1].rstrip() + "…"


def whole_number(where: str, value: Any, low: int = 0, high: int | None = None) -> int:
    """``value`` as a plain ``int`` if it is a whole number from ``low`` to ``high`` (an
    ``int`` subclass counts by its own value, never by what it says of itself; ``True`` is
    not a number); RulesError otherwise."""
    number = None if isinstance(value, bool) or not isinstance(value, int) \
        else int.__index__(value)
    if number is None or number < low or (high is not None and number > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise RulesError(f"{where}={quoted(value)}: expected a whole number {span}")
    return number


def flag(where: str, value: Any) -> bool:
    """``value`` if it is True or False (or 1/0); RulesError otherwise."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise RulesError(f"{where}={quoted(value)}: expected True or False")


def html_text(where: str, value: Any) -> str:
    """``value`` if it is text (HTML to show); RulesError otherwise."""
    if not isinstance(value, str):
        raise RulesError(f"{where}={quoted(value)}: expected text (HTML to show)")
    return value


def game_state(where: str, value: Any) -> GameState[Any] | None:
    """``value`` if it is a game state or None; RulesError otherwise."""
    if value is not None and not isinstance(value, GameState):
        raise RulesError(f"{where}={quoted(value)}: expected a game state, such as "
                         f"rules.new_deal(players=4, seed=1), or None")
    return value


def function(where: str, value: Any) -> Callable[..., Any]:
    """``value`` if it can be called; RulesError otherwise."""
    if not callable(value):
        raise RulesError(f"{where}={quoted(value)}: expected a function")
    return value  # type: ignore[no-any-return]


def seconds(where: str, value: Any) -> float:
    """``value`` if it is a number of seconds from 0 to a day; RulesError otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not 0 <= value <= 86_400:
        raise RulesError(f"{where}={quoted(value)}: expected a number of seconds from 0 to "
                         f"86,400")
    return float(value)


def pace_choice(value: Any) -> str:
    """``value`` if it names a pace a screen offers (:data:`rulebook.pace.SCREEN_PACES`:
    relaxed, normal, fast, at once); RulesError otherwise."""
    pace_seconds(value)
    return str.__str__(value)


def pace_control(value: str) -> w.Dropdown:
    """The picker of the computer's pace: relaxed, normal, fast (with their seconds a move)
    or at once, starting at ``value``."""
    return w.Dropdown(options=[(pace_words(p), p) for p in SCREEN_PACES],
                      value=pace_choice(value), description="computer's pace",
                      style={"description_width": "initial"}, layout=w.Layout(width="auto"),
                      tooltip="How fast the computer's moves follow one another on screen "
                              "(a click on your cards shows the rest at once)")
