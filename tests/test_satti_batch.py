"""Satti's numpy batch (rulebook.games.satti.batch) gives, round for round, exactly the rows of the
scalar fast loop (and so of State + autoplay), for every option and table size."""
from __future__ import annotations

import numpy as np
import pytest

from rulebook import load_rules
from rulebook.protocol import autoplay
from rulebook.games.satti.batch import MIN_BATCH, columns_random
from rulebook.games.satti.bots import rows_from_state
from rulebook.simulation import _rows_to_columns, deal_dealers, deal_seeds

CASES = [({}, 4), ({}, 2), ({}, 6), ({"seven_stacking": False}, 3),
         ({"play_after_draw": False}, 5), ({"hand_size": 7}, 6), ({"hand_size": 5}, 4),
         ({"seven_stacking": False, "play_after_draw": False, "hand_size": 7}, 2)]


def _columns(rules, players, rounds, seed):
    seeds = deal_seeds(seed, rounds)
    dealers = deal_dealers(players, rounds)
    got = columns_random(rules, players, seeds, dealers, ["random"] * players)
    want = _rows_to_columns(rules.playout_batch(players, seeds, dealers, None), players)
    return seeds, dealers, got, want


@pytest.mark.clause("SAT-SETUP-2", "SAT-SETUP-7", "SAT-TURN-4", "SAT-SEVEN-6", "SAT-PILE-1",
                    "SAT-END-4")
@pytest.mark.parametrize("options, players", CASES,
                         ids=[f"{'-'.join(o) or 'plain'}-{n}" for o, n in CASES])
def test_batch_equals_the_scalar_loop(options, players) -> None:
    rules = load_rules("satti", **options)
    rounds = 400
    seeds, dealers, got, want = _columns(rules, players, rounds, f"batch-{players}")
    assert set(got) == set(want)
    for name in want:
        assert np.array_equal(np.asarray(got[name]), np.asarray(want[name])), name
    # The sample reaches the rare paths: a turned 7 put back (SAT-SETUP-7), a reshuffle
    # (more cards drawn than the pile held), penalties drawn and jacks played after a draw.
    drawn = np.asarray(want["cards_drawn"]).reshape(rounds, players).sum(axis=1)
    pile = 52 - players * rules.hand_size - 1
    assert (drawn > pile).any()
    assert np.asarray(want["penalty_cards"]).sum() > 0
    assert any(_turned_seven(rules, players, s, d) for s, d in zip(seeds, dealers))
    if rules.play_after_draw:
        assert any(m.startswith("name") for s, d in zip(seeds[:100], dealers)
                   for m in rules.playout(players, s, d, None, record=True).moves)


def _turned_seven(rules, players, seed, dealer):
    from rulebook.games.satti.core import shuffled_deck

    pack = shuffled_deck(seed)
    return pack[-(players * rules.hand_size) - 1] >> 2 == 6


def test_batch_equals_the_state_path() -> None:
    rules = load_rules("satti")
    seeds, dealers, got, _ = _columns(rules, 4, MIN_BATCH, "states")
    for k in (0, 5, 17, MIN_BATCH - 1):
        state = autoplay(rules.new_deal(4, seeds[k], dealers[k]), None, seeds[k])
        for seat, row in enumerate(rows_from_state(state, ["random"] * 4)):
            i = k * 4 + seat
            for name in ("place", "won", "points", "passes", "turns", "penalty_cards",
                         "cards_drawn", "stopped"):
                assert got[name][i] == row[name], (k, seat, name)


def test_batch_declines_what_it_does_not_play() -> None:
    rules = load_rules("satti")
    seeds = deal_seeds(1, 100)
    assert columns_random(rules, 3, seeds, deal_dealers(3, 100), ["random", "smart",
                                                                  "random"]) is None
    assert columns_random(rules, 3, seeds[:MIN_BATCH - 1], deal_dealers(3, MIN_BATCH - 1),
                          ["random"] * 3) is None
