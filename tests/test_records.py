"""Records of every game: save, load, replay exactly; damage is refused, never half-loaded."""
from __future__ import annotations

import json
import pathlib

import pytest

import rulebook
from rulebook.errors import RecordError
from rulebook.protocol import autoplay
from rulebook.records import digest, dumps, load_deal, loads

GAMES = [
    ("badam-satti", {"limited_passes": True}, 4),
    ("badam-satti-app", {}, 5),
    ("sevens", {}, 3),
    ("satti", {"hand_size": 5}, 4),
    ("badugi", {"small_bet": 4}, 3),
]


def _deal(pid: str, options: dict, players: int, seed: int = 11):
    rules = rulebook.load_rules(pid, **options)
    return autoplay(rules.new_deal(players=players, seed=seed, dealer=1), "random", seed=seed)


def _midway(pid: str, options: dict, players: int):
    final = _deal(pid, options, players)
    return final.start().play_all(final.history[: len(final.history) // 2])


@pytest.mark.parametrize("pid,options,players", GAMES)
def test_a_finished_deal_saves_and_replays_exactly(pid, options, players, tmp_path) -> None:
    final = _deal(pid, options, players)
    path = tmp_path / "deal.json"
    rulebook.save(final, path)
    again = rulebook.load(path)
    assert [str(m) for m in again.history] == [str(m) for m in final.history]
    assert again.is_over and again.outcome == final.outcome
    assert again.rules == final.rules


@pytest.mark.parametrize("pid,options,players", GAMES)
def test_an_unfinished_deal_saves_and_continues(pid, options, players) -> None:
    half = _midway(pid, options, players)
    again = loads(dumps(half))
    assert again.to_move == half.to_move and again.legal_moves() == half.legal_moves()
    assert again.view(again.to_move).hand == half.view(half.to_move).hand


@pytest.mark.parametrize("pid,options,players", GAMES)
def test_a_tampered_move_is_caught_by_the_digest(pid, options, players) -> None:
    record = _deal(pid, options, players).to_record()
    record["moves"] = record["moves"][:-1]
    with pytest.raises(RecordError, match="digest"):
        load_deal(record)


@pytest.mark.parametrize("pid,options,players", GAMES)
def test_an_illegal_move_with_a_fresh_digest_does_not_replay(pid, options, players) -> None:
    final = _deal(pid, options, players)
    candidates = [c.text for c in rulebook.CardSet.full()] + ["pass", "draw", "check", "bet"]
    illegal = next(m for m in candidates
                   if _parses(final.start(), m) and not final.start().explain(m).legal)
    record = final.to_record()
    record["moves"] = [illegal, *record["moves"]]
    record["digest"] = digest(record)
    with pytest.raises(RecordError, match="move 1"):
        load_deal(record)


def _parses(state, text: str) -> bool:
    try:
        state.parse_move(text)
    except rulebook.RulebookError:
        return False
    return True


def test_damaged_records_are_refused_with_what_is_wrong(tmp_path: pathlib.Path) -> None:
    good = _deal("badam-satti", {}, 4).to_record()
    cases = {
        "not valid JSON": "{not json",
        "JSON object": json.dumps([1, 2]),
        "not a rulebook/deal record": json.dumps({**good, "format": "chess/pgn"}),
        "version": json.dumps({**good, "version": 99}),
    }
    for expected, text in cases.items():
        with pytest.raises(RecordError, match=expected):
            loads(text)
    missing = dict(good)
    del missing["origin"]
    with pytest.raises(RecordError, match="no origin"):
        load_deal(missing)
    extra = {**good, "comment": "hi"}
    with pytest.raises(RecordError, match="unexpected fields: comment"):
        load_deal(extra)
    with pytest.raises(RecordError, match="cannot read"):
        rulebook.load(tmp_path / "missing.json")


def test_a_record_with_unknown_rules_or_origin_is_refused() -> None:
    good = _deal("badam-satti", {}, 4).to_record()
    bad_rules = {**good, "rules": {"profile": "chess", "options": {}}}
    bad_rules["digest"] = digest(bad_rules)
    with pytest.raises(RecordError, match="rules cannot be loaded.*unknown ruleset 'chess'"):
        load_deal(bad_rules)
    bad_option = {**good, "rules": {"profile": "badam-satti", "options": {"round_count": 4}}}
    bad_option["digest"] = digest(bad_option)
    with pytest.raises(RecordError, match="round_count=4"):
        load_deal(bad_option)
    bad_origin = {**good, "origin": {"kind": "deal", "players": 9, "seed": 1, "dealer": 0}}
    bad_origin["digest"] = digest(bad_origin)
    with pytest.raises(RecordError, match="starting position cannot be set up"):
        load_deal(bad_origin)
    weird = {**good, "origin": {"kind": "teleport"}}
    weird["digest"] = digest(weird)
    with pytest.raises(RecordError, match="origin is malformed"):
        load_deal(weird)


def test_a_position_set_up_by_hand_saves_and_replays() -> None:
    rules = rulebook.load_rules("badam-satti")
    start = rules.position(table="4S-TS 7H-QH 3C-8C",
                           hands=["3S JS KH 2C 9C 7D 8D AH", None, None, None], to_move=0)
    state = start.play("7D")
    again = loads(dumps(state))
    assert again.origin == start.origin and str(again.history[0]) == "7D"
    assert again.table == state.table
