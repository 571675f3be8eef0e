"""The shape of the code: every game is a plugin.

(a) ``rulebook/`` has no import circle: every import of every module (at the top or inside a
    function; only ``if TYPE_CHECKING:`` blocks are left out, they never run) is an edge, and
    the graph must have no cycle.
(b) Shared code never asks which game it is: no module outside ``rulebook/games/<game>/``
    (the shared rooms of ``rulebook/`` and the widgets) names a game, a profile id, or a
    game's classes.  Names, strings, comments and the prose of docstrings are searched; a
    docstring's doctest examples may load a real profile (an example must run), and a game's
    own widget (``widgets/badugi_ranker.py``, the Badugi hand ranker, re-exported by
    ``widgets/__init__.py``) belongs to its game.
"""
from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "rulebook"
GAMES = RULEBOOK / "games"

GAME_WORDS = re.compile(r"badam|satti|sevens|badugi|climb", re.IGNORECASE)
"""Any game's name, profile id (``badam-satti``, ``badam-satti-app``, ``sevens``, ``satti``,
``badugi``, and the test plugin's ``climb``) or class name (``SevensState``, ``BadugiRules``,
``ClimbRules``...)."""

GAME_OWNED = {"widgets/badugi_ranker.py"}
"""Widgets that belong to one game (they are that game's own screen)."""
GAME_OWNED_NAMES = re.compile(r"BadugiRanker|badugi_ranker")
"""Their names, which the widgets' index (``widgets/__init__.py``) lists."""

OUTSIDE_THE_CHECK: set[str] = {"rulebook/exercises.py"}
"""Files not checked: the lessons' questions as data (``rulebook/exercises.py``), which name
the rulesets, lessons and cards of each question as the lessons themselves do.  It decides no
rule: every answer and reason comes from the rules object it loads, and the test of that is
``tests/test_exercises.py``; it imports no game package either (checked below with the rest)."""


# -- (a) no import circle ----------------------------------------------------------------------
def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ``rulebook`` it imports (anywhere but TYPE_CHECKING)."""
    paths = {module_name(p): p for p in RULEBOOK.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_nodes(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in paths:
                        found.add(sub)
                    elif target in paths:
                        found.add(target)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in paths)
        graph[name] = found - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_relative_and_deferred_imports():
    graph = import_graph()
    # a relative import at the top of a module
    assert "rulebook.cards" in graph["rulebook.protocol"]
    # an import inside a function counts too
    assert "rulebook.html" in graph["rulebook.protocol"]


def test_rulebook_has_no_import_circle():
    found = cycles(import_graph())
    assert not found, "import circles in rulebook/: " + "; ".join(" -> ".join(c) for c in found)


def test_no_shared_module_imports_a_game():
    for name, deps in import_graph().items():
        if name.startswith("rulebook.games."):
            continue
        games = sorted(d for d in deps if d.startswith("rulebook.games."))
        assert not games, f"{name} imports {games}"


# -- (b) shared code never names a game ---------------------------------------------------------
def shared_files() -> list[Path]:
    files = [p for p in RULEBOOK.rglob("*.py") if GAMES not in p.parents]
    files += sorted((ROOT / "widgets").glob("*.py"))
    return [p for p in files
            if str(p.relative_to(ROOT)) not in GAME_OWNED | OUTSIDE_THE_CHECK]


def _docstring_ids(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(body[0].value.lineno)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            ids.add(node.value.lineno)  # attribute docstrings
    return ids


def _prose(docstring: str) -> str:
    """A docstring without its doctest examples and their expected output."""
    parts = doctest.DocTestParser().parse(docstring)
    return "".join(p for p in parts if isinstance(p, str))


def game_mentions(text: str) -> list[tuple[int, str]]:
    """Where ``text`` (a module's source) names a game, outside doctest examples."""
    tree = ast.parse(text)
    doc_lines = _docstring_ids(tree)
    hits: list[tuple[int, str]] = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            continue
        body = tok.string
        if tok.type == tokenize.STRING and tok.start[0] in doc_lines:
            body = _prose(ast.literal_eval(body))
        body = GAME_OWNED_NAMES.sub("", body)
        if GAME_WORDS.search(body):
            line = next(l for l in body.splitlines() if GAME_WORDS.search(l))
            hits.append((tok.start[0], line.strip()[:100]))
    return hits


def test_the_game_name_finder_finds_names_and_skips_examples():
    source = ('"""A module.\n\n>>> load_rules("badam-satti")\n"""\n'
              'x = 1  # plain\n'
              'def f(rules):\n    """Asks the rules."""\n    return rules.game == "badugi"\n')
    assert [n for n, _ in game_mentions(source)] == [8]
    assert game_mentions('"""Sevens first."""\n') == [(1, "Sevens first.")]
    assert game_mentions("from .games.satti import SattiState\n")


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_never_names_a_game(path: Path):
    hits = game_mentions(path.read_text(encoding="utf-8"))
    assert not hits, f"{path.relative_to(ROOT)} names a game: " + "; ".join(
        f"line {n}: {text}" for n, text in hits)
