"""rulebook.simulate: fast loop, progress, one row per deal and seat, reproducible, typed errors,
and the same rows as State + autoplay deal by deal; summarize: the lab's summary table."""
from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

import rulebook
from rulebook import RulesError, load_rules
from rulebook import simulation
from rulebook.protocol import autoplay
from rulebook.simulation import COLUMNS, SUMMARY_COLUMNS, deal_seeds, simulate, summarize

# (profile, options, players, bots): every profile, badam-satti with several house rules.
CASES = [
    ("badam-satti", {}, 4, None),
    ("badam-satti", {"sevens_first": True, "flat_10": True, "one_final_turn": True}, 4, None),
    ("badam-satti", {"limited_passes": True, "ace_high": True, "eight_before_six": True}, 5,
     "smart"),
    ("badam-satti-app", {"scoring": "court_11_12_13"}, 3, None),
    ("sevens", {"stack": 5}, 4, ["smart", "random", "smart", "random"]),
    ("satti", {}, 4, None),
    ("satti", {"hand_size": 7, "seven_stacking": False, "play_after_draw": False}, 3,
     ["easy", "smart", "random"]),
    ("badugi", {}, 4, None),
    ("badugi", {"small_bet": 4, "stack": 40}, 6, ["smart", "random"] * 3),
]
IDS = [f"{p}-{'-'.join(k for k in o) or 'plain'}-{n}" for p, o, n, _ in CASES]
EXTRAS = {"sevens": {"cards_left", "eliminated"},
          "satti": {"penalty_cards", "cards_drawn", "stopped"},
          "badugi": {"drawn", "stack"}}


def _rules(profile: str, options: dict):
    rules = load_rules(profile, **options)
    if not hasattr(rules, "playout"):  # pragma: no cover - a game without its fast path yet
        pytest.skip(f"{profile}: rules.playout is missing (the game's phase 2 is not in yet)")
    return rules


@pytest.mark.parametrize("profile, options, players, bots", CASES, ids=IDS)
def test_one_row_per_deal_and_seat(profile, options, players, bots) -> None:
    rules = _rules(profile, options)
    deals = 120
    frame = simulate(rules, players=players, deals=deals, bots=bots, seed=11)
    assert len(frame) == deals * players
    assert list(frame.columns[:len(COLUMNS)]) == list(COLUMNS)
    assert set(frame.columns[len(COLUMNS):]) == EXTRAS[rules.game]
    assert list(frame["deal"]) == [k for k in range(deals) for _ in range(players)]
    assert list(frame["seat"]) == list(range(players)) * deals
    assert list(frame["dealer"]) == [k % players for k in range(deals) for _ in range(players)]
    seeds = deal_seeds(11, deals)
    assert list(frame["seed"]) == [seeds[k] for k in range(deals) for _ in range(players)]
    # Every deal ends with at least one seat in first place, places within 1..players,
    # and the same round length for every seat of a deal.
    by_deal = frame.groupby("deal")
    assert (by_deal["place"].min() == 1).all()
    assert frame["place"].between(1, players).all()
    assert (by_deal["turns"].nunique() == 1).all()
    assert (frame["turns"] > 0).all() and (frame["passes"] >= 0).all()
    names = [bots or "random"] * players if bots is None or isinstance(bots, str) else bots
    assert list(frame["bot"][:players]) == names
    if rules.game == "badugi" or (rules.game == "sevens" and rules.chips):
        assert (by_deal["points"].sum() == 0).all()  # chips only change hands


@pytest.mark.parametrize("profile, options, players, bots", CASES, ids=IDS)
def test_reproducible_from_its_seed(profile, options, players, bots) -> None:
    rules = _rules(profile, options)
    one = simulate(rules, players, 80, bots, seed=5)
    two = simulate(load_rules(profile, **options), players, 80, bots, seed=5)
    pd.testing.assert_frame_equal(one, two)
    other = simulate(rules, players, 80, bots, seed=6)
    assert not one.drop(columns="seed").equals(other.drop(columns="seed"))


@pytest.mark.parametrize("profile, options, players, bots", CASES, ids=IDS)
def test_progress_counts_up_to_deals(profile, options, players, bots, monkeypatch) -> None:
    rules = _rules(profile, options)
    whole = simulate(rules, players, 250, bots, seed=3)
    calls: list[tuple[int, int]] = []
    chunked = simulate(rules, players, 250, bots, seed=3, chunk=100,
                       progress=lambda done, total: calls.append((done, total)))
    assert calls == [(100, 250), (200, 250), (250, 250)]
    # Chunks of 100, 100 and 50 deals (for Sevens: numpy batches, then the scalar loop for
    # the short last chunk) give the very same rows as one chunk of 250.
    pd.testing.assert_frame_equal(whole, chunked)
    # The default plan starts with CHUNK deals and grows fourfold: 10, 40, 160, the rest.
    calls.clear()
    monkeypatch.setattr(simulation, "CHUNK", 10)
    growing = simulate(rules, players, 250, bots, seed=3,
                       progress=lambda done, total: calls.append((done, total)))
    assert calls == [(10, 250), (50, 250), (210, 250), (250, 250)]
    pd.testing.assert_frame_equal(whole, growing)


def test_progress_default_chunks_and_empty_run() -> None:
    calls: list[tuple[int, int]] = []
    simulate("badam-satti", deals=2500, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1000, 2500), (2500, 2500)]  # 1,000 deals, then up to 4,000 more
    calls.clear()
    frame = simulate("satti", deals=0, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(0, 0)]
    assert len(frame) == 0 and list(frame.columns) == list(COLUMNS)


def _expected_rows(state, names):
    """The contract columns computed from a finished State, independently of the playout."""
    out = state.outcome
    n = state.players
    game = state.rules.game
    turns = len(state.history)
    if game == "sevens":
        return [{"seat": s, "bot": names[s], "place": out.places[s], "won": s == out.winner,
                 "points": out.points[s], "passes": out.passes[s], "turns": turns,
                 "cards_left": out.cards_left[s]} for s in range(n)]
    if game == "satti":
        draws = [0] * n
        for event in state.public_history:
            if event.move == "draw":
                draws[event.seat] += 1
        return [{"seat": s, "bot": names[s], "place": out.places[s],
                 "won": out.places[s] == 1, "points": out.cards_held[s],
                 "passes": draws[s], "turns": turns} for s in range(n)]
    assert game == "badugi"
    return [{"seat": s, "bot": names[s], "place": out.places[s], "won": s in out.winners,
             "points": out.net[s], "passes": int(s in state.folded), "turns": turns,
             "stack": out.final_stacks[s]} for s in range(n)]


@pytest.mark.parametrize("profile, options, players, bots", CASES, ids=IDS)
def test_rows_equal_state_and_autoplay(profile, options, players, bots) -> None:
    """Differential spot-check: deal k is autoplay(new_deal(players, seed_k, k % players))."""
    rules = _rules(profile, options)
    deals = 70  # more than 64, so the Sevens family takes its numpy batch for random seats
    frame = simulate(rules, players, deals, bots, seed=2024)
    seeds = deal_seeds(2024, deals)
    names = [bots or "random"] * players if bots is None or isinstance(bots, str) else bots
    for k in (0, 1, 2, 3, 17, 40, 69):
        state = autoplay(rules.new_deal(players, seeds[k], k % players), bots, seeds[k])
        assert state.is_over
        got = frame[frame["deal"] == k]
        assert set(got["seed"]) == {seeds[k]} and set(got["dealer"]) == {k % players}
        for want in _expected_rows(state, names):
            row = got[got["seat"] == want["seat"]].iloc[0]
            for key, value in want.items():
                assert row[key] == value, (profile, k, want["seat"], key)


@pytest.mark.parametrize("profile, good, bad", [
    ("badam-satti", "smart", "easy"), ("sevens", "random", "genius"),
    ("satti", "easy", "smarter"), ("badugi", "smart", "easy")])
def test_bots_by_name_for_all_and_per_seat(profile, good, bad) -> None:
    rules = _rules(profile, {})
    frame = simulate(rules, players=3, deals=20, bots=good, seed=4)
    assert set(frame["bot"]) == {good}
    seats = [good, "random", good]
    frame = simulate(rules, players=3, deals=20, bots=seats, seed=4)
    assert frame.groupby("seat")["bot"].agg(set).tolist() == [{good}, {"random"}, {good}]
    with pytest.raises(RulesError, match=rf"no computer player '{bad}' for {rules.game}: "
                                         r"expected one of .*random"):
        simulate(rules, players=3, deals=5, bots=bad)
    with pytest.raises(RulesError, match=rf"no computer player '{bad}'"):
        simulate(rules, players=3, deals=5, bots=["random", bad, "random"])
    with pytest.raises(RulesError, match="2 computer players were given for 3 seats"):
        simulate(rules, players=3, deals=5, bots=["random", good])
    with pytest.raises(RulesError, match="is not a computer player's name"):
        simulate(rules, players=3, deals=5, bots=["random", 7, "random"])


@pytest.mark.parametrize("kwargs, message", [
    ({"deals": -1}, r"deals=-1: expected a whole number, 0 or more"),
    ({"deals": 2.5}, r"deals=2\.5: expected a whole number"),
    ({"deals": True}, r"deals=True"),
    ({"players": 9}, r"'badam-satti' is played by 3 to 6 players, not 9"),
    ({"players": "4"}, r"players='4': expected a whole number"),
    ({"seed": 1.5}, r"seed=1\.5: expected a whole number or text"),
    ({"progress": 3}, r"progress=3: expected a function"),
])
def test_bad_arguments_raise_rules_error(kwargs, message) -> None:
    args = {"deals": 5, **kwargs}
    with pytest.raises(RulesError, match=message):
        simulate("badam-satti", **args)


def test_bad_players_and_rulesets_for_each_game() -> None:
    with pytest.raises(RulesError, match="unknown ruleset 'bridge': expected one of"):
        simulate("bridge", deals=5)
    with pytest.raises(RulesError, match=r"Satti is for 2 to 6 players"):
        simulate("satti", players=1, deals=5)
    with pytest.raises(RulesError, match=r"Badugi is dealt to 2 to 8 players"):
        simulate("badugi", players=9, deals=5)
    with pytest.raises(RulesError, match=r"'sevens' is played by 3 to 7 players, not 2"):
        simulate("sevens", players=2, deals=0)  # checked even when no deal is played
    with pytest.raises(RulesError, match="expected a rules object or a profile id"):
        simulate(42, deals=5)


def test_top_level_simulate_is_the_same() -> None:
    one = rulebook.simulate("sevens", players=5, deals=30, bots="smart", seed=9)
    two = simulate("sevens", players=5, deals=30, bots="smart", seed=9)
    pd.testing.assert_frame_equal(one, two)


def test_summarize_hand_computed() -> None:
    frame = pd.DataFrame({
        "deal": [0, 0, 1, 1], "seed": [1, 1, 2, 2], "dealer": [0, 0, 1, 1],
        "seat": [0, 1, 0, 1], "bot": ["smart", "random", "smart", "random"],
        "place": [1, 2, 2, 1], "won": [True, False, False, True],
        "points": [0, 12, 30, 0], "passes": [1, 3, 0, 2], "turns": [40, 40, 50, 50]})
    table = summarize(frame).set_index("group")
    assert list(table.reset_index().columns) == list(SUMMARY_COLUMNS)
    assert list(table.index) == ["seat 0", "seat 1", "bot random", "bot smart", "all"]
    assert table.loc["seat 0", "win rate"] == 0.5 and table.loc["seat 0", "mean points"] == 15
    assert table.loc["seat 1", "mean passes"] == 2.5 and table.loc["seat 1", "rows"] == 2
    assert table.loc["bot smart", "mean points"] == 15 and table.loc["bot random", "mean place"] == 1.5
    assert table.loc["all", "mean turns"] == 45 and table.loc["all", "rows"] == 4
    assert table.loc["all", "win rate"] == 0.5


def test_summarize_a_simulation() -> None:
    frame = simulate("badam-satti", players=4, deals=400, bots=["smart", "random"] * 2, seed=1)
    table = summarize(frame).set_index("group")
    for seat in range(4):
        part = frame[frame["seat"] == seat]
        assert table.loc[f"seat {seat}", "win rate"] == pytest.approx(part["won"].mean())
        assert table.loc[f"seat {seat}", "mean points"] == pytest.approx(part["points"].mean())
        assert table.loc[f"seat {seat}", "rows"] == 400
    assert table.loc["bot smart", "rows"] == 800
    # In classic Badam Satti exactly one seat wins each deal, so the win rates add up to 1;
    # the smart players win more often than the random ones.
    assert sum(table.loc[f"seat {s}", "win rate"] for s in range(4)) == pytest.approx(1.0)
    assert table.loc["bot smart", "win rate"] > table.loc["bot random", "win rate"]
    assert table.loc["all", "mean turns"] == pytest.approx(frame.groupby("deal")["turns"].first().mean())
    empty = summarize(simulate("satti", deals=0))
    assert list(empty.columns) == list(SUMMARY_COLUMNS) and len(empty) == 0
    with pytest.raises(RulesError, match="summarize needs a simulate"):
        summarize(pd.DataFrame({"seat": [0]}))


def test_importing_simulation_loads_no_pandas() -> None:
    code = "import rulebook.simulation, sys; print('pandas' in sys.modules, 'numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
