"""How to play Satti ("Lucky Sevens"), in plain words generated from the rules object.

The facts come from the rules object and the engine: the player range (SAT-SETUP-1), the
hand size (SAT-SETUP-2), the deal and the turned card (SAT-SETUP-3..7), fitting cards
(SAT-FIT-1..4), a turn (SAT-TURN-2..5, ``play_after_draw``), sevens (SAT-SEVEN-1..7,
``seven_stacking``, SAT-SEVEN-8), jacks (SAT-JACK-1..2), eights (SAT-EIGHT-1..5), the draw pile
(SAT-PILE-1..3) and the end (SAT-END-1..5).  The worked examples are positions the engine sets
up; which cards may be played in them is ``state.legal_moves()``.
"""
from __future__ import annotations

from typing import Any

from ...cards import RANK_NAMES, SUIT_NAMES, CardSet, parse_card, parse_cards
from ...phrasing import sheet_of, written_how_to_play
from ...sheets.common import and_list, cards_text, or_list
from ...sheets.document import Bullets, HowToPlay, Para, Section

__all__ = ["how_to_play", "sheet_sections", "EXAMPLE_HAND", "example_position",
           "penalty_position"]

EXAMPLE_HAND = "9C 4H JS KD 7S"
"""The worked examples' hand."""
_OTHER_HAND = "AC 2C 3C 4C 5C"


def _players(rules: Any) -> tuple[int, int]:
    settings = rules.profile.settings
    return int(settings.get("min_players", 2)), int(settings.get("max_players", 6))


def _position(rules: Any, top: str, penalty: int = 0) -> Any:
    named = CardSet.parse(" ".join([top, EXAMPLE_HAND, _OTHER_HAND]))
    return rules.position(top=top, penalty=penalty, hands=[EXAMPLE_HAND, _OTHER_HAND],
                          draw_pile=str(CardSet.full() - named), to_move=0)


def example_position(rules: Any) -> Any:
    """The first example: 9♥ on top, seat 0 to move with :data:`EXAMPLE_HAND`."""
    return _position(rules, "9H")


def penalty_position(rules: Any) -> Any:
    """The second example: a 7♥ just played against seat 0 (a penalty of 2)."""
    return _position(rules, "7H", penalty=2)


def _goal(rules: Any) -> Section:
    return Section("goal", "The goal", (
        Para("Be the first to get rid of every card in your hand. You play a card that matches "
             "the top card of the discard pile, or you draw. When someone goes out, the others "
             "are placed by how many cards they still hold: fewer is better."),
        Para("Satti is not Badam Satti: nothing is laid out in rows here."),
    ))


def _setup(rules: Any) -> Section:
    low, high = _players(rules)
    return Section("setup", "Setting up", (
        Para(f"{low} to {high} players and one pack of 52 cards without jokers. Everyone gets "
             f"{rules.hand_size} cards, dealt one at a time from the dealer's left."),
        Para("The rest of the pack is the face-down draw pile. Its top card is turned face up "
             "to start the discard pile; a turned 7 goes back into the pile at random, so the "
             "first card is never a 7. A turned 8 or jack does nothing."),
        Para("The player left of the dealer starts, and play goes to the left. The next round "
             "is dealt by the player to the left."),
    ))


def _turn(rules: Any) -> Section:
    drawn = ("If the card you draw fits, it is played at once; otherwise your turn ends."
             if rules.play_after_draw else "Your turn then ends, even if the card you drew fits.")
    return Section("turn", "On your turn", (
        Para("Play one card that fits the top card of the discard pile: the same suit, or the "
             "same rank (a 9♥ fits any heart and any 9). A jack fits anything."),
        Para("If you can play, you must (you choose which card). Only if nothing fits do you "
             f"draw one card. {drawn}"),
        Para("If the draw pile runs out, the discards under the top card are shuffled to make "
             "a new one."),
    ))


def _special(rules: Any) -> Section:
    seven = ("The next player must draw 2 cards, and that ends their turn, unless they answer "
             "with a 7 of their own, of any suit. That passes the penalty on to the player after "
             "them, raised by 2 (4, then 6, then 8...). They may also choose to draw."
             if rules.seven_stacking else
             "The next player must draw 2 cards, and that ends their turn. They cannot answer "
             "with a 7.")
    return Section("special", "Special cards", (Bullets((
        Para(seven + " While a penalty is waiting, no other card may be played, not even a "
             "jack. Drawing the penalty ends the turn, even if a drawn card fits. After that "
             "the 7 stays on top and does nothing more: the next player plays to it as to any "
             "card, with a card of its suit, another 7 (which starts a new penalty of 2) or a "
             "jack.", "7, draw two."),
        Para("You may play it on anything, and you name the suit the next player must follow "
             "(any suit, the jack's own included). Only that suit or another jack fits next.",
             "Jack, wild."),
        Para("It must fit like any card. The next player is skipped: their only move is to "
             "skip. Trying to play or draw instead costs them 1 penalty card. After the skip "
             "the 8 stays on top and does nothing more, and the next player plays to it as to "
             "any card. An 8 played on an 8 skips only the one player after it: skips never "
             "add up.", "8, skip."),
    )), Para("With two players, a 7 or an 8 brings the turn straight back: once the other "
             "player has drawn the penalty, or been skipped, the player who played the 7 or the "
             "8 moves again.", "Two players.")))


def _end(rules: Any) -> Section:
    return Section("end", "The end of a round", (
        Para("The round ends the moment a player plays their last card; that player is first. "
             "A last 7, 8 or jack has no effect."),
        Para("Everyone else is placed by the number of cards they hold: fewer is better, and "
             "equal counts share a place."),
        Para("If a card must be drawn when there is none left anywhere, the round stops and "
             "everyone is placed by the cards they hold."),
    ))


def _playable_cards(state: Any) -> list[str]:
    """The distinct cards among the legal moves, in hand order (a jack once, whatever suit it
    would name)."""
    cards = (getattr(move, "card", None) for move in state.legal_moves())
    return list(dict.fromkeys(card.pretty() for card in cards if card is not None))


def _example(rules: Any) -> Section:
    hand = parse_cards(EXAMPLE_HAND)
    state = example_position(rules)
    top = parse_card("9H")
    fits = _playable_cards(state)
    rest = [c.pretty() for c in hand if c.pretty() not in fits]
    suit, rank = SUIT_NAMES[top.suit], RANK_NAMES[top.rank_letter]
    lines: list[Any] = [
        Para(f"The top card of the discard pile is the {top.pretty()} and you hold "
             f"{cards_text(hand)}."),
        Para(f"You may play {or_list(fits)}. {and_list(rest)} do not fit: they are neither "
             f"{suit} nor {rank}s. You may not draw, because you can play."),
    ]
    penalty = penalty_position(rules)
    answer = [m for m in penalty.legal_moves() if getattr(m, "card", None) is not None]
    if answer:
        seven = answer[0].card.pretty()
        reply = (f"you may answer with your {seven}, which passes a penalty of "
                 f"{penalty.penalty + 2} to the next player, or draw 2 cards")
    else:
        reply = "your only move is to draw 2 cards: with seven stacking off, a 7 cannot answer"
    others = [c.pretty() for c in hand if c.rank_letter != "7"]
    lines.append(Para(f"Now say the player before you has just played the 7♥: {reply}. Your "
                      f"{and_list(others)} cannot help while the penalty waits."))
    return Section("example", "An example", tuple(lines))


def how_to_play(rules: Any) -> HowToPlay:
    """How to play Satti with these options, written from the rules object."""
    low, high = _players(rules)
    intro = (f"A matching game for {low} to {high} players, like Crazy Eights: match the top "
             "card by suit or rank, or draw. Sevens attack, jacks are wild, eights skip.")
    return written_how_to_play(rules, intro, _goal, _setup, _turn, _special, _end, _example)


def sheet_sections(rules: Any) -> tuple[Section, ...]:
    """The rule sheet's sections: the how-to-play, then the settings at a glance."""
    return sheet_of(how_to_play(rules))
