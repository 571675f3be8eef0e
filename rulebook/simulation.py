"""Many deals at once: :func:`simulate` drives each game's fast playout path; :func:`summarize`
turns its rows into the variant lab's summary table.

Every game's rules object offers ``playout(players, seed, dealer, bots, record)`` — one deal
played on compact values with the same rule functions the immutable states use — and may
offer ``playout_batch(players, seeds, dealers, bots)`` for many deals at once (the Sevens
family uses numpy when every seat is ``random``).  This module only checks the arguments,
chooses seeds and dealers, reports progress and gathers the rows into a pandas DataFrame
(pandas is imported when :func:`simulate` or :func:`summarize` is called, never at
``import rulebook``).  It holds no rule of any game.

Deal ``k`` of ``simulate(rules, players, deals, bots, seed)`` is exactly
``autoplay(rules.new_deal(players, deal_seeds(seed, deals)[k], k % players), bots,
deal_seeds(seed, deals)[k])``: the seed of deal ``k`` is ``derived_seed(seed, "simulate",
k)`` and the dealer moves one seat to the left each deal, starting at seat 0.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import RulesError
from .protocol import BOTS, derived_seed, make_bot
from .rules import RulesBase, load_rules

__all__ = ["simulate", "summarize", "deal_seeds", "deal_dealers", "bot_names", "COLUMNS",
           "SUMMARY_COLUMNS", "CHUNK", "MAX_CHUNK"]

CHUNK = 1_000
"""The fewest deals played between two progress reports (unless fewer deals are asked)."""

MAX_CHUNK = 10_000
"""The most deals played between two progress reports (about 20 reports per run between)."""

COLUMNS: tuple[str, ...] = ("deal", "seed", "dealer", "seat", "bot", "place", "won", "points",
                            "passes", "turns")
"""The columns every game's simulation frame starts with; game extras follow them."""

SUMMARY_COLUMNS: tuple[str, ...] = ("group", "rows", "win rate", "mean points", "mean passes",
                                    "mean turns", "mean place")
"""The columns of :func:`summarize`'s table."""


def deal_seeds(seed: int | str, deals: int) -> list[int]:
    """The seed of each simulated deal, derived from the simulation's seed."""
    return [derived_seed(seed, "simulate", k) for k in range(deals)]


def deal_dealers(players: int, deals: int) -> list[int]:
    """The dealer of each simulated deal: seat 0 first, then one seat to the left each deal."""
    return [k % players for k in range(deals)]


def bot_names(game: str) -> list[str]:
    """The names of the computer players registered for ``game`` (e.g. ``"sevens"``), sorted,
    ``random`` first.  Load a ruleset of the game first so its bots are registered."""
    names = sorted(n for g, n in BOTS if g == game)
    return sorted(names, key=lambda n: n != "random")


def _whole(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RulesError(f"{name}={value!r}: expected a whole number, {minimum} or more")
    return value


def _check_bots(rules: RulesBase, bots: Sequence[str] | str | None, players: int) -> None:
    """Unknown names or a wrong count raise RulesError before any deal is played."""
    if bots is None:
        return
    names = [bots] * players if isinstance(bots, str) else bots
    if not isinstance(names, Sequence):
        raise RulesError(f"bots={bots!r}: expected a computer player's name, a list of names "
                         f"(one per seat) or None; names for {rules.game}: "
                         f"{', '.join(bot_names(rules.game))}")
    if len(names) != players:
        raise RulesError(f"{len(names)} computer players were given for {players} seats: "
                         f"expected one name per seat or one name for all")
    for name in names:
        if not isinstance(name, str):
            raise RulesError(f"bots: {name!r} is not a computer player's name; names for "
                             f"{rules.game}: {', '.join(bot_names(rules.game))}")
        make_bot(rules.game, name)  # RulesError naming the valid players


def simulate(rules: RulesBase | str, players: int = 4, deals: int = 10_000,
             bots: Sequence[str] | str | None = None, seed: int | str = 0,
             progress: Callable[[int, int], Any] | None = None) -> Any:
    """Play ``deals`` deals with computer players and return one DataFrame row per deal and seat.

    ``rules`` is a rules object or a profile id; ``bots`` one bot name for every seat, a
    list of names per seat, or ``None`` for random players; the dealer moves one seat left
    each deal.  ``progress(done, total)`` is called with increasing ``done`` after every
    chunk of deals and last with ``(deals, deals)``.  The same arguments always give the same
    DataFrame.  Bad arguments (an unknown ruleset or bot, a wrong number of bots or players,
    a negative number of deals) raise :class:`~rulebook.errors.RulesError` before any deal.

    Columns: ``deal, seed, dealer, seat, bot, place, won, points, passes, turns`` (see
    :data:`COLUMNS`) and any game-specific columns the game's playout adds.

    >>> frame = simulate("satti", players=3, deals=5, seed=1)
    >>> len(frame), list(frame.columns[:10]) == list(COLUMNS)
    (15, True)
    """
    import pandas as pd

    if isinstance(rules, str):
        rules = load_rules(rules)
    if not isinstance(rules, RulesBase):
        raise RulesError(f"rules={rules!r}: expected a rules object or a profile id")
    deals = _whole("deals", deals, 0)
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players={players!r}: expected a whole number of players")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"seed={seed!r}: expected a whole number or text")
    if progress is not None and not callable(progress):
        raise RulesError(f"progress={progress!r}: expected a function progress(done, total)")
    rules.new_deal(players, 0, 0)  # the game's check of players
    _check_bots(rules, bots, players)

    seeds = deal_seeds(seed, deals)
    dealers = deal_dealers(players, deals)
    batch = getattr(rules, "playout_batch", None)
    chunk = min(MAX_CHUNK, max(CHUNK, -(-deals // 20)))
    rows: list[dict[str, Any]] = []
    per_deal_rows: list[int] = []
    for start in range(0, deals, chunk):
        chunk_seeds = seeds[start:start + chunk]
        chunk_dealers = dealers[start:start + chunk]
        if batch is not None:
            per_deal = batch(players, chunk_seeds, chunk_dealers, bots)
        else:
            per_deal = [rules.playout(players=players, seed=s, dealer=d,
                                      bots=bots).rows
                        for s, d in zip(chunk_seeds, chunk_dealers)]
        for deal_rows in per_deal:
            rows.extend(deal_rows)
            per_deal_rows.append(len(deal_rows))
        if progress is not None:
            progress(start + len(chunk_seeds), deals)
    if progress is not None and deals == 0:
        progress(0, 0)
    if not rows:
        return pd.DataFrame({c: pd.Series(dtype="int64" if c not in ("bot", "won") else
                                          ("object" if c == "bot" else "bool"))
                             for c in COLUMNS})
    frame = pd.DataFrame(rows)
    # Columns of the deal each row belongs to, repeated once per seat row.
    deal_of_row = [k for k, count in enumerate(per_deal_rows) for _ in range(count)]
    head = pd.DataFrame({"deal": deal_of_row,
                         "seed": pd.Series([seeds[k] for k in deal_of_row], dtype="uint64"),
                         "dealer": [dealers[k] for k in deal_of_row]})
    frame = pd.concat([head, frame], axis=1)
    missing = [c for c in COLUMNS if c not in frame.columns]
    if missing:  # pragma: no cover - a game's playout breaking the contract
        raise RulesError(f"the {rules.game} playout gave no column(s) {', '.join(missing)}")
    extra = [c for c in frame.columns if c not in COLUMNS]
    return frame[list(COLUMNS) + extra]


def summarize(frame: Any) -> Any:
    """The variant lab's summary of a :func:`simulate` frame, as a pandas DataFrame.

    One row per seat (``"seat 0"``, ...), one per computer player (``"bot random"``, ...)
    and one for everything (``"all"``), with the columns of :data:`SUMMARY_COLUMNS`:
    ``rows`` (seat-deals counted), ``win rate`` (share of them won; shared wins count for
    each winner), ``mean points`` (in the game's own terms: penalty points, chips, cards
    held or net chips), ``mean passes`` (passes, draws or folds), ``mean turns`` (moves in
    the whole deal: the round length) and ``mean place``.

    >>> table = summarize(simulate("badugi", players=2, deals=4, seed=3))
    >>> list(table["group"])
    ['seat 0', 'seat 1', 'bot random', 'all']
    """
    import pandas as pd

    missing = [c for c in ("seat", "bot", "won", "points", "passes", "turns", "place")
               if c not in frame.columns]
    if missing:
        raise RulesError(f"summarize needs a simulate() frame; it has no column(s) "
                         f"{', '.join(missing)}")
    measures = {"won": "win rate", "points": "mean points", "passes": "mean passes",
                "turns": "mean turns", "place": "mean place"}
    if frame.empty:
        return pd.DataFrame({c: pd.Series(dtype={"group": "object", "rows": "int64"}
                                          .get(c, "float64")) for c in SUMMARY_COLUMNS})
    numeric = frame[list(measures)].astype("float64")
    parts = []
    for key, prefix in (("seat", "seat"), ("bot", "bot")):
        grouped = numeric.groupby(frame[key], sort=True)
        part = grouped.mean()
        part.insert(0, "rows", grouped.size())
        part.index = [f"{prefix} {k}" for k in part.index]
        parts.append(part)
    overall = numeric.mean().to_frame("all").T
    overall.insert(0, "rows", len(numeric))
    parts.append(overall)
    table = pd.concat(parts).rename(columns=measures)
    table["rows"] = table["rows"].astype("int64")
    table.index.name = "group"
    return table.reset_index()[list(SUMMARY_COLUMNS)]
