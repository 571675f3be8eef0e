"""Cards from outside: look-alikes refused (never folded into a card), typed short errors."""
from __future__ import annotations

import itertools

import pytest

from rulebook.cards import (
    MAX_CARDS,
    Card,
    CardSet,
    mask_indices,
    parse_card,
    parse_cards,
    parse_suit,
    rank_mask,
    suit_mask,
)
from rulebook.errors import CardError, quoted

SHORT = 500


def _refused(call: object, *expected: str) -> str:
    with pytest.raises(CardError) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert len(message) <= SHORT, message[:300]
    for words in expected:
        assert words in message, message
    return message


@pytest.mark.parametrize("text", [
    "7ſ",        # long s: str.upper() makes it "S"
    "Kſ",
    "7Ｈ",       # fullwidth H
    "７H",       # fullwidth 7
    "KH".replace("K", "\u212a"),  # Kelvin sign: its lower case is "k"
    "ıH",        # dotless i
    "7H\u0301",  # a combining accent on the suit
    "7\u0301H",
    "7❤",        # another heart
    "7🖤",
    "٧H",        # Arabic-Indic seven
    "T\u200bH",  # a zero-width space inside
])
def test_the_long_s_and_other_look_alikes_are_not_cards(text: str) -> None:
    _refused(lambda: parse_card(text), "is not a card", "expected a rank")


def test_a_heart_with_the_emoji_selector_a_phone_adds_is_the_heart() -> None:
    assert parse_card("7♥\ufe0f") is Card("7H") is parse_card("7♥\ufe0e")
    assert parse_cards("10♠️ J♦️") == [Card("TS"), Card("JD")]


def test_by_suit_of_an_unknown_suit_is_a_card_error() -> None:
    _refused(lambda: CardSet.full().by_suit("X"), "'X' is not a suit", "C D H S")
    _refused(lambda: CardSet.full().by_suit("ſ"), "is not a suit")
    _refused(lambda: CardSet.full().by_suit(None), "is not a suit")  # type: ignore[arg-type]
    assert CardSet.full().by_suit("♥") == CardSet.full().by_suit("h") == CardSet(suit_mask("H"))
    assert parse_suit(" S ") == "S"


def test_a_megabyte_card_is_quoted_cut_short() -> None:
    _refused(lambda: parse_card("7" * 1_000_000 + "H"), "(1,000,001 characters)")
    _refused(lambda: parse_cards(["AC", "AC" * 500_000]), "(1,000,000 characters)")


def test_masks_and_ranks_out_of_range_are_card_errors() -> None:
    _refused(lambda: mask_indices(-1), "not a 52-bit card mask")  # used to loop for ever
    _refused(lambda: mask_indices(1 << 52), "not a 52-bit card mask")
    _refused(lambda: mask_indices("7H"), "not a card mask")  # type: ignore[arg-type]
    _refused(lambda: rank_mask(14), "from 1 (ace) to 13 (king)")
    _refused(lambda: rank_mask(True), "rank True")
    _refused(lambda: Card.from_index(True), "card index True")
    _refused(lambda: Card.from_index(3.0), "card index 3.0")  # type: ignore[arg-type]
    _refused(lambda: CardSet(10 ** 5000), "about 5,001 digits")


def test_issubset_takes_cards_in_any_form_and_refuses_junk() -> None:
    hand = CardSet("3S JS")
    assert hand.issubset("3S JS KH") and hand.issubset(["3S", "JS"])
    assert not hand.issubset(CardSet("3S"))
    _refused(lambda: hand.issubset(5), "cannot read cards")  # type: ignore[arg-type]


def test_endless_iterables_of_cards_end() -> None:
    _refused(lambda: parse_cards(itertools.repeat("AC")), "given twice")
    _refused(lambda: parse_cards(itertools.repeat("AC"), distinct=False),
             f"more than {MAX_CARDS} cards")


def test_quoted_cuts_text_and_says_its_length() -> None:
    assert quoted("7H") == "'7H'"
    assert quoted("x" * 1_048_576, limit=10) == "'xxxxxxxxxx…' (1,048,576 characters)"
    assert quoted(b"\x00" * 100, limit=10).endswith("(100 bytes)")
    assert len(quoted("\U0001f0a1" * 1000)) < 120  # escapes count toward the limit
    assert quoted(10 ** 5000) == "a whole number of about 5,001 digits"
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert len(quoted(deep)) < 150 and len(quoted(["x" * 10**6] * 10**4)) < 150

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quoted(Broken()).startswith("<Broken")


def test_a_huge_list_of_cards_stops_at_its_first_repeat_without_splitting_it_all() -> None:
    import tracemalloc

    text = "7H " * 5_000_000  # 15 MB
    tracemalloc.start()
    try:
        _refused(lambda: parse_cards(text), "7H is given twice")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # a split() of it all would hold five million strings
