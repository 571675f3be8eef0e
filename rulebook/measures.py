"""What a simulation measures: the named measures with one sentence and a formula each, and
the words each game gives to its playout columns.

Every game's fast playout gives the same contract columns (``place, won, points, passes,
turns``) plus its own; what ``points`` and ``passes`` *mean* depends on the game — penalty
points or net chips, passes, draws or folds.  A game says so once, with
:func:`register_terms`, and the experiments (:mod:`rulebook.experiments`) report each column
under the measure it really is.  Two rulesets are compared on a measure only when both have
it: a measure one game does not have is "not applicable", never zero.

:data:`MEASURES` is plain data (name, one sentence, formula), so a lesson or the variant lab
can show what every number means.  This module holds no rule of any game and imports only
the standard library.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

SUMMARY_COLUMNS: tuple[str, ...] = ("group", "rows", "win rate", "mean points", "mean passes",
                                    "mean turns", "mean place")
"""The columns of :func:`rulebook.simulation.summarize`'s table (and of
:meth:`rulebook.experiments.Summary.lab_table`)."""

if TYPE_CHECKING:
    from .rules import RulesBase

__all__ = ["Measure", "MEASURES", "measure", "PlayoutTerms", "register_terms", "terms_for",
           "DEFAULT_TERMS", "SHARE_OF_MOVES"]


@dataclasses.dataclass(frozen=True)
class Measure:
    """One thing an experiment measures, explained for a learner."""

    key: str
    """Short identifier, e.g. ``"win_rate"``."""
    name: str
    """What a table or chart calls it, e.g. ``"win rate"``."""
    sentence: str
    """What it means, in one plain sentence."""
    formula: str
    """How it is computed, in words and symbols."""
    unit: str
    """What one unit is (``"share of deals"``, ``"moves"``, ``"chips"`` ...)."""
    level: str
    """``"seat"`` (one value per seat and deal) or ``"deal"`` (one value per deal)."""
    rate: bool = False
    """A share between 0 and 1 (shown in percent; Wilson intervals)."""


MEASURES: tuple[Measure, ...] = (
    Measure("win_rate", "win rate",
            "How often a seat wins a deal; a shared win counts for every winner.",
            "wins ÷ deals", "share of deals", "seat", rate=True),
    Measure("penalty_points", "penalty points",
            "The points a seat is left with at the end of a deal (the winner scores 0); "
            "lower is better.",
            "mean over deals of the seat's points", "points", "seat"),
    Measure("chips", "net chips",
            "The chips a seat wins (positive) or loses (negative) in a deal.",
            "mean over deals of (chips after − chips before)", "chips", "seat"),
    Measure("cards_left", "cards left",
            "The cards a seat still holds when the deal ends.",
            "mean over deals of the cards in the seat's hand at the end", "cards", "seat"),
    Measure("passes", "passes",
            "How many times a seat passes in a deal.",
            "mean over deals of the seat's passes", "passes", "seat"),
    Measure("draws", "draws",
            "How many times a seat draws instead of playing in a round.",
            "mean over deals of the seat's draw moves", "draws", "seat"),
    Measure("folds", "fold rate",
            "How often a seat folds its hand before the end.",
            "hands folded ÷ hands", "share of deals", "seat", rate=True),
    Measure("cards_drawn", "cards drawn",
            "How many cards a seat draws in a deal, penalties included.",
            "mean over deals of the cards the seat drew", "cards", "seat"),
    Measure("penalty_cards", "penalty cards",
            "How many penalty cards a seat has to draw because of cards played against it.",
            "mean over deals of the penalty cards the seat drew", "cards", "seat"),
    Measure("eliminated", "elimination rate",
            "How often a seat is put out of the deal for being stuck with no pass left.",
            "deals the seat was eliminated ÷ deals", "share of deals", "seat", rate=True),
    Measure("place", "mean place",
            "The seat's finishing place (1 is first; shared places count for each).",
            "mean over deals of the seat's place", "places", "seat"),
    Measure("turns", "round length",
            "How many moves a deal takes, passes and draws included.",
            "mean over deals of the moves played", "moves", "deal"),
    Measure("margin", "winner's margin",
            "How decisive a deal is: how far the winner finishes ahead of the next place, "
            "in the game's own points.",
            "mean over deals of |points of 1st − points of the best other place| "
            "(0 when first place is shared)", "points", "deal"),
    Measure("pass_share", "passes per turn",
            "What share of all moves are passes.",
            "all passes ÷ all moves", "share of moves", "deal", rate=True),
    Measure("draw_share", "draws per turn",
            "What share of all moves are draws instead of plays.",
            "all draw moves ÷ all moves", "share of moves", "deal", rate=True),
    Measure("fold_share", "folds per move",
            "What share of all moves are folds.",
            "all folds ÷ all moves", "share of moves", "deal", rate=True),
    Measure("seat_advantage", "seat advantage",
            "How far the luckiest or unluckiest seat's win rate is from a fair share; 0 is "
            "a perfectly fair table.",
            "max over seats of |win rate(seat) − 1 ÷ players|", "share of deals", "deal",
            rate=True),
    Measure("showdown", "showdown rate",
            "How often a hand is decided by showing cards rather than by everyone else "
            "folding.",
            "hands with two or more players left at the end ÷ hands", "share of deals",
            "deal", rate=True),
    Measure("stopped", "stopped rounds",
            "How often a round stops because both piles ran out of cards.",
            "rounds stopped ÷ rounds", "share of deals", "deal", rate=True),
    Measure("winner_changes", "winner changes",
            "How often the same deal is won by different seats under the two rulesets.",
            "deals whose winning seats differ ÷ deals", "share of deals", "deal", rate=True),
)
"""Every measure an experiment can report, in the order tables list them."""

_BY_KEY = {m.key: m for m in MEASURES}


def measure(key: str) -> Measure:
    """The :class:`Measure` called ``key`` (e.g. ``"seat_advantage"``)."""
    try:
        return _BY_KEY[key]
    except KeyError:
        from .errors import RulesError, quoted

        raise RulesError(f"no measure {quoted(key)}: expected one of {', '.join(_BY_KEY)}") from None


@dataclasses.dataclass(frozen=True)
class PlayoutTerms:
    """What a game's playout columns mean, for the experiments.

    ``columns`` maps a seat-level column to the measure key it is (``"points"`` to
    ``"penalty_points"``, ``"chips"`` or ``"cards_left"``; ``"passes"`` to ``"passes"``,
    ``"draws"`` or ``"folds"``); a column mapped to ``None`` is not a measure (e.g. a
    final stack that repeats the net chips).  ``deal_columns`` are columns with one value
    per deal (the same on every seat's row), e.g. ``{"stopped": "stopped"}``.
    ``derived`` computes further per-deal measures from a chunk's columns: it receives
    ``{column: array of shape (deals, players)}`` and returns ``{measure key: array of shape
    (deals,)}`` of whole numbers or booleans (numpy arrays).  ``derived_row`` computes the
    same for one deal where numpy is missing (Python in the browser): it receives ``{column:
    list of the seats' values}`` and returns ``{measure key: whole number}``; the two must
    agree on every deal.
    """

    columns: Mapping[str, str | None]
    deal_columns: Mapping[str, str] = dataclasses.field(default_factory=dict)
    derived: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    derived_keys: tuple[str, ...] = ()
    """The measure keys ``derived`` returns, in order."""
    derived_row: Callable[[Mapping[str, Sequence[int]]], Mapping[str, int]] | None = None
    """``derived`` for one deal, in plain Python (see above)."""


SHARE_OF_MOVES: dict[str, str] = {"passes": "pass_share", "draws": "draw_share",
                                  "folds": "fold_share"}
"""The per-move measure of each kind of ``passes`` column."""


DEFAULT_TERMS = PlayoutTerms(columns={"points": "penalty_points", "passes": "passes"})
"""The words for a game that registered none: points are points, passes are passes."""

_TERMS: dict[str, Callable[["RulesBase"], PlayoutTerms]] = {}


def register_terms(game: str, terms: Callable[["RulesBase"], PlayoutTerms]) -> None:
    """Say what ``game``'s playout columns mean: ``terms(rules)`` gives the
    :class:`PlayoutTerms` of one ruleset (they may depend on its options, e.g. chips)."""
    _TERMS[game] = terms


def terms_for(rules: "RulesBase") -> PlayoutTerms:
    """The :class:`PlayoutTerms` of a ruleset (:data:`DEFAULT_TERMS` if its game gave none)."""
    maker = _TERMS.get(rules.game)
    return DEFAULT_TERMS if maker is None else maker(rules)
