"""A Badugi hand drawn as a conflict graph: why these cards count (BDG-RANK-2, BDG-RANK-3, BDG-RANK-7).

The four cards are the nodes.  Two cards are joined by an (undirected) edge when they cannot
both count: they share a suit or a rank.  The counting cards of BDG-RANK-2 are then a largest
set of nodes with no edge between any two of them; when several such sets exist, the graph's
label lists the others and says why the one kept is lower (BDG-RANK-3) or merely shown first
(BDG-RANK-7).

Nothing here decides a rule again.  Which cards count, and each sentence saying why a card does
not, come from :class:`~rulebook.games.badugi.ranking.BadugiValue` (``counting_cards``, ``discards``,
``explain()``); whether two cards clash is asked of
:func:`~rulebook.games.badugi.ranking.rainbow_subsets`, the very function the ranking values hands
with; the other largest sets come from it too, and their values from
:func:`~rulebook.games.badugi.ranking.class_index_of_ranks`.

The drawing is a :class:`rulebook.diagrams.Diagram` (SVG with Graphviz's ``dot`` or
``graphviz-pure``, else its DOT source and an install hint).  ``graphviz`` is imported only
inside :func:`hand_diagram`, through :func:`rulebook.diagrams.digraph`.

>>> [(str(c.a), str(c.b), c.kind) for c in conflicts("AC 2C 3H 4S")]
[('AC', '2C', 'suit')]
>>> [(str(c.a), str(c.b), c.kind) for c in conflicts("KC QC KD QD")]
[('KC', 'QC', 'suit'), ('KC', 'KD', 'rank'), ('QC', 'QD', 'rank'), ('KD', 'QD', 'suit')]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Union

from ...cards import CardsLike
from .graph import Conflict, OtherSet, clash, conflicts_of, discard_reasons, draw_hand, other_sets_of
from .ranking import BadugiValue, evaluate

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ...diagrams import Diagram

__all__ = ["Conflict", "OtherSet", "clash", "conflicts", "other_largest_sets", "discard_reasons",
           "hand_diagram"]


def conflicts(cards: Union[CardsLike, BadugiValue]) -> list[Conflict]:
    """Every pair of the hand's cards that cannot both count, in the order the cards are given."""
    return conflicts_of(evaluate(cards))


def other_largest_sets(cards: Union[CardsLike, BadugiValue]) -> list[OtherSet]:
    """The largest clash-free sets other than the counting cards, with why each was not kept.

    A set with a higher value loses to the counting cards (BDG-RANK-3); one with the same
    ranks gives the same value, so which is shown does not matter (BDG-RANK-7).

    >>> [o.reason for o in other_largest_sets("AC 2C 3H 4S")]
    ['4♠ 3♥ 2♣ would make 4-3-2, higher than 4-3-A, so it is not kept (BDG-RANK-3).']
    """
    return other_sets_of(evaluate(cards))


def hand_diagram(cards: Union[CardsLike, BadugiValue]) -> "Diagram":
    """The hand as a graph: cards as nodes, an edge for each clash, the counting cards marked.

    Counting cards are doubly outlined, filled and labelled "counts"; the other cards are
    dashed and labelled "does not count", with a tooltip giving the ranking's own sentence
    and clause ids.  The graph's label gives the hand's value in words and its class, and
    why any other largest set was not kept.  Raises
    :class:`~rulebook.diagrams.GraphvizMissing` if the ``graphviz`` package is absent.
    """
    return draw_hand(evaluate(cards))
