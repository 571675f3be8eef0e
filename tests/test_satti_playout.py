"""Satti fast playout: the same moves and results as State + autoplay (differential test)."""
from __future__ import annotations

import itertools

import pytest

from rulebook import load_rules, simulate
from rulebook.errors import RulesError
from rulebook.protocol import autoplay
from rulebook.games.satti.bots import rows_from_state

COMBOS = [dict(hand_size=h, seven_stacking=s, play_after_draw=a)
          for h, s, a in itertools.product((5, 6, 7), (True, False), (True, False))]
BOT_SETS = ["random", "easy", "smart", ["smart", "easy", "random", "smart", "easy", "random"]]


def check(rules, players: int, seed: int, dealer: int, bots) -> None:
    seats = bots[:players] if isinstance(bots, list) else bots
    fast = rules.playout(players=players, seed=seed, dealer=dealer, bots=seats, record=True)
    state = autoplay(rules.new_deal(players, seed, dealer), seats, seed)
    assert fast.moves == [str(m) for m in state.history], (rules, players, seed, seats)
    names = seats if isinstance(seats, list) else [seats] * players
    assert fast.rows == rows_from_state(state, names)
    outcome = state.outcome
    assert [r["place"] for r in fast.rows] == list(outcome.places)
    assert [r["points"] for r in fast.rows] == list(outcome.cards_held)


@pytest.mark.clause("SAT-AI-1", "SAT-AI-2", "SAT-AI-3", "SAT-SETUP-5", "SAT-PILE-1")
@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_SAT_AI_1_playout_matches_autoplay(options) -> None:
    rules = load_rules("satti", **options)
    for players in range(2, 7):
        for k, bots in enumerate(BOT_SETS):
            for seed in range(k * 1000, k * 1000 + 8):
                check(rules, players, seed, seed % players, bots)


@pytest.mark.slow
@pytest.mark.clause("SAT-AI-1", "SAT-PILE-1")
@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_SAT_AI_1_playout_matches_autoplay_thousands(options) -> None:
    rules = load_rules("satti", **options)
    for players in range(2, 7):
        for k, bots in enumerate(BOT_SETS):
            base = 10_000 + k * 1000 + players * 100  # 1,200 distinct seeds per ruleset
            for seed in range(base, base + 60):
                check(rules, players, seed, seed % players, bots)


def test_SAT_END_4_playout_rows_and_record() -> None:
    rules = load_rules("satti")
    out = rules.playout(players=4, seed=3, dealer=1, bots="smart")
    assert out.moves is None and len(out.rows) == 4
    for row in out.rows:
        assert {"seat", "bot", "place", "won", "points", "passes", "turns", "penalty_cards",
                "cards_drawn", "stopped"} <= set(row)
        assert row["won"] == (row["place"] == 1)
    assert rules.playout_batch(4, [3], [1], "smart") == [out.rows]
    with pytest.raises(RulesError):
        rules.playout(players=7, seed=1)
    with pytest.raises(RulesError):
        rules.playout(players=4, seed=1, bots=["easy"])
    with pytest.raises(RulesError):
        rules.playout(players=4, seed=1, bots="genius")


def test_SAT_AI_1_playout_with_another_bot_object() -> None:
    from rulebook.games.satti.bots import SmartBot

    class Named(SmartBot):
        name = "mine"

    rules = load_rules("satti")
    out = rules.playout(players=3, seed=5, bots=[Named(), "smart", "easy"], record=True)
    ref = rules.playout(players=3, seed=5, bots=["smart", "smart", "easy"], record=True)
    assert out.moves == ref.moves and out.rows[0]["bot"] == "mine"


def test_SAT_END_4_simulate_uses_the_fast_path() -> None:
    frame = simulate("satti", players=3, deals=30, bots="easy", seed=2)
    assert len(frame) == 90
    assert set(frame.groupby("deal")["won"].sum()) <= {1, 2, 3}
