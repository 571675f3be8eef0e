"""The rule sheet's small picture for Badugi: four hands best first as the engine ranks
them, the cards that do not count faded (BDG-RANK-1 to BDG-RANK-7).  Imported only when a rule sheet is
made (the ``picture`` room of the game).
"""
from __future__ import annotations

from typing import Any

from ...sheets.document import Picture, PictureCard, PictureRow

__all__ = ["sheet_picture"]


_HANDS = ("9C TD JH KS", "KC 2C 3D 4H", "AC 2D 3H 4S", "3C 3D 5C 5D")
"""The hands the ranking picture orders (by the engine, best first)."""

_COUNT_WORDS = {4: "badugi", 3: "3 count", 2: "2 count", 1: "1 counts"}


def sheet_picture(rules: Any) -> Picture:
    """Four hands, best first as the engine orders them; the cards that do not count are
    faded."""
    from .ranking import evaluate

    values = sorted((evaluate(h) for h in _HANDS), key=lambda v: v.class_index)
    places = ("Best", "2nd", "3rd", "4th")
    rows = []
    for place, value in zip(places, values):
        counting = set(value.counting_cards)
        cards = sorted(value.cards, key=lambda c: (c not in counting, c.rank))
        rows.append(PictureRow(place, tuple(PictureCard(c.pretty(), "card" if c in counting
                                                        else "faded") for c in cards),
                               _COUNT_WORDS[value.count]))
    caption = ("Hands best first. Faded cards do not count: each shares a suit or a rank with "
               "a card that does. More counting cards beat fewer; then the lower top card "
               "wins.")
    return Picture("goal", tuple(rows), caption)
