"""Diagrams inside the widgets: the stepper's waiting diagram and the comparison's turn flows."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[lab]'")
pytest.importorskip("graphviz", reason="graphviz (Python package) is missing: pip install -e '.[lab]'")

import rulebook  # noqa: E402
from rulebook.protocol import autoplay  # noqa: E402
from rulebook.diagrams import Diagram  # noqa: E402
from rulebook.turnflow import turn_diagram  # noqa: E402
from widgets.compare import RulesCompare  # noqa: E402
from widgets.stepper import DealStepper  # noqa: E402

WAITING_TITLE = rulebook.load_rules("badam-satti").position_diagram.title


def test_stepper_shows_the_engines_waiting_diagram_for_the_current_position() -> None:
    rules = rulebook.load_rules("badam-satti")
    state = autoplay(rules.new_deal(players=4, seed=7), "smart", seed=7)
    stepper = DealStepper(state, draw_in_background=False)
    stepper.first()
    stepper.hands_toggle.value = "all"
    assert stepper.extra.value == ""
    stepper.waiting_toggle.value = True
    assert stepper.extra.value == Diagram(stepper.state.waiting_diagram(),
                                          title=WAITING_TITLE).html()
    first = stepper.extra.value
    stepper.last()
    assert stepper.extra.value != first
    assert stepper.extra.value == Diagram(stepper.state.waiting_diagram(),
                                          title=WAITING_TITLE).html()
    stepper.waiting_toggle.value = False
    assert stepper.extra.value == ""


def test_waiting_diagram_hides_when_only_one_seat_is_shown() -> None:
    state = rulebook.load_rules("badam-satti").new_deal(players=4, seed=7)
    stepper = DealStepper(state, seat=0, play=True, draw_in_background=False)
    stepper.waiting_toggle.value = True
    stepper.hands_toggle.value = 0
    assert "all hands" in stepper.extra.value and "<svg" not in stepper.extra.value


def test_waiting_toggle_is_offered_only_for_the_sevens_family() -> None:
    satti = DealStepper(rulebook.load_rules("satti").new_deal(players=3, seed=1))
    assert satti.waiting_toggle.layout.display == "none"
    sevens = DealStepper(rulebook.load_rules("sevens").new_deal(players=3, seed=1))
    assert sevens.waiting_toggle.layout.display is None


def test_comparison_draws_both_turn_flows_one_under_the_other_and_follows_toggles() -> None:
    rc = RulesCompare("badam-satti", "badam-satti", draw_in_background=False)
    assert rc.diagrams.layout.display == "none"
    rc.flows_toggle.value = True
    # stacked, each fitted to the width: side by side they were wider than any screen
    assert rc.diagrams.layout.display == "" and rc.diagrams.value.count("class='rb-flow'") == 2
    assert "<td" not in rc.diagrams.value and rc.diagrams.value.count('class="rb-diagram-box"') == 2
    before = rc.diagrams.value
    rc.controls[1]["limited_passes"].value = True
    after = rc.diagrams.value
    assert after != before
    plain, limited = rc.rules
    expected = Diagram(turn_diagram(limited, against=plain),
                       title="Badam Satti (classic) with Three passes per round").html()
    assert expected in after
    rc.flows_toggle.value = False
    assert rc.diagrams.layout.display == "none"


def test_comparison_of_different_games_draws_each_flow_without_highlight() -> None:
    rc = RulesCompare("badam-satti", "satti", "badugi")
    rc.flows_toggle.value = True
    rc.flows.wait()
    for rules in rc.rules:
        assert Diagram(turn_diagram(rules), title=rules.title).html() in rc.diagrams.value


def test_stepper_draws_the_waiting_diagram_off_the_click_and_shows_it_when_ready() -> None:
    rules = rulebook.load_rules("badam-satti")
    state = autoplay(rules.new_deal(players=4, seed=7), "smart", seed=7)
    stepper = DealStepper(state)
    stepper.hands_toggle.value = "all"
    stepper.first()
    stepper.waiting_toggle.value = True
    stepper.next()
    stepper.next()  # the drawing asked for first is no longer the one shown
    stepper.diagram.wait()
    expected = Diagram(stepper.state.waiting_diagram(), title=WAITING_TITLE).html()
    assert stepper.extra.value == expected
    stepper.back()
    stepper.diagram.wait()
    stepper.next()  # back at a position drawn before: shown from the cache at once
    assert stepper.extra.value == expected
