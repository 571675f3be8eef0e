"""Every move of every game has a learner's form in card symbols (``pretty()``), beside its
notation (``str()``), which stays for typing and records."""
from __future__ import annotations

import pytest

from rulebook import load_rules


@pytest.mark.parametrize("text, pretty", [("7H", "7♥"), ("TS", "10♠"), ("pass", "pass")])
def test_sevens_moves_pretty(text: str, pretty: str) -> None:
    rules = load_rules("badam-satti")
    move = rules.parse_move(text)
    assert move.pretty() == pretty
    assert rules.parse_move(str(move)) == move


@pytest.mark.parametrize("text, pretty", [
    ("9H", "9♥"), ("JS>D", "J♠ naming ♦"), ("JH", "J♥"), ("draw", "draw"), ("skip", "skip"),
    ("name S", "name ♠"), ("try 8S", "try 8♠"), ("try draw", "try draw"), ("TC", "10♣"),
])
def test_satti_moves_pretty(text: str, pretty: str) -> None:
    rules = load_rules("satti")
    move = rules.parse_move(text)
    assert move.pretty() == pretty
    assert rules.parse_move(str(move)) == move


@pytest.mark.parametrize("text, pretty", [
    ("call", "call"), ("raise", "raise"), ("pat", "pat"), ("draw 9H KD", "draw 9♥ K♦"),
    ("draw TC", "draw 10♣"),
])
def test_badugi_moves_pretty(text: str, pretty: str) -> None:
    rules = load_rules("badugi")
    move = rules.parse_move(text)
    assert move.pretty() == pretty
    assert rules.parse_move(str(move)) == move


def test_every_legal_move_has_a_pretty_form() -> None:
    for profile in ("badam-satti", "sevens", "satti", "badugi"):
        state = load_rules(profile).new_deal(players=4, seed=3)
        for _ in range(30):
            if state.is_over:
                break
            for move in state.legal_moves():
                text = move.pretty()
                assert text and "S>" not in text and not any(
                    tok in text.split() for tok in ("TS", "TH", "TD", "TC"))
            state = state.play(state.legal_moves()[0])
