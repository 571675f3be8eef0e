"""DealStepper: step through a deal, or play it against computer players.

First / back / next / last buttons and a slider over the history; the game's table drawn from
the state (:mod:`rulebook.html`); the hands all face up for teaching, or one seat only; the
move just made with the engine's reason for it (so a pass says why it was forced); the legal
moves of the player to move, lit; once the deal is over every hand face up, each seat's place
and points or chips, and the engine's summary of the result.

**Classroom mode** (the default, ``classroom=True``) is made for a projector: one compact
table in which each seat's row holds its hand, and in play mode *your* row holds your cards
as buttons, in place (no second picture of your hand).  The reason for a refused card
appears right under your hand, and the refused card is marked.  A "large print" switch makes
the cards, the reasons and the buttons big enough to read from the back of a room; the box
for loading a deal record stays hidden until "load a record" is switched on.  At 1024×768
the whole stepper, your hand included, fits on the screen.  ``classroom=False`` keeps the
full view: the whole table as one picture, the legal moves listed, the play buttons below.

In play mode one seat is yours: one button per card of your hand (a lit card carries a check
mark; its tooltip is the engine's ``explain`` sentence) and one button per action of the game
(``rules.actions()``: pass, draw, fold...), a chooser when one card makes several moves (a
jack naming a suit), and where the game picks several cards for one move (``rules.pick_move``,
a draw) a button that plays the cards toggled.  Clicking a lit card plays it and the
computer players answer for the other seats, each from its own view only, drawing its chances
from a :class:`~rulebook.protocol.TurnRandom` exactly as ``autoplay`` does.  Clicking anything
not legal shows ``explain(move).reason`` with the clause ids and changes nothing.

A *Coach* switch (off until the learner asks) shows, for the seat to move (in play mode:
yours, on your turn), one bar per legal move with its 95% interval, the best marked, and the
coach's sentence; the coach reads only that seat's view, even when every hand is face up
(:mod:`widgets.coachview`).

For everyone: each card button is named for a screen reader ("seven of hearts, playable"),
a face-down hand reads as "12 hidden cards", the seats grid is a table, the refusal and the
computer's moves are live regions, Tab reaches the hand, the arrow keys move along it and Enter
plays (:mod:`widgets.render`'s page script); a "four colours" switch draws ♦ blue and ♣ green.

Everything a learner reads names cards in symbols (``move.pretty()``), with clause ids small
and last.  The widget holds no rules and knows no game: legality comes from
``state.legal_moves()`` / ``state.explain``, what a card click means from
``rules.card_move``, the game's table from ``rules.table_view``, a diagram of the position
from ``rules.position_diagram``, replay from ``state.states()``, records load through
:mod:`rulebook.records`.  Every engine error is shown in a reason box, never as a traceback.
"""
from __future__ import annotations

import json
from functools import partial
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as W

from rulebook.cards import ALL_CARDS, Card, CardSet
from rulebook.errors import IllegalMove, RecordError, RulebookError, RulesError, check_seat, \
    quoted
from rulebook.html import (
    STYLE,
    card_html,
    count_words,
    escape,
    explanation_html,
    game_table_html,
    hand_cell_html,
    hand_order,
    legal_card_mask,
    log_by_move,
    move_words,
    outcome_html,
    reason_html,
    seat_rows,
    state_html,
    title_html,
)
from rulebook.protocol import GameState, TurnRandom, autoplay, bots_for
from rulebook.pace import AT_ONCE, DEFAULT_PACE, pace_seconds
from rulebook.records import load_deal, loads
from rulebook.rules import RulesBase

from .coachview import CoachPanel
from .render import A11Y_HTML, card_class, suit_class
from .drawing import DiagramSlot
from .common import WidgetView as Shown, flag, function, html_text, pace_choice, \
    pace_control, whole_number
from .pacing import Handle, Scheduler, loop_scheduler

__all__ = ["DealStepper", "CLASSROOM_STYLE", "PACE_STYLE", "explanation_html", "load_source", "action_moves",
           "position_key", "seat_choice", "TABLE_NAMES", "Shown"]

TABLE_NAMES = ("table", "all")
"""The names that ask for the whole table (every hand face up) where a seat is taken, as
``seat=None`` does."""

MOVE_CAP = 100_000
"""Computer players stop answering after this many moves in one go (a runaway round)."""

CLASSROOM_STYLE = """<style>
.rb-classroom{font-family:sans-serif}
.rb-classroom .widget-html-content{font-size:15px;line-height:1.3}
.rb-classroom .rb-card{font-size:1.15em;min-width:2em;padding:1px 4px}
.rb-classroom .rb-table td,.rb-classroom .rb-table th{padding:2px 6px}
.rb-classroom .rb-note{margin:2px 0}
.rb-classroom .rb-reason{margin:2px 0}
.rb-classroom .jupyter-button.rb-cardbtn{font-size:17px;font-weight:bold;height:auto;
 min-height:34px;min-width:2.9em;padding:2px 6px;margin:2px;border:1px solid #999;
 background:#fff;color:#111;border-radius:5px}
.rb-classroom .jupyter-button.rb-cardbtn.rb-red{color:#c0392b}
.rb-four .jupyter-button.rb-cardbtn.rb-s-D{color:#1a56b0}
.rb-four .jupyter-button.rb-cardbtn.rb-s-C{color:#1b7332}
.rb-classroom .jupyter-button.rb-cardbtn.mod-primary{border:3px solid #1a62c4;
 box-shadow:0 0 3px #1a62c4}
.rb-classroom .jupyter-button.rb-cardbtn.mod-primary .fa{color:#1a62c4}
.rb-classroom .jupyter-button.rb-cardbtn.mod-danger{border:3px solid #b02a37;background:#fdf3f4}
.rb-classroom .jupyter-button.rb-cardbtn.mod-warning{border:3px dashed #e67e22;background:#fff6ec}
.rb-classroom .jupyter-button.rb-actbtn{font-size:15px;height:auto;min-height:34px;margin:2px}
.rb-classroom .jupyter-button.rb-actbtn.mod-primary{background:#fff;color:#111;
 border:3px solid #1a62c4}
.rb-classroom .rb-grid{border-top:1px solid #ccc;width:100%}
.rb-classroom .rb-grid>.rb-row{display:contents}
.rb-classroom .rb-row>.widget-html,.rb-classroom .rb-row>.widget-vbox{margin:0;
 padding:2px 6px;border-bottom:1px solid #ddd;align-self:stretch}
.rb-classroom .rb-row>.rb-head{background:#f3f3f3;font-weight:bold}
.rb-classroom .rb-row>.rb-head .widget-html-content{font-size:13px}
.rb-classroom .rb-row>.widget-html:has(.rb-mover-mark){background:#eef5ff;
 box-shadow:inset 4px 0 0 #1a62c4}
.rb-classroom .rb-row>.rb-handbox.rb-mover{background:#eef5ff}
.rb-classroom .rb-handbox>.widget-html{margin:0}
.rb-classroom .rb-side{min-width:15em}
.rb-classroom.rb-large .widget-html-content{font-size:21px}
.rb-classroom.rb-large .rb-card{font-size:1.2em}
.rb-classroom.rb-large .rb-clauses{font-size:0.75em}
.rb-classroom.rb-large .jupyter-button{font-size:18px;height:auto;min-height:36px}
.rb-classroom.rb-large .jupyter-button.rb-cardbtn{font-size:26px;min-height:48px;min-width:2.4em;
 padding:2px 4px}
.rb-classroom.rb-large .jupyter-button.rb-actbtn{font-size:22px;min-height:48px}
.rb-classroom.rb-large .rb-row>.rb-head .widget-html-content{font-size:16px}
.rb-classroom.rb-large .widget-dropdown select,.rb-classroom.rb-large .widget-label,
.rb-classroom.rb-large .widget-label-basic,.rb-classroom.rb-large .widget-readout{
 font-size:18px;height:auto}
</style>"""
"""The CSS of classroom mode: comfortable cards (about 17 px) and reasons (15 px), clause ids
at 12 px; under ``rb-large`` (the large-print switch) cards of about 26 px and reasons of
21 px; under ``rb-four`` (the four-colour switch) ♦ blue and ♣ green card buttons.  The seats
table's rows (``rb-row``) take no box of their own (``display: contents``): their cells sit
in the grid.  Included once, in the stepper's first HTML widget."""


PACE_STYLE = """<style>
.rb-stepper .rb-replies .rb-reply{display:inline-block;padding:1px 4px;margin:1px 2px 1px 0;
 border-left:4px solid transparent}
.rb-stepper .rb-replies .rb-reply.rb-newest{border-left-color:#b85c00;background:#fff4e0;
 font-weight:bold}
.rb-stepper .rb-replies .rb-reply.rb-newest::before{content:"\\25B8  "}
.rb-stepper .rb-replies .rb-pacing{display:block;color:#555;font-style:italic;font-size:0.9em}
.rb-classroom .rb-row>.widget-html.rb-just-moved{background:#fff4e0;
 box-shadow:inset 4px 0 0 #b85c00}
.rb-classroom .rb-row>.widget-html.rb-just-moved .widget-html-content::after{
 content:" \\00B7  just moved";font-size:12px;color:#7a4100}
</style>"""
"""The CSS of the computer's moves shown one at a time: each reply in a box of its own (side by side, so the hand stays in view), the one
just made marked (an orange edge, bold, a ▸), the seat that just moved marked in the seats
table (an orange edge and "just moved"), the card it played outlined on the table as every
last move is."""


def message_html(text: Any, bad: bool = True) -> str:
    """A message in a reason box (``rb-reason``, and ``rb-bad`` when something was refused)."""
    return f'<div class="rb-reason{" rb-bad" if bad else ""}">{escape(text)}</div>'


@contextmanager
def syncing(owner: Any) -> Iterator[None]:
    """Set ``owner._syncing`` while the block sets controls, so that their observers, which
    check it, do not act on the change."""
    owner._syncing = True
    try:
        yield
    finally:
        owner._syncing = False


def unless_syncing(owner: Any, action: Callable[[Any], Any]) -> Callable[[dict[str, Any]], None]:
    """An observer that calls ``action(new value)``, except while ``owner`` sets its controls
    (:func:`syncing`)."""

    def observer(change: dict[str, Any]) -> None:
        if not owner._syncing:
            action(change["new"])

    return observer


def button(description: str, tooltip: str = "", icon: str = "",
           action: Callable[[], Any] | None = None, css: str = "") -> W.Button:
    """A button as wide as its words (so none is cut short) that calls ``action()`` when
    clicked and carries the CSS class ``css``."""
    made = W.Button(description=description, tooltip=tooltip, icon=icon,
                    layout=W.Layout(width="auto"))
    if css:
        made.add_class(css)
    if action is not None:
        made.on_click(lambda _b: action())
    return made


NAV_ICONS = (("first", "fast-backward"), ("back", "step-backward"), ("next", "step-forward"),
             ("last", "fast-forward"))
"""The step buttons' labels and Font Awesome arrows (drawn on every browser, unlike ⏮ ⏭)."""


def nav_buttons(owner: Any, tooltips: Sequence[str], css: str = "") -> list[W.Button]:
    """The first / back / next / last buttons, calling ``owner.first()`` ... ``owner.last()``."""
    return [button(name, tip, icon, getattr(owner, name), css)
            for (name, icon), tip in zip(NAV_ICONS, tooltips)]


def _error_text(exc: BaseException) -> str:
    """An engine error as a learner reads it: its message, no Python class name."""
    text = str(exc).strip()
    return text[:1].upper() + text[1:] if text else "Something went wrong."


def load_source(source: Any, *, seed: int | None = None, players: int = 4, dealer: int = 0,
                bots: Sequence[Any] | str | None = "smart", finish: bool = True) -> GameState[Any]:
    """A state from what the stepper accepts: a state, a record dict, record JSON text, or a
    rules object (a fresh deal with ``seed``, played out by ``bots`` when ``finish``)."""
    if isinstance(source, GameState):
        return source
    if isinstance(source, RulesBase):
        seed = 0 if seed is None else seed
        start: GameState[Any] = source.new_deal(players=players, seed=seed, dealer=dealer)
        finished: GameState[Any] = autoplay(start, bots, seed=seed) if finish else start
        return finished
    if isinstance(source, dict):
        dealt: GameState[Any] = load_deal(source)
        return dealt
    if isinstance(source, (str, bytes)):
        loaded = loads(source)
        if not isinstance(loaded, GameState):
            raise RecordError("this record is a match, not a single deal: load one of its "
                              "deals instead")
        return loaded
    raise RecordError(f"cannot show {type(source).__name__!r}: expected a state, a deal "
                      "record (dict or JSON text) or a rules object with a seed")


def seat_choice(value: Any) -> int | None:
    """A ``seat`` argument as the stepper keeps it: ``None`` for the whole table (``None``,
    ``"table"`` or ``"all"``), else the seat as a plain ``int`` (checked against a deal's
    table when the deal is known); RulesError for anything else."""
    if value is None:
        return None
    if isinstance(value, str):
        name = str.__str__(value)
        if name in TABLE_NAMES:
            return None
        raise RulesError(f"seat={quoted(name, 40)}: expected a seat (a whole number), or "
                         f"None (or 'table') for every hand face up")
    return whole_number("seat", value)


def position_key(state: GameState[Any]) -> tuple[Any, ...]:
    """A position named by its value (the rules, how the deal started and the moves), never
    by an object's ``id()``, which Python gives again to a new object once the old one is
    gone: a cache keyed by it can never show an earlier deal's picture."""
    try:
        return ("record", type(state.rules).__qualname__,
                json.dumps(state.to_record(), sort_keys=True, ensure_ascii=False))
    except Exception:  # noqa: BLE001 - a state with no record: its visible value instead
        start = state.start()
        return ("position", type(state.rules).__qualname__, state.rules.label(),
                json.dumps(start.origin, sort_keys=True, default=str),
                tuple(h.mask for h in start.hands), start.stacks, start.to_move,
                tuple(map(str, state.history)))


def action_moves(state: GameState[Any]) -> list[Any]:
    """The moves an action button plays in ``state``: the game's actions
    (``rules.actions()``), then any other legal move that uses no card and is not the game's
    pick of cards (``name ♠``...)."""
    moves = {str(m): m for m in state.rules.actions()}
    picked = state.rules.pick_move(CardSet())
    for move in state.legal_moves() if not state.is_over else []:
        if not move.cards and move != picked:
            moves.setdefault(str(move), move)
    return list(moves.values())


def _seed_of(state: GameState[Any]) -> int | str:
    origin = state.origin
    seed = origin.get("seed", origin.get("args", {}).get("seed", 0))
    return seed if isinstance(seed, (int, str)) and not isinstance(seed, bool) else 0


class DealStepper(Shown):
    """Step through a deal (finished or not) or play it against computer players.

    ``DealStepper(source, seat=None, bots="smart", play=False, *, seed=None, players=4,
    dealer=0, extra="", draw_in_background=True, classroom=True, large_print=False,
    show_record=False)``: ``source`` is a state (its whole history is shown, replayed
    through ``state.states()``), a deal record (dict or JSON text, loaded through
    :mod:`rulebook.records`), or a rules object (then a deal with ``seed`` is dealt and,
    unless ``play``, played out by ``bots``).  ``seat`` is the seat whose hand alone is
    shown and, in play mode, your seat (default 0); the whole table, every hand face up, is
    asked for by name: ``None``, ``"table"`` or ``"all"``.  A seat that is not at the deal's
    table raises :class:`~rulebook.errors.RulesError` (the other hands are never shown in
    its place); before the deal ends, a seat's view shows nothing of the hands it may not
    see (the end of a deal shows every hand face up).
    ``extra`` is HTML shown under the table; where the game draws a diagram of a position the
    ``waiting_toggle`` fills it with the game's diagram of the position shown
    (``rules.position_diagram``, e.g. what waits on what), drawn on a worker thread
    (``draw_in_background``) so that a click stays fast; ``diagram.wait()`` waits for it.
    ``classroom`` chooses the compact projector layout (see the module header),
    ``large_print`` starts it in large print, ``show_record`` shows the record box at once.
    ``pace`` (play mode) is how fast the computer's moves follow one another on screen:
    ``"relaxed"``, ``"normal"`` (the default), ``"fast"`` or ``"at once"``
    (:data:`rulebook.pace.SCREEN_PACES`); the learner changes it with ``pace_picker``.  The
    moves are the engine's, computed at once exactly as without a pace (the same deal from
    the rules, the seed and your moves); the pace only decides when the screen shows each
    one, with its log line, the seat that made it marked.  ``scheduler`` (a
    :class:`~widgets.pacing.Scheduler`) calls the next one back; by default the kernel's
    running event loop, and where no loop runs (a script, a test) every move is shown at
    once.  While moves wait, a click on your cards or buttons shows them all at once and
    plays nothing (the learner sees the position before choosing); ``finish_replies()``
    does the same from code, ``pending_replies`` counts the moves still to show, and
    ``states`` / ``state`` hold only the moves shown so far.

    Controls (public, for tests and keyboard use): ``first_button``, ``back_button``,
    ``next_button``, ``last_button``, ``slider``, ``hands_toggle``, ``large_print_toggle``,
    ``record_toggle``, ``waiting_toggle``, ``pace_picker``, ``table`` (the title and the game's table),
    ``seats_grid`` (classroom: the seats table built from widgets, ``seat_cells[seat]`` its
    cells), ``move_box``, ``replies``, ``result_box`` (classroom: the results), ``legal_box``,
    ``message``, ``card_buttons`` (the visible card buttons), ``action_buttons`` (dict: move
    text -> Button), ``draw_button`` (plays the cards picked, where the game picks several),
    ``suit_buttons`` (the chooser when one card makes several moves),
    ``extra``, ``record_box``, ``record_text``, ``load_button``, ``coach_toggle`` (the
    *Coach* switch, off by default) and ``coach`` (its
    :class:`~widgets.coachview.CoachPanel`: a bar per legal move of the seat to move, from
    that seat's view only; in play mode your seat on your turn); ``.widget`` is the whole
    VBox.
    """

    def __init__(self, source: Any, seat: int | str | None = None,
                 bots: Sequence[Any] | str | None = "smart", play: bool = False, *,
                 seed: int | None = None, players: int = 4, dealer: int = 0,
                 extra: str = "", draw_in_background: bool = True, classroom: bool = True,
                 large_print: bool = False, show_record: bool = False,
                 pace: str = DEFAULT_PACE, scheduler: Scheduler | None = None) -> None:
        chosen = seat_choice(seat)
        self.play_mode = flag("play", play)
        self.classroom = flag("classroom", classroom)
        large_print, show_record = flag("large_print", large_print), flag("show_record",
                                                                          show_record)
        draw_in_background = flag("draw_in_background", draw_in_background)
        extra = html_text("extra", extra)
        self.bots_spec = bots
        self.seat: int | None = chosen
        self.human: int = chosen if chosen is not None else 0
        self._observers: list[Callable[[GameState[Any] | None], None]] = []
        self._states: list[GameState[Any]] = []
        self._index = 0
        self._discard = 0
        self._syncing = False
        self._pending_card: Card | None = None
        self._refused: Card | None = None
        self._bots: list[Any] = []
        self._rng: TurnRandom | None = None
        self._suit_moves: list[Any] = []
        self._log_of: GameState[Any] | None = None  # the state whose move log is grouped below
        self._log_by_move: list[list[Any]] = []
        # the computer's moves, computed at once, shown one at a time (see _bots_answer)
        self.scheduler = scheduler
        self._pending: list[GameState[Any]] = []
        self._pace_handle: Handle | None = None
        self._pace_token = 0
        self._answered: int | None = None  # where the moves told in ``replies`` start
        self._reply_notes: list[str] = []
        self._newest: int | None = None  # the reply just shown one at a time

        self.first_button, self.back_button, self.next_button, self.last_button = nav_buttons(
            self, ("Go to the start of the deal", "Go back one move", "Go forward one move",
                   "Go to the latest position"), "rb-navbtn")
        self.slider = W.IntSlider(value=0, min=0, max=0, description="move",
                                  continuous_update=True,
                                  tooltip="Move number: drag to step through the deal",
                                  layout=W.Layout(width="auto", flex="1 1 220px",
                                                  max_width="360px"))
        if self.classroom:
            self.hands_toggle: W.ValueWidget = W.Dropdown(
                options=[("all hands face up", "all")], value="all", description="show",
                tooltip="Whose cards are face up", layout=W.Layout(width="auto"),
                style={"description_width": "initial"})
        else:
            self.hands_toggle = W.ToggleButtons(options=[("all hands", "all")], value="all",
                                                description="show",
                                                tooltips=["Every hand face up (for teaching)"])
        self.large_print_toggle = W.ToggleButton(
            value=bool(large_print), description="large print", icon="search-plus",
            tooltip="Big cards and reasons, readable from the back of a room",
            layout=W.Layout(width="auto"))
        # an icon alone (the controls' row must not wrap once more at 1024 px in large
        # print); the page script names it from its tooltip
        self.four_colour_toggle = W.ToggleButton(
            value=False, description="", icon="paint-brush",
            tooltip="four colours: ♠ black, ♥ red, ♦ blue, ♣ green",
            layout=W.Layout(width="auto"))
        self.four_colour_toggle.add_class("rb-iconbtn")
        self.record_toggle = W.ToggleButton(
            value=bool(show_record), description="load a record", icon="upload",
            tooltip="Show the box for pasting a saved deal record (JSON)",
            layout=W.Layout(width="auto"))
        self.table = W.HTML()
        self.move_box = W.HTML()
        self.replies = W.HTML()  # after a play: what the computer players answered
        self.result_box = W.HTML()
        self.legal_box = W.HTML()
        self.message = W.HTML()
        self.extra = W.HTML(value=extra)
        self._extra_given = extra
        self.diagram = DiagramSlot(self.extra, background=draw_in_background)
        self.waiting_toggle = W.Checkbox(
            value=False, description="diagram", indent=False, layout=W.Layout(width="auto"))
        self.waiting_toggle.observe(lambda _c: self._draw_waiting(), names="value")
        # the coach: off until the learner asks; it reads the seat's view only
        self.coach = CoachPanel()
        self.coach_toggle = self.coach.toggle
        self.card_buttons: list[W.Button] = []
        self._buttons_by_card: dict[Card, W.Button] = {}
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.action_buttons: dict[str, W.Button] = {}
        self.action_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.draw_button = button("", "Play the cards picked above", "exchange",
                                  self._click_draw, "rb-actbtn")
        self.suit_buttons: list[W.Button] = []
        self.suit_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.record_text = W.Textarea(placeholder="Paste a deal record (JSON) here, then load",
                                      layout=W.Layout(width="60%", height="3em"))
        self.load_button = button("load record", "Load the deal record pasted on the left",
                                  "upload", lambda: self.load(self.record_text.value))
        self.record_box = W.HBox([self.record_text, self.load_button])

        self.slider.observe(unless_syncing(self, self.go), names="value")
        self.hands_toggle.observe(unless_syncing(self, lambda _v: self._render()), names="value")
        self.large_print_toggle.observe(lambda _c: self._apply_print(), names="value")
        self.four_colour_toggle.observe(lambda _c: self._apply_print(), names="value")
        self.record_toggle.observe(lambda _c: self._apply_record(), names="value")
        self.pace_picker = pace_control(pace)
        self.pace_picker.observe(lambda _c: self._pace_changed(), names="value")
        self.pace_picker.layout.display = None if self.play_mode else "none"

        self.nav = W.HBox([self.first_button, self.back_button, self.next_button,
                           self.last_button, self.slider],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.play_box = W.VBox([self.hand_box, self.suit_box, self.action_box])
        # classroom: the seats table, built from widgets so your cards are buttons in place
        self.seats_grid = W.GridBox(layout=W.Layout(grid_gap="0px", width="100%"))
        self.seats_grid.add_class("rb-grid")
        self.seat_cells: list[list[W.Widget]] = []
        self._grid_shape: tuple[Any, ...] = ()
        self.hand_area = W.VBox([self.hand_box, self.suit_box, self.message],
                                layout=W.Layout(min_width="0"))
        self.hand_area.add_class("rb-handbox")
        # the hand's buttons answer arrow keys; refusals and the computer's moves are read out
        self.hand_area.add_class("rb-keys")
        self.play_box.add_class("rb-keys")
        for live in (self.message, self.replies):
            live.add_class("rb-live")
        if self.classroom:
            self.side = W.VBox([self.move_box, self.replies, self.result_box],
                               layout=W.Layout(flex="1 1 18em", min_width="0"))
            self.side.add_class("rb-side")
            if not self.play_mode:
                self.side.children = (self.message, *self.side.children)
            self.legal_box.layout.display = "none"  # the lit cards sit in the hands
            self.widget = W.VBox([
                W.HTML(STYLE + CLASSROOM_STYLE + PACE_STYLE + A11Y_HTML), self.nav,
                W.HBox([self.hands_toggle, self.large_print_toggle, self.four_colour_toggle,
                        self.record_toggle,
                        self.waiting_toggle, self.coach_toggle, self.pace_picker],
                       layout=W.Layout(flex_flow="row wrap", align_items="center")),
                self.record_box,
                W.HBox([self.table, self.side],
                       layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
                self.seats_grid, self.coach.widget, self.legal_box, self.extra,
            ])
            self.widget.add_class("rb-classroom")
        else:
            self.widget = W.VBox([
                W.HTML(STYLE + PACE_STYLE + A11Y_HTML), self.nav,
                W.HBox([self.hands_toggle, self.waiting_toggle, self.large_print_toggle,
                        self.four_colour_toggle, self.record_toggle, self.coach_toggle,
                        self.pace_picker],  # narrow: a new line, not cut
                       layout=W.Layout(flex_flow="row wrap", align_items="center")),
                self.record_box, self.message, self.table, self.extra,
                self.move_box, self.replies, self.legal_box, self.play_box, self.coach.widget,
            ])
            self.large_print_toggle.layout.display = "none"  # the full view has no large print
        self.widget.add_class("rb-stepper")
        self._apply_print()
        self._apply_record()
        if self.play_mode:
            # one button per card of the pack, made now: a new deal then only shows others
            # (making a widget costs more than a click may)
            for card in ALL_CARDS:
                self._card_button(card)
        self._load(source, seed=seed, players=players, dealer=dealer, seat=chosen,
                   strict=True)

    # -- loading ------------------------------------------------------------------------
    def load(self, source: Any, *, seed: int | None = None, players: int = 4,
             dealer: int = 0, seat: Any = ...) -> bool:
        """Show a new deal (same kinds of source as the constructor); a bad record, an
        engine error or a seat that is not at the new deal's table is shown in ``message``
        and the current deal stays.  ``seat`` (as in the constructor) changes the seat shown
        together with the deal; left out, the seat stays.  True if loaded."""
        try:
            chosen = self.seat if seat is ... else seat_choice(seat)
        except RulesError as exc:
            self.message.value = message_html(_error_text(exc))
            return False
        return self._load(source, seed=seed, players=players, dealer=dealer, seat=chosen,
                          strict=False)

    def _load(self, source: Any, *, seed: int | None, players: int, dealer: int,
              seat: int | None, strict: bool) -> bool:
        """Load a deal with ``seat`` (None: the whole table); ``strict`` raises a seat that
        is not at the table (the constructor), else it is told in ``message``."""
        try:
            state = load_source(source, seed=seed, players=players, dealer=dealer,
                                bots=self.bots_spec, finish=not self.play_mode)
        except Exception as exc:  # noqa: BLE001 - a bad source is told on screen, never raised
            return self._refuse_load(exc)
        human = seat if seat is not None else 0
        try:  # the seat must be at this deal's table: never every hand in its place
            check_seat("seat", human, state.players, RulesError)
        except RulesError:
            refused = RulesError(f"seat {human} is not at this table: the deal has "
                                 f"{state.players} players, seats 0 to {state.players - 1}")
            if strict:
                raise refused from None
            return self._refuse_load(refused)
        try:
            states = state.states()
            bots: list[Any] = []
            if self.play_mode:
                bots = bots_for(state.rules, self.bots_spec, state.players)
        except Exception as exc:  # noqa: BLE001 - a bad source is told on screen, never raised
            return self._refuse_load(exc)
        self.seat, self.human = seat, human
        self._drop_replies()
        self._states = states
        self._bots = bots
        self._rng = TurnRandom(_seed_of(state)) if self.play_mode else None
        self._index = len(states) - 1
        self._discard = 0
        self._pending_card = self._refused = None
        self.message.value = self.replies.value = ""
        self._set_toggle(state.players)
        if self.play_mode:
            self._bots_answer()
        self._render()
        return True

    def _refuse_load(self, exc: BaseException) -> bool:
        """Tell why a deal could not be loaded; the deal shown stays."""
        self.message.value = message_html(_error_text(exc))
        if not self._states:
            self._render()
        return False

    def _set_toggle(self, players: int) -> None:
        if self.play_mode:
            options: list[tuple[str, str | int]] = [
                (f"only your hand (seat {self.human})", self.human),
                ("all hands face up", "all")]
            tips = [f"Your hand (seat {self.human}) face up, the others face down",
                    "Every hand face up (for teaching)"]
            want: str | int = self.human
        else:
            options = [("all hands face up", "all")] + [
                (f"only seat {s}'s hand", s) for s in range(players)]
            tips = ["Every hand face up (for teaching)"] + [
                f"Only seat {s}'s hand face up; the others face down" for s in range(players)]
            want = self.seat if self.seat is not None else "all"
        with syncing(self):
            if list(self.hands_toggle.options) != options:
                self.hands_toggle.options = options
            if isinstance(self.hands_toggle, W.ToggleButtons):
                self.hands_toggle.tooltips = tips
            self.hands_toggle.value = want

    def _apply_print(self) -> None:
        large = self.large_print_toggle.value
        (self.widget.add_class if large else self.widget.remove_class)("rb-large")
        four = self.four_colour_toggle.value
        (self.widget.add_class if four else self.widget.remove_class)("rb-four")

    def _apply_record(self) -> None:
        self.record_box.layout.display = None if self.record_toggle.value else "none"

    # -- public state ------------------------------------------------------------------------
    @property
    def state(self) -> GameState[Any] | None:
        """The position shown now (None when nothing could be loaded)."""
        return self._states[self._index] if self._states else None

    @property
    def states(self) -> tuple[GameState[Any], ...]:
        """Every position of the deal so far, from the start."""
        return tuple(self._states)

    @property
    def shown_seat(self) -> int | None:
        """The seat whose hand alone is face up now (``None``: every hand is face up)."""
        seats = self._seats()
        return seats if isinstance(seats, int) and not isinstance(seats, bool) else None

    @property
    def index(self) -> int:
        """The number of the position shown (0 = the start)."""
        return self._index

    @property
    def large_print(self) -> bool:
        """Whether large print is on (the ``large_print_toggle``)."""
        return bool(self.large_print_toggle.value)

    @large_print.setter
    def large_print(self, on: bool) -> None:
        self.large_print_toggle.value = flag("large_print", on)

    @property
    def four_colour(self) -> bool:
        """Whether the four-colour deck is on (the ``four_colour_toggle``: ♠ black, ♥ red,
        ♦ blue, ♣ green)."""
        return bool(self.four_colour_toggle.value)

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        self.four_colour_toggle.value = flag("four_colour", on)

    def observe(self, callback: Callable[[GameState[Any] | None], None]) -> None:
        """Call ``callback(state)`` after every change of the position shown (and now)."""
        self._observers.append(function("callback", callback))
        self._tell(callback)

    def set_extra(self, html: str) -> None:
        """Show some HTML under the table (e.g. a waiting diagram)."""
        self._extra_given = html_text("html", html)
        self.diagram.clear(html)

    def go(self, index: int) -> None:
        """Show position ``index`` (clamped to the history)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise RulesError(f"index={quoted(index)}: expected a whole number (a move number)")
        if not self._states:
            return
        finished = self._finish_pending()  # stepping shows every move the computer made
        index = max(0, min(index, len(self._states) - 1))
        if index == self._index and not finished:
            return
        self._index = index
        self._answered, self._reply_notes, self._newest = None, [], None
        self.message.value = self.replies.value = ""
        self._refused = None
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
        """Show the latest position (after every computer move still waiting)."""
        self._finish_pending()
        self.go(len(self._states) - 1)

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: Any) -> bool:
        """Play ``move`` (object or text) for the player to move at the position shown, then
        let the computer players answer.  The engine decides what a move does
        (``state.play``): a move it refuses is answered with its reason (under your hand, in
        classroom mode) and changes nothing; a move it carries out in another way than asked
        (a skipped player's attempt that costs a penalty card instead, say) is played so and
        told as the move log tells it, with the engine's reason.  True if the engine carried
        the move out.  Computer moves still waiting to be shown are shown first (at once):
        the move is played where the computer left the deal."""
        if self._pending:
            self._finish_pending()
            self._render()
        state = self.state
        if state is None:
            return False
        try:
            if state.is_over:
                self.message.value = message_html("The deal is over: no more moves.")
                return False
            if self.play_mode and state.to_move != self.human:
                self.message.value = message_html(
                    f"It is seat {state.to_move}'s turn, and the computer plays for that seat; "
                    f"you play seat {self.human}. Step to the latest position (last).")
                return False
            parsed = state.parse_move(move)
            explanation = state.explain(parsed)
            try:  # the engine decides, once: what it carries out is what the screen tells
                new = state.play(parsed)
            except IllegalMove:
                self.message.value = explanation_html(explanation, "Not played: ",
                                                      move_words(state, parsed))
                used = parsed.cards
                self._mark_refused(next(iter(used)) if len(used) == 1 else None)
                return False
            dropped = len(self._states) - 1 - self._index
            del self._states[self._index + 1:]
            self._states.append(new)
            self._index = played = len(self._states) - 1
            self._discard = 0
            self._pending_card = self._refused = None
            notes = []
            if dropped:
                notes.append(f"You played from move {self._index - 1}: the "
                             f"{count_words(dropped, 'later move')} of the old line of play "
                             "were replaced.")
            self._answered, self._reply_notes = len(self._states), notes
            if self.play_mode:
                self._bots_answer()
            self.message.value = ("" if explanation.legal
                                  else self._carried_html(played, explanation))
            self.replies.value = self._replies_html()
        except (RulebookError, ValueError) as exc:
            self.message.value = message_html(_error_text(exc))
            return False
        except Exception as exc:  # never a traceback in the notebook
            self.message.value = message_html(f"Something went wrong: {exc}")
            return False
        self._render()
        return True

    def _carried_html(self, index: int, explanation: Any) -> str:
        """What the engine did with move ``index``, carried out in another way than asked:
        the move log's words for it, then the engine's reason (the same sentence its
        explanation gives), clause ids last."""
        told = " ".join(str(entry.text) for entry in self._log(index))
        return (f'<div class="rb-reason rb-expl rb-carried" data-legal="0"><b>{escape(told)}'
                f'</b> <span class="rb-why">'
                f"{reason_html(explanation.reason, explanation.clauses)}</span></div>")

    def _mark_refused(self, card: Card | None) -> None:
        """Mark the card just refused (its button turns red-edged) and unmark the last one."""
        old, self._refused = self._refused, card
        for c in (old, card):
            shown = self._buttons_by_card.get(c) if c is not None else None
            if c is not None and shown is not None and shown in self.card_buttons:
                shown.button_style = self._card_style(c)

    def _bots_answer(self) -> None:
        """Computer players move for every other seat until it is the human's turn again.

        Every move is computed now, from each seat's view with the :class:`TurnRandom`
        ``autoplay`` uses, so the deal is the same at every pace; at a pace with a wait (and
        a scheduler: the kernel's loop, or the one given) they wait in ``_pending`` and the
        screen shows them one at a time, else all at once."""
        state = self._states[-1]
        assert self._rng is not None
        line: list[GameState[Any]] = []
        for _ in range(MOVE_CAP):
            seat = state.to_move
            if seat is None or seat == self.human:
                break
            self._rng.start_turn(len(state.history))
            state = state.play(self._bots[seat].choose(state.view(seat), self._rng))
            line.append(state)
        self._newest = None
        if line and self._wait() > 0 and self._scheduler() is not None:
            self._pending = line
            self._schedule_next()
        else:
            self._states.extend(line)
        self._index = len(self._states) - 1

    # -- the pace: when the screen shows each computer move -----------------------------------
    @property
    def pace(self) -> str:
        """The computer's pace on screen (the ``pace_picker``): relaxed, normal, fast or at
        once."""
        return str(self.pace_picker.value)

    @pace.setter
    def pace(self, value: str) -> None:
        self.pace_picker.value = pace_choice(value)

    @property
    def pending_replies(self) -> int:
        """How many computer moves are computed and not shown yet."""
        return len(self._pending)

    def _wait(self) -> float:
        """Seconds between two computer moves at the pace picked."""
        return pace_seconds(self.pace_picker.value)

    def _scheduler(self) -> Scheduler | None:
        """The scheduler given, else the running event loop's (None: no loop runs here)."""
        return self.scheduler if self.scheduler is not None else loop_scheduler()

    def _schedule_next(self) -> None:
        """Ask for the next waiting move to be shown after the pace's wait (or all of them
        now, if nobody can call back)."""
        scheduler = self._scheduler()
        if scheduler is None:  # nobody can call back now: every waiting move, drawn now
            self.finish_replies()
            return
        token = self._pace_token
        self._pace_handle = scheduler.later(self._wait(), lambda: self._show_next(token))

    def _show_next(self, token: int) -> None:
        """Show the next waiting computer move with its log line (called back by the
        scheduler; a call left over from an earlier line of play does nothing)."""
        if token != self._pace_token or not self._pending:
            return
        self._pace_handle = None
        try:
            self._states.append(self._pending.pop(0))
            self._index = self._newest = len(self._states) - 1
            self.replies.value = self._replies_html()
            self._render()
            if self._pending:
                self._schedule_next()
        except Exception as exc:  # noqa: BLE001 - a callback's error shown, never lost
            self._finish_pending()
            self.message.value = message_html(f"Something went wrong: {exc}")
            try:  # the screen shows where the deal is, not a position the deal has left
                self._render()
            except Exception:  # noqa: BLE001 - the message above says what went wrong
                pass

    def _finish_pending(self) -> bool:
        """Put every waiting computer move into the deal at once (nothing is drawn); True
        if some were waiting."""
        if not self._pending:
            return False
        self._cancel_pace()
        self._states.extend(self._pending)
        self._pending = []
        self._index = len(self._states) - 1
        self._newest = None
        self.replies.value = self._replies_html()
        return True

    def finish_replies(self) -> bool:
        """Show every computer move still waiting, at once; True if some were waiting."""
        if not self._finish_pending():
            return False
        self._render()
        return True

    def _cancel_pace(self) -> None:
        """Call off the next call back (a new line of play or a new deal makes it stale)."""
        self._pace_token += 1
        if self._pace_handle is not None:
            self._pace_handle.cancel()
            self._pace_handle = None

    def _drop_replies(self) -> None:
        """Forget the computer moves waiting and the moves told (a new deal is loaded)."""
        self._cancel_pace()
        self._pending = []
        self._answered, self._reply_notes, self._newest = None, [], None

    def _pace_changed(self) -> None:
        """A new pace picked while moves wait: "at once" shows them now, another pace
        waits its own time from now for the next one."""
        if not self._pending:
            return
        if self._wait() == 0:
            self.finish_replies()
            return
        self._cancel_pace()
        self._schedule_next()

    def _click_during_replies(self) -> bool:
        """A click on your cards or buttons while computer moves wait: show them all at once
        and play nothing (the learner sees the position before choosing); True if so."""
        if not self._pending:
            return False
        self.finish_replies()
        state = self.state
        if state is not None and state.is_over:
            words = "Every computer move is shown: the deal is over."
        elif state is not None and state.to_move == self.human:
            words = "Every computer move is shown: now it is your turn."
        else:  # pragma: no cover - the computer moves until your turn or the end
            words = "Every computer move is shown."
        self.message.value = message_html(words, bad=False)
        return True

    def _replies_html(self) -> str:
        """What ``replies`` tells after your move: a note on a replaced line of play, then
        the computer's moves shown so far, one line each (the one just shown marked), and
        while some wait, who moves next."""
        parts = [escape(note) for note in self._reply_notes]
        if self._answered is not None:
            lines = []
            for k in range(self._answered, len(self._states)):
                text = " ".join(escape(entry.text) for entry in self._log(k))
                newest = " rb-newest" if k == self._newest else ""
                lines.append(f'<span class="rb-reply{newest}" data-move="{k}">{text}</span>')
            if lines:
                parts.append("The computer players answered: " + " ".join(lines))
            if self._pending:
                seat = self._states[-1].to_move
                parts.append(f'<span class="rb-pacing">Seat {seat} is next… (a click on your '
                             "cards shows every move at once)</span>")
        if not parts:
            return ""
        return f'<div class="rb-reason rb-replies">{" ".join(parts)}</div>'

    def click_card(self, card: Card | str) -> None:
        """What clicking a card button does: toggle it while cards are picked for one move
        (``rules.pick_move``), offer a chooser when the card makes several legal moves, play
        its one move, or explain why the move it asks for (``rules.card_move``) cannot be
        played.  While computer moves wait to be shown, a click shows them all and plays
        nothing."""
        if self._click_during_replies():
            return
        state = self.state
        if state is None:
            return
        card = Card(card)
        rules = state.rules
        self._pending_card = None
        legal = state.legal_moves() if not state.is_over else []
        mine = not self.play_mode or state.to_move == self.human
        to_move = state.to_move
        if mine and to_move is not None and rules.pick_move(CardSet()) in legal \
                and card.mask & state.hands[to_move].mask:
            self._discard ^= card.mask
            self.message.value = ""
            self._render()
            return
        for_card = [m for m in legal if m.cards.mask == card.mask]
        if len(for_card) > 1 and mine:
            self._pending_card = card
            self.message.value = message_html(
                f"{card.pretty()}: choose how to play it with the buttons below.", bad=False)
            self._render()
            return
        self.play(for_card[0] if for_card else rules.card_move(card, state))

    def click_action(self, text: str) -> None:
        """What clicking an action button does (``pass``, ``draw``, ``call``...); while
        computer moves wait to be shown, it shows them all and plays nothing."""
        if not self._click_during_replies():
            self.play(text)

    def _click_draw(self) -> None:
        if self._click_during_replies():
            return
        move = None if self.state is None else self.state.rules.pick_move(CardSet(self._discard))
        if move is not None:
            self.play(move)

    # -- drawing ----------------------------------------------------------------------------
    def _seats(self) -> str | int | None:
        return "all" if self.hands_toggle.value is None else self.hands_toggle.value

    def _render(self) -> None:
        state = self.state
        with syncing(self):
            # Two separate messages, in an order the browser can apply without clamping: a
            # value above the old max would be clamped there and sent back as a step back.
            new_max = max(0, len(self._states) - 1)
            if new_max < self.slider.max:
                self.slider.value = self._index
            self.slider.max = new_max
            self.slider.value = self._index
        at_end = state is None or self._index >= len(self._states) - 1
        self.first_button.disabled = self.back_button.disabled = state is None or self._index == 0
        self.next_button.disabled = self.last_button.disabled = at_end
        if state is None:
            self.table.value = message_html("No deal loaded.")
            self.move_box.value = self.legal_box.value = self.result_box.value = ""
            # the message (why nothing could be loaded) where the seats would be
            self.seats_grid.layout.grid_template_columns = "minmax(0, 1fr)"
            self.seats_grid.children = (self.message,) if self.play_mode else ()
            self._grid_shape = ()
            self._draw_play(None)
            self.coach.show(None, None)
            self._notify()
            return
        seats = self._seats()
        # the end of a deal shows every hand face up
        shown = "all" if state.is_over else seats
        try:
            if self.classroom:
                self.table.value = (f'<div class="rb-state" data-game="{state.rules.game}">'
                                    f"{title_html(state)}"
                                    f"{game_table_html(state, compact=True)}</div>")
                self.result_box.value = outcome_html(state)
            else:
                # the move box below tells the last move, with its reason
                self.table.value = state_html(state, seats=shown, style=False, last_move=False)
            # in play mode the computer players' answers, when there are some, tell the
            # last moves already
            told = self.classroom and self.play_mode and bool(self.replies.value)
            self.move_box.value = "" if told else self._move_html(state, seats)
            self.legal_box.value = self._legal_html(state, seats)
            self._draw_play(state)
            if self.classroom:
                self._draw_seats(state, shown)
                self._mark_mover()
            self._draw_waiting()
            self.coach.show(state, self._coach_seat(state))
            self._notify()
        except Exception as exc:  # never a traceback in the notebook
            self.message.value = message_html(f"This position cannot be drawn: {exc}")

    def _coach_seat(self, state: GameState[Any]) -> int | None:
        """The seat the coach advises in ``state``: the seat to move; in play mode only
        yours, and only on your turn (None: nobody)."""
        if state.is_over:
            return None
        if self.play_mode:
            return self.human if state.to_move == self.human else None
        to_move: int | None = state.to_move
        return to_move

    def _draw_seats(self, state: GameState[Any], seats: str | int | None) -> None:
        """Classroom: fill the seats table (seat, the game's columns, the hand).  Your row in
        play mode holds your card buttons; the others are face up or face down."""
        headers, rows = seat_rows(state)
        mine = self.play_mode
        shape = (len(rows), tuple(headers), mine)
        if shape != self._grid_shape:
            self._grid_shape = shape
            columns = len(headers) + 2
            heads = [W.HTML(escape(h)).add_class("rb-head") for h in ["seat", *headers, "hand"]]
            self.seat_cells = []
            for row in rows:
                cells: list[W.Widget] = [W.HTML() for _ in range(columns - 1)]
                cells.append(self.hand_area if mine and row.seat == self.human else W.HTML())
                self.seat_cells.append(cells)
            self.seats_grid.layout.grid_template_columns = (
                "fit-content(11em) " + " ".join(["max-content"] * (columns - 2))
                + " minmax(0, 1fr)")
            # one box per row (drawn as no box, its cells in the grid): the page script
            # makes the grid a table, a screen reader reads it row by row with its headers
            self.seats_grid.children = (W.Box(heads).add_class("rb-row").add_class("rb-headrow"),
                                        *(W.Box(cells).add_class("rb-row")
                                          for cells in self.seat_cells))
        revealed = state.rules.table_view.revealed(state) if state.is_over else set()
        for row, cells in zip(rows, self.seat_cells):
            label = row.label
            if mine and row.seat == self.human:
                head = f"<b>seat {row.seat}</b>" if row.to_move else f"seat {row.seat}"
                label = f"<b>seat {row.seat} · you</b>" + label[len(head):]
            if row.to_move:  # the row to move is tinted (CSS :has), with no extra message
                label = f'<span class="rb-mover-mark">{label}</span>'
            for cell, value in zip(cells, [label, *(escape(c) for c in row.cells)]):
                cell.value = value  # (a value that is the same sends nothing)
            hand = cells[-1]
            if hand is self.hand_area:  # your hand is tinted on your turn (one message)
                (hand.add_class if row.to_move else hand.remove_class)("rb-mover")
            else:
                face_up = seats == "all" or seats == row.seat or row.seat in revealed
                hand.value = hand_cell_html(state, row.seat, face_up, compact=True)

    def _mark_mover(self) -> None:
        """Classroom, play mode: mark the seat that made the move shown, when it was the
        computer's (an orange edge and "just moved" on its row's first cell, PACE_STYLE)."""
        mover = None
        if self.play_mode and 0 < self._index < len(self._states):
            mover = self._states[self._index - 1].to_move
            mover = None if mover == self.human else mover
        for seat, cells in enumerate(self.seat_cells):
            if cells and isinstance(cells[0], W.DOMWidget):
                (cells[0].add_class if seat == mover else cells[0].remove_class)(
                    "rb-just-moved")

    def _draw_waiting(self) -> None:
        """Show the game's diagram of the current position in ``extra`` when the toggle is on
        (offered only where the game draws one, ``rules.position_diagram``; one that shows
        every hand only with all hands face up)."""
        state = self.state
        spec = state.rules.position_diagram if state is not None else None
        self.waiting_toggle.layout.display = None if spec is not None else "none"
        if spec is not None and self.waiting_toggle.description != spec.label:
            self.waiting_toggle.description = spec.label
            self.waiting_toggle.tooltip = spec.tooltip
        if spec is None or not self.waiting_toggle.value:
            self.diagram.clear(self._extra_given)
            return
        if spec.all_hands and self._seats() != "all":
            self.diagram.clear(message_html(
                f"The diagram ({spec.label}) shows every hand: choose 'all hands' to see it.",
                bad=False))
            return
        assert state is not None
        shown = state

        def draw() -> str:
            from rulebook.diagrams import Diagram

            return Diagram(shown.position_diagram(), title=spec.title).html()

        # drawn off the click (a dot run takes longer than a click may), once per position
        self.diagram.show(position_key(shown), draw)

    def _notify(self) -> None:
        for callback in self._observers:
            self._tell(callback)

    def _tell(self, callback: Callable[[GameState[Any] | None], None]) -> None:
        try:
            callback(self.state)
        except Exception as exc:  # noqa: BLE001 - never a traceback in the notebook
            self.message.value = message_html(f"A function watching the stepper failed: "
                                              f"{quoted(str(exc), 200)}")

    def _log(self, index: int) -> list[Any]:
        """The public log entries of move ``index`` (1 = the first move) of the line shown:
        the move's entry, third person, and the engine's events that came with it.  Read
        from the latest state's ``move_log()`` once per line, so stepping costs nothing."""
        latest = self._states[-1]
        if self._log_of is not latest:
            self._log_of, self._log_by_move = latest, log_by_move(latest)
        return self._log_by_move[index] if 0 < index < len(self._log_by_move) else []

    def _move_html(self, state: GameState[Any], seats: str | int | None) -> str:
        """The last move as the public log tells it, then why (the engine's reason, naming
        the seat), unless the reason rests on cards of a hand that is face down."""
        if self._index == 0 or not state.history:
            return '<div class="rb-note rb-move">The start of the deal.</div>'
        entries = self._log(self._index)
        what = " ".join(escape(entry.text) for entry in entries)
        parts = [f'<div class="rb-note rb-move"><b>Move {self._index}:</b> {what}</div>']
        for entry in entries:
            if not entry.reason:
                continue
            if entry.private and seats != "all" and seats != entry.seat and not state.is_over:
                if not (self.classroom and self.play_mode):  # play: no note, stay compact
                    parts.append(f'<div class="rb-note rb-hidden-reason">The reason would show '
                                 f"seat {entry.seat}'s cards: choose \"all hands\" to read "
                                 "it.</div>")
                continue
            parts.append(f'<div class="rb-reason rb-why">Why: '
                         f"{reason_html(entry.reason, entry.clauses)}</div>")
        return "".join(parts)

    def _legal_html(self, state: GameState[Any], seats: str | int | None) -> str:
        if state.is_over:
            return '<div class="rb-note rb-legal-moves">The deal is over.</div>'
        seat = state.to_move
        if seats != "all" and seats != seat:
            return (f'<div class="rb-note rb-legal-moves">Seat {seat} to move '
                    "(its hand is face down).</div>")
        parts: list[str] = []
        legal = state.legal_moves()
        picked = state.rules.pick_move(CardSet())
        if picked is not None and picked in legal:  # cards picked for one move: count them
            parts.append(f"{escape(picked.pretty())}, or one of {len(legal) - 1} other choices "
                         "of cards from the hand")
            legal = []
        for move in legal:
            words = move_words(state, move)
            if len(move.cards) == 1:
                card = next(iter(move.cards))
                label = card_html(card, legal=True, title=words)
                parts.append(label if words == card.pretty() else
                             f"{label}<small>{escape(words[len(card.pretty()):])}</small>")
            else:
                parts.append(f'<span class="rb-card rb-legal rb-action">{escape(words)}</span>')
        return (f'<div class="rb-note rb-legal-moves"><b>Seat {seat} may play:</b> '
                + " ".join(parts) + "</div>")

    def _card_style(self, card: Card) -> str:
        """A card button's look: refused (red edge), chosen for a draw, lit, or plain."""
        if card == self._refused:
            return "danger"
        return {"times": "warning", "check": "primary"}.get(self._buttons_by_card[card].icon, "")

    def _draw_play(self, state: GameState[Any] | None) -> None:
        if not self.play_mode or state is None:
            self.play_box.layout.display = "none"
            self.hand_area.layout.display = "none" if not self.play_mode else None
            return
        self.play_box.layout.display = ""
        mine = state.to_move == self.human and not state.is_over
        legal = state.legal_moves() if mine else []
        lit = legal_card_mask(state) if mine else 0
        rules = state.rules
        picked = rules.pick_move(CardSet())
        picking = picked is not None and picked in legal
        hand = hand_order(state.hands[self.human])
        for card in hand:
            b = self._card_button(card)
            selected = picking and bool(self._discard & card.mask)
            if not mine:
                tip = (f"{card.name()}: seat {state.to_move} is to move" if not state.is_over
                       else f"{card.name()}: the deal is over")
            else:
                tip = state.explain(rules.card_move(card, state)).reason
                if picking:
                    tip += (" — picked: click again to keep it" if selected else
                            " — click to pick it")
            b.tooltip = tip
            b.icon = "times" if selected else ("check" if lit & card.mask else "")
            b.button_style = self._card_style(card)
            # what a screen reader says: "seven of hearts, playable" (widgets.render)
            (b.add_class if lit & card.mask else b.remove_class)("rb-playable")
            (b.add_class if selected else b.remove_class)("rb-picked")
        self.card_buttons = [self._card_button(card) for card in hand]
        # classroom: the actions follow the cards on the same lines
        self.hand_box.children = tuple(self.card_buttons) + (
            (self.action_box,) if self.classroom else ())

        shown = []
        legal_texts = {str(m) for m in legal}
        for move in action_moves(state):
            text = str(move)
            if text not in self.action_buttons:
                self.action_buttons[text] = button(move.pretty(), css="rb-actbtn",
                                                   action=partial(self.click_action, text))
            b = self.action_buttons[text]
            ok = text in legal_texts
            b.tooltip = state.explain(move).reason if mine else f"{text}: not your turn"
            b.icon = "check" if ok else ""
            b.button_style = "primary" if ok else ""
            shown.append(b)
        chosen = rules.pick_move(CardSet(self._discard)) if picked is not None else None
        if chosen is not None:  # the button that plays the cards picked
            move = chosen
            self.draw_button.description = move.pretty()
            ok = str(move) in legal_texts or (picking and mine)
            self.draw_button.tooltip = (state.explain(move).reason if mine
                                        else f"{move.pretty()}: not your turn")
            self.draw_button.icon = "check" if ok else "exchange"
            self.draw_button.button_style = "primary" if ok else ""
            shown.append(self.draw_button)
        self.action_box.children = tuple(shown)

        choices = []
        if self._pending_card is not None and mine:
            choices = self._suit_moves = [m for m in legal
                                          if m.cards.mask == self._pending_card.mask]
            while len(self.suit_buttons) < len(choices):
                self.suit_buttons.append(button("", icon="check", css="rb-actbtn", action=partial(
                    self._click_suit, len(self.suit_buttons))))
                self.suit_buttons[-1].button_style = "info"
            for sb, move in zip(self.suit_buttons, choices):
                sb.description = state.rules.choice_label(move)
                sb.tooltip = state.explain(move).reason
        self.suit_box.children = tuple(self.suit_buttons[:len(choices)])

    def _card_button(self, card: Card) -> W.Button:
        """The button of one card, made once: a click always means that very card, even if
        it lands while the hand is being redrawn."""
        if card not in self._buttons_by_card:
            made = button(card.pretty(), css="rb-cardbtn", action=partial(self.click_card, card))
            made.add_class("rb-red" if card.is_red else "rb-black")
            # its card and suit: the page script names it, the four-colour deck colours it
            made.add_class(card_class(card))
            made.add_class(suit_class(card))
            self._buttons_by_card[card] = made
        return self._buttons_by_card[card]

    def _click_suit(self, k: int) -> None:
        if self._click_during_replies():
            return
        if k < len(self._suit_moves):
            self.play(self._suit_moves[k])

    # -- records and display ---------------------------------------------------------------
    def record(self) -> str:
        """The deal up to the latest position as record JSON (``rulebook.loads`` reads it)."""
        return (json.dumps(self._states[-1].to_record(), indent=1, ensure_ascii=False)
                if self._states else "")

    def __repr__(self) -> str:
        return f"<DealStepper {self.state!r} position {self._index}/{len(self._states) - 1}>"
