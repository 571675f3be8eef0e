"""The computer's pace: how long a screen waits between two computer moves.

Implements no rule clause: how fast a screen shows the moves is not a rule of any game, and
the moves themselves do not depend on it (the engine plays the same deal at every pace).

- :data:`PACES`: the paces with a wait (relaxed, normal, fast), in seconds a move; the class
  table's server plays its computer seats at these (a room of students follows every move);
- :data:`AT_ONCE` and :data:`SCREEN_PACES`: a player alone at a widget may also ask for every
  computer move at once;
- :func:`pace_seconds`: a pace's name checked and turned into seconds.

Light on purpose: it imports nothing but :mod:`rulebook.errors`.
"""
from __future__ import annotations

from typing import Any

from .errors import RulesError, quoted

__all__ = ["PACES", "AT_ONCE", "SCREEN_PACES", "DEFAULT_PACE", "pace_seconds", "pace_words"]

PACES: dict[str, float] = {"relaxed": 1.6, "normal": 0.8, "fast": 0.25}
"""Seconds between two computer moves at each pace with a wait (what the class table's
teacher may pick)."""

AT_ONCE = "at once"
"""The pace at which every computer move is shown together, with no wait."""

SCREEN_PACES: dict[str, float] = {**PACES, AT_ONCE: 0.0}
"""The paces a player picks on a widget's screen: :data:`PACES`, then :data:`AT_ONCE`."""

DEFAULT_PACE = "normal"
"""The pace a screen starts at."""


def pace_seconds(pace: Any, paces: dict[str, float] | None = None) -> float:
    """The seconds between two computer moves at ``pace`` (a name of ``paces``, by default
    :data:`SCREEN_PACES`); a name that is not one of them raises
    :class:`~rulebook.errors.RulesError` naming those that are."""
    table = SCREEN_PACES if paces is None else paces
    if isinstance(pace, str) and str.__str__(pace) in table:
        return table[str.__str__(pace)]
    raise RulesError(f"pace={quoted(pace, 40)}: expected one of "
                     + ", ".join(repr(name) for name in table))


def pace_words(pace: str) -> str:
    """A pace as a screen names it: ``normal (0.8 s a move)``, ``at once``."""
    seconds = pace_seconds(pace)
    return pace if seconds == 0 else f"{pace} ({seconds:g} s a move)"
