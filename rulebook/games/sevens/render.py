"""How the Sevens family's table is drawn: the four suit rows, the playable set, the seats'
cards, passes, passes left and chips, and the results (BS-ROW-2, BS-INFO-2, BS-HR-8,
BS-HR-10, BS-END-2, BS-CHIP-2).

Each suit's row goes from its low end to its high end in row order (A..K, or 2..A under
ace_high, BS-HR-13); an unopened suit says "no row".  On the first turn the table is empty
and the engine's own sentence says why only the opening card may start (BS-OPEN-4).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import ALL_CARDS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ...html import TableView, card_html, cards_html, escape, hand_order, last_cards, \
    legal_card_mask, reason_html
from .core import row_order

__all__ = ["SevensTableView", "VIEW"]


class SevensTableView(TableView):
    """The Sevens family's table (see the module header)."""

    def table_html(self, state: Any, compact: bool = False) -> str:
        """The four suit rows with the cards playable next; the playable set (``compact``:
        only the rows, whose "playable next" column holds the same cards); the pool and the
        eliminated seats."""
        table = state.table.mask
        playable = state.playable().mask
        opening_note = ""
        if not table and state.to_move is not None:
            first = hand_order(playable & legal_card_mask(state))
            if first:
                why = state.explain(first[0].text)
                opening_note = (f' <span class="rb-opening">— '
                                f"{reason_html(why.reason, why.clauses)}</span>")
        order = row_order(state.rules.ace_high)
        last = last_cards(state)
        rows = []
        for s, suit in enumerate(SUITS):
            run = [ALL_CARDS[r * 4 + s] for r in order if table >> (r * 4 + s) & 1]
            label = f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"
            row = (cards_html(run, last=last) if run
                   else '<span class="rb-note rb-norow">no row</span>')
            nxt = [ALL_CARDS[r * 4 + s] for r in order if playable >> (r * 4 + s) & 1]
            nxt_html = " ".join(card_html(c) for c in nxt) if nxt else "—"
            rows.append(f'<tr data-suit="{suit}"><td>{escape(label)}</td><td class="rb-row">'
                        f'{row}</td><td class="rb-next">{nxt_html}</td></tr>')
        out = ['<table class="rb-table rb-rows"><thead><tr><th>suit</th>'
               '<th>row (low end → high end)</th><th>playable next</th></tr></thead><tbody>'
               + "".join(rows) + "</tbody></table>"]
        play_cards = hand_order(playable)
        if not compact:
            out.append('<div class="rb-note rb-playable"><b>Playable set:</b> '
                       + (" ".join(card_html(c) for c in play_cards) if play_cards else "none")
                       + opening_note + "</div>")
        elif opening_note:
            out.append(f'<div class="rb-note rb-playable-note">First turn{opening_note}</div>')
        notes = []
        if state.pool is not None:
            notes.append(f'<span class="rb-pool">pool: <b>{state.pool}</b> chips</span>')
        if state.eliminated:
            notes.append("eliminated: " + ", ".join(f"seat {s}" for s in state.eliminated))
        if notes:
            out.append('<div class="rb-note">' + " · ".join(notes) + "</div>")
        return "".join(out)

    def seat_headers(self, state: Any) -> list[str]:
        """Cards, passes, passes left (BS-HR-8) and chips (BS-CHIP-2) where they apply."""
        optional = (("passes left", state.passes_left), ("chips", state.stacks))
        return ["cards", "passes"] + [name for name, column in optional if column is not None]

    def seat_cells(self, state: Any, seat: int) -> list[str]:
        """One seat's values under :meth:`seat_headers`."""
        columns = (state.hand_sizes, state.pass_counts, state.passes_left, state.stacks)
        return [str(column[seat]) for column in columns if column is not None]

    def seat_status(self, state: Any, seat: int) -> list[str]:
        """Dealer, eliminated (BS-HR-10), out first (BS-END-1) or out."""
        marks = (("dealer", seat == state.dealer), ("eliminated", seat in state.eliminated),
                 ("out first", state.winner == seat),
                 ("out", state.winner != seat and not state.hand_sizes[seat]))
        return [word for word, on in marks if on]

    def outcome_columns(self, state: Any, outcome: Any) -> list[tuple[str, Sequence[Any]]]:
        """Penalty points or chips won or lost, cards left, passes (BS-END-2, BS-CHIP-5)."""
        points = "chips won or lost" if outcome.chips is not None else "penalty points"
        return [(points, outcome.points), ("cards left", outcome.cards_left),
                ("passes", outcome.passes)]

    def outcome_notes(self, state: Any, outcome: Any) -> dict[int, list[str]]:
        """Winner and eliminated seats."""
        notes = super().outcome_notes(state, outcome)
        for seat in outcome.eliminated:
            notes[seat].append("eliminated")
        return notes


VIEW = SevensTableView()
"""The one table view every Sevens-family rules object returns."""
