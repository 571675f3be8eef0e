"""The coach on screen: a bar per legal move with its 95% interval, and *Review my deal*.

:class:`CoachPanel` is the *Coach* switch (off until the learner asks) and what it shows: for
the seat to move, one bar per legal move (the expected result, in the game's own measure,
with its 95% interval drawn as whiskers), the best move marked with a star and the word
"best" (not by colour alone), and the coach's sentences.  The advice comes from
:func:`rulebook.coach.advise` on ``state.view(seat)`` and nothing else, so what is drawn is
the same for two positions the seat cannot tell apart, whatever the stepper shows face up.

The coach samples :data:`COACH_WORLDS` worlds played out by :data:`COACH_POLICY` computer
players: a decision at a four-player table takes a fraction of a second (see
bench/bench_coach.py).  The work runs on a worker
thread in a Jupyter kernel (as the variant lab's runs do); past :data:`PROGRESS_AFTER`
seconds a progress bar and a Stop button appear.  Advice already found for a position is
kept, so stepping back and forth costs nothing.

:func:`review_deal` goes through a finished deal: at each of the learner's own decisions
(two or more legal moves) the coach, on the learner's view at that moment, says how much the
move played lost against the best move.  :class:`ReviewPanel` shows them, costliest first,
the three costliest as buttons that take the stepper to that moment.

Nothing here knows a rule: moves, views and measures come from the engine.
"""
from __future__ import annotations

import dataclasses
import math
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from rulebook.coach import MAX_WORLDS, Advice, MoveValue, advise, views_equal
from rulebook.errors import RulebookError, RulesError, quoted
from rulebook.protocol import GameState

from .common import flag, function, game_state, whole_number

from .drawing import BACKGROUND_POSSIBLE
from .render import escape

__all__ = ["CoachPanel", "ReviewPanel", "Decision", "review_deal", "advice_html",
           "COACH_WORLDS", "COACH_POLICY", "PROGRESS_AFTER", "REVIEW_WORLDS", "COACH_STYLE"]

COACH_WORLDS = 200
"""Worlds the on-screen coach samples per decision (a card-play decision at four players: about 0.2 s)."""

COACH_POLICY = "random"
"""The computer players that play out the coach's worlds on screen (the fast ones)."""

REVIEW_WORLDS = 100
"""Worlds per decision when a whole deal is reviewed (a deal holds a dozen decisions)."""

PROGRESS_AFTER = 0.3
"""Seconds of work after which the progress bar and the Stop button are shown."""

CACHE_SIZE = 64
"""Pieces of advice kept per panel (stepping back and forth costs nothing)."""

COACH_STYLE = """<style>
.rb-coach{font-family:sans-serif;margin:4px 0}
.rb-coach .rb-coach-rows{display:grid;grid-template-columns:max-content minmax(120px,320px)
 max-content;gap:2px 8px;align-items:center}
.rb-coach .rb-coach-move{font-weight:bold;font-size:1.1em;white-space:nowrap}
.rb-coach .rb-coach-move.rb-red{color:#c0392b}
.rb-coach .rb-coach-num{font-size:0.9em;white-space:nowrap}
.rb-coach .rb-coach-best .rb-coach-num{font-weight:bold}
.rb-coach .rb-coach-words{margin:4px 0;padding-left:1.2em}
.rb-coach .rb-coach-head{font-size:0.9em;color:#444}
.rb-review .rb-coach-words{margin:2px 0}
.rb-review .widget-html-content{line-height:1.35}
.rb-review .jupyter-button.rb-review-moment{white-space:normal;text-align:left;height:auto;
 min-height:32px;line-height:1.3;padding:4px 8px;overflow:visible;text-overflow:clip}
</style>"""
"""The CSS of the coach's bars and the review (included once, in the panel's HTML)."""

_RED = ("♥", "♦")


def _seat_of(state: GameState[Any] | None, seat: Any) -> int | None:
    """``seat`` as a seat of ``state`` (or None); RulesError otherwise."""
    if seat is None:
        return None
    high = state.players - 1 if state is not None else 7
    return whole_number("seat", seat, 0, high)


def _settings(worlds: Any, policy: Any, background: Any) -> tuple[int, str, bool | None]:
    """The coach's settings checked: worlds, the computer players' name, background."""
    number = whole_number("worlds", worlds, 1, MAX_WORLDS)
    if not isinstance(policy, str):
        raise RulesError(f"policy={quoted(policy)}: expected the name of a computer player, "
                         f"such as 'random' or 'smart'")
    return number, str.__str__(policy), None if background is None else flag("background",
                                                                                background)


class _Stopped(Exception):
    """Raised from the progress report when Stop was pressed or the position changed."""


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (where a worker thread keeps the page live)."""
    ip = sys.modules.get("IPython")
    return getattr(ip and ip.get_ipython(), "kernel", None) is not None


def _move_text(move: Any) -> str:
    """A move as the learner reads it: cards in symbols."""
    pretty = getattr(move, "pretty", None)
    return str(pretty()) if callable(pretty) else str(move)


def _num(x: float) -> str:
    """A number for the bars: one decimal, or ``?`` for an interval one world cannot give."""
    return f"{x:.1f}" if math.isfinite(x) else "?"


def advice_html(advice: Advice) -> str:
    """The advice drawn: one row per legal move (its card, a bar for the expected result with
    the 95% interval as whiskers, the numbers), the best marked with ★ and "best", then the
    coach's sentences.  Only the advice is read (it came from the seat's view)."""
    best = advice.best
    finite = [x for e in advice.moves for x in (e.low, e.high, e.mean) if math.isfinite(x)]
    lo, hi = min([0.0, *finite]), max([0.0, *finite])
    if hi - lo < 1e-9:
        hi = lo + 1.0
    width, height = 300.0, 18.0

    def x(v: float) -> float:
        v = min(max(v, lo), hi) if math.isfinite(v) else (lo if v < 0 else hi)
        return 4 + (width - 8) * (v - lo) / (hi - lo)

    rows = []
    for e in advice.moves:
        is_best = e is best
        text = _move_text(e.move)
        red = " rb-red" if any(s in text for s in _RED) else ""
        zero, mean = x(0.0), x(e.mean)
        left, right = min(zero, mean), max(zero, mean)
        fill = "#1e6fd9" if is_best else "#9aa7b8"
        lw, hw = x(e.low), x(e.high)
        outline = ' stroke="#0b3d91" stroke-width="2"' if is_best else ""
        best_attr = ' data-best="1"' if is_best else ""
        svg = (f'<svg class="rb-coach-bar" width="{width:.0f}" height="{height:.0f}" '
               f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
               f'aria-label="{escape(text)}: {escape(_num(e.mean))} {escape(advice.measure)}, '
               f'95% CI {escape(_num(e.low))} to {escape(_num(e.high))}">'
               f'<rect x="{left:.1f}" y="4" width="{max(right - left, 1.0):.1f}" height="10" '
               f'fill="{fill}"{outline}/>'
               f'<line x1="{lw:.1f}" y1="9" x2="{hw:.1f}" y2="9" stroke="#111" '
               f'stroke-width="1.5"/>'
               f'<line x1="{lw:.1f}" y1="4" x2="{lw:.1f}" y2="14" stroke="#111" '
               f'stroke-width="1.5"/>'
               f'<line x1="{hw:.1f}" y1="4" x2="{hw:.1f}" y2="14" stroke="#111" '
               f'stroke-width="1.5"/></svg>')
        mark = "★ " if is_best else ""
        word = " <b>best</b>" if is_best else ""
        rows.append(
            f'<div class="rb-coach-move{red}{" rb-coach-best" if is_best else ""}" '
            f'data-move="{escape(str(e.move))}"{best_attr}>'
            f"{mark}{escape(text)}</div>"
            f'<div class="rb-coach-cell">{svg}</div>'
            f'<div class="rb-coach-num{" rb-coach-best" if is_best else ""}">'
            f"{escape(_num(e.mean))} ({escape(_num(e.low))} to {escape(_num(e.high))})"
            f"{word}</div>")
    better = "lower is better" if advice.lower_is_better else "higher is better"
    head = (f'<div class="rb-coach-head">Coach for seat {advice.seat}: expected '
            f"{escape(advice.measure)} after each move ({better}); the whiskers show the "
            f"95% interval.</div>")
    words = "".join(f"<li>{escape(s)}</li>" for s in advice.sentences())
    return (f'<div class="rb-coach" data-seat="{advice.seat}" data-moves="{len(advice.moves)}">'
            f'{head}<div class="rb-coach-rows">{"".join(rows)}</div>'
            f'<ul class="rb-coach-words">{words}</ul></div>')


class _Cache:
    """Advice already found, by what the seat knew (views compared with ``views_equal``)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: list[tuple[Any, Advice]] = []

    def get(self, view: Any) -> Advice | None:
        """The advice found for a view equal to ``view``, or None."""
        for known, advice in self._items:
            if views_equal(known, view):
                return advice
        return None

    def put(self, view: Any, advice: Advice) -> None:
        """Keep ``advice`` for ``view`` (the oldest dropped past the size)."""
        self._items.append((view, advice))
        del self._items[:-self.size]


class _Worker:
    """Runs one piece of coach work at a time, on a worker thread in a Jupyter kernel (else
    on the click), with the progress bar and Stop button shown past :data:`PROGRESS_AFTER`
    seconds.  A newer request stops the one in progress."""

    def __init__(self, background: bool | None) -> None:
        self.background = _in_kernel() if background is None else bool(background)
        self.progress = W.FloatProgress(value=0.0, min=0.0, max=1.0, description="coach",
                                        layout=W.Layout(width="14em", display="none"))
        self.stop_button = W.Button(description="Stop", icon="stop",
                                    tooltip="Stop the coach's work",
                                    layout=W.Layout(width="auto", display="none"))
        self.stop_button.on_click(lambda _b: self.stop())
        self.note = W.HTML("")
        self.box = W.HBox([self.progress, self.stop_button, self.note],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._generation = 0
        self._stopped = -1
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def stop(self) -> None:
        """Stop the work in progress (nothing new is shown for it)."""
        with self._lock:
            self._stopped = self._generation

    def wait(self, timeout: float | None = 30.0) -> None:
        """Wait for the work in progress (for scripts and tests)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def cancel(self) -> None:
        """Forget the work in progress: its result will not be shown."""
        with self._lock:
            self._generation += 1
        self._hide()

    def _hide(self) -> None:
        self.progress.layout.display = "none"
        self.stop_button.layout.display = "none"

    def run(self, work: Callable[[Callable[[int, int], None]], Any],
            done: Callable[[Any], None], failed: Callable[[str], None]) -> None:
        """Run ``work(progress)`` and hand its result to ``done`` (``failed(text)`` on an
        engine error or a Stop), unless a newer request came first."""
        with self._lock:
            self._generation += 1
            generation = self._generation
        start = time.perf_counter()
        self.note.value = ""

        def progress(k: int, n: int) -> None:
            if self._generation != generation or self._stopped == generation:
                raise _Stopped
            if time.perf_counter() - start > PROGRESS_AFTER:
                self.progress.layout.display = None
                self.stop_button.layout.display = None
            self.progress.value = k / max(n, 1)

        def job() -> None:
            try:
                result = work(progress)
            except _Stopped:
                if self._generation == generation:
                    self._hide()
                    failed("Stopped: switch the coach off and on to ask again.")
                return
            except RulebookError as exc:
                if self._generation == generation:
                    self._hide()
                    failed(str(exc))
                return
            if self._generation == generation:
                self._hide()
                done(result)

        self.progress.value = 0.0
        if self.background and BACKGROUND_POSSIBLE:
            previous = self._thread

            def after_previous() -> None:
                if previous is not None:
                    previous.join()  # one piece of work at a time: the older one stops soon
                job()

            thread = threading.Thread(target=after_previous, name="rulebook-coach",
                                      daemon=True)
            self._thread = thread
            try:
                thread.start()
                return
            except RuntimeError:  # no thread can start here: work on the click
                self._thread = None
        job()


class CoachPanel:
    """The *Coach* switch and its bars, for a stepper or a game.

    ``CoachPanel(worlds=COACH_WORLDS, policy=COACH_POLICY, background=None)``; ``show(state,
    seat)`` tells it the position on screen and the seat to advise (``None``: nothing to
    advise, e.g. not the learner's turn).  While ``toggle`` is on, ``chart`` shows
    :func:`advice_html` of ``advise(state.view(seat))``; ``advice`` is the advice shown
    (None when none).  ``progress`` and ``stop_button`` appear past :data:`PROGRESS_AFTER`
    seconds; ``wait()`` waits for the work in progress.  ``widget`` is the whole panel.
    """

    def __init__(self, worlds: int = COACH_WORLDS, policy: str = COACH_POLICY,
                 background: bool | None = None) -> None:
        self.worlds, self.policy, background = _settings(worlds, policy, background)
        self.advice: Advice | None = None
        self.toggle = W.ToggleButton(
            value=False, description="Coach", icon="graduation-cap",
            tooltip="Show the value of every legal move for the player to move, from what "
                    "that player can see", layout=W.Layout(width="auto"))
        self.chart = W.HTML("")
        self._worker = _Worker(background)
        self.progress, self.stop_button = self._worker.progress, self._worker.stop_button
        self.widget = W.VBox([W.HTML(COACH_STYLE), self._worker.box, self.chart])
        self.widget.add_class("rb-coach-panel")
        self._state: GameState[Any] | None = None
        self._seat: int | None = None
        self._cache = _Cache()
        self.toggle.observe(lambda _c: self._update(), names="value")
        self._apply()

    @property
    def on(self) -> bool:
        """Whether the coach is switched on."""
        return bool(self.toggle.value)

    def wait(self, timeout: float | None = 30.0) -> None:
        """Wait until the advice asked for is shown (for scripts and tests)."""
        self._worker.wait(timeout)

    def show(self, state: GameState[Any] | None, seat: int | None) -> None:
        """The position on screen and the seat to advise (None: none)."""
        checked = game_state("state", state)
        self._state, self._seat = checked, _seat_of(checked, seat)
        self._update()

    def _apply(self) -> None:
        self.widget.layout.display = None if self.on else "none"

    def _update(self) -> None:
        self._apply()
        state, seat = self._state, self._seat
        if not self.on:
            self._worker.cancel()
            return
        if state is None or seat is None or state.is_over or state.to_move != seat:
            self._worker.cancel()
            self.advice = None
            words = ("The deal is over: step back to a move to see the coach's numbers."
                     if state is not None and state.is_over else
                     "The coach speaks when it is your turn.")
            self.chart.value = f'<div class="rb-coach rb-note">{words}</div>'
            return
        view = state.view(seat)  # the seat's view only: never the full state
        cached = self._cache.get(view)
        if cached is not None:
            self._worker.cancel()
            self._shown(cached)
            return
        self.chart.value = '<div class="rb-coach rb-note">The coach is thinking…</div>'
        worlds, policy = self.worlds, self.policy

        def work(progress: Callable[[int, int], None]) -> Advice:
            return advise(view, worlds=worlds, policy=policy, progress=progress)

        def done(advice: Any) -> None:
            self._cache.put(view, advice)
            self._shown(advice)

        self._worker.run(work, done, self._failed)

    def _shown(self, advice: Advice) -> None:
        self.advice = advice
        self.chart.value = advice_html(advice)

    def _failed(self, text: str) -> None:
        self.advice = None
        self.chart.value = f'<div class="rb-coach rb-reason">{escape(text)}</div>'


@dataclasses.dataclass(frozen=True)
class Decision:
    """One of the learner's decisions in a finished deal, as the coach judged it."""

    index: int
    """The number of the position decided in (0 = the start): ``stepper.go(index)``."""
    played: MoveValue
    """The move played, with the coach's numbers."""
    best: MoveValue
    """The coach's best move there."""
    lost: float
    """What the move played lost against the best, in the advice's measure (0 or more when
    it was worse; the paired difference, oriented so that more is worse)."""
    advice: Advice
    """The whole advice at that moment."""

    def sentence(self) -> str:
        """The decision in plain words, cards in symbols."""
        unit = self.advice.measure
        played, best = _move_text(self.played.move), _move_text(self.best.move)
        if self.played is self.best or self.lost <= 0:
            return f"Move {self.index + 1}: you played {played}, the coach's best move."
        low, high = ((self.played.diff_low, self.played.diff_high)
                     if self.advice.lower_is_better
                     else (-self.played.diff_high, -self.played.diff_low))
        if low <= 0:  # the interval reaches 0: the coach cannot tell the two apart
            return (f"Move {self.index + 1}: you played {played}; {best} came out about "
                    f"{self.lost:.1f} {unit} better, but within the noise (95% CI "
                    f"{_num(low)} to {_num(high)}).")
        return (f"Move {self.index + 1}: you played {played}; {best} was better by about "
                f"{self.lost:.1f} {unit} (95% CI {_num(low)} to {_num(high)}).")


def review_deal(states: Sequence[GameState[Any]], seat: int, *, worlds: int = REVIEW_WORLDS,
                policy: str = COACH_POLICY, seed: int | str = 0,
                progress: Callable[[int, int], object] | None = None) -> list[Decision]:
    """The learner's decisions in a deal (``states`` from its start, as ``state.states()``
    gives them), costliest first: at each position where ``seat`` was to move with two or
    more legal moves, the coach on ``state.view(seat)`` and what the move played lost
    against its best move.  ``progress(done, total)`` is called after each decision (an
    exception it raises stops the work)."""
    moments = [k for k in range(len(states) - 1)
               if not states[k].is_over and states[k].to_move == seat
               and len(states[k].legal_moves()) > 1]
    found: list[Decision] = []
    for n, k in enumerate(moments):
        state, after = states[k], states[k + 1]
        played_move = after.history[-1]
        advice = advise(state.view(seat), worlds=worlds, policy=policy, seed=seed)
        entry = advice.value(played_move)
        lost = entry.diff if advice.lower_is_better else -entry.diff
        found.append(Decision(k, entry, advice.best, max(lost, 0.0), advice))
        if progress is not None:
            progress(n + 1, len(moments))
    found.sort(key=lambda d: (-d.lost, d.index))
    return found


class ReviewPanel:
    """*Review my deal*: a button, shown once a deal is over, that asks the coach about each
    of the learner's decisions; the three costliest become buttons that take the stepper
    there (``go(index)``), the others are listed below them, costliest first.

    ``ReviewPanel(go, worlds=REVIEW_WORLDS, background=None)``; ``show(states, seat)`` tells
    it the deal on screen (a deal not over hides the button); ``review()`` does the work
    (the button's click); ``decisions`` the last review; ``moment_buttons`` the three
    buttons; ``box`` the list; ``wait()`` waits for the work in progress.
    """

    def __init__(self, go: Callable[[int], None], worlds: int = REVIEW_WORLDS,
                 policy: str = COACH_POLICY, background: bool | None = None) -> None:
        self._go = function("go", go)
        self.worlds, self.policy, background = _settings(worlds, policy, background)
        self.decisions: list[Decision] = []
        self.moment_buttons: list[W.Button] = []
        self.review_button = W.Button(
            description="Review my deal", icon="search",
            tooltip="The coach looks at each of your decisions in this deal, from what you "
                    "could see then", layout=W.Layout(width="auto"))
        self.review_button.on_click(lambda _b: self.review())
        self.head = W.HTML("")
        self.box = W.HTML("")
        self.buttons = W.VBox([])
        self._worker = _Worker(background)
        self.progress, self.stop_button = self._worker.progress, self._worker.stop_button
        self.widget = W.VBox([W.HTML(COACH_STYLE), W.HBox([self.review_button, self._worker.box],
                                                          layout=W.Layout(flex_flow="row wrap")),
                              self.head, self.buttons, self.box])
        self.widget.add_class("rb-review")
        self._states: tuple[GameState[Any], ...] = ()
        self._seat = 0
        self.widget.layout.display = "none"

    def wait(self, timeout: float | None = 60.0) -> None:
        """Wait until the review in progress is shown (for scripts and tests)."""
        self._worker.wait(timeout)

    def show(self, states: Sequence[GameState[Any]], seat: int) -> None:
        """The deal on screen: the button is offered once it is over."""
        if not isinstance(states, (list, tuple)) or not all(
                isinstance(s, GameState) for s in states):
            raise RulesError(f"states={quoted(states)}: expected the deal's states from its "
                             f"start, as state.states() gives them")
        states = tuple(states)
        seat = whole_number("seat", seat, 0, states[-1].players - 1 if states else 7)
        if states and self._states and states[-1] is self._states[-1] and seat == self._seat:
            return
        over = bool(states) and states[-1].is_over
        self._states, self._seat = states, seat
        self._worker.cancel()
        self.decisions, self.moment_buttons = [], []
        self.buttons.children = ()
        self.head.value = self.box.value = ""
        self.widget.layout.display = None if over else "none"

    def review(self) -> None:
        """Ask the coach about each of the learner's decisions and list them."""
        states, seat = self._states, self._seat
        if not states or not states[-1].is_over:
            return
        self.buttons.children = ()
        self.box.value = ""
        self.head.value = '<div class="rb-note">The coach is going through your moves…</div>'
        worlds, policy = self.worlds, self.policy

        def work(progress: Callable[[int, int], None]) -> list[Decision]:
            return review_deal(states, seat, worlds=worlds, policy=policy, progress=progress)

        self._worker.run(work, self._shown, self._failed)

    def _failed(self, text: str) -> None:
        self.head.value = f'<div class="rb-reason">{escape(text)}</div>'

    def _shown(self, decisions: Any) -> None:
        self.decisions = list(decisions)
        if not self.decisions:
            self.buttons.children = ()
            self.head.value = ('<div class="rb-note">You had no choice to make in this deal: '
                              "every move of yours was the only legal one.</div>")
            return
        top = self.decisions[:3]
        self.moment_buttons = []
        for d in top:
            b = W.Button(description=d.sentence(), tooltip="Go to this moment of the deal",
                         layout=W.Layout(width="auto", height="auto"))
            b.add_class("rb-review-moment")
            b.on_click(lambda _b, k=d.index: self._go(k))
            self.moment_buttons.append(b)
        self.buttons.children = tuple(self.moment_buttons)
        rest = "".join(f'<li data-index="{d.index}">{escape(d.sentence())}</li>'
                       for d in self.decisions[3:])
        total = sum(d.lost for d in self.decisions)
        unit = self.decisions[0].advice.measure
        head = (f'<div class="rb-note" data-decisions="{len(self.decisions)}">Your '
                f"{len(self.decisions)} decisions, costliest first (click one to go there): "
                f"together about {total:.1f} {escape(unit)} lost against the coach's best "
                f"moves.</div>")
        self.head.value = head
        self.box.value = f'<ul class="rb-coach-words">{rest}</ul>' if rest else ""
