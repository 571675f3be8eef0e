"""One turn and the round's end as a flow, generated from a rules object (never hand-written DOT).

:func:`turn_flow` reads a rules object — its options and fixed settings: the opening card,
the players allowed, ``hand_size``, the small bet, the cap, the house rules switched on — and
returns a :class:`TurnFlow`: plain nodes and edges, each carrying the clause ids it comes from.
:func:`turn_diagram` draws that flow as a ``graphviz.Digraph`` (what
``rules.turn_diagram()`` returns); every node and edge gets its clause ids as a ``tooltip``,
and every node a short clause line under its text.  Switch a house rule and the flow changes
exactly where the rule acts:

- Sevens family (``badam-satti.md``): the opening turn (BS-OPEN-3/4), "holding a playable
  card?" (BS-MOVE-1..4, with the row order of :func:`rulebook.games.sevens.core.row_order`), play or
  pass, and the round's end (BS-END-1..3, or chips BS-CHIP-3..5).  ``sevens_first`` adds the
  "holding a 7?" branch (BS-HR-5/6); ``limited_passes`` adds passes left, the voluntary pass
  and elimination (BS-HR-8..12); ``eight_before_six`` adds the guard on sixes (BS-HR-15);
  ``ace_high`` changes the row order (BS-HR-13); ``one_final_turn`` adds the final turns to the
  ending (BS-HR-16/17); ``flat_10`` and ``scoring`` change the points (BS-END-3..5, BS-HR-7).
- Satti (``satti.md``): normal, penalised and skipped turns (SAT-TURN-1); stacking 7s on or
  off (SAT-SEVEN-2/3/5); playing a drawn card at once on or off (SAT-TURN-4/5); the effects
  of 7, 8 and J; the round's end (SAT-END-1..5) and the empty draw pile (SAT-PILE-1..3).
- Badugi (``badugi.md``): blinds, then betting round, draw, ... , showdown (BDG-BET-1,
  BDG-DRAW-1, BDG-SHOW-2..5), each betting round with its bet size and the cap (BDG-BET-2,
  BDG-BET-4/5) and its fold exit (BDG-SHOW-1).  The blinds, bet sizes, cap and phases are
  read from :mod:`rulebook.games.badugi.betting` itself.

``graphviz`` is imported only inside :func:`turn_diagram` (through
:func:`rulebook.diagrams.digraph`), so building a flow needs nothing outside the standard
library.

>>> from rulebook import load_rules
>>> plain = turn_flow(load_rules("badam-satti"))
>>> strict = turn_flow(load_rules("badam-satti", sevens_first=True))
>>> sorted(n.id for n in plain.diff(strict).added_nodes)
['hold_seven', 'play_seven']
>>> strict.node("hold_seven").clauses
('BS-HR-5',)
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # pragma: no cover - typing only
    import graphviz

    from .rules import RulesBase

__all__ = [
    "FlowNode",
    "FlowEdge",
    "FlowDiff",
    "TurnFlow",
    "SECTIONS",
    "NODE_KINDS",
    "turn_flow",
    "turn_diagram",
    "draw_flow",
    "short_clauses",
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
        return bool(self.added_nodes or self.removed_nodes or self.added_edges
                    or self.removed_edges)

    def changed_node_ids(self) -> set[str]:
        """Ids of the nodes added, removed or changed."""
        return {n.id for n in self.added_nodes | self.removed_nodes}

    def changed_edge_keys(self) -> set[tuple[str, str]]:
        """``(tail, head)`` of the edges added, removed or changed."""
        return {(e.tail, e.head) for e in self.added_edges | self.removed_edges}


class TurnFlow(NamedTuple):
    """A ruleset's turn and round end as plain data: what :func:`turn_diagram` draws."""

    title: str
    """The ruleset's label, e.g. ``"Badam Satti (classic) +sevens_first"``."""
    nodes: tuple[FlowNode, ...]
    """The boxes, in drawing order."""
    edges: tuple[FlowEdge, ...]
    """The arrows, in drawing order."""
    sections: tuple[tuple[str, str], ...] = tuple(SECTIONS.items())
    """The sections (graphviz clusters) as ``(key, caption)``, in drawing order."""

    def node(self, node_id: str) -> FlowNode:
        """The node called ``node_id`` (``KeyError`` if there is none)."""
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(f"this flow has no node {node_id!r}: it has "
                       f"{', '.join(n.id for n in self.nodes)}")

    def node_ids(self) -> set[str]:
        """The ids of every node."""
        return {n.id for n in self.nodes}

    def edge_keys(self) -> set[tuple[str, str]]:
        """``(tail, head)`` of every edge."""
        return {(e.tail, e.head) for e in self.edges}

    def edges_between(self, tail: str, head: str) -> list[FlowEdge]:
        """The edges from ``tail`` to ``head``."""
        return [e for e in self.edges if e.tail == tail and e.head == head]

    def clauses(self) -> set[str]:
        """Every clause id the flow cites."""
        out: set[str] = set()
        for node in self.nodes:
            out.update(node.clauses)
        for edge in self.edges:
            out.update(edge.clauses)
        return out

    def diff(self, other: "TurnFlow") -> FlowDiff:
        """What ``other`` adds to and removes from this flow (nodes and edges compared whole)."""
        mine_n, theirs_n = set(self.nodes), set(other.nodes)
        mine_e, theirs_e = set(self.edges), set(other.edges)
        return FlowDiff(frozenset(theirs_n - mine_n), frozenset(mine_n - theirs_n),
                        frozenset(theirs_e - mine_e), frozenset(mine_e - theirs_e))


class _Builder:
    """Collects nodes and edges, checking that every edge joins two known nodes."""

    def __init__(self) -> None:
        self.nodes: list[FlowNode] = []
        self.edges: list[FlowEdge] = []

    def node(self, node_id: str, label: str, clauses: Iterable[str], kind: str = "step",
             section: str = "turn") -> None:
        assert kind in NODE_KINDS and section in SECTIONS
        assert all(n.id != node_id for n in self.nodes), node_id
        self.nodes.append(FlowNode(node_id, label, _unique(clauses), kind, section))

    def edge(self, tail: str, head: str, label: str, clauses: Iterable[str],
             style: str = "solid") -> None:
        self.edges.append(FlowEdge(tail, head, label, _unique(clauses), style))

    def build(self, title: str, captions: dict[str, str] | None = None) -> TurnFlow:
        ids = {n.id for n in self.nodes}
        for e in self.edges:
            if e.tail not in ids or e.head not in ids:  # pragma: no cover - a bug here
                raise AssertionError(f"edge {e.tail} -> {e.head} joins an unknown node")
            if not e.clauses:  # pragma: no cover - a bug here
                raise AssertionError(f"edge {e.tail} -> {e.head} cites no clause")
        sections = tuple((key, (captions or {}).get(key, caption))
                         for key, caption in SECTIONS.items())
        return TurnFlow(title, tuple(self.nodes), tuple(self.edges), sections)


def _unique(clauses: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for clause in clauses:
        if clause not in out:
            out.append(clause)
    return tuple(out)


def _title(rules: Any) -> str:
    """The ruleset's title, with the options that differ from the profile's defaults."""
    changed = rules.label().split(" ", 1)[1:] if rules.changed_options() else []
    return str(rules.title) + (f" ({changed[0]})" if changed else "")


def _row_clauses(rules: Any, setting: str) -> tuple[str, ...]:
    """The clause ids of the rules object's own description row called ``setting``."""
    for row in rules.describe():
        if row.setting == setting:
            return tuple(row.clauses)
    return ()


# ---------------------------------------------------------------------------------------
# Sevens family
# ---------------------------------------------------------------------------------------
def _points_text(values: Sequence[int]) -> str:
    """Card points by rank from the engine's value table, e.g. ``A 1 · 2-10 face · J 11 ...``."""
    from .cards import RANKS

    by_rank = [values[r * 4] for r in range(13)]
    if len(set(by_rank)) == 1:
        return f"{by_rank[0]} per card"
    parts: list[str] = []
    r = 0
    while r < 13:
        if by_rank[r] == r + 1:
            end = r
            while end + 1 < 13 and by_rank[end + 1] == end + 2:
                end += 1
            if end > r:
                parts.append(f"{_rank_word(RANKS[r])}-{_rank_word(RANKS[end])} face value")
                r = end + 1
                continue
        parts.append(f"{_rank_word(RANKS[r])} {by_rank[r]}")
        r += 1
    return ", ".join(parts)


def _rank_word(letter: str) -> str:
    return "10" if letter == "T" else letter


def _sevens_flow(rules: Any) -> TurnFlow:
    from .cards import ALL_CARDS, RANKS
    from .games.sevens.core import PASSES_PER_ROUND, row_order

    opening = ALL_CARDS[rules.opening].pretty()
    sevens_first, limited = rules.sevens_first, rules.limited_passes
    ace_high, e86, final = rules.ace_high, rules.eight_before_six, rules.one_final_turn
    chips = rules.chips
    open_clauses = [c for c in _row_clauses(rules, "opening card") if c in ("BS-OPEN-1",
                                                                           "BS-OPEN-2")]
    b = _Builder()
    # -- before the first turn ------------------------------------------------------------
    b.node("deal", f"{rules.min_players}-{rules.max_players} players:\ndeal all 52 cards, "
           "one at a time from the dealer's left",
           (*_row_clauses(rules, "players"), "BS-DEAL-3", "BS-DEAL-5", "BS-DEAL-6"),
           "start", "start")
    if chips:
        b.node("ante", "everyone antes 1 chip into the pool", ("BS-CHIP-3",), "step", "start")
    b.node("opener", f"the holder of {opening} takes the first turn",
           (*open_clauses, "BS-OPEN-3"), "step", "start")
    # -- one turn --------------------------------------------------------------------------
    b.node("turn", "next player still in, to the left", ("BS-OPEN-5",), "start")
    b.node("first_turn", "first turn of the round?", ("BS-OPEN-4",), "question")
    b.node("play_opening", f"play {opening}\n(no other card, no pass)",
           (*open_clauses, "BS-OPEN-4"), "step")
    order = " ".join(_rank_word(RANKS[r]) for r in row_order(ace_high))
    b.node("row_rule", "playable: the 7 of a suit with no row,\nor the next card past a "
           f"row end\nrow order {order}",
           ("BS-MOVE-1", "BS-ROW-1", "BS-ROW-2", "BS-ROW-3", "BS-ROW-4",
            *(("BS-HR-13",) if ace_high else ())), "step")
    if e86:
        b.node("six_guard", "a 6 waits until its suit's 8\nis on the table", ("BS-HR-15",),
               "step")
    if sevens_first:
        b.node("hold_seven", "holding a 7?", ("BS-HR-5",), "question")
        b.node("play_seven", "play a 7 (any one of them)",
               ("BS-HR-5", *(("BS-HR-6",) if limited else ())), "step")
    b.node("has_playable", "holding a playable card?", ("BS-MOVE-3", "BS-MOVE-4"), "question")
    b.node("must_play", "play one playable card\n(free choice among them)",
           ("BS-MOVE-2", "BS-MOVE-3"), "step")
    b.node("pass", "pass\n(the playable set is recorded)", ("BS-MOVE-4", "BS-INFO-3"), "step")
    if chips:
        b.node("pay_chip", "pay 1 chip into the pool", ("BS-CHIP-4",), "step")
    if limited:
        b.node("left_holding", "a pass left?", ("BS-HR-9", "BS-HR-11"), "question")
        b.node("voluntary", "play, or pass voluntarily", ("BS-HR-9", "BS-INFO-6"), "question")
        b.node("left_stuck", "a pass left?", ("BS-HR-10",), "question")
        b.node("pass_used", f"one of the {PASSES_PER_ROUND} passes of the round is used",
               ("BS-HR-8",), "step")
        b.node("eliminated", "eliminated: no more turns this round,\nkeeps the hand",
               ("BS-HR-10", "BS-INFO-6"), "step")
        b.node("all_eliminated", "everyone still in eliminated?", ("BS-HR-12",), "question")
    b.node("hand_empty", "hand empty?", ("BS-END-1",), "question")
    # -- end of the round ------------------------------------------------------------------
    b.node("winner", "first out: the round winner",
           ("BS-END-1", *(("BS-HR-17",) if final else ())), "step", "end")
    if final:
        b.node("final_turns", "each other player still in takes one more turn,\nfrom the "
               "winner's left (emptying a hand then\nscores 0 but does not win)",
               ("BS-HR-16", "BS-HR-17"), "step", "end")
    if limited:
        b.node("no_winner", "round over with no winner", ("BS-HR-12", "BS-END-8"), "step", "end")
    b.node("round_over", "round over", ("BS-END-1",), "step", "end")
    if chips:
        b.node("settle", "the winner takes the pool and 1 chip\nper card left in each other "
               "hand", ("BS-CHIP-5", "BS-CHIP-7"), "end", "end")
    else:
        b.node("settle", "the winner scores 0; the others score\nthe cards they hold: "
               + _points_text(rules.values), _row_clauses(rules, "card points")
               or ("BS-END-2",), "end", "end")

    # -- arrows ----------------------------------------------------------------------------
    if chips:
        b.edge("deal", "ante", "", ("BS-CHIP-3",))
        b.edge("ante", "opener", "", ("BS-OPEN-3",))
    else:
        b.edge("deal", "opener", "", ("BS-OPEN-3",))
    b.edge("opener", "first_turn", "", ("BS-OPEN-3",))
    b.edge("turn", "first_turn", "", ("BS-OPEN-5",))
    b.edge("first_turn", "play_opening", "yes", ("BS-OPEN-4",))
    b.edge("play_opening", "turn", "", ("BS-OPEN-5",))
    if sevens_first:
        b.edge("first_turn", "hold_seven", "no", ("BS-OPEN-4", "BS-HR-5"))
        b.edge("hold_seven", "play_seven", "yes",
               ("BS-HR-5", *(("BS-HR-6",) if limited else ())))
        b.edge("hold_seven", "has_playable", "no", ("BS-HR-5",))
        b.edge("play_seven", "hand_empty", "", ("BS-MOVE-2",))
    else:
        b.edge("first_turn", "has_playable", "no", ("BS-OPEN-4", "BS-MOVE-1"))
    b.edge("row_rule", "has_playable", "decides", ("BS-MOVE-1", "BS-INFO-2"), "dashed")
    if e86:
        b.edge("six_guard", "row_rule", "holds back sixes", ("BS-HR-15",), "dashed")
    if limited:
        b.edge("has_playable", "left_holding", "yes", ("BS-HR-9", "BS-HR-11"))
        b.edge("left_holding", "voluntary", "yes", ("BS-HR-9",))
        b.edge("left_holding", "must_play", "no: must play", ("BS-HR-11",))
        b.edge("voluntary", "must_play", "play", ("BS-HR-9",))
        b.edge("voluntary", "pass", "pass", ("BS-HR-9",))
        b.edge("has_playable", "left_stuck", "no", ("BS-MOVE-4", "BS-HR-10"))
        b.edge("left_stuck", "pass", "yes: must pass", ("BS-MOVE-4", "BS-HR-10"))
        b.edge("left_stuck", "eliminated", "no", ("BS-HR-10",))
        b.edge("eliminated", "all_eliminated", "", ("BS-HR-12",))
        b.edge("all_eliminated", "turn", "no", ("BS-HR-10", "BS-OPEN-5"))
        b.edge("all_eliminated", "no_winner", "yes", ("BS-HR-12",))
        b.edge("no_winner", "settle", "everyone scores their hand", ("BS-HR-12", "BS-END-8"))
    else:
        b.edge("has_playable", "must_play", "yes", ("BS-MOVE-3",))
        b.edge("has_playable", "pass", "no", ("BS-MOVE-4",))
    # after a pass: the chip (sevens), the pass used (limited_passes), the next turn
    after_pass = ["pass"] + (["pay_chip"] if chips else []) + (["pass_used"] if limited else [])
    for tail, head in zip(after_pass, after_pass[1:] + ["turn"]):
        clause = {"pay_chip": "BS-CHIP-4", "pass_used": "BS-HR-8"}.get(head, "BS-OPEN-5")
        b.edge(tail, head, "", (clause,))
    b.edge("must_play", "hand_empty", "", ("BS-MOVE-2",))
    b.edge("hand_empty", "turn", "no", ("BS-OPEN-5",))
    b.edge("hand_empty", "winner", "yes", ("BS-END-1",))
    if final:
        b.edge("winner", "final_turns", "", ("BS-HR-16",))
        b.edge("final_turns", "round_over", "", ("BS-HR-16",))
    else:
        b.edge("winner", "round_over", "at once", ("BS-END-1",))
    b.edge("round_over", "settle", "", ("BS-CHIP-5",) if chips else ("BS-END-2",))
    return b.build(_title(rules))


# ---------------------------------------------------------------------------------------
# Satti
# ---------------------------------------------------------------------------------------
def _satti_flow(rules: Any) -> TurnFlow:
    from .games.satti.state import EIGHT_RANK, JACK_RANK, SEVEN_RANK
    from .cards import RANKS

    seven, eight, jack = (_rank_word(RANKS[r]) for r in (SEVEN_RANK, EIGHT_RANK, JACK_RANK))
    stacking, after_draw = rules.seven_stacking, rules.play_after_draw
    b = _Builder()
    # -- before the first turn ------------------------------------------------------------
    b.node("deal", f"deal {rules.hand_size} cards to each player,\none at a time from the "
           "dealer's left", ("SAT-SETUP-1", "SAT-SETUP-2", "SAT-SETUP-3"), "start", "start")
    b.node("turn_up", f"turn up the top card of the pile\n(a {seven} goes back in: "
           f"never a {seven})", ("SAT-SETUP-4", "SAT-SETUP-5", "SAT-SETUP-6"), "step", "start")
    # -- one turn --------------------------------------------------------------------------
    b.node("turn", "next player, to the left", ("SAT-SETUP-7",), "start")
    b.node("kind", "which kind of turn?", ("SAT-TURN-1",), "question")
    b.node("skipped", "skipped turn: the only move is 'skip'", ("SAT-EIGHT-2",), "step")
    b.node("attempt", "tried to play or draw anyway:\nthe card stays, draw 1 penalty card",
           ("SAT-EIGHT-3",), "step")
    b.node("penalised", f"penalised turn: a {seven}'s penalty is pending;\nno other card "
           "may be played", ("SAT-SEVEN-1", "SAT-SEVEN-4"), "question")
    if stacking:
        b.node("stack_choice", f"play any {seven}, or draw the penalty?", ("SAT-SEVEN-2",),
               "question")
        b.node("stack_seven", f"play a {seven} of any suit", ("SAT-SEVEN-2", "SAT-SEVEN-3"))
    b.node("penalty_draw", "draw the whole penalty;\nthe turn ends even if a card fits",
           ("SAT-SEVEN-6", "SAT-SEVEN-7"))
    b.node("normal", f"normal turn: holding a card that fits?\n(current suit, same rank, "
           f"or any {jack})", ("SAT-TURN-2", "SAT-FIT-1", "SAT-FIT-2", "SAT-FIT-3",
                               "SAT-FIT-4"), "question")
    b.node("play", "play one fitting card\n(your choice; no draw)", ("SAT-TURN-2",))
    b.node("draw", "draw 1 card", ("SAT-TURN-3",))
    if after_draw:
        b.node("drawn_fits", "does the drawn card fit?", ("SAT-TURN-4",), "question")
        b.node("auto_play", f"it is played at once\n(a {jack} still names a suit)",
               ("SAT-TURN-4",))
    b.node("keep", "keep it; the turn ends", ("SAT-TURN-5",))
    b.node("last_card", "was that the last card?", ("SAT-END-1",), "question")
    b.node("effect", "which card was played?", ("SAT-SEVEN-1", "SAT-EIGHT-1", "SAT-JACK-1"),
           "question")
    if stacking:
        b.node("penalty_next", "the next player is penalised:\n2 cards, or the pending "
               "penalty + 2", ("SAT-SEVEN-1", "SAT-SEVEN-3"))
    else:
        b.node("penalty_next", "the next player is penalised:\n2 cards", ("SAT-SEVEN-1",))
    b.node("skip_next", "the next player is skipped (once)", ("SAT-EIGHT-2", "SAT-EIGHT-4"))
    b.node("name_suit", "name a suit: it stays the current suit\nwhile the jack is on top",
           ("SAT-JACK-1", "SAT-JACK-2"))
    b.node("reshuffle", "draw pile empty: shuffle the discards\nunder the top card into a new "
           "pile", ("SAT-PILE-1", "SAT-PILE-2"))
    # -- end of the round ------------------------------------------------------------------
    b.node("out", f"round over: this player is 1st\n(a last {seven}, {eight} or {jack} has "
           "no effect);\nthe others ranked by cards held",
           ("SAT-END-1", "SAT-END-2", "SAT-END-3", "SAT-END-4"), "end", "end")
    b.node("stopped", "round stops: everyone ranked\nby cards held", ("SAT-PILE-3",
                                                                       "SAT-END-5"),
           "end", "end")

    # -- arrows ----------------------------------------------------------------------------
    b.edge("deal", "turn_up", "", ("SAT-SETUP-4",))
    b.edge("turn_up", "turn", "left of the dealer first", ("SAT-SETUP-7",))
    b.edge("turn", "kind", "", ("SAT-TURN-1",))
    b.edge("kind", "skipped", f"an {eight} was just played", ("SAT-TURN-1", "SAT-EIGHT-2"))
    b.edge("kind", "penalised", "a penalty is pending", ("SAT-TURN-1", "SAT-SEVEN-1"))
    b.edge("kind", "normal", "otherwise", ("SAT-TURN-1",))
    b.edge("skipped", "turn", "skip", ("SAT-EIGHT-2", "SAT-EIGHT-4"))
    b.edge("skipped", "attempt", "tries a card or a draw", ("SAT-EIGHT-3",))
    b.edge("attempt", "turn", "", ("SAT-EIGHT-3",))
    if stacking:
        b.edge("penalised", "stack_choice", "stacking on", ("SAT-SEVEN-2",))
        b.edge("stack_choice", "stack_seven", f"play a {seven}", ("SAT-SEVEN-2",))
        b.edge("stack_choice", "penalty_draw", "draw (even holding a 7)", ("SAT-SEVEN-2",))
        b.edge("stack_seven", "last_card", "", ("SAT-SEVEN-3",))
    else:
        b.edge("penalised", "penalty_draw", f"stacking off: no {seven} may be played,\n"
               "draw 2", ("SAT-SEVEN-5",))
    b.edge("penalty_draw", "turn", "", ("SAT-SEVEN-6", "SAT-SEVEN-8"))
    b.edge("normal", "play", "yes", ("SAT-TURN-2",))
    b.edge("normal", "draw", "no", ("SAT-TURN-3",))
    if after_draw:
        b.edge("draw", "drawn_fits", "play after draw on", ("SAT-TURN-4",))
        b.edge("drawn_fits", "auto_play", "yes", ("SAT-TURN-4",))
        b.edge("drawn_fits", "keep", "no", ("SAT-TURN-5",))
        b.edge("auto_play", "last_card", "", ("SAT-TURN-4",))
    else:
        b.edge("draw", "keep", "play after draw off", ("SAT-TURN-5",))
    b.edge("keep", "turn", "", ("SAT-TURN-5",))
    b.edge("draw", "reshuffle", "pile empty", ("SAT-PILE-1",), "dashed")
    b.edge("reshuffle", "stopped", "no discards either", ("SAT-PILE-3",), "dashed")
    b.edge("play", "last_card", "", ("SAT-END-1",))
    b.edge("last_card", "out", "yes", ("SAT-END-1",))
    b.edge("last_card", "effect", "no", ("SAT-END-1",))
    b.edge("effect", "penalty_next", f"a {seven}", ("SAT-SEVEN-1",))
    b.edge("effect", "skip_next", f"an {eight}", ("SAT-EIGHT-2",))
    b.edge("effect", "name_suit", f"a {jack}", ("SAT-JACK-1",))
    b.edge("effect", "turn", "any other card", ("SAT-FIT-1",))
    b.edge("penalty_next", "turn", "", ("SAT-SEVEN-1",))
    b.edge("skip_next", "turn", "", ("SAT-EIGHT-2",))
    b.edge("name_suit", "turn", "", ("SAT-JACK-2",))
    return b.build(_title(rules))


# ---------------------------------------------------------------------------------------
# Badugi
# ---------------------------------------------------------------------------------------
class _Phase:
    """The two fields of a betting table that :func:`rulebook.games.badugi.betting.increment` reads."""

    def __init__(self, small_bet: int, phase: int) -> None:
        self.small_bet = small_bet
        self.phase = phase


_DRAW_NAMES = ("first", "second", "third", "fourth", "fifth")


def _badugi_flow(rules: Any) -> TurnFlow:
    from .games.badugi import betting as B

    small_bet = rules.small_bet
    # The blinds as the engine posts them: a sample 3-seat deal with deep stacks.
    sample = B.deal(3, small_bet, 0, 0, (small_bet * 100,) * 3)
    small_blind, big_blind = sample.bets[sample.sb], sample.bets[sample.bb]
    settings = rules.profile.settings
    cards = int(settings.get("cards_dealt", 4))
    stacks = rules.options.get("stacks") or ()
    stack_text = (", ".join(map(str, stacks)) if stacks
                  else f"{rules.options.get('stack')} each")
    b = _Builder()
    # -- before the first action ----------------------------------------------------------
    b.node("seats", f"2-8 players with chips (stacks: {stack_text});\nthe button",
           ("BDG-SEAT-1", "BDG-SEAT-2"), "start", "start")
    b.node("blinds", f"blinds: small {small_blind} left of the button, big {big_blind}\n"
           "(heads-up the button posts the small one;\na short stack posts all in)",
           ("BDG-SEAT-4", "BDG-SEAT-5", "BDG-SEAT-6", "BDG-SEAT-7"), "step", "start")
    b.node("deal", f"deal {cards} private cards each,\none at a time from the button's left",
           ("BDG-SEAT-8", "BDG-SEAT-9"), "step", "start")
    # -- the hand: betting rounds and draws, in the engine's phase order -------------------
    phases = [name for name in B.PHASES if name != "over"]
    ids: list[str] = []
    for index, name in enumerate(phases):
        ids.append(name)
        if B.is_betting(index):
            size = B.increment(_Phase(small_bet, index))  # type: ignore[arg-type]
            clauses = ["BDG-BET-1", "BDG-BET-2", "BDG-BET-3", "BDG-BET-4", "BDG-BET-9"]
            if index == B.R1:
                first = "first to act: left of the big blind"
                cap = (f"cap: the big blind is the bet, then {B.CAP - 1} raises\n"
                       f"(at most {B.CAP * size} in)")
                clauses += ["BDG-BET-5", "BDG-BET-6", "BDG-BET-7", "BDG-BET-8"]
            else:
                first = "first to act: left of the button"
                cap = f"cap: 1 bet and {B.CAP - 1} raises (at most {B.CAP * size} in)"
                clauses += ["BDG-BET-7", "BDG-BET-8"]
            b.node(name, f"{name}: betting, bets and raises of {size}\n{cap}\n{first}",
                   clauses, "question")
        else:
            number = B.draw_number(index)
            b.node(name, f"{name}: {_DRAW_NAMES[number - 1]} draw: each player still in\n"
                   f"discards 0-{cards} and draws as many (1 burned)",
                   ("BDG-DRAW-1", "BDG-DRAW-2", "BDG-DRAW-4", "BDG-DRAW-5", "BDG-DRAW-6"))
    # -- end of the hand -------------------------------------------------------------------
    b.node("showdown", "showdown: last bettor shows first, then clockwise;\ncards speak, the "
           f"lowest hand wins each pot\n(only {cards}-card hands count; side pots, splits)",
           ("BDG-SHOW-2", "BDG-SHOW-3", "BDG-SHOW-4", "BDG-SHOW-5", "BDG-POT-2", "BDG-POT-5",
            "BDG-POT-6"), "end", "end")
    b.node("fold_win", "the last player left wins every pot;\nno cards are shown",
           ("BDG-SHOW-1",), "end", "end")
    b.node("next_hand", "next hand: the button moves one seat clockwise", ("BDG-SEAT-3",),
           "start", "end")

    b.edge("seats", "blinds", "", ("BDG-SEAT-5",))
    b.edge("blinds", "deal", "", ("BDG-SEAT-8",))
    b.edge("deal", ids[0], "", ("BDG-BET-1",))
    for index, name in enumerate(ids):
        head = ids[index + 1] if index + 1 < len(ids) else "showdown"
        if B.is_betting(index):
            size = B.increment(_Phase(small_bet, index))  # type: ignore[arg-type]
            b.edge(name, name, f"bet / raise +{size}\nuntil the cap",
                   ("BDG-BET-2", "BDG-BET-4"))
            b.edge(name, head, "all matched", ("BDG-BET-9", "BDG-DRAW-1")
                   if head != "showdown" else ("BDG-BET-9", "BDG-SHOW-2"))
            b.edge(name, "fold_win", "all but one fold", ("BDG-SHOW-1",))
        else:
            b.edge(name, head, "", ("BDG-BET-1",))
    b.edge("showdown", "next_hand", "", ("BDG-SEAT-3",))
    b.edge("fold_win", "next_hand", "", ("BDG-SEAT-3",))
    return b.build(_title(rules), {"start": "Before the first action", "turn": "The hand",
                                   "end": "End of the hand"})


_FLOWS = {"sevens": _sevens_flow, "satti": _satti_flow, "badugi": _badugi_flow}


def turn_flow(rules: RulesBase) -> TurnFlow:
    """The ruleset's turn and round end as plain data (nodes and edges with clause ids).

    Built from the rules object's own values, so switching an option changes the flow.
    Raises ``ValueError`` for a game this module does not know.
    """
    try:
        build = _FLOWS[rules.game]
    except KeyError:
        raise ValueError(f"no turn flow for the game {rules.game!r}: expected one of "
                         f"{', '.join(_FLOWS)}") from None
    return build(rules)


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
    parts: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        if run:
            prefix, first = run[0]
            last = run[-1][1]
            if len(run) >= 3:
                parts.append(f"{prefix}{first}..{last}")
            else:
                parts.extend(f"{prefix}{number}" for _, number in run)
            run.clear()

    for clause in clauses:
        match = _CLAUSE.match(clause)
        if match is None:
            flush()
            parts.append(clause)
            continue
        prefix, number = match.group(1), int(match.group(2))
        if run and run[-1][0] == prefix and run[-1][1] + 1 == number:
            run.append((prefix, number))
        else:
            flush()
            run.append((prefix, number))
    flush()
    return " ".join(parts)


def _dot_text(text: str) -> str:
    """Plain text as a DOT label: newlines become centred line breaks, backslashes escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n")


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
                         label=_dot_text(f"{node.label}\n[{short_clauses(node.clauses)}]"),
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
