"""Badugi hand classes: the rule functions the ranking is built on (BDG-RANK-1..6).

A hand's counting cards are a largest subset with no two cards of one suit and no two of one
rank (BDG-RANK-2, :func:`rainbow_subsets`); the lowest such subset counts (BDG-RANK-3); every
hand falls into one of 1,092 classes numbered by strength (BDG-RANK-4..6,
:func:`class_index_of_ranks`).  These functions work on compact values (ranks 1..13, suit
indices 0..3, 4-bit position sets); :mod:`rulebook.games.badugi.ranking` builds the hand
values, the diagram and the census on them.
"""
from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from itertools import combinations, product
from operator import itemgetter
from math import comb

from ...cards import Card, CardsLike, parse_cards
from ...errors import CardError, quoted

HAND_COUNT = comb(52, 4)
"""The number of different four-card hands: 270,725."""

_SIZES = (4, 3, 2, 1)
_CLASSES_OF_SIZE = {k: comb(13, k) for k in _SIZES}  # 715, 286, 78, 13
_OFFSET = {4: 0, 3: 715, 2: 715 + 286, 1: 715 + 286 + 78}

CLASS_COUNT = 1092
"""The number of hand classes (different hand values): 715 + 286 + 78 + 13."""

CLASS_RANGES = {k: range(_OFFSET[k], _OFFSET[k] + _CLASSES_OF_SIZE[k]) for k in _SIZES}
"""The class indices of the hands with 4, 3, 2 and 1 counting cards (BDG-RANK-4, BDG-RANK-5)."""

_SIZE_WORDS = {4: "badugi", 3: "three-card hand", 2: "two-card hand", 1: "one-card hand"}
_POSITION_WORDS = ("highest", "second-highest", "third-highest", "lowest")
_PLURAL = {"six": "sixes"}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


# --------------------------------------------------------------------------------------
# The rule functions (compact values: ranks 1..13, suit indices 0..3, 4-bit position sets)
# --------------------------------------------------------------------------------------

_POSITION_SUBSETS = {k: tuple(combinations(range(4), k)) for k in _SIZES}


def whole_number(name: str, value: object, low: int, high: int) -> int:
    """``value`` as a built-in ``int`` if it is a whole number from ``low`` to ``high``
    (``True`` and ``False``, floats, text and numbers outside the range raise
    :class:`~rulebook.errors.CardError` naming the argument ``name``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardError(f"{name}={quoted(value)}: expected a whole number from {low:,} to "
                        f"{high:,}")
    number = int.__int__(value)  # the plain number, whatever a subclass says of itself
    if not low <= number <= high:
        raise CardError(f"{name}={quoted(number)}: expected a whole number from {low:,} to "
                        f"{high:,}")
    return number


def _numbers(name: str, values: object, sizes: range, low: int, high: int) -> list[int]:
    """A list or tuple of ``sizes`` whole numbers from ``low`` to ``high``, as plain ints."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple, range)):
        raise CardError(f"{name}={quoted(values)}: expected a list of {sizes[0]} to "
                        f"{sizes[-1]} whole numbers" if len(sizes) > 1 else
                        f"{name}={quoted(values)}: expected a list of {sizes[0]} whole numbers")
    if len(values) not in sizes:
        count = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else f"{sizes[0]}"
        raise CardError(f"{name}={quoted(values)}: expected {count} numbers, not {len(values):,}")
    return [whole_number(f"{name}[{i}]", v, low, high) for i, v in enumerate(values)]


def rainbow_subsets(ranks: Sequence[int], suits: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The positions of the largest subsets of four cards with no suit and no rank twice.

    ``ranks`` (1 = ace .. 13 = king) and ``suits`` (0 .. 3) describe the four cards by
    position.  The subsets are listed
    in lexicographic order of their positions (BDG-RANK-2, BDG-RANK-4).  Anything but four
    ranks and four suits raises :class:`~rulebook.errors.CardError`.

    >>> rainbow_subsets((1, 2, 3, 4), (0, 0, 2, 3))      # AC 2C 3H 4S
    ((0, 2, 3), (1, 2, 3))
    """
    return _rainbow_subsets(_numbers("ranks", ranks, range(4, 5), 1, 13),
                            _numbers("suits", suits, range(4, 5), 0, 3))


def _rainbow_subsets(ranks: Sequence[int], suits: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """:func:`rainbow_subsets` on values already checked (the engines' path)."""
    for k in _SIZES:
        found = tuple(
            sub for sub in _POSITION_SUBSETS[k]
            if len({suits[i] for i in sub}) == k and len({ranks[i] for i in sub}) == k
        )
        if found:
            return found
    raise CardError("a Badugi hand needs at least one card")  # pragma: no cover - 4 cards given


def class_index_of_ranks(ranks: Sequence[int]) -> int:
    """The class index of the counting ranks ``ranks`` (distinct, 1 = ace .. 13 = king).

    Classes with more counting cards come first (BDG-RANK-5).  Inside one size the rank
    lists, read from the highest rank down, are in lexicographic order (BDG-RANK-6): that is
    the colexicographic order of the rank sets, whose index is
    ``sum(comb(r - 1, k - i))`` over the ranks ``r`` sorted high to low (i = 0..k-1).

    >>> class_index_of_ranks([4, 3, 2, 1]), class_index_of_ranks([5, 3, 2, 1])
    (0, 1)
    >>> class_index_of_ranks([13])
    1091
    """
    expected = ("counting ranks are 1 to 4 different ranks from 1 (ace) to 13 (king), such as "
                "[4, 3, 2, 1]")
    try:
        ordered = sorted(_numbers("ranks", ranks, range(1, 5), 1, 13), reverse=True)
    except CardError:
        raise CardError(f"{quoted(ranks)} are not counting ranks: {expected}") from None
    if len(set(ordered)) != len(ordered):
        raise CardError(f"{quoted(ranks)} are not counting ranks: a rank is given twice; "
                        f"{expected}")
    return _index_of_ranks(ordered)


def _index_of_ranks(ordered: Sequence[int]) -> int:
    """The class index of distinct ranks given high to low (values already checked)."""
    k = len(ordered)
    return _OFFSET[k] + sum(comb(r - 1, k - i) for i, r in enumerate(ordered))


def ranks_of_class(class_index: int) -> tuple[int, ...]:
    """The counting ranks (high to low) of a class index: the inverse of :func:`class_index_of_ranks`.

    >>> ranks_of_class(0), ranks_of_class(717), ranks_of_class(1091)
    ((4, 3, 2, 1), (4, 3, 1), (13,))
    """
    return _RANKS_OF_CLASS[check_class_index(class_index)]


def check_class_index(class_index: object) -> int:
    """``class_index`` as a plain ``int`` if it is a class index (0 = the best class .. 1,091
    = the worst), else :class:`~rulebook.errors.CardError`."""
    if isinstance(class_index, bool) or not isinstance(class_index, int) or not (
            0 <= class_index < CLASS_COUNT):
        raise CardError(f"class_index={quoted(class_index)}: a Badugi class index is a whole "
                        f"number from 0 (the best class) to {CLASS_COUNT - 1:,} (the worst)")
    return int.__int__(class_index)


def class_number_text(class_index: int) -> str:
    """A class as a learner counts it, from 1 (the best): ``"class 718 of 1,092"``."""
    return f"class {class_index + 1:,} of {CLASS_COUNT:,}"


def _build_ranks_of_class() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()] * CLASS_COUNT
    for k in _SIZES:
        for combo in combinations(range(1, 14), k):
            ranks = combo[::-1]
            table[_index_of_ranks(ranks)] = ranks
    return tuple(table)


_RANKS_OF_CLASS = _build_ranks_of_class()  # 1,092 small tuples: cheap at import


RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Each rank (1 = ace .. 13 = king) as the cards show it: ``10`` for the ten, as in 10♦."""


def _rank_text(ranks: Sequence[int]) -> str:
    """Counting ranks as a learner reads them: ``10-6-5-A``."""
    return "-".join(RANK_SYMBOLS[r - 1] for r in ranks)


def class_words(class_index: int) -> str:
    """A class in words: ``"badugi 4-3-2-A"``, ``"three-card hand 4-3-A"``, ``"one-card hand 2"``."""
    ranks = ranks_of_class(class_index)
    return f"{_SIZE_WORDS[len(ranks)]} {_rank_text(ranks)}"


def _and_list(items: Sequence[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``word`` instead of "and": ``a, b or c``); the
    explanations' lists, without the rule sheets' document code."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _read_hand(cards: CardsLike, keep_order: bool = False) -> list[Card]:
    """Four distinct cards (in canonical order unless ``keep_order``), else :class:`CardError`.

    BDG-RANK-2: a hand is valued on exactly four cards.
    """
    hand = parse_cards(cards)
    if len(hand) != 4:
        shown = (" ".join(c.pretty() for c in hand[:8]) + (" …" if len(hand) > 8 else "")
                 or "no cards")
        raise CardError(
            f"a Badugi hand has exactly four cards; {len(hand)} were given: {shown}"
        )
    if not keep_order:
        hand.sort()
    return hand


def _build_class_of_rankmask() -> list[int]:
    table = [CLASS_COUNT] * (1 << 13)
    for index, ranks in enumerate(_RANKS_OF_CLASS):
        table[sum(1 << (r - 1) for r in ranks)] = index
    return table


_CLASS_OF_RANKMASK = _build_class_of_rankmask()
"""Class index of a set of distinct counting ranks, by 13-bit rank mask (bit r-1 for rank r)."""

_SUBSETS_BY_PATTERN: dict[int, tuple[tuple[int, ...], ...]] = {}
""":func:`rainbow_subsets` remembered per pattern (which sorted neighbours share a rank, and
the four suits): at most 8 x 256 patterns."""


def _best_of_indices(indices: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The class index and counting positions of four card indices in ascending order.

    Among the largest rainbow subsets (BDG-RANK-2) the lowest counts (BDG-RANK-3); among
    equally low ones the first in canonical card order is shown (which one is shown never
    changes the value, BDG-RANK-7).
    """
    a, b, c, d = indices
    ranks = (a >> 2, b >> 2, c >> 2, d >> 2)
    suits = (a & 3, b & 3, c & 3, d & 3)
    pattern = (suits[0] | suits[1] << 2 | suits[2] << 4 | suits[3] << 6
               | (ranks[0] != ranks[1]) << 8 | (ranks[1] != ranks[2]) << 9
               | (ranks[2] != ranks[3]) << 10)
    subsets = _SUBSETS_BY_PATTERN.get(pattern)
    if subsets is None:
        subsets = _SUBSETS_BY_PATTERN[pattern] = _rainbow_subsets(ranks, suits)
    best_class = CLASS_COUNT
    best_sub: tuple[int, ...] = ()
    for sub in subsets:
        rank_bits = 0
        for i in sub:
            rank_bits |= 1 << ranks[i]
        cls = _CLASS_OF_RANKMASK[rank_bits]
        if cls < best_class:
            best_class, best_sub = cls, sub
    return best_class, best_sub


def class_index_of(cards: CardsLike | int) -> int:
    """Only the class index of four cards (text, cards, a CardSet or a 52-bit mask).

    The quick form for engines: ``class_index_of(mask_a) < class_index_of(mask_b)`` means
    hand a beats hand b.

    >>> class_index_of(0b1111 << 48)      # KC KD KH KS
    1091
    """
    if isinstance(cards, int):
        if type(cards) is not int and not isinstance(cards, bool):
            cards = int.__int__(cards)  # the plain number, whatever a subclass says
        if isinstance(cards, bool) or cards.bit_count() != 4 or not 0 < cards < 1 << 52:
            raise CardError(
                f"a Badugi hand as a mask is a 52-bit number with exactly four bits set, "
                f"not {quoted(cards)}")
        indices = []  # a loop here, not cards.mask_indices: this is the engines' hot path
        while cards:
            low = cards & -cards
            indices.append(low.bit_length() - 1)
            cards ^= low
        return _best_of_indices(indices)[0]
    return _best_of_indices([c.index for c in _read_hand(cards)])[0]


def _build_all_hands() -> tuple[array[int], array[int], tuple[int, ...]]:
    """Every hand's mask and class, built from :func:`rainbow_subsets` and the class numbering.

    A hand's class depends only on its ranks and on which of its cards share suits.  So the
    hands are produced one rank multiset at a time (1,820 of them): the rank multiset fixes a
    *shape* (how many cards of each rank), every suit choice of that shape is reduced once to
    its "family" of largest rainbow position subsets (BDG-RANK-2), and each family's counting
    set is the one with the lowest class (BDG-RANK-3).  Which set that is depends only on the
    shape: the ranks of a shape's groups rise from the first group to the last, and classes
    compare the counting ranks from the highest down (BDG-RANK-6), so the set found with the
    ranks 1, 2, 3, 4 is the lowest for every rank multiset of the shape.  Per rank multiset
    only the families' classes are looked up; the suit choices' masks and classes are then
    written a whole rank multiset at a time (the masks as one big number with a 64-bit lane
    per hand, the classes by translating each suit choice's family number).
    """
    class_of_rankmask = _CLASS_OF_RANKMASK
    low_byte = bytes(c & 255 for c in range(CLASS_COUNT)).__getitem__
    high_byte = bytes(c >> 8 for c in range(CLASS_COUNT)).__getitem__
    masks: array[int] = array("Q")
    low_parts: list[bytes] = []
    high_parts: list[bytes] = []
    counts = [0] * CLASS_COUNT
    for shape in _SHAPES:
        groups = len(shape)
        group_of_position = [g for g, m in enumerate(shape) for _ in range(m)]
        suit_choices = list(product(*(combinations(range(4), m) for m in shape)))
        families: dict[tuple[int, ...], int] = {}
        family_of_choice = bytearray()
        for choice in suit_choices:
            subs = _rainbow_subsets(group_of_position, sum(choice, ()))
            key = tuple(sum(1 << i for i in sub) for sub in subs)  # 4-bit position sets
            family_of_choice.append(families.setdefault(key, len(families)))
        family_sizes = [family_of_choice.count(f) for f in range(len(families))]
        family_bytes = bytes(family_of_choice)
        # each family's counting groups (as a set of group bits): its lowest set, found with
        # the ranks 1 .. groups
        counting = []
        for family in families:
            group_sets = [tuple(group_of_position[i] for i in range(4) if p >> i & 1)
                          for p in family]
            lowest = min(group_sets, key=lambda gs: _index_of_ranks([g + 1 for g in gs[::-1]]))
            counting.append(sum(1 << g for g in lowest))
        pick, one_family = itemgetter(*counting), len(counting) == 1
        # one lane of 64 bits per suit choice: each group's suits, at rank 0
        lanes = [sum(sum(1 << s for s in choice[g]) << (64 * i)
                     for i, choice in enumerate(suit_choices)) for g in range(groups)]
        size = 8 * len(suit_choices)
        pad = bytes(256 - len(families))
        for ranks in combinations(range(13), groups):
            rank_masks = [0]  # the rank mask of every set of groups, by its group bits
            for r in ranks:
                rank_masks += [m | 1 << r for m in rank_masks]
            found = pick([class_of_rankmask[m] for m in rank_masks])
            family_class = (found,) if one_family else found
            for cls, n in zip(family_class, family_sizes):
                counts[cls] += n
            hands = 0
            for lane, r in zip(lanes, ranks):
                hands |= lane << (4 * r)
            masks.frombytes(hands.to_bytes(size, "little"))
            low_parts.append(family_bytes.translate(bytes(map(low_byte, family_class)) + pad))
            high_parts.append(family_bytes.translate(bytes(map(high_byte, family_class)) + pad))
    both = bytearray(2 * len(masks))
    both[0::2] = b"".join(low_parts)
    both[1::2] = b"".join(high_parts)
    classes: array[int] = array("H")
    classes.frombytes(both)
    if sys.byteorder == "big":  # the bytes were written little-endian
        masks.byteswap()
        classes.byteswap()
    return masks, classes, tuple(counts)


_SHAPES = ((1, 1, 1, 1), (1, 1, 2), (1, 2, 1), (2, 1, 1), (1, 3), (2, 2), (3, 1), (4,))
"""How four cards in canonical order split into ranks, lowest rank first (every split of 4
into parts in order), the shapes with more ranks first."""
