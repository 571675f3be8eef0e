"""How a Badugi hand's table is drawn: the round, the pots and who can win each, the button and
the blinds, folded seats, each seat's stack, bet, chips put in and draws, and at the end the
hands shown at the showdown and the chips won or lost (BDG-SEAT-2..5, BDG-BET-1, BDG-DRAW-8,
BDG-POT-2, BDG-SHOW-2..5)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...html import TableView, escape

__all__ = ["BadugiTableView", "VIEW"]


class BadugiTableView(TableView):
    """A Badugi hand's table (see the module header)."""

    def table_html(self, state: Any, compact: bool = False) -> str:
        """The round, the pots, the button and blinds, the folded seats."""
        pots = state.pots()
        if pots:
            names = ["pot"] if len(pots) == 1 else \
                ["main pot"] + [f"side pot {k}" for k in range(1, len(pots))]
            pot_text = "; ".join(
                f'<span class="rb-pot" data-amount="{amount}">{name} <b>{amount}</b> '
                f'({"seat" if len(eligible) == 1 else "seats"} '
                f'{", ".join(map(str, eligible))} can win it)</span>'
                for name, (amount, eligible) in zip(names, pots))
        else:
            pot_text = "no chips in yet"
        sb, bb = state.blinds
        folded = state.folded
        return ('<table class="rb-table rb-badugi"><tbody>'
                f'<tr><th>round</th><td class="rb-round">{escape(state.round)}</td></tr>'
                f"<tr><th>pots</th><td>{pot_text}</td></tr>"
                f'<tr><th>button</th><td class="rb-button">seat {state.button} '
                f"(small blind seat {sb}, big blind seat {bb})</td></tr>"
                "<tr><th>folded</th><td>"
                + (", ".join(f"seat {s}" for s in folded) if folded else "none")
                + "</td></tr></tbody></table>")

    def seat_headers(self, state: Any) -> list[str]:
        """Stack, bet this round, chips put in, cards drawn."""
        return ["stack", "bet this round", "put in", "drew"]

    def seat_cells(self, state: Any, seat: int) -> list[str]:
        """One seat's values under :meth:`seat_headers`.  "drew" shows how many cards the seat
        drew while that count is public, from its draw to the next betting action; the cell
        is empty before the first draw and once the count is no longer public (BDG-DRAW-8)."""
        count = state.draw_counts()[seat]
        return [str(state.stacks[seat]), str(state.bets[seat]), str(state.committed[seat]),
                str(count) if isinstance(count, int) else ""]

    def seat_status(self, state: Any, seat: int) -> list[str]:
        """Button, blinds, folded, all in, sitting out."""
        sb, bb = state.blinds
        marks = (("button", seat == state.button), ("small blind", seat == sb),
                 ("big blind", seat == bb), ("folded", seat in state.folded),
                 ("all in", seat in state.all_in), ("sitting out", seat not in state.dealt_in))
        return [word for word, on in marks if on]

    def revealed(self, state: Any) -> set[int]:
        """The hands shown at the showdown (BDG-SHOW-2)."""
        outcome = state.outcome
        return set(outcome.revealed) if outcome is not None else set()

    def outcome_columns(self, state: Any, outcome: Any) -> list[tuple[str, Sequence[Any]]]:
        """Chips won or lost, and the stack now."""
        return [("chips won or lost", [f"{n:+d}" if n else "0" for n in outcome.net]),
                ("stack now", outcome.final_stacks)]

    def outcome_lines(self, state: Any, outcome: Any) -> tuple[str, ...]:
        """Every pot's result, one sentence each."""
        return tuple(outcome.lines) or (outcome.summary,)

    def outcome_notes(self, state: Any, outcome: Any) -> dict[int, list[str]]:
        """Winner, the hands shown, the folded seats."""
        notes = super().outcome_notes(state, outcome)
        for seat in outcome.revealed:
            notes[seat].append("showed the hand")
        for seat in state.folded:
            notes[seat].append("folded")
        return notes


VIEW = BadugiTableView()
"""The one table view Badugi's rules object returns."""
