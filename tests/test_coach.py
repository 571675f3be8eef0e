"""The coach (rulebook.coach) and the Sevens family's coach room, checked.

(a) No peeking: two states whose views for the seat are equal give the same advice.
(b) The sampler: every world it draws has the view it was drawn from, replays the history and
    respects every proven absence; over small positions its draws are uniform over the
    consistent deals, which an oracle here lists by replaying the history on every possible
    deal (a chi-square test).
(c) Exact endgames: the exact expected result of every move (every consistent world, every
    random choice: an expectimax over uniformly random players written here) lies inside the
    coach's own 95% interval in at least 95% of a few hundred small endgames.
(d) Determinism for a seed, the play-outs draw for draw ``autoplay``'s, the notes true.
(e) Refusals: short typed errors.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import random
import sys
from collections import Counter
from pathlib import Path
from statistics import NormalDist

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulebook
from rulebook import load_rules
from rulebook.cards import FULL_MASK, CardSet
from rulebook.coach import (Advice, ExpertBot, MoveValue, advise, coach, mean_interval,
                            t_quantile, views_equal)
from rulebook.errors import IllegalMove, RulesError
from rulebook.games.sevens import coach as room
from rulebook.games.sevens.core import SEVENS
from rulebook.protocol import TurnRandom, autoplay, make_bot

HOUSE = ("sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
         "one_final_turn")


# -- helpers -----------------------------------------------------------------------------------
def random_moves(state, count, rng):
    """``state`` after up to ``count`` uniformly random legal moves."""
    for _ in range(count):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def played_by(view):
    """The cards each seat has played, from the public log."""
    played = [0] * view.players
    for event in view.events:
        if event.kind == "play":
            played[event.seat] |= event.card.mask
    return played


def splits(cards, sizes):
    """Every way to deal the list ``cards`` into hands of ``sizes`` (masks)."""
    if not sizes:
        yield ()
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        mask = sum(1 << c for c in chosen)
        rest = [c for c in cards if not mask >> c & 1]
        for tail in splits(rest, sizes[1:]):
            yield (mask,) + tail


def _replayed(rules, state, start, seat, view):
    """The deal dealt ``start`` (each seat's starting hand, a mask) with ``state``'s moves
    replayed, when they are legal there and give ``seat`` the very ``view``; else None."""
    opener = next(s for s in range(len(start)) if start[s] >> rules.opening & 1)
    world = rules.position(table="", hands=[str(CardSet(h)) for h in start],
                           to_move=opener, dealer=state.dealer)
    try:
        world = world.play_all(list(state.history))
    except IllegalMove:
        return None
    return world if views_equal(world.view(seat), view) else None


def consistent_worlds(state, seat):
    """The oracle: every deal of the unseen cards to the other seats (in their sizes) under
    which the deal's history replays move for move and gives ``seat`` the very same view;
    each as (the other seats' hands, the world's state).  ``state`` must be a fresh deal
    (``new_deal``) played on."""
    rules = state.rules
    view = state.view(seat)
    played = played_by(view)
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for c in range(52) if not (view.table_mask | view.hand_mask) >> c & 1]
    worlds = []
    for hands in splits(unseen, [view.hand_sizes[s] for s in others]):
        current = [0] * state.players
        current[seat] = view.hand_mask
        for s, h in zip(others, hands):
            current[s] = h
        start = [current[s] | played[s] for s in range(state.players)]
        world = _replayed(rules, state, start, seat, view)
        if world is not None:
            worlds.append((hands, world))
    return worlds


def small_endgame(rules, players, rng, unseen_at_most, tries=400):
    """A position from a real deal (random play) where the seat to move sees at most
    ``unseen_at_most`` hidden cards, or None."""
    for _ in range(tries):
        state = rules.new_deal(players=players, seed=rng.randrange(10**9),
                               dealer=rng.randrange(players))
        while not state.is_over:
            view = state.view(state.to_move)
            unseen = 52 - len(view.table) - len(view.hand)
            if unseen <= unseen_at_most and len(state.legal_moves()) >= 1:
                return state
            state = state.play(rng.choice(state.legal_moves()))
    return None


def exact_value(state, seat, memo):
    """The exact expected result of ``seat`` when every seat plays uniformly at random from
    ``state`` on (an expectimax over every random choice)."""
    if state.is_over:
        return float(state.outcome.points[seat])
    key = (tuple(h.mask for h in state.hands), state.table.mask, state.to_move,
           state.passes_left, state.eliminated, state.stacks, state.pool, state.winner)
    if key not in memo:
        moves = state.legal_moves()
        memo[key] = math.fsum(exact_value(state.play(m), seat, memo) for m in moves) / len(moves)
    return memo[key]


def chi_square_critical(df, p=0.999):
    """The chi-square quantile (scipy's when installed, else Wilson-Hilferty)."""
    try:
        from scipy.stats import chi2
    except ImportError:
        z = NormalDist().inv_cdf(p)
        return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    return float(chi2.ppf(p, df))


# -- (a) no peeking ---------------------------------------------------------------------------
@pytest.mark.clause("BS-INFO-1")
def test_two_positions_with_the_same_view_get_the_same_advice():
    rules = load_rules("badam-satti")
    table = "3S-TS 7H-QH 5C-9C 7D-8D"
    hands = ["JS QS KS 2C 9D", "AS 2S KH 4C TC", "AH 2H 3H JC QC", None]
    a = rules.position(table=table, hands=hands, to_move=0)
    swapped = [hands[0], hands[2], hands[1], None]
    b = rules.position(table=table, hands=swapped, to_move=0)
    assert a.hands[1] != b.hands[1]
    assert views_equal(a.view(0), b.view(0))
    for policy in ("random", "smart"):
        first = coach(a, worlds=80, policy=policy, seed=3)
        second = coach(b, worlds=80, policy=policy, seed=3)
        assert first == second
        assert first.sentences() == second.sentences()


@pytest.mark.clause("BS-INFO-1", "BS-INFO-4", "BS-INFO-5")
def test_mid_deal_worlds_with_the_same_view_get_the_same_advice():
    """A real deal with a history (passes included) and another deal, the hidden cards of two
    seats exchanged, under which the same history gives the seat the same view."""
    rules = load_rules("badam-satti")
    rng = random.Random(11)
    state = random_moves(rules.new_deal(players=4, seed=5), 30, rng)
    seat = state.to_move
    view = state.view(seat)
    assert any(view.known_absent(s) for s in range(4) if s != seat)
    played = played_by(view)
    others = [s for s in range(4) if s != seat]
    twin = None
    for x, y in itertools.combinations(others, 2):
        for a_card in state.hand(x):
            for b_card in state.hand(y):
                current = [h.mask for h in state.hands]
                current[x] ^= a_card.mask | b_card.mask
                current[y] ^= a_card.mask | b_card.mask
                start = [current[s] | played[s] for s in range(4)]
                world = _replayed(rules, state, start, seat, view)
                if world is not None:
                    twin = world
                    break
            if twin:
                break
        if twin:
            break
    assert twin is not None and twin.hands != state.hands
    assert coach(state, worlds=60, policy="smart", seed=9) == \
        coach(twin, worlds=60, policy="smart", seed=9)
    assert coach(state, worlds=60, policy="random", seed=9) == \
        coach(twin, worlds=60, policy="random", seed=9)


def test_the_coach_reads_only_the_view():
    """advise(view) is coach(state): the state itself is never consulted."""
    rules = load_rules("sevens")
    state = random_moves(rules.new_deal(players=5, seed=2), 12, random.Random(2))
    assert coach(state, worlds=30, seed=1) == advise(state.view(state.to_move), worlds=30,
                                                      seed=1)


# -- (b) the sampler ------------------------------------------------------------------------
@st.composite
def positions(draw):
    profile = draw(st.sampled_from(["badam-satti", "badam-satti-app", "sevens"]))
    if profile == "badam-satti":
        options = dict(zip(HOUSE, draw(st.tuples(*[st.booleans()] * len(HOUSE)))))
        players = draw(st.integers(3, 6))
    elif profile == "badam-satti-app":
        options = {}
        players = draw(st.integers(3, 7))
    else:
        options = {"stack": draw(st.integers(0, 20))}
        players = draw(st.integers(3, 7))
    rules = load_rules(profile, **options)
    rng = random.Random(draw(st.integers(0, 2**32)))
    state = rules.new_deal(players=players, seed=rng.randrange(10**6),
                           dealer=rng.randrange(players))
    state = random_moves(state, draw(st.integers(0, 60)), rng)
    return state, draw(st.integers(0, 2**32))


@pytest.mark.clause("BS-INFO-1", "BS-INFO-4", "BS-INFO-5", "BS-INFO-6", "BS-HR-5", "BS-HR-6",
                    "BS-HR-10", "BS-HR-16")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_a_sampled_world_has_the_view_it_was_drawn_from(case):
    state, seed = case
    if state.is_over:
        return
    seat = state.to_move
    view = state.view(seat)
    world = room.sample(view, random.Random(seed))
    assert views_equal(world.view(seat), view)
    assert world.history == state.history
    # the hidden hands: the unseen cards, in the right sizes, none proven absent
    assert sum(h.mask for h in world.hands) | view.table_mask == FULL_MASK
    assert world.hand(seat) == state.hand(seat)
    for s in range(state.players):
        assert len(world.hand(s)) == len(state.hand(s))
        if s != seat:
            assert not world.hand(s).mask & view.known_absent(s).mask
    # the world is a real deal: its start replays the history to the same view
    replayed = world.start().play_all(list(world.history))
    assert views_equal(replayed.view(seat), view)
    assert replayed.hands == world.hands
    assert replayed.legal_moves() == world.legal_moves() == state.legal_moves()
    # and its origin is a position the rules set up again
    again = state.rules.position(**world.origin["args"])
    assert again.hands == world.start().hands and again.to_move == world.start().to_move
    assert [str(e) for e in world.move_log()] == [str(e) for e in replayed.move_log()]
    result = room.rollout(world, "random", seed)
    assert len(result) == state.players


@pytest.mark.clause("BS-INFO-4", "BS-INFO-5", "BS-INFO-6", "BS-HR-5", "BS-HR-6", "BS-HR-10",
                    "BS-HR-12", "BS-HR-16", "BS-HR-17", "BS-CHIP-4")
def test_every_position_of_whole_deals_under_every_house_rule_combination():
    """A world is drawn at every turn of a deal under each of the 64 house-rule combinations
    (final turns and eliminations included) and of the other two profiles: each keeps the
    view, replays from its start and plays out as autoplay does."""
    rng = random.Random(0)
    finals = eliminations = 0
    cases = [load_rules("badam-satti", **dict(zip(HOUSE, bits)))
             for bits in itertools.product((False, True), repeat=len(HOUSE))]
    cases += [load_rules("sevens", stack=5)] * 2 + [load_rules("badam-satti-app")] * 2
    for rules in cases:
        players = rng.randrange(3, 7)
        state = rules.new_deal(players=players, seed=rng.randrange(10**6),
                               dealer=rng.randrange(players))
        while not state.is_over:
            view = state.view(state.to_move)
            world = room.sample(view, rng)
            assert views_equal(world.view(view.seat), view)
            replayed = world.start().play_all(list(world.history))
            assert views_equal(replayed.view(view.seat), view) and replayed.hands == world.hands
            if state.winner is not None or state.eliminated:
                finals += state.winner is not None
                eliminations += bool(state.eliminated)
                seed = rng.randrange(1000)
                assert tuple(room.rollout(world, "random", seed)) == tuple(
                    float(p) for p in autoplay(world, "random", seed).outcome.points)
            state = state.play(rng.choice(state.legal_moves()))
    assert finals >= 20 and eliminations >= 100


def _uniformity(state, samples):
    seat = state.to_move
    view = state.view(seat)
    oracle = {hands for hands, _ in consistent_worlds(state, seat)}
    others = [s for s in range(state.players) if s != seat]
    rng = random.Random(1)
    counts = Counter()
    for _ in range(samples):
        world = room.sample(view, rng)
        counts[tuple(world.hand(s).mask for s in others)] += 1
    assert set(counts) <= oracle, "the sampler drew a deal the history rules out"
    assert set(counts) == oracle, "the sampler never drew some consistent deals"
    expected = samples / len(oracle)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in oracle)
    return chi2, len(oracle) - 1


@pytest.mark.clause("BS-INFO-4", "BS-INFO-5")
def test_the_sampler_is_uniform_over_the_consistent_deals():
    """Small positions with proven absences (8 or so hidden cards between two seats): the
    draws hit every consistent deal and no other, as often as each other."""
    rules = load_rules("badam-satti")
    rng = random.Random(4)
    checked = 0
    while checked < 4:
        state = small_endgame(rules, 3, rng, unseen_at_most=8)
        view = state.view(state.to_move)
        absent = [view.known_absent(s).mask & ~view.table_mask
                  for s in range(3) if s != state.to_move]
        if not any(absent):
            continue
        chi2, df = _uniformity(state, 3000)
        if df < 2:
            continue
        assert chi2 < chi_square_critical(df), (chi2, df)
        checked += 1


@pytest.mark.clause("BS-HR-5", "BS-HR-6", "BS-HR-10", "BS-INFO-6")
def test_the_sampler_is_uniform_under_sevens_first_and_limited_passes():
    """Under sevens_first a play of another card than a 7 proves its player held no 7; under
    limited_passes a pass proves nothing (but an elimination does): the oracle replays
    every deal, so the sampler must know all of it."""
    rng = random.Random(8)
    for options in ({"sevens_first": True}, {"limited_passes": True},
                    {"sevens_first": True, "limited_passes": True}):
        rules = load_rules("badam-satti", **options)
        checked = 0
        while checked < 2:
            state = small_endgame(rules, 3, rng, unseen_at_most=8)
            if state is None:
                continue
            chi2, df = _uniformity(state, 2000)
            if df < 2:
                continue
            assert chi2 < chi_square_critical(df), (options, chi2, df)
            checked += 1


@pytest.mark.clause("BS-HR-5")
def test_a_play_past_a_seven_under_sevens_first_keeps_sevens_out_of_that_hand():
    rules = load_rules("badam-satti", sevens_first=True)
    rng = random.Random(3)
    for _ in range(50):
        state = random_moves(rules.new_deal(players=4, seed=rng.randrange(10**6)), 25, rng)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        for seat in range(4):
            plays = [e for e in view.events[1:] if e.seat == seat and e.kind == "play"
                     and not e.card.mask & SEVENS]
            if seat != view.seat and plays:
                for k in range(20):
                    world = room.sample(view, random.Random(k))
                    assert not world.hand(seat).mask & SEVENS


# -- (c) exact endgames --------------------------------------------------------------------------
ENDGAME_RULES = [("badam-satti", {}, 3), ("badam-satti", {}, 4),
                 ("badam-satti", {"limited_passes": True}, 3), ("sevens", {}, 3),
                 ("badam-satti", {"sevens_first": True, "one_final_turn": True}, 3),
                 ("badam-satti-app", {}, 4)]


def _endgames(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        profile, options, players = ENDGAME_RULES[len(out) % len(ENDGAME_RULES)]
        rules = load_rules(profile, **options)
        state = small_endgame(rules, players, rng, unseen_at_most=6)
        if state is not None and not state.is_over:
            out.append(state)
    return out


@pytest.mark.clause("BS-INFO-4", "BS-END-2", "BS-CHIP-5", "BS-HR-8", "BS-HR-16")
def test_the_coach_interval_covers_the_exact_value_in_small_endgames():
    """Every move of 200 small endgames (6 rulesets, 3 and 4 players): the exact value lies in
    the coach's 95% interval about 95% of the time.  The interval is a 95% one, so the share
    covered is itself a random number around 0.95: the test asks that it is not below 95% by
    more than chance allows (a one-sided binomial test at 1%), that the intervals are not
    padded (where the result is uncertain at all, some miss), and that the estimates are not
    biased (their errors, in standard errors, average about 0): a sampler that drew the wrong
    worlds, or play-outs that played another game, fail the last check first."""
    covered = total = 0
    spread_covered = spread_total = 0
    diff_covered = diff_total = 0
    errors = []
    for i, state in enumerate(_endgames(200, seed=21)):
        seat = state.to_move
        worlds = [w for _, w in consistent_worlds(state, seat)]
        memo: dict = {}
        moves = state.legal_moves()
        exact = {str(m): math.fsum(exact_value(w.play(m), seat, memo) for w in worlds)
                 / len(worlds) for m in moves}
        advice = coach(state, worlds=200, policy="random", seed=i)
        best = str(advice.best.move)
        for entry in advice.moves:
            value = exact[str(entry.move)]
            inside = entry.low - 1e-9 <= value <= entry.high + 1e-9
            covered += inside
            total += 1
            if entry.high > entry.low:
                spread_covered += inside
                spread_total += 1
                errors.append((entry.mean - value) / ((entry.high - entry.low) / (2 * 1.972)))
            if str(entry.move) != best:
                d = value - exact[best]
                diff_covered += entry.diff_low - 1e-9 <= d <= entry.diff_high + 1e-9
                diff_total += 1
    assert total >= 300 and spread_total >= 250 and diff_total >= 100
    allowed = 0.95 - 2.33 * math.sqrt(0.95 * 0.05 / total)
    assert covered / total >= allowed, (covered, total)
    assert diff_covered / diff_total >= 0.95 - 2.33 * math.sqrt(0.95 * 0.05 / diff_total), \
        (diff_covered, diff_total)
    assert spread_covered / spread_total <= 0.995, (spread_covered, spread_total)
    assert abs(sum(errors) / len(errors)) < 0.15, sum(errors) / len(errors)


# -- (d) determinism, play-outs, notes, the expert ---------------------------------------------
def test_the_same_seed_gives_the_same_advice_and_another_seed_other_numbers():
    rules = load_rules("badam-satti")
    state = random_moves(rules.new_deal(players=4, seed=7), 20, random.Random(7))
    first = coach(state, worlds=100, seed=5)
    assert first == coach(state, worlds=100, seed=5)
    assert first == rulebook.coach(state, worlds=100, seed=5)  # the module is callable
    other = coach(state, worlds=100, seed=6)
    assert [e.mean for e in other.moves] != [e.mean for e in first.moves]
    assert isinstance(first, Advice) and rulebook.Advice is Advice


def test_advice_shape_frame_and_sentences():
    rules = load_rules("badam-satti")
    state = random_moves(rules.new_deal(players=4, seed=7), 20, random.Random(7))
    while len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[0])
    advice = coach(state, worlds=200, policy="smart", seed=1)
    assert [e.move for e in advice.moves] == state.legal_moves()
    assert advice.measure == "penalty points" and advice.lower_is_better
    best = advice.best
    assert best.mean == min(e.mean for e in advice.moves)
    assert (best.diff, best.diff_low, best.diff_high) == (0.0, 0.0, 0.0)
    for e in advice.moves:
        assert isinstance(e, MoveValue)
        assert e.low <= e.mean <= e.high and e.win_low <= e.win <= e.win_high
        assert e.diff_low <= e.diff <= e.diff_high
        assert e.diff == pytest.approx(e.mean - best.mean)
    frame = advice.frame()
    assert list(frame["move"]) == [str(m) for m in state.legal_moves()]
    assert frame["best"].sum() == 1 and frame.attrs["measure"] == "penalty points"
    words = advice.sentences()
    assert words[0].startswith(best.note[:1].upper() + best.note[1:])
    assert "95% CI" in words[0] and all("Play(" not in s and "'" not in s for s in words)
    assert "you win the deal" in words[-2] and "200 deals" in words[-1]
    chips = coach(load_rules("sevens").new_deal(players=4, seed=1), worlds=20, seed=1)
    assert chips.measure == "net chips" and not chips.lower_is_better
    assert "only legal move" in chips.sentences()[0]


def test_advice_sentence_example_shape():
    """Two moves clearly apart: the sentence says how many points fewer, with the interval of
    the paired difference, and every number in it is the advice's."""
    rules = load_rules("badam-satti")
    state = rules.position(table="7S 7H 7C 7D", hands=["8S 9S TS 6C KD QD", None, None, None],
                           to_move=0)
    advice = coach(state, worlds=300, policy="smart", seed=2)
    best = advice.best
    runner = min((e for e in advice.moves if e is not best), key=lambda e: e.mean)
    assert runner.diff_low > 0
    sentence = advice.sentences()[0]
    assert f"than {runner.move.pretty()} (95% CI " in sentence and "penalty points fewer" in sentence
    assert sentence.startswith("8♠ makes your 9♠ playable: about ")
    low, high = sentence.split("(95% CI ")[1].rstrip(").").split(" to ")
    assert float(low.replace("−", "-")) == pytest.approx(runner.diff_low, abs=0.051)
    assert float(high.replace("−", "-")) == pytest.approx(runner.diff_high, abs=0.051)


@pytest.mark.clause("BS-MOVE-1", "BS-INFO-2")
def test_move_notes_say_only_what_the_table_shows():
    rules = load_rules("badam-satti", ace_high=True, eight_before_six=True)
    rng = random.Random(5)
    for _ in range(40):
        state = random_moves(rules.new_deal(players=4, seed=rng.randrange(10**6)),
                             rng.randrange(40), rng)
        if state.is_over:
            continue
        view = state.view(state.to_move)
        hand = state.hand(state.to_move)
        for move in state.legal_moves():
            note = room.move_note(view, move)
            if str(move) == "pass":
                continue
            after = state.play(move)
            opened = after.playable().mask & ~state.playable().mask & ~after.table.mask
            assert note.startswith(move.pretty())
            if "makes your" in note:
                named = note.split("makes your ")[1].split(" playable")[0]
                assert CardSet(opened & hand.mask & ~move.card.mask).pretty().split() == \
                    sorted(named.replace(",", "").replace(" and ", " ").split(),
                           key=lambda c: CardSet(c.replace("♠", "S").replace("♥", "H")
                                                 .replace("♦", "D").replace("♣", "C")
                                                 .replace("10", "T")).mask)
            if "for the other players" in note:
                assert opened & ~hand.mask
            if note.endswith("frees no other card"):
                assert not opened


@pytest.mark.clause("BS-END-2", "BS-CHIP-5", "BS-HR-8", "BS-HR-10", "BS-HR-16")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(["random", "smart"]))
def test_a_rollout_plays_what_autoplay_plays(case, policy):
    state, seed = case
    if state.is_over:
        return
    result = room.rollout(state, policy, seed)
    end = autoplay(state, policy, seed)
    assert tuple(result) == tuple(float(p) for p in end.outcome.points)
    assert result.winners == end.outcome.winners


def test_the_expert_keeps_the_smart_move_unless_the_coach_finds_it_clearly_worse():
    rules = load_rules("badam-satti")
    bot = make_bot("sevens", "expert")
    assert isinstance(bot, ExpertBot) and bot.name == "expert"
    rng = random.Random(3)
    switched = kept = 0
    for k in range(30):
        state = random_moves(rules.new_deal(players=4, seed=k), rng.randrange(5, 30), rng)
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        view = state.view(state.to_move)
        turn = TurnRandom(4)
        turn.start_turn(len(state.history))
        move = bot.choose(view, turn)
        again = TurnRandom(4)
        again.start_turn(len(state.history))
        smart = make_bot("sevens", "smart").choose(view, again)
        advice = advise(view, worlds=40, policy="smart", seed=again.raw())
        if advice.value(smart).clearly_worse:
            assert move == advice.best.move and move != smart
            switched += 1
        else:
            assert move == smart
            kept += 1
    assert switched and kept
    end = autoplay(rules.new_deal(players=3, seed=1), ["expert", "smart", "random"], seed=2)
    assert end.is_over


# -- (e) refusals ---------------------------------------------------------------------------------
def test_the_coach_refuses_bad_arguments_with_short_typed_errors():
    rules = load_rules("badam-satti")
    state = random_moves(rules.new_deal(players=4, seed=7), 5, random.Random(7))
    other = (state.to_move + 1) % 4
    cases = [
        ({"seat": other}, "not to move"),
        ({"seat": 4}, "not at this table"),
        ({"seat": True}, "not at this table"),
        ({"worlds": 0}, "worlds"),
        ({"worlds": 100_001}, "worlds"),
        ({"worlds": 2.5}, "worlds"),
        ({"worlds": True}, "worlds"),
        ({"policy": "nobody"}, "nobody"),
        ({"policy": 3}, "policy"),
        ({"policy": "expert"}, "expert"),
        ({"seed": 1.5}, "seed"),
    ]
    for kwargs, word in cases:
        with pytest.raises(RulesError) as info:
            coach(state, **kwargs)
        assert word in str(info.value) and len(str(info.value)) < 200, kwargs
    finished = autoplay(state, "random", seed=1)
    with pytest.raises(RulesError, match="over"):
        coach(finished)
    with pytest.raises(RulesError, match="game state"):
        coach("7H")
    with pytest.raises(RulesError):
        room.sample("not a view", random.Random(0))


def test_a_game_without_a_coach_room_is_refused():
    plugins = Path(__file__).resolve().parent / "plugins"
    if str(plugins) not in sys.path:
        sys.path.insert(0, str(plugins))
    import climb
    from rulebook.rules import register_game, unregister_game

    profile = register_game(climb.PROFILE)
    try:
        state = load_rules(profile.id).new_deal(players=3, seed=1)
        with pytest.raises(RulesError, match="no coach"):
            coach(state)
        rng = TurnRandom(0)
        rng.start_turn(0)
        with pytest.raises(RulesError, match="no coach"):
            ExpertBot().choose(state.view(state.to_move), rng)
        with pytest.raises(RulesError, match="expert"):
            make_bot(state.rules.game, "expert")
    finally:
        unregister_game(profile.id)


def test_progress_is_told_and_can_stop_the_work():
    rules = load_rules("badam-satti")
    state = random_moves(rules.new_deal(players=4, seed=7), 20, random.Random(7))
    told = []
    coach(state, worlds=40, progress=lambda done, total: told.append((done, total)))
    assert told[-1] == (40, 40) and all(b == 40 for _, b in told) and len(told) >= 2

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        coach(state, worlds=40, progress=stop)
    # random play-outs go through the room's batch, BATCH_WORLDS worlds at a time: progress
    # after each group, and a Stop between two groups
    from rulebook.coach import BATCH_WORLDS

    told.clear()
    coach(state, worlds=2 * BATCH_WORLDS + 7, policy="random",
          progress=lambda done, total: told.append((done, total)))
    total = 2 * BATCH_WORLDS + 7
    assert told == [(BATCH_WORLDS, total), (2 * BATCH_WORLDS, total), (total, total)]
    with pytest.raises(Stop):
        coach(state, worlds=total, policy="random", progress=stop)


def test_the_statistics_helpers():
    assert t_quantile(1) == pytest.approx(12.7062, abs=1e-3)
    assert t_quantile(2) == pytest.approx(4.3027, abs=1e-3)
    assert t_quantile(5) == pytest.approx(2.5706, abs=1e-3)
    assert t_quantile(30) == pytest.approx(2.0423, abs=1e-4)
    assert t_quantile(10_000) == pytest.approx(1.9602, abs=1e-4)
    assert mean_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)
    mean, low, high = mean_interval([0.0, 1.0])
    assert mean == 0.5 and low == pytest.approx(0.5 - 12.7062 * 0.5, abs=1e-3)
    assert mean_interval([3.0])[1:] == (-math.inf, math.inf)
    # no spread but known bounds: the interval still allows the other results (Clopper-Pearson)
    share = 1 - 0.025 ** (1 / 60)
    assert mean_interval([2.0] * 60, (1.0, 4.0)) == pytest.approx((2.0, 2.0 - share,
                                                                    2.0 + 2 * share))
    assert mean_interval([1.0] * 60, (1.0, 2.0)) == pytest.approx((1.0, 1.0, 1.0 + share))
    # with spread: the t interval, cut at the bounds
    assert mean_interval([1.0, 2.0, 2.0, 2.0], (0.0, 9.0)) == mean_interval([1.0, 2.0, 2.0, 2.0])
    assert mean_interval([1.0, 2.0], (1.0, 2.0)) == (1.5, 1.0, 2.0)
    assert dataclasses.is_dataclass(Advice)


@pytest.mark.clause("BS-END-2", "BS-INFO-5")
def test_sevens_intervals_stay_between_no_points_and_the_hand_s_value():
    """A seat's penalty points end between 0 (it goes out) and what its hand is worth now (no
    card enters a hand): the coach's intervals never leave those bounds, and a move whose
    worlds all gave the same points is not called certain (its interval reaches a little
    towards the other bound).  In the chips game there is no such bound."""
    from rulebook.games.sevens import coach as room
    from rulebook.games.sevens.core import hand_points

    rules = load_rules("badam-satti")
    # seat 0 holds 9S and 8D, both playable now and so at its next turn too (the table only
    # grows): whichever it plays, it goes out next, with 0 points in every world
    state = rules.position(table="7S 7H 7C 7D 8S", hands=["9S 8D", None, None, None],
                           to_move=0)
    view = state.view(0)
    top = float(hand_points(view.hand_mask, rules.values))
    assert room.bounds(view) == (0.0, top) and top > 0
    advice = coach(state, worlds=60, policy="random", seed=3)
    for entry in advice.moves:
        assert 0.0 <= entry.low <= entry.mean <= entry.high <= top, entry
        assert -top <= entry.diff_low <= entry.diff <= entry.diff_high <= top, entry
    sure = [e for e in advice.moves if e.mean == 0.0]
    assert len(sure) == 2 and all(e.low == 0.0 and 0.0 < e.high < top * 0.1 for e in sure)
    assert room.bounds(load_rules("sevens").new_deal(players=4, seed=1).view(0)) is None


SEVENS_BATCH_CASES = [
    ("badam-satti", {}, 4),
    ("badam-satti", {"limited_passes": True, "one_final_turn": True, "sevens_first": True}, 5),
    ("badam-satti", {"limited_passes": True}, 3),
    ("badam-satti", {"one_final_turn": True}, 4),
    ("badam-satti", {"ace_high": True, "eight_before_six": True, "flat_10": True}, 3),
    ("badam-satti-app", {"scoring": "court_11_12_13"}, 6),
    ("sevens", {}, 7),
    ("sevens", {"stack": 5}, 4),
]


@pytest.mark.parametrize("profile, options, players", SEVENS_BATCH_CASES,
                         ids=[f"{p}-{'-'.join(o) or 'plain'}-{n}"
                              for p, o, n in SEVENS_BATCH_CASES])
def test_sevens_rollout_worlds_is_every_move_s_rollout(profile, options, players, monkeypatch):
    """The numpy batch from the worlds' tables gives what the scalar play-out gives after
    ``world.play(move)``, result for result and winner for winner, under every house rule
    (limited passes and eliminations, the final turns, sevens first, chips), at every stage
    of the round: the opening, mid-round, during the final turns, near the end."""
    from rulebook.games.sevens import batch
    from rulebook.games.sevens import coach as room

    monkeypatch.setattr(room, "BATCH_MIN", 1)  # the batch for every call, however small
    batched = []
    real = batch.play_out_random
    monkeypatch.setattr(batch, "play_out_random",
                        lambda *a: batched.append(len(a[1])) or real(*a))
    rules = load_rules(profile, **options)
    rng = random.Random(players)
    stages = set()
    for deal in range(8):
        state = random_moves(rules.new_deal(players=players, seed=deal), 0, rng)
        states = [state]
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            states.append(state)
        picks = [s for s in states[:-1:max(1, len(states) // 5)]] + [states[-2]]
        for position in picks:
            view = position.view(position.to_move)
            worlds = [room.sample(view, random.Random(100 * deal + k)) for k in range(10)]
            moves = view.legal_moves()
            seeds = [1000 * deal + k for k in range(10)]
            fast = room.rollout_worlds(worlds, moves, "random", seeds)
            plain = [[room.rollout(w.play(m), "random", s) for m in moves]
                     for w, s in zip(worlds, seeds)]
            assert fast == plain
            assert all(a.winners == b.winners for fa, pa in zip(fast, plain)
                       for a, b in zip(fa, pa))
            stages.add("opening" if view.table_mask == 0 else
                       "final turns" if position._t.final is not None else "play")
    if options.get("one_final_turn"):
        assert "final turns" in stages
    assert {"opening", "play"} <= stages
    assert len(batched) > 30  # every position's worlds went through the batch


def test_sevens_rollout_worlds_takes_the_plain_way_where_it_must():
    """Moves as text, another player, a single world: the plain way, the same results; a
    move that is not legal is refused as ``play`` refuses it."""
    from rulebook.errors import IllegalMove
    from rulebook.games.sevens import coach as room

    rules = load_rules("badam-satti")
    state = random_moves(rules.new_deal(players=4, seed=3), 10, random.Random(2))
    view = state.view(state.to_move)
    worlds = [room.sample(view, random.Random(k)) for k in range(30)]
    texts = [str(m) for m in view.legal_moves()]
    for moves, policy in [(texts, "random"), (view.legal_moves(), "smart")]:
        assert room.rollout_worlds(worlds, moves, policy, list(range(30))) == [
            [room.rollout(w.play(m), policy, s) for m in moves]
            for w, s in zip(worlds, range(30))]
    from rulebook.games.sevens.moves import Play

    illegal = next(c for c in view.hand if c.mask & ~state.legal_play_mask())
    with pytest.raises(IllegalMove):
        room.rollout_worlds(worlds, view.legal_moves() + [Play(illegal)], "random",
                            list(range(30)))
    with pytest.raises(RulesError, match="one seed per world"):
        room.rollout_worlds(worlds, texts, "random", [1])
