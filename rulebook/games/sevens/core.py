"""The Sevens family's rules as small pure functions on 52-bit card masks and small ints.

Both :mod:`rulebook.games.sevens.state` (the immutable ``State``) and the fast playout loops call these
functions, so every rule exists exactly once.  A card's bit is its canonical index
``rank_index * 4 + suit_index`` (see :mod:`rulebook.cards`), so moving one rank up or down
inside a suit is a shift by 4 bits, and all four suits are handled by one integer operation.

The table is a single mask: because every row is an unbroken run containing its 7
(BS-ROW-3), the rows can be read back from the mask of the cards on the table.

Clauses implemented here:

- BS-DEAL-3, BS-DEAL-5, BS-DEAL-6: :func:`deal_hands` shuffles the 52 cards by SplitMix64 keys
  derived from the seed (reproducible in numpy) and deals them one at a time clockwise from
  the dealer's left, which gives exactly the hand sizes of BS-DEAL-6.
- BS-ROW-1..4, BS-MOVE-1, BS-HR-13, BS-HR-15, BS-INFO-2: :func:`playable_mask`;
  BS-OPEN-4, BS-INFO-2: :func:`public_playable` (on the first turn only the opening card).
- BS-OPEN-4, BS-MOVE-3, BS-HR-5: :func:`legal_play_mask`.
- BS-MOVE-4, BS-HR-6, BS-HR-8..11: :func:`pass_allowed`, :func:`must_be_eliminated`.
- BS-OPEN-5: :func:`next_seat`.
- BS-END-3, BS-END-4, BS-END-5, BS-HR-7, BS-HR-14: :func:`card_values`, :func:`hand_points`.
- BS-END-6..8: :func:`round_places`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ...cards import FULL_MASK, mask_indices
from ...protocol import MASK64, derived_seed, places_from_scores, splitmix64

__all__ = [
    "SEVENS",
    "ACES",
    "TWOS",
    "SIXES",
    "EIGHTS",
    "KINGS",
    "SUIT_MASKS",
    "HAND_SIZES",
    "PASSES_PER_ROUND",
    "GOLDEN",
    "shuffle_order",
    "deal_hands",
    "playable_mask",
    "public_playable",
    "legal_play_mask",
    "pass_allowed",
    "must_be_eliminated",
    "next_seat",
    "card_values",
    "hand_points",
    "round_places",
    "row_order",
    "is_valid_row",
    "bit_cards",
    "batch_random_arrays",
]


def _rank_bits(rank_index: int) -> int:
    return 0b1111 << (rank_index * 4)


SEVENS: int = _rank_bits(6)
"""The four 7s."""
ACES: int = _rank_bits(0)
"""The four aces."""
TWOS: int = _rank_bits(1)
"""The four 2s."""
SIXES: int = _rank_bits(5)
"""The four 6s."""
EIGHTS: int = _rank_bits(7)
"""The four 8s."""
KINGS: int = _rank_bits(12)
"""The four kings."""
SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << (r * 4 + s) for r in range(13)) for s in range(4)
)
"""The 13 cards of each suit, indexed C, D, H, S."""

HAND_SIZES: dict[int, tuple[int, ...]] = {
    3: (18, 17, 17),
    4: (13, 13, 13, 13),
    5: (11, 11, 10, 10, 10),
    6: (9, 9, 9, 9, 8, 8),
    7: (8, 8, 8, 7, 7, 7, 7),
}
"""BS-DEAL-6: hand sizes listed from the dealer's left, clockwise."""

PASSES_PER_ROUND = 3
"""BS-HR-8: passes each player has per round under limited_passes."""

GOLDEN = 0x9E3779B97F4A7C15
"""The golden-ratio increment used to spread counters before SplitMix64."""


def shuffle_order(seed: int | str) -> list[int]:
    """The 52 card indices in shuffled order for a deal's ``seed`` (BS-DEAL-3).

    Each card ``i`` gets the key ``splitmix64(k ^ (i * GOLDEN mod 2**64))`` with
    ``k = derived_seed(seed, "shuffle")``; cards are ordered by (key, index).  Plain
    integer arithmetic, so a numpy batch can reproduce it with ``uint64`` arrays.
    """
    key = derived_seed(seed, "shuffle")
    keys = [splitmix64(key ^ ((i * GOLDEN) & MASK64)) for i in range(52)]
    return sorted(range(52), key=lambda i: (keys[i], i))


def deal_hands(seed: int | str, players: int, dealer: int) -> list[int]:
    """Deal the shuffled pack one card at a time clockwise from the dealer's left.

    Returns one hand mask per seat (BS-DEAL-5); the sizes come out as BS-DEAL-6 lists them.
    """
    hands = [0] * players
    seat = (dealer + 1) % players
    for index in shuffle_order(seed):
        hands[seat] |= 1 << index
        seat = seat + 1 if seat + 1 < players else 0
    return hands


def playable_mask(table: int, ace_high: bool = False, eight_before_six: bool = False) -> int:
    """The public playable set (BS-INFO-2) for the cards on ``table``.

    BS-MOVE-1 / BS-ROW-1: an unplayed 7 opens its suit's row; otherwise a card is playable
    when it is directly below the row's low end or directly above its high end.  Rows are
    unbroken runs (BS-ROW-3), so the cards next to the table are exactly the row ends'
    neighbours: one shift by 4 bits moves every card one rank.  Nothing goes below the
    first rank or above the last (BS-ROW-4).  With ``ace_high`` (BS-HR-13) the order is
    2..K, A: the ace follows the king and nothing follows the ace or precedes the 2.  With
    ``eight_before_six`` (BS-HR-15) a 6 waits until its suit's 8 is on the table.
    """
    if ace_high:
        up = ((table & ~ACES) << 4) | ((table & KINGS) >> 48)
        down = (table >> 4) & ~ACES
    else:
        up = table << 4
        down = table >> 4
    playable = ((up | down) & FULL_MASK & ~table) | (SEVENS & ~table)
    if eight_before_six:
        playable &= ~(SIXES & ~(table >> 8))
    return playable


def public_playable(table: int, opening: int, ace_high: bool = False,
                    eight_before_six: bool = False) -> int:
    """The public playable set a state shows (BS-INFO-2): on the first turn, with the table
    still empty, only the opening card may be played (BS-OPEN-4), not every 7; after it,
    :func:`playable_mask`."""
    if table == 0:
        return 1 << opening
    return playable_mask(table, ace_high, eight_before_six)


def legal_play_mask(hand: int, playable: int, opening: int | None,
                    sevens_first: bool = False) -> int:
    """The cards the player may play now (BS-MOVE-3).

    ``opening`` is the opening card's index while the table is still empty: then it is the
    only legal card (BS-OPEN-4).  With ``sevens_first`` a player holding a 7 must play a 7
    (BS-HR-5); a held 7 is always playable because its row cannot be open yet.
    """
    if opening is not None:
        return hand & (1 << opening)
    mine = hand & playable
    if sevens_first and hand & SEVENS:
        return hand & SEVENS
    return mine


def pass_allowed(hand: int, plays: int, opening: bool, passes_left: int | None,
                 sevens_first: bool = False) -> bool:
    """Whether passing is legal for a player whose legal plays are ``plays``.

    BS-OPEN-4: never on the opening turn.  BS-MOVE-4: a player with no playable card must
    pass (when ``passes_left`` is ``None`` there is no limit).  BS-MOVE-3: a player with a
    playable card may not pass, except under limited_passes (``passes_left`` an int) with a
    pass left (BS-HR-8, BS-HR-9), and not while holding a 7 under sevens_first (BS-HR-6);
    with no pass left a player must play (BS-HR-11).
    """
    if opening:
        return False
    if passes_left is None:
        return plays == 0
    if passes_left <= 0:
        return False
    if plays and sevens_first and hand & SEVENS:
        return False
    return True


def must_be_eliminated(plays: int, passes_left: int | None) -> bool:
    """BS-HR-10: no playable card and no pass left means elimination instead of a turn."""
    return passes_left is not None and passes_left <= 0 and plays == 0


def next_seat(seat: int, players: int, skip: int) -> int | None:
    """The nearest seat to the left of ``seat`` not in the bit set ``skip`` (BS-OPEN-5).

    ``skip`` holds the seats that take no more turns (eliminated, or out of cards).
    Returns ``None`` when every seat is skipped.
    """
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if not skip >> candidate & 1:
            return candidate
    return None


def card_values(scoring: str, flat_10: bool = False) -> tuple[int, ...]:
    """Each card's point value by canonical index.

    ``classic`` (BS-END-3, also the app's ``court_11_12_13``): A=1 .. K=13.  ``app``
    (BS-END-4): J, Q, K are 10.  ``one_per_card`` (BS-END-5): every card 1.  ``flat_10``
    (BS-HR-7): A, J, Q, K are 10; the ace keeps that value under ace_high (BS-HR-14).
    """
    values = []
    for index in range(52):
        rank = index // 4 + 1
        if scoring == "one_per_card":
            value = 1
        elif scoring == "app":
            value = min(rank, 10)
        else:
            value = rank
        if flat_10 and (rank == 1 or rank > 10):
            value = 10
        values.append(value)
    return tuple(values)


def hand_points(hand: int, values: Sequence[int]) -> int:
    """The total point value of the cards in ``hand`` (BS-END-2)."""
    total = 0
    while hand:
        low = hand & -hand
        total += values[low.bit_length() - 1]
        hand ^= low
    return total


def round_places(points: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """Finishing positions in a round (BS-END-6..8).

    The round winner is 1st; the others follow by points, lowest first, sharing the better
    position when equal, and after k players share position p the next is p + k.  With no
    winner (BS-HR-12) everyone is placed by points from 1.

    >>> round_places([25, 0, 25, 26], winner=1)
    (2, 1, 2, 4)
    """
    if winner is None:
        return places_from_scores(points)
    others = [p for seat, p in enumerate(points) if seat != winner]
    places = []
    for seat, p in enumerate(points):
        places.append(1 if seat == winner else 2 + sorted(others).index(p))
    return tuple(places)


def row_order(ace_high: bool) -> tuple[int, ...]:
    """Rank indices (0 = ace .. 12 = king) in row order (BS-ROW-2, BS-HR-13)."""
    return tuple(range(1, 13)) + (0,) if ace_high else tuple(range(13))


def is_valid_row(table: int, suit: int, ace_high: bool) -> bool:
    """Whether the suit's cards on ``table`` form a legal row: empty, or an unbroken run of
    row order containing the 7 (BS-ROW-1, BS-ROW-3)."""
    ranks = [r for r in row_order(ace_high) if table >> (r * 4 + suit) & 1]
    if not ranks:
        return True
    if 6 not in ranks:
        return False
    order = row_order(ace_high)
    positions = [order.index(r) for r in ranks]
    return positions == list(range(positions[0], positions[0] + len(positions)))


bit_cards = mask_indices
"""The card indices in ``mask``, in canonical order; see :func:`rulebook.cards.mask_indices`."""


# --------------------------------------------------------------------------------------
# Fast playout: one whole deal on masks and small ints, no State objects (phase 2).
# Every rule below is a call to the functions above; only the bookkeeping is repeated.
# --------------------------------------------------------------------------------------
def _below(key: int, turn: int, n: int) -> int:
    """``TurnRandom.below(n)`` for draw 0 of move ``turn`` (see rulebook.protocol)."""
    return ((splitmix64(key ^ ((turn * 64 * GOLDEN) & MASK64)) >> 11) * n) >> 53


def _nth_bit(mask: int, k: int) -> int:
    """The index of the ``k``-th set bit (from 0, lowest first) of ``mask``."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout_deal(rules: Any, players: int, seed: int | str, dealer: int,
                 names: Sequence[str], record: bool) -> tuple[list[dict[str, Any]],
                                                                list[str] | None]:
    """Play one deal with the named bots exactly as ``autoplay`` would through ``State``.

    Mirrors :class:`rulebook.games.sevens.state.SevensState` step for step: the opening turn
    (BS-OPEN-3/4), legal plays and passes (BS-MOVE-3/4, BS-HR-5/6/8..11), turn order with
    skipped seats (BS-OPEN-5), eliminations at the stuck player's turn (BS-HR-10/12), final
    turns (BS-HR-16/17), scoring (BS-END-2..8) and chips (BS-CHIP-3..5).
    """
    from .bots import PASS_CHOICE, smart_choice

    n = players
    ace_high, e86, sf = rules.ace_high, rules.eight_before_six, rules.sevens_first
    hands = deal_hands(seed, n, dealer)
    opening = rules.opening
    seat: int | None = next(s for s in range(n) if hands[s] >> opening & 1)
    table = 0
    playable = playable_mask(0, ace_high, e86)
    left = [PASSES_PER_ROUND] * n if rules.limited else None
    passes = [0] * n
    skip = elim = 0
    winner: int | None = None
    final: int | None = None  # bit set of seats still owed a final turn (BS-HR-16)
    chips = [rules.start_stack - 1] * n if rules.chips else None  # BS-CHIP-3
    pool = n
    key = derived_seed(seed, "bots")
    smart = [name == "smart" for name in names]
    moves: list[str] | None = [] if record else None
    turn = 0
    while seat is not None:
        hand = hands[seat]
        plays = legal_play_mask(hand, playable, opening if table == 0 else None, sf)
        my_left = None if left is None else left[seat]
        can = pass_allowed(hand, plays, table == 0, my_left, sf)
        if smart[seat]:
            choice = smart_choice(hand, table, plays, can, my_left, seat,
                                  [h.bit_count() for h in hands], ace_high, rules.values)
        else:
            count = plays.bit_count()
            k = _below(key, turn, count + can)
            choice = PASS_CHOICE if k == count else _nth_bit(plays, k)
        turn += 1
        if choice == PASS_CHOICE:
            passes[seat] += 1
            if left is not None:
                left[seat] -= 1
            if chips is not None:
                chips[seat] -= 1  # BS-CHIP-4
                pool += 1
            if moves is not None:
                moves.append("pass")
        else:
            bit = 1 << choice
            hands[seat] ^= bit
            table |= bit
            playable = playable_mask(table, ace_high, e86)
            if moves is not None:
                moves.append(_CARD_TEXT[choice])
            if not hands[seat]:
                skip |= 1 << seat
                if winner is None:
                    winner = seat
                    if not rules.one_final_turn:
                        break
                    final = ((1 << n) - 1) & ~skip
        seat = _advance(seat, n, skip, final)
        if final is not None and seat is not None:
            final &= ~(1 << seat)
        # BS-HR-10: a stuck player with no pass left is eliminated at their turn.
        while seat is not None and left is not None and must_be_eliminated(
                legal_play_mask(hands[seat], playable, None, sf), left[seat]):
            elim |= 1 << seat
            skip |= 1 << seat
            seat = _advance(seat, n, skip, final)
            if final is not None and seat is not None:
                final &= ~(1 << seat)
    cards = [h.bit_count() for h in hands]
    if chips is not None:
        if winner is not None:  # BS-CHIP-5
            for s in range(n):
                if s != winner:
                    chips[s] -= cards[s]
                    chips[winner] += cards[s]
            chips[winner] += pool
        points = tuple(c - rules.start_stack for c in chips)
        places = places_from_scores(points, lower_is_better=False)
    else:
        points = tuple(0 if s == winner else hand_points(h, rules.values)
                       for s, h in enumerate(hands))
        places = round_places(points, winner)
    rows = [{"seat": s, "bot": names[s], "place": places[s], "won": s == winner,
             "points": points[s], "passes": passes[s], "turns": turn,
             "cards_left": cards[s], "eliminated": bool(elim >> s & 1)}
            for s in range(n)]
    return rows, moves


def _advance(seat: int, n: int, skip: int, final: int | None) -> int | None:
    """The next seat to take a turn: BS-OPEN-5, or during final turns (BS-HR-16) the next
    seat in seat order that is still owed one."""
    if final is None:
        return next_seat(seat, n, skip)
    return next_seat(seat, n, skip | (((1 << n) - 1) & ~final))


_CARD_TEXT = tuple(r + s for r in "A23456789TJQK" for s in "CDHS")


# --------------------------------------------------------------------------------------
# Numpy batch of random-bot deals.  Each block re-expresses, on uint64 arrays over many
# deals at once, the scalar rule named in its comment; test_sevens_fast.py proves that the
# batch gives exactly the rows of playout_deal (and so of State + autoplay).
# --------------------------------------------------------------------------------------
def _np_splitmix64(x: Any) -> Any:
    """:func:`rulebook.protocol.splitmix64` on a uint64 array (wrapping arithmetic)."""
    import numpy as np

    u = np.uint64
    x = x + u(0x9E3779B97F4A7C15)
    x = (x ^ (x >> u(30))) * u(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> u(27))) * u(0x94D049BB133111EB)
    return x ^ (x >> u(31))


def _np_playable(table: Any, ace_high: bool, e86: bool) -> Any:
    """:func:`playable_mask` on a uint64 array (BS-MOVE-1, BS-ROW-4, BS-HR-13, BS-HR-15)."""
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


def _np_next_seat(seat: Any, n: int, skip: Any) -> Any:
    """:func:`next_seat` on arrays; -1 where every seat is skipped (BS-OPEN-5)."""
    import numpy as np

    out = np.full_like(seat, -1)
    for step in range(n, 0, -1):  # the nearest free seat wins, so go from far to near
        cand = (seat + step) % n
        free = ((skip >> cand) & 1) == 0
        out = np.where(free, cand, out)
    return out


def playout_batch_random(rules: Any, players: int, seeds: Sequence[int | str],
                         dealers: Sequence[int]) -> list[list[dict[str, Any]]]:
    """Many deals with a ``random`` bot in every seat, vectorised with numpy.

    Gives, deal for deal, the rows :func:`playout_deal` gives (the same shuffle, the same
    TurnRandom draws, the same rules).
    """
    got = batch_random_arrays(rules, players, seeds, dealers)
    chips_on = rules.chips
    pts_l, cards_l, passes_l = got["points"].tolist(), got["cards_left"].tolist(), \
        got["passes"].tolist()
    win_l, elim_l, turns_l = got["winner"].tolist(), got["eliminated"].tolist(), \
        got["turns"].tolist()
    n = players
    rows_all = []
    for d in range(len(seeds)):
        w = None if win_l[d] < 0 else win_l[d]
        points = pts_l[d]
        places = places_from_scores(points, lower_is_better=False) if chips_on \
            else round_places(points, w)
        rows_all.append([{"seat": s, "bot": "random", "place": places[s], "won": s == w,
                          "points": points[s], "passes": passes_l[d][s],
                          "turns": turns_l[d], "cards_left": cards_l[d][s],
                          "eliminated": bool(elim_l[d] >> s & 1)} for s in range(n)])
    return rows_all


def batch_random_arrays(rules: Any, players: int, seeds: Sequence[int | str],
                        dealers: Sequence[int]) -> dict[str, Any]:
    """The numpy batch of :func:`playout_batch_random` before its rows are built: arrays
    ``points``, ``cards_left``, ``passes`` (deals × seats), ``winner`` (-1: none),
    ``eliminated`` (a bit set of seats) and ``turns`` (one per deal)."""
    import numpy as np

    u = np.uint64
    n = players
    total = len(seeds)
    ace_high, e86, sf = rules.ace_high, rules.eight_before_six, rules.sevens_first
    limited, final_turn, chips_on = rules.limited, rules.one_final_turn, rules.chips
    full_seats = (1 << n) - 1
    # BS-DEAL-3/5: the shuffle of shuffle_order() and the deal of deal_hands().
    shuffle_keys = np.array([derived_seed(s, "shuffle") for s in seeds], dtype=u)
    mix = np.array([(i * GOLDEN) & MASK64 for i in range(52)], dtype=u)
    order = np.argsort(_np_splitmix64(shuffle_keys[:, None] ^ mix[None, :]), axis=1,
                       kind="stable")
    dealer_arr = np.asarray(dealers, dtype=np.int64)
    seat_of = (dealer_arr[:, None] + 1 + np.arange(52)[None, :]) % n
    bits = np.left_shift(u(1), order.astype(u))
    hands = np.zeros((total, n), dtype=u)
    for s in range(n):
        hands[:, s] = np.bitwise_or.reduce(np.where(seat_of == s, bits, u(0)), axis=1)
    bot_keys = np.array([derived_seed(s, "bots") for s in seeds], dtype=u)
    # BS-OPEN-3: the holder of the opening card moves first.
    seat = np.argmax((hands >> u(rules.opening)) & u(1), axis=1).astype(np.int64)
    table = np.zeros(total, dtype=u)
    playable = _np_playable(table, ace_high, e86)
    left = np.full((total, n), PASSES_PER_ROUND, dtype=np.int64)
    passes = np.zeros((total, n), dtype=np.int64)
    skip = np.zeros(total, dtype=np.int64)
    elim = np.zeros(total, dtype=np.int64)
    winner = np.full(total, -1, dtype=np.int64)
    final = np.zeros(total, dtype=np.int64)
    in_final = np.zeros(total, dtype=bool)
    chips = np.full((total, n), rules.start_stack - 1, dtype=np.int64)
    pool = np.full(total, n, dtype=np.int64)
    ids = np.arange(total)
    turns = np.zeros(total, dtype=np.int64)
    out_hands = np.zeros((total, n), dtype=u)
    out = {"passes": passes.copy(), "elim": elim.copy(), "winner": winner.copy(),
           "chips": chips.copy(), "pool": pool.copy()}
    opening_bit = u(1 << rules.opening)
    sevens = u(SEVENS)

    def advance(seat: Any, skip: Any, final: Any, in_final: Any) -> tuple[Any, Any]:
        # BS-OPEN-5, and BS-HR-16: in the final turns only seats still owed one.
        eff = np.where(in_final, skip | (full_seats & ~final), skip)
        nxt = _np_next_seat(seat, n, eff)
        owed = in_final & (nxt >= 0)
        final = np.where(owed, final & ~(np.left_shift(1, np.maximum(nxt, 0))), final)
        return nxt, final

    t = 0
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
        raw = _np_splitmix64(bot_keys ^ u((t * 64 * GOLDEN) & MASK64))
        k = (((raw >> u(11)) * legal.astype(u)) >> u(53)).astype(np.int64)
        is_pass = k == count
        x = plays
        for i in range(int(k.max(initial=0))):
            x = np.where(k > i, x & (x - u(1)), x)
        low = np.where(is_pass, u(0), x & (~x + u(1)))
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
            out_hands[gone] = hands[done]
            for name, arr in (("passes", passes), ("elim", elim), ("winner", winner),
                              ("chips", chips), ("pool", pool)):
                out[name][gone] = arr[done]
            keep = ~done
            ids = ids[keep]
            (hands, seat, table, playable, left, passes, skip, elim, winner, final, in_final,
             chips, pool, bot_keys) = (a[keep] for a in cast("tuple[Any, ...]", (
                 hands, seat, table, playable, left, passes, skip, elim, winner, final,
                 in_final, chips, pool, bot_keys)))  # arrays of several dtypes and shapes
    # scoring (BS-END-2..8, BS-CHIP-5)
    cards = np.bitwise_count(out_hands).astype(np.int64)
    values = np.array(rules.values, dtype=np.int64)
    pts = np.zeros((total, n), dtype=np.int64)
    for i in range(52):
        pts += ((out_hands >> u(i)) & u(1)).astype(np.int64) * values[i]
    win = out["winner"]
    has_winner = win >= 0
    if chips_on:
        owed = np.where(np.arange(n)[None, :] == win[:, None], 0, cards)
        final_chips = out["chips"] - owed
        final_chips[has_winner, win[has_winner]] += owed.sum(axis=1)[has_winner] + \
            out["pool"][has_winner]
        pts = final_chips - rules.start_stack
    else:
        pts[has_winner, win[has_winner]] = 0
    return {"points": pts, "cards_left": cards, "passes": out["passes"], "winner": win,
            "eliminated": out["elim"], "turns": turns}
