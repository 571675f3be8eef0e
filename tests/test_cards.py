"""Cards and card sets: parsing, canonical order, masks, bad input."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.cards import (
    ALL_CARDS,
    FULL_MASK,
    Card,
    CardSet,
    card_mask,
    parse_card,
    parse_cards,
    rank_mask,
    suit_mask,
)
from rulebook.errors import CardError


@pytest.mark.parametrize("text", ["7H", "7h", "7♥", "7♡", " 7H "])
def test_seven_of_hearts_in_every_accepted_form(text: str) -> None:
    card = parse_card(text)
    assert card is Card("7H")
    assert (card.rank, card.suit, card.index) == (7, "H", 6 * 4 + 2)


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "t♥"])
def test_ten_written_as_10_or_T(text: str) -> None:
    assert parse_card(text).text == "TH"


def test_canonical_order_is_rank_then_suit() -> None:
    texts = [c.text for c in ALL_CARDS]
    assert texts[:5] == ["AC", "AD", "AH", "AS", "2C"]
    assert texts[-1] == "KS"
    assert sorted([Card("2C"), Card("AS"), Card("AD")]) == [Card("AD"), Card("AS"), Card("2C")]


def test_cards_are_single_immutable_values() -> None:
    card = Card("QS")
    assert Card("qs") is card and Card.from_index(card.index) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert hash(card) == card.index
    assert card.pretty() == "Q♠" and Card("TD").pretty() == "10♦"
    assert card.name() == "queen of spades"


@pytest.mark.parametrize(
    "text", ["", "7", "H", "1H", "11H", "7X", "77H", "ZZ", "7HH", "0H", "10", "♥7"]
)
def test_bad_card_text_raises_card_error_quoting_input(text: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)
    assert "expected" in str(err.value)


def test_non_text_card_is_refused() -> None:
    with pytest.raises(CardError, match="text"):
        parse_card(7)  # type: ignore[arg-type]


def test_card_lists_with_spaces_commas_and_symbols() -> None:
    assert [c.text for c in parse_cards("3S JS KH")] == ["3S", "JS", "KH"]
    assert [c.text for c in parse_cards("3S,JS, K♥")] == ["3S", "JS", "KH"]
    assert parse_cards("") == [] and parse_cards(None) == []
    assert [c.text for c in parse_cards(["2c", Card("3d")])] == ["2C", "3D"]


def test_duplicate_card_in_list_is_refused() -> None:
    with pytest.raises(CardError, match="twice"):
        parse_cards("3S JS 3s")


def test_bad_card_inside_a_list_names_that_card() -> None:
    with pytest.raises(CardError, match="'XX'"):
        parse_cards("3S XX KH")


def test_cardset_is_a_52_bit_mask() -> None:
    hand = CardSet("KH 3S 7D")
    assert hand.mask == Card("KH").mask | Card("3S").mask | Card("7D").mask
    assert str(hand) == "3S 7D KH" and len(hand) == 3
    assert "7D" in hand and Card("KH") in hand and "2C" not in hand and "junk" not in hand
    assert hand.pretty() == "3♠ 7♦ K♥"
    assert CardSet.full().mask == FULL_MASK and len(~hand) == 49
    assert (hand - CardSet("3S")) == CardSet("7D KH")
    assert (hand & CardSet("3S 4S")) == CardSet("3S")
    assert (hand | Card("AC")) == CardSet("AC 3S 7D KH")
    assert hand == {"3S", "7D", "KH"}
    assert eval(repr(hand)) == hand
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]


def test_cardset_rejects_out_of_range_masks() -> None:
    with pytest.raises(CardError):
        CardSet(1 << 52)
    with pytest.raises(CardError):
        CardSet(-1)


def test_suit_and_rank_masks() -> None:
    assert CardSet(suit_mask("H")) == CardSet("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert CardSet(rank_mask(7)) == CardSet("7C 7D 7H 7S")
    assert CardSet("3S 4H 9S").by_suit("S") == CardSet("3S 9S")


def test_html_form_is_legible_and_coloured() -> None:
    html = CardSet("7H 7S")._repr_html_()
    assert "7♥" in html and "7♠" in html and "#c0392b" in html
    assert "no cards" in CardSet()._repr_html_()


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=FULL_MASK))
def test_cardset_round_trips_through_text(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.parse(str(cards)) == cards
    assert CardSet.parse(cards.pretty()) == cards
    assert len(cards) == len(list(cards)) == bin(mask).count("1")
    assert list(cards) == sorted(cards)
    assert card_mask(cards.texts()) == mask


def test_cards_and_card_sets_copy_and_pickle_as_the_same_values() -> None:
    import copy
    import dataclasses
    import pickle

    hand = CardSet("3S JS KH")
    assert copy.deepcopy(hand) == hand and copy.copy(hand) is hand
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert copy.deepcopy(Card("7H")) is Card("7H")
    assert pickle.loads(pickle.dumps(Card("7H"))) is Card("7H")

    @dataclasses.dataclass
    class Holder:
        cards: CardSet

    assert dataclasses.asdict(Holder(hand)) == {"cards": hand}
