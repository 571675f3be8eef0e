"""The Sevens family in experiments: its numpy batch straight into columns, and what its
playout columns mean.

:func:`columns_random` runs the numpy batch of :mod:`rulebook.games.sevens.core` (all seats
``random``) and places the seats with the same rules as the scalar loop, vectorised:
BS-END-6..8 (the round winner first, the others by penalty points, lowest first, equal
points sharing the better place, p + k after k share p; with no winner, BS-HR-12, everyone
by points) and, in a chips game, by chips, most first (BS-CHIP-5).  The columns equal, deal
for deal, the rows of ``playout_batch_random`` (tests/test_sevens_batch.py).

Terms: ``points`` are penalty points (chips in a chips game: BS-CHIP-3..5), ``passes`` are
passes, ``cards_left`` the cards held at the end, ``eliminated`` whether the seat was put
out under limited passes (BS-HR-10).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...measures import PlayoutTerms, register_terms
from ...rules import RulesBase
from .core import batch_random_arrays
from ...simulation import register_batch

__all__ = ["columns_random", "places_lower_first", "sevens_terms", "MIN_BATCH"]

MIN_BATCH = 64
"""Fewer deals than this are played by the scalar loop (the batch's set-up would dominate)."""


def places_lower_first(points: Any, winner: Any) -> Any:
    """BS-END-6..8 on arrays: places 1.. from ``points`` (deals × seats), lowest first, equal
    points sharing the better place; a seat ``winner`` (>= 0) is 1st and the others start
    at 2nd.  ``winner`` is -1 where no one won (BS-HR-12)."""
    import numpy as np

    n = points.shape[1]
    seats = np.arange(n)
    is_winner = seats[None, :] == winner[:, None]
    # A seat's place: 1 + the seats strictly better than it, where the winner is better
    # than everyone and is compared with nobody else.
    better = points[:, None, :] < points[:, :, None]  # [d, s, t]: t beats s
    better = np.where(is_winner[:, None, :], True, better)  # the winner beats everyone
    better = np.where(is_winner[:, :, None], False, better)  # nobody beats the winner
    better[:, seats, seats] = False
    return 1 + better.sum(axis=2)


def places_higher_first(values: Any) -> Any:
    """Places 1.. by value, highest first, equal values sharing the better place."""
    better = values[:, None, :] > values[:, :, None]
    return 1 + better.sum(axis=2)


def columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                   dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """The columns of many all-``random`` deals from the numpy batch (None otherwise)."""
    import numpy as np

    if len(seeds) < MIN_BATCH or any(name != "random" for name in names):
        return None
    got = batch_random_arrays(rules, players, list(seeds), list(dealers))
    points = got["points"]
    winner = got["winner"]
    if getattr(rules, "chips"):
        place = places_higher_first(points)
    else:
        place = places_lower_first(points, winner)
    seats = np.arange(players)
    won = seats[None, :] == winner[:, None]
    eliminated = (got["eliminated"][:, None] >> seats[None, :]) & 1
    turns = np.repeat(got["turns"][:, None], players, axis=1)
    return {"place": place.ravel(), "won": won.ravel(), "points": points.ravel(),
            "passes": got["passes"].ravel(), "turns": turns.ravel(),
            "cards_left": got["cards_left"].ravel(),
            "eliminated": eliminated.astype(bool).ravel()}


def sevens_terms(rules: RulesBase) -> PlayoutTerms:
    """What the Sevens family's columns mean: penalty points or chips, passes, cards left,
    eliminations."""
    chips = bool(getattr(rules, "chips", False))
    return PlayoutTerms(columns={"points": "chips" if chips else "penalty_points",
                                 "passes": "passes", "cards_left": "cards_left",
                                 "eliminated": "eliminated"})


register_batch("sevens", columns_random)
register_terms("sevens", sevens_terms)
