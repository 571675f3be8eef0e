"""Computer players for the Sevens family (Badam Satti, app rules, British Sevens).

Bots see only a :class:`~rulebook.games.sevens.state.SevensView` (own hand, the table, hand sizes, the
public history: BS-INFO-1), never the state, and choose among the view's legal moves
(BS-MOVE-1..4; under house rules BS-HR-5, BS-HR-6, BS-HR-8..11).  The smart player's
choice is a pure function on masks, :func:`smart_choice`, so the fast playout loop calls the
very same code.

- ``random``: ``legal[rng.below(len(legal))]`` over ``view.legal_moves()`` (plays in
  canonical card order, then pass), so a fast loop can mirror it draw for draw.
- ``smart``: holds sevens that open suits it has nothing else in, plays towards its own
  cards, blocks with end cards (keeps the card that guards many cards it does not hold) and
  sheds high cards when another player is nearly out.  Deterministic: it never draws.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...protocol import RandomBot, TurnRandom, check_turn, register_bot
from .core import PASS_CHOICE, bit_cards, row_order
from .moves import PASS, PLAYS, Move
from .state import SevensView

__all__ = ["RandomBot", "SmartBot", "smart_choice", "PASS_CHOICE"]


def _beyond_masks(ace_high: bool) -> tuple[int, ...]:
    """Per card, the cards of its suit further from the 7 along its row (for a 7, the whole
    row but the 7): what playing the card leads towards."""
    pos = {r: i for i, r in enumerate(row_order(ace_high))}
    seven = pos[6]
    out = []
    for card in range(52):
        here = pos[card >> 2]
        out.append(sum(1 << (r * 4 + (card & 3)) for r, p in pos.items()
                       if p != here and (here == seven or (p < here) == (here < seven))))
    return tuple(out)


_BEYOND = {ace_high: _beyond_masks(ace_high) for ace_high in (False, True)}


register_bot("sevens", "random")(RandomBot)  # uniform over the legal moves


def smart_choice(hand: int, table: int, plays: int, can_pass: bool, passes_left: int | None,
                 seat: int, hand_sizes: Sequence[int], ace_high: bool,
                 values: Sequence[int]) -> int:
    """The smart player's choice: a card index from ``plays``, or :data:`PASS_CHOICE`.

    Every legal card gets a score: +3 for each own card it leads towards in its row
    ("play towards your own cards"), -1 for each card it frees that the player does not
    hold (so a lone 7, or an end card guarding a long stretch, is kept back to block), and,
    when another player has two cards or fewer, +3 per point of the card ("shed high
    cards").  Under limited_passes the blocking term is dropped (a stuck player there burns
    passes and is then eliminated, so blocking costs more than it gains).  The best score
    wins, ties by canonical order.  A voluntary pass (only under limited_passes) is taken
    when every play scores below -9, all three passes are still left and no other player is
    down to two cards.
    """
    if not plays:
        return PASS_CHOICE
    danger = any(size <= 2 for s, size in enumerate(hand_sizes) if s != seat and size > 0)
    block = 0 if passes_left is not None else 1
    beyond_of = _BEYOND[ace_high]
    best_card = -1
    best_score = -10_000
    for card in bit_cards(plays):
        beyond = beyond_of[card] & ~table
        mine = (beyond & hand).bit_count()
        score = 3 * mine - block * (beyond.bit_count() - mine)
        if danger:
            score += 3 * values[card]
        if score > best_score:
            best_card, best_score = card, score
    if can_pass and passes_left is not None and passes_left > 2 and not danger \
            and best_score < -9:
        return PASS_CHOICE
    return best_card


@register_bot("sevens", "smart")
class SmartBot:
    """Blocks and plays towards its own cards; see :func:`smart_choice`."""

    name = "smart"

    def choose(self, view: Any, rng: TurnRandom) -> Move:
        """The move :func:`smart_choice` picks from the view's public facts and own hand."""
        check_turn(view, rng, SevensView)
        rules = view.rules
        plays = view.legal_play_mask()
        choice = smart_choice(view.hand_mask, view.table_mask, plays, view.can_pass(),
                              view.my_passes_left, view.seat, view.hand_sizes,
                              rules.ace_high, rules.values)
        return PASS if choice == PASS_CHOICE else PLAYS[choice]
