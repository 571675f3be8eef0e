"""The Sevens family (Badam Satti classic and app rules, British Sevens): BS-DEAL .. BS-HR.

The profiles ``badam-satti``, ``badam-satti-app`` and ``sevens`` are played by
:class:`SevensRules` (BS-DEAL-1..7, BS-OPEN-1..5, BS-ROW-1..4, BS-MOVE-1..5, BS-INFO-1..6,
BS-END-1..8, BS-CHIP-1..10, BS-MATCH-1..7, BS-HR-1..18).  The rooms: ``core`` (the rule
functions and the one turn core, :class:`~.core.Table` with ``step``/``settle``, and the
scalar playout), ``moves``, ``explain`` (sentences, facts, the move log), ``state`` (state
and view), ``rules``, ``bots``, ``batch`` (the numpy batch and the measures), ``render``
(the table's HTML), ``flow`` (the turn flow), ``words`` (how to play) and ``waiting`` (what
waits on what).  Importing the package registers the computer players and the batch.
"""
from __future__ import annotations

from . import batch as _batch  # noqa: F401  (registers the batch and the measures)
from . import bots as _bots  # noqa: F401  (registers the computer players)
from .moves import PASS, PLAYS, Pass, Play
from .rules import SevensRules
from .state import SevensOutcome, SevensState, SevensView

__all__ = ["SevensRules", "SevensState", "SevensView", "SevensOutcome", "Play", "Pass", "PASS",
           "PLAYS"]
