"""Every claim of every Badugi explanation, checked against the position.

Two parts, each over at least 2,000 random cases in the default run (``-m slow``: ten times
as many):

* **A full hand.**  Random hands (2 to 8 seats, random small bets and stacks, short stacks
  often, so that all-ins, side pots and short big blinds happen) are played on at random; at
  every position every betting action, every discard set and a few discards of cards not
  held are explained, and each fact is checked against the raw table by the oracle below,
  which restates ``shared/rules/badugi.md``: the amount to call (a short all-in big blind
  does not lower it, BDG-SEAT-10), the chips a call, bet or raise puts in, all in or not,
  the raises left under the cap, the legal actions named as the alternatives, the cards a
  draw discards and receives.  Playing the move puts in exactly the chips promised.  The
  deciding clause is the one the oracle expects; the table's voice never says "you"; cards
  are written in symbols; the public move log has one entry per move.
* **Hand ranking.**  For random four-card hands the counting cards and, for every other card,
  the reason kind of :class:`rulebook.games.badugi.ranking.NotCounting` are checked by brute force
  over the subsets of the hand: "fewer" only when no set as large as the counting set with
  all suits and ranks different includes the card, "higher" only when the best such set is a
  higher hand, "same" only when it is the very same hand (BDG-RANK-2, BDG-RANK-3, BDG-RANK-7).
"""
from __future__ import annotations

import random
import re
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.games.badugi import evaluate
from rulebook.games.badugi import Action, BadugiState, Draw
from rulebook.cards import ALL_CARDS, Card, CardSet

ACTIONS = [Action(k) for k in ("fold", "check", "call", "bet", "raise")]
NOTATION = re.compile(r"(?<![\w♣♦♥♠-])(?:10|[A2-9TJQK])[CDHS](?![\w])")
SYMBOLS = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)
BETTING = ("R1", "R2", "R3", "R4")

POSITIONS = 50
EXAMPLES = 40
COUNTED: Counter[str] = Counter()


# -- the oracle ---------------------------------------------------------------------------
class Seen:
    """One position's raw values and what the rules make of them, worked out on their own."""

    def __init__(self, state: BadugiState) -> None:
        t = state._t  # the raw position: chips, bets, flags; no rule function is called
        self.state = state
        self.phase = state.phase
        self.i = i = state.to_move
        self.S = S = state.rules.small_bet
        self.bets, self.stacks, self.committed = list(t.bets), list(t.stacks), list(t.committed)
        self.returned = list(t.returned)
        self.hand = set(state.hand(i))
        if self.phase not in BETTING:
            return
        # BDG-BET-2/5, BDG-SEAT-10: in R1 the bet to match is at least S, even after a short
        # all-in big blind; otherwise the highest total put in this round.
        self.level = max(max(self.bets), S) if self.phase == "R1" else max(self.bets)
        assert t.level == self.level, (t.level, self.level)
        self.inc = S if self.phase in ("R1", "R2") else 2 * S
        self.to_call = self.level - self.bets[i]
        self.stack = self.stacks[i]
        bb = state.blinds[1]
        self.short_blind = (self.phase == "R1" and self.level == S and self.stacks[bb] == 0
                            and self.committed[bb] < S and self.bets[bb] == self.committed[bb])
        others_can = any(t.dealt[j] and not t.folded[j] and t.stacks[j] > 0
                         for j in range(t.n) if j != i)
        # BDG-BET-3/4, BDG-POT-1/4, BDG-BET-9
        self.block = ("cap" if t.raises >= 4 else
                      "stack" if self.stack <= self.to_call else
                      "no_one_to_answer" if not others_can else
                      "not_reopened" if not t.reopened[i] else None)
        options = ["check" if self.to_call <= 0 else "call"]
        if self.block is None:
            options.append("bet" if self.level == 0 else "raise")
        self.options = tuple(options) + ("fold",)
        self.full_level = t.full_level
        self.raises = t.raises
        self.need = self.full_level + self.inc - self.bets[i]

    def legal(self) -> set[str]:
        if self.phase in BETTING:
            return set(self.options)
        cards = sorted(self.hand)
        return {"pat" if not k else "draw " + str(CardSet(sub))
                for k in range(min(4, len(cards)) + 1) for sub in combinations(cards, k)}


def expected_decider(seen: Seen, move) -> str:
    phase = seen.phase
    if isinstance(move, Draw):
        return "BDG-BET-1" if phase in BETTING else "BDG-DRAW-1"
    if phase not in BETTING:
        return "BDG-DRAW-1"
    kind = move.kind
    if kind == "fold":
        return "BDG-BET-3"
    if kind == "check":
        if "check" in seen.options:
            return "BDG-BET-6" if phase == "R1" and seen.i == seen.state.blinds[1] else "BDG-BET-3"
        return "BDG-SEAT-10" if seen.short_blind else "BDG-BET-3"
    if kind == "call":
        if "call" not in seen.options:
            return "BDG-BET-3"
        if seen.stack <= seen.to_call:
            return "BDG-POT-1"
        return "BDG-SEAT-10" if seen.short_blind else "BDG-BET-3"
    if kind == "bet" and seen.level > 0:
        return "BDG-BET-5" if phase == "R1" else "BDG-BET-3"
    if kind == "raise" and seen.level == 0:
        return "BDG-BET-3"
    if seen.block is not None:
        return {"cap": "BDG-BET-4", "stack": "BDG-POT-1", "no_one_to_answer": "BDG-BET-9",
                "not_reopened": "BDG-POT-4"}[seen.block]
    if seen.stack < seen.need:
        return "BDG-POT-1"
    if kind == "bet":
        return "BDG-BET-2"
    if seen.short_blind:
        return "BDG-SEAT-10"
    return "BDG-BET-2" if seen.level == seen.full_level else "BDG-POT-4"


# -- the checks ---------------------------------------------------------------------------
def named_cards(text: str) -> set[Card]:
    return {Card(("T" if r == "10" else r) + SUIT_OF_SYMBOL[s]) for r, s in SYMBOLS.findall(text)}


def check_common(why, table_voice: bool) -> None:
    assert why.reason and why.clauses and not why.reason[0].islower(), why
    assert why.reason.endswith("."), why
    assert not NOTATION.search(why.reason), f"notation in a reason: {why.reason}"
    assert all(re.fullmatch(r"BDG-[A-Z]+-\d+", c) for c in why.clauses), why.clauses
    assert len(set(why.clauses)) == len(why.clauses), why.clauses
    if table_voice:
        assert not YOU.search(why.reason), f"'you' in the table's voice: {why.reason}"


def moves_to_ask(seen: Seen, rnd: random.Random) -> list:
    if seen.phase in BETTING:
        return ACTIONS + [Draw(0)]
    cards = sorted(seen.hand)
    subsets = [sum(c.mask for c in sub) for k in range(min(4, len(cards)) + 1)
               for sub in combinations(cards, k)]
    others = [c for c in ALL_CARDS if c not in seen.hand]
    stranger = rnd.choice(others).mask | (cards[0].mask if cards else 0)
    theirs = [c for j in range(seen.state.players) if j != seen.i for c in seen.state.hand(j)]
    moves = [Draw(m) for m in rnd.sample(subsets, min(6, len(subsets)))] + [Draw(stranger)]
    if theirs:
        moves.append(Draw(rnd.choice(theirs).mask))
    if len(cards) > 4:
        moves.append(Draw(sum(c.mask for c in cards)))
    return moves + [Action("check")]


def check_position(state: BadugiState, rnd: random.Random) -> None:
    if state.is_over:
        why = state.explain("check")
        check_common(why, False)
        assert not why.legal and why.clauses[0] == "BDG-SHOW-1"
        return
    seen = Seen(state)
    legal = seen.legal()
    assert {str(m) for m in state.legal_moves()} == legal
    for move in moves_to_ask(seen, rnd):
        why = state.explain(move)
        told = state.explain(move, voice="table")
        assert why.legal == told.legal == (str(move) in legal), (move, why)
        assert why.clauses == told.clauses, (why, told)
        assert why.clauses[0] == expected_decider(seen, move), (move, why)
        for expl, table_voice in ((why, False), (told, True)):
            check_common(expl, table_voice)
            check_facts(seen, move, expl)
        if why.legal:
            check_promise(seen, move, why)


def check_facts(seen: Seen, move, why) -> None:
    f = why.facts
    assert f.seat == seen.i and f.to_move == seen.i and f.phase == seen.phase
    if f.options is not None:
        assert f.options == seen.options, why
    if f.level is not None:
        assert f.level == seen.level, why
    if f.bet is not None:
        assert f.bet == seen.bets[seen.i], why
    if f.stack is not None:
        assert f.stack == seen.stack, why
    if f.committed is not None:
        assert f.committed == seen.committed[seen.i], why
    if f.kind == "must_call":
        assert f.to_call == min(seen.to_call, seen.stack), why
    elif f.to_call is not None:
        assert f.to_call == seen.to_call, why
    if f.put_in is not None:
        kind = move.kind
        expected = min(seen.to_call, seen.stack) if kind == "call" else min(seen.need, seen.stack)
        assert f.put_in == expected, why
        assert f.all_in == (f.put_in == seen.stack), why
        if f.total is not None:
            assert f.total == seen.bets[seen.i] + f.put_in, why
    if f.raises_left is not None:
        assert f.raises_left == (0 if f.kind == "cap" else 3 - seen.raises), why
    if f.short_blind is not None:
        bb = seen.state.blinds[1]
        assert seen.short_blind and f.short_blind == seen.committed[bb] < seen.S, why
    if f.discard is not None:
        assert f.discard == move.cards, why
        if f.kind in ("not_held", "not_your_turn"):
            assert not set(f.discard) <= seen.hand
        elif f.kind == "too_many":
            assert len(f.discard) > 4
        else:
            assert set(f.discard) <= seen.hand and f.receive == len(f.discard)
    if f.holder is not None:
        assert f.holder != seen.i and set(f.discard) & set(seen.state.hand(f.holder)), why
        assert why.reason.startswith(f"It is seat {seen.i}'s turn"), why
    accounted = seen.hand | set(f.discard or ())
    assert named_cards(why.reason) <= accounted, (why, named_cards(why.reason) - accounted)


def check_promise(seen: Seen, move, why) -> None:
    """Play it: the chips promised go in (some may come back unmatched, BDG-POT-3), and a draw
    gives back as many cards as it discards."""
    state, i, f = seen.state, seen.i, why.facts
    after = state.play(move)
    t = after._t
    if isinstance(move, Draw):
        assert len(after.hand(i)) == len(seen.hand)
        assert not set(move.cards) & set(after.hand(i))
        return
    put = (t.committed[i] + t.returned[i]) - (seen.committed[i] + seen.returned[i])
    assert put == (f.put_in or 0), (why, put)


def check_log(state: BadugiState) -> None:
    log = state.move_log()
    assert [e.move for e in log] == [str(m) for m in state.history]
    assert [e.seat for e in log] == list(state.actors)
    for entry, move in zip(log, state.history):
        assert entry.text.startswith(f"Seat {entry.seat} ")
        assert not YOU.search(entry.text + entry.reason), entry
        assert not NOTATION.search(entry.text + entry.reason), entry
        if isinstance(move, Draw):  # what everybody saw is the count, never the cards
            assert not named_cards(entry.text) and entry.private == bool(move.discard)
        else:
            assert not entry.private


# -- random hands -------------------------------------------------------------------------
def random_rules(rnd: random.Random):
    n = rnd.randint(2, 8)
    small_bet = rnd.choice([2, 3, 4, 5, 10])
    stacks = [rnd.choice([rnd.randint(1, small_bet), rnd.randint(1, 6 * small_bet),
                          100 * small_bet]) for _ in range(n)]
    return load_rules("badugi", small_bet=small_bet, stacks=stacks), n


def walk(seed: int, positions: int) -> int:
    rnd = random.Random(seed)
    checked = 0
    while checked < positions:
        rules, n = random_rules(rnd)
        state = rules.new_deal(seed=rnd.randrange(2**32), dealer=rnd.randrange(n))
        while checked < positions:
            check_position(state, rnd)
            checked += 1
            if state.is_over:
                break
            legal = state.legal_moves()
            state = state.play(legal[rnd.randrange(len(legal))])
        check_log(state)
    return checked


@pytest.mark.clause("BDG-BET-3", "BDG-BET-4", "BDG-BET-5", "BDG-BET-6", "BDG-POT-1",
                    "BDG-POT-4", "BDG-SEAT-10", "BDG-DRAW-1")
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_claim_of_every_betting_and_draw_explanation_is_true(seed: int) -> None:
    COUNTED["badugi"] += walk(seed, POSITIONS)


def only_when_slow_is_asked(request: pytest.FixtureRequest) -> None:
    """The ``slow`` variants run only when asked for (``python -m pytest -m slow``)."""
    if "slow" not in (request.config.getoption("markexpr") or "").replace("not slow", ""):
        pytest.skip("ten times as many cases: run python -m pytest -m slow")


@pytest.mark.slow
@pytest.mark.clause("BDG-BET-3", "BDG-SEAT-10")
def test_every_claim_of_every_betting_and_draw_explanation_is_true_many_more(
        request: pytest.FixtureRequest) -> None:
    only_when_slow_is_asked(request)

    @settings(max_examples=10 * EXAMPLES, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32))
    def many(seed: int) -> None:
        walk(seed, POSITIONS)

    many()


# -- hand ranking -------------------------------------------------------------------------
def rainbow(cards) -> bool:
    return len({c.suit for c in cards}) == len(cards) == len({c.rank for c in cards})


def value_of(cards) -> list[int]:
    """Counting ranks high to low: lower lists are better hands (BDG-RANK-6)."""
    return sorted((c.rank for c in cards), reverse=True)


def check_hand(hand: list[Card]) -> None:
    value = evaluate(hand)
    explanation = value.explain()
    subsets = [s for k in range(1, 5) for s in combinations(hand, k) if rainbow(s)]
    size = max(len(s) for s in subsets)
    best = min(value_of(s) for s in subsets if len(s) == size)
    assert len(explanation.counting) == size and rainbow(explanation.counting)
    assert value_of(explanation.counting) == best  # BDG-RANK-2, BDG-RANK-3
    assert {n.card for n in explanation.not_counting} == set(hand) - set(explanation.counting)
    assert not NOTATION.search(" ".join(explanation.lines))
    for item in explanation.not_counting:
        with_it = [s for s in subsets if len(s) == size and item.card in s]
        assert item.sentence in explanation.lines and item.clauses
        assert set(item.clashes) == {c for c in explanation.counting
                                     if c.suit == item.card.suit or c.rank == item.card.rank}
        assert item.clashes  # a card clashing with no counting card would count too
        assert {item.card, *item.clashes} <= named_cards(item.sentence)
        if item.kind == "fewer":
            assert not with_it, (hand, item)  # "it would leave fewer counting cards" is true
            assert item.clauses[0] == "BDG-RANK-2"
            continue
        alternative = min(value_of(s) for s in with_it)
        assert value_of(item.alternative) == alternative and item.card in item.alternative
        assert rainbow(item.alternative) and len(item.alternative) == size
        if item.kind == "same":
            assert alternative == best and item.clauses[0] == "BDG-RANK-7", (hand, item)
        else:
            assert item.kind == "higher" and alternative > best, (hand, item)
            assert item.clauses[0] == "BDG-RANK-3"
        assert named_cards(item.sentence) <= set(hand)


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3", "BDG-RANK-7")
@settings(max_examples=EXAMPLES, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_counting_card_claim_is_true_by_brute_force(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(POSITIONS):
        # half the hands from two or three suits and few ranks, where the kinds differ most
        if rnd.random() < 0.5:
            pool = [c for c in ALL_CARDS if c.suit in rnd.sample("CDHS", rnd.randint(1, 3))
                    and c.rank in rnd.sample(range(1, 14), rnd.randint(2, 5))]
            if len(pool) < 4:
                pool = list(ALL_CARDS)
        else:
            pool = list(ALL_CARDS)
        check_hand(rnd.sample(pool, 4))
    COUNTED["badugi ranking"] += POSITIONS


@pytest.mark.slow
@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3")
def test_every_counting_card_claim_is_true_for_all_hands_of_two_suits(
        request: pytest.FixtureRequest) -> None:
    """Every hand drawn from two suits (where clashes abound), checked exhaustively."""
    only_when_slow_is_asked(request)
    pool = [c for c in ALL_CARDS if c.suit in "CD"]
    for hand in combinations(pool, 4):
        check_hand(list(hand))


def test_the_claim_checks_covered_enough_positions() -> None:
    """At least 2,000 positions and 2,000 hands were checked above (when those tests ran)."""
    if not COUNTED:
        pytest.skip("the claim tests did not run in this session (deselected)")
    for part in ("badugi", "badugi ranking"):
        if part in COUNTED:
            assert COUNTED[part] >= EXAMPLES * POSITIONS >= 2000, COUNTED
