"""Bad input of every kind for the Sevens family: cards, moves, options, positions, records."""
from __future__ import annotations

import json

import pytest

from rulebook import (
    CardError,
    IllegalMove,
    MoveError,
    PositionError,
    RecordError,
    RulesError,
    load_rules,
)
from rulebook.protocol import autoplay
from rulebook.records import digest, dumps, loads
from rulebook.games.sevens import PASS, Pass, Play


@pytest.mark.parametrize("text", ["1H", "7X", "", "77H", "H7", "10", "pass7"])
def test_bad_card_strings(text):
    with pytest.raises(CardError):
        Play(text)


def test_moves_round_trip_and_are_interned():
    rules = load_rules("badam-satti")
    assert rules.parse_move("7h") is Play("7H") is Play("7♥")
    assert rules.parse_move("10S") is Play("TS")
    assert rules.parse_move(" PASS ") is PASS is Pass()
    assert repr(Play("7H")) == "Play('7H')" and str(PASS) == "pass"
    for move in [Play("AS"), PASS]:
        assert rules.parse_move(str(move)) is move
    assert {Play("7H"): 1}[rules.parse_move("7H")] == 1


@pytest.mark.parametrize("text", ["play 7H", "7H 8H", "", "passs", "draw", 7, None])
def test_bad_move_text(text):
    with pytest.raises(MoveError) as info:
        load_rules("badam-satti").parse_move(text)
    assert "expected" in str(info.value)


def test_illegal_move_text_is_the_explanation():
    state = load_rules("badam-satti").new_deal(players=4, seed=1)
    with pytest.raises(IllegalMove) as info:
        state.play("pass")
    assert str(info.value) == ("Pass is not allowed: the first turn of the round must play the "
                               "opening card 7♥.")
    with pytest.raises(MoveError):
        state.play("zz")


@pytest.mark.parametrize("profile, options, word", [
    ("badam-satti", {"sevens_first": "yes"}, "True or False"),
    ("badam-satti", {"round_count": 4}, "one of 5, 3, 7"),
    ("badam-satti", {"scoring": "app"}, "valid options are"),
    ("badam-satti-app", {"deals": 7}, "one of 5, 3"),
    ("sevens", {"stack": 1.5}, "whole number"),
    ("sevens", {"flat_10": True}, "valid options are deals, stack"),
    ("nope", {}, "unknown ruleset"),
])
def test_bad_options(profile, options, word):
    with pytest.raises(RulesError) as info:
        load_rules(profile, **options)
    assert word in str(info.value)


@pytest.mark.parametrize("kwargs, word", [
    ({"players": 4, "seed": 1.5}, "seed"),
    ({"players": 4, "dealer": 4}, "dealer"),
    ({"players": "4"}, "players"),
])
def test_bad_deal_arguments(kwargs, word):
    with pytest.raises(RulesError, match=word):
        load_rules("badam-satti").new_deal(**kwargs)


@pytest.mark.parametrize("kwargs, word", [
    ({"table": "7H 7H"}, "twice"),
    ({"table": "7H", "hands": ["7H", None, None]}, "twice"),
    ({"table": "5H-6H"}, "does not contain 7H"),
    ({"table": "7H 9H"}, "unbroken"),
    ({"table": "9H-7H"}, "backwards"),
    ({"table": "7H-8S"}, "mixes suits"),
    ({"table": "7Z"}, "not a card"),
    ({"table": 7}, "expected text"),
    ({"table": "7H", "hands": ["AC", "2C", "3C"]}, "not 52"),
    ({"table": "", "hands": [None, None, None], "to_move": 0}, "opening card"),
    ({"table": "7H", "hands": [None, None, None], "to_move": 3}, "to_move"),
    ({"table": "7H", "hands": "AC"}, "one hand per seat"),
    ({"table": "7H", "hands": [None, None], "players": 3}, "2 hands"),
    ({"table": "7H", "hands": [None] * 8}, "3 to 6"),
    ({"table": "7H", "hands": [None, None, None], "passes_left": [1, 1, 1]}, "limited"),
    ({"table": "7H", "hands": [None, None, None], "stacks": [0, 0, 0]}, "chips"),
    ({"table": "AC-KC AD-KD AH-KH AS-QS", "hands": ["KS", None, None]}, "holds no cards"),
])
def test_BS_ROW_3_impossible_positions(kwargs, word):
    with pytest.raises(PositionError, match=word):
        load_rules("badam-satti").position(**kwargs)


def test_impossible_positions_under_house_rules():
    limited = load_rules("badam-satti", limited_passes=True)
    with pytest.raises(PositionError, match="0 to 3"):
        limited.position(table="7H", hands=[None] * 3, passes_left=[4, 3, 3])
    with pytest.raises(PositionError, match="passes left"):
        limited.position(table="7H", hands=[None] * 3, eliminated=[1])
    with pytest.raises(PositionError, match="eliminated"):
        limited.position(table="7H", hands=[None] * 3, passes_left=[0, 3, 3], eliminated=[0])
    with pytest.raises(PositionError, match="eight_before_six"):
        load_rules("badam-satti", eight_before_six=True).position(table="6H-7H",
                                                                  hands=[None] * 3)
    with pytest.raises(PositionError, match="conserved"):
        load_rules("sevens").position(table="7D", hands=[None] * 3, stacks=[0, 0, 0], pool=3)


def test_position_rest_is_deterministic_and_in_origin():
    rules = load_rules("badam-satti")
    a = rules.position(table="7H", hands=["8H", None, None, None], to_move=0)
    b = rules.position(**a.origin["args"])
    assert a.hands == b.hands and a.origin == b.origin
    assert [len(h) for h in a.hands] == [1, 17, 17, 16]


def test_deal_records_round_trip_and_tampering():
    rules = load_rules("badam-satti", limited_passes=True, one_final_turn=True)
    state = autoplay(rules.new_deal(players=5, seed=21), "random", seed=3)
    back = loads(dumps(state))
    assert back.history == state.history and back.outcome == state.outcome
    assert back.events == state.events
    pos = rules.position(table="7H 7D", hands=["8H 9H", None, None])
    pos = pos.play("8H")
    assert loads(dumps(pos)).history == pos.history
    data = json.loads(dumps(state))
    data["moves"][0] = "7S"
    with pytest.raises(RecordError, match="digest"):
        loads(json.dumps(data))
    data["digest"] = digest(data)
    with pytest.raises(RecordError, match="does not replay"):
        loads(json.dumps(data))
    data = json.loads(dumps(pos))
    data["origin"]["args"]["table"] = "7H 9H"
    data["digest"] = digest(data)
    with pytest.raises(RecordError, match="cannot be set up"):
        loads(json.dumps(data))
    with pytest.raises(RecordError):
        loads("{not json")
