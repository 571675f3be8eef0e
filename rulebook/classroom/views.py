"""What the class table sends: a seat's view, or the public view, as JSON.

Everything here is read from ``state.view(seat)`` (the engine's own notion of what a seat may
know) and from the public move log (``state.move_log()``, whose ``text`` is public and whose
reasons carry a ``private`` flag).  Nothing reads another seat's hand before the deal is over
or the teacher reveals it, so hidden cards cannot reach a browser by construction.  The
public view is the table of any seat's view with the hand and the legal moves left out, and
the fields of the game's table that depend on the seat left out too.  The table itself is
written by each game (its ``wire`` room, asked through ``rules.view_json``): nothing here
knows which game is played.
"""
from __future__ import annotations

from typing import Any

from ..html import card_symbols, card_texts

__all__ = ["view_json", "table_json", "log_json", "card_texts", "card_symbols"]


def table_json(state: Any, view: Any, own: bool = False) -> dict[str, Any]:
    """The table of ``view`` (a view of ``state``) as JSON, written by the game itself
    (``rules.view_json``): the same for every seat's view of one state, plus, with ``own``,
    the fields only that view's seat is sent."""
    table: dict[str, Any] = state.rules.view_json(view, own=own)
    return table


def log_json(state: Any, seat: int | None, revealed: bool) -> list[dict[str, Any]]:
    """The public move log: each entry's seat and text; its move and reason unless the reason
    rests on a hidden hand (then only that hand's seat, or everybody once revealed)."""
    out = []
    for entry in state.move_log():
        open_ = revealed or not entry.private or (seat is not None and entry.seat == seat)
        out.append({"seat": entry.seat, "move": entry.move if open_ else "",
                    "text": entry.text, "reason": entry.reason if open_ else "",
                    "clauses": list(entry.clauses) if open_ else []})
    return out


def _outcome_json(outcome: Any) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"summary": str(outcome.summary), "places": list(outcome.places),
            "winners": list(outcome.winners)}


def view_json(state: Any, seat: int | None, *, revealed: bool = False,
              seats: list[dict[str, Any]] | None = None, extra: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """A seat's view (``seat``) or the public view (``None``) of ``state`` as JSON.

    A seat's view holds its ``hand`` and, on its turn, its ``legal`` moves (notation and
    symbols, and for each card the moves it makes); the public view holds neither.  Every
    hand is added (``hands``) only once the deal is over or ``revealed``.
    """
    view = state.view(0 if seat is None else seat)
    table = table_json(state, view, own=seat is not None)
    out: dict[str, Any] = {"seat": seat, "to_move": state.to_move, "over": bool(state.is_over),
                           "players": int(state.players), "table": table,
                           "log": log_json(state, seat, revealed or state.is_over),
                           "outcome": _outcome_json(state.outcome),
                           "moves_played": len(state.history)}
    if seat is not None:
        hand = view.hand
        out["hand"] = card_texts(hand)
        out["hand_symbols"] = card_symbols(hand)
        legal = list(view.legal_moves())
        out["legal"] = [str(m) for m in legal]
        out["legal_symbols"] = [str(m.pretty()) for m in legal]
        out["legal_cards"] = [[str(c.text) for c in m.cards] for m in legal]
    if revealed or state.is_over:
        out["hands"] = [card_texts(h) for h in state.hands]
        out["hands_symbols"] = [card_symbols(h) for h in state.hands]
    if seats is not None:
        out["seats"] = seats
    if extra:
        out.update(extra)
    return out
