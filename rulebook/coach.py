"""The coach: the value of every legal move for the seat to move, estimated without peeking.

``rulebook.coach(state, seat=None, *, worlds=500, policy="smart", seed=0)`` takes
``state.view(seat)`` and nothing else from the state.  From that view the game's own sampler
draws ``worlds`` full deals consistent with everything the seat knows (its hand, the table,
the public history, the cards the other seats are proven not to hold); on each of them every
legal move is played, followed by the rest of the deal played out by the computer players
``policy`` at every seat, the seat's own later moves included.  The same worlds and the same
seeds serve every move (paired), so the differences between moves are far tighter than
their separate intervals.  The result is an :class:`Advice`: per move the expected result in
the game's own measure (the one :func:`rulebook.simulate` reports) with a 95% t interval, the
chance of winning the deal with a Wilson interval, and the paired difference to the best move
with its t interval over the per-world differences; ``advice.best``, ``advice.frame()``
(pandas, imported when called) and ``advice.sentences()``.

Each game brings its part as the room ``coach`` of its package (found like every room, see
``RulesBase._room``), with these names:

- ``sample(view, rng) -> GameState``: a full state consistent with the view, its hidden cards
  drawn uniformly among the consistent worlds; ``views_equal(sample(view, rng).view(view.seat),
  view)`` holds;
- ``rollout(state, policy, seed) -> tuple[float, ...]``: the rest of the deal played by
  ``policy`` at every seat, the measure per seat (a :class:`RolloutResult` may also say who
  won);
- optional: ``win(result, seat) -> bool`` (default: the result's ``winners`` when it is a
  :class:`RolloutResult`, else the seat's value is the best at the table), ``measure(rules)
  -> str`` (the key of :data:`rulebook.measures.MEASURES` the rollout reports; default: what
  the game's playout terms call ``points``) and ``move_note(view, move) -> str | None`` (what
  the move does, in words true for the position, e.g. ``8♠ makes your 9♠ playable next``)
  and ``bounds(view) -> (low, high)`` (the least and the most the measure can be for the
  seat: where every world gave one result, the interval still allows the others, see
  :func:`mean_interval`);
- optional, for speed (each must give exactly what the plain names give): ``sampler(view)
  -> Callable[[random.Random], GameState]`` (``sample`` for one view, with what does not
  change between its worlds worked out once) and ``rollout_moves(world, moves, policy,
  seed) -> list[result]`` (``[rollout(world.play(m), policy, seed) for m in moves]``, e.g.
  on the game's fast core without building a state per move) and ``rollout_worlds(worlds,
  moves, policy, seeds) -> list[list[result]]`` (``[rollout_moves(w, moves, policy, s) for
  w, s in zip(worlds, seeds)]``, e.g. every world at once on a numpy batch), with
  ``BATCHED``, the computer players whose play-outs it batches (for those the coach hands it
  :data:`BATCH_WORLDS` worlds at a time, else a twentieth of the worlds at a time).

The computer player ``expert`` (:class:`ExpertBot`), registered by each game whose coach room
exists, plays the coach's best move (:data:`EXPERT_WORLDS` worlds, ``smart`` play-outs) where
the coach finds the ``smart`` player's move clearly worse, else the smart move.  This module names no game and holds no rule: it asks the state, the view and the
game's room.  Standard library only; no clause is decided here (each game's room names the
clauses its sampler rests on).
"""
from __future__ import annotations

import dataclasses
import math
import random
import sys
import types
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

from .errors import RulesError, check_seed, plain_int, plain_str, quoted
from .fastrandom import TurnRandom, derived_seeds
from .protocol import GameState, check_turn, make_bot
from .stats import Z95, wilson

__all__ = ["coach", "advise", "Advice", "MoveValue", "RolloutResult", "ExpertBot",
           "coach_room", "views_equal", "t_quantile", "mean_interval", "MAX_WORLDS",
           "EXPERT_WORLDS", "EXPERT_POLICY", "EXPERT_BASE", "BATCH_WORLDS"]

MAX_WORLDS = 100_000
"""The most worlds one piece of advice samples."""

BATCH_WORLDS = 250
"""The worlds handed at once to a room's ``rollout_worlds`` (a numpy batch): enough that the
batch pays, few enough that ``progress`` is still called every fraction of a second (a Stop
button stops the work between two such groups)."""

EXPERT_WORLDS = 40
"""The worlds the ``expert`` computer player samples for each decision."""

EXPERT_POLICY = "smart"
"""The computer players that play out the expert's sampled worlds."""

EXPERT_BASE = "smart"
"""The computer player whose move the expert keeps unless the coach finds it clearly worse."""

_LOWER_IS_BETTER: dict[str, bool] = {"penalty_points": True, "cards_left": True,
                                     "place": True, "penalty_cards": True, "chips": False}
"""Which way each measure a play-out can report is better."""

_WORDS: dict[str, tuple[str, str, str, str]] = {
    "penalty_points": ("penalty points", "fewer", "more", "penalty points"),
    "chips": ("chips", "more", "fewer", "net chips"),
    "cards_left": ("cards", "fewer", "more", "cards left"),
    "penalty_cards": ("penalty cards", "fewer", "more", "penalty cards"),
    "place": ("places", "better", "worse", "place"),
}
"""How a sentence counts each measure: the unit (plural), the words for a better and a worse
amount, and the result's name after "expected"."""


# -- what a play-out gives back --------------------------------------------------------------
class RolloutResult(tuple):  # type: ignore[type-arg]
    """A play-out's measure per seat (a tuple of floats) that also says who won the deal
    (``winners``, a tuple of seats; empty when nobody did)."""

    winners: tuple[int, ...]

    def __new__(cls, values: Sequence[float], winners: Sequence[int] = ()) -> "RolloutResult":
        self = super().__new__(cls, (float(v) for v in values))
        self.winners = tuple(int(s) for s in winners)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (RolloutResult, (tuple(self), self.winners))


# -- the advice --------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class MoveValue:
    """One legal move's value: the expected result with its 95% interval, the chance of
    winning with its interval, and the paired difference to the best move (this move minus
    the best, per world) with its interval."""

    move: Any
    """The move (the game's move object; ``str(move)`` is its notation, ``move.pretty()``
    its learner's form)."""
    mean: float
    """The expected result, in the advice's measure."""
    low: float
    """The low end of the 95% interval of :attr:`mean` (``-inf`` with one world)."""
    high: float
    """The high end of the 95% interval of :attr:`mean` (``inf`` with one world)."""
    win: float
    """The chance of winning the deal (a share, 0 to 1)."""
    win_low: float
    """The low end of the 95% Wilson interval of :attr:`win`."""
    win_high: float
    """The high end of the 95% Wilson interval of :attr:`win`."""
    diff: float
    """This move's result minus the best move's, averaged over the same worlds (0 for the
    best move)."""
    diff_low: float
    """The low end of the 95% interval of :attr:`diff`."""
    diff_high: float
    """The high end of the 95% interval of :attr:`diff`."""
    note: str | None = None
    """What the move does, in words true for the position (from the game's room), or None."""

    @property
    def clearly_worse(self) -> bool:
        """Whether the interval of the difference to the best move excludes 0."""
        return self.diff_low > 0 or self.diff_high < 0


@dataclasses.dataclass(frozen=True)
class Advice:
    """The coach's answer for one seat in one position: one :class:`MoveValue` per legal move
    (in the order of the legal moves), the best of them, and how they were estimated."""

    seat: int
    """The seat advised (the seat to move)."""
    measure: str
    """The measure, as a table names it (``penalty points``, ``net chips``, ``cards left``):
    the one :func:`rulebook.simulate` reports for the game."""
    measure_key: str
    """The measure's key in :data:`rulebook.measures.MEASURES` (``penalty_points``...)."""
    lower_is_better: bool
    """Whether a lower result is better (penalty points) or a higher one (chips)."""
    moves: tuple[MoveValue, ...]
    """One entry per legal move, in the order ``legal_moves()`` gives them."""
    worlds: int
    """The sampled worlds every move was played out on."""
    policy: str
    """The computer players that played the rest of every deal."""
    seed: int | str
    """The seed the worlds and play-outs were drawn from."""

    @property
    def best(self) -> MoveValue:
        """The move with the best expected result (the first of equals, in legal order)."""
        return _best_of(self.moves, self.lower_is_better)

    def value(self, move: Any) -> MoveValue:
        """The entry of ``move`` (a move object or its notation)."""
        text = plain_str(move)
        for entry in self.moves:
            if entry.move is move or (text is not None and text == str(entry.move)) or (
                    type(move) is type(entry.move) and entry.move == move):
                return entry
        raise RulesError(f"{quoted(move)} is not one of the moves advised on: expected one of "
                         f"{', '.join(str(e.move) for e in self.moves)}")

    def frame(self) -> Any:
        """The advice as a pandas DataFrame, one row per move (pandas imported here)."""
        import pandas as pd

        best = self.best
        rows = [{"move": str(e.move), "card": e.move.pretty(), "best": e is best,
                 "mean": e.mean, "low": e.low, "high": e.high, "win": e.win,
                 "win_low": e.win_low, "win_high": e.win_high, "diff": e.diff,
                 "diff_low": e.diff_low, "diff_high": e.diff_high, "note": e.note}
                for e in self.moves]
        frame = pd.DataFrame(rows)
        frame.attrs.update(measure=self.measure, lower_is_better=self.lower_is_better,
                           worlds=self.worlds, policy=self.policy, seat=self.seat)
        return frame

    def sentences(self) -> list[str]:
        """The advice in plain words, cards in symbols: the best move against the next best,
        every other move against the best, the best move's chance of winning and how the
        numbers were found."""
        return _sentences(self)

    def __str__(self) -> str:
        return " ".join(self.sentences())

    def _repr_html_(self) -> str:
        import html

        best = self.best
        rows = "".join(
            f"<tr><td>{'★ ' if e is best else ''}{html.escape(e.move.pretty())}</td>"
            f"<td>{_fmt(e.mean)}</td><td>{_interval(e.low, e.high)}</td>"
            f"<td>{e.win:.0%}</td><td>{_interval(e.diff_low, e.diff_high)}</td></tr>"
            for e in self.moves)
        words = "".join(f"<li>{html.escape(s)}</li>" for s in self.sentences())
        return (f'<div class="rulebook-advice"><table><tr><th>move</th><th>{self.measure}</th>'
                f"<th>95% CI</th><th>win</th><th>vs best (95% CI)</th></tr>{rows}</table>"
                f"<ul>{words}</ul></div>")


def _best_of(moves: Sequence[MoveValue], lower_is_better: bool) -> MoveValue:
    best = moves[0]
    for entry in moves[1:]:
        if (entry.mean < best.mean) if lower_is_better else (entry.mean > best.mean):
            best = entry
    return best


# -- statistics ------------------------------------------------------------------------------
_NORMAL = NormalDist()


def t_quantile(df: int, p: float = 0.975) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (exact for 1 and 2,
    a Cornish-Fisher expansion, good to about 1e-4, from 3 on)."""
    if df < 1:
        raise ValueError(f"t_quantile({df}): df must be 1 or more")
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        a = 4 * p * (1 - p)
        return (2 * p - 1) * math.sqrt(2 / a)
    z = _NORMAL.inv_cdf(p)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def mean_interval(values: Sequence[float], bounds: tuple[float, float] | None = None
                  ) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% t interval, as ``(mean, low, high)``; with one value
    the interval is ``(-inf, inf)``.  With no spread the t interval would claim certainty:
    given the ``bounds`` the measure cannot leave, the interval then reaches towards each
    bound by the largest share of other results the sample still allows (Clopper-Pearson,
    ``1 - 0.025 ** (1 / n)``: 6% of the way for 60 equal values); without bounds it is the
    mean itself.  With ``bounds`` the interval never reaches past them."""
    n = len(values)
    if n == 0:
        raise ValueError("mean_interval of no values")
    mean = math.fsum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    if bounds is not None and all(v == values[0] for v in values):
        share = 1 - 0.025 ** (1 / n)
        low, high = bounds
        return mean, mean - share * max(0.0, mean - low), mean + share * max(0.0, high - mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    if bounds is not None:  # the measure cannot leave its bounds, so neither does the interval
        return mean, max(mean - half, bounds[0]), min(mean + half, bounds[1])
    return mean, mean - half, mean + half


# -- the rooms ---------------------------------------------------------------------------------
def coach_room(rules: Any) -> types.ModuleType:
    """The ``coach`` room of the game of ``rules``; RulesError when the game has none."""
    room_of = getattr(rules, "_room", None)
    if not callable(room_of):
        raise RulesError(f"there is no coach for {quoted(rules)}: expected a ruleset (what "
                         f"load_rules returns, as view.rules)")
    try:
        room = room_of("coach")
    except NotImplementedError:
        raise RulesError(f"there is no coach for {rules.title} yet") from None
    return room  # type: ignore[no-any-return]


def _measure_key(room: Any, rules: Any) -> str:
    """The room's measure: its ``measure(rules)``, else its ``MEASURE``, else what the game's
    playout terms call ``points``."""
    chooser = getattr(room, "measure", None)
    if callable(chooser):
        return str(chooser(rules))
    if isinstance(getattr(room, "MEASURE", None), str):
        return str(room.MEASURE)
    from .measures import terms_for

    return str(terms_for(rules).columns.get("points") or "penalty_points")


def _lower_is_better(room: Any, rules: Any, key: str) -> bool:
    """The room's ``lower_is_better(rules)`` or ``LOWER_IS_BETTER``, else the measure's way."""
    chooser = getattr(room, "lower_is_better", None)
    if callable(chooser):
        return bool(chooser(rules))
    given = getattr(room, "LOWER_IS_BETTER", None)
    if isinstance(given, bool):
        return given
    return _LOWER_IS_BETTER.get(key, True)


def _win_of(room: Any, lower_is_better: bool) -> Callable[[Sequence[float], int], bool]:
    own = getattr(room, "win", None)
    if callable(own):
        return lambda result, seat: bool(own(result, seat))

    def win(result: Sequence[float], seat: int) -> bool:
        if isinstance(result, RolloutResult):
            return seat in result.winners
        value = result[seat]
        return value == (min(result) if lower_is_better else max(result))

    return win


def views_equal(a: Any, b: Any) -> bool:
    """Whether two views hold the same things (every field, for a dataclass view; else their
    ``__dict__`` or slots): what ``sample(view, rng).view(view.seat)`` must give back."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(getattr(a, f.name) == getattr(b, f.name) for f in dataclasses.fields(a))
    names = set(getattr(a, "__dict__", {})) | {
        s for k in type(a).__mro__ for s in getattr(k, "__slots__", ())}
    return all(getattr(a, n, None) == getattr(b, n, None) for n in names)


# -- the coach -----------------------------------------------------------------------------
def _check_worlds(worlds: Any) -> int:
    number = plain_int(worlds)
    if number is None or not 1 <= number <= MAX_WORLDS:
        raise RulesError(f"worlds={quoted(worlds)}: expected a whole number from 1 to "
                         f"{MAX_WORLDS:,}")
    return number


def _check_policy(rules: Any, policy: Any) -> str:
    name = plain_str(policy)
    if name is None:
        raise RulesError(f"policy={quoted(policy)}: expected the name of a computer player, "
                         f"such as 'random' or 'smart'")
    if name == ExpertBot.name:
        raise RulesError("policy='expert' would run a coach inside every move of every "
                         "play-out: choose 'random', 'smart' or another computer player")
    make_bot(rules.game, name)  # an unknown name raises RulesError naming the choices
    return name


def coach(state: GameState[Any], seat: int | None = None, *, worlds: int = 500,
          policy: str = "smart", seed: int | str = 0,
          progress: Callable[[int, int], object] | None = None) -> Advice:
    """The value of every legal move of ``seat`` (by default the seat to move) in ``state``.

    Only ``state.view(seat)`` is used: see :func:`advise`, which does the work from the
    view.  ``worlds`` (1 to :data:`MAX_WORLDS`) deals are sampled from what the seat knows,
    every legal move is played on each and the rest of the deal is played by the computer
    players ``policy`` (``"random"``, ``"smart"`` or any registered name) at every seat.
    Deterministic for a ``seed``.  ``progress(done, worlds)`` is called now and then; an
    exception it raises stops the work (a Stop button).  A finished deal, a seat not to
    move or not at the table, worlds out of range or an unknown policy raise RulesError.
    """
    if not isinstance(state, GameState):
        raise RulesError(f"state={quoted(state)}: expected a game state (rules.new_deal(...))")
    if state.is_over:
        raise RulesError("the deal is over: there is no move left to advise on")
    to_move = state.to_move
    chosen = to_move if seat is None else state.check_seat(seat)
    if chosen != to_move:
        raise RulesError(f"seat {chosen} is not to move (seat {to_move} is): the coach advises "
                         f"the seat whose turn it is")
    assert chosen is not None
    coach_room(state.rules)  # a game without a coach is refused before anything else
    return advise(state.view(chosen), worlds=worlds, policy=policy, seed=seed,
                  progress=progress)


def advise(view: Any, *, worlds: int = 500, policy: str = "smart", seed: int | str = 0,
           progress: Callable[[int, int], object] | None = None) -> Advice:
    """The advice of :func:`coach` from a seat's view alone (the view of the seat to move).

    World ``k`` is ``sample(view, Random(s_k))`` and every move's play-out in it uses the
    seed ``r_k`` (``s_k``, ``r_k`` derived from ``seed`` and ``k``), so two views that hold
    the same things give the same advice, and every move meets the same worlds."""
    rules = getattr(view, "rules", None)
    room = coach_room(rules)
    count = _check_worlds(worlds)
    name = _check_policy(rules, policy)
    seed = check_seed(seed, RulesError)
    if progress is not None and not callable(progress):
        raise RulesError(f"progress={quoted(progress)}: expected a function of (done, total), "
                         f"or None")
    seat = view.seat
    if getattr(view, "is_over", False) or view.to_move is None:
        raise RulesError("the deal is over: there is no move left to advise on")
    if view.to_move != seat:
        raise RulesError(f"seat {seat} is not to move (seat {view.to_move} is): the coach "
                         f"advises the seat whose turn it is")
    legal = list(view.legal_moves())
    key = _measure_key(room, rules)
    lower = _lower_is_better(room, rules, key)
    won = _win_of(room, lower)
    sample, rollout = room.sample, room.rollout
    prepare = getattr(room, "sampler", None)
    draw: Callable[[random.Random], Any] = (
        prepare(view) if callable(prepare) else (lambda rng: sample(view, rng)))
    each = getattr(room, "rollout_moves", None)
    play_all: Callable[[Any, list[Any], str, int], list[Any]] = (
        each if callable(each) else
        (lambda world, moves, policy, key: [rollout(world.play(m), policy, key)
                                            for m in moves]))
    world_seeds = derived_seeds([seed], "coach", "worlds")
    world_keys = derived_seeds([f"{world_seeds[0]}/{k}" for k in range(count)])
    play_keys = derived_seeds([f"{world_seeds[0]}/{k}/play" for k in range(count)])
    values: list[list[float]] = [[] for _ in legal]
    wins = [0] * len(legal)
    many = getattr(room, "rollout_worlds", None)
    play_many: Callable[[list[Any], list[Any], str, list[int]], list[list[Any]]] = (
        many if callable(many) else
        (lambda worlds, moves, policy, keys: [play_all(w, moves, policy, key)
                                              for w, key in zip(worlds, keys)]))
    # progress every twentieth of the worlds, or the batch's groups where the room batches
    batched = callable(many) and name in getattr(room, "BATCHED", ())
    every = min(count, BATCH_WORLDS) if batched else max(1, count // 20)
    for start in range(0, count, every):
        stop = min(count, start + every)
        group = [draw(random.Random(world_keys[k])) for k in range(start, stop)]
        for results in play_many(group, legal, name, list(play_keys[start:stop])):
            for i, result in enumerate(results):
                values[i].append(float(result[seat]))
                wins[i] += won(result, seat)
        if progress is not None:
            progress(stop, count)
    limits = getattr(room, "bounds", None)
    bounds = limits(view) if callable(limits) else None
    spans = None if bounds is None else (bounds[0] - bounds[1], bounds[1] - bounds[0])
    means = [mean_interval(v, bounds) for v in values]
    best = 0
    for i, (m, _, _) in enumerate(means):
        if (m < means[best][0]) if lower else (m > means[best][0]):
            best = i
    note = getattr(room, "move_note", None)
    entries = []
    for i, move in enumerate(legal):
        mean, low, high = means[i]
        w_low, w_high = wilson(wins[i] / count, count, Z95)
        d, d_low, d_high = (0.0, 0.0, 0.0) if i == best else mean_interval(
            [a - b for a, b in zip(values[i], values[best])], spans)
        entries.append(MoveValue(move, mean, low, high, wins[i] / count, w_low, w_high, d,
                                 d_low, d_high, note(view, move) if callable(note) else None))
    from .measures import measure

    return Advice(seat=seat, measure=measure(key).name, measure_key=key,
                  lower_is_better=lower, moves=tuple(entries), worlds=count, policy=name,
                  seed=seed)


# -- sentences ---------------------------------------------------------------------------------
def _fmt(x: float, decimals: int | None = None) -> str:
    """A number for a learner: one decimal (two below 0.1, or as asked), a real minus sign."""
    if not math.isfinite(x):
        return "∞" if x > 0 else "−∞"
    if decimals is None:
        decimals = 2 if 0 < abs(x) < 0.095 else 1
    text = f"{x:.{decimals}f}"
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]  # no "−0.0"
    return text.replace("-", "−")


def _about(x: float) -> str:
    """A difference in round words: whole numbers from 2 on, else one decimal."""
    x = abs(x)
    return f"{x:.0f}" if x >= 1.95 else _fmt(x)


def _interval(low: float, high: float) -> str:
    """``2.9 to 5.3``: both ends to the same decimals (two when the interval is narrow)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "no interval from one world"
    decimals = 2 if high - low < 0.2 or max(abs(low), abs(high)) < 0.095 else 1
    return f"{_fmt(low, decimals)} to {_fmt(high, decimals)}"


def _words(key: str) -> tuple[str, str, str, str]:
    return _WORDS.get(key, (key.replace("_", " "), "better", "worse", key.replace("_", " ")))


def _amount(key: str, x: float, better: bool) -> str:
    """``about 4 penalty points fewer``, ``about 1 chip more``, ``about 0.3 places better``."""
    unit, good, bad, _ = _words(key)
    amount = _about(x)
    if amount == "1" and unit.endswith("s"):
        unit = unit[:-1]
    return f"about {amount} {unit} {good if better else bad}"


def _name(move: Any) -> str:
    """A move inside a sentence: its cards in symbols (``8♠``), or for an action that uses no
    card its word after "a" (``a pass``)."""
    text = str(move.pretty())
    return text if len(getattr(move, "cards", ())) else f"a {text}"


def _lead(entry: MoveValue) -> str:
    text = entry.note or _name(entry.move)
    return text[:1].upper() + text[1:]


def _gain(advice: Advice, entry: MoveValue) -> tuple[float, float, float]:
    """How much better the best move is than ``entry``, with its 95% interval (positive:
    the best is better), in the measure's units."""
    sign = 1.0 if advice.lower_is_better else -1.0
    low, high = sorted((sign * entry.diff_low, sign * entry.diff_high))
    return sign * entry.diff, low, high


def _ci(low: float, high: float) -> str:
    return f" (95% CI {_interval(low, high)})" if math.isfinite(low) else ""


def _sentences(advice: Advice) -> list[str]:
    moves = advice.moves
    best = advice.best
    key = advice.measure_key
    out: list[str] = []
    if len(moves) == 1:
        out.append(f"{_lead(best)}: it is your only legal move.")
    else:
        others = [e for e in moves if e is not best]
        runner = _best_of(others, advice.lower_is_better)
        gain, low, high = _gain(advice, runner)
        if low == high == gain == 0:
            out.append(f"{_lead(best)}: the same result as {_name(runner.move)} in every "
                       f"sampled deal.")
        elif low > 0:
            out.append(f"{_lead(best)}: {_amount(key, gain, True)} than "
                       f"{_name(runner.move)}{_ci(low, high)}.")
        else:
            out.append(f"{_lead(best)}: about as good as {_name(runner.move)}; "
                       f"{_name(best.move)} comes out {_amount(key, gain, True)}, which is "
                       f"within the noise{_ci(low, high)}.")
        for entry in others:
            if entry is runner:
                continue
            gain, low, high = _gain(advice, entry)
            if low == high == gain == 0:
                out.append(f"{_lead(entry)}: the same result as {_name(best.move)} in every "
                           f"sampled deal.")
            elif low > 0:
                out.append(f"{_lead(entry)}: {_amount(key, gain, False)} than "
                           f"{_name(best.move)}{_ci(low, high)}.")
            else:
                out.append(f"{_lead(entry)}: about as good as {_name(best.move)}; the "
                           f"difference is within the noise{_ci(low, high)}.")
    out.append(f"With {_name(best.move)} you win the deal about {best.win:.0%} of the time "
               f"(95% CI {best.win_low:.0%} to {best.win_high:.0%}); expected "
               f"{_words(key)[3]}: {_fmt(best.mean)}{_ci(best.low, best.high)}.")
    out.append(f"From {advice.worlds:,} deal{'s' if advice.worlds != 1 else ''} drawn from "
               f"what you can see, each played to the end by {advice.policy} computer players.")
    return out


# -- the expert computer player -----------------------------------------------------------------
class ExpertBot:
    """The coach's choice over the ``smart`` player's: it asks the ``smart`` player of the game
    for its move, then the coach (:data:`EXPERT_WORLDS` worlds played out by
    :data:`EXPERT_POLICY` players), and plays the coach's best move when the coach finds the
    smart move clearly worse (the interval of the paired difference excludes 0), else the
    smart move.  (The coach's best move alone, on 40 worlds, lost to ``smart``: its worlds are
    drawn uniformly, while a smart player's choices say more about its hand; the guard keeps
    what ``smart`` knows and takes the coach's word where it is sure.)  A forced move is
    played at once.  Sees only its view; a game without a coach room is refused."""

    name = "expert"

    def __init__(self, worlds: int = EXPERT_WORLDS, policy: str = EXPERT_POLICY,
                 base: str | None = EXPERT_BASE) -> None:
        self.worlds = _check_worlds(worlds)
        self.policy = policy
        self.base = base

    def choose(self, view: Any, rng: TurnRandom) -> Any:
        """The move for ``view``: the base player's, unless the coach (seeded from ``rng``)
        finds it clearly worse than its best."""
        check_turn(view, rng)
        rules: Any = getattr(view, "rules", None)
        coach_room(rules)
        legal = list(view.legal_moves())
        if len(legal) == 1:
            return legal[0]
        base = None
        if self.base is not None:
            base = make_bot(rules.game, self.base).choose(view, rng)
        advice = advise(view, worlds=self.worlds, policy=self.policy, seed=rng.raw())
        if base is None or advice.value(base).clearly_worse:
            return advice.best.move
        return base


# -- ``rulebook.coach`` is this module, and calling it calls :func:`coach` ------------------------
class _CallableModule(types.ModuleType):
    """This module's type: ``rulebook.coach(state)`` calls :func:`coach`, while
    ``rulebook.coach.Advice`` and ``import rulebook.coach`` keep working."""

    def __call__(self, state: GameState[Any], seat: int | None = None, *, worlds: int = 500,
                 policy: str = "smart", seed: int | str = 0,
                 progress: Callable[[int, int], object] | None = None) -> Advice:
        return coach(state, seat, worlds=worlds, policy=policy, seed=seed, progress=progress)


sys.modules[__name__].__class__ = _CallableModule
