"""The terminal view: python -m rulebook show / rules / profiles."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

import rulebook
from rulebook.__main__ import main, show_deal
from rulebook.rules import parse_option, parse_ruleset
from rulebook.errors import RulebookError


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True,
                          text=True)


@pytest.mark.clause("BS-MOVE-4", "BS-INFO-3")
def test_show_prints_every_move_and_the_reason_for_each_pass() -> None:
    out = run("show", "badam-satti", "--players", "4", "--seed", "7")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    rules = rulebook.load_rules("badam-satti")
    final = rulebook.protocol.autoplay(rules.new_deal(players=4, seed=7), "smart", seed=7)
    moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert len(moves) == len(final.history)
    assert moves[0].endswith(f"Seat {final.start().to_move} plays 7♥.")
    passes = [line for line in moves if " passes." in line]
    # a log of other seats' moves names the seat: never "you"
    assert passes and all(" must pass: they hold none of the playable cards" in p
                          and "BS-MOVE-4" in p for p in passes)
    assert not any(" you " in line.lower() for line in lines)
    assert lines[-2].startswith("result:") and lines[-1].startswith("places:")


def test_show_works_for_every_ruleset() -> None:
    for pid in rulebook.profile_ids():
        buffer = io.StringIO()
        rules = rulebook.load_rules(pid)
        final = show_deal(rules, 3, 5, 0, "random", out=buffer)
        assert final.is_over
        assert buffer.getvalue().count("\n") >= len(final.history) + 2


def test_rules_prints_two_rulesets_side_by_side_marking_differences() -> None:
    out = run("rules", "badam-satti", "sevens")
    assert out.returncode == 0, out.stderr
    opening = next(line for line in out.stdout.splitlines() if "opening card" in line)
    assert opening.startswith("*") and "7♥" in opening and "7♦" in opening
    deck = next(line for line in out.stdout.splitlines() if line.strip().startswith("deck"))
    assert not deck.startswith("*")


def test_rules_accepts_house_rules_joined_with_plus() -> None:
    rules = parse_ruleset("badam-satti+sevens_first+round_count=3")
    assert rules.option("sevens_first") is True and rules.option("round_count") == 3
    out = run("rules", "badam-satti", "badam-satti+sevens_first")
    row = next(line for line in out.stdout.splitlines() if line[2:].startswith("sevens_first"))
    assert row.startswith("*") and "off" in row and "on" in row


def test_bad_input_gives_a_message_and_exit_code_2_not_a_traceback() -> None:
    for args in (["show", "chess"], ["show", "badam-satti", "--players", "9"],
                 ["show", "badam-satti", "--set", "sevens_first=maybe"],
                 ["rules", "badam-satti+no_such_rule"]):
        out = run(*args)
        assert out.returncode == 2, args
        assert out.stderr.startswith("error: ") and "Traceback" not in out.stderr


def test_parse_option_reads_booleans_numbers_and_lists() -> None:
    assert parse_option("flat_10=on") == ("flat_10", True)
    assert parse_option("round_count=3") == ("round_count", 3)
    assert parse_option("stacks=100,50") == ("stacks", [100, 50])
    with pytest.raises(RulebookError, match="name=value"):
        parse_option("flat_10")


def test_profiles_lists_every_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profiles"]) == 0
    out = capsys.readouterr().out
    for pid in rulebook.profile_ids():
        assert pid in out
