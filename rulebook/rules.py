"""Rules as data: TOML profiles loaded into frozen, validated rules objects, and the registry
of rulesets.

Each installed ruleset is one TOML file under ``rulebook/profiles/``; :func:`register_game`
adds one from anywhere (a TOML path or a :class:`Profile`), so a game written outside this
package is loaded the same way.  A profile names the engine class that plays it (``engine =
"package.module:Class"``), its fixed settings and its options (house rules).
:func:`load_rules` reads the profile, checks every option given against the profile's option
table and returns the engine's frozen rules object.  Nothing here knows a game: the profile
names it, and the rules object answers for it (see :class:`RulesBase`).

An option table entry looks like this::

    [options.lead_low]
    type = "bool"            # bool | int | str | int_list
    default = false
    choices = [true, false]  # optional; for int also min / max
    label = "Lead low"       # the option's name in words, as every screen shows it
    meaning = "A player leads their lowest card."
    clauses = ["XX-HR-1"]
    house_rule = true        # counts as a house rule (ranked games refuse it)

An option with ``choices`` may also give ``choice_labels``: the words for each choice, in
the same order (for example ``"1 point per card"`` for ``"one_per_card"``).

Every rules object describes itself as rows (:class:`Row`): topic, setting, value, a
plain-language meaning and the clause ids, which is what the side-by-side comparison is
built from.
"""
from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from .cards import Card, CardSet
from .errors import CardError, MoveError, RulesError, check_seat, check_seed, plain_int, \
    plain_str, quoted
from .profile import (
    OPTION_INT_LIMIT, OPTION_LIST_LIMIT, OPTION_TEXT_LIMIT, PROFILE_DIR, OptionSpec, Profile,
    read_profile,
)

if TYPE_CHECKING:
    from .html import TableView
    from .protocol import DiagramSpec, GameState, Move
    from .sheets.document import HowToPlay, Section
    from .turnflow import TurnFlow

__all__ = [
    "TOPICS", "Row", "OptionSpec", "Profile", "RulesBase", "load_rules", "profile_ids",
    "load_profile", "read_profile", "register_game", "default_profile", "example_ruleset",
    "unregister_game", "engine_class", "parse_option", "parse_ruleset", "OPTION_INT_LIMIT",
    "OPTION_LIST_LIMIT", "OPTION_TEXT_LIMIT", "FrozenOptions", "parse_options",
]


TOPICS: tuple[str, ...] = (
    "players", "deck", "deal", "who opens", "what may be played", "passing and drawing",
    "special cards", "round end", "scoring", "match", "house rules",
)
"""The topics a rules object's description rows are grouped under, in display order."""


class Row(NamedTuple):
    """One line of a ruleset's self-description."""

    topic: str
    """One of :data:`TOPICS`."""
    setting: str
    """What the line is about, e.g. ``"opening card"``."""
    value: str
    """The value in this ruleset, as short text, e.g. ``"7♥"``."""
    meaning: str
    """One plain-language sentence a learner understands."""
    clauses: tuple[str, ...]
    """The clause ids the line rests on."""


_REGISTERED: dict[str, tuple[Profile, type["RulesBase"] | None]] = {}
"""Rulesets added with :func:`register_game`, by profile id, with their engine class when it
was given as a class."""


def profile_ids() -> list[str]:
    """The ids of every ruleset: the installed profiles and those registered, sorted."""
    return sorted({p.stem for p in PROFILE_DIR.glob("*.toml")} | set(_REGISTERED))


def default_profile() -> str:
    """The ruleset a screen starts with when it is given none: the first installed profile
    by id."""
    return sorted(p.stem for p in PROFILE_DIR.glob("*.toml"))[0]


def example_ruleset() -> str:
    """A ruleset written as text, as messages and help show it: the default profile and its
    first on/off house rule (``profile+option``)."""
    pid = default_profile()
    options = load_profile(pid).options
    name = next((o.name for o in options.values() if o.type == "bool" and o.house_rule), None)
    return pid if name is None else f"{pid}+{name}"


def example_option() -> str:
    """An option written as text, as messages and help show it (``name=true``)."""
    name = example_ruleset().partition("+")[2]
    return f"{name or 'name'}=true"


def load_profile(profile_id: str) -> Profile:
    """Read and check one profile.  Unknown ids raise :class:`RulesError`."""
    if not isinstance(profile_id, str):
        raise RulesError(f"a ruleset is named by its id as text, not {quoted(profile_id)}: "
                         f"expected one of {', '.join(profile_ids())}")
    registered = _REGISTERED.get(profile_id)
    if registered is not None:
        return registered[0]
    if profile_id not in profile_ids():
        raise RulesError(f"unknown ruleset {quoted(profile_id)}: expected one of "
                         f"{', '.join(profile_ids())}")
    return _read_installed(str(profile_id))


@cache
def _read_installed(profile_id: str) -> Profile:
    """Read one installed TOML profile (once: profiles are cached)."""
    return read_profile(PROFILE_DIR / f"{profile_id}.toml")


def register_game(profile: "Profile | str | Path",
                  engine: type["RulesBase"] | None = None) -> Profile:
    """Make a ruleset loadable by its id, as an installed one is: ``profile`` is a
    :class:`Profile` or the path of its TOML file; ``engine`` the rules class that plays it
    (by default the class the profile's ``engine`` names, ``"package.module:Class"``).

    The game's package registers its computer players, batch and measures when it is
    imported, as the installed games do.  An id already taken raises RulesError.
    """
    if not isinstance(profile, Profile):
        profile = read_profile(profile)
    if profile.id in profile_ids():
        raise RulesError(f"a ruleset {quoted(profile.id)} exists already: give the new one another id")
    if engine is not None and not (isinstance(engine, type) and issubclass(engine, RulesBase)):
        raise RulesError(f"engine={quoted(engine)}: expected a rules class (a RulesBase)")
    _REGISTERED[profile.id] = (profile, engine)
    if engine is None:
        engine_class(profile.id)  # the class named must exist: fail now, not at load_rules
    return profile


def unregister_game(profile_id: str) -> None:
    """Remove a ruleset added with :func:`register_game` (installed ones stay)."""
    if _REGISTERED.pop(profile_id, None) is None:
        raise RulesError(f"{quoted(profile_id)} was not added with register_game")


def engine_class(profile_id: str) -> type["RulesBase"]:
    """The rules class that plays a ruleset (importing its game's package)."""
    registered = _REGISTERED.get(profile_id)
    if registered is not None and registered[1] is not None:
        return registered[1]
    profile = load_profile(profile_id)
    module_name, _, class_name = profile.engine.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError):
        raise RulesError(f"the ruleset {quoted(profile.id)} names the engine {quoted(profile.engine)}, "
                         "which cannot be imported") from None
    if not (isinstance(cls, type) and issubclass(cls, RulesBase)):
        raise RulesError(f"the engine {quoted(profile.engine)} of {quoted(profile.id)} is not a rules class")
    return cls


def resolve_options(profile: Profile, given: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``given`` against the profile's option table and fill in the defaults."""
    if not isinstance(profile, Profile):
        raise RulesError(f"{quoted(profile)} is not a profile: expected load_profile(...)")
    if not isinstance(given, Mapping):
        raise RulesError(f"options must be given as names and values (a dict), not "
                         f"{quoted(given)}")
    names = {}
    for key in given:
        text = plain_str(key)  # a name is plain text: a subclass's own __eq__ is never asked
        if text is None:
            raise RulesError(f"an option is named by text, not {quoted(key)}: valid options "
                             f"are {', '.join(profile.options) or 'none'}")
        names[text] = given[key]
    given = names
    name = next((n for n in given if n not in profile.options), None)
    if name is not None:
        valid = ", ".join(profile.options) or "none"
        if not isinstance(name, str):
            raise RulesError(f"an option is named by text, not {quoted(name)}: valid options "
                             f"are {valid}")
        # A house rule of a sibling ruleset (same game) gets a sentence of its own (BS-HR-4).
        for other_id in profile_ids():
            other = load_profile(other_id)
            spec = other.options.get(name)
            if other_id != profile.id and other.game == profile.game and spec is not None \
                    and spec.house_rule:
                rule_names = [n for n, o in profile.options.items() if o.house_rule]
                has = (f"its house rules are {', '.join(rule_names)}" if rule_names
                       else "it has no house rules")
                raise RulesError(f"{quoted(name)} is a house rule of {quoted(other_id)}, not of "
                                 f"{quoted(profile.id)}: {has}; valid options are {valid}")
        raise RulesError(f"unknown option {quoted(name)} for {quoted(profile.id)}: valid options "
                         f"are {valid}")
    return {name: spec.check(given[name], profile.id) if name in given else _default(spec)
            for name, spec in profile.options.items()}


def _default(spec: OptionSpec) -> Any:
    """An option's default as the rules object holds it (a list option as a tuple)."""
    return tuple(spec.default) if spec.type == "int_list" and spec.default is not None \
        else spec.default


@dataclasses.dataclass(frozen=True)
class RulesBase:
    """What every game's rules object shares.

    A rules object is a frozen value: the profile it came from and the options in force.
    Game engines subclass it, add derived fields in ``__post_init__`` (with
    ``object.__setattr__``) and implement ``new_deal``, ``position``, ``parse_move`` and
    ``describe``.
    """

    profile: Profile
    options: Mapping[str, Any]

    game: ClassVar[str] = ""

    def __post_init__(self) -> None:
        # Every option is checked and turned into its built-in type however the object was
        # made (load_rules, or the class called directly), then frozen: the rules object is
        # a true value, shared safely by every state dealt from it.
        if not isinstance(self.profile, Profile):
            raise RulesError(f"profile={quoted(self.profile)}: expected load_profile(...)")
        object.__setattr__(self, "options",
                           FrozenOptions(resolve_options(self.profile, self.options)))

    @property
    def profile_id(self) -> str:
        """The profile id, the TOML file's name without ``.toml``."""
        return self.profile.id

    @property
    def title(self) -> str:
        """The ruleset's human name."""
        return self.profile.title

    def option(self, name: str) -> Any:
        """The value of one option."""
        try:
            return self.options[name]
        except (KeyError, TypeError):  # TypeError: an unhashable name such as a list
            raise RulesError(
                f"{quoted(self.profile.id)} has no option {quoted(name)}: valid options are "
                f"{', '.join(self.profile.options) or 'none'}"
            ) from None

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the profile's defaults."""
        return {name: self.options[name] for name, spec in self.profile.options.items()
                if self.options[name] != _default(spec)}

    def with_options(self, /, **changes: Any) -> "RulesBase":
        """The same ruleset with some options changed (validated like :func:`load_rules`)."""
        return load_rules(self.profile.id, **{**self.changed_options(), **changes})

    def to_json(self) -> dict[str, Any]:
        """The profile id and the changed options, as plain JSON values."""
        return {
            "profile": self.profile.id,
            "options": {k: list(v) if isinstance(v, tuple) else v
                        for k, v in self.changed_options().items()},
        }

    def describe(self) -> list[Row]:
        """The ruleset as rows (topic, setting, value, meaning, clauses)."""
        raise NotImplementedError

    # -- what every game's rules class implements ------------------------------------------
    def new_deal(self, players: int = 4, seed: Any = 7, dealer: int = 0) -> "GameState[Any]":
        """A fresh deal: ``players`` seats, the pack shuffled from ``seed``."""
        raise NotImplementedError

    def position(self, *args: Any, **kwargs: Any) -> "GameState[Any]":
        """Any legal position set up by hand (each game names its arguments)."""
        raise NotImplementedError

    def parse_move(self, text: Any) -> "Move":
        """The game's move object for its notation; bad text raises MoveError.  By default
        the ``parse_move`` of the game's ``moves`` room."""
        return cast("Move", self._room("moves").parse_move(text))

    @property
    def players_range(self) -> range:
        """The numbers of players this ruleset is played by (e.g. ``range(3, 7)``)."""
        raise NotImplementedError

    def playout(self, players: int = 4, seed: Any = 0, dealer: int = 0, bots: Any = None,
                record: bool = False) -> Any:
        """One whole deal with computer players on the fast path: ``.rows`` (one dict per
        seat with at least ``seat, bot, place, won, points, passes, turns``) and
        ``.moves`` (the move texts when ``record``)."""
        raise NotImplementedError

    def turn_flow(self) -> "TurnFlow":
        """One turn and the round's end as plain data (see :mod:`rulebook.turnflow`), built
        from this ruleset's values, so switching an option changes it.  By default the
        ``turn_flow`` of the game's ``flow`` room."""
        return cast("TurnFlow", self._room("flow").turn_flow(self))

    def how_to_play(self) -> "HowToPlay":
        """How to play this ruleset in plain words: the goal, the set-up, your turn, the end
        and the score, the house rules in force and a worked example (no clause ids).

        Written from this rules object, so a house rule switched on changes it; shows itself
        as HTML in Jupyter and as plain text with ``str()``.  See :mod:`rulebook.sheets`.
        By default the ``how_to_play`` of the game's ``words`` room.
        """
        return cast("HowToPlay", self._room("words").how_to_play(self))

    def sheet_sections(self) -> "tuple[Section, ...]":
        """The sections of this ruleset's printable rule sheet (see :meth:`rule_sheet`).  By
        default the ``sheet_sections`` of the game's ``words`` room."""
        return cast("tuple[Section, ...]", self._room("words").sheet_sections(self))

    def sheet_picture(self) -> Any:
        """The small picture of cards on this ruleset's rule sheet (a
        :class:`rulebook.sheets.document.Picture`), drawn by the ``sheet_picture`` of the
        game's ``picture`` room; ``None`` for a game that has no picture."""
        key = (type(self), "picture")
        if key not in _ROOMS:
            _ROOMS[key] = _game_room(type(self), "picture")
        room = _ROOMS[key]
        return None if room is None else room.sheet_picture(self)

    def view_json(self, view: Any, *, own: bool = False) -> dict[str, Any]:
        """The table of ``view`` as JSON for the class table's pages, written by the
        ``table_json`` of the game's ``wire`` room (with ``own``, the fields only the view's
        own seat is sent, from its ``seat_json``, too); a game without that room sends its
        hand sizes only."""
        if own is not True and own is not False:
            raise RulesError(f"own is True or False, not {quoted(own)}")
        room = self._wire_room(view)
        if room is None:
            return {"game": "other", "hand_sizes": [int(n) for n in
                                                    getattr(view, "hand_sizes", ())]}
        out: dict[str, Any] = room.table_json(view)
        if own:
            out.update(room.seat_json(view))
        return out

    def seat_json(self, view: Any) -> dict[str, Any]:
        """Only the fields of :meth:`view_json` that the view's own seat is sent (what
        ``view_json(view, own=True)`` adds to the public table), for a server that makes the
        public table once and sends it to every page."""
        room = self._wire_room(view)
        return {} if room is None else dict(room.seat_json(view))

    def _wire_room(self, view: Any) -> Any:
        key = (type(self), "wire")
        if key not in _ROOMS:
            _ROOMS[key] = _game_room(type(self), "wire")
        room = _ROOMS[key]
        if (not isinstance(view, room.VIEW_TYPE) if room is not None
                else not (hasattr(view, "seat") and hasattr(view, "legal_moves"))):
            raise RulesError(f"view_json takes a seat's view (state.view(seat)) of "
                             f"{self.title}, not {quoted(view)}")
        return room

    def _room(self, name: str) -> Any:
        """The module ``name`` of the game's own package (``rulebook/games/<game>/``: every
        game has the same rooms), imported when first asked for; NotImplementedError when
        the game has no such room (see :func:`_game_room`)."""
        key = (type(self), name)
        if key not in _ROOMS:
            _ROOMS[key] = _game_room(type(self), name)
        room = _ROOMS[key]
        if room is None:
            raise NotImplementedError(f"the game {self.game!r} has no {name} room")
        return room

    # -- what a screen asks; a game overrides what it has ----------------------------------
    def card_move(self, card: Card, state: "GameState[Any]") -> "Move":
        """The move a click on ``card`` asks for in ``state`` (legal or not: the state's
        ``explain`` says why).  By default the card's own notation, ``7H``."""
        return self.parse_move(one_card(card).text)

    def choice_label(self, move: "Move") -> str:
        """The words of a chooser button, when one card makes several moves (a jack naming
        each suit): by default ``move.pretty()``.  ``move`` may be the move's notation."""
        return self.move_of(move).pretty()

    def move_of(self, move: Any) -> "Move":
        """``move`` as this game's move object: its notation is parsed, a move object is
        checked by its notation; anything else raises MoveError."""
        if isinstance(move, str) and len(move) <= 100:  # no move's notation is longer
            return self.parse_move(move)
        if not isinstance(move, str) and callable(getattr(move, "pretty", None)):
            parsed = self.parse_move(str(move))
            if str(parsed) == str(move):
                return move  # type: ignore[no-any-return]
        raise MoveError(f"{quoted(move)} is not a move of {self.title}")

    def actions(self) -> "tuple[Move, ...]":
        """The game's moves that use no card (``pass``, ``draw``, ``fold`` ...): what its
        action buttons play.  Each has a notation (``str``) and words (``pretty()``)."""
        return ()

    def pick_move(self, cards: CardSet) -> "Move | None":
        """The one move made of several cards picked from the hand (``cards``, perhaps none),
        or ``None`` when the game uses its cards one at a time (the default)."""
        return None

    @property
    def table_view(self) -> "TableView":
        """How this game's table is drawn (see :class:`rulebook.html.TableView`): the
        ``VIEW`` of the game's ``render`` room, else the plain view."""
        try:
            return cast("TableView", self._room("render").VIEW)
        except NotImplementedError:
            from .html import TableView

            return TableView()

    position_diagram: ClassVar["DiagramSpec | None"] = None
    """The diagram this game draws of a position (``state.position_diagram()``), if any."""

    def match_length(self) -> int | None:
        """Deals in a match of this ruleset, or ``None`` when it plays no matches."""
        return None

    def deal_after(self, previous: "GameState[Any]", players: int, seed: Any,
                   dealer: int) -> "GameState[Any]":
        """The next deal of a match after ``previous``: a fresh deal, unless the game carries
        something over from deal to deal (chips)."""
        self.check_finished(previous)
        return self.new_deal(players=players, seed=seed, dealer=dealer)

    def match_totals(self, outcomes: Sequence[Any], players: int) -> tuple[int, ...]:
        """Each seat's total after the given deals of a match (RulesError for a game that
        plays no matches)."""
        raise RulesError(f"{self.title} plays single deals, not matches of several deals")

    def match_result(self, outcomes: Sequence[Any], players: int) -> Any:
        """The standing after the given deals of a match (a ``MatchResult``; RulesError for a
        game that plays no matches)."""
        raise RulesError(f"{self.title} plays single deals, not matches of several deals")

    def check_outcomes(self, outcomes: Any, players: Any) -> list[Any]:
        """``outcomes`` as a list if they are outcomes of deals of ``players`` seats (what
        finished states give as ``state.outcome``), else RulesError."""
        players = self.check_players(players)
        if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, (list, tuple)):
            raise RulesError(f"outcomes={quoted(outcomes)}: expected a list of the outcomes "
                             f"of finished deals (state.outcome)")
        for outcome in outcomes:
            points = getattr(outcome, "points", None)
            if not isinstance(points, tuple) or len(points) != players \
                    or not all(isinstance(p, int) for p in points):
                raise RulesError(f"{quoted(outcome)} is not the outcome of a finished deal of "
                                 f"{players} players (state.outcome)")
        return list(outcomes)

    def check_deal(self, players: Any, seed: Any, dealer: Any) -> tuple[int, int | str, int]:
        """``(players, seed, dealer)`` as plain ``int`` / ``str`` values if they can start a
        deal (the checks of ``new_deal``, without dealing), else RulesError.  A deal is
        dealt and recorded from the values returned, never from what was given (an ``int``
        subclass printing another number is read as the number it holds)."""
        players = self.check_players(players)
        return (players, check_seed(seed, RulesError),
                check_seat("dealer", dealer, players, RulesError))

    def check_batch(self, players: Any, seeds: Any, dealers: Any) -> tuple[list[Any], list[int]]:
        """The seeds and dealers of a batch of deals as lists, each checked as
        :meth:`check_deal` checks one deal (RulesError otherwise)."""
        self.check_players(players)
        given = seeds
        seeds = _plain_list(given)
        if seeds is None:
            raise RulesError(f"seeds={quoted(given)}: expected a list of seeds")
        if plain_int(dealers) is not None:
            dealers = [dealers] * len(seeds)
        if isinstance(dealers, (list, tuple, range)) and len(dealers) != len(seeds):
            raise RulesError(f"{len(dealers):,} dealers were given for {len(seeds):,} seeds")
        given_dealers, dealers = dealers, _plain_list(dealers)
        if dealers is None:
            raise RulesError(f"dealers={quoted(given_dealers)}: expected a seat or a list of "
                             "seats")
        if len(dealers) != len(seeds):
            raise RulesError(f"{len(dealers)} dealers were given for {len(seeds)} seeds")
        checked = [self.check_deal(players, seed, dealer) for seed, dealer in zip(seeds, dealers)]
        return [seed for _, seed, _ in checked], [dealer for _, _, dealer in checked]

    def check_finished(self, state: Any) -> "GameState[Any]":
        """``state`` if it is a finished deal of this game, else RulesError."""
        rules = getattr(state, "rules", None)
        if getattr(rules, "game", None) != self.game or not hasattr(state, "is_over"):
            raise RulesError(f"{quoted(state)} is not a deal of {self.title}: expected a "
                             f"finished state of this game")
        if not state.is_over:
            raise RulesError("the deal is not over yet: finish it before dealing the next one")
        return cast("GameState[Any]", state)

    def check_players(self, players: Any) -> int:
        """``players`` if this ruleset is played by that many, else RulesError."""
        allowed = self.players_range
        number = plain_int(players)
        if number is None or number not in allowed:
            raise RulesError(f"{quoted(self.profile.id)} is played by {allowed.start} to "
                             f"{allowed.stop - 1} players, not {quoted(players)}")
        return number

    # -- shared ---------------------------------------------------------------------------------
    def option_rows(self) -> list[Row]:
        """One ``house rules`` row per option, from the profile's option table."""
        rows = []
        for name, spec in self.profile.options.items():
            value = self.options[name]
            if spec.type == "bool":
                text = "on" if value else "off"
            elif isinstance(value, tuple):
                text = ", ".join(map(str, value)) or "—"
            else:
                text = str(value)
            rows.append(Row("house rules", name, text, spec.meaning, spec.clauses))
        return rows

    def turn_diagram(self) -> Any:
        """One turn and the round's end as a ``graphviz.Digraph``, generated from these rules.

        Each node and edge carries the clause id it comes from.  See :mod:`rulebook.turnflow`;
        graphviz is imported only when this is called.
        """
        from .turnflow import turn_diagram

        return turn_diagram(self)

    def rule_sheet(self) -> Any:
        """A printable rule sheet (two A4 pages, one when it fits): ``.html()``, ``.pdf()`` and ``.save(path)`` (HTML,
        PDF or text by the file's suffix), shown as HTML in Jupyter.  See :mod:`rulebook.sheets`.
        """
        from .sheets import rule_sheet

        return rule_sheet(self)

    def rules_table(self) -> Any:
        """:meth:`describe` as a table a learner reads: plain words first, clause ids small and
        last (HTML in Jupyter, no pandas needed)."""
        from .sheets import rules_table

        return rules_table(self)

    def caption(self) -> str:
        """The ruleset in words: its title and the options changed from the profile's
        defaults by their labels, e.g. ``<title> with <option label>``."""
        specs = self.profile.options
        parts = [specs[name].label if value is True
                 else f"{specs[name].label}: {specs[name].choice_label(value)}"
                 for name, value in self.changed_options().items()]
        return f"{self.title} with {', '.join(parts)}" if parts else self.title

    def label(self) -> str:
        """A short label: the profile id plus changed options, e.g. ``<profile> +<option>``."""
        changed = [f"+{name}" if value is True else f"{name}={value}"
                   for name, value in self.changed_options().items()]
        return " ".join([self.profile.id, *changed])

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.changed_options().items())
        return f"load_rules({self.profile.id!r}{', ' if changed else ''}{changed})"


def one_card(card: Any) -> Card:
    """``card`` as a :class:`Card` (a Card or its text); anything else raises CardError."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card(card)
    raise CardError(f"a card is given as a card or its text such as 7H, not {quoted(card)}")


def card_set(cards: Any) -> CardSet:
    """``cards`` as a :class:`CardSet` (a CardSet, text or a list of cards); anything else
    raises CardError."""
    if isinstance(cards, CardSet):
        return cards
    if isinstance(cards, (str, list, tuple)):
        return CardSet.parse(cards)
    raise CardError(f"cards are given as a card set or text such as '7H 8H', not "
                    f"{quoted(cards)}")


def _plain_list(items: Any) -> list[Any] | None:
    """``items`` as a plain list when it is a list, a tuple or a range (read through the
    base type: a subclass's own ``__iter__`` is never called), else None."""
    if isinstance(items, list):
        return list.copy(items)
    if isinstance(items, tuple):
        return list(tuple.__getitem__(items, slice(None)))
    if isinstance(items, range):
        return list(items)
    return None


class FrozenOptions(Mapping[str, Any]):
    """The options of a rules object: a read-only mapping of names to plain values (an
    exact ``bool``, ``int``, ``str`` or tuple), hashable, equal to any mapping with the same
    items.  There is no way to change it: ``rules.with_options(...)`` makes another ruleset."""

    __slots__ = ("_items", "_hash")

    _items: "MappingProxyType[str, Any]"
    _hash: int

    def __init__(self, items: Mapping[str, Any]) -> None:
        proxy = MappingProxyType(dict(items))
        object.__setattr__(self, "_items", proxy)
        object.__setattr__(self, "_hash", hash(tuple(sorted(proxy.items()))))

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("rules options are immutable; use rules.with_options(...)")

    def __getitem__(self, name: str) -> Any:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._items))

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (FrozenOptions, (dict(self._items),))


_ROOMS: dict[tuple[type, str], ModuleType | None] = {}
"""The rooms found so far, by rules class and room name: a move played asks for ``moves``."""


def _game_room(cls: type, name: str) -> ModuleType | None:
    """The module ``name`` beside the first class in ``cls``'s lineage (below RulesBase) whose
    package has one, so a subclass written elsewhere (in a notebook, say) keeps its game's
    rooms; None when there is none."""
    for base in cls.__mro__[:cls.__mro__.index(RulesBase)]:
        package = base.__module__.rpartition(".")[0]
        room = f"{package}.{name}"
        try:
            if package:
                return importlib.import_module(room)
        except ModuleNotFoundError as exc:
            if exc.name != room:
                raise  # the room exists, but something it imports is missing
    return None

def load_rules(profile_id: str, /, **options: Any) -> RulesBase:
    """Load a ruleset by profile id, with options (house rules) as keywords.

    >>> load_rules("badam-satti", sevens_first=True).option("sevens_first")
    True

    An unknown profile, an unknown option or a value out of range raises
    :class:`~rulebook.errors.RulesError` naming the valid choices.  The profile id is
    positional only, so any keyword is an option: ``profile_id="x"`` is an unknown option.
    """
    profile = load_profile(profile_id)
    return engine_class(profile.id)(profile=profile, options=resolve_options(profile, options))


def parse_option(text: str) -> tuple[str, Any]:
    """Read one option written as text, ``name=value``, into a Python value.

    ``true``/``on``/``yes`` and ``false``/``off``/``no`` are booleans, whole numbers are ints,
    comma-separated numbers are lists; anything else stays text (and the option's own check
    then says what it expects).  Only ASCII words and digits are read as booleans and numbers:
    a fullwidth ``７`` or a Kelvin sign stays text.
    """
    if not isinstance(text, str):
        raise RulesError(f"an option is written as text, name=value, not {quoted(text)}")
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name:
        raise RulesError(f"option {quoted(text)}: expected name=value, for example "
                         f"{example_option()}")
    low = raw.lower() if raw.isascii() else raw  # str.lower folds the Kelvin sign into "k"
    if low in ("true", "on", "yes"):
        return name, True
    if low in ("false", "off", "no"):
        return name, False
    if "," in raw and len(raw) <= 10_000 and all(
            _WHOLE.fullmatch(x.strip(" \t")) for x in raw.split(",")):
        return name, [int(x) for x in raw.split(",")]
    return name, int(raw) if _WHOLE.fullmatch(raw) else raw


# ASCII digits only (int() also reads "７" and "1_000"), and at most 1,000 of them: a longer
# number (or a list text over 10,000 characters) stays text, so the option's check quotes it
# cut short instead of int() failing or a huge list being built.
_WHOLE = re.compile(r"[+-]?[0-9]{1,1000}")


def parse_options(texts: Sequence[str], where: str = "") -> dict[str, Any]:
    """Read several options written as text (each ``name=value``, see :func:`parse_option`)
    into a dict; an option given twice is refused (RulesError) rather than one of its values
    silently kept, as :func:`parse_ruleset` refuses it.  ``where`` names where they were
    written, for the message (``" with --set"``)."""
    if isinstance(texts, (str, bytes)) or not isinstance(texts, (list, tuple)):
        raise RulesError(f"options are written as a list of name=value texts, not "
                         f"{quoted(texts)}")
    options: dict[str, Any] = {}
    for text in texts:
        name, value = parse_option(text)
        if name in options:
            raise RulesError(f"option {quoted(name)} is given twice{where}: give each option "
                             "once")
        options[name] = value
    return options


def parse_ruleset(spec: str) -> RulesBase:
    """Load a ruleset written as ``profile+option+name=value`` (a bare option means true).

    This is the form :meth:`RulesBase.label` prints without spaces, e.g.
    ``profile+option`` or ``profile+option=3``.  An option given twice is
    refused rather than one of its values silently kept.
    """
    if not isinstance(spec, str):
        raise RulesError(f"a ruleset is written as text such as '{example_ruleset()}', "
                         f"not {quoted(spec)}")
    pid, *parts = spec.split("+")
    options = parse_options([part if "=" in part else f"{part}=true"
                             for part in parts if part.strip()], f" in {quoted(spec)}")
    return load_rules(pid.strip(), **options)
