"""The table of all 270,725 Badugi hands, built a rank multiset at a time (issue 21 made the
build faster: each family's counting set is chosen once per shape, the masks and classes are
written a whole rank multiset at a time), agrees hand by hand with the one-hand path."""
from __future__ import annotations

from collections import Counter

import pytest

from rulebook.games.badugi import HAND_COUNT, class_index_of, ranking
from rulebook.games.badugi.classes import _build_all_hands


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-5", "BDG-RANK-6")
def test_every_hand_in_the_table_has_the_class_the_one_hand_path_gives() -> None:
    masks, classes, counts = _build_all_hands()
    assert len(masks) == len(classes) == HAND_COUNT == len(set(masks))
    assert masks.typecode == "Q" and classes.typecode == "H"
    wrong = [(m, c) for m, c in zip(masks, classes) if class_index_of(m) != c]
    assert not wrong, wrong[:5]
    per_class = Counter(classes)
    assert counts == tuple(per_class[i] for i in range(len(counts)))
    assert sum(counts) == HAND_COUNT and min(counts) > 0


_ONES = int("0101" * 13, 2)
_TWOS = int("0011" * 13, 2)


def _cards_per_rank(mask: int) -> int:
    """The number of cards of each rank, one per 4-bit rank field (a rank multiset)."""
    pairs = (mask & _ONES) + (mask >> 1 & _ONES)
    return (pairs & _TWOS) + (pairs >> 2 & _TWOS)


def test_the_table_is_grouped_by_rank_multiset_and_built_afresh_the_same() -> None:
    first = _build_all_hands()
    assert _build_all_hands() == first
    ranks = [_cards_per_rank(m) for m in first[0]]
    changes = sum(1 for a, b in zip(ranks, ranks[1:]) if a != b)
    assert changes == 1820 - 1  # one run of hands per rank multiset
    saved = ranking._ALL_HANDS
    try:
        ranking._ALL_HANDS = None
        assert list(ranking.all_hands().masks) == list(first[0])
    finally:
        ranking._ALL_HANDS = saved
