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
]
