"""Satti's rules as small pure functions on compact values, and its one turn core.

Cards are 52-bit masks and small ints (a card is its canonical index, a suit 0..3 for
C D H S); a small mutable :class:`Table` holds a round, and :func:`step` applies one move to
it: the immutable :class:`~rulebook.games.satti.state.SattiState` copies its table before each
move and the fast playout loop (:mod:`rulebook.games.satti.bots`) changes one in place — one
copy of every rule.  Implemented here: the deal and the turned card (SAT-SETUP-1..7), what
fits (SAT-FIT-1..4), a turn (SAT-TURN-1..6), sevens (SAT-SEVEN-1..8), jacks (SAT-JACK-1..2),
eights (SAT-EIGHT-1..5), the piles (SAT-PILE-1..3) and the places (SAT-END-1..5).

Length of a round.  The rules put no bound on a round's length: two players can trade a play
for a draw forever while reshuffles keep the pile going.  Random play ends with probability 1
(the tests observe every sampled round end within :data:`OBSERVED_BOUND` moves); drivers stop
a runaway round with a cap, as :func:`rulebook.protocol.autoplay` does (``max_moves``,
default :data:`MOVE_CAP`, raising ``RuntimeError``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...cards import RANK_MASKS, SUIT_MASKS, mask_indices
from ...fastrandom import derived_random
from ...protocol import places_from_scores

__all__ = [
    "Table", "Playout", "MOVE_CAP", "OBSERVED_BOUND",
    "SEVEN_RANK", "EIGHT_RANK", "JACK_RANK", "SEVENS", "EIGHTS", "JACKS", "FIRST_JACK", "FIT",
    "JACK_NAMING", "DRAW", "SKIP", "NAME", "TRY_DRAW", "TRY", "N_CODES",
    "bits", "fit_mask", "playable_mask", "legal_codes", "reshuffle", "draw_one", "draw_into",
    "play_card", "step", "shuffled_deck", "deal_table", "places_of",
]

MOVE_CAP = 100_000
"""The cap on moves a driver allows before it gives up on a round (as ``autoplay``)."""
OBSERVED_BOUND = 1_000
"""Every round the tests sample, for every option and table size, ends within this many moves."""

# ---------------------------------------------------------------------------------------------
# Compact values: cards are 0..51 (rank_index * 4 + suit_index), suits 0..3 (C D H S).
SEVEN_RANK = 6
"""Rank index of the 7s (rank_index = rank - 1)."""
EIGHT_RANK = 7
"""Rank index of the 8s."""
JACK_RANK = 10
"""Rank index of the jacks."""
SEVENS = RANK_MASKS[SEVEN_RANK]
"""The mask of the four 7s."""
EIGHTS = RANK_MASKS[EIGHT_RANK]
"""The mask of the four 8s."""
JACKS = RANK_MASKS[JACK_RANK]
"""The mask of the four jacks."""
FIRST_JACK = JACK_RANK * 4
"""Index of JC; the jacks are 40..43."""

FIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUIT_MASKS[s] | RANK_MASKS[top >> 2] | JACKS for s in range(4)) for top in range(52)
)
"""``FIT[top][suit]``: the cards that fit top card ``top`` with current suit ``suit`` when no
penalty is pending: the current suit (SAT-FIT-1, SAT-FIT-2), the top card's rank (SAT-FIT-2)
and every jack (SAT-FIT-3).  After a jack the "rank" cards are the jacks, so only the named
suit and jacks fit (SAT-FIT-4)."""

# Move codes, used by the rule functions and the fast loop; MOVES[code] is the move object.
JACK_NAMING = 52
"""52 + 4 * jack_suit + named_suit: play a jack and name a suit (SAT-JACK-1)."""
DRAW = 68
"""Draw a card (SAT-TURN-3, SAT-SEVEN-6)."""
SKIP = 69
"""Accept a skipped turn (SAT-EIGHT-2)."""
NAME = 70
"""70 + suit: name the suit of a drawn jack played at once (SAT-TURN-4)."""
TRY_DRAW = 74
"""A skipped player's attempt to draw (SAT-EIGHT-3)."""
TRY = 75
"""75 + card: a skipped player's attempt to play that card (SAT-EIGHT-3)."""
N_CODES = TRY + 52
"""The number of move codes."""


def fit_mask(top: int, suit: int) -> int:
    """The cards that fit ``top`` with current suit ``suit``, no penalty pending (SAT-FIT-1..4)."""
    return FIT[top][suit]


bits = mask_indices
"""The card indices of a mask, ascending (canonical order); see :func:`rulebook.cards.mask_indices`."""


def playable_mask(hand: int, top: int, suit: int, penalty: int, skipped: bool,
                  naming: bool, stacking: bool) -> int:
    """The cards of ``hand`` that may be played now (SAT-TURN-1/2, SAT-SEVEN-2/4/5, SAT-EIGHT-2)."""
    if skipped or naming:
        return 0
    if penalty:
        return hand & SEVENS if stacking else 0
    return hand & FIT[top][suit]


def legal_codes(hand: int, top: int, suit: int, penalty: int, skipped: bool, naming: bool,
                stacking: bool) -> tuple[int, ...]:
    """The legal move codes, in the order ``legal_moves()`` lists them.

    Naming a drawn jack's suit: the four suits (SAT-TURN-4, SAT-JACK-1).  Skipped: only skip
    (SAT-EIGHT-2).  Penalised: any 7 with stacking on, then draw (SAT-SEVEN-2, SAT-SEVEN-5).
    Normal: the fitting cards in canonical order, a jack once per suit it may name unless it
    is the last card (SAT-END-3); ``draw`` only when nothing fits (SAT-TURN-2, SAT-TURN-3).
    """
    if naming:
        return _NAMES
    if skipped:
        return _SKIP_ONLY
    if penalty:  # any 7 held (SAT-SEVEN-2), then draw
        return (*bits(hand & SEVENS if stacking else 0), DRAW)
    fit = hand & FIT[top][suit]
    if not fit:
        return _DRAW_ONLY
    if fit == hand and not hand & (hand - 1):
        return (fit.bit_length() - 1,)  # the last card; a last jack names no suit (SAT-END-3)
    return _PLAY_CODES.get(fit) or _play_codes(fit)


_NAMES = (NAME, NAME + 1, NAME + 2, NAME + 3)
_SKIP_ONLY = (SKIP,)
_DRAW_ONLY = (DRAW,)
_PLAY_CODES: dict[int, tuple[int, ...]] = {}
"""Memo of :func:`_play_codes` (the fitting cards' codes depend on the fitting mask only)."""


def _play_codes(fit: int) -> tuple[int, ...]:
    """The codes of playing the fitting cards ``fit`` (not a lone last card): canonical order,
    a jack once per suit it may name (SAT-JACK-1)."""
    out: list[int] = []
    for card in bits(fit):
        if card >> 2 == JACK_RANK:
            base = JACK_NAMING + 4 * (card - FIRST_JACK)
            out += (base, base + 1, base + 2, base + 3)
        else:
            out.append(card)
    if len(_PLAY_CODES) > 500_000:
        _PLAY_CODES.clear()
    codes = _PLAY_CODES[fit] = tuple(out)
    return codes


class Table:
    """The mutable compact state of a round: what the rule functions read and change.

    A :class:`SattiState` holds one it never changes (it copies it before a move); the fast
    playout loop changes one in place.  ``pile`` lists the draw pile bottom to top (``pop()``
    draws), ``discards`` is the mask of the cards under the ``top`` card.
    """

    __slots__ = ("n", "hands", "pile", "discards", "top", "suit", "named", "penalty",
                 "skipped", "naming", "turn", "over", "winner", "stopped", "reshuffles",
                 "seed")

    def __init__(self, n: int, hands: list[int], pile: list[int], discards: int, top: int,
                 suit: int, named: bool, penalty: int, skipped: bool, naming: bool, turn: int,
                 seed: int | str, reshuffles: int = 0) -> None:
        self.n = n
        self.hands = hands
        self.pile = pile
        self.discards = discards
        self.top = top
        self.suit = suit
        self.named = named
        """Whether ``suit`` was named with a jack played this round (SAT-FIT-1)."""
        self.penalty = penalty
        self.skipped = skipped
        self.naming = naming
        """A drawn jack was played at once and its player must now name a suit."""
        self.turn = turn
        self.over = False
        self.winner = -1
        self.stopped = False
        self.reshuffles = reshuffles
        self.seed = seed

    def copy(self) -> "Table":
        """An independent copy (hands and pile are fresh lists)."""
        t = Table(self.n, self.hands[:], self.pile[:], self.discards, self.top, self.suit,
                  self.named, self.penalty, self.skipped, self.naming, self.turn, self.seed,
                  self.reshuffles)
        t.over = self.over
        t.winner = self.winner
        t.stopped = self.stopped
        return t


def reshuffle(t: Table) -> None:
    """Turn the discards under the top card into a new draw pile (SAT-PILE-1, SAT-PILE-2).

    The cards are taken in canonical order and shuffled by ``derived_random(seed,
    "reshuffle", k)`` for the k-th reshuffle of the round; the top card, the current suit and
    a pending penalty do not change.
    """
    cards = bits(t.discards)
    derived_random(t.seed, "reshuffle", t.reshuffles).shuffle(cards)
    t.reshuffles += 1
    t.pile = cards
    t.discards = 0


def draw_one(t: Table) -> int:
    """Draw the draw pile's top card (reshuffling if needed, SAT-PILE-1); -1 and the round
    stops when neither pile has a card (SAT-PILE-3)."""
    if not t.pile:
        if not t.discards:
            t.over = True
            t.stopped = True
            return -1
        reshuffle(t)
    return t.pile.pop()


def draw_into(t: Table, seat: int, count: int) -> int:
    """Draw ``count`` cards into ``seat``'s hand; returns how many were drawn (fewer only when
    the round stopped, and those drawn stay in the hand: SAT-PILE-3)."""
    got = 0
    for _ in range(count):
        card = draw_one(t)
        if card < 0:
            break
        t.hands[seat] |= 1 << card
        got += 1
    return got


def play_card(t: Table, seat: int, card: int, named: int) -> None:
    """``seat`` plays ``card`` (naming suit ``named`` for a jack) and the turn passes on.

    Last card: the round ends, no penalty, skip or suit follows (SAT-END-1..3).  A 7 makes a
    penalty of 2 pending, or raises a pending one by 2 (SAT-SEVEN-1, SAT-SEVEN-3); an 8 skips
    the next player, just once (SAT-EIGHT-2, SAT-EIGHT-4); a jack's named suit is the current
    suit (SAT-JACK-1, SAT-FIT-1); any other card's suit is the current suit.  A jack with
    ``named`` -1 was drawn and played at once: its player names the suit next (SAT-TURN-4).
    """
    hand = t.hands[seat] ^ (1 << card)
    t.hands[seat] = hand
    t.discards |= 1 << t.top
    t.top = card
    t.suit = card & 3
    t.named = False
    if not hand:
        t.over = True
        t.winner = seat
        t.penalty = 0
        t.skipped = False
        return
    rank = card >> 2
    if rank == JACK_RANK:
        if named < 0:
            t.naming = True
            return
        t.suit = named
        t.named = True
    elif rank == SEVEN_RANK:
        t.penalty += 2
    elif rank == EIGHT_RANK:
        t.skipped = True
    t.turn = seat + 1 if seat + 1 < t.n else 0


def step(t: Table, code: int, play_after_draw: bool) -> int:
    """Apply move ``code`` (already known to be legal, or an attempt) to ``t`` in place.

    Returns the number of cards drawn.  A card played automatically after a draw
    (SAT-TURN-4) is the new ``t.top``.
    """
    seat = t.turn
    if code < DRAW:
        if code < JACK_NAMING:
            play_card(t, seat, code, -1)
        else:
            k = code - JACK_NAMING
            play_card(t, seat, FIRST_JACK + (k >> 2), k & 3)
        return 0
    nxt = seat + 1 if seat + 1 < t.n else 0
    if code == DRAW:
        if t.penalty:
            # SAT-SEVEN-6: the whole penalty, which clears it and ends the turn.
            got = draw_into(t, seat, t.penalty)
            t.penalty = 0
            if not t.over:
                t.turn = nxt
            return got
        card = draw_one(t)  # SAT-TURN-3
        if card < 0:
            return 0
        t.hands[seat] |= 1 << card
        if play_after_draw and FIT[t.top][t.suit] >> card & 1:
            play_card(t, seat, card, -1)  # SAT-TURN-4: a drawn card that fits is played at once
            return 1
        t.turn = nxt  # SAT-TURN-5
        return 1
    if code == SKIP:
        t.skipped = False
        t.turn = nxt
        return 0
    if code < TRY_DRAW:  # name the drawn jack's suit
        t.suit = code - NAME
        t.named = True
        t.naming = False
        t.turn = nxt
        return 0
    # SAT-EIGHT-3: an attempt on a skipped turn costs one penalty card and ends the turn.
    got = draw_into(t, seat, 1)
    t.skipped = False
    if not t.over:
        t.turn = nxt
    return got


def shuffled_deck(seed: int | str) -> list[int]:
    """The pack shuffled for a deal by ``derived_random(seed, "deal")`` (bottom to top).

    Each card gets a uniform random key and the pack is sorted by key: a uniformly random
    order (ties have probability about 2**-53), several times faster than ``shuffle``.
    """
    draw = derived_random(seed, "deal").random
    keys = [draw() for _ in range(52)]
    return sorted(range(52), key=keys.__getitem__)


def deal_table(players: int, seed: int | str, dealer: int, hand_size: int) -> Table:
    """Deal a round (SAT-SETUP-2..7) and return its table.

    Cards are dealt from the top of the shuffled pack one at a time clockwise from the
    dealer's left; the next card is turned; a turned 7 goes back at a uniformly random place
    (``derived_random(seed, "turned", k)`` for the k-th 7) until the turned card is not a 7.
    """
    pile = shuffled_deck(seed)
    hands = [0] * players
    for k in range(players * hand_size):
        hands[(dealer + 1 + k) % players] |= 1 << pile.pop()
    top = pile.pop()
    k = 0
    while top >> 2 == SEVEN_RANK:
        pile.insert(derived_random(seed, "turned", k).randrange(len(pile) + 1), top)
        k += 1
        top = pile.pop()
    first = dealer + 1 if dealer + 1 < players else 0
    return Table(players, hands, pile, 0, top, top & 3, False, 0, False, False, first, seed)


def places_of(counts: Sequence[int], winner: int) -> tuple[int, ...]:
    """Places from the cards held (SAT-END-4, SAT-END-5).

    With a ``winner`` (>= 0) that seat is 1st and the others follow from 2nd by count;
    otherwise (the round stopped) everybody is ranked by count from 1st.
    """
    if winner < 0:
        return places_from_scores(counts)
    others = sorted(c for s, c in enumerate(counts) if s != winner)
    return tuple(1 if s == winner else 2 + others.index(c) for s, c in enumerate(counts))


class Playout(NamedTuple):
    """One deal played on the fast path: a row per seat, and the move texts if recorded."""

    rows: list[dict[str, Any]]
    moves: list[str] | None
