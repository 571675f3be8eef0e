"""Badugi refuses junk with short typed errors and hands out nothing that can change a state.

Issue 21: the ranking functions (``classes_near``, ``class_index_of_ranks``,
``rainbow_subsets``, ``class_words``, ``ranks_of_class``, ``AllHands``' lookups) raised bare
``ValueError``/``TypeError``/``IndexError`` or accepted ``True`` and ``1.5``; an unknown
betting action raised ``KeyError``; ``position(seed=10**5000)`` raised a bare ``ValueError``
and the lists given to ``position()`` stayed shared with the state's record.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pytest

from rulebook import load_rules
from rulebook.records import dumps, loads
from rulebook.errors import CardError, MoveError, PositionError, RulebookError, quoted
from rulebook.games.badugi import (
    Action,
    Draw,
    all_hands,
    class_index_of,
    class_index_of_ranks,
    class_words,
    classes_near,
    evaluate,
    rainbow_subsets,
    ranks_of_class,
)

HAND = "AC 2D 3H 5S"


class LyingInt(int):
    """An int that says it is another number."""

    def __int__(self) -> int:
        return 999

    def __str__(self) -> str:
        return "999"

    def __index__(self) -> int:
        return 999


class LyingStr(str):
    """Text that says it is other text."""

    def __str__(self) -> str:
        return "allin"


def refused(call: Callable[[], Any], error: type[Exception] = RulebookError) -> str:
    """The message of the typed error ``call`` raises (short, one line)."""
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert len(message) < 300, message
    return message


JUNK_COUNTS: list[Any] = [-1, "3", None, 1.5, math.nan, True, [1], 10 ** 5000, 1092]


@pytest.mark.clause("BDG-RANK-6")
@pytest.mark.parametrize("bad", JUNK_COUNTS, ids=quoted)
@pytest.mark.parametrize("name", ["before", "after"])
def test_classes_near_refuses_junk_counts(name: str, bad: Any) -> None:
    message = refused(lambda: classes_near(HAND, **{name: bad}), CardError)
    assert name in message


@pytest.mark.clause("BDG-RANK-6")
@pytest.mark.parametrize("bad", [True, False, -1, 1092, 1.0, "3", None, 10 ** 5000], ids=quoted)
def test_a_class_index_is_a_whole_number_in_range(bad: Any) -> None:
    refused(lambda: class_words(bad), CardError)
    refused(lambda: ranks_of_class(bad), CardError)
    refused(lambda: all_hands().beaten_by(bad), CardError)
    refused(lambda: all_hands().hands_in_class(bad), CardError)
    if not isinstance(bad, (float, str)) and bad is not None:
        refused(lambda: classes_near(bad), CardError)


@pytest.mark.clause("BDG-RANK-6")
def test_class_lookups_take_the_plain_number_of_an_int_subclass() -> None:
    seven = LyingInt(7)
    assert class_words(seven) == class_words(7)
    assert [r.class_index for r in classes_near(seven, before=LyingInt(1), after=0)] == [6, 7]
    assert all_hands().beaten_by(seven) == all_hands().beaten_by(7)
    mask = evaluate("AC 2D 3H 4S").hand.mask
    assert class_index_of(LyingInt(mask)) == 0


@pytest.mark.clause("BDG-RANK-6")
@pytest.mark.parametrize("bad", ["x", "4321", b"\x01\x02", None, 5, [4, 3, 2, 1, 5],
                                 [4, 3, 2, 1.0], [True, 2, 3, 4], [14], [0], [], [3, 3],
                                 [[1]], list(range(10 ** 6))], ids=quoted)
def test_class_index_of_ranks_refuses_junk(bad: Any) -> None:
    message = refused(lambda: class_index_of_ranks(bad), CardError)
    assert "counting ranks" in message


@pytest.mark.clause("BDG-RANK-2")
@pytest.mark.parametrize("ranks, suits", [("x", "y"), ((1, 2, 3), (0, 1, 2)),
                                           ((1, 2, 3, 4), (0, 1, 2, 4)),
                                           ((1, 2, 3, True), (0, 1, 2, 3)),
                                           ((1, 2, 3, 4.0), (0, 1, 2, 3)),
                                           (None, None), ((1, 2, 3, 14), (0, 1, 2, 3))],
                         ids=quoted)
def test_rainbow_subsets_refuses_junk(ranks: Any, suits: Any) -> None:
    refused(lambda: rainbow_subsets(ranks, suits), CardError)


@pytest.mark.clause("BDG-RANK-2")
def test_rainbow_subsets_still_answers_four_cards() -> None:
    assert rainbow_subsets([1, 2, 3, 4], [0, 0, 2, 3]) == ((0, 2, 3), (1, 2, 3))
    assert rainbow_subsets((LyingInt(1), 2, 3, 4), (0, 1, 2, 3)) == ((0, 1, 2, 3),)


@pytest.mark.clause("BDG-BET-3")
@pytest.mark.parametrize("bad", ["allin", "ALLIN", "", 5, None, LyingStr("call") + "x",
                                 "x" * 5000], ids=quoted)
def test_an_unknown_betting_action_is_a_move_error(bad: Any) -> None:
    state = load_rules("badugi").new_deal(players=3, seed=1)
    message = refused(lambda: state.play(Action(bad)), MoveError)
    assert "fold, check, call, bet or raise" in message
    refused(lambda: state.play(bad), MoveError)
    refused(lambda: state.explain(bad), MoveError)


@pytest.mark.clause("BDG-BET-3")
def test_an_action_keeps_the_plain_text_of_a_str_subclass() -> None:
    action = Action(LyingStr("call"))
    assert type(action.kind) is str and str(action) == "call"
    state = load_rules("badugi").new_deal(players=3, seed=1)
    assert state.play(action).history[-1] == Action("call")


@pytest.mark.clause("BDG-DRAW-1")
@pytest.mark.parametrize("bad", [-1, True, 1 << 52, 1.0, "9H", None], ids=quoted)
def test_a_draw_is_a_mask_of_cards(bad: Any) -> None:
    refused(lambda: Draw(bad), MoveError)


POSITION = dict(stacks=[100, 100, 100], hands=["AC 2D 3H 4S", ["5C", "6D", "7H", "8S"],
                                               "9C TD JH QS"])


@pytest.mark.clause("BDG-SEAT-1")
@pytest.mark.parametrize("seed", [10 ** 5000, 10 ** 1001, 1.5, None, [1], b"7", True],
                         ids=quoted)
def test_a_position_refuses_a_seed_that_cannot_be_saved(seed: Any) -> None:
    message = refused(lambda: load_rules("badugi").position(**POSITION, seed=seed),
                      PositionError)
    assert "seed" in message


@pytest.mark.clause("BDG-SEAT-1")
def test_a_position_records_the_seed_it_shuffled() -> None:
    rules = load_rules("badugi")
    state = rules.position(**POSITION, seed=LyingInt(7))
    plain = rules.position(**POSITION, seed=7)
    assert state.origin["args"]["seed"] == 7 and type(state.origin["args"]["seed"]) is int
    assert state.stub == plain.stub
    assert loads(dumps(state)).stub == state.stub


@pytest.mark.clause("BDG-SEAT-1")
def test_changing_the_lists_given_to_position_changes_nothing() -> None:
    rules = load_rules("badugi")
    stacks = [100, 100, 100]
    middle = ["5C", "6D", "7H", "8S"]
    hands: list[Any] = ["AC 2D 3H 4S", middle, "9C TD JH QS"]
    bets = [0, 5, 10]
    counts: list[int | None] = [None, None, None]
    state = rules.position(stacks=stacks, hands=hands, bets=bets, draw_counts=counts)
    before = (state.origin, dumps(state), state.stacks, state.hand(1))
    stacks[0] = 1
    middle[0] = "KC"
    hands[0] = "KS QS JS TS"
    bets[2] = 20
    counts[0] = 4
    assert (state.origin, dumps(state), state.stacks, state.hand(1)) == before
    state.origin["args"]["stacks"][0] = 7  # what is handed out is a copy too
    assert state.origin == before[0]
    assert loads(dumps(state)).stacks == state.stacks


@pytest.mark.clause("BDG-SEAT-1")
@pytest.mark.parametrize("flag", [1, "no", None, 1.5, [True]], ids=quoted)
def test_a_playout_records_its_moves_only_when_asked_with_true_or_false(flag: Any) -> None:
    rules = load_rules("badugi")
    message = refused(lambda: rules.playout(players=3, seed=1, record=flag), RulebookError)
    assert "record" in message
    assert rules.playout(players=3, seed=1, record=True).moves
    assert rules.playout(players=3, seed=1, record=False).moves is None
