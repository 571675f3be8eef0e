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
]

__version__ = "0.1.0"


def simulate(rules: Any, players: int = 4, deals: int = 10_000, bots: Any = None,
             seed: int | str = 0, progress: Any = None, *, aggregate: bool = False,
             chunk: int | None = None, workers: int | None = 1, client: Any = None) -> Any:
    """Play many deals on the fast path and return a pandas DataFrame (one row per deal and
    seat), or with ``aggregate=True`` a summary with 95% intervals in constant memory.

    ``workers=N`` uses N processes (``None``: every core), ``client`` a Dask cluster; the
    result is the same.  See :func:`rulebook.simulation.simulate`; pandas and numpy are
    imported only when this is called.
    """
    from .simulation import simulate as _simulate

    return _simulate(rules, players=players, deals=deals, bots=bots, seed=seed,
                     progress=progress, aggregate=aggregate, chunk=chunk, workers=workers,
                     client=client)


def summarize(result: Any) -> Any:
    """The variant lab's summary table of a :func:`simulate` frame or summary.

    See :func:`rulebook.simulation.summarize`.
    """
    from .simulation import summarize as _summarize

    return _summarize(result)


def compare_rules(rules_a: Any, rules_b: Any, deals: int = 10_000, seed: int | str = 0,
                  players: int = 4, bots: Any = None, progress: Any = None, *,
                  chunk: int | None = None, workers: int | None = 1,
                  client: Any = None) -> Any:
    """Play the same seeded deals under two rulesets and compare every measure, with 95%
    confidence intervals for each ruleset and for the paired difference.

    See :func:`rulebook.paired.compare_rules`; returns a
    :class:`~rulebook.experiments.Comparison` (``.frame()``, ``.sentences()``).
    """
    from .paired import compare_rules as _compare_rules

    return _compare_rules(rules_a, rules_b, deals=deals, seed=seed, players=players,
                          bots=bots, progress=progress, chunk=chunk, workers=workers,
                          client=client)


def measure_table() -> Any:
    """What every measure of an experiment means: name, one sentence and formula (a
    DataFrame).  See :data:`rulebook.measures.MEASURES` for the same as plain data."""
    from .experiments import measure_table as _measure_table

    return _measure_table()
