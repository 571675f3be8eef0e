"""Clause tests for the Sevens family (BS-DEAL, OPEN, ROW, MOVE, INFO, END, CHIP, HR)."""
from __future__ import annotations

import pytest

from rulebook import CardSet, IllegalMove, RulesError, load_rules
from rulebook.cards import FULL_MASK
from rulebook.protocol import autoplay
from rulebook.rules import TOPICS
from rulebook.games.sevens import PASS, Play, SevensView
from rulebook.games.sevens.core import (
    HAND_SIZES,
    card_values,
    deal_hands,
    playable_mask,
    shuffle_order,
)

PROFILES = ["badam-satti", "badam-satti-app", "sevens"]
HOUSE = ["sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
         "one_final_turn"]


def texts(state):
    return [str(m) for m in state.legal_moves()]


def partial(state, n, seed=0):
    """Play ``n`` random legal moves (fewer if the deal ends)."""
    import random

    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


# -- players and deal ------------------------------------------------------------------
@pytest.mark.clause("BS-DEAL-1")
def test_BS_DEAL_1_classic_takes_3_to_6():
    rules = load_rules("badam-satti")
    for n in range(3, 7):
        assert rules.new_deal(players=n).players == n
    for n in (2, 7):
        with pytest.raises(RulesError, match="3 to 6"):
            rules.new_deal(players=n)


@pytest.mark.clause("BS-DEAL-2")
@pytest.mark.parametrize("profile", ["badam-satti-app", "sevens"])
def test_BS_DEAL_2_app_and_sevens_take_3_to_7(profile):
    rules = load_rules(profile)
    assert rules.new_deal(players=7).players == 7
    assert rules.new_deal(players=3).players == 3
    for n in (2, 8):
        with pytest.raises(RulesError, match="3 to 7"):
            rules.new_deal(players=n)


@pytest.mark.clause("BS-DEAL-3")
@pytest.mark.parametrize("profile", PROFILES)
def test_BS_DEAL_3_every_card_dealt_no_stock(profile):
    for n in (3, 4, 5, 6):
        state = load_rules(profile).new_deal(players=n, seed=n)
        masks = [h.mask for h in state.hands]
        union = 0
        for m in masks:
            assert union & m == 0
            union |= m
        assert union == FULL_MASK and state.table.mask == 0


@pytest.mark.clause("BS-DEAL-4")
def test_BS_DEAL_4_first_dealer_is_a_parameter():
    rules = load_rules("badam-satti")
    assert rules.new_match(players=4, seed=1).current.dealer == 0
    assert rules.new_match(players=4, seed=1, dealer=2).current.dealer == 2
    assert rules.new_deal(players=4, seed=1).dealer == 0


@pytest.mark.clause("BS-DEAL-5")
@pytest.mark.parametrize("dealer", [0, 1, 4])
def test_BS_DEAL_5_one_at_a_time_from_dealers_left(dealer):
    order = shuffle_order(99)
    hands = deal_hands(99, 5, dealer)
    for k, index in enumerate(order):
        assert hands[(dealer + 1 + k) % 5] >> index & 1
    assert sorted(order) == list(range(52))
    assert shuffle_order(99) == order and shuffle_order(98) != order


@pytest.mark.clause("BS-DEAL-6")
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_BS_DEAL_6_hand_sizes(n):
    for dealer in range(n):
        state = load_rules("sevens").new_deal(players=n, seed=3, dealer=dealer)
        listed = [state.hand_sizes[(dealer + 1 + k) % n] for k in range(n)]
        assert tuple(listed) == HAND_SIZES[n]


@pytest.mark.clause("BS-DEAL-7")
def test_BS_DEAL_7_dealer_rotates_left():
    match = load_rules("badam-satti").new_match(players=3, seed=4, dealer=2).autoplay()
    assert [d.dealer for d in match.deals] == [2, 0, 1, 2, 0]


# -- opening and turn order ------------------------------------------------------------
@pytest.mark.clause("BS-OPEN-1", "BS-OPEN-3")
@pytest.mark.parametrize("profile", ["badam-satti", "badam-satti-app"])
def test_BS_OPEN_1_seven_of_hearts_opens(profile):
    for seed in range(6):
        for dealer in range(4):
            state = load_rules(profile).new_deal(players=4, seed=seed, dealer=dealer)
            assert "7H" in state.hand(state.to_move)
            assert texts(state) == ["7H"]


@pytest.mark.clause("BS-OPEN-2", "BS-OPEN-3")
def test_BS_OPEN_2_seven_of_diamonds_opens_sevens():
    for seed in range(6):
        state = load_rules("sevens").new_deal(players=5, seed=seed, dealer=seed % 5)
        assert "7D" in state.hand(state.to_move)
        assert texts(state) == ["7D"]


@pytest.mark.clause("BS-OPEN-4")
@pytest.mark.parametrize("house", HOUSE)
def test_BS_OPEN_4_only_the_opening_card_under_any_house_rule(house):
    rules = load_rules("badam-satti", **{house: True})
    for seed in range(10):
        state = rules.new_deal(players=4, seed=seed)
        assert state.legal_moves() == [Play("7H")]
        assert not state.explain("pass").legal
        other = next(c for c in state.hand(state.to_move) if c.text != "7H")
        why = state.explain(other.text)
        assert not why.legal and "BS-OPEN-4" in why.clauses
        with pytest.raises(IllegalMove):
            state.play("pass")


@pytest.mark.clause("BS-OPEN-5")
def test_BS_OPEN_5_next_turn_to_the_left():
    state = load_rules("badam-satti").new_deal(players=5, seed=2)
    for _ in range(12):
        seat = state.to_move
        state = state.play(state.legal_moves()[0])
        assert state.to_move == (seat + 1) % 5


# -- rows ------------------------------------------------------------------------------
@pytest.mark.clause("BS-ROW-1")
def test_BS_ROW_1_only_the_seven_opens_a_row():
    state = load_rules("badam-satti").position(table="7H", hands=["7D 8D 6D", None, None])
    assert texts(state) == ["7D"]
    assert "only 7♦ can start it" in state.explain("8D").reason
    after = state.play("7D")
    assert after.rows()["D"] == (after.table.by_suit("D").cards()[0],) * 2


@pytest.mark.clause("BS-ROW-2")
def test_BS_ROW_2_ace_low_king_high():
    table = CardSet("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS").mask
    assert CardSet(playable_mask(table)) & CardSet.parse(
        " ".join(c + "S" for c in "A23456789TJQK")) == CardSet("AS")


@pytest.mark.clause("BS-ROW-3")
def test_BS_ROW_3_rows_are_unbroken_runs_with_their_seven():
    rules = load_rules("badam-satti")
    state = rules.position(table="4S-TS 7H-QH", hands=["2S", None, None])
    assert {s: (lo.text, hi.text) for s, (lo, hi) in state.rows().items()} == \
        {"S": ("4S", "TS"), "H": ("7H", "QH")}
    assert state.explain("2S").reason == (
        "2♠ cannot be played: the spades row runs 4♠ to 10♠, so only 3♠ or J♠ can join it now.")
    with pytest.raises(Exception, match="unbroken"):
        rules.position(table="7H 5H", hands=[None, None, None])


@pytest.mark.clause("BS-ROW-4")
def test_BS_ROW_4_nothing_beyond_the_ends():
    table = CardSet("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").mask
    assert playable_mask(table) & CardSet("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").mask == 0
    assert playable_mask(table | (1 << 27)) == playable_mask(table | (1 << 27))
    high = CardSet("7H 8H 9H TH JH QH KH").mask
    assert CardSet(playable_mask(high)) & CardSet("AH 2H 3H 4H 5H 6H") == CardSet("6H")


# -- legal actions ---------------------------------------------------------------------
@pytest.mark.clause("BS-MOVE-1")
def test_BS_MOVE_1_playable_cards():
    assert CardSet(playable_mask(0)) == CardSet("7C 7D 7H 7S")
    table = CardSet("6H 7H 8H").mask
    assert CardSet(playable_mask(table)) == CardSet("5H 9H 7C 7D 7S")


@pytest.mark.clause("BS-MOVE-2")
def test_BS_MOVE_2_one_action_per_turn():
    state = load_rules("badam-satti").new_deal(players=4, seed=8)
    after = state.play("7H")
    assert len(after.table) == 1 and after.to_move != state.to_move
    assert sum(after.hand_sizes) == 51
    card = next(iter(after.hand((after.to_move + 1) % 4)))
    assert not after.explain(card.text).legal  # not in the mover's hand


@pytest.mark.clause("BS-MOVE-3")
def test_BS_MOVE_3_must_play_but_may_keep_a_seven_back():
    state = load_rules("badam-satti").position(table="7H", hands=["8H 7S", None, None])
    assert texts(state) == ["7S", "8H"]
    assert not state.explain("pass").legal
    assert state.play("8H").table == CardSet("7H 8H")


@pytest.mark.clause("BS-MOVE-4")
@pytest.mark.parametrize("profile", PROFILES)
def test_BS_MOVE_4_stuck_player_must_pass(profile):
    table = "7H 7D"
    state = load_rules(profile).position(table=table, hands=["AC 2C", None, None])
    assert texts(state) == ["pass"]
    why = state.explain("pass")
    assert why.legal and why.reason.startswith("You must pass: none of your cards (A♣ 2♣)")


@pytest.mark.clause("BS-MOVE-5")
def test_BS_MOVE_5_illegal_move_is_rejected_and_state_unchanged():
    state = load_rules("badam-satti").new_deal(players=4, seed=1)
    before = (state.hands, state.table, state.to_move, state.history)
    with pytest.raises(IllegalMove) as info:
        state.play("pass")
    assert info.value.explanation.reason == state.explain("pass").reason
    assert (state.hands, state.table, state.to_move, state.history) == before


# -- information ------------------------------------------------------------------------
@pytest.mark.clause("BS-INFO-1")
def test_BS_INFO_1_view_holds_only_public_facts_and_own_hand():
    state = partial(load_rules("badam-satti", limited_passes=True).new_deal(seed=4), 20)
    view = state.view(1)
    assert isinstance(view, SevensView)
    assert view.hand == state.hand(1)
    assert view.hand_sizes == state.hand_sizes and view.table == state.table
    assert view.passes_left == state.passes_left and view.events == state.events
    public = {name for name in SevensView.__slots__}
    assert not any("hands" == n for n in public)
    for name in public:
        value = getattr(view, name)
        assert value is not state
        if isinstance(value, tuple) and name == "hand_sizes":
            assert all(isinstance(v, int) for v in value)


@pytest.mark.clause("BS-INFO-2")
def test_BS_INFO_2_playable_set_is_public_and_shared():
    state = partial(load_rules("badam-satti").new_deal(seed=6), 15)
    assert all(state.view(s).playable() == state.playable() for s in range(4))
    assert state.playable().mask == playable_mask(state.table.mask)


@pytest.mark.clause("BS-INFO-3", "BS-INFO-4", "BS-INFO-5")
def test_BS_INFO_3_to_5_passes_record_the_playable_set():
    state = autoplay(load_rules("badam-satti").new_deal(seed=12), "random", seed=3)
    absent = [0] * 4
    for event in state.events:
        if event.kind == "pass":
            assert event.playable is not None
            absent[event.seat] |= event.playable.mask
    for seat in range(4):
        assert state.known_absent(seat).mask == absent[seat]
        # proven absent cards really are absent (and never come back)
        assert not state.known_absent(seat) & state.hand(seat)
    assert any(absent)


@pytest.mark.clause("BS-INFO-6")
def test_BS_INFO_6_limited_passes_prove_nothing_but_eliminations_do():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="AC-JC 4S-KS AD-TD AH-8H",
                           hands=["9H KC", "2S QD", "QC 3S AS JD KD TH JH QH KH"],
                           passes_left=[2, 0, 3]).play("pass")
    assert not state.known_absent(0)
    assert state.known_absent(1) == CardSet("9H QC 3S JD")
    assert state.view(2).known_absent(1) == CardSet("9H QC 3S JD")


# -- round end and points -----------------------------------------------------------------
@pytest.mark.clause("BS-END-1")
@pytest.mark.parametrize("profile", PROFILES)
def test_BS_END_1_round_ends_when_a_hand_empties(profile):
    for seed in range(5):
        state = autoplay(load_rules(profile).new_deal(seed=seed), "random", seed=seed)
        w = state.outcome.winner
        assert state.hand(w).mask == 0 and state.to_move is None
        assert str(state.history[-1]) in [e.card.text for e in state.events if e.seat == w
                                          and e.kind == "play"]


@pytest.mark.clause("BS-END-2", "BS-END-3", "BS-END-4")
def test_BS_END_2_to_4_point_values():
    classic = card_values("classic")
    assert [classic[r * 4] for r in range(13)] == list(range(1, 14))
    app = card_values("app")
    assert [app[r * 4] for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    for profile in ("badam-satti", "badam-satti-app"):
        state = autoplay(load_rules(profile).new_deal(seed=9), "random", seed=9)
        rules = state.rules
        for seat in range(4):
            expected = 0 if seat == state.outcome.winner else sum(
                rules.values[c.index] for c in state.hand(seat))
            assert state.outcome.points[seat] == expected


@pytest.mark.clause("BS-END-5")
def test_BS_END_5_scoring_option():
    assert load_rules("badam-satti-app").scoring == "app"
    assert load_rules("badam-satti-app", scoring="one_per_card").values == (1,) * 52
    assert load_rules("badam-satti-app", scoring="court_11_12_13").values == \
        card_values("classic")
    with pytest.raises(RulesError, match="one_per_card"):
        load_rules("badam-satti-app", scoring="double")


@pytest.mark.clause("BS-END-6", "BS-END-7")
def test_BS_END_6_7_positions():
    state = load_rules("badam-satti").position(
        table="AC-QC 2D-JD AH-TH 2S-QS", hands=["KH QD", "KS", "KC JH AD", "KD QH AS"],
        to_move=1).play("KS")
    assert state.outcome.places == (2, 1, 2, 4)


@pytest.mark.clause("BS-END-8")
def test_BS_END_8_no_winner_places_by_points():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"],
                           passes_left=[0, 0, 0], eliminated=[1])
    assert state.outcome.winner is None and state.outcome.places == (1, 3, 2)


# -- chips ----------------------------------------------------------------------------------
@pytest.mark.clause("BS-CHIP-1", "BS-CHIP-3", "BS-CHIP-5", "BS-CHIP-6")
def test_BS_CHIP_1_3_5_6_settled_in_chips():
    rules = load_rules("sevens")
    state = rules.new_deal(players=4, seed=2)
    assert state.stacks == (-1,) * 4 and state.pool == 4  # antes, below zero allowed
    end = autoplay(state, "random", seed=4)
    out = end.outcome
    assert out.chips == end.stacks and end.pool == 0
    w = out.winner
    for seat in range(4):
        if seat != w:
            assert out.points[seat] == -1 - out.passes[seat] - out.cards_left[seat]
    assert sum(out.points) == 0
    assert "points" not in out.summary and "chips" in out.summary


@pytest.mark.clause("BS-CHIP-2", "BS-CHIP-4", "BS-CHIP-7")
def test_BS_CHIP_2_4_7_stacks_passes_and_conservation():
    rules = load_rules("sevens", stack=10)
    state = rules.new_deal(players=5, seed=3)
    assert state.stacks == (9,) * 5
    while not state.is_over:
        move = state.legal_moves()[-1]
        before = state.stacks[state.to_move]
        seat = state.to_move
        nxt = state.play(move)
        if move is PASS:
            assert nxt.stacks[seat] == before - 1
        assert sum(nxt.stacks) + nxt.pool == 50
        state = nxt
    assert state.pool == 0 and sum(state.stacks) == 50


# -- house rules -----------------------------------------------------------------------------
@pytest.mark.clause("BS-HR-1")
def test_BS_HR_1_house_rules_are_switches_off_by_default():
    rules = load_rules("badam-satti")
    assert all(rules.option(h) is False for h in HOUSE)
    assert rules.option("round_count") == 5
    for n in (3, 7):
        assert load_rules("badam-satti", round_count=n).match_length() == n
    with pytest.raises(RulesError, match="round_count"):
        load_rules("badam-satti", round_count=4)


@pytest.mark.clause("BS-HR-2")
def test_BS_HR_2_ranked_refuses_house_rules_naming_each():
    with pytest.raises(RulesError) as info:
        load_rules("badam-satti", ranked=True, sevens_first=True, ace_high=True)
    # each house rule by its label, as a learner reads it
    assert "Sevens first" in str(info.value) and "Aces high (after the king)" in str(info.value)
    assert "Aces and faces worth 10" not in str(info.value)
    assert load_rules("badam-satti", ranked=True).option("ranked") is True


@pytest.mark.clause("BS-HR-3")
def test_BS_HR_3_round_count_counts_only_when_not_five():
    assert load_rules("badam-satti", ranked=True, round_count=5).match_length() == 5
    with pytest.raises(RulesError, match="Rounds in a match"):
        load_rules("badam-satti", ranked=True, round_count=7)
    assert load_rules("badam-satti").option("ranked") is False


@pytest.mark.clause("BS-HR-4")
@pytest.mark.parametrize("profile", ["badam-satti-app", "sevens"])
@pytest.mark.parametrize("house", HOUSE + ["round_count"])
def test_BS_HR_4_app_and_sevens_refuse_house_rules(profile, house):
    value = 3 if house == "round_count" else True
    with pytest.raises(RulesError) as info:
        load_rules(profile, **{house: value})
    assert house in str(info.value) and profile in str(info.value)
    assert "valid options are" in str(info.value)


@pytest.mark.clause("BS-HR-5")
def test_BS_HR_5_sevens_first():
    rules = load_rules("badam-satti", sevens_first=True)
    state = rules.position(table="7H", hands=["8H 7S 7C", None, None])
    assert texts(state) == ["7C", "7S"]
    assert "BS-HR-5" in state.explain("8H").clauses


@pytest.mark.clause("BS-HR-6")
def test_BS_HR_6_no_voluntary_pass_while_holding_a_seven():
    rules = load_rules("badam-satti", sevens_first=True, limited_passes=True)
    state = rules.position(table="7H", hands=["8H 7S", None, None])
    assert texts(state) == ["7S"]
    assert "BS-HR-6" in state.explain("pass").clauses
    free = rules.position(table="7H", hands=["8H 2S", None, None])
    assert texts(free) == ["8H", "pass"]


@pytest.mark.clause("BS-HR-7", "BS-HR-14")
def test_BS_HR_7_14_flat_ten_and_the_ace():
    flat = load_rules("badam-satti", flat_10=True).values
    assert [flat[r * 4] for r in range(13)] == [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert load_rules("badam-satti", ace_high=True).values[0] == 1
    assert load_rules("badam-satti", ace_high=True, flat_10=True).values[3] == 10


@pytest.mark.clause("BS-HR-8", "BS-HR-9")
def test_BS_HR_8_9_three_passes_voluntary():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="7H", hands=["8H 2C", None, None])
    assert state.passes_left == (3, 3, 3)
    assert texts(state) == ["8H", "pass"]
    after = state.play("pass")
    assert after.passes_left == (2, 3, 3)


@pytest.mark.clause("BS-HR-10", "BS-HR-11")
def test_BS_HR_10_11_no_pass_left():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="7H", hands=["8H 2C", None, None], passes_left=[0, 3, 3])
    assert texts(state) == ["8H"]
    assert "BS-HR-11" in state.explain("pass").clauses
    stuck = rules.position(table="7H", hands=["2C 3C", None, None], passes_left=[0, 3, 3])
    assert stuck.eliminated == (0,) and stuck.to_move == 1
    assert stuck.hand(0) == CardSet("2C 3C")  # keeps the hand, scored at round end


@pytest.mark.clause("BS-HR-12")
def test_BS_HR_12_everyone_eliminated():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"],
                           passes_left=[0, 0, 0], eliminated=[1])
    assert state.is_over and state.outcome.winners == () and state.eliminated == (0, 1, 2)


@pytest.mark.clause("BS-HR-13")
def test_BS_HR_13_ace_high_row_order():
    table = CardSet("7S 8S 9S TS JS QS KS").mask
    assert CardSet(playable_mask(table, ace_high=True)) & CardSet("AS") == CardSet("AS")
    assert not CardSet(playable_mask(table)) & CardSet("AS")
    low = CardSet("2S 3S 4S 5S 6S 7S").mask
    assert not CardSet(playable_mask(low, ace_high=True)) & CardSet("AS")
    with_ace = CardSet("7S 8S 9S TS JS QS KS AS").mask
    assert not CardSet(playable_mask(with_ace, ace_high=True)) & CardSet("2S")


@pytest.mark.clause("BS-HR-15")
def test_BS_HR_15_six_waits_for_eight():
    assert not CardSet(playable_mask(CardSet("7C").mask, eight_before_six=True)) & CardSet("6C")
    assert CardSet(playable_mask(CardSet("7C 8C").mask, eight_before_six=True)) & \
        CardSet("6C") == CardSet("6C")
    # no other card is affected
    table = CardSet("7C 8C 7D").mask
    assert playable_mask(table, eight_before_six=True) == \
        playable_mask(table) & ~CardSet("6D").mask


@pytest.mark.clause("BS-HR-16", "BS-HR-17")
def test_BS_HR_16_17_final_turns_skip_eliminated_and_end():
    rules = load_rules("badam-satti", one_final_turn=True)
    for seed in range(8):
        end = autoplay(rules.new_deal(players=4, seed=seed), "random", seed=seed)
        w = end.outcome.winner
        first_out = next(i for i, _ in enumerate(end.history)
                         if end.start().play_all(end.history[:i + 1]).winner is not None)
        assert len(end.history) - first_out - 1 == 3  # three final turns
        assert end.outcome.places[w] == 1


@pytest.mark.clause("BS-HR-18", "BS-MATCH-2")
def test_BS_HR_18_round_count_sets_match_length():
    for n in (3, 5, 7):
        match = load_rules("badam-satti", round_count=n).new_match(players=3, seed=1)
        assert len(match.autoplay().deals) == n


# -- description ----------------------------------------------------------------------------
@pytest.mark.clause("BS-HR-1")
@pytest.mark.parametrize("profile", PROFILES)
def test_describe_covers_every_topic(profile):
    rows = load_rules(profile).describe()
    topics = {r.topic for r in rows}
    assert set(TOPICS) - {"house rules"} <= topics
    assert all(r.meaning and r.clauses for r in rows if r.topic != "house rules")
    opening = [r for r in rows if r.setting == "opening card"][0]
    assert opening.value == ("7♦" if profile == "sevens" else "7♥")


@pytest.mark.clause("BS-MOVE-1", "BS-ROW-3")
def test_BS_MOVE_1_a_row_of_one_seven_is_described_as_holding_only_it():
    rules = load_rules("badam-satti")
    state = rules.position(table="7D 3C-8C", hands=["KD 2C", None, None, None], to_move=0)
    assert state.explain("KD").reason == (
        "K♦ cannot be played: the diamonds row holds only 7♦, so only 6♦ or 8♦ can join it now.")


@pytest.mark.clause("BS-HR-8", "BS-MOVE-4")
def test_BS_HR_8_the_last_pass_is_counted_in_the_singular():
    rules = load_rules("badam-satti", limited_passes=True)
    state = rules.position(table="7H 7S 7C 7D", hands=["KH KS", None, None], passes_left=[1, 3, 3])
    reason = state.explain("pass").reason
    assert reason.endswith("it uses your last pass (the house rule Three passes per round).")
