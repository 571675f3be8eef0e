"""The engine's code standard, checked: ``mypy --strict`` passes on ``rulebook/``, every public
name has a docstring, every module has a header (game-engine modules cite clause ids), and
``rulebook`` never imports ``widgets`` (dependencies point one way: widgets ask the engine).
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rulebook

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulebook"
CLAUSE_ID = re.compile(r"\b(BS|SAT|BDG)-[A-Z]+-[0-9]+\b")
"""A clause id of ``shared/rules/`` (e.g. ``BS-MOVE-3``, ``SAT-FIT-2``, ``BDG-RANK-1``)."""
ENGINE_MODULES = re.compile(
    r"^rulebook\.(games\.\w+(\.\w+)?|match|turnflow)$")
"""The game-engine modules, whose headers must name the clauses they implement."""

MODULE_NAMES = ["rulebook"] + sorted(
    info.name for info in pkgutil.walk_packages(rulebook.__path__, "rulebook."))


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _source_tree(module: ModuleType) -> ast.Module:
    return ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))


# --------------------------------------------------------------------------------------
# (a) mypy --strict
# --------------------------------------------------------------------------------------
def test_rulebook_passes_mypy_strict(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy, or the 'test' extra)")
    command = [sys.executable, "-m", "mypy", "--strict", "--ignore-missing-imports",
               "--cache-dir", str(tmp_path / "mypy_cache"), "--no-error-summary",
               "--hide-error-context", "rulebook"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"mypy --strict found errors:\n{done.stdout}{done.stderr}"


# --------------------------------------------------------------------------------------
# (b) a docstring on every public name
# --------------------------------------------------------------------------------------
def _own_doc(obj: Any) -> str:
    """The docstring written for ``obj`` itself (not a dataclass's generated signature, not
    one inherited from a base class)."""
    if inspect.isclass(obj):
        doc = vars(obj).get("__doc__") or ""
        if doc.startswith(obj.__name__ + "("):  # dataclass / NamedTuple default
            return ""
        return str(doc).strip()
    return (getattr(obj, "__doc__", None) or "").strip()


def _attribute_docstrings(module: ModuleType) -> set[str]:
    """Module-level names assigned with a string literal right after them (attribute
    docstrings, as Sphinx reads them)."""
    body = _source_tree(module).body
    documented: set[str] = set()
    for node, after in zip(body, body[1:]):
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets
                       for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                and isinstance(after.value.value, str):
            documented.update(t.id for t in targets if isinstance(t, ast.Name))
    return documented


def _imported_from(module: ModuleType, name: str) -> str | None:
    """The module ``name`` is imported from in ``module``'s source, if it is imported (at
    the top level, or under ``if TYPE_CHECKING:`` for a package that imports its names at
    first use)."""
    body = _source_tree(module).body
    for node in body + [n for top in body if isinstance(top, ast.If) for n in top.body]:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return importlib.util.resolve_name("." * node.level + (node.module or ""),
                                                       module.__package__ or module.__name__)
    return None


def _constant_documented(module: ModuleType, name: str) -> bool:
    source = _imported_from(module, name)
    if source is not None:
        return _constant_documented(_module(source), name)
    return name in _attribute_docstrings(module)


def _public_members(cls: type) -> list[tuple[str, Any]]:
    """The public methods and properties ``cls`` (or a base class of rulebook) defines."""
    members = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("rulebook"):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if isinstance(value, property):
                members.append((f"{klass.__qualname__}.{name}", value.fget))
            elif inspect.isfunction(value):
                members.append((f"{klass.__qualname__}.{name}", value))
    return members


def _undocumented(module_name: str) -> list[str]:
    module = _module(module_name)
    missing = []
    for name in getattr(module, "__all__", ()):
        assert hasattr(module, name), f"{module_name}.__all__ names {name!r}, which is missing"
        obj = getattr(module, name)
        if inspect.ismodule(obj):
            continue
        wrapped_function = callable(obj) and hasattr(obj, "__wrapped__")  # e.g. lru_cache
        if inspect.isclass(obj) or inspect.isfunction(obj) or wrapped_function:
            if not _own_doc(obj):
                missing.append(name)
            if inspect.isclass(obj):
                missing += [member for member, f in _public_members(obj)
                            if f is None or not (f.__doc__ or "").strip()]
        elif not _constant_documented(module, name):
            missing.append(f"{name} (no docstring line after its assignment)")
    return missing


@pytest.mark.parametrize("module_name", MODULE_NAMES)
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    missing = _undocumented(module_name)
    assert not missing, f"{module_name}: public names without a docstring: {missing}"


def test_the_docstring_check_sees_a_missing_docstring() -> None:
    class Bare:
        def method(self) -> None:
            pass

    Bare.__module__ = "rulebook.example"
    assert _own_doc(Bare) == ""
    assert [name.rsplit(".", 2)[-2:] for name, f in _public_members(Bare)
            if not f.__doc__] == [["Bare", "method"]]


# --------------------------------------------------------------------------------------
# (c) module headers, and the clause ids of the game-engine modules
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("module_name", MODULE_NAMES)
def test_every_module_has_a_header(module_name: str) -> None:
    header = (_module(module_name).__doc__ or "").strip()
    assert header, f"{module_name} has no module docstring"
    if ENGINE_MODULES.match(module_name):
        assert CLAUSE_ID.search(header), \
            f"{module_name}'s header cites no clause id (e.g. BS-MOVE-3, SAT-FIT-2, BDG-RANK-1)"


def test_the_engine_modules_are_the_expected_ones() -> None:
    engine = [name for name in MODULE_NAMES if ENGINE_MODULES.match(name)]
    for name in ("rulebook.games.sevens.state", "rulebook.games.sevens.core",
                 "rulebook.games.sevens.bots", "rulebook.games.satti.state",
                 "rulebook.games.satti.bots", "rulebook.games.badugi",
                 "rulebook.games.badugi.state", "rulebook.match", "rulebook.turnflow",
                 "rulebook.games.sevens.waiting"):
        assert name in engine
    assert "rulebook.cards" not in engine and "rulebook.records" not in engine


# --------------------------------------------------------------------------------------
# (d) dependencies point one way: rulebook never imports widgets
# --------------------------------------------------------------------------------------
def test_importing_rulebook_imports_no_widget_module() -> None:
    probe = ("import importlib, json, pkgutil, sys\n"
             "import rulebook\n"
             "after_import = sorted(sys.modules)\n"
             "for info in pkgutil.walk_packages(rulebook.__path__, 'rulebook.'):\n"
             "    importlib.import_module(info.name)\n"
             "print(json.dumps([after_import, sorted(sys.modules)]))\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True, timeout=60)
    after_import, after_all = json.loads(done.stdout.strip().splitlines()[-1])
    for loaded in (after_import, after_all):
        assert not [m for m in loaded if m == "widgets" or m.startswith("widgets.")]


def test_no_rulebook_source_imports_widgets() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno}" for name in names
                          if name == "widgets" or name.startswith("widgets.")]
    assert not offenders, f"rulebook imports widgets (widgets ask the engine, not back): " \
                          f"{offenders}"
