"""The typed errors every part of the engine raises.

Every error is a ``ValueError`` subclass whose message quotes what was given and says
what was expected, so a learner can read it.  An error never leaves a state half-changed:
states are immutable, so the state a move was tried on is still the state you hold
(BS-MOVE-5, SAT-TURN-6, BDG-BET-10).

Input from outside (a pasted move, a record from a classmate, a rules option) may be of any
size, so a message never quotes it whole: :func:`quoted` gives a short, clearly cut quote,
whatever the value (a 50 MB text, an integer of a million digits, a list nested a thousand
deep), and :func:`check_seed` is the one bound on a deal's seed that every game and the
records share; :func:`check_seat` is the one check of a seat number and :func:`check_chips`
the one bound on a count of chips (:data:`MAX_CHIPS`).

A value from outside becomes a built-in type at the door: :func:`plain_int` and
:func:`plain_str` give an exact ``int`` or ``str`` through the base type's own methods, so a
subclass that overrides ``__str__``, ``__eq__`` or ``__index__`` is never asked anything,
and what is checked is what is used and recorded.
"""
from __future__ import annotations

import reprlib

__all__ = [
    "quoted", "check_seed", "check_seat", "check_chips", "plain_int", "plain_str",
    "MAX_SEED_LENGTH", "MAX_CHIPS", "RulebookError", "CardError", "RulesError", "MoveError",
    "IllegalMove", "PositionError", "RecordError",
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
    text, number = plain_str(value), plain_int(value)  # a subclass is read as its base
    if text is not None:
        return _quote_text(text, limit)
    if number is not None:
        return _quote_int(number, limit)
    if isinstance(value, bytes):
        return _quote_text(bytes(memoryview(value)), limit)
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


def plain_int(value: object) -> int | None:
    """``value`` as an exact ``int`` when it is a whole number (an ``int`` or a subclass,
    read through ``int``'s own method), else ``None``; ``True`` and ``False`` are not numbers.

    >>> class Lying(int):
    ...     def __str__(self): return "8"
    >>> plain_int(Lying(7)), type(plain_int(Lying(7))).__name__, plain_int(True), plain_int(1.0)
    (7, 'int', None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return int.__int__(value)


def plain_str(value: object) -> str | None:
    """``value`` as an exact ``str`` when it is text (a ``str`` or a subclass, read through
    ``str``'s own method), else ``None`` (bytes are not text)."""
    if type(value) is str:
        return value
    if not isinstance(value, str):
        return None
    return str.__str__(value)


MAX_SEED_LENGTH = 1000
"""The longest seed accepted, in digits for a whole number or characters for text."""


def check_seed(seed: object, error: type[RulebookError] = RulebookError) -> int | str:
    """``seed`` as an exact ``int`` or ``str`` if it can seed a deal (a whole number or text,
    at most :data:`MAX_SEED_LENGTH` digits or characters, text that UTF-8 can encode);
    otherwise raise ``error`` saying what was given and what is expected.

    A subclass of ``int`` or ``str`` is read through the base type (:func:`plain_int`), so
    the value returned is the one a deal is shuffled from and a record keeps; a bool, a
    float, bytes or anything else is refused.
    """
    expected = (f"expected a whole number or text of at most {MAX_SEED_LENGTH:,} digits or "
                "characters")
    number, text = plain_int(seed), plain_str(seed)
    if number is None and text is None:
        raise error(f"seed={quoted(seed)}: {expected}")
    if text is not None:
        if len(text) > MAX_SEED_LENGTH:
            raise error(f"seed={quoted(text)} is too long: {expected}")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise error(f"seed={quoted(text)} holds a character that cannot be saved (a lone "
                        f"surrogate): {expected}") from None
        return text
    assert number is not None
    # 3,322 bits hold every number of up to 1,000 digits; check exactly below that.
    if number.bit_length() > MAX_SEED_LENGTH * 3.33 or len(repr(abs(number))) > MAX_SEED_LENGTH:
        raise error(f"seed={quoted(number)} is too long: {expected}")
    return number


def check_seat(name: str, seat: object, players: int,
               error: type[RulebookError] = RulebookError) -> int:
    """``seat`` as an exact ``int`` if it is a seat of ``players`` (a whole number from 0 to
    ``players - 1``, not a bool); otherwise raise ``error`` naming the argument ``name``."""
    number = plain_int(seat)
    if number is None or not 0 <= number < players:
        raise error(f"{name}={quoted(seat)}: expected a seat from 0 to {players - 1}")
    return number


MAX_CHIPS = 1_000_000_000
"""The most chips any count of chips may hold (a seat's stack, a pool, a bet, an ante): a
billion is plenty, and every state with counts below it can be saved and shown."""


def check_chips(name: str, value: object, error: type[RulebookError] = RulebookError,
                minimum: int = 0) -> int:
    """``value`` as an exact ``int`` if it is a count of chips from ``minimum`` to
    :data:`MAX_CHIPS` (a game whose stacks may go below zero passes ``-MAX_CHIPS``);
    otherwise raise ``error`` naming the argument ``name``."""
    number = plain_int(value)
    if number is None or not minimum <= number <= MAX_CHIPS:
        raise error(f"{name}={quoted(value)}: expected a whole number of chips from "
                    f"{minimum:,} to {MAX_CHIPS:,}")
    return number
