"""The teaching notebooks say what the curriculum promises, and leave every rule to the engine.

Checked without a kernel (``nbformat`` only, plus running the start notebook's cells
in-process to drive its stepper the way the browser test does):

- every notebook of the curriculum exists, stored without outputs or execution counts, with
  a ``python3`` kernelspec;
- each covers its topics (e.g. 01 names ispik, badam, kilwar, chaukat and Fan Tan);
- each has a "Try it" exercise: a Markdown cell followed by a code cell prepared for it;
- each shows at least one widget or table, and a cell that builds a widget ends with it (so
  Jupyter displays it);
- no code cell decides legality itself: cells ask ``explain`` / ``legal_moves`` (or a widget
  that does) and never compare ranks or suits of cards;
- the start notebook's DealStepper is in play mode with "next" enabled, and an illegal card
  click shows the engine's reason (what the browser test does);
- 05 has a BadugiRanker (the browser test types a hand into it).
"""
from __future__ import annotations

import ast
import pathlib
import re
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
]

WIDGETS = ("DealStepper", "MoveInspector", "RulesCompare", "Lockstep", "BadugiRanker",
           "VariantLab")

# Words (case-insensitive) each notebook must contain somewhere (Markdown or code).
TOPICS: dict[str, list[str]] = {
    "00_start_here.ipynb": ["profile_ids", "DealStepper", "play=True", *CURRICULUM[1:]],
    "01_badam_satti.ipynb": ["ispik", "badam", "kilwar", "chaukat", "Fan Tan", "Satti Centre",
                             "Badam Saat", "Satte pe Satta", "Sevens", "Parliament", "Domino",
                             "DealStepper", '"pass"', "known_absent", "describe()"],
    "02_sevens_vs_badam_satti.ipynb": ["RulesCompare", "compare_rules", "Lockstep", "chips",
                                       "points", "pool"],
    "03_house_rules_lab.ipynb": ["sevens_first", "flat_10", "limited_passes", "ace_high",
                                 "eight_before_six", "one_final_turn", "Lockstep",
                                 "VariantLab", "simulate(", "summarize(", "ranked=True"],
    "04_satti.ipynb": ["not Badam Satti", "seven_stacking", "jack", "skip", "reshuffle",
                       "draw_pile", "DealStepper", "turn_diagram"],
    "05_badugi_hands.ipynb": ["counting", "explain_comparison", "standing", "270,725",
                              "classes_near", "BadugiRanker"],
    "06_badugi_full_hand.ipynb": ["blind", "raise", "draw", "showdown", "pots()", "side pot",
                                  "DealStepper"],
    "07_edge_cases.ipynb": ["Sitting on a seven", "sevens_first", "ace_high", "limited_passes",
                            "eliminated", "one_final_turn", "penalty of 8", "seven_stacking",
                            "reshuffles", "position("],
}

# Card attributes a cell would need to decide a rule by itself.
RULE_BY_HAND = [
    re.compile(r"\.(rank_index|suit_index|rank_letter)\b"),
    re.compile(r"\b(RANKS|SUITS)\s*\.\s*index\b"),
    re.compile(r"\.(rank|suit)\s*(==|!=|<=|>=|<|>)"),
    re.compile(r"(==|!=|<=|>=|<|>)\s*\w+\.(rank|suit)\b"),
    re.compile(r"\b(playable_mask|legal_play_mask|fits|rainbow_subsets)\s*\("),
]


def load(name: str) -> Any:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def code_cells(nb: Any) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "code"]


def all_text(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells)


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


@pytest.mark.parametrize("name", CURRICULUM)
def test_notebook_covers_its_topics(name: str) -> None:
    text = all_text(load(name)).lower()
    missing = [t for t in TOPICS[name] if t.lower() not in text]
    assert not missing, f"{name} does not mention {missing}"


@pytest.mark.parametrize("name", CURRICULUM)
def test_notebook_has_a_try_it_exercise(name: str) -> None:
    cells = load(name).cells
    found = [i for i, c in enumerate(cells)
             if c.cell_type == "markdown" and re.search(r"^#+\s*Try it", c.source, re.M)]
    assert found, f"{name} has no 'Try it' Markdown cell"
    for i in found:
        assert i + 1 < len(cells) and cells[i + 1].cell_type == "code", \
            f"{name}: the 'Try it' cell is not followed by a code cell prepared for it"
        task = cells[i].source.split("\n", 1)[-1].strip()
        assert len(task) > 40, f"{name}: the 'Try it' cell gives no concrete task"
        prepared = cells[i + 1].source
        assert re.search(r"#\s*try\b", prepared, re.I), \
            f"{name}: the exercise cell does not say which value to change ('# try ...')"


@pytest.mark.parametrize("name", CURRICULUM)
def test_notebook_shows_a_widget_or_table(name: str) -> None:
    sources = code_cells(load(name))
    shows = [s for s in sources
             if any(f"{w}(" in s for w in WIDGETS) or "DataFrame(" in s or "summarize(" in s]
    assert shows, f"{name} shows no widget and no table"


@pytest.mark.parametrize("name", CURRICULUM)
def test_widget_cells_end_with_the_widget(name: str) -> None:
    for source in code_cells(load(name)):
        if not any(f"{w}(" in source for w in WIDGETS):
            continue
        body = ast.parse(source).body
        last = body[-1]
        assert isinstance(last, ast.Expr), \
            f"{name}: a cell building a widget must end with it (or display it):\n{source}"


@pytest.mark.parametrize("name", CURRICULUM)
def test_no_cell_decides_legality_itself(name: str) -> None:
    nb = load(name)
    for source in code_cells(nb):
        for pattern in RULE_BY_HAND:
            assert not pattern.search(source), \
                f"{name}: a code cell looks at card ranks/suits to decide a rule:\n{source}"
    if name != "00_start_here.ipynb":
        text = "\n".join(code_cells(nb))
        asks = (".explain(", "explain_comparison(", "evaluate(", "DealStepper(",
                "MoveInspector(", "Lockstep(")
        assert any(a in text for a in asks), f"{name} never asks the engine why"
    # The legality a cell prints comes from the engine: wherever a notebook talks about a move
    # being legal in code, it calls explain() or legal_moves().
    for source in code_cells(nb):
        if re.search(r"\blegal\b", source) and "DealStepper" not in source:
            assert ".explain(" in source or ".legal_moves(" in source or "Lockstep" in source, \
                f"{name}: a cell speaks of legality without asking the engine:\n{source}"


def _run_cells(name: str) -> dict[str, Any]:
    """Run a notebook's code cells in this process (no display) and return its namespace."""
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    for i, source in enumerate(code_cells(load(name))):
        exec(compile(source, f"{name}[{i}]", "exec"), namespace)  # noqa: S102
    return namespace


def test_start_notebook_stepper_accepts_next_and_an_illegal_click() -> None:
    pytest.importorskip("ipywidgets")
    from widgets import DealStepper

    namespace = _run_cells("00_start_here.ipynb")
    steppers = [v for v in namespace.values() if isinstance(v, DealStepper)]
    assert len(steppers) == 1, "00 should show exactly one DealStepper (the browser test's)"
    stepper = steppers[0]
    assert stepper.state is not None and stepper.state.rules.profile_id == "badam-satti"
    assert stepper.play_mode, "the stepper must be in play mode so cards can be clicked"
    assert not stepper.next_button.disabled, "'next' must be enabled when the notebook opens"
    stepper.next_button.click()
    state = stepper.state
    assert state.to_move == stepper.human, "after 'next' it is the learner's turn"
    legal = {str(m) for m in state.legal_moves()}
    illegal = [b for b in stepper.card_buttons if b.description and b.icon != "check"]
    assert illegal, "the learner's hand should hold a card that is not legal"
    before = len(stepper.states)
    illegal[0].click()
    assert "rb-bad" in stepper.message.value and "not legal" in stepper.message.value
    assert len(stepper.states) == before, "an illegal click must not change the deal"
    lit = [b for b in stepper.card_buttons if b.icon == "check"]
    assert lit and len(lit) == len(legal)


def test_badugi_hands_notebook_has_a_ranker() -> None:
    sources = code_cells(load("05_badugi_hands.ipynb"))
    assert any("BadugiRanker(" in s for s in sources)


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
