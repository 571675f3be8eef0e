"""Satti ("Lucky Sevens"), a matching game: SAT-SETUP .. SAT-END and SAT-AI.

The ``satti`` profile is played by :class:`SattiRules` (SAT-SETUP-1..7, SAT-FIT-1..4,
SAT-TURN-1..6, SAT-SEVEN-1..8, SAT-JACK-1..2, SAT-EIGHT-1..5, SAT-PILE-1..3, SAT-END-1..5).
"""
from __future__ import annotations

from .state import SattiOutcome, SattiRules, SattiState, SattiView

__all__ = ["SattiRules", "SattiState", "SattiView", "SattiOutcome"]
