"""One regression test per kind of false or incomplete reason found in the explanations, each
named after the clause that decides it, plus the rule fixes that came with them.

Kinds: a reason naming cards that are not legal (BS-HR-5); the base clause cited where a house
rule decided (BS-HR-5, BS-HR-9); a round ended by eliminations explained as "a player went
out" (BS-HR-12); a card played out of turn refused without saying whose turn it is
(BS-OPEN-5, SAT-SETUP-7); a false "fewer counting cards" (BDG-RANK-3, BDG-RANK-7); a promised
draw that cannot happen (SAT-PILE-3); a log that says "you" (one voice per place); notation
instead of card symbols.  Rule fixes: the first turn's playable set (BS-OPEN-4, BS-INFO-2),
chips carried across a Sevens match (BS-CHIP-2, BS-CHIP-7) and a short all-in big blind
(BDG-SEAT-10).
"""
from __future__ import annotations

import io
import re

import pytest

from rulebook import load_rules
from rulebook.__main__ import show_deal
from rulebook.games.badugi import evaluate
from rulebook.cards import CardSet
from rulebook.protocol import autoplay

EX2 = dict(table="4S-TS 7H-QH 3C-8C", hands=["3S JS KH 2C 9C 7D 8D AH", None, None, None])
NOTATION = re.compile(r"(?<![\w♣♦♥♠-])(?:10|[A2-9TJQK])[CDHS](?![\w])")


# -- Sevens family -----------------------------------------------------------------------
def test_BS_HR_5_a_refused_pass_names_only_the_cards_that_may_be_played() -> None:
    state = load_rules("badam-satti", sevens_first=True).position(**EX2)
    why = state.explain("pass")
    assert not why.legal
    assert why.clauses[0] == "BS-HR-5" and why.facts.rule == "sevens_first"
    assert why.facts.playable == CardSet("7D") == CardSet(
        [m.card for m in state.legal_moves()])
    assert "7♦" in why.reason
    for not_legal in ("3♠", "J♠", "K♥", "2♣", "9♣"):  # playable in classic, not here
        assert not_legal not in why.reason


def test_BS_HR_5_a_legal_seven_under_sevens_first_cites_the_house_rule_first() -> None:
    state = load_rules("badam-satti", sevens_first=True).position(**EX2)
    why = state.explain("7D")
    assert why.legal and why.clauses[0] == "BS-HR-5" and "BS-MOVE-3" not in why.clauses
    assert why.reason.startswith("7♦ is legal: under the house rule Sevens first")
    refused = state.explain("JS")
    assert not refused.legal and refused.clauses[0] == "BS-HR-5"
    assert refused.facts.blocking == CardSet("7D")


def test_BS_HR_9_a_legal_play_under_limited_passes_does_not_cite_BS_MOVE_3() -> None:
    state = load_rules("badam-satti", limited_passes=True).position(**EX2)
    why = state.explain("3S")
    assert why.legal and "BS-MOVE-3" not in why.clauses  # passing is allowed too
    assert "BS-HR-9" in why.clauses and "could also pass" in why.reason
    assert state.explain("pass").clauses[0] == "BS-HR-9"
    none_left = load_rules("badam-satti", limited_passes=True).position(
        **EX2, passes_left=[0, 3, 3, 3])
    assert "BS-HR-11" in none_left.explain("3S").clauses
    assert none_left.explain("pass").clauses[0] == "BS-HR-11"


def test_BS_HR_12_a_round_ended_by_eliminations_is_not_explained_by_BS_END_1() -> None:
    # BS-EX-9, position B: every player still in is eliminated
    state = load_rules("badam-satti", limited_passes=True).position(
        table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"], to_move=0,
        passes_left=[0, 0, 0], eliminated=[1])
    assert state.is_over and state.outcome.winner is None
    for move in ("pass", "2S", "AS"):
        why = state.explain(move)
        assert why.clauses[0] == "BS-HR-12" and "BS-END-1" not in why.clauses
        assert "nobody won" in why.reason
    went_out = load_rules("badam-satti").position(
        table="AC-QC 2D-JD AH-TH 2S-QS", hands=["KH QD", "KS", "KC JH AD", "KD QH AS"],
        to_move=1).play("KS")
    assert went_out.explain("KH").clauses == ("BS-END-1",)
    final = load_rules("badam-satti", one_final_turn=True).position(
        table="AS-QS 5H-KH AD-QD AC-KC", hands=["KD", "4H 3H 2H", "KS", "AH"], to_move=2)
    final = final.play_all(["KS", "pass", "KD", "4H"])
    assert final.is_over and final.explain("pass").clauses[0] == "BS-HR-16"


def test_BS_OPEN_5_a_card_played_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    state = load_rules("badam-satti").position(**EX2)
    other = next(iter(state.hand(2)))
    why = state.explain(other.text)
    assert not why.legal and why.clauses[0] == "BS-OPEN-5"
    assert why.reason.startswith("It is seat 0's turn, not seat 2's")
    assert "not in your hand" not in why.reason and why.facts.holder == 2
    on_table = state.explain("5S")
    assert on_table.reason.startswith("5♠ is already on the table")


def test_BS_OPEN_4_BS_INFO_2_the_first_turn_playable_set_is_the_opening_card_only() -> None:
    for profile, opening in (("badam-satti", "7H"), ("badam-satti-app", "7H"), ("sevens", "7D")):
        state = load_rules(profile).new_deal(players=4, seed=11)
        assert state.playable() == CardSet(opening)  # not all four sevens
        assert state.view((state.to_move + 1) % 4).playable() == CardSet(opening)
        assert state.play(opening).playable() >= CardSet("7C 7S")


def test_BS_MOVE_4_the_terminal_log_names_the_seat_and_never_says_you() -> None:
    out = io.StringIO()
    final = show_deal(load_rules("badam-satti"), 4, 7, 0, "smart", out=out)
    text = out.getvalue()
    passes = [line for line in text.splitlines() if " passes. — " in line]
    assert passes and all(re.search(r"Seat \d must pass: they hold none", p) for p in passes)
    assert not re.search(r"\byou(r)?\b", text, re.IGNORECASE)
    assert not NOTATION.search(text.split("result:")[0])  # cards in symbols
    log = final.move_log()
    assert len([e for e in log if e.move]) == len(final.history)
    assert all(e.text.startswith(f"Seat {e.seat} ") for e in log)


def test_BS_INFO_6_eliminations_are_engine_events_of_the_public_log() -> None:
    state = load_rules("badam-satti", limited_passes=True).position(
        table="AC-JC 4S-KS AD-TD AH-8H", hands=["9H KC", "2S QD", "QC 3S AS JD KD TH JH QH KH"],
        to_move=0, passes_left=[2, 0, 3])
    after = state.play("pass")
    log = after.move_log()
    assert [(e.seat, e.move) for e in log] == [(0, "pass"), (1, "")]
    assert log[1].text == "Seat 1 is eliminated." and log[1].clauses[0] == "BS-HR-10"
    assert not log[1].private and log[0].private  # a voluntary pass rests on the hand


def test_BS_CHIP_2_BS_CHIP_7_chip_stacks_carry_over_from_deal_to_deal() -> None:
    rules = load_rules("sevens", stack=10)
    match = rules.new_match(players=4, seed=3)
    assert match.current.stacks == (9, 9, 9, 9) and match.current.pool == 4
    for k in range(3):
        finished = autoplay(match.current, "random", seed=k)
        for move in finished.history:
            match = match.play(move)
        before = match.deals[-1].stacks  # where the last deal ended
        assert match.current.stacks == tuple(s - 1 for s in before)  # each antes 1 (BS-CHIP-3)
        assert sum(match.current.stacks) + match.current.pool == 4 * 10  # BS-CHIP-7
        assert match.totals == before
    # the deals replay from a record, stacks included
    from rulebook.records import dumps, loads
    again = loads(dumps(match))
    assert again.current.stacks == match.current.stacks
    deal = loads(dumps(match.current))
    assert deal.stacks == match.current.stacks


# -- Satti -------------------------------------------------------------------------------
def satti_stuck(**kw):
    """Both piles empty: every card but the top one (9♥) is in the two hands."""
    rest = [c for c in CardSet.full() if c.text != "9H"]
    hands = kw.pop("hands", None) or ["2C 3C", " ".join(c.text for c in rest
                                                         if c.text not in ("2C", "3C"))]
    return load_rules("satti").position(top=kw.pop("top", "9H"), hands=hands, draw_pile="",
                                        discards="", **kw)


def test_SAT_PILE_3_a_draw_with_both_piles_empty_promises_no_card() -> None:
    state = satti_stuck()
    why = state.explain("draw")
    assert why.legal and why.facts.draws == 0 and why.facts.stops
    assert "SAT-PILE-3" in why.clauses and "round stops" in why.reason
    assert "you draw 1" not in why.reason
    after = state.play("draw")
    assert after.is_over and after.outcome.stopped


def test_SAT_PILE_3_a_penalty_draw_with_both_piles_empty_promises_no_card() -> None:
    rest = [c.text for c in CardSet.full() if c.text not in ("7C", "2D", "3D", "7H")]
    state = load_rules("satti").position(top="7C", hands=["2D 3D", " ".join(rest)],
                                         penalty=2, discards="7H", draw_pile="")
    why = state.explain("draw")
    assert why.legal and why.facts.draws == 1 and why.facts.stops and why.facts.reshuffle
    assert "only 1 card is left" in why.reason and "SAT-PILE-3" in why.clauses
    after = state.play("draw")
    assert after.is_over and after.outcome.stopped
    assert after.public_history[-1].drew == 1


def test_SAT_PILE_3_a_skipped_players_try_with_both_piles_empty_says_the_round_stops() -> None:
    rest = [c.text for c in CardSet.full() if c.text not in ("8H", "9C", "2D")]
    state = load_rules("satti").position(top="8H", hands=["9C 2D", " ".join(rest)],
                                         skipped=True, draw_pile="", discards="")
    for move in ("try 9C", "9C", "try draw", "draw"):
        why = state.explain(move)
        assert not why.legal and why.facts.draws == 0 and why.facts.stops, move
        assert "round stops" in why.reason and "draw 1 penalty card and" not in why.reason
    after = state.play("try 9C")
    assert after.is_over and after.outcome.stopped and "9C" in after.hands[0]


def test_SAT_SETUP_7_a_card_played_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    state = load_rules("satti").new_deal(players=4, seed=7)
    mover = state.to_move
    other = (mover + 1) % 4
    card = next(iter(state.hands[other]))
    why = state.explain(card.text)
    assert why.reason.startswith(f"It is seat {mover}'s turn, not seat {other}'s")
    assert why.clauses[0] == "SAT-SETUP-7" and why.facts.holder == other


def test_SAT_TURN_4_a_drawn_card_played_at_once_is_an_engine_event_of_the_log() -> None:
    rules = load_rules("satti")
    rest = [c.text for c in CardSet.full() if c.text not in ("QC", "3D", "5H", "AC", "2D", "9C")]
    state = rules.position(top="QC", hands=["3D 5H", "AC 2D"], draw_pile="9C",
                           discards=" ".join(rest))
    log = state.play("draw").move_log()
    assert [(e.seat, e.move) for e in log] == [(0, "draw"), (0, "")]
    assert log[1].text == "Seat 0's drawn 9♣ fits and is played at once."
    assert log[1].clauses[0] == "SAT-TURN-4"


# -- Badugi ------------------------------------------------------------------------------
def test_BDG_RANK_7_KC_QC_KD_QD_no_card_is_said_to_leave_fewer_counting_cards() -> None:
    explanation = evaluate("KC QC KD QD").explain()
    assert {n.card.text: n.kind for n in explanation.not_counting} == {"KC": "same", "QD": "same"}
    for item in explanation.not_counting:
        assert "fewer counting cards" not in item.sentence
        assert item.clauses[0] == "BDG-RANK-7" and len(item.alternative) == 2
    assert "K♣ Q♦ would count instead and make the same hand" in " ".join(explanation.lines)


def test_BDG_RANK_3_a_card_that_makes_a_higher_hand_is_said_to_do_so() -> None:
    item = evaluate("KC 2C 3D 4H").explain().not_counting[0]
    assert item.kind == "higher" and item.clauses[0] == "BDG-RANK-3"
    assert "keeping 2♣ gives the lower hand" in item.sentence
    kinds = {n.card.text: n for n in evaluate("AC AD 2C 3C").explain().not_counting}
    assert kinds["AC"].kind == "fewer" and "fewer counting cards" in kinds["AC"].sentence
    assert kinds["AC"].clauses[0] == "BDG-RANK-2"  # no two cards including A♣ can count
    assert kinds["3C"].kind == "higher"


def test_BDG_SEAT_10_a_short_big_blind_does_not_lower_the_bet() -> None:
    # S = 10; the big blind (seat 2) has only 4 chips and posts them all in
    rules = load_rules("badugi", small_bet=10, stacks=[100, 100, 4])
    state = rules.new_deal(dealer=0)
    assert state.bets == (0, 5, 4) and state.all_in == (2,)
    assert state.to_move == 0
    call = state.explain("call")
    assert call.legal and call.clauses[0] == "BDG-SEAT-10"
    assert call.facts.put_in == 10 and call.facts.short_blind == 4
    assert "the big blind went all in for only 4" in call.reason
    check = state.explain("check")
    assert not check.legal and check.clauses[0] == "BDG-SEAT-10"
    assert check.facts.to_call == 10
    raise_ = state.explain("raise")
    assert raise_.legal and raise_.facts.total == 20  # the next full raise goes to 2S
    after = state.play("call")
    assert after.bets == (10, 5, 4) and after.to_move == 1
    assert after.explain("call").facts.put_in == 5  # the small blind completes to 10, not 4
    after = after.play("call")
    # the big blind is all in: it has no option to check or raise (BDG-BET-6); R1 is over
    assert after.phase == "D1" and after.actors == (0, 1)
    assert after.committed == (10, 10, 4)
    assert after.pots() == [(12, (0, 1, 2)), (12, (0, 1))]
    heads_up = load_rules("badugi", small_bet=10, stacks=[100, 3]).new_deal(dealer=0)
    assert heads_up.explain("call").facts.put_in == 5  # the button's 5 goes to 10
    done = heads_up.play("call")
    assert done.committed == (3, 3) and done.stacks == (97, 0)  # 7 unmatched chips returned


def test_BDG_DRAW_1_a_card_of_another_hand_in_a_draw_is_refused_with_whose_turn_it_is() -> None:
    state = load_rules("badugi").new_deal(players=3, seed=9, dealer=0)
    state = state.play_all(["call", "call", "check"])
    assert state.phase == "D1" and state.to_move == 1
    card = next(iter(state.hand(2)))
    why = state.explain(f"draw {card.text}")
    assert not why.legal and why.facts.holder == 2 and why.clauses[0] == "BDG-DRAW-1"
    assert why.reason.startswith("It is seat 1's turn to draw, not seat 2's")
