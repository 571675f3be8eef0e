"""The plain-Python sums that measure many deals where numpy is missing (Python in the
browser, offline) agree with the numpy ones: the winner's margin, Badugi's showdown rate and
the exact sums of products (``Moments``), on any input. The whole runs are compared in
``tests/test_pyodide.py`` (in Pyodide, and here with numpy hidden)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.errors import RulesError
from rulebook.experiments import _margin, _margin_of_deal
from rulebook.simulation import MAX_ROWS_DEALS, deal_rows, simulate
from rulebook.games.badugi.batch import showdown, showdown_row
from rulebook.stats import Moments

SEATS = st.integers(2, 6)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """One deal's points and places (places from 1, ties allowed)."""
    n = draw(SEATS)
    points = draw(st.lists(st.integers(-200, 200), min_size=n, max_size=n))
    places = draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    return points, places


@given(st.lists(deals(), min_size=1, max_size=8).filter(
    lambda ds: len({len(p) for p, _ in ds}) == 1))
def test_the_margin_of_one_deal_is_the_batch_margin(many: list[tuple[list[int], list[int]]]
                                                    ) -> None:
    points = np.array([p for p, _ in many], dtype=np.int64)
    places = np.array([q for _, q in many], dtype=np.int64)
    assert [_margin_of_deal(p, q) for p, q in many] == _margin(points, places).tolist()


def test_the_margin_in_words() -> None:
    assert _margin_of_deal([3, 10, 7], [1, 3, 2]) == 4  # the winner against second place
    assert _margin_of_deal([3, 3, 7], [1, 1, 3]) == 0  # a shared first place
    assert _margin_of_deal([0, 9, 12], [1, 2, 2]) == 9  # the first of the tied runners-up


@given(st.integers(2, 6).flatmap(lambda n: st.lists(
    st.tuples(st.lists(st.integers(0, 300), min_size=n, max_size=n),
              st.lists(st.integers(-150, 150), min_size=n, max_size=n),
              st.lists(st.integers(0, 1), min_size=n, max_size=n)), min_size=1, max_size=6)))
def test_the_showdown_of_one_hand_is_the_batch_showdown(hands: list[tuple[list[int], ...]]
                                                       ) -> None:
    grid = {name: np.array([h[k] for h in hands], dtype=np.int64)
            for k, name in enumerate(("stack", "points", "passes"))}
    expected = showdown(grid)["showdown"].tolist()
    got = [showdown_row({"stack": s, "points": p, "passes": f})["showdown"]
           for s, p, f in hands]
    assert got == expected


@given(st.integers(1, 5).flatmap(lambda w: st.lists(
    st.lists(st.integers(-10**6, 10**6), min_size=w, max_size=w), max_size=30)),
    st.booleans())
def test_the_sums_in_plain_python_are_the_numpy_sums(rows: list[list[int]], grouped: bool
                                                     ) -> None:
    width = len(rows[0]) if rows else 3
    names = [f"q{i}" for i in range(width)]
    cliques = [names[:2], names[1:]] if grouped and width > 2 else []
    plain = Moments(names, cliques).add_rows(rows)
    with_numpy = Moments(names, cliques).add_rows(
        np.array(rows, dtype=np.int64).reshape(len(rows), width))
    assert plain == with_numpy and plain.deals == len(rows)


def test_a_row_of_the_wrong_width_is_refused_and_changes_nothing() -> None:
    m = Moments(["a", "b"])
    with pytest.raises(ValueError, match="expected 2 columns"):
        m.add_rows([[1, 2], [3]])
    assert m == Moments(["a", "b"])


@pytest.mark.parametrize("profile, players, bots", [
    ("badam-satti", 4, None), ("badam-satti-app", 4, None), ("sevens", 3, "smart"),
    ("satti", 4, None), ("satti", 3, ["random", "smart", "random"]), ("badugi", 3, None)])
def test_deal_rows_are_the_first_rows_of_simulate_s_table(profile: str, players: int,
                                                          bots: object) -> None:
    rows = deal_rows(profile, players=players, deals=4, bots=bots, seed=11)
    frame = simulate(profile, players=players, deals=70, bots=bots, seed=11)
    assert [list(r) for r in rows] == [list(frame.columns)] * len(rows)
    expected = [{k: (str(v) if k == "bot" else bool(v) if isinstance(v, (bool, np.bool_))
                     else int(v)) for k, v in r.items()}
                for r in frame.head(4 * players).to_dict("records")]
    assert rows == expected
    assert all(type(v) in (int, bool, str) for r in rows for v in r.values())


def test_deal_rows_refuses_what_simulate_refuses_and_too_many_deals() -> None:
    with pytest.raises(RulesError, match="at most 1,000"):
        deal_rows("sevens", deals=MAX_ROWS_DEALS + 1)
    for bad in ({"players": 9}, {"deals": -1}, {"deals": True}, {"bots": "nobody"},
                {"seed": 1.5}):
        with pytest.raises(RulesError):
            deal_rows("sevens", **bad)  # type: ignore[arg-type]


def test_a_measure_only_numpy_can_compute_is_refused_in_one_sentence(monkeypatch) -> None:
    """A game whose derived measure has no plain-Python ``derived_row``: where numpy is
    missing, the run is refused with NeedsNumpy before its sums (a game's own choice)."""
    import rulebook.simulation as simulation
    from rulebook.measures import PlayoutTerms

    monkeypatch.setattr(simulation, "numpy_available", lambda: False)
    monkeypatch.setattr(simulation, "terms_for", lambda rules: PlayoutTerms(
        columns={"points": "penalty_points"}, derived=lambda grid: {}, derived_keys=("x",)))
    with pytest.raises(simulation.NeedsNumpy):
        simulate("sevens", deals=3, seed=1, aggregate=True)
