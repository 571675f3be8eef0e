"""Badugi's coach room (rulebook/games/badugi/coach.py): the sampler keeps the view, is
uniform over the consistent worlds and never reads the real state; rollouts are the State
API's play-outs on the fast loop; the coach's numbers match exact values on endgames.

The exact endgame values count showdowns with the engine's hand classes, which
tests/test_badugi_rank_oracle.py checks against pokerkit hand by hand.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import CardSet, mask_indices, parse_cards
from rulebook.games.badugi import all_hands
from rulebook.games.badugi import betting as B
from rulebook.games.badugi.coach import rollout, sample, same_view, win
from rulebook.games.badugi.moves import Draw
from rulebook.protocol import TurnRandom, autoplay, bots_for

RULES = load_rules("badugi", small_bet=10, stack=200)


def chi2_critical(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 (scipy when installed)."""
    try:
        from scipy.stats import chi2  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515}[df]
    return float(chi2.ppf(0.999, df))


def chi2_stat(counts: list[int], probs: list[float]) -> float:
    total = sum(counts)
    return sum((c - total * p) ** 2 / (total * p) for c, p in zip(counts, probs))


def played(rules: Any, players: int, seed: int, bots: Any = "random", moves: int | None = None
           ) -> list[Any]:
    """Every state of one hand played by ``bots`` (optionally only the first ``moves``)."""
    state = rules.new_deal(players=players, seed=seed, dealer=seed % players)
    chosen = bots_for(rules, bots, players)
    rng = TurnRandom(seed)
    out = [state]
    while not state.is_over and (moves is None or len(out) <= moves):
        rng.start_turn(len(state.history))
        state = state.play(chosen[state.to_move].choose(state.view(state.to_move), rng))
        out.append(state)
    return out


def first(states: list[Any], round_: str) -> Any:
    return next(s for s in states if s.round == round_)


# -- the view is kept ------------------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), cut=st.floats(0, 1),
       bots=st.sampled_from(["random", "smart", ["smart", "random"] * 4]),
       stack=st.sampled_from([30, 200]), rng_seed=st.integers(0, 2**32))
def test_sample_keeps_the_view(players: int, seed: int, cut: float, bots: Any, stack: int,
                               rng_seed: int) -> None:
    rules = load_rules("badugi", small_bet=10, stack=stack)
    states = played(rules, players, seed, bots if isinstance(bots, str) else bots[:players])
    state = states[int(cut * (len(states) - 1))]
    for seat in range(players):
        view = state.view(seat)
        world = sample(view, random.Random(rng_seed + seat))
        assert same_view(world.view(seat), view)
        assert [str(m) for m in world.history if not isinstance(m, Draw)] == \
            [str(m) for m in state.history if not isinstance(m, Draw)]
        assert world.card_count() == 52 and world.all_cards_mask() == (1 << 52) - 1
        assert world.rules is view.rules
        if not state.is_over:
            assert world.legal_moves() == state.legal_moves() or world.to_move != seat


def test_sample_keeps_the_view_in_every_phase_and_after_reshuffles() -> None:
    seen_rounds, reshuffled, shown = set(), 0, 0
    for players in (2, 4, 8):
        for seed in range(12):
            states = played(RULES, players, seed)
            for state in states[::3] + [states[-1]]:
                for seat in range(players):
                    view = state.view(seat)
                    world = sample(view, random.Random(seed * 100 + seat))
                    assert same_view(world.view(seat), view)
                    if state.is_over and view.shown:
                        assert {j: world.hand(j) for j in view.shown} == view.shown
                        shown += 1
                seen_rounds.add(state.round)
                reshuffled += state.reshuffles > 0
    assert len(seen_rounds) >= 7 and reshuffled and shown


def test_a_draw_lists_every_discard_choice() -> None:
    state = first(played(RULES, 4, 3), "the first draw")
    hand = state.hand(state.to_move).mask
    masks = {m.discard for m in state.legal_moves()}
    everything = {sum(c) for k in range(5) for c in itertools.combinations(
        [1 << i for i in mask_indices(hand)], k)}
    assert len(state.legal_moves()) == 16 and masks == everything


# -- uniform over the consistent worlds ------------------------------------------------------

def _heads_up_after_first_draw() -> tuple[Any, int]:
    """Heads-up, R2: the seat to move drew 1 card, the other seat drew 2."""
    for seed in range(500):
        state = first(played(RULES, 2, seed), "R2") if any(
            s.round == "R2" for s in played(RULES, 2, seed)) else None
        if state is None or state.to_move is None:
            continue
        counts = {a: str(m) for a, m in zip(state.actors, state.history) if isinstance(m, Draw)}
        seat = state.to_move
        if (len(counts) == 2 and counts[seat].count(" ") == 1
                and counts[1 - seat].count(" ") == 2):
            return state, seat
    raise AssertionError("no such hand in the first 500 seeds")


def test_sampler_is_uniform_where_an_unseen_card_is() -> None:
    state, seat = _heads_up_after_first_draw()
    view = state.view(seat)
    mine = view.hand.mask | next(m.discard for a, m in zip(state.actors, state.history)
                                 if a == seat and isinstance(m, Draw))
    card = next(c for c in range(52) if not mine >> c & 1)
    # 47 unseen cards fill the other 47 places of the pack: the other seat's 4 dealt cards
    # (half of them thrown away), its 2 new cards, the burn and the stub.
    probs = [4 / 47, 2 / 47, 1 / 47, 40 / 47]
    counts = [0, 0, 0, 0]
    rng = random.Random(11)
    for _ in range(2500):
        world = sample(view, rng)
        bit = 1 << card
        if world.hand(1 - seat).mask & bit:
            counts[0] += 1
        elif world.discards.mask & bit:
            counts[1] += 1
        elif world.burns.mask & bit:
            counts[2] += 1
        else:
            assert bit & sum(c.mask for c in parse_cards(" ".join(world.stub)))
            counts[3] += 1
    assert chi2_stat(counts, probs) < chi2_critical(3), counts


def test_sampler_is_uniform_over_which_own_card_arrived() -> None:
    """The view shows the seat's hand and discards, not which card came in the draw: each
    of its four cards is equally likely to be the new one."""
    state, seat = _heads_up_after_first_draw()
    view = state.view(seat)
    hand = mask_indices(view.hand.mask)
    counts = [0] * 4
    rng = random.Random(5)
    for _ in range(2000):
        dealt = sample(view, rng).start().hand(seat).mask
        arrived = [c for c in hand if not dealt >> c & 1]
        assert len(arrived) == 1
        counts[hand.index(arrived[0])] += 1
    assert chi2_stat(counts, [0.25] * 4) < chi2_critical(3), counts


def test_sampler_is_uniform_over_a_shown_hands_past() -> None:
    """After a showdown the other seat's hand is shown; if it drew one card once, which of its
    shown cards came in that draw is uniform, and so is what it threw away."""
    for seed in range(2000):
        states = played(RULES, 2, seed, "smart")
        end = states[-1]
        draws = [(a, m) for a, m in zip(end.actors, end.history) if isinstance(m, Draw)]
        if not end.outcome.shown:
            continue
        for seat in (0, 1):
            other = [m.discard.bit_count() for a, m in draws if a == 1 - seat]
            if sorted(other) == [0, 0, 1]:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no such hand")
    view = end.view(seat)
    shown = mask_indices(view.shown[1 - seat].mask)
    counts = [0] * 4
    rng = random.Random(3)
    for _ in range(2000):
        dealt = sample(view, rng).start().hand(1 - seat).mask
        arrived = [c for c in shown if not dealt >> c & 1]
        assert len(arrived) == 1
        counts[shown.index(arrived[0])] += 1
    assert chi2_stat(counts, [0.25] * 4) < chi2_critical(3), counts


# -- the sampler reads only the view ---------------------------------------------------------

def _position(stub_order: int, swap: bool) -> Any:
    hands = ["AC 2D 3H 4S", "5C 6D 7H 8S", "9C TD JH QS", "KC KD KH 2S"]
    if swap:
        hands[1], hands[2] = hands[2], hands[1]
    taken = set(" ".join(hands).split())
    stub = [c.text for c in CardSet((1 << 52) - 1).cards() if c.text not in taken]
    random.Random(stub_order).shuffle(stub)
    state = RULES.position(stacks=[200] * 4, hands=hands, button=0, stub=stub)
    return state.play_all(["call", "call", "call", "check"])  # the first draw: seat 1 draws


def test_hidden_cards_of_the_real_state_change_nothing() -> None:
    base = _position(0, False)
    seat = base.to_move
    assert seat == 1
    for other in (_position(1, False), _position(2, False)):  # the stub reordered
        assert other.stub != base.stub
        assert same_view(other.view(seat), base.view(seat))
        for k in range(5):
            a, b = sample(base.view(seat), random.Random(k)), sample(other.view(seat),
                                                                    random.Random(k))
            assert a.deck == b.deck and a.hands == b.hands and a.history == b.history
    # two hidden hands swapped (seat 1's own hand stays): seat 0's view is the same
    x, y = _position(0, False), _position(0, True)
    assert x.hands != y.hands and same_view(x.view(0), y.view(0))
    assert sample(x.view(0), random.Random(9)).hands == sample(y.view(0), random.Random(9)).hands


# -- rollouts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("policy", ["random", "smart"])
def test_rollout_is_the_state_api_play_out(policy: str) -> None:
    for players, seed in [(2, 1), (3, 2), (4, 3), (6, 4), (8, 5)]:
        for state in played(RULES, players, seed, "random")[::4]:
            if state.is_over:
                continue
            for play_seed in (0, 17):
                result = rollout(state, policy, play_seed)
                assert result == rollout(state, policy, play_seed)
                end: Any = autoplay(state, policy, play_seed).outcome
                assert result == tuple(float(x) for x in end.net)
                assert sum(result) == 0
                assert [win(result, j) for j in range(players)] == \
                    [j in end.winners for j in range(players)]


def test_rollout_from_a_sampled_world_mid_hand() -> None:
    state = first(played(RULES, 4, 8), "R3")
    world = sample(state.view(state.to_move), random.Random(1))
    end: Any = autoplay(world, "smart", 3).outcome
    assert rollout(world, "smart", 3) == tuple(float(x) for x in end.net)


# -- the coach -------------------------------------------------------------------------------

coach_mod = pytest.importorskip("rulebook.coach", reason="rulebook/coach.py is not there yet")


def test_equal_views_give_equal_advice() -> None:
    x, y = _position(0, False), _position(5, True)  # other hands swapped, stub reordered
    seat = 0
    x, y = x.play("pat"), y.play("pat")  # seat 1 stands pat; seat 2 is next
    x, y = x.play("pat"), y.play("pat")
    x, y = x.play("pat"), y.play("pat")
    assert x.to_move == seat and same_view(x.view(seat), y.view(seat))
    a = coach_mod.coach(x, worlds=25, policy="smart", seed=4)
    b = coach_mod.coach(y, worlds=25, policy="smart", seed=4)
    assert len(a.moves) == 16
    assert [(str(e.move), e.mean, e.low, e.high, e.win, e.diff) for e in a.moves] == \
        [(str(e.move), e.mean, e.low, e.high, e.win, e.diff) for e in b.moves]


_ALL = all_hands()
_MASKS = np.frombuffer(_ALL.masks, dtype=np.uint64)
_CLASSES = np.frombuffer(_ALL.classes, dtype=np.uint16)


def _exact_r4(state: Any, seat: int, move: Any) -> float:
    """The exact expected net chips of ``seat`` playing ``move`` in heads-up R4, the rest
    played by random players: the other hand is uniform over the 4-card sets of the cards
    ``seat`` has not seen, and every betting line is walked with its probability."""
    view = state.view(seat)
    seen = view.hand.mask
    for a, m in zip(state.actors, state.history):
        if a == seat and isinstance(m, Draw):
            seen |= m.discard
    free = _MASKS[(_MASKS & np.uint64(seen)) == 0]
    classes = _CLASSES[(_MASKS & np.uint64(seen)) == 0]
    mine = B.hand_class(view.hand.mask)
    p_win = float((classes > mine).mean())
    p_tie = float((classes == mine).mean())
    assert len(free) > 0
    other = 1 - seat

    def value(s: Any, p: float) -> float:
        if s.is_over:
            c = s.committed
            if other in s.folded or seat in s.folded:
                return p * float(s.outcome.net[seat])
            pot = c[seat] + c[other]  # a showdown: win, split (even pot) or lose
            return p * float(p_win * (pot - c[seat]) + p_tie * (pot / 2 - c[seat])
                        - (1 - p_win - p_tie) * c[seat])
        moves = s.legal_moves()
        return sum(value(s.play(m), p / len(moves)) for m in moves)

    return value(state.play(move), 1.0)


def test_coach_interval_covers_the_exact_endgame_value() -> None:
    rules = load_rules("badugi", small_bet=10, stack=1000)  # no all-in in R4
    covered = total = 0
    seed = 0
    while total < 300:
        seed += 1
        states = played(rules, 2, seed)
        state = next((s for s in states if s.round == "R4" and s.to_move is not None), None)
        if state is None:
            continue
        seat = state.to_move
        advice = coach_mod.coach(state, worlds=80, policy="random", seed=seed)
        for entry in advice.moves:
            exact = _exact_r4(state, seat, entry.move)
            covered += entry.low - 1e-9 <= exact <= entry.high + 1e-9
            total += 1
    assert covered / total >= 0.95, (covered, total)


def test_a_player_off_the_fast_path_plays_through_states_move_for_move() -> None:
    """A registered player the fast loop cannot run makes ``playout`` go through states, with
    the very moves and rows the fast loop gives; ``expert`` plays a hand there and in
    ``simulate``."""
    from rulebook import load_rules, simulate
    from rulebook.games.badugi.bots import SmartBot
    from rulebook.protocol import register_bot

    class _Copy(SmartBot):
        name = "smart-copy"

    from rulebook.protocol import BOTS

    register_bot("badugi", "smart-copy")(_Copy)
    try:  # registered for this test only: the lab's and play's lists of players stay as shipped
        rules = load_rules("badugi")
        for seed in range(12):
            fast = rules.playout(4, seed, seed % 4, ["smart", "random", "smart", "random"], True)
            slow = rules.playout(4, seed, seed % 4, ["smart-copy", "random", "smart", "random"],
                                 True)
            assert slow.moves == fast.moves
            assert [{**r, "bot": ""} for r in slow.rows] == [{**r, "bot": ""} for r in fast.rows]
    finally:
        BOTS.pop(("badugi", "smart-copy"), None)
    hand = rules.playout(3, 5, 0, ["expert", "smart", "random"])
    assert hand.rows[0]["bot"] == "expert"
    assert sum(r["points"] for r in hand.rows) == 0
    table = simulate("badugi", deals=2, players=2, bots="expert", seed=3)
    assert len(table) == 4 and set(table["bot"]) == {"expert"}
    assert table.groupby("deal")["points"].sum().tolist() == [0, 0]  # chips move, none made


# -- the speed hooks: sampler(view) and rollout_moves give exactly what the plain names give -----

def _world_content(state: Any) -> list[Any]:
    """Everything a state holds, down its chain of earlier states and its start."""
    from rulebook.games.badugi.betting import Table

    out = []
    while state is not None:
        start = state.start()
        out.append(([getattr(state._t, name) for name in Table.__slots__], state.history,
                     state.actors, state._origin, state.rules,
                     [getattr(start._t, name) for name in Table.__slots__], start.history))
        state = state._previous
    return out


def _hook_views() -> list[Any]:
    """Views of every seat in every phase (draws, betting rounds, after reshuffles, over)."""
    views = []
    reshuffled = 0
    for players, seed, bots, stack in [(2, 11, "smart", 200), (4, 7, "smart", 200),
                                       (4, 8, "random", 30), (6, 4, "random", 200),
                                       (8, 11, "random", 200)]:
        rules = load_rules("badugi", small_bet=10, stack=stack)
        states = played(rules, players, seed, bots)
        for state in states[::4] + [states[-1]]:
            views += [state.view(seat) for seat in range(players)]
            reshuffled += state.reshuffles
    assert reshuffled and any(v.shown for v in views)
    return views


def test_sampler_gives_the_worlds_sample_gives() -> None:
    from rulebook.coach import views_equal
    from rulebook.games.badugi.coach import sampler

    views = _hook_views()
    assert {v.round for v in views} >= {"R1", "R2", "R3", "R4", "over"}
    compared = 0
    for i, view in enumerate(views):
        draw = sampler(view)  # one sampler, many worlds: nothing of one world leaks into the next
        for k in range(i % 4, 12, 4):
            ra, rb = random.Random(k), random.Random(k)
            a, b = draw(ra), sample(view, rb)
            assert ra.getstate() == rb.getstate()  # the same draws taken from rng
            assert _world_content(a) == _world_content(b)
            assert all(views_equal(a.view(j), b.view(j)) for j in range(view.players))
            assert same_view(a.view(view.seat), view)
            compared += 1
    assert compared > 500


def test_sampler_refuses_what_sample_refuses() -> None:
    from rulebook.errors import RulesError
    from rulebook.games.badugi.coach import sampler

    view = RULES.new_deal(players=3, seed=1).view(0)
    with pytest.raises(RulesError, match="expected a Badugi view"):
        sampler("not a view")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a random.Random"):
        sampler(view)(3)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a random.Random"):
        sample(view, 3)  # type: ignore[arg-type]


class _SmartCopy:
    """The smart player under another name: a registered player off the fast loop."""

    name = "smart-copy"

    def __init__(self) -> None:
        from rulebook.games.badugi.bots import SmartBot

        self.bot = SmartBot()

    def choose(self, view: Any, rng: TurnRandom) -> Any:
        return self.bot.choose(view, rng)


def _rollout_positions() -> list[Any]:
    """Real states and sampled worlds: before a draw, at each draw, in each betting round, at
    the last decision of a hand."""
    out = []
    for players, seed, bots in [(2, 2, "random"), (3, 6, "smart"), (4, 3, "random"),
                                (4, 11, "smart"), (6, 9, "random")]:
        states = [s for s in played(RULES, players, seed, bots) if not s.is_over]
        picks = [first(states, r) for r in ("R1", "the first draw", "R2", "the second draw",
                                            "R3", "the third draw", "R4")
                 if any(s.round == r for s in states)] + [states[-1]]
        for state in picks:
            out.append(state)
            out.append(sample(state.view(state.to_move), random.Random(seed)))
    return out


def _plain(world: Any, moves: list[Any], policy: str, seed: int) -> list[Any]:
    return [rollout(world.play(m), policy, seed) for m in moves]


@pytest.mark.parametrize("policy", ["random", "smart", "smart-copy"])
def test_rollout_moves_is_the_plain_list(policy: str) -> None:
    from rulebook.coach import RolloutResult
    from rulebook.games.badugi.coach import rollout_moves
    from rulebook.protocol import BOTS, register_bot

    if policy == "smart-copy":
        register_bot("badugi", "smart-copy")(_SmartCopy)
    try:
        positions = _rollout_positions()
        assert {p.round for p in positions} >= {"R1", "the first draw", "the second draw",
                                                "the third draw", "R2", "R3", "R4"}
        for n, world in enumerate(positions):
            if policy == "smart-copy" and n % 3:
                continue  # through states: slower, so fewer positions
            moves = world.legal_moves()
            for seed in (0, 5 + n):
                fast = rollout_moves(world, moves, policy, seed)
                plain = _plain(world, moves, policy, seed)
                assert fast == plain
                assert all(type(a) is RolloutResult and a.winners == b.winners
                           for a, b in zip(fast, plain))
                # moves as text, in another order, some twice: still move for move the same
                texts = [str(m) for m in reversed(moves)] + [str(moves[0])]
                assert rollout_moves(world, texts, policy, seed) == _plain(world, texts, policy,
                                                                           seed)
    finally:
        BOTS.pop(("badugi", "smart-copy"), None)


def test_rollout_moves_refuses_what_the_plain_way_refuses() -> None:
    from rulebook.errors import IllegalMove, RulesError
    from rulebook.games.badugi.coach import rollout_moves
    from rulebook.games.badugi.moves import Action

    states = played(RULES, 4, 3)
    draw_state = first(states, "the first draw")
    bet_state = first(states, "R2")
    hand = draw_state.hand(draw_state.to_move).mask
    foreign = next(1 << c for c in range(52) if not hand >> c & 1)
    # check and call are never both legal
    not_legal = "call" if "check" in [str(m) for m in bet_state.legal_moves()] else "check"
    for world, bad in [(draw_state, Action("call")), (draw_state, Draw(foreign)),
                       (bet_state, Draw(0)), (bet_state, not_legal),
                       (bet_state, Action(not_legal))]:
        moves = world.legal_moves()[:1] + [bad]
        with pytest.raises(IllegalMove):
            _plain(world, moves, "smart", 1)
        with pytest.raises(IllegalMove):
            rollout_moves(world, moves, "smart", 1)
    with pytest.raises(RulesError, match="no computer player"):
        rollout_moves(bet_state, bet_state.legal_moves(), "nobody", 1)
    assert rollout_moves(bet_state, [], "nobody", 1) == _plain(bet_state, [], "nobody", 1) == []
    with pytest.raises(RulesError, match="expected a Badugi state"):
        rollout_moves("not a state", [], "smart", 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        rollout_moves(states[-1], ["pat"], "smart", 1)  # the hand is over


@pytest.mark.parametrize("policy", ["random", "smart"])
def test_advice_is_the_same_without_the_speed_hooks(policy: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.games.badugi import coach as room

    states = [s for s in played(RULES, 4, 3, "smart") if not s.is_over]
    positions = [first(states, "the first draw"), first(states, "R2"), states[-1]]

    def advice() -> list[Any]:
        out = []
        for state in positions:
            a = coach_mod.coach(state, worlds=30, policy=policy, seed=7)
            out.append([(str(e.move), e.mean, e.low, e.high, e.win, e.win_low, e.win_high,
                         e.diff, e.diff_low, e.diff_high, e.note) for e in a.moves])
        return out

    fast = advice()
    monkeypatch.delattr(room, "rollout_worlds")
    assert advice() == fast  # each world on its own (rollout_moves), not the numpy batch
    monkeypatch.delattr(room, "sampler")
    monkeypatch.delattr(room, "rollout_moves")
    assert not hasattr(room, "sampler") and not hasattr(room, "rollout_moves")
    assert advice() == fast


# -- every world at once: the numpy batch from the worlds' tables --------------------------------

def _batch_positions() -> list[Any]:
    """Positions of every kind the batch meets: every round and draw, two to eight players,
    deep stacks and short ones (all-ins and side pots), long hands (reshuffles), a seat
    sitting out (no chips), and the hand's last decision."""
    out = list(_rollout_positions())
    for rules, players, seed in [
            (load_rules("badugi", small_bet=10, stack=30), 4, 4),
            (load_rules("badugi", small_bet=10, stack=30), 3, 8),
            (load_rules("badugi", small_bet=10, stacks=[60, 0, 25, 100, 45]), 5, 2),
            (RULES, 8, 5), (RULES, 8, 13)]:
        states = [s for s in played(rules, players, seed) if not s.is_over]
        out += states[::4] + [states[-1]]
    after = [s for seed in range(60) for s in played(RULES, 8, seed)
             if not s.is_over and s.reshuffles]  # decisions after a reshuffle
    return out + after[:3]


@pytest.mark.parametrize("policy", ["random", "smart"])
def test_rollout_worlds_is_rollout_moves_world_for_world(policy: str) -> None:
    """The batch hook gives what each world's rollout_moves gives, result for result and
    winner for winner, on many worlds of every kind of position; the worlds of one view
    share it, and so does a list of worlds of different positions (the batch then plays
    each group by the scalar loop where it must)."""
    from rulebook.coach import RolloutResult
    from rulebook.games.badugi.coach import rollout_moves, rollout_worlds

    positions = _batch_positions()
    reshuffled = kinds = 0
    for n, state in enumerate(positions):
        view = state.view(state.to_move)
        worlds = [sample(view, random.Random(1000 * n + k)) for k in range(12)]
        moves = view.legal_moves()
        seeds = [7 * n + k for k in range(12)]
        fast = rollout_worlds(worlds, moves, policy, seeds)
        plain = [rollout_moves(w, moves, policy, s) for w, s in zip(worlds, seeds)]
        assert fast == plain
        assert all(type(a) is RolloutResult and a.winners == b.winners
                   for fa, pa in zip(fast, plain) for a, b in zip(fa, pa))
        reshuffled += state.reshuffles > 0
        kinds += len(moves) > 3
    assert reshuffled and kinds
    # worlds of several positions in one call, and moves given as text
    mixed = [positions[3], positions[10], positions[20]]
    texts = [str(m) for m in mixed[0].legal_moves()]
    same = [mixed[0], mixed[0].play(mixed[0].legal_moves()[0])] if not mixed[0].is_over else []
    for worlds, moves in [(mixed, mixed[0].legal_moves()), ([mixed[0]] * 30, texts),
                          (same * 20, [])]:
        seeds = list(range(len(worlds)))
        legal_everywhere = all(set(map(str, moves)) <= set(map(str, w.legal_moves()))
                               for w in worlds)
        if legal_everywhere:
            assert rollout_worlds(worlds, moves, policy, seeds) == [
                rollout_moves(w, moves, policy, s) for w, s in zip(worlds, seeds)]


def test_rollout_worlds_plays_most_hands_on_the_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    """With random players the batch plays the hands itself: only the few that reach an
    all-in or a reshuffle go to the scalar loop (a batch that gave every hand back would be
    right and slow)."""
    from rulebook.games.badugi import coach as room

    state = first([s for s in played(RULES, 4, 3) if not s.is_over], "the first draw")
    view = state.view(state.to_move)
    worlds = [sample(view, random.Random(k)) for k in range(40)]
    calls: list[int] = []
    scalar = room.rollout_moves

    def counted(world: Any, moves: Any, policy: str, seed: int) -> Any:
        calls.append(len(moves))
        return scalar(world, moves, policy, seed)

    monkeypatch.setattr(room, "rollout_moves", counted)
    got = room.rollout_worlds(worlds, view.legal_moves(), "random", list(range(40)))
    played_out = 40 * len(view.legal_moves())
    assert len(got) == 40 and sum(calls) < played_out // 5, (sum(calls), played_out)
    calls.clear()
    room.rollout_worlds(worlds, view.legal_moves(), "smart", list(range(40)))
    assert sum(calls) == played_out  # smart players: the scalar loop, world by world


def test_rollout_worlds_refuses_what_the_plain_way_refuses() -> None:
    from rulebook.errors import IllegalMove, RulesError
    from rulebook.games.badugi.coach import rollout_worlds
    from rulebook.games.badugi.moves import Action

    state = first(played(RULES, 4, 3), "the first draw")
    worlds = [state] * 10
    with pytest.raises(IllegalMove):
        rollout_worlds(worlds, state.legal_moves() + [Action("call")], "random",
                       list(range(10)))
    with pytest.raises(RulesError, match="one seed per world"):
        rollout_worlds(worlds, state.legal_moves(), "random", [1, 2])
    with pytest.raises(RulesError, match="no computer player"):
        rollout_worlds(worlds, state.legal_moves(), "nobody", list(range(10)))
    assert rollout_worlds([], state.legal_moves(), "random", []) == []


def test_the_batch_leaves_a_short_stub_to_the_scalar_loop() -> None:
    """A stub that runs short (a reshuffle, BDG-DRAW-6/7) is the scalar loop's: tables whose
    stub is cut to a few cards give, from the batch, what the scalar loop gives after the
    same first move, or None (the hand was left to it), never anything else."""
    from rulebook.coach import RolloutResult
    from rulebook.games.badugi import coach as room
    from rulebook.games.badugi.batch import play_out_random
    from rulebook.games.badugi.bots import fast_chooser

    chooser = fast_chooser(bots_for(RULES, "random", 6)[0])
    left_to_scalar = played_on = 0
    for seed in range(12):
        states = [s for s in played(RULES, 6, seed, "smart") if not s.is_over]
        draws = [s for s in states if s.round in ("the first draw", "the second draw")]
        if not draws:
            continue
        state = draws[-1]
        turn = len(state.history)
        tables, firsts, keys, expected = [], [], [], []
        for cut in range(1, 9):
            t = state._t.copy()
            # cut cards left in the stub (its last never dealt); the rest as if discarded
            t.discards |= sum(1 << c for c in t.deck[t.top + cut:])
            t.deck = t.deck[:t.top + cut]
            options = B.draw_options(t.hands[t.to_act])
            moves = [options[0], options[len(options) // 2], options[-1]]
            tables.append(t)
            firsts.append(moves)
            keys.append(TurnRandom(seed * 10 + cut).key)
            rows = []
            for move in moves:
                scalar = t.copy()
                B.apply_draw(scalar, move)
                rows.append(room._play_out(scalar, [chooser] * 6, TurnRandom(seed * 10 + cut),
                                           turn + 1, RolloutResult))
            expected.append(rows)
        for rows, wanted in zip(play_out_random(tables, firsts, keys, turn), expected):
            for row, want in zip(rows, wanted):
                if row is None:
                    left_to_scalar += 1
                else:
                    played_on += 1
                    assert RolloutResult(*row) == want and row[1] == list(want.winners)
    assert left_to_scalar and played_on  # some cut stubs ran short, some did not
