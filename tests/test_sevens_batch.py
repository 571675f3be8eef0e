"""The Sevens family's column batch (rulebook.games.sevens.batch) gives, deal for deal, exactly the
rows of the numpy row batch and the scalar loop (and so of State + autoplay)."""
from __future__ import annotations

import numpy as np
import pytest

from rulebook import load_rules
from rulebook.games.sevens.batch import MIN_BATCH, columns_random, places_lower_first
from rulebook.games.sevens.core import round_places
from rulebook.games.sevens.playout import playout_deal
from rulebook.simulation import _rows_to_columns, deal_dealers, deal_seeds

CASES = [
    ("badam-satti", {}, 4),
    ("badam-satti", {"limited_passes": True, "one_final_turn": True, "sevens_first": True}, 5),
    ("badam-satti", {"ace_high": True, "eight_before_six": True, "flat_10": True}, 3),
    ("badam-satti-app", {"scoring": "court_11_12_13"}, 6),
    ("sevens", {}, 7),
    ("sevens", {"stack": 5}, 4),
]


@pytest.mark.clause("BS-END-6", "BS-END-7", "BS-END-8", "BS-HR-12", "BS-CHIP-5")
@pytest.mark.parametrize("profile, options, players", CASES,
                         ids=[f"{p}-{'-'.join(o) or 'plain'}-{n}" for p, o, n in CASES])
def test_columns_equal_the_scalar_loop(profile, options, players) -> None:
    rules = load_rules(profile, **options)
    deals = 300
    seeds, dealers = deal_seeds("cols", deals), deal_dealers(players, deals)
    got = columns_random(rules, players, seeds, dealers, ["random"] * players)
    rows = [playout_deal(rules, players, s, d, ["random"] * players, False)[0]
            for s, d in zip(seeds, dealers)]
    want = _rows_to_columns(rows, players)
    assert set(got) == set(want)
    for name in want:
        assert np.array_equal(np.asarray(got[name]), np.asarray(want[name])), name


def test_places_on_arrays_equal_round_places() -> None:
    rng = np.random.default_rng(3)
    points = rng.integers(0, 6, size=(500, 5))
    winner = rng.integers(-1, 5, size=500)
    points[np.arange(500)[winner >= 0], winner[winner >= 0]] = 0
    got = places_lower_first(points, winner)
    for d in range(500):
        w = None if winner[d] < 0 else int(winner[d])
        assert tuple(got[d]) == round_places(points[d].tolist(), w)


def test_columns_decline_small_or_mixed_tables() -> None:
    rules = load_rules("badam-satti")
    seeds = deal_seeds(0, 100)
    assert columns_random(rules, 4, seeds[:MIN_BATCH - 1], [0] * (MIN_BATCH - 1),
                          ["random"] * 4) is None
    assert columns_random(rules, 4, seeds, [0] * 100, ["random", "smart", "random",
                                                       "random"]) is None
