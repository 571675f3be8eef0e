"""Running statistics for experiments of any length, and their 95% confidence intervals.

A simulation reduces every deal to a short vector of whole numbers ``q`` (seat 0's win, seat
0's points, ..., the round's length).  :class:`Moments` keeps only the number of deals
``D``, the sums ``S1 = Σ q`` and the sums of products ``S2 = Σ q qᵀ`` — exact Python
integers, so the result does not depend on how the deals were split into chunks or over
how many processes, and its memory does not grow with the number of deals.  Every mean,
difference, ratio and interval is computed from those sums:

* a linear form ``w·q`` (a seat's mean, a group's mean, a paired difference A − B):
  mean ``w·S1 / D``, standard error ``sqrt((wᵀS2w − (w·S1)²/D) / (D (D − 1)))``;
* a ratio of two forms (passes per move): the delta method, with the residual form
  ``(w₁ − R w₂) / mean(w₂·q)``;
* a share (win rate): the Wilson score interval, with the effective number of deals
  ``p (1 − p) / se²`` when seats of one deal are pooled (deals are the independent units);
* anything else: mean ± 1.96 standard errors (normal approximation).

The deal is the unit of sampling: seats of one deal are never treated as independent.
The arithmetic of the quadratic forms is exact (fractions), so two identical rulesets give
a difference of exactly zero with an interval of exactly zero width.  Chunk sums use numpy
(imported inside :meth:`Moments.from_rows`); this module imports only the standard library.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from statistics import NormalDist
from typing import Any

__all__ = ["Z95", "Estimate", "Moments", "wilson", "normal_interval", "share_interval",
           "numpy_available"]

Z95 = NormalDist().inv_cdf(0.975)
"""The normal quantile of a two-sided 95% interval (1.959963984540054)."""

Weights = Mapping[int, Fraction | int]
"""A sparse linear form: quantity index -> weight."""


@dataclasses.dataclass(frozen=True)
class Estimate:
    """A value with its 95% confidence interval (``low``/``high`` are None with < 2 deals)."""

    value: float
    low: float | None
    high: float | None
    deals: int
    """The number of independent deals it rests on."""

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies entirely above or below zero (more than noise)."""
        return self.low is not None and self.high is not None and (
            self.low > 0 or self.high < 0)

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return f"{self.value:.4g}"
        return f"{self.value:.4g} (95% CI {self.low:.4g} to {self.high:.4g})"


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``p`` observed on ``n`` (effective) trials."""
    if n <= 0:
        return (0.0, 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0)) / (1 + z2 / n)
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


def normal_interval(value: float, se: float, z: float = Z95) -> tuple[float, float]:
    """``value ± z·se``."""
    return (value - z * se, value + z * se)


class Moments:
    """Exact running sums of per-deal vectors: ``D``, ``S1 = Σ q`` and the entries of
    ``S2 = Σ q qᵀ`` that are needed.

    ``names`` labels the entries of ``q``; ``cliques`` lists groups of names whose products
    are kept (every pair inside a group, e.g. one measure's seats under both rulesets): a
    quadratic form may only mix names of one group.  Two Moments over the same names add up
    (:meth:`add`) in any order with the same result.
    """

    __slots__ = ("names", "index", "deals", "s1", "s2", "cliques")

    def __init__(self, names: Sequence[str], cliques: Sequence[Sequence[str]] = ()) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.cliques: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({self.index[n] for n in c})) for c in cliques) or \
            (tuple(range(len(self.names))),)
        self.deals = 0
        self.s1: list[int] = [0] * len(self.names)
        self.s2: dict[tuple[int, int], int] = {
            (i, j): 0 for c in self.cliques for i in c for j in c if i <= j}

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.names, self.cliques, self.deals, self.s1, self.s2)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.names, self.cliques, self.deals, self.s1, self.s2 = state
        self.index = {n: i for i, n in enumerate(self.names)}

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Moments) and self.names == other.names
                and self.cliques == other.cliques and self.deals == other.deals
                and self.s1 == other.s1 and self.s2 == other.s2)

    __hash__ = None  # type: ignore[assignment]

    def empty(self) -> "Moments":
        """Moments over the same names and groups, with no deal yet."""
        out = Moments.__new__(Moments)
        out.__setstate__((self.names, self.cliques, 0, [0] * len(self.names),
                          dict.fromkeys(self.s2, 0)))
        return out

    def add_rows(self, q: Any) -> "Moments":
        """Add the rows of ``q`` (a 2-D numpy array of whole numbers, one row per deal, one
        column per name; or a list of such rows as lists of ``int``, summed in plain Python
        where numpy is missing); returns self."""
        if isinstance(q, list):
            return self._add_python_rows(q)
        import numpy as np

        q = np.asarray(q)
        if q.ndim != 2 or q.shape[1] != len(self.names):
            raise ValueError(f"expected {len(self.names)} columns, got shape {q.shape}")
        rows = int(q.shape[0])
        if rows == 0:
            return self
        q64 = q.astype(np.int64)
        self.deals += rows
        for i, v in enumerate(q64.sum(axis=0, dtype=np.int64).tolist()):
            self.s1[i] += v
        biggest = int(np.abs(q64).max())
        # int64 sums of products are exact while rows × biggest² stays below 2**63.
        step = rows if biggest == 0 else max(1, ((1 << 63) - 1) // (biggest * biggest))
        seen: set[tuple[int, int]] = set()  # a pair shared by two groups is summed once
        for c in self.cliques:
            todo = [(a, b, (i, j)) for a, i in enumerate(c) for b, j in enumerate(c)
                    if i <= j and (i, j) not in seen]
            if not todo:
                continue
            seen.update(key for _, _, key in todo)
            if biggest >= 1 << 31:  # huge values: exact Python integers (never met in games)
                block = q64[:, list(c)].astype(object)
                parts = [(block.T @ block).tolist()]
            else:
                parts = [np.einsum("ij,ik->jk", q64[lo:lo + step, list(c)],
                                   q64[lo:lo + step, list(c)]).tolist()
                         for lo in range(0, rows, step)]
            for part in parts:
                for a, b, key in todo:
                    self.s2[key] += int(part[a][b])
        return self

    def _add_python_rows(self, q: list[list[int]]) -> "Moments":
        """:meth:`add_rows` for rows given as lists of ``int`` (exact Python integers)."""
        width = len(self.names)
        bad = next((row for row in q if len(row) != width), None)
        if bad is not None:
            raise ValueError(f"expected {width} columns, got a row of {len(bad)}")
        if not q:
            return self
        self.deals += len(q)
        for row in q:
            for i, v in enumerate(row):
                self.s1[i] += v
        keys = list(self.s2)
        firsts = [i for i, _ in keys]
        seconds = [j for _, j in keys]
        totals = [0] * len(keys)
        for row in q:
            for k, (i, j) in enumerate(zip(firsts, seconds)):
                totals[k] += row[i] * row[j]
        for key, v in zip(keys, totals):
            self.s2[key] += v
        return self

    @classmethod
    def from_rows(cls, names: Sequence[str], q: Any,
                  cliques: Sequence[Sequence[str]] = ()) -> "Moments":
        """The sums of the rows of ``q`` (see :meth:`add_rows`)."""
        return cls(names, cliques).add_rows(q)

    def add(self, other: "Moments") -> None:
        """Add ``other``'s sums into these (in place)."""
        if other.names != self.names or other.cliques != self.cliques:
            raise ValueError("cannot merge moments of different quantities")
        self.deals += other.deals
        for i, v in enumerate(other.s1):
            self.s1[i] += v
        for key, v in other.s2.items():
            self.s2[key] += v

    # -- exact sums of linear forms ---------------------------------------------------------
    def weights(self, terms: Iterable[tuple[str, Fraction | int]] | Mapping[str, Fraction | int]
                ) -> dict[int, Fraction]:
        """A sparse linear form from (name, weight) pairs or a name -> weight mapping
        (repeated names add up)."""
        out: dict[int, Fraction] = {}
        for name, w in terms.items() if isinstance(terms, Mapping) else terms:
            i = self.index[name]
            out[i] = out.get(i, Fraction(0)) + Fraction(w)
        return {i: w for i, w in out.items() if w}

    def total(self, w: Weights) -> Fraction:
        """``w · S1``: the sum of the form over all deals (exact)."""
        return sum((Fraction(c) * self.s1[i] for i, c in w.items()), Fraction(0))

    def square(self, w: Weights) -> Fraction:
        """``wᵀ S2 w``: the sum of the form's squares over all deals (exact).  The names of
        ``w`` must lie in one of the groups given at creation."""
        items = sorted(w.items())
        acc = Fraction(0)
        s2 = self.s2
        for x, (i, a) in enumerate(items):
            acc += Fraction(a) * Fraction(a) * s2[(i, i)]
            for j, b in items[x + 1:]:
                acc += 2 * Fraction(a) * Fraction(b) * s2[(i, j)]
        return acc

    def variance_of_mean(self, w: Weights) -> float | None:
        """The variance of the mean of ``w·q`` over deals (None with fewer than 2 deals)."""
        d = self.deals
        if d < 2:
            return None
        t = self.total(w)
        ss = self.square(w) - t * t / d
        return max(float(ss / (d * (d - 1))), 0.0)

    def mean(self, w: Weights, share: bool = False) -> Estimate:
        """The mean of the form ``w·q`` over deals, with its 95% interval (Wilson for a
        share, else normal)."""
        d = self.deals
        if d == 0:
            return Estimate(math.nan, None, None, 0)
        value = float(self.total(w) / d)
        var = self.variance_of_mean(w)
        if var is None:
            return Estimate(value, None, None, d)
        return _with_interval(value, var, d, share)

    def ratio(self, num: Weights, den: Weights, share: bool = False) -> Estimate:
        """``Σ num·q / Σ den·q`` (e.g. passes per move) with a delta-method interval."""
        d = self.deals
        bottom = self.total(den)
        if d == 0 or bottom == 0:
            return Estimate(math.nan, None, None, d)
        r = self.total(num) / bottom
        if d < 2:
            return Estimate(float(r), None, None, d)
        scale = Fraction(d) / bottom
        var = self.variance_of_mean(_combine((num, scale), (den, -r * scale)))
        assert var is not None
        return _with_interval(float(r), var, d, share)

    def ratio_difference(self, num_a: Weights, den_a: Weights, num_b: Weights,
                         den_b: Weights) -> Estimate:
        """``ratio(num_b, den_b) − ratio(num_a, den_a)`` on the same deals, with a paired
        delta-method interval."""
        d = self.deals
        bot_a, bot_b = self.total(den_a), self.total(den_b)
        if d == 0 or bot_a == 0 or bot_b == 0:
            return Estimate(math.nan, None, None, d)
        ra, rb = self.total(num_a) / bot_a, self.total(num_b) / bot_b
        value = float(rb - ra)
        if d < 2:
            return Estimate(value, None, None, d)
        var = self.variance_of_mean(_combine((num_b, Fraction(d) / bot_b),
                                             (den_b, -rb * d / bot_b),
                                             (num_a, -Fraction(d) / bot_a),
                                             (den_a, ra * d / bot_a)))
        assert var is not None
        return _with_interval(value, var, d, False)


def _combine(*parts: tuple[Weights, Fraction]) -> dict[int, Fraction]:
    """The linear form ``Σ factor · w`` of (form, factor) pairs."""
    out: dict[int, Fraction] = {}
    for w, factor in parts:
        for i, c in w.items():
            out[i] = out.get(i, Fraction(0)) + Fraction(c) * factor
    return out


def _with_interval(value: float, var: float, deals: int, share: bool) -> Estimate:
    """``value`` whose mean has variance ``var``, with its 95% interval (Wilson for a share,
    else normal)."""
    if share:
        return Estimate(value, *share_interval(value, var, deals), deals)
    return Estimate(value, *normal_interval(value, math.sqrt(var)), deals)


def share_interval(p: float, var: float, deals: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval of a share ``p`` whose mean has variance ``var`` over ``deals``
    deals: the effective number of trials is ``p (1 − p) / var`` (``deals`` when the share
    is 0 or 1)."""
    if var <= 0:
        if 0 < p < 1:  # a share fixed by the rules (e.g. one winner among n seats)
            return (p, p)
        return wilson(p, deals, z)
    n_eff = p * (1 - p) / var if 0 < p < 1 else float(deals)
    return wilson(p, max(1.0, n_eff), z)


def numpy_available() -> bool:
    """Whether numpy can be imported here.  Where it cannot (Python in the browser, with no
    network to fetch it), aggregate runs (``simulate(..., aggregate=True)``,
    ``compare_rules``) play every deal on the game's scalar core and sum in plain Python:
    the same deals and the same numbers, more slowly; a DataFrame still needs numpy and
    pandas (:class:`rulebook.simulation.NeedsNumpy`)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True
