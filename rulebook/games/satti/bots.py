"""Satti computer players (SAT-AI-1..5) and the fast playout loop.

The players' decisions are pure functions of compact values (a hand mask, the top card, the
current suit, the pending penalty, the next player's hand size): the registered bots call
them with what ``state.view(seat)`` shows, and :func:`playout_loop` calls them with the same
values read from its :class:`~rulebook.games.satti.state.Table`, so the two paths cannot drift apart.

* ``random`` — uniform over ``legal_moves()`` (``legal[rng.randrange(len(legal))]``).
* ``easy`` (SAT-AI-2) — a card uniformly at random from the playable cards (a jack counts
  once), a draw only when none may be played, a uniformly random suit after a jack.
* ``smart`` (SAT-AI-3..5) — the first step that gives an action: (1) penalised: a 7, else
  draw; (2) next player on 1 or 2 cards: a fitting 7, else a fitting 8; (3) a fitting card
  that is neither a 7 nor a J; (4) a fitting 7; (5) a J; (6) draw.  Among candidates, the
  largest group (cards sharing its suit or its rank, whichever is more), ties in canonical
  order; after its own J it names the suit it holds most of, ties in canonical order.

All of them skip on a skipped turn (SAT-AI-1).  Chance comes only from the
:class:`~rulebook.protocol.TurnRandom` passed to ``choose``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import RANK_MASKS, SUIT_MASKS
from ...fastrandom import turn_below
from ...protocol import RandomBot, TurnRandom, autoplay, bot_list, check_turn, register_bot
from .core import (
    DRAW,
    EIGHTS,
    FIRST_JACK,
    JACK_NAMING,
    JACK_RANK,
    JACKS,
    MOVE_CAP,
    NAME,
    SEVENS,
    SKIP,
    TRY_DRAW,
    Playout,
    deal_table,
    legal_codes,
    places_of,
    playable_mask,
    step,
)
from .moves import MOVE_TEXTS, MOVES, Move
from .state import SattiView

__all__ = [
    "RandomBot",
    "EasyBot",
    "SmartBot",
    "easy_code",
    "smart_code",
    "group_size",
    "smart_suit",
    "playout_loop",
    "rows_from_state",
    "BUILTIN",
]

BUILTIN = ("random", "easy", "smart")
"""The computer players the fast loop plays itself."""


def easy_code(legal: Sequence[int], hand: int, rng: TurnRandom) -> int:
    """The ``easy`` choice (SAT-AI-1, SAT-AI-2) among the legal move codes ``legal``."""
    first = legal[0]
    if NAME <= first < TRY_DRAW:
        return NAME + rng.below(4)
    if first == SKIP:
        return SKIP
    # the playable cards, a jack once (its first naming code)
    cards = [code if code < JACK_NAMING else FIRST_JACK + ((code - JACK_NAMING) >> 2)
             for code in legal
             if code < JACK_NAMING or (code < DRAW and not (code - JACK_NAMING) & 3)]
    if not cards:
        return DRAW
    card = cards[rng.below(len(cards))]
    if card >> 2 == JACK_RANK and hand != 1 << card:
        return JACK_NAMING + 4 * (card - FIRST_JACK) + rng.below(4)
    return card


def group_size(hand: int, card: int) -> int:
    """A card's group (SAT-AI-4): cards of ``hand`` sharing its suit or its rank, the larger."""
    return max((hand & SUIT_MASKS[card & 3]).bit_count(),
               (hand & RANK_MASKS[card >> 2]).bit_count())


def best_card(hand: int, candidates: int) -> int:
    """The candidate with the largest group, ties to canonical order (SAT-AI-4)."""
    best = -1
    size = -1
    while candidates:  # a loop over the bits, not max(): this is the fast playout's hot path
        low = candidates & -candidates
        card = low.bit_length() - 1
        candidates ^= low
        g = group_size(hand, card)
        if g > size:
            best, size = card, g
    return best


def smart_suit(hand: int) -> int:
    """The suit ``hand`` holds most of, ties to canonical order (SAT-AI-5)."""
    counts = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    return counts.index(max(counts))


_STEPS = (~(SEVENS | JACKS), SEVENS)
"""Steps 3 and 4: a fitting card that is neither a 7 nor a J, then a fitting 7."""
_NEAR_OUT_STEPS = (SEVENS, EIGHTS) + _STEPS
"""Step 2 (the next player on 1 or 2 cards: a fitting 7, else a fitting 8), then steps 3, 4."""


def smart_code(hand: int, top: int, suit: int, penalty: int, skipped: bool, naming: bool,
               stacking: bool, next_count: int) -> int:
    """The ``smart`` choice (SAT-AI-1, SAT-AI-3..5) as a move code."""
    if naming:
        return NAME + smart_suit(hand)
    if skipped:
        return SKIP
    play = playable_mask(hand, top, suit, penalty, skipped, naming, stacking)
    if penalty:  # step 1
        return best_card(hand, play) if play else DRAW
    for group in _NEAR_OUT_STEPS if next_count in (1, 2) else _STEPS:
        if play & group:
            return best_card(hand, play & group)
    if play & JACKS:  # step 5
        jack = best_card(hand, play & JACKS)
        rest = hand ^ (1 << jack)
        if not rest:
            return jack  # the last card names no suit (SAT-END-3)
        return JACK_NAMING + 4 * (jack - FIRST_JACK) + smart_suit(rest)
    return DRAW  # step 6


register_bot("satti", "random")(RandomBot)  # uniform over the legal moves


@register_bot("satti", "easy")
class EasyBot:
    """SAT-AI-2: a random playable card, draw only when none, a random suit after a jack."""

    name = "easy"

    def choose(self, view: SattiView, rng: TurnRandom) -> Move:
        """The easy player's move, from the view only."""
        check_turn(view, rng, SattiView)
        return MOVES[easy_code(view.legal_codes(), view.hand_mask, rng)]


@register_bot("satti", "smart")
class SmartBot:
    """SAT-AI-3..5: a fixed order of preferences, largest group first, no chance."""

    name = "smart"

    def choose(self, view: SattiView, rng: TurnRandom) -> Move:
        """The smart player's move, from the view only."""
        check_turn(view, rng, SattiView)
        n = len(view.hand_sizes)
        return MOVES[smart_code(view.hand_mask, view.top_index, view.suit_index, view.penalty,
                                view.skipped, view.naming, view.rules.seven_stacking,
                                view.hand_sizes[(view.seat + 1) % n])]


# ---------------------------------------------------------------------------------------------
# The fast playout loop


def rows_from_state(state: Any, names: Sequence[str]) -> list[dict[str, Any]]:
    """The playout rows of a finished round played through states (same keys as the loop)."""
    outcome = state.outcome
    n = state.players
    draws = [0] * n
    penalty_cards = [0] * n
    drawn = [0] * n
    for before, event in zip(state.states(), state.public_history):
        if event.move == "draw":
            draws[event.seat] += 1
            if before.penalty:
                penalty_cards[event.seat] += event.drew
        drawn[event.seat] += event.drew
    return _rows(names, outcome.places, outcome.cards_held, draws, len(state.history),
                 penalty_cards, drawn, outcome.stopped)


def _rows(names: Sequence[str], places: Sequence[int], counts: Sequence[int],
          draws: list[int], turns: int, penalty_cards: list[int], drawn: list[int],
          stopped: bool) -> list[dict[str, Any]]:
    """One playout row per seat (the keys ``SattiRules.playout`` lists)."""
    return [{"seat": seat, "bot": names[seat], "place": places[seat], "won": places[seat] == 1,
             "points": counts[seat], "passes": draws[seat], "turns": turns,
             "penalty_cards": penalty_cards[seat], "cards_drawn": drawn[seat],
             "stopped": stopped}
            for seat in range(len(names))]


def playout_loop(rules: Any, players: int, seed: int | str, dealer: int, bots: Any, record: bool,
                 max_moves: int = MOVE_CAP) -> Playout:
    """One round with computer players, on a mutable table: see ``SattiRules.playout``."""
    chosen = bot_list(bots, players)
    if not all(isinstance(b, str) and b in BUILTIN for b in chosen):
        # Another computer player: play it through states (the same rules, just slower).
        state = autoplay(rules.new_deal(players, seed, dealer), chosen, seed, max_moves)
        names = [b if isinstance(b, str) else getattr(b, "name", type(b).__name__)
                 for b in chosen]
        return Playout(rows_from_state(state, names),
                       [str(m) for m in state.history] if record else None)
    kinds = [BUILTIN.index(b) for b in chosen]
    stacking = rules.seven_stacking
    after = rules.play_after_draw
    t = deal_table(players, seed, dealer, rules.hand_size)
    hands = t.hands
    rng = TurnRandom(seed)
    key = rng.key
    draws = [0] * players
    penalty_cards = [0] * players
    drawn = [0] * players
    moves: list[str] | None = [] if record else None
    number = 0
    while not t.over:
        if number >= max_moves:
            raise RuntimeError(f"the deal did not end within {max_moves} moves")
        seat = t.turn
        hand = hands[seat]
        kind = kinds[seat]
        if kind == 2:
            nxt = seat + 1 if seat + 1 < players else 0
            code = smart_code(hand, t.top, t.suit, t.penalty, t.skipped, t.naming, stacking,
                              hands[nxt].bit_count())
        else:
            legal = legal_codes(hand, t.top, t.suit, t.penalty, t.skipped, t.naming, stacking)
            if kind == 0:
                # RandomBot: legal[rng.below(len(legal))], draw 0 of move `number`; one legal
                # move needs no draw at all.
                n = len(legal)
                code = legal[0] if n == 1 else legal[turn_below(key, number, n)]
            else:
                rng.start_turn(number)
                code = easy_code(legal, hand, rng)
        penalty = t.penalty
        got = step(t, code, after)  # a draw's cards, or an attempt's penalty card (SAT-EIGHT-3)
        drawn[seat] += got
        if code == DRAW:
            draws[seat] += 1
            if penalty:
                penalty_cards[seat] += got
        if moves is not None:
            moves.append(MOVE_TEXTS[code])
        number += 1
    counts = [h.bit_count() for h in hands]
    rows = _rows(chosen, places_of(counts, t.winner), counts, draws, number, penalty_cards,
                 drawn, t.stopped)
    return Playout(rows, moves)
