"""Why a Satti move is or is not legal: one sentence, the clause ids, the facts; and the
public move log.

``explain`` takes legality from the legal codes (the very list ``legal_moves()`` is made of)
and only phrases it: cards in symbols, whose turn it is first for a card from another hand
(SAT-SETUP-7), the deciding clause first, an option named by its label.  A draw says exactly
what it will do (:class:`SattiFacts`): how many cards, whether the discards are shuffled
first (SAT-PILE-1) and whether the round stops because both piles are empty (SAT-PILE-3),
which the tests check by playing the move.  A table voice names the seat, and
:func:`log_entries` tells a move that way, with the engine's own events: a card played at
once after a draw (SAT-TURN-4), a reshuffle and a stop.

>>> from rulebook import load_rules
>>> state = load_rules("satti").new_deal(players=4, seed=7)
>>> state.top, state.to_move, str(state.hands[1])
(Card('QS'), 1, 'AC 5C 5H 9D 9S TC')
>>> state.legal_moves()
[Play('9S')]
>>> print(state.explain("5H"))
5♥ does not fit the top card Q♠: it is neither a spade nor a queen, and it is not a jack. [SAT-FIT-2, SAT-FIT-3]
"""
from __future__ import annotations

import dataclasses
from typing import Any, cast

from ...cards import ALL_CARDS, RANK_NAMES, RANKS, SUIT_NAMES, SUITS, Card, CardSet
from ...html import count_words, ordinal
from ...phrasing import Reasons, legal_lead, option_label
from ...protocol import Explanation, Facts, LogEntry, Voice
from .core import EIGHT_RANK, FIT, JACK_RANK, SEVEN_RANK, SEVENS, Table, bits, legal_codes
from .moves import CODE_OF, Attempt, Draw, Move, Name, Play, Skip

__all__ = ["SattiFacts", "explain", "log_entries", "ordinal"]


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _suit_single(suit: int) -> str:
    return _a(SUIT_NAMES[SUITS[suit]][:-1])


@dataclasses.dataclass(frozen=True, kw_only=True)
class SattiFacts(Facts):
    """What a Satti explanation claims, beside :class:`~rulebook.protocol.Facts`."""

    to_move: int | None = None
    """The seat whose turn it is."""
    holder: int | None = None
    """The seat holding the card asked about, when the sentence says it is not the mover."""
    where: str | None = None
    """Where the sentence puts a card the mover does not hold: ``"top"`` (the top discard),
    ``"discards"`` (under it) or ``"hidden"`` (not said: the draw pile is secret)."""
    top: Card | None = None
    """The top card the sentence names."""
    suit: str | None = None
    """The suit to follow the sentence names (a letter)."""
    named: bool = False
    """The sentence says that suit was named with the jack on top (SAT-FIT-1)."""
    penalty: int = 0
    """The pending penalty the sentence names (SAT-SEVEN-1)."""
    skipped: bool = False
    """The sentence says the mover is skipped (SAT-EIGHT-2)."""
    fits: CardSet | None = None
    """The mover's cards the sentence names as fitting the top card."""
    sevens: CardSet | None = None
    """The mover's 7s the sentence names."""
    draws: int | None = None
    """The number of cards the sentence says the move draws (when carried out)."""
    reshuffle: bool = False
    """The sentence says the discards are shuffled into a new draw pile first (SAT-PILE-1)."""
    stops: bool = False
    """The sentence says the round stops because both piles are empty (SAT-PILE-3)."""
    auto_play: bool = False
    """The sentence promises that a drawn card that fits is played at once (SAT-TURN-4)."""
    next_penalty: int = 0
    """The penalty the sentence says the next player then faces."""
    skips_next: bool = False
    """The sentence says the next player is then skipped."""
    goes_out: bool = False
    """The sentence says the card is the mover's last."""
    winner: int | None = None
    """The seat the sentence says went out."""


def _c(card: int) -> str:
    """A card in symbols: ``9♥``."""
    return ALL_CARDS[card].pretty()


def _and_cards(cards: int) -> str:
    """The cards in symbols, ``9♥``, ``9♥ and J♠``, ``7♣, 9♥ and J♠`` (joined here: the rule
    sheets' document code is imported only for a how-to-play)."""
    words = [_c(c) for c in bits(cards)]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _draw_plan(t: Table, count: int) -> tuple[int, bool, bool]:
    """What drawing ``count`` cards does now: (cards drawn, reshuffle first, round stops).

    The draw pile, then the discards under the top card reshuffled (SAT-PILE-1), and when
    both are used up the round stops with the cards already drawn kept (SAT-PILE-3).
    """
    pile = len(t.pile)
    under = t.discards.bit_count()
    return min(count, pile + under), count > pile and under > 0, count > pile + under


def _plan_words(v: Voice, count: int, drawn: int, reshuffle: bool, stops: bool,
                penalty: bool = False) -> str:
    """The words of a draw's plan: ``you draw 2``, the reshuffle, the stop."""
    if stops and drawn == 0:
        if penalty:
            return ("both piles are empty, though, so no card can be drawn and the round stops "
                    "at once")
        return (f"{v.they} would draw, but both piles are empty: no card can be drawn, and the "
                "round stops at once")
    parts = []
    if reshuffle:
        parts.append("the discards under the top card are first shuffled into a new draw pile")
    if stops:
        parts.append(f"only {drawn} card{'s are' if drawn != 1 else ' is'} left in both piles, "
                     f"so {v.they} draw {'those' if drawn != 1 else 'it'} and the round stops")
    else:
        parts.append(f"{v.they} draw {count_words(count, 'card')}"
                     + (" and the turn ends" if penalty else ""))
    return "; ".join(parts)


def _pile_clauses(reshuffle: bool, stops: bool) -> tuple[str, ...]:
    return (("SAT-PILE-1",) if reshuffle else ()) + (("SAT-PILE-3",) if stops else ())


def explain(t: Table, rules: Any, m: Move, v: Voice) -> Explanation:
    """Why ``m`` is or is not legal on the table ``t`` (legality from the legal codes)."""
    say = Reasons(str(m), SattiFacts)
    if t.over and t.stopped:
        return say(False, "The round is over: it stopped when a card had to be drawn and both "
                   "piles were empty.", ("SAT-PILE-3", "SAT-END-5"), kind="over", stops=True)
    if t.over:
        return say(False, f"The round is over: seat {t.winner} played their last card.",
                   ("SAT-END-1",), kind="over", winner=t.winner)
    seat = t.turn
    hand = t.hands[seat]
    codes = legal_codes(hand, t.top, t.suit, t.penalty, t.skipped, t.naming,
                        rules.seven_stacking)  # the very codes legal_moves() lists
    legal = CODE_OF[m] in codes
    top = ALL_CARDS[t.top]
    say = Reasons(str(m), SattiFacts, seat=seat, to_move=seat)
    card = getattr(m, "card", None)
    if isinstance(card, Card) and not hand & card.mask:
        return _elsewhere(t, str(m), card.index, v)
    if t.naming and isinstance(m, Name):
        assert legal, "explain disagrees with legality"
        return say(True, f"{v.You} {v.verb('name', 'names')} {SUIT_NAMES[m.suit]} for the "
                   f"{top.pretty()} {v.they} drew, which was played at once.",
                   ("SAT-TURN-4", "SAT-JACK-1"), kind="name", top=top)
    if t.naming:
        return say(False, f"First name a suit for the {top.pretty()} {v.they} drew and played "
                   "at once, e.g. 'name S'.", ("SAT-TURN-4", "SAT-JACK-1"), kind="naming",
                   top=top)
    if isinstance(m, Name):
        return say(False, "There is no drawn jack waiting for a suit: a jack from the hand "
                   "names its suit as it is played.", ("SAT-JACK-1", "SAT-TURN-4"),
                   kind="no_jack")
    if isinstance(m, Attempt) and not t.skipped:
        what = "draw" if m.card is None else f"play {m.card.pretty()}"
        return say(False, f"'{m.pretty()}' is only for a player skipped by an 8; {v.you} "
                   f"{v.verb('are', 'is')} not skipped, so simply {what} if the rules allow "
                   "it.", ("SAT-EIGHT-3", "SAT-TURN-6"), kind="not_skipped")
    if isinstance(m, Attempt):
        return _tried_when_skipped(t, say, v, m.card, "attempt", f"Not legal, since {v.you} "
                                   f"{v.verb('are', 'is')} skipped after {top.pretty()} and "
                                   "only skip is", "must")
    if isinstance(m, Skip) and t.skipped:
        assert legal, "explain disagrees with legality"
        return say(True, f"{v.You} {v.verb('are', 'is')} skipped: {top.pretty()} was played "
                   f"just before {v.your} turn, so skip is {v.your} only move.",
                   ("SAT-EIGHT-2",), kind="skipped", skipped=True, top=top)
    if isinstance(m, Skip):
        return say(False, f"{v.You} {v.verb('are', 'is')} not skipped: skip is only for the "
                   "turn right after an 8 is played.", ("SAT-EIGHT-2", "SAT-TURN-1"),
                   kind="not_skipped")
    if t.skipped:  # a play or a draw: not legal, and tried anyway it costs a penalty card
        assert not legal, "explain disagrees with legality"
        return _tried_when_skipped(t, say, v, None if isinstance(m, Draw) else m.card,
                                   "skipped", f"{v.You} {v.verb('are', 'is')} skipped after "
                                   f"{top.pretty()}: only skip is legal", "would have to")
    if isinstance(m, Draw):
        return _explain_draw(t, rules, v, legal, say)
    return _explain_card(t, rules, m, v, legal, say)


def _tried_when_skipped(t: Table, say: Reasons, v: Voice, card: Card | None, kind: str,
                        lead: str, must: str) -> Explanation:
    """A play or a draw tried on a skipped turn (SAT-EIGHT-3): not carried out; it costs a
    penalty card, which may reshuffle the discards or stop the round."""
    drawn, reshuffle, stops = _draw_plan(t, 1)
    what = "draw" if card is None else f"play {card.pretty()}"
    kept = "" if card is None else f", {card.pretty()} stays in {v.your} hand"
    cost = (f"{v.they} {must} draw 1 penalty card, but both piles are empty, so the round "
            "stops" if stops else f"{v.they} draw 1 penalty card and {v.your} turn ends")
    if reshuffle:
        cost = "the discards are shuffled into a new draw pile, and " + cost
    return say(False, f"{lead}; tried anyway, the attempt to {what} is not carried out{kept} "
               f"and {cost}.", ("SAT-EIGHT-2", "SAT-EIGHT-3") + _pile_clauses(reshuffle, stops),
               kind=kind, skipped=True, top=ALL_CARDS[t.top], draws=drawn, reshuffle=reshuffle,
               stops=stops)


def _elsewhere(t: Table, text: str, card: int, v: Voice) -> Explanation:
    """A card the mover does not hold: whose turn it is first, then where the card is."""
    seat = t.turn
    c = _c(card)
    say = Reasons(text, SattiFacts, seat=seat, to_move=seat, not_playable=CardSet(1 << card))
    holder = next((p for p, hand in enumerate(t.hands) if p != seat and hand >> card & 1), None)
    if holder is not None:
        return say(False, f"It is seat {seat}'s turn, not seat {holder}'s: {c} is in seat "
                   f"{holder}'s hand, so it cannot be played now.", ("SAT-SETUP-7", "SAT-TURN-6"),
                   kind="not_your_turn", holder=holder)
    own = "a player plays only cards from their own hand."
    if card == t.top:
        return say(False, f"{c} is the top card of the discard pile: {own}", ("SAT-TURN-6",),
                   kind="not_held", where="top", top=ALL_CARDS[card])
    if t.discards >> card & 1:
        return say(False, f"{c} was played earlier and lies in the discards: {own}",
                   ("SAT-TURN-6",), kind="not_held", where="discards")
    return say(False, f"{v.You} {v.verb('do', 'does')} not hold {c}.", ("SAT-TURN-6",),
               kind="not_held", where="hidden")


def _explain_draw(t: Table, rules: Any, v: Voice, legal: bool, say: Reasons) -> Explanation:
    hand = t.hands[t.turn]
    top = ALL_CARDS[t.top]
    if t.penalty:
        assert legal, "explain disagrees with legality"
        drawn, reshuffle, stops = _draw_plan(t, t.penalty)
        plan = _plan_words(v, t.penalty, drawn, reshuffle, stops, penalty=True)
        clauses = ("SAT-SEVEN-2", "SAT-SEVEN-6") + _pile_clauses(reshuffle, stops)
        facts: dict[str, Any] = dict(kind="penalty_draw", penalty=t.penalty, draws=drawn,
                                     reshuffle=reshuffle, stops=stops, top=top)
        sevens = hand & SEVENS
        if not rules.seven_stacking:
            return say(True, f"{v.You} must draw: a penalty of {t.penalty} is pending and, with "
                       f"{option_label(rules, 'seven_stacking')} off, drawing it is the only "
                       f"move; {plan}.", ("SAT-SEVEN-5",) + clauses[1:], rule="seven_stacking",
                       **facts)
        if v.named:  # whether they held a 7 is their secret (SAT-SEVEN-2)
            lead = "chooses to draw" if stops and not drawn else "draws"
            return say(True, f"{v.You} {lead} the penalty of {t.penalty}: a penalised player "
                       f"either answers with a 7 or draws the whole penalty; {plan}.", clauses,
                       **facts)
        if not sevens:
            return say(True, f"You must draw: a penalty of {t.penalty} is pending and you hold "
                       f"no 7; {plan}.", clauses, sevens=CardSet(0), private=True, **facts)
        return say(True, f"You may draw the penalty of {t.penalty} instead of answering with "
                   f"{_and_cards(sevens)}; {plan}.", clauses, sevens=CardSet(sevens),
                   playable=CardSet(sevens), private=True, **facts)
    fit = hand & FIT[t.top][t.suit]
    follow: dict[str, Any] = dict(top=top, suit=SUITS[t.suit], named=t.named)
    if not legal:
        assert fit, "explain disagrees with legality"
        verb = "fits" if not fit & (fit - 1) else "fit"
        return say(False, f"{v.You} may not draw: {_and_cards(fit)} {verb} the top card "
                   f"{top.pretty()}, and a player holding a fitting card must play one.",
                   ("SAT-TURN-2",), kind="must_play", fits=CardSet(fit),
                   playable=CardSet(fit), private=True, **follow)
    assert not fit, "explain disagrees with legality"
    drawn, reshuffle, stops = _draw_plan(t, 1)
    if stops:
        after = "."
    elif rules.play_after_draw:
        after = "; if it fits, it is played at once."
    else:
        after = (f"; the turn then ends, even if it fits "
                 f"({option_label(rules, 'play_after_draw')} is off).")
    rule_clause = ("SAT-TURN-4",) if rules.play_after_draw else ("SAT-TURN-5",)
    return say(True, f"{v.You} {v.verb('hold', 'holds')} no card that fits the top card "
               f"{top.pretty()} (suit to follow: {SUIT_NAMES[SUITS[t.suit]]}), so "
               f"{_plan_words(v, 1, drawn, reshuffle, stops)}{after}",
               ("SAT-TURN-3",) + (() if stops else rule_clause) + _pile_clauses(reshuffle, stops),
               kind="draw", fits=CardSet(0), draws=drawn, reshuffle=reshuffle, stops=stops,
               auto_play=rules.play_after_draw and not stops, **follow)


def _explain_card(t: Table, rules: Any, m: Play, v: Voice, legal: bool,
                  say: Reasons) -> Explanation:
    card = m.card.index
    c = m.card.pretty()
    mask = CardSet(1 << card)
    last = t.hands[t.turn] == 1 << card
    rank = card >> 2
    lead = legal_lead(v, f"play {m.pretty()}", m.pretty())
    top = _c(t.top)
    if t.penalty:
        pen: dict[str, Any] = dict(kind="penalty", penalty=t.penalty, top=ALL_CARDS[t.top],
                                   not_playable=mask)
        jack = " (not even a jack)" if rank == JACK_RANK else ""
        if rank != SEVEN_RANK and rules.seven_stacking:
            return say(False, f"{c} cannot be played: a penalty of {t.penalty} is pending, and "
                       f"only a 7 may answer it{jack}; otherwise {v.they} draw {t.penalty}.",
                       ("SAT-SEVEN-4", "SAT-SEVEN-2"), **pen)
        if rank != SEVEN_RANK:
            return say(False, f"{c} cannot be played: a penalty of {t.penalty} is pending{jack}, "
                       f"and with {option_label(rules, 'seven_stacking')} off {v.they} can only "
                       "draw it.",
                       ("SAT-SEVEN-4", "SAT-SEVEN-5"), **pen)
        if not rules.seven_stacking:
            return say(False, f"{c} cannot be played: with {option_label(rules, 'seven_stacking')} "
                       f"off a penalised player may only draw the {t.penalty} cards.",
                       ("SAT-SEVEN-5",),
                       rule="seven_stacking", **pen)
        assert legal, "explain disagrees with legality"
        if last:
            return say(True, f"{lead}: it answers the penalty and is {v.your} last card, so "
                       f"{v.they} go out and no penalty follows.",
                       ("SAT-SEVEN-2", "SAT-END-1", "SAT-END-2"), kind="answer",
                       penalty=t.penalty, goes_out=True, playable=mask)
        return say(True, f"{lead}: any 7 may answer the penalty of {t.penalty}, which passes to "
                   f"the next player raised to {t.penalty + 2}.", ("SAT-SEVEN-2", "SAT-SEVEN-3"),
                   kind="answer", penalty=t.penalty, next_penalty=t.penalty + 2, playable=mask)
    follow: dict[str, Any] = dict(top=ALL_CARDS[t.top], suit=SUITS[t.suit], named=t.named)
    if not FIT[t.top][t.suit] >> card & 1:
        assert not legal, "explain disagrees with legality"
        clauses = ["SAT-FIT-1", "SAT-FIT-4"] if t.named else ["SAT-FIT-2", "SAT-FIT-3"]
        if rank == EIGHT_RANK:
            clauses.append("SAT-EIGHT-1")
        if t.named:
            reason = (f"{c} does not fit: the suit to follow is {SUIT_NAMES[SUITS[t.suit]]} "
                      f"(named with {top}), and {c} is neither {_suit_single(t.suit)} nor a "
                      "jack.")
        else:
            eight = " (an 8 is not wild)" if rank == EIGHT_RANK else ""
            rank_word = RANK_NAMES[RANKS[t.top >> 2]]
            reason = (f"{c} does not fit the top card {top}{eight}: it is neither "
                      f"{_suit_single(t.suit)} nor {_a(rank_word)}, and it is not a jack.")
        return say(False, reason, clauses, kind="misfit", not_playable=mask, **follow)
    if rank == JACK_RANK and last and m.suit is not None:
        return say(False, f"{c} is {v.your} last card, so no suit is named: play it as {c} on "
                   "its own.", ("SAT-END-3",), kind="jack_form", goes_out=True)
    if rank == JACK_RANK and not last and m.suit is None:
        return say(False, f"A jack names a suit when it is played: play {c} naming ♣, ♦, ♥ or "
                   "♠.", ("SAT-JACK-1",), kind="jack_form")
    assert legal, "explain disagrees with legality"
    if rank == JACK_RANK and last:
        return say(True, f"{lead}: a jack fits whatever the top card is, and it is {v.your} last "
                   f"card, so {v.they} go out without naming a suit.",
                   ("SAT-FIT-3", "SAT-END-1", "SAT-END-3"), kind="fits", goes_out=True,
                   playable=mask, **follow)
    if rank == JACK_RANK:
        return say(True, f"{lead}: a jack fits whatever the top card is, and {v.they} name "
                   f"{SUIT_NAMES[cast(str, m.suit)]} as the suit to follow.",
                   ("SAT-FIT-3", "SAT-JACK-1"), kind="fits", playable=mask, **follow)
    if (card & 3) == t.suit and t.named:
        reason = f"it is {_suit_single(t.suit)}, the suit named with {top}"
        clauses = ["SAT-FIT-1", "SAT-FIT-2", "SAT-FIT-4"]
    else:
        reason = f"same {'suit' if (card & 3) == t.suit else 'rank'} as the top card {top}"
        clauses = ["SAT-FIT-2"]
    reason = f"{lead}: {reason}"
    extra: dict[str, Any] = {}
    if last:
        reason += f", and it is {v.your} last card, so {v.they} go out"
        clauses.append("SAT-END-1")
        extra["goes_out"] = True
        if rank in (SEVEN_RANK, EIGHT_RANK):
            reason += f" with no {'penalty' if rank == SEVEN_RANK else 'skip'} following"
            clauses.append("SAT-END-2")
    elif rank == SEVEN_RANK:
        reason += "; the next player then faces a penalty of 2"
        clauses.append("SAT-SEVEN-1")
        extra["next_penalty"] = 2
    elif rank == EIGHT_RANK and t.n == 2:
        reason += f"; the other player is then skipped, so {v.they} move again"
        clauses += ["SAT-EIGHT-1", "SAT-EIGHT-2", "SAT-EIGHT-5"]
        extra["skips_next"] = True
    elif rank == EIGHT_RANK:
        reason += "; the next player is then skipped"
        clauses += ["SAT-EIGHT-1", "SAT-EIGHT-2"]
        extra["skips_next"] = True
    return say(True, reason + ".", clauses, kind="fits", playable=mask, **extra, **follow)


_DRAWN_EFFECTS = {JACK_RANK: (" They name the suit to follow next.", "SAT-JACK-1"),
                  SEVEN_RANK: (" The next player faces a penalty of 2.", "SAT-SEVEN-1"),
                  EIGHT_RANK: (" The next player is skipped.", "SAT-EIGHT-2")}
"""What a drawn card played at once does next, and the clause that says so."""


def log_entries(t0: Table, t1: Table, rules: Any, move: Move, drew: int,
                played: int) -> tuple[LogEntry, ...]:
    """The public log entries of ``move`` played on ``t0`` (giving ``t1``, drawing ``drew``
    cards, a drawn card ``played`` at once or -1): the move itself, then the engine's events
    it caused (a reshuffle, a card played at once, a round that stops)."""
    seat = t0.turn
    text = str(move)
    why = explain(t0, rules, move, Voice(seat))
    entries: list[LogEntry] = []
    if t1.reshuffles > t0.reshuffles:
        entries.append(LogEntry(None, "", "The draw pile is empty: the discards under the top "
                                "card are shuffled into a new draw pile.",
                                "A card had to be drawn with no draw pile left, so every discard "
                                "but the top card becomes the new draw pile; the top card, the "
                                "suit to follow and any penalty stay.",
                                ("SAT-PILE-1", "SAT-PILE-2"), False))
    if isinstance(move, Play):
        said = f"Seat {seat} plays {move.pretty()}."
    elif isinstance(move, Draw):
        said = (f"Seat {seat} has to draw, but both piles are empty." if drew == 0 and t1.stopped
                else f"Seat {seat} draws {count_words(drew, 'card')}"
                + (" (the penalty)." if t0.penalty else "."))
    elif isinstance(move, Skip):
        said = f"Seat {seat} skips."
    elif isinstance(move, Name):
        said = f"Seat {seat} names {SUIT_NAMES[move.suit]}."
    else:
        what = "to draw" if move.card is None else f"to play {move.card.pretty()}"
        said = (f"Seat {seat}, skipped, tries {what} and draws "
                f"{count_words(drew, 'penalty card')} instead.")
        why = Explanation(text, True, f"Seat {seat} was skipped after {_c(t0.top)}: an attempt "
                          "to play or draw on a skipped turn is not carried out; it costs 1 "
                          "penalty card and ends the turn.", ("SAT-EIGHT-3", "SAT-EIGHT-2"))
    entries.append(LogEntry(seat, text, said, why.reason, why.clauses, why.facts.private))
    if played >= 0:
        effect, *more = _DRAWN_EFFECTS.get(played >> 2, ("",))
        clauses = ("SAT-TURN-4", *more)
        entries.append(LogEntry(seat, "", f"Seat {seat}'s drawn {_c(played)} fits and is played "
                                "at once.", f"With {option_label(rules, 'play_after_draw')} on, "
                                f"a drawn card that fits is played at once.{effect}",
                                clauses, False))
    if t1.stopped and not t0.stopped:
        entries.append(LogEntry(None, "", "Both piles are empty: the round stops.",
                                "A card had to be drawn, and there was no draw pile and no "
                                "discard under the top card, so the round stops and every seat "
                                "is ranked by the cards it holds.",
                                ("SAT-PILE-3", "SAT-END-5"), False))
    return tuple(entries)
