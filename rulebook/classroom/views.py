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

import json
from typing import Any

from ..html import card_symbols, card_texts

__all__ = ["view_json", "view_text", "table_json", "log_json", "Shared", "card_texts",
           "card_symbols"]


def table_json(state: Any, view: Any, own: bool = False) -> dict[str, Any]:
    """The table of ``view`` (a view of ``state``) as JSON, written by the game itself
    (``rules.view_json``): the same for every seat's view of one state, plus, with ``own``,
    the fields only that view's seat is sent."""
    table: dict[str, Any] = state.rules.view_json(view, own=own)
    return table


class _Entry:
    """One entry of the public move log as sent: open (move, reason, clauses) and, when the
    reason rests on a hidden hand, closed (seat and text only)."""

    __slots__ = ("seat", "private", "open", "closed", "_open_text", "_closed_text")

    def __init__(self, entry: Any) -> None:
        self.seat, self.private = entry.seat, bool(entry.private)
        self.open = {"seat": entry.seat, "move": entry.move, "text": entry.text,
                     "reason": entry.reason, "clauses": list(entry.clauses)}
        self.closed = ({"seat": entry.seat, "move": "", "text": entry.text, "reason": "",
                        "clauses": []} if self.private else self.open)
        self._open_text: str | None = None
        self._closed_text: str | None = None

    def closed_to(self, seat: int | None, revealed: bool) -> bool:
        """Whether ``seat`` (``None``: the public) is sent this entry closed: its reason rests
        on another seat's hidden hand and the hands are not revealed."""
        return self.private and not revealed and self.seat != seat

    def sent(self, seat: int | None, revealed: bool) -> dict[str, Any]:
        """The entry as ``seat`` is sent it."""
        return self.closed if self.closed_to(seat, revealed) else self.open

    def text(self, closed: bool) -> str:
        """The entry as JSON text, closed or open (made once: every page of a room is sent
        the same entry)."""
        if closed and self.private:
            if self._closed_text is None:
                self._closed_text = json.dumps(self.closed, ensure_ascii=False)
            return self._closed_text
        if self._open_text is None:
            self._open_text = json.dumps(self.open, ensure_ascii=False)
        return self._open_text


class Shared:
    """What every page is sent alike about one state: the public table, the move log's
    entries, the outcome and (once over or revealed) every hand; made once per change of a
    room and read for each page.  ``before``, the parts of an earlier state of the same deal,
    lends its log entries (the log only grows within a deal)."""

    __slots__ = ("state", "revealed", "table", "entries", "outcome", "hands", "source")
    entries: list[_Entry]
    source: tuple[Any, ...]

    def __init__(self, state: Any, revealed: bool, before: "Shared | None" = None) -> None:
        self.state, self.revealed = state, bool(revealed or state.is_over)
        self.table = table_json(state, state.view(0))
        log = state.move_log()
        known: list[_Entry] = []
        if before is not None:
            n = len(before.source)
            if n <= len(log) and (n == 0 or log[n - 1] is before.source[n - 1]):
                known = before.entries
        self.entries = known + [_Entry(e) for e in log[len(known):]]
        self.source = log
        self.outcome = _outcome_json(state.outcome)
        self.hands: list[list[str]] | None = None
        if self.revealed:
            self.hands = [card_texts(h) for h in state.hands]

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The log as ``seat`` (``None``: the public) is sent it."""
        return [e.sent(seat, self.revealed) for e in self.entries]

    def log_text(self, seat: int | None, start: int = 0) -> str:
        """:meth:`log` (from entry ``start`` on) as JSON text, joined from each entry's text."""
        return "[" + ",".join(e.text(e.closed_to(seat, self.revealed))
                              for e in self.entries[start:]) + "]"

    def same_deal(self, mark: tuple[Any, bool] | None) -> bool:
        """Whether ``mark`` (an earlier :attr:`mark`) was taken from this deal's log, shown
        the same way (revealed or not): then the entries sent since are all still true."""
        return (mark is not None and mark[1] == self.revealed
                and (self.entries[0].open if self.entries else None) is mark[0])

    @property
    def mark(self) -> tuple[Any, bool]:
        """What :meth:`same_deal` compares: the first entry of the log, and the reveal."""
        return (self.entries[0].open if self.entries else None), self.revealed


def view_text(view: dict[str, Any], shared: Shared | None) -> tuple[str, str]:
    """A view made by :func:`view_json` as JSON text, and the same without its log (``{...}``
    with every other field); the log joined from the entries' texts in ``shared`` (made once
    for every page) instead of encoded again."""
    rest = json.dumps({k: v for k, v in view.items() if k != "log"}, ensure_ascii=False)
    log = (json.dumps(view.get("log", []), ensure_ascii=False) if shared is None
           else shared.log_text(view["seat"]))
    return '{"log":' + log + "," + rest[1:], rest


def log_json(state: Any, seat: int | None, revealed: bool) -> list[dict[str, Any]]:
    """The public move log: each entry's seat and text; its move and reason unless the reason
    rests on a hidden hand (then only that hand's seat, or everybody once revealed)."""
    return [dict(_Entry(e).sent(seat, revealed)) for e in state.move_log()]


def _outcome_json(outcome: Any) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"summary": str(outcome.summary), "places": list(outcome.places),
            "winners": list(outcome.winners)}


def view_json(state: Any, seat: int | None, *, revealed: bool = False,
              seats: list[dict[str, Any]] | None = None, extra: dict[str, Any] | None = None,
              shared: Shared | None = None) -> dict[str, Any]:
    """A seat's view (``seat``) or the public view (``None``) of ``state`` as JSON.

    A seat's view holds its ``hand`` and, on its turn, its ``legal`` moves (notation and
    symbols, and for each card the moves it makes); the public view holds neither.  Every
    hand is added (``hands``) only once the deal is over or ``revealed``.  ``shared``, the
    parts of this state every page is sent alike, saves making them again for each page.
    """
    if shared is None or shared.state is not state or shared.revealed != bool(
            revealed or state.is_over):
        shared = Shared(state, revealed)
    table = shared.table
    out: dict[str, Any] = {"seat": seat, "to_move": state.to_move, "over": bool(state.is_over),
                           "players": int(state.players), "table": table,
                           "log": shared.log(seat), "outcome": shared.outcome,
                           "moves_played": len(state.history)}
    if seat is not None:
        view = state.view(seat)
        own = state.rules.seat_json(view)
        if own:
            out["table"] = {**table, **own}
        hand = view.hand
        out["hand"] = card_texts(hand)
        out["hand_symbols"] = card_symbols(hand)
        legal = list(view.legal_moves())
        out["legal"] = [str(m) for m in legal]
        out["legal_symbols"] = [str(m.pretty()) for m in legal]
        out["legal_cards"] = [[str(c.text) for c in m.cards] for m in legal]
    if shared.hands is not None:
        out["hands"] = shared.hands
        out["hands_symbols"] = [card_symbols(h) for h in state.hands]
    if seats is not None:
        out["seats"] = seats
    if extra:
        out.update(extra)
    return out
