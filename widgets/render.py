"""HTML pieces every widget draws with: cards, hands, tables.

Cards show rank and suit symbol, red or black.  A legal card carries a visible mark that
does not rely on colour alone: a check mark and a thick solid outline; an illegal one is
drawn plain with a dotted outline.  Nothing here knows a rule: callers pass what the
engine said (which cards are legal, which rows differ).
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from rulebook.cards import Card, CardSet, parse_cards

__all__ = [
    "STYLE",
    "card_html",
    "cards_html",
    "face_down_html",
    "table_html",
    "escape",
]

STYLE = """<style>
.rb-card{display:inline-block;min-width:2.3em;padding:2px 4px;margin:1px;border:1px dotted #999;
 border-radius:4px;background:#fff;font-family:sans-serif;font-weight:bold;text-align:center}
.rb-red{color:#c0392b}.rb-black{color:#111}
.rb-legal{border:3px solid #1e6fd9;box-shadow:0 0 2px #1e6fd9}
.rb-legal::before{content:"✓";font-size:0.75em;color:#1e6fd9;margin-right:1px}
.rb-back{color:#777;background:repeating-linear-gradient(45deg,#dde,#dde 3px,#ccd 3px,#ccd 6px)}
.rb-last{outline:2px dashed #e67e22}
.rb-table{border-collapse:collapse;font-family:sans-serif;font-size:0.92em}
.rb-table th,.rb-table td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
.rb-table th{background:#f3f3f3}
.rb-diff td{background:#fff3cd}.rb-diff td:first-child::before{content:"≠ ";font-weight:bold}
.rb-note{font-family:sans-serif;margin:4px 0}
.rb-reason{font-family:sans-serif;padding:4px 6px;border-left:4px solid #1e6fd9;background:#f4f8fe}
.rb-bad{border-left-color:#b02a37;background:#fdf3f4}
</style>"""
"""The CSS classes the widgets' HTML uses; include it once in each HTML widget's value."""


def escape(text: object) -> str:
    """HTML-escape any value's text."""
    return html.escape(str(text))


def card_html(card: Card | str, legal: bool = False, last: bool = False,
              title: str | None = None) -> str:
    """One card as HTML; ``legal`` adds the check mark and thick outline."""
    card = Card(card) if isinstance(card, str) else card
    classes = ["rb-card", "rb-red" if card.is_red else "rb-black"]
    if legal:
        classes.append("rb-legal")
    if last:
        classes.append("rb-last")
    tip = title if title is not None else card.name() + (" — legal" if legal else "")
    return (f'<span class="{" ".join(classes)}" data-card="{card.text}" '
            f'title="{escape(tip)}">{card.pretty()}</span>')


def cards_html(cards: Iterable[Card | str] | CardSet, legal: CardSet | int | None = None,
               empty: str = "(no cards)") -> str:
    """Several cards in the order given; those in ``legal`` are marked."""
    mask = legal.mask if isinstance(legal, CardSet) else (legal or 0)
    items = parse_cards(cards) if isinstance(cards, str) else list(cards)
    parts = []
    for item in items:
        card = Card(item) if isinstance(item, str) else item
        parts.append(card_html(card, legal=bool(mask & card.mask)))
    return " ".join(parts) if parts else f'<span class="rb-note">{escape(empty)}</span>'


def face_down_html(count: int) -> str:
    """``count`` face-down cards (another seat's hidden hand)."""
    if count <= 0:
        return '<span class="rb-note">(no cards)</span>'
    return " ".join('<span class="rb-card rb-back" title="hidden card">??</span>'
                    for _ in range(count))


def table_html(headers: Sequence[str], rows: Sequence[Sequence[str]],
               highlight: Sequence[bool] | None = None, raw: bool = False) -> str:
    """An HTML table; rows whose ``highlight`` is true get the ``rb-diff`` mark (≠ and a tint).

    Cells are escaped unless ``raw`` is true (for cells that are already HTML).
    """
    esc = (lambda x: str(x)) if raw else escape
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = []
    for i, row in enumerate(rows):
        mark = ' class="rb-diff"' if highlight is not None and highlight[i] else ""
        body.append(f"<tr{mark}>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>")
    return f'<table class="rb-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
