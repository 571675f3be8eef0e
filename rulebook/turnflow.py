"""One turn and the round's end as a flow: the plain data every game builds from its rules
object (never hand-written DOT), and its drawing.

A game's rules object builds its :class:`TurnFlow` with a :class:`FlowBuilder`
(``rules.turn_flow()``) from its own values — the players allowed, the opening card, the
bets, the house rules switched on — so switching a house rule changes the flow exactly where
the rule acts.  Every node and edge carries the clause ids it comes from.
:func:`turn_diagram` draws the flow as a ``graphviz.Digraph`` (what ``rules.turn_diagram()``
returns): every node and edge gets its clause ids as a ``tooltip``, and every node its clause
ids in small print on its last line.  :meth:`TurnFlow.diff` says what one ruleset's flow adds
to another's.  The clauses are each game's own (ids such as BS-TURN-1 or SAT-FIT-2); this
module decides no rule.

``graphviz`` is imported only inside :func:`draw_flow` (through
:func:`rulebook.diagrams.digraph`), so building a flow needs nothing outside the standard
library.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import quoted

if TYPE_CHECKING:  # pragma: no cover - typing only
    import graphviz

    from .rules import RulesBase

__all__ = [
    "FlowNode", "FlowEdge", "FlowDiff", "TurnFlow", "SECTIONS", "NODE_KINDS", "FlowBuilder",
    "turn_flow", "turn_diagram", "draw_flow", "short_clauses", "flow_title", "row_clauses"
]

SECTIONS: dict[str, str] = {
    "start": "Before the first turn",
    "turn": "One turn",
    "end": "End of the round",
}
"""The sections a flow's nodes are drawn in (graphviz clusters), with their captions."""

NODE_KINDS: tuple[str, ...] = ("start", "step", "question", "end")
"""What a node is: where things begin, an action, a question with labelled exits, an ending."""


class FlowNode(NamedTuple):
    """One box of a turn flow."""

    id: str
    """A stable identifier (the DOT node name), e.g. ``"has_playable"``."""
    label: str
    """What happens or what is asked, in plain words, with this ruleset's values."""
    clauses: tuple[str, ...]
    """The clause ids the box comes from."""
    kind: str = "step"
    """One of :data:`NODE_KINDS`."""
    section: str = "turn"
    """One of the keys of :data:`SECTIONS`."""


class FlowEdge(NamedTuple):
    """One arrow of a turn flow."""

    tail: str
    """The node the arrow leaves."""
    head: str
    """The node the arrow enters."""
    label: str
    """The answer or condition written on the arrow (may be empty)."""
    clauses: tuple[str, ...]
    """The clause ids the arrow comes from."""
    style: str = "solid"
    """``solid`` for the order of play, ``dashed`` for a rule that decides a question."""


class FlowDiff(NamedTuple):
    """What differs between two flows (see :meth:`TurnFlow.diff`)."""

    added_nodes: frozenset[FlowNode]
    """Nodes of the other flow not in this one (a changed label or clause counts as added)."""
    removed_nodes: frozenset[FlowNode]
    """Nodes of this flow not in the other."""
    added_edges: frozenset[FlowEdge]
    """Edges of the other flow not in this one."""
    removed_edges: frozenset[FlowEdge]
    """Edges of this flow not in the other."""

    def __bool__(self) -> bool:
        return any(self)  # any of the four sets not empty

    def changed_node_ids(self) -> set[str]:
        """Ids of the nodes added, removed or changed."""
        return {n.id for n in self.added_nodes | self.removed_nodes}


class TurnFlow(NamedTuple):
    """A ruleset's turn and round end as plain data: what :func:`turn_diagram` draws."""

    title: str
    """The ruleset's label, e.g. ``"<title> +<option>"``."""
    nodes: tuple[FlowNode, ...]
    """The boxes, in drawing order."""
    edges: tuple[FlowEdge, ...]
    """The arrows, in drawing order."""
    sections: tuple[tuple[str, str], ...] = tuple(SECTIONS.items())
    """The sections (graphviz clusters) as ``(key, caption)``, in drawing order."""

    def node(self, node_id: str) -> FlowNode:
        """The node called ``node_id`` (``KeyError`` if there is none)."""
        found = [node for node in self.nodes if node.id == node_id]
        if not found:
            raise KeyError(f"this flow has no node {quoted(node_id)}: it has "
                           f"{', '.join(self.node_ids())}")
        return found[0]

    def node_ids(self) -> set[str]:
        """The ids of every node."""
        return {n.id for n in self.nodes}

    def edges_between(self, tail: str, head: str) -> list[FlowEdge]:
        """The edges from ``tail`` to ``head``."""
        return [e for e in self.edges if e.tail == tail and e.head == head]

    def clauses(self) -> set[str]:
        """Every clause id the flow cites."""
        return {c for item in self.nodes + self.edges for c in item.clauses}

    def diff(self, other: "TurnFlow") -> FlowDiff:
        """What ``other`` adds to and removes from this flow (nodes and edges compared whole)."""
        mine_n, theirs_n = set(self.nodes), set(other.nodes)
        mine_e, theirs_e = set(self.edges), set(other.edges)
        return FlowDiff(frozenset(theirs_n - mine_n), frozenset(mine_n - theirs_n),
                        frozenset(theirs_e - mine_e), frozenset(mine_e - theirs_e))


class FlowBuilder:
    """Collects a flow's nodes and edges (what a game's ``turn_flow`` uses), checking that
    every edge joins two known nodes and cites a clause."""

    def __init__(self) -> None:
        self.nodes: list[FlowNode] = []
        self.edges: list[FlowEdge] = []

    def node(self, node_id: str, label: str, clauses: Iterable[str], kind: str = "step",
             section: str = "turn") -> None:
        """Add a box: its id, its words, its clause ids, its kind and section."""
        assert kind in NODE_KINDS and section in SECTIONS
        assert all(n.id != node_id for n in self.nodes), node_id
        self.nodes.append(FlowNode(node_id, label, tuple(dict.fromkeys(clauses)), kind, section))

    def edge(self, tail: str, head: str, label: str, clauses: Iterable[str],
             style: str = "solid") -> None:
        """Add an arrow from ``tail`` to ``head`` with its words and clause ids."""
        self.edges.append(FlowEdge(tail, head, label, tuple(dict.fromkeys(clauses)), style))

    def build(self, title: str, captions: dict[str, str] | None = None) -> TurnFlow:
        """The flow, titled ``title``; ``captions`` renames sections (e.g. ``"The hand"``)."""
        ids = {n.id for n in self.nodes}
        for e in self.edges:
            if e.tail not in ids or e.head not in ids:  # pragma: no cover - a bug here
                raise AssertionError(f"edge {e.tail} -> {e.head} joins an unknown node")
            if not e.clauses:  # pragma: no cover - a bug here
                raise AssertionError(f"edge {e.tail} -> {e.head} cites no clause")
        sections = tuple((key, (captions or {}).get(key, caption))
                         for key, caption in SECTIONS.items())
        return TurnFlow(title, tuple(self.nodes), tuple(self.edges), sections)


def flow_title(rules: Any) -> str:
    """A flow's title: the ruleset in words, the options changed from its defaults by their
    labels (``rules.caption()``)."""
    return str(rules.caption())


def row_clauses(rules: Any, setting: str) -> tuple[str, ...]:
    """The clause ids of the rules object's own description row called ``setting``."""
    return next((tuple(row.clauses) for row in rules.describe() if row.setting == setting), ())


def turn_flow(rules: RulesBase) -> TurnFlow:
    """The ruleset's turn and round end as plain data (nodes and edges with clause ids):
    ``rules.turn_flow()``, which each game builds from the rules object's own values, so
    switching an option changes the flow.  Raises ``ValueError`` for an object that draws
    no flow."""
    try:
        if not hasattr(type(rules), "turn_flow"):
            raise NotImplementedError
        flow: TurnFlow = rules.turn_flow()
    except NotImplementedError:
        raise ValueError(f"no turn flow for the game {quoted(getattr(rules, 'game', ''))} of "
                         f"{quoted(getattr(rules, 'title', rules))}") from None
    return flow


# ---------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------
_SHAPES = {
    "start": {"shape": "box", "style": "rounded,filled", "fillcolor": "#e3e8ef"},
    "step": {"shape": "box", "style": "rounded,filled", "fillcolor": "#eef5ff"},
    "question": {"shape": "box", "style": "filled,diagonals", "fillcolor": "#fff4cc"},
    "end": {"shape": "box", "style": "rounded,filled,bold", "fillcolor": "#f6dede"},
}

_CLAUSE = re.compile(r"^(.*-)(\d+)$")


def short_clauses(clauses: Sequence[str]) -> str:
    """Clause ids written short: runs of three or more in one family become ranges.

    >>> short_clauses(("BS-ROW-1", "BS-ROW-2", "BS-ROW-3", "BS-MOVE-1", "BS-HR-13"))
    'BS-ROW-1..3 BS-MOVE-1 BS-HR-13'
    """
    runs: list[tuple[str, list[int]]] = []  # a family and a run of numbers; no number: alone
    for clause in clauses:
        match = _CLAUSE.match(clause)
        if match is None:
            runs.append((clause, []))
        elif runs and runs[-1][0] == match[1] and runs[-1][1][-1:] == [int(match[2]) - 1]:
            runs[-1][1].append(int(match[2]))
        else:
            runs.append((match[1], [int(match[2])]))
    parts: list[str] = []
    for prefix, numbers in runs:
        if len(numbers) >= 3:
            parts.append(f"{prefix}{numbers[0]}..{numbers[-1]}")
        else:
            parts.extend([f"{prefix}{number}" for number in numbers] or [prefix])
    return " ".join(parts)


def _dot_text(text: str) -> str:
    """Plain text as a DOT label: newlines become centred line breaks, backslashes escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def _html_label(text: str, clauses: str) -> str:
    """A node's words, then its clause ids in brackets, smaller and grey on a last line (a
    Graphviz HTML-like label; 9 pt, still readable from a classroom at the diagram's
    narrowest width, :data:`rulebook.diagrams.READABLE_FONT_PX`)."""
    from html import escape

    words = "<BR/>".join(escape(line, quote=False) for line in text.split("\n"))
    ids = f'<BR/><FONT POINT-SIZE="9" COLOR="#666666">[{escape(clauses)}]</FONT>' \
        if clauses else ""
    return f"<{words}{ids}>"


def draw_flow(flow: TurnFlow, highlight: FlowDiff | None = None,
              name: str = "turn_flow") -> "graphviz.Digraph":
    """Draw a :class:`TurnFlow` as a ``graphviz.Digraph``.

    Each node shows its text and a short clause line; every node and edge has its clause ids
    as ``tooltip``.  With ``highlight`` (a :class:`FlowDiff` whose *added* side is this
    flow), the nodes and edges that differ are drawn thick and red.
    """
    from .diagrams import digraph

    changed_nodes = {n.id for n in highlight.added_nodes} if highlight else set()
    changed_edges = set(highlight.added_edges) if highlight else set()
    title = flow.title + ("\n(thick red: differs from the plain profile)" if highlight else "")
    graph = digraph(
        name,
        graph_attr={"rankdir": "TB", "label": _dot_text(title), "labelloc": "t",
                    "fontname": "Helvetica", "fontsize": "14", "tooltip": _dot_text(flow.title),
                    "nodesep": "0.3", "ranksep": "0.35"},
        node_attr={"fontname": "Helvetica", "fontsize": "10", "margin": "0.12,0.05"},
        edge_attr={"fontname": "Helvetica", "fontsize": "9", "color": "#555555"},
    )
    for section, caption in flow.sections:
        members = [n for n in flow.nodes if n.section == section]
        if not members:
            continue
        with graph.subgraph(name=f"cluster_{section}") as sub:
            sub.attr(label=caption, style="rounded,dashed", color="#9aa5b1", fontsize="11",
                     tooltip=caption)
            for node in members:
                attrs = dict(_SHAPES[node.kind])
                if node.id in changed_nodes:
                    attrs.update(color="#c0392b", penwidth="2.5")
                sub.node(node.id,
                         label=_html_label(node.label, short_clauses(node.clauses)),
                         tooltip=_dot_text(f"{' '.join(node.clauses)}: {node.label}"),
                         **attrs)
    for edge in flow.edges:
        attrs = {"style": edge.style}
        if edge in changed_edges:
            attrs.update(color="#c0392b", penwidth="2.5", fontcolor="#c0392b")
        tip = " ".join(edge.clauses)
        graph.edge(edge.tail, edge.head, label=_dot_text(edge.label), tooltip=tip,
                   labeltooltip=tip, edgetooltip=tip, **attrs)
    return graph


def turn_diagram(rules: RulesBase, against: RulesBase | None = None) -> "graphviz.Digraph":
    """One turn and the round's end of ``rules`` as a ``graphviz.Digraph`` (what
    ``rules.turn_diagram()`` returns).

    Generated from :func:`turn_flow`; every node and edge carries its clause ids (tooltip,
    and a short clause line on each node).  With ``against`` (another rules object of the
    same game, e.g. the plain profile), what differs from it is drawn thick and red.  Wrap
    the result in :class:`rulebook.diagrams.Diagram` to draw it wherever Graphviz is missing.
    """
    flow = turn_flow(rules)
    highlight = turn_flow(against).diff(flow) if against is not None else None
    return draw_flow(flow, highlight, name=f"turn_{rules.profile_id.replace('-', '_')}")
