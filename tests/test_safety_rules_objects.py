"""Nothing reachable from a rules object, a profile or a state can be changed: the rules
objects and profiles are shared by every deal of the process, so one script changing them
would change every later deal and break every saved record (issue 21, item 1).

The test walks the whole object graph from every rules object (its profile, the option
table, the options in force, every derived field) and proves no list, dict, set or
bytearray is reachable; what a state or a view hands out is frozen or a fresh copy.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import types

import pytest

import rulebook
from rulebook import RulesError, load_rules
from rulebook.profile import OptionSpec, Profile, frozen
from rulebook.protocol import autoplay
from rulebook.records import dumps, loads

PROFILES = rulebook.profile_ids()
MUTABLE = (list, dict, set, bytearray)
LEAVES = (str, int, float, bool, bytes, complex, type(None), range, type, enum.Enum,
          types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType,
          property)


def mutable_paths(root: object, name: str) -> list[str]:
    """Every path from ``root`` to a mutable container: through tuples, frozensets,
    mappings (read-only ones included), dataclass fields, ``__dict__`` and ``__slots__``."""
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[object, str]] = [(root, name)]
    while todo:
        obj, path = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, MUTABLE):
            found.append(f"{path}: {type(obj).__name__}")
            continue
        if isinstance(obj, LEAVES):
            continue
        if isinstance(obj, (tuple, frozenset)):
            todo += [(item, f"{path}[{i}]") for i, item in enumerate(obj)]
            continue
        items = getattr(obj, "items", None)
        if callable(items):
            todo += [(value, f"{path}[{key!r}]") for key, value in items()]
        names = list(vars(obj)) if hasattr(obj, "__dict__") else []
        if dataclasses.is_dataclass(obj):
            names += [f.name for f in dataclasses.fields(obj)]
        for cls in type(obj).__mro__:
            slots = getattr(cls, "__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        for attr in dict.fromkeys(names):
            if hasattr(obj, attr):
                todo.append((getattr(obj, attr), f"{path}.{attr}"))
    return found


def _rules_with_options(pid: str):
    """The ruleset with every bool option switched on that the profile allows together,
    so the derived fields of house rules are walked too."""
    rules = load_rules(pid)
    for name, spec in rules.profile.options.items():
        if spec.type == "bool" and name != "ranked":
            try:
                rules = rules.with_options(**{name: not rules.option(name)})
            except RulesError:
                pass
    return rules


@pytest.mark.parametrize("pid", PROFILES)
def test_no_mutable_container_is_reachable_from_a_rules_object(pid):
    for rules in (load_rules(pid), _rules_with_options(pid)):
        assert mutable_paths(rules, "rules") == []
        assert mutable_paths(rules.profile, "profile") == []


@pytest.mark.clause("BS-OPEN-1")
def test_a_profile_setting_cannot_be_changed_for_every_later_deal():
    state = load_rules("badam-satti").new_deal(seed=3)
    record = dumps(state)
    with pytest.raises(TypeError):
        state.rules.profile.settings["opening_card"] = "7S"  # type: ignore[index]
    fresh = load_rules("badam-satti").new_deal(seed=3)
    assert "7H" in [str(m) for m in fresh.legal_moves()]
    assert [str(m) for m in fresh.legal_moves()] == ["7H"]
    assert loads(record).hands == state.hands


def test_an_option_default_cannot_be_changed_through_a_state():
    state = load_rules("badugi").new_deal(players=3, seed=1)
    before = json.dumps(state.to_record(), sort_keys=True)
    spec = state.rules.profile.options["stacks"]
    with pytest.raises(AttributeError):
        spec.default.append(100)  # a tuple (or None), never a list
    with pytest.raises(TypeError):
        state.rules.profile.options["stacks"] = spec  # type: ignore[index]
    with pytest.raises((TypeError, AttributeError)):
        state.rules.options["stack"] = 1  # type: ignore[index]
    assert json.dumps(state.to_record(), sort_keys=True) == before
    load_rules("badugi")  # still loads
    assert load_rules("badugi").option("stacks") == state.rules.option("stacks")


def test_a_profile_made_by_hand_holds_frozen_copies_of_what_it_was_given():
    settings = {"min_players": 3, "max_players": 6, "opening_card": "7H", "list": [1, 2]}
    options = {"x": OptionSpec("x", "int_list", [1, 2], "", ("BS-HR-1",))}
    profile = Profile("p", "P", "sevens", "m:C", "", settings, options, {"points": "pts"})
    settings["opening_card"] = "7S"
    settings["list"].append(3)
    options.clear()
    assert profile.settings["opening_card"] == "7H"
    assert profile.settings["list"] == (1, 2)
    assert list(profile.options) == ["x"]
    assert profile.options["x"].default == (1, 2)
    assert mutable_paths(profile, "profile") == []


def test_frozen_turns_every_toml_value_into_one_that_cannot_change():
    value = frozen({"a": [1, {"b": [2]}], "c": {3}})
    assert mutable_paths(value, "value") == []
    assert value["a"][1]["b"] == (2,)
    with pytest.raises(RulesError):
        frozen({"a": object()})


def test_rules_options_are_a_hashable_read_only_mapping():
    rules = load_rules("badam-satti", sevens_first=True)
    assert rules.options == dict(rules.options)
    assert hash(rules) == hash(load_rules("badam-satti", sevens_first=True))
    assert rules == load_rules("badam-satti", sevens_first=True)
    with pytest.raises(TypeError):
        rules.options._items = {}  # type: ignore[attr-defined, misc]
    assert not hasattr(rules.options, "__setitem__")


def _public_values(obj: object):
    """``(name, value)`` for every public attribute and property of ``obj`` (no methods)."""
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: BLE001 - a property that refuses in this state
            continue
        if callable(value) and not isinstance(value, (dict, list, tuple)):
            continue
        yield name, value


@pytest.mark.parametrize("pid", PROFILES)
def test_what_a_state_and_a_view_hand_out_is_frozen_or_a_fresh_copy(pid):
    rules = load_rules(pid)
    start = rules.new_deal(players=3 if rules.game == "badugi" else 4, seed=5)
    state = start.play_all([str(m) for m in autoplay(start, "random", seed=1).history[:6]])
    before = json.dumps(state.to_record(), sort_keys=True), repr(state)
    for name, value in _public_values(state):
        if name == "rules":
            assert mutable_paths(value, name) == []
            continue
        if mutable_paths(value, name):  # a mutable value handed out is a new copy each time
            again = getattr(state, name)
            assert again is not value, f"state.{name} hands out {mutable_paths(value, name)}"
            if isinstance(value, (dict, list, set)):
                value.clear()
            assert getattr(state, name) == again
    # a view is a snapshot of its own: emptying what it holds changes no state, no other view
    view = state.view(0)
    fresh = {name: repr(value) for name, value in _public_values(state.view(0))}
    for name, value in _public_values(view):
        if isinstance(value, (dict, list, set)):
            value.clear()
    assert {name: repr(value) for name, value in _public_values(state.view(0))} == fresh
    assert (json.dumps(state.to_record(), sort_keys=True), repr(state)) == before


@pytest.mark.parametrize("pid", PROFILES)
def test_frozen_rules_and_states_still_pickle_and_copy(pid):
    import copy
    import pickle

    rules = _rules_with_options(pid)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.profile is rules.profile
    assert copy.deepcopy(rules) == rules
    state = rules.new_deal(players=3 if rules.game == "badugi" else 4, seed=2)
    assert pickle.loads(pickle.dumps(state)).hands == state.hands


def test_a_profile_made_by_hand_pickles_to_an_equal_frozen_profile():
    import pickle

    profile = Profile("hand-made", "P", "sevens", "m:C", "", {"a": [1, {"b": 2}]},
                      {"x": OptionSpec("x", "int", 1, "", ())}, {})
    again = pickle.loads(pickle.dumps(profile))
    assert again.settings == profile.settings and again.settings["a"][1]["b"] == 2
    assert list(again.options) == ["x"] and mutable_paths(again, "again") == []
