"""Badugi hands as a whole: properties (chips, cards, termination, replay, legality), views,
computer players, records and bad input."""
from __future__ import annotations

import gc
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import load_rules, records
from rulebook.games.badugi.betting import Table
from rulebook.games.badugi import Action, BadugiState, BadugiView, Draw
from rulebook.cards import CardSet
from rulebook.errors import CardError, IllegalMove, MoveError, PositionError, RecordError, RulesError
from rulebook.protocol import TurnRandom, autoplay, bots_for, make_bot
from rulebook.rules import TOPICS

RULES = load_rules("badugi")
ALL_ACTIONS = [Action(k) for k in ("fold", "check", "call", "bet", "raise")]

hands_setup = st.tuples(
    st.integers(2, 8),                                  # seats
    st.lists(st.sampled_from([0, 1, 4, 9, 15, 40, 100, 300]), min_size=8, max_size=8),
    st.sampled_from([2, 3, 5, 10]),                     # small bet
    st.integers(0, 10_000),                             # seed
    st.integers(0, 7),                                  # dealer
    st.lists(st.sampled_from(["random", "smart"]), min_size=8, max_size=8),
)


def _deal(setup: tuple) -> tuple[BadugiState, list]:
    n, stacks, small_bet, seed, dealer, bots = setup
    stacks = stacks[:n]
    if sum(1 for s in stacks if s) < 2:
        stacks = [max(s, 50) for s in stacks]
    rules = load_rules("badugi", small_bet=small_bet, stacks=stacks)
    return rules.new_deal(seed=seed, dealer=dealer % n), bots[:n]


@settings(max_examples=120, deadline=None)
@given(hands_setup)
def test_every_hand_ends_conserving_chips_and_cards_and_replays(setup: tuple) -> None:
    """BDG-POT-2, BDG-DRAW-6: chips and the 52 cards are conserved at every step;
    every hand ends; (rules, seed, moves) replay exactly."""
    start, bots = _deal(setup)
    total = sum(start.start_stacks)
    chosen = bots_for(start.rules, bots, start.players)
    rng = TurnRandom(setup[3])
    state = start
    for _ in range(500):
        if state.is_over:
            break
        assert sum(state.stacks) + sum(state.committed) == total
        assert state.card_count() == 52 and state.all_cards_mask() == (1 << 52) - 1
        legal = state.legal_moves()
        if state.phase.startswith("D"):
            held = state.hand(state.to_move)
            assert len(legal) == 2 ** len(held)
            assert all(state.explain(m) for m in legal)
            outside = next(c for c in CardSet.full() if c not in held)
            assert not state.explain(Draw(outside.mask))
            assert not any(state.explain(a) for a in ALL_ACTIONS)
        else:
            assert {m for m in ALL_ACTIONS if state.explain(m)} == set(legal)
            assert not state.explain("pat")
        rng.start_turn(len(state.history))
        state = state.play(chosen[state.to_move].choose(state.view(state.to_move), rng))
    assert state.is_over, "the hand did not end"
    out = state.outcome
    assert out.chips_conserved and sum(out.final_stacks) == total
    assert state.card_count() == 52
    replayed = start.rules.new_deal(**{k: v for k, v in state.origin.items() if k != "kind"})
    replayed = replayed.play_all([str(m) for m in state.history])
    assert replayed.stacks == state.stacks and replayed.hands == state.hands
    assert replayed.stub == state.stub and replayed.outcome == out
    assert [str(s) for s in state.start().play_all(state.history).history] == \
        [str(m) for m in state.history]


@settings(max_examples=40, deadline=None)
@given(hands_setup)
def test_views_hide_other_hands_until_showdown(setup: tuple) -> None:
    start, bots = _deal(setup)
    end = autoplay(start, bots, seed=setup[3])
    for state in end.states():
        for seat in state.dealt_in:
            view = state.view(seat)
            assert view.hand == state.hand(seat)
            if not state.is_over:
                assert view.shown == {}
            for a, text in view.actions:
                if a != seat and text.startswith("draw "):
                    assert text.split()[1].isdigit()      # only the count is public
    out = end.outcome
    for seat in end.dealt_in:
        assert set(end.view(seat).shown) == set(out.revealed)


def test_view_has_no_reference_to_state_or_hidden_hands() -> None:
    state = RULES.new_deal(players=4, seed=1)
    view = state.view(1)
    assert isinstance(view, BadugiView)
    seen = []
    todo = list(gc.get_referents(view))
    while todo:
        item = todo.pop()
        if isinstance(item, (BadugiState, Table)):
            seen.append(item)
        if isinstance(item, (tuple, list, dict)):
            todo.extend(gc.get_referents(item))
    assert seen == []
    for seat in (0, 2, 3):
        for card in state.hand(seat):
            assert card.text not in repr([getattr(view, s) for s in BadugiView.__slots__
                                          if s != "_legal"])
    assert state.view(2).legal_moves() == []  # not to move
    assert view.legal_moves() == state.legal_moves() or state.to_move != 1


def test_random_bot_is_uniform_index_into_legal_moves() -> None:
    state = RULES.new_deal(players=3, seed=5)
    rng = TurnRandom(99)
    rng.start_turn(0)
    move = make_bot("badugi", "random").choose(state.view(state.to_move), rng)
    rng.start_turn(0)
    assert move == state.legal_moves()[rng.randrange(len(state.legal_moves()))]


def test_smart_beats_random_over_many_hands() -> None:
    net = 0
    for seed in range(300):
        state = RULES.new_deal(players=4, seed=seed, dealer=seed % 4)
        bots = ["smart" if j == seed % 4 else "random" for j in range(4)]
        end = autoplay(state, bots, seed=seed)
        net += end.outcome.net[seed % 4]
    assert net > 1000, net


def test_smart_draws_toward_a_badugi() -> None:
    from rulebook.games.badugi.bots import smart_discard

    assert smart_discard(CardSet("AC 2D 3H KH").mask, 1) == CardSet("KH").mask
    assert smart_discard(CardSet("AC 2D 3H 4S").mask, 1) == 0
    assert smart_discard(CardSet("AC 2D 3H QS").mask, 1) == CardSet("QS").mask
    assert smart_discard(CardSet("AC 2D 3H QS").mask, 3) == 0


def test_describe_covers_every_topic() -> None:
    rows = RULES.describe()
    assert {r.topic for r in rows} == set(TOPICS)
    assert all(r.clauses for r in rows)
    assert [r.setting for r in rows if r.topic == "house rules"] == ["small_bet", "stack", "stacks"]


def test_moves_round_trip_and_repr() -> None:
    for text in ["fold", "check", "call", "bet", "raise", "pat", "draw 9H KD"]:
        move = RULES.parse_move(text)
        assert str(move) == text and RULES.parse_move(str(move)) == move
    assert RULES.parse_move("draw KD 9h") == RULES.parse_move("draw 9H KD")
    assert repr(RULES.parse_move("draw KD 9H")) == "Draw('9H KD')"
    assert repr(RULES.parse_move("call")) == "Action('call')"
    assert RULES.parse_move("  RAISE ") == Action("raise")


@pytest.mark.parametrize("text", ["", "fold now", "draw", "draw 9H 9H", "draw XX", "allin", 7])
def test_bad_move_text(text: object) -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_move(text)
    assert repr(text) in str(info.value)


def test_bad_options() -> None:
    with pytest.raises(RulesError, match="small_bet"):
        load_rules("badugi", small_bet=0)
    with pytest.raises(RulesError, match="stacks"):
        load_rules("badugi", stacks=[100, -5])
    with pytest.raises(RulesError, match="valid options"):
        load_rules("badugi", ante=5)
    with pytest.raises(RulesError, match="players=3 does not match"):
        load_rules("badugi", stacks=[100, 100]).new_deal(players=3)
    with pytest.raises(RulesError, match="dealer"):
        RULES.new_deal(players=3, dealer=3)
    assert load_rules("badugi", stacks=[50, 60]).new_deal().start_stacks == (50, 60)


@pytest.mark.parametrize("args,match", [
    (dict(stacks=[100], hands=["AC 2D 3H 4S"]), "2 to 8"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S"]), "list of 2 hands"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "AC 5D 6H 7S"]), "AC is in"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 1X"]), "not a card"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="R9"), "round"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", None]), "2 to 8"),
    (dict(stacks=[100, -1], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"]), "stacks"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], folded=[1]), "fewer than two"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="R2", to_act=5), "seat"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="D1", bets=[10, 10]),
     "during a draw"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="R2", bets=[10, 10],
          acted=[0, 1]), "already over"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="R2", bets=[60, 60]),
     "more than 40"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], stub="9C"), "not the whole pack"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S 5C 6C", "5D 6H 7S 8C"]), "at most 5"),
    (dict(stacks=[100, 100], hands=["AC 2D 3H 4S", "5D 6H 7S 8C"], round="R2", raises=5), "raises"),
])
def test_impossible_positions_raise(args: dict, match: str) -> None:
    with pytest.raises(PositionError, match=match):
        RULES.position(**args)


def test_position_round_trips_through_a_record(tmp_path) -> None:
    state = RULES.position(stacks=[100, 100, 15], hands=["9C TD JH KS", "AH 2C 3S 5D",
                                                          "AC 2D 3H 4S"], button=0, seed=3)
    state = state.play_all(["raise", "call", "call", "pat", "draw 4S"])
    text = records.dumps(state)
    again = records.loads(text)
    assert again.hands == state.hands and again.stub == state.stub
    assert [str(m) for m in again.history] == [str(m) for m in state.history]
    json.loads(text)


def test_records_of_deals_and_tampering() -> None:
    end = autoplay(RULES.new_deal(players=5, seed=12), "smart", seed=3)
    data = records.deal_record(end)
    again = records.load_deal(data)
    assert again.outcome == end.outcome
    bad = dict(data, moves=data["moves"][:-1] + ["raise"])
    with pytest.raises(RecordError, match="digest"):
        records.load_deal(bad)
    bad["digest"] = records.digest(bad)
    with pytest.raises(RecordError, match="does not replay"):
        records.load_deal(bad)
    with pytest.raises(RecordError):
        records.loads("{not json")


def test_card_strings_are_checked() -> None:
    with pytest.raises(CardError):
        CardSet.parse("11H")
    state = RULES.new_deal(players=2, seed=1).play_all(["call", "check"])
    with pytest.raises(MoveError, match="'draw 11H'"):
        state.play("draw 11H")
    with pytest.raises(IllegalMove):
        state.play("draw " + " ".join(c.text for c in list(CardSet.full())[:5]))


def test_next_hand_keeps_going_and_replays() -> None:
    state = RULES.new_deal(players=3, seed=0)
    for k in range(5):
        state = autoplay(state, ["smart", "random", "smart"], seed=k)
        assert sum(state.stacks) == 300
        if sum(1 for s in state.stacks if s) < 2:
            break
        button = state.next_button
        state = RULES.next_hand(state, seed=100 + k)
        assert state.button == button
        again = records.load_deal(records.deal_record(state))
        assert again.hands == state.hands and again.start_stacks == state.start_stacks
