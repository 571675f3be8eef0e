"""Satti's coach room: worlds sampled from one seat's view, and rollouts from any position.

:func:`sample` draws a full state consistent with everything ``state.view(seat)`` shows: the
same rules, players and public history (the same moves, in order), the seat's own hand, the
top card, the suit called, a pending penalty or skip, every hand size, the draw pile's and the
discards' sizes.  It reads the view only.  What it draws is the rest of the deal, as the rules
deal it:

* **A deal played from its start** (a view whose history fits a fresh deal, SAT-SETUP-2..7):
  the original deal is drawn — each other seat's starting hand and draws (the cards it has
  played, which are public, plus a current hand of its size drawn from the unseen cards), the
  turned card, the draw pile's order and the order of every reshuffle that happened
  (SAT-PILE-1) — and the history is replayed on it through the turn core
  (:func:`~rulebook.games.satti.core.step`), which checks every move: a seat that drew held
  no card that fitted (SAT-TURN-2/3), a drawn card that was not played did not fit
  (SAT-TURN-4/5), a card drawn and played at once is that card, each played card was in its
  player's hand.  A world that fails is refused and another drawn.  The proposals are
  uniform: the turned card among the unseen cards that can have been turned (no 7,
  SAT-SETUP-5, and the first card played fits it); the other hands seat by seat from the
  unseen cards each seat's last draw does not rule out, each kept with the probability that
  makes every set of hands as likely as any other; each seat's cards are split into its
  dealt hand and its draws by one split uniform among those the timing allows (their number
  does not depend on the cards), and a split its moves rule out refuses the whole world.
  Each seat is checked before the next is drawn, the view's seat first, so most refusals
  cost little.  The view's seat's own (turned card, split) pairs that fit its moves, when
  there are at most :data:`OWN_PAIRS`, are listed once per view and one is drawn uniformly
  from the list: the same law as drawing a pair and refusing it when it does not fit.  So a
  world drawn this way is exactly uniform among the worlds consistent with the view (a hand
  that allows more splits is accepted more often, in proportion).  :func:`sampler` works out
  once per view what its worlds share.  The
  discards under the top card are exactly those of that world, so a reshuffle in the rest of
  the deal brings them back as the engine does; the world's seed (for reshuffles to come) is
  drawn from ``rng``.
* **A position set up by hand with no move yet**: the unseen cards are dealt uniformly to the
  other hands, the discards and the draw pile (in a uniform order).
* **A deal played from its start on which the proposals are seldom kept**, no reshuffle yet:
  a Metropolis chain (:class:`_Chain`) over the same original deals.  A step swaps two
  cards, either two places of one seat (which of its cards were dealt and which it drew
  when), or the turned card and an unseen card, or two unseen cards (between another seat's
  hand, the turned card and the cards never drawn); a step is kept exactly when the deal
  stays consistent with the view.  The proposals are symmetric, so the chain's stationary
  law is the uniform one the exact proposals keep.  The chain is seeded from the view alone,
  walked from a first guess to a consistent deal (:data:`SETTLE_STEPS`), then
  :data:`CHAIN_BURN` steps, and keeps :data:`CHAIN_POOL` deals :data:`CHAIN_THIN` steps
  apart; each world starts at one of them, picked with ``rng``, and walks
  :data:`CHAIN_STEPS` steps more.  So a world is uniform as far as the chain has mixed (the
  tests hold it to hand-counted shares and to the exact proposals' law by chi-square), and
  the worlds of one piece of advice are slightly correlated.  The chain draws every world of
  a view on which none of :data:`PROBE` proposals (drawn from the view alone) is kept, about
  one mid-deal position in six with smart players (four-player deals), and any world whose
  :data:`TRIES` proposals all fail.
* **Otherwise the worlds are approximate**: a hand-set position with moves after it (its
  view does not say what the position showed when it was set up, e.g. its top card once
  covered, nor whether a reshuffle came, so there is no uniform law over its original
  positions to draw from), a deal with a reshuffle in its history whose proposals all fail
  (rare with smart players, who seldom empty the pile: of 1,236 four-player mid-deal
  positions, 10 came after a reshuffle, and on all 10 the proposals failed), or a chain
  that reached no consistent deal.  The
  other hands, the discards and the pile are drawn from the cards the view does not show,
  honouring each seat's last draw (a seat that drew and got no card since holds no card that
  fitted then); this keeps the view and the history exactly but weighs the worlds only
  approximately.

:func:`rollout` plays the rest of a deal with one computer player at every seat on the scalar
core (a :class:`~rulebook.games.satti.core.Table` changed in place by ``step``, the players'
decisions from :mod:`~rulebook.games.satti.bots`), with exactly the moves
``rulebook.protocol.autoplay(state, policy, seed)`` makes through states; it returns each
seat's place (SAT-END-4/5), the measure of :data:`MEASURE` (1 is first; lower is better).
"""
from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ...cards import ALL_CARDS, FULL_MASK, SUITS, indices_of, mask_indices
from ...errors import RulesError, quoted
from ...fastrandom import TurnRandom, turn_below
from ...protocol import autoplay
from .bots import BUILTIN, easy_code, smart_code
from .core import (
    DRAW,
    FIRST_JACK,
    JACK_NAMING,
    MOVE_CAP,
    NAME,
    SKIP,
    TRY,
    TRY_DRAW,
    Table,
    fit_mask,
    legal_codes,
    places_of,
    step,
)
from .moves import CODE_OF, MOVES, Move
from .state import SattiState, SattiView

__all__ = ["sample", "sampler", "rollout", "rollout_moves", "win", "bounds", "measure", "MEASURE",
           "LOWER_IS_BETTER", "TRIES", "Event", "events_of", "OWN_PAIRS", "SETTLE_STEPS",
           "CHAIN_BURN", "CHAIN_POOL", "CHAIN_THIN", "CHAIN_STEPS", "PROBE"]

MEASURE = "place"
"""The measure :func:`rollout` gives for each seat: its place at the end of the deal, as
``rulebook.simulate`` reports it in its ``place`` column (SAT-END-4/5)."""
LOWER_IS_BETTER = True
"""A lower place is better (1 is first)."""
TRIES = 1_000
"""How many worlds :func:`sample` proposes (each exactly uniform when it is kept) before it
takes the chain (or, where there is none, the approximate way)."""

OWN_PAIRS = 4_000
"""The most (turned card, split) pairs of the view's seat :func:`sample` lists once per view
to draw from (more, and it draws both and refuses the pairs its moves rule out)."""

SETTLE_STEPS = 50_000
"""How many steps the chain (:class:`_Chain`) may take from its first guess to a consistent
deal before :func:`sample` takes the approximate way."""
CHAIN_BURN = 5_000
"""The chain's steps from the first consistent deal before it keeps any."""
CHAIN_POOL = 2_000
"""How many of the chain's deals are kept per view, :data:`CHAIN_THIN` steps apart."""
CHAIN_THIN = 25
"""The chain's steps between two deals it keeps."""
CHAIN_STEPS = 40
"""The steps each sampled world walks on from the kept deal it starts at."""

Event = tuple[int, int, int, int]
"""One public move: (move code, seat, cards drawn, card played at once after a draw or -1)."""


def events_of(view: SattiView) -> list[Event]:
    """The public history of ``view`` as :data:`Event` tuples, oldest first."""
    out: list[Event] = []
    trail = view._trail
    while trail is not None:
        trail, code, seat, drew, played = trail
        out.append((code, seat, drew, played))
    out.reverse()
    return out


def _hand_card(code: int) -> int:
    """The card a play code takes from the hand (a jack naming a suit is that jack)."""
    return code if code < JACK_NAMING else FIRST_JACK + ((code - JACK_NAMING) >> 2)


def _draws(code: int) -> bool:
    """Whether a move code draws cards (a draw, or a skipped player's attempt)."""
    return code == DRAW or code == TRY_DRAW or code >= TRY


# ---------------------------------------------------------------------------------------------
# The sampler


class _Deal:
    """What the view says about a deal played from its start: each seat's draws (slots),
    the cards each seat played from its hand, the reshuffles, and whether it fits a deal."""

    __slots__ = ("n", "h", "events", "first", "slots", "forced", "plays", "epochs",
                 "ok", "epoch_sizes", "covered", "slot_times", "absent", "shown", "free",
                 "own", "sizes_ok", "_moves", "openings", "own_alone", "_pairs")

    def __init__(self, view: SattiView, events: list[Event]) -> None:
        n = view.players
        h = int(view.rules.hand_size)
        self.n, self.h, self.events = n, h, events
        self.first = events[0][1]
        # slots[seat]: the global indices of the seat's drawn cards, in order
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.forced: dict[int, int] = {}  # global slot -> the card played at once from it
        self.plays: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        """Each seat's plays from its hand: (card, event index), in order."""
        self.slot_times: list[int] = []  # global slot -> the event that drew it
        self.epochs: list[int] = []  # global slot -> its pile (0: the deal's, k: k-th reshuffle)
        self.covered = False  # whether the turned card lies under another
        pile, under, epoch = 51 - n * h, 0, 0
        ok = pile >= 0
        self.epoch_sizes = [pile]
        for when, (code, seat, drew, played) in enumerate(events):
            if code < DRAW:
                self.plays[seat].append((_hand_card(code), when))
                under += 1
                self.covered = True
            elif _draws(code):
                for _ in range(drew):
                    if not pile:
                        if not under:
                            ok = False
                            break
                        pile, under, epoch = under, 0, epoch + 1
                        self.epoch_sizes.append(pile)
                    pile -= 1
                    self.slots[seat].append(len(self.epochs))
                    self.epochs.append(epoch)
                    self.slot_times.append(when)
                if played >= 0:
                    self.forced[len(self.epochs) - 1] = played
                    under += 1
                    self.covered = True
        sizes = [h + len(self.slots[s]) - len(self.plays[s])
                 - sum(1 for g in self.slots[s] if g in self.forced) for s in range(n)]
        self.absent = _absent_by_last_draw(view, events)
        """Each seat's cards proven absent by its last draw (see _absent_by_last_draw)."""
        self.ok = (ok and tuple(sizes) == view.hand_sizes and pile == view.draw_pile_size
                   and under == view.discard_count)
        # What does not change between the worlds of this view, worked out once:
        # the cards whose place the view shows (the seat's hand, the top card, and with no
        # reshuffle yet every card played; after one only the cards played since the last)
        shown = view.hand_mask | 1 << view.top_index
        if len(self.epoch_sizes) > 1:
            shown |= _played_since_epoch(self, self.epochs[-1] if self.epochs else 0)
        else:
            for s in range(n):
                for c, _when in self.plays[s]:
                    shown |= 1 << c
            for c in self.forced.values():
                shown |= 1 << c
        self.shown = shown
        self.free = [[-1] * h + [g for g in self.slots[s] if g not in self.forced]
                     for s in range(n)]
        """Each seat's places for the cards it held: its dealt hand (-1), then its draws
        that were not played at once (their slots)."""
        self.own = indices_of(view.hand_mask)
        self.sizes_ok = all(len(self.plays[s]) + view.hand_sizes[s] == len(self.free[s])
                            for s in range(n))
        """Whether every seat's cards fill its places (else no world fits the view)."""
        self._moves: dict[int, list[list[tuple[int, int, int, int, int, int]]]] = {}
        first_play = next((i for i, (code, _s, _d, played) in enumerate(events)
                           if code < DRAW or (code == DRAW and played >= 0)), len(events))
        first_card = -1 if first_play == len(events) else (
            _hand_card(events[first_play][0]) if events[first_play][0] < DRAW
            else events[first_play][3])
        self.openings = 0
        """The cards that may have been the turned card: no 7 (SAT-SETUP-5), and the first
        card played fits it (SAT-FIT-1..3)."""
        for o in range(52):
            if o >> 2 != 6 and (first_card < 0 or fit_mask(o, o & 3) >> first_card & 1):
                self.openings |= 1 << o
        self.own_alone = len(self.epoch_sizes) == 1 and not any(
            seat == view.seat and _draws(code) for code, seat, _d, _p in events[:first_play + 1])
        """Whether the view's seat's moves never met the turned card (it drew nothing
        before the first card was played) and no reshuffle came: then which of its splits
        fit its moves does not depend on the rest of the world."""
        self._pairs: list[tuple[int, int, dict[int, int]]] | None | bool = False

    def candidates(self, view: SattiView) -> int:
        """The cards a world's turned card is drawn from, uniformly: the top card while it
        lies uncovered; after a reshuffle any card that can have been turned; else the unseen
        cards that can have been turned (see ``openings``)."""
        if not self.covered:
            return 1 << view.top_index
        if len(self.epoch_sizes) > 1:
            return self.openings
        return FULL_MASK & ~self.shown & self.openings

    def own_pairs(self, view: SattiView) -> list[tuple[int, int, dict[int, int]]] | None:
        """Every (turned card, dealt hand, drawn cards by slot) of the view's seat that fits
        its moves, each split counted once (the splits are equally likely, see
        :func:`_split`), when there are at most :data:`OWN_PAIRS` to try; else None.  A
        world's turned card and the seat's split, drawn uniformly from this list, are
        uniform among the pairs the seat's moves allow, as drawing both and refusing a
        pair that does not fit would make them."""
        if self._pairs is not False:
            return self._pairs  # type: ignore[return-value]
        seat, h = view.seat, self.h
        times = self.slot_times
        openings = indices_of(self.candidates(view))
        slots = self.free[seat][h:]
        plays = self.plays[seat]
        current = self.own
        # how many splits there are: each play to a dealt place or an earlier free draw, the
        # draws left to an ordered choice of the current cards
        outcomes: list[tuple[int, dict[int, int]]] = []

        cap = OWN_PAIRS // max(1, len(openings))

        def count(i: int, dealt_left: int, free: list[int]) -> int:
            """The splits from play ``i`` on, counted up to just past ``cap``."""
            if i == len(plays):
                m, total = len(free), 1
                for k in range(m):
                    total *= len(current) - k
                return total if m <= len(current) else 0
            when = plays[i][1]
            total = count(i + 1, dealt_left - 1, free) if dealt_left else 0
            for g in free:
                if total > cap:
                    break
                if times[g] < when:
                    total += count(i + 1, dealt_left, [x for x in free if x != g])
            return total

        if not openings or count(0, h, slots) > cap:
            self._pairs = None
            return None

        def walk(i: int, dealt_left: int, free: list[int], mask: int,
                 cards: dict[int, int]) -> None:
            if i < len(plays):
                card, when = plays[i]
                if dealt_left and not mask >> card & 1:
                    walk(i + 1, dealt_left - 1, free, mask | 1 << card, cards)
                for g in free:
                    if times[g] < when:
                        walk(i + 1, dealt_left, [x for x in free if x != g], mask,
                             {**cards, g: card})
                return
            for chosen in itertools.permutations(current, len(free)):
                got = dict(cards)
                dealt = mask
                taken = 0
                for g, card in zip(free, chosen):
                    got[g] = card
                    taken |= 1 << card
                ok = True
                for card in current:
                    if not taken >> card & 1:
                        if dealt >> card & 1:
                            ok = False
                            break
                        dealt |= 1 << card
                if ok:
                    outcomes.append((dealt, got))

        walk(0, h, slots, 0, {})
        pairs = []
        for o in openings:
            moves = self.moves_for(o)[seat]
            for dealt, got in outcomes:
                if _holds(view, self, seat, dealt, got, moves):
                    pairs.append((o, dealt, got))
        self._pairs = pairs
        return pairs

    def moves_for(self, opening: int) -> list[list[tuple[int, int, int, int, int, int]]]:
        """Per seat, its moves with the table before each, given the turned card ``opening``:
        ``(code, drew, played, top, suit, penalty)``, oldest first (kept per turned card)."""
        found = self._moves.get(opening)
        if found is None:
            found = [[] for _ in range(self.n)]
            for (code, seat, drew, played), (top, suit, penalty) in zip(
                    self.events, _timeline(self.events, opening)):
                found[seat].append((code, drew, played, top, suit, penalty))
            if len(self._moves) < 64:
                self._moves[opening] = found
        return found


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    rng.shuffle(cards)
    return cards


def _split(deal: _Deal, s: int, current: list[int],
           rng: random.Random) -> tuple[int, dict[int, int]] | None:
    """Seat ``s``'s cards into its dealt hand and its draws: each card it played, earliest
    play first, to a uniformly chosen free place it had before that play (one of its dealt
    places, all alike, or a draw before the play), its current cards to the rest (the draws
    left get a uniform ordered sample of them).  The number of ways does not depend on the
    cards."""
    times = deal.slot_times
    open_slots = deal.free[s][deal.h:]
    dealt_left = deal.h
    mask = 0
    cards: dict[int, int] = {}
    for card, when in deal.plays[s]:
        eligible = [g for g in open_slots if times[g] < when]
        ways = dealt_left + len(eligible)
        if not ways:
            return None
        r = rng.randrange(ways)
        if r < dealt_left:
            if mask >> card & 1:  # one card dealt twice (it came back in a reshuffle)
                return None
            mask |= 1 << card
            dealt_left -= 1
        else:
            g = eligible[r - dealt_left]
            open_slots.remove(g)
            cards[g] = card
    chosen = 0
    if open_slots:
        if len(open_slots) > len(current):
            return None
        for g, card in zip(open_slots, rng.sample(current, len(open_slots))):
            cards[g] = card
            chosen |= 1 << card
    for card in current:
        if not chosen >> card & 1:
            if mask >> card & 1:
                return None
            mask |= 1 << card
    return mask, cards


def _timeline(events: list[Event], opening: int) -> list[tuple[int, int, int]]:
    """The top card, the current suit and the pending penalty before each event (public);
    ``opening`` -1 when it is not known (then top and suit are -1 until the first play)."""
    out: list[tuple[int, int, int]] = []
    top, suit, penalty = opening, (opening & 3 if opening >= 0 else -1), 0
    for code, _s, _drew, played in events:
        out.append((top, suit, penalty))
        if code < DRAW:
            top = _hand_card(code)
            suit = (code - JACK_NAMING) & 3 if code >= JACK_NAMING else top & 3
            penalty = penalty + 2 if top >> 2 == 6 else 0
        elif code == DRAW:
            if penalty:
                penalty = 0
            elif played >= 0:
                top, suit = played, played & 3
                penalty = 2 if played >> 2 == 6 else 0
        elif NAME <= code < TRY_DRAW:
            suit = code - NAME
    return out


def _faults(view: SattiView, deal: _Deal, s: int, dealt: int, cards: dict[int, int],
            moves: list[tuple[int, int, int, int, int, int]], limit: int) -> int:
    """How many of seat ``s``'s ``moves`` (``deal.moves_for(opening)[s]``) could not have
    been made, dealt ``dealt`` and drawing ``cards`` (counted up to just past ``limit``): each
    card it played (or tried to play when skipped) in its hand, no fitting card held when it
    drew (SAT-TURN-2/3, each one held counts), a drawn card it kept not fitting
    (SAT-TURN-4/5)."""
    after = view.rules.play_after_draw
    hand = dealt
    slots = iter(deal.slots[s])
    forced = deal.forced
    faults = 0
    for code, drew, played, top, suit, penalty in moves:
        if code < DRAW:
            card = _hand_card(code)
            if not hand >> card & 1:
                faults += 1
            hand &= ~(1 << card)
        elif _draws(code):
            if code >= TRY and not hand >> (code - TRY) & 1:
                faults += 1
            normal = code == DRAW and not penalty
            if normal and hand & fit_mask(top, suit):
                faults += (hand & fit_mask(top, suit)).bit_count()
            for _ in range(drew):
                g = next(slots)
                card = forced.get(g, -1)
                if card < 0:
                    card = cards[g]
                    if normal and after and fit_mask(top, suit) >> card & 1:
                        faults += 1
                    hand |= 1 << card
        if faults > limit:
            break
    return faults


def _holds(view: SattiView, deal: _Deal, s: int, dealt: int, cards: dict[int, int],
           moves: list[tuple[int, int, int, int, int, int]]) -> bool:
    """Whether seat ``s``, dealt ``dealt`` and drawing ``cards``, could make its ``moves``
    (no fault, see :func:`_faults`)."""
    return not _faults(view, deal, s, dealt, cards, moves, 0)


def _draw_world(view: SattiView, deal: _Deal, rng: random.Random) -> SattiState | None:
    """One proposed original deal (uniform over its support), replayed; None if it does not
    give the view's history.

    The turned card first, uniform among ``deal.candidates`` (with the view's seat's split
    from ``deal.own_pairs`` when they are listed); then seat by seat, the view's
    seat first: each other hand uniform from the unseen cards left outside the seat's proven
    absences, kept with the share that makes every set of hands equally likely, and each
    seat's split into dealt hand and draws, checked against its moves before the next seat
    is drawn (a proposal refused early costs little; every check is one the whole proposal
    must pass, so the law of a kept world is the same)."""
    n, seat = deal.n, view.seat
    if not deal.sizes_ok:
        return None
    left = FULL_MASK & ~deal.shown
    # the turned card: uniform among deal.candidates (a reshuffle took it into a pile this
    # world does not need, so then it is any card that can have been turned); with the
    # view's seat's split, when their pairs are few enough to list, uniform among the pairs
    # that fit the seat's moves
    pairs = deal.own_pairs(view)
    if pairs is not None:
        if not pairs:
            return None
        opening, own_dealt, own_cards = pairs[rng.randrange(len(pairs))]
    else:
        allowed = deal.candidates(view)
        count = allowed.bit_count()
        if not count:
            return None
        for _ in range(rng.randrange(count)):
            allowed &= allowed - 1
        opening = (allowed & -allowed).bit_length() - 1
    if deal.covered and len(deal.epoch_sizes) == 1:
        left &= ~(1 << opening)
    moves = deal.moves_for(opening)
    # Seat by seat, each other hand uniform from what is left outside its proven absences: a
    # set of hands then comes with probability 1 / prod C(choice_s, size_s), which depends on
    # the hands; kept seat by seat with probability C(choice_s, size_s) / C(bound_s, size_s)
    # (bound_s is the most choice_s can be), every set of hands is proposed equally often.
    pool = left.bit_count()
    slot_card: dict[int, int] = dict(deal.forced)
    dealt = [0] * n
    for s in (seat, *(x for x in range(n) if x != seat)):
        if s == seat:
            if pairs is not None:
                dealt[s] = own_dealt
                slot_card.update(own_cards)
                continue
            current = deal.own
        else:
            size = view.hand_sizes[s]
            absent = deal.absent[s]
            choice = indices_of(left & ~absent) if absent else indices_of(left)
            if len(choice) < size:
                return None
            bound = min((FULL_MASK & ~deal.shown & ~absent).bit_count(), pool)
            if len(choice) < bound and rng.random() * math.comb(bound, size) >= math.comb(
                    len(choice), size):
                return None
            pool -= size
            current = rng.sample(choice, size)
            for c in current:
                left ^= 1 << c
        # one split, uniform over those the timing allows (their number does not depend on
        # the cards); a split the seat's moves rule out refuses the whole world, so every
        # consistent world stays equally likely.  The view's seat's splits that fit its
        # moves are, when they do not depend on the turned card (deal.own_alone), the same
        # set in every world: one of them, uniformly, is drawn by trying again.
        for _ in range(TRIES if s == seat and deal.own_alone else 1):
            split = _split(deal, s, current, rng)
            if split is not None and _holds(view, deal, s, split[0], split[1], moves[s]):
                break
        else:
            return None
        assert split is not None
        dealt[s] = split[0]
        slot_card.update(split[1])
    return _world_state(view, deal, opening, dealt, slot_card, rng)


def _world_state(view: SattiView, deal: _Deal, opening: int, dealt: list[int],
                 slot_card: dict[int, int], rng: random.Random) -> SattiState | None:
    """The state of the original deal with turned card ``opening``, dealt hands ``dealt`` and
    the drawn cards ``slot_card`` (every slot, the forced ones included), the cards never
    drawn below in a uniform order, its history replayed through the turn core; None if it
    does not give the view's history."""
    n, seat = deal.n, view.seat
    # the deal's pile: its drawn cards in order on top, the rest below in a uniform order
    epochs = deal.epochs
    used = 1 << opening
    for m in dealt:
        if used & m:
            return None
        used |= m
    first_pile = [slot_card[g] for g in range(len(epochs)) if epochs[g] == 0]
    for c in first_pile:
        if used >> c & 1:
            return None
        used |= 1 << c
    below = _shuffled(mask_indices(FULL_MASK & ~used), rng)
    if len(below) + len(first_pile) != deal.epoch_sizes[0]:
        return None
    pile0 = below + first_pile[::-1]
    seed = rng.getrandbits(62)
    start = Table(n, dealt[:], pile0[:], 0, opening, opening & 3, False, 0, False, False,
                  deal.first, seed)
    t = start.copy()
    after = view.rules.play_after_draw
    stacking = view.rules.seven_stacking
    g = sum(1 for e in epochs if e == 0)  # the next slot of a later pile
    for code, mover, drew, played in deal.events:
        if t.over or t.turn != mover:
            return None
        if code not in legal_codes(t.hands[mover], t.top, t.suit, t.penalty, t.skipped,
                                   t.naming, stacking):
            if not t.skipped or not (code == TRY_DRAW or
                                     (code >= TRY and t.hands[mover] >> (code - TRY) & 1)):
                return None
        top = t.top
        under = 0
        if _draws(code):
            need = t.penalty if code == DRAW and t.penalty else 1
            if need > len(t.pile) and t.discards:  # a reshuffle in this draw (SAT-PILE-1)
                under = t.discards
                size = under.bit_count()
                if g >= len(epochs):
                    return None
                drawn = [slot_card[x] for x in range(g, len(epochs)) if epochs[x] == epochs[g]]
                if len(drawn) > size:
                    return None
                mask = 0
                for c in drawn:
                    if not under >> c & 1 or mask >> c & 1:
                        return None
                    mask |= 1 << c
                g += len(drawn)
                t.pile = _shuffled(mask_indices(under & ~mask), rng) + drawn[::-1] + t.pile
        got = step(t, code, after)
        if under:
            t.discards &= ~under
            t.reshuffles += 1
        if got != drew or (t.top if code == DRAW and t.top != top else -1) != played:
            return None
    if (t.hands[seat] != view.hand_mask or len(t.pile) != view.draw_pile_size
            or (None if t.over else t.turn) != view.to_move):
        return None
    return _state(view, start, t, deal.first - 1 if deal.first else n - 1)


class _Chain:
    """A Metropolis chain over the original deals consistent with a view whose history has
    no reshuffle: the turned card, each seat's cards at its places (its dealt hand, then its
    draws that were not played at once) and the cards never drawn.  A step swaps two cards:
    either two places of one seat (its split into dealt hand and draws), or two of the cards
    the view does not show (between another seat's hand, the turned card and the cards never
    drawn).  Both proposals are symmetric and a step is kept exactly when the deal it gives is
    consistent with the view, so the chain's stationary law is uniform over the consistent
    deals it reaches, the law the rejection proposals of :func:`_draw_world` keep exactly."""

    __slots__ = ("view", "deal", "h", "free", "unseen", "opening", "places", "where",
                 "moves", "covered")

    def __init__(self, view: SattiView, deal: _Deal, rng: random.Random) -> None:
        self.view, self.deal, self.h = view, deal, deal.h
        n, seat = deal.n, view.seat
        self.free = [row[deal.h:] for row in deal.free]  # each seat's draws not played at once
        self.unseen = indices_of(FULL_MASK & ~deal.shown)  # no reshuffle: every play is shown
        self.covered = deal.covered
        # a first guess: the unseen cards dealt at random, each seat's cards at random places
        cards = self.unseen[:]
        rng.shuffle(cards)
        self.opening = cards.pop() if deal.covered else view.top_index
        self.places: list[list[int]] = []
        self.where: dict[int, tuple[int, int]] = {}
        """Each unseen card's place: (seat, index), (-1, 0) the turned card, (-2, 0) a card
        never drawn."""
        for s in range(n):
            held = [c for c, _when in deal.plays[s]]
            if s == seat:
                held += mask_indices(view.hand_mask)
            else:
                held += [cards.pop() for _ in range(view.hand_sizes[s])]
            rng.shuffle(held)
            self.places.append(held)
        for s in range(n):
            for i, c in enumerate(self.places[s]):
                self.where[c] = (s, i)
        if deal.covered:
            self.where[self.opening] = (-1, 0)
        for c in cards:
            self.where[c] = (-2, 0)
        self.moves = deal.moves_for(self.opening)

    def _split(self, s: int) -> tuple[int, dict[int, int]]:
        """Seat ``s``'s dealt hand (a mask) and its drawn cards by slot."""
        row, h = self.places[s], self.h
        dealt = 0
        for c in row[:h]:
            dealt |= 1 << c
        return dealt, dict(zip(self.free[s], row[h:]))

    def _opening_faults(self, opening: int) -> int:
        """1 if ``opening`` cannot be the turned card (a 7, SAT-SETUP-5, or the first card
        played onto it does not fit it, SAT-FIT-1..3), else 0."""
        return 0 if self.deal.openings >> opening & 1 else 1

    def faults(self, seats: Sequence[int], limit: int) -> int:
        """The faults of ``seats`` (see :func:`_faults`) and of the turned card."""
        total = self._opening_faults(self.opening)
        for s in seats:
            if total > limit:
                break
            dealt, cards = self._split(s)
            total += _faults(self.view, self.deal, s, dealt, cards, self.moves[s],
                             limit - total)
        return total

    def propose(self, rng: random.Random) -> tuple[int, int, int, int, bool]:
        """Swap two cards as one step proposes; returns what :meth:`undo` needs (its first
        number negative when the step changes nothing) and whether the turned card moved."""
        kind = rng.random()
        if kind < 0.25 and self.covered and len(self.unseen) > 1:
            # the turned card and another unseen card (the reverse step is as likely)
            y = self.unseen[rng.randrange(len(self.unseen) - 1)]
            if y == self.opening:
                y = self.unseen[-1]
            return self._swap_unseen(self.opening, y)
        if kind < 0.6:  # two places of one seat
            s = rng.randrange(self.deal.n)
            row = self.places[s]
            if len(row) < 2:
                return -1, 0, 0, 0, False
            i, j = rng.sample(range(len(row)), 2)
            if i < self.h and j < self.h:  # both in the dealt hand: the same deal
                return -1, 0, 0, 0, False
            self._swap_places(s, i, j)
            return s, i, s, j, False
        if len(self.unseen) < 2:
            return -1, 0, 0, 0, False
        x, y = rng.sample(self.unseen, 2)
        return self._swap_unseen(x, y)

    def _swap_places(self, s: int, i: int, j: int) -> None:
        """Exchange the cards at places ``i`` and ``j`` of seat ``s``."""
        row = self.places[s]
        row[i], row[j] = row[j], row[i]
        for k in (i, j):
            if row[k] in self.where:
                self.where[row[k]] = (s, k)

    def _swap_unseen(self, x: int, y: int) -> tuple[int, int, int, int, bool]:
        """Exchange the places of unseen cards ``x`` and ``y``."""
        (sx, ix), (sy, iy) = self.where[x], self.where[y]
        if sx == sy and (sx < 0 or ix == iy):
            return -1, 0, 0, 0, False
        for s, i, card in ((sx, ix, y), (sy, iy, x)):
            if s >= 0:
                self.places[s][i] = card
            elif s == -1:
                self.opening = card
        self.where[x], self.where[y] = (sy, iy), (sx, ix)
        if sx == -1 or sy == -1:
            self.moves = self.deal.moves_for(self.opening)
            return x, y, -3, 0, True
        return x, y, -3, 0, False

    def undo(self, move: tuple[int, int, int, int, bool]) -> None:
        """Take back the step ``move`` (what :meth:`propose` returned); a swap taken back
        twice is made again."""
        a, b, c, d, _opening = move
        if c == -3:
            self._swap_unseen(a, b)
        else:
            self._swap_places(a, b, d)

    def seats_of(self, move: tuple[int, int, int, int, bool]) -> list[int]:
        """The seats whose faults a step can change (all of them when the turned card moved)."""
        a, b, c, _d, opening = move
        if opening:
            return list(range(self.deal.n))
        if c != -3:
            return [a]
        return sorted({s for s, _i in (self.where[a], self.where[b]) if s >= 0})

    def settle(self, rng: random.Random, steps: int) -> bool:
        """Walk from the first guess towards a consistent deal: a step with fewer faults is
        kept, one with more now and then, less often as the walk goes on; whether a
        consistent deal was reached within ``steps`` steps."""
        every = 1 << 30
        energy = self.faults(range(self.deal.n), every)
        for k in range(steps):
            if not energy:
                return True
            move = self.propose(rng)
            if move[0] < 0:
                continue
            changed = self.seats_of(move)
            after = self.faults(changed, every)
            self.undo(move)
            delta = after - self.faults(changed, every)
            heat = 2.0 * (1 - k / steps) + 0.05
            if delta <= 0 or rng.random() < math.exp(-delta / heat):
                self.undo(move)
                energy += delta
        return not energy

    def step(self, rng: random.Random) -> None:
        """One Metropolis step: a proposed swap kept exactly when the deal stays consistent."""
        move = self.propose(rng)
        if move[0] >= 0 and self.faults(self.seats_of(move), 0):
            self.undo(move)

    def snapshot(self) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """The chain's deal, to :meth:`restore` later."""
        return self.opening, tuple(tuple(row) for row in self.places)

    def restore(self, snap: tuple[int, tuple[tuple[int, ...], ...]]) -> None:
        """Go back to the deal :meth:`snapshot` gave."""
        self.opening = snap[0]
        self.places = [list(row) for row in snap[1]]
        where = dict.fromkeys(self.unseen, (-2, 0))
        if self.covered:
            where[self.opening] = (-1, 0)
        for s, row in enumerate(self.places):
            for i, c in enumerate(row):
                if c in where:
                    where[c] = (s, i)
        self.where = where
        self.moves = self.deal.moves_for(self.opening)

    def world(self, rng: random.Random) -> SattiState | None:
        """The chain's current deal as a state (None if it does not replay to the view)."""
        dealt = [0] * self.deal.n
        slot_card = dict(self.deal.forced)
        for s in range(self.deal.n):
            dealt[s], cards = self._split(s)
            slot_card.update(cards)
        return _world_state(self.view, self.deal, self.opening, dealt, slot_card, rng)


def _played_since_epoch(deal: _Deal, epoch: int) -> int:
    """The cards played (from a hand or at once after a draw) since pile ``epoch`` began."""
    mask = 0
    slot = -1
    current = 0
    for code, _seat, drew, played in deal.events:
        if _draws(code):
            slot += drew
            if drew:
                current = deal.epochs[slot]
            if played >= 0 and current == epoch:
                mask |= 1 << played
        elif code < DRAW and current == epoch:
            mask |= 1 << _hand_card(code)
    return mask


def _state(view: SattiView, start: Table, t: Table, dealer: int) -> SattiState:
    """The state of table ``t`` with the view's history, started from table ``start``."""
    def texts(cards: Sequence[int]) -> str:
        return " ".join(ALL_CARDS[c].text for c in cards)

    args = {"top": ALL_CARDS[start.top].text, "suit": SUITS[start.suit] if start.named else None, "penalty": start.penalty,
            "skipped": start.skipped, "hands": [texts(mask_indices(m)) for m in start.hands],
            "draw_pile": texts(start.pile), "discards": texts(mask_indices(start.discards)),
            "to_move": start.turn, "dealer": dealer, "seed": start.seed}
    first = SattiState._make(view.rules, start, {"kind": "position", "args": args}, None, None)
    if view._trail is None:
        return first
    history = tuple(MOVES[e[0]] for e in events_of(view))
    return SattiState._new(rules=view.rules, _t=t, _origin=first._origin, _trail=view._trail,
                           _start=first, _legal=None, _history=history, _previous=None)


def _draw_now(view: SattiView, rng: random.Random) -> SattiState:
    """The other hands, the discards and the pile drawn from the cards the view does not show
    (uniform when there is no history; otherwise honouring each seat's last draw)."""
    n, seat = view.players, view.seat
    events = events_of(view)
    # the cards played lie face up under the top card, unless a reshuffle took them
    played = [(_hand_card(code) if code < DRAW else p) for code, _s, _d, p in events]
    played = [c for c in played if c >= 0]
    known_under = 0
    for c in played:
        known_under |= 1 << c
    known_under &= ~(1 << view.top_index)
    if (known_under.bit_count() != len(played) - (view.top_index in played)
            or known_under.bit_count() > view.discard_count or known_under & view.hand_mask):
        known_under = 0  # a reshuffle: only their count is known
    absent = _absent_by_last_draw(view, events)
    pool = mask_indices(FULL_MASK & ~(view.hand_mask | 1 << view.top_index | known_under))
    hidden_under = view.discard_count - known_under.bit_count()
    to_move = view.to_move
    t = Table(n, [0] * n, [], 0, view.top_index, view.suit_index, view.named, view.penalty,
              view.skipped, view.naming, seat if to_move is None else to_move,
              rng.getrandbits(62))
    k = 0
    for attempt in range(TRIES + 1):
        rng.shuffle(pool)
        k = 0
        good = True
        for s in range(n):
            if s == seat:
                t.hands[s] = view.hand_mask
                continue
            mask = 0
            for c in pool[k:k + view.hand_sizes[s]]:
                mask |= 1 << c
            k += view.hand_sizes[s]
            t.hands[s] = mask
            good = good and not mask & absent[s]
        if good or attempt == TRIES:  # the last try keeps its hands whatever they hold
            break
    under = 0
    for c in pool[k:k + hidden_under]:
        under |= 1 << c
    t.discards = known_under | under
    t.pile = pool[k + hidden_under:]
    if to_move is None:
        t.over = True
        t.winner = next((s for s in range(n) if not t.hands[s]), -1)
        t.stopped = t.winner < 0
    return _state(view, t.copy(), t, 0)


def _absent_by_last_draw(view: SattiView, events: list[Event]) -> list[int]:
    """For each seat, the cards its last draw proved absent, when it has drawn no card since
    (the top and suit then come from replaying the public plays)."""
    n = view.players
    absent = [0] * n
    # the top and suit before each event, from the plays (unknown before the first play)
    tops = _timeline(events, -1)
    done = [False] * n
    for (code, s, drew, played), (tp, st, pen) in zip(reversed(events), reversed(tops)):
        if done[s]:
            continue
        if _draws(code) and drew:
            done[s] = True
            if code == DRAW and not pen and played < 0 and tp >= 0 and view.rules.play_after_draw:
                absent[s] = fit_mask(tp, st)
    return absent


def sample(view: SattiView, rng: random.Random) -> SattiState:
    """A full state of this deal consistent with everything ``view``'s seat knows, the hidden
    cards drawn at random (see the module's header); ``sample(view, rng).view(view.seat) ==
    view``.  Reads only the view.  The same as ``sampler(view)(rng)``."""
    return _sampler(view)(rng)


def sampler(view: SattiView) -> Callable[[random.Random], SattiState]:
    """:func:`sample` for one view: ``sampler(view)(rng)`` is ``sample(view, rng)``, with
    what the view's worlds share (its history read into slots and plays, the cards it shows,
    whether its exact proposals are seldom kept) worked out once."""
    return _sampler(view)


def _sampler(view: SattiView) -> Callable[[random.Random], SattiState]:
    """The sampler of ``view`` (see :func:`sampler`), kept for a few views."""
    if not isinstance(view, SattiView):
        raise RulesError(f"sample takes a Satti seat's view (state.view(seat)), not "
                         f"{quoted(view)}")

    def checked(rng: Any) -> random.Random:
        if not isinstance(rng, random.Random):
            raise RulesError(f"rng={quoted(rng)}: expected a random.Random")
        return rng

    if view._trail is None:
        return lambda rng: _draw_now(view, checked(rng))
    events = events_of(view)
    key = _view_key(view, events)
    found = _SAMPLERS.get(key)
    if found is not None:
        return found
    deal = _Deal(view, events)
    chained = deal.ok and len(deal.epoch_sizes) == 1  # no reshuffle yet: the chain can walk it
    exact = deal.ok and not (chained and _hard(view, deal, key))

    def draw(rng: random.Random) -> SattiState:
        checked(rng)
        if exact:
            for _ in range(TRIES):
                world = _draw_world(view, deal, rng)
                if world is not None:
                    return world
        if chained:
            world = _chain_sample(view, deal, rng, key)
            if world is not None:
                return world
        return _draw_now(view, rng)

    if len(_SAMPLERS) >= 8:
        _SAMPLERS.pop(next(iter(_SAMPLERS)))
    _SAMPLERS[key] = draw
    return draw


_SAMPLERS: dict[tuple[Any, ...], Callable[[random.Random], SattiState]] = {}
"""Per view key (see :func:`_view_key`): its sampler, so that :func:`sample` called world
after world on one view works out what the worlds share once; a few views kept."""


_POOLS: dict[tuple[Any, ...], tuple[_Chain, list[tuple[int, tuple[tuple[int, ...], ...]]]]] = {}
"""Per view (its key, see :func:`_view_key`): the settled chain and the deals it visited
(:data:`CHAIN_POOL` of them, :data:`CHAIN_THIN` steps apart); a few views kept."""


_HARD: dict[tuple[Any, ...], bool] = {}
"""Per view key: whether none of :data:`PROBE` proposals drawn from the view alone was kept."""
PROBE = 50
"""How many exact proposals decide, once per view, that its worlds come from the chain alone."""


def _hard(view: SattiView, deal: _Deal, key: tuple[Any, ...] | None = None) -> bool:
    """Whether the exact proposals are refused so often on this view (none of :data:`PROBE`,
    drawn with a generator seeded by the view alone) that every world comes from the chain:
    decided by the view, so equal views are drawn the same way."""
    key = _view_key(view, deal.events) if key is None else key  # the view's, if known
    hard = _HARD.get(key)
    if hard is None:
        probe = random.Random(repr(key))
        hard = all(_draw_world(view, deal, probe) is None for _ in range(PROBE))
        if len(_HARD) >= 256:
            _HARD.pop(next(iter(_HARD)))
        _HARD[key] = hard
    return hard


def _view_key(view: SattiView, events: list[Event]) -> tuple[Any, ...]:
    """What the view shows, as a key: equal views give equal keys."""
    return (view.rules, view.seat, view.to_move, view.hand_mask, view.top_index,
            view.suit_index, view.named, view.penalty, view.skipped, view.naming,
            view.hand_sizes, view.draw_pile_size, view.discard_count, tuple(events))


def _chain_sample(view: SattiView, deal: _Deal, rng: random.Random,
                  key: tuple[Any, ...] | None = None) -> SattiState | None:
    """A world from the Metropolis chain over the consistent deals (:class:`_Chain`): one of
    the deals it visited after settling and :data:`CHAIN_BURN` steps, picked with ``rng``,
    then :data:`CHAIN_STEPS` more steps with ``rng``.  The chain itself is drawn from the
    view alone (so equal views give equal worlds for equal ``rng``) and kept for the view;
    None when no consistent deal was reached."""
    key = _view_key(view, deal.events) if key is None else key  # the view's, if known
    found = _POOLS.get(key)
    if found is None:
        walk = random.Random(repr(key))
        chain = _Chain(view, deal, walk)
        pool: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
        if chain.settle(walk, SETTLE_STEPS):
            for _ in range(CHAIN_BURN):
                chain.step(walk)
            for _ in range(CHAIN_POOL):
                for _ in range(CHAIN_THIN):
                    chain.step(walk)
                pool.append(chain.snapshot())
        if len(_POOLS) >= 8:
            _POOLS.pop(next(iter(_POOLS)))
        found = _POOLS[key] = (chain, pool)
    shared, pool = found
    if not pool:
        return None
    chain = copy.copy(shared)  # its own places and moves: the kept chain is never changed
    chain.restore(pool[rng.randrange(len(pool))])
    for _ in range(CHAIN_STEPS):
        chain.step(rng)
    return chain.world(rng)


# ---------------------------------------------------------------------------------------------
# Rollouts


def measure(rules: Any) -> str:
    """The measure :func:`rollout` reports: :data:`MEASURE` (the place), for every ruleset."""
    return MEASURE


def bounds(view: SattiView) -> tuple[float, float]:
    """The places a seat can finish in: 1st to last (SAT-END-4/5)."""
    return 1.0, float(view.players)


def win(result: Sequence[float], seat: int) -> bool:
    """Whether ``seat`` won the deal whose rollout gave ``result`` (its place is 1)."""
    return result[seat] == 1


def rollout(state: SattiState, policy: str, seed: int) -> tuple[float, ...]:
    """Play the rest of the deal from ``state`` with the computer player ``policy`` at every
    seat, seeded by ``seed`` (the moves ``autoplay(state, policy, seed)`` makes), and return
    each seat's place at the end (1 is first, SAT-END-4/5)."""
    if not isinstance(state, SattiState):
        raise RulesError(f"rollout takes a Satti state, not {quoted(state)}")
    if policy not in BUILTIN:  # another registered player: through states, the same moves
        final = autoplay(state, policy, seed, MOVE_CAP)
        return tuple(float(p) for p in final.outcome.places)  # type: ignore[union-attr]
    return _play_out(state._t.copy(), state.rules, policy, seed, len(state.history))


def rollout_moves(world: SattiState, moves: Sequence[Any], policy: str,
                  seed: int) -> list[tuple[float, ...]]:
    """``[rollout(world.play(m), policy, seed) for m in moves]``, each move applied to a copy
    of the world's table by the turn core (no state built per move)."""
    if not isinstance(world, SattiState):
        raise RulesError(f"rollout takes a Satti state, not {quoted(world)}")
    codes = world._codes()
    if policy not in BUILTIN or world._t.over:
        return [rollout(world.play(m), policy, seed) for m in moves]
    rules = world.rules
    after = rules.play_after_draw
    number = len(world.history) + 1
    out = []
    for move in moves:
        code = CODE_OF.get(move) if isinstance(move, Move) else None
        if code is None or code not in codes:
            out.append(rollout(world.play(move), policy, seed))  # parsed, or an attempt
            continue
        t = world._t.copy()
        step(t, code, after)
        out.append(_play_out(t, rules, policy, seed, number))
    return out


def _play_out(t: Table, rules: Any, policy: str, seed: int, number: int) -> tuple[float, ...]:
    """Play table ``t`` (changed in place) to the end with the built-in player ``policy`` at
    every seat, ``number`` moves played before; each seat's place."""
    n = t.n
    stacking, after = rules.seven_stacking, rules.play_after_draw
    hands = t.hands
    limit = number + MOVE_CAP
    if policy == "smart":
        while not t.over:
            seat = t.turn
            nxt = seat + 1 if seat + 1 < n else 0
            step(t, smart_code(hands[seat], t.top, t.suit, t.penalty, t.skipped, t.naming,
                               stacking, hands[nxt].bit_count()), after)
            number += 1
            if number >= limit:
                raise RuntimeError(f"the deal did not end within {MOVE_CAP} moves")
    elif policy == "easy":
        rng = TurnRandom(seed)
        while not t.over:
            seat = t.turn
            legal = legal_codes(hands[seat], t.top, t.suit, t.penalty, t.skipped, t.naming,
                                stacking)
            rng.start_turn(number)
            step(t, easy_code(legal, hands[seat], rng), after)
            number += 1
            if number >= limit:
                raise RuntimeError(f"the deal did not end within {MOVE_CAP} moves")
    else:
        key = TurnRandom(seed).key
        codes_of, below, apply = legal_codes, turn_below, step
        while not t.over:
            legal = codes_of(hands[t.turn], t.top, t.suit, t.penalty, t.skipped, t.naming,
                             stacking)
            apply(t, legal[0] if len(legal) == 1 else legal[below(key, number, len(legal))],
                  after)
            number += 1
            if number >= limit:
                raise RuntimeError(f"the deal did not end within {MOVE_CAP} moves")
    counts = [m.bit_count() for m in hands]
    return tuple(float(p) for p in places_of(counts, t.winner))
