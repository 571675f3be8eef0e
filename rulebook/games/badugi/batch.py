"""Badugi in experiments: many all-``random`` hands at once with numpy, what the playout
columns mean, and the showdown rate.

:func:`columns_random` plays a batch of hands move by move, every hand taking its next move
in the same step, as ``BadugiRules.playout`` plays them one at a time (and so as
``autoplay`` through states).  Each block re-expresses, on arrays over the hands, the rule of
:mod:`rulebook.games.badugi.betting` named in its comment: the deal (BDG-SEAT-8/9, the pack
shuffled by the rule's own ``derived_random(seed, "deck")``), the blinds (BDG-SEAT-5/6),
who acts (BDG-BET-7/8, BDG-BET-9), the legal actions in ``betting_options`` order and their
effect (BDG-BET-2..5), the draws in ``draw_options`` order with the burn (BDG-DRAW-1/4/5),
returned chips (BDG-POT-3) and winning by folds (BDG-SHOW-1).  A showdown (BDG-SHOW-2..4,
BDG-POT-5/6) is settled hand by hand with the rule functions themselves (``hand_class``,
``split_pot``).  A hand that comes to something the arrays leave to the scalar loop — a
player who cannot cover a full raise (all-ins and side pots, BDG-POT-1/2/4) or a stub too
short for a draw (the reshuffle, BDG-DRAW-6/7) — is played again from its start by
``rules.playout``; it is the same hand, so the result is the same either way.
tests/test_badugi_batch.py proves the columns equal the scalar loop's rows hand for hand.

:func:`play_out_random` runs the same move loop from hands in the middle of play, the
coach's worlds (:func:`~rulebook.games.badugi.coach.rollout_worlds`): each hand's arrays are
read from its :class:`~rulebook.games.badugi.betting.Table`, its first move is the one given
and the bots' draws start at its move number; a hand the arrays cannot carry on (one
:func:`batch_ready` refuses, or one that comes to an all-in or a reshuffle) is given back,
for the scalar loop to play.  tests/test_coach_badugi.py proves the results equal the
scalar loop's world for world.

Terms: ``points`` are net chips (BDG-POT-5, BDG-POT-6), ``passes`` is 1 when the seat
folded (BDG-BET-1), ``drawn`` the cards it drew (BDG-DRAW-1).  A hand reaches a showdown
when two or more players dealt in have not folded at its end (BDG-SHOW-1, BDG-SHOW-2); a
seat that sat out (0 chips, BDG-SEAT-2) started and ended with no chips.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, cast

from ...fastrandom import GOLDEN, MASK64, derived_seeds, np_splitmix64
from ...measures import PlayoutTerms, register_terms
from ...rules import RulesBase
from ...simulation import (check_batch_size, _rows_to_columns, deal_masks, next_seat_where,
                           register_batch, seat_places)
from . import betting as B

__all__ = ["badugi_terms", "showdown", "showdown_row", "columns_random", "MIN_BATCH",
           "batch_ready", "play_out_random"]

MIN_BATCH = 32
"""Fewer hands than this are played by the scalar loop."""

_SUBSETS = [sum(1 << p for p in combo) for k in range(5) for combo in combinations(range(4), k)]
"""``draw_options`` of a four-card hand as subsets of the hand's card positions (lowest card
first): standing pat, then by the number of cards and canonical order (BDG-DRAW-1)."""


def columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                   dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """The columns of many hands with a ``random`` bot in every seat (None otherwise)."""
    check_batch_size(seeds, dealers)  # at most MAX_BATCH deals, checked first
    import numpy as np

    if len(seeds) < MIN_BATCH or any(name != "random" for name in names):
        return None
    stacks0 = cast(Any, rules).seat_stacks(players)
    small = int(getattr(rules, "small_bet"))
    if len(set(stacks0)) != 1 or stacks0[0] < 3 * small:
        return None  # seats sitting out or short stacks: the scalar loop
    u = np.uint64
    n, total, start = players, len(seeds), int(stacks0[0])
    # -- the deal (BDG-SEAT-8/9): the rule's own shuffle, four cards each from the button's left
    decks = []
    for key in derived_seeds(seeds, "deck"):  # derived_random(seed, "deck")
        deck = list(range(52))
        random.Random(key).shuffle(deck)
        decks.append(deck)
    deck_arr = np.array(decks, dtype=np.int64)
    button = np.asarray(dealers, dtype=np.int64) % n
    hands = deal_masks(deck_arr[:, :4 * n], button, n)
    # -- the blinds (BDG-SEAT-5/6): heads-up the button posts the small blind
    sb = (button + (n > 2)) % n
    bb = (sb + 1) % n
    rows_all = np.arange(total)
    bets = np.zeros((total, n), dtype=np.int64)
    bets[rows_all, sb] = small // 2
    bets[rows_all, bb] = small
    hand = _Hands(
        n=n, small=small, hands=hands, stacks=start - bets, bets=bets,
        committed=bets.copy(), folded=np.zeros((total, n), dtype=bool),
        acted=np.zeros((total, n), dtype=bool), phase=np.full(total, B.R1, dtype=np.int64),
        level=np.full(total, small, dtype=np.int64),
        full_level=np.full(total, small, dtype=np.int64),
        raises=np.ones(total, dtype=np.int64), burned=np.zeros(total, dtype=bool),
        keys=np.array(derived_seeds(seeds, "bots"), dtype=u),
        # R1 starts left of the big blind (BDG-BET-7; heads-up with the button)
        to_act=next_seat_where(bb, n, (1 << n) - 1),
        top=np.full(total, 4 * n, dtype=np.int64), deck=deck_arr,
        deck_size=np.full(total, 52, dtype=np.int64), button=button)
    out = _play_random(hand, 0)
    out_stacks, out_won, bail = out["stacks"], out["won"], out["bail"]
    out_folded, out_drawn, out_turns = out["folded"], out["drawn"], out["turns"]
    net = out_stacks - start
    place = seat_places(net, higher=True)  # most chips first
    columns = {"place": place.ravel(), "won": out_won.ravel(), "points": net.ravel(),
               "passes": out_folded.astype(np.int64).ravel(), "turns": np.repeat(out_turns, n),
               "drawn": out_drawn.ravel(), "stack": out_stacks.ravel()}
    redo = np.flatnonzero(bail).tolist()
    if redo:  # the hands left to the scalar loop: all-ins, side pots, reshuffles
        rows = [rules.playout(players=n, seed=seeds[h], dealer=dealers[h], bots="random").rows
                for h in redo]
        again = _rows_to_columns(rows, n)
        at = (np.asarray(redo)[:, None] * n + np.arange(n)[None, :]).ravel()
        for name, values in again.items():
            columns[name] = columns[name].copy()
            columns[name][at] = np.asarray(values)
    return columns


@dataclass
class _Hands:
    """Many hands in the middle of play as arrays (hands × seats, or one value per hand):
    what :class:`~rulebook.games.badugi.betting.Table` holds that a hand of the batch can
    need (no all-ins, no exposed cards pending, every live hand of four cards).  A seat
    that is not dealt in is ``folded``; ``deck`` is each hand's pack in dealing order
    (``deck_size`` cards, the rest padding) and ``top`` its next card."""

    n: int
    small: int
    hands: Any
    stacks: Any
    bets: Any
    committed: Any
    folded: Any
    acted: Any
    phase: Any
    level: Any
    full_level: Any
    raises: Any
    burned: Any
    keys: Any
    to_act: Any
    top: Any
    deck: Any
    deck_size: Any
    button: Any


def _play_random(h: _Hands, step: int, forced: Any = None) -> dict[str, Any]:
    """Play every hand of ``h`` to its end with a ``random`` bot in every seat, move number
    ``step`` first (the bots' draw 0 of each move, as :class:`TurnRandom` gives it); the
    arrays of ``h`` are used up.  ``forced`` (one int per hand, or None) is the first move
    instead of the bot's: the action's place in ``betting_options`` (fold, check or call,
    bet or raise) or the mask of the cards discarded.  Gives per hand the final ``stacks``,
    ``folded``, ``drawn`` and ``won`` (a share of a pot) by seat, ``turns`` (the move number
    after the last) and ``bail``: hands left to the scalar loop (an all-in, a reshuffle),
    whose other values mean nothing."""
    import numpy as np

    u = np.uint64
    n, small = h.n, h.small
    hands, stacks, bets, committed = h.hands, h.stacks, h.bets, h.committed
    folded, acted, phase, level, full_level = h.folded, h.acted, h.phase, h.level, h.full_level
    raises, burned, keys, to_act, top = h.raises, h.burned, h.keys, h.to_act, h.top
    deck_arr, deck_size, button = h.deck, h.deck_size, h.button
    total = hands.shape[0]
    drawn = np.zeros((total, n), dtype=np.int64)
    ids = np.arange(total)
    out_stacks, out_drawn = (np.zeros((total, n), dtype=np.int64) for _ in range(2))
    out_folded, out_won = (np.zeros((total, n), dtype=bool) for _ in range(2))
    out_turns = np.zeros(total, dtype=np.int64)
    bail = np.zeros(total, dtype=bool)
    subsets = np.array(_SUBSETS, dtype=np.int64)
    first = forced is not None
    while ids.size:
        m = ids.size
        r = np.arange(m)
        i = to_act
        live = ~folded
        raw = np_splitmix64(keys ^ u((step * 64 * GOLDEN) & MASK64))  # draw 0 of move `step`
        betting = (phase & 1) == 0
        done = np.zeros(m, dtype=bool)  # the hand ended this step
        giveup = np.zeros(m, dtype=bool)  # left to the scalar loop
        # -- betting (BDG-BET-2..5, BDG-POT-1): fold, check or call, then bet or raise ------------
        inc = np.where(phase <= B.R2, small, 2 * small)
        my_bet = bets[r, i]
        my_stack = stacks[r, i]
        # raise_block: the cap, and a stack that does not cover more than the call.  (Every
        # other player still in can answer: no one is all in while a hand is in the batch.)
        can_raise = (raises < B.CAP) & (my_stack > level - my_bet)
        count = np.where(can_raise, 3, 2)
        pick = (((raw >> u(11)) * count.astype(u)) >> u(53)).astype(np.int64)
        if first:
            pick = np.where(betting, forced, pick)
        target = full_level + inc
        # A call or raise that takes the player's last chip is an all-in: the scalar loop.
        giveup |= betting & (((pick == 1) & (my_stack <= level - my_bet))
                             | ((pick == 2) & (my_stack <= target - my_bet)))
        act = betting & ~giveup
        fold = act & (pick == 0)
        call = act & (pick == 1)
        bet = act & (pick == 2)
        pay = np.where(call, level - my_bet, 0)
        pay = np.where(bet, target - my_bet, pay)
        stacks[r, i] -= pay
        bets[r, i] += pay
        committed[r, i] += pay
        level = np.where(bet, target, level)
        full_level = np.where(bet, target, full_level)
        raises = raises + bet
        folded[r[fold], i[fold]] = True
        acted[r[act], i[act]] = True
        live = ~folded
        alive = live.sum(axis=1)
        by_folds = fold & (alive == 1)  # BDG-SHOW-1
        done |= by_folds
        # BDG-BET-9: the round is over when everyone still in has acted and matched the level.
        pending = live & (~acted | (bets < level[:, None]))
        round_over = act & ~by_folds & ~pending.any(axis=1)
        going = act & ~by_folds & ~round_over
        nxt = next_seat_where(i, n, pending)
        to_act = np.where(going, nxt, to_act)
        showdown_now = round_over & (phase == B.R4)
        done |= showdown_now
        # -- a draw (BDG-DRAW-1/4/5): the random discard, the burn, the replacements ------------
        drawing = ~betting
        pick16 = (((raw >> u(11)) * u(16)) >> u(53)).astype(np.int64)
        hand = hands[r, i]
        positions = subsets[pick16]
        discard = np.zeros(m, dtype=u)
        rest = hand
        for p in range(4):  # the hand's cards from the lowest: p-th card in the subset?
            low = rest & (~rest + u(1))
            rest = rest ^ low
            discard |= np.where(((positions >> p) & 1) == 1, low, u(0))
        if first:
            discard = np.where(drawing, forced.astype(u), discard)
        first = False
        count_d = np.bitwise_count(discard).astype(np.int64)
        need = count_d + np.where((count_d > 0) & ~burned, 1, 0)
        # the stub would run short (its last card is never dealt): a reshuffle
        giveup |= drawing & (top + need > deck_size - 1)
        dr = drawing & ~giveup
        burn = dr & (count_d > 0) & ~burned
        top = top + burn
        burned = burned | burn
        received = np.zeros(m, dtype=u)
        for c in range(4):
            take = dr & (c < count_d)
            if not take.any():
                break
            card = deck_arr[ids, np.minimum(top + c, 51)]
            received |= np.where(take, np.left_shift(u(1), card.astype(u)), u(0))
        top = top + np.where(dr, count_d, 0)
        hands[r[dr], i[dr]] = (hand[dr] & ~discard[dr]) | received[dr]
        drawn[r[dr], i[dr]] += count_d[dr]
        acted[r[dr], i[dr]] = True
        waiting = live & ~acted
        nxt_d = next_seat_where(i, n, waiting)
        to_act = np.where(dr & (nxt_d >= 0), nxt_d, to_act)
        draw_over = dr & (nxt_d < 0)
        # -- the next round or draw (start_round, start_draw) ---------------------------------
        new_round = round_over & ~showdown_now
        phase = phase + new_round + draw_over
        if new_round.any():  # a draw starts: every live player in turn from the button's left
            bets[new_round] = 0
            acted[new_round] = False
            burned = np.where(new_round, False, burned)
            lead = next_seat_where(button[ids], n, live)
            to_act = np.where(new_round, lead, to_act)
        if draw_over.any():  # a betting round starts left of the button (BDG-BET-8)
            acted[draw_over] = False
            bets[draw_over] = 0
            level = np.where(draw_over, 0, level)
            full_level = np.where(draw_over, 0, full_level)
            raises = np.where(draw_over, 0, raises)
            lead = next_seat_where(button[ids], n, live)
            to_act = np.where(draw_over, lead, to_act)
        step += 1
        finished = done | giveup
        if finished.any():
            # BDG-POT-3: a lone highest commitment gets back what no one matched.
            fin = np.flatnonzero(done)
            com = committed[fin]
            topc = com.max(axis=1)
            holders = (com == topc[:, None]).sum(axis=1)
            holder = com.argmax(axis=1)
            second = np.where(com == topc[:, None], -1, com).max(axis=1)
            second = np.where(holders == 1, second, topc)
            extra = topc - second
            stacks[fin, holder] += extra
            committed[fin, holder] -= extra
            pot = committed[fin].sum(axis=1)
            won = np.zeros((fin.size, n), dtype=bool)
            gain = np.zeros((fin.size, n), dtype=np.int64)
            fin_folded, fin_hands = folded[fin].tolist(), hands[fin].tolist()
            fin_button = button[ids[fin]].tolist()
            for a, amount in enumerate(pot.tolist()):
                seats = [j for j, out in enumerate(fin_folded[a]) if not out]
                if len(seats) == 1:
                    shares = [(seats[0], amount)]
                else:  # a showdown: cards speak, the best class wins, ties split (BDG-SHOW-4)
                    classes = {j: B.hand_class(fin_hands[a][j]) for j in seats}
                    best = min(classes.values())
                    winners = [j for j in seats if classes[j] == best]
                    shares = B.split_pot(amount, winners, fin_button[a], n)
                for j, chips in shares:
                    gain[a, j] += chips
                    won[a, j] = True
            stacks[fin] += gain
            gone = ids[fin]
            out_stacks[gone] = stacks[fin]
            out_folded[gone] = folded[fin]
            out_drawn[gone] = drawn[fin]
            out_won[gone] = won
            out_turns[gone] = step
            bail[ids[giveup & ~done]] = True
            keep = ~finished
            ids = ids[keep]
            (hands, stacks, bets, committed, folded, acted, drawn, phase, level, full_level,
             raises, burned, keys, to_act, top, deck_size) = (a[keep] for a in cast(
                 "tuple[Any, ...]", (hands, stacks, bets, committed, folded, acted, drawn,
                                     phase, level, full_level, raises, burned, keys, to_act,
                                     top, deck_size)))  # arrays of several dtypes
    return {"stacks": out_stacks, "folded": out_folded, "drawn": out_drawn, "won": out_won,
            "turns": out_turns, "bail": bail}


def batch_ready(t: B.Table) -> bool:
    """Whether the hand on ``t`` can go on in :func:`play_out_random`: not over, two or more
    players still in, none of them all in (BDG-POT-1), each holding four cards (no dead
    hand, BDG-SHOW-5), no exposed card pending (BDG-DRAW-9), and the player to act free to
    raise (no short all-in has closed the betting to them, BDG-POT-4)."""
    if t.phase == B.OVER or t.expose_pending:
        return False
    live = [j for j in range(t.n) if t.dealt[j] and not t.folded[j]]
    if len(live) < 2 or (B.is_betting(t.phase) and not t.reopened[t.to_act]):
        return False
    return all(t.stacks[j] > 0 and t.hands[j].bit_count() == 4 for j in live)


def play_out_random(tables: Sequence[B.Table], firsts: Sequence[Sequence[int]],
                    keys: Sequence[int], turn: int
                    ) -> list[list[tuple[list[float], list[int]] | None]]:
    """Many hands played on from their tables with a ``random`` bot in every seat, all at
    once: from ``tables[k]`` (left unchanged), for each legal move ``first`` of
    ``firsts[k]`` (a betting action such as :data:`~.betting.CALL`, or in a draw the mask of
    the cards discarded) played as move number ``turn``, the bots keyed ``keys[k]`` (a
    :class:`TurnRandom`'s key) play from move ``turn + 1`` on, exactly as the scalar loop
    plays them after ``apply_action`` or ``apply_draw``.  Gives for each table and each of
    its first moves every seat's net chips for the hand and the seats that won a pot, or
    None for a hand the batch leaves to the scalar loop (a table :func:`batch_ready`
    refuses, or a hand that comes to an all-in or a reshuffle).  Every table must have the
    same number of seats and the same bets."""
    import numpy as np

    out: list[list[tuple[list[float], list[int]] | None]] = [[None] * len(f) for f in firsts]
    if len(firsts) != len(tables) or len(keys) != len(tables):
        raise ValueError("play_out_random: one list of first moves and one key per table")
    at = [k for k, t in enumerate(tables) if firsts[k] and batch_ready(t)]
    if not at:
        return out
    ts = [tables[k] for k in at]
    n, small = ts[0].n, ts[0].small_bet
    if any(t.n != n or t.small_bet != small for t in ts):
        raise ValueError("play_out_random: tables of different sizes or bets")
    i64 = np.int64
    deck = np.zeros((len(ts), 52), dtype=i64)
    for row, t in enumerate(ts):
        deck[row, :len(t.deck)] = t.deck
    dealt = np.array([t.dealt for t in ts], dtype=bool)
    many = np.array([len(firsts[k]) for k in at], dtype=i64)  # rows per table

    def rows(values: Any, dtype: Any) -> Any:
        return np.repeat(np.array(values, dtype=dtype), many, axis=0)

    hand = _Hands(
        n=n, small=small, hands=rows([t.hands for t in ts], np.uint64),
        stacks=rows([t.stacks for t in ts], i64), bets=rows([t.bets for t in ts], i64),
        committed=rows([t.committed for t in ts], i64),
        folded=rows([t.folded for t in ts], bool) | rows(~dealt, bool),  # out: as folded
        acted=rows([t.acted for t in ts], bool), phase=rows([t.phase for t in ts], i64),
        level=rows([t.level for t in ts], i64),
        full_level=rows([t.full_level for t in ts], i64),
        raises=rows([t.raises for t in ts], i64), burned=rows([t.burned for t in ts], bool),
        keys=rows([keys[k] for k in at], np.uint64), to_act=rows([t.to_act for t in ts], i64),
        top=rows([t.top for t in ts], i64), deck=np.repeat(deck, many, axis=0),
        deck_size=rows([len(t.deck) for t in ts], i64), button=rows([t.button for t in ts], i64))
    forced = np.array([_forced(tables[k], first) for k in at for first in firsts[k]], dtype=i64)
    got = _play_random(hand, turn, forced)
    net = (got["stacks"] - rows([t.start_stacks for t in ts], i64)).tolist()
    won = got["won"].tolist()
    bail = got["bail"].tolist()
    row = 0
    for k in at:
        for m in range(len(firsts[k])):
            if not bail[row]:
                out[k][m] = ([float(x) for x in net[row]],
                             [j for j, w in enumerate(won[row]) if w])
            row += 1
    return out


def _forced(t: B.Table, move: int) -> int:
    """``move`` as :func:`_play_random` takes a first move: in a betting round the action's
    place in ``betting_options`` (fold 0, check or call 1, bet or raise 2), in a draw the
    discard mask itself."""
    if B.is_betting(t.phase):
        return 0 if move == B.FOLD else 1 if move in (B.CHECK, B.CALL) else 2
    return move


def showdown(grid: Mapping[str, Any]) -> Mapping[str, Any]:
    """Per hand: 1 when two or more players dealt in were still in at the end."""
    dealt_in = (grid["stack"] - grid["points"]) > 0  # chips before the hand
    live = dealt_in & (grid["passes"] == 0)
    return {"showdown": (live.sum(axis=1) >= 2).astype("int64")}


def showdown_row(seats: Mapping[str, Sequence[int]]) -> Mapping[str, int]:
    """:func:`showdown` for one hand, in plain Python (where numpy is missing)."""
    live = sum(1 for stack, points, folds in zip(seats["stack"], seats["points"],
                                                  seats["passes"])
               if stack - points > 0 and folds == 0)
    return {"showdown": int(live >= 2)}


def badugi_terms(rules: RulesBase) -> PlayoutTerms:
    """What Badugi's columns mean: net chips, folds, cards drawn; and the showdown rate."""
    return PlayoutTerms(columns={"points": "chips", "passes": "folds",
                                 "drawn": "cards_drawn", "stack": None},
                        derived=showdown, derived_keys=("showdown",),
                        derived_row=showdown_row)


register_batch("badugi", columns_random)
register_terms("badugi", badugi_terms)
