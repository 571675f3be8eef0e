"""Satti's coach against values computed without it, on endgames whose worlds can be listed.

Where the Sevens family and Badugi walk every line of play to the end (tests/test_coach.py,
tests/test_coach_badugi.py), Satti cannot: the rules put no bound on a round (SAT-PILE-1
reshuffles the played cards back into the pile), and random play has a long tail.  Measured
on two-player endgames with two cards in the hand and both piles empty: a walk of every line
with merged positions passes 200,000 positions before depth 10, and a quarter of the rounds
are still going after 14 moves.  So the value of each world is taken from many play-outs
instead, and everything else is exact:

* the position is set up by hand (``rules.position``), so the worlds consistent with seat 0's
  view are exactly the ways to put the cards it has not seen into the other hands, the
  discards and the draw pile (in every order), all equally likely; the test lists them
  itself, without the sampler;
* the reference value of a move is the average over every listed world (each world counts
  the same) of the mean of :data:`PER_MOVE` play-outs spread evenly over the worlds
  (stratified), each from its own reshuffle seed; it is many times more precise than the
  coach's estimate from :data:`WORLDS` worlds, and its own standard error is carried into the
  share of intervals that should cover it;
* every move meets the same worlds and play-out seeds in the reference, so its differences
  are paired as the coach's are.

The coach's 95% interval must cover the reference about as often as the two errors together
allow (a one-sided binomial margin at 1%), its estimates must be unbiased (their errors, in
combined standard errors, average about 0) and not padded (where the result is uncertain,
some intervals miss).
"""
from __future__ import annotations

import math
import random
from itertools import combinations, permutations
from statistics import NormalDist
from typing import Any, Iterator

import pytest

import rulebook
from rulebook.cards import ALL_CARDS
from rulebook.coach import coach, t_quantile
from rulebook.games.satti import coach as room

POSITIONS = 96
"""How many endgames are asked about."""
WORLDS = 60
"""The coach's worlds per position."""
PER_MOVE = 1500
"""The reference's play-outs per move, spread evenly over the listed worlds."""

# (players, hand sizes with seat 0 first, draw pile, discards, top: "any" or "seven", options)
SHAPES: list[tuple[int, list[int], int, int, str, dict[str, Any]]] = [
    (2, [4, 47], 0, 0, "any", {}),  # both piles empty: seat 0 knows seat 1's hand
    (3, [4, 1, 46], 0, 0, "any", {}),  # which card seat 1 holds: 47 worlds
    (2, [3, 47], 1, 0, "any", {"play_after_draw": False}),  # which card is the pile
    (2, [46, 2], 2, 1, "seven", {}),  # a 7 to answer: 60 worlds
    (3, [45, 2, 2], 1, 1, "seven", {}),  # 180 worlds
    (3, [4, 1, 46], 0, 0, "any", {"seven_stacking": False}),
]
DECK = [c.text for c in ALL_CARDS]


def _worlds(unseen: list[str], sizes: list[int], pile: int,
            discards: int) -> Iterator[tuple[list[str], str, str]]:
    """Every way to put ``unseen`` into the other hands (``sizes``), the discards (a set) and
    the draw pile (an order): (other hands, discards, pile)."""
    def hands(cards: list[str], left: list[int]) -> Iterator[tuple[list[str], list[str]]]:
        if not left:
            yield [], cards
            return
        for pick in combinations(cards, left[0]):
            rest = [c for c in cards if c not in pick]
            for more, remaining in hands(rest, left[1:]):
                yield [" ".join(pick), *more], remaining
    for others, rest in hands(unseen, sizes):
        for under in combinations(rest, discards):
            left = [c for c in rest if c not in under]
            assert len(left) == pile
            for order in permutations(left):
                yield others, " ".join(under), " ".join(order)


def _position(rng: random.Random, shape: tuple[Any, ...]) -> tuple[Any, dict[str, Any]] | None:
    players, sizes, pile, discards, top_kind, options = shape
    rules = rulebook.load_rules("satti", **options)
    deck = DECK[:]
    rng.shuffle(deck)
    if top_kind == "seven":
        top = next(c for c in deck if c[0] == "7")
        penalty = 2
    else:
        top = next(c for c in deck if c[0] != "7")
        penalty = 0
    deck.remove(top)
    own, unseen = deck[:sizes[0]], deck[sizes[0]:]
    others = list(_worlds(unseen, sizes[1:], pile, discards))
    first = others[0]
    state = rules.position(top=top, penalty=penalty, hands=[" ".join(own), *first[0]],
                           draw_pile=first[2], discards=first[1], to_move=0)
    moves = state.legal_moves()
    if not 2 <= len(moves) <= 5:
        return None
    return state, {"rules": rules, "top": top, "penalty": penalty, "own": " ".join(own),
                   "worlds": others}


def _reference(state: Any, setup: dict[str, Any], rng: random.Random
               ) -> tuple[list[list[list[float]]], list[str]]:
    """Seat 0's places ``[world][play-out][move]``: every listed world, the same number of
    play-outs in each, and the same reshuffle seed and play-out seed for every move of one
    play-out (paired)."""
    per_world = max(2, math.ceil(PER_MOVE / len(setup["worlds"])))
    moves = [str(m) for m in state.legal_moves()]
    places: list[list[list[float]]] = []
    for others, under, pile in setup["worlds"]:
        rows = []
        for _ in range(per_world):
            world = setup["rules"].position(
                top=setup["top"], penalty=setup["penalty"], hands=[setup["own"], *others],
                draw_pile=pile, discards=under, to_move=0, seed=rng.getrandbits(40))
            play_seed = rng.getrandbits(40)
            rows.append([room.rollout(world.play(m), "random", play_seed)[0] for m in moves])
        places.append(rows)
    return places, moves


def _value_and_error(places: list[list[list[float]]], i: int,
                     base: int | None = None) -> tuple[float, float]:
    """Move ``i``'s stratified mean over the worlds (minus move ``base``'s, paired, when
    given) and its standard error."""
    worlds = len(places)
    total = var = 0.0
    for rows in places:
        xs = [r[i] - (0.0 if base is None else r[base]) for r in rows]
        mean = math.fsum(xs) / len(xs)
        total += mean
        var += math.fsum((x - mean) ** 2 for x in xs) / (len(xs) - 1) / len(xs)
    return total / worlds, math.sqrt(var) / worlds


@pytest.mark.clause("SAT-PILE-1", "SAT-END-4", "SAT-END-5", "SAT-SEVEN-2", "SAT-TURN-4")
def test_the_coach_interval_covers_the_listed_worlds_value() -> None:
    rng = random.Random(23)
    covered = expected = variance = 0.0
    total = spread = spread_covered = 0
    errors: list[float] = []
    diff_covered = diff_expected = diff_variance = 0.0
    diff_total = 0
    tq = t_quantile(WORLDS - 1)
    share = 1 - 0.025 ** (1 / WORLDS)  # see rulebook.coach.mean_interval
    positions = 0
    shape_index = 0
    while positions < POSITIONS:
        made = _position(rng, SHAPES[shape_index % len(SHAPES)])
        shape_index += 1
        if made is None:
            continue
        state, setup = made
        positions += 1
        places, moves = _reference(state, setup, rng)
        advice = coach(state, worlds=WORLDS, policy="random", seed=positions)
        assert [str(e.move) for e in advice.moves] == moves
        best = moves.index(str(advice.best.move))
        for i, entry in enumerate(advice.moves):
            value, err = _value_and_error(places, i)
            inside = entry.low - 1e-9 <= value <= entry.high + 1e-9
            total += 1
            players = state.players
            if (entry.low, entry.high) == pytest.approx(
                    (entry.mean - share * (entry.mean - 1),
                     entry.mean + share * (players - entry.mean)), abs=1e-12):
                # every world gave one result: the interval reaches towards 1st and last place
                # by the share of other results the worlds still allow (at least 95%)
                covered += inside
                expected += 1.0 if err == 0 else 0.95
                variance += 0.0 if err == 0 else 0.95 * 0.05
            else:
                se = (entry.high - entry.low) / 2 / tq
                # the chance this interval covers a reference that is off by its own error
                p = 2 * NormalDist().cdf(tq * se / math.hypot(se, err)) - 1
                covered += inside
                expected += p
                variance += p * (1 - p)
                spread += 1
                spread_covered += inside
                errors.append((entry.mean - value) / math.hypot(se, err))
            if i != best:
                d, d_err = _value_and_error(places, i, best)
                span = players - 1
                if (entry.diff_low, entry.diff_high) == pytest.approx(
                        (entry.diff - share * (entry.diff + span),
                         entry.diff + share * (span - entry.diff)), abs=1e-12):
                    q = 1.0 if d_err == 0 else 0.95  # one difference in every world
                else:
                    d_se = (entry.diff_high - entry.diff_low) / 2 / tq
                    q = 2 * NormalDist().cdf(tq * d_se / math.hypot(d_se, d_err)) - 1
                diff_covered += entry.diff_low - 1e-9 <= d <= entry.diff_high + 1e-9
                diff_expected += q
                diff_variance += q * (1 - q)
                diff_total += 1
    assert total >= 250 and spread >= 180 and diff_total >= 80, (total, spread, diff_total)
    assert covered >= expected - 2.33 * math.sqrt(variance), (covered, expected, total)
    assert diff_covered >= diff_expected - 2.33 * math.sqrt(diff_variance), \
        (diff_covered, diff_expected, diff_total)
    assert spread_covered / spread <= 0.995, (spread_covered, spread)
    assert abs(sum(errors) / len(errors)) < 0.15, sum(errors) / len(errors)
