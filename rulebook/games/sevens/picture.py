"""The rule sheet's small picture for the Sevens family: rows growing from their sevens,
the cards of a hand that may be played now dashed and the ones that must wait faded, each
asked of the engine in a position of that very ruleset (BS-MOVE-1 to BS-MOVE-3), so a house
rule that changes what may be played changes the picture.  Imported only when a rule sheet is
made (the ``picture`` room of the game).
"""
from __future__ import annotations

from typing import Any

from ...cards import ALL_CARDS, SUIT_SYMBOLS, SUITS, parse_card, parse_cards
from ...sheets.common import and_list, or_list
from ...sheets.document import Picture, PictureCard, PictureRow

__all__ = ["sheet_picture"]


_WINDOW = (5, 6, 7, 8, 9)
"""The ranks the layout picture shows of each row (a row runs A..K; the middle is drawn)."""


def sheet_picture(rules: Any) -> Picture:
    """Four rows around their sevens: the opening suit's row runs 6 to 8, one more row is
    just its 7, two rows have not started; the cards of a hand that may be played now (by
    the engine) have a dashed edge, the ones that must wait are faded."""
    opening = ALL_CARDS[rules.opening]
    first = opening.suit
    second = next(s for s in SUITS if s != first)
    others = [s for s in SUITS if s not in (first, second)]
    table = f"6{first}-8{first} 7{second}"
    hand = parse_cards(f"5{first} 9{first} 6{second} 8{second} 7{others[0]}")
    state = rules.position(table=table, hands=[" ".join(c.text for c in hand), None, None, None],
                           to_move=0)
    legal = {str(move) for move in state.legal_moves()}
    on_table = set(parse_cards(f"6{first} 7{first} 8{first} 7{second}"))
    rows = []
    for suit in (first, second, *others):
        cards = []
        for rank in _WINDOW:
            card = parse_card(f"{rank}{suit}")
            if card in on_table:
                cards.append(PictureCard(card.pretty()))
            elif card in hand:
                cards.append(PictureCard(card.pretty(), "next" if card.text in legal
                                         else "faded"))
            elif rank == 7:
                cards.append(PictureCard("", "slot"))
            else:
                cards.append(PictureCard("", "blank"))
        note = "" if suit in (first, second) else "no row yet"
        rows.append(PictureRow(SUIT_SYMBOLS[suit], tuple(cards), note))
    playable = [c.pretty() for c in hand if c.text in legal]
    waiting = [c.pretty() for c in hand if c.text not in legal]
    caption = ("Each row grows from its 7, one card at either end. Dashed: the cards of "
               f"your hand you may play now ({and_list(playable) or 'none'})")
    caption += f"; faded: {and_list(waiting)}, which must wait." if waiting else "."
    return Picture("goal", tuple(rows), caption)
