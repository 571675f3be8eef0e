"""The coach on screen, headless: the Coach switch in DealStepper and PlayGame, and Review my deal.

What the widgets must show is computed here from the engine: the legal moves from
``state.legal_moves()``, the numbers from ``rulebook.coach.advise`` on the seat's view, the
review's order from the advice at each of the learner's decisions.
"""
from __future__ import annotations

import html
import re
import time

import pytest

from rulebook import load_rules
from rulebook.coach import advise, views_equal
from rulebook.protocol import GameState
from widgets import DealStepper, PlayGame
from widgets.coachview import (COACH_POLICY, COACH_WORLDS, REVIEW_WORLDS, CoachPanel,
                               advice_html, review_deal)
from widgets.render import visible_html

TABLE = "3S-TS 7H-QH 5C-9C 7D-8D"
HANDS = ["JS QS KS 2C 9D", "AS 2S KH 4C TC", "AH 2H 3H JC QC", None]


def rows(chart: str) -> list[tuple[str, bool]]:
    """The (move, marked best) of every bar row in the coach's HTML."""
    return [(m.group(1), bool(m.group(2)))
            for m in re.finditer(r'class="rb-coach-move[^"]*" data-move="([^"]+)"'
                                 r'( data-best="1")?', chart)]


def mid_deal(seed: int = 5, moves: int = 9):
    """A Badam Satti deal played ``moves`` moves (the last legal move each time), then on to
    the first position whose player has two or more legal moves."""
    state = load_rules("badam-satti").new_deal(players=4, seed=seed)
    for _ in range(moves):
        state = state.play(state.legal_moves()[-1])
    while len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[-1])
    return state


def test_the_switch_is_off_by_default_and_shows_a_bar_per_legal_move_with_the_best_marked():
    state = mid_deal()
    stepper = DealStepper(state, seat=None)
    assert stepper.coach_toggle.value is False
    assert stepper.coach.widget.layout.display == "none"
    assert "rb-coach-rows" not in visible_html(stepper.widget)
    assert "Coach" in visible_html(stepper.widget)  # the switch itself is on screen

    stepper.coach_toggle.value = True
    chart = stepper.coach.chart.value
    legal = [str(m) for m in state.legal_moves()]
    assert len(legal) > 1
    shown = rows(chart)
    assert [m for m, _ in shown] == legal
    expected = advise(state.view(state.to_move), worlds=COACH_WORLDS, policy=COACH_POLICY)
    assert [m for m, best in shown if best] == [str(expected.best.move)]
    assert chart.count("<svg") == len(legal)
    assert chart.count("★") == 1 and "<b>best</b>" in chart
    # the numbers and the sentence are the coach's own, for the seat to move
    for entry in expected.moves:
        assert f"{entry.mean:.1f} ({entry.low:.1f} to {entry.high:.1f})" in chart
    for sentence in expected.sentences():
        assert html.escape(sentence) in chart
    assert f'data-seat="{state.to_move}"' in chart
    assert "rb-coach-rows" in visible_html(stepper.widget)


def test_stepping_follows_the_position_and_switching_off_hides_the_bars():
    state = mid_deal()
    stepper = DealStepper(state, seat=None)
    stepper.coach_toggle.value = True
    stepper.go(3)
    earlier = stepper.states[3]
    assert [m for m, _ in rows(stepper.coach.chart.value)] == \
        [str(m) for m in earlier.legal_moves()]
    assert f'data-seat="{earlier.to_move}"' in stepper.coach.chart.value
    stepper.coach_toggle.value = False
    assert stepper.coach.widget.layout.display == "none"


def test_the_bars_are_the_same_when_two_hidden_hands_are_swapped():
    rules = load_rules("badam-satti")
    a = rules.position(table=TABLE, hands=HANDS, to_move=0)
    b = rules.position(table=TABLE, hands=[HANDS[0], HANDS[2], HANDS[1], None], to_move=0)
    assert a.hands[1] != b.hands[1] and views_equal(a.view(0), b.view(0))
    shown = []
    for state in (a, b):
        stepper = DealStepper(state, seat=None)  # every hand face up on the table
        stepper.coach_toggle.value = True
        shown.append(stepper.coach.chart.value)
        assert rows(stepper.coach.chart.value)
    assert shown[0] == shown[1]
    # while the hands face up on screen do differ: the coach is what does not peek
    assert visible_html(DealStepper(a, seat=None).seats_grid) != \
        visible_html(DealStepper(b, seat=None).seats_grid)


def test_the_bars_read_the_view_only():
    """The panel hands the coach ``state.view(seat)``: a state whose hidden hands raise when
    read still gets its advice."""
    state = load_rules("badam-satti").position(table=TABLE, hands=HANDS, to_move=0)
    panel = CoachPanel(background=False)
    panel.toggle.value = True

    class Guard(GameState):  # type: ignore[type-arg]
        """The state with only ``view`` and what the panel asks of the position (no hand
        of any seat: a panel that read one would fail)."""

        __slots__ = ()
        is_over = False
        to_move = 0
        players = 4

        def view(self, seat):
            return state.view(seat)

    panel.show(Guard(), 0)  # type: ignore[arg-type]
    assert panel.advice is not None
    assert [m for m, _ in rows(panel.chart.value)] == [str(m) for m in state.legal_moves()]


def test_in_play_mode_the_coach_speaks_on_your_turn_only():
    game = PlayGame("badam-satti", seed=2)
    st = game.stepper
    assert game.coach_toggle is st.coach_toggle and game.coach_toggle.value is False
    assert st.state.to_move == game.seat
    game.coach_toggle.value = True
    assert [m for m, _ in rows(st.coach.chart.value)] == \
        [str(m) for m in st.state.legal_moves()]
    assert f'data-seat="{game.seat}"' in st.coach.chart.value
    # a moment where another seat is to move: no bars (not the learner's decision)
    other = next(k for k, s in enumerate(st.states) if s.to_move != game.seat)
    st.go(other)
    assert rows(st.coach.chart.value) == []
    assert "your turn" in st.coach.chart.value


def test_a_decision_answers_well_under_a_second():
    state = mid_deal(seed=11, moves=6)
    stepper = DealStepper(state, seat=None)
    start = time.perf_counter()
    stepper.coach_toggle.value = True
    assert time.perf_counter() - start < 1.0
    assert rows(stepper.coach.chart.value)


def test_a_long_piece_of_work_shows_progress_and_stops():
    state = mid_deal()
    panel = CoachPanel(worlds=50_000, background=True)
    panel.toggle.value = True
    panel.show(state, state.to_move)
    deadline = time.perf_counter() + 10
    while panel.stop_button.layout.display == "none" and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert panel.progress.layout.display != "none"
    assert 0 < panel.progress.value < 1
    panel.stop_button.click()
    panel.wait(10)
    assert "Stopped" in panel.chart.value
    assert panel.advice is None
    assert panel.stop_button.layout.display == "none"


def finished_game(seed: int = 2) -> PlayGame:
    """A PlayGame whose learner plays the last legal move each turn to the end of the deal."""
    game = PlayGame("badam-satti", seed=seed)
    while not game.stepper.state.is_over:
        game.stepper.play(game.stepper.state.legal_moves()[-1])
    return game


def test_review_lists_the_costliest_decisions_first_and_each_goes_there():
    game = finished_game()
    assert game.review.widget.layout.display != "none"
    assert "Review my deal" in visible_html(game.widget)
    game.review.review()
    decisions = game.review.decisions
    states, seat = game.stepper.states, game.seat
    # every decision of the learner with a choice, none of anybody else's
    moments = [k for k in range(len(states) - 1) if states[k].to_move == seat
               and len(states[k].legal_moves()) > 1]
    assert sorted(d.index for d in decisions) == moments
    lost = [d.lost for d in decisions]
    assert lost == sorted(lost, reverse=True)
    # each loss is the coach's paired difference on the learner's view at that moment
    for d in decisions:
        advice = advise(states[d.index].view(seat), worlds=REVIEW_WORLDS, policy=COACH_POLICY)
        played = advice.value(states[d.index + 1].history[-1])
        assert d.lost == pytest.approx(max(played.diff, 0.0))
        assert d.best == advice.best
    assert [b.description for b in game.review.moment_buttons] == \
        [d.sentence() for d in decisions[:3]]
    assert "Move" in game.review.moment_buttons[0].description
    game.coach_toggle.value = True
    for d, b in zip(decisions[:3], game.review.moment_buttons):
        b.click()
        assert game.stepper.index == d.index
        assert game.stepper.state.to_move == seat
        assert rows(game.stepper.coach.chart.value)  # the coach's bars for that moment


def test_review_deal_orders_a_made_up_deal_and_words_the_loss():
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    states = state.states()
    found = review_deal(states, 1, worlds=30)
    assert found and all(states[d.index].to_move == 1 for d in found)
    assert [d.lost for d in found] == sorted((d.lost for d in found), reverse=True)
    worst = found[0]
    if worst.lost > 0:
        assert worst.best.move.pretty() in worst.sentence()
        assert "penalty points" in worst.sentence()


def test_review_is_offered_only_once_the_deal_is_over_and_a_new_deal_clears_it():
    game = PlayGame("badam-satti", seed=2)
    assert game.review.widget.layout.display == "none"
    game = finished_game()
    game.review.review()
    assert game.review.moment_buttons
    game.new_deal(4)
    assert game.review.widget.layout.display == "none"
    assert game.review.moment_buttons == [] and game.review.head.value == ""


def test_advice_html_marks_exactly_one_best_and_names_the_measure():
    state = mid_deal()
    advice = advise(state.view(state.to_move), worlds=40, policy="random")
    chart = advice_html(advice)
    assert sum(best for _, best in rows(chart)) == 1
    assert advice.measure in chart
    assert "lower is better" in chart


@pytest.mark.parametrize("ruleset", ["badam-satti", "sevens", "satti", "badugi"])
def test_every_game_gets_a_bar_per_legal_move_in_play(ruleset):
    game = PlayGame(ruleset, seed=3)
    state = game.stepper.state
    assert state.to_move == game.seat
    game.coach_toggle.value = True
    shown = rows(game.stepper.coach.chart.value)
    assert [m for m, _ in shown] == [str(m) for m in state.legal_moves()]
    expected = advise(state.view(game.seat), worlds=COACH_WORLDS, policy=COACH_POLICY)
    assert [m for m, best in shown if best] == [str(expected.best.move)]
    assert expected.measure in game.stepper.coach.chart.value


def test_review_calls_a_move_better_only_when_the_interval_leaves_out_zero():
    """A decision whose loss's interval reaches 0 is "within the noise", not "better"; one
    whose interval leaves 0 out says the best move "was better"."""
    found = []
    for seed in range(7, 17):  # deals played by always taking the last legal move
        state = load_rules("badam-satti").new_deal(players=4, seed=seed)
        while not state.is_over:
            state = state.play(state.legal_moves()[-1])
        found += [d for d in review_deal(state.states(), 1, worlds=40) if d.lost > 0]
        if any(d.played.diff_low > 0 for d in found) and any(
                d.played.diff_low <= 0 for d in found):
            break
    kinds = set()
    for d in found:
        low = d.played.diff_low if d.advice.lower_is_better else -d.played.diff_high
        noisy = low <= 0
        kinds.add(noisy)
        assert ("within the noise" in d.sentence()) == noisy, d.sentence()
        assert ("was better by" in d.sentence()) == (not noisy), d.sentence()
        assert d.best.move.pretty() in d.sentence()
    assert kinds == {True, False}, kinds
