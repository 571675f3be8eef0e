"""A Badugi hand's state and view (BDG-SEAT-1..10, BDG-BET-1..10, BDG-POT-1..6,
BDG-DRAW-1..9, BDG-SHOW-1..6).

The rules themselves are the small functions of :mod:`rulebook.games.badugi.betting`,
working on one compact :class:`~rulebook.games.badugi.betting.Table`; :class:`BadugiState`
is an immutable wrapper that copies the table before each move, and the rules object's
``playout`` runs the same functions on one table without building states.

>>> from rulebook import load_rules
>>> rules = load_rules("badugi", small_bet=10, stack=200)
>>> state = rules.new_deal(players=4, seed=7, dealer=0)
>>> state.to_move, [str(m) for m in state.legal_moves()]
(3, ['fold', 'call', 'raise'])
>>> str(state.explain("check"))
'Check is not allowed: the highest total this round is 10 and you have put in 0, so you must call 10, raise or fold. [BDG-BET-3]'
"""
from __future__ import annotations

import dataclasses
import functools
import operator
from typing import Any, NamedTuple, cast

from ...cards import CardSet
from ...errors import RulesError, quoted
from ...protocol import (Explanation, LogEntry, Outcome, Playout, TableState, Voice,
                         places_from_scores)
from . import betting as B
from .betting import ACTION_NAMES, OVER, PHASES, HandResult, PotResult, Table
from .explain import NOT_AVAILABLE, explain, log_entry, phase_name, seats_text, value_text
from .moves import ACTION_MOVES, Action, Draw, Move

__all__ = ["BadugiState", "BadugiView", "BadugiOutcome", "Playout"]


@dataclasses.dataclass(frozen=True)
class BadugiOutcome(Outcome):
    """How a hand ended: pots and who won each, the showdown, the final stacks."""

    pots: tuple[PotResult, ...] = ()
    """Main pot first, then side pots (BDG-POT-2)."""
    revealed: tuple[int, ...] = ()
    """Seats in showing order (BDG-SHOW-2, BDG-SHOW-3); empty if all others folded."""
    shown: tuple[tuple[int, str, str], ...] = ()
    """(seat, cards, value text) of every shown hand, in showing order."""
    dead: tuple[int, ...] = ()
    """Seats whose hands were dead at the showdown (BDG-SHOW-5)."""
    start_stacks: tuple[int, ...] = ()
    """Each seat's chips when the hand started."""
    final_stacks: tuple[int, ...] = ()
    """Each seat's chips after the hand."""
    net: tuple[int, ...] = ()
    """Chips won (positive) or lost per seat."""
    chips_conserved: bool = True
    """Whether the chips after the hand add up to those before."""
    lines: tuple[str, ...] = ()
    """The hand's result as sentences."""

    def explain(self) -> str:
        """The result as a short paragraph."""
        return " ".join(self.lines)


def _outcome(t: Table) -> BadugiOutcome:
    result = cast(HandResult, t.result)  # set when the hand is over
    net = tuple(t.stacks[j] - t.start_stacks[j] for j in range(t.n))
    lines: list[str] = []
    if not result.revealed:
        winner = next(j for j in range(t.n) if t.dealt[j] and not t.folded[j])
        lines.append(f"Everyone else folded, so seat {winner} wins without showing its cards "
                     "(BDG-SHOW-1).")
    shown = tuple((j, str(CardSet(t.hands[j])),
                   value_text(t.hands[j]) if result.classes[j] is not None else "a dead hand")
                  for j in result.revealed)
    if shown:
        lines.append("Shown in order: " + "; ".join(
            f"seat {j} {CardSet(t.hands[j]).pretty()} ({value})" for j, _, value in shown) + ".")
    for k, pot in enumerate(result.pots):
        name = "the pot" if len(result.pots) == 1 else "the main pot" if k == 0 else f"side pot {k}"
        if len(pot.winners) == 1:
            lines.append(f"Seat {pot.winners[0]} wins {name} of {pot.amount}.")
        else:
            parts = ", ".join(f"seat {j} {c}" for j, c in zip(pot.winners, pot.shares))
            lines.append(f"{seats_text(pot.winners).capitalize()} split {name} of {pot.amount} "
                         f"({parts}).")
    if any(result.returned):
        lines.append("Unmatched chips returned: " + ", ".join(
            f"{c} to seat {j}" for j, c in enumerate(result.returned) if c) + ".")
    lines.append("Final stacks: " + ", ".join(
        f"seat {j} {s}" for j, s in enumerate(t.stacks)) + ".")
    conserved = sum(t.stacks) == sum(t.start_stacks)
    winners = tuple(sorted({j for pot in result.pots for j in pot.winners}))
    return BadugiOutcome(
        places=places_from_scores(net, lower_is_better=False), winners=winners,
        summary=" ".join(lines[:-1]), pots=result.pots, revealed=result.revealed,
        shown=shown, dead=result.dead, start_stacks=t.start_stacks,
        final_stacks=tuple(t.stacks), net=net, chips_conserved=conserved, lines=tuple(lines))


@dataclasses.dataclass(slots=True, eq=False)
class BadugiView:
    """What one seat may know: its own cards and everything public (no other hands).

    Plain values only (no reference to the state or its table), so a computer player given
    a view cannot reach hidden cards.
    """

    seat: int
    to_move: int | None
    players: int
    button: int
    phase: int
    round: str
    hand: CardSet
    hand_sizes: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    level: int
    to_call: int
    raises: int
    increment: int
    small_bet: int
    draw_counts: tuple[int | str, ...]
    shown: dict[int, CardSet]
    actions: tuple[tuple[int, str], ...]
    _legal: tuple[Move, ...]
    rules: Any = None
    """The rules of the hand (public, as in every game's view)."""

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move, else an empty list."""
        return list(self._legal)

    def __repr__(self) -> str:
        return (f"<BadugiView seat {self.seat} {self.round}: hand {self.hand}, "
                f"stacks {list(self.stacks)}, to move {self.to_move}>")


class BadugiState(TableState[Move]):
    """An immutable snapshot of a Badugi hand; every move returns a new state."""

    __slots__ = ("rules", "_t", "_history", "_origin", "_actors", "_start", "_previous", "_log")

    rules: Any
    _t: Table
    _actors: tuple[int, ...]

    def __init__(self, rules: Any, table: Table, history: tuple[Move, ...],
                 origin: dict[str, Any], actors: tuple[int, ...] = (),
                 previous: "BadugiState | None" = None) -> None:
        s = object.__setattr__
        s(self, "rules", rules)
        s(self, "_t", table)
        s(self, "_history", history)
        s(self, "_origin", origin)
        s(self, "_actors", actors)
        s(self, "_start", None if previous is None else previous.start())
        s(self, "_previous", previous)
        s(self, "_log", None)

    # -- protocol ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act or draw, or None when the hand is over."""
        return None if self._t.phase == OVER else self._t.to_act

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self._t.phase == OVER

    @property
    def outcome(self) -> BadugiOutcome | None:
        """Pots, winners, showdown and final stacks once the hand is over."""
        return None if self._t.phase != OVER else _outcome(self._t)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that made each move of :attr:`history`."""
        return self._actors

    def legal_moves(self) -> list[Move]:
        """Betting actions (fold check call bet raise order) or every discard set."""
        return _legal(self._t)

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why, the clause ids and the facts.

        Phrased from the same betting or discard options as :meth:`legal_moves`, so it never
        disagrees with legality; ``voice="table"`` names the seat instead of "you".
        """
        return explain(self._t, self.parse_move(move), Voice.of(voice, self.to_move))

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        """The log entry of the last move (a hand has no engine events of its own)."""
        previous = self._previous
        if previous is None:
            return ()
        return (log_entry(previous._t, self._history[-1]),)

    def _apply(self, move: Any) -> "BadugiState":
        t = self._t.copy()
        seat = t.to_act
        if isinstance(move, Action):
            B.apply_action(t, move.code)
        else:
            B.apply_draw(t, move.discard)
        return BadugiState(self.rules, t, self._history + (move,), self._origin,
                           self._actors + (seat,), self)

    def view(self, seat: int) -> BadugiView:
        """What ``seat`` may know (BDG-SEAT-8: own cards only; BDG-DRAW-8: draw counts)."""
        seat = self.check_seat(seat)
        t = self._t
        return BadugiView(
            seat=seat, to_move=self.to_move, players=t.n, button=t.button, phase=t.phase,
            round=phase_name(t.phase), hand=CardSet(t.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in t.hands), stacks=tuple(t.stacks),
            bets=tuple(t.bets), committed=tuple(t.committed), folded=tuple(t.folded),
            all_in=tuple(t.dealt[j] and not t.folded[j] and t.stacks[j] == 0 for j in range(t.n)),
            pots=tuple(self.pots()), level=t.level, to_call=max(0, t.level - t.bets[seat]),
            raises=t.raises, increment=B.increment(t) if t.phase != OVER else 0,
            small_bet=t.small_bet, draw_counts=self.draw_counts(),
            shown=({j: CardSet(t.hands[j]) for j in t.result.revealed}
                   if t.result is not None else {}),
            actions=tuple((a, str(m) if a == seat or not isinstance(m, Draw) or not m.discard
                           else f"draw {m.discard.bit_count()}")
                          for a, m in zip(self._actors, self._history)),
            _legal=tuple(_legal(t)) if t.to_act == seat and t.phase != OVER else (),
            rules=self.rules)

    # -- Badugi-specific --------------------------------------------------------------------
    @property
    def seed(self) -> Any:
        """The seed of the deck order and of every reshuffle."""
        return self._t.seed

    @property
    def button(self) -> int:
        """The button's seat (BDG-SEAT-2)."""
        return self._t.button

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and big blind seats (BDG-SEAT-5, BDG-SEAT-6)."""
        return self._t.sb, self._t.bb

    @property
    def next_button(self) -> int:
        """Where the button goes for the next hand: one seat clockwise, skipping seats with no
        chips (BDG-SEAT-2, BDG-SEAT-3)."""
        t = self._t
        seats = ((t.button + step) % t.n for step in range(1, t.n + 1))
        return next((j for j in seats if t.stacks[j] > 0), t.button)

    @property
    def round(self) -> str:
        """``R1``..``R4``, ``the first draw``..``the third draw``, or ``over``."""
        return phase_name(self._t.phase)

    @property
    def phase(self) -> str:
        """Short phase name: R1 D1 R2 D2 R3 D3 R4 over (BDG-BET-1)."""
        return PHASES[self._t.phase]

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """Seats dealt into this hand (BDG-SEAT-2)."""
        return tuple(j for j in range(self._t.n) if self._t.dealt[j])

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat."""
        return tuple(self._t.stacks)

    @property
    def start_stacks(self) -> tuple[int, ...]:
        """Chips per seat when the hand started."""
        return self._t.start_stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during this betting round."""
        return tuple(self._t.bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand."""
        return tuple(self._t.committed)

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that have folded."""
        return tuple(j for j in range(self._t.n) if self._t.folded[j])

    @property
    def all_in(self) -> tuple[int, ...]:
        """Seats all in (BDG-POT-1)."""
        t = self._t
        return tuple(j for j in range(t.n) if t.dealt[j] and not t.folded[j] and t.stacks[j] == 0)

    @property
    def raises(self) -> int:
        """Full bets and raises in this round (the big blind counts in R1; cap 4)."""
        return self._t.raises

    @property
    def stub(self) -> tuple[str, ...]:
        """The stub in dealing order; its last card is never dealt (BDG-DRAW-6)."""
        return self.deck[self._t.top:]

    @property
    def deck(self) -> tuple[str, ...]:
        """The deck in dealing order since the last shuffle (dealt cards first, then the stub).

        For a fresh hand this is the whole shuffled pack: the cards go one at a time
        clockwise from the button's left (BDG-SEAT-9).
        """
        return tuple(CardSet(1 << c).texts()[0] for c in self._t.deck)

    @property
    def discards(self) -> CardSet:
        """The dead discards, exposed cards included (BDG-DRAW-3, BDG-DRAW-9)."""
        return CardSet(self._t.discards)

    @property
    def burns(self) -> CardSet:
        """The burned cards (BDG-DRAW-4)."""
        return CardSet(self._t.burns)

    @property
    def exposed(self) -> CardSet:
        """Replacement cards exposed by mistake, dead like discards (BDG-DRAW-9)."""
        return CardSet(self._t.exposed)

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stub (BDG-DRAW-6)."""
        return self._t.reshuffles

    def card_count(self) -> int:
        """Cards in hands + stub + discards (exposed included) + burns: always 52."""
        return sum(m.bit_count() for m in B.accounted_cards(self._t))

    def all_cards_mask(self) -> int:
        """The union of every card's place (the full pack when nothing is lost)."""
        return functools.reduce(operator.or_, B.accounted_cards(self._t), 0)

    def draw_count(self, seat: int) -> int | str:
        """How many cards ``seat`` drew in the current draw, or "not available" (BDG-DRAW-8)."""
        value = self._t.draw_counts[self.check_seat(seat)]
        return NOT_AVAILABLE if value < 0 else value

    def draw_counts(self) -> tuple[int | str, ...]:
        """Every seat's public draw count (BDG-DRAW-8)."""
        return tuple(self.draw_count(j) for j in range(self._t.n))

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pots as they stand: (amount, eligible seats), main pot first (BDG-POT-2)."""
        t = self._t
        if t.phase == OVER:
            return [(p.amount, p.eligible) for p in cast(HandResult, t.result).pots]
        if not any(t.committed):
            return []
        live = [t.dealt[j] and not t.folded[j] for j in range(t.n)]
        all_in = [t.stacks[j] == 0 for j in range(t.n)]
        return B.build_pots(t.committed, live, all_in)

    def with_exposed_card(self, count: int = 1) -> "BadugiState":
        """Engine hook for tests (BDG-DRAW-9): the next ``count`` replacement cards dealt are
        turned up by mistake; each goes to the discards and the drawer gets the next card.

        Not a move: a record of the hand does not carry it.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            raise RulesError(f"count={quoted(count)}: expected 1 to 4 cards turned up")
        t = self._t.copy()
        t.expose_pending += count
        return BadugiState(self.rules, t, self._history, self._origin, self._actors)

    def __repr__(self) -> str:
        t = self._t
        return (f"<BadugiState {phase_name(t.phase)}, button {t.button}, to move "
                f"{self.to_move}, stacks {list(t.stacks)}, pot {sum(t.committed)}>")


def _legal(t: Table) -> list[Move]:
    if t.phase == OVER:
        return []
    if B.is_betting(t.phase):
        return [ACTION_MOVES[ACTION_NAMES[k]] for k in B.betting_options(t)]
    return [Draw(m) for m in B.draw_options(t.hands[t.to_act])]
