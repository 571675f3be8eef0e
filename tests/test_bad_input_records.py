"""Records from anyone: hostile text is refused with a short RecordError before it can hurt.

Size and nesting are checked before the text is parsed; every field is checked for its type
and size before it reaches the engine; a record never shares anything with the state it was
made from.
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

import rulebook
from rulebook.errors import MAX_SEED_LENGTH, RecordError, RulebookError, check_seed
from rulebook.protocol import autoplay
from rulebook.records import (
    MAX_DEPTH,
    MAX_MOVE_CHARS,
    MAX_RECORD_CHARS,
    deal_record,
    digest,
    dumps,
    load_deal,
    loads,
)

SHORT = 500
"""Every message here is at most this long."""


def _record(pid: str = "badam-satti", **options: object) -> dict:
    rules = rulebook.load_rules(pid, **options)
    final = autoplay(rules.new_deal(players=4 if pid != "badugi" else 3, seed=5), "random",
                     seed=5)
    return final.to_record()


def _forged(record: dict, **changes: object) -> dict:
    """``record`` with fields changed and the digest computed again (anyone can)."""
    out = json.loads(json.dumps(record))
    out.update(changes)
    out["digest"] = digest(out)
    return out


def _refused(load: object, *expected: str) -> str:
    with pytest.raises(RecordError) as info:
        load()  # type: ignore[operator]
    message = str(info.value)
    assert len(message) <= SHORT, message[:300]
    for words in expected:
        assert words in message, message
    return message


# -- nesting and size, checked before parsing ------------------------------------------
def test_deeply_nested_record_is_a_record_error() -> None:
    _refused(lambda: rulebook.loads("[" * 5000 + "]" * 5000), "nested more than", "deep")
    _refused(lambda: rulebook.loads(b"{\"a\":" * 5000 + b"1" + b"}" * 5000), "nested")
    # brackets inside texts are not nesting: a move text full of them is read as text
    record = _forged(_record(), moves=["[" * 50])
    _refused(lambda: rulebook.loads(json.dumps(record)), "move 1")


def test_a_deeply_nested_record_given_as_a_dict_is_a_record_error() -> None:
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    record = {**_record(), "moves": deep}
    _refused(lambda: load_deal(record), "nested more than")
    loop: list = []
    loop.append(loop)
    _refused(lambda: load_deal({**_record(), "moves": loop}), "nested more than")


def test_nesting_just_inside_the_limit_is_read_and_refused_for_its_content() -> None:
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    _refused(lambda: rulebook.loads(text), "JSON object")
    _refused(lambda: rulebook.loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)), "nested")


def test_an_unclosed_string_full_of_quotes_is_scanned_once() -> None:
    # every quote of a run of escaped quotes is tried once, not once per quote
    _refused(lambda: rulebook.loads('"' + '\\"' * 400_000), "not valid JSON")


def test_a_record_larger_than_the_limit_is_refused_before_parsing() -> None:
    _refused(lambda: rulebook.loads(" " * (MAX_RECORD_CHARS + 1)), "at most 1,000,000")
    _refused(lambda: rulebook.loads(b" " * (MAX_RECORD_CHARS + 1)), "bytes long")


def test_a_huge_file_is_refused_unread(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_RECORD_CHARS + 10))
    _refused(lambda: rulebook.load(path), "larger than")
    if pathlib.Path("/dev/zero").exists():  # an endless file is read only up to the limit
        _refused(lambda: rulebook.load("/dev/zero"), "larger than")


# -- untrusted input quoted cut short -----------------------------------------------------
def test_a_50_mb_move_in_a_record_gives_a_short_message() -> None:
    record = {**_record(), "moves": ["7H" * 25_000_000]}
    _refused(lambda: load_deal(record), "more than 1,000,000 characters")
    _refused(lambda: loads(json.dumps(record)), "50,000,", "at most 1,000,000")
    # under the size limit a move is still far too long, and is quoted cut short
    forged = _forged(_record(), moves=["7H" * 200_000])
    message = _refused(lambda: load_deal(forged), "move 1", "(400,000 characters)",
                       f"at most {MAX_MOVE_CHARS}")
    assert "7H7H7H" in message


def test_a_50_mb_profile_id_in_a_record_gives_a_short_message() -> None:
    record = {**_record(), "rules": {"profile": "x" * 50_000_000, "options": {}}}
    _refused(lambda: load_deal(record), "more than 1,000,000 characters")
    forged = _forged(_record(), rules={"profile": "x" * 500_000, "options": {}})
    _refused(lambda: load_deal(forged), "unknown ruleset 'xxxx", "(500,000 characters)")


def test_a_huge_field_name_or_value_is_quoted_cut_short() -> None:
    _refused(lambda: load_deal({**_record(), "y" * 100_000: 1}), "unexpected fields", "yyy…")
    _refused(lambda: loads(json.dumps({**_record(), "format": "f" * 1_000})),
             "(1,000 characters)")
    origin = {"kind": "position", "args": {"z" * 100_000: 1}}
    _refused(lambda: load_deal(_forged(_record(), origin=origin)), "(100,000 characters)")


def test_a_long_message_from_the_engine_is_cut_inside_a_record_error() -> None:
    origin = {"kind": "position", "args": {"table": "x" * 100_000}}
    _refused(lambda: load_deal(_forged(_record(), origin=origin)),
             "starting position cannot be set up")


# -- small holes ----------------------------------------------------------------------------
def test_a_seed_over_4300_digits_is_a_record_error() -> None:
    text = json.dumps(_record()).replace('"seed": 5', '"seed": ' + "9" * 5000)
    _refused(lambda: loads(text), "5,000 digits")
    origin = {"kind": "deal", "players": 4, "seed": 10 ** (MAX_SEED_LENGTH + 1), "dealer": 0}
    _refused(lambda: load_deal(_forged(_record(), origin=origin)), "seed=", "too long")
    origin["seed"] = "s" * (MAX_SEED_LENGTH + 1)
    _refused(lambda: load_deal(_forged(_record(), origin=origin)), "seed=", "too long")


def test_check_seed_bounds_numbers_and_text_and_refuses_other_types() -> None:
    assert check_seed(10 ** (MAX_SEED_LENGTH - 1)) == 10 ** (MAX_SEED_LENGTH - 1)
    assert check_seed("class 3b") == "class 3b"
    for bad in (10 ** 5000, -(10 ** MAX_SEED_LENGTH), "s" * (MAX_SEED_LENGTH + 1), "\ud800",
                True, 1.5, None, [7]):
        with pytest.raises(RulebookError) as info:
            check_seed(bad)
        assert len(str(info.value)) <= SHORT


def test_record_version_1_0_or_true_is_not_version_1() -> None:
    for version in (1.0, True, "1", [1]):
        _refused(lambda: load_deal(_forged(_record(), version=version)), "version",
                 "expected 1")
    assert load_deal(_forged(_record(), version=1)).is_over


def test_extra_fields_inside_rules_are_refused_like_extra_top_level_fields() -> None:
    rules = {"profile": "badam-satti", "options": {}, "comment": "hi"}
    _refused(lambda: load_deal(_forged(_record(), rules=rules)), "unexpected fields",
             "comment")
    _refused(lambda: load_deal(_forged(_record(), comment="hi")), "unexpected fields: comment")


def test_extra_fields_inside_an_origin_are_refused() -> None:
    record = _record()
    origin = {**record["origin"], "note": 1}
    _refused(lambda: load_deal(_forged(record, origin=origin)), "origin is malformed")


def test_load_none_loads_5_and_save_of_a_text_are_record_errors(tmp_path: pathlib.Path) -> None:
    _refused(lambda: rulebook.load(None), "path")
    _refused(lambda: rulebook.loads(5), "JSON text")
    _refused(lambda: rulebook.loads(None), "JSON text")
    _refused(lambda: rulebook.save("x", tmp_path / "x.json"), "only a deal's state")
    assert not (tmp_path / "x.json").exists()
    state = rulebook.load_rules("badam-satti").new_deal(seed=1)
    _refused(lambda: rulebook.save(state, None), "path")
    _refused(lambda: rulebook.save(state, tmp_path / "no" / "such" / "dir.json"), "cannot write")
    _refused(lambda: dumps({"format": "chess"}), "not a record")
    _refused(lambda: deal_record("x"), "only a deal's state")


def test_a_field_named_twice_and_nan_are_refused() -> None:
    text = json.dumps(_record())
    _refused(lambda: loads(text.replace('"moves"', '"moves": [], "moves"', 1)), "twice")
    _refused(lambda: loads(text.replace('"moves"', '"nan": NaN, "moves"', 1)), "NaN")


def test_moves_and_players_of_the_wrong_type_are_refused_before_replay() -> None:
    record = _record()
    _refused(lambda: load_deal(_forged(record, moves="7H")), "list of move texts")
    _refused(lambda: load_deal(_forged(record, moves=[7])), "list of move texts")
    origin = {**record["origin"], "players": 10 ** 900}
    _refused(lambda: load_deal(_forged(record, origin=origin)), "players=")
    origin = {**record["origin"], "players": 4.0}
    _refused(lambda: load_deal(_forged(record, origin=origin)), "players=4.0")


def test_an_option_named_like_a_parameter_in_a_record_is_a_record_error() -> None:
    rules = {"profile": "badam-satti", "options": {"profile_id": "x"}}
    _refused(lambda: load_deal(_forged(_record(), rules=rules)), "unknown option 'profile_id'")


def test_a_record_never_shares_the_state_s_origin() -> None:
    state = rulebook.load_rules("badam-satti").new_deal(seed=7).play("7H")
    record = state.to_record()
    record["origin"]["seed"] = 8
    assert state.origin["seed"] == 7
    assert loads(dumps(state)).history == state.history


def test_a_text_record_in_utf_16_is_read() -> None:
    record = _record()
    assert loads(json.dumps(record).encode("utf-16")).history == load_deal(record).history
    _refused(lambda: loads(b"\xff\xfe\x00"), "not")


def test_the_stepper_load_button_path_gets_a_record_error_for_deep_json() -> None:
    # the same function the stepper's "load record" button calls, in a fresh process so the
    # interpreter's recursion limit is the default one
    code = ("import rulebook\n"
            "try:\n    rulebook.loads('[' * 100000 + ']' * 100000)\n"
            "except rulebook.RecordError as e:\n    print('RecordError', len(str(e)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("RecordError"), done.stderr[-500:]


def test_a_record_dict_with_millions_of_values_is_refused_by_its_count() -> None:
    _refused(lambda: load_deal({**_record(), "moves": ["pass"] * 2_000_000}),
             "more than 200,000 values")
    _refused(lambda: load_deal({**_record(), "origin": {str(k): k for k in range(300_000)}}),
             "more than 200,000 values")
