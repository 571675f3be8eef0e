"""MoveInspector, driven headless through its picker; assertions on what it shows."""
from __future__ import annotations

import html
import re

import pytest

from rulebook import load_rules
from rulebook.cards import CardSet
from rulebook.protocol import autoplay
from widgets import DealStepper, MoveInspector
from rulebook.html import move_words
from widgets.stepper import explanation_html


def shown_answer(state, move: str) -> str:
    """What the inspector shows for ``move``: the engine's explanation, the move in symbols."""
    return explanation_html(state.explain(move), "", move_words(state, move))

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]


def mid_state(profile: str, seed: int = 3, at: float = 0.4):
    rules = load_rules(profile)
    final = autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)
    states = final.states()
    return states[int(len(states) * at)]


def card_move(state, card) -> str:
    return f"draw {card.text}" if state.rules.game == "badugi" else card.text


@pytest.mark.parametrize("profile", PROFILES)
def test_answers_equal_explain_for_every_card_in_the_hand(profile):
    for at in (0.0, 0.3, 0.6):
        state = mid_state(profile, at=at)
        if state.to_move is None:
            continue
        insp = MoveInspector(state)
        for card in state.hands[state.to_move]:
            text = card_move(state, card)
            insp.picker.value = text
            expected = state.explain(text)
            assert insp.answer.value == shown_answer(state, text)
            assert f"{card.pretty()}</b>" in insp.answer.value  # in symbols
            assert html.escape(expected.reason) in insp.answer.value
            assert ", ".join(expected.clauses) in insp.answer.value
            assert ("✔ legal" in insp.answer.value) == expected.legal


@pytest.mark.parametrize("profile", PROFILES)
def test_picker_lists_the_whole_pack_and_the_actions_legal_ones_marked(profile):
    state = mid_state(profile)
    insp = MoveInspector(state)
    labels = dict((v, label) for label, v in insp.picker.options)
    from rulebook.cards import ALL_CARDS
    assert all(card_move(state, c) in labels for c in ALL_CARDS)
    legal = {str(m) for m in state.legal_moves()}
    for value, label in labels.items():
        if value in legal:
            assert label.startswith("✓ ")
    for move in state.legal_moves():
        text = str(move)
        if text in labels:
            insp.picker.value = text
            assert "✔ legal" in insp.answer.value
    # every legal move that is not a single card is offered too (actions, jack namings)
    singles = {card_move(state, c) for c in state.hands[state.to_move]} if state.to_move is not None else set()
    for text in legal - singles:
        if not text.startswith("draw ") or state.rules.game != "badugi":
            assert text in labels


def test_actions_and_cards_outside_the_hand():
    state = mid_state("badam-satti")
    insp = MoveInspector(state)
    insp.picker.value = "pass"
    assert insp.answer.value == shown_answer(state, "pass")
    other = next(c for c in state.hands[(state.to_move + 1) % 4])
    insp.picker.value = other.text
    assert f"turn, not seat {(state.to_move + 1) % 4}" in html.unescape(insp.answer.value)
    assert "rb-bad" in insp.answer.value


def test_sevens_playable_set_and_known_absent_per_seat():
    rules = load_rules("badam-satti")
    final = autoplay(rules.new_deal(players=4, seed=3), "smart", seed=3)
    state = final.states()[-2]
    assert any(state.known_absent(s) for s in range(4))
    insp = MoveInspector(state)
    box = insp.public_box.value
    playable = re.search(r'rb-playable">(.*?)</div>', box).group(1)
    assert set(re.findall(r'data-card="(\w\w)"', playable)) == set(state.playable().texts())
    for seat in range(4):
        cell = re.search(rf'<tr data-seat="{seat}"><td>seat {seat}</td>'
                         r'<td class="rb-absent">(.*?)</td>', box).group(1)
        assert set(re.findall(r'data-card="(\w\w)"', cell)) == set(state.known_absent(seat).texts())
    assert MoveInspector(mid_state("satti")).public_box.value == ""


def test_follows_a_stepper():
    rules = load_rules("sevens")
    final = autoplay(rules.new_deal(players=4, seed=5), "smart", seed=5)
    st = DealStepper(final)
    insp = MoveInspector()
    assert insp.answer.value == ""
    insp.follow(st)
    assert insp.state is st.state
    st.first_button.click()
    assert insp.state is st.states[0]
    insp.picker.value = "7D"
    assert insp.answer.value == shown_answer(st.states[0], "7D")
    assert "✔ legal" in insp.answer.value
    st.next_button.click()
    assert insp.state is st.states[1]
    # the same pick, re-asked of the new position
    assert insp.picker.value == "7D"
    assert insp.answer.value == shown_answer(st.states[1], "7D")
    assert "✘ not legal" in insp.answer.value
    st.last_button.click()
    assert "round is over" in insp.answer.value


def test_pick_by_text_and_bad_text():
    state = mid_state("satti")
    insp = MoveInspector(state)
    insp.pick("JH>S")
    assert insp.answer.value == shown_answer(state, "JH>S")
    insp.pick("ZZ")
    assert "rb-bad" in insp.message.value and "ZZ" in insp.message.value


def test_every_choice_is_named_in_card_symbols():
    state = load_rules("satti").position(top="9H", hands=["JC 9S 2D", "3C 4C", "5C 6C", "7D 8D"],
                                         draw_pile=str(~CardSet.parse("9H JC 9S 2D 3C 4C 5C 6C 7D 8D")),
                                         to_move=0)
    insp = MoveInspector(state)
    labels = [label for label, _v in insp.picker.options]
    assert "✓ J♣ naming ♠" in labels and "✓ 9♠" in labels
    assert not [label for label in labels if ">" in label or "TS" in label]
