"""Badugi in experiments: what its playout columns mean, and the showdown rate.

Terms: ``points`` are net chips (BDG-POT-5, BDG-POT-6), ``passes`` is 1 when the seat
folded (BDG-BET-1), ``drawn`` the cards it drew (BDG-DRAW-1).  A hand reaches a showdown
when two or more players dealt in have not folded at its end (BDG-SHOW-1, BDG-SHOW-2); a
seat that sat out (0 chips, BDG-SEAT-2) started and ended with no chips.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..measures import PlayoutTerms, register_terms
from ..rules import RulesBase

__all__ = ["badugi_terms", "showdown"]


def showdown(grid: Mapping[str, Any]) -> Mapping[str, Any]:
    """Per hand: 1 when two or more players dealt in were still in at the end."""
    dealt_in = (grid["stack"] - grid["points"]) > 0  # chips before the hand
    live = dealt_in & (grid["passes"] == 0)
    return {"showdown": (live.sum(axis=1) >= 2).astype("int64")}


def badugi_terms(rules: RulesBase) -> PlayoutTerms:
    """What Badugi's columns mean: net chips, folds, cards drawn; and the showdown rate."""
    return PlayoutTerms(columns={"points": "chips", "passes": "folds",
                                 "drawn": "cards_drawn", "stack": None},
                        derived=showdown, derived_keys=("showdown",))


register_terms("badugi", badugi_terms)
