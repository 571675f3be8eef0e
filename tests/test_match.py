"""Matches (rulebook.match): totals, places, tie-breaks, dealer rotation and match records."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulebook import RecordError, RulesError, load_rules
from rulebook.match import Match, load_match
from rulebook.protocol import derived_seed
from rulebook.records import dumps, loads
from rulebook.games.sevens import SevensOutcome
from rulebook.games.sevens.core import round_places


def outcome(points, winner, cards=None, chips=False):
    places = round_places(points, winner)
    return SevensOutcome(places=places, winners=(winner,), summary="", winner=winner,
                         points=tuple(points), cards_left=tuple(cards or [1] * len(points)))


@pytest.mark.clause("BS-MATCH-1")
@pytest.mark.parametrize("profile", ["badam-satti", "badam-satti-app"])
def test_BS_MATCH_1_totals_sum_round_scores(profile):
    match = load_rules(profile).new_match(players=4, seed=3).autoplay("random", seed=1)
    assert match.is_over and match.current is None
    assert match.totals == tuple(sum(d.outcome.points[s] for d in match.deals)
                                 for s in range(4))
    best = min(match.totals)
    assert all(match.totals[s] == best for s in match.result.winners)


@pytest.mark.clause("BS-MATCH-2", "BS-MATCH-6", "BS-CHIP-8", "BS-CHIP-9")
@pytest.mark.parametrize("profile, options, length", [
    ("badam-satti", {}, 5), ("badam-satti", {"round_count": 3}, 3),
    ("badam-satti-app", {}, 5), ("badam-satti-app", {"deals": 3}, 3),
    ("sevens", {}, 5), ("sevens", {"deals": 3}, 3)])
def test_BS_MATCH_2_6_CHIP_8_9_match_length(profile, options, length):
    match = load_rules(profile, **options).new_match(players=3, seed=2).autoplay()
    assert len(match.deals) == length and match.length == length
    assert [d.dealer for d in match.deals] == [k % 3 for k in range(length)]


@pytest.mark.clause("BS-CHIP-9")
def test_BS_CHIP_9_deals_accepts_3_or_5():
    with pytest.raises(RulesError, match="deals"):
        load_rules("sevens", deals=4)


@pytest.mark.clause("BS-MATCH-3", "BS-MATCH-4", "BS-MATCH-5")
def test_BS_MATCH_3_to_5_chain_orders_every_place():
    rules = load_rules("badam-satti", round_count=3)
    # four players: seats 0 and 1 tie on total and cards, 1 won more rounds;
    # seats 2 and 3 tie on everything and share 3rd.
    rounds = [outcome((0, 10, 12, 12), 0, (0, 1, 2, 2)),
              outcome((10, 0, 12, 12), 1, (1, 0, 2, 2)),
              outcome((10, 0, 6, 6), 1, (2, 0, 2, 2))]
    result = rules.match_result(rounds, 4)
    assert result.totals == (20, 10, 30, 30)
    assert result.places == (2, 1, 3, 3)
    rounds = [outcome((0, 10, 30, 40), 0, (0, 2, 2, 2)),
              outcome((10, 0, 30, 40), 1, (2, 0, 2, 2)),
              outcome((10, 20, 0, 40), 2, (2, 2, 0, 2))]
    result = rules.match_result(rounds, 4)
    assert result.totals == (20, 30, 60, 120)
    rounds = [outcome((0, 10, 20), 0, (0, 2, 2)), outcome((10, 0, 20), 1, (2, 0, 2)),
              outcome((10, 10, 0), 2, (2, 2, 0))]
    result = rules.match_result(rounds, 3)
    # totals 20, 20, 40; cards 2, 2; rounds won 1, 1; positions A 1,2,2 B 2,1,2 -> equal
    assert result.tie_break[0]["average_position"] == Fraction(5, 3) == \
        result.tie_break[1]["average_position"]
    assert result.places == (1, 1, 3) and result.winners == (0, 1)


@pytest.mark.clause("BS-MATCH-7")
def test_BS_MATCH_7_app_has_no_tie_break():
    rules = load_rules("badam-satti-app", deals=3)
    rounds = [outcome((0, 10, 20), 0, (0, 1, 5)), outcome((10, 0, 20), 1, (3, 0, 2)),
              outcome((10, 20, 0), 2, (1, 4, 0))]
    result = rules.match_result(rounds, 3)
    assert result.totals == (20, 30, 40) and result.places == (1, 2, 3)
    rounds[2] = outcome((10, 10, 0), 2, (1, 4, 0))
    result = rules.match_result(rounds, 3)
    assert result.totals == (20, 20, 40)
    assert result.places == (1, 1, 3) and result.winners == (0, 1)
    assert result.tie_break is None


@pytest.mark.clause("BS-CHIP-10", "BS-CHIP-7")
def test_BS_CHIP_10_highest_stack_wins():
    rules = load_rules("sevens", stack=20, deals=3)
    match = rules.new_match(players=4, seed=9).autoplay("random", seed=2)
    assert sum(match.totals) == 80
    assert match.totals == tuple(20 + sum(d.outcome.points[s] for d in match.deals)
                                 for s in range(4))
    best = max(match.totals)
    assert match.result.winners == tuple(s for s in range(4) if match.totals[s] == best)
    fake = [SevensOutcome(places=(1, 2, 2), winners=(0,), summary="", winner=0,
                          points=(4, -2, -2), cards_left=(0, 1, 1)),
            SevensOutcome(places=(1, 2, 2), winners=(1,), summary="", winner=1,
                          points=(-2, 4, -2), cards_left=(1, 0, 1))]
    result = load_rules("sevens").match_result(fake, 3)
    assert result.totals == (2, 2, -4) and result.places == (1, 1, 3)


@pytest.mark.clause("BS-DEAL-7", "BS-DEAL-4")
def test_match_play_move_by_move_and_seeds():
    rules = load_rules("badam-satti", round_count=3)
    match = rules.new_match(players=4, seed="m", dealer=1)
    assert match.current.origin["seed"] == derived_seed("m", "deal", 0)
    count = 0
    while not match.is_over:
        before = match
        match = match.play(match.legal_moves()[0])
        assert before.current is not None  # the old match is unchanged
        count += 1
    assert [d.dealer for d in match.deals] == [1, 2, 3]
    assert match.places == match.result.places
    with pytest.raises(RulesError, match="over"):
        match.play("pass")
    with pytest.raises(AttributeError):
        match.seed = 3


def test_match_record_round_trip_and_damage():
    rules = load_rules("sevens", deals=3)
    match = rules.new_match(players=3, seed=4)
    for _ in range(70):
        match = match.play(match.legal_moves()[-1])
    text = dumps(match)
    back = loads(text)
    assert isinstance(back, Match)
    assert [d.history for d in back.deals] == [d.history for d in match.deals]
    assert back.current.history == match.current.history
    assert back.totals == match.totals
    done = match.autoplay()
    assert loads(dumps(done)).result == done.result
    data = json.loads(text)
    data["deals"][0][3] = "pass" if data["deals"][0][3] != "pass" else "7S"
    with pytest.raises(RecordError, match="digest"):
        load_match(data)
    from rulebook.records import digest
    data["digest"] = digest(data)
    with pytest.raises(RecordError):
        load_match(data)
    bad = json.loads(text)
    bad["players"] = 9
    bad["digest"] = digest(bad)
    with pytest.raises(RecordError, match="3 to 7"):
        load_match(bad)
    unfinished = json.loads(dumps(done))
    unfinished["deals"][0] = unfinished["deals"][0][:-1]
    unfinished["digest"] = digest(unfinished)
    with pytest.raises(RecordError, match="unfinished"):
        load_match(unfinished)
