"""Badugi ranking against the oracle: pokerkit ranks every one of the 270,725 hands.

pokerkit (a test-only dependency) is the reference named in badugi.md: its
``BadugiHand.from_game`` (ace-to-five) compares GREATER for the stronger hand.  Sorting all
hands by our class index and checking each neighbouring pair against pokerkit proves that
both orders agree on every hand (BDG-RANK-1..7): equal classes are equal pokerkit hands,
and a lower class is a strictly stronger pokerkit hand.  Takes about 20 s (pokerkit's own
evaluation of all hands).
"""
from __future__ import annotations

import pytest

from rulebook.cards import ALL_CARDS
from rulebook.games.badugi import CLASS_COUNT, HAND_COUNT, all_hands, evaluate, ranks_of_class

pokerkit = pytest.importorskip("pokerkit")

_POKERKIT_TEXT = [c.rank_letter + c.suit.lower() for c in ALL_CARDS]
_RANK_OF_LETTER = {letter: i + 1 for i, letter in enumerate("A23456789TJQK")}


def _text(mask: int) -> str:
    out = []
    while mask:
        low = mask & -mask
        out.append(_POKERKIT_TEXT[low.bit_length() - 1])
        mask ^= low
    return "".join(out)


@pytest.mark.clause("BDG-RANK-1", "BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-4", "BDG-RANK-5",
                    "BDG-RANK-6", "BDG-RANK-7")
def test_every_hand_ranks_as_pokerkit_ranks_it() -> None:
    hands = all_hands()
    from_game = pokerkit.BadugiHand.from_game
    theirs = [from_game(_text(m)) for m in hands.masks]
    assert len(theirs) == HAND_COUNT
    classes = hands.classes
    # our counting ranks are pokerkit's counting ranks, hand by hand
    for cls, hand in zip(classes, theirs):
        ranks = sorted((_RANK_OF_LETTER[c.rank.value] for c in hand.cards), reverse=True)
        assert tuple(ranks) == ranks_of_class(cls), (hand, cls)
    # the same order: neighbours in our order are equal or strictly weaker in pokerkit's
    order = sorted(range(HAND_COUNT), key=classes.__getitem__)
    previous = order[0]
    assert classes[previous] == 0
    for i in order[1:]:
        if classes[i] == classes[previous]:
            assert theirs[i] == theirs[previous], (theirs[i], theirs[previous])
        else:
            assert classes[i] == classes[previous] + 1  # no class is empty
            assert theirs[previous] > theirs[i], (theirs[previous], theirs[i])
        previous = i
    assert classes[previous] == CLASS_COUNT - 1


@pytest.mark.clause("BDG-EX-1", "BDG-EX-2")
def test_worked_examples_agree_with_pokerkit() -> None:
    def theirs(text: str):
        return pokerkit.BadugiHand.from_game("".join(t[0] + t[1].lower() for t in text.split()))

    for a, b in [("AC 2D 3H 4S", "AC 2D 3H 5S"), ("9C TD JH KS", "AC 2C 3H 4S"),
                 ("8C 7D 6H 6S", "AC AD 5H 9S"), ("KC 2C 3D 4H", "AD 5C 6H 6S"),
                 ("KC QC KD QD", "2H 5H 9H KH")]:
        assert evaluate(a) < evaluate(b) and theirs(a) > theirs(b)
    assert evaluate("AC 2D 3H 4S") == evaluate("AS 2H 3D 4C")
    assert theirs("AC 2D 3H 4S") == theirs("AS 2H 3D 4C")
