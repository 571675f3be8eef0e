"""One seeded deal under two rulesets, stepped together to the first move where they part.

``Lockstep(7, "profile", "profile+option")`` asks the engine
(:func:`rulebook.lockstep.run_lockstep`) to play the same deal under both rulesets with the
same computer players and bot seed, then shows the two tables side by side, stepped
together.  Under each table is that deal's next move and the engine's explanation of it
(``state.explain(move)``, reason and clause ids).  At the first move where the deals part
the move row is highlighted (class ``rb-diff``, "≠"), a banner says what happened, and each
side also shows what the *other* ruleset says about its move (``state_b.explain(move_a)``).
This module holds no rule: it draws the engine's states and sentences.

Controls a learner (or a test) uses:

- ``first_button``, ``back_button``, ``next_button``, ``last_button``: step both deals
  (their arrows are Font Awesome icons, drawn on every browser); ``last`` stops at the first
  difference on the way (press it again to go to the end);
- ``jump_button`` ("jump to first difference", never cut short);
- ``slider`` (IntSlider): the number of moves played.

What it shows: ``title`` (the rulesets, the deal and the engine's one-line summary),
``position`` (move k of n), ``table_a`` / ``table_b`` (each deal's state, drawn by
:func:`rulebook.html.state_html`; a plain fallback here only if that module is missing),
``moves`` (the next move of each deal with its explanation; highlighted where they part)
and ``reason`` (class ``rb-reason``; an engine error such as a player count the ruleset
refuses shows as ``rb-reason rb-bad`` and the buttons are disabled).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import ipywidgets as w

from rulebook.errors import RulebookError, RulesError, quoted
from rulebook.lockstep import LockstepResult, as_rules, run_lockstep
from rulebook.protocol import Bot, Explanation, GameState
from rulebook.rules import RulesBase

from rulebook.html import explanation_html, log_by_move, reason_html, ruleset_caption, state_html

from .render import A11Y_HTML, STYLE, escape
from .stepper import Shown, button, message_html, nav_buttons, syncing, unless_syncing

__all__ = ["Lockstep", "state_panel_html"]

_EXTRA_STYLE = """<style>
.rb-lockstep td{min-width:16em}
.rb-part{font-family:sans-serif;font-weight:bold;padding:4px 6px;background:#fff3cd;
 border-left:4px solid #e0a800}
.rb-seat{font-family:sans-serif;margin:2px 0}
.rb-tomove{font-weight:bold}
</style>"""


def state_panel_html(state: GameState[Any]) -> str:
    """One deal's state as HTML: the game's table and every hand
    (:func:`rulebook.html.state_html`)."""
    return str(state_html(state))


def _explanation_html(expl: Explanation | None, who: str = "") -> str:
    """An explanation as the engine gave it (:func:`rulebook.html.explanation_html`, the move
    left out: the cell names it already)."""
    return "" if expl is None else explanation_html(expl, escape(who), "")


class Lockstep(Shown):
    """The same deal under two rulesets, stepped together; the first parting highlighted.

    ``Lockstep(deal_seed, rules_a, rules_b, players=4, bots="smart", dealer=0,
    bot_seed=None)``; each ruleset is a rules object, a profile id or
    ``"profile+option"`` text.  ``result`` is the engine's
    :class:`~rulebook.lockstep.LockstepResult` (``None`` if the engine refused the set-up,
    whose message is then shown in ``reason``); ``step`` is the number of moves played.
    """

    def __init__(self, deal_seed: int | str, rules_a: RulesBase | str, rules_b: RulesBase | str,
                 players: int = 4, bots: Sequence[str | Bot] | str | None = "smart",
                 dealer: int = 0, bot_seed: int | str | None = None) -> None:
        self.result: LockstepResult | None = None
        self.step = 0
        self.title = w.HTML()
        self.position = w.HTML()
        self.table_a = w.HTML()
        self.table_b = w.HTML()
        self.moves = w.HTML()
        self.reason = w.HTML()
        self.first_button, self.back_button, self.next_button, self.last_button = nav_buttons(
            self, ("Go to the start of both deals", "Undo one move in both deals",
                   "Play one more move in both deals",
                   "Go to the end (stops at the first difference on the way)"))
        self.jump_button = button("jump to first difference",
                                  "Go to the first move where the two deals part", "search",
                                  self.jump)
        self.slider = w.IntSlider(value=0, min=0, max=0, description="moves",
                                  continuous_update=True,
                                  tooltip="The number of moves played in both deals")
        self.slider.observe(unless_syncing(self, self.show), names="value")
        self._syncing = False
        self.widget = w.VBox([
            w.HTML(A11Y_HTML),  # names the slider's handle for a screen reader
            self.title,
            w.HBox([self.first_button, self.back_button, self.next_button, self.last_button,
                    self.jump_button], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.slider, self.position], layout=w.Layout(flex_flow="row wrap")),
            self.moves,
            w.HBox([self.table_a, self.table_b],
                   layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.reason,
        ])
        try:
            self.result = run_lockstep(deal_seed, as_rules(rules_a), as_rules(rules_b),
                                       players=players, dealer=dealer, bots=bots,
                                       bot_seed=bot_seed)
        except (RulebookError, ValueError) as exc:
            self.title.value = (f"{STYLE}<div class='rb-note'><b>Lockstep</b>: deal "
                                f"{escape(quoted(deal_seed, 40))}, "
                                f"{escape(quoted(players, 20))} players</div>")
            self.reason.value = STYLE + message_html(exc)
            for control in (self.first_button, self.back_button, self.next_button,
                            self.last_button, self.jump_button, self.slider):
                control.disabled = True
            return
        r = self.result
        self.slider.max = r.length
        self.title.value = (
            f"{STYLE}{_EXTRA_STYLE}<div class='rb-note'><b>Lockstep</b>: deal "
            f"{escape(deal_seed)}, {r.players} players, dealer seat {r.dealer}: "
            f"<b>{escape(ruleset_caption(r.rules_a))}</b> (left) and "
            f"<b>{escape(ruleset_caption(r.rules_b))}</b> (right), the same computer players."
            f"</div><div class='rb-reason'>{reason_html(self._in_words(r.summary()))}</div>")
        self.show(0)

    @cached_property
    def _logs(self) -> tuple[list[list[Any]], list[list[Any]]]:
        """Each deal's public move log, grouped by move, read once from its last state."""
        r = self.result
        assert r is not None
        return log_by_move(r.states_a[-1]), log_by_move(r.states_b[-1])

    def _in_words(self, text: str) -> str:
        """The engine's sentence with each ruleset's label (``profile +option``)
        named in words, as everywhere on screen."""
        r = self.result
        if r is None:
            return text
        labels = sorted({(r.rules_a.label(), ruleset_caption(r.rules_a)),
                         (r.rules_b.label(), ruleset_caption(r.rules_b))},
                        key=lambda pair: -len(pair[0]))
        for label, words in labels:
            text = text.replace(label, words)
        return text

    # ---- actions ----------------------------------------------------------------------
    @property
    def parting(self) -> int | None:
        """The move number (0-based) where the deals part, or ``None``."""
        return None if self.result is None else self.result.parting

    def first(self) -> None:
        """Both deals at their start."""
        self.show(0)

    def back(self) -> None:
        """One move back in both deals."""
        self.show(self.step - 1)

    def next(self) -> None:
        """One move on in both deals."""
        self.show(self.step + 1)

    def last(self) -> None:
        """To the end; from before the first difference, to the first difference."""
        if self.result is not None:
            parting = self.parting
            self.show(parting if parting is not None and self.step < parting
                      else self.result.length)

    def jump(self) -> None:
        """To the first move where the deals part (the end, if they never do)."""
        if self.result is None:
            return
        self.show(self.result.length if self.parting is None else self.parting)

    # ---- drawing ----------------------------------------------------------------------
    def show(self, step: int) -> None:
        """Draw both deals after ``step`` moves (clamped to the longer deal)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise RulesError(f"step={quoted(step)}: expected a whole number (a move number)")
        r = self.result
        if r is None:
            return
        step = max(0, min(step, r.length))
        self.step = step
        with syncing(self):
            self.slider.value = step
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == r.length
        self.jump_button.disabled = r.parting is None or step == r.parting
        state_a, state_b = r.state_a(step), r.state_b(step)
        self.position.value = (f"<span class='rb-note'>after {step} of {r.length} moves "
                               f"(left deal {len(r.moves_a)}, right deal {len(r.moves_b)})</span>")
        for box, side, rules, state in ((self.table_a, "left", r.rules_a, state_a),
                                        (self.table_b, "right", r.rules_b, state_b)):
            box.value = (f"{STYLE}<div class='rb-note'><b>{side}: "
                         f"{escape(ruleset_caption(rules))}</b></div>{state_panel_html(state)}")
        self.moves.value = self._moves_html(step, state_a, state_b)
        pp = r.positions_part
        if pp is not None and pp <= step and (r.parting is None or step < r.parting):
            note = ("The moves so far read the same, but the positions differ from the "
                    "start (the seat to move or the chips)." if pp == 0 else
                    f"The moves so far read the same, but the positions differ since move "
                    f"{pp}: the same move acted differently under the two rulesets.")
        elif r.parting is None:
            note = "The two deals never part."
        elif step < r.parting:
            note = f"The deals agree so far; they part at move {r.parting + 1}."
        elif step == r.parting:
            note = "≠ Here the deals part. " + self._in_words(r.summary())
        else:
            note = f"The deals parted at move {r.parting + 1}; from there each goes its own way."
        # (the engine's sentence at the parting has clause ids: small and last)
        self.reason.value = f"{STYLE}<div class='rb-reason'>{reason_html(note)}</div>"

    def _moves_html(self, step: int, state_a: GameState[Any], state_b: GameState[Any]) -> str:
        """The next move of each deal as its public log tells it (third person: "Seat 3
        plays 7♥."), with the engine's explanation naming the seat; at the parting the row is
        highlighted and each move is also judged by the other ruleset."""
        r = self.result
        assert r is not None
        ma, mb = r.move_a(step), r.move_b(step)
        after_a = None if ma is None else r.state_a(step + 1)
        after_b = None if mb is None else r.state_b(step + 1)
        parting = step == r.parting
        if parting:
            ea, eb = r.explain_a, r.explain_b
        else:
            ea = None if ma is None else state_a.explain(ma, voice="table")
            eb = None if mb is None else state_b.explain(mb, voice="table")

        def cell(log: list[list[Any]], after: GameState[Any] | None,
                 expl: Explanation | None) -> str:
            if after is None:
                return "<i>the deal is over</i>"
            told = " ".join(str(e.text) for e in log[len(after.history)])
            return f"<span class='rb-log'>{escape(told)}</span>{_explanation_html(expl)}"

        cells_a, cells_b = map(cell, self._logs, (after_a, after_b), (ea, eb))
        if parting:
            cells_a += _explanation_html(r.b_on_move_a,
                                         f"under {ruleset_caption(r.rules_b)}: ")
            cells_b += _explanation_html(r.a_on_move_b,
                                         f"under {ruleset_caption(r.rules_a)}: ")
        mark = ' class="rb-diff rb-parting"' if parting else ""
        banner = (f"<div class='rb-part'>≠ The deals part at move {step + 1}</div>"
                  if parting else "")
        return (f"{STYLE}{_EXTRA_STYLE}{banner}<table class='rb-table rb-lockstep'><thead><tr>"
                f"<th></th><th>{escape(ruleset_caption(r.rules_a))}</th>"
                f"<th>{escape(ruleset_caption(r.rules_b))}</th></tr></thead><tbody>"
                f"<tr{mark} data-step='{step}'><td>move {step + 1}</td>"
                f"<td class='rb-side-a'>{cells_a}</td><td class='rb-side-b'>{cells_b}</td></tr>"
                f"</tbody></table>")
