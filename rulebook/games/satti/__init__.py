"""Satti ("Lucky Sevens"), a matching game like Crazy Eights — not Badam Satti.

Rules: ``shared/rules/satti.md``.  The ``satti`` profile is played by :class:`SattiRules`
(SAT-SETUP-1..7, SAT-FIT-1..4, SAT-TURN-1..6, SAT-SEVEN-1..8, SAT-JACK-1..2, SAT-EIGHT-1..5,
SAT-PILE-1..3, SAT-END-1..5; the computer players SAT-AI-1..5).  The rooms: ``core`` (the
rule functions on compact values and the one turn core, :class:`~.core.Table` and
``step``), ``moves``, ``explain`` (sentences, facts, the move log), ``state`` (state and
view), ``rules``, ``bots`` (the computer players and the scalar playout), ``batch`` (the
numpy batch and the measures), ``render``, ``flow`` and ``words``.  Importing the package
registers the computer players and the batch.
"""
from __future__ import annotations

from . import batch as _batch  # noqa: F401  (registers the batch and the measures)
from . import bots as _bots  # noqa: F401  (registers the computer players)
from .moves import Attempt, Draw, Move, Name, Play, Skip
from .rules import SattiRules
from .state import SattiOutcome, SattiState, SattiView

__all__ = ["SattiRules", "SattiState", "SattiView", "SattiOutcome", "Play", "Draw", "Skip",
           "Name", "Attempt", "Move"]
