"""The worked examples BS-EX-1..10 of shared/rules/badam-satti.md, set up with rules.position."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook import CardSet, IllegalMove, load_rules
from rulebook.games.sevens import PASS, Play, SevensOutcome
from rulebook.games.sevens.core import round_places, shuffle_order


def moves(state):
    return [str(m) for m in state.legal_moves()]


@pytest.mark.clause("BS-EX-1", "BS-DEAL-5", "BS-DEAL-6", "BS-DEAL-7")
@pytest.mark.parametrize("profile", ["badam-satti", "badam-satti-app", "sevens"])
def test_BS_EX_1_five_players_dealer_two(profile):
    rules = load_rules(profile)
    match = rules.new_match(players=5, seed=11, dealer=2)
    deal = match.current
    first = shuffle_order(match.deal_seed(0))[0]
    assert deal.hand(3).mask >> first & 1, "the first card goes to seat 3"
    assert deal.hand_sizes == (10, 10, 10, 11, 11)
    # finish the first deal, then the next is dealt by seat 3
    from rulebook.protocol import autoplay
    done = autoplay(deal, "random", seed=1)
    nxt = match
    for move in done.history:
        nxt = nxt.play(move)
    assert len(nxt.deals) == 1 and nxt.current.dealer == 3
    assert nxt.current.hand_sizes == (11, 10, 10, 10, 11)


EX2_TABLE = "4S-TS 7H-QH 3C-8C"
EX2_HAND = "3S JS KH 2C 9C 7D 8D AH"


def ex2(**options):
    return load_rules("badam-satti", **options).position(
        table=EX2_TABLE, hands=[EX2_HAND, None, None, None], to_move=0)


@pytest.mark.clause("BS-EX-2", "BS-MOVE-1", "BS-MOVE-2", "BS-MOVE-3", "BS-MOVE-4", "BS-INFO-2")
def test_BS_EX_2_classic():
    state = ex2()
    assert moves(state) == ["2C", "3S", "7D", "9C", "JS", "KH"]  # canonical order
    assert set(moves(state)) == {"3S", "JS", "KH", "2C", "9C", "7D"}
    for bad in ("8D", "AH", "pass"):
        assert not state.explain(bad).legal
    assert "diamonds have no row yet" in state.explain("8D").reason
    assert "6♥" in state.explain("AH").reason
    assert "you can play 2♣, 3♠, 7♦, 9♣, J♠ or K♥" in state.explain("pass").reason
    assert state.playable() == CardSet("3S JS 6H KH 2C 9C 7D")


@pytest.mark.clause("BS-EX-2", "BS-HR-5", "BS-HR-9")
def test_BS_EX_2_with_sevens_first_or_with_limited_passes():
    assert moves(ex2(sevens_first=True)) == ["7D"]
    assert "Sevens first" in ex2(sevens_first=True).explain("JS").reason
    limited = ex2(limited_passes=True)
    assert moves(limited) == ["2C", "3S", "7D", "9C", "JS", "KH", "pass"]
    assert limited.explain("pass").legal


@pytest.mark.clause("BS-EX-3", "BS-ROW-2", "BS-HR-13")
def test_BS_EX_3_ace_low_and_ace_high():
    classic = load_rules("badam-satti").position(
        table="6H-KH 2S-9S", hands=["AH AS TS 5H", None, None, None])
    assert set(moves(classic)) == {"5H", "AS", "TS"}
    assert not classic.explain("AH").legal
    high = load_rules("badam-satti", ace_high=True).position(
        table="6H-KH 2S-9S", hands=["AH AS TS 5H", None, None, None])
    assert set(moves(high)) == {"5H", "AH", "TS"}
    reason = high.explain("AS")
    assert not reason.legal and "BS-HR-13" in reason.clauses


@pytest.mark.clause("BS-EX-4", "BS-HR-15")
def test_BS_EX_4_eight_before_six():
    hands = ["6D 8D 3C", None, None, None]
    classic = load_rules("badam-satti").position(table="7D", hands=hands)
    assert set(moves(classic)) == {"6D", "8D"}
    rules = load_rules("badam-satti", eight_before_six=True)
    state = rules.position(table="7D", hands=hands)
    assert moves(state) == ["8D"]
    assert "8♦" in state.explain("6D").reason
    # once 8D is on the table, whoever played it, 6D is playable
    other = rules.position(table="7D", hands=["6D 3C", "8D", None, None], to_move=1)
    assert "8D" in moves(other)
    after = other.play("8D")
    assert "6D" in after.playable()


def ex5_state(profile="badam-satti", **options):
    return load_rules(profile, **options).position(
        table="6H-8H 7S", hands=[None, None, None, "5H 9H TH 6S 8S 7C 7D"], to_move=2)


@pytest.mark.clause("BS-EX-5", "BS-INFO-2", "BS-INFO-3", "BS-INFO-4", "BS-INFO-5")
def test_BS_EX_5_passes_prove_absence():
    state = ex5_state()
    assert state.playable() == CardSet("5H 9H 6S 8S 7C 7D")
    state = state.play("pass")
    assert state.known_absent(2) == CardSet("5H 9H 6S 8S 7C 7D")
    assert state.events[-1].playable == CardSet("5H 9H 6S 8S 7C 7D")
    state = state.play("9H").play("pass").play("pass")
    assert state.to_move == 2
    state = state.play("pass")
    assert state.events[-1].playable == CardSet("5H TH 6S 8S 7C 7D")
    assert state.known_absent(2) == CardSet("5H 9H TH 6S 8S 7C 7D")


@pytest.mark.clause("BS-EX-5", "BS-INFO-6", "BS-CHIP-4")
def test_BS_EX_5_limited_passes_and_chips():
    state = ex5_state(limited_passes=True)
    for move in ("pass", "9H", "pass", "pass", "pass"):
        state = state.play(move)
    assert all(not state.known_absent(s) for s in range(4))
    chips = ex5_state("sevens")
    assert chips.stacks == (-1, -1, -1, -1) and chips.pool == 4
    for move in ("pass", "9H", "pass", "pass", "pass"):
        chips = chips.play(move)
    assert chips.stacks == (-2, -2, -3, -1) and chips.pool == 8
    assert "1 chip" in ex5_state("sevens").explain("pass").reason


EX6_TABLE = "AC-QC 2D-JD AH-TH 2S-QS"
EX6_HANDS = ["KH QD", "KS", "KC JH AD", "KD QH AS"]


def ex6(profile="badam-satti", **options):
    state = load_rules(profile, **options).position(table=EX6_TABLE, hands=EX6_HANDS,
                                                    to_move=1)
    return state.play("KS")


@pytest.mark.clause("BS-EX-6", "BS-END-2", "BS-END-3", "BS-END-4", "BS-END-5", "BS-END-6",
                    "BS-END-7", "BS-HR-7")
@pytest.mark.parametrize("profile, options, points, places", [
    ("badam-satti", {}, (25, 0, 25, 26), (2, 1, 2, 4)),
    ("badam-satti", {"flat_10": True}, (20, 0, 30, 30), (2, 1, 3, 3)),
    ("badam-satti-app", {"scoring": "app"}, (20, 0, 21, 21), None),
    ("badam-satti-app", {"scoring": "court_11_12_13"}, (25, 0, 25, 26), None),
    ("badam-satti-app", {"scoring": "one_per_card"}, (2, 0, 3, 3), None),
], ids=["classic_default", "with_flat_10", "app_default_scoring", "app_with_court_11_12_13",
        "app_with_one_per_card"])
def test_BS_EX_6_scores(profile, options, points, places):
    state = ex6(profile, **options)
    assert state.is_over and state.outcome.winner == 1
    assert state.outcome.points == points
    if places is not None:
        assert state.outcome.places == places


def _outcome(points, winner, cards):
    places = round_places(points, winner)
    return SevensOutcome(places=places, winners=(winner,), summary="", winner=winner,
                         points=tuple(points), cards_left=tuple(cards))


@pytest.mark.clause("BS-EX-7", "BS-MATCH-3", "BS-MATCH-4", "BS-MATCH-5")
@pytest.mark.parametrize("options", [{"round_count": 3}, {}],
                         ids=["with_round_count_3", "default_options"])
def test_BS_EX_7_tie_break_chain(options):
    """The chain decides the same way whatever the match length: under the default options
    (5 rounds) the same three rounds, scored so far, are ordered the same."""
    rules = load_rules("badam-satti", **options)
    rounds = [_outcome((0, 10, 20), 0, (0, 2, 3)), _outcome((15, 0, 20), 1, (2, 0, 3)),
              _outcome((5, 10, 0), 2, (2, 2, 0))]
    result = rules.match_result(rounds, 3)
    assert result.totals == (20, 20, 40)
    assert result.tie_break[0]["average_position"] == Fraction(5, 3)
    assert result.tie_break[1]["average_position"] == Fraction(2)
    assert result.tie_break[0]["rounds_won"] == result.tie_break[1]["rounds_won"] == 1
    assert result.places == (1, 2, 3) and result.winners == (0,)
    rounds[2] = _outcome((5, 10, 0), 2, (2, 1, 0))  # B held one card (a TS)
    result = rules.match_result(rounds, 3)
    assert result.places == (2, 1, 3) and result.winners == (1,)


@pytest.mark.clause("BS-EX-8", "BS-CHIP-2", "BS-CHIP-3", "BS-CHIP-5", "BS-CHIP-7")
def test_BS_EX_8_chips():
    rules = load_rules("sevens")
    fresh = rules.new_deal(players=4, seed=5)
    assert fresh.stacks == (-1, -1, -1, -1) and fresh.pool == 4
    state = rules.position(
        table="AC-KC AD-KD AS-QS 6H-7H",
        hands=["KS", "AH 2H 3H 4H", "5H 8H", "9H TH JH QH KH"], to_move=0,
        stacks=[-1, -3, -1, -2], pool=7)
    end = state.play("KS")
    assert end.stacks == (17, -7, -3, -7) and end.pool == 0
    assert sum(end.stacks) == 0
    assert end.outcome.points == (17, -7, -3, -7)


EX9A_HANDS = ["9H KC", "2S QD", "QC 3S AS JD KD TH JH QH KH"]


@pytest.mark.clause("BS-EX-9", "BS-HR-8", "BS-HR-9", "BS-HR-10", "BS-OPEN-5")
def test_BS_EX_9_position_a_with_limited_passes():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="AC-JC 4S-KS AD-TD AH-8H", hands=EX9A_HANDS, to_move=0,
                           passes_left=[2, 0, 3])
    assert state.playable() == CardSet("9H QC 3S JD")
    assert moves(state) == ["9H", "pass"]
    state = state.play("pass")
    assert state.passes_left[0] == 1
    assert state.eliminated == (1,)
    assert state.events[-1].kind == "eliminated" and state.events[-1].seat == 1
    assert state.to_move == 2
    state = state.play("QC")
    assert state.to_move == 0, "the eliminated seat 1 is skipped"
    assert state.history[-1] is Play("QC") and len(state.history) == 2


@pytest.mark.clause("BS-EX-9", "BS-HR-12", "BS-END-8", "BS-MATCH-4")
def test_BS_EX_9_position_b_with_limited_passes():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"],
                           to_move=0, passes_left=[0, 0, 0], eliminated=[1])
    assert state.playable() == CardSet("2S QD")
    assert state.is_over and state.history == ()
    assert [(e.seat, e.kind) for e in state.events] == [(0, "eliminated"), (2, "eliminated")]
    out = state.outcome
    assert out.winner is None and out.winners == ()
    assert out.points == (1, 14, 13)
    assert out.places == (1, 3, 2)
    result = load_rules("badam-satti", limited_passes=True, round_count=3).match_result(
        [out], 3)
    assert all(d["rounds_won"] == 0 for d in result.tie_break)


EX10_TABLE = "AS-QS 5H-KH AD-QD AC-KC"
EX10_HANDS = ["KD", "4H 3H 2H", "KS", "AH"]


@pytest.mark.clause("BS-EX-9", "BS-MOVE-3", "BS-MOVE-4")
def test_BS_EX_9_under_the_default_options_there_are_no_eliminations():
    """BS-EX-9 needs limited_passes: in classic play seat 0 must play 9H (no pass), and a
    stuck player passes instead of being eliminated, so the round goes on."""
    rules = load_rules("badam-satti")
    a = rules.position(table="AC-JC 4S-KS AD-TD AH-8H", hands=EX9A_HANDS, to_move=0)
    assert moves(a) == ["9H"]
    a = a.play("9H")
    assert a.to_move == 1 and moves(a) == ["pass"] and not a.eliminated
    b = rules.position(table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"], to_move=0)
    assert moves(b) == ["pass"]
    b = b.play("pass")
    assert b.to_move == 1 and moves(b) == ["2S", "QD"] and not b.is_over


@pytest.mark.clause("BS-EX-10", "BS-HR-16", "BS-HR-17", "BS-OPEN-5")
def test_BS_EX_10_with_one_final_turn():
    rules = load_rules("badam-satti", one_final_turn=True)
    state = rules.position(table=EX10_TABLE, hands=EX10_HANDS, to_move=2).play("KS")
    assert not state.is_over and state.winner == 2 and state.to_move == 3
    assert state.playable() == CardSet("4H KD")
    assert moves(state) == ["pass"]
    state = state.play("pass")
    assert state.to_move == 0
    state = state.play("KD")
    assert state.to_move == 1 and not state.is_over
    assert moves(state) == ["4H"]
    with pytest.raises(IllegalMove):
        state.play(PASS)
    state = state.play("4H")
    assert state.is_over
    out = state.outcome
    assert out.winner == 2 and out.winners == (2,)
    assert out.points == (0, 5, 0, 1)
    assert out.places == (2, 4, 1, 3)


@pytest.mark.clause("BS-EX-10", "BS-END-1")
def test_BS_EX_10_under_the_default_options_without_final_turns():
    state = load_rules("badam-satti").position(table=EX10_TABLE, hands=EX10_HANDS,
                                               to_move=2).play("KS")
    assert state.is_over
    assert state.outcome.points == (13, 9, 0, 1)
    assert state.outcome.places == (4, 3, 1, 2)
