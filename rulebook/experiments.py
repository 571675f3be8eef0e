"""Experiments on rulesets: summaries with 95% confidence intervals, game-design measures, and
paired comparisons of two rulesets on the same deals.

:func:`compare_rules` deals the *same* seeded deals under two rulesets (deal ``k`` has the
same seed and dealer under both, as :class:`~rulebook.lockstep.Lockstep` does for one deal)
and reports, per measure, each ruleset's value with its interval and the paired difference
with its interval.  Pairing removes the luck of the cards that both rulesets share, so a
paired difference is far less noisy than two separate samples; two identical rulesets give
a difference of exactly zero.  A :class:`Summary` (from ``simulate(..., aggregate=True)``
or :func:`summary_of` a frame) gives the same measures for one ruleset.

Every deal is reduced to a few whole numbers (see :func:`summary_moments`) whose exact
running sums (:class:`~rulebook.stats.Moments`) hold everything the intervals need; the
deal, not the seat, is the independent unit.  What every measure means, with its formula,
is data: :data:`rulebook.measures.MEASURES` and :func:`measure_table`.  pandas and numpy
are imported inside the functions that build tables or reduce chunks.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from statistics import NormalDist
from typing import Any

from .errors import RulesError, quoted
from .measures import MEASURES, SHARE_OF_MOVES, SUMMARY_COLUMNS, Measure, PlayoutTerms, measure, terms_for
from .rules import RulesBase, load_rules
from .stats import Estimate, Moments, numpy_available, share_interval

__all__ = ["Summary", "Comparison", "PairedRow", "MeasureRow", "Layout", "check_frame",
           "summary_of", "measure_table", "summary_moments", "paired_moments", "layout_of",
           "paired_sentence"]

ALPHA = 0.05
"""One minus the confidence level of every interval (95%)."""


# -- what is measured on each deal --------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Layout:
    """Which whole numbers one deal of a ruleset is reduced to, and what they measure."""

    players: int
    bots: tuple[str, ...]
    seat_columns: tuple[str, ...]
    """Columns kept per seat (quantity ``"<column>@<seat>"``)."""
    deal_columns: tuple[str, ...]
    """Columns kept once per deal (``turns``, the game's own, ``margin``, derived ones)."""
    measures: tuple[tuple[str, str, str], ...]
    """``(measure key, kind, column)`` with kind ``seat``, ``deal``, ``ratio`` (the column
    per move) or ``advantage`` (from the seats' wins), in the order tables list them."""
    terms: PlayoutTerms = dataclasses.field(compare=False, repr=False)
    points: str = "penalty_points"
    """The measure the ``points`` column is (it is also the unit of the winner's margin)."""

    def unit_of(self, key: str) -> str:
        """The unit of a measure in this ruleset (the margin counts in the game's points)."""
        return measure(self.points).unit if key == "margin" else measure(key).unit

    def names(self, prefix: str = "") -> list[str]:
        """The quantities of one deal, in order."""
        return ([f"{prefix}{c}@{s}" for c in self.seat_columns for s in range(self.players)]
                + [f"{prefix}{c}" for c in self.deal_columns])

    def quantities(self, kind: str, column: str, prefix: str = "") -> list[str]:
        """The quantities a measure of this kind and column reads."""
        seats = [f"{prefix}{column}@{s}" for s in range(self.players)]
        if kind == "ratio":
            return seats + [f"{prefix}turns"]
        return seats if kind in ("seat", "advantage") else [f"{prefix}{column}"]

    def cliques(self, prefix: str = "") -> list[list[str]]:
        """The groups of quantities whose products the summary keeps: each measure's own."""
        out = [self.quantities(kind, column, prefix) for _, kind, column in self.measures]
        out += [self.quantities("seat", c, prefix) for c in self.seat_columns]
        out += [[f"{prefix}{c}"] for c in self.deal_columns]
        return out

    def kind_of(self, key: str) -> tuple[str, str] | None:
        """``(kind, column)`` of a measure, or None if this ruleset does not have it."""
        return next(((kind, column) for k, kind, column in self.measures if k == key), None)

    def groups(self, every_bot: bool = False) -> list[tuple[str, list[int]]]:
        """The seat groups: each seat, each computer player (when they differ, or always
        with ``every_bot``), all seats."""
        out = [(f"seat {s}", [s]) for s in range(self.players)]
        kinds = sorted(set(self.bots))
        if len(kinds) > 1 or every_bot:
            out += [(f"bot {b}", [s for s, n in enumerate(self.bots) if n == b])
                    for b in kinds]
        out.append(("all", list(range(self.players))))
        return out


def layout_of(rules: RulesBase, players: int, bots: Sequence[str]) -> Layout:
    """The :class:`Layout` of a ruleset for ``players`` seats and these computer players."""
    terms = terms_for(rules)
    extra = [c for c, key in terms.columns.items()
             if key is not None and c not in ("points", "passes")]
    seat_columns = ("won", "place", "points", "passes", *extra)
    deal_columns = ("turns", *terms.deal_columns, "margin", *terms.derived_keys)
    order = {m.key: i for i, m in enumerate(MEASURES)}
    found: list[tuple[str, str, str]] = [
        ("win_rate", "seat", "won"), ("place", "seat", "place"),
        *((key, "seat", column) for column, key in terms.columns.items() if key is not None),
        ("turns", "deal", "turns"),
        *((key, "deal", column) for column, key in terms.deal_columns.items()),
        ("margin", "deal", "margin"), *((key, "deal", key) for key in terms.derived_keys)]
    share = SHARE_OF_MOVES.get(terms.columns.get("passes") or "")
    if share is not None:
        found.append((share, "ratio", "passes"))
    if players > 1:
        found.append(("seat_advantage", "advantage", "won"))
    found.sort(key=lambda m: order[m[0]])
    return Layout(players, tuple(bots), seat_columns, deal_columns, tuple(found), terms,
                  terms.columns.get("points") or "penalty_points")


def _quantities(layout: Layout, columns: Mapping[str, Any], count: int) -> Any:
    """The per-deal quantities of a chunk (a ``count × len(layout.names())`` int64 array)."""
    import numpy as np

    n = layout.players
    if count == 0:
        return np.zeros((0, len(layout.names())), dtype=np.int64)
    grid = {c: np.asarray(v).reshape(count, n).astype(np.int64) for c, v in columns.items()}
    parts = [grid[c] for c in layout.seat_columns]
    for c in layout.deal_columns:
        if c == "margin":
            parts.append(_margin(grid["points"], grid["place"])[:, None])
        elif c not in layout.terms.derived_keys:  # the derived ones come last
            parts.append(grid[c][:, :1])
    if layout.terms.derived is not None:
        derived = layout.terms.derived(grid)
        parts += [np.asarray(derived[k]).astype(np.int64)[:, None]
                  for k in layout.terms.derived_keys]
    return np.hstack(parts)


def _quantity_rows(layout: Layout, columns: Mapping[str, Any], count: int) -> list[list[int]]:
    """:func:`_quantities` in plain Python (where numpy is missing): one list per deal."""
    n = layout.players
    terms = layout.terms
    if terms.derived is not None and terms.derived_row is None:  # refused earlier, by run_chunk
        raise RulesError(f"the {layout.terms.derived_keys} measures need numpy here")
    rows: list[list[int]] = []
    for d in range(count):
        lo, hi = d * n, d * n + n
        seats = {c: [int(v) for v in values[lo:hi]] for c, values in columns.items()}
        row = [v for c in layout.seat_columns for v in seats[c]]
        for c in layout.deal_columns:
            if c == "margin":
                row.append(_margin_of_deal(seats["points"], seats["place"]))
            elif c not in terms.derived_keys:  # the derived ones come last
                row.append(seats[c][0])
        if terms.derived_row is not None:
            got = terms.derived_row(seats)
            row += [int(got[k]) for k in terms.derived_keys]
        rows.append(row)
    return rows


def _margin_of_deal(points: Sequence[int], place: Sequence[int]) -> int:
    """:func:`_margin` for one deal, in plain Python."""
    first = [p == 1 for p in place]
    others = [p for p, top in zip(place, first) if not top]
    if sum(first) != 1 or not others:
        return 0
    winner, best = first.index(True), min(others)
    runner = next(s for s, p in enumerate(place) if not first[s] and p == best)
    return abs(points[winner] - points[runner])


def _margin(points: Any, place: Any) -> Any:
    """|points of the first place − points of the best other place| per deal; 0 when first
    place is shared (or everyone shares one place)."""
    import numpy as np

    first = place == 1
    shared = first.sum(axis=1) != 1
    others = np.where(first, np.iinfo(np.int64).max, place)
    runner = np.argmin(others, axis=1)
    winner = np.argmax(first, axis=1)
    rows = np.arange(points.shape[0])
    margin = np.abs(points[rows, winner] - points[rows, runner])
    return np.where(shared | (others[rows, runner] == np.iinfo(np.int64).max), 0, margin)


def summary_moments(rules: RulesBase, players: int, bots: Sequence[str],
                    columns: Mapping[str, Any] | None, count: int) -> Moments:
    """The exact sums of one chunk's deals (``columns`` as :func:`~rulebook.simulation.
    play_columns` gives them)."""
    layout = layout_of(rules, players, bots)
    moments = Moments(layout.names(), layout.cliques())
    if columns is None:
        return moments
    if not numpy_available():
        return moments.add_rows(_quantity_rows(layout, columns, count))
    return moments.add_rows(_quantities(layout, columns, count))


def _paired_cliques(la: Layout, lb: Layout) -> list[list[str]]:
    out = la.cliques("a:") + lb.cliques("b:") + [["winner_changes"]]
    for key, kind, column in la.measures:
        other = lb.kind_of(key)
        if other is not None:
            out.append(la.quantities(kind, column, "a:") + lb.quantities(*other, "b:"))
    return out


def paired_moments(rules_a: RulesBase, rules_b: RulesBase, players: int, bots: Sequence[str],
                   columns_a: Mapping[str, Any], columns_b: Mapping[str, Any],
                   count: int) -> Moments:
    """The exact sums of one chunk's deals played under both rulesets, side by side, and
    whether each deal's winners changed."""
    la, lb = layout_of(rules_a, players, bots), layout_of(rules_b, players, bots)
    names = la.names("a:") + lb.names("b:") + ["winner_changes"]
    moments = Moments(names, _paired_cliques(la, lb))
    if count == 0:
        return moments
    if not numpy_available():  # plain Python: the same sums
        rows_a, rows_b = _quantity_rows(la, columns_a, count), _quantity_rows(lb, columns_b, count)
        won_a, won_b = columns_a["won"], columns_b["won"]
        return moments.add_rows([
            a + b + [int([bool(w) for w in won_a[d * players:(d + 1) * players]]
                         != [bool(w) for w in won_b[d * players:(d + 1) * players]])]
            for d, (a, b) in enumerate(zip(rows_a, rows_b))])
    import numpy as np

    qa, qb = _quantities(la, columns_a, count), _quantities(lb, columns_b, count)
    weights = np.left_shift(1, np.arange(players, dtype=np.int64))
    win_a, win_b = ((np.asarray(c["won"]).reshape(count, players) * weights).sum(axis=1)
                    for c in (columns_a, columns_b))
    changed = (win_a != win_b).astype(np.int64)[:, None]
    return moments.add_rows(np.hstack([qa, qb, changed]))


# -- estimates ----------------------------------------------------------------------------------
def _seat_weights(prefix: str, column: str, seats: Sequence[int],
                  sign: int = 1) -> dict[str, Fraction]:
    return {f"{prefix}{column}@{s}": Fraction(sign, len(seats)) for s in seats}


def _advantage(moments: Moments, layout: Layout, prefix: str, alpha: float) -> Estimate:
    """Seat advantage with a simultaneous interval: every seat's Wilson interval at level
    1 − alpha/players (Bonferroni), then the largest gap's bounds."""
    n = layout.players
    fair = 1 / n
    z = NormalDist().inv_cdf(1 - alpha / (2 * n))
    lows, highs, gaps = [], [], []
    for s in range(n):
        w = moments.weights({f"{prefix}won@{s}": 1})
        p = float(moments.total(w) / moments.deals) if moments.deals else math.nan
        gaps.append(abs(p - fair))
        var = moments.variance_of_mean(w)
        if var is None:
            return Estimate(max(gaps + [0.0]), None, None, moments.deals)
        lo, hi = share_interval(p, var, moments.deals, z)
        lows.append(0.0 if lo <= fair <= hi else min(abs(lo - fair), abs(hi - fair)))
        highs.append(max(abs(lo - fair), abs(hi - fair)))
    return Estimate(max(gaps), max(lows), max(highs), moments.deals)


def _estimate(moments: Moments, layout: Layout, prefix: str, m: Measure, kind: str,
              column: str, seats: Sequence[int] | None) -> Estimate:
    if kind == "seat":
        assert seats is not None
        return moments.mean(moments.weights(_seat_weights(prefix, column, seats)),
                            share=m.rate)
    if kind == "deal":
        return moments.mean(moments.weights({f"{prefix}{column}": 1}), share=m.rate)
    if kind == "ratio":
        num = moments.weights({f"{prefix}{column}@{s}": 1 for s in range(layout.players)})
        return moments.ratio(num, moments.weights({f"{prefix}turns": 1}), share=m.rate)
    return _advantage(moments, layout, prefix, ALPHA)


@dataclasses.dataclass(frozen=True)
class MeasureRow:
    """One measure of one group (a seat, a computer player, all seats, or the deal)."""

    measure: Measure
    group: str
    estimate: Estimate


class Summary:
    """The summary statistics of a run (``simulate(..., aggregate=True)``), in constant memory.

    :meth:`table` lists every measure with its 95% interval; :meth:`lab_table` is the
    variant lab's table (as :func:`rulebook.simulation.summarize`); :meth:`design` the
    game-design measures alone.
    """

    def __init__(self, rules: RulesBase, players: int, bots: Sequence[str], seed: int | str,
                 moments: Moments) -> None:
        self.rules = rules
        self.players = players
        self.bots = tuple(bots)
        self.seed = seed
        self.moments = moments
        self.layout = layout_of(rules, players, self.bots)

    @property
    def deals(self) -> int:
        """The number of deals summarized."""
        return self.moments.deals

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Summary) and self.rules.to_json() == other.rules.to_json()
                and self.players == other.players and self.bots == other.bots
                and self.moments == other.moments)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Summary of {self.deals:,} deals of {self.rules.label()}, "
                f"{self.players} players>")

    def rows(self) -> list[MeasureRow]:
        """Every measure of every group, as typed rows."""
        out: list[MeasureRow] = []
        for key, kind, column in self.layout.measures:
            m = measure(key)
            groups: Sequence[tuple[str, Sequence[int] | None]] = \
                self.layout.groups() if kind == "seat" else [("deal", None)]
            out += [MeasureRow(m, group, _estimate(self.moments, self.layout, "", m, kind,
                                                   column, seats)) for group, seats in groups]
        return out

    def estimate(self, key: str, group: str = "deal") -> Estimate:
        """One measure's estimate, e.g. ``estimate("win_rate", "seat 0")``."""
        for row in self.rows():
            if row.measure.key == key and row.group == group:
                return row.estimate
        raise RulesError(f"{quoted(key)} for {quoted(group)} is not measured for {self.rules.label()}")

    def table(self) -> Any:
        """Every measure as a tidy DataFrame: ``measure, name, group, value, low, high,
        deals`` (rates as shares between 0 and 1)."""
        import pandas as pd

        return pd.DataFrame.from_records(
            [(r.measure.key, r.measure.name, r.group, *dataclasses.astuple(r.estimate))
             for r in self.rows()],
            columns=["measure", "name", "group", "value", "low", "high", "deals"])

    def design(self) -> Any:
        """The game-design measures (seat advantage, winner's margin, round length,
        passes per move, showdown rate where they apply) with their sentences and
        formulas: ``measure, name, value, low, high, sentence, formula``."""
        import pandas as pd

        keep = {"seat_advantage", "margin", "turns", "pass_share", "draw_share", "fold_share",
                "showdown", "stopped"}
        return pd.DataFrame.from_records(
            [(r.measure.key, r.measure.name, *dataclasses.astuple(r.estimate)[:3],
              r.measure.sentence, r.measure.formula)
             for r in self.rows() if r.measure.key in keep],
            columns=["measure", "name", "value", "low", "high", "sentence", "formula"])

    def lab_table(self) -> Any:
        """The table :func:`rulebook.simulation.summarize` gives for the same deals' frame."""
        import pandas as pd

        mo, d = self.moments, self.moments.deals
        if d == 0:
            return pd.DataFrame({c: pd.Series(dtype={"group": "object", "rows": "int64"}
                                              .get(c, "float64")) for c in SUMMARY_COLUMNS})
        turns = float(mo.s1[mo.index["turns"]] / d)
        rows = []
        for name, seats in self.layout.groups(every_bot=True):
            def mean(column: str) -> float:
                total = sum(mo.s1[mo.index[f"{column}@{s}"]] for s in seats)
                return total / (d * len(seats))
            rows.append({"group": name, "rows": d * len(seats), "win rate": mean("won"),
                         "mean points": mean("points"), "mean passes": mean("passes"),
                         "mean turns": turns, "mean place": mean("place")})
        return pd.DataFrame(rows, columns=list(SUMMARY_COLUMNS))

    def _repr_html_(self) -> str:
        if self.deals == 0:
            return f"<p>No deals of {self.rules.label()} were played.</p>"
        return (f"<p>{self.deals:,} deals of {self.rules.label()}, {self.players} players; "
                f"95% intervals</p>" + str(self.table().to_html(index=False, float_format="%.4g")))


_FRAME_MEASURES = ("won", "points", "passes", "turns", "place")


def check_frame(frame: Any, where: str, columns: Sequence[str] = ()) -> int:
    """The number of seats of a :func:`~rulebook.simulation.simulate` frame, after checking
    that it is one (RulesError otherwise, naming ``where`` and the first column that is
    wrong): a pandas DataFrame with the columns ``seat``, ``bot``, ``won``, ``points``,
    ``passes``, ``turns``, ``place`` and ``columns``, every measure a number or a bool (no
    text, no NaN), and seats 0, 1, ... in order on every deal.  0 for an empty frame."""
    import numpy as np
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise RulesError(f"{where} needs a simulate() frame or summary, not "
                         f"{quoted(type(frame).__name__)}")
    missing = [c for c in ("seat", "bot", *_FRAME_MEASURES, *columns) if c not in frame.columns]
    if missing:
        raise RulesError(f"{where} needs a simulate() frame; it has no column(s) "
                         f"{', '.join(quoted(c) for c in missing[:6])}")
    for name in ("seat", *_FRAME_MEASURES, *columns):
        values = frame[name]
        kind = getattr(values.dtype, "kind", "O")
        if kind not in "biu" and not (kind == "f" and name != "seat"):
            raise RulesError(f"{where}: column {quoted(name)} holds {quoted(str(values.dtype))} "
                             f"values, not numbers (a simulate() frame has whole numbers "
                             f"and True/False there)")
        if kind == "f" and not bool(np.isfinite(values.to_numpy()).all()):
            raise RulesError(f"{where}: column {quoted(name)} has missing or infinite values")
    if frame.empty:
        return 0
    seats = frame["seat"].to_numpy()
    players = int(seats.max()) + 1
    if int(seats.min()) < 0 or len(frame) % players or not np.array_equal(
            seats, np.tile(np.arange(players), len(frame) // players)):
        raise RulesError(f"{where}: the 'seat' column is not 0 to {players - 1} on every "
                         f"deal, in order, as simulate() gives it")
    return players


def summary_of(frame: Any, rules: RulesBase | str, seed: int | str = 0) -> Summary:
    """The :class:`Summary` of a :func:`~rulebook.simulation.simulate` frame (the very same
    numbers ``aggregate=True`` gives for the same run).  The frame is checked first
    (:func:`check_frame`): it must hold every column this ruleset's playout gives."""
    import numpy as np

    if isinstance(rules, str):
        rules = load_rules(rules)
    if not isinstance(rules, RulesBase):
        raise RulesError(f"rules={quoted(rules)}: expected a rules object or a profile id")
    if not hasattr(frame, "columns") or "seat" not in frame.columns:
        raise RulesError("summary_of needs a simulate() frame")
    players = check_frame(frame, "summary_of")
    count = len(frame) // players if players else 0
    bots = [str(b) for b in frame["bot"][:players]] if players else []
    if players:
        layout = layout_of(rules, players, bots)
        wanted = [*layout.seat_columns, *(c for c in layout.deal_columns if c != "margin"
                                          and c not in layout.terms.derived_keys)]
        check_frame(frame, "summary_of", [c for c in wanted if c not in _FRAME_MEASURES])
    columns = {c: np.asarray(frame[c]) for c in frame.columns
               if c not in ("deal", "seed", "dealer", "seat", "bot")}
    moments = summary_moments(rules, players, bots, columns if count else None, count)
    return Summary(rules, players, bots, seed, moments)


# -- paired comparisons -------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class PairedRow:
    """One measure of one group under both rulesets, and their paired difference (B − A).

    ``a``/``b`` is None where that ruleset does not have the measure (not applicable);
    ``difference`` is None unless both have it.
    """

    measure: Measure
    group: str
    a: Estimate | None
    b: Estimate | None
    difference: Estimate | None
    sentence: str

    @property
    def more_than_noise(self) -> bool | None:
        """Whether the difference's interval excludes zero (None when not applicable)."""
        return None if self.difference is None else self.difference.excludes_zero


def _difference(moments: Moments, la: Layout, lb: Layout, m: Measure, kind: str,
                col_a: str, col_b: str, seats: Sequence[int] | None) -> Estimate:
    if kind == "seat":
        assert seats is not None
        return moments.mean(moments.weights({**_seat_weights("b:", col_b, seats),
                                             **_seat_weights("a:", col_a, seats, -1)}))
    if kind == "deal":
        return moments.mean(moments.weights({f"b:{col_b}": 1, f"a:{col_a}": -1}))
    if kind == "ratio":
        num_a, num_b = (moments.weights({f"{p}{c}@{s}": 1 for s in range(la.players)})
                        for p, c in (("a:", col_a), ("b:", col_b)))
        return moments.ratio_difference(num_a, moments.weights({"a:turns": 1}),
                                        num_b, moments.weights({"b:turns": 1}))
    return _advantage_difference(moments, la, lb)


def _advantage_difference(moments: Moments, la: Layout, lb: Layout) -> Estimate:
    """Seat advantage B − A with a conservative interval: the intersection of (1) both
    rulesets' simultaneous intervals (level 1 − α/4 each) and (2) |difference| ≤ the largest
    paired change of one seat's win rate (simultaneous, level 1 − α/2)."""
    n = la.players
    d = moments.deals
    a = _advantage(moments, la, "a:", ALPHA / 4)
    b = _advantage(moments, lb, "b:", ALPHA / 4)
    value = b.value - a.value
    if a.low is None or b.low is None or a.high is None or b.high is None:
        return Estimate(value, None, None, d)
    z = NormalDist().inv_cdf(1 - ALPHA / (4 * n))
    bound = 0.0
    for s in range(n):
        w = moments.weights({f"b:won@{s}": 1, f"a:won@{s}": -1})
        half = z * math.sqrt(moments.variance_of_mean(w) or 0.0)
        bound = max(bound, abs(moments.mean(w).value) + half)
    low = max(b.low - a.high, -bound)
    high = min(b.high - a.low, bound)
    return Estimate(value, min(low, value) + 0.0, max(high, value) + 0.0, d)  # no -0.0


def _change_words(rules_a: RulesBase, rules_b: RulesBase) -> str:
    """What B changes from A, in words: the option's label (``"Aces high"``), ``"<label>
    off"``, ``"<label>: <choice>"``; another ruleset by its caption."""
    if rules_a.to_json() == rules_b.to_json():
        return "the same rules"
    if rules_a.profile.id != rules_b.profile.id:
        return f"{rules_b.caption()} (instead of {rules_a.caption()})"
    specs = rules_b.profile.options
    parts = [specs[name].label if value is True else f"{specs[name].label} off" if value is False
             else f"{specs[name].label}: {specs[name].choice_label(value)}"
             for name, value in rules_b.options.items() if value != rules_a.options.get(name)]
    return " with ".join(parts) if parts else "the same rules"


def _bound(x: float, m: Measure) -> str:
    return f"{x * 100:.1f}" if m.rate else f"{x:.3g}"


_SINGULAR = {"places": "place", "points": "point", "chips": "chip", "cards": "card",
             "passes": "pass", "draws": "draw", "moves": "move", "folds": "fold",
             "deals": "deal", "turns": "turn"}


def _amount(number: str, unit: str) -> str:
    """``number`` (as written) and its unit, the unit singular after exactly 1 ("1 place",
    "2 places"; a rate's "1.0 percentage points" keeps its plural)."""
    if number.lstrip("-") == "1":
        unit = _SINGULAR.get(unit, unit)
    return f"{number} {unit}"


def _subject(m: Measure, group: str) -> str:
    named = {"deal": f"the {m.name}", "all": f"the average seat's {m.name}"}
    return named.get(group, f"{group}'s {m.name}")


def paired_sentence(change: str, m: Measure, group: str, diff: Estimate | None,
                    missing: str | None = None, unit: str | None = None) -> str:
    """A difference in plain words: ``"<option> lowers seat 0's win rate by 3.1
    percentage points (95% CI 2.2 to 4.0 percentage points); that is more than noise."``

    ``missing`` says why there is no difference (``diff`` None); ``unit`` overrides the
    measure's unit (the winner's margin counts in the game's own points)."""
    subject = _subject(m, group)
    unit = unit or m.unit
    if diff is None:
        return _first_upper(f"'{m.name}' {missing}, so it is not compared.")
    if not math.isfinite(diff.value):  # no deals, or a ratio over no moves
        return _first_upper(f"{subject} could not be measured on these deals, so it is not "
                            f"compared.")
    if diff.low is None or diff.high is None or not (
            math.isfinite(diff.low) and math.isfinite(diff.high)):
        played = "the one deal played" if diff.deals == 1 else f"{diff.deals:,} deals"
        if diff.value == 0:
            if change == "the same rules":
                return _first_upper(f"with the same rules, {subject} is the same on {played}; "
                                    f"too few deals for an interval.")
            return _first_upper(f"{change} leaves {subject} unchanged on {played}; too few "
                                f"deals for an interval.")
        words = "percentage points" if m.rate else unit
        return _first_upper(f"{change} {'raises' if diff.value > 0 else 'lowers'} {subject} "
                            f"by {_amount(_bound(abs(diff.value), m), words)} on {played}; "
                            f"too few deals for an interval.")
    if diff.value == 0 and diff.low == 0 and diff.high == 0:
        if change == "the same rules":
            return _first_upper(f"with the same rules, {subject} is the same on every deal.")
        return _first_upper(f"{change} leaves {subject} unchanged on every deal.")
    if diff.value == 0:
        return _first_upper(f"{change} leaves {subject} the same on average (95% CI "
                            f"{_bound(diff.low, m)} to {_bound(diff.high, m)}); that is "
                            f"within noise.")
    verb = "raises" if diff.value > 0 else "lowers"
    low, high = (diff.low, diff.high) if diff.value > 0 else (-diff.high, -diff.low)
    words = "percentage points" if m.rate else unit
    verdict = "that is more than noise" if diff.excludes_zero else \
        "that is within noise (the interval includes no change)"
    by = _amount(_bound(abs(diff.value), m), words)
    return _first_upper(f"{change} {verb} {subject} by {by} "
                        f"(95% CI {_bound(low, m)} to {_amount(_bound(high, m), words)}); "
                        f"{verdict}.")


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


class Comparison:
    """Two rulesets played on the same deals (see :func:`compare_rules`).

    ``rows`` holds one :class:`PairedRow` per measure and group; :meth:`frame` is the same as
    a DataFrame; :meth:`sentences` says the differences in words; ``winner_changes`` is how
    often the same deal's winners differ.
    """

    def __init__(self, rules_a: RulesBase, rules_b: RulesBase, players: int,
                 bots: Sequence[str], seed: int | str, moments: Moments) -> None:
        self.rules_a, self.rules_b = rules_a, rules_b
        self.players = players
        self.bots = tuple(bots)
        self.seed = seed
        self.moments = moments
        self.layout_a = layout_of(rules_a, players, self.bots)
        self.layout_b = layout_of(rules_b, players, self.bots)
        self.change = _change_words(rules_a, rules_b)
        """What B changes from A, in words (the subject of every sentence)."""
        self.rows: tuple[PairedRow, ...] = tuple(self._rows())
        self.winner_changes: Estimate = moments.mean(
            moments.weights([("winner_changes", 1)]), share=True)

    @property
    def deals(self) -> int:
        """The number of deals played under each ruleset."""
        return self.moments.deals

    def __repr__(self) -> str:
        return (f"<Comparison of {self.rules_a.label()} and {self.rules_b.label()} on "
                f"{self.deals:,} deals, {self.players} players>")

    def _rows(self) -> list[PairedRow]:
        la, lb, mo = self.layout_a, self.layout_b, self.moments
        present = {k for k, _, _ in la.measures} | {k for k, _, _ in lb.measures}
        out = []
        for m in [x for x in MEASURES if x.key in present]:
            key = m.key
            ka, kb = la.kind_of(key), lb.kind_of(key)
            seat_level = (ka or kb or ("", ""))[0] == "seat"
            groups = la.groups() if seat_level else [("deal", [])]
            for group, seats in groups:
                sel = seats if seat_level else None
                a = _estimate(mo, la, "a:", m, ka[0], ka[1], sel) if ka else None
                b = _estimate(mo, lb, "b:", m, kb[0], kb[1], sel) if kb else None
                diff: Estimate | None = None
                why = None  # why the measure is not compared
                if ka is None or kb is None:
                    missing = self.rules_a if ka is None else self.rules_b
                    why = f"does not apply to {missing.label()}"
                elif la.unit_of(key) != lb.unit_of(key):
                    why = (f"counts {la.unit_of(key)} under {self.rules_a.label()} and "
                           f"{lb.unit_of(key)} under {self.rules_b.label()}")
                else:
                    diff = _difference(mo, la, lb, m, ka[0], ka[1], kb[1], sel)
                out.append(PairedRow(m, group, a, b, diff, paired_sentence(
                    self.change, m, group, diff, why, unit=la.unit_of(key))))
        return out

    def row(self, key: str, group: str = "deal") -> PairedRow:
        """The row of one measure and group, e.g. ``row("win_rate", "seat 0")``."""
        for r in self.rows:
            if r.measure.key == key and r.group == group:
                return r
        raise RulesError(f"{quoted(key)} for {quoted(group)} is not in this comparison")

    def frame(self) -> Any:
        """The comparison as a tidy DataFrame: ``measure, name, group, a, a_low, a_high, b,
        b_low, b_high, difference, diff_low, diff_high, more_than_noise, sentence`` (rates
        as shares; NaN where a measure does not apply)."""
        import pandas as pd

        def parts(e: Estimate | None) -> list[float]:
            values = (None, None, None) if e is None else (e.value, e.low, e.high)
            return [math.nan if v is None else v for v in values]

        return pd.DataFrame.from_records(
            [(r.measure.key, r.measure.name, r.group, *parts(r.a), *parts(r.b),
              *parts(r.difference), r.more_than_noise, r.sentence) for r in self.rows],
            columns=["measure", "name", "group", "a", "a_low", "a_high", "b", "b_low", "b_high",
                     "difference", "diff_low", "diff_high", "more_than_noise", "sentence"])

    def sentences(self, only_real: bool = False) -> list[str]:
        """Every difference in plain words (``only_real``: only those more than noise), then
        how often the winner changed."""
        said = dict.fromkeys(r.sentence for r in self.rows if not only_real or r.more_than_noise)
        return [*said, self.winner_sentence()]

    def winner_sentence(self) -> str:
        """How often the same deal's winner changes, in words."""
        e = self.winner_changes
        if self.deals == 0 or not math.isfinite(e.value):
            return "No deals were played."
        if e.low is None or e.high is None:
            return f"The winner changed on {e.value * 100:.1f}% of the deals."
        return (f"The same deal is won by a different seat {e.value * 100:.1f}% of the time "
                f"(95% CI {e.low * 100:.1f} to {e.high * 100:.1f}).")

    def _repr_html_(self) -> str:
        import html

        items = "".join(f"<li>{html.escape(s)}</li>" for s in self.sentences(only_real=True))
        head = (f"<p>{html.escape(self.rules_a.label())} (A) against "
                f"{html.escape(self.rules_b.label())} (B) on the same {self.deals:,} deals, "
                f"{self.players} players; differences are B − A with 95% intervals.</p>")
        table = self.frame().drop(columns="sentence").to_html(index=False, float_format="%.4g",
                                                               na_rep="n/a")
        return head + f"<ul>{items}</ul>" + str(table)


def measure_table() -> Any:
    """Every measure an experiment reports, as a DataFrame: ``measure, name, sentence,
    formula, unit, level`` — what the variant lab shows under its numbers."""
    import pandas as pd

    return pd.DataFrame([{"measure": m.key, "name": m.name, "sentence": m.sentence,
                          "formula": m.formula, "unit": m.unit, "level": m.level}
                         for m in MEASURES])

