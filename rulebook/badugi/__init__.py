"""Badugi: hand ranking (:mod:`rulebook.badugi.ranking`) and a fixed-limit hand."""
from __future__ import annotations

from .ranking import BadugiValue, all_hands, compare, evaluate

__all__ = ["BadugiValue", "all_hands", "compare", "evaluate"]
