"""The rules of a fixed-limit Badugi hand as small functions on one compact table.

Implements BDG-SEAT-1..10 (seats, button, blinds, deal; a short all-in big blind does not
lower the bet), BDG-BET-1..10 (four betting rounds,
small bet / big bet, the cap of one bet and three raises with the big blind as R1's bet),
BDG-POT-1..6 (all-ins, side pots, uncalled chips, short all-ins, split pots and odd chips),
BDG-DRAW-1..9 (three draws, the burn, the stub whose last card is never dealt, the reshuffle
that leaves out the current drawer's discards, public draw counts, exposed cards) and
BDG-SHOW-1..6 (winning by folds, showdown order, cards speak, dead hands).

A :class:`Table` holds the whole hand as small ints, lists of ints and 52-bit card masks.
The rule functions here mutate a table in place; the immutable
:class:`~rulebook.games.badugi.state.BadugiState` copies its table before every move, and the fast
playout loop (:meth:`~rulebook.games.badugi.rules.BadugiRules.playout`) mutates one table from the
deal to the end.  Both therefore run exactly the same rules, never two copies.

Phases: ``R1 D1 R2 D2 R3 D3 R4`` (betting rounds and draws, BDG-BET-1, BDG-DRAW-1), then
``over``.  Betting actions are the ints :data:`FOLD` .. :data:`RAISE`; a draw is the mask of
the cards discarded (0 = standing pat).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, cast

from ...cards import mask_indices
from ...errors import PositionError
from ...protocol import derived_random
from .classes import class_index_of

__all__ = [
    "PHASES", "R1", "D1", "R2", "D2", "R3", "D3", "R4", "OVER",
    "FOLD", "CHECK", "CALL", "BET", "RAISE", "ACTION_NAMES", "ACTIONS",
    "CAP", "Table", "PotResult", "HandResult",
    "deal", "increment", "is_betting", "draw_number", "able", "live_seats",
    "betting_options", "raise_block", "apply_action", "apply_draw", "draw_options",
    "build_pots", "split_pot", "hand_class", "showdown_order", "accounted_cards",
]

PHASES = ("R1", "D1", "R2", "D2", "R3", "D3", "R4", "over")
"""Phase names: betting rounds R1..R4 and draws D1..D3 in play order (BDG-BET-1)."""
R1, D1, R2, D2, R3, D3, R4, OVER = range(8)
"""The phases as numbers, the index of each name in :data:`PHASES` (BDG-BET-1, BDG-DRAW-1)."""

FOLD, CHECK, CALL, BET, RAISE = range(5)
"""Betting actions (BDG-BET-3)."""
ACTION_NAMES = ("fold", "check", "call", "bet", "raise")
"""The notation of each betting action."""
ACTIONS = {name: kind for kind, name in enumerate(ACTION_NAMES)}
"""Notation -> action."""

CAP = 4
"""Full bets and raises allowed in a round: one bet and three raises (BDG-BET-4, BDG-BET-5)."""

NOT_AVAILABLE = -1
"""A draw count the engine no longer answers for (BDG-DRAW-8)."""


@lru_cache(maxsize=1 << 16)
def hand_class(mask: int) -> int:
    """The class index of a four-card hand (0 best): cards speak (BDG-SHOW-4, BDG-RANK-*).

    The ranking itself lives in :mod:`rulebook.games.badugi.ranking` (its quick mask form).
    """
    return class_index_of(mask)


@lru_cache(maxsize=1 << 16)
def draw_options(hand: int) -> tuple[int, ...]:
    """Every set of cards a player holding ``hand`` may discard, as masks (BDG-DRAW-1).

    Standing pat (0) first, then by the number of cards and canonical order.
    """
    bits = [1 << i for i in mask_indices(hand)]
    # 0 to 4 cards, even for a (dead, BDG-SHOW-5) hand of more cards set up by hand
    return tuple(sum(combo) for k in range(min(len(bits), 4) + 1)
                 for combo in combinations(bits, k))


class Table:
    """The whole state of one hand as small values (mutated in place by the rule functions).

    ``hands``, ``stacks``, ``committed`` (chips put in this hand), ``bets`` (this round),
    ``folded``, ``acted`` (acted this round / drew this draw) and ``reopened`` (may still
    raise, BDG-POT-4) are per-seat lists; cards are 52-bit masks except the stub, which is
    ``deck[top:]`` in dealing order (its last card is never dealt, BDG-DRAW-6).  ``exposed``
    marks the discards that were exposed replacement cards (BDG-DRAW-9).
    """

    __slots__ = (
        "n", "small_bet", "seed", "button", "sb", "bb", "dealt", "start_stacks",
        "hands", "stacks", "committed", "bets", "folded", "acted", "reopened",
        "phase", "to_act", "level", "full_level", "raises", "last_aggressor",
        "deck", "top", "discards", "burns", "exposed", "burned", "reshuffles",
        "draw_counts", "expose_pending", "returned", "result",
    )

    n: int
    small_bet: int
    seed: Any
    button: int
    sb: int
    bb: int
    dealt: tuple[bool, ...]
    start_stacks: tuple[int, ...]
    hands: list[int]
    stacks: list[int]
    committed: list[int]
    bets: list[int]
    folded: list[bool]
    acted: list[bool]
    reopened: list[bool]
    phase: int
    to_act: int
    level: int
    full_level: int
    raises: int
    last_aggressor: int
    deck: tuple[int, ...]
    top: int
    discards: int
    burns: int
    exposed: int
    burned: bool
    reshuffles: int
    draw_counts: list[int]
    expose_pending: int
    returned: list[int]
    result: "HandResult | None"

    def copy(self) -> "Table":
        """A copy whose lists can be changed without touching this table (every list value
        copied, every other value shared)."""
        return _copy_table(self)


def _table_copier() -> Callable[[Table], Table]:
    """:meth:`Table.copy` written out slot by slot, generated from ``Table.__slots__`` so that
    it follows the table (several times faster than a loop of getattr and setattr: the coach
    copies a table for every move of every world)."""
    lines = ["def copy(s):", "    t = new(Table)"]
    for name in Table.__slots__:
        lines += [f"    v = s.{name}", f"    t.{name} = v[:] if type(v) is list else v"]
    lines.append("    return t")
    scope: dict[str, Any] = {"new": Table.__new__, "Table": Table}
    exec("\n".join(lines), scope)  # noqa: S102 - code built from the slot names above
    return cast(Callable[[Table], Table], scope["copy"])


_copy_table = _table_copier()


@dataclass(frozen=True)
class PotResult:
    """One pot at the end of a hand (BDG-POT-2, BDG-POT-5)."""

    amount: int
    """Chips in the pot."""
    eligible: tuple[int, ...]
    """Seats that may win it (not folded, put in at least the pot's level)."""
    winners: tuple[int, ...]
    """Seats that won it (tied seats share)."""
    shares: tuple[int, ...]
    """Chips each winner received, in the order of ``winners``."""


@dataclass(frozen=True)
class HandResult:
    """How the chips went at the end of the hand."""

    pots: tuple[PotResult, ...]
    """Main pot first, then the side pots."""
    revealed: tuple[int, ...]
    """Seats in the order they showed (empty when everyone else folded, BDG-SHOW-1)."""
    dead: tuple[int, ...]
    """Seats whose hand was dead at the showdown (BDG-SHOW-5)."""
    classes: tuple[int | None, ...]
    """Each seat's hand class at the showdown (None: not shown or dead)."""
    returned: tuple[int, ...]
    """Chips given back to each seat because no one matched them (BDG-POT-3)."""


# -- small helpers ----------------------------------------------------------------------

def is_betting(phase: int) -> bool:
    """Whether the phase is a betting round (R1..R4)."""
    return phase in (R1, R2, R3, R4)


def draw_number(phase: int) -> int:
    """1, 2 or 3 for the draws D1..D3."""
    return (phase + 1) // 2


def increment(t: Table) -> int:
    """The size of a bet or raise: S in R1 and R2, 2S in R3 and R4 (BDG-BET-2)."""
    return t.small_bet if t.phase <= R2 else 2 * t.small_bet


def live_seats(t: Table) -> list[int]:
    """Seats dealt in that have not folded."""
    return [i for i in range(t.n) if t.dealt[i] and not t.folded[i]]


def able(t: Table, i: int) -> bool:
    """Whether seat ``i`` can still bet: dealt in, not folded, not all in (BDG-POT-1)."""
    return t.dealt[i] and not t.folded[i] and t.stacks[i] > 0


def next_seat(t: Table, seat: int, want: Any) -> int:
    """The first seat clockwise after ``seat`` for which ``want(seat)`` holds, or -1."""
    n = t.n
    for step in range(1, n + 1):
        j = (seat + step) % n
        if want(j):
            return j
    return -1


@lru_cache(maxsize=1 << 10)
def _clockwise(n: int, seat: int) -> tuple[int, ...]:
    """The seats in the order :func:`next_seat` tries them: clockwise from ``seat``'s left,
    ``seat`` itself last (the hot loops search these with their own test, no lambda)."""
    return tuple((seat + step) % n for step in range(1, n + 1))


# -- the deal -------------------------------------------------------------------------------

def _dealt_order(dealt: tuple[bool, ...], button: int) -> list[int]:
    """The dealt-in seats clockwise from the button's left, the button last."""
    n = len(dealt)
    return [(button + k) % n for k in range(1, n + 1) if dealt[(button + k) % n]]


def blind_seats(dealt: tuple[bool, ...], button: int) -> tuple[int, int]:
    """Small and big blind seats (BDG-SEAT-5; heads-up the button is the small blind, BDG-SEAT-6)."""
    order = _dealt_order(dealt, button)
    if len(order) == 2:
        return button, order[0]
    return order[0], order[1]


def first_dealt_from(dealt: tuple[bool, ...], seat: int) -> int:
    """``seat`` if it is dealt in, else the next dealt-in seat clockwise (BDG-SEAT-2)."""
    n = len(dealt)
    for step in range(n):
        if dealt[(seat + step) % n]:
            return (seat + step) % n
    raise PositionError("no seat is dealt in")


def new_table(n: int, small_bet: int, seed: Any, button: int, stacks: tuple[int, ...],
              dealt: tuple[bool, ...]) -> Table:
    """An empty table (no cards, no chips in) for ``n`` seats."""
    t = Table.__new__(Table)
    t.n = n
    t.small_bet = small_bet
    t.seed = seed
    t.dealt = dealt
    t.button = first_dealt_from(dealt, button)
    t.sb, t.bb = blind_seats(dealt, t.button)
    t.start_stacks = tuple(stacks)
    t.hands = [0] * n
    t.stacks = list(stacks)
    t.committed = [0] * n
    t.bets = [0] * n
    t.folded = [False] * n
    t.acted = [False] * n
    t.reopened = [True] * n
    t.phase = R1
    t.to_act = -1
    t.last_aggressor = -1
    for name in ("level", "full_level", "raises", "top", "discards", "burns", "exposed",
                 "reshuffles", "expose_pending"):
        setattr(t, name, 0)  # nothing bet, dealt, discarded, exposed or reshuffled yet
    t.deck = ()
    t.burned = False
    t.draw_counts = [NOT_AVAILABLE] * n
    t.returned = [0] * n
    t.result = None
    return t


def deal(n: int, small_bet: int, seed: Any, button: int, stacks: tuple[int, ...]) -> Table:
    """A fresh hand: shuffle, post the blinds, deal four cards each, R1 to act.

    Seats with 0 chips sit out (BDG-SEAT-2); the cards go one at a time clockwise from the
    button's left (BDG-SEAT-8, BDG-SEAT-9); the deck order comes from the seed only.
    """
    dealt = tuple(s > 0 for s in stacks)
    t = new_table(n, small_bet, seed, button, stacks, dealt)
    deck = list(range(52))
    derived_random(seed, "deck").shuffle(deck)
    order = _dealt_order(dealt, t.button)
    for k in range(4 * len(order)):
        t.hands[order[k % len(order)]] |= 1 << deck[k]
    t.deck = tuple(deck)
    t.top = 4 * len(order)
    post_blinds(t)
    start_round(t)
    return t


def post_blinds(t: Table) -> None:
    """floor(S/2) and S, or all the poster's chips if fewer (BDG-SEAT-5, BDG-SEAT-7).

    The big blind counts as R1's bet, so one full bet is already in (BDG-BET-5), and a big
    blind posted all in for less than S does not lower it: the amount to call stays S and the
    next full raise goes to 2S (BDG-SEAT-10).
    """
    for seat, blind in ((t.sb, t.small_bet // 2), (t.bb, t.small_bet)):
        pay(t, seat, min(blind, t.stacks[seat]))
    t.level = max(max(t.bets), t.small_bet)
    t.full_level = t.small_bet
    t.raises = 1


def pay(t: Table, seat: int, amount: int) -> None:
    """Move chips from a seat's stack into the pot."""
    t.stacks[seat] -= amount
    t.bets[seat] += amount
    t.committed[seat] += amount


# -- betting ----------------------------------------------------------------------------------

def raise_block(t: Table) -> str | None:
    """Why the player to act may not bet or raise now, as a kind, or None.

    ``"cap"``: one bet and three raises are in (BDG-BET-4, BDG-BET-5); ``"stack"``: the
    player's chips do not cover more than the call (BDG-POT-1); ``"no_one_to_answer"``:
    everyone else still in is all in (BDG-BET-9); ``"not_reopened"``: only a short all-in
    has raised since the player acted (BDG-POT-4).
    """
    i = t.to_act
    if t.raises >= CAP:
        return "cap"
    stacks = t.stacks
    if stacks[i] <= t.level - t.bets[i]:
        return "stack"
    dealt, folded = t.dealt, t.folded
    for j in range(t.n):  # someone else able (BDG-POT-1) to answer?
        if j != i and dealt[j] and not folded[j] and stacks[j] > 0:
            break
    else:
        return "no_one_to_answer"
    if not t.reopened[i]:
        return "not_reopened"
    return None


def betting_options(t: Table) -> list[int]:
    """The legal betting actions of the player to act, in the order fold check call bet raise.

    BDG-BET-3: check only with nothing to call, call only facing more, bet only when no one
    has bet this round, raise only after a bet; bets and raises are blocked by the cap
    (BDG-BET-4/5), by short stacks (BDG-POT-1), by no one being able to answer (BDG-BET-9)
    and for players not reopened by a short all-in (BDG-POT-4).
    """
    i = t.to_act
    level = t.level
    answer = CHECK if t.bets[i] >= level else CALL
    if raise_block(t) is None:
        return [FOLD, answer, BET if level == 0 else RAISE]
    return [FOLD, answer]


def apply_action(t: Table, kind: int) -> None:
    """Apply a legal betting action of the player to act and move the hand on.

    A call, bet or raise the player cannot cover puts in all their chips (BDG-POT-1); a bet
    or raise goes to the last full level plus one bet (BDG-BET-2, BDG-POT-4) and, when full,
    counts toward the cap and reopens the betting for everyone else.
    """
    i = t.to_act
    n = t.n
    if kind == FOLD:
        t.folded[i] = True
    elif kind == CALL:
        stacks, bets = t.stacks, t.bets
        amount = min(t.level - bets[i], stacks[i])
        stacks[i] -= amount  # pay(t, i, amount), written out
        bets[i] += amount
        t.committed[i] += amount
    elif kind == BET or kind == RAISE:
        stacks, bets = t.stacks, t.bets
        target = t.full_level + increment(t)
        need = target - bets[i]
        stack = stacks[i]
        if stack >= need:
            stacks[i] = stack - need
            bets[i] += need
            t.committed[i] += need
            t.level = t.full_level = target
            t.raises += 1
            t.reopened = [True] * n
        else:  # a short all-in: raises the total but is no full raise (BDG-POT-4)
            stacks[i] -= stack
            bets[i] += stack
            t.committed[i] += stack
            t.level = bets[i]
        t.last_aggressor = i
    t.acted[i] = True
    t.reopened[i] = False
    # BDG-DRAW-8: the draw counts are public only until the first betting action.
    if t.phase != R1 and max(t.draw_counts) != NOT_AVAILABLE:
        t.draw_counts = [NOT_AVAILABLE] * n
    if kind == FOLD:
        dealt, folded = t.dealt, t.folded
        live = 0
        for j in range(n):
            if dealt[j] and not folded[j]:
                live += 1
        if live == 1:
            finish(t)  # BDG-SHOW-1
            return
    advance_betting(t, i)


def needs_action(t: Table, j: int) -> bool:
    """Whether seat ``j`` must still act in this round (BDG-BET-9)."""
    return able(t, j) and (not t.acted[j] or t.bets[j] < t.level)


def round_done(t: Table) -> bool:
    """BDG-BET-9: everyone able has acted and matched, or at most one can bet and has matched."""
    dealt, folded, stacks, acted, bets, level = t.dealt, t.folded, t.stacks, t.acted, t.bets, t.level
    ables = 0
    settled = True  # every able seat has acted and matched
    last = -1
    for j in range(t.n):
        if dealt[j] and not folded[j] and stacks[j] > 0:
            ables += 1
            last = j
            if not acted[j] or bets[j] < level:
                settled = False
    if ables <= 1:
        return not ables or bets[last] >= level
    return settled


def advance_betting(t: Table, after: int) -> None:
    """Find the next player to act after seat ``after``, or end the round.

    One clockwise pass from ``after``'s left does both :func:`round_done` (BDG-BET-9) and
    ``next_seat(t, after, lambda j: needs_action(t, j))``: the first able seat that has not
    acted or not matched is the one to act, unless the round is done.
    """
    dealt, folded, stacks, acted, bets, level = t.dealt, t.folded, t.stacks, t.acted, t.bets, t.level
    ables = 0
    last = -1
    nxt = -1  # the first seat clockwise that needs to act
    for j in _clockwise(t.n, after):
        if dealt[j] and not folded[j] and stacks[j] > 0:
            ables += 1
            last = j
            if nxt < 0 and (not acted[j] or bets[j] < level):
                nxt = j
    if (not ables or bets[last] >= level) if ables <= 1 else nxt < 0:  # round_done(t)
        end_round(t)
        return
    t.to_act = nxt


def start_round(t: Table) -> None:
    """Start the betting round ``t.phase``: R1 left of the big blind, R2-R4 left of the button.

    BDG-BET-7, BDG-BET-8 (heads-up the button acts first in R1 and last afterwards).  A round
    in which no one can bet is skipped (BDG-BET-9).
    """
    t.acted = [False] * t.n
    t.reopened = [True] * t.n
    t.last_aggressor = -1
    if t.phase != R1:
        t.bets = [0] * t.n
        t.level = 0
        t.full_level = 0
        t.raises = 0
    advance_betting(t, t.bb if t.phase == R1 else t.button)


def return_uncalled(t: Table) -> None:
    """Give back chips no other player matched (BDG-POT-3)."""
    committed = t.committed
    top = max(committed)
    if committed.count(top) == 1:  # one seat put in more than anyone else
        j = committed.index(top)
        extra = top - sorted(committed)[-2]  # above the second highest total
        committed[j] -= extra
        t.bets[j] -= extra
        t.stacks[j] += extra
        t.returned[j] += extra


def end_round(t: Table) -> None:
    """Close a betting round: return unmatched chips, then the next draw or the showdown."""
    return_uncalled(t)
    if t.phase == R4:
        finish(t)
        return
    t.phase += 1
    start_draw(t)


# -- draws ------------------------------------------------------------------------------------

def start_draw(t: Table) -> None:
    """A draw: every live player in turn from the button's left (BDG-DRAW-1)."""
    t.bets = [0] * t.n
    t.acted = [False] * t.n
    t.draw_counts = [NOT_AVAILABLE] * t.n
    t.burned = False
    t.to_act = _next_live(t, t.button)


def _next_live(t: Table, seat: int) -> int:
    """``next_seat(t, seat, lambda j: t.dealt[j] and not t.folded[j])`` written out: the
    first seat clockwise after ``seat`` still in the hand, or -1."""
    dealt, folded = t.dealt, t.folded
    for j in _clockwise(t.n, seat):
        if dealt[j] and not folded[j]:
            return j
    return -1


def stub_size(t: Table) -> int:
    """Cards left in the stub, its never-dealt last card included."""
    return len(t.deck) - t.top


def reshuffle(t: Table) -> None:
    """BDG-DRAW-6/7: every discard but the current drawer's own (exposed cards included), the
    burns and the stub's last card become a new stub, shuffled from the seed."""
    pool = t.discards | t.burns | sum(1 << c for c in t.deck[t.top:])
    cards = mask_indices(pool)
    derived_random(t.seed, "reshuffle", t.reshuffles).shuffle(cards)
    t.reshuffles += 1
    t.deck = tuple(cards)
    t.top = 0
    t.discards = t.burns = t.exposed = 0


def next_card(t: Table) -> int:
    """The next dealable card's mask, reshuffling first when only the last card is left."""
    top = t.top
    if len(t.deck) - top <= 1:  # stub_size(t)
        reshuffle(t)
        if stub_size(t) <= 1:
            raise PositionError("not enough cards are left to complete the draw")
        top = t.top
    t.top = top + 1
    return 1 << t.deck[top]


def apply_draw(t: Table, discard: int) -> int:
    """The player to act discards ``discard`` (a mask of held cards) and draws as many.

    One card is burned before the draw's first replacement (BDG-DRAW-4, none if nobody
    draws, BDG-DRAW-5); a replacement the dealer exposes goes to the discards and the next
    card is given instead (BDG-DRAW-9).  Returns the mask of the cards received.
    """
    i = t.to_act
    count = discard.bit_count()
    t.hands[i] &= ~discard
    received = 0
    if count:
        deck, top = t.deck, t.top
        burn_first = not t.burned
        if not t.expose_pending and len(deck) - top > count + int(burn_first):
            # the common case: the stub holds the burn and every replacement with its last
            # card to spare (no reshuffle, BDG-DRAW-6) and no card is exposed, so the cards
            # next_card would give one at a time are the next ones of the stub
            if burn_first:
                t.burns |= 1 << deck[top]
                t.burned = True
                top += 1
            for c in deck[top:top + count]:
                received |= 1 << c
            t.top = top + count
        elif burn_first:
            burn = next_card(t)  # may reshuffle, which empties the burns first
            t.burns |= burn
            t.burned = True
        while received.bit_count() < count:
            card = next_card(t)
            if t.expose_pending:
                t.expose_pending -= 1
                t.discards |= card  # it goes to the discards (BDG-DRAW-9)
                t.exposed |= card
                continue
            received |= card
        t.hands[i] |= received
    # The drawer's own discards join the dead cards only now, so a reshuffle during this
    # draw leaves them out (BDG-DRAW-6).
    t.discards |= discard
    t.draw_counts[i] = count
    acted = t.acted
    acted[i] = True
    # the next seat clockwise still in the hand that has not drawn yet, or -1
    dealt, folded = t.dealt, t.folded
    nxt = -1
    for j in _clockwise(t.n, i):
        if dealt[j] and not folded[j] and not acted[j]:
            nxt = j
            break
    if nxt < 0:
        t.phase += 1
        start_round(t)
    else:
        t.to_act = nxt
    return received


# -- the end of the hand ----------------------------------------------------------------------

def build_pots(committed: list[int], live: list[bool], all_in: list[bool]
               ) -> list[tuple[int, tuple[int, ...]]]:
    """Main and side pots as (amount, eligible seats) (BDG-POT-2).

    Each different all-in total of a live player closes a pot; chips above the highest form
    the last pot.  A pot can be won by live players who put in at least its level, or who
    are not all in and so can still match it while the betting goes on.
    """
    n = len(committed)
    levels = sorted({committed[j] for j in range(n) if live[j] and all_in[j]})
    top = max(committed)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in committed)
        # a live player who is not all in can still match any level while betting goes on
        eligible = tuple(j for j in range(n)
                         if live[j] and (committed[j] >= level or not all_in[j]))
        if amount:
            if not eligible:  # pragma: no cover - uncalled chips are returned first
                raise AssertionError("a pot without eligible players")
            pots.append((amount, eligible))
        prev = level
    return pots


def split_pot(amount: int, winners: list[int], button: int, n: int
              ) -> list[tuple[int, int]]:
    """(seat, chips) for each winner of a pot, clockwise from the button's left; equal shares,
    and the odd chips one each in that order (BDG-POT-5, BDG-POT-6)."""
    order = sorted(winners, key=lambda j: (j - button - 1) % n)
    share, odd = divmod(amount, len(order))
    return [(j, share + (1 if k < odd else 0)) for k, j in enumerate(order)]


def showdown_order(t: Table) -> list[int]:
    """Who shows first: R4's last bettor or raiser, else the first live seat left of the
    button; then clockwise (BDG-SHOW-2, BDG-SHOW-3)."""
    live = live_seats(t)
    first = t.last_aggressor if t.last_aggressor in live else _next_live(t, t.button)
    # clockwise from ``first`` (a live seat): the seats ordered by (j - first) % n
    return [j for j in live if j >= first] + [j for j in live if j < first]


def finish(t: Table) -> None:
    """End the hand: return unmatched chips, award every pot, and stop (BDG-SHOW-1..6)."""
    return_uncalled(t)
    n, dealt, folded, stacks, committed = t.n, t.dealt, t.folded, t.stacks, t.committed
    seats = [j for j in range(n) if dealt[j] and not folded[j]]
    classes: list[int | None] = [None] * n
    dead: list[int] = []
    revealed: tuple[int, ...] = ()
    if len(seats) > 1:
        revealed = tuple(showdown_order(t))
        hands = t.hands
        for j in revealed:
            if hands[j].bit_count() == 4:
                classes[j] = hand_class(hands[j])
            else:
                dead.append(j)
    pot_list: list[tuple[int, tuple[int, ...]]]
    if seats and min(committed) >= 0 and all(stacks[j] for j in seats):
        # No live player is all in: build_pots gives one pot of every chip in, which every
        # live seat may win (BDG-POT-2), or none if no chip is in.
        amount = sum(committed)
        pot_list = [(amount, tuple(seats))] if amount else []
    else:
        live = [dealt[j] and not folded[j] for j in range(n)]
        all_in = [stacks[j] == 0 for j in range(n)]
        pot_list = build_pots(committed, live, all_in)
    pots = []
    for amount, eligible in pot_list:
        if len(seats) == 1:
            winners = [seats[0]]
        else:
            contenders = [j for j in eligible if classes[j] is not None]
            if not contenders:
                raise PositionError(
                    f"every hand contesting the pot of {amount} chips (seats "
                    f"{', '.join(map(str, eligible))}) is dead, so no one can win it; normal "
                    "play cannot lead to this (BDG-SHOW-6)")
            best = min(cast(int, classes[j]) for j in contenders)  # contenders have a class
            winners = [j for j in contenders if classes[j] == best]
        if len(winners) == 1:  # the whole pot, as split_pot gives it to one seat (BDG-POT-5)
            stacks[winners[0]] += amount
            pots.append(PotResult(amount, eligible, (winners[0],), (amount,)))
            continue
        split = split_pot(amount, winners, t.button, n)
        for j, chips in split:
            stacks[j] += chips
        pots.append(PotResult(amount, eligible, tuple(j for j, _ in split),
                              tuple(c for _, c in split)))
    t.result = HandResult(tuple(pots), revealed, tuple(dead), tuple(classes), tuple(t.returned))
    t.phase = OVER
    t.to_act = -1


def accounted_cards(t: Table) -> list[int]:
    """Every card's mask once: hands, stub, discards (exposed cards included) and burns."""
    return [*t.hands, *(1 << c for c in t.deck[t.top:]), t.discards, t.burns]
