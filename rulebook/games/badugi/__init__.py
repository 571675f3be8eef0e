"""Badugi: hand ranking (BDG-RANK-1..7) and a complete fixed-limit hand (BDG-SEAT-1..10,
BDG-BET-1..10, BDG-POT-1..6, BDG-DRAW-1..9, BDG-SHOW-1..6).

The rooms: ``ranking`` (every hand's class and standing; the table of all hands is built at
the first call that needs it), ``betting`` (the rule functions and the one turn core on a
compact :class:`~.betting.Table`), ``moves``, ``explain`` (sentences, facts, the move log),
``state`` (state and view), ``rules`` (:class:`BadugiRules`, the ``badugi`` profile, and the
fast playout), ``bots``, ``batch`` (the numpy batch and the measures), ``render``, ``flow``,
``words`` and ``diagram`` (the clash graph of a hand).  Importing the package registers the
computer players, the batch and the measures by name only, and imports no room: each name
below is imported from its room when first asked for (``bots`` when a computer player is
made, ``batch`` with numpy when a batch is played, ``words`` with the sheet document when a
how-to-play is written), so the import stays light.

>>> from rulebook.games.badugi import evaluate, compare
>>> evaluate("AC 2D 3H 4S").words()
'badugi 4-3-2-A'
>>> compare("AC 2D 3H 4S", "AS 2H 3D 4C")
0
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import at_first_call, lazy_names
from ...measures import register_terms
from ...protocol import RandomBot, register_bot
from ...simulation import register_batch

if TYPE_CHECKING:  # the names below, for type checkers; at run time see __getattr__
    from .moves import Action, Draw
    from .ranking import (
        CLASS_COUNT, CLASS_RANGES, HAND_COUNT, AllHands, BadugiValue, ClassRow, Comparison,
        HandExplanation, Standing, all_hands, class_frame, class_index_of,
        class_index_of_ranks, class_table, class_words, classes_near, compare, evaluate,
        explain_comparison, rainbow_subsets, ranks_of_class, standing,
    )
    from .rules import BadugiRules
    from .state import BadugiOutcome, BadugiState, BadugiView

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

_ROOM_OF = {"BadugiRules": "rules", "BadugiState": "state", "BadugiView": "state",
            "BadugiOutcome": "state", "Action": "moves", "Draw": "moves"}
"""The room each public name lives in (every other name of ``__all__``: ``ranking``)."""


__getattr__, __dir__ = lazy_names(__name__, __all__, _ROOM_OF, default_room="ranking")


# -- registered by name; the rooms are imported at first use ----------------------------------

register_bot("badugi", "random")(RandomBot)  # uniform over the legal moves
register_bot("badugi", "smart")(at_first_call(__name__, "bots", "SmartBot"))
register_bot("badugi", "expert")(at_first_call("rulebook", "coach", "ExpertBot"))  # room coach
register_batch("badugi", at_first_call(__name__, "batch", "columns_random"))
register_terms("badugi", at_first_call(__name__, "batch", "badugi_terms"))
