"""The Sevens table as JSON for the class table's pages (the ``wire`` room of the game).

Only what BS-INFO-1 calls public goes out: the table and its rows, each seat's hand size, its
passes (and, with limited passes, the passes left), the playable set (BS-INFO-2) and the
cards each seat is proven not to hold (BS-INFO-4, BS-INFO-5).  Imported only when a view is
sent (``rules.view_json(view)``).
"""
from __future__ import annotations

from typing import Any

from ...html import card_symbols, card_texts

from .state import SevensView

__all__ = ["VIEW_TYPE", "table_json", "seat_json"]

VIEW_TYPE = SevensView
"""The view these functions read (``state.view(seat)`` of this game): anything else is
refused by ``rules.view_json``."""


def table_json(view: Any) -> dict[str, Any]:
    """The public table of a Sevens view (the same for every seat's view of one state)."""
    rows = {suit: [str(lo.text), str(hi.text)] for suit, (lo, hi) in view.rows().items()}
    passes = [0] * view.players
    for seat, kind, _card, _playable in view._log:  # the raw public log (events, unwrapped)
        if kind == "pass":
            passes[seat] += 1
    absent_sets = [view.known_absent(seat) for seat in range(view.players)]
    absent = [card_texts(cards) for cards in absent_sets]
    return {
        "game": "sevens", "table": card_texts(view.table),
        "table_symbols": card_symbols(view.table), "rows": rows,
        "playable": card_texts(view.playable()), "playable_symbols": card_symbols(view.playable()),
        "hand_sizes": list(view.hand_sizes), "passes": passes,
        "passes_left": None if view.passes_left is None else list(view.passes_left),
        "eliminated": list(view.eliminated),
        "stacks": None if view.stacks is None else list(view.stacks), "pool": view.pool,
        "absent": absent, "absent_symbols": [card_symbols(cards) for cards in absent_sets],
    }


def seat_json(view: Any) -> dict[str, Any]:
    """What only the view's own seat is sent besides its hand and moves: nothing here."""
    return {}
