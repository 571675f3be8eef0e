"""The Sevens family's state and view: Badam Satti (classic and app rules) and British Sevens.

A :class:`SevensState` is an immutable snapshot holding a :class:`~rulebook.games.sevens.core.Table`
it never changes: a move copies it and applies :func:`~rulebook.games.sevens.core.step`, the very
code the scalar playout runs (BS-OPEN-3..5, BS-MOVE-1..5, BS-INFO-1..6, BS-END-1..8,
BS-CHIP-2..7, BS-HR-5..17).

Eliminations (BS-HR-10) are not a player's choice, so they are not moves: when the turn
reaches a player with no playable card and no pass left, the engine eliminates that player
at once and moves on.  ``state.history`` holds only the moves players chose (what records
store and replay); ``state.events`` is the public log of plays, passes (each with the
playable set at that moment, BS-INFO-3) and ``eliminated`` events.  Replaying the moves
re-creates the eliminations exactly, because they follow from the moves.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from ...cards import ALL_CARDS, SUITS, Card, CardSet
from ...errors import IllegalMove, RulesError, quoted
from ...protocol import Explanation, LogEntry, Outcome, Playout, PublicCards, TableState, Voice, \
    seat_at_table
from .core import Table, bit_cards, legal_play_mask, pass_allowed, scores, step
from .explain import elimination_entries, explain, move_entries, row_span
from .moves import PASS, PLAYS, Move, Play, Pass

__all__ = ["Event", "SevensOutcome", "SevensState", "SevensView", "Playout"]


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


class SevensState(TableState[Move]):
    """An immutable snapshot of a Sevens-family deal.  Every move returns a new state."""

    __slots__ = ("rules", "_t", "_origin", "_dealer", "_history", "_start", "_previous", "_log",
                 "_outcome", "_start_stacks")

    rules: Any
    _t: Table
    _dealer: int
    _outcome: "SevensOutcome | None"
    _start_stacks: tuple[int, ...] | None

    @classmethod
    def _initial(cls, rules: Any, t: Table, origin: dict[str, Any], dealer: int,
                 start_stacks: tuple[int, ...] | None) -> "SevensState":
        return cls._new(rules=rules, _t=t, _origin=origin, _dealer=dealer, _history=(),
                        _start=None, _previous=None, _outcome=None, _start_stacks=start_stacks)

    # -- protocol -------------------------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the round is over."""
        return self._t.to_move

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (BS-END-1, BS-HR-12, BS-HR-16)."""
        return self._t.over

    @property
    def events(self) -> tuple[Event, ...]:
        """The public log: plays, passes with their playable sets, eliminations."""
        return tuple(_event(e) for e in self._t.log or ())

    @property
    def table(self) -> CardSet:
        """The cards on the table (all rows together)."""
        return CardSet(self._t.table)

    def rows(self) -> dict[str, tuple[Card, Card]]:
        """Each opened suit's row as (low end, high end), keyed by suit letter."""
        return _rows(self._t.table, self.rules.ace_high)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards in each hand."""
        return tuple(h.bit_count() for h in self._t.hands)

    @property
    def passes_left(self) -> tuple[int, ...] | None:
        """Under limited_passes each seat's passes left (BS-HR-8), else ``None``."""
        return None if self._t.left is None else tuple(self._t.left)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """Eliminated seats (BS-HR-10)."""
        return tuple(s for s in range(self._t.n) if self._t.elim >> s & 1)

    @property
    def pass_counts(self) -> tuple[int, ...]:
        """Passes each seat has made."""
        return tuple(self._t.passes)

    @property
    def winner(self) -> int | None:
        """The round winner (first out), once someone has gone out."""
        return self._t.winner

    @property
    def stacks(self) -> tuple[int, ...] | None:
        """``sevens``: each seat's chip stack (BS-CHIP-2..6), else ``None``."""
        return None if self._t.chips is None else tuple(self._t.chips)

    @property
    def pool(self) -> int | None:
        """``sevens``: the chips in the pool, else ``None``."""
        return self._t.pool if self._t.chips is not None else None

    def playable(self) -> CardSet:
        """The public playable set (BS-INFO-2)."""
        return CardSet(self._t.playable)

    def known_absent(self, seat: int) -> CardSet:
        """Cards ``seat`` is proven not to hold (BS-INFO-4..6)."""
        return CardSet(cast(list[int], self._t.absent)[self.check_seat(seat)])

    def public_cards(self) -> tuple[PublicCards, ...]:
        """The playable set (BS-INFO-2) and, for every seat, the cards its passes and
        eliminations prove it does not hold (BS-INFO-4..6)."""
        absent = cast(list[int], self._t.absent)
        return (PublicCards("Playable set", CardSet(self._t.playable), None, ("BS-INFO-2",)),
                *(PublicCards("known not to hold (from passes and eliminations)",
                              CardSet(absent[seat]), seat, ("BS-INFO-4", "BS-INFO-6"))
                  for seat in range(self._t.n)))

    def legal_play_mask(self) -> int:
        """The mask of the cards the player to move may play."""
        return self._t.legal_plays()

    def legal_moves(self) -> list[Move]:
        """Plays in canonical card order, then pass when allowed."""
        t = self._t
        plays = 0 if t.over else t.legal_plays()
        moves: list[Move] = [PLAYS[i] for i in bit_cards(plays)]
        return moves + [PASS] if not t.over and t.can_pass(plays) else moves

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why, the clause ids and the facts.

        The answer starts from the legal set (:meth:`legal_play_mask` and the pass rule, as
        :meth:`legal_moves`) and only phrases it, so it never disagrees with legality.
        ``voice="table"`` names the seat instead of saying "you".
        """
        return explain(self._t, self.rules, self.parse_move(move), Voice.of(voice, self._t.to_move))

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        """The log entries of the last move (or, at the start, the eliminations before the
        first move: a position may start with a stuck player, BS-HR-10)."""
        previous = self._previous
        if previous is None:
            return elimination_entries(self._t.log or ())
        return move_entries(previous._t, self._t, self.rules, self._history[-1])

    def play(self, move: Any) -> "SevensState":
        """The state after ``move`` (object or text); an illegal move raises IllegalMove."""
        if not isinstance(move, (Play, Pass)):
            move = self.parse_move(move)
        t = self._t
        if move is PASS:
            legal = not t.over and t.can_pass(t.legal_plays())
        else:
            legal = not t.over and bool(t.legal_plays() & cast(Play, move).card.mask)
        if not legal:
            explanation = self.explain(move)
            raise IllegalMove(explanation.reason, explanation)
        return self._apply(move)

    def _apply(self, move: Move) -> "SevensState":
        t = self._t.copy()
        step(t, -1 if move is PASS else cast(Play, move).card.index)
        return self._next(_t=t, _history=self._history + (move,), _outcome=None)

    def position_diagram(self) -> Any:
        """What waits on what (see :meth:`waiting_diagram`)."""
        return self.waiting_diagram()

    def waiting_diagram(self, seats: Sequence[int] | None = None) -> Any:
        """What waits on what: each suit's row ends and, for every card still in a hand, the
        cards that must be played before it, coloured by the seat that holds each one.

        Returns a ``graphviz.Digraph`` (see :mod:`rulebook.games.sevens.waiting`; wrap it in
        :class:`rulebook.diagrams.Diagram` to draw it wherever Graphviz is missing).
        """
        from .waiting import waiting_diagram

        if seats is not None:
            if not isinstance(seats, (list, tuple, set, frozenset, range)):
                raise RulesError(f"seats={quoted(seats)}: expected a list of seats, or None for "
                                 f"every seat")
            seats = [self.check_seat(seat) for seat in seats]
        return waiting_diagram(self, seats)

    @property
    def outcome(self) -> "SevensOutcome | None":
        """The result once the round is over (BS-END-2..8, BS-CHIP-5), else ``None``."""
        if not self._t.over:
            return None
        if self._outcome is None:
            object.__setattr__(self, "_outcome", _outcome(self))
        return self._outcome

    def view(self, seat: int) -> "SevensView":
        """Only what ``seat`` may know (BS-INFO-1)."""
        t = self._t
        seat = self.check_seat(seat)
        return SevensView(
            rules=self.rules, seat=seat, to_move=t.to_move,
            hand_mask=t.hands[seat], table_mask=t.table, hand_sizes=self.hand_sizes,
            passes_left=self.passes_left, _elim=t.elim, history=self._history,
            _log=tuple(t.log or ()), _absent=tuple(t.absent or ()), _playable=t.playable,
            is_over=t.over, players=t.n, stacks=self.stacks, pool=self.pool)

    def __repr__(self) -> str:
        rows = " ".join(f"{lo}-{hi}" if lo != hi else str(lo)
                        for lo, hi in self.rows().values())
        status = "over" if self._t.over else f"seat {self._t.to_move} to move"
        return f"<SevensState {self.rules.label()} table=[{rows}] {status}>"


def _event(raw: tuple[int, str, int, int]) -> Event:
    seat, kind, card, playable = raw
    if kind == "play":
        return Event(seat, kind, ALL_CARDS[card], None)
    return Event(seat, kind, None, CardSet(playable))


def _rows(table: int, ace_high: bool) -> dict[str, tuple[Card, Card]]:
    return {SUITS[suit]: span for suit in range(4)
            if (span := row_span(table, suit, ace_high)) is not None}


def _outcome(state: SevensState) -> "SevensOutcome":
    t = state._t
    winner = t.winner
    points, places = scores(state.rules, t, state._start_stacks)
    summary = ("everyone still in was eliminated, so nobody won the round" if winner is None
               else f"seat {winner} went out first")
    unit = "chips" if t.chips is not None else "points"
    summary += f"; {unit}: " + ", ".join(f"seat {s} {points[s]}" for s in range(t.n))
    return SevensOutcome(
        places=places, winners=() if winner is None else (winner,), summary=summary,
        winner=winner, points=points, cards_left=tuple(h.bit_count() for h in t.hands),
        passes=tuple(t.passes), eliminated=state.eliminated,
        chips=None if t.chips is None else tuple(t.chips))


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class SevensView:
    """What one seat may know (BS-INFO-1): own hand, the table, hand sizes, the public log,
    passes left and eliminations.  Holds copies of public values only, never the state."""

    rules: Any
    seat: int
    to_move: int | None
    hand_mask: int
    table_mask: int
    hand_sizes: tuple[int, ...]
    passes_left: tuple[int, ...] | None
    _elim: int
    history: tuple[Move, ...]
    _log: tuple[tuple[int, str, int, int], ...]
    _absent: tuple[int, ...]
    _playable: int
    is_over: bool
    players: int
    stacks: tuple[int, ...] | None
    pool: int | None

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
        return CardSet(self._absent[seat_at_table(seat, self.players)])

    def legal_play_mask(self) -> int:
        """The cards this seat may play now (0 when it is not its turn)."""
        if self.to_move != self.seat:
            return 0
        return legal_play_mask(self.hand_mask, self._playable,
                               self.rules.opening if self.table_mask == 0 else None,
                               self.rules.sevens_first)

    def can_pass(self) -> bool:
        """Whether this seat may pass now."""
        return self.to_move == self.seat and pass_allowed(
            self.hand_mask, self.legal_play_mask(), self.table_mask == 0, self.my_passes_left,
            self.rules.sevens_first)

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is to move (same engine functions), else []."""
        moves: list[Move] = [PLAYS[i] for i in bit_cards(self.legal_play_mask())]
        return moves + [PASS] if self.can_pass() else moves

    def __repr__(self) -> str:
        return f"<SevensView seat {self.seat}: hand {self.hand}, table {self.table}>"
