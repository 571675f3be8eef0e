"""Climb: a small climbing card game written as a plugin of the rulebook engine.

Rules (each a numbered clause, as the real games' are):

- CLIMB-DEAL-1: 2 to 5 players; each is dealt ``hand_size`` cards (default 5) from one
  52-card pack shuffled from the deal's seed, one at a time from the dealer's left.
- CLIMB-TURN-1: the player left of the dealer leads first; play passes to the left.
- CLIMB-PLAY-1: on an empty pile the player to move leads any card of their hand.
- CLIMB-PLAY-2: otherwise they may play a card ranked higher than the top card (suits do not
  matter; aces are low).
- CLIMB-PLAY-3: a player may pass whenever a card is on the pile, never on an empty pile.
- CLIMB-CLEAR-1: when every other player has passed since the top card was played, the pile
  is cleared and the player who played it leads.
- CLIMB-END-1: the first player to play their last card wins; the others place by the cards
  they still hold (fewer is better, equal counts share a place).
- CLIMB-HR-1 (house rule ``aces_high``): aces rank above kings.

The profile is ``climb.toml`` beside this file (``engine = "climb:ClimbRules"``); importing
the package registers its computer players.
"""
from __future__ import annotations

from pathlib import Path

from . import bots as _bots  # noqa: F401  (registers the computer players)
from .moves import PASS, Pass, Play, parse_move
from .rules import ClimbRules
from .state import ClimbState, ClimbView

PROFILE = Path(__file__).with_name("climb.toml")
"""The ruleset's TOML profile."""

__all__ = ["ClimbRules", "ClimbState", "ClimbView", "Play", "Pass", "PASS", "parse_move",
           "PROFILE"]
