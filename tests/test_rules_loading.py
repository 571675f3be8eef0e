"""Rules as data: every profile loads, validates its options, describes itself, stays frozen."""
from __future__ import annotations

import pytest

import rulebook
from rulebook.compare import compare_rules, format_table
from rulebook.errors import RulesError
from rulebook.rules import TOPICS, load_profile, load_rules, profile_ids

EXPECTED = {"badam-satti", "badam-satti-app", "sevens", "satti", "badugi"}


def test_every_product_profile_is_installed() -> None:
    assert EXPECTED <= set(profile_ids())


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_profile_loads_into_a_frozen_rules_object(pid: str) -> None:
    rules = load_rules(pid)
    assert rules.profile_id == pid and rules.title
    with pytest.raises(Exception):
        rules.options["x"] = 1  # type: ignore[index]
    with pytest.raises(Exception):
        rules.profile = None  # type: ignore[misc]
    assert load_rules(pid) == rules and hash(load_rules(pid)) == hash(rules)
    assert repr(rules) == f"load_rules({pid!r})"


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_profile_describes_itself_under_every_topic(pid: str) -> None:
    rows = load_rules(pid).describe()
    topics = {row.topic for row in rows}
    assert set(TOPICS) - {"house rules"} <= topics, set(TOPICS) - topics
    assert topics <= set(TOPICS)
    for row in rows:
        assert row.setting and row.value and row.meaning.strip()
        assert row.clauses and all(c.split("-")[0] in ("BS", "SAT", "BDG") for c in row.clauses)


def test_unknown_profile_names_the_valid_ones() -> None:
    with pytest.raises(RulesError) as err:
        load_rules("badam_sati")
    message = str(err.value)
    assert "'badam_sati'" in message
    for pid in EXPECTED:
        assert pid in message


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_unknown_option_names_the_valid_ones(pid: str) -> None:
    with pytest.raises(RulesError) as err:
        load_rules(pid, no_such_rule=True)
    assert "'no_such_rule'" in str(err.value)
    for name in load_profile(pid).options:
        assert name in str(err.value)


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_option_of_the_wrong_type_is_refused_with_what_is_valid(pid: str) -> None:
    profile = load_profile(pid)
    for name, spec in profile.options.items():
        bad = "yes" if spec.type in ("bool", "int", "int_list") else 12345
        with pytest.raises(RulesError) as err:
            load_rules(pid, **{name: bad})
        assert name in str(err.value) and "expected" in str(err.value)


def test_options_out_of_range_are_refused() -> None:
    with pytest.raises(RulesError, match="round_count=4"):
        load_rules("badam-satti", round_count=4)
    with pytest.raises(RulesError, match="hand_size=8"):
        load_rules("satti", hand_size=8)
    with pytest.raises(RulesError, match="small_bet=1"):
        load_rules("badugi", small_bet=1)


def test_with_options_changes_one_switch_and_keeps_the_rest() -> None:
    base = load_rules("badam-satti", flat_10=True)
    more = base.with_options(sevens_first=True)
    assert more.option("flat_10") and more.option("sevens_first")
    assert not base.option("sevens_first")
    assert more.changed_options() == {"flat_10": True, "sevens_first": True}
    assert more.to_json() == {"profile": "badam-satti",
                              "options": {"flat_10": True, "sevens_first": True}}
    assert more.label() == "badam-satti +sevens_first +flat_10"  # profile order
    with pytest.raises(RulesError, match="no option 'nope'"):
        more.option("nope")


def test_comparison_marks_exactly_the_rows_that_differ() -> None:
    plain = load_rules("badam-satti")
    sevens_first = plain.with_options(sevens_first=True)
    rows = compare_rules(plain, sevens_first)
    differing = {(r.topic, r.setting) for r in rows if r.differs}
    assert ("house rules", "sevens_first") in differing
    for row in rows:
        assert row.differs == (row.values[0] != row.values[1])
    same = compare_rules(plain, load_rules("badam-satti"))
    assert not any(r.differs for r in same)
    table = format_table([plain, load_rules("sevens")])
    assert "badam-satti" in table and "sevens" in table and "*" in table


def test_the_package_exports_the_protocol() -> None:
    for name in ("load_rules", "Card", "CardSet", "IllegalMove", "RecordError", "simulate"):
        assert hasattr(rulebook, name)


def test_BS_HR_4_a_sibling_house_rule_is_refused_with_a_sentence_of_its_own() -> None:
    with pytest.raises(RulesError) as err:
        load_rules("sevens", sevens_first=True)
    message = str(err.value)
    assert "house rule of 'badam-satti'" in message and "it has no house rules" in message
    assert "valid options are deals, stack" in message


@pytest.mark.parametrize("rule", ["sevens_first", "flat_10", "limited_passes", "ace_high",
                                  "eight_before_six", "one_final_turn"])
def test_each_house_rule_changes_a_rule_row_not_only_its_switch(rule: str) -> None:
    plain = load_rules("badam-satti")
    rows = compare_rules(plain, plain.with_options(**{rule: True}))
    changed = {r.setting for r in rows if r.differs and r.topic != "house rules"}
    assert changed, f"{rule} changes no row outside the house-rules list"
