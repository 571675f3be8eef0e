"""Satti's rules object: the ``satti`` profile with its options ``hand_size``,
``seven_stacking`` and ``play_after_draw`` (SAT-SETUP-1..7, SAT-SEVEN-5, SAT-TURN-4/5), its
positions set up by hand and its fast path (SAT-AI-1..5 through :mod:`.bots`).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ...cards import FULL_MASK, SUIT_NAMES, SUIT_SYMBOLS, SUITS, CardSet, card_mask, parse_card, parse_cards
from ...errors import CardError, MoveError, PositionError, RulesError, check_seat, check_seed, \
    plain_int, quoted
from ...rules import Row, RulesBase
from .core import DRAW, EIGHT_RANK, JACK_RANK, MOVE_CAP, SEVEN_RANK, SEVENS, SKIP, Playout, \
    Table, deal_table
from .moves import MOVES, Move, parse_suit
from .state import SattiState

__all__ = ["SattiRules"]


@dataclasses.dataclass(frozen=True, repr=False)
class SattiRules(RulesBase):
    """The Satti ruleset with its options ``hand_size``, ``seven_stacking``, ``play_after_draw``."""

    game = "satti"

    def __post_init__(self) -> None:
        super().__post_init__()
        size = self.options["hand_size"]
        if size not in (5, 6, 7):
            raise RulesError(f"option hand_size={quoted(size)} is not valid for 'satti': "
                             "expected one of 5, 6, 7")
        object.__setattr__(self, "hand_size", int(size))
        object.__setattr__(self, "seven_stacking", bool(self.options["seven_stacking"]))
        object.__setattr__(self, "play_after_draw", bool(self.options["play_after_draw"]))

    hand_size: int = dataclasses.field(init=False, default=6)
    seven_stacking: bool = dataclasses.field(init=False, default=True)
    play_after_draw: bool = dataclasses.field(init=False, default=True)

    # -- what a screen asks --------------------------------------------------------------------
    @property
    def players_range(self) -> range:
        """Two to six players (SAT-SETUP-1)."""
        return range(2, 7)

    def choice_label(self, move: Any) -> str:
        """A jack's chooser button: the card, an arrow, the suit named in symbol and word
        (``J♣ → ♠ spades``)."""
        move = self.move_of(move)
        suit = getattr(move, "suit", None)
        if suit is None:
            return str(move.pretty())
        return f"{move.card.pretty()} → {SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"

    def actions(self) -> tuple[Move, ...]:
        """The moves that use no card: draw (SAT-TURN-3) and skip (SAT-EIGHT-2)."""
        return (MOVES[DRAW], MOVES[SKIP])

    # -- setting up ---------------------------------------------------------------------------
    def check_players(self, players: Any) -> int:
        """``players`` if Satti is played by that many (SAT-SETUP-1), else RulesError."""
        number = plain_int(players)
        if number is None or not 2 <= number <= 6:
            raise RulesError(f"players={quoted(players)}: Satti is for 2 to 6 players (SAT-SETUP-1)")
        return number

    def new_deal(self, players: int = 4, seed: int | str = 7, dealer: int = 0) -> SattiState:
        """A freshly dealt round (SAT-SETUP-1..7)."""
        players, seed, dealer = self.check_deal(players, seed, dealer)
        t = deal_table(players, seed, dealer, self.hand_size)
        origin = {"kind": "deal", "players": players, "seed": seed, "dealer": dealer}
        return SattiState._make(self, t, origin, None, None)

    def position(self, top: str = "9H", suit: str | None = None, penalty: int = 0,
                 skipped: bool = False, hands: Sequence[Any] = (), draw_pile: Any = "",
                 discards: Any = "", to_move: int = 0, dealer: int = 0,
                 seed: int | str = 0) -> SattiState:
        """Set up any legal position; an impossible one raises :class:`PositionError`.

        ``hands`` lists each seat's cards; ``draw_pile`` is bottom to top (the last card is
        drawn next); ``discards`` are the cards under ``top``; ``suit`` is the suit named with
        a jack on top (``None``: the top card's own suit); ``penalty`` is a pending penalty
        (a 7 on top); ``skipped`` means ``to_move`` is skipped (an 8 on top); ``seed`` drives
        reshuffles.  Together the cards must be the 52 cards, each once.
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise PositionError(f"hands={quoted(hands)}: expected a list with one group of "
                                f"cards per seat, such as ['AC 2C', '3D 4D']")
        try:
            top_card = parse_card(top)
            hand_lists = [parse_cards(h) for h in hands]
            pile = parse_cards(draw_pile)
            under = parse_cards(discards)
        except CardError as exc:
            raise PositionError(f"the position's cards cannot be read: {exc}") from None
        players = len(hand_lists)
        if not 2 <= players <= 6:
            raise PositionError(f"{players} hands were given: Satti is for 2 to 6 players "
                                "(SAT-SETUP-1)")
        to_move = check_seat("to_move", to_move, players, PositionError)
        dealer = check_seat("dealer", dealer, players, PositionError)
        seed = check_seed(seed, PositionError)
        seen = 0
        for group in [[top_card], *hand_lists, pile, under]:
            for card in group:
                if seen & card.mask:
                    raise PositionError(f"{card} appears twice in the position: each card of "
                                        "the pack is in exactly one place (SAT-SETUP-1)")
                seen |= card.mask
        if seen != FULL_MASK:
            missing = CardSet(FULL_MASK & ~seen)
            raise PositionError(f"the position holds {seen.bit_count()} cards, not 52: "
                                f"{missing} {'is' if len(missing) == 1 else 'are'} missing "
                                "(SAT-SETUP-1)")
        for seat, group in enumerate(hand_lists):
            if not group:
                raise PositionError(f"seat {seat} holds no cards, but the round ends as soon "
                                    "as a player plays their last card (SAT-END-1)")
        suit_letter = None
        if suit is not None:
            if not isinstance(suit, str):
                raise PositionError(f"suit={quoted(suit)}: expected C, D, H, S or None")
            try:
                suit_letter = parse_suit(suit, suit)
            except MoveError:
                raise PositionError(f"suit={quoted(suit)} is not a suit: expected C, D, H, S or None")
            if top_card.rank != JACK_RANK + 1:
                raise PositionError(f"a suit ({suit_letter}) can only be named with a jack on "
                                    f"top, and the top card is {top_card} (SAT-FIT-1, "
                                    "SAT-JACK-1)")
        given_penalty, penalty = penalty, plain_int(penalty)  # type: ignore[assignment]
        if penalty is None or not 0 <= penalty <= 8 or penalty % 2:
            raise PositionError(f"penalty={quoted(given_penalty)}: expected 0 or an even number "
                                "2, 4, 6, 8 (SAT-SEVEN-1, SAT-SEVEN-3)")
        if not isinstance(skipped, bool):
            raise PositionError(f"skipped={quoted(skipped)}: expected True or False")
        if penalty and skipped:
            raise PositionError("a turn cannot be both skipped and penalised (SAT-TURN-1)")
        if penalty:
            if top_card.rank != SEVEN_RANK + 1:
                raise PositionError(f"a penalty of {penalty} needs a 7 on top, and the top "
                                    f"card is {top_card} (SAT-SEVEN-1)")
            played = ((1 << top_card.index) | card_mask(under)) & SEVENS
            if penalty // 2 > played.bit_count():
                raise PositionError(f"a penalty of {penalty} needs {penalty // 2} sevens played, "
                                    f"but only {played.bit_count()} lie on the discard pile "
                                    "(SAT-SEVEN-3)")
            if not self.seven_stacking and penalty != 2:
                raise PositionError(f"a penalty of {penalty} cannot build up with "
                                    "seven_stacking off: it is always 2 (SAT-SEVEN-5)")
        if skipped and top_card.rank != EIGHT_RANK + 1:
            raise PositionError(f"a skipped player needs an 8 on top, and the top card is "
                                f"{top_card} (SAT-EIGHT-2)")
        suit_index = SUITS.index(suit_letter) if suit_letter else top_card.index & 3
        t = Table(players, [card_mask(h) for h in hand_lists], [c.index for c in pile],
                  card_mask(under), top_card.index, suit_index, suit_letter is not None,
                  penalty, skipped, False, to_move, seed)
        args = {
            "top": top_card.text, "suit": suit_letter, "penalty": penalty, "skipped": skipped,
            "hands": [" ".join(c.text for c in h) for h in hand_lists],
            "draw_pile": " ".join(c.text for c in pile),
            "discards": " ".join(c.text for c in under),
            "to_move": to_move, "dealer": dealer, "seed": seed,
        }
        return SattiState._make(self, t, {"kind": "position", "args": args}, None, None)

    # -- description ----------------------------------------------------------------------------
    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clauses)."""
        stack = self.seven_stacking
        after = self.play_after_draw
        rows = [
            Row("players", "players", "2-6", "Two to six people can play; any other count is "
                "refused.", ("SAT-SETUP-1",)),
            Row("deck", "deck", "52 cards", "One pack of 52 cards without jokers.",
                ("SAT-SETUP-1",)),
            Row("deal", "cards dealt", str(self.hand_size), f"Everyone gets {self.hand_size} "
                "cards, dealt one at a time clockwise from the dealer's left.",
                ("SAT-SETUP-2", "SAT-SETUP-3")),
            Row("deal", "draw pile", "face down", "The undealt cards form the draw pile and "
                "its top card is turned to start the discards.", ("SAT-SETUP-4",)),
            Row("deal", "opening card", "never a 7", "A turned 7 goes back into the draw pile "
                "at a random place until the turned card is not a 7; a turned J or 8 has no "
                "effect.", ("SAT-SETUP-5", "SAT-SETUP-6")),
            Row("who opens", "first player", "left of the dealer", "The player to the "
                "dealer's left starts and play goes to the left.", ("SAT-SETUP-7",)),
            Row("what may be played", "fitting card", "same suit or rank", "A card fits if it "
                "has the current suit or the top card's rank; a jack always fits.",
                ("SAT-FIT-1", "SAT-FIT-2", "SAT-FIT-3", "SAT-FIT-4")),
            Row("what may be played", "must play", "yes", "A player holding a fitting card "
                "must play one and may not draw.", ("SAT-TURN-2",)),
            Row("passing and drawing", "draw", "1 card", "A player with no fitting card "
                "draws one card.", ("SAT-TURN-3",)),
            Row("passing and drawing", "play after draw", "on" if after else "off",
                "A drawn card that fits is played at once." if after else
                "The turn ends after the draw, even if the drawn card fits.",
                ("SAT-TURN-4", "SAT-TURN-5")),
            Row("passing and drawing", "empty draw pile", "reshuffle", "The discards under "
                "the top card are shuffled into a new draw pile; if there are none the round "
                "stops.", ("SAT-PILE-1", "SAT-PILE-2", "SAT-PILE-3")),
            Row("special cards", "7", "draw 2" + (", stackable" if stack else ""),
                "The next player draws 2" + (" unless they answer with a 7, which passes the "
                "penalty on raised by 2." if stack else "; they may not answer with a 7."),
                ("SAT-SEVEN-1", "SAT-SEVEN-2", "SAT-SEVEN-3", "SAT-SEVEN-5", "SAT-SEVEN-6")),
            Row("special cards", "J", "wild, names a suit", "A jack fits anything and its "
                "player names the suit to follow.", ("SAT-FIT-3", "SAT-JACK-1", "SAT-JACK-2")),
            Row("special cards", "8", "skip", "The next player is skipped; trying to play "
                "instead costs a penalty card.", ("SAT-EIGHT-1", "SAT-EIGHT-2", "SAT-EIGHT-3")),
            Row("round end", "round end", "first out", "The round ends when a player plays "
                "their last card; a last 7, 8 or J has no effect.",
                ("SAT-END-1", "SAT-END-2", "SAT-END-3")),
            Row("scoring", "places", "by cards held", "The others are ranked by the cards "
                "they hold, fewer being better, equal counts sharing a place.",
                ("SAT-END-4", "SAT-END-5")),
            Row("match", "next dealer", "to the left", "Each round is scored on its own; the "
                "next round's dealer is the player to the left.", ("SAT-SETUP-3",)),
        ]
        return rows + self.option_rows()

    # -- the fast path ------------------------------------------------------------------------
    def playout(self, players: int = 4, seed: int | str = 0, dealer: int = 0, bots: Any = None,
                record: bool = False, max_moves: int = MOVE_CAP) -> Playout:
        """Play one round with computer players on compact values, without building states.

        Gives exactly the moves and outcome of ``autoplay(rules.new_deal(players, seed,
        dealer), bots, seed)``.  Rows: ``seat, bot, place, won, points`` (cards held),
        ``passes`` (draw actions), ``turns`` (moves in the round), ``penalty_cards`` (cards
        drawn for 7s), ``cards_drawn``, ``stopped``.
        """
        from .bots import playout_loop

        players, seed, dealer = self.check_deal(players, seed, dealer)
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise RulesError(f"max_moves={quoted(max_moves)}: expected a whole number, 1 or more")
        return playout_loop(self, players, seed, dealer, bots, record, max_moves)

    def playout_batch(self, players: int, seeds: Sequence[int], dealers: Sequence[int] | int = 0,
                      bots: Any = None) -> list[list[dict[str, Any]]]:
        """Many rounds on the fast path: one list of rows per seed (at most
        :data:`~rulebook.simulation.MAX_BATCH` seeds; ``rulebook.simulate`` plays more)."""
        from ...simulation import check_batch_size
        from .bots import playout_loop

        check_batch_size(seeds, dealers)  # before any list is built
        seeds, dealers = self.check_batch(players, seeds, dealers)
        players = self.check_players(players)
        return [playout_loop(self, players, s, d, bots, False, MOVE_CAP).rows
                for s, d in zip(seeds, dealers)]
