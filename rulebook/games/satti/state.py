"""Satti's state and view: a round as an immutable snapshot (SAT-SETUP-1..7, SAT-TURN-1..6,
SAT-EIGHT-3, SAT-END-1..5).

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
:func:`~rulebook.fastrandom.derived_random` keyed by the deal's seed, so a round replays
exactly from (rules, seed, moves).
"""
from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from ...cards import ALL_CARDS, SUITS, Card, CardSet
from ...errors import IllegalMove
from ...protocol import Explanation, LogEntry, Outcome, TableState, Voice
from .core import DRAW, FIRST_JACK, JACK_NAMING, TRY, TRY_DRAW, Table, legal_codes, places_of, step
from .explain import explain, log_entries, ordinal
from .moves import CODE_BY_ID, CODE_OF, MOVE_TEXTS, MOVES, Move

__all__ = ["SattiState", "SattiView", "SattiOutcome", "PublicEvent"]


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

    def __init__(self, rules: Any, seat: int, t: Table, trail: Any,
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
        if self.to_move != self.seat or self._codes is not None:
            return self._codes or ()  # the state hands the player to move its legal codes
        return legal_codes(self.hand_mask, self.top_index, self.suit_index, self.penalty,
                           self.skipped, self.naming, self.rules.seven_stacking)

    def legal_moves(self) -> list[Move]:
        """The legal moves of this seat (empty when not its turn), same order as the state's."""
        return [MOVES[c] for c in self.legal_codes()]

    def _key(self) -> tuple[Any, ...]:
        return (self.rules, self.seat, self.to_move, self.hand_mask, self.top_index,
                self.suit_index, self.named, self.penalty, self.skipped, self.naming,
                self.hand_sizes, self.draw_pile_size, self.discard_count, self.history)

    def __eq__(self, other: object) -> bool:
        """Views are equal when they show the same: the same seat, hand, table and history."""
        if not isinstance(other, SattiView):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"SattiView(seat={self.seat}, hand={str(self.hand)!r}, top={self.top.text!r}, "
                f"suit={self.suit!r}, penalty={self.penalty}, to_move={self.to_move})")


def _public(trail: Any) -> tuple[PublicEvent, ...]:
    events = []
    while trail is not None:
        trail, code, seat, drew, played = trail
        events.append(PublicEvent(seat, MOVE_TEXTS[code], drew,
                                  None if played < 0 else ALL_CARDS[played].text))
    return tuple(reversed(events))


class SattiState(TableState[Move]):
    """An immutable snapshot of a Satti round.  Every move returns a new state."""

    __slots__ = ("rules", "_t", "_origin", "_trail", "_start", "_legal", "_history",
                 "_previous", "_log")

    rules: Any
    _t: Table
    _trail: Any  # (previous trail or None, move code, seat, drew, auto-played card or -1)
    _legal: tuple[int, ...] | None

    def __init__(self) -> None:  # pragma: no cover - built by the rules object
        raise TypeError("use rules.new_deal(...) or rules.position(...)")

    @classmethod
    def _make(cls, rules: Any, t: Table, origin: dict[str, Any], trail: Any,
              start: "SattiState | None") -> "SattiState":
        return cls._new(rules=rules, _t=t, _origin=origin, _trail=trail, _start=start,
                        _legal=None, _history=(), _previous=None)

    # -- protocol ---------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` when the round is over."""
        return None if self._t.over else self._t.turn

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (SAT-END-1) or stopped (SAT-PILE-3)."""
        return self._t.over

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
        summary = (f"Seat {t.winner} played its last card and is 1st" if t.winner >= 0 else
                   "The round stopped: a card had to be drawn with no draw pile and no "
                   "discards under the top card, so every seat is ranked by cards held")
        rest = ", ".join(f"seat {s} {ordinal(places[s])} with {counts[s]} card{'' if counts[s] == 1 else 's'}"
                         for s in sorted(range(t.n), key=lambda s: (places[s], s))
                         if s != t.winner)
        summary += f" ({rest})." if t.winner >= 0 else f": {rest}."
        return SattiOutcome(places=places, winners=winners, summary=summary, cards_held=counts,
                            went_out=t.winner if t.winner >= 0 else None, stopped=t.stopped)

    def _codes(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            t = self._t
            legal = () if t.over else legal_codes(t.hands[t.turn], t.top, t.suit, t.penalty,
                                                  t.skipped, t.naming, self.rules.seven_stacking)
            object.__setattr__(self, "_legal", legal)
        return legal

    def legal_moves(self) -> list[Move]:
        """The legal moves in a fixed order: cards (canonical, jacks per suit), draw; or skip;
        or the four ``name`` moves."""
        return [MOVES[c] for c in self._codes()]

    def view(self, seat: int) -> SattiView:
        """What ``seat`` may know: its hand and the table, never the pile's order."""
        seat = self.check_seat(seat)
        return SattiView(self.rules, seat, self._t, self._trail,
                         self._codes() if seat == self._t.turn else None)

    def _apply(self, move: Any) -> "SattiState":
        return self._apply_code(CODE_OF[move])

    def _apply_code(self, code: int) -> "SattiState":
        t = self._t.copy()
        seat, top = t.turn, t.top
        drew = step(t, code, self.rules.play_after_draw)
        played = t.top if code == DRAW and t.top != top else -1
        return self._next(_t=t, _trail=(self._trail, code, seat, drew, played), _legal=None,
                          _history=self._history + (MOVES[code],))

    def play(self, move: Any) -> "SattiState":
        """The state after ``move`` (object or text).

        An illegal move raises :class:`~rulebook.errors.IllegalMove` and leaves this state as
        it was (SAT-TURN-6), except a skipped player's attempt to play a held card or to draw,
        which is carried out as SAT-EIGHT-3 says and recorded as ``try ...``.
        """
        code = CODE_BY_ID.get(id(move))
        if code is None or MOVES[code] is not move:
            move = self.parse_move(move)
            code = CODE_OF[move]
        if code in self._codes():
            return self._apply_code(code)
        attempt = self._attempt_code(code)
        if attempt is not None:
            return self._apply_code(attempt)
        explanation = self.explain(move)
        raise IllegalMove(explanation.reason, explanation)

    def _attempt_code(self, code: int) -> int | None:
        """The attempt a move amounts to on a skipped turn (SAT-EIGHT-3), if any."""
        t = self._t
        if t.over or not t.skipped:
            return None
        if code in (DRAW, TRY_DRAW):
            return TRY_DRAW
        if code < DRAW:  # a card, or a jack naming a suit: the attempt to play that card
            code = TRY + (code if code < JACK_NAMING else FIRST_JACK + ((code - JACK_NAMING) >> 2))
        return code if code >= TRY and t.hands[t.turn] >> (code - TRY) & 1 else None

    # -- explanations ---------------------------------------------------------------------
    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why (one sentence, cards in symbols), the clause ids
        and the facts.

        Legality is membership in the legal codes (the very ones ``legal_moves()`` lists);
        the rest only phrases why.  ``voice="table"`` names the seat instead of "you".
        """
        return explain(self._t, self.rules, self.parse_move(move), Voice.of(voice, self.to_move))

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        """The log entries of the last move (a reshuffle, a drawn card played at once and a
        round that stops come with it), third person, cards in symbols."""
        previous = self._previous
        if previous is None:
            return ()
        drew, played = self._trail[3:]
        return log_entries(previous._t, self._t, self.rules, self._history[-1], drew, played)

    # -- the table, face up (for teaching) ---------------------------------------------------
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
        return (f"<SattiState {state}: top {ALL_CARDS[t.top].text} suit {SUITS[t.suit]}"
                f"{f', penalty {t.penalty}' if t.penalty else ''}"
                f"{', skipped' if t.skipped else ''}, hands "
                f"{[CardSet(h).texts() for h in t.hands]}>")
