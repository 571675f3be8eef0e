"""The shape of a how-to-play text and a rule sheet, and how each is drawn.

A game's content module (``rulebook/games/<game>/words.py``) writes
:class:`Section` values made of :class:`Para`, :class:`Bullets` and :class:`Table` blocks;
this module turns them into plain text, HTML (a fragment for Jupyter, or a whole page with
print CSS) and PDF (with fpdf2, imported only when a PDF is asked for).  Nothing here knows a
rule or a game: it lays out words that the content modules computed from a rules object.

Card symbols in the words (``10♥``, ``J♠``) are drawn red or black; in the PDF the suit
symbols come from an embedded DejaVu Sans when one is found (:func:`suit_font_path`), else
from the standard ZapfDingbats font, so no font file is needed.

The PDF is laid out here, not by fpdf2's text flow: the words are broken into lines in two
columns of an A4 page at the largest body size of :data:`PDF_BODY_SIZES` (11 pt at least)
that fits one page, else two; the last page's columns are balanced; a heading always stays
with the start of its text; a :class:`Picture` of cards is drawn with the PDF's own lines.
"""
from __future__ import annotations

import dataclasses
import html as _html
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Union

from ..cards import SUIT_SYMBOLS
from ..errors import RulebookError, plain_str, quoted

__all__ = [
    "SheetError", "Para", "Bullets", "Table", "Block", "Section", "HowToPlay", "RuleSheet",
    "RulesTable", "Picture", "PictureRow", "PictureCard", "CARD_TOKEN", "symbols",
    "words_html", "picture_html", "PDF_BODY_SIZES",
]


class SheetError(RulebookError):
    """A rule sheet cannot be written as asked (an unknown file type, fpdf2 missing)."""


CARD_TOKEN = re.compile(r"(10|[2-9AJQK])?([♣♦♥♠])")
"""A card in symbols (``10♥``, ``J♠``) or a bare suit symbol (``♦``) inside a sentence."""

_RED = "♦♥"


@dataclasses.dataclass(frozen=True)
class Para:
    """A paragraph: optional bold lead words, then the text."""

    text: str
    """The sentence(s)."""
    lead: str = ""
    """Words shown in bold before the text (e.g. ``"Aces."``); empty for none."""

    def plain(self) -> str:
        """The paragraph as one line of plain text."""
        return f"{self.lead} {self.text}".strip()


@dataclasses.dataclass(frozen=True)
class Bullets:
    """A bulleted list of paragraphs."""

    items: tuple[Para, ...]
    """The list's items, in order."""


@dataclasses.dataclass(frozen=True)
class Table:
    """A small table of text: a header row and body rows of the same width."""

    header: tuple[str, ...]
    """The column titles."""
    rows: tuple[tuple[str, ...], ...]
    """The body rows."""


Block = Union[Para, Bullets, Table]
"""One block of a section."""


@dataclasses.dataclass(frozen=True)
class Section:
    """One titled part of a how-to-play text: goal, set-up, your turn, end, example ..."""

    key: str
    """A stable name for tests and for picking sections: ``goal``, ``setup``, ``turn``, ..."""
    title: str
    """The heading a learner reads."""
    blocks: tuple[Block, ...]
    """The paragraphs, lists and tables, in order."""

    def text(self) -> str:
        """The section as plain text (heading, then its blocks)."""
        lines = [self.title, "-" * len(self.title)]
        for block in self.blocks:
            lines.extend(_block_lines(block))
        return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class PictureCard:
    """One card in a :class:`Picture`: its text in symbols (``7♥``) and how it is drawn."""

    text: str
    """The card in symbols, e.g. ``10♥``; empty for a blank place."""
    look: str = "card"
    """``card`` (drawn plainly), ``next`` (a dashed edge: it may be played now), ``faded``
    (grey: it does not count, or cannot be played), ``slot`` (an empty outline: a place a
    card will go) or ``blank`` (nothing drawn)."""


@dataclasses.dataclass(frozen=True)
class PictureRow:
    """One row of a :class:`Picture`: a short label, the cards, a note after them."""

    label: str
    """Words or a suit symbol at the row's left (``♥``, ``Top card``); may be empty."""
    cards: tuple[PictureCard, ...]
    """The cards, left to right."""
    note: str = ""
    """A few words after the last card (``no row yet``); empty for none."""


@dataclasses.dataclass(frozen=True)
class Picture:
    """A small picture of cards for a rule sheet: rows of cards and a caption, drawn with
    the PDF's own lines (and as HTML boxes on the web page) at the end of one section."""

    section: str
    """The key of the section it illustrates: it is drawn at that section's end."""
    rows: tuple[PictureRow, ...]
    """The rows of cards, top to bottom."""
    caption: str
    """What the picture shows, in a sentence or two."""

    def text(self) -> str:
        """The picture as plain text: one line a row, then the caption."""
        lines = []
        for row in self.rows:
            cards = " ".join(c.text if c.look in ("card", "next") else f"({c.text})"
                             for c in row.cards if c.look != "blank" and c.text)
            lines.append("  " + " ".join(p for p in (row.label + ":" if row.label else "",
                                                     cards, row.note) if p))
        return "\n".join([*lines, self.caption])


def _block_lines(block: Block) -> list[str]:
    if isinstance(block, Para):
        return [block.plain()]
    if isinstance(block, Bullets):
        return [f"  • {item.plain()}" for item in block.items]
    rows = (block.header, *block.rows)
    widths = [max(len(r[i]) for r in rows) for i in range(len(block.header))]
    return ["  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in rows]


_LETTER_CARD = re.compile(
    r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([CDHS])(?:>([CDHS]))?(?![A-Za-z0-9])")


def symbols(text: str) -> str:
    """``text`` with every card in letter notation written in symbols.

    >>> symbols("7H opens; JS>D names diamonds; TS and 10C")
    '7♥ opens; J♠ naming ♦ names diamonds; 10♠ and 10♣'
    """
    def card(match: re.Match[str]) -> str:
        rank = "10" if match.group(1) in ("T", "10") else match.group(1)
        out = rank + SUIT_SYMBOLS[match.group(2)]
        if match.group(3):
            out += " naming " + SUIT_SYMBOLS[match.group(3)]
        return out
    return _LETTER_CARD.sub(card, text)


# --------------------------------------------------------------------------------------
# HTML
# --------------------------------------------------------------------------------------
def words_html(text: str) -> str:
    """Escape ``text`` and draw every card or suit symbol in it red or black."""
    out: list[str] = []
    last = 0
    for match in CARD_TOKEN.finditer(text):
        out.append(_html.escape(text[last:match.start()]))
        colour = "rb-red" if match.group(2) in _RED else "rb-black"
        out.append(f'<span class="{colour} rb-sym">{_html.escape(match.group(0))}</span>')
        last = match.end()
    out.append(_html.escape(text[last:]))
    return "".join(out)


def _para_html(para: Para) -> str:
    lead = f"<b>{words_html(para.lead)}</b> " if para.lead else ""
    return lead + words_html(para.text)


def block_html(block: Block) -> str:
    """One block as HTML."""
    if isinstance(block, Para):
        return f"<p>{_para_html(block)}</p>"
    if isinstance(block, Bullets):
        items = "".join(f"<li>{_para_html(p)}</li>" for p in block.items)
        return f"<ul>{items}</ul>"
    head = "".join(f"<th>{words_html(h)}</th>" for h in block.header)
    body = "".join("<tr>" + "".join(f"<td>{words_html(c)}</td>" for c in row) + "</tr>"
                   for row in block.rows)
    return (f'<table class="rb-sheet-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def section_html(section: Section, level: int = 3) -> str:
    """One section as HTML, its heading at ``level``."""
    blocks = "".join(block_html(b) for b in section.blocks)
    return (f'<section class="rb-sec" data-section="{section.key}">'
            f"<h{level}>{words_html(section.title)}</h{level}>{blocks}</section>")


def picture_html(picture: Picture) -> str:
    """A :class:`Picture` as HTML: rows of small card boxes and the caption."""
    rows = []
    for row in picture.rows:
        cards = "".join(
            f'<span class="rb-card rb-card-{_html.escape(c.look)}">{words_html(c.text)}</span>'
            for c in row.cards)
        label = f'<span class="rb-pic-label">{words_html(row.label)}</span>'
        note = f'<span class="rb-pic-note">{words_html(row.note)}</span>' if row.note else ""
        rows.append(f'<div class="rb-pic-row">{label}{cards}{note}</div>')
    return (f'<figure class="rb-pic">{"".join(rows)}'
            f"<figcaption>{words_html(picture.caption)}</figcaption></figure>")


SHEET_CSS = """
.rb-sheet{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;color:#111;line-height:1.35;
 max-width:62em}
div.rb-sheet h2{font-size:1.35em;font-weight:bold;margin:0 0 .15em 0}
div.rb-sheet .rb-sec h3{font-size:1.12em;font-weight:bold;margin:.8em 0 .25em 0;color:#1d3f72}
.rb-sheet p{margin:.25em 0}
.rb-sheet ul{margin:.2em 0 .2em 1.1em;padding:0}
.rb-sheet li{margin:.12em 0}
.rb-sheet .rb-sub{color:#444;margin:0 0 .4em 0}
.rb-sheet .rb-red{color:#c0392b;font-weight:bold}
.rb-sheet .rb-black{color:#111;font-weight:bold}
.rb-sheet table.rb-sheet-table{border-collapse:collapse;margin:.3em 0;font-size:.95em}
.rb-sheet table.rb-sheet-table th,.rb-sheet table.rb-sheet-table td{border:1px solid #bbb;
 padding:2px 6px;text-align:left;vertical-align:top}
.rb-sheet table.rb-sheet-table th{background:#eef2f8}
.rb-sheet .rb-cols{column-count:2;column-gap:2em}
.rb-sheet h3{break-after:avoid}
.rb-sheet li,.rb-sheet p{break-inside:avoid}
.rb-sheet .rb-sec[data-section="glance"]{break-inside:avoid}
.rb-sheet .rb-foot{color:#555;font-size:.9em;font-style:italic;margin-top:.6em}
.rb-sheet figure.rb-pic{margin:.4em 0;break-inside:avoid}
.rb-sheet .rb-pic-row{display:flex;align-items:center;gap:3px;margin:2px 0}
.rb-sheet .rb-pic-label{min-width:1.6em;font-weight:bold}
.rb-sheet .rb-card{display:inline-flex;align-items:center;justify-content:center;width:2.3em;
 height:2.9em;border:1px solid #444;border-radius:4px;background:#fff;font-weight:bold;
 font-size:.9em}
.rb-sheet .rb-card-next{border-style:dashed}
.rb-sheet .rb-card-faded{border-color:#bbb;background:#f0f0f0;opacity:.55}
.rb-sheet .rb-card-blank{visibility:hidden}
.rb-sheet .rb-card-slot{border:1px dotted #aaa;background:none}
.rb-sheet .rb-pic-note{color:#555;font-style:italic;margin-left:.4em}
.rb-sheet figcaption{font-style:italic;margin-top:.2em}
"""
"""The style of how-to-play texts and rule sheets, scoped to ``.rb-sheet``."""

PRINT_CSS = """
@page{size:A4;margin:11mm}
html,body{margin:0;padding:0}
body{font-size:11pt}
.rb-sheet table.rb-sheet-table{font-size:.92em}
.rb-sheet table.rb-sheet-table th,.rb-sheet table.rb-sheet-table td{padding:1px 5px}
.rb-sheet{max-width:none}
@media screen{body{background:#e8e8e8}.rb-sheet{background:#fff;max-width:188mm;margin:8mm auto;
 padding:10mm;box-shadow:0 0 6px #999}}
@media print{.rb-sheet{padding:0}}
"""
"""What a standalone rule sheet page adds: an A4 page, 11 pt print (one or two pages), a paper
look on screen."""


class _Sections:
    """What a how-to-play text and a rule sheet share: sections picked by their keys."""

    sections: tuple[Section, ...]

    @property
    def keys(self) -> list[str]:
        """The section keys, in order."""
        return [s.key for s in self.sections]

    def section(self, key: str) -> Section:
        """The section called ``key``; an unknown key, or one that is not text, raises
        :class:`SheetError` (quoting at most 60 characters of it)."""
        name = plain_str(key)
        if name is None:
            raise SheetError(f"a section is named by text such as 'goal', not {quoted(key)}")
        for section in self.sections:
            if section.key == name:
                return section
        raise SheetError(f"no section {quoted(name)}: expected one of {', '.join(self.keys)}")


@dataclasses.dataclass(frozen=True)
class HowToPlay(_Sections):
    """How to play one ruleset, in plain words: goal, set-up, your turn, the end, an example.

    Made by :func:`rulebook.sheets.how_to_play` (``rules.how_to_play()``) from the rules
    object, so a house rule switched on changes the text.  Shows itself as HTML in Jupyter;
    ``str()`` gives plain text.
    """

    rules: Any
    """The rules object it was written from."""
    title: str
    """The heading, e.g. ``"How to play <title>"``."""
    intro: str
    """One sentence saying what kind of game this is."""
    sections: tuple[Section, ...]
    """The parts, in reading order."""

    def text(self) -> str:
        """The whole text, plain."""
        return "\n\n".join([f"{self.title}\n{'=' * len(self.title)}", self.intro,
                            *(s.text() for s in self.sections)])

    __str__ = text

    def __repr__(self) -> str:
        return f"<{self.title}: {', '.join(s.title for s in self.sections)}>"

    def html(self) -> str:
        """The text as an HTML fragment (with its scoped style)."""
        body = "".join(section_html(s) for s in self.sections)
        return (f"<style>{SHEET_CSS}</style><div class=\"rb-sheet rb-howto\">"
                f"<h2>{words_html(self.title)}</h2><p class=\"rb-sub\">{words_html(self.intro)}</p>"
                f"{body}</div>")

    _repr_html_ = html


@dataclasses.dataclass(frozen=True)
class RuleSheet(_Sections):
    """A printable rule sheet for one ruleset (two A4 pages, one when it fits), with the house rules that are on.

    ``.html()`` is a whole web page that prints on one or two A4 pages; ``_repr_html_`` shows it in a
    notebook; ``.pdf()`` gives PDF bytes (needs fpdf2, in the ``lab`` extra); ``.save(path)``
    writes HTML, PDF or text by the file's suffix.
    """

    rules: Any
    """The rules object it was written from."""
    title: str
    """The ruleset's name."""
    subtitle: str
    """One line: what kind of game, and which house rules are on."""
    sections: tuple[Section, ...]
    """The parts, in reading order (shown in two columns)."""
    footer: str
    """A small last line for the teacher: the ruleset with its house rules, and where the
    sheet comes from."""
    picture: Picture | None = None
    """A small picture of cards drawn at the end of its section (``None``: no picture)."""

    def text(self) -> str:
        """The sheet as plain text."""
        return "\n\n".join([f"{self.title}\n{'=' * len(self.title)}", self.subtitle,
                            *(s.text() for s in self.sections), self.footer])

    __str__ = text

    def __repr__(self) -> str:
        return f"<rule sheet: {self.title}, {', '.join(s.title for s in self.sections)}>"

    def _body(self) -> str:
        parts = []
        for section in self.sections:
            html = section_html(section)
            if self.picture is not None and self.picture.section == section.key:
                html = html[:-len("</section>")] + picture_html(self.picture) + "</section>"
            parts.append(html)
        sections = "".join(parts)
        return (f'<div class="rb-sheet rb-rulesheet"><h2>{words_html(self.title)}</h2>'
                f'<p class="rb-sub">{words_html(self.subtitle)}</p>'
                f'<div class="rb-cols">{sections}</div>'
                f'<p class="rb-foot">{words_html(self.footer)}</p></div>')

    def html(self) -> str:
        """A whole HTML page that prints on one or two A4 pages at 11 pt, like the PDF."""
        title = _html.escape(f"{self.title}: rule sheet")
        return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{title}</title><style>{SHEET_CSS}{PRINT_CSS}</style></head>"
                f"<body>{self._body()}</body></html>\n")

    def _repr_html_(self) -> str:
        return f"<style>{SHEET_CSS}</style>{self._body()}"

    def pdf(self) -> bytes:
        """The sheet as an A4 PDF in two columns at 11 pt or more: one page when it fits,
        else two (fpdf2 is imported here; SheetError without it)."""
        return _pdf_bytes(self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the sheet to ``path``: ``.html``/``.htm`` a web page, ``.pdf`` a PDF,
        ``.txt``/``.md`` plain text.  Returns the path written.

        ``path`` is text or a path object; anything else, another suffix or a file that
        cannot be written raises :class:`SheetError`, quoting at most 60 characters of it.
        """
        target = _save_target(path)
        suffix = target.suffix.lower()
        if suffix in (".html", ".htm"):
            data = self.html().encode("utf-8")
        elif suffix == ".pdf":
            data = self.pdf()
        elif suffix in (".txt", ".md"):
            data = (self.text() + "\n").encode("utf-8")
        else:
            ending = (f" (a name ending in {quoted(target.suffix, 20)})"
                      if len(target.name) > 60 and target.suffix else "")
            raise SheetError(f"cannot save a rule sheet as {quoted(target.name)}{ending}: "
                             "expected a file name ending in .html, .pdf or .txt")
        try:
            target.write_bytes(data)
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise SheetError(f"cannot write the rule sheet to {quoted(str(target))}: "
                             f"{reason}") from None
        return target


def _save_target(path: object) -> Path:
    """``path`` (text or a path object) as a :class:`Path`, or :class:`SheetError`."""
    given = path
    if not isinstance(path, str) and isinstance(path, os.PathLike):
        try:
            path = os.fspath(path)
        except Exception:  # a path object that cannot say its path  # noqa: BLE001
            path = None
    name = plain_str(path)
    if name is None or not name.strip() or "\x00" in name:
        raise SheetError(f"cannot save a rule sheet to {quoted(given)}: expected a file name "
                         "such as 'sheet.pdf', 'sheet.html' or 'sheet.txt'")
    return Path(name)


# --------------------------------------------------------------------------------------
# The rules table: describe() rows as a clean HTML table
# --------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class RulesTable:
    """A ruleset's description rows as a table a learner reads: topic, setting, value, what
    it means, and the clause ids small and last.  Needs no pandas."""

    title: str
    """The ruleset's name (shown above the table)."""
    rows: tuple[Any, ...]
    """The :class:`rulebook.rules.Row` values, in order."""
    labels: tuple[tuple[str, str], ...] = ()
    """Words to show for some settings (an option's name -> its label in the profile)."""

    def html(self) -> str:
        """The table as HTML (with its scoped style)."""
        body: list[str] = []
        last_topic = None
        for row in self.rows:
            topic = row.topic if row.topic != last_topic else ""
            last_topic = row.topic
            setting = dict(self.labels).get(row.setting, row.setting.replace("_", " "))
            body.append(
                f'<tr><td class="rb-topic">{words_html(topic)}</td>'
                f"<td>{words_html(setting)}</td>"
                f"<td class=\"rb-val\">{words_html(symbols(row.value))}</td>"
                f"<td>{words_html(symbols(row.meaning))}</td>"
                f'<td class="rb-clauses">{_html.escape(", ".join(row.clauses))}</td></tr>')
        return (f"<style>{SHEET_CSS}{RULES_TABLE_CSS}</style>"
                f'<div class="rb-sheet rb-rules-scroll"><table class="rb-rules-table"><caption>'
                f"{words_html(self.title)}</caption><thead><tr><th>topic</th><th>setting</th>"
                "<th>in this game</th><th>what it means</th><th class=\"rb-clauses\">rules</th>"
                f"</tr></thead><tbody>{''.join(body)}</tbody></table></div>")

    _repr_html_ = html

    def __repr__(self) -> str:
        return f"{self.title}\n{self.text()}"

    def text(self) -> str:
        """The table as plain text, one row a line."""
        return "\n".join(f"{r.setting.replace('_', ' ')}: {symbols(r.value)} — "
                         f"{symbols(r.meaning)}" for r in self.rows)

    __str__ = text


RULES_TABLE_CSS = """
.rb-sheet.rb-rules-scroll{max-width:100%;overflow-x:auto}
.rb-sheet table.rb-rules-table{border-collapse:collapse;font-size:.95em;text-align:left}
.rb-sheet table.rb-rules-table caption{text-align:left;font-weight:bold;padding:2px 0}
.rb-sheet table.rb-rules-table th,.rb-sheet table.rb-rules-table td{text-align:left;
 vertical-align:top;padding:3px 8px;border-bottom:1px solid #ddd}
.rb-sheet table.rb-rules-table th{border-bottom:2px solid #999}
.rb-sheet .rb-topic{color:#1d3f72;font-weight:bold;white-space:nowrap}
.rb-sheet .rb-val{white-space:nowrap;font-weight:bold}
.rb-sheet .rb-clauses{color:#595959;font-size:.75em;white-space:normal;min-width:6em}
"""
"""The rules table's own style (left-aligned, clause ids small and grey; wider than a narrow
notebook, it scrolls sideways in its own box)."""

# --------------------------------------------------------------------------------------
# PDF (fpdf2, imported lazily): our own two-column layout
# --------------------------------------------------------------------------------------
_ZAPF = {"♣": "\u00a8", "♦": "\u00a9", "♥": "\u00aa", "♠": "\u00ab"}
"""The ZapfDingbats codes of the four suit symbols (a168..a171)."""

_PDF_TEXT = str.maketrans({"→": "->", "≠": "not", "✓": "v", "✔": "v", "✘": "x",
                           "≤": "<=", "≥": ">=", "\u2009": " ", "\u202f": " ", "\u00a0": " ",
                           "−": "-", "\u2011": "-"})


def _pdf_plain(text: str) -> str:
    return text.translate(_PDF_TEXT)


SUIT_FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/Library/Fonts/DejaVuSans.ttf",
)
"""Where a DejaVu Sans font file may be: embedded for the suit symbols when found, so every
PDF viewer draws them alike (a viewer that has no ZapfDingbats substitutes another font,
whose wider symbols then run into the next word)."""


def suit_font_path() -> Path | None:
    """A font file with the four suit symbols to embed in PDFs, or ``None`` (ZapfDingbats)."""
    path = next((p for p in map(Path, SUIT_FONT_PATHS) if p.is_file()), None)
    if path is not None:
        return path
    try:
        import matplotlib  # noqa: F401  (ships DejaVu Sans; only if already installed)
    except ImportError:
        return None
    path = Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf" / "DejaVuSans.ttf"
    return path if path.is_file() else None


PDF_BODY_SIZES = (12.5, 12.0, 11.5, 11.0)
"""The body text sizes (points) a PDF sheet tries, largest first: the largest that fits on
one page, else on two; nothing on a sheet is set smaller than the last."""

_MM = 25.4 / 72  # millimetres per point
_PAGE_W, _PAGE_H = 210.0, 297.0
_MARGIN_X, _MARGIN_TOP, _MARGIN_BOTTOM = 13.0, 12.0, 11.0
_GUTTER = 8.0
_COL_W = (_PAGE_W - 2 * _MARGIN_X - _GUTTER) / 2
_INK = (17, 17, 17)
_RED_INK = (192, 57, 43)
_HEAD_INK = (29, 63, 114)
_GREY_INK = (90, 90, 90)

_Colour = tuple[int, int, int]


@dataclasses.dataclass(frozen=True)
class _Run:
    """A stretch of text in one font and colour."""

    text: str
    family: str
    style: str
    size: float
    colour: _Colour


@dataclasses.dataclass(frozen=True)
class _Frag:
    """A run placed on a line, ``x`` millimetres from the line's start."""

    x: float
    run: _Run


@dataclasses.dataclass(frozen=True)
class _Piece:
    """Something of fixed height the columns stack: a line, a table row, a picture.

    ``gap`` is the space above it, dropped at the top of a column."""

    height: float
    draw: Callable[[float, float], None]
    gap: float = 0.0


@dataclasses.dataclass(frozen=True)
class _Item:
    """Pieces that go together: a column may break only before the pieces in ``splits``;
    ``keep`` keeps it in the same column as the start of the next item (a heading);
    ``floats`` lets it move to the top of the next column (a picture)."""

    pieces: tuple[_Piece, ...]
    splits: frozenset[int] = frozenset()
    keep: bool = False
    floats: bool = False

    def first_chunk(self) -> float:
        """The height of the pieces that must stay together at the item's start."""
        end = min(self.splits, default=len(self.pieces))
        return sum(p.height for p in self.pieces[:end]) + self.pieces[0].gap


class _Writer:
    """Measures, breaks and draws text on an fpdf2 document with the sheet's fonts."""

    def __init__(self, pdf: Any, suit_family: str, suit_codes: dict[str, str],
                 unicode_family: str | None) -> None:
        self.pdf = pdf
        self.suit_family = suit_family
        self.suit_codes = suit_codes
        self.unicode_family = unicode_family
        self._widths: dict[tuple[str, str, float, str], float] = {}

    # ---- words -> runs -------------------------------------------------------------------
    def runs(self, text: str, style: str, size: float, colour: _Colour = _INK) -> list[_Run]:
        """``text`` as runs: card symbols red or black with bold ranks, the rest in
        Helvetica (characters it lacks in the embedded font, or as ``?`` without one)."""
        out: list[_Run] = []
        last = 0
        for match in CARD_TOKEN.finditer(text):
            out += self._plain_runs(text[last:match.start()], style, size, colour)
            ink = _RED_INK if match.group(2) in _RED else (
                colour if colour != _INK else _INK)
            if match.group(1):
                out.append(_Run(match.group(1), "helvetica", "B", size, ink))
            suit = self.suit_codes.get(match.group(2), match.group(2))
            out.append(_Run(suit, self.suit_family, "", max(size * 0.92, PDF_BODY_SIZES[-1]),
                            ink))
            last = match.end()
        out += self._plain_runs(text[last:], style, size, colour)
        return out

    def _plain_runs(self, text: str, style: str, size: float, colour: _Colour) -> list[_Run]:
        out: list[_Run] = []
        chunk: list[str] = []
        for char in _pdf_plain(text):
            try:
                char.encode("windows-1252")
            except UnicodeEncodeError:
                if chunk:
                    out.append(_Run("".join(chunk), "helvetica", style, size, colour))
                    chunk = []
                if self.unicode_family is not None:
                    out.append(_Run(char, self.unicode_family, "", size, colour))
                else:
                    out.append(_Run("?", "helvetica", style, size, colour))
                continue
            chunk.append(char)
        if chunk:
            out.append(_Run("".join(chunk), "helvetica", style, size, colour))
        return out

    # ---- measuring and breaking ----------------------------------------------------------
    def width(self, run: _Run, text: str | None = None) -> float:
        """The width of ``text`` (the run's own text by default) in the run's font, in mm."""
        text = run.text if text is None else text
        key = (run.family, run.style, run.size, text)
        if key not in self._widths:
            self.pdf.set_font(run.family, run.style, run.size)
            self._widths[key] = float(self.pdf.get_string_width(text))
        return self._widths[key]

    def lines(self, runs: list[_Run], width: float) -> list[list[_Frag]]:
        """``runs`` broken into lines no wider than ``width`` (at spaces; a word longer than
        a line is cut)."""
        words: list[list[_Run]] = [[]]
        for run in runs:
            for i, part in enumerate(run.text.split(" ")):
                if i:
                    words.append([])
                if part:
                    words[-1].append(dataclasses.replace(run, text=part))
        lines: list[list[_Frag]] = [[]]
        x = 0.0
        for word in (w for w in words if w):
            size = word[0].size
            space = self.width(_Run(" ", "helvetica", word[0].style if word[0].family ==
                                    "helvetica" else "", size, _INK))
            w = sum(self.width(r) for r in word)
            if lines[-1] and x + space + w > width:
                lines.append([])
                x = 0.0
            elif lines[-1]:
                x += space
            if w > width:  # one word wider than a line: cut it
                for run in word:
                    for char in run.text:
                        cw = self.width(run, char)
                        if x + cw > width and lines[-1]:
                            lines.append([])
                            x = 0.0
                        lines[-1].append(_Frag(x, dataclasses.replace(run, text=char)))
                        x += cw
                continue
            for run in word:
                lines[-1].append(_Frag(x, run))
                x += self.width(run)
        return lines

    def line_width(self, line: list[_Frag]) -> float:
        """How wide a broken line is, in mm."""
        return max((f.x + self.width(f.run) for f in line), default=0.0)

    # ---- drawing -------------------------------------------------------------------------
    def draw_line(self, line: list[_Frag], x: float, baseline: float) -> None:
        """Draw one broken line with its left end at ``x`` on ``baseline``."""
        pdf = self.pdf
        for frag in line:
            run = frag.run
            pdf.set_font(run.family, run.style, run.size)
            pdf.set_text_color(*run.colour)
            pdf.text(x + frag.x, baseline, run.text)


def _line_height(size: float) -> float:
    return size * 1.24 * _MM


def _text_item(writer: _Writer, runs: list[_Run], size: float, gap: float, *,
               indent: float = 0.0, bullet: bool = False, keep: bool = False) -> _Item:
    """A paragraph as an item of lines (a column breaks inside it only with two lines on
    either side)."""
    lines = writer.lines(runs, _COL_W - indent)
    lh = _line_height(size)
    pieces = []
    for i, line in enumerate(lines):
        def draw(x: float, y: float, line: list[_Frag] = line, first: bool = i == 0) -> None:
            if bullet and first:
                writer.draw_line([_Frag(0, _Run("\u2022", "helvetica", "B", size, _HEAD_INK))],
                                 x + 0.6, y + lh * 0.78)
            writer.draw_line(line, x + indent, y + lh * 0.78)
        pieces.append(_Piece(lh, draw, gap if i == 0 else 0.0))
    splits = frozenset(range(2, len(lines) - 1)) if len(lines) >= 4 else frozenset()
    return _Item(tuple(pieces), splits, keep)


def _table_item(writer: _Writer, table: Table, size: float, gap: float) -> _Item:
    """A table of two columns (a setting and its value) as rows with thin rules."""
    lh = _line_height(size)
    left_w = _COL_W * 0.4
    pieces = []
    for i, row in enumerate(table.rows):
        label = writer.lines(writer.runs(row[0], "B", size), left_w - 2)
        value = writer.lines(writer.runs("  ".join(c for c in row[1:] if c), "", size),
                             _COL_W - left_w)
        height = max(len(label), len(value)) * lh + 1.0

        def draw(x: float, y: float, label: list[list[_Frag]] = label,
                 value: list[list[_Frag]] = value) -> None:
            writer.pdf.set_draw_color(200, 205, 215)
            writer.pdf.set_line_width(0.2)
            writer.pdf.line(x, y, x + _COL_W, y)
            for k, line in enumerate(label):
                writer.draw_line(line, x, y + 0.5 + k * lh + lh * 0.78)
            for k, line in enumerate(value):
                writer.draw_line(line, x + left_w, y + 0.5 + k * lh + lh * 0.78)
        pieces.append(_Piece(height, draw, gap if i == 0 else 0.0))
    n = len(pieces)
    return _Item(tuple(pieces), frozenset(range(3, n - 2)) if n >= 6 else frozenset())


_CARD_W, _CARD_H, _CARD_GAP, _ROW_GAP = 10.4, 13.0, 1.4, 1.6


def _picture_item(writer: _Writer, picture: Picture, size: float, gap: float) -> _Item:
    """A picture of cards in rows (one block that is never split), its caption below."""
    pdf = writer.pdf
    lh = _line_height(size)
    labels = [writer.lines(writer.runs(r.label, "B", size), _COL_W) for r in picture.rows]
    label_w = max((writer.line_width(ln[0]) for ln in labels if ln and ln[0]), default=0.0)
    label_w = label_w + 2.0 if label_w else 0.0
    caption = writer.lines(writer.runs(picture.caption, "I", size, _INK), _COL_W)
    rows_h = len(picture.rows) * (_CARD_H + _ROW_GAP)
    height = rows_h + len(caption) * lh + 1.0

    def card(x: float, y: float, shown: PictureCard) -> None:
        if shown.look == "blank":
            return
        pdf.set_line_width(0.35)
        if shown.look == "slot":
            pdf.set_draw_color(175, 175, 175)
            pdf.set_dash_pattern(dash=0.5, gap=0.7)
            pdf.rect(x, y, _CARD_W, _CARD_H, style="D", round_corners=True, corner_radius=1.3)
            pdf.set_dash_pattern()
            return
        if shown.look == "next":
            pdf.set_draw_color(60, 60, 60)
            pdf.set_fill_color(255, 255, 255)
            pdf.set_dash_pattern(dash=1.1, gap=0.8)
        elif shown.look == "faded":
            pdf.set_draw_color(185, 185, 185)
            pdf.set_fill_color(240, 240, 240)
        else:
            pdf.set_draw_color(60, 60, 60)
            pdf.set_fill_color(255, 255, 255)
        pdf.rect(x, y, _CARD_W, _CARD_H, style="DF", round_corners=True, corner_radius=1.3)
        pdf.set_dash_pattern()
        runs = writer.runs(shown.text, "B", PDF_BODY_SIZES[-1])
        if shown.look == "faded":
            runs = [dataclasses.replace(r, colour=(160, 160, 160)) for r in runs]
        width = sum(writer.width(r) for r in runs)
        lines = [[]]  # type: list[list[_Frag]]
        at = 0.0
        for run in runs:
            lines[0].append(_Frag(at, run))
            at += writer.width(run)
        writer.draw_line(lines[0], x + (_CARD_W - width) / 2,
                         y + _CARD_H / 2 + PDF_BODY_SIZES[-1] * _MM * 0.35)

    def draw(x: float, y: float) -> None:
        for i, row in enumerate(picture.rows):
            top = y + i * (_CARD_H + _ROW_GAP)
            middle = top + _CARD_H / 2 + size * _MM * 0.35
            if labels[i] and labels[i][0]:
                writer.draw_line(labels[i][0], x, middle)
            last = x + label_w
            for k, shown in enumerate(row.cards):
                cx = x + label_w + k * (_CARD_W + _CARD_GAP)
                card(cx, top, shown)
                if shown.look != "blank":
                    last = cx + _CARD_W
            if row.note:
                note = writer.runs(row.note, "I", size, _GREY_INK)
                at = 0.0
                frags = []
                for run in note:
                    frags.append(_Frag(at, run))
                    at += writer.width(run)
                writer.draw_line(frags, last + 2.0, middle)
        for k, line in enumerate(caption):
            writer.draw_line(line, x, y + rows_h + 0.5 + k * lh + lh * 0.78)
    return _Item((_Piece(height, draw, gap),), floats=True)


def _flow(items: list[_Item], limit: Callable[[int], float]
          ) -> list[list[tuple[_Piece, float]]]:
    """Stack ``items`` into columns no taller than ``limit(column number)``: a column breaks
    only where an item allows it, a heading stays with the start of what follows, and a
    picture that does not fit where it comes goes to the top of the next column while the
    text goes on filling this one."""
    columns: list[list[tuple[_Piece, float]]] = [[]]
    y = 0.0
    queue = list(items)
    deferred: list[_Item] = []
    i = 0

    def place(item: _Item, pieces: tuple[_Piece, ...]) -> None:
        nonlocal y
        for k, piece in enumerate(pieces):
            gap = piece.gap if k == 0 and columns[-1] else 0.0
            columns[-1].append((piece, y + gap))
            y += gap + piece.height

    def new_column() -> None:
        nonlocal y
        columns.append([])
        y = 0.0
        while deferred:
            picture = deferred.pop(0)
            place(picture, picture.pieces)

    while i < len(queue):
        item = queue[i]
        room = limit(len(columns) - 1)
        empty = not columns[-1]
        gap = 0.0 if empty else item.pieces[0].gap
        need = gap + sum(p.height for p in item.pieces)
        if item.keep and i + 1 < len(queue):
            need += queue[i + 1].first_chunk()
        if y + need <= room or (empty and item.keep):
            place(item, item.pieces)
            i += 1
            continue
        if item.floats and not empty and not deferred:
            deferred.append(item)
            i += 1
            continue
        if not item.keep:
            fits = [s for s in sorted(item.splits) if
                    y + gap + sum(p.height for p in item.pieces[:s]) <= room]
            if fits:
                s = fits[-1]
                place(item, item.pieces[:s])
                rest = item.pieces[s:]
                queue[i] = _Item((dataclasses.replace(rest[0], gap=0.0), *rest[1:]),
                                 frozenset(k - s for k in item.splits if k > s))
                new_column()
                continue
        if empty:  # taller than a column and cannot break: let it run over
            place(item, item.pieces)
            i += 1
            continue
        new_column()
    if deferred:
        new_column()
    return columns


def _sheet_items(writer: _Writer, sheet: RuleSheet, size: float) -> list[_Item]:
    """The sheet's sections as items for the columns."""
    items: list[_Item] = []
    picture = sheet.picture
    for section in sheet.sections:
        items.append(_text_item(writer, writer.runs(section.title, "B", size + 2.5, _HEAD_INK),
                                size + 2.5, 3.4 * size / 11, keep=True))
        first = True
        for block in section.blocks:
            gap = (0.6 if first else 1.3) * size / 11
            first = False
            if isinstance(block, Table):
                items.append(_table_item(writer, block, size, gap + 0.6))
            elif isinstance(block, Bullets):
                for item in block.items:
                    items.append(_text_item(writer, _para_runs(writer, item, size), size, gap,
                                            indent=3.6, bullet=True))
                    gap = 0.5 * size / 11
            else:
                items.append(_text_item(writer, _para_runs(writer, block, size), size, gap))
        if picture is not None and picture.section == section.key:
            items.append(_picture_item(writer, picture, size, 2.4))
            picture = None
    return items


def _para_runs(writer: _Writer, para: Para, size: float) -> list[_Run]:
    runs = writer.runs(para.lead + " ", "B", size) if para.lead else []
    return runs + writer.runs(para.text, "", size)


@dataclasses.dataclass(frozen=True)
class _Plan:
    """Where everything goes: the body size, the columns and their limits."""

    size: float
    columns: list[list[tuple[_Piece, float]]]
    pages: int


def _plan(writer: _Writer, sheet: RuleSheet, first_room: Callable[[float], float],
          later_room: float) -> _Plan:
    """The largest body size whose sheet fits one page, else two (else as many as it
    takes, at the smallest size), with the last page's two columns balanced."""
    chosen: tuple[float, list[_Item], int] | None = None
    for pages in (1, 2):
        for size in PDF_BODY_SIZES:
            items = _sheet_items(writer, sheet, size)
            room = first_room(size)
            cols = _flow(items, lambda k: room if k < 2 else later_room)
            if len(cols) <= 2 * pages:
                chosen = (size, items, pages)
                break
        if chosen is not None:
            break
    if chosen is None:
        size = PDF_BODY_SIZES[-1]
        items = _sheet_items(writer, sheet, size)
        room = first_room(size)
        cols = _flow(items, lambda k: room if k < 2 else later_room)
        chosen = (size, items, (len(cols) + 1) // 2)
    size, items, pages = chosen
    room = first_room(size)
    last = 2 * (pages - 1)

    def limits(height: float) -> Callable[[int], float]:
        def limit(k: int) -> float:
            full = room if k < 2 else later_room
            return min(full, height) if k >= last else full
        return limit

    low, high = 0.0, room if pages == 1 else later_room
    for _ in range(40):  # the lowest column height that still takes everything
        middle = (low + high) / 2
        if len(_flow(items, limits(middle))) <= 2 * pages:
            high = middle
        else:
            low = middle
    return _Plan(size, _flow(items, limits(high + 0.01)), pages)


def _pdf_bytes(sheet: RuleSheet) -> bytes:
    try:
        from fpdf import FPDF
    except ImportError:
        raise SheetError("writing a PDF needs the fpdf2 package: pip install fpdf2 (it comes "
                         "with pip install -e \".[lab]\"); save as .html instead") from None
    import datetime

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.core_fonts_encoding = "windows-1252"
    pdf.set_auto_page_break(False)
    pdf.set_margins(_MARGIN_X, _MARGIN_TOP, _MARGIN_X)
    pdf.set_title(_pdf_plain(f"{sheet.title}: rule sheet"))
    pdf.set_subject(_pdf_plain(sheet.footer))
    pdf.set_creation_date(datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc))
    suit_family, suit_codes, unicode_family = "zapfdingbats", _ZAPF, None
    font_file = suit_font_path()
    if font_file is not None:
        pdf.add_font("rbsuits", "", str(font_file))
        suit_family, suit_codes, unicode_family = "rbsuits", {}, "rbsuits"
    writer = _Writer(pdf, suit_family, suit_codes, unicode_family)
    small = PDF_BODY_SIZES[-1]
    full_w = _PAGE_W - 2 * _MARGIN_X

    title_size = 20.0
    title = writer.lines(writer.runs(sheet.title, "B", title_size), full_w)

    def subtitle(size: float) -> list[list[_Frag]]:
        return writer.lines(writer.runs(sheet.subtitle, "", size, _INK), full_w)

    def header_height(size: float) -> float:
        return (len(title) * _line_height(title_size) + 1.0
                + len(subtitle(size)) * _line_height(size) + 3.5)

    footer = writer.lines(writer.runs(sheet.footer + "   Page 9 of 9.", "I", small, _GREY_INK),
                          full_w)
    footer_h = len(footer) * _line_height(small) + 3.0
    top = _MARGIN_TOP
    bottom = _PAGE_H - _MARGIN_BOTTOM - footer_h
    later_head = _line_height(small) + 3.0
    plan = _plan(writer, sheet, lambda size: bottom - top - header_height(size),
                 bottom - top - later_head)

    for page in range(plan.pages):
        pdf.add_page()
        y = top
        if page == 0:
            for line in title:
                writer.draw_line(line, _MARGIN_X, y + _line_height(title_size) * 0.78)
                y += _line_height(title_size)
            y += 1.0
            for line in subtitle(plan.size):
                writer.draw_line(line, _MARGIN_X, y + _line_height(plan.size) * 0.78)
                y += _line_height(plan.size)
            y += 1.5
        else:
            runs = writer.runs(f"{sheet.title} (continued)", "B", small, _GREY_INK)
            writer.draw_line(writer.lines(runs, full_w)[0], _MARGIN_X,
                             y + _line_height(small) * 0.78)
            y += _line_height(small) + 1.0
        pdf.set_draw_color(*_HEAD_INK)
        pdf.set_line_width(0.4)
        pdf.line(_MARGIN_X, y, _PAGE_W - _MARGIN_X, y)
        y += 2.0
        for side in (0, 1):
            k = 2 * page + side
            if k >= len(plan.columns):
                continue
            x = _MARGIN_X + side * (_COL_W + _GUTTER)
            for piece, at in plan.columns[k]:
                piece.draw(x, y + at)
        words = sheet.footer + (f"   Page {page + 1} of {plan.pages}." if plan.pages > 1 else "")
        lines = writer.lines(writer.runs(words, "I", small, _GREY_INK), full_w)
        fy = _PAGE_H - _MARGIN_BOTTOM - len(lines) * _line_height(small)
        pdf.set_draw_color(190, 190, 190)
        pdf.set_line_width(0.2)
        pdf.line(_MARGIN_X, fy - 1.5, _PAGE_W - _MARGIN_X, fy - 1.5)
        for line in lines:
            writer.draw_line(line, _MARGIN_X, fy + _line_height(small) * 0.78)
            fy += _line_height(small)
    return bytes(pdf.output())
