"""The rule sheet's small picture for Satti: which cards of a hand fit the top card (same
suit, same rank, or a jack: SAT-FIT-1 to SAT-FIT-4), asked of the engine in a position of that very
ruleset.  Imported only when a rule sheet is made (the ``picture`` room of the game).
"""
from __future__ import annotations

from typing import Any

from ...cards import ALL_CARDS, Card, parse_card, parse_cards
from ...sheets.common import and_list, or_list
from ...sheets.document import Picture, PictureCard, PictureRow

__all__ = ["sheet_picture"]


def sheet_picture(rules: Any) -> Picture:
    """The top card 9♥ and a hand: the cards that fit it (by the engine) drawn plainly,
    the others faded."""
    top = parse_card("9H")
    hand = parse_cards("4H 9C JS KS 2D")
    used = {top, *hand}
    rest = [c.text for c in ALL_CARDS if c not in used]
    size = max(1, min(int(getattr(rules, "hand_size", 6)), len(rest)))
    state = rules.position(top=top.text, hands=[" ".join(c.text for c in hand),
                                                " ".join(rest[:size])],
                           draw_pile=" ".join(rest[size:]))
    legal = {str(move).split(">")[0] for move in state.legal_moves()}
    fits = [c for c in hand if c.text in legal]
    misses = [c for c in hand if c.text not in legal]

    def why(card: Card) -> str:
        if card.suit == top.suit:
            return f"{card.pretty()} (same suit)"
        if card.rank == top.rank:
            return f"{card.pretty()} (same rank)"
        if card.rank == 11:
            return f"{card.pretty()} (a jack fits anything)"
        return card.pretty()

    rows = (PictureRow("Top card", (PictureCard(top.pretty()),)),
            PictureRow("Your hand", tuple(PictureCard(c.pretty(), "card" if c in fits
                                                      else "faded") for c in hand)))
    caption = f"On the {top.pretty()} you may play {or_list([why(c) for c in fits])}"
    caption += (f"; the faded {and_list([c.pretty() for c in misses])} "
                f"{'do' if len(misses) > 1 else 'does'} not fit." if misses else ".")
    return Picture("turn", rows, caption)
