"""widgets: ipywidgets views over the rulebook engine.

- :class:`DealStepper` — step through a deal, or play it against computer players;
- :class:`PlayGame` — play any ruleset against the computer: new deals, players, strength,
  whole matches with running scores;
- :class:`MoveInspector` — pick a card or action and read whether it is legal, and why;
- :class:`RulesCompare` — rulesets side by side, differences highlighted;
- :class:`Lockstep` — one seeded deal under two rulesets, to the first move where they part;
- :class:`BadugiRanker` — four cards: counting cards, class, standing among all hands;
- :class:`VariantLab` — many simulated deals, summarised in a table and a plot;
- :class:`ClassTable` — a room of the class table run from a notebook: the join address as a
  QR code, the room code, the teacher's buttons and the live projector view;
- :class:`CoachPanel` — the value of every legal move for one seat, from what that seat knows;
- :class:`ReviewPanel` — a played deal reviewed: the seat's decisions that cost the most.

They ask the engine and draw its answers; they hold no rules of their own.  Each class is
imported on first use, so ``import widgets`` stays cheap.
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["DealStepper", "PlayGame", "MoveInspector", "RulesCompare", "Lockstep", "BadugiRanker",
           "VariantLab", "ClassTable", "CoachPanel", "ReviewPanel"]

_WHERE = {
    "DealStepper": "widgets.stepper",
    "PlayGame": "widgets.play",
    "MoveInspector": "widgets.inspector",
    "RulesCompare": "widgets.compare",
    "Lockstep": "widgets.lockstep",
    "BadugiRanker": "widgets.badugi_ranker",
    "VariantLab": "widgets.lab",
    "ClassTable": "widgets.classtable",
    "CoachPanel": "widgets.coachview",
    "ReviewPanel": "widgets.coachview",
}


def __getattr__(name: str) -> Any:
    """Import a widget class from its module the first time it is asked for."""
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
