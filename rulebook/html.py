"""States, hands and cards drawn as HTML: what a bare ``state`` shows in a Jupyter cell.

Pure string building with the standard library.  Nothing here knows a rule or a game: it asks
the state's game how to draw its table (``state.rules.table_view``, a :class:`TableView`:
the game's own table, its columns per seat, each seat's status, the hands shown at the end,
the columns of the results) and asks the engine which moves are legal
(``state.legal_moves()``, and the cards each uses, ``move.cards``), so the picture can never
disagree with the engine.

Then the hands — every hand face up (teaching), one seat face up with the others face down,
or all face down — with the legal cards of the player to move marked by a check mark and a
thick outline (never by colour alone), the last move, and the outcome once the deal is over.

Once the deal is over a results table (:func:`outcome_html`) gives each seat's place, the
game's own columns (points or chips, cards left...), then the engine's own summary.
Everything a learner reads is in card symbols (``move.pretty()``, ``Card.pretty()``), and
clause ids stand small and last (:func:`reason_html`), never inside a sentence.

The pieces the classroom stepper builds its own table from (:func:`title_html`,
:func:`game_table_html`, :func:`seat_rows`, :func:`hand_cell_html`) are the same that
:func:`state_html` joins, so both draw one game the same way.  The card pieces
(:data:`STYLE`, :func:`card_html`, :func:`cards_html`, :func:`face_down_html`,
:func:`table_html`) live here so that the engine and the widgets draw cards one way;
``widgets.render`` re-exports them.
"""
from __future__ import annotations

import html as _html
import re
from functools import reduce
from operator import or_
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .cards import ALL_CARDS, Card, CardSet, parse_cards

__all__ = [
    "STYLE", "escape", "card_html", "cards_html", "face_down_html", "table_html", "hand_order",
    "legal_card_mask", "last_move_text", "last_log", "log_by_move", "move_words", "split_clauses",
    "clauses_html", "reason_html", "explanation_html", "ruleset_caption", "TableView",
    "count_words", "title_html", "game_table_html", "SeatRow", "seat_rows", "hand_cell_html",
    "outcome_html", "ordinal", "state_html", "card_texts", "card_symbols"
]

STYLE = """<style>
.rb-card{display:inline-block;min-width:2.3em;padding:2px 4px;margin:1px;border:1px dotted #767676;
 border-radius:4px;background:#fff;font-family:sans-serif;font-weight:bold;text-align:center}
.rb-red{color:#c0392b}.rb-black{color:#111}
.rb-four .rb-s-D{color:#1a56b0}.rb-four .rb-s-C{color:#1b7332}
.rb-four .rb-s-H{color:#c0392b}.rb-four .rb-s-S{color:#111}
.rb-legal{border:3px solid #1a62c4;box-shadow:0 0 2px #1a62c4}
.rb-legal::before{content:"✓";content:"✓" / "";font-size:0.75em;color:#1a62c4;margin-right:1px}
.rb-back{color:#595959;background:repeating-linear-gradient(45deg,#e6e6ef,#e6e6ef 3px,#d9d9e6 3px,#d9d9e6 6px)}
.rb-last{outline:2px dashed #b85c00}
.rb-table{border-collapse:collapse;font-family:sans-serif;font-size:0.92em}
.rb-table th,.rb-table td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
.rb-table th{background:#f3f3f3}
.rb-diff td{background:#fff3cd}.rb-diff td:first-child::before{content:"≠ ";font-weight:bold}
.rb-note{font-family:sans-serif;margin:4px 0}
.rb-reason{font-family:sans-serif;padding:4px 6px;border-left:4px solid #1a62c4;background:#f4f8fe}
.rb-bad{border-left-color:#b02a37;background:#fdf3f4}
.rb-clauses{color:#595959;font-size:0.8em;font-weight:normal;white-space:nowrap}
.rb-fan{display:inline-block;white-space:nowrap}
.rb-fan .rb-card.rb-back{box-sizing:border-box;min-width:0;width:1.2em;padding:2px 0;
 margin:1px -0.6em 1px 0;color:transparent;box-shadow:1px 0 1px #889}
.rb-fan .rb-card.rb-back:last-child{margin-right:0}
.rb-results td.rb-num{text-align:right}
.rb-results tr.rb-first td{font-weight:bold}
.rb-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
 clip:rect(0 0 0 0);white-space:nowrap;border:0}
.jp-RenderedHTMLCommon :is(p,li) a:is(:link,:visited){text-decoration:underline}
body .jupyter-widgets.jupyter-button:focus-visible,body .jupyter-widgets :is(select,input,
textarea,button):focus-visible,body .rb-focus:focus-visible{outline:3px solid #111 !important;
 outline-offset:2px;box-shadow:0 0 0 5px #fff,0 0 0 7px #1a62c4 !important}
</style>"""
"""The CSS classes the HTML uses; include it once in each HTML value."""


def escape(text: object) -> str:
    """HTML-escape any value's text."""
    return _html.escape(str(text))


_CLAUSE_ID = r"[A-Z]{2,4}-[A-Z]+-\d+(?:\.\.\d+)?"
_CLAUSE_GROUP = re.compile(rf"\s*[(\[]\s*((?:{_CLAUSE_ID})(?:\s*[,;]?\s*(?:{_CLAUSE_ID}))*)\s*[)\]]")


def split_clauses(text: str) -> tuple[str, tuple[str, ...]]:
    """A sentence with its bracketed clause ids taken out, and those ids in order.

    So that a screen can show the words first and the ids small and last:

    >>> split_clauses("Everyone else folded, so seat 1 wins (BDG-SHOW-1). Chips conserved.")
    ('Everyone else folded, so seat 1 wins. Chips conserved.', ('BDG-SHOW-1',))
    """
    found: list[str] = []

    def take(match: re.Match[str]) -> str:
        for clause in re.findall(_CLAUSE_ID, match.group(1)):
            if clause not in found:
                found.append(clause)
        return ""

    return _CLAUSE_GROUP.sub(take, text).strip(), tuple(found)


def clauses_html(clauses: Iterable[str]) -> str:
    """Clause ids in small grey print (empty when there are none): they come last."""
    ids = [c for c in clauses if c]
    if not ids:
        return ""
    return f' <small class="rb-clauses">{escape(", ".join(ids))}</small>'


def reason_html(text: str, clauses: Iterable[str] = ()) -> str:
    """A sentence for a learner: its words, then every clause id it names, small and last
    (ids written inside the sentence are moved there)."""
    words, ids = _words_and_ids(text, clauses)
    return escape(words) + clauses_html(ids)


def _words_and_ids(text: str, clauses: Iterable[str]) -> tuple[str, list[str]]:
    """A sentence without its bracketed clause ids, and those ids followed by ``clauses``."""
    words, inside = split_clauses(text)
    return words, list(inside) + [c for c in clauses if c not in inside]


def move_words(state: Any, move: Any) -> str:
    """A move (object or text) as a learner reads it, in card symbols (``move.pretty()``);
    text the game cannot read is shown as given."""
    if isinstance(move, str):
        try:
            move = state.parse_move(move)
        except (ValueError, KeyError, TypeError):
            return str(move)
    return str(move.pretty())


def explanation_html(explanation: Any, prefix: str = "", words: str | None = None) -> str:
    """An engine explanation in a reason box: the move (``words``: its learner's form,
    default the explanation's own text; ``""`` leaves it out), legal or not, the sentence
    (class ``rb-why``), the clause ids small and last.  Every widget shows explanations with
    this one function."""
    legal = bool(explanation.legal)
    bad = "" if legal else " rb-bad"
    mark = "✔ legal" if legal else "✘ not legal"
    shown = explanation.move if words is None else words
    move = f"<b>{escape(shown)}</b> — " if shown else ""
    text, ids = _words_and_ids(explanation.reason, explanation.clauses)
    return (f'<div class="rb-reason rb-expl{bad}" data-legal="{int(legal)}">{prefix}{move}'
            f'<b>{mark}:</b> <span class="rb-why">{escape(text)}</span>{clauses_html(ids)}'
            "</div>")


def ruleset_caption(rules: Any) -> str:
    """A ruleset in words: its title, and the options changed from the profile's defaults by
    their labels (``rules.caption()``)."""
    return str(rules.caption())


def card_html(card: Card | str, legal: bool = False, last: bool = False,
              title: str | None = None) -> str:
    """One card as HTML; ``legal`` adds the check mark and thick outline.  A screen reader
    says its name (``seven of hearts``, and ``, playable`` when ``legal``); the class
    ``rb-s-H`` (its suit) colours it in the four-colour deck (``rb-four`` around it)."""
    card = Card(card) if isinstance(card, str) else card
    classes = ["rb-card", "rb-red" if card.is_red else "rb-black", f"rb-s-{card.text[-1]}"]
    if legal:
        classes.append("rb-legal")
    if last:
        classes.append("rb-last")
    tip = title if title is not None else card.name() + (" — legal" if legal else "")
    said = card.name() + (", playable" if legal else "")
    return (f'<span class="{" ".join(classes)}" data-card="{card.text}" '
            f'title="{escape(tip)}" role="img" aria-label="{escape(said)}">{card.pretty()}'
            "</span>")


def cards_html(cards: Iterable[Card | str] | CardSet, legal: CardSet | int | None = None,
               empty: str = "(no cards)", last: CardSet | int | None = None) -> str:
    """Several cards in the order given; those in ``legal`` are marked, those in ``last``
    (the card just played) get a dashed outline."""
    mask = legal.mask if isinstance(legal, CardSet) else (legal or 0)
    lastmask = last.mask if isinstance(last, CardSet) else (last or 0)
    items = parse_cards(cards) if isinstance(cards, str) else list(cards)
    parts = [card_html(card, legal=bool(mask & card.mask), last=bool(lastmask & card.mask))
             for card in (Card(item) if isinstance(item, str) else item for item in items)]
    return " ".join(parts) if parts else f'<span class="rb-note">{escape(empty)}</span>'


def face_down_html(count: int, compact: bool = False) -> str:
    """``count`` face-down cards (another seat's hidden hand); ``compact`` fans them out
    overlapping, so a hidden hand takes little room on a small screen.  A screen reader
    reads the hand as one picture, ``12 hidden cards``."""
    if count <= 0:
        return '<span class="rb-note">(no cards)</span>'
    words = count_words(count, "hidden card")
    backs = ('<span class="rb-card rb-back" title="hidden card" aria-hidden="true">??</span>'
             for _ in range(count))
    # one name for the whole hand: a screen reader says "12 hidden cards", not "??" 12 times
    if compact:
        return (f'<span class="rb-fan" title="{words}" role="img" aria-label="{words}">'
                + "".join(backs) + "</span>")
    return (f'<span class="rb-hidden-hand" role="img" aria-label="{words}">'
            + " ".join(backs) + "</span>")


def table_html(headers: Sequence[str], rows: Sequence[Sequence[str]],
               highlight: Sequence[bool] | None = None, raw: bool = False) -> str:
    """An HTML table; rows whose ``highlight`` is true get the ``rb-diff`` mark (≠ and a tint).

    Cells are escaped unless ``raw`` is true (for cells that are already HTML).
    """
    esc = str if raw else escape
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = []
    for i, row in enumerate(rows):
        mark = ' class="rb-diff"' if highlight is not None and highlight[i] else ""
        body.append(f"<tr{mark}>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>")
    return (f'<table class="rb-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}'
            "</tbody></table>")


# -- what the engine says, read generically ------------------------------------------------

def hand_order(cards: CardSet | int) -> list[Card]:
    """A hand's cards grouped by suit (C D H S), each suit from ace to king: easy to scan."""
    mask = cards.mask if isinstance(cards, CardSet) else cards
    return [ALL_CARDS[r * 4 + s] for s in range(4) for r in range(13) if mask >> (r * 4 + s) & 1]

def card_texts(cards: Any) -> list[str]:
    """Cards in the engine's notation (``7H``), in the order :func:`hand_order` shows them
    (what the class table sends, beside :func:`card_symbols`)."""
    return _texts_of(_mask_of(cards))


def card_symbols(cards: Any) -> list[str]:
    """The same cards as :func:`card_texts`, in symbols (``7♥``), for display."""
    return _symbols_of(_mask_of(cards))


def _mask_of(cards: Any) -> int:
    return int((cards if isinstance(cards, CardSet) else CardSet(cards)).mask)


# the class table sends the same tables and hands to every page after each move: each card's
# text and symbol are made once, and a hand's list shares them (no new strings per page)
_ORDER = tuple(r * 4 + s for s in range(4) for r in range(13))  # hand_order's order
_TEXTS = tuple(str(card.text) for card in ALL_CARDS)
_SYMBOLS = tuple(str(card.pretty()) for card in ALL_CARDS)


def _texts_of(mask: int) -> list[str]:
    return [_TEXTS[i] for i in _ORDER if mask >> i & 1]


def _symbols_of(mask: int) -> list[str]:
    return [_SYMBOLS[i] for i in _ORDER if mask >> i & 1]


def legal_card_mask(state: Any) -> int:
    """The cards the player to move may use now: the cards of ``state.legal_moves()``
    (``move.cards``: a card played, the cards a draw may discard); an action lights none."""
    return reduce(or_, (move.cards.mask for move in state.legal_moves()), 0)


def last_log(state: Any) -> tuple[Any, ...]:
    """The public log entries of the last move (:meth:`~rulebook.protocol.GameState.move_log`,
    third person, cards in symbols): the move's own entry and the engine's events that came
    with it (an elimination, a drawn card played at once).  Empty at the start."""
    return tuple(log_by_move(state)[-1]) if state.history else ()


def log_by_move(state: Any) -> list[list[Any]]:
    """``state.move_log()`` grouped by move: item ``k`` holds the entries of move ``k`` (1 = the
    first move: its own entry and the engine's events that came with it); item 0 the events
    before the first move.  One call for a whole line of play, so a view stepping through it
    reads each move's entries without asking the engine again."""
    groups: list[list[Any]] = [[]]
    for entry in state.move_log():
        if entry.move:
            groups.append([entry])
        else:
            groups[-1].append(entry)
    return groups


def last_move_text(state: Any, seats: str | int | None = "all") -> str:
    """The last move as the public log tells it (third person, cards in symbols), e.g.
    ``Seat 1 plays 8♥.``, with the engine's events that came with it.  The log is public, so
    it is the same whichever hands are shown (``seats`` is kept for callers that pass it)."""
    return " ".join(str(entry.text) for entry in last_log(state))


def last_cards(state: Any) -> int:
    """The mask of the cards the last move used (for the dashed outline on the table)."""
    return int(state.history[-1].cards.mask) if state.history else 0


def count_words(n: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


class TableView:
    """How a game draws its table: what :func:`state_html` and the classroom stepper ask.

    A game subclasses it and overrides what it has (``rules.table_view`` returns one); the
    defaults draw a game with no table of its own and no extra columns.
    """

    def table_html(self, state: Any, compact: bool = False) -> str:
        """The game's own table (rows, top card, pots...).  ``compact`` leaves out what the
        seats table shows already."""
        return ""

    def seat_headers(self, state: Any) -> list[str]:
        """The headers of the game's columns in the seats table (after "seat")."""
        return []

    def seat_cells(self, state: Any, seat: int) -> list[str]:
        """One seat's values in those columns, as text."""
        return []

    def seat_status(self, state: Any, seat: int) -> list[str]:
        """Words about a seat shown beside it (``dealer``, ``folded``...)."""
        return []

    def revealed(self, state: Any) -> set[int]:
        """Seats whose cards the rules show to everybody (at a showdown, say)."""
        return set()

    def outcome_columns(self, state: Any, outcome: Any) -> list[tuple[str, Sequence[Any]]]:
        """The results table's columns after seat and place: (header, one value per seat)."""
        return []

    def outcome_lines(self, state: Any, outcome: Any) -> tuple[str, ...]:
        """The sentences that explain the result (by default the outcome's summary)."""
        return (str(outcome.summary),)

    def outcome_notes(self, state: Any, outcome: Any) -> dict[int, list[str]]:
        """Words after each seat's results (``winner``...)."""
        notes: dict[int, list[str]] = {s: [] for s in range(state.players)}
        for seat in outcome.winners:
            notes[seat].append("winner")
        return notes


def title_html(state: Any) -> str:
    """One line: the ruleset in words, the move number and who is to move."""
    where = "the deal is over" if state.is_over else f"seat {state.to_move} to move"
    return (f'<div class="rb-note rb-title"><b>{escape(ruleset_caption(state.rules))}</b> · '
            f"move {len(state.history)} · {escape(where)}</div>")


def game_table_html(state: Any, compact: bool = False) -> str:
    """The game's own table (see :meth:`TableView.table_html`).  ``compact`` leaves out what
    the seats table shows already."""
    return str(state.rules.table_view.table_html(state, compact))


class SeatRow(NamedTuple):
    """One seat's line of the seats table, without its hand."""

    seat: int
    label: str
    """HTML: ``seat 2`` with its status (to move, dealer, button, folded...)."""
    cells: tuple[str, ...]
    """The game's columns for the seat, as text (cards, passes, chips, stack...)."""
    to_move: bool


def seat_rows(state: Any) -> tuple[list[str], list[SeatRow]]:
    """The seats table's column headers (after "seat", before "hand") and one row per seat."""
    view = state.rules.table_view
    headers = view.seat_headers(state)
    rows = []
    for seat in range(state.players):
        marks = view.seat_status(state, seat)
        mover = seat == state.to_move
        if mover:
            marks.insert(0, "to move")
        label = f"<b>seat {seat}</b>" if mover else f"seat {seat}"
        label += f" ({escape(', '.join(marks))})" if marks else ""
        rows.append(SeatRow(seat, label, tuple(view.seat_cells(state, seat)), mover))
    return headers, rows


def hand_cell_html(state: Any, seat: int, face_up: bool, compact: bool = False) -> str:
    """One seat's hand: face up (the legal cards of the player to move marked) or face down
    (``compact``: fanned out in little room)."""
    hand = state.hands[seat]
    if face_up:
        legal = legal_card_mask(state) if seat == state.to_move else 0
        inner = cards_html(hand_order(hand), legal=legal)
    else:
        inner = face_down_html(len(hand), compact=compact)
    return f'<span class="rb-hand" data-seat="{seat}">{inner}</span>'


def ordinal(n: int) -> str:
    """A place in words: ``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``12th``, ``21st``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def outcome_html(state: Any) -> str:
    """The end of a deal: a table of every seat's place and its points or chips (with the
    cards it still held), then the engine's summary with its clause ids last.  Empty while
    the deal goes on."""
    outcome = state.outcome if state.is_over else None
    if outcome is None:
        return ""
    view = state.rules.table_view
    columns = view.outcome_columns(state, outcome)
    notes = view.outcome_notes(state, outcome)
    head = ("<th>seat</th><th>place</th>" + "".join(f"<th>{escape(n)}</th>" for n, _ in columns)
            + "<th></th>")
    body = []
    for seat in sorted(range(state.players), key=lambda s: (outcome.places[s], s)):
        first = ' class="rb-first"' if outcome.places[seat] == 1 else ""
        cells = "".join(f'<td class="rb-num">{escape(values[seat])}</td>'
                        for _n, values in columns)
        body.append(f'<tr{first} data-seat="{seat}" data-place="{outcome.places[seat]}">'
                    f"<td>seat {seat}</td><td>{ordinal(outcome.places[seat])}</td>{cells}"
                    f"<td>{escape(', '.join(notes[seat]))}</td></tr>")
    lines = view.outcome_lines(state, outcome)
    why = " ".join(reason_html(line) for line in lines)
    return (f'<div class="rb-outcome-box"><table class="rb-table rb-results"><thead><tr>{head}'
            f'</tr></thead><tbody>{"".join(body)}</tbody></table>'
            f'<div class="rb-reason rb-outcome"><b>Result:</b> {why}</div></div>')


def state_html(state: Any, seats: str | int | None = "all", *, style: bool = True,
               last_move: bool = True) -> str:
    """The state's table and hands as HTML (see the module header).

    ``seats="all"`` shows every hand face up (for teaching); a seat shows that seat's hand
    face up and the others face down as counts; ``None`` shows every hand face down.
    Anything else (a seat not at the table, ``True``, ``"0"``) raises RulesError: a hidden
    hand is never shown by mistake.  The legal
    cards of the player to move are marked in that player's hand when it is face up.
    ``last_move=False`` leaves out the "Last move" line (for views that tell it themselves).
    Once the deal is over the results table (:func:`outcome_html`) follows.
    """
    if not (seats is None or isinstance(seats, str) and seats == "all"):
        seats = state.check_seat(seats)  # a plain seat at this table, else RulesError
    table = game_table_html(state)
    shown = state.rules.table_view.revealed(state) if state.is_over else set()
    headers, seat_list = seat_rows(state)
    rows = []
    for row in seat_list:
        face_up = seats == "all" or row.seat == seats or row.seat in shown
        cells = [row.label, *(escape(c) for c in row.cells),
                 hand_cell_html(state, row.seat, face_up)]
        mover = ' class="rb-to-move"' if row.to_move else ""
        rows.append(f'<tr{mover} data-seat="{row.seat}">'
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{escape(h)}</th>" for h in ["seat", *headers, "hand"])
    seat_table = (f'<table class="rb-table rb-seats"><thead><tr>{head}</tr></thead><tbody>'
                  + "".join(rows) + "</tbody></table>")
    parts = [STYLE if style else "", f'<div class="rb-state" data-game="{state.rules.game}">',
             title_html(state), table, seat_table]
    last = last_move_text(state, seats) if last_move else ""
    if last:
        parts.append(f'<div class="rb-note rb-last-move"><b>Last move:</b> {escape(last)}</div>')
    parts.append(outcome_html(state))
    parts.append("</div>")
    return "".join(parts)
