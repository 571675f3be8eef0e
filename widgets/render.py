"""HTML pieces every widget draws with: cards, hands, tables.

Cards show rank and suit symbol, red or black.  A legal card carries a visible mark that
does not rely on colour alone: a check mark and a thick solid outline; an illegal one is
drawn plain with a dotted outline.  Nothing here knows a rule: callers pass what the
engine said (which cards are legal, which rows differ).

The pieces themselves live in :mod:`rulebook.html` (so that a bare ``state`` in a notebook
cell and every widget draw cards the same way); this module re-exports them under the
names the widgets use.
"""
from __future__ import annotations

from rulebook.html import STYLE, card_html, cards_html, escape, face_down_html, table_html

__all__ = [
    "STYLE",
    "card_html",
    "cards_html",
    "face_down_html",
    "table_html",
    "escape",
    "visible_html",
]


def visible_html(widget: object) -> str:
    """Everything a widget tree shows, as one HTML text in page order: the value of every
    ``HTML`` widget and the description of every button, label and control, skipping the
    parts hidden with ``layout.display = "none"``.  What a learner reads, for tests and
    checks ("no clause-id tuple anywhere on screen")."""
    import ipywidgets as w

    parts: list[str] = []

    def walk(node: object) -> None:
        layout = getattr(node, "layout", None)
        if layout is not None and getattr(layout, "display", None) == "none":
            return
        if isinstance(node, (w.HTML, w.HTMLMath, w.Label)):
            parts.append(str(node.value))
        elif isinstance(node, w.Button):
            parts.append(f"<button>{escape(node.description)}</button>")
        elif isinstance(node, (w.ToggleButton, w.Checkbox)):
            parts.append(f"<label>{escape(node.description)}</label>")
        elif isinstance(node, w.DOMWidget) and hasattr(node, "options") and \
                hasattr(node, "label"):
            shown = node.label if node.label is not None else ""
            parts.append(f"<label>{escape(getattr(node, 'description', ''))}</label>"
                         f"<select>{escape(shown)}</select>")
        elif isinstance(node, w.DOMWidget) and hasattr(node, "description") and \
                not isinstance(node, w.Box):
            parts.append(f"<label>{escape(getattr(node, 'description', ''))}</label>"
                         f"<input>{escape(getattr(node, 'value', ''))}</input>")
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget)
    return "\n".join(parts)
