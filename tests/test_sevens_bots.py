"""Computer players for the Sevens family: they see only a view, and smart beats random."""
from __future__ import annotations

import gc

import pytest

from rulebook import load_rules
from rulebook.protocol import TurnRandom, autoplay, make_bot
from rulebook.games.sevens import SevensState, SevensView

SMART_DEALS = 200
"""Seeded deals (seeds 0..199, the smart player in seat k % 4) for the strength test."""


def test_smart_beats_random_significantly():
    """Over 200 seeded 4-player classic deals, one smart player against three random ones
    wins far more than the 1/4 share a random player would expect: with p = 0.25 the mean
    is 50 wins and the standard deviation 6.1, so 80 wins is about five deviations up."""
    rules = load_rules("badam-satti")
    wins = 0
    for k in range(SMART_DEALS):
        bots = ["random"] * 4
        bots[k % 4] = "smart"
        end = autoplay(rules.new_deal(players=4, seed=k, dealer=k % 4), bots, seed=k)
        wins += end.outcome.winner == k % 4
    assert wins >= 80, wins


@pytest.mark.parametrize("options", [{"limited_passes": True}, {"sevens_first": True,
                                                                 "ace_high": True}])
def test_smart_beats_each_random_player_under_house_rules(options):
    rules = load_rules("badam-satti", **options)
    smart = other = 0
    for k in range(120):
        bots = ["random"] * 4
        bots[k % 4] = "smart"
        end = autoplay(rules.new_deal(players=4, seed=k, dealer=k % 4), bots, seed=k)
        w = end.outcome.winner
        if w is not None:
            smart += w == k % 4
            other += w != k % 4
    assert smart > other / 3 * 1.5, (smart, other)


def test_random_bot_draw_contract():
    state = load_rules("badam-satti").new_deal(players=4, seed=3).play("7H")
    while len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[0])
    rng = TurnRandom(5)
    rng.start_turn(len(state.history))
    legal = state.legal_moves()
    check = TurnRandom(5)
    check.start_turn(len(state.history))
    expected = legal[check.below(len(legal))]
    assert make_bot("sevens", "random").choose(state.view(state.to_move), rng) is expected


def test_bots_cannot_reach_hidden_hands():
    state = load_rules("badam-satti").new_deal(players=4, seed=8).play("7H")
    view = state.view(state.to_move)
    assert not hasattr(view, "__dict__")
    with pytest.raises(AttributeError):
        view.seat = 2
    referents = gc.get_referents(view)
    assert not any(isinstance(r, SevensState) for r in referents)
    others = [state.hand(s).mask for s in range(4) if s != view.seat]
    for name in SevensView.__slots__:
        value = getattr(view, name)
        assert not isinstance(value, SevensState)
        if isinstance(value, int) and not isinstance(value, bool) and name != "hand_mask":
            assert value not in others or value == 0
    assert view.legal_moves() == state.legal_moves()
    assert state.view((view.seat + 1) % 4).legal_moves() == []


def test_smart_keeps_a_lone_seven_and_plays_towards_its_cards():
    rules = load_rules("badam-satti")
    state = rules.position(table="7H", hands=["7S 8H 9H TH", None, None, None])
    move = make_bot("sevens", "smart").choose(state.view(0), TurnRandom(0))
    assert str(move) == "8H"
    near_out = rules.position(table="7H 7C 6C", hands=["5C 8C KC 3H", "2D", None, None])
    move = make_bot("sevens", "smart").choose(near_out.view(0), TurnRandom(0))
    assert str(move) == "8C"  # sheds the higher card when someone is nearly out
