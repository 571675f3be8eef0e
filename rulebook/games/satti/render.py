"""How Satti's table is drawn: the top card, the suit to follow (and the jack that named it), a
pending penalty, skip or suit to name, the sizes of the draw pile and of the discards, and the
results (SAT-FIT-1, SAT-JACK-2, SAT-SEVEN-1, SAT-EIGHT-2, SAT-TURN-4, SAT-PILE-1, SAT-END-4).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import SUIT_NAMES, SUIT_SYMBOLS
from ...html import TableView, card_html, count_words, escape, last_cards

__all__ = ["SattiTableView", "VIEW"]


class SattiTableView(TableView):
    """Satti's table (see the module header)."""

    def table_html(self, state: Any, compact: bool = False) -> str:
        """The top card, the suit to follow, what is pending and the piles."""
        top = state.top
        suit = state.suit
        named = f" (named with {card_html(top)})" if state.named else ""
        if state.penalty:
            pending = f"penalty of {state.penalty} cards pending"
        elif state.skipped:
            pending = f"seat {state.to_move} is skipped (an 8 was played)"
        elif state.naming:
            pending = f"seat {state.to_move} must name a suit for the jack drawn and played"
        else:
            pending = "none"
        return ('<table class="rb-table rb-satti"><tbody>'
                f'<tr><th>top card</th><td class="rb-top" data-top="{top.text}">'
                f'{card_html(top, last=bool(last_cards(state)))}</td></tr>'
                f'<tr><th>suit to follow</th><td class="rb-suit" data-suit="{suit}">'
                f'{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}{named}</td></tr>'
                f'<tr><th>pending</th><td class="rb-pending">{escape(pending)}</td></tr>'
                f'<tr><th>draw pile</th><td class="rb-pile">'
                f'{count_words(len(state.draw_pile), "card")}</td></tr>'
                f'<tr><th>discards</th><td class="rb-discards">'
                f'{count_words(len(state.discards), "card")} under the top card</td></tr>'
                "</tbody></table>")

    def seat_headers(self, state: Any) -> list[str]:
        """The cards each seat holds."""
        return ["cards"]

    def seat_cells(self, state: Any, seat: int) -> list[str]:
        """How many cards the seat holds."""
        return [str(len(state.hands[seat]))]

    def seat_status(self, state: Any, seat: int) -> list[str]:
        """The dealer."""
        return ["dealer"] if seat == state.dealer else []

    def outcome_columns(self, state: Any, outcome: Any) -> list[tuple[str, Sequence[Any]]]:
        """The cards each seat still held (SAT-END-4, SAT-END-5)."""
        return [("cards held", outcome.cards_held)]

    def outcome_notes(self, state: Any, outcome: Any) -> dict[int, list[str]]:
        """Winner, and the seat that went out (SAT-END-1)."""
        notes = super().outcome_notes(state, outcome)
        if outcome.went_out is not None:
            notes[outcome.went_out].append("went out")
        return notes


VIEW = SattiTableView()
"""The one table view Satti's rules object returns."""
