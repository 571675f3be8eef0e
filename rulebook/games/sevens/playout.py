"""The Sevens family's fast playout: one whole deal with computer players on a compact
:class:`~rulebook.games.sevens.core.Table`, no states (BS-TURN-1..4, BS-MOVE-1..5, BS-END-1..3
through the same :func:`~rulebook.games.sevens.core.step` the states use)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ...cards import ALL_CARDS
from ...fastrandom import derived_seed, turn_below
from ...protocol import autoplay
from .bots import smart_choice
from .core import PASS_CHOICE, deal_hands, new_table, scores, step

if TYPE_CHECKING:
    from .state import SevensOutcome

__all__ = ["playout_deal"]


# --------------------------------------------------------------------------------------
# Fast playout: one whole deal on a Table, no states.
# --------------------------------------------------------------------------------------
def playout_deal(rules: Any, players: int, seed: int | str, dealer: int,
                 names: Sequence[str], record: bool) -> tuple[list[dict[str, Any]],
                                                                list[str] | None]:
    """Play one deal with the named bots (``random`` or ``smart``) exactly as ``autoplay``
    would through states: the same :class:`Table`, :func:`step` and :func:`settle`, with
    the bots' choices made on masks.  A registered player the loop does not know (such as
    ``expert``) plays through states: ``autoplay`` itself."""
    if any(name not in ("random", "smart") for name in names):
        return _through_states(rules, players, seed, dealer, names, record)
    hands = deal_hands(seed, players, dealer)
    opener = next(s for s in range(players) if hands[s] >> rules.opening & 1)
    chips = [rules.start_stack - 1] * players if rules.chips else None  # BS-CHIP-3
    t = new_table(rules, hands, 0, opener, None, 0, chips, None, False)
    key = derived_seed(seed, "bots")
    smart = [name == "smart" for name in names]
    moves: list[str] | None = [] if record else None
    ace_high, values = rules.ace_high, rules.values
    while not t.over:
        seat = t.to_move
        assert seat is not None
        plays = t.legal_plays()
        can = t.can_pass(plays)
        if smart[seat]:
            choice = smart_choice(t.hands[seat], t.table, plays, can,
                                  None if t.left is None else t.left[seat], seat,
                                  [h.bit_count() for h in t.hands], ace_high, values)
        else:
            count = plays.bit_count()
            k = turn_below(key, t.turns, count + can)
            choice = PASS_CHOICE if k == count else _nth_bit(plays, k)
        if moves is not None:
            moves.append("pass" if choice < 0 else ALL_CARDS[choice].text)
        step(t, choice)
    points, places = scores(rules, t, None)
    winner = t.winner
    rows = [{"seat": s, "bot": names[s], "place": places[s], "won": s == winner,
             "points": points[s], "passes": t.passes[s], "turns": t.turns,
             "cards_left": t.hands[s].bit_count(), "eliminated": bool(t.elim >> s & 1)}
            for s in range(players)]
    return rows, moves


def _through_states(rules: Any, players: int, seed: int | str, dealer: int,
                    names: Sequence[str], record: bool) -> tuple[list[dict[str, Any]],
                                                                 list[str] | None]:
    """The rows of :func:`playout_deal` from ``autoplay`` on states."""
    end = autoplay(rules.new_deal(players, seed, dealer), list(names), seed)
    out = cast("SevensOutcome", end.outcome)
    turns = len(end.history)
    rows = [{"seat": s, "bot": names[s], "place": out.places[s], "won": s == out.winner,
             "points": out.points[s], "passes": out.passes[s], "turns": turns,
             "cards_left": out.cards_left[s], "eliminated": s in out.eliminated}
            for s in range(players)]
    return rows, [str(m) for m in end.history] if record else None


def _nth_bit(mask: int, k: int) -> int:
    """The index of the ``k``-th set bit (from 0, lowest first) of ``mask``."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
