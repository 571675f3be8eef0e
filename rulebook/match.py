"""Matches: deal after deal with the dealer rotating, running totals, places and a result.

Generic over games: a :class:`Match` needs only these methods of its rules object:
``new_deal(players, seed, dealer)``, ``match_length()`` (a number of deals; ``None`` for a
ruleset without matches), ``match_totals(outcomes, players)``, ``match_result(outcomes,
players)`` (returning a :class:`MatchResult`, with its tie-break chain and the words of each
step, :class:`TieBreakStep`) and ``deal_after(previous, players, seed, dealer)``, which a
game whose deals carry something over (chips) overrides, so ``match.current.stacks`` shows
the stacks carried over.

Clauses implemented here: BS-DEAL-4 (the first dealer is a parameter, default 0) and
BS-DEAL-7 (each later deal is dealt by the player left of the previous dealer).  Deal ``k``
(from 0) is shuffled from ``derived_seed(seed, "deal", k)``.

A match is an immutable value: ``match.play(move)`` returns the next match.  Records use
the format ``"rulebook/match"``: the rules, players, seed, first dealer and the move texts of
every deal, with a digest; :func:`load_match` replays them through the engine.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import RecordError, RulesError, check_seed, plain_int, plain_str, quoted
from .html import ordinal
from .protocol import GameState, autoplay, derived_seed
from .recording import MATCH_FORMAT, VERSION, check_envelope, digest, replay_moves, rules_from_json

__all__ = ["Match", "MatchResult", "TieBreakStep", "new_match", "load_match",
           "explain_match_result"]


class TieBreakStep(NamedTuple):
    """One step of a ruleset's tie-break chain, in words (see :func:`explain_match_result`)."""

    key: str
    """The field of each seat's :attr:`MatchResult.tie_break` entry it compares."""
    goes_to: str
    """Whom the tie goes to, e.g. ``"more rounds won"``."""
    words: Callable[[Any], str]
    """One seat's value in words, e.g. ``won 2``."""


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """The standing of a match: places (1 = first, shared when equal), winners and totals."""

    places: tuple[int, ...]
    """Each seat's place."""
    winners: tuple[int, ...]
    """The seats in first place."""
    totals: tuple[int, ...]
    """Each seat's total (penalty points, or chip stacks where a game plays for chips)."""
    summary: str
    """One sentence describing the standing."""
    tie_break: tuple[dict[str, Any], ...] | None = None
    """Per seat, the values of the tie-break chain when the ruleset has one (BS-MATCH-3)."""
    steps: tuple[TieBreakStep, ...] = ()
    """The words of each step of that chain, in order."""
    unit: str = "points"
    """What the totals count, in words (``"points"``, ``"chips"``)."""


class Match:
    """A match in progress or finished.  Immutable: :meth:`play` returns a new match."""

    __slots__ = ("rules", "players", "seed", "dealer", "deals", "current")

    rules: Any
    players: int
    seed: int | str
    dealer: int
    deals: tuple[GameState[Any], ...]
    """The finished deals, oldest first."""
    current: GameState[Any] | None
    """The deal in progress, or ``None`` once the match is over."""

    def __init__(self, rules: Any, players: int, seed: int | str, dealer: int,
                 deals: tuple[GameState[Any], ...], current: GameState[Any] | None) -> None:
        for name, value in zip(self.__slots__, (rules, players, seed, dealer, deals, current)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("matches are immutable: play a move to get a new match")

    @property
    def length(self) -> int:
        """The number of deals in the match."""
        return int(self.rules.match_length())

    def _deal_number(self, k: Any) -> int:
        """``k`` as a plain ``int`` if it numbers a deal of this match (0 to length - 1),
        else RulesError."""
        number = plain_int(k)
        if number is None or not 0 <= number < self.length:
            raise RulesError(f"deal {quoted(k)} is not a deal of this match: expected 0 to "
                             f"{self.length - 1} (deals are numbered from 0)")
        return number

    def deal_dealer(self, k: int) -> int:
        """The dealer of deal ``k``, from 0 (BS-DEAL-7: one seat to the left each deal)."""
        return (self.dealer + self._deal_number(k)) % self.players

    def deal_seed(self, k: int) -> int:
        """The seed of deal ``k``, from 0: ``derived_seed(seed, "deal", k)``."""
        return derived_seed(self.seed, "deal", self._deal_number(k))

    def _start_deal(self, k: int, previous: GameState[Any] | None = None) -> GameState[Any]:
        """Deal ``k``; after ``previous`` (the deal before it) when the ruleset carries
        something over from deal to deal (``rules.deal_after``, e.g. chips, BS-CHIP-7)."""
        args = {"players": self.players, "seed": self.deal_seed(k), "dealer": self.deal_dealer(k)}
        state: GameState[Any] = self.rules.new_deal(**args) if previous is None else \
            self.rules.deal_after(previous, **args)
        return state

    @property
    def is_over(self) -> bool:
        """Whether every deal of the match has been played."""
        return self.current is None

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current deal, or ``None`` when the match is over."""
        return None if self.current is None else self.current.to_move

    def legal_moves(self) -> list[Any]:
        """The legal moves in the current deal."""
        return [] if self.current is None else self.current.legal_moves()

    def play(self, move: Any) -> "Match":
        """The match after ``move`` in the current deal; a finished deal starts the next."""
        if self.current is None:
            raise RulesError("the match is over: no more moves")
        state = self.current.play(move)
        if not state.is_over:
            return Match(self.rules, self.players, self.seed, self.dealer, self.deals, state)
        return self._finish_deal(state)

    def _finish_deal(self, state: GameState[Any]) -> "Match":
        """The match once ``state``, the current deal played to its end, is over."""
        deals = self.deals + (state,)
        nxt = self._start_deal(len(deals), state) if len(deals) < self.length else None
        return Match(self.rules, self.players, self.seed, self.dealer, deals, nxt)

    def autoplay(self, bots: Any = None, seed: int | str = 0) -> "Match":
        """Let computer players finish the match (each deal driven by ``protocol.autoplay``,
        its bots seeded from ``seed``: a whole number or text, as a deal's seed)."""
        seed = check_seed(seed, RulesError)
        match = self
        while match.current is not None:
            match = match._finish_deal(autoplay(match.current, bots,
                                                seed=derived_seed(seed, "match", len(match.deals))))
        return match

    @property
    def outcomes(self) -> list[Any]:
        """The outcome of every finished deal."""
        return [d.outcome for d in self.deals]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished deals (BS-MATCH-1, BS-CHIP-7)."""
        return tuple(self.rules.match_totals(self.outcomes, self.players))

    @property
    def result(self) -> MatchResult:
        """Places and winners over the finished deals, with the ruleset's tie-breaks."""
        result: MatchResult = self.rules.match_result(self.outcomes, self.players)
        return result

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place (shared when still tied after every tie-break)."""
        return self.result.places

    def to_record(self) -> dict[str, Any]:
        """This match as a JSON-able record (format ``rulebook/match``)."""
        states = list(self.deals) + ([self.current] if self.current is not None else [])
        record: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "version": VERSION,
            "rules": self.rules.to_json(),
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "deals": [[str(m) for m in s.history] for s in states],
        }
        record["digest"] = digest(record)
        return record

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"deal {len(self.deals) + 1} of {self.length}"
        return f"<Match {self.rules.label()} {self.players} players, {status}, " \
               f"totals {list(self.totals)}>"


def new_match(rules: Any, players: int = 4, seed: int | str = 7, dealer: int = 0) -> Match:
    """A new match: deal 0 dealt by ``dealer`` (BS-DEAL-4) from ``derived_seed(seed, "deal", 0)``."""
    if not callable(getattr(rules, "check_deal", None)):
        raise RulesError(f"rules={quoted(rules)}: expected a rules object, load_rules(...)")
    # the game's checks of players, seed and dealer, as plain values: the match is dealt
    # and recorded from what is checked
    players, seed, dealer = rules.check_deal(players, seed, dealer)
    if rules.match_length() is None:
        raise RulesError(f"{rules.title} plays single deals, not matches of several deals")
    match = Match(rules, players, seed, dealer, (), None)
    return Match(rules, players, seed, dealer, (), match._start_deal(0))


def load_match(data: Any) -> Match:
    """Rebuild a match from its record, replaying every deal through the engine."""
    check_envelope(data, MATCH_FORMAT, ("rules", "players", "seed", "dealer", "deals"))
    rules = rules_from_json(data["rules"])
    if rules.match_length() is None:
        raise RecordError(f"the record is a match, but {rules.title} plays single deals, not "
                          "matches: expected a match of a ruleset that plays matches")
    try:
        match = new_match(rules, players=data["players"], seed=data["seed"],
                          dealer=data["dealer"])
    except (RulesError, AttributeError, TypeError) as exc:
        raise RecordError(f"the match cannot be set up: {exc}") from exc
    deals = data["deals"]
    if not isinstance(deals, list) or len(deals) > match.length:
        raise RecordError(f"the record's deals must be a list of at most {match.length} move "
                          "lists")
    finished: list[GameState[Any]] = []
    current: GameState[Any] | None = match.current
    for k, moves in enumerate(deals):
        if current is None:
            raise RecordError(f"deal {k + 1} follows the end of the match")
        state = replay_moves(current, moves, deal=k + 1)
        if state.is_over:
            finished.append(state)
            current = match._start_deal(k + 1, state) if k + 1 < match.length else None
        else:
            if k != len(deals) - 1:
                raise RecordError(f"deal {k + 1} is unfinished but another deal follows it")
            current = state
    return Match(rules, match.players, match.seed, match.dealer, tuple(finished), current)


def _seats(seats: list[int]) -> str:
    """``seat 2``, ``seats 0 and 2``, ``seats 0, 1 and 3``."""
    head = ", ".join(map(str, seats[:-1]))
    return f"seats {head} and {seats[-1]}" if head else f"seat {seats[0]}"


def explain_match_result(result: MatchResult, unit: str = "points") -> tuple[str, ...]:
    """The result of a match in plain sentences, its tie-breaks explained.

    ``unit`` names what the totals count (``"points"``, ``"chips"``).  Whether the lowest or
    the highest total wins is read from the result itself (the winners hold it).  For every
    group of seats with equal totals the sentences say what separated them — each step of
    the ruleset's tie-break chain (:attr:`MatchResult.tie_break`, in the words of
    :attr:`MatchResult.steps`, BS-MATCH-3) until they differ — or that they share the place.

    >>> step = TieBreakStep("won", "more deals won", lambda n: f"won {n}")
    >>> r = MatchResult(places=(2, 1, 3), winners=(1,), totals=(14, 14, 30), summary="",
    ...                 tie_break=({"total": 14, "won": 1}, {"total": 14, "won": 2},
    ...                            {"total": 30, "won": 0}), steps=(step,))
    >>> for line in explain_match_result(r): print(line)
    Seat 1 wins the match with 14 points, the lowest total.
    Seats 0 and 1 both have 14 points; the tie goes to more deals won: seat 0 won 1, seat 1 won 2.
    """
    if not isinstance(result, MatchResult):
        raise RulesError(f"result={quoted(result)}: expected a match's result (match.result)")
    if plain_str(unit) is None or not unit or len(unit) > 40:
        raise RulesError(f"unit={quoted(unit)}: expected what the totals count, in a word "
                         "such as 'points' or 'chips'")
    unit = plain_str(unit) or unit
    totals, places = result.totals, result.places
    if not totals:
        return ()
    lowest = all(totals[w] == min(totals) for w in result.winners)
    best = "lowest" if lowest and (unit != "chips" or min(totals) != max(totals)) else "highest"
    lines: list[str] = []
    winners = sorted(result.winners)
    if len(winners) == 1:
        w = winners[0]
        lines.append(f"Seat {w} wins the match with {totals[w]} {unit}, the {best} total.")
    elif winners:
        lines.append(f"{_seats(winners).capitalize()} share first place with "
                     f"{totals[winners[0]]} {unit} each.")
    groups: dict[int, list[int]] = {}
    for s, total in enumerate(totals):
        groups.setdefault(total, []).append(s)
    chain = result.tie_break
    named = {step.key: step for step in result.steps}
    keys = [k for k in (chain[0] if chain else {}) if k != "total"]
    for total, group in sorted(groups.items(), key=lambda g: min(places[s] for s in g[1])):
        if len(group) < 2:
            continue
        both = "both" if len(group) == 2 else "all"
        if not keys or chain is None:
            lines.append(f"{_seats(group).capitalize()} {both} have {total} {unit} and share "
                         f"{ordinal(places[group[0]])} place.")
            continue
        steps: list[str] = []
        tied = [group]
        for key in keys:
            still = [g for g in tied if len(g) > 1]
            if not still:
                break
            step = named.get(key, TieBreakStep(key, key.replace("_", " "), str))
            values = ", ".join(f"seat {s} {step.words(chain[s][key])}" for g in still for s in g)
            steps.append(f"{step.goes_to}: {values}")
            tied = [[s for s in g if chain[s][key] == v]
                    for g in still for v in dict.fromkeys(chain[s2][key] for s2 in g)]
        shared = "".join(f"; {_seats(g)} are equal on every tie-break and share "
                         f"{ordinal(places[g[0]])} place" for g in tied if len(g) > 1)
        lines.append(f"{_seats(group).capitalize()} {both} have {total} {unit}; the tie goes to "
                     + "; then to ".join(steps) + shared + ".")
    return tuple(lines)
