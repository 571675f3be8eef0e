"""The Sevens family: Badam Satti (classic, with house rules), its app rules, British Sevens.

Rules (clause ids of ``shared/rules/badam-satti.md``): every card is dealt one at a time
from the dealer's left (BS-DEAL-1..7); the holder of the opening card (7H, or 7D in
``sevens``) starts by playing it (BS-OPEN-1..5); each suit's row grows from its 7 one card
at a time at either end (BS-ROW-1..4); a player with a playable card must play one, a player
without must pass (BS-MOVE-1..5); passes are public and prove absences (BS-INFO-1..6); the
first player out wins the round and the others score their cards (BS-END-1..8), or settle in
chips (BS-CHIP-1..7); matches are in :mod:`rulebook.match` (BS-MATCH-1..7, BS-CHIP-8..10).
House rules of ``badam-satti``: BS-HR-1..18.  The legality functions live in
:mod:`rulebook.games.sevens.core`, shared with the fast playout loop.

Notation: a play is the card's text (``7H``, also ``10H``/``7♥`` on input); a pass is
``pass``.  ``Play('7H')`` and ``PASS`` are interned values, so ``Play('7H') is Play('7H')``.

Explanations.  ``state.explain(move)`` starts from the legal set (:meth:`SevensState.legal_play_mask`
and the pass rule, exactly as :meth:`SevensState.legal_moves`) and only phrases it, so it never
disagrees with legality.  Its first clause decided: a house rule's when one did (BS-HR-5 for a
7 that must be played, BS-HR-9 for a pass by choice, BS-HR-13, BS-HR-15...); a card from
another hand is answered with whose turn it is first (BS-OPEN-5); a round that ended is
explained by what ended it (BS-END-1, BS-HR-12, BS-HR-16).  :class:`SevensFacts` holds every
claim of the sentence.  ``voice="table"`` names the seat instead of saying "you", and
:meth:`SevensState.move_log` tells the deal that way, eliminations included.  On the first
turn the public playable set is the opening card alone (BS-OPEN-4, BS-INFO-2).

Chips (``sevens``).  ``rules.new_deal(..., stacks=...)`` starts a deal from given stacks, and a
match passes each deal the stacks the previous one ended with (:meth:`SevensRules.deal_after`),
so chips carry over from deal to deal (BS-CHIP-2, BS-CHIP-7).

Eliminations (BS-HR-10) are not a player's choice, so they are not moves: when the turn
reaches a player with no playable card and no pass left, the engine eliminates that player
at once and moves on.  ``state.history`` holds only the moves players chose (what records
store and replay); ``state.events`` is the public log of plays, passes (each with the
playable set at that moment, BS-INFO-3) and ``eliminated`` events.  Replaying the moves
re-creates the eliminations exactly, because they follow from the moves.

Positions: ``rules.position(table=..., hands=[...], to_move=...)`` sets up any legal
position.  A hand given as ``None`` is "the rest": the cards on neither the table nor a
given hand are dealt to the ``None`` seats in canonical order, one at a time, starting at
the lowest such seat (deterministic, so a position replays exactly).  When every hand is
given, table plus hands must make exactly the 52 cards.  A position with cards on the
table need not show the opening card (BS-EX-4 starts from a lone 7D): teaching positions may
begin anywhere after the opening turn; with an empty table the holder of the opening card
must be to move (BS-OPEN-3).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from ...cards import (
    ALL_CARDS,
    FULL_MASK,
    SUIT_NAMES,
    SUITS,
    Card,
    CardSet,
    parse_card,
    parse_cards,
)
from ...errors import CardError, IllegalMove, MoveError, PositionError, RulesError
from ...protocol import (
    NO_CARDS,
    Explanation,
    Facts,
    GameState,
    LogEntry,
    Outcome,
    Voice,
    autoplay,
    make_bot,
    places_from_scores,
)
from ...rules import Row, RulesBase
from .core import (
    HAND_SIZES,
    PASSES_PER_ROUND,
    SEVENS,
    SIXES,
    SUIT_MASKS,
    bit_cards,
    card_values,
    deal_hands,
    hand_points,
    is_valid_row,
    legal_play_mask,
    must_be_eliminated,
    next_seat,
    pass_allowed,
    playout_batch_random,
    playout_deal,
    playable_mask,
    public_playable,
    round_places,
    row_order,
)

__all__ = [
    "Play",
    "Pass",
    "PASS",
    "PLAYS",
    "Event",
    "SevensOutcome",
    "SevensRules",
    "SevensState",
    "SevensView",
    "SevensFacts",
    "Playout",
]

HOUSE_RULES = ("sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
               "one_final_turn", "round_count")
"""BS-HR-1: the house rules of ``badam-satti`` (round_count counts when not 5, BS-HR-3)."""


# --------------------------------------------------------------------------------------
# Moves
# --------------------------------------------------------------------------------------
class Play:
    """Play one card: ``Play('7H')``; its text is the card's text.  Interned per card."""

    __slots__ = ("card",)
    card: Card

    def __new__(cls, card: Card | str) -> "Play":
        return PLAYS[parse_card(card).index]

    @classmethod
    def _make(cls, card: Card) -> "Play":
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Play, (self.card.text,))

    def __str__(self) -> str:
        return self.card.text

    def pretty(self) -> str:
        """The move as a learner reads it: the card in symbols, ``10♥``."""
        return self.card.pretty()

    def __repr__(self) -> str:
        return f"Play({self.card.text!r})"


class Pass:
    """Pass the turn: ``Pass()``, text ``pass``.  There is one object, :data:`PASS`."""

    __slots__ = ()
    _the: "Pass | None" = None

    def __new__(cls) -> "Pass":
        if cls._the is None:
            cls._the = object.__new__(cls)
        return cls._the

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"

    def pretty(self) -> str:
        """The move as a learner reads it: ``pass``."""
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


PLAYS: tuple[Play, ...] = tuple(Play._make(c) for c in ALL_CARDS)
"""The 52 play moves by card index."""
PASS: Pass = Pass()
"""The pass move."""

Move = Play | Pass

_LogEntry = tuple[int, str, int, int]
"""One raw public log entry: (seat, ``"play"``/``"pass"``/``"eliminated"``, card index or -1,
playable mask or 0); :func:`_event` turns it into an :class:`Event`."""


class Event(NamedTuple):
    """One entry of the public log: a play, a pass or an elimination (BS-INFO-1, BS-INFO-3)."""

    seat: int
    kind: str
    """``"play"``, ``"pass"`` or ``"eliminated"``."""
    card: Card | None
    """The card played (plays only)."""
    playable: CardSet | None
    """The playable set at that moment (passes and eliminations, BS-INFO-3)."""

    def __str__(self) -> str:
        if self.kind == "play":
            return f"seat {self.seat} plays {cast(Card, self.card).pretty()}"
        playable = self.playable.pretty() if self.playable else "none"
        return f"seat {self.seat} {'passes' if self.kind == 'pass' else 'is eliminated'} " \
               f"(playable set: {playable})"


@dataclasses.dataclass(frozen=True)
class SevensOutcome(Outcome):
    """How a Sevens-family deal ended."""

    winner: int | None = None
    """The round winner (first out), or ``None`` when everyone was eliminated (BS-HR-12)."""
    points: tuple[int, ...] = ()
    """Each seat's score: penalty points (lower is better), or in ``sevens`` chips won or
    lost this deal (higher is better)."""
    cards_left: tuple[int, ...] = ()
    """Cards each seat held when the round ended."""
    passes: tuple[int, ...] = ()
    """Passes each seat made."""
    eliminated: tuple[int, ...] = ()
    """Seats eliminated (BS-HR-10)."""
    chips: tuple[int, ...] | None = None
    """``sevens``: each seat's stack after the deal (BS-CHIP-5)."""


class Playout(NamedTuple):
    """One deal played on the fast path: one row per seat, and the moves when recorded."""

    rows: list[dict[str, Any]]
    moves: list[str] | None


# --------------------------------------------------------------------------------------
# Explanations: the legal set first, then the words (one sentence, clause ids, the facts)
# --------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, kw_only=True)
class SevensFacts(Facts):
    """What a Sevens-family explanation claims, beside :class:`~rulebook.protocol.Facts`."""

    to_move: int | None = None
    """The seat whose turn it is."""
    holder: int | None = None
    """The seat holding the card asked about, when the sentence says it is not the mover."""
    on_table: bool = False
    """The sentence says the card asked about is already on the table."""
    hand: CardSet | None = None
    """The mover's cards the sentence names (all of them), if it names them."""
    public_playable: CardSet | None = None
    """The public playable set the sentence names (BS-INFO-2), if it names it."""
    suit: str | None = None
    """The suit whose row the sentence describes, if it describes one."""
    row: tuple[Card, Card] | None = None
    """That suit's row as (low end, high end); ``None`` with a ``suit`` means "no row yet"."""
    wanted: CardSet | None = None
    """The cards the sentence names as the only ones that can join that row now."""
    blocking: CardSet = NO_CARDS
    """Cards that block the move: the 7s held under sevens_first (BS-HR-5), the 8 a 6 waits
    for under eight_before_six (BS-HR-15) or the king an ace waits for under ace_high
    (BS-HR-13), neither of which is on the table."""
    present: CardSet = NO_CARDS
    """Cards the sentence says are on the table (the 8 that lets a 6 be played under
    eight_before_six)."""
    passes_left: int | None = None
    """The mover's passes left the sentence names (limited_passes, BS-HR-8)."""
    chips: int = 0
    """Chips the move costs the mover (BS-CHIP-4)."""
    goes_out: bool = False
    """The sentence says the card is the mover's last one."""
    winner: int | None = None
    """The round winner the sentence names."""


def _cards(mask: int) -> str:
    """Cards in symbols, canonical order: ``3♠ 7♦ K♥`` (``no cards`` when empty)."""
    return CardSet(mask).pretty() if mask else "no cards"


def _passes_word(count: int) -> str:
    return f"{count} pass{'' if count == 1 else 'es'}"


def _row_span(table: int, suit: int, ace_high: bool) -> tuple[Card, Card] | None:
    ranks = [r for r in row_order(ace_high) if table >> (r * 4 + suit) & 1]
    if not ranks:
        return None
    return ALL_CARDS[ranks[0] * 4 + suit], ALL_CARDS[ranks[-1] * 4 + suit]


def _row_words(suit_name: str, span: tuple[Card, Card]) -> str:
    low, high = span
    if low is high:
        return f"the {suit_name} row holds only {low.pretty()}"
    return f"the {suit_name} row runs {low.pretty()} to {high.pretty()}"


def _or_list(cards: int) -> str:
    texts = [c.pretty() for c in CardSet(cards)]
    if not texts:
        return "no card"
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


class _Seen:
    """The position an explanation is phrased from: the same values ``legal_moves()`` uses."""

    __slots__ = ("state", "rules", "seat", "hand", "table", "playable", "plays", "can_pass",
                 "left", "opening", "voice")

    def __init__(self, state: "SevensState", voice: Voice) -> None:
        self.state = state
        self.rules = state.rules
        seat = state._to_move
        assert seat is not None
        self.seat = seat
        self.hand = state._hands[seat]
        self.table = state._table
        self.playable = state._playable
        self.plays = state.legal_play_mask()  # the very computation legal_moves() makes
        self.can_pass = state._can_pass(self.plays)
        self.left = None if state._passes_left is None else state._passes_left[seat]
        self.opening = state._table == 0
        self.voice = voice


def _explain_over(state: "SevensState", text: str) -> Explanation:
    """Any move once the round is over: who ended it and which clause ended it."""
    winner = state._winner
    if winner is None:
        return Explanation(text, False, "The round is over: every player still in was "
                           "eliminated, so nobody won it.", ("BS-HR-12", "BS-HR-10"),
                           SevensFacts(kind="over"))
    if state.rules.one_final_turn:
        return Explanation(text, False, f"The round is over: seat {winner} went out first, and "
                           "every other player still in has taken their one final turn.",
                           ("BS-HR-16", "BS-END-1", "BS-HR-17"),
                           SevensFacts(kind="over", winner=winner))
    return Explanation(text, False, f"The round is over: seat {winner} played their last card.",
                       ("BS-END-1",), SevensFacts(kind="over", winner=winner))


def _explain_elsewhere(s: _Seen, card: Card) -> Explanation:
    """A card the player to move does not hold: whose turn it is comes first."""
    state = s.state
    text = card.text
    c = card.pretty()
    if s.table & card.mask:
        return Explanation(text, False, f"{c} is already on the table: a turn plays a card from "
                           "the hand of the player to move.", ("BS-MOVE-2", "BS-ROW-1"),
                           SevensFacts(kind="on_table", seat=s.seat, to_move=s.seat,
                                       on_table=True, not_playable=CardSet(card.mask)))
    holder = next(p for p, h in enumerate(state._hands) if h & card.mask)
    note = ""
    clauses: tuple[str, ...] = ("BS-OPEN-5", "BS-MOVE-2")
    if state._elim >> holder & 1:
        note = f"; seat {holder} was eliminated and takes no more turns this round"
        clauses += ("BS-HR-10",)
    return Explanation(text, False, f"It is seat {s.seat}'s turn, not seat {holder}'s: {c} is "
                       f"in seat {holder}'s hand, so it cannot be played now{note}.", clauses,
                       SevensFacts(kind="not_your_turn", seat=s.seat, to_move=s.seat,
                                   holder=holder, not_playable=CardSet(card.mask)))


def _uses(v: Voice, left: int) -> str:
    """Which pass a pass uses: ``your last pass`` or ``one of your 2 passes left``."""
    return f"{v.your} last pass" if left == 1 else f"one of {v.your} {_passes_word(left)} left"


def _lead(v: Voice, c: str) -> str:
    """How a legal play's reason starts: ``7♦ is legal`` or ``Seat 2 may play 7♦``."""
    return f"{v.You} may play {c}" if v.named else f"{c} is legal"


def _choice_words(s: _Seen, card: Card) -> tuple[str, tuple[str, ...], int, bool]:
    """What else the player may do, the clause that says so (BS-MOVE-3, BS-HR-9/11), the
    other cards named as playable, and whether the words rest on the mover's hidden cards."""
    v = s.voice
    others = s.plays & ~card.mask
    if s.left is not None:
        if s.left > 0:
            return (f"; {v.they} could also pass ({_passes_word(s.left)} left under "
                    "limited_passes)"), ("BS-HR-9",), 0, False
        return f"; with no pass left {v.they} must play", ("BS-HR-11",), 0, False
    if v.named:  # the log tells what happened; the other playable cards are secret
        return "", (), 0, False
    if not others:
        return (f"; it is your only playable card, so you must play it", ("BS-MOVE-3",), 0,
                True)
    return (f"; you may choose it or {_or_list(others)}, but must play one", ("BS-MOVE-3",),
            others, True)


def _goes_out_words(s: _Seen) -> tuple[str, tuple[str, ...]]:
    """What emptying the hand with this card does (BS-END-1, BS-HR-16, BS-HR-17)."""
    v = s.voice
    winner = s.state._winner
    if winner is not None:
        return (f"; it is {v.your} last card, so {v.they} empty {v.your} hand, but seat "
                f"{winner} went out first and alone wins the round"), \
            ("BS-HR-17",)
    if s.rules.one_final_turn:
        return (f"; it is {v.your} last card, so {v.they} win the round, and every other "
                "player still in takes one final turn"), \
            ("BS-END-1", "BS-HR-16")
    return (f"; it is {v.your} last card, so {v.they} go out and win the round"), ("BS-END-1",)


def _explain_play(s: _Seen, card: Card) -> Explanation:
    """A play: legal exactly when the card is in the legal set ``s.plays``."""
    rules, v = s.rules, s.voice
    text, c = card.text, card.pretty()
    if not s.hand & card.mask:
        return _explain_elsewhere(s, card)
    legal = bool(s.plays & card.mask)
    base: dict[str, Any] = dict(seat=s.seat, to_move=s.seat)
    if s.opening:
        first = ALL_CARDS[rules.opening]
        if legal:
            return Explanation(text, True, f"{_lead(v, c)}: the first turn of the round plays "
                               f"the opening card, and {v.they} hold it.",
                               ("BS-OPEN-4", "BS-OPEN-3"),
                               SevensFacts(kind="opening", playable=CardSet(card.mask),
                                           public_playable=CardSet(first.mask), **base))
        return Explanation(text, False, f"{c} cannot be played: the first turn of the round "
                           f"must play the opening card {first.pretty()}, and nothing else.",
                           ("BS-OPEN-4",),
                           SevensFacts(kind="opening", playable=CardSet(first.mask),
                                       not_playable=CardSet(card.mask),
                                       public_playable=CardSet(first.mask), **base))
    suit = card.suit_index
    suit_name = SUIT_NAMES[card.suit]
    span = _row_span(s.table, suit, rules.ace_high)
    wanted = s.playable & SUIT_MASKS[suit]
    row_facts: dict[str, Any] = dict(suit=card.suit, row=span, wanted=CardSet(wanted))
    if not s.playable & card.mask:
        # Not in the public playable set: which row rule (or house rule) keeps it off.
        seven = ALL_CARDS[24 + suit]
        if span is None:
            return Explanation(text, False, f"{c} cannot be played: {suit_name} have no row "
                               f"yet, and only {seven.pretty()} can start it.",
                               ("BS-ROW-1", "BS-MOVE-1"),
                               SevensFacts(kind="no_row", not_playable=CardSet(card.mask),
                                           **row_facts, **base))
        eight = ALL_CARDS[28 + suit]
        if rules.eight_before_six and card.rank == 6 and \
                playable_mask(s.table, rules.ace_high, False) & card.mask:
            return Explanation(text, False, f"{c} cannot be played yet: under eight_before_six "
                               f"a 6 waits until the 8 of its suit is on the table, and "
                               f"{eight.pretty()} is not.", ("BS-HR-15", "BS-MOVE-1"),
                               SevensFacts(kind="eight_before_six", rule="eight_before_six",
                                           not_playable=CardSet(card.mask),
                                           blocking=CardSet(eight.mask), **row_facts, **base))
        row = _row_words(suit_name, span)
        wanted_words = (f"only {_or_list(wanted)} can join it now" if wanted
                        else "no card can join it now")
        clauses: tuple[str, ...] = ("BS-MOVE-1", "BS-ROW-3")
        six = ALL_CARDS[20 + suit]
        waits = ""
        refused = card.mask
        blocked = 0
        if rules.eight_before_six and \
                playable_mask(s.table, rules.ace_high, False) & six.mask & ~s.playable:
            waits = f" ({six.pretty()} waits for {eight.pretty()} under eight_before_six)"
            clauses += ("BS-HR-15",)
            refused |= six.mask
            blocked = eight.mask
        if rules.ace_high and card.rank == 1:
            king = ALL_CARDS[48 + suit]
            return Explanation(text, False, f"{c} cannot be played: under ace_high an ace goes "
                               f"only after the king of its suit, and {row}, so {wanted_words}"
                               f"{waits}.", ("BS-HR-13", "BS-MOVE-1", "BS-ROW-3")
                               + clauses[2:], SevensFacts(
                                   kind="ace_high", rule="ace_high",
                                   not_playable=CardSet(refused),
                                   blocking=CardSet(king.mask | blocked), **row_facts, **base))
        return Explanation(text, False, f"{c} cannot be played: {row}, so {wanted_words}"
                           f"{waits}.", clauses,
                           SevensFacts(kind="row_end", not_playable=CardSet(refused),
                                       blocking=CardSet(blocked), **row_facts, **base))
    if not legal:
        # Publicly playable but not for this player: only sevens_first does that (BS-HR-5).
        sevens = s.hand & SEVENS
        assert rules.sevens_first and sevens and card.rank != 7, "explain disagrees with legality"
        held = "a 7" if not sevens & (sevens - 1) else "7s"
        return Explanation(text, False, f"{c} cannot be played: under sevens_first a player "
                           f"holding a 7 must play a 7, and {v.you} {v.verb('hold', 'holds')} "
                           f"{held} ({_cards(sevens)}).", ("BS-HR-5", "BS-MOVE-3"),
                           SevensFacts(kind="sevens_first", rule="sevens_first",
                                       playable=CardSet(s.plays), not_playable=CardSet(card.mask),
                                       blocking=CardSet(sevens), hand=None, private=True,
                                       **row_facts, **base))
    # Legal: where it goes on its row, then what else the player may do.
    clauses = ("BS-MOVE-1",)
    if span is None:
        where = f"it starts the {suit_name} row"
        clauses += ("BS-ROW-1",)
    else:
        low, high = span
        order = row_order(rules.ace_high)
        if order.index(card.rank_index) < order.index(low.rank_index):
            where = f"it goes directly before {low.pretty()}, the low end of the {suit_name} row"
        else:
            where = f"it goes directly after {high.pretty()}, the high end of the {suit_name} row"
        clauses += ("BS-ROW-3",)
    kind, rule = "playable", None
    if rules.ace_high and card.rank == 1:
        clauses = ("BS-HR-13",) + clauses
        where += " (under ace_high an ace goes after the king)"
        kind, rule = "ace_high", "ace_high"
    present = 0
    if rules.eight_before_six and card.rank == 6:
        where += f" (its 8, {ALL_CARDS[28 + suit].pretty()}, is on the table, as " \
                 "eight_before_six requires)"
        clauses += ("BS-HR-15",)
        present = ALL_CARDS[28 + suit].mask
    named = card.mask
    if rules.sevens_first and s.hand & SEVENS:
        sevens = s.hand & SEVENS
        choice = "" if sevens == card.mask or v.named else \
            f" (you may choose among {_cards(sevens)})"
        if choice:
            named = sevens
        reason = (f"{_lead(v, c)}: under sevens_first a player holding a 7 must play a 7"
                  f"{choice}, and {where}")
        clauses = ("BS-HR-5",) + clauses
        kind, rule = "sevens_first", "sevens_first"
        private = bool(choice)  # the played 7 is public, and so is the rule that made it due
    else:
        more, more_clauses, others, private = _choice_words(s, card)
        named |= others
        reason = f"{_lead(v, c)}: {where}{more}"
        clauses += more_clauses
        if rules.sevens_first and not v.named:
            reason += "; you hold no 7, so sevens_first does not apply"
            clauses += ("BS-HR-5",)
    goes_out = s.hand == card.mask
    if goes_out:
        words, out_clauses = _goes_out_words(s)
        reason += words
        clauses += out_clauses
    return Explanation(text, True, reason + ".", clauses, SevensFacts(
        kind=kind, rule=rule, playable=CardSet(named), present=CardSet(present),
        private=private, goes_out=goes_out, **row_facts, **base))


def _explain_pass(s: _Seen) -> Explanation:
    """A pass: legal exactly when ``s.can_pass`` (the same answer legal_moves() gives)."""
    rules, v = s.rules, s.voice
    cost = 1 if rules.chips else 0
    cost_words = "; it costs 1 chip, paid into the pool" if cost else ""
    cost_clause: tuple[str, ...] = ("BS-CHIP-4",) if cost else ()
    base: dict[str, Any] = dict(seat=s.seat, to_move=s.seat)
    if s.can_pass:
        left = s.left
        if s.plays:  # a voluntary pass: only limited_passes allows it (BS-HR-9)
            assert left is not None and left > 0, "explain disagrees with legality"
            held = "" if v.named else f" ({_cards(s.plays)})"
            return Explanation("pass", True, f"{v.You} {v.verb('may pass', 'passes by choice')}: "
                               "under limited_passes a player "
                               "with a pass left may pass even when holding a playable card"
                               f"{held}; it uses {_uses(v, left)}.",
                               ("BS-HR-9", "BS-HR-8"),
                               SevensFacts(kind="voluntary_pass", rule="limited_passes",
                                           playable=CardSet(s.plays) if not v.named
                                           else NO_CARDS, passes_left=left, private=True,
                                           **base))
        playable = CardSet(s.playable)
        if v.named:  # what everybody knows: a pass shows the passer held none of these
            why = (f"{v.they} hold none of the playable cards ({playable.pretty()})"
                   if playable else "no card is playable")
        else:
            why = (f"none of your cards ({_cards(s.hand)}) is playable; the playable set is "
                   f"{playable.pretty() or 'empty'}")
        if left is None:
            return Explanation("pass", True, f"{v.You} must pass: {why}{cost_words}.",
                               ("BS-MOVE-4", "BS-INFO-2", "BS-INFO-4") + cost_clause,
                               SevensFacts(kind="forced_pass", public_playable=playable,
                                           hand=None if v.named else CardSet(s.hand),
                                           chips=cost, **base))
        return Explanation("pass", True, f"{v.You} must pass: {why}; it uses "
                           f"{_uses(v, left)} (limited_passes).",
                           ("BS-MOVE-4", "BS-HR-8", "BS-HR-10"),
                           SevensFacts(kind="forced_pass", public_playable=playable,
                                       hand=None if v.named else CardSet(s.hand),
                                       passes_left=left, private=True, **base))
    if s.opening:
        first = ALL_CARDS[rules.opening]
        return Explanation("pass", False, "Pass is not allowed: the first turn of the round must "
                           f"play the opening card {first.pretty()}.", ("BS-OPEN-4",),
                           SevensFacts(kind="opening", playable=CardSet(first.mask),
                                       public_playable=CardSet(first.mask), **base))
    assert s.plays, "explain disagrees with legality"
    plays = CardSet(s.plays)
    sevens = s.hand & SEVENS
    if s.left is not None and s.left <= 0:
        extra: tuple[str, ...] = ("BS-HR-5",) if rules.sevens_first and sevens else ()
        return Explanation("pass", False, f"Pass is not allowed: {v.you} {v.verb('have', 'has')} "
                           f"no pass left and can play {_or_list(s.plays)}, so {v.they} must "
                           "play.", ("BS-HR-11", "BS-HR-8") + extra,
                           SevensFacts(kind="no_passes_left", rule="limited_passes",
                                       playable=plays, passes_left=0, private=True, **base))
    if rules.sevens_first and sevens:
        held = "a 7" if not sevens & (sevens - 1) else "7s"
        if s.left is not None:
            return Explanation("pass", False, "Pass is not allowed: under sevens_first a player "
                               f"holding a 7 may not pass by choice, and {v.you} "
                               f"{v.verb('hold', 'holds')} {held} ({_cards(sevens)}).",
                               ("BS-HR-6", "BS-HR-5"),
                               SevensFacts(kind="sevens_first", rule="sevens_first",
                                           playable=plays, blocking=CardSet(sevens),
                                           passes_left=s.left, private=True, **base))
        return Explanation("pass", False, "Pass is not allowed: under sevens_first a player "
                           f"holding a 7 must play a 7, and {v.you} {v.verb('hold', 'holds')} "
                           f"{held} ({_cards(sevens)}).", ("BS-HR-5", "BS-MOVE-3"),
                           SevensFacts(kind="sevens_first", rule="sevens_first",
                                       playable=plays, blocking=CardSet(sevens), private=True,
                                       **base))
    return Explanation("pass", False, f"Pass is not allowed: {v.you} can play "
                       f"{_or_list(s.plays)}, and a player who can play must play.",
                       ("BS-MOVE-3", "BS-MOVE-4"),
                       SevensFacts(kind="must_play", playable=plays, private=True, **base))


def _explain(state: "SevensState", move: "Move", voice: Voice) -> Explanation:
    """The explanation of ``move`` in ``state``, phrased from the legal set."""
    if state._over:
        return _explain_over(state, str(move))
    seen = _Seen(state, voice)
    if move is PASS:
        return _explain_pass(seen)
    return _explain_play(seen, cast(Play, move).card)


# --------------------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, repr=False)
class SevensRules(RulesBase):
    """The rules of one Sevens-family profile (``badam-satti``, ``badam-satti-app``,
    ``sevens``) with its options."""

    game = "sevens"

    def __post_init__(self) -> None:
        super().__post_init__()
        settings = self.profile.settings
        opts = self.options
        ranked = bool(opts.get("ranked", False))
        if ranked:
            # BS-HR-2/3: a ranked game refuses every house rule switched on.
            on = [name for name in HOUSE_RULES if name in opts
                  and opts[name] != self.profile.options[name].default]
            if on:
                raise RulesError(
                    f"a ranked {self.profile.id!r} game allows no house rules, but these are "
                    f"switched on: {', '.join(on)}; create a private game (ranked=False) to "
                    "use them (BS-HR-2)")
        set_ = object.__setattr__
        set_(self, "min_players", int(settings["min_players"]))
        set_(self, "max_players", int(settings["max_players"]))
        set_(self, "opening", parse_card(settings["opening_card"]).index)
        set_(self, "chips", bool(settings.get("chips", False)))
        set_(self, "tie_break", str(settings.get("tie_break", "share")))
        for name in HOUSE_RULES[:-1]:
            set_(self, name, bool(opts.get(name, False)))
        set_(self, "limited", self.limited_passes)
        scoring = opts.get("scoring", settings.get("scoring", "classic"))
        set_(self, "scoring", scoring)
        set_(self, "values", card_values(scoring, self.flat_10))
        set_(self, "start_stack", int(opts.get("stack", 0)))
        set_(self, "match_deals", int(opts.get("round_count", opts.get("deals", 5))))

    # attributes set in __post_init__ (declared for type checkers and readers)
    min_players: int = dataclasses.field(init=False, repr=False, compare=False)
    max_players: int = dataclasses.field(init=False, repr=False, compare=False)
    opening: int = dataclasses.field(init=False, repr=False, compare=False)
    chips: bool = dataclasses.field(init=False, repr=False, compare=False)
    tie_break: str = dataclasses.field(init=False, repr=False, compare=False)
    sevens_first: bool = dataclasses.field(init=False, repr=False, compare=False)
    flat_10: bool = dataclasses.field(init=False, repr=False, compare=False)
    limited_passes: bool = dataclasses.field(init=False, repr=False, compare=False)
    limited: bool = dataclasses.field(init=False, repr=False, compare=False)
    ace_high: bool = dataclasses.field(init=False, repr=False, compare=False)
    eight_before_six: bool = dataclasses.field(init=False, repr=False, compare=False)
    one_final_turn: bool = dataclasses.field(init=False, repr=False, compare=False)
    scoring: str = dataclasses.field(init=False, repr=False, compare=False)
    values: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False)
    start_stack: int = dataclasses.field(init=False, repr=False, compare=False)
    match_deals: int = dataclasses.field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return hash((self.profile.id, self.options))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SevensRules):
            return NotImplemented
        return self.profile.id == other.profile.id and dict(self.options) == dict(other.options)

    # -- creating states -----------------------------------------------------------------
    def check_players(self, players: Any) -> int:
        """``players`` if this profile allows that many (BS-DEAL-1, BS-DEAL-2), else RulesError."""
        if isinstance(players, bool) or not isinstance(players, int) \
                or not self.min_players <= players <= self.max_players:
            raise RulesError(
                f"{self.profile.id!r} is played by {self.min_players} to {self.max_players} "
                f"players, not {players!r}")
        return players

    def new_deal(self, players: int = 4, seed: int | str = 7, dealer: int = 0,
                 stacks: Sequence[int] | None = None) -> "SevensState":
        """A fresh deal: the pack shuffled from ``seed`` and dealt from the dealer's left
        (BS-DEAL-3..6); the holder of the opening card is to move (BS-OPEN-3).

        ``stacks`` (``sevens`` only): each seat's chips when the deal starts, before the
        ante; by default every seat has the starting stack (BS-CHIP-2).  A match passes the
        stacks the previous deal ended with, so chips carry over (BS-CHIP-7).
        """
        self.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"dealer={dealer!r}: expected a seat from 0 to {players - 1}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RulesError(f"seed={seed!r}: expected a whole number or text")
        start: tuple[int, ...] | None = None
        if stacks is not None:
            if not self.chips:
                raise RulesError(f"stacks apply only to 'sevens', which is played for chips, "
                                 f"not to {self.profile.id!r} (BS-CHIP-1)")
            if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) \
                    or len(stacks) != players or any(
                        isinstance(c, bool) or not isinstance(c, int) for c in stacks):
                raise RulesError(f"stacks={stacks!r}: expected {players} whole numbers of "
                                 "chips, one per seat (BS-CHIP-2)")
            start = tuple(stacks)
        hands = deal_hands(seed, players, dealer)
        opener = next(s for s, h in enumerate(hands) if h >> self.opening & 1)
        origin: dict[str, Any] = {"kind": "deal", "players": players, "seed": seed,
                                  "dealer": dealer}
        if start is not None:
            origin["stacks"] = list(start)
        return SevensState._initial(self, players, origin, dealer, tuple(hands), 0, opener,
                                    None, 0, None, None, start)

    def deal_after(self, previous: "SevensState", players: int, seed: int | str,
                   dealer: int) -> "SevensState":
        """The next deal of a match after ``previous`` (finished): in ``sevens`` the chip
        stacks carry over from deal to deal (BS-CHIP-2, BS-CHIP-7); otherwise a fresh deal."""
        if self.chips and previous.stacks is not None:
            return self.new_deal(players=players, seed=seed, dealer=dealer,
                                 stacks=previous.stacks)
        return self.new_deal(players=players, seed=seed, dealer=dealer)

    def position(self, table: str | Sequence[Any] = "", hands: Sequence[Any] | None = None,
                 to_move: int = 0, dealer: int = 0, players: int | None = None,
                 passes_left: Sequence[int] | None = None, eliminated: Sequence[int] = (),
                 stacks: Sequence[int] | None = None, pool: int | None = None) -> "SevensState":
        """Set up any legal position.

        ``table``: rows as text, each a range in row order or one card, e.g.
        ``"4S-TS 7H-QH 3C-8C 7D"``.  ``hands``: one entry per seat (text, a list of cards,
        or ``None`` for "the rest", see the module docstring).  ``passes_left`` and
        ``eliminated`` only under limited_passes; ``stacks`` and ``pool`` only in
        ``sevens`` (default: every stack anted 1 chip into the pool).  An impossible
        position raises :class:`PositionError`.
        """
        if isinstance(table, (list, tuple)) and all(isinstance(t, str) for t in table):
            table = " ".join(table)
        args: dict[str, Any] = {"table": table, "to_move": to_move, "dealer": dealer}
        try:
            return self._position(args, hands, players, passes_left, eliminated, stacks, pool)
        except CardError as exc:
            raise PositionError(f"impossible position: {exc}") from exc
        except RulesError as exc:
            raise PositionError(f"impossible position: {exc}") from exc

    def _position(self, args: dict[str, Any], hands: Sequence[Any] | None,
                  players: int | None, passes_left: Sequence[int] | None,
                  eliminated: Sequence[int], stacks: Sequence[int] | None,
                  pool: int | None) -> "SevensState":
        table = self._parse_table(args["table"])
        if hands is None:
            hands = [None] * (players if players is not None else 4)
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise PositionError(f"hands={hands!r}: expected a list with one hand per seat "
                                "(text such as '3S JS KH', or None for the rest)")
        n = len(hands) if players is None else players
        if len(hands) != n:
            raise PositionError(f"{len(hands)} hands were given for {n} players")
        self.check_players(n)
        masks: list[int | None] = []
        seen = table
        for seat, hand in enumerate(hands):
            if hand is None:
                masks.append(None)
                continue
            mask = 0
            for card in parse_cards(hand):
                if seen & card.mask:
                    raise PositionError(f"{card} appears twice (seat {seat}'s hand and the "
                                        "table or another hand)")
                mask |= card.mask
            seen |= mask
            masks.append(mask)
        rest = FULL_MASK & ~seen
        open_seats = [s for s, m in enumerate(masks) if m is None]
        if not open_seats and rest:
            raise PositionError(
                f"the table and hands hold {52 - rest.bit_count()} cards, not 52: missing "
                f"{CardSet(rest)}")
        filled = [m or 0 for m in masks]
        for k, index in enumerate(bit_cards(rest)):
            filled[open_seats[k % len(open_seats)]] |= 1 << index
        for seat, mask in enumerate(filled):
            if not mask:
                raise PositionError(f"seat {seat} holds no cards: the round would already be "
                                    "over (BS-END-1)")
        for name, value in (("to_move", args["to_move"]), ("dealer", args["dealer"])):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise PositionError(f"{name}={value!r}: expected a seat from 0 to {n - 1}")
        to_move = args["to_move"]
        opening_bit = 1 << self.opening
        if table == 0:
            holder = next(s for s, m in enumerate(filled) if m & opening_bit)
            if holder != to_move:
                raise PositionError(f"the table is empty, so seat {holder}, who holds the "
                                    f"opening card {ALL_CARDS[self.opening]}, must be to move "
                                    "(BS-OPEN-3)")
        if self.eight_before_six:
            early = table & SIXES & ~(table >> 8)
            if early:
                raise PositionError(f"{CardSet(early)} is on the table without the 8 of its "
                                    "suit, which eight_before_six forbids (BS-HR-15)")
        args["hands"] = [None if m is None else str(CardSet(m)) for m in masks]
        args["players"] = n
        # limited passes and eliminations (BS-HR-8..10)
        elim = 0
        left: tuple[int, ...] | None = None
        if self.limited:
            raw = [PASSES_PER_ROUND] * n if passes_left is None else list(passes_left)
            if len(raw) != n or any(isinstance(p, bool) or not isinstance(p, int)
                                    or not 0 <= p <= PASSES_PER_ROUND for p in raw):
                raise PositionError(f"passes_left={passes_left!r}: expected {n} whole numbers "
                                    f"from 0 to {PASSES_PER_ROUND}")
            for seat in eliminated:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                    raise PositionError(f"eliminated={list(eliminated)!r}: expected seats "
                                        f"from 0 to {n - 1}")
                if raw[seat]:
                    raise PositionError(f"seat {seat} is eliminated but has passes left: only "
                                        "a player with no pass left is eliminated (BS-HR-10)")
                elim |= 1 << seat
            if elim >> to_move & 1:
                raise PositionError(f"seat {to_move} is eliminated and takes no more turns "
                                    "(BS-HR-10)")
            if elim == (1 << n) - 1:
                raise PositionError("every player is eliminated: the round is over (BS-HR-12)")
            left = tuple(raw)
            if passes_left is not None:
                args["passes_left"] = list(raw)
            if eliminated:
                args["eliminated"] = sorted(set(eliminated))
        elif passes_left is not None or eliminated:
            raise PositionError("passes_left and eliminated apply only under limited_passes "
                                "(BS-HR-8, BS-HR-10)")
        chips: tuple[int, ...] | None = None
        pool_value: int | None = None
        if self.chips:
            chips = tuple([self.start_stack - 1] * n) if stacks is None else tuple(stacks)
            pool_value = n if pool is None else pool
            if len(chips) != n or any(isinstance(c, bool) or not isinstance(c, int)
                                      for c in chips) or isinstance(pool_value, bool) \
                    or not isinstance(pool_value, int) or pool_value < n:
                raise PositionError(f"stacks={stacks!r}, pool={pool!r}: expected {n} whole "
                                    f"numbers and a pool of at least the {n} antes")
            if sum(chips) + pool_value != n * self.start_stack:
                raise PositionError(
                    f"stacks {list(chips)} and pool {pool_value} do not add up to the starting "
                    f"stacks ({n} x {self.start_stack}): chips are conserved (BS-CHIP-7)")
            if stacks is not None:
                args["stacks"] = list(chips)
            if pool is not None:
                args["pool"] = pool_value
        elif stacks is not None or pool is not None:
            raise PositionError("stacks and pool apply only to 'sevens', which is played for "
                                "chips (BS-CHIP-1)")
        origin = {"kind": "position", "args": args}
        return SevensState._initial(self, n, origin, args["dealer"], tuple(filled), table,
                                    to_move, left, elim, chips, pool_value)

    def _parse_table(self, text: Any) -> int:
        if not isinstance(text, str):
            raise PositionError(f"table={text!r}: expected text such as '4S-TS 7H-QH 7D'")
        order = row_order(self.ace_high)
        table = 0
        for token in text.replace(",", " ").split():
            if "-" in token:
                first_text, _, last_text = token.partition("-")
                first, last = parse_card(first_text), parse_card(last_text)
                if first.suit != last.suit:
                    raise PositionError(f"row {token!r} mixes suits: a row holds one suit")
                a, b = order.index(first.rank_index), order.index(last.rank_index)
                if a > b:
                    raise PositionError(f"row {token!r} runs backwards: give the low end first "
                                        "(row order A..K, or 2..A under ace_high)")
                cards = [r * 4 + first.suit_index for r in order[a:b + 1]]
            else:
                cards = [parse_card(token).index]
            for index in cards:
                if table >> index & 1:
                    raise PositionError(f"{ALL_CARDS[index]} appears twice on the table")
                table |= 1 << index
        for suit in range(4):
            if not is_valid_row(table, suit, self.ace_high):
                row_cards = CardSet(table & SUIT_MASKS[suit])
                if not table >> (24 + suit) & 1:
                    raise PositionError(f"the {SUIT_NAMES[SUITS[suit]]} row ({row_cards}) does not "
                                        f"contain 7{SUITS[suit]}: every row starts at its 7 "
                                        "(BS-ROW-1)")
                raise PositionError(f"the {SUIT_NAMES[SUITS[suit]]} row ({row_cards}) is not an "
                                    "unbroken run in row order (BS-ROW-3)")
        return table

    def parse_move(self, text: Any) -> Move:
        """Read ``7H`` (also ``10H``, ``7♥``) or ``pass``; bad notation raises MoveError."""
        if isinstance(text, (Play, Pass)):
            return text
        if not isinstance(text, str):
            raise MoveError(f"{text!r} is not a move: expected a card such as '7H' or 'pass'")
        raw = text.strip()
        if raw.lower() == "pass":
            return PASS
        try:
            return PLAYS[parse_card(raw).index]
        except CardError:
            raise MoveError(f"{text!r} is not a move: expected a card to play such as '7H' "
                            "(or '10H', '7♥'), or 'pass'") from None

    # -- matches (used by rulebook.match) -------------------------------------------------
    def new_match(self, players: int = 4, seed: int | str = 7, dealer: int = 0) -> Any:
        """A match of several deals with the dealer rotating (BS-DEAL-7, BS-MATCH-*)."""
        from ...match import new_match

        return new_match(self, players=players, seed=seed, dealer=dealer)

    def match_length(self) -> int:
        """Deals in a match: round_count (BS-MATCH-2, BS-HR-18), deals (BS-MATCH-6,
        BS-CHIP-8, BS-CHIP-9)."""
        return self.match_deals

    def match_totals(self, outcomes: Sequence[SevensOutcome], players: int) -> tuple[int, ...]:
        """Totals after the given deals: summed points (BS-MATCH-1) or chip stacks
        (BS-CHIP-2..7)."""
        if self.chips:
            return tuple(self.start_stack + sum(o.points[s] for o in outcomes)
                         for s in range(players))
        return tuple(sum(o.points[s] for o in outcomes) for s in range(players))

    def match_result(self, outcomes: Sequence[SevensOutcome], players: int) -> "MatchResultLike":
        """Places after the given deals.

        ``badam-satti``: lowest total, then the chain of BS-MATCH-3 (fewer cards at the end
        of the final round, more rounds won, lower average finishing position as an exact
        fraction), still tied share (BS-MATCH-3..5).  ``badam-satti-app``: lowest total,
        equal totals share (BS-MATCH-7).  ``sevens``: highest stack, equal stacks share
        (BS-CHIP-10).
        """
        from fractions import Fraction

        from ...match import MatchResult

        totals = self.match_totals(outcomes, players)
        if self.chips:
            keys: list[tuple[Any, ...]] = [(-t,) for t in totals]
            detail = None
        elif self.tie_break == "chain" and outcomes:
            last = outcomes[-1]
            keys = []
            detail = []
            for s in range(players):
                won = sum(1 for o in outcomes if o.winner == s)
                average = Fraction(sum(o.places[s] for o in outcomes), len(outcomes))
                keys.append((totals[s], last.cards_left[s], -won, average))
                detail.append({"total": totals[s], "cards_at_end": last.cards_left[s],
                               "rounds_won": won, "average_position": average})
        else:
            keys = [(t,) for t in totals]
            detail = None
        ordered = sorted(keys)
        places = tuple(ordered.index(k) + 1 for k in keys)
        winners = tuple(s for s in range(players) if places[s] == 1)
        unit = "chips" if self.chips else "points"
        summary = ", ".join(f"seat {s} {totals[s]}" for s in range(players))
        who = " and ".join(f"seat {s}" for s in winners)
        return MatchResult(places=places, winners=winners, totals=totals,
                           summary=f"{who} {'win' if len(winners) > 1 else 'wins'} the match "
                                   f"({unit}: {summary})",
                           tie_break=tuple(detail) if detail is not None else None)

    # -- describing -----------------------------------------------------------------------
    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clause ids)."""
        opening = ALL_CARDS[self.opening]
        deal_clause = "BS-DEAL-1" if self.profile.id == "badam-satti" else "BS-DEAL-2"
        open_clause = "BS-OPEN-2" if self.chips else "BS-OPEN-1"
        rows = [
            Row("players", "players", f"{self.min_players}-{self.max_players}",
                f"{self.min_players} to {self.max_players} people play.", (deal_clause,)),
            Row("deck", "deck", "52 cards", "One pack without jokers; every card is dealt.",
                ("BS-DEAL-3",)),
            Row("deal", "cards dealt", "all, one at a time",
                "Cards go one at a time clockwise from the dealer's left until none are left.",
                ("BS-DEAL-5", "BS-DEAL-6")),
            Row("deal", "dealer", "rotates left",
                "Each deal after the first is dealt by the player left of the last dealer.",
                ("BS-DEAL-4", "BS-DEAL-7")),
            Row("who opens", "opening card", opening.pretty(),
                f"Whoever holds {opening} starts, and must play it first.",
                (open_clause, "BS-OPEN-3", "BS-OPEN-4")),
            Row("what may be played", "rows",
                "2..K, A" if self.ace_high else "A..K",
                "Each suit's row starts at its 7 and grows one card at either end.",
                ("BS-ROW-1", "BS-ROW-2", "BS-ROW-3", "BS-ROW-4", "BS-MOVE-1")
                + (("BS-HR-13",) if self.ace_high else ())),
            Row("what may be played", "must play", "sevens first" if self.sevens_first
                else "any playable card",
                "A player holding a 7 must play a 7." if self.sevens_first else
                "A player with a playable card must play one, any one they like.",
                ("BS-MOVE-3",) + (("BS-HR-5",) if self.sevens_first else ())),
            Row("passing and drawing", "passes", "3 per round" if self.limited else
                "only when stuck",
                "Each player may pass 3 times a round, even holding a playable card."
                if self.limited else "A player passes only when no card of theirs is playable.",
                ("BS-MOVE-4", "BS-INFO-3") + (("BS-HR-8", "BS-HR-9", "BS-HR-10")
                                              if self.limited else ())),
            Row("special cards", "sevens", "open rows",
                "Only a 7 can start its suit's row.", ("BS-ROW-1",)),
            Row("special cards", "sixes", "wait for the 8" if self.eight_before_six
                else "like any card",
                "A 6 is not playable until the 8 of its suit is on the table."
                if self.eight_before_six else "A 6 is played next to its 7 like any other card.",
                ("BS-HR-15",) if self.eight_before_six else ("BS-MOVE-1",)),
            Row("round end", "round end", "one final turn" if self.one_final_turn
                else "first out",
                "When someone goes out the others take one more turn, then the round ends."
                if self.one_final_turn else "The round ends as soon as someone plays their last card.",
                ("BS-END-1",) + (("BS-HR-16", "BS-HR-17") if self.one_final_turn else ())),
        ]
        if self.chips:
            rows.append(Row("scoring", "chips", "ante 1, pass 1, 1 per card",
                            "Everyone antes a chip, each pass costs a chip, and the winner "
                            "takes the pool plus a chip per card left in the other hands.",
                            ("BS-CHIP-1", "BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5")))
            rows.append(Row("match", "match", f"{self.match_deals} deals",
                            "The highest stack after the last deal wins; equal stacks share.",
                            ("BS-CHIP-8", "BS-CHIP-9", "BS-CHIP-10")))
        else:
            values = {"classic": "A=1 .. K=13", "court_11_12_13": "A=1 .. K=13",
                      "app": "J, Q, K = 10", "one_per_card": "1 per card"}[self.scoring]
            if self.flat_10:
                values = "A, J, Q, K = 10"
            clauses = ("BS-END-2",) + {"classic": ("BS-END-3",), "app": ("BS-END-4",)}.get(
                self.scoring, ("BS-END-5",)) + (("BS-HR-7",) if self.flat_10 else ())
            rows.append(Row("scoring", "card points", values,
                            "The winner scores 0; the others score the cards they still hold.",
                            clauses))
            if self.tie_break == "chain":
                rows.append(Row("match", "match", f"{self.match_deals} rounds",
                                "Lowest total wins; ties go to fewer cards held at the end, "
                                "then more rounds won, then the better average position.",
                                ("BS-MATCH-1", "BS-MATCH-2", "BS-MATCH-3")))
            else:
                rows.append(Row("match", "match", f"{self.match_deals} deals",
                                "Lowest total wins; equal totals share the place.",
                                ("BS-MATCH-1", "BS-MATCH-6", "BS-MATCH-7")))
        return rows + self.option_rows()

    # -- fast path (phase 2) --------------------------------------------------------------
    def _bot_names(self, bots: Sequence[Any] | str | None, players: int) -> list[str]:
        names = [bots or "random"] * players if bots is None or isinstance(bots, str) \
            else list(bots)
        if len(names) != players:
            raise RulesError(f"{len(names)} computer players were given for {players} seats")
        for name in names:
            if not isinstance(name, str) or name not in ("random", "smart"):
                make_bot(self.game, name) if isinstance(name, str) else None
                raise RulesError(f"the fast playout knows the computer players 'random' and "
                                 f"'smart', not {name!r}")
        return names

    def playout(self, players: int = 4, seed: int | str = 0, dealer: int = 0,
                bots: Sequence[str] | str | None = None, record: bool = False) -> Playout:
        """Play one whole deal of ``rules.new_deal(players, seed, dealer)`` with computer
        players, without building states, exactly as ``autoplay(..., seed=seed)`` would.

        Rows per seat: ``seat, bot, place, won, points, passes, turns, cards_left,
        eliminated``; ``record=True`` also returns the move texts.
        """
        self.new_deal(players, seed, dealer)  # validates the arguments the same way
        names = self._bot_names(bots, players)
        rows, moves = playout_deal(self, players, seed, dealer, names, record)
        return Playout(rows, moves)

    def playout_batch(self, players: int, seeds: Sequence[int | str],
                      dealers: Sequence[int] | int = 0,
                      bots: Sequence[str] | str | None = None) -> list[list[dict[str, Any]]]:
        """Many deals at once: a numpy batch when every seat is ``random``, else the scalar
        loop deal by deal.  One list of seat rows per deal, as :meth:`playout` gives."""
        self.check_players(players)
        names = self._bot_names(bots, players)
        if isinstance(dealers, int):
            dealers = [dealers] * len(seeds)
        if len(dealers) != len(seeds):
            raise RulesError(f"{len(dealers)} dealers were given for {len(seeds)} seeds")
        if all(name == "random" for name in names) and len(seeds) >= 64:
            return playout_batch_random(self, players, list(seeds), list(dealers))
        return [playout_deal(self, players, s, d, names, False)[0]
                for s, d in zip(seeds, dealers)]


MatchResultLike = Any


# --------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------
class SevensState(GameState):
    """An immutable snapshot of a Sevens-family deal.  Every move returns a new state."""

    __slots__ = ("rules", "_n", "_origin", "_dealer", "_hands", "_table", "_to_move",
                 "_history", "_log", "_passes_left", "_skip", "_elim", "_absent",
                 "_pass_counts", "_winner", "_final", "_over", "_chips", "_pool", "_start",
                 "_playable", "_outcome", "_sizes", "_move_log", "_start_stacks")

    rules: SevensRules
    _n: int
    _origin: dict[str, Any]
    _dealer: int
    _hands: tuple[int, ...]
    _table: int
    _to_move: int | None
    _history: tuple[Move, ...]
    _log: tuple[_LogEntry, ...]
    _passes_left: tuple[int, ...] | None
    _skip: int
    _elim: int
    _absent: tuple[int, ...]
    _pass_counts: tuple[int, ...]
    _winner: int | None
    _final: tuple[int, ...] | None
    _over: bool
    _chips: tuple[int, ...] | None
    _pool: int | None
    _start: "SevensState"
    _playable: int
    _outcome: SevensOutcome | None
    _sizes: tuple[int, ...]
    _move_log: tuple[LogEntry, ...] | None
    _start_stacks: tuple[int, ...] | None

    @classmethod
    def _initial(cls, rules: SevensRules, n: int, origin: dict[str, Any], dealer: int,
                 hands: tuple[int, ...], table: int, to_move: int,
                 passes_left: tuple[int, ...] | None, elim: int,
                 chips: tuple[int, ...] | None, pool: int | None,
                 start_stacks: tuple[int, ...] | None = None) -> "SevensState":
        self = object.__new__(cls)
        if rules.limited and passes_left is None:
            passes_left = (PASSES_PER_ROUND,) * n
        if rules.chips:
            if start_stacks is None:
                start_stacks = (rules.start_stack,) * n  # BS-CHIP-2
            if chips is None:
                chips = tuple(c - 1 for c in start_stacks)  # BS-CHIP-3: every player antes 1
                pool = n
        else:
            start_stacks = None
        s = object.__setattr__
        s(self, "rules", rules)
        s(self, "_n", n)
        s(self, "_origin", origin)
        s(self, "_dealer", dealer)
        s(self, "_hands", hands)
        s(self, "_sizes", tuple(h.bit_count() for h in hands))
        s(self, "_table", table)
        s(self, "_to_move", to_move)
        s(self, "_history", ())
        s(self, "_log", ())
        s(self, "_passes_left", passes_left)
        s(self, "_skip", elim)
        s(self, "_elim", elim)
        s(self, "_absent", (0,) * n)
        s(self, "_pass_counts", (0,) * n)
        s(self, "_winner", None)
        s(self, "_final", None)
        s(self, "_over", False)
        s(self, "_chips", chips)
        s(self, "_pool", pool)
        s(self, "_playable", public_playable(table, rules.opening, rules.ace_high,
                                             rules.eight_before_six))
        s(self, "_outcome", None)
        s(self, "_move_log", None)
        s(self, "_start_stacks", start_stacks)
        self._settle_turn()
        s(self, "_start", self)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("states are immutable: play a move to get a new state")

    def _copy(self) -> "SevensState":
        new = object.__new__(SevensState)
        s = object.__setattr__
        s(new, "rules", self.rules)
        s(new, "_n", self._n)
        s(new, "_origin", self._origin)
        s(new, "_dealer", self._dealer)
        s(new, "_hands", self._hands)
        s(new, "_table", self._table)
        s(new, "_to_move", self._to_move)
        s(new, "_history", self._history)
        s(new, "_log", self._log)
        s(new, "_passes_left", self._passes_left)
        s(new, "_skip", self._skip)
        s(new, "_elim", self._elim)
        s(new, "_absent", self._absent)
        s(new, "_pass_counts", self._pass_counts)
        s(new, "_winner", self._winner)
        s(new, "_final", self._final)
        s(new, "_over", self._over)
        s(new, "_chips", self._chips)
        s(new, "_pool", self._pool)
        s(new, "_start", self._start)
        s(new, "_playable", self._playable)
        s(new, "_sizes", self._sizes)
        s(new, "_outcome", None)
        s(new, "_move_log", None)
        s(new, "_start_stacks", self._start_stacks)
        return new

    # -- turn bookkeeping (mutates only a fresh copy) -------------------------------------
    def _next_turn(self, seat: int) -> int | None:
        """BS-OPEN-5 and BS-HR-16: the next seat to take a turn after ``seat``."""
        if self._final is not None:
            queue = [s for s in self._final if not self._skip >> s & 1]
            if not queue:
                return None
            object.__setattr__(self, "_final", tuple(queue[1:]))
            return queue[0]
        return next_seat(seat, self._n, self._skip)

    def _settle_turn(self) -> None:
        """Eliminate stuck players at their turn (BS-HR-10) and end the round when nobody
        can move (BS-HR-12, BS-HR-16)."""
        s = object.__setattr__
        rules = self.rules
        seat = self._to_move
        while seat is not None and self._passes_left is not None:
            hand = self._hands[seat]
            plays = legal_play_mask(hand, self._playable, None, rules.sevens_first)
            if not must_be_eliminated(plays, self._passes_left[seat]):
                break
            bit = 1 << seat
            s(self, "_elim", self._elim | bit)
            s(self, "_skip", self._skip | bit)
            s(self, "_log", self._log + ((seat, "eliminated", -1, self._playable),))
            absent = list(self._absent)
            absent[seat] |= self._playable  # BS-INFO-6: an elimination proves absence
            s(self, "_absent", tuple(absent))
            seat = self._next_turn(seat)
            s(self, "_to_move", seat)
        if seat is None:
            self._finish()

    def _finish(self) -> None:
        s = object.__setattr__
        s(self, "_to_move", None)
        s(self, "_over", True)
        s(self, "_final", None)
        if self.rules.chips and self._winner is not None:
            # BS-CHIP-5: the winner takes the pool and 1 chip per card left in each hand.
            chips = list(self._chips or ())
            for seat, hand in enumerate(self._hands):
                if seat != self._winner:
                    owed = hand.bit_count()
                    chips[seat] -= owed
                    chips[self._winner] += owed
            chips[self._winner] += self._pool or 0
            s(self, "_chips", tuple(chips))
            s(self, "_pool", 0)

    # -- protocol -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self._n

    @property
    def origin(self) -> dict[str, Any]:
        """How this deal started: a seeded deal or a position (JSON)."""
        return self._origin

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the round is over."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (BS-END-1, BS-HR-12, BS-HR-16)."""
        return self._over

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves chosen so far (eliminations are events, not moves)."""
        return self._history

    @property
    def events(self) -> tuple[Event, ...]:
        """The public log: plays, passes with their playable sets, eliminations."""
        return tuple(_event(e) for e in self._log)

    @property
    def table(self) -> CardSet:
        """The cards on the table (all rows together)."""
        return CardSet(self._table)

    def rows(self) -> dict[str, tuple[Card, Card]]:
        """Each opened suit's row as (low end, high end), keyed by suit letter."""
        return _rows(self._table, self.rules.ace_high)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (the full state shows every hand; views only their own)."""
        return CardSet(self._hands[seat])

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every hand."""
        return tuple(CardSet(h) for h in self._hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards in each hand."""
        return self._sizes

    @property
    def passes_left(self) -> tuple[int, ...] | None:
        """Under limited_passes each seat's passes left (BS-HR-8), else ``None``."""
        return self._passes_left

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Eliminated seats (BS-HR-10)."""
        return tuple(s for s in range(self._n) if self._elim >> s & 1)

    @property
    def pass_counts(self) -> tuple[int, ...]:
        """Passes each seat has made."""
        return self._pass_counts

    @property
    def winner(self) -> int | None:
        """The round winner (first out), once someone has gone out."""
        return self._winner

    @property
    def stacks(self) -> tuple[int, ...] | None:
        """``sevens``: each seat's chip stack (BS-CHIP-2..6), else ``None``."""
        return self._chips

    @property
    def pool(self) -> int | None:
        """``sevens``: the chips in the pool, else ``None``."""
        return self._pool

    def playable(self) -> CardSet:
        """The public playable set (BS-INFO-2)."""
        return CardSet(self._playable)

    def known_absent(self, seat: int) -> CardSet:
        """Cards ``seat`` is proven not to hold (BS-INFO-4..6)."""
        return CardSet(self._absent[seat])

    def _opening(self) -> bool:
        return self._table == 0

    def legal_play_mask(self) -> int:
        """The mask of the cards the player to move may play."""
        if self._over:
            return 0
        # not over, so a seat is to move
        return legal_play_mask(self._hands[cast(int, self._to_move)], self._playable,
                               self.rules.opening if self._table == 0 else None,
                               self.rules.sevens_first)

    def _can_pass(self, plays: int) -> bool:
        seat = self._to_move
        assert seat is not None
        return pass_allowed(self._hands[seat], plays, self._table == 0,
                            None if self._passes_left is None else self._passes_left[seat],
                            self.rules.sevens_first)

    def legal_moves(self) -> list[Move]:
        """Plays in canonical card order, then pass when allowed."""
        if self._over:
            return []
        plays = self.legal_play_mask()
        moves: list[Move] = [PLAYS[i] for i in bit_cards(plays)]
        if self._can_pass(plays):
            moves.append(PASS)
        return moves

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why, the clause ids and the facts.

        The answer starts from the legal set (:meth:`legal_play_mask` and the pass rule, as
        :meth:`legal_moves`) and only phrases it, so it never disagrees with legality.
        ``voice="table"`` names the seat instead of saying "you".
        """
        parsed = self.parse_move(move)
        return _explain(self, parsed, Voice.of(voice, self._to_move))

    def move_log(self) -> tuple[LogEntry, ...]:
        """The public log: one entry per play or pass, and one per elimination (BS-HR-10),
        in the third person with card symbols (see :class:`~rulebook.protocol.LogEntry`)."""
        cached = self._move_log
        if cached is not None:
            return cached
        entries: list[LogEntry] = []
        state = self._start
        entries += _elimination_entries(state, 0)
        for move in self._history:
            seat = state._to_move
            assert seat is not None
            why = state.explain(move, voice="table")
            if move is PASS:
                text = f"Seat {seat} passes."
            else:
                text = f"Seat {seat} plays {cast(Play, move).card.pretty()}."
            entries.append(LogEntry(seat, str(move), text, why.reason, why.clauses,
                                    why.facts.private))
            nxt = state._apply(move)
            entries += _elimination_entries(nxt, len(state._log) + 1)
            state = nxt
        out = tuple(entries)
        object.__setattr__(self, "_move_log", out)
        return out

    def play(self, move: Any) -> "SevensState":
        """The state after ``move`` (object or text); an illegal move raises IllegalMove."""
        if not isinstance(move, (Play, Pass)):
            move = self.parse_move(move)
        if self._over:
            legal = False
        elif move is PASS:
            legal = self._can_pass(self.legal_play_mask())
        else:
            legal = bool(self.legal_play_mask() & cast(Play, move).card.mask)
        if not legal:
            explanation = self.explain(move)
            raise IllegalMove(explanation.reason, explanation)
        return self._apply(move)

    def _apply(self, move: Move) -> "SevensState":
        rules = self.rules
        new = self._copy()
        s = object.__setattr__
        seat = self._to_move
        assert seat is not None
        s(new, "_history", self._history + (move,))
        if move is PASS:
            s(new, "_log", self._log + ((seat, "pass", -1, self._playable),))
            counts = list(self._pass_counts)
            counts[seat] += 1
            s(new, "_pass_counts", tuple(counts))
            if self._passes_left is not None:
                left = list(self._passes_left)
                left[seat] -= 1  # BS-HR-8
                s(new, "_passes_left", tuple(left))
            else:
                absent = list(self._absent)
                absent[seat] |= self._playable  # BS-INFO-4: the pass proves absence
                s(new, "_absent", tuple(absent))
            if self._chips is not None:
                chips = list(self._chips)
                chips[seat] -= 1  # BS-CHIP-4
                s(new, "_chips", tuple(chips))
                s(new, "_pool", (self._pool or 0) + 1)
        else:
            card = cast(Play, move).card  # the one Pass object is PASS
            bit = card.mask
            hands = list(self._hands)
            hands[seat] ^= bit
            s(new, "_hands", tuple(hands))
            sizes = list(self._sizes)
            sizes[seat] -= 1
            s(new, "_sizes", tuple(sizes))
            table = self._table | bit
            s(new, "_table", table)
            s(new, "_playable", playable_mask(table, rules.ace_high, rules.eight_before_six))
            s(new, "_log", self._log + ((seat, "play", card.index, 0),))
            if not hands[seat]:
                s(new, "_skip", new._skip | 1 << seat)  # no cards: no more turns (BS-OPEN-5)
                if self._winner is None:
                    s(new, "_winner", seat)  # BS-END-1, BS-HR-17: only the first out wins
                    if not rules.one_final_turn:
                        new._finish()
                        return new
                    # BS-HR-16: everyone still in takes one more turn from the winner's left.
                    order = [(seat + k) % self._n for k in range(1, self._n)]
                    s(new, "_final", tuple(p for p in order if not new._skip >> p & 1))
        s(new, "_to_move", new._next_turn(seat))
        new._settle_turn()
        return new

    def start(self) -> "SevensState":
        """The state this deal started from."""
        return self._start

    def waiting_diagram(self, seats: Sequence[int] | None = None) -> Any:
        """What waits on what: each suit's row ends and, for every card still in a hand, the
        cards that must be played before it, coloured by the seat that holds each one.

        Returns a ``graphviz.Digraph`` (see :mod:`rulebook.games.sevens.waiting`; wrap it in
        :class:`rulebook.diagrams.Diagram` to draw it wherever Graphviz is missing).
        """
        from .waiting import waiting_diagram

        return waiting_diagram(self, seats)

    @property
    def outcome(self) -> SevensOutcome | None:
        """The result once the round is over (BS-END-2..8, BS-CHIP-5), else ``None``."""
        if not self._over:
            return None
        if self._outcome is None:
            object.__setattr__(self, "_outcome", _outcome(self))
        return self._outcome

    def view(self, seat: int) -> "SevensView":
        """Only what ``seat`` may know (BS-INFO-1)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise RulesError(f"seat {seat!r} is not at this table: expected 0 to {self._n - 1}")
        return SevensView(self, seat)

    def __repr__(self) -> str:
        rows = " ".join(f"{lo}-{hi}" if lo != hi else str(lo)
                        for lo, hi in self.rows().values())
        status = "over" if self._over else f"seat {self._to_move} to move"
        return f"<SevensState {self.rules.label()} table=[{rows}] {status}>"


def _elimination_entries(state: SevensState, start: int) -> list[LogEntry]:
    """The log entries of the eliminations in ``state``'s raw log from ``start`` on (BS-HR-10):
    public, since an elimination proves the player held none of the playable set (BS-INFO-6)."""
    out = []
    for seat, kind, _card, playable in state._log[start:]:
        if kind != "eliminated":
            continue
        held = (f"they hold none of the playable cards ({CardSet(playable).pretty()})"
                if playable else "no card is playable")
        out.append(LogEntry(seat, "", f"Seat {seat} is eliminated.",
                            f"Seat {seat} is eliminated: {held} and have no pass left, so they "
                            "take no more turns this round and are scored on their hand.",
                            ("BS-HR-10", "BS-INFO-6"), False))
    return out


def _event(raw: tuple[int, str, int, int]) -> Event:
    seat, kind, card, playable = raw
    if kind == "play":
        return Event(seat, kind, ALL_CARDS[card], None)
    return Event(seat, kind, None, CardSet(playable))


def _rows(table: int, ace_high: bool) -> dict[str, tuple[Card, Card]]:
    out = {}
    for suit in range(4):
        span = _row_span(table, suit, ace_high)
        if span is not None:
            out[SUITS[suit]] = span
    return out


def _outcome(state: SevensState) -> SevensOutcome:
    rules = state.rules
    n = state._n
    winner = state._winner
    cards = tuple(h.bit_count() for h in state._hands)
    if rules.chips:
        chips = state._chips or ()
        start = state._start_stacks or (rules.start_stack,) * n
        points = tuple(c - s for c, s in zip(chips, start))
        places = places_from_scores(points, lower_is_better=False)
    else:
        points = tuple(0 if s == winner else hand_points(h, rules.values)
                       for s, h in enumerate(state._hands))
        places = round_places(points, winner)
    eliminated = tuple(s for s in range(n) if state._elim >> s & 1)
    if winner is None:
        summary = "everyone still in was eliminated, so nobody won the round"
    else:
        summary = f"seat {winner} went out first"
    unit = "chips" if rules.chips else "points"
    summary += "; " + unit + ": " + ", ".join(f"seat {s} {points[s]}" for s in range(n))
    return SevensOutcome(
        places=places, winners=() if winner is None else (winner,), summary=summary,
        winner=winner, points=points, cards_left=cards, passes=state._pass_counts,
        eliminated=eliminated, chips=state._chips if rules.chips else None)


# --------------------------------------------------------------------------------------
# View: what one seat may know
# --------------------------------------------------------------------------------------
class SevensView:
    """What one seat may know (BS-INFO-1): own hand, the table, hand sizes, the public log,
    passes left and eliminations.  Holds copies of public values only, never the state."""

    __slots__ = ("rules", "seat", "to_move", "hand_mask", "table_mask", "hand_sizes",
                 "passes_left", "_elim", "history", "_log", "_absent", "_playable",
                 "is_over", "players", "stacks", "pool")

    rules: SevensRules
    seat: int
    to_move: int | None
    hand_mask: int
    table_mask: int
    hand_sizes: tuple[int, ...]
    passes_left: tuple[int, ...] | None
    _elim: int
    history: tuple[Move, ...]
    _log: tuple[_LogEntry, ...]
    _absent: tuple[int, ...]
    _playable: int
    is_over: bool
    players: int
    stacks: tuple[int, ...] | None
    pool: int | None

    def __init__(self, state: SevensState, seat: int) -> None:
        s = object.__setattr__
        s(self, "rules", state.rules)
        s(self, "seat", seat)
        s(self, "to_move", state._to_move)
        s(self, "hand_mask", state._hands[seat])
        s(self, "table_mask", state._table)
        s(self, "hand_sizes", state._sizes)
        s(self, "passes_left", state._passes_left)
        s(self, "_elim", state._elim)
        s(self, "history", state._history)
        s(self, "_log", state._log)
        s(self, "_absent", state._absent)
        s(self, "_playable", state._playable)
        s(self, "is_over", state._over)
        s(self, "players", state._n)
        s(self, "stacks", state._chips)
        s(self, "pool", state._pool)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("views are read-only")

    @property
    def hand(self) -> CardSet:
        """This seat's own cards."""
        return CardSet(self.hand_mask)

    @property
    def table(self) -> CardSet:
        """The cards on the table."""
        return CardSet(self.table_mask)

    def rows(self) -> dict[str, tuple[Card, Card]]:
        """Each opened suit's row as (low end, high end)."""
        return _rows(self.table_mask, self.rules.ace_high)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public log: plays, passes with their playable sets, eliminations."""
        return tuple(_event(e) for e in self._log)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Eliminated seats (BS-HR-10)."""
        return tuple(p for p in range(self.players) if self._elim >> p & 1)

    @property
    def my_passes_left(self) -> int | None:
        """This seat's passes left under limited_passes, else ``None``."""
        return None if self.passes_left is None else self.passes_left[self.seat]

    def playable(self) -> CardSet:
        """The public playable set (BS-INFO-2)."""
        return CardSet(self._playable)

    def known_absent(self, seat: int) -> CardSet:
        """Cards ``seat`` is proven not to hold (BS-INFO-4..6)."""
        return CardSet(self._absent[seat])

    def legal_play_mask(self) -> int:
        """The cards this seat may play now (0 when it is not its turn)."""
        if self.to_move != self.seat:
            return 0
        return legal_play_mask(self.hand_mask, self._playable,
                               self.rules.opening if self.table_mask == 0 else None,
                               self.rules.sevens_first)

    def can_pass(self) -> bool:
        """Whether this seat may pass now."""
        if self.to_move != self.seat:
            return False
        return pass_allowed(self.hand_mask, self.legal_play_mask(), self.table_mask == 0,
                            self.my_passes_left, self.rules.sevens_first)

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move (same engine functions), else []."""
        if self.to_move != self.seat:
            return []
        plays = self.legal_play_mask()
        moves: list[Move] = [PLAYS[i] for i in bit_cards(plays)]
        if pass_allowed(self.hand_mask, plays, self.table_mask == 0, self.my_passes_left,
                        self.rules.sevens_first):
            moves.append(PASS)
        return moves

    def __repr__(self) -> str:
        return f"<SevensView seat {self.seat}: hand {self.hand}, table {self.table}>"


from . import bots as _sevens_bots  # noqa: E402,F401  (registers the computer players)

__all__ += ["autoplay"]
from . import batch as _sevens_batch  # noqa: E402,F401  (experiments: batch and terms)
