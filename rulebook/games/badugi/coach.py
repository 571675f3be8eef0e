"""Badugi's coach room: worlds consistent with one seat's view, and fast play-outs.

:func:`sample` draws a whole hand that agrees with everything a
:class:`~rulebook.games.badugi.state.BadugiView` shows: the same button, stacks, betting
actions and draw counts, the seat's own hand and its own discards, and (after a showdown)
the hands shown.  The hidden part — the other hands, what each other seat threw away, the
stub's order, the burns and the order of a reshuffled stub — is drawn uniformly among the
worlds consistent with the view (a world is one order of the pack, one choice of discards for
every hidden draw, and one order for each reshuffle).  What the seat knows is what the rules
make public: every hand is four private cards (BDG-SEAT-8); each draw count is public, but the
discards are face down and dead (BDG-DRAW-1, BDG-DRAW-3, BDG-DRAW-8); a card is burned before
each draw's first replacement (BDG-DRAW-4, BDG-DRAW-5); a short stub is completed from a
reshuffle of the other discards, the burns and the stub's last card (BDG-DRAW-6, BDG-DRAW-7);
hands are shown only at a showdown, never after every other seat folded (BDG-SHOW-1..3).  The view does not say which of the
seat's own cards arrived in which draw, so that is drawn too.

How: a first replay with stand-in cards finds where in the pack (which position after which
reshuffle) each seat's cards came from, which depends only on public counts.  Then, for each
seat, its draws are walked backwards from its hand at the end (known for the view's seat and
for shown hands, blank otherwise): which of the cards held after a draw arrived in it is
chosen uniformly, and the cards thrown away (known for the view's seat, blank otherwise)
take their place.  The known cards then sit at known positions of the pack, the other
positions are shuffled uniformly, and the history is replayed through the engine.  A
reshuffle during the replay is the engine's, from the world's own seed; the positions the
view fixes after it are then filled by exchanging cards (uniform among the orders that put
them there).  Worlds that turn out inconsistent (a card the view fixes was not in a
reshuffled stub, say) are thrown away and drawn again, which keeps the draw uniform; the
number of tries is bounded.

:func:`rollout` plays the rest of a hand from any state on the scalar fast loop that
``BadugiRules.playout`` uses (the same rule functions on one table), with the same chances
as ``autoplay(state, policy, seed)``: the measure is each seat's net chips for the hand,
as ``simulate`` reports them (the pots of BDG-POT-1..6, the hands read by BDG-RANK-1..7).

The coach's speed hooks (see :mod:`rulebook.coach`), each giving exactly what the plain
names give: :func:`sampler` is :func:`sample` for one view, with what its worlds share (the
public skeleton above: where each seat's cards came from, the moves, the hand as dealt)
worked out once; ``sample(view, rng)`` is ``sampler(view)(rng)``, so both draw the same
world from the same state of ``rng`` (the same draws, in the same order: the law is
unchanged).  :func:`rollout_moves` is ``[rollout(world.play(m), policy, seed) for m in
moves]``, result for result: each legal move is applied straight to a copy of the world's
table (no state, no list of legal moves built per move) and the computer players' fast
choosers and their :class:`~rulebook.protocol.TurnRandom` are made once for all the moves
(a player the fast loop cannot run, a move given as text or an illegal one takes the plain
way).  :func:`rollout_worlds` is ``rollout_moves`` for many worlds at once: with ``random``
players, the numpy batch of :mod:`~rulebook.games.badugi.batch` plays every world's every
move together, from the world's table (the same rule blocks as for new deals, BDG-BET-2..9,
BDG-DRAW-1/4/5, BDG-POT-3, BDG-SHOW-1..4), and leaves all-ins and reshuffles to the scalar
loop.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, cast

from ...cards import CardSet, mask_indices
from ...errors import RulesError, quoted
from ...protocol import TurnRandom, autoplay, bots_for
from . import betting as B
from .betting import ACTIONS, OVER, Table
from .moves import ACTION_MOVES, Action, Draw, parse_move
from .state import BadugiState, BadugiView

__all__ = ["sample", "sampler", "rollout", "rollout_moves", "rollout_worlds", "BATCHED",
           "BATCH_MIN", "win", "same_view", "MAX_TRIES"]

MAX_TRIES = 2000
"""How many inconsistent worlds :func:`sample` throws away before it gives up."""

Label = tuple[int, int]
"""Where a card came from: (reshuffles before it was dealt, its position in that pack)."""


_CARD_TEXTS = tuple(CardSet(1 << c).texts()[0] for c in range(52))
"""Each card's text (``AC``...), by card index, as ``CardSet(1 << c).texts()[0]`` gives it."""


@lru_cache(maxsize=1 << 14)
def _hand_text(mask: int) -> str:
    """``str(CardSet(mask))``, remembered (a dealt hand's text in a world's origin)."""
    return str(CardSet(mask))


def same_view(a: BadugiView, b: BadugiView) -> bool:
    """Whether two views show exactly the same (views compare by identity with ``==``)."""
    return all(getattr(a, name) == getattr(b, name) for name in BadugiView.__slots__)


def win(result: tuple[float, ...], seat: int) -> bool:
    """Whether ``seat`` won a pot (or a share of one) in the play-out, as the ``won`` column
    of a playout says; for a plain tuple of chips, whether it came out with more chips."""
    winners = getattr(result, "winners", None)
    return seat in winners if winners is not None else result[seat] > 0


# -- the public skeleton ---------------------------------------------------------------------

def _start_stacks(view: BadugiView) -> tuple[int, ...]:
    """Each seat's chips when the hand started, from the view."""
    n = view.players
    if view.phase != OVER:
        return tuple(view.stacks[j] + view.committed[j] for j in range(n))
    # Over: final = start - committed + won; what each seat won follows from the pots and,
    # after a showdown, the hands shown (cards speak), as the engine awards them.
    won = [0] * n
    live = [not view.folded[j] and view.hand_sizes[j] > 0 for j in range(n)]
    seats = [j for j in range(n) if live[j]]
    for amount, eligible in view.pots:
        if len(seats) == 1:
            winners = seats
        else:
            classes = {j: B.hand_class(view.shown[j].mask) for j in eligible
                       if j in view.shown and view.shown[j].mask.bit_count() == 4}
            if not classes:
                raise RulesError("the view's showdown has no live hand for a pot")
            best = min(classes.values())
            winners = [j for j in eligible if classes.get(j) == best]
        for j, chips in B.split_pot(amount, winners, view.button, n):
            won[j] += chips
    return tuple(view.stacks[j] - won[j] + view.committed[j] for j in range(n))


def _rules_of(view: BadugiView, stacks: tuple[int, ...]) -> Any:
    rules = getattr(view, "rules", None)
    if rules is not None:
        return rules
    from ...rules import load_rules

    return load_rules("badugi", small_bet=view.small_bet, stacks=list(stacks))


def _deal_order(dealt: tuple[bool, ...], button: int) -> list[int]:
    n = len(dealt)
    return [(button + k) % n for k in range(1, n + 1) if dealt[(button + k) % n]]


def _start_table(view: BadugiView, stacks: tuple[int, ...], deck: list[int],
                 seed: int) -> Table:
    """The hand as dealt from ``deck`` (the engine's deal with a given pack order)."""
    n = view.players
    dealt = tuple(s > 0 for s in stacks)
    t = B.new_table(n, view.small_bet, seed, view.button, stacks, dealt)
    order = _deal_order(dealt, t.button)
    for k in range(4 * len(order)):
        t.hands[order[k % len(order)]] |= 1 << deck[k]
    t.deck = tuple(deck)
    t.top = 4 * len(order)
    B.post_blinds(t)
    B.start_round(t)
    return t


class _Skeleton:
    """What every consistent world shares: the moves and where each seat's cards came from."""

    def __init__(self, view: BadugiView) -> None:
        self.view = view
        self.stacks = _start_stacks(view)
        self.rules = _rules_of(view, self.stacks)
        n = view.players
        dealt = tuple(s > 0 for s in self.stacks)
        if any(dealt[j] != (view.hand_sizes[j] > 0) for j in range(n)):
            raise RulesError(_NOT_A_DEAL)
        order = _deal_order(dealt, view.button if dealt[view.button] else
                            B.first_dealt_from(dealt, view.button))
        self.deal_labels: dict[int, list[Label]] = {j: [] for j in order}
        for k in range(4 * len(order)):
            self.deal_labels[order[k % len(order)]].append((0, k))
        self.dealt = dealt
        # the seat that gets each of the pack's first cards (the engine's deal order), and the
        # hand as dealt with its blinds posted, to which each world adds its cards and seed
        # (neither changes what the blinds and the first round's opening do)
        self.deal_seats = [order[k % len(order)] for k in range(4 * len(order))]
        self.start = _start_table(view, self.stacks, list(range(52)), 0)
        # (seat, kind, payload): kind "act" with the action code, "draw" with the count and
        # the known discard mask (the view's own seat) or None.
        self.moves: list[tuple[int, str, int, int | None]] = []
        self.draws: dict[int, list[tuple[int, list[Label], int | None]]] = {j: [] for j in order}
        t = self.start.copy()
        for seat, text in view.actions:
            if t.phase == OVER or t.to_act != seat:
                raise RulesError(_NOT_A_DEAL)
            if text in ACTIONS:
                code = ACTIONS[text]
                if not B.is_betting(t.phase) or code not in B.betting_options(t):
                    raise RulesError(_NOT_A_DEAL)
                self.moves.append((seat, "act", code, None))
                B.apply_action(t, code)
                continue
            if B.is_betting(t.phase):
                raise RulesError(_NOT_A_DEAL)
            known: int | None = None
            if seat == view.seat:
                move = parse_move(text)
                assert isinstance(move, Draw)
                known = move.discard
                count = known.bit_count()
            else:
                count = 0 if text == "pat" else int(text.split()[1])
            hand = t.hands[seat]
            old_deck, old_res = t.deck, t.reshuffles
            B.apply_draw(t, sum(1 << c for c in mask_indices(hand)[:count]))
            labels = []
            for c in mask_indices(t.hands[seat] & ~hand):
                if t.reshuffles != old_res and c in t.deck[:t.top]:
                    labels.append((t.reshuffles, t.deck.index(c)))
                else:
                    labels.append((old_res, old_deck.index(c)))
            labels.sort()
            self.moves.append((seat, "draw", count, known))
            self.draws[seat].append((count, labels, known))
        if t.phase != view.phase or tuple(t.committed) != view.committed:
            raise RulesError(_NOT_A_DEAL)


_NOT_A_DEAL = ("this view does not replay from a hand's deal (a hand set up with position() "
               "and played on): its start is not in the view, so no world can be drawn")


# -- one world --------------------------------------------------------------------------------

def _plan(sk: _Skeleton, rng: random.Random
          ) -> tuple[dict[Label, int], dict[int, list[list[int]]], dict[int, Label]] | None:
    """Walk every seat's draws backwards: which label each held card came from, and which
    items each draw threw away.  Returns (known card per label, discarded items per seat and
    draw, label per item), or None when the choices contradict the view."""
    view = sk.view
    counter = 0
    item_card: dict[int, int] = {}
    item_label: dict[int, Label] = {}
    discards: dict[int, list[list[int]]] = {}

    def fresh(card: int | None) -> int:
        nonlocal counter
        counter += 1
        if card is not None:
            item_card[counter] = card
        return counter

    for seat, deal in sk.deal_labels.items():
        final: int | None = view.hand.mask if seat == view.seat else \
            view.shown[seat].mask if seat in view.shown else None
        current = [fresh(c) for c in mask_indices(final)] if final is not None else \
            [fresh(None) for _ in range(view.hand_sizes[seat])]
        out: list[list[int]] = []
        for count, labels, known in reversed(sk.draws[seat]):
            if not count:
                out.append([])
                continue
            picked = set(rng.sample(range(len(current)), count))
            arrived = [current[i] for i in picked]
            kept = [current[i] for i in range(len(current)) if i not in picked]
            if known is not None and any(known >> item_card[i] & 1
                                         for i in kept if i in item_card):
                return None  # a card thrown away in this draw cannot be kept through it
            rng.shuffle(arrived)
            for item, label in zip(arrived, labels):
                item_label[item] = label
            thrown = [fresh(c) for c in mask_indices(known)] if known is not None else \
                [fresh(None) for _ in range(count)]
            out.append(thrown)
            current = kept + thrown
        if len(current) != len(deal):
            return None
        rng.shuffle(current)
        for item, label in zip(current, deal):
            item_label[item] = label
        out.reverse()
        discards[seat] = out
    fixed: dict[Label, int] = {}
    for item, card in item_card.items():
        label = item_label[item]
        if fixed.get(label, card) != card:
            return None
        fixed[label] = card
    return fixed, discards, item_label


def _fix_reshuffle(t: Table, drawer: int, fixed: dict[Label, int]) -> bool:
    """After a reshuffle, put the cards the view fixes in this pack at their positions by
    exchanges (uniform among such orders); False if one of them is not in the new pack."""
    epoch = t.reshuffles
    wanted = [(pos, card) for (e, pos), card in fixed.items() if e == epoch]
    if not wanted:
        return True
    deck = list(t.deck)
    before = deck[:t.top]
    burned = [bool(t.burns >> c & 1) for c in before]
    for pos, card in sorted(wanted):
        if card not in deck or pos >= len(deck):
            return False
        q = deck.index(card)
        deck[pos], deck[q] = deck[q], deck[pos]
    burns, hand = t.burns, t.hands[drawer]
    for c, burn in zip(before, burned):
        if burn:
            burns &= ~(1 << c)
        else:
            hand &= ~(1 << c)
    for c, burn in zip(deck[:t.top], burned):
        if burn:
            burns |= 1 << c
        else:
            hand |= 1 << c
    t.deck, t.burns, t.hands[drawer] = tuple(deck), burns, hand
    return True


def _world(sk: _Skeleton, rng: random.Random) -> BadugiState | None:
    plan = _plan(sk, rng)
    if plan is None:
        return None
    fixed, discards, item_label = plan
    deck: list[int | None] = [None] * 52
    for (e, pos), card in fixed.items():
        if e == 0:
            deck[pos] = card
    used = {d for d in deck if d is not None}
    rest = [c for c in range(52) if c not in used]
    rng.shuffle(rest)
    fill = iter(rest)
    pack = [d if d is not None else next(fill) for d in deck]
    seed = rng.getrandbits(63)
    view = sk.view
    # The engine's deal from ``pack`` (what _start_table does), on a copy of the hand as dealt.
    t = sk.start.copy()
    t.seed = seed
    t.hands = hands = [0] * view.players
    for k, seat in enumerate(sk.deal_seats):
        hands[seat] |= 1 << pack[k]
    t.deck = tuple(pack)
    top = t.top
    dealt = sk.dealt
    origin = {"kind": "position", "args": {
        "stacks": list(sk.stacks), "button": t.button, "round": "R1", "seed": seed,
        "hands": [_hand_text(hands[j]) if dealt[j] else None for j in range(view.players)],
        "stub": [_CARD_TEXTS[c] for c in pack[top:]]}}
    state = BadugiState(sk.rules, t, (), origin)
    packs = {0: tuple(pack)}
    done = {j: 0 for j in discards}
    for seat, kind, value, _known in sk.moves:
        if kind == "act":
            state = state._apply(ACTION_MOVES[B.ACTION_NAMES[value]])
            continue
        items = discards[seat][done[seat]]
        done[seat] += 1
        mask = 0
        for item in items:
            e, pos = item_label[item]
            if e not in packs:
                return None
            mask |= 1 << packs[e][pos]
        table = state._t
        if mask & ~table.hands[seat] or mask.bit_count() != value:
            return None
        before = table.reshuffles
        state = state._apply(Draw(mask))
        t = state._t
        if t.reshuffles != before:
            if t.reshuffles != before + 1 or not _fix_reshuffle(t, seat, fixed):
                return None
            packs[t.reshuffles] = t.deck
    if not same_view(state.view(view.seat), view):
        return None
    return state


def _check_rng(rng: Any) -> random.Random:
    """``rng`` if it is a ``random.Random``, else RulesError."""
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng={quoted(rng)}: expected a random.Random")
    return rng


def sampler(view: BadugiView) -> Callable[[random.Random], BadugiState]:
    """:func:`sample` for one view: ``sampler(view)(rng)`` is ``sample(view, rng)`` (the same
    world for the same state of ``rng``), with what the view's worlds share (where each seat's
    cards came from, the moves, the hand as dealt) worked out once."""
    if not isinstance(view, BadugiView):
        raise RulesError(f"view={quoted(view)}: expected a Badugi view (state.view(seat))")
    return _sampler(view)


def _sampler(view: BadugiView) -> Callable[[random.Random], BadugiState]:
    """What :func:`sampler` returns (also what :func:`sample` draws with)."""
    sk = _Skeleton(view)

    def draw(rng: random.Random) -> BadugiState:
        _check_rng(rng)
        for _ in range(MAX_TRIES):
            world = _world(sk, rng)
            if world is not None:
                return world
        raise RulesError(f"no world consistent with the view was found in {MAX_TRIES} tries")

    return draw


def sample(view: BadugiView, rng: random.Random) -> BadugiState:
    """A whole hand consistent with ``view``, its hidden cards drawn uniformly (see the module
    text).  ``sample(view, rng).view(view.seat)`` shows exactly what ``view`` shows."""
    if not isinstance(view, BadugiView):
        raise RulesError(f"view={quoted(view)}: expected a Badugi view (state.view(seat))")
    _check_rng(rng)
    return _sampler(view)(rng)


# -- play-outs ----------------------------------------------------------------------------------

def _fast_choosers(rules: Any, policy: str, n: int) -> list[Any] | None:
    """The fast-loop adapters of ``policy`` at every seat, as :func:`rollout` makes them, or
    None when one of them cannot run on the fast loop (it then plays through states)."""
    from .bots import FAST_CHOOSERS, fast_chooser

    choosers = [fast_chooser(bot) for bot in bots_for(rules, [policy] * n, n)]
    return choosers if all(c in FAST_CHOOSERS for c in choosers) else None


def _play_out(t: Table, choosers: Sequence[Any], rng: TurnRandom, turn: int,
              result_type: Any) -> Any:
    """Play the hand on ``t`` to its end (move number ``turn`` next), every seat by its fast
    chooser, as ``autoplay`` would; the seats' net chips and the pots' winners, as a
    ``result_type`` (:class:`~rulebook.coach.RolloutResult`)."""
    apply_action, apply_draw = B.apply_action, B.apply_draw
    while t.phase != OVER:
        seat = t.to_act
        rng.start_turn(turn)
        if t.phase & 1:
            apply_draw(t, choosers[seat].draw(t, seat, rng))
        else:
            apply_action(t, choosers[seat].act(t, seat, rng))
        turn += 1
    result = cast(B.HandResult, t.result)  # set when the hand is over
    return result_type([float(t.stacks[j] - t.start_stacks[j]) for j in range(t.n)],
                       sorted({j for pot in result.pots for j in pot.winners}))


def rollout(state: BadugiState, policy: str, seed: int) -> tuple[float, ...]:
    """Play the rest of the hand from ``state`` with the computer player ``policy`` at every
    seat on the scalar fast loop, with the chances ``autoplay(state, policy, seed)`` gives;
    each seat's net chips for the hand (as ``simulate`` reports them for Badugi), as a
    :class:`~rulebook.coach.RolloutResult` that also names the seats that won a pot."""
    if not isinstance(state, BadugiState):
        raise RulesError(f"state={quoted(state)}: expected a Badugi state")
    t = state._t.copy()
    n = t.n
    choosers = _fast_choosers(state.rules, policy, n)
    if choosers is None:  # expert, say: through states
        t = cast(BadugiState, autoplay(state, policy, seed))._t
        choosers = []
    from ...coach import RolloutResult

    return cast(tuple[float, ...], _play_out(t, choosers, TurnRandom(seed), len(state.history),
                                             RolloutResult))


def rollout_moves(world: BadugiState, moves: Sequence[Any], policy: str,
                  seed: int) -> list[tuple[float, ...]]:
    """``[rollout(world.play(m), policy, seed) for m in moves]``, the very same results, with
    each legal move applied straight to a copy of the world's table (no state per move) and
    the computer players and their chances made once for all the moves.  A move given as
    text, one that is not legal, or a player that cannot run on the fast loop takes the
    plain way (so an illegal move raises as ``world.play`` does)."""
    if not isinstance(world, BadugiState):
        raise RulesError(f"world={quoted(world)}: expected a Badugi state")
    moves = list(moves)
    base = world._t
    try:
        choosers = _fast_choosers(world.rules, policy, base.n)
    except RulesError:  # an unknown player, say: raised (or not) as the plain way raises it
        choosers = None
    if choosers is None or base.phase == OVER:
        return [rollout(world.play(m), policy, seed) for m in moves]
    from ...coach import RolloutResult

    table_move = _table_moves(base)
    apply = B.apply_action if B.is_betting(base.phase) else B.apply_draw
    rng = TurnRandom(seed)
    turn = len(world.history) + 1
    out: list[tuple[float, ...]] = []
    for move in moves:
        code = table_move(move)
        if code is None:
            out.append(rollout(world.play(move), policy, seed))
            continue
        t = base.copy()
        apply(t, code)
        out.append(_play_out(t, choosers, rng, turn, RolloutResult))
    return out


def _table_moves(t: Table) -> Callable[[Any], int | None]:
    """For the player to act on ``t``: a move's code for ``apply_action`` (a betting action)
    or ``apply_draw`` (the discard mask) when it is one of the legal moves as they are
    (what ``state.legal_moves()`` holds, and so what ``world.play`` accepts unchanged), else
    None (text, say, or an illegal move: the plain way)."""
    if B.is_betting(t.phase):
        actions = B.betting_options(t)
        return lambda move: move.code if type(move) is Action and move.code in actions else None
    discards = B.draw_options(t.hands[t.to_act])
    return lambda move: move.discard if type(move) is Draw and move.discard in discards else None


BATCHED = frozenset({"random"})
"""The computer players whose play-outs :func:`rollout_worlds` runs on the numpy batch (the
coach hands it many worlds at once for them)."""

BATCH_MIN = 64
"""Fewer play-outs than this in one call of :func:`rollout_worlds` take the scalar loop (the
batch's set-up would cost more than it saves)."""


def rollout_worlds(worlds: Sequence[BadugiState], moves: Sequence[Any], policy: str,
                   seeds: Sequence[int]) -> list[list[tuple[float, ...]]]:
    """``[rollout_moves(w, moves, policy, s) for w, s in zip(worlds, seeds)]``, the very same
    results: with ``random`` players (and numpy installed) every world's every move is played
    out at once by the numpy batch (:func:`~.batch.play_out_random`); a hand the batch leaves
    to the scalar loop (an all-in, a reshuffle), a move that is not one of the world's legal
    moves as they are, another player, or too few play-outs take :func:`rollout_moves`."""
    worlds, moves, seeds = list(worlds), list(moves), list(seeds)
    if len(worlds) != len(seeds):
        raise RulesError(f"seeds={quoted(seeds)}: expected one seed per world")
    fast = (policy == "random" and len(worlds) * len(moves) >= BATCH_MIN
            and all(isinstance(w, BadugiState) for w in worlds))
    if fast:
        try:
            choosers = _fast_choosers(worlds[0].rules, policy, worlds[0]._t.n)
            import numpy  # noqa: F401 - the batch needs it
        except (RulesError, ImportError):
            fast = False
        else:
            from .bots import _FastRandom

            fast = choosers is not None and all(c is _FastRandom for c in choosers)
    if not fast:
        return [rollout_moves(w, moves, policy, s) for w, s in zip(worlds, seeds)]
    from ...coach import RolloutResult
    from .batch import play_out_random

    tables: list[Table] = []
    firsts: list[list[int]] = []
    keys: list[int] = []
    where: list[list[int]] = []  # the moves of each table's first moves
    for world, seed in zip(worlds, seeds):
        base = world._t
        tables.append(base)
        keys.append(TurnRandom(seed).key)
        firsts.append([])
        where.append([])
        if base.phase == OVER or len(world.history) != len(worlds[0].history):
            continue
        table_move = _table_moves(base)
        for m, move in enumerate(moves):
            code = table_move(move)
            if code is not None:
                firsts[-1].append(code)
                where[-1].append(m)
    sizes = {(t.n, t.small_bet) for t, f in zip(tables, firsts) if f}
    got: list[list[tuple[list[float], list[int]] | None]] = (
        play_out_random(tables, firsts, keys, len(worlds[0].history)) if len(sizes) == 1
        else [[None] * len(f) for f in firsts])
    results: list[list[Any]] = [[None] * len(moves) for _ in worlds]
    for w, (played, rows) in enumerate(zip(where, got)):
        for m, row in zip(played, rows):
            if row is not None:
                results[w][m] = RolloutResult(row[0], row[1])
    for w, (world, seed) in enumerate(zip(worlds, seeds)):
        for m, move in enumerate(moves):
            if results[w][m] is None:
                results[w][m] = rollout_moves(world, [move], policy, seed)[0]
    return cast(list[list[tuple[float, ...]]], results)
