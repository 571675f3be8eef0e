"""Write the rule sheets a teacher prints, one PDF per ruleset, into this folder.

    python docs/sheets/make.py          # write badam-satti.pdf, ..., badugi.pdf here
    python docs/sheets/make.py --check  # exit 1 if a PDF here is not what the rules give now

Each sheet is ``load_rules(ruleset).rule_sheet().pdf()`` with the standard rules;
``tests/test_sheet_pdf_layout.py`` checks that the files here are up to date.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

RULESETS = ("badam-satti", "badam-satti-app", "sevens", "satti", "badugi")
"""The rulesets that get a sheet here, each as ``<ruleset>.pdf``."""

HERE = Path(__file__).resolve().parent


def sheet_pdf(ruleset: str) -> bytes:
    """The PDF rule sheet of ``ruleset`` with its standard rules."""
    from rulebook import load_rules

    return load_rules(ruleset).rule_sheet().pdf()


def page_texts(data: bytes) -> list[str]:
    """The text of each page of a PDF (with pdfplumber; the bytes themselves without it), so
    a sheet made by another fpdf2 version with the same words and layout is the same."""
    try:
        import pdfplumber
    except ImportError:
        return [data.decode("latin-1")]
    import io

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text(layout=True) for page in pdf.pages]


def stale(folder: Path = HERE) -> list[str]:
    """The rulesets whose PDF in ``folder`` is missing or differs from a fresh one."""
    out = []
    for ruleset in RULESETS:
        path = folder / f"{ruleset}.pdf"
        if not path.is_file() or page_texts(path.read_bytes()) != page_texts(sheet_pdf(ruleset)):
            out.append(ruleset)
    return out


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) every sheet; 0 when all is well."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a sheet here is out of date")
    args = parser.parse_args(argv)
    if args.check:
        old = stale()
        for ruleset in old:
            print(f"out of date: docs/sheets/{ruleset}.pdf (run python docs/sheets/make.py)",
                  file=sys.stderr)
        return 1 if old else 0
    for ruleset in RULESETS:
        path = HERE / f"{ruleset}.pdf"
        path.write_bytes(sheet_pdf(ruleset))
        print(f"wrote {path.relative_to(HERE.parent.parent)} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
