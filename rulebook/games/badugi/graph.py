"""A Badugi hand's clash graph, drawn from its value (BDG-RANK-2, BDG-RANK-3, BDG-RANK-7).

The functions here take an evaluated hand (:class:`~rulebook.games.badugi.ranking.BadugiValue`)
and ask only the rule functions of :mod:`rulebook.games.badugi.classes`; the public names that
also take cards are in :mod:`rulebook.games.badugi.diagram`.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Literal, NamedTuple

from ...cards import SUIT_NAMES, Card
from .classes import _index_of_ranks, _rainbow_subsets, _rank_text, class_number_text

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ...diagrams import Diagram
    from .ranking import BadugiValue

__all__ = ["Conflict", "OtherSet", "clash", "conflicts_of", "other_sets_of", "discard_reasons",
           "draw_hand"]

ConflictKind = Literal["suit", "rank"]

# Stand-ins for ranks and suits no card has (cards have ranks 1..13 and suit indices 0..3;
# the unchecked _rainbow_subsets accepts any distinct values for distinct ranks or suits).
_FREE_RANKS = (14, 15)
_FREE_SUITS = (4, 5)

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}

COUNTING_FILL = "#d9f2de"
"""Fill colour of a counting card's node (also marked by a double outline and "counts")."""


class Conflict(NamedTuple):
    """Two cards of a hand that cannot both count: they share a ``kind`` ("suit" or "rank")."""

    a: Card
    b: Card
    kind: ConflictKind

    @property
    def label(self) -> str:
        """The edge label: ``"same suit ♣"`` or ``"same rank 2"``."""
        if self.kind == "suit":
            return f"same suit {self.a.symbol}"
        return f"same rank {self.a.pretty()[:-1]}"

    @property
    def sentence(self) -> str:
        """Why the two cards cannot both count, with the clause id."""
        shared = SUIT_NAMES[self.a.suit] if self.kind == "suit" else "a rank"
        return (f"{self.a.pretty()} and {self.b.pretty()} share {shared}, so at most one of them can count "
                "(BDG-RANK-2).")


def _fits_together(a: Card, b: Card, *, suits: bool = True, ranks: bool = True) -> bool:
    """Whether ``a`` and ``b`` can both be among the counting cards, asked of the ranking.

    The pair is padded with two cards of ranks and suits no card has; the ranking's
    :func:`rainbow_subsets` then keeps all four exactly when the pair does not clash.  With
    ``ranks=False`` (``suits=False``) the pair's ranks (suits) are replaced by free ones, so
    only the suits (ranks) are asked about.
    """
    pair_ranks = (a.rank, b.rank) if ranks else (16, 17)
    pair_suits = (a.suit_index, b.suit_index) if suits else (6, 7)
    largest = _rainbow_subsets(pair_ranks + _FREE_RANKS, pair_suits + _FREE_SUITS)
    return len(largest[0]) == 4


def clash(a: Card, b: Card) -> ConflictKind | None:
    """``"suit"`` or ``"rank"`` if the two cards cannot both count (BDG-RANK-2), else None.

    >>> clash(Card("AC"), Card("2C")), clash(Card("AC"), Card("AS")), clash(Card("AC"), Card("2D"))
    ('suit', 'rank', None)
    """
    if _fits_together(a, b):
        return None
    return "suit" if not _fits_together(a, b, ranks=False) else "rank"


def conflicts_of(value: "BadugiValue") -> list[Conflict]:
    """Every pair of the hand's cards that cannot both count, in the order the cards are given."""
    return [Conflict(a, b, kind) for a, b in combinations(value.cards, 2)
            if (kind := clash(a, b)) is not None]


class OtherSet(NamedTuple):
    """Another largest clash-free set of the hand's cards, and how its value compares."""

    cards: tuple[Card, ...]
    class_index: int
    reason: str
    clauses: tuple[str, ...]


def other_sets_of(value: "BadugiValue") -> list[OtherSet]:
    """The largest clash-free sets other than the counting cards, with why each was not kept
    (see :func:`rulebook.games.badugi.diagram.other_largest_sets`)."""
    hand = value.cards
    kept = set(value.counting_cards)
    out = []
    for positions in _rainbow_subsets([c.rank for c in hand], [c.suit_index for c in hand]):
        chosen = sorted((hand[i] for i in positions), key=lambda c: (-c.rank, c.index))
        if set(chosen) == kept:
            continue
        ranks = [c.rank for c in chosen]
        cls = _index_of_ranks(ranks)
        text = " ".join(c.pretty() for c in chosen)
        shape = _rank_text(ranks)
        if cls == value.class_index:
            reason = (f"{text} gives the same {value.rank_text()}, so either set may be shown "
                      "(BDG-RANK-7).")
            clauses: tuple[str, ...] = ("BDG-RANK-7",)
        else:
            reason = (f"{text} would make {shape}, higher than {value.rank_text()}, so it is "
                      "not kept (BDG-RANK-3).")
            clauses = ("BDG-RANK-3",)
        out.append(OtherSet(tuple(chosen), cls, reason, clauses))
    return out


def discard_reasons(value: "BadugiValue") -> dict[Card, tuple[str, tuple[str, ...]]]:
    """Each discard's explanation sentence and clause ids, taken from ``value.explain()``.

    >>> from rulebook.games.badugi import evaluate
    >>> discard_reasons(evaluate("AC 2C 3H 4S"))[Card("2C")][1]
    ('BDG-RANK-3', 'BDG-RANK-2')
    """
    return {item.card: (item.sentence, item.clauses) for item in value.explain().not_counting}


def draw_hand(value: "BadugiValue") -> "Diagram":
    """The hand as a graph (see :func:`rulebook.games.badugi.diagram.hand_diagram`)."""
    from ...diagrams import Diagram, digraph  # graphviz stays out of ``import rulebook``

    why_not = discard_reasons(value)
    words = f"{value.words()}, {class_number_text(value.class_index)} (1 is the best)"
    hand_text = " ".join(c.pretty() for c in value.cards)
    label_lines = [f"{hand_text}: {words}"]
    counting_text = " ".join(c.pretty() for c in value.counting_cards)
    if value.count > 1:
        label_lines.append(f"Counting cards {counting_text}: no edge joins any two of them, and "
                           f"no {_NUMBER_WORDS[value.count + 1]} cards are free of edges (BDG-RANK-2).")
    else:
        label_lines.append(f"Counting card {counting_text}: every pair of cards is joined by an "
                           "edge, so only one card can count (BDG-RANK-2, BDG-RANK-4).")
    label_lines.extend(other.reason for other in other_sets_of(value))

    graph = digraph(
        "badugi_hand",
        graph_attr={"rankdir": "LR", "label": "\\l".join(label_lines) + "\\l", "labelloc": "b",
                    "labeljust": "l", "fontname": "Helvetica", "fontsize": "11",
                    "tooltip": f"{hand_text}: {words} (BDG-RANK-2..7)"},
        node_attr={"shape": "box", "style": "rounded", "fontname": "Helvetica"},
        edge_attr={"dir": "none", "fontname": "Helvetica", "fontsize": "10"},
    )
    counting = set(value.counting_cards)
    for card in value.cards:
        c = card.pretty()
        if card in counting:
            graph.node(card.text, label=f"{c}\\ncounts", peripheries="2",
                       style="rounded,filled,bold", fillcolor=COUNTING_FILL,
                       tooltip=(f"{c} counts: it shares no suit and no rank with the other "
                                "counting cards (BDG-RANK-2)." if value.count > 1 else
                                f"{c} counts alone: every two of these cards clash, and no card "
                                f"is lower than {c} (BDG-RANK-2, BDG-RANK-3)."))
        else:
            sentence, clauses = why_not[card]
            graph.node(card.text, label=f"{c}\\ndoes not count\\n{', '.join(clauses)}",
                       style="rounded,dashed", fontcolor="#555555",
                       tooltip=f"{sentence} [{', '.join(clauses)}]")
    for conflict in conflicts_of(value):
        graph.edge(conflict.a.text, conflict.b.text, label=conflict.label,
                   tooltip=conflict.sentence)
    return Diagram(graph, title=f"{hand_text}: {words}")
