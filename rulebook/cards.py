"""Cards and sets of cards: the pack every game uses (BS-DEAL-3, SAT-SETUP-1, BDG-RANK-1).

A :class:`Card` is a small immutable value.  Its index 0..51 follows the canonical order of
the rules README: rank A..K first, then suit C, D, H, S, so ``index = rank_index * 4 +
suit_index``.  A :class:`CardSet` is a 52-bit mask wrapped in a small immutable set type
(the idea of python-chess's ``SquareSet``): membership, union and "which of my cards are
playable" are single integer operations.

Text forms accepted by :func:`parse_card`: ``7H``, ``7h``, ``10H``, ``TH``, ``7♥`` (and the
outline symbols ``♡ ♢ ♤ ♧``, with or without the emoji variation selector a phone adds).
Only these ASCII letters and symbols are read: a look-alike (the long s ``ſ``, a fullwidth
``Ｈ``, the Kelvin sign ``K``) is refused, never folded into a card.  Lists
(:func:`parse_cards`) are separated by spaces or commas: ``"3S JS KH"``.

>>> parse_card("10h")
Card('TH')
>>> CardSet.parse("KH 3S, 7♦")
CardSet('3S 7D KH')
>>> str(CardSet.parse("KH 3S 7D").pretty())
'3♠ 7♦ K♥'
"""
from __future__ import annotations

import functools
import operator
import re
from collections.abc import Iterable, Iterator
from typing import Union

from .errors import CardError, plain_int, quoted

__all__ = [
    "RANKS", "SUITS", "SUIT_SYMBOLS", "SUIT_NAMES", "RANK_NAMES", "FULL_MASK", "Card", "CardSet",
    "CardLike", "CardsLike", "parse_card", "parse_cards", "parse_suit", "card_mask", "mask_indices",
    "indices_of",
    "suit_mask", "rank_mask", "SUIT_MASKS", "RANK_MASKS", "ALL_CARDS",
]

RANKS = "A23456789TJQK"
"""Rank letters in canonical order (ace low)."""
SUITS = "CDHS"
"""Suit letters in canonical order: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
"""The symbol printed for each suit."""
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""The plural English name of each suit."""
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
    "K": "king",
}
"""The English name of each rank."""
FULL_MASK = (1 << 52) - 1
"""The mask of the whole 52-card pack."""

_SYMBOL_TO_SUIT = {
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
}
# Every spelling of a suit that is read, mapped to its letter.  Written out in full (never
# ``str.upper``, which folds the long s "ſ" into "S" and the Kelvin sign's lower case "k").
_SUIT_TEXT = {**_SYMBOL_TO_SUIT, **{s: s for s in SUITS}, **{s.lower(): s for s in SUITS}}
_RANK_TEXT = {**{r: r for r in RANKS}, **{r.lower(): r for r in RANKS if r.isalpha()},
              "10": "T"}
_VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")  # emoji / text presentation of ♥ ♦ ♣ ♠
_EXPECTED = (
    "a rank (A 2 3 4 5 6 7 8 9 T J Q K, or 10) followed by a suit "
    "(C D H S or ♣ ♦ ♥ ♠), for example 7H, 10S or Q♦"
)


@functools.total_ordering
class Card:
    """One playing card, immutable; there is exactly one object per card.

    ``Card("7H")`` parses text; ``Card.from_index(i)`` gives the card with canonical index
    ``i``.  ``card.rank`` is 1 (ace) .. 13 (king); ``card.suit`` is a letter of ``"CDHS"``.
    """

    __slots__ = ("index", "mask", "rank", "suit", "text")
    index: int
    mask: int
    rank: int
    suit: str
    text: str

    _all: tuple["Card", ...] = ()

    def __new__(cls, text: Union[str, "Card"]) -> "Card":
        return parse_card(text)  # a Card is itself

    @classmethod
    def _make(cls, index: int) -> "Card":
        self = object.__new__(cls)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", 1 << index)
        object.__setattr__(self, "rank", index // 4 + 1)
        object.__setattr__(self, "suit", SUITS[index % 4])
        object.__setattr__(self, "text", RANKS[index // 4] + SUITS[index % 4])
        return self

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card with canonical index ``index`` (0 = AC .. 51 = KS)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
            raise CardError(f"card index {quoted(index)} is not valid: expected a whole number "
                            "from 0 to 51")
        return cls._all[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card, (self.text,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self

    @property
    def rank_index(self) -> int:
        """0 (ace) .. 12 (king)."""
        return self.index // 4

    @property
    def suit_index(self) -> int:
        """0 (clubs) .. 3 (spades)."""
        return self.index % 4

    @property
    def rank_letter(self) -> str:
        """The rank's letter: ``A 2 .. 9 T J Q K``."""
        return RANKS[self.index // 4]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self.suit in "DH"

    def pretty(self) -> str:
        """Rank and suit symbol, with ``10`` for the ten: ``10♥``."""
        rank = "10" if self.rank == 10 else self.rank_letter
        return rank + self.symbol

    def name(self) -> str:
        """The card in words: ``seven of hearts``."""
        return f"{RANK_NAMES[self.rank_letter]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def _repr_html_(self) -> str:
        colour = "#c0392b" if self.is_red else "#111"
        return (
            f'<span class="rulebook-card" title="{self.name()}" '
            f'style="color:{colour};font-weight:bold">{self.pretty()}</span>'
        )


Card._all = tuple(Card._make(i) for i in range(52))
ALL_CARDS: tuple[Card, ...] = Card._all
"""All 52 cards in canonical order."""
_BY_TEXT = {c.text: c for c in ALL_CARDS}


def parse_card(text: Union[str, Card]) -> Card:
    """Read one card from text such as ``7H``, ``7h``, ``10H``, ``TH`` or ``7♥``.

    Raises :class:`CardError` quoting the input and saying what is expected.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"a card must be given as text such as '7H', not {quoted(text)}")
    raw = text.strip()
    if raw.endswith(_VARIATION_SELECTORS):
        raw = raw[:-1]
    suit = _SUIT_TEXT.get(raw[-1:])
    rank = _RANK_TEXT.get(raw[:-1])
    if suit is None or rank is None:
        raise CardError(f"{quoted(text)} is not a card: expected {_EXPECTED}")
    return _BY_TEXT[rank + suit]


def parse_suit(text: str) -> str:
    """Read a suit: its letter in either case (``H``, ``h``) or its symbol (``♥``, ``♡``).

    Returns the letter ``"C"``, ``"D"``, ``"H"`` or ``"S"``; anything else (a look-alike such
    as the long s ``ſ`` too) raises :class:`CardError`.

    >>> parse_suit("♦")
    'D'
    """
    suit = _SUIT_TEXT.get(text.strip()) if isinstance(text, str) else None
    if suit is None:
        raise CardError(f"{quoted(text)} is not a suit: expected one of C D H S "
                        "(or ♣ ♦ ♥ ♠)")
    return suit


_WORD = re.compile(r"[^\s,]+")
"""One card's text in a list: anything between spaces and commas."""

MAX_CARDS = 52 * 8
"""The most cards :func:`parse_cards` reads when the same card may repeat."""

CardLike = Union[str, Card]
"""A card or its text."""
CardsLike = Union[str, "CardSet", Iterable[Union[str, Card]], None]
"""Cards given as text (``"3S JS KH"``), a :class:`CardSet` or an iterable of cards."""


def parse_cards(text: CardsLike, *, distinct: bool = True) -> list[Card]:
    """Read a list of cards (``"3S JS KH"``, ``"3S,JS"``, a CardSet, or an iterable).

    The order given is kept.  With ``distinct`` (the default) a card given twice raises
    :class:`CardError`.
    """
    if text is None:
        return []
    if isinstance(text, CardSet):
        return list(text)
    if isinstance(text, str):
        # read word by word, so that a huge text stops at its first bad or repeated card
        items: Iterable[Union[str, Card]] = (m.group() for m in _WORD.finditer(text))
    elif isinstance(text, Card):
        items = [text]
    else:
        try:
            items = iter(text)
        except TypeError:
            raise CardError(
                f"cannot read cards from {quoted(text)}: expected text such as '3S JS KH' "
                "or a list of cards"
            ) from None
    cards: list[Card] = []
    seen = 0
    for item in items:
        if len(cards) >= MAX_CARDS:  # only with distinct=False: stops an endless iterable
            raise CardError(f"more than {MAX_CARDS} cards were given in {quoted(text)}")
        card = parse_card(item)
        if distinct and seen & card.mask:
            raise CardError(f"{card} is given twice in {quoted(text)}: each card may appear "
                            "once")
        seen |= card.mask
        cards.append(card)
    return cards


def mask_indices(mask: int) -> list[int]:
    """The card indices set in a 52-bit mask, ascending (canonical order).

    >>> mask_indices(Card("7H").mask | Card("AC").mask)
    [0, 26]

    Anything but a whole number from 0 to ``FULL_MASK`` raises :class:`CardError` (a
    negative number would otherwise never run out of bits).
    """
    try:
        mask = operator.index(mask)
    except TypeError:
        raise CardError(f"{quoted(mask)} is not a card mask: expected a whole number from 0 "
                        "to 2**52 - 1") from None
    if not 0 <= mask <= FULL_MASK:
        raise CardError(f"{quoted(mask)} is not a 52-bit card mask")
    return indices_of(mask)


_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
    for k in range(7))
"""Per byte ``k`` of a mask and its value: the card indices it sets."""


def indices_of(mask: int) -> list[int]:
    """:func:`mask_indices` of a mask already known to be a 52-bit card mask (not checked),
    a byte at a time: for the engine's inner loops."""
    out: list[int] = []
    k = 0
    while mask:
        b = mask & 255
        if b:
            out += _BYTE_BITS[k][b]
        mask >>= 8
        k += 1
    return out


def card_mask(cards: CardsLike) -> int:
    """The 52-bit mask of some cards (text, a CardSet or an iterable)."""
    if isinstance(cards, CardSet):
        return cards.mask
    return sum(card.mask for card in parse_cards(cards))  # distinct cards: the sum is the union


SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
"""The 13 cards of each suit, by suit index (C D H S)."""
RANK_MASKS: tuple[int, ...] = tuple(0b1111 << (r * 4) for r in range(13))
"""The four cards of each rank, by rank index (0 = ace .. 12 = king)."""


def suit_mask(suit: str) -> int:
    """The mask of the 13 cards of one suit (``"C"``, ``"D"``, ``"H"`` or ``"S"``, or a
    symbol: see :func:`parse_suit`)."""
    return SUIT_MASKS[SUITS.index(parse_suit(suit))]


def rank_mask(rank: int) -> int:
    """The mask of the four cards of one rank (1 = ace .. 13 = king)."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
        raise CardError(f"rank {quoted(rank)} is not valid: expected a whole number from 1 "
                        "(ace) to 13 (king)")
    return RANK_MASKS[rank - 1]


class CardSet:
    """An immutable set of cards backed by a 52-bit mask.

    Iterates in canonical order.  Supports ``in`` (with a card or its text), ``len``,
    ``|``, ``&``, ``-``, ``^`` with another CardSet, a card or cards as text (``CardSet.full()
    - "7H"``), and comparison by contents.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: CardsLike | int = None) -> None:
        number = plain_int(cards)  # an int subclass is read as the number it holds
        if number is not None:
            if not 0 <= number <= FULL_MASK:
                raise CardError(f"{quoted(cards)} is not a 52-bit card mask")
            mask = number
        else:
            # a bool gets here too, and parse_cards refuses it with a CardError
            mask = card_mask(cards)  # type: ignore[arg-type]
        object.__setattr__(self, "mask", mask)

    @classmethod
    def parse(cls, text: CardsLike) -> "CardSet":
        """Read a set of cards from text such as ``"3S JS KH"``."""
        return cls(card_mask(text))

    @classmethod
    def full(cls) -> "CardSet":
        """All 52 cards."""
        return cls(FULL_MASK)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet, (self.mask,))

    def __copy__(self) -> "CardSet":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "CardSet":
        return self

    def __iter__(self) -> Iterator[Card]:
        return map(ALL_CARDS.__getitem__, mask_indices(self.mask))

    def __reversed__(self) -> Iterator[Card]:
        return reversed(list(self))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except CardError:
                return False
        if isinstance(card, Card):
            return bool(self.mask & card.mask)
        return False

    def _other(self, other: object) -> int:
        """The mask of the other side of ``|``, ``&``, ``-`` or ``^``: a CardSet, a card, or
        cards as text or a list (``CardSet.full() - "7H 8H"``); anything else is a
        CardError."""
        if isinstance(other, (CardSet, Card)):
            return other.mask
        if isinstance(other, (str, list, tuple, set, frozenset)):
            return card_mask(other)  # CardError for text that is not cards
        raise CardError(f"cards are combined with a card set, a card or cards as text such as "
                        f"'7H 8H', not {quoted(other)}")

    def __or__(self, other: object) -> "CardSet":
        return CardSet(self.mask | self._other(other))

    __ror__ = __or__

    def __and__(self, other: object) -> "CardSet":
        return CardSet(self.mask & self._other(other))

    __rand__ = __and__

    def __sub__(self, other: object) -> "CardSet":
        return CardSet(self.mask & ~self._other(other))

    def __rsub__(self, other: object) -> "CardSet":
        return CardSet(self._other(other) & ~self.mask)

    def __xor__(self, other: object) -> "CardSet":
        return CardSet(self.mask ^ self._other(other))

    __rxor__ = __xor__

    def __invert__(self) -> "CardSet":
        return CardSet(FULL_MASK & ~self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            try:
                return self.mask == card_mask(other)
            except CardError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def issubset(self, other: CardsLike) -> bool:
        """Whether every card here is also in ``other`` (a CardSet, or cards as text or a list)."""
        return self.mask & ~card_mask(other) == 0

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.issubset(other)

    def cards(self) -> list[Card]:
        """The cards as a list in canonical order."""
        return list(self)

    def texts(self) -> list[str]:
        """The cards' texts in canonical order: ``['3S', 'JS']``."""
        return [c.text for c in self]

    def by_suit(self, suit: str) -> "CardSet":
        """Only the cards of one suit (``"H"``, ``"h"`` or ``"♥"``; see :func:`parse_suit`)."""
        return CardSet(self.mask & suit_mask(suit))

    def pretty(self) -> str:
        """The cards with suit symbols, canonical order: ``3♠ 7♦ K♥``."""
        return " ".join(c.pretty() for c in self)

    def __str__(self) -> str:
        return " ".join(c.text for c in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def _repr_html_(self) -> str:
        if not self.mask:
            return '<span class="rulebook-cards">(no cards)</span>'
        return '<span class="rulebook-cards">' + " ".join(c._repr_html_() for c in self) + "</span>"
