"""Badugi: hand ranking (BDG-RANK-1..7) and a complete fixed-limit hand (BDG-SEAT-1..10,
BDG-BET-1..10, BDG-POT-1..6, BDG-DRAW-1..9, BDG-SHOW-1..6).

The rooms: ``ranking`` (every hand's class and standing; the table of all hands is built at
the first call that needs it), ``betting`` (the rule functions and the one turn core on a
compact :class:`~.betting.Table`), ``moves``, ``explain`` (sentences, facts, the move log),
``state`` (state and view), ``rules`` (:class:`BadugiRules`, the ``badugi`` profile, and the
fast playout), ``bots``, ``batch`` (the numpy batch and the measures), ``render``, ``flow``,
``words`` and ``diagram`` (the clash graph of a hand).  Importing the package registers the
computer players and the batch.

>>> from rulebook.games.badugi import evaluate, compare
>>> evaluate("AC 2D 3H 4S").words()
'badugi 4-3-2-A'
>>> compare("AC 2D 3H 4S", "AS 2H 3D 4C")
0
"""
from __future__ import annotations

from . import batch as _batch  # noqa: F401  (registers the batch and the measures)
from . import bots as _bots  # noqa: F401  (registers the computer players)
from .moves import Action, Draw
from .rules import BadugiRules
from .state import BadugiOutcome, BadugiState, BadugiView
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
    "BadugiRules",
    "BadugiState",
    "BadugiView",
    "BadugiOutcome",
    "Action",
    "Draw",
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
