"""Lockstep widget: stepped through its buttons and slider, checked on the HTML it shows.

The first parting is computed independently here, by replaying each ruleset's deal with
``autoplay`` on its own; the explanations shown must be the engine's (``state.explain``).
"""
from __future__ import annotations

import html
import re

import pytest

from rulebook import load_rules
from rulebook.protocol import autoplay
from rulebook.rules import profile_ids
from widgets import Lockstep
from widgets.lockstep import state_panel_html


def replay(rules, seed, players=4, bots="smart"):
    start = rules.new_deal(players=players, seed=seed, dealer=0)
    final = autoplay(start, bots, seed=seed)
    states = [start]
    for move in final.history:
        states.append(states[-1].play(move))
    return states, [str(m) for m in final.history]


def independent_parting(rules_a, rules_b, seed, **kw):
    states_a, moves_a = replay(rules_a, seed, **kw)
    states_b, moves_b = replay(rules_b, seed, **kw)
    for i in range(min(len(moves_a), len(moves_b))):
        if moves_a[i] != moves_b[i] or states_a[i].to_move != states_b[i].to_move:
            return i, states_a, moves_a, states_b, moves_b
    parting = None if len(moves_a) == len(moves_b) else min(len(moves_a), len(moves_b))
    return parting, states_a, moves_a, states_b, moves_b


def reasons(cell_html: str) -> list[str]:
    """The explanation sentences shown in one side's cell, in order."""
    return [html.unescape(x) for x in re.findall(r'<span class="rb-why">(.*?)</span>',
                                                 cell_html)]


def side(lock: Lockstep, which: str) -> str:
    match = re.search(rf"<td class='rb-side-{which}'>(.*?)</td>", lock.moves.value, re.S)
    assert match, lock.moves.value
    return match.group(1)


def highlighted(lock: Lockstep) -> bool:
    return 'class="rb-diff rb-parting"' in lock.moves.value


def reason_text(lock: Lockstep) -> str:
    return html.unescape(lock.reason.value)


BS = load_rules("badam-satti")


@pytest.mark.parametrize("other,seed", [("sevens_first", 0), ("sevens_first", 2),
                                        ("eight_before_six", 2), ("eight_before_six", 0),
                                        ("limited_passes", 1)])
def test_stops_at_the_first_difference_with_the_engine_explanations(other, seed):
    rules_b = load_rules("badam-satti", **{other: True})
    parting, states_a, moves_a, states_b, moves_b = independent_parting(BS, rules_b, seed)
    assert parting is not None
    lock = Lockstep(seed, BS, rules_b)
    assert lock.step == 0 and highlighted(lock) == (parting == 0)
    # "last" from the start stops at the first difference, a second click goes to the end
    lock.last_button.click()
    assert lock.step == parting and highlighted(lock)
    assert f"part at move {parting + 1}" in lock.moves.value
    pretty_a = states_a[parting].parse_move(moves_a[parting]).pretty()  # card symbols
    pretty_b = states_b[parting].parse_move(moves_b[parting]).pretty()
    # each move as its deal's public log tells it: "Seat 3 plays 7♥.", "Seat 2 passes."
    for which, states, moves, pretty in (("a", states_a, moves_a, pretty_a),
                                         ("b", states_b, moves_b, pretty_b)):
        seat = states[parting].to_move
        told = f"Seat {seat} passes." if moves[parting] == "pass" else \
            f"Seat {seat} plays {pretty}."
        assert f"<span class='rb-log'>{told}" in side(lock, which)
    # the explanations shown are the engine's: own move, then the other ruleset's verdict
    # (at the parting the engine's comparison names the seat: voice="table")
    assert reasons(side(lock, "a")) == [
        states_a[parting].explain(moves_a[parting], voice="table").reason,
        states_b[parting].explain(moves_a[parting], voice="table").reason]
    assert reasons(side(lock, "b")) == [
        states_b[parting].explain(moves_b[parting], voice="table").reason,
        states_a[parting].explain(moves_b[parting], voice="table").reason]
    for clause in states_b[parting].explain(moves_a[parting]).clauses:
        assert clause in side(lock, "a")
    assert "Here the deals part" in reason_text(lock)
    # the tables are the two states at that point
    assert lock.table_a.value.endswith(state_panel_html(states_a[parting]))
    assert lock.table_b.value.endswith(state_panel_html(states_b[parting]))
    lock.last_button.click()
    assert lock.step == max(len(moves_a), len(moves_b)) and lock.next_button.disabled


def test_next_steps_together_and_highlights_only_the_parting():
    rules_b = load_rules("badam-satti", sevens_first=True)
    parting, states_a, moves_a, states_b, moves_b = independent_parting(BS, rules_b, 0)
    lock = Lockstep(0, "badam-satti", "badam-satti+sevens_first")
    assert lock.first_button.disabled and lock.back_button.disabled
    for step in range(parting):
        assert not highlighted(lock)
        # a comparison is a log of moves: every reason names the seat (voice="table")
        assert reasons(side(lock, "a")) == [
            states_a[step].explain(moves_a[step], voice="table").reason]
        assert not any(r.lower().startswith("you") for r in reasons(side(lock, "a")))
        # same move while they agree; each ruleset gives its own reason (a 7 played under
        # sevens_first is explained by the house rule, BS-HR-5)
        assert reasons(side(lock, "b")) == [
            states_b[step].explain(moves_b[step], voice="table").reason]
        assert moves_a[step] == moves_b[step]
        assert "agree so far" in reason_text(lock)
        lock.next_button.click()
        assert lock.step == step + 1 and lock.slider.value == step + 1
        assert f"after {step + 1} of" in lock.position.value
    assert lock.step == parting and highlighted(lock)
    lock.next_button.click()
    assert not highlighted(lock) and "parted at move" in reason_text(lock)
    lock.back_button.click()
    assert lock.step == parting and highlighted(lock)
    lock.first_button.click()
    assert lock.step == 0 and lock.table_a.value.endswith(state_panel_html(states_a[0]))


def test_sevens_opens_with_7D_first_move_differs():
    lock = Lockstep(4, "badam-satti", "sevens")
    assert lock.parting == 0 and highlighted(lock)
    assert "plays 7♥.</span>" in side(lock, "a")
    assert "plays 7♦.</span>" in side(lock, "b")
    states_a, moves_a = replay(BS, 4)
    assert reasons(side(lock, "a"))[0] == states_a[0].explain("7H", voice="table").reason
    assert lock.jump_button.disabled  # already at the first difference
    lock.next_button.click()
    lock.jump_button.click()
    assert lock.step == 0


def test_identical_rules_never_part():
    lock = Lockstep(3, "badam-satti", load_rules("badam-satti"))
    assert lock.parting is None and lock.jump_button.disabled
    seen = []
    while not lock.next_button.disabled:
        seen.append(highlighted(lock))
        assert "never part" in reason_text(lock)
        lock.next_button.click()
    assert not any(seen) and len(seen) == lock.result.length
    assert "the same way, move for move" in html.unescape(lock.title.value)


def test_slider_moves_both_deals():
    lock = Lockstep(1, "satti", "satti+seven_stacking=false")
    states_a, _ = replay(load_rules("satti"), 1)
    lock.slider.value = 5
    assert lock.step == 5 and lock.table_a.value.endswith(state_panel_html(states_a[5]))
    lock.slider.value = 10_000 if lock.slider.max >= 10_000 else lock.slider.max
    assert lock.step == lock.result.length and lock.next_button.disabled


def test_one_ruleset_ends_first():
    lock = Lockstep(0, "badam-satti", "badam-satti+one_final_turn")
    lock.jump_button.click()
    assert lock.step == len(lock.result.moves_a) and highlighted(lock)
    assert "the deal is over" in side(lock, "a")
    assert reasons(side(lock, "b"))[0] == lock.result.explain_b.reason


def test_different_games():
    lock = Lockstep(1, "satti", "badam-satti")
    assert lock.parting == 0 and highlighted(lock)
    assert "differ from the start" in html.unescape(lock.title.value)
    assert len(reasons(side(lock, "a"))) == 1  # no cross-game verdict


def test_same_move_different_effect_note():
    lock = Lockstep(0, "satti", "satti+play_after_draw=false")
    pp = lock.result.positions_part
    assert pp is not None and pp < lock.parting
    lock.slider.value = pp
    assert "the same move acted differently" in reason_text(lock)


def test_engine_refusal_is_shown_not_raised():
    lock = Lockstep(0, "badam-satti", "sevens", players=7)
    assert lock.result is None
    assert "rb-reason rb-bad" in lock.reason.value
    assert "3 to 6 players" in reason_text(lock)
    assert all(b.disabled for b in (lock.first_button, lock.back_button, lock.next_button,
                                    lock.last_button, lock.jump_button))
    lock.next_button.click()
    lock.last()
    lock.jump()
    assert lock.step == 0
    bad = Lockstep(0, "badam-satti+nonsense", "sevens")
    assert "unknown option" in reason_text(bad)


@pytest.mark.parametrize("pid", profile_ids())
def test_every_profile_steps(pid):
    lock = Lockstep(2, pid, pid, players=4)
    states, moves = replay(load_rules(pid), 2)
    lock.next_button.click()
    lock.next_button.click()
    step = min(2, len(moves))
    assert lock.table_a.value.endswith(state_panel_html(states[step]))
    if step < len(moves):
        assert reasons(side(lock, "a")) == [
            states[step].explain(moves[step], voice="table").reason]
    lock.last_button.click()
    assert lock.step == len(moves)
    assert "the deal is over" in side(lock, "a")


@pytest.mark.parametrize("pid", profile_ids())
def test_the_panel_shows_every_hand_and_who_is_to_move(pid):
    state = load_rules(pid).new_deal(players=4, seed=5, dealer=0)
    drawn = state_panel_html(state)
    for hand in state.hands:
        for card in hand:
            assert f'data-card="{card.text}"' in drawn
    assert f'<tr class="rb-to-move" data-seat="{state.to_move}">' in drawn


def test_displays_in_jupyter():
    lock = Lockstep(0, "badam-satti", "sevens")
    assert "application/vnd.jupyter.widget-view+json" in lock._repr_mimebundle_()
    assert all(b.tooltip for b in (lock.first_button, lock.back_button, lock.next_button,
                                   lock.last_button, lock.jump_button))


def test_buttons_draw_their_arrows_as_icons_and_are_never_cut():
    lock = Lockstep(0, "badam-satti", "badam-satti+sevens_first")
    buttons = (lock.first_button, lock.back_button, lock.next_button, lock.last_button,
               lock.jump_button)
    assert [b.icon for b in buttons] == ["fast-backward", "step-backward", "step-forward",
                                         "fast-forward", "search"]
    for b in buttons:  # no character Debian's Chromium has no font for
        assert not set(b.description) & set("⏮⏭◀▶"), b.description
        assert b.layout.width == "auto"
    assert lock.jump_button.description == "jump to first difference"


def test_rulesets_are_named_in_words_and_clause_ids_stand_last():
    lock = Lockstep(2, "badam-satti", "badam-satti+sevens_first")
    lock.jump()
    heads = "".join(re.findall(r"<th>.*?</th>", lock.moves.value))
    for text in (lock.title.value, heads, lock.table_b.value):
        assert "Badam Satti (classic) with Sevens first" in text
        assert "sevens_first" not in text.replace("data-", "")  # the engine's own reasons
        # may name a house rule; the widget's words never do
    for cell in (side(lock, "a"), side(lock, "b")):
        for expl in re.findall(r'<div class="rb-reason rb-expl.*?</div>', cell):
            assert expl.endswith("</small></div>") and 'class="rb-clauses"' in expl
            assert "(BS-" not in expl
