"""The shape of a how-to-play text and a rule sheet, and how each is drawn.

A game's content module (``rulebook/games/<game>/words.py``) writes
:class:`Section` values made of :class:`Para`, :class:`Bullets` and :class:`Table` blocks;
this module turns them into plain text, HTML (a fragment for Jupyter, or a whole page with
print CSS) and PDF (with fpdf2, imported only when a PDF is asked for).  Nothing here knows a
rule or a game: it lays out words that the content modules computed from a rules object.

Card symbols in the words (``10♥``, ``J♠``) are drawn red or black; in the PDF the suit
symbols come from the standard ZapfDingbats font, so no font file is needed.
"""
from __future__ import annotations

import dataclasses
import html as _html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Union

from ..cards import SUIT_SYMBOLS
from ..errors import RulebookError

__all__ = [
    "SheetError", "Para", "Bullets", "Table", "Block", "Section", "HowToPlay", "RuleSheet",
    "RulesTable", "CARD_TOKEN", "symbols", "words_html",
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
.rb-sheet .rb-foot{color:#666;font-size:.8em;margin-top:.6em}
"""
"""The style of how-to-play texts and rule sheets, scoped to ``.rb-sheet``."""

PRINT_CSS = """
@page{size:A4;margin:11mm}
html,body{margin:0;padding:0}
body{font-size:8.8pt}
.rb-sheet table.rb-sheet-table{font-size:.92em}
.rb-sheet table.rb-sheet-table th,.rb-sheet table.rb-sheet-table td{padding:1px 5px}
.rb-sheet{max-width:none}
@media screen{body{background:#e8e8e8}.rb-sheet{background:#fff;max-width:188mm;margin:8mm auto;
 padding:10mm;box-shadow:0 0 6px #999}}
@media print{.rb-sheet{padding:0}}
"""
"""What a standalone rule sheet page adds: an A4 page, a print size, a paper look on screen."""


class _Sections:
    """What a how-to-play text and a rule sheet share: sections picked by their keys."""

    sections: tuple[Section, ...]

    @property
    def keys(self) -> list[str]:
        """The section keys, in order."""
        return [s.key for s in self.sections]

    def section(self, key: str) -> Section:
        """The section called ``key``; an unknown key raises :class:`SheetError`."""
        for section in self.sections:
            if section.key == key:
                return section
        raise SheetError(f"no section {key!r}: expected one of {', '.join(self.keys)}")


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
    """A one-page rule sheet for one ruleset, with the house rules that are on.

    ``.html()`` is a whole page that prints on one A4 sheet; ``_repr_html_`` shows it in a
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
    """A small last line: where the sheet comes from."""

    def text(self) -> str:
        """The sheet as plain text."""
        return "\n\n".join([f"{self.title}\n{'=' * len(self.title)}", self.subtitle,
                            *(s.text() for s in self.sections), self.footer])

    __str__ = text

    def __repr__(self) -> str:
        return f"<rule sheet: {self.title}, {', '.join(s.title for s in self.sections)}>"

    def _body(self) -> str:
        sections = "".join(section_html(s) for s in self.sections)
        return (f'<div class="rb-sheet rb-rulesheet"><h2>{words_html(self.title)}</h2>'
                f'<p class="rb-sub">{words_html(self.subtitle)}</p>'
                f'<div class="rb-cols">{sections}</div>'
                f'<p class="rb-foot">{words_html(self.footer)}</p></div>')

    def html(self) -> str:
        """A whole HTML page that prints on one A4 sheet."""
        title = _html.escape(f"{self.title}: rule sheet")
        return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{title}</title><style>{SHEET_CSS}{PRINT_CSS}</style></head>"
                f"<body>{self._body()}</body></html>\n")

    def _repr_html_(self) -> str:
        return f"<style>{SHEET_CSS}</style>{self._body()}"

    def pdf(self) -> bytes:
        """The sheet as a one-page A4 PDF (fpdf2 is imported here; SheetError without it)."""
        return _pdf_bytes(self)

    def save(self, path: str | Path) -> Path:
        """Write the sheet to ``path``: ``.html``/``.htm`` a web page, ``.pdf`` a PDF,
        ``.txt``/``.md`` plain text.  Returns the path written."""
        target = Path(path)
        suffix = target.suffix.lower()
        if suffix in (".html", ".htm"):
            target.write_text(self.html(), encoding="utf-8")
        elif suffix == ".pdf":
            target.write_bytes(self.pdf())
        elif suffix in (".txt", ".md"):
            target.write_text(self.text() + "\n", encoding="utf-8")
        else:
            raise SheetError(f"cannot save a rule sheet as {target.name!r}: expected a file "
                             "name ending in .html, .pdf or .txt")
        return target


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
                f'<div class="rb-sheet"><table class="rb-rules-table"><caption>'
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
.rb-sheet table.rb-rules-table{border-collapse:collapse;font-size:.95em;text-align:left}
.rb-sheet table.rb-rules-table caption{text-align:left;font-weight:bold;padding:2px 0}
.rb-sheet table.rb-rules-table th,.rb-sheet table.rb-rules-table td{text-align:left;
 vertical-align:top;padding:3px 8px;border-bottom:1px solid #ddd}
.rb-sheet table.rb-rules-table th{border-bottom:2px solid #999}
.rb-sheet .rb-topic{color:#1d3f72;font-weight:bold;white-space:nowrap}
.rb-sheet .rb-val{white-space:nowrap;font-weight:bold}
.rb-sheet .rb-clauses{color:#888;font-size:.75em;white-space:normal;min-width:6em}
"""
"""The rules table's own style (left-aligned, clause ids small and grey)."""


# --------------------------------------------------------------------------------------
# PDF (fpdf2, imported lazily)
# --------------------------------------------------------------------------------------
_ZAPF = {"♣": "\u00a8", "♦": "\u00a9", "♥": "\u00aa", "♠": "\u00ab"}
"""The ZapfDingbats codes of the four suit symbols (a168..a171)."""

_PDF_TEXT = str.maketrans({"→": "->", "≠": "not", "✓": "v", "✔": "v", "✘": "x",
                           "≤": "<=", "≥": ">=", "\u2009": " ", "\u202f": " "})


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


def _write_words(pdf: Any, par: Any, text: str, style: str, size: float,
                 suits: tuple[str, dict[str, str]] = ("zapfdingbats", _ZAPF)) -> None:
    """Write ``text`` into an fpdf2 paragraph, switching to the suit font for suit symbols."""
    suit_family, suit_codes = suits
    last = 0
    for match in CARD_TOKEN.finditer(text):
        if match.start() > last:
            pdf.set_font("helvetica", style, size)
            par.write(_pdf_plain(text[last:match.start()]))
        if match.group(2) in _RED:
            pdf.set_text_color(192, 57, 43)
        if match.group(1):
            pdf.set_font("helvetica", "B", size)
            par.write(match.group(1))
        pdf.set_font(suit_family, "", size * 0.92)
        par.write(suit_codes.get(match.group(2), match.group(2)))
        pdf.set_text_color(17, 17, 17)
        last = match.end()
    if last < len(text):
        pdf.set_font("helvetica", style, size)
        par.write(_pdf_plain(text[last:]))


def _pdf_bytes(sheet: RuleSheet) -> bytes:
    try:
        from fpdf import FPDF
        from fpdf.enums import Align
    except ImportError:
        raise SheetError("writing a PDF needs the fpdf2 package: pip install fpdf2 (it comes "
                         "with pip install -e \".[lab]\"); save as .html instead") from None
    size = 9.0
    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.core_fonts_encoding = "windows-1252"
    pdf.set_margins(11, 11, 11)
    pdf.set_auto_page_break(True, margin=11)
    pdf.set_title(_pdf_plain(f"{sheet.title}: rule sheet"))
    pdf.set_creator("rulebook")
    pdf.add_page()
    pdf.set_text_color(17, 17, 17)
    suits: tuple[str, dict[str, str]] = ("zapfdingbats", _ZAPF)
    font_file = suit_font_path()
    if font_file is not None:
        pdf.add_font("rbsuits", "", str(font_file))
        suits = ("rbsuits", {})
    with pdf.text_columns(ncols=1) as head:
        with head.paragraph(text_align=Align.L) as par:
            _write_words(pdf, par, sheet.title, "B", 15, suits)
        with head.paragraph(text_align=Align.L, top_margin=1, bottom_margin=2) as par:
            _write_words(pdf, par, sheet.subtitle, "", 9, suits)
    with pdf.text_columns(ncols=2, gutter=6, balance=False) as cols:
        for section in sheet.sections:
            pdf.set_text_color(29, 63, 114)
            with cols.paragraph(text_align=Align.L, top_margin=2.2, bottom_margin=0.6) as par:
                _write_words(pdf, par, section.title, "B", size + 1.6, suits)
            pdf.set_text_color(17, 17, 17)
            for block in section.blocks:
                for lead, text, bullet in _pdf_lines(block):
                    pdf.set_font("helvetica", "", size)
                    with cols.paragraph(text_align=Align.L, bottom_margin=0.7,
                                        indent=3 if bullet else 0,
                                        bullet_string="\u2022" if bullet else "",
                                        bullet_r_margin=1.2 if bullet else None) as par:
                        if lead:
                            _write_words(pdf, par, lead + " ", "B", size, suits)
                        _write_words(pdf, par, text, "", size, suits)
        pdf.set_text_color(110, 110, 110)
        with cols.paragraph(text_align=Align.L, top_margin=2.5) as par:
            _write_words(pdf, par, sheet.footer, "I", size - 1.4, suits)
    return bytes(pdf.output())


def _pdf_lines(block: Block) -> Iterable[tuple[str, str, bool]]:
    """(lead, text, bulleted) for each paragraph the PDF writes for ``block``."""
    if isinstance(block, Para):
        yield block.lead, block.text, False
    elif isinstance(block, Bullets):
        for item in block.items:
            yield item.lead, item.text, True
    else:
        for row in block.rows:
            yield row[0] + ":", "  ".join(c for c in row[1:] if c), False
