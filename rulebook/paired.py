"""Paired experiments: the same seeded deals played under two rulesets, compared measure by
measure with 95% intervals (the deals are run by :mod:`rulebook.simulation`, the figures are
:class:`rulebook.experiments.Comparison`)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import RulesError, plain_int
from .experiments import Comparison, paired_moments
from .rules import RulesBase
from .simulation import MAX_DEALS, check_run, run_chunks

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

    ``deals`` is a whole number from 1 to :data:`~rulebook.simulation.MAX_DEALS`: a
    comparison of no deals says nothing, so it is refused (RulesError) like every other bad
    argument, before any deal is played.

    >>> c = compare_rules("badam-satti", "badam-satti", deals=50, seed=1)
    >>> c.row("win_rate", "seat 0").difference.value
    0.0
    """
    if plain_int(deals) == 0:
        raise RulesError(f"deals=0: a comparison needs at least one deal (expected a whole "
                         f"number, 1 or more, at most {MAX_DEALS:,})")
    run = check_run(rules_a, players, deals, bots, seed, progress, chunk, workers, client,
                    least_deals=1)
    checked_b = check_run(rules_b, run.players, run.deals, run.bots, run.seed, progress, chunk,
                          run.workers, run.client, least_deals=1)
    rules_b = checked_b.rules
    acc = run_chunks(run, rules_b, "paired")
    moments = acc[0] if acc else paired_moments(run.rules, rules_b, run.players, run.bots,
                                                {}, {}, 0)
    return Comparison(run.rules, rules_b, run.players, run.bots, run.seed, moments)
