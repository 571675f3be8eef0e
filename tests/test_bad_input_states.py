"""A state cannot be changed through anything it hands out, answers what is not a move with a
short MoveError, and a position set up by hand is checked: wrong types are refused with a
PositionError, impossible positions are refused, and positions that arise in play (the final
turns under one_final_turn) can be set up.
"""
from __future__ import annotations

import itertools
import json

import pytest

import rulebook
from rulebook import MoveError, PositionError, RulebookError, load_rules
from rulebook.cards import Card, CardSet
from rulebook.protocol import autoplay

PROFILES = rulebook.profile_ids()


def _deal(pid: str):
    rules = load_rules(pid)
    return rules.new_deal(players=3 if rules.game == "badugi" else 4, seed=11)


def _snapshot(state) -> tuple:
    return (repr(state), json.dumps(state.to_record(), sort_keys=True),
            [str(m) for m in state.legal_moves()], [str(m) for m in state.history])


# -- finding 1: nothing a state hands out changes it -------------------------------------------
@pytest.mark.parametrize("pid", PROFILES)
def test_changing_what_origin_returns_leaves_the_state_and_its_record_alone(pid):
    state = autoplay(_deal(pid), "random", seed=2)
    before = _snapshot(state)
    origin = state.origin
    origin["seed"] = 8
    origin["kind"] = "forged"
    for value in origin.values():
        if isinstance(value, dict):
            value.clear()
        elif isinstance(value, list):
            value.clear()
    assert _snapshot(state) == before
    again = rulebook.loads(json.dumps(state.to_record()))
    assert [str(m) for m in again.history] == before[3]


@pytest.mark.parametrize("pid", PROFILES)
@pytest.mark.parametrize("name", ["_history", "_origin", "_t", "history", "rules", "players",
                                  "anything"])
def test_a_state_cannot_be_assigned_to(pid, name):
    state = _deal(pid)
    before = _snapshot(state)
    with pytest.raises(AttributeError):
        setattr(state, name, 5)
    assert _snapshot(state) == before


@pytest.mark.parametrize("pid", PROFILES)
def test_mutating_every_list_a_state_returns_changes_nothing(pid):
    state = _deal(pid)
    before = _snapshot(state)
    returned = [state.legal_moves(), state.history, state.origin, state.move_log(),
                state.states()]
    for value in returned:
        if isinstance(value, list):
            value.clear()
        elif isinstance(value, dict):
            value.clear()
    assert _snapshot(state) == before


# -- finding 4: play/explain of what is not a move ----------------------------------------------
OTHER_MOVES = {pid: autoplay(_deal(pid), "random", seed=3).history[0] for pid in PROFILES}
NOT_MOVES = [None, 5, 2.5, ["7H"], {"move": "7H"}, b"7H", object(), "x" * 1_000_000,
             itertools.repeat("7H"), CardSet.full()]


@pytest.mark.parametrize("pid", PROFILES)
def test_play_and_explain_refuse_what_is_not_a_move_with_a_short_move_error(pid):
    state = _deal(pid)
    before = _snapshot(state)
    others = [m for other, m in OTHER_MOVES.items()
              if load_rules(other).game != state.rules.game]
    for junk in [*NOT_MOVES, *others]:
        for method in (state.play, state.explain, state.parse_move):
            with pytest.raises(MoveError) as error:
                method(junk)
            assert len(str(error.value)) < 400
    assert _snapshot(state) == before


@pytest.mark.parametrize("pid", ["badam-satti", "badam-satti-app", "sevens", "satti"])
def test_a_card_object_is_the_move_that_plays_that_card(pid):
    state = _deal(pid)
    for move in state.legal_moves():
        card = getattr(move, "card", None)
        if isinstance(card, Card) and str(move) == card.text:
            assert state.play(card).history == state.play(move).history
            assert state.explain(card).legal
    hand = state.hands[state.to_move]
    illegal = [c for c in hand if all(str(m) != c.text for m in state.legal_moves())]
    if illegal:
        with pytest.raises(rulebook.IllegalMove):
            state.play(illegal[0])
        assert not state.explain(illegal[0]).legal


def test_a_card_alone_is_not_a_badugi_move_and_the_message_says_how_to_draw():
    state = _deal("badugi")
    with pytest.raises(MoveError) as error:
        state.play(Card("7H"))
    assert "draw 7H" in str(error.value)


# -- finding 6: position() ----------------------------------------------------------------------
SEVENS_BAD = [dict(players="4"), dict(players=2.5), dict(players=[4]), dict(players=10 ** 30),
              dict(eliminated=5), dict(hands=5), dict(hands="3S 4S"), dict(to_move="0"),
              dict(table=5), dict(hands=itertools.repeat("AC"))]


@pytest.mark.parametrize("kwargs", SEVENS_BAD, ids=lambda k: next(iter(k)))
@pytest.mark.parametrize("pid", ["badam-satti", "sevens"])
def test_sevens_position_refuses_wrong_types(pid, kwargs):
    with pytest.raises(PositionError) as error:
        load_rules(pid).position(**kwargs)
    assert len(str(error.value)) < 400


def _hand_sizes(n: int, dealer: int) -> list[int]:
    """BS-DEAL-6 computed here from the deal itself: cards one at a time from dealer's left."""
    sizes = [0] * n
    for k in range(52):
        sizes[(dealer + 1 + k) % n] += 1
    return sizes


def test_an_empty_table_needs_the_hands_as_dealt():
    rules = load_rules("badam-satti")
    cards = [c.text for c in CardSet.full()]
    cards.remove("2C"), cards.remove("3C"), cards.remove("4C")
    with pytest.raises(PositionError) as error:
        rules.position(table="", hands=[" ".join(cards), "2C", "3C", "4C"])
    assert "BS-DEAL-6" in str(error.value)
    # the rest filled in: every hand as dealt, for every player count and dealer
    for n in (3, 5, 6):
        for dealer in range(n):
            states = []
            for seat in range(n):  # the seat holding the opening card must be to move
                try:
                    states.append(rules.position(table="", players=n, dealer=dealer,
                                                 to_move=seat))
                except PositionError:
                    continue
            assert len(states) == 1
            assert list(states[0].hand_sizes) == _hand_sizes(n, dealer)


def test_satti_position_refuses_hands_that_are_not_a_list():
    rules = load_rules("satti")
    for hands in (None, 5, "AC 2C", itertools.repeat("AC")):
        with pytest.raises(PositionError):
            rules.position(top="KH", hands=hands)


BADUGI = dict(stacks=[100, 100, 100], hands=["AC 2D 3H 4S", "5C 6D 7H 8S", "9C TD JH QS"],
              button=0, round="R2")


@pytest.mark.parametrize("kwargs", [dict(folded=5), dict(acted=5), dict(reopened=5),
                                    dict(folded="0"), dict(burned="no"), dict(burned=1),
                                    dict(stacks={1: 2, 3: 4}), dict(stacks=None),
                                    dict(hands=None)], ids=str)
def test_badugi_position_refuses_wrong_types(kwargs):
    with pytest.raises(PositionError) as error:
        load_rules("badugi").position(**{**BADUGI, **kwargs})
    assert len(str(error.value)) < 400


def test_a_badugi_seat_with_no_chips_cannot_be_dealt_in():
    rules = load_rules("badugi")
    with pytest.raises(PositionError) as error:
        rules.position(stacks=[100, 0, 100], hands=["AC 2D 3H 4S", "5C 6D 7H 8S",
                                                     "9C TD JH QS"], button=0, round="R1")
    assert "BDG-SEAT-2" in str(error.value)
    sits_out = rules.position(stacks=[100, 0, 100], hands=["AC 2D 3H 4S", None, "9C TD JH QS"],
                              button=0, round="R1")
    # heads-up the button posts the small blind (BDG-SEAT-6)
    assert sits_out.stacks[0] == 100 - rules.small_bet // 2
    assert sits_out.stacks[2] == 100 - rules.small_bet


def test_a_blind_that_puts_a_player_all_in_can_be_set_up():
    rules = load_rules("badugi")
    state = rules.position(stacks=[100, 100, 3], hands=["AC 2D 3H 4S", "5C 6D 7H 8S",
                                                         "9C TD JH QS"], button=0, round="R1")
    assert state.stacks[2] == 0  # all in for 3 (BDG-SEAT-7)
    assert state.to_move == 0


def test_view_of_a_seat_given_as_true_or_text_is_refused():
    state = _deal("badam-satti")
    for seat in (True, "0", 2.5, None, 4):
        with pytest.raises(RulebookError):
            state.view(seat)


# -- final turns under one_final_turn (BS-HR-16, BS-EX-10) ---------------------------------------
@pytest.mark.clause("BS-HR-16")
def test_the_final_turns_can_be_set_up_and_play_as_they_do_from_the_deal():
    rules = load_rules("badam-satti").with_options(one_final_turn=True)
    before = rules.position(table="AS-QS 5H-KH AD-QD AC-KC",
                            hands=["KD", "4H 3H 2H", "KS", "AH"], to_move=2)
    played = before.play("KS")  # seat 2 goes out: the final turns start
    set_up = rules.position(table="AS-KS 5H-KH AD-QD AC-KC",
                            hands=["KD", "4H 3H 2H", "", "AH"], to_move=3, winner=2)
    assert set_up.to_move == played.to_move == 3
    assert set_up.legal_moves() == played.legal_moves()
    end_a = autoplay(played, "random", seed=4)
    end_b = autoplay(set_up, "random", seed=4)
    assert end_b.outcome.points == end_a.outcome.points
    assert [str(m) for m in end_b.history] == [str(m) for m in end_a.history[1:]]
    again = rulebook.loads(json.dumps(end_b.to_record()))
    assert again.outcome.points == end_b.outcome.points


@pytest.mark.clause("BS-HR-16")
def test_impossible_final_turns_are_refused_with_the_reason():
    rules = load_rules("badam-satti").with_options(one_final_turn=True)
    table, hands = "AS-KS 5H-KH AD-QD AC-KC", ["KD", "4H 3H 2H", "", "AH"]
    with pytest.raises(PositionError, match="winner="):
        rules.position(table=table, hands=hands, to_move=3)
    with pytest.raises(PositionError, match="hand is empty"):
        rules.position(table=table, hands=hands, to_move=3, winner=1)
    with pytest.raises(PositionError, match="no final turn"):
        rules.position(table=table, hands=hands, to_move=2, winner=2)
    with pytest.raises(PositionError, match="one_final_turn"):
        load_rules("badam-satti").position(table=table, hands=hands, to_move=3, winner=2)


@pytest.mark.parametrize("text", ["name ſ", "JH>ſ", "name Ｓ", "JH>Ѕ"])
def test_a_satti_suit_look_alike_is_refused_not_folded(text):
    state = _deal("satti")
    with pytest.raises(MoveError):
        state.parse_move(text)
    assert str(state.parse_move("JH>s")) == "JH>S"
    assert str(state.parse_move("name ♠")) == "name S"
