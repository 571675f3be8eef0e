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

from typing import TYPE_CHECKING

from ...lazy import at_first_call, lazy_names
from ...measures import register_terms
from ...protocol import RandomBot, register_bot
from ...simulation import register_batch

if TYPE_CHECKING:  # the names below, for type checkers; at run time see __getattr__
    from .moves import Attempt, Draw, Move, Name, Play, Skip
    from .rules import SattiRules
    from .state import SattiOutcome, SattiState, SattiView

__all__ = ["SattiRules", "SattiState", "SattiView", "SattiOutcome", "Play", "Draw", "Skip",
           "Name", "Attempt", "Move"]

_ROOM_OF = {"SattiRules": "rules", "SattiState": "state", "SattiView": "state",
            "SattiOutcome": "state", "Play": "moves", "Draw": "moves", "Skip": "moves",
            "Name": "moves", "Attempt": "moves", "Move": "moves"}
"""The room each public name lives in."""


__getattr__, __dir__ = lazy_names(__name__, __all__, _ROOM_OF)


# -- registered by name; the rooms are imported at first use ----------------------------------

register_bot("satti", "random")(RandomBot)  # uniform over the legal moves
register_bot("satti", "easy")(at_first_call(__name__, "bots", "EasyBot"))
register_bot("satti", "smart")(at_first_call(__name__, "bots", "SmartBot"))
register_bot("satti", "expert")(at_first_call("rulebook", "coach", "ExpertBot"))  # room coach
register_batch("satti", at_first_call(__name__, "batch", "columns_random"))
register_terms("satti", at_first_call(__name__, "batch", "satti_terms"))
