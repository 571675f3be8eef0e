"""HTML pieces every widget draws with: cards, hands, tables.

Cards show rank and suit symbol, red or black.  A legal card carries a visible mark that
does not rely on colour alone: a check mark and a thick solid outline; an illegal one is
drawn plain with a dotted outline.  Nothing here knows a rule: callers pass what the
engine said (which cards are legal, which rows differ).

The pieces themselves live in :mod:`rulebook.html` (so that a bare ``state`` in a notebook
cell and every widget draw cards the same way); this module re-exports them under the
names the widgets use.

For screen readers and keyboards it adds what ipywidgets cannot set from Python: a small page
script (:data:`A11Y_SCRIPT`, run from :data:`A11Y_HTML`) that names each card button in words
and says whether it may be played (:func:`card_button_name` gives the same name in Python),
makes the refusal and the computer's moves live regions, the seats grid a table, and moves
along a hand with the arrow keys.  Implements no rule clause.
"""
from __future__ import annotations

import json
from typing import Any

from rulebook.cards import ALL_CARDS, Card
from rulebook.html import STYLE, card_html, cards_html, escape, face_down_html, table_html

__all__ = [
    "STYLE",
    "card_html",
    "cards_html",
    "face_down_html",
    "table_html",
    "escape",
    "visible_html",
    "CARD_NAMES",
    "card_class",
    "suit_class",
    "card_button_name",
    "A11Y_SCRIPT",
    "A11Y_HTML",
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


# -- accessibility: names, roles, live regions and arrow keys the browser cannot get from
# ipywidgets alone ---------------------------------------------------------------------------

CARD_NAMES: dict[str, str] = {str(card.text): str(card.name()) for card in ALL_CARDS}
"""Each card's name in words by its text (``"7H"``: ``"seven of hearts"``), from
``Card.name()``: what a screen reader says for a card."""


def card_class(card: Card) -> str:
    """The CSS class that names a card button's card (``rb-c-7H``): the browser script below
    reads the card's name from it."""
    return f"rb-c-{card.text}"


def suit_class(card: Card) -> str:
    """The CSS class of a card's suit (``rb-s-H``): the four-colour deck colours by it."""
    return f"rb-s-{card.text[-1]}"


def card_button_name(widget: Any) -> str:
    """The accessible name a card button gets in the browser, worked out from the widget's
    classes exactly as :data:`A11Y_SCRIPT` does there: the card in words, then whether it may
    be played (``seven of hearts, playable`` / ``seven of hearts, not playable``; a card
    picked for a draw adds ``, picked``).  A card of the hand picker (class ``rb-pickbtn``)
    is named by its card alone: it is a toggle, and the script sets ``aria-pressed``.  Empty for a widget that is not a card button."""
    classes = list(getattr(widget, "_dom_classes", ()))
    code = next((c[5:] for c in classes if c.startswith("rb-c-")), "")
    if code not in CARD_NAMES:
        return ""
    name = CARD_NAMES[code]
    if "rb-pickbtn" in classes:  # a toggle: the script adds aria-pressed for "picked"
        return name
    name += ", playable" if "rb-playable" in classes else ", not playable"
    return name + (", picked" if "rb-picked" in classes else "")


A11Y_SCRIPT = """(function () {
if (window.rbA11y) { window.rbA11y.fix(); return; }
var NAMES = %NAMES%;
var rec = null, queued = false;
function set(el, key, value) { if (el.getAttribute(key) !== value) el.setAttribute(key, value); }
function code(el) {
  var found = null;
  el.classList.forEach(function (c) { if (c.indexOf('rb-c-') === 0) found = c.slice(5); });
  return found && NAMES[found] ? found : null;
}
function buttons(box) {
  return Array.prototype.filter.call(box.querySelectorAll('button'), function (b) {
    return !b.disabled && b.offsetParent !== null;
  });
}
function fix() {
  queued = false;
  document.querySelectorAll('.rb-cardbtn, .rb-pickbtn').forEach(function (b) {
    var c = code(b);
    if (!c) return;
    var name = NAMES[c], cls = b.classList;
    if (cls.contains('rb-pickbtn')) {
      var on = cls.contains('mod-active');
      set(b, 'aria-pressed', on ? 'true' : 'false');
    } else {
      name += cls.contains('rb-playable') ? ', playable' : ', not playable';
      if (cls.contains('rb-picked')) name += ', picked';
    }
    set(b, 'aria-label', name);
  });
  // a slider's handle is named by the slider's description ("move")
  document.querySelectorAll('.widget-slider')
    .forEach(function (s) {
      var label = s.querySelector('.widget-label'), handle = s.querySelector('[role=slider]');
      var words = label && label.textContent.trim() || s.getAttribute('title') || 'slider';
      if (handle) set(handle, 'aria-label', words);
    });
  // a button that shows an icon alone is named by its tooltip
  document.querySelectorAll('.rb-iconbtn').forEach(function (b) {
    var tip = b.getAttribute('title');
    if (tip) set(b, 'aria-label', tip);
    if (b.classList.contains('widget-toggle-button')) {
      set(b, 'aria-pressed', b.classList.contains('mod-active') ? 'true' : 'false');
    }
  });
  document.querySelectorAll('.rb-live').forEach(function (el) {
    set(el, 'role', 'status');
    set(el, 'aria-live', 'polite');
  });
  document.querySelectorAll('.rb-grid').forEach(function (grid) {
    set(grid, 'role', 'table');
    set(grid, 'aria-label', 'Seats');
    Array.prototype.forEach.call(grid.children, function (row) {
      if (!row.classList.contains('rb-row')) return;
      set(row, 'role', 'row');
      var head = row.classList.contains('rb-headrow');
      Array.prototype.forEach.call(row.children, function (cell) {
        set(cell, 'role', head ? 'columnheader' : 'cell');
      });
    });
  });
  var active = document.activeElement;
  if (rec && (!active || active === document.body) && rec.box.isConnected) {
    // the focused button left the page or was disabled while the computer played: back
    // into the hand, at the same place
    var list = buttons(rec.box);
    var again = list.indexOf(rec.el) >= 0 ? rec.el : list[Math.min(rec.index, list.length - 1)];
    if (again) again.focus();
  }
}
function queue() {
  if (!queued) { queued = true; window.requestAnimationFrame(fix); }
}
new MutationObserver(queue).observe(document.body, {
  subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'disabled']});
document.addEventListener('mousedown', function (e) {
  if (!(e.target && e.target.closest && e.target.closest('.rb-keys'))) rec = null;
}, true);
document.addEventListener('focusin', function (e) {
  var b = e.target, box = b && b.closest ? b.closest('.rb-keys') : null;
  rec = box && b.tagName === 'BUTTON' ? {el: b, box: box, index: buttons(box).indexOf(b)} : null;
}, true);
window.addEventListener('keydown', function (e) {
  var b = e.target, box = b && b.closest ? b.closest('.rb-keys') : null;
  if (!box || b.tagName !== 'BUTTON') return;
  if (e.key === 'Enter' || e.key === ' ') { e.stopPropagation(); return; }
  var list = buttons(box), i = list.indexOf(b), step = {
    ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
  var j = step ? i + step : e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : null;
  if (i < 0 || j === null || !list.length) return;
  e.preventDefault();
  e.stopPropagation();
  list[(j + list.length) % list.length].focus();
}, true);
window.rbA11y = {fix: fix};
fix();
})();"""
"""The page script that gives the widgets what ipywidgets cannot set from Python: each card
button's ``aria-label`` (:func:`card_button_name`), ``role="status"`` on the live regions
(class ``rb-live``: refusals and the computer's moves are read out), the seats grid's table
roles (class ``rb-grid``, rows ``rb-row``), arrow keys, Home and End along a hand (class
``rb-keys``; Enter and Space play the focused card, kept from JupyterLab's notebook
shortcuts), and focus kept in the hand when the card played leaves it or the hand is disabled
while the computer plays (not after a click elsewhere).  Run once per page,
whatever number of widgets includes it; it only adds attributes and moves focus."""


A11Y_HTML = ('<img class="rb-a11y" alt="" hidden src="" onerror="'
             + escape(A11Y_SCRIPT.replace("%NAMES%", json.dumps(CARD_NAMES))) + '">')
""":data:`A11Y_SCRIPT` as HTML for an ``HTML`` widget's value: a ``<script>`` put there is
never run, an image's ``onerror`` is, in JupyterLab, Voila and JupyterLite alike (the image
has no address, so the error comes at once)."""
