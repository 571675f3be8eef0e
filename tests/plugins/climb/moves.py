"""Climb's moves: play one card (``7H``) or pass (``pass``)."""
from __future__ import annotations

from typing import Any

from rulebook.cards import Card, CardSet, parse_card
from rulebook.errors import CardError, MoveError, quoted

__all__ = ["Play", "Pass", "PASS", "Move", "parse_move"]


class Play:
    """Play one card on the pile (notation ``7H``)."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    def __str__(self) -> str:
        return self.card.text

    def __repr__(self) -> str:
        return f"Play({self.card.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.card == self.card

    def __hash__(self) -> int:
        return hash(("play", self.card))

    def pretty(self) -> str:
        """The card in symbols: ``7♥``."""
        return self.card.pretty()

    @property
    def cards(self) -> CardSet:
        """The card played."""
        return CardSet(self.card.mask)


class Pass:
    """Pass (notation ``pass``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("pass")

    def pretty(self) -> str:
        """``pass``."""
        return "pass"

    @property
    def cards(self) -> CardSet:
        """No card."""
        return CardSet()


PASS = Pass()
Move = Play | Pass


def parse_move(text: Any) -> Move:
    """``"pass"`` or one card's notation; anything else raises MoveError."""
    if isinstance(text, (Play, Pass)):
        return text
    if not isinstance(text, str):
        raise MoveError(f"a Climb move is text, not {quoted(text)}: expected a card or 'pass'")
    word = text.strip()
    if word.lower() == "pass":
        return PASS
    try:
        return Play(parse_card(word))
    except CardError:
        raise MoveError(f"move {quoted(text)}: expected a card such as 7H, or 'pass'") from None
