"""rulebook.diagrams draws with the real dot, falls back to graphviz-pure, and without either
shows the DOT source and one install line, never a traceback (DESIGN: Diagrams)."""
from __future__ import annotations

import json
import re
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from rulebook import diagrams
from rulebook.diagrams import Diagram, GraphvizMissing, RenderFailed

graphviz = pytest.importorskip("graphviz", reason="the graphviz package is missing: pip install -e '.[lab]'")

REAL_DOT = shutil.which("dot")


def _graphviz_pure() -> str | None:
    local = diagrams._scripts_dir() / "graphviz-pure"
    return str(local) if local.is_file() else shutil.which("graphviz-pure")


PURE = _graphviz_pure()


def _hearts() -> Diagram:
    g = diagrams.digraph("waiting", graph_attr={"rankdir": "LR"})
    g.node("7H", "7♥")
    g.node("8H", "8♥")
    g.edge("7H", "8H", label="opens")
    return Diagram(g, title="Hearts <row>")


@pytest.fixture
def only_graphviz_pure(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    """A PATH whose only Graphviz program is graphviz-pure (no real dot)."""
    if PURE is None:
        pytest.skip("graphviz-pure is not installed: pip install graphviz-pure")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "graphviz-pure").symlink_to(PURE)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(diagrams, "_scripts_dir", lambda: tmp_path / "no-scripts")
    return bin_dir


@pytest.fixture
def no_graphviz(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither dot nor graphviz-pure anywhere."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(diagrams, "_scripts_dir", lambda: tmp_path / "no-scripts")


# --- the real dot ---------------------------------------------------------------------------

@pytest.mark.skipif(REAL_DOT is None, reason="Graphviz dot is not on PATH: apt-get install -y graphviz")
def test_real_dot_is_preferred_and_draws_svg_png_pdf() -> None:
    d = _hearts()
    assert diagrams.find_dot() == diagrams.DotProgram("dot", pathlib.Path(REAL_DOT))
    assert d.backend() == "dot"
    svg = d.svg()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "7♥" in svg and "8♥" in svg and "opens" in svg
    assert "graphviz-pure" not in svg
    assert d.png().startswith(b"\x89PNG")
    assert d.pipe("pdf").startswith(b"%PDF")


@pytest.mark.skipif(REAL_DOT is None, reason="Graphviz dot is not on PATH: apt-get install -y graphviz")
def test_real_dot_wins_over_graphviz_pure_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if PURE:
        monkeypatch.setenv("PATH", os.pathsep.join([str(pathlib.Path(PURE).parent), os.environ["PATH"]]))
    assert diagrams.find_dot().backend == "dot"  # type: ignore[union-attr]


@pytest.mark.skipif(REAL_DOT is None, reason="Graphviz dot is not on PATH: apt-get install -y graphviz")
def test_jupyter_display_fits_the_output_and_leaves_graphviz_configured_as_before() -> None:
    before = graphviz.backend.dot_command.DOT_BINARY
    bundle = _hearts()._repr_mimebundle_()
    # JupyterLab draws image/svg+xml as an <img> with no width limit (and not at all in an
    # untrusted notebook): the HTML, preferred by JupyterLab and Voila, scales to the output.
    assert "<svg" in bundle["image/svg+xml"] and bundle["text/html"] == _hearts().html()
    assert graphviz.backend.dot_command.DOT_BINARY == before
    html = _hearts().html()  # also for embedding in an ipywidgets.HTML
    assert "<svg" in html and "Hearts &lt;row&gt;" in html
    assert "<?xml" not in html and "<!DOCTYPE" not in html  # inline SVG: no prolog
    assert "max-width:100%;height:auto" in html  # scaled to the width, its height following
    # a switch shows it unscaled, in a box that scrolls, and back
    assert 'type="checkbox" class="rb-diagram-toggle"' in html
    assert "open full size" in html and "fit to the width" in html
    assert ":checked ~ .rb-diagram-box svg{max-width:none}" in html
    # the switch's id comes from the drawing: the same diagram gives the same HTML
    ident = re.search(r'id="(rb-diagram-\w+)"', html)
    assert ident and f'for="{ident.group(1)}"' in html
    other = Diagram(_hearts().graph, title="Hearts again").html()
    assert re.search(r'id="(rb-diagram-\w+)"', other).group(1) != ident.group(1)


def test_a_long_title_is_wrapped_in_the_drawing_and_above_it() -> None:
    if diagrams.find_dot() is None:
        pytest.skip("no Graphviz program: install graphviz or graphviz-pure")
    title = "What waits on what: an arrow a → b means a must be on the table before b"
    g = diagrams.digraph("w", graph_attr={"label": title, "labelloc": "t"})
    g.edge("a", "b")
    d = Diagram(g, title=title)
    svg = d.svg()
    lines = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert "What waits on what: an arrow a → b means a must be on the" in lines
    assert "table before b" in lines
    assert g.graph_attr["label"] == title  # the graph itself is not changed
    assert "overflow-wrap:anywhere" in d.html()
    # left-justified lines stay left-justified
    assert diagrams.wrap_label("x " * 40 + "\\l" + "short\\l", 20).count("\\l") == 5
    assert diagrams.wrap_label("<b>html label that is long enough to wrap but must not</b>") \
        .startswith("<b>html label that is long")


@pytest.mark.skipif(REAL_DOT is None, reason="Graphviz dot is not on PATH: apt-get install -y graphviz")
def test_a_notebook_gets_fitted_html_and_draws_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from IPython.core.formatters import DisplayFormatter

    d = _hearts()
    calls = []
    real_pipe = type(d.graph).pipe
    monkeypatch.setattr(type(d.graph), "pipe", lambda self, *a, **k: calls.append(k) or real_pipe(self, *a, **k))
    data, _ = DisplayFormatter().format(d)
    # JupyterLab and Voila prefer text/html: the fitted picture with its full-size switch.
    assert "<svg" in data["image/svg+xml"] and "rb-diagram-box" in data["text/html"]
    assert len(calls) == 1
    d.graph.edge("8H", "9H")  # a changed graph is drawn again
    assert "9H" in d.svg() and len(calls) == 2


# --- the graphviz-pure fallback -------------------------------------------------------------

def test_graphviz_pure_is_used_when_dot_is_missing(only_graphviz_pure: pathlib.Path,
                                                   capfd: pytest.CaptureFixture[str]) -> None:
    program = diagrams.find_dot()
    assert program == diagrams.DotProgram("graphviz-pure", only_graphviz_pure / "graphviz-pure")
    d = _hearts()
    assert d.backend() == "graphviz-pure"
    svg = d.svg()
    assert "<svg" in svg and "graphviz-pure" in svg
    assert "7♥" in svg and "opens" in svg
    assert d.png().startswith(b"\x89PNG")
    # Its width warning for non-ASCII labels must not reach the notebook.
    assert "Warning" not in capfd.readouterr().err


def test_graphviz_pure_is_found_in_the_scripts_folder_off_path(tmp_path: pathlib.Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if PURE is None:
        pytest.skip("graphviz-pure is not installed: pip install graphviz-pure")
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "graphviz-pure").symlink_to(PURE)
    monkeypatch.setenv("PATH", str(tmp_path))  # a kernel whose venv is not on PATH
    monkeypatch.setattr(diagrams, "_scripts_dir", lambda: scripts)
    assert diagrams.find_dot() == diagrams.DotProgram("graphviz-pure", scripts / "graphviz-pure")
    assert "<svg" in _hearts().svg()


def test_graphviz_pure_refuses_pdf_with_a_typed_error(only_graphviz_pure: pathlib.Path) -> None:
    with pytest.raises(RenderFailed, match="cannot draw 'pdf'.*apt-get install graphviz"):
        _hearts().pipe("pdf")


def test_graphviz_pure_display_is_svg(only_graphviz_pure: pathlib.Path) -> None:
    bundle = _hearts()._repr_mimebundle_()
    assert "<svg" in bundle["image/svg+xml"]


# --- no Graphviz at all ---------------------------------------------------------------------

def test_without_any_graphviz_svg_raises_the_install_hint(no_graphviz: None) -> None:
    d = _hearts()
    assert diagrams.find_dot() is None and d.backend() is None
    with pytest.raises(GraphvizMissing) as info:
        d.svg()
    assert info.value.hint == diagrams.INSTALL_HINT
    assert "apt-get install graphviz" in str(info.value)
    assert isinstance(info.value, diagrams.DiagramError)


def test_without_any_graphviz_display_shows_source_and_one_hint_line(no_graphviz: None) -> None:
    from IPython.core.formatters import DisplayFormatter

    d = _hearts()
    data, _ = DisplayFormatter().format(d)  # what a notebook does with the cell's value
    assert "image/svg+xml" not in data
    page = data["text/html"]
    assert "<pre>" in page and "Traceback" not in page
    assert "&quot;7H&quot; -&gt; &quot;8H&quot;" in page  # the DOT source, escaped
    assert "install Graphviz" in page and page.count("install Graphviz") == 1
    assert "Hearts &lt;row&gt;" in page
    assert d.source in data["text/plain"] and diagrams.INSTALL_HINT in data["text/plain"]
    assert "<pre>" in d._repr_html_() and d.html() == d._repr_html_()


def test_a_broken_source_is_shown_with_the_error_not_a_traceback() -> None:
    if diagrams.find_dot() is None:
        pytest.skip("no Graphviz program: install graphviz or graphviz-pure")
    d = Diagram.from_source("digraph { a -> ")
    with pytest.raises(RenderFailed, match="could not draw"):
        d.svg()
    page = d._repr_mimebundle_()["text/html"]
    assert "<pre>digraph { a -&gt; \n</pre>" in page and "Traceback" not in page


def test_without_the_graphviz_package_digraph_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "graphviz", None)  # import graphviz now raises ImportError
    with pytest.raises(GraphvizMissing, match="pip install graphviz"):
        diagrams.digraph()


def test_importing_rulebook_diagrams_does_not_import_graphviz() -> None:
    probe = "import rulebook.diagrams, sys, json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "graphviz" not in json.loads(out.stdout)
