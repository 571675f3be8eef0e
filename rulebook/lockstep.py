"""One seeded deal under two rulesets, to the first move where they part.

:func:`run_lockstep` deals the same seeded deal under rules A and rules B (same players,
seed and dealer: the same cards whenever both rulesets deal the same way, as the three
profiles of one game family do, BS-DEAL-3..6), lets the same computer players finish both with
the same bot seed (:class:`~rulebook.protocol.TurnRandom` draws per move number, so two
deals that agree so far draw the very same chances), and finds the first move where they
part:

- the first move number ``i`` at which the seat to move or the move itself differ;
- or, when one deal's moves are a strict beginning of the other's, the move number where
  the shorter one ended (one ruleset ends the deal, the other plays on);
- or ``0`` when the deals themselves differ (different games, or different hands dealt —
  the first move is then already played in different deals);
- ``None`` when the two deals are the same move for move.

At that point it keeps both states, each deal's public log entry of its move
(``state.move_log()``: third person, cards in symbols), both explanations
(``state_a.explain(move_a, voice="table")``, ``state_b.explain(move_b, voice="table")``) and
what each ruleset says about the other's move (``state_b.explain(move_a, voice="table")``,
``state_a.explain(move_b, voice="table")``), so a learner reads, in the engine's own words and
clause ids, why the deals part.  A comparison is a log of moves, so every sentence names the
seat ("Seat 3 may play 6♠: ..."), never "you".  Nothing here restates a rule: it only drives
:func:`~rulebook.protocol.autoplay` and asks the states.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .errors import RulebookError, RulesError, check_seed, plain_int, quoted
from .protocol import Bot, Explanation, GameState, LogEntry, autoplay
from .rules import RulesBase, example_ruleset, parse_ruleset

__all__ = ["LockstepResult", "run_lockstep", "as_rules", "first_parting", "same_deal",
           "position_key"]


def as_rules(spec: RulesBase | str) -> RulesBase:
    """A rules object from a rules object, a profile id or ``"profile+option+name=value"``.

    >>> as_rules("badam-satti+sevens_first").label()
    'badam-satti +sevens_first'

    A bad spec raises :class:`~rulebook.errors.RulesError` naming what is valid.
    """
    if isinstance(spec, RulesBase):
        return spec
    if not isinstance(spec, str):
        raise RulesError(f"{quoted(spec)} is not a ruleset: expected a rules object, a profile id "
                         f"or 'profile+option' text such as '{example_ruleset()}'")
    try:
        return parse_ruleset(spec.strip())
    except RulesError:
        raise
    except RulebookError as exc:  # e.g. '+name=' without a value
        raise RulesError(str(exc)) from None


def _hands(state: GameState[Any]) -> tuple[int, ...]:
    """The dealt hands as masks."""
    return tuple(h.mask for h in state.hands)


def _state(name: str, state: Any) -> GameState[Any]:
    """``state`` if it is a game's state, else RulesError naming the argument."""
    if not isinstance(state, GameState):
        raise RulesError(f"{name}={quoted(state)}: expected a deal's state (rules.new_deal(...))")
    return state


def position_key(state: GameState[Any]) -> tuple[Any, ...]:
    """What a learner sees of a position, compared across two rulesets of one game: the seat
    to move, whether it is over, the hands, and the chip stacks where the game has them."""
    state = _state("state", state)
    return (state.to_move, state.is_over, _hands(state), state.stacks)


def same_deal(start_a: GameState[Any], start_b: GameState[Any]) -> bool:
    """Whether two starting states are the same deal: same game, seats and hands."""
    start_a, start_b = _state("start_a", start_a), _state("start_b", start_b)
    return start_a.rules.game == start_b.rules.game and start_a.players == start_b.players \
        and _hands(start_a) == _hands(start_b)


def _sequence(name: str, items: Any) -> Sequence[Any]:
    """``items`` if it is a list or a tuple (of seats or moves), else RulesError."""
    if not isinstance(items, (list, tuple)):
        raise RulesError(f"{name}={quoted(items)}: expected a list")
    return items


def first_parting(seats_a: Sequence[int | None], moves_a: Sequence[Any],
                  seats_b: Sequence[int | None], moves_b: Sequence[Any]) -> int | None:
    """The first move number where (seat, move text) differ, or where one list ends first.

    >>> first_parting([0, 1], ["7H", "8H"], [0, 1], ["7H", "6H"])
    1
    >>> first_parting([0], ["7H"], [0, 1], ["7H", "pass"])
    1
    >>> first_parting([0], ["7H"], [0], ["7H"]) is None
    True
    """
    seats_a, moves_a = _sequence("seats_a", seats_a), _sequence("moves_a", moves_a)
    seats_b, moves_b = _sequence("seats_b", seats_b), _sequence("moves_b", moves_b)
    for i, (sa, ma, sb, mb) in enumerate(zip(seats_a, moves_a, seats_b, moves_b)):
        if sa != sb or str(ma) != str(mb):
            return i
    if len(moves_a) != len(moves_b):
        return min(len(moves_a), len(moves_b))
    return None


@dataclasses.dataclass(frozen=True)
class LockstepResult:
    """Two deals of the same seed under two rulesets, and where they part."""

    rules_a: RulesBase
    rules_b: RulesBase
    players: int
    seed: int | str
    dealer: int
    states_a: tuple[GameState[Any], ...]
    """Every state of deal A, from the start (``states_a[i]`` is before move ``i``)."""
    states_b: tuple[GameState[Any], ...]
    """Every state of deal B, from the start."""
    same_start: bool
    """Whether both rulesets dealt the very same cards to the same seats."""
    parting: int | None
    """The move number where the deals part (0-based), or ``None`` if they never do."""
    explain_a: Explanation | None
    """Rules A on its own move at the parting, naming the seat (``None`` if deal A was
    already over)."""
    explain_b: Explanation | None
    """Rules B on its own move at the parting, naming the seat (``None`` if deal B was
    already over)."""
    b_on_move_a: Explanation | None
    """What rules B say about A's move in B's state, naming the seat (``None`` if not
    askable)."""
    a_on_move_b: Explanation | None
    """What rules A say about B's move in A's state, naming the seat (``None`` if not
    askable)."""
    positions_part: int | None = None
    """The first number of moves after which the positions differ (seat to move, hands,
    stacks) although the moves so far read the same — a move with the same text can act
    differently (e.g. a draw that plays the drawn card at once); ``None`` if the positions
    agree up to :attr:`parting`, or the deals differ from the start."""
    log_a: LogEntry | None = None
    """Deal A's public log entry of its move at the parting (``None`` if it was over)."""
    log_b: LogEntry | None = None
    """Deal B's public log entry of its move at the parting (``None`` if it was over)."""

    @property
    def moves_a(self) -> tuple[Any, ...]:
        """Deal A's moves."""
        return self.states_a[-1].history

    @property
    def moves_b(self) -> tuple[Any, ...]:
        """Deal B's moves."""
        return self.states_b[-1].history

    @property
    def final_a(self) -> GameState[Any]:
        """Deal A at its end."""
        return self.states_a[-1]

    @property
    def final_b(self) -> GameState[Any]:
        """Deal B at its end."""
        return self.states_b[-1]

    @property
    def length(self) -> int:
        """The number of moves of the longer deal."""
        return max(len(self.states_a), len(self.states_b)) - 1

    def _step(self, step: Any) -> int:
        """``step`` as a plain ``int`` if it is a move number of the comparison (0 to
        :attr:`length`), else RulesError."""
        number = plain_int(step)
        if number is None or not 0 <= number <= self.length:
            raise RulesError(f"step={quoted(step)}: expected a number of moves from 0 to "
                             f"{self.length}")
        return number

    def state_a(self, step: int) -> GameState[Any]:
        """Deal A after ``step`` moves, 0 to :attr:`length` (its last state once it has
        ended); anything else raises RulesError."""
        return self.states_a[min(self._step(step), len(self.states_a) - 1)]

    def state_b(self, step: int) -> GameState[Any]:
        """Deal B after ``step`` moves, 0 to :attr:`length` (its last state once it has
        ended); anything else raises RulesError."""
        return self.states_b[min(self._step(step), len(self.states_b) - 1)]

    @property
    def at_parting(self) -> tuple[GameState[Any], GameState[Any]] | None:
        """Both states just before the parting move, or ``None`` if the deals never part."""
        if self.parting is None:
            return None
        return self.state_a(self.parting), self.state_b(self.parting)

    def move_a(self, step: int) -> Any | None:
        """Deal A's move number ``step``, from 0 (``None`` past its end)."""
        step = self._step(step)
        return self.moves_a[step] if step < len(self.moves_a) else None

    def move_b(self, step: int) -> Any | None:
        """Deal B's move number ``step``, from 0 (``None`` past its end)."""
        step = self._step(step)
        return self.moves_b[step] if step < len(self.moves_b) else None

    def summary(self) -> str:
        """One sentence saying where (and whether) the two deals part."""
        if self.parting is not None:
            return self._parting_text() + self._positions_text()
        ends = _outcome_text(self.final_a), _outcome_text(self.final_b)
        tail = "" if ends[0] == ends[1] else " but end differently: " + " / ".join(ends)
        return (f"Under {self.rules_a.caption()} and {self.rules_b.caption()} this deal is played "
                f"the same way, move for move ({len(self.moves_a)} moves){tail}."
                + self._positions_text())

    def _positions_text(self) -> str:
        p = self.positions_part
        if p is None:
            return ""
        if p == 0:
            return (" The same cards are dealt, but the starting positions differ (the seat "
                    "to move or the chips).")
        return (f" The moves read the same until then, but the positions already differ after "
                f"move {p}: the same move had a different effect under the two rulesets.")

    def _parting_text(self) -> str:
        a, b = self.rules_a.caption(), self.rules_b.caption()
        i = self.parting
        assert i is not None
        if not self.same_start:
            return (f"The deals differ from the start: {a} and {b} do not deal the same "
                    f"cards, so they part at move 1.")
        said_a = None if self.log_a is None else _lower_first(self.log_a.text)
        said_b = None if self.log_b is None else _lower_first(self.log_b.text)
        if said_a is None or said_b is None:
            over, going, said = (a, b, said_b) if said_a is None else (b, a, said_a)
            return f"They part at move {i + 1}: under {over} the deal is over, under {going} {said}"
        text = (f"They part at move {i + 1}: under {a} {said_a.rstrip('.')}; "
                f"under {b} {said_b}")
        if self.b_on_move_a is not None and self.a_on_move_b is not None \
                and self.b_on_move_a.legal and self.a_on_move_b.legal:
            text += (" Both moves are allowed under both rulesets here: the computer player "
                     "chose differently because the rules gave it different choices or "
                     "information earlier.")
        return text


def _lower_first(text: str) -> str:
    """A log line inside a sentence: ``Seat 3 plays 6♠.`` -> ``seat 3 plays 6♠.``"""
    return text[:1].lower() + text[1:]


def _log_entry(state: GameState[Any], number: int) -> LogEntry | None:
    """The public log entry of move ``number`` (0-based) of the deal ``state`` ends, or None."""
    if number >= len(state.history):
        return None
    return [entry for entry in state.move_log() if entry.move][number]


def _outcome_text(state: GameState[Any]) -> str:
    outcome = state.outcome
    return "" if outcome is None else outcome.summary.rstrip(".")


def _ask(state: GameState[Any], move: Any) -> Explanation | None:
    """``state.explain(move, voice="table")`` by the move's text, or ``None`` where it cannot
    be asked (the other game has no such move, or the engine refuses the question)."""
    if move is None:
        return None
    try:
        return state.explain(str(move), voice="table")
    except (RulebookError, ValueError):
        return None


def run_lockstep(deal_seed: int | str, rules_a: RulesBase | str, rules_b: RulesBase | str,
                 players: int = 4, dealer: int = 0,
                 bots: Sequence[str | Bot] | str | None = "smart",
                 bot_seed: int | str | None = None) -> LockstepResult:
    """Play deal ``deal_seed`` under both rulesets with the same computer players and find
    the first move where they part (see the module docstring).

    ``bot_seed`` (default: the deal seed) keys the bots' :class:`TurnRandom` in both deals:
    a whole number or text, as a deal's seed.  A bad ruleset, player count, dealer or seed
    raises :class:`~rulebook.errors.RulesError`.

    >>> r = run_lockstep(7, "badam-satti", "sevens")
    >>> r.parting, str(r.move_a(0)), str(r.move_b(0))
    (0, '7H', '7D')
    >>> r.log_a.text
    'Seat 3 plays 7♥.'

    """
    rules_a, rules_b = as_rules(rules_a), as_rules(rules_b)
    # plain values, checked before anything is dealt: both deals and the result use them
    players, deal_seed, dealer = rules_a.check_deal(players, deal_seed, dealer)
    seed = deal_seed if bot_seed is None else check_seed(bot_seed, RulesError)
    start_a, start_b = (r.new_deal(players=players, seed=deal_seed, dealer=dealer)
                        for r in (rules_a, rules_b))
    final_a, final_b = autoplay(start_a, bots, seed=seed), autoplay(start_b, bots, seed=seed)
    states_a, states_b = tuple(final_a.states()), tuple(final_b.states())
    seats_a, seats_b = ([s.to_move for s in states[:-1]] for states in (states_a, states_b))
    same = same_deal(start_a, start_b)
    parting = first_parting(seats_a, final_a.history, seats_b, final_b.history) if same else 0
    explain_a = explain_b = b_on_a = a_on_b = log_a = log_b = positions_part = None
    if same:
        last = len(states_a) if parting is None else parting + 1
        for k in range(min(last, len(states_a), len(states_b))):
            if k == parting and (states_a[k].is_over or states_b[k].is_over):
                break  # one deal ended first: that is the parting itself
            if position_key(states_a[k]) != position_key(states_b[k]):
                positions_part = k
                break
    if parting is not None:
        sa, sb = (states[min(parting, len(states) - 1)] for states in (states_a, states_b))
        ma, mb = (final.history[parting] if parting < len(final.history) else None
                  for final in (final_a, final_b))
        explain_a = None if ma is None else sa.explain(ma, voice="table")
        explain_b = None if mb is None else sb.explain(mb, voice="table")
        log_a, log_b = _log_entry(final_a, parting), _log_entry(final_b, parting)
        # Across different deals, or with different players to move, the other ruleset's
        # verdict would be about another player's hand and teaches nothing.
        other_player = None not in (sa.to_move, sb.to_move) and sa.to_move != sb.to_move
        if same and not other_player:
            b_on_a, a_on_b = _ask(sb, ma), _ask(sa, mb)
    return LockstepResult(rules_a=rules_a, rules_b=rules_b, players=players, seed=deal_seed,
                          dealer=dealer, states_a=states_a, states_b=states_b,
                          same_start=same, parting=parting, explain_a=explain_a,
                          explain_b=explain_b, b_on_move_a=b_on_a, a_on_move_b=a_on_b,
                          positions_part=positions_part, log_a=log_a, log_b=log_b)
