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

from typing import TYPE_CHECKING

from ...lazy import at_first_call, lazy_names
from ...measures import register_terms
from ...protocol import RandomBot, register_bot
from ...simulation import register_batch

if TYPE_CHECKING:  # the names below, for type checkers; at run time see __getattr__
    from .moves import PASS, PLAYS, Pass, Play
    from .rules import SevensRules
    from .state import SevensOutcome, SevensState, SevensView

__all__ = ["SevensRules", "SevensState", "SevensView", "SevensOutcome", "Play", "Pass", "PASS",
           "PLAYS"]

_ROOM_OF = {"SevensRules": "rules", "SevensState": "state", "SevensView": "state",
            "SevensOutcome": "state", "Play": "moves", "Pass": "moves", "PASS": "moves",
            "PLAYS": "moves"}
"""The room each public name lives in."""


__getattr__, __dir__ = lazy_names(__name__, __all__, _ROOM_OF)


# -- registered by name; the rooms are imported at first use ----------------------------------

register_bot("sevens", "random")(RandomBot)  # uniform over the legal moves
register_bot("sevens", "smart")(at_first_call(__name__, "bots", "SmartBot"))
register_bot("sevens", "expert")(at_first_call("rulebook", "coach", "ExpertBot"))  # room coach
register_batch("sevens", at_first_call(__name__, "batch", "columns_random"))
register_terms("sevens", at_first_call(__name__, "batch", "sevens_terms"))
