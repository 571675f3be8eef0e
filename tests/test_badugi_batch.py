"""Badugi's numpy batch (rulebook.games.badugi.batch) gives, hand for hand, exactly the rows of the
scalar fast loop (and so of State + autoplay); the hands it leaves to the scalar loop
(all-ins, side pots, reshuffles) come out the same too."""
from __future__ import annotations

import numpy as np
import pytest

from rulebook import load_rules
from rulebook.games.badugi.batch import MIN_BATCH, columns_random
from rulebook.protocol import autoplay
from rulebook.simulation import _rows_to_columns, deal_dealers, deal_seeds

CASES = [({}, 4), ({}, 2), ({}, 8), ({"small_bet": 4}, 6), ({"stack": 40}, 3),
         ({"small_bet": 2, "stack": 500}, 5)]


@pytest.mark.clause("BDG-SEAT-5", "BDG-SEAT-6", "BDG-BET-2", "BDG-BET-3", "BDG-BET-4",
                    "BDG-BET-7", "BDG-BET-8", "BDG-BET-9", "BDG-DRAW-1", "BDG-DRAW-4",
                    "BDG-POT-3", "BDG-SHOW-1", "BDG-POT-6")
@pytest.mark.parametrize("options, players", CASES,
                         ids=[f"{'-'.join(o) or 'plain'}-{n}" for o, n in CASES])
def test_batch_equals_the_scalar_loop(options, players, monkeypatch) -> None:
    rules = load_rules("badugi", **options)
    hands = 500
    seeds, dealers = deal_seeds(f"badugi-{players}", hands), deal_dealers(players, hands)
    want = _rows_to_columns([rules.playout(players, s, d).rows
                             for s, d in zip(seeds, dealers)], players)
    replayed: list[int] = []
    scalar = type(rules).playout

    def counting(self, *args, **kwargs):
        replayed.append(kwargs.get("seed"))
        return scalar(self, *args, **kwargs)

    monkeypatch.setattr(type(rules), "playout", counting)
    got = columns_random(rules, players, seeds, dealers, ["random"] * players)
    assert got is not None and set(got) == set(want)
    for name in want:
        assert np.array_equal(np.asarray(got[name]), np.asarray(want[name])), name
    # Most hands stay in the arrays; the rest (all-ins, reshuffles) are played again.
    assert len(replayed) < hands
    frame_won = np.asarray(want["won"]).reshape(hands, players)
    live = (np.asarray(want["passes"]).reshape(hands, players) == 0).sum(axis=1)
    assert (live >= 2).any()  # showdowns are in the sample
    if (players, options) == (4, {}):
        assert replayed and (frame_won.sum(axis=1) >= 1).all()


def test_batch_equals_the_state_path() -> None:
    rules = load_rules("badugi")
    seeds, dealers = deal_seeds("states", MIN_BATCH), deal_dealers(4, MIN_BATCH)
    got = columns_random(rules, 4, seeds, dealers, ["random"] * 4)
    for k in (0, 9, 20, MIN_BATCH - 1):
        out = autoplay(rules.new_deal(4, seeds[k], dealers[k]), None, seeds[k]).outcome
        for seat in range(4):
            i = k * 4 + seat
            assert got["points"][i] == out.net[seat]
            assert got["stack"][i] == out.final_stacks[seat]
            assert got["place"][i] == out.places[seat]
            assert got["won"][i] == (seat in out.winners)


def test_batch_declines_what_it_does_not_play() -> None:
    seeds = deal_seeds(1, 100)
    rules = load_rules("badugi")
    assert columns_random(rules, 4, seeds, deal_dealers(4, 100),
                          ["random", "smart", "random", "random"]) is None
    assert columns_random(rules, 4, seeds[:MIN_BATCH - 1], deal_dealers(4, MIN_BATCH - 1),
                          ["random"] * 4) is None
    assert columns_random(load_rules("badugi", stacks=[100, 50, 100]), 3, seeds,
                          deal_dealers(3, 100), ["random"] * 3) is None
