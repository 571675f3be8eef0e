"""The Sevens family's coach room: worlds sampled from a seat's view, and fast play-outs.

:func:`sample` draws the other seats' hidden hands uniformly among the deals consistent with
everything the view's seat knows (BS-INFO-1): the unseen cards (every card not on the table
and not in its own hand, BS-DEAL-3..6) go to the other seats in their hand sizes, and never
to a seat a card is proven absent from: the playable set of each of its passes (BS-INFO-3,
BS-INFO-4) and of its elimination (BS-HR-10, BS-INFO-6), which stays absent because no card
enters a hand after the deal (BS-INFO-5).  Under sevens_first a play of another card than a
7 (BS-HR-5), and a voluntary pass under limited_passes (BS-HR-6), prove the seat held no 7;
a pass under limited_passes proves nothing else (BS-HR-9, BS-INFO-6).  The draw is exact:
the constrained cards are dealt one at a time with probabilities from exact counts of the
completions (memoised per view), the free cards by a shuffle, so every consistent deal has
the same chance and nothing is ever rejected.  The world is the state of the position: the
same table, history, public log, proven absences, passes left and eliminations (BS-HR-8,
BS-HR-10), stacks and pool (BS-CHIP-3..5), the final turns still owed (BS-HR-16, BS-HR-17);
its start is the deal's start with those hands, so ``states()`` replays the history.

:func:`rollout` plays the rest of the deal on the scalar core (:class:`~.core.Table` and
:func:`~.core.step`, the code of the states and of ``rules.playout``) with ``random`` or
``smart`` at every seat, draw for draw what ``autoplay(state, policy, seed)`` plays, and any
other registered computer player through ``autoplay``; it gives each seat's penalty points
(BS-END-2..8) or, in ``sevens``, chips won or lost this deal (BS-CHIP-5, counted from the
stacks before the ante, BS-CHIP-3); :func:`bounds` says the penalty points a seat can still
end with (0 up to the value of its hand, BS-END-2, BS-INFO-5).  :func:`rollout_worlds` is
``rollout`` after every move in every world at once: with ``random`` players the numpy batch
of :mod:`~rulebook.games.sevens.batch` plays them all together from the worlds' tables (the
same rule blocks and the same draws as the scalar loop, house rules included).
:func:`move_note` says what a play frees on the table (BS-MOVE-1, BS-INFO-2), computed from
the view.
"""
from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from math import factorial
from typing import Any, cast

from ...cards import ALL_CARDS, FULL_MASK, CardSet
from ...coach import RolloutResult
from ...errors import RulesError, quoted
from ...fastrandom import GOLDEN, MASK64, derived_seed, splitmix64
from ...protocol import LogEntry, autoplay
from .bots import _BEYOND, smart_choice
from .core import (PASS_CHOICE, SEVENS, Table, bit_cards, hand_points, playable_mask,
                   scores, step)
from .moves import Pass, Play
from .state import SevensState, SevensView

__all__ = ["sample", "rollout", "rollout_worlds", "BATCHED", "BATCH_MIN", "win", "measure",
           "bounds", "move_note", "hidden_constraints"]

_FAST = ("random", "smart")
"""The computer players the scalar play-out knows."""


# -- what the view proves about the other hands ---------------------------------------------------
def hidden_constraints(view: SevensView) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """``(unseen, sizes, forbidden)``: the cards the view's seat cannot see, each seat's hand
    size, and per seat the cards it is proven not to hold: its known-absent set (BS-INFO-4..6)
    and, under sevens_first, every 7 once it played another card or passed under
    limited_passes (BS-HR-5, BS-HR-6).  The view's own seat forbids nothing (its hand is
    known)."""
    rules = view.rules
    forbidden = list(view._absent)
    if rules.sevens_first:
        table = view.table_mask & ~_played_mask(view)
        for seat, kind, card, _ in view._log:
            if kind == "play":
                if table and not (1 << card) & SEVENS:
                    forbidden[seat] |= SEVENS
                table |= 1 << card
            elif kind == "pass" and rules.limited:
                forbidden[seat] |= SEVENS
    forbidden[view.seat] = 0
    unseen = FULL_MASK & ~view.table_mask & ~view.hand_mask
    return unseen, tuple(view.hand_sizes), tuple(f & unseen for f in forbidden)


def _played_mask(view: SevensView) -> int:
    mask = 0
    for _, kind, card, _ in view._log:
        if kind == "play":
            mask |= 1 << card
    return mask


class _Plan:
    """How to deal the unseen cards of one view: the constrained cards one by one, with
    exact counts of the ways to complete each partial deal, then the free cards."""

    __slots__ = ("seats", "sizes", "constrained", "allowed", "free", "count")

    def __init__(self, seat: int, unseen: int, sizes: Sequence[int],
                 forbidden: Sequence[int]) -> None:
        seats = tuple(s for s in range(len(sizes)) if s != seat)
        self.seats = seats
        self.sizes = tuple(sizes[s] for s in seats)
        if sum(self.sizes) != unseen.bit_count():
            raise RulesError(f"the other hands hold {sum(self.sizes)} cards but "
                             f"{unseen.bit_count()} are unseen: not a view of a real deal")
        constrained: list[int] = []
        allowed: list[tuple[int, ...]] = []
        free: list[int] = []
        everyone = tuple(range(len(seats)))
        for card in bit_cards(unseen):
            ok = tuple(i for i, s in enumerate(seats) if not forbidden[s] >> card & 1)
            if not ok:
                raise RulesError(f"no seat can hold {ALL_CARDS[card].pretty()}: the view is "
                                 f"not of a real deal")
            if ok == everyone:
                free.append(card)
            else:
                constrained.append(card)
                allowed.append(ok)
        self.constrained, self.allowed, self.free = tuple(constrained), tuple(allowed), free
        n_constrained = len(constrained)

        @lru_cache(maxsize=None)
        def count(i: int, caps: tuple[int, ...]) -> int:
            """The deals of the cards from constrained card ``i`` on into ``caps``."""
            if i == n_constrained:
                ways = factorial(sum(caps))
                for c in caps:
                    ways //= factorial(c)
                return ways
            total = 0
            for k in allowed[i]:
                if caps[k]:
                    total += count(i + 1, caps[:k] + (caps[k] - 1,) + caps[k + 1:])
            return total

        self.count = count
        if count(0, self.sizes) == 0:
            raise RulesError("no deal of the unseen cards fits the hand sizes and the cards "
                             "proven absent: the view is not of a real deal")

    def deal(self, rng: random.Random) -> list[int]:
        """One consistent deal, uniform: a hand mask per seat of :attr:`seats`."""
        caps = list(self.sizes)
        hands = [0] * len(caps)
        count = self.count
        for i, card in enumerate(self.constrained):
            options = [k for k in self.allowed[i] if caps[k]]
            if len(options) > 1:
                weights = []
                for k in options:
                    caps[k] -= 1
                    weights.append(count(i + 1, tuple(caps)))
                    caps[k] += 1
                r = rng.randrange(sum(weights))
                for k, w in zip(options, weights):
                    if r < w:
                        break
                    r -= w
            else:
                k = options[0]
            caps[k] -= 1
            hands[k] |= 1 << card
        free = self.free[:]
        rng.shuffle(free)
        start = 0
        for k, cap in enumerate(caps):
            for card in free[start:start + cap]:
                hands[k] |= 1 << card
            start += cap
        return hands


_PLANS: "OrderedDict[tuple[Any, ...], _Plan]" = OrderedDict()
"""Plans by view constraints: the coach samples hundreds of worlds from one view."""


_PLANS_LOCK = threading.Lock()
"""The plans are shared by every thread (a screen may coach in the background)."""


def _plan(view: SevensView) -> _Plan:
    unseen, sizes, forbidden = hidden_constraints(view)
    key = (view.seat, unseen, sizes, forbidden)
    with _PLANS_LOCK:
        plan = _PLANS.get(key)
        if plan is not None:
            _PLANS.move_to_end(key)
            return plan
    plan = _Plan(view.seat, unseen, sizes, forbidden)
    with _PLANS_LOCK:
        _PLANS[key] = plan
        if len(_PLANS) > 64:
            _PLANS.popitem(last=False)
    return plan


# -- the sampled world ----------------------------------------------------------------------------
class SampledState(SevensState):
    """A world drawn by :func:`sample`: a :class:`SevensState` in every way (legal moves, play,
    view, outcome, ``start()``, ``states()`` and the move log), built from the position at
    once rather than move by move; the states after it are plain states."""

    __slots__ = ()

    def _next(self, **changes: Any) -> Any:
        new = object.__new__(SevensState)
        for name in SevensState.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        changes.update(_start=self.start(), _previous=self, _log=None)
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        return new

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        # no chain of states leads here: the whole log, replayed from the start
        return self.start().play_all(list(self.history)).move_log()


def sample(view: SevensView, rng: random.Random) -> SevensState:
    """A full state of this deal consistent with everything ``view``'s seat knows, the other
    hands drawn uniformly among the consistent deals (see the module header).  Reads only the
    view; ``views_equal(sample(view, rng).view(view.seat), view)`` holds."""
    if not isinstance(view, SevensView):
        raise RulesError(f"view={quoted(view)}: expected what state.view(seat) returns in a "
                         f"game of the Sevens family")
    plan = _plan(view)
    dealt = plan.deal(rng)
    hands = [0] * view.players
    hands[view.seat] = view.hand_mask
    for k, seat in enumerate(plan.seats):
        hands[seat] = dealt[k]
    return _world(view, hands)


def _world(view: SevensView, hands: list[int]) -> SevensState:
    """The state of ``view``'s position with these hands (and its start)."""
    rules = view.rules
    n = view.players
    log = view._log
    played = [0] * n
    passes = [0] * n
    elim_logged = 0
    for seat, kind, card, _ in log:
        if kind == "play":
            played[seat] |= 1 << card
        elif kind == "pass":
            passes[seat] += 1
        else:
            elim_logged |= 1 << seat
    to_move = view.to_move
    empty = sum(1 << s for s in range(n) if not hands[s])
    t = object.__new__(Table)
    t.n = n
    t.ace_high, t.e86 = rules.ace_high, rules.eight_before_six
    t.sevens_first, t.final_turn = rules.sevens_first, rules.one_final_turn
    t.opening = rules.opening
    t.hands = hands
    t.table, t.playable, t.to_move = view.table_mask, view._playable, to_move
    t.left = None if view.passes_left is None else list(view.passes_left)
    t.passes = passes
    t.elim = view._elim
    t.skip = view._elim | empty
    t.winner = _winner(log, empty, log[0][0] if log else to_move, n) if empty else None
    t.final = None if t.winner is None or to_move is None else _owed(
        t.winner, to_move, n, t.skip)
    t.chips = None if view.stacks is None else list(view.stacks)
    t.pool = n if view.pool is None else view.pool
    t.turns = len(view.history)
    t.over = view.is_over
    t.log = list(log)
    t.absent = list(view._absent)
    # the start of the deal: the cards each seat has played back in its hand
    start_hands = [hands[s] | played[s] for s in range(n)]
    start_table = view.table_mask & ~sum(played)
    start_to_move = log[0][0] if log else to_move
    start_left = None if t.left is None else [t.left[s] + passes[s] for s in range(n)]
    start_elim = view._elim & ~elim_logged
    start_chips = None if t.chips is None else [t.chips[s] + passes[s] for s in range(n)]
    start_pool = None if t.chips is None else t.pool - sum(passes)
    start_stacks = None if start_chips is None else tuple(c + 1 for c in start_chips)
    start_empty = sum(1 << s for s in range(n) if not start_hands[s])
    start_winner = None
    start_final = None
    if start_empty and start_to_move is not None:
        start_winner = _winner((), start_empty, start_to_move, n)
        start_final = _owed(start_winner, start_to_move, n, start_empty | start_elim)
    dealer = _dealer(start_hands, start_table == 0)
    args: dict[str, Any] = {
        "table": " ".join(c.text for c in CardSet(start_table)), "to_move": start_to_move,
        "dealer": dealer, "hands": [str(CardSet(h)) for h in start_hands], "players": n}
    if start_left is not None:
        args["passes_left"] = start_left
        out = [s for s in range(n) if start_elim >> s & 1]
        if out:
            args["eliminated"] = out
    if start_chips is not None:
        args["stacks"], args["pool"] = start_chips, start_pool
    if start_winner is not None:
        args["winner"] = start_winner
    start = rules._start_state(start_hands, start_table, start_to_move, start_left, start_elim,
                               start_chips, start_pool, {"kind": "position", "args": args},
                               dealer, start_stacks, start_winner, start_final)
    return SampledState._new(rules=rules, _t=t, _origin=start._origin, _dealer=dealer,
                             _history=view.history, _start=start, _previous=None,
                             _outcome=None, _start_stacks=start_stacks)


def _winner(log: Sequence[tuple[int, str, int, int]], empty: int, first: int | None,
            n: int) -> int:
    """The round winner among the seats with no cards (BS-END-1, BS-HR-16, BS-HR-17): the one
    whose last play came first; a seat already empty at the start comes before all, and of
    those the one furthest back from ``first``, the seat that took the first turn."""
    last: dict[int, int] = {}
    for i, (seat, kind, _, _) in enumerate(log):
        if kind == "play" and empty >> seat & 1:
            last[seat] = i
    seats = [s for s in range(n) if empty >> s & 1]
    never = [s for s in seats if s not in last]
    if never:
        back = 0 if first is None else first
        return max(never, key=lambda s: (back - s) % n)
    return min(seats, key=lambda s: last[s])


def _owed(winner: int, to_move: int, n: int, skip: int) -> int:
    """The seats still owed a final turn after ``to_move`` (BS-HR-16): in seat order from the
    winner's left, those after ``to_move`` still taking turns."""
    order = [(winner + k) % n for k in range(1, n)]
    if to_move not in order:
        return 0
    return sum(1 << s for s in order[order.index(to_move) + 1:] if not skip >> s & 1)


def _dealer(hands: Sequence[int], fresh: bool) -> int:
    """A dealer whose deal gives these starting hands their sizes (BS-DEAL-5, BS-DEAL-6):
    exactly before the first play, at most after it."""
    n = len(hands)
    for dealer in range(n):
        dealt = [52 // n + (1 if (s - dealer - 1) % n < 52 % n else 0) for s in range(n)]
        sizes = [h.bit_count() for h in hands]
        if all(a == b if fresh else a <= b for a, b in zip(sizes, dealt)):
            return dealer
    return 0


# -- play-outs ------------------------------------------------------------------------------------
def rollout(state: SevensState, policy: str, seed: int) -> RolloutResult:
    """The rest of the deal from ``state`` with ``policy`` at every seat, seeded by ``seed``
    (exactly what ``autoplay(state, policy, seed)`` plays); each seat's penalty points, or
    chips won or lost in ``sevens``, and the round winner."""
    rules = state.rules
    if policy not in _FAST:
        end = cast(SevensState, autoplay(state, policy, seed))
        t = end._t
    else:
        t = state._t.copy(public=False)
        _play_out(t, rules, policy == "smart", derived_seed(seed, "bots"))
    points, _ = scores(rules, t, state._start_stacks)
    return RolloutResult(points, () if t.winner is None else (t.winner,))


def _play_out(t: Table, rules: Any, smart: bool, key: int) -> None:
    """Play ``t`` to the end in place: the loop of ``rules.playout`` from any position."""
    ace_high, values = rules.ace_high, rules.values
    sevens_first = t.sevens_first
    opening = t.opening
    while not t.over:
        seat = cast(int, t.to_move)
        hand = t.hands[seat]
        table = t.table
        if table == 0:
            plays = hand & (1 << opening)
        elif sevens_first and hand & SEVENS:
            plays = hand & SEVENS
        else:
            plays = hand & t.playable
        can = t.can_pass(plays)
        if smart:
            choice = smart_choice(hand, table, plays, can,
                                  None if t.left is None else t.left[seat], seat,
                                  [h.bit_count() for h in t.hands], ace_high, values)
        else:
            count = plays.bit_count()
            n = count + can
            k = ((splitmix64(key ^ ((t.turns * 64 * GOLDEN) & MASK64)) >> 11) * n) >> 53
            if k == count:
                choice = PASS_CHOICE
            else:
                for _ in range(k):
                    plays &= plays - 1
                choice = (plays & -plays).bit_length() - 1
        step(t, choice)


BATCHED = frozenset({"random"})
"""The computer players whose play-outs :func:`rollout_worlds` runs on the numpy batch (the
coach hands it many worlds at once for them)."""

BATCH_MIN = 64
"""Fewer play-outs than this in one call of :func:`rollout_worlds` take the scalar loop."""


def rollout_worlds(worlds: Sequence[SevensState], moves: Sequence[Any], policy: str,
                   seeds: Sequence[int]) -> list[list[RolloutResult]]:
    """``[[rollout(w.play(m), policy, s) for m in moves] for w, s in zip(worlds, seeds)]``,
    the very same results: with ``random`` players (and numpy installed) every world's every
    move is played out at once by the numpy batch (:func:`~.batch.play_out_random`, the
    same rule blocks and the same draws as the scalar loop); a move that is not one of the
    world's legal moves as they are (text, say), another player or too few play-outs take
    the plain way (which refuses what ``play`` refuses)."""
    worlds, moves, seeds = list(worlds), list(moves), list(seeds)
    if len(worlds) != len(seeds):
        raise RulesError(f"seeds={quoted(seeds)}: expected one seed per world")

    def plain(world: SevensState, move: Any, seed: int) -> RolloutResult:
        return rollout(world.play(move), policy, seed)

    fast = policy == "random" and len(worlds) * len(moves) >= BATCH_MIN and all(
        isinstance(w, SevensState) and not w._t.over for w in worlds)
    if fast:
        try:
            import numpy  # noqa: F401 - the batch needs it
        except ImportError:
            fast = False
    if fast:
        rules = worlds[0].rules
        fast = all(w.rules is rules and w._t.n == worlds[0]._t.n and
                   w._t.turns == worlds[0]._t.turns for w in worlds)
    if not fast:
        return [[plain(w, m, s) for m in moves] for w, s in zip(worlds, seeds)]
    from .batch import play_out_random

    firsts: list[list[int]] = []
    where: list[list[int]] = []
    for world in worlds:
        t = world._t
        plays = t.legal_plays()
        can = t.can_pass(plays)
        firsts.append([])
        where.append([])
        for m, move in enumerate(moves):
            kind = type(move)
            if kind is Play and plays >> move.card.index & 1:
                firsts[-1].append(move.card.index)
            elif kind is Pass and can:
                firsts[-1].append(PASS_CHOICE)
            else:
                continue
            where[-1].append(m)
    got = play_out_random(rules, [w._t for w in worlds], firsts,
                          [derived_seed(s, "bots") for s in seeds],
                          [w._start_stacks for w in worlds])
    out: list[list[RolloutResult]] = []
    for world, seed, played, rows in zip(worlds, seeds, where, got):
        results: list[RolloutResult | None] = [None] * len(moves)
        for m, (points, winners) in zip(played, rows):
            results[m] = RolloutResult(points, winners)
        out.append([plain(world, moves[m], seed) if r is None else r
                    for m, r in enumerate(results)])
    return out


def win(result: Sequence[float], seat: int) -> bool:
    """Whether ``seat`` won the round in a play-out's result (the first out, BS-END-1)."""
    if isinstance(result, RolloutResult):
        return seat in result.winners
    raise RulesError(f"result={quoted(result)}: expected what rollout returns")


def bounds(view: SevensView) -> tuple[float, float] | None:
    """The penalty points the seat can end with: none (it goes out first, BS-END-1/2) up to
    the value of every card it holds now, since no card enters a hand after the deal
    (BS-INFO-5, BS-END-2); None in ``sevens``, whose chips have no such bound here."""
    if view.rules.chips:
        return None
    return 0.0, float(hand_points(view.hand_mask, view.rules.values))


def measure(rules: Any) -> str:
    """The measure a play-out reports: net chips in ``sevens`` (BS-CHIP-5), else penalty
    points (BS-END-2)."""
    return "chips" if rules.chips else "penalty_points"


# -- what a move does ------------------------------------------------------------------------------
def _and_list(mask: int) -> str:
    words = [c.pretty() for c in CardSet(mask)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def move_note(view: SevensView, move: Any) -> str | None:
    """What ``move`` does on the table, true for the position and computed from the view: the
    seat's own cards it makes playable (BS-MOVE-1, BS-INFO-2), those further along its row it
    leads towards, the unseen cards it frees for the other players; for a pass by choice
    under limited_passes, the passes left after it (BS-HR-8, BS-HR-9).  ``None`` for a
    forced pass."""
    rules = view.rules
    if isinstance(move, Pass):
        left = view.my_passes_left
        if left is None or not view.legal_play_mask():
            return None
        after = left - 1
        return (f"passing keeps your cards back and leaves you {after} pass"
                f"{'' if after == 1 else 'es'}")
    if not isinstance(move, Play):
        return None
    card = move.card
    hand = view.hand_mask & ~card.mask
    table = view.table_mask
    after = table | card.mask
    before = view._playable
    opened = playable_mask(after, rules.ace_high, rules.eight_before_six) & ~before & ~after
    mine = opened & hand
    theirs = opened & ~hand
    towards = _BEYOND[rules.ace_high][card.index] & ~after & hand & ~mine
    parts = []
    if mine:
        parts.append(f"makes your {_and_list(mine)} playable")
    elif towards:
        parts.append(f"leads towards your {_and_list(towards)}")
    if theirs:
        parts.append(f"frees {_and_list(theirs)} for the other players")
    if not parts:
        parts.append("frees no other card")
    return f"{card.pretty()} {', and '.join(parts)}"
