"""Fixed-limit Badugi's rules object (profile ``badugi``): the blinds, stacks and bets of the
options (BDG-SEAT-1..10, BDG-BET-2), hands dealt and set up by hand, and the fast playout on
one :class:`~rulebook.games.badugi.betting.Table` with the computer players
(:mod:`rulebook.games.badugi.bots`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...cards import Card, CardSet, parse_cards
from ...errors import MAX_CHIPS, CardError, PositionError, RulesError, check_seat, check_seed, \
    quoted
from ...protocol import (TurnRandom, bot_list, bots_for, derived_random, json_copy,
                         places_from_scores)
from ...rules import card_set, one_card, Row, RulesBase
from . import betting as B
from .betting import ACTION_NAMES, OVER, PHASES, R1, HandResult, Table
from .explain import phase_name
from .moves import ACTION_MOVES, Draw, Move
from .state import BadugiState, Playout

__all__ = ["BadugiRules"]


@dataclasses.dataclass(frozen=True, repr=False)
class BadugiRules(RulesBase):
    """Fixed-limit Badugi (profile ``badugi``): options ``small_bet``, ``stack``, ``stacks``.

    ``new_deal(players, seed, dealer)`` deals a hand with the button on ``dealer``;
    ``next_hand(state)`` deals the next one with the button moved (BDG-SEAT-3).
    """

    game: ClassVar[str] = "badugi"

    # -- what a screen asks -------------------------------------------------------------------
    @property
    def players_range(self) -> range:
        """Two to eight players (BDG-SEAT-1); with ``stacks`` given, exactly that many."""
        stacks = self.options["stacks"]
        if stacks:  # that many seats, two of them at least with chips (BDG-SEAT-2)
            dealt = sum(1 for s in stacks if s > 0)
            return range(len(stacks), len(stacks) + 1) if dealt >= 2 else range(0)
        return range(2, 9) if self.options["stack"] > 0 else range(0)

    def actions(self) -> tuple[Move, ...]:
        """The betting actions (BDG-BET-3): fold, check, call, bet, raise."""
        return tuple(ACTION_MOVES[name] for name in ACTION_NAMES)

    def card_move(self, card: Card, state: Any) -> Move:
        """A click on a card asks to discard it alone (BDG-DRAW-1)."""
        return Draw(one_card(card).mask)

    def pick_move(self, cards: CardSet) -> Move:
        """The cards picked are the discards of one draw; none picked: pat (BDG-DRAW-1)."""
        return Draw(card_set(cards).mask)

    def __post_init__(self) -> None:
        super().__post_init__()
        stacks = self.options["stacks"]
        if stacks and not 2 <= len(stacks) <= 8:
            raise RulesError(f"option stacks={quoted(stacks)} is not valid for 'badugi': "
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
                raise RulesError(f"players={quoted(players)} does not match the {len(stacks)} stacks "
                                 f"given ({list(stacks)}): expected players={len(stacks)}")
            return tuple(stacks)
        players = 4 if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
            raise RulesError(f"players={quoted(players)}: Badugi is dealt to 2 to 8 players "
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
        dealt = sum(1 for s in stacks if s > 0)
        if dealt < 2:
            raise RulesError(f"only {dealt} seat(s) have chips ({list(stacks)}): Badugi needs "
                             "2 to 8 players dealt in (BDG-SEAT-1, BDG-SEAT-2)")
        n, seed, dealer = self.check_deal(n, seed, dealer)  # plain values, dealt as recorded
        t = B.deal(n, self.small_bet, seed, dealer, stacks)
        origin = {"kind": "deal", "players": n, "seed": seed, "dealer": dealer}
        return BadugiState(self, t, (), origin)

    def next_hand(self, state: BadugiState, seed: Any = None) -> BadugiState:
        """The next hand: the final stacks carry over and the button moves one seat clockwise,
        skipping seats with no chips (BDG-SEAT-2, BDG-SEAT-3)."""
        self.check_finished(state)
        if seed is None:
            seed = state.seed + 1 if isinstance(state.seed, int) else f"{state.seed}+1"
        rules = cast(BadugiRules, self.with_options(stacks=list(state.stacks)))  # same profile
        return rules.new_deal(players=state.players, seed=seed,
                              dealer=state.next_button)

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
        if stacks is None:
            raise PositionError("stacks=None: expected a list of whole numbers, one per seat")
        if hands is None:
            raise PositionError("hands=None: expected a list with one hand per seat (four "
                                "cards as text, or None for a hand left to deal)")
        if burned is not None and not isinstance(burned, bool):
            raise PositionError(f"burned={quoted(burned)}: expected True or False")
        # Copies in built-in types: changing a list given here later changes nothing.
        stacks, hands, bets, committed = _plain(stacks), _plain(hands), _plain(bets), \
            _plain(committed)
        folded, acted, reopened = _plain(folded), _plain(acted), _plain(reopened)
        stub, discards, burns = _plain(stub), _plain(discards), _plain(burns)
        draw_counts, seed = _plain(draw_counts), check_seed(_plain(seed), PositionError)
        button, to_act, raises, full_level, last_aggressor = (
            _plain(button), _plain(to_act), _plain(raises), _plain(full_level),
            _plain(last_aggressor))
        args = {k: v for k, v in dict(
            stacks=stacks, hands=hands, button=button, round=round, to_act=to_act, bets=bets,
            committed=committed, folded=_seat_list("folded", folded),
            acted=None if acted is None else _seat_list("acted", acted),
            raises=raises, full_level=full_level,
            reopened=None if reopened is None else _seat_list("reopened", reopened), stub=stub,
            discards=discards, burns=burns, draw_counts=draw_counts, burned=burned,
            last_aggressor=last_aggressor, seed=seed).items()
            if v is not None}
        t = _position_table(self, args)
        return BadugiState(self, t, (), {"kind": "position", "args": json_copy(args)})

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
                "The first betting round starts left of the big blind (heads-up with the "
                "button); later rounds start left of the button.", ("BDG-BET-7", "BDG-BET-8")),
            Row("what may be played", "bet size", f"{s} / {2 * s}", "Bets and raises are the "
                "small bet in the first two betting rounds and twice it in the last two.",
                ("BDG-BET-2",)),
            Row("what may be played", "cap", "1 bet + 3 raises", "A round allows one bet and "
                "three raises; in the first betting round the big blind is the bet.",
                ("BDG-BET-4", "BDG-BET-5")),
            Row("what may be played", "all in", "allowed", "A player who cannot cover a call, "
                "bet or raise puts in all their chips and plays on for the pots they matched.",
                ("BDG-POT-1", "BDG-POT-2", "BDG-POT-4")),
            Row("passing and drawing", "draws", "3", "After each of the first three betting "
                "rounds each player still in discards 0 to 4 cards and draws as many; one "
                "card is burned first.",
                ("BDG-DRAW-1", "BDG-DRAW-4", "BDG-DRAW-5")),
            Row("passing and drawing", "reshuffle", "all discards but the drawer's",
                "The stub's last card is never dealt; when the stub runs short the other "
                "discards are shuffled into a new stub.", ("BDG-DRAW-6", "BDG-DRAW-7")),
            Row("special cards", "special cards", "none", "No card is wild; a card exposed in "
                "a draw is replaced.", ("BDG-DRAW-9",)),
            Row("round end", "hand end", "showdown after the last round",
                "The hand ends when all but one fold, or with a showdown after the fourth "
                "(last) betting round.", ("BDG-SHOW-1", "BDG-SHOW-2")),
            Row("scoring", "winner", "lowest badugi", "Each pot goes to the best hand among "
                "those who may win it; ties split, odd chips from the button's left.",
                ("BDG-RANK-5", "BDG-POT-5", "BDG-POT-6")),
            Row("match", "button", "moves left", "After each hand the button moves one seat "
                "clockwise.", ("BDG-SEAT-3",)),
        ]
        return rows + self.option_rows()

    def playout(self, players: int = 4, seed: Any = 0, dealer: int = 0,
                bots: Sequence[str] | str | None = None, record: bool = False) -> Playout:
        """Play one hand on the fast path (one table, no states) with computer players; a
        player the fast path cannot run (``expert``, say) makes the hand go through states.

        Mirrors ``autoplay(rules.new_deal(players, seed, dealer), bots, seed)`` move for move.
        Rows: ``seat, bot, place, won, points`` (net chips), ``passes`` (1 if folded),
        ``turns`` (moves in the hand), ``drawn`` (cards drawn) and ``stack``.
        """
        from .bots import FAST_CHOOSERS, fast_chooser

        if not isinstance(record, bool):
            raise RulesError(f"record={quoted(record)}: expected True or False")
        stacks = self.seat_stacks(players)
        n = len(stacks)
        n, seed, dealer = self.check_deal(n, seed, dealer)
        names = bot_list(bots, n)
        chosen = bots_for(self, names, n)
        choosers = [fast_chooser(b) for b in chosen]
        t = B.deal(n, self.small_bet, seed, dealer, stacks)
        rng = TurnRandom(seed)
        moves: list[str] | None = [] if record else None
        drawn = [0] * n
        turn = 0
        if not all(c in FAST_CHOOSERS for c in choosers):
            # a player the fast loop cannot run (one that reads the rules or the history,
            # such as ``expert``) plays through states, move for move as ``autoplay`` does
            state: Any = self.new_deal(n, seed, dealer)
            while state.to_move is not None:
                seat = state.to_move
                rng.start_turn(turn)
                state = state.play(chosen[seat].choose(state.view(seat), rng))
                move = state.history[-1]  # the move as the engine read it
                if isinstance(move, Draw):
                    drawn[seat] += move.discard.bit_count()
                if moves is not None:
                    moves.append(str(move))
                turn += 1
            t = state._t
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

def _plain(value: Any, depth: int = 2) -> Any:
    """A copy of a position's argument in built-in types: whole numbers and text of their
    plain type (a subclass's own ``__str__`` or ``__int__`` is not asked), lists, tuples and
    sets as tuples (sets sorted), two levels deep; anything else as it is, for the checks to
    refuse."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if depth and isinstance(value, (set, frozenset)):
        value = sorted(value, key=repr)
    if depth and isinstance(value, (list, tuple)):
        return tuple(_plain(item, depth - 1) for item in value)
    return value


def _int_list(name: str, value: Any, n: int | None = None) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise PositionError(f"{name}={quoted(value)}: expected a list of whole numbers")
    if any(isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= MAX_CHIPS
           for item in value):
        raise PositionError(f"{name}={quoted(value)}: expected a list of whole numbers of chips "
                            f"from 0 to {MAX_CHIPS:,}")
    if n is not None and len(value) != n:
        raise PositionError(f"{name}={quoted(value)}: expected {n} numbers, one per seat")
    return list(value)


def _seat_list(name: str, value: Any) -> list[Any]:
    """A list of seats as given (each seat is checked with the table's size later)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set, frozenset)):
        raise PositionError(f"{name}={quoted(value)}: expected a list of seats, such as [0, 2]")
    return sorted(value, key=repr) if isinstance(value, (set, frozenset)) else list(value)


def _cards(name: str, value: Any) -> list[int]:
    try:
        return [c.index for c in parse_cards(value)]
    except CardError as exc:
        raise PositionError(f"{name}: {exc}") from None


def _position_table(rules: BadugiRules, a: dict[str, Any]) -> Table:
    stacks = _int_list("stacks", a["stacks"])
    n = len(stacks)
    if not 2 <= n <= 8:
        raise PositionError(f"stacks={quoted(stacks)}: expected 2 to 8 seats (BDG-SEAT-1)")
    hands_in = a["hands"]
    if isinstance(hands_in, str) or not isinstance(hands_in, Sequence) or len(hands_in) != n:
        raise PositionError(f"hands={quoted(hands_in)}: expected a list of {n} hands (cards as text, "
                            "or None for a seat sitting out)")
    button = check_seat("button", a.get("button", 0), n, PositionError)
    phase_text = a.get("round", "R1")
    if phase_text not in PHASES[:-1]:
        raise PositionError(f"round={quoted(phase_text)}: expected one of {', '.join(PHASES[:-1])}")
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

    folded = [False] * n
    for j in a.get("folded", []):
        j = check_seat("folded seat", j, n, PositionError)
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
    t.deck = tuple(stub)  # dealt from t.top, which new_table set to 0
    t.folded = folded
    t.phase = phase
    committed = _int_list("committed", a.get("committed", [0] * n), n)
    bets = _int_list("bets", a["bets"], n) if "bets" in a else [0] * n
    if "bets" not in a and phase == R1:
        for seat, blind in ((t.sb, rules.small_bet // 2), (t.bb, rules.small_bet)):
            bets[seat] = min(blind, stacks[seat])
            stacks[seat] -= bets[seat]
    if phase & 1 and any(bets):
        raise PositionError(f"bets={quoted(bets)}: no chips are bet during a draw")
    for j in range(n):
        if not dealt[j] and (bets[j] or committed[j]):
            raise PositionError(f"seat {j} sits out but has chips in the pot")
        if dealt[j] and stacks[j] + bets[j] + committed[j] == 0:
            raise PositionError(f"seat {j} is dealt in with no chips at all: a seat with 0 chips "
                                f"when a hand starts sits it out (BDG-SEAT-2), so give it the "
                                f"hand None")
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
        raise PositionError(f"bets={quoted(bets)}: no one can put in more than {B.CAP * inc} in "
                            f"{phase_name(phase)} (BDG-BET-4)")
    if "raises" in a:
        raises = a["raises"]
        if isinstance(raises, bool) or not isinstance(raises, int) or not 0 <= raises <= B.CAP:
            raise PositionError(f"raises={quoted(raises)}: expected 0 to {B.CAP} (BDG-BET-4)")
    else:
        raises = max(t.level // inc, 1 if phase == R1 else 0)
    if phase == R1 and raises < 1:
        raise PositionError("raises=0 in R1: the big blind counts as the bet (BDG-BET-5)")
    t.raises = raises
    t.full_level = a.get("full_level", raises * inc)
    if isinstance(t.full_level, bool) or not isinstance(t.full_level, int) or t.full_level < 0:
        raise PositionError(f"full_level={quoted(t.full_level)}: expected a whole number of chips")
    if "last_aggressor" in a:
        t.last_aggressor = check_seat("last_aggressor", a["last_aggressor"], n, PositionError)
    if "draw_counts" in a:
        counts = a["draw_counts"]
        if not isinstance(counts, Sequence) or len(counts) != n:
            raise PositionError(f"draw_counts={quoted(counts)}: expected {n} counts (or None)")
        for j, c in enumerate(counts):
            if c is None:
                continue
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 5:
                raise PositionError(f"draw_counts={quoted(counts)}: expected counts from 0 to 5")
            t.draw_counts[j] = c
    live = [dealt[j] and not folded[j] for j in range(n)]
    start = t.bb if phase == R1 else t.button
    due = (lambda j: B.able(t, j)) if B.is_betting(phase) else (lambda j: live[j])
    acted: list[int] = []
    if "acted" in a:
        acted = [check_seat("acted seat", j, n, PositionError) for j in a["acted"]]
    elif "to_act" in a:
        target = check_seat("to_act", a["to_act"], n, PositionError)
        j = B.next_seat(t, start, due)
        while j != target and j >= 0 and len(acted) < n:
            acted.append(j)
            j = B.next_seat(t, j, due)
    for j in acted:
        t.acted[j] = True
    if "reopened" in a:
        t.reopened = [False] * n
        for j in a["reopened"]:
            t.reopened[check_seat("reopened seat", j, n, PositionError)] = True
    else:
        t.reopened = [not t.acted[j] or t.bets[j] < t.full_level for j in range(n)]
    t.burned = bool(a["burned"]) if "burned" in a \
        else any(t.acted[j] and t.draw_counts[j] > 0 for j in range(n))
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
    t.to_act = natural
    if "to_act" in a:
        to_act = check_seat("to_act", a["to_act"], n, PositionError)
        if not live[to_act]:
            raise PositionError(f"seat {to_act} is not in the hand (folded or sitting out), so "
                                "it cannot be to act")
        if B.is_betting(phase) and not B.needs_action(t, to_act):
            raise PositionError(f"seat {to_act} cannot be to act: it is all in or has acted and "
                                "matched the highest total (BDG-BET-9, BDG-POT-1)")
        if not B.is_betting(phase) and t.acted[to_act]:
            raise PositionError(f"seat {to_act} has already drawn in {phase_name(phase)}")
        t.to_act = to_act
    return t


# Register the computer players with the protocol.
