"""The fast playout paths agree exactly with State + autoplay (phase 2 contract)."""
from __future__ import annotations

import itertools

import pytest

from rulebook import RulesError, load_rules
from rulebook.protocol import autoplay

HOUSE = ("sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
         "one_final_turn")
RULESETS = [("badam-satti", dict(zip(HOUSE, bits)))
            for bits in itertools.product((False, True), repeat=6)] + [
    ("badam-satti-app", {}), ("badam-satti-app", {"scoring": "one_per_card"}),
    ("sevens", {}), ("sevens", {"stack": 7})]
MIXES = ["random", "smart", ["smart", "random", "random", "smart", "random", "smart", "random"]]


def same(rules, players, seed, dealer, bots):
    fast = rules.playout(players=players, seed=seed, dealer=dealer, bots=bots, record=True)
    state = autoplay(rules.new_deal(players, seed, dealer), bots if isinstance(bots, str)
                     else bots[:players], seed=seed)
    assert fast.moves == [str(m) for m in state.history]
    out = state.outcome
    assert [r["points"] for r in fast.rows] == list(out.points)
    assert [r["place"] for r in fast.rows] == list(out.places)
    assert [r["won"] for r in fast.rows] == [s == out.winner for s in range(players)]
    assert [r["passes"] for r in fast.rows] == list(out.passes)
    assert [r["cards_left"] for r in fast.rows] == list(out.cards_left)
    assert all(r["turns"] == len(state.history) for r in fast.rows)


@pytest.mark.parametrize("profile, options", RULESETS,
                         ids=[f"{p}-{'-'.join(k for k, v in o.items() if v) or 'plain'}"
                              for p, o in RULESETS])
def test_fast_playout_equals_state_path(profile, options):
    rules = load_rules(profile, **options)
    for k in range(12):
        players = rules.min_players + k % (rules.max_players - rules.min_players + 1)
        same(rules, players, 1000 + k, k % players, MIXES[k % 3] if isinstance(
            MIXES[k % 3], str) else MIXES[k % 3][:players])


@pytest.mark.parametrize("profile, options", RULESETS[::3] + RULESETS[-4:])
def test_numpy_batch_equals_scalar(profile, options):
    rules = load_rules(profile, **options)
    for players in (3, 4, 6):
        seeds = list(range(300, 400))
        dealers = [s % players for s in seeds]
        batch = rules.playout_batch(players, seeds, dealers, "random")
        assert batch == [rules.playout(players, s, d).rows for s, d in zip(seeds, dealers)]


@pytest.mark.slow
def test_fast_playout_equals_state_path_thousands():
    for i, (profile, options) in enumerate(RULESETS):
        rules = load_rules(profile, **options)
        for k in range(60):
            same(rules, 4, 50_000 + 97 * i + k, k % 4, "random" if k % 2 else "smart")


def test_playout_rows_and_bad_bots():
    rules = load_rules("sevens")
    result = rules.playout(players=5, seed=3, dealer=1)
    assert result.moves is None and len(result.rows) == 5
    assert set(result.rows[0]) >= {"seat", "bot", "place", "won", "points", "passes", "turns"}
    assert sum(r["points"] for r in result.rows) == 0
    with pytest.raises(RulesError):
        rules.playout(players=4, bots="genius")
    with pytest.raises(RulesError):
        rules.playout(players=4, bots=["random"] * 3)
    with pytest.raises(RulesError):
        rules.playout(players=9)
    assert rules.playout_batch(4, [1, 2], 0, "smart")[0] == \
        rules.playout(4, 1, 0, "smart").rows
