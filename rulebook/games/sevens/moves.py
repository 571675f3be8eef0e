"""The Sevens family's moves: play a card (``7H``) or pass (``pass``), BS-MOVE-1..5.

Notation: a play is the card's text (``7H``, also ``10H``/``7♥`` on input); a pass is
``pass``.  ``Play('7H')`` and ``PASS`` are interned values, so ``Play('7H') is Play('7H')``.
"""
from __future__ import annotations

from typing import Any

from ...cards import ALL_CARDS, Card, CardSet, parse_card
from ...errors import CardError, MoveError, quoted
from ...protocol import ActionMove

__all__ = ["Play", "Pass", "PASS", "PLAYS", "Move", "parse_move"]


class Play:
    """Play one card: ``Play('7H')``; its text is the card's text.  Interned per card."""

    __slots__ = ("card", "cards")
    card: Card
    cards: CardSet
    """The card played, as a set (what every move offers)."""

    def __new__(cls, card: Card | str) -> "Play":
        return PLAYS[parse_card(card).index]

    @classmethod
    def _make(cls, card: Card) -> "Play":
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "cards", CardSet(card.mask))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Play, (self.card.text,))

    def __str__(self) -> str:
        return self.card.text

    def pretty(self) -> str:
        """The move as a learner reads it: the card in symbols, ``10♥``."""
        return self.card.pretty()

    def __repr__(self) -> str:
        return f"Play({self.card.text!r})"


class Pass(ActionMove):
    """Pass the turn: ``Pass()``, text ``pass``.  There is one object, :data:`PASS`."""

    __slots__ = ()
    word = "pass"
    _the: "Pass | None" = None

    def __new__(cls) -> "Pass":
        if cls._the is None:
            cls._the = object.__new__(cls)
        return cls._the

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (Pass, ())


PLAYS: tuple[Play, ...] = tuple(Play._make(c) for c in ALL_CARDS)
"""The 52 play moves by card index."""
PASS: Pass = Pass()
"""The pass move."""

Move = Play | Pass
"""A Sevens-family move."""


def parse_move(text: Any) -> Move:
    """Read ``7H`` (also ``10H``, ``7♥``) or ``pass``; a card object is the move that plays
    it; anything else raises MoveError."""
    if isinstance(text, (Play, Pass)):
        return text
    if isinstance(text, Card):
        return PLAYS[text.index]
    if not isinstance(text, str):
        raise MoveError(f"{quoted(text)} is not a move: expected a card such as '7H' or 'pass'")
    raw = text.strip()
    if raw.lower() == "pass":
        return PASS
    try:
        return PLAYS[parse_card(raw).index]
    except CardError:
        raise MoveError(f"{quoted(text)} is not a move: expected a card to play such as '7H' "
                        "(or '10H', '7♥'), or 'pass'") from None
