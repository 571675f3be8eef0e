"""A complete fixed-limit Badugi hand: rules object, moves, immutable state, views, outcome.

Implements BDG-SEAT-1..10, BDG-BET-1..10, BDG-POT-1..6, BDG-DRAW-1..9 and BDG-SHOW-1..6 of
``shared/rules/badugi.md`` (BDG-PROC-1..3 are explained only).  The rules themselves are the
small functions of :mod:`rulebook.games.badugi.betting`, working on one compact
:class:`~rulebook.games.badugi.betting.Table`; :class:`BadugiState` is an immutable wrapper that
copies the table before each move, and :meth:`BadugiRules.playout` runs the same functions
on one table without building states.

Notation: ``fold``, ``check``, ``call``, ``bet``, ``raise`` (a call, bet or raise the player
cannot cover puts in all their chips, BDG-POT-1), ``pat`` and ``draw 9H KD`` (the cards
discarded, BDG-DRAW-1).

>>> from rulebook import load_rules
>>> rules = load_rules("badugi", small_bet=10, stack=200)
>>> state = rules.new_deal(players=4, seed=7, dealer=0)
>>> state.to_move, [str(m) for m in state.legal_moves()]
(3, ['fold', 'call', 'raise'])
>>> str(state.explain("check"))
'Check is not allowed: the highest total this round is 10 and you have put in 0, so you must call 10, raise or fold. [BDG-BET-3]'
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple, cast

from ...cards import RANKS, CardSet, parse_cards
from ...errors import CardError, MoveError, PositionError, RulesError
from ...protocol import (
    Explanation, Facts, GameState, LogEntry, Outcome, TurnRandom, Voice, bots_for,
    derived_random, places_from_scores,
)
from ...rules import Row, RulesBase
from . import betting as B
from .betting import (
    ACTION_NAMES, ACTIONS, BET, CALL, CHECK, FOLD, OVER, PHASES, R1, RAISE, HandResult,
    PotResult, Table,
)

__all__ = [
    "BadugiRules", "BadugiState", "BadugiView", "BadugiOutcome", "BadugiFacts", "Action",
    "Draw", "Playout", "value_text", "explain_action", "explain_draw",
]

ROUND_WORDS = {0: "R1", 2: "R2", 4: "R3", 6: "R4"}
DRAW_WORDS = {1: "the first draw", 3: "the second draw", 5: "the third draw"}
NOT_AVAILABLE = "not available"
"""What the engine reports for a draw count it no longer answers for (BDG-DRAW-8)."""


# -- moves ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """A betting action: ``fold``, ``check``, ``call``, ``bet`` or ``raise`` (BDG-BET-3)."""

    kind: str

    def __str__(self) -> str:
        return self.kind

    def pretty(self) -> str:
        """The move as a learner reads it: ``call``."""
        return self.kind

    def __repr__(self) -> str:
        return f"Action({self.kind!r})"

    @property
    def code(self) -> int:
        """The action's small-int code in :mod:`rulebook.games.badugi.betting`."""
        return ACTIONS[self.kind]


@dataclasses.dataclass(frozen=True, slots=True)
class Draw:
    """A draw: the mask of the cards discarded; ``pat`` when none (BDG-DRAW-1)."""

    discard: int

    @property
    def cards(self) -> CardSet:
        """The cards discarded."""
        return CardSet(self.discard)

    def __str__(self) -> str:
        return "pat" if not self.discard else "draw " + str(CardSet(self.discard))

    def pretty(self) -> str:
        """The move as a learner reads it: ``draw 9♥ K♦`` or ``pat``."""
        return "pat" if not self.discard else "draw " + CardSet(self.discard).pretty()

    def __repr__(self) -> str:
        return f"Draw({str(CardSet(self.discard))!r})"


Move = Action | Draw
_ACTION_OBJECTS = {name: Action(name) for name in ACTION_NAMES}
_ACTION_VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
                 "raise": "raises"}


def parse_move(text: str) -> Move:
    """Read a move's notation; bad text raises MoveError quoting it."""
    expected = ("expected fold, check, call, bet, raise, pat, or draw followed by the cards "
                "discarded (e.g. 'draw 9H KD')")
    if isinstance(text, (Action, Draw)):
        return text
    if not isinstance(text, str):
        raise MoveError(f"{text!r} is not a Badugi move: {expected}")
    words = text.strip().split()
    if not words:
        raise MoveError(f"{text!r} is not a Badugi move: {expected}")
    head = words[0].lower()
    if len(words) == 1 and head in _ACTION_OBJECTS:
        return _ACTION_OBJECTS[head]
    if len(words) == 1 and head == "pat":
        return Draw(0)
    if head == "draw":
        if len(words) == 1:
            raise MoveError(f"{text!r} names no cards: write the cards discarded, e.g. "
                            "'draw 9H KD', or 'pat' to draw none")
        try:
            cards = parse_cards(" ".join(words[1:]))
        except CardError as exc:
            raise MoveError(f"{text!r} is not a Badugi move: {exc}") from None
        mask = 0
        for card in cards:
            mask |= card.mask
        return Draw(mask)
    raise MoveError(f"{text!r} is not a Badugi move: {expected}")


# -- describing values --------------------------------------------------------------------------

def value_text(mask: int) -> str:
    """A four-card hand's value in words, e.g. ``7-4-3-A badugi`` (BDG-RANK-*)."""
    from .ranking import evaluate

    ranks = evaluate(CardSet(mask)).ranks
    text = "-".join(RANKS[r - 1] for r in ranks)
    return f"{text} badugi" if len(ranks) == 4 else f"the {len(ranks)}-card hand {text}"


def phase_name(phase: int) -> str:
    """``R1``..``R4``, ``the first draw``.., or ``over``."""
    return ROUND_WORDS.get(phase) or DRAW_WORDS.get(phase) or "over"


def _seats(seats: Sequence[int]) -> str:
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- outcome -----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class BadugiOutcome(Outcome):
    """How a hand ended: pots and who won each, the showdown, the final stacks."""

    pots: tuple[PotResult, ...] = ()
    """Main pot first, then side pots (BDG-POT-2)."""
    revealed: tuple[int, ...] = ()
    """Seats in showing order (BDG-SHOW-2, BDG-SHOW-3); empty if all others folded."""
    shown: tuple[tuple[int, str, str], ...] = ()
    """(seat, cards, value text) of every shown hand, in showing order."""
    dead: tuple[int, ...] = ()
    """Seats whose hands were dead at the showdown (BDG-SHOW-5)."""
    start_stacks: tuple[int, ...] = ()
    """Each seat's chips when the hand started."""
    final_stacks: tuple[int, ...] = ()
    """Each seat's chips after the hand."""
    net: tuple[int, ...] = ()
    """Chips won (positive) or lost per seat."""
    chips_conserved: bool = True
    """Whether the chips after the hand add up to those before."""
    lines: tuple[str, ...] = ()
    """The hand's result as sentences."""

    def explain(self) -> str:
        """The result as a short paragraph."""
        return " ".join(self.lines)


def _outcome(t: Table, rules: "BadugiRules") -> BadugiOutcome:
    result = cast(HandResult, t.result)  # set when the hand is over
    net = tuple(t.stacks[j] - t.start_stacks[j] for j in range(t.n))
    lines: list[str] = []
    if not result.revealed:
        winner = next(j for j in range(t.n) if t.dealt[j] and not t.folded[j])
        lines.append(f"Everyone else folded, so seat {winner} wins without showing its cards "
                     "(BDG-SHOW-1).")
    shown = tuple((j, str(CardSet(t.hands[j])),
                   value_text(t.hands[j]) if result.classes[j] is not None else "a dead hand")
                  for j in result.revealed)
    if shown:
        lines.append("Shown in order: " + "; ".join(
            f"seat {j} {CardSet(t.hands[j]).pretty()} ({value})" for j, _, value in shown) + ".")
    for k, pot in enumerate(result.pots):
        name = "the main pot" if k == 0 else f"side pot {k}"
        if len(result.pots) == 1:
            name = "the pot"
        if len(pot.winners) == 1:
            lines.append(f"Seat {pot.winners[0]} wins {name} of {pot.amount}.")
        else:
            parts = ", ".join(f"seat {j} {c}" for j, c in zip(pot.winners, pot.shares))
            lines.append(f"{_seats(pot.winners).capitalize()} split {name} of {pot.amount} "
                         f"({parts}).")
    if any(result.returned):
        lines.append("Unmatched chips returned: " + ", ".join(
            f"{c} to seat {j}" for j, c in enumerate(result.returned) if c) + ".")
    lines.append("Final stacks: " + ", ".join(
        f"seat {j} {s}" for j, s in enumerate(t.stacks)) + ".")
    conserved = sum(t.stacks) == sum(t.start_stacks)
    lines.append("Chips conserved." if conserved else "Chips NOT conserved.")
    winners = tuple(sorted({j for pot in result.pots for j in pot.winners}))
    return BadugiOutcome(
        places=places_from_scores(net, lower_is_better=False),
        winners=winners,
        summary=" ".join(lines[:len(lines) - 2]),
        pots=result.pots,
        revealed=result.revealed,
        shown=shown,
        dead=result.dead,
        start_stacks=t.start_stacks,
        final_stacks=tuple(t.stacks),
        net=net,
        chips_conserved=conserved,
        lines=tuple(lines),
    )


# -- explanations -------------------------------------------------------------------------------

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


# -- views -----------------------------------------------------------------------------------------

class BadugiView:
    """What one seat may know: its own cards and everything public (no other hands).

    Plain values only (no reference to the state or its table), so a computer player given
    a view cannot reach hidden cards.
    """

    __slots__ = ("seat", "to_move", "players", "button", "phase", "round", "hand",
                 "hand_sizes", "stacks", "bets", "committed", "folded", "all_in", "pots",
                 "level", "to_call", "raises", "increment", "small_bet", "draw_counts",
                 "shown", "actions", "_legal")

    seat: int
    to_move: int | None
    players: int
    button: int
    phase: int
    round: str
    hand: CardSet
    hand_sizes: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    level: int
    to_call: int
    raises: int
    increment: int
    small_bet: int
    draw_counts: tuple[int | str, ...]
    shown: dict[int, CardSet]
    actions: tuple[tuple[int, str], ...]
    _legal: tuple[Move, ...]

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move, else an empty list."""
        return list(self._legal)

    def __repr__(self) -> str:
        return (f"<BadugiView seat {self.seat} {self.round}: hand {self.hand}, "
                f"stacks {list(self.stacks)}, to move {self.to_move}>")


# -- the state ---------------------------------------------------------------------------------

class BadugiState(GameState):
    """An immutable snapshot of a Badugi hand; every move returns a new state."""

    __slots__ = ("rules", "_t", "_history", "_origin", "_actors")

    rules: "BadugiRules"
    _t: Table
    _history: tuple[Move, ...]
    _origin: dict[str, Any]
    _actors: tuple[int, ...]

    def __init__(self, rules: "BadugiRules", table: Table, history: tuple[Move, ...],
                 origin: dict[str, Any], actors: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "_t", table)
        object.__setattr__(self, "_history", history)
        object.__setattr__(self, "_origin", origin)
        object.__setattr__(self, "_actors", actors)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Badugi states are immutable: play a move to get a new state")

    # -- protocol ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Seats at the table (sitting-out seats included)."""
        return self._t.n

    @property
    def origin(self) -> dict[str, Any]:
        """The deal or position this hand started from (JSON)."""
        return dict(self._origin)

    @property
    def to_move(self) -> int | None:
        """The seat to act or draw, or None when the hand is over."""
        return None if self._t.phase == OVER else self._t.to_act

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self._t.phase == OVER

    @property
    def outcome(self) -> BadugiOutcome | None:
        """Pots, winners, showdown and final stacks once the hand is over."""
        if self._t.phase != OVER:
            return None
        return _outcome(self._t, self.rules)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves so far."""
        return self._history

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that made each move of :attr:`history`."""
        return self._actors

    def legal_moves(self) -> list[Move]:
        """Betting actions (fold check call bet raise order) or every discard set."""
        return list(_legal(self._t))

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` is legal now, why, the clause ids and the facts.

        Phrased from the same betting or discard options as :meth:`legal_moves`, so it never
        disagrees with legality; ``voice="table"`` names the seat instead of "you".
        """
        parsed = self.parse_move(move)
        return _explain(self._t, parsed, Voice.of(voice, self.to_move))

    def move_log(self) -> tuple[LogEntry, ...]:
        """The public log: one entry per betting action or draw, third person, cards in
        symbols.  A draw's text tells only how many cards were drawn (BDG-DRAW-8); its reason,
        which names the discards, is private."""
        entries: list[LogEntry] = []
        state = self.start()
        for move in self._history:
            seat = state.to_move
            why = state.explain(move, voice="table")
            if isinstance(move, Draw):
                k = move.discard.bit_count()
                said = (f"Seat {seat} stands pat." if not k else
                        f"Seat {seat} draws {k} card{'s' if k != 1 else ''}.")
            else:
                said = f"Seat {seat} {_ACTION_VERBS[move.kind]}."
                if move.kind in ("call", "bet", "raise"):
                    put = cast(BadugiFacts, why.facts).put_in
                    said = f"Seat {seat} {_ACTION_VERBS[move.kind]}, putting in {put}."
            entries.append(LogEntry(seat, str(move), said, why.reason, why.clauses,
                                    why.facts.private))
            state = state.play(move)
        return tuple(entries)

    def play(self, move: Any) -> "BadugiState":
        """The state after ``move``; an illegal move raises IllegalMove (BDG-BET-10)."""
        return cast(BadugiState, super().play(move))

    def _apply(self, move: Any) -> "BadugiState":
        t = self._t.copy()
        seat = t.to_act
        _apply(t, move)
        return BadugiState(self.rules, t, self._history + (move,), self._origin,
                           self._actors + (seat,))

    def start(self) -> "BadugiState":
        """The state this hand started from."""
        if self._origin["kind"] == "deal":
            o = self._origin
            return self.rules.new_deal(players=o["players"], seed=o["seed"], dealer=o["dealer"])
        return self.rules.position(**self._origin["args"])

    def view(self, seat: int) -> BadugiView:
        """What ``seat`` may know (BDG-SEAT-8: own cards only; BDG-DRAW-8: draw counts)."""
        t = self._t
        if not isinstance(seat, int) or not 0 <= seat < t.n:
            raise RulesError(f"seat {seat!r} is not at this table: expected 0 to {t.n - 1}")
        v = BadugiView.__new__(BadugiView)
        v.seat = seat
        v.to_move = self.to_move
        v.players = t.n
        v.button = t.button
        v.phase = t.phase
        v.round = phase_name(t.phase)
        v.hand = CardSet(t.hands[seat])
        v.hand_sizes = tuple(h.bit_count() for h in t.hands)
        v.stacks = tuple(t.stacks)
        v.bets = tuple(t.bets)
        v.committed = tuple(t.committed)
        v.folded = tuple(t.folded)
        v.all_in = tuple(t.dealt[j] and not t.folded[j] and t.stacks[j] == 0 for j in range(t.n))
        v.pots = tuple(self.pots())
        v.level = t.level
        v.to_call = max(0, t.level - t.bets[seat])
        v.raises = t.raises
        v.increment = B.increment(t) if t.phase != OVER else 0
        v.small_bet = t.small_bet
        v.draw_counts = self.draw_counts()
        v.shown = ({j: CardSet(t.hands[j]) for j in t.result.revealed}
                   if t.result is not None else {})
        v.actions = tuple(
            (a, str(m) if a == seat or not isinstance(m, Draw) or not m.discard
             else f"draw {m.discard.bit_count()}")
            for a, m in zip(self._actors, self._history))
        v._legal = tuple(_legal(t)) if t.to_act == seat and t.phase != OVER else ()
        return v

    # -- Badugi-specific --------------------------------------------------------------------
    @property
    def seed(self) -> Any:
        """The seed of the deck order and of every reshuffle."""
        return self._t.seed

    @property
    def button(self) -> int:
        """The button's seat (BDG-SEAT-2)."""
        return self._t.button

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and big blind seats (BDG-SEAT-5, BDG-SEAT-6)."""
        return self._t.sb, self._t.bb

    @property
    def next_button(self) -> int:
        """Where the button goes for the next hand: one seat clockwise, skipping seats with no
        chips (BDG-SEAT-2, BDG-SEAT-3)."""
        t = self._t
        for step in range(1, t.n + 1):
            j = (t.button + step) % t.n
            if t.stacks[j] > 0:
                return j
        return t.button

    @property
    def round(self) -> str:
        """``R1``..``R4``, ``the first draw``..``the third draw``, or ``over``."""
        return phase_name(self._t.phase)

    @property
    def phase(self) -> str:
        """Short phase name: R1 D1 R2 D2 R3 D3 R4 over (BDG-BET-1)."""
        return PHASES[self._t.phase]

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """Seats dealt into this hand (BDG-SEAT-2)."""
        return tuple(j for j in range(self._t.n) if self._t.dealt[j])

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat."""
        return tuple(self._t.stacks)

    @property
    def start_stacks(self) -> tuple[int, ...]:
        """Chips per seat when the hand started."""
        return self._t.start_stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during this betting round."""
        return tuple(self._t.bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each seat has put in during the whole hand."""
        return tuple(self._t.committed)

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that have folded."""
        return tuple(j for j in range(self._t.n) if self._t.folded[j])

    @property
    def all_in(self) -> tuple[int, ...]:
        """Seats all in (BDG-POT-1)."""
        t = self._t
        return tuple(j for j in range(t.n) if t.dealt[j] and not t.folded[j] and t.stacks[j] == 0)

    @property
    def raises(self) -> int:
        """Full bets and raises in this round (the big blind counts in R1; cap 4)."""
        return self._t.raises

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (everything is visible to a teacher; bots get views)."""
        return CardSet(self._t.hands[seat])

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's cards."""
        return tuple(CardSet(h) for h in self._t.hands)

    @property
    def stub(self) -> tuple[str, ...]:
        """The stub in dealing order; its last card is never dealt (BDG-DRAW-6)."""
        t = self._t
        return tuple(CardSet(1 << c).texts()[0] for c in t.deck[t.top:])

    @property
    def deck(self) -> tuple[str, ...]:
        """The deck in dealing order since the last shuffle (dealt cards first, then the stub).

        For a fresh hand this is the whole shuffled pack: the cards go one at a time
        clockwise from the button's left (BDG-SEAT-9).
        """
        return tuple(CardSet(1 << c).texts()[0] for c in self._t.deck)

    @property
    def discards(self) -> CardSet:
        """The dead discards, exposed cards included (BDG-DRAW-3, BDG-DRAW-9)."""
        return CardSet(self._t.discards)

    @property
    def burns(self) -> CardSet:
        """The burned cards (BDG-DRAW-4)."""
        return CardSet(self._t.burns)

    @property
    def exposed(self) -> CardSet:
        """Replacement cards exposed by mistake, dead like discards (BDG-DRAW-9)."""
        return CardSet(self._t.exposed)

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stub (BDG-DRAW-6)."""
        return self._t.reshuffles

    def card_count(self) -> int:
        """Cards in hands + stub + discards (exposed included) + burns: always 52."""
        masks = B.accounted_cards(self._t)
        total = 0
        for m in masks:
            total += m.bit_count()
        return total

    def all_cards_mask(self) -> int:
        """The union of every card's place (the full pack when nothing is lost)."""
        union = 0
        for m in B.accounted_cards(self._t):
            union |= m
        return union

    def draw_count(self, seat: int) -> int | str:
        """How many cards ``seat`` drew in the current draw, or "not available" (BDG-DRAW-8)."""
        value = self._t.draw_counts[seat]
        return NOT_AVAILABLE if value < 0 else value

    def draw_counts(self) -> tuple[int | str, ...]:
        """Every seat's public draw count (BDG-DRAW-8)."""
        return tuple(self.draw_count(j) for j in range(self._t.n))

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pots as they stand: (amount, eligible seats), main pot first (BDG-POT-2)."""
        t = self._t
        if t.phase == OVER:
            return [(p.amount, p.eligible) for p in cast(HandResult, t.result).pots]
        if not any(t.committed):
            return []
        live = [t.dealt[j] and not t.folded[j] for j in range(t.n)]
        all_in = [t.stacks[j] == 0 for j in range(t.n)]
        return B.build_pots(t.committed, live, all_in)

    def with_exposed_card(self, count: int = 1) -> "BadugiState":
        """Engine hook for tests (BDG-DRAW-9): the next ``count`` replacement cards dealt are
        turned up by mistake; each goes to the discards and the drawer gets the next card.

        Not a move: a record of the hand does not carry it.
        """
        t = self._t.copy()
        t.expose_pending += count
        return BadugiState(self.rules, t, self._history, self._origin, self._actors)

    def __repr__(self) -> str:
        t = self._t
        return (f"<BadugiState {phase_name(t.phase)}, button {t.button}, to move "
                f"{self.to_move}, stacks {list(t.stacks)}, pot {sum(t.committed)}>")


def _legal(t: Table) -> list[Move]:
    if t.phase == OVER:
        return []
    if B.is_betting(t.phase):
        return [_ACTION_OBJECTS[ACTION_NAMES[k]] for k in B.betting_options(t)]
    return [Draw(m) for m in B.draw_options(t.hands[t.to_act])]


def _explain(t: Table, move: Move, v: Voice) -> Explanation:
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


def _apply(t: Table, move: Move) -> None:
    if isinstance(move, Action):
        B.apply_action(t, move.code)
    else:
        B.apply_draw(t, move.discard)


# -- playout -------------------------------------------------------------------------------------

class Playout(NamedTuple):
    """One hand played on the fast path: a row per seat and, if asked, the move texts."""

    rows: list[dict[str, Any]]
    moves: list[str] | None


# -- the rules object ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, repr=False)
class BadugiRules(RulesBase):
    """Fixed-limit Badugi (profile ``badugi``): options ``small_bet``, ``stack``, ``stacks``.

    ``new_deal(players, seed, dealer)`` deals a hand with the button on ``dealer``;
    ``next_hand(state)`` deals the next one with the button moved (BDG-SEAT-3).
    """

    game: ClassVar[str] = "badugi"

    def __post_init__(self) -> None:
        super().__post_init__()
        stacks = self.options["stacks"]
        if stacks and not 2 <= len(stacks) <= 8:
            raise RulesError(f"option stacks={list(stacks)!r} is not valid for 'badugi': "
                             "expected one stack for each of 2 to 8 seats (BDG-SEAT-1)")

    @property
    def small_bet(self) -> int:
        """S: the small bet (BDG-SEAT-4)."""
        return int(self.options["small_bet"])

    def seat_stacks(self, players: int | None = None) -> tuple[int, ...]:
        """The starting chips of every seat (BDG-SEAT-2)."""
        stacks = self.options["stacks"]
        if stacks:
            if players is not None and players != len(stacks):
                raise RulesError(f"players={players!r} does not match the {len(stacks)} stacks "
                                 f"given ({list(stacks)}): expected players={len(stacks)}")
            return tuple(stacks)
        if players is None:
            players = 4
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
            raise RulesError(f"players={players!r}: Badugi is dealt to 2 to 8 players "
                             "(BDG-SEAT-1)")
        return (int(self.options["stack"]),) * players

    def new_deal(self, players: int | None = None, seed: Any = 7, dealer: int = 0
                 ) -> BadugiState:
        """A new hand with the button on ``dealer`` (BDG-SEAT-1..9).

        ``players`` defaults to the number of ``stacks`` given, else 4.  Seats with no chips
        sit out; 2 to 8 seats must be dealt in.
        """
        stacks = self.seat_stacks(players)
        n = len(stacks)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"dealer={dealer!r}: expected a seat from 0 to {n - 1}")
        dealt = sum(1 for s in stacks if s > 0)
        if dealt < 2:
            raise RulesError(f"only {dealt} seat(s) have chips ({list(stacks)}): Badugi needs "
                             "2 to 8 players dealt in (BDG-SEAT-1, BDG-SEAT-2)")
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise RulesError(f"seed={seed!r}: expected a whole number or a string")
        t = B.deal(n, self.small_bet, seed, dealer, stacks)
        origin = {"kind": "deal", "players": n, "seed": seed, "dealer": dealer}
        return BadugiState(self, t, (), origin)

    def next_hand(self, state: BadugiState, seed: Any = None) -> BadugiState:
        """The next hand: the final stacks carry over and the button moves one seat clockwise,
        skipping seats with no chips (BDG-SEAT-2, BDG-SEAT-3)."""
        if not state.is_over:
            raise RulesError("the hand is not over yet: finish it before dealing the next one")
        if seed is None:
            seed = state.seed + 1 if isinstance(state.seed, int) else f"{state.seed}+1"
        rules = cast(BadugiRules, self.with_options(stacks=list(state.stacks)))  # same profile
        return rules.new_deal(players=state.players, seed=seed,
                              dealer=state.next_button)

    def parse_move(self, text: Any) -> Move:
        """Read ``fold check call bet raise pat`` or ``draw 9H KD``; bad text raises MoveError."""
        return parse_move(text)

    def position(self, *, stacks: list[int], hands: list[str | None], button: int = 0,
                 round: str = "R1", to_act: int | None = None, bets: list[int] | None = None,
                 committed: list[int] | None = None, folded: Sequence[int] = (),
                 acted: Sequence[int] | None = None, raises: int | None = None,
                 full_level: int | None = None, reopened: Sequence[int] | None = None,
                 stub: str | list[str] | None = None, discards: str | list[str] = "",
                 burns: str | list[str] = "", draw_counts: list[int | None] | None = None,
                 burned: bool | None = None, last_aggressor: int | None = None,
                 seed: int | str = 0) -> BadugiState:
        """Set up a hand mid-way from JSON-able values; impossible positions raise PositionError.

        * ``stacks``: chips behind per seat (after the chips already put in); ``hands``: the
          cards per seat, ``None`` for a seat sitting out (a hand of other than four cards is
          allowed and is dead at the showdown, BDG-SHOW-5).
        * ``round``: ``R1 D1 R2 D2 R3 D3 R4``; ``bets``: chips put in during this round (in R1
          they include the blinds; if omitted in R1 the blinds are posted from ``stacks``);
          ``committed``: chips put in during earlier rounds.
        * ``to_act``: the seat to move (default: the next one due); ``acted``: seats that
          have acted this round or drawn in this draw (default: those due before ``to_act``);
          ``raises``: full bets and raises this round (default from the bets);
          ``full_level``/``reopened``: for short all-ins (BDG-POT-4).
        * ``stub`` (dealing order, last card never dealt), ``discards``, ``burns``: default
          stub is every other card, shuffled from ``seed``.
        * ``draw_counts``: the public counts of the current draw (None: not available).
        """
        args = {k: v for k, v in dict(
            stacks=stacks, hands=hands, button=button, round=round, to_act=to_act, bets=bets,
            committed=committed, folded=list(folded), acted=None if acted is None else list(acted),
            raises=raises, full_level=full_level,
            reopened=None if reopened is None else list(reopened), stub=stub,
            discards=discards, burns=burns, draw_counts=draw_counts, burned=burned,
            last_aggressor=last_aggressor, seed=seed).items()
            if v is not None}
        t = _position_table(self, args)
        return BadugiState(self, t, (), {"kind": "position", "args": _jsonable(args)})

    def describe(self) -> list[Row]:
        """The ruleset as rows (every topic), then the options."""
        s = self.small_bet
        rows = [
            Row("players", "players", "2-8", "Two to eight players are dealt in; a seat with no "
                "chips sits the hand out.", ("BDG-SEAT-1", "BDG-SEAT-2")),
            Row("deck", "deck", "52 cards, aces low", "One pack without jokers; aces are low and "
                "suits have no order.", ("BDG-RANK-1",)),
            Row("deal", "cards dealt", "4", "Each player gets four private cards, one at a time "
                "clockwise from the button's left.", ("BDG-SEAT-8", "BDG-SEAT-9")),
            Row("deal", "blinds", f"{s // 2} and {s}", "The player left of the button posts "
                "half the small bet and the next player the small bet; heads-up the button "
                "posts the small blind.", ("BDG-SEAT-5", "BDG-SEAT-6", "BDG-SEAT-7")),
            Row("who opens", "first to act", "left of the big blind",
                "R1 starts left of the big blind (heads-up with the button); later rounds "
                "start left of the button.", ("BDG-BET-7", "BDG-BET-8")),
            Row("what may be played", "bet size", f"{s} / {2 * s}", "Bets and raises are the "
                "small bet in R1 and R2 and twice it in R3 and R4.", ("BDG-BET-2",)),
            Row("what may be played", "cap", "1 bet + 3 raises", "A round allows one bet and "
                "three raises; in R1 the big blind is the bet.", ("BDG-BET-4", "BDG-BET-5")),
            Row("what may be played", "all in", "allowed", "A player who cannot cover a call, "
                "bet or raise puts in all their chips and plays on for the pots they matched.",
                ("BDG-POT-1", "BDG-POT-2", "BDG-POT-4")),
            Row("passing and drawing", "draws", "3", "After R1, R2 and R3 each player still in "
                "discards 0 to 4 cards and draws as many; one card is burned first.",
                ("BDG-DRAW-1", "BDG-DRAW-4", "BDG-DRAW-5")),
            Row("passing and drawing", "reshuffle", "all discards but the drawer's",
                "The stub's last card is never dealt; when the stub runs short the other "
                "discards are shuffled into a new stub.", ("BDG-DRAW-6", "BDG-DRAW-7")),
            Row("special cards", "special cards", "none", "No card is wild; a card exposed in "
                "a draw is replaced.", ("BDG-DRAW-9",)),
            Row("round end", "hand end", "showdown after R4", "The hand ends when all but one "
                "fold, or with a showdown after R4.", ("BDG-SHOW-1", "BDG-SHOW-2")),
            Row("scoring", "winner", "lowest badugi", "Each pot goes to the best hand among "
                "those who may win it; ties split, odd chips from the button's left.",
                ("BDG-RANK-5", "BDG-POT-5", "BDG-POT-6")),
            Row("match", "button", "moves left", "After each hand the button moves one seat "
                "clockwise.", ("BDG-SEAT-3",)),
        ]
        return rows + self.option_rows()

    def playout(self, players: int = 4, seed: Any = 0, dealer: int = 0,
                bots: Sequence[str] | str | None = None, record: bool = False) -> Playout:
        """Play one hand on the fast path (one table, no states) with computer players.

        Mirrors ``autoplay(rules.new_deal(players, seed, dealer), bots, seed)`` move for move.
        Rows: ``seat, bot, place, won, points`` (net chips), ``passes`` (1 if folded),
        ``turns`` (moves in the hand), ``drawn`` (cards drawn) and ``stack``.
        """
        from .bots import fast_chooser

        stacks = self.seat_stacks(players)
        n = len(stacks)
        names = bots if bots is not None else "random"
        names = [names] * n if isinstance(names, str) else list(names)
        chosen = bots_for(self, names, n)
        choosers = [fast_chooser(b) for b in chosen]
        t = B.deal(n, self.small_bet, seed, dealer, stacks)
        rng = TurnRandom(seed)
        moves: list[str] | None = [] if record else None
        drawn = [0] * n
        turn = 0
        while t.phase != OVER:
            seat = t.to_act
            rng.start_turn(turn)
            if t.phase & 1:  # a draw (D1, D2, D3)
                discard = choosers[seat].draw(t, seat, rng)
                drawn[seat] += discard.bit_count()
                B.apply_draw(t, discard)
                if moves is not None:
                    moves.append(str(Draw(discard)))
            else:
                kind = choosers[seat].act(t, seat, rng)
                B.apply_action(t, kind)
                if moves is not None:
                    moves.append(ACTION_NAMES[kind])
            turn += 1
        net = [t.stacks[j] - t.start_stacks[j] for j in range(n)]
        places = places_from_scores(net, lower_is_better=False)
        winners = {j for pot in cast(HandResult, t.result).pots for j in pot.winners}
        rows = [{"seat": j, "bot": getattr(chosen[j], "name", str(names[j])),
                 "place": places[j], "won": j in winners, "points": net[j],
                 "passes": 1 if t.folded[j] else 0, "turns": turn, "drawn": drawn[j],
                 "stack": t.stacks[j]} for j in range(n)]
        return Playout(rows, moves)


# -- positions -------------------------------------------------------------------------------------

def _jsonable(args: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in args.items():
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def _int_list(name: str, value: Any, n: int | None = None) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise PositionError(f"{name}={value!r}: expected a list of whole numbers")
    out = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or item < 0:
            raise PositionError(f"{name}={value!r}: expected a list of whole numbers, 0 or more")
        out.append(item)
    if n is not None and len(out) != n:
        raise PositionError(f"{name}={value!r}: expected {n} numbers, one per seat")
    return out


def _seat(name: str, value: Any, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise PositionError(f"{name}={value!r}: expected a seat from 0 to {n - 1}")
    return value


def _cards(name: str, value: Any) -> list[int]:
    try:
        return [c.index for c in parse_cards(value)]
    except CardError as exc:
        raise PositionError(f"{name}: {exc}") from None


def _position_table(rules: BadugiRules, a: dict[str, Any]) -> Table:
    stacks = _int_list("stacks", a["stacks"])
    n = len(stacks)
    if not 2 <= n <= 8:
        raise PositionError(f"stacks={stacks!r}: expected 2 to 8 seats (BDG-SEAT-1)")
    hands_in = a["hands"]
    if isinstance(hands_in, str) or not isinstance(hands_in, Sequence) or len(hands_in) != n:
        raise PositionError(f"hands={hands_in!r}: expected a list of {n} hands (cards as text, "
                            "or None for a seat sitting out)")
    button = _seat("button", a.get("button", 0), n)
    phase_text = a.get("round", "R1")
    if phase_text not in PHASES[:-1]:
        raise PositionError(f"round={phase_text!r}: expected one of {', '.join(PHASES[:-1])}")
    phase = PHASES.index(phase_text)
    dealt = tuple(h is not None for h in hands_in)
    if not 2 <= sum(dealt) <= 8:
        raise PositionError(f"{sum(dealt)} seats are dealt in: expected 2 to 8 (BDG-SEAT-1)")
    seen: dict[int, str] = {}

    def claim(cards: list[int], where: str) -> int:
        mask = 0
        for c in cards:
            if c in seen:
                raise PositionError(f"{CardSet(1 << c)} is in {seen[c]} and in {where}: each "
                                    "card exists once")
            seen[c] = where
            mask |= 1 << c
        return mask

    hands = []
    for j, h in enumerate(hands_in):
        if h is None:
            hands.append(0)
            continue
        cards = _cards(f"hands[{j}]", h)
        if len(cards) > 5:
            raise PositionError(f"seat {j} holds {len(cards)} cards: at most 5 can be set up")
        hands.append(claim(cards, f"seat {j}'s hand"))
    discards = claim(_cards("discards", a.get("discards", "")), "the discards")
    burns = claim(_cards("burns", a.get("burns", "")), "the burns")
    if "stub" in a:
        stub = _cards("stub", a["stub"])
        claim(stub, "the stub")
        if len(seen) != 52:
            missing = CardSet(((1 << 52) - 1) & ~sum(1 << c for c in seen))
            raise PositionError(f"the cards given are not the whole pack: {missing} are in no "
                                "hand, stub, discard or burn pile")
    else:
        stub = [c for c in range(52) if c not in seen]
        derived_random(a.get("seed", 0), "position stub").shuffle(stub)
    if not stub:
        raise PositionError("the stub is empty: it always keeps its last card (BDG-DRAW-6)")
    if isinstance(a.get("seed", 0), bool) or not isinstance(a.get("seed", 0), (int, str)):
        raise PositionError(f"seed={a.get('seed')!r}: expected a whole number or a string")

    folded = [False] * n
    for j in a.get("folded", []):
        j = _seat("folded seat", j, n)
        if not dealt[j]:
            raise PositionError(f"seat {j} sits out, so it cannot have folded")
        folded[j] = True
    if sum(1 for j in range(n) if dealt[j] and not folded[j]) < 2:
        raise PositionError("fewer than two players are still in: the hand would be over "
                            "(BDG-SHOW-1)")
    t = B.new_table(n, rules.small_bet, a.get("seed", 0), button, tuple(stacks), dealt)
    t.button = button
    if not dealt[button]:
        raise PositionError(f"the button's seat {button} is not dealt in (BDG-SEAT-2)")
    t.sb, t.bb = B.blind_seats(dealt, button)
    t.hands = hands
    t.discards = discards
    t.burns = burns
    t.deck = tuple(stub)
    t.top = 0
    t.folded = folded
    t.phase = phase
    committed = _int_list("committed", a.get("committed", [0] * n), n)
    if "bets" in a:
        bets = _int_list("bets", a["bets"], n)
    elif phase == R1:
        bets = [0] * n
        for seat, blind in ((t.sb, rules.small_bet // 2), (t.bb, rules.small_bet)):
            bets[seat] = min(blind, stacks[seat])
            stacks[seat] -= bets[seat]
    else:
        bets = [0] * n
    if phase & 1 and any(bets):
        raise PositionError(f"bets={bets!r}: no chips are bet during a draw")
    for j in range(n):
        if not dealt[j] and (bets[j] or committed[j]):
            raise PositionError(f"seat {j} sits out but has chips in the pot")
    t.stacks = stacks
    t.bets = bets
    t.committed = [committed[j] + bets[j] for j in range(n)]
    t.start_stacks = tuple(stacks[j] + t.committed[j] for j in range(n))
    if phase == R1 and sum(bets) == 0:
        raise PositionError("in R1 the blinds are in: bets cannot all be 0 (BDG-SEAT-5)")
    inc = rules.small_bet if phase <= 2 else 2 * rules.small_bet
    t.level = max(bets)
    if phase == R1:
        t.level = max(t.level, rules.small_bet)  # a short big blind does not lower the bet
    if t.level > B.CAP * inc:
        raise PositionError(f"bets={bets!r}: no one can put in more than {B.CAP * inc} in "
                            f"{phase_name(phase)} (BDG-BET-4)")
    if "raises" in a:
        raises = a["raises"]
        if isinstance(raises, bool) or not isinstance(raises, int) or not 0 <= raises <= B.CAP:
            raise PositionError(f"raises={raises!r}: expected 0 to {B.CAP} (BDG-BET-4)")
    else:
        raises = max(t.level // inc, 1 if phase == R1 else 0)
    if phase == R1 and raises < 1:
        raise PositionError("raises=0 in R1: the big blind counts as the bet (BDG-BET-5)")
    t.raises = raises
    t.full_level = a.get("full_level", raises * inc)
    if isinstance(t.full_level, bool) or not isinstance(t.full_level, int) or t.full_level < 0:
        raise PositionError(f"full_level={t.full_level!r}: expected a whole number of chips")
    if "last_aggressor" in a:
        t.last_aggressor = _seat("last_aggressor", a["last_aggressor"], n)
    if "draw_counts" in a:
        counts = a["draw_counts"]
        if not isinstance(counts, Sequence) or len(counts) != n:
            raise PositionError(f"draw_counts={counts!r}: expected {n} counts (or None)")
        for j, c in enumerate(counts):
            if c is None:
                continue
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 5:
                raise PositionError(f"draw_counts={counts!r}: expected counts from 0 to 5")
            t.draw_counts[j] = c
    live = [dealt[j] and not folded[j] for j in range(n)]
    start = t.bb if phase == R1 else t.button
    due = (lambda j: B.able(t, j)) if B.is_betting(phase) else (lambda j: live[j])
    if "acted" in a:
        acted = [_seat("acted seat", j, n) for j in a["acted"]]
    elif "to_act" in a:
        target = _seat("to_act", a["to_act"], n)
        acted = []
        j = B.next_seat(t, start, due)
        steps = 0
        while j != target and j >= 0 and steps < n:
            acted.append(j)
            j = B.next_seat(t, j, due)
            steps += 1
    else:
        acted = []
    for j in acted:
        t.acted[j] = True
    if "reopened" in a:
        t.reopened = [False] * n
        for j in a["reopened"]:
            t.reopened[_seat("reopened seat", j, n)] = True
    else:
        t.reopened = [not t.acted[j] or t.bets[j] < t.full_level for j in range(n)]
    if "burned" in a:
        t.burned = bool(a["burned"])
    else:
        t.burned = any(t.acted[j] and t.draw_counts[j] > 0 for j in range(n))
    # Who is to act.
    if B.is_betting(phase):
        if B.round_done(t):
            raise PositionError(f"no one is left to act in {phase_name(phase)}: the round is "
                                "already over (BDG-BET-9)")
        natural = B.next_seat(t, acted[-1] if acted else start, lambda j: B.needs_action(t, j))
    else:
        natural = B.next_seat(t, acted[-1] if acted else start,
                              lambda j: live[j] and not t.acted[j])
        if natural < 0:
            raise PositionError(f"everyone still in has drawn: {phase_name(phase)} is over")
    if "to_act" in a:
        to_act = _seat("to_act", a["to_act"], n)
        if not live[to_act]:
            raise PositionError(f"seat {to_act} is not in the hand (folded or sitting out), so "
                                "it cannot be to act")
        if B.is_betting(phase) and not B.needs_action(t, to_act):
            raise PositionError(f"seat {to_act} cannot be to act: it is all in or has acted and "
                                "matched the highest total (BDG-BET-9, BDG-POT-1)")
        if not B.is_betting(phase) and t.acted[to_act]:
            raise PositionError(f"seat {to_act} has already drawn in {phase_name(phase)}")
        t.to_act = to_act
    else:
        t.to_act = natural
    return t


# Register the computer players with the protocol.
from . import bots as _bots  # noqa: E402,F401
from . import batch as _batch  # noqa: E402,F401  (experiments: batch and terms)
