"""A full fixed-limit Badugi hand: seats, betting, pots, draws, showdown (BDG-SEAT/BET/POT/DRAW/SHOW)
and the worked examples BDG-EX-3..10."""
from __future__ import annotations

import pytest

from rulebook import load_rules
from rulebook.games.badugi import Action, BadugiState, Draw
from rulebook.cards import CardSet
from rulebook.errors import IllegalMove, MoveError, PositionError, RulesError

RULES = load_rules("badugi")  # S = 10, every stack 100

BEST = "AC 2D 3H 4S"      # 4-3-2-A, the best badugi
TIE = "AS 2H 3D 4C"       # ties BEST
FIVE = "AH 2C 3S 5D"      # 5-3-2-A
KING = "9C TD JH KS"      # K-J-T-9 badugi
PAIRS = "KC KD QC QD"     # the two-card hand K-Q
SIX = "6C 7D 8H 9S"       # 9-8-7-6 badugi


def moves(state: BadugiState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def passive_move(state: BadugiState) -> BadugiState:
    """The next player stands pat in a draw, or checks (else calls) in a betting round."""
    if state.phase.startswith("D"):
        return state.play("pat")
    return state.play("check" if "check" in moves(state) else "call")


def check_through(state: BadugiState) -> BadugiState:
    """Everyone stands pat and checks (or calls) to the end."""
    while not state.is_over:
        state = passive_move(state)
    return state


def to_phase(state: BadugiState, phase: str) -> BadugiState:
    """Everyone plays passively until ``phase`` begins."""
    while state.phase != phase:
        state = passive_move(state)
    return state


# -- seats, stakes, blinds, deal ------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 9, 0])
def test_BDG_SEAT_1_two_to_eight_players(players: int) -> None:
    with pytest.raises(RulesError, match="2 to 8"):
        RULES.new_deal(players=players)
    for n in (2, 8):
        assert len(RULES.new_deal(players=n).dealt_in) == n
    with pytest.raises(RulesError, match="2 to 8"):
        load_rules("badugi", stacks=[100] * 9)
    with pytest.raises(RulesError, match="2 to 8 players dealt in"):
        load_rules("badugi", stacks=[100, 0, 0]).new_deal()


def test_BDG_SEAT_2_zero_stacks_sit_out_and_are_skipped_for_button_and_blinds() -> None:
    rules = load_rules("badugi", stacks=[100, 0, 100, 0, 100])
    state = rules.new_deal(dealer=1)           # seat 1 has no chips: the button skips to 2
    assert state.dealt_in == (0, 2, 4)
    assert state.button == 2
    assert state.blinds == (4, 0)
    assert state.hand(1) == CardSet() and state.hand(3) == CardSet()
    assert all(len(state.hand(j)) == 4 for j in (0, 2, 4))
    assert state.card_count() == 52
    assert RULES.new_deal().button == 0       # the default first button is seat 0
    # sitting-out seats never act
    end = check_through(state)
    assert all(a not in (1, 3) for a in end._actors)
    assert end.stacks[1] == 0 and end.stacks[3] == 0


def test_BDG_SEAT_3_button_moves_one_seat_clockwise_after_each_hand() -> None:
    state = check_through(RULES.new_deal(players=4, seed=3, dealer=2))
    assert state.next_button == 3
    nxt = RULES.next_hand(state)
    assert nxt.button == 3 and nxt.blinds == (0, 1)
    assert nxt.start_stacks == state.stacks
    # a seat knocked out is skipped when the button moves
    rules = load_rules("badugi", stacks=[100, 100, 0, 100])
    end = check_through(rules.new_deal(dealer=1))
    assert end.next_button == 3
    with pytest.raises(RulesError, match="not over"):
        RULES.next_hand(RULES.new_deal())


def test_BDG_SEAT_4_small_bet_at_least_two() -> None:
    with pytest.raises(RulesError, match="small_bet"):
        load_rules("badugi", small_bet=1)
    with pytest.raises(RulesError, match="small_bet"):
        load_rules("badugi", small_bet=2.5)
    assert load_rules("badugi", small_bet=2).new_deal().bets[1:3] == (1, 2)


@pytest.mark.parametrize("small_bet,blinds", [(10, (5, 10)), (5, (2, 5)), (3, (1, 3))])
def test_BDG_SEAT_5_blinds_floor_half_and_small_bet(small_bet: int, blinds: tuple[int, int]) -> None:
    state = load_rules("badugi", small_bet=small_bet).new_deal(players=4, dealer=1)
    assert state.blinds == (2, 3)
    assert (state.bets[2], state.bets[3]) == blinds
    assert state.stacks[2] == 100 - blinds[0] and state.stacks[3] == 100 - blinds[1]


def test_BDG_SEAT_6_heads_up_button_is_small_blind() -> None:
    state = RULES.new_deal(players=2, dealer=1)
    assert state.blinds == (1, 0)
    assert state.bets == (10, 5)


def test_BDG_SEAT_7_short_blind_posts_everything_and_is_all_in() -> None:
    rules = load_rules("badugi", stacks=[100, 3, 7])
    state = rules.new_deal(dealer=0)
    assert state.bets == (0, 3, 7)
    assert state.all_in == (1, 2)
    assert state.to_move == 0
    # seat 0 is the only one who can bet: it may call or fold, never raise (BDG-BET-9)
    assert moves(state) == ["fold", "call"]


def test_BDG_SEAT_8_four_private_cards_none_shared() -> None:
    state = RULES.new_deal(players=6, seed=11)
    cards = [state.hand(j) for j in range(6)]
    assert all(len(c) == 4 for c in cards)
    union = 0
    for c in cards:
        assert union & c.mask == 0
        union |= c.mask
    assert len(state.stub) == 52 - 24
    view = state.view(2)
    assert view.hand == state.hand(2)
    assert not hasattr(view, "hands")
    assert all(str(c) not in repr(view) for j in (0, 1, 3, 4, 5) for c in state.hand(j))


def test_BDG_SEAT_9_dealt_one_at_a_time_clockwise_from_button_left() -> None:
    state = RULES.new_deal(players=4, seed=5, dealer=2)
    deck = state.deck
    order = [3, 0, 1, 2]
    for k in range(16):
        assert deck[k] in state.hand(order[k % 4]), k
    assert state.stub == deck[16:]


# -- betting -------------------------------------------------------------------------------------

def test_BDG_BET_1_four_betting_rounds_with_draws_between() -> None:
    state = RULES.new_deal(players=3, seed=2)
    seen = [state.phase]
    while not state.is_over:
        state = check_through_one(state)
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert seen == ["R1", "D1", "R2", "D2", "R3", "D3", "R4", "over"]


def check_through_one(state: BadugiState) -> BadugiState:
    legal = moves(state)
    if state.phase.startswith("D"):
        return state.play("pat")
    return state.play("check" if "check" in legal else "call")


@pytest.mark.parametrize("phase,size", [("R1", 10), ("R2", 10), ("R3", 20), ("R4", 20)])
def test_BDG_BET_2_small_bet_then_big_bet(phase: str, size: int) -> None:
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, FIVE, BEST], button=0,
                           round=phase)
    before = state.bets
    level = max(before)
    move = "raise" if phase == "R1" else "bet"
    after = state.play(move)
    seat = state.to_move
    assert after.bets[seat] == level + size
    assert "BDG-BET-2" in state.explain(move).clauses


def test_BDG_BET_3_which_actions_exist() -> None:
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, FIVE, BEST], button=0,
                           round="R2")
    assert moves(state) == ["fold", "check", "bet"]
    e = state.explain("call")
    assert not e and "nothing to call" in e.reason
    assert not state.explain("raise") and "no one has bet" in state.explain("raise").reason
    s2 = state.play("bet")
    assert moves(s2) == ["fold", "call", "raise"]
    e = s2.explain("check")
    assert not e and "you must call 10, raise or fold" in e.reason
    assert not s2.explain("bet") and "already a bet" in s2.explain("bet").reason
    assert s2.play("call").bets == (0, 10, 10)
    assert s2.play("fold").folded == (2,)


def test_BDG_BET_4_cap_one_bet_three_raises_heads_up_too() -> None:
    state = RULES.position(stacks=[200, 200], hands=[KING, BEST], button=0, round="R2")
    state = state.play_all(["bet", "raise", "raise", "raise"])
    assert state.raises == 4
    assert moves(state) == ["fold", "call"]
    e = state.explain("raise")
    assert not e
    assert e.reason == ("Raise is not allowed: the cap of one bet and three raises is reached "
                        "in this round, so you may only call or fold.")
    assert "BDG-BET-4" in e.clauses
    with pytest.raises(IllegalMove, match="cap"):
        state.play("raise")


def test_BDG_BET_5_big_blind_is_the_first_bet_of_R1() -> None:
    state = RULES.new_deal(players=3, dealer=0)
    assert state.raises == 1
    assert not state.explain("bet") and "big blind counts as the bet" in state.explain("bet").reason
    state = state.play_all(["raise", "raise", "raise"])
    assert max(state.bets) == 40
    assert moves(state) == ["fold", "call"]
    assert "BDG-BET-5" in state.explain("raise").clauses


def test_BDG_BET_6_blinds_live_big_blind_may_check_or_raise() -> None:
    state = RULES.new_deal(players=3, dealer=0).play_all(["call", "call"])
    assert state.to_move == 2
    assert moves(state) == ["fold", "check", "raise"]
    assert state.bets == (10, 10, 10)   # the small blind's 5 counted toward its 10
    assert "BDG-BET-6" in state.explain("check").clauses
    assert state.play("check").phase == "D1"
    raised = state.play("raise")
    assert raised.to_move == 0 and raised.bets[2] == 20


def test_BDG_BET_7_who_starts_each_round() -> None:
    state = RULES.new_deal(players=5, dealer=1)
    assert state.blinds == (2, 3) and state.to_move == 4      # left of the big blind
    state = state.play_all(["call", "call", "call", "call", "check"])
    assert state.phase == "D1" and state.to_move == 2         # the draw: left of the button
    state = state.play_all(["pat"] * 5)
    assert state.phase == "R2" and state.to_move == 2
    # if the seat left of the button has folded, the next one starts
    state = RULES.new_deal(players=5, dealer=1).play_all(["call", "call", "call", "fold",
                                                           "check"])
    assert state.folded == (2,) and state.to_move == 3
    state = state.play_all(["pat"] * 4)
    assert state.phase == "R2" and state.to_move == 3


def test_BDG_BET_8_heads_up_button_first_in_R1_last_after() -> None:
    state = RULES.new_deal(players=2, dealer=0)
    assert state.to_move == 0
    state = state.play_all(["call", "check", "pat", "pat"])
    assert state.phase == "R2" and state.to_move == 1
    state = state.play("bet")
    assert state.to_move == 0


def test_BDG_BET_9_round_end_and_betting_stops_with_one_player_able() -> None:
    # round ends once everyone able has acted and matched
    state = RULES.new_deal(players=3, dealer=0).play_all(["call", "call"])
    assert state.phase == "R1"        # the big blind has not acted yet
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, FIVE, BEST], button=0,
                           round="R2").play_all(["bet", "raise", "call"])
    assert state.phase == "R2" and state.to_move == 1
    assert state.play("call").phase == "D2"
    # seat 2 all in: seat 1 is the only one able; after it calls, no more betting,
    # but the draws and the showdown still happen
    state = RULES.position(stacks=[100, 100, 5], hands=[KING, FIVE, BEST], button=0,
                           round="R2", folded=[0]).play("bet")
    assert state.to_move == 2 and moves(state) == ["fold", "call"]
    state = state.play("call")
    assert state.all_in == (2,) and state.phase == "D2"
    state = state.play_all(["pat", "pat"])  # R3 skipped
    assert state.phase == "D3"
    state = state.play_all(["pat", "draw 4S"])
    assert state.is_over and state.outcome.revealed == (1, 2)
    assert state.history[-1] == Draw(CardSet("4S").mask)


def test_BDG_BET_10_illegal_action_is_rejected_state_unchanged() -> None:
    state = RULES.new_deal(players=3, seed=4)
    before = (state.bets, state.stacks, state.to_move, state.history)
    with pytest.raises(IllegalMove) as info:
        state.play("check")
    assert info.value.explanation.clauses == ("BDG-BET-3",)
    with pytest.raises(IllegalMove, match="not allowed now"):
        state.play("pat")      # drawing during a betting round: out of turn
    assert (state.bets, state.stacks, state.to_move, state.history) == before
    drawing = state.play_all(["call", "call", "check"])
    with pytest.raises(IllegalMove, match="is to draw"):
        drawing.play("bet")    # betting during the draw: out of turn
    held = drawing.hand(drawing.to_move)
    other = next(c for c in CardSet.full() if c not in held)
    with pytest.raises(IllegalMove, match="do not hold"):
        drawing.play(f"draw {other}")
    with pytest.raises(MoveError, match="not a Badugi move"):
        drawing.play("shove")
    with pytest.raises(MoveError, match="names no cards"):
        drawing.play("draw")
    with pytest.raises(MoveError, match="'draw 1Z'"):
        drawing.play("draw 1Z")
    assert drawing.hand(drawing.to_move) == held
    # a seat that is not to move has no legal moves in its view and is told why
    assert drawing.view((drawing.to_move + 1) % 3).legal_moves() == []
    over = check_through(drawing)
    assert not over.explain("check") and "hand is over" in over.explain("check").reason


# -- all-in and pots -----------------------------------------------------------------------------

def test_BDG_POT_1_short_call_puts_in_everything_and_player_still_draws() -> None:
    state = RULES.position(stacks=[100, 100, 15], hands=[KING, FIVE, BEST], button=0)
    state = state.play_all(["raise", "call"])
    e = state.explain("call")
    assert e and "all in" in e.reason and "BDG-POT-1" in e.clauses
    state = state.play("call")
    assert state.committed == (20, 20, 15) and state.all_in == (2,)
    state = state.play("pat")
    assert state.to_move == 2 and moves(state)[0] == "pat"   # all-in seat draws
    state = state.play("draw 4S")
    assert "4S" not in state.hand(2) and len(state.hand(2)) == 4


@pytest.mark.clause("BDG-POT-2", "BDG-EX-6", "BDG-SHOW-2", "BDG-SHOW-3")
def test_BDG_POT_2_and_EX_6_side_pot_and_show_order() -> None:
    # BDG-EX-6: button seat 0 (100), small blind seat 1 (100), big blind seat 2 (15)
    state = RULES.position(stacks=[100, 100, 15], hands=[KING, FIVE, BEST], button=0)
    state = state.play_all(["raise", "call", "call"])
    assert state.pots() == [(45, (0, 1, 2)), (10, (0, 1))]
    end = check_through(state)
    out = end.outcome
    assert out.revealed == (1, 2, 0)
    assert [(p.amount, p.winners) for p in out.pots] == [(45, (2,)), (10, (1,))]
    assert out.final_stacks == (80, 90, 45)
    assert out.chips_conserved


def test_BDG_POT_3_unmatched_chips_are_returned() -> None:
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, FIVE, BEST], button=0,
                           round="R3", committed=[20, 20, 20])
    end = state.play_all(["bet", "fold", "fold"])
    assert end.is_over
    assert end.outcome.pots[0].amount == 60 and end.outcome.pots[0].winners == (1,)
    assert end.outcome.final_stacks == (100, 160, 100)
    # a raise over an all-in that no one calls comes back
    state = RULES.position(stacks=[100, 100, 15], hands=[KING, FIVE, BEST], button=0)
    state = state.play_all(["raise", "fold", "call"])   # seat 2 calls all in for 15
    assert state.committed == (15, 5, 15)
    assert sum(p[0] for p in state.pots()) == 35


def test_BDG_POT_4_short_all_in_raise_does_not_count_or_reopen() -> None:
    # R2, S = 10: seat 1 bets 10, seat 2 raises all in to 15 (short), seat 0 calls
    state = RULES.position(stacks=[100, 100, 15], hands=[KING, FIVE, BEST], button=0,
                           round="R2", committed=[20, 20, 20])
    state = state.play("bet")
    e = state.explain("raise")
    assert e and "short all-in" in e.reason
    state = state.play("raise")
    assert state.bets == (0, 10, 15) and state.raises == 1   # not counted toward the cap
    assert moves(state) == ["fold", "call", "raise"]          # seat 0 has not acted yet
    state = state.play("raise")                               # to the last full level + S
    assert state.bets == (20, 10, 15) and state.raises == 2
    # seat 1 acted before the short all-in, but the full raise reopened it
    assert moves(state) == ["fold", "call", "raise"]
    # without the full raise, the short all-in does not reopen seat 1
    state = RULES.position(stacks=[100, 100, 15], hands=[KING, FIVE, BEST], button=0,
                           round="R2", committed=[20, 20, 20]).play_all(["bet", "raise", "call"])
    assert state.to_move == 1 and moves(state) == ["fold", "call"]
    e = state.explain("raise")
    assert not e and "does not reopen" in e.reason and "BDG-POT-4" in e.clauses


@pytest.mark.clause("BDG-POT-5", "BDG-EX-7", "BDG-SEAT-5")
def test_BDG_POT_5_and_EX_7_split_pot_odd_chip_left_of_button_with_small_bet_5() -> None:
    rules = load_rules("badugi", small_bet=5)
    state = rules.position(stacks=[100, 100, 100], hands=[KING, BEST, TIE], button=0)
    assert state.bets == (0, 2, 5)
    state = state.play_all(["call", "call", "check"])
    assert sum(state.committed) == 15
    out = check_through(state).outcome
    assert out.pots[0].winners == (1, 2) and out.pots[0].shares == (8, 7)
    assert out.final_stacks == (95, 103, 102)


def test_BDG_POT_6_several_odd_chips_one_each_clockwise() -> None:
    state = RULES.position(stacks=[100, 100, 100, 100], hands=[PAIRS, BEST, TIE, "AD 2S 3C 4H"],
                           button=2, round="R4", committed=[5, 5, 5, 5], bets=[0, 0, 0, 0])
    # 20 chips, three-way tie: 7 + 7 + 6, from the button's left (seat 3, then 0.., 1)
    end = check_through(state)
    pot = end.outcome.pots[0]
    assert pot.amount == 20 and pot.winners == (3, 1, 2) and pot.shares == (7, 7, 6)


# -- draws -----------------------------------------------------------------------------------------

@pytest.mark.clause("BDG-DRAW-1", "BDG-DRAW-4", "BDG-DRAW-9", "BDG-EX-10")
def test_BDG_DRAW_1_and_EX_10_each_player_draws_in_turn_with_burn_and_exposed_card() -> None:
    state = RULES.new_deal(players=3, seed=9, dealer=0).play_all(["call", "call", "check"])
    assert state.phase == "D1" and state.to_move == 1 and len(state.stub) == 40
    held = state.hand(1)
    discard = list(held)[:2]
    exposed = state.with_exposed_card()
    after = exposed.play(f"draw {discard[0]} {discard[1]}")
    stub = state.stub
    assert after.burns == CardSet(stub[0])             # burned: 39 left
    assert after.exposed == CardSet(stub[1])           # exposed to the discards: 38
    assert after.hand(1) == (held - CardSet(discard)) | CardSet(" ".join(stub[2:4]))
    assert len(after.stub) == 36
    assert len(after.discards) == 3 and CardSet(stub[1]) <= after.discards
    assert after.card_count() == 52
    assert after.to_move == 2
    assert len(state.legal_moves()) == 16
    assert state.explain("pat") and "standing pat" in state.explain("pat").reason


def test_BDG_DRAW_2_a_draw_is_one_action() -> None:
    state = to_phase(RULES.new_deal(players=3, seed=1), "D1")
    seat = state.to_move
    after = state.play(f"draw {list(state.hand(seat))[0]}")
    assert after.to_move != seat and after.draw_count(seat) == 1
    with pytest.raises(IllegalMove):
        after.play(f"draw {list(state.hand(seat))[1]}")   # no second go for seat 1


def test_BDG_DRAW_3_discards_are_dead() -> None:
    state = to_phase(RULES.new_deal(players=3, seed=1), "D1")
    card = list(state.hand(state.to_move))[0]
    after = state.play(f"draw {card}")
    assert card in after.discards
    end = check_through(after)
    assert all(card not in end.hand(j) for j in range(3))


@pytest.mark.clause("BDG-DRAW-4", "BDG-DRAW-5")
def test_BDG_DRAW_4_and_5_burn_only_when_someone_draws() -> None:
    state = to_phase(RULES.new_deal(players=3, seed=1), "D1")
    top = state.stub[0]
    pat_all = state.play_all(["pat", "pat", "pat"])
    assert pat_all.burns == CardSet() and pat_all.stub[0] == top     # BDG-DRAW-5
    one = state.play_all(["pat", f"draw {list(state.view(2).hand)[0]}"])
    assert one.burns == CardSet(top)                                   # BDG-DRAW-4
    assert state.stub[1] in one.hand(2)
    two = one.play(f"draw {list(one.hand(0))[0]}")
    assert two.burns == CardSet(top) and state.stub[2] in two.hand(0)  # one burn per draw


@pytest.mark.clause("BDG-DRAW-6", "BDG-DRAW-7", "BDG-DRAW-4", "BDG-EX-8")
def test_BDG_DRAW_6_7_and_EX_8_reshuffle_leaves_out_current_drawers_discards() -> None:
    state = to_phase(RULES.new_deal(players=8, seed=21, dealer=0), "D1")
    assert len(state.stub) == 20
    order = [1, 2, 3, 4, 5, 6, 7, 0]
    for k in range(4):
        assert state.to_move == order[k]
        state = state.play("draw " + str(state.hand(state.to_move)))
    assert len(state.stub) == 3 and len(state.discards) == 16 and len(state.burns) == 1
    dealable, last = state.stub[:2], state.stub[2]
    fifth = state.to_move
    mine = state.hand(fifth)
    pool = state.discards | state.burns | CardSet(last)
    state = state.play("draw " + str(mine))
    assert state.reshuffles == 1
    got = state.hand(fifth)
    assert CardSet(" ".join(dealable)) <= got                        # BDG-DRAW-7
    assert len(got & pool) == 2 and not (got & mine)                  # own discards left out
    assert len(state.stub) == 16 and CardSet(" ".join(state.stub)) <= pool
    assert state.discards == mine and state.burns == CardSet()
    for _ in range(3):
        state = state.play("draw " + str(state.hand(state.to_move)))
    assert len(state.stub) == 4 and len(state.discards) == 16
    assert state.card_count() == 52 and state.phase == "R2"


@pytest.mark.clause("BDG-DRAW-8", "BDG-EX-9")
def test_BDG_DRAW_8_and_EX_9_public_draw_counts() -> None:
    state = to_phase(RULES.new_deal(players=3, seed=6, dealer=0), "D2")
    assert state.draw_counts() == ("not available",) * 3
    h1 = list(state.hand(1))
    state = state.play(f"draw {h1[0]} {h1[1]}")
    assert state.draw_counts() == ("not available", 2, "not available")
    state = state.play("pat")
    state = state.play(f"draw {list(state.hand(0))[0]}")
    assert state.phase == "R3"
    assert state.draw_counts() == (1, 2, 0)
    assert state.view(2).draw_counts == (1, 2, 0)            # public: any seat sees them
    state = state.play("check")
    assert state.draw_counts() == ("not available",) * 3
    assert state.draw_count(1) == "not available"


def test_BDG_DRAW_9_exposed_replacement_goes_to_discards() -> None:
    state = to_phase(RULES.new_deal(players=2, seed=8), "D1").with_exposed_card(2)
    seat = state.to_move
    card = list(state.hand(seat))[0]
    stub = state.stub
    after = state.play(f"draw {card}")
    assert after.exposed == CardSet(" ".join(stub[1:3]))
    assert stub[3] in after.hand(seat)
    assert after.exposed <= after.discards and after.card_count() == 52
    assert str(after.history[-1]) == f"draw {card}"


# -- showdown --------------------------------------------------------------------------------------

def test_BDG_SHOW_1_last_player_wins_at_once_unrevealed() -> None:
    state = RULES.new_deal(players=3, dealer=0).play_all(["fold", "fold"])
    assert state.is_over
    out = state.outcome
    assert out.revealed == () and out.shown == () and out.winners == (2,)
    assert out.final_stacks == (100, 95, 105)
    assert all(state.view(j).shown == {} for j in range(3))
    assert "without showing" in out.summary


@pytest.mark.clause("BDG-SHOW-2", "BDG-SHOW-3")
def test_BDG_SHOW_2_and_3_showing_order() -> None:
    base = dict(stacks=[100, 100, 100], hands=[KING, FIVE, BEST], button=0, round="R4")
    end = RULES.position(**base).play_all(["check", "bet", "call", "call"])
    assert end.outcome.revealed == (2, 0, 1)           # seat 2 bet last, then clockwise
    end = RULES.position(**base).play_all(["check", "check", "check"])
    assert end.outcome.revealed == (1, 2, 0)           # checked through: button's left first
    end = RULES.position(**base).play_all(["bet", "raise", "call", "call"])
    assert end.outcome.revealed == (2, 0, 1)
    view = end.view(0)
    assert view.shown[1] == CardSet(FIVE) and view.shown[2] == CardSet(BEST)


def test_BDG_SHOW_4_cards_speak() -> None:
    # seat 1 holds a badugi it might not "see": the engine reads the cards
    state = RULES.position(stacks=[100, 100], hands=["KC KD QH QS", "8S AC 5H 3D"], button=0,
                           round="R4", committed=[30, 30])
    end = check_through(state)
    assert end.outcome.pots[0].winners == (1,)
    assert "8-5-3-A badugi" in end.outcome.shown[0][2]


def test_BDG_SHOW_5_hand_without_four_cards_is_dead() -> None:
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, "AC 2D 3H", PAIRS], button=0,
                           round="R4", committed=[10, 10, 10], bets=[0, 0, 0])
    end = check_through(state)
    assert end.outcome.dead == (1,)
    assert end.outcome.pots[0].winners == (0,)
    assert end.outcome.final_stacks == (130, 100, 100)
    assert end.outcome.net == (20, -10, -10)


def test_BDG_SHOW_6_every_hand_dead_raises() -> None:
    state = RULES.position(stacks=[100, 100], hands=["AC 2D 3H", "4S 5C"], button=0,
                           round="R4", committed=[10, 10], bets=[0, 0])
    state = state.play("check")
    with pytest.raises(PositionError, match="dead"):
        state.play("check")
    assert state.to_move == 0 and not state.is_over


# -- worked examples -------------------------------------------------------------------------------

def test_BDG_EX_3_five_players_button_on_3_with_small_bet_5() -> None:
    rules = load_rules("badugi", small_bet=5)
    state = rules.new_deal(players=5, seed=3, dealer=3)
    assert state.bets == (5, 0, 0, 0, 2)
    assert state.deck[0] in state.hand(4) and state.deck[1] in state.hand(0)
    assert state.to_move == 1
    state = state.play_all(["call", "call", "call", "call", "check"])
    assert state.phase == "D1" and state.to_move == 4
    state = state.play_all(["pat"] * 5)
    assert state.phase == "R2" and state.to_move == 4
    end = check_through(state)
    nxt = rules.next_hand(end)
    assert nxt.button == 4 and nxt.blinds == (0, 1)


@pytest.mark.clause("BDG-EX-3", "BDG-SEAT-5", "BDG-BET-7")
def test_BDG_EX_3_under_the_default_small_bet_the_blinds_are_5_and_10() -> None:
    state = RULES.new_deal(players=5, seed=3, dealer=3)
    assert state.bets == (10, 0, 0, 0, 5) and state.to_move == 1
    nxt = RULES.next_hand(check_through(state))
    assert nxt.button == 4 and nxt.blinds == (0, 1)


def test_BDG_EX_4_heads_up() -> None:
    state = RULES.new_deal(players=2, seed=4, dealer=0)
    assert state.bets == (5, 10) and state.to_move == 0
    state = state.play("call")
    assert moves(state) == ["fold", "check", "raise"]
    state = state.play("check")
    assert state.to_move == 1           # seat 1 draws first
    state = state.play_all(["pat", "pat"])
    assert state.to_move == 1           # and acts first in R2
    nxt = RULES.next_hand(check_through(state))
    assert nxt.button == 1 and nxt.bets == (10, 5)


def test_BDG_EX_5_cap_in_R3_and_in_R1() -> None:
    state = RULES.position(stacks=[200, 200, 200], hands=[KING, FIVE, BEST], button=0,
                           round="R3")
    state = state.play_all(["bet", "raise", "raise", "raise"])
    assert state.bets == (60, 80, 40)
    assert state.to_move == 2 and moves(state) == ["fold", "call"]
    assert state.play("call").bets[2] == 80
    state = state.play("call")
    assert state.to_move == 0 and moves(state) == ["fold", "call"]
    assert not state.explain("raise")
    assert state.play("call").phase == "D3"
    # R1: blind 10, then raises to 20, 30 and 40
    r1 = RULES.new_deal(players=3, dealer=0).play_all(["raise", "raise", "raise"])
    assert r1.bets == (20, 30, 40) and moves(r1) == ["fold", "call"]
    # with the default stacks of 100 (10 each already in from R1) the cap is reached alike
    default = RULES.position(stacks=[90, 90, 90], hands=[KING, FIVE, BEST], button=0,
                             round="R3", committed=[10, 10, 10])
    default = default.play_all(["bet", "raise", "raise", "raise"])
    assert default.bets == (60, 80, 40) and moves(default) == ["fold", "call"]


def test_BDG_EX_6_side_pot_final_stacks() -> None:
    test_BDG_POT_2_and_EX_6_side_pot_and_show_order()


def test_BDG_EX_7_tie_odd_chip_with_small_bet_5() -> None:
    test_BDG_POT_5_and_EX_7_split_pot_odd_chip_left_of_button_with_small_bet_5()


@pytest.mark.clause("BDG-EX-7", "BDG-POT-5")
def test_BDG_EX_7_under_the_default_small_bet_the_pot_of_30_splits_evenly() -> None:
    """The odd chip of BDG-EX-7 needs S = 5: with the default S = 10 the blinds are 5 and 10,
    the pot is 30 and the tie splits 15 and 15."""
    state = RULES.position(stacks=[100, 100, 100], hands=[KING, BEST, TIE], button=0)
    state = state.play_all(["call", "call", "check"])
    out = check_through(state).outcome
    assert out.pots[0].amount == 30 and out.pots[0].shares == (15, 15)
    assert out.final_stacks == (90, 105, 105)


def test_BDG_EX_8_eight_players_all_draw_four() -> None:
    test_BDG_DRAW_6_7_and_EX_8_reshuffle_leaves_out_current_drawers_discards()


def test_BDG_EX_9_draw_counts() -> None:
    test_BDG_DRAW_8_and_EX_9_public_draw_counts()


def test_BDG_EX_10_exposed_card() -> None:
    test_BDG_DRAW_1_and_EX_10_each_player_draws_in_turn_with_burn_and_exposed_card()


@pytest.mark.clause("BDG-DRAW-1", "BDG-SHOW-5")
def test_BDG_DRAW_1_even_a_dead_five_card_hand_discards_at_most_four() -> None:
    rules = load_rules("badugi", small_bet=10, stack=100)
    state = rules.position(stacks=[100, 100], hands=["AC 2D 3H 4S 5C", "6D 7H 8S 9C"],
                           button=0, round="D1", committed=[10, 10]).play("pat")
    assert max(m.discard.bit_count() for m in state.legal_moves()) == 4
    explanation = state.explain("draw AC 2D 3H 4S 5C")
    assert not explanation.legal and "0 to 4 cards" in explanation.reason


@pytest.mark.clause("BDG-POT-4", "BDG-BET-2")
def test_BDG_POT_4_a_raise_over_a_short_all_in_is_explained_from_the_full_level() -> None:
    rules = load_rules("badugi", small_bet=10, stack=100)
    hands = ["AC 2D 3H 4S", "5C 6D 7H 8S", "9C TD JH QS"]
    state = rules.position(stacks=[200, 5, 200], hands=hands, button=0, round="R2",
                           committed=[20, 20, 20]).play("bet")  # seat 1: all in for 5
    explanation = state.explain("raise")
    assert explanation.legal and "BDG-POT-4" in explanation.clauses
    assert "raise to a total of 10" in explanation.reason
    assert "last full level 0" in explanation.reason and "raise by" not in explanation.reason


@pytest.mark.clause("BDG-POT-2")
def test_BDG_POT_2_while_betting_goes_on_every_live_player_can_still_win_the_pot() -> None:
    state = load_rules("badugi").new_deal(players=3, seed=5)
    assert state.pots() == [(15, (0, 1, 2))]  # blinds only: nobody has matched yet
    for move in ["call", "call", "check", "pat", "pat", "pat", "bet"]:
        state = state.play(move)
    assert state.pots() == [(40, (0, 1, 2))]
    folded = state.play("fold")
    assert folded.pots() == [(40, (0, 1))]  # seat 2 folded
