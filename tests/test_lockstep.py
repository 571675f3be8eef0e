"""rulebook.lockstep: one seeded deal under two rulesets, to the first move where they part.

The parting is checked against an independent replay: each ruleset's deal driven by
``autoplay`` on its own, the seats to move recorded by stepping ``play`` through the moves.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulebook import load_rules
from rulebook.errors import RulesError
from rulebook.lockstep import as_rules, first_parting, run_lockstep, same_deal
from rulebook.protocol import autoplay


def replay(rules, seed, players=4, dealer=0, bots="smart", bot_seed=None):
    """(states, seats, move texts) of one deal, driven by autoplay, replayed by play()."""
    start = rules.new_deal(players=players, seed=seed, dealer=dealer)
    final = autoplay(start, bots, seed=seed if bot_seed is None else bot_seed)
    states, seats, moves = [start], [], []
    for move in final.history:
        seats.append(states[-1].to_move)
        moves.append(str(move))
        states.append(states[-1].play(move))
    return states, seats, moves


def expected_parting(rules_a, rules_b, seed, **kw):
    """The first move where (seat, move) differ, or where one deal ends first; else None."""
    _, seats_a, moves_a = replay(rules_a, seed, **kw)
    _, seats_b, moves_b = replay(rules_b, seed, **kw)
    for i in range(min(len(moves_a), len(moves_b))):
        if seats_a[i] != seats_b[i] or moves_a[i] != moves_b[i]:
            return i
    return None if len(moves_a) == len(moves_b) else min(len(moves_a), len(moves_b))


BS = load_rules("badam-satti")
BS_SF = load_rules("badam-satti", sevens_first=True)
BS_86 = load_rules("badam-satti", eight_before_six=True)


@pytest.mark.parametrize("other", ["sevens_first", "eight_before_six", "limited_passes",
                                   "one_final_turn", "ace_high"])
@pytest.mark.parametrize("seed", range(6))
def test_parting_equals_independent_replay(other, seed):
    rules_b = load_rules("badam-satti", **{other: True})
    result = run_lockstep(seed, BS, rules_b)
    assert result.parting == expected_parting(BS, rules_b, seed)
    assert [str(m) for m in result.moves_a] == replay(BS, seed)[2]
    assert [str(m) for m in result.moves_b] == replay(rules_b, seed)[2]
    assert result.same_start  # the Sevens family deals the same cards for one seed


def test_sevens_first_parts_where_a_7_must_be_played():
    result = run_lockstep(0, "badam-satti", "badam-satti+sevens_first")
    i = result.parting
    assert i == expected_parting(BS, BS_SF, 0) == 4
    states_a, _, moves_a = replay(BS, 0)
    states_b, _, moves_b = replay(BS_SF, 0)
    assert (str(result.move_a(i)), str(result.move_b(i))) == (moves_a[i], moves_b[i]) \
        == ("6S", "7C")
    # both explanations are the engine's own, asked of the states at the parting; a
    # comparison is a log of moves, so they name the seat (never "you")
    assert result.explain_a == states_a[i].explain(moves_a[i], voice="table")
    assert result.explain_b == states_b[i].explain(moves_b[i], voice="table")
    seat = states_a[i].to_move
    assert result.explain_a.reason.startswith(f"Seat {seat} may play 6♠")
    # and what the other ruleset says about A's move: refused by the house rule
    assert result.b_on_move_a == states_b[i].explain(moves_a[i], voice="table")
    assert not result.b_on_move_a.legal and result.b_on_move_a.clauses[0] == "BS-HR-5"
    assert f"seat {seat} holds" in result.b_on_move_a.reason
    assert result.a_on_move_b == states_a[i].explain(moves_b[i], voice="table")
    assert result.a_on_move_b.legal
    assert result.log_a == [e for e in states_a[-1].move_log() if e.move][i]
    assert result.log_a.text == f"Seat {seat} plays 6♠." and result.log_a.move == "6S"
    assert result.log_b.text == f"Seat {seat} plays 7♣."
    a_state, b_state = result.at_parting
    assert a_state.history == b_state.history == tuple(states_a[i].history)
    assert "move 5" in result.summary() and "6♠" in result.summary() and "7♣" in result.summary()


@pytest.mark.parametrize("seed", range(8))
def test_sevens_first_parting_is_explained_by_the_house_rule_or_by_choice(seed):
    result = run_lockstep(seed, BS, BS_SF)
    if result.parting is None:
        assert result.moves_a == result.moves_b
        return
    assert result.explain_a.legal and result.explain_b.legal
    if not result.b_on_move_a.legal:
        assert "BS-HR-5" in result.b_on_move_a.clauses
    else:  # both moves allowed by both: the bots chose differently
        assert "chose differently" in result.summary()


def test_sevens_opens_with_7D_so_the_first_move_differs():
    for seed in range(5):
        result = run_lockstep(seed, "badam-satti", "sevens")
        assert result.parting == 0 == expected_parting(BS, load_rules("sevens"), seed)
        assert (str(result.move_a(0)), str(result.move_b(0))) == ("7H", "7D")
        assert result.same_start
        assert "BS-OPEN-3" in result.explain_a.clauses and "BS-OPEN-3" in result.explain_b.clauses
        # different openers: the other ruleset's verdict would be about another player's
        # hand, so none is given; the same opener holds both sevens and is judged
        if result.state_a(0).to_move != result.state_b(0).to_move:
            assert result.b_on_move_a is None and result.a_on_move_b is None
        else:
            assert not result.b_on_move_a.legal and not result.a_on_move_b.legal


def test_eight_before_six_parting_example():
    result = run_lockstep(2, BS, BS_86)
    i = result.parting
    assert i == expected_parting(BS, BS_86, 2) == 1
    assert (str(result.move_a(i)), str(result.move_b(i))) == ("6H", "pass")
    assert not result.b_on_move_a.legal and result.b_on_move_a.clauses[0] == "BS-HR-15"
    assert result.explain_b == result.state_b(i).explain("pass", voice="table")


@settings(max_examples=25, deadline=None)
@given(profile=st.sampled_from(["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]),
       seed=st.integers(0, 10_000), bots=st.sampled_from(["smart", "random"]))
def test_identical_rules_never_part(profile, seed, bots):
    rules = load_rules(profile)
    result = run_lockstep(seed, rules, load_rules(profile), bots=bots)
    assert result.parting is None and result.positions_part is None
    assert result.moves_a == result.moves_b
    assert result.explain_a is None and result.explain_b is None
    assert "the same way" in result.summary()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000),
       options=st.fixed_dictionaries({}, optional={
           name: st.booleans() for name in ("sevens_first", "flat_10", "limited_passes",
                                            "ace_high", "eight_before_six", "one_final_turn")}),
       bots=st.sampled_from(["smart", "random"]))
def test_parting_property_over_house_rules(seed, options, bots):
    rules_b = load_rules("badam-satti", **options)
    result = run_lockstep(seed, BS, rules_b, bots=bots)
    assert result.parting == expected_parting(BS, rules_b, seed, bots=bots)
    if result.parting is not None:
        i = result.parting
        if result.move_a(i) is not None:
            assert result.explain_a == result.state_a(i).explain(result.move_a(i), voice="table")
        if result.move_b(i) is not None:
            assert result.explain_b == result.state_b(i).explain(result.move_b(i), voice="table")


def test_one_ends_first():
    rules_b = load_rules("badam-satti", one_final_turn=True)
    result = run_lockstep(0, BS, rules_b)
    assert result.parting == len(result.moves_a) < len(result.moves_b)
    assert result.move_a(result.parting) is None and result.explain_a is None
    assert result.final_a.is_over and not result.state_b(result.parting).is_over
    assert result.explain_b.legal
    assert result.b_on_move_a is None  # A made no move to judge
    assert not result.a_on_move_b.legal and "BS-END-1" in result.a_on_move_b.clauses
    assert "the deal is over" in result.summary()


def test_different_games_part_at_the_first_move():
    result = run_lockstep(1, "satti", "badam-satti")
    assert result.parting == 0 and not result.same_start
    assert result.b_on_move_a is None and result.a_on_move_b is None  # no cross-game verdicts
    assert result.explain_a == result.state_a(0).explain(result.move_a(0), voice="table")
    assert "differ from the start" in result.summary()
    # different hands dealt within one game count as different deals too
    other = run_lockstep(1, "satti", "satti+hand_size=5")
    assert other.parting == 0 and not other.same_start


def test_same_move_text_different_effect_is_reported():
    # under play_after_draw a fitting drawn card is played at once; the move text is "draw"
    result = run_lockstep(2, "satti", "satti+play_after_draw=false")
    assert result.positions_part is not None and result.positions_part <= result.parting
    k = result.positions_part
    assert [str(m) for m in result.moves_a[:k]] == [str(m) for m in result.moves_b[:k]]
    assert result.state_a(k).hands != result.state_b(k).hands
    assert "different effect" in result.summary()


def test_badugi_chips_differ_from_the_start():
    result = run_lockstep(0, "badugi", "badugi+small_bet=20")
    assert result.same_start and result.positions_part == 0
    assert "starting positions differ" in result.summary()


def test_bot_seed_and_bots_per_seat_drive_both_deals():
    result = run_lockstep(3, BS, BS_SF, bots=["smart", "random", "smart", "random"], bot_seed=99)
    assert [str(m) for m in result.moves_a] == replay(
        BS, 3, bots=["smart", "random", "smart", "random"], bot_seed=99)[2]
    assert result.parting == expected_parting(
        BS, BS_SF, 3, bots=["smart", "random", "smart", "random"], bot_seed=99)


def test_players_and_dealer_are_used():
    result = run_lockstep(5, BS, BS_SF, players=5, dealer=2)
    assert result.final_a.players == 5 and result.final_a.origin["dealer"] == 2
    assert result.parting == expected_parting(BS, BS_SF, 5, players=5, dealer=2)


def test_as_rules_accepts_objects_ids_and_option_text():
    assert as_rules(BS) is BS
    assert as_rules("sevens") == load_rules("sevens")
    assert as_rules("badam-satti+sevens_first") == BS_SF
    assert as_rules("badam-satti+round_count=3").option("round_count") == 3
    with pytest.raises(RulesError, match="unknown ruleset"):
        as_rules("badam")
    with pytest.raises(RulesError, match="unknown option"):
        as_rules("badam-satti+sevens_last")
    with pytest.raises(RulesError, match="not a ruleset"):
        as_rules(42)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        as_rules("badam-satti+round_count=4")


def test_bad_setups_raise_rules_errors():
    with pytest.raises(RulesError, match="3 to 6 players"):
        run_lockstep(0, "badam-satti", "sevens", players=7)
    with pytest.raises(RulesError, match="dealer"):
        run_lockstep(0, "badam-satti", "sevens", dealer=9)
    with pytest.raises(RulesError, match="computer player"):
        run_lockstep(0, "badam-satti", "sevens", bots="genius")


def test_first_parting_and_same_deal():
    assert first_parting([0, 1], ["7H", "8H"], [0, 2], ["7H", "8H"]) == 1  # seat differs
    assert first_parting([], [], [], []) is None
    assert same_deal(BS.new_deal(4, 1), load_rules("sevens").new_deal(4, 1))
    assert not same_deal(BS.new_deal(4, 1), BS.new_deal(4, 2))
    assert not same_deal(BS.new_deal(4, 1), BS.new_deal(5, 1))
