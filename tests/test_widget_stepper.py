"""DealStepper, driven headless through its public controls; assertions on what it shows."""
from __future__ import annotations

import html
import json
import re

import pytest

from rulebook import load_rules
from rulebook.cards import Card, CardSet
from rulebook.errors import RecordError
from rulebook.html import hand_order
from rulebook.protocol import TurnRandom, autoplay, bots_for
from rulebook.records import load_deal
from widgets import DealStepper
from widgets.render import visible_html
from widgets.stepper import explanation_html

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]
LEGAL = re.compile(r'class="rb-card [^"]*rb-legal[^"]*" data-card="(\w\w)"')


def shown(st: DealStepper) -> tuple[str, str, str]:
    return visible_html(st.widget), st.move_box.value, st.legal_box.value


def screen(st: DealStepper) -> str:
    """Everything the stepper shows now."""
    return visible_html(st.widget)


def hand_cells(text: str) -> dict[int, str]:
    """Each seat's hand cell as shown (face up: its cards; face down: backs)."""
    return {int(seat): cell for seat, cell in
            re.findall(r'<span class="rb-hand" data-seat="(\d)">(.*?)</span>(?:</td>|$)', text,
                       flags=re.M)}


def finished(profile: str, seed: int = 3):
    rules = load_rules(profile)
    return autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)


def lit_cards(st: DealStepper):
    return [b for b in st.card_buttons if b.icon == "check"]


def lit_actions(st: DealStepper):
    return [b for b in st.action_box.children if b.icon == "check"]


def satti_position(top: str, hands: list[str], **kw):
    used = CardSet.parse(top)
    for hand in hands:
        used |= CardSet.parse(hand)
    return load_rules("satti").position(top=top, hands=hands, draw_pile=str(~used), **kw)


# -- stepping ----------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
def test_stepping_to_the_end_and_back_gives_the_same_view(profile):
    final = finished(profile)
    st = DealStepper(final)
    n = len(final.history)
    assert st.index == n and st.slider.max == n and st.slider.value == n
    assert st.next_button.disabled and st.last_button.disabled
    st.first_button.click()
    assert st.index == 0 and st.slider.value == 0 and st.back_button.disabled
    assert "The start of the deal" in st.move_box.value
    forward = [shown(st)]
    for k in range(n):
        st.next_button.click()
        assert st.index == k + 1 and st.slider.value == k + 1
        forward.append(shown(st))
    assert "Result:" in screen(st)
    assert html.escape(final.outcome.summary.split("(")[0][:25]) in screen(st)
    backward = [shown(st)]
    for _ in range(n):
        st.back_button.click()
        backward.append(shown(st))
    assert backward[::-1] == forward
    st.last_button.click()
    assert shown(st) == forward[-1]
    st.slider.value = n // 2
    assert st.index == n // 2 and shown(st) == forward[n // 2]
    # every position's table is the engine's state (replayed through states())
    assert [str(m) for m in st.state.history] == [str(m) for m in final.history[: n // 2]]


@pytest.mark.parametrize("profile", PROFILES)
def test_each_step_shows_the_move_and_the_engine_reason(profile):
    final = finished(profile)
    st = DealStepper(final)
    states = final.states()
    for k in range(1, len(states)):
        st.slider.value = k
        # the log of moves names the seat: the engine's reason in the table's voice
        expected = states[k - 1].explain(final.history[k - 1], voice="table")
        assert html.escape(expected.reason) in st.move_box.value
        assert ", ".join(expected.clauses) in st.move_box.value
        assert "you " not in html.unescape(st.move_box.value).lower().replace("you)", "")
        told = [e for e in states[k].move_log()[len(states[k - 1].move_log()):]]
        assert told and all(html.escape(e.text) in st.move_box.value for e in told)
        legal = {getattr(m, "card").text for m in states[k].legal_moves()
                 if isinstance(getattr(m, "card", None), Card)}
        assert set(LEGAL.findall(st.legal_box.value)) == legal


def test_a_forced_pass_shows_why_it_was_forced():
    final = finished("badam-satti", seed=3)
    states = final.states()
    k = next(i for i, m in enumerate(final.history) if str(m) == "pass")
    st = DealStepper(final)
    st.slider.value = k + 1
    seat = states[k].to_move
    reason = states[k].explain("pass", voice="table").reason
    assert reason.startswith(f"Seat {seat} must pass")  # a log names the seat, never "you"
    assert f"Seat {seat} passes." in st.move_box.value
    assert "Why:" in st.move_box.value and html.escape(reason) in st.move_box.value
    assert "BS-MOVE-4" in st.move_box.value


def test_one_seat_view_does_not_leak_a_passer_s_hand_through_the_reason():
    # under limited_passes a pass may be a choice, and its reason rests on the passer's hand
    rules = load_rules("badam-satti", limited_passes=True)
    final = autoplay(rules.new_deal(players=4, seed=3), "random", seed=3)
    states = final.states()
    log = final.move_log()
    private = [e for e in log if e.move == "pass" and e.private]
    assert private, "the deal has a pass whose reason shows the passer's cards"
    entry = private[0]
    k = next(i for i, (s, m) in enumerate(zip(states, final.history))
             if str(m) == "pass" and s.to_move == entry.seat
             and s.explain("pass", voice="table").reason == entry.reason)
    passer = entry.seat
    st = DealStepper(final, seat=(passer + 1) % 4, classroom=False)
    st.slider.value = k + 1
    assert html.escape(entry.reason) not in st.move_box.value
    assert f"Seat {passer} passes." in st.move_box.value
    assert "all hands" in st.move_box.value
    st.hands_toggle.value = passer
    assert html.escape(entry.reason) in st.move_box.value
    # a reason that names no hidden card is shown to every seat
    public = next(i for i, s in enumerate(states[:-1])
                  if not s.explain(final.history[i], voice="table").facts.private)
    st.hands_toggle.value = (states[public].to_move + 1) % 4
    st.slider.value = public + 1
    assert html.escape(states[public].explain(final.history[public], voice="table").reason) \
        in st.move_box.value


def test_hands_toggle_shows_one_seat_only():
    final = finished("badam-satti")
    st = DealStepper(final)
    st.slider.value = 10
    all_cards = set(re.findall(r'data-card="(\w\w)"', screen(st)))
    st.hands_toggle.value = 2
    cells = hand_cells(screen(st))
    assert sorted(cells) == [0, 1, 2, 3]
    for seat, cell in cells.items():
        if seat == 2:
            assert set(re.findall(r'data-card="(\w\w)"', cell)) == set(st.state.hand(2).texts())
        else:
            assert "data-card" not in cell and "rb-back" in cell
    st.hands_toggle.value = "all"
    assert set(re.findall(r'data-card="(\w\w)"', screen(st))) == all_cards
    seat_only = DealStepper(final, seat=1)
    assert seat_only.hands_toggle.value == 1


def test_rules_and_seed_are_played_out_by_the_bots():
    rules = load_rules("satti")
    st = DealStepper(rules, seed=11, bots="easy")
    expected = autoplay(rules.new_deal(players=4, seed=11), "easy", seed=11)
    assert [str(m) for m in st.state.history] == [str(m) for m in expected.history]
    assert st.state.is_over and "Result:" in screen(st)


def test_extra_html_hook():
    st = DealStepper(finished("badam-satti"), extra="<p>diagram here</p>")
    assert st.extra.value == "<p>diagram here</p>"
    st.set_extra("<svg></svg>")
    assert st.extra.value == "<svg></svg>"


# -- records ---------------------------------------------------------------------------------------

def test_records_load_as_dict_and_as_json_text():
    final = finished("sevens", seed=5)
    record = final.to_record()
    a = DealStepper(record)
    b = DealStepper(json.dumps(record))
    assert a.table.value == b.table.value == DealStepper(final).table.value
    assert json.loads(a.record()) == record


def test_a_tampered_record_shows_the_record_error_not_a_traceback():
    record = finished("badam-satti", seed=5).to_record()
    record["moves"][3] = "KS"
    with pytest.raises(RecordError) as err:
        load_deal(record)
    st = DealStepper(record)  # must not raise
    assert html.escape(str(err.value)[1:]) in st.message.value
    assert "rb-bad" in st.message.value and "RecordError" not in st.message.value  # no class names
    assert st.state is None and "No deal loaded" in st.table.value
    # the load box: bad JSON first, then a good record, then a tampered one (the deal stays)
    st.record_text.value = "{not json"
    st.load_button.click()
    assert "not valid JSON" in st.message.value
    good = finished("satti", seed=2)
    st.record_text.value = json.dumps(good.to_record())
    st.load_button.click()
    assert st.message.value == "" and st.state.history == good.history
    before = (st.table.value, st.move_box.value, st.legal_box.value)
    st.record_text.value = json.dumps(record)
    st.load_button.click()
    assert html.escape(str(err.value)[1:]) in st.message.value
    assert (st.table.value, st.move_box.value, st.legal_box.value) == before
    assert st.state.history == good.history


# -- play mode -------------------------------------------------------------------------------------

def test_an_illegal_click_shows_the_reason_and_changes_nothing():
    st = DealStepper(load_rules("badam-satti"), seed=3, play=True, seat=0)
    state = st.state
    assert state.to_move == 0

    def position() -> tuple:
        return st.states, st.index, st.table.value, st.move_box.value, hand_cells(screen(st))
    before = position()
    unlit = [b for b in st.card_buttons if b.icon != "check"]
    assert unlit
    button = unlit[0]
    card = next(c for c in state.hand(0) if c.pretty() == button.description)
    button.click()
    explanation = state.explain(card.text)
    assert not explanation.legal
    assert st.message.value == explanation_html(explanation, "Not played: ", card.pretty())
    assert html.escape(explanation.reason) in st.message.value
    assert all(c in st.message.value for c in explanation.clauses)
    assert position() == before
    # the button's tooltip already said why
    assert button.tooltip == explanation.reason


@pytest.mark.parametrize("profile", ["badam-satti", "sevens", "satti"])
def test_clicking_a_lit_card_plays_it_and_the_bots_answer(profile):
    rules = load_rules(profile)
    seed = 4
    st = DealStepper(rules, seed=seed, play=True, seat=0)
    # find a position where seat 0 has a lit card
    for _ in range(60):
        if lit_cards(st):
            break
        lit_actions(st)[0].click()
    before = len(st.states)
    state = st.state
    button = lit_cards(st)[0]
    card = next(c for c in state.hands[0] if c.pretty() == button.description)
    button.click()
    if st.suit_box.children:  # a Satti jack: name the suit
        st.suit_buttons[0].click()
    after = st.states
    assert len(after) > before
    assert getattr(after[before].history[-1], "card", None) is card
    assert st.state.to_move in (0, None)
    # the bots answered from views with the TurnRandom autoplay uses
    bots = bots_for(rules, "smart", 4)
    rng = TurnRandom(seed)
    for prev, nxt in zip(after[before:], after[before + 1:]):
        assert prev.to_move != 0
        rng.start_turn(len(prev.history))
        assert str(bots[prev.to_move].choose(prev.view(prev.to_move), rng)) == \
            str(nxt.history[-1])
    assert st.index == len(after) - 1


def play_one(st: DealStepper) -> None:
    """Click what a player would: a lit card (a suit for a jack, a Badugi draw) or an action."""
    state = st.state
    if state.rules.game == "badugi" and state.phase.startswith("D"):
        if st.card_buttons:
            st.card_buttons[-1].click()
        st.draw_button.click()
        return
    cards = lit_cards(st)
    if cards:
        cards[0].click()
        if st.suit_box.children:
            st.suit_buttons[-1].click()
        return
    lit_actions(st)[0].click()


@pytest.mark.parametrize("profile", PROFILES)
def test_a_whole_deal_can_be_played_by_clicking(profile):
    st = DealStepper(load_rules(profile), seed=7, play=True, seat=1)
    for _ in range(500):
        if st.state.is_over:
            break
        assert st.state.to_move == 1
        n = len(st.states)
        play_one(st)
        assert st.message.value == ""
        assert len(st.states) > n
    assert st.state.is_over
    assert "Result:" in screen(st)
    assert "The deal is over." in st.legal_box.value
    loaded = load_deal(st.state.to_record())
    assert [str(m) for m in loaded.history] == [str(m) for m in st.state.history]


def test_satti_jack_asks_for_a_suit_then_plays_it():
    state = satti_position("9H", ["JC 9S 2D", "3C 4C", "5C 6C", "7D 8D"], to_move=0)
    st = DealStepper(state, play=True, seat=0)
    jack = next(b for b in st.card_buttons if b.description == "J♣")
    assert jack.icon == "check"
    jack.click()
    assert len(st.states) == 1  # nothing played yet
    labels = [b.description for b in st.suit_box.children]
    assert len(labels) == 4 and any("spades" in x for x in labels)
    spade = next(b for b in st.suit_box.children if "spades" in b.description)
    spade.click()
    assert str(st.states[1].history[-1]) == "JC>S"
    assert "named with" in st.states[1]._repr_html_()
    assert st.suit_box.children == ()


@pytest.mark.clause("SAT-EIGHT-2", "SAT-EIGHT-3")
def test_satti_skip_and_draw_actions():
    state = satti_position("8H", ["2C 3C", "4D 5D", "6S 9S", "QC KC"], to_move=1, skipped=True)
    st = DealStepper(state, play=True, seat=1, bots="easy")
    assert st.action_buttons["skip"].icon == "check"
    draw = st.action_buttons["draw"]
    assert draw.icon == ""
    draw.click()  # not legal, but the engine carries the attempt out (SAT-EIGHT-3)
    after = state.play("draw")
    assert str(after.history[-1]) == "try draw"
    assert str(st.states[1].history[-1]) == "try draw"
    assert len(st.states[1].hands[1]) == 3  # the penalty card, drawn as the reason says
    assert html.escape(state.explain("draw").reason) in st.message.value
    assert html.escape(after.move_log()[-1].text) in st.message.value
    assert "Not played" not in st.message.value
    st.first()
    st.action_buttons["skip"].click()  # from the start again: a skip, the old line replaced
    assert str(st.states[1].history[-1]) == "skip"


def test_badugi_draw_chooser_toggles_cards_then_draws():
    st = DealStepper(load_rules("badugi"), seed=3, play=True, seat=2)
    for _ in range(40):
        state = st.state
        if state.phase.startswith("D") and state.to_move == 2:
            break
        assert not state.is_over
        if "check" in st.action_buttons and st.action_buttons["check"].icon == "check":
            st.action_buttons["check"].click()
        else:
            st.action_buttons["call"].click()
    state = st.state
    assert st.draw_button.description == "pat"
    assert all(b.icon == "check" for b in st.card_buttons)
    first, second = st.card_buttons[0], st.card_buttons[2]
    first.click()
    second.click()
    assert first.icon == "times" and second.icon == "times"
    cards = [c for c in state.hand(2) if c.pretty() in (first.description, second.description)]
    expected = "draw " + str(CardSet(cards))
    assert st.draw_button.description == "draw " + CardSet(cards).pretty()
    second.click()  # deselect
    assert second.icon == "check"
    second.click()
    assert len(st.states) == len(st.states[: st.index + 1])
    n = len(st.states)
    st.draw_button.click()
    assert str(st.states[n].history[-1]) == expected
    # in the betting round a card click is explained, not played
    while not st.state.is_over and not st.state.phase.startswith("R"):
        play_one(st)
    if not st.state.is_over:
        before = st.states
        st.card_buttons[0].click()
        assert "not allowed now" in st.message.value and st.states == before


def test_not_your_turn_and_game_over_clicks_are_answered():
    st = DealStepper(load_rules("badam-satti"), seed=3, play=True, seat=0)
    st.first_button.click()
    assert st.state.to_move != 0
    before = st.states
    st.card_buttons[0].click()
    assert "turn" in st.message.value and st.states == before
    done = DealStepper(finished("satti"), play=True, seat=0)
    assert done.card_buttons == [] or all(b.icon == "" for b in done.card_buttons)
    done.play("draw")
    assert "over" in done.message.value


def test_stepping_back_then_playing_branches_from_there():
    st = DealStepper(load_rules("sevens"), seed=4, play=True, seat=0)
    for _ in range(6):
        play_one(st)
    k = next(i for i, s in enumerate(st.states) if s.to_move == 0 and i > 0)
    st.slider.value = k
    old = st.states
    play_one(st)
    assert st.states[: k + 1] == old[: k + 1]
    assert st.index == len(st.states) - 1


def test_observers_see_every_position():
    seen = []
    st = DealStepper(finished("badugi"))
    st.observe(seen.append)
    st.first_button.click()
    st.next_button.click()
    assert seen == [st.states[-1], st.states[0], st.states[1]]


def test_buttons_have_descriptions_and_tooltips():
    st = DealStepper(load_rules("badugi"), seed=3, play=True, seat=0)
    buttons = [st.first_button, st.back_button, st.next_button, st.last_button,
               st.load_button, st.draw_button, *st.card_buttons, *st.action_buttons.values()]
    for b in buttons:
        assert b.description and b.tooltip


def test_a_failing_observer_is_reported_not_raised():
    st = DealStepper(finished("satti"))

    def broken(state):
        if state is st.states[0]:
            raise ValueError("observer broke")

    st.observe(broken)
    st.first_button.click()  # must not raise
    assert "observer broke" in st.message.value and st.index == 0


def test_slider_max_reaches_the_browser_before_a_value_above_the_old_max() -> None:
    """A browser applies widget messages in order; a value above the current max would be
    clamped there and sent back as a step back, so the stepper sends max first."""
    from rulebook import load_rules

    stepper = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    sent: list[tuple[str, object]] = []
    stepper.slider.observe(lambda c: sent.append((c["name"], c["new"])), names=["max", "value"])
    stepper.click_card(next(m.card for m in stepper.state.legal_moves()))
    names = [name for name, _ in sent]
    assert names.index("max") < names.index("value")
    assert stepper.slider.value == stepper.slider.max == len(stepper.states) - 1
    sent.clear()
    stepper.first()
    assert [name for name, _ in sent] == ["value"]


def test_a_card_button_always_plays_its_own_card() -> None:
    from rulebook import load_rules

    stepper = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    buttons = {b.description: b for b in stepper.card_buttons}
    card = next(m.card for m in stepper.state.legal_moves())
    button = buttons[card.pretty()]
    button.click()
    assert any(str(m) == card.text for m in stepper.state.history)
    assert button.description == card.pretty()  # never relabelled to another card


def test_the_last_move_is_told_once_in_the_move_box_not_again_under_the_table() -> None:
    from rulebook import load_rules

    stepper = DealStepper(load_rules("badam-satti"), seed=3)
    stepper.go(5)
    assert "Last move" not in stepper.table.value
    assert stepper.state.history[-1].pretty() in stepper.move_box.value


def test_after_a_play_every_computer_answer_is_told_and_a_replaced_line_is_noted() -> None:
    from rulebook import load_rules

    stepper = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    start = stepper.index
    legal = [m.card for m in stepper.state.legal_moves()]
    assert stepper.state.to_move == stepper.human and len(legal) == 3
    stepper.click_card(legal[0])
    computers = stepper.states[start + 2:]  # after the human's move
    told = html.unescape(re.sub(r"<[^>]+>", "", stepper.replies.value))  # one line each
    # one log entry per computer move, in the third person, in order
    log = stepper.state.move_log()[len(stepper.states[start + 1].move_log()):]
    assert len([e for e in log if e.move]) == len(computers)
    assert "The computer players answered: " + " ".join(e.text for e in log) in told
    for before in stepper.states[start + 1:-1]:
        assert f"Seat {before.to_move} " in told
    assert stepper.message.value == ""
    stepper.back()
    assert stepper.replies.value == ""
    stepper.go(start)  # the same turn again, and another card
    stepper.click_card(legal[1])
    assert "were replaced" in stepper.replies.value
    assert str(stepper.states[start + 1].history[-1]) == legal[1].text


# -- classroom mode ------------------------------------------------------------------------------

LETTER_CARD = re.compile(r"(?<![\w>])(?:10|[2-9TJQKA])[CDHS](?![\w])")


def grid_row(st: DealStepper, seat: int) -> list:
    """The widgets of one seat's row in the classroom seats table."""
    return st.seat_cells[seat]


def test_classroom_hand_is_the_clickable_hand_in_its_own_row():
    st = DealStepper(load_rules("badam-satti"), seed=2, play=True, seat=1)
    assert st.classroom and st.state.to_move == 1
    row = grid_row(st, 1)
    assert row[-1] is st.hand_area and st.hand_box in st.hand_area.children
    # the row's hand is the buttons, in hand order, with the actions on the same lines
    hand = [c.pretty() for c in hand_order(st.state.hand(1))]
    assert [b.description for b in st.hand_box.children[:-1]] == hand
    assert st.hand_box.children[-1] is st.action_box
    # and it is drawn once: no picture of seat 1's cards anywhere else on screen
    text = screen(st)
    assert "data-seat=\"1\"" not in "".join(re.findall(r'<span class="rb-hand"[^>]*>', text))
    in_hands = "".join(cell for cell in hand_cells(text).values())
    assert not set(re.findall(r'data-card="(\w\w)"', in_hands)) & set(st.state.hand(1).texts())
    # the others are face down, fanned out in little room
    for seat in (0, 2, 3):
        cell = grid_row(st, seat)[-1].value
        assert "rb-fan" in cell and "data-card" not in cell
        assert cell.count("rb-back") == len(st.state.hands[seat])
    assert "you" in grid_row(st, 1)[0].value and "you" not in grid_row(st, 0)[0].value
    # the seat chooser in play mode: your hand, or every hand face up
    assert [v for _l, v in st.hands_toggle.options] == [1, "all"]
    st.hands_toggle.value = "all"
    for seat in (0, 2, 3):
        assert set(re.findall(r'data-card="(\w\w)"', grid_row(st, seat)[-1].value)) == \
            set(st.state.hands[seat].texts())


def test_classroom_reason_for_a_refused_card_sits_under_the_hand_and_marks_the_card():
    st = DealStepper(load_rules("badam-satti"), seed=3, play=True, seat=0)
    assert st.message in st.hand_area.children  # right under the buttons
    assert st.message not in st.widget.children
    refused = next(b for b in st.card_buttons if b.icon != "check")
    card = next(c for c in st.state.hand(0) if c.pretty() == refused.description)
    refused.click()
    why = st.state.explain(card.text)
    assert html.escape(why.reason) in st.message.value and "rb-bad" in st.message.value
    # words first, the clause ids small and last
    assert st.message.value.removesuffix("</div>").endswith(
        f'<small class="rb-clauses">{", ".join(why.clauses)}</small>')
    assert refused.button_style == "danger"
    other = next(b for b in st.card_buttons if b.icon != "check" and b is not refused)
    other.click()
    assert refused.button_style == "" and other.button_style == "danger"
    play_one(st)  # a lit card or the lit action: played, the mark goes
    assert st.message.value == ""
    assert all(b.button_style in ("", "primary") for b in st.card_buttons)


def test_classroom_large_print_and_the_record_switch():
    st = DealStepper(load_rules("satti"), seed=1, play=True)
    assert "rb-classroom" in st.widget._dom_classes and "rb-large" not in st.widget._dom_classes
    assert st.record_box.layout.display == "none"
    assert "Paste a deal record" not in screen(st)
    st.large_print_toggle.value = True
    assert "rb-large" in st.widget._dom_classes and st.large_print
    st.large_print = False
    assert "rb-large" not in st.widget._dom_classes
    st.record_toggle.value = True
    assert st.record_box.layout.display is None and st.record_text in st.record_box.children
    big = DealStepper(load_rules("satti"), seed=1, large_print=True, show_record=True)
    assert "rb-large" in big.widget._dom_classes and big.record_box.layout.display is None
    # the CSS makes cards comfortable in normal print and big in large print
    from widgets.stepper import CLASSROOM_STYLE

    assert ".jupyter-button.rb-cardbtn{font-size:17px" in CLASSROOM_STYLE
    assert ".rb-classroom.rb-large .jupyter-button.rb-cardbtn{font-size:26px" in CLASSROOM_STYLE
    assert ".rb-classroom .widget-html-content{font-size:15px" in CLASSROOM_STYLE


@pytest.mark.parametrize("profile", PROFILES)
def test_the_end_of_a_played_deal_shows_every_hand_the_places_and_the_reason(profile):
    st = DealStepper(load_rules(profile), seed=7, play=True, seat=0)
    for _ in range(500):
        if st.state.is_over:
            break
        play_one(st)
    final = st.state
    assert final.is_over
    text = screen(st)
    for seat in range(1, final.players):  # every other hand face up, even in "your hand" view
        assert set(re.findall(r'data-card="(\w\w)"', grid_row(st, seat)[-1].value)) == \
            set(final.hands[seat].texts())
    assert st.hands_toggle.value == 0
    result = st.result_box.value
    assert "rb-results" in result and "Result:" in result
    for seat in range(final.players):
        assert f'data-seat="{seat}" data-place="{final.outcome.places[seat]}"' in result
    lines = getattr(final.outcome, "lines", None) or (final.outcome.summary,)
    from rulebook.html import split_clauses

    assert html.escape(split_clauses(lines[0])[0]) in result
    assert result in text


@pytest.mark.parametrize("profile", PROFILES)
def test_what_a_learner_reads_names_cards_in_symbols(profile):
    st = DealStepper(load_rules(profile), seed=5, play=True, seat=0)
    for _ in range(8):
        if st.state.is_over:
            break
        play_one(st)
        for part in (st.replies.value, st.move_box.value.split("Why:")[0], st.table.value,
                     *(b.description for b in st.hand_box.children if hasattr(b, "description")),
                     *(b.description for b in st.action_box.children)):
            words = html.unescape(re.sub(r"<[^>]+>", " ", part))  # the text, not the tags
            assert not LETTER_CARD.search(words), words
        text = screen(st)
        assert "('" not in text and "Row(" not in text and "Error" not in text


def test_classroom_false_keeps_the_full_view():
    st = DealStepper(load_rules("badam-satti"), seed=2, play=True, classroom=False)
    assert "rb-classroom" not in st.widget._dom_classes
    assert 'class="rb-table rb-seats"' in st.table.value  # the whole table as one picture
    assert st.play_box.layout.display == "" and st.play_box in st.widget.children
    assert isinstance(st.hands_toggle, __import__("ipywidgets").ToggleButtons)
    assert st.record_box.layout.display == "none"  # the record box waits there too
    assert "Playable set:" in st.table.value
