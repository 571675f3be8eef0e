"""The Sevens family (Badam Satti classic and app rules, British Sevens): BS-DEAL .. BS-HR.

The profiles ``badam-satti``, ``badam-satti-app`` and ``sevens`` are played by
:class:`SevensRules` (BS-DEAL-1..7, BS-OPEN-1..5, BS-ROW-1..4, BS-MOVE-1..5, BS-INFO-1..6,
BS-END-1..8, BS-CHIP-1..10, BS-MATCH-1..7, BS-HR-1..18).  The rooms: ``core`` (the rule
functions and the one turn core, :class:`~.core.Table` with ``step``/``settle``, and the
scalar playout), ``moves``, ``explain`` (sentences, facts, the move log), ``state`` (state
and view), ``rules``, ``bots``, ``batch`` (the numpy batch and the measures), ``render``
(the table's HTML), ``flow`` (the turn flow), ``words`` (how to play) and ``waiting`` (what
waits on what).  Importing the package registers the computer players, the batch and the
measures by name only, and imports no room: each name below is imported from its room when
first asked for (``bots`` when a computer player is made, ``batch`` with numpy when a batch
is played), so the import stays light.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...measures import register_terms
from ...protocol import Bot, RandomBot, register_bot
from ...simulation import register_batch

if TYPE_CHECKING:  # the names below, for type checkers; at run time see __getattr__
    from ...measures import PlayoutTerms
    from ...rules import RulesBase
    from .moves import PASS, PLAYS, Pass, Play
    from .rules import SevensRules
    from .state import SevensOutcome, SevensState, SevensView

__all__ = ["SevensRules", "SevensState", "SevensView", "SevensOutcome", "Play", "Pass", "PASS",
           "PLAYS"]

_ROOM_OF = {"SevensRules": "rules", "SevensState": "state", "SevensView": "state",
            "SevensOutcome": "state", "Play": "moves", "Pass": "moves", "PASS": "moves",
            "PLAYS": "moves"}
"""The room each public name lives in."""


def __getattr__(name: str) -> Any:
    """A public name, imported from its room at first use (PEP 562) and then kept."""
    room_name = _ROOM_OF.get(name)
    if room_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{room_name}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not imported yet included."""
    return sorted(set(globals()) | set(__all__))


# -- registered by name; the rooms are imported at first use ----------------------------------

def _smart_bot() -> Bot:
    """A new ``smart`` computer player (:class:`~rulebook.games.sevens.bots.SmartBot`)."""
    from .bots import SmartBot

    return SmartBot()


def _columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                    dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """:func:`rulebook.games.sevens.batch.columns_random`, imported at the first batch."""
    from .batch import columns_random

    return columns_random(rules, players, seeds, dealers, names)


def _terms(rules: RulesBase) -> PlayoutTerms:
    """:func:`rulebook.games.sevens.batch.sevens_terms`, imported when first asked for."""
    from .batch import sevens_terms

    return sevens_terms(rules)


register_bot("sevens", "random")(RandomBot)  # uniform over the legal moves
register_bot("sevens", "smart")(_smart_bot)
register_batch("sevens", _columns_random)
register_terms("sevens", _terms)
