"""What every game's explanations share: one move's sentences built with the facts they all
state, the lead of a legal move in the player's or the table's voice, and an option named
by its label; and the frame of every game's how-to-play and rule sheet.  Nothing here decides
a rule: each game phrases its own legality.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .protocol import Explanation, Facts, Voice

if TYPE_CHECKING:  # the document code is imported only when a how-to-play is written
    from .sheets.document import HowToPlay, Para, Section

__all__ = ["Reasons", "legal_lead", "option_label", "written_how_to_play", "sheet_of"]


class Reasons:
    """The explanations of one move: ``Reasons("7H", Facts, seat=2)(legal, reason, clauses,
    kind="playable")`` is the :class:`~rulebook.protocol.Explanation` of ``7H`` whose facts
    (a game's :class:`~rulebook.protocol.Facts`) are the given ones over the shared
    ``seat=2``."""

    __slots__ = ("move", "facts", "base")

    def __init__(self, move: str, facts: type[Facts], **base: Any) -> None:
        self.move = move
        self.facts = facts
        self.base = base

    def __call__(self, legal: bool, reason: str, clauses: Iterable[str],
                 **facts: Any) -> Explanation:
        """The explanation: legal or not, its sentence, its clause ids (the deciding one
        first) and its facts (these over the shared ones)."""
        return Explanation(self.move, legal, reason, tuple(clauses),
                           self.facts(**{**self.base, **facts}))


def legal_lead(v: Voice, doing: str, move: str) -> str:
    """How a legal move's reason starts: ``Seat 2 may play 7♦`` in the table's voice (``doing``
    is ``play 7♦``), ``7♦ is legal`` in the player's (``move`` is ``7♦``, capitalised)."""
    return f"{v.You} may {doing}" if v.named else f"{move[:1].upper()}{move[1:]} is legal"


def option_label(rules: Any, name: str) -> str:
    """An option as a sentence names it: its label in the profile."""
    return str(rules.profile.options[name].label)


def written_how_to_play(rules: Any, intro: str, *parts: Callable[[Any], Section],
                        house_notes: Sequence[Para] = (), locked: bool = False) -> HowToPlay:
    """A game's how-to-play, ``How to play <title>``: ``intro``, then the sections ``parts``
    write from ``rules``, with the house rules and settings before the last (the example);
    ``house_notes`` are the game's own words about its house rules, said after them, and
    ``locked`` says no house rule can be switched on in this game."""
    from .sheets.common import house_rules_section
    from .sheets.document import HowToPlay

    *body, example = (part(rules) for part in parts)
    return HowToPlay(rules, f"How to play {rules.title}", intro,
                     (*body, house_rules_section(rules, notes=house_notes, locked=locked),
                      example))


def sheet_of(play: HowToPlay, order: Sequence[str] | None = None) -> tuple[Section, ...]:
    """A rule sheet's sections: the how-to-play's (by key in ``order``, when given), then the
    settings at a glance."""
    from .sheets.common import glance_section

    shown = play.sections if order is None else tuple(play.section(k) for k in order)
    return shown + (glance_section(play.rules),)
