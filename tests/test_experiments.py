"""Experiments: exact running sums, 95% intervals that cover the true value as often as they
claim, game-design measures computed independently from the frame, and paired comparisons
(zero when both rulesets are the same; not applicable, never zero, when a game lacks a measure)."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import rulebook
from rulebook import RulesError, load_rules
from rulebook.paired import compare_rules
from rulebook.experiments import (Comparison, measure_table, paired_sentence,
                                  summary_of)
from rulebook.measures import MEASURES, measure
from rulebook.protocol import autoplay
from rulebook.simulation import deal_seeds, simulate
from rulebook.stats import Estimate, Moments, wilson


# -- the arithmetic -----------------------------------------------------------------------------
def test_moments_are_exact_and_split_anywhere() -> None:
    rng = np.random.default_rng(7)
    q = rng.integers(-50, 400, size=(1000, 5))
    names = ["a", "b", "c", "d", "e"]
    whole = Moments.from_rows(names, q)
    parts = Moments(names)
    for lo, hi in ((0, 1), (1, 333), (333, 334), (334, 1000)):
        parts.add(Moments.from_rows(names, q[lo:hi]))
    assert parts == whole
    assert whole.s1 == [int(v) for v in q.sum(axis=0)]
    assert whole.s2[(1, 3)] == int((q[:, 1] * q[:, 3]).sum())
    w = whole.weights([("a", 1), ("c", Fraction(1, 2))])
    form = q[:, 0] + q[:, 2] / 2
    est = whole.mean(w)
    se = form.std(ddof=1) / math.sqrt(len(form))
    assert est.value == pytest.approx(form.mean(), abs=1e-12)
    assert est.high - est.value == pytest.approx(1.959963984540054 * se, rel=1e-9)
    ratio = whole.ratio(whole.weights([("b", 1)]), whole.weights([("e", 1)]))
    assert ratio.value == pytest.approx(q[:, 1].sum() / q[:, 4].sum(), rel=1e-12)


def test_moments_keep_only_the_products_of_their_groups() -> None:
    q = np.arange(12).reshape(4, 3)
    m = Moments.from_rows(["x", "y", "z"], q, cliques=[["x", "y"], ["z"]])
    assert set(m.s2) == {(0, 0), (0, 1), (1, 1), (2, 2)}
    # A pair shared by two groups is summed once.
    twice = Moments.from_rows(["x", "y", "z"], q, cliques=[["x", "y"], ["y", "x", "z"]])
    assert twice.s2[(0, 1)] == int((q[:, 0] * q[:, 1]).sum())
    with pytest.raises(KeyError):
        m.square(m.weights([("x", 1), ("z", 1)]))


def test_wilson_known_values() -> None:
    low, high = wilson(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0.0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611


def _coverage(trials: int, make: "callable", truth: float) -> float:
    hits = 0
    for t in range(trials):
        est = make(random.Random(f"coverage-{t}"))
        hits += est.low <= truth <= est.high
    return hits / trials


def test_intervals_cover_the_truth_on_known_games() -> None:
    """A biased coin (p = 0.3), a die (mean 3.5), a paired difference and a ratio: each 95%
    interval covers the true value in about 95% of 1,000 seeded repetitions."""
    def coin(rng: random.Random) -> Estimate:
        q = np.array([[rng.random() < 0.3] for _ in range(120)], dtype=np.int64)
        m = Moments.from_rows(["won"], q)
        return m.mean(m.weights([("won", 1)]), share=True)

    def die(rng: random.Random) -> Estimate:
        q = np.array([[rng.randint(1, 6)] for _ in range(60)])
        m = Moments.from_rows(["roll"], q)
        return m.mean(m.weights([("roll", 1)]))

    def paired(rng: random.Random) -> Estimate:
        rows = []
        for _ in range(80):  # B = A + a die roll - 3: true difference 0.5, strongly paired
            a = rng.randint(0, 20)
            rows.append([a, a + rng.randint(1, 6) - 3])
        m = Moments.from_rows(["a", "b"], np.array(rows))
        return m.mean(m.weights([("b", 1), ("a", -1)]))

    def ratio(rng: random.Random) -> Estimate:
        rows = []
        for _ in range(100):  # moves 10..30, each a pass with probability 0.2
            moves = rng.randint(10, 30)
            rows.append([sum(rng.random() < 0.2 for _ in range(moves)), moves])
        m = Moments.from_rows(["passes", "moves"], np.array(rows))
        return m.ratio(m.weights([("passes", 1)]), m.weights([("moves", 1)]), share=True)

    for make, truth in ((coin, 0.3), (die, 3.5), (paired, 0.5), (ratio, 0.2)):
        # 1,000 repetitions: the observed coverage is within about ±0.02 of the true one.
        assert 0.92 <= _coverage(1000, make, truth) <= 0.975, make.__name__


def _engine_coverage(reps: int, deals: int) -> tuple[float, float]:
    """Badam Satti, 4 random players: every seat's true win rate is exactly 1/4 (the game
    turns with the table: who holds 7♥ opens, and the shuffle is uniform), so seat 0's
    interval covers 0.25, and the seat advantage's interval reaches down to 0."""
    rules = load_rules("badam-satti")
    frame = simulate(rules, players=4, deals=reps * deals, seed="cover")
    seat0 = advantage = 0
    for r, block in frame.groupby(frame["deal"] // deals):
        summary = summary_of(block, rules)  # an independent run of `deals` deals
        assert summary.deals == deals
        est = summary.estimate("win_rate", "seat 0")
        seat0 += est.low <= 0.25 <= est.high
        advantage += summary.estimate("seat_advantage").low == 0
    return seat0 / reps, advantage / reps


def test_engine_intervals_cover_a_known_seat_symmetry() -> None:
    seat0, advantage = _engine_coverage(reps=200, deals=100)
    assert 0.90 <= seat0 <= 0.99, seat0
    assert advantage >= 0.93, advantage  # simultaneous (Bonferroni): at least 95% in theory


@pytest.mark.slow
def test_engine_intervals_cover_a_known_seat_symmetry_many_times() -> None:
    seat0, advantage = _engine_coverage(reps=2000, deals=100)
    assert 0.935 <= seat0 <= 0.965, seat0
    assert advantage >= 0.945, advantage


# -- the measures, computed independently from the frame -----------------------------------------
@pytest.mark.parametrize("profile, players", [("badam-satti", 4), ("sevens", 5),
                                              ("satti", 3), ("badugi", 4)])
def test_design_measures_from_the_frame(profile, players) -> None:
    rules = load_rules(profile)
    frame = simulate(rules, players=players, deals=200, seed=8)
    summary = simulate(rules, players=players, deals=200, seed=8, aggregate=True)
    deals = frame.groupby("deal")
    # Round length: moves per deal.
    assert summary.estimate("turns").value == pytest.approx(deals["turns"].first().mean())
    # Seat advantage: the largest |win rate − 1/players|.
    rates = frame.groupby("seat")["won"].mean()
    assert summary.estimate("seat_advantage").value == pytest.approx(
        (rates - 1 / players).abs().max())
    # Winner's margin: |points of 1st − points of the best other place|, 0 if 1st is shared.
    margins = []
    for _, d in deals:
        first = d[d["place"] == 1]
        if len(first) != 1 or len(d) == 1:
            margins.append(0)
            continue
        rest = d[d["place"] > 1]
        best = rest[rest["place"] == rest["place"].min()]
        margins.append(abs(int(first["points"].iloc[0]) - int(best["points"].iloc[0])))
    assert summary.estimate("margin").value == pytest.approx(np.mean(margins))
    # Passes (draws, folds) per move: all of them over all moves.
    share = {"badugi": "fold_share", "satti": "draw_share"}.get(profile, "pass_share")
    assert summary.estimate(share).value == pytest.approx(
        frame["passes"].sum() / deals["turns"].first().sum())
    assert summary.estimate("win_rate", "seat 1").value == pytest.approx(rates[1])


def test_badugi_showdown_rate_agrees_with_the_state_path() -> None:
    rules = load_rules("badugi")
    deals = 60
    summary = simulate(rules, players=4, deals=deals, seed=9, aggregate=True)
    shown = 0
    for k, s in enumerate(deal_seeds(9, deals)):
        state = autoplay(rules.new_deal(4, s, k % 4), None, s)
        shown += len(state.outcome.revealed) > 0
    assert summary.estimate("showdown").value == pytest.approx(shown / deals)
    assert 0 < shown < deals


def test_summary_tables() -> None:
    summary = simulate("satti", players=3, deals=300, seed=2,
                       bots=["smart", "random", "random"], aggregate=True)
    table = summary.table()
    assert list(table.columns) == ["measure", "name", "group", "value", "low", "high", "deals"]
    groups = set(table[table["measure"] == "win_rate"]["group"])
    assert groups == {"seat 0", "seat 1", "seat 2", "bot random", "bot smart", "all"}
    assert (table["low"] <= table["value"] + 1e-12).all()
    assert (table["value"] <= table["high"] + 1e-12).all()
    assert "stopped" in set(table["measure"]) and "showdown" not in set(table["measure"])
    design = summary.design()
    assert list(design["measure"]) == ["turns", "margin", "draw_share", "seat_advantage",
                                       "stopped"]
    assert design["sentence"].str.endswith(".").all() and design["formula"].str.len().gt(5).all()
    assert "95% intervals" in summary._repr_html_()


def test_every_measure_is_explained() -> None:
    table = measure_table()
    assert list(table["measure"]) == [m.key for m in MEASURES]
    for m in MEASURES:
        assert m.sentence.endswith(".") and m.sentence.count(". ") == 0, m.key
        assert m.formula and m.name and m.level in ("seat", "deal")
    assert rulebook.measure_table().equals(table)
    assert measure("seat_advantage").formula == "max over seats of |win rate(seat) − 1 ÷ players|"
    with pytest.raises(RulesError, match="no measure 'luck'"):
        measure("luck")


# -- paired comparisons -------------------------------------------------------------------------
@pytest.mark.parametrize("profile", ["badam-satti", "sevens", "satti", "badugi"])
def test_the_same_rules_differ_by_exactly_zero(profile) -> None:
    comparison = compare_rules(profile, load_rules(profile), deals=150, seed=3)
    assert comparison.deals == 150
    for row in comparison.rows:
        assert row.difference is not None, row.measure.key
        assert row.difference.value == 0 and row.difference.low == 0 \
            and row.difference.high == 0, (row.measure.key, row.group)
        assert row.a == row.b
        assert row.more_than_noise is False
    assert comparison.winner_changes.value == 0
    assert "the same on every deal" in comparison.sentences()[0]


def test_a_house_rule_that_matters_is_more_than_noise() -> None:
    plain = load_rules("badam-satti")
    first = plain.with_options(sevens_first=True)
    comparison = rulebook.compare_rules(plain, first, deals=3000, seed=5)
    assert isinstance(comparison, Comparison) and comparison.change == "Sevens first"
    passes = comparison.row("passes", "all")
    assert passes.difference.high < 0 and passes.more_than_noise
    assert passes.sentence.startswith("Sevens first lowers the average seat's passes by ")
    assert passes.sentence.endswith("; that is more than noise.")
    frame = simulate(plain, deals=3000, seed=5)
    other = simulate(first, deals=3000, seed=5)
    # The paired difference is the difference of the two runs' means ...
    assert passes.difference.value == pytest.approx(other["passes"].mean() - frame["passes"].mean())
    # ... and pairing makes it far less noisy than two independent samples would be.
    per_deal_a = frame.groupby("deal")["turns"].first()
    per_deal_b = other.groupby("deal")["turns"].first()
    unpaired = 1.96 * math.sqrt(per_deal_a.var() / 3000 + per_deal_b.var() / 3000)
    turns = comparison.row("turns").difference
    assert (turns.high - turns.low) / 2 < 0.9 * unpaired
    # How often the winner changed, against the frames.
    changed = (frame[frame["won"]].groupby("deal")["seat"].apply(frozenset)
               != other[other["won"]].groupby("deal")["seat"].apply(frozenset)).mean()
    assert comparison.winner_changes.value == pytest.approx(changed)


def test_a_measure_one_game_lacks_is_not_applicable() -> None:
    comparison = compare_rules("badugi", "badam-satti", deals=100, seed=1)
    showdown = comparison.row("showdown")
    assert showdown.a is not None and showdown.b is None and showdown.difference is None
    assert showdown.more_than_noise is None
    assert showdown.sentence == "'showdown rate' does not apply to badam-satti, so it is " \
                                "not compared."
    chips = comparison.row("chips", "seat 0")
    assert chips.b is None and chips.difference is None
    points = comparison.row("penalty_points", "seat 0")
    assert points.a is None and points.b is not None
    margin = comparison.row("margin")  # chips against penalty points: not comparable
    assert margin.a is not None and margin.b is not None and margin.difference is None
    assert "counts chips under badugi and points under badam-satti" in margin.sentence
    frame = comparison.frame()
    row = frame[(frame["measure"] == "showdown")].iloc[0]
    assert math.isnan(row["b"]) and math.isnan(row["difference"]) and row["a"] > 0
    assert comparison.row("win_rate", "seat 0").difference is not None


def test_comparison_frame_and_sentences() -> None:
    comparison = compare_rules("sevens", load_rules("sevens", stack=5), deals=200, seed=2,
                               players=5, bots="smart")
    frame = comparison.frame()
    assert list(frame.columns) == ["measure", "name", "group", "a", "a_low", "a_high", "b",
                                   "b_low", "b_high", "difference", "diff_low", "diff_high",
                                   "more_than_noise", "sentence"]
    assert len(frame) == len(comparison.rows)
    sentences = comparison.sentences()
    assert sentences[-1].startswith("The same deal is won by a different seat")
    assert len(sentences) == len(set(sentences))
    html = comparison._repr_html_()
    assert "on the same 200 deals" in html
    with pytest.raises(RulesError, match="not in this comparison"):
        comparison.row("showdown")


def test_paired_sentence_words() -> None:
    m = measure("win_rate")
    text = paired_sentence("sevens_first", m, "seat 0", Estimate(-0.031, -0.040, -0.022, 900))
    assert text == ("Sevens_first lowers seat 0's win rate by 3.1 percentage points (95% CI "
                    "2.2 to 4.0 percentage points); that is more than noise.")
    text = paired_sentence("flat_10", measure("turns"), "deal", Estimate(1.5, -0.5, 3.5, 90))
    assert text == ("Flat_10 raises the round length by 1.5 moves (95% CI -0.5 to 3.5 moves); "
                    "that is within noise (the interval includes no change).")
    assert paired_sentence("x", m, "all", Estimate(0.1, None, None, 1)).endswith(
        "too few deals for an interval.")


def test_compare_rules_checks_its_arguments() -> None:
    with pytest.raises(RulesError, match="unknown ruleset 'bridge'"):
        compare_rules("badam-satti", "bridge", deals=5)
    with pytest.raises(RulesError, match=r"Satti is for 2 to 6 players"):
        compare_rules("sevens", "satti", deals=5, players=7)
    with pytest.raises(RulesError, match="deals=-1"):
        compare_rules("satti", "satti", deals=-1)
    with pytest.raises(RulesError, match="a comparison needs at least one deal"):
        compare_rules("satti", "satti", deals=0)


def test_summary_of_needs_a_frame() -> None:
    from rulebook.experiments import summary_of

    with pytest.raises(RulesError, match="summary_of needs a simulate"):
        summary_of(pd.DataFrame({"x": [1]}), "satti")
