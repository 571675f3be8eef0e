"""Generated diagrams are true graphviz.Digraphs that never show a traceback in a notebook."""
from __future__ import annotations

import pytest

graphviz = pytest.importorskip("graphviz", reason="graphviz (Python package) is missing: pip install -e '.[lab]'")

import rulebook  # noqa: E402
import rulebook.diagrams as diagrams  # noqa: E402
from rulebook.games.badugi import evaluate  # noqa: E402


def _generated() -> list[object]:
    sevens = rulebook.load_rules("badam-satti")
    return [
        sevens.turn_diagram(),
        rulebook.load_rules("satti").turn_diagram(),
        rulebook.load_rules("badugi").turn_diagram(),
        sevens.position(table="7D", hands=["6D 8D 3C", None, None]).waiting_diagram(),
        evaluate("AC 2C 3H 4S").diagram().graph,
    ]


def test_generated_diagrams_are_graphviz_digraphs() -> None:
    for graph in _generated():
        assert isinstance(graph, graphviz.Digraph)


def test_bare_diagram_draws_as_svg_when_a_program_exists() -> None:
    if diagrams.find_dot() is None:
        pytest.skip("no Graphviz program (dot or graphviz-pure) on this machine")
    for graph in _generated():
        bundle = graph._repr_mimebundle_()  # type: ignore[attr-defined]
        assert "<svg" in bundle["image/svg+xml"]


def test_bare_diagram_without_any_program_shows_source_and_hint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diagrams, "find_dot", lambda: None)
    for graph in _generated():
        bundle = graph._repr_mimebundle_()  # type: ignore[attr-defined]
        assert "image/svg+xml" not in bundle
        assert "digraph" in bundle["text/html"] and "install Graphviz" in bundle["text/html"]
