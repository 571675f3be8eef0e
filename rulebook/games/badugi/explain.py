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

from ...cards import CardSet
from ...html import count_words
from ...phrasing import Reasons, legal_lead
from ...protocol import Explanation, Facts, LogEntry, Voice
from . import betting as B
from .classes import _and_list
from .betting import ACTION_NAMES, BET, CALL, CHECK, FOLD, OVER, PHASES, R1, RAISE, Table
from .moves import ACTION_VERBS, Action, Draw, Move

__all__ = ["BadugiFacts", "explain", "explain_action", "explain_draw", "log_entry",
           "value_text", "phase_name", "phase_words", "ROUND_WORDS", "ROUND_TEXT", "DRAW_WORDS",
           "NOT_AVAILABLE"]

ROUND_WORDS = {0: "R1", 2: "R2", 4: "R3", 6: "R4"}
"""The betting rounds by phase (their short names, as ``state.round`` gives them)."""
ROUND_TEXT = {0: "the first betting round", 2: "the second betting round",
              4: "the third betting round", 6: "the fourth betting round"}
"""The betting rounds by phase, in words (what a learner reads)."""
DRAW_WORDS = {1: "the first draw", 3: "the second draw", 5: "the third draw"}
"""The draws by phase, in words."""
NOT_AVAILABLE = "not available"
"""What the engine reports for a draw count it no longer answers for (BDG-DRAW-8)."""


def value_text(mask: int) -> str:
    """A four-card hand's value in words, e.g. ``7-4-3-A badugi`` (BDG-RANK-*)."""
    from .ranking import evaluate

    value = evaluate(CardSet(mask))
    ranks, text = value.ranks, value.rank_text()
    return f"{text} badugi" if len(ranks) == 4 else f"the {len(ranks)}-card hand {text}"


def phase_name(phase: int) -> str:
    """``R1``..``R4``, ``the first draw``.., or ``over``."""
    return ROUND_WORDS.get(phase) or DRAW_WORDS.get(phase) or "over"


def phase_words(phase: int) -> str:
    """The phase in plain words: ``the first betting round``.., ``the first draw``.., or
    ``the end of the hand``."""
    return ROUND_TEXT.get(phase) or DRAW_WORDS.get(phase) or "the end of the hand"


def _or_list(items: Sequence[str]) -> str:
    return _and_list(items, "or")


def seats_text(seats: Sequence[int]) -> str:
    """``seat 2``, ``seat 0 and seat 2``, ``seat 0, seat 1 and seat 3``."""
    return _and_list([f"seat {s}" for s in seats])


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


def _options(t: Table) -> tuple[str, ...]:
    """The legal actions' names, fold last (the order the sentences name them)."""
    return tuple(ACTION_NAMES[k] for k in B.betting_options(t) if k != FOLD) + ("fold",)


def _short_blind(t: Table) -> int | None:
    """What the big blind posted when it went all in short and the bet to call is still S
    (BDG-SEAT-10), else ``None``."""
    bb = t.bb
    if t.phase == R1 and t.level == t.small_bet and t.stacks[bb] == 0 \
            and t.committed[bb] < t.small_bet and t.bets[bb] == t.committed[bb]:
        return t.bets[bb]
    return None


_BLOCK_CLAUSES: dict[str, tuple[str, ...]] = {
    "cap": ("BDG-BET-4",), "stack": ("BDG-POT-1",), "no_one_to_answer": ("BDG-BET-9",),
    "not_reopened": ("BDG-POT-4",)}
_SHORT_BLIND = ("the big blind went all in for only {}, but a short big blind does not lower "
                "the bet")


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
    say = Reasons(name, BadugiFacts, seat=i, to_move=i, phase=PHASES[t.phase])
    lead = legal_lead(v, name, name)
    refused = f"{name.capitalize()} is not allowed"
    may = f"{v.they} may {_or_list(_options(t))}"
    short = _short_blind(t)
    if kind == FOLD:
        return say(True, f"{lead}: {v.they} give up the hand and the {t.committed[i]} chips "
                   f"{v.they} have put in.", ("BDG-BET-3",), kind="fold",
                   committed=t.committed[i])
    if kind == CHECK:
        if legal and t.phase == R1 and i == t.bb:
            return say(True, f"{lead}: no one has raised, so the big blind may check or raise.",
                       ("BDG-BET-6", "BDG-BET-3"), kind="check", level=t.level, bet=t.bets[i])
        if legal:
            return say(True, f"{lead}: {v.they} have matched the highest total of {t.level} "
                       "this round, so there is nothing to call.", ("BDG-BET-3",),
                       kind="check", level=t.level, bet=t.bets[i])
        call = min(to_call, stack)
        rest = f"call {call}" + (", raise" if RAISE in options else "")
        why = f"the highest total this round is {t.level}"
        if short is not None:
            why = f"{_SHORT_BLIND.format(short)}: the amount to call is still {t.level}"
        return say(False, f"{refused}: {why} and {v.you} {v.verb('have', 'has')} put in "
                   f"{t.bets[i]}, so {v.they} must {rest} or fold.",
                   ("BDG-BET-3",) if short is None else ("BDG-SEAT-10", "BDG-BET-3"),
                   kind="must_call", level=t.level, bet=t.bets[i], to_call=call,
                   options=_options(t), short_blind=short)
    if kind == CALL:
        if legal and stack <= to_call:
            return say(True, f"{lead}: {v.they} have {stack} chips, not more than the {to_call} "
                       f"to call, so calling puts all of them in and {v.they} are all in.",
                       ("BDG-POT-1", "BDG-BET-3"), kind="call", to_call=to_call, stack=stack,
                       put_in=stack, all_in=True)
        if legal:
            how = "" if short is None else f"{_SHORT_BLIND.format(short)}, so "
            return say(True, f"{lead}: {how}{v.they} put in {to_call} more to match the total "
                       f"of {t.level}{' this round' if short is None else ''}.",
                       ("BDG-BET-3",) if short is None else ("BDG-SEAT-10", "BDG-BET-3"),
                       kind="call", to_call=to_call, put_in=to_call, level=t.level,
                       total=t.level, short_blind=short)
        return say(False, f"{refused}: there is nothing to call ({v.you} "
                   f"{v.verb('have', 'has')} matched the {t.level} put in this round), so "
                   f"{may}.", ("BDG-BET-3",), kind="nothing_to_call", level=t.level,
                   bet=t.bets[i], options=_options(t))
    # bet or raise
    if kind == BET and t.level > 0 and t.phase == R1:
        return say(False, f"{refused}: in the first betting round the big blind counts as the "
                   f"bet, so {may}.",
                   ("BDG-BET-5", "BDG-BET-3"), kind="already_bet", options=_options(t))
    if kind == BET and t.level > 0:
        return say(False, f"{refused}: there is already a bet this round, so {may}.",
                   ("BDG-BET-3",), kind="already_bet", level=t.level, options=_options(t))
    if kind == RAISE and t.level == 0:
        return say(False, f"{refused}: no one has bet this round, so {may}.", ("BDG-BET-3",),
                   kind="no_bet", level=0, options=_options(t))
    block = B.raise_block(t)
    if block is not None:
        assert not legal, "explain disagrees with legality"
        why = {"cap": "the cap of one bet and three raises is reached in this round",
               "stack": f"{v.you} {v.verb('have', 'has')} only {stack} chips, which do not "
                        f"cover more than the {to_call} to call",
               "no_one_to_answer": "every other player still in is all in, so no one could "
                                   "answer it",
               "not_reopened": f"{v.you} {v.verb('have', 'has')} already acted, and only a "
                               "short all-in has raised since, which does not reopen the "
                               "betting"}[block]
        clauses = ("BDG-BET-4", "BDG-BET-5") if block == "cap" and t.phase == R1 else \
            _BLOCK_CLAUSES[block]
        return say(False, f"{refused}: {why}, so {v.they} may only {_or_list(_options(t))}.",
                   clauses, kind=block, options=_options(t),
                   stack=stack if block == "stack" else None,
                   to_call=to_call if block == "stack" else None,
                   raises_left=0 if block == "cap" else None)
    assert legal, "explain disagrees with legality"
    target = t.full_level + inc
    need = target - t.bets[i]
    if stack < need:
        return say(True, f"{lead}: {v.they} have only {stack} chips, fewer than the {need} a "
                   f"full {name} needs, so it puts all of them in ({v.they} are all in): a "
                   "short all-in that does not count toward the cap.",
                   ("BDG-POT-1", "BDG-POT-4", "BDG-BET-2"), kind=name, stack=stack,
                   put_in=stack, all_in=True, total=t.bets[i] + stack)
    all_in = " (all of them: all in)" if stack == need else ""
    if kind == BET:
        return say(True, f"{lead}: {v.they} bet {inc}, the {size} of {phase_words(t.phase)}, "
                   f"putting in {need}{all_in}.", ("BDG-BET-2", "BDG-BET-3"), kind="bet",
                   put_in=need, total=target, all_in=stack == need)
    left = B.CAP - 1 - t.raises
    if short is not None:
        how = (f"{_SHORT_BLIND.format(short)}, so the raise goes to {target}: the bet of "
               f"{t.full_level} plus the {size} of {inc}")
        clauses = ("BDG-SEAT-10", "BDG-BET-2", "BDG-BET-4")
    elif t.level == t.full_level:
        how = f"{v.they} raise by the {size} of {inc} to a total of {target}"
        clauses = ("BDG-BET-2", "BDG-BET-4")
    else:  # a short all-in sits above the last full level
        how = (f"{v.they} raise to a total of {target}: the last full level {t.full_level} "
               f"plus the {size} of {inc}, as the highest total {t.level} is a short all-in, "
               "not a full bet level")
        clauses = ("BDG-POT-4", "BDG-BET-2", "BDG-BET-4")
    return say(True, f"{lead}: {how} this round, putting in {need} more{all_in}; "
               f"{count_words(left, 'more raise')} may follow.", clauses, kind="raise",
               put_in=need, total=target, raises_left=left, all_in=stack == need,
               short_blind=short)


def explain_draw(t: Table, discard: int, voice: Voice | None = None) -> Explanation:
    """Whether the player to act may discard ``discard`` now, why, the clauses and the facts."""
    v = voice or Voice()
    i = t.to_act
    hand = t.hands[i]
    move = Draw(discard)
    said = move.pretty()
    refused = f"{said[:1].upper()}{said[1:]} is not allowed"
    say = Reasons(str(move), BadugiFacts, seat=i, to_move=i, phase=PHASES[t.phase],
                  private=True, discard=CardSet(discard))
    legal = discard in B.draw_options(hand)  # the very options the legal moves list
    missing = discard & ~hand
    holder = next((j for j in range(t.n) if j != i and t.hands[j] & missing), None)
    if holder is not None:  # whose turn it is comes first
        theirs = t.hands[holder] & missing
        return say(False, f"It is seat {i}'s turn to draw, not seat {holder}'s: "
                   f"{CardSet(theirs).pretty()} {'is' if theirs.bit_count() == 1 else 'are'} "
                   f"in seat {holder}'s hand.", ("BDG-DRAW-1",), kind="not_your_turn",
                   holder=holder, private=False)
    if missing:
        return say(False, f"{refused}: {v.you} "
                   f"{v.verb('do', 'does')} not hold {CardSet(missing).pretty()}, so {v.they} "
                   f"may discard only cards from {v.your} hand ({CardSet(hand).pretty()}).",
                   ("BDG-DRAW-1",), kind="not_held")
    if not discard:
        assert legal, "explain disagrees with legality"
        lead = f"{v.You} {v.verb('stand', 'stands')} pat" if v.named else "Pat is legal"
        return say(True, f"{lead}: {v.they} keep all {v.your} cards and draw none (standing "
                   "pat).", ("BDG-DRAW-1",), kind="pat", receive=0, private=False)
    k = discard.bit_count()
    if not legal:
        return say(False, f"{refused}: a player discards 0 to 4 cards, not {k}.",
                   ("BDG-DRAW-1",), kind="too_many")
    return say(True, f"{legal_lead(v, said, said)}: {v.they} discard "
               f"{CardSet(discard).pretty()} face down and receive {count_words(k, 'new card')}.",
               ("BDG-DRAW-1", "BDG-DRAW-2"), kind="draw", receive=k)


def explain(t: Table, move: Move, v: Voice) -> Explanation:
    """The explanation of ``move``: betting actions from the betting options, draws from the
    discard options (the very lists the legal moves are made of)."""
    said = move.pretty()
    refused = f"{said[:1].upper()}{said[1:]} is not allowed"
    i = t.to_act
    say = Reasons(str(move), BadugiFacts)
    if t.phase == OVER:
        return say(False, f"{refused}: the hand is over.", ("BDG-SHOW-1", "BDG-SHOW-2"),
                   kind="over")
    if isinstance(move, Action) and not B.is_betting(t.phase):
        return say(False, f"{refused} now: it is {phase_words(t.phase)} and seat {i} is to draw, "
                   "so the only moves are pat or draw with the cards discarded.",
                   ("BDG-DRAW-1", "BDG-BET-1"), kind="drawing", seat=i, to_move=i,
                   phase=PHASES[t.phase])
    if isinstance(move, Action):
        return explain_action(t, move.code, v)
    if B.is_betting(t.phase):
        return say(False, f"{refused} now: it is the {phase_name(t.phase)} betting round, so "
                   f"seat {i} may {_or_list(_options(t))}.", ("BDG-BET-1", "BDG-DRAW-1"),
                   kind="betting", seat=i, to_move=i, phase=PHASES[t.phase],
                   options=_options(t))
    return explain_draw(t, move.discard, v)


def log_entry(before: Table, move: Move) -> LogEntry:
    """The public log entry of ``move`` played on ``before``, third person.  A draw's text
    tells only how many cards were drawn (BDG-DRAW-8); its reason, which names the discards,
    is private."""
    seat = before.to_act
    why = explain(before, move, Voice(seat))
    if isinstance(move, Draw):
        k = move.discard.bit_count()
        said = f"Seat {seat} draws {count_words(k, 'card')}." if k else f"Seat {seat} stands pat."
    elif move.kind in ("call", "bet", "raise"):
        put = cast(BadugiFacts, why.facts).put_in
        said = f"Seat {seat} {ACTION_VERBS[move.kind]}, putting in {put}."
    else:
        said = f"Seat {seat} {ACTION_VERBS[move.kind]}."
    return LogEntry(seat, str(move), said, why.reason, why.clauses, why.facts.private)
