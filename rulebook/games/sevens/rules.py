"""The rules object of the Sevens family: ``badam-satti`` (classic, with house rules),
``badam-satti-app`` and ``sevens`` (BS-DEAL-1..7, BS-MATCH-1..7, BS-CHIP-1..10, BS-HR-1..18).

Chips (``sevens``).  ``rules.new_deal(..., stacks=...)`` starts a deal from given stacks, and a
match passes each deal the stacks the previous one ended with (:meth:`SevensRules.deal_after`),
so chips carry over from deal to deal (BS-CHIP-2, BS-CHIP-7).

Positions: ``rules.position(table=..., hands=[...], to_move=...)`` sets up any legal
position.  A hand given as ``None`` is "the rest": the cards on neither the table nor a
given hand are dealt to the ``None`` seats in canonical order, one at a time, starting at
the lowest such seat (deterministic, so a position replays exactly).  When every hand is
given, table plus hands must make exactly the 52 cards.  A position with cards on the
table need not show the opening card (BS-EX-4 starts from a lone 7D): teaching positions may
begin anywhere after the opening turn; with an empty table the holder of the opening card
must be to move (BS-OPEN-3).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...cards import ALL_CARDS, FULL_MASK, SUIT_MASKS, SUIT_NAMES, SUITS, CardSet, parse_card, \
    parse_cards
from ...errors import MAX_CHIPS, CardError, PositionError, RulebookError, RulesError, \
    check_chips, check_seat, plain_int, plain_str, quoted
from ...match import TieBreakStep
from ...protocol import DiagramSpec, bot_list, make_bot
from ...rules import Row, RulesBase
from .core import (
    PASSES_PER_ROUND, SIXES, bit_cards, card_values, deal_hands, is_valid_row, new_table, row_order,
)
from .moves import PASS, Move
from .playout import playout_deal
from .state import Playout, SevensState

__all__ = ["SevensRules", "HOUSE_RULES", "TIE_BREAK", "chip_counts"]

HOUSE_RULES = ("sevens_first", "flat_10", "limited_passes", "ace_high", "eight_before_six",
               "one_final_turn", "round_count")
"""BS-HR-1: the house rules of ``badam-satti`` (round_count counts when not 5, BS-HR-3)."""


def chip_counts(name: str, values: Any, players: int, error: type[RulebookError]) -> tuple[int, ...]:
    """``values`` as a tuple of ``players`` chip counts (a list or tuple of whole numbers,
    each from ``-MAX_CHIPS`` to ``MAX_CHIPS``: a stack may go below zero, BS-CHIP-6), else
    ``error`` naming the argument ``name``."""
    items = _items(values)
    if items is None or len(items) != players:
        raise error(f"{name}={quoted(values)}: expected {players} whole numbers of chips, one "
                    "per seat (BS-CHIP-2)")
    return tuple(check_chips(f"{name}[{seat}]", value, error, minimum=-MAX_CHIPS)
                 for seat, value in enumerate(items))


def _items(values: Any) -> list[Any] | None:
    """``values`` as a new plain list when it is a list or a tuple (read through the base
    type, so a subclass's own ``__iter__`` is never called), else None."""
    if isinstance(values, list):
        return list.copy(values)
    if isinstance(values, tuple):
        return list(tuple.__getitem__(values, slice(None)))
    return None


def _average_words(value: Any) -> str:
    return "averaged " + f"{float(value):.2f}".rstrip("0").rstrip(".")


TIE_BREAK = (
    TieBreakStep("cards_at_end", "fewer cards held at the end of the last round",
                 lambda n: f"held {n} card{'' if n == 1 else 's'} at the end"),
    TieBreakStep("rounds_won", "more rounds won", lambda n: f"won {n}"),
    TieBreakStep("average_position", "the better average finishing place", _average_words),
)
"""BS-MATCH-3: the classic tie-break chain, step by step in words."""


@dataclasses.dataclass(frozen=True, repr=False)
class SevensRules(RulesBase):
    """The rules of one Sevens-family profile (``badam-satti``, ``badam-satti-app``,
    ``sevens``) with its options."""

    game = "sevens"

    def __post_init__(self) -> None:
        super().__post_init__()
        settings = self.profile.settings
        opts = self.options
        if opts.get("ranked", False):
            # BS-HR-2/3: a ranked game refuses every house rule switched on.
            specs = self.profile.options
            on = [f"{specs[name].label} ({name})" for name in HOUSE_RULES if name in opts
                  and opts[name] != specs[name].default]
            if on:
                raise RulesError(
                    f"a ranked game of {self.profile.title} allows no house rules, but these "
                    f"are switched on: {', '.join(on)}; play a private game, with the option "
                    f"{specs['ranked'].label} off, to use them (BS-HR-2)")
        set_ = object.__setattr__
        set_(self, "min_players", int(settings["min_players"]))
        set_(self, "max_players", int(settings["max_players"]))
        set_(self, "opening", parse_card(settings["opening_card"]).index)
        set_(self, "chips", bool(settings.get("chips", False)))
        set_(self, "tie_break", str(settings.get("tie_break", "share")))
        for name in HOUSE_RULES[:-1]:
            set_(self, name, bool(opts.get(name, False)))
        set_(self, "limited", self.limited_passes)
        set_(self, "scoring", opts.get("scoring", settings.get("scoring", "classic")))
        set_(self, "values", card_values(self.scoring, self.flat_10))
        set_(self, "start_stack", int(opts.get("stack", 0)))
        set_(self, "match_deals", int(opts.get("round_count", opts.get("deals", 5))))

    # attributes set in __post_init__ (declared for type checkers and readers)
    min_players: int = dataclasses.field(init=False, repr=False, compare=False)
    max_players: int = dataclasses.field(init=False, repr=False, compare=False)
    opening: int = dataclasses.field(init=False, repr=False, compare=False)
    chips: bool = dataclasses.field(init=False, repr=False, compare=False)
    tie_break: str = dataclasses.field(init=False, repr=False, compare=False)
    sevens_first: bool = dataclasses.field(init=False, repr=False, compare=False)
    flat_10: bool = dataclasses.field(init=False, repr=False, compare=False)
    limited_passes: bool = dataclasses.field(init=False, repr=False, compare=False)
    limited: bool = dataclasses.field(init=False, repr=False, compare=False)
    ace_high: bool = dataclasses.field(init=False, repr=False, compare=False)
    eight_before_six: bool = dataclasses.field(init=False, repr=False, compare=False)
    one_final_turn: bool = dataclasses.field(init=False, repr=False, compare=False)
    scoring: str = dataclasses.field(init=False, repr=False, compare=False)
    values: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False)
    start_stack: int = dataclasses.field(init=False, repr=False, compare=False)
    match_deals: int = dataclasses.field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return hash((self.profile.id, self.options))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SevensRules):
            return NotImplemented
        return self.profile.id == other.profile.id and dict(self.options) == dict(other.options)

    # -- what a screen asks -----------------------------------------------------------------
    @property
    def players_range(self) -> range:
        """The profile's player range (BS-DEAL-1, BS-DEAL-2)."""
        return range(self.min_players, self.max_players + 1)

    def actions(self) -> tuple[Move, ...]:
        """The one move that uses no card: pass (BS-MOVE-4)."""
        return (PASS,)

    position_diagram = DiagramSpec(
        "what waits on what", "What waits on what: an arrow means 'must be played before'",
        "Draw, for every card in a hand, the cards that must be played before it (shown with "
        "all hands face up)")
    """What waits on what (:mod:`rulebook.games.sevens.waiting`)."""

    # -- creating states -----------------------------------------------------------------

    def new_deal(self, players: int = 4, seed: int | str = 7, dealer: int = 0,
                 stacks: Sequence[int] | None = None) -> "SevensState":
        """A fresh deal: the pack shuffled from ``seed`` and dealt from the dealer's left
        (BS-DEAL-3..6); the holder of the opening card is to move (BS-OPEN-3).

        ``stacks`` (``sevens`` only): each seat's chips when the deal starts, before the
        ante; by default every seat has the starting stack (BS-CHIP-2).  A match passes the
        stacks the previous deal ended with, so chips carry over (BS-CHIP-7).
        """
        players, seed, dealer = self.check_deal(players, seed, dealer)
        start: tuple[int, ...] | None = None
        if stacks is not None:
            if not self.chips:
                raise RulesError(f"stacks apply only to 'sevens', which is played for chips, "
                                 f"not to {quoted(self.profile.id)} (BS-CHIP-1)")
            start = chip_counts("stacks", stacks, players, RulesError)
        return self._deal(players, seed, dealer, start)

    def _deal(self, players: int, seed: int | str, dealer: int,
              start: tuple[int, ...] | None) -> "SevensState":
        """The deal of :meth:`new_deal`, its arguments checked (``start``: the stacks, or
        None for the starting stack)."""
        origin: dict[str, Any] = {"kind": "deal", "players": players, "seed": seed,
                                  "dealer": dealer}
        if start is not None:
            origin["stacks"] = list(start)
        hands = deal_hands(seed, players, dealer)
        opener = next(s for s, h in enumerate(hands) if h >> self.opening & 1)
        return self._start_state(hands, 0, opener, None, 0, None, None, origin, dealer, start)

    def _start_state(self, hands: Sequence[int], table: int, to_move: int,
                     passes_left: Sequence[int] | None, elim: int,
                     chips: Sequence[int] | None, pool: int | None, origin: dict[str, Any],
                     dealer: int, start_stacks: tuple[int, ...] | None,
                     winner: int | None = None, final: int | None = None) -> SevensState:
        """The first state of a deal or position: every player antes a chip in ``sevens``
        (BS-CHIP-2, BS-CHIP-3), and the first turn is settled (BS-HR-10)."""
        n = len(hands)
        if self.chips:
            if start_stacks is None:
                start_stacks = (self.start_stack,) * n  # BS-CHIP-2
            if chips is None:
                chips = tuple(c - 1 for c in start_stacks)  # BS-CHIP-3: every player antes 1
                pool = n
        else:
            start_stacks = None
        t = new_table(self, hands, table, to_move, passes_left, elim, chips, pool, True,
                      winner, final)
        return SevensState._initial(self, t, origin, dealer, start_stacks)

    def deal_after(self, previous: Any, players: int, seed: Any,
                   dealer: int) -> SevensState:
        """The next deal of a match after ``previous`` (finished): in ``sevens`` the chip
        stacks carry over from deal to deal (BS-CHIP-2, BS-CHIP-7); otherwise a fresh deal."""
        self.check_finished(previous)
        players, seed, dealer = self.check_deal(players, seed, dealer)
        if previous.players != players:
            raise RulesError(f"the previous deal has {previous.players} players, not {players}: "
                             "a match keeps its players")
        # The stacks carried over were counted by the engine from bounded stacks, so they
        # are taken as they are (a few deals may carry a stack a little past MAX_CHIPS).
        return self._deal(players, seed, dealer, previous.stacks if self.chips else None)

    def position(self, table: str | Sequence[Any] = "", hands: Sequence[Any] | None = None,
                 to_move: int = 0, dealer: int = 0, players: int | None = None,
                 passes_left: Sequence[int] | None = None,
                 eliminated: Sequence[int] | None = (),
                 stacks: Sequence[int] | None = None, pool: int | None = None,
                 winner: int | None = None) -> "SevensState":
        """Set up any legal position.

        ``table``: rows as text, each a range in row order or one card, e.g.
        ``"4S-TS 7H-QH 3C-8C 7D"``.  ``hands``: one entry per seat (text, a list of cards,
        or ``None`` for "the rest", see the module docstring).  ``passes_left`` and
        ``eliminated`` only under limited_passes; ``stacks`` and ``pool`` only in
        ``sevens`` (default: every stack anted 1 chip into the pool).  ``winner`` sets up
        the final turns under one_final_turn (BS-HR-16): the seat that went out first (its
        hand empty); ``to_move`` takes its final turn now.  An impossible position raises
        :class:`PositionError`.
        """
        rows = _items(table)
        if rows is not None and all(isinstance(t, str) for t in rows):
            table = " ".join(rows)
        text = plain_str(table)
        args: dict[str, Any] = {"table": table if text is None else text, "to_move": to_move, "dealer": dealer}
        try:
            return self._position(args, hands, players, passes_left, eliminated, stacks, pool,
                                  winner)
        except (CardError, RulesError) as exc:
            raise PositionError(f"impossible position: {exc}") from exc

    def _position(self, args: dict[str, Any], hands: Sequence[Any] | None,
                  players: int | None, passes_left: Sequence[int] | None,
                  eliminated: Sequence[int] | None, stacks: Sequence[int] | None,
                  pool: int | None, winner: Any = None) -> "SevensState":
        table = self._parse_table(args["table"])
        if players is not None:
            if plain_int(players) is None:
                raise PositionError(f"players={quoted(players)}: expected a whole number of "
                                    f"players")
            players = self.check_players(players)
        if hands is None:
            hands = [None] * (players if players is not None else 4)
        given = _items(hands)  # a copy: changing the caller's list later changes nothing here
        if given is None:
            raise PositionError(f"hands={quoted(hands)}: expected a list with one hand per seat "
                                "(text such as '3S JS KH', or None for the rest)")
        n = len(given) if players is None else players
        if len(given) != n:
            raise PositionError(f"{len(given)} hands were given for {n} players")
        n = self.check_players(n)
        masks: list[int | None] = []
        seen = table
        for seat, hand in enumerate(given):
            if hand is None:
                masks.append(None)
                continue
            mask = 0
            for card in parse_cards(hand):
                if seen & card.mask:
                    raise PositionError(f"{card} appears twice (seat {seat}'s hand and the "
                                        "table or another hand)")
                mask |= card.mask
            seen |= mask
            masks.append(mask)
        rest = FULL_MASK & ~seen
        open_seats = [s for s, m in enumerate(masks) if m is None]
        if not open_seats and rest:
            raise PositionError(
                f"the table and hands hold {52 - rest.bit_count()} cards, not 52: missing "
                f"{CardSet(rest)}")
        for name in ("to_move", "dealer"):
            args[name] = check_seat(name, args[name], n, PositionError)
        # A hand given holds at most what it was dealt (BS-DEAL-3: no card enters a hand
        # after the deal; BS-DEAL-5, BS-DEAL-6 give the sizes), and before the first play
        # exactly that.  Before the first play the open hands are filled up to that; once
        # cards are on the table "the rest" go round the open seats (a teaching position).
        dealt = [52 // n + (1 if (seat - args["dealer"] - 1) % n < 52 % n else 0)
                 for seat in range(n)]
        filled = [m or 0 for m in masks]
        for seat, given_mask in enumerate(masks):
            if given_mask is not None and given_mask.bit_count() > dealt[seat]:
                raise PositionError(
                    f"seat {seat} holds {given_mask.bit_count()} cards, but with {n} players and "
                    f"seat {args['dealer']} dealing it was dealt {dealt[seat]}, and no card "
                    "enters a hand after the deal (BS-DEAL-3, BS-DEAL-6)")
        waiting = list(open_seats)
        for index in bit_cards(rest):
            if table == 0:
                waiting = [s for s in waiting if filled[s].bit_count() < dealt[s]]
                if not waiting:
                    break  # more cards than the open hands were dealt: refused below
            seat = waiting.pop(0)
            filled[seat] |= 1 << index
            waiting.append(seat)
            rest &= ~(1 << index)
        for seat, mask in enumerate(filled):
            if not mask and winner is None:
                raise PositionError(
                    f"seat {seat} holds no cards: the round would already be over (BS-END-1)"
                    + ("; to set up the final turns, say who went out first with winner="
                       " (BS-HR-16)" if self.one_final_turn else ""))
            if table == 0 and mask.bit_count() != dealt[seat]:
                raise PositionError(
                    f"no card has been played yet, so seat {seat} must hold the {dealt[seat]} "
                    f"cards it was dealt (with {n} players and seat {args['dealer']} dealing), "
                    f"not {mask.bit_count()} (BS-DEAL-6)")
        to_move = args["to_move"]
        if table == 0:
            holder = next(s for s, m in enumerate(filled) if m >> self.opening & 1)
            if holder != to_move:
                raise PositionError(f"the table is empty, so seat {holder}, who holds the "
                                    f"opening card {ALL_CARDS[self.opening]}, must be to move "
                                    "(BS-OPEN-3)")
        if self.eight_before_six:
            early = table & SIXES & ~(table >> 8)
            if early:
                raise PositionError(f"{CardSet(early)} is on the table without the 8 of its "
                                    "suit, which eight_before_six forbids (BS-HR-15)")
        args["hands"] = [None if m is None else str(CardSet(m)) for m in masks]
        args["players"] = n
        # limited passes and eliminations (BS-HR-8..10)
        elim = 0
        left: tuple[int, ...] | None = None
        out = () if eliminated is None else _items(eliminated)
        if out is None:
            raise PositionError(f"eliminated={quoted(eliminated)}: expected a list of seats "
                                f"from 0 to {n - 1}")
        if self.limited:
            raw = [PASSES_PER_ROUND] * n if passes_left is None else _items(passes_left)
            counts = None if raw is None else [plain_int(p) for p in raw]
            if counts is None or len(counts) != n or any(
                    p is None or not 0 <= p <= PASSES_PER_ROUND for p in counts):
                raise PositionError(f"passes_left={quoted(passes_left)}: expected {n} whole numbers "
                                    f"from 0 to {PASSES_PER_ROUND}")
            passes = [int(p or 0) for p in counts]
            seats = [check_seat("eliminated", seat, n, PositionError) for seat in out]
            for seat in seats:
                if passes[seat]:
                    raise PositionError(f"seat {seat} is eliminated but has passes left: only "
                                        "a player with no pass left is eliminated (BS-HR-10)")
                elim |= 1 << seat
            if elim >> to_move & 1:
                raise PositionError(f"seat {to_move} is eliminated and takes no more turns "
                                    "(BS-HR-10)")
            if elim == (1 << n) - 1:
                raise PositionError("every player is eliminated: the round is over (BS-HR-12)")
            left = tuple(passes)
            if passes_left is not None:
                args["passes_left"] = list(passes)
            if seats:
                args["eliminated"] = sorted(set(seats))
        elif passes_left is not None or out:
            raise PositionError("passes_left and eliminated apply only under limited_passes "
                                "(BS-HR-8, BS-HR-10)")
        chips: tuple[int, ...] | None = None
        pool_value: int | None = None
        if self.chips:
            chips = tuple([self.start_stack - 1] * n) if stacks is None else \
                chip_counts("stacks", stacks, n, PositionError)
            pool_value = n if pool is None else check_chips("pool", pool, PositionError,
                                                            minimum=n)
            if sum(chips) + pool_value != n * self.start_stack:
                raise PositionError(
                    f"stacks {list(chips)} and pool {pool_value} do not add up to the starting "
                    f"stacks ({n} x {self.start_stack}): chips are conserved (BS-CHIP-7)")
            if stacks is not None:
                args["stacks"] = list(chips)
            if pool is not None:
                args["pool"] = pool_value
        elif stacks is not None or pool is not None:
            raise PositionError("stacks and pool apply only to 'sevens', which is played for "
                                "chips (BS-CHIP-1)")
        final = self._final_turns(filled, to_move, elim, winner, args)
        origin = {"kind": "position", "args": args}
        return self._start_state(filled, table, to_move, left, elim, chips, pool_value, origin,
                                 args["dealer"], None, winner, final)

    def _final_turns(self, hands: list[int], to_move: int, elim: int, winner: int | None,
                     args: dict[str, Any]) -> int | None:
        """The seats still owed a final turn after ``to_move`` when the position is set up
        during the final turns (BS-HR-16): they go round in seat order from the winner's
        left; the seats between the winner and ``to_move`` have had theirs (a seat that
        emptied its hand then is out too, BS-HR-17)."""
        if winner is None:
            return None
        n = len(hands)
        if not self.one_final_turn:
            raise PositionError("winner= sets up the final turns, which only one_final_turn "
                                "has (BS-HR-16)")
        winner = check_seat("winner", winner, n, PositionError)
        if hands[winner]:
            raise PositionError(f"seat {winner} is the round winner, so its hand is empty: it "
                                "went out first (BS-HR-16)")
        order = [(winner + k) % n for k in range(1, n)]
        if to_move == winner or not hands[to_move]:
            raise PositionError(f"seat {to_move} has no cards, so it takes no final turn "
                                "(BS-HR-16)")
        done = order[: order.index(to_move)]
        for seat in range(n):
            if not hands[seat] and seat != winner and seat not in done:
                raise PositionError(
                    f"seat {seat} has no cards but has not yet had its final turn: only the "
                    f"winner (seat {winner}) and players who went out on a final turn before "
                    f"seat {to_move} can hold none (BS-HR-16, BS-HR-17)")
        args["winner"] = winner
        return sum(1 << seat for seat in order[order.index(to_move) + 1:]
                   if hands[seat] and not elim >> seat & 1)

    def _parse_table(self, text: Any) -> int:
        if not isinstance(text, str):
            raise PositionError(f"table={quoted(text)}: expected text such as '4S-TS 7H-QH 7D'")
        order = row_order(self.ace_high)
        table = 0
        for token in text.replace(",", " ").split():
            if "-" in token:
                first, last = map(parse_card, token.split("-", 1))
                if first.suit != last.suit:
                    raise PositionError(f"row {quoted(token)} mixes suits: a row holds one suit")
                a, b = order.index(first.rank_index), order.index(last.rank_index)
                if a > b:
                    raise PositionError(f"row {quoted(token)} runs backwards: give the low end first "
                                        "(row order A..K, or 2..A under ace_high)")
                cards = [r * 4 + first.suit_index for r in order[a:b + 1]]
            else:
                cards = [parse_card(token).index]
            for index in cards:
                if table >> index & 1:
                    raise PositionError(f"{ALL_CARDS[index]} appears twice on the table")
                table |= 1 << index
        for suit in range(4):
            if not is_valid_row(table, suit, self.ace_high):
                row_cards = CardSet(table & SUIT_MASKS[suit])
                if not table >> (24 + suit) & 1:
                    raise PositionError(f"the {SUIT_NAMES[SUITS[suit]]} row ({row_cards}) does not "
                                        f"contain 7{SUITS[suit]}: every row starts at its 7 "
                                        "(BS-ROW-1)")
                raise PositionError(f"the {SUIT_NAMES[SUITS[suit]]} row ({row_cards}) is not an "
                                    "unbroken run in row order (BS-ROW-3)")
        return table

    # -- matches (used by rulebook.match) -------------------------------------------------
    def new_match(self, players: int = 4, seed: int | str = 7, dealer: int = 0) -> Any:
        """A match of several deals with the dealer rotating (BS-DEAL-7, BS-MATCH-*)."""
        from ...match import new_match

        return new_match(self, players=players, seed=seed, dealer=dealer)

    def match_length(self) -> int | None:
        """Deals in a match: round_count (BS-MATCH-2, BS-HR-18), deals (BS-MATCH-6,
        BS-CHIP-8, BS-CHIP-9)."""
        return self.match_deals

    def match_totals(self, outcomes: Sequence[Any], players: int) -> tuple[int, ...]:
        """Totals after the given deals: summed points (BS-MATCH-1) or chip stacks
        (BS-CHIP-2..7)."""
        outcomes, players = self.check_outcomes(outcomes, players), self.check_players(players)
        start = self.start_stack if self.chips else 0
        return tuple(start + sum(o.points[s] for o in outcomes) for s in range(players))

    def match_result(self, outcomes: Sequence[Any], players: int) -> Any:
        """Places after the given deals.

        ``badam-satti``: lowest total, then the chain of BS-MATCH-3 (fewer cards at the end
        of the final round, more rounds won, lower average finishing position as an exact
        fraction), still tied share (BS-MATCH-3..5).  ``badam-satti-app``: lowest total,
        equal totals share (BS-MATCH-7).  ``sevens``: highest stack, equal stacks share
        (BS-CHIP-10).
        """
        from fractions import Fraction

        from ...match import MatchResult

        totals = self.match_totals(outcomes, players)
        outcomes, players = self.check_outcomes(outcomes, players), self.check_players(players)
        keys: list[tuple[Any, ...]] = [(-t,) if self.chips else (t,) for t in totals]
        detail: list[dict[str, Any]] | None = None
        if not self.chips and self.tie_break == "chain" and outcomes:
            last = outcomes[-1]
            keys = []
            detail = []
            for s in range(players):
                won = sum(1 for o in outcomes if o.winner == s)
                average = Fraction(sum(o.places[s] for o in outcomes), len(outcomes))
                keys.append((totals[s], last.cards_left[s], -won, average))
                detail.append({"total": totals[s], "cards_at_end": last.cards_left[s],
                               "rounds_won": won, "average_position": average})
        ordered = sorted(keys)
        places = tuple(ordered.index(k) + 1 for k in keys)
        winners = tuple(s for s in range(players) if places[s] == 1)
        unit = "chips" if self.chips else "points"
        summary = ", ".join(f"seat {s} {totals[s]}" for s in range(players))
        who = " and ".join(f"seat {s}" for s in winners)
        return MatchResult(places=places, winners=winners, totals=totals,
                           summary=f"{who} {'win' if len(winners) > 1 else 'wins'} the match "
                                   f"({unit}: {summary})",
                           tie_break=tuple(detail) if detail is not None else None,
                           steps=TIE_BREAK if detail is not None else (), unit=unit)

    # -- describing -----------------------------------------------------------------------
    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clause ids)."""
        opening = ALL_CARDS[self.opening]
        deal_clause = "BS-DEAL-1" if self.profile.id == "badam-satti" else "BS-DEAL-2"
        open_clause = "BS-OPEN-2" if self.chips else "BS-OPEN-1"
        rows = [
            Row("players", "players", f"{self.min_players}-{self.max_players}",
                f"{self.min_players} to {self.max_players} people play.", (deal_clause,)),
            Row("deck", "deck", "52 cards", "One pack without jokers; every card is dealt.",
                ("BS-DEAL-3",)),
            Row("deal", "cards dealt", "all, one at a time",
                "Cards go one at a time clockwise from the dealer's left until none are left.",
                ("BS-DEAL-5", "BS-DEAL-6")),
            Row("deal", "dealer", "rotates left",
                "Each deal after the first is dealt by the player left of the last dealer.",
                ("BS-DEAL-4", "BS-DEAL-7")),
            Row("who opens", "opening card", opening.pretty(),
                f"Whoever holds {opening} starts, and must play it first.",
                (open_clause, "BS-OPEN-3", "BS-OPEN-4")),
            Row("what may be played", "rows",
                "2..K, A" if self.ace_high else "A..K",
                "Each suit's row starts at its 7 and grows one card at either end.",
                ("BS-ROW-1", "BS-ROW-2", "BS-ROW-3", "BS-ROW-4", "BS-MOVE-1")
                + (("BS-HR-13",) if self.ace_high else ())),
            Row("what may be played", "must play", "sevens first" if self.sevens_first
                else "any playable card",
                "A player holding a 7 must play a 7." if self.sevens_first else
                "A player with a playable card must play one, any one they like.",
                ("BS-MOVE-3",) + (("BS-HR-5",) if self.sevens_first else ())),
            Row("passing and drawing", "passes", "3 per round" if self.limited else
                "only when stuck",
                "Each player may pass 3 times a round, even holding a playable card."
                if self.limited else "A player passes only when no card of theirs is playable.",
                ("BS-MOVE-4", "BS-INFO-3") + (("BS-HR-8", "BS-HR-9", "BS-HR-10")
                                              if self.limited else ())),
            Row("special cards", "sevens", "open rows",
                "Only a 7 can start its suit's row.", ("BS-ROW-1",)),
            Row("special cards", "sixes", "wait for the 8" if self.eight_before_six
                else "like any card",
                "A 6 is not playable until the 8 of its suit is on the table."
                if self.eight_before_six else "A 6 is played next to its 7 like any other card.",
                ("BS-HR-15",) if self.eight_before_six else ("BS-MOVE-1",)),
            Row("round end", "round end", "one final turn" if self.one_final_turn
                else "first out",
                "When someone goes out the others take one more turn, then the round ends."
                if self.one_final_turn else "The round ends as soon as someone plays their last card.",
                ("BS-END-1",) + (("BS-HR-16", "BS-HR-17") if self.one_final_turn else ())),
        ]
        if self.chips:
            rows.append(Row("scoring", "chips", "ante 1, pass 1, 1 per card",
                            "Everyone antes a chip, each pass costs a chip, and the winner "
                            "takes the pool plus a chip per card left in the other hands.",
                            ("BS-CHIP-1", "BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5")))
            rows.append(Row("match", "match", f"{self.match_deals} deals",
                            "The highest stack after the last deal wins; equal stacks share.",
                            ("BS-CHIP-8", "BS-CHIP-9", "BS-CHIP-10")))
        else:
            values = "A, J, Q, K = 10" if self.flat_10 else {
                "classic": "A=1 .. K=13", "court_11_12_13": "A=1 .. K=13",
                "app": "J, Q, K = 10", "one_per_card": "1 per card"}[self.scoring]
            clauses = ("BS-END-2",) + {"classic": ("BS-END-3",), "app": ("BS-END-4",)}.get(
                self.scoring, ("BS-END-5",)) + (("BS-HR-7",) if self.flat_10 else ())
            rows.append(Row("scoring", "card points", values,
                            "The winner scores 0; the others score the cards they still hold.",
                            clauses))
            if self.tie_break == "chain":
                rows.append(Row("match", "match", f"{self.match_deals} rounds",
                                "Lowest total wins; ties go to fewer cards held at the end, "
                                "then more rounds won, then the better average position.",
                                ("BS-MATCH-1", "BS-MATCH-2", "BS-MATCH-3")))
            else:
                rows.append(Row("match", "match", f"{self.match_deals} deals",
                                "Lowest total wins; equal totals share the place.",
                                ("BS-MATCH-1", "BS-MATCH-6", "BS-MATCH-7")))
        return rows + self.option_rows()

    # -- fast path --------------------------------------------------------------------------
    def _bot_names(self, bots: Sequence[Any] | str | None, players: int) -> list[str]:
        names = bot_list(bots, players)
        for name in names:
            if not isinstance(name, str):
                raise RulesError(f"the playout takes computer players by name, such as "
                                 f"'random' or 'smart', not {quoted(name)}")
            if name not in ("random", "smart"):
                make_bot(self.game, name)  # registered (played through states), or refused
        return names

    def playout(self, players: int = 4, seed: int | str = 0, dealer: int = 0,
                bots: Sequence[str] | str | None = None, record: bool = False) -> Playout:
        """Play one whole deal of ``rules.new_deal(players, seed, dealer)`` with computer
        players, without building states, exactly as ``autoplay(..., seed=seed)`` would.

        Rows per seat: ``seat, bot, place, won, points, passes, turns, cards_left,
        eliminated``; ``record=True`` also returns the move texts.
        """
        players, seed, dealer = self.check_deal(players, seed, dealer)  # those of new_deal
        names = self._bot_names(bots, players)
        return Playout(*playout_deal(self, players, seed, dealer, names, record))

    def playout_batch(self, players: int, seeds: Sequence[int | str],
                      dealers: Sequence[int] | int = 0,
                      bots: Sequence[str] | str | None = None) -> list[list[dict[str, Any]]]:
        """Many deals at once: a numpy batch when every seat is ``random`` (and numpy is
        there), else the scalar loop deal by deal.  One list of seat rows per deal, as :meth:`playout` gives; at most
        :data:`~rulebook.simulation.MAX_BATCH` seeds (``rulebook.simulate`` plays more)."""
        from ...simulation import check_batch_size, numpy_available

        check_batch_size(seeds, dealers)  # before any list is built
        seeds, dealers = self.check_batch(players, seeds, dealers)
        players = self.check_players(players)
        names = self._bot_names(bots, players)
        if all(name == "random" for name in names) and len(seeds) >= 64 \
                and numpy_available():
            from .batch import playout_batch_random

            return playout_batch_random(self, players, list(seeds), list(dealers))
        return [playout_deal(self, players, s, d, names, False)[0]
                for s, d in zip(seeds, dealers)]
