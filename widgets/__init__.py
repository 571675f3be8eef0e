"""widgets: ipywidgets views over the rulebook engine (deal stepper, move inspector, rules
comparison, Badugi ranker, variant lab).  They ask the engine and draw its answers; they
hold no rules of their own.
"""
from __future__ import annotations

__all__: list[str] = []
