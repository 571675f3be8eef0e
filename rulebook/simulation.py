"""Many deals at once: :func:`simulate` drives each game's fast playout path.

Every game's rules object offers ``playout(players, seed, dealer, bots, record)`` — one deal
played on compact values with the same rule functions the immutable states use — and may
offer ``playout_batch(players, seeds, dealers, bots)`` for many deals at once.  This module
only chooses seeds and dealers, reports progress and gathers the rows into a pandas
DataFrame (pandas is imported when :func:`simulate` is called, never at ``import rulebook``).
It holds no rule of any game.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import RulesError
from .protocol import derived_seed
from .rules import RulesBase, load_rules

__all__ = ["simulate", "deal_seeds", "CHUNK"]

CHUNK = 1_000
"""Deals played between two progress reports."""


def deal_seeds(seed: int, deals: int) -> list[int]:
    """The seed of each simulated deal, derived from the simulation's seed."""
    return [derived_seed(seed, "simulate", k) for k in range(deals)]


def simulate(rules: RulesBase | str, players: int = 4, deals: int = 10_000,
             bots: Sequence[str] | str | None = None, seed: int = 0,
             progress: Callable[[int, int], Any] | None = None) -> Any:
    """Play ``deals`` deals with computer players and return one DataFrame row per deal and seat.

    ``rules`` is a rules object or a profile id; ``bots`` one bot name for every seat, a
    list of names per seat, or ``None`` for random players; the dealer moves one seat left
    each deal.  ``progress(done, total)`` is called after every :data:`CHUNK` deals (and at
    the end).  The same arguments always give the same DataFrame.

    Columns: ``deal, seed, dealer, seat, bot, place, won, points, passes, turns`` and any
    game-specific columns the game's playout adds.
    """
    import pandas as pd

    if isinstance(rules, str):
        rules = load_rules(rules)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise RulesError(f"deals={deals!r}: expected a whole number of deals, 0 or more")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players={players!r}: expected a whole number of players")
    seeds = deal_seeds(seed, deals)
    dealers = [k % players for k in range(deals)]
    batch = getattr(rules, "playout_batch", None)
    rows: list[dict[str, Any]] = []
    for start in range(0, deals, CHUNK):
        chunk_seeds = seeds[start:start + CHUNK]
        chunk_dealers = dealers[start:start + CHUNK]
        if batch is not None:
            per_deal = batch(players, chunk_seeds, chunk_dealers, bots)
        else:
            per_deal = [rules.playout(players=players, seed=s, dealer=d,  # type: ignore[attr-defined]
                                      bots=bots).rows
                        for s, d in zip(chunk_seeds, chunk_dealers)]
        for offset, deal_rows in enumerate(per_deal):
            k = start + offset
            for row in deal_rows:
                rows.append({"deal": k, "seed": seeds[k], "dealer": dealers[k], **row})
        if progress is not None:
            progress(min(start + CHUNK, deals), deals)
    if progress is not None and deals == 0:
        progress(0, 0)
    columns = ["deal", "seed", "dealer", "seat", "bot", "place", "won", "points", "passes",
               "turns"]
    frame = pd.DataFrame(rows)
    if frame.empty:
        return pd.DataFrame(columns=columns)
    extra = [c for c in frame.columns if c not in columns]
    return frame[columns + extra]
