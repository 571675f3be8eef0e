"""Drawing the engine's graphviz diagrams (turn flows, and each game's own diagrams).

The generators elsewhere build a ``graphviz.Digraph``; this module turns it into pictures,
wherever the notebook happens to run:

1. the real Graphviz ``dot`` program when it is on ``PATH`` (Debian's ``graphviz``: what CI
   and Binder install);
2. otherwise the ``dot``-compatible binary of the PyPI package ``graphviz-pure`` (part of the
   ``lab`` extras), found in this Python's scripts folder or on ``PATH``.  It draws SVG and
   PNG, not PDF;
3. in the browser with no server (Pyodide, JupyterLite), where no program can run: the
   page draws it.  The HTML carries the DOT source (after the same title wrapping) in a
   hidden ``<pre class="rb-diagram-dot">``; the site's small JupyterLab extension
   (``lite/diagrams-extension``) finds it, in an output or inside a widget, and draws it with
   Graphviz compiled to WebAssembly (``@viz-js/viz``, served with the site), with the same
   ``dot`` layout, the same fit to the width and the same "open full size" switch;
4. otherwise no picture: the diagram shows its DOT source and one line saying how to install
   Graphviz.  Displaying a diagram in Jupyter never shows a traceback.

In a notebook and inside a widget a diagram fits the output's width (the SVG scales down,
``max-width: 100%``, its height following), but never below the width at which its smallest
label is still readable from the back of a classroom (:data:`READABLE_FONT_PX`): a diagram
wider than that at a narrow screen (a projector's 1024 px with the file browser open) keeps
its words that size and scrolls sideways in its own box.  A "full size" switch under the
title shows it unscaled in a box that scrolls; a long title is wrapped onto several lines, both above the
picture and in the graph's own label, so that no title is cut at the edge.

Two quirks of ``graphviz-pure`` are handled here: its version string cannot be parsed by
``graphviz.version()`` (so nothing here asks for a version), and a non-ASCII label such as
``7♥`` makes it print a harmless warning about character widths (rendering runs quietly).

``graphviz`` is imported inside the functions that need it, so ``import rulebook`` stays
light.

>>> d = Diagram.from_source('digraph { "7♥" -> "8♥" }')
>>> "->" in d.source
True
>>> d.backend() in ("dot", "graphviz-pure", None)
True
"""
from __future__ import annotations

import hashlib
import html
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import threading
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:  # pragma: no cover - typing only
    import graphviz

__all__ = [
    "INSTALL_HINT", "BROWSER_HINT", "install_hint", "DiagramError", "GraphvizMissing",
    "RenderFailed", "DotProgram", "find_dot", "digraph", "Diagram", "READABLE_FONT_PX",
    "readable_width", "IN_BROWSER", "BROWSER_LATE_NOTE"
]

READABLE_FONT_PX = 10.5
"""The smallest font size, in CSS pixels, a diagram's labels are drawn at when it is fitted
to a narrow output (a label then measures about 12 px from its top to its bottom, readable
from the back of a classroom).  A diagram scales down to the output's width only as far as
its smallest label allows; narrower than that it scrolls sideways."""

_CSS_PX = {"pt": 96 / 72, "px": 1.0, "": 96 / 72, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54}

BackendName = Literal["dot", "graphviz-pure"]

INSTALL_HINT = (
    "To draw this diagram, install Graphviz: `apt-get install graphviz` (Debian/Ubuntu), "
    "`brew install graphviz` (macOS), `conda install graphviz`, or `pip install graphviz-pure` "
    "(Python only, SVG and PNG)."
)
"""The one line shown under the DOT source when no Graphviz program can be found."""

BROWSER_HINT = (
    "In this in-browser version of the lessons the page draws a diagram when it is shown; its "
    "SVG or PNG file needs the Graphviz program: open the lessons on Binder, or install the "
    "package on a computer, for those."
)
"""The line shown instead of :data:`INSTALL_HINT` where Python runs inside a web page
(Pyodide, JupyterLite), since nothing can be installed there."""

IN_BROWSER = sys.platform == "emscripten"
"""Whether Python runs inside a web page (Pyodide): there the page draws the diagrams."""

BROWSER_LATE_NOTE = ("If no picture appears here, this page cannot draw diagrams: open the "
                     "lessons on Binder to see it.")
"""The sentence a diagram drawn by the page shows when no picture has come after a while
(a page without the site's diagram extension)."""


def install_hint() -> str:
    """What a learner can do to see a diagram here: install Graphviz, or (in the browser,
    where no program can be installed) open the lessons elsewhere."""
    return BROWSER_HINT if sys.platform == "emscripten" else INSTALL_HINT

TITLE_WIDTH = 60
"""Characters per line of a graph's own label (its title) before it is wrapped."""

FIT_STYLE = """<style>
.rulebook-diagram{position:relative;max-width:100%;font-family:sans-serif}
.rulebook-diagram .rb-diagram-title{white-space:normal;overflow-wrap:anywhere;margin:4px 0}
.rulebook-diagram .rb-diagram-box{max-width:100%;overflow-x:auto;overflow-y:hidden;
 contain:inline-size}
.rulebook-diagram .rb-diagram-box svg{max-width:100%;height:auto;display:block}
.rulebook-diagram .rb-diagram-toggle{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.rulebook-diagram .rb-diagram-zoom{cursor:pointer;color:#1e6fd9;text-decoration:underline;
 font-size:0.85em;display:inline-block;margin:0 0 4px}
.rulebook-diagram .rb-when-full{display:none}
.rulebook-diagram .rb-diagram-toggle:checked ~ .rb-diagram-zoom .rb-when-fit{display:none}
.rulebook-diagram .rb-diagram-toggle:checked ~ .rb-diagram-zoom .rb-when-full{display:inline}
.rulebook-diagram .rb-diagram-toggle:checked ~ .rb-diagram-box{overflow:auto;max-height:85vh}
.rulebook-diagram .rb-diagram-toggle:checked ~ .rb-diagram-box svg{max-width:none}
.rulebook-diagram .rb-diagram-late{opacity:0;animation:rb-diagram-late 0s linear 20s forwards}
@keyframes rb-diagram-late{to{opacity:1}}
</style>"""
"""The CSS of :meth:`Diagram.html`: the picture scaled to the width, and the full-size switch
(a checkbox and its label, no script, so it works in JupyterLab, Voila and widgets alike).
A diagram the page draws (in the browser) says so while it is drawn, and shows
:data:`BROWSER_LATE_NOTE` only if no picture has come 20 seconds later.
The box a diagram scrolls in has no width of its own to give its parents
(``contain:inline-size``): inside a widget's flex box, a diagram held at its readable width
would otherwise widen every box around it past the page."""


def readable_width(svg: str, font_px: float = READABLE_FONT_PX) -> int | None:
    """The narrowest width, in CSS pixels, at which the smallest label of ``svg`` (a drawing
    of Graphviz ``dot``) is still ``font_px`` high: its own width where that label is
    already at most that size.  ``None`` when the SVG gives no width or no label size.

    >>> readable_width('<svg width="300pt" viewBox="0 0 300 100"><text font-size="14.00">a'
    ...                '</text><text font-size="9.00">b</text></svg>')
    350
    """
    head = re.search(r"<svg\b[^>]*>", svg)
    if head is None:
        return None
    width = re.search(r'\bwidth="([0-9.]+)\s*([a-z]*)"', head.group(0))
    box = re.search(r'\bviewBox="\s*[-0-9.]+[ ,]+[-0-9.]+[ ,]+([0-9.]+)', head.group(0))
    sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)', svg) if float(x) > 0]
    if width is None or width.group(2) not in _CSS_PX or not sizes:
        return None
    width_px = float(width.group(1)) * _CSS_PX[width.group(2)]
    units = float(box.group(1)) if box is not None and float(box.group(1)) > 0 else None
    per_unit = width_px / units if units else _CSS_PX["pt"]
    scale = re.search(r'<g\b[^>]*transform="scale\(([0-9.]+)', svg)
    if scale is not None and float(scale.group(1)) > 0:
        per_unit *= float(scale.group(1))
    smallest = min(sizes) * per_unit  # px at the drawing's own size
    return math.ceil(width_px * min(1.0, font_px / smallest))


def wrap_label(label: str, width: int = TITLE_WIDTH) -> str:
    """A DOT label with every line longer than ``width`` characters wrapped.

    Lines are split at DOT's line breaks (``\\n`` centred, ``\\l`` left-justified) and
    wrapped at spaces; each new line ends the same way as the line it came from.  An HTML-like
    label (``<...>``) is returned unchanged.

    >>> print(wrap_label("What waits on what: an arrow a -> b means a must be on the table "
    ...                  "before b"))
    What waits on what: an arrow a -> b means a must be on the\\ntable before b
    """
    if label.startswith("<") or len(label) <= width:
        return label
    out: list[str] = []
    rest = label
    while rest:
        cut = min((i for i in (rest.find("\\n"), rest.find("\\l")) if i >= 0), default=-1)
        line, brk = (rest, "") if cut < 0 else (rest[:cut], rest[cut:cut + 2])
        rest = "" if cut < 0 else rest[cut + 2:]
        pieces = textwrap.wrap(line, width, break_long_words=False) or [line]
        joiner = brk or "\\n"
        out.append(joiner.join(pieces) + brk)
    return "".join(out)


# Formats each backend can draw; graphviz-pure has no PDF.
_FORMATS: dict[str, frozenset[str]] = {
    "dot": frozenset({"svg", "png", "pdf"}),
    "graphviz-pure": frozenset({"svg", "png"}),
}

# graphviz's DOT_BINARY is a module global: swap it under a lock while one render runs.
_SWAP_LOCK = threading.Lock()


class DiagramError(RuntimeError):
    """A diagram could not be drawn; ``hint`` says what to do about it."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        hint = install_hint() if hint is None else hint
        if message and hint and not message.endswith((".", "!", "?")):
            message += "."
        super().__init__(f"{message} {hint}".strip())
        self.hint = hint


class GraphvizMissing(DiagramError):
    """Neither Graphviz's ``dot`` nor ``graphviz-pure`` (nor the ``graphviz`` package) is here."""


class RenderFailed(DiagramError):
    """The Graphviz program ran and failed (bad DOT source, or a format it cannot draw)."""


class DotProgram(NamedTuple):
    """A program that renders DOT: which backend it is and where its executable lives."""

    backend: BackendName
    path: pathlib.Path


def _scripts_dir() -> pathlib.Path:
    """This Python's scripts folder (where pip puts ``graphviz-pure``), even off ``PATH``."""
    return pathlib.Path(sysconfig.get_path("scripts"))


def find_dot() -> DotProgram | None:
    """Decide which program draws diagrams: the real ``dot`` first, then ``graphviz-pure``.

    ``dot`` is looked for on ``PATH``; ``graphviz-pure`` in this Python's scripts folder
    (which works in a kernel whose virtual environment is not on ``PATH``), then on
    ``PATH``.  Returns ``None`` when there is neither.
    """
    dot = shutil.which("dot")
    if dot:
        return DotProgram("dot", pathlib.Path(dot))
    local = _scripts_dir() / "graphviz-pure"
    pure = local if local.is_file() and os.access(local, os.X_OK) else \
        shutil.which("graphviz-pure")
    return DotProgram("graphviz-pure", pathlib.Path(pure)) if pure else None


def _import_graphviz() -> Any:
    try:
        import graphviz
    except ImportError as exc:  # rulebook alone, without the lab extras
        raise GraphvizMissing("The Python package graphviz is not installed (pip install -e "
                              "'.[lab]').", hint="pip install graphviz") from exc
    return graphviz


_DIGRAPH_CLASS: list[type] = []


def _digraph_class() -> type:
    """``graphviz.Digraph`` with Jupyter's display routed through :class:`Diagram`.

    Made once, on first use, so that graphviz stays out of ``import rulebook``.
    """
    graphviz = _import_graphviz()  # asked every time: says what to install when missing
    if not _DIGRAPH_CLASS:

        class RulebookDigraph(graphviz.Digraph):  # type: ignore[misc,name-defined]
            """A ``graphviz.Digraph`` that draws itself in Jupyter with whatever Graphviz is at
            hand (real ``dot``, else ``graphviz-pure``), or shows its DOT source with the
            install hint, never a traceback."""

            def _repr_mimebundle_(self, include: Any = None, exclude: Any = None,
                                  **_: Any) -> dict[str, Any]:
                return Diagram(self)._repr_mimebundle_(include, exclude)

        _DIGRAPH_CLASS.append(RulebookDigraph)
    return _DIGRAPH_CLASS[0]


def digraph(name: str | None = None, **attrs: Any) -> graphviz.Digraph:
    """A new ``graphviz.Digraph`` (for diagram generators), with a clear error if the package is missing.

    Keyword arguments are passed to ``graphviz.Digraph`` (``graph_attr``, ``node_attr``, ...).
    The graph is a true ``graphviz.Digraph``; shown bare in a notebook it draws through
    :class:`Diagram`, so the fallbacks (``graphviz-pure``, or the DOT source and the install
    hint) apply to ``rules.turn_diagram()`` and the other generated diagrams too.
    """
    graph: graphviz.Digraph = _digraph_class()(name=name, **attrs)
    return graph


class Diagram:
    """A graphviz diagram that draws itself in Jupyter with whatever Graphviz is at hand.

    ``graph`` is the ``graphviz.Digraph`` (or ``graphviz.Source``) it wraps; ``title`` an
    optional caption.  In a notebook the diagram shows as SVG, or, when no Graphviz program
    is installed, as its DOT source with one line saying how to install Graphviz.
    """

    def __init__(self, graph: graphviz.Digraph | graphviz.Source, title: str | None = None) -> None:
        self.graph = graph
        self.title = title
        # (format, program, source) -> drawing: Jupyter asks for several representations.
        self._drawn: dict[tuple[str, str, str], bytes] = {}

    @classmethod
    def from_source(cls, source: str, title: str | None = None) -> Diagram:
        """A diagram from DOT text (``graphviz.Source``)."""
        graphviz = _import_graphviz()
        return cls(graphviz.Source(source), title=title)

    @property
    def source(self) -> str:
        """The DOT source text."""
        return str(self.graph.source)

    def backend(self) -> BackendName | None:
        """Which program would draw this diagram: ``"dot"``, ``"graphviz-pure"`` or ``None``."""
        program = find_dot()
        return program.backend if program else None

    def pipe(self, format: str = "svg") -> bytes:
        """The diagram drawn in ``format`` (``svg``, ``png``; ``pdf`` only with real ``dot``).

        Raises :class:`GraphvizMissing` (with the install hint) when no program can draw it,
        and :class:`RenderFailed` when the program refuses the source or the format.
        """
        program = find_dot()
        if program is None:
            raise GraphvizMissing("Graphviz is not installed, so the diagram cannot be drawn.")
        if format not in _FORMATS[program.backend]:
            raise RenderFailed(f"{program.backend} cannot draw {format!r}; it draws "
                               f"{', '.join(sorted(_FORMATS[program.backend]))}.",
                               hint="Install Graphviz (apt-get install graphviz) for PDF."
                               if format == "pdf" else "")
        graph = self._titled_graph()
        key = (format, str(program.path), str(graph.source))
        if key in self._drawn:
            return self._drawn[key]
        graphviz = _import_graphviz()
        dot_command = graphviz.backend.dot_command
        with _SWAP_LOCK:
            saved = dot_command.DOT_BINARY
            dot_command.DOT_BINARY = program.path
            try:
                # quiet: graphviz-pure warns on stderr about widths of non-ASCII characters.
                data: bytes = graph.pipe(format=format, quiet=True)
            except graphviz.ExecutableNotFound as exc:
                raise GraphvizMissing(f"{program.path} could not be run.") from exc
            except (graphviz.CalledProcessError, subprocess.CalledProcessError) as exc:
                detail = exc.stderr.decode("utf-8", "replace").strip() \
                    if isinstance(exc.stderr, bytes) else str(exc.stderr or "")
                raise RenderFailed(f"{program.backend} could not draw the diagram: "
                                   f"{detail or exc}",
                                   hint="Check the DOT source shown with the error.") from exc
            finally:
                dot_command.DOT_BINARY = saved
        self._drawn = {key: data}
        return data

    def _titled_graph(self) -> Any:
        """The graph to draw: a copy whose own label (its title) is wrapped when it is long
        (:func:`wrap_label`); the graph itself when nothing needs wrapping."""
        attrs = getattr(self.graph, "graph_attr", None)
        label = attrs.get("label") if isinstance(attrs, dict) else None
        if not isinstance(label, str) or wrap_label(label) == label:
            return self.graph
        graph = self.graph.copy()
        graph.graph_attr["label"] = wrap_label(label)
        return graph

    def svg(self) -> str:
        """The diagram drawn as SVG text (see :meth:`pipe` for the errors it raises)."""
        return self.pipe("svg").decode("utf-8")

    def png(self) -> bytes:
        """The diagram drawn as PNG bytes (see :meth:`pipe` for the errors it raises)."""
        return self.pipe("png")

    def _fallback_html(self, error: DiagramError) -> str:
        caption = f"<p><b>{html.escape(self.title)}</b></p>" if self.title else ""
        return (f'<div class="rulebook-diagram rulebook-diagram-source">{caption}'
                f"<pre>{html.escape(self.source)}</pre>"
                f"<p><i>{html.escape(str(error))}</i></p></div>")

    def html(self) -> str:
        """HTML for a notebook or an ``ipywidgets.HTML``: the title (wrapped), a "full size"
        switch and the SVG scaled to the width of the output (see :data:`FIT_STYLE`); or the
        DOT source in ``<pre>`` and the one-line install hint.  Never raises a DiagramError.

        The switch is a checkbox whose id comes from the drawing itself, so the same diagram
        always gives the same HTML."""
        if self._drawn_by_the_page():
            return self._browser_html()
        try:
            svg = self.svg()
        except DiagramError as error:
            return self._fallback_html(error)
        svg = svg[svg.find("<svg"):]  # inline in HTML: no XML prolog or DOCTYPE
        narrowest = readable_width(svg)
        # never narrower than its labels allow: below that width the box scrolls sideways
        floor = f' style="min-width:{narrowest}px"' if narrowest else ""
        return self._frame(f"{self.title}\n{svg}", f'<div class="rb-diagram-canvas"{floor}>{svg}</div>')

    def _frame(self, identity: str, canvas: str, kind: str = "") -> str:
        """The title, the full-size switch and ``canvas`` in its box (see :data:`FIT_STYLE`);
        the switch's id is a digest of ``identity``, so the same diagram gives the same HTML."""
        key = hashlib.blake2b(identity.encode(), digest_size=6).hexdigest()
        ident = f"rb-diagram-{key}"
        caption = (f'<p class="rb-diagram-title"><b>{html.escape(self.title)}</b></p>'
                   if self.title else "")
        return (f'{FIT_STYLE}<div class="rulebook-diagram{kind}" data-diagram="{key}">{caption}'
                f'<input type="checkbox" class="rb-diagram-toggle" id="{ident}">'
                f'<label class="rb-diagram-zoom" for="{ident}" title="Show the diagram at its '
                'own size, in a box that scrolls, or fit it to the width again">'
                '<span class="rb-when-fit">open full size</span>'
                '<span class="rb-when-full">fit to the width</span></label>'
                f'<div class="rb-diagram-box" tabindex="0" role="region" '
                f'aria-label="{html.escape(self.title or "diagram", quote=True)}">{canvas}</div></div>')

    def _drawn_by_the_page(self) -> bool:
        """Whether the page draws this diagram: in the browser (Pyodide), with no program."""
        return IN_BROWSER and find_dot() is None

    def _browser_html(self) -> str:
        """The diagram for the page to draw (in the browser, where no program runs): the
        frame of :meth:`html` around a note and the DOT source (title wrapped) in a hidden
        ``<pre class="rb-diagram-dot">``, which the site's diagram extension replaces with
        the SVG drawn by Graphviz in WebAssembly.  Needs the ``graphviz`` package only to
        write the DOT text."""
        source = str(self._titled_graph().source)
        canvas = ('<div class="rb-diagram-canvas"><p class="rb-note rb-diagram-pending">'
                  'Drawing the diagram… <span class="rb-diagram-late">'
                  f'{html.escape(BROWSER_LATE_NOTE)}</span></p>'
                  f'<pre class="rb-diagram-dot" data-font-px="{READABLE_FONT_PX}" hidden>'
                  f'{html.escape(source)}</pre></div>')
        return self._frame(f"{self.title}\n{source}", canvas, kind=" rb-diagram-wasm")

    def _repr_html_(self) -> str:
        """The same as :meth:`html`: the picture fitted to the output, or the DOT source and
        the install hint when it cannot be drawn."""
        return self.html()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """Jupyter's display: :meth:`html` (JupyterLab and Voila prefer it: the picture fits
        the output's width, with a full-size switch) and the bare ``image/svg+xml`` for other
        front ends; in the browser, the HTML the page draws (:meth:`_browser_html`); when it
        cannot be drawn, HTML with the source and the install hint."""
        if self._drawn_by_the_page():
            try:
                return {"text/html": self._browser_html(), "text/plain": repr(self)}
            except DiagramError as error:
                return {"text/html": self._fallback_html(error),
                        "text/plain": f"{self.source}\n{error}"}
        try:
            svg = self.svg()
        except DiagramError as error:
            return {"text/html": self._fallback_html(error),
                    "text/plain": f"{self.source}\n{error}"}
        return {"text/html": self.html(), "image/svg+xml": svg, "text/plain": repr(self)}

    def __repr__(self) -> str:
        title = f" {self.title!r}" if self.title else ""
        lines = self.source.count("\n")
        return f"<Diagram{title}: {lines} lines of DOT>"
