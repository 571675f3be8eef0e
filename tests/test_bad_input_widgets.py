"""Widgets answer a wrong argument typed in a notebook cell with the engine's RulesError (what
was given, cut short; what was expected), or with a message on screen, and change nothing.

The fuzz suite (tests/test_fuzz_entry_points.py) throws junk at every widget's constructor
and public methods; the cases here are the ones a classmate actually typed.
"""
from __future__ import annotations

import pytest

from rulebook import RulesError, load_rules
from rulebook.cards import Card

pytest.importorskip("ipywidgets", reason="the widgets need ipywidgets (the lab extra)")

from widgets import (BadugiRanker, DealStepper, Lockstep, MoveInspector,  # noqa: E402
                     PlayGame, RulesCompare)

HUGE = "x" * 1_000_000


def _state():
    return load_rules("badam-satti").new_deal(players=4, seed=1)


def _short(error: pytest.ExceptionInfo[RulesError]) -> str:
    text = str(error.value)
    assert len(text) < 300, text[:400]
    return text


@pytest.mark.parametrize("given", ["x", 5, HUGE, load_rules("satti"), ["7H"]])
def test_a_move_inspector_of_something_that_is_not_a_state_says_what_it_needs(given):
    with pytest.raises(RulesError) as error:
        MoveInspector(given)
    assert "expected a game state" in _short(error)


def test_a_move_inspector_keeps_its_position_when_given_junk():
    state = _state()
    inspector = MoveInspector(state)
    with pytest.raises(RulesError):
        inspector.set_state("x")
    assert inspector.state is state
    with pytest.raises(RulesError) as error:
        inspector.follow("not a stepper")
    assert "DealStepper" in _short(error)
    assert inspector.state is state


@pytest.mark.parametrize("move", [5, None, ["7H"], HUGE, "7ſ"])
def test_picking_junk_in_the_inspector_is_told_on_screen(move):
    state = _state()
    inspector = MoveInspector(state)
    picked = inspector.picker.value
    inspector.pick(move)
    assert inspector.state is state and inspector.picker.value == picked
    assert "rb-bad" in inspector.message.value
    assert len(inspector.message.value) < 1_000


def test_picking_in_an_empty_inspector_says_it_has_no_position():
    with pytest.raises(RulesError) as error:
        MoveInspector().pick("7H")
    assert "no position" in _short(error)


@pytest.mark.parametrize("seat", ["0", 1.5, [0], True])
def test_a_stepper_seat_that_is_not_a_whole_number_is_refused(seat):
    with pytest.raises(RulesError) as error:
        DealStepper(_state(), seat=seat)
    assert "seat=" in _short(error) and "whole number" in str(error.value)


@pytest.mark.parametrize("keyword", ["play", "classroom", "large_print", "show_record",
                                     "draw_in_background"])
def test_stepper_switches_take_true_or_false(keyword):
    with pytest.raises(RulesError) as error:
        DealStepper(_state(), **{keyword: "yes"})
    assert "expected True or False" in _short(error)


def test_stepper_go_with_text_is_refused_and_the_position_stays():
    stepper = DealStepper(load_rules("satti"), seed=3, players=3)
    stepper.go(2)
    with pytest.raises(RulesError) as error:
        stepper.go("3")
    assert "whole number" in _short(error)
    assert stepper.index == 2


def test_stepper_extra_and_observers_are_checked():
    stepper = DealStepper(_state())
    with pytest.raises(RulesError):
        stepper.set_extra(5)
    with pytest.raises(RulesError):
        stepper.observe("print")
    with pytest.raises(RulesError):
        DealStepper(_state(), extra=["<b>"])


def test_an_observer_that_fails_at_once_is_told_on_screen():
    stepper = DealStepper(_state())

    def broken(state):
        raise KeyError("broken watcher")

    stepper.observe(broken)  # must not raise
    assert "broken watcher" in stepper.message.value


@pytest.mark.parametrize("source", [HUGE, "[" * 5000 + "]" * 5000, 5, Card("7H"), {}])
def test_a_stepper_given_junk_to_show_says_so_on_screen(source):
    stepper = DealStepper(source)
    assert stepper.state is None
    assert "rb-bad" in stepper.message.value or "cannot" in stepper.message.value.lower()
    assert len(stepper.message.value) < 2_000


def test_rules_compare_set_option_checks_the_column_and_the_name():
    compare = RulesCompare("badam-satti", "sevens", draw_in_background=False)
    before = [r.label() for r in compare.rules]
    with pytest.raises(RulesError) as error:
        compare.set_option(9, "sevens_first", True)
    assert "column=9" in _short(error) and "0 to 1" in str(error.value)
    with pytest.raises(RulesError) as error:
        compare.set_option(0, "no_such_option", True)
    assert "sevens_first" in _short(error)  # names the options there are
    with pytest.raises(RulesError):
        compare.set_option("0", "sevens_first", True)
    assert [r.label() for r in compare.rules] == before
    with pytest.raises(RulesError):
        compare.set_diagrams(None)


def test_lockstep_refuses_bots_that_are_not_names_and_a_step_that_is_not_a_number():
    lock = Lockstep(1, "badam-satti", "badam-satti+sevens_first")
    step = lock.step
    with pytest.raises(RulesError):
        lock.show("3")
    assert lock.step == step
    refused = Lockstep(1, "badam-satti", "sevens", bots=5)
    assert refused.result is None
    assert "computer player" in refused.title.value + refused.reason.value + \
        refused.position.value


def test_play_game_new_deal_with_a_bad_seed_is_refused_and_the_deal_stays():
    game = PlayGame("sevens", seed=1)
    seed = game.seed
    for bad in ("x", 2.5, [1], 10 ** 5000):
        with pytest.raises(RulesError):
            game.new_deal(bad)
    assert game.seed == seed


@pytest.mark.parametrize("keyword,value", [("before", "3"), ("after", -1), ("after", 2.5),
                                           ("before", 10 ** 9), ("show_diagram", "no")])
def test_badugi_ranker_arguments_are_checked(keyword, value):
    with pytest.raises(RulesError):
        BadugiRanker(**{keyword: value, "draw_in_background": False})


def test_badugi_ranker_wait_takes_seconds():
    ranker = BadugiRanker(show_diagram=False, draw_in_background=False)
    with pytest.raises(RulesError):
        ranker.wait_for_diagram("soon")
