"""What every game's explanations share: one move's sentences built with the facts they all
state, the lead of a legal move in the player's or the table's voice, and an option named
by its label.  Nothing here decides a rule: each game phrases its own legality.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .protocol import Explanation, Facts, Voice

__all__ = ["Reasons", "legal_lead", "option_label"]


class Reasons:
    """The explanations of one move: ``Reasons("7H", Facts, seat=2)(legal, reason, clauses,
    kind="playable")`` is the :class:`~rulebook.protocol.Explanation` of ``7H`` whose facts
    (a game's :class:`~rulebook.protocol.Facts`) are the given ones over the shared
    ``seat=2``."""

    __slots__ = ("move", "facts", "base")

    def __init__(self, move: str, facts: type[Facts], **base: Any) -> None:
        self.move = move
        self.facts = facts
        self.base = base

    def __call__(self, legal: bool, reason: str, clauses: Iterable[str],
                 **facts: Any) -> Explanation:
        """The explanation: legal or not, its sentence, its clause ids (the deciding one
        first) and its facts (these over the shared ones)."""
        return Explanation(self.move, legal, reason, tuple(clauses),
                           self.facts(**{**self.base, **facts}))


def legal_lead(v: Voice, doing: str, move: str) -> str:
    """How a legal move's reason starts: ``Seat 2 may play 7♦`` in the table's voice (``doing``
    is ``play 7♦``), ``7♦ is legal`` in the player's (``move`` is ``7♦``, capitalised)."""
    return f"{v.You} may {doing}" if v.named else f"{move[:1].upper()}{move[1:]} is legal"


def option_label(rules: Any, name: str) -> str:
    """An option as a sentence names it: its label in the profile."""
    return str(rules.profile.options[name].label)
