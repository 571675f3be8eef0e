"""The fast playout path (phase 2 contract) against State + autoplay, move for move."""
from __future__ import annotations

import random

import pytest

from rulebook import load_rules
from rulebook.games.badugi import Draw
from rulebook.protocol import autoplay
from rulebook.errors import RulesError


def _case(k: int):
    rnd = random.Random(k)
    n = rnd.randint(2, 8)
    small_bet = rnd.choice([2, 3, 5, 10])
    kind = rnd.randrange(3)
    if kind == 0:
        rules = load_rules("badugi", small_bet=small_bet)
    elif kind == 1:
        rules = load_rules("badugi", small_bet=small_bet, stack=rnd.choice([1, 7, 25, 60, 400]))
    else:
        stacks = [rnd.choice([0, 2, 9, 30, 100, 250]) for _ in range(n)]
        stacks[rnd.randrange(n)] = stacks[rnd.randrange(n)] = 0 if n > 3 else 50
        if sum(1 for s in stacks if s) < 2:
            stacks = [s or 40 for s in stacks]
        rules = load_rules("badugi", small_bet=small_bet, stacks=stacks)
    bots = rnd.choice(["random", "smart", None,
                       [rnd.choice(["random", "smart"]) for _ in range(n)]])
    return rules, n, rnd.randrange(n), bots


def _check(k: int) -> None:
    rules, n, dealer, bots = _case(k)
    fast = rules.playout(players=n, seed=k, dealer=dealer, bots=bots, record=True)
    end = autoplay(rules.new_deal(players=n, seed=k, dealer=dealer), bots, k)
    assert fast.moves == [str(m) for m in end.history], k
    out = end.outcome
    drawn = [0] * n
    for seat, move in zip(end._actors, end.history):
        if isinstance(move, Draw):
            drawn[seat] += move.discard.bit_count()
    for row in fast.rows:
        j = row["seat"]
        assert row["points"] == out.net[j]
        assert row["place"] == out.places[j]
        assert row["won"] == (j in out.winners)
        assert row["passes"] == (1 if j in end.folded else 0)
        assert row["turns"] == len(end.history)
        assert row["drawn"] == drawn[j]
        assert row["stack"] == out.final_stacks[j]
    assert sum(r["points"] for r in fast.rows) == 0


def test_playout_matches_autoplay_over_2000_hands() -> None:
    for k in range(2000):
        _check(k)


@pytest.mark.slow
def test_playout_matches_autoplay_over_10000_more_hands() -> None:
    for k in range(2000, 12000):
        _check(k)


def test_playout_rows_and_defaults() -> None:
    rules = load_rules("badugi")
    result = rules.playout(players=4, seed=3)
    assert result.moves is None
    assert [r["seat"] for r in result.rows] == [0, 1, 2, 3]
    assert {"seat", "bot", "place", "won", "points", "passes", "turns", "drawn"} <= set(result.rows[0])
    assert all(r["bot"] == "random" for r in result.rows)
    with pytest.raises(RulesError):
        rules.playout(players=4, bots=["smart"] * 3)
    with pytest.raises(RulesError):
        rules.playout(players=4, bots="genius")


def test_simulate_uses_the_fast_path() -> None:
    pytest.importorskip("pandas")
    from rulebook import simulate

    frame = simulate("badugi", players=3, deals=30, bots="smart", seed=1)
    assert len(frame) == 90
    assert frame.groupby("deal")["points"].sum().eq(0).all()
