"""Why a Sevens-family move is or is not legal: one sentence, the clause ids, the facts.

``explain`` starts from the legal set (:meth:`~rulebook.games.sevens.core.Table.legal_plays`
and the pass rule, exactly as ``legal_moves()``) and only phrases it, so it never disagrees
with legality.  Its first clause decided: a house rule's when one did (BS-HR-5 for a 7 that
must be played, BS-HR-9 for a pass by choice, BS-HR-13, BS-HR-15...), named in the sentence
by its label; a card from another hand is answered with whose turn it is first (BS-OPEN-5);
a round that ended is explained by what ended it (BS-END-1, BS-HR-12, BS-HR-16).
:class:`SevensFacts` holds every claim of the sentence.  A table voice names the seat instead
of saying "you", and :func:`move_entries` tells a move that way for the public log,
eliminations included.  On the first turn the public playable set is the opening card alone
(BS-OPEN-4, BS-INFO-2).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, cast

from ...cards import ALL_CARDS, SUIT_MASKS, SUIT_NAMES, Card, CardSet
from ...phrasing import Reasons, legal_lead, option_label
from ...protocol import NO_CARDS, Explanation, Facts, LogEntry, Voice
from .core import SEVENS, Table, playable_mask, row_order
from .moves import PASS, Move, Play

__all__ = ["SevensFacts", "explain", "move_entries", "elimination_entries", "row_span",
           "row_end"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class SevensFacts(Facts):
    """What a Sevens-family explanation claims, beside :class:`~rulebook.protocol.Facts`."""

    to_move: int | None = None
    """The seat whose turn it is."""
    holder: int | None = None
    """The seat holding the card asked about, when the sentence says it is not the mover."""
    on_table: bool = False
    """The sentence says the card asked about is already on the table."""
    hand: CardSet | None = None
    """The mover's cards the sentence names (all of them), if it names them."""
    public_playable: CardSet | None = None
    """The public playable set the sentence names (BS-INFO-2), if it names it."""
    suit: str | None = None
    """The suit whose row the sentence describes, if it describes one."""
    row: tuple[Card, Card] | None = None
    """That suit's row as (low end, high end); ``None`` with a ``suit`` means "no row yet"."""
    wanted: CardSet | None = None
    """The cards the sentence names as the only ones that can join that row now."""
    blocking: CardSet = NO_CARDS
    """Cards that block the move: the 7s held under sevens_first (BS-HR-5), the 8 a 6 waits
    for under eight_before_six (BS-HR-15) or the king an ace waits for under ace_high
    (BS-HR-13), neither of which is on the table."""
    present: CardSet = NO_CARDS
    """Cards the sentence says are on the table (the 8 that lets a 6 be played under
    eight_before_six)."""
    passes_left: int | None = None
    """The mover's passes left the sentence names (limited_passes, BS-HR-8)."""
    chips: int = 0
    """Chips the move costs the mover (BS-CHIP-4)."""
    goes_out: bool = False
    """The sentence says the card is the mover's last one."""
    winner: int | None = None
    """The round winner the sentence names."""


def _cards(mask: int) -> str:
    """Cards in symbols, canonical order: ``3♠ 7♦ K♥`` (``no cards`` when empty)."""
    return CardSet(mask).pretty() if mask else "no cards"


def _passes_word(count: int) -> str:
    return f"{count} pass{'' if count == 1 else 'es'}"


def row_span(table: int, suit: int, ace_high: bool) -> tuple[Card, Card] | None:
    """The lowest and highest card of ``suit``'s row on ``table`` (``None``: no row yet)."""
    ranks = [r for r in row_order(ace_high) if table >> (r * 4 + suit) & 1]
    if not ranks:
        return None
    return ALL_CARDS[ranks[0] * 4 + suit], ALL_CARDS[ranks[-1] * 4 + suit]


def row_end(table: int, card: Card, ace_high: bool) -> tuple[Card | None, str]:
    """The row end a play of ``card`` (the next card of its suit's row) joins, and which end:
    ``"low"`` or ``"high"``; ``(None, "none")`` when its suit has no row yet."""
    span = row_span(table, card.suit_index, ace_high)
    if span is None:
        return None, "none"
    order = row_order(ace_high)
    if order.index(card.rank_index) < order.index(span[0].rank_index):
        return span[0], "low"
    return span[1], "high"


def _row_words(suit_name: str, span: tuple[Card, Card]) -> str:
    low, high = span
    if low is high:
        return f"the {suit_name} row holds only {low.pretty()}"
    return f"the {suit_name} row runs {low.pretty()} to {high.pretty()}"


def _or_list(cards: int) -> str:
    """The cards in symbols, ``7♥``, ``7♥ or 8♥``, ``6♥, 8♥ or 7♠``; "no card" for none
    (joined here: the rule sheets' document code is imported only for a how-to-play)."""
    words = [c.pretty() for c in CardSet(cards)]
    if len(words) < 2:
        return "".join(words) or "no card"
    return f"{', '.join(words[:-1])} or {words[-1]}"


def _holding_sevens(v: Voice, sevens: int) -> str:
    """``you hold a 7 (7♦)``, ``seat 2 holds 7s (7♣ 7♦)``."""
    held = "a 7" if not sevens & (sevens - 1) else "7s"
    return f"{v.you} {v.verb('hold', 'holds')} {held} ({_cards(sevens)})"


def _rule(rules: Any, name: str) -> str:
    """A house rule as a sentence names it: ``the house rule Sevens first`` (its label)."""
    return f"the house rule {option_label(rules, name)}"


class _Seen:
    """The position an explanation is phrased from: the same values ``legal_moves()`` uses."""

    __slots__ = ("t", "rules", "seat", "hand", "table", "playable", "plays", "can_pass",
                 "left", "opening", "voice")

    def __init__(self, t: Table, rules: Any, voice: Voice) -> None:
        self.t = t
        self.rules = rules
        seat = t.to_move
        assert seat is not None
        self.seat = seat
        self.hand = t.hands[seat]
        self.table = t.table
        self.playable = t.playable
        self.plays = t.legal_plays()  # the very computation legal_moves() makes
        self.can_pass = t.can_pass(self.plays)
        self.left = None if t.left is None else t.left[seat]
        self.opening = t.table == 0
        self.voice = voice


def _explain_over(t: Table, rules: Any, text: str) -> Explanation:
    """Any move once the round is over: who ended it and which clause ended it."""
    winner = t.winner
    say = Reasons(text, SevensFacts, kind="over", winner=winner)
    if winner is None:
        return say(False, "The round is over: every player still in was eliminated, so nobody "
                   "won it.", ("BS-HR-12", "BS-HR-10"))
    if rules.one_final_turn:
        return say(False, f"The round is over: seat {winner} went out first, and every other "
                   "player still in has taken their one final turn.",
                   ("BS-HR-16", "BS-END-1", "BS-HR-17"))
    return say(False, f"The round is over: seat {winner} played their last card.",
               ("BS-END-1",))


def _explain_elsewhere(s: _Seen, card: Card) -> Explanation:
    """A card the player to move does not hold: whose turn it is comes first."""
    c = card.pretty()
    say = Reasons(card.text, SevensFacts, seat=s.seat, to_move=s.seat,
                  not_playable=CardSet(card.mask))
    if s.table & card.mask:
        return say(False, f"{c} is already on the table: a turn plays a card from the hand of "
                   "the player to move.", ("BS-MOVE-2", "BS-ROW-1"), kind="on_table",
                   on_table=True)
    holder = next(p for p, h in enumerate(s.t.hands) if h & card.mask)
    note = ""
    clauses: tuple[str, ...] = ("BS-OPEN-5", "BS-MOVE-2")
    if s.t.elim >> holder & 1:
        note = f"; seat {holder} was eliminated and takes no more turns this round"
        clauses += ("BS-HR-10",)
    return say(False, f"It is seat {s.seat}'s turn, not seat {holder}'s: {c} is in seat "
               f"{holder}'s hand, so it cannot be played now{note}.", clauses,
               kind="not_your_turn", holder=holder)


def _uses(v: Voice, left: int) -> str:
    """Which pass a pass uses: ``your last pass`` or ``one of your 2 passes left``."""
    return f"{v.your} last pass" if left == 1 else f"one of {v.your} {_passes_word(left)} left"


def _choice_words(s: _Seen, card: Card) -> tuple[str, tuple[str, ...], int, bool]:
    """What else the player may do, the clause that says so (BS-MOVE-3, BS-HR-9/11), the
    other cards named as playable, and whether the words rest on the mover's hidden cards."""
    v = s.voice
    others = s.plays & ~card.mask
    if s.left is not None:
        if s.left > 0:
            return (f"; {v.they} could also pass ({_passes_word(s.left)} left under "
                    f"{_rule(s.rules, 'limited_passes')})"), ("BS-HR-9",), 0, False
        return f"; with no pass left {v.they} must play", ("BS-HR-11",), 0, False
    if v.named:  # the log tells what happened; the other playable cards are secret
        return "", (), 0, False
    if not others:
        return "; it is your only playable card, so you must play it", ("BS-MOVE-3",), 0, True
    return (f"; you may choose it or {_or_list(others)}, but must play one", ("BS-MOVE-3",),
            others, True)


def _goes_out_words(s: _Seen) -> tuple[str, tuple[str, ...]]:
    """What emptying the hand with this card does (BS-END-1, BS-HR-16, BS-HR-17)."""
    v = s.voice
    winner = s.t.winner
    if winner is not None:
        return (f"; it is {v.your} last card, so {v.they} empty {v.your} hand, but seat "
                f"{winner} went out first and alone wins the round"), ("BS-HR-17",)
    if s.rules.one_final_turn:
        return (f"; it is {v.your} last card, so {v.they} win the round, and every other "
                "player still in takes one final turn"), ("BS-END-1", "BS-HR-16")
    return f"; it is {v.your} last card, so {v.they} go out and win the round", ("BS-END-1",)


def _explain_play(s: _Seen, card: Card) -> Explanation:
    """A play: legal exactly when the card is in the legal set ``s.plays``."""
    rules, v = s.rules, s.voice
    c = card.pretty()
    if not s.hand & card.mask:
        return _explain_elsewhere(s, card)
    say = Reasons(card.text, SevensFacts, seat=s.seat, to_move=s.seat)
    if s.opening:
        first = ALL_CARDS[rules.opening]
        if s.plays & card.mask:
            return say(True, f"{legal_lead(v, f'play {c}', c)}: the first turn of the round "
                       f"plays the opening card, and {v.they} hold it.",
                       ("BS-OPEN-4", "BS-OPEN-3"), kind="opening", playable=CardSet(card.mask),
                       public_playable=CardSet(first.mask))
        return say(False, f"{c} cannot be played: the first turn of the round must play the "
                   f"opening card {first.pretty()}, and nothing else.", ("BS-OPEN-4",),
                   kind="opening", playable=CardSet(first.mask), not_playable=CardSet(card.mask),
                   public_playable=CardSet(first.mask))
    suit = card.suit_index
    suit_name = SUIT_NAMES[card.suit]
    span = row_span(s.table, suit, rules.ace_high)
    wanted = s.playable & SUIT_MASKS[suit]
    say = Reasons(card.text, SevensFacts, seat=s.seat, to_move=s.seat, suit=card.suit, row=span,
                  wanted=CardSet(wanted))
    if not s.playable & card.mask:
        return _off_the_rows(s, card, say, span, wanted)
    if not s.plays & card.mask:
        # Publicly playable but not for this player: only sevens_first does that (BS-HR-5).
        sevens = s.hand & SEVENS
        assert rules.sevens_first and sevens and card.rank != 7, "explain disagrees with legality"
        return say(False, f"{c} cannot be played: under {_rule(rules, 'sevens_first')}, a "
                   f"player holding a 7 must play a 7, and {_holding_sevens(v, sevens)}.",
                   ("BS-HR-5", "BS-MOVE-3"), kind="sevens_first",
                   rule="sevens_first", playable=CardSet(s.plays),
                   not_playable=CardSet(card.mask), blocking=CardSet(sevens), hand=None,
                   private=True)
    # Legal: where it goes on its row, then what else the player may do.
    anchor, end = row_end(s.table, card, rules.ace_high)
    clauses: tuple[str, ...] = ("BS-MOVE-1", "BS-ROW-1" if anchor is None else "BS-ROW-3")
    if anchor is None:
        where = f"it starts the {suit_name} row"
    else:
        side = "before" if end == "low" else "after"
        where = f"it goes directly {side} {anchor.pretty()}, the {end} end of the {suit_name} row"
    kind, rule = "playable", None
    if rules.ace_high and card.rank == 1:
        clauses = ("BS-HR-13",) + clauses
        where += f"; under {_rule(rules, 'ace_high')} an ace goes after the king"
        kind, rule = "ace_high", "ace_high"
    present = 0
    if rules.eight_before_six and card.rank == 6:
        where += (f" (its 8, {ALL_CARDS[28 + suit].pretty()}, is on the table, as "
                  f"{_rule(rules, 'eight_before_six')} requires)")
        clauses += ("BS-HR-15",)
        present = ALL_CARDS[28 + suit].mask
    named = card.mask
    lead = legal_lead(v, f"play {c}", c)
    sevens = s.hand & SEVENS
    if rules.sevens_first and sevens:
        choice = "" if sevens == card.mask or v.named else \
            f" (you may choose among {_cards(sevens)})"
        if choice:
            named = sevens
        reason = (f"{lead}: under {_rule(rules, 'sevens_first')}, a player holding a 7 must "
                  f"play a 7{choice}, and {where}")
        clauses = ("BS-HR-5",) + clauses
        kind, rule = "sevens_first", "sevens_first"
        private = bool(choice)  # the played 7 is public, and so is the rule that made it due
    else:
        more, more_clauses, others, private = _choice_words(s, card)
        named |= others
        reason = f"{lead}: {where}{more}"
        clauses += more_clauses
        if rules.sevens_first and not v.named:
            reason += f"; you hold no 7, so {_rule(rules, 'sevens_first')} does not apply"
            clauses += ("BS-HR-5",)
    goes_out = s.hand == card.mask
    if goes_out:
        words, out_clauses = _goes_out_words(s)
        reason += words
        clauses += out_clauses
    return say(True, reason + ".", clauses, kind=kind, rule=rule, playable=CardSet(named),
               present=CardSet(present), private=private, goes_out=goes_out)


def _off_the_rows(s: _Seen, card: Card, say: Reasons, span: tuple[Card, Card] | None,
                  wanted: int) -> Explanation:
    """A card not in the public playable set: which row rule (or house rule) keeps it off."""
    rules = s.rules
    c = card.pretty()
    suit = card.suit_index
    suit_name = SUIT_NAMES[card.suit]
    seven, six, eight = (ALL_CARDS[rank * 4 + suit] for rank in (6, 5, 7))
    if span is None:
        return say(False, f"{c} cannot be played: {suit_name} have no row yet, and only "
                   f"{seven.pretty()} can start it.", ("BS-ROW-1", "BS-MOVE-1"), kind="no_row",
                   not_playable=CardSet(card.mask))
    grows = playable_mask(s.table, rules.ace_high, False)  # the rows without the 6 rule
    if rules.eight_before_six and card.rank == 6 and grows & card.mask:
        return say(False, f"{c} cannot be played yet: under {_rule(rules, 'eight_before_six')}, "
                   f"a 6 waits until the 8 of its suit is on the table, and {eight.pretty()} is "
                   "not.",
                   ("BS-HR-15", "BS-MOVE-1"), kind="eight_before_six", rule="eight_before_six",
                   not_playable=CardSet(card.mask), blocking=CardSet(eight.mask))
    row = _row_words(suit_name, span)
    wanted_words = f"only {_or_list(wanted)} can join it now" if wanted else \
        "no card can join it now"
    clauses: tuple[str, ...] = ("BS-MOVE-1", "BS-ROW-3")
    waits, refused, blocked = "", card.mask, 0
    if rules.eight_before_six and grows & six.mask & ~s.playable:
        waits = (f" ({six.pretty()} waits for {eight.pretty()} under "
                 f"{_rule(rules, 'eight_before_six')})")
        clauses += ("BS-HR-15",)
        refused |= six.mask
        blocked = eight.mask
    if rules.ace_high and card.rank == 1:
        king = ALL_CARDS[48 + suit]
        return say(False, f"{c} cannot be played: under {_rule(rules, 'ace_high')}, an ace goes "
                   f"only after the king of its suit, and {row}, so {wanted_words}{waits}.",
                   ("BS-HR-13",) + clauses, kind="ace_high", rule="ace_high",
                   not_playable=CardSet(refused), blocking=CardSet(king.mask | blocked))
    return say(False, f"{c} cannot be played: {row}, so {wanted_words}{waits}.", clauses,
               kind="row_end", not_playable=CardSet(refused), blocking=CardSet(blocked))


def _explain_pass(s: _Seen) -> Explanation:
    """A pass: legal exactly when ``s.can_pass`` (the same answer legal_moves() gives)."""
    rules, v = s.rules, s.voice
    say = Reasons("pass", SevensFacts, seat=s.seat, to_move=s.seat)
    cost = 1 if rules.chips else 0
    left = s.left
    if s.can_pass and s.plays:  # a voluntary pass: only limited_passes allows it (BS-HR-9)
        assert left is not None and left > 0, "explain disagrees with legality"
        held = "" if v.named else f" ({_cards(s.plays)})"
        return say(True, f"{v.You} {v.verb('may pass', 'passes by choice')}: under "
                   f"{_rule(rules, 'limited_passes')}, a player with a pass left may pass even "
                   f"when holding a playable card{held}; it uses {_uses(v, left)}.",
                   ("BS-HR-9", "BS-HR-8"), kind="voluntary_pass",
                   rule="limited_passes", playable=NO_CARDS if v.named else CardSet(s.plays),
                   passes_left=left, private=True)
    if s.can_pass:
        playable = CardSet(s.playable)
        if v.named:  # what everybody knows: a pass shows the passer held none of these
            why = (f"{v.they} hold none of the playable cards ({playable.pretty()})"
                   if playable else "no card is playable")
        else:
            why = (f"none of your cards ({_cards(s.hand)}) is playable; the playable set is "
                   f"{playable.pretty() or 'empty'}")
        forced: dict[str, Any] = dict(kind="forced_pass", public_playable=playable,
                                      hand=None if v.named else CardSet(s.hand))
        if left is None:
            return say(True, f"{v.You} must pass: {why}"
                       + ("; it costs 1 chip, paid into the pool." if cost else "."),
                       ("BS-MOVE-4", "BS-INFO-2", "BS-INFO-4") + (("BS-CHIP-4",) if cost else ()),
                       chips=cost, **forced)
        return say(True, f"{v.You} must pass: {why}; it uses {_uses(v, left)} "
                   f"({_rule(rules, 'limited_passes')}).",
                   ("BS-MOVE-4", "BS-HR-8", "BS-HR-10"), passes_left=left, private=True,
                   **forced)
    if s.opening:
        first = ALL_CARDS[rules.opening]
        return say(False, "Pass is not allowed: the first turn of the round must play the "
                   f"opening card {first.pretty()}.", ("BS-OPEN-4",), kind="opening",
                   playable=CardSet(first.mask), public_playable=CardSet(first.mask))
    assert s.plays, "explain disagrees with legality"
    plays = CardSet(s.plays)
    sevens = s.hand & SEVENS
    if left is not None and left <= 0:
        return say(False, f"Pass is not allowed: {v.you} {v.verb('have', 'has')} no pass left "
                   f"and can play {_or_list(s.plays)}, so {v.they} must play.",
                   ("BS-HR-11", "BS-HR-8") + (("BS-HR-5",) if rules.sevens_first and sevens
                                              else ()),
                   kind="no_passes_left", rule="limited_passes", playable=plays, passes_left=0,
                   private=True)
    if rules.sevens_first and sevens:
        must = "may not pass by choice" if left is not None else "must play a 7"
        return say(False, f"Pass is not allowed: under {_rule(rules, 'sevens_first')}, a player "
                   f"holding a 7 {must}, and {_holding_sevens(v, sevens)}.",
                   ("BS-HR-6", "BS-HR-5") if left is not None else ("BS-HR-5", "BS-MOVE-3"),
                   kind="sevens_first", rule="sevens_first", playable=plays,
                   blocking=CardSet(sevens), passes_left=left, private=True)
    return say(False, f"Pass is not allowed: {v.you} can play {_or_list(s.plays)}, and a player "
               "who can play must play.", ("BS-MOVE-3", "BS-MOVE-4"), kind="must_play",
               playable=plays, private=True)


def explain(t: Table, rules: Any, move: Move, voice: Voice) -> Explanation:
    """The explanation of ``move`` on the table ``t``, phrased from the legal set."""
    if t.over:
        return _explain_over(t, rules, str(move))
    seen = _Seen(t, rules, voice)
    if move is PASS:
        return _explain_pass(seen)
    return _explain_play(seen, cast(Play, move).card)


def move_entries(before: Table, after: Table, rules: Any, move: Move) -> tuple[LogEntry, ...]:
    """The public log entries of ``move`` played on ``before`` (giving ``after``): the move,
    third person, with its reason; then any elimination it led to (BS-HR-10, public because
    it proves the player held none of the playable set, BS-INFO-6)."""
    seat = before.to_move
    assert seat is not None
    why = explain(before, rules, move, Voice(seat))
    text = f"Seat {seat} passes." if move is PASS else \
        f"Seat {seat} plays {cast(Play, move).card.pretty()}."
    entry = LogEntry(seat, str(move), text, why.reason, why.clauses, why.facts.private)
    assert before.log is not None and after.log is not None
    return (entry,) + elimination_entries(after.log[len(before.log) + 1:])


def elimination_entries(raw: Sequence[tuple[int, str, int, int]]) -> tuple[LogEntry, ...]:
    """The log entries of the eliminations in a stretch of the raw public log (BS-HR-10)."""
    out = []
    for seat, kind, _card, playable in raw:
        if kind != "eliminated":
            continue
        held = (f"they hold none of the playable cards ({CardSet(playable).pretty()})"
                if playable else "no card is playable")
        out.append(LogEntry(seat, "", f"Seat {seat} is eliminated.",
                            f"Seat {seat} is eliminated: {held} and have no pass left, so they "
                            "take no more turns this round and are scored on their hand.",
                            ("BS-HR-10", "BS-INFO-6"), False))
    return tuple(out)
