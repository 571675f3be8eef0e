"""MoveInspector: pick any card or action in the current position and read whether it is legal,
why, and the clause ids.

The answer is the engine's own ``state.explain(move)`` (legal or not, one sentence, the
clause ids), for the player to move.  Each card of the pack stands for the move a click on it
asks for (``rules.card_move``), then come the game's actions (``rules.actions()``) and any
other legal move.  Where the game says which cards everybody can work out
(``state.public_cards()``: the playable set, the cards a seat's passes prove it does not
hold...), the inspector shows them too.  It can follow a :class:`~widgets.DealStepper`
(``inspector.follow(stepper)``) so that it always inspects the stepper's current position.

Like the stepper, the inspector can look from one seat (``seat=2``): then, before the deal
ends, it answers only for that seat's own turns; on another seat's turn it marks nothing and
says that the hand is face down, since whether a card is legal there rests on cards the seat
may not see.  Following a stepper, it looks from the seat whose hand the stepper shows.
No rule and no game lives here.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from rulebook.cards import FULL_MASK
from rulebook.errors import RulebookError, RulesError, check_seat, quoted
from rulebook.html import STYLE, card_html, clauses_html, escape, explanation_html, \
    hand_order, legal_card_mask, move_words
from rulebook.protocol import GameState

from .common import game_state
from .render import A11Y_HTML
from .stepper import Shown, action_moves, message_html, seat_choice, syncing, unless_syncing

__all__ = ["MoveInspector"]


def _cards(cards: Any) -> str:
    return " ".join(card_html(c) for c in hand_order(cards))


class MoveInspector(Shown):
    """Pick a card or an action and read the engine's explanation for the player to move.

    ``MoveInspector(state)``; controls: ``picker`` (a Dropdown of every card of the pack —
    legal ones marked ✓ — then the game's actions and any other legal move), ``answer``
    (the explanation), ``public_box`` (the cards everybody can work out, where the game
    says so), ``message`` (errors); ``.widget`` is the whole VBox.
    ``set_state(state)`` inspects another position; ``follow(stepper)`` tracks a stepper.
    ``seat`` (``None``, or ``"table"``: the whole table) is the seat it looks from; a seat
    that is not at the position's table is a :class:`~rulebook.errors.RulesError`.
    """

    def __init__(self, state: GameState[Any] | None = None,
                 seat: int | str | None = None) -> None:
        self.state: GameState[Any] | None = None
        self.seat: int | None = seat_choice(seat)
        self.picker = W.Dropdown(options=[("(no position)", "")], value="",
                                 description="move",
                                 tooltip="Pick a card or an action to see whether it is legal")
        self.answer = W.HTML()
        self.answer.add_class("rb-live")  # the verdict is read out when a move is picked
        self.public_box = W.HTML()
        self.message = W.HTML()
        self.title = W.HTML()
        self._syncing = False
        self.picker.observe(unless_syncing(self, lambda _v: self._answer()), names="value")
        self.widget = W.VBox([W.HTML(STYLE + A11Y_HTML), self.title, self.picker, self.answer,
                              self.public_box, self.message])
        if state is not None:
            self.set_state(state)

    # -- public ------------------------------------------------------------------------------
    def set_state(self, state: GameState[Any] | None) -> None:
        """Inspect ``state`` (keeping the picked move when it still makes sense)."""
        state = game_state("state", state)
        if state is not None and self.seat is not None:
            check_seat("seat", self.seat, state.players, RulesError)
        self.state = state
        if state is None:
            self._set_options([("(no position)", "")], "")
            self.title.value = self.answer.value = self.public_box.value = ""
            return
        try:
            options = self._options(state)
        except (RulebookError, ValueError) as exc:
            self.message.value = message_html(exc)
            return
        values = [v for _label, v in options]
        current = self.picker.value
        if current not in values:
            legal = [str(m) for m in state.legal_moves()] if self._sees(state) else []
            current = next((v for v in values if v in legal), values[0])
        self._set_options(options, current)
        who = ("the deal is over" if state.to_move is None
               else f"seat {state.to_move} to move")
        self.title.value = (f'<div class="rb-note">Inspecting move {len(state.history)}: '
                            f"{escape(who)}</div>")
        self.public_box.value = self._public_html(state)
        self._answer()

    def pick(self, move: str) -> None:
        """Pick a move by its text (as choosing it in the dropdown does)."""
        if self.state is None:
            raise RulesError("there is no position to pick a move in: give the inspector a "
                             "state first (set_state or follow)")
        values = [v for _label, v in self.picker.options]
        if not isinstance(move, str) or move not in values:
            try:
                parsed = self.state.parse_move(move)
            except Exception as exc:  # noqa: BLE001 - any refusal is told on screen
                self.message.value = message_html(exc)
                return
            move = str(parsed)
            if move not in values:
                self._set_options(list(self.picker.options)
                                  + [(move_words(self.state, parsed), move)], move)
                self._answer()
                return
        self.picker.value = move

    def follow(self, stepper: Any) -> None:
        """Inspect whatever position ``stepper`` shows, now and after every step, from the
        seat whose hand it shows (``stepper.shown_seat``; the whole table when it shows
        every hand)."""
        if not callable(getattr(stepper, "observe", None)):
            raise RulesError(f"stepper={quoted(stepper)}: expected a DealStepper to follow")

        def follow(state: GameState[Any] | None) -> None:
            self.seat = getattr(stepper, "shown_seat", None)
            self.set_state(state)

        stepper.observe(follow)

    def _sees(self, state: GameState[Any]) -> bool:
        """Whether the seat looked from may know what is legal now: the whole table, its own
        turn, or the end of the deal."""
        return self.seat is None or state.is_over or state.to_move == self.seat

    # -- inside ------------------------------------------------------------------------------
    def _set_options(self, options: list[tuple[str, str]], value: str) -> None:
        with syncing(self), self.picker.hold_sync():
            if list(self.picker.options) != options:
                self.picker.options = options
            self.picker.value = value

    def _options(self, state: GameState[Any]) -> list[tuple[str, str]]:
        moves = state.legal_moves() if not state.is_over and self._sees(state) else []
        legal = {str(m) for m in moves}
        lit = legal_card_mask(state) if not state.is_over and self._sees(state) else 0
        options = [(("✓ " if lit & card.mask else "") + card.pretty(),
                    str(state.rules.card_move(card, state))) for card in hand_order(FULL_MASK)]
        options += [(("✓ " if str(m) in legal else "") + m.pretty(), str(m))
                    for m in action_moves(state)]
        covered = {v for _l, v in options}
        # then the other legal moves, e.g. a jack naming a suit: J♠ naming ♦
        return options + [("✓ " + move_words(state, m), str(m)) for m in moves
                          if str(m) not in covered]

    def _answer(self) -> None:
        state = self.state
        value = self.picker.value
        if state is None or not value:
            self.answer.value = ""
            return
        if not self._sees(state):
            self.answer.value = (f'<div class="rb-reason rb-hidden-reason">Seat {state.to_move} '
                                 f"is to move and its hand is face down: whether "
                                 f"{escape(move_words(state, value))} is legal rests on cards "
                                 f"seat {self.seat} cannot see.</div>")
            self.message.value = ""
            return
        try:
            self.answer.value = explanation_html(state.explain(value), "",
                                                 move_words(state, value))
            self.message.value = ""
        except (RulebookError, ValueError) as exc:
            self.answer.value = ""
            self.message.value = message_html(exc)

    def _public_html(self, state: GameState[Any]) -> str:
        """The cards everybody can work out (``state.public_cards()``): the lines about the
        table, then a table of what each seat is proven to hold or not."""
        lines = state.public_cards()
        parts = [f'<div class="rb-note rb-playable"><b>{escape(line.label)}:</b> '
                 f"{_cards(line.cards) or 'none'}{clauses_html(line.clauses)}</div>"
                 for line in lines if line.seat is None]
        rows = [line for line in lines if line.seat is not None]
        if rows:
            body = "".join(f'<tr data-seat="{r.seat}"><td>seat {r.seat}</td>'
                           f'<td class="rb-absent">{_cards(r.cards) or "none proven yet"}'
                           "</td></tr>" for r in rows)
            parts.append('<table class="rb-table rb-known-absent"><thead><tr><th>seat</th>'
                         f"<th>{escape(rows[0].label)}{clauses_html(rows[0].clauses)}</th></tr>"
                         f"</thead><tbody>{body}</tbody></table>")
        return "".join(parts)
