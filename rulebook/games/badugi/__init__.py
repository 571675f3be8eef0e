"""Badugi: hand ranking (:mod:`rulebook.games.badugi.ranking`, BDG-RANK-1..7) and a fixed-limit hand.

The betting hand lives in :mod:`rulebook.games.badugi.state`, loaded through the ``badugi`` profile
(``rulebook.load_rules("badugi")``); this package only re-exports the ranking, so importing
it stays light (the table of all hands is built at the first call that needs it).

>>> from rulebook.games.badugi import evaluate, compare
>>> evaluate("AC 2D 3H 4S").words()
'badugi 4-3-2-A'
>>> compare("AC 2D 3H 4S", "AS 2H 3D 4C")
0
"""
from __future__ import annotations

from .ranking import (
    CLASS_COUNT,
    CLASS_RANGES,
    HAND_COUNT,
    AllHands,
    BadugiValue,
    ClassRow,
    Comparison,
    HandExplanation,
    Standing,
    all_hands,
    class_frame,
    class_index_of,
    class_index_of_ranks,
    class_table,
    class_words,
    classes_near,
    compare,
    evaluate,
    explain_comparison,
    rainbow_subsets,
    ranks_of_class,
    standing,
)

__all__ = [
    "CLASS_COUNT",
    "CLASS_RANGES",
    "HAND_COUNT",
    "AllHands",
    "BadugiValue",
    "ClassRow",
    "Comparison",
    "HandExplanation",
    "Standing",
    "all_hands",
    "class_frame",
    "class_index_of",
    "class_index_of_ranks",
    "class_table",
    "class_words",
    "classes_near",
    "compare",
    "evaluate",
    "explain_comparison",
    "rainbow_subsets",
    "ranks_of_class",
    "standing",
]
