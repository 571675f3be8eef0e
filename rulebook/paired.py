"""Paired experiments: the same seeded deals played under two rulesets, compared measure by
measure with 95% intervals (the deals are run by :mod:`rulebook.simulation`, the figures are
:class:`rulebook.experiments.Comparison`)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .experiments import Comparison, paired_moments
from .rules import RulesBase
from .protocol import bot_list
from .simulation import check_run, run_chunks

__all__ = ["compare_rules"]


def compare_rules(rules_a: RulesBase | str, rules_b: RulesBase | str, deals: int = 10_000,
                  seed: int | str = 0, players: int = 4,
                  bots: Sequence[str] | str | None = None,
                  progress: Callable[[int, int], Any] | None = None, *,
                  chunk: int | None = None, workers: int | None = 1,
                  client: Any = None) -> Comparison:
    """Play the same ``deals`` seeded deals under two rulesets and compare them, measure by
    measure, with 95% confidence intervals (a paired experiment).

    Deal ``k`` has the same seed and dealer under both rulesets (as in
    :func:`~rulebook.simulation.simulate`), so the difference B − A of each measure is taken
    deal by deal.  ``players``, ``bots``, ``progress``, ``chunk``, ``workers`` and ``client``
    are as for ``simulate``; the result does not depend on ``chunk``, ``workers`` or
    ``client``.  Two identical rulesets give differences of exactly zero.

    >>> c = compare_rules("badam-satti", "badam-satti", deals=50, seed=1)
    >>> c.row("win_rate", "seat 0").difference.value
    0.0
    """
    rules_a, workers = check_run(rules_a, players, deals, bots, seed, progress, chunk,
                                 workers, client)
    rules_b, _ = check_run(rules_b, players, deals, bots, seed, progress, chunk, workers,
                           client)
    names = tuple(bot_list(bots, players))
    acc = run_chunks(rules_a, rules_b, players, deals, names, seed, progress, chunk, workers,
                     client, "paired")
    moments = acc[0] if acc else paired_moments(rules_a, rules_b, players, names, {}, {}, 0)
    return Comparison(rules_a, rules_b, players, names, seed, moments)
