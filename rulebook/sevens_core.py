"""The Sevens family's rules as small pure functions on 52-bit card masks and small ints.

Both :mod:`rulebook.sevens` (the immutable ``State``) and the fast playout loops call these
functions, so every rule exists exactly once.  A card's bit is its canonical index
``rank_index * 4 + suit_index`` (see :mod:`rulebook.cards`), so moving one rank up or down
inside a suit is a shift by 4 bits, and all four suits are handled by one integer operation.

The table is a single mask: because every row is an unbroken run containing its 7
(BS-ROW-3), the rows can be read back from the mask of the cards on the table.

Clauses implemented here:

- BS-DEAL-3, BS-DEAL-5, BS-DEAL-6: :func:`deal_hands` shuffles the 52 cards by SplitMix64 keys
  derived from the seed (reproducible in numpy) and deals them one at a time clockwise from
  the dealer's left, which gives exactly the hand sizes of BS-DEAL-6.
- BS-ROW-1..4, BS-MOVE-1, BS-HR-13, BS-HR-15, BS-INFO-2: :func:`playable_mask`.
- BS-OPEN-4, BS-MOVE-3, BS-HR-5: :func:`legal_play_mask`.
- BS-MOVE-4, BS-HR-6, BS-HR-8..11: :func:`pass_allowed`, :func:`must_be_eliminated`.
- BS-OPEN-5: :func:`next_seat`.
- BS-END-3, BS-END-4, BS-END-5, BS-HR-7, BS-HR-14: :func:`card_values`, :func:`hand_points`.
- BS-END-6..8: :func:`round_places`.
"""
from __future__ import annotations

from collections.abc import Sequence

from .cards import FULL_MASK
from .protocol import MASK64, derived_seed, places_from_scores, splitmix64

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


def bit_cards(mask: int) -> list[int]:
    """The card indices in ``mask``, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
