"""The lessons read as lessons and leave every rule to the engine.

Checked without a kernel: the notebooks' text with ``nbformat``, and their code cells run in
this process (each notebook once), so what every cell shows can be read back:

- every lesson of the curriculum exists, stored without outputs, with a ``python3`` kernel;
- each covers its topics; the games' lessons open with the engine's how-to-play (00 Badam
  Satti, 02 British Sevens, 04 Satti, 06 Badugi with its poker words before they are used);
- Sevens, Satti and Badugi can be played against the computer as well as Badam Satti, with a
  whole match where the game has one;
- every "Try it" is a set of controls (no code to edit), and works: changing a control
  changes what it shows;
- every lesson ends with predict-then-reveal questions whose answers stay hidden until asked,
  all gathered for the teacher, and then a link to the next lesson;
- no output shows a raw clause-id tuple, a ``Row(`` or a Python list; cards are in symbols;
- only the lessons that simulate many deals need pandas, and they say so in one line when it
  is missing;
- no code cell decides legality itself: cells ask ``explain`` / ``legal_moves`` (or a widget
  that does) and never compare ranks or suits of cards.
"""
from __future__ import annotations

import ast
import contextlib
from html import unescape
import io
import pathlib
import re
import sys
from functools import cache
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbformat is missing: pip install -e '.[test]'")

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

CURRICULUM = [
    "00_start_here.ipynb",
    "01_badam_satti.ipynb",
    "02_sevens_vs_badam_satti.ipynb",
    "03_house_rules_lab.ipynb",
    "04_satti.ipynb",
    "05_badugi_hands.ipynb",
    "06_badugi_full_hand.ipynb",
    "07_edge_cases.ipynb",
    "08_strategy.ipynb",
    "09_play_as_a_class.ipynb",
]

WIDGETS = ("DealStepper", "MoveInspector", "RulesCompare", "Lockstep", "BadugiRanker",
           "VariantLab", "PlayGame", "TryIt", "Exercises", "ClassTable")

# Words (case-insensitive) each notebook must contain somewhere (Markdown or code).
TOPICS: dict[str, list[str]] = {
    "00_start_here.ipynb": ["Rulebook explorer", "Badam Satti", "British Sevens", "Satti",
                            "Badugi", "`7H`", "`TS`", "`JS>D`", "10♠", "J♠ naming ♦",
                            "how_to_play()", "PlayGame(", "profile_ids", "Where to go next"],
    "01_badam_satti.ipynb": ["ispik", "badam", "kilwar", "chaukat", "Fan Tan", "Satti Centre",
                             "Badam Saat", "Satte pe Satta", "Sevens", "Parliament", "Domino",
                             "DealStepper", '"pass"', "known_absent", "rules_table()",
                             "MoveInspector"],
    "02_sevens_vs_badam_satti.ipynb": ["RulesCompare", "compare_rules", "Lockstep", "chips",
                                       "points", "pool", "how_to_play()", "match=True"],
    "03_house_rules_lab.ipynb": ["sevens first", "flat 10", "limited passes", "ace high",
                                 "eight before six", "one final turn", "Lockstep",
                                 "VariantLab", "simulate(", "summarize(", "ranked=True",
                                 "pandas_or_note"],
    "04_satti.ipynb": ["not Badam Satti", "seven stacking", "jack", "skip", "reshuffle",
                       "draw_pile", "DealStepper", "turn_diagram", "how_to_play()",
                       'PlayGame("satti"'],
    "05_badugi_hands.ipynb": ["counting", "explain_comparison", "standing", "270,725",
                              "classes_near", "BadugiRanker"],
    "06_badugi_full_hand.ipynb": ["blind", "raise", "draw", "showdown", "pots()", "side pot",
                                  "DealStepper", "how_to_play()", 'PlayGame("badugi"'],
    "07_edge_cases.ipynb": ["Sitting on a seven", "sevens first", "ace high", "limited passes",
                            "eliminated", "one final turn", "penalty of 8", "seven stacking",
                            "reshuffles", "position("],
    "08_strategy.ipynb": ["hold on to your sevens", "towards your own cards", "end cards",
                          "watch who passes", "big cards", "keep a seven", "playout(",
                          "waiting_chains", "smart", "random", "easy"],
    "09_play_as_a_class.ipynb": ["ClassTable(", "python -m rulebook serve --host 0.0.0.0",
                                 '".[class]"', "JupyterHub", "../docs/classroom.md",
                                 "room code", "projector", "game plan", "reveal",
                                 "forced passes", "house rule", "JupyterLite", "table.stop()"],
}

# Card attributes a cell would need to decide a rule by itself.
RULE_BY_HAND = [
    re.compile(r"\.(rank_index|suit_index|rank_letter)\b"),
    re.compile(r"\b(RANKS|SUITS)\s*\.\s*index\b"),
    re.compile(r"\.(rank|suit)\s*(==|!=|<=|>=|<|>)"),
    re.compile(r"(==|!=|<=|>=|<|>)\s*\w+\.(rank|suit)\b"),
    re.compile(r"\b(playable_mask|legal_play_mask|fits|rainbow_subsets)\s*\("),
]

RAW_OUTPUT = re.compile(r"Row\(|\('(BS|SAT|BDG)-|\((BS|SAT|BDG)-[A-Z]+-\d+,\)|\[\d+(, \d+)*\]")
"""What must never reach the screen: a ``Row(...)``, a tuple of clause ids (``('BS-ROW-1',)``
or ``(BS-ROW-1,)`` as pandas printed it), a Python list of numbers."""
LETTER_CARD = re.compile(r"(?<![\w-])(10|[2-9TJQKA])[CDHS](?![\w])")


def load(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def code_cells(nb: Any) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "code"]


def all_text(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells)


def _visible(html: str) -> str:
    """What a reader sees of some HTML: no styles, no tags, no attributes."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


class Ran:
    """A notebook run in this process: its namespace and what each code cell showed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.namespace: dict[str, Any] = {"__name__": "__notebook__"}
        self.shown: list[tuple[int, Any, str]] = []  # (cell index, last value, printed text)
        for index, source in enumerate(code_cells(load(name))):
            tree = ast.parse(source)
            last_expr = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) \
                else None
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(tree, f"{name}[{index}]", "exec"), self.namespace)  # noqa: S102
                value = None if last_expr is None else eval(  # noqa: S307
                    compile(ast.Expression(last_expr.value), f"{name}[{index}]", "eval"),
                    self.namespace)
            self.shown.append((index, value, printed.getvalue()))

    def values(self, kind: type) -> list[Any]:
        return [v for _, v, _ in self.shown if isinstance(v, kind)]


@cache
def ran(name: str) -> Ran:
    pytest.importorskip("ipywidgets", reason="ipywidgets is missing: pip install -e '.[test]'")
    return Ran(name)


def _screen_text(value: Any) -> str:
    """The text a value puts on the screen, where this test can read it without a browser."""
    from widgets.lesson import Exercises, TryIt

    if value is None:
        return ""
    if isinstance(value, TryIt):
        return _visible(value.output.value)
    if isinstance(value, Exercises):
        return _visible(value.teacher_box.value)
    to_html = getattr(value, "_repr_html_", None)
    if callable(to_html):
        return _visible(to_html() or "")
    if hasattr(value, "_repr_mimebundle_") or hasattr(value, "widget"):
        return ""  # an ipywidget: its own tests read it
    return repr(value)


# --- stored and covering its topics -----------------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_notebook_exists_and_is_stored_clean(name: str) -> None:
    path = NOTEBOOKS / name
    assert path.exists(), f"notebooks/{name} is missing"
    nb = load(name)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, f"{name}: stored with outputs"
            assert cell.execution_count is None, f"{name}: stored with execution counts"
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == CURRICULUM


@pytest.mark.parametrize("name", CURRICULUM)
def test_notebook_covers_its_topics(name: str) -> None:
    text = all_text(load(name)).lower()
    missing = [t for t in TOPICS[name] if t.lower() not in text]
    assert not missing, f"{name} does not mention {missing}"


# --- how to play first, every game playable ---------------------------------------------------

@pytest.mark.parametrize("name, profile", [("00_start_here.ipynb", "badam-satti"),
                                           ("02_sevens_vs_badam_satti.ipynb", "sevens"),
                                           ("04_satti.ipynb", "satti"),
                                           ("06_badugi_full_hand.ipynb", "badugi")])
def test_a_games_lesson_opens_with_its_how_to_play(name: str, profile: str) -> None:
    from rulebook.sheets import HowToPlay

    run = ran(name)
    shown = [(i, v) for i, v, _ in run.shown if v is not None]
    first_index, first_play = next((i, v) for i, v in shown if isinstance(v, HowToPlay))
    assert first_play.rules.profile_id == profile
    # Nothing but the overview table comes before it; no diff table opens the Satti lesson.
    assert all(i >= first_index or type(v).__name__ == "Table" for i, v in shown)
    assert "compare_rules" not in all_text(load("04_satti.ipynb"))


def test_badugi_poker_words_come_before_the_betting() -> None:
    nb = load("06_badugi_full_hand.ipynb")
    first_code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
    assert "how_to_play()" in nb.cells[first_code].source
    for word in ("raise", "side pot", "all in", "blinds"):
        before = [c.source.lower() for c in nb.cells[:first_code] if c.cell_type == "markdown"]
        assert not any(f"**{word}**" in text for text in before), word
    play = ran("06_badugi_full_hand.ipynb").shown[0][1]
    assert play.keys[0] == "words"


@pytest.mark.parametrize("name, profile, match", [
    ("00_start_here.ipynb", "badam-satti", False),
    ("02_sevens_vs_badam_satti.ipynb", "sevens", True),
    ("04_satti.ipynb", "satti", False),
    ("06_badugi_full_hand.ipynb", "badugi", False),
])
def test_every_game_can_be_played_against_the_computer(name: str, profile: str,
                                                       match: bool) -> None:
    from widgets import PlayGame

    games = ran(name).values(PlayGame)
    assert len(games) == 1, f"{name} should show one game to play"
    game = games[0]
    assert game.rules.profile_id == profile
    assert game.stepper.play_mode
    assert (game.match is not None) == match
    state = game.stepper.state
    assert state.is_over or state.to_move == game.stepper.human, \
        "the game opens on the learner's turn"


def test_start_lesson_game_refuses_an_illegal_card_and_plays_a_legal_one() -> None:
    from widgets import PlayGame

    game = ran("00_start_here.ipynb").values(PlayGame)[0]
    stepper = game.stepper
    state = stepper.state
    legal = {m.pretty() for m in state.legal_moves()}
    buttons = [b for b in stepper.card_buttons if b.description]
    assert {b.description for b in buttons if b.icon == "check"} == legal
    refused = [b for b in buttons if b.description not in legal]
    assert refused, "the learner's hand should hold a card that cannot be played"
    before = len(stepper.states)
    refused[0].click()
    assert "not legal" in stepper.message.value
    assert len(stepper.states) == before, "a refused card must not change the deal"
    lit = next(b for b in buttons if b.description in legal)
    lit.click()
    assert len(stepper.states) > before, "a legal card is played and the computer answers"


# --- Try it: controls, not code -----------------------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_every_try_it_is_controls_not_code_to_edit(name: str) -> None:
    cells = load(name).cells
    found = [i for i, c in enumerate(cells)
             if c.cell_type == "markdown" and re.search(r"^#+\s*Try it", c.source, re.M)]
    assert found, f"{name} has no 'Try it'"
    for i in found:
        task = cells[i].source.split("\n", 1)[-1].strip()
        assert len(task) > 40, f"{name}: the 'Try it' gives no concrete task"
        assert not re.search(r"\b(set|change|edit)\s+`", task, re.I), \
            f"{name}: the 'Try it' asks to edit code, which Voila does not show:\n{task}"
        prepared = cells[i + 1]
        assert prepared.cell_type == "code"
        assert any(f"{w}(" in prepared.source for w in ("TryIt", "BadugiRanker")), \
            f"{name}: the 'Try it' is not a set of controls"
        assert re.search(r"#\s*try\b", prepared.source, re.I)


@pytest.mark.parametrize("name", CURRICULUM)
def test_every_try_it_control_changes_what_it_shows(name: str) -> None:
    from widgets.lesson import TryIt

    for tryit in ran(name).values(TryIt):
        before = tryit.output.value
        assert before and "Traceback" not in before
        if not tryit.fixed:
            tryit.new_deal()
        elif tryit.option_boxes:
            box = next(iter(tryit.option_boxes.values()))
            box.value = not box.value if isinstance(box.value, bool) else box.options[-1][1]
        else:
            control = next(iter(tryit.controls.values()))
            control.value = control.max if control.value != control.max else control.min
        assert tryit.output.value != before, f"{name}: a Try-it control changed nothing"
        assert "Traceback" not in tryit.output.value


# --- exercises and links --------------------------------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_every_lesson_ends_with_exercises_whose_answers_stay_hidden(name: str) -> None:
    from widgets.lesson import Exercises

    exercises = ran(name).values(Exercises)
    assert len(exercises) == 1, f"{name} has no exercises"
    questions = exercises[0].questions
    assert len(questions) >= 3
    assert exercises[0].teacher.selected_index is None, "the teacher's answers start closed"
    for q in questions:
        assert len(q.answer) > 5 and q.answer_box.layout.display == "none"
        assert q.answer not in q.prompt_box.value
        q.reveal_button.click()
        assert q.revealed and _visible(q.answer_box.value).strip()
        q.reveal_button.click()
    from widgets.lesson import symbols

    teacher = re.sub(r"\s", "", _visible(exercises[0].teacher_box.value))
    for q in questions:
        assert re.sub(r"\s", "", symbols(q.answer)) in teacher, "an answer is not in the teacher's list"
    # The exercises are the last thing the lesson shows.
    last_shown = [v for _, v, _ in ran(name).shown if v is not None][-1]
    assert isinstance(last_shown, Exercises)


LINK = re.compile(r"\[([^\]]+)\]\((\d\d_[a-z_]+\.ipynb)\)")


@pytest.mark.parametrize("name", CURRICULUM)
def test_every_lesson_links_to_the_next(name: str) -> None:
    cells = load(name).cells
    last = cells[-1]
    assert last.cell_type == "markdown"
    targets = [target for _, target in LINK.findall(last.source)]
    index = CURRICULUM.index(name)
    following = CURRICULUM[index + 1] if index + 1 < len(CURRICULUM) else CURRICULUM[0]
    assert targets and targets[0] == following, f"{name} does not end with a link to {following}"
    for _, target in LINK.findall(all_text(load(name))):
        assert (NOTEBOOKS / target).exists(), f"{name} links to a missing lesson {target}"


def test_start_lesson_lists_every_lesson_as_a_link() -> None:
    nb = load("00_start_here.ipynb")
    where = next(c.source for c in nb.cells if c.source.startswith("## Where to go next"))
    linked = {target for _, target in LINK.findall(where)}
    assert linked == set(CURRICULUM[1:])
    assert not re.search(r"`\d\d_[a-z_]+\.ipynb`", all_text(nb)), "a file name instead of a link"


# --- what reaches the screen ----------------------------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_no_output_shows_a_raw_tuple_a_row_or_letter_cards(name: str) -> None:
    for index, value, printed in ran(name).shown:
        text = printed + _screen_text(value)
        assert not RAW_OUTPUT.search(text), \
            f"{name} cell {index} shows {RAW_OUTPUT.search(text).group(0)!r}:\n{text[:600]}"
        if type(value).__name__ == "Diagram" or "Digraph" in type(value).__name__:
            continue  # graph drawings label their nodes with card text; their own tests read them
        assert not LETTER_CARD.search(text), \
            f"{name} cell {index} shows a card in letters: {LETTER_CARD.search(text).group(0)!r}"


def test_badam_satti_lessons_first_stepper_stays_at_the_start() -> None:
    from widgets import DealStepper

    steppers = ran("01_badam_satti.ipynb").values(DealStepper)
    assert len(steppers) == 2
    assert steppers[0].slider.value == 0, "a later cell moved the lesson's first stepper"
    assert steppers[1].slider.value > 0  # the one the inspector follows, at the first pass


# --- pandas only where many deals are simulated -------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_only_simulation_needs_pandas_and_says_so_when_missing(name: str) -> None:
    text = "\n".join(code_cells(load(name)))
    if "pandas" not in text and "pd." not in text and "VariantLab(" not in text:
        return
    assert "pandas_or_note(" in text and not re.search(r"^\s*(import|from) pandas\b", text, re.M), \
        f"{name} uses pandas without pandas_or_note()"


def test_pandas_or_note_prints_one_plain_line_without_pandas(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from widgets.lesson import pandas_or_note

    monkeypatch.setitem(sys.modules, "pandas", None)
    assert pandas_or_note("Measuring many deals") is None
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "needs pandas" in out


def test_lessons_that_need_no_pandas_run_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    for name in CURRICULUM:
        if "pandas_or_note" in all_text(load(name)):
            continue
        Ran(name)  # raises if a cell needs pandas
    run = Ran("03_house_rules_lab.ipynb")  # the simulation lesson says one line instead
    assert any("needs pandas" in printed for _, _, printed in run.shown)


# --- the engine decides -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", CURRICULUM)
def test_widget_cells_end_with_the_widget(name: str) -> None:
    for source in code_cells(load(name)):
        if not any(f"{w}(" in source for w in WIDGETS):
            continue
        body = ast.parse(source).body
        assert isinstance(body[-1], ast.Expr), \
            f"{name}: a cell building a widget must end with it (or display it):\n{source}"


@pytest.mark.parametrize("name", CURRICULUM)
def test_no_cell_decides_legality_itself(name: str) -> None:
    nb = load(name)
    for source in code_cells(nb):
        for pattern in RULE_BY_HAND:
            assert not pattern.search(source), \
                f"{name}: a code cell looks at card ranks/suits to decide a rule:\n{source}"
    text = "\n".join(code_cells(nb))
    asks = (".explain(", "explain_comparison(", "evaluate(", "DealStepper(", "MoveInspector(",
            "Lockstep(", "verdicts(", "legal_moves(", "PlayGame(")
    assert any(a in text for a in asks), f"{name} never asks the engine why"
    for source in code_cells(nb):
        if re.search(r"\blegal\b", source) and "DealStepper" not in source:
            assert ".explain(" in source or "legal_moves(" in source or "Lockstep" in source \
                or "verdicts(" in source, \
                f"{name}: a cell speaks of legality without asking the engine:\n{source}"


LOCKSTEP_CALL = re.compile(r'Lockstep\((\d+), "([^"]+)", "([^"]+)"(?:, bots="(\w+)")?\)')


def test_house_rules_lab_deals_really_show_each_rule() -> None:
    """Each house rule's Lockstep in 03 runs on a deal where that rule makes a difference: the
    other ruleset refuses the parting move (or one deal ends first), or, where play cannot
    change (flat_10), the same moves end with different points."""
    from rulebook.lockstep import run_lockstep

    calls = [m.groups() for s in code_cells(load("03_house_rules_lab.ipynb"))
             for m in LOCKSTEP_CALL.finditer(s)]
    shown = {spec_b.split("+", 1)[1] for _seed, _a, spec_b, _bots in calls}
    assert shown == {"sevens_first", "flat_10", "limited_passes", "ace_high",
                     "eight_before_six", "one_final_turn"}
    for seed, spec_a, spec_b, bots in calls:
        result = run_lockstep(int(seed), spec_a, spec_b, bots=bots or "smart")
        if result.parting is None:
            assert result.final_a.outcome.points != result.final_b.outcome.points, spec_b
            continue
        ended = result.move_a(result.parting) is None or result.move_b(result.parting) is None
        refused = any(e is not None and not e.legal
                      for e in (result.b_on_move_a, result.a_on_move_b))
        assert ended or refused, f"{spec_b} on deal {seed}: the deals part by chance, not by the rule"


def test_strategy_lesson_numbers_come_from_the_engine() -> None:
    """08's tables are the engine's playouts: smart beats random at Badam Satti and smart
    beats easy at Satti on the same seeded deals, as the lesson says."""
    run = ran("08_strategy.ipynb")
    ns = run.namespace
    assert ns["DEALS"] >= 300
    assert ns["smart_won"] > ns["easy_won"]
    from rulebook import load_rules

    classic = load_rules("badam-satti")
    smart = ns["seat_0_record"](classic, "smart", "random")
    chance = ns["seat_0_record"](classic, "random", "random")
    assert smart[0] > chance[0] + 0.1 and smart[1] < chance[1]


def test_strategy_lesson_coach_numbers_say_what_the_text_says() -> None:
    """08 measures each tip with the coach; its sentences about the numbers hold for them:
    the seven 7♣ clearly worse than 6♦ (under one point), 6♦ and 6♥ equal; 6♣ about 4 points
    worse than 3♦, 2♥ within the noise; the big card about 5 points better; in Satti every jack
    clearly worse than 6♠ and the seven clearly worse by about a quarter of a place; and the
    puzzles' answers are right."""
    from rulebook.coach import Advice

    run = ran("08_strategy.ipynb")
    advice = run.values(Advice)
    assert len(advice) == 4
    tip1, tip2, tip4, satti = ({e.move.pretty(): e for e in a.moves} for a in advice)
    assert advice[0].best.move.pretty() == "6♦" and 0.5 <= tip1["7♣"].diff <= 0.95
    assert tip1["7♣"].clearly_worse and tip1["6♥"].diff == 0 and tip1["6♦"].win == 1
    assert 0.85 <= tip1["7♣"].win <= 0.95
    assert advice[1].best.move.pretty() == "3♦" and round(tip2["6♣"].diff) == 4
    assert tip2["6♣"].clearly_worse and not tip2["2♥"].clearly_worse
    assert advice[2].best.move.pretty() == "10♠" and round(tip4["4♦"].diff) == 5
    assert tip4["4♦"].clearly_worse and max(e.win for e in tip4.values()) < 0.05
    assert advice[3].best.move.pretty() == "6♠" and satti["7♠"].clearly_worse
    assert 0.15 <= satti["7♠"].diff <= 0.35 and satti["7♠"].diff_low > 0
    jacks = [e for name, e in satti.items() if name.startswith("J")]
    assert jacks and all(e.clearly_worse and 0.1 <= e.diff <= 0.5 for e in jacks)
    questions, found = run.namespace["puzzle_questions"], run.namespace["found"]
    assert len(questions) == len(found) == 3
    for question, puzzle in zip(questions, found):
        assert question.correct == puzzle.best.move.pretty()
        assert puzzle.check(question.correct).right and puzzle.answer == question.answer
        assert puzzle.state.hands[puzzle.seat].pretty() in question.prompt
