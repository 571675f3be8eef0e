"""The Satti table as JSON for the class table's pages (the ``wire`` room of the game).

Only what every seat sees goes out: the top card and the suit to follow (SAT-FIT-1 to
SAT-FIT-4), a named suit after a jack (SAT-JACK-1), the penalty a seven built up
(SAT-SEVEN-1), a skip after an eight (SAT-EIGHT-1), each seat's hand size and the sizes of
the draw pile and the discards (SAT-PILE-1).  Imported only when a view is sent
(``rules.view_json(view)``).
"""
from __future__ import annotations

from typing import Any

from .state import SattiView

__all__ = ["VIEW_TYPE", "table_json", "seat_json"]

VIEW_TYPE = SattiView
"""The view these functions read (``state.view(seat)`` of this game): anything else is
refused by ``rules.view_json``."""


def table_json(view: Any) -> dict[str, Any]:
    """The public table of a Satti view (the same for every seat's view of one state)."""
    return {
        "game": "satti", "top": str(view.top.text), "top_symbol": str(view.top.pretty()),
        "suit": str(view.suit), "named": bool(view.named), "penalty": int(view.penalty),
        "skipped": bool(view.skipped), "naming": bool(view.naming),
        "hand_sizes": list(view.hand_sizes), "draw_pile": int(view.draw_pile_size),
        "discards": int(view.discard_count),
    }


def seat_json(view: Any) -> dict[str, Any]:
    """What only the view's own seat is sent besides its hand and moves: nothing here."""
    return {}
