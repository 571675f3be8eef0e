"""Puzzles from real deals: positions where one move is clearly best, found by the coach.

``rulebook.puzzles(ruleset, n=10, seed=0, *, worlds=120, players=4)`` plays simulated deals
between ``smart`` computer players (seeded, so the same seed gives the same puzzles).  At each
decision with a small choice (2 to 4 legal moves) it asks :func:`rulebook.coach.coach` for the
seat to move, which uses only that seat's view; the position becomes a :class:`Puzzle` when
one move is clearly best: the 95% interval of its paired difference to every other move
excludes 0.  At most one puzzle is taken from a deal, and at most ``max_deals`` deals are
tried, so the time is bounded; fewer than ``n`` puzzles come back when the deals tried hold
fewer.

A puzzle poses its question in plain words with the seat's hand in symbols
(:attr:`Puzzle.question`), holds the answer (:attr:`Puzzle.best`, the coach's numbers in
:attr:`Puzzle.advice`, its sentence in :attr:`Puzzle.answer`) and checks a guess
(:meth:`Puzzle.check`).  This module names no game and holds no rule.  Standard library only.
"""
from __future__ import annotations

import dataclasses
import sys
import types
from typing import Any

from .coach import MAX_WORLDS, Advice, MoveValue, _best_of, coach, coach_room
from .coach import _name as _called
from .errors import MoveError, RulesError, check_seed, plain_int, quoted
from .fastrandom import TurnRandom, derived_seeds
from .protocol import GameState, bots_for

__all__ = ["puzzles", "Puzzle", "PuzzleCheck", "MIN_CHOICES", "MAX_CHOICES", "MAX_PUZZLES"]

MIN_CHOICES = 2
"""The fewest legal moves a puzzle offers."""

MAX_CHOICES = 4
"""The most legal moves a puzzle offers (a choice small enough to think about)."""

MAX_PUZZLES = 1_000
"""The most puzzles one call looks for."""

POLICY = "smart"
"""The computer players that play the deals and the coach's play-outs."""


@dataclasses.dataclass(frozen=True)
class PuzzleCheck:
    """The verdict on a guess: whether it is the best move, and the sentence that says why.
    True in a test when the guess is right."""

    right: bool
    """Whether the guess is the best move."""
    text: str
    """The verdict in plain words, with the coach's sentence for the guess."""

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        return self.text


def _name(move: Any) -> str:
    """A move for a learner: its cards in symbols (``8♠``), else its word (``raise``)."""
    return str(move.pretty())


def _listed(names: list[str]) -> str:
    """``6♠, 7♣ or 9♠``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One position from a simulated deal where one move is clearly best.

    ``state`` is the position (the full state: the question and the coach use only
    ``state.view(seat)``), ``seat`` the seat to move, ``advice`` the coach's numbers for it.
    ``deal_seed`` and ``move_number`` say where it came from:
    ``rules.new_deal(players, seed=deal_seed)`` played by smart players reaches it after
    ``move_number`` moves."""

    state: GameState[Any]
    """The position, the seat's turn."""
    seat: int
    """The seat to move, whose hand the question shows."""
    advice: Advice
    """The coach's answer for the seat (every legal move's value)."""
    deal_seed: int
    """The seed of the deal the position comes from."""
    move_number: int
    """The moves played in that deal before the position."""

    @property
    def moves(self) -> list[Any]:
        """The legal moves, in the order the engine lists them."""
        return [entry.move for entry in self.advice.moves]

    @property
    def best(self) -> MoveValue:
        """The coach's entry for the best move (``.move``, ``.mean``, ``.low``, ``.high``...)."""
        return self.advice.best

    @property
    def noun(self) -> str:
        """``card`` when every legal move plays a card, else ``move``."""
        return "card" if all(len(getattr(m, "cards", ())) for m in self.moves) else "move"

    @property
    def question(self) -> str:
        """The puzzle in plain words: the game, the seat, its hand and the legal moves."""
        hand = self.state.hands[self.seat].pretty()
        names = [_name(m) for m in self.moves]
        choices = "You may play" if self.noun == "card" else "Your choices:"
        return (f"{self.state.rules.title}, {self.state.players} players, move "
                f"{self.move_number + 1} of the deal. You are seat {self.seat} and hold "
                f"{hand}. {choices} {_listed(names)}. Find the best {self.noun}.")

    @property
    def answer(self) -> str:
        """The coach's sentence for the best move against the next best."""
        return self.advice.sentences()[0]

    def sentence(self, move: Any) -> str:
        """The coach's sentence about ``move`` (one of :attr:`moves`)."""
        entry = self.advice.value(move)
        best = self.best
        sentences = self.advice.sentences()
        if entry is best:
            return sentences[0]
        others = [e for e in self.advice.moves if e is not best]
        # the first sentence is the best against the runner-up; then one per other move
        runner = _best_of(others, self.advice.lower_is_better)
        rest = [e for e in others if e is not runner]
        return sentences[0] if entry is runner else sentences[1 + rest.index(entry)]

    def check(self, guess: Any) -> PuzzleCheck:
        """Whether ``guess`` (a move, its notation ``"8S"`` or its learner's form ``"8♠"``) is the
        best move, with the coach's sentence.  A guess that is not a move of the game raises
        RulesError; a move that is not legal here is wrong, and the verdict says so."""
        typed = [m for m in self.moves if isinstance(guess, str)
                 and guess.strip().casefold() == _name(m).casefold()]
        try:
            move = typed[0] if typed else self.state.parse_move(guess)
        except MoveError as error:
            raise RulesError(str(error)) from None
        best = self.best
        if move == best.move:
            return PuzzleCheck(True, f"Right: {_called(best.move)}. {self.answer}")
        if move not in self.moves:
            said = _called(move)
            return PuzzleCheck(False, f"{said[:1].upper()}{said[1:]} cannot be played here: "
                                      f"the legal moves "
                                      f"are {_listed([_name(m) for m in self.moves])}.")
        return PuzzleCheck(False, f"Not {_called(move)}: the best is {_called(best.move)}. "
                                  f"{self.sentence(move)}")

    def __str__(self) -> str:
        return self.question

    def _repr_html_(self) -> str:
        import html

        return f'<div class="rulebook-puzzle"><p>{html.escape(self.question)}</p></div>'


def _clear(advice: Advice) -> bool:
    """Whether the best move's paired difference to every other move excludes 0."""
    best = advice.best
    return all(entry.clearly_worse for entry in advice.moves if entry is not best)


def _ruleset(ruleset: Any) -> Any:
    if isinstance(ruleset, str):
        from .rules import load_rules

        return load_rules(ruleset)
    if not callable(getattr(ruleset, "new_deal", None)) or not hasattr(ruleset, "game"):
        raise RulesError(f"ruleset={quoted(ruleset)}: expected a ruleset (what load_rules "
                         f"returns) or a ruleset's name (see profile_ids())")
    return ruleset


def puzzles(ruleset: Any, n: int = 10, seed: int | str = 0, *, worlds: int = 120,
            players: int = 4, max_deals: int | None = None) -> list[Puzzle]:
    """Up to ``n`` puzzles from deals of ``ruleset`` (a ruleset or its name) played by smart
    computer players with ``players`` seats, deterministic for ``seed``.

    At each decision with 2 to 4 legal moves the coach (``worlds`` sampled worlds, smart
    play-outs) values every move from the seat's view; the position is kept when the best
    move's paired difference to every other move excludes 0.  One puzzle at most per deal;
    at most ``max_deals`` deals (by default ``20 * n + 20``) are tried.  Bad arguments raise
    RulesError."""
    rules = _ruleset(ruleset)
    coach_room(rules)  # a game without a coach is refused here
    count = plain_int(n)
    if count is None or not 1 <= count <= MAX_PUZZLES:
        raise RulesError(f"n={quoted(n)}: expected a whole number from 1 to {MAX_PUZZLES:,}")
    seed = check_seed(seed, RulesError)
    many = plain_int(worlds)
    if many is None or not 2 <= many <= MAX_WORLDS:
        raise RulesError(f"worlds={quoted(worlds)}: expected a whole number from 2 to "
                         f"{MAX_WORLDS:,}")
    seats = plain_int(players)
    if seats is None:
        raise RulesError(f"players={quoted(players)}: expected a whole number of seats")
    limit = 20 * count + 20 if max_deals is None else plain_int(max_deals)
    if limit is None or limit < 1:
        raise RulesError(f"max_deals={quoted(max_deals)}: expected a whole number, 1 or more")
    bots = bots_for(rules, POLICY, seats) if seats >= 1 else []
    found: list[Puzzle] = []
    deal_seeds = derived_seeds([f"{seed}/{i}" for i in range(limit)], "puzzles")
    for deal_seed in deal_seeds:
        state = rules.new_deal(players=seats, seed=deal_seed)  # bad players: RulesError
        if len(bots) != state.players:
            bots = bots_for(rules, POLICY, state.players)
        rng = TurnRandom(deal_seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_moves()
            if MIN_CHOICES <= len(legal) <= MAX_CHOICES:
                number = len(state.history)
                advice = coach(state, seat, worlds=many, policy=POLICY,
                               seed=f"{deal_seed}/{number}")
                if _clear(advice):
                    found.append(Puzzle(state, seat, advice, deal_seed, number))
                    break
            rng.start_turn(len(state.history))
            state = state.play(bots[seat].choose(state.view(seat), rng))
        if len(found) >= count:
            break
    return found


# -- ``rulebook.puzzles`` is this module, and calling it calls :func:`puzzles` --------------------
class _CallableModule(types.ModuleType):
    """This module's type: ``rulebook.puzzles(ruleset)`` calls :func:`puzzles`, while
    ``rulebook.puzzles.Puzzle`` and ``import rulebook.puzzles`` keep working."""

    def __call__(self, ruleset: Any, n: int = 10, seed: int | str = 0, *, worlds: int = 120,
                 players: int = 4, max_deals: int | None = None) -> list[Puzzle]:
        return puzzles(ruleset, n, seed, worlds=worlds, players=players, max_deals=max_deals)


sys.modules[__name__].__class__ = _CallableModule
