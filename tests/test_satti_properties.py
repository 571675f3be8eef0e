"""Satti properties over every house-rule combination and 2-6 players (hypothesis).

Cards are conserved, every round ends within the stated bound, a round replays exactly from
(rules, seed, moves), and ``legal_moves()`` equals the moves ``explain`` calls legal.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import FULL_MASK
from rulebook.protocol import TurnRandom, autoplay
from rulebook.games.satti import SattiState
from rulebook.games.satti.core import MOVE_CAP, OBSERVED_BOUND
from rulebook.games.satti.moves import MOVES

COMBOS = list(itertools.product((5, 6, 7), (True, False), (True, False)))

rules_st = st.builds(
    lambda hs, stack, after: load_rules("satti", hand_size=hs, seven_stacking=stack,
                                        play_after_draw=after),
    st.sampled_from((5, 6, 7)), st.booleans(), st.booleans())
players_st = st.integers(min_value=2, max_value=6)
seed_st = st.integers(min_value=0, max_value=2**32)


def conserved(state: SattiState) -> bool:
    t = state._t
    masks = [*t.hands, t.discards, 1 << t.top] + [1 << c for c in t.pile]
    total = 0
    for m in masks:
        if total & m:
            return False
        total |= m
    return total == FULL_MASK and sum(bin(m).count("1") for m in masks) == 52


def random_round(rules, players: int, seed: int, dealer: int, attempts: bool = False):
    """A round played with uniformly random legal moves (and, if asked, some attempts)."""
    state = rules.new_deal(players=players, seed=seed, dealer=dealer)
    rng = TurnRandom(seed)
    states = [state]
    while not state.is_over:
        assert len(state.history) < OBSERVED_BOUND
        rng.start_turn(len(state.history))
        legal = state.legal_moves()
        if attempts and state.skipped and rng.below(3) == 0:
            hand = list(state.hands[state.to_move])
            move = "draw" if rng.below(2) else str(hand[rng.below(len(hand))])
        else:
            move = legal[rng.below(len(legal))]
        state = state.play(move)
        states.append(state)
    return states


@pytest.mark.clause("SAT-SETUP-1", "SAT-PILE-1", "SAT-PILE-3")
@settings(max_examples=60, deadline=None)
@given(rules_st, players_st, seed_st, st.integers(0, 5))
def test_SAT_SETUP_1_cards_conserved_and_rounds_end(rules, players, seed, dealer) -> None:
    states = random_round(rules, players, seed, dealer % players, attempts=True)
    assert all(conserved(s) for s in states)
    end = states[-1]
    assert end.is_over and end.outcome is not None
    assert end.outcome.stopped or end.outcome.cards_held[end.outcome.went_out] == 0
    assert sorted(end.outcome.places)[0] == 1


@pytest.mark.clause("SAT-SETUP-5", "SAT-PILE-1")
@settings(max_examples=40, deadline=None)
@given(rules_st, players_st, seed_st)
def test_SAT_SETUP_5_exact_replay(rules, players, seed) -> None:
    end = random_round(rules, players, seed, 0, attempts=True)[-1]
    again = rules.new_deal(players=players, seed=seed).play_all([str(m) for m in end.history])
    assert again.hands == end.hands and again.draw_pile == end.draw_pile
    assert again.discards == end.discards and again.outcome == end.outcome
    assert again.public_history == end.public_history
    assert [s.hands for s in end.states()] == [s.hands for s in
                                              random_round(rules, players, seed, 0, True)]


@pytest.mark.clause("SAT-TURN-6", "SAT-EIGHT-2", "SAT-EIGHT-3")
@settings(max_examples=25, deadline=None)
@given(rules_st, players_st, seed_st)
def test_SAT_TURN_6_legal_moves_equal_what_explain_calls_legal(rules, players, seed) -> None:
    for state in random_round(rules, players, seed, 0, attempts=True)[::2]:
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal)
        explained = [m for m in MOVES if state.explain(m).legal]
        assert set(explained) == set(legal)
        for move in MOVES:
            why = state.explain(move)
            assert why.reason.endswith(".") and why.clauses
            assert all(c.startswith("SAT-") for c in why.clauses)
        if not state.is_over:
            view = state.view(state.to_move)
            assert view.legal_moves() == legal


@pytest.mark.clause("SAT-SETUP-1")
@pytest.mark.parametrize("hand_size,stacking,after", COMBOS)
def test_SAT_SETUP_1_every_combination_and_table_size_ends(hand_size, stacking, after) -> None:
    rules = load_rules("satti", hand_size=hand_size, seven_stacking=stacking,
                       play_after_draw=after)
    for players in range(2, 7):
        for seed in range(60):
            for bots in ("random", "easy", "smart"):
                out = rules.playout(players=players, seed=seed, dealer=seed % players,
                                    bots=bots)
                assert out.rows[0]["turns"] < OBSERVED_BOUND
                assert sum(r["points"] for r in out.rows) <= 52


def test_SAT_PILE_3_runaway_rounds_are_capped_by_the_driver() -> None:
    rules = load_rules("satti")
    assert MOVE_CAP == 100_000
    with pytest.raises(RuntimeError, match="within 5 moves"):
        autoplay(rules.new_deal(players=4, seed=1), "random", seed=1, max_moves=5)
    with pytest.raises(RuntimeError, match="within 5 moves"):
        rules.playout(players=4, seed=1, max_moves=5)
