"""rulebook: an embedded, pure-Python rules engine for card games, every game a plugin.

The shape: shared rooms here (cards, errors, the rules base and registry in
:mod:`rulebook.rules`, the protocol, records, match, simulation, lockstep, comparisons, the
generic HTML and diagram helpers) import no game; each game is one package under
``rulebook/games/<game>/`` with the same rooms (``rules``, ``moves``, ``state``, ``core``,
``explain``, ``flow``, ``render``, ``bots``, ``batch``, ``words``).  A ruleset is a TOML
profile naming its engine class; :func:`rulebook.rules.register_game` adds one from anywhere
(see ``docs/adding-a-game.md``).

Every ruleset is loaded with :func:`load_rules`; every game follows one
protocol (see :mod:`rulebook.protocol`): ``rules.new_deal(players=4, seed=7)`` returns an
immutable state with ``legal_moves()``, ``play(move)``, ``explain(move)`` (an
:class:`Explanation`: legal or not, one sentence, the clause ids, the facts), ``view(seat)``
and ``move_log()`` (the deal told seat by seat, one :class:`LogEntry` per move).

>>> import rulebook
>>> rules = rulebook.load_rules("badam-satti")
>>> state = rules.new_deal(players=4, seed=7)
>>> state.legal_moves()
[Play('7H')]

Importing this package loads only the standard library; pandas, numpy, graphviz and
ipywidgets are imported inside the functions that need them.
"""
from __future__ import annotations

import importlib
from typing import Any

from .cards import Card, CardSet, parse_card, parse_cards
from .errors import (
    CardError,
    IllegalMove,
    MoveError,
    PositionError,
    RecordError,
    RulebookError,
    RulesError,
)
from .protocol import Explanation, Facts, GameState, LogEntry, Outcome, make_bot
from .records import load, loads, save
from .rules import Row, RulesBase, load_rules, profile_ids

__all__ = [
    "Card",
    "CardSet",
    "parse_card",
    "parse_cards",
    "CardError",
    "IllegalMove",
    "MoveError",
    "PositionError",
    "RecordError",
    "RulebookError",
    "RulesError",
    "Explanation",
    "Facts",
    "LogEntry",
    "GameState",
    "Outcome",
    "Row",
    "RulesBase",
    "load_rules",
    "profile_ids",
    "make_bot",
    "load",
    "loads",
    "save",
    "simulate",
    "summarize",
    "compare_rules",
    "measure_table",
    "coach",
    "Advice",
    "puzzles",
    "Puzzle",
]

__version__ = "0.1.0"

_LAZY = {"simulate": "simulation", "summarize": "simulation", "compare_rules": "paired",
         "measure_table": "experiments", "coach": "coach", "Advice": "coach",
         "puzzles": "puzzles", "Puzzle": "puzzles"}
# The experiment functions and the coach, imported from their modules when first used, so
# that importing rulebook stays quick (pandas and numpy are imported only when one of them is
# called).  ``rulebook.coach`` is the module rulebook/coach.py, which is callable: calling it
# calls its function ``coach``; ``rulebook.puzzles`` likewise calls ``puzzles``.


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'rulebook' has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_LAZY[name]}")
    return module if name == _LAZY[name] else getattr(module, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
