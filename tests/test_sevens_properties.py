"""Property tests over every Sevens-family profile and every house-rule combination."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import FULL_MASK
from rulebook.protocol import TurnRandom, autoplay, make_bot
from rulebook.records import dumps, loads
from rulebook.games.sevens import PASS, PLAYS

HOUSE = ("sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
         "one_final_turn")
COMBOS = [dict(zip(HOUSE, bits)) for bits in itertools.product((False, True), repeat=6)]
ALL_MOVES = list(PLAYS) + [PASS]


@st.composite
def rulesets(draw):
    profile = draw(st.sampled_from(["badam-satti", "badam-satti-app", "sevens"]))
    if profile == "badam-satti":
        options = draw(st.sampled_from(COMBOS))
        players = draw(st.integers(3, 6))
    elif profile == "badam-satti-app":
        options = {"scoring": draw(st.sampled_from(["app", "court_11_12_13", "one_per_card"]))}
        players = draw(st.integers(3, 7))
    else:
        options = {"stack": draw(st.integers(-5, 20))}
        players = draw(st.integers(3, 7))
    return load_rules(profile, **options), players


def check_conserved(state):
    union = state.table.mask
    total = len(state.table)
    for hand in state.hands:
        assert union & hand.mask == 0
        union |= hand.mask
        total += len(hand)
    assert union == FULL_MASK and total == 52
    if state.rules.chips:
        assert sum(state.stacks) + state.pool == state.players * state.rules.start_stack


@settings(max_examples=60, deadline=None)
@given(rulesets(), st.integers(0, 2**32), st.sampled_from(["random", "smart", "mixed"]))
def test_BS_DEAL_3_BS_CHIP_7_conservation_end_and_replay(rules_players, seed, who):
    """Cards conserved at every step (BS-DEAL-3), chips conserved (BS-CHIP-7), every deal
    ends, the view's legal moves match the state's, and the deal replays exactly."""
    rules, players = rules_players
    bots = ["random", "smart"] * 4 if who == "mixed" else [who] * 8
    bots = [make_bot("sevens", b) for b in bots[:players]]
    state = rules.new_deal(players=players, seed=seed, dealer=seed % players)
    rng = TurnRandom(seed)
    sizes = state.hand_sizes
    for _ in range(400):
        check_conserved(state)
        if state.is_over:
            break
        seat = state.to_move
        view = state.view(seat)
        assert view.legal_moves() == state.legal_moves()
        rng.start_turn(len(state.history))
        state = state.play(bots[seat].choose(view, rng))
        assert all(a <= b for a, b in zip(state.hand_sizes, sizes))  # no card enters a hand
        sizes = state.hand_sizes
    assert state.is_over and state.outcome is not None
    assert loads(dumps(state)).history == state.history
    assert state.start().play_all(state.history).outcome == state.outcome
    again = autoplay(rules.new_deal(players=players, seed=seed, dealer=seed % players),
                     bots, seed=seed)
    assert again.history == state.history


@settings(max_examples=25, deadline=None)
@given(rulesets(), st.integers(0, 2**32))
def test_BS_MOVE_3_legal_moves_equal_explain(rules_players, seed):
    """legal_moves() is exactly {m : explain(m).legal} at every step (BS-MOVE-3, BS-MOVE-4)."""
    rules, players = rules_players
    state = rules.new_deal(players=players, seed=seed)
    rng = TurnRandom(seed)
    step = 0
    while not state.is_over:
        legal = state.legal_moves()
        if step % 3 == 0:
            explained = [m for m in ALL_MOVES if state.explain(m).legal]
            assert set(explained) == set(legal)
            for m in ALL_MOVES:
                why = state.explain(m)
                assert why.reason and why.clauses
        rng.start_turn(step)
        state = state.play(legal[rng.below(len(legal))])
        step += 1
    assert all(not state.explain(m).legal for m in (PASS, PLAYS[0]))
