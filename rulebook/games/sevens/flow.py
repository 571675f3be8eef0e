"""The Sevens family's turn as a flow, generated from the rules object (never hand-written DOT).

The opening turn (BS-OPEN-3/4), "holding a playable card?" (BS-MOVE-1..4, with the row order
of :func:`~rulebook.games.sevens.core.row_order`), play or pass, and the round's end
(BS-END-1..3, or chips BS-CHIP-3..5).  ``sevens_first`` adds the "holding a 7?" branch
(BS-HR-5/6); ``limited_passes`` adds passes left, the voluntary pass and elimination
(BS-HR-8..12); ``eight_before_six`` adds the guard on sixes (BS-HR-15); ``ace_high`` changes
the row order (BS-HR-13); ``one_final_turn`` adds the final turns to the ending
(BS-HR-16/17); ``flat_10`` and ``scoring`` change the points (BS-END-3..5, BS-HR-7).

>>> from rulebook import load_rules
>>> plain = load_rules("badam-satti").turn_flow()
>>> strict = load_rules("badam-satti", sevens_first=True).turn_flow()
>>> sorted(n.id for n in plain.diff(strict).added_nodes)
['hold_seven', 'play_seven']
>>> strict.node("hold_seven").clauses
('BS-HR-5',)
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from ...cards import ALL_CARDS
from ...turnflow import FlowBuilder, TurnFlow, flow_title, row_clauses
from .core import PASSES_PER_ROUND, row_order
from .words import rank_name

__all__ = ["turn_flow"]


def _points_text(values: Sequence[int]) -> str:
    """Card points by rank from the engine's value table, e.g. ``A 1 · 2-10 face · J 11 ...``."""
    by_rank = [values[r * 4] for r in range(13)]
    if len(set(by_rank)) == 1:
        return f"{by_rank[0]} per card"
    parts: list[str] = []
    for face, group in groupby(range(13), key=lambda r: by_rank[r] == r + 1):
        run = list(group)
        if face and len(run) > 1:
            parts.append(f"{rank_name(run[0])}-{rank_name(run[-1])} face value")
        else:
            parts.extend(f"{rank_name(r)} {by_rank[r]}" for r in run)
    return ", ".join(parts)


def turn_flow(rules: Any) -> TurnFlow:
    """The Sevens family's turn and round end for ``rules`` (see the module header)."""
    opening = ALL_CARDS[rules.opening].pretty()
    sevens_first, limited = rules.sevens_first, rules.limited_passes
    ace_high, e86, final = rules.ace_high, rules.eight_before_six, rules.one_final_turn
    chips = rules.chips
    open_clauses = [c for c in row_clauses(rules, "opening card") if c in ("BS-OPEN-1",
                                                                           "BS-OPEN-2")]
    b = FlowBuilder()
    b.node("deal", f"{rules.min_players}-{rules.max_players} players:\ndeal all 52 cards, "
           "one at a time from the dealer's left",
           (*row_clauses(rules, "players"), "BS-DEAL-3", "BS-DEAL-5", "BS-DEAL-6"),
           "start", "start")
    if chips:
        b.node("ante", "everyone antes 1 chip into the pool", ("BS-CHIP-3",), "step", "start")
    b.node("opener", f"the holder of {opening} takes the first turn",
           (*open_clauses, "BS-OPEN-3"), "step", "start")
    b.node("turn", "next player still in, to the left", ("BS-OPEN-5",), "start")
    b.node("first_turn", "first turn of the round?", ("BS-OPEN-4",), "question")
    b.node("play_opening", f"play {opening}\n(no other card, no pass)",
           (*open_clauses, "BS-OPEN-4"), "step")
    order = " ".join(rank_name(r) for r in row_order(ace_high))
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
               + _points_text(rules.values), row_clauses(rules, "card points")
               or ("BS-END-2",), "end", "end")

    start = ["deal", *(["ante"] if chips else []), "opener", "first_turn"]
    for tail, head in zip(start, start[1:]):
        b.edge(tail, head, "", ("BS-CHIP-3",) if head == "ante" else ("BS-OPEN-3",))
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
    return b.build(flow_title(rules))
