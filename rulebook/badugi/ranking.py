"""Badugi hand ranking (BDG-RANK-1..7; worked examples BDG-EX-1, BDG-EX-2).

A hand is valued on exactly four cards (BDG-RANK-2).  Its counting cards are a largest
subset with no two cards of one suit and no two of one rank; among several largest subsets
the one with the lowest ranks counts (BDG-RANK-3).  More counting cards win (BDG-RANK-5),
then the counting ranks compared from the highest down, lower winning (BDG-RANK-6); equal
ranks tie (BDG-RANK-7).  Aces are low and suits have no order (BDG-RANK-1).
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from ..cards import Card, CardSet, CardsLike, RANKS, parse_cards
from ..errors import CardError

__all__ = ["BadugiValue", "evaluate", "compare", "all_hands", "CLASS_COUNT"]

CLASS_COUNT = 1092
_OFFSET = {4: 0, 3: 715, 2: 715 + 286, 1: 715 + 286 + 78}


def _class_index(ranks: tuple[int, ...]) -> int:
    k = len(ranks)
    return _OFFSET[k] + sum(comb(r - 1, k - i) for i, r in enumerate(ranks))


class BadugiValue:
    """The value of a four-card Badugi hand; ``a < b`` means ``a`` beats ``b``."""

    __slots__ = ("cards", "counting_cards", "ranks", "class_index")

    def __init__(self, cards: tuple[Card, ...], counting: tuple[Card, ...]) -> None:
        self.cards = cards
        self.counting_cards = counting
        self.ranks = tuple(c.rank for c in counting)
        self.class_index = _class_index(self.ranks)

    @property
    def count(self) -> int:
        """The number of counting cards."""
        return len(self.ranks)

    def __lt__(self, other: "BadugiValue") -> bool:
        return self.class_index < other.class_index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BadugiValue):
            return NotImplemented
        return self.class_index == other.class_index

    def __hash__(self) -> int:
        return self.class_index


def evaluate(cards: CardsLike) -> BadugiValue:
    """Value four cards as a Badugi hand."""
    hand = parse_cards(cards)
    if len(hand) != 4:
        raise CardError(f"a Badugi hand has exactly four cards; {len(hand)} were given: {cards!r}")
    best = None
    for k in (4, 3, 2, 1):
        for sub in combinations(sorted(hand), k):
            if len({c.suit for c in sub}) == k and len({c.rank for c in sub}) == k:
                key = sorted((c.rank for c in sub), reverse=True)
                if best is None or key < best[0]:
                    best = (key, sub)
        if best:
            break
    counting = tuple(sorted(best[1], key=lambda c: -c.rank))
    return BadugiValue(tuple(hand), counting)


def compare(a: CardsLike | BadugiValue, b: CardsLike | BadugiValue) -> int:
    """-1 if ``a`` beats ``b``, 0 for a tie, 1 if ``b`` beats ``a``."""
    va = a if isinstance(a, BadugiValue) else evaluate(a)
    vb = b if isinstance(b, BadugiValue) else evaluate(b)
    return (va.class_index > vb.class_index) - (va.class_index < vb.class_index)


def all_hands() -> tuple[list[int], list[int]]:
    """Every four-card hand's mask and class index (slow first version)."""
    masks, classes = [], []
    for combo in combinations(range(52), 4):
        masks.append(sum(1 << i for i in combo))
        classes.append(evaluate([Card.from_index(i) for i in combo]).class_index)
    return masks, classes
