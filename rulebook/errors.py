"""The typed errors every part of the engine raises.

Every error is a ``ValueError`` subclass whose message quotes what was given and says
what was expected, so a learner can read it.  An error never leaves a state half-changed:
states are immutable, so the state a move was tried on is still the state you hold
(BS-MOVE-5, SAT-TURN-6, BDG-BET-10).

Input from outside (a pasted move, a record from a classmate, a rules option) may be of any
size, so a message never quotes it whole: :func:`quoted` gives a short, clearly cut quote,
whatever the value (a 50 MB text, an integer of a million digits, a list nested a thousand
deep), and :func:`check_seed` is the one bound on a deal's seed that every game and the
records share; :func:`check_seat` is the one check of a seat number.
"""
from __future__ import annotations

import reprlib

__all__ = [
    "quoted", "check_seed", "check_seat", "MAX_SEED_LENGTH", "RulebookError", "CardError",
    "RulesError", "MoveError", "IllegalMove", "PositionError", "RecordError",
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


_QUOTE_LIMIT = 60


class _ShortRepr(reprlib.Repr):
    """``reprlib.Repr`` with integers that never go through ``str`` when they are huge."""

    def repr_int(self, x: int, level: int) -> str:
        return _quote_int(x, self.maxlong)


def _quote_int(value: int, limit: int) -> str:
    # ``str`` of an integer over 4,300 digits raises ValueError, and is slow long before:
    # estimate the digit count from the bit length instead.
    if value.bit_length() <= 13_000:  # about 3,900 digits: str still works, and fast
        text = repr(value)
        if len(text) <= limit:
            return text
        return f"{text[:limit // 2]}… (a whole number of {len(text.lstrip('-')):,} digits)"
    digits = int(value.bit_length() * 0.30103) + 1
    return f"a whole number of about {digits:,} digits"


def _quote_text(value: str | bytes, limit: int) -> str:
    kind = "characters" if isinstance(value, str) else "bytes"
    if len(value) <= limit and len(repr(value)) <= limit + 3:
        return repr(value)
    # Cut the prefix until its repr fits: escapes (\x00, \U0001f0a1) make it longer.
    cut = min(len(value), limit)
    head = repr(value[:cut])
    while len(head) > limit + 3 and cut > 1:
        cut = max(1, cut * limit // len(head))
        head = repr(value[:cut])
    if cut == len(value):
        return head
    return f"{head[:-1]}…{head[-1]} ({len(value):,} {kind})"


def quoted(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """``value`` quoted for an error message, cut short when it is long.

    Text longer than ``limit`` characters keeps its first ``limit`` characters, an ellipsis
    inside the quotes and its full length after them; a huge integer gives its number of
    digits; containers show their first few items; anything else its ``repr``, cut.  The work
    is bounded too: a 50 MB text or a list nested thousands deep is never rendered whole.

    >>> print(quoted("x" * 1_048_576, limit=10))
    'xxxxxxxxxx…' (1,048,576 characters)
    >>> quoted(7)
    '7'
    >>> quoted(10 ** 5000)
    'a whole number of about 5,001 digits'
    """
    if isinstance(value, (str, bytes)):
        return _quote_text(value, limit)
    if isinstance(value, int) and not isinstance(value, bool):
        return _quote_int(value, limit)
    short = _ShortRepr()
    short.maxlevel = 3
    short.maxstring = short.maxother = short.maxlong = limit
    short.maxlist = short.maxtuple = short.maxset = short.maxfrozenset = short.maxdict = 6
    short.maxdeque = short.maxarray = 6
    try:
        text = short.repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        text = f"<{type(value).__name__} object>"
    if len(text) > 2 * limit:
        text = text[: 2 * limit] + "…"
    return text


MAX_SEED_LENGTH = 1000
"""The longest seed accepted, in digits for a whole number or characters for text."""


def check_seed(seed: object, error: type[RulebookError] = RulebookError) -> int | str:
    """``seed`` if it can seed a deal (a whole number or text, at most
    :data:`MAX_SEED_LENGTH` digits or characters, text that UTF-8 can encode); otherwise
    raise ``error`` saying what was given and what is expected.
    """
    expected = (f"expected a whole number or text of at most {MAX_SEED_LENGTH:,} digits or "
                "characters")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise error(f"seed={quoted(seed)}: {expected}")
    # 3,322 bits hold every number of up to 1,000 digits; check exactly below that.
    if (len(seed) > MAX_SEED_LENGTH) if isinstance(seed, str) else (
            seed.bit_length() > MAX_SEED_LENGTH * 3.33 or len(str(abs(seed))) > MAX_SEED_LENGTH):
        raise error(f"seed={quoted(seed)} is too long: {expected}")
    try:
        str(seed).encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"seed={quoted(seed)} holds a character that cannot be saved (a lone "
                    f"surrogate): {expected}") from None
    return seed


def check_seat(name: str, seat: object, players: int,
               error: type[RulebookError] = RulebookError) -> int:
    """``seat`` if it is a seat of ``players`` (a whole number from 0 to ``players - 1``);
    otherwise raise ``error`` naming the argument ``name``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise error(f"{name}={quoted(seat)}: expected a seat from 0 to {players - 1}")
    return seat
