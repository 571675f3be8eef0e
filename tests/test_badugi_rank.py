"""Badugi hand ranking: BDG-RANK-1..7 and the worked examples BDG-EX-1, BDG-EX-2."""
from __future__ import annotations

import json
import pickle
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cards import ALL_CARDS, Card, CardSet, rank_mask, suit_mask
from rulebook.errors import CardError
from rulebook.games.badugi import (
    CLASS_COUNT,
    CLASS_RANGES,
    HAND_COUNT,
    BadugiValue,
    all_hands,
    class_frame,
    class_index_of,
    class_index_of_ranks,
    class_table,
    class_words,
    classes_near,
    compare,
    evaluate,
    explain_comparison,
    rainbow_subsets,
    ranks_of_class,
    standing,
)
from rulebook.games.badugi import ranking

R = {letter: i + 1 for i, letter in enumerate("A23456789TJQK")}


def ranks(text: str) -> tuple[int, ...]:
    """'4-3-2-A' -> (4, 3, 2, 1)."""
    return tuple(R[x] for x in text.split("-"))


def cards(text: str) -> set[Card]:
    return {Card(t) for t in text.split()}


# ------------------------------------------------------------------ BDG-EX-1 (RANK-2..4)

EX1 = [
    # hand, size, ranks, cards that must count, cards that must not count
    ("AC 2D 3H 4S", 4, "4-3-2-A", "AC 2D 3H 4S", ""),
    ("KC 2C 3D 4H", 3, "4-3-2", "2C 3D 4H", "KC"),
    ("AC 2C 3H 4S", 3, "4-3-A", "AC 3H 4S", "2C"),
    ("KC QD JH AC", 3, "Q-J-A", "QD JH AC", "KC"),
    ("AC AS 3H 3D", 2, "3-A", "", ""),
    ("KC QC KD QD", 2, "K-Q", "", ""),
    ("2H 5H 9H KH", 1, "2", "2H", "5H 9H KH"),
]
SIZE_WORDS = {4: "badugi", 3: "three-card hand", 2: "two-card hand", 1: "one-card hand"}


@pytest.mark.clause("BDG-EX-1", "BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-4")
@pytest.mark.parametrize("hand, size, rank_text, counting, not_counting", EX1)
def test_BDG_EX_1_valuing_single_hands(hand: str, size: int, rank_text: str, counting: str,
                                       not_counting: str) -> None:
    value = evaluate(hand)
    assert value.count == size == len(value.counting_cards)
    assert value.ranks == ranks(rank_text)
    assert value.words() == f"{SIZE_WORDS[size]} {rank_text}"
    assert tuple(c.rank for c in value.counting_cards) == value.ranks  # high to low
    assert cards(counting) <= set(value.counting_cards)
    assert not cards(not_counting) & set(value.counting_cards)
    assert set(value.counting_cards) | set(value.discards) == cards(hand)
    assert value.class_index == class_index_of_ranks(ranks(rank_text))


@pytest.mark.clause("BDG-EX-1", "BDG-RANK-2")
def test_BDG_EX_1_two_card_hands_count_one_card_of_each_rank_and_suit() -> None:
    for hand in ("AC AS 3H 3D", "KC QC KD QD"):
        value = evaluate(hand)
        assert len({c.suit for c in value.counting_cards}) == 2
        assert len({c.rank for c in value.counting_cards}) == 2


@pytest.mark.clause("BDG-EX-1", "BDG-RANK-3")
def test_BDG_EX_1_explanations_name_the_discards_and_why() -> None:
    lines = evaluate("AC 2C 3H 4S").explain().lines
    assert ("2♣ does not count: it shares clubs with A♣, and keeping A♣ gives the lower hand "
            "(4♠ 3♥ 2♣ would make the three-card hand 4-3-2).") in lines
    lines = evaluate("KC 2C 3D 4H").explain().lines
    assert ("K♣ does not count: it shares clubs with 2♣, and keeping 2♣ gives the lower hand "
            "(K♣ 4♥ 3♦ would make the three-card hand K-4-3).") in lines
    explanation = evaluate("KC QC KD QD").explain()
    qd = [line for line in explanation.lines if line.startswith("Q♦ does not count")]
    assert qd and "shares diamonds with K♦ and a rank with Q♣" in qd[0]
    assert "K♣ Q♦ would count instead and make the same hand" in qd[0]
    explanation = evaluate("AC AS 3H 3D").explain()
    assert any(line.startswith("A♠ does not count: it shares a rank with A♣")
               for line in explanation.lines)
    assert "BDG-RANK-7" in explanation.clauses  # suits never matter: either ace gives the same
    assert explanation.reason == "A♣ A♠ 3♥ 3♦ is the two-card hand 3-A: 3♦ and A♣ count."


# ------------------------------------------------------------------ BDG-EX-2 (RANK-5..7)

EX2 = [
    ("AC 2D 3H 4S", "AC 2D 3H 5S", -1, "rank", 0),
    ("9C TD JH KS", "AC 2C 3H 4S", -1, "count", None),
    ("8C 7D 6H 6S", "AC AD 5H 9S", -1, "rank", 0),
    ("KC 2C 3D 4H", "AD 5C 6H 6S", -1, "rank", 0),
    ("KC QC KD QD", "2H 5H 9H KH", -1, "count", None),
    ("AC 2D 3H 4S", "AS 2H 3D 4C", 0, "tie", None),
]
STEP_CLAUSE = {"count": "BDG-RANK-5", "rank": "BDG-RANK-6", "tie": "BDG-RANK-7"}


@pytest.mark.clause("BDG-EX-2", "BDG-RANK-5", "BDG-RANK-6", "BDG-RANK-7")
@pytest.mark.parametrize("a, b, result, step, position", EX2)
def test_BDG_EX_2_comparing_hands(a: str, b: str, result: int, step: str,
                                  position: int | None) -> None:
    assert compare(a, b) == result
    assert compare(b, a) == -result
    va, vb = evaluate(a), evaluate(b)
    assert (va < vb) == (result < 0) and (va == vb) == (result == 0) and not vb < va
    comparison = explain_comparison(a, b)
    assert comparison.result == result and comparison.step == step
    assert comparison.position == position
    assert STEP_CLAUSE[step] in comparison.clauses
    assert comparison.winner == (va if result < 0 else None)
    swapped = explain_comparison(b, a)
    assert swapped.result == -result and swapped.step == step


@pytest.mark.clause("BDG-EX-2")
def test_BDG_EX_2_named_values() -> None:
    assert evaluate("AC 2D 3H 4S").rank_text() == "4-3-2-A"
    assert evaluate("AC 2D 3H 5S").rank_text() == "5-3-2-A"
    assert evaluate("9C TD JH KS").is_badugi and evaluate("AC 2C 3H 4S").count == 3
    assert evaluate("8C 7D 6H 6S").rank_text() == "8-7-6"
    assert evaluate("AC AD 5H 9S").rank_text() == "9-5-A"
    assert evaluate("KC 2C 3D 4H").rank_text() == "4-3-2"
    assert evaluate("AD 5C 6H 6S").rank_text() == "6-5-A"
    assert evaluate("KC QC KD QD").words() == "two-card hand K-Q"
    assert evaluate("2H 5H 9H KH").words() == "one-card hand 2"


@pytest.mark.clause("BDG-EX-2", "BDG-RANK-6")
def test_BDG_EX_2_reason_names_the_deciding_ranks() -> None:
    reason = explain_comparison("AC 2D 3H 4S", "AC 2D 3H 5S").reason
    assert reason.startswith("A♣ 2♦ 3♥ 4♠ (badugi 4-3-2-A) beats A♣ 2♦ 3♥ 5♠ (badugi 5-3-2-A)")
    assert "highest rank, where 4 is lower than 5" in reason
    reason = explain_comparison("AC 2C 3H 4S", "9C TD JH KS").reason
    assert reason.startswith("9♣ 10♦ J♥ K♠ (badugi K-J-10-9) beats A♣ 2♣ 3♥ 4♠")
    assert "4 counting cards beat 3" in reason
    tie = explain_comparison("AC 2D 3H 4S", "AS 2H 3D 4C")
    assert " ties " in tie.reason and "never break a tie" in tie.reason


# ------------------------------------------------------------------ clauses one by one


@pytest.mark.clause("BDG-RANK-1")
def test_BDG_RANK_1_aces_low_no_straights_suits_unordered() -> None:
    assert evaluate("AC 2D 3H 4S").class_index == 0          # aces low: A-2-3-4 is best
    assert evaluate("2C 3D 4H 5S").beats("AC 3D 4H 5S") is False  # 5-4-3-2 is no straight:
    assert evaluate("AC 3D 4H 5S").beats("2C 3D 4H 5S")           # 5-4-3-A beats it
    assert evaluate("KC KD KH KS").class_index == CLASS_COUNT - 1  # king is the highest rank
    # no suit is better than another: every suit assignment of A-2-3-4 ties
    values = {evaluate([Card(r + s) for r, s in zip("A234", perm)]).class_index
              for perm in __import__("itertools").permutations("CDHS")}
    assert values == {0}
    assert compare("2C 5C 9C KC", "2S 5S 9S KS") == 0


@pytest.mark.clause("BDG-RANK-2")
def test_BDG_RANK_2_exactly_four_distinct_cards() -> None:
    with pytest.raises(CardError, match="a Badugi hand has exactly four cards; 5 were given: "
                                        "A♣ 2♦ 3♥ 4♠ 5♣"):
        evaluate("AC 2D 3H 4S 5C")
    with pytest.raises(CardError, match="3 were given: A♣ 2♦ 3♥"):
        evaluate("AC 2D 3H")
    with pytest.raises(CardError, match="0 were given: no cards"):
        evaluate("")
    with pytest.raises(CardError, match="given twice"):
        evaluate("AC AC 3H 4S")
    with pytest.raises(CardError, match="is not a card"):
        evaluate("AC 2D 3H 1S")
    with pytest.raises(CardError):
        evaluate(12345)  # type: ignore[arg-type]
    for bad_mask in (0b11111, 0b111, 1 << 52 | 0b111, -15, True):
        with pytest.raises(CardError, match="exactly four bits set"):
            class_index_of(bad_mask)
    for bad in ([], [5, 4, 3, 2, 1], [1, 1], [0], [14]):
        with pytest.raises(CardError):
            class_index_of_ranks(bad)
    for bad in (-1, CLASS_COUNT, "0"):
        with pytest.raises(CardError):
            ranks_of_class(bad)  # type: ignore[arg-type]


@pytest.mark.clause("BDG-RANK-2")
def test_BDG_RANK_2_every_input_form_gives_the_same_value() -> None:
    forms = ["AC 2D 3H 4S", "4s,3h 2d ac", ["AC", "2D", "3H", "4S"],
             [Card("4S"), Card("3H"), Card("2D"), Card("AC")], CardSet.parse("AC 2D 3H 4S"),
             "A♣ 2♦ 3♥ 4♠"]
    values = [evaluate(f) for f in forms]
    assert {v.class_index for v in values} == {0}
    assert all(set(v.counting_cards) == cards("AC 2D 3H 4S") for v in values)
    assert evaluate(values[0]) is values[0]
    assert class_index_of(CardSet.parse("KC 2C 3D 4H").mask) == 718
    assert evaluate("KC 2C 3D 4H").cards == tuple(Card(t) for t in "KC 2C 3D 4H".split())
    assert evaluate("KC 2C 3D 4H").hand == CardSet.parse("KC 2C 3D 4H")


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-4")
def test_BDG_RANK_2_rainbow_subsets_of_positions() -> None:
    assert rainbow_subsets((1, 2, 3, 4), (0, 1, 2, 3)) == ((0, 1, 2, 3),)
    assert rainbow_subsets((1, 2, 3, 4), (0, 0, 2, 3)) == ((0, 2, 3), (1, 2, 3))
    assert rainbow_subsets((5, 5, 5, 5), (0, 1, 2, 3)) == ((0,), (1,), (2,), (3,))
    assert rainbow_subsets((1, 1, 3, 3), (0, 3, 2, 1)) == ((0, 2), (0, 3), (1, 2), (1, 3))


@pytest.mark.clause("BDG-RANK-3")
def test_BDG_RANK_3_the_lowest_largest_subset_counts() -> None:
    # {AC, 3H, 4S} and {2C, 3H, 4S} are both largest; the lower one (4-3-A) counts
    value = evaluate("AC 2C 3H 4S")
    assert Card("AC") in value.counting_cards and Card("2C") not in value.counting_cards
    # a low card of a shared suit beats a lower-looking pair: 5C 6C 7D 8H counts 8-7-5
    assert evaluate("5C 6C 7D 8H").rank_text() == "8-7-5"
    # {AC, 2D, 9H} and {AC, 2D, TH} are both largest: 9-2-A counts, not T-2-A
    assert evaluate("AC 2D 9H TH").rank_text() == "9-2-A"


@pytest.mark.clause("BDG-RANK-4")
def test_BDG_RANK_4_sizes_and_one_card_hands_exactly_single_suit_or_rank() -> None:
    hands = all_hands()
    singles = {suit_mask(s) for s in "CDHS"}
    one_suit_or_rank = 0
    for mask, cls in hands:
        single = any(mask & s == mask for s in singles) or mask in _RANK_MASKS
        one_suit_or_rank += single
        assert single == (cls in CLASS_RANGES[1])
    assert one_suit_or_rank == 4 * 715 + 13 == 2873
    assert evaluate("9C 9D 9H 9S").words() == "one-card hand 9"
    assert evaluate("9C 9D 9H 8S").count == 2
    assert evaluate("9C TC JC KD").count == 2
    assert evaluate("AC 2D 3H 4S").is_badugi and not evaluate("AC 2D 3H 4H").is_badugi


_RANK_MASKS = {rank_mask(r) for r in range(1, 14)}


@pytest.mark.clause("BDG-RANK-4", "BDG-RANK-5")
def test_BDG_RANK_5_class_and_hand_counts_per_size() -> None:
    hands = all_hands()
    assert len(hands) == HAND_COUNT == 270_725
    assert len(set(hands.masks)) == HAND_COUNT
    assert all(m.bit_count() == 4 for m in hands.masks)
    assert hands.class_counts_by_size() == {4: 715, 3: 286, 2: 78, 1: 13}
    assert hands.hand_counts_by_size() == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    assert sum(hands.class_counts) == HAND_COUNT and all(hands.class_counts)
    # BDG-RANK-5: every hand with more counting cards has a lower (better) class
    for k in (4, 3, 2):
        assert max(CLASS_RANGES[k]) < min(CLASS_RANGES[k - 1])


@pytest.mark.clause("BDG-RANK-5")
def test_BDG_RANK_5_more_counting_cards_win_whatever_the_ranks() -> None:
    assert evaluate("KC QD JH TS").beats("AC 2D 3H 3S")     # worst badugi vs best three
    assert evaluate("KC QD JH JS").beats("AC 2D 2H 2S")     # worst three vs best two
    assert evaluate("KC QC KD QD").beats("AC 2C 3C 4C")     # worst two vs best one
    assert explain_comparison("KC QD JH TS", "AC 2D 3H 3S").clauses == ("BDG-RANK-5",)


@pytest.mark.clause("BDG-RANK-6")
def test_BDG_RANK_6_the_first_difference_from_the_top_decides() -> None:
    cases = [("AC 2D 3H 6S", "AC 2D 4H 5S", 1, 0),   # 6-3-2-A loses to 5-4-2-A at the top
             ("AC 2D 4H 6S", "AC 3D 4H 6S", -1, 2),  # 6-4-2-A beats 6-4-3-A at the third
             ("AC 3D 4H 6S", "2C 3D 4H 6S", -1, 3),  # the lowest rank decides last
             ("2C 5D 5H 5S", "3C 5D 5H 5S", -1, 1)]
    for a, b, result, position in cases:
        comparison = explain_comparison(a, b)
        assert (comparison.result, comparison.position, comparison.step) == (result, position, "rank")
        assert comparison.clauses == ("BDG-RANK-5", "BDG-RANK-6")
    assert "at the lowest rank, where A is lower than 2" in explain_comparison(*cases[2][:2]).reason
    assert "at the only rank" in explain_comparison("2C 5C 6C 7C", "3C 5C 6C 7C").reason


def test_class_index_numbering_is_a_bijection_in_rank_order() -> None:
    """The class numbering follows BDG-RANK-5/6 exactly (checked on all 1,092 classes)."""
    seen = []
    for k in (4, 3, 2, 1):
        lists = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(1, 14), k))
        for rank_list in lists:
            seen.append(class_index_of_ranks(rank_list))
            assert ranks_of_class(seen[-1]) == rank_list
    assert seen == list(range(CLASS_COUNT))
    assert class_words(0) == "badugi 4-3-2-A" and class_words(CLASS_COUNT - 1) == "one-card hand K"
    assert class_words(715) == "three-card hand 3-2-A"


@pytest.mark.clause("BDG-RANK-7")
def test_BDG_RANK_7_suits_and_non_counting_cards_never_break_a_tie() -> None:
    assert evaluate("AC 2D 3H 4S") == evaluate("AS 2H 3D 4C")
    assert hash(evaluate("AC 2D 3H 4S")) == hash(evaluate("AS 2H 3D 4C"))
    assert evaluate("KC 2C 3D 4H") == evaluate("5C 2C 3D 4H")   # different dead card
    assert evaluate("AC AS 3H 3D") == evaluate("AD 3C 3S 3H")
    assert evaluate("AC 2D 3H 4S").ties("AS 2H 3D 4C")
    assert not evaluate("AC 2D 3H 4S") < evaluate("AS 2H 3D 4C")
    assert evaluate("AC 2D 3H 4S") <= evaluate("AS 2H 3D 4C")
    tie = explain_comparison("KC 2C 3D 4H", "QC 2C 3D 4H")
    assert tie.step == "tie" and tie.winner is None and "BDG-RANK-7" in tie.clauses


# ------------------------------------------------------------------ explanations, words


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-4")
def test_explain_lines_and_clauses() -> None:
    explanation = evaluate("2H 5H 9H KH").explain()
    assert explanation.reason == "2♥ 5♥ 9♥ K♥ is the one-card hand 2: only 2♥ counts."
    assert "Only one card can count, because all four cards are hearts." in explanation.lines
    assert ("K♥ does not count: it shares hearts with 2♥, and keeping 2♥ gives the lower hand "
            "(K♥ would make the one-card hand K).") in explanation.lines
    assert len(explanation.line_clauses) == len(explanation.lines)
    assert set(explanation.clauses) == {i for ids in explanation.line_clauses for i in ids}
    assert "all four cards are kings" in str(evaluate("KC KD KH KS").explain())
    badugi = evaluate("AC 2D 3H 4S").explain()
    assert badugi.lines[1].startswith("All four cards have different suits and different ranks")
    assert list(badugi) == list(badugi.lines)
    assert "the worst" in badugi.lines[-1] and "class 1 of 1,092" in badugi.lines[-1]


def test_value_is_immutable_picklable_and_readable() -> None:
    value = evaluate("KC 2C 3D 4H")
    with pytest.raises(AttributeError):
        value.class_index = 0  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(value))
    assert again == value and again.cards == value.cards
    assert repr(value) == "<BadugiValue KC 2C 3D 4H: three-card hand 4-3-2, class 719 of 1,092>"
    assert str(value) == "three-card hand 4-3-2"
    assert "opacity" in value._repr_html_() and "4-3-2" in value._repr_html_()
    assert (value == "KC 2C 3D 4H") is False
    with pytest.raises(TypeError):
        value < 3  # type: ignore[operator]  # noqa: B015


# ------------------------------------------------------------------ all hands, standing


def test_all_hands_agree_with_evaluate_on_every_hand() -> None:
    hands = all_hands()
    assert all_hands() is hands  # built once, kept in memory
    assert all(class_index_of(m) == c for m, c in hands)
    assert all(ranking._best_of_indices([x.index for x in CardSet(m)])[0] == c
               for m, c in list(hands)[::97])


def test_standing_counts_hands_better_tied_and_worse() -> None:
    best = standing("AC 2D 3H 4S")
    assert (best.beaten_by, best.ties, best.beats) == (0, 23, HAND_COUNT - 24)
    worst = evaluate("KC KD KH KS").standing()
    assert (worst.beaten_by, worst.ties, worst.beats) == (HAND_COUNT - 1, 0, 0)
    assert worst.percentile == 0.0 and worst.top_percent == 100.0
    mid = standing("KC 2C 3D 4H")
    classes = all_hands().classes
    assert mid.beaten_by == sum(1 for c in classes if c < 718)
    assert mid.ties == sum(1 for c in classes if c == 718) - 1
    assert mid.beaten_by + mid.ties + mid.beats + 1 == mid.total == HAND_COUNT
    assert standing("AC 2D 3H 3S").beaten_by == 17_160  # exactly the badugis beat 3-2-A
    assert standing("AC 2D 3H 3S").ties == all_hands().class_counts[715] - 1
    assert "class 719 of 1,092" in mid.reason and "17,160" not in mid.reason
    assert str(mid) == mid.reason
    assert 0 < mid.percentile < 100


def test_class_table_rows() -> None:
    rows = class_table()
    assert len(rows) == CLASS_COUNT and [r.class_index for r in rows] == list(range(CLASS_COUNT))
    assert sum(r.hands for r in rows) == HAND_COUNT
    assert rows[0].words == "badugi 4-3-2-A" and rows[0].hands == 24 and rows[0].beaten_by == 0
    assert rows[1001].words == "two-card hand 2-A"
    for row in rows[::37] + rows[-13:]:
        assert evaluate(row.example).class_index == row.class_index
        assert row.count == len(row.ranks) and row.words == class_words(row.class_index)
    assert all(rows[i + 1].beaten_by == rows[i].beaten_by + rows[i].hands
               for i in range(CLASS_COUNT - 1))
    hands = all_hands().hands_in_class(0)
    assert len(hands) == 24 and all(evaluate(h).class_index == 0 for h in hands)
    assert len(all_hands().hands_in_class(1091)) == 1


def test_class_frame_is_a_dataframe() -> None:
    frame = class_frame()
    assert frame.shape == (CLASS_COUNT, 6)
    assert frame.loc[0, "words"] == "badugi 4-3-2-A" and frame["hands"].sum() == HAND_COUNT


def test_importing_badugi_is_light_and_builds_no_table() -> None:
    probe = ("import sys, json, rulebook.games.badugi as b\n"
             "from rulebook.games.badugi import ranking\n"
             "b.evaluate('AC 2D 3H 4S')\n"
             "print(json.dumps([ranking._ALL_HANDS is None, sorted(sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    untouched, modules = json.loads(out.stdout)
    assert untouched
    assert not [m for m in modules if m.split(".")[0] in ("numpy", "pandas", "pokerkit")]


# ------------------------------------------------------------------ properties

hands_strategy = st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4, unique=True)


@pytest.mark.clause("BDG-RANK-1", "BDG-RANK-7")
@settings(max_examples=300, deadline=None)
@given(hands_strategy, st.permutations("CDHS"), st.randoms(use_true_random=False))
def test_value_is_invariant_under_suit_permutation_and_card_order(hand, perm, rnd) -> None:
    value = evaluate(hand)
    renamed = [Card(c.rank_letter + perm["CDHS".index(c.suit)]) for c in hand]
    rnd.shuffle(renamed)
    other = evaluate(renamed)
    assert other.class_index == value.class_index and other.ranks == value.ranks
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert set(evaluate(shuffled).counting_cards) == set(value.counting_cards)


def _rainbow(sub: tuple[Card, ...]) -> bool:
    return len({c.suit for c in sub}) == len(sub) == len({c.rank for c in sub})


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3")
@settings(max_examples=300, deadline=None)
@given(hands_strategy)
def test_counting_cards_are_a_lowest_largest_rainbow_subset(hand) -> None:
    value = evaluate(hand)
    subsets = [s for k in range(1, 5) for s in combinations(hand, k) if _rainbow(s)]
    largest = max(len(s) for s in subsets)
    assert _rainbow(value.counting_cards) and value.count == largest
    lowest = min(sorted((c.rank for c in s), reverse=True) for s in subsets if len(s) == largest)
    assert list(value.ranks) == lowest


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-7")
@settings(max_examples=200, deadline=None)
@given(hands_strategy)
def test_every_discard_reason_is_true(hand) -> None:
    """Each non-counting card's kind is checked by brute force over the subsets of the hand
    (tests/test_explanation_claims.py checks it over thousands more hands)."""
    value = evaluate(hand)
    explanation = value.explain()
    assert [n.card for n in explanation.not_counting] == list(value.discards)
    for item in explanation.not_counting:
        assert item.sentence in explanation.lines and item.sentence.startswith(
            f"{item.card.pretty()} does not count")
        same_size = [s for s in combinations(hand, value.count)
                     if item.card in s and _rainbow(s)]
        if item.kind == "fewer":
            assert not same_size
            continue
        best = min(sorted((c.rank for c in s), reverse=True) for s in same_size)
        assert sorted((c.rank for c in item.alternative), reverse=True) == best
        if item.kind == "same":
            assert best == list(value.ranks)
        else:
            assert item.kind == "higher" and best > list(value.ranks)


@pytest.mark.clause("BDG-RANK-5", "BDG-RANK-6", "BDG-RANK-7")
@settings(max_examples=300, deadline=None)
@given(hands_strategy, hands_strategy)
def test_comparison_follows_count_then_ranks(a, b) -> None:
    va, vb = evaluate(a), evaluate(b)
    comparison = explain_comparison(va, vb)
    expected = (-va.count, va.ranks) < (-vb.count, vb.ranks)
    assert (comparison.result < 0) == expected == (va < vb)
    assert comparison.result == compare(a, b) == -compare(b, a)
    if va.count != vb.count:
        assert comparison.step == "count"
    elif va.ranks != vb.ranks:
        assert comparison.step == "rank"
        p = comparison.position
        assert va.ranks[:p] == vb.ranks[:p] and va.ranks[p] != vb.ranks[p]
    else:
        assert comparison.step == "tie" and va == vb


def test_classes_near_a_hand() -> None:
    rows = classes_near("KC 2C 3D 4H", before=2, after=1)
    assert [r.class_index for r in rows] == [716, 717, 718, 719]
    assert rows[2].words == "three-card hand 4-3-2"
    assert [r.class_index for r in classes_near(0)] == [0, 1, 2, 3]
    assert [r.class_index for r in classes_near(1091, after=5)] == [1088, 1089, 1090, 1091]
    with pytest.raises(CardError):
        classes_near(5000)
    with pytest.raises(ValueError):
        classes_near(3, before=-1)
