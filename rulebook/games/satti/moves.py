"""Satti's moves and their notation (``str(move)`` round-trips through :func:`parse_move`).

=============  ==========================================================================
``9H``         play a card (``10H``, ``9h`` and ``9♥`` are read too)
``JH>S``       play a jack and name a suit (SAT-JACK-1); a jack that is the player's last
               card is played bare, ``JH``, because no suit is named (SAT-END-3)
``draw``       draw: one card on a normal turn (SAT-TURN-3), or the whole pending penalty
               (SAT-SEVEN-2, SAT-SEVEN-6)
``name S``     after ``draw`` with ``play_after_draw`` on, a drawn jack is played at once
               (SAT-TURN-4); the same player then names its suit with this move.  That is a
               move of its own, so nobody has to name a suit before seeing the card, no hidden
               card leaks into ``legal_moves()``, and a deal replays exactly from its moves.
``skip``       the only legal action of a player skipped by an 8 (SAT-EIGHT-2)
``try 8S``     a skipped player's attempt to play 8S, or ``try draw`` to draw (SAT-EIGHT-3)
=============  ==========================================================================

Every move has a code (a small int, :data:`MOVES` ``[code]`` is the move object), which the
rule functions and the fast loops use.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ...cards import ALL_CARDS, SUIT_SYMBOLS, SUITS, Card, CardSet, parse_card
from ...cards import parse_suit as cards_parse_suit
from ...errors import CardError, MoveError, quoted
from ...protocol import NO_CARDS, ActionMove
from .core import DRAW, FIRST_JACK, JACK_NAMING, JACK_RANK, N_CODES, NAME, SKIP, TRY, TRY_DRAW

__all__ = ["Play", "Draw", "Skip", "Name", "Attempt", "Move", "MOVES", "CODE_OF", "MOVE_TEXTS",
           "parse_move", "parse_suit", "EXPECTED_MOVE"]


@dataclasses.dataclass(frozen=True, slots=True)
class Play:
    """Play a card; a jack names ``suit`` (``JH>S``), except as the last card (``JH``)."""

    card: Card
    suit: str | None = None

    def __str__(self) -> str:
        return self.card.text if self.suit is None else f"{self.card.text}>{self.suit}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``9♥``, or ``J♥ naming ♠`` for a jack."""
        naming = "" if self.suit is None else f" naming {SUIT_SYMBOLS[self.suit]}"
        return self.card.pretty() + naming

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"

    @property
    def cards(self) -> CardSet:
        """The card played."""
        return CardSet(self.card.mask)


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(ActionMove):
    """Draw one card (SAT-TURN-3) or the pending penalty (SAT-SEVEN-6)."""

    word = "draw"


@dataclasses.dataclass(frozen=True, slots=True)
class Skip(ActionMove):
    """Let the turn go after an 8 (SAT-EIGHT-2)."""

    word = "skip"


@dataclasses.dataclass(frozen=True, slots=True)
class Name(ActionMove):
    """Name the suit of a drawn jack that was played at once (SAT-TURN-4, SAT-JACK-1)."""

    suit: str

    def __str__(self) -> str:
        return f"name {self.suit}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``name ♠``."""
        return f"name {SUIT_SYMBOLS[self.suit]}"

    def __repr__(self) -> str:
        return f"Name({self.suit!r})"


@dataclasses.dataclass(frozen=True, slots=True)
class Attempt:
    """A skipped player's attempt to play ``card`` or, with ``card=None``, to draw (SAT-EIGHT-3)."""

    card: Card | None = None

    def __str__(self) -> str:
        return "try draw" if self.card is None else f"try {self.card.text}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``try 8♠`` or ``try draw``."""
        return "try draw" if self.card is None else f"try {self.card.pretty()}"

    def __repr__(self) -> str:
        return f"Attempt({str(self)!r})"

    @property
    def cards(self) -> CardSet:
        """The card the attempt tries to play (it stays in the hand)."""
        return NO_CARDS if self.card is None else CardSet(self.card.mask)


Move = Play | Draw | Skip | Name | Attempt
"""Any Satti move."""

_MOVES: list[Move] = [Play(ALL_CARDS[c]) for c in range(52)]
_MOVES += [Play(ALL_CARDS[FIRST_JACK + j], SUITS[s]) for j in range(4) for s in range(4)]
_MOVES += [Draw(), Skip()]
_MOVES += [Name(SUITS[s]) for s in range(4)]
_MOVES += [Attempt(None)]
_MOVES += [Attempt(ALL_CARDS[c]) for c in range(52)]
MOVES: tuple[Move, ...] = tuple(_MOVES)
"""The move object of every code."""
CODE_OF: dict[Move, int] = {m: code for code, m in enumerate(MOVES)}
"""The code of every move object (non-jack cards with a suit have no code)."""
CODE_BY_ID: dict[int, int] = {id(m): code for code, m in enumerate(MOVES)}
"""The code of every move object, by identity (the fast way from a move to its code)."""
MOVE_TEXTS: tuple[str, ...] = tuple(str(m) for m in MOVES)
"""The notation of every code."""

EXPECTED_MOVE = ("a card such as 9H, a jack naming a suit such as JH>S, 'draw', 'skip', "
                  "'name S' or an attempt such as 'try 8S' / 'try draw'")
"""What a Satti move looks like, for error messages."""


_WORD_CODES = {"draw": DRAW, "skip": SKIP, "try draw": TRY_DRAW}
# the moves written as words alone, by their notation in lower case


def parse_suit(text: str, whole: str) -> str:
    """A suit's letter from its text or symbol; ``whole`` is the move quoted in the error."""
    raw = text.strip()
    try:
        return cards_parse_suit(raw)  # letters in either case or symbols; no look-alikes
    except CardError:
        raise MoveError(f"{quoted(whole)}: {quoted(raw)} is not a suit: expected C, D, H or S "
                        f"(or ♣ ♦ ♥ ♠)") from None


def parse_move(text: Any) -> Move:
    """Read a move's notation (see the module header); bad text raises :class:`MoveError`."""
    if isinstance(text, (Play, Draw, Skip, Name, Attempt)):
        if text not in CODE_OF:
            raise MoveError(f"{quoted(text)} is not a Satti move: only a jack names a suit, one of "
                            "C, D, H or S")
        return text
    if isinstance(text, Card):  # a card object is the move that plays it
        return MOVES[text.index]
    if not isinstance(text, str):
        raise MoveError(f"{quoted(text)} is not a move: expected {EXPECTED_MOVE}")
    raw = " ".join(text.split())
    low = raw.lower()
    if low in _WORD_CODES:
        return MOVES[_WORD_CODES[low]]
    if low.startswith("name "):
        return MOVES[NAME + SUITS.index(parse_suit(raw[5:], text))]
    if low.startswith("try "):
        try:
            return MOVES[TRY + parse_card(raw[4:].split(">")[0]).index]
        except CardError as exc:
            raise MoveError(f"{quoted(text)} is not a move: {exc}") from None
    card_text, sep, suit_text = raw.partition(">")
    try:
        card = parse_card(card_text)
    except CardError:
        raise MoveError(f"{quoted(text)} is not a move: expected {EXPECTED_MOVE}") from None
    if not sep:
        return MOVES[card.index]
    if card.rank != JACK_RANK + 1:
        raise MoveError(f"{quoted(text)}: only a jack names a suit; play {card.text} on its own")
    suit = SUITS.index(parse_suit(suit_text, text))
    return MOVES[JACK_NAMING + 4 * (card.index - FIRST_JACK) + suit]


assert len(MOVES) == N_CODES
