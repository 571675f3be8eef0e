"""How to play the Sevens family (``badam-satti``, ``badam-satti-app``, ``sevens``), in plain
words generated from the rules object.

Every fact comes from the rules object or the engine: the player range and opening card
(BS-DEAL-1, BS-DEAL-2, BS-OPEN-1..4), the hand sizes (BS-DEAL-6), the rows and the house
rules that change them (BS-ROW-1..4, BS-MOVE-1..4, BS-HR-5, BS-HR-13, BS-HR-15), passes
(BS-INFO-4, BS-HR-8..12), the end of a round (BS-END-1, BS-HR-16, BS-HR-17), the card points
(BS-END-2..5, BS-HR-7), chips (BS-CHIP-1..10) and the match (BS-MATCH-1..7).  The worked
example is a position the engine sets up; which cards may be played in it is
``state.legal_moves()``, and why the others may not is read from the clause that decided
(``state.explain``), so the example stays true under every house rule.
"""
from __future__ import annotations

from typing import Any

from ...cards import ALL_CARDS, SUIT_NAMES, SUITS, parse_cards
from .core import HAND_SIZES, PASSES_PER_ROUND
from ...phrasing import sheet_of, written_how_to_play
from ...sheets.common import and_list, cards_text, or_list
from ...sheets.document import Bullets, HowToPlay, Para, Section

__all__ = ["how_to_play", "sheet_sections", "example_setup", "example_position",
           "EXAMPLE_PLAYERS", "card_points_text"]


def rank_name(rank_index: int) -> str:
    """A rank as the sheets and flows write it: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
    return ALL_CARDS[rank_index * 4].pretty()[:-1]


def card_points_text(values: tuple[int, ...]) -> str:
    """What the cards left in hand are worth, from the rules' table of values (BS-END-3..5,
    BS-HR-7): ``A 1, 2 to 10 their number, J 11, Q 12 and K 13``."""
    by_rank = [values[r * 4] for r in range(13)]
    if all(v == 1 for v in by_rank):
        return "every card counts 1 point"
    numbers = all(by_rank[r] == r + 1 for r in range(1, 10))
    groups: dict[int, list[str]] = {}
    for r in (0, 10, 11, 12):
        groups.setdefault(by_rank[r], []).append(rank_name(r))
    ace_group = groups.pop(by_rank[0])
    parts = [f"{and_list(ace_group)} {by_rank[0]}" + (" each" if len(ace_group) > 1 else "")]
    if numbers:
        parts.insert(1 if ace_group == ["A"] else 0, "2 to 10 their number")
    else:
        parts.insert(1, ", ".join(f"{rank_name(r)} {by_rank[r]}" for r in range(1, 10)))
    for value, names in groups.items():
        parts.append(f"{and_list(names)} {value}" + (" each" if len(names) > 1 else ""))
    return and_list(parts)


def _hand_sizes_text(rules: Any) -> str:
    even = [n for n in range(rules.min_players, rules.max_players + 1)
            if len(set(HAND_SIZES[n])) == 1]
    uneven = [n for n in range(rules.min_players, rules.max_players + 1) if n not in even]
    parts = [f"with {n} players everyone gets {HAND_SIZES[n][0]} cards" for n in even]
    text = "; ".join(parts).capitalize() + "." if parts else ""
    if uneven:
        sizes = "; ".join(f"{n} players: {', '.join(map(str, HAND_SIZES[n]))}" for n in uneven)
        text += (" Otherwise the pack does not share out evenly, and the players nearest the "
                 f"dealer's left get one card more ({sizes}).")
    return text.strip()


def _goal(rules: Any) -> Section:
    n = rules.match_deals
    if rules.chips:
        text = ("Be the first to play every card in your hand. The winner of a deal takes the "
                "pool of chips and one chip for every card the others still hold. After "
                f"{n} deals the player with the most chips wins.")
    else:
        word = "rounds" if rules.tie_break == "chain" else "deals"
        text = ("Be the first to play every card in your hand. When someone goes out, everyone "
                "else scores penalty points for the cards they still hold. After "
                f"{n} {word} the lowest total wins.")
    return Section("goal", "The goal", (
        Para(text),
        Para("The cards are laid out in four rows, one for each suit. Every row starts with "
             "its seven and grows one card at a time at either end."),
    ))


def _setup(rules: Any) -> Section:
    opening = ALL_CARDS[rules.opening]
    blocks: list[Any] = [
        Para(f"{rules.min_players} to {rules.max_players} players and one pack of 52 cards "
             "without jokers. The whole pack is dealt, one card at a time, to the left, "
             "starting with the player left of the dealer. " + _hand_sizes_text(rules)),
        Para("After each deal the next player to the left deals."),
    ]
    if rules.chips:
        blocks.append(Para(f"Everyone starts with {rules.start_stack} chips and puts 1 chip "
                           "into the pool before each deal. A stack may go below zero: it is a "
                           "debt, and it never stops you playing."))
    blocks.append(Para(f"Whoever holds the {opening.pretty()} starts by playing it: on that "
                       "first turn no other card and no pass is allowed. Then play goes to the "
                       "left: after every turn, the next player on the left takes the next "
                       "turn."))
    return Section("setup", "Setting up", tuple(blocks))


def _turn(rules: Any) -> Section:
    items = [
        Para("a 7 whose suit has no row yet: it starts that suit's row;"),
        Para("or the next card at either end of its suit's row: just below the lowest card or "
             "just above the highest."),
    ]
    blocks: list[Any] = [
        Para("On your turn you play one card to the table, or you pass. You may play:"),
        Bullets(tuple(items)),
        Para(("Rows run from 2 up to K and then A: the 2 is the lowest end, and an ace goes only "
              "after its suit's king." if rules.ace_high else
              "Rows run from A (the lowest end) up to K (the highest end).")
             + " Nothing else can start a row: a 6 or an 8 must wait for its seven."),
    ]
    if rules.eight_before_six:
        blocks.append(Para("A 6 must also wait until the 8 of its suit is on the table.",
                           "Eight before six."))
    blocks.append(Para("If you hold a 7 that you can play, you must play a 7 (you choose "
                       "which, if you have more than one).", "Sevens first.")
                  if rules.sevens_first else
                  Para("If you can play, you must play, but you choose which card. You may "
                       "keep a 7 back and play something else."))
    if rules.limited_passes:
        voluntary = ("You may pass even when you could play" +
                     (", unless you hold a 7." if rules.sevens_first else "."))
        blocks.append(Para(
            f"You have {PASSES_PER_ROUND} passes per round. {voluntary} With no passes left you "
            "must play if you can; if you cannot, you are out of the round: you take no more "
            "turns (play goes straight past you) and the cards you hold count against you.",
            "Passing."))
    else:
        blocks.append(Para("If none of your cards can be played, you must pass, and only then.",
                           "Passing."))
    if rules.chips:
        blocks.append(Para("Every pass costs you 1 chip, paid into the pool."))
    blocks.append(Para("A pass proves nothing here, since it may be on purpose. But a player "
                       "who is knocked out surely held none of the cards that could be played."
                       if rules.limited_passes else
                       "Passes are public: a player who passes holds none of the cards that "
                       "could be played at that moment, and never will, because no card enters "
                       "a hand after the deal."))
    return Section("turn", "On your turn", tuple(blocks))


def _end(rules: Any) -> Section:
    blocks: list[Any] = [Para(
        "When a player plays their last card, every other player still in takes one more turn, "
        "in order from that player's left; then the round ends. Only the first player out wins "
        "the round (another player who empties their hand in the final turns also scores 0)."
        if rules.one_final_turn else
        "The round ends the moment a player plays their last card. That player wins the round.")]
    if rules.limited_passes:
        blocks.append(Para("If every player still in is knocked out, the round ends with no "
                           "winner and everyone is scored on their hand."))
    if rules.chips:
        blocks.append(Para("The winner takes the whole pool, and every other player pays the "
                           "winner 1 chip for each card left in their hand."))
        blocks.append(Para(f"A match is {rules.match_deals} deals. The biggest stack wins; equal "
                           "stacks share the place.", "The match."))
        return Section("end", "The end of a deal", tuple(blocks))
    blocks.append(Para("The winner scores 0. Everyone else scores the cards still in their "
                       f"hand: {card_points_text(rules.values)}."))
    if rules.tie_break == "chain":
        nobody = (" A round with no winner places everyone by points, starting from 1st."
                  if rules.limited_passes else "")
        blocks.append(Para(
            "Every round also gives each player a place: the winner is 1st, and the others "
            "follow by that round's points, fewest first. Players on equal points share the "
            "better place, and the next place counts them all: 0, 20, 20 and 27 points give "
            f"places 1, 2, 2 and 4.{nobody}", "Places."))
        blocks.append(Para(
            f"A match is {rules.match_deals} rounds and the lowest total wins. Players level on "
            "total are separated by: fewer cards held at the end of the last round, then more "
            "rounds won, then the better average place over the match. Players still level "
            "share the place.", "The match."))
    else:
        blocks.append(Para(f"A match is {rules.match_deals} deals and the lowest total wins. "
                           "Equal totals share the place, first place included.", "The match."))
    return Section("end", "The end of a round and the score", tuple(blocks))


def _why_not(kind: str, cards: list[Any]) -> str:
    """Why the cards ``cards`` (all refused for the same ``kind`` of reason, the kind of
    their explanation's facts) may not be played, in words."""
    one = len(cards) == 1
    suits = and_list(sorted({SUIT_NAMES[c.suit] for c in cards}))
    rows = f"the {suits} row{' has' if ' and ' not in suits else 's have'}"
    words = {
        "sevens_first": "you hold a 7, and under sevens first a 7 must come first",
        "eight_before_six": "a 6 waits until the 8 of its suit is on the table",
        "ace_high": "with aces high, an ace goes only after its king",
        "no_row": f"{rows} not started, and only a 7 can start a row",
    }
    return words.get(kind, "it is not next to either end of its row" if one else
                     "they are not next to either end of their rows")


EXAMPLE_PLAYERS = 4
"""The worked example's table: four players, each dealt 13 cards, each has played 2."""


def example_setup(rules: Any) -> tuple[str, str]:
    """The worked example's table and hand, in card letters, for this ruleset's opening suit
    (BS-OPEN-1, BS-OPEN-2): the opening suit's row runs from its 4 to its 10, the next suit's
    row is just its 7, and the other two suits have no row yet.  The hand (11 cards: 4 players
    were dealt 13 each and each has played 2) holds cards at the row ends, cards that are
    not, a 7 that starts a row and cards of the suits with no row."""
    first = ALL_CARDS[rules.opening].suit
    second, third, fourth = (suit for suit in SUITS if suit != first)
    table = f"4{first}-T{first} 7{second}"
    hand = (f"3{first} J{first} K{first} 2{second} 6{second} 8{second} Q{second} "
            f"7{fourth} K{fourth} 2{third} 9{third}")
    return table, hand


def example_position(rules: Any) -> Any:
    """The worked example's position (:func:`example_setup`): seat 0 to move."""
    table, hand = example_setup(rules)
    return rules.position(table=table, hands=[hand] + [None] * (EXAMPLE_PLAYERS - 1),
                          to_move=0)


def _rows_text(state: Any) -> str:
    """The table of a position in words, read from its rows: ``The hearts row runs from 4♥ to
    10♥ and the clubs row is just the 7♣; the diamonds and spades rows have not started.``"""
    rows = state.rows()
    started = []
    for suit in sorted(rows, key=lambda suit: -(rows[suit][1].rank - rows[suit][0].rank)):
        low, high = rows[suit]
        started.append(f"the {SUIT_NAMES[suit]} row is just the {low.pretty()}" if low == high
                       else f"the {SUIT_NAMES[suit]} row runs from {low.pretty()} to "
                       f"{high.pretty()}")
    waiting = [SUIT_NAMES[suit] for suit in SUITS if suit not in rows]
    text = and_list(started)
    if waiting:
        text += (f"; the {and_list(waiting)} row{'s have' if len(waiting) > 1 else ' has'} "
                 "not started")
    return text[:1].upper() + text[1:] + "."


def _example(rules: Any) -> Section:
    state = example_position(rules)
    hand = parse_cards(example_setup(rules)[1])
    legal = {str(m) for m in state.legal_moves()}
    plays = [c for c in hand if c.text in legal]
    blocked: dict[str, list[Any]] = {}
    for card in hand:
        if card.text not in legal:
            blocked.setdefault(state.explain(card.text).facts.kind, []).append(card)
    lines: list[Any] = [
        Para(f"{EXAMPLE_PLAYERS} players, and each has played 2 cards. {_rows_text(state)} "
             f"It is your turn and you hold {cards_text(hand)}."),
    ]
    may = or_list([c.pretty() for c in plays])
    if "pass" in legal:
        may = f"{may}, or pass" if plays else "only pass"
    lines.append(Para(f"You may play {may}." if plays else f"You may {may}."))
    for kind, cards in blocked.items():
        lines.append(Para(f"{and_list([c.pretty() for c in cards])} cannot be played yet: "
                          f"{_why_not(kind, cards)}."))
    sevens = [c for c in plays if c.rank == 7]
    if not rules.sevens_first and sevens and len(plays) > len(sevens):
        seven = sevens[0]
        suit = SUIT_NAMES[seven.suit]
        lines.append(Para(f"Which would you choose? Playing the {seven.pretty()} opens the "
                          f"{suit} for everyone; keeping it back blocks the players who hold "
                          f"{suit}."))
    if plays:
        after = state.play(plays[0].text)
        lines.append(Para(f"Whatever you play, seat {after.to_move}, on your left, plays "
                          "next."))
    if rules.chips:
        lines.append(Para(f"If someone went out now, you would pay them {len(hand)} chips, one "
                          "for each card in your hand."))
    else:
        points = [rules.values[c.index] for c in hand]
        sums = " + ".join(map(str, points))
        lines.append(Para(f"If someone went out now, your hand would score {sums} = "
                          f"{sum(points)} points."))
    return Section("example", "An example", tuple(lines))


def how_to_play(rules: Any) -> HowToPlay:
    """How to play this Sevens-family ruleset, written from the rules object."""
    intro = (f"A layout game for {rules.min_players} to {rules.max_players} players, played "
             f"for {'chips' if rules.chips else 'penalty points'}: the seven of "
             f"{SUIT_NAMES[ALL_CARDS[rules.opening].suit]} starts, and every suit grows in a "
             "row from its seven.")
    return written_how_to_play(rules, intro, _goal, _setup, _turn, _end, _example,
                               house_notes=_ranked_note(rules),
                               locked=bool(rules.options.get("ranked", False)))


def _ranked_note(rules: Any) -> tuple[Para, ...]:
    """What a ranked game does to the house rules (BS-HR-2), where a game can be ranked."""
    if "ranked" not in rules.profile.options:
        return ()
    if rules.options["ranked"]:
        return (Para("This is a ranked game, so it is played by the standard rules: asking for "
                     "any house rule in a ranked game is refused.", "Ranked."),)
    return (Para("A ranked game allows no house rules: asking for one in a ranked game is "
                 "refused. A private game, like this one, may use any of them.", "Ranked."),)


def sheet_sections(rules: Any) -> tuple[Section, ...]:
    """The rule sheet's sections: the how-to-play, then the settings at a glance."""
    return sheet_of(how_to_play(rules))
