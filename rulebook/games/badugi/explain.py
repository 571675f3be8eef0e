"""Why a Badugi move is or is not legal: one sentence, the clause ids, the facts; and the
public move log.

Betting actions are explained from the betting options (BDG-BET-1..10, BDG-POT-1), draws
from the discard options (BDG-DRAW-1..9): the very lists the legal moves are made of, so an
explanation never disagrees with legality.  A table voice names the seat instead of "you".
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, cast

from ...cards import RANKS, CardSet
from ...protocol import Explanation, Facts, LogEntry, Voice
from . import betting as B
from .betting import ACTION_NAMES, BET, CALL, CHECK, FOLD, OVER, PHASES, R1, RAISE, Table
from .moves import ACTION_VERBS, Action, Draw, Move

__all__ = ["BadugiFacts", "explain", "explain_action", "explain_draw", "log_entry",
           "value_text", "phase_name", "ROUND_WORDS", "DRAW_WORDS", "NOT_AVAILABLE"]

ROUND_WORDS = {0: "R1", 2: "R2", 4: "R3", 6: "R4"}
"""The betting rounds by phase."""
DRAW_WORDS = {1: "the first draw", 3: "the second draw", 5: "the third draw"}
"""The draws by phase, in words."""
NOT_AVAILABLE = "not available"
"""What the engine reports for a draw count it no longer answers for (BDG-DRAW-8)."""


def value_text(mask: int) -> str:
    """A four-card hand's value in words, e.g. ``7-4-3-A badugi`` (BDG-RANK-*)."""
    from .ranking import evaluate

    ranks = evaluate(CardSet(mask)).ranks
    text = "-".join(RANKS[r - 1] for r in ranks)
    return f"{text} badugi" if len(ranks) == 4 else f"the {len(ranks)}-card hand {text}"


def phase_name(phase: int) -> str:
    """``R1``..``R4``, ``the first draw``.., or ``over``."""
    return ROUND_WORDS.get(phase) or DRAW_WORDS.get(phase) or "over"


def seats_text(seats: Sequence[int]) -> str:
    """``seat 2``, ``seat 0 and seat 2``, ``seat 0, seat 1 and seat 3``."""
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclasses.dataclass(frozen=True, kw_only=True)
class BadugiFacts(Facts):
    """What a Badugi explanation claims, beside :class:`~rulebook.protocol.Facts`."""

    to_move: int | None = None
    """The seat to act or draw."""
    phase: str | None = None
    """The phase the sentence names: ``R1``..``R4`` or ``D1``..``D3``."""
    level: int | None = None
    """The highest total put in this round, as the sentence names it."""
    bet: int | None = None
    """What the mover has put in this round, as the sentence names it."""
    to_call: int | None = None
    """The amount the sentence says the mover must put in to call."""
    put_in: int | None = None
    """The chips the sentence says the move puts in."""
    total: int | None = None
    """The mover's total this round after the move, as the sentence names it."""
    all_in: bool = False
    """The sentence says the move puts all the mover's chips in (BDG-POT-1)."""
    stack: int | None = None
    """The mover's chips behind, as the sentence names them."""
    raises_left: int | None = None
    """The full raises the sentence says may still follow in this round (BDG-BET-4)."""
    options: tuple[str, ...] | None = None
    """The legal actions the sentence names as what the mover may do instead."""
    short_blind: int | None = None
    """The short big blind the sentence names (BDG-SEAT-10): what it posted, all in."""
    committed: int | None = None
    """The chips the sentence says the mover has put in during the hand (given up by a fold)."""
    discard: CardSet | None = None
    """The cards the sentence says are discarded."""
    receive: int | None = None
    """How many new cards the sentence says the drawer receives."""
    holder: int | None = None
    """The seat holding a card asked about, when the sentence says it is not the mover."""


def _cap(text: str) -> str:
    """``text`` with its first letter capitalised (and nothing else changed)."""
    return text[:1].upper() + text[1:]


def _options(t: Table) -> tuple[str, ...]:
    """The legal actions' names, fold last (the order the sentences name them)."""
    return tuple(ACTION_NAMES[k] for k in B.betting_options(t) if k != FOLD) + ("fold",)


def _options_text(t: Table) -> str:
    """The legal actions in words, fold last: ``call, raise or fold``."""
    names = _options(t)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _short_blind(t: Table) -> int | None:
    """What the big blind posted when it went all in short and the bet to call is still S
    (BDG-SEAT-10), else ``None``."""
    bb = t.bb
    if t.phase == R1 and t.level == t.small_bet and t.stacks[bb] == 0 \
            and t.committed[bb] < t.small_bet and t.bets[bb] == t.committed[bb]:
        return t.bets[bb]
    return None


_BLOCK_CLAUSES = {"cap": ("BDG-BET-4",), "stack": ("BDG-POT-1",),
                  "no_one_to_answer": ("BDG-BET-9",), "not_reopened": ("BDG-POT-4",)}


def explain_action(t: Table, kind: int, voice: Voice | None = None) -> Explanation:
    """Whether betting action ``kind`` is legal for the player to act, why, the clauses and
    the facts, phrased from :func:`~rulebook.games.badugi.betting.betting_options` (the very
    options the legal moves come from)."""
    v = voice or Voice()
    i = t.to_act
    name = ACTION_NAMES[kind]
    to_call = t.level - t.bets[i]
    stack = t.stacks[i]
    options = B.betting_options(t)
    legal = kind in options
    inc = B.increment(t)
    size = "small bet" if t.phase <= 2 else "big bet"
    phase = PHASES[t.phase]
    base: dict[str, Any] = dict(seat=i, to_move=i, phase=phase)
    lead = f"{v.You} may {name}" if v.named else f"{name.capitalize()} is legal"
    refused = f"{name.capitalize()} is not allowed"
    short = _short_blind(t)
    if kind == FOLD:
        return Explanation(name, True, f"{lead}: {v.they} give up the hand and the "
                           f"{t.committed[i]} chips {v.they} have put in.", ("BDG-BET-3",),
                           BadugiFacts(kind="fold", committed=t.committed[i], **base))
    if kind == CHECK:
        if legal:
            if t.phase == R1 and i == t.bb:
                return Explanation(name, True, f"{lead}: no one has raised, so the big blind "
                                   "may check or raise.", ("BDG-BET-6", "BDG-BET-3"),
                                   BadugiFacts(kind="check", level=t.level, bet=t.bets[i],
                                               **base))
            return Explanation(name, True, f"{lead}: {v.they} have matched the highest total of "
                               f"{t.level} this round, so there is nothing to call.",
                               ("BDG-BET-3",),
                               BadugiFacts(kind="check", level=t.level, bet=t.bets[i], **base))
        call = min(to_call, stack)
        rest = f"call {call}" + (", raise" if RAISE in options else "")
        clauses: tuple[str, ...] = ("BDG-BET-3",)
        if short is not None:
            clauses = ("BDG-SEAT-10", "BDG-BET-3")
            why = (f"the big blind went all in for only {short}, but a short big blind does not "
                   f"lower the bet: the amount to call is still {t.level}")
        else:
            why = f"the highest total this round is {t.level}"
        return Explanation(name, False, f"{refused}: {why} and {v.you} "
                           f"{v.verb('have', 'has')} put in {t.bets[i]}, so {v.they} must {rest} "
                           "or fold.", clauses,
                           BadugiFacts(kind="must_call", level=t.level, bet=t.bets[i],
                                       to_call=call, options=_options(t), short_blind=short,
                                       **base))
    if kind == CALL:
        if legal:
            if stack <= to_call:
                return Explanation(name, True, f"{lead}: {v.they} have {stack} chips, not more "
                                   f"than the {to_call} to call, so calling puts all of them in "
                                   f"and {v.they} are all in.", ("BDG-POT-1", "BDG-BET-3"),
                                   BadugiFacts(kind="call", to_call=to_call, stack=stack,
                                               put_in=stack, all_in=True, **base))
            if short is not None:
                return Explanation(name, True, f"{lead}: the big blind went all in for only "
                                   f"{short}, but a short big blind does not lower the bet, so "
                                   f"{v.they} put in {to_call} more to match the total of "
                                   f"{t.level}.", ("BDG-SEAT-10", "BDG-BET-3"),
                                   BadugiFacts(kind="call", to_call=to_call, put_in=to_call,
                                               level=t.level, total=t.level, short_blind=short,
                                               **base))
            return Explanation(name, True, f"{lead}: {v.they} put in {to_call} more to match the "
                               f"total of {t.level} this round.", ("BDG-BET-3",),
                               BadugiFacts(kind="call", to_call=to_call, put_in=to_call,
                                           level=t.level, total=t.level, **base))
        return Explanation(name, False, f"{refused}: there is nothing to call ({v.you} "
                           f"{v.verb('have', 'has')} matched the {t.level} put in this round), "
                           f"so {v.they} may {_options_text(t)}.", ("BDG-BET-3",),
                           BadugiFacts(kind="nothing_to_call", level=t.level, bet=t.bets[i],
                                       options=_options(t), **base))
    # bet or raise
    if kind == BET and t.level > 0:
        if t.phase == R1:
            return Explanation(name, False, f"{refused}: in R1 the big blind counts as the bet, "
                               f"so {v.they} may {_options_text(t)}.", ("BDG-BET-5", "BDG-BET-3"),
                               BadugiFacts(kind="already_bet", options=_options(t), **base))
        return Explanation(name, False, f"{refused}: there is already a bet this round, so "
                           f"{v.they} may {_options_text(t)}.", ("BDG-BET-3",),
                           BadugiFacts(kind="already_bet", level=t.level, options=_options(t),
                                       **base))
    if kind == RAISE and t.level == 0:
        return Explanation(name, False, f"{refused}: no one has bet this round, so {v.they} may "
                           f"{_options_text(t)}.", ("BDG-BET-3",),
                           BadugiFacts(kind="no_bet", level=0, options=_options(t), **base))
    block = B.raise_block(t)
    if block is not None:
        assert not legal, "explain disagrees with legality"
        if block == "cap":
            why = "the cap of one bet and three raises is reached in this round"
            clauses = ("BDG-BET-4", "BDG-BET-5") if t.phase == R1 else ("BDG-BET-4",)
        elif block == "stack":
            why = (f"{v.you} {v.verb('have', 'has')} only {stack} chips, which do not cover "
                   f"more than the {to_call} to call")
            clauses = _BLOCK_CLAUSES[block]
        elif block == "no_one_to_answer":
            why = "every other player still in is all in, so no one could answer it"
            clauses = _BLOCK_CLAUSES[block]
        else:
            why = (f"{v.you} {v.verb('have', 'has')} already acted, and only a short all-in has "
                   "raised since, which does not reopen the betting")
            clauses = _BLOCK_CLAUSES[block]
        return Explanation(name, False, f"{refused}: {why}, so {v.they} may only "
                           f"{_options_text(t)}.", clauses,
                           BadugiFacts(kind=block, options=_options(t),
                                       stack=stack if block == "stack" else None,
                                       to_call=to_call if block == "stack" else None,
                                       raises_left=0 if block == "cap" else None, **base))
    assert legal, "explain disagrees with legality"
    target = t.full_level + inc
    need = target - t.bets[i]
    if stack < need:
        return Explanation(name, True, f"{lead}: {v.they} have only {stack} chips, fewer than "
                           f"the {need} a full {name} needs, so it puts all of them in ({v.they} "
                           "are all in): a short all-in that does not count toward the cap.",
                           ("BDG-POT-1", "BDG-POT-4", "BDG-BET-2"),
                           BadugiFacts(kind=name, stack=stack, put_in=stack, all_in=True,
                                       total=t.bets[i] + stack, **base))
    all_in = " (all of them: all in)" if stack == need else ""
    if kind == BET:
        return Explanation(name, True, f"{lead}: {v.they} bet {inc}, the {size} of "
                           f"{phase_name(t.phase)}, putting in {need}{all_in}.",
                           ("BDG-BET-2", "BDG-BET-3"),
                           BadugiFacts(kind="bet", put_in=need, total=target,
                                       all_in=stack == need, **base))
    left = B.CAP - 1 - t.raises
    more = f"{left} more raise{'s' if left != 1 else ''} may follow"
    if short is not None:
        how = (f"the big blind went all in for only {short}, but a short big blind does not "
               f"lower the bet, so the raise goes to {target}: the bet of {t.full_level} plus "
               f"the {size} of {inc}")
        clauses = ("BDG-SEAT-10", "BDG-BET-2", "BDG-BET-4")
    elif t.level == t.full_level:
        how = f"{v.they} raise by the {size} of {inc} to a total of {target}"
        clauses = ("BDG-BET-2", "BDG-BET-4")
    else:  # a short all-in sits above the last full level
        how = (f"{v.they} raise to a total of {target}: the last full level {t.full_level} "
               f"plus the {size} of {inc}, as the highest total {t.level} is a short all-in, "
               "not a full bet level")
        clauses = ("BDG-POT-4", "BDG-BET-2", "BDG-BET-4")
    return Explanation(name, True, f"{lead}: {how} this round, putting in {need} more"
                       f"{all_in}; {more}.", clauses,
                       BadugiFacts(kind="raise", put_in=need, total=target, raises_left=left,
                                   all_in=stack == need, short_blind=short, **base))


def explain_draw(t: Table, discard: int, voice: Voice | None = None) -> Explanation:
    """Whether the player to act may discard ``discard`` now, why, the clauses and the facts."""
    v = voice or Voice()
    i = t.to_act
    hand = t.hands[i]
    move = Draw(discard)
    text = str(move)
    base: dict[str, Any] = dict(seat=i, to_move=i, phase=PHASES[t.phase], private=True)
    legal = discard in B.draw_options(hand)  # the very options the legal moves list
    missing = discard & ~hand
    holder = next((j for j in range(t.n) if j != i and t.hands[j] & missing), None)
    if holder is not None:  # whose turn it is comes first
        return Explanation(text, False, f"It is seat {i}'s turn to draw, not seat {holder}'s: "
                           f"{CardSet(t.hands[holder] & missing).pretty()} "
                           f"{'is' if (t.hands[holder] & missing).bit_count() == 1 else 'are'} "
                           f"in seat {holder}'s hand.", ("BDG-DRAW-1",),
                           BadugiFacts(kind="not_your_turn", discard=CardSet(discard),
                                       holder=holder, **dict(base, private=False)))
    if missing:
        return Explanation(text, False, f"{_cap(move.pretty())} is not allowed: "
                           f"{v.you} {v.verb('do', 'does')} not hold {CardSet(missing).pretty()}, "
                           f"so {v.they} may discard only cards from {v.your} hand "
                           f"({CardSet(hand).pretty()}).", ("BDG-DRAW-1",),
                           BadugiFacts(kind="not_held", discard=CardSet(discard), **base))
    if not discard:
        assert legal, "explain disagrees with legality"
        lead = f"{v.You} {v.verb('stand', 'stands')} pat" if v.named else "Pat is legal"
        return Explanation(text, True, f"{lead}: {v.they} keep all {v.your} cards and draw "
                           "none (standing pat).", ("BDG-DRAW-1",),
                           BadugiFacts(kind="pat", discard=CardSet(0), receive=0,
                                       **dict(base, private=False)))
    k = discard.bit_count()
    if not legal:
        return Explanation(text, False, f"{_cap(move.pretty())} is not allowed: a player "
                           f"discards 0 to 4 cards, not {k}.", ("BDG-DRAW-1",),
                           BadugiFacts(kind="too_many", discard=CardSet(discard), **base))
    lead = f"{v.You} may {move.pretty()}" if v.named else f"{_cap(move.pretty())} is legal"
    return Explanation(text, True, f"{lead}: {v.they} discard {CardSet(discard).pretty()} face "
                       f"down and receive {k} new card{'s' if k > 1 else ''}.",
                       ("BDG-DRAW-1", "BDG-DRAW-2"),
                       BadugiFacts(kind="draw", discard=CardSet(discard), receive=k, **base))


def explain(t: Table, move: Move, v: Voice) -> Explanation:
    """The explanation of ``move``: betting actions from the betting options, draws from the
    discard options (the very lists the legal moves are made of)."""
    text = str(move)
    if t.phase == OVER:
        return Explanation(text, False, f"{_cap(move.pretty())} is not allowed: the hand is "
                           "over.", ("BDG-SHOW-1", "BDG-SHOW-2"), BadugiFacts(kind="over"))
    i = t.to_act
    if isinstance(move, Action):
        if not B.is_betting(t.phase):
            return Explanation(text, False, f"{_cap(move.pretty())} is not allowed now: it is "
                               f"{phase_name(t.phase)} and seat {i} is to draw, so the only "
                               "moves are pat or draw with the cards discarded.",
                               ("BDG-DRAW-1", "BDG-BET-1"),
                               BadugiFacts(kind="drawing", seat=i, to_move=i,
                                           phase=PHASES[t.phase]))
        return explain_action(t, move.code, v)
    if B.is_betting(t.phase):
        return Explanation(text, False, f"{_cap(move.pretty())} is not allowed now: it is the "
                           f"{phase_name(t.phase)} betting round, so seat {i} may "
                           f"{_options_text(t)}.", ("BDG-BET-1", "BDG-DRAW-1"),
                           BadugiFacts(kind="betting", seat=i, to_move=i, phase=PHASES[t.phase],
                                       options=_options(t)))
    return explain_draw(t, move.discard, v)


def log_entry(before: Table, move: Move) -> LogEntry:
    """The public log entry of ``move`` played on ``before``, third person.  A draw's text
    tells only how many cards were drawn (BDG-DRAW-8); its reason, which names the discards,
    is private."""
    seat = before.to_act
    why = explain(before, move, Voice(seat))
    if isinstance(move, Draw):
        k = move.discard.bit_count()
        said = (f"Seat {seat} stands pat." if not k else
                f"Seat {seat} draws {k} card{'s' if k != 1 else ''}.")
    else:
        said = f"Seat {seat} {ACTION_VERBS[move.kind]}."
        if move.kind in ("call", "bet", "raise"):
            put = cast(BadugiFacts, why.facts).put_in
            said = f"Seat {seat} {ACTION_VERBS[move.kind]}, putting in {put}."
    return LogEntry(seat, str(move), said, why.reason, why.clauses, why.facts.private)
