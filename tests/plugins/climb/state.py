"""Climb's state, view, explanations and move log (CLIMB-TURN-1, CLIMB-PLAY-1..3,
CLIMB-CLEAR-1, CLIMB-END-1, CLIMB-HR-1)."""
from __future__ import annotations

import dataclasses
from typing import Any

from rulebook.cards import Card, CardSet
from rulebook.protocol import (Explanation, Facts, GameState, LogEntry, Outcome, Voice,
                               places_from_scores)

from .moves import PASS, Move, Pass, Play, parse_move

__all__ = ["ClimbState", "ClimbView", "rank_of"]


def rank_of(card: Card, aces_high: bool) -> int:
    """A card's rank for climbing: ace 1 .. king 13, or ace 14 with aces high (CLIMB-HR-1)."""
    return 14 if aces_high and card.rank == 1 else card.rank


class ClimbView:
    """What one seat may know: its own hand, the top card, every hand's size."""

    def __init__(self, state: "ClimbState", seat: int) -> None:
        self.seat = seat
        self.to_move = state.to_move
        self.hand = state.hands[seat]
        self.top = state.top
        self.hand_sizes = tuple(len(h) for h in state.hands)
        self._legal = state.legal_moves() if state.to_move == seat else []

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves (empty when it is not to move)."""
        return list(self._legal)


class ClimbState(GameState[Move]):
    """An immutable Climb deal."""

    __slots__ = ("rules", "_hands", "top", "_passes", "_to_move", "_history", "_origin",
                 "_start", "_previous", "_log", "_winner", "_passes_made")

    def __init__(self, rules: Any, hands: tuple[CardSet, ...], top: Card | None,
                 passes: int, to_move: int | None, history: tuple[Move, ...],
                 origin: dict[str, Any], start: "ClimbState | None",
                 previous: "ClimbState | None", winner: int | None,
                 passes_made: tuple[int, ...]) -> None:
        self.rules = rules
        self._hands = hands
        self.top = top
        """The top card of the pile, or ``None`` when the pile is empty."""
        self._passes = passes
        self._to_move = to_move
        self._history = history
        self._origin = origin
        self._start = start
        self._previous = previous
        self._log: tuple[LogEntry, ...] | None = None
        self._winner = winner
        self._passes_made = passes_made

    # -- the protocol ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self._hands)

    @property
    def origin(self) -> dict[str, Any]:
        return dict(self._origin)

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def history(self) -> tuple[Move, ...]:
        return self._history

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return self._hands

    @property
    def outcome(self) -> Outcome | None:
        """Places by cards left; the seat that went out first wins (CLIMB-END-1)."""
        if self._winner is None:
            return None
        left = [len(h) for h in self._hands]
        return Outcome(places_from_scores(left), (self._winner,),
                       f"Seat {self._winner} played every card first and wins; the others "
                       "place by the cards they still hold (CLIMB-END-1).")

    def start(self) -> "ClimbState":
        return self if self._start is None else self._start

    def view(self, seat: int) -> ClimbView:
        return ClimbView(self, seat)

    def legal_moves(self) -> list[Move]:
        """Every card that may be played, in card order, then ``pass`` when allowed."""
        if self._to_move is None:
            return []
        hand = self._hands[self._to_move]
        if self.top is None:  # CLIMB-PLAY-1: lead any card, no pass
            return [Play(c) for c in hand]
        high = self.rules.aces_high
        floor = rank_of(self.top, high)
        return [Play(c) for c in hand if rank_of(c, high) > floor] + [PASS]

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now and why, with the clause that decided."""
        move = parse_move(move)
        seat = self._to_move
        v = Voice.of(voice, seat)
        text = str(move)
        if seat is None:
            return Explanation(text, False, "The deal is over.", ("CLIMB-END-1",),
                               Facts(kind="over"))
        hand = self._hands[seat]
        if isinstance(move, Pass):
            if self.top is None:
                return Explanation(text, False, f"{v.You} must lead a card: the pile is empty.",
                                   ("CLIMB-PLAY-3", "CLIMB-PLAY-1"),
                                   Facts(kind="must_lead", seat=seat))
            return Explanation(text, True, f"{v.You} may pass while a card is on the pile.",
                               ("CLIMB-PLAY-3",), Facts(kind="pass", seat=seat))
        card = move.card
        if card not in hand:
            return Explanation(text, False,
                               f"{v.You} {v.verb('do', 'does')} not hold {card.pretty()}.",
                               ("CLIMB-PLAY-1",),
                               Facts(kind="not_held", seat=seat,
                                     not_playable=CardSet(card.mask), private=True))
        if self.top is None:
            return Explanation(text, True, f"{v.You} lead{'' if v.seat is None else 's'} "
                               f"{card.pretty()}: the pile is empty, so any card may be led.",
                               ("CLIMB-PLAY-1",), Facts(kind="lead", seat=seat,
                                                       playable=CardSet(card.mask)))
        high = self.rules.aces_high
        aces = high and (card.rank == 1 or self.top.rank == 1)
        clauses = ("CLIMB-HR-1", "CLIMB-PLAY-2") if aces else ("CLIMB-PLAY-2",)
        rule = "aces_high" if aces else None
        if rank_of(card, high) > rank_of(self.top, high):
            return Explanation(text, True, f"{card.pretty()} is higher than the top card "
                               f"{self.top.pretty()}.", clauses,
                               Facts(kind="higher", seat=seat, rule=rule,
                                     playable=CardSet(card.mask)))
        return Explanation(text, False, f"{card.pretty()} is not higher than the top card "
                           f"{self.top.pretty()}.", clauses,
                           Facts(kind="not_higher", seat=seat, rule=rule,
                                 not_playable=CardSet(card.mask)))

    def _apply(self, move: Any) -> "ClimbState":
        seat = self._to_move
        assert seat is not None
        n = self.players
        hands = list(self._hands)
        passes_made = list(self._passes_made)
        top, passes, winner = self.top, self._passes, None
        nxt: int | None = (seat + 1) % n  # CLIMB-TURN-1
        if isinstance(move, Pass):
            passes += 1
            passes_made[seat] += 1
            if passes == n - 1:  # CLIMB-CLEAR-1: everybody else passed; the last to play leads
                top, passes = None, 0
        else:
            hands[seat] = hands[seat] - CardSet(move.card.mask)
            top, passes = move.card, 0
            if not hands[seat]:  # CLIMB-END-1
                winner, nxt = seat, None
        return ClimbState(self.rules, tuple(hands), top, passes, nxt, self._history + (move,),
                          self._origin, self.start(), self, winner, tuple(passes_made))

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        previous = self._previous
        if previous is None:
            return ()
        move = self._history[-1]
        seat = previous.to_move
        assert seat is not None
        if isinstance(move, Pass):
            why = previous.explain(move, voice="table")
            entries = [LogEntry(seat, "pass", f"Seat {seat} passes.", why.reason, why.clauses,
                                False)]
            if self.top is None and not self.is_over:
                entries.append(LogEntry(self._to_move, "", f"Everybody else passed: the pile "
                                        f"is cleared and seat {self._to_move} leads.", "",
                                        ("CLIMB-CLEAR-1",), False))
            return tuple(entries)
        return (LogEntry(seat, str(move), f"Seat {seat} plays {move.pretty()}.", "", (),
                         False),)

    @property
    def passes_made(self) -> tuple[int, ...]:
        """How many times each seat has passed."""
        return self._passes_made

    def __repr__(self) -> str:
        top = "empty pile" if self.top is None else f"top {self.top.text}"
        return f"<ClimbState {top}, seat {self._to_move} to move, move {len(self._history)}>"
