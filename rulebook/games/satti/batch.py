"""Satti in experiments: many all-``random`` rounds at once with numpy, and what its playout
columns mean.

:func:`columns_random` plays a batch of rounds move by move, every round of the batch taking
its next move in the same step, exactly as :func:`rulebook.games.satti.bots.playout_loop` plays
them one at a time (and so as ``autoplay`` plays them through states):

* the deal, the turned card and every reshuffle come from the rule functions themselves
  (:func:`~rulebook.games.satti.core.deal_table` SAT-SETUP-2..7, and the reshuffle's
  ``derived_random(seed, "reshuffle", k)`` order, SAT-PILE-1..2), round by round in Python;
* each move re-expresses, on arrays over the rounds, the rule named in its comment: the
  legal moves in ``legal_moves()`` order (:func:`~rulebook.games.satti.core.legal_codes`: SAT-TURN-1..3,
  SAT-FIT-1..4, SAT-JACK-1, SAT-SEVEN-2/5, SAT-EIGHT-2, SAT-END-3), the random bot's pick
  ``legal[TurnRandom.below(len(legal))]``, and the move's effect (:func:`~rulebook.games.satti.core.
  step`: SAT-TURN-3..5, SAT-SEVEN-1/3/6, SAT-EIGHT-2/4, SAT-JACK-1, SAT-PILE-3, SAT-END-1..3);
* places by cards held (SAT-END-4, SAT-END-5).

tests/test_satti_batch.py proves the columns equal the scalar loop's rows deal for deal,
for every option.  Terms: ``points`` are the cards a seat holds when the round ends,
``passes`` are draw moves, ``penalty_cards`` the cards drawn for sevens (SAT-SEVEN-2),
``cards_drawn`` every card drawn, and ``stopped`` whether the round stopped because both
piles ran out (SAT-PILE-3), one value per round.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ...fastrandom import derived_random, derived_seeds, np_turn_below, random_floats
from ...measures import PlayoutTerms, register_terms
from ...rules import RulesBase
from ...simulation import check_batch_size, deal_masks, nth_bit_masks, register_batch, seat_places
from .core import FIRST_JACK, FIT, JACKS, MOVE_CAP, SEVENS, bits, deal_table

__all__ = ["columns_random", "satti_terms", "MIN_BATCH"]

MIN_BATCH = 32
"""Fewer rounds than this are played by the scalar loop."""

_LOW = (1 << FIRST_JACK) - 1  # the cards below the jacks (A..10)
_HIGH = ((1 << 52) - 1) & ~(_LOW | JACKS)  # queens and kings
_SEVEN_RANK, _EIGHT_RANK, _JACK_RANK = 6, 7, 10


places_by_count = seat_places
"""SAT-END-4/5 on arrays: ``places_by_count(counts, winner)`` puts the winner (>= 0) 1st and
the others from 2nd by cards held, fewer first, equal counts sharing; with no winner (the
round stopped) all from 1st."""


def _deal(n: int, seeds: Sequence[int], dealers: Sequence[int],
          hand_size: int) -> tuple[Any, Any, Any, Any, Any]:
    """:func:`~rulebook.games.satti.core.deal_table` for many rounds: the same shuffle (each card's key
    from ``derived_random(seed, "deal")``, read in one call per round by
    :func:`~rulebook.fastrandom.random_floats`; the pack sorted by key, SAT-SETUP-2), dealt one
    card at a time clockwise from the dealer's left from the top of the pack (SAT-SETUP-4),
    the next card turned (SAT-SETUP-6); a round whose turned card is a 7 (SAT-SETUP-7) is
    dealt by ``deal_table`` itself."""
    import numpy as np

    total = len(seeds)
    keys = random_floats(derived_seeds(seeds, "deal"), 52)
    order = np.argsort(keys, axis=1, kind="stable")  # the pack, bottom to top
    dealt = n * hand_size
    # popped from the top: card i goes to the dealer's left + i
    hands = deal_masks(order[:, 51 - np.arange(dealt)], dealers, n)
    top = order[:, 51 - dealt].astype(np.int64)
    pile = np.zeros((total, 52), dtype=np.int64)
    pile[:, :51 - dealt] = order[:, :51 - dealt]
    pile_len = np.full(total, 51 - dealt, dtype=np.int64)
    turn = (np.asarray(dealers, dtype=np.int64) + 1) % n
    for k in np.flatnonzero((top >> 2) == _SEVEN_RANK).tolist():
        t = deal_table(n, seeds[k], dealers[k], hand_size)
        hands[k] = t.hands
        pile[k] = 0
        pile[k, :len(t.pile)] = t.pile
        pile_len[k] = len(t.pile)
        top[k] = t.top
    return hands, pile, pile_len, top, turn


def columns_random(rules: RulesBase, players: int, seeds: Sequence[int],
                   dealers: Sequence[int], names: Sequence[str]) -> Mapping[str, Any] | None:
    """The columns of many rounds with a ``random`` bot in every seat (None otherwise)."""
    check_batch_size(seeds, dealers)  # at most MAX_BATCH deals, checked first
    import numpy as np

    if len(seeds) < MIN_BATCH or any(name != "random" for name in names):
        return None
    fit_table = np.array(FIT, dtype=np.uint64)  # [top, suit]
    u = np.uint64
    n = players
    total = len(seeds)
    stacking = bool(getattr(rules, "seven_stacking"))
    after = bool(getattr(rules, "play_after_draw"))
    hand_size = int(getattr(rules, "hand_size"))
    hands, pile, pile_len, top, turn = _deal(n, seeds, dealers, hand_size)
    suit = top & 3
    keys = np.array(derived_seeds(seeds, "bots"), dtype=u)
    discards = np.zeros(total, dtype=u)
    penalty, reshuffles = (np.zeros(total, dtype=np.int64) for _ in range(2))
    skipped, naming = (np.zeros(total, dtype=bool) for _ in range(2))
    draws, pen_cards, drawn = (np.zeros((total, n), dtype=np.int64) for _ in range(3))
    ids = np.arange(total)
    # results, by round
    out_hands = np.zeros((total, n), dtype=u)
    out_draws, out_pen, out_drawn = (np.zeros((total, n), dtype=np.int64) for _ in range(3))
    out_winner = np.full(total, -1, dtype=np.int64)
    out_stopped = np.zeros(total, dtype=bool)
    out_turns = np.zeros(total, dtype=np.int64)
    one = u(1)

    def draw_one(sel: Any, over: Any, stopped: Any) -> Any:
        """SAT-PILE-1..3 and SAT-TURN-3: rounds ``sel`` draw their pile's top card; -1 (and
        the round stops) where neither pile has a card.  A reshuffle is done round by round
        with the rule's own random order."""
        card = np.full(sel.shape[0], -1, dtype=np.int64)
        empty = sel[pile_len[sel] == 0]
        for i in empty.tolist():
            if discards[i] == 0:
                continue
            cards = bits(int(discards[i]))
            derived_random(seeds[ids[i]], "reshuffle", int(reshuffles[i])).shuffle(cards)
            reshuffles[i] += 1
            pile[i, :len(cards)] = cards
            pile_len[i] = len(cards)
            discards[i] = 0
        has = pile_len[sel] > 0
        got = sel[has]
        pile_len[got] -= 1
        card[has] = pile[got, pile_len[got]]
        stop = sel[~has]
        over[stop] = True
        stopped[stop] = True
        return card

    step = 0
    while ids.size:
        if step >= MOVE_CAP:
            raise RuntimeError(f"the deal did not end within {MOVE_CAP} moves")
        m = ids.size
        r = np.arange(m)
        seat = turn.copy()
        hand = hands[r, seat]
        over = np.zeros(m, dtype=bool)
        stopped = np.zeros(m, dtype=bool)
        winner = np.full(m, -1, dtype=np.int64)
        # -- legal_codes(), in legal_moves() order, and the random bot's pick -------------------
        in_name = naming.copy()
        in_skip = ~naming & skipped
        in_pen = ~naming & ~skipped & (penalty > 0)
        in_norm = ~naming & ~skipped & (penalty == 0)
        fit = np.where(in_norm, hand & fit_table[top, suit], u(0))
        sevens = np.where(in_pen, hand & u(SEVENS), u(0)) if stacking else np.zeros(m, u)
        c_low = np.bitwise_count(fit & u(_LOW)).astype(np.int64)
        c_jack = np.bitwise_count(fit & u(JACKS)).astype(np.int64)
        c_high = np.bitwise_count(fit & u(_HIGH)).astype(np.int64)
        last = in_norm & (fit == hand) & (np.bitwise_count(hand) == 1)  # SAT-END-3: bare
        count = np.where(in_name, 4, 1)
        count = np.where(in_pen, np.bitwise_count(sevens).astype(np.int64) + 1, count)
        count = np.where(in_norm & (fit != 0) & ~last, c_low + 4 * c_jack + c_high, count)
        pick = np_turn_below(keys, step, count)
        pick = np.where(count == 1, 0, pick)
        # The chosen card (or -1) and the suit a jack names (-1: none).
        play_pen = in_pen & (pick < count - 1)
        play_norm = in_norm & (fit != 0)
        in_jacks = play_norm & ~last & (pick >= c_low) & (pick < c_low + 4 * c_jack)
        target = np.where(play_pen, sevens, fit)
        k = np.where(play_pen, pick, 0)
        k = np.where(play_norm & ~in_jacks & ~last & (pick < c_low), pick, k)
        k = np.where(in_jacks, (pick - c_low) // 4, k)
        high = play_norm & ~last & (pick >= c_low + 4 * c_jack)
        k = np.where(high, pick - c_low - 4 * c_jack, k)
        target = np.where(in_jacks, fit & u(JACKS), target)
        target = np.where(high, fit & u(_HIGH), target)
        target = np.where(play_norm & ~last & ~in_jacks & ~high, fit & u(_LOW), target)
        plays = play_pen | play_norm
        card = np.full(m, -1, dtype=np.int64)
        if plays.any():
            card[plays] = np.bitwise_count(nth_bit_masks(target[plays], k[plays]) - one)
        named = np.where(in_jacks, (pick - c_low) % 4, -1)
        pen_draw = np.flatnonzero(in_pen & ~play_pen)
        one_draw = np.flatnonzero(in_norm & (fit == 0))
        nxt = np.where(seat + 1 < n, seat + 1, 0)

        # -- play_card(): SAT-END-1..3, SAT-SEVEN-1/3, SAT-EIGHT-2/4, SAT-JACK-1 -----------------
        def play(sel: Any, cards: Any, names_: Any) -> None:
            s = seat[sel]
            bit = np.left_shift(one, cards.astype(u))
            left = hands[sel, s] ^ bit
            hands[sel, s] = left
            discards[sel] |= np.left_shift(one, top[sel].astype(u))
            top[sel] = cards
            suit[sel] = cards & 3
            out = left == 0
            won = sel[out]
            over[won] = True
            winner[won] = s[out]
            penalty[won] = 0
            skipped[won] = False
            go = sel[~out]
            c = cards[~out]
            rank = c >> 2
            jack = rank == _JACK_RANK
            suit[go[jack]] = names_[~out][jack]
            penalty[go[rank == _SEVEN_RANK]] += 2
            skipped[go[rank == _EIGHT_RANK]] = True
            turn[go] = nxt[go]

        sel = np.flatnonzero(plays)
        if sel.size:
            play(sel, card[sel], named[sel])
        # -- draw: SAT-SEVEN-6 (the whole penalty) and SAT-TURN-3..5 (one card) ------------------
        if pen_draw.size:
            s = seat[pen_draw]
            got = np.zeros(pen_draw.size, dtype=np.int64)
            owed = penalty[pen_draw]
            for j in range(int(owed.max())):
                live = (j < owed) & ~over[pen_draw]
                sub = pen_draw[live]
                if not sub.size:
                    break
                c = draw_one(sub, over, stopped)
                ok = c >= 0
                hands[sub[ok], s[live][ok]] |= np.left_shift(one, c[ok].astype(u))
                got[np.flatnonzero(live)[ok]] += 1
            penalty[pen_draw] = 0
            still = ~over[pen_draw]
            turn[pen_draw[still]] = nxt[pen_draw[still]]
            draws[pen_draw, s] += 1
            drawn[pen_draw, s] += got
            pen_cards[pen_draw, s] += got
        if one_draw.size:
            s = seat[one_draw]
            fits_before = fit_table[top[one_draw], suit[one_draw]]
            c = draw_one(one_draw, over, stopped)
            ok = c >= 0
            sub, cs, ss = one_draw[ok], c[ok], s[ok]
            bit = np.left_shift(one, cs.astype(u))
            hands[sub, ss] |= bit
            draws[one_draw, s] += 1
            drawn[sub, ss] += 1
            if after:
                fits = ((fits_before[ok] >> cs.astype(u)) & one) == one
            else:
                fits = np.zeros(sub.size, dtype=bool)
            jack = fits & ((cs >> 2) == _JACK_RANK)
            # SAT-TURN-4: a drawn jack is played at once and its player names a suit next.
            js = sub[jack]
            hands[js, ss[jack]] ^= bit[jack]
            discards[js] |= np.left_shift(one, top[js].astype(u))
            top[js] = cs[jack]
            suit[js] = cs[jack] & 3
            naming[js] = True
            other = fits & ~jack
            if other.any():
                play(sub[other], cs[other], np.full(int(other.sum()), -1, dtype=np.int64))
            rest = sub[~fits]  # SAT-TURN-5: the turn ends
            turn[rest] = nxt[rest]
        # -- skip (SAT-EIGHT-2) and naming a drawn jack's suit (SAT-TURN-4, SAT-JACK-1) ----------
        sk = np.flatnonzero(in_skip)
        skipped[sk] = False
        turn[sk] = nxt[sk]
        nm = np.flatnonzero(in_name)
        suit[nm] = pick[nm]
        naming[nm] = False
        turn[nm] = nxt[nm]
        step += 1
        # -- finished rounds ---------------------------------------------------------------------
        if over.any():
            gone = ids[over]
            out_hands[gone] = hands[over]
            out_draws[gone] = draws[over]
            out_pen[gone] = pen_cards[over]
            out_drawn[gone] = drawn[over]
            out_winner[gone] = winner[over]
            out_stopped[gone] = stopped[over]
            out_turns[gone] = step
            keep = ~over
            ids = ids[keep]
            (hands, pile, pile_len, top, suit, turn, keys, discards, penalty, skipped, naming,
             reshuffles, draws, pen_cards, drawn) = (a[keep] for a in cast("tuple[Any, ...]", (
                 hands, pile, pile_len, top, suit, turn, keys, discards, penalty, skipped,
                 naming, reshuffles, draws, pen_cards, drawn)))  # arrays of several dtypes
    counts = np.bitwise_count(out_hands).astype(np.int64)
    place = places_by_count(counts, out_winner)
    return {"place": place.ravel(), "won": (place == 1).ravel(), "points": counts.ravel(),
            "passes": out_draws.ravel(), "turns": np.repeat(out_turns, n),
            "penalty_cards": out_pen.ravel(), "cards_drawn": out_drawn.ravel(),
            "stopped": np.repeat(out_stopped, n)}


def satti_terms(rules: RulesBase) -> PlayoutTerms:
    """What Satti's columns mean: cards held, draws, penalty cards, cards drawn, stops."""
    return PlayoutTerms(columns={"points": "cards_left", "passes": "draws",
                                 "penalty_cards": "penalty_cards",
                                 "cards_drawn": "cards_drawn"},
                        deal_columns={"stopped": "stopped"})


register_batch("satti", columns_random)
register_terms("satti", satti_terms)
