"""Badugi's how-to-play and rule sheet state the rules issue 21 found missing, and every claim
they make holds in a position of that ruleset, set up with ``position()`` and played on.

The burn card (BDG-DRAW-4, BDG-DRAW-5), the never-dealt last card and the reshuffle
(BDG-DRAW-6, BDG-DRAW-7), who shows first (BDG-SHOW-2, BDG-SHOW-3), dead hands (BDG-SHOW-5)
and the short big blind (BDG-SEAT-10); the poker words come before the rules that use them,
in the how-to-play and on the rule sheet.  The text cites no clause ids (tests/test_sheets.py
checks that), so these tests look for what each clause says.
"""
from __future__ import annotations

import re

import pytest

from rulebook import load_rules
from rulebook.rules import parse_ruleset
from rulebook.cards import ALL_CARDS, CardSet
from rulebook.games.badugi import compare, evaluate
from rulebook.games.badugi.words import BADUGI_HAND, EXAMPLE_HAND

SPECS = ["badugi", "badugi+small_bet=2", "badugi+small_bet=25",
         "badugi+small_bet=50+stacks=100,20,5,300"]
HANDS = ["AC 2D 3H 4S", "5C 6D 7H 8S", "9C TD JH QS"]

# What each clause must say, in the words of the how-to-play (lower case).
CONTENT = {
    "BDG-DRAW-4": ["just before the first new card of each draw, the dealer burns one card"],
    "BDG-DRAW-5": ["if everyone stands pat, nothing is burned"],
    "BDG-DRAW-6": ["the last card of the stub is never dealt",
                   "except that player's own, are shuffled with the burned cards and that last "
                   "card into a new stub"],
    "BDG-DRAW-7": ["the player drawing gets the cards that can still be dealt"],
    "BDG-SHOW-2": ["the player who made the last bet or raise in that round shows first",
                   "if everyone checked, the first player still in left of the button shows "
                   "first"],
    "BDG-SHOW-3": ["the others then show in turn to the left"],
    "BDG-SHOW-5": ["a hand that does not hold exactly four cards is dead and wins nothing"],
    "BDG-SEAT-7": ["a player who cannot pay a blind in full puts in every chip they have and "
                   "is all in"],
    "BDG-SEAT-10": ["a short big blind does not lower the bet",
                    "the all-in big blind cannot check or raise"],
}
SHORT_BLIND = re.compile(r"if the big blind has only (\d+) chips?, the others must still put in "
                         r"(\d+) to call, and a raise makes it (\d+)")


def _flat(text: str) -> str:
    return " ".join(text.lower().split())


@pytest.mark.clause("BDG-DRAW-4", "BDG-DRAW-5", "BDG-DRAW-6", "BDG-DRAW-7", "BDG-SHOW-2",
                    "BDG-SHOW-3", "BDG-SHOW-5", "BDG-SEAT-7", "BDG-SEAT-10")
@pytest.mark.parametrize("spec", SPECS)
def test_how_to_play_and_rule_sheet_state_every_listed_clause(spec: str) -> None:
    rules = parse_ruleset(spec)
    for text in (rules.how_to_play().text(), rules.rule_sheet().text()):
        flat = _flat(text)
        missing = [(clause, words) for clause, phrases in CONTENT.items() for words in phrases
                   if words not in flat]
        assert not missing, missing
        # the text cites no clause ids, so none may be half there
        assert not re.search(r"BDG-[A-Z]+-\d", text)


@pytest.mark.parametrize("spec", SPECS)
def test_the_poker_words_come_before_the_rules_that_use_them(spec: str) -> None:
    rules = parse_ruleset(spec)
    play, sheet = rules.how_to_play(), rules.rule_sheet()
    assert play.keys[0] == "words"
    assert sheet.keys[0] == "words" and sheet.keys[-1] == "glance"
    assert set(sheet.keys) == set(play.keys) | {"glance"}
    defined = re.findall(r"^\s*•\s*([A-Z][a-z ]+):", play.section("words").text(), re.M)
    assert {"Pot", "Blinds", "Raise", "Showdown", "Stub", "Burn", "Standing pat"} <= set(defined)
    for document in (play, sheet):
        text = document.text()
        text = text[text.index(play.sections[0].title):]  # the sections, after the intro
        start = text.index("Poker words")
        end = start + len(document.section("words").text())
        for word in defined:
            used = [m.start() for m in re.finditer(rf"\b{word.lower()}", text.lower())]
            outside = [at for at in used if not start <= at < end]
            assert not outside or min(outside) > start, (word, text[min(outside) - 40:][:80])


# -- every claim, in a position of the ruleset ----------------------------------------------

@pytest.mark.clause("BDG-SEAT-7", "BDG-SEAT-10", "BDG-BET-6")
@pytest.mark.parametrize("spec", SPECS)
def test_the_short_big_blind_sentence_holds_in_a_position(spec: str) -> None:
    rules = parse_ruleset(spec)
    found = SHORT_BLIND.search(rules.how_to_play().section("setup").text())
    assert found, rules.how_to_play().section("setup").text()
    short, to_call, raised = map(int, found.groups())
    state = rules.position(stacks=[100 * rules.small_bet] * 2 + [short], hands=HANDS)
    bb = state.blinds[1]
    assert state.stacks[bb] == 0 and state.bets[bb] == short < rules.small_bet  # all in
    first = state.to_move
    assert state.view(first).to_call == to_call == rules.small_bet
    assert state.play("raise").bets[first] == raised == 2 * rules.small_bet
    # everyone calls: the round ends without the all-in big blind checking or raising
    after = state.play("call").play("call")
    assert after.phase == "D1" and bb not in [after.actors[-1], after.actors[-2]]


@pytest.mark.clause("BDG-DRAW-4", "BDG-DRAW-5")
def test_one_card_is_burned_before_the_first_new_card_and_none_if_all_stand_pat() -> None:
    rules = load_rules("badugi")
    state = rules.position(stacks=[100] * 3, hands=HANDS, round="D1")
    top = state.stub[0]
    drew = state.play("draw 8S")  # seat 1 draws first (left of the button)
    assert drew.burns == CardSet(top) and len(drew.burns) == 1
    assert drew.hand(1) == CardSet(" ".join(HANDS[1].split()[:3]) + " " + state.stub[1])
    again = drew.play("draw QS JH")
    assert again.burns == drew.burns  # one burn a draw
    pat = state.play("pat").play("pat").play("pat")
    assert pat.phase == "R2" and len(pat.burns) == 0 and pat.stub == state.stub


@pytest.mark.clause("BDG-DRAW-6", "BDG-DRAW-7")
def test_the_last_card_is_never_dealt_and_the_others_discards_are_reshuffled() -> None:
    rules = load_rules("badugi")
    held = {c for hand in HANDS for c in hand.split()}
    rest = [c.text for c in ALL_CARDS if c.text not in held]
    burned, stub, discards = rest[0], rest[1:4], rest[4:]
    state = rules.position(stacks=[100] * 3, hands=HANDS, round="D1", stub=stub,
                           discards=" ".join(discards), burns=burned, burned=True)
    drawer = state.to_move
    assert state.stub == tuple(stub) and len(state.stub) == 3
    assert drawer == 1
    after = state.play(f"draw {HANDS[1]}")
    own = set(HANDS[1].split())
    new_hand = set(after.hand(drawer).texts())
    assert after.reshuffles == 1
    assert set(stub[:2]) <= new_hand  # the cards that could still be dealt came first
    assert stub[2] not in set(state.hand(drawer).texts())
    assert own <= set(after.discards.texts())  # the drawer's own discards stay out
    assert not own & set(after.stub)
    gathered = set(discards) | {burned, stub[2]}  # others' discards, the burn, the last card
    assert set(after.stub) | (new_hand - set(stub[:2])) == gathered
    assert after.card_count() == 52
    # with enough cards left the last one stays undealt
    roomy = rules.position(stacks=[100] * 3, hands=HANDS, round="D1", burned=True,
                           stub=rest[:5], discards=" ".join(rest[5:]))
    dealt = roomy.play(f"draw {HANDS[1]}")
    assert dealt.reshuffles == 0 and dealt.stub == (rest[4],)
    assert set(dealt.hand(1).texts()) == set(rest[:4])


@pytest.mark.clause("BDG-SHOW-2", "BDG-SHOW-3")
def test_who_shows_first_and_the_order_after() -> None:
    rules = load_rules("badugi")
    r4 = rules.position(stacks=[100] * 3, hands=HANDS, round="R4")
    assert r4.to_move == 1
    bet_last = r4.play("check").play("bet").play("call").play("call")
    assert bet_last.outcome.revealed == (2, 0, 1)  # seat 2 bet last, then to its left
    checked = r4.play("check").play("check").play("check")
    assert checked.outcome.revealed == (1, 2, 0)  # first still in left of the button
    folded = rules.position(stacks=[100] * 3, hands=HANDS, round="R4", folded=[1])
    assert folded.play("check").play("check").outcome.revealed == (2, 0)
    raised = r4.play("bet").play("raise").play("call").play("call")
    assert raised.outcome.revealed == (2, 0, 1)


@pytest.mark.clause("BDG-SHOW-5")
@pytest.mark.parametrize("dead_hand", ["AC 2D 3H", "AC 2D 3H 4S 5C"])
def test_a_hand_without_exactly_four_cards_is_dead_and_wins_nothing(dead_hand: str) -> None:
    rules = load_rules("badugi")
    hands = [dead_hand, "KC KD KH QS", "QC QD JH JS"]
    state = rules.position(stacks=[90] * 3, hands=hands, round="R4", committed=[10] * 3)
    final = state.play("check").play("check").play("check")
    assert final.outcome.dead == (0,)
    assert 0 not in final.outcome.winners and final.outcome.net[0] <= 0
    assert compare(hands[2], hands[1]) < 0 and final.outcome.winners == (2,)


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-5", "BDG-DRAW-1")
def test_the_worked_example_holds_in_a_position() -> None:
    rules = load_rules("badugi")
    example = rules.how_to_play().section("example").text()
    value = evaluate(EXAMPLE_HAND)
    assert "You hold K♣ 2♣ 3♦ 4♥" in example
    assert f"The counting cards are 4♥, 3♦ and 2♣: a {value.words()}" in example
    assert value.words() == "three-card hand 4-3-2"
    assert "K♣ does not count: it shares clubs with the 2♣" in example
    assert "9♣ 10♦ J♥ K♠ beats it" in example
    # a high badugi beats it at a showdown of this ruleset
    state = rules.position(stacks=[90] * 3, hands=[EXAMPLE_HAND, BADUGI_HAND, "QC QD QH QS"],
                           round="R4", committed=[10] * 3)
    final = state.play("check").play("check").play("check")
    assert final.outcome.winners == (1,)
    # throw away the K♣: every spade but the 2, 3 and 4 makes a badugi, the lower the better
    assert "throw away the K♣ and hope for a spade" in example
    assert "Any spade but the 2, 3 or 4 makes a badugi" in example
    spades = [c for c in ALL_CARDS if c.suit == "S"]
    held = set(EXAMPLE_HAND.split()) | set(BADUGI_HAND.split()) | {"QC", "QD", "QH", "QS"}
    values = {}
    for spade in spades:
        if spade.text in held:
            continue
        others = [c.text for c in ALL_CARDS if c.text not in held and c != spade]
        drawing = rules.position(stacks=[100] * 3, round="D1", burned=True,
                                 hands=[BADUGI_HAND, EXAMPLE_HAND, "QC QD QH QS"],
                                 stub=[spade.text] + others[:3],
                                 discards=" ".join(others[3:]))
        assert drawing.to_move == 1
        drawn = drawing.play("draw KC")
        hand = drawn.hand(1)
        assert spade.text in hand.texts()
        values[spade.rank] = evaluate(hand)
    for rank, got in values.items():
        assert got.is_badugi == (rank not in (2, 3, 4)), (rank, got)
    badugis = sorted((r, v) for r, v in values.items() if v.is_badugi)
    assert all(compare(a[1], b[1]) < 0 for a, b in zip(badugis, badugis[1:]))
