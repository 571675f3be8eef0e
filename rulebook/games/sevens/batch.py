"""The Sevens family's numpy batch of random-bot deals, straight into columns, and what its
playout columns mean.

:func:`batch_random_arrays` plays many deals at once on uint64 arrays, each block the scalar
rule of :mod:`rulebook.games.sevens.core` named in its comment: the shuffle and deal
(BS-DEAL-3/5), the opening (BS-OPEN-3/4), legal plays and passes (BS-MOVE-3/4, BS-HR-5/6,
BS-HR-8..11), turn order (BS-OPEN-5), eliminations (BS-HR-10), final turns (BS-HR-16/17),
scoring (BS-END-2..8) and chips (BS-CHIP-3..5).  :func:`columns_random` runs it (all seats
``random``) and places the seats with the same rules as the scalar loop, vectorised:
BS-END-6..8 (the round winner first, the others by penalty points, lowest first, equal
points sharing the better place, p + k after k share p; with no winner, BS-HR-12, everyone
by points) and, in a chips game, by chips, most first (BS-CHIP-5); ``playout_batch_random``
gives the same deals as rows.  Both equal the scalar loop (and so the state path) deal for
deal on every rule configuration (tests/test_sevens_batch.py, tests/test_sevens_fast.py).
:func:`play_out_random` runs the same move loop from rounds in the middle of play (the
coach's worlds, :func:`~rulebook.games.sevens.coach.rollout_worlds`), each round's arrays
read from its table, its first move given, the bots' draws from its move number on; equal
to the scalar play-out round for round (tests/test_coach.py).

Terms: ``points`` are penalty points (chips in a chips game: BS-CHIP-3..5), ``passes`` are
passes, ``cards_left`` the cards held at the end, ``eliminated`` whether the seat was put
out under limited passes (BS-HR-10).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ...cards import FULL_MASK
from ...fastrandom import GOLDEN, MASK64, derived_seeds, np_splitmix64, np_turn_below
from ...measures import PlayoutTerms, register_terms
from ...rules import RulesBase
from ...simulation import (check_batch_size, deal_masks, next_seat_where, nth_bit_masks,
                           register_batch, seat_places)
from .core import ACES, KINGS, PASSES_PER_ROUND, SEVENS, SIXES

__all__ = ["columns_random", "places_lower_first", "sevens_terms", "MIN_BATCH",
           "batch_random_arrays", "playout_batch_random", "play_out_random"]

MIN_BATCH = 64
"""Fewer deals than this are played by the scalar loop (the batch's set-up would dominate)."""


def _np_playable(table: Any, ace_high: bool, e86: bool) -> Any:
    """:func:`~rulebook.games.sevens.core.playable_mask` on a uint64 array (BS-MOVE-1, BS-ROW-4, BS-HR-13, BS-HR-15)."""
    import numpy as np

    u = np.uint64
    if ace_high:
        up = ((table & u(~ACES & FULL_MASK)) << u(4)) | ((table & u(KINGS)) >> u(48))
        down = (table >> u(4)) & u(~ACES & FULL_MASK)
    else:
        up = table << u(4)
        down = table >> u(4)
    playable = ((up | down) & u(FULL_MASK) & ~table) | (u(SEVENS) & ~table)
    if e86:
        playable &= ~(u(SIXES) & ~(table >> u(8)))
    return playable


def playout_batch_random(rules: Any, players: int, seeds: Sequence[int | str],
                         dealers: Sequence[int]) -> list[list[dict[str, Any]]]:
    """Many deals with a ``random`` bot in every seat, vectorised with numpy.

    Gives, deal for deal, the rows :func:`~rulebook.games.sevens.playout.playout_deal` gives (the same shuffle, the same
    TurnRandom draws, the same rules).
    """
    check_batch_size(seeds, dealers)  # at most MAX_BATCH deals, checked first
    got = _columns(rules, players, seeds, dealers)
    grid = {name: values.reshape(len(seeds), players).tolist() for name, values in got.items()}
    return [[{"seat": s, "bot": "random", **{name: grid[name][d][s] for name in grid}}
             for s in range(players)] for d in range(len(seeds))]


def batch_random_arrays(rules: Any, players: int, seeds: Sequence[int | str],
                        dealers: Sequence[int]) -> dict[str, Any]:
    """The numpy batch of :func:`playout_batch_random` before its rows are built: arrays
    ``points``, ``cards_left``, ``passes`` (deals × seats), ``winner`` (-1: none),
    ``eliminated`` (a bit set of seats) and ``turns`` (one per deal)."""
    import numpy as np

    u = np.uint64
    n = players
    total = len(seeds)
    # BS-DEAL-3/5: the shuffle of shuffle_order() and the deal of deal_hands().
    shuffle_keys = np.array(derived_seeds(seeds, "shuffle"), dtype=u)
    mix = np.array([(i * GOLDEN) & MASK64 for i in range(52)], dtype=u)
    order = np.argsort(np_splitmix64(shuffle_keys[:, None] ^ mix[None, :]), axis=1,
                       kind="stable")
    hands = deal_masks(order, dealers, n)
    bot_keys = np.array(derived_seeds(seeds, "bots"), dtype=u)
    # BS-OPEN-3: the holder of the opening card moves first.
    seat = np.argmax((hands >> u(rules.opening)) & u(1), axis=1).astype(np.int64)
    table = np.zeros(total, dtype=u)
    out, turns = _play_random(rules, n, _Deals(
        hands=hands, seat=seat, table=table,
        playable=_np_playable(table, rules.ace_high, rules.eight_before_six),
        left=np.full((total, n), PASSES_PER_ROUND, dtype=np.int64),
        passes=np.zeros((total, n), dtype=np.int64), skip=np.zeros(total, dtype=np.int64),
        elim=np.zeros(total, dtype=np.int64), final=np.zeros(total, dtype=np.int64),
        winner=np.full(total, -1, dtype=np.int64), in_final=np.zeros(total, dtype=bool),
        chips=np.full((total, n), rules.start_stack - 1, dtype=np.int64),
        pool=np.full(total, n, dtype=np.int64), keys=bot_keys), 0)
    pts, cards = _scores(rules, n, out, rules.start_stack)
    return {"points": pts, "cards_left": cards, "passes": out["passes"], "winner": out["winner"],
            "eliminated": out["elim"], "turns": turns}


def _scores(rules: Any, n: int, out: Mapping[str, Any], start: Any) -> tuple[Any, Any]:
    """Each seat's points at the end of the rounds of ``out`` (what :func:`_play_random`
    gives), and its cards left: penalty points, the winner's 0 (BS-END-2..8), or in a chips
    game the chips won or lost against ``start`` (a stack, or one per round and seat),
    the winner taking the pool and a chip for every card left (BS-CHIP-5)."""
    import numpy as np

    u = np.uint64
    hands = out["hands"]
    total = hands.shape[0]
    cards = np.bitwise_count(hands).astype(np.int64)
    values = np.array(rules.values, dtype=np.int64)
    pts = np.zeros((total, n), dtype=np.int64)
    for i in range(52):
        pts += ((hands >> u(i)) & u(1)).astype(np.int64) * values[i]
    win = out["winner"]
    has_winner = win >= 0
    if rules.chips:
        owed = np.where(np.arange(n)[None, :] == win[:, None], 0, cards)
        final_chips = out["chips"] - owed
        final_chips[has_winner, win[has_winner]] += owed.sum(axis=1)[has_winner] + \
            out["pool"][has_winner]
        pts = final_chips - start
    else:
        pts[has_winner, win[has_winner]] = 0
    return pts, cards


def play_out_random(rules: Any, tables: Sequence[Any], firsts: Sequence[Sequence[int]],
                    keys: Sequence[int], starts: Sequence[Sequence[int] | None]
                    ) -> list[list[tuple[list[int], tuple[int, ...]]]]:
    """Many rounds played on from their tables with a ``random`` bot in every seat, all at
    once: from ``tables[k]`` (a :class:`~rulebook.games.sevens.core.Table` of a round not
    over, left unchanged), for each legal move of ``firsts[k]`` (a card index, or -1 for a
    pass) played as the table's next move, the bots keyed ``keys[k]`` play on, exactly as
    :func:`~rulebook.games.sevens.coach.rollout` plays after ``state.play(move)``.  Gives for
    each table and first move every seat's points (what ``scores`` gives, chips counted
    from ``starts[k]``, the stacks before the ante, or the rules' stack where None) and the
    round winner as a tuple (empty: none).  Every table must be of ``rules`` and of the
    same number of seats and move number."""
    import numpy as np

    out: list[list[tuple[list[int], tuple[int, ...]]]] = [[] for _ in tables]
    at = [k for k, f in enumerate(firsts) if f]
    if not at:
        return out
    ts = [tables[k] for k in at]
    n, turn = ts[0].n, ts[0].turns
    if any(t.n != n or t.turns != turn or t.over for t in ts) or \
            len(firsts) != len(tables) or len(keys) != len(tables) or len(starts) != len(tables):
        raise ValueError("play_out_random: one list of first moves, key and start per table, "
                         "every table of the same size and move, none over")
    i64, u = np.int64, np.uint64
    many = np.array([len(firsts[k]) for k in at], dtype=i64)  # rows per table

    def rows(values: Any, dtype: Any) -> Any:
        return np.repeat(np.array(values, dtype=dtype), many, axis=0)

    nobody = [PASSES_PER_ROUND] * n
    stack = [rules.start_stack - 1] * n
    deals = _Deals(
        hands=rows([t.hands for t in ts], u), seat=rows([t.to_move for t in ts], i64),
        table=rows([t.table for t in ts], u), playable=rows([t.playable for t in ts], u),
        left=rows([nobody if t.left is None else t.left for t in ts], i64),
        passes=rows([t.passes for t in ts], i64), skip=rows([t.skip for t in ts], i64),
        elim=rows([t.elim for t in ts], i64),
        final=rows([t.final or 0 for t in ts], i64),
        winner=rows([-1 if t.winner is None else t.winner for t in ts], i64),
        in_final=rows([t.final is not None for t in ts], bool),
        chips=rows([stack if t.chips is None else t.chips for t in ts], i64),
        pool=rows([t.pool for t in ts], i64), keys=rows([keys[k] for k in at], u))
    forced = np.array([first for k in at for first in firsts[k]], dtype=i64)
    got, _ = _play_random(rules, n, deals, turn, forced)
    begin = rows([[rules.start_stack] * n if starts[k] is None else list(cast(Any, starts[k]))
                  for k in at], i64)
    points, _ = _scores(rules, n, got, begin)
    pts, win = points.tolist(), got["winner"].tolist()
    row = 0
    for k in at:
        for _ in firsts[k]:
            out[k].append((pts[row], () if win[row] < 0 else (win[row],)))
            row += 1
    return out


@dataclass
class _Deals:
    """Many rounds in the middle of play as arrays (rounds × seats, or one value per round),
    what :class:`~rulebook.games.sevens.core.Table` holds that the batch needs: the hands,
    the seat to move, the table and its playable cards (uint64 masks), passes left (BS-HR-8)
    and passes made, the seats that take no more turns (``skip``) and the eliminated ones
    (bit sets), the round winner (-1: none yet), the seats still owed a final turn while
    ``in_final`` (BS-HR-16), chips and pool (BS-CHIP-3..5) and the bots' keys."""

    hands: Any
    seat: Any
    table: Any
    playable: Any
    left: Any
    passes: Any
    skip: Any
    elim: Any
    final: Any
    winner: Any
    in_final: Any
    chips: Any
    pool: Any
    keys: Any


def _play_random(rules: Any, n: int, d: _Deals, step: int, forced: Any = None
                 ) -> tuple[dict[str, Any], Any]:
    """Play every round of ``d`` to its end with a ``random`` bot in every seat, move number
    ``step`` first (draw 0 of each move, as :class:`TurnRandom` gives it); ``d``'s arrays are
    used up.  ``forced`` (one int per round, or None) is the first move instead of the
    bot's: a card index, or -1 for a pass.  Gives the end of each round (``hands``,
    ``passes``, ``elim``, ``winner``, ``chips``, ``pool``) and the move number after its
    last move."""
    import numpy as np

    u = np.uint64
    ace_high, e86, sf = rules.ace_high, rules.eight_before_six, rules.sevens_first
    limited, final_turn = rules.limited, rules.one_final_turn
    full_seats = (1 << n) - 1
    hands, seat, table, playable, left = d.hands, d.seat, d.table, d.playable, d.left
    passes, skip, elim, final, winner = d.passes, d.skip, d.elim, d.final, d.winner
    in_final, chips, pool, bot_keys = d.in_final, d.chips, d.pool, d.keys
    total = hands.shape[0]
    ids = np.arange(total)
    turns = np.zeros(total, dtype=np.int64)
    out = {"hands": hands.copy(), "passes": passes.copy(), "elim": elim.copy(),
           "winner": winner.copy(), "chips": chips.copy(), "pool": pool.copy()}
    opening_bit = u(1 << rules.opening)
    sevens = u(SEVENS)

    def advance(seat: Any, skip: Any, final: Any, in_final: Any) -> tuple[Any, Any]:
        # BS-OPEN-5, and BS-HR-16: in the final turns only seats still owed one.
        eff = np.where(in_final, skip | (full_seats & ~final), skip)
        nxt = next_seat_where(seat, n, ~eff)
        owed = in_final & (nxt >= 0)
        final = np.where(owed, final & ~(np.left_shift(1, np.maximum(nxt, 0))), final)
        return nxt, final

    t = step
    while ids.size:
        r = np.arange(ids.size)
        hand = hands[r, seat]
        opening = table == 0
        # BS-OPEN-4, BS-MOVE-3, BS-HR-5: legal_play_mask().
        plays = np.where(opening, hand & opening_bit, hand & playable)
        has7 = (hand & sevens) != 0
        if sf:
            plays = np.where(has7 & ~opening, hand & sevens, plays)
        # BS-MOVE-4, BS-HR-6, BS-HR-8..11: pass_allowed().
        if limited:
            can = ~opening & (left[r, seat] > 0)
            if sf:
                can &= ~((plays != 0) & has7)
        else:
            can = ~opening & (plays == 0)
        count = np.bitwise_count(plays).astype(np.int64)
        legal = count + can
        # the random bot: legal[rng.below(len(legal))], draw 0 of move t (TurnRandom).
        k = np_turn_below(bot_keys, t, legal)
        is_pass = k == count
        low = nth_bit_masks(plays, k)  # none for a pass: k == count
        if forced is not None and t == step:  # the move given, not the bot's
            is_pass = forced < 0
            low = np.where(is_pass, u(0), np.left_shift(u(1), np.maximum(forced, 0).astype(u)))
        t += 1
        # a pass (BS-HR-8, BS-CHIP-4)
        passes[r, seat] += is_pass
        left[r, seat] -= is_pass
        chips[r, seat] -= is_pass
        pool += is_pass
        # a play
        hands[r, seat] ^= low
        table |= low
        playable = _np_playable(table, ace_high, e86)
        emptied = ~is_pass & (hands[r, seat] == 0)
        skip |= np.where(emptied, np.left_shift(1, seat), 0)
        first_out = emptied & (winner < 0)  # BS-END-1, BS-HR-17
        winner = np.where(first_out, seat, winner)
        done = np.zeros(ids.size, dtype=bool)
        if final_turn:
            final = np.where(first_out, full_seats & ~skip, final)
            in_final |= first_out
        else:
            done |= first_out
        seat, final = advance(seat, skip, final, in_final)
        # BS-HR-10: eliminate stuck players with no pass left at their turn.
        if limited:
            while True:
                safe = np.maximum(seat, 0)
                stuck = ~done & (seat >= 0) & (left[r, safe] <= 0) & \
                    ((hands[r, safe] & playable) == 0)
                if not stuck.any():
                    break
                bit = np.where(stuck, np.left_shift(1, safe), 0)
                elim |= bit
                skip |= bit
                nxt, nfinal = advance(seat, skip, final, in_final)
                seat = np.where(stuck, nxt, seat)
                final = np.where(stuck, nfinal, final)
        done |= seat < 0
        if done.any():
            gone = ids[done]
            turns[gone] = t
            for name, arr in (("hands", hands), ("passes", passes), ("elim", elim),
                              ("winner", winner), ("chips", chips), ("pool", pool)):
                out[name][gone] = arr[done]
            keep = ~done
            ids = ids[keep]
            (hands, seat, table, playable, left, passes, skip, elim, winner, final, in_final,
             chips, pool, bot_keys) = (a[keep] for a in cast("tuple[Any, ...]", (
                 hands, seat, table, playable, left, passes, skip, elim, winner, final,
                 in_final, chips, pool, bot_keys)))  # arrays of several dtypes and shapes
    return out, turns


places_lower_first = seat_places
"""BS-END-6..8 on arrays: ``places_lower_first(points, winner)`` gives places 1.. from
``points`` (deals × seats), lowest first, equal points sharing the better place; a seat
``winner`` (>= 0) is 1st and the others start at 2nd.  ``winner`` is -1 where no one won
(BS-HR-12)."""


def columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                   dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """The columns of many all-``random`` deals from the numpy batch (None otherwise)."""
    check_batch_size(seeds, dealers)  # at most MAX_BATCH deals, checked first
    if len(seeds) < MIN_BATCH or any(name != "random" for name in names):
        return None
    return _columns(rules, players, seeds, dealers)


def _columns(rules: Any, players: int, seeds: Sequence[Any],
             dealers: Sequence[int]) -> dict[str, Any]:
    import numpy as np

    got = batch_random_arrays(rules, players, list(seeds), list(dealers))
    points, winner = got["points"], got["winner"]
    place = (seat_places(points, higher=True) if rules.chips  # BS-CHIP-5: most chips first
             else places_lower_first(points, winner))
    seats = np.arange(players)
    eliminated = (got["eliminated"][:, None] >> seats[None, :]) & 1
    return {"place": place.ravel(), "won": (seats[None, :] == winner[:, None]).ravel(),
            "points": points.ravel(), "passes": got["passes"].ravel(),
            "turns": np.repeat(got["turns"], players), "cards_left": got["cards_left"].ravel(),
            "eliminated": eliminated.astype(bool).ravel()}


def sevens_terms(rules: RulesBase) -> PlayoutTerms:
    """What the Sevens family's columns mean: penalty points or chips, passes, cards left,
    eliminations."""
    chips = bool(getattr(rules, "chips", False))
    return PlayoutTerms(columns={"points": "chips" if chips else "penalty_points",
                                 "passes": "passes", "cards_left": "cards_left",
                                 "eliminated": "eliminated"})


register_batch("sevens", columns_random)
register_terms("sevens", sevens_terms)
