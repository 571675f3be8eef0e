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

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...measures import register_terms
from ...protocol import Bot, RandomBot, register_bot
from ...simulation import register_batch

if TYPE_CHECKING:  # the names below, for type checkers; at run time see __getattr__
    from ...measures import PlayoutTerms
    from ...rules import RulesBase
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


def __getattr__(name: str) -> Any:
    """A public name, imported from its room at first use (PEP 562) and then kept."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    room = importlib.import_module(f"{__name__}.{_ROOM_OF.get(name, 'ranking')}")
    value = getattr(room, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not imported yet included."""
    return sorted(set(globals()) | set(__all__))


# -- registered by name; the rooms are imported at first use ----------------------------------

def _smart_bot() -> Bot:
    """A new ``smart`` computer player (:class:`~rulebook.games.badugi.bots.SmartBot`)."""
    from .bots import SmartBot

    return SmartBot()


def _columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                    dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """:func:`rulebook.games.badugi.batch.columns_random`, imported at the first batch."""
    from .batch import columns_random

    return columns_random(rules, players, seeds, dealers, names)


def _terms(rules: RulesBase) -> PlayoutTerms:
    """:func:`rulebook.games.badugi.batch.badugi_terms`, imported when first asked for."""
    from .batch import badugi_terms

    return badugi_terms(rules)


register_bot("badugi", "random")(RandomBot)  # uniform over the legal moves
register_bot("badugi", "smart")(_smart_bot)
register_batch("badugi", _columns_random)
register_terms("badugi", _terms)
