"""Satti in experiments: what its playout columns mean.

Terms: ``points`` are the cards a seat holds when the round ends (SAT-END-4, SAT-END-5),
``passes`` are draw moves (SAT-TURN-3, SAT-SEVEN-6), ``penalty_cards`` the cards drawn for
sevens (SAT-SEVEN-2), ``cards_drawn`` every card drawn, and ``stopped`` whether the round
stopped because both piles ran out (SAT-PILE-3), one value per round.
"""
from __future__ import annotations

from .measures import PlayoutTerms, register_terms
from .rules import RulesBase

__all__ = ["satti_terms"]


def satti_terms(rules: RulesBase) -> PlayoutTerms:
    """What Satti's columns mean: cards held, draws, penalty cards, cards drawn, stops."""
    return PlayoutTerms(columns={"points": "cards_left", "passes": "draws",
                                 "penalty_cards": "penalty_cards",
                                 "cards_drawn": "cards_drawn"},
                        deal_columns={"stopped": "stopped"})


register_terms("satti", satti_terms)
