"""The Sevens family's rules as small pure functions on 52-bit card masks and small ints.

The immutable state (:mod:`rulebook.games.sevens.state`), the scalar playout below and the
numpy batch (:mod:`rulebook.games.sevens.batch`) all call these functions, so every rule
exists exactly once; and the state and the scalar playout keep their turn bookkeeping in one
compact mutable :class:`Table` changed by one :func:`step` (a play or a pass) and
:func:`settle` (eliminations at a turn, the end of the round).  A card's bit is its canonical index
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
- BS-OPEN-3, BS-OPEN-5, BS-INFO-3..6, BS-END-1, BS-HR-10, BS-HR-12, BS-HR-16, BS-HR-17,
  BS-CHIP-3..5: :class:`Table`, :func:`step`, :func:`settle` and :func:`finish`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import FULL_MASK, RANK_MASKS, SUIT_MASKS, mask_indices
from ...fastrandom import GOLDEN, MASK64, derived_seed, splitmix64
from ...protocol import places_from_scores

__all__ = [
    "SEVENS", "ACES", "TWOS", "SIXES", "EIGHTS", "KINGS", "SUIT_MASKS",
    "HAND_SIZES", "PASSES_PER_ROUND", "PASS_CHOICE", "shuffle_order", "deal_hands",
    "playable_mask", "public_playable", "legal_play_mask", "pass_allowed", "must_be_eliminated",
    "next_seat", "card_values", "hand_points", "round_places", "row_order", "is_valid_row",
    "bit_cards", "Table", "new_table", "step", "settle", "finish",
]


SEVENS: int = RANK_MASKS[6]
"""The four 7s."""
ACES: int = RANK_MASKS[0]
"""The four aces."""
TWOS: int = RANK_MASKS[1]
"""The four 2s."""
SIXES: int = RANK_MASKS[5]
"""The four 6s."""
EIGHTS: int = RANK_MASKS[7]
"""The four 8s."""
KINGS: int = RANK_MASKS[12]
"""The four kings."""

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

PASS_CHOICE = -1
"""The choice "pass" where a choice is a card index (:func:`step`, the smart player)."""


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
    for k, index in enumerate(shuffle_order(seed)):
        hands[(dealer + 1 + k) % players] |= 1 << index
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
    if sevens_first and hand & SEVENS:
        return hand & SEVENS
    return hand & playable


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
    return not (plays and sevens_first and hand & SEVENS)


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
    def value(rank: int) -> int:
        if flat_10 and (rank == 1 or rank > 10):
            return 10
        if scoring == "one_per_card":
            return 1
        return min(rank, 10) if scoring == "app" else rank

    return tuple(value(index // 4 + 1) for index in range(52))


def hand_points(hand: int, values: Sequence[int]) -> int:
    """The total point value of the cards in ``hand`` (BS-END-2)."""
    return sum(values[i] for i in mask_indices(hand))


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
    others = sorted(p for seat, p in enumerate(points) if seat != winner)
    return tuple(1 if seat == winner else 2 + others.index(p) for seat, p in enumerate(points))


def row_order(ace_high: bool) -> tuple[int, ...]:
    """Rank indices (0 = ace .. 12 = king) in row order (BS-ROW-2, BS-HR-13)."""
    return tuple(range(1, 13)) + (0,) if ace_high else tuple(range(13))


def is_valid_row(table: int, suit: int, ace_high: bool) -> bool:
    """Whether the suit's cards on ``table`` form a legal row: empty, or an unbroken run of
    row order containing the 7 (BS-ROW-1, BS-ROW-3)."""
    order = row_order(ace_high)
    held = [p for p, r in enumerate(order) if table >> (r * 4 + suit) & 1]
    return not held or (order.index(6) in held and held[-1] - held[0] == len(held) - 1)


bit_cards = mask_indices
"""The card indices in ``mask``, in canonical order; see :func:`rulebook.cards.mask_indices`."""


# --------------------------------------------------------------------------------------
# The turn: one compact mutable table, changed by step() and settle().  The immutable state
# copies it before each move; the scalar playout changes one in place.
# --------------------------------------------------------------------------------------
class Table:
    """The compact state of a round: hands and table as masks, the turn and its bookkeeping.

    ``log`` (the raw public log: ``(seat, "play"/"pass"/"eliminated", card or -1, playable
    mask or 0)``) and ``absent`` (per seat, the cards it is proven not to hold) are kept only
    when they are lists: a fast loop that needs neither passes ``None``.  ``final`` is the
    bit set of the seats still owed a final turn (BS-HR-16), ``None`` before anyone is out.
    """

    __slots__ = ("n", "ace_high", "e86", "sevens_first", "final_turn", "opening", "hands",
                 "table", "playable", "to_move", "left", "passes", "skip", "elim", "winner",
                 "final", "chips", "pool", "turns", "over", "log", "absent")

    n: int
    ace_high: bool
    e86: bool
    sevens_first: bool
    final_turn: bool
    opening: int
    hands: list[int]
    table: int
    playable: int
    to_move: int | None
    left: list[int] | None
    passes: list[int]
    skip: int
    elim: int
    winner: int | None
    final: int | None
    chips: list[int] | None
    pool: int
    turns: int
    over: bool
    log: list[tuple[int, str, int, int]] | None
    absent: list[int] | None

    def copy(self, public: bool = True) -> "Table":
        """An independent copy (every list is a fresh one); without ``public``, no public
        log and no absences (a play-out needs neither)."""
        t = object.__new__(Table)
        t.n, t.ace_high, t.e86, t.sevens_first = self.n, self.ace_high, self.e86, self.sevens_first
        t.final_turn, t.opening = self.final_turn, self.opening
        t.hands = self.hands[:]
        t.table, t.playable, t.to_move = self.table, self.playable, self.to_move
        t.left = None if self.left is None else self.left[:]
        t.passes = self.passes[:]
        t.skip, t.elim, t.winner, t.final = self.skip, self.elim, self.winner, self.final
        t.chips = None if self.chips is None else self.chips[:]
        t.pool, t.turns, t.over = self.pool, self.turns, self.over
        t.log = None if self.log is None or not public else self.log[:]
        t.absent = None if self.absent is None or not public else self.absent[:]
        return t

    def legal_plays(self) -> int:
        """The cards the player to move may play (0 once the round is over)."""
        seat = self.to_move
        if seat is None:
            return 0
        return legal_play_mask(self.hands[seat], self.playable,
                               self.opening if self.table == 0 else None, self.sevens_first)

    def can_pass(self, plays: int) -> bool:
        """Whether the player to move, whose legal plays are ``plays``, may pass."""
        seat = self.to_move
        if seat is None:
            return False
        return pass_allowed(self.hands[seat], plays, self.table == 0,
                            None if self.left is None else self.left[seat], self.sevens_first)


def new_table(rules: Any, hands: Sequence[int], table: int, to_move: int,
              passes_left: Sequence[int] | None, elim: int, chips: Sequence[int] | None,
              pool: int | None, track: bool, winner: int | None = None,
              final: int | None = None) -> Table:
    """A round's table as dealt or set up, settled for its first turn (a stuck player with no
    pass left is eliminated at once, BS-HR-10).  ``track`` keeps the public log and the
    proven absences (what the state shows); a fast loop leaves them out.  A position set up
    during the final turns (BS-HR-16) gives the round ``winner`` and the bit set ``final`` of
    the seats still owed a final turn after the one to move."""
    n = len(hands)
    t = object.__new__(Table)
    t.n = n
    t.ace_high, t.e86 = rules.ace_high, rules.eight_before_six
    t.sevens_first, t.final_turn = rules.sevens_first, rules.one_final_turn
    t.opening = rules.opening
    t.hands = list(hands)
    t.table = table
    t.playable = public_playable(table, rules.opening, t.ace_high, t.e86)
    t.to_move = to_move
    if rules.limited:
        t.left = [PASSES_PER_ROUND] * n if passes_left is None else list(passes_left)
    else:
        t.left = None
    t.passes = [0] * n
    t.elim = elim
    t.skip = elim | sum(1 << s for s, hand in enumerate(hands) if not hand)
    t.winner, t.final = winner, final
    t.chips = None if chips is None else list(chips)
    t.pool = n if pool is None else pool
    t.turns = 0
    t.over = False
    t.log = [] if track else None
    t.absent = [0] * n if track else None
    settle(t)
    return t


def _advance(t: Table, seat: int) -> int | None:
    """The next seat to take a turn after ``seat``: BS-OPEN-5, or during the final turns
    (BS-HR-16) the next seat in seat order still owed one."""
    final = t.final
    if final is None:
        return next_seat(seat, t.n, t.skip)
    nxt = next_seat(seat, t.n, t.skip | (((1 << t.n) - 1) & ~final))
    if nxt is not None:
        t.final = final & ~(1 << nxt)
    return nxt


def step(t: Table, choice: int) -> None:
    """The player to move plays card ``choice`` (an index) or passes (:data:`PASS_CHOICE`);
    the move is known to be legal.  Then the turn moves on and is settled.

    A pass is public with the playable set of the moment (BS-INFO-3) and proves the passer
    holds none of it unless passes are limited (BS-INFO-4, BS-HR-9); it uses a pass under
    limited_passes (BS-HR-8) and costs a chip in ``sevens`` (BS-CHIP-4).  A play joins the
    table; the first player to empty the hand wins the round (BS-END-1, BS-HR-17), which
    ends at once unless every other player still in takes one final turn (BS-HR-16).
    """
    seat = t.to_move
    assert seat is not None
    t.turns += 1
    log = t.log
    if choice < 0:
        t.passes[seat] += 1
        if t.left is not None:
            t.left[seat] -= 1
        elif t.absent is not None:
            t.absent[seat] |= t.playable
        if t.chips is not None:
            t.chips[seat] -= 1
            t.pool += 1
        if log is not None:
            log.append((seat, "pass", -1, t.playable))
    else:
        bit = 1 << choice
        hand = t.hands[seat] ^ bit
        t.hands[seat] = hand
        t.table |= bit
        t.playable = playable_mask(t.table, t.ace_high, t.e86)
        if log is not None:
            log.append((seat, "play", choice, 0))
        if not hand:
            t.skip |= 1 << seat  # no cards: no more turns (BS-OPEN-5)
            if t.winner is None:
                t.winner = seat
                if not t.final_turn:
                    finish(t)
                    return
                t.final = ((1 << t.n) - 1) & ~t.skip
    t.to_move = _advance(t, seat)
    settle(t)


def settle(t: Table) -> None:
    """Eliminate stuck players with no pass left at their turn (BS-HR-10: public, and it
    proves they hold none of the playable set, BS-INFO-6), and end the round when nobody is
    left to move (BS-HR-12, BS-HR-16)."""
    seat = t.to_move
    left = t.left
    while seat is not None and left is not None and must_be_eliminated(
            legal_play_mask(t.hands[seat], t.playable, None, t.sevens_first), left[seat]):
        bit = 1 << seat
        t.elim |= bit
        t.skip |= bit
        if t.log is not None:
            t.log.append((seat, "eliminated", -1, t.playable))
        if t.absent is not None:
            t.absent[seat] |= t.playable
        seat = _advance(t, seat)
        t.to_move = seat
    if seat is None:
        finish(t)


def finish(t: Table) -> None:
    """The round is over; in ``sevens`` the winner takes the pool and one chip per card left
    in each other hand (BS-CHIP-5)."""
    t.over = True
    t.to_move = None
    t.final = None
    if t.chips is not None and t.winner is not None:
        winner = t.winner
        for seat, hand in enumerate(t.hands):
            if seat != winner:
                owed = hand.bit_count()
                t.chips[seat] -= owed
                t.chips[winner] += owed
        t.chips[winner] += t.pool
        t.pool = 0


def scores(rules: Any, t: Table, start_stacks: Sequence[int] | None) -> tuple[tuple[int, ...],
                                                                             tuple[int, ...]]:
    """Each seat's points and place once the round is over: penalty points (BS-END-2..8) or
    chips won or lost (BS-CHIP-5), the places that follow from them."""
    if t.chips is not None:
        start = start_stacks or (rules.start_stack,) * t.n
        points = tuple(c - s for c, s in zip(t.chips, start))
        return points, places_from_scores(points, lower_is_better=False)
    winner = t.winner
    points = tuple(0 if s == winner else hand_points(h, rules.values)
                   for s, h in enumerate(t.hands))
    return points, round_places(points, winner)
