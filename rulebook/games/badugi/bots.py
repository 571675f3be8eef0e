"""Computer players for Badugi: ``random`` and ``smart``.

A bot sees only a :class:`~rulebook.games.badugi.state.BadugiView` (its own cards and what is
public).  Each decision is a small function of view-level values (own hand mask, legal
options, the round), so the fast playout loop can call the very same function with values
read from its table: :func:`fast_chooser` gives that adapter.  Chance comes only from the
:class:`~rulebook.protocol.TurnRandom` passed in.

* ``random``: uniform over the legal moves, i.e. ``legal[rng.randrange(len(legal))]``; for a
  draw that is uniform over every discard set (BDG-DRAW-1), pat included.
* ``smart``: draws toward a low badugi (discards non-counting cards and high cards, BDG-RANK-*),
  bets and raises strong hands, checks or calls middling ones and folds weak ones facing a bet.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...cards import mask_indices
from ...protocol import RandomBot, TurnRandom, check_turn, register_bot
from . import betting as B
from .betting import BET, CALL, CHECK, FOLD, R1, R2, R3, R4, RAISE
from .moves import Action, Draw, Move
from .classes import _best_of_indices
from .classes import CLASS_COUNT, ranks_of_class
from .state import BadugiState, BadugiView

__all__ = ["RandomBot", "SmartBot", "smart_discard", "smart_action", "fast_chooser",
           "FAST_CHOOSERS"]


@lru_cache(maxsize=1 << 16)
def counting_mask(hand: int) -> int:
    """The counting cards of a four-card hand as a mask (BDG-RANK-2, BDG-RANK-3)."""
    indices = mask_indices(hand)
    return sum(1 << indices[i] for i in _best_of_indices(indices)[1])


def smart_discard(hand: int, draw: int) -> int:
    """Which cards ``smart`` throws in draw 1, 2 or 3: keep low counting cards.

    A badugi stands pat unless its top card is high early on; otherwise non-counting cards
    and counting cards above a limit (8, 9, 10 in draws 1, 2, 3) go.
    """
    if hand.bit_count() != 4:
        return 0
    counting = counting_mask(hand)
    limit = 7 + draw
    if counting.bit_count() == 4:
        high = counting.bit_length() - 1  # the badugi's highest card (rank high // 4 + 1)
        if high // 4 + 1 <= limit + 2 or draw == 3:
            return 0
        return 1 << high  # break the badugi's highest card
    # keep the counting cards of rank <= limit: card indices below 4 * limit
    return hand & ~(counting & ((1 << 4 * limit) - 1))


def strength(hand: int, phase: int) -> int:
    """2 strong, 1 middling, 0 weak for betting in ``phase`` (R1 .. R4)."""
    if hand.bit_count() != 4:
        return 0
    index = B.hand_class(hand)
    if phase in _BETTING_ROUNDS:
        return _STRENGTHS[phase][index]
    return _class_strength(ranks_of_class(index), phase)


def _class_strength(ranks: tuple[int, ...], phase: int) -> int:
    """:func:`strength` of a four-card hand whose class has the counting ``ranks``."""
    count = len(ranks)
    top = max(ranks)
    if count == 4 and top <= (10 if phase == R4 else 11):
        return 2
    if count == 4:
        return 1
    if count == 3 and phase < R4 and top <= (8 if phase == R1 else 6):
        return 1
    return 0


_BETTING_ROUNDS = (R1, R2, R3, R4)
_STRENGTHS = {phase: tuple(_class_strength(ranks_of_class(index), phase)
                           for index in range(CLASS_COUNT)) for phase in _BETTING_ROUNDS}
""":func:`strength` by betting round and class index, worked out once (it depends on the
hand only through its class)."""


def smart_action(hand: int, phase: int, options: list[int]) -> int:
    """The betting action ``smart`` picks from the legal ``options``."""
    level = strength(hand, phase)
    if level == 2:
        for kind in (RAISE, BET, CALL, CHECK):
            if kind in options:
                return kind
    if CHECK in options:
        return CHECK
    if level == 1 and CALL in options:
        return CALL
    return FOLD


def _options_from_view(view: Any) -> list[int]:
    return [B.ACTIONS[str(m)] for m in view.legal_moves()]


register_bot("badugi", "random")(RandomBot)  # uniform over the legal moves


@register_bot("badugi", "smart")
class SmartBot:
    """Draws toward a low badugi, bets strong hands, folds weak ones facing a bet."""

    name = "smart"

    def choose(self, view: Any, rng: TurnRandom) -> Move:
        """A move from the view only: own cards, the round and the legal moves."""
        check_turn(view, rng, BadugiView)
        hand = view.hand.mask
        if view.phase & 1:
            return Draw(smart_discard(hand, B.draw_number(view.phase)))
        kind = smart_action(hand, view.phase, _options_from_view(view))
        return Action(B.ACTION_NAMES[kind])


class _FastRandom:
    @staticmethod
    def act(t: B.Table, seat: int, rng: TurnRandom) -> int:
        options = B.betting_options(t)
        return options[rng.randrange(len(options))]

    @staticmethod
    def draw(t: B.Table, seat: int, rng: TurnRandom) -> int:
        options = B.draw_options(t.hands[seat])
        return options[rng.randrange(len(options))]


class _FastSmart:
    @staticmethod
    def act(t: B.Table, seat: int, rng: TurnRandom) -> int:
        """``smart_action(t.hands[seat], t.phase, B.betting_options(t))`` without the list:
        only a strong hand asks whether a bet or raise is allowed."""
        hand = t.hands[seat]
        facing = t.bets[t.to_act] < t.level  # CALL is legal, else CHECK (BDG-BET-3)
        level = strength(hand, t.phase)
        if level == 2:
            if B.raise_block(t) is None:
                return BET if t.level == 0 else RAISE
            return CALL if facing else CHECK
        if not facing:
            return CHECK
        return CALL if level == 1 else FOLD

    @staticmethod
    def draw(t: B.Table, seat: int, rng: TurnRandom) -> int:
        return smart_discard(t.hands[seat], B.draw_number(t.phase))


class _FastView:
    """Any other bot on the fast path: build its view through a throwaway state."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def _choose(self, t: B.Table, seat: int, rng: TurnRandom) -> Any:
        return self.bot.choose(BadugiState(None, t, (), {}).view(seat), rng)

    def act(self, t: B.Table, seat: int, rng: TurnRandom) -> int:
        return B.ACTIONS[str(self._choose(t, seat, rng))]

    def draw(self, t: B.Table, seat: int, rng: TurnRandom) -> int:
        discard: int = self._choose(t, seat, rng).discard  # a Draw in the draw phase
        return discard


FAST_CHOOSERS = (_FastRandom, _FastSmart)
"""The adapters the fast loops run as they are; any other player (a :class:`_FastView`) sees
a view with no rules and no history, so ``BadugiRules.playout`` plays it through states."""


def fast_chooser(bot: Any) -> Any:
    """The fast-path adapter of a bot: ``act(table, seat, rng)`` and ``draw(...)``.

    ``random`` and ``smart`` call the same decision functions as their ``choose``.
    """
    if type(bot) is RandomBot:
        return _FastRandom
    if type(bot) is SmartBot:
        return _FastSmart
    return _FastView(bot)
