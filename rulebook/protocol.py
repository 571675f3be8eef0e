"""The protocol every game implements, so every widget, bot, record and experiment works for
every game without knowing which game it is.

A rules object (:class:`~rulebook.rules.RulesBase`) creates states:
``rules.new_deal(players=4, seed=7, dealer=0)`` and ``rules.position(...)``.  A state is
an immutable snapshot (:class:`GameState`): ``to_move``, ``legal_moves()``, ``play(move)``
(returns the next state), ``explain(move)`` (returns an :class:`Explanation`), ``is_over``,
``outcome``, ``view(seat)``, ``history``, ``hands``.  Every move (:class:`Move`) has a
notation (``str(move)``, e.g. ``JS>D``, for typing and records), a learner's form in card
symbols (``move.pretty()``, e.g. ``J♠ naming ♦``), which is what a screen shows, and the
cards it uses (``move.cards``: the card played, the cards discarded; none for an action).
Randomness is explicit: every random event draws from
:func:`~rulebook.fastrandom.derived_random` keyed by the deal's seed and the event's place in
the deal, so a deal replays exactly from (rules, seed, moves) (BS-DEAL-3, SAT-SETUP-5,
BDG-DRAW-6).

What a screen needs to know about a game, it asks the game: the rules object says what a
click on a card means (``rules.card_move``), which non-card actions the game has
(``rules.actions()``), whether several cards are picked for one move (``rules.pick_move``),
its player range (``rules.players_range``), how its table is drawn (``rules.table_view``,
see :mod:`rulebook.html`), its turn flow (``rules.turn_flow()``), its how-to-play words and
any diagram of a position (:class:`DiagramSpec`, ``state.position_diagram()``); a state says
which cards everybody can work out (``state.public_cards()``).

Explanations (:class:`Explanation`) are true and complete: ``explain(move)`` starts from the
same computation as ``legal_moves()`` and only phrases the reason, so the two never disagree.
Each one carries, beside its sentence and clause ids (the deciding clause first, a house
rule's clause when a house rule decided), the :class:`Facts` its sentence states, as values a
program can check against the position.  A reason shown to the player to move may say "you";
a log of moves names the seat: every state keeps a public :meth:`GameState.move_log` of
:class:`LogEntry` rows, in the third person and card symbols, which terminal logs, lockstep
comparisons and steppers show.  The log is built once per move: each state adds the entries
of its own move to its predecessor's log.

Computer players implement :class:`Bot`: they receive only ``state.view(seat)`` and a
seeded :class:`~rulebook.fastrandom.TurnRandom`, never the state itself.
"""
from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Iterable, Sequence
from typing import (TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeVar,
                    runtime_checkable)

from .cards import CardSet
from .errors import IllegalMove, MoveError, RulesError, check_seed, plain_int, plain_str, quoted
from .fastrandom import MASK64, TurnRandom, derived_random, derived_seed, splitmix64

if TYPE_CHECKING:
    from .rules import RulesBase

__all__ = [
    # moves, explanations and the public log
    "Move", "ActionMove", "Explanation", "Facts", "LogEntry", "Voice", "VOICES",
    # states and what they hand out
    "GameState", "TableState", "View", "Outcome", "PublicCards", "DiagramSpec", "Playout",
    "places_from_scores", "json_copy", "check_turn", "seat_at_table",
    # computer players and their chances
    "Bot", "BOTS", "RandomBot", "register_bot", "make_bot", "bot_list", "bots_for", "autoplay",
    "derived_random", "derived_seed", "splitmix64", "MASK64", "TurnRandom",
]


@runtime_checkable
class Move(Protocol):
    """What every game's move offers: its notation (``str(move)``), its learner's form and the
    cards it uses."""

    def pretty(self) -> str:
        """The move as a learner reads it, cards in symbols (``J♠ naming ♦``)."""
        ...

    @property
    def cards(self) -> CardSet:
        """The cards the move uses: the card played, the cards discarded (empty for an
        action such as a pass)."""
        ...


NO_CARDS = CardSet()
"""The empty card set (the default of every card fact)."""


class ActionMove:
    """Base of a move that uses no card, such as a pass or a call: it reads the same in
    notation and on screen (its :attr:`word`, unless the subclass writes ``__str__``)."""

    __slots__ = ()
    word = ""
    """The move's notation (``pass``, ``draw``)."""

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def pretty(self) -> str:
        """The move as a learner reads it: its notation (``pass``, ``call``)."""
        return str(self)

    @property
    def cards(self) -> CardSet:
        """An action uses no card."""
        return NO_CARDS


@dataclasses.dataclass(frozen=True, kw_only=True)
class Facts:
    """The claims behind an explanation's sentence, as values a program can check.

    Every game extends it with the facts its sentences state (the cards a reason names, the
    amounts a betting reason names, the cards a draw promises...).
    Each field is a claim about the position the explanation was asked in: a test can
    recompute it from the table and the hands and compare.
    """

    kind: str = ""
    """What decided, as a short name, e.g. ``"not_your_turn"``, ``"forced_pass"``,
    ``"row_end"``; the same kind always gives the same shape of sentence."""
    seat: int | None = None
    """The seat the reason speaks about: the player to move (``None`` once the deal is over)."""
    rule: str | None = None
    """The house-rule switch that decided (an option's name), when one did; its clause
    is then the first of the explanation's clauses."""
    playable: CardSet = NO_CARDS
    """Cards the sentence names as legal to play now."""
    not_playable: CardSet = NO_CARDS
    """Cards the sentence names as not legal now."""
    private: bool = False
    """Whether the sentence rests on cards the other seats cannot see (the mover's hand), so a
    view of one other seat must not show it."""


@dataclasses.dataclass(frozen=True)
class Explanation:
    """Why a move is or is not legal: one sentence, the clause ids it rests on, and its facts.

    Truthy exactly when the move is legal.  ``clauses[0]`` is the clause that decided (a house
    rule's clause when a house rule decided; see :attr:`deciding_clause`), the others are the
    clauses the rest of the sentence rests on.  ``facts`` holds every claim of the sentence
    as values (see :class:`Facts`).
    """

    move: str
    """The move asked about, in its notation (``JS>D``); :attr:`reason` writes cards in symbols."""
    legal: bool
    """Whether the rules allow it now."""
    reason: str
    """One sentence a learner understands, cards in symbols (``10♠``, ``J♠ naming ♦``)."""
    clauses: tuple[str, ...]
    """The clause ids the reason rests on, the deciding clause first, e.g. ``("BS-HR-5",
    "BS-MOVE-3")``."""
    facts: Facts = Facts()
    """The claims the sentence states (see :class:`Facts` and each game's subclass)."""

    def __bool__(self) -> bool:
        return self.legal

    @property
    def deciding_clause(self) -> str:
        """The clause that decided: the first of :attr:`clauses`."""
        return self.clauses[0]

    def __str__(self) -> str:
        return f"{self.reason} [{', '.join(self.clauses)}]"

    def _repr_html_(self) -> str:
        import html

        mark = "✔ legal" if self.legal else "✘ not legal"
        colour = "#1e7e34" if self.legal else "#b02a37"
        return (
            f'<div class="rulebook-explanation"><b style="color:{colour}">{mark}:</b> '
            f"{html.escape(self.reason)} <small>({html.escape(', '.join(self.clauses))})</small></div>"
        )


class LogEntry(NamedTuple):
    """One line of a deal's public move log (:meth:`GameState.move_log`), in the third person.

    One entry per move of the history, plus the engine's own events (a seat put out of the
    deal, a card played at once after a draw), which have ``move == ""``.
    """

    seat: int | None
    """The seat that moved (or that the engine event concerns); ``None`` for a table event."""
    move: str
    """The move's notation as recorded (``7H``, ``pass``, ``draw 9H KD``); ``""`` for an
    engine event."""
    text: str
    """What everybody saw, third person, cards in symbols: ``Seat 3 plays 7♥.``"""
    reason: str
    """Why, third person: ``Seat 3 must pass: they hold none of the playable cards (...).``"""
    clauses: tuple[str, ...]
    """The clause ids of the reason, the deciding clause first."""
    private: bool
    """Whether the reason rests on cards the other seats cannot see: a view of one other
    seat must not show it (``text`` is always public)."""

    def __str__(self) -> str:
        reason = f" {self.reason} [{', '.join(self.clauses)}]" if self.reason else ""
        return self.text + reason


VOICES = ("player", "table")
"""How an explanation may speak: to the player to move (``"you"``) or to the table (naming
the seat, third person)."""


class Voice:
    """Who a sentence speaks to: the player to move ("you hold") or the table ("seat 3 holds").

    ``Voice(None)`` is the player's voice; ``Voice(3)`` names seat 3.

    >>> v = Voice(3)
    >>> f"{v.You} {v.verb('hold', 'holds')} no 7, so {v.you} {v.verb('are', 'is')} stuck"
    'Seat 3 holds no 7, so seat 3 is stuck'
    >>> Voice(None).your
    'your'
    """

    __slots__ = ("seat",)

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat

    @classmethod
    def of(cls, voice: str, seat: int | None) -> "Voice":
        """The voice named ``voice`` (one of :data:`VOICES`) for the player in ``seat``."""
        text = plain_str(voice)  # plain text: a value claiming to equal anything is refused
        if text not in VOICES:
            raise RulesError(f"voice={quoted(voice)}: expected one of {', '.join(map(repr, VOICES))}")
        return cls(None if text == "player" else seat)

    @property
    def named(self) -> bool:
        """Whether the seat is named (the table's voice)."""
        return self.seat is not None

    @property
    def you(self) -> str:
        """The subject: ``you`` or ``seat 3``."""
        return "you" if self.seat is None else f"seat {self.seat}"

    @property
    def You(self) -> str:  # noqa: N802 - reads as the capitalised word
        """The subject at the start of a sentence: ``You`` or ``Seat 3``."""
        return "You" if self.seat is None else f"Seat {self.seat}"

    @property
    def your(self) -> str:
        """The possessive once the subject is named: ``your`` or ``their``."""
        return "your" if self.seat is None else "their"

    @property
    def they(self) -> str:
        """The pronoun once the subject is named: ``you`` or ``they``."""
        return "you" if self.seat is None else "they"

    def verb(self, you_form: str, seat_form: str) -> str:
        """``you_form`` in the player's voice, ``seat_form`` in the table's."""
        return you_form if self.seat is None else seat_form


def places_from_scores(values: Sequence[float], lower_is_better: bool = True) -> tuple[int, ...]:
    """Places 1.. by value; equal values share the better place, then p + k follows.

    >>> places_from_scores([0, 20, 20, 27])
    (1, 2, 2, 4)
    """
    order = sorted(values) if lower_is_better else sorted(values, reverse=True)
    return tuple(order.index(v) + 1 for v in values)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished deal came out.  Games extend it with their own fields."""

    places: tuple[int, ...]
    """Each seat's finishing place (1 = first); equal places are shared."""
    winners: tuple[int, ...]
    """The seats credited with winning (may be empty, e.g. BS-HR-12)."""
    summary: str
    """One sentence describing the result."""


class PublicCards(NamedTuple):
    """Cards everybody at the table can work out from what they saw (a state's
    :meth:`~GameState.public_cards`): the cards playable next, the cards a seat is proven not
    to hold."""

    label: str
    """What the cards are, in words (``Playable set``)."""
    cards: CardSet
    """The cards."""
    seat: int | None = None
    """The seat the line is about (``None``: the table)."""
    clauses: tuple[str, ...] = ()
    """The clause ids the line rests on."""


class Playout(NamedTuple):
    """One deal played on the fast path (``rules.playout``): a row per seat, and the moves."""

    rows: list[dict[str, Any]]
    moves: list[str] | None


class DiagramSpec(NamedTuple):
    """A diagram a game draws of a position (``state.position_diagram()``), as a screen
    offers it."""

    label: str
    """The words of the switch that shows it (``what waits on what``)."""
    title: str
    """The caption over the diagram."""
    tooltip: str
    """What it shows, in one sentence."""
    all_hands: bool = True
    """Whether it shows every hand, so it is offered only with all hands face up."""


@runtime_checkable
class View(Protocol):
    """What one seat may know.  Every game's view has at least these members."""

    seat: int
    to_move: int | None

    def legal_moves(self) -> Sequence[Move]:
        """The legal moves of the seat, when it is to move (else empty)."""
        ...


MoveT = TypeVar("MoveT", bound=Move, covariant=True)


class GameState(Generic[MoveT]):
    """Base of every game's immutable state, generic in the game's move type.

    Subclasses implement the abstract parts.  Shared behaviour: ``play`` accepts a move
    object or its text and raises :class:`~rulebook.errors.IllegalMove` with the
    explanation's sentence when the move is not legal; ``states`` replays the deal; the move
    log is kept incrementally (see :meth:`move_log`).  A subclass has the slots ``_origin``
    (how the deal started, as JSON), ``_history`` (the moves so far), ``_start`` (the state
    the deal started from; ``None`` in that state itself), ``_previous`` (the state before
    the last move, ``None`` at the start) and ``_log`` (the move log once computed), and
    implements :meth:`_entries_of_last_move`.  Each slot is set once, as the state is made;
    after that the state cannot be changed.
    """

    __slots__: tuple[str, ...] = ()

    rules: "RulesBase"
    _origin: dict[str, Any]
    _history: tuple[MoveT, ...]
    _start: "Self | None"
    _previous: "Self | None"
    _log: "tuple[LogEntry, ...] | None"

    def __setattr__(self, name: str, value: object) -> None:
        # a game may fill a slot once as it makes a state (``self._t = t``), never again
        slot = getattr(type(self), name, None)
        if not isinstance(slot, types.MemberDescriptorType) or hasattr(self, name):
            raise AttributeError("states are immutable: play a move to get a new state")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError("states are immutable: play a move to get a new state")

    @classmethod
    def _new(cls, **slots: Any) -> Self:
        """A state with these slots (its move log is computed when first asked for)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_log", None)
        for name, value in slots.items():
            object.__setattr__(self, name, value)
        return self

    def _next(self, **changes: Any) -> Self:
        """The state one move on from this one: the same slots (the class's own) but
        ``changes``."""
        new = object.__new__(type(self))
        for name in type(self).__slots__:
            object.__setattr__(new, name, getattr(self, name))
        changes.update(_start=self.start(), _previous=self, _log=None)
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        return new

    # -- abstract -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats at the table."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the deal is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        """The result once the deal is over, else ``None``."""
        raise NotImplementedError

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's cards (the full state shows every hand; a view only its own)."""
        raise NotImplementedError

    def legal_moves(self) -> list[MoveT]:
        """The legal moves of the player to move, in a deterministic order."""
        raise NotImplementedError

    def explain(self, move: Any, voice: str = "player") -> Explanation:
        """Whether ``move`` (object or text) is legal now, why, the clause ids and the facts.

        ``voice="player"`` speaks to the player to move ("you"); ``voice="table"`` names the
        seat in the third person, for logs and comparisons.
        """
        raise NotImplementedError

    def view(self, seat: int) -> Any:
        """Only what ``seat`` may know."""
        raise NotImplementedError

    def _apply(self, move: Any) -> Self:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def _entries_of_last_move(self) -> tuple[LogEntry, ...]:
        """The log entries of the move that led to this state from :attr:`_previous` (or, at
        the start, the engine's events before the first move)."""
        raise NotImplementedError

    # -- kept by every state ------------------------------------------------------------------
    @property
    def origin(self) -> dict[str, Any]:
        """How this deal started, as JSON: a seeded deal or a position (see records); a copy."""
        origin: dict[str, Any] = json_copy(self._origin)
        return origin

    @property
    def history(self) -> tuple[MoveT, ...]:
        """The moves played so far, oldest first."""
        return self._history

    def start(self) -> Self:
        """The state this deal started from (a fresh deal or a position set up by hand)."""
        return self if self._start is None else self._start

    # -- what a screen may ask; a game without it keeps the default -------------------------
    @property
    def stacks(self) -> tuple[int, ...] | None:
        """Each seat's chips where the game is played for chips, else ``None``."""
        return None

    def public_cards(self) -> tuple[PublicCards, ...]:
        """The cards everybody can work out from the table and the public log (none by
        default)."""
        return ()

    def position_diagram(self) -> Any:
        """The game's diagram of this position (see ``rules.position_diagram``), as a
        ``graphviz.Digraph``."""
        raise RulesError(f"{self.rules.title} draws no diagram of a position")

    # -- shared -----------------------------------------------------------------------------
    def parse_move(self, move: Any) -> Any:
        """Turn text into this game's move object (the game's own move objects pass through;
        anything else raises MoveError)."""
        return self.rules.parse_move(move)

    def play(self, move: Any) -> Self:
        """The state after ``move``.  An illegal move raises IllegalMove; self is unchanged."""
        parsed = self.parse_move(move)
        if parsed not in self.legal_moves():
            explanation = self.explain(parsed)
            raise IllegalMove(explanation.reason, explanation)
        return self._apply(parsed)

    def check_seat(self, seat: Any) -> int:
        """``seat`` as a plain ``int`` if it is a seat at this table (a whole number from 0,
        not a bool), else RulesError."""
        return seat_at_table(seat, self.players)

    def play_all(self, moves: Iterable[Any]) -> Self:
        """Play several moves in turn (a list or tuple of moves or their texts) and return the
        last state."""
        if not isinstance(moves, (list, tuple)):
            raise MoveError(f"moves={quoted(moves)}: expected a list of moves, such as "
                            f"['7H', 'pass']")
        state = self
        for move in moves:
            state = state.play(move)
        return state

    def states(self) -> list[Self]:
        """Every state from the start of the deal to this one (replayed through the engine)."""
        out = [self.start()]
        for move in self.history:
            out.append(out[-1].play(move))
        return out

    def move_log(self) -> tuple[LogEntry, ...]:
        """The public log of the deal so far: one :class:`LogEntry` per move of
        :attr:`history`, plus the engine's events, oldest first, in the third person.

        Computed once per move: a state adds the entries of its own move to the log of the
        state before it, so asking a new state for its log costs one move's explanation.
        """
        chain: list[GameState[MoveT]] = []
        state: GameState[MoveT] | None = self
        while state is not None and state._log is None:
            chain.append(state)
            state = state._previous
        log: tuple[LogEntry, ...] = () if state is None else state._log or ()
        for step in reversed(chain):
            log = log + step._entries_of_last_move()
            object.__setattr__(step, "_log", log)
        return log

    def _repr_html_(self) -> str:
        """The table and hands drawn as HTML, so a bare ``state`` in a cell draws itself."""
        from .html import state_html

        return state_html(self)

    def to_record(self) -> dict[str, Any]:
        """This deal as a JSON-able record (see :mod:`rulebook.records`)."""
        from .recording import deal_record

        return deal_record(self)


class TableState(GameState[MoveT]):
    """A state kept as one compact table, ``_t``, which each move copies and the game's fast
    loops share: the game's ``Table``, with ``n`` seats and ``hands`` (card masks)."""

    __slots__ = ()

    _t: Any

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return int(self._t.n)

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Every seat's cards (face up, for teaching: a computer player gets only its view)."""
        return tuple(CardSet(h) for h in self._t.hands)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (face up, for teaching)."""
        return CardSet(self._t.hands[self.check_seat(seat)])


class Bot(Protocol):
    """A computer player: picks a move from a view, never from the state."""

    name: str

    def choose(self, view: Any, rng: TurnRandom) -> Any:
        """Return one of ``view.legal_moves()``."""
        ...


def check_turn(view: Any, rng: Any, view_type: type | None = None) -> None:
    """What a computer player is handed, checked before it thinks: a view of its own game
    (``view_type``; any view with ``legal_moves`` when None) taken on that seat's turn, and
    the engine's :class:`TurnRandom`.  Anything else raises RulesError."""
    if (view_type is not None and not isinstance(view, view_type)) or (
            view_type is None and not callable(getattr(view, "legal_moves", None))):
        raise RulesError(f"view={quoted(view)}: expected what state.view(seat) returns in "
                         f"this game")
    if not isinstance(rng, TurnRandom):
        raise RulesError(f"rng={quoted(rng)}: expected the engine's TurnRandom")
    seat, to_move = getattr(view, "seat", None), getattr(view, "to_move", None)
    if to_move is None or seat != to_move:
        raise RulesError(f"it is not seat {seat}'s turn in this view: a computer player "
                         f"chooses only on its own turn")


class RandomBot:
    """The ``random`` computer player of every game: uniform over the legal moves.

    One draw of the turn's :class:`TurnRandom`, ``legal[rng.below(len(legal))]``, so each
    game's fast loop can mirror it exactly.  Each game registers it under its own name.
    """

    name = "random"

    def choose(self, view: Any, rng: TurnRandom) -> Any:
        """One of ``view.legal_moves()``, chosen by one draw of ``rng``."""
        check_turn(view, rng)
        legal = view.legal_moves()
        return legal[rng.below(len(legal))]


BOTS: dict[tuple[str, str], Callable[[], Bot]] = {}
"""Registered computer players, keyed by (game, name)."""


def register_bot(game: str, name: str) -> Callable[[Callable[[], Bot]], Callable[[], Bot]]:
    """Class decorator: make a bot available as ``make_bot(game, name)``."""

    def deco(factory: Callable[[], Bot]) -> Callable[[], Bot]:
        BOTS[(game, name)] = factory
        return factory

    return deco


def make_bot(game: str, name: str) -> Bot:
    """A fresh computer player by game and name (e.g. ``(rules.game, "smart")``)."""
    from .rules import engine_class, profile_ids

    try:
        if (game, name) not in BOTS:  # loading a game's engine registers its computer players
            for pid in profile_ids():
                engine_class(pid)
        return BOTS[(game, name)]()
    except (KeyError, TypeError):  # TypeError: an unhashable name, such as a list
        names = sorted(n for g, n in BOTS if g == game)
        if not names:
            raise RulesError(f"no game {quoted(game)} has computer players: expected one of "
                             f"{', '.join(sorted({g for g, _ in BOTS}))}") from None
        raise RulesError(
            f"no computer player {quoted(name)} for {game}: expected one of {', '.join(names)}"
        ) from None


def seat_at_table(seat: Any, players: int) -> int:
    """``seat`` as a plain ``int`` if it is a seat of a table of ``players`` (a whole number
    from 0 to ``players - 1``, not a bool), else RulesError: the seat check of every state,
    view and explanation that takes a seat."""
    number = plain_int(seat)
    if number is None or not 0 <= number < players:
        raise RulesError(f"seat {quoted(seat)} is not at this table: expected 0 to "
                         f"{players - 1}")
    return number


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (dicts and lists copied, scalars shared): what a state
    hands out (its origin) cannot change the state."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(item) for item in value]
    return value


def bot_list(bots: Sequence[Any] | str | None, players: int) -> list[Any]:
    """One entry per seat from a bot argument: ``None`` (every seat ``random``), one name or
    bot for all, or a list per seat; a list of the wrong length raises RulesError."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        return [bots] * players
    out = list(bots)
    if len(out) != players:
        raise RulesError(f"{len(out)} computer players were given for {players} seats")
    return out


def bots_for(rules: "RulesBase", bots: Sequence[str | Bot] | str | None, players: int) -> list[Bot]:
    """Computer players for every seat: a name for all, a list per seat, or ``None`` (random)."""
    chosen = []
    for bot in bot_list(bots, players):
        if isinstance(bot, str):
            chosen.append(make_bot(rules.game, bot))
        elif callable(getattr(bot, "choose", None)):
            chosen.append(bot)
        else:
            raise RulesError(f"{quoted(bot)} is not a computer player: expected a name such as "
                             f"'smart' or an object with a choose(view, rng) method")
    return chosen


def autoplay(state: GameState[Any], bots: Sequence[str | Bot] | str | None = None,
             seed: int | str = 0, max_moves: int = 100_000) -> GameState[Any]:
    """Let computer players finish a deal; each sees only its own view.

    Every bot draws its chances from one :class:`TurnRandom` keyed by ``seed``; before each
    choice it is set to the move number (``len(state.history)``), so a driven deal is
    exactly reproducible and the fast playout loops can mirror it move for move.
    """
    seed = check_seed(seed, RulesError)  # a plain value: the bots draw from what is given
    limit = plain_int(max_moves)
    if limit is None or limit < 1:
        raise RulesError(f"max_moves={quoted(max_moves)}: expected a whole number, 1 or more")
    chosen = bots_for(state.rules, bots, state.players)
    rng = TurnRandom(seed)
    for _ in range(limit):
        seat = state.to_move
        if seat is None:
            return state
        rng.start_turn(len(state.history))
        move = chosen[seat].choose(state.view(seat), rng)
        state = state.play(move)
    raise RuntimeError(f"the deal did not end within {max_moves} moves")
