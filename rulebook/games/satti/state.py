"""Satti ("Lucky Sevens"): a matching game like Crazy Eights.  NOT Badam Satti.

Rules: ``shared/rules/satti.md``.  This module implements SAT-SETUP-1..7, SAT-FIT-1..4,
SAT-TURN-1..6, SAT-SEVEN-1..8, SAT-JACK-1..2, SAT-EIGHT-1..5, SAT-PILE-1..3 and
SAT-END-1..5; the computer players (SAT-AI-1..5) live in :mod:`rulebook.games.satti.bots`.

Move notation (``str(move)`` round-trips through ``rules.parse_move``):

=============  ==========================================================================
``9H``         play a card (``10H``, ``9h`` and ``9♥`` are read too)
``JH>S``       play a jack and name a suit (SAT-JACK-1); a jack that is the player's last
               card is played bare, ``JH``, because no suit is named (SAT-END-3)
``draw``       draw: one card on a normal turn (SAT-TURN-3), or the whole pending penalty
               (SAT-SEVEN-2, SAT-SEVEN-6)
``name S``     after ``draw`` with ``play_after_draw`` on, a drawn jack is played at once
               (SAT-TURN-4); the same player then names its suit with this move.  That is a
               move of its own, so nobody has to name a suit before seeing the card, no hidden
               card leaks into ``legal_moves()``, and a deal replays exactly from its moves.
``skip``       the only legal action of a player skipped by an 8 (SAT-EIGHT-2)
``try 8S``     a skipped player's attempt to play 8S, or ``try draw`` to draw (SAT-EIGHT-3)
=============  ==========================================================================

Attempts (SAT-EIGHT-3, SAT-TURN-6).  On a skipped turn ``legal_moves()`` is exactly
``[skip]``, and ``explain`` calls every attempt *not legal* — so "legal_moves() equals the
moves explain() calls legal" stays true.  The rules still give an attempt a consequence
instead of a plain rejection, so :meth:`SattiState.play` carries it out: ``play("try 8S")``
(and equally ``play("8S")``, ``play("JH>S")`` or ``play("draw")`` on a skipped turn, which
are recorded as ``try 8S``, ``try JH``, ``try draw``) leaves the card in the hand, draws one
penalty card and ends the turn.  ``explain`` says so, and names the cost.  An attempt with a
card the player does not hold, or when not skipped, is rejected like any illegal move.

Piles.  ``draw_pile`` and ``discards`` are listed from bottom to top; the draw pile's last card
is the next one drawn, and its order is part of the state, so ``state.play("draw")`` is
deterministic.  The discards under the top card are a set (their order never matters: a
reshuffle sorts them first).  Every shuffle and the turned 7's reinsertion draw from
:func:`~rulebook.protocol.derived_random` keyed by the deal's seed, so a round replays exactly
from (rules, seed, moves).

Length of a round.  The rules put no bound on a round's length: two players can trade a play
for a draw forever while reshuffles keep the pile going.  Random play ends with probability 1
(the tests observe every sampled round end within :data:`OBSERVED_BOUND` moves); drivers stop
a runaway round with a cap, as :func:`rulebook.protocol.autoplay` does (``max_moves``,
default :data:`MOVE_CAP`, raising ``RuntimeError``).  :meth:`SattiRules.playout` enforces the
same cap the same way.

>>> from rulebook import load_rules
>>> state = load_rules("satti").new_deal(players=4, seed=7)
>>> state.top, state.to_move, str(state.hands[1])
(Card('QS'), 1, 'AC 5C 5H 9D 9S TC')
>>> state.legal_moves()
[Play('9S')]
>>> print(state.explain("5H"))
5♥ does not fit the top card Q♠: it is neither a spade nor a queen, and it is not a jack. [SAT-FIT-2, SAT-FIT-3]

Explanations.  ``state.explain(move)`` takes legality from the legal codes (the very list
``legal_moves()`` is made of) and only phrases it: cards in symbols, whose turn it is first for
a card from another hand (SAT-SETUP-7), the deciding clause first.  A draw says exactly what
it will do (:class:`SattiFacts`): how many cards, whether the discards are shuffled first
(SAT-PILE-1) and whether the round stops because both piles are empty (SAT-PILE-3), which
the tests check by playing the move.  ``voice="table"`` names the seat, and
:meth:`SattiState.move_log` tells the round that way, with the engine's own events: a card
played at once after a draw (SAT-TURN-4), a reshuffle and a stop.

The rule functions work on compact values — 52-bit card masks and small ints (a card is its
canonical index, a suit 0..3 for C D H S) — and a small mutable :class:`Table` that the
immutable :class:`SattiState` copies before each move and the fast playout loop mutates in
place: one copy of every rule.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from ...cards import (
    mask_indices,
    ALL_CARDS,
    FULL_MASK,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardSet,
    card_mask,
    parse_card,
    parse_cards,
)
from ...errors import CardError, IllegalMove, MoveError, PositionError, RulesError
from ...protocol import (
    Explanation,
    Facts,
    GameState,
    LogEntry,
    Outcome,
    TurnRandom,
    Voice,
    derived_random,
    places_from_scores,
)
from ...rules import RulesBase, Row

__all__ = [
    "SattiRules",
    "SattiState",
    "SattiView",
    "SattiOutcome",
    "SattiFacts",
    "PublicEvent",
    "Play",
    "Draw",
    "Skip",
    "Name",
    "Attempt",
    "Table",
    "Playout",
    "MOVE_CAP",
    "OBSERVED_BOUND",
    "fit_mask",
    "legal_codes",
    "step",
    "deal_table",
    "places_of",
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
SUIT_MASKS = tuple(sum(1 << (r * 4 + s) for r in range(13)) for s in range(4))
"""The 13-card mask of each suit."""
RANK_MASKS = tuple(0b1111 << (r * 4) for r in range(13))
"""The 4-card mask of each rank index."""
SEVENS = RANK_MASKS[SEVEN_RANK]
EIGHTS = RANK_MASKS[EIGHT_RANK]
JACKS = RANK_MASKS[JACK_RANK]
FIRST_JACK = JACK_RANK * 4
"""Index of JC; the jacks are 40..43."""

# FIT[top][suit]: the cards that fit top card ``top`` with current suit ``suit`` when no
# penalty is pending: the current suit (SAT-FIT-1, SAT-FIT-2), the top card's rank
# (SAT-FIT-2) and every jack (SAT-FIT-3).  After a jack the "rank" cards are the jacks, so
# only the named suit and jacks fit (SAT-FIT-4).
FIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUIT_MASKS[s] | RANK_MASKS[top >> 2] | JACKS for s in range(4)) for top in range(52)
)

# Move codes, used by the rule functions and the fast loop; MOVES[code] is the move object.
JACK_NAMING = 52
"""52 + 4 * jack_suit + named_suit: play a jack and name a suit (SAT-JACK-1)."""
DRAW = 68
SKIP = 69
NAME = 70
"""70 + suit: name the suit of a drawn jack played at once (SAT-TURN-4)."""
TRY_DRAW = 74
TRY = 75
"""75 + card: a skipped player's attempt to play that card (SAT-EIGHT-3)."""
N_CODES = TRY + 52


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
    if penalty:
        return _penalty_codes(hand & SEVENS if stacking else 0)
    fit = hand & FIT[top][suit]
    if not fit:
        return _DRAW_ONLY
    if fit == hand and not hand & (hand - 1):
        return (fit.bit_length() - 1,)  # the last card; a last jack names no suit (SAT-END-3)
    codes = _PLAY_CODES.get(fit)
    if codes is None:
        codes = _play_codes(fit)
    return codes


_NAMES = (NAME, NAME + 1, NAME + 2, NAME + 3)
_SKIP_ONLY = (SKIP,)
_DRAW_ONLY = (DRAW,)
_PLAY_CODES: dict[int, tuple[int, ...]] = {}
"""Memo of :func:`_play_codes` (the fitting cards' codes depend on the fitting mask only)."""


def _penalty_codes(sevens: int) -> tuple[int, ...]:
    """Any 7 held (SAT-SEVEN-2), then draw."""
    return (*bits(sevens), DRAW)


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
        t = object.__new__(Table)
        t.n = self.n
        t.hands = self.hands[:]
        t.pile = self.pile[:]
        t.discards = self.discards
        t.top = self.top
        t.suit = self.suit
        t.named = self.named
        t.penalty = self.penalty
        t.skipped = self.skipped
        t.naming = self.naming
        t.turn = self.turn
        t.over = self.over
        t.winner = self.winner
        t.stopped = self.stopped
        t.reshuffles = self.reshuffles
        t.seed = self.seed
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
    suit (SAT-JACK-1, SAT-FIT-1); any other card's suit is the current suit.
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
            # SAT-TURN-4: a drawn card that fits is played at once.
            if card >> 2 == JACK_RANK:
                t.hands[seat] ^= 1 << card
                t.discards |= 1 << t.top
                t.top = card
                t.suit = card & 3
                t.named = False
                t.naming = True
            else:
                play_card(t, seat, card, -1)
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
    seat = dealer
    for _ in range(players * hand_size):
        seat = seat + 1 if seat + 1 < players else 0
        hands[seat] |= 1 << pile.pop()
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
    others = [c for s, c in enumerate(counts) if s != winner]
    ranked = places_from_scores(others)
    out = []
    it = iter(ranked)
    for s in range(len(counts)):
        out.append(1 if s == winner else next(it) + 1)
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Moves


def _suit_index(letter: str) -> int:
    return SUITS.index(letter)


@dataclasses.dataclass(frozen=True, slots=True)
class Play:
    """Play a card; a jack names ``suit`` (``JH>S``), except as the last card (``JH``)."""

    card: Card
    suit: str | None = None

    def __str__(self) -> str:
        return self.card.text if self.suit is None else f"{self.card.text}>{self.suit}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``9♥``, or ``J♥ naming ♠`` for a jack."""
        if self.suit is None:
            return self.card.pretty()
        return f"{self.card.pretty()} naming {SUIT_SYMBOLS[self.suit]}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card (SAT-TURN-3) or the pending penalty (SAT-SEVEN-6)."""

    def __str__(self) -> str:
        return "draw"

    def pretty(self) -> str:
        """The move as a learner reads it: ``draw``."""
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


@dataclasses.dataclass(frozen=True, slots=True)
class Skip:
    """Let the turn go after an 8 (SAT-EIGHT-2)."""

    def __str__(self) -> str:
        return "skip"

    def pretty(self) -> str:
        """The move as a learner reads it: ``skip``."""
        return "skip"

    def __repr__(self) -> str:
        return "Skip()"


@dataclasses.dataclass(frozen=True, slots=True)
class Name:
    """Name the suit of a drawn jack that was played at once (SAT-TURN-4, SAT-JACK-1)."""

    suit: str

    def __str__(self) -> str:
        return f"name {self.suit}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``name ♠``."""
        return f"name {SUIT_SYMBOLS[self.suit]}"

    def __repr__(self) -> str:
        return f"Name({self.suit!r})"


@dataclasses.dataclass(frozen=True, slots=True)
class Attempt:
    """A skipped player's attempt to play ``card`` or, with ``card=None``, to draw (SAT-EIGHT-3)."""

    card: Card | None = None

    def __str__(self) -> str:
        return "try draw" if self.card is None else f"try {self.card.text}"

    def pretty(self) -> str:
        """The move as a learner reads it: ``try 8♠`` or ``try draw``."""
        return "try draw" if self.card is None else f"try {self.card.pretty()}"

    def __repr__(self) -> str:
        return f"Attempt({str(self)!r})"


Move = Play | Draw | Skip | Name | Attempt
"""Any Satti move."""

_MOVES: list[Move] = [Play(ALL_CARDS[c]) for c in range(52)]
_MOVES += [Play(ALL_CARDS[FIRST_JACK + j], SUITS[s]) for j in range(4) for s in range(4)]
_MOVES += [Draw(), Skip()]
_MOVES += [Name(SUITS[s]) for s in range(4)]
_MOVES += [Attempt(None)]
_MOVES += [Attempt(ALL_CARDS[c]) for c in range(52)]
MOVES: tuple[Move, ...] = tuple(_MOVES)
"""The move object of every code."""
CODE_OF: dict[Move, int] = {m: code for code, m in enumerate(MOVES)}
"""The code of every move object (non-jack cards with a suit have no code)."""
_CODE_BY_ID: dict[int, int] = {id(m): code for code, m in enumerate(MOVES)}
MOVE_TEXTS: tuple[str, ...] = tuple(str(m) for m in MOVES)
"""The notation of every code."""

_EXPECTED_MOVE = ("a card such as 9H, a jack naming a suit such as JH>S, 'draw', 'skip', "
                  "'name S' or an attempt such as 'try 8S' / 'try draw'")


def _parse_suit(text: str, whole: str) -> str:
    raw = text.strip()
    letter = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S",
              "♤": "S"}.get(raw, raw.upper())
    if len(letter) != 1 or letter not in SUITS:
        raise MoveError(f"{whole!r}: {raw!r} is not a suit: expected C, D, H or S")
    return letter


def parse_move(text: Any) -> Move:
    """Read a move's notation (see the module header); bad text raises :class:`MoveError`."""
    if isinstance(text, (Play, Draw, Skip, Name, Attempt)):
        if text not in CODE_OF:
            raise MoveError(f"{text!r} is not a Satti move: only a jack names a suit, one of "
                            "C, D, H or S")
        return text
    if not isinstance(text, str):
        raise MoveError(f"{text!r} is not a move: expected {_EXPECTED_MOVE}")
    raw = " ".join(text.split())
    low = raw.lower()
    if low == "draw":
        return MOVES[DRAW]
    if low == "skip":
        return MOVES[SKIP]
    if low.startswith("name "):
        return MOVES[NAME + _suit_index(_parse_suit(raw[5:], text))]
    if low.startswith("try "):
        rest = raw[4:].strip()
        if rest.lower() == "draw":
            return MOVES[TRY_DRAW]
        card_text = rest.split(">")[0]
        try:
            card = parse_card(card_text)
        except CardError as exc:
            raise MoveError(f"{text!r} is not a move: {exc}") from None
        return MOVES[TRY + card.index]
    card_text, sep, suit_text = raw.partition(">")
    try:
        card = parse_card(card_text)
    except CardError:
        raise MoveError(f"{text!r} is not a move: expected {_EXPECTED_MOVE}") from None
    if not sep:
        return MOVES[card.index]
    if card.rank != JACK_RANK + 1:
        raise MoveError(f"{text!r}: only a jack names a suit; play {card.text} on its own")
    suit = _parse_suit(suit_text, text)
    return MOVES[JACK_NAMING + 4 * (card.index - FIRST_JACK) + _suit_index(suit)]


# ---------------------------------------------------------------------------------------------
# Words for explanations


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _suit_word(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]]


def _suit_single(suit: int) -> str:
    return _a(SUIT_NAMES[SUITS[suit]][:-1])


def _rank_word(card: int) -> str:
    return RANK_NAMES[RANKS[card >> 2]]


def _text(card: int) -> str:
    return ALL_CARDS[card].text


# ---------------------------------------------------------------------------------------------
# Outcome, public history, view


@dataclasses.dataclass(frozen=True)
class SattiOutcome(Outcome):
    """How a round came out: places by cards held (SAT-END-1..5)."""

    cards_held: tuple[int, ...] = ()
    """Cards in each seat's hand at the end."""
    went_out: int | None = None
    """The seat that played its last card, or ``None`` if the round stopped (SAT-PILE-3)."""
    stopped: bool = False
    """Whether the round stopped because both piles ran out (SAT-PILE-3)."""


class PublicEvent(NamedTuple):
    """One move as every player saw it: who, what, how many cards drawn, what was auto-played."""

    seat: int
    move: str
    drew: int
    played: str | None


_Trail = tuple["_Trail | None", int, int, int, int]
# (previous trail or None, move code, seat, drew, auto-played card or -1)


def _trail_items(trail: Any) -> list[tuple[int, int, int, int]]:
    out = []
    while trail is not None:
        trail, code, seat, drew, played = trail
        out.append((code, seat, drew, played))
    out.reverse()
    return out


class SattiView:
    """What one seat may know (never the draw pile's order or another hand).

    ``hand`` is the seat's own cards; ``top``, ``suit`` (letter), ``penalty``, ``skipped``
    (whether the player to move is skipped), ``naming`` (a drawn jack waits for its suit),
    ``hand_sizes``, ``draw_pile_size``, ``discard_count`` and ``history`` (public events) are
    on the table for everybody.
    """

    __slots__ = ("rules", "seat", "to_move", "hand_mask", "top_index", "suit_index",
                 "named", "penalty", "skipped", "naming", "hand_sizes", "draw_pile_size",
                 "discard_count", "_trail", "_codes")

    def __init__(self, rules: "SattiRules", seat: int, t: Table, trail: Any,
                 codes: tuple[int, ...] | None = None) -> None:
        self.rules = rules
        self.seat = seat
        self.to_move: int | None = None if t.over else t.turn
        self.hand_mask = t.hands[seat]
        self.top_index = t.top
        self.suit_index = t.suit
        self.named = t.named
        self.penalty = t.penalty
        self.skipped = t.skipped
        self.naming = t.naming
        self.hand_sizes = tuple(map(int.bit_count, t.hands))
        self.draw_pile_size = len(t.pile)
        self.discard_count = t.discards.bit_count()
        self._trail = trail
        self._codes = codes

    @property
    def hand(self) -> CardSet:
        """The seat's own cards."""
        return CardSet(self.hand_mask)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return ALL_CARDS[self.top_index]

    @property
    def suit(self) -> str:
        """The current suit's letter (SAT-FIT-1)."""
        return SUITS[self.suit_index]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def history(self) -> tuple[PublicEvent, ...]:
        """The public history: every move, who made it, cards drawn, card auto-played."""
        return _public(self._trail)

    def legal_codes(self) -> tuple[int, ...]:
        """The legal move codes of this seat (empty when not its turn)."""
        if self.to_move != self.seat:
            return ()
        if self._codes is not None:
            return self._codes
        return legal_codes(self.hand_mask, self.top_index, self.suit_index, self.penalty,
                           self.skipped, self.naming, self.rules.seven_stacking)

    def legal_moves(self) -> list[Move]:
        """The legal moves of this seat (empty when not its turn), same order as the state's."""
        if self._codes is not None and self.to_move == self.seat:
            return [MOVES[c] for c in self._codes]
        return [MOVES[c] for c in self.legal_codes()]

    def __repr__(self) -> str:
        return (f"SattiView(seat={self.seat}, hand={str(self.hand)!r}, top={self.top.text!r}, "
                f"suit={self.suit!r}, penalty={self.penalty}, to_move={self.to_move})")


def _public(trail: Any) -> tuple[PublicEvent, ...]:
    return tuple(PublicEvent(seat, MOVE_TEXTS[code], drew, None if played < 0 else _text(played))
                 for code, seat, drew, played in _trail_items(trail))


# ---------------------------------------------------------------------------------------------
# State


class SattiState(GameState):
    """An immutable snapshot of a Satti round.  Every move returns a new state."""

    __slots__ = ("_rules", "_t", "_origin", "_trail", "_start", "_legal", "_history")

    _rules: "SattiRules"
    _t: Table
    _origin: dict[str, Any]
    _trail: _Trail | None
    _start: "SattiState"
    _legal: tuple[int, ...] | None
    _history: tuple[Move, ...]

    def __init__(self) -> None:  # pragma: no cover - built by the rules object
        raise TypeError("use rules.new_deal(...) or rules.position(...)")

    @classmethod
    def _make(cls, rules: "SattiRules", t: Table, origin: dict[str, Any], trail: Any,
              start: "SattiState | None", history: tuple[Move, ...] = ()) -> "SattiState":
        self = object.__new__(cls)
        self._rules = rules
        self._t = t
        self._origin = origin
        self._trail = trail
        self._start = start if start is not None else self
        self._legal = None
        self._history = history
        return self

    # -- protocol ---------------------------------------------------------------------------
    @property
    def rules(self) -> "SattiRules":  # type: ignore[override]
        """The rules object this round is played under."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._t.n

    @property
    def origin(self) -> dict[str, Any]:
        """How the round started (a seeded deal or a position), as JSON."""
        return dict(self._origin)

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` when the round is over."""
        return None if self._t.over else self._t.turn

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (SAT-END-1) or stopped (SAT-PILE-3)."""
        return self._t.over

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves so far, oldest first."""
        return self._history

    @property
    def public_history(self) -> tuple[PublicEvent, ...]:
        """Every move as all players saw it (who drew how many, what was auto-played)."""
        return _public(self._trail)

    @property
    def outcome(self) -> SattiOutcome | None:
        """The result once the round is over (SAT-END-1..5)."""
        t = self._t
        if not t.over:
            return None
        counts = tuple(h.bit_count() for h in t.hands)
        places = places_of(counts, t.winner)
        winners = tuple(s for s, p in enumerate(places) if p == 1)
        if t.winner >= 0:
            summary = f"Seat {t.winner} played its last card and is 1st"
        else:
            summary = ("The round stopped: a card had to be drawn with no draw pile and no "
                       "discards under the top card, so every seat is ranked by cards held")
        rest = ", ".join(f"seat {s} {_ordinal(places[s])} with {counts[s]} card{'' if counts[s] == 1 else 's'}"
                         for s in sorted(range(t.n), key=lambda s: (places[s], s))
                         if s != t.winner)
        summary += f" ({rest})." if t.winner >= 0 else f": {rest}."
        return SattiOutcome(places=places, winners=winners, summary=summary, cards_held=counts,
                            went_out=t.winner if t.winner >= 0 else None, stopped=t.stopped)

    def start(self) -> "SattiState":
        """The state the round started from."""
        return self._start

    def _codes(self) -> tuple[int, ...]:
        if self._legal is None:
            t = self._t
            if t.over:
                self._legal = ()
            else:
                self._legal = legal_codes(t.hands[t.turn], t.top, t.suit, t.penalty, t.skipped,
                                          t.naming, self._rules.seven_stacking)
        return self._legal

    def legal_moves(self) -> list[Move]:
        """The legal moves in a fixed order: cards (canonical, jacks per suit), draw; or skip;
        or the four ``name`` moves."""
        return [MOVES[c] for c in self._codes()]

    def view(self, seat: int) -> SattiView:
        """What ``seat`` may know: its hand and the table, never the pile's order."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._t.n:
            raise RulesError(f"seat {seat!r} is not at this table: expected 0 to {self._t.n - 1}")
        return SattiView(self._rules, seat, self._t, self._trail,
                         self._codes() if seat == self._t.turn else None)

    def _apply(self, move: Any) -> "SattiState":
        return self._apply_code(CODE_OF[move])

    def _apply_code(self, code: int) -> "SattiState":
        t = self._t.copy()
        seat = t.turn
        top = t.top
        drew = step(t, code, self._rules.play_after_draw)
        played = t.top if code == DRAW and t.top != top else -1
        return SattiState._make(self._rules, t, self._origin,
                                (self._trail, code, seat, drew, played), self._start,
                                self._history + (MOVES[code],))

    def play(self, move: Any) -> "SattiState":
        """The state after ``move`` (object or text).

        An illegal move raises :class:`~rulebook.errors.IllegalMove` and leaves this state as
        it was (SAT-TURN-6), except a skipped player's attempt to play a held card or to draw,
        which is carried out as SAT-EIGHT-3 says and recorded as ``try ...``.
        """
        code = _CODE_BY_ID.get(id(move))
        if code is not None and MOVES[code] is move:
            parsed: Move = move
        else:
            parsed = self.parse_move(move)
            code = CODE_OF.get(parsed)
        if code is None:
            raise MoveError(f"{move!r} is not a Satti move: expected {_EXPECTED_MOVE}")
        if code in self._codes():
            return self._apply_code(code)
        attempt = self._attempt_code(code)
        if attempt is not None:
            return self._apply_code(attempt)
        explanation = self.explain(parsed)
        raise IllegalMove(explanation.reason, explanation)

    def _attempt_code(self, code: int) -> int | None:
        """The attempt a move amounts to on a skipped turn (SAT-EIGHT-3), if any."""
        t = self._t
        if t.over or not t.skipped:
            return None
        if code < DRAW:
            card = code if code < JACK_NAMING else FIRST_JACK + ((code - JACK_NAMING) >> 2)
            code = TRY + card
        elif code == DRAW:
            code = TRY_DRAW
        if code == TRY_DRAW:
            return code
        if code >= TRY and t.hands[t.turn] >> (code - TRY) & 1:
            return code
        return None

    def parse_move(self, move: Any) -> Move:
        """Turn text into a move object (objects pass through)."""
        return parse_move(move)

    # -- explanations ---------------------------------------------------------------------
    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why (one sentence, cards in symbols), the clause ids
        and the facts.

        Legality is membership in the legal codes (the very ones ``legal_moves()`` lists);
        the rest only phrases why.  ``voice="table"`` names the seat instead of "you".
        """
        m = self.parse_move(move)
        t = self._t
        v = Voice.of(voice, None if t.over else t.turn)
        return _explain(self, m, v)

    def move_log(self) -> tuple[LogEntry, ...]:
        """The public log: one entry per move, plus the engine's events (a reshuffle, a drawn
        card played at once, a round that stops), third person, cards in symbols."""
        entries: list[LogEntry] = []
        state = self._start
        for move in self._history:
            nxt = state.play(move)
            entries += _log_entries(state, nxt, move)
            state = nxt
        return tuple(entries)

    # -- the table, face up (for teaching) ---------------------------------------------------
    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's hand (face up: for teaching, never for computer players)."""
        return tuple(CardSet(h) for h in self._t.hands)

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return ALL_CARDS[self._t.top]

    @property
    def suit(self) -> str:
        """The current suit's letter (SAT-FIT-1)."""
        return SUITS[self._t.suit]

    @property
    def named(self) -> bool:
        """Whether the current suit was named with the jack on top (SAT-FIT-1, SAT-JACK-2)."""
        return self._t.named

    @property
    def penalty(self) -> int:
        """The pending penalty (0 when none, SAT-SEVEN-1)."""
        return self._t.penalty

    @property
    def skipped(self) -> bool:
        """Whether the player to move is skipped (SAT-EIGHT-2)."""
        return self._t.skipped

    @property
    def naming(self) -> bool:
        """Whether a drawn jack played at once waits for its suit (SAT-TURN-4)."""
        return self._t.naming

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, bottom to top (the last card is drawn next)."""
        return tuple(ALL_CARDS[c] for c in self._t.pile)

    @property
    def discards(self) -> CardSet:
        """The discards under the top card."""
        return CardSet(self._t.discards)

    @property
    def dealer(self) -> int:
        """The dealer's seat (SAT-SETUP-3)."""
        return int(self._origin.get("dealer", self._origin.get("args", {}).get("dealer", 0)))

    @property
    def next_dealer(self) -> int:
        """The next round's dealer: the player to this dealer's left (SAT-SETUP-3)."""
        return (self.dealer + 1) % self._t.n

    def __repr__(self) -> str:
        t = self._t
        state = ("over" if t.over else f"seat {t.turn} to move")
        return (f"<SattiState {state}: top {_text(t.top)} suit {SUITS[t.suit]}"
                f"{f', penalty {t.penalty}' if t.penalty else ''}"
                f"{', skipped' if t.skipped else ''}, hands "
                f"{[CardSet(h).texts() for h in t.hands]}>")


# ---------------------------------------------------------------------------------------------
# Explanations: the legal codes first, then the words


@dataclasses.dataclass(frozen=True, kw_only=True)
class SattiFacts(Facts):
    """What a Satti explanation claims, beside :class:`~rulebook.protocol.Facts`."""

    to_move: int | None = None
    """The seat whose turn it is."""
    holder: int | None = None
    """The seat holding the card asked about, when the sentence says it is not the mover."""
    where: str | None = None
    """Where the sentence puts a card the mover does not hold: ``"top"`` (the top discard),
    ``"discards"`` (under it) or ``"hidden"`` (not said: the draw pile is secret)."""
    top: Card | None = None
    """The top card the sentence names."""
    suit: str | None = None
    """The suit to follow the sentence names (a letter)."""
    named: bool = False
    """The sentence says that suit was named with the jack on top (SAT-FIT-1)."""
    penalty: int = 0
    """The pending penalty the sentence names (SAT-SEVEN-1)."""
    skipped: bool = False
    """The sentence says the mover is skipped (SAT-EIGHT-2)."""
    fits: CardSet | None = None
    """The mover's cards the sentence names as fitting the top card."""
    sevens: CardSet | None = None
    """The mover's 7s the sentence names."""
    draws: int | None = None
    """The number of cards the sentence says the move draws (when carried out)."""
    reshuffle: bool = False
    """The sentence says the discards are shuffled into a new draw pile first (SAT-PILE-1)."""
    stops: bool = False
    """The sentence says the round stops because both piles are empty (SAT-PILE-3)."""
    auto_play: bool = False
    """The sentence promises that a drawn card that fits is played at once (SAT-TURN-4)."""
    next_penalty: int = 0
    """The penalty the sentence says the next player then faces."""
    skips_next: bool = False
    """The sentence says the next player is then skipped."""
    goes_out: bool = False
    """The sentence says the card is the mover's last."""
    winner: int | None = None
    """The seat the sentence says went out."""


def _c(card: int) -> str:
    """A card in symbols: ``9♥``."""
    return ALL_CARDS[card].pretty()


def _and_cards(cards: Sequence[int]) -> str:
    texts = [_c(c) for c in cards]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _draw_plan(t: Table, count: int) -> tuple[int, bool, bool]:
    """What drawing ``count`` cards does now: (cards drawn, reshuffle first, round stops).

    The draw pile, then the discards under the top card reshuffled (SAT-PILE-1), and when
    both are used up the round stops with the cards already drawn kept (SAT-PILE-3).
    """
    pile = len(t.pile)
    under = t.discards.bit_count()
    drawn = min(count, pile + under)
    return drawn, count > pile and under > 0, count > pile + under


def _plan_words(v: Voice, count: int, drawn: int, reshuffle: bool, stops: bool,
                penalty: bool = False) -> str:
    """The words of a draw's plan: ``you draw 2``, the reshuffle, the stop."""
    cards = f"{count} card{'s' if count != 1 else ''}"
    if stops and drawn == 0:
        return (f"but both piles are empty, so no card can be drawn and the round stops at "
                "once")
    parts = []
    if reshuffle:
        parts.append("the discards under the top card are first shuffled into a new draw pile")
    if stops:
        parts.append(f"only {drawn} card{'s are' if drawn != 1 else ' is'} left in both piles, "
                     f"so {v.they} draw {'those' if drawn != 1 else 'it'} and the round stops")
    else:
        parts.append(f"{v.they} draw {cards}" + (" and the turn ends" if penalty else ""))
    return "; ".join(parts)


def _pile_clauses(reshuffle: bool, stops: bool) -> tuple[str, ...]:
    return (("SAT-PILE-1",) if reshuffle else ()) + (("SAT-PILE-3",) if stops else ())


def _explain(state: "SattiState", m: "Move", v: Voice) -> Explanation:
    t = state._t
    rules = state._rules
    text = str(m)
    if t.over:
        if t.stopped:
            return Explanation(text, False, "The round is over: it stopped when a card had to "
                               "be drawn and both piles were empty.", ("SAT-PILE-3", "SAT-END-5"),
                               SattiFacts(kind="over", stops=True))
        return Explanation(text, False, f"The round is over: seat {t.winner} played their last "
                           "card.", ("SAT-END-1",), SattiFacts(kind="over", winner=t.winner))
    seat = t.turn
    hand = t.hands[seat]
    codes = state._codes()  # the very codes legal_moves() lists
    code = CODE_OF[m]
    legal = code in codes
    top = t.top
    base: dict[str, Any] = dict(seat=seat, to_move=seat)
    card = getattr(m, "card", None)
    if isinstance(card, Card) and not hand & card.mask:
        return _elsewhere(state, text, card.index, v)
    if t.naming:
        if isinstance(m, Name):
            assert legal, "explain disagrees with legality"
            return Explanation(text, True, f"{v.You} {v.verb('name', 'names')} "
                               f"{SUIT_NAMES[m.suit]} for the {_c(top)} {v.they} drew, which "
                               "was played at once.", ("SAT-TURN-4", "SAT-JACK-1"),
                               SattiFacts(kind="name", top=ALL_CARDS[top], **base))
        return Explanation(text, False, f"First name a suit for the {_c(top)} {v.they} drew "
                           "and played at once, e.g. 'name S'.", ("SAT-TURN-4", "SAT-JACK-1"),
                           SattiFacts(kind="naming", top=ALL_CARDS[top], **base))
    if isinstance(m, Name):
        return Explanation(text, False, "There is no drawn jack waiting for a suit: a jack from "
                           "the hand names its suit as it is played.",
                           ("SAT-JACK-1", "SAT-TURN-4"), SattiFacts(kind="no_jack", **base))
    if isinstance(m, Attempt):
        return _explain_attempt(state, m, v, base)
    if isinstance(m, Skip):
        if t.skipped:
            assert legal, "explain disagrees with legality"
            return Explanation(text, True, f"{v.You} {v.verb('are', 'is')} skipped: {_c(top)} "
                               f"was played just before {v.your} turn, so skip is {v.your} only "
                               "move.", ("SAT-EIGHT-2",),
                               SattiFacts(kind="skipped", skipped=True, top=ALL_CARDS[top],
                                          **base))
        return Explanation(text, False, f"{v.You} {v.verb('are', 'is')} not skipped: skip is "
                           "only for the turn right after an 8 is played.",
                           ("SAT-EIGHT-2", "SAT-TURN-1"), SattiFacts(kind="not_skipped", **base))
    if t.skipped:  # a play or a draw: not legal, and tried anyway it costs a penalty card
        assert not legal, "explain disagrees with legality"
        drawn, reshuffle, stops = _draw_plan(t, 1)
        what = "draw" if isinstance(m, Draw) else f"play {m.card.pretty()}"
        kept = "" if isinstance(m, Draw) else f", {m.card.pretty()} stays in {v.your} hand"
        cost = (f"{v.they} would have to draw 1 penalty card, but both piles are empty, so "
                "the round stops" if stops else
                f"{v.they} draw 1 penalty card and {v.your} turn ends")
        if reshuffle:
            cost = "the discards are shuffled into a new draw pile, and " + cost
        return Explanation(text, False, f"{v.You} {v.verb('are', 'is')} skipped after "
                           f"{_c(top)}: only skip is legal; tried anyway, the attempt to {what} "
                           f"is not carried out{kept} and {cost}.",
                           ("SAT-EIGHT-2", "SAT-EIGHT-3") + _pile_clauses(reshuffle, stops),
                           SattiFacts(kind="skipped", skipped=True, top=ALL_CARDS[top],
                                      draws=drawn, reshuffle=reshuffle, stops=stops, **base))
    if isinstance(m, Draw):
        return _explain_draw(state, v, legal, base)
    return _explain_card(state, m, v, legal, base)


def _elsewhere(state: "SattiState", text: str, card: int, v: Voice) -> Explanation:
    """A card the mover does not hold: whose turn it is first, then where the card is."""
    t = state._t
    seat = t.turn
    c = _c(card)
    base: dict[str, Any] = dict(seat=seat, to_move=seat, not_playable=CardSet(1 << card))
    for other, hand in enumerate(t.hands):
        if other != seat and hand >> card & 1:
            return Explanation(text, False, f"It is seat {seat}'s turn, not seat {other}'s: "
                               f"{c} is in seat {other}'s hand, so it cannot be played now.",
                               ("SAT-SETUP-7", "SAT-TURN-6"),
                               SattiFacts(kind="not_your_turn", holder=other, **base))
    if card == t.top:
        return Explanation(text, False, f"{c} is the top card of the discard pile: a player "
                           "plays only cards from their own hand.", ("SAT-TURN-6",),
                           SattiFacts(kind="not_held", where="top", top=ALL_CARDS[card], **base))
    if t.discards >> card & 1:
        return Explanation(text, False, f"{c} was played earlier and lies in the discards: a "
                           "player plays only cards from their own hand.", ("SAT-TURN-6",),
                           SattiFacts(kind="not_held", where="discards", **base))
    return Explanation(text, False, f"{v.You} {v.verb('do', 'does')} not hold {c}.",
                       ("SAT-TURN-6",),
                       SattiFacts(kind="not_held", where="hidden", **base))


def _explain_attempt(state: "SattiState", m: "Attempt", v: Voice,
                     base: dict[str, Any]) -> Explanation:
    """``try 8♠`` / ``try draw``: never legal; carried out only on a skipped turn."""
    t = state._t
    what = "draw" if m.card is None else f"play {m.card.pretty()}"
    if not t.skipped:
        return Explanation(str(m), False, f"'{m.pretty()}' is only for a player skipped by an "
                           f"8; {v.you} {v.verb('are', 'is')} not skipped, so simply {what} if "
                           "the rules allow it.", ("SAT-EIGHT-3", "SAT-TURN-6"),
                           SattiFacts(kind="not_skipped", **base))
    drawn, reshuffle, stops = _draw_plan(t, 1)
    kept = "" if m.card is None else f", {m.card.pretty()} stays in {v.your} hand"
    if stops:
        cost = (f"{v.they} must draw 1 penalty card, but both piles are empty, so the round "
                "stops")
    else:
        cost = f"{v.they} draw 1 penalty card and {v.your} turn ends"
        if reshuffle:
            cost = "the discards are shuffled into a new draw pile, and " + cost
    return Explanation(str(m), False, f"Not legal, since {v.you} {v.verb('are', 'is')} skipped "
                       f"after {_c(t.top)} and only skip is; tried anyway, the attempt to {what} "
                       f"is not carried out{kept} and {cost}.",
                       ("SAT-EIGHT-2", "SAT-EIGHT-3") + _pile_clauses(reshuffle, stops),
                       SattiFacts(kind="attempt", skipped=True, top=ALL_CARDS[t.top],
                                  draws=drawn, reshuffle=reshuffle, stops=stops, **base))


def _explain_draw(state: "SattiState", v: Voice, legal: bool,
                  base: dict[str, Any]) -> Explanation:
    t = state._t
    rules = state._rules
    hand = t.hands[t.turn]
    top = ALL_CARDS[t.top]
    if t.penalty:
        assert legal, "explain disagrees with legality"
        drawn, reshuffle, stops = _draw_plan(t, t.penalty)
        plan = _plan_words(v, t.penalty, drawn, reshuffle, stops, penalty=True)
        clauses = _pile_clauses(reshuffle, stops)
        facts: dict[str, Any] = dict(penalty=t.penalty, draws=drawn, reshuffle=reshuffle, stops=stops,
                     top=top, **base)
        if not rules.seven_stacking:
            return Explanation("draw", True, f"{v.You} must draw: a penalty of {t.penalty} is "
                               f"pending and, with seven_stacking off, drawing it is the only "
                               f"move; {plan}.", ("SAT-SEVEN-5", "SAT-SEVEN-6") + clauses,
                               SattiFacts(kind="penalty_draw", rule="seven_stacking", **facts))
        sevens = hand & SEVENS
        if v.named:  # whether they held a 7 is their secret (SAT-SEVEN-2)
            return Explanation("draw", True, f"{v.You} draws the penalty of {t.penalty}: a "
                               "penalised player either answers with a 7 or draws the whole "
                               f"penalty; {plan}.", ("SAT-SEVEN-2", "SAT-SEVEN-6") + clauses,
                               SattiFacts(kind="penalty_draw", **facts))
        if not sevens:
            return Explanation("draw", True, f"You must draw: a penalty of {t.penalty} is "
                               f"pending and you hold no 7; {plan}.",
                               ("SAT-SEVEN-2", "SAT-SEVEN-6") + clauses,
                               SattiFacts(kind="penalty_draw", sevens=CardSet(0), private=True,
                                          **facts))
        return Explanation("draw", True, f"You may draw the penalty of {t.penalty} instead of "
                           f"answering with {_and_cards(bits(sevens))}; {plan}.",
                           ("SAT-SEVEN-2", "SAT-SEVEN-6") + clauses,
                           SattiFacts(kind="penalty_draw", sevens=CardSet(sevens),
                                      playable=CardSet(sevens), private=True, **facts))
    fit = hand & FIT[t.top][t.suit]
    follow: dict[str, Any] = dict(top=top, suit=SUITS[t.suit], named=t.named)
    if not legal:
        assert fit, "explain disagrees with legality"
        verb = "fits" if not fit & (fit - 1) else "fit"
        return Explanation("draw", False, f"{v.You} may not draw: {_and_cards(bits(fit))} "
                           f"{verb} the top card {top.pretty()}, and a player holding a fitting "
                           "card must play one.", ("SAT-TURN-2",),
                           SattiFacts(kind="must_play", fits=CardSet(fit), playable=CardSet(fit),
                                      private=True, **follow, **base))
    assert not fit, "explain disagrees with legality"
    drawn, reshuffle, stops = _draw_plan(t, 1)
    if stops:
        after = "."
    elif rules.play_after_draw:
        after = "; if it fits, it is played at once."
    else:
        after = "; the turn then ends, even if it fits (play_after_draw is off)."
    plan = _plan_words(v, 1, drawn, reshuffle, stops)
    rule_clause = ("SAT-TURN-4",) if rules.play_after_draw else ("SAT-TURN-5",)
    return Explanation("draw", True, f"{v.You} {v.verb('hold', 'holds')} no card that fits the "
                       f"top card {top.pretty()} (suit to follow: {_suit_word(t.suit)}), so "
                       f"{plan}{after}", ("SAT-TURN-3",) + ((() if stops else rule_clause))
                       + _pile_clauses(reshuffle, stops),
                       SattiFacts(kind="draw", fits=CardSet(0), draws=drawn,
                                  reshuffle=reshuffle, stops=stops,
                                  auto_play=rules.play_after_draw and not stops,
                                  **follow, **base))


def _explain_card(state: "SattiState", m: "Play", v: Voice, legal: bool,
                  base: dict[str, Any]) -> Explanation:
    t = state._t
    rules = state._rules
    text = str(m)
    card = m.card.index
    c = m.card.pretty()
    hand = t.hands[t.turn]
    last = hand == 1 << card
    rank = card >> 2
    lead = f"{v.You} may play {m.pretty()}" if v.named else f"{m.pretty()} is legal"
    two = t.n == 2
    if t.penalty:
        pen: dict[str, Any] = dict(penalty=t.penalty, top=ALL_CARDS[t.top], not_playable=CardSet(1 << card),
                   **base)
        if rank != SEVEN_RANK:
            jack = " (not even a jack)" if rank == JACK_RANK else ""
            if rules.seven_stacking:
                return Explanation(text, False, f"{c} cannot be played: a penalty of {t.penalty} "
                                   f"is pending, and only a 7 may answer it{jack}; otherwise "
                                   f"{v.they} draw {t.penalty}.", ("SAT-SEVEN-4", "SAT-SEVEN-2"),
                                   SattiFacts(kind="penalty", **pen))
            return Explanation(text, False, f"{c} cannot be played: a penalty of {t.penalty} is "
                               f"pending{jack}, and with seven_stacking off {v.they} can only "
                               "draw it.", ("SAT-SEVEN-4", "SAT-SEVEN-5"),
                               SattiFacts(kind="penalty", **pen))
        if not rules.seven_stacking:
            return Explanation(text, False, f"{c} cannot be played: with seven_stacking off a "
                               f"penalised player may only draw the {t.penalty} cards.",
                               ("SAT-SEVEN-5",),
                               SattiFacts(kind="penalty", rule="seven_stacking", **pen))
        assert legal, "explain disagrees with legality"
        if last:
            return Explanation(text, True, f"{lead}: it answers the penalty and is {v.your} last "
                               f"card, so {v.they} go out and no penalty follows.",
                               ("SAT-SEVEN-2", "SAT-END-1", "SAT-END-2"),
                               SattiFacts(kind="answer", penalty=t.penalty, goes_out=True,
                                          playable=CardSet(1 << card), **base))
        return Explanation(text, True, f"{lead}: any 7 may answer the penalty of {t.penalty}, "
                           f"which passes to the next player raised to {t.penalty + 2}.",
                           ("SAT-SEVEN-2", "SAT-SEVEN-3"),
                           SattiFacts(kind="answer", penalty=t.penalty,
                                      next_penalty=t.penalty + 2, playable=CardSet(1 << card),
                                      **base))
    follow: dict[str, Any] = dict(top=ALL_CARDS[t.top], suit=SUITS[t.suit], named=t.named)
    fits = FIT[t.top][t.suit] >> card & 1
    if not fits:
        assert not legal, "explain disagrees with legality"
        clauses = ["SAT-FIT-1", "SAT-FIT-4"] if t.named else ["SAT-FIT-2", "SAT-FIT-3"]
        if rank == EIGHT_RANK:
            clauses.append("SAT-EIGHT-1")
        suit = _suit_word(t.suit)
        if t.named:
            reason = (f"{c} does not fit: the suit to follow is {suit} (named with "
                      f"{_c(t.top)}), and {c} is neither {_suit_single(t.suit)} nor a jack.")
        else:
            eight = " (an 8 is not wild)" if rank == EIGHT_RANK else ""
            reason = (f"{c} does not fit the top card {_c(t.top)}{eight}: it is neither "
                      f"{_suit_single(t.suit)} nor {_a(_rank_word(t.top))}, and it is not a "
                      "jack.")
        return Explanation(text, False, reason, tuple(clauses),
                           SattiFacts(kind="misfit", not_playable=CardSet(1 << card),
                                      **follow, **base))
    if rank == JACK_RANK:
        if last and m.suit is not None:
            return Explanation(text, False, f"{c} is {v.your} last card, so no suit is named: "
                               f"play it as {c} on its own.", ("SAT-END-3",),
                               SattiFacts(kind="jack_form", goes_out=True, **base))
        if not last and m.suit is None:
            return Explanation(text, False, f"A jack names a suit when it is played: play {c} "
                               "naming ♣, ♦, ♥ or ♠.", ("SAT-JACK-1",),
                               SattiFacts(kind="jack_form", **base))
        assert legal, "explain disagrees with legality"
        if last:
            return Explanation(text, True, f"{lead}: a jack fits whatever the top card is, and "
                               f"it is {v.your} last card, so {v.they} go out without naming a "
                               "suit.", ("SAT-FIT-3", "SAT-END-1", "SAT-END-3"),
                               SattiFacts(kind="fits", goes_out=True,
                                          playable=CardSet(1 << card), **follow, **base))
        return Explanation(text, True, f"{lead}: a jack fits whatever the top card is, and "
                           f"{v.they} name {SUIT_NAMES[cast(str, m.suit)]} as the suit to "
                           "follow.", ("SAT-FIT-3", "SAT-JACK-1"),
                           SattiFacts(kind="fits", playable=CardSet(1 << card), **follow,
                                      **base))
    assert legal, "explain disagrees with legality"
    if (card & 3) == t.suit:
        if t.named:
            reason = (f"it is {_suit_single(t.suit)}, the suit named with {_c(t.top)}")
            clauses = ["SAT-FIT-1", "SAT-FIT-2", "SAT-FIT-4"]
        else:
            reason = f"same suit as the top card {_c(t.top)}"
            clauses = ["SAT-FIT-2"]
    else:
        reason = f"same rank as the top card {_c(t.top)}"
        clauses = ["SAT-FIT-2"]
    reason = f"{lead}: {reason}"
    extra: dict[str, Any] = {}
    if last:
        reason += f", and it is {v.your} last card, so {v.they} go out"
        clauses.append("SAT-END-1")
        extra["goes_out"] = True
        if rank in (SEVEN_RANK, EIGHT_RANK):
            reason += f" with no {'penalty' if rank == SEVEN_RANK else 'skip'} following"
            clauses.append("SAT-END-2")
    elif rank == SEVEN_RANK:
        reason += "; the next player then faces a penalty of 2"
        clauses.append("SAT-SEVEN-1")
        extra["next_penalty"] = 2
    elif rank == EIGHT_RANK:
        if two:
            reason += f"; the other player is then skipped, so {v.they} move again"
            clauses += ["SAT-EIGHT-1", "SAT-EIGHT-2", "SAT-EIGHT-5"]
        else:
            reason += "; the next player is then skipped"
            clauses += ["SAT-EIGHT-1", "SAT-EIGHT-2"]
        extra["skips_next"] = True
    return Explanation(text, True, reason + ".", tuple(clauses),
                       SattiFacts(kind="fits", playable=CardSet(1 << card), **extra, **follow,
                                  **base))


def _log_entries(before: "SattiState", after: "SattiState", move: "Move") -> list[LogEntry]:
    """The log entries of one move: the move itself, then the engine's events it caused."""
    t0, t1 = before._t, after._t
    seat = t0.turn
    text = str(move)
    why = before.explain(move, voice="table")
    _, _, drew, played = after._trail[1:]  # type: ignore[index]
    entries: list[LogEntry] = []
    if t1.reshuffles > t0.reshuffles:
        entries.append(LogEntry(None, "", "The draw pile is empty: the discards under the top "
                                "card are shuffled into a new draw pile.",
                                "A card had to be drawn with no draw pile left, so every discard "
                                "but the top card becomes the new draw pile; the top card, the "
                                "suit to follow and any penalty stay.",
                                ("SAT-PILE-1", "SAT-PILE-2"), False))
    if isinstance(move, Play):
        said = f"Seat {seat} plays {move.pretty()}."
    elif isinstance(move, Draw):
        cards = f"{drew} card{'s' if drew != 1 else ''}"
        said = (f"Seat {seat} draws {cards} (the penalty)." if t0.penalty else
                f"Seat {seat} draws {cards}.")
    elif isinstance(move, Skip):
        said = f"Seat {seat} skips."
    elif isinstance(move, Name):
        said = f"Seat {seat} names {SUIT_NAMES[move.suit]}."
    else:
        attempt = move
        what = "to draw" if attempt.card is None else f"to play {attempt.card.pretty()}"
        said = (f"Seat {seat}, skipped, tries {what} and draws {drew} penalty "
                f"card{'s' if drew != 1 else ''} instead.")
        why = Explanation(text, True, f"Seat {seat} was skipped after {_c(t0.top)}: an attempt "
                          "to play or draw on a skipped turn is not carried out; it costs 1 "
                          "penalty card and ends the turn.", ("SAT-EIGHT-3", "SAT-EIGHT-2"))
    entries.append(LogEntry(seat, text, said, why.reason, why.clauses, why.facts.private))
    if played >= 0:
        effect = ""
        clauses: tuple[str, ...] = ("SAT-TURN-4",)
        if played >> 2 == JACK_RANK:
            effect = " They name the suit to follow next."
            clauses += ("SAT-JACK-1",)
        elif played >> 2 == SEVEN_RANK:
            effect = " The next player faces a penalty of 2."
            clauses += ("SAT-SEVEN-1",)
        elif played >> 2 == EIGHT_RANK:
            effect = " The next player is skipped."
            clauses += ("SAT-EIGHT-2",)
        entries.append(LogEntry(seat, "", f"Seat {seat}'s drawn {_c(played)} fits and is played "
                                "at once.", f"With play_after_draw on, a drawn card that fits is "
                                f"played at once.{effect}", clauses, False))
    if t1.stopped and not t0.stopped:
        entries.append(LogEntry(None, "", "Both piles are empty: the round stops.",
                                "A card had to be drawn, and there was no draw pile and no "
                                "discard under the top card, so the round stops and every seat "
                                "is ranked by the cards it holds.",
                                ("SAT-PILE-3", "SAT-END-5"), False))
    return entries


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ---------------------------------------------------------------------------------------------
# Rules


class Playout(NamedTuple):
    """One deal played on the fast path: a row per seat, and the move texts if recorded."""

    rows: list[dict[str, Any]]
    moves: list[str] | None


@dataclasses.dataclass(frozen=True, repr=False)
class SattiRules(RulesBase):
    """The Satti ruleset with its options ``hand_size``, ``seven_stacking``, ``play_after_draw``."""

    game = "satti"

    def __post_init__(self) -> None:
        super().__post_init__()
        size = self.options["hand_size"]
        if size not in (5, 6, 7):
            raise RulesError(f"option hand_size={size!r} is not valid for 'satti': "
                             "expected one of 5, 6, 7")
        object.__setattr__(self, "hand_size", int(size))
        object.__setattr__(self, "seven_stacking", bool(self.options["seven_stacking"]))
        object.__setattr__(self, "play_after_draw", bool(self.options["play_after_draw"]))

    hand_size: int = dataclasses.field(init=False, default=6)
    seven_stacking: bool = dataclasses.field(init=False, default=True)
    play_after_draw: bool = dataclasses.field(init=False, default=True)

    # -- setting up ---------------------------------------------------------------------------
    @staticmethod
    def _check_players(players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise RulesError(f"players={players!r}: Satti is for 2 to 6 players (SAT-SETUP-1)")
        return players

    @staticmethod
    def _check_seat(name: str, seat: Any, players: int, error: type[Exception]) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise error(f"{name}={seat!r}: expected a seat from 0 to {players - 1}")
        return seat

    def new_deal(self, players: int = 4, seed: int = 7, dealer: int = 0) -> SattiState:
        """A freshly dealt round (SAT-SETUP-1..7)."""
        players = self._check_players(players)
        dealer = self._check_seat("dealer", dealer, players, RulesError)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RulesError(f"seed={seed!r}: expected a whole number")
        t = deal_table(players, seed, dealer, self.hand_size)
        origin = {"kind": "deal", "players": players, "seed": seed, "dealer": dealer}
        return SattiState._make(self, t, origin, None, None)

    def position(self, top: str = "9H", suit: str | None = None, penalty: int = 0,
                 skipped: bool = False, hands: Sequence[Any] = (), draw_pile: Any = "",
                 discards: Any = "", to_move: int = 0, dealer: int = 0,
                 seed: int = 0) -> SattiState:
        """Set up any legal position; an impossible one raises :class:`PositionError`.

        ``hands`` lists each seat's cards; ``draw_pile`` is bottom to top (the last card is
        drawn next); ``discards`` are the cards under ``top``; ``suit`` is the suit named with
        a jack on top (``None``: the top card's own suit); ``penalty`` is a pending penalty
        (a 7 on top); ``skipped`` means ``to_move`` is skipped (an 8 on top); ``seed`` drives
        reshuffles.  Together the cards must be the 52 cards, each once.
        """
        if isinstance(hands, (str, bytes)):
            raise PositionError("hands must be a list with one group of cards per seat")
        try:
            top_card = parse_card(top)
            hand_lists = [parse_cards(h) for h in hands]
            pile = parse_cards(draw_pile)
            under = parse_cards(discards)
        except CardError as exc:
            raise PositionError(f"the position's cards cannot be read: {exc}") from None
        if isinstance(hands, (str, bytes)):
            raise PositionError("hands must be a list with one group of cards per seat")
        players = len(hand_lists)
        if not 2 <= players <= 6:
            raise PositionError(f"{players} hands were given: Satti is for 2 to 6 players "
                                "(SAT-SETUP-1)")
        to_move = self._check_seat("to_move", to_move, players, PositionError)
        dealer = self._check_seat("dealer", dealer, players, PositionError)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise PositionError(f"seed={seed!r}: expected a whole number")
        seen = 0
        for group in [[top_card], *hand_lists, pile, under]:
            for card in group:
                if seen & card.mask:
                    raise PositionError(f"{card} appears twice in the position: each card of "
                                        "the pack is in exactly one place (SAT-SETUP-1)")
                seen |= card.mask
        if seen != FULL_MASK:
            missing = CardSet(FULL_MASK & ~seen)
            raise PositionError(f"the position holds {seen.bit_count()} cards, not 52: "
                                f"{missing} {'is' if len(missing) == 1 else 'are'} missing "
                                "(SAT-SETUP-1)")
        for seat, group in enumerate(hand_lists):
            if not group:
                raise PositionError(f"seat {seat} holds no cards, but the round ends as soon "
                                    "as a player plays their last card (SAT-END-1)")
        is_jack = top_card.rank == JACK_RANK + 1
        if suit is not None:
            if not isinstance(suit, str):
                raise PositionError(f"suit={suit!r}: expected C, D, H, S or None")
            try:
                suit_letter = _parse_suit(suit, suit)
            except MoveError:
                raise PositionError(f"suit={suit!r} is not a suit: expected C, D, H, S or None")
            if not is_jack:
                raise PositionError(f"a suit ({suit_letter}) can only be named with a jack on "
                                    f"top, and the top card is {top_card} (SAT-FIT-1, "
                                    "SAT-JACK-1)")
        else:
            suit_letter = None
        if isinstance(penalty, bool) or not isinstance(penalty, int) or penalty < 0 \
                or penalty % 2:
            raise PositionError(f"penalty={penalty!r}: expected 0 or an even number 2, 4, 6, 8 "
                                "(SAT-SEVEN-1, SAT-SEVEN-3)")
        if not isinstance(skipped, bool):
            raise PositionError(f"skipped={skipped!r}: expected True or False")
        if penalty and skipped:
            raise PositionError("a turn cannot be both skipped and penalised (SAT-TURN-1)")
        if penalty:
            if top_card.rank != SEVEN_RANK + 1:
                raise PositionError(f"a penalty of {penalty} needs a 7 on top, and the top "
                                    f"card is {top_card} (SAT-SEVEN-1)")
            played = ((1 << top_card.index) | card_mask(under)) & SEVENS
            if penalty // 2 > played.bit_count():
                raise PositionError(f"a penalty of {penalty} needs {penalty // 2} sevens played, "
                                    f"but only {played.bit_count()} lie on the discard pile "
                                    "(SAT-SEVEN-3)")
            if not self.seven_stacking and penalty != 2:
                raise PositionError(f"a penalty of {penalty} cannot build up with "
                                    "seven_stacking off: it is always 2 (SAT-SEVEN-5)")
        if not isinstance(skipped, bool):
            raise PositionError(f"skipped={skipped!r}: expected True or False")
        if skipped:
            if top_card.rank != EIGHT_RANK + 1:
                raise PositionError(f"a skipped player needs an 8 on top, and the top card is "
                                    f"{top_card} (SAT-EIGHT-2)")
        suit_index = _suit_index(suit_letter) if suit_letter else top_card.index & 3
        t = Table(players, [card_mask(h) for h in hand_lists], [c.index for c in pile],
                  card_mask(under), top_card.index, suit_index, suit_letter is not None,
                  penalty, skipped, False, to_move, seed)
        args = {
            "top": top_card.text, "suit": suit_letter, "penalty": penalty, "skipped": skipped,
            "hands": [" ".join(c.text for c in h) for h in hand_lists],
            "draw_pile": " ".join(c.text for c in pile),
            "discards": " ".join(c.text for c in under),
            "to_move": to_move, "dealer": dealer, "seed": seed,
        }
        return SattiState._make(self, t, {"kind": "position", "args": args}, None, None)

    def parse_move(self, text: Any) -> Move:
        """Read a move's notation: ``9H``, ``JH>S``, ``draw``, ``skip``, ``name S``, ``try 8S``."""
        return parse_move(text)

    # -- description ----------------------------------------------------------------------------
    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clauses)."""
        stack = self.seven_stacking
        after = self.play_after_draw
        rows = [
            Row("players", "players", "2-6", "Two to six people can play; any other count is "
                "refused.", ("SAT-SETUP-1",)),
            Row("deck", "deck", "52 cards", "One pack of 52 cards without jokers.",
                ("SAT-SETUP-1",)),
            Row("deal", "cards dealt", str(self.hand_size), f"Everyone gets {self.hand_size} "
                "cards, dealt one at a time clockwise from the dealer's left.",
                ("SAT-SETUP-2", "SAT-SETUP-3")),
            Row("deal", "draw pile", "face down", "The undealt cards form the draw pile and "
                "its top card is turned to start the discards.", ("SAT-SETUP-4",)),
            Row("deal", "opening card", "never a 7", "A turned 7 goes back into the draw pile "
                "at a random place until the turned card is not a 7; a turned J or 8 has no "
                "effect.", ("SAT-SETUP-5", "SAT-SETUP-6")),
            Row("who opens", "first player", "left of the dealer", "The player to the "
                "dealer's left starts and play goes to the left.", ("SAT-SETUP-7",)),
            Row("what may be played", "fitting card", "same suit or rank", "A card fits if it "
                "has the current suit or the top card's rank; a jack always fits.",
                ("SAT-FIT-1", "SAT-FIT-2", "SAT-FIT-3", "SAT-FIT-4")),
            Row("what may be played", "must play", "yes", "A player holding a fitting card "
                "must play one and may not draw.", ("SAT-TURN-2",)),
            Row("passing and drawing", "draw", "1 card", "A player with no fitting card "
                "draws one card.", ("SAT-TURN-3",)),
            Row("passing and drawing", "play after draw", "on" if after else "off",
                "A drawn card that fits is played at once." if after else
                "The turn ends after the draw, even if the drawn card fits.",
                ("SAT-TURN-4", "SAT-TURN-5")),
            Row("passing and drawing", "empty draw pile", "reshuffle", "The discards under "
                "the top card are shuffled into a new draw pile; if there are none the round "
                "stops.", ("SAT-PILE-1", "SAT-PILE-2", "SAT-PILE-3")),
            Row("special cards", "7", "draw 2" + (", stackable" if stack else ""),
                "The next player draws 2" + (" unless they answer with a 7, which passes the "
                "penalty on raised by 2." if stack else "; they may not answer with a 7."),
                ("SAT-SEVEN-1", "SAT-SEVEN-2", "SAT-SEVEN-3", "SAT-SEVEN-5", "SAT-SEVEN-6")),
            Row("special cards", "J", "wild, names a suit", "A jack fits anything and its "
                "player names the suit to follow.", ("SAT-FIT-3", "SAT-JACK-1", "SAT-JACK-2")),
            Row("special cards", "8", "skip", "The next player is skipped; trying to play "
                "instead costs a penalty card.", ("SAT-EIGHT-1", "SAT-EIGHT-2", "SAT-EIGHT-3")),
            Row("round end", "round end", "first out", "The round ends when a player plays "
                "their last card; a last 7, 8 or J has no effect.",
                ("SAT-END-1", "SAT-END-2", "SAT-END-3")),
            Row("scoring", "places", "by cards held", "The others are ranked by the cards "
                "they hold, fewer being better, equal counts sharing a place.",
                ("SAT-END-4", "SAT-END-5")),
            Row("match", "next dealer", "to the left", "Each round is scored on its own; the "
                "next round's dealer is the player to the left.", ("SAT-SETUP-3",)),
        ]
        return rows + self.option_rows()

    # -- the fast path ------------------------------------------------------------------------
    def playout(self, players: int = 4, seed: int = 0, dealer: int = 0, bots: Any = None,
                record: bool = False, max_moves: int = MOVE_CAP) -> Playout:
        """Play one round with computer players on compact values, without building states.

        Gives exactly the moves and outcome of ``autoplay(rules.new_deal(players, seed,
        dealer), bots, seed)``.  Rows: ``seat, bot, place, won, points`` (cards held),
        ``passes`` (draw actions), ``turns`` (moves in the round), ``penalty_cards`` (cards
        drawn for 7s), ``cards_drawn``, ``stopped``.
        """
        from .bots import playout_loop

        return playout_loop(self, players, seed, dealer, bots, record, max_moves)

    def playout_batch(self, players: int, seeds: Sequence[int], dealers: Sequence[int] | int,
                      bots: Any = None) -> list[list[dict[str, Any]]]:
        """Many rounds on the fast path: one list of rows per seed."""
        from .bots import playout_loop

        if isinstance(dealers, int):
            dealers = [dealers] * len(seeds)
        return [playout_loop(self, players, s, d, bots, False, MOVE_CAP).rows
                for s, d in zip(seeds, dealers)]


def _check_module() -> None:  # pragma: no cover - import-time sanity
    assert len(MOVES) == N_CODES


_check_module()

# Register the computer players with the protocol.
from . import bots as _satti_bots  # noqa: E402,F401
from . import batch as _satti_batch  # noqa: E402,F401  (experiments: batch and terms)
