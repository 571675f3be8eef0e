"""The terminal view: bad input is one short ``error:`` line and exit code 2, never a traceback."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rulebook.__main__ import main

SHORT = 500


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True,
                          text=True, timeout=120)


def _refused(*args: str, expected: str = "") -> str:
    done = _run(*args)
    assert done.returncode == 2, (args[:3], done.stderr[-300:])
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert "error: " in last and len(last) <= SHORT, last[:300]
    assert expected in last, last
    return last


def test_an_option_named_like_a_parameter_on_the_command_line_is_an_unknown_option() -> None:
    _refused("show", "badam-satti", "--set", "profile_id=x",
             expected="unknown option 'profile_id'")
    _refused("rules", "badam-satti+profile_id=x", expected="unknown option 'profile_id'")


def test_a_seed_over_4300_digits_on_the_command_line_is_a_short_error() -> None:
    _refused("show", "badam-satti", "--seed", "9" * 5000, expected="(5,000 characters)")
    _refused("show", "badam-satti", "--seed", "9" * 1001, expected="at most 1,000")


def test_huge_arguments_are_quoted_cut_short() -> None:
    _refused("x" * 100_000, expected="(100,000 characters)")
    _refused("show", "y" * 100_000, expected="unknown ruleset")
    _refused("show", "badam-satti", "--bots", "z" * 100_000, expected="no computer player")
    _refused("show", "badam-satti", "--set", "sevens_first=" + "w" * 100_000,
             expected="(100,000 characters)")


def test_look_alike_numbers_are_not_numbers() -> None:
    _refused("show", "badam-satti", "--players", "４", expected="not a whole number")
    _refused("show", "badam-satti", "--dealer", "١", expected="not a whole number")


def test_main_refuses_arguments_that_are_not_a_list_of_texts(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main("show") == 2  # type: ignore[arg-type]
    assert main(["show", 5]) == 2  # type: ignore[list-item]
    assert "list of texts" in capsys.readouterr().err
