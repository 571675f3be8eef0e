"""The Badugi ranker: pick four cards, see which count, the hand's class and its standing.

Everything shown is the engine's answer (:mod:`rulebook.games.badugi.ranking`): the counting cards
and every sentence of why a card does not count (``evaluate(...).explain()``, with clause
ids), the value in words and its class index, how many of the 270,725 hands beat it
(``standing``), the deciding step between two hands (``explain_comparison``), the nearby
classes (``classes_near``, an HTML table: no pandas needed) and the hand's clash graph
(``evaluate(...).diagram()``, :mod:`rulebook.games.badugi.diagram`).  This module holds no rule.

Controls a learner (or a test) uses:

- ``hand_text`` (Text, commits on Enter) and ``rank_button`` ("Rank"): type ``AC 2D 3H 4S``;
- ``card_buttons`` (52 ToggleButtons in the 4 x 13 ``picker`` grid, suits by row, aces
  first; Tab moves between them and Space toggles): picking a fourth card values the hand;
  the picker holds at most four cards;
- ``picker_target`` (ToggleButtons): whether the picker sets the first or the second hand;
- ``other_text`` and ``compare_button`` ("Compare"), ``clear_other_button`` ("Clear"): a
  second hand and the step that decides between the two;
- ``show_diagram`` (Checkbox): draw the clash graph (SVG with Graphviz, else its DOT source).

What it shows: ``message`` (what the last action did, or the engine's error in a
``rb-reason rb-bad`` box), ``result`` (the cards, marked "✓ counts" or "✗ does not count",
the explanation lines, words, class, standing), ``comparison_html``, ``nearby`` (the classes
around the hand, the current one marked "▶") and ``diagram_html``.

Bad input (three cards, five cards, a card twice, junk) shows the engine's
:class:`~rulebook.errors.CardError` message and leaves the shown hand unchanged.
"""
from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as w

from rulebook.games.badugi import (
    CLASS_COUNT,
    HAND_COUNT,
    BadugiValue,
    Comparison,
    Standing,
    all_hands,
    classes_near,
    evaluate,
    explain_comparison,
)
from rulebook.games.badugi.diagram import discard_reasons
from rulebook.cards import ALL_CARDS, RANKS, SUITS, Card, CardsLike
from rulebook.diagrams import DiagramError
from rulebook.errors import CardError

from .common import flag, seconds, whole_number
from .drawing import DiagramSlot
from rulebook.html import clauses_html

from .render import A11Y_HTML, STYLE, card_class, card_html, escape
from .stepper import Shown, message_html, syncing

__all__ = ["BadugiRanker"]

_EXTRA_STYLE = """<style>
.rb-here td{background:#e3eefc;font-weight:bold}
.rb-here td:first-child{white-space:nowrap}
.rb-counts{font-family:sans-serif;font-weight:bold}
.rb-out{font-family:sans-serif;color:#555}
.rb-ranker-num{font-family:sans-serif;font-size:1.05em}
</style>"""

_STEP_WORDS = {
    "count": "the number of counting cards",
    "rank": "the counting ranks, compared from the highest down",
    "tie": "every counting rank is equal, so the hands tie",
}

_TARGETS = (("first hand", "hand"), ("second hand", "other"))


def _cards_text(value: BadugiValue) -> str:
    """The hand in notation, for its text box (the box reads it back)."""
    return " ".join(c.text for c in value.cards)


def _cards_pretty(value: BadugiValue) -> str:
    """The hand in symbols, for the words a learner reads: ``K♣ 2♣ 3♦ 4♥``."""
    return " ".join(c.pretty() for c in value.cards)


class BadugiRanker(Shown):
    """Value a Badugi hand, place it among all 270,725 hands and compare it with another.

    ``BadugiRanker(hand="AC 2D 3H 4S", other=None)``: ``hand`` and ``other`` are four cards
    in any form :func:`rulebook.games.badugi.evaluate` reads (a bad starting hand raises
    :class:`~rulebook.errors.CardError`).  ``before``/``after`` set how many better and worse
    classes the nearby table lists; ``show_diagram`` whether the clash graph is drawn, and
    ``draw_in_background`` whether Graphviz draws it on a worker thread (the rest of the
    answer is then shown at once and the picture follows; :meth:`wait_for_diagram` waits).

    The table of all hands is built in the constructor (about 0.1 s, once per process), so
    every later click only looks things up.  Display the object (or its ``widget``) in
    Jupyter.  The current answers are also readable as ``value``, ``other_value``,
    ``standing`` and ``comparison``.
    """

    def __init__(self, hand: CardsLike | BadugiValue = "AC 2D 3H 4S",
                 other: CardsLike | BadugiValue | None = None, *, before: int = 3,
                 after: int = 3, show_diagram: bool = True,
                 draw_in_background: bool = True) -> None:
        self.before = whole_number("before", before, 0, 200)
        self.after = whole_number("after", after, 0, 200)
        show_diagram = flag("show_diagram", show_diagram)
        self.draw_in_background = flag("draw_in_background", draw_in_background)
        self._value: BadugiValue = evaluate(hand)
        self._other: BadugiValue | None = None if other is None else evaluate(other)
        all_hands()  # warm the 270,725-hand table once, here, not on the first click
        self._syncing = False

        self.hand_text = w.Text(
            value=_cards_text(self._value), description="Hand",
            placeholder="four cards, e.g. AC 2D 3H 4S", continuous_update=False,
            tooltip="Type four cards separated by spaces, then press Enter or Rank",
            layout=w.Layout(width="22em"))
        self.rank_button = w.Button(
            description="Rank", icon="sort-amount-asc", button_style="primary",
            tooltip="Value the four cards typed in the box (Enter does the same)")
        self.picker_target = w.ToggleButtons(
            options=_TARGETS, value="hand", description="Picker sets",
            tooltips=["The card picker changes the first hand",
                      "The card picker changes the second hand (to compare)"],
            style={"button_width": "8em"})
        self.show_diagram = w.Checkbox(
            value=show_diagram, description="Show the clash graph", indent=False,
            tooltip="Draw the four cards as a graph: an edge joins cards sharing a suit or rank")
        self.card_buttons: dict[str, w.ToggleButton] = {}
        for card in (Card(rank + suit) for suit in SUITS for rank in RANKS):
            button = w.ToggleButton(
                value=False, description=card.pretty(), tooltip=f"{card.name()} ({card.text})",
                layout=w.Layout(width="3.6em", height="2.1em", padding="0"))
            button.observe(partial(self._on_card, card), names="value")
            # a screen reader says "seven of hearts" and whether it is picked (widgets.render)
            button.add_class("rb-pickbtn")
            button.add_class(card_class(card))
            self.card_buttons[card.text] = button
        self.picker = w.GridBox(
            [self.card_buttons[r + s] for s in SUITS for r in RANKS],
            layout=w.Layout(grid_template_columns="repeat(13, 3.7em)", grid_gap="2px"))
        self.other_text = w.Text(
            value="" if self._other is None else _cards_text(self._other),
            description="Compare with", placeholder="e.g. AS 2H 3D 5C",
            continuous_update=False, style={"description_width": "initial"},
            tooltip="A second hand of four cards; press Enter or Compare",
            layout=w.Layout(width="24em"))
        self.compare_button = w.Button(
            description="Compare", icon="balance-scale",
            tooltip="Compare the first hand with the second and show the deciding step")
        self.clear_other_button = w.Button(
            description="Clear", icon="times", tooltip="Forget the second hand")
        self.message = w.HTML()
        self.result = w.HTML()
        self.comparison_html = w.HTML()
        self.nearby = w.HTML()
        self.diagram_html = w.HTML()
        self.diagram = DiagramSlot(self.diagram_html, background=self.draw_in_background,
                                   cache_size=256)

        self._last_text = {"hand": self.hand_text.value, "other": self.other_text.value}
        self.hand_text.observe(lambda ch: self._submit("hand", ch["new"]), names="value")
        self.rank_button.on_click(
            lambda _b: self._submit("hand", self.hand_text.value, force=True))
        self.other_text.observe(lambda ch: self._submit("other", ch["new"]), names="value")
        self.compare_button.on_click(
            lambda _b: self._submit("other", self.other_text.value, force=True))
        self.clear_other_button.on_click(lambda _b: self._set("other", None, ""))
        self.picker_target.observe(lambda _ch: self._sync_picker(), names="value")
        self.show_diagram.observe(lambda _ch: self._show_diagram(), names="value")

        self.widget = w.VBox([
            w.HTML(f"{STYLE}{A11Y_HTML}<div class='rb-note'><b>Badugi ranker</b>: type four cards or "
                   "pick them below; the lowest hand wins.</div>"),
            w.HBox([self.hand_text, self.rank_button]),
            self.picker_target,
            self.picker,
            self.message,
            self.result,
            w.HBox([self.other_text, self.compare_button, self.clear_other_button]),
            self.comparison_html,
            self.nearby,
            self.show_diagram,
            self.diagram_html,
        ])
        self._sync_picker()
        self._say(f"Showing {_cards_pretty(self._value)}.")
        self._show_all()

    # ---- the engine's answers ---------------------------------------------------------
    @property
    def value(self) -> BadugiValue:
        """The first hand's value (as the engine computed it)."""
        return self._value

    @property
    def other_value(self) -> BadugiValue | None:
        """The second hand's value, or None."""
        return self._other

    @property
    def standing(self) -> Standing:
        """Where the first hand stands among all 270,725 hands."""
        return self._value.standing()

    @property
    def comparison(self) -> Comparison | None:
        """The engine's comparison of the first hand with the second, or None."""
        return None if self._other is None else explain_comparison(self._value, self._other)

    # ---- actions ----------------------------------------------------------------------
    def _say(self, text: str, bad: bool = False) -> None:
        self.message.value = STYLE + message_html(text, bad)

    def _submit(self, target: str, text: str, force: bool = False) -> None:
        """Value cards typed for the first hand or the second (``target``); on a CardError
        show it and keep the hand shown.  An empty second hand clears it."""
        if self._syncing or (text == self._last_text[target] and not force):
            return
        self._last_text[target] = text
        if target == "other" and not text.strip():
            self._set(target, None, "")
            return
        try:
            value = evaluate(text)
        except CardError as error:
            noun = "hand shown" if target == "hand" else "second hand"
            self._say(f"{error}. The {noun} is still {self._still(target)}.", bad=True)
            return
        self._set(target, value)

    def _still(self, target: str) -> str:
        current = self._value if target == "hand" else self._other
        return "no second hand" if current is None else _cards_pretty(current)

    def _set(self, target: str, value: BadugiValue | None, text: str | None = None) -> None:
        """Show ``value`` as the first hand or the second (``None``: no second hand), and
        ``text`` in its box when given."""
        if text is not None:
            with syncing(self):
                (self.hand_text if target == "hand" else self.other_text).value = text
            self._last_text[target] = text
        if target == "other":
            self._other = value
        elif value is not None:
            self._value = value
        if self.picker_target.value == target:
            self._sync_picker()
        if target == "hand":
            self._say(f"Valued {_cards_pretty(self._value)}.")
            self._show_all()
            return
        self._say("No second hand." if value is None else f"Compared with {_cards_pretty(value)}.")
        self._show_comparison()
        self._show_nearby()

    def _on_card(self, card: Card, change: dict[str, Any]) -> None:
        # picked cards carry a check mark, not colour alone
        button = self.card_buttons[card.text]
        button.icon = "check" if button.value else ""
        button.button_style = "info" if button.value else ""
        if not self._syncing:
            self._picked(card)

    def _picked(self, card: Card) -> None:
        picked = [c for c in ALL_CARDS if self.card_buttons[c.text].value]
        target = self.picker_target.value
        still = self._still(target)
        if len(picked) > 4:
            try:
                evaluate(picked)
                error = "a Badugi hand has exactly four cards"  # pragma: no cover - engine refuses
            except CardError as exc:
                error = str(exc)
            with syncing(self):
                self.card_buttons[card.text].value = False
            self._say(f"{error}. Un-pick a card before picking {card.pretty()}; the hand shown "
                      f"is still {still}.", bad=True)
            return
        if len(picked) < 4:
            chosen = " ".join(c.pretty() for c in picked) or "no cards"
            self._say(f"Picked {chosen}: pick {4 - len(picked)} more to value a hand "
                      f"(still showing {still}).")
            return
        value = evaluate(picked)
        self._set(target, value, _cards_text(value))

    def _sync_picker(self) -> None:
        """Make the picker show the target hand's cards (without acting on the change)."""
        target = self._value if self.picker_target.value == "hand" else self._other
        wanted = set() if target is None else {c.text for c in target.cards}
        with syncing(self):
            for text, button in self.card_buttons.items():
                if button.value != (text in wanted):
                    button.value = text in wanted

    # ---- drawing ----------------------------------------------------------------------
    def _show_all(self) -> None:
        self._show_result()
        self._show_comparison()
        self._show_nearby()
        self._show_diagram()

    def _show_result(self) -> None:
        value = self._value
        counting = set(value.counting_cards)
        why = discard_reasons(value)
        rows = []
        for card in value.cards:
            counts = card in counting
            mark = ('<span class="rb-counts">✓ counts</span>' if counts else
                    '<span class="rb-out">✗ does not count</span>')
            sentence, ids = ("one of the counting cards", ["BDG-RANK-2"]) if counts else why[card]
            tip = f"{card.name()}: {'counts' if counts else 'does not count'}"
            rows.append(f'<tr data-card="{card.text}" data-counts="{str(counts).lower()}">'
                        f"<td>{card_html(card, legal=counts, title=tip)}</td>"
                        f"<td>{mark}</td><td>{escape(sentence)} {clauses_html(ids)}</td></tr>")
        explanation = value.explain()
        lines = "".join(f"<li>{escape(line)} {clauses_html(ids)}</li>"
                        for line, ids in zip(explanation.lines, explanation.line_clauses))
        st = value.standing()
        self.result.value = (
            f"{STYLE}{_EXTRA_STYLE}<div class='rb-ranker-result'>"
            f"<p class='rb-ranker-num'>{escape(_cards_pretty(value))} is the "
            f"<b data-words>{escape(value.words())}</b>, class "
            f"<b data-class-index='{value.class_index}'>{value.class_number:,}</b> of "
            f"{CLASS_COUNT:,} (1 is the best).</p>"
            "<table class='rb-table'><thead><tr><th>card</th><th>counts?</th>"
            f"<th>why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<ol class='rb-note'>{lines}</ol>"
            "<table class='rb-table'><thead><tr><th>hands that beat it</th>"
            "<th>other hands that tie</th><th>hands it beats</th><th>it beats</th></tr></thead>"
            f"<tbody><tr><td data-beaten-by='{st.beaten_by}'>{st.beaten_by:,} of "
            f"{HAND_COUNT:,}</td><td data-ties='{st.ties}'>{st.ties:,}</td>"
            f"<td data-beats='{st.beats}'>{st.beats:,}</td>"
            f"<td data-percentile='{st.percentile:.2f}'>{st.percentile:.2f}% of all hands</td>"
            f"</tr></tbody></table><p class='rb-note'>{escape(st.reason)} "
            f"{clauses_html(['BDG-RANK-5', 'BDG-RANK-6', 'BDG-RANK-7'])}</p></div>")

    def _show_comparison(self) -> None:
        if self._other is None:
            self.comparison_html.value = (
                f"{STYLE}<div class='rb-note' data-step='none'>Type or pick a second hand to "
                "compare with it.</div>")
            return
        cmp = explain_comparison(self._value, self._other)
        verdict = ("The two hands tie." if cmp.result == 0 else
                   f"The {'first' if cmp.result < 0 else 'second'} hand wins.")
        step = _STEP_WORDS[cmp.step]
        if cmp.step == "rank" and cmp.position is not None:
            step += f" (decided at rank {cmp.position + 1} from the highest)"
        position = "" if cmp.position is None else str(cmp.position)
        self.comparison_html.value = (
            f"{STYLE}<div class='rb-reason' data-step='{cmp.step}' data-position='{position}' "
            f"data-result='{cmp.result}'><b>{escape(verdict)}</b> Deciding step: "
            f"<b>{escape(step)}</b><br>{escape(cmp.reason)}{clauses_html(cmp.clauses)}</div>")

    def _show_nearby(self) -> None:
        rows = classes_near(self._value, before=self.before, after=self.after)
        other = None if self._other is None else self._other.class_index
        body = []
        for row in rows:
            index = row.class_index
            marks = [mark for mark, here in (("▶ this hand", index == self._value.class_index),
                                             ("▷ second hand", index == other)) if here]
            here = ' class="rb-here"' if index == self._value.class_index else ""
            body.append(
                f'<tr{here} data-class-index="{index}"><td>{escape(" ".join(marks))}</td>'
                f"<td>{row.number:,}</td><td>{escape(row.words)}</td><td>{row.hands:,}</td>"
                f"<td>{row.beaten_by:,}</td><td>{escape(row.example.pretty())}</td></tr>")
        self.nearby.value = (
            f"{STYLE}{_EXTRA_STYLE}<p class='rb-note'><b>Classes near this hand</b> "
            "(best first)</p><table class='rb-table rb-nearby'><thead><tr><th></th>"
            "<th>class</th><th>value</th><th>hands in class</th><th>hands that beat it</th>"
            f"<th>example</th></tr></thead><tbody>{''.join(body)}</tbody></table>")

    def _show_diagram(self) -> None:
        """Show the clash graph: from the cache, else drawn (on the drawing thread unless
        ``draw_in_background`` is false; a dot run takes about 30 ms, longer than a click
        may) and shown if the hand is still the one shown."""
        if not self.show_diagram.value:
            self.diagram.clear("")
            return
        value = self._value
        self.diagram.show(_cards_text(value), lambda: _DIAGRAM_CAPTION + _draw(value))

    def wait_for_diagram(self, timeout: float = 30.0) -> None:
        """Wait until the clash graph being drawn (if any) is shown (for scripts and tests)."""
        self.diagram.wait(seconds("timeout", timeout))


_DIAGRAM_CAPTION = (
    "<p class='rb-note' style='font-family:sans-serif'><b>Clash graph</b>: an edge joins two "
    "cards that share a suit or a rank; the counting cards (double outline, \"counts\") have "
    "no edge between them.</p>")


def _draw(value: BadugiValue) -> str:
    """The hand's clash graph as HTML: SVG, or the DOT source and how to install Graphviz."""
    try:
        return str(value.diagram().html())
    except DiagramError as error:  # e.g. the graphviz package itself is missing
        return STYLE + message_html(error)
