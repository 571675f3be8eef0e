"""The Sevens family (Badam Satti classic and app rules, British Sevens): BS-DEAL .. BS-HR.

The profiles ``badam-satti``, ``badam-satti-app`` and ``sevens`` are played by
:class:`SevensRules` (BS-DEAL-1..7, BS-OPEN-1..5, BS-ROW-1..4, BS-MOVE-1..5, BS-INFO-1..6,
BS-END-1..8, BS-CHIP-1..10, BS-MATCH-1..7, BS-HR-1..18).
"""
from __future__ import annotations

from .state import PASS, PLAYS, Pass, Play, SevensOutcome, SevensRules, SevensState, SevensView

__all__ = ["SevensRules", "SevensState", "SevensView", "SevensOutcome", "Play", "Pass", "PASS",
           "PLAYS"]
