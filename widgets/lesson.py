"""Pieces the lessons are made of: questions checked by the engine (or predicted then
revealed), "Try it" controls,
tables and verdicts drawn without pandas.

- :class:`Question` — a question made from a :mod:`rulebook.exercises` exercise, answered by
  picking a card, a seat or a choice or typing a number and checked by the engine (its
  reason and clause ids shown); or a question with an optional choice of predictions and
  the answer hidden behind a button;
- :class:`Exercises` — the questions of a lesson, numbered, with every answer gathered in a
  collapsed "For the teacher" panel at the end;
- :class:`TryIt` — controls (ruleset, house-rule switches, seed, a new-deal button) that call
  a lesson's own function and show what it returns, so an exercise works in Voila with no
  code to edit;
- :class:`Table` and :func:`verdicts` — rows and the engine's explanations as HTML tables, card
  symbols in colour, clause ids small and last;
- :func:`symbols` — the letter notation (``7H``, ``TS``, ``JS>D``) in a sentence turned into
  card symbols (``7♥``, ``10♠``, ``J♠ naming ♦``) for the screen.

Nothing here knows a rule: the answers, verdicts and deals come from the engine, computed in
the lesson's cells and passed in.
"""
from __future__ import annotations

import html as _html
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from rulebook.errors import RulebookError
from rulebook.rules import default_profile, load_rules
from rulebook.cards import parse_card
from rulebook.sheets.document import symbols, words_html

from .common import option_control
from .stepper import Shown, button

__all__ = ["Question", "Exercises", "TryIt", "Table", "Panel", "verdicts", "symbols",
           "pandas_or_note", "LESSON_STYLE"]

LESSON_STYLE = """<style>
.rb-lesson{font-family:sans-serif;font-size:1em;line-height:1.4}
.rb-lesson .rb-red{color:#c0392b;font-weight:bold}.rb-lesson .rb-black{color:#111;font-weight:bold}
div.rb-lesson table.rb-ltable{border-collapse:collapse;margin:.3em 0;font-size:14px}
div.rb-lesson table.rb-ltable caption{text-align:left;color:#444;padding:2px 0}
div.rb-panel table td,div.rb-panel table th{text-align:left}
.rb-lesson table.rb-ltable th,.rb-lesson table.rb-ltable td{text-align:left;vertical-align:top;
 padding:3px 10px 3px 0;border-bottom:1px solid #ddd}
.rb-lesson table.rb-ltable th{border-bottom:2px solid #999}
.rb-lesson .rb-ok{color:#1e7e34;font-weight:bold;white-space:nowrap}
.rb-lesson .rb-no{color:#b02a37;font-weight:bold;white-space:nowrap}
.rb-lesson .rb-clauses{color:#595959;font-size:.75em}
.rb-lesson .rb-q{font-weight:bold;margin:.2em 0}
.rb-lesson .rb-answer{background:#f3f7ee;border-left:4px solid #5a9a3c;padding:.3em .7em;
 margin:.2em 0}
.rb-lesson .rb-answer.rb-wrong{background:#fbeeee;border-left-color:#b02a37}
.rb-lesson .rb-verdict-right{color:#1e7e34;font-weight:bold}
.rb-lesson .rb-verdict-wrong{color:#b02a37;font-weight:bold}
.rb-lesson .rb-error{color:#b02a37}
</style>"""
"""The style every lesson piece shares (scoped to ``.rb-lesson``)."""

def _words(text: Any) -> str:
    """Text as HTML, cards in symbols and colour."""
    return words_html(symbols(str(text)))


def _lesson(inner: str) -> str:
    """HTML in the lesson style."""
    return f'{LESSON_STYLE}<div class="rb-lesson">{inner}</div>'


def _html_of(value: Any) -> str:
    """HTML for what a lesson function returned: an object's own HTML, else text."""
    if value is None:
        return ""
    to_html = getattr(value, "_repr_html_", None)
    if callable(to_html):
        return str(to_html())
    return (f'{LESSON_STYLE}<div class="rb-lesson" style="white-space:pre-wrap">'
            f"{_words(value)}</div>")


class _Drawn:
    """Shown in Jupyter as its ``html()``."""

    def _repr_html_(self) -> str:
        return str(self.html())  # type: ignore[attr-defined]


class Table(_Drawn):
    """Rows of text as an HTML table (no pandas): ``Table(rows, header)``.

    Cards in the cells are shown in symbols and colour; numbers stay as they are.
    """

    def __init__(self, rows: Iterable[Sequence[Any]], header: Sequence[str] = (),
                 caption: str = "") -> None:
        self.rows = [tuple(row) for row in rows]
        self.header = tuple(header)
        self.caption = caption

    def html(self) -> str:
        """The table as HTML with the lesson style."""
        head = "".join(f"<th>{_words(h)}</th>" for h in self.header)
        body = "".join("<tr>" + "".join(f"<td>{_words(c)}</td>" for c in row) + "</tr>"
                       for row in self.rows)
        caption = f"<caption>{words_html(self.caption)}</caption>" if self.caption else ""
        return _lesson(f'<table class="rb-ltable">{caption}'
                       f"{'<thead><tr>' + head + '</tr></thead>' if head else ''}"
                       f"<tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        return "\n".join(" | ".join(str(c) for c in row) for row in [self.header, *self.rows]
                         if row)


class Panel(_Drawn):
    """Several things shown one under the other: sentences (plain text, cards in symbols) and
    objects that draw themselves (tables, verdicts, a state, a how-to-play).

    >>> "7♥" in Panel("Seat 0 opens with 7H.").html()
    True
    """

    def __init__(self, *parts: Any) -> None:
        self.parts = parts

    def html(self) -> str:
        """The parts as HTML, in order."""
        out = "".join(f'<p class="rb-lesson">{_words(part)}</p>' if isinstance(part, str)
                      else _html_of(part) for part in self.parts)
        return f'{LESSON_STYLE}<div class="rb-panel">{out}</div>'

    def __repr__(self) -> str:
        return "\n".join(symbols(p) if isinstance(p, str) else repr(p) for p in self.parts)


class _Verdicts(_Drawn):
    """The engine's explanations of some moves, as a table (see :func:`verdicts`)."""

    def __init__(self, lines: list[tuple[str, Any]]) -> None:
        self.lines = lines

    def html(self) -> str:
        """One row per move: the move, legal or not, the reason, clause ids small and last."""
        rows = []
        for label, why in self.lines:
            mark = ('<span class="rb-ok">✔ legal</span>' if why.legal else
                    '<span class="rb-no">✘ not legal</span>')
            rows.append(f"<tr><td>{words_html(label)}</td><td>{mark}</td>"
                        f"<td>{_words(why.reason)}</td>"
                        f'<td class="rb-clauses">{_html.escape(", ".join(why.clauses))}</td></tr>')
        return _lesson('<table class="rb-ltable"><thead><tr><th>move</th><th>verdict</th>'
                       '<th>why</th><th class="rb-clauses">rules</th></tr></thead>'
                       f"<tbody>{''.join(rows)}</tbody></table>")

    def __repr__(self) -> str:
        return "\n".join(f"{label}: {symbols(why.reason)}" for label, why in self.lines)


def _move_label(state: Any, move: Any) -> str:
    parsed = move
    if isinstance(move, str):
        try:
            parsed = state.rules.parse_move(move)
        except RulebookError:
            return move
    pretty = getattr(parsed, "pretty", None)
    return str(pretty()) if callable(pretty) else symbols(str(parsed))


def verdicts(state: Any, moves: Iterable[Any]) -> _Verdicts:
    """The engine's verdict on each move in ``state`` (``state.explain``), as a table."""
    return _Verdicts([(_move_label(state, m), state.explain(m)) for m in moves])


def _label(move: str) -> str:
    """A card or move in engine notation as a learner reads it (``7♦``, ``pass``)."""
    try:
        return str(parse_card(move).pretty())
    except RulebookError:
        return symbols(move)


class Question(Shown):
    """A question: checked by the engine when made from an exercise, else predicted then
    revealed.

    ``Question(exercise)`` (a :class:`rulebook.exercises.Exercise`): the learner answers by
    doing something (``answer_input``: the cards offered as buttons, several for a ``cards``
    question; seat buttons; a box for a number; the choices), presses ``check_button``, and
    ``verdict_box`` says right or wrong with the engine's reason and the clause ids small and
    last (``verdict``, the last :class:`~rulebook.exercises.Verdict`; an answer of the wrong
    form gets the engine's short sentence saying the form).  ``reveal_button`` still shows the
    full answer (``answer_box``: the exercise's explanation).

    ``Question(prompt, answer, choices=(), correct=None)``: with ``choices`` the learner first
    picks a prediction (``choice``); ``reveal_button`` shows the answer and, when a prediction
    was picked, says whether it was right (``correct`` is the right choice).
    """

    def __init__(self, prompt: Any, answer: str = "", *, choices: Sequence[str] = (),
                 correct: str | None = None) -> None:
        from rulebook.exercises import Exercise

        self.exercise: Exercise | None = prompt if isinstance(prompt, Exercise) else None
        if self.exercise is not None:
            prompt, answer = self.exercise.prompt, self.exercise.explanation()
            choices, correct = (), None
        if correct is not None and correct not in choices:
            raise ValueError(f"correct={correct!r} is not one of the choices {list(choices)!r}")
        self.prompt = str(prompt)
        self.answer = answer
        self.correct = correct
        self.number = 0
        self.verdict: Any = None
        self.prompt_box = W.HTML()
        self.choice = W.ToggleButtons(options=list(choices), value=None,
                                      layout=W.Layout(width="auto"),
                                      style={"button_width": "auto"}) if choices else None
        self.card_buttons: list[W.ToggleButton] = []
        self.answer_input: Any = None
        self.check_button: W.Button | None = None
        self.verdict_box = W.HTML()
        self.verdict_box.add_class("rb-verdict")
        if self.exercise is not None:
            self.answer_input = self._input(self.exercise)
            self.check_button = button("Check", icon="check", action=self.check)
            self.check_button.layout.align_self = "flex-start"
            self.check_button.add_class("rb-check")
        self.reveal_button = button("Show the answer", icon="eye", action=self.toggle)
        self.reveal_button.layout.align_self = "flex-start"
        self.answer_box = W.HTML(layout=W.Layout(display="none"))
        row = (W.HBox([self.check_button, self.reveal_button])
               if self.check_button is not None else self.reveal_button)
        parts = (self.prompt_box, self.choice, self.answer_input, row, self.verdict_box,
                 self.answer_box)
        self.widget = W.VBox([p for p in parts if p is not None],
                             layout=W.Layout(margin="0 0 10px 0"))
        self.widget.add_class("rb-question")
        self._draw_prompt()

    def _input(self, exercise: Any) -> Any:
        """The control the learner answers with, for the exercise's kind."""
        kind = exercise.kind
        if kind == "choice":
            return W.ToggleButtons(options=list(exercise.choices), value=None,
                                   layout=W.Layout(width="auto"), style={"button_width": "auto"})
        if kind == "seat":
            state = exercise.state()
            seats = range(state.players if state is not None else 4)
            return W.ToggleButtons(options=[(f"seat {s}", s) for s in seats], value=None,
                                   style={"button_width": "auto"})
        if kind == "card" and exercise.offered:
            return W.ToggleButtons(options=[(_label(m), m) for m in exercise.offered],
                                   value=None, style={"button_width": "auto"})
        if kind == "cards" and exercise.offered:
            self.card_buttons = [W.ToggleButton(description=_label(c), tooltip=c,
                                                layout=W.Layout(width="auto"))
                                 for c in exercise.offered]
            return W.HBox(self.card_buttons)
        placeholder = {"number": "a whole number, e.g. 12", "cards": "cards, e.g. 5♥ 9♥",
                       "card": "a card, e.g. 7♦"}[kind]
        return W.Text(placeholder=placeholder, layout=W.Layout(width="260px"))

    def given(self) -> Any:
        """The learner's answer as the controls hold it (``None``: nothing picked yet)."""
        if self.exercise is None or self.answer_input is None:
            return None
        if self.card_buttons:
            picked = [c for c, b in zip(self.exercise.offered, self.card_buttons) if b.value]
            return picked or None
        value = self.answer_input.value
        return None if value is None or value == "" else value

    def check(self) -> None:
        """Ask the engine about the learner's answer and show its verdict."""
        from rulebook.exercises import AnswerError

        given = self.given()
        if given is None:
            self.verdict_box.value = _lesson('<div class="rb-error">Answer first, then press '
                                             "<b>Check</b>.</div>")
            return
        try:
            verdict = self.verdict = self.exercise.check(given)  # type: ignore[union-attr]
        except AnswerError as error:
            self.verdict_box.value = _lesson(f'<div class="rb-error">{_words(error)}</div>')
            return
        mark = ('<span class="rb-verdict-right">✔ Right.</span>' if verdict.correct else
                '<span class="rb-verdict-wrong">✘ Not right.</span>')
        clauses = _html.escape(", ".join(verdict.clauses))
        wrong = "" if verdict.correct else " rb-wrong"
        self.verdict_box.value = _lesson(
            f'<div class="rb-answer{wrong}">{mark} {_words(verdict.reason)} '
            f'<span class="rb-clauses">{clauses}</span></div>')

    @property
    def revealed(self) -> bool:
        """Whether the answer is showing."""
        return bool(self.answer_box.layout.display != "none")

    def _draw_prompt(self) -> None:
        number = f"{self.number}. " if self.number else ""
        self.prompt_box.value = _lesson(f'<div class="rb-q">{number}{_words(self.prompt)}</div>')

    def _verdict(self) -> str:
        if self.choice is None or self.correct is None:
            return ""
        if self.choice.value is None:
            return "<div>You made no prediction this time.</div>"
        if self.choice.value == self.correct:
            return (f'<div class="rb-verdict-right">You predicted '
                    f'"{_html.escape(self.choice.value)}": right.</div>')
        return (f'<div class="rb-verdict-wrong">You predicted "{_html.escape(self.choice.value)}"; '
                f'the answer is "{_html.escape(self.correct)}".</div>')

    def toggle(self) -> None:
        """Show the answer, or hide it again."""
        hide = self.revealed
        if not hide:
            self.answer_box.value = _lesson(f'<div class="rb-answer">{self._verdict()}'
                                            f"{_words(self.answer)}</div>")
        self.answer_box.layout.display = "none" if hide else ""
        self.reveal_button.description = f"{'Show' if hide else 'Hide'} the answer"
        self.reveal_button.icon = "eye" if hide else "eye-slash"


class Exercises(Shown):
    """A lesson's questions, numbered, then every answer in a collapsed teacher's panel.

    ``Exercises(q1, q2, ..., title="Check yourself")``: each a :class:`Question` or an
    exercise (``rulebook.exercises.Exercise``, made into a checked Question); ``questions``, ``teacher`` (the
    Accordion, closed until opened) and ``widget``.
    """

    def __init__(self, *questions: Any, title: str = "Check yourself") -> None:
        if not questions:
            raise ValueError("Exercises needs at least one Question")
        self.questions = [q if isinstance(q, Question) else Question(q) for q in questions]
        for number, question in enumerate(self.questions, 1):
            question.number = number
            question._draw_prompt()
        answers = "".join(f"<li><b>{_words(q.prompt)}</b><br>{_words(q.answer)}</li>"
                          for q in self.questions)
        self.teacher_box = W.HTML(_lesson(f"<ol>{answers}</ol>"))
        self.teacher = W.Accordion(children=[self.teacher_box], selected_index=None)
        self.teacher.set_title(0, "For the teacher: all the answers")
        checked = any(q.exercise is not None for q in self.questions)
        how = ("Answer each question, then press <b>Check</b>: the rules engine says whether "
               "you are right and why." if checked else
               "Predict first, then press <b>Show the answer</b>.")
        heading = W.HTML(_lesson(f"<h3>{_html.escape(title)}</h3><p>{how}</p>"))
        self.widget = W.VBox([heading, *[q.widget for q in self.questions], self.teacher])
        self.widget.add_class("rb-exercises")


class TryIt(Shown):
    """Controls that re-run a lesson's function, so an exercise needs no code to edit.

    ``TryIt(render, rulesets=None, seed=1, options=None, seeds=(0, 999),
    controls=None)`` shows a ruleset picker (when there are several), a switch for each of the
    ruleset's on/off options (``options``: the names to offer; ``None``: every house rule), a
    deal-number box and a **New deal** button (not shown when ``seed`` is ``None``: a fixed
    position), and any ``controls`` of the lesson's own (name -> widget).  Every change calls
    ``render(rules, seed, **{name: control.value})`` and shows what it returns (an object with
    ``_repr_html_``, or text).  An engine error is shown as a sentence.
    Public: ``ruleset_box``, ``option_boxes`` (name -> Checkbox or Dropdown), ``seed_box``,
    ``new_deal_button``, ``controls``, ``output`` (HTML), ``rules``, ``seed``, ``widget``.
    """

    def __init__(self, render: Callable[..., Any], *,
                 rulesets: Sequence[str] | None = None, seed: int | None = 1,
                 options: Sequence[str] | None = None, seeds: tuple[int, int] = (0, 999),
                 controls: dict[str, Any] | None = None, label: str = "") -> None:
        rulesets = (default_profile(),) if rulesets is None else rulesets
        self.render = render
        self.option_names = None if options is None else list(options)
        self._random = random.Random(seed)
        # load_rules raises the engine's RulesError naming the valid rulesets
        self.ruleset_box = W.Dropdown(options=[(load_rules(p).title, p) for p in rulesets],
                                      value=rulesets[0], description="Ruleset",
                                      layout=W.Layout(width="auto",
                                                      display="" if len(rulesets) > 1 else "none"))
        self.fixed = fixed = seed is None
        self.seed_box = W.BoundedIntText(value=seeds[0] if seed is None else seed,
                                         min=seeds[0], max=seeds[1],
                                         description="Deal number",
                                         style={"description_width": "auto"},
                                         layout=W.Layout(width="180px",
                                                         display="none" if fixed else ""))
        self.new_deal_button = button("New deal", icon="random", action=self.new_deal)
        self.new_deal_button.layout.align_self = "flex-start"
        self.new_deal_button.layout.display = "none" if fixed else ""
        self.controls: dict[str, Any] = dict(controls or {})
        self._in_force: dict[str, Any] = {}
        self._putting_back = False
        self._shown = ""
        self.options_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.option_boxes: dict[str, W.ValueWidget] = {}
        self.output = W.HTML()
        heading = W.HTML(_lesson(f"<b>{_html.escape(label)}</b>") if label else "")
        self.widget = W.VBox([heading, W.HBox([self.ruleset_box, self.seed_box,
                                               self.new_deal_button],
                                              layout=W.Layout(flex_flow="row wrap")),
                              self.options_row,
                              W.HBox(list(self.controls.values()),
                                     layout=W.Layout(flex_flow="row wrap")),
                              self.output])
        self.widget.add_class("rb-tryit")
        self.output.add_class("rb-tryit-output")
        for control in self.controls.values():
            control.observe(lambda _c: self.refresh(), names="value")
        self.ruleset_box.observe(lambda _c: self._ruleset_changed(), names="value")
        self.seed_box.observe(lambda _c: self.refresh(), names="value")
        self._ruleset_changed()

    def _ruleset_changed(self) -> None:
        profile = load_rules(self.ruleset_box.value).profile
        boxes: dict[str, W.ValueWidget] = {}
        for name, spec in profile.options.items():
            wanted = spec.house_rule if self.option_names is None else name in self.option_names
            # a switch or a choice: what a lesson varies
            if not wanted or name == "ranked" or (spec.type != "bool" and spec.choices is None):
                continue
            box: W.ValueWidget = option_control(spec, spec.default)
            if spec.type == "bool":
                box.layout.margin = "0 14px 0 0"
            box.observe(lambda _c: self.refresh(), names="value")
            boxes[name] = box
        self.option_boxes = boxes
        self._in_force = {name: box.value for name, box in boxes.items()}
        self.options_row.children = list(boxes.values())
        self.refresh()

    def _put_back(self) -> None:
        """Show on each switch the value of the rules still in force (its observer then
        finds the same rules, so nothing is refused twice)."""
        self._putting_back = True
        try:
            for name, box in self.option_boxes.items():
                if name in self._in_force and box.value != self._in_force[name]:
                    box.value = self._in_force[name]
        finally:
            self._putting_back = False

    @property
    def rules(self) -> Any:
        """The rules object the controls describe (raises the engine's RulesError if refused)."""
        chosen = {name: box.value for name, box in self.option_boxes.items()}
        return load_rules(self.ruleset_box.value, **chosen)

    @property
    def seed(self) -> int | None:
        """The deal number in the seed box (``None`` for a fixed position)."""
        return None if self.fixed else int(self.seed_box.value)

    def new_deal(self) -> None:
        """Pick another deal number at random (it always differs from the one shown)."""
        low, high = self.seed_box.min, self.seed_box.max
        seed = current = int(self.seed_box.value)
        while seed == current and high > low:
            seed = self._random.randint(low, high)
        self.seed_box.value = seed

    def refresh(self) -> None:
        """Call the lesson's function with the controls' values and show its answer.  A
        combination of switches the engine refuses is told, and the switches go back to the
        rules still shown (never a switch on screen that is not in force)."""
        if self._putting_back:
            return
        try:
            rules = self.rules
        except RulebookError as error:
            self._put_back()
            self.output.value = (f'{LESSON_STYLE}<div class="rb-lesson rb-error">'
                                 f"{_words(error)} The switches show the rules still in "
                                 f"force.</div>{self._shown}")
            return
        self._in_force = {name: box.value for name, box in self.option_boxes.items()}
        try:
            values = {name: control.value for name, control in self.controls.items()}
            shown = self._shown = _html_of(self.render(rules, self.seed, **values))
        except RulebookError as error:
            shown = (f'{LESSON_STYLE}<div class="rb-lesson rb-error">'
                     f"{_words(error)}</div>")
        self.output.value = shown


def pandas_or_note(purpose: str = "This table",
                   instead: str = "the rest of the lesson works without it") -> Any:
    """pandas if it can be imported; else ``None``, after printing one plain line saying so
    and what the lesson does ``instead`` (lessons also run where pandas is not installed,
    e.g. in the browser with no server)."""
    try:
        import pandas
    except ImportError:
        print(f"{purpose} needs pandas, which is not installed here: {instead}.")
        return None
    return pandas
