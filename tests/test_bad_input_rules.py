"""Rules options from outside (keywords, text, records): typed, short errors, never TypeError."""
from __future__ import annotations

import itertools

import pytest

import rulebook
from rulebook.errors import RulesError
from rulebook.match import new_match
from rulebook.rules import (
    OPTION_INT_LIMIT,
    OPTION_LIST_LIMIT,
    load_profile,
    load_rules,
    parse_option,
    parse_ruleset,
    resolve_options,
)

SHORT = 500


def _refused(call: object, *expected: str) -> str:
    with pytest.raises(RulesError) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert len(message) <= SHORT, message[:300]
    for words in expected:
        assert words in message, message
    return message


def test_an_option_named_like_a_parameter_is_an_unknown_option() -> None:
    _refused(lambda: load_rules("badam-satti", profile_id="x"), "unknown option 'profile_id'",
             "valid options are sevens_first")
    _refused(lambda: parse_ruleset("badam-satti+profile_id=x"), "unknown option 'profile_id'")
    rules = load_rules("sevens")
    _refused(lambda: rules.with_options(self=1), "unknown option 'self'")
    _refused(lambda: rules.with_options(changes=1), "unknown option 'changes'")


def test_load_rules_of_a_list_is_a_rules_error_not_unhashable() -> None:
    _refused(lambda: load_rules(["badam-satti"]), "['badam-satti']", "expected one of")
    _refused(lambda: load_rules(None), "expected one of badam-satti")
    _refused(lambda: load_profile({"id": 1}), "expected one of")
    _refused(lambda: rulebook.load_rules("badam-satti").option(["x"]), "has no option ['x']")


def test_a_50_mb_profile_id_gives_a_short_message() -> None:
    _refused(lambda: load_rules("x" * 50_000_000), "'xxxx", "(50,000,000 characters)")


def test_a_huge_option_value_is_quoted_cut_short() -> None:
    _refused(lambda: load_rules("badam-satti", sevens_first="y" * 1_000_000),
             "(1,000,000 characters)", "True or False")
    _refused(lambda: load_rules("badugi", stack=10 ** 5000), "about 5,001 digits")


def test_whole_number_options_have_an_upper_bound_even_without_a_max() -> None:
    assert load_rules("badugi", stack=OPTION_INT_LIMIT).option("stack") == OPTION_INT_LIMIT
    _refused(lambda: load_rules("badugi", stack=OPTION_INT_LIMIT + 1),
             f"up to {OPTION_INT_LIMIT:,}")
    _refused(lambda: load_rules("badugi", stacks=[OPTION_INT_LIMIT + 1] * 3), "stacks=")


def test_a_list_option_takes_only_a_short_list_or_tuple() -> None:
    assert load_rules("badugi", stacks=(50, 60, 70)).option("stacks") == (50, 60, 70)
    for bad in (range(3), {50: 1}, itertools.repeat(50), "50,60", [50] * (OPTION_LIST_LIMIT + 1),
                [50, True], [50.0]):
        _refused(lambda bad=bad: load_rules("badugi", stacks=bad), "stacks=")


def test_parse_option_reads_only_ascii_words_and_digits() -> None:
    assert parse_option("round_count=７") == ("round_count", "７")
    assert parse_option("round_count=1_0") == ("round_count", "1_0")
    assert parse_option("sevens_first=TRUE") == ("sevens_first", True)
    assert parse_option(" stacks = 100, 50 ") == ("stacks", [100, 50])
    assert parse_option("seed=" + "9" * 5000)[1] == "9" * 5000  # stays text: quoted cut short
    _refused(lambda: load_rules("badam-satti", **dict([parse_option("round_count=７")])),
             "round_count='７'")
    _refused(lambda: parse_option(None), "name=value")
    _refused(lambda: parse_option("=3"), "expected name=value")


def test_parse_ruleset_refuses_an_option_given_twice_and_non_text() -> None:
    _refused(lambda: parse_ruleset("badam-satti+round_count=3+round_count=7"), "given twice")
    _refused(lambda: parse_ruleset(["badam-satti"]), "written as text")
    assert parse_ruleset(" badam-satti + sevens_first ").option("sevens_first") is True


def test_resolve_options_checks_its_arguments() -> None:
    profile = load_profile("badam-satti")
    _refused(lambda: resolve_options("badam-satti", {}), "not a profile")  # type: ignore[arg-type]
    _refused(lambda: resolve_options(profile, ["sevens_first"]), "names and values")  # type: ignore[arg-type]
    _refused(lambda: resolve_options(profile, {1: True}), "named by text")


def test_unicode_look_alike_option_names_are_unknown() -> None:
    for name in ("ſevens_first", "sevens_firſt", "ＳＥＶＥＮＳ_FIRST", "sevens_first\u0301"):
        _refused(lambda name=name: load_rules("badam-satti", **{name: True}), "unknown option")


def test_a_huge_list_text_for_an_option_stays_text_and_is_quoted_cut_short() -> None:
    name, value = parse_option("stacks=" + "1," * 5_000_000 + "1")
    assert name == "stacks" and isinstance(value, str)
    _refused(lambda: load_rules("badugi", stacks=value), "(10,000,001 characters)")


@pytest.mark.parametrize("profile_id", ["badam-satti", "badam-satti-app", "sevens", "satti",
                                        "badugi"])
@pytest.mark.parametrize("seed", ["\ud800", "9" * 5000, 10 ** 1500, 1.5, None],
                         ids=["surrogate", "long-text", "long-number", "float", "none"])
def test_a_seed_that_cannot_seed_a_deal_is_refused_by_new_deal_and_new_match(
        profile_id: str, seed: object) -> None:
    """Every game's new_deal and new_match check the seed as records do (errors.check_seed):
    a lone surrogate, an over-long number or text, or a non-seed is a short RulesError, never
    a UnicodeEncodeError or ValueError from deep in the shuffle."""
    rules = load_rules(profile_id)
    players = 4 if profile_id != "badugi" else 2
    _refused(lambda: rules.new_deal(players, seed), "seed=", "expected a whole number")
    _refused(lambda: new_match(rules, players, seed), "seed=", "expected a whole number")
