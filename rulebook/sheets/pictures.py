"""The small picture on each rule sheet, read from the engine: the layout of the Sevens
family (rows growing from their sevens, and the cards you may play next), Satti's matching
rule (which cards of a hand fit the top card) and Badugi's hand ranking (hands best first,
the cards that do not count faded).

What each picture marks is asked of the engine in a position of that very ruleset (its legal
moves, its hand values), so a house rule that changes what may be played changes the
picture too.  Imported only when a rule sheet is made.
"""
from __future__ import annotations

from typing import Any

from ..cards import ALL_CARDS, SUIT_SYMBOLS, SUITS, Card, parse_card, parse_cards
from .common import and_list, or_list
from .document import Picture, PictureCard, PictureRow

__all__ = ["sheet_picture", "layout_picture", "matching_picture", "ranking_picture"]


def sheet_picture(rules: Any) -> Picture | None:
    """The picture for the rule sheet of ``rules``, or ``None`` for a game with none."""
    game = getattr(rules, "game", "")
    if game == "sevens":
        return layout_picture(rules)
    if game == "satti":
        return matching_picture(rules)
    if game == "badugi":
        return ranking_picture(rules)
    return None


_WINDOW = (5, 6, 7, 8, 9)
"""The ranks the layout picture shows of each row (a row runs A..K; the middle is drawn)."""


def layout_picture(rules: Any) -> Picture:
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


def matching_picture(rules: Any) -> Picture:
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


_HANDS = ("9C TD JH KS", "KC 2C 3D 4H", "AC 2D 3H 4S", "3C 3D 5C 5D")
"""The hands the ranking picture orders (by the engine, best first)."""

_COUNT_WORDS = {4: "badugi", 3: "3 count", 2: "2 count", 1: "1 counts"}


def ranking_picture(rules: Any) -> Picture:
    """Four hands, best first as the engine orders them; the cards that do not count are
    faded."""
    from ..games.badugi.ranking import evaluate

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
