"""Satti ("Lucky Sevens"), a matching game like Crazy Eights — not Badam Satti.

Rules: ``shared/rules/satti.md``.  The ``satti`` profile is played by :class:`SattiRules`
(SAT-SETUP-1..7, SAT-FIT-1..4, SAT-TURN-1..6, SAT-SEVEN-1..8, SAT-JACK-1..2, SAT-EIGHT-1..5,
SAT-PILE-1..3, SAT-END-1..5; the computer players SAT-AI-1..5).  The rooms: ``core`` (the
rule functions on compact values and the one turn core, :class:`~.core.Table` and
``step``), ``moves``, ``explain`` (sentences, facts, the move log), ``state`` (state and
view), ``rules``, ``bots`` (the computer players and the scalar playout), ``batch`` (the
numpy batch and the measures), ``render``, ``flow`` and ``words``.  Importing the package
registers the computer players, the batch and the measures by name only, and imports no
room: each name below is imported from its room when first asked for (``bots`` when a
computer player is made or a deal is played out, ``batch`` with numpy when a batch is
played), so the import stays light.
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
    from .moves import Attempt, Draw, Move, Name, Play, Skip
    from .rules import SattiRules
    from .state import SattiOutcome, SattiState, SattiView

__all__ = ["SattiRules", "SattiState", "SattiView", "SattiOutcome", "Play", "Draw", "Skip",
           "Name", "Attempt", "Move"]

_ROOM_OF = {"SattiRules": "rules", "SattiState": "state", "SattiView": "state",
            "SattiOutcome": "state", "Play": "moves", "Draw": "moves", "Skip": "moves",
            "Name": "moves", "Attempt": "moves", "Move": "moves"}
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

def _easy_bot() -> Bot:
    """A new ``easy`` computer player (:class:`~rulebook.games.satti.bots.EasyBot`)."""
    from .bots import EasyBot

    return EasyBot()


def _smart_bot() -> Bot:
    """A new ``smart`` computer player (:class:`~rulebook.games.satti.bots.SmartBot`)."""
    from .bots import SmartBot

    return SmartBot()


def _columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                    dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """:func:`rulebook.games.satti.batch.columns_random`, imported at the first batch."""
    from .batch import columns_random

    return columns_random(rules, players, seeds, dealers, names)


def _terms(rules: RulesBase) -> PlayoutTerms:
    """:func:`rulebook.games.satti.batch.satti_terms`, imported when first asked for."""
    from .batch import satti_terms

    return satti_terms(rules)


register_bot("satti", "random")(RandomBot)  # uniform over the legal moves
register_bot("satti", "easy")(_easy_bot)
register_bot("satti", "smart")(_smart_bot)
register_batch("satti", _columns_random)
register_terms("satti", _terms)
