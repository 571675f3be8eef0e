"""The Badugi table as JSON for the class table's pages (the ``wire`` room of the game).

The public table: the betting round and the button, stacks, bets and what each seat has put
in (BDG-BET-1), folds and all-ins, the pots with the seats that can win each (BDG-POT-1),
how many cards each seat drew (BDG-DRAW-2) and the hands shown at the showdown
(BDG-SHOW-2).  A seat is also sent what it must put in to call (BDG-BET-3), which depends on
the seat.  Imported only when a view is sent (``rules.view_json(view)``).
"""
from __future__ import annotations

from typing import Any

from ...html import card_texts

from .state import BadugiView

__all__ = ["VIEW_TYPE", "table_json", "seat_json"]

VIEW_TYPE = BadugiView
"""The view these functions read (``state.view(seat)`` of this game): anything else is
refused by ``rules.view_json``."""


def table_json(view: Any) -> dict[str, Any]:
    """The public table of a Badugi view (the same for every seat's view of one state)."""
    return {
        "game": "badugi", "round": str(view.round), "button": int(view.button),
        "hand_sizes": list(view.hand_sizes), "stacks": list(view.stacks),
        "bets": list(view.bets), "committed": list(view.committed),
        "folded": [bool(f) for f in view.folded], "all_in": [bool(a) for a in view.all_in],
        "pots": [[int(amount), list(seats)] for amount, seats in view.pots],
        "level": int(view.level), "draw_counts": [c if isinstance(c, int) else str(c)
                                                  for c in view.draw_counts],
        "shown": {str(seat): card_texts(cards) for seat, cards in view.shown.items()},
    }


def seat_json(view: Any) -> dict[str, Any]:
    """What only the view's own seat is sent: the chips it must put in to call."""
    return {"to_call": int(view.to_call)}
