"""DealStepper: step through a deal, or play it against computer players.

First / back / next / last buttons and a slider over the history; the table drawn for each
game (:func:`rulebook.html.state_html`); the hands all face up for teaching, or one seat only
(a toggle); the move just made with the engine's reason for it (so a pass says why it was
forced); the legal moves of the player to move, lit.

In play mode one seat is yours: one button per card of your hand (a lit card carries a check
mark; its tooltip is the engine's ``explain`` sentence) and one button per action of the game
(pass / draw / skip / fold / check / call / bet / raise, a Satti jack's suit chooser, a Badugi
draw chooser: toggle the cards to discard, then "draw").  Clicking a lit card plays it and the
computer players answer for the other seats, each from its own view only, drawing its chances
from a :class:`~rulebook.protocol.TurnRandom` exactly as ``autoplay`` does.  Clicking anything
not legal shows ``explain(move).reason`` with the clause ids and changes nothing.

The widget holds no rules: legality comes from ``state.legal_moves()`` / ``state.explain``,
replay from ``state.states()``, records load through :mod:`rulebook.records`.  Every engine
error is shown in a reason box, never as a traceback.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from rulebook.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from rulebook.errors import RulebookError
from rulebook.html import (
    STYLE,
    card_html,
    escape,
    hand_order,
    last_move_text,
    legal_card_mask,
    mover_of_last,
    state_html,
)
from rulebook.protocol import GameState, TurnRandom, bots_for
from rulebook.rules import RulesBase

from .drawing import DiagramSlot

__all__ = ["DealStepper", "GAME_ACTIONS", "explanation_html", "load_source"]

GAME_ACTIONS: dict[str, tuple[str, ...]] = {
    "sevens": ("pass",),
    "satti": ("draw", "skip"),
    "badugi": ("fold", "check", "call", "bet", "raise"),
}
"""The notation of each game's moves that are not a card (its action buttons)."""

MOVE_CAP = 100_000
"""Computer players stop answering after this many moves in one go (a runaway round)."""


def explanation_html(explanation: Any, prefix: str = "") -> str:
    """An engine explanation in a reason box: legal or not, the sentence, the clause ids."""
    bad = "" if explanation.legal else " rb-bad"
    mark = "✔ legal" if explanation.legal else "✘ not legal"
    clauses = ", ".join(explanation.clauses)
    return (f'<div class="rb-reason{bad}">{prefix}<b>{escape(explanation.move)}</b> — {mark}: '
            f"{escape(explanation.reason)} <small>[{escape(clauses)}]</small></div>")


WAITING_TITLE = "What waits on what: an arrow means 'must be played before'"
"""The caption of the waiting diagram the stepper shows."""


def _message_html(text: str, bad: bool = True) -> str:
    return f'<div class="rb-reason{" rb-bad" if bad else ""}">{escape(text)}</div>'


def load_source(source: Any, *, seed: int | None = None, players: int = 4, dealer: int = 0,
                bots: Sequence[Any] | str | None = "smart", finish: bool = True) -> GameState:
    """A state from what the stepper accepts: a state, a record dict, record JSON text, or a
    rules object (a fresh deal with ``seed``, played out by ``bots`` when ``finish``)."""
    from rulebook.records import load_deal, loads
    from rulebook.errors import RecordError

    if isinstance(source, GameState):
        return source
    loaded: GameState
    if isinstance(source, RulesBase):
        new_deal = getattr(source, "new_deal")
        start: GameState = new_deal(players=players, seed=0 if seed is None else seed,
                                    dealer=dealer)
        if not finish:
            return start
        from rulebook.protocol import autoplay

        return autoplay(start, bots, seed=0 if seed is None else seed)
    if isinstance(source, dict):
        loaded = load_deal(source)
        return loaded
    if isinstance(source, (str, bytes)):
        loaded = loads(source)
        if not isinstance(loaded, GameState):
            raise RecordError("this record is a match, not a single deal: load one of its "
                              "deals instead")
        return loaded
    raise RecordError(f"cannot show {type(source).__name__!r}: expected a state, a deal "
                      "record (dict or JSON text) or a rules object with a seed")


def _seed_of(state: GameState) -> int | str:
    origin = state.origin
    seed = origin.get("seed", origin.get("args", {}).get("seed", 0))
    return seed if isinstance(seed, (int, str)) else 0


class DealStepper:
    """Step through a deal (finished or not) or play it against computer players.

    ``DealStepper(state_or_record, seat=None, bots="smart", play=False)``: ``source`` is a
    state (its whole history is shown, replayed through ``state.states()``), a deal record
    (dict or JSON text, loaded through :mod:`rulebook.records`), or a rules object (then a
    deal with ``seed`` is dealt and, unless ``play``, played out by ``bots``).  ``seat`` is
    the seat whose hand alone is shown (``None``: every hand face up) and, in play mode, your
    seat (default 0).  ``extra`` is HTML shown under the table; for the Sevens family the
    ``waiting_toggle`` fills it with the engine's waiting diagram of the position shown, drawn
    on a worker thread (``draw_in_background``) so that a click stays fast; ``diagram.wait()``
    waits for it.

    Controls (public, for tests and keyboard use): ``first_button``, ``back_button``,
    ``next_button``, ``last_button``, ``slider``, ``hands_toggle``, ``table``, ``move_box``,
    ``legal_box``, ``message``, ``card_buttons`` (the visible card buttons), ``action_buttons``
    (dict: move text -> Button), ``draw_button`` (Badugi), ``suit_buttons`` (Satti jack
    chooser), ``extra``, ``record_text``, ``load_button``; ``.widget`` is the whole VBox.
    """

    def __init__(self, source: Any, seat: int | None = None,
                 bots: Sequence[Any] | str | None = "smart", play: bool = False, *,
                 seed: int | None = None, players: int = 4, dealer: int = 0,
                 extra: str = "", draw_in_background: bool = True) -> None:
        self.play_mode = bool(play)
        self.bots_spec = bots
        self.seat = seat
        self.human = seat if seat is not None else 0
        self._observers: list[Callable[[GameState | None], None]] = []
        self._states: list[GameState] = []
        self._index = 0
        self._discard = 0
        self._syncing = False
        self._pending_card: Card | None = None
        self._bots: list[Any] = []
        self._rng: TurnRandom | None = None

        def button(description: str, tooltip: str, icon: str = "") -> W.Button:
            return W.Button(description=description, tooltip=tooltip, icon=icon,
                            layout=W.Layout(width="auto"))

        self.first_button = button("first", "Go to the start of the deal", "fast-backward")
        self.back_button = button("back", "Go back one move", "step-backward")
        self.next_button = button("next", "Go forward one move", "step-forward")
        self.last_button = button("last", "Go to the latest position", "fast-forward")
        self.slider = W.IntSlider(value=0, min=0, max=0, description="move",
                                  continuous_update=True,
                                  tooltip="Move number: drag to step through the deal")
        self.hands_toggle = W.ToggleButtons(options=[("all hands", "all")], value="all",
                                            description="show",
                                            tooltips=["Every hand face up (for teaching)"])
        self.table = W.HTML()
        self.move_box = W.HTML()
        self.replies = W.HTML()  # after a play: what the computer players answered
        self.legal_box = W.HTML()
        self.message = W.HTML()
        self.extra = W.HTML(value=extra)
        self._extra_given = extra
        self.diagram = DiagramSlot(self.extra, background=draw_in_background)
        self.waiting_toggle = W.Checkbox(
            value=False, description="what waits on what", indent=False,
            tooltip="Sevens family: draw, for every card in a hand, the cards that must be "
                    "played before it (shown with all hands face up)")
        self.waiting_toggle.observe(lambda _c: self._draw_waiting(), names="value")
        self.card_buttons: list[W.Button] = []
        self._buttons_by_card: dict[Card, W.Button] = {}
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.action_buttons: dict[str, W.Button] = {}
        self.action_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.draw_button = button("pat", "Draw the cards selected above (none selected: pat)",
                                  "exchange")
        self.draw_button.on_click(lambda _b: self._click_draw())
        self.suit_buttons: list[W.Button] = []
        self.suit_box = W.HBox()
        self.record_text = W.Textarea(placeholder="Paste a deal record (JSON) here, then load",
                                      layout=W.Layout(width="60%", height="3em"))
        self.load_button = button("load record", "Load the deal record pasted on the left",
                                  "upload")
        self.load_button.on_click(lambda _b: self.load(self.record_text.value))

        self.first_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.go(self._index - 1))
        self.next_button.on_click(lambda _b: self.go(self._index + 1))
        self.last_button.on_click(lambda _b: self.go(len(self._states) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.hands_toggle.observe(lambda _c: None if self._syncing else self._render(),
                                  names="value")

        self.nav = W.HBox([self.first_button, self.back_button, self.next_button,
                           self.last_button, self.slider])
        self.play_box = W.VBox([self.hand_box, self.suit_box, self.action_box])
        self.widget = W.VBox([
            W.HTML(STYLE), self.nav, W.HBox([self.hands_toggle, self.waiting_toggle]),
            self.message, self.table, self.extra,
            self.move_box, self.replies, self.legal_box, self.play_box,
            W.HBox([self.record_text, self.load_button]),
        ])
        self.load(source, seed=seed, players=players, dealer=dealer)

    # -- loading ------------------------------------------------------------------------
    def load(self, source: Any, *, seed: int | None = None, players: int = 4,
             dealer: int = 0) -> bool:
        """Show a new deal (same kinds of source as the constructor); a bad record or an
        engine error is shown in ``message`` and the current deal stays.  True if loaded."""
        try:
            state = load_source(source, seed=seed, players=players, dealer=dealer,
                                bots=self.bots_spec, finish=not self.play_mode)
            states = state.states()
            bots: list[Any] = []
            if self.play_mode:
                if not 0 <= self.human < state.players:
                    raise RulebookError(f"seat {self.human} is not at this table: expected 0 "
                                        f"to {state.players - 1}")
                bots = bots_for(state.rules, self.bots_spec, state.players)
        except (RulebookError, ValueError, TypeError) as exc:
            self.message.value = _message_html(f"{type(exc).__name__}: {exc}")
            if not self._states:
                self._render()
            return False
        self._states = states
        self._bots = bots
        self._rng = TurnRandom(_seed_of(state)) if self.play_mode else None
        self._index = len(states) - 1
        self.message.value = ""
        self._set_toggle(state.players)
        if self.play_mode:
            self._bots_answer()
        self._render()
        return True

    def _set_toggle(self, players: int) -> None:
        options = [("all hands", "all")] + [(f"seat {s} only", s) for s in range(players)]
        tips = ["Every hand face up (for teaching)"] + [
            f"Only seat {s}'s hand face up; the others face down" for s in range(players)]
        want: str | int = "all"
        if self.play_mode:
            want = self.human
        elif self.seat is not None and 0 <= self.seat < players:
            want = self.seat
        self._syncing = True
        try:
            self.hands_toggle.options = options
            self.hands_toggle.tooltips = tips
            self.hands_toggle.value = want
        finally:
            self._syncing = False

    # -- public state ------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        """The position shown now (None when nothing could be loaded)."""
        return self._states[self._index] if self._states else None

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every position of the deal so far, from the start."""
        return tuple(self._states)

    @property
    def index(self) -> int:
        """The number of the position shown (0 = the start)."""
        return self._index

    def observe(self, callback: Callable[[GameState | None], None]) -> None:
        """Call ``callback(state)`` after every change of the position shown (and now)."""
        self._observers.append(callback)
        callback(self.state)

    def set_extra(self, html: str) -> None:
        """Show some HTML under the table (e.g. a waiting diagram)."""
        self._extra_given = html
        self.diagram.clear(html)

    def go(self, index: int) -> None:
        """Show position ``index`` (clamped to the history)."""
        if not self._states:
            return
        index = max(0, min(index, len(self._states) - 1))
        if index == self._index:
            return
        self._index = index
        self.message.value = self.replies.value = ""
        self._render()

    def first(self) -> None:
        """Show the start of the deal."""
        self.go(0)

    def back(self) -> None:
        """Show the previous position."""
        self.go(self._index - 1)

    def next(self) -> None:
        """Show the next position."""
        self.go(self._index + 1)

    def last(self) -> None:
        """Show the latest position."""
        self.go(len(self._states) - 1)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.go(int(change["new"]))

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Play ``move`` (object or text) for the player to move at the position shown, then
        let the computer players answer.  An illegal move is answered with the engine's reason
        and changes nothing.  True if the move was played."""
        state = self.state
        if state is None:
            return False
        try:
            if state.is_over:
                self.message.value = _message_html("The deal is over: no more moves.")
                return False
            if self.play_mode and state.to_move != self.human:
                self.message.value = _message_html(
                    f"It is seat {state.to_move}'s turn, and the computer plays for that seat; "
                    f"you play seat {self.human}. Step to the latest position (last).")
                return False
            explanation = state.explain(move)
            if not explanation.legal:
                self.message.value = explanation_html(explanation, "Not played: ")
                return False
            new = state.play(move)
            dropped = len(self._states) - 1 - self._index
            del self._states[self._index + 1:]
            self._states.append(new)
            self._index = len(self._states) - 1
            self._discard = 0
            self._pending_card = None
            notes = []
            if dropped:
                notes.append(f"You played from move {self._index - 1}: the {dropped} later "
                             f"move{'s' if dropped > 1 else ''} of the old line of play "
                             "were replaced.")
            if self.play_mode:
                answered = len(self._states)
                self._bots_answer()
                replies = [last_move_text(s, self._seats()) for s in self._states[answered:]]
                if replies:
                    notes.append("The computer players answered: " + "; ".join(replies) + ".")
            self.message.value = ""
            self.replies.value = _message_html(" ".join(notes), bad=False) if notes else ""
        except (RulebookError, ValueError) as exc:
            self.message.value = _message_html(f"{type(exc).__name__}: {exc}")
            return False
        except Exception as exc:  # never a traceback in the notebook
            self.message.value = _message_html(f"Something went wrong: {exc}")
            return False
        self._render()
        return True

    def _bots_answer(self) -> None:
        """Computer players move for every other seat until it is the human's turn again."""
        state = self._states[-1]
        assert self._rng is not None
        for _ in range(MOVE_CAP):
            seat = state.to_move
            if seat is None or seat == self.human:
                break
            self._rng.start_turn(len(state.history))
            move = self._bots[seat].choose(state.view(seat), self._rng)
            state = state.play(move)
            self._states.append(state)
        self._index = len(self._states) - 1

    def click_card(self, card: Card | str) -> None:
        """What clicking a card button does: play it, choose a jack's suit, toggle a Badugi
        discard, or explain why it cannot be played."""
        state = self.state
        if state is None:
            return
        card = Card(card)
        self._pending_card = None
        legal = state.legal_moves() if not state.is_over else []
        if any(isinstance(getattr(m, "discard", None), int) for m in legal) \
                and (not self.play_mode or state.to_move == self.human):
            if card.mask & getattr(state, "hands")[state.to_move].mask:
                self._discard ^= card.mask
                self.message.value = ""
                self._render()
                return
        for_card = [m for m in legal if getattr(m, "card", None) is card]
        if len(for_card) > 1 and (not self.play_mode or state.to_move == self.human):
            self._pending_card = card
            self.message.value = _message_html(
                f"{card.pretty()}: name the suit to follow with the buttons below.", bad=False)
            self._render()
            return
        if for_card:
            self.play(for_card[0])
            return
        text = ("draw " + card.text) if state.rules.game == "badugi" else card.text
        self.play(text)

    def click_action(self, text: str) -> None:
        """What clicking an action button does (``pass``, ``draw``, ``call``...)."""
        self.play(text)

    def _click_draw(self) -> None:
        state = self.state
        if state is None:
            return
        from rulebook.cards import CardSet

        self.play(f"draw {CardSet(self._discard)}" if self._discard else "pat")

    # -- drawing ----------------------------------------------------------------------------
    def _seats(self) -> str | int | None:
        value = self.hands_toggle.value
        return value if value is not None else "all"

    def _render(self) -> None:
        state = self.state
        self._syncing = True
        try:
            # Two separate messages, in an order the browser can apply without clamping: a
            # value above the old max would be clamped there and sent back as a step back.
            new_max = max(0, len(self._states) - 1)
            if new_max >= self.slider.max:
                self.slider.max = new_max
                self.slider.value = self._index
            else:
                self.slider.value = self._index
                self.slider.max = new_max
        finally:
            self._syncing = False
        at_start = self._index == 0
        at_end = self._index >= len(self._states) - 1
        self.first_button.disabled = self.back_button.disabled = at_start or state is None
        self.next_button.disabled = self.last_button.disabled = at_end or state is None
        if state is None:
            self.table.value = _message_html("No deal loaded.")
            self.move_box.value = self.legal_box.value = ""
            self._draw_play(None)
            self._notify()
            return
        seats = self._seats()
        try:
            # the move box below tells the last move, with its reason
            self.table.value = state_html(state, seats=seats, style=False, last_move=False)
            self.move_box.value = self._move_html(state, seats)
            self.legal_box.value = self._legal_html(state, seats)
            self._draw_play(state)
            self._draw_waiting()
            self._notify()
        except Exception as exc:  # never a traceback in the notebook
            self.message.value = _message_html(f"This position cannot be drawn: "
                                               f"{type(exc).__name__}: {exc}")

    def _draw_waiting(self) -> None:
        """Show the engine's waiting diagram for the current position in ``extra`` when the
        toggle is on (Sevens family only; it shows every hand, so only with all hands up)."""
        state = self.state
        sevens = state is not None and getattr(state.rules, "game", "") == "sevens"
        self.waiting_toggle.layout.display = None if sevens else "none"
        if not (sevens and self.waiting_toggle.value):
            self.diagram.clear(self._extra_given)
            return
        if self._seats() != "all":
            self.diagram.clear(_message_html(
                "The waiting diagram shows every hand: choose 'all hands' to see it.", bad=False))
            return
        assert state is not None
        shown = state

        def draw() -> str:
            from rulebook.diagrams import Diagram

            return Diagram(shown.waiting_diagram(),  # type: ignore[attr-defined]
                           title=WAITING_TITLE).html()

        # drawn off the click (a dot run takes longer than a click may), once per position
        self.diagram.show((id(shown.start()), tuple(map(str, shown.history))), draw)

    def _notify(self) -> None:
        for callback in self._observers:
            callback(self.state)

    def _move_html(self, state: GameState, seats: str | int | None) -> str:
        if self._index == 0 or not state.history:
            return '<div class="rb-note rb-move">The start of the deal.</div>'
        previous = self._states[self._index - 1]
        move = state.history[-1]
        explanation = previous.explain(move)
        what = escape(last_move_text(state, seats))
        mover = mover_of_last(state)
        if seats == "all" or seats == mover:
            why = explanation_html(explanation, "Why: ")
        else:  # the engine's reason may name the mover's hidden cards
            why = (f'<div class="rb-note rb-hidden-reason">The reason would show seat {mover}'
                   "'s cards: choose \"all hands\" to read it.</div>")
        return (f'<div class="rb-note rb-move"><b>Move {self._index}:</b> {what}</div>{why}')

    def _legal_html(self, state: GameState, seats: str | int | None) -> str:
        if state.is_over:
            return '<div class="rb-note rb-legal-moves">The deal is over.</div>'
        seat = state.to_move
        if seats != "all" and seats != seat:
            return (f'<div class="rb-note rb-legal-moves">Seat {seat} to move '
                    "(its hand is face down).</div>")
        parts: list[str] = []
        draws = 0
        for move in state.legal_moves():
            card = getattr(move, "card", None)
            if isinstance(getattr(move, "discard", None), int):
                draws += 1
            elif isinstance(card, Card):
                label = card_html(card, legal=True, title=str(move))
                parts.append(label if str(move) == card.text else
                             f"{label}<small>{escape(str(move)[len(card.text):])}</small>")
            else:
                parts.append(f'<span class="rb-card rb-legal rb-action">{escape(move)}</span>')
        if draws:
            parts.append(f"pat, or draw any of your cards ({draws} choices)")
        return (f'<div class="rb-note rb-legal-moves"><b>Seat {seat} may play:</b> '
                + " ".join(parts) + "</div>")

    def _draw_play(self, state: GameState | None) -> None:
        if not self.play_mode or state is None:
            self.play_box.layout.display = "none"
            return
        self.play_box.layout.display = ""
        mine = state.to_move == self.human and not state.is_over
        legal = state.legal_moves() if mine else []
        lit = legal_card_mask(state) if mine else 0
        drawing = any(isinstance(getattr(m, "discard", None), int) for m in legal)
        hand = hand_order(state.hands[self.human])  # type: ignore[attr-defined]
        badugi = state.rules.game == "badugi"
        for card in hand:
            b = self._card_button(card)
            selected = drawing and bool(self._discard & card.mask)
            if not mine:
                tip = (f"{card.name()}: seat {state.to_move} is to move" if not state.is_over
                       else f"{card.name()}: the deal is over")
            elif drawing:
                tip = state.explain(f"draw {card.text}").reason + (
                    " — selected: click again to keep it" if selected else
                    " — click to select it for the draw")
            else:
                tip = state.explain(("draw " + card.text) if badugi else card.text).reason
            b.tooltip = tip
            b.icon = "times" if selected else ("check" if lit & card.mask else "")
            b.button_style = "warning" if selected else ("primary" if lit & card.mask else "")
        self.card_buttons = [self._card_button(card) for card in hand]
        self.hand_box.children = tuple(self.card_buttons)

        texts = list(GAME_ACTIONS.get(state.rules.game, ()))
        for move in legal:
            text = str(move)
            if getattr(move, "card", None) is None and \
                    not isinstance(getattr(move, "discard", None), int) and text not in texts:
                texts.append(text)
        shown = []
        legal_texts = {str(m) for m in legal}
        for text in texts:
            b = self.action_buttons.get(text)
            if b is None:
                b = W.Button(description=text, layout=W.Layout(width="auto"))
                b.on_click(lambda _b, t=text: self.click_action(t))
                self.action_buttons[text] = b
            ok = text in legal_texts
            b.tooltip = state.explain(text).reason if mine else f"{text}: not your turn"
            b.icon = "check" if ok else ""
            b.button_style = "primary" if ok else ""
            shown.append(b)
        if badugi:
            from rulebook.cards import CardSet

            text = f"draw {CardSet(self._discard)}" if self._discard else "pat"
            self.draw_button.description = text
            ok = text in legal_texts or (drawing and mine)
            self.draw_button.tooltip = (state.explain(text).reason if mine
                                        else "draw: not your turn")
            self.draw_button.icon = "check" if ok else "exchange"
            self.draw_button.button_style = "primary" if ok else ""
            shown.append(self.draw_button)
        self.action_box.children = tuple(shown)

        suits = []
        if self._pending_card is not None and mine:
            choices = [m for m in legal if getattr(m, "card", None) is self._pending_card]
            while len(self.suit_buttons) < len(choices):
                sb = W.Button(layout=W.Layout(width="auto"))
                k = len(self.suit_buttons)
                sb.on_click(lambda _b, k=k: self._click_suit(k))
                self.suit_buttons.append(sb)
            self._suit_moves = choices
            for sb, move in zip(self.suit_buttons, choices):
                letter = str(move).split(">")[-1]
                sb.description = f"{move.card.pretty()} → {SUIT_SYMBOLS[letter]} {SUIT_NAMES[letter]}"
                sb.tooltip = state.explain(move).reason
                sb.icon = "check"
                sb.button_style = "info"
                suits.append(sb)
        self.suit_box.children = tuple(suits)

    def _card_button(self, card: Card) -> W.Button:
        """The button of one card, made once: a click always means that very card, even if
        it lands while the hand is being redrawn."""
        button = self._buttons_by_card.get(card)
        if button is None:
            button = W.Button(description=card.pretty(), layout=W.Layout(width="auto"))
            button.on_click(lambda _b, c=card: self.click_card(c))
            self._buttons_by_card[card] = button
        return button

    def _click_suit(self, k: int) -> None:
        moves = getattr(self, "_suit_moves", [])
        if k < len(moves):
            self.play(moves[k])

    # -- records and display ---------------------------------------------------------------
    def record(self) -> str:
        """The deal up to the latest position as record JSON (``rulebook.loads`` reads it)."""
        if not self._states:
            return ""
        return json.dumps(self._states[-1].to_record(), indent=1, ensure_ascii=False)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<DealStepper {self.state!r} position {self._index}/{len(self._states) - 1}>"
