"""rulebook: an embedded, pure-Python rules engine for Badam Satti, Sevens, Satti and Badugi.

Every ruleset is a TOML profile loaded with :func:`load_rules`; every game follows one
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
]

__version__ = "0.1.0"


def simulate(rules: Any, players: int = 4, deals: int = 10_000, bots: Any = None,
             seed: int = 0, progress: Any = None) -> Any:
    """Play many deals on the fast path and return a pandas DataFrame (one row per deal and seat).

    See :func:`rulebook.simulation.simulate`; pandas is imported only when this is called.
    """
    from .simulation import simulate as _simulate

    return _simulate(rules, players=players, deals=deals, bots=bots, seed=seed,
                     progress=progress)
