"""Climb's computer players: ``random`` (any legal move) and ``smart`` (the lowest card that
may be played; a pass only when no card may)."""
from __future__ import annotations

from typing import Any

from rulebook.fastrandom import TurnRandom
from rulebook.protocol import RandomBot, register_bot

from .moves import Play
from .state import rank_of

register_bot("climb", "random")(RandomBot)


@register_bot("climb", "smart")
class SmartBot:
    """Plays its lowest playable card; passes only when it must."""

    name = "smart"

    def choose(self, view: Any, rng: TurnRandom) -> Any:
        """The lowest card ``view`` may play, else pass."""
        legal = view.legal_moves()
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            return legal[0]
        return min(plays, key=lambda m: (rank_of(m.card, False), m.card.index))
