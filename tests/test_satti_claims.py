"""Every claim of every Satti explanation, checked against the position.

Over random positions (seeded deals played on at random, and positions set up by hand with
short or empty piles, pending penalties, skipped players and named suits) under every
combination of the options ``hand_size``, ``seven_stacking`` and ``play_after_draw``, each
move a learner could ask about is explained and every fact of the sentence is checked
against the raw position by the oracle below, which restates ``shared/rules/satti.md`` on
its own (fitting, the legal set, the draw plan with its reshuffle and stop):

* legality equals the oracle's legal set, and ``legal_moves()`` is that set;
* the top card, suit to follow, penalty, fitting cards, 7s held and holder named are the
  position's; cards named as playable are legal, cards named as not playable are not;
* a promised draw happens when the move is played: as many cards as promised, the round
  stopping exactly when promised (SAT-PILE-3), a drawn card that fits played at once only
  when promised (SAT-TURN-4), the penalty or skip promised to the next player;
* the deciding clause (``clauses[0]``) is the one the oracle expects, an option's clause only
  under that option; cards are written in symbols; the table's voice never says "you";
* the public move log has one entry per move plus the engine's events, in the third person.

The default run checks at least 2,000 positions; ``-m slow`` ten times as many.
"""
from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import ALL_CARDS, Card
from rulebook.games.satti import Attempt, Draw, Name, Play, SattiState, Skip

OPTIONS = [dict(hand_size=h, seven_stacking=s, play_after_draw=p)
           for h, s, p in itertools.product((5, 6, 7), (True, False), (True, False))]
NOTATION = re.compile(r"(?<![\w♣♦♥♠-])(?:10|[A2-9TJQK])[CDHS](?![\w>])")
SYMBOLS = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
SUIT_OF_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)

POSITIONS = 50
EXAMPLES = 40
COUNTED: Counter[str] = Counter()


# -- the oracle ---------------------------------------------------------------------------
def fits(card: Card, top: Card, suit: str) -> bool:
    """SAT-FIT-1..4: the suit to follow, the top card's rank, or any jack."""
    return card.suit == suit or card.rank == top.rank or card.rank == 11


def legal_set(state: SattiState) -> set[str]:
    """The legal moves' notation (SAT-TURN-1..5, SAT-SEVEN-2/4/5, SAT-EIGHT-2, SAT-JACK-1,
    SAT-END-3)."""
    seat = state.to_move
    hand = set(state.hands[seat])
    if state.naming:
        return {f"name {s}" for s in "CDHS"}
    if state.skipped:
        return {"skip"}
    if state.penalty:
        sevens = {c.text for c in hand if c.rank == 7} if state.rules.seven_stacking else set()
        return sevens | {"draw"}
    fitting = [c for c in hand if fits(c, state.top, state.suit)]
    if not fitting:
        return {"draw"}
    if len(hand) == 1:
        return {fitting[0].text}
    out = set()
    for c in fitting:
        out |= {f"{c.text}>{s}" for s in "CDHS"} if c.rank == 11 else {c.text}
    return out


def draw_plan(seen: "Seen", count: int) -> tuple[int, bool, bool]:
    """(cards drawn, reshuffle first, round stops) for drawing ``count`` now (SAT-PILE-1..3)."""
    pile, under = len(seen.pile), len(seen.discards)
    return min(count, pile + under), count > pile and under > 0, count > pile + under


class Seen:
    """One position's raw values, read once: hands, top, suit, piles, the oracle's legal set."""

    def __init__(self, state: SattiState) -> None:
        self.state = state
        self.seat = seat = state.to_move
        self.hands = [set(h) for h in state.hands]
        self.hand = self.hands[seat]
        self.top, self.suit = state.top, state.suit
        self.discards = set(state.discards)
        self.pile = list(state.draw_pile)
        self.legal = legal_set(state)
        self.legal_cards = {Card(t.split(">")[0]) for t in self.legal if t[0] not in "dsn"}
        self.fitting = {c for c in self.hand if fits(c, self.top, self.suit)}
        self.sevens = {c for c in self.hand if c.rank == 7}


def expected_decider(state: SattiState, move, seen: Seen) -> str:
    seat = seen.seat
    hand = seen.hand
    card = getattr(move, "card", None)
    if card is not None and card not in hand:
        held_by_other = any(card in h for s, h in enumerate(seen.hands) if s != seat)
        return "SAT-SETUP-7" if held_by_other else "SAT-TURN-6"
    if state.naming:
        return "SAT-TURN-4"
    if isinstance(move, Name):
        return "SAT-JACK-1"
    if isinstance(move, Attempt):
        return "SAT-EIGHT-2" if state.skipped else "SAT-EIGHT-3"
    if isinstance(move, Skip):
        return "SAT-EIGHT-2"
    if state.skipped:
        return "SAT-EIGHT-2"
    stacking = state.rules.seven_stacking
    if state.penalty:
        if isinstance(move, Draw):
            return "SAT-SEVEN-2" if stacking else "SAT-SEVEN-5"
        if card.rank != 7:
            return "SAT-SEVEN-4"
        return "SAT-SEVEN-2" if stacking else "SAT-SEVEN-5"
    if isinstance(move, Draw):
        return "SAT-TURN-2" if seen.fitting else "SAT-TURN-3"
    if not fits(card, state.top, state.suit):
        return "SAT-FIT-1" if state.named else "SAT-FIT-2"
    if card.rank == 11:
        last = hand == {card}
        if last and move.suit is not None:
            return "SAT-END-3"
        if not last and move.suit is None:
            return "SAT-JACK-1"
        return "SAT-FIT-3"
    if state.named and card.suit == state.suit:
        return "SAT-FIT-1"
    return "SAT-FIT-2"


# -- the checks ---------------------------------------------------------------------------
def named_cards(text: str) -> set[Card]:
    return {Card(("T" if r == "10" else r) + SUIT_OF_SYMBOL[s]) for r, s in SYMBOLS.findall(text)}


def moves_to_ask(state: SattiState, rnd: random.Random, seen: "Seen") -> list:
    """Every legal card and a few other held cards (bare, and a jack naming each suit),
    draw, skip, the names, attempts, and cards that are elsewhere: the top card, a discard,
    another hand, the pile."""
    hand = sorted(seen.hand)
    legal = seen.legal_cards
    asked = sorted(legal) + rnd.sample([c for c in hand if c not in legal],
                                       min(4, len(hand) - len(legal & seen.hand)))
    moves = []
    for c in asked:
        moves.append(Play(c))
        if c.rank == 11:
            moves += [Play(c, s) for s in "CDHS"]
    names = "CDHS" if seen.state.naming else rnd.choice("CDHS")
    moves += [Draw(), Skip(), Attempt(None)] + [Name(s) for s in names]
    moves += [Attempt(c) for c in rnd.sample(hand, min(1, len(hand)))]
    elsewhere = [seen.top] + sorted(seen.discards)[:1] + seen.pile[-1:]
    others = sorted(c for s, h in enumerate(seen.hands) if s != seen.seat for c in h)
    elsewhere += rnd.sample(others, min(2, len(others)))
    moves += [Play(c) for c in elsewhere] + [Attempt(c) for c in elsewhere[:1]]
    return moves


def check_common(why, rules, table_voice: bool) -> None:
    assert why.reason and why.clauses and not why.reason[0].islower(), why
    assert why.reason.endswith("."), why
    assert not NOTATION.search(why.reason), f"notation in a reason: {why.reason}"
    assert all(re.fullmatch(r"SAT-[A-Z]+-\d+", c) for c in why.clauses), why.clauses
    assert len(set(why.clauses)) == len(why.clauses), why.clauses
    if "SAT-SEVEN-5" in why.clauses:
        assert not rules.seven_stacking, why
    if {"SAT-SEVEN-2", "SAT-SEVEN-3"} & set(why.clauses):
        assert rules.seven_stacking, why
    if "SAT-TURN-5" in why.clauses:
        assert not rules.play_after_draw, why
    if table_voice:
        assert not YOU.search(why.reason), f"'you' in the table's voice: {why.reason}"


def check_position(state: SattiState, rnd: random.Random) -> None:
    rules = state.rules
    if state.is_over:
        why = state.explain("draw")
        check_common(why, rules, False)
        assert not why.legal
        assert why.clauses[0] == ("SAT-PILE-3" if state.outcome.stopped else "SAT-END-1")
        assert why.facts.stops == state.outcome.stopped
        return
    seen = Seen(state)
    legal = seen.legal
    assert {str(m) for m in state.legal_moves()} == legal
    for move in moves_to_ask(state, rnd, seen):
        why = state.explain(move)
        told = state.explain(move, voice="table")
        assert why.legal == told.legal == (str(move) in legal), (move, why)
        decider = expected_decider(state, move, seen)
        assert why.clauses[0] == told.clauses[0] == decider, (move, why)
        for expl, table_voice in ((why, False), (told, True)):
            check_common(expl, rules, table_voice)
            check_facts(state, move, expl, seen)
        check_promise(state, move, why)


def check_facts(state: SattiState, move, why, seen: Seen) -> None:
    f = why.facts
    seat = seen.seat
    hand = seen.hand
    legal_cards = seen.legal_cards
    assert f.seat == seat and f.to_move == seat
    assert set(f.playable) <= legal_cards, why
    assert not set(f.not_playable) & legal_cards, why
    if f.holder is not None:
        assert move.card in seen.hands[f.holder] and f.holder != seat
    if f.where == "top":
        assert move.card == seen.top
    elif f.where == "discards":
        assert move.card in seen.discards
    elif f.where == "hidden":
        assert move.card in seen.pile
    if f.top is not None:
        assert f.top == seen.top, why
    if f.suit is not None:
        assert f.suit == seen.suit and f.named == state.named, why
    assert f.penalty in (0, state.penalty), why
    if f.skipped:
        assert state.skipped
    if f.fits is not None:
        assert set(f.fits) == seen.fitting, why
    if f.sevens is not None:
        assert set(f.sevens) == seen.sevens, why
    if f.draws is not None:
        count = state.penalty if f.kind == "penalty_draw" else 1
        assert (f.draws, f.reshuffle, f.stops) == draw_plan(seen, count), why
        assert f.auto_play == (f.kind == "draw" and state.rules.play_after_draw
                               and not f.stops), why
    if f.goes_out:
        assert hand == {move.card}, why
    if f.next_penalty:
        assert f.next_penalty == state.penalty + 2, why
    asked = {move.card} if getattr(move, "card", None) is not None else set()
    accounted = (asked | {seen.top} | set(f.fits or ()) | set(f.sevens or ())
                 | set(f.playable) | set(f.not_playable))
    assert named_cards(why.reason) <= accounted, (why, named_cards(why.reason) - accounted)


def check_promise(state: SattiState, move, why) -> None:
    """Play the move (when the rules carry it out) and check what the sentence promised."""
    f = why.facts
    carried = why.legal or (state.skipped and isinstance(move, (Play, Draw, Attempt))
                            and (getattr(move, "card", None) is None
                                 or move.card in state.hands[state.to_move]))
    if not carried:
        return
    seat = state.to_move
    after = state.play(move)
    event = after.public_history[-1]
    if f.draws is not None:
        assert event.drew == f.draws, (why, event)
        assert (after.is_over and after.outcome.stopped) == f.stops, why
        if isinstance(move, Draw) and not state.penalty and not state.skipped and not f.stops:
            drawn = set(after.hands[seat]) - set(state.hands[seat])
            if event.played is not None:
                assert f.auto_play and fits(Card(event.played), state.top, state.suit)
            else:
                assert len(drawn) == 1
                assert not (f.auto_play and fits(drawn.pop(), state.top, state.suit)), why
    if f.next_penalty:
        assert after.penalty == f.next_penalty
    if f.skips_next:
        assert after.skipped
    if f.goes_out:
        assert after.is_over and after.outcome.went_out == seat


def check_log(state: SattiState) -> None:
    log = state.move_log()
    moves = [e for e in log if e.move]
    assert [e.move for e in moves] == [str(m) for m in state.history]
    events = state.public_history
    assert len(moves) == len(events)
    auto = [e for e in log if not e.move and e.seat is not None]
    assert len(auto) == sum(1 for ev in events if ev.played is not None)
    for entry, event in zip(moves, events):
        assert entry.seat == event.seat and entry.text.startswith(f"Seat {entry.seat}")
    for entry in log:
        assert not YOU.search(entry.text + entry.reason), entry
        assert not NOTATION.search(entry.text + entry.reason), entry
    if state.is_over and state.outcome.stopped:
        assert log[-1].clauses[0] == "SAT-PILE-3"


# -- random positions ---------------------------------------------------------------------
def random_position(rules, rnd: random.Random) -> SattiState:
    """A position set up by hand: short or empty piles, and sometimes a pending penalty, a
    skipped player or a suit named with a jack."""
    n = rnd.randint(2, 6)
    cards = list(ALL_CARDS)
    rnd.shuffle(cards)
    kind = rnd.choice(["normal", "normal", "penalty", "skipped", "named"])
    rank = {"penalty": 7, "skipped": 8, "named": 11}.get(kind)
    top = next(c for c in cards if (c.rank == rank if rank else c.rank != 7))
    cards.remove(top)
    stuck = kind == "normal" and rnd.random() < 0.5  # a mover holding nothing that fits
    short = stuck or kind != "normal"
    pile = [cards.pop() for _ in range(rnd.choice([0, 0, 1] if short else [0, 1, 2, 3, 8]))]
    discards = [cards.pop() for _ in range(rnd.choice([0, 0, 1] if short else [0, 1, 2, 5]))]
    if kind == "penalty":  # penalty n needs n/2 sevens played (SAT-SEVEN-3)
        sevens = [c for c in cards if c.rank == 7]
        extra = sevens[:rnd.randint(0, len(sevens))] if rules.seven_stacking else []
        for c in extra:
            cards.remove(c)
            discards.append(c)
    to_move = rnd.randrange(n)
    hands: list[list[Card]] = [[] for _ in range(n)]
    if stuck:
        misfits = [c for c in cards if not fits(c, top, top.suit)]
        hands[to_move] = misfits[:rnd.randint(1, 3)]
        cards = [c for c in cards if c not in hands[to_move]]
        others = [seat for seat in range(n) if seat != to_move]
    else:
        others = list(range(n))
    for seat in others:
        hands[seat].append(cards.pop())
    while cards:
        hands[rnd.choice(others)].append(cards.pop())
    kwargs = {}
    if kind == "penalty":
        played = 1 + sum(1 for c in discards if c.rank == 7)
        kwargs["penalty"] = 2 * rnd.randint(1, played) if rules.seven_stacking else 2
    elif kind == "skipped":
        kwargs["skipped"] = True
    elif kind == "named":
        kwargs["suit"] = rnd.choice("CDHS")
    return rules.position(top=top.text, hands=[" ".join(c.text for c in h) for h in hands],
                          draw_pile=" ".join(c.text for c in pile),
                          discards=" ".join(c.text for c in discards),
                          to_move=to_move, seed=rnd.randrange(1000), **kwargs)


def walk(seed: int, positions: int) -> int:
    rnd = random.Random(seed)
    checked = 0
    while checked < positions:
        rules = load_rules("satti", **rnd.choice(OPTIONS))
        if rnd.random() < 0.5:
            state = rules.new_deal(players=rnd.randint(2, 6), seed=rnd.randrange(2**32))
        else:
            state = random_position(rules, rnd)
        for _ in range(rnd.randint(20, 120) if rnd.random() < 0.5 else rnd.randint(3, 12)):
            check_position(state, rnd)
            checked += 1
            if state.is_over or checked >= positions:
                break
            legal = state.legal_moves()
            state = state.play(legal[rnd.randrange(len(legal))])
        check_log(state)
    return checked


@pytest.mark.clause("SAT-FIT-1", "SAT-FIT-2", "SAT-TURN-2", "SAT-TURN-3", "SAT-TURN-4",
                    "SAT-SEVEN-2", "SAT-SEVEN-5", "SAT-SEVEN-6", "SAT-EIGHT-3", "SAT-PILE-1",
                    "SAT-PILE-3")
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_claim_of_every_explanation_is_true(seed: int) -> None:
    COUNTED["satti"] += walk(seed, POSITIONS)


def only_when_slow_is_asked(request: pytest.FixtureRequest) -> None:
    """The ``slow`` variant runs only when asked for (``python -m pytest -m slow``)."""
    if "slow" not in (request.config.getoption("markexpr") or "").replace("not slow", ""):
        pytest.skip("ten times as many positions: run python -m pytest -m slow")


@pytest.mark.slow
@pytest.mark.clause("SAT-TURN-4", "SAT-PILE-3")
def test_every_claim_of_every_explanation_is_true_many_more(
        request: pytest.FixtureRequest) -> None:
    only_when_slow_is_asked(request)

    @settings(max_examples=10 * EXAMPLES, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32))
    def many(seed: int) -> None:
        walk(seed, POSITIONS)

    many()


def test_the_claim_checks_covered_enough_positions() -> None:
    """At least 2,000 positions were checked above (when that test ran)."""
    if not COUNTED:
        pytest.skip("the claim test did not run in this session (deselected)")
    assert COUNTED["satti"] >= EXAMPLES * POSITIONS >= 2000, COUNTED
