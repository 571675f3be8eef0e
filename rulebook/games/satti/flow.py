"""Satti's turn as a flow, generated from the rules object (never hand-written DOT).

Normal, penalised and skipped turns (SAT-TURN-1); stacking 7s on or off (SAT-SEVEN-2/3/5);
playing a drawn card at once on or off (SAT-TURN-4/5); the effects of 7, 8 and J
(SAT-SEVEN-1, SAT-EIGHT-2, SAT-JACK-1); the round's end (SAT-END-1..5) and the empty draw
pile (SAT-PILE-1..3).
"""
from __future__ import annotations

from typing import Any

from ...cards import RANKS
from ...turnflow import FlowBuilder, TurnFlow, flow_title
from .core import EIGHT_RANK, JACK_RANK, SEVEN_RANK

__all__ = ["turn_flow"]


def turn_flow(rules: Any) -> TurnFlow:
    """Satti's turn and round end for ``rules`` (see the module header)."""
    seven, eight, jack = (RANKS[r] for r in (SEVEN_RANK, EIGHT_RANK, JACK_RANK))
    stacking, after_draw = rules.seven_stacking, rules.play_after_draw
    b = FlowBuilder()
    b.node("deal", f"deal {rules.hand_size} cards to each player,\none at a time from the "
           "dealer's left", ("SAT-SETUP-1", "SAT-SETUP-2", "SAT-SETUP-3"), "start", "start")
    b.node("turn_up", f"turn up the top card of the pile\n(a {seven} goes back in: "
           f"never a {seven})", ("SAT-SETUP-4", "SAT-SETUP-5", "SAT-SETUP-6"), "step", "start")
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
    b.node("out", f"round over: this player is 1st\n(a last {seven}, {eight} or {jack} has "
           "no effect);\nthe others ranked by cards held",
           ("SAT-END-1", "SAT-END-2", "SAT-END-3", "SAT-END-4"), "end", "end")
    b.node("stopped", "round stops: everyone ranked\nby cards held", ("SAT-PILE-3", "SAT-END-5"),
           "end", "end")

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
    return b.build(flow_title(rules))
