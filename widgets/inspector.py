"""MoveInspector: pick any card or action in the current position and read whether it is legal,
why, and the clause ids.

The answer is the engine's own ``state.explain(move)`` (legal or not, one sentence, the
clause ids), for the player to move.  For the Sevens family the inspector also shows the
public playable set and, for every seat, the cards it is proven not to hold
(``state.known_absent(seat)``, BS-INFO-4..6).  It can follow a :class:`~widgets.DealStepper`
(``inspector.follow(stepper)``) so that it always inspects the stepper's current position.
No rule lives here.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from rulebook.errors import RulebookError, RulesError, quoted
from rulebook.html import STYLE, card_html, escape, hand_order, legal_card_mask, move_words
from rulebook.cards import FULL_MASK
from rulebook.protocol import GameState

from .common import game_state
from .stepper import GAME_ACTIONS, explanation_html

__all__ = ["MoveInspector"]


def _card_move_text(state: GameState, text: str) -> str:
    """The notation of "use this card" in the game: the card itself, or a Badugi discard."""
    return f"draw {text}" if state.rules.game == "badugi" else text


class MoveInspector:
    """Pick a card or an action and read the engine's explanation for the player to move.

    ``MoveInspector(state)``; controls: ``picker`` (a Dropdown of every card of the pack —
    legal ones marked ✓ — then the game's actions and any other legal move), ``answer``
    (the explanation), ``public_box`` (Sevens family: the playable set and each seat's
    known-absent cards), ``message`` (errors); ``.widget`` is the whole VBox.
    ``set_state(state)`` inspects another position; ``follow(stepper)`` tracks a stepper.
    """

    def __init__(self, state: GameState | None = None) -> None:
        self.state: GameState | None = None
        self.picker = W.Dropdown(options=[("(no position)", "")], value="",
                                 description="move",
                                 tooltip="Pick a card or an action to see whether it is legal")
        self.answer = W.HTML()
        self.public_box = W.HTML()
        self.message = W.HTML()
        self.title = W.HTML()
        self._syncing = False
        self.picker.observe(self._on_pick, names="value")
        self.widget = W.VBox([W.HTML(STYLE), self.title, self.picker, self.answer,
                              self.public_box, self.message])
        if state is not None:
            self.set_state(state)

    # -- public ------------------------------------------------------------------------------
    def set_state(self, state: GameState | None) -> None:
        """Inspect ``state`` (keeping the picked move when it still makes sense)."""
        self.state = state = game_state("state", state)
        if state is None:
            self._set_options([("(no position)", "")], "")
            self.title.value = ""
            self.answer.value = self.public_box.value = ""
            return
        try:
            options = self._options(state)
        except (RulebookError, ValueError) as exc:
            self.message.value = f'<div class="rb-reason rb-bad">{escape(exc)}</div>'
            return
        values = [v for _label, v in options]
        current = self.picker.value
        if current not in values:
            legal = [str(m) for m in state.legal_moves()]
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
                self.message.value = f'<div class="rb-reason rb-bad">{escape(exc)}</div>'
                return
            move = str(parsed)
            if move not in values:
                self._set_options(list(self.picker.options)
                                  + [(move_words(self.state, parsed), move)], move)
                self._answer()
                return
        self.picker.value = move

    def follow(self, stepper: Any) -> None:
        """Inspect whatever position ``stepper`` shows, now and after every step."""
        if not callable(getattr(stepper, "observe", None)):
            raise RulesError(f"stepper={quoted(stepper)}: expected a DealStepper to follow")
        stepper.observe(self.set_state)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- inside ------------------------------------------------------------------------------
    def _set_options(self, options: list[tuple[str, str]], value: str) -> None:
        self._syncing = True
        try:
            with self.picker.hold_sync():
                if list(self.picker.options) != options:
                    self.picker.options = options
                self.picker.value = value
        finally:
            self._syncing = False

    def _options(self, state: GameState) -> list[tuple[str, str]]:
        legal = {str(m) for m in state.legal_moves()} if not state.is_over else set()
        lit = legal_card_mask(state) if not state.is_over else 0
        options = []
        for card in hand_order(FULL_MASK):
            text = _card_move_text(state, card.text)
            mark = "✓ " if lit & card.mask else ""
            options.append((f"{mark}{card.pretty()}", text))
        covered = {v for _l, v in options}
        for text in GAME_ACTIONS.get(state.rules.game, ()):
            options.append((("✓ " if text in legal else "") + move_words(state, text), text))
            covered.add(text)
        for move in state.legal_moves() if not state.is_over else []:
            text = str(move)
            if text not in covered:  # e.g. a jack naming a suit: J♠ naming ♦
                options.append(("✓ " + move_words(state, move), text))
                covered.add(text)
        return options

    def _on_pick(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._answer()

    def _answer(self) -> None:
        state = self.state
        value = self.picker.value
        if state is None or not value:
            self.answer.value = ""
            return
        try:
            self.answer.value = explanation_html(state.explain(value), "",
                                                 move_words(state, value))
            self.message.value = ""
        except (RulebookError, ValueError) as exc:
            self.answer.value = ""
            self.message.value = f'<div class="rb-reason rb-bad">{escape(exc)}</div>'

    def _public_html(self, state: GameState) -> str:
        if state.rules.game != "sevens":
            return ""
        playable = state.playable()  # type: ignore[attr-defined]
        cards = " ".join(card_html(c) for c in hand_order(playable)) or "none"
        rows = []
        for seat in range(state.players):
            absent = state.known_absent(seat)  # type: ignore[attr-defined]
            shown = " ".join(card_html(c) for c in hand_order(absent)) or "none proven yet"
            rows.append(f'<tr data-seat="{seat}"><td>seat {seat}</td>'
                        f'<td class="rb-absent">{shown}</td></tr>')
        return (f'<div class="rb-note rb-playable"><b>Playable set:</b> {cards}</div>'
                '<table class="rb-table rb-known-absent"><thead><tr><th>seat</th>'
                "<th>known not to hold (from passes and eliminations)</th></tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")
