"""A Badugi hand as a flow, generated from the rules object (never hand-written DOT).

Blinds, then betting round, draw, ... , showdown (BDG-BET-1, BDG-DRAW-1, BDG-SHOW-2..5), each
betting round with its bet size and the cap (BDG-BET-2, BDG-BET-4/5) and its fold exit
(BDG-SHOW-1).  The blinds, bet sizes, cap and phases are read from
:mod:`rulebook.games.badugi.betting` itself.
"""
from __future__ import annotations

from typing import Any

from ...turnflow import FlowBuilder, TurnFlow, flow_title
from . import betting as B

__all__ = ["turn_flow"]


_DRAW_NAMES = ("first", "second", "third", "fourth", "fifth")


def turn_flow(rules: Any) -> TurnFlow:
    """The Badugi hand's flow for ``rules`` (see the module header)."""
    small_bet = rules.small_bet
    # The blinds as the engine posts them: a sample 3-seat deal with deep stacks.
    sample = B.deal(3, small_bet, 0, 0, (small_bet * 100,) * 3)
    small_blind, big_blind = sample.bets[sample.sb], sample.bets[sample.bb]
    cards = int(rules.profile.settings.get("cards_dealt", 4))
    stacks = rules.options.get("stacks") or ()
    stack_text = (", ".join(map(str, stacks)) if stacks
                  else f"{rules.options.get('stack')} each")
    b = FlowBuilder()
    b.node("seats", f"2-8 players with chips (stacks: {stack_text});\nthe button",
           ("BDG-SEAT-1", "BDG-SEAT-2"), "start", "start")
    b.node("blinds", f"blinds: small {small_blind} left of the button, big {big_blind}\n"
           "(heads-up the button posts the small one;\na short stack posts all in)",
           ("BDG-SEAT-4", "BDG-SEAT-5", "BDG-SEAT-6", "BDG-SEAT-7"), "step", "start")
    b.node("deal", f"deal {cards} private cards each,\none at a time from the button's left",
           ("BDG-SEAT-8", "BDG-SEAT-9"), "step", "start")
    ids = [name for name in B.PHASES if name != "over"]
    sizes: dict[int, int] = {}
    for index, name in enumerate(ids):
        sample.phase = index  # the bet size of each round, as the engine reads it
        sizes[index] = size = B.increment(sample)
        if B.is_betting(index):
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
            b.node(name, f"{name}: {_DRAW_NAMES[B.draw_number(index) - 1]} draw: each player "
                   f"still in\ndiscards 0-{cards} and draws as many (1 burned)",
                   ("BDG-DRAW-1", "BDG-DRAW-2", "BDG-DRAW-4", "BDG-DRAW-5", "BDG-DRAW-6"))
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
            b.edge(name, name, f"bet / raise +{sizes[index]}\nuntil the cap",
                   ("BDG-BET-2", "BDG-BET-4"))
            b.edge(name, head, "all matched",
                   ("BDG-BET-9", "BDG-DRAW-1" if head != "showdown" else "BDG-SHOW-2"))
            b.edge(name, "fold_win", "all but one fold", ("BDG-SHOW-1",))
        else:
            b.edge(name, head, "", ("BDG-BET-1",))
    b.edge("showdown", "next_hand", "", ("BDG-SEAT-3",))
    b.edge("fold_win", "next_hand", "", ("BDG-SEAT-3",))
    return b.build(flow_title(rules), {"start": "Before the first action", "turn": "The hand",
                                   "end": "End of the hand"})
