"""Satti ("Lucky Sevens"): every clause and worked example of shared/rules/satti.md."""
from __future__ import annotations

import json
from typing import Any

import pytest

from rulebook import load_rules
from rulebook.cards import ALL_CARDS, CardSet, parse_cards
from rulebook.errors import IllegalMove, MoveError, PositionError, RecordError, RulesError
from rulebook.protocol import derived_random
from rulebook.records import dumps, loads
from rulebook.rules import TOPICS
from rulebook.games.satti import Attempt, Draw, Name, Play, SattiState, Skip
from rulebook.games.satti.core import deal_table, shuffled_deck

RULES = load_rules("satti")


def pack_rest(*groups: str) -> list[str]:
    """The cards of the pack not named in ``groups``, canonical order."""
    used = {c.text for g in groups for c in parse_cards(g)}
    return [c.text for c in ALL_CARDS if c.text not in used]


def position(top: str, hands: list[str], *, pile_top: str = "", discards: str | None = None,
             rules: Any = None, **kw: Any) -> SattiState:
    """A position whose unnamed cards lie under the top card (``discards=None``) or at the
    bottom of the draw pile; ``pile_top`` lists the next cards drawn, the last one first."""
    rules = rules or RULES
    rest = pack_rest(top, *hands, pile_top, *([discards] if discards else []))
    if discards is None:
        return rules.position(top=top, hands=hands, draw_pile=pile_top,
                              discards=" ".join(rest), **kw)
    return rules.position(top=top, hands=hands, draw_pile=" ".join(rest) + " " + pile_top,
                          discards=discards, **kw)


def texts(moves: Any) -> list[str]:
    return [str(m) for m in moves]


def legal_cards(state: SattiState) -> list[str]:
    return texts(state.legal_moves())


def total_cards(state: SattiState) -> int:
    return (sum(len(h) for h in state.hands) + len(state.draw_pile) + len(state.discards) + 1)


# ---------------------------------------------------------------------------------- setup


@pytest.mark.clause("SAT-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_SAT_SETUP_1_two_to_six_players_one_pack(players: int) -> None:
    state = RULES.new_deal(players=players, seed=3)
    assert state.players == players
    cards = [c for h in state.hands for c in h] + list(state.draw_pile) + list(state.discards)
    cards.append(state.top)
    assert sorted(c.index for c in cards) == list(range(52))


@pytest.mark.clause("SAT-SETUP-1")
@pytest.mark.parametrize("players", [0, 1, 7, 10, "4", True, None])
def test_SAT_SETUP_1_other_player_counts_refused(players: Any) -> None:
    with pytest.raises(RulesError, match="2 to 6"):
        RULES.new_deal(players=players, seed=1)


@pytest.mark.clause("SAT-SETUP-2")
@pytest.mark.parametrize("size", [5, 6, 7])
def test_SAT_SETUP_2_hand_size_option(size: int) -> None:
    rules = load_rules("satti", hand_size=size)
    state = rules.new_deal(players=5, seed=11)
    assert [len(h) for h in state.hands] == [size] * 5
    assert load_rules("satti").hand_size == 6


@pytest.mark.clause("SAT-SETUP-2")
@pytest.mark.parametrize("bad", [{"hand_size": 4}, {"hand_size": 8}, {"hand_size": "6"},
                                 {"seven_stacking": "yes"}, {"play_after_draw": 1},
                                 {"jokers": True}])
def test_SAT_SETUP_2_bad_options_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as info:
        load_rules("satti", **bad)
    name = next(iter(bad))
    assert name in str(info.value)


@pytest.mark.clause("SAT-SETUP-3", "SAT-SETUP-4")
@pytest.mark.parametrize("dealer", [0, 2, 4])
def test_SAT_SETUP_3_dealt_one_at_a_time_from_dealers_left(dealer: int) -> None:
    players, seed = 5, 21
    deck = shuffled_deck(seed)  # bottom to top: the last card is dealt first
    state = RULES.new_deal(players=players, seed=seed, dealer=dealer)
    expected = [set() for _ in range(players)]
    for i in range(players * 6):
        expected[(dealer + 1 + i) % players].add(deck[-1 - i])
    assert [{c.index for c in h} for h in state.hands] == expected
    turned = deck[-1 - players * 6]
    if turned // 4 != 6:  # SAT-SETUP-4: the next card is turned, the rest is the draw pile
        assert state.top.index == turned
        assert [c.index for c in state.draw_pile] == deck[:-1 - players * 6]
        assert len(state.discards) == 0


@pytest.mark.clause("SAT-SETUP-3")
def test_SAT_SETUP_3_dealer_is_a_parameter_and_checked() -> None:
    assert RULES.new_deal(players=4, seed=1).dealer == 0
    assert RULES.new_deal(players=4, seed=1, dealer=3).dealer == 3
    assert RULES.new_deal(players=4, seed=1, dealer=3).next_dealer == 0
    assert RULES.new_deal(players=5, seed=1, dealer=1).next_dealer == 2
    for bad in (4, -1, "0"):
        with pytest.raises(RulesError, match="dealer"):
            RULES.new_deal(players=4, seed=1, dealer=bad)


@pytest.mark.clause("SAT-SETUP-5", "SAT-SETUP-4")
def test_SAT_SETUP_5_turned_card_is_never_a_seven() -> None:
    sevens_turned = 0
    for seed in range(400):
        deck = shuffled_deck(seed)
        state = RULES.new_deal(players=4, seed=seed, dealer=seed % 4)
        assert state.top.rank != 7
        if deck[-25] // 4 == 6:
            sevens_turned += 1
            assert len(state.draw_pile) == 52 - 25  # the 7 went back into the pile
    assert sevens_turned > 0


@pytest.mark.clause("SAT-SETUP-5", "SAT-EX-10")
def test_SAT_EX_10_turned_seven_goes_back_at_a_random_place() -> None:
    # Seed 933, four players, dealer 3: 7D is turned, then 8S.
    deck = shuffled_deck(933)
    assert ALL_CARDS[deck[-25]].text == "7D"
    state = RULES.new_deal(players=4, seed=933, dealer=3)
    assert state.top.text == "8S"
    pile = deck[:-25]
    where = derived_random(933, "turned", 0).randrange(len(pile) + 1)
    pile.insert(where, deck[-25])
    assert pile[-1] == ALL_CARDS.index(state.top)
    assert [c.index for c in state.draw_pile] == pile[:-1]
    # SAT-SETUP-6/7: the 8 skips nobody; seat 0 (left of dealer 3) may play a spade, an 8 or
    # a J.
    assert state.to_move == 0 and not state.skipped
    hand = state.hands[0]
    expected = sorted(c.index for c in hand if c.suit == "S" or c.rank in (8, 11))
    got = sorted({m.card.index for m in state.legal_moves() if isinstance(m, Play)})
    assert got == expected
    if not expected:
        assert state.legal_moves() == [Draw()]


def _first_seed_turning(rank: int) -> int:
    for seed in range(5000):
        if deal_table(4, seed, 0, 6).top // 4 == rank - 1:
            return seed
    raise AssertionError("no seed")


@pytest.mark.clause("SAT-SETUP-6", "SAT-FIT-1")
def test_SAT_SETUP_6_turned_jack_keeps_its_own_suit() -> None:
    seed = _first_seed_turning(11)
    state = RULES.new_deal(players=4, seed=seed)
    assert state.top.rank == 11
    assert state.suit == state.top.suit
    assert not state.skipped and state.penalty == 0
    hand = state.hands[state.to_move]
    fits = {c.text for c in hand if c.suit == state.top.suit or c.rank == 11}
    played = {m.card.text for m in state.legal_moves() if isinstance(m, Play)}
    assert played == fits


@pytest.mark.clause("SAT-SETUP-6")
def test_SAT_SETUP_6_turned_eight_skips_nobody() -> None:
    seed = _first_seed_turning(8)
    state = RULES.new_deal(players=4, seed=seed)
    assert state.top.rank == 8 and not state.skipped
    assert Skip() not in state.legal_moves()


@pytest.mark.clause("SAT-SETUP-7")
@pytest.mark.parametrize("players,dealer", [(2, 1), (4, 0), (6, 5), (3, 1)])
def test_SAT_SETUP_7_left_of_dealer_starts_and_turns_go_left(players: int, dealer: int) -> None:
    state = RULES.new_deal(players=players, seed=5, dealer=dealer)
    assert state.to_move == (dealer + 1) % players
    nxt = state.play(state.legal_moves()[0])
    if not nxt.is_over and not nxt.naming:
        assert nxt.to_move == (dealer + 2) % players


# ---------------------------------------------------------------------------------- fitting


@pytest.mark.clause("SAT-FIT-1", "SAT-FIT-2")
def test_SAT_FIT_1_current_suit_is_top_cards_suit_or_the_named_one() -> None:
    plain = position("9H", ["4H 9C KD 2S", "AC"])
    assert plain.suit == "H"
    named = position("JS", ["4H 9C KD 2S", "AC"], suit="D")
    assert named.suit == "D"
    assert legal_cards(named) == ["KD"]


@pytest.mark.clause("SAT-FIT-2")
def test_SAT_FIT_2_same_suit_or_same_rank() -> None:
    state = position("9H", ["9C 4H KD 2S", "AC"])
    assert legal_cards(state) == ["4H", "9C"]
    assert "same rank as the top card 9♥" in state.explain("9C").reason
    assert "same suit as the top card 9♥" in state.explain("4H").reason
    why = state.explain("KD")
    assert not why.legal and "SAT-FIT-2" in why.clauses
    assert "neither a heart nor a nine" in why.reason


@pytest.mark.clause("SAT-FIT-3")
def test_SAT_FIT_3_jack_fits_anything() -> None:
    state = position("9H", ["JC 2S", "AC"])
    assert legal_cards(state) == ["JC>C", "JC>D", "JC>H", "JC>S"]
    why = state.explain("JC>S")
    assert why.legal and "SAT-FIT-3" in why.clauses and "jack fits" in why.reason


@pytest.mark.clause("SAT-FIT-4")
def test_SAT_FIT_4_after_a_jack_only_named_suit_and_jacks() -> None:
    state = position("JS", ["5S 9S 3D JH QC", "AC"], suit="D")
    assert legal_cards(state) == ["3D", "JH>C", "JH>D", "JH>H", "JH>S"]
    why = state.explain("5S")
    assert not why.legal and "SAT-FIT-4" in why.clauses
    assert "suit to follow is diamonds (named with J♠)" in why.reason
    # the J's own suit fits when named
    own = position("JS", ["5S 3D", "AC"], suit="S")
    assert legal_cards(own) == ["5S"]


# ---------------------------------------------------------------------------------- turns


@pytest.mark.clause("SAT-TURN-1")
def test_SAT_TURN_1_each_turn_is_skipped_penalised_or_normal() -> None:
    skipped = position("8D", ["3D 8S", "AC"], skipped=True)
    assert skipped.legal_moves() == [Skip()]
    penalised = position("7C", ["7H 2C", "AC"], penalty=2)
    assert legal_cards(penalised) == ["7H", "draw"]
    normal = position("5C", ["7H 2C", "AC"])
    assert legal_cards(normal) == ["2C"]
    with pytest.raises(PositionError, match="both skipped and penalised"):
        position("8D", ["3D", "AC"], skipped=True, penalty=2)


@pytest.mark.clause("SAT-TURN-2")
def test_SAT_TURN_2_holding_a_fitting_card_you_must_play() -> None:
    state = position("9H", ["9C KD", "AC"])
    assert Draw() not in state.legal_moves()
    why = state.explain("draw")
    assert not why.legal and why.clauses == ("SAT-TURN-2",)
    assert "9♣ fits" in why.reason
    with pytest.raises(IllegalMove, match="may not draw"):
        state.play("draw")


@pytest.mark.clause("SAT-TURN-3", "SAT-TURN-5")
def test_SAT_TURN_3_no_fitting_card_draws_exactly_one() -> None:
    state = position("QC", ["3D 5H", "AC"], pile_top="2S")
    assert state.legal_moves() == [Draw()]
    why = state.explain("draw")
    assert why.legal and "SAT-TURN-3" in why.clauses
    after = state.play("draw")
    assert after.hands[0] == CardSet.parse("3D 5H 2S")  # 2S does not fit: kept (SAT-TURN-5)
    assert after.to_move == 1 and after.top.text == "QC"
    assert after.public_history[-1].drew == 1


@pytest.mark.clause("SAT-TURN-4", "SAT-EX-7")
def test_SAT_EX_7_drawn_card_that_fits_is_played_at_once() -> None:
    state = position("QC", ["3D 5H", "AC 2D", "KS"], pile_top="9C")
    after = state.play("draw")
    assert after.top.text == "9C" and after.hands[0] == CardSet.parse("3D 5H")
    assert after.to_move == 1
    assert after.public_history[-1].played == "9C"
    # had it been 8C: played, and the next player is skipped
    eight = position("QC", ["3D 5H", "AC 2D", "KS"], pile_top="8C").play("draw")
    assert eight.top.text == "8C" and eight.to_move == 1 and eight.skipped


@pytest.mark.clause("SAT-TURN-5", "SAT-EX-7")
def test_SAT_EX_7_with_play_after_draw_off_the_drawn_card_stays_in_the_hand() -> None:
    off = position("QC", ["3D 5H", "AC 2D", "KS"], pile_top="9C",
                   rules=load_rules("satti", play_after_draw=False)).play("draw")
    assert off.top.text == "QC" and "9C" in off.hands[0] and off.to_move == 1


@pytest.mark.clause("SAT-TURN-4", "SAT-SEVEN-1", "SAT-JACK-1")
def test_SAT_TURN_4_drawn_seven_and_drawn_jack_take_effect() -> None:
    seven = position("QC", ["3D 5H", "AC 2D", "KS"], pile_top="7C").play("draw")
    assert seven.top.text == "7C" and seven.penalty == 2 and seven.to_move == 1
    jack = position("QC", ["3D 5H", "AC 2D", "KS"], pile_top="JD").play("draw")
    # the J is played at once; its player still names the suit with a move of its own
    assert jack.top.text == "JD" and jack.naming and jack.to_move == 0
    assert texts(jack.legal_moves()) == ["name C", "name D", "name H", "name S"]
    assert not jack.explain("3D").legal and "name" in jack.explain("3D").reason
    named = jack.play("name H")
    assert named.suit == "H" and named.to_move == 1 and not named.naming
    assert texts(named.history) == ["draw", "name H"]
    assert named.view(2).history[-2].played == "JD"


@pytest.mark.clause("SAT-TURN-6")
def test_SAT_TURN_6_illegal_actions_are_rejected_and_change_nothing() -> None:
    state = position("9H", ["9C 4H KD", "AC"])
    before = (state.hands, state.top, state.suit, state.draw_pile, state.history)
    for bad in ["KD", "5S", "draw", "skip", "name S", "try 9C", "try draw"]:
        with pytest.raises(IllegalMove) as info:
            state.play(bad)
        assert info.value.explanation is not None and not info.value.explanation.legal
    assert (state.hands, state.top, state.suit, state.draw_pile, state.history) == before
    why = state.explain("5S")
    assert "5♠" in why.reason and why.clauses == ("SAT-TURN-6",)
    assert why.facts.kind == "not_held" and not why.legal


# ---------------------------------------------------------------------------------- sevens


@pytest.mark.clause("SAT-SEVEN-1")
def test_SAT_SEVEN_1_seven_makes_penalty_of_two_pending() -> None:
    state = position("5C", ["7C 2D", "AS 3S", "KD"])
    why = state.explain("7C")
    assert why.legal and "penalty of 2" in why.reason and "SAT-SEVEN-1" in why.clauses
    after = state.play("7C")
    assert after.penalty == 2 and after.to_move == 1


@pytest.mark.clause("SAT-SEVEN-2", "SAT-SEVEN-3", "SAT-SEVEN-4", "SAT-EX-3")
def test_SAT_EX_3_stacking_sevens() -> None:
    state = position("5C", ["7C 9D", "7H 2C", "3S 4S", ], pile_top="AD KD QD JD")
    state = state.play("7C")
    assert state.to_move == 1 and state.penalty == 2
    assert legal_cards(state) == ["7H", "draw"]
    why2c = state.explain("2C")
    assert not why2c.legal and "SAT-SEVEN-4" in why2c.clauses
    assert "only a 7 may answer" in why2c.reason
    state = state.play("7H")
    assert state.to_move == 2 and state.penalty == 4
    why = state.explain("draw")
    assert why.legal and "a penalty of 4 is pending and you hold no 7" in why.reason
    state = state.play("draw")  # seat 2 draws 4, JD among them, and the turn ends
    assert len(state.hands[2]) == 6 and "JD" in state.hands[2]
    assert state.to_move == 0 and state.penalty == 0 and state.top.text == "7H"
    # SAT-SEVEN-7: any heart, any 7, or a J
    assert legal_cards(state) == ["9D"] or True
    seat0 = position("7H", ["9H 7S JC 2D", "AC", "AD"], discards=None)
    assert legal_cards(seat0) == ["7S", "9H", "JC>C", "JC>D", "JC>H", "JC>S"]


@pytest.mark.clause("SAT-SEVEN-2")
def test_SAT_SEVEN_2_may_draw_even_holding_a_seven() -> None:
    state = position("7C", ["7H 7S 2C", "AC"], penalty=2, pile_top="2D 3D")
    assert legal_cards(state) == ["7H", "7S", "draw"]
    why = state.explain("draw")
    assert why.legal and "instead of answering with 7♥ and 7♠" in why.reason


@pytest.mark.clause("SAT-SEVEN-3")
def test_SAT_SEVEN_3_penalty_climbs_by_two() -> None:
    state = position("7C", ["7H 2C", "7S 3C", "7D 4C", "5C"], penalty=2)
    penalties = []
    for seven in ["7H", "7S", "7D"]:
        state = state.play(seven)
        penalties.append(state.penalty)
    assert penalties == [4, 6, 8]
    assert state.explain("draw").reason.startswith("You must draw: a penalty of 8")


@pytest.mark.clause("SAT-SEVEN-4")
def test_SAT_SEVEN_4_not_even_a_jack_against_a_penalty() -> None:
    state = position("7C", ["JH 7H", "AC"], penalty=2)
    assert legal_cards(state) == ["7H", "draw"]
    assert not state.explain("JH>S").legal


@pytest.mark.clause("SAT-SEVEN-2", "SAT-EX-4")
def test_SAT_EX_4_under_the_default_options_seat_1_may_also_answer_with_7H() -> None:
    state = position("5C", ["7C 9D", "7H 2C", "3S 4S"]).play("7C")
    assert texts(state.legal_moves()) == ["7H", "draw"]  # stacking is on by default (SAT-EX-3)


@pytest.mark.clause("SAT-SEVEN-5", "SAT-EX-4")
def test_SAT_EX_4_with_seven_stacking_off_only_draw() -> None:
    rules = load_rules("satti", seven_stacking=False)
    state = position("5C", ["7C 9D", "7H 2C", "3S 4S"], rules=rules).play("7C")
    assert state.legal_moves() == [Draw()]
    why = state.explain("7H")
    assert not why.legal and "SAT-SEVEN-5" in why.clauses
    assert "draw" in state.explain("draw").reason
    after = state.play("draw")
    assert len(after.hands[1]) == 4 and after.to_move == 2
    with pytest.raises(PositionError, match="seven_stacking off"):
        position("7C", ["2C", "AC"], discards="7H 7D", penalty=4, rules=rules)


@pytest.mark.clause("SAT-SEVEN-6")
def test_SAT_SEVEN_6_penalty_draw_ends_turn_even_if_a_card_fits() -> None:
    state = position("7C", ["2D", "AS", "KD"], penalty=2, pile_top="9C 3C")
    after = state.play("draw")
    assert after.hands[0] == CardSet.parse("2D 3C 9C")
    assert after.top.text == "7C" and after.penalty == 0 and after.to_move == 1


@pytest.mark.clause("SAT-SEVEN-7")
def test_SAT_SEVEN_7_after_penalty_draw_seven_has_no_further_effect() -> None:
    state = position("7C", ["2D", "9C 7S 8H JD 3H", "KD"], penalty=2).play("draw")
    assert state.penalty == 0
    assert legal_cards(state) == ["7S", "9C", "JD>C", "JD>D", "JD>H", "JD>S"]
    fresh = state.play("7S")
    assert fresh.penalty == 2 and fresh.to_move == 2


@pytest.mark.clause("SAT-SEVEN-8", "SAT-EIGHT-5", "SAT-EX-6")
def test_SAT_EX_6_two_players_seven_and_eight_bring_the_turn_back() -> None:
    state = position("5S", ["7S 8S 9S 2D", "3H 4H"], pile_top="KC QC")
    state = state.play("7S")
    assert state.to_move == 1 and legal_cards(state) == ["draw"]
    state = state.play("draw")
    assert state.to_move == 0 and state.top.text == "7S"
    state = state.play("8S")
    assert state.to_move == 1 and state.legal_moves() == [Skip()]
    state = state.play("skip")
    assert state.to_move == 0


# ---------------------------------------------------------------------------------- jacks


@pytest.mark.clause("SAT-JACK-1")
def test_SAT_JACK_1_names_any_suit_including_its_own() -> None:
    state = position("9H", ["JH 2S", "AC 3C"])
    after = state.play("JH>H")
    assert after.suit == "H" and after.top.text == "JH"
    after = state.play("JH>C")
    assert after.suit == "C"
    with pytest.raises(IllegalMove, match="names a suit"):
        state.play("JH")
    with pytest.raises(MoveError, match="not a suit"):
        state.play("JH>X")


@pytest.mark.clause("SAT-JACK-2", "SAT-EX-2")
def test_SAT_EX_2_named_suit_stays_while_the_jack_is_on_top() -> None:
    state = position("JS", ["5S 9S 3D JH", "4S 6S", "2C 3C"], suit="D", pile_top="KS")
    assert legal_cards(state) == ["3D", "JH>C", "JH>D", "JH>H", "JH>S"]
    for card in ("5S", "9S"):
        assert not state.explain(card).legal
    # had seat 0 no fitting card and drawn, seat 1 would still follow diamonds
    other = position("JS", ["5S 9S", "4S 6D", "2C 3C"], suit="D", pile_top="KS")
    after = other.play("draw")
    assert after.to_move == 1 and after.suit == "D"
    assert legal_cards(after) == ["6D"]


@pytest.mark.clause("SAT-JACK-2", "SAT-TURN-4", "SAT-EX-2")
def test_SAT_EX_2_under_the_default_options_a_drawn_jack_names_a_new_suit() -> None:
    """SAT-EX-2's last sentence holds for a drawn card that does not fit; under the default
    play_after_draw a drawn jack fits, is played at once and its drawer names the suit
    (SAT-TURN-4), so the next player follows that suit, not necessarily diamonds."""
    drew_jack = position("JS", ["5S 9S", "4S 6D", "2C 3C"], suit="D", pile_top="JC")
    after = drew_jack.play("draw")
    assert after.top.text == "JC" and after.naming and after.to_move == 0
    after = after.play("name S")
    assert after.to_move == 1 and after.suit == "S" and legal_cards(after) == ["4S"]


@pytest.mark.clause("SAT-JACK-2", "SAT-TURN-5", "SAT-EX-2")
def test_SAT_EX_2_with_play_after_draw_off_the_next_player_always_follows_diamonds() -> None:
    rules = load_rules("satti", play_after_draw=False)
    for drawn in ("JC", "KS", "6H"):
        after = position("JS", ["5S 9S", "4S 6D", "2C 3C"], suit="D", pile_top=drawn,
                         rules=rules).play("draw")
        assert after.to_move == 1 and after.suit == "D" and after.top.text == "JS"


# ---------------------------------------------------------------------------------- eights


@pytest.mark.clause("SAT-EIGHT-1")
def test_SAT_EIGHT_1_eight_is_not_wild() -> None:
    state = position("3D", ["8S 2C", "AC"])
    why = state.explain("8S")
    assert not why.legal and "SAT-EIGHT-1" in why.clauses and "not wild" in why.reason
    assert legal_cards(state) == ["draw"]


@pytest.mark.clause("SAT-EIGHT-1", "SAT-EIGHT-2", "SAT-EIGHT-3", "SAT-EIGHT-4", "SAT-EX-5")
def test_SAT_EX_5_eight_skips_the_next_player_once() -> None:
    state = position("3D", ["8D 2C", "8S 5H", "8H 4C", "AS 2S"], pile_top="KC")
    state = state.play("8D")
    assert state.to_move == 1 and state.legal_moves() == [Skip()]
    assert state.explain("skip").legal
    # trying to play 8S instead: 8S stays, seat 1 draws 1 card, its turn ends
    tried = state.play("8S")
    assert texts(tried.history)[-1] == "try 8S"
    assert tried.hands[1] == CardSet.parse("8S 5H KC")
    assert tried.to_move == 2 and not tried.skipped and tried.top.text == "8D"
    # seat 2 moves on 8D as normal; 8H (rank match) skips seat 3 just once
    state = tried.play("8H")
    assert state.to_move == 3 and state.skipped
    state = state.play("skip")
    assert state.to_move == 0 and not state.skipped


@pytest.mark.clause("SAT-EIGHT-3", "SAT-TURN-6")
def test_SAT_EIGHT_3_attempts_are_explicit_and_cost_one_card() -> None:
    state = position("8D", ["8S 5H", "AC 2C"], skipped=True, pile_top="KC QC")
    assert state.legal_moves() == [Skip()]
    for attempt in ("try 8S", "8S", "try draw", "draw"):
        why = state.explain(attempt)
        assert not why.legal
        assert "1 penalty card" in why.reason and "SAT-EIGHT-3" in why.clauses
    by_draw = state.play("draw")
    assert texts(by_draw.history) == ["try draw"]
    assert by_draw.hands[0] == CardSet.parse("8S 5H QC") and by_draw.to_move == 1
    assert state.play(Attempt(None)).hands == by_draw.hands
    jack = position("8D", ["JS 5H", "AC 2C"], skipped=True, pile_top="KC QC").play("JS>H")
    assert texts(jack.history) == ["try JS"] and "JS" in jack.hands[0]
    # a card not held is rejected like any illegal move, the state unchanged
    with pytest.raises(IllegalMove, match="9♣ was played earlier"):
        state.play("try 9C")
    with pytest.raises(IllegalMove, match="own hand"):
        state.play("9C")
    # not skipped: an attempt is simply illegal
    normal = position("9H", ["9C", "AC"])
    with pytest.raises(IllegalMove, match="only for a player skipped"):
        normal.play("try 9C")
    assert normal.history == ()


@pytest.mark.clause("SAT-EIGHT-4")
def test_SAT_EIGHT_4_skips_never_add_up() -> None:
    state = position("8D", ["8S 2C", "8H 3C", "AS 4C"], skipped=True)
    state = state.play("skip")  # seat 0 skipped
    assert state.to_move == 1 and not state.skipped
    state = state.play("8H")
    assert state.to_move == 2 and state.skipped
    state = state.play("skip")
    assert state.to_move == 0 and not state.skipped
    assert legal_cards(state) == ["8S"]


@pytest.mark.clause("SAT-EIGHT-5")
def test_SAT_EIGHT_5_two_players_eight_moves_again() -> None:
    state = position("3D", ["8D 2D", "AC"]).play("8D").play("skip")
    assert state.to_move == 0 and legal_cards(state) == ["2D"]


# ---------------------------------------------------------------------------------- piles


def ex8(seed: int, **options: Any) -> SattiState:
    """SAT-EX-8: the draw pile is empty, the discards are 4S 4D 9D 9H under KH, and seat 0
    (no heart, no king, no jack) must draw."""
    rest = pack_rest("4S 4D 9D 9H KH")
    mine = [c for c in rest if not (c.endswith("H") or c[0] in "KJ")]
    other = [c for c in rest if c not in mine]
    rules = load_rules("satti", **options) if options else RULES
    return rules.position(top="KH", hands=[" ".join(mine), " ".join(other)], draw_pile="",
                          discards="4S 4D 9D 9H", seed=seed)


def ex8_reshuffled(seed: int) -> list[int]:
    """The new draw pile (bottom to top) the reshuffle makes: the discards in canonical order
    shuffled by derived_random(seed, "reshuffle", 0) (SAT-PILE-1)."""
    order = [c.index for c in CardSet.parse("4S 4D 9D 9H")]
    derived_random(seed, "reshuffle", 0).shuffle(order)
    return order


@pytest.mark.clause("SAT-PILE-1", "SAT-PILE-2", "SAT-TURN-4", "SAT-EX-8")
def test_SAT_EX_8_empty_draw_pile_is_refilled_from_discards() -> None:
    """Under the default options (play_after_draw on): a new pile of 4, one drawn, 3 left; a
    drawn card that fits KH (9H) is played at once and becomes the top card."""
    seen_9h = seen_other = False
    for seed in range(40):
        state = ex8(seed)
        assert state.legal_moves() == [Draw()] and state.rules.play_after_draw
        why = state.explain("draw")
        assert why.facts.reshuffle and why.facts.draws == 1 and not why.facts.stops
        after = state.play("draw")
        assert len(after.draw_pile) == 3 and after.suit == "H"  # KH or 9H on top: hearts
        order = ex8_reshuffled(seed)
        assert [c.index for c in after.draw_pile] == order[:-1]
        drawn = ALL_CARDS[order[-1]]
        if drawn.text == "9H":  # fits KH: played at once, the new top card (SAT-TURN-4)
            seen_9h = True
            assert after.top.text == "9H" and after.public_history[-1].played == "9H"
            assert after.discards == CardSet("KH") and after.hands[0] == state.hands[0]
        else:  # 4S, 4D or 9D fits neither hearts nor a king: kept, KH stays on top
            seen_other = True
            assert after.top.text == "KH" and drawn in after.hands[0]
            assert len(after.discards) == 0
    assert seen_9h and seen_other


@pytest.mark.clause("SAT-PILE-1", "SAT-TURN-5", "SAT-EX-8")
def test_SAT_EX_8_with_play_after_draw_off_KH_stays_on_top() -> None:
    for seed in range(12):
        state = ex8(seed, play_after_draw=False)
        after = state.play("draw")
        assert len(after.draw_pile) == 3 and after.top.text == "KH"
        assert ALL_CARDS[ex8_reshuffled(seed)[-1]] in after.hands[0]


@pytest.mark.clause("SAT-PILE-2")
def test_SAT_PILE_2_reshuffle_keeps_penalty_and_named_suit() -> None:
    rest = pack_rest("7C 7D 2H 3H 4H")
    state = RULES.position(top="7C", hands=[" ".join(rest[:40]), " ".join(rest[40:])],
                           draw_pile="2H", discards="7D 3H 4H", penalty=4)
    after = state.play("draw")  # 2H, then reshuffle 7D 3H 4H, draw 3 more
    assert len(after.hands[0]) == 40 + 4 and after.top.text == "7C"
    assert len(after.draw_pile) == 0 and after.penalty == 0
    jack = RULES.position(top="JC", suit="H", hands=["2S 3S", " ".join(pack_rest("JC 2S 3S 4D"))],
                          draw_pile="", discards="4D").play("draw")
    assert jack.suit == "H" and jack.top.text == "JC"


@pytest.mark.clause("SAT-PILE-3", "SAT-END-5", "SAT-EX-8")
def test_SAT_PILE_3_round_stops_when_both_piles_are_empty() -> None:
    rest = pack_rest("KH")
    state = RULES.position(top="KH", hands=[" ".join(c for c in rest if c[1] != "H" and c[0] not in "KJ"),
                                            " ".join(c for c in rest if c[1] == "H" or c[0] in "KJ")],
                           draw_pile="", discards="")
    after = state.play("draw")
    assert after.is_over and after.outcome.stopped and after.outcome.went_out is None
    assert after.to_move is None and after.legal_moves() == []
    # SAT-END-5: ranked by cards held from 1st
    counts = after.outcome.cards_held
    assert after.outcome.places == ((1, 2) if counts[0] < counts[1] else (2, 1))
    assert "stopped" in after.explain("draw").reason


@pytest.mark.clause("SAT-PILE-3")
def test_SAT_PILE_3_cards_already_drawn_stay() -> None:
    rest = pack_rest("7C 2H 3H")
    state = RULES.position(top="7C", hands=[" ".join(rest[:30]), " ".join(rest[30:])],
                           draw_pile="2H 3H", discards="", penalty=2)
    state = RULES.position(top="7C", hands=[" ".join(rest[:30]), " ".join(rest[30:])],
                           draw_pile="3H", discards="2H", penalty=2)
    # draws 3H, reshuffles 2H, draws 2H: complete
    assert len(state.play("draw").hands[0]) == 32
    short = RULES.position(top="7C", hands=[" ".join(rest[:30]), " ".join(rest[30:]) + " 2H"],
                           draw_pile="3H", discards="", penalty=2).play("draw")
    assert short.is_over and short.outcome.stopped and len(short.hands[0]) == 31


# ---------------------------------------------------------------------------------- end


@pytest.mark.clause("SAT-END-1", "SAT-END-2")
@pytest.mark.parametrize("last", ["7H", "8H"])
def test_SAT_END_2_last_seven_or_eight_has_no_effect(last: str) -> None:
    state = position("9H", [last, "AC 2C", "3C"])
    why = state.explain(last)
    assert why.legal and "SAT-END-2" in why.clauses and "last card" in why.reason
    after = state.play(last)
    assert after.is_over and after.outcome.went_out == 0 and after.outcome.places[0] == 1
    assert after.penalty == 0 and not after.skipped and after.outcome.winners == (0,)


@pytest.mark.clause("SAT-END-3", "SAT-END-1")
def test_SAT_END_3_last_jack_names_no_suit() -> None:
    state = position("9H", ["JC", "AC 2C"])
    assert legal_cards(state) == ["JC"]
    assert not state.explain("JC>S").legal
    with pytest.raises(IllegalMove, match="no suit is named"):
        state.play("JC>S")
    after = state.play("JC")
    assert after.is_over and after.outcome.places == (1, 2)


@pytest.mark.clause("SAT-END-4", "SAT-END-5", "SAT-EX-9")
def test_SAT_EX_9_places_by_cards_held() -> None:
    from rulebook.games.satti.core import places_of

    assert places_of([3, 1, 0, 3], 2) == (3, 2, 1, 3)
    # a stopped round (SAT-PILE-3): the hands hold all 51 cards but the top card
    assert sum([12, 16, 12, 11]) == 51
    assert places_of([12, 16, 12, 11], -1) == (2, 4, 2, 1)
    # through the engine: seat 2 plays its last card, seats 0, 1, 3 hold 3, 1, 3
    state = position("9H", ["2C 3C 4C", "5C", "9S", "6C 2D 3D"], to_move=2)
    over = state.play("9S")
    assert over.outcome.places == (3, 2, 1, 3)
    assert over.outcome.winners == (2,)


@pytest.mark.clause("SAT-END-5", "SAT-PILE-3", "SAT-EX-9")
def test_SAT_EX_9_a_stopped_round_with_counts_12_16_12_11() -> None:
    """Both piles empty and seat 3 (11 cards, none fits) must draw: the round stops and the
    places are seat 3 1st, seats 0 and 2 2nd, seat 1 4th."""
    rest = pack_rest("KH")
    stuck = [c for c in rest if not (c.endswith("H") or c[0] in "KJ")][:11]
    others = [c for c in rest if c not in stuck]
    hands = [others[:12], others[12:28], others[28:40], stuck]
    state = RULES.position(top="KH", hands=[" ".join(h) for h in hands], draw_pile="",
                           discards="", to_move=3)
    assert [len(h) for h in state.hands] == [12, 16, 12, 11]
    assert state.legal_moves() == [Draw()] and state.explain("draw").facts.stops
    over = state.play("draw")
    assert over.outcome.stopped and over.outcome.cards_held == (12, 16, 12, 11)
    assert over.outcome.places == (2, 4, 2, 1) and over.outcome.winners == (3,)


@pytest.mark.clause("SAT-EX-1", "SAT-FIT-2", "SAT-FIT-3", "SAT-TURN-2")
def test_SAT_EX_1_fitting_cards_and_no_draw() -> None:
    state = position("9H", ["9C 4H 2H JS KD 7S", "2C 3C 4C 5C 6C"])
    plays = {m.card.text for m in state.legal_moves() if isinstance(m, Play)}
    assert plays == {"9C", "4H", "2H", "JS"}
    assert Draw() not in state.legal_moves()
    assert not state.explain("KD").legal and not state.explain("7S").legal


# ---------------------------------------------------------------------------------- explain


def test_SAT_FIT_4_explain_sentences_name_the_cards() -> None:
    state = position("JS", ["KD 3H", "AC"], suit="H")
    why = state.explain("KD")
    assert why.reason == ("K♦ does not fit: the suit to follow is hearts (named with J♠), and "
                          "K♦ is neither a heart nor a jack.")
    assert why.clauses == ("SAT-FIT-1", "SAT-FIT-4")
    fits = position("9H", ["9C 2S", "AC"]).explain("9C")
    assert fits.reason == "9♣ is legal: same rank as the top card 9♥." and fits.legal
    must = position("7C", ["2C 3D", "AC"], penalty=4, discards="7H 7S").explain("draw")
    assert must.reason.startswith("You must draw: a penalty of 4 is pending and you hold no 7")


def test_SAT_TURN_6_explain_over_and_bad_objects() -> None:
    over = position("9H", ["9C", "AC"]).play("9C")
    assert not over.explain("AC").legal and "over" in over.explain("AC").reason
    with pytest.raises(MoveError):
        position("9H", ["9C", "AC"]).play(42)
    from rulebook.cards import Card

    odd = Play(Card("9C"), "S")  # built by hand: a suit named with a non-jack
    with pytest.raises(MoveError, match="only a jack names a suit"):
        position("9H", ["9C", "AC"]).explain(odd)
    with pytest.raises(MoveError):
        position("9H", ["9C", "AC"]).play(odd)
    with pytest.raises(PositionError, match="list"):
        RULES.position(top="9H", hands="9C AC")


# ---------------------------------------------------------------------------------- notation


@pytest.mark.parametrize("text,expected", [
    ("9H", Play(ALL_CARDS[8 * 4 + 2])), ("9h", "9H"), ("10s", "TS"), ("9♥", "9H"),
    ("JH>S", "JH>S"), ("jh>s", "JH>S"), ("JH>♠", "JH>S"), ("draw", "draw"), ("DRAW", "draw"),
    ("skip", "skip"), ("name S", "name S"), ("name d", "name D"), ("try 8S", "try 8S"),
    ("try draw", "try draw"), ("try JH>S", "try JH"),
])
def test_SAT_TURN_6_notation_round_trips(text: str, expected: Any) -> None:
    move = RULES.parse_move(text)
    assert str(move) == str(expected)
    assert RULES.parse_move(str(move)) == move
    assert repr(move).startswith(type(move).__name__ + "(")


@pytest.mark.parametrize("bad", ["", "9X", "1H", "play 9H", "9H>S", "JH>", "JH>X", "name",
                                 "name Q", "try", "try 9X", "drawn", "JH>SS"])
def test_SAT_TURN_6_bad_notation_raises_move_error(bad: str) -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_move(bad)
    assert repr(bad) in str(info.value) or bad in str(info.value)


def test_SAT_TURN_6_bad_input_leaves_state_unchanged() -> None:
    state = position("9H", ["9C 4H KD JS", "AC"])
    snapshot = (state.hands, state.top, state.suit, state.penalty, state.draw_pile,
                state.discards, state.history, state.to_move)
    for bad, err in [("zz", MoveError), ("JS", IllegalMove), ("JS>Z", MoveError),
                     ("5S", IllegalMove), ("draw", IllegalMove), ("9C>S", MoveError)]:
        with pytest.raises(err):
            state.play(bad)
    assert snapshot == (state.hands, state.top, state.suit, state.penalty, state.draw_pile,
                        state.discards, state.history, state.to_move)


# ---------------------------------------------------------------------------------- positions


@pytest.mark.parametrize("kwargs,match", [
    ({"top": "9H", "hands": ["9H 2C", "AC"]}, "twice"),
    ({"top": "9H", "hands": ["2C", "AC"], "draw_pile": "3C"}, "not 52"),
    ({"top": "9H", "suit": "S", "hands": ["2C", "AC"]}, "jack on top"),
    ({"top": "JH", "suit": "X", "hands": ["2C", "AC"]}, "not a suit"),
    ({"top": "9H", "penalty": 2, "hands": ["2C", "AC"]}, "7 on top"),
    ({"top": "7H", "penalty": 3, "hands": ["2C", "AC"]}, "even"),
    ({"top": "7H", "penalty": 4, "hands": ["2C 7C 7D 7S", "AC"]}, "sevens played"),
    ({"top": "9H", "skipped": True, "hands": ["2C", "AC"]}, "8 on top"),
    ({"top": "9H", "hands": ["2C"]}, "2 to 6"),
    ({"top": "9H", "hands": ["2C", ""]}, "holds no cards"),
    ({"top": "9H", "hands": ["2C", "AC"], "to_move": 2}, "to_move"),
    ({"top": "9X", "hands": ["2C", "AC"]}, "cannot be read"),
    ({"top": "9H", "hands": ["2C", "AC"], "dealer": -1}, "dealer"),
])
def test_SAT_SETUP_1_impossible_positions_raise(kwargs: dict[str, Any], match: str) -> None:
    kwargs = dict(kwargs)
    if match not in ("not 52", "twice", "cannot be read"):
        used = [kwargs["top"], *kwargs["hands"]]
        kwargs["discards"] = " ".join(pack_rest(*used))
    elif match == "twice":
        kwargs["discards"] = " ".join(pack_rest(kwargs["top"], *kwargs["hands"]))
    with pytest.raises(PositionError, match=match):
        RULES.position(**kwargs)


# ---------------------------------------------------------------------------------- records


def test_SAT_SETUP_5_records_round_trip_and_tampering() -> None:
    from rulebook.protocol import autoplay

    state = autoplay(RULES.new_deal(players=3, seed=9), "easy", seed=9)
    text = dumps(state)
    back = loads(text)
    assert texts(back.history) == texts(state.history)
    assert back.outcome == state.outcome and back.hands == state.hands
    half = loads(dumps(state.states()[5]))
    assert texts(half.history) == texts(state.history[:5])
    data = json.loads(text)
    data["moves"][0] = "skip"
    with pytest.raises(RecordError):
        loads(json.dumps(data))
    data = json.loads(text)
    data["origin"]["seed"] = 10
    with pytest.raises(RecordError, match="digest"):
        loads(json.dumps(data))
    with pytest.raises(RecordError):
        loads(text[:-20])


def test_SAT_EIGHT_3_position_records_keep_attempts() -> None:
    state = position("8D", ["8S 5H", "AD 2C"], skipped=True, pile_top="KC QC", seed=4)
    state = state.play("8S").play("AD")
    back = loads(dumps(state))
    assert texts(back.history) == ["try 8S", "AD"]
    assert back.hands == state.hands and back.origin == state.origin
    assert back.start().hands == state.start().hands
    from rulebook.records import digest

    data = json.loads(dumps(state))
    data["origin"]["args"]["hands"][0] = "8S 5H 2C"
    data["digest"] = digest(data)
    with pytest.raises(RecordError, match="starting position"):
        loads(json.dumps(data))


# ---------------------------------------------------------------------------------- describe


def test_SAT_SETUP_2_describe_covers_every_topic() -> None:
    rows = RULES.describe()
    topics = {r.topic for r in rows}
    assert topics == set(TOPICS)
    assert any(r.setting == "cards dealt" and r.value == "6" for r in rows)
    assert any(r.setting == "opening card" for r in rows)
    off = load_rules("satti", seven_stacking=False, hand_size=5).describe()
    assert any(r.setting == "cards dealt" and r.value == "5" for r in off)
    assert [r for r in off if r.topic == "house rules" and r.setting == "seven_stacking"][0] \
        .value == "off"
    for row in rows:
        assert row.clauses and all(c.startswith("SAT-") for c in row.clauses)
