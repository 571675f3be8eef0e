"""Badugi's moves: ``fold``, ``check``, ``call``, ``bet``, ``raise`` (a call, bet or raise the
player cannot cover puts in all their chips, BDG-POT-1), ``pat`` and ``draw 9H KD`` (the cards
discarded, BDG-DRAW-1; BDG-BET-3).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ...cards import Card, CardSet, card_mask
from ...errors import CardError, MoveError, quoted
from ...protocol import ActionMove
from .betting import ACTION_NAMES, ACTIONS

__all__ = ["Action", "Draw", "Move", "ACTION_MOVES", "ACTION_VERBS", "parse_move"]


@dataclasses.dataclass(frozen=True, slots=True)
class Action(ActionMove):
    """A betting action: ``fold``, ``check``, ``call``, ``bet`` or ``raise`` (BDG-BET-3)."""

    kind: str

    def __post_init__(self) -> None:
        kind = self.kind
        if type(kind) is not str:
            if not isinstance(kind, str):
                raise MoveError(f"Action({quoted(kind)}) is not a Badugi betting action: "
                                f"expected {_ACTIONS_TEXT} (BDG-BET-3)")
            kind = str.__str__(kind)  # the plain text, whatever a subclass says of itself
        if kind not in ACTIONS:
            raise MoveError(f"{quoted(kind)} is not a Badugi betting action: expected "
                            f"{_ACTIONS_TEXT} (BDG-BET-3)")
        object.__setattr__(self, "kind", kind)

    def __str__(self) -> str:
        return self.kind

    def __repr__(self) -> str:
        return f"Action({self.kind!r})"

    @property
    def code(self) -> int:
        """The action's small-int code in :mod:`rulebook.games.badugi.betting`."""
        return ACTIONS[self.kind]


@dataclasses.dataclass(frozen=True, slots=True)
class Draw:
    """A draw: the mask of the cards discarded; ``pat`` when none (BDG-DRAW-1)."""

    discard: int

    def __post_init__(self) -> None:
        discard = self.discard
        if isinstance(discard, bool) or not isinstance(discard, int) or not (
                0 <= discard < 1 << 52):
            raise MoveError(f"Draw({quoted(discard)}) is not a Badugi draw: expected the mask of "
                            "the cards discarded (0 to stand pat), or write 'draw 9H KD'")
        object.__setattr__(self, "discard", int.__int__(discard))

    @property
    def cards(self) -> CardSet:
        """The cards discarded."""
        return CardSet(self.discard)

    def __str__(self) -> str:
        return "pat" if not self.discard else "draw " + str(CardSet(self.discard))

    def pretty(self) -> str:
        """The move as a learner reads it: ``draw 9♥ K♦`` or ``pat``."""
        return "pat" if not self.discard else "draw " + CardSet(self.discard).pretty()

    def __repr__(self) -> str:
        return f"Draw({str(CardSet(self.discard))!r})"


_ACTIONS_TEXT = "fold, check, call, bet or raise"

Move = Action | Draw
"""A Badugi move."""
ACTION_MOVES = {name: Action(name) for name in ACTION_NAMES}
"""The five betting actions, by name."""
ACTION_VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
                 "raise": "raises"}
"""Each action as the log says it: ``folds``, ``calls``..."""


def parse_move(text: Any) -> Move:
    """Read a move's notation; bad text raises MoveError quoting it."""
    expected = ("expected fold, check, call, bet, raise, pat, or draw followed by the cards "
                "discarded (e.g. 'draw 9H KD')")
    if isinstance(text, (Action, Draw)):
        return text
    if isinstance(text, Card):
        raise MoveError(f"{text.pretty()} alone is not a Badugi move: to throw it away write "
                        f"'draw {text.text}' (with the other cards you discard)")
    if not isinstance(text, str):
        raise MoveError(f"{quoted(text)} is not a Badugi move: {expected}")
    words = text.split()
    head = words[0].lower() if words else ""
    if len(words) == 1 and head in ACTION_MOVES:
        return ACTION_MOVES[head]
    if len(words) == 1 and head == "pat":
        return Draw(0)
    if head == "draw":
        if len(words) == 1:
            raise MoveError(f"{quoted(text)} names no cards: write the cards discarded, e.g. "
                            "'draw 9H KD', or 'pat' to draw none")
        try:
            return Draw(card_mask(" ".join(words[1:])))
        except CardError as exc:
            raise MoveError(f"{quoted(text)} is not a Badugi move: {exc}") from None
    raise MoveError(f"{quoted(text)} is not a Badugi move: {expected}")
