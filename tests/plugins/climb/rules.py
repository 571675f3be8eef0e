"""Climb's rules object: the profile's options as fields, a deal, a position, the move
notation, and what screens ask (the player range, the action, the table, the turn flow)."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple

from rulebook.cards import ALL_CARDS, CardSet, parse_card
from rulebook.errors import PositionError, RulesError
from rulebook.fastrandom import derived_random
from rulebook.html import TableView, card_html
from rulebook.protocol import GameState, autoplay
from rulebook.rules import Row, RulesBase
from rulebook.turnflow import FlowBuilder, TurnFlow, flow_title

from .moves import PASS, Move, parse_move
from .state import ClimbState

__all__ = ["ClimbRules", "Playout"]


class Playout(NamedTuple):
    """One deal played by computer players: one row per seat, and the moves when recorded."""

    rows: list[dict[str, Any]]
    moves: list[str] | None


class ClimbTable(TableView):
    """Climb's table: the top card of the pile, and each seat's number of cards."""

    def table_html(self, state: Any, compact: bool = False) -> str:
        top = ("the pile is empty: the next card is a lead" if state.top is None
               else f"top card {card_html(state.top)}")
        return f'<div class="rb-note rb-climb">{top}</div>'

    def seat_headers(self, state: Any) -> list[str]:
        return ["cards"]

    def seat_cells(self, state: Any, seat: int) -> list[str]:
        return [str(len(state.hands[seat]))]

    def outcome_columns(self, state: Any, outcome: Any) -> list[tuple[str, Sequence[Any]]]:
        return [("cards left", [len(h) for h in state.hands])]


TABLE = ClimbTable()


@dataclasses.dataclass(frozen=True)
class ClimbRules(RulesBase):
    """The rules of Climb: ``hand_size`` cards each, aces low unless ``aces_high``."""

    game = "climb"

    hand_size: int = dataclasses.field(init=False, default=5)
    aces_high: bool = dataclasses.field(init=False, default=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "hand_size", int(self.options["hand_size"]))
        object.__setattr__(self, "aces_high", bool(self.options["aces_high"]))

    # -- setting up ----------------------------------------------------------------------
    @property
    def players_range(self) -> range:
        """Two to five players (CLIMB-DEAL-1)."""
        return range(2, 6)

    def new_deal(self, players: int = 4, seed: Any = 7, dealer: int = 0) -> ClimbState:
        """Deal ``hand_size`` cards to each seat from a pack shuffled from ``seed``
        (CLIMB-DEAL-1); the seat left of the dealer leads (CLIMB-TURN-1)."""
        players = self.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"dealer={dealer!r}: expected a seat from 0 to {players - 1}")
        pack = list(ALL_CARDS)
        derived_random(seed, "shuffle").shuffle(pack)
        hands = [CardSet() for _ in range(players)]
        for k in range(self.hand_size * players):
            seat = (dealer + 1 + k) % players
            hands[seat] = hands[seat] | CardSet(pack[k].mask)
        origin = {"kind": "deal", "players": players, "seed": seed, "dealer": dealer}
        return ClimbState(self, tuple(hands), None, 0, (dealer + 1) % players, (), origin,
                          None, None, None, (0,) * players)

    def position(self, hands: Sequence[str] = (), top: str | None = None, to_move: int = 0,
                 passes: int = 0) -> ClimbState:
        """A position set up by hand: each seat's cards, the top card (``None``: an empty
        pile), the seat to move and the passes made since the top card was played."""
        parsed = [CardSet.parse(h) for h in hands]
        players = len(parsed)
        if players not in self.players_range:
            raise PositionError(f"{players} hands were given: Climb is for 2 to 5 players")
        top_card = None if top is None else parse_card(top)
        seen = CardSet()
        for h in parsed + ([CardSet(top_card.mask)] if top_card is not None else []):
            if seen & h:
                raise PositionError(f"a card is given twice: {(seen & h).pretty()}")
            seen = seen | h
        if not 0 <= to_move < players or not 0 <= passes < players - 1 + (top is None):
            raise PositionError(f"to_move={to_move!r}, passes={passes!r}: out of range")
        origin = {"kind": "position", "args": {"hands": [str(h) for h in parsed], "top": top,
                                               "to_move": to_move, "passes": passes}}
        return ClimbState(self, tuple(parsed), top_card, passes, to_move, (), origin, None,
                          None, None, (0,) * players)

    def parse_move(self, text: Any) -> Move:
        """``7H`` plays a card; ``pass`` passes."""
        return parse_move(text)

    # -- what a screen asks ----------------------------------------------------------------
    def actions(self) -> tuple[Move, ...]:
        """The one move that uses no card: pass (CLIMB-PLAY-3)."""
        return (PASS,)

    @property
    def table_view(self) -> TableView:
        """The top card and the seats' card counts."""
        return TABLE

    def turn_flow(self) -> TurnFlow:
        """One turn and the deal's end, from this ruleset's values."""
        b = FlowBuilder()
        b.node("deal", f"deal {self.hand_size} cards to each player", ("CLIMB-DEAL-1",),
               "start", "start")
        b.node("turn", "next player, to the left", ("CLIMB-TURN-1",), "start")
        b.node("empty", "is the pile empty?", ("CLIMB-PLAY-1",), "question")
        b.node("lead", "lead any card", ("CLIMB-PLAY-1",))
        order = "aces above kings" if self.aces_high else "aces below twos"
        b.node("climb", f"play a higher card ({order}), or pass",
               ("CLIMB-PLAY-2", "CLIMB-PLAY-3") + (("CLIMB-HR-1",) if self.aces_high else ()),
               "question")
        b.node("clear", "everybody else passed:\nclear the pile; the last to play leads",
               ("CLIMB-CLEAR-1",))
        b.node("out", "was that the last card?", ("CLIMB-END-1",), "question")
        b.node("end", "the deal ends: that player wins;\nthe others place by cards left",
               ("CLIMB-END-1",), "end", "end")
        b.edge("deal", "turn", "", ("CLIMB-TURN-1",))
        b.edge("turn", "empty", "", ("CLIMB-PLAY-1",))
        b.edge("empty", "lead", "yes", ("CLIMB-PLAY-1",), "dashed")
        b.edge("empty", "climb", "no", ("CLIMB-PLAY-2",), "dashed")
        b.edge("climb", "clear", "the last pass", ("CLIMB-CLEAR-1",))
        b.edge("climb", "turn", "pass", ("CLIMB-PLAY-3",))
        b.edge("climb", "out", "played", ("CLIMB-PLAY-2",))
        b.edge("lead", "out", "", ("CLIMB-PLAY-1",))
        b.edge("clear", "turn", "", ("CLIMB-CLEAR-1",))
        b.edge("out", "end", "yes", ("CLIMB-END-1",))
        b.edge("out", "turn", "no", ("CLIMB-TURN-1",))
        return b.build(flow_title(self))

    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clauses)."""
        order = "A high (above K)" if self.aces_high else "A low (below 2)"
        return [
            Row("players", "players", "2–5", "Two to five people play.", ("CLIMB-DEAL-1",)),
            Row("deck", "deck", "52 cards", "One standard pack.", ("CLIMB-DEAL-1",)),
            Row("deal", "cards each", str(self.hand_size),
                f"Everybody is dealt {self.hand_size} cards.", ("CLIMB-DEAL-1",)),
            Row("who opens", "first lead", "left of the dealer",
                "The player left of the dealer leads first.", ("CLIMB-TURN-1",)),
            Row("what may be played", "card order", order,
                "A card must be higher than the top card of the pile.",
                ("CLIMB-PLAY-2",) + (("CLIMB-HR-1",) if self.aces_high else ())),
            Row("passing and drawing", "passing", "while a card is on the pile",
                "You may pass unless the pile is empty; when everybody else passes, the pile "
                "is cleared and the last player to play leads.",
                ("CLIMB-PLAY-3", "CLIMB-CLEAR-1")),
            Row("round end", "end", "first out",
                "The first player to play every card wins; the others place by cards left.",
                ("CLIMB-END-1",)),
        ] + self.option_rows()

    # -- fast path -------------------------------------------------------------------------
    def playout(self, players: int = 4, seed: Any = 0, dealer: int = 0, bots: Any = None,
                record: bool = False) -> Playout:
        """One whole deal with computer players (through the states: Climb needs no fast
        loop)."""
        from rulebook.protocol import bot_list

        names = [b if isinstance(b, str) else b.name for b in bot_list(bots, players)]
        end: GameState[Any] = autoplay(self.new_deal(players, seed, dealer), bots, seed=seed)
        assert isinstance(end, ClimbState) and end.outcome is not None
        places = end.outcome.places
        rows = [{"seat": s, "bot": names[s], "place": places[s],
                 "won": s in end.outcome.winners, "points": len(end.hands[s]),
                 "passes": end.passes_made[s], "turns": len(end.history)}
                for s in range(players)]
        return Playout(rows, [str(m) for m in end.history] if record else None)
