"""The typed errors every part of the engine raises.

Every error is a ``ValueError`` subclass whose message quotes what was given and says
what was expected, so a learner can read it.  An error never leaves a state half-changed:
states are immutable, so the state a move was tried on is still the state you hold
(BS-MOVE-5, SAT-TURN-6, BDG-BET-10).
"""
from __future__ import annotations

__all__ = [
    "RulebookError",
    "CardError",
    "RulesError",
    "MoveError",
    "IllegalMove",
    "PositionError",
    "RecordError",
]


class RulebookError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardError(RulebookError):
    """A card or a list of cards could not be read, or is not what was asked for."""


class RulesError(RulebookError):
    """An unknown profile, an unknown option, or an option value out of range."""


class MoveError(RulebookError):
    """A move's text could not be read at all (bad notation)."""


class IllegalMove(RulebookError):
    """A well-formed move that the rules do not allow in this position.

    ``explanation`` carries the same sentence and clause ids that ``state.explain`` gives.
    """

    def __init__(self, message: str, explanation: object | None = None) -> None:
        super().__init__(message)
        self.explanation = explanation


class PositionError(RulebookError):
    """A position set up by hand that cannot occur (a card twice, a broken row, ...)."""


class RecordError(RulebookError):
    """A saved deal or match is damaged, tampered with or does not replay."""
